"""Parity cases for tensorfns: tensor functions student code calls (scatter_add, scatter_reduce, index_reduce,
masked_scatter, put, fmax, gcd, frexp, isin, diag_embed, split_with_sizes, cartesian_prod, renorm, ...): values,
grad_fn names, next_functions, saved values, gradients, second order and torch's errors."""

from parity.cases import LEAVES as _X
from parity.cases import case
from parity.cases import errors as _errors
from parity.cases import report_cases as _report_cases


def _saved(expression):
    """Code printing the saved attributes of ``expression``'s grad_fn (tensors as they print)."""
    return (f"_fn = ({expression}).grad_fn\n"
            "print(_fn.name(), {k: getattr(_fn, k) for k in dir(_fn) if k.startswith('_saved_')})")


def _second_order(expression, leaves):
    """Code printing the first derivatives of ``(expression * w).sum()`` with create_graph=True, their grad_fn, and
    the second derivatives of their squares' sum."""
    return f"""
_out = {expression}
_w = torch.arange(1., _out.numel() + 1).reshape(_out.shape).to(_out.dtype)
_gs = torch.autograd.grad((_out * _w).sum(), [{leaves}], create_graph=True)
for _g in _gs:
    print(_g, _g.grad_fn.name() if _g.grad_fn else None, nf(_g) if _g.grad_fn else None)
_total = sum((_g * _g).sum() for _g in _gs)
print(torch.autograd.grad(_total, [{leaves}], allow_unused=True) if _total.requires_grad else "constant")
"""


# ---------------------------------------------------------------------------------------------------------
# scatter_add, scatter_reduce, index_reduce, masked_scatter, put
# ---------------------------------------------------------------------------------------------------------
_SCATTER = """
x = torch.tensor([[1., -2., 3., 0.], [0.5, 4., -1., 2.], [2., 2., 0., -3.]], requires_grad=True)
s = torch.tensor([[2., 0.5, -1., 3.], [-2., 1.5, 4., 2.]], requires_grad=True)
i = torch.tensor([[0, 1, 2, 0], [2, 2, 1, 0]])
m = torch.tensor([[True, False, True, False], [False, True, True, False], [True, False, False, True]])
import warnings
warnings.simplefilter("ignore")  # index_reduce warns once a process, as torch does
"""
_report_cases("api_tensorfns_", _SCATTER, """
    scatter_add: torch.scatter_add(x, 0, i, s) ; x, s
    scatter_add_method: x.scatter_add(-2, i, s) ; x, s
    scatter_add_dim1: x.scatter_add(1, i[:, :3], s[:, :3]) ; x, s
    scatter_add_larger_src: x.scatter_add(1, i[:, :3], s) ; x, s
    scatter_reduce_sum: torch.scatter_reduce(x, 0, i, s, "sum") ; x, s
    scatter_reduce_sum_exclude: torch.scatter_reduce(x, 0, i, s, "sum", include_self=False) ; x, s
    scatter_reduce_prod: torch.scatter_reduce(x, 0, i, s, "prod") ; x, s
    scatter_reduce_prod_exclude: x.scatter_reduce(0, i, s, "prod", include_self=False) ; x, s
    scatter_reduce_mean: torch.scatter_reduce(x, 0, i, s, "mean") ; x, s
    scatter_reduce_mean_exclude: torch.scatter_reduce(x, 0, i, s, reduce="mean", include_self=False) ; x, s
    scatter_reduce_amax: torch.scatter_reduce(x, 0, i, s, "amax") ; x, s
    scatter_reduce_amax_exclude: x.scatter_reduce(0, i, s, "amax", include_self=False) ; x, s
    scatter_reduce_amin: torch.scatter_reduce(x, 1, i, s, "amin") ; x, s
    scatter_reduce_amin_exclude: torch.scatter_reduce(x, -1, i, s, "amin", include_self=False) ; x, s
    index_reduce_prod: torch.index_reduce(x, 0, torch.tensor([0, 2]), s, "prod") ; x, s
    index_reduce_prod_exclude: x.index_reduce(0, torch.tensor([2, 2]), s, "prod", include_self=False) ; x, s
    index_reduce_mean: torch.index_reduce(x, 1, torch.tensor([0, 3, 3, 1]), torch.cat([s, s[:1]]), "mean") ; x, s
    index_reduce_mean_exclude: x.index_reduce(0, torch.tensor([1, 1]), s, "mean", include_self=False) ; x, s
    index_reduce_amax: torch.index_reduce(x, 0, torch.tensor([0, 0]), s, "amax") ; x, s
    index_reduce_amin_exclude: x.index_reduce(0, torch.tensor([2, 1]), s, "amin", include_self=False) ; x, s
    masked_scatter: torch.masked_scatter(x, m, s) ; x, s
    masked_scatter_method: x.masked_scatter(m, s.double().float()) ; x, s
    masked_scatter_broadcast: torch.masked_scatter(x[0], m, torch.cat([s, s]).flip(0)) ; x, s
    put: torch.put(x, torch.tensor([0, 11, -2]), s[0, :3]) ; x, s
    put_accumulate: x.put(torch.tensor([[1, 1], [5, 1]]), s[:, :2], accumulate=True) ; x, s
""")
case("api_tensorfns_scatter_saved", [_SCATTER, "\n".join([
    _saved("torch.scatter_add(x, -2, i, s)"),
    _saved("torch.scatter_reduce(x, 0, i, s, 'prod', include_self=False)"),
    _saved("torch.index_reduce(x, 0, torch.tensor([0, 2]), s, 'amax')"),
    _saved("torch.masked_scatter(x, m, s)"),
    _saved("torch.put(x, torch.tensor([0, 11]), s[0, :2], True)"),
])])
case("api_tensorfns_scatter_second_order", [_SCATTER, "import warnings\nwarnings.simplefilter('ignore')\n"
                                            + "\n".join(_second_order(e, "x, s") for e in [
    "torch.scatter_add(x, 0, i, s)",
    "torch.scatter_reduce(x, 0, i, s, 'sum', include_self=False)",
    "torch.scatter_reduce(x, 0, i, s, 'prod')",
    "torch.scatter_reduce(x, 0, i, s, 'mean')",
    "torch.scatter_reduce(x, 0, i, s, 'amax', include_self=False)",
    "torch.index_reduce(x, 0, torch.tensor([0, 2]), s, 'prod')",
    "torch.index_reduce(x, 0, torch.tensor([0, 0]), s, 'mean', include_self=False)",
    "torch.index_reduce(x, 0, torch.tensor([1, 0]), s, 'amin')",
    "torch.masked_scatter(x, m, s)",
    "torch.put(x, torch.tensor([0, 11]), s[0, :2])",
])])
case("api_tensorfns_scatter_in_place_and_dtypes", [_SCATTER, """
import warnings
warnings.simplefilter('ignore')
y = x.detach().clone().requires_grad_(False)
print(y.scatter_add_(0, i, s.detach()), y.scatter_reduce_(1, i, s.detach(), "amax", include_self=False))
for f in [lambda z: z.scatter_add_(0, i, s), lambda z: z.scatter_reduce_(0, i, s, "mean"),
          lambda z: z.index_reduce_(0, torch.tensor([1, 1]), s, "prod"), lambda z: z.masked_scatter_(m, s),
          lambda z: z.put_(torch.tensor([3, 4]), s[1, :2], accumulate=True)]:
    z = x * 1
    f(z)
    print(z.grad_fn.name(), nf(z))
    (z * z).sum().backward()
    print(x.grad, s.grad)
k = torch.tensor([[3, 1, 4], [1, 5, 9]])
j = torch.tensor([[0, 0, 1], [1, 0, 1]])
for r in ["sum", "prod", "mean", "amax", "amin"]:
    print(r, torch.scatter_reduce(k, 1, j, torch.tensor([[2, -7, 6], [5, 3, 8]]), r),
          torch.scatter_reduce(k, 1, j, torch.tensor([[2, -7, 6], [5, 3, 8]]), r, include_self=False))
    print(torch.scatter_reduce(x.double(), 0, i, s.double(), r, include_self=False))
for r in ["prod", "mean", "amax", "amin"]:
    print(r, torch.index_reduce(k, 1, torch.tensor([2, 2]), torch.tensor([[2, -7], [5, 3]]), r),
          torch.index_reduce(k, 1, torch.tensor([2, 0]), torch.tensor([[2, -7], [5, 3]]), r, include_self=False))
print(torch.scatter_add(k, 0, j, k * 10), torch.scatter_add(torch.tensor(2.), 0, torch.tensor(0), torch.tensor(5.)))
print(torch.scatter_reduce(torch.tensor([True, False]), 0, torch.tensor([0, 0]), torch.tensor([True, True]), "sum"))
print(torch.masked_scatter(k, k > 3, torch.tensor([-1, -2, -3, -4])))
print(torch.put(k, torch.tensor([0, -1]), torch.tensor([7, 8])))
nan = torch.tensor([float('nan'), 1., 5.])
print(torch.scatter_reduce(torch.tensor([0., 2., 1.]), 0, torch.tensor([0, 1, 0]), nan, 'amax'))
"""])
_errors(
    "api_tensorfns_scatter_errors",
    "torch.scatter_add(x, 0, torch.tensor([[0, 1, 0]]), torch.ones(2, 3).double())",
    "torch.scatter_add(x, 0, torch.tensor([[0., 1., 0.]]), torch.ones(2, 3))",
    "torch.scatter_add(x, 0, torch.tensor([0, 1, 0]), torch.ones(2, 3))",
    "torch.scatter_add(x, 0, torch.tensor([[0, 2, 0]]), torch.ones(2, 3))",
    "torch.scatter_add(x, 0, torch.tensor([[0, 1, 0, 1]]), torch.ones(2, 3))",
    "torch.scatter_add(x, 2, torch.tensor([[0, 1, 0]]), torch.ones(2, 3))",
    "torch.scatter_add(x, 0, torch.tensor([[0, 1, 0]]), 5)",
    "torch.scatter_add(x, 0, torch.tensor([[0, 1, 0]]).int(), torch.ones(2, 3))",
    "torch.scatter_reduce(x, 0, torch.tensor([[0, 1, 0]]), torch.ones(2, 3), 'add')",
    "torch.scatter_reduce(v, 0, torch.tensor([0, 0]), torch.tensor([5., -5.]), 'max')",
    "torch.scatter_reduce(v, 0, torch.tensor([0, 0]), torch.tensor([5., -5.]), 'min').sum().backward()",
    "torch.scatter_reduce(x, 0, torch.tensor([[0, 1, 0]]), torch.ones(2, 3))",
    "torch.scatter_reduce(x, 0, torch.tensor([[0, 1, 0]]), torch.ones(2, 3).double(), 'sum')",
    "torch.scatter_reduce(x, 0, torch.tensor([[0, 3, 0]]), torch.ones(2, 3), 'amax')",
    "torch.scatter_reduce(torch.tensor([True]), 0, torch.tensor([0]), torch.tensor([True]), 'mean')",
    "torch.index_reduce(x, 0, torch.tensor([0, 1]), torch.ones(2, 3), 'sum')",
    "torch.index_reduce(x, 0, torch.tensor([0, 1]), torch.ones(2, 3).double(), 'prod')",
    "torch.index_reduce(x, 0, torch.tensor([0., 1.]), torch.ones(2, 3), 'prod')",
    "torch.index_reduce(x, 0, torch.tensor([0, 2]), torch.ones(2, 3), 'prod')",
    "torch.index_reduce(x, 0, torch.tensor([[0, 1]]), torch.ones(2, 3), 'prod')",
    "torch.index_reduce(x, 0, torch.tensor([0, 1, 1]), torch.ones(2, 3), 'prod')",
    "torch.index_reduce(x, 0, torch.tensor([0, 1]), torch.ones(2, 2), 'prod')",
    "torch.masked_scatter(x, (x > 0).float(), torch.ones(6))",
    "torch.masked_scatter(x, x > 0, torch.ones(6).double())",
    "torch.masked_scatter(x, x > 0, torch.ones(2))",
    "torch.masked_scatter(x, torch.tensor([True, False]), torch.ones(6))",
    "torch.masked_scatter(x, x > 0, 1.)",
    "x.detach()[0].masked_scatter_(x > 0, torch.ones(6))",
    "x.masked_scatter_(x > 0, torch.ones(6))",
    "torch.put(x, torch.tensor([0, 6]), torch.ones(2))",
    "torch.put(x, torch.tensor([0, -7]), torch.ones(2))",
    "torch.put(x, torch.tensor([0, 1]), torch.ones(3))",
    "torch.put(x, torch.tensor([0., 1.]), torch.ones(2))",
    "torch.put(x, torch.tensor([0, 1]).int(), torch.ones(2))",
    "torch.put(x, torch.tensor([0, 1]), torch.ones(2).double())",
    "x.put_(torch.tensor([0, 1]), torch.ones(2))",
    "torch.scatter_reduce(x, 0, torch.tensor([[0, 0]]), torch.tensor([[0., 0.]], requires_grad=True), 'prod')",
    "x.scatter_add(0, torch.tensor([[0]]), 1)",
    "x.detach().scatter_add_(0, torch.tensor([[0]]), src=1)",
    "x.scatter_reduce(0, torch.tensor([[0]]), 1., 'sum')",
    "x.detach().scatter_reduce_(0, torch.tensor([[0]]), 1, 'sum')",
    "x.index_reduce(0, torch.tensor([0]), 1, 'prod')",
    "x.detach().index_reduce_(0, torch.tensor([0]), 1, 'prod')",
    "x.masked_scatter(x > 0, 1)",
    "x.put(torch.tensor([0]), 1)",
    "x.detach().put_(torch.tensor([0]), [1.])",
    "torch.put(x, torch.tensor([0]), 1)",
    "torch.index_reduce(x, 0, torch.tensor([0]), 1, 'prod')",
    fresh_process=True,
)


# ---------------------------------------------------------------------------------------------------------
# fmax, fmin, gcd, lcm, frexp, msort, isin, unravel_index
# ---------------------------------------------------------------------------------------------------------
_NAN = """
a = torch.tensor([[1., float('nan'), 3.], [float('nan'), 2., -1.]], requires_grad=True)
b = torch.tensor([[float('nan'), float('nan'), 1.], [2., 2., 0.5]], requires_grad=True)
r = torch.tensor([0.5, 0.75], requires_grad=True)
c = torch.tensor([[3., -1.], [0.25, 2.], [-6., 1.5]], requires_grad=True)
"""
_report_cases("api_tensorfns_", _NAN, """
    fmax: torch.fmax(a, b) ; a, b
    fmax_method: a.fmax(b) ; a, b
    fmax_broadcast: torch.fmax(a, torch.tensor([1., float('nan'), 0.]).requires_grad_()) ; a
    fmax_float64: torch.fmax(a, b.double()) ; a, b
    fmin: torch.fmin(a, b) ; a, b
    fmin_method_zero_dim: a.fmin(torch.tensor(2.)) ; a
    frexp_mantissa: torch.frexp(c * 3).mantissa ; c
    frexp_method: c.frexp()[0] ; c
    frexp_float64: torch.frexp(c.double() / 7)[0] ; c
    msort: torch.msort(c) ; c
    msort_method: c.msort() ; c
""")
case("api_tensorfns_numbers_values_and_saved", [_NAN, """
print(torch.fmax(torch.tensor([1, 5]), torch.tensor([3., 2.])), torch.fmax(torch.tensor([1, 5]), torch.tensor([3, 2])))
print(torch.fmin(torch.tensor([True, False]), torch.tensor([False, False])))
print(torch.fmin(torch.tensor([-0.]), torch.tensor([0.])))
print(torch.fmax(a.detach(), torch.tensor(2., dtype=torch.float64)), torch.fmin(a.detach().half(), b.detach()))
y = torch.fmax(a, b)
print(y.grad_fn._saved_self, y.grad_fn._saved_other)
print(torch.gcd(torch.tensor([12, -18, 0, 7]), torch.tensor([8, 12, 0, -21])))
print(torch.lcm(torch.tensor([12, -18, 0, 7]), torch.tensor([8, 12, 0, -21])))
print(torch.tensor([12, 9]).lcm(torch.tensor(6)))
print(torch.gcd(torch.tensor([4], dtype=torch.int8), torch.tensor([6])), torch.tensor([100, 7], dtype=torch.int8).lcm(
      torch.tensor([3, 5], dtype=torch.int8)))
k = torch.tensor([12, 10], dtype=torch.int16)
print(k.gcd_(torch.tensor([8, 4])), k, k.lcm_(torch.tensor([3, 3], dtype=torch.int16)), k)
f = torch.frexp(torch.tensor([0., 1., -3.5, 1e-40, float('inf'), float('nan'), 8., -0.]))
print(f, type(f).__name__, f.mantissa is f[0], f.exponent.dtype)
print(torch.frexp(torch.tensor(3.)), torch.frexp(torch.tensor([1., 3., 1e-300], dtype=torch.float64)))
m, e = torch.frexp(c * 100)
print(m.grad_fn._saved_exponent, e.requires_grad, e.grad_fn)
m, e = torch.frexp(torch.tensor([1e-300, 3.], dtype=torch.float64, requires_grad=True))
print(torch.autograd.grad(m.sum(), m.grad_fn.next_functions[0][0].variable))
print(torch.msort(torch.tensor(3.)), torch.msort(torch.tensor([[3, 1], [1, 2], [2, 0]])))
print(torch.msort(c).grad_fn._saved_dim)
"""])
case("api_tensorfns_numbers_second_order", [_NAN, "\n".join(_second_order(e, ls) for e, ls in [
    ("torch.fmax(a, b)", "a, b"), ("torch.fmin(a, b)", "a, b"), ("torch.frexp(c * 3)[0]", "c"),
    ("torch.msort(c)", "c")])])
case("api_tensorfns_isin_unravel_index", """
import math
t = torch.tensor([[1, 2], [3, 4]])
print(torch.isin(t, torch.tensor([2, 4])), torch.isin(t, torch.tensor([2, 4]), invert=True))
print(torch.isin(t, 2), torch.isin(3, torch.tensor([2, 3])), torch.isin(3.5, t))
print(torch.isin(torch.tensor([[1., 2.], [3., math.nan]]), torch.tensor([2., math.nan])))
print(torch.isin(torch.tensor([1, 2]), torch.tensor([2.])))
print(torch.isin(torch.tensor([1, 2]), torch.tensor([2.5]), assume_unique=True))
print(torch.isin(elements=torch.tensor([1]), test_elements=torch.tensor([1])))
print(torch.isin(torch.tensor([1], dtype=torch.uint8), torch.tensor([257])), torch.isin(torch.tensor([1.5]), 1))
print(torch.isin(torch.tensor([0.5, 1.]).requires_grad_(), torch.tensor([1.])))
print(torch.unravel_index(torch.tensor([4, 1, 11]), (3, 4)), torch.unravel_index(torch.tensor(5), (3, 4)))
print(torch.unravel_index(torch.tensor([12, -1]), (3, 4)), torch.unravel_index(torch.tensor([[1, 2]]), [3, 4]))
print(torch.unravel_index(torch.tensor([1]), 5), torch.unravel_index(torch.tensor([1]), ()))
print(torch.unravel_index(torch.tensor([1, 7], dtype=torch.int32), (3, 4)))
print(torch.unravel_index(torch.tensor([0]), torch.Size([2])))
print(torch.unravel_index(torch.tensor([5, 22]), (2, 3, 4)))
""")
_errors(
    "api_tensorfns_numbers_errors",
    "torch.fmax(x, 2.)",
    "torch.fmax(x, torch.ones(2))",
    "x.fmin(3)",
    "torch.gcd(torch.tensor([1.]), torch.tensor([2.]))",
    "torch.lcm(torch.tensor([1]), torch.tensor([2.]))",
    "torch.gcd(torch.tensor([True]), torch.tensor([True]))",
    "torch.gcd(torch.tensor([4]), 2)",
    "torch.tensor([4]).lcm_(2)",
    "torch.tensor([4], dtype=torch.int8).gcd_(torch.tensor([[1], [2]]))",
    "torch.frexp(torch.tensor([1, 2]))",
    "torch.frexp(torch.tensor([True]))",
    "torch.isin(torch.tensor([True]), torch.tensor([1]))",
    "torch.isin(torch.tensor([1]), True)",
    "torch.isin(3, 3)",
    "torch.unravel_index(5, (3, 4))",
    "torch.unravel_index(torch.tensor([1.]), (3, 4))",
    "torch.unravel_index(torch.tensor([True]), (3, 4))",
    "torch.unravel_index(torch.tensor([1]), (3, -4))",
    "torch.unravel_index(torch.tensor([1]), (3, 4.))",
    "torch.unravel_index(torch.tensor([1]), 4.)",
)


# ---------------------------------------------------------------------------------------------------------
# diag_embed, diagflat, split_with_sizes, unsafe_split, unsafe_chunk, unsafe_split_with_sizes
# ---------------------------------------------------------------------------------------------------------
_report_cases("api_tensorfns_", _X, """
    diag_embed: torch.diag_embed(x) ; x
    diag_embed_offset: torch.diag_embed(x, 1) ; x
    diag_embed_dims: torch.diag_embed(x, -1, 0, 2) ; x
    diag_embed_method: x.diag_embed(dim1=-1, dim2=0) ; x
    diag_embed_vector: v.diag_embed(offset=-2) ; v
    diagflat: torch.diagflat(x) ; x
    diagflat_offset: torch.diagflat(v, -2) ; v
    diagflat_method_transposed: x.t().diagflat(1) ; x
    diagflat_column: torch.diagflat(x[:, 1]) ; x
    split_with_sizes: torch.split_with_sizes(x, [1, 2], 1)[1] ; x
    split_with_sizes_method: x.split_with_sizes((2, 1), dim=-1)[0] ; x
    unsafe_split: torch.unsafe_split(x, 2, 1)[0] ; x
    unsafe_split_method: x.unsafe_split(1)[1] ; x
    unsafe_chunk: torch.unsafe_chunk(x, 2, 1)[1] ; x
    unsafe_chunk_method: x.unsafe_chunk(3, -1)[2] ; x
    unsafe_split_with_sizes: torch.unsafe_split_with_sizes(x, [1, 2], 1)[1] ; x
    unsafe_split_with_sizes_method: x.unsafe_split_with_sizes([2])[0] ; x
""")
case("api_tensorfns_diag_and_split_saved", [_X, "\n".join([
    _saved("torch.diag_embed(x)"), _saved("torch.diag_embed(x, -1, 0, 2)"), _saved("torch.diagflat(x, 1)"),
    _saved("torch.split_with_sizes(x, [1, 2], -1)[0]"), _saved("torch.unsafe_split(x, 2, -1)[0]"),
    _saved("torch.unsafe_chunk(x, 2, 1)[1]"), _saved("torch.unsafe_split_with_sizes(x, [1, 2], 1)[0]"),
]), """
print(torch.diag_embed(torch.tensor([1, 2])), torch.diagflat(torch.tensor([[1, 2]])), torch.diagflat(torch.tensor(3.)))
print([t._is_view() for t in torch.split_with_sizes(x, [1, 2], 1)], [t._is_view() for t in torch.unsafe_split(x, 2, 1)])
print([t._is_view() for t in torch.unsafe_chunk(x, 2, 1)], [t._is_view() for t in x.unsafe_split_with_sizes([1, 1])])
a, b = torch.unsafe_chunk(x * 1, 2, 1)
a.mul_(2)
b.sigmoid_()
(a.sum() + b.sum()).backward()
print(a.grad_fn.name(), nf(a), b.grad_fn.name(), x.grad)
print(torch.unsafe_split(torch.zeros(2, 0), 0, 1), torch.unsafe_chunk(torch.zeros(2, 0), 2, 1))
print([p.shape for p in torch.split_with_sizes(torch.zeros(2, 3), [0, 3, 0], 1)])
"""])
case("api_tensorfns_diag_and_split_second_order", [_X, "\n".join(_second_order(e, "x") for e in [
    "torch.diag_embed(x * x, 1, 0, 2)", "torch.diagflat(x * x)", "torch.split_with_sizes(x * x, [1, 2], 1)[1]",
    "torch.unsafe_chunk(x * x, 2, 1)[0]", "torch.unsafe_split_with_sizes(x * x, [1, 2], 1)[1]"])])
_errors(
    "api_tensorfns_diag_and_split_errors",
    "torch.diag_embed(x, 0, 1, 1)",
    "torch.diag_embed(x, 0, 3, 1)",
    "torch.diag_embed(torch.tensor(3.))",
    "torch.split_with_sizes(x, [1, 1], 1)",
    "torch.split_with_sizes(x, [4, -1], 1)",
    "torch.split_with_sizes(x, 1)",
    "x.split_with_sizes(1)",
    "x.unsafe_split_with_sizes(1.5)",
    "torch.split_with_sizes(x, [3], 2)",
    "torch.unsafe_split(x, 0, 1)",
    "torch.unsafe_split(x, -1, 1)",
    "torch.unsafe_split(torch.tensor(1.), 1)",
    "torch.unsafe_chunk(x, 0)",
    "torch.unsafe_chunk(torch.tensor(1.), 2)",
    "torch.unsafe_split_with_sizes(x, [1, 1], 1)",
)


# ---------------------------------------------------------------------------------------------------------
# cartesian_prod, combinations, vander, renorm
# ---------------------------------------------------------------------------------------------------------
_R = """
a = torch.tensor([1., -2., 3.], requires_grad=True)
b = torch.tensor([4., 0.5], requires_grad=True)
w = torch.tensor([[1., 2., -2.], [0.5, 0.25, 0.], [3., -4., 1.]], requires_grad=True)
"""
_report_cases("api_tensorfns_", _R, """
    cartesian_prod: torch.cartesian_prod(a, b) ; a, b
    cartesian_prod_three: torch.cartesian_prod(a, b, b * 2) ; a, b
    combinations: torch.combinations(a) ; a
    combinations_r3: torch.combinations(a, 3) ; a
    combinations_with_replacement: torch.combinations(a, with_replacement=True) ; a
    combinations_r1: torch.combinations(a, r=1) ; a
    vander: torch.vander(a) ; a
    vander_n_increasing: torch.vander(a, N=4, increasing=True) ; a
    vander_n2: torch.vander(b, 2) ; b
    vander_n1: torch.vander(b, 1) * b.unsqueeze(1) ; b
    renorm_rows: torch.renorm(w, 2, 0, 3.) ; w
    renorm_columns_p1: w.renorm(1, 1, 2) ; w
    renorm_inf: torch.renorm(w, float('inf'), -1, 1.5) ; w
    renorm_p3_float64: torch.renorm(w.double(), 3, 0, 0.5) ; w
    renorm_p_half: torch.renorm(w, 0.5, 0, 5.) ; w
""")
case("api_tensorfns_combinatorics_values_and_saved", [_R, "\n".join([
    _saved("torch.renorm(w, 2, -1, 1.)"), _saved("torch.renorm(w, 3, 0, 2)"), _saved("torch.vander(a)"),
    _saved("torch.combinations(a)"), _saved("torch.cartesian_prod(a, b)")]), """
print(torch.cartesian_prod(a), torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3, 4])))
print(torch.combinations(a, 0), torch.combinations(a, 4), torch.combinations(torch.tensor([1, 2, 3])))
print(torch.combinations(torch.tensor([])), torch.combinations(torch.tensor([5, 6, 7, 8]), 3, True))
print(torch.vander(torch.tensor([1, 2, 3], dtype=torch.int8)), torch.vander(a, 0), torch.vander(a, 1))
print(torch.vander(torch.tensor([0.5, -1.5], dtype=torch.float64), 5))
print(torch.renorm(torch.tensor([[3., 4.], [0.3, 0.4]], dtype=torch.float64), 2, 0, 1.))
y = w.detach().clone()
print(y.renorm_(2, 0, 1.), y)
z = w * 1
z.renorm_(2, 1, 1.)
print(z.grad_fn.name(), nf(z))
z.sum().backward()
print(w.grad)
"""])
case("api_tensorfns_combinatorics_second_order", [_R, "\n".join(_second_order(e, ls) for e, ls in [
    ("torch.cartesian_prod(a * a, b)", "a, b"), ("torch.combinations(a * a, with_replacement=True)", "a"),
    ("torch.renorm(w, 2, 0, 3.)", "w"), ("torch.renorm(w, 3, 1, 1.)", "w"),
    ("torch.renorm(w.double(), 1, 0, 1.)", "w")])])
_errors(
    "api_tensorfns_combinatorics_errors",
    "torch.cartesian_prod(torch.tensor([1, 2]), torch.tensor([3.]))",
    "torch.cartesian_prod()",
    "torch.cartesian_prod(x, v)",
    "torch.cartesian_prod([1, 2])",
    "torch.cartesian_prod(v, 3)",
    "torch.combinations(v, -1)",
    "torch.combinations(x)",
    "torch.vander(v, -1)",
    "torch.vander(x)",
    "torch.renorm(v, 2, 0, 1)",
    "torch.renorm(x, -1, 0, 1)",
    "torch.renorm(x, 0, 0, 1)",
    "torch.renorm(x, 2, 0, -1)",
    "torch.renorm(x, 2, 0, -1.5)",
    "torch.renorm(torch.tensor([[1, 2]]), 2, 0, 1)",
    "torch.renorm(x, 2, 2, 1)",
    "x.renorm_(2, 0, 1)",
)


case("api_tensorfns_edge_values", """
import warnings
warnings.simplefilter("ignore")
e = torch.tensor([], dtype=torch.long)
h = torch.tensor([100, 100], dtype=torch.int8)
print(torch.scatter_reduce(torch.tensor(2.), 0, torch.tensor(0), torch.tensor(5.), 'prod'))
print(torch.scatter_reduce(torch.tensor([2., 3.]), 0, e, torch.tensor([5.]), 'amax', include_self=False))
print(torch.scatter_add(torch.tensor([2., 3.]), 0, e, torch.tensor([5.])))
print(torch.index_reduce(torch.tensor(2.), 0, torch.tensor([0]), torch.tensor(5.), 'prod'))
print(torch.index_reduce(torch.tensor([[2., 3.]]), 1, torch.tensor([1, 1]), torch.tensor([[5., -1.]]), 'amin',
                         include_self=False))
print(torch.masked_scatter(torch.tensor(2.), torch.tensor(True), torch.tensor([7.])))
print(torch.put(torch.tensor(2.), torch.tensor([0]), torch.tensor([7.])))
print(torch.fmax(torch.tensor(2.), torch.tensor([1., float('nan')])))
print(torch.diag_embed(torch.zeros(0)))
print(torch.diagflat(torch.zeros(0)))
print(torch.renorm(torch.zeros(2, 0), 2, 0, 1.))
print(torch.combinations(torch.tensor([1.]), 2))
print(torch.isin(torch.tensor([]), torch.tensor([1.])))
print(torch.frexp(torch.tensor([1.5], dtype=torch.float16)))
print(torch.scatter_reduce(torch.tensor([1, 2], dtype=torch.int8), 0, torch.tensor([0, 0]), h, 'sum'))
print(torch.scatter_reduce(torch.tensor([-7, 2]), 0, torch.tensor([0, 0]), torch.tensor([1, 1]), 'mean'))

one = torch.tensor(1., requires_grad=True)
z = torch.tensor([1., 2.], requires_grad=True)
s0 = torch.tensor(5., requires_grad=True)
s1 = torch.tensor([5., 6.], requires_grad=True)
for out, leaves in [(torch.scatter_add(z, 0, torch.tensor(1), s0), [z, s0]),
                    (torch.scatter_add(z, 0, torch.tensor(1), s1), [z, s1]),
                    (torch.scatter_reduce(z, 0, torch.tensor(1), s0, 'prod'), [z, s0]),
                    (torch.scatter_add(one, 0, torch.tensor([0]), s1[:1]), [one, s1]),
                    (torch.scatter_reduce(one, 0, torch.tensor([0]), s1[:1], 'amax', include_self=False), [one, s1])]:
    print(out, out.grad_fn.name())
    try:
        print(torch.autograd.grad(out.sum() * 3, leaves))
    except RuntimeError as e:
        print("RuntimeError", e)
""")
