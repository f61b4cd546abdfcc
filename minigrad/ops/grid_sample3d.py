"""``grid_sampler_3d`` (GridSampler3DBackward0): a volume (N, C, D, H, W) read at the points of a grid
(N, Do, Ho, Wo, 3: x, y, z), trilinear or nearest, as torch's scalar CPU loop computes it (``GridSampler.cpp``):
each coordinate unnormalised and padded (zeros, border, reflection) by the scalar helpers of ``GridSampler.h``, the
eight corners summed in order without fused multiply-adds; its backward adds each corner's weighted gradient to the
input point by point and sums the grid's gradient over channels and corners as the loop does."""

import numpy as np

from .grid_sample import GridSampler2D, sampler_backward
from .grid_sample_points import BORDER, REFLECTION

NEAREST = 1
# the eight corners in the kernel's order (tnw, tne, tsw, tse, bnw, bne, bsw, bse): (z, y, x) offsets
_CORNERS = [(dz, dy, dx) for dz in (0, 1) for dy in (0, 1) for dx in (0, 1)]


def _unnormalize(coord, size, align_corners):
    """torch's ``grid_sampler_unnormalize_set_grad``: the pixel coordinate and its gradient multiplier."""
    f = coord.dtype.type
    if align_corners:
        return (coord + f(1)) / f(2) * f(size - 1), f(size - 1) / f(2)
    return ((coord + f(1)) * f(size) - f(1)) / f(2), f(size) / f(2)


def _reflect(x, twice_low, twice_high):
    """torch's ``reflect_coordinates_set_grad``: ``x`` folded into [low, high], and the sign of its gradient."""
    f = x.dtype.type
    if twice_low == twice_high:
        return np.zeros_like(x), np.zeros_like(x)
    low, span = f(twice_low) / f(2), f(twice_high - twice_low) / f(2)
    shifted = x - low
    sign = np.where(shifted < 0, f(-1), f(1))
    distance = np.abs(shifted)
    extra = np.fmod(distance, span)
    with np.errstate(invalid="ignore"):
        odd = np.floor(distance / span).astype(np.int64) % 2 == 1
    return np.where(odd, span - extra + low, extra + low), np.where(odd, -sign, sign)


def _source(coord, size, padding_mode, align_corners, for_gradient):
    """torch's ``grid_sampler_compute_source_index`` (forward) or its ``_set_grad`` twin: the padded coordinate and
    its gradient multiplier (the two clip nan differently: the forward to the far edge, the backward not at all)."""
    f = coord.dtype.type
    x, mult = _unnormalize(coord, size, align_corners)
    mult = np.full_like(x, mult)
    if padding_mode == REFLECTION:
        x, sign = _reflect(x, 0, 2 * (size - 1)) if align_corners else _reflect(x, -1, 2 * size - 1)
        mult = mult * sign
    if padding_mode in (BORDER, REFLECTION):
        top = f(size - 1)
        if for_gradient:
            inside = (x > 0) & (x < top)
            x = np.where(x <= 0, f(0), np.where(x >= top, top, x))
            mult = mult * inside.astype(x.dtype)
        else:
            x = np.where(x < 0, f(0), x)
            x = np.where(x < top, x, top)
    return x, mult


def _points(grid, sizes, padding_mode, align_corners, for_gradient):
    """Each point's padded (x, y, z) and their gradient multipliers, flattened to (N, P)."""
    N = grid.shape[0]
    found = [_source(grid[..., k].reshape(N, -1), size, padding_mode, align_corners, for_gradient)
             for k, size in enumerate(reversed(sizes))]  # fmt: skip
    return [c for c, _ in found], [m for _, m in found]


def _corner(low, offsets, sizes):
    """The flat index of one corner (low + offsets, z y x) into a D x H x W volume (0 outside), and whether inside."""
    inside = np.ones(low[0].shape, bool)
    flat = np.zeros(low[0].shape, np.int64)
    for lo, offset, size in zip(low, offsets, sizes):
        i = lo + offset
        inside &= (i >= 0) & (i < size)
        flat = flat * size + i
    return np.where(inside, flat, 0), inside


def _trilinear(coords):
    """The corners' flat-index bases and, per axis (z, y, x), the distances to the low and high side."""
    with np.errstate(invalid="ignore"):
        low = [np.floor(c).astype(np.int64) for c in reversed(coords)]  # z, y, x
    f = coords[0].dtype.type
    distances = []
    for lo, c in zip(low, reversed(coords)):
        base = lo.astype(c.dtype)
        distances.append(((base + f(1)) - c, c - base))
    return low, distances


def _nearest(coords):
    """The nearest pixel (z, y, x) of each point (``nearbyint``: halves to even)."""
    with np.errstate(invalid="ignore"):
        return [np.rint(c).astype(np.int64) for c in reversed(coords)]


def grid_sampler_3d_kernel(input, grid, interpolation_mode, padding_mode, align_corners):
    """numpy: torch's ``grid_sampler_3d`` forward, (N, C, D, H, W) and (N, Do, Ho, Wo, 3) -> (N, C, Do, Ho, Wo)."""
    N, C, *sizes = input.shape
    volume = input.reshape(N, C, -1)
    coords, _ = _points(grid, sizes, padding_mode, align_corners, False)
    out_shape = (N, C, *grid.shape[1:4])
    if interpolation_mode == NEAREST:
        index, inside = _corner(_nearest(coords), (0, 0, 0), sizes)
        return np.ascontiguousarray(_read(volume, index, inside).reshape(out_shape))
    low, distances = _trilinear(coords)
    out = np.zeros((N, C, coords[0].shape[1]), input.dtype)
    for dz, dy, dx in _CORNERS:  # out += value * weight, corner by corner, where the corner is inside
        index, inside = _corner(low, (dz, dy, dx), sizes)
        weight = distances[2][dx] * distances[1][dy] * distances[0][dz]
        out = np.where(inside[:, None], out + _read(volume, index, inside) * weight[:, None], out)
    return np.ascontiguousarray(out.reshape(out_shape))


def _read(volume, index, inside):
    """``volume`` (N, C, D * H * W) read at ``index`` (N, P) where ``inside``, else 0."""
    values = np.take_along_axis(volume, index[:, None, :], 2)
    return np.where(inside[:, None, :], values, values.dtype.type(0))


def grid_sampler_3d_backward_kernel(grad, input, grid, interpolation_mode, padding_mode, align_corners, mask):
    """numpy: torch's ``grid_sampler_3d_backward``: the gradients of input and grid (None where ``mask`` is
    False)."""
    N, C, *sizes = input.shape
    dtype = input.dtype
    g = grad.reshape(N, C, -1)
    coords, mults = _points(grid, sizes, padding_mode, align_corners, True)
    if interpolation_mode == NEAREST:
        corners = [_corner(_nearest(coords), (0, 0, 0), sizes)]
        contributions = [g]
    else:
        low, distances = _trilinear(coords)
        corners = [_corner(low, offsets, sizes) for offsets in _CORNERS]
        contributions = [(distances[2][dx] * distances[1][dy] * distances[0][dz])[:, None] * g
                         for dz, dy, dx in _CORNERS]  # fmt: skip
    grad_input = grad_grid = None
    if mask[0]:
        grad_input = _add_point_by_point(input.shape, corners, contributions, dtype)
    if mask[1]:
        if interpolation_mode == NEAREST:
            grad_grid = np.zeros(grid.shape, dtype)
        else:
            grad_grid = _grid_gradient(input.reshape(N, C, -1), g, corners, distances, mults, grid.shape)
    return grad_input, grad_grid


def _add_point_by_point(shape, corners, contributions, dtype):
    """The input's gradient: for each point in order, each corner's contribution added where inside."""
    N, C = shape[:2]
    volume = int(np.prod(shape[2:]))
    index = np.stack([i for i, _ in corners], -1)  # (N, P, corners)
    inside = np.stack([m for _, m in corners], -1)
    values = np.stack(contributions, -1)  # (N, C, P, corners)
    flat = index[:, None] + (np.arange(N * C) * volume).reshape(N, C, 1, 1)
    keep = np.broadcast_to(inside[:, None], values.shape).reshape(-1)
    out = np.zeros(N * C * volume, dtype)
    np.add.at(out, flat.reshape(-1)[keep], values.reshape(-1)[keep])
    return out.reshape(shape)


def _grid_gradient(volume, g, corners, distances, mults, shape):
    """The grid's gradient: per point, over channels then corners, each inside corner's value times the other two
    axes' distances times the output gradient, added or taken off by the side it lies on; times the multipliers."""
    dtype = volume.dtype
    sums = [np.zeros(g.shape[::2], dtype) for _ in range(3)]  # x, y, z
    for c in range(volume.shape[1]):
        for (dz, dy, dx), (index, inside) in zip(_CORNERS, corners):
            value = np.take_along_axis(volume[:, c], index, 1)
            sides = (dx, dy, dz)
            for axis, (a, b) in enumerate(((1, 2), (0, 2), (0, 1))):  # x: y z, y: x z, z: x y
                term = value * distances[2 - a][sides[a]] * distances[2 - b][sides[b]] * g[:, c]
                sums[axis] = np.where(inside, sums[axis] + term if sides[axis] else sums[axis] - term, sums[axis])
    return np.stack([m * s for m, s in zip(mults, sums)], -1).reshape(shape)


def grid_sampler_3d_backward(grad, input, grid, interpolation_mode, padding_mode, align_corners, mask, F=None):
    """The gradients of ``grid_sampler_3d``'s input and grid (see :func:`.grid_sample.sampler_backward`)."""
    return sampler_backward(grid_sampler_3d_backward_kernel, grad, input, grid,
                            interpolation_mode, padding_mode, align_corners, mask, F)  # fmt: skip


class GridSampler3D(GridSampler2D):
    """result = the volume input sampled at the points of grid (trilinear or nearest; zeros, border or reflection)"""

    node_name = "GridSampler3DBackward0"
    formula = {
        "input": "grid_sampler_3d_backward(grad, input, grid, interpolation_mode, padding_mode, align_corners, "
                 "(True, True))[0]",
        "grid": "grid_sampler_3d_backward(grad, input, grid, interpolation_mode, padding_mode, align_corners, "
                "(True, True))[1]",
    }
    kernel, gradients = staticmethod(grid_sampler_3d_kernel), staticmethod(grid_sampler_3d_backward)
