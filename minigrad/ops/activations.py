"""The activations of ``torch.nn.functional`` that are ops of their own in torch: elu (and selu and celu, which are
elu with other coefficients), mish, hardtanh (and relu6) and logsigmoid. Forwards compute as torch's CPU kernels do,
in the input's dtype; formulas are derivatives.yaml's, in the kernels' order."""

import numpy as np

from ._util import not_implemented, precise, wrap
from .carriers import ARRAYS
from .op import Op


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
    return wrap(_elu(a._data, alpha, scale, input_scale))


def elu_backward(grad, alpha, scale, input_scale, self, F=None):
    """torch's ``elu_backward`` of ``self``: ``grad * input_scale * alpha * scale * exp(self * input_scale)`` where
    ``self <= 0``, else ``grad * scale`` (on Tensors, the differentiable EluBackward op)."""
    if F is ARRAYS:
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
            elu_backward(grads[0] * grad_output * ctx.input_scale, *coefficients, a, F) * (a < 0) if needs[1] else None,
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


class Mish(Op):
    """result = self * tanh(softplus(self)), softplus(x) = log(1 + exp(x))"""

    node_name = "MishBackward0"
    formula = {"self": "grad * (tanh(log1p(exp(self))) + self * sigmoid(self) * (1 - tanh(log1p(exp(self))) ** 2))"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        if a.dtype.category < 2:
            raise not_implemented("mish_cpu", a.dtype)
        x = a._data
        ctx._save((a,))
        return wrap(x * precise(np.tanh, precise(np.log1p, precise(np.exp, x))))


def hardtanh_backward(grad, self, min_val, max_val, F=None):
    """torch's ``hardtanh_backward``: ``grad`` where ``min_val < self < max_val``, else 0 (on Tensors, the
    differentiable HardtanhBackward op, so that a second backward sees torch's node)."""
    if F is ARRAYS:
        return F.where(self <= min_val, 0, F.where(self >= max_val, 0, grad))
    return HardtanhBackward.apply(grad, self, min_val=min_val, max_val=max_val)


class Hardtanh(Op):
    """result = self clamped to [min_val, max_val]; the gradient passes only strictly inside"""

    node_name = "HardtanhBackward0"
    formula = {"self": "hardtanh_backward(grad, self, min_val, max_val)"}
    saved_names = ("self",)
    saved_values = {"min_val": "min_val", "max_val": "max_val"}

    @staticmethod
    def forward(ctx, a, *, min_val, max_val):
        if a.dtype.category == 0:
            raise RuntimeError("Bool inputs not supported for hardtanh")
        ctx._save((a,))
        ctx.min_val, ctx.max_val = min_val, max_val
        x = a._data
        c = x.dtype.type
        return wrap(np.minimum(np.maximum(x, c(min_val)), c(max_val)).astype(x.dtype, copy=False))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (hardtanh_backward(grads[0], a, ctx.min_val, ctx.max_val, F),)


class HardtanhBackward(Op):
    """hardtanh's backward as a differentiable op (seen after ``create_graph=True``): flat in ``self``"""

    node_name = "HardtanhBackwardBackward0"
    formula = {"grad_output": "hardtanh_backward(grad, self, min_val, max_val)", "self": "zeros_like(grad)"}
    saved_names = ("self",)
    saved_values = Hardtanh.saved_values

    @staticmethod
    def forward(ctx, grad_output, a, *, min_val, max_val):
        ctx._save((a,))
        ctx.min_val, ctx.max_val = min_val, max_val
        x = a._data
        return wrap(np.where(x <= min_val, 0, np.where(x >= max_val, 0, grad_output._data)).astype(x.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        needs = ctx._needs()
        return (
            hardtanh_backward(grads[0], a, ctx.min_val, ctx.max_val, F) if needs[0] else None,
            F.zeros_like(grads[0]) if needs[1] else None,
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
        return _log_sigmoid_derivative(self, buffer) * grad
    return LogSigmoidBackward.apply(grad, self, buffer=buffer)


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
        buffer = precise(np.exp, -np.abs(x))
        ctx._save((a,))
        ctx.buffer = wrap(buffer)
        return wrap(np.minimum(x, 0) - precise(np.log1p, buffer))

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
        return wrap(_log_sigmoid_derivative(a._data, buffer._data) * grad_output._data)

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a = ctx._values(F)
        buffer = F.value(ctx.buffer)
        needs = ctx._needs()
        z = F.sigmoid(a) if needs[1] else None
        return (
            log_sigmoid_backward(grads[0], a, buffer, F) if needs[0] else None,
            grads[0] * grad_output * (z - 1) * z if needs[1] else None,
        )
