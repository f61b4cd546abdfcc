"""Parity cases from PyTorch's autograd tutorials: torch.func transforms, forward-mode AD and custom Functions."""

from parity.cases import attempts, case  # noqa: F401
