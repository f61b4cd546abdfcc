"""Parity cases for the graphs ``create_graph=True`` records for the gradients of gradients: torch's fused
double backwards op for op (gelu), products over zeros (prod_safe_zeros_backward), and the order torch creates
a backward's nodes in (which the next backward runs them by, so which sums its AddBackward0 nodes make)."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401
from parity.cases_double_backward6 import LEAVES

# Shared by the cases below: float64 leaves, a gradient of the output that requires grad too, each gradient's
# graph, then the graph of each second derivative (taken with create_graph=True) and third derivatives through it.
_THIRD = LEAVES + """

def third(f, *ins):
    y = f(*ins)
    v = (torch.linspace(0.5, -1.5, y.numel(), dtype=torch.float64).reshape(y.shape).cos() + 0.2).requires_grad_()
    grads = torch.autograd.grad(y, ins, v, create_graph=True, allow_unused=True)
    for g in grads:
        show_graph(g)
    gs = [g for g in grads if g is not None and g.requires_grad]
    h = torch.autograd.grad(sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(gs)), ins, create_graph=True)
    for t in h:
        show_graph(t)
    print([rounded(t) for t in h])
    hs = [t for t in h if t.requires_grad]
    print([rounded(t) for t in torch.autograd.grad(sum((t * t).sum() for t in hs), ins, allow_unused=True)])
"""

# ---------------------------------------------------------------------------------------------------------
# prod over a tensor holding zeros: on the graph, torch's prod_safe_zeros_backward (the exclusive cumprods from
# the front and from the back, joined by cat, flipped back); outside grad mode, a full product with two or more
# zeros has the gradient zeros_like(self) (0., never -0.).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward7_prod_graph",
    [_THIRD, """
    def with_zeros(rows):
        return torch.tensor(rows, dtype=torch.float64, requires_grad=True)
    third(lambda x: x.prod(), with_zeros([[1.5, 0., -2.], [0.5, 3., 0.7]]))
    third(lambda x: x.prod(1), with_zeros([[1.5, 0., -2.], [0.5, 3., 0.]]))
    third(lambda x: x.prod(0, keepdim=True), with_zeros([[1.5, 0., 0.], [0.5, 3., 2.]]))
    third(lambda x: x.prod(-1, keepdim=True), with_zeros([[1.5, 0., 0.], [0.5, -3., 2.]]))
    for rows in ([[-1.5, 0., 0.], [0.5, -3., 2.]], [[-1.5, 0., 2.], [0.5, -3., 2.]]):
        a = with_zeros(rows)
        a.prod().backward(torch.tensor(-1.0, dtype=torch.float64))
        print(a.grad)
        a.grad = None
        a.prod(1).backward(torch.tensor([-1.0, 2.], dtype=torch.float64))
        print(a.grad)
    """],
)

# ---------------------------------------------------------------------------------------------------------
# gelu's second derivative is torch's gelu_double_backward: its C++ formula op for op, Scalar overloads
# (MulBackward1, AddBackward1) and 1 - t, 1 / t as SubBackward0, DivBackward0 over a filled tensor.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward7_gelu_graph",
    [_THIRD, """
    third(lambda x: F.gelu(x), leaf(2, 3))
    third(lambda x: F.gelu(x, approximate="tanh"), leaf(2, 3))
    third(lambda x: F.gelu(x, approximate="tanh").sum(), leaf(4))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# The order a backward creates its nodes in: C++ evaluates an operator's right operand first (silu's
# 1 + x * (1 - sigmoid) before grad * sigmoid, mish's 1 - tanh² before x * sigmoid), and torch's generated
# backward computes its inputs' gradients in the sorted order of their names (other before self, end before
# self before weight). The next backward runs the most recent node first, so this decides the order of the
# terms of each AddBackward0 it records.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward7_silu_graph",
    [_THIRD, """
    third(lambda x: F.silu(x), leaf(2, 3))
    third(lambda x: F.mish(x), leaf(2, 3))
    """],
)

case(
    "api_double_backward7_div_graph",
    [_THIRD, """
    third(lambda a, b: a / b, leaf(2, 3), leaf(2, 3, k=2).abs().add(0.3).detach().requires_grad_())
    third(lambda a, b: torch.logaddexp(a, b), leaf(2, 3), leaf(3, k=1))
    third(lambda a, b, w: torch.lerp(a, b, w), leaf(2, 3), leaf(2, 3, k=1), leaf(3, k=2))
    """],
)

# autograd.grad (and backward(inputs=...)) asks each node only for the gradients that lead to its inputs (torch's
# task_should_compute_output): through a Linear layer for its input, neither the weight's nor the bias's gradient is
# computed, so under create_graph=True no node of theirs is made (the sequence numbers count the nodes made)
case(
    "api_double_backward7_only_needed_gradients",
    ["""
    torch.manual_seed(0)
    lin = nn.Linear(3, 2).double()
    x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
    out = lin(x).tanh().sum()
    start = out.grad_fn._sequence_nr()
    g, = torch.autograd.grad(out, x, create_graph=True)
    show_graph(g)
    print(torch.mul(x, 2).grad_fn._sequence_nr() - start)
    gw, = torch.autograd.grad(lin(x).sigmoid().sum(), lin.weight, create_graph=True)
    show_graph(gw)
    y = (lin(x) ** 2).sum()
    start = y.grad_fn._sequence_nr()
    y.backward(inputs=[lin.bias], create_graph=True)
    print(lin.bias.grad, lin.weight.grad, x.grad, torch.mul(x, 2).grad_fn._sequence_nr() - start)
    """],
    fresh_process=True,  # backward(create_graph=True)'s warning is torch's once per process
)
