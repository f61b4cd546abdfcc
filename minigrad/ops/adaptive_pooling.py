"""``adaptive_avg_pool2d``: the average of each of an output grid's windows, the windows chosen so that the grid has
the size asked for (window ``i`` of ``n`` over ``size`` elements runs from ``floor(i * size / n)`` to
``ceil((i + 1) * size / n)``), summed and divided as torch's CPU kernel does."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .op import Op


def _windows(size, n):
    """The (start, end) of each of ``n`` adaptive windows over ``size`` elements."""
    return [(i * size // n, -(-(i + 1) * size // n)) for i in range(n)]


def adaptive_avg_pool2d_kernel(x, out_h, out_w):
    """torch's kernel on an array ``(..., H, W)``: each window summed element by element in row order, then divided
    by its height and then by its width, in ``x``'s dtype."""
    rows, cols = _windows(x.shape[-2], out_h), _windows(x.shape[-1], out_w)
    out = np.empty(x.shape[:-2] + (out_h, out_w), dtype=x.dtype)
    for i, (r0, r1) in enumerate(rows):
        for j, (c0, c1) in enumerate(cols):
            total = np.zeros(x.shape[:-2], dtype=x.dtype)
            for r in range(r0, r1):
                for c in range(c0, c1):
                    total += x[..., r, c]
            out[..., i, j] = total / x.dtype.type(r1 - r0) / x.dtype.type(c1 - c0)
    return out


def adaptive_avg_pool2d_backward_kernel(grad, shape):
    """torch's backward kernel: each output's gradient divided by its window's height and width, then added to every
    input of the window, the outputs taken in row order."""
    out_h, out_w = grad.shape[-2:]
    rows, cols = _windows(shape[-2], out_h), _windows(shape[-1], out_w)
    out = np.zeros(shape, dtype=grad.dtype)
    for i, (r0, r1) in enumerate(rows):
        for j, (c0, c1) in enumerate(cols):
            delta = grad[..., i, j] / grad.dtype.type(r1 - r0) / grad.dtype.type(c1 - c0)
            for r in range(r0, r1):
                for c in range(c0, c1):
                    out[..., r, c] += delta
    return out


def adaptive_avg_pool2d(self, output_size, F=None):
    """torch's ``_adaptive_avg_pool2d`` of ``self`` to ``output_size`` (on arrays the kernel, on Tensors the
    AdaptiveAvgPool2D op)."""
    if F is ARRAYS:
        return adaptive_avg_pool2d_kernel(self, *output_size)
    return AdaptiveAvgPool2D.apply(self, output_size=tuple(output_size))


def adaptive_avg_pool2d_backward(grad, self, F=None):
    """torch's ``_adaptive_avg_pool2d_backward``: each output's gradient spread evenly over its window (on Tensors,
    the differentiable AdaptiveAvgPool2DBackward op)."""
    if F is ARRAYS:
        return adaptive_avg_pool2d_backward_kernel(grad, self.shape)
    return AdaptiveAvgPool2DBackward.apply(grad, self)


class AdaptiveAvgPool2D(Op):
    """result = the average of each adaptive window of self's last two dims"""

    node_name = "AdaptiveAvgPool2DBackward0"
    formula = {"self": "adaptive_avg_pool2d_backward(grad, self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a, *, output_size):
        ctx._save((a,))
        return wrap(adaptive_avg_pool2d_kernel(a._data, *output_size))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (adaptive_avg_pool2d_backward(grads[0], a, F),)


class AdaptiveAvgPool2DBackward(Op):
    """adaptive_avg_pool2d's backward as a differentiable op: linear in grad_output (pooled again), flat in self"""

    node_name = "AdaptiveAvgPool2DBackwardBackward0"
    formula = {"grad_output": "adaptive_avg_pool2d(grad, grad_output.shape[-2:])", "self": "zeros_like(self)"}
    saved_values = {"grad_output_sym_argsize_minus_2": "out_h", "grad_output_sym_argsize_minus_1": "out_w"}

    @staticmethod
    def forward(ctx, grad_output, a):
        ctx.out_h, ctx.out_w = grad_output.shape[-2:]
        ctx.shape = tuple(a.shape)
        return wrap(adaptive_avg_pool2d_backward_kernel(grad_output._data, a.shape))

    @staticmethod
    def backward(ctx, grads, F):
        needs = ctx._needs()
        grad = grads[0]
        pooled = adaptive_avg_pool2d(grad, (ctx.out_h, ctx.out_w), F) if needs[0] else None
        if not needs[1]:
            return pooled, None
        return pooled, np.zeros(ctx.shape, grad.dtype) if F is ARRAYS else grad.new_zeros(ctx.shape)
