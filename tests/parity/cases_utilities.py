"""Parity cases for utilities."""

from parity.cases import case  # noqa: F401
