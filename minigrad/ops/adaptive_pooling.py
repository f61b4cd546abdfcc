"""``adaptive_avg_pool2d``: the average of each of an output grid's windows, the windows chosen so that the grid has
the size asked for (window ``i`` of ``n`` over ``size`` elements runs from ``floor(i * size / n)`` to
``ceil((i + 1) * size / n)``), summed and divided as torch's CPU kernel does."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .op import IndexingOp, Op
from .pooling import _gather_planes, _scatter_planes, max_pool_double_backward


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


def adaptive_max_pool2d_indices(x, out_h, out_w):
    """numpy: where (``row * W + col`` in its plane) the largest value of each adaptive window of ``x`` (..., H, W)
    is, as torch's kernel finds it: the first of equal values, the last NaN."""
    rows, cols = _windows(x.shape[-2], out_h), _windows(x.shape[-1], out_w)
    width = x.shape[-1]
    out = np.empty(x.shape[:-2] + (out_h, out_w), dtype=np.int64)
    for i, (r0, r1) in enumerate(rows):
        for j, (c0, c1) in enumerate(cols):
            win = x[..., r0:r1, c0:c1].reshape(*x.shape[:-2], (r1 - r0) * (c1 - c0))
            choice = np.argmax(win, axis=-1)
            if x.dtype.kind == "f":
                nan = np.isnan(win)
                choice = np.where(nan.any(-1), win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1), choice)
            r, c = np.divmod(choice, c1 - c0)
            out[..., i, j] = (r0 + r) * width + c0 + c
    return out


def adaptive_max_pool2d_backward(grad, self, indices, F=None):
    """torch's ``adaptive_max_pool2d_backward``: zeros of ``self``'s shape with ``grad`` added at ``indices`` (on
    Tensors, the differentiable AdaptiveMaxPool2DBackward op)."""
    if F is ARRAYS:
        return _scatter_planes(grad, self.shape, indices._data)
    return AdaptiveMaxPool2DBackward.apply(grad, self, indices=indices)


class AdaptiveMaxPool2D(IndexingOp):
    """result = the largest value of each adaptive window of self's last two dims (result1: where it is)"""

    node_name = "AdaptiveMaxPool2DBackward0"
    formula = {"self": "adaptive_max_pool2d_backward(grad, self, result1)"}
    saved_names = ("self",)
    saved_values = {"result1": "result1"}

    @staticmethod
    def forward(ctx, a, *, indices):
        ctx.result1 = indices
        ctx._keep_indices(indices)
        ctx._save((a,))
        return wrap(_gather_planes(a._data, indices._data))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (adaptive_max_pool2d_backward(grads[0], a, ctx.result1, F),)


class AdaptiveMaxPool2DBackward(IndexingOp):
    """result = zeros of self's shape with grad_output added at ``indices`` (adaptive_max_pool2d's backward)"""

    node_name = "AdaptiveMaxPool2DBackwardBackward0"
    formula = {"grad_output": "max_pool_double_backward(grad, indices, 2)", "self": "zeros_like(self)"}
    saved_values = {"indices": "indices"}

    @staticmethod
    def forward(ctx, grad_output, a, *, indices):
        ctx.indices = indices
        ctx._keep_indices(indices)
        return wrap(_scatter_planes(grad_output._data, a.shape, indices._data))

    @staticmethod
    def backward(ctx, grads, F):
        needs = ctx._needs()
        shape, dtype = ctx._input_meta[1]
        return (
            max_pool_double_backward(grads[0], ctx.indices, 2, F) if needs[0] else None,
            F.constant(np.zeros(shape, dtype)) if needs[1] else None,
        )
