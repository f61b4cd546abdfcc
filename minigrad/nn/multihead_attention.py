"""``nn.MultiheadAttention``: its parameters made and initialised as torch's (the packed ``in_proj_weight``, or one
weight each for query, key and value when their sizes differ; ``out_proj``), and its forward, which hands the
sequence-first inputs to ``multi_head_attention_forward``."""

from .. import creation
from ..autograd import grad_mode
from . import init
from .module import Module
from .modules import Linear
from .multi_head_attention_forward import _canonical_mask, _none_or_dtype, multi_head_attention_forward
from .parameter import Parameter


class NonDynamicallyQuantizableLinear(Linear):
    """Mirror ``torch.nn.modules.linear.NonDynamicallyQuantizableLinear``: a ``Linear`` (the class of
    ``MultiheadAttention.out_proj``, a name its repr shows)."""


class MultiheadAttention(Module):
    """Mirror ``torch.nn.MultiheadAttention``: attention from ``num_heads`` heads of ``embed_dim // num_heads``
    features each; returns the output and (``need_weights``) the attention weights."""

    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):  # fmt: skip
        if embed_dim <= 0 or num_heads <= 0:
            raise ValueError(f"embed_dim and num_heads must be greater than 0, got embed_dim={embed_dim} and "
                             f"num_heads={num_heads} instead")  # fmt: skip
        kwargs = {"device": device, "dtype": dtype}
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != self.embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(creation.empty((embed_dim, embed_dim), **kwargs))
            self.k_proj_weight = Parameter(creation.empty((embed_dim, self.kdim), **kwargs))
            self.v_proj_weight = Parameter(creation.empty((embed_dim, self.vdim), **kwargs))
            self.register_parameter("in_proj_weight", None)
        else:
            self.in_proj_weight = Parameter(creation.empty((3 * embed_dim, embed_dim), **kwargs))
            for name in ("q_proj_weight", "k_proj_weight", "v_proj_weight"):
                self.register_parameter(name, None)
        if bias:
            self.in_proj_bias = Parameter(creation.empty(3 * embed_dim, **kwargs))
        else:
            self.register_parameter("in_proj_bias", None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, **kwargs)
        if add_bias_kv:
            self.bias_k = Parameter(creation.empty((1, 1, embed_dim), **kwargs))
            self.bias_v = Parameter(creation.empty((1, 1, embed_dim), **kwargs))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self):
        """torch's order: the projection weights xavier-uniform, the biases 0, ``bias_k``/``bias_v`` xavier-normal
        (``out_proj.weight`` keeps ``Linear``'s initialisation)."""
        if self._qkv_same_embed_dim:
            init.xavier_uniform_(self.in_proj_weight)
        else:
            init.xavier_uniform_(self.q_proj_weight)
            init.xavier_uniform_(self.k_proj_weight)
            init.xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            init.constant_(self.in_proj_bias, 0.0)
            init.constant_(self.out_proj.bias, 0.0)
        if self.bias_k is not None:
            init.xavier_normal_(self.bias_k)
        if self.bias_v is not None:
            init.xavier_normal_(self.bias_v)

    def __setstate__(self, state):
        state.setdefault("_qkv_same_embed_dim", True)  # checkpoints of torch 1.1
        self.__dict__.update(state)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True, is_causal=False):  # fmt: skip
        """The attention output, (L, N, E) or (N, L, E) with ``batch_first``, and the weights (or None)."""
        is_batched = query.dim() == 3
        key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask", _none_or_dtype(attn_mask),
                                           "attn_mask", query.dtype)  # fmt: skip
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, check_other=False)
        if self.batch_first and is_batched:
            # the same transposed tensor for query, key and value keeps self-attention recognisable ("is")
            if key is value:
                if query is key:
                    query = key = value = query.transpose(1, 0)
                else:
                    query, key = (x.transpose(1, 0) for x in (query, key))
                    value = key
            else:
                query, key, value = (x.transpose(1, 0) for x in (query, key, value))
        fast = self._fast_path(query, key, value, is_batched)
        separate = {} if self._qkv_same_embed_dim else {
            "use_separate_proj_weight": True, "q_proj_weight": self.q_proj_weight,
            "k_proj_weight": self.k_proj_weight, "v_proj_weight": self.v_proj_weight}  # fmt: skip
        attn_output, weights = multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias, self.bias_k,
            self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=key_padding_mask, need_weights=need_weights,
            attn_mask=attn_mask, average_attn_weights=average_attn_weights, is_causal=is_causal, **separate,
        )  # fmt: skip
        if self.batch_first and is_batched:
            attn_output = attn_output.transpose(1, 0)
            if fast:  # torch's fused kernel writes a fresh batch-first output
                attn_output = attn_output.contiguous()
        return attn_output, weights

    def _fast_path(self, query, key, value, is_batched):
        """Whether torch would take its fused inference kernel here (the same numbers; its output is
        contiguous)."""
        params = (self.in_proj_weight, self.in_proj_bias, self.out_proj.weight, self.out_proj.bias)
        return (is_batched and query is key is value and self.in_proj_bias is not None
                and self.in_proj_weight is not None and query.dtype == self.in_proj_weight.dtype
                and query.dtype == self.in_proj_bias.dtype and not self.training and self.num_heads % 2 == 0
                and self.batch_first and self.bias_k is None and not self.add_zero_attn
                and not (grad_mode.is_grad_enabled() and any(t.requires_grad for t in (query, *params))))  # fmt: skip

    def merge_masks(self, attn_mask, key_padding_mask, query):
        """Mirror ``MultiheadAttention.merge_masks``: the masks as one mask and its type: the (N, S) padding mask
        alone (type 1), or the attention mask as (N, num_heads, L, L), plus the padding mask if given (type 2)."""
        mask_type = merged_mask = None
        if key_padding_mask is not None:
            mask_type, merged_mask = 1, key_padding_mask
        if attn_mask is not None:
            batch_size, seq_len, _ = query.shape
            mask_type = 2
            if attn_mask.dim() == 3:
                merged_mask = attn_mask.view(batch_size, -1, seq_len, seq_len)
            else:
                merged_mask = attn_mask.view(1, 1, seq_len, seq_len).expand(batch_size, self.num_heads, -1, -1)
            if key_padding_mask is not None:
                merged_mask = merged_mask + key_padding_mask.view(batch_size, 1, 1, seq_len).expand(
                    -1, self.num_heads, -1, -1)  # fmt: skip
        return merged_mask, mask_type
