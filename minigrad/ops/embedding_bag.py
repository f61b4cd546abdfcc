"""``EmbeddingBag``: torch's ``embedding_bag`` (EmbeddingBagBackward0), the sum, mean or max of each bag of rows of a
table (the bags: runs of ``indices`` starting at ``offsets``), rows weighted by ``per_sample_weights`` in sum mode,
rows at ``padding_idx`` left out; with the helper results torch saves on its node (``offset2bag``, ``bag_size``,
``max_indices``) made as its CPU kernel makes them. The gradients: each bag's gradient added to its rows (scaled by
the weight, or divided by the bag's size), or in max mode to the row each maximum came from."""

import numpy as np

from ._util import as_saved_int, wrap
from .carriers import ARRAYS, TENSORS, embed
from .not_implemented import record_no_derivative, record_not_implemented
from .op import IndexingOp

MODES = ("sum", "mean", "max")


def _bags(n, offsets, include_last_offset):
    """The bags' (start, end) in the indices, and the bag of each index (torch's ``offset2bag``)."""
    starts = offsets[:-1] if include_last_offset else offsets
    ends = offsets[1:] if include_last_offset else np.append(offsets[1:], n)
    marks = np.zeros(n + 1, dtype=np.int64)
    np.add.at(marks, starts, 1)
    marks[0] -= 1
    return starts, ends, np.cumsum(marks)[:n]


def embedding_bag_kernel(weight, indices, offsets, mode, per_sample_weights, include_last_offset, padding_idx):
    """numpy: torch's ``_embedding_bag`` forward: the output and offset2bag, bag_size, max_indices as torch's CPU
    kernel leaves them (offset2bag empty for a float32 sum without padding_idx, the fast path's)."""
    n, width = len(indices), weight.shape[1]
    starts, ends, bag_of = _bags(n, offsets, include_last_offset)
    bags = len(starts)
    keep = indices != padding_idx
    out = np.zeros((bags, width), dtype=weight.dtype)
    counts = np.zeros(bags, dtype=np.int64)
    np.add.at(counts, bag_of[keep], 1)
    if mode == 2:
        max_indices = np.zeros((bags, width), dtype=np.int64)
        for b in range(bags):
            seen = False  # the first row kept sets the maximum; a later one must be larger (the first of equals)
            for i in range(starts[b], ends[b]):
                if not keep[i]:
                    continue
                row = weight[indices[i]]
                better = row > out[b] if seen else np.ones(width, bool)
                seen = True
                out[b] = np.where(better, row, out[b])
                max_indices[b] = np.where(better, indices[i], max_indices[b])
        return out, bag_of, counts, max_indices
    rows = weight[indices[keep]]
    if per_sample_weights is not None:
        rows = rows * per_sample_weights[keep][:, None]
    np.add.at(out, bag_of[keep], rows)
    if mode == 1:
        out = np.where(counts[:, None] > 0, out / np.maximum(counts, 1)[:, None].astype(out.dtype), 0).astype(out.dtype)
        return out, bag_of, counts, counts.copy()
    fast = weight.dtype == np.float32 and padding_idx < 0
    return out, (np.zeros(0, np.int64) if fast else bag_of), np.zeros(bags, np.int64), np.zeros(bags, np.int64)


def _bag_of(indices, offsets, offset2bag):
    """The bag of each index: ``offset2bag``, or made from the offsets where torch's fast path left it empty."""
    bag_of = ARRAYS.value(offset2bag)
    if bag_of.size == 0 and len(indices):
        return _bags(len(indices), ARRAYS.value(offsets).astype(np.int64), False)[2]
    return bag_of


def _frequency_scales(idx, keep, psw, bag_of, bag_size, mode, dtype):
    """torch's per-index factor with ``scale_grad_by_freq`` (``_embedding_bag_dense_backward_cpu_sum_mean``), in
    float64 then rounded: the weight, over a count, over the bag's size in mean mode. The count is that of the k-th
    value of the sorted indices for the k-th distinct index (torch's kernel reads it so), not always its own."""
    distinct = np.unique(idx)
    counts = np.bincount(idx)
    divisor = dict(zip(distinct.tolist(), counts[np.sort(idx)[:len(distinct)]].tolist()))
    scale = np.ones(len(keep)) if psw is None else psw[keep].astype(np.float64)
    scale = scale / np.array([divisor[i] for i in idx[keep].tolist()], dtype=np.float64)
    if mode == 1:
        sizes = bag_size[bag_of[keep]]
        scale = np.where(sizes != 0, scale / np.where(sizes != 0, sizes, 1), scale)
    return scale.astype(dtype)


def _weight_grad(grad, idx, bag_of, bag_size, max_indices, num_weights, mode, psw, padding_idx, by_freq=False):
    """numpy: the gradient of the table."""
    width = grad.shape[1]
    if mode == 2:
        full = bag_size > 0
        cols = np.broadcast_to(np.arange(width), max_indices.shape)
        return embed(grad[full], (num_weights, width), (max_indices[full], cols[full]))
    keep = np.flatnonzero(idx != padding_idx)
    rows = grad[bag_of[keep]]
    if by_freq:
        rows = rows * _frequency_scales(idx, keep, psw, bag_of, bag_size, mode, grad.dtype)[:, None]
        return embed(rows, (num_weights, width), (idx[keep],))
    if psw is not None:
        rows = rows * psw[keep][:, None]
    if mode == 1:
        rows = rows / bag_size[bag_of[keep]][:, None].astype(grad.dtype)
    return embed(rows, (num_weights, width), (idx[keep],))


def embedding_bag_backward(grad, indices, offsets, offset2bag, bag_size, max_indices, num_weights, scale_grad_by_freq,
                           mode, sparse, per_sample_weights, padding_idx, F=TENSORS):  # fmt: skip
    """torch's ``_embedding_bag_backward`` (dense): the gradient of the table; on Tensors, a node whose backward
    raises, as torch has no derivative for it."""
    idx = ARRAYS.value(indices)
    values = [ARRAYS.value(v) for v in (grad, bag_size, max_indices, per_sample_weights)]
    out = _weight_grad(values[0], idx, _bag_of(idx, offsets, offset2bag), values[1], values[2], num_weights, mode,
                       values[3], padding_idx, scale_grad_by_freq)  # fmt: skip
    if F is ARRAYS:
        return out
    return record_no_derivative(wrap(out), (grad, per_sample_weights), "EmbeddingBagBackwardBackward0",
                                "_embedding_bag_backward")  # fmt: skip


def embedding_bag_per_sample_weights_backward(grad, weight, indices, offsets, offset2bag, mode, padding_idx,
                                              F=TENSORS):  # fmt: skip
    """torch's ``_embedding_bag_per_sample_weights_backward``: for each index, its bag's gradient dotted with its
    row (0 at ``padding_idx``); on Tensors, not differentiable again, as in torch."""
    idx = ARRAYS.value(indices)
    g, w = ARRAYS.value(grad), ARRAYS.value(weight)
    dots = np.einsum("ij,ij->i", g[_bag_of(idx, offsets, offset2bag)], w[idx])
    out = np.where(idx != padding_idx, dots, 0).astype(g.dtype)
    if F is ARRAYS:
        return out
    return record_not_implemented(wrap(out), (grad, weight), "aten::_embedding_bag_per_sample_weights_backward")


class EmbeddingBag(IndexingOp):
    """result = the sum, mean or max of each bag of weight's rows at indices (rows weighted by per_sample_weights)"""

    node_name = "EmbeddingBagBackward0"
    formula = {
        "weight": "embedding_bag_backward(grad, indices, offsets, result1, result2, result3, weight_sym_argsize_0, "
                  "scale_grad_by_freq, mode, sparse, per_sample_weights, padding_idx)",
        "per_sample_weights": "embedding_bag_per_sample_weights_backward(grad, weight, indices, offsets, result1, "
                              "mode, padding_idx)",
    }  # fmt: skip
    saved_names = ("weight", "per_sample_weights")
    saved_values = {"indices": "indices", "offsets": "offsets", "mode": "mode", "padding_idx": "saved_padding_idx",
                    "result1": "result1", "result2": "result2", "result3": "result3",
                    "scale_grad_by_freq": "scale_grad_by_freq", "sparse": "sparse",
                    "weight_sym_argsize_0": "weight_sym_argsize_0"}  # fmt: skip

    @staticmethod
    def forward(ctx, weight, per_sample_weights, *, indices, offsets, mode, include_last_offset, padding_idx,
                scale_grad_by_freq=False, sparse=False):  # fmt: skip
        ctx._keep_indices(indices, offsets)
        psw = None if per_sample_weights is None else per_sample_weights._data
        out, *results = embedding_bag_kernel(weight._data, indices._data.astype(np.int64), offsets._data.astype(
            np.int64), mode, psw, include_last_offset, padding_idx)  # fmt: skip
        ctx.result1, ctx.result2, ctx.result3 = (wrap(r) for r in results)
        ctx.indices, ctx.offsets, ctx.mode, ctx.padding_idx = indices, offsets, mode, padding_idx
        ctx.saved_padding_idx = as_saved_int(padding_idx)
        ctx.scale_grad_by_freq, ctx.sparse, ctx.weight_sym_argsize_0 = scale_grad_by_freq, sparse, weight.shape[0]
        psw_grad = per_sample_weights is not None and per_sample_weights.requires_grad
        ctx._save((weight if psw_grad else None, per_sample_weights))
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        weight, psw = ctx._values(F)
        needs = ctx._needs()
        bag_of = ctx.result1
        gw = gp = None
        if needs[0]:  # first, as torch: the weights' node comes later, so a second backward meets it first
            gw = embedding_bag_backward(grads[0], ctx.indices, ctx.offsets, bag_of, ctx.result2, ctx.result3,
                                        ctx.weight_sym_argsize_0, ctx.scale_grad_by_freq, ctx.mode, False, psw,
                                        ctx.padding_idx, F)  # fmt: skip
        if needs[1]:
            gp = embedding_bag_per_sample_weights_backward(grads[0], weight, ctx.indices, ctx.offsets, bag_of, ctx.mode,
                                                           ctx.padding_idx, F)  # fmt: skip
        return gw, gp
