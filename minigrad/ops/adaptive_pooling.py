"""``adaptive_avg_pool2d``: the average of each of an output grid's windows, the windows chosen so that the grid has
the size asked for (window ``i`` of ``n`` over ``size`` elements runs from ``floor(i * size / n)`` to
``ceil((i + 1) * size / n)``), summed and divided as torch's CPU kernel does; ``adaptive_max_pool2d``, the largest
value of each window and where it is. The kernels take any number of pooled dims: ``adaptive_pooling3d.py``'s ops
are these over three."""

import itertools
import math

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .op import IndexingOp, Op
from .pooling import _gather_planes, _scatter_planes, max_pool_double_backward


def _windows(size, n):
    """The (start, end) of each of ``n`` adaptive windows over ``size`` elements."""
    return [(i * size // n, -(-(i + 1) * size // n)) for i in range(n)]


def _window_grid(shape, out):
    """Every window of an adaptive grid ``out`` over the last ``len(out)`` dims of ``shape``, in row order: its
    position in the grid and its (start, end) along each dim."""
    spans = [_windows(size, n) for size, n in zip(shape[len(shape) - len(out):], out)]
    for position in itertools.product(*map(range, out)):
        yield position, [span[i] for span, i in zip(spans, position)]


def _elements(bounds):
    """The positions inside a window, in row order."""
    return itertools.product(*(range(start, end) for start, end in bounds))


def adaptive_avg_pool_kernel(x, out):
    """torch's kernel on an array ``(..., *spatial)`` pooled to ``out`` over its last ``len(out)`` dims: each window
    summed element by element in row order, then divided by its length along each dim in turn, in ``x``'s dtype
    (float16 over two dims in float32, the opmath type of torch's 2-d kernel, rounded once at the end; its 3-d kernel
    adds in float16)."""
    lead = x.shape[: x.ndim - len(out)]
    result = np.empty(lead + tuple(out), dtype=x.dtype)
    acc = np.dtype(np.float32) if x.dtype == np.float16 and len(out) < 3 else x.dtype
    for position, bounds in _window_grid(x.shape, out):
        total = np.zeros(lead, dtype=acc)
        for element in _elements(bounds):
            total += x[(Ellipsis, *element)]
        for start, end in bounds:
            total = total / acc.type(end - start)
        result[(Ellipsis, *position)] = total
    return result


def adaptive_avg_pool_backward_kernel(grad, shape, dims):
    """torch's backward kernel over the last ``dims`` dims: each output's gradient divided by its window's length
    along each dim, then added to every input of the window, the outputs taken in row order."""
    result = np.zeros(shape, dtype=grad.dtype)
    for position, bounds in _window_grid(shape, grad.shape[grad.ndim - dims:]):
        delta = grad[(Ellipsis, *position)]
        for start, end in bounds:
            delta = delta / grad.dtype.type(end - start)
        for element in _elements(bounds):
            result[(Ellipsis, *element)] += delta
    return result


def adaptive_avg_pool2d(self, output_size, F=None):
    """torch's ``_adaptive_avg_pool2d`` of ``self`` to ``output_size`` (on arrays the kernel, on Tensors the
    AdaptiveAvgPool2D op)."""
    if F is ARRAYS:
        return adaptive_avg_pool_kernel(self, tuple(output_size))
    return AdaptiveAvgPool2D.apply(self, output_size=tuple(output_size))


def adaptive_avg_pool2d_backward(grad, self, F=None):
    """torch's ``_adaptive_avg_pool2d_backward``: each output's gradient spread evenly over its window (on Tensors,
    the differentiable AdaptiveAvgPool2DBackward op)."""
    if F is ARRAYS:
        return adaptive_avg_pool_backward_kernel(grad, self.shape, 2)
    return AdaptiveAvgPool2DBackward.apply(grad, self)


class AdaptiveAvgPool2D(Op):
    """result = the average of each adaptive window of self's last two dims"""

    node_name = "AdaptiveAvgPool2DBackward0"
    formula = {"self": "adaptive_avg_pool2d_backward(grad, self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a, *, output_size):
        ctx._save((a,))
        return wrap(adaptive_avg_pool_kernel(a._data, tuple(output_size)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (adaptive_avg_pool2d_backward(grads[0], a, F),)


class AdaptiveAvgPool2DBackward(Op):
    """adaptive_avg_pool2d's backward as a differentiable op: linear in grad_output (pooled again), flat in self"""

    node_name = "AdaptiveAvgPool2DBackwardBackward0"
    formula = {"grad_output": "adaptive_avg_pool2d(grad, grad_output.shape[-2:])", "self": "zeros_like(self)"}
    saved_values = {"grad_output_sym_argsize_minus_2": "out_h", "grad_output_sym_argsize_minus_1": "out_w"}
    dims = 2  # the pooled dims (AdaptiveAvgPool3DBackward: 3)

    @staticmethod
    def forward(ctx, grad_output, a):
        ctx.out_size = tuple(grad_output.shape[grad_output.ndim - ctx.dims:])
        ctx.out_d, ctx.out_h, ctx.out_w = ctx.out_size[-3:] if ctx.dims == 3 else (None, *ctx.out_size)
        ctx.shape = tuple(a.shape)
        return wrap(adaptive_avg_pool_backward_kernel(grad_output._data, a.shape, ctx.dims))

    @staticmethod
    def backward(ctx, grads, F):
        needs = ctx._needs()
        grad = grads[0]
        pooled = ctx._pool(grad, ctx.out_size, F) if needs[0] else None
        if not needs[1]:
            return pooled, None
        return pooled, np.zeros(ctx.shape, grad.dtype) if F is ARRAYS else grad.new_zeros(ctx.shape)

    _pool = staticmethod(adaptive_avg_pool2d)


def adaptive_max_pool_indices(x, out):
    """numpy: where (the flat position in its plane of the last ``len(out)`` dims, ``row * W + col`` in 2-d) the
    largest value of each adaptive window of ``x`` is, as torch's kernel finds it: the first of equal values, the last
    NaN."""
    k = len(out)
    lead, spatial = x.shape[: x.ndim - k], x.shape[x.ndim - k:]
    result = np.empty(lead + tuple(out), dtype=np.int64)
    for position, bounds in _window_grid(x.shape, out):
        lengths = tuple(end - start for start, end in bounds)
        win = x[(Ellipsis, *(slice(start, end) for start, end in bounds))].reshape(*lead, math.prod(lengths))
        choice = np.argmax(win, axis=-1)
        if x.dtype.kind == "f":
            nan = np.isnan(win)
            choice = np.where(nan.any(-1), win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1), choice)
        offsets = np.unravel_index(choice, lengths)
        flat = np.zeros(choice.shape, dtype=np.int64)
        for (start, _), offset, size in zip(bounds, offsets, spatial):
            flat = flat * size + start + offset
        result[(Ellipsis, *position)] = flat
    return result


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
    dims = 2  # the pooled dims (AdaptiveMaxPool3D: 3)

    @staticmethod
    def forward(ctx, a, *, indices):
        ctx.result1 = indices
        ctx._keep_indices(indices)
        ctx._save((a,))
        return wrap(_gather_planes(a._data, indices._data, ctx.dims))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (adaptive_max_pool2d_backward(grads[0], a, ctx.result1, F),)


class AdaptiveMaxPool2DBackward(IndexingOp):
    """result = zeros of self's shape with grad_output added at ``indices`` (adaptive_max_pool2d's backward)"""

    node_name = "AdaptiveMaxPool2DBackwardBackward0"
    formula = {"grad_output": "max_pool_double_backward(grad, indices, 2)", "self": "zeros_like(self)"}
    saved_values = {"indices": "indices"}
    dims = 2

    @staticmethod
    def forward(ctx, grad_output, a, *, indices):
        ctx.indices = indices
        ctx._keep_indices(indices)
        return wrap(_scatter_planes(grad_output._data, a.shape, indices._data, ctx.dims))

    @staticmethod
    def backward(ctx, grads, F):
        needs = ctx._needs()
        shape, dtype = ctx._input_meta[1]
        return (
            max_pool_double_backward(grads[0], ctx.indices, ctx.dims, F) if needs[0] else None,
            F.constant(np.zeros(shape, dtype)) if needs[1] else None,
        )
