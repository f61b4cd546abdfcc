"""Parity cases for second derivatives through the losses, the norms and padding of ``torch.nn.functional``, and
interpolate's remaining modes."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401
