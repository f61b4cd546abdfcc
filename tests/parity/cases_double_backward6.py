"""Parity cases for the graphs ``create_graph=True`` records for the gradients of
indexing, shapes, joining, linear algebra and sequences:
torch's backward formulas (derivatives.yaml) op for op, their node names and edges,
and the derivatives taken through them."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

# float64 leaves (each k its own values) and values rounded for printing, for this module and the next
LEAVES = """
def leaf(*shape, k=0):
    t = torch.linspace(-1.3, 1.7, torch.Size(shape).numel(), dtype=torch.float64) * (1 + 0.1 * k)
    return t.reshape(shape).pow(2).mul(2.3).sin().mul(2).add(0.3 * k).requires_grad_()

def rounded(t):
    return None if t is None else [round(v, 8) + 0.0 for v in t.flatten().tolist()]  # + 0.0: no -0.0
"""
# Shared by the cases below: a gradient of the output that requires grad too (so that the graph of each gradient
# shows every op of the backward), each gradient's graph, then second derivatives through it.
_SECOND = LEAVES + """

def second(f, *ins):
    ys = f(*ins)
    ys = [y for y in (ys if isinstance(ys, (tuple, list)) else (ys,)) if y.requires_grad]
    vs = [(torch.linspace(0.5, -1.5, y.numel(), dtype=torch.float64).reshape(y.shape).cos() + 0.2).requires_grad_()
          for y in ys]
    grads = torch.autograd.grad(ys, ins, vs, create_graph=True, allow_unused=True)
    for g in grads:
        show_graph(g)
    gs = [g for g in grads if g is not None and g.requires_grad]
    h = torch.autograd.grad(sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(gs)), (*ins, *vs), allow_unused=True)
    print([rounded(t) for t in h])
"""

# ---------------------------------------------------------------------------------------------------------
# Indexing's backward puts the gradient into zeros as torch's formulas do: index_backward is _index_put_impl_
# (IndexPutImplBackward0, its zeros an edge of None), index_select's is index_add_ (IndexAddBackward0), gather's
# and take_along_dim's are scatter_add (ScatterAddBackward0); index_add's source gradient is index_select, expand_as,
# then the Scalar multiply by alpha (MulBackward1).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward6_index_graph",
    [_SECOND, """
    idx = torch.tensor([0, 2, 2])
    second(lambda x: x[idx], leaf(3, 4))
    second(lambda x: x[idx, torch.tensor([1, 0, 3])], leaf(3, 4))
    second(lambda x: x[x > 0], leaf(3, 4))
    second(lambda x: x[:, idx], leaf(3, 4))
    second(lambda x: x[[1, 0]].pow(2), leaf(2, 3))
    x = leaf(3, 4)
    g, = torch.autograd.grad(x[idx], x, leaf(3, 4, k=1), create_graph=True)
    print(g.grad_fn.name(), nf(g), g.grad_fn._saved_accumulate, g.grad_fn._saved_indices)
    """],
)

case(
    "api_double_backward6_index_select_graph",
    [_SECOND, """
    idx = torch.tensor([0, 2, 2])
    second(lambda x: x.index_select(1, idx), leaf(3, 4))
    second(lambda x: torch.index_select(x, -2, idx).pow(2), leaf(3, 4))
    second(lambda x: x.index_select(0, torch.tensor([0])), leaf(k=2))
    x = leaf(3, 4)
    g, = torch.autograd.grad(x.index_select(-1, idx), x, leaf(3, 3, k=1), create_graph=True)
    print(g.grad_fn.name(), nf(g), g.grad_fn._saved_dim, g.grad_fn._saved_index, g.grad_fn._saved_alpha)
    """],
)

case(
    "api_double_backward6_gather_graph",
    [_SECOND, """
    second(lambda x: x.gather(1, torch.tensor([[0, 1], [2, 2], [3, 0]])), leaf(3, 4))
    second(lambda x: x.gather(-2, torch.tensor([[0, 1, 2, 0], [2, 2, 1, 1]])).pow(2), leaf(3, 4))
    second(lambda x: torch.take_along_dim(x, torch.tensor([[0], [2], [1]]), 1), leaf(3, 4))
    x = leaf(3, 4)
    g, = torch.autograd.grad(x.gather(-1, torch.tensor([[1], [0], [3]])), x, leaf(3, 1, k=1), create_graph=True)
    print(g.grad_fn.name(), nf(g), g.grad_fn._saved_dim, g.grad_fn._saved_index)
    """],
)

case(
    "api_double_backward6_index_add_graph",
    [_SECOND, """
    idx = torch.tensor([0, 2, 2])
    second(lambda x, s: x.index_add(0, idx, s), leaf(3, 4), leaf(3, 4, k=1))
    second(lambda x, s: x.index_add(1, torch.tensor([0, 3]), s, alpha=2.), leaf(3, 4), leaf(3, 2, k=1))
    second(lambda x, s: torch.index_add(x, -1, torch.tensor([3]), s * s, alpha=-0.5), leaf(3, 4), leaf(3, 1, k=1))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# masked_scatter's source gradient is torch's one op masked_scatter_backward (MaskedScatterBackwardBackward0, saving
# the mask), whose own gradient is a masked_scatter into zeros.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward6_masked_scatter_graph",
    [_SECOND, """
    second(lambda x, s: x.masked_scatter(x > 0, s), leaf(3, 4), leaf(12, k=1))
    row = torch.tensor([True, False, True, True])
    second(lambda x, s: x.masked_scatter(row, s).pow(2), leaf(3, 4), leaf(4, 4, k=1))
    x, s = leaf(3, 4), leaf(3, 5, k=1)
    _, g = torch.autograd.grad(x.masked_scatter(x > 0, s), (x, s), leaf(3, 4, k=2), create_graph=True)
    print(g.grad_fn.name(), nf(g), g.grad_fn._saved_mask)
    """],
)

# ---------------------------------------------------------------------------------------------------------
# trace's backward is torch's index_fill_ of the gradient into the flattened zeros at the diagonal's positions
# (IndexFillBackward1), viewed as the matrix (ViewBackward0); tall and wide matrices too.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward6_trace_graph",
    [_SECOND, """
    for shape in ((3, 3), (3, 1), (2, 4), (0, 2)):
        second(lambda x: x.trace(), leaf(*shape))
        second(lambda x: (x * x).trace(), leaf(*shape))
    x = leaf(2, 4)
    g, = torch.autograd.grad(x.trace(), x, leaf(k=1), create_graph=True)
    node = g.grad_fn.next_functions[0][0]
    edges = [(n and n.name(), nr) for n, nr in node.next_functions]
    print(g.grad_fn.name(), g.grad_fn._saved_self_sym_sizes, node.name(), edges, node._saved_dim, node._saved_index)
    """],
)

# ---------------------------------------------------------------------------------------------------------
# t[key] = value with a value that broadcasts: torch's copy_to views the value first (ViewBackward0), even when it
# has no leading 1 to drop, then expands it.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward6_setitem_graph",
    [_SECOND, """
    def put(x, v, key):
        b = x.clone()
        b[key] = v
        return b
    second(lambda x, v: put(x, v, slice(1, 3)), leaf(3, 4), leaf(4, k=1))
    second(lambda x, v: put(x, v * v, (slice(None), 1)), leaf(3, 4), leaf(1, k=1))
    second(lambda x, v: put(x, v, slice(0, 2)), leaf(3, 4), leaf(1, 4, k=1))
    second(lambda x, v: put(x, v, 1), leaf(3, 4), leaf(1, 4, k=1))
    x, v = leaf(3, 4), leaf(2, 1, k=1)
    show_graph(put(x, v, (slice(0, 2), slice(1, 3))))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# Cholesky's and QR's backward formulas as torch writes them in C++: ``0.5 * (gA + ...)`` and
# ``diagonal().mul_(0.5)`` take the Scalar overload (MulBackward1, with no edge for the number).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward6_cholesky_graph",
    [_SECOND, """
    def spd(n, k=0):
        a = leaf(n, n, k=k).detach()
        return (a @ a.T + n * torch.eye(n, dtype=torch.float64)).requires_grad_()
    second(lambda a: torch.linalg.cholesky(a), spd(3))
    second(lambda a: torch.linalg.cholesky(a, upper=True), spd(3, k=1))
    second(lambda a: torch.linalg.cholesky_ex(a).L.pow(2), spd(2, k=2))
    """],
)

case(
    "api_double_backward6_qr_graph",
    [_SECOND, """
    second(lambda a: torch.linalg.qr(a)[0], leaf(4, 3))
    second(lambda a: torch.linalg.qr(a)[1], leaf(4, 3))
    second(lambda a: torch.linalg.qr(a), leaf(3, 3, k=1))
    second(lambda a: torch.linalg.qr(a, mode="complete")[0], leaf(3, 3, k=2))
    second(lambda a: torch.linalg.qr(a)[1], leaf(2, 3, k=1))
    """],
)
