"""``affine_grid_generator`` (AffineGridGeneratorBackward0): the sampling grid of a batch of affine maps, as torch's
``AffineGridGenerator.cpp`` builds it: a base grid of normalised pixel centres (``linspace(-1, 1)``, scaled by
``(n - 1) / n`` without ``align_corners``) and a 1 per point, times ``theta`` transposed (one ``bmm``)."""

import numpy as np

from ..creation import linspace
from ..dtypes import from_numpy_dtype
from ._util import wrap
from .carriers import ARRAYS
from .linalg import bmm_kernel
from .op import Op


def _steps(n, align_corners, dtype):
    """torch's ``linspace_from_neg_one``: ``n`` coordinates from -1 to 1 (0 for one step), as numpy."""
    if n <= 1:
        return np.zeros(1, dtype)
    values = linspace(-1, 1, n, dtype=from_numpy_dtype(dtype))
    if not align_corners:
        values = values * (n - 1) / n
    return values._data


def base_grid(size, align_corners, dtype):
    """torch's ``make_base_grid_4D``/``5D``: (N, H, W, 3) or (N, D, H, W, 4) of x, y (, z) and 1 at each point."""
    spatial = tuple(size[2:])
    axes = [_steps(n, align_corners, dtype) for n in reversed(spatial)]  # x varies along the last dim
    grid = np.empty((size[0], *spatial, len(spatial) + 1), dtype)
    for i, axis in enumerate(axes):
        shape = [1] * len(spatial)
        shape[len(spatial) - 1 - i] = -1
        grid[..., i] = axis.reshape(shape) if axis.size > 1 else axis[0]
    grid[..., -1] = 1
    return grid


def affine_grid_backward(grad, size, align_corners, F=None):
    """torch's ``affine_grid_generator_backward``: the base grid transposed, times the grid's gradient, transposed
    (on Tensors, the ops torch composes it of)."""
    n, dims = size[0], len(size) - 2
    points = int(np.prod(size[2:]))
    if F is ARRAYS:
        base = base_grid(size, align_corners, grad.dtype).reshape(n, points, dims + 1)
        product = bmm_kernel(base.transpose(0, 2, 1), grad.reshape(n, points, dims))
        return np.ascontiguousarray(product.transpose(0, 2, 1))
    base = wrap(base_grid(size, align_corners, grad._data.dtype)).view(n, points, dims + 1)
    return base.transpose(1, 2).bmm(grad.reshape(n, points, dims)).transpose(1, 2)


class AffineGridGenerator(Op):
    """result = the points of the base grid mapped by theta (N x 2 x 3, or N x 3 x 4 for volumes)"""

    node_name = "AffineGridGeneratorBackward0"
    formula = {"theta": "affine_grid_backward(grad, size, align_corners)"}
    saved_values = {"align_corners": "align_corners", "size": "size"}

    @staticmethod
    def forward(ctx, theta, *, size, align_corners):
        ctx.size, ctx.align_corners = tuple(size), align_corners
        n, dims = size[0], len(size) - 2
        base = base_grid(size, align_corners, theta._data.dtype).reshape(n, -1, dims + 1)
        return wrap(np.ascontiguousarray(bmm_kernel(base, theta._data.transpose(0, 2, 1))).reshape(*size[:1],
                                                                                                 *size[2:], dims))

    @staticmethod
    def backward(ctx, grads, F):
        return (affine_grid_backward(grads[0], ctx.size, ctx.align_corners, F),)
