"""Layer normalisation, ``F.layer_norm`` and ``nn.LayerNorm``: each example normalised over its last dims (the
``normalized_shape``) by its own mean and variance, then scaled and shifted element by element (the layer of
"Let's build GPT"). Unlike batch normalisation it keeps no running statistics: training and evaluation agree."""

import functools
import math
import numbers

import numpy as np

from ..arguments import check_types, word
from ..fused_multiply_add import fma
from ..ops._util import HALF, mean_of, wrap
from ..ops.carriers import ARRAYS, TENSORS
from ..ops.op import Op
from ..size import Size
from .batchnorm import affine_parameters, normalise, normalised_input_backward, reset_affine
from .mixed_dtypes import check_parameter_dtypes
from .module import Module
from .recorded_backward import RecordedBackward, record_backward, without_weight


def layer_norm_input_backward(grad, input, weight, axes, eps, F=TENSORS):
    """The gradient for ``input`` (torch's ``native_layer_norm_backward``): as batch norm's in training, with the
    mean and variance of each example over the normalised dims ``axes``."""
    return normalised_input_backward(grad if weight is None else grad * weight, input, axes, eps, F)


def layer_norm_weight_backward(grad, input, axes, eps, F=TENSORS):
    """The gradient for ``weight``: ``grad`` times the normalised input, summed over the examples (the leading
    dims)."""
    normalised, _ = normalise(input, axes, eps, F)
    return F.sum(grad * normalised, tuple(range(input.ndim - len(axes))))


def moments(x, dims, eps):
    """torch's layer norm kernel's statistics of array ``x`` over its last ``dims`` dims: each row's mean and
    reciprocal standard deviation ``1 / sqrt(var + eps)``, in ``x``'s dtype, kept dims of size 1."""
    axes = tuple(range(x.ndim - dims, x.ndim))
    mean = mean_of(x, axes, True, np.float64)
    var = np.maximum(mean_of((x - mean) ** 2, axes, True), 0)
    return mean.astype(x.dtype), (1 / np.sqrt(var + eps)).astype(x.dtype)


class NativeLayerNorm(Op):
    """result = (input - mean) / sqrt(var + eps) * weight + bias, over the last dims ``normalized_shape``"""

    node_name = "NativeLayerNormBackward0"
    formula = {
        "input": "layer_norm_input_backward(grad, input, weight, axes, eps)",
        "weight": "layer_norm_weight_backward(grad, input, axes, eps)",
        "bias": "grad.sum(lead)",
    }
    saved_names = ("input", "weight", "bias", "result1", "result2")
    saved_values = {"normalized_shape": "normalized_shape"}

    @staticmethod
    def forward(ctx, input, weight, bias, *, normalized_shape, eps):
        x = input._data
        dtype = x.dtype.type
        axes = tuple(range(x.ndim - len(normalized_shape), x.ndim))
        ctx.normalized_shape, ctx.eps, ctx.axes = tuple(normalized_shape), eps, axes
        ctx.lead = tuple(range(x.ndim - len(axes)))
        # torch's kernel: each row's moments, then y = (x * rstd + (-mean * rstd)) * weight + bias in the tensor's dtype
        # (float16 in float32, its opmath type, rounded once; the saved moments rounded to float16)
        half = x.dtype == np.float16
        xs = x.astype(np.float32) if half else x
        mean, rstd = moments(xs, len(axes), eps)
        out = xs * rstd + (-mean * rstd)
        if weight is not None:
            out = out * (weight._data.astype(np.float32) if half else weight._data)
        if bias is not None:
            out = out + (bias._data.astype(np.float32) if half else bias._data)
        if half:
            mean, rstd = mean.astype(x.dtype), rstd.astype(x.dtype)
        ctx._save((input, weight, bias, wrap(mean), wrap(rstd)))
        return wrap(np.ascontiguousarray(out, dtype))  # torch's kernel writes a contiguous result, whatever x's layout

    @staticmethod
    def backward(ctx, grads, F):
        x, weight, bias, mean, rstd = ctx._values(F)
        gradients = functools.partial(layer_norm_gradients, mask=ctx._needs(), axes=ctx.axes, eps=ctx.eps,
                                      lead=ctx.lead)  # fmt: skip
        inputs = (grads[0], x, mean, rstd, weight, bias)
        if F is ARRAYS:
            if x.dtype is HALF:
                return half_layer_norm_gradients(grads[0], x, mean, rstd, weight, ctx._needs(), len(ctx.axes))
            return gradients(F, *inputs)
        shapes = (x.shape, ctx.normalized_shape, ctx.normalized_shape)
        return record_backward(NativeLayerNormBackward, inputs, gradients, ctx._needs(), shapes,
                               values={"normalized_shape": ctx.normalized_shape})  # fmt: skip


def layer_norm_gradients(F, grad, x, mean, rstd, weight, bias, *, mask, axes, eps, lead):
    """torch's ``native_layer_norm_backward`` on carrier ``F``: the gradients of input, weight and bias (None where
    ``mask`` is False; the mean and rstd are found again from ``x``)."""
    dx, dw, db = mask
    return (
        layer_norm_input_backward(grad, x, weight, axes, eps, F) if dx else None,
        layer_norm_weight_backward(grad, x, axes, eps, F) if dw else None,
        F.sum(grad, lead) if db else None,
    )


_HALF_BLOCK, _LANES = 32, 16  # torch's Vectorized<Half> and Vectorized<float> on this CPU


def _half_row_sums(v):
    """Each row of the float32 array ``v`` summed as torch's reduced-float ``map_reduce_all`` kernels sum float16
    data: 32 at a time in two float32 vectors of 16 lanes (a short tail in the first lanes only), the two vectors
    added, then the lanes pairwise across halves; a row shorter than 32 folded into lane 0 one by one."""
    n = v.shape[1]
    if n < _HALF_BLOCK:
        if n > _LANES:
            head = v[:, :_LANES].copy()
            head[:, : n - _LANES] += v[:, _LANES:]
            v, n = head, _LANES
        total = v[:, 0].copy()
        for j in range(1, n):
            total += v[:, j]
        return total
    acc0, acc1 = v[:, :_LANES].copy(), v[:, _LANES:_HALF_BLOCK].copy()
    full = n - n % _HALF_BLOCK
    for d in range(_HALF_BLOCK, full, _HALF_BLOCK):
        acc0 += v[:, d : d + _LANES]
        acc1 += v[:, d + _LANES : d + _HALF_BLOCK]
    rest = n - full
    acc0[:, : min(rest, _LANES)] += v[:, full : full + _LANES]
    if rest > _LANES:
        acc1[:, : rest - _LANES] += v[:, full + _LANES :]
    acc0 += acc1
    lanes = np.arange(_LANES)
    for k in (8, 4, 2, 1):
        acc0 = acc0 + acc0[:, lanes ^ k]
    return acc0[:, 0]


def half_layer_norm_gradients(grad, x, mean, rstd, weight, mask, dims):
    """torch's ``layer_norm_backward_cpu`` for float16 (its ``layer_norm_backward_frame``, in float32): per row,
    ``ds`` and ``db`` summed as :func:`_half_row_sums`, ``b = (db * mean - ds) * a^3 / N`` and
    ``c = -b * mean - db * a / N`` (``a`` the saved rstd; the compiler's fused multiply-adds), the input's gradient
    ``a * grad * weight + b * x + c`` rounded once; the weight's and bias's gradients summed row by row into one
    float16 buffer per thread (torch's rows split evenly between its threads), the buffers added in float32."""
    from ..everyday import get_num_threads

    f32 = np.float32
    n = math.prod(x.shape[x.ndim - dims :])
    dy, xs = grad.reshape(-1, n).astype(f32), x.reshape(-1, n).astype(f32)
    a, m = rstd.reshape(-1, 1).astype(f32), mean.reshape(-1, 1).astype(f32)
    gamma = None if weight is None else weight.reshape(n).astype(f32)
    dx = dw = dbias = None
    if mask[0]:
        dyg = dy if gamma is None else dy * gamma
        ds = _half_row_sums(dy * xs if gamma is None else dy * xs * gamma)[:, None]
        db = _half_row_sums(dyg)[:, None]
        scale = f32(1) / f32(n)
        b = fma(db, m, -ds) * a * a * a * scale
        c = fma(-b, m, -(db * a * scale))
        dx = (fma(b, xs, a * dy if gamma is None else a * dy * gamma) + c).astype(HALF).reshape(x.shape)
    if mask[1] or mask[2]:
        rows = dy.shape[0]
        chunk = -(-rows // min(get_num_threads(), rows))
        normalised = fma(a, xs, -a * m)
        dw = db_ = np.zeros(n, f32)
        for start in range(0, rows, chunk):
            dw_buffer = db_buffer = np.zeros(n, HALF)
            for i in range(start, min(start + chunk, rows)):
                dw_buffer = (dw_buffer + dy[i] * normalised[i]).astype(HALF)
                db_buffer = (db_buffer + dy[i]).astype(HALF)
            dw, db_ = dw + dw_buffer, db_ + db_buffer
        shape = x.shape[x.ndim - dims :]
        dw, dbias = dw.astype(HALF).reshape(shape), db_.astype(HALF).reshape(shape)
    return dx, dw if mask[1] else None, dbias if mask[2] else None


class NativeLayerNormBackward(RecordedBackward):
    """(grad_input, grad_weight, grad_bias) = native_layer_norm_backward(grad_out, input, normalized_shape, mean,
    rstd, weight, bias, ...)"""

    node_name = "NativeLayerNormBackwardBackward0"
    formula = {name: f"differentiate(None, grads, grad_out, input, mean, rstd, weight, bias)[{i}]"
               for i, name in enumerate(("grad_out", "input", "mean", "rstd", "weight"))}  # fmt: skip
    # edges of torch's node that never get a gradient: mean and rstd are not_implemented in torch's formulas (and
    # never require grad), bias is not read by the gradients
    formula.update(mean="None", rstd="None", bias="None")
    saved_names = ("grad_out", "input", "mean", "rstd", "weight")
    saved_values = {"normalized_shape": "normalized_shape"}

    @staticmethod
    def forward(ctx, grad_out, input, mean, rstd, weight, bias, **params):
        return RecordedBackward.run(ctx, (grad_out, input, mean, rstd, weight, bias), **params)

    @staticmethod
    def backward(ctx, *grads):
        return RecordedBackward.backward(ctx, *without_weight(ctx, grads, ctx._unpack()[4]))


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Mirror ``torch.nn.functional.layer_norm``: normalise each example over its last dims ``normalized_shape``
    (a tuple or list of ints), then scale by ``weight`` and shift by ``bias`` (NativeLayerNormBackward0)."""
    if not isinstance(normalized_shape, (tuple, list, Size)):
        raise TypeError(f"layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not "
                        f"{word(normalized_shape)}")  # fmt: skip
    shape = tuple(int(s) for s in normalized_shape)
    if not shape or tuple(input.shape[input.ndim - len(shape):]) != shape or len(shape) > input.ndim:
        expected = ", ".join(["*", *map(str, shape)])
        raise RuntimeError(f"Given normalized_shape={list(shape)}, expected input with shape [{expected}], but got "
                           f"input of size{list(input.shape)}")  # fmt: skip
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise RuntimeError(f"Expected {name} to be of same shape as normalized_shape, but got {name} of shape "
                               f"{list(t.shape)} and normalized_shape = {list(shape)}")  # fmt: skip
    check_parameter_dtypes(input, weight, bias, kernel="LayerNormKernelImpl")
    if eps.__class__ is not float:  # numpy would broadcast a list
        check_types("layer_norm", ("eps", 5, eps, "float"))
    try:
        return NativeLayerNorm.apply(input, weight, bias, normalized_shape=shape, eps=eps)
    except TypeError:
        check_types("layer_norm", ("eps", 5, eps, "float"))  # torch's parser's error, looked for once it failed
        raise


class LayerNorm(Module):
    """Mirror ``torch.nn.LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True, bias=True)``: layer
    normalisation over the last dims, with a learned scale (ones) and shift (zeros) per element."""

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):  # np.int64(3) too, kept as it is (torch's repr shows it)
            normalized_shape = (normalized_shape,)
        self.normalized_shape, self.eps = tuple(normalized_shape), eps
        self.elementwise_affine = elementwise_affine
        affine_parameters(self, self.normalized_shape, elementwise_affine, bias, device, dtype)
        self.reset_parameters()

    def reset_parameters(self):
        """Mirror ``torch.nn.LayerNorm.reset_parameters`` (which the constructor calls): if ``elementwise_affine``,
        the weight to ones and the bias (if any) to zeros, in place."""
        reset_affine(self, self.elementwise_affine)

    def forward(self, input):
        from . import functional as F  # torch's layer calls F.layer_norm, which checks its arguments

        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}, "
                f"bias={self.bias is not None}")
