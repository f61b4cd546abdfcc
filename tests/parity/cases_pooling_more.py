"""Parity cases for fractional max pooling, 3-D padding layers and the optimizers ``Adafactor`` and ``Muon``."""

from parity.cases import attempts, case  # noqa: F401
