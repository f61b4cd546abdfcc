"""Parity cases for float16 and bfloat16 arithmetic: torch computes in float32 (its opmath type) and
rounds once, bit for bit."""

from parity.cases import attempts, case  # noqa: F401

# the inputs: 75 values (vectorised loops and their scalar tail), computed in float32 and rounded to float16
HALF_LEAVES = """
x = (torch.arange(-37., 38.) * 0.13).half().requires_grad_()
g = (torch.arange(75.) % 7 - 3.).half() * 0.37
def bits(t):
    return t.detach().view(torch.int16).tolist()
def forward_and_backward(name, f):
    y = f(x)
    x.grad = None
    y.backward(g)
    print(name, y.dtype, bits(y), bits(x.grad))
"""

case("api_half_sigmoid_silu_gelu_softplus", [HALF_LEAVES, """
forward_and_backward("sigmoid", torch.sigmoid)
forward_and_backward("silu", F.silu)
forward_and_backward("gelu tanh", lambda t: F.gelu(t, approximate="tanh"))
forward_and_backward("softplus", F.softplus)
forward_and_backward("softplus beta 2", lambda t: F.softplus(t, beta=2., threshold=5.))
forward_and_backward("leaky_relu", lambda t: F.leaky_relu(t, 0.1))
"""])

case("api_half_elu_mish_hard_logsigmoid", [HALF_LEAVES, """
forward_and_backward("elu", F.elu)
forward_and_backward("elu alpha", lambda t: F.elu(t, alpha=0.7))
forward_and_backward("selu", F.selu)
forward_and_backward("celu", lambda t: F.celu(t, alpha=1.3))
forward_and_backward("mish", F.mish)
forward_and_backward("hardswish", F.hardswish)
forward_and_backward("hardsigmoid", F.hardsigmoid)
forward_and_backward("logsigmoid", F.logsigmoid)
"""])

case("api_half_sinc_forward", [HALF_LEAVES, """
print(bits(torch.sinc(x)), bits(torch.special.sinc(x)))
"""])

case("api_half_logsumexp", [HALF_LEAVES, """
forward_and_backward("logsumexp", lambda t: torch.logsumexp(t, 0).repeat(75))
forward_and_backward("logsumexp rows", lambda t: torch.logsumexp(t.reshape(15, 5), 1).repeat(5))
forward_and_backward("logsumexp triples", lambda t: torch.logsumexp(t.reshape(25, 3), 1).repeat(3))
forward_and_backward("logsumexp squares", lambda t: torch.logsumexp((t * t).reshape(15, 5), 1).repeat(5))
"""])

case("api_half_interpolate_linear", [HALF_LEAVES, """
for size, corners in ((187, False), (151, True), (30, False)):
    y = F.interpolate(x.reshape(1, 1, 75), size=size, mode="linear", align_corners=corners)
    x.grad = None
    y.backward(torch.arange(float(size)).half().reshape(1, 1, size) % 5 - 2)
    print(size, corners, bits(y), bits(x.grad))
y = F.interpolate(x.reshape(1, 1, 75), scale_factor=2.5, mode="linear")
print(bits(y))
"""])

case("api_half_sum_over_leading_dim", [HALF_LEAVES, """
m = x.detach().reshape(15, 5) ** 2 + x.detach().reshape(15, 5)
print(bits(m.sum(0)), bits(m.sum((0,), keepdim=True)), bits(m.t().sum(1)), bits(m.sum()), bits(m.mean(0)))
"""])

# torch's tanh_backward, _softmax_backward_data and _log_softmax_backward_data compute float16 in float32 and round
# once (float16 arithmetic step by step cancels softmax's gradient to zeros); log_softmax along the last dim keeps
# each row's sum and its log in float16; under create_graph the recorded backward ops give the same bits
case("api_half_tanh_softmax_backward", [HALF_LEAVES, """
forward_and_backward("tanh", torch.tanh)
forward_and_backward("softmax", lambda t: torch.softmax(t, 0))
forward_and_backward("log_softmax", lambda t: torch.log_softmax(t, 0))
forward_and_backward("softmax rows", lambda t: torch.softmax(t.reshape(5, 15), 1).flatten())
forward_and_backward("log_softmax rows", lambda t: torch.log_softmax(t.reshape(5, 15), 1).flatten())
forward_and_backward("log_softmax columns", lambda t: torch.log_softmax(t.reshape(15, 5), 0).flatten())
forward_and_backward("cross_entropy", lambda t: F.cross_entropy(t.reshape(5, 15), torch.tensor([0, 3, 14, 7, 9])) * g)
for f in (torch.tanh, lambda t: torch.softmax(t, 0), lambda t: torch.log_softmax(t.reshape(5, 15), 1).flatten()):
    gx, = torch.autograd.grad(f(x), x, g, create_graph=True)
    print(gx.grad_fn.name(), bits(gx))
"""])

# the engine sums a broadcast float16 gradient back to an input's shape accumulating in float32, rounded once
case("api_half_broadcast_gradient_sum", [HALF_LEAVES, """
b = (torch.arange(5.) * 0.7 - 1.3).half().requires_grad_()
col = (torch.arange(15.) * 0.3 - 2.).half().reshape(15, 1).requires_grad_()
row = (torch.arange(5.) * 0.9 + 0.2).half().reshape(1, 5).requires_grad_()
h = x.detach().reshape(15, 5)
w = h * 37
for name, f, leaves in (("bias", lambda: w + b, (b,)), ("outer sum", lambda: col + row, (col, row)),
                        ("outer product", lambda: col * row, (col, row)),
                        ("tanh of bias", lambda: (h + b).tanh(), (b,))):
    gs = torch.autograd.grad(f(), leaves, w)
    print(name, [bits(t) for t in gs])
"""])
