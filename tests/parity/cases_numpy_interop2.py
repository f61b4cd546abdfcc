"""Parity cases of numpy and Python scalars meeting tensors (round 2): numpy scalars and 0-d arrays as operands,
indices, sizes and arguments; complex-part accessors on real tensors; a Python number as the base of a power."""

from parity.cases import attempts, case  # noqa: F401
