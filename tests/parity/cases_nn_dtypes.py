"""Parity cases from a sweep of ``torch.nn`` layers and ``torch.nn.functional`` given inputs of the wrong dtype,
device-less options or shapes: torch's results and errors for each."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401
