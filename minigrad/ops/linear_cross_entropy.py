"""The chunked ``linear_cross_entropy`` of ``F.linear_cross_entropy(..., options=LinearCrossEntropyOptions())``:
torch's custom ops ``torch_nn::_linear_cross_entropy_batch_chunked`` (mean and sum: the loss and every gradient
computed in the forward, the backward scaling them by the upstream gradient, once) and
``..._no_reduction`` (one loss per row; the backward recomputes the gradients), whose nodes are the
``GeneratedBackwardFor_torch_nn_...`` types torch's ``register_autograd`` makes. The arithmetic follows torch's
``_linear_cross_entropy_batch_chunked_accumulator`` chunk by chunk, in the input's dtype (torch's CPU policy for
float32 and float64 inputs); its matrix products are numpy's, so the last bits can differ from torch's."""

import numpy as np

from ..tensor import Tensor
from ._util import wrap
from .op import Op

_TWICE = "linear_cross_entropy chunked backward called twice; retain_graph=True / double backward are not supported."


def _row_weights(target, weight, ignore_index, dtype):
    """torch's ``corrected_target`` and the unsigned weight of each row: the class weight of its target (1 without
    ``weight``), 0 for ignored rows."""
    mask = target == ignore_index
    corrected = np.where(mask, 0, target) if ignore_index < 0 else target
    w = np.ones(len(target), dtype) if weight is None else weight[corrected].astype(dtype)
    return corrected, np.where(mask, dtype.type(0), w)


def chunked(x, lw, target, bias, row_weights, chunk, grads=True, losses=False):
    """The accumulator's loop over ``chunk`` rows at a time: the weighted sum of ``log_softmax`` at the targets
    (``row_weights`` signed as torch's ``neg_weight_target``) and the gradients of input, weight and bias; or, with
    ``losses``, each row's loss."""
    dtype = x.dtype
    out = np.zeros(len(x), dtype) if losses else dtype.type(0)
    gi, gw = np.zeros_like(x), np.zeros_like(lw)
    gb = np.zeros(lw.shape[0], dtype)
    for start in range(0, len(x), chunk):
        rows = slice(start, start + chunk)
        xc, tc, wc = x[rows], target[rows], row_weights[rows]
        logits = xc @ lw.T
        if bias is not None:
            logits = logits + bias
        logits = logits - logits.max(axis=1, keepdims=True)
        at_target = logits[np.arange(len(tc)), tc]
        logits = np.exp(logits)
        denom = logits.sum(axis=1)
        if losses:
            out[rows] = (np.log(denom) - at_target) * wc
            continue
        out = out + wc @ at_target
        logits = logits * (wc / denom)[:, None]
        out = out - wc @ np.log(denom)
        if grads:
            gb = gb - logits.sum(axis=0)
            np.add.at(gb, tc, wc)
            gi[rows] = lw[tc] * wc[:, None] - logits @ lw
            gw = gw - logits.T @ xc
            np.add.at(gw, tc, xc * wc[:, None])
    return out, gi, gw, gb


class LinearCrossEntropyChunked(Op):
    """result = the mean or sum of cross_entropy(input @ linear_weight.T + linear_bias, target), chunk by chunk;
    the gradients are computed with it and kept for the backward"""

    node_name = "GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_defaultBackward"
    formula = {"tensors": "linear_cross_entropy_chunked_backward(kept, grad)"}  # the forward's gradients, scaled

    @staticmethod
    def forward(ctx, *tensors, has_bias, has_weight, reduction, ignore_index, chunk, allow_retain_graph):
        x, lw, target = (t._data for t in tensors[:3])
        bias = tensors[3]._data if has_bias else None
        weight = tensors[3 + has_bias]._data if has_weight else None
        corrected, w = _row_weights(target, weight, ignore_index, x.dtype)
        if reduction == "mean":
            total = w.sum()
            w = w / (np.nan if total == 0 else -total)
        else:
            w = -w
        out, gi, gw, gb = chunked(x, lw, corrected, bias, w, chunk)
        if reduction == "mean" and len(x) == 0:
            out = x.dtype.type(np.nan)
        ctx.kept, ctx.allow_retain_graph = [gi, gw, gb if has_bias else None], allow_retain_graph
        return wrap(np.asarray(out, x.dtype))

    @staticmethod
    def backward(ctx, grad):
        kept = ctx.kept
        if kept is None:
            raise RuntimeError(_TWICE)
        if not ctx.allow_retain_graph:
            ctx.kept = None
        grads = linear_cross_entropy_chunked_backward(kept, grad)
        return tuple(g if need else None for g, need in zip(grads, ctx._needs()))


class LinearCrossEntropyChunkedNoReduction(Op):
    """result[n] = cross_entropy(input[n] @ linear_weight.T + linear_bias, target[n]), chunk by chunk; the backward
    recomputes the gradients weighted by grad"""

    node_name = "GeneratedBackwardFor_torch_nn__linear_cross_entropy_batch_chunked_no_reduction_defaultBackward"
    formula = {"tensors": "linear_cross_entropy_chunked_no_reduction_backward(grad, x, lw, target, bias, w, chunk)"}

    @staticmethod
    def forward(ctx, *tensors, has_bias, has_weight, ignore_index, chunk):
        x, lw, target = (t._data for t in tensors[:3])
        ctx.bias = tensors[3]._data if has_bias else None
        weight = tensors[3 + has_bias]._data if has_weight else None
        ctx.target, ctx.w = _row_weights(target, weight, ignore_index, x.dtype)
        ctx.x, ctx.lw, ctx.chunk = x, lw, chunk
        return wrap(chunked(x, lw, ctx.target, ctx.bias, ctx.w, chunk, losses=True)[0])

    @staticmethod
    def backward(ctx, grad):
        grads = linear_cross_entropy_chunked_no_reduction_backward(grad, ctx.x, ctx.lw, ctx.target, ctx.bias, ctx.w,
                                                                   ctx.chunk)  # fmt: skip
        return tuple(g if need else None for g, need in zip(grads, ctx._needs()))


def linear_cross_entropy_chunked_backward(kept, grad):
    """The gradients of (input, linear_weight, target, linear_bias, weight) that the forward kept, times ``grad``
    (None for the target, the class weights and a missing bias)."""
    gi, gw, gb = (None if k is None else Tensor._wrap(k * grad._data) for k in kept)
    return [gi, gw, None, gb, None]


def linear_cross_entropy_chunked_no_reduction_backward(grad, x, lw, target, bias, w, chunk):
    """The chunked gradients with each row's loss weighted by ``grad[n]``, as the accumulator recomputes them."""
    _, gi, gw, gb = chunked(x, lw, target, bias, -w * grad._data, chunk)
    return [Tensor._wrap(gi), Tensor._wrap(gw), None, None if bias is None else Tensor._wrap(gb), None]
