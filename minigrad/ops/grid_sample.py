"""``grid_sampler_2d`` (GridSampler2DBackward0): each output pixel read from the input at the point its grid entry
names, as torch's vectorised CPU kernel computes it (``GridSamplerKernel.cpp``, AVX2): coordinates unnormalised
then padded (zeros, border, reflection), bilinear or nearest interpolation (bicubic: ``grid_sample_bicubic``), the
multiply-adds fused as gcc contracts them; its backward adds each output's weighted gradient to the input pixels it
read in the kernel's order (8 float32 or 4 float64 points at a time, corner by corner), so float sums round as
torch's do."""

import numpy as np

from ..fused_multiply_add import fma
from ._util import wrap
from .carriers import ARRAYS
from .grid_sample_bicubic import bicubic_backward_kernel, bicubic_kernel
from .grid_sample_points import BORDER, REFLECTION, ZEROS, gather, locate, scatter_add  # noqa: F401 - the modes
from .op import Op

BILINEAR, NEAREST, BICUBIC = 0, 1, 2


def _corners(x, y, height, width, padding_mode):
    """The four neighbours of each point (nw, ne, sw, se): flat indices into an H x W plane, in-bound masks, and
    the distances to the sides (n, s, w, e)."""
    f = x.dtype.type
    x_w, y_n = np.floor(x), np.floor(y)
    w = x - x_w
    e = f(1) - w
    n = y - y_n
    s = f(1) - n
    ix, iy = x_w.astype(np.int64), y_n.astype(np.int64)
    index, masks = [], []
    for dy, dx in ((0, 0), (0, 1), (1, 0), (1, 1)):
        cx, cy = ix + dx, iy + dy
        inside = (cx > -1) & (cx < width) & (cy > -1) & (cy < height)
        index.append(np.where(inside, cy * width + cx, 0))
        masks.append(inside)
    return index, masks, (n, s, w, e)


def grid_sampler_2d_kernel(input, grid, interpolation_mode, padding_mode, align_corners):
    """numpy: torch's ``grid_sampler_2d`` forward, (N, C, H, W) and (N, Ho, Wo, 2) -> (N, C, Ho, Wo)."""
    if interpolation_mode == BICUBIC:
        return bicubic_kernel(input, grid, padding_mode, align_corners)
    N, C, H, W = input.shape
    _, Ho, Wo, _ = grid.shape
    planes = input.reshape(N, C, H * W)
    x, _ = locate(grid[..., 0].reshape(N, -1), W, padding_mode, align_corners)
    y, _ = locate(grid[..., 1].reshape(N, -1), H, padding_mode, align_corners)
    if interpolation_mode == NEAREST:
        ix, iy = np.rint(x).astype(np.int64), np.rint(y).astype(np.int64)
        inside = (ix > -1) & (ix < W) & (iy > -1) & (iy < H)
        out = gather(planes, np.where(inside, iy * W + ix, 0), inside)
        return np.ascontiguousarray(out.reshape(N, C, Ho, Wo))
    index, masks, (n, s, w, e) = _corners(x, y, H, W, padding_mode)
    weights = [s * e, s * w, n * e, n * w]
    values = [gather(planes, i, m) for i, m in zip(index, masks)]
    out = values[0] * weights[0][:, None]
    for value, weight in zip(values[1:], weights[1:]):
        out = fma(value, weight[:, None], out)
    return np.ascontiguousarray(out.reshape(N, C, Ho, Wo))


def grid_sampler_2d_backward_kernel(grad, input, grid, interpolation_mode, padding_mode, align_corners, mask):
    """numpy: torch's ``grid_sampler_2d_backward``: the gradients of input and grid (None where ``mask`` is
    False)."""
    if interpolation_mode == BICUBIC:
        return bicubic_backward_kernel(grad, input, grid, padding_mode, align_corners, mask)
    N, C, H, W = input.shape
    _, Ho, Wo, _ = grid.shape
    dtype = input.dtype
    g = grad.reshape(N, C, Ho * Wo)
    x, gx_mult = locate(grid[..., 0].reshape(N, -1), W, padding_mode, align_corners)
    y, gy_mult = locate(grid[..., 1].reshape(N, -1), H, padding_mode, align_corners)
    grad_input = grad_grid = None
    if interpolation_mode == NEAREST:
        if mask[0]:
            ix, iy = np.rint(x).astype(np.int64), np.rint(y).astype(np.int64)
            inside = (ix > -1) & (ix < W) & (iy > -1) & (iy < H)
            index = np.where(inside, iy * W + ix, 0)
            flat = (index + (np.arange(N) * H * W)[:, None]).reshape(-1)
            keep = inside.reshape(-1)
            out = np.zeros((C, N * H * W), dtype)
            np.add.at(out, (slice(None), flat[keep]), g.transpose(1, 0, 2).reshape(C, -1)[:, keep])  # point by point
            grad_input = out.reshape(C, N, H, W).transpose(1, 0, 2, 3).copy()
        if mask[1]:
            grad_grid = np.zeros(grid.shape, dtype)
        return grad_input, grad_grid
    index, masks, (n, s, w, e) = _corners(x, y, H, W, padding_mode)
    weights = [s * e, s * w, n * e, n * w]
    if mask[0]:
        contributions = [weight[:, None] * g for weight in weights]
        planes = scatter_add((N, C, H * W), index, masks, contributions, dtype)
        grad_input = np.ascontiguousarray(planes.reshape(N, C, H, W))
    if mask[1]:
        planes = input.reshape(N, C, H * W)
        nw, ne, sw, se = (gather(planes, i, m) for i, m in zip(index, masks))
        gx = np.zeros((N, Ho * Wo), dtype)
        gy = np.zeros((N, Ho * Wo), dtype)
        for c in range(C):  # the kernel's sum over channels, in order
            tx = fma(se[:, c] - sw[:, c], n, (ne[:, c] - nw[:, c]) * s)
            ty = fma(se[:, c] - ne[:, c], w, (sw[:, c] - nw[:, c]) * e)
            gx = fma(tx, g[:, c], gx)
            gy = fma(ty, g[:, c], gy)
        grad_grid = np.stack([gx * gx_mult, gy * gy_mult], -1).reshape(N, Ho, Wo, 2)
    return grad_input, grad_grid


def sampler_backward(kernel, grad, input, grid, interpolation_mode, padding_mode, align_corners, mask, F):
    """A grid sampler's gradients of its input and grid from its backward ``kernel``; on Tensors
    (``create_graph=True``) through the op torch records for them (GridSampler2DBackwardBackward0 or
    GridSampler3DBackwardBackward0, ``grid_sample_double``), so that they can be differentiated again."""
    if F is ARRAYS:
        return kernel(grad, input, grid, interpolation_mode, padding_mode, align_corners, mask)
    from .grid_sample_double import GridSampler2DBackward, GridSampler3DBackward  # they build on this module

    op = GridSampler2DBackward if input.ndim == 4 else GridSampler3DBackward
    found = op.apply(grad, input, grid, interpolation_mode=interpolation_mode, padding_mode=padding_mode,
                     align_corners=align_corners, mask=tuple(mask))  # fmt: skip
    return tuple(t if wanted else None for t, wanted in zip(found, mask))


def grid_sampler_2d_backward(grad, input, grid, interpolation_mode, padding_mode, align_corners, mask, F=None):
    """The gradients of ``grid_sampler_2d``'s input and grid (see :func:`sampler_backward`)."""
    return sampler_backward(grid_sampler_2d_backward_kernel, grad, input, grid,
                            interpolation_mode, padding_mode, align_corners, mask, F)  # fmt: skip


class GridSampler2D(Op):
    """result = input sampled at the points of grid (bilinear or nearest, zeros, border or reflection padding)"""

    node_name = "GridSampler2DBackward0"
    formula = {
        "input": "grid_sampler_2d_backward(grad, input, grid, interpolation_mode, padding_mode, align_corners, "
                 "(True, True))[0]",
        "grid": "grid_sampler_2d_backward(grad, input, grid, interpolation_mode, padding_mode, align_corners, "
                "(True, True))[1]",
    }
    saved_names = ("input", "grid")
    saved_values = {"align_corners": "align_corners", "interpolation_mode": "interpolation_mode",
                    "padding_mode": "padding_mode"}  # fmt: skip
    kernel, gradients = staticmethod(grid_sampler_2d_kernel), staticmethod(grid_sampler_2d_backward)

    @staticmethod
    def forward(ctx, input, grid, *, interpolation_mode, padding_mode, align_corners):
        ctx._save((input, grid))
        ctx.interpolation_mode, ctx.padding_mode, ctx.align_corners = interpolation_mode, padding_mode, align_corners
        return wrap(ctx.kernel(input._data, grid._data, interpolation_mode, padding_mode, align_corners))

    @staticmethod
    def backward(ctx, grads, F):
        sampled, grid = ctx._values(F)
        return tuple(ctx.gradients(grads[0], sampled, grid, ctx.interpolation_mode, ctx.padding_mode,
                                   ctx.align_corners, ctx._needs(), F))  # fmt: skip
