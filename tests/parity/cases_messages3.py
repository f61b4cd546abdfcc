"""Parity cases of wrong arguments a student types (round 3): strings, lists, None and floats where torch wants numbers,
tensors, dtypes or modules, in the calls of the lessons and of everyday training code: torch's exception class and
message."""

from parity.cases import attempts, case  # noqa: F401
