"""Bicubic upsampling as torch's CPU kernels compute it (``upsample_bicubic2d`` and its backward): each output
reads four neighbours along each dim, weighted by Keys' cubic convolution with ``A = -0.75``. The forward kernel
is compiled with fused multiply-adds (its source index, its weights and its sums round as gcc contracts them), the
backward (a plain loop in another file) without."""

import numpy as np

from ..fused_multiply_add import fma
from .upsampling import _scale, _waves

_A = -0.75


def _cubic_weights(t, f, fused):
    """torch's ``get_cubic_upsample_coefficients``: the weights of the four neighbours at offset ``t`` (``fused``:
    as the forward kernel rounds them, where gcc contracts the innermost multiply-adds)."""
    a = f(_A)

    def near(x):  # cubic_convolution1: ((A + 2) * x - (A + 3)) * x * x + 1
        inner = fma(a + f(2), x, -(a + f(3))) if fused else (a + f(2)) * x - (a + f(3))
        return inner * x * x + f(1)

    def far(x):  # cubic_convolution2: ((A * x - 5 * A) * x + 8 * A) * x - 4 * A
        if fused:
            return fma(fma(a, x, -(f(5) * a)), x, f(8) * a) * x - f(4) * a
        return ((a * x - f(5) * a) * x + f(8) * a) * x - f(4) * a

    opposite = f(1) - t
    return [far(t + f(1)), near(t), near(opposite), far(opposite + f(1))]


def cubic_axis(input_size, output_size, align_corners, scale, dtype, kernel=True):
    """The four input indices (clamped to the edges) and their weights (in ``dtype``) of each output index along one
    dim: ``(indices, weights)``, each ``(output_size, 4)``. ``kernel``: as the forward kernel computes them (its
    source index a fused multiply-add, its offset clamped to [0, 1] by ``guard_index_and_lambda``)."""
    f = dtype.type
    s = _scale(input_size, output_size, scale, align_corners, f)
    out = np.arange(output_size).astype(dtype)
    if align_corners:
        real = s * out
    else:
        real = fma(s, out + f(0.5), f(-0.5)) if kernel else s * (out + f(0.5)) - f(0.5)
    real = np.asarray(real, dtype)
    index = np.floor(real.astype(np.float32)).astype(np.int64)  # torch's floorf, whatever the dtype
    if kernel:
        index = np.minimum(index, input_size - 1)
        t = np.clip(real - index.astype(dtype), f(0), f(1)).astype(dtype)
    else:
        t = (real - index.astype(dtype)).astype(dtype)
    weights = np.stack([np.asarray(w, dtype) for w in _cubic_weights(t, f, kernel)], -1)
    indices = np.clip(index[:, None] - 1 + np.arange(4), 0, input_size - 1)
    return indices, weights


def _weighted_sum(values, weights, dtype):
    """``sum_j values[..., j] * weights[..., j]`` over four terms as the compiled kernel adds them: the first product
    fused into the second's sum, then each further one fused in turn."""
    total = fma(values[..., 0], weights[..., 0], (values[..., 1] * weights[..., 1]).astype(dtype))
    for j in (2, 3):
        total = fma(values[..., j], weights[..., j], np.asarray(total, dtype))
    return np.asarray(total, dtype)


def upsample_bicubic_kernel(x, output_size, align_corners, scales):
    """numpy: torch's ``upsample_bicubic2d``: along the width first (four neighbours weighted and summed), then
    along the height, in the input's dtype."""
    dtype = _opmath(x.dtype)  # half floats: weights rounded to the input's type, sums in float32
    rows, row_weights = cubic_axis(x.shape[-2], output_size[0], align_corners, scales[0], dtype)
    cols, col_weights = cubic_axis(x.shape[-1], output_size[1], align_corners, scales[1], dtype)
    row_weights, col_weights = (w.astype(x.dtype).astype(dtype) for w in (row_weights, col_weights))
    picked = x[..., rows[:, :, None, None], cols[None, None, :, :]].astype(dtype)  # (..., out_h, 4, out_w, 4)
    along_width = _weighted_sum(picked, col_weights[None, None], dtype)  # (..., out_h, 4, out_w)
    out = _weighted_sum(np.moveaxis(along_width, -2, -1), row_weights[:, None, :], dtype)
    return np.ascontiguousarray(out.astype(x.dtype))


def _opmath(dtype):
    return np.dtype(np.float32) if dtype.itemsize < 4 else dtype


def upsample_bicubic_backward_kernel(grad, input_size, output_size, align_corners, scales):
    """numpy: torch's ``upsample_bicubic2d_backward``: each output's gradient times the weights of its 16 inputs
    (``grad * row weight * column weight``) added to them, output by output, the column outer and the row inner;
    one output per input if the sizes agree."""
    dtype = _opmath(grad.dtype)  # half floats: added up in float32, rounded at the end
    height, width = input_size[-2:]
    lead = tuple(input_size[:-2])
    if (height, width) == tuple(output_size):
        return np.array(grad).reshape(input_size)
    rows, row_weights = cubic_axis(height, output_size[0], align_corners, scales[0], dtype, kernel=False)
    cols, col_weights = cubic_axis(width, output_size[1], align_corners, scales[1], dtype, kernel=False)
    oy, ox, i, j = (a.reshape(-1) for a in np.meshgrid(*(np.arange(n) for n in (*output_size, 4, 4)), indexing="ij"))
    index = rows[oy, j] * width + cols[ox, i]
    values = grad.reshape(*lead, -1)[..., oy * output_size[1] + ox]
    values = ((values * row_weights[oy, j]).astype(dtype) * col_weights[ox, i]).astype(dtype)
    out = np.zeros((*lead, height * width), dtype)
    for pick in _waves(index):  # each input's additions in torch's order
        out[..., index[pick]] += values[..., pick]
    return out.reshape(input_size).astype(grad.dtype, copy=False)
