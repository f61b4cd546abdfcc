"""3-D pooling (a video's or a scan's frames x height x width): ``torch.nn.functional.max_pool3d``
(MaxPool3DWithIndicesBackward0; ``return_indices``), ``avg_pool3d`` (AvgPool3DBackward0), ``adaptive_avg_pool3d``
and ``adaptive_max_pool3d``, and their layers, with torch's checks in its order."""

from ..arguments import must_be_tensor
from ..dtypes import float16
from ..ops import adaptive_pooling as AP
from ..ops import adaptive_pooling3d as AP3
from ..ops import pooling as P
from ..ops._util import not_implemented, wrap
from ..ops.avg_pool3d import avg_pool3d as avg_pool3d_op
from ..ops.max_pool3d import MaxPool3DWithIndices
from ..tensor import Tensor
from .pooling import _AdaptiveAvgPoolNd, _AdaptiveMaxPoolNd, _AvgPoolNd, _ints, _list_with_default, _MaxPoolNd


def _parameters(function, input, kernel_size, stride, padding, dilation=None):
    """The parameters as given (torch's node shows them so) and in full, after torch's checks of their lengths."""
    if not isinstance(input, Tensor):
        raise must_be_tensor(function, "input", 1, input)
    values = [_ints(function, name, position, value, 3) for name, position, value in
              (("kernel_size", 2, kernel_size), ("stride", 3, stride), ("padding", 4, padding))]  # fmt: skip
    kernel, steps, pad = values
    must = "must either be" if function == "max_pool3d" else "must be"
    if len(kernel) not in (1, 3):
        raise RuntimeError(f"{function}: kernel_size {must} a single int, or a tuple of three ints")
    if len(steps) not in (0, 1, 3):
        raise RuntimeError(f"{function}: stride {must} omitted, a single int, or a tuple of three ints")
    if len(pad) not in (1, 3):
        raise RuntimeError(f"{function}: padding {must} a single int, or a tuple of three ints")
    dil = (1,)
    if dilation is not None:
        dil = _ints(function, "dilation", 5, dilation, 3)
        if len(dil) not in (1, 3):
            raise RuntimeError(f"{function}: dilation must be either a single int, or a tuple of three ints")
    full = [v * 3 if len(v) == 1 else v for v in (kernel, steps or kernel, pad, dil)]
    return (kernel, steps, pad, dil), full


def _output_size(function, input, kernel, stride, padding, dilation, ceil_mode, check_input_size=False):
    """torch's ``pooling_output_shape`` for the three dims, then its ``pool3d_shape_check``."""
    if input.ndim not in (4, 5):
        raise RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    out = tuple(P.pooling_output_size(input.shape[d], kernel[i], padding[i], stride[i], dilation[i], ceil_mode)
                for i, d in enumerate((-3, -2, -1)))  # fmt: skip
    (kt, kh, kw), (dt, dh, dw), (pt, ph, pw), (lt, lh, lw) = kernel, stride, padding, dilation
    if kt <= 0 or kh <= 0 or kw <= 0:
        raise RuntimeError(f"kernel size should be greater than zero, but got kT: {kt} kH: {kh} kW: {kw}")
    if dt <= 0 or dh <= 0 or dw <= 0:
        raise RuntimeError(f"stride should be greater than zero, but got dT: {dt} dH: {dh} dW: {dw}")
    if lt <= 0 or lh <= 0 or lw <= 0:
        raise RuntimeError(f"dilation should be greater than zero, but got dilationT: {lt} dilationH: {lh} "
                           f"dilationW: {lw}")  # fmt: skip
    shape = tuple(input.shape)
    if any(size <= 0 for size in shape[input.ndim - 4:]):
        raise RuntimeError(f"{function}: Expected input's non-batch dimensions to have positive length, but input has "
                           f"a shape of [{', '.join(map(str, shape))}] and non-batch dimension 0 has length "
                           "zero!")  # fmt: skip
    planes, t, h, w = shape[-4:]
    if check_input_size and (t < kt or h < kh or w < kw):
        raise RuntimeError(f"input image (T: {t} H: {h} W: {w}) smaller than kernel size (kT: {kt} kH: {kh} kW: "
                           f"{kw})")  # fmt: skip
    if kt // 2 < pt or kw // 2 < pw or kh // 2 < ph:
        raise RuntimeError(f"pad should be smaller than or equal to half of kernel size, but got kT: {kt} kW: {kw} "
                           f"kH: {kh} padT: {pt} padW: {pw} padH: {ph}")  # fmt: skip
    if min(out) < 1:
        raise RuntimeError(f"Given input size: ({planes}x{t}x{h}x{w}). Calculated output size: ({planes}x"
                           f"{'x'.join(map(str, out))}). Output size is too small")  # fmt: skip
    return out


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):  # fmt: skip
    """Mirror ``torch.nn.functional.max_pool3d_with_indices``: the largest value of each ``kernel_size`` window of
    the last three dims of ``input`` (N, C, D, H, W) or (C, D, H, W) and where it is (its flat position in the
    D x H x W volume), as a pair. One MaxPool3DWithIndicesBackward0 node."""
    given, (kernel, steps, pad, dil) = _parameters("max_pool3d", input, kernel_size, stride, padding, dilation)
    out = _output_size("max_pool3d_with_indices_out_cpu_template()", input, kernel, steps, pad, dil, ceil_mode)
    if input.dtype.category == 0:
        raise not_implemented("max_pool3d", input.dtype)
    indices = wrap(P.max_pool_indices(input._data, kernel, steps, pad, dil, out))
    values = MaxPool3DWithIndices.apply(input, kernel_size=given[0], stride=given[1], padding=given[2],
                                        dilation=given[3], ceil_mode=bool(ceil_mode), indices=indices)  # fmt: skip
    return values, indices


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """Mirror ``torch.nn.functional.max_pool3d``: the largest value of each ``kernel_size`` window of the last three
    dims, windows ``stride`` apart (the kernel's size if None); with ``return_indices``, also where each is."""
    out = max_pool3d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return out if return_indices else out[0]


def torch_max_pool3d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """Mirror ``torch.max_pool3d``: ``F.max_pool3d`` without ``return_indices``."""
    return max_pool3d(input, kernel_size, stride or None, padding, dilation, ceil_mode)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):  # fmt: skip
    """Mirror ``torch.nn.functional.avg_pool3d``: the mean of each ``kernel_size`` window of the last three dims of
    ``input`` (N, C, D, H, W) or (C, D, H, W) (zero ``padding`` counted in it if ``count_include_pad``; the sum
    divided by ``divisor_override`` if given). One AvgPool3DBackward0 node."""
    given, (kernel, steps, pad, _) = _parameters("avg_pool3d", input, kernel_size, stride, padding)
    if input.ndim not in (4, 5):
        raise RuntimeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    _output_size("avg_pool3d()", input, kernel, steps, pad, (1, 1, 1), ceil_mode, check_input_size=True)
    if input.dtype.category == 0 or input.dtype is float16:  # torch's CPU kernel has no bool or float16 version
        raise not_implemented("avg_pool3d_out_frame", input.dtype)
    return avg_pool3d_op(input, given[0], given[1], given[2], bool(ceil_mode), bool(count_include_pad),
                         divisor_override)  # fmt: skip


def adaptive_avg_pool3d(input, output_size):
    """Mirror ``torch.nn.functional.adaptive_avg_pool3d``: the average of each window of an ``output_size`` grid over
    the last three dims (None keeps a dim's size): ``mean`` over them for a 1x1x1 grid (MeanBackward1), as torch
    does, else AdaptiveAvgPool3DBackward0."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("adaptive_avg_pool3d", "input", 1, input)
    sizes = _ints("adaptive_avg_pool3d", "output_size", 2, _list_with_default(output_size, input), 3)
    if len(sizes) != 3:
        raise RuntimeError("adaptive_avg_pool3d: output_size must be 3")
    if min(sizes) < 0:
        raise RuntimeError("adaptive_avg_pool3d: elements of output_size must be greater than or equal to 0 but "
                           f"received {{{sizes[0]}, {sizes[1]}, {sizes[2]}}}")  # fmt: skip
    if sizes == (1, 1, 1):
        return input.mean((-1, -2, -3), keepdim=True)
    for d in range(1, input.ndim):
        if input.shape[d] <= 0:
            raise RuntimeError("adaptive_avg_pool3d(): Expected input to have non-zero size for non-batch dimensions, "
                               f"but input has sizes [{', '.join(map(str, input.shape))}] with dimension {d} being "
                               "empty")  # fmt: skip
    if input.ndim not in (4, 5):
        raise RuntimeError(f"adaptive_avg_pool3d(): Expected 4D or 5D tensor, but got {list(input.shape)}")
    if not input.dtype.is_floating_point:
        raise not_implemented("adaptive_avg_pool3d_cpu", input.dtype)
    return AP3.AdaptiveAvgPool3D.apply(input, output_size=sizes)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    """Mirror ``torch.nn.functional.adaptive_max_pool3d_with_indices``: the largest value of each window of an
    ``output_size`` grid over the last three dims, and where it is (its flat position in the volume), as a pair."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("adaptive_max_pool3d", "input", 1, input)
    sizes = _ints("adaptive_max_pool3d", "output_size", 2, _list_with_default(output_size, input), 3)
    if input.ndim not in (4, 5):
        shown = ", ".join(map(str, input.shape))
        raise RuntimeError(f"adaptive_max_pool3d(): Expected 4D or 5D tensor, but got: [{shown}]")
    for d in range(1, input.ndim):
        if input.shape[d] <= 0:
            raise RuntimeError("adaptive_max_pool3d(): Expected input to have non-zero size for non-batch dimensions, "
                               f"but input has sizes [{', '.join(map(str, input.shape))}] with dimension {d} being "
                               "empty")  # fmt: skip
    if len(sizes) != 3:
        raise RuntimeError("adaptive_max_pool3d(): internal error: output_size.size() must be 3")
    for s in sizes:
        if s < 0:
            shown = ", ".join(map(str, (*input.shape[:-3], *sizes)))
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: [{shown}]")
    if not input.dtype.is_floating_point:
        raise not_implemented("adaptive_max_pool3d_cpu", input.dtype)
    indices = wrap(AP.adaptive_max_pool_indices(input._data, sizes))
    return AP3.AdaptiveMaxPool3D.apply(input, indices=indices), indices


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """Mirror ``torch.nn.functional.adaptive_max_pool3d``: the largest value of each window of an ``output_size``
    grid over the last three dims (None keeps a dim's size); with ``return_indices``, also where each is
    (AdaptiveMaxPool3DBackward0)."""
    out = adaptive_max_pool3d_with_indices(input, output_size)
    return out if return_indices else out[0]


class MaxPool3d(_MaxPoolNd):
    """Mirror ``torch.nn.MaxPool3d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False)``: ``F.max_pool3d`` (a 3-D CNN's, over a clip's frames and pixels)."""

    pool = staticmethod(max_pool3d)


class AvgPool3d(_AvgPoolNd):
    """Mirror ``torch.nn.AvgPool3d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)``: ``F.avg_pool3d``, the stride the kernel's size unless given."""

    pool = staticmethod(avg_pool3d)


class AdaptiveAvgPool3d(_AdaptiveAvgPoolNd):
    """Mirror ``torch.nn.AdaptiveAvgPool3d(output_size)`` (``1``: a 3-D CNN's global average pooling)."""

    pool = staticmethod(adaptive_avg_pool3d)


class AdaptiveMaxPool3d(_AdaptiveMaxPoolNd):
    """Mirror ``torch.nn.AdaptiveMaxPool3d(output_size, return_indices=False)``."""

    pool = staticmethod(adaptive_max_pool3d)
