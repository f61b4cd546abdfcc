"""Padding as ``torch.nn.functional.pad`` does it in its constant mode (the other modes are not minigrad's), and the
layers that call it: ``nn.ConstantPad1d``/``2d``/``3d`` and ``nn.ZeroPad1d``/``2d``/``3d``."""

from ..arguments import is_int, must_be_tensor
from ..ops.padding import ConstantPadNd
from ..tensor import Tensor
from .module import Module

_MODES = ("constant", "reflect", "replicate", "circular")


def pad(input, pad, mode="constant", value=None):
    """Mirror ``torch.nn.functional.pad`` with ``mode='constant'``: ``value`` (0 if None) added around the last dims,
    ``pad`` giving ``(left, right)`` of the last dim first, then of the one before; a negative amount crops
    (ConstantPadNdBackward0). The other modes raise NotImplementedError."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("pad", "input", 1, input)
    if not isinstance(pad, (tuple, list)):
        raise must_be_tensor("pad", "pad", 2, pad, "tuple of ints")
    for i, p in enumerate(pad):
        if not is_int(p):
            raise TypeError(f"pad(): argument 'pad' (position 2) must be tuple of ints, but found element of type "
                            f"{type(p).__name__} at pos {i}")  # fmt: skip
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) > 2 * input.ndim:
        raise RuntimeError("Padding length should be less than or equal to two times the input dimension but got "
                           f"padding length {len(pad)} and input of dimension {input.ndim}")  # fmt: skip
    if mode not in _MODES:
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if mode != "constant":
        raise NotImplementedError(f"minigrad's pad has only mode='constant', not mode='{mode}'")
    return ConstantPadNd.apply(input, pad=tuple(int(p) for p in pad), value=0 if value is None else value)


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
