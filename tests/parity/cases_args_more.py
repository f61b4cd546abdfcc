"""Parity cases for torch's argument errors on everyday methods: too many positional arguments,
wrong keyword types, float indices, torch.normal's checks."""

from parity.cases import attempts, case  # noqa: F401
