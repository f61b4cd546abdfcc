"""``minigrad.optim``: SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, NAdam, RAdam, Adadelta, Rprop, ASGD, LBFGS,
Adafactor, Muon and SparseAdam (its checks), as
``torch.optim`` has them, step for step, the learning-rate schedulers of ``lr_scheduler`` and the weight averaging
of ``swa_utils``."""

from . import lr_scheduler, swa_utils
from .adadelta import Adadelta
from .adafactor import Adafactor
from .adagrad import Adagrad
from .adam import Adam, AdamW
from .adamax import Adamax
from .asgd import ASGD
from .lbfgs import LBFGS
from .muon import Muon
from .nadam import NAdam
from .optimizer import Optimizer
from .radam import RAdam
from .rmsprop import RMSprop
from .rprop import Rprop
from .sgd import SGD
from .sparse_adam import SparseAdam

__all__ = ["ASGD", "LBFGS", "SGD", "Adadelta", "Adafactor", "Adagrad", "Adam", "AdamW", "Adamax", "Muon", "NAdam",
           "Optimizer", "RAdam", "RMSprop", "Rprop", "SparseAdam", "lr_scheduler", "swa_utils"]

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.optim")  # a name torch has and minigrad lacks says so
