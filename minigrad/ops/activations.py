"""The activations of ``torch.nn.functional`` that are ops of their own in torch: elu (and selu and celu, which are
elu with other coefficients), mish, hardtanh (and relu6) and logsigmoid. Forwards compute as torch's CPU kernels do,
in the input's dtype (float16 in float32, rounded once: :func:`~._util.in_float32`); formulas are derivatives.yaml's,
in the kernels' order."""

import numpy as np

from ..tensor import Tensor
from ._util import HALF, in_float32, not_implemented, precise, scalar_as, wrap
from .carriers import ARRAYS, TENSORS
from .not_implemented import record_not_implemented
from .op import Op


def _saved_pointwise(ctx, a, kernel, fn):
    """A one-input activation's forward that saves its input: torch's error naming ``kernel`` for integer input,
    then ``fn`` of the data (float16 in float32, rounded once)."""
    if a.dtype.category < 2:
        raise not_implemented(kernel, a.dtype)
    ctx._save((a,))
    x = a._data
    return wrap(in_float32(fn, x) if x.dtype is HALF else fn(x))


def _elu(x, alpha, scale, input_scale):
    """torch's elu kernel: ``expm1(x * input_scale) * alpha * scale`` where ``x < 0``, else ``x * scale`` (so 0. and
    -0. keep their sign), with the coefficients in ``x``'s dtype."""
    c = x.dtype.type
    negative = precise(np.expm1, x * c(input_scale)) * c(alpha * scale)
    return np.where(x < 0, negative, x * c(scale)).astype(x.dtype, copy=False)


def _elu_forward(ctx, a, alpha, scale, input_scale):
    """The output of elu (and selu, celu) of tensor ``a``, its coefficients kept on ``ctx``; torch's error for
    integers."""
    if a.dtype.category < 2:
        raise not_implemented("elu_cpu", a.dtype)
    ctx.alpha, ctx.scale, ctx.input_scale = alpha, scale, input_scale
    x = a._data
    if x.dtype is HALF:
        return wrap(in_float32(_elu, x, alpha, scale, input_scale))
    return wrap(_elu(x, alpha, scale, input_scale))


def elu_backward(grad, alpha, scale, input_scale, self, F=None):
    """torch's ``elu_backward`` of ``self``: ``grad * input_scale * alpha * scale * exp(self * input_scale)`` where
    ``self <= 0``, else ``grad * scale`` (on Tensors, the differentiable EluBackward op)."""
    if F is ARRAYS:
        if self.dtype is HALF:
            return in_float32(elu_backward, grad, alpha, scale, input_scale, self, F)
        return F.where(self <= 0, grad * input_scale * (alpha * scale) * F.exp(self * input_scale), grad * scale)
    return EluBackward.apply(grad, self, alpha=alpha, scale=scale, input_scale=input_scale)


class _Elu(Op):
    """elu's forward and its formula, for elu, selu and celu"""

    formula = {"self": "elu_backward(grad, alpha, scale, input_scale, self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a, *, alpha, scale=1, input_scale=1):
        ctx._save((a,))
        return _elu_forward(ctx, a, alpha, scale, input_scale)

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (elu_backward(grads[0], ctx.alpha, ctx.scale, ctx.input_scale, a, F),)


class EluBackward(Op):
    """elu's backward as a differentiable op (seen after ``create_graph=True``); its derivative in ``self`` is
    torch's ``elu_double_backward``, zero where ``self >= 0``"""

    node_name = "EluBackwardBackward0"
    formula = {
        "grad_output": "elu_backward(grad, alpha, scale, input_scale, self)",
        "self": "elu_backward(grad * grad_output * input_scale, alpha, scale, input_scale, self) * (self < 0)",
    }
    saved_names = ("grad_output", "self")
    saved_values = {"alpha": "alpha", "scale": "scale", "input_scale": "input_scale"}

    @staticmethod
    def forward(ctx, grad_output, a, *, alpha, scale, input_scale):
        ctx._save((grad_output, a))
        ctx.alpha, ctx.scale, ctx.input_scale = alpha, scale, input_scale
        return wrap(elu_backward(grad_output._data, alpha, scale, input_scale, a._data, ARRAYS))

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a = ctx._values(F)
        needs, coefficients = ctx._needs(), (ctx.alpha, ctx.scale, ctx.input_scale)
        return (
            elu_backward(grads[0], *coefficients, a, F) if needs[0] else None,
            elu_backward(F.scalar_mul(grads[0] * grad_output, ctx.input_scale), *coefficients, a, F) * (a < 0)
            if needs[1] else None,
        )


class _EluInplace(Op):
    """elu written into its input (``inplace=True``): torch saves the result, whose sign tells the two branches
    apart only for an alpha that is not negative"""

    formula = {"self": "where(result <= 0, grad * input_scale * (result + alpha * scale), grad * scale)"}
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a, *, alpha, scale=1, input_scale=1):
        out = _elu_forward(ctx, a, alpha, scale, input_scale)
        ctx._save((out,))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        if ctx.alpha < 0:
            raise RuntimeError(
                "In-place elu backward calculation is triggered with a negative slope which is not supported. This "
                "is caused by calling in-place forward function with a negative slope, please call out-of-place "
                "version instead."
            )
        return ctx._formula()[F.name](ctx, grads, ctx._values(F))


_ELU_VALUES = EluBackward.saved_values


class Elu(_Elu):
    """result = scale * self where self > 0, else scale * alpha * (exp(input_scale * self) - 1) (elu and selu)"""

    node_name = "EluBackward0"
    saved_values = _ELU_VALUES


class EluInplace(_EluInplace):
    """result = elu(self) written into self"""

    node_name = "EluBackward1"
    saved_values = _ELU_VALUES


class Celu(_Elu):
    """result = self where self > 0, else alpha * (exp(self / alpha) - 1): elu with input_scale 1 / alpha"""

    node_name = "CeluBackward0"
    saved_values = {"alpha": "alpha"}


class CeluInplace(_EluInplace):
    """result = celu(self) written into self"""

    node_name = "CeluBackward1"
    saved_values = {"alpha": "alpha"}


def _mish(x):
    return x * precise(np.tanh, precise(np.log1p, precise(np.exp, x)))


def mish_backward(grad, self, F):
    """torch's ``infinitely_differentiable_mish_backward`` on carrier ``F``, ``tanh(softplus(self))`` computed once
    (float16 arrays in float32, as torch's mish_backward kernel)."""
    if F is ARRAYS and grad.dtype is HALF:
        return in_float32(mish_backward, grad, self, F)
    sigmoid = F.sigmoid(self)
    tanh_softplus = F.tanh(F.log1p(F.exp(self)))
    sech_squared = F.scalar_sub(1, tanh_softplus * tanh_softplus)  # first: C++ evaluates the right operand first
    return grad * (tanh_softplus + self * sigmoid * sech_squared)


class Mish(Op):
    """result = self * tanh(softplus(self)), softplus(x) = log(1 + exp(x))"""

    node_name = "MishBackward0"
    formula = {"self": "grad * (tanh(log1p(exp(self))) + self * sigmoid(self) * (1 - tanh(log1p(exp(self))) ** 2))"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        return _saved_pointwise(ctx, a, "mish_cpu", _mish)

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (mish_backward(grads[0], a, F),)


class _Gate(Op):
    """The backward of an activation whose derivative is 1 where a gate is open and 0 where it is closed (torch's
    ``hardtanh_backward``, ``threshold_backward``, ``hardshrink_backward``, ``softshrink_backward``), as the
    differentiable op a second backward sees: ``grad`` where open, ``shut(grad)`` (0) where ``closed(self, ...)``,
    flat in ``self``. Which side NaN is on is each kernel's."""

    saved_names = ("self",)

    @staticmethod
    def closed(x, **values):
        """Where the gate is closed, for the array ``x``."""
        raise NotImplementedError

    @staticmethod
    def shut(grad, **values):
        """What passes where the gate is closed."""
        return 0

    @classmethod
    def gate(cls, grad, self, F, **values):
        """``grad`` where the gate is open, else ``shut(grad)``: on arrays at once, on Tensors as this differentiable
        op."""
        if F is ARRAYS:
            return F.where(cls.closed(self, **values), cls.shut(grad, **values), grad)
        return cls.apply(grad, self, **values)

    @staticmethod
    def forward(ctx, grad_output, a, **values):
        ctx._save((a,))
        for name, value in values.items():
            setattr(ctx, name, value)
        x, g = a._data, grad_output._data
        return wrap(np.where(ctx.closed(x, **values), ctx.shut(g, **values), g).astype(x.dtype, copy=False))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        needs = ctx._needs()
        return (
            ctx.gate(grads[0], a, F, **_values_of(ctx)) if needs[0] else None,
            F.zeros_like(grads[0]) if needs[1] else None,
        )


def _values_of(node):
    """The values a node saved besides tensors, by torch's names (``threshold``, ``lambd``)."""
    return {name: getattr(node, attribute) for name, attribute in node.saved_values.items()}


class _Gated(Op):
    """An activation whose derivative is 1 or 0 (relu's relatives): its backward is its ``Gate``'s"""

    saved_names = ("self",)
    Gate = None

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (ctx.Gate.gate(grads[0], a, F, **_values_of(ctx)),)


class HardtanhBackward(_Gate):
    """hardtanh's backward as a differentiable op: closed outside (min_val, max_val)"""

    node_name = "HardtanhBackwardBackward0"
    formula = {"grad_output": "hardtanh_backward(grad, self, min_val, max_val)", "self": "zeros_like(grad)"}
    saved_values = {"min_val": "min_val", "max_val": "max_val"}

    @staticmethod
    def closed(x, min_val, max_val):
        return (x <= min_val) | (x >= max_val)


def hardtanh_backward(grad, self, min_val, max_val, F=None):
    """torch's ``hardtanh_backward``: ``grad`` where ``min_val < self < max_val``, else 0."""
    return HardtanhBackward.gate(grad, self, F, min_val=min_val, max_val=max_val)


class Hardtanh(_Gated):
    """result = self clamped to [min_val, max_val]; the gradient passes only strictly inside"""

    node_name = "HardtanhBackward0"
    formula = {"self": "hardtanh_backward(grad, self, min_val, max_val)"}
    saved_values = HardtanhBackward.saved_values
    Gate = HardtanhBackward

    @staticmethod
    def forward(ctx, a, *, min_val, max_val):
        if a.dtype.category == 0:
            raise RuntimeError("Bool inputs not supported for hardtanh")
        ctx._save((a,))
        ctx.min_val, ctx.max_val = min_val, max_val
        x = a._data
        c = x.dtype.type
        return wrap(np.minimum(c(max_val), np.maximum(c(min_val), x)).astype(x.dtype, copy=False))  # x kept if equal


class LeakyReluBackward(_Gate):
    """leaky_relu's backward as a differentiable op: ``grad * negative_slope`` where self <= 0 (or NaN)"""

    node_name = "LeakyReluBackwardBackward0"
    formula = {"grad_output": "leaky_relu_backward(grad, self, negative_slope)", "self": "zeros_like(grad)"}
    saved_values = {"negative_slope": "negative_slope"}

    @staticmethod
    def closed(x, negative_slope):
        return ~(x > 0)

    @staticmethod
    def shut(grad, negative_slope):
        if grad.dtype is HALF:
            return in_float32(np.multiply, grad, negative_slope)
        return grad * negative_slope


def leaky_relu_backward(grad, self, negative_slope, F=None):
    """torch's ``leaky_relu_backward``: ``grad`` where ``self > 0``, else ``grad * negative_slope``."""
    return LeakyReluBackward.gate(grad, self, F, negative_slope=negative_slope)


class ThresholdBackward(_Gate):
    """threshold's (and relu's) backward as a differentiable op: closed where self <= threshold"""

    node_name = "ThresholdBackwardBackward0"
    formula = {"grad_output": "threshold_backward(grad, self, threshold)", "self": "zeros_like(grad)"}
    saved_values = {"threshold": "threshold"}

    @staticmethod
    def closed(x, threshold):
        return x <= scalar_as(threshold, x.dtype)


def threshold_backward(grad, self, threshold, F=None):
    """torch's ``threshold_backward``: ``grad`` where ``self > threshold``, else 0."""
    return ThresholdBackward.gate(grad, self, F, threshold=threshold)


class Threshold(_Gated):
    """result = value where self <= threshold, else self"""

    node_name = "ThresholdBackward0"
    formula = {"self": "threshold_backward(grad, self, threshold)"}
    saved_values = ThresholdBackward.saved_values
    Gate = ThresholdBackward

    @staticmethod
    def forward(ctx, a, *, threshold, value):
        if a.dtype.category == 0:
            raise not_implemented("threshold_cpu", a.dtype)
        ctx._save((a,))
        ctx.threshold = threshold
        x = a._data
        return wrap(np.where(x <= scalar_as(threshold, x.dtype), scalar_as(value, x.dtype), x))


class ThresholdInplace(Threshold):
    """result = threshold(self) written into self; what it saved is a copy of self from before"""

    node_name = "ThresholdBackward1"


class _ShrinkBackward(_Gate):
    """hardshrink's and softshrink's backward as a differentiable op: closed where -lambd <= self <= lambd"""

    saved_values = {"lambd": "lambd"}

    @staticmethod
    def closed(x, lambd):
        lambd = scalar_as(lambd, x.dtype)
        return (x >= -lambd) & (x <= lambd)


class HardshrinkBackward(_ShrinkBackward):
    node_name = "HardshrinkBackwardBackward0"
    formula = {"grad_out": "hardshrink_backward(grad, self, lambd)", "self": "zeros_like(grad)"}


class SoftshrinkBackward(_ShrinkBackward):
    node_name = "SoftshrinkBackwardBackward0"
    formula = {"grad_output": "softshrink_backward(grad, self, lambd)", "self": "zeros_like(grad)"}


def hardshrink_backward(grad, self, lambd, F=None):
    """torch's ``hardshrink_backward``: ``grad`` where ``|self| > lambd``, else 0."""
    return HardshrinkBackward.gate(grad, self, F, lambd=lambd)


def softshrink_backward(grad, self, lambd, F=None):
    """torch's ``softshrink_backward``: ``grad`` where ``|self| > lambd``, else 0."""
    return SoftshrinkBackward.gate(grad, self, F, lambd=lambd)


class Hardshrink(_Gated):
    """result = 0 where -lambd <= self <= lambd, else self"""

    node_name = "HardshrinkBackward0"
    formula = {"self": "hardshrink_backward(grad, self, lambd)"}
    saved_values = _ShrinkBackward.saved_values
    Gate = HardshrinkBackward

    @staticmethod
    def forward(ctx, a, *, lambd):
        if a.dtype.category < 2:
            raise not_implemented("hardshrink_cpu", a.dtype)
        ctx._save((a,))
        ctx.lambd = lambd
        x = a._data
        return wrap(np.where(_ShrinkBackward.closed(x, lambd), 0, x).astype(x.dtype, copy=False))


class Softshrink(_Gated):
    """result = self - lambd where self > lambd, self + lambd where self < -lambd, else 0"""

    node_name = "SoftshrinkBackward0"
    formula = {"self": "softshrink_backward(grad, self, lambd)"}
    saved_values = _ShrinkBackward.saved_values
    Gate = SoftshrinkBackward

    @staticmethod
    def forward(ctx, a, *, lambd):
        if a.dtype.category < 2:
            raise not_implemented("softshrink_check", a.dtype)
        x = a._data
        largest = float(np.finfo(x.dtype).max)
        if not 0 <= lambd <= largest:
            raise RuntimeError(f"lambda must be in range [0, {largest:g}] for input dtype {a.dtype.scalar_name}, but "
                               f"found {lambd:g}")
        ctx._save((a,))
        ctx.lambd = lambd
        c = scalar_as(lambd, x.dtype)
        # torch's kernel: x * 0 inside, so that NaN stays NaN
        return wrap(np.where(x > c, x - c, np.where(x < -c, x + c, x * 0)))


def _relu6_of_x_plus_3(x):
    """``min(max(x + 3, 0), 6)`` in ``x``'s dtype: hardsigmoid's and hardswish's kernels share it."""
    c = x.dtype.type
    return np.minimum(np.maximum(x + c(3), c(0)), c(6))


def _hardsigmoid(x):
    return _relu6_of_x_plus_3(x) / x.dtype.type(6)


def _hardswish(x):
    return x * _relu6_of_x_plus_3(x) / x.dtype.type(6)


def hardsigmoid_backward(grad, self, F=None):
    """torch's ``hardsigmoid_backward``: ``grad / 6`` where ``-3 < self < 3``, else 0 (torch's 1/6 in float32). On
    Tensors, torch has no derivative of it: a second backward reaches a NotImplemented node."""
    if F is ARRAYS:
        if self.dtype is HALF:
            return in_float32(hardsigmoid_backward, grad, self, F)
        return F.where((self > -3) & (self < 3), grad * self.dtype.type(np.float32(1 / 6)), 0)
    out = Tensor._wrap(hardsigmoid_backward(grad._data, self._data, ARRAYS))
    return record_not_implemented(out, (grad, self), "aten::hardsigmoid_backward")


class Hardsigmoid(Op):
    """result = min(max(self + 3, 0), 6) / 6"""

    node_name = "HardsigmoidBackward0"
    formula = {"self": "hardsigmoid_backward(grad, self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        return _saved_pointwise(ctx, a, "hardsigmoid_cpu", _hardsigmoid)

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (hardsigmoid_backward(grads[0], a, F),)


def hardswish_backward(grad, self, F=None):
    """torch's ``hardswish_backward``: 0 where ``self <= -3``, ``grad * (self / 3 + 0.5)`` where ``self < 3``, else
    ``grad`` (on Tensors, the differentiable HardswishBackward op). A NaN ``self`` passes ``grad``, as torch's
    scalar kernel does (its vectorized one, for longer tensors, gives NaN)."""
    if F is ARRAYS:
        if self.dtype is HALF:
            return in_float32(hardswish_backward, grad, self, F)
        c = self.dtype.type
        return F.where(self <= -3, 0, F.where(self < 3, grad * (self / c(3) + c(0.5)), grad))
    return HardswishBackward.apply(grad, self)


class Hardswish(Op):
    """result = self * min(max(self + 3, 0), 6) / 6"""

    node_name = "HardswishBackward0"
    formula = {"self": "hardswish_backward(grad, self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        return _saved_pointwise(ctx, a, "hardswish_cpu", _hardswish)

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (hardswish_backward(grads[0], a, F),)


class HardswishBackward(Op):
    """hardswish's backward as a differentiable op (seen after ``create_graph=True``)"""

    node_name = "HardswishBackwardBackward0"
    formula = {
        "grad_output": "hardswish_backward(grad, self)",
        "self": "where(logical_and(-3.0 < self, self < 3.0), grad * grad_output / 3.0, 0)",
    }
    saved_names = ("grad_output", "self")

    @staticmethod
    def forward(ctx, grad_output, a):
        ctx._save((grad_output, a))
        return wrap(hardswish_backward(grad_output._data, a._data, ARRAYS))

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a = ctx._values(F)
        needs = ctx._needs()
        inside = (a > -3) & (a < 3)
        return (
            hardswish_backward(grads[0], a, F) if needs[0] else None,
            F.where(inside, F.scalar_div(grads[0] * grad_output, 3.0), 0) if needs[1] else None,
        )


def _halves(x, dim, F):
    """The two halves of ``x`` along ``dim``."""
    n = F.shape(x)[dim] // 2
    return F.split(x, (n, n), dim)


def glu_backward(grad, self, dim, F=None):
    """torch's ``glu_backward``: for ``first * sigmoid(second)``, ``sigmoid(second) * grad`` for the first half and
    ``s * (1 - s) * first * grad`` for the second, in the order of torch's kernel (on Tensors, the differentiable
    GluBackward op)."""
    if F is ARRAYS:
        first, second = _halves(self, dim, F)
        s = F.sigmoid(second)
        return F.cat([s * grad, s * (1 - s) * first * grad], dim)
    return GluBackward.apply(grad, self, dim=dim)


class Glu(Op):
    """result = first * sigmoid(second), first and second the halves of self along dim"""

    node_name = "GluBackward0"
    formula = {"self": "glu_backward(grad, self, dim)"}
    saved_names = ("self",)
    saved_values = {"dim": "dim"}  # as given: -1 reads 18446744073709551615, as in torch

    @staticmethod
    def forward(ctx, a, *, dim):
        if a.dtype.category < 2:
            raise not_implemented("glu_cpu", a.dtype)
        d = a._wrap_dim(dim)
        if a.shape[d] % 2:
            raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size {a.shape[d]}")
        ctx._save((a,))
        ctx.dim = dim
        first, second = _halves(a._data, d, ARRAYS)
        return wrap(first * ARRAYS.sigmoid(second))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (glu_backward(grads[0], a, ctx.dim, F),)


def glu_double_backward_grad_output(grad, self, dim, F=None):
    """torch's derivative of ``glu_backward`` in ``grad_output``: ``grad`` times ``glu_backward`` of ones, the two
    halves added."""
    F = F or TENSORS
    first, second = _halves(self, dim, F)
    s = F.sigmoid(second)
    grad_first, grad_second = _halves(grad, dim, F)
    return grad_first * s + grad_second * (s * (1 - s) * first)


def glu_double_backward(grad, grad_output, self, dim, F=None):
    """torch's ``glu_double_backward``: the derivative of ``glu_backward`` in ``self``."""
    F = F or TENSORS
    first, second = _halves(self, dim, F)
    s = F.sigmoid(second)
    one_minus_s = 1 - s
    s_one_minus_s = s * one_minus_s
    grad_first, grad_second = _halves(grad, dim, F)
    d_first = grad_second * grad_output * s_one_minus_s
    second_order = s_one_minus_s * one_minus_s - s * s_one_minus_s
    d_second = grad_second * first * grad_output * second_order + grad_first * grad_output * s_one_minus_s
    return F.cat([d_first, d_second], dim)


class GluBackward(Op):
    """glu's backward as a differentiable op (seen after ``create_graph=True``)"""

    node_name = "GluBackwardBackward0"
    formula = {
        "grad_output": "glu_double_backward_grad_output(grad, self, dim)",
        "self": "glu_double_backward(grad, grad_output, self, dim)",
    }
    saved_names = ("grad_output", "self")
    saved_values = {"dim": "dim"}

    @staticmethod
    def forward(ctx, grad_output, a, *, dim):
        ctx._save((grad_output, a))
        ctx.dim = dim
        return wrap(glu_backward(grad_output._data, a._data, dim, ARRAYS))

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a = ctx._values(F)
        needs = ctx._needs()
        return (
            glu_double_backward_grad_output(grads[0], a, ctx.dim, F) if needs[0] else None,
            glu_double_backward(grads[0], grad_output, a, ctx.dim, F) if needs[1] else None,
        )


def _log_sigmoid_derivative(x, buffer):
    """torch's kernel: ``max_deriv - sign * buffer / (1 + buffer)``, i.e. ``1 - b / (1 + b)`` where ``x < 0``, else
    ``b / (1 + b)``, with ``b = exp(-|x|)``."""
    q = buffer / (1 + buffer)
    return np.where(x < 0, 1 - q, q)


def log_sigmoid_backward(grad, self, buffer, F=None):
    """torch's ``log_sigmoid_backward``: the derivative from the saved ``buffer`` times ``grad`` (on Tensors, the
    differentiable LogSigmoidBackward op)."""
    if F is ARRAYS:
        if self.dtype is HALF:
            return in_float32(log_sigmoid_backward, grad, self, buffer, F)
        return _log_sigmoid_derivative(self, buffer) * grad
    return LogSigmoidBackward.apply(grad, self, buffer=buffer)


_HALF_OF_IT_SUBNORMAL = np.float32(2.0**-125)  # below it, z / 2 is a float32 subnormal


def _log1p_as_sleef(z):
    """``log1p`` of the float32 array ``z`` (of ``exp(-|x|)`` values, at most 1) as torch's vectorised kernel
    (Sleef's ``log1pf``) computes it: correctly rounded, except that where ``z / 2`` is subnormal (``|x|`` above
    about 86) it is ``2 * (z / 2)``, the halving rounded (``logsigmoid(100.)``: 28 subnormal units, not 27)."""
    out = precise(np.log1p, z)
    if z.dtype == np.float32 and z.size and z.min() < _HALF_OF_IT_SUBNORMAL:
        tiny = z < _HALF_OF_IT_SUBNORMAL
        out = np.where(tiny, (z / np.float32(2)) * np.float32(2), out)
    return out


class LogSigmoid(Op):
    """result = log(sigmoid(self)) = min(self, 0) - log(1 + exp(-|self|)); ``buffer`` keeps exp(-|self|)"""

    node_name = "LogSigmoidBackward0"
    formula = {"self": "log_sigmoid_backward(grad, self, buffer)"}
    saved_names, saved_values = ("self",), {"buffer": "buffer"}  # the buffer is torch's, never the user's

    @staticmethod
    def forward(ctx, a):
        if a.dtype.category < 2:
            raise not_implemented("log_sigmoid_cpu", a.dtype)
        x = a._data
        wide = x.astype(np.float32) if x.dtype is HALF else x
        buffer = precise(np.exp, -np.abs(wide))
        ctx._save((a,))
        ctx.buffer = wrap(buffer.astype(x.dtype, copy=False))
        return wrap((np.minimum(wide, 0) - _log1p_as_sleef(buffer)).astype(x.dtype, copy=False))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (log_sigmoid_backward(grads[0], a, F.value(ctx.buffer), F),)


class LogSigmoidBackward(Op):
    """logsigmoid's backward as a differentiable op (seen after ``create_graph=True``); ``buffer`` is not an input"""

    node_name = "LogSigmoidBackwardBackward0"
    formula = {
        "grad_output": "log_sigmoid_backward(grad, self, buffer)",
        "self": "grad * grad_output * (sigmoid(self) - 1) * sigmoid(self)",
    }
    saved_names = ("grad_output", "self")

    @staticmethod
    def forward(ctx, grad_output, a, *, buffer):
        ctx._save((grad_output, a))
        ctx.buffer = buffer
        return wrap(log_sigmoid_backward(grad_output._data, a._data, buffer._data, ARRAYS))

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a = ctx._values(F)
        buffer = F.value(ctx.buffer)
        needs = ctx._needs()
        z = F.sigmoid(a) if needs[1] else None
        return (
            log_sigmoid_backward(grads[0], a, buffer, F) if needs[0] else None,
            grads[0] * grad_output * F.scalar_sub(z, 1) * z if needs[1] else None,
        )
