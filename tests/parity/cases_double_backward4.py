"""Parity cases for the graphs ``create_graph=True`` records for the gradients of
pointwise ops, activations, reductions and statistics:
torch's backward formulas (derivatives.yaml) op for op, their node names and edges,
and the derivatives taken through them."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# The shared setup: float64 leaves, a gradient taken with create_graph=True against a non-trivial grad_output, its
# graph (show_graph), how many distinct nodes it holds (torch computes a shared factor once: one node), and the
# second and third derivatives through it.
# ---------------------------------------------------------------------------------------------------------
_GRAPH = """
def leaf(*shape, lo=-1.5, hi=1.3):
    n = 1
    for s in shape:
        n *= s
    return torch.linspace(lo, hi, n, dtype=torch.float64).reshape(shape).requires_grad_()

def rounded(t):
    return None if t is None else [round(v, 8) for v in t.flatten().tolist()]

def nodes(t):
    seen, stack = set(), [t.grad_fn]
    while stack:
        n = stack.pop()
        if n is not None and id(n) not in seen:
            seen.add(id(n))
            stack += [c for c, _ in n.next_functions]
    return len(seen)

def second(f, *ins):
    y = f(*ins)
    go = torch.linspace(-1.2, 1.7, y.numel(), dtype=torch.float64).reshape(y.shape).cos()
    grads = torch.autograd.grad(y, ins, go, create_graph=True, allow_unused=True)
    for g in grads:
        if g is not None and g.grad_fn is not None:
            show_graph(g)
            print("nodes", nodes(g))
    s = sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(grads) if g is not None and g.requires_grad)
    h = torch.autograd.grad(s, ins, allow_unused=True, create_graph=True)
    print([rounded(t) for t in h])
    hs = [t for t in h if t is not None and t.requires_grad]
    if hs:
        print([rounded(t) for t in torch.autograd.grad(sum(t.pow(2).sum() for t in hs), ins, allow_unused=True)])
"""

case(
    "api_double_backward4_cos_graph",
    [_GRAPH, """
    # derivatives.yaml: grad * -self.sin(): MulBackward0 over NegBackward0 over SinBackward0
    second(lambda a: a.cos(), leaf(3, 4))
    second(lambda a: torch.cos(a * 2), leaf(5))
    """],
)

case(
    "api_double_backward4_acosh_graph",
    [_GRAPH, """
    # grad * (self * self - 1).rsqrt(): MulBackward0 (self * self), not PowBackward0
    second(lambda a: a.acosh(), leaf(3, 4, lo=1.2, hi=3.))
    """],
)

case(
    "api_double_backward4_logit_graph",
    [_GRAPH, """
    # infinitely_differentiable_logit_backward: grad / (self * (1.0 - self)), C++'s 1.0 - self is SubBackward0
    for eps in (None, 0.2):
        second(lambda a: a.logit(eps), leaf(3, 4, lo=0.1, hi=0.9))
    """],
)

case(
    "api_double_backward4_rpow_graph",
    [_GRAPH, """
    # pow_backward_exponent of a number base: grad * (result * log(base)), MulBackward0 over MulBackward1
    for base in (2.0, 0.7):
        second(lambda a: base ** a, leaf(3, 4))
    second(lambda a: torch.pow(3.0, a), leaf(5))
    """],
)

case(
    "api_double_backward4_var_graph",
    [_GRAPH, """
    # var_backward: (2.0 / dof) * grad * (self - self.mean()); without dim the mean is MeanBackward0 and grad is not
    # unsqueezed, with dims mean(dim, true) and unsqueeze_multiple (not for a 1-d self)
    x = leaf(3, 4)
    for f in (lambda a: a.var(), lambda a: a.var(1), lambda a: a.var((0, 1)), lambda a: a.var(0, correction=0),
              lambda a: torch.var_mean(a), lambda a: torch.var_mean(a, 1, keepdim=True)):
        second(lambda a: (lambda r: r[0] * 1.5 + r[1] if isinstance(r, tuple) else r)(f(a)), x)
    second(lambda a: a.var(0), leaf(5, lo=-1.3, hi=1.6))
    second(lambda a: a.var((0, 2)), leaf(2, 3, 2))
    """],
)

case(
    "api_double_backward4_std_graph",
    [_GRAPH, """
    # std_backward: var_backward of (grad / (result * 2)).masked_fill_(result == 0, 0): MulBackward1 twice
    x = leaf(3, 4)
    for f in (lambda a: a.std(), lambda a: a.std(1), lambda a: a.std(0, keepdim=True, unbiased=False),
              lambda a: torch.std_mean(a, 1), lambda a: torch.std_mean(a, keepdim=True)):
        second(lambda a: (lambda r: r[0] * 1.5 + r[1] if isinstance(r, tuple) else r)(f(a)), x)
    second(lambda a: a.std(), leaf(5))
    """],
)

case(
    "api_double_backward4_vector_norm_graph",
    [_GRAPH, """
    # norm_backward: grad and norm unsqueezed only over the dims given; for ord < 2 self.sgn() * self.abs().pow(p - 1)
    # (ord < 1: masked where self is 0, times grad, times norm.pow(1 - p))
    x = leaf(3, 4)
    for f in (lambda a: a.norm(), lambda a: a.norm(dim=1), lambda a: a.norm(dim=(0, 1), keepdim=True),
              lambda a: torch.linalg.vector_norm(a), lambda a: torch.linalg.vector_norm(a, 3),
              lambda a: torch.linalg.vector_norm(a, 3, dim=1), lambda a: torch.linalg.vector_norm(a, 1.5),
              lambda a: torch.linalg.vector_norm(a, 1.5, dim=1), lambda a: torch.linalg.vector_norm(a, 0.5, dim=1),
              lambda a: a.norm(3, dim=0, keepdim=True)):
        second(f, x)
    """],
)

case(
    "api_double_backward4_mish_graph",
    [_GRAPH, """
    # infinitely_differentiable_mish_backward and _silu_backward: tanh(softplus(x)) and sigmoid(x) computed once
    # (one node each), tanh_softplus * tanh_softplus a MulBackward0
    for f in (F.mish, F.silu, lambda a: F.mish(a) * 2):
        second(f, leaf(3, 4))
    """],
)

case(
    "api_double_backward4_remainder_graph",
    [_GRAPH, """
    # other: -grad * self.div(other, rounding_mode="floor") (fmod: "trunc"): one DivBackward2, whose own gradient
    # is zeros without a graph
    for f in (torch.remainder, torch.fmod, lambda a, b: a % b):
        second(f, leaf(3, 4), leaf(3, 4, lo=0.4, hi=1.9))
    a, b = leaf(3), torch.tensor([0.7, 0.9, -1.1], dtype=torch.float64, requires_grad=True)
    go = torch.tensor([1., -2., 3.], dtype=torch.float64)
    for mode in ("floor", "trunc"):
        ga, gb = torch.autograd.grad(torch.div(a, b, rounding_mode=mode), (a, b), go, create_graph=True)
        print(ga, gb, ga.grad_fn, gb.grad_fn)
    """],
)

case(
    "api_double_backward4_activation_backward_graph",
    [_GRAPH, """
    # the graph of the second derivative, through the ..._backward nodes: elu_double_backward's
    # grad * grad_output * input_scale, softplus_double_backward's self * beta, hardswish's grad * grad_output / 3,
    # log_sigmoid's sigmoid - 1 are C++ Scalar overloads (MulBackward1, DivBackward1, SubBackward1)
    for f in (F.elu, lambda a: F.elu(a, alpha=0.7), F.selu, lambda a: F.celu(a, 0.7), F.softplus,
              lambda a: F.softplus(a, beta=2, threshold=1), F.hardswish, F.logsigmoid):
        x = leaf(3, 4)
        g, = torch.autograd.grad(f(x), x, torch.linspace(-1.2, 1.7, 12, dtype=torch.float64).reshape(3, 4).cos(),
                                 create_graph=True)
        h, = torch.autograd.grad((g * 1.5).sin().sum(), x, create_graph=True)
        show_graph(h)
        print(rounded(torch.autograd.grad(h.pow(2).sum(), x)[0]))
    """],
)
