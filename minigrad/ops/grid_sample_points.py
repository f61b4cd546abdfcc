"""Where ``grid_sample``'s points read, as torch's vectorised CPU kernel finds them (``GridSamplerKernel.cpp``,
AVX2): grid coordinates unnormalised to pixels, then padded (zeros, border, reflection), with the factor each
coordinate's gradient is multiplied by; reading the input at flat pixel indices, and adding gradients back to the
pixels in the kernel's order (8 float32 or 4 float64 points at a time, neighbour by neighbour)."""

import numpy as np

from ..fused_multiply_add import fma

ZEROS, BORDER, REFLECTION = 0, 1, 2
_LANES = 32  # bytes in an AVX2 register: the kernel handles 32 / itemsize points at a time


def unnormalize(coord, size, align_corners):
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


def pad(x, size, padding_mode, align_corners):
    """torch's ``compute_coordinates``: a pixel coordinate moved inside the input by the padding mode."""
    if padding_mode == REFLECTION:
        x = _reflect(x, size, align_corners)[0]
    if padding_mode != ZEROS:
        x = _clip(x, size)[0]
    return x


def locate(coord, size, padding_mode, align_corners):
    """torch's ``ComputeLocation::apply_get_grad``: the padded pixel coordinate and its gradient multiplier."""
    x, mult = unnormalize(coord, size, align_corners)
    mult = np.full_like(x, mult)
    if padding_mode == REFLECTION:
        x, sign = _reflect(x, size, align_corners)
        mult = sign * mult
    if padding_mode != ZEROS:
        x, inside = _clip(x, size)
        mult = np.where(inside, mult, mult.dtype.type(0))  # torch masks the bits: +0, whatever the sign
    return x, mult


def pixel(ix, iy, height, width):
    """Integer pixel coordinates (whole-valued floats, maybe out of the input or nan): the flat index into an
    H x W plane (0 outside) and whether inside."""
    with np.errstate(invalid="ignore"):
        cx, cy = ix.astype(np.int64), iy.astype(np.int64)
    inside = (cx > -1) & (cx < width) & (cy > -1) & (cy < height)
    return np.where(inside, cy * width + cx, 0), inside


def gather(planes, index, mask):
    """``planes`` (N, C, H * W) read at ``index`` (N, P) where ``mask``, else 0: (N, C, P)."""
    values = np.take_along_axis(planes, index[:, None, :], 2)
    return np.where(mask[:, None, :], values, values.dtype.type(0))


def scatter_add(shape, index, masks, contributions, dtype):
    """The input gradient (N, C, H * W): each contribution (one (N, C, P) per neighbour, with its (N, P) index and
    mask) added to its pixel one at a time, in the kernel's order (a chunk of points at a time; in each chunk,
    neighbour after neighbour)."""
    N, C, HW = shape
    P = index[0].shape[1]
    step = _LANES // np.dtype(dtype).itemsize
    chunks = -(-P // step)
    pad_ = chunks * step - P
    idx, val, keep = (np.stack([np.pad(a, [(0, 0)] * (a.ndim - 1) + [(0, pad_)]) for a in arrays], -2)
                      for arrays in (index, contributions, masks))  # fmt: skip
    # (..., neighbour, point) -> (..., chunk, neighbour, lane): the kernel's order of additions
    order = [a.reshape(*a.shape[:-2], len(index), chunks, step).swapaxes(-3, -2) for a in (idx, val, keep)]
    idx, val, keep = (a.reshape(*a.shape[:-3], -1) for a in order)
    flat = (idx + (np.arange(N) * HW)[:, None])  # (N, L)
    out = np.zeros((C, N * HW), dtype)
    picked = keep.reshape(-1)
    np.add.at(out, (slice(None), flat.reshape(-1)[picked]), val.transpose(1, 0, 2).reshape(C, -1)[:, picked])
    return out.reshape(C, N, HW).transpose(1, 0, 2)
