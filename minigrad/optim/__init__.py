"""``minigrad.optim``: SGD, Adam, AdamW and RMSprop, as ``torch.optim`` has them, step for step, and the
learning-rate schedulers of ``lr_scheduler``."""

from . import lr_scheduler
from .adam import Adam, AdamW
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

__all__ = ["SGD", "Adam", "AdamW", "Optimizer", "RMSprop", "lr_scheduler"]

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.optim")  # a name torch has and minigrad lacks says so
