"""Fractional max pooling as torch's CPU kernels compute it: ``fractional_max_pool2d``/``3d``
(FractionalMaxPool2D/3DBackward0), the largest value of each window of a pseudo-random grid and where it is. Each
plane's windows start where torch's ``generate_intervals`` puts them, from one random sample per pooled dim; the
backward adds the gradient at those places and is an op of its own (what a second derivative records)."""

import math

import numpy as np

from ._util import as_saved_int, wrap
from .adaptive_pooling import AdaptiveMaxPool2DBackward
from .carriers import ARRAYS, TENSORS
from .op import IndexingOp
from .pooling import _gather_planes, _scatter_planes, max_pool_double_backward  # noqa: F401 - the formulas' helper


def generate_intervals(samples, input_size, output_size, pool_size):
    """torch's ``generate_intervals`` for a vector of samples (one per plane), in their dtype: where each of the
    ``output_size`` windows starts, ``int((i + sample) * alpha) - int(sample * alpha)``, the last one at the end."""
    dtype = samples.dtype.type
    starts = np.zeros((samples.size, output_size), dtype=np.int64)
    if output_size > 1:
        alpha = dtype(input_size - pool_size) / dtype(output_size - 1)
        steps = np.arange(output_size - 1).astype(dtype)[None, :]
        base = (samples[:, None] * alpha).astype(np.int32)  # C's cast to int rounds toward zero
        starts[:, :-1] = ((steps + samples[:, None]) * alpha).astype(np.int32) - base
    if output_size > 0:
        starts[:, -1] = input_size - pool_size
    return starts


def fractional_indices(x, kernel, output_size, samples):
    """numpy: where (the flat position in its plane of the last ``len(kernel)`` dims) the largest value of each
    window of ``x`` is, as torch's kernel finds it (the first of equal values, the last NaN, the window's start if
    it is empty). ``samples``: one row of random samples per plane, in torch's order of the dims (2-d: W, H)."""
    k = len(kernel)
    sizes = x.shape[x.ndim - k:]
    lead = x.shape[: x.ndim - k]
    planes = x.reshape(-1, math.prod(sizes))
    order = (1, 0) if k == 2 else (0, 1, 2)
    flat_start, flat_pos = 0, 0
    for d in range(k):
        starts = generate_intervals(samples[:, order[d]], sizes[d], output_size[d], kernel[d])  # (P, out)
        shape = [len(planes)] + [1] * (2 * k)
        shape[1 + d] = output_size[d]
        flat_start = flat_start * sizes[d] + starts.reshape(shape)
        offsets = [1] * (2 * k + 1)
        offsets[1 + k + d] = kernel[d]
        flat_pos = flat_pos * sizes[d] + np.arange(kernel[d]).reshape(offsets)
    if min(kernel) <= 0:
        return np.broadcast_to(flat_start, (len(planes), *output_size, *[1] * k)).reshape(*lead, *output_size).copy()
    positions = (flat_start + flat_pos).reshape(len(planes), *output_size, math.prod(kernel))
    values = np.take_along_axis(planes, positions.reshape(len(planes), -1), axis=1).reshape(positions.shape)
    choice = np.argmax(values, axis=-1)
    if x.dtype.kind == "f":
        nan = np.isnan(values)
        last_nan = values.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1)
        choice = np.where(nan.any(-1), last_nan, choice)
    picked = np.take_along_axis(positions, choice[..., None], axis=-1)[..., 0]
    return picked.reshape(*lead, *output_size)


def _backward(grad, self, indices, dims, F):
    """Zeros of ``self``'s shape with ``grad`` added at ``indices`` (on Tensors, the differentiable backward op)."""
    if F is ARRAYS:
        return _scatter_planes(grad, self.shape, indices._data, dims)
    op = FractionalMaxPool2DBackward if dims == 2 else FractionalMaxPool3DBackward
    return op.apply(grad, self, indices=indices)


def fractional_max_pool2d_backward(grad, self, kernel_size, output_size, indices, F=TENSORS):
    """torch's ``fractional_max_pool2d_backward``: zeros of ``self``'s shape with ``grad`` added at ``indices``."""
    return _backward(grad, self, indices, 2, F)


def fractional_max_pool3d_backward(grad, self, kernel_size, output_size, indices, F=TENSORS):
    """torch's ``fractional_max_pool3d_backward``: zeros of ``self``'s shape with ``grad`` added at ``indices``."""
    return _backward(grad, self, indices, 3, F)


class FractionalMaxPool2D(IndexingOp):
    """result = the largest value of each window of self's pseudo-random grid (``indices``: where it is)"""

    node_name = "FractionalMaxPool2DBackward0"
    formula = {"self": "fractional_max_pool2d_backward(grad, self, kernel_size, output_size, result1)"}
    saved_names = ("self",)
    saved_values = {"kernel_size": "saved_kernel_size", "output_size": "saved_output_size", "result1": "result1"}
    dims = 2

    @staticmethod
    def forward(ctx, a, *, kernel_size, output_size, indices, empty_windows):
        ctx.kernel_size, ctx.output_size = kernel_size, output_size
        ctx.saved_kernel_size, ctx.saved_output_size = as_saved_int(kernel_size), as_saved_int(output_size)
        ctx.result1 = indices
        ctx._keep_indices(indices)
        ctx._save((a,))
        if empty_windows:  # torch's kernel starts from -inf and reads nothing
            return wrap(np.full(indices.shape, -np.inf, a._data.dtype))
        return wrap(_gather_planes(a._data, indices._data, ctx.dims))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (_backward(grads[0], a, ctx.result1, ctx.dims, F),)


class FractionalMaxPool2DBackward(AdaptiveMaxPool2DBackward):
    """result = zeros of self's shape with grad_output added at ``indices`` (fractional_max_pool2d's backward: an
    adaptive max pool's, under torch's other name)"""

    node_name = "FractionalMaxPool2DBackwardBackward0"


class FractionalMaxPool3D(FractionalMaxPool2D):
    """result = the largest value of each 3-d window of self's pseudo-random grid (``indices``: where it is)"""

    node_name = "FractionalMaxPool3DBackward0"
    formula = {"self": "fractional_max_pool3d_backward(grad, self, kernel_size, output_size, result1)"}
    dims = 3


class FractionalMaxPool3DBackward(FractionalMaxPool2DBackward):
    """result = zeros of self's shape with grad_output added at ``indices`` (fractional_max_pool3d's backward)"""

    node_name = "FractionalMaxPool3DBackwardBackward0"
    formula = {"grad_output": "max_pool_double_backward(grad, indices, 3)", "self": "zeros_like(self)"}
    dims = 3
