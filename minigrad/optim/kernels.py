"""The arithmetic of torch's CPU optimizer steps, rounding for rounding, on numpy arrays.

torch's kernels round in ways numpy's plain operators do not: ``add(b, alpha=a)``, ``lerp`` and ``addcmul``
are fused multiply-adds (one rounding, which float64 arithmetic rounded once to float32 reproduces), while
``addcdiv`` rounds after each step. Scalars are first cast to the tensor's dtype, as the kernels do. Matching
this is what keeps an optimizer's losses equal to torch's to the printed digit step after step.

One operation is not matched: torch's float32 ``sqrt`` (vectorised, not correctly rounded) differs from the
correctly rounded one in the last bit for about one value in six; :func:`sqrt` is numpy's, so Adam's and
RMSprop's parameters can differ from torch's in the last bits (``tests/test_optim_numerics.py`` shows that
with torch's sqrt in its place every step is bit for bit torch's).
"""

import numpy as np


def _wide(dtype):
    return np.longdouble if dtype == np.float64 else np.float64


def add_scaled(a, alpha, b):
    """``a + alpha * b`` rounded once (torch's ``add(b, alpha=alpha)``)."""
    dtype = a.dtype
    wide = _wide(dtype)
    out = np.multiply(b, wide(dtype.type(alpha)), dtype=wide)
    np.add(a, out, out=out, dtype=wide)
    return out.astype(dtype)


def lerp(start, end, weight):
    """torch's ``start.lerp(end, weight)``: ``start + weight * (end - start)`` for a weight below 0.5,
    ``end - (1 - weight) * (end - start)`` otherwise, each a fused multiply-add."""
    dtype = start.dtype
    wide = _wide(dtype)
    w = dtype.type(weight)
    diff = (end - start).astype(wide)
    if abs(w) < 0.5:
        return (start.astype(wide) + wide(w) * diff).astype(dtype)
    return (end.astype(wide) + wide(w - dtype.type(1)) * diff).astype(dtype)


def addcmul(a, value, t1, t2):
    """torch's ``a.addcmul(t1, t2, value=value)``: ``(value * t1) * t2`` added to ``a`` with one rounding."""
    dtype = a.dtype
    scaled = t1 * dtype.type(value)
    return (a.astype(_wide(dtype)) + scaled.astype(_wide(dtype)) * t2).astype(dtype)


def addcdiv(a, value, t1, t2):
    """torch's ``a.addcdiv(t1, t2, value=value)``: ``(value * t1) / t2 + a``, rounding after each step."""
    return a + (t1 * a.dtype.type(value)) / t2


def sqrt(x):
    """The square root (numpy's, correctly rounded)."""
    return np.sqrt(x)
