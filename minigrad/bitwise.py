"""Bitwise and logical functions as torch has them: ``&``, ``|``, ``^`` and ``~`` (bitwise on integers, logical on
bools, refused for floats), ``torch.bitwise_and``/``or``/``xor``/``not`` and ``torch.logical_and``/``or``/``xor``/
``not`` (any dtype read as nonzero, a bool result). None of them has a gradient. Each is registered with
``@public`` and exported as ``minigrad.<name>`` by this module's ``__all__``."""

import numpy as np

from . import dtypes
from .ops._util import check_broadcast, not_implemented, promoted, wrap
from .public import public
from .tensor import Tensor

__all__ = [
    "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "logical_and", "logical_or", "logical_xor",
    "logical_not",
]  # fmt: skip


def _bitwise(fn, kernel, input, other):
    """``fn`` (numpy's bitwise and, or, xor) of two operands in their promoted dtype, which must not be floating
    (torch's error names ``kernel``); NotImplemented for an operand of another type."""
    operands = promoted(input, other)
    if operands is None:
        return NotImplemented
    a, want = operands
    if want.is_floating_point:
        raise not_implemented(kernel, want)
    b = other._data if isinstance(other, Tensor) else np.asarray(other)
    return wrap(np.asarray(fn(a._data.astype(want.np, copy=False), b.astype(want.np, copy=False))))


@public("bitwise_and", "__and__", inplace="bitwise_and_", function=False, binary=True, inplace_operator="__iand__")
def bitwise_and(input, other):
    """Mirror ``torch.bitwise_and`` and ``&``."""
    return _bitwise(np.bitwise_and, "bitwise_and_cpu", input, other)


@public("bitwise_or", "__or__", inplace="bitwise_or_", function=False, binary=True, inplace_operator="__ior__")
def bitwise_or(input, other):
    """Mirror ``torch.bitwise_or`` and ``|``."""
    return _bitwise(np.bitwise_or, "bitwise_or_cpu", input, other)


@public("bitwise_xor", "__xor__", inplace="bitwise_xor_", function=False, binary=True, inplace_operator="__ixor__")
def bitwise_xor(input, other):
    """Mirror ``torch.bitwise_xor`` and ``^``."""
    return _bitwise(np.bitwise_xor, "bitwise_xor_cpu", input, other)


public.reflected(bitwise_and, "__rand__", "number & tensor")
public.reflected(bitwise_or, "__ror__", "number | tensor")
public.reflected(bitwise_xor, "__rxor__", "number ^ tensor")


@public("bitwise_not", inplace="bitwise_not_", function=False)
def bitwise_not(input):
    """Mirror ``torch.bitwise_not``: logical not of a bool tensor, bitwise not of an integer one."""
    if input.dtype.is_floating_point:
        raise not_implemented("bitwise_not_cpu", input.dtype)
    return wrap(np.logical_not(input._data) if input.dtype is dtypes.bool_ else np.invert(input._data))


@public("__invert__", function=False)
def _invert_operator(self):
    """``~tensor``: ``bitwise_not``, with torch's TypeError for a floating tensor."""
    if self.dtype.is_floating_point:
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return bitwise_not(self)


def _logical(fn, input, other):
    if not isinstance(other, Tensor):
        return NotImplemented
    check_broadcast(input, other)
    return wrap(np.asarray(fn(input._data, other._data)))


@public("logical_and", inplace="logical_and_", function=False, binary=True)
def logical_and(input, other):
    """Mirror ``torch.logical_and``: True where both are nonzero (a bool tensor)."""
    return _logical(np.logical_and, input, other)


@public("logical_or", inplace="logical_or_", function=False, binary=True)
def logical_or(input, other):
    """Mirror ``torch.logical_or``: True where either is nonzero (a bool tensor)."""
    return _logical(np.logical_or, input, other)


@public("logical_xor", inplace="logical_xor_", function=False, binary=True)
def logical_xor(input, other):
    """Mirror ``torch.logical_xor``: True where exactly one is nonzero (a bool tensor)."""
    return _logical(np.logical_xor, input, other)


@public("logical_not", inplace="logical_not_", function=False)
def logical_not(input):
    """Mirror ``torch.logical_not``: True where the input is zero (a bool tensor)."""
    return wrap(np.logical_not(input._data))
