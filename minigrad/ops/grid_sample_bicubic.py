"""``grid_sample``'s bicubic mode, as torch's vectorised CPU kernel computes it (``GridSamplerKernel.cpp``, the
``Bicubic`` ``ApplyGridSample``): each point read from the 4 x 4 pixels around it, weighted by the cubic convolution
coefficients (A = -0.75) of its fractional position, neighbours outside padded (zeros, border, reflection) pixel by
pixel; the multiply-adds fused as gcc contracts them. Its backward adds each weighted output gradient to the 16
pixels in the kernel's order, and gives the grid the coefficients' derivative times the unnormalising scale only
(torch does not carry border or reflection padding into the grid's gradient in this mode)."""

import numpy as np

from ..fused_multiply_add import fma
from .grid_sample_points import REFLECTION, gather, pad, pixel, scatter_add, unnormalize


def _coefficients(t, folded=False):
    """torch's ``get_cubic_coefficients``: the weights of the pixels at -1, 0, 1, 2 from the floor of a point at
    fractional position ``t``. gcc fuses a product into an addition only where the addend is no product itself;
    ``folded``: as built into the backward without the input's gradient, where it folds the products of constants
    (``5 * A``) and fuses every step."""
    f = t.dtype.type
    outer = [t + f(1), f(2) - t]  # 1 < x < 2: ((A x - 5 A) x + 8 A) x - 4 A
    inner = [t, f(1) - t]  # x <= 1: ((A + 2) x - (A + 3)) x x + 1
    if folded:
        far = [fma(fma(fma(f(-0.75), x, f(3.75)), x, f(-6)), x, f(3)) for x in outer]
    else:
        far = [((f(-0.75) * x + f(3.75)) * x - f(6)) * x + f(3) for x in outer]
    near = [fma(fma(f(1.25), x, f(-2.25)) * x, x, f(1)) for x in inner]
    return [far[0], near[0], near[1], far[1]]


def _coefficient_slopes(t, folded=False):
    """torch's ``get_cubic_coefficients_grad``: the derivatives of the four coefficients in the point's position
    (``folded`` as for ``_coefficients``)."""
    f = t.dtype.type
    x = [f(-1) - t, -t, f(1) - t, f(2) - t]
    if folded:
        return [fma(fma(f(2.25), x[0], f(7.5)), x[0], f(6)), fma(f(-3.75), x[1], f(-4.5)) * x[1],
                fma(f(3.75), x[2], f(-4.5)) * x[2], fma(fma(f(-2.25), x[3], f(7.5)), x[3], f(-6))]  # fmt: skip
    return [(f(2.25) * x[0] + f(7.5)) * x[0] + f(6), (f(-3.75) * x[1] - f(4.5)) * x[1],
            (f(3.75) * x[2] - f(4.5)) * x[2], (f(-2.25) * x[3] + f(7.5)) * x[3] - f(6)]  # fmt: skip


def _taps(grid, height, width, padding_mode, align_corners):
    """Per point (N, P): the fractional parts of the unnormalised x and y, for each of the 4 x 4 neighbours (x
    offset major) its padded flat index and in-bound mask, and the unnormalising scales of x and y."""
    N = grid.shape[0]
    x, x_scale = unnormalize(grid[..., 0].reshape(N, -1), width, align_corners)
    y, y_scale = unnormalize(grid[..., 1].reshape(N, -1), height, align_corners)
    ix, iy = np.floor(x), np.floor(y)
    f = x.dtype.type
    taps = {}
    for i in range(4):
        cx = pad(ix + f(i - 1), width, padding_mode, align_corners)
        for j in range(4):
            cy = pad(iy + f(j - 1), height, padding_mode, align_corners)
            taps[i, j] = pixel(cx, cy, height, width)
    return x - ix, y - iy, taps, (x_scale, y_scale)


def bicubic_kernel(input, grid, padding_mode, align_corners):
    """numpy: torch's bicubic ``grid_sampler_2d`` forward, (N, C, H, W) and (N, Ho, Wo, 2) -> (N, C, Ho, Wo)."""
    N, C, H, W = input.shape
    planes = input.reshape(N, C, H * W)
    tx, ty, taps, _ = _taps(grid, H, W, padding_mode, align_corners)
    cx, cy = ([c[:, None] for c in _coefficients(t)] for t in (tx, ty))
    rows = []
    for j in range(4):  # each row of 4 neighbours interpolated along x (only the first sum fused), then along y
        v = [gather(planes, *taps[i, j]) for i in range(4)]
        rows.append(fma(cx[0], v[0], cx[1] * v[1]) + cx[2] * v[2] + cx[3] * v[3])
    out = cy[0] * rows[0]
    for j in range(1, 4):
        out = fma(cy[j], rows[j], out)
    return np.ascontiguousarray(out.reshape(N, C, *grid.shape[1:3]))


def bicubic_backward_kernel(grad, input, grid, padding_mode, align_corners, mask):
    """numpy: torch's bicubic ``grid_sampler_2d_backward``: the gradients of input and grid (None where ``mask``
    is False)."""
    N, C, H, W = input.shape
    dtype = input.dtype
    g = grad.reshape(N, C, -1)
    tx, ty, taps, scales = _taps(grid, H, W, padding_mode, align_corners)
    cx, cy = ([c[:, None] for c in _coefficients(t)] for t in (tx, ty))
    grad_input = grad_grid = None
    if mask[0]:
        order = [taps[i, j] for i in range(4) for j in range(4)]
        contributions = [g * cx[i] * cy[j] for i in range(4) for j in range(4)]
        planes = scatter_add((N, C, H * W), [t[0] for t in order], [t[1] for t in order], contributions, dtype)
        grad_input = np.ascontiguousarray(planes.reshape(N, C, H, W))
    if mask[1]:
        # gcc folds the constants only in the kernels without the input's gradient, bar float64 with reflection
        folded = not mask[0] and not (padding_mode == REFLECTION and dtype == np.float64)
        sx, sy = _coefficient_slopes(tx, folded), _coefficient_slopes(ty, folded)
        cx, cy = _coefficients(tx, folded), _coefficients(ty, folded)
        planes = input.reshape(N, C, H * W)
        values = {key: gather(planes, *tap) for key, tap in taps.items()}
        gx = np.zeros(tx.shape, dtype)
        gy = np.zeros(tx.shape, dtype)
        for c in range(C):  # the kernel's sum over channels, then neighbours, in order
            for i in range(4):
                for j in range(4):
                    scaled = values[i, j][:, c] * g[:, c]
                    gx = fma(-(scaled * sx[i]), cy[j], gx)
                    gy = fma(-(scaled * sy[j]), cx[i], gy)
        grad_grid = np.stack([gx * scales[0], gy * scales[1]], -1).reshape(grid.shape)
    return grad_input, grad_grid
