"""The margin and embedding losses that torch writes as composites of pointwise ops (``margin_ranking_loss``,
``hinge_embedding_loss``, ``cosine_embedding_loss``, ``triplet_margin_loss``, ``triplet_margin_with_distance_loss``),
each written as torch's ATen (or Python) writes it so that the graph, values and gradients are torch's; and
``soft_margin_loss``, ``multi_margin_loss`` and ``multilabel_margin_loss``, torch's native ops (in
:mod:`minigrad.nn.margin_loss_ops`)."""

import numpy as np

from .. import creation, pointwise
from .. import functional as _functional
from ..arguments import must_be_tensor
from ..ops._util import check_broadcast, wrap
from ..ops.elementwise import AddScalar, SubScalar
from ..products import pairwise_distance
from ..size import shape_text
from ..tensor import Tensor
from . import _reduction
from .margin_loss_ops import MultilabelMarginLoss, MultiMarginLoss, SoftMarginLoss


def _reduction_enum(size_average, reduce, reduction):
    """torch's ``_Reduction.legacy_get_enum`` (with its warning) when a legacy argument is given, else ``get_enum``."""
    return _reduction.get_enum(_reduction.reduction_of(size_average, reduce, reduction))


def _apply_reduction(loss, code):
    """ATen's ``apply_loss_reduction``: ``mean()`` (MeanBackward0), ``sum()`` (SumBackward0) or the loss itself."""
    return loss.mean() if code == 1 else loss.sum() if code == 2 else loss


def _scalar_minus(value, t):
    """ATen's ``Scalar - Tensor``: ``empty_like(t).fill_(value).sub_(t)`` (SubBackward0 with no first input)."""
    return wrap(np.full(t.shape, value, dtype=t._data.dtype)).sub_(t)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.margin_ranking_loss``: ``max(0, -target * (input1 - input2) + margin)``,
    recorded as torch's ATen composite (ClampMinBackward0 over AddBackward1, MulBackward0, SubBackward0)."""
    code = _reduction_enum(size_average, reduce, reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(
            f"margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            f"input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} "
        )
    return torch_margin_ranking_loss(input1, input2, target, margin, code)


def torch_margin_ranking_loss(input1, input2, target, margin=0.0, reduction=0):
    """Mirror ``torch.margin_ranking_loss``: ATen's op, the reduction an int (0 none, 1 mean, 2 sum; torch's Python
    binding takes an omitted one, or any other int, as none)."""
    unclamped = AddScalar.apply(-target * (input1 - input2), other=margin)
    return _apply_reduction(unclamped.clamp_min_(0), reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.hinge_embedding_loss``: ``x`` where ``target`` is 1, ``max(0, margin - x)``
    where it is -1 (both elsewhere), recorded as torch's ATen composite (AddBackward0 of two WhereBackward0)."""
    return torch_hinge_embedding_loss(input, target, margin, _reduction_enum(size_average, reduce, reduction))


def torch_hinge_embedding_loss(input, target, margin=1.0, reduction=0):
    """Mirror ``torch.hinge_embedding_loss``: ATen's op, the reduction an int (as :func:`torch_margin_ranking_loss`
    takes it)."""
    zeros = creation.zeros_like(input)
    margin_clamp = _scalar_minus(margin, input).clamp_min_(0)
    output_margin = _functional.where(target != 1, margin_clamp, zeros)
    output_self = _functional.where(target != -1, input, zeros)
    return _apply_reduction(output_margin + output_self, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.soft_margin_loss``: ``log(1 + exp(-target * input))`` (SoftMarginLossBackward0;
    no gradient for ``target``, as in torch)."""
    code = _reduction_enum(size_average, reduce, reduction)
    _tensors("soft_margin_loss", input, target)
    check_broadcast(input, target)
    return SoftMarginLoss.apply(input, target=target, reduction=code)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.cosine_embedding_loss``: ``1 - cos(x1, x2)`` where ``target`` is 1,
    ``max(0, cos(x1, x2) - margin)`` where it is -1, the cosine along the last dim as torch's ATen composite
    writes it (``sum(x1 * x2) / sqrt((sum(x1 * x1) + 1e-12) * (sum(x2 * x2) + 1e-12))``)."""
    return torch_cosine_embedding_loss(input1, input2, target, margin, _reduction_enum(size_average, reduce, reduction))


def torch_cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=0):
    """Mirror ``torch.cosine_embedding_loss``: ATen's op, the reduction an int (as :func:`torch_margin_ranking_loss`
    takes it)."""
    targ_dim = target.dim()
    if targ_dim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if targ_dim == 1 and not (input1.dim() == 2 and input2.dim() == 2):
        raise RuntimeError(
            f"1D target tensor expects 2D input tensors, but found inputs with sizes {shape_text(input1.shape)} and "
            f"{shape_text(input2.shape)}."
        )
    if targ_dim == 0 and not (input1.dim() == 1 and input2.dim() == 1):
        raise RuntimeError(
            f"0D target tensor expects 1D input tensors, but found inputs with sizes {shape_text(input1.shape)} and "
            f"{shape_text(input2.shape)}."
        )
    prod_sum = (input1 * input2).sum(targ_dim)
    mag_square1 = AddScalar.apply((input1 * input1).sum(targ_dim), other=1e-12)
    mag_square2 = AddScalar.apply((input2 * input2).sum(targ_dim), other=1e-12)
    cos = prod_sum / (mag_square1 * mag_square2).sqrt_()
    zeros = creation.zeros_like(cos)
    pos = _scalar_minus(1, cos)
    neg = SubScalar.apply(cos, other=margin).clamp_min_(0)
    output_pos = _functional.where(target == 1, pos, zeros)
    output_neg = _functional.where(target == -1, neg, zeros)
    return _apply_reduction(output_pos + output_neg, reduction)


def _check_triplet_dims(anchor, positive, negative):
    a_dim, p_dim, n_dim = anchor.ndim, positive.ndim, negative.ndim
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(
            f"The anchor, positive, and negative tensors are expected to have the same number of dimensions, but "
            f"got: anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D inputs"
        )


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction="mean"):  # fmt: skip
    """Mirror ``torch.nn.functional.triplet_margin_loss``: ``max(0, margin + d(a, p) - d(a, n))``, ``d`` the
    ``pairwise_distance`` (with ``swap``, ``d(a, n)`` is at most ``d(p, n)``), as torch's ATen composite
    (ClampMinBackward0 over SubBackward0, AddBackward1 and NormBackward1)."""
    code = _reduction_enum(size_average, reduce, reduction)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    return torch_triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, code)


def torch_triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=False, reduction=0):
    """Mirror ``torch.triplet_margin_loss``: ATen's op (no check of ``margin``), the reduction an int (as
    :func:`torch_margin_ranking_loss` takes it)."""
    _check_triplet_dims(anchor, positive, negative)
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = _functional.minimum(dist_neg, pairwise_distance(positive, negative, p, eps))
    return _apply_reduction(pointwise.clamp_min(AddScalar.apply(dist_pos, other=margin) - dist_neg, 0), reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction="mean"):  # fmt: skip
    """Mirror ``torch.nn.functional.triplet_margin_with_distance_loss``: ``max(0, margin + d(a, p) - d(a, n))``
    for any ``distance_function`` (``pairwise_distance`` by default), written as torch's Python writes it."""
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    _check_triplet_dims(anchor, positive, negative)
    if distance_function is None:
        distance_function = pairwise_distance
    dist_pos = distance_function(anchor, positive)
    dist_neg = distance_function(anchor, negative)
    if swap:
        dist_neg = _functional.minimum(dist_neg, distance_function(positive, negative))
    loss = pointwise.clamp_min(margin + dist_pos - dist_neg, 0)
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.mean()
    return loss


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.multi_margin_loss``: for each row, the sum over classes ``i != y`` of
    ``max(0, margin - x[y] + x[i]) ** p`` (times ``weight[y]``), divided by the number of classes
    (MultiMarginLossBackward0)."""
    code = _reduction_enum(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.dim() != 1:
        raise ValueError("weight must be one-dimensional")
    return MultiMarginLoss.apply(input, target=target, p=p, margin=margin, weight=weight, reduction=code)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.multilabel_margin_loss``: for each row, the sum over its target classes ``j``
    (``target``'s entries up to the first -1) and the other classes ``i`` of ``max(0, 1 - (x[j] - x[i]))``, divided
    by the number of classes (MultilabelMarginLossBackward0)."""
    code = _reduction_enum(size_average, reduce, reduction)
    _tensors("multilabel_margin_loss", input, target)
    return MultilabelMarginLoss.apply(input, target=target, reduction=code)


def _tensors(name, input, target):
    """torch's parser's refusal of an input or target that is not a tensor, which its Python code reaches after
    the legacy reduction's warning."""
    for param, position, value in (("input", 1, input), ("target", 2, target)):
        if not isinstance(value, Tensor):
            raise must_be_tensor(name, param, position, value)
