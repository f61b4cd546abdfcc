"""Parity cases for the API of the beginner material (``docs/beginner_api.md``): the tensor functions, losses,
layers, optimizers, dtypes and utilities that PyTorch's tutorials, d2l and "Neural Networks: Zero to Hero"
call. Each case prints values, grad_fn names, next_functions, saved values, gradients and torch's errors, as
the cases of ``cases.py`` do; the helpers (``report``, ``nf``, ``show_graph``) are the same.
"""

from parity.cases import case

_X = """
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
v = torch.tensor([3., -4., 0.5], requires_grad=True)
p = torch.tensor([0.5, 2., 0.25], requires_grad=True)
"""


def _errors(name, *snippets):
    """A case that prints the error (class and message) each snippet raises, or its value."""
    lines = ["def attempt(f):", "    try:", "        print(f())", "    except Exception as e:",
             "        print(type(e).__name__, e)"]
    lines += [f"attempt(lambda: {s})" for s in snippets]
    case(name, [_X, "\n".join(lines)])


# ---------------------------------------------------------------------------------------------------------
# Tensor functions: values, grad_fn, next_functions and gradients (weights 1, 2, 3, ...).
# ---------------------------------------------------------------------------------------------------------
OPS = {
    "softmax_dim1": ("torch.softmax(x, 1)", "x"),
    "softmax_dim0_method": ("x.softmax(0)", "x"),
    "softmax_negative_dim": ("torch.softmax(x, dim=-1)", "x"),
    "log_softmax": ("torch.log_softmax(x, 1)", "x"),
    "log_softmax_method": ("x.log_softmax(dim=0)", "x"),
    "logsumexp": ("x.logsumexp(1)", "x"),
    "logsumexp_keepdim": ("torch.logsumexp(x, dim=0, keepdim=True)", "x"),
    "logsumexp_dims": ("x.logsumexp((0, 1))", "x"),
    "var": ("x.var()", "x"),
    "var_dim_keepdim": ("x.var(0, keepdim=True)", "x"),
    "var_unbiased_false": ("x.var(1, unbiased=False)", "x"),
    "var_correction": ("torch.var(x, dim=1, correction=0)", "x"),
    "std": ("x.std()", "x"),
    "std_dim_keepdim": ("x.std(0, keepdim=True)", "x"),
    "std_axis": ("v.std(axis=0)", "v"),
    "norm": ("torch.norm(v)", "v"),
    "norm_method": ("x.norm()", "x"),
    "norm_p1": ("v.norm(1)", "v"),
    "norm_dim": ("x.norm(dim=1)", "x"),
    "norm_p3_keepdim": ("x.norm(p=3, dim=0, keepdim=True)", "x"),
    "norm_inf": ("v.norm(float('inf'))", "v"),
    "cumsum": ("x.cumsum(1)", "x"),
    "cumsum_dim0": ("torch.cumsum(x, dim=0)", "x"),
    "cumsum_axis": ("v.cumsum(axis=0)", "v"),
    "topk": ("v.topk(2).values", "v"),
    "topk_smallest_dim0": ("torch.topk(x, 1, dim=0, largest=False)[0]", "x"),
    "flip": ("x.flip(0)", "x"),
    "flip_dims": ("torch.flip(x, [0, 1])", "x"),
    "narrow": ("x.narrow(1, 1, 2)", "x"),
    "narrow_negative_start": ("torch.narrow(x, 0, -1, 1)", "x"),
    "round": ("torch.round(x * 1.5)", "x"),
    "round_decimals": ("torch.round(x / 3, decimals=2)", "x"),
    "log10": ("p.log10()", "p"),
    "masked_fill": ("x.masked_fill(x > 0, 0.5)", "x"),
    "masked_fill_row_mask": ("x.masked_fill(torch.tensor([True, False, True]), -1.)", "x"),
    "scatter_value": ("x.scatter(1, torch.tensor([[2], [0]]), 9.)", "x"),
    "sum_axis_keepdims": ("x.sum(axis=1, keepdims=True)", "x"),
    "mean_axis": ("x.mean(axis=0)", "x"),
    "sum_axis_list": ("x.sum(axis=[0, 1])", "x"),
}
for _name, (_expr, _leaves) in OPS.items():
    case(f"api_op_{_name}", [_X, f"out = {_expr}\nreport(out, {_leaves})"])

case(
    "api_saved_values",
    [_X, """
    for y in (torch.softmax(x, -1), x.log_softmax(0)):
        print(y.grad_fn.name(), y.grad_fn._saved_dim, y.grad_fn._saved_result)
    y = x.logsumexp(-1)
    print(y.grad_fn._saved_dim, y.grad_fn._saved_keepdim, y.grad_fn._saved_self is x, y.grad_fn._saved_result)
    for y in (x.var(), x.var(0, keepdim=True), x.var(-1, unbiased=False), x.var((0, 1), correction=0)):
        g = y.grad_fn
        print(g.name(), g._saved_dim, g._saved_correction, g._saved_keepdim, g._saved_self is x)
    for y in (x.std(), x.std(1, True, True)):
        g = y.grad_fn
        print(g.name(), g._saved_dim, g._saved_correction, g._saved_keepdim, g._saved_result)
    for y in (x.norm(), v.norm(1), x.norm(dim=-1, keepdim=True)):
        g = y.grad_fn
        print(g._saved_ord, g._saved_dim, g._saved_keepdim, g._saved_self is x, g._saved_result)
    print(x.cumsum(-1).grad_fn._saved_dim, x.flip(-1, 0).grad_fn._saved_dims)
    t = x.topk(2, dim=-1)[0].grad_fn
    print(t._saved_dim, t._saved_self_sym_sizes, t._saved_indices)
    print(torch.round(x).grad_fn.name(), torch.round(x, decimals=1).grad_fn.name(), p.log10().grad_fn._saved_self)
    m = x.masked_fill(x > 0, 0.).grad_fn
    print(m.name(), m._saved_mask)
    s = x.scatter(0, torch.tensor([[1, 0, 1]]), 2.).grad_fn
    print(s.name(), s._saved_dim, s._saved_index)
    """],
)
case(
    "api_reductions_values",
    """
    A = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    print(A.cumsum(axis=0), A.cumsum(1), torch.tensor([1, 2, 3]).cumsum(0), torch.tensor([True, True]).cumsum(0))
    print(torch.tensor([1, 2, 3], dtype=torch.int32).cumsum(0), A.cumsum(0, dtype=torch.float64))
    print(A.sum(axis=0), A.sum(axis=[0, 1]), A.mean(axis=0), A.sum(axis=1, keepdims=True), A.argmax(axis=1))
    print(A.std(), A.var(0), A.std(1, keepdim=True), A.var(False), A.std(correction=2))
    print(torch.norm(torch.tensor([3.0, -4.0])), torch.norm(torch.ones((4, 9))), A.norm(dim=(0, 1)))
    print(A.norm(1), A.norm(float('inf')), A.norm(0), A.norm(-float('inf')), A.norm(2.5))
    print(A.logsumexp(1), torch.logsumexp(torch.tensor([1000., 1000.]), 0), torch.tensor([1, 2]).logsumexp(0))
    print(torch.logsumexp(torch.tensor([-float('inf'), -float('inf')]), 0), A.max(axis=1))
    print(torch.topk(torch.tensor([1., 3., 2., 3.]), 2), torch.tensor([1., 3., 2.]).topk(2, largest=False))
    print(torch.topk(torch.tensor([[1, 5, 2], [4, 0, 9]]), 2, dim=0), torch.tensor(5.).topk(1))
    print(torch.tensor([[2, 7], [7, 1]], dtype=torch.uint8).topk(1), torch.tensor([True, False]).topk(1))
    """,
)
case(
    "api_all_any",
    """
    x = torch.tensor([[1., 0.], [2., 3.]])
    print(torch.all(x), x.all(0), x.any(dim=1, keepdim=True), torch.tensor([1, 2], dtype=torch.uint8).all())
    print(torch.tensor([]).all(), torch.tensor([]).any(), torch.any(torch.tensor([0., float('nan')])))
    print(x.all(dim=(0, 1)), x.any(axis=0), (x > 0).all(), torch.all(x == x).item(), torch.any(x < 0).item())
    print(torch.tensor([0, 0, 3], dtype=torch.uint8).any(0))
    """,
)
case(
    "api_histogram",
    """
    h = torch.histogram(torch.tensor([1., 2., 1., 4.]), bins=3)
    print(h)
    print(h.hist, h.bin_edges, h[0] is h.hist)
    print(torch.histogram(torch.tensor([1., 2., 1., 4.]), bins=3, density=True))
    w = torch.tensor([1., 2., 3., 4.])
    print(torch.histogram(torch.tensor([1., 2., 1., 4.]), bins=4, range=(0., 4.), weight=w))
    print(torch.histogram(torch.tensor([1., 2., 1., 4.]), torch.tensor([0., 1.5, 5.])))
    print(torch.histogram(torch.tensor([3., 3.]), bins=2))
    t = torch.linspace(-1, 1, 21).requires_grad_()
    hy, hx = torch.histogram(t.tanh().detach(), density=True)
    print(hy.shape, hx.shape, hx[:3], hy[:5], hy.sum())
    hy, hx = torch.histogram(torch.arange(10.) / 3, 4, density=True)
    print(hx[:-1].detach(), hy.detach(), hy.requires_grad)
    """,
)
case(
    "api_pointwise_values",
    """
    print(torch.round(torch.tensor([0.5, 1.5, 2.5, -0.5, -1.5, 1.25])), torch.tensor([5, 3]).round())
    print(torch.round(torch.tensor([0.125, 1.25, 2.675]), decimals=2))
    print(torch.round(torch.tensor([5., 15., 25.]), decimals=-1))
    print(torch.tensor([10., 100., 0.001]).log10(), torch.tensor([10, 1000]).log10(), torch.tensor(0.).log10())
    print(torch.tensor([5., -5., 7.5]) // 2, torch.tensor([5, -5, 7]) // 2, 7 // torch.tensor([2, -3]))
    print(torch.tensor([5, 7]) // 2.5, torch.tensor([5, 7], dtype=torch.int32) // torch.tensor([2], dtype=torch.int8))
    print(torch.tensor([1., -1., 0.]) // 0., torch.floor_divide(torch.tensor([5.]), torch.tensor([2.])))
    y = torch.tensor([7, 8]); y //= 3; print(y)
    z = torch.tensor([7., 8.]); z.floor_divide_(2); print(z)
    A = torch.arange(6.).reshape(2, 3)
    print(A.flip(0), A.flip(0, 1), torch.flip(A, dims=(1,)), A.narrow(1, 1, 2), A.narrow(0, -1, 1))
    print(torch.narrow(A, 1, torch.tensor(0), 2), A.narrow(1, 3, 0), A.narrow(1, 1, 2).is_contiguous())
    print(A.masked_fill(A > 2, -1), A.masked_fill(torch.tensor([True, False, False]), 0.5))
    B = A.clone(); B.masked_fill_(B == 0, 10); print(B)
    print(torch.zeros(10, dtype=torch.float).scatter_(0, torch.tensor(3), value=1))
    print(torch.zeros(10).scatter_(dim=0, index=torch.tensor(7), value=1))
    print(torch.zeros(3, 4).scatter(1, torch.tensor([[1], [2], [0]]), 5.))
    print(torch.zeros(3).scatter_(0, torch.tensor([1, 2]), 1.5))
    print(torch.zeros(2, 2, dtype=torch.int64).scatter(0, torch.tensor([[1, 0]]), 7))
    """,
)
_errors(
    "api_pointwise_errors",
    "torch.tensor([5]) // 0",
    "torch.tensor([True]) // torch.tensor([True])",
    "x.masked_fill(torch.tensor([1, 0, 1]), 0.5)",
    "x.masked_fill(torch.tensor([True, False]), 0.5)",
    "torch.zeros(10).scatter_(0, torch.tensor(11), value=1)",
    "torch.zeros(10).scatter_(0, torch.tensor(1.), value=1)",
    "torch.zeros(3, 4).scatter_(0, torch.tensor([1]), value=1)",
    "torch.zeros(3, 4).scatter_(0, torch.tensor([[1, 1, 1, 1, 1]]), value=1)",
    "x.narrow(1, 2, 2)",
    "x.narrow(1, 5, 1)",
    "x.narrow(1, -4, 1)",
    "x.narrow(2, 0, 1)",
    "torch.tensor(1.).narrow(0, 0, 1)",
    "x.narrow(1, 0, -1)",
    "x.flip(0, 0)",
    "x.flip(2)",
    "x.flip()",
    "torch.tensor(1.).flip(0)",
    "torch.round(torch.tensor([5, 15]), decimals=-1)",
    "x.cumsum()",
    "x.logsumexp()",
    "x.topk(4)",
    "torch.tensor([1, 2]).std()",
    "torch.tensor([1, 2]).var(0)",
    "torch.tensor([3, 4]).norm()",
    "torch.tensor([[1, 2]]).softmax(0)",
    "torch.tensor([1, 2]).softmax(0)",
    "torch.tensor([1, 2]).log_softmax(0)",
    "torch.tensor([[1, 2]]).log_softmax(0)",
    "torch.softmax(x)",
    "torch.histogram(torch.tensor([1, 2]))",
    "x.sum(dim=0, axis=1)",
    "torch.sum(x, 0, keepdim=True, keepdims=True)",
)
case(
    "api_floor_divide_graph",
    """
    x = torch.tensor([5., 3.], requires_grad=True)
    y = x // 2
    print(y, type(y.grad_fn).__name__, y.grad_fn.name(), nf(y))
    try:
        y.sum().backward()
    except RuntimeError as e:
        print(e)
    with torch.no_grad():
        print(x // 2)
    print((x.detach() // 2).requires_grad)
    """,
)
case(
    "api_std_degrees_of_freedom",
    """
    print(torch.tensor([1.]).std())
    y = torch.tensor([1.], requires_grad=True).var()
    print(y)
    y.backward()
    print(torch.ones(2, 3).var(0, correction=2))
    """,
)
