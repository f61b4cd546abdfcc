"""The two attention ops torch records on CPU: ``_safe_softmax`` (SafeSoftmaxBackward0), the softmax of the math
path of ``scaled_dot_product_attention`` that gives 0, not nan, in rows where every score is -inf; and
``_scaled_dot_product_flash_attention_for_cpu`` (ScaledDotProductFlashAttentionForCpuBackward0), the fused kernel
that path falls back from, computed as that kernel computes it: the scores scaled (and masked), exponentiated against
each row's largest score, multiplied by ``value``, then each row by the reciprocal of its sum."""

import numpy as np

from ._util import precise, wrap
from .carriers import ARRAYS
from .not_implemented import record_not_implemented
from .op import Op
from .softmax import Softmax


class SafeSoftmax(Softmax):
    """result = softmax(self) along ``dim``, 0 in a row whose values are all -inf (torch's ``_safe_softmax``)"""

    node_name = "SafeSoftmaxBackward0"

    @staticmethod
    def values(row, d):
        out = Softmax.values(row, d)
        return np.where(np.all(row == -np.inf, axis=d, keepdims=True), 0, out)


def _scores(q, k, mask, is_causal, scale):
    """``q @ k.T``, the causal positions -inf, then scaled, and the mask added (the flash kernel's order)."""
    s = np.matmul(q, np.swapaxes(k, -2, -1))
    if is_causal:
        L, S = s.shape[-2:]
        s = np.where(np.triu(np.ones((L, S), bool), 1), s.dtype.type(-np.inf), s)
    s = s * s.dtype.type(scale)
    return s if mask is None else s + mask.astype(s.dtype, copy=False)


def _heads_repeated(t, heads):
    """``key`` or ``value`` with each head repeated for its group of query heads (grouped-query attention)."""
    return t if t.shape[-3] == heads else np.repeat(t, heads // t.shape[-3], axis=-3)


def _heads_summed(t, heads):
    """The gradient of :func:`_heads_repeated`: each group of query heads summed into its key head."""
    if t.shape[-3] == heads:
        return t
    return t.reshape(*t.shape[:-3], heads, -1, *t.shape[-2:]).sum(axis=-3)


def _computed(t):
    """A float16 input in float32, as the kernel accumulates."""
    return t.astype(np.float32) if t.dtype == np.float16 else t


def flash_attention_arrays(query, key, value, attn_mask, is_causal, scale):
    """The flash kernel's forward on arrays: the output (in the query's layout, as torch's ``empty_like``) and each
    row's logsumexp."""
    q, dtype = _computed(query), query.dtype
    k, v = (_heads_repeated(_computed(t), q.shape[-3]) for t in (key, value))
    s = _scores(q, k, attn_mask, is_causal, scale)
    top = s.max(axis=-1, keepdims=True)
    dead = top == -np.inf  # every score masked: the kernel writes 0 there, and a logsumexp of 0
    top = np.where(dead, 0, top)
    e = np.where(dead, 0, precise(np.exp, s - top))
    total = e.sum(axis=-1, keepdims=True)
    total = np.where(total == 0, 1, total)
    out = np.empty_like(query)
    out[...] = np.matmul(e, v) * (1 / total)
    return out.astype(dtype, copy=False), (top + precise(np.log, total))[..., 0]


def flash_attention_backward_arrays(grad, query, key, value, attn_mask, output, logsumexp, is_causal, scale, needs):
    """torch's ``_scaled_dot_product_flash_attention_for_cpu_backward`` on arrays: the probabilities rebuilt from the
    logsumexp, then the gradients of ``query``, ``key`` and ``value`` (None where ``needs`` says not needed)."""
    dtype = query.dtype
    q, g, o = _computed(query), _computed(grad), _computed(output)
    k, v = (_heads_repeated(_computed(t), q.shape[-3]) for t in (key, value))
    p = precise(np.exp, _scores(q, k, attn_mask, is_causal, scale) - logsumexp[..., None])
    dp = np.matmul(g, np.swapaxes(v, -2, -1))
    ds = p * (dp - (g * o).sum(axis=-1, keepdims=True))
    # where one key takes all the weight, torch's two dot products agree to the bit and that row's gradient is 0
    ds = np.where(p == 1, 0, ds)
    factor = q.dtype.type(scale)
    grads = (
        np.matmul(ds, k) * factor if needs[0] else None,
        _heads_summed(np.matmul(np.swapaxes(ds, -2, -1), q) * factor, key.shape[-3]) if needs[1] else None,
        _heads_summed(np.matmul(np.swapaxes(p, -2, -1), g), value.shape[-3]) if needs[2] else None,
    )
    return tuple(None if x is None else x.astype(dtype, copy=False) for x in grads)


def flash_attention_backward(grad, query, key, value, attn_mask, output, is_causal, scale):
    """The three gradients as Tensors, the logsumexp computed again from the inputs (what the formula shows; the
    node itself reads the one its forward kept)."""
    arrays = [None if t is None else t._data for t in (grad, query, key, value, attn_mask)]
    lse = flash_attention_arrays(*arrays[1:], is_causal, scale)[1]
    grads = flash_attention_backward_arrays(*arrays, output._data, lse, is_causal, scale, (True,) * 3)
    return tuple(wrap(g) for g in grads)


class ScaledDotProductFlashAttentionForCpu(Op):
    """result = softmax(query @ key.T * scale + attn_mask) @ value, row by row (also kept: the logsumexp of each
    row's scores, 0 for a row that is all -inf)"""

    node_name = "ScaledDotProductFlashAttentionForCpuBackward0"
    formula = {name: f"flash_attention_backward(grad, query, key, value, attn_mask, result, is_causal, "
                     f"softmax_scale)[{i}]" for i, name in enumerate(("query", "key", "value"))}  # fmt: skip
    saved_names = ("query", "key", "value", "attn_mask", "output", "logsumexp")
    saved_values = {"dropout_p": "dropout_p", "is_causal": "is_causal", "scale": "scale"}

    @staticmethod
    def forward(ctx, query, key, value, *, attn_mask, is_causal, scale, softmax_scale):
        ctx.dropout_p, ctx.is_causal, ctx.scale, ctx.softmax_scale = 0.0, is_causal, scale, softmax_scale
        mask = None if attn_mask is None else attn_mask._data
        out, lse = flash_attention_arrays(query._data, key._data, value._data, mask, is_causal, softmax_scale)
        output = wrap(out)
        # torch's second output, which does not require grad: kept for backward like an input
        ctx._save((query, key, value, attn_mask, output, wrap(lse)))
        return output

    @staticmethod
    def backward(ctx, grads, F):
        if grads[0] is None:
            return (None,) * 3
        if F is ARRAYS:
            q, k, v, mask, out, lse = ctx._unpack_arrays()
            return flash_attention_backward_arrays(grads[0], q, k, v, mask, out, lse, ctx.is_causal,
                                                   ctx.softmax_scale, ctx._needs())  # fmt: skip
        saved = ctx._unpack()  # on Tensors (create_graph=True): the same numbers, whose own backward torch lacks
        q, k, v, mask, out, lse = [None if t is None else t._data for t in saved]
        arrays = flash_attention_backward_arrays(grads[0]._data, q, k, v, mask, out, lse, ctx.is_causal,
                                                 ctx.softmax_scale, ctx._needs())  # fmt: skip
        inputs = (grads[0], *saved[:3], saved[4], saved[5])
        name = "aten::_scaled_dot_product_flash_attention_for_cpu_backward"
        return tuple(None if g is None else record_not_implemented(wrap(g), inputs, name) for g in arrays)


ScaledDotProductFlashAttentionForCpu._saves_result = True  # it saves its output ("output", not "result")
