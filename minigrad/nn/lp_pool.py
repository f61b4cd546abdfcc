"""Power-average pooling, composed as torch's Python composes it: ``torch.nn.functional.lp_pool1d``, ``lp_pool2d``
and ``lp_pool3d`` (the ``p``-th root of each window's sum of ``x ** p``: an average pooling of ``x.pow(p)`` times the
window's size, PowBackward0 over MulBackward0 over ...; max pooling of ``|x|`` for ``p = inf``) and the layers
``nn.LPPool1d``, ``nn.LPPool2d`` and ``nn.LPPool3d``."""

import math

from ..functional import abs as torch_abs
from ..functional import sign
from .activation import relu
from .conv import _ntuple
from .module import Module
from .pooling import avg_pool2d, max_pool2d
from .pooling1d import avg_pool1d, max_pool1d
from .pooling3d import avg_pool3d, max_pool3d


def _lp_pool(avg_pool, max_pool, input, norm_type, kernel_size, stride, ceil_mode, window):
    """torch's ``lp_poolNd``: ``window`` the number of values in a window."""
    if isinstance(norm_type, (int, float)):
        if norm_type == math.inf:
            return max_pool(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
        if norm_type == -math.inf:
            return -max_pool(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if stride is not None:
        out = avg_pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (sign(out) * relu(torch_abs(out))).mul(window).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """Mirror ``torch.nn.functional.lp_pool1d``: ``(sum over each window of x ** norm_type) ** (1 / norm_type)``."""
    return _lp_pool(avg_pool1d, max_pool1d, input, norm_type, kernel_size, stride, ceil_mode, kernel_size)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """Mirror ``torch.nn.functional.lp_pool2d``: ``(sum over each window of x ** norm_type) ** (1 / norm_type)``."""
    kw, kh = _ntuple(kernel_size, 2)
    return _lp_pool(avg_pool2d, max_pool2d, input, norm_type, kernel_size, stride, ceil_mode, kw * kh)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """Mirror ``torch.nn.functional.lp_pool3d``: ``(sum over each window of x ** norm_type) ** (1 / norm_type)``."""
    kd, kw, kh = _ntuple(kernel_size, 3)
    return _lp_pool(avg_pool3d, max_pool3d, input, norm_type, kernel_size, stride, ceil_mode, kd * kw * kh)


class _LPPoolNd(Module):
    """torch's base of the power-average poolings: ``norm_type``, ``kernel_size``, ``stride``, ``ceil_mode`` as
    given, passed to ``pool`` (``norm_type`` as a float)."""

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type, self.kernel_size, self.stride, self.ceil_mode = norm_type, kernel_size, stride, ceil_mode

    def forward(self, input):
        return self.pool(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)

    def extra_repr(self):
        return (f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, stride={self.stride}, "
                f"ceil_mode={self.ceil_mode}")  # fmt: skip


class LPPool1d(_LPPoolNd):
    """Mirror ``torch.nn.LPPool1d(norm_type, kernel_size, stride=None, ceil_mode=False)``: ``F.lp_pool1d``."""

    pool = staticmethod(lp_pool1d)


class LPPool2d(_LPPoolNd):
    """Mirror ``torch.nn.LPPool2d(norm_type, kernel_size, stride=None, ceil_mode=False)``: ``F.lp_pool2d``."""

    pool = staticmethod(lp_pool2d)


class LPPool3d(_LPPoolNd):
    """Mirror ``torch.nn.LPPool3d(norm_type, kernel_size, stride=None, ceil_mode=False)``: ``F.lp_pool3d``."""

    pool = staticmethod(lp_pool3d)
