"""``minigrad.nn.functional``: the functions behind the layers (``import minigrad.nn.functional as F``)."""

import math
import warnings

import numpy as np

from .. import dtypes
from ..arguments import must_be_tensor
from ..functional import sigmoid, tanh  # noqa: F401 - re-exported, as torch.nn.functional has them
from ..fused_multiply_add import fma
from ..ops._util import cant_cast, check_broadcast, mean_of, not_implemented, wrap
from ..ops.carriers import ARRAYS
from ..ops.linalg import MAT1_GRAD, MAT2_GRAD, is_column_major
from ..ops.op import Op, keep_sizes_and_strides
from ..ops.shape import expanded_shape
from ..products import pairwise_distance  # noqa: F401 - torch.pairwise_distance too
from ..tensor import Tensor
from ..torch_warnings import user_stacklevel
from . import _reduction, grad  # noqa: F401 - F.grad is torch.nn.grad, as in torch
from .activation import (  # noqa: F401
    celu,
    elu,
    elu_,
    gelu,
    glu,
    hardshrink,
    hardsigmoid,
    hardswish,
    hardtanh,
    hardtanh_,
    leaky_relu,
    leaky_relu_,
    log_softmax,
    logsigmoid,
    mish,
    prelu,
    relu,
    relu6,
    relu_,
    selu,
    silu,
    softmax,
    softmin,
    softplus,
    softshrink,
    softsign,
    tanhshrink,
    threshold,
    threshold_,
)
from .aten_forms import native_channel_shuffle  # noqa: F401 - torch.native_channel_shuffle too
from .batchnorm import batch_norm  # noqa: F401
from .bilinear import bilinear  # noqa: F401
from .channel_shuffle import channel_shuffle  # noqa: F401
from .conv import conv1d, conv2d, conv3d  # noqa: F401
from .conv_tbc import conv_tbc  # noqa: F401
from .conv_transpose import conv_transpose1d, conv_transpose2d, conv_transpose3d  # noqa: F401
from .ctc_loss import ctc_loss  # noqa: F401
from .distance import cosine_similarity, pdist  # noqa: F401
from .dropout import alpha_dropout, dropout, dropout1d, dropout2d, dropout3d, feature_alpha_dropout  # noqa: F401
from .embedding import embedding  # noqa: F401
from .embedding_bag import embedding_bag  # noqa: F401
from .encoding import one_hot  # noqa: F401
from .fold import fold, unfold  # noqa: F401
from .fractional_max_pool import (  # noqa: F401
    fractional_max_pool2d,
    fractional_max_pool2d_with_indices,
    fractional_max_pool3d,
    fractional_max_pool3d_with_indices,
)
from .grid_sample import affine_grid, grid_sample  # noqa: F401
from .gumbel import gumbel_softmax  # noqa: F401
from .layernorm import layer_norm  # noqa: F401
from .likelihood_losses import gaussian_nll_loss, multilabel_soft_margin_loss, poisson_nll_loss  # noqa: F401
from .local_response_norm import local_response_norm  # noqa: F401
from .loss_ops import HuberLoss, SmoothL1Loss
from .losses import (  # noqa: F401
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    cross_entropy,
    kl_div,
    nll_loss,
)
from .lp_pool import lp_pool1d, lp_pool2d, lp_pool3d  # noqa: F401
from .margin_losses import (  # noqa: F401
    cosine_embedding_loss,
    hinge_embedding_loss,
    margin_ranking_loss,
    multi_margin_loss,
    multilabel_margin_loss,
    soft_margin_loss,
    triplet_margin_loss,
    triplet_margin_with_distance_loss,
)
from .multi_head_attention_forward import (  # noqa: F401
    _canonical_mask,
    _in_projection,
    _in_projection_packed,
    _mha_shape_check,
    _none_or_dtype,
    multi_head_attention_forward,
)
from .normalization import group_norm, instance_norm  # noqa: F401
from .normalization_rms import rms_norm  # noqa: F401
from .padding import pad  # noqa: F401
from .pixelshuffle import pixel_shuffle, pixel_unshuffle  # noqa: F401
from .pooling import (  # noqa: F401
    adaptive_avg_pool2d,
    adaptive_max_pool2d,
    adaptive_max_pool2d_with_indices,
    avg_pool2d,
    max_pool2d,
    max_pool2d_with_indices,
)
from .pooling1d import (  # noqa: F401
    adaptive_avg_pool1d,
    adaptive_max_pool1d,
    adaptive_max_pool1d_with_indices,
    avg_pool1d,
    max_pool1d,
    max_pool1d_with_indices,
)
from .pooling3d import (  # noqa: F401
    adaptive_avg_pool3d,
    adaptive_max_pool3d,
    adaptive_max_pool3d_with_indices,
    avg_pool3d,
    max_pool3d,
    max_pool3d_with_indices,
)
from .rrelu import rrelu, rrelu_  # noqa: F401
from .sdpa import scaled_dot_product_attention  # noqa: F401
from .unpooling import max_unpool1d, max_unpool2d, max_unpool3d  # noqa: F401
from .upsampling import interpolate, upsample, upsample_bilinear, upsample_nearest  # noqa: F401


class Addmm(Op):
    """result = bias + input @ weight.T, torch's fused node for ``nn.Linear`` on 2-D input"""

    node_name = "AddmmBackward0"
    formula = {"self": "grad", "mat1": MAT1_GRAD.format(mat1="mat1", mat2="mat2"),
               "mat2": MAT2_GRAD.format(mat1="mat1")}
    saved_names = ("mat1", "mat2")
    saved_values = {k: k for k in ("alpha", "beta", "mat1_sym_sizes", "mat1_sym_strides", "mat2_sym_sizes",
                                   "mat2_sym_strides")}  # fmt: skip
    alpha = beta = 1

    @staticmethod
    def forward(ctx, bias, mat1, mat2, beta=1, alpha=1):
        b, m1, m2 = bias._data, mat1._data, mat2._data
        if b.dtype is not m2.dtype or m1.dtype is not m2.dtype:
            for name, t in (("self", bias), ("mat1", mat1)):  # torch checks the bias first
                if t.dtype is not mat2.dtype:
                    raise RuntimeError(
                        f"{name} and mat2 must have the same dtype, but got {t.dtype.scalar_name} and "
                        f"{mat2.dtype.scalar_name}"
                    )
        s1, s2 = m1.shape, m2.shape
        if s1[1] != s2[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({s1[0]}x{s1[1]} and {s2[0]}x{s2[1]})")
        if b.shape != (s2[1],):  # a Linear layer's bias expands
            expanded_shape(b.shape, (s1[0], s2[1]), bias.dtype)  # torch's error if it cannot expand
        ctx._save((mat1 if mat2._requires_grad else None, mat2 if mat1._requires_grad else None))
        keep_sizes_and_strides(ctx, ("mat1", "mat2"), mat1, mat2)
        ctx.mat1_column_major, ctx.mat2_column_major = is_column_major(mat1), is_column_major(mat2)
        half = m2.dtype == np.float16  # torch's float16 gemm: beta * bias + alpha * product in float32, rounded once
        if half:
            b, m1, m2 = b.astype(np.float32), m1.astype(np.float32), m2.astype(np.float32)
        if beta == 1 and alpha == 1:
            return wrap((b + m1 @ m2).astype(np.float16) if half else b + m1 @ m2)
        ctx.alpha, ctx.beta = alpha, beta  # torch.addmm(..., beta=, alpha=): the gradients are scaled too
        ctx._own_formula({"self": "grad * beta", "mat1": f"({MAT1_GRAD.format(mat1='mat1', mat2='mat2')}) * alpha",
                          "mat2": f"({MAT2_GRAD.format(mat1='mat1')}) * alpha"})  # fmt: skip
        if half:
            product = m1 @ m2 * np.float32(alpha)
            product = product if beta == 0 else product + b * np.float32(beta)
            return wrap(np.broadcast_to(product, np.broadcast_shapes(b.shape, product.shape)).astype(np.float16))
        product = mat1._data @ mat2._data
        if beta != 0 and product.dtype == np.float32:
            return wrap(_scaled_gemm(bias._data, mat1._data, mat2._data, product, beta, alpha))
        product = product if alpha == 1 else product * product.dtype.type(alpha)
        if beta == 0:  # torch ignores input then (its nan and inf too)
            return wrap(np.broadcast_to(product, np.broadcast_shapes(bias.shape, product.shape)).copy())
        return wrap(product + (bias._data if beta == 1 else bias._data * bias._data.dtype.type(beta)))


def _scaled_gemm(bias, mat1, mat2, product, beta, alpha):
    """``beta * bias + alpha * (mat1 @ mat2)`` in float32 as torch's BLAS (MKL) rounds it, by shape: one row: from
    ``beta * bias``, one fused multiply-add per column of ``mat1`` (``alpha * mat1[:, j]`` times ``mat2[j]``); one
    column: ``alpha * product + beta * bias`` fused; an inner size of 1: ``beta * bias + (alpha * mat1) @ mat2``
    fused; else ``beta * bias + alpha * product``, fused."""
    f32 = np.float32
    a, b = f32(alpha), f32(beta)
    n, k = mat1.shape
    bias = np.broadcast_to(bias, product.shape)
    if n == 1 and (product.shape[1] > 1 or k > 1):
        out = b * bias
        for j in range(k):
            out = fma(a * mat1[:, j : j + 1], mat2[j : j + 1], out)
        return out
    if product.shape[1] == 1:
        return fma(a, product, b * bias)
    if k == 1:
        return fma(b, bias, (a * mat1) @ mat2)
    return fma(b, bias, a * product)


class MseLoss(Op):
    """result = mean((self - target) ** 2) (or sum, or elementwise)"""

    node_name = "MseLossBackward0"
    formula = {"self": "norm * (self - target) * grad", "target": "norm * (target - self) * grad"}
    saved_names = ("self", "target")
    saved_values = {"reduction": "reduction_enum"}  # torch's at::Reduction: 0 none, 1 mean, 2 sum

    @staticmethod
    def backward(ctx, grads, F):
        a, target = ctx._values(F)
        needs = ctx._needs()
        if F is not ARRAYS:  # each gradient is torch's mse_loss_backward, recorded (the target's with the two swapped)
            return tuple(MseLossBackward.apply(grads[0], x, y, norm=ctx.norm, reduction_enum=ctx.reduction_enum)
                         if need else None for need, (x, y) in zip(needs, ((a, target), (target, a))))  # fmt: skip
        norm, g = ctx.norm, grads[0]
        return (norm * (a - target) * g if needs[0] else None, norm * (target - a) * g if needs[1] else None)

    @staticmethod
    def forward(ctx, a, target, *, reduction):
        ctx._save((a, target))
        ctx.reduction, ctx.reduction_enum = reduction, ("none", "mean", "sum").index(reduction)
        x, y = a._data, target._data
        if x.dtype is not y.dtype or x.shape != y.shape:
            dtype = loss_dtype("mse_cpu", a, target).np  # each operand in it first, as torch's kernel reads them
            x, y = np.broadcast_arrays(x.astype(dtype, copy=False), y.astype(dtype, copy=False))
        sq = (x - y) ** 2
        # torch's mse_loss_backward scales by 2 / numel for the mean (a C++ double: inf for no elements)
        ctx.norm = (2 / sq.size if sq.size else math.inf) if reduction == "mean" else 2.0
        if reduction == "mean":
            return wrap(mean_of(sq))
        if reduction == "sum":
            return wrap(np.asarray(sq.sum(), dtype=sq.dtype))
        return wrap(sq)


class MseLossBackward(Op):
    """result = norm * (self - target) * grad_output: torch's mse_loss_backward, as create_graph=True records it"""

    node_name = "MseLossBackwardBackward0"
    formula = {"grad_output": "norm * (self - target) * grad", "self": "norm * grad_output * grad",
               "target": "-norm * grad_output * grad"}  # fmt: skip
    saved_names = ("grad_output", "self", "target")
    saved_values = {"reduction": "reduction_enum"}

    @staticmethod
    def forward(ctx, grad_output, a, target, *, norm, reduction_enum):
        ctx._save((grad_output, a, target))
        ctx.norm, ctx.reduction_enum = norm, reduction_enum
        return wrap(norm * (a._data - target._data) * grad_output._data)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """Mirror ``torch.nn.functional.normalize``: ``input`` divided by its ``p``-norm along ``dim`` (at least
    ``eps``), written as torch writes it: ``input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)``
    (DivBackward0 over ExpandBackward0, ClampMinBackward0, LinalgVectorNormBackward0); with ``out=``, ``torch.div``
    into it (not differentiable, as torch's)."""
    if out is None:
        return input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    from .. import div  # torch.div, which takes out=

    return div(input, input.norm(p, dim, keepdim=True).clamp_min_(eps).expand_as(input), out=out)


def linear(input, weight, bias=None):
    """Mirror ``torch.nn.functional.linear``: input @ weight.T + bias (AddmmBackward0 for 2-D input)."""
    for position, (name, value) in enumerate((("input", input), ("weight", weight), ("bias", bias)), 1):
        if not isinstance(value, Tensor) and (value is not None or name != "bias"):
            raise must_be_tensor("linear", name, position, value)
    if input.ndim == 0 or weight.ndim == 0:
        raise RuntimeError(
            f"both arguments to linear need to be at least 1D, but they are {input.ndim}D and {weight.ndim}D"
        )
    if input.ndim == 2 and bias is not None:
        return Addmm.apply(bias, input, weight.t())
    if bias is not None and input.is_contiguous() and (input.ndim == 3 or bias.ndim == 1):
        # torch folds the leading dims into rows for one addmm, then views the result back
        rows = input.reshape(int(np.prod(input.shape[:-1], dtype=np.int64)), input.shape[-1])
        out = Addmm.apply(bias, rows, weight.t())
        return out.view(*input.shape[:-1], out.shape[1])
    out = input.matmul(weight.t())
    return out + bias if bias is not None else out


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mirror ``torch.nn.functional.mse_loss``, checks in torch's order (``size_average`` and ``reduce`` are
    the legacy way to ask for a reduction); with a ``weight`` of the input's size, composed as torch composes it:
    ``(input - target) ** 2 * weight``, summed, and for ``'mean'`` divided by the sum of the weights."""
    _warn_target_size(input, target)
    reduction = _reduction.reduction_of(size_average, reduce, reduction)
    check_broadcast(input, target)
    if weight is not None:
        return _weighted_mse_loss(input, target, reduction, weight)
    reduction = ("none", "mean", "sum")[_reduction.get_enum(reduction)]  # 'elementwise_mean' is 'mean'
    a, b = input, target
    if a.dtype is not b.dtype or not a.dtype.is_floating_point:
        a, b = _as_loss_dtype(loss_dtype("mse_cpu", input, target), input, target)
    return MseLoss.apply(a, b, reduction=reduction)


def _weighted_mse_loss(input, target, reduction, weight):
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    from ..broadcasting import broadcast_tensors

    expanded_input, expanded_target = broadcast_tensors(input, target)
    weighted = (expanded_input - expanded_target).pow(2) * weight
    if reduction == "none":
        return weighted
    if reduction == "sum":
        return weighted.sum()
    if reduction == "mean":
        return weighted.sum() / weight.sum()
    raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")


def loss_dtype(kernel, input, target):
    """The dtype a pointwise loss computes in: torch's result type of ``input`` and ``target``, which must be a
    floating one (else torch's error naming the CPU ``kernel``, ``"mse_cpu" not implemented for 'Long'``)."""
    dtype = dtypes.result_type((input, target))
    if not dtype.is_floating_point:
        raise not_implemented(kernel, dtype)
    return dtype


def _as_loss_dtype(dtype, *tensors):
    """The tensors, an integer or bool one (which cannot require grad) as a tensor of ``dtype``: torch's kernel reads
    it in the loss's dtype, forward and backward (``mse_loss(prediction, torch.tensor([1, 0]))`` works)."""
    return tuple(t if t.dtype.is_floating_point else wrap(t._data.astype(dtype.np)) for t in tensors)


def _warn_target_size(input, target):
    """torch's warning when a pointwise loss's target has another shape than its input (it broadcasts them), at the
    line that called the loss function."""
    if type(target) is Tensor is type(input) and target._data.shape == input._data.shape:
        return
    if target.size() != input.size():  # what torch reads: an object without a size() fails here, as in torch
        warnings.warn(
            f"Using a target size ({target.size()}) that is different to the input size ({input.size()}). This "
            "will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.",
            UserWarning,
            stacklevel=user_stacklevel(),
        )

def _loss_inputs(input, target):
    """torch's start of a pointwise loss: its warning when the shapes differ, then ``broadcast_tensors``."""
    _warn_target_size(input, target)
    check_broadcast(input, target)
    shape = tuple(np.broadcast_shapes(input.shape, target.shape))
    return tuple(t if tuple(t.shape) == shape else t.expand(*shape) for t in (input, target))


def _reduce_loss(loss, code):
    return loss.mean() if code == 1 else loss.sum() if code == 2 else loss


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """Mirror ``torch.nn.functional.l1_loss``: ``|input - target|`` averaged (or summed, or not), recorded as
    torch records it: MeanBackward0 (or SumBackward0) of AbsBackward0 of SubBackward0."""
    reduction = _reduction.reduction_of(size_average, reduce, reduction)
    a, b = _loss_inputs(input, target)
    if weight is not None:
        return _weighted((a - b).abs(), weight, input, reduction, lambda loss: loss.sum() / weight.sum())
    return _reduce_loss((a - b).abs(), _reduction.get_enum(reduction))


def _weighted(loss, weight, input, reduction, mean):
    """torch's end of a pointwise loss with ``weight``: ``loss * weight``, then summed, or averaged by ``mean``."""
    if weight.size() != input.size():
        raise ValueError("Weights and input must have the same size.")
    loss = loss * weight
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', 'sum'.")
    return loss if reduction == "none" else loss.sum() if reduction == "sum" else mean(loss)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    """Mirror ``torch.nn.functional.smooth_l1_loss``: ``0.5 * x**2 / beta`` for ``|x| < beta``, else
    ``|x| - 0.5 * beta`` (SmoothL1LossBackward0; ``beta=0`` is ``l1_loss``)."""
    reduction = _reduction.reduction_of(size_average, reduce, reduction)
    a, b = _loss_inputs(input, target)
    if beta == 0.0:
        return _reduce_loss((a - b).abs(), _reduction.get_enum(reduction))
    code = _reduction.get_enum(reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    a, b = _as_loss_dtype(loss_dtype("smooth_l1_cpu", a, b), a, b)
    return SmoothL1Loss.apply(a, b, reduction=code, beta=float(beta))


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    """Mirror ``torch.nn.functional.huber_loss``: ``0.5 * x**2`` for ``|x| < delta``, else
    ``delta * (|x| - 0.5 * delta)`` (HuberLossBackward0)."""
    a, b = _loss_inputs(input, target)
    code = _reduction.get_enum(reduction if weight is None else "none")
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    dtype = loss_dtype("huber_cpu", a, b)
    if dtype.category > a.dtype.category:  # torch's huber writes into the input's dtype
        raise cant_cast(dtype, a.dtype)
    loss = HuberLoss.apply(a, b, reduction=code, delta=float(delta))
    return loss if weight is None else _weighted(loss, weight, input, reduction, lambda loss: loss.mean())


from ..torch_api import module_getattr  # noqa: E402
from .linear_cross_entropy import linear_cross_entropy  # noqa: E402, F401

__getattr__ = module_getattr(__name__, "torch.nn.functional")  # a name torch has and minigrad lacks says so
