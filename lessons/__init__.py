"""Helpers for the lesson notebooks: ``check`` gives feedback on the "your turn" exercises, and an answer
still set to ``TODO`` counts as not answered yet."""

from . import notebook
from .answers import TODO
from .check import check

__all__ = ["TODO", "check"]

notebook.install()
