"""Upsampling as torch's CPU kernels compute it: ``upsample_nearest1d``/``2d``/``3d`` (each output reads the input
at ``floor(index * scale)``, in float; ``_upsample_nearest_exact*``: at ``floor((index + 0.5) * scale)``) and
``upsample_linear1d``, ``upsample_bilinear2d``, ``upsample_trilinear3d`` (source index ``scale * (index + 0.5) -
0.5``, or ``scale * index`` with ``align_corners``, in float; the two neighbours along the last dim weighted, then
along each earlier dim), and their backwards as ops of their own (each output's gradient added to the inputs it read,
output by output); ``upsample_bicubic2d`` (four neighbours along each dim, Keys' cubic weights with ``A = -0.75``,
as :mod:`minigrad.ops.upsampling_cubic` computes them). Float16 interpolates in float32 (torch's opmath type),
with weights rounded to float16, and rounds once."""

import numpy as np

from ..fused_multiply_add import fma
from ._util import HALF, wrap
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


def linear_indices(input_size, output_size, align_corners, scale, dtype, fused=False):
    """The two input indices and their weights (in ``dtype``) of each output index of a linear interpolation,
    computed in ``dtype`` (float16 in float32) as torch's ``compute_source_index_and_lambda`` (``fused``: its
    multiply-add as one fused operation, as compiled into the 1-d and 3-d kernels)."""
    out = np.arange(output_size)
    if output_size == input_size:
        return out, out, np.ones(output_size, dtype), np.zeros(output_size, dtype)
    f = np.float32 if dtype is HALF else dtype.type
    s = _scale(input_size, output_size, scale, align_corners, f)
    if align_corners:
        real = s * out.astype(f)
    else:
        centres = out.astype(f) + f(0.5)
        real = np.maximum(fma(s, centres, f(-0.5)) if fused else s * centres - f(0.5), f(0))
    i0 = np.minimum(np.floor(real).astype(np.int64), input_size - 1)
    lambda1 = np.clip(real - i0.astype(f), f(0), f(1)).astype(dtype)
    i1 = i0 + (i0 < input_size - 1)
    return i0, i1, (f(1) - lambda1).astype(dtype), lambda1


def nearest_exact_indices(input_size, output_size, scale):
    """torch's ``nearest_neighbor_exact_compute_source_index`` for each output index (in float): the input pixel
    whose centre is nearest, ``floor((index + 0.5) * scale)``."""
    s = _scale(input_size, output_size, scale)
    centres = (np.arange(output_size).astype(np.float32) + np.float32(0.5)) * s
    return np.minimum(np.floor(centres).astype(np.int64), input_size - 1)


def _read_indices(input_size, output_size, scales, exact):
    dims = len(output_size)
    pick = nearest_exact_indices if exact else nearest_indices
    return [pick(input_size[-dims + i], output_size[i], scales[i]) for i in range(dims)]


def _flat(indices, sizes):
    """The flat index into the last dims (``sizes``) of every combination of per-axis ``indices`` (outer product)."""
    flat = np.zeros((1,) * len(indices), np.int64)
    for axis, (idx, size) in enumerate(zip(indices, sizes)):
        shape = [1] * len(indices)
        shape[axis] = idx.size
        flat = flat * size + idx.reshape(shape)
    return flat


def upsample_nearest_kernel(x, output_size, scales, exact=False):
    """numpy: the input read at each output's nearest index, over the last ``len(output_size)`` dims."""
    dims = len(output_size)
    flat = _flat(_read_indices(x.shape, output_size, scales, exact), x.shape[-dims:])
    planes = x.reshape(*x.shape[:-dims], -1)
    return np.ascontiguousarray(planes[..., flat])


def upsample_nearest_backward_kernel(grad, input_size, output_size, scales, exact=False):
    """numpy: torch's ``upsample_nearest*_backward``: each output's gradient added to the input it read."""
    dims = len(output_size)
    flat = _flat(_read_indices(input_size, output_size, scales, exact), input_size[-dims:]).reshape(-1)
    lead = tuple(input_size[:-dims])
    out = np.zeros((*lead, int(np.prod(input_size[-dims:], dtype=np.int64))), dtype=grad.dtype)
    np.add.at(out, (..., flat), grad.reshape(*lead, flat.size))
    return out.reshape(input_size)


def _linear_axes(input_size, output_size, align_corners, scales, dtype):
    dims = len(output_size)
    return [linear_indices(input_size[-dims + i], output_size[i], align_corners, scales[i], dtype, dims != 2)
            for i in range(dims)]  # fmt: skip


def upsample_linear_kernel(x, output_size, align_corners, scales):
    """numpy: torch's (bi/tri)linear interpolation: along the last dim first (two neighbours weighted and summed),
    then each earlier dim in turn; the 1-d and 3-d kernels fuse each first product into the sum (bilinear's separable
    kernel does not)."""
    dtype = x.dtype
    axes = _linear_axes(x.shape, output_size, align_corners, scales, dtype)
    dims = len(axes)
    if dtype is HALF:
        x = x.astype(np.float32)

    def along(values, k):
        if k == dims:
            return values
        i0, i1, w0, w1 = axes[k]
        at = -dims + k
        shape = (-1,) + (1,) * (dims - k - 1)
        first, second = (along(np.take(values, i, axis=at), k + 1) for i in (i0, i1))
        if dims != 2:
            return fma(first, w0.reshape(shape), second * w1.reshape(shape))
        return first * w0.reshape(shape) + second * w1.reshape(shape)

    return np.ascontiguousarray(along(x, 0).astype(dtype))


def upsample_linear_backward_kernel(grad, input_size, output_size, align_corners, scales):
    """numpy: torch's ``upsample_(bi/tri)linear*_backward``: each output's gradient, weighted, added to its 2, 4 or 8
    inputs, output by output (1-d and 3-d: each ``acc += weight * grad`` one fused multiply-add, in that order);
    float16 all in float32 (weights too), rounded once."""
    dtype = grad.dtype
    if dtype is HALF:
        widened = grad.astype(np.float32)
        return upsample_linear_backward_kernel(widened, input_size, output_size, align_corners, scales).astype(HALF)
    axes = _linear_axes(input_size, output_size, align_corners, scales, dtype)
    dims = len(axes)
    corners = [[(a[0], a[2]), (a[1], a[3])] for a in axes]
    index, weight = [], []
    for choice in np.ndindex(*(2,) * dims):  # the corners in torch's order (the last dim's fastest)
        picked = [corners[k][c] for k, c in enumerate(choice)]
        index.append(_flat([i for i, _ in picked], input_size[-dims:]))
        w = np.ones((1,) * dims, dtype)
        for k, (_, wk) in enumerate(picked):
            shape = [1] * dims
            shape[k] = wk.size
            w = (w * wk.reshape(shape)).astype(dtype)
        weight.append(w)
    index, weight = np.stack(index, -1).reshape(-1), np.stack(weight, -1).reshape(-1)  # output-major, corner-minor
    lead = tuple(input_size[:-dims])
    out = np.zeros((*lead, int(np.prod(input_size[-dims:], dtype=np.int64))), dtype=dtype)
    grads = np.repeat(grad.reshape(*lead, -1), 2**dims, axis=-1)
    if dims == 2:
        # torch's float kernel rounds some of these sums differently (by a unit in the last place): not matched here
        np.add.at(out, (..., index), (grads * weight).astype(dtype))
        return out.reshape(input_size)
    for pick in _waves(index):
        at = index[pick]
        out[..., at] = fma(weight[pick], grads[..., pick], out[..., at])
    return out.reshape(input_size)


def _waves(index):
    """The positions of ``index`` in waves: the k-th occurrence of every value in wave k (each wave adds to every
    input at most once, so the additions to one input keep their order)."""
    order = np.argsort(index, kind="stable")
    ordered = index[order]
    first = np.r_[0, np.flatnonzero(np.diff(ordered)) + 1]
    rank = np.empty_like(index)
    rank[order] = np.arange(index.size) - np.repeat(first, np.diff(np.r_[first, index.size]))
    return [np.flatnonzero(rank == k) for k in range(int(rank.max(initial=-1)) + 1)]


_SCALE_NAMES = {1: ("scales",), 2: ("scales_h", "scales_w"), 3: ("scales_d", "scales_h", "scales_w")}


class _Upsample(Op):
    """Shared by the upsampling ops: the parameters on the node, as torch names them."""

    dims = 2
    linear = False
    cubic = False
    exact = False  # nearest-exact: each output reads the input pixel whose centre is nearest

    @classmethod
    def _set(cls, ctx, output_size, scales, align_corners, input_size):
        ctx.output_size, ctx.scales, ctx.align_corners = tuple(output_size), tuple(scales), align_corners
        ctx.input_size = ctx.self_sym_sizes = tuple(input_size)
        if cls.dims == 1:
            ctx.scales_1 = scales[0]
        else:
            ctx.__dict__.update(zip(_SCALE_NAMES[cls.dims], scales))

    @classmethod
    def kernel(cls, x, output_size, scales, align_corners):
        if cls.cubic:
            from .upsampling_cubic import upsample_bicubic_kernel  # it builds on this module's helpers

            return upsample_bicubic_kernel(x, output_size, align_corners, scales)
        if cls.linear:
            return upsample_linear_kernel(x, output_size, align_corners, scales)
        return upsample_nearest_kernel(x, output_size, scales, cls.exact)

    @classmethod
    def backward_kernel(cls, grad, input_size, output_size, scales, align_corners):
        if cls.cubic:
            from .upsampling_cubic import upsample_bicubic_backward_kernel

            return upsample_bicubic_backward_kernel(grad, input_size, output_size, align_corners, scales)
        if cls.linear:
            return upsample_linear_backward_kernel(grad, input_size, output_size, align_corners, scales)
        return upsample_nearest_backward_kernel(grad, input_size, output_size, scales, cls.exact)


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


def _forward_op(name, dims, linear, exact=False, cubic=False):
    """The forward op class and its backward op class of one upsampling (``name``: torch's, without ``Backward0``)."""
    backward_name = f"{name}BackwardBackward0"
    name = f"{name}Backward0"
    scale_names = _SCALE_NAMES[dims]
    shown = {"output_size": "output_size", **{n: ("scales_1" if n == "scales" else n) for n in scale_names}}
    if linear:
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
        cls.dims, cls.linear, cls.exact, cls.cubic = dims, linear, exact, cubic
        cls.__name__ = cls.__qualname__ = title
    return Forward, Backward


UpsampleNearest1D, UpsampleNearest1DBackward = _forward_op("UpsampleNearest1D", 1, False)
UpsampleNearest2D, UpsampleNearest2DBackward = _forward_op("UpsampleNearest2D", 2, False)
UpsampleNearest3D, UpsampleNearest3DBackward = _forward_op("UpsampleNearest3D", 3, False)
UpsampleNearestExact1D, UpsampleNearestExact1DBackward = _forward_op("UpsampleNearestExact1D", 1, False, exact=True)
UpsampleNearestExact2D, UpsampleNearestExact2DBackward = _forward_op("UpsampleNearestExact2D", 2, False, exact=True)
UpsampleNearestExact3D, UpsampleNearestExact3DBackward = _forward_op("UpsampleNearestExact3D", 3, False, exact=True)
UpsampleLinear1D, UpsampleLinear1DBackward = _forward_op("UpsampleLinear1D", 1, True)
UpsampleBilinear2D, UpsampleBilinear2DBackward = _forward_op("UpsampleBilinear2D", 2, True)
UpsampleTrilinear3D, UpsampleTrilinear3DBackward = _forward_op("UpsampleTrilinear3D", 3, True)
UpsampleBicubic2D, UpsampleBicubic2DBackward = _forward_op("UpsampleBicubic2D", 2, True, cubic=True)
