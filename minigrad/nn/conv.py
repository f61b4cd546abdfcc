"""Convolutions: ``torch.nn.functional.conv1d``, ``conv2d`` and ``conv3d`` (one ConvolutionBackward0 node, as in
torch) and the layers ``nn.Conv1d``, ``nn.Conv2d`` and ``nn.Conv3d``, with torch's initialisation, printout and
errors."""

import functools
import inspect
import math
from collections.abc import Iterable

from ..arguments import invalid_arguments, is_int
from ..ops._util import not_implemented
from ..ops.conv import Convolution
from ..ops.padding import ConstantPadNd
from ..tensor import Tensor
from ..torch_warnings import internal, user_stacklevel, warn_once
from . import init
from .module import Module
from .padding import pad
from .parameter import Parameter

_SIGNATURES = (
    "Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, tuple of "
    "ints dilation = 1, int groups = 1",
    'Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str padding = "valid", tuple of ints '
    "dilation = 1, int groups = 1",
)
_SAME_WARNING = internal("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded "
                         "copy of the input be created", "aten/src/ATen/native/Convolution.cpp:1101")  # fmt: skip


class _BadArguments(Exception):
    """An argument of a type torch's parser refuses: the call fits none of conv's overloads."""


def _checked_call(fn):
    """``fn`` raising torch's TypeError for the call as given (positional and keyword arguments) when it finds an
    argument of the wrong type."""

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except _BadArguments:
            raise invalid_arguments(fn.__name__, args, _SIGNATURES, kwargs) from None

    call.__signature__ = inspect.signature(fn)
    return call


def _ints(value, dims):
    """An int argument of conv (``stride``, ``dilation``, ``padding``) as torch's parser reads an ``int[dims]``: an
    int repeated, or a tuple of ints as it is."""
    if is_int(value):
        return (int(value),) * dims
    if isinstance(value, (tuple, list)) and all(is_int(v) for v in value):
        return tuple(int(v) for v in value)
    raise _BadArguments


def _expand(values, name, dims):
    """torch's ``expand_param_if_needed``: one value for every spatial dim, or one per dim."""
    if len(values) == 1:
        return values * dims
    if len(values) != dims:
        shown = "[" + ", ".join(map(str, values)) + "]"
        raise RuntimeError(f"expected {name} to be a single integer value or a list of {dims} values to match the "
                           f"convolution dimensions, but got {name}={shown}")  # fmt: skip
    return values


def _sizes(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def _check_shape_forward(input, weight, bias, stride, padding, dilation, groups, output_padding=None):
    """torch's ``check_shape_forward`` of ``at::convolution``, in its order, for a convolution or (given an
    ``output_padding``) a transposed one: the parameters expanded to one value per spatial dim, then checked, then
    the weight's, input's and bias's sizes. Returns stride, padding, dilation and output_padding expanded."""
    transposed = output_padding is not None
    dims = weight.ndim - 2
    if dims <= 0:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    stride, padding = _expand(stride, "stride", dims), _expand(padding, "padding", dims)
    if transposed:
        output_padding = _expand(output_padding, "output_padding", dims)
    dilation = _expand(dilation, "dilation", dims)
    if any(p < 0 for p in padding):
        raise RuntimeError("negative padding is not supported")
    if transposed and any(p < 0 for p in output_padding):
        raise RuntimeError("negative output_padding is not supported")
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(d < 0 for d in dilation):
        raise RuntimeError("dilation should be greater than zero")
    ws = tuple(weight.shape)
    if weight.ndim != input.ndim:
        raise RuntimeError(f"Expected {weight.ndim}-dimensional input for {weight.ndim}-dimensional weight "
                           f"{_sizes(ws)}, but got {input.ndim}-dimensional input of size {_sizes(input.shape)} "
                           "instead")  # fmt: skip
    if ws[0] < groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be at least {groups} at dimension 0, but got "
                           f"weight of size {_sizes(ws)} instead")  # fmt: skip
    if ws[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but "
                           f"got weight of size [{_sizes(ws)}] instead")  # fmt: skip
    if transposed:
        if input.shape[1] != ws[0]:
            raise RuntimeError(f"Given transposed=1, weight of size {_sizes(ws)}, expected input{_sizes(input.shape)} "
                               f"to have {ws[0]} channels, but got {input.shape[1]} channels instead")  # fmt: skip
        if bias is not None and (bias.ndim != 1 or bias.shape[0] != ws[1] * groups):
            raise RuntimeError(f"Given transposed=1, weight of size {_sizes(ws)}, expected bias to be 1-dimensional "
                               f"with {ws[1] * groups} elements, but got bias of size {_sizes(bias.shape)} "
                               "instead")  # fmt: skip
        return stride, padding, dilation, output_padding
    if input.shape[1] != ws[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {_sizes(ws)}, expected input{_sizes(input.shape)} "
                           f"to have {ws[1] * groups} channels, but got {input.shape[1]} channels instead")  # fmt: skip
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != ws[0]):
        raise RuntimeError(f"Given weight of size {_sizes(ws)}, expected bias to be 1-dimensional with {ws[0]} "
                           f"elements, but got bias of size {_sizes(bias.shape)} instead")  # fmt: skip
    return stride, padding, dilation, None


def check_kernel_fits(input, weight, padding, dilation):
    """torch's error for a (dilated) kernel larger than the padded input, in some spatial dim."""
    padded = [s + 2 * p for s, p in zip(input.shape[2:], padding)]
    kernel = [d * (k - 1) + 1 for d, k in zip(dilation, weight.shape[2:])]
    if any(s < k for s, k in zip(padded, kernel)):
        raise RuntimeError(f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). Kernel "
                           f"size: ({' x '.join(map(str, kernel))}). Kernel size can't be greater than actual input "
                           "size")  # fmt: skip


def _convolution(input, weight, bias, stride, padding, dilation, groups):
    """torch's ``at::convolution`` (not transposed) of a batched input, with its checks in its order."""
    given = padding
    stride, padding, dilation, _ = _check_shape_forward(input, weight, bias, stride, padding, dilation, groups)
    check_kernel_fits(input, weight, padding, dilation)
    if any(d == 0 for d in dilation):
        raise RuntimeError(f"dilation should be greater than zero, but got {_sizes(dilation)}")
    if weight.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {weight.dtype.scalar_name}")
    if input.dtype.category == 0:
        raise not_implemented("slow_conv2d_cpu", input.dtype)
    shown = None if given == padding else (given, (0,))  # padding="valid": torch's node shows (0,) for both
    return Convolution.apply(input, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=groups,
                             shown=shown)  # fmt: skip


def _conv(name, dims, input, weight, bias, stride, padding, dilation, groups):
    """torch's ``conv1d``/``conv2d``: the bias's dtype checked, an unbatched input given a batch of one (and the
    result's taken away again), ``padding`` a number, a tuple or the strings ``"valid"`` and ``"same"``."""
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        raise _BadArguments
    if bias is not None and not isinstance(bias, Tensor) or not is_int(groups):
        raise _BadArguments
    stride, dilation = _ints(stride, dims), _ints(dilation, dims)
    if not isinstance(padding, str):
        padding = _ints(padding, dims)
    if bias is not None and bias.dtype is not input.dtype:
        raise RuntimeError(f"Input type ({input.dtype.c_name}) and bias type ({bias.dtype.c_name}) should be the "
                           "same")  # fmt: skip
    if input.ndim not in (dims + 1, dims + 2):
        raise RuntimeError(f"Expected {dims + 1}D (unbatched) or {dims + 2}D (batched) input to {name}, but got input "
                           f"of size: {_sizes(input.shape)}")  # fmt: skip
    batched = input.ndim == dims + 2
    x = input if batched else input.unsqueeze(0)
    groups = int(groups)
    if isinstance(padding, str):
        out = _convolution_mode(x, weight, bias, stride, padding, dilation, groups)
    else:
        out = _convolution(x, weight, bias, stride, padding, dilation, groups)
    return out if batched else out.squeeze(0)


def _convolution_mode(input, weight, bias, stride, padding, dilation, groups):
    """torch's ``_convolution_mode``: padding ``"valid"`` (none) or ``"same"`` (the output as large as the input: half
    the kernel's extent on each side, the odd one out added on the right with ``F.pad`` first)."""
    if padding == "valid":
        return _convolution(input, weight, bias, stride, (0,), dilation, groups)
    if padding != "same":
        raise RuntimeError(f"Invalid padding string: '{padding}'")
    if weight.ndim <= 2:
        raise RuntimeError("weight should have at least three dimensions")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    dims = weight.ndim - 2
    if weight.ndim != input.ndim:
        raise RuntimeError(f"Expected {weight.ndim}-dimensional input for {weight.ndim}-dimensional weight"
                           f"{_sizes(weight.shape)}, but got {input.ndim}-dimensional input of size "
                           f"{_sizes(input.shape)} instead")  # fmt: skip
    if any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    dilation = dilation * dims if len(dilation) == 1 else dilation
    left, widths = [], [0] * (2 * dims)
    for i in range(dims):
        total = dilation[i] * (weight.shape[i + 2] - 1)
        left.append(total // 2)
        if total % 2:  # right = left + 1: pad one more on the right first
            widths[2 * (dims - 1 - i) + 1] = 1
    if any(widths):
        warn_once(_SAME_WARNING, user_stacklevel())
        input = ConstantPadNd.apply(input, pad=tuple(widths), value=0)  # noqa: A001 - torch's name
    return _convolution(input, weight, bias, stride, tuple(left), dilation, groups)


@_checked_call
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.functional.conv1d`` (and ``torch.conv1d``): the cross-correlation of ``input`` (N, C, L) or
    (C, L) with ``weight`` (O, C / groups, K), plus ``bias``; one ConvolutionBackward0 node."""
    return _conv("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


@_checked_call
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.functional.conv2d`` (and ``torch.conv2d``): the cross-correlation of ``input`` (N, C, H, W)
    or (C, H, W) with ``weight`` (O, C / groups, kH, kW), plus ``bias``; ``padding`` an int, a pair, ``"valid"`` or
    ``"same"``; one ConvolutionBackward0 node (an unbatched input adds UnsqueezeBackward0 and SqueezeBackward1)."""
    return _conv("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


@_checked_call
def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """Mirror ``torch.nn.functional.conv3d`` (and ``torch.conv3d``): the cross-correlation of ``input`` (N, C, D, H,
    W) or (C, D, H, W) with ``weight`` (O, C / groups, kD, kH, kW), plus ``bias``; one ConvolutionBackward0 node."""
    return _conv("conv3d", 3, input, weight, bias, stride, padding, dilation, groups)


def _ntuple(value, n):
    """torch's ``_single``/``_pair``/``_triple``: an iterable as a tuple (a 0-d tensor fails iterating, as in
    torch), anything else repeated ``n`` times."""
    return tuple(value) if isinstance(value, Iterable) else (value,) * n


# torch names these sets in its errors: their order is Python's set order, as in torch
_PADDING_STRINGS = {"same", "valid"}
_PADDING_MODES = {"zeros", "reflect", "replicate", "circular"}


class _ConvNd(Module):
    """torch's base of the convolution layers: the checks of the arguments, the parameters and their
    initialisation (``kaiming_uniform_`` with ``a=sqrt(5)``, the bias uniform in ±1/sqrt(fan_in)), the printout."""

    dims = 2
    _transposed = False  # the transposed layers' weight is (in_channels, out_channels / groups, *kernel)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", device=None, dtype=None):  # fmt: skip
        super().__init__()
        n = self.dims
        kernel_size, stride, dilation = _ntuple(kernel_size, n), _ntuple(stride, n), _ntuple(dilation, n)
        padding = padding if isinstance(padding, str) else _ntuple(padding, n)
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"Invalid padding string {padding!r}, should be one of {_PADDING_STRINGS}")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"padding_mode must be one of {_PADDING_MODES}, but got padding_mode='{padding_mode}'")
        self.in_channels, self.out_channels, self.kernel_size = in_channels, out_channels, kernel_size
        self.stride, self.padding, self.dilation = stride, padding, dilation
        self.transposed, self.output_padding, self.groups = False, (0,) * n, groups
        self.padding_mode = padding_mode
        if isinstance(padding, str):
            reversed_padding = [0, 0] * n
            if padding == "same":
                for d, k, i in zip(dilation, kernel_size, range(n - 1, -1, -1)):
                    total = d * (k - 1)
                    reversed_padding[2 * i], reversed_padding[2 * i + 1] = total // 2, total - total // 2
        else:
            reversed_padding = tuple(p for p in reversed(padding) for _ in range(2))
        self._reversed_padding_repeated_twice = reversed_padding
        from .. import creation

        shape = (out_channels, in_channels // groups, *kernel_size)
        if self._transposed:
            shape = (in_channels, out_channels // groups, *kernel_size)
        self.weight = Parameter(creation.empty(shape, device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(creation.empty(out_channels, device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Mirror torch's: the weight ``kaiming_uniform_(a=sqrt(5))``, the bias uniform in ±1/sqrt(fan_in)."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        s = f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, stride={self.stride}"
        if self.padding != (0,) * len(self.padding):
            s += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += f", dilation={self.dilation}"
        if self.output_padding != (0,) * len(self.output_padding):
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += f", padding_mode={self.padding_mode}"
        return s

    def _conv_forward(self, input, weight, bias):
        conv = (conv1d, conv2d, conv3d)[self.dims - 1]
        if self.padding_mode != "zeros":
            padded = pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode)
            return conv(padded, weight, bias, self.stride, (0,) * self.dims, self.dilation, self.groups)
        return conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)


class Conv1d(_ConvNd):
    """Mirror ``torch.nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros')``."""

    dims = 1


class Conv2d(_ConvNd):
    """Mirror ``torch.nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros')``: ``Conv2d(1, 6, 5)`` maps 1 channel to 6 with 5x5 kernels."""

    dims = 2


class Conv3d(_ConvNd):
    """Mirror ``torch.nn.Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros')``: a video's or a scan's convolution, over depth (frames), height and width."""

    dims = 3
