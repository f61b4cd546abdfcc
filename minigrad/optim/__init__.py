"""``minigrad.optim``: stochastic gradient descent, as ``torch.optim.SGD``."""

from .sgd import SGD, Optimizer

__all__ = ["SGD", "Optimizer"]
