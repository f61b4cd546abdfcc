"""``max_unpool2d`` (MaxUnpool2DBackward0) and ``max_unpool3d`` (MaxUnpool3DBackward0): zeros of the output size with
each value put back where its index says (``max_pool``'s ``return_indices``), the partial inverse of max pooling.
Their gradient reads the output's gradient at the indices (``max_pool_double_backward``), a gather."""

import math

import numpy as np

from ._util import wrap
from .op import IndexingOp
from .pooling import max_pool_double_backward  # noqa: F401 - the formulas' helper


def max_unpool_kernel(x, indices, output_size):
    """numpy: zeros of ``(*x.shape[:-dims], *output_size)`` with each value of ``x`` at its flat index in its plane;
    torch's error for the last index outside the plane (its kernel, run on one thread, goes on to the end)."""
    dims = len(output_size)
    lead = x.shape[: x.ndim - dims]
    count = math.prod(output_size)
    flat = indices.reshape(*lead, math.prod(indices.shape[indices.ndim - dims:]))
    bad = (flat < 0) | (flat >= count)
    if bad.any():
        shown = "x".join(map(str, output_size))
        raise RuntimeError(f"Found an invalid max index: {flat[bad][-1]} (output volumes are of size {shown})")
    out = np.zeros((*lead, count), dtype=x.dtype)
    key = (*(k[..., None] for k in np.indices(lead, sparse=True)), flat)
    out[key] = x.reshape(flat.shape)
    return out.reshape(*lead, *output_size)


class MaxUnpool2D(IndexingOp):
    """result = zeros of ``output_size`` over the last two dims with self's values put at ``indices``"""

    node_name = "MaxUnpool2DBackward0"
    formula = {"self": "max_pool_double_backward(grad, indices, 2)"}
    saved_values = {"indices": "indices"}
    dims = 2

    @staticmethod
    def forward(ctx, a, *, indices, output_size):
        ctx.indices = indices
        ctx._keep_indices(indices)
        return wrap(max_unpool_kernel(a._data, indices._data, tuple(output_size)))

    @staticmethod
    def backward(ctx, grads, F):
        return (max_pool_double_backward(grads[0], ctx.indices, ctx.dims, F),)


class MaxUnpool3D(MaxUnpool2D):
    """result = zeros of ``output_size`` over the last three dims with self's values put at ``indices``"""

    node_name = "MaxUnpool3DBackward0"
    formula = {"self": "max_pool_double_backward(grad, indices, 3)"}
    dims = 3
