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
