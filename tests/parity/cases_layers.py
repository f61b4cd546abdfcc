"""Parity cases for layers."""

from parity.cases import case  # noqa: F401
