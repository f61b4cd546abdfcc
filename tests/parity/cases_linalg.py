"""Parity cases for linalg."""

from parity.cases import case  # noqa: F401
