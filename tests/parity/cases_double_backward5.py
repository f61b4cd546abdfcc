"""Parity cases for the graphs ``create_graph=True`` records for the gradients of
losses, layers and normalisation:
torch's backward formulas (derivatives.yaml) op for op, their node names and edges,
and the derivatives taken through them."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

_LEAVES = """
x = torch.linspace(-1.3, 1.7, 12, dtype=torch.float64).reshape(3, 4).sin().requires_grad_()
t = torch.linspace(-2., 1., 12, dtype=torch.float64).reshape(3, 4).cos().requires_grad_()
g0 = torch.linspace(-1., 2., 12, dtype=torch.float64).reshape(3, 4).sin() + 0.5

def rounded(t):
    return [round(v, 8) for v in t.flatten().tolist()]

def second_order(y, ins):
    grads = torch.autograd.grad(y, ins, g0 if y.ndim else None, create_graph=True)
    for g in grads:
        show_graph(g)
    h = torch.autograd.grad(sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(grads)), ins, allow_unused=True)
    print([None if r is None else rounded(r) for r in h])
"""

# ---------------------------------------------------------------------------------------------------------
# kl_div: torch's C++ ``xlogy(target, target) - target * input`` evaluates its right operand first, so the
# product's node is older and runs last backward: the target's gradient adds xlogy's two terms, then the product's.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward5_kl_div_graph",
    [_LEAVES, """
    for reduction in ("batchmean", "none"):
        for log_target in (False, True):
            target = t if log_target else t.sigmoid()
            second_order(F.kl_div(x, target, reduction=reduction, log_target=log_target), (x, t))
    second_order(F.kl_div(x.log_softmax(1), x.sigmoid(), reduction="sum"), (x,))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# poisson_nll_loss: the same right-operand-first order in ``exp(input) - target * input`` and in the Stirling term
# ``target * log(target) - target + 0.5 * log(2 pi target)``.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward5_poisson_nll_loss_graph",
    [_LEAVES, """
    for log_input, full in ((True, False), (True, True), (False, True)):
        inp = x if log_input else x.exp()
        second_order(F.poisson_nll_loss(inp, t.exp() * 2, log_input=log_input, full=full), (x, t))
    second_order(F.poisson_nll_loss(x, x.exp() * 3, reduction="none"), (x,))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# cross_entropy with class probabilities and label smoothing: torch smooths the target with its C++
# ``target * (1 - label_smoothing) + label_smoothing / n_classes``, MulBackward1 and AddBackward1.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward5_cross_entropy_graph",
    [_LEAVES, """
    w = torch.tensor([0.5, 1., 2., 1.5], dtype=torch.float64)
    for reduction, weight in (("mean", None), ("none", w), ("sum", w)):
        y = F.cross_entropy(x, t.softmax(1), weight=weight, reduction=reduction, label_smoothing=0.2)
        print(y.grad_fn.name(), nf(y))
        second_order(y, (x, t))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# cosine_similarity of two shapes that differ: torch's expand_outplace expands both, so even the operand already of
# the common shape has an ExpandBackward0 (in its first and its second-order graph).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward5_cosine_similarity_graph",
    [_LEAVES, """
    row = t[:1].detach().requires_grad_()
    for a, b, dim in ((x, row, 0), (row, x, 1), (x, t, 1)):
        y = F.cosine_similarity(a, b, dim=dim)
        product = y.grad_fn.next_functions[0][0]
        print(y.grad_fn.name(), nf(y), [(node.name(), nr) for node, nr in product.next_functions])
        weights = torch.linspace(0.5, 1.5, y.numel(), dtype=torch.float64)
        grads = torch.autograd.grad(y, (a, b), weights, create_graph=True)
        for g in grads:
            show_graph(g)
        h = torch.autograd.grad(sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(grads)), (a, b))
        print([rounded(r) for r in h])
    """],
)

# ---------------------------------------------------------------------------------------------------------
# layer, batch and instance norm with a bias but no weight: torch's double backward drops the bias gradient's
# gradient, and fails when the input gradient's comes with it, if the call wants a gradient the node computes; group
# norm's backward fails on such a bias only when the call wants the bias's gradient (its grad_input_mask).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward5_norm_bias_without_weight",
    ["""
    b = torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=torch.float64, requires_grad=True)
    x = torch.linspace(-1, 1, 24, dtype=torch.float64).reshape(3, 4, 2).sin().requires_grad_()
    g0 = torch.linspace(-2, 2, 24, dtype=torch.float64).reshape(3, 4, 2).cos().requires_grad_()
    norms = {
        "layer_norm": lambda: F.layer_norm(x, (4, 2), None, b.view(4, 1).expand(4, 2)),
        "batch_norm": lambda: F.batch_norm(x, None, None, None, b, training=True),
        "batch_norm_eval": lambda: F.batch_norm(x, torch.zeros(4, dtype=torch.float64),
                                                torch.ones(4, dtype=torch.float64), None, b),
        "instance_norm": lambda: F.instance_norm(x, None, None, None, b),
    }
    for name, f in norms.items():
        gx, gb = torch.autograd.grad(f(), (x, b), g0, create_graph=True)
        print(name, gx.grad_fn.name(), gb.grad_fn.name())
        for which, total in (("gx", lambda: gx.sin().sum()), ("gb", lambda: gb.sin().sum()),
                             ("both", lambda: gx.sin().sum() + gb.sin().sum())):
            for wrt in ("x", "g0", "b"):
                attempt(lambda: [None if t is None else round(t.abs().sum().item(), 6) for t in
                                 torch.autograd.grad(total(), {"x": x, "g0": g0, "b": b}[wrt], allow_unused=True)])
    for wrt in ((x,), (x, b), (b,)):
        for create_graph in (False, True):
            y = F.group_norm(x, 2, None, b)
            attempt(lambda: [round(t.abs().sum().item(), 6) for t in
                             torch.autograd.grad(y.pow(2).sum(), wrt, create_graph=create_graph)])
    """],
)
