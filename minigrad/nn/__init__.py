"""``minigrad.nn``: Parameter, Module and the layers of the lessons and the beginner material, as in
``torch.nn``."""

from . import functional
from .activation import Flatten, LogSoftmax, Softmax
from .batchnorm import BatchNorm1d
from .containers import ModuleDict, ModuleList
from .dropout import Dropout
from .embedding import Embedding
from .lazy import LazyLinear
from .loss_modules import BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, MSELoss, NLLLoss
from .module import Module
from .modules import Linear, ReLU, Sequential, Sigmoid, Tanh
from .parameter import Parameter

__all__ = [
    "BCELoss", "BCEWithLogitsLoss", "BatchNorm1d", "CrossEntropyLoss", "Dropout", "Embedding", "Flatten", "LazyLinear",
    "Linear", "LogSoftmax", "MSELoss", "Module", "ModuleDict", "ModuleList", "NLLLoss", "Parameter", "ReLU",
    "Sequential", "Sigmoid", "Softmax", "Tanh", "functional",
]

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.nn")  # a name torch has and minigrad lacks says so
