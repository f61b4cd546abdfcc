"""Parity cases for losses."""

from parity.cases import case  # noqa: F401
