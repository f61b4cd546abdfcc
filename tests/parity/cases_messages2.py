"""Parity cases for messages and odd arguments students meet: torch's exception class and message, or torch's result."""

from parity.cases import attempts, case  # noqa: F401
