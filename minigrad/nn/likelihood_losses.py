"""The likelihood losses torch writes as composites: ``poisson_nll_loss`` (as its ATen C++ writes it),
``gaussian_nll_loss`` and ``multilabel_soft_margin_loss`` (as its Python writes them), so that the graph, values and
gradients are torch's."""

import math

from .. import creation
from .. import functional as _functional
from ..autograd import grad_mode
from ..ops.elementwise import AddScalar, MulScalar
from . import _reduction
from .activation import logsigmoid


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction="mean"):  # fmt: skip
    """Mirror ``torch.nn.functional.poisson_nll_loss``: ``exp(input) - target * input`` (``log_input``) or
    ``input - target * log(input + eps)``, plus the Stirling term ``t log t - t + 0.5 log(2 pi t)`` where
    ``target > 1`` when ``full``; recorded as torch's ATen composite."""
    if size_average is not None or reduce is not None:
        reduction = _reduction.legacy_get_string(size_average, reduce)
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not a valid value for reduction")
    return torch_poisson_nll_loss(input, target, log_input, full, eps, _reduction.get_enum(reduction))


def torch_poisson_nll_loss(input, target, log_input, full, eps, reduction):
    """Mirror ``torch.poisson_nll_loss``: ATen's op, the reduction an int (0 none, 1 mean, 2 sum; any other is
    none, as in torch)."""
    # torch's C++ evaluates the right operand of ``-`` and ``+`` first: those nodes come first, so run last backward
    if log_input:
        product = target * input
        loss = _functional.exp(input) - product
    else:
        loss = input - target * _functional.log(AddScalar.apply(input, other=eps))
    if full:
        half_log = MulScalar.apply(_functional.log(MulScalar.apply(target, other=2 * math.pi)), other=0.5)
        stirling = target * _functional.log(target) - target + half_log
        loss += stirling.masked_fill(target <= 1, 0)
    return loss.mean() if reduction == 1 else loss.sum() if reduction == 2 else loss


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """Mirror ``torch.nn.functional.gaussian_nll_loss``: ``0.5 * (log(var) + (input - target) ** 2 / var)`` (plus
    ``0.5 * log(2 pi)`` when ``full``), ``var`` clamped to at least ``eps`` outside the graph, with torch's checks of
    ``var``'s shape (one dim short, or one dim of size 1, is the homoscedastic case)."""
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * creation.ones_like(input)
    elif bool((var < 0).any()):
        raise ValueError("var has negative entry/entries")
    if var.size() != input.size():
        if tuple(input.size())[:-1] == tuple(var.size()):
            var = var.unsqueeze(-1)
        elif not (input.ndim == var.ndim and sum(y for x, y in zip(input.size(), var.size()) if x != y) == 1):
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with grad_mode.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (_functional.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return loss.mean() if reduction == "mean" else loss.sum() if reduction == "sum" else loss


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.multilabel_soft_margin_loss``: ``-(t * logsigmoid(x) + (1 - t) *
    logsigmoid(-x))`` (times ``weight``) averaged over the classes (the last dim), as torch's Python writes it."""
    if size_average is not None or reduce is not None:
        reduction = _reduction.legacy_get_string(size_average, reduce)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == "none":
        return loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    raise ValueError(reduction + " is not valid")
