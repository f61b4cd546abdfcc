"""``minigrad.optim``: SGD, Adam, AdamW and RMSprop, as ``torch.optim`` has them, step for step."""

from .adam import Adam, AdamW
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

__all__ = ["SGD", "Adam", "AdamW", "Optimizer", "RMSprop"]
