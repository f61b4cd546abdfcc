"""Parity cases for torch's argument errors on tensor methods, creation functions and aliases (a second round).
"""

from parity.cases import attempts, case  # noqa: F401
