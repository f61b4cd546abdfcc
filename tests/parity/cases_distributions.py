"""Parity cases for distributions."""

from parity.cases import case  # noqa: F401
