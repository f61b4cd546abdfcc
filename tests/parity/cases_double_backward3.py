"""Parity cases for the graphs second derivatives and views record: group norm under ``create_graph=True``,
``x.T @ x``, ``narrow`` with a negative dim, in-place writes through views followed by double backward."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# Group norm under create_graph=True: torch's infinitely_differentiable_native_group_norm_backward, op for op (the
# statistics read from the forward node's outputs 1 and 2), and the second derivatives through it.
# ---------------------------------------------------------------------------------------------------------
_GROUP_NORM = """
x = torch.linspace(-1, 1, 24, dtype=torch.float64).reshape(2, 4, 3).sin().requires_grad_()
w = torch.tensor([1.5, -0.5, 2., 0.25], dtype=torch.float64, requires_grad=True)
b = torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=torch.float64, requires_grad=True)
g0 = torch.linspace(-2, 2, 24, dtype=torch.float64).reshape(2, 4, 3).cos()

def rounded(t):
    return [round(v, 8) for v in t.flatten().tolist()]
"""
case(
    "api_double_backward3_group_norm_graph",
    [_GROUP_NORM, """
    for weight, bias in ((w, b), (None, None), (w, None)):
        y = F.group_norm(x, 2, weight, bias)
        ins = tuple(t for t in (x, weight, bias) if t is not None)
        grads = torch.autograd.grad(y, ins, g0, create_graph=True)
        for g in grads:
            show_graph(g)
        h = torch.autograd.grad(sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(grads)), ins, allow_unused=True)
        print([rounded(t) for t in h if t is not None])
    m = nn.GroupNorm(2, 4).double()
    gx, = torch.autograd.grad(m(x).pow(3).sum(), x, create_graph=True)
    print(gx.grad_fn.name(), nf(gx), rounded(torch.autograd.grad(gx.pow(2).sum(), m.weight)[0]))
    for create_graph in (True, False):  # a bias without a weight: torch's backward fails
        yb = F.group_norm(x, 2, None, b)
        attempt(lambda: torch.autograd.grad(yb.pow(2).sum(), (x, b), create_graph=create_graph))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# x.T @ x and its kin: mm's gradient for a column-major first operand is torch's (mat2 @ grad.t()).t(), and a
# transpose's gradient transposes back the dims as given (-2, -1 for mT).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward3_matmul_transposed_graph",
    ["""
    x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
    xb = torch.arange(12.).reshape(2, 3, 2).requires_grad_()
    for f, leaf in ((lambda x: x.T @ x, x), (lambda x: x.t() @ x, x), (lambda x: x.mT @ x, x),
                    (lambda x: x @ x.T, x), (lambda x: x.t().mm(x), x), (lambda x: x.mT @ x, xb),
                    (lambda x: x @ x.transpose(-1, -2), xb)):
        y = f(leaf)
        print(y.grad_fn.name(), nf(y))
        g, = torch.autograd.grad(y, leaf, torch.arange(y.numel(), dtype=torch.float32).reshape(y.shape),
                                 create_graph=True)
        print(g)
        show_graph(g)
        print(torch.autograd.grad(g.pow(2).sum(), leaf))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# narrow with a negative dim: SliceBackward0 and SliceBackwardBackward0 keep the dim as given.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward3_narrow_negative_dim",
    ["""
    x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
    for d, s, n in ((-1, 1, 2), (-2, 0, 2), (-3, 1, 1), (2, -3, 2), (1, -1, 1)):
        y = x.narrow(d, s, n)
        node = y.grad_fn
        print(node.name(), node._saved_dim, node._saved_start, node._saved_end, node._saved_step)
        g, = torch.autograd.grad(y.pow(2).sum(), x, create_graph=True)
        node = g.grad_fn
        print(node.name(), node._saved_dim, node._saved_start, node._saved_end, node._saved_step, nf(g))
        gg = g.sum()
        print(torch.autograd.grad(gg, x))
    y = torch.narrow(x, -1, torch.tensor(1), 2)
    print(y.grad_fn._saved_dim)
    """],
)

# ---------------------------------------------------------------------------------------------------------
# In-place writes through views, then double backward: CopySlices' backward recorded as torch records it
# (CopyBackwards into a tensor laid out like the base, AsStridedBackward0 of the view's region, CloneBackward0,
# the in-place op's backward, CopySlices of the copy back), and as_strided_backward for a view whose base changed.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward3_inplace_view_graph",
    ["""
    x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
    y = x * 1
    v = y[0]
    v.mul_(2)
    g, = torch.autograd.grad((y ** 3).sum(), x, create_graph=True)
    print(g)
    show_graph(g)
    print(torch.autograd.grad(g.sum(), x))
    x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
    z = torch.tensor([0.5, -1., 2.], requires_grad=True)
    y = x * x
    y.view(-1)[1:].add_(z * x[:3])
    gx, gz = torch.autograd.grad(y.pow(2).sum(), (x, z), create_graph=True)
    show_graph(gx)
    show_graph(gz)
    print(torch.autograd.grad(gx.sum() + gz.pow(2).sum(), (x, z)))
    x = torch.tensor([1., 2., 3., 4., 5., 6.], requires_grad=True)
    y = x.clone().view(2, 3)
    v = y.view(6)[::2]
    v.mul_(x[:3])
    g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
    print(g)
    show_graph(g)
    node = g.grad_fn.next_functions[1][0].next_functions[0][0].next_functions[1][0]
    print(node.name(), node._saved_size, node._saved_stride, node._saved_storage_offset)
    print(torch.autograd.grad(g.pow(2).sum(), x))
    """],
)

# addmm (nn.Linear on a transposed input) with a column-major mat1 under create_graph=True: torch computes mat1's
# gradient as (mat2 @ grad.t()).t() (TBackward0 over MmBackward0), scaled by alpha.
case(
    "api_double_backward3_addmm_transposed_mat1",
    ["""
    torch.manual_seed(0)
    x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    w = torch.randn(3, 2, dtype=torch.float64, requires_grad=True)
    b = torch.randn(2, dtype=torch.float64, requires_grad=True)
    for alpha, beta in [(1, 1), (2, 0.5)]:
        out = torch.addmm(b, x.t(), w, alpha=alpha, beta=beta)
        gx, gw = torch.autograd.grad(out.pow(2).sum(), (x, w), create_graph=True)
        print(gx, gw)
        show_graph(gx)
        print(torch.autograd.grad(gx.sum() + gw.sum(), (x, w, b), allow_unused=True))
    lin = torch.nn.Linear(3, 2).double()
    g, = torch.autograd.grad(lin(x.t()).sum(), x, create_graph=True)
    show_graph(g)
    print(g)
    """],
)
