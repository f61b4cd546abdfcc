"""``minigrad.optim.lr_scheduler``: the learning-rate schedulers of ``torch.optim.lr_scheduler`` (StepLR,
MultiStepLR, ExponentialLR, LambdaLR, MultiplicativeLR, ConstantLR, LinearLR, PolynomialLR, CosineAnnealingLR,
CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR), with torch's recurrences (each step scales the optimizer's
current ``group["lr"]``) and closed forms, so the float learning rates are torch's to the last bit; SequentialLR
and ChainedScheduler, which combine them; and ReduceLROnPlateau, which lowers them when a metric stops improving."""

from .base import EPOCH_DEPRECATION_WARNING, LRScheduler, _LRScheduler  # noqa: F401 - torch has these names too
from .combined import ChainedScheduler, SequentialLR
from .cycles import CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR
from .decay import (
    ConstantLR,
    CosineAnnealingLR,
    ExponentialLR,
    LambdaLR,
    LinearLR,
    MultiplicativeLR,
    MultiStepLR,
    PolynomialLR,
    StepLR,
)
from .plateau import ReduceLROnPlateau

__all__ = [
    "ChainedScheduler", "ConstantLR", "CosineAnnealingLR", "CosineAnnealingWarmRestarts", "CyclicLR", "ExponentialLR",
    "LRScheduler", "LambdaLR", "LinearLR", "MultiStepLR", "MultiplicativeLR", "OneCycleLR", "PolynomialLR",
    "ReduceLROnPlateau", "SequentialLR", "StepLR",
]

from ...torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.optim.lr_scheduler")  # a name torch has and minigrad lacks says so
