"""Batch normalisation, ``F.batch_norm`` and ``nn.BatchNorm1d``/``2d``/``3d``: each channel normalised by the
batch's mean and variance (training) or by the running statistics (evaluation), then scaled and shifted; the running
statistics follow torch's update (unbiased variance, ``momentum``), computed as torch's CPU kernel does."""

import functools

import numpy as np

from .. import creation
from ..fused_multiply_add import fnma
from ..layouts import channels_last, channels_last_3d
from ..ops._util import HALF, not_implemented, wrap
from ..ops.carriers import ARRAYS, TENSORS
from ..ops.op import Op
from ..optim.kernels import wide_type
from ..size import Size
from . import init
from .mixed_dtypes import check_parameter_dtypes
from .module import Module
from .parameter import Parameter
from .recorded_backward import RecordedBackward, record_backward, without_weight


def _channel(t, x, F):
    """A per-channel value shaped to broadcast against ``x`` (channels are dim 1)."""
    return F.reshape(t, [-1 if d == 1 else 1 for d in range(x.ndim)])


def normalise(input, axes, eps, F):
    """``(input - mean) * invstd`` with the mean and the biased variance over ``axes``, and ``invstd = 1 /
    sqrt(var + eps)``: batch norm's in training (over the batch) and layer norm's (over each example's last dims)."""
    centred = input - F.mean(input, axes, True)
    invstd = F.pow(F.mean(centred * centred, axes, True) + eps, -0.5)
    return centred * invstd, invstd


def normalised_input_backward(g, input, axes, eps, F):
    """The gradient for ``input`` of :func:`normalise` (the mean and variance depend on ``input`` too), given ``g``,
    the gradient of the normalised values: ``invstd * (g - mean(g) - normalised * mean(g * normalised))``."""
    normalised, invstd = normalise(input, axes, eps, F)
    return invstd * (g - F.mean(g, axes, True) - normalised * F.mean(g * normalised, axes, True))


def batch_norm_input_backward(grad, input, weight, running_mean, running_var, training, eps, axes, F=TENSORS):
    """The gradient for ``input`` (torch's ``native_batch_norm_backward``), on the carrier ``F``: in training
    the mean and variance are the batch's (and depend on ``input``), else the running ones."""
    w = 1 if weight is None else _channel(weight, input, F)
    if not training:
        return grad * w * _channel(F.pow(running_var + eps, -0.5), input, F)
    return normalised_input_backward(grad * w, input, axes, eps, F)


def batch_norm_weight_backward(grad, input, running_mean, running_var, training, eps, axes, F=TENSORS):
    """The gradient for ``weight``: ``grad`` times the normalised input, summed over all but the channels."""
    if training:
        normalised, _ = normalise(input, axes, eps, F)
    else:
        normalised = (input - _channel(running_mean, input, F)) * _channel(F.pow(running_var + eps, -0.5), input, F)
    return F.sum(grad * normalised, axes)


def batch_statistics(x, eps):
    """torch's batch norm kernel's statistics of array ``x`` per channel (dim 1) in training: the mean, the sum of
    squared deviations and the inverse standard deviation ``1 / sqrt(var + eps)``, in ``x``'s dtype (summed in
    float64, as torch's kernel sums)."""
    dtype, axes = x.dtype.type, (0,) + tuple(range(2, x.ndim))
    n = x.size // x.shape[1]
    mean = (x.sum(axis=axes, dtype=np.float64) / n).astype(dtype)
    centred = x - mean.reshape([-1 if d == 1 else 1 for d in range(x.ndim)])
    var_sum = (centred * centred).sum(axis=axes, dtype=np.float64).astype(dtype)
    return mean, var_sum, (1 / np.sqrt((var_sum / dtype(n)).astype(np.float64) + eps)).astype(dtype)


def _half_channel_sums(terms):
    """Per channel (dim 1) sums of the float32 array ``terms`` (batch, channel, plane) as torch's float16 batch norm
    kernels add them: per example, the plane's blocks of 32 into one float32 vector of 16 lanes (each block's two
    halves in turn), its tail into a scalar; at the end the lanes added one by one onto the scalar."""
    batch, channels, plane = terms.shape
    full = plane - plane % 32
    lanes, scalar = np.zeros((channels, 16), np.float32), np.zeros(channels, np.float32)
    for n in range(batch):
        for d in range(0, full, 16):
            lanes += terms[n, :, d : d + 16]
        for d in range(full, plane):
            scalar += terms[n, :, d]
    total = lanes[:, 0].copy()
    for j in range(1, 16):
        total += lanes[:, j]
    return scalar + total


def half_batch_statistics(x, eps):
    """torch's batch norm statistics of a contiguous float16 array ``x`` in training: the mean and the sum of squared
    deviations in float32 (:func:`_half_channel_sums`; the deviations from the float32 mean, squared and added with
    one rounding), the saved mean and ``1 / sqrt(var + eps)`` (in float64) rounded to float16."""
    xs = x.reshape(x.shape[0], x.shape[1], -1).astype(np.float32)
    n = xs.shape[0] * xs.shape[2]
    mean = _half_channel_sums(xs) / np.float32(n)
    deviation = xs - mean[:, None]
    var_sum = _half_channel_sums(deviation * deviation)
    invstd = (1 / np.sqrt((var_sum / np.float32(n)).astype(np.float64) + eps)).astype(np.float32)
    return mean, var_sum, invstd.astype(np.float16)


def _per_channel(x):
    """The array ``x`` as (channel, element) rows, each channel's elements in the order torch's generic kernel visits
    them."""
    return np.moveaxis(x, 1, 0).reshape(x.shape[1], -1)


def _running_sums(rows):
    """Each row of the float32 array ``rows`` added up one element after another, in float32."""
    total = np.zeros(rows.shape[0], np.float32)
    for j in range(rows.shape[1]):
        total += rows[:, j]
    return total


def half_strided_statistics(x, eps, running_mean, running_var, momentum):
    """torch's batch norm statistics in training of a float16 input that is neither contiguous nor channels last
    (``x[:, :, 0, 0]``): the mean and the sum of squared deviations in float32, element by element; the saved mean
    and ``1 / sqrt(var + eps)`` in float16; the running mean updated from the saved (float16) mean, the running
    variance from the float32 sum, in float64."""
    rows = _per_channel(x).astype(np.float32)
    n = rows.shape[1]
    mean = _running_sums(rows) / np.float32(n)
    deviation = rows - mean[:, None]
    var_sum = _running_sums(deviation * deviation)
    invstd = (1 / np.sqrt((var_sum / np.float32(n)).astype(np.float64) + eps)).astype(np.float32).astype(HALF)
    mean = mean.astype(HALF)
    if running_mean is not None:
        rm, rv = running_mean._data, running_var._data
        old_mean, old_var = rm.astype(np.float64), rv.astype(np.float64)
        rm[...] = (momentum * mean.astype(np.float64) + (1 - momentum) * old_mean).astype(np.float32)
        rv[...] = (momentum * (var_sum.astype(np.float64) / (n - 1)) + (1 - momentum) * old_var).astype(np.float32)
    return mean, invstd


def half_strided_output(x, mean, invstd, weight, bias):
    """torch's generic batch norm transform of float16: ``((x - mean) * invstd) * weight + bias``, each step rounded
    to float16 (contiguous)."""
    shape = [-1 if d == 1 else 1 for d in range(x.ndim)]
    out = (x - mean.reshape(shape)) * invstd.reshape(shape)
    if weight is not None:
        out = out * weight._data.reshape(shape)
    if bias is not None:
        out = out + bias._data.reshape(shape)
    return np.ascontiguousarray(out)


def half_strided_gradients(grad, x, weight, save_mean, save_invstd, mask):
    """torch's generic ``batch_norm_backward_cpu`` in training for float16: per channel, element by element in
    float32, the sum of ``grad`` and of ``(x - mean) * grad`` (both factors' steps rounded to float16); then in
    float16 steps ``k = dotp * invstd * invstd / N``, ``(x - mean) * k`` and ``(grad - sum / N - that) * invstd *
    weight``; the weight's gradient ``dotp * invstd`` and the bias's ``sum``, rounded once."""
    shape = [-1 if d == 1 else 1 for d in range(x.ndim)]
    n = x.size // x.shape[1]
    centred = x - save_mean.reshape(shape)
    total = _running_sums(_per_channel(grad).astype(np.float32))
    dotp = _running_sums(_per_channel(centred * grad).astype(np.float32))
    dx = None
    if mask[0]:
        k = dotp.astype(HALF) * save_invstd * save_invstd / HALF.type(n)
        grad_mean = (total / np.float32(n)).astype(HALF)
        dx = (grad - grad_mean.reshape(shape) - centred * k.reshape(shape)) * save_invstd.reshape(shape)
        dx = np.ascontiguousarray(dx if weight is None else dx * weight.reshape(shape))
    dw = (dotp * save_invstd.astype(np.float32)).astype(HALF) if mask[1] else None
    return dx, dw, total.astype(HALF) if mask[2] else None


class NativeBatchNorm(Op):
    """result = (input - mean) / sqrt(var + eps) * weight + bias, per channel (dim 1)"""

    node_name = "NativeBatchNormBackward0"
    formula = {
        "input": "batch_norm_input_backward(grad, input, weight, running_mean, running_var, training, eps, axes)",
        "weight": "batch_norm_weight_backward(grad, input, running_mean, running_var, training, eps, axes)",
        "bias": "grad.sum(axes)",
    }
    saved_names = ("input", "weight", "running_mean", "running_var", "result1", "result2")
    saved_values = {"training": "training", "eps": "eps"}
    strided_half = False  # a float16 input in training that torch's generic kernel takes (neither layout)

    @staticmethod
    def forward(ctx, input, weight, bias, *, running_mean, running_var, training, momentum, eps):
        x = input._data
        dtype = x.dtype.type
        axes = (0,) + tuple(range(2, x.ndim))
        ctx.training, ctx.eps, ctx.axes = training, eps, axes
        ctx.running_mean, ctx.running_var = running_mean, running_var
        shape = [-1 if d == 1 else 1 for d in range(x.ndim)]
        if training:
            n = x.size // x.shape[1]
            if dtype is np.float16 and x.flags.c_contiguous:
                mean, var_sum, invstd = half_batch_statistics(x, eps)
                if running_mean is not None:  # torch's update in float64, from the float32 statistics
                    rm, rv = running_mean._data, running_var._data
                    old_mean, old_var = rm.astype(np.float64), rv.astype(np.float64)
                    rm[...] = (momentum * mean.astype(np.float64) + (1 - momentum) * old_mean).astype(np.float32)
                    unbiased = var_sum.astype(np.float64) / (n - 1)
                    rv[...] = (momentum * unbiased + (1 - momentum) * old_var).astype(np.float32)
                mean = mean.astype(dtype)
            elif dtype is np.float16 and not _channels_last(input):  # torch's generic kernel
                mean, invstd = half_strided_statistics(x, eps, running_mean, running_var, momentum)
                ctx.strided_half = True
                ctx._save((input, weight, running_mean, running_var, wrap(mean), wrap(invstd)))
                return wrap(half_strided_output(x, mean, invstd, weight, bias))
            else:
                mean, var_sum, invstd = batch_statistics(x, eps)
                if running_mean is not None:
                    m = dtype(momentum)
                    rm, rv = running_mean._data, running_var._data
                    rm[...] = m * mean + (1 - m) * rm
                    unbiased = (var_sum / dtype(n - 1)).astype(np.float64)
                    rv[...] = (np.float64(m) * unbiased + (1 - m) * rv).astype(dtype)
            use_mean, use_invstd = mean, invstd
            result1, result2 = wrap(mean), wrap(invstd)
        else:
            use_mean = running_mean._data
            use_invstd = (1 / np.sqrt(running_var._data + dtype(eps))).astype(dtype)
            result1 = result2 = wrap(np.zeros(0, dtype))
        # torch's kernel: alpha = invstd * weight, beta = bias - mean * alpha, out = x * alpha + beta, the last two
        # fused multiply-adds (one rounding each), computed here in the wider type (float16: alpha and beta in float32)
        wide = wide_type(x.dtype)
        op = np.float32 if dtype is np.float16 else dtype
        if op is not dtype and not training:
            use_mean = use_mean.astype(op)
            use_invstd = 1 / np.sqrt(running_var._data.astype(op) + op(eps))
        elif op is not dtype:
            use_invstd = use_invstd.astype(op)
        alpha = (use_invstd * (1 if weight is None else weight._data)).astype(op)
        beta = (np.asarray(0 if bias is None else bias._data, wide) - use_mean.astype(wide) * alpha).astype(op)
        out = x.astype(wide) * alpha.reshape(shape) + beta.reshape(shape)
        ctx._save((input, weight, running_mean, running_var, result1, result2))
        out = out.astype(dtype, copy=False)
        if not out.flags.c_contiguous and not _channels_last(input):  # torch's: contiguous unless channels last
            out = np.ascontiguousarray(out)
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        x, weight, running_mean, running_var, save_mean, save_invstd = ctx._values(F)
        gradients = functools.partial(batch_norm_gradients, mask=ctx._needs(), training=ctx.training, eps=ctx.eps,
                                      axes=ctx.axes)  # fmt: skip
        inputs = (grads[0], x, weight, running_mean, running_var)
        if F is ARRAYS:
            if x.dtype is HALF and ctx.training:
                if x.flags.c_contiguous:
                    return half_batch_norm_gradients(grads[0], x, weight, save_mean, save_invstd, ctx._needs())
                if ctx.strided_half:
                    return half_strided_gradients(grads[0], x, weight, save_mean, save_invstd, ctx._needs())
            return gradients(F, *inputs)
        shapes = (x.shape, x.shape[1:2], x.shape[1:2])
        return record_backward(NativeBatchNormBackward, inputs, gradients, ctx._needs(), shapes,
                               (save_mean, save_invstd), {"eps": ctx.eps, "train": ctx.training})  # fmt: skip


def _channels_last(t):
    """Whether torch lays a batch norm's result out channels last: a 4-d or 5-d input laid out so."""
    fmt = {4: channels_last, 5: channels_last_3d}.get(t.ndim)
    return fmt is not None and t.is_contiguous(memory_format=fmt)


def batch_norm_gradients(F, grad, x, weight, running_mean, running_var, *, mask, training, eps, axes):
    """torch's ``native_batch_norm_backward`` on carrier ``F``: the gradients of input, weight and bias (None where
    ``mask`` is False)."""
    dx, dw, db = mask
    args = (running_mean, running_var, training, eps, axes, F)
    return (
        batch_norm_input_backward(grad, x, weight, *args) if dx else None,
        batch_norm_weight_backward(grad, x, *args) if dw else None,
        F.sum(grad, axes) if db else None,
    )


def half_batch_norm_gradients(grad, x, weight, save_mean, save_invstd, mask):
    """torch's ``batch_norm_backward_cpu`` in training for a contiguous float16 input, in float32: per channel the
    sum of ``grad`` and of ``(x - mean) * grad`` (:func:`_half_channel_sums`), ``k = dotp * invstd * invstd / N``,
    the input's gradient ``(grad - sum / N - (x - mean) * k) * invstd * weight`` (the compiler fusing the inner
    multiply-subtract), the weight's ``dotp * invstd`` and the bias's ``sum``, each rounded once to float16."""
    f32 = np.float32
    shape = (x.shape[0], x.shape[1], -1)
    xs, dy = x.reshape(shape).astype(f32), grad.reshape(shape).astype(f32)
    n = xs.shape[0] * xs.shape[2]
    mean, invstd = save_mean.astype(f32)[:, None], save_invstd.astype(f32)
    centred = xs - mean
    total, dotp = _half_channel_sums(dy), _half_channel_sums(centred * dy)
    dx = None
    if mask[0]:
        k = dotp * invstd * invstd / f32(n)
        w = np.ones_like(invstd) if weight is None else weight.astype(f32)
        dx = fnma(centred, k[:, None], dy - (total / f32(n))[:, None]) * invstd[:, None] * w[:, None]
        dx = dx.astype(HALF).reshape(x.shape)
    dw = (dotp * invstd).astype(HALF) if mask[1] else None
    return dx, dw, total.astype(HALF) if mask[2] else None


class NativeBatchNormBackward(RecordedBackward):
    """(grad_input, grad_weight, grad_bias) = native_batch_norm_backward(grad_out, input, weight, running_mean,
    running_var, ...)"""

    node_name = "NativeBatchNormBackwardBackward0"
    formula = {name: f"differentiate(None, grads, grad_out, input, weight, running_mean, running_var)[{i}]"
               for i, name in enumerate(("grad_out", "input", "weight"))}  # fmt: skip
    formula.update(running_mean="None", running_var="None")  # buffers: never differentiated in torch's formulas
    saved_names = ("grad_out", "input", "weight", "running_mean", "running_var", "save_mean", "save_invstd")
    saved_values = {"eps": "eps", "train": "train"}

    @staticmethod
    def forward(ctx, grad_out, input, weight, running_mean, running_var, **params):
        return RecordedBackward.run(ctx, (grad_out, input, weight, running_mean, running_var), **params)

    @staticmethod
    def backward(ctx, *grads):
        return RecordedBackward.backward(ctx, *without_weight(ctx, grads, ctx._unpack()[2]))


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    """Mirror ``torch.nn.functional.batch_norm``: normalise each channel (dim 1) by the batch's statistics
    (``training=True``, updating the running ones in place) or by the running statistics."""
    if training:
        size = input.shape
        values = size[0] * int(np.prod(size[2:], dtype=np.int64))
        if values == 1:
            raise ValueError(f"Expected more than 1 value per channel when training, got input size {Size(size)}")
        if eps <= 0.0:
            raise ValueError(f"batch_norm eps must be positive during training, but got {eps}")
    elif eps < 0.0:
        raise ValueError(f"batch_norm eps must be non-negative, but got {eps}")
    return native_batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def native_batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps, dtype_checked=None):
    """torch's ``batch_norm`` of ATen, with its checks (the one op NativeBatchNormBackward0); ``dtype_checked``: the
    tensors whose dtypes must suit the input's, if not the weight, bias and running statistics."""
    channels = input.shape[1]
    for name, t in (("running_mean", running_mean), ("running_var", running_var), ("weight", weight), ("bias", bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")
    if not training:
        for name, t in (("running_mean", running_mean), ("running_var", running_var)):
            if t is None:
                raise RuntimeError(f"{name} must be defined in evaluation mode")
    if not input.dtype.is_floating_point:
        raise not_implemented("batch_norm", input.dtype)
    check_parameter_dtypes(input, *(dtype_checked or (weight, bias, running_mean, running_var)))
    return NativeBatchNorm.apply(input, weight, bias, running_mean=running_mean, running_var=running_var,
                                 training=training, momentum=momentum, eps=eps)


def torch_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled):
    """Mirror ``torch.batch_norm``: ``F.batch_norm`` with torch's order of arguments, without its Python check of
    the batch's size."""
    return native_batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def affine_parameters(module, shape, affine, bias, device, dtype):
    """torch's learned scale and shift of a normalisation layer (batch, instance, layer and group norm): ``weight``
    and ``bias`` (unless ``bias`` is False) of ``shape``, empty until the layer's ``reset_parameters`` fills them
    (:func:`reset_affine`), if ``affine``, else registered as None, as torch's are (they print and load as torch's)."""
    if affine:
        module.weight = Parameter(creation.empty(shape, dtype=dtype, device=device))
        if bias:
            module.bias = Parameter(creation.empty(shape, dtype=dtype, device=device))
        else:
            module.register_parameter("bias", None)
    else:
        module.register_parameter("weight", None)
        module.register_parameter("bias", None)


def reset_affine(module, affine):
    """The normalisation layers' ``reset_parameters``: if ``affine``, the weight to ones and the bias (if any) to
    zeros, each in place."""
    if affine:
        init.ones_(module.weight)
        if module.bias is not None:
            init.zeros_(module.bias)


class _NormBase(Module):
    """torch's ``_NormBase``: the parameters (weight ones, bias zeros, if ``affine``) and the running statistics
    (if ``track_running_stats``) of the batch and instance norm layers, and their printout."""

    _version = 2  # torch's: version 2 added num_batches_tracked

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None,
                 dtype=None, bias=True):
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        affine_parameters(self, num_features, affine, bias, device, dtype)
        if track_running_stats:
            self.register_buffer("running_mean", creation.zeros(num_features, dtype=dtype))
            self.register_buffer("running_var", creation.ones(num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", creation.tensor(0))
        else:
            for name in ("running_mean", "running_var", "num_batches_tracked"):
                self.register_buffer(name, None)
        self.reset_parameters()

    def reset_running_stats(self):
        """Mirror ``torch.nn.BatchNorm1d.reset_running_stats`` (of torch's ``_NormBase``): if the layer tracks
        running statistics, the running mean to zeros, the running variance to ones and ``num_batches_tracked`` to
        0, each in place."""
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self):
        """Mirror ``torch.nn.BatchNorm1d.reset_parameters`` (of torch's ``_NormBase``, which the constructor calls):
        ``reset_running_stats()``, then (if ``affine``) the weight to ones and the bias to zeros, in place."""
        self.reset_running_stats()
        reset_affine(self, self.affine)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):  # fmt: skip
        """Mirror ``_NormBase._load_from_state_dict``: a state saved before version 2 (without
        ``num_batches_tracked``) keeps the layer's count (0 if it has none)."""
        version = local_metadata.get("version", None)
        key = prefix + "num_batches_tracked"
        if (version is None or version < 2) and self.track_running_stats and key not in state_dict:
            tracked = self.num_batches_tracked
            state_dict[key] = tracked if tracked is not None else creation.tensor(0)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)  # fmt: skip

    def extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
                f"bias={self.bias is not None}, track_running_stats={self.track_running_stats}")


class _BatchNorm(_NormBase):
    """torch's ``_BatchNorm``: ``F.batch_norm`` with the batch's statistics in training (counting the batches for
    ``momentum=None``, a cumulative average), the running ones in evaluation."""

    dims = ()

    def forward(self, input):
        if input.ndim not in self.dims:
            shown = " or ".join(f"{d}D" for d in self.dims)
            raise ValueError(f"expected {shown} input (got {input.ndim}D input)")
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked._data += 1
            self.num_batches_tracked._vc.bump()
            factor = 1.0 / float(self.num_batches_tracked) if self.momentum is None else self.momentum
        training = self.training or (self.running_mean is None and self.running_var is None)
        keep = not self.training or self.track_running_stats
        return batch_norm(input, self.running_mean if keep else None, self.running_var if keep else None,
                          self.weight, self.bias, training, factor, self.eps)


class BatchNorm1d(_BatchNorm):
    """Mirror ``torch.nn.BatchNorm1d(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True)``: batch normalisation of ``(N, C)`` or ``(N, C, L)`` input, with a learned
    scale and shift per channel and running statistics for evaluation (makemore part 3's layer)."""

    dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Mirror ``torch.nn.BatchNorm2d(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True)``: batch normalisation of ``(N, C, H, W)`` input, per channel (a CNN's)."""

    dims = (4,)


class BatchNorm3d(_BatchNorm):
    """Mirror ``torch.nn.BatchNorm3d(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True)``: batch normalisation of ``(N, C, D, H, W)`` input, per channel."""

    dims = (5,)
