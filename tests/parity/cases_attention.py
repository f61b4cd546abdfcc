"""Parity cases for attention and the transformer modules: ``F.scaled_dot_product_attention`` (the CPU flash kernel's
node and the math path's graph), ``F.multi_head_attention_forward`` and ``nn.MultiheadAttention``, the
``nn.Transformer*`` modules and the code of PyTorch's "Language Modeling with nn.Transformer" tutorial and nanoGPT:
values, grad_fn names, edges, saved values, gradients, printouts, state_dict keys, warnings and torch's errors.
torch's flash kernel computes its exponentials and sums in its own order, so float32 values from it are printed
rounded to 4 decimals."""

from parity.cases import attempts, case

_QKV = """
torch.manual_seed(0)
q = torch.randn(2, 2, 3, 4, requires_grad=True)
k = torch.randn(2, 2, 5, 4, requires_grad=True)
v = torch.randn(2, 2, 5, 4, requires_grad=True)
weights = torch.arange(1., 5.)
def r(t, decimals=4):
    return torch.round(t, decimals=decimals)
"""

# ---------------------------------------------------------------------------------------------------------
# scaled_dot_product_attention
# ---------------------------------------------------------------------------------------------------------
case(
    "api_attention_sdpa_flash",
    [_QKV, """
    o = F.scaled_dot_product_attention(q, k, v)
    print(r(o[1]), o.grad_fn.name(), nf(o), o.shape, o.stride())
    g = o.grad_fn
    print(g._saved_scale, g._saved_dropout_p, g._saved_is_causal, g._saved_attn_mask, r(g._saved_logsumexp))
    print(g._saved_query is q, g._saved_output is o, torch.equal(g._saved_output, o))
    (o * weights).sum().backward()
    print(r(q.grad[0]), r(k.grad[1]), r(v.grad[0]))
    mask = torch.tensor([[True, True, False, False, True], [False] * 5, [True] * 5])
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=0.3)
    print(r(o[0]), o.grad_fn._saved_attn_mask, r(o.grad_fn._saved_logsumexp), o.grad_fn._saved_scale)
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=torch.randn(2, 1, 3, 5))
    print(r(o[1, 0]), o.grad_fn.name())
    o = F.scaled_dot_product_attention(q, q, q, is_causal=True)
    q.grad = None
    (o * weights).sum().backward()
    print(r(o[0, 1]), r(q.grad[1, 0]))
    print(r(F.scaled_dot_product_attention(q[:, :, :2], k, v, is_causal=True)[0, 0]))
    x = torch.randn(2, 4, 3, 4).transpose(1, 2)
    o = F.scaled_dot_product_attention(x, x, x)
    print(o.stride(), r(o[0, 0]))
    o = F.scaled_dot_product_attention(q.double(), q.double(), q.double(), attn_mask=mask[:, :3], scale=-0.5)
    print(o.dtype, o[1, 1], o.grad_fn.name(), nf(o))
    kv = torch.randn(1, 1, 5, 4, requires_grad=True)
    o = F.scaled_dot_product_attention(q[:1], kv, kv, enable_gqa=True)
    o.sum().backward()
    print(r(o[0, 1]), o.grad_fn.name(), r(kv.grad))
    with torch.no_grad():
        print(F.scaled_dot_product_attention(q, k, v).grad_fn)
    """],
)
case(
    "api_attention_sdpa_math",
    [_QKV, """
    x = torch.randn(3, 4, 4, requires_grad=True)
    o = F.scaled_dot_product_attention(x, x, x, is_causal=True)
    print(o[0], o.grad_fn.name())
    show_graph(o)
    (o * weights).sum().backward()
    print(x.grad[1])
    m = torch.randn(4, 4)
    o = F.scaled_dot_product_attention(x[0], x[1], x[2], attn_mask=m)
    print(o)
    show_graph(o)
    print(o.grad_fn.next_functions[0][0]._saved_dim, o.grad_fn.next_functions[0][0]._saved_result.shape)
    mask = torch.tensor([[True, False, True, True], [False] * 4, [True] * 4, [False, True, False, False]])
    x.grad = None
    o = F.scaled_dot_product_attention(x, x, x, attn_mask=mask)
    o.sum().backward()
    print(o[2], x.grad[2])
    torch.manual_seed(1)
    o = F.scaled_dot_product_attention(q, k, v, dropout_p=0.4)
    print(o[0, 1], o.grad_fn.name(), nf(o))
    print(F.scaled_dot_product_attention(q, k, v, dropout_p=1.0)[0, 0])
    o = F.scaled_dot_product_attention(q, k, v[..., :3])
    print(o.shape, o.grad_fn.name())
    o = F.scaled_dot_product_attention(q, k, v, attn_mask=torch.zeros(3, 5, requires_grad=True))
    print(o.grad_fn.name(), nf(o))
    o = F.scaled_dot_product_attention(q.unsqueeze(0), q.unsqueeze(0), q.unsqueeze(0), scale=-0.5)
    print(o.shape, o[0, 1, 1], o.grad_fn.name())
    """],
)
attempts(
    "api_attention_sdpa_errors",
    [_QKV],
    "F.scaled_dot_product_attention(q, k, v.double())",
    "F.scaled_dot_product_attention(q[0, 0, 0], k[0, 0, 0], v[0, 0, 0])",
    "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(3, 5, dtype=torch.long))",
    "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(3, 5, dtype=torch.float64))",
    "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(3, 4))",
    "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(5))",
    "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(1, 2, 2, 3, 5))",
    "F.scaled_dot_product_attention(q[0], k[0], v[0], attn_mask=torch.zeros(3, 5), is_causal=True)",
    "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.zeros(3, 5), is_causal=True).shape",
    "F.scaled_dot_product_attention(q, k, v, dropout_p=1.5)",
    "F.scaled_dot_product_attention(q, k, v, dropout_p=-0.1)",
    "F.scaled_dot_product_attention(q, k[..., :3], v)",
    "F.scaled_dot_product_attention(q.long(), k.long(), v.long())",
    "F.scaled_dot_product_attention([1.0], k, v)",
    "F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True).shape",
    "torch.autograd.grad(torch.autograd.grad(F.scaled_dot_product_attention(q, k, v).sum(), q, "
    "create_graph=True)[0].sum(), q)",
)
case(
    "api_attention_sdpa_nanogpt",
    ["""
    import math
    torch.manual_seed(0)
    class CausalSelfAttention(nn.Module):
        def __init__(self, n_embd=8, n_head=2, dropout=0.0, bias=True):
            super().__init__()
            self.c_attn = nn.Linear(n_embd, 3 * n_embd, bias=bias)
            self.c_proj = nn.Linear(n_embd, n_embd, bias=bias)
            self.attn_dropout = nn.Dropout(dropout)
            self.resid_dropout = nn.Dropout(dropout)
            self.n_head, self.n_embd, self.dropout = n_head, n_embd, dropout
            self.flash = hasattr(torch.nn.functional, 'scaled_dot_product_attention')
        def forward(self, x):
            B, T, C = x.size()
            q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
            k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
            q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
            v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
            if self.flash:
                y = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=None,
                    dropout_p=self.dropout if self.training else 0, is_causal=True)
            else:
                att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
                att = att.masked_fill(torch.tril(torch.ones(T, T)).view(1, 1, T, T) == 0, float('-inf'))
                y = F.softmax(att, dim=-1) @ v
            y = y.transpose(1, 2).contiguous().view(B, T, C)
            return self.resid_dropout(self.c_proj(y))
    attn = CausalSelfAttention()
    x = torch.randn(2, 5, 8)
    y = attn(x)
    print(attn.flash, torch.round(y[0], decimals=4), y.grad_fn.name())
    (y * torch.arange(8.)).sum().backward()
    print(torch.round(attn.c_attn.weight.grad[:3], decimals=3), torch.round(attn.c_proj.bias.grad, decimals=3))
    attn.flash = False
    print(torch.allclose(attn(x), y, atol=1e-6))
    attn.flash, attn.dropout = True, 0.3
    torch.manual_seed(2)
    print(torch.round(attn(x)[1], decimals=4))
    attn.eval()
    print(torch.allclose(attn(x), y, atol=1e-6))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# MultiheadAttention and multi_head_attention_forward
# ---------------------------------------------------------------------------------------------------------
_MHA = """
torch.manual_seed(0)
def r(t, decimals=4):
    return torch.round(t, decimals=decimals)
"""
case(
    "api_attention_mha_module",
    [_MHA, """
    m = nn.MultiheadAttention(4, 2)
    print(m)
    print(list(m.state_dict()), [(n, tuple(p.shape)) for n, p in m.named_parameters()])
    print(m.in_proj_weight, m.in_proj_bias, m.out_proj.weight, m.out_proj.bias)
    print(m.embed_dim, m.num_heads, m.head_dim, m.dropout, m.batch_first, m.kdim, m.vdim, m._qkv_same_embed_dim)
    print(m.bias_k, m.bias_v, m.add_zero_attn, m.q_proj_weight, type(m.out_proj).__name__)
    m = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, bias=False, add_bias_kv=True, dropout=0.1)
    print(m)
    print(list(m.state_dict()), m.in_proj_weight, m.in_proj_bias, m.out_proj.bias)
    print(m.q_proj_weight, m.k_proj_weight, m.bias_k, m.bias_v)
    m2 = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, bias=False, add_bias_kv=True)
    print(m2.load_state_dict(m.state_dict()), sum(p.numel() for p in m2.parameters()))
    print(nn.MultiheadAttention(6, 3, batch_first=True, dtype=torch.float64).in_proj_weight.dtype)
    """],
)
case(
    "api_attention_mha_forward",
    [_MHA, """
    m = nn.MultiheadAttention(4, 2)
    x = torch.randn(3, 2, 4, requires_grad=True)
    out, w = m(x, x, x)
    print(out, w, out.grad_fn.name(), w.grad_fn.name())
    show_graph(out)
    (out.sum() + (w * torch.arange(9.).reshape(3, 3)).sum()).backward()
    print(x.grad, m.in_proj_weight.grad[:4], m.out_proj.bias.grad)
    out, w = m(x, x, x, need_weights=False)
    print(r(out), w)
    show_graph(out)
    out, w = m(x, x, x, average_attn_weights=False)
    print(w.shape, w[1])
    mem = torch.randn(5, 2, 4)
    out, w = m(x, mem, mem)
    print(out, w)
    show_graph(out)
    out, w = m(x, mem, torch.randn(5, 2, 4))
    print(out[0], w[0])
    out, w = m(x[:, 0], x[:, 0], x[:, 0])
    print(out, w)
    kpm = torch.tensor([[False, False, True], [False, False, False]])
    am = torch.triu(torch.ones(3, 3, dtype=torch.bool), 1)
    out, w = m(x, x, x, key_padding_mask=kpm, attn_mask=am)
    print(out, w)
    out, w = m(x, x, x, key_padding_mask=kpm, attn_mask=am, need_weights=False)
    print(r(out))
    out, w = m(x, x, x, attn_mask=torch.randn(4, 3, 3))
    print(out, w)
    causal = nn.Transformer.generate_square_subsequent_mask(3)
    out, w = m(x, x, x, attn_mask=causal, is_causal=True, need_weights=False)
    print(r(out), out.grad_fn.name())
    out, w = m(x, x, x, attn_mask=causal, is_causal=True)
    print(out[2], w[1])
    out, w = m(x, x, x, key_padding_mask=torch.zeros(2, 3), attn_mask=torch.zeros(3, 3, dtype=torch.bool))
    print(out[0])
    """],
)
case(
    "api_attention_mha_variants",
    [_MHA, """
    m = nn.MultiheadAttention(4, 2, batch_first=True)
    x = torch.randn(2, 3, 4)
    out, w = m(x, x, x)
    print(out, out.is_contiguous(), w)
    m.eval()
    out, w = m(x, x, x)
    print(out.is_contiguous())
    with torch.no_grad():
        out, w = m(x, x, x, key_padding_mask=torch.tensor([[False, False, True], [False, False, False]]))
        print(out, out.is_contiguous(), w)
        print(m(x, x, x, need_weights=False))
    m = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, add_bias_kv=True, add_zero_attn=True)
    q, key, value = torch.randn(2, 1, 4), torch.randn(6, 1, 3), torch.randn(6, 1, 5)
    out, w = m(q, key, value, key_padding_mask=torch.tensor([[False] * 5 + [True]]))
    print(out, w)
    m = nn.MultiheadAttention(4, 2, dropout=0.5, bias=False)
    x = torch.randn(3, 2, 4)
    out, w = m(x, x, x)
    print(out, w)
    print(r(m(x, x, x, need_weights=False)[0]))
    m.eval()
    print(m(x, x, x)[1])
    m = nn.MultiheadAttention(4, 2).double()
    x = torch.randn(3, 2, 4, dtype=torch.float64)
    print(m(x, x, x)[0][0])
    out, w = F.multi_head_attention_forward(x, x, x, 4, 2, m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0,
                                            m.out_proj.weight, m.out_proj.bias, training=False)
    print(out[0], w[0])
    """],
)
_MHA_ERRORS = _MHA + """
m = nn.MultiheadAttention(4, 2)
x = torch.randn(3, 2, 4)
"""
attempts(
    "api_attention_mha_errors",
    [_MHA_ERRORS],
    "nn.MultiheadAttention(5, 2)",
    "nn.MultiheadAttention(4, 0)",
    "nn.MultiheadAttention(-4, 2)",
    "m(torch.randn(3, 2, 5), torch.randn(3, 2, 5), torch.randn(3, 2, 5))",
    "m(torch.randn(3, 2, 2, 4), torch.randn(3, 2, 2, 4), torch.randn(3, 2, 2, 4))",
    "m(x, torch.randn(5, 4), torch.randn(5, 4))",
    "m(x[:, 0], torch.randn(5, 2, 4), torch.randn(5, 2, 4))",
    "m(x, torch.randn(5, 2, 4), torch.randn(4, 2, 4))",
    "m(x, x, x, attn_mask=torch.randn(2, 3, 3))",
    "m(x, x, x, attn_mask=torch.randn(3, 4))",
    "m(x, x, x, attn_mask=torch.randn(1, 4, 3, 3))",
    "m(x[:, 0], x[:, 0], x[:, 0], attn_mask=torch.randn(3, 3, 3))",
    "m(x, x, x, attn_mask=torch.ones(3, 3, dtype=torch.long))",
    "m(x, x, x, key_padding_mask=torch.ones(2, 3, dtype=torch.long))",
    "m(x, x, x, key_padding_mask=torch.zeros(2, 4, dtype=torch.bool))",
    "m(x, x, x, key_padding_mask=torch.zeros(3, 3, dtype=torch.bool))",
    "m(x, x, x, key_padding_mask=torch.zeros(3, dtype=torch.bool))",
    "m(x, x, x, is_causal=True)",
    "m(x.double(), x.double(), x.double())",
    "F.multi_head_attention_forward(x, x, x, 6, 2, m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0, "
    "m.out_proj.weight, m.out_proj.bias)",
    "F.multi_head_attention_forward(x, x, x, 4, 3, m.in_proj_weight, None, None, None, False, 0.0, "
    "m.out_proj.weight, None)",
    "F.multi_head_attention_forward(x, x, x, 4, 2, None, None, None, None, False, 0.0, m.out_proj.weight, None)",
    "F.multi_head_attention_forward(x, x, x, 4, 2, m.in_proj_weight, None, m.in_proj_bias[:4].view(1, 1, 4), None, "
    "False, 0.0, m.out_proj.weight, None)",
)

# ---------------------------------------------------------------------------------------------------------
# Transformer modules
# ---------------------------------------------------------------------------------------------------------
_LAYERS = """
torch.manual_seed(0)
def r(t, decimals=4):
    return torch.round(t, decimals=decimals)
weights = torch.arange(1., 5.)
"""
case(
    "api_transformer_encoder_layer",
    [_LAYERS, """
    layer = nn.TransformerEncoderLayer(d_model=4, nhead=2, dim_feedforward=6)
    print(layer)
    print(list(layer.state_dict()))
    print(layer.linear1.weight, layer.self_attn.out_proj.weight, layer.activation is F.relu,
          layer.activation_relu_or_gelu, layer.norm_first)
    x = torch.randn(3, 2, 4)
    y = layer(x)
    print(y, y.grad_fn.name())
    (y * weights).sum().backward()
    print(r(layer.linear1.weight.grad), r(layer.self_attn.in_proj_weight.grad[:4]))
    layer.eval()
    print(layer(x))
    causal = nn.Transformer.generate_square_subsequent_mask(3)
    print(r(layer(x, src_mask=causal)), r(layer(x, src_mask=causal, is_causal=True)))
    print(r(layer(x[:, 0])), r(layer(x, src_key_padding_mask=torch.tensor([[False, False, True], [False] * 3]))))
    print(r(layer(x, src_mask=torch.zeros(3, 3), src_key_padding_mask=torch.zeros(2, 3, dtype=torch.bool))))
    gelu = nn.TransformerEncoderLayer(4, 2, 6, activation="gelu", batch_first=True, norm_first=True, dropout=0.0)
    print(gelu.activation is F.gelu, gelu.activation_relu_or_gelu)
    y = gelu(x.transpose(0, 1).contiguous())
    print(y)
    show_graph(y)
    module_act = nn.TransformerEncoderLayer(4, 2, 6, activation=nn.GELU(), bias=False, layer_norm_eps=1e-3)
    print(module_act, module_act.activation_relu_or_gelu)
    with torch.no_grad():
        layer = nn.TransformerEncoderLayer(4, 2, 6, batch_first=True).eval()
        print(r(layer(x.transpose(0, 1), src_key_padding_mask=torch.tensor([[False, False, True], [False] * 3]))))
    """],
)
case(
    "api_transformer_encoder",
    [_LAYERS, """
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6), num_layers=2)
    print(encoder.use_nested_tensor, encoder.enable_nested_tensor, encoder.num_layers, encoder.norm)
    print(list(encoder.state_dict())[:6], len(encoder.state_dict()))
    print(encoder.layers[0].linear1.weight is encoder.layers[1].linear1.weight,
          torch.equal(encoder.layers[0].linear1.weight, encoder.layers[1].linear1.weight))
    x = torch.randn(3, 2, 4)
    causal = nn.Transformer.generate_square_subsequent_mask(3)
    torch.manual_seed(1)
    print(r(encoder(x, causal)))
    encoder.eval()
    print(r(encoder(x, causal)), torch.allclose(encoder(x, causal), encoder(x, causal, is_causal=True)))
    for layer in (nn.TransformerEncoderLayer(3, 1, 6, batch_first=True),
                  nn.TransformerEncoderLayer(4, 2, 6, batch_first=True, norm_first=True),
                  nn.TransformerEncoderLayer(4, 2, 6, batch_first=True, activation=torch.tanh),
                  nn.TransformerEncoderLayer(4, 2, 6, batch_first=True, bias=False)):
        print(nn.TransformerEncoder(layer, 1).use_nested_tensor)
    print(nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6), 1, enable_nested_tensor=False).use_nested_tensor)
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, batch_first=True), 2, norm=nn.LayerNorm(4))
    print(encoder, encoder.use_nested_tensor)
    encoder.eval()
    x = torch.randn(2, 3, 4)
    kpm = torch.tensor([[False, False, True], [False, False, False]])
    with torch.no_grad():
        print(r(encoder(x, src_key_padding_mask=kpm)))
        print(r(encoder(x, src_key_padding_mask=torch.tensor([[True, False, False], [False, False, False]]))))
    print(r(encoder(x, src_key_padding_mask=kpm)))
    """],
    fresh_process=True,  # torch's nested-tensor warnings are once per process
)
case(
    "api_transformer_decoder",
    [_LAYERS, """
    layer = nn.TransformerDecoderLayer(d_model=4, nhead=2, dim_feedforward=6, dropout=0.0)
    print(layer, list(layer.state_dict())[:8])
    tgt, memory = torch.randn(3, 2, 4), torch.randn(5, 2, 4)
    causal = nn.Transformer.generate_square_subsequent_mask(3)
    y = layer(tgt, memory, tgt_mask=causal)
    print(y, y.grad_fn.name())
    (y * weights).sum().backward()
    print(r(layer.multihead_attn.in_proj_weight.grad[:4]), r(layer.linear2.bias.grad))
    print(r(layer(tgt, memory, tgt_mask=causal, tgt_is_causal=True)))
    mkpm = torch.tensor([[False] * 4 + [True], [False] * 5])
    print(r(layer(tgt, memory, memory_key_padding_mask=mkpm, tgt_key_padding_mask=torch.tensor([[False] * 2 + [True],
          [False] * 3]))))
    first = nn.TransformerDecoderLayer(4, 2, 6, dropout=0.0, norm_first=True, activation="gelu")
    y = first(tgt, memory, tgt_mask=causal)
    print(y)
    show_graph(y)
    decoder = nn.TransformerDecoder(layer, num_layers=2, norm=nn.LayerNorm(4))
    print(decoder, decoder.num_layers)
    print(r(decoder(tgt, memory, tgt_mask=causal)), r(decoder(tgt[:, 0], memory[:, 0])))
    """],
)
case(
    "api_transformer_model",
    [_LAYERS, """
    print(nn.Transformer.generate_square_subsequent_mask(4), nn.Transformer.generate_square_subsequent_mask(0))
    print(nn.Transformer.generate_square_subsequent_mask(2, dtype=torch.float64))
    t = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=6)
    print(t)
    print(list(t.state_dict())[:5], len(t.state_dict()), sum(p.numel() for p in t.parameters()))
    print(t.d_model, t.nhead, t.batch_first, t.encoder.layers[0].self_attn.out_proj.weight, t.decoder.norm.weight)
    src, tgt = torch.randn(5, 2, 4), torch.randn(3, 2, 4)
    torch.manual_seed(3)
    y = t(src, tgt, tgt_mask=t.generate_square_subsequent_mask(3))
    print(r(y), y.grad_fn.name())
    (y * weights).sum().backward()
    print(r(t.encoder.layers[0].linear1.weight.grad))
    t.eval()
    print(t.training, t.encoder.layers[0].dropout.training, t.decoder.layers[0].self_attn.training)
    print(r(t(src, tgt)), r(t(src[:, 0], tgt[:, 0])))
    tb = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=6,
                        batch_first=True).eval()
    pad = torch.tensor([[False] * 4 + [True], [False] * 5])
    with torch.no_grad():
        print(r(tb(src.transpose(0, 1), tgt.transpose(0, 1), src_key_padding_mask=pad, memory_key_padding_mask=pad)))
    encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6), 1, enable_nested_tensor=False)
    custom = nn.Transformer(d_model=4, nhead=2, custom_encoder=encoder, num_decoder_layers=1, dim_feedforward=6)
    print(custom.encoder is encoder, len(custom.decoder.layers))
    """],
    fresh_process=True,  # torch's nested-tensor warnings are once per process
)
attempts(
    "api_transformer_errors",
    [_LAYERS, """
t = nn.Transformer(d_model=4, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=6)
layer = nn.TransformerEncoderLayer(4, 2, 6)
"""],
    "t(torch.randn(5, 2, 4), torch.randn(3, 3, 4))",
    "t(torch.randn(5, 2, 4), torch.randn(3, 2, 6))",
    "nn.Transformer(d_model=6, nhead=4)",
    "nn.TransformerEncoderLayer(4, 2, 6, activation='tanh')",
    "layer(torch.randn(3, 2, 4), src_mask=torch.ones(3, 3, dtype=torch.long))",
    "layer(torch.randn(3, 2, 4), src_mask=torch.zeros(3, 4))",
    "layer(torch.randn(3, 2, 5))",
    "nn.TransformerEncoder(layer, 2)(torch.randn(3, 2, 4), src_key_padding_mask=torch.ones(2, 3, dtype=torch.int32))",
    "nn.TransformerDecoderLayer(4, 2, 6)(torch.randn(3, 2, 4), torch.randn(5, 3, 4))",
)
case(
    "api_transformer_tutorial",
    ["""
    import math
    torch.manual_seed(0)
    class PositionalEncoding(nn.Module):
        def __init__(self, d_model, dropout=0.1, max_len=50):
            super().__init__()
            self.dropout = nn.Dropout(p=dropout)
            position = torch.arange(max_len).unsqueeze(1)
            div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
            pe = torch.zeros(max_len, 1, d_model)
            pe[:, 0, 0::2] = torch.sin(position * div_term)
            pe[:, 0, 1::2] = torch.cos(position * div_term)
            self.register_buffer('pe', pe)
        def forward(self, x):
            x = x + self.pe[:x.size(0)]
            return self.dropout(x)
    class TransformerModel(nn.Module):
        def __init__(self, ntoken, d_model, nhead, d_hid, nlayers, dropout=0.5):
            super().__init__()
            self.model_type = 'Transformer'
            self.pos_encoder = PositionalEncoding(d_model, dropout)
            encoder_layers = nn.TransformerEncoderLayer(d_model, nhead, d_hid, dropout)
            self.transformer_encoder = nn.TransformerEncoder(encoder_layers, nlayers)
            self.embedding = nn.Embedding(ntoken, d_model)
            self.d_model = d_model
            self.linear = nn.Linear(d_model, ntoken)
            self.init_weights()
        def init_weights(self):
            initrange = 0.1
            self.embedding.weight.data.uniform_(-initrange, initrange)
            self.linear.bias.data.zero_()
            self.linear.weight.data.uniform_(-initrange, initrange)
        def forward(self, src, src_mask=None):
            src = self.embedding(src) * math.sqrt(self.d_model)
            src = self.pos_encoder(src)
            if src_mask is None:
                src_mask = nn.Transformer.generate_square_subsequent_mask(len(src))
            output = self.transformer_encoder(src, src_mask)
            return self.linear(output)
    ntokens = 11
    model = TransformerModel(ntokens, 8, 2, 16, 2, 0.2)
    print(model)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=5.0)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 1.0, gamma=0.95)
    data, targets = torch.randint(0, ntokens, (6, 3)), torch.randint(0, ntokens, (18,))
    model.train()
    for step in range(3):
        output = model(data)
        loss = criterion(output.view(-1, ntokens), targets)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5)
        optimizer.step()
        print(step, round(loss.item(), 3), scheduler.get_last_lr())
    scheduler.step()
    model.eval()
    with torch.no_grad():
        output = model(data)
        print(round(criterion(output.view(-1, ntokens), targets).item(), 3), torch.round(output[0, 0, :4], decimals=3))
    """],
)
