"""Elementwise functions of two tensors beyond arithmetic: ``atan2``, ``hypot``, ``logaddexp``, ``xlogy`` (also of a
number and a tensor), ``lerp`` (of two tensors and a weight), ``fmax`` and ``fmin``. Forwards compute as torch's CPU
kernels do, in the promoted dtype; formulas are derivatives.yaml's."""

import numpy as np

from .. import dtypes
from ._util import binary_result, check_broadcast, needs_grad, not_implemented, precise, wrap
from .carriers import ARRAYS
from .op import Op


def _floats(a, b, kernel=None):
    """The arrays of tensors ``a`` and ``b`` in their promoted dtype, which must be floating: integers promote
    to the default float dtype, or, given the ``kernel`` of a function that refuses them, raise torch's error."""
    check_broadcast(a, b)
    want = dtypes.result_type((a, b))
    if not want.is_floating_point:
        if kernel:
            raise not_implemented(kernel, want)
        want = dtypes.get_default_dtype()
    return a._data.astype(want.np, copy=False), b._data.astype(want.np, copy=False)


def _with_number(t, number):
    """The array of tensor ``t`` and ``number``, both in the floating dtype they promote to (integers promote to the
    default float dtype)."""
    want = dtypes.result_type((t,), (number,))
    arr = t._data.astype((want if want.is_floating_point else dtypes.get_default_dtype()).np, copy=False)
    return arr, arr.dtype.type(number)


def _rounded_once(fn, x, y):
    """``fn(x, y)``, float32 computed in float64 and rounded once (as :func:`minigrad.ops._util.precise`)."""
    if x.dtype == np.float32:
        return fn(x.astype(np.float64), y.astype(np.float64)).astype(np.float32)
    return fn(x, y)


class Atan2(Op):
    """result = the angle of the point (other, self), in (-pi, pi]"""

    node_name = "Atan2Backward0"
    formula = {  # torch's atan2_backward: 1 / (self² + other²) set to 0 where that sum is 0 (a gradient of 0, not nan)
        "self": "grad * other * reciprocal_or_zero(self * self + other * other)",
        "other": "grad * -self * reciprocal_or_zero(self * self + other * other)",
    }
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a, b))
        return wrap(_rounded_once(np.arctan2, *_floats(a, b)))


class Hypot(Op):
    """result = sqrt(self ** 2 + other ** 2), without overflow"""

    node_name = "HypotBackward0"
    formula = {"self": "grad * self / result", "other": "grad * other / result"}
    saved_names = ("self", "other", "result")

    @staticmethod
    def forward(ctx, a, b):
        out = wrap(_rounded_once(np.hypot, *_floats(a, b, "hypot_cpu")))
        ctx._save((a, b, out))
        return out


class Logaddexp(Op):
    """result = log(exp(self) + exp(other)), without overflow"""

    node_name = "LogaddexpBackward0"
    formula = {"self": "grad / (1 + exp(other - self))", "other": "grad / (1 + exp(self - other))"}
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a, b))
        x, y = _floats(a, b, "logaddexp_cpu")
        # torch's kernel: max + log1p(exp(-|x - y|)), or the common value of two equal infinities
        with np.errstate(invalid="ignore"):
            out = np.maximum(x, y) + precise(np.log1p, precise(np.exp, -np.abs(x - y)))
            out = np.where(np.isinf(x) & (x == y), x, out).astype(x.dtype, copy=False)
        return wrap(out)


def _lerp(start, end, weight):
    """torch's lerp kernel: ``start + weight * (end - start)`` where ``|weight| < 0.5``, else
    ``end - (end - start) * (1 - weight)``, in ``start``'s dtype (float16 in float32 with fused multiply-adds,
    rounded once: the float64 products of float32 numbers are exact)."""
    if start.dtype == np.float16:
        s, e, w = (np.asarray(v, np.float32) for v in (start, end, weight))
        diff = (e - s).astype(np.float64)
        wide = np.where(np.abs(w) < 0.5, s + w.astype(np.float64) * diff, e - diff * (1 - w).astype(np.float64))
        return wide.astype(np.float32).astype(np.float16)
    diff = end - start
    return np.where(np.abs(weight) < 0.5, start + weight * diff, end - diff * (1 - weight)).astype(start.dtype)


def _check_lerp(a, others, kernel):
    for name, t in others:  # the dtypes must match first: an integer end of a float input names the dtypes
        if t.dtype is not a.dtype:
            raise RuntimeError(f"expected dtype {a.dtype.c_name} for `{name}` but got dtype {t.dtype.c_name}")
        check_broadcast(a, t)
    if not a.dtype.is_floating_point:
        raise not_implemented(kernel, a.dtype)


class Lerp(Op):
    """result = self + weight * (end - self), weight a number"""

    node_name = "LerpBackward0"
    formula = {"self": "grad * (1 - weight)", "end": "grad * weight"}
    saved_values = {"weight": "weight"}

    @staticmethod
    def forward(ctx, a, end, *, weight):
        _check_lerp(a, (("end", end),), "lerp_kernel_scalar")
        ctx.weight = weight
        x = a._data  # a float16 input's weight stays a float32 number (torch's opmath)
        return wrap(_lerp(x, end._data, (np.float32 if x.dtype == np.float16 else x.dtype.type)(weight)))


class LerpTensor(Op):
    """result = self + weight * (end - self), weight a tensor"""

    node_name = "LerpBackward1"
    formula = {"self": "grad * (1 - weight)", "end": "grad * weight", "weight": "grad * (end - self)"}
    saved_names = ("self", "end", "weight")

    @staticmethod
    def forward(ctx, a, end, weight):
        _check_lerp(a, (("end", end), ("weight", weight)), "lerp_kernel_tensor")
        for_weight = needs_grad(weight)  # torch saves self and end only for weight's gradient
        ctx._save((a if for_weight else None, end if for_weight else None, weight))
        return wrap(_lerp(a._data, end._data, weight._data))


def xlogy_kernel(x, y):
    """torch's xlogy kernel on arrays ``x`` and ``y`` (either may be a number): ``x * log(y)``, log rounded once,
    then 0 where ``x == 0`` and NaN where ``y`` is NaN; in the floating dtype they promote to (the formulas' xlogy on
    arrays; on Tensors it is :func:`minigrad.xlogy`)."""
    xa, ya = np.asarray(x), np.asarray(y)
    dtype = np.result_type(xa, ya) if xa.ndim or ya.ndim else np.result_type(x, y)
    if dtype.kind != "f":
        dtype = dtypes.get_default_dtype().np
    xa, ya = xa.astype(dtype, copy=False), ya.astype(dtype, copy=False)
    out = xa * precise(np.log, ya)
    out = np.where(xa == 0, dtype.type(0), out)
    return np.where(np.isnan(ya), dtype.type(np.nan), out).astype(dtype, copy=False)


class Xlogy(Op):
    """result = self * log(other), 0 where self is 0 (even where other is 0 or infinite)"""

    node_name = "XlogyBackward0"
    formula = {
        "self": "xlogy(grad, other).masked_fill((self == 0.) & (other <= 0.), 0.)",
        "other": "grad * self / other",
    }
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a, b))
        return wrap(xlogy_kernel(*_floats(a, b)))


class XlogyScalarSelf(Op):
    """result = scalar * log(other), for a number ``scalar``"""

    node_name = "XlogyBackward1"
    formula = {"other": "grad * scalar / other"}
    saved_names = ("other",)
    saved_values = {"self": "scalar"}
    number_first = True  # XlogyScalarOther changes this, the formula and the names

    @staticmethod
    def forward(ctx, t, *, scalar):
        ctx._save((t,))
        ctx.scalar = scalar
        arr, number = _with_number(t, scalar)
        return wrap(xlogy_kernel(number, arr) if ctx.number_first else xlogy_kernel(arr, number))


class XlogyScalarOther(XlogyScalarSelf):
    """result = self * log(scalar), for a number ``scalar``, 0 where self is 0"""

    node_name = "XlogyBackward2"
    formula = {"self": "xlogy(grad, scalar) if scalar > 0 else xlogy(grad, scalar).masked_fill(self == 0., 0.)"}
    saved_names = ("self",)
    saved_values = {"other": "scalar"}
    number_first = False


class Fmax(Op):
    """result = the larger of self and other, elementwise, ignoring a NaN (NaN only where both are)"""

    node_name = "FmaxBackward0"
    formula = {"self": "grad.masked_fill((self >= other).logical_or_(other.isnan()).logical_not_(), 0)",
               "other": "grad.masked_fill((self >= other).logical_or_(other.isnan()), 0)"}  # fmt: skip
    saved_names = ("self", "other")
    kernel, takes_self = staticmethod(np.fmax), np.greater_equal

    @staticmethod
    def forward(ctx, a, b):
        check_broadcast(a, b)
        ctx._save((a, b))
        return binary_result(ctx.kernel(a._data, b._data), a, b)

    @staticmethod
    def backward(ctx, grads, F):
        a, b = (ARRAYS.value(t) for t in ctx._values(F))
        keep = ctx.takes_self(a, b) | np.isnan(b)  # where self's value is the result
        grad = grads[0]
        return (F.masked_fill(grad, F.constant(~keep), 0), F.masked_fill(grad, F.constant(keep), 0))


class Fmin(Fmax):
    """result = the smaller of self and other, elementwise, ignoring a NaN (NaN only where both are)"""

    node_name = "FminBackward0"
    formula = {"self": "grad.masked_fill((self <= other).logical_or_(other.isnan()).logical_not_(), 0)",
               "other": "grad.masked_fill((self <= other).logical_or_(other.isnan()), 0)"}  # fmt: skip
    kernel, takes_self = staticmethod(np.fmin), np.less_equal
