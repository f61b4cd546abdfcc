"""Layer normalisation, ``F.layer_norm`` and ``nn.LayerNorm``: each example normalised over its last dims (the
``normalized_shape``) by its own mean and variance, then scaled and shifted element by element (the layer of
"Let's build GPT"). Unlike batch normalisation it keeps no running statistics: training and evaluation agree."""

import functools
import numbers

import numpy as np

from ..arguments import check_types, word
from ..ops._util import mean_of, wrap
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
