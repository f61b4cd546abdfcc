"""Parity cases for tensorfns."""

from parity.cases import case  # noqa: F401
