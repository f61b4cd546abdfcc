"""2-D pooling: ``torch.nn.functional.max_pool2d`` (MaxPool2DWithIndicesBackward0; ``return_indices``),
``avg_pool2d`` (AvgPool2DBackward0) and ``adaptive_avg_pool2d``, and the layers ``nn.MaxPool2d``, ``nn.AvgPool2d``
and ``nn.AdaptiveAvgPool2d``, with torch's checks in its order and its printouts."""

from ..arguments import call_error, is_int, must_be_tensor
from ..layouts import channels_last
from ..ops import adaptive_pooling as AP
from ..ops import pooling as P
from ..ops._util import not_implemented, wrap
from ..tensor import Tensor
from .module import Module


def _ints(function, name, position, value, count=2):
    """An ``int[count]`` argument as torch's parser reads it: an int repeated, a tuple of ints as it is (None:
    empty)."""
    if value is None:
        return ()
    if is_int(value):
        return (int(value),) * count
    if isinstance(value, (tuple, list)) and all(is_int(v) for v in value):
        return tuple(int(v) for v in value)
    raise must_be_tensor(function, name, position, value, "tuple of ints")


def _parameters(function, input, kernel_size, stride, padding, dilation=1):
    """The parameters as given (torch's node shows them so) and in full, after torch's checks of their lengths."""
    if not isinstance(input, Tensor):
        raise must_be_tensor(function, "input", 1, input)
    kernel, steps = _ints(function, "kernel_size", 2, kernel_size), _ints(function, "stride", 3, stride)
    pad, dil = _ints(function, "padding", 4, padding), _ints(function, "dilation", 5, dilation)
    if len(kernel) not in (1, 2):
        raise RuntimeError(f"{function}: kernel_size must either be a single int, or a tuple of two ints")
    if len(steps) not in (0, 1, 2):
        raise RuntimeError(f"{function}: stride must either be omitted, a single int, or a tuple of two ints")
    if len(pad) not in (1, 2):
        raise RuntimeError(f"{function}: padding must either be a single int, or a tuple of two ints")
    if len(dil) not in (1, 2):
        raise RuntimeError(f"{function}: dilation must be either a single int, or a tuple of two ints")
    full = [v * 2 if len(v) == 1 else v for v in (kernel, steps or kernel, pad, dil)]
    return (kernel, steps, pad, dil), full


def _output_size(input, kernel, stride, padding, dilation, ceil_mode):
    """torch's ``pooling_output_shape`` for both dims, then its ``pool2d_shape_check``."""
    out = tuple(P.pooling_output_size(input.shape[d], kernel[i], padding[i], stride[i], dilation[i], ceil_mode)
                for i, d in enumerate((-2, -1)))  # fmt: skip
    (kh, kw), (dh, dw), (ph, pw), (lh, lw) = kernel, stride, padding, dilation
    if kh <= 0 or kw <= 0:
        raise RuntimeError(f"kernel size should be greater than zero, but got kH: {kh} kW: {kw}")
    if dh <= 0 or dw <= 0:
        raise RuntimeError(f"stride should be greater than zero, but got dH: {dh} dW: {dw}")
    if lh <= 0 or lw <= 0:
        raise RuntimeError(f"dilation should be greater than zero, but got dilationH: {lh} dilationW: {lw}")
    shape = tuple(input.shape)
    if not (input.ndim in (3, 4) and shape[1] and shape[2] and (input.ndim == 4 and shape[3] or shape[0])):
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:"
                           f"[{', '.join(map(str, shape))}]")  # fmt: skip
    if kw // 2 < pw or kh // 2 < ph:
        raise RuntimeError("pad should be smaller than or equal to half of kernel size, but got padW = "
                           f"{pw}, padH = {ph}, kW = {kw}, kH = {kh}")  # fmt: skip
    if out[0] < 1 or out[1] < 1:
        planes, h, w = shape[-3:]
        raise RuntimeError(f"Given input size: ({planes}x{h}x{w}). Calculated output size: ({planes}x{out[0]}x"
                           f"{out[1]}). Output size is too small")  # fmt: skip
    return out


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """Mirror ``torch.nn.functional.max_pool2d``: the largest value of each ``kernel_size`` window of the last two
    dims of ``input`` (N, C, H, W) or (C, H, W), windows ``stride`` apart (the kernel's size if None), ``padding``
    of -inf around, ``dilation`` between a window's values; with ``return_indices``, also where each is (row * W +
    col). One MaxPool2DWithIndicesBackward0 node."""
    given, (kernel, steps, pad, dil) = _parameters("max_pool2d", input, kernel_size, stride, padding, dilation)
    if input.ndim not in (3, 4):
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    out = _output_size(input, kernel, steps, pad, dil, ceil_mode)
    if input.dtype.category == 0:
        raise not_implemented("max_pool2d", input.dtype)
    indices = wrap(P.max_pool_indices(input._data, kernel, steps, pad, dil, out))
    values = P.MaxPool2DWithIndices.apply(input, kernel_size=given[0], stride=given[1], padding=given[2],
                                        dilation=given[3], ceil_mode=bool(ceil_mode), indices=indices)  # fmt: skip
    return (values, indices) if return_indices else values


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):  # fmt: skip
    """Mirror ``torch.nn.functional.max_pool2d_with_indices``: ``max_pool2d`` with ``return_indices=True``."""
    return max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices=True)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):  # fmt: skip
    """Mirror ``torch.nn.functional.avg_pool2d``: the mean of each ``kernel_size`` window of the last two dims of
    ``input`` (N, C, H, W) or (C, H, W) (zero ``padding`` counted in it if ``count_include_pad``; the sum divided by
    ``divisor_override`` if given). One AvgPool2DBackward0 node."""
    given, (kernel, steps, pad, _) = _parameters("avg_pool2d", input, kernel_size, stride, padding)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    input._wrap_dim(-3)  # torch reads the planes' count first: its IndexError for a 2-D input
    _output_size(input, kernel, steps, pad, (1, 1), ceil_mode)
    if input.dtype.category == 0:
        raise not_implemented("avg_pool2d", input.dtype)
    return P.avg_pool2d(input, given[0], given[1], given[2], bool(ceil_mode), bool(count_include_pad),
                       divisor_override)  # fmt: skip


def _check_output_size(input, sizes):
    """torch's errors for an ``output_size`` of adaptive_avg_pool2d that is not two ints: its parser's TypeError
    (``output_size='1'``), else its count's."""
    error = call_error("adaptive_avg_pool2d", ("Tensor input, tuple of ints output_size",), (input, list(sizes)), {})
    if error is not None:
        raise error
    if len(sizes) != 2:
        raise RuntimeError("adaptive_avg_pool2d: output_size must be 2")


def adaptive_avg_pool2d(input, output_size):
    """Mirror ``torch.nn.functional.adaptive_avg_pool2d``: the average of each window of an ``output_size`` grid over
    the last two dims (None keeps a dim's size): ``mean`` over them for a 1x1 grid (MeanBackward1), as torch does,
    else AdaptiveAvgPool2DBackward0."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("adaptive_avg_pool2d", "input", 1, input)
    if is_int(output_size):
        sizes = (int(output_size),) * 2
    else:
        if input.ndim <= len(output_size):
            raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
        defaults = input.shape[-len(output_size):]
        sizes = tuple(d if v is None else v for v, d in zip(output_size, defaults))
    try:
        negative = len(sizes) != 2 or sizes[0] < 0 or sizes[1] < 0
    except TypeError:  # a size that is no number: torch's parser's error
        negative = True
    if negative:
        _check_output_size(input, sizes)
        raise RuntimeError("adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but "
                           f"received {{{sizes[0]}, {sizes[1]}}}")
    if sizes == (1, 1):
        return input.mean((-1, -2), keepdim=True)
    if input.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {list(input.shape)}")
    if not input.dtype.is_floating_point:  # torch's channels-last kernel for a 4-d input laid out so
        laid_out = input.ndim == 4 and input.is_contiguous(memory_format=channels_last) and not input.is_contiguous()
        raise not_implemented("adaptive_avg_pool2d_channels_last" if laid_out else "adaptive_avg_pool2d", input.dtype)
    return AP.AdaptiveAvgPool2D.apply(input, output_size=sizes)


def _list_with_default(output_size, input):
    """torch's ``_list_with_default``: an int as it is, else the sizes with None standing for the input's."""
    if is_int(output_size):
        return output_size
    if input.ndim <= len(output_size):
        raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
    return [d if v is None else v for v, d in zip(output_size, input.shape[-len(output_size):])]


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    """Mirror ``torch.nn.functional.adaptive_max_pool2d_with_indices``: the largest value of each window of an
    ``output_size`` grid over the last two dims, and where it is (``row * W + col``), as a pair."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("adaptive_max_pool2d", "input", 1, input)
    sizes = _ints("adaptive_max_pool2d", "output_size", 2, _list_with_default(output_size, input))
    if input.ndim not in (3, 4):
        shown = ", ".join(map(str, input.shape))
        raise RuntimeError(f"adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: [{shown}]")
    if len(sizes) != 2:
        raise RuntimeError("adaptive_max_pool2d(): internal error: output_size.size() must be 2")
    for d in range(1, input.ndim):
        if input.shape[d] <= 0:
            raise RuntimeError("adaptive_max_pool2d(): Expected input to have non-zero size for non-batch dimensions, "
                               f"but input has sizes [{', '.join(map(str, input.shape))}] with dimension {d} being "
                               "empty")  # fmt: skip
    for s in sizes:
        if s < 0:
            shown = ", ".join(map(str, (*input.shape[:-2], *sizes)))
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: [{shown}]")
    if not input.dtype.is_floating_point:
        raise not_implemented("adaptive_max_pool2d", input.dtype)
    indices = wrap(AP.adaptive_max_pool_indices(input._data, sizes))
    return AP.AdaptiveMaxPool2D.apply(input, indices=indices), indices


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Mirror ``torch.nn.functional.adaptive_max_pool2d``: the largest value of each window of an ``output_size``
    grid over the last two dims (None keeps a dim's size); with ``return_indices``, also where each is
    (AdaptiveMaxPool2DBackward0)."""
    out = adaptive_max_pool2d_with_indices(input, output_size)
    return out if return_indices else out[0]


class _AdaptiveMaxPoolNd(Module):
    """torch's base of the adaptive max poolings: ``output_size`` and ``return_indices``, given to ``pool``."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def forward(self, input):
        return self.pool(input, self.output_size, self.return_indices)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd):
    """Mirror ``torch.nn.AdaptiveMaxPool2d(output_size, return_indices=False)``."""

    pool = staticmethod(adaptive_max_pool2d)


def torch_max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """Mirror ``torch.max_pool2d``: ``F.max_pool2d`` without ``return_indices``."""
    return max_pool2d(input, kernel_size, stride or None, padding, dilation, ceil_mode)


class _AdaptiveAvgPoolNd(Module):
    """torch's base of the adaptive average poolings: ``output_size``, given to ``pool``."""

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, input):
        return self.pool(input, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    """Mirror ``torch.nn.AdaptiveAvgPool2d(output_size)`` (``(1, 1)``: the global average pooling of a CNN's head)."""

    pool = staticmethod(adaptive_avg_pool2d)


class _MaxPoolNd(Module):
    """torch's base of the max poolings: their arguments, the stride the kernel's size unless given, given to
    ``pool``."""

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def forward(self, input):
        return self.pool(input, self.kernel_size, self.stride, self.padding, self.dilation, ceil_mode=self.ceil_mode,
                         return_indices=self.return_indices)  # fmt: skip

    def extra_repr(self):
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, ceil_mode={self.ceil_mode}")  # fmt: skip


class MaxPool2d(_MaxPoolNd):
    """Mirror ``torch.nn.MaxPool2d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False)``: ``F.max_pool2d``."""

    pool = staticmethod(max_pool2d)


class _AvgPoolNd(Module):
    """torch's base of the 2-D and 3-D average poolings: their arguments, the stride the kernel's size unless given,
    given to ``pool``."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):  # fmt: skip
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.ceil_mode = padding, ceil_mode
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def forward(self, input):
        return self.pool(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad,
                         self.divisor_override)  # fmt: skip

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool2d(_AvgPoolNd):
    """Mirror ``torch.nn.AvgPool2d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)``: ``F.avg_pool2d``, the stride the kernel's size unless given."""

    pool = staticmethod(avg_pool2d)
