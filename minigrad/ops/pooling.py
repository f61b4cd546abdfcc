"""2-D pooling as torch's CPU kernels compute it: ``max_pool2d_with_indices`` (MaxPool2DWithIndicesBackward0, the
largest value of each window and where it is) and ``avg_pool2d`` (AvgPool2DBackward0, each window's sum, in the
input's dtype and row by row, divided by its size), and their backwards as ops of their own (what a second derivative
records). The last two dims are the image's; any dims before are planes pooled alike. The max kernels take any number
of pooled dims: ``max_pool3d.py``'s ops are these over three."""

import math

import numpy as np

from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import IndexingOp, Op


def pooling_output_size(size, kernel, pad, stride, dilation, ceil_mode):
    """torch's ``pooling_output_shape``: the number of windows along a dim of ``size``, with its checks."""
    if stride == 0:
        raise RuntimeError("stride should not be zero")
    if pad < 0:
        raise RuntimeError(f"pad must be non-negative, but got pad: {pad}")
    if pad > ((kernel - 1) * dilation + 1) // 2:
        raise RuntimeError(f"pad should be at most half of effective kernel size, but got pad={pad}, "
                           f"kernel_size={kernel} and dilation={dilation}")  # fmt: skip
    out = (size + 2 * pad - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)) // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _padded(x, out, kernel, stride, padding, dilation, fill):
    """numpy: ``x`` padded with ``fill`` around its last ``len(kernel)`` dims, as far as the ``out`` windows reach."""
    k = len(kernel)
    widths = [(0, 0)] * (x.ndim - k)
    for size, o, kk, s, p, d in zip(x.shape[-k:], out, kernel, stride, padding, dilation):
        widths.append((p, max((o - 1) * s + d * (kk - 1) + 1 - size - p, 0)))
    return np.pad(x, widths, constant_values=fill)


def _window_slice(position, out, stride, dilation):
    """The key of kernel ``position`` (one offset per dim) in every window of a padded array, over its last dims."""
    return (Ellipsis, *(slice(i * d, i * d + (o - 1) * s + 1, s) for i, o, s, d in zip(position, out, stride,
                                                                                        dilation)))  # fmt: skip


def max_pool_indices(x, kernel, stride, padding, dilation, out):
    """numpy: where (the flat position in its plane of the last ``len(kernel)`` dims, ``row * W + col`` in 2-d) the
    largest value of each window of ``x`` is, as torch's kernel finds it: the first of equal values, the last NaN,
    the window's first position if all are -inf."""
    k = len(kernel)
    fill = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min if x.dtype.kind in "iu" else False
    xp = _padded(x, out, kernel, stride, padding, dilation, fill)
    win = np.stack([xp[_window_slice(pos, out, stride, dilation)] for pos in np.ndindex(*kernel)], axis=-1)
    choice = np.argmax(win, axis=-1)
    if x.dtype.kind == "f":
        nan = np.isnan(win)
        choice = np.where(nan.any(-1), win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1), choice)
    offsets = np.unravel_index(choice, kernel)  # the kernel position of each window's choice, per dim
    flat = np.zeros(choice.shape, dtype=np.int64)
    for d in range(k):
        size = x.shape[x.ndim - k + d]
        starts = np.arange(out[d])[:, None] * stride[d] - padding[d] + np.arange(kernel[d]) * dilation[d]  # (o, k)
        valid = (starts >= 0) & (starts < size)
        grid = np.arange(out[d]).reshape((out[d],) + (1,) * (k - 1 - d))
        i = offsets[d]
        inside = valid[grid, i]  # else every value is -inf (or the lowest int): the first valid position
        i = np.where(inside, i, np.argmax(valid, axis=1).reshape(grid.shape))
        flat = flat * size + starts[grid, i]
    return flat


def _gather_planes(x, indices, dims=2):
    """numpy: the values of ``x`` at ``indices`` of its planes (its last ``dims`` dims flattened)."""
    flat = x.reshape(*x.shape[: x.ndim - dims], math.prod(x.shape[x.ndim - dims:]))
    lead = indices.shape[: indices.ndim - dims]
    picked = indices.reshape(*lead, math.prod(indices.shape[indices.ndim - dims:]))
    return np.take_along_axis(flat, picked, axis=-1).reshape(indices.shape)


def max_pool_double_backward(grad, indices, dim, F=TENSORS):
    """torch's ``max_pool_double_backward``: ``grad`` (of the input's shape) read at ``indices``."""
    idx = indices._data if hasattr(indices, "_data") else indices
    if F is ARRAYS:
        return _gather_planes(grad, idx, dim)
    size = (*idx.shape[: idx.ndim - dim], -1)
    return grad.reshape(size).gather(-1, indices.view(size)).view(*idx.shape)


def max_pool2d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation, ceil_mode, indices,
                                     F=TENSORS):  # fmt: skip
    """torch's ``max_pool2d_with_indices_backward``: zeros of ``self``'s shape with ``grad`` added at ``indices``
    (on Tensors, the differentiable MaxPool2DWithIndicesBackward op)."""
    if F is ARRAYS:
        return _scatter_planes(grad, self.shape, indices._data)
    return MaxPool2DWithIndicesBackward.apply(grad, self, kernel_size=kernel_size, stride=stride, padding=padding,
                                              dilation=dilation, ceil_mode=ceil_mode, indices=indices)  # fmt: skip


def _scatter_planes(grad, shape, indices, dims=2):
    """numpy: zeros of ``shape`` with ``grad`` added at ``indices`` of its planes (its last ``dims`` dims)."""
    lead = indices.shape[: indices.ndim - dims]
    out = np.zeros((*shape[: len(shape) - dims], math.prod(shape[len(shape) - dims:])), dtype=grad.dtype)
    count = math.prod(indices.shape[indices.ndim - dims:])
    key = (*(k[..., None] for k in np.indices(lead, sparse=True)), indices.reshape(*lead, count))
    np.add.at(out, key, grad.reshape(*lead, count))
    return out.reshape(shape)


_POOL_VALUES = {k: k for k in ("kernel_size", "stride", "padding", "dilation", "ceil_mode")}


def _set(ctx, values):
    ctx.__dict__.update(values)


class MaxPool2DWithIndices(IndexingOp):
    """result = the largest value of each window of self (``indices``: where it is)"""

    node_name = "MaxPool2DWithIndicesBackward0"
    formula = {"self": "max_pool2d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation, "
                       "ceil_mode, result1)"}  # fmt: skip
    saved_names = ("self",)
    saved_values = {**_POOL_VALUES, "result1": "result1"}
    dims = 2  # the pooled dims (MaxPool3DWithIndices: 3)

    @staticmethod
    def forward(ctx, a, *, kernel_size, stride, padding, dilation, ceil_mode, indices):
        _set(ctx, dict(kernel_size=kernel_size, stride=stride, padding=padding, dilation=dilation, ceil_mode=ceil_mode))
        ctx.result1 = indices
        ctx._keep_indices(indices)
        ctx._save((a,))
        return wrap(_gather_planes(a._data, indices._data, ctx.dims))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (max_pool2d_with_indices_backward(grads[0], a, ctx.kernel_size, ctx.stride, ctx.padding, ctx.dilation,
                                                 ctx.ceil_mode, ctx.result1, F),)  # fmt: skip


class MaxPool2DWithIndicesBackward(IndexingOp):
    """result = zeros of self's shape with grad_output added at ``indices`` (max_pool2d's backward)"""

    node_name = "MaxPool2DWithIndicesBackwardBackward0"
    formula = {"grad_output": "max_pool_double_backward(grad, indices, 2)", "self": "zeros_like(self)"}
    saved_values = {"indices": "indices"}
    dims = 2

    @staticmethod
    def forward(ctx, grad_output, a, *, kernel_size, stride, padding, dilation, ceil_mode, indices):
        _set(ctx, dict(kernel_size=kernel_size, stride=stride, padding=padding, dilation=dilation, ceil_mode=ceil_mode))
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


def _avg_windows(shape, out, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """numpy: each window's divisor (torch's ``divide_factor``) and whether it holds any of the input, over (oh, ow)."""
    sizes, counts, nonempty = [], [], []
    for size, o, k, s, p in zip(shape[-2:], out, kernel, stride, padding):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, size + p)
        sizes.append(end - start)
        start, end = np.maximum(start, 0), np.minimum(end, size)
        counts.append(end - start)
        nonempty.append(start < end)
    if divisor_override is not None:
        divisor = np.full(out, divisor_override, dtype=np.int64)
    elif count_include_pad:
        divisor = sizes[0][:, None] * sizes[1][None, :]
    else:
        divisor = counts[0][:, None] * counts[1][None, :]
    return divisor, nonempty[0][:, None] & nonempty[1][None, :]


def _divided(total, divisor):
    """``total / divisor`` as torch's kernel divides: in a floating dtype, the divisor converted to it; integers
    rounded toward zero."""
    if total.dtype.kind == "f":
        return total / divisor.astype(total.dtype)
    quotient = np.abs(total) // divisor
    return np.where(total < 0, -quotient, quotient).astype(total.dtype)


def avg_pool2d_kernel(x, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """numpy: torch's ``avg_pool2d`` (``stride`` given in full): each window's values summed in its order (row by
    row, in ``x``'s dtype; float16 in float32, torch's opmath type, rounded once after the division), divided by its
    divisor; 0 for a window only over padding."""
    out = tuple(pooling_output_size(*a, 1, ceil_mode) for a in zip(x.shape[-2:], kernel, padding, stride))
    xp = _padded(x, out, kernel, stride, padding, (1, 1), 0)
    total = np.zeros((*x.shape[:-2], *out), dtype=np.float32 if x.dtype == np.float16 else x.dtype)
    for i in range(kernel[0]):
        for j in range(kernel[1]):
            total += xp[_window_slice((i, j), out, stride, (1, 1))]
    divisor, nonempty = _avg_windows(x.shape, out, kernel, stride, padding, ceil_mode, count_include_pad,
                                     divisor_override)  # fmt: skip
    return np.where(nonempty, _divided(total, divisor), 0).astype(x.dtype)


def avg_pool2d_backward_kernel(go, shape, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """numpy: torch's ``avg_pool2d_backward``: each window's share of its gradient added to the values it covers, the
    windows in order."""
    out = go.shape[-2:]
    divisor, nonempty = _avg_windows(shape, out, kernel, stride, padding, ceil_mode, count_include_pad,
                                     divisor_override)  # fmt: skip
    delta = np.where(nonempty, _divided(go, divisor), 0).astype(go.dtype)
    pads = [(p, max((o - 1) * s + k - size - p, 0)) for size, o, k, s, p in zip(shape[-2:], out, kernel, stride,
                                                                                 padding)]  # fmt: skip
    grad = np.zeros((*shape[:-2], *(size + a + b for size, (a, b) in zip(shape[-2:], pads))), dtype=go.dtype)
    for i in reversed(range(kernel[0])):  # the windows that cover a value, in torch's order (the first window first)
        for j in reversed(range(kernel[1])):
            grad[_window_slice((i, j), out, stride, (1, 1))] += delta
    return np.ascontiguousarray(grad[..., pads[0][0]:pads[0][0] + shape[-2], pads[1][0]:pads[1][0] + shape[-1]])


def _full(values):
    """The pooling parameters with stride given in full (an empty stride is the kernel's)."""
    kernel, stride, padding = (tuple(v) * (2 if len(v) == 1 else 1) for v in values[:3])
    return kernel, stride or kernel, padding


def avg_pool2d(self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """torch's ``avg_pool2d`` of a tensor, parameters already checked (the differentiable AvgPool2D op)."""
    return AvgPool2D.apply(self, kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                           count_include_pad=count_include_pad, divisor_override=divisor_override)  # fmt: skip


def avg_pool2d_backward(grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override,
                        F=TENSORS):  # fmt: skip
    """torch's ``avg_pool2d_backward`` (on Tensors, the differentiable AvgPool2DBackward op)."""
    params = dict(kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                  count_include_pad=count_include_pad, divisor_override=divisor_override)  # fmt: skip
    if F is ARRAYS:
        kernel, full_stride, pad = _full((kernel_size, stride, padding))
        return avg_pool2d_backward_kernel(grad, self.shape, kernel, full_stride, pad, ceil_mode, count_include_pad,
                                          divisor_override)  # fmt: skip
    return AvgPool2DBackward.apply(grad, self, **params)


_AVG_VALUES = {k: k for k in ("kernel_size", "stride", "padding", "ceil_mode", "count_include_pad",
                              "divisor_override")}  # fmt: skip


class AvgPool2D(Op):
    """result = the mean of each window of self (or its sum divided by ``divisor_override``)"""

    node_name = "AvgPool2DBackward0"
    formula = {"self": "avg_pool2d_backward(grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad, "
                       "divisor_override)"}  # fmt: skip
    saved_names = ("self",)
    saved_values = _AVG_VALUES

    @staticmethod
    def forward(ctx, a, *, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
        _set(ctx, dict(kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                       count_include_pad=count_include_pad, divisor_override=divisor_override))  # fmt: skip
        ctx._save((a,))
        kernel, full_stride, pad = _full((kernel_size, stride, padding))
        return wrap(avg_pool2d_kernel(a._data, kernel, full_stride, pad, ceil_mode, count_include_pad,
                                      divisor_override))  # fmt: skip

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (avg_pool2d_backward(grads[0], a, ctx.kernel_size, ctx.stride, ctx.padding, ctx.ceil_mode,
                                    ctx.count_include_pad, ctx.divisor_override, F),)  # fmt: skip


class AvgPool2DBackward(Op):
    """result = avg_pool2d's backward of grad_output: each window's share spread over the values it covers"""

    node_name = "AvgPool2DBackwardBackward0"
    formula = {
        "grad_output": "avg_pool2d(grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)",
        "self": "zeros_like(self)",
    }
    saved_values = _AVG_VALUES

    @staticmethod
    def forward(ctx, grad_output, a, *, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
        values = dict(kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                      count_include_pad=count_include_pad, divisor_override=divisor_override)  # fmt: skip
        _set(ctx, values)
        return wrap(avg_pool2d_backward(grad_output._data, a._data, F=ARRAYS, **values))

    @staticmethod
    def backward(ctx, grads, F):
        needs = ctx._needs()
        shape, dtype = ctx._input_meta[1]
        grad = None
        if needs[0]:
            kernel, stride, padding = _full((ctx.kernel_size, ctx.stride, ctx.padding))
            if F is ARRAYS:
                grad = avg_pool2d_kernel(grads[0], kernel, stride, padding, ctx.ceil_mode, ctx.count_include_pad,
                                         ctx.divisor_override)  # fmt: skip
            else:
                grad = avg_pool2d(grads[0], ctx.kernel_size, ctx.stride, ctx.padding, ctx.ceil_mode,
                                  ctx.count_include_pad, ctx.divisor_override)  # fmt: skip
        return grad, (F.constant(np.zeros(shape, dtype)) if needs[1] else None)
