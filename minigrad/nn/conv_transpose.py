"""Transposed convolutions: ``torch.nn.functional.conv_transpose1d``, ``conv_transpose2d`` and ``conv_transpose3d``
(one ConvolutionBackward0 node with ``transposed=True``, as in torch) and the layers ``nn.ConvTranspose1d``,
``nn.ConvTranspose2d`` and ``nn.ConvTranspose3d``, with torch's initialisation, printout and errors."""

import functools
import inspect

from ..arguments import invalid_arguments, is_int
from ..ops.conv import Convolution
from ..size import Size
from ..tensor import Tensor
from .conv import _BadArguments, _check_shape_forward, _ConvNd, _ints, _ntuple, _sizes

_SIGNATURE = ("Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, "
              "tuple of ints output_padding = 0, int groups = 1, tuple of ints dilation = 1",)  # fmt: skip


def _checked_call(fn):
    """``fn`` raising torch's TypeError for the call as given when an argument has the wrong type."""

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except _BadArguments:
            raise invalid_arguments(fn.__name__, args, _SIGNATURE, kwargs) from None

    call.__signature__ = inspect.signature(fn)
    return call


def _kernel_checks(input, weight, stride, padding, output_padding, dilation):
    """torch's ``slow_conv_transpose2d_shape_check`` (a 1-d convolution seen as a 2-d one of height 1) or
    ``slow_conv_transpose3d_shape_check``, naming each dim as it does."""
    n = max(len(stride), 2)

    def full(values, fill):
        return (fill,) * (n - len(values)) + tuple(values)

    st, dil, op = full(stride, 1), full(dilation, 1), full(output_padding, 0)
    pad, kernel, size = full(padding, 0), full(weight.shape[2:], 1), full(input.shape[2:], 1)
    names = ("depth", "height", "width")[3 - n:]

    def shown(label, values, sep):
        return sep.join(f"{label}_{name}: {v}" for name, v in zip(names, values))

    if any(d <= 0 for d in dil):
        raise RuntimeError(f"dilation should be greater than zero, but got {shown('dilation', dil, ', ')}")
    if not all(o < s or o < d for o, s, d in zip(op, st, dil)):
        raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                           f"{shown('output_padding', op, ' ')} {shown('stride', st, ' ')} "
                           f"{shown('dilation', dil, ' ')}")  # fmt: skip
    out = [(s - 1) * t - 2 * p + d * (k - 1) + 1 + o for s, t, p, d, k, o in zip(size, st, pad, dil, kernel, op)]
    if min(out) < 1:
        raise RuntimeError(f"Given input size per channel: ({' x '.join(map(str, size))}). Calculated output size per "
                           f"channel: ({' x '.join(map(str, out))}). Output size is too small")  # fmt: skip


def _convolution_transpose(input, weight, bias, stride, padding, output_padding, dilation, groups):
    """torch's ``at::convolution`` with ``transposed=True`` of a batched input, with its checks in its order."""
    stride, padding, dilation, output_padding = _check_shape_forward(input, weight, bias, stride, padding, dilation,
                                                                     groups, output_padding)  # fmt: skip
    if weight.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {weight.dtype.scalar_name}")
    _kernel_checks(input, weight, stride, padding, output_padding, dilation)
    if bias is not None and bias.dtype is not input.dtype:
        bias = bias.to(input.dtype)
    return Convolution.apply(input, weight, bias, stride=stride, padding=padding, dilation=dilation, groups=groups,
                             transposed=True, output_padding=output_padding)  # fmt: skip


def _conv_transpose(name, dims, input, weight, bias, stride, padding, output_padding, groups, dilation):
    """torch's ``conv_transpose1d``/``2d``/``3d``: an unbatched input given a batch of one (and the result's taken
    away)."""
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        raise _BadArguments
    if bias is not None and not isinstance(bias, Tensor) or not is_int(groups):
        raise _BadArguments
    stride, padding, dilation = _ints(stride, dims), _ints(padding, dims), _ints(dilation, dims)
    output_padding = _ints(output_padding, dims)
    if input.ndim not in (dims + 1, dims + 2):
        raise RuntimeError(f"Expected {dims + 1}D (unbatched) or {dims + 2}D (batched) input to {name}, but got input "
                           f"of size: {_sizes(input.shape)}")  # fmt: skip
    batched = input.ndim == dims + 2
    x = input if batched else input.unsqueeze(0)
    out = _convolution_transpose(x, weight, bias, stride, padding, output_padding, dilation, int(groups))
    return out if batched else out.squeeze(0)


@_checked_call
def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Mirror ``torch.nn.functional.conv_transpose1d`` (and ``torch.conv_transpose1d``): the transposed convolution
    of ``input`` (N, C, L) or (C, L) with ``weight`` (C, O / groups, K), plus ``bias``; one ConvolutionBackward0
    node (``transposed=True``)."""
    return _conv_transpose("conv_transpose1d", 1, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)  # fmt: skip


@_checked_call
def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Mirror ``torch.nn.functional.conv_transpose2d`` (and ``torch.conv_transpose2d``): the transposed convolution
    (the gradient of a convolution's input; an upsampling) of ``input`` (N, C, H, W) or (C, H, W) with ``weight``
    (C, O / groups, kH, kW), plus ``bias``; one ConvolutionBackward0 node (``transposed=True``)."""
    return _conv_transpose("conv_transpose2d", 2, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)  # fmt: skip


@_checked_call
def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Mirror ``torch.nn.functional.conv_transpose3d`` (and ``torch.conv_transpose3d``): the transposed convolution
    of ``input`` (N, C, D, H, W) or (C, D, H, W) with ``weight`` (C, O / groups, kD, kH, kW), plus ``bias``; one
    ConvolutionBackward0 node (``transposed=True``)."""
    return _conv_transpose("conv_transpose3d", 3, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)  # fmt: skip


class _ConvTransposeNd(_ConvNd):
    """torch's base of the transposed convolution layers: the weight (in_channels, out_channels / groups, *kernel),
    initialised as a convolution's; ``forward(input, output_size=None)`` picks the output padding that gives
    ``output_size``."""

    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):  # fmt: skip
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         device, dtype)  # fmt: skip
        self.transposed = True
        self.output_padding = _ntuple(output_padding, self.dims)

    def _output_padding(self, input, output_size):
        """torch's ``_output_padding``: the output padding that gives ``output_size`` (checked), else the layer's."""
        if output_size is None:
            return self.output_padding
        n = self.dims
        lead = 2 if input.ndim == n + 2 else 1
        if len(output_size) == lead + n:
            output_size = output_size[lead:]
        if len(output_size) != n:
            raise ValueError(f"ConvTranspose{n}D: for {input.ndim}D input, output_size must have {n} or {lead + n} "
                             f"elements (got {len(output_size)})")  # fmt: skip
        low = [(input.shape[d + lead] - 1) * self.stride[d] - 2 * self.padding[d] + self.dilation[d]
               * (self.kernel_size[d] - 1) + 1 for d in range(n)]  # fmt: skip
        high = [lo + self.stride[d] - 1 for d, lo in enumerate(low)]
        for size, lo, hi in zip(output_size, low, high):
            if size < lo or size > hi:
                raise ValueError(f"requested an output size of {output_size}, but valid sizes range from {low} to "
                                 f"{high} (for an input of {Size(input.shape[2:])})")  # fmt: skip
        return [size - lo for size, lo in zip(output_size, low)]

    def forward(self, input, output_size=None):
        conv = (conv_transpose1d, conv_transpose2d, conv_transpose3d)[self.dims - 1]
        output_padding = self._output_padding(input, output_size)
        return conv(input, self.weight, self.bias, self.stride, self.padding, output_padding, self.groups,
                    self.dilation)  # fmt: skip


class ConvTranspose1d(_ConvTransposeNd):
    """Mirror ``torch.nn.ConvTranspose1d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros')``."""

    dims = 1


class ConvTranspose2d(_ConvTransposeNd):
    """Mirror ``torch.nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros')``: ``ConvTranspose2d(16, 8, 2,
    stride=2)`` doubles the height and width (a decoder's, a U-Net's upsampling)."""

    dims = 2


class ConvTranspose3d(_ConvTransposeNd):
    """Mirror ``torch.nn.ConvTranspose3d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros')``: ``ConvTranspose3d(16, 8, 2,
    stride=2)`` doubles the depth, height and width (a 3-D U-Net's upsampling)."""

    dims = 3
