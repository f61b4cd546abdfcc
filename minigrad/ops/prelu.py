"""``prelu``'s kernel: ``self`` where it is positive, else ``weight * self``, with a learned ``weight`` broadcast over
the channels. Its backward gives both gradients at once (torch's ``_prelu_kernel_backward``), and is itself a
differentiable op of two outputs."""

import numpy as np

from ._util import not_implemented, wrap
from .carriers import ARRAYS
from .op import Op


def prelu_kernel_backward(grad, self, weight, F=None):
    """torch's ``_prelu_kernel_backward``: the gradients of ``self`` (``grad`` where ``self > 0``, else
    ``weight * grad``) and of ``weight`` (0 where ``self > 0``, else ``self * grad``; summed to the weight's shape by
    the engine). On Tensors, the differentiable PreluKernelBackward op."""
    if F is ARRAYS:
        positive = self > 0
        return F.where(positive, grad, weight * grad), F.where(positive, 0, self * grad)
    return PreluKernelBackward.apply(grad, self, weight)


class PreluKernel(Op):
    """result = self where self > 0, else weight * self"""

    node_name = "PreluKernelBackward0"
    formula = {"self": "prelu_kernel_backward(grad, self, weight)[0]",
               "weight": "prelu_kernel_backward(grad, self, weight)[1]"}  # torch's: one call gives both
    saved_names = ("self", "weight")

    @staticmethod
    def forward(ctx, a, w):
        if a.dtype.category < 2:
            raise not_implemented("prelu_cpu", a.dtype)
        ctx._save((a, w))
        x = a._data
        return wrap(np.where(x > 0, x, w._data * x))

    @staticmethod
    def backward(ctx, grads, F):
        a, w = ctx._values(F)
        return prelu_kernel_backward(grads[0], a, w, F)


class PreluKernelBackward(Op):
    """prelu's backward as a differentiable op of two outputs (seen after ``create_graph=True``), with torch's
    formulas for whichever of its outputs' gradients are defined"""

    node_name = "PreluKernelBackwardBackward0"
    formula = {
        "grad_output": "where(self >= 0, grads[0], grads[0] * weight + grads[1] * self)",
        "self": "where(self >= 0, 0, grad_output * grads[1])",
        "weight": "where(self >= 0, 0, grad_output * grads[0])",
    }
    saved_names = ("grad_output", "self", "weight")

    @staticmethod
    def forward(ctx, grad_output, a, w):
        ctx._save((grad_output, a, w))
        d_self, d_weight = prelu_kernel_backward(grad_output._data, a._data, w._data, ARRAYS)
        return wrap(d_self), wrap(d_weight)

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a, w = ctx._values(F)
        g_self, g_weight = grads
        needs = ctx._needs()
        nonnegative = a >= 0
        d_grad = d_self = d_weight = None
        if needs[0]:
            if g_self is None:
                d_grad = F.where(nonnegative, 0, g_weight * a)
            else:
                other = g_self * w if g_weight is None else g_self * w + g_weight * a
                d_grad = F.where(nonnegative, g_self, other)
        if needs[1]:
            d_self = F.zeros_like(a) if g_weight is None else F.where(nonnegative, 0, grad_output * g_weight)
        if needs[2]:
            d_weight = F.zeros_like(a) if g_self is None else F.where(nonnegative, 0, grad_output * g_self)
        return d_grad, d_self, d_weight
