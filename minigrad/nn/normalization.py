"""Group and instance normalisation: ``F.group_norm`` and ``nn.GroupNorm`` (NativeGroupNormBackward0), and
``F.instance_norm`` and ``nn.InstanceNorm1d``/``2d``/``3d``, which torch computes as batch norm of the input viewed
as one example of ``N * C`` channels (ViewBackward0 over NativeBatchNormBackward0, the parameters repeated)."""

import warnings

from ..arguments import must_be_tensor
from ..autograd import grad_mode
from ..ops._util import not_implemented
from ..ops.group_norm import NativeGroupNorm
from ..tensor import Tensor
from .batchnorm import _NormBase, affine_parameters, native_batch_norm, reset_affine
from .mixed_dtypes import check_parameter_dtypes
from .module import Module


def _shape(t):
    return "[" + ", ".join(map(str, t.shape)) + "]"


def native_group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """torch's ``group_norm`` of ATen, with its checks in its order (the one op NativeGroupNormBackward0)."""
    n, c = input.shape[0], input.shape[1]
    if c % num_groups:
        raise RuntimeError("Expected number of channels in input to be divisible by num_groups, but got input of "
                           f"shape {_shape(input)} and num_groups={num_groups}")  # fmt: skip
    if weight is not None and (weight.ndim != 1 or weight.numel() != c):
        raise RuntimeError("Expected weight to be a vector of size equal to the number of channels in input, but got "
                           f"weight of shape {_shape(weight)} and input of shape {_shape(input)}")  # fmt: skip
    if bias is not None and (bias.ndim != 1 or bias.numel() != c):  # torch's message shows the weight's shape
        shown = "[0]" if weight is None else _shape(weight)
        raise RuntimeError("Expected bias to be a vector of size equal to the number of channels in input, but got "
                           f"bias of shape {shown} and input of shape {_shape(input)}")  # fmt: skip
    check_parameter_dtypes(input, weight, bias, kernel="GroupNormKernelImpl")
    hxw = input.numel() // (n * c) if n * c else 1
    return NativeGroupNorm.apply(input, weight, bias, N=n, C=c, HxW=hxw, group=num_groups, eps=eps)[0]


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """Mirror ``torch.nn.functional.group_norm``: the channels (dim 1) of each example split into ``num_groups``
    groups, each normalised by its mean and biased variance, then scaled by ``weight`` and shifted by ``bias`` per
    channel (NativeGroupNormBackward0)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("group_norm", "input", 1, input)
    if input.ndim < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received {input.ndim}")
    size = [input.shape[0] * input.shape[1] // num_groups, num_groups, *input.shape[2:]]
    values = size[0]
    for s in size[2:]:
        values *= s
    if values == 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size {size}")
    return native_group_norm(input, num_groups, weight, bias, eps)


def torch_group_norm(input, num_groups, weight=None, bias=None, eps=1e-5, cudnn_enabled=True):
    """Mirror ``torch.group_norm``: ``F.group_norm`` without its Python checks (ATen's own remain)."""
    if input.ndim < 2:
        raise RuntimeError(f"Expected at least 2 dimensions for input tensor but received {input.ndim}")
    return native_group_norm(input, num_groups, weight, bias, eps)


def torch_instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
                        cudnn_enabled):  # fmt: skip
    """Mirror ``torch.instance_norm``: batch norm of ``input`` viewed as ``(1, N * C, *)``, the weight, bias and
    running statistics repeated ``N`` times (RepeatBackward0); the running statistics then averaged back."""
    if not use_input_stats and (running_mean is None or running_var is None):
        raise RuntimeError("Expected running_mean and running_var to be defined when use_input_stats is false")
    b, c = input.shape[0], input.shape[1]
    repeated = [None if t is None else t.repeat(b) for t in (weight, bias)]
    # torch's instance norm reads its running statistics in the input's dtype, whatever theirs
    repeated += [None if t is None else t.repeat(b).to(input.dtype) for t in (running_mean, running_var)]
    if not input.dtype.is_floating_point:
        raise not_implemented("batch_norm", input.dtype)
    reshaped = input.contiguous().view(1, b * c, *input.shape[2:])
    weight, bias, mean, var = repeated
    out = native_batch_norm(reshaped, mean, var, weight, bias, use_input_stats, momentum, eps, (weight, bias))
    with grad_mode.no_grad():
        for stat, rep in ((running_mean, mean), (running_var, var)):
            if stat is not None:
                stat.copy_(rep.view(b, c).mean(0))
    return out.view(*input.shape)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):  # fmt: skip
    """Mirror ``torch.nn.functional.instance_norm``: each channel of each example normalised by its own mean and
    biased variance (or by the running statistics if not ``use_input_stats``), then scaled and shifted."""
    if use_input_stats:
        size = input.size()  # torch's first read: a numpy array's size is an int, which cannot be called
        values = 1
        for s in size[2:]:
            values *= s
        if values == 1:
            raise ValueError(f"Expected more than 1 spatial element when training, got input size {size}")
    if not isinstance(input, Tensor):
        raise must_be_tensor("instance_norm", "input", 1, input)
    return torch_instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, False)


class GroupNorm(Module):
    """Mirror ``torch.nn.GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, bias=True)``: group
    normalisation, with a learned scale (ones) and shift (zeros) per channel."""

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, device=None, dtype=None, *, bias=True):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(f"num_channels ({num_channels}) must be divisible by num_groups ({num_groups})")
        self.num_groups, self.num_channels, self.eps, self.affine = num_groups, num_channels, eps, affine
        affine_parameters(self, num_channels, affine, bias, device, dtype)
        self.reset_parameters()

    def reset_parameters(self):
        """Mirror ``torch.nn.GroupNorm.reset_parameters`` (which the constructor calls): if ``affine``, the weight to
        ones and the bias (if any) to zeros, in place."""
        reset_affine(self, self.affine)

    def forward(self, input):
        return group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}, "
                f"bias={self.bias is not None}")


class _InstanceNorm(_NormBase):
    """torch's ``_InstanceNorm``: ``F.instance_norm`` of a batched input (an unbatched one given a batch of one), the
    instance's statistics unless evaluating with ``track_running_stats``."""

    no_batch_dim = 2

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False, device=None,
                 dtype=None, *, bias=True):  # fmt: skip
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias)

    def _apply_instance_norm(self, input):
        return instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                             self.training or not self.track_running_stats,
                             self.momentum if self.momentum is not None else 0.0, self.eps)  # fmt: skip

    def forward(self, input):
        dims = (self.no_batch_dim, self.no_batch_dim + 1)
        if input.ndim not in dims:
            raise ValueError(f"expected {dims[0]}D or {dims[1]}D input (got {input.ndim}D input)")
        feature_dim = input.ndim - self.no_batch_dim
        if input.shape[feature_dim] != self.num_features:
            if self.affine:
                raise ValueError(f"expected input's size at dim={feature_dim} to match num_features "
                                 f"({self.num_features}), but got: {input.shape[feature_dim]}.")  # fmt: skip
            warnings.warn(f"input's size at dim={feature_dim} does not match num_features. You can silence this "
                          "warning by not passing in num_features, which is not used because affine=False",
                          stacklevel=2)  # fmt: skip
        if input.ndim == self.no_batch_dim:
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm):
    """Mirror ``torch.nn.InstanceNorm1d(num_features, eps=1e-05, momentum=0.1, affine=False,
    track_running_stats=False)``: instance normalisation of ``(N, C, L)`` or ``(C, L)`` input."""


class InstanceNorm2d(_InstanceNorm):
    """Mirror ``torch.nn.InstanceNorm2d(num_features, eps=1e-05, momentum=0.1, affine=False,
    track_running_stats=False)``: instance normalisation of ``(N, C, H, W)`` or ``(C, H, W)`` input."""

    no_batch_dim = 3


class InstanceNorm3d(_InstanceNorm):
    """Mirror ``torch.nn.InstanceNorm3d(num_features, eps=1e-05, momentum=0.1, affine=False,
    track_running_stats=False)``: instance normalisation of ``(N, C, D, H, W)`` or ``(C, D, H, W)`` input."""

    no_batch_dim = 4
