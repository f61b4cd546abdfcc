"""``AvgPool3D``: torch's ``avg_pool3d`` (AvgPool3DBackward0) as its CPU kernel computes it, each window's sum in the
input's dtype, in window order, divided by its size; and its backward as an op of its own (AvgPool3DBackwardBackward0).
``F.avg_pool3d`` records it, and ``F.local_response_norm`` for inputs of four or more dims; the parameters arrive
checked, as given (one value for all dims, an empty stride for the kernel's)."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import Op
from .pooling import _divided, pooling_output_size

_VALUES = {k: k for k in ("kernel_size", "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override")}


def _windows(shape, out, kernel, stride, padding, count_include_pad, divisor_override):
    """numpy: each window's divisor and whether it holds any of the input, over the last three dims."""
    sizes, counts, nonempty = [], [], []
    for size, o, k, s, p in zip(shape[-3:], out, kernel, stride, padding):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, size + p)
        sizes.append(end - start)
        start, end = np.maximum(start, 0), np.minimum(end, size)
        counts.append(end - start)
        nonempty.append(start < end)
    grid = np.ix_(*[np.arange(o) for o in out])
    if divisor_override is not None:
        divisor = np.full(out, divisor_override, dtype=np.int64)
    else:
        use = sizes if count_include_pad else counts
        divisor = use[0][grid[0]] * use[1][grid[1]] * use[2][grid[2]]
    return divisor, nonempty[0][grid[0]] & nonempty[1][grid[1]] & nonempty[2][grid[2]]


def _slice(offsets, out, stride):
    return (Ellipsis, *(slice(i, i + (o - 1) * s + 1, s) for i, o, s in zip(offsets, out, stride)))


def _pads(shape, out, kernel, stride, padding):
    return [(p, max((o - 1) * s + k - size - p, 0)) for size, o, k, s, p in zip(shape[-3:], out, kernel, stride,
                                                                                padding)]  # fmt: skip


def avg_pool3d_kernel(x, kernel, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """numpy: torch's ``avg_pool3d``: each window's values summed in order (in ``x``'s dtype), divided by its
    divisor; 0 for a window only over padding."""
    out = tuple(pooling_output_size(*a, 1, ceil_mode) for a in zip(x.shape[-3:], kernel, padding, stride))
    xp = np.pad(x, [(0, 0)] * (x.ndim - 3) + _pads(x.shape, out, kernel, stride, padding))
    total = np.zeros((*x.shape[:-3], *out), dtype=x.dtype)
    for offsets in np.ndindex(*kernel):
        total += xp[_slice(offsets, out, stride)]
    divisor, nonempty = _windows(x.shape, out, kernel, stride, padding, count_include_pad, divisor_override)
    return np.where(nonempty, _divided(total, divisor), 0).astype(x.dtype)


def avg_pool3d_backward_kernel(go, shape, kernel, stride, padding, count_include_pad, divisor_override):
    """numpy: torch's ``avg_pool3d_backward``: each window's share of its gradient added to the values it covers."""
    out = go.shape[-3:]
    divisor, nonempty = _windows(shape, out, kernel, stride, padding, count_include_pad, divisor_override)
    delta = np.where(nonempty, _divided(go, divisor), 0).astype(go.dtype)
    pads = _pads(shape, out, kernel, stride, padding)
    grad = np.zeros((*shape[:-3], *(size + a + b for size, (a, b) in zip(shape[-3:], pads))), dtype=go.dtype)
    for offsets in reversed(list(np.ndindex(*kernel))):  # the windows that cover a value, the first window first
        grad[_slice(offsets, out, stride)] += delta
    keep = tuple(slice(a, a + size) for size, (a, _) in zip(shape[-3:], pads))
    return np.ascontiguousarray(grad[(Ellipsis, *keep)])


def _full(kernel_size, stride, padding):
    """The parameters the kernels use, one value per dim: as given, or one for all, an empty stride the kernel's."""
    kernel, stride, padding = (tuple(v) * 3 if len(v) == 1 else tuple(v) for v in (kernel_size, stride, padding))
    return kernel, stride or kernel, padding


def avg_pool3d_backward(grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override,
                        F=TENSORS):  # fmt: skip
    """torch's ``avg_pool3d_backward`` (on Tensors, the differentiable AvgPool3DBackward op)."""
    if F is ARRAYS:
        return avg_pool3d_backward_kernel(grad, self.shape, *_full(kernel_size, stride, padding), count_include_pad,
                                          divisor_override)  # fmt: skip
    return AvgPool3DBackward.apply(grad, self, kernel_size=kernel_size, stride=stride, padding=padding,
                                   ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                                   divisor_override=divisor_override)  # fmt: skip


def _set(ctx, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    ctx.kernel_size, ctx.stride, ctx.padding = tuple(kernel_size), tuple(stride), tuple(padding)
    ctx.ceil_mode, ctx.count_include_pad, ctx.divisor_override = ceil_mode, count_include_pad, divisor_override
    ctx.full = _full(kernel_size, stride, padding)


class AvgPool3D(Op):
    """result = the mean of each 3-D window of self (its last three dims)"""

    node_name = "AvgPool3DBackward0"
    formula = {"self": "avg_pool3d_backward(grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad, "
                       "divisor_override)"}  # fmt: skip
    saved_names = ("self",)
    saved_values = _VALUES

    @staticmethod
    def forward(ctx, a, *, kernel_size, stride, padding, ceil_mode=False, count_include_pad=True,
                divisor_override=None):  # fmt: skip
        _set(ctx, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
        ctx._save((a,))
        return wrap(avg_pool3d_kernel(a._data, *ctx.full, ceil_mode, count_include_pad, divisor_override))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (avg_pool3d_backward(grads[0], a, ctx.kernel_size, ctx.stride, ctx.padding, ctx.ceil_mode,
                                    ctx.count_include_pad, ctx.divisor_override, F),)  # fmt: skip


class AvgPool3DBackward(Op):
    """result = avg_pool3d's backward of grad_output: each window's share spread over the values it covers"""

    node_name = "AvgPool3DBackwardBackward0"
    formula = {
        "grad_output": "avg_pool3d(grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)",
        "self": "zeros_like(self)",
    }
    saved_values = _VALUES

    @staticmethod
    def forward(ctx, grad_output, a, *, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
        _set(ctx, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
        return wrap(avg_pool3d_backward_kernel(grad_output._data, a.shape, *ctx.full, count_include_pad,
                                               divisor_override))  # fmt: skip

    @staticmethod
    def backward(ctx, grads, F):
        needs = ctx._needs()
        shape, dtype = ctx._input_meta[1]
        grad = None
        if needs[0]:
            rest = (ctx.ceil_mode, ctx.count_include_pad, ctx.divisor_override)
            if F is ARRAYS:
                grad = avg_pool3d_kernel(grads[0], *ctx.full, *rest)
            else:
                grad = avg_pool3d(grads[0], ctx.kernel_size, ctx.stride, ctx.padding, *rest)
        return grad, (F.constant(np.zeros(shape, dtype)) if needs[1] else None)


def avg_pool3d(self, kernel_size, stride, padding, ceil_mode=False, count_include_pad=True, divisor_override=None):
    """torch's ``avg_pool3d`` of a tensor, parameters already checked (the differentiable AvgPool3D op)."""
    return AvgPool3D.apply(self, kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                           count_include_pad=count_include_pad, divisor_override=divisor_override)  # fmt: skip
