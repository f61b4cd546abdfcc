"""``scaled_dot_product_attention`` as torch runs it on CPU: its checks, then the fused flash kernel when the inputs
suit it (4-D, no dropout, one head size, ...: ScaledDotProductFlashAttentionForCpuBackward0), else the math path,
composed of ordinary ops in torch's order (MulBackward1, matmul's nodes, SafeSoftmaxBackward0, dropout's
MulBackward0)."""

import math

import numpy as np

from ..arguments import must_be_tensor
from ..ops.attention import SafeSoftmax, ScaledDotProductFlashAttentionForCpu
from ..ops.elementwise import MulScalar
from ..tensor import Tensor
from .dropout import dropout

_FLASH_DTYPES = ("float32", "float64", "float16", "bfloat16")


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, *,
                                 enable_gqa=False):  # fmt: skip
    """Mirror ``torch.nn.functional.scaled_dot_product_attention``: ``softmax(query @ key.T * scale + mask) @ value``
    (``scale`` 1 / sqrt(E) by default; a bool ``attn_mask`` says which positions take part, a float one is added;
    ``is_causal``: each query sees the keys up to its own position), with dropout on the weights. Recorded as torch
    records it on CPU: the flash kernel's one node, or the math path's ops."""
    for position, (name, t) in enumerate((("query", query), ("key", key), ("value", value)), 1):
        if not isinstance(t, Tensor):
            raise must_be_tensor("scaled_dot_product_attention", name, position, t)
    _validate(query, key, value, attn_mask)
    if _flash_suits(query, key, value, attn_mask, dropout_p, enable_gqa):
        if dropout_p != 0.0:
            raise RuntimeError("scaled_dot_product_attention_flash_attention: Currently do not support dropout > 0")
        mask = _float_mask(attn_mask, query.dtype)
        softmax_scale = 1.0 / math.sqrt(query.shape[-1]) if scale is None else scale
        return ScaledDotProductFlashAttentionForCpu.apply(query, key, value, attn_mask=mask, is_causal=bool(is_causal),
                                                          scale=scale, softmax_scale=softmax_scale)  # fmt: skip
    return _math(query, key, value, _float_mask(attn_mask, query.dtype), dropout_p, is_causal, scale, enable_gqa)


def _validate(query, key, value, attn_mask):
    """torch's ``validate_sdpa_input``."""
    if not query.dtype == key.dtype == value.dtype:
        raise RuntimeError(
            f"Expected query, key, and value to have the same dtype, but got query.dtype: {query.dtype.c_name} "
            f"key.dtype: {key.dtype.c_name} and value.dtype: {value.dtype.c_name} instead."
        )
    if query.ndim < 2 or key.ndim < 2 or value.ndim < 2:
        raise RuntimeError(
            f"Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: {query.ndim} "
            f"key.dim: {key.ndim} and value.dim: {value.ndim} instead."
        )
    if attn_mask is not None and attn_mask.dtype.name not in ("bool", "float32", query.dtype.name):
        raise RuntimeError(
            "Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: "
            f"{attn_mask.dtype.c_name} and  query.dtype: {query.dtype.c_name} instead."
        )


def _flash_suits(query, key, value, attn_mask, dropout_p, enable_gqa):
    """torch's ``use_flash_attention_cpp``: whether the CPU flash kernel takes these inputs."""
    if dropout_p > 0.0 or not query.ndim == key.ndim == value.ndim == 4:
        return False
    (B, H, L, E), (Bk, Hk, S, Ek), (Bv, Hv, _, Ev) = query.shape, key.shape, value.shape
    heads_fit = Hk == Hv and (H % Hk == 0 if enable_gqa and Hk else H == Hk)
    if not (B == Bk == Bv and heads_fit and _mask_suits(attn_mask, B, H, L, S)):
        return False
    if not (E == Ek == Ev and L > 0 and S > 0 and all(t.stride(-1) == 1 for t in (query, key, value))):
        return False
    return query.dtype.name in _FLASH_DTYPES


def _mask_suits(mask, B, H, L, S):
    """torch's ``check_attn_mask_shape``: 2-D, or 4-D broadcasting over batch and heads, and no gradient wanted."""
    if mask is None:
        return True
    if mask.requires_grad:
        return False
    if mask.size(-2) not in (L, 1) or mask.size(-1) not in (S, 1):
        return False
    return mask.ndim == 2 or (mask.ndim == 4 and mask.shape[0] in (1, B) and mask.shape[1] in (1, H))


def _float_mask(mask, dtype):
    """torch's ``convert_boolean_attn_mask``: a bool mask as 0 where True and -inf where False."""
    if mask is None or mask.dtype.name != "bool":
        return mask
    return Tensor._wrap(np.where(mask._data, 0, -np.inf).astype(dtype.np))


def _math(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa):
    """torch's ``_scaled_dot_product_attention_math``: ``query`` and ``key`` each scaled by the square root of the
    scale, their product plus the mask, ``_safe_softmax``, dropout, then times ``value``."""
    negative = scale is not None and scale < 0
    factor = math.sqrt(1.0 / math.sqrt(query.shape[-1]) if scale is None else abs(scale))
    q = MulScalar.apply(query, other=0.0 - factor if negative else factor)
    if is_causal:
        if attn_mask is not None:
            raise RuntimeError(
                "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True"
            )
        L, S = q.shape[-2], key.shape[-2]
        attn_mask = _float_mask(Tensor._wrap(np.tril(np.ones((L, S), bool))), q.dtype)
    if enable_gqa:
        key, value = _grouped(query, key, value)
    attn = q.matmul(MulScalar.apply(key.transpose(-2, -1), other=factor))
    if attn_mask is not None:
        attn.add_(attn_mask)
    attn = SafeSoftmax.apply(attn, dim=-1)
    if dropout_p > 0.0:
        if dropout_p > 1:
            raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {dropout_p}")
        attn = dropout(attn, dropout_p, True)
    return attn.matmul(value)  # an integer value (the scores are floating by now): matmul's error


def _grouped(query, key, value):
    """torch's ``pre_process_group_query_attention_input``: each key and value head repeated for its group of query
    heads."""
    q_heads, k_heads, v_heads = query.size(-3), key.size(-3), value.size(-3)
    if q_heads % k_heads != 0 or q_heads % v_heads != 0:
        raise RuntimeError("Number of heads in key and value must divide the number of heads in ")  # sic, torch's
    if k_heads != q_heads:
        key = key.repeat_interleave(q_heads // k_heads, -3)
    if v_heads != q_heads:
        value = value.repeat_interleave(q_heads // v_heads, -3)
    return key, value
