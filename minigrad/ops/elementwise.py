"""Elementwise ops. Each class is one op: its forward, its backward, and the derivative formula.

``formula`` maps each differentiable input to its gradient, written with the
names PyTorch's derivatives.yaml uses (``self``, ``other``, ``exponent``,
``result`` for the op's output, ``grad`` for the incoming gradient). The
step-through widget shows these formulas with the numbers filled in, and the
tests evaluate them with numpy and check them against ``backward``.

Inputs that broadcast get gradients of the broadcast shape; the engine sums
them back to each input's shape.
"""

import math

import numpy as np

from .. import dtypes
from ..optim import kernels
from ..tensor import Tensor
from ._util import (
    HALF,
    binary_result,
    check_broadcast,
    data,
    in_float32,
    needs_grad,
    not_implemented,
    overflow_error,
    power,
    power_scalar,
    precise,
    rsqrt_of,
    scalar_as,
    wrap,
    wrapped_int,
)
from .activations import leaky_relu_backward, threshold_backward
from .carriers import ARRAYS, TENSORS
from .derivative import compile_formula
from .op import BackwardOp, IndexingOp, Op

_BOOL = np.dtype(np.bool_)


def _binary(fn, a, b):
    try:
        if isinstance(b, Tensor):
            arr = fn(a._data, b._data)
        else:
            arr = fn(a._data, b) if a._data.dtype is not HALF else _half_with_number(fn, a._data, b)
    except ValueError:
        if isinstance(b, Tensor):
            check_broadcast(a, b)
        raise
    except OverflowError:  # a Python int out of an integer tensor's range: torch wraps it to that dtype
        if not (isinstance(b, int) and a._data.dtype.kind in "iu"):
            raise
        arr = fn(a._data, wrapped_int(b, a._data.dtype))
    return binary_result(arr, a, b)


def _half_with_number(fn, x, number):
    """A float16 array times or divided by a Python number as torch's CPU kernels compute it: the number in float32,
    the product or quotient in float32, rounded once (numpy would round the number to float16 first). Sums and
    differences keep numpy's: torch's add kernel also rounds the number to float16."""
    if (fn is np.multiply or fn is np.true_divide) and type(number) in (float, int):
        return fn(x.astype(np.float32), np.float32(number)).astype(HALF)
    return fn(x, number)


def _add_scaled(x, alpha, y):
    """``x + alpha * y`` as torch's add kernel computes it: one fused multiply-add for two floating tensors of a
    dtype (:func:`minigrad.optim.kernels.add_scaled`), else as numpy computes it."""
    if type(y) is np.ndarray and x.dtype.kind == "f" and x.dtype == y.dtype:
        x, y = np.broadcast_arrays(x, y)
        if x.dtype is HALF:
            return _half_add_scaled(x, alpha, y)
        return kernels.add_scaled(x, alpha, y)
    return x + alpha * y


_HALF_VECTOR_STEP = 32  # float16 elements torch's vectorised add loop takes at a time on this CPU


def _half_add_scaled(x, alpha, y):
    """``x + alpha * y`` of float16 arrays as torch's add kernel computes it: ``alpha`` rounded to float16, then in
    float32 and rounded once, except in each row's tail after the last full vector, where torch's scalar loop rounds
    ``alpha * y`` to float16 before adding (rows: the whole array when contiguous, else the last dimension)."""
    alpha = HALF.type(alpha)
    out = kernels.add_scaled(x, alpha, y)
    whole = x.flags.c_contiguous and y.flags.c_contiguous
    rows, n = (out.reshape(1, -1), out.size) if whole else (out, out.shape[-1] if out.ndim else 1)
    tail = n - n % _HALF_VECTOR_STEP
    if tail < n:
        xs, ys = (x.reshape(1, -1), y.reshape(1, -1)) if whole else (x, y)
        rows[..., tail:] = xs[..., tail:] + alpha * ys[..., tail:]
    return out


def _subtract_from(x, y):
    return np.subtract(y, x)


class Add(Op):
    """result = self + alpha * other (alpha is 1 unless given)"""

    node_name = "AddBackward0"
    formula = {"self": "grad", "other": "grad"}
    saved_values = {"alpha": "alpha"}
    alpha = 1

    @staticmethod
    def forward(ctx, a, b, alpha=1):
        if alpha != 1:
            ctx.alpha = alpha
            ctx._own_formula({"self": "grad", "other": "grad * alpha"})
            return _binary(lambda x, y: _add_scaled(x, alpha, y), a, b)
        return _binary(np.add, a, b)


class Sub(Op):
    """result = self - alpha * other (alpha is 1 unless given)"""

    node_name = "SubBackward0"
    formula = {"self": "grad", "other": "-grad"}
    saved_values = {"alpha": "alpha"}
    alpha = 1

    @staticmethod
    def forward(ctx, a, b, alpha=1):
        if alpha != 1:
            ctx.alpha = alpha
            ctx._own_formula({"self": "grad", "other": "-grad * alpha"})
            return _binary(lambda x, y: _add_scaled(x, -alpha, y), a, b)
        return _binary(np.subtract, a, b)


class Rsub(Op):
    """result = other - self, for ``number - tensor``"""

    node_name = "RsubBackward1"
    formula = {"self": "-grad"}
    saved_values = {"alpha": "alpha"}
    alpha = 1

    @staticmethod
    def forward(ctx, a, *, other):
        return _binary(_subtract_from, a, other)


class Mul(Op):
    """result = self * other"""

    node_name = "MulBackward0"
    formula = {"self": "grad * other", "other": "grad * self"}
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a if needs_grad(b) else None, b if needs_grad(a) else None))
        return _binary(np.multiply, a, b)


class Div(Op):
    """result = self / other"""

    node_name = "DivBackward0"
    formula = {"self": "grad / other", "other": "-grad * ((self / other) / other)"}
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a if needs_grad(b) else None, b))
        if a.dtype.is_floating_point or isinstance(b, Tensor) and b.dtype.is_floating_point:
            return _binary(np.true_divide, a, b)
        # integers (or bools, or an integer tensor and a number): both cast to the default float, then divided
        f = dtypes.get_default_dtype().np
        x, y = a._data.astype(f), b._data.astype(f) if isinstance(b, Tensor) else np.asarray(float(b), f)
        try:
            return wrap(np.true_divide(x, y))
        except ValueError:
            check_broadcast(a, b)
            raise


def _rounded_quotient(x, y, rounding_mode):
    """torch's ``div`` with ``rounding_mode`` of arrays of one dtype: rounded toward zero ("trunc") or down
    ("floor", Python's ``//``; the same algorithm as torch's for floats)."""
    if rounding_mode == "floor":
        return np.floor_divide(x, y)
    if x.dtype.kind == "f":
        return np.trunc(x / y)
    quotient = np.floor_divide(x, y)
    return quotient + ((np.remainder(x, y) != 0) & ((x < 0) != (y < 0)))


class DivMode(Op):
    """result = self / other, rounded toward zero (rounding_mode "trunc") or down ("floor"), or not at all
    (rounding_mode None given explicitly); a rounded quotient's gradient is zero"""

    node_name = "DivBackward2"
    formula = {
        "self": "zeros_like(grad) if rounding_mode else grad / other",
        "other": "zeros_like(grad) if rounding_mode else -grad * ((self / other) / other)",
    }
    saved_names = ("self", "other")
    saved_values = {"rounding_mode": "rounding_mode"}

    @staticmethod
    def forward(ctx, a, b, *, rounding_mode, dtype):
        ctx._save((a if needs_grad(b) else None, b))
        ctx.rounding_mode = rounding_mode
        if rounding_mode is None:
            return wrap(np.true_divide(a._data.astype(dtype.np), b._data.astype(dtype.np)))
        if dtype is dtypes.bool_:
            raise not_implemented(f"div_{rounding_mode}_cpu", dtype)
        x, y = a._data.astype(dtype.np), b._data.astype(dtype.np)
        if dtype.category < 2 and np.any(y == 0):
            raise RuntimeError("ZeroDivisionError")
        return wrap(np.asarray(_rounded_quotient(x, y, rounding_mode)))

    @staticmethod
    def backward(ctx, grads, F):
        a, b = ctx._values(F)
        grad, needs = grads[0], ctx._needs()
        if ctx.rounding_mode is not None:
            return (F.zeros_like(grad) if needs[0] else None, F.zeros_like(grad) if needs[1] else None)
        return (grad / b if needs[0] else None, -grad * ((a / b) / b) if needs[1] else None)


class Reciprocal(Op):
    """result = 1 / self (``number / tensor`` is ``reciprocal(tensor) * number``, as in torch)"""

    node_name = "ReciprocalBackward0"
    formula = {"self": "-grad * (result * result)"}
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        x = a._data if a.dtype.is_floating_point else a._data.astype(np.float32)
        out = wrap(np.reciprocal(x))
        ctx._save((out,))
        return out


class Neg(Op):
    """result = -self"""

    node_name = "NegBackward0"
    formula = {"self": "-grad"}

    @staticmethod
    def forward(ctx, a):
        if a._data.dtype is _BOOL:
            raise RuntimeError(
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
                "invert a mask, use the `~` or `logical_not()` operator instead."
            )
        return wrap(np.negative(a._data))


class Pow(Op):
    """result = self ** exponent, exponent a number"""

    node_name = "PowBackward0"
    formula = {"self": "zeros_like(grad) if exponent == 0 else grad * (exponent * self ** (exponent - 1))"}
    saved_names, saved_values = ("self",), {"exponent": "exponent"}

    @staticmethod
    def forward(ctx, a, *, exponent):
        ctx._save((a,))
        ctx.exponent = exponent
        if not a.dtype.is_floating_point and isinstance(exponent, (int, np.integer)) and exponent < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        try:
            return binary_result(power_scalar(a._data, exponent), a, exponent)
        except OverflowError:
            raise overflow_error(a._data.dtype) from None

    @staticmethod
    def backward(ctx, grads, F):
        if F is ARRAYS:
            return ctx._formula()["arrays"](ctx, grads, ctx._unpack_arrays())
        (a,) = ctx._values(F)
        exponent = ctx.exponent
        if exponent == 0:
            return (F.zeros_like(grads[0]),)
        # torch's pow_backward in C++: the exponent as a double, times a Scalar (MulBackward1)
        exponent = float(exponent)
        return (grads[0] * MulScalar.apply(a ** (exponent - 1), other=exponent),)


class PowTensor(Op):
    """result = self ** exponent, both tensors"""

    node_name = "PowBackward1"
    formula = {
        "self": "where(exponent == 0, 0, grad * (exponent * self ** (exponent - 1)))",
        "exponent": "grad * where((self == 0) & (exponent >= 0), 0, result * log(self))",
    }
    saved_names = ("self", "exponent", "result")

    @staticmethod
    def forward(ctx, a, b):
        if a._data.dtype is _BOOL and b._data.dtype is _BOOL:
            raise not_implemented("pow", a.dtype)
        out = _binary(power, a, b)
        ctx._save((a, b, out))
        return out


class RPow(Op):
    """result = self ** exponent, for ``number ** tensor`` (self is the number)"""

    node_name = "PowBackward2"
    formula = {"exponent": "grad * where(exponent >= 0, 0, result * -math.inf) if base == 0 "
                           "else grad * (result * math.log(base))"}  # fmt: skip
    saved_names, saved_values = ("exponent", "result"), {"self": "base"}

    @staticmethod
    def forward(ctx, exponent, *, base):
        if exponent._data.dtype is _BOOL and isinstance(base, (bool, np.bool_)):
            raise not_implemented("pow", exponent.dtype)
        data, result = exponent._data, dtypes.result_type((exponent,), (base,))
        if result.category == 2:  # torch wraps the number in a 0-d tensor of the result dtype: 0.9 ** x is 0.9f ** x
            out = wrap(power(result.np.type(base), data if data.dtype == result.np else data.astype(result.np)))
        else:
            out = binary_result(power(base, data), exponent, base)
        ctx._save((exponent, out))
        ctx.base = base
        return out


class Exp(Op):
    """result = exp(self)"""

    node_name = "ExpBackward0"
    formula = {"self": "grad * result"}
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        out = wrap(precise(np.exp, a))
        ctx._save((out,))
        return out


class Log(Op):
    """result = log(self) (Log10 changes ``function`` and the derivative)"""

    node_name = "LogBackward0"
    formula = {"self": "grad / self"}
    saved_names = ("self",)
    function = staticmethod(np.log)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        with np.errstate(divide="ignore", invalid="ignore"):
            return wrap(precise(ctx.function, a))


class Sin(Op):
    """result = sin(self)"""

    node_name = "SinBackward0"
    formula = {"self": "grad * cos(self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        return wrap(precise(np.sin, a))


class Cos(Op):
    """result = cos(self)"""

    node_name = "CosBackward0"
    formula = {"self": "grad * -sin(self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        return wrap(precise(np.cos, a))


class Tanh(Op):
    """result = tanh(self)"""

    node_name = "TanhBackward0"
    formula = {"self": "grad * (1 - result * result)"}
    fused = True  # torch's tanh_backward kernel: grad * fma(-result, result, 1), float16 in float32
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        out = wrap(precise(np.tanh, a))
        ctx._save((out,))
        return out


class TanhBackward(BackwardOp):
    """result = grad_output * (1 - output * output): tanh's backward as torch's ``tanh_backward`` records it"""

    node_name = "TanhBackwardBackward0"
    formula = {"grad_output": "grad * (1 - output * output)", "output": "grad * (-2 * output * grad_output)"}


Tanh.backward_op = TanhBackward


def _sigmoid(x):
    return 1 / (1 + precise(np.exp, -x))


class Sigmoid(Op):
    """result = 1 / (1 + exp(-self))"""

    node_name = "SigmoidBackward0"
    formula = {"self": "grad * (1 - result) * result"}  # torch's sigmoid_backward, in its order
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        x = _float(a)
        # torch's 1 / (1 + exp(-x)): exp may overflow to inf, which gives exactly 0 as torch does
        out = wrap(in_float32(_sigmoid, x) if x.dtype is HALF else _sigmoid(x))
        ctx._save((out,))
        return out


class SigmoidBackward(BackwardOp):
    """result = grad_output * (1 - output) * output: sigmoid's backward as torch's ``sigmoid_backward`` records it"""

    node_name = "SigmoidBackwardBackward0"
    formula = {"grad_output": "grad * (1 - output) * output", "output": "grad * grad_output * (-2 * output + 1)"}


Sigmoid.backward_op = SigmoidBackward


def sigmoid_backward(grad, output):
    """torch's ``sigmoid_backward(grad, output)`` on Tensors: the SigmoidBackwardBackward0 node sigmoid records."""
    return SigmoidBackward.apply(grad, output, formula=compile_formula(tuple(Sigmoid.formula.items()),
                                                                       Sigmoid.saved_names, ("self",)), values=None)


class Relu(Op):
    """result = max(self, 0)"""

    node_name = "ReluBackward0"
    formula = {"self": "threshold_backward(grad, result, 0)"}
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        if a._data.dtype is _BOOL:
            raise RuntimeError("Boolean inputs not supported for relu")
        out = wrap(np.maximum(0, a._data).astype(a._data.dtype, copy=False))  # numpy keeps the second of equals: -0.
        ctx._save((out,))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        (result,) = ctx._values(F)
        if F is ARRAYS:  # threshold_backward at 0, inline: relu is in every network's backward
            return (F.where(result <= 0, 0, grads[0]),)
        return (threshold_backward(grads[0], result, 0, F),)


class Abs(Op):
    """result = |self|"""

    node_name = "AbsBackward0"
    formula = {"self": "grad * sgn(self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        if a._data.dtype is _BOOL:
            raise not_implemented("abs_cpu", a.dtype)
        ctx._save((a,))
        return wrap(np.abs(a._data))


class Sqrt(Op):
    """result = sqrt(self)"""

    node_name = "SqrtBackward0"
    formula = {"self": "grad / (2 * result)"}
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        with np.errstate(invalid="ignore"):
            out = wrap(np.sqrt(_float(a)))
        ctx._save((out,))
        return out


class Clamp(Op):
    """result = min(max(self, min), max); min or max may be None"""

    node_name = "ClampBackward1"
    formula = {"self": "where((self >= lo) & (self <= hi), grad, 0)"}  # lo, hi: min and max, -inf and inf if None
    saved_names, saved_values = ("self",), {"min": "min", "max": "max"}

    @staticmethod
    def forward(ctx, a, min=None, max=None):
        if min is None and max is None:
            raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
        _refuse_bool_clamp("clamp_scalar_cpu" if min is not None and max is not None else
                           "clamp_min_scalar_cpu" if max is None else "clamp_max_scalar_cpu", a, min, max)
        ctx._save((a,))
        ctx.min, ctx.max = min, max
        ctx.lo, ctx.hi = -math.inf if min is None else min, math.inf if max is None else max
        out = a._data
        try:
            if min is not None:
                out = np.maximum(min, out)
            if max is not None:
                out = np.minimum(max, out)
        except OverflowError:
            raise overflow_error(a._data.dtype) from None
        return binary_result(np.asarray(out), a, min if min is not None else max)


def _refuse_bool_clamp(kernel, a, *bounds):
    """torch's error for clamping a bool tensor to bool bounds (True, False or bool tensors; None is no bound): its
    clamp kernels have no bool version (an integer bound promotes the result, which they have)."""
    if a._data.dtype == np.bool_ and all(b is None or isinstance(b, bool) or isinstance(b, Tensor) and
                                         b._data.dtype == np.bool_ for b in bounds):  # fmt: skip
        raise not_implemented(kernel, dtypes.bool_)


def _clamped(a, lo, hi):
    """min(max(a, lo), hi) of tensors (a bound may be None), in their promoted dtype."""
    bounds = [t for t in (lo, hi) if t is not None]
    for t in bounds:
        check_broadcast(a, t)
    want = dtypes.result_type((a, *bounds)).np
    out = a._data.astype(want, copy=False)
    if lo is not None:
        out = np.maximum(lo._data.astype(want, copy=False), out)
    if hi is not None:
        out = np.minimum(hi._data.astype(want, copy=False), out)
    return wrap(np.asarray(out))


class ClampTensor(Op):
    """result = min(max(self, min), max), both bounds tensors; where min > max, max wins (torch's clamp_backward)"""

    node_name = "ClampBackward0"
    formula = {
        "self": "where((self >= min) & (self <= max), grad, 0)",
        "min": "where((self < min) & (min < max), grad, 0)",
        "max": "where((self > max) | (max < min), grad, 0)",
    }
    saved_names = ("self", "min", "max")

    @staticmethod
    def forward(ctx, a, lo, hi):
        if lo is not None and hi is not None:  # torch's clamp_min and clamp_max of bool tensors have kernels
            _refuse_bool_clamp("clamp_cpu", a, lo, hi)
        ctx._save((a, lo, hi))
        return _clamped(a, lo, hi)


class ClampTensorMin(ClampTensor):
    """result = max(self, min), ``torch.clamp`` with a tensor min and no max (max is None, an input all the same)"""

    formula = {"self": "where(self >= min, grad, 0)", "min": "where(self < min, grad, 0)", "max": "None"}


class ClampTensorMax(ClampTensor):
    """result = min(self, max), ``torch.clamp`` with a tensor max and no min (min is None, an input all the same)"""

    formula = {"self": "where(self <= max, grad, 0)", "min": "None", "max": "where(self > max, grad, 0)"}


class ClampMinTensor(Op):
    """result = max(self, min), min a tensor"""

    node_name = "ClampMinBackward1"
    formula = {"self": "where(self >= min, grad, 0)", "min": "where(self < min, grad, 0)"}
    saved_names = ("self", "min")
    bound_is_min = True  # ClampMaxTensor changes this, the formula and the names

    @staticmethod
    def forward(ctx, a, bound):
        ctx._save((a, bound))
        return _clamped(a, bound, None) if ctx.bound_is_min else _clamped(a, None, bound)


class ClampMaxTensor(ClampMinTensor):
    """result = min(self, max), max a tensor"""

    node_name = "ClampMaxBackward1"
    formula = {"self": "where(self <= max, grad, 0)", "max": "where(self > max, grad, 0)"}
    saved_names = ("self", "max")
    bound_is_min = False


class Sign(Op):
    """result = sign(self); its derivative is zero wherever it exists (Round and Floor change only ``values``)"""

    node_name = "SignBackward0"
    formula = {"self": "zeros_like(grad)"}
    values = staticmethod(lambda x: np.where(x != x, 0, np.sign(x)))  # torch's sign of NaN is 0, numpy's NaN
    bool_kernel = None  # the sign of a bool tensor is itself; Round and Floor name torch's kernel that refuses one

    @staticmethod
    def forward(ctx, a):
        if a._data.dtype is _BOOL:
            if ctx.bool_kernel:
                raise not_implemented(ctx.bool_kernel, a.dtype)
            return wrap(a._data.copy())
        return wrap(ctx.values(a._data))


def sgn_backward(self, grad, result, F=None):
    """torch's ``sgn_backward`` for real tensors: zeros, the sign being flat wherever it has a derivative."""
    return (F or TENSORS).zeros_like(grad)


class Sgn(Sign):
    """result = sgn(self), the sign of a real tensor (torch's sign for complex ones too); it saves self and result"""

    node_name = "SgnBackward0"
    formula = {"self": "sgn_backward(self, grad, result)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a):
        out = Sign.forward(ctx, a)
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (sgn_backward(a, grads[0], result, F),)


def _keep_first(extreme):
    """``np.maximum`` or ``np.minimum`` giving the first of two equal values, as torch's kernels do (numpy gives the
    second: ``maximum(-0., 0.)`` is ``-0.`` in torch)."""
    return lambda x, y: extreme(y, x)


class Maximum(Op):
    """result = the larger of self and other, elementwise; a tie splits the gradient in half, as in torch"""

    node_name = "MaximumBackward0"
    formula = {
        "self": "masked_fill(where(self == other, grad / 2, grad), self < other, 0)",
        "other": "masked_fill(where(self == other, grad / 2, grad), self > other, 0)",
    }
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a, b))
        return _binary(_keep_first(np.maximum), a, b)


class Minimum(Op):
    """result = the smaller of self and other, elementwise; a tie splits the gradient in half, as in torch"""

    node_name = "MinimumBackward0"
    formula = {
        "self": "masked_fill(where(self == other, grad / 2, grad), self > other, 0)",
        "other": "masked_fill(where(self == other, grad / 2, grad), self < other, 0)",
    }
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a, b))
        return _binary(_keep_first(np.minimum), a, b)


class Clone(Op):
    """result = a copy of self"""

    node_name = "CloneBackward0"
    formula = {"self": "grad"}

    @staticmethod
    def forward(ctx, a, *, contiguous=False):
        # torch's clone keeps the strides of a tensor whose elements each have their own memory (preserve_format);
        # contiguous() and reshape's copy, and a clone of an expanded tensor, are laid out in row-major order
        x = a._data
        dense = all(s or n < 2 for s, n in zip(x.strides, x.shape))
        return wrap(x.copy(order="K" if dense and not contiguous else "C"))


class ToCopy(Op):
    """result = self converted to another dtype"""

    node_name = "ToCopyBackward0"
    formula = {"self": "grad"}

    @staticmethod
    def forward(ctx, a, dtype):
        return wrap(a._data.astype(dtype))


class Where(IndexingOp):
    """result = self where condition else other"""

    node_name = "WhereBackward0"
    formula = {"self": "where(condition, grad, 0)", "other": "where(condition, 0, grad)"}
    saved_values = {"condition": "condition"}
    signature = ("condition", "self", "other")  # torch.where's order, for the widget's captions

    @staticmethod
    def forward(ctx, a, b, *, condition):
        ctx.condition = condition
        ctx._keep_indices(condition)
        try:
            return binary_result(np.where(condition._data, a._data, data(b)), a, b)
        except ValueError:
            check_broadcast(condition, a)
            if isinstance(b, Tensor):
                check_broadcast(a, b)
                check_broadcast(condition, b)
            raise


def _float(a):
    """Integer inputs of floating-point functions compute in the default dtype, as in torch."""
    x = a._data if isinstance(a, Tensor) else a
    return x if x.dtype.kind == "f" else x.astype(np.float32)


def logit_backward(grad, self, eps, F=TENSORS):
    """torch's (infinitely differentiable) ``logit_backward``: ``grad / (self * (1 - self))`` inside [eps, 1 - eps]
    (or [0, 1] without ``eps``), else 0 (else NaN without ``eps``); on carrier ``F``."""
    lo, hi, outside = (0.0, 1.0, math.nan) if eps is None else (eps, 1.0 - eps, 0.0)
    return F.where((self >= lo) & (self <= hi), grad / (self * F.scalar_sub(1, self)), outside)  # C++'s 1 - self


class Logit(Op):
    """result = log(self / (1 - self)), self first clamped to [eps, 1 - eps] when ``eps`` is given"""

    node_name = "LogitBackward0"
    formula = {"self": "logit_backward(grad, self, eps)"}
    saved_names = ("self",)
    saved_values = {"eps": "eps"}

    @staticmethod
    def forward(ctx, a, *, eps):
        ctx._save((a,))
        ctx.eps = eps
        x = a._data if a.dtype.is_floating_point else a._data.astype(dtypes.get_default_dtype().np)
        c = x.dtype.type
        if eps is not None:
            x = np.where(x < c(eps), c(eps), np.minimum(x, c(1 - eps)))  # torch's order: for eps > 0.5, x < eps wins
        with np.errstate(divide="ignore", invalid="ignore"):
            return wrap(precise(np.log, x / (c(1) - x)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (logit_backward(grads[0], a, ctx.eps, F),)


class Log10(Log):
    """result = log10(self)"""

    node_name = "Log10Backward0"
    function = staticmethod(np.log10)  # Log's forward with log10; the derivative is Log's over log(10)
    formula = {"self": "grad / (self * math.log(10))"}


class Log2(Log):
    """result = log2(self)"""

    node_name = "Log2Backward0"
    function = staticmethod(np.log2)  # Log's forward with log2; the derivative is Log's over log(2)
    formula = {"self": "grad / (self * 0.6931471805599453)"}


class Log1p(Log):
    """result = log(1 + self), exact for small self"""

    node_name = "Log1PBackward0"
    function = staticmethod(np.log1p)
    formula = {"self": "grad / (self + 1)"}  # torch's log1p_backward


class _OfSelf(Op):
    """A unary op whose forward is ``function`` (float32 through float64, rounded once, as :func:`precise`) and
    whose formula reads ``self``."""

    saved_names = ("self",)

    @classmethod
    def forward(cls, ctx, a):
        ctx._save((a,))
        return wrap(precise(cls.function, a))


class _OfResult(Op):
    """A unary op whose forward is ``function`` (as :class:`_OfSelf`) and whose formula reads ``result``."""

    saved_names = ("result",)

    @classmethod
    def forward(cls, ctx, a):
        out = wrap(precise(cls.function, a))
        ctx._save((out,))
        return out


class Sinh(_OfSelf):
    """result = sinh(self)"""

    node_name = "SinhBackward0"
    function = staticmethod(np.sinh)
    formula = {"self": "grad * cosh(self)"}


class Cosh(_OfSelf):
    """result = cosh(self)"""

    node_name = "CoshBackward0"
    function = staticmethod(np.cosh)
    formula = {"self": "grad * sinh(self)"}


class Asin(_OfSelf):
    """result = arcsin(self) (nan outside [-1, 1])"""

    node_name = "AsinBackward0"
    function = staticmethod(np.arcsin)
    formula = {"self": "grad * rsqrt(-self * self + 1)"}


class Acos(_OfSelf):
    """result = arccos(self) (nan outside [-1, 1])"""

    node_name = "AcosBackward0"
    function = staticmethod(np.arccos)
    formula = {"self": "grad * -rsqrt(-self * self + 1)"}


class Atan(_OfSelf):
    """result = arctan(self)"""

    node_name = "AtanBackward0"
    function = staticmethod(np.arctan)
    formula = {"self": "grad / (self * self + 1)"}


class Tan(_OfResult):
    """result = tan(self)"""

    node_name = "TanBackward0"
    function = staticmethod(np.tan)
    formula = {"self": "grad * (1 + result.pow(2))"}


class Asinh(_OfSelf):
    """result = arcsinh(self)"""

    node_name = "AsinhBackward0"
    function = staticmethod(np.arcsinh)
    formula = {"self": "grad * rsqrt(self.pow(2) + 1)"}


class Acosh(_OfSelf):
    """result = arccosh(self) (nan below 1)"""

    node_name = "AcoshBackward0"
    function = staticmethod(np.arccosh)
    formula = {"self": "grad * rsqrt(self * self - 1)"}


class Atanh(_OfSelf):
    """result = arctanh(self) (nan outside [-1, 1])"""

    node_name = "AtanhBackward0"
    function = staticmethod(np.arctanh)
    formula = {"self": "grad * 1 / (1 - self.pow(2))"}


class Expm1(_OfResult):
    """result = exp(self) - 1, exact for small self"""

    node_name = "Expm1Backward0"
    function = staticmethod(np.expm1)
    formula = {"self": "grad * (result + 1)"}


class Exp2(_OfResult):
    """result = 2 ** self"""

    node_name = "Exp2Backward0"
    function = staticmethod(np.exp2)
    formula = {"self": "grad * result * 0.6931471805599453"}


class Rsqrt(Op):
    """result = 1 / sqrt(self)"""

    node_name = "RsqrtBackward0"
    formula = {"self": "-0.5 * grad * result ** 3"}
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        out = wrap(rsqrt_of(_float(a)))  # torch's kernel: 1 / sqrt(x), two roundings in the tensor's dtype
        ctx._save((out,))
        return out


class Silu(Op):
    """result = self * sigmoid(self) (SiLU, "swish")"""

    node_name = "SiluBackward0"
    formula = {"self": "grad * sigmoid(self) * (1 + self * (1 - sigmoid(self)))"}
    saved_names = ("self",)

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (silu_backward(grads[0], a, F),)

    @staticmethod
    def forward(ctx, a):
        if a.dtype.category < 2:
            raise not_implemented("silu_cpu", a.dtype)
        ctx._save((a,))
        x = a._data  # torch's x / (1 + exp(-x)): exp may overflow to inf, giving -0. or 0.
        return wrap(in_float32(_silu, x) if x.dtype is HALF else _silu(x))


def silu_backward(grad, self, F):
    """torch's ``infinitely_differentiable_silu_backward`` on carrier ``F``, ``sigmoid(self)`` computed once
    (float16 arrays in float32, as torch's silu_backward kernel)."""
    if F is ARRAYS and grad.dtype is HALF:
        return in_float32(silu_backward, grad, self, F)
    sigmoid = F.sigmoid(self)
    slope = F.scalar_add(1, self * F.scalar_sub(1, sigmoid))  # first: C++ evaluates an operator's right operand first
    return grad * sigmoid * slope


def _silu(x):
    return x / (1 + precise(np.exp, -x))


def softplus_backward(grad, self, beta, threshold, F=None):
    """torch's ``softplus_backward``: ``grad`` where ``self * beta > threshold``, else ``grad * z / (z + 1)`` with
    ``z = exp(self * beta)`` (on Tensors, the differentiable SoftplusBackward op)."""
    if F is ARRAYS:
        if self.dtype is HALF:
            return in_float32(softplus_backward, grad, self, beta, threshold, F)
        z = F.exp(self * beta)
        return F.where(self * beta > threshold, grad, grad * z / (z + 1))
    return SoftplusBackward.apply(grad, self, beta=beta, threshold=threshold)


class Softplus(Op):
    """result = log(1 + exp(beta * self)) / beta, or self where beta * self > threshold"""

    node_name = "SoftplusBackward0"
    formula = {"self": "softplus_backward(grad, self, beta, threshold)"}
    saved_names = ("self",)
    saved_values = {"beta": "beta", "threshold": "threshold"}

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (softplus_backward(grads[0], a, ctx.beta, ctx.threshold, F),)

    @staticmethod
    def forward(ctx, a, *, beta, threshold):
        if a.dtype.category < 2:
            raise not_implemented("softplus_cpu", a.dtype)
        ctx._save((a,))
        ctx.beta, ctx.threshold = beta, threshold
        x = a._data
        return wrap(in_float32(_softplus, x, beta, threshold) if x.dtype is HALF else _softplus(x, beta, threshold))


def _softplus(x, beta, threshold):
    z = x * x.dtype.type(beta)
    soft = precise(np.log1p, precise(np.exp, z)) / x.dtype.type(beta)
    return np.where(z > threshold, x, soft).astype(x.dtype, copy=False)


class SoftplusBackward(Op):
    """softplus's backward as a differentiable op (seen after ``create_graph=True``); its derivative in ``self`` is
    torch's ``softplus_double_backward``: ``sigmoid'(self * beta) * beta`` below the threshold, 0 above"""

    node_name = "SoftplusBackwardBackward0"
    formula = {
        "grad_output": "softplus_backward(grad, self, beta, threshold)",
        "self": "grad * grad_output * (1 - sigmoid(self * beta)) * sigmoid(self * beta) * (self * beta < threshold)"
                " * beta",
    }
    saved_names = ("grad_output", "self")
    saved_values = Softplus.saved_values

    @staticmethod
    def forward(ctx, grad_output, a, *, beta, threshold):
        ctx._save((grad_output, a))
        ctx.beta, ctx.threshold = beta, threshold
        return wrap(softplus_backward(grad_output._data, a._data, beta, threshold, ARRAYS))

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a = ctx._values(F)
        needs = ctx._needs()
        if needs[1]:
            x = F.scalar_mul(a, ctx.beta)
            s = F.sigmoid(x)
        if needs[1] and F is ARRAYS:
            d_self = grads[0] * grad_output * (1 - s) * s * (x < ctx.threshold) * ctx.beta
        elif needs[1]:  # torch's sigmoid_backward(grad * grad_output, s) (one node), "* beta" a Scalar's MulBackward1
            inner = sigmoid_backward(grads[0] * grad_output, s) * (x < ctx.threshold)
            d_self = MulScalar.apply(inner, other=ctx.beta)
        return (
            softplus_backward(grads[0], a, ctx.beta, ctx.threshold, F) if needs[0] else None,
            d_self if needs[1] else None,
        )


class Round(Sign):
    """result = self rounded to the nearest integer, halves to even; its derivative is zero wherever it exists"""

    node_name = "RoundBackward0"
    values = staticmethod(np.round)
    bool_kernel = "round_vml_cpu"


class RoundDecimals(Round):
    """result = self rounded to ``decimals`` decimal places (torch.round(x, decimals=d))"""

    node_name = "RoundBackward1"

    @staticmethod
    def forward(ctx, a, *, decimals):
        if not a.dtype.is_floating_point:
            raise not_implemented("round_cpu", a.dtype)
        return wrap(np.round(a._data, decimals))


class MaskedFill(IndexingOp):
    """result = self with ``value`` where ``mask`` is True"""

    node_name = "MaskedFillBackward0"
    formula = {"self": "grad.masked_fill(mask, 0)"}
    saved_values = {"mask": "mask"}

    @staticmethod
    def forward(ctx, a, *, mask, value):
        if mask.dtype.category != 0:
            raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype {mask.dtype.c_name}")
        check_broadcast(mask, a)
        ctx.mask = mask
        ctx._keep_indices(mask)
        out = a._data.copy()
        np.copyto(out, scalar_as(value, out.dtype), where=np.broadcast_to(mask._data, out.shape))
        return wrap(out)


class MaskedFillTensor(MaskedFill):
    """result = self with the 0-d tensor ``value`` where ``mask`` is True (its dtype cast to self's)"""

    node_name = "MaskedFillBackward1"
    formula = {"self": "grad.masked_fill(mask, 0)", "value": "masked_fill_backward(grad, mask)"}

    @staticmethod
    def forward(ctx, a, value, *, mask):
        return MaskedFill.forward(ctx, a, mask=mask, value=value._data)

    @staticmethod
    def backward(ctx, grads, F):
        grad, needs = grads[0], ctx._needs()
        return (
            F.masked_fill(grad, F.value(ctx.mask), 0) if needs[0] else None,
            masked_fill_backward(grad, ctx.mask, F) if needs[1] else None,
        )


def masked_fill_backward(grad, mask, F=TENSORS):
    """torch's ``masked_fill_backward``: the sum of ``grad`` where ``mask`` is True (``masked_select``, then
    ``sum``)."""
    if F is ARRAYS:
        return F.sum(grad[np.broadcast_to(F.value(mask), grad.shape)])
    return grad.masked_select(mask).sum()


class MulScalar(Op):
    """result = self * other, other a number: torch's C++ ``mul(Scalar)``, which composite ops such as
    cross_entropy's label smoothing record (Python's ``x * 2`` is MulBackward0)"""

    node_name = "MulBackward1"
    formula = {"self": "grad * other"}
    saved_values = {"other": "other"}

    @staticmethod
    def forward(ctx, a, *, other):
        ctx.other = other
        x = a._data
        return binary_result(x * other if x.dtype is not HALF else _half_with_number(np.multiply, x, other), a, other)


class AddScalar(Op):
    """result = self + other, other a number: torch's C++ ``add(Scalar)`` (``x1 - x2 + eps`` in pairwise_distance;
    Python's ``x + 2`` is AddBackward0)"""

    node_name = "AddBackward1"
    formula = {"self": "grad"}

    @staticmethod
    def forward(ctx, a, *, other):
        want = dtypes.result_type((a,), (other,)).np
        return wrap(a._data.astype(want, copy=False) + np.asarray(other, want))


class SubScalar(Op):
    """result = self - other, other a number: torch's C++ ``sub(Scalar)`` (``cos - margin`` in
    cosine_embedding_loss; Python's ``x - 2`` is SubBackward0)"""

    node_name = "SubBackward1"
    formula = {"self": "grad"}

    @staticmethod
    def forward(ctx, a, *, other):
        want = dtypes.result_type((a,), (other,)).np
        return wrap(a._data.astype(want, copy=False) - np.asarray(other, want))


class DivScalar(Op):
    """result = self / other, other a number: torch's C++ ``div(Scalar)`` (the mean of cross_entropy with
    class probabilities)"""

    node_name = "DivBackward1"
    formula = {"self": "grad / other"}
    saved_values = {"other": "other"}

    @staticmethod
    def forward(ctx, a, *, other):
        ctx.other = other
        return binary_result(a._data / other, a, other)


def _to_integer(fn):
    """numpy's ``fn`` (floor, ceil, trunc) for floats; integers stay as they are (a copy), as in torch."""
    return staticmethod(lambda x: fn(x) if x.dtype.kind == "f" else x.copy())


class Floor(Sign):
    """result = the largest integer <= self; its derivative is zero wherever it exists"""

    node_name = "FloorBackward0"
    values, bool_kernel = _to_integer(np.floor), "floor_vml_cpu"


class Ceil(Sign):
    """result = the smallest integer >= self; its derivative is zero wherever it exists"""

    node_name = "CeilBackward0"
    values, bool_kernel = _to_integer(np.ceil), "ceil_vml_cpu"


class Trunc(Sign):
    """result = self rounded toward zero; its derivative is zero wherever it exists"""

    node_name = "TruncBackward0"
    values, bool_kernel = _to_integer(np.trunc), "trunc_vml_cpu"


class Frac(Op):
    """result = self - trunc(self), the fractional part with self's sign; the gradient passes through"""

    node_name = "FracBackward0"
    formula = {"self": "grad"}

    @staticmethod
    def forward(ctx, a):
        if not a.dtype.is_floating_point:
            raise not_implemented("frac_cpu", a.dtype)
        return wrap(a._data - np.trunc(a._data))


def _check_divisor(a, b):
    """torch's error for an integer remainder by zero."""
    values = b._data if isinstance(b, Tensor) else b
    if not a.dtype.is_floating_point and np.asarray(values).dtype.kind != "f" and np.any(np.asarray(values) == 0):
        raise RuntimeError("ZeroDivisionError")


def remainder_values(x, y):
    """torch's CPU ``remainder``: Python's ``%`` for integers; for floats C's ``fmod``, moved into ``y``'s sign when
    the signs differ, so that ``-0. % 2.`` is ``-0.`` as in torch (numpy's ``remainder`` gives ``0.``)."""
    mod = np.fmod(x, y)
    if mod.dtype.kind != "f":
        return np.remainder(x, y)
    return np.where((mod != 0) & ((np.asarray(y) < 0) != (mod < 0)), mod + y, mod)


class Remainder(Clone):
    """result = self % other (the sign of other, as Python's), other a number; the gradient passes through"""

    node_name = "RemainderBackward0"
    values, kernel = staticmethod(remainder_values), "remainder_cpu"  # Fmod changes these

    @staticmethod
    def forward(ctx, a, *, other):
        if a._data.dtype is _BOOL and isinstance(other, (bool, np.bool_)):
            raise not_implemented(ctx.kernel, a.dtype)
        _check_divisor(a, other)
        return _binary(ctx.values, a, other)


class RemainderTensor(Div):
    """result = self % other, both tensors (saved as Div saves them)"""

    node_name = "RemainderBackward1"
    formula = {"self": "grad", "other": '-grad * self.div(other, rounding_mode="floor")'}
    values, kernel = staticmethod(remainder_values), Remainder.kernel
    rounding_mode, rounded = "floor", staticmethod(np.floor)  # FmodTensor changes these

    @staticmethod
    def forward(ctx, a, b):
        if a._data.dtype is _BOOL and b._data.dtype is _BOOL:
            raise not_implemented(ctx.kernel, a.dtype)
        ctx._save((a, b))
        _check_divisor(a, b)
        return _binary(ctx.values, a, b)

    @staticmethod
    def backward(ctx, grads, F):
        a, b = ctx._values(F)
        needs = ctx._needs()
        if not needs[1]:
            return grads[0], None
        quotient = ctx.rounded(a / b) if F is ARRAYS else a.div(b, rounding_mode=ctx.rounding_mode)
        return (grads[0] if needs[0] else None, -grads[0] * quotient)


class Fmod(Remainder):
    """result = the remainder of self / other with the sign of self (C's fmod), other a number; the gradient passes
    through"""

    node_name = "FmodBackward0"
    values, kernel = staticmethod(np.fmod), "fmod_cpu"


class FmodTensor(RemainderTensor):
    """result = fmod(self, other), both tensors; other's gradient is -grad times the quotient rounded toward zero"""

    node_name = "FmodBackward1"
    formula = {"self": "grad", "other": '-grad * self.div(other, rounding_mode="trunc")'}
    values, kernel = Fmod.values, Fmod.kernel
    rounding_mode, rounded = "trunc", staticmethod(np.trunc)


def _angle_backward(factor):
    def backward(grad, F=None):
        return grad * factor

    return backward


deg2rad_backward = _angle_backward(math.pi / 180)
deg2rad_backward.__doc__ = "torch's ``deg2rad_backward``: ``grad * (pi / 180)``."
rad2deg_backward = _angle_backward(180 / math.pi)
rad2deg_backward.__doc__ = "torch's ``rad2deg_backward``: ``grad * (180 / pi)``."


class Deg2Rad(Op):
    """result = self * (pi / 180), degrees to radians"""

    node_name = "Deg2RadBackward0"
    formula = {"self": "deg2rad_backward(grad)"}
    factor = math.pi / 180

    @staticmethod
    def forward(ctx, a):
        x = _float(a)
        return wrap(x * x.dtype.type(ctx.factor))

    @staticmethod
    def backward(ctx, grads, F):
        return (grads[0] * ctx.factor,)


class Rad2Deg(Deg2Rad):
    """result = self * (180 / pi), radians to degrees"""

    node_name = "Rad2DegBackward0"
    formula = {"self": "rad2deg_backward(grad)"}
    factor = 180 / math.pi


class ClampMin(Op):
    """result = max(self, min), min a number"""

    node_name = "ClampMinBackward0"
    formula = {"self": "where(self >= min, grad, 0)"}
    saved_names, saved_values = ("self",), {"min": "min"}

    @staticmethod
    def forward(ctx, a, *, min):
        _refuse_bool_clamp("clamp_min_scalar_cpu", a, min)
        ctx._save((a,))
        ctx.min = min
        return binary_result(np.asarray(np.maximum(min, a._data)), a, min)


class ClampMax(Op):
    """result = min(self, max), max a number"""

    node_name = "ClampMaxBackward0"
    formula = {"self": "where(self <= max, grad, 0)"}
    saved_names, saved_values = ("self",), {"max": "max"}

    @staticmethod
    def forward(ctx, a, *, max):
        _refuse_bool_clamp("clamp_max_scalar_cpu", a, max)
        ctx._save((a,))
        ctx.max = max
        return binary_result(np.asarray(np.minimum(max, a._data)), a, max)


def _leaky_relu(a, negative_slope):
    if a.dtype.category < 2:
        raise not_implemented("leaky_relu_cpu", a.dtype)
    x = a._data
    if x.dtype is HALF:
        return wrap(in_float32(_leaky_relu_values, x, negative_slope))
    return wrap(_leaky_relu_values(x, negative_slope))


def _leaky_relu_values(x, negative_slope):
    return np.where(x > 0, x, x * x.dtype.type(negative_slope)).astype(x.dtype, copy=False)


class LeakyRelu(Op):
    """result = self where self > 0, else self * negative_slope"""

    node_name = "LeakyReluBackward0"
    formula = {"self": "leaky_relu_backward(grad, self, negative_slope)"}
    saved_names, saved_values = ("self",), {"negative_slope": "negative_slope"}

    @staticmethod
    def forward(ctx, a, *, negative_slope):
        ctx._save((a,))
        ctx.negative_slope = negative_slope
        return _leaky_relu(a, negative_slope)

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (leaky_relu_backward(grads[0], a, ctx.negative_slope, F),)


class LeakyReluInplace(Op):
    """result = leaky_relu(self) written into self (``inplace=True``): torch saves the result, which has the
    input's sign only for a slope that is not negative"""

    node_name = "LeakyReluBackward1"
    formula = {"self": "where(result > 0, grad, grad * negative_slope)"}
    saved_names, saved_values = ("result",), {"negative_slope": "negative_slope"}

    @staticmethod
    def forward(ctx, a, *, negative_slope):
        ctx.negative_slope = negative_slope
        out = _leaky_relu(a, negative_slope)
        ctx._save((out,))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        if ctx.negative_slope < 0:
            raise RuntimeError(
                "In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. "
                "This is caused by calling in-place forward function with a negative slope, please call out-of-place "
                "version instead. File an issue at https://github.com/pytorch/pytorch if you do require supporting "
                "in-place leakRelu backward calculation with negative slope"
            )
        return ctx._formula()[F.name](ctx, grads, ctx._values(F))


_SQRT1_2, _2_SQRTPI, _SQRT2 = math.sqrt(0.5), 2 / math.sqrt(math.pi), math.sqrt(2)
_erf = np.vectorize(math.erf, otypes=[np.float64])


def _erf_as(x):
    """erf of ``x`` in ``x``'s dtype: computed in float64 and rounded once, as the C library's ``erff`` gives it."""
    return _erf(x.astype(np.float64)).astype(x.dtype)


_erfc = np.vectorize(math.erfc, otypes=[np.float64])


def _erfc_as(x):
    """erfc of ``x`` in ``x``'s dtype, as :func:`_erf_as`."""
    return _erfc(x.astype(np.float64)).astype(x.dtype)


class Erf(Op):
    """result = erf(self) = 2 / sqrt(pi) * integral of exp(-t**2) from 0 to self"""

    node_name = "ErfBackward0"
    formula = {"self": "2 / math.sqrt(math.pi) * exp(-(self ** 2)) * grad"}
    saved_names = ("self",)
    function = staticmethod(_erf_as)

    @classmethod
    def forward(cls, ctx, a):
        ctx._save((a,))
        return wrap(cls.function(_float(a)))


class Erfc(Erf):
    """result = erfc(self) = 1 - erf(self), exact where erf(self) is near 1"""

    node_name = "ErfcBackward0"
    formula = {"self": "-2 / math.sqrt(math.pi) * exp(-(self ** 2)) * grad"}
    function = staticmethod(_erfc_as)


def gelu_values(x, approximate):
    """torch's CPU gelu kernel, step by step in ``x``'s dtype: ``x / 2 * (1 + erf(x / sqrt(2)))``, or
    ``x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))``."""
    c = x.dtype.type
    if approximate == "tanh":
        inner = c(_SQRT2 * _2_SQRTPI * 0.5) * (x + c(0.044715) * (x * x * x))
        return c(0.5) * x * (c(1) + precise(np.tanh, inner))
    return x * c(0.5) * (c(1) + _erf_as(x * c(_SQRT1_2)))


def gelu_derivative(x, approximate):
    """d gelu / dx, as torch's CPU ``gelu_backward`` kernel computes it (in ``x``'s dtype)."""
    c = x.dtype.type
    if approximate == "tanh":
        beta, kappa = c(_SQRT2 * _2_SQRTPI * 0.5), c(0.044715)
        x_sq = x * x
        tanh_inner = precise(np.tanh, beta * (x + kappa * (x_sq * x)))
        right = c(1) + tanh_inner
        inner_derivative = beta * (c(1) + c(3) * kappa * x_sq)
        return c(0.5) * right + c(0.5) * x * (c(1) - tanh_inner * tanh_inner) * inner_derivative
    cdf = c(0.5) * (c(1) + _erf_as(x * c(_SQRT1_2)))
    pdf = c(_2_SQRTPI * _SQRT1_2 * 0.5) * precise(np.exp, x * x * c(-0.5))
    return cdf + x * pdf


def gelu_backward(grad, self, approximate, F=None):
    """torch's ``gelu_backward``: ``grad * gelu'(self)`` (on Tensors, the differentiable GeluBackward op)."""
    if F is not None and F.name == "arrays":
        if self.dtype is HALF:
            return in_float32(gelu_backward, grad, self, approximate, F)
        return grad * gelu_derivative(self, approximate)
    return GeluBackward.apply(grad, self, approximate=approximate)


def gelu_double_backward(grad, grad_output, self, approximate, F=TENSORS):
    """torch's ``gelu_double_backward``, the gradient of ``gelu_backward`` for ``self``: ``grad * grad_output *
    gelu''(self)``, op for op as torch's C++ (its Scalar overloads: MulBackward1, AddBackward1) on carrier ``F``."""
    F = F or TENSORS
    mul, add, sub, div = F.scalar_mul, F.scalar_add, F.scalar_sub, F.scalar_div
    if approximate == "tanh":  # gelu' = f g h + (1 + tanh) / 2 with f = x / 2, g = 1 - tanh^2, h = d inner / dx
        beta, kappa = _SQRT2 * _2_SQRTPI * 0.5, 0.044715
        inner = mul(beta, self + mul(kappa, F.pow(self, 3)))
        tanh_inner = F.tanh(inner)
        sech_inner = div(1, F.cosh(inner))
        f = mul(0.5, self)
        g = sub(1, tanh_inner * tanh_inner)
        h = mul(beta, add(1, mul(3 * kappa, self) * self))
        f_prime_gh = mul(0.5, g) * h
        g_prime = mul(2, sech_inner) * (-sech_inner * tanh_inner) * h
        g_prime_fh = f * h * g_prime
        h_prime = mul(mul(6 * kappa, self), beta)
        h_prime_fg = f * g * h_prime
        return grad * grad_output * (mul(2, f_prime_gh) + g_prime_fh + h_prime_fg)
    self_sq = self * self
    pdf = mul(_2_SQRTPI * _SQRT1_2 * 0.5, F.exp(mul(-0.5, self_sq)))
    return grad * grad_output * (mul(2, pdf) - self_sq * pdf)


class Gelu(Op):
    """result = self * Phi(self), Phi the standard normal CDF (or its tanh approximation)"""

    node_name = "GeluBackward0"
    formula = {"self": "gelu_backward(grad, self, approximate)"}
    saved_names, saved_values = ("self",), {"approximate": "approximate"}

    @staticmethod
    def forward(ctx, a, *, approximate):
        if a.dtype.category < 2:
            raise not_implemented("GeluKernelImpl", a.dtype)
        ctx._save((a,))
        ctx.approximate = approximate
        x = a._data
        if x.dtype is HALF:
            return wrap(in_float32(gelu_values, x, approximate))
        return wrap(np.asarray(gelu_values(x, approximate)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (gelu_backward(grads[0], a, ctx.approximate, F),)


class GeluBackward(Op):
    """gelu's backward, as a differentiable op (seen after ``create_graph=True``)"""

    node_name = "GeluBackwardBackward0"
    formula = {
        "grad_output": "gelu_backward(grad, self, approximate)",
        "self": "gelu_double_backward(grad, grad_output, self, approximate)",
    }
    saved_names, saved_values = ("grad_output", "self"), {"approximate": "approximate"}

    @staticmethod
    def forward(ctx, grad_output, a, *, approximate):
        ctx._save((grad_output, a))
        ctx.approximate = approximate
        return wrap(np.asarray(gelu_backward(grad_output._data, a._data, approximate, ARRAYS)))

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a = ctx._values(F)
        needs = ctx._needs()
        return (
            gelu_backward(grads[0], a, ctx.approximate, F) if needs[0] else None,
            gelu_double_backward(grads[0], grad_output, a, ctx.approximate, F) if needs[1] else None,
        )
