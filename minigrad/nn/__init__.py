"""``minigrad.nn``: Parameter, Module and the layers the lessons use, as in ``torch.nn``."""

from . import functional
from .module import Module
from .modules import Linear, MSELoss, ReLU, Sequential, Sigmoid, Tanh
from .parameter import Parameter

__all__ = ["Linear", "MSELoss", "Module", "Parameter", "ReLU", "Sequential", "Sigmoid", "Tanh", "functional"]
