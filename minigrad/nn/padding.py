"""Padding as ``torch.nn.functional.pad`` does it: the constant mode (ConstantPadNdBackward0), the reflect and
replicate modes of the last one, two or three dims (ReflectionPad1D/2D/3DBackward0, ReplicationPad1D/2D/3DBackward0)
and the circular mode (torch's copies into slices of a new tensor: CopySlices nodes); and the layers that call it:
``nn.ConstantPad1d``/``2d``/``3d``, ``nn.ZeroPad1d``/``2d``/``3d``, ``nn.ReflectionPad1d``/``2d``/``3d``,
``nn.ReplicationPad1d``/``2d``/``3d`` and ``nn.CircularPad1d``/``2d``/``3d``."""

from ..arguments import check_types, is_float, is_int, must_be_tensor
from ..ops import padding_modes as PM
from ..ops._util import not_implemented
from ..ops.padding import ConstantPadNd
from ..tensor import Tensor
from .module import Module

_MODES = ("constant", "reflect", "replicate", "circular")


def pad(input, pad, mode="constant", value=None):
    """Mirror ``torch.nn.functional.pad``: ``pad`` gives ``(left, right)`` of the last dim first, then of the one
    before; a negative amount crops. ``mode='constant'``: ``value`` (0 if None) added (ConstantPadNdBackward0);
    ``'reflect'``, ``'replicate'``, ``'circular'``: the last one, two or three dims of 2-d to 5-d input (one or two
    dims more than are padded) mirrored, the edges repeated, or wrapped around."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("pad", "input", 1, input)
    if not isinstance(pad, (tuple, list)):
        raise must_be_tensor("pad", "pad", 2, pad, "tuple of ints")
    for i, p in enumerate(pad):
        if not is_int(p):
            raise TypeError(f"pad(): argument 'pad' (position 2) must be tuple of ints, but found element of type "
                            f"{type(p).__name__} at pos {i}")  # fmt: skip
    if mode.__class__ is not str or value is not None and not is_float(value):
        check_types("pad", ("mode", 3, mode, "str"), ("value", 4, value, "float?"))
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) > 2 * input.ndim:
        raise RuntimeError("Padding length should be less than or equal to two times the input dimension but got "
                           f"padding length {len(pad)} and input of dimension {input.ndim}")  # fmt: skip
    if mode not in _MODES:
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    pad = tuple(int(p) for p in pad)
    if mode == "constant":
        return ConstantPadNd.apply(input, pad=pad, value=0 if value is None else value)
    if value is not None and value != 0:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    dims = len(pad) // 2
    if dims in (1, 2, 3) and input.ndim in (dims + 1, dims + 2):
        return _circular(input, pad) if mode == "circular" else _reflect_or_replicate(input, pad, mode)
    raise NotImplementedError(f"Padding size {len(pad)} is not supported for {input.ndim}D input tensor.\n"
                              "Supported combinations for non-constant padding:\n"
                              "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
                              "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
                              "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")  # fmt: skip


def _reflect_or_replicate(input, pad, mode):
    """torch's ``reflection_pad1d``/``2d``/``3d`` and ``replication_pad1d``/``2d``/``3d``, with their checks."""
    dims = len(pad) // 2
    reflect = mode == "reflect"
    kernel = f"{'reflection' if reflect else 'replication'}_pad{dims}d"
    shape = tuple(input.shape)
    if any(s == 0 for s in shape[-dims - 1:]) or input.ndim == dims + 1 and not shape[0]:
        raise RuntimeError(f"Expected {dims + 1}D or {dims + 2}D (batch mode) tensor with possibly 0 batch size and "
                           f"other non-zero dimensions for input, but got: [{', '.join(map(str, shape))}]")  # fmt: skip
    sizes = shape[-dims:]
    if reflect:
        for i, argument in zip(range(dims), (4, 6, 8)):
            left, right, size = pad[2 * i], pad[2 * i + 1], sizes[dims - 1 - i]
            if not (left < size and right < size):
                raise RuntimeError(f"Argument #{argument}: Padding size should be less than the corresponding input "
                                   f"dimension, but got: padding ({left}, {right}) at dimension "
                                   f"{input.ndim - 1 - i} of input [{', '.join(map(str, shape))}]")  # fmt: skip
    out = [sizes[dims - 1 - i] + pad[2 * i] + pad[2 * i + 1] for i in range(dims)][::-1]
    if dims == 1 and out[0] < 1:
        raise RuntimeError(f"input (W: {sizes[0]}) is too small. Calculated output W: {out[0]}")
    if all(o < 1 for o in out):  # torch's check is that some output dim is not empty
        gap = "" if reflect or dims == 3 else " "
        depth = (f"D: {sizes[0]} ", f"D: {out[0]} ") if dims == 3 else ("", "")
        raise RuntimeError(f"input ({depth[0]}H: {sizes[-2]}, W: {sizes[-1]}{gap}) is too small. Calculated output "
                           f"{depth[1]}H: {out[-2]} W: {out[-1]}")  # fmt: skip
    if any(o < 0 for o in out):
        if reflect and dims == 2:  # torch resizes its output, which fails so
            raise RuntimeError("numel: integer multiplication overflow")
        full = (*shape[:-dims], *out)
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(out)}: "
                           f"[{', '.join(map(str, full))}]")  # fmt: skip
    if input.dtype.category == 0:
        raise not_implemented(kernel, input.dtype)
    op = {("reflect", 1): PM.ReflectionPad1D, ("reflect", 2): PM.ReflectionPad2D, ("reflect", 3): PM.ReflectionPad3D,
          ("replicate", 1): PM.ReplicationPad1D, ("replicate", 2): PM.ReplicationPad2D,
          ("replicate", 3): PM.ReplicationPad3D}[mode, dims]  # fmt: skip
    return op.apply(input, padding=pad)


def _circular(input, pad):
    """torch's ``_pad_circular``: a new tensor, the input copied into its middle, then each dim's ends copied from
    the other end (CopySlices nodes, as in torch)."""
    dims = len(pad) // 2
    shape = list(input.shape)
    for d in range(input.ndim - dims, input.ndim):  # torch checks the first padded dim first
        left, right = pad[2 * (input.ndim - 1 - d)], pad[2 * (input.ndim - 1 - d) + 1]
        if left > shape[d] or right > shape[d]:
            raise RuntimeError("Padding value causes wrapping around more than once.")
        shape[d] += left + right
        if shape[d] < 0:
            raise RuntimeError("Negative padding value is resulting in an empty dimension")
    out = input.new_empty(shape)
    out_slice, in_slice = out, input
    for i in range(dims):
        d, left, right = input.ndim - 1 - i, pad[2 * i], pad[2 * i + 1]
        start = max(left, 0)
        out_slice = out_slice.narrow(d, start, shape[d] - max(right, 0) - start)
        start = max(-left, 0)
        in_slice = in_slice.narrow(d, start, input.shape[d] - max(-right, 0) - start)
    out_slice.copy_(in_slice)
    for i in range(dims):
        d, left, right = input.ndim - 1 - i, pad[2 * i], pad[2 * i + 1]
        if left > 0:
            end = shape[d] - max(right, 0)
            out.narrow(d, 0, left).copy_(out.narrow(d, end - left, left))
        if right > 0:
            out.narrow(d, shape[d] - right, right).copy_(out.narrow(d, max(left, 0), right))
    return out


class _ConstantPadNd(Module):
    """torch's base of the constant padding layers: ``padding`` (an int, for every side, or a tuple) and ``value``."""

    sides = 2

    def __init__(self, padding, value):
        super().__init__()
        self.padding = (padding,) * self.sides if isinstance(padding, int) else tuple(padding)
        self.value = value

    def forward(self, input):
        return pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    """Mirror ``torch.nn.ConstantPad1d(padding, value)``: the last dim padded with ``value``."""


class ConstantPad2d(_ConstantPadNd):
    """Mirror ``torch.nn.ConstantPad2d(padding, value)``: the last two dims padded with ``value``."""

    sides = 4


class ConstantPad3d(_ConstantPadNd):
    """Mirror ``torch.nn.ConstantPad3d(padding, value)``: the last three dims padded with ``value``."""

    sides = 6


class _ZeroPad:
    """What the zero padding layers add to the constant ones: a value of 0, and a printout of the padding alone."""

    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


class ZeroPad1d(_ZeroPad, ConstantPad1d):
    """Mirror ``torch.nn.ZeroPad1d(padding)``."""


class ZeroPad2d(_ZeroPad, ConstantPad2d):
    """Mirror ``torch.nn.ZeroPad2d(padding)``."""


class ZeroPad3d(_ZeroPad, ConstantPad3d):
    """Mirror ``torch.nn.ZeroPad3d(padding)``."""


class _PadNd(Module):
    """torch's base of the reflection, replication and circular padding layers: ``padding`` an int (every side) or a
    tuple, and ``F.pad`` in the layer's mode."""

    sides, mode = 2, None

    def __init__(self, padding):
        super().__init__()
        self.padding = (padding,) * self.sides if isinstance(padding, int) else tuple(padding)

    def forward(self, input):
        return pad(input, self.padding, self.mode)

    def extra_repr(self):
        return f"{self.padding}"


class ReflectionPad1d(_PadNd):
    """Mirror ``torch.nn.ReflectionPad1d(padding)``: the last dim mirrored at its ends (without repeating them)."""

    mode = "reflect"


class ReflectionPad2d(_PadNd):
    """Mirror ``torch.nn.ReflectionPad2d(padding)``: the last two dims mirrored at their ends."""

    sides, mode = 4, "reflect"


class ReplicationPad1d(_PadNd):
    """Mirror ``torch.nn.ReplicationPad1d(padding)``: the last dim's end values repeated."""

    mode = "replicate"


class ReplicationPad2d(_PadNd):
    """Mirror ``torch.nn.ReplicationPad2d(padding)``: the last two dims' edge values repeated."""

    sides, mode = 4, "replicate"


class CircularPad1d(_PadNd):
    """Mirror ``torch.nn.CircularPad1d(padding)``: the last dim wrapped around."""

    mode = "circular"


class CircularPad2d(_PadNd):
    """Mirror ``torch.nn.CircularPad2d(padding)``: the last two dims wrapped around."""

    sides, mode = 4, "circular"


class ReflectionPad3d(_PadNd):
    """Mirror ``torch.nn.ReflectionPad3d(padding)``: the last three dims mirrored at their ends."""

    sides, mode = 6, "reflect"


class ReplicationPad3d(_PadNd):
    """Mirror ``torch.nn.ReplicationPad3d(padding)``: the last three dims' edge values repeated."""

    sides, mode = 6, "replicate"


class CircularPad3d(_PadNd):
    """Mirror ``torch.nn.CircularPad3d(padding)``: the last three dims wrapped around."""

    sides, mode = 6, "circular"
