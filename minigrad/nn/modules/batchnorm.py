"""``torch.nn.modules.batchnorm``, where torch defines its batch norms and their bases (``isinstance(m,
_BatchNorm)`` finds every one)."""

from .. import BatchNorm1d, BatchNorm2d, BatchNorm3d, LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d
from ..batchnorm import _BatchNorm, _NormBase

__all__ = ["BatchNorm1d", "LazyBatchNorm1d", "BatchNorm2d", "LazyBatchNorm2d", "BatchNorm3d", "LazyBatchNorm3d",
           "_BatchNorm", "_NormBase"]  # fmt: skip
