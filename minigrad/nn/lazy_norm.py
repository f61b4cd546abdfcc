"""The lazy normalisation layers (``nn.LazyBatchNorm2d`` and its kin): ``num_features`` found from the first input
(d2l's BatchNorm and ResNet chapters)."""

from .. import creation
from ..autograd import grad_mode
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .lazy import LazyModuleMixin
from .normalization import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .parameter import UninitializedBuffer, UninitializedParameter


class _LazyNormBase(LazyModuleMixin):
    """Mirror torch's ``_LazyNormBase``: the weight and bias (if ``affine``) and the running statistics (if
    ``track_running_stats``) uninitialized until the first input gives ``num_features`` (its ``size(1)``)."""

    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None, *,
                 bias=True):  # fmt: skip
        super().__init__(0, eps, momentum, False, False, device, dtype, bias=False)
        self.affine, self.track_running_stats = affine, track_running_stats
        if affine:
            self.weight = UninitializedParameter(device=device, dtype=dtype)
            if bias:
                self.bias = UninitializedParameter(device=device, dtype=dtype)
        if track_running_stats:
            self.running_mean = UninitializedBuffer(device=device, dtype=dtype)
            self.running_var = UninitializedBuffer(device=device, dtype=dtype)
            self.num_batches_tracked = creation.tensor(0)

    def reset_parameters(self):
        """Mirror ``_LazyNormBase.reset_parameters``: the layer's own once the shapes are known; nothing before."""
        if not self.has_uninitialized_params() and self.num_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        """Mirror ``_LazyNormBase.initialize_parameters``: ``num_features`` from ``input.shape[1]``, the parameters
        and running statistics given that shape and reset (ones and zeros)."""
        if self.has_uninitialized_params():
            self.num_features = input.shape[1]
            with grad_mode.no_grad():
                tensors = [self.weight, self.bias] if self.affine else []
                tensors += [self.running_mean, self.running_var] if self.track_running_stats else []
                for t in tensors:
                    if t is not None:
                        t.materialize((self.num_features,))
                self.reset_parameters()


class LazyBatchNorm1d(_LazyNormBase, BatchNorm1d):
    """Mirror ``torch.nn.LazyBatchNorm1d(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)``: a
    BatchNorm1d whose ``num_features`` is its first input's ``size(1)``."""

    cls_to_become = BatchNorm1d


class LazyBatchNorm2d(_LazyNormBase, BatchNorm2d):
    """Mirror ``torch.nn.LazyBatchNorm2d(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)``: a
    BatchNorm2d whose ``num_features`` is its first input's ``size(1)``."""

    cls_to_become = BatchNorm2d


class LazyBatchNorm3d(_LazyNormBase, BatchNorm3d):
    """Mirror ``torch.nn.LazyBatchNorm3d(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)``: a
    BatchNorm3d whose ``num_features`` is its first input's ``size(1)``."""

    cls_to_become = BatchNorm3d


class LazyInstanceNorm1d(_LazyNormBase, InstanceNorm1d):
    """Mirror ``torch.nn.LazyInstanceNorm1d(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)`` (the
    lazy base's defaults, not InstanceNorm1d's)."""

    cls_to_become = InstanceNorm1d


class LazyInstanceNorm2d(_LazyNormBase, InstanceNorm2d):
    """Mirror ``torch.nn.LazyInstanceNorm2d(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)`` (the
    lazy base's defaults, not InstanceNorm2d's)."""

    cls_to_become = InstanceNorm2d


class LazyInstanceNorm3d(_LazyNormBase, InstanceNorm3d):
    """Mirror ``torch.nn.LazyInstanceNorm3d(eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)`` (the
    lazy base's defaults, not InstanceNorm3d's)."""

    cls_to_become = InstanceNorm3d
