"""The backward of ``grid_sample``'s backward (GridSampler2DBackwardBackward0, GridSampler3DBackwardBackward0): what
``create_graph=True`` records for the gradients of input and grid, so that a gradient penalty or a Hessian-vector
product through a spatial transformer can differentiate them again.

The first-order gradients come from the exact kernels (the bits of torch's). Their derivatives come from the
sampler written again with differentiable ops: the points' coordinates (their values as the kernel finds them, with
the padding's slope), corner weights as polynomials of the fractional positions, and the input read with ``gather``;
the gradients of that sampler, differentiated once more, are the second derivatives torch computes (the true ones;
the integer corners and the padding's folds are fixed, as they are almost everywhere)."""

import numpy as np

from ..autograd import grad_mode
from ._util import wrap
from .grid_sample import BICUBIC, NEAREST, grid_sampler_2d_backward_kernel
from .grid_sample3d import _CORNERS, _corner, _nearest, _points, _trilinear, grid_sampler_3d_backward_kernel
from .grid_sample_bicubic import _taps
from .grid_sample_points import locate, unnormalize
from .op import Op


def _coordinate(grid_part, value, slope):
    """A tensor equal to ``value`` whose derivative in ``grid_part`` is ``slope`` (its second derivative 0)."""
    return (grid_part - grid_part.detach()) * wrap(slope) + wrap(value)


def _read(planes, index, inside):
    """``planes`` (N, C, S) read at flat ``index`` (N, P), 0 where not ``inside``: (N, C, P), differentiable."""
    N, C, _ = planes.shape
    at = wrap(np.broadcast_to(index[:, None, :], (N, C, index.shape[1])).copy())
    return planes.gather(2, at) * wrap(inside[:, None, :].astype(planes._data.dtype))


def _linear_weight(fraction, offset):
    return fraction if offset else 1 - fraction


def _cubic_coefficients(t):
    """torch's ``get_cubic_coefficients`` (A = -0.75) of a tensor ``t``: the weights of the pixels at -1, 0, 1, 2."""

    def far(x):
        return ((x * -0.75 + 3.75) * x - 6) * x + 3

    def near(x):
        return (x * 1.25 - 2.25) * x * x + 1

    return [far(t + 1), near(t), near(1 - t), far(2 - t)]


def _sample_2d(input, grid, interpolation_mode, padding_mode, align_corners):
    """``grid_sampler_2d`` with differentiable ops: (N, C, P)."""
    N, C, H, W = input.shape
    planes = input.reshape(N, C, H * W)
    g = grid._data
    gx, gy = grid[..., 0].reshape(N, -1), grid[..., 1].reshape(N, -1)
    if interpolation_mode == BICUBIC:
        tx, ty, taps, (sx, sy) = _taps(g, H, W, padding_mode, align_corners)
        x, _ = unnormalize(g[..., 0].reshape(N, -1), W, align_corners)
        y, _ = unnormalize(g[..., 1].reshape(N, -1), H, align_corners)
        fx = _coordinate(gx, x, np.full_like(x, sx)) - wrap(np.floor(x))
        fy = _coordinate(gy, y, np.full_like(y, sy)) - wrap(np.floor(y))
        cx, cy = _cubic_coefficients(fx), _cubic_coefficients(fy)
        terms = [(cx[i] * cy[j])[:, None, :] * _read(planes, *taps[i, j]) for i in range(4) for j in range(4)]
    else:
        x, mx = locate(g[..., 0].reshape(N, -1), W, padding_mode, align_corners)
        y, my = locate(g[..., 1].reshape(N, -1), H, padding_mode, align_corners)
        if interpolation_mode == NEAREST:
            ix, iy = np.rint(x).astype(np.int64), np.rint(y).astype(np.int64)
            inside = (ix > -1) & (ix < W) & (iy > -1) & (iy < H)
            return _read(planes, np.where(inside, iy * W + ix, 0), inside)
        x0, y0 = np.floor(x), np.floor(y)
        fx, fy = _coordinate(gx, x, mx) - wrap(x0), _coordinate(gy, y, my) - wrap(y0)
        terms = []
        for dy, dx in ((0, 0), (0, 1), (1, 0), (1, 1)):
            cx, cy = x0.astype(np.int64) + dx, y0.astype(np.int64) + dy
            inside = (cx > -1) & (cx < W) & (cy > -1) & (cy < H)
            weight = _linear_weight(fx, dx) * _linear_weight(fy, dy)
            terms.append(weight[:, None, :] * _read(planes, np.where(inside, cy * W + cx, 0), inside))
    out = terms[0]
    for term in terms[1:]:
        out = out + term
    return out


def _sample_3d(input, grid, interpolation_mode, padding_mode, align_corners):
    """``grid_sampler_3d`` with differentiable ops: (N, C, P)."""
    N, C, *sizes = input.shape
    planes = input.reshape(N, C, -1)
    coords, mults = _points(grid._data, sizes, padding_mode, align_corners, for_gradient=True)
    if interpolation_mode == NEAREST:
        return _read(planes, *_corner(_nearest(coords), (0, 0, 0), sizes))
    low, _ = _trilinear(coords)  # z, y, x
    fractions = [_coordinate(grid[..., k].reshape(N, -1), c, m) - wrap(lo.astype(c.dtype))
                 for k, (c, m, lo) in enumerate(zip(coords, mults, reversed(low)))]  # fmt: skip
    out = None
    for offsets in _CORNERS:  # z, y, x
        weight = None
        for fraction, offset in zip(reversed(fractions), offsets):
            factor = _linear_weight(fraction, offset)
            weight = factor if weight is None else weight * factor
        term = weight[:, None, :] * _read(planes, *_corner(low, offsets, sizes))
        out = term if out is None else out + term
    return out


def _alias(t):
    """A tensor standing for ``t`` whose gradient is only what reaches it (not what reaches ``t`` by other paths)."""
    return t.view_as(t) if t.requires_grad else t.detach().requires_grad_()


def grid_sampler_double_backward(grads, grad_output, input, grid, interpolation_mode, padding_mode, align_corners):
    """The gradients of ``grad_output``, ``input`` and ``grid`` of ``<grad_input, grads[0]> + <grad_grid,
    grads[1]>``, the gradients a grid sampler's backward gives (None where zero)."""
    from ..autograd import grad as autograd_grad

    create = grad_mode.is_grad_enabled()
    sample = _sample_2d if input.ndim == 4 else _sample_3d
    with grad_mode.enable_grad():
        go, x, g = (_alias(t) for t in (grad_output, input, grid))
        sampled = sample(x, g, interpolation_mode, padding_mode, align_corners)
        first = autograd_grad(sampled, (x, g), go.reshape(sampled.shape), create_graph=True, allow_unused=True)
        terms = [(d * w).sum() for d, w in zip(first, grads) if d is not None and w is not None and d.requires_grad]
        if not terms:
            return None, None, None
        total = terms[0]
        for term in terms[1:]:
            total = total + term
        found = autograd_grad(total, (go, x, g), create_graph=create, allow_unused=True)
    if grads[0] is not None and found[2] is None:  # torch's grid_sampler_2d_backward gives nearest's zeros
        found = (*found[:2], grid.new_zeros(grid.shape))
    return found


class GridSampler2DBackward(Op):
    """(grad_input, grad_grid) = grid_sampler_2d_backward(grad_output, input, grid, ...)"""

    node_name = "GridSampler2DBackwardBackward0"
    formula = {
        name: f"grid_sampler_double_backward(grads, grad_output, input, grid, interpolation_mode, padding_mode, "
              f"align_corners)[{i}]" for i, name in enumerate(("grad_output", "input", "grid"))
    }  # fmt: skip
    saved_names = ("grad_output", "input", "grid")
    saved_values = {"align_corners": "align_corners", "interpolation_mode": "interpolation_mode",
                    "padding_mode": "padding_mode"}  # fmt: skip
    kernel = staticmethod(grid_sampler_2d_backward_kernel)

    @staticmethod
    def forward(ctx, grad_output, input, grid, *, interpolation_mode, padding_mode, align_corners, mask):
        ctx._save((grad_output, input, grid))
        ctx.interpolation_mode, ctx.padding_mode, ctx.align_corners = interpolation_mode, padding_mode, align_corners
        found = ctx.kernel(grad_output._data, input._data, grid._data, interpolation_mode, padding_mode,
                           align_corners, mask)  # fmt: skip
        # an output torch leaves undefined is zeros here (never handed out: the caller returns None for it)
        return tuple(wrap(np.zeros(t.shape, t._data.dtype) if a is None else a) for a, t in zip(found, (input, grid)))

    @staticmethod
    def backward(ctx, grad_grad_input, grad_grad_grid):
        return grid_sampler_double_backward((grad_grad_input, grad_grad_grid), *ctx._unpack(), ctx.interpolation_mode,
                                            ctx.padding_mode, ctx.align_corners)  # fmt: skip


class GridSampler3DBackward(GridSampler2DBackward):
    """(grad_input, grad_grid) = grid_sampler_3d_backward(grad_output, input, grid, ...)"""

    node_name = "GridSampler3DBackwardBackward0"
    kernel = staticmethod(grid_sampler_3d_backward_kernel)
