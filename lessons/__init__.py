"""Helpers for the lesson notebooks: ``check`` gives feedback on the "your turn" exercises."""

from .check import check

__all__ = ["check"]
