"""Catalogue cases for attention (``scaled_dot_product_attention``'s flash kernel and its math path's
``_safe_softmax``); ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import REAL, Case, fixed

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.ops.attention import SafeSoftmax

_NO_FLASH_DOUBLE = "derivative for aten::_scaled_dot_product_flash_attention_for_cpu_backward is not implemented"


def _masked_scores(x):
    """Scores with a row that is all -inf: ``_safe_softmax`` gives 0 there (and no gradient)."""
    mask = torch.zeros(x.shape[-2:], dtype=x.dtype)
    mask[1] = float("-inf")
    return SafeSoftmax.apply(x + mask, dim=-1)


def _flash_masked(q, k, v):
    mask = torch.tensor([[True, False, True], [True, True, False]])
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)


def _flash_float_mask_scaled(q, k, v):
    mask = torch.tensor([[0.5, -1.0, 0.0], [0.25, 0.0, -2.0]], dtype=q.dtype)
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=0.3)


ATTENTION_CATALOGUE = [
    Case("safe_softmax", lambda x: SafeSoftmax.apply(x, dim=-1), fixed(((2, 3),), ((2, 3, 4),)), second_order=True),
    Case("safe_softmax_masked_row", _masked_scores, fixed(((2, 3, 4),)), second_order=True),
    Case("sdpa_math", lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
         fixed(((2, 3, 4), (2, 5, 4), (2, 5, 3)), ((3, 2), (4, 2), (4, 2))), (REAL,), second_order=True),  # fmt: skip
    Case("sdpa_flash", F.scaled_dot_product_attention, fixed(((1, 2, 3, 4), (1, 2, 5, 4), (1, 2, 5, 4))),
         no_double_backward=_NO_FLASH_DOUBLE),  # fmt: skip
    Case("sdpa_flash_causal", lambda q, k, v: F.scaled_dot_product_attention(q, k, v, is_causal=True),
         fixed(((2, 1, 4, 3), (2, 1, 3, 3), (2, 1, 3, 3))), no_double_backward=_NO_FLASH_DOUBLE),  # fmt: skip
    Case("sdpa_flash_masked", _flash_masked, fixed(((1, 2, 2, 4), (1, 2, 3, 4), (1, 2, 3, 4))),
         no_double_backward=_NO_FLASH_DOUBLE),  # fmt: skip
    Case("sdpa_flash_float_mask_scaled", _flash_float_mask_scaled, fixed(((2, 1, 2, 3), (2, 1, 3, 3), (2, 1, 3, 3))),
         no_double_backward=_NO_FLASH_DOUBLE),  # fmt: skip
    Case("sdpa_flash_gqa", lambda q, k, v: F.scaled_dot_product_attention(q, k, v, enable_gqa=True),
         fixed(((1, 4, 3, 2), (1, 2, 3, 2), (1, 2, 3, 2))), no_double_backward=_NO_FLASH_DOUBLE),  # fmt: skip
]
