"""Parity cases for ``torch.nn.grad`` (the gradients of convolutions as functions), ``F.conv_tbc`` and the
top-level aliases of torch's functional ops (``torch.ctc_loss``, ``torch.embedding_bag``, ...)."""

from parity.cases import attempts, case  # noqa: F401

# -- torch.nn.grad ----------------------------------------------------------------------------------------------------
case("api_nn_grad_docs_examples", """
import torch.nn.grad
torch.manual_seed(0)
input = torch.randn(1, 1, 3, requires_grad=True)
weight = torch.randn(1, 1, 1, requires_grad=True)
output = F.conv1d(input, weight)
grad_output = torch.randn(output.shape)
print(torch.autograd.grad(output, input, grad_output, retain_graph=True))
print(F.grad.conv1d_input(input.shape, weight, grad_output))
print(torch.autograd.grad(output, weight, grad_output))
print(torch.nn.grad.conv1d_weight(input, weight.shape, grad_output))
input = torch.randn(1, 1, 3, 3, requires_grad=True)
weight = torch.randn(1, 1, 1, 2, requires_grad=True)
output = F.conv2d(input, weight)
grad_output = torch.randn(output.shape)
print(torch.nn.grad.conv2d_input(input.shape, weight, grad_output))
print(torch.nn.grad.conv2d_weight(input, weight.shape, grad_output))
""")

case("api_nn_grad_stride_padding_dilation_groups", """
import torch.nn.grad as G
torch.manual_seed(0)
x = torch.randn(2, 4, 7, 6, dtype=torch.float64)
w = torch.randn(6, 2, 3, 2, dtype=torch.float64)
for kw in (dict(groups=2), dict(stride=2, padding=1, groups=2),
           dict(stride=(1, 2), padding=(2, 0), dilation=2, groups=2)):
    go = torch.randn(F.conv2d(x, w, **kw).shape, dtype=torch.float64)
    gi = G.conv2d_input(x.shape, w, go, **kw)
    gw = G.conv2d_weight(x, w.shape, go, **kw)
    print(kw, gi.shape, gi.dtype, gw.shape)
    print(gi[1, 3])
    print(gw[5, 1].round(decimals=6))
x1 = torch.randn(1, 2, 9, dtype=torch.float64)
w1 = torch.randn(4, 1, 3, dtype=torch.float64)
go1 = torch.randn(F.conv1d(x1, w1, None, 2, 1, 2, 2).shape, dtype=torch.float64)
print(G.conv1d_input(x1.shape, w1, go1, 2, 1, 2, 2))
x3 = torch.randn(1, 2, 4, 4, 3, dtype=torch.float64)
w3 = torch.randn(2, 2, 2, 3, 2, dtype=torch.float64)
go3 = torch.randn(1, 2, 2, 1, 1, dtype=torch.float64)
print(G.conv3d_input(x3.shape, w3, go3, stride=2)[0, 1])
""")

case("api_nn_grad_graph", """
import torch.nn.grad as G
torch.manual_seed(0)
x = torch.randn(1, 2, 5, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 2, 3, dtype=torch.float64, requires_grad=True)
go = torch.randn(1, 3, 3, dtype=torch.float64, requires_grad=True)
r = G.conv1d_input(x.shape, w, go)
print(r.grad_fn.name(), nf(r), r.stride())
r.sum().backward()
print(go.grad, w.grad)
r = G.conv1d_weight(x, w.shape, go)
print(r.grad_fn.name(), nf(r))
print(r.grad_fn._saved_stride, r.grad_fn._saved_padding, r.grad_fn._saved_dilation, r.grad_fn._saved_groups)
print(G.conv1d_input(x.shape, w.detach(), go.detach()).requires_grad)
print(nf(G.conv1d_weight(x, w.shape, go.detach())))
with torch.no_grad():
    print(G.conv1d_weight(x, w.shape, go).grad_fn)
""")

attempts(
    "api_nn_grad_errors",
    ["""
    import torch.nn.grad as G
    torch.manual_seed(0)
    x = torch.randn(2, 4, 7, 6)
    w = torch.randn(6, 2, 3, 3)
    go = F.conv2d(x, w, groups=2)
    """],
    "G.conv2d_input(x.shape, w, go)",
    "G.conv2d_input(x.shape, w, go, groups=0)",
    "G.conv2d_input(x.shape, w, go, stride=0, groups=2)",
    "G.conv2d_input(x.shape, w, go, padding=-1, groups=2)",
    "G.conv2d_input(x.shape, w, go, stride=(1, 1, 1), groups=2)",
    "G.conv2d_input(x.shape, w, go, stride=1.5, groups=2)",
    "G.conv2d_input(x.shape, w, go, groups=1.0)",
    "G.conv2d_input(x.shape, w, go, stride=2, groups=2)",
    "G.conv2d_input((4, 7, 6), w, go, groups=2)",
    "G.conv2d_input((2, 4, 2, 6), w, go, groups=2)",
    "G.conv2d_input(x.shape, w, go[0], groups=2)",
    "G.conv2d_input(x.shape, w[0, 0], go, groups=2)",
    "G.conv2d_input(x.shape, w.double(), go, groups=2)",
    "G.conv2d_input(x.shape, w, go.double(), groups=2)",
    "G.conv2d_input(x.shape, w.long(), go.long(), groups=2)",
    "G.conv2d_input(x.shape, [1.0], go, groups=2)",
    "G.conv2d_input(x.shape, None, go, groups=2)",
    "G.conv2d_input(torch.tensor([2, 4, 7, 6]), w, go, groups=2)",
    "G.conv2d_weight(x, (6, 2, 2, 2), go, groups=2)",
    "G.conv2d_weight(x.shape, w.shape, go, groups=2)",
    "G.conv1d_input((1, 2, 6), torch.randn(3, 2, 2).double(), torch.randn(1, 3, 3).double())",
    "G.conv1d_weight(torch.randn(1, 2, 6), (3, 2, 2), torch.randn(1, 3, 5), dilation=2)",
    "G.conv1d_input((1, 2, 6), torch.randn(3, 2, 2), torch.randn(1, 3, 5), dilation=0)",
    "G.conv1d_weight(torch.randn(1, 2, 6).int(), (3, 2, 2), torch.randn(1, 3, 5))",
    "G.conv3d_input((1, 4, 5, 5, 5), torch.randn(2, 4, 3, 3, 3), torch.randn(1, 2, 3, 3, 2))",
)

# -- conv_tbc ---------------------------------------------------------------------------------------------------------
case("api_conv_tbc_forward_backward", """
torch.manual_seed(0)
x = torch.randn(6, 3, 2, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, 2, 2, dtype=torch.float64, requires_grad=True)
b = torch.randn(2, dtype=torch.float64, requires_grad=True)
for pad in (0, 1, 2, -1):
    print(pad, torch.conv_tbc(x, w, b, pad)[:, 0])
y = F.conv_tbc(x, w, b, pad=1)
print(y.grad_fn.name(), nf(y), y.grad_fn._saved_pad, y.grad_fn._saved_self.shape)
print(torch.autograd.grad((y ** 2).sum(), (x, w, b), retain_graph=True))
gx, gw, gb = torch.autograd.grad((y ** 2).sum(), (x, w, b), create_graph=True)
print(gx.grad_fn.name(), gw.grad_fn.name())
print(torch.autograd.grad(gx.sum() + gw.sum() + gb.sum(), (x, w, b)))
print(nf(torch.conv_tbc(x.detach(), w, b.detach())))
print(torch.conv_tbc(x, torch.randn(7, 2, 2, dtype=torch.float64), b))
print(torch.conv_tbc(x.detach().int(), w.detach().int(), b.detach().int()).dtype)
""")

attempts(
    "api_conv_tbc_errors",
    ["""
    torch.manual_seed(0)
    x = torch.randn(5, 2, 3)
    w = torch.randn(2, 3, 4)
    b = torch.randn(4)
    """],
    "F.conv_tbc(x, w)",
    "F.conv_tbc(x, w, None)",
    "F.conv_tbc(x[0], w, b)",
    "F.conv_tbc(x, w[0], b)",
    "F.conv_tbc(x, w, b[None])",
    "F.conv_tbc(x[..., :2], w, b)",
    "F.conv_tbc(x, w, b[:3])",
    "F.conv_tbc(x, w, b, -3)",
    "F.conv_tbc(x, w, b, 1.5)",
    "F.conv_tbc(x.double(), w, b)",
    "F.conv_tbc(x.bool(), w.bool(), b.bool())",
    "torch.conv_tbc([1.], w, b)",
    "torch.conv_tbc(x, w, b, 0, 1)",
    "torch.conv_tbc(x, w, b, padding=1)",
)

# -- torch's top-level ATen forms -------------------------------------------------------------------------------------
case("api_torch_native_channel_shuffle", """
torch.manual_seed(0)
x = torch.randn(1, 4, 2, 2, requires_grad=True)
y = torch.native_channel_shuffle(x, 2)
print(y)
print(y.grad_fn.name(), nf(y))
attempt(lambda: y.sum().backward())
print(torch.native_channel_shuffle(torch.arange(8).reshape(1, 8, 1), 4).flatten())
print(torch.native_channel_shuffle(input=x.detach(), groups=2).grad_fn)
for args in ["(x, 3)", "(x, 0)", "(torch.randn(2, 4), 2)", "(x, 2.0)", "([1.], 2)"]:
    attempt(lambda: eval("torch.native_channel_shuffle" + args))
""")

case("api_torch_ctc_loss", """
torch.manual_seed(0)
lp = torch.randn(6, 2, 5).log_softmax(2).detach().requires_grad_()
tg = torch.tensor([[1, 2], [3, 1]])
print(torch.ctc_loss(lp, tg, (6, 6), (2, 2)))
print(torch.ctc_loss(lp, tg, (6, 6), (2, 2), 0, 1))
print(torch.ctc_loss(lp, tg, (6, 6), (2, 2), 0, 2))
print(torch.ctc_loss(lp, tg, torch.tensor([6, 6]), torch.tensor([2, 2]), reduction=1, blank=4))
print(torch.ctc_loss(lp, tg, torch.tensor([6, 5]), torch.tensor([2, 1]), zero_infinity=True))
torch.ctc_loss(lp, tg, (6, 6), (2, 2), 0, 1).backward()
print(lp.grad[0])
attempt(lambda: torch.ctc_loss(lp, tg, (6, 6), (2, 2), 0, 'mean'))
attempt(lambda: torch.ctc_loss(lp, tg, torch.tensor([6, 6]), (2, 2)))
attempt(lambda: torch.ctc_loss(lp, tg, (6, 6), (2, 2), 7))
attempt(lambda: torch.ctc_loss(lp, tg, (6, 6)))
""")

case("api_torch_embedding_bag", """
torch.manual_seed(0)
w = torch.randn(10, 3, requires_grad=True)
idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
off = torch.tensor([0, 4])
for mode in (0, 1, 2):
    out = torch.embedding_bag(w, idx, off, False, mode)
    print(type(out).__name__, [t.grad_fn.name() if t.grad_fn else None for t in out])
    for t in out:
        print(t)
print(torch.embedding_bag(w, idx, off, False, 0, False, torch.arange(8.)))
print(torch.embedding_bag(w, idx, off, False, 2, False, None, False, 2))
torch.embedding_bag(weight=w, indices=idx, offsets=off, mode=1)[0].sum().backward()
print(w.grad)
attempt(lambda: torch.embedding_bag(w, idx, off, False, 3))
attempt(lambda: torch.embedding_bag(w, idx))
attempt(lambda: torch.embedding_bag(w, idx, None))
attempt(lambda: torch.embedding_bag(w, idx, off, False, 'sum'))
attempt(lambda: torch.embedding_bag(w, idx, off, False, 1, False, torch.ones(8)))
""")
