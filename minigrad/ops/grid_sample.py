"""``grid_sampler_2d`` (GridSampler2DBackward0): each output pixel read from the input at the point its grid entry
names, as torch's vectorised CPU kernel computes it (``GridSamplerKernel.cpp``, AVX2): coordinates unnormalised
then padded (zeros, border, reflection), bilinear or nearest interpolation, the multiply-adds fused as gcc
contracts them; its backward adds each output's weighted gradient to the input pixels it read in the kernel's
order (8 float32 or 4 float64 points at a time, corner by corner), so float sums round as torch's do."""

import numpy as np

from ..fused_multiply_add import fma
from ._util import wrap
from .carriers import ARRAYS
from .not_implemented import record_not_implemented
from .op import Op

BILINEAR, NEAREST, BICUBIC = 0, 1, 2
ZEROS, BORDER, REFLECTION = 0, 1, 2
_LANES = 32  # bytes in an AVX2 register: the kernel handles 32 / itemsize points at a time


def _unnormalize(coord, size, align_corners):
    """The pixel coordinate of a grid coordinate in [-1, 1], and the factor its gradient is multiplied by."""
    f = coord.dtype.type
    if align_corners:
        scale = f(size - 1) / f(2)
        return (coord + f(1)) * scale, scale
    scale = f(size) / f(2)
    return fma(coord + f(1), scale, f(-0.5)), scale


def _reflect(x, size, align_corners):
    """torch's ``reflect_coordinates_get_grad``: ``x`` folded into the span, and the sign of its gradient."""
    f = x.dtype.type
    if align_corners:
        if size <= 1:
            return np.zeros_like(x), np.zeros_like(x)
        twice_span, low = f(size - 1) * f(2), f(0)
    else:
        twice_span, low = f(size) * f(2), f(-0.5)
    shifted = x - low
    flips = np.trunc(np.abs(shifted) / twice_span)
    extra = fma(-flips, twice_span, np.abs(shifted))
    reflected = twice_span - extra
    one_more = extra > reflected
    sign = np.where(one_more ^ (shifted < 0), f(-1), f(1))
    return np.where(one_more, reflected, extra) + low, sign


def _clip(x, size):
    """torch's ``clip_coordinates_get_grad``: ``x`` clamped to [0, size - 1] (nan to 0), and whether strictly inside."""
    f = x.dtype.type
    low = np.fmax(x, f(0))
    out = np.minimum(low, f(size - 1))
    return out, (low != 0) & (out != f(size - 1))


def locate(coord, size, padding_mode, align_corners):
    """torch's ``ComputeLocation::apply_get_grad``: the padded pixel coordinate and its gradient multiplier."""
    x, mult = _unnormalize(coord, size, align_corners)
    mult = np.full_like(x, mult)
    if padding_mode == REFLECTION:
        x, sign = _reflect(x, size, align_corners)
        mult = sign * mult
    if padding_mode != ZEROS:
        x, inside = _clip(x, size)
        mult = np.where(inside, mult, mult.dtype.type(0))  # torch masks the bits: +0, whatever the sign
    return x, mult


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


def _gather(planes, index, mask):
    """``planes`` (N, C, H * W) read at ``index`` (N, P) where ``mask``, else 0: (N, C, P)."""
    values = np.take_along_axis(planes, index[:, None, :], 2)
    return np.where(mask[:, None, :], values, values.dtype.type(0))


def grid_sampler_2d_kernel(input, grid, interpolation_mode, padding_mode, align_corners):
    """numpy: torch's ``grid_sampler_2d`` forward, (N, C, H, W) and (N, Ho, Wo, 2) -> (N, C, Ho, Wo)."""
    N, C, H, W = input.shape
    _, Ho, Wo, _ = grid.shape
    planes = input.reshape(N, C, H * W)
    x, _ = locate(grid[..., 0].reshape(N, -1), W, padding_mode, align_corners)
    y, _ = locate(grid[..., 1].reshape(N, -1), H, padding_mode, align_corners)
    if interpolation_mode == NEAREST:
        ix, iy = np.rint(x).astype(np.int64), np.rint(y).astype(np.int64)
        inside = (ix > -1) & (ix < W) & (iy > -1) & (iy < H)
        out = _gather(planes, np.where(inside, iy * W + ix, 0), inside)
        return np.ascontiguousarray(out.reshape(N, C, Ho, Wo))
    index, masks, (n, s, w, e) = _corners(x, y, H, W, padding_mode)
    weights = [s * e, s * w, n * e, n * w]
    values = [_gather(planes, i, m) for i, m in zip(index, masks)]
    out = values[0] * weights[0][:, None]
    for value, weight in zip(values[1:], weights[1:]):
        out = fma(value, weight[:, None], out)
    return np.ascontiguousarray(out.reshape(N, C, Ho, Wo))


def _scatter_add(shape, index, masks, contributions, dtype):
    """The input gradient (N, C, H * W): each contribution added to its pixel one at a time, in the kernel's order
    (a chunk of points at a time; in each chunk, corner after corner)."""
    N, C, HW = shape
    P = index[0].shape[1]
    step = _LANES // np.dtype(dtype).itemsize
    chunks = -(-P // step)
    pad = chunks * step - P
    idx, val, keep = (np.stack([np.pad(a, [(0, 0)] * (a.ndim - 1) + [(0, pad)]) for a in arrays], -2)
                      for arrays in (index, contributions, masks))  # fmt: skip
    # (..., corner, point) -> (..., chunk, corner, lane): the kernel's order of additions
    order = [a.reshape(*a.shape[:-2], 4, chunks, step).swapaxes(-3, -2) for a in (idx, val, keep)]
    idx, val, keep = (a.reshape(*a.shape[:-3], -1) for a in order)
    flat = (idx + (np.arange(N) * HW)[:, None])  # (N, L)
    out = np.zeros((C, N * HW), dtype)
    picked = keep.reshape(-1)
    np.add.at(out, (slice(None), flat.reshape(-1)[picked]), val.transpose(1, 0, 2).reshape(C, -1)[:, picked])
    return out.reshape(C, N, HW).transpose(1, 0, 2)


def grid_sampler_2d_backward_kernel(grad, input, grid, interpolation_mode, padding_mode, align_corners, mask):
    """numpy: torch's ``grid_sampler_2d_backward``: the gradients of input and grid (None where ``mask`` is
    False)."""
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
        planes = _scatter_add((N, C, H * W), index, masks, contributions, dtype)
        grad_input = np.ascontiguousarray(planes.reshape(N, C, H, W))
    if mask[1]:
        planes = input.reshape(N, C, H * W)
        nw, ne, sw, se = (_gather(planes, i, m) for i, m in zip(index, masks))
        gx = np.zeros((N, Ho * Wo), dtype)
        gy = np.zeros((N, Ho * Wo), dtype)
        for c in range(C):  # the kernel's sum over channels, in order
            tx = fma(se[:, c] - sw[:, c], n, (ne[:, c] - nw[:, c]) * s)
            ty = fma(se[:, c] - ne[:, c], w, (sw[:, c] - nw[:, c]) * e)
            gx = fma(tx, g[:, c], gx)
            gy = fma(ty, g[:, c], gy)
        grad_grid = np.stack([gx * gx_mult, gy * gy_mult], -1).reshape(N, Ho, Wo, 2)
    return grad_input, grad_grid


def grid_sampler_2d_backward(grad, input, grid, interpolation_mode, padding_mode, align_corners, mask, F=None):
    """The gradients of ``grid_sampler_2d``'s input and grid; on Tensors (``create_graph=True``) each gets a
    NotImplemented node: minigrad does not compute their derivative (torch's GridSampler2DBackwardBackward0 does)."""
    if F is ARRAYS:
        return grid_sampler_2d_backward_kernel(grad, input, grid, interpolation_mode, padding_mode, align_corners,
                                               mask)  # fmt: skip
    arrays = grid_sampler_2d_backward_kernel(grad._data, input._data, grid._data, interpolation_mode, padding_mode,
                                             align_corners, mask)  # fmt: skip
    inputs = (grad, input, grid)
    return tuple(None if a is None else record_not_implemented(wrap(a), inputs, "grid_sampler_2d_backward")
                 for a in arrays)  # fmt: skip


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

    @staticmethod
    def forward(ctx, input, grid, *, interpolation_mode, padding_mode, align_corners):
        ctx._save((input, grid))
        ctx.interpolation_mode, ctx.padding_mode, ctx.align_corners = interpolation_mode, padding_mode, align_corners
        return wrap(grid_sampler_2d_kernel(input._data, grid._data, interpolation_mode, padding_mode, align_corners))

    @staticmethod
    def backward(ctx, grads, F):
        image, grid = ctx._values(F)
        mask = ctx._needs()
        result = grid_sampler_2d_backward(grads[0], image, grid, ctx.interpolation_mode, ctx.padding_mode,
                                          ctx.align_corners, mask, F)  # fmt: skip
        return tuple(result)
