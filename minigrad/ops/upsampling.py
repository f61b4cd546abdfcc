"""Upsampling as torch's CPU kernels compute it: ``upsample_nearest1d``/``2d`` (each output reads the input at
``floor(index * scale)``, in float) and ``upsample_bilinear2d`` (source index ``scale * (index + 0.5) - 0.5``, or
``scale * index`` with ``align_corners``, in float; the two rows, then the two columns, weighted), and their backwards
as ops of their own (each output's gradient added to the inputs it read, output by output)."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .op import Op


def _scale(input_size, output_size, scale, align_corners=False, f=np.float32):
    """torch's ``area_pixel_compute_scale`` in the type ``f``: ``1 / scale`` if given, else ``input / output``
    (with ``align_corners``: ``(input - 1) / (output - 1)``)."""
    if align_corners:
        return f(input_size - 1) / f(output_size - 1) if output_size > 1 else f(0)
    if scale is not None and scale > 0:
        return f(1.0 / scale)
    return f(input_size) / f(output_size)


def nearest_indices(input_size, output_size, scale):
    """torch's ``nearest_idx`` for each output index (in float)."""
    out = np.arange(output_size)
    if output_size == input_size:
        return out
    if output_size == 2 * input_size:
        return out >> 1
    s = _scale(input_size, output_size, scale)
    return np.minimum(np.floor(out.astype(np.float32) * s).astype(np.int64), input_size - 1)


def linear_indices(input_size, output_size, align_corners, scale, dtype):
    """The two input indices and their weights (in ``dtype``) of each output index of a linear interpolation,
    computed in ``dtype`` as torch's ``compute_source_index_and_lambda``."""
    out = np.arange(output_size)
    if output_size == input_size:
        return out, out, np.ones(output_size, dtype), np.zeros(output_size, dtype)
    f = dtype.type
    s = _scale(input_size, output_size, scale, align_corners, f)
    if align_corners:
        real = s * out.astype(f)
    else:
        real = np.maximum(s * (out.astype(f) + f(0.5)) - f(0.5), f(0))
    i0 = np.minimum(np.floor(real).astype(np.int64), input_size - 1)
    lambda1 = np.clip(real - i0.astype(f), f(0), f(1)).astype(dtype)
    i1 = i0 + (i0 < input_size - 1)
    return i0, i1, (f(1) - lambda1).astype(dtype), lambda1


def upsample_nearest_kernel(x, output_size, scales):
    """numpy: the input read at each output's nearest index, over the last ``len(output_size)`` dims."""
    dims = len(output_size)
    idx = [nearest_indices(x.shape[-dims + i], output_size[i], scales[i]) for i in range(dims)]
    if dims == 1:
        return np.ascontiguousarray(x[..., idx[0]])
    return np.ascontiguousarray(x[..., idx[0][:, None], idx[1][None, :]])


def upsample_nearest_backward_kernel(grad, input_size, output_size, scales):
    """numpy: torch's ``upsample_nearest*_backward``: each output's gradient added to the input it read."""
    dims = len(output_size)
    idx = [nearest_indices(input_size[-dims + i], output_size[i], scales[i]) for i in range(dims)]
    if dims == 1:
        flat = idx[0]
        lead = tuple(input_size[:-1])
        out = np.zeros((*lead, input_size[-1]), dtype=grad.dtype)
    else:
        flat = (idx[0][:, None] * input_size[-1] + idx[1][None, :]).reshape(-1)
        lead = tuple(input_size[:-2])
        out = np.zeros((*lead, input_size[-2] * input_size[-1]), dtype=grad.dtype)
    np.add.at(out, (..., flat), grad.reshape(*lead, flat.size))
    return out.reshape(input_size)


def upsample_bilinear_kernel(x, output_size, align_corners, scales):
    """numpy: torch's bilinear interpolation: each row pair's two columns weighted and summed, then the rows."""
    dtype = x.dtype
    h0, h1, wh0, wh1 = linear_indices(x.shape[-2], output_size[0], align_corners, scales[0], dtype)
    w0, w1, ww0, ww1 = linear_indices(x.shape[-1], output_size[1], align_corners, scales[1], dtype)
    rows = [x[..., h, :] for h in (h0, h1)]
    t = [r[..., w0] * ww0 + r[..., w1] * ww1 for r in rows]
    return np.ascontiguousarray((t[0] * wh0[:, None] + t[1] * wh1[:, None]).astype(dtype))


def upsample_bilinear_backward_kernel(grad, input_size, output_size, align_corners, scales):
    """numpy: torch's ``upsample_bilinear2d_backward``: each output's gradient, weighted, added to its four inputs,
    output by output."""
    dtype = grad.dtype
    h0, h1, wh0, wh1 = linear_indices(input_size[-2], output_size[0], align_corners, scales[0], dtype)
    w0, w1, ww0, ww1 = linear_indices(input_size[-1], output_size[1], align_corners, scales[1], dtype)
    width = input_size[-1]
    index = np.stack([hh[:, None] * width + ww[None, :] for hh in (h0, h1) for ww in (w0, w1)], -1)  # (oh, ow, 4)
    weight = np.stack([(a[:, None] * b[None, :]).astype(dtype) for a in (wh0, wh1) for b in (ww0, ww1)], -1)
    lead = tuple(input_size[:-2])
    out = np.zeros((*lead, input_size[-2] * width), dtype=dtype)
    # torch's float kernel rounds some of these sums differently (by a unit in the last place): not matched here
    np.add.at(out, (..., index.reshape(-1)), (grad[..., None] * weight).astype(dtype).reshape(*lead, -1))
    return out.reshape(input_size)
    # float: each ``acc += weight * grad`` is one fused multiply-add (exact in double, then rounded), in output order;
    # the additions to one input are made in waves, the k-th addition to every input in wave k
    values = (grad[..., None].astype(np.float64) * weight).reshape(*lead, -1)
    order = np.argsort(index, kind="stable")
    sorted_index = index[order]
    first = np.r_[0, np.flatnonzero(np.diff(sorted_index)) + 1]
    rank = np.empty_like(index)
    rank[order] = np.arange(index.size) - np.repeat(first, np.diff(np.r_[first, index.size]))
    for k in range(int(rank.max(initial=-1)) + 1):
        pick = np.flatnonzero(rank == k)
        at = index[pick]
        out[..., at] = (out[..., at].astype(np.float64) + values[..., pick]).astype(dtype)
    return out.reshape(input_size)


class _Upsample(Op):
    """Shared by the upsampling ops: the parameters on the node, as torch names them."""

    dims = 2
    bilinear = False

    @classmethod
    def _set(cls, ctx, output_size, scales, align_corners, input_size):
        ctx.output_size, ctx.scales, ctx.align_corners = tuple(output_size), tuple(scales), align_corners
        ctx.input_size = ctx.self_sym_sizes = tuple(input_size)
        if cls.dims == 1:
            ctx.scales_1 = scales[0]
        else:
            ctx.scales_h, ctx.scales_w = scales

    @classmethod
    def kernel(cls, x, output_size, scales, align_corners):
        if cls.bilinear:
            return upsample_bilinear_kernel(x, output_size, align_corners, scales)
        return upsample_nearest_kernel(x, output_size, scales)

    @classmethod
    def backward_kernel(cls, grad, input_size, output_size, scales, align_corners):
        if cls.bilinear:
            return upsample_bilinear_backward_kernel(grad, input_size, output_size, align_corners, scales)
        return upsample_nearest_backward_kernel(grad, input_size, output_size, scales)


def upsample_backward(grad, op, output_size, input_size, scales, align_corners, F=None):
    """The gradient of an upsampling's input (on Tensors, the differentiable backward op ``op``)."""
    if F is ARRAYS:
        return op.backward_kernel(grad, input_size, output_size, scales, align_corners)
    return op.apply(grad, output_size=output_size, input_size=input_size, scales=scales, align_corners=align_corners)


def upsample(self, op, output_size, scales, align_corners, F=None):
    """An upsampling of ``self`` (on Tensors, the op ``op``)."""
    if F is ARRAYS:
        return op.kernel(self, output_size, scales, align_corners)
    return op.apply(self, output_size=output_size, scales=scales, align_corners=align_corners)


def _forward_op(name, dims, bilinear, backward_name):
    """The forward op class and its backward op class of one upsampling."""
    scale_names = ("scales",) if dims == 1 else ("scales_h", "scales_w")
    shown = {"output_size": "output_size", **{n: ("scales_1" if n == "scales" else n) for n in scale_names}}
    if bilinear:
        shown = {"align_corners": "align_corners", **shown}

    class Backward(_Upsample):
        __doc__ = f"result = {name}'s backward of grad_output: each output's gradient added to the inputs it read"
        node_name = backward_name
        formula = {"grad_output": "upsample(grad, forward_op, output_size, scales, align_corners)"}
        saved_values = shown

        @classmethod
        def forward(cls, ctx, grad_output, *, output_size, input_size, scales, align_corners):
            cls._set(ctx, output_size, scales, align_corners, input_size)
            ctx.forward_op = Forward
            return wrap(cls.backward_kernel(grad_output._data, input_size, output_size, scales, align_corners))

        @staticmethod
        def backward(ctx, grads, F):
            return (upsample(grads[0], Forward, ctx.output_size, ctx.scales, ctx.align_corners, F),)

    class Forward(_Upsample):
        __doc__ = f"result = self upsampled ({name})"
        node_name = name
        formula = {"self": "upsample_backward(grad, backward_op, output_size, input_size, scales, align_corners)"}
        saved_values = {**shown, "self_sym_sizes": "self_sym_sizes"}

        @classmethod
        def forward(cls, ctx, a, *, output_size, scales, align_corners):
            cls._set(ctx, output_size, scales, align_corners, a.shape)
            ctx.backward_op = Backward
            return wrap(cls.kernel(a._data, output_size, scales, align_corners))

        @staticmethod
        def backward(ctx, grads, F):
            return (upsample_backward(grads[0], Backward, ctx.output_size, ctx.input_size, ctx.scales,
                                      ctx.align_corners, F),)  # fmt: skip

    for cls, title in ((Forward, name[:-len("Backward0")]), (Backward, backward_name[:-len("Backward0")])):
        cls.dims, cls.bilinear = dims, bilinear
        cls.__name__ = cls.__qualname__ = title
    return Forward, Backward


UpsampleNearest1D, UpsampleNearest1DBackward = _forward_op("UpsampleNearest1DBackward0", 1, False,
                                                           "UpsampleNearest1DBackwardBackward0")  # fmt: skip
UpsampleNearest2D, UpsampleNearest2DBackward = _forward_op("UpsampleNearest2DBackward0", 2, False,
                                                           "UpsampleNearest2DBackwardBackward0")  # fmt: skip
UpsampleBilinear2D, UpsampleBilinear2DBackward = _forward_op("UpsampleBilinear2DBackward0", 2, True,
                                                             "UpsampleBilinear2DBackwardBackward0")  # fmt: skip
