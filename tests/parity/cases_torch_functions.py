"""Parity cases for torch.* functions that mirror torch.nn.functional or are older spellings (torch.dropout,
torch.embedding, torch.layer_norm, the rnn cells, chain_matmul, the removed linear-algebra functions' errors ...)."""

from parity.cases import ATTEMPT, LEAVES, attempts, case  # noqa: F401

_SEEDED = """
torch.manual_seed(0)
x = torch.randn(2, 3, 2, 2, requires_grad=True)
"""

# torch.dropout is what F.dropout calls: the same draws after the same seed, MulBackward0 (AddBackward0 for alpha)
case("api_torch_functions_dropout", [_SEEDED, """
torch.manual_seed(1)
a = torch.dropout(x, 0.5, True)
torch.manual_seed(1)
b = F.dropout(x, 0.5, True)
print(a, a.grad_fn.name(), torch.equal(a, b))
print(torch.dropout(x, 0.5, False) is x, torch.alpha_dropout(x, 0.2, False) is x)
torch.manual_seed(2)
print(torch.alpha_dropout(x, 0.3, True))
torch.manual_seed(3)
y = torch.feature_dropout(x, 0.5, True)
print(y, y.grad_fn.name())
torch.manual_seed(4)
z = torch.feature_alpha_dropout(x, 0.5, True)
print(z, z.grad_fn.name(), nf(z))
w = x.detach().clone()
torch.manual_seed(5)
print(torch.feature_dropout_(w, 0.5, True) is w, w)
torch.manual_seed(5)
print(torch.feature_alpha_dropout_(x.detach().clone(), 0.5, True))
""", ATTEMPT, """
attempt("missing", lambda: torch.dropout(x))
attempt("train int", lambda: torch.feature_dropout(x, 0.5, 1))
attempt("p", lambda: torch.alpha_dropout(x, 1.5, True))
attempt("feature 1-d", lambda: torch.feature_dropout(torch.ones(3), 0.5, True))
"""])

case("api_torch_functions_native_dropout", [_SEEDED, """
torch.manual_seed(1)
out, mask = torch.native_dropout(x, 0.5, True)
print(out, mask, out.grad_fn.name(), nf(out))
print(out.grad_fn._saved_p, torch.equal(out.grad_fn._saved_result1, mask))
out.backward(torch.arange(24.).reshape(x.shape))
print(x.grad)
out, mask = torch.native_dropout(x, 0.5, False)
print(out, mask.all(), out.grad_fn.name())
out, mask = torch.native_dropout(x.detach(), 0.25, None)
print(out.grad_fn, mask.dtype)
""", ATTEMPT, """
attempt("missing", lambda: torch.native_dropout(x, 0.5))
"""])

case("api_torch_functions_embedding", """
weight = torch.arange(15.).reshape(5, 3).requires_grad_()
idx = torch.tensor([[0, 2], [4, 2]])
out = torch.embedding(weight, idx)
report(out, weight)
weight.grad = None
out = torch.embedding(weight, idx, 2)
print(out.grad_fn.name(), out.grad_fn._saved_padding_idx)
out.sum().backward()
print(weight.grad)
weight.grad = None
torch.embedding(weight, idx, -1, True).sum().backward()
print(weight.grad)
table = torch.arange(15.).reshape(5, 3)
print(torch.embedding_renorm_(table, idx, 5.0, 2.0) is table, table)
try:
    torch.embedding(weight)
except TypeError as e:
    print(e)
try:
    torch.embedding(idx, weight)
except Exception as e:
    print(type(e).__name__, e)
""")

case("api_torch_functions_layer_norm", """
x = torch.tensor([[1., -2., 3., 0.5], [4., -1., 2., 2.]], requires_grad=True)
w = torch.tensor([1., 2., 0.5, -1.], requires_grad=True)
out = torch.layer_norm(x, [4], w, None, 1e-5, True)
report(out, x, w)
out, mean, rstd = torch.native_layer_norm(x, (4,), None, None, 1e-5)
print(out, mean, rstd, out.grad_fn.name(), mean.grad_fn, torch.equal(rstd, out.grad_fn._saved_result2))
print(torch.layer_norm(x.detach().double(), (2, 4)))
try:
    torch.native_layer_norm(x, [4])
except TypeError as e:
    print(e)
""")

case("api_torch_functions_native_batch_norm", """
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.], [2., 2., 0.]], requires_grad=True)
rm, rv = torch.zeros(3), torch.ones(3)
out, mean, invstd = torch.native_batch_norm(x, None, None, rm, rv, True, 0.1, 1e-5)
print(out, mean, invstd, rm, rv, out.grad_fn.name(), mean.requires_grad)
out.backward(torch.arange(9.).reshape(3, 3))
print(x.grad)
out, mean, invstd = torch.native_batch_norm(x, torch.ones(3), torch.zeros(3), rm, rv, False, 0.1, 1e-5)
print(out, mean, invstd)
print(torch.native_batch_norm(x.detach(), None, None, None, None, True, 0.1, 1e-5))
print(torch.native_batch_norm(x.detach(), None, None, rm, rv, False, 0.1, 1e-5)[1:])
""")

case("api_torch_functions_celu_selu", [LEAVES, """
report(torch.celu(x), x)
x.grad = None
report(torch.celu(x, 2.0), x)
x.grad = None
report(torch.selu(x), x)
""", ATTEMPT, """
attempt("selu int", lambda: torch.selu(torch.tensor([1, 2])))
attempt("celu str", lambda: torch.celu(x, "a"))
attempt("selu extra", lambda: torch.selu(x, 1.0))
"""])

case("api_torch_functions_losses", [LEAVES, """
t = torch.tensor([[0., 1., 0.5], [1., 0., 0.25]])
for r in (0, 1, 2, 5):
    print(r, torch.binary_cross_entropy_with_logits(x, t, None, None, r), torch.kl_div(x, t, r))
out = torch.binary_cross_entropy_with_logits(x, t, torch.tensor([1., 2., 3.]), torch.tensor([2., 1., 0.5]))
report(out, x)
x.grad = None
out = torch.kl_div(x, t.log(), 1, log_target=True)
report(out, x)
x.grad = None
report(torch.kl_div(x, t), x)
""", ATTEMPT, """
attempt("kl 4", lambda: torch.kl_div(x, t, 1, True))
attempt("bce str", lambda: torch.binary_cross_entropy_with_logits(x, t, reduction="mean"))
"""])

case("api_torch_functions_pad_conv_grid", """
x = torch.arange(1., 7.).reshape(1, 1, 2, 3).requires_grad_()
report(torch.constant_pad_nd(x, [1, 2], 3.5), x)
x.grad = None
print(torch.constant_pad_nd(torch.ones(2, 2, dtype=torch.int64), (1, 1, -1, 0)))
w = torch.tensor([[[[1., -1.], [0.5, 2.]]]], requires_grad=True)
out = torch.convolution(x, w, None, [1, 1], [1, 0], [1, 1], False, [0, 0], 1)
report(out, x, w)
out = torch.convolution(x, w, torch.tensor([0.5]), [2, 1], [0, 0], [1, 1], True, [1, 0], 1)
print(out, out.grad_fn.name(), out.grad_fn._saved_transposed)
theta = torch.tensor([[[1., 0.2, 0.], [0.1, 0.9, 0.3]]], requires_grad=True)
grid = torch.affine_grid_generator(theta, [1, 1, 2, 3], False)
print(grid, grid.grad_fn.name())
for mode in range(3):
    for padding in range(3):
        print(mode, padding, torch.grid_sampler(x, grid, mode, padding, True))
out = torch.grid_sampler(x, grid, 0, 0, False)
report(out, x, theta)
""")

case("api_torch_functions_rnn_cells", """
torch.manual_seed(0)
inp, h, c = torch.randn(2, 3), torch.randn(2, 4), torch.randn(2, 4)
cell = nn.RNNCell(3, 4)
a = torch.rnn_tanh_cell(inp, h, cell.weight_ih, cell.weight_hh, cell.bias_ih, cell.bias_hh)
print(a, torch.equal(a, cell(inp, h)))
show_graph(a)
b = torch.rnn_relu_cell(inp, h, cell.weight_ih, cell.weight_hh)
print(b, b.grad_fn.name())
lstm = nn.LSTMCell(3, 4)
hy, cy = torch.lstm_cell(inp, (h, c), lstm.weight_ih, lstm.weight_hh, lstm.bias_ih, lstm.bias_hh)
ref = lstm(inp, (h, c))
print(hy, cy, torch.equal(hy, ref[0]), torch.equal(cy, ref[1]), hy.grad_fn.name(), cy.grad_fn.name())
gru = nn.GRUCell(3, 4)
g = torch.gru_cell(inp, h, gru.weight_ih, gru.weight_hh, gru.bias_ih, gru.bias_hh)
print(g, torch.equal(g, gru(inp, h)))
show_graph(g)
try:
    torch.lstm_cell(inp, h, lstm.weight_ih, lstm.weight_hh)
except TypeError as e:
    print(e)
try:
    torch.gru_cell(inp, h)
except TypeError as e:
    print(e)
""")

case("api_torch_functions_rnn_layers", """
torch.manual_seed(0)
seq, h0, c0 = torch.randn(4, 2, 3), torch.randn(1, 2, 5), torch.randn(1, 2, 5)
rnn = nn.RNN(3, 5)
out, hn = torch.rnn_tanh(seq, h0, rnn._flat_weights, True, 1, 0.0, False, False, False)
ref = rnn(seq, h0)
print(out, hn, torch.equal(out, ref[0]), torch.equal(hn, ref[1]), out.grad_fn.name())
out, hn = torch.rnn_relu(seq.transpose(0, 1), h0, rnn._flat_weights, True, 1, 0.0, False, False, True)
print(out.shape, hn)
gru = nn.GRU(3, 5)
out, hn = torch.gru(seq, h0, gru._flat_weights, True, 1, 0.0, False, False, False)
print(torch.equal(out, gru(seq, h0)[0]), hn.grad_fn.name())
lstm = nn.LSTM(3, 5)
out, hn, cn = torch.lstm(seq, (h0, c0), lstm._flat_weights, True, 1, 0.0, False, False, False)
ref = lstm(seq, (h0, c0))
print(torch.equal(out, ref[0]), torch.equal(hn, ref[1][0]), torch.equal(cn, ref[1][1]))
packed = nn.utils.rnn.pack_padded_sequence(seq, [4, 2])
data, sizes = packed.data, packed.batch_sizes
out, hn = torch.rnn_tanh(data, sizes, h0, rnn._flat_weights, True, 1, 0.0, False, False)
print(out, hn)
out, hn, cn = torch.lstm(data, sizes, (h0, c0), lstm._flat_weights, True, 1, 0.0, False, False)
print(out.shape, hn, cn)
try:
    torch.gru(seq, h0)
except TypeError as e:
    print(e)
""")

# removed in 1.9: torch 2.13 still defines them, to say what replaces them
attempts("api_torch_functions_removed", [LEAVES, "A = torch.eye(3) * 2"],
         "torch.solve(v, A)", "torch.lstsq(v, A)", "torch.eig(A)", "torch.eig(A, True)", "torch.symeig(A)",
         "torch.symeig(A, eigenvectors=True)", "torch.matrix_rank(A)", "torch.matrix_rank(A, 0.1, True)",
         "A.solve(A)", "A.lstsq(A)", "A.eig()", "A.symeig(True)", "torch.solve(A)", "torch.lstsq()",
         "torch.eig()", "torch.symeig()", "torch.matrix_rank()", "A.solve()", "A.eig(True, False)")

case("api_torch_functions_angle_isreal", """
x = torch.tensor([-1.5, 0., -0., 2., float('nan'), float('-inf')], requires_grad=True)
y = torch.angle(x)
print(y, y.grad_fn.name(), nf(y), x.angle())
y.backward(torch.ones(6))
print(x.grad)
print(torch.angle(torch.tensor([-3, 0, 4])), torch.angle(torch.tensor([True, False])))
print(torch.angle(torch.tensor([-1.], dtype=torch.float64)), torch.tensor([-2, 3]).angle().dtype)
print(torch.isreal(x), torch.tensor([[1, 2]]).isreal(), torch.isreal(torch.tensor(3.)))
try:
    torch.angle([1.])
except TypeError as e:
    print(e)
""")

case("api_torch_functions_gcd_lcm_inplace", """
a, b = torch.tensor([4, 6, 0, -9]), torch.tensor([6, 9, 5, 6])
print(torch.gcd_(a, b) is a, a)
c = torch.tensor([4, 6, 0, -9])
print(torch.lcm_(c, b), c)
try:
    torch.gcd_(a, 2)
except TypeError as e:
    print(e)
try:
    torch.lcm_(torch.tensor([1.5]), torch.tensor([2.]))
except RuntimeError as e:
    print(e)
""")

case("api_torch_functions_chain_matmul", """
a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
b = torch.tensor([[0.5, -1.], [2., 1.]])
c = torch.tensor([[1.], [-1.]])
out = torch.chain_matmul(a, b, c)
print(out, out.grad_fn.name())
one = torch.chain_matmul(a)
print(one, one.grad_fn.name())
for bad in ((), (torch.ones(2),), (a, torch.ones(2))):
    try:
        torch.chain_matmul(*bad)
    except RuntimeError as e:
        print(e)
""", fresh_process=True)

case("api_torch_functions_old_norms", """
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
y = torch.frobenius_norm(x, [0, 1])
report(y, x)
x.grad = None
print(torch.frobenius_norm(x, [1], True), torch.frobenius_norm(x, (-1,)).grad_fn.name())
z = torch.nuclear_norm(x)
print(z, z.grad_fn.name())
print(torch.nuclear_norm(x, True), torch.nuclear_norm(x, [0, 1], True).grad_fn.name())
z.backward()
print(x.grad)
""", fresh_process=True)

case("api_torch_functions_gradient", """
f = torch.tensor([1., 4., 9., 16., 25.], requires_grad=True)
(g,) = torch.gradient(f)
report(g, f)
print(torch.gradient(f, spacing=2.))
print(torch.gradient(f, spacing=(torch.tensor([0., 1., 1.5, 3., 4.]),), edge_order=2))
m = torch.tensor([[1., 2., 4., 8.], [3., 5., 9., 11.], [0., -1., 2., 7.]], requires_grad=True)
print(torch.gradient(m))
print(torch.gradient(m, dim=1, edge_order=2))
print(torch.gradient(m, spacing=[0.5, 2.], dim=[1, 0]))
gs = torch.gradient(m, spacing=[torch.tensor([0., 1., 3.]), torch.tensor([0., 0.5, 1., 4.])], edge_order=2)
print(gs)
gs[1].sum().backward()
print(m.grad)
print(torch.gradient(torch.tensor([1, 3, 7, 8])))
for kwargs in ({"edge_order": 3}, {"spacing": [1., 2.]}, {"spacing": [torch.ones(2, 2)], "dim": 0}):
    try:
        torch.gradient(m, **kwargs)
    except RuntimeError as e:
        print(e)
try:
    torch.gradient(torch.ones(2), edge_order=2)
except RuntimeError as e:
    print(e)
""")

case("api_torch_functions_nonzero_static", """
x = torch.tensor([[0, 1, 0], [2, 0, 3]])
print(torch.nonzero_static(x, size=5), torch.nonzero_static(x, size=2, fill_value=-7))
print(x.nonzero_static(size=0), torch.nonzero_static(torch.tensor([0., 1.5]), size=3))
print(torch.nonzero_static(torch.tensor(3.), size=2))
try:
    torch.nonzero_static(x)
except TypeError as e:
    print(e)
""")

case("api_torch_functions_frombuffer", """
import array
buf = bytearray(b"\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08")
t = torch.frombuffer(buf, dtype=torch.int16)
print(t)
t[0] = 0
print(buf[:2], torch.frombuffer(buf, dtype=torch.int8, count=3, offset=2))
print(torch.frombuffer(array.array("f", [1.5, -2.]), dtype=torch.float32, requires_grad=True))
print(torch.frombuffer(b"\\x00\\x00\\x80\\x3f", dtype=torch.float32))
for bad in ((bytearray(3), torch.int16), ([1, 2], torch.int8)):
    try:
        torch.frombuffer(bad[0], dtype=bad[1])
    except ValueError as e:
        print(e)
""", fresh_process=True)

case(
    "api_torch_functions_keywords",
    """
    import torch
    torch.manual_seed(0)
    w = [torch.randn(4, 3), torch.randn(4, 4), torch.randn(4), torch.randn(4)]
    inp = torch.randn(1, 2, 3)
    out, hn = torch.rnn_tanh(input=inp, hx=torch.zeros(1, 1, 4), params=w, has_biases=True, num_layers=1,
                             dropout=0.0, train=False, bidirectional=False, batch_first=True)
    print(out.sum(), hn.shape)
    out, hn = torch.gru(inp, torch.zeros(1, 1, 4), [torch.randn(12, 3), torch.randn(12, 4)], False, 1, 0.0, False,
                        False, True)
    print(out.sum().round(decimals=3))
    data, bs = torch.randn(3, 3), torch.tensor([2, 1])
    out, hn = torch.rnn_relu(data=data, batch_sizes=bs, hx=torch.zeros(1, 2, 4), params=w, has_biases=True,
                             num_layers=1, dropout=0.0, train=False, bidirectional=False)
    print(out.sum().round(decimals=3), hn.shape)
    h, c = torch.lstm(data, bs, (torch.zeros(1, 2, 4), torch.zeros(1, 2, 4)),
                      params=[torch.randn(16, 3), torch.randn(16, 4)], has_biases=False, num_layers=1, dropout=0.0,
                      train=False, bidirectional=False)[1:]
    print(h.sum().round(decimals=3), c.shape)
    print(torch.embedding_renorm_(input=torch.ones(3, 2), indices=torch.tensor([0]), max_norm=1.0, norm_type=2.0))
    print(torch.arange(6.).resize_as(tensor=torch.zeros(2, 3)).shape)
    """,
)
