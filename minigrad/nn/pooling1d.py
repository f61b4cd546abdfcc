"""1-d pooling as torch builds it from the 2-d kernels (the input unsqueezed at -2, pooled, squeezed again:
SqueezeBackward1 over MaxPool2DWithIndicesBackward0 / AvgPool2DBackward0 / AdaptiveAvgPool2DBackward0 /
AdaptiveMaxPool2DBackward0 over UnsqueezeBackward0): ``F.max_pool1d``, ``F.avg_pool1d``, ``F.adaptive_avg_pool1d``,
``F.adaptive_max_pool1d`` and the layers ``nn.MaxPool1d``, ``nn.AvgPool1d``, ``nn.AdaptiveAvgPool1d`` and
``nn.AdaptiveMaxPool1d``, with torch's checks in its order."""

from ..arguments import is_int, must_be_tensor
from ..ops._util import not_implemented
from ..ops.pooling import pooling_output_size
from .module import Module
from .pooling import (
    _AdaptiveAvgPoolNd,
    _AdaptiveMaxPoolNd,
    _MaxPoolNd,
    adaptive_avg_pool2d,
    adaptive_max_pool2d,
    avg_pool2d,
    max_pool2d,
)


def _one(function, name, position, value):
    """An ``int[1]`` argument as torch's parser reads it: an int, or a tuple or list of ints (None: empty)."""
    if value is None:
        return ()
    if is_int(value):
        return (int(value),)
    if isinstance(value, (tuple, list)) and all(is_int(v) for v in value):
        return tuple(int(v) for v in value)
    raise must_be_tensor(function, name, position, value, "tuple of ints")


def _check_dims(function, input):
    """torch's ``checkDimRange(..., 2, 4)``: a 2-d or 3-d input."""
    if input.ndim not in (2, 3):
        raise RuntimeError(f"Expected 2 to 3 dimensions, but got {input.ndim}-dimensional tensor for argument #1 "
                           f"'self' (while checking arguments for {function})")  # fmt: skip


def _check1d(function, name, values):
    if len(values) != 1:
        raise RuntimeError(f"{function}() argument '{name}' should contain one int (got {len(values)})")


def _max_pool1d_checks(input, kernel_size, stride, padding, dilation, ceil_mode):
    """torch's checks of ``max_pool1d``, in its order; the parameters in full."""
    kernel = _one("max_pool1d", "kernel_size", 2, kernel_size)
    steps = _one("max_pool1d", "stride", 3, stride)
    pad, dil = _one("max_pool1d", "padding", 4, padding), _one("max_pool1d", "dilation", 5, dilation)
    shape = tuple(input.shape)
    if not (input.ndim == 2 and shape[0] and shape[1] or input.ndim == 3 and shape[1] and shape[2]):
        raise RuntimeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
                           f"input, but got:[{', '.join(map(str, shape))}]")  # fmt: skip
    if len(kernel) != 1:
        raise RuntimeError("max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got "
                           f"size {len(kernel)}")  # fmt: skip
    if len(steps) > 1:
        raise RuntimeError("max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but "
                           f"got size {len(steps)}")  # fmt: skip
    if len(pad) != 1:
        raise RuntimeError("max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got size "
                           f"{len(pad)}")  # fmt: skip
    if len(dil) != 1:
        raise RuntimeError("max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got size "
                           f"{len(dil)}")  # fmt: skip
    (k,), (s,), (p,), (d,) = kernel, steps or kernel, pad, dil
    if k <= 0:
        raise RuntimeError(f"max_pool1d() kernel_size must be greater than zero, but got {k}")
    if s <= 0:
        raise RuntimeError(f"max_pool1d() stride must be greater than zero, but got {s}")
    if p < 0:
        raise RuntimeError(f"max_pool1d() padding must be non-negative, but got {p}")
    if p > k // 2:
        raise RuntimeError(f"max_pool1d() padding should be at most half of kernel size, but got padding={p} and "
                           f"kernel_size={k}")  # fmt: skip
    if d <= 0:
        raise RuntimeError(f"max_pool1d() dilation must be greater than zero, but got {d}")
    out = pooling_output_size(shape[-1], k, p, s, d, ceil_mode)
    if out <= 0:
        raise RuntimeError(f"max_pool1d() Invalid computed output size: {out}")
    return k, s, p, d


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):  # fmt: skip
    """Mirror ``torch.nn.functional.max_pool1d_with_indices`` (and ``torch.max_pool1d_with_indices``): the largest
    value of each window of the last dim and where it is, as a pair."""
    k, s, p, d = _max_pool1d_checks(input, kernel_size, stride, padding, dilation, ceil_mode)
    if not input.dtype.is_floating_point:
        raise not_implemented("max_pool1d_impl", input.dtype)
    values, indices = max_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, p), (1, d), bool(ceil_mode),
                                 return_indices=True)  # fmt: skip
    return values.squeeze(-2), indices.squeeze(-2)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """Mirror ``torch.nn.functional.max_pool1d``: the largest value of each ``kernel_size`` window of the last dim of
    ``input`` (N, C, L) or (C, L); with ``return_indices``, also where each is. torch's graph: SqueezeBackward1 over
    MaxPool2DWithIndicesBackward0 over UnsqueezeBackward0."""
    out = max_pool1d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return out if return_indices else out[0]


def torch_max_pool1d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """Mirror ``torch.max_pool1d``: ``F.max_pool1d`` without ``return_indices``."""
    return max_pool1d(input, kernel_size, stride or None, padding, dilation, ceil_mode)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """Mirror ``torch.nn.functional.avg_pool1d`` (and ``torch.avg_pool1d``): the mean of each ``kernel_size`` window
    of the last dim of ``input`` (N, C, L) or (C, L); SqueezeBackward1 over AvgPool2DBackward0 over
    UnsqueezeBackward0."""
    kernel = _one("avg_pool1d", "kernel_size", 2, kernel_size)
    steps = _one("avg_pool1d", "stride", 3, stride)
    pad = _one("avg_pool1d", "padding", 4, padding)
    _check_dims("avg_pool1d", input)
    _check1d("avg_pool1d", "kernel_size", kernel)
    if steps:
        _check1d("avg_pool1d", "stride", steps)
    _check1d("avg_pool1d", "padding", pad)
    out = avg_pool2d(input.unsqueeze(-2), (1, kernel[0]), (1, (steps or kernel)[0]), (0, pad[0]), bool(ceil_mode),
                     bool(count_include_pad))  # fmt: skip
    return out.squeeze(-2)


def adaptive_avg_pool1d(input, output_size):
    """Mirror ``torch.nn.functional.adaptive_avg_pool1d`` (and ``torch.adaptive_avg_pool1d``): the average of each of
    ``output_size`` windows over the last dim (MeanBackward1 for one window, as in torch)."""
    if output_size is None:
        raise must_be_tensor("adaptive_avg_pool1d", "output_size", 2, output_size, "tuple of ints")
    size = _one("adaptive_avg_pool1d", "output_size", 2, output_size)
    _check_dims("adaptive_avg_pool1d", input)
    _check1d("adaptive_avg_pool1d", "output_size", size)
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1, size[0])).squeeze(-2)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    """Mirror ``torch.nn.functional.adaptive_max_pool1d_with_indices`` (and ``torch.adaptive_max_pool1d``): the
    largest value of each of ``output_size`` windows over the last dim and where it is, as a pair."""
    if output_size is None:
        raise must_be_tensor("adaptive_max_pool1d", "output_size", 2, output_size, "tuple of ints")
    size = _one("adaptive_max_pool1d", "output_size", 2, output_size)
    _check_dims("adaptive_max_pool1d", input)
    _check1d("adaptive_max_pool1d", "output_size", size)
    for d in range(1, input.ndim):
        if input.shape[d] <= 0:
            raise RuntimeError("adaptive_max_pool1d(): Expected input to have non-zero size for non-batch dimensions, "
                               f"but input has sizes [{', '.join(map(str, input.shape))}] with dimension {d} being "
                               "empty")  # fmt: skip
    values, indices = adaptive_max_pool2d(input.unsqueeze(-2), (1, size[0]), return_indices=True)
    return values.squeeze(-2), indices.squeeze(-2)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """Mirror ``torch.nn.functional.adaptive_max_pool1d``: the largest value of each of ``output_size`` windows over
    the last dim (with ``return_indices``, also where each is): SqueezeBackward1 over AdaptiveMaxPool2DBackward0."""
    out = adaptive_max_pool1d_with_indices(input, output_size)
    return out if return_indices else out[0]


class MaxPool1d(_MaxPoolNd):
    """Mirror ``torch.nn.MaxPool1d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False)``: ``F.max_pool1d``."""

    pool = staticmethod(max_pool1d)


def _single(value):
    """torch's ``_single``: an iterable as a tuple, anything else as a tuple of one."""
    try:
        return tuple(value)
    except TypeError:
        return (value,)


class AvgPool1d(Module):
    """Mirror ``torch.nn.AvgPool1d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)``:
    ``F.avg_pool1d``, the stride the kernel's size unless given."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad

    def forward(self, input):
        return avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    """Mirror ``torch.nn.AdaptiveAvgPool1d(output_size)``."""

    pool = staticmethod(adaptive_avg_pool1d)


class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd):
    """Mirror ``torch.nn.AdaptiveMaxPool1d(output_size, return_indices=False)``."""

    pool = staticmethod(adaptive_max_pool1d)
