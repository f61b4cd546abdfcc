"""torch's ``special.erfcx``, ``exp(x^2) erfc(x)``, as its CPU kernel computes it (``calc_erfcx`` in
``aten/src/ATen/native/Math.h``): Steven G. Johnson's table of 100 Chebyshev polynomials, vectorised, with the
promotions of the C++ code (its double literals make float32's polynomial double arithmetic)."""

import math

import numpy as np

from .. import dtypes
from ..fused_multiply_add import fma
from . import special_tables as G
from ._util import not_implemented, wrap
from .carriers import ARRAYS
from .op import Op
from .specials import _quiet

_F64, _F32 = np.float64, np.float32


_ERFCX_TABLE = np.array(G.ERFCX_Y100)
_ISPI = 0.56418958354775628694807945156  # 1 / sqrt(pi)


def _erfcx_y100(y100):
    """Johnson's ``erfcx_y100``: the Chebyshev polynomial of row ``int(y100)`` at ``t = 2 y100 - (2k + 1)``, summed in
    float64 (the table's literals are doubles), 1 at ``y100 = 100``."""
    k = np.clip(np.nan_to_num(y100), 0, 99).astype(np.int64)  # nan: any row, the result is picked elsewhere
    t = (y100.dtype.type(2) * y100 - (2 * k + 1).astype(y100.dtype)).astype(_F64)
    rows = _ERFCX_TABLE[k]
    out = rows[..., 6]
    for j in range(5, -1, -1):
        out = out * t + rows[..., j]  # not fused: torch's results say so
    return np.where(y100 >= 100, 1.0, out).astype(y100.dtype)


@_quiet
def erfcx_kernel(x):
    """torch's ``calc_erfcx``: ``exp(x^2) erfc(x)``, by the table for ``-6.1 <= x <= 50`` (``2 exp(x^2) - erfcx(-x)``
    below 0), a continued fraction beyond 50 (its first term beyond 5e7), ``2 exp(x^2)`` below -6.1 and inf below
    -26.7."""
    c = x.dtype.type
    table = _erfcx_y100(c(400) / (c(4) + np.abs(x)))
    xx = x * x
    if x.dtype == _F32:  # C's promotions: x*x + 4.5 is double, x*x + 5 float, and nothing fused
        wide = xx.astype(_F64)
        denominator = (xx * (xx + c(5))).astype(_F64) + 3.75
        fraction = _F64(_F32(_ISPI)) * (wide * (wide + 4.5) + 2.0) / (x.astype(_F64) * denominator)
    else:
        fraction = _ISPI * fma(xx, xx + 4.5, 2.0) / (x * fma(xx, xx + 5, 3.75))
    positive = np.where(x > c(50), np.where(x > c(5e7), c(_ISPI) / x, fraction.astype(x.dtype)), table)
    doubled = 2 * np.exp(xx.astype(_F64))  # the C library's double exp, even for float32: torch calls ::exp
    negative = np.where(x < c(-26.7), np.inf, np.where(x < c(-6.1), doubled, doubled - table)).astype(x.dtype)
    return np.where(np.isnan(x), x, np.where(x >= 0, positive, negative)).astype(x.dtype)


class SpecialErfcx(Op):
    """result = exp(self^2) * erfc(self)"""

    node_name = "SpecialErfcxBackward0"
    formula = {"self": "(2.0 * self * result - 2.0 / math.sqrt(math.pi)) * grad"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a):
        if a.dtype.is_floating_point and a.dtype.np.itemsize < 4:
            raise not_implemented("erfcx_cpu", a.dtype)
        x = a._data if a.dtype.is_floating_point else a._data.astype(dtypes.get_default_dtype().np)
        out = wrap(erfcx_kernel(x))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        if F is ARRAYS:
            return ((2.0 * a * result - _TWO_OVER_SQRT_PI) * grads[0],)
        from .elementwise import MulScalar, SubScalar

        return (SubScalar.apply(MulScalar.apply(a, other=2.0) * result, other=_TWO_OVER_SQRT_PI) * grads[0],)


_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


