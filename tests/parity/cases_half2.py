"""Parity cases for float16 as torch computes it (round 2: reductions, normalization backwards and running
statistics, the last bits of fused kernels)."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

# 300 float16 values near 1: torch multiplies in float16, 4 x 16 lanes at a time along a contiguous dimension
HALF2_LEAVES = """
u = (1. + torch.sin(torch.arange(300.)) * 0.1).half()
def bits(t):
    return t.detach().view(torch.int16).tolist()
"""

case("api_half2_prod", [HALF2_LEAVES, """
x = u.clone().requires_grad_()
y = x.prod()
y.backward()
print(bits(y), bits(x.grad[:70]))
m = u[:280].reshape(4, 70)
print(bits(m.prod(1)), bits(m.prod(0)), bits(m.t().prod()), bits(m[:, :50].prod()), bits(m.t().prod(0)))
print(bits(u[:69].prod()), bits(u[:64].prod(0, keepdim=True)))
"""])

case("api_half2_arithmetic_with_a_number", [HALF2_LEAVES, """
x = (u - 1.) * 37.
print(bits(x * 0.1), bits(0.3 * x), bits(x / 2.7), bits(x * 3001), bits(torch.mul(x, 1 / 3)))
print(bits(x + 0.1), bits(0.7 - x), bits(x.clone().mul_(0.1)), bits(x.clone().div_(0.3)))
"""])

case("api_half2_add_sub_alpha", [HALF2_LEAVES, """
x, y = (u - 1.) * 37., u.flip(0) * 3.
print(bits(torch.add(x, y, alpha=0.1)), bits(torch.sub(x, y, alpha=2.7)))
print(bits(torch.add(x[:100], y[:100], alpha=-0.3)), bits(x[:63].add(y[:63], alpha=1 / 3)))
print(bits(torch.add(x[:280].reshape(4, 70), y[:70], alpha=0.7)))
"""])

case("api_half2_addcmul_addcdiv", [HALF2_LEAVES, """
s, a, b = (u - 1.) * 37., u.flip(0) * 3., u.roll(7) - 0.5
print(bits(torch.addcmul(s, a, b, value=0.1)), bits(torch.addcmul(s, a, b, value=-2.7)))
print(bits(torch.addcdiv(s, a, b, value=0.3)), bits(s[:70].addcdiv(a[:70], b[:70], value=1 / 3)))
"""])

case("api_half2_layer_norm_backward", [HALF2_LEAVES, """
threads = torch.get_num_threads()
torch.set_num_threads(2)  # the weight's and bias's gradients are summed per thread: the same threads everywhere
for n, rows in ((70, 4), (20, 3), (10, 5)):
    x = ((u[: n * rows] - 1.) * 13.).reshape(rows, n).requires_grad_()
    w = u[:n].flip(0).clone().requires_grad_()
    b = (u[:n] - 1.).clone().requires_grad_()
    g = (u.roll(5)[: n * rows] - 1.).reshape(rows, n) * 9.
    F.layer_norm(x, (n,), w, b).backward(g)
    print(n, bits(x.grad), bits(w.grad), bits(b.grad))
    x.grad = b.grad = None
    F.layer_norm(x, (n,), None, b).backward(g)
    print(bits(x.grad), bits(b.grad))
    x.grad = None
    F.layer_norm(x, (n,)).backward(g)
    print(bits(x.grad))
torch.set_num_threads(threads)
"""])

case("api_half2_batch_norm_training", [HALF2_LEAVES, """
for shape in ((6, 3), (4, 3, 5), (2, 3, 4, 5), (3, 2, 30)):
    n = torch.Size(shape).numel()
    x = ((u.repeat(2)[:n] - 1.) * 23. + 0.5).reshape(shape).requires_grad_()
    bn = nn.BatchNorm1d(shape[1]) if len(shape) < 4 else nn.BatchNorm2d(shape[1])
    bn = bn.half()
    with torch.no_grad():
        bn.weight.copy_(u[: shape[1]] * 2.)
        bn.bias.copy_(u[5 : 5 + shape[1]] - 1.)
    for step in range(2):
        y = bn(x * (step + 1))
        print(shape, bits(y), bits(bn.running_mean), bits(bn.running_var))
    g = ((u.roll(3).repeat(2)[:n] - 1.) * 11.).reshape(shape)
    y.backward(g)
    print(bits(bn.weight.grad), bits(bn.bias.grad))
"""])

case("api_half2_logsigmoid_of_large_numbers", ["""
x = torch.tensor([100., 103., 95.5, 99.25, 101.5, 90., 97., -100.])
y = F.logsigmoid(x)
print(y.view(torch.int32).tolist(), F.logsigmoid(torch.tensor(100.)).item())
print(F.logsigmoid(x.half()).view(torch.int16).tolist())
"""])

case("api_half2_addmm_alpha_beta_float32", ["""
x = ((torch.arange(24.) * 7 % 11 - 5) * 0.3719).reshape(4, 6)
w = ((torch.arange(30.) * 5 % 13 - 6) * 0.2917).reshape(6, 5)
b = (torch.arange(5.) * 3 % 7 - 3) * 0.5331
def bits(t):
    return t.view(torch.int32).tolist()
print(bits(torch.addmm(b, x, w, beta=0.5, alpha=2)), bits(torch.addmm(b, x, w, beta=0.3, alpha=0.7)))
print(bits(torch.addmm(b, x[:1], w, beta=0.7, alpha=-1.5)))
print(bits(torch.addmm(b, x[:, :1], w[:1], beta=0.5, alpha=0.7)))
"""])

case("api_half2_batch_norm_strided", [HALF2_LEAVES, """
x = ((u[:240] - 1.) * 23. + 0.5).reshape(10, 3, 4, 2).requires_grad_()
for view in (lambda t: t[:, :, 1, 0], lambda t: t[:, :, 1:], lambda t: t.transpose(2, 3)):
    y0 = view(x)
    bn = (nn.BatchNorm1d(3) if y0.dim() == 2 else nn.BatchNorm2d(3)).half()
    with torch.no_grad():
        bn.weight.copy_(u[:3] * 2.)
        bn.bias.copy_(u[5:8] - 1.)
    y = bn(y0)
    g = ((u.roll(3)[: y.numel()] - 1.) * 11.).reshape(y.shape)
    x.grad = None
    y.backward(g)
    print(bits(y), bits(bn.running_mean), bits(bn.running_var))
    print(bits(x.grad), bits(bn.weight.grad), bits(bn.bias.grad))
"""])

case("api_half2_addcmul_addcdiv_backward", [HALF2_LEAVES, """
s, a, b = [t.clone().requires_grad_() for t in ((u - 1.) * 37., u.flip(0) * 3., u.roll(7) - 0.5)]
g = (u.roll(11) - 1.) * 9.
for f, value in ((torch.addcmul, 0.1), (torch.addcmul, -2.7), (torch.addcdiv, 0.3)):
    s.grad = a.grad = b.grad = None
    f(s, a, b, value=value).backward(g)
    print(bits(s.grad), bits(a.grad), bits(b.grad))
    grads = torch.autograd.grad(f(s, a, b, value=value), (a, b), g, create_graph=True)
    print([(t.grad_fn.name(), bits(t)) for t in grads])
"""])
