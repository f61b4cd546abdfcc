"""The arithmetic of torch's CPU optimizer steps, rounding for rounding, on numpy arrays.

torch's kernels round in ways numpy's plain operators do not: ``add(b, alpha=a)``, ``lerp`` and ``addcmul``
are fused multiply-adds (one rounding: torch 2.13's vectorised CPU kernels use the FMA instruction), while
``addcdiv`` rounds after each step. numpy has no fused multiply-add, so these compute in the next wider type
(float64 for float32, whose products are exact there) and round once; ``add_scaled`` and ``lerp`` go through
numpy's own BLAS ``axpy`` instead where it is a fused multiply-add (:mod:`.fused_axpy`), at memory speed, which for
float64 (whose wider type, long double, is not wide enough) is also the exact one rounding. Scalars are first cast
to the tensor's dtype, as the kernels do. Matching this is what keeps an optimizer's losses equal to torch's to the
printed digit step after step.

Every kernel writes into ``out`` (which may be one of its inputs, as torch's in-place updates are). The wide
values go through a scratch buffer kept for the next step, a chunk of the arrays at a time: a step allocates no
memory of the parameters' size, which on a large layer costs more than the arithmetic (fresh pages).

One operation is not matched: torch's float32 ``sqrt`` (vectorised, not correctly rounded) differs from the
correctly rounded one in the last bit for about one value in six; :func:`sqrt` is numpy's, so Adam's and
RMSprop's parameters can differ from torch's in the last bits (``tests/test_optim_numerics.py`` shows that
with torch's sqrt in its place every step is bit for bit torch's).
"""

import threading

import numpy as np

from .fused_axpy import axpy, fused

CHUNK = 1 << 15  # elements per pass: 256 KB of float64, which stays in cache between a chunk's passes
_scratch = threading.local()  # per thread, as optimizers may step in several


def wide_type(dtype):
    """The type in which products of two ``dtype`` values are exact (float64 for float32), for one rounding."""
    return np.longdouble if dtype == np.float64 else np.float64


def _buffer(wide, n):
    """A scratch array of ``n`` (at most CHUNK) elements of the wide dtype, reused from step to step."""
    buffers = _scratch.__dict__.setdefault("buffers", {})
    buf = buffers.get(wide)
    if buf is None or buf.size < n:
        buf = buffers[wide] = np.empty(min(max(n, 1024), CHUNK), wide)
    return buf[:n]


def _rounded_once(out, compute, *arrays):
    """``out[...] = compute(t, *arrays)`` rounded once to ``out``'s dtype: ``compute`` fills the wide scratch
    array ``t`` from its arguments (all of ``out``'s shape), a chunk of them at a time. ``out`` may be one of
    the arrays: a chunk is read before it is written."""
    wide = wide_type(out.dtype)
    if not out.flags.c_contiguous:
        t = np.empty(out.shape, wide)
        out[...] = compute(t, *arrays)
        return out
    flat = out.reshape(-1)
    parts = [np.ravel(a) for a in arrays]
    for start in range(0, flat.size, CHUNK):
        chunk = slice(start, start + CHUNK)
        args = [p[chunk] for p in parts]
        flat[chunk] = compute(_buffer(wide, args[0].size), *args)
    return out


def _out(out, like):
    return np.empty_like(like) if out is None else out


def add_scaled(a, alpha, b, out=None):
    """``a + alpha * b`` rounded once (torch's ``add(b, alpha=alpha)``), into ``out`` (a new array if None)."""
    alpha = a.dtype.type(alpha)
    if alpha == 1 or alpha == -1:  # the product is exact: one rounding in the tensor's dtype is the same
        return (np.add if alpha == 1 else np.subtract)(a, b, out=out)
    out = _out(out, a)
    if _into(out, a, alpha, b):
        return out
    scale = wide_type(a.dtype)(alpha)

    def compute(t, a, b):
        np.multiply(b, scale, out=t)  # b widened as it is read: exact
        t += a
        return t

    return _rounded_once(out, compute, a, b)


def _into(out, base, alpha, x):
    """``out[...] = base + alpha * x`` by numpy's BLAS, if it rounds once (:func:`~.fused_axpy.axpy`); whether it
    did. ``base`` is copied into ``out`` first, so ``out`` must not overlap ``x``, unless both are ``base``."""
    if not fused(out.dtype) or base.dtype != out.dtype or base.shape != out.shape or x.shape != out.shape:
        return False
    if out is not base:
        if x is out or np.may_share_memory(x, out):
            return False
        np.copyto(out, base)
    return axpy(alpha, x, out)


def lerp(start, end, weight, out=None):
    """torch's ``start.lerp(end, weight)``: ``start + weight * (end - start)`` for a weight below 0.5,
    ``end - (1 - weight) * (end - start)`` otherwise, each a fused multiply-add (the difference rounded first)."""
    dtype = start.dtype
    w = dtype.type(weight)
    from_end = abs(w) >= 0.5
    coef = w - dtype.type(1) if from_end else w
    out = _out(out, start)
    if fused(dtype) and out.dtype == dtype and out.flags.c_contiguous and start.shape == end.shape == out.shape:
        diff = np.subtract(end, start, dtype=dtype)  # rounded first, as torch does
        if _into(out, end if from_end else start, coef, diff):
            return out
    scale = wide_type(dtype)(coef)

    def compute(t, start, end):
        np.subtract(end, start, out=t, dtype=dtype)  # in the tensor's dtype, then widened
        t *= scale
        t += end if from_end else start
        return t

    return _rounded_once(out, compute, start, end)


def addcmul(a, value, t1, t2, out=None):
    """torch's ``a.addcmul(t1, t2, value=value)``: ``(value * t1) * t2`` added to ``a`` with one rounding."""
    dtype = a.dtype
    v = dtype.type(value)

    def compute(t, a, t1, t2):
        np.multiply(t1, v, out=t, dtype=dtype)  # value * t1 in the tensor's dtype, then widened
        t *= t2
        t += a
        return t

    return _rounded_once(_out(out, a), compute, a, t1, t2)


def addcdiv(a, value, t1, t2, out=None):
    """torch's ``a.addcdiv(t1, t2, value=value)``: ``(value * t1) / t2 + a``, rounding after each step."""
    t = t1 * a.dtype.type(value)
    t /= t2
    return np.add(a, t, out=out)


def sqrt(x):
    """The square root (numpy's, correctly rounded)."""
    return np.sqrt(x)
