"""Elementwise number functions torch has beside arithmetic: ``fmax`` and ``fmin`` (maximum and minimum ignoring
NaN), ``gcd`` and ``lcm`` of integer tensors, and ``frexp`` (mantissa and exponent), as functions and Tensor
methods, with torch's dtype rules and errors."""

import numpy as np

from . import dtypes
from .arguments import must_be_tensor
from .ops import binary_functions as B
from .ops._util import check_broadcast, not_implemented, quiet_off, quiet_on, wrap
from .ops.frexp import Frexp
from .ops.inplace import apply_inplace
from .public import public
from .return_types import ReturnTypes
from .tensor import Tensor

__all__ = ["fmax", "fmin", "frexp", "gcd", "lcm"]


@public("fmax", binary=True, function=False)
def fmax(input, other):
    """Mirror ``torch.fmax``: the elementwise larger value, a NaN giving way to a number (NaN only where both are);
    the gradient goes to self where ``self >= other`` or other is NaN, else to other (FmaxBackward0)."""
    return B.Fmax.apply(input, other) if isinstance(other, Tensor) else NotImplemented


@public("fmin", binary=True, function=False)
def fmin(input, other):
    """Mirror ``torch.fmin``: the elementwise smaller value, a NaN giving way to a number (NaN only where both are);
    the gradient goes to self where ``self <= other`` or other is NaN, else to other (FminBackward0)."""
    return B.Fmin.apply(input, other) if isinstance(other, Tensor) else NotImplemented


def _integers(kernel, a, b):
    """The arrays of integer tensors ``a`` and ``b`` in their promoted dtype, or torch's error for another dtype."""
    check_broadcast(a, b)
    want = dtypes.result_type((a, b))
    if want.is_floating_point or want.category == 0:
        raise not_implemented(kernel, want)
    return a._data.astype(want.np, copy=False), b._data.astype(want.np, copy=False)


@public("gcd", binary=True, function=False)
def gcd(input, other):
    """Mirror ``torch.gcd``: the elementwise greatest common divisor of two integer tensors (never negative;
    ``gcd(0, 0)`` is 0)."""
    if not isinstance(other, Tensor):
        return NotImplemented
    x, y = _integers("gcd_cpu", input, other)
    return wrap(np.gcd(x, y))


@public("lcm", binary=True, function=False)
def lcm(input, other):
    """Mirror ``torch.lcm``: the elementwise least common multiple of two integer tensors, as torch's kernel computes
    it (``|a / gcd(a, b) * b|``, wrapping around in a small dtype; 0 if either is 0)."""
    if not isinstance(other, Tensor):
        return NotImplemented
    x, y = _integers("lcm_cpu", input, other)
    token = quiet_on()
    try:
        g = np.gcd(x, y)
        out = np.where(g == 0, 0, np.abs((x // np.where(g == 0, 1, g)) * y)).astype(g.dtype, copy=False)
    finally:
        quiet_off(token)
    return wrap(out)


def _in_place(name, fn):
    """``Tensor.gcd_`` and ``lcm_``: the result written into the tensor (torch's error for a number ``other``)."""

    def method(self, other):
        if not isinstance(other, Tensor):
            raise must_be_tensor(name, "other", 1, other)
        return apply_inplace(self, fn, other)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Mirror ``Tensor.{name}``: ``{name[:-1]}`` written into this tensor in place."
    setattr(Tensor, name, method)


_in_place("gcd_", gcd)
_in_place("lcm_", lcm)


@public("frexp", function=False)
def frexp(input):
    """Mirror ``torch.frexp``: ``(mantissa, exponent)`` with ``input = mantissa * 2 ** exponent``, the mantissa in
    [0.5, 1) in magnitude (0, inf and NaN kept, exponent 0) and the exponent int32, as
    ``torch.return_types.frexp``; the mantissa's gradient is ``grad / 2 ** exponent`` (FrexpBackward0)."""
    if not input.dtype.is_floating_point:
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    mantissa, exponent = np.frexp(input._data)
    exponent = wrap(exponent.astype(np.int32, copy=False))
    return ReturnTypes(Frexp.apply(input, exponent=exponent, mantissa=mantissa), exponent, "frexp",
                       ("mantissa", "exponent"))  # fmt: skip
