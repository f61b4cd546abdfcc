"""Parity cases for everyday."""

from parity.cases import case  # noqa: F401
