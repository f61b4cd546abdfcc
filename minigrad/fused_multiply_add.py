"""``fma(a, b, c)``: ``a * b + c`` rounded once, as the fused multiply-add that gcc compiles ``a * b + c`` to in
torch's CPU kernels (it contracts vector arithmetic as well as scalar): the samplers, the special functions and
kernels such as ``tanh_backward`` round that way, so numpy's two roundings would differ in the last bit.
The float32 path leaves numpy's floating-point warnings (an infinity times 0) to its callers, which silence them
(the engine, ``Op.apply``); the float64 path silences them itself.

- float32 (and float16) compute in float64, where the product of two floats is exact, and round at the end. That
  rounds twice (the sum, then to float32), which misses one rounding only where the float64 sum lands exactly
  halfway between two float32s without being exact (``1 + 2**-24 + 2**-60``); checking for that would cost the
  hot ``tanh`` backward more than it has ever been seen to matter.
- float64 computes Dekker's exact product and Knuth's exact sum, adds their low parts rounding to odd and rounds
  once at the end (Boldo and Melquiond's emulation). Where the product or the result overflows, the result is
  numpy's ``a * b + c``; with subnormal parts it can miss by a unit in the last place.
"""

import numpy as np

_SPLIT = 134217729.0  # 2 ** 27 + 1: Veltkamp's splitting of a float64 into two halves of 26 bits


def _two_product(a, b):
    """``a * b`` as ``(p, e)`` with ``p + e`` exact (Dekker's product of float64 arrays)."""
    p = a * b
    ca, cb = _SPLIT * a, _SPLIT * b
    ah, bh = ca - (ca - a), cb - (cb - b)
    al, bl = a - ah, b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def _two_sum(a, b):
    """``a + b`` as ``(s, t)`` with ``s + t`` exact (Knuth's sum)."""
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


def _round_to_odd(a, b):
    """``a + b`` rounded to odd: of the two floats around the exact sum, the one whose last bit is 1 (the sum
    itself if exact). Rounding to odd first keeps a later rounding to nearest from rounding twice."""
    s, t = _two_sum(a, b)
    s = np.asarray(s)
    inexact_even = (t != 0) & (s.view(np.int64) & 1 == 0)
    return np.where(inexact_even, np.nextafter(s, np.where(t > 0, np.inf, -np.inf)), s)


def _wide_dtype(a, b, c):
    """The dtype of ``a * b + c``, where a 0-d array ``c`` counts as a Python number (a formula's number, which
    :mod:`minigrad.ops.derivative` makes a 0-d float64 array once)."""
    if type(c) is np.ndarray and c.ndim == 0:
        c = float(c)
    dtype = getattr(a, "dtype", None)  # floating arrays and numbers of one dtype, with Python numbers: that dtype
    if dtype is not None and dtype.kind == "f" and getattr(b, "dtype", dtype) == dtype == getattr(c, "dtype", dtype):
        return dtype
    return np.result_type(a, b, c)


def fma(a, b, c):
    """``a * b + c`` rounded once, in the floating dtype numpy gives ``a * b + c`` (Python numbers take the
    arrays' dtype; float64 if all three are numbers)."""
    dtype = _wide_dtype(a, b, c)
    if dtype.itemsize < 8:
        wide = np.multiply(a, b, dtype=np.float64)
        wide += c
        return wide.astype(dtype)
    with np.errstate(all="ignore"):
        a, b, c = np.asarray(a, np.float64), np.asarray(b, np.float64), np.asarray(c, np.float64)
        if b.ndim == 0 and b == 1.0:  # a * 1 is exact, so numpy's a + c rounds once (a sampler's std=1)
            return (a + c)[()]
        p, e = _two_product(a, b)
        s, t = _two_sum(c, p)
        out = s + _round_to_odd(t, e)  # Boldo and Melquiond's emulation of a fused multiply-add
        return np.where(np.isfinite(out) & np.isfinite(p), out, a * b + c)[()]


def fnma(a, b, c):
    """``c - a * b`` rounded once (``fma(-a, b, c)``). Its float32 path is the hot one (``tanh``'s backward, once
    per tanh in every step): widened once, squared in place when ``a is b``."""
    if type(a) is np.ndarray and a.dtype is _F32 and (b is a or type(b) is np.ndarray and b.dtype is _F32):
        wide = a.astype(np.float64)
        wide *= wide if b is a else b
        return np.subtract(c, wide, out=wide).astype(_F32)  # a formula's number c: a 0-d float64 array
    return fma(-np.asarray(a), b, c)


_F32 = np.dtype(np.float32)  # the float32 arrays numpy makes carry this very dtype
