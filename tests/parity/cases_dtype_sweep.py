"""Parity cases from a sweep of torch's functions and Tensor methods over integer, bool and half inputs: what
torch computes, promotes or refuses (class and message) for each dtype."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401
