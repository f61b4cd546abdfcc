"""The parity catalogue: small snippets whose observable results must be PyTorch 2.13's.

Each case is Python source run by :func:`parity.run.run_case` with ``torch``
bound to real PyTorch (when recording ``fixtures.json``) or to minigrad (when
testing), and ``nn``, ``F`` to its ``nn`` and ``nn.functional``. Helpers in
scope: ``nf(t)`` (next_functions as names), ``show_graph(t)`` (the whole
backward graph) and ``report(y, *leaves)`` (print an op's output, grad_fn
and edges, backpropagate the weights 1, 2, 3, ... and print the leaves'
gradients). Data is deterministic: explicit lists, ``arange``, ``ones``.

A case where minigrad deliberately differs from torch says why in
``deliberate_difference`` and gives, in ``minigrad``, the record fields
minigrad must produce instead. A case that shows a warning torch gives only
once per process is marked ``fresh_process=True``: it runs in a process of its
own (:mod:`parity.fresh`), under torch and under minigrad alike.
"""

import textwrap
from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    """One parity snippet; see the module docstring."""

    name: str
    code: str
    deliberate_difference: str | None = None
    minigrad: dict | None = None
    fresh_process: bool = False


CASES = []


def source(code):
    """A case's source from ``code``: one text or a list of texts, each dedented, joined."""
    parts = [code] if isinstance(code, str) else code
    return "\n".join(textwrap.dedent(part).strip() for part in parts) + "\n"


# the helper many cases start with: each call's value, or the class and message of the error it raised
ATTEMPT = """
def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)
"""


def case(name, code, **kwargs):
    """Add a case to the catalogue; ``code`` is source text or a list of texts (each dedented) to join."""
    if any(c.name == name for c in CASES):
        raise ValueError(f"duplicate parity case {name!r}")
    CASES.append(Case(name, source(code), **kwargs))


def report_cases(prefix, leaves, table):
    """One case per line of ``table`` (``name: expression ; leaves``): the expression's value, grad_fn, edges and
    the leaves' gradients (``report``), after the ``leaves`` setup code."""
    for line in table.strip().splitlines():
        name, rest = line.split(":", 1)
        expression, names = rest.rsplit(";", 1)
        case(f"{prefix}{name.strip()}", [leaves, f"out = {expression.strip()}\nreport(out, {names.strip()})"])


# the leaves most API cases start from (``x`` 2x3, ``v`` and ``p`` of 3, all requiring grad)
LEAVES = """
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
v = torch.tensor([3., -4., 0.5], requires_grad=True)
p = torch.tensor([0.5, 2., 0.25], requires_grad=True)
"""


def errors(name, *snippets, **kwargs):
    """:func:`attempts` after :data:`LEAVES`."""
    attempts(name, [LEAVES], *snippets, **kwargs)


def attempts(name, setup, *snippets, **kwargs):
    """A case that prints, after the ``setup`` code (a list of texts), the error (class and message) each snippet
    raises, or its value (``kwargs``: as :func:`case` takes them)."""
    case(name, [*setup, "\n".join(f"attempt(lambda: {s})" for s in snippets)], **kwargs)  # run.attempt


# ---------------------------------------------------------------------------------------------------------
# Printing: repr/str of tensors over shapes, magnitudes, dtypes, wrapping, summarising and suffixes.
# ---------------------------------------------------------------------------------------------------------
PRINTED = {
    # 0-d
    "scalar_whole": "torch.tensor(4.)",
    "scalar_zero": "torch.tensor(0.)",
    "scalar_negative_zero": "torch.tensor(-0.)",
    "scalar_fraction": "torch.tensor(3.14159)",
    "scalar_negative": "torch.tensor(-0.5)",
    "scalar_tiny": "torch.tensor(1e-5)",
    "scalar_huge": "torch.tensor(1e9)",
    "scalar_1e8": "torch.tensor(1e8)",
    "scalar_nan": "torch.tensor(float('nan'))",
    "scalar_neg_inf": "torch.tensor(float('-inf'))",
    "scalar_int64": "torch.tensor(7)",
    "scalar_int64_negative": "torch.tensor(-12)",
    "scalar_bool": "torch.tensor(True)",
    "scalar_float64": "torch.tensor(2.5, dtype=torch.float64)",
    "scalar_float64_whole": "torch.tensor(2., dtype=torch.float64)",
    # 1-d
    "vec_whole": "torch.tensor([1., 2.])",
    "vec_fractions": "torch.tensor([4.5, 4.5])",
    "vec_mixed_sign": "torch.tensor([-1.5, 0.25, 3.0])",
    "vec_negative_whole": "torch.tensor([-1., 20., -300.])",
    "vec_tiny": "torch.tensor([1e-5, 2e-5])",
    "vec_1e-4": "torch.tensor([1e-4, 0.5])",
    "vec_huge": "torch.tensor([1e9, 2e9])",
    "vec_whole_ratio_1000": "torch.tensor([1., 1000.])",
    "vec_whole_ratio_1001": "torch.tensor([1., 1001.])",
    "vec_big_fraction": "torch.tensor([12345.678, 0.5])",
    "vec_1e8_whole": "torch.tensor([1e8, 1e6])",
    "vec_1.5e8": "torch.tensor([1.5e8])",
    "vec_nan_inf": "torch.tensor([1., float('nan'), float('inf'), -float('inf')])",
    "vec_nan_fraction": "torch.tensor([0.5, float('nan')])",
    "vec_all_nan": "torch.tensor([float('nan'), float('nan')])",
    "vec_inf_tiny": "torch.tensor([float('inf'), 1e-5])",
    "vec_zeros": "torch.zeros(3)",
    "vec_negative_zero": "torch.tensor([-0., 1.])",
    "vec_int64": "torch.tensor([1, -20, 300])",
    "vec_bool": "torch.tensor([True, False, True])",
    "vec_float64": "torch.tensor([1.5, 2.], dtype=torch.float64)",
    "vec_float64_whole": "torch.tensor([1., 2.], dtype=torch.float64)",
    "vec_float64_tiny": "torch.tensor([1e-10, 1.], dtype=torch.float64)",
    "vec_single": "torch.tensor([0.1])",
    "vec_thirds": "torch.arange(1., 4.) / 3",
    # 2-d and more
    "mat_doc_sci": "torch.tensor([[-0.4034], [0.0001]])",
    "mat_doc_column": "torch.tensor([[3.2613], [4.7322], [4.5037], [7.5899], [7.0973], [1.3287], [6.1473], [1.3492], "
    "[1.3911], [1.2150]])",
    "mat_doc_hook_grad": "torch.tensor([[-4.0340e-01], [1.2399e-01], [3.0519e-01], [1.6016e+00], [7.8939e-01], "
    "[1.4119e+00], [-5.5075e-04], [6.1971e-01], [3.9825e-01], [-4.9616e-01]])",
    "mat_doc_wh_grad": "torch.tensor([[3.3156e-03, 1.4155e-03, -5.9624e-03], [9.3559e-01, 3.9941e-01, -1.6824e+00], "
    "[1.9222e-03, 8.2059e-04, -3.4566e-03]])",
    "mat_doc_wx_grad": "torch.tensor([[-0.8028, 0.8056], [-0.7770, 1.5929], [-0.8016, 0.8033]])",
    "mat_whole": "torch.arange(6.).reshape(2, 3)",
    "mat_fractions": "torch.tensor([[4.5, 4.5]])",
    "mat_negative": "torch.tensor([[-1.25, 2.5], [10.0, -0.125]])",
    "mat_int64": "torch.arange(12).reshape(3, 4)",
    "mat_int64_wide": "torch.tensor([[1, -1000], [20, 3]])",
    "mat_bool": "torch.tensor([[True, False], [False, True]])",
    "mat_float64": "torch.tensor([[0.5, 1.0], [1.5, 2.0]], dtype=torch.float64)",
    "mat_column_vector": "torch.ones(3, 1)",
    "mat_row_vector": "torch.ones(1, 3) * 0.25",
    "tensor3d": "torch.arange(24.).reshape(2, 3, 4)",
    "tensor3d_fractions": "torch.arange(8.).reshape(2, 2, 2) / 4",
    "tensor3d_int64": "torch.arange(8).reshape(2, 2, 2)",
    "tensor4d": "torch.arange(16.).reshape(2, 2, 2, 2)",
    "tensor3d_singletons": "torch.ones(1, 1, 1)",
    # empty
    "empty_1d": "torch.tensor([])",
    "empty_2d": "torch.zeros(0, 3)",
    "empty_3d": "torch.zeros(2, 0, 3)",
    "empty_int64": "torch.tensor([], dtype=torch.int64)",
    "empty_float64_2d": "torch.zeros(2, 0, dtype=torch.float64)",
    "empty_bool": "torch.tensor([], dtype=torch.bool)",
    "empty_requires_grad": "torch.zeros(0, requires_grad=True)",
    # rows wrapping at 80 columns
    "wrap_fractions": "torch.arange(30.) / 8",
    "wrap_whole": "torch.arange(40.)",
    "wrap_int64": "torch.arange(50)",
    "wrap_bool": "torch.arange(30) > 14",
    "wrap_sci": "torch.arange(1., 21.) * 1e-5",
    "wrap_2d": "torch.arange(40.).reshape(2, 20) / 4",
    "wrap_3d": "torch.arange(48.).reshape(2, 2, 12) / 8",
    # more than 1000 elements: summarised with 3 edge items
    "summary_1d": "torch.arange(1001.)",
    "summary_1d_fractions": "torch.arange(2000.) / 8",
    "summary_1d_int64": "torch.arange(1500)",
    "summary_2d": "torch.arange(2000.).reshape(40, 50)",
    "summary_2d_narrow": "torch.arange(2002.).reshape(1001, 2)",
    "summary_3d": "torch.arange(1200.).reshape(10, 10, 12)",
    "summary_sci_edges": "torch.cat([torch.tensor([1e-6]), torch.ones(1000), torch.tensor([1e6])])",
    "summary_hidden_nan": "torch.cat([torch.ones(3), torch.tensor([float('nan')]), torch.ones(1000) / 4])",
    "not_summarised_1000": "torch.arange(1000.)",
    # suffixes
    "suffix_requires_grad": "torch.tensor([1., 2.], requires_grad=True)",
    "suffix_requires_grad_scalar": "torch.tensor(3., requires_grad=True)",
    "suffix_grad_fn": "torch.tensor([1., 2.], requires_grad=True) * 2",
    "suffix_grad_fn_scalar": "(torch.tensor([1., 2.], requires_grad=True) * 2).sum()",
    "suffix_dtype_requires_grad": "torch.tensor([1.5, 2.], dtype=torch.float64, requires_grad=True)",
    "suffix_dtype_grad_fn": "torch.tensor([1.5, 2.], dtype=torch.float64, requires_grad=True).exp()",
    "suffix_wrap_grad_fn": "torch.tensor([0.5] * 13, requires_grad=True) * 3",
    "suffix_wrap_dtype": "torch.arange(14., dtype=torch.float64) / 3",
    "suffix_wrap_both": "(torch.arange(12., dtype=torch.float64) / 3).requires_grad_() * 1",
    "suffix_empty_grad": "torch.zeros(2, 0, requires_grad=True) * 2",
    "suffix_detached": "torch.tensor([1., 2.], requires_grad=True).detach()",
    "suffix_no_grad": "torch.tensor([1., 2.], requires_grad=True).data",
    # nn.Parameter
    "parameter": "nn.Parameter(torch.tensor([[1., 2.], [3., 4.]]))",
    "parameter_scalar": "nn.Parameter(torch.tensor(0.5))",
    "parameter_no_grad": "nn.Parameter(torch.tensor([1., 2.]), requires_grad=False)",
    "parameter_float64": "nn.Parameter(torch.tensor([1.5], dtype=torch.float64))",
    "parameter_times_two": "nn.Parameter(torch.tensor([1., 2.])) * 2",
}
for _name, _expr in PRINTED.items():
    case(f"print_{_name}", f"result = {_expr}\nprint(result)\nprint(str(result) == repr(result))")

case(
    "print_options_precision_2",
    """
    torch.set_printoptions(precision=2)
    print(torch.tensor([1.23456, 2.5, -0.001]))
    print(torch.tensor([[3.14159, 1e-5]]))
    """,
)
case(
    "print_options_precision_8",
    """
    torch.set_printoptions(precision=8)
    print(torch.tensor([1.23456, 2.5]))
    print(torch.tensor([1., 3.], dtype=torch.float64) / 3)
    """,
)
case(
    "print_options_sci_true",
    """
    torch.set_printoptions(sci_mode=True)
    print(torch.tensor([1., 2.5]))
    print(torch.tensor([1., 2.]))
    print(torch.tensor(4.))
    print(torch.tensor([1, 2]))
    """,
)
case(
    "print_options_sci_false",
    """
    torch.set_printoptions(sci_mode=False)
    print(torch.tensor([1e-5, 1.]))
    print(torch.tensor([[-0.4034], [0.0001]]))
    print(torch.tensor([1e9, 1.]))
    """,
)
case(
    "print_options_restore",
    """
    torch.set_printoptions(precision=2, sci_mode=True)
    print(torch.tensor([1.23456]))
    torch.set_printoptions(precision=4, sci_mode=None)
    print(torch.tensor([1.23456]))
    torch.set_printoptions(profile="short")
    print(torch.arange(2000.) / 3)
    torch.set_printoptions(profile="default")
    print(torch.tensor([1.23456]))
    """,
)
case(
    "print_options_threshold_edgeitems",
    """
    torch.set_printoptions(threshold=5, edgeitems=2)
    print(torch.arange(10.))
    print(torch.arange(36).reshape(6, 6))
    """,
)
case(
    "print_options_linewidth",
    """
    torch.set_printoptions(linewidth=40)
    print(torch.arange(20.) / 3)
    print(torch.tensor([0.5] * 6, requires_grad=True) * 2)
    """,
)
case(
    "print_in_containers",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    print([torch.tensor(1.), torch.tensor([2, 3])])
    print((x, x * 2))
    print({"x": x})
    print("value:", torch.tensor(4.))
    print(f"{torch.tensor(2.5):.2f}", f"{torch.tensor([1., 2.])}")
    """,
)
case(
    "print_metadata",
    """
    x = torch.zeros(2, 3)
    print(x.shape, x.size(), x.size(1), x.dim(), x.numel(), x.dtype)
    print(torch.tensor([1, 2]).dtype, torch.tensor([True]).dtype, torch.tensor(1.5, dtype=torch.float64).dtype)
    print(torch.tensor(1.).shape, torch.zeros(0, 2).shape)
    print(x.type(), torch.tensor([1]).type(), torch.tensor(1., dtype=torch.float64).type())
    """,
)
case(
    "print_item_tolist",
    """
    print(torch.tensor(2.5).item(), torch.tensor([3]).item(), torch.tensor(True).item())
    print(torch.tensor([[1., 2.5]]).tolist(), torch.tensor(0.1).item())
    print(torch.arange(4).tolist(), torch.tensor(1.5, dtype=torch.float64).item())
    """,
)

# ---------------------------------------------------------------------------------------------------------
# Ops: grad_fn name, next_functions and the gradients for a fixed small input (weights 1, 2, 3, ...).
# ---------------------------------------------------------------------------------------------------------
_LEAVES = """
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = torch.tensor([0.5, -1., 2.], requires_grad=True)
s = torch.tensor([-1.5, 0.5, 2.], requires_grad=True)
A = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
B = torch.tensor([[0.5, -1.], [2., 1.5]], requires_grad=True)
v = torch.tensor([1., -2.], requires_grad=True)
c = torch.tensor([10., 20., 30.])
m = torch.tensor([1., 3., 3.], requires_grad=True)
"""

OPS = {
    "add": ("x + y", "x, y"),
    "add_scalar": ("x + 2", "x"),
    "radd_scalar": ("2 + x", "x"),
    "add_constant_tensor": ("x + c", "x"),
    "add_broadcast": ("A + v", "A, v"),
    "add_function": ("torch.add(x, y)", "x, y"),
    "add_alpha": ("torch.add(x, y, alpha=2)", "x, y"),
    "sub": ("x - y", "x, y"),
    "sub_scalar": ("x - 1", "x"),
    "rsub_scalar": ("1 - x", "x"),
    "rsub_constant_tensor": ("c - x", "x"),
    "sub_broadcast": ("A - v", "A, v"),
    "mul": ("x * y", "x, y"),
    "mul_scalar": ("x * 2", "x"),
    "rmul_scalar": ("2 * x", "x"),
    "mul_self": ("x * x", "x"),
    "mul_broadcast": ("A * v", "A, v"),
    "mul_function": ("torch.mul(x, c)", "x"),
    "div": ("x / y", "x, y"),
    "div_scalar": ("x / 2", "x"),
    "rdiv_scalar": ("2 / x", "x"),
    "div_broadcast": ("A / v", "A, v"),
    "pow_scalar": ("x ** 2", "x"),
    "pow_float_exponent": ("x ** 0.5", "x"),
    "pow_negative_exponent": ("x ** -1", "x"),
    "pow_zero_exponent": ("x ** 0", "x"),
    "pow_function": ("torch.pow(x, 3)", "x"),
    "pow_tensor": ("x ** y", "x, y"),
    "rpow_scalar": ("2 ** x", "x"),
    "square": ("torch.square(x)", "x"),
    "neg": ("-x", "x"),
    "neg_method": ("x.neg()", "x"),
    "exp": ("torch.exp(x)", "x"),
    "log": ("torch.log(x)", "x"),
    "sin": ("torch.sin(x)", "x"),
    "cos": ("x.cos()", "x"),
    "tanh": ("torch.tanh(s)", "s"),
    "sigmoid": ("torch.sigmoid(s)", "s"),
    "relu": ("torch.relu(s)", "s"),
    "relu_functional": ("F.relu(s)", "s"),
    "abs": ("s.abs()", "s"),
    "sqrt": ("x.sqrt()", "x"),
    "clamp_min": ("s.clamp(min=0)", "s"),
    "clamp_min_max": ("torch.clamp(s, -1, 1)", "s"),
    "clamp_max": ("s.clamp(max=0.5)", "s"),
    "sum": ("A.sum()", "A"),
    "sum_dim0": ("A.sum(0)", "A"),
    "sum_dim1_keepdim": ("A.sum(dim=1, keepdim=True)", "A"),
    "sum_negative_dim": ("torch.sum(A, -1)", "A"),
    "sum_dims_tuple": ("A.sum((0, 1))", "A"),
    "mean": ("A.mean()", "A"),
    "mean_dim": ("A.mean(0)", "A"),
    "mean_keepdim": ("torch.mean(A, dim=1, keepdim=True)", "A"),
    "max": ("A.max()", "A"),
    "max_ties": ("m.max()", "m"),
    "max_dim": ("A.max(dim=1)[0]", "A"),
    "max_dim_values": ("torch.max(B, 0).values", "B"),
    "max_dim_keepdim": ("A.max(1, keepdim=True).values", "A"),
    "mm": ("A.mm(B)", "A, B"),
    "mm_function": ("torch.mm(A, B)", "A, B"),
    "matmul_2d_2d": ("A @ B", "A, B"),
    "mv": ("A.mv(v)", "A, v"),
    "matmul_2d_1d": ("A @ v", "A, v"),
    "dot": ("torch.dot(x, y)", "x, y"),
    "matmul_1d_1d": ("x @ y", "x, y"),
    "matmul_1d_2d": ("v @ A", "v, A"),
    "matmul_3d_2d": ("torch.stack([A, B]) @ B", "A, B"),
    "matmul_2d_3d": ("A @ torch.stack([A, B])", "A, B"),
    "t": ("A.t()", "A"),
    "T": ("A.T", "A"),
    "transpose": ("A.transpose(0, 1)", "A"),
    "permute": ("A.permute(1, 0)", "A"),
    "view": ("A.view(4)", "A"),
    "view_infer": ("A.view(-1, 1)", "A"),
    "reshape": ("A.reshape(1, 4)", "A"),
    "reshape_function": ("torch.reshape(x, (3, 1))", "x"),
    "reshape_noncontiguous": ("A.t().reshape(4)", "A"),
    "flatten": ("A.flatten()", "A"),
    "squeeze": ("A[:1].squeeze()", "A"),
    "squeeze_dim": ("A[:1].squeeze(0)", "A"),
    "unsqueeze": ("x.unsqueeze(0)", "x"),
    "unsqueeze_last": ("x.unsqueeze(-1)", "x"),
    "expand": ("v.unsqueeze(0).expand(3, 2)", "v"),
    "expand_as": ("x[:1].expand_as(x)", "x"),
    "select_int": ("A[0]", "A"),
    "select_two_ints": ("A[1, 0]", "A"),
    "select_column": ("A[:, 1]", "A"),
    "select_negative": ("x[-1]", "x"),
    "slice": ("x[1:]", "x"),
    "slice_step": ("x[::2]", "x"),
    "slice_rows": ("A[:1]", "A"),
    "slice_none": ("x[None]", "x"),
    "slice_full": ("x[:]", "x"),
    "index_list": ("x[[0, 2]]", "x"),
    "index_repeated": ("x[[0, 0, 1]]", "x"),
    "index_tensor": ("x[torch.tensor([2, 1])]", "x"),
    "index_mask": ("x[x > 1.5]", "x"),
    "index_mask_2d": ("A[A > 1.5]", "A"),
    "cat": ("torch.cat([x, y])", "x, y"),
    "cat_dim1": ("torch.cat([A, B], dim=1)", "A, B"),
    "cat_with_constant": ("torch.cat([x, c])", "x"),
    "stack": ("torch.stack([x, y])", "x, y"),
    "stack_dim1": ("torch.stack([x, y], dim=1)", "x, y"),
    "clone": ("x.clone()", "x"),
    "where": ("torch.where(s > 0, s, x)", "s, x"),
    "where_scalar": ("torch.where(s > 0, s, 0.)", "s"),
    "where_constant": ("torch.where(s > 0, c, s)", "s"),
    "linear": ("F.linear(A, B, v)", "A, B, v"),
    "linear_no_bias": ("F.linear(A, B)", "A, B"),
    "linear_1d_input": ("F.linear(v, B, v)", "v, B"),
    "mse_loss": ("F.mse_loss(x, y)", "x, y"),
    "mse_loss_sum": ("F.mse_loss(x, c, reduction='sum')", "x"),
    "mse_loss_none": ("F.mse_loss(x, y, reduction='none')", "x, y"),
    "float64": ("x.double() * 2", "x"),
    "to_float64": ("x.to(torch.float64)", "x"),
    "chain": ("((x * 2 + 1).exp().sum() - x.mean()) / 3", "x"),
}
for _name, (_expr, _leaves) in OPS.items():
    case(f"op_{_name}", [_LEAVES, f"out = {_expr}\nreport(out, {_leaves})"])

# The same ops backpropagating a gradient with inf, -inf and nan in it (the gradient of log at 0, say): where an op
# keeps the gradient only at some positions (relu, clamp, max), torch puts zeros elsewhere rather than multiplying
# by a 0/1 mask, so its gradient there is 0 where inf * 0 would be nan.
_NONFINITE = """
values = [float('inf'), float('nan'), -float('inf'), 1.0, -0.5]
grad = torch.tensor([values[i % 5] for i in range(out.numel())], dtype=out.dtype).reshape(out.shape)
out.backward(grad)
for leaf in leaves:
    print(leaf.grad)
"""
for _name, (_expr, _leaves) in OPS.items():
    case(f"op_nonfinite_grad_{_name}", [_LEAVES, f"out = {_expr}\nleaves = ({_leaves},)", _NONFINITE])
for _name, _expr, _leaves in [
    ("maximum", "torch.maximum(A, B.t())", "A, B"),
    ("maximum_ties_broadcast", "torch.maximum(m.view(3, 1), x)", "m, x"),
    ("minimum_ties_broadcast", "torch.minimum(m.view(3, 1), x)", "m, x"),
    ("min_dim", "A.min(dim=0).values", "A"),
    ("sign", "s.sign() + s", "s"),
    ("round", "s.round() * 2 + s", "s"),
    ("floor", "torch.floor(s) + s", "s"),
    ("zero_", "(s * 1).zero_() + s", "s"),
    ("fill_", "(s * 1).fill_(2.) * s", "s"),
    ("copy_", "(s * 1).copy_(x)", "s, x"),
    ("relu_", "(s * 1).relu_()", "s"),
    ("leaky_relu", "F.leaky_relu(s, 0.0)", "s"),
    ("masked_fill", "s.masked_fill(s < 0, 0.)", "s"),
]:
    case(f"op_nonfinite_grad_{_name}", [_LEAVES, f"out = {_expr}\nleaves = ({_leaves},)", _NONFINITE])
case(
    "op_nonfinite_grad_setitem_slice",
    [_LEAVES, """
    out = A * 1
    out[0] = v
    leaves = (A, v)
    """, _NONFINITE],
)
case(
    "op_pow_bits",
    """
    # torch's float32 pow with a number: x * x for 2, x * x * x for 3, reciprocals for -1 and -2, any other power
    # correctly rounded on a short tensor (within an ulp on a long one); its gradient is
    # grad * (exponent * x.pow(exponent - 1)). tolist() shows every bit of a float32 value.
    x = torch.linspace(0.3, 3.1, 40)
    for e in (2, 3, -1, -2, 2.5, -1.5):
        base = (x if e in (2, 3, -1) else x[:7]).clone().requires_grad_()
        y = base ** e
        y.backward(torch.linspace(-1, 1, base.numel()))
        print(e, y.tolist(), base.grad.tolist())
    a = torch.tensor([1.5, 2., 0.], requires_grad=True)
    b = torch.tensor([0., 0.5, 2.], requires_grad=True)
    (a ** b).sum().backward()
    print(a.grad.tolist(), b.grad)
    """,
)
case(
    "op_formula_order_bits",
    """
    # the gradients torch's kernels compute in their own order: div's -grad * ((self / other) / other), reciprocal's
    # -grad * (result * result), sigmoid's grad * (1 - result) * result, mse_loss's (2 / n) * (self - target) * grad;
    # add and sub with alpha are one fused multiply-add. tolist() shows every bit of a float32 value.
    x = torch.linspace(-2.3, 3.1, 7).requires_grad_()
    y = torch.linspace(0.7, 1.9, 7).requires_grad_()
    g = torch.linspace(-1.1, 0.9, 7)
    for out in (x / y, y.reciprocal(), x.sigmoid(), torch.add(x, y, alpha=0.37), torch.sub(x, y, alpha=1.3)):
        x.grad = y.grad = None
        out.backward(g)
        print(out.tolist(), *(None if t.grad is None else t.grad.tolist() for t in (x, y)))
    x.grad = y.grad = None
    F.mse_loss(x, y).backward()
    print(x.grad.tolist(), y.grad.tolist())
    """,
)
case(
    "op_tanh_backward_bits",
    """
    # torch's tanh_backward kernel computes grad * (1 - result * result) with 1 - result * result rounded once (a
    # fused multiply-add), so the same formula written out (makemore part 4's dhpreact) can differ in the last bit.
    for dtype in (torch.float32, torch.float64):
        x = torch.linspace(-2.7, 2.9, 23, dtype=dtype).requires_grad_()
        dh = torch.linspace(1.3, -0.7, 23, dtype=dtype)
        h = torch.tanh(x)
        h.backward(dh)
        bits = x.grad.tolist() if dtype == torch.float32 else "(torch's float64 tanh is not correctly rounded)"
        print(dtype, bits, torch.equal((1.0 - h**2) * dh, x.grad))
        (g,) = torch.autograd.grad(x.tanh(), x, dh, create_graph=True)
        print(g.grad_fn.name(), torch.equal(g, x.grad))
    """,
)
case(
    "op_cross_bits",
    """
    # torch's cross kernel computes a[1] * b[2] - a[2] * b[1], ... as fma(a[1], b[2], -(a[2] * b[1])), in float32 and
    # float64 alike; so do its gradients, which are cross products too. tolist() shows every bit.
    for dtype in (torch.float32, torch.float64):
        a = torch.linspace(-1.7, 2.3, 12, dtype=dtype).reshape(4, 3).requires_grad_()
        b = (torch.linspace(0.9, -3.1, 12, dtype=dtype) * torch.linspace(1.1, 0.3, 12, dtype=dtype)).reshape(4, 3)
        b.requires_grad_()
        c = torch.linalg.cross(a, b)
        c.backward(torch.linspace(0.3, 1.9, 12, dtype=dtype).reshape(4, 3))
        print(dtype, c.tolist(), a.grad.tolist(), b.grad.tolist())
    """,
)
case(
    "op_empty_tensors",
    """
    x = torch.zeros(0, requires_grad=True)
    loss = F.mse_loss(x, torch.zeros(0))
    loss.backward()
    print(loss, x.grad)
    print(torch.zeros(0).chunk(3), torch.zeros(3, 0).chunk(2, 1), torch.arange(5).chunk(2))
    for f in (lambda: torch.zeros(0, 4).view(0, -1), lambda: torch.zeros(0, 4).reshape(-1, 0),
              lambda: torch.zeros(4).view(0, -1), lambda: torch.zeros(4).view(-2, 2), lambda: torch.zeros(2).chunk(0),
              lambda: torch.tensor(1.).chunk(2)):
        try:
            print(f())
        except RuntimeError as e:
            print("RuntimeError:", e)
    a = torch.zeros(2, 0, requires_grad=True)
    b = torch.zeros(0, 3, requires_grad=True)
    (a @ b).sum().backward()
    print(a @ b, a.grad, b.grad, torch.zeros(0, 3).softmax(-1), torch.zeros(0).sum(), torch.zeros(0).mean())
    """,
)
case(
    "op_fill_tensor_value",
    """
    a = torch.ones(2, 3, requires_grad=True)
    v = torch.tensor(2.5, requires_grad=True)
    b = a * 1
    b.fill_(v)
    (b * torch.arange(6.).view(2, 3)).sum().backward()
    print(a.grad, v.grad, b.grad_fn.name(), b)
    c = torch.zeros(3)
    c.fill_(torch.tensor(7))
    print(c, c.grad_fn)
    try:
        torch.zeros(3).fill_(torch.ones(2))
    except RuntimeError as e:
        print("RuntimeError:", e)
    x = torch.ones(3, requires_grad=True)
    w = torch.tensor(2., requires_grad=True)
    y = x * 1
    y.fill_(w)
    print(torch.autograd.grad((y * y).sum(), w, create_graph=True))
    """,
)
case(
    "op_nonfinite_grad_log_of_relu",
    """
    x = torch.tensor([-1., 0., 2.], requires_grad=True)
    torch.log(torch.relu(x)).sum().backward()
    print(x.grad)
    x.grad = None
    torch.log(x.clamp(min=0)).sum().backward()
    print(x.grad)
    """,
)

case(
    "op_matmul_graphs",
    [_LEAVES, """
    for out in (v @ A, A @ v, x @ y, torch.stack([A, B]) @ B, torch.stack([A, B]) @ v, v @ torch.stack([A, B]),
                A.t().reshape(4), x[None], A[0, 1]):
        show_graph(out)
    """],
)
case(
    "op_matmul_batched_graphs",
    """
    def L(*shape):
        return torch.ones(*shape, requires_grad=True)

    S = torch.stack([L(2, 2), L(2, 2)])
    C = torch.ones
    for out in (S @ S, S @ C(2), C(2, 2, 2) @ L(2), C(2) @ S, L(2) @ C(2, 2, 2), C(2, 2) @ S, L(2, 2) @ C(2, 2, 2),
                S @ C(2, 2), C(2, 2, 2) @ L(2, 2), L(1, 2, 2) @ L(2, 2, 2), L(2, 2, 2) @ L(1, 2, 2),
                L(1, 2, 2) @ L(1, 2, 2), C(1, 2, 2) @ L(3, 2, 2), L(3, 2, 2) @ C(1, 2, 2), L(1, 1, 2, 2) @ L(2, 2, 2),
                L(2, 1, 2, 2) @ L(2, 2, 2), C(2, 2, 2, 2) @ L(2, 2), L(2) @ L(1, 2, 2)):
        print(tuple(out.shape))
        show_graph(out)
    """,
)
case(
    "op_matmul_batched_gradients",
    """
    a = torch.arange(8.).reshape(2, 2, 2).requires_grad_()
    b = torch.tensor([[1., -1.], [0.5, 2.]], requires_grad=True)
    v = torch.tensor([2., -3.], requires_grad=True)
    out = (a @ b).sum() + (b @ a).sum() + (a @ v).sum() + (v @ a).sum() + (a @ a).sum()
    out.backward()
    print(out, a.grad, b.grad, v.grad)
    """,
)
case(
    "op_reshape_graphs",
    """
    A = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
    for out in (A.t().reshape(2, 2), A.t().reshape(4), A[:, :1].reshape(2), x[::2].reshape(2, 1), A.t().flatten(),
                x[::2].flatten(), x.expand(2, 4).reshape(8), A.t().reshape(-1, 2), A.t().contiguous(), A.view(4),
                x[::2].view(2, 1), torch.reshape(A.t(), (1, 4)), A.t().view(2, 2)):
        print(out.grad_fn.name(), nf(out), out.is_contiguous())
    out = A.t().reshape(2, 2) * torch.tensor([[1., 2.], [3., 4.]])
    out.sum().backward()
    print(A.grad)
    """,
)
case(
    "op_linear_graphs",
    """
    W = torch.tensor([[1., 2., 3.], [-1., 0., 1.]], requires_grad=True)
    b = torch.tensor([0.5, -0.5], requires_grad=True)
    x3 = torch.arange(12.).reshape(2, 2, 3)
    for x in (torch.ones(3, requires_grad=True), x3, x3.transpose(0, 1), torch.ones(2, 2, 2, 3)):
        out = F.linear(x, W, b)
        print(tuple(out.shape))
        show_graph(out)
    show_graph(F.linear(x3, W))
    show_graph(F.linear(x3, W, torch.ones(1, 2, requires_grad=True)))
    F.linear(x3, W, b).sum().backward()
    print(W.grad, b.grad)
    """,
)
case(
    "op_indexing_graphs",
    """
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    A = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    for out in (x[...], x[:], x[:, None], x[None, :], x[0:3], x[::1], A[:, :], A[:], A[...], A[..., 0], A[0, :],
                A[:1, :], A[..., :1], A[[0]], A[:, [1]], A[A > 2], A[None, 1], A[1][0]):
        print(out.grad_fn.name(), nf(out), tuple(out.shape))
    """,
)
case(
    "op_inplace_node_names",
    """
    x = torch.tensor([1., -2., 3.], requires_grad=True)
    c = torch.tensor([4., 5., 6.])
    changes = {
        "add_": lambda y: y.add_(1), "sub_": lambda y: y.sub_(c), "mul_": lambda y: y.mul_(2),
        "div_": lambda y: y.div_(2), "pow_": lambda y: y.pow_(2), "clamp_": lambda y: y.clamp_(min=0),
        "zero_": lambda y: y.zero_(), "fill_": lambda y: y.fill_(2.), "copy_": lambda y: y.copy_(c),
        "iadd": lambda y: y.__iadd__(1), "imul": lambda y: y.__imul__(x),
        "setitem_index": lambda y: y.__setitem__([0], 5.), "setitem_mask": lambda y: y.__setitem__(y > 0, 0.),
    }
    for name, change in changes.items():
        y = x * 1
        change(y)
        print(name, y, nf(y), y._version)
        y.sum().backward()
        print(x.grad)
        x.grad = None
    """,
)
case(
    "op_forward_inf_nan_silent",
    """
    z = torch.tensor([0., 1., -1.])
    print(1 / z, z / 0, z ** -1, torch.tensor(0.) ** -1.5, 2 ** torch.tensor([1000.]))
    print(torch.log(z), torch.sqrt(z), torch.exp(torch.tensor([100.])), z.reciprocal())
    print(torch.sigmoid(torch.tensor([-1000., 1000.])), torch.tanh(torch.tensor([-1000., 1000.])))
    """,
)
case(
    "op_min_max_variants",
    """
    x = torch.tensor([[1., 5.], [4., 2.]], requires_grad=True)
    for out in (x.min(), torch.min(x, 1).values, x.max(0).indices, torch.maximum(x, x.t()),
                x.max(dim=1, keepdim=True)[0], torch.minimum(x, x.t()), torch.max(x, x.t()), torch.min(x, x.t()),
                x.min(dim=0, keepdim=True)[0]):
        print(out, nf(out) if out.grad_fn is not None else None)
    print(torch.max(x, 1))
    print(torch.min(x, 0))
    t = torch.tensor([1., 3., 3., 1.], requires_grad=True)
    u = torch.tensor([2., 3., 0., 1.], requires_grad=True)
    (torch.maximum(t, u).sum() + 10 * torch.minimum(t, u).sum() + 100 * t.min() + 1000 * u.max()).backward()
    print(t.grad, u.grad)
    """,
)
case(
    "op_split_unbind_chunk_gradients",
    """
    x = torch.arange(6.).requires_grad_()
    for parts in (x.split(2), torch.split(x, [1, 5]), x.chunk(4), x.reshape(2, 3).unbind(1)):
        print([p.detach() for p in parts], [p.requires_grad for p in parts])
    sum(p.sum() * (i + 1) for i, p in enumerate(x.split(4))).backward()
    print(x.grad)
    x.grad = None
    a, b, c = x.reshape(2, 3).unbind(1)
    (a * 1 + c * 3).sum().backward()
    print(x.grad)
    """,
)
case(
    "op_split_unbind_saved_and_inplace",
    """
    x = torch.arange(6.).requires_grad_()
    y = x * 1
    a, b = y.split(4)
    s = y.split([2, 4])
    u = y.reshape(2, 3).unbind(1)
    print(a.grad_fn._saved_split_size, a.grad_fn._saved_dim, a.grad_fn._saved_self_sym_sizes, b.output_nr)
    print(s[0].grad_fn._saved_split_sizes, u[0].grad_fn._saved_dim, a._is_view(), a._base is y)
    (b.sum() * 2 + u[2].sum()).backward()
    print(x.grad)
    a.mul_(2)
    """,
)
case(
    "op_split_unbind_chunk_nodes",
    """
    x = torch.arange(6.).requires_grad_()
    for parts in (x.split(2), torch.split(x, [1, 5]), x.chunk(3), x.reshape(2, 3).unbind(1)):
        print([p.grad_fn.name() for p in parts], nf(parts[0]), parts[0])
    """,
)
case(
    "op_sigmoid_tanh_extremes",
    """
    z = torch.tensor([-100., -10., 0., 10., 100.], requires_grad=True)
    a, b = torch.sigmoid(z), torch.tanh(z)
    print(a, b)
    (a + b).sum().backward()
    print(z.grad)
    """,
)
case(
    "op_relu_at_zero",
    """
    z = torch.tensor([-1., 0., 1.], requires_grad=True)
    (torch.relu(z) + z.abs() + z.clamp(min=0) + z.clamp(max=0)).sum().backward()
    print(z.grad)
    """,
)
case(
    "op_log_sqrt_of_zero",
    """
    z = torch.tensor([0., 1.], requires_grad=True)
    out = z.log() + z.sqrt()
    print(out)
    out.sum().backward()
    print(z.grad)
    """,
)
case(
    "op_pow_at_zero",
    """
    z = torch.tensor([0., 2.], requires_grad=True)
    e = torch.tensor([2., 0.], requires_grad=True)
    (z ** e).sum().backward()
    print(z.grad, e.grad)
    z.grad = None
    (z ** 0.5).sum().backward()
    print(z.grad)
    """,
)
case(
    "op_int_and_bool_results",
    """
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    k = torch.tensor([1, 2, 3])
    for out in (x > 1, x == 2, k * 2, k / 2, k + 0.5, k.sum(), (x > 1).sum(), x.argmax(), x.max(0)[1]):
        print(out, out.dtype, out.requires_grad, out.grad_fn)
    """,
)
case(
    "op_dtype_promotion",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    d = torch.tensor([1., 2.], dtype=torch.float64)
    k = torch.tensor([1, 2])
    for out in (x + d, x * k, k * 1.5, x + torch.tensor(1., dtype=torch.float64), d * True, k + True):
        print(out)
    (x + d).sum().backward()
    print(x.grad)
    """,
)

# ---------------------------------------------------------------------------------------------------------
# The graph as PyTorch exposes it: grad_fn, next_functions, AccumulateGrad, custom Functions.
# ---------------------------------------------------------------------------------------------------------
case(
    "graph_grad_fn_repr",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    print(y.grad_fn)
    print(repr(y.grad_fn), y.grad_fn.name())
    print(x.grad_fn, x.is_leaf, y.is_leaf, y.requires_grad)
    result = y.grad_fn
    """,
)
case(
    "graph_next_functions_repr",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    c = torch.tensor([3., 4.])
    y = (x + c) * x
    print(y.grad_fn.next_functions)
    print(y.grad_fn.next_functions[0][0].next_functions)
    result = y.grad_fn.next_functions
    """,
)
case(
    "graph_accumulate_grad",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 3
    acc = y.grad_fn.next_functions[0][0]
    print(acc)
    print(acc.name(), acc.next_functions, acc.variable is x)
    print(acc.variable)
    print((x + 1).grad_fn.next_functions[0][0] is acc)
    """,
)
case(
    "graph_accumulate_grad_parameter",
    """
    p = nn.Parameter(torch.tensor([1., 2.]))
    acc = (p * 2).grad_fn.next_functions[0][0]
    print(acc.name(), acc.variable is p)
    print(acc.variable)
    """,
)
case(
    "graph_doc_004",
    """
    x = torch.tensor([2.], requires_grad=True)
    w = torch.tensor([1.], requires_grad=True)
    one = torch.tensor([1.])
    a = torch.add(w, x)
    b = torch.add(w, one)
    y = torch.mul(a, b)
    print("grad_fn:\\n", w.grad_fn, x.grad_fn, a.grad_fn, b.grad_fn, y.grad_fn)
    show_graph(y)
    print(nf(y), nf(a), nf(b))
    """,
)
case(
    "graph_rnn_cell_003",
    """
    Wh = torch.ones(3, 3, requires_grad=True)
    Wx = torch.ones(3, 2, requires_grad=True)
    x = torch.tensor([[0.5], [-1.]])
    h = torch.tensor([[0.1], [0.2], [0.3]])
    i2h = Wx.mm(x)
    h2h = Wh.mm(h)
    print('i2h:\\n', i2h)
    print('h2h:\\n', h2h)
    next_h = i2h + h2h
    print('next_h:\\n', next_h)
    next_h = next_h.tanh()
    print('next_h:\\n', next_h)
    out = next_h.sum()
    print('out:\\n', out)
    show_graph(out)
    print('Wh: requires_grad =', Wh.requires_grad)
    print('h: requires_grad =', h.requires_grad)
    print('i2h: requires_grad =', i2h.requires_grad)
    out.backward()
    print('gradient of Wx:\\n', Wx.grad)
    print('\\ngradient of Wh:\\n', Wh.grad)
    """,
)
case(
    "graph_no_grad_inputs",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    c = torch.tensor([3., 4.])
    print(nf(c * x), nf(x * c), nf(torch.cat([c, x, c])), nf(torch.stack([c, x])), nf(torch.where(x > 1, c, x)))
    print(nf(c @ x), nf(x @ c))
    """,
)
case(
    "graph_shared_node",
    """
    x = torch.tensor(2., requires_grad=True)
    a = x * 3
    y = a * a + a
    show_graph(y)
    y.backward()
    print(x.grad)
    """,
)
case(
    "graph_detach_and_no_grad",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    d = x.detach()
    print(d, d.requires_grad, d.is_leaf, d.grad_fn)
    with torch.no_grad():
        z = x * 2
    print(z, z.requires_grad, z.is_leaf)
    with torch.no_grad():
        with torch.enable_grad():
            w = x * 2
    print(w)
    @torch.no_grad()
    def f(t):
        return t * 3
    print(f(x), torch.is_grad_enabled())
    torch.set_grad_enabled(False)
    print(x * 4)
    torch.set_grad_enabled(True)
    out = x.detach() ** 2 + x ** 3
    show_graph(out.sum())
    """,
)
case(
    "graph_requires_grad_contagion_002",
    """
    x = torch.tensor([[1., 2.], [3., 4.]])
    y = torch.tensor([[0.5, 0.5], [0.5, 0.5]])
    z = torch.ones(2, 2, requires_grad=True)
    a = x + y
    print(a.requires_grad)
    b = a + z
    print(b.requires_grad)
    print(a.is_leaf, b.is_leaf, z.is_leaf, a.grad_fn, b.grad_fn)
    """,
)
case(
    "graph_leaves_001",
    """
    a = torch.ones(10, 2)
    print(a.is_leaf)
    a = torch.ones(10, 2, requires_grad=True)
    print(a.is_leaf)
    c = torch.ones(10, 2, requires_grad=True).reshape(4, 5)
    print(c.is_leaf, c.grad_fn)
    """,
)
case(
    "graph_detach_inplace",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    y.detach_()
    print(y, y.requires_grad, y.is_leaf, y.grad_fn)
    """,
)
case(
    "graph_retain_grad_flags",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    print(y.retains_grad, x.retains_grad)
    y.retain_grad()
    x.retain_grad()
    print(y.retains_grad, x.retains_grad)
    y.sum().backward()
    print(y.grad, x.grad)
    """,
)
case(
    "graph_output_nr_and_metadata",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    print(y.output_nr, x.output_nr, y.grad_fn.metadata)
    y.grad_fn.metadata["note"] = 1
    print(y.grad_fn.metadata)
    """,
)

_MYRELU = """
class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input
"""
case(
    "custom_function_myrelu_000",
    [_MYRELU, """
    w = torch.tensor([[3.0, 1.0]], requires_grad=True)
    b = torch.tensor([[3.0]], requires_grad=True)
    X = torch.tensor([[-1.0, -1.0], [1.0, 1.0]])
    Y = torch.tensor([[2.0, 3.0]])
    relu = MyReLU.apply
    Y_hat = relu(X @ w.t() + b)
    loss = torch.mean(torch.pow(Y_hat - Y, 2))
    loss.backward()
    print(w.grad)
    print(b.grad)
    print(Y_hat.grad_fn)
    print(Y_hat.grad_fn.name(), nf(Y_hat))
    print(Y_hat)
    show_graph(loss)
    """],
)
case(
    "custom_function_ctx",
    """
    class Scale(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b, k):
            print("needs_input_grad", ctx.needs_input_grad)
            ctx.k = k
            ctx.save_for_backward(a, b)
            return a * b * k

        @staticmethod
        def backward(ctx, grad):
            a, b = ctx.saved_tensors
            print("needs_input_grad", ctx.needs_input_grad)
            return grad * b * ctx.k, grad * a * ctx.k, None

    x = torch.tensor([1., 2.], requires_grad=True)
    c = torch.tensor([3., 4.])
    out = Scale.apply(x, c, 2.)
    print(out, nf(out))
    out.sum().backward()
    print(x.grad)
    with torch.no_grad():
        print(Scale.apply(x, c, 2.))
    print(Scale.apply(c, c, 1.))
    """,
)
case(
    "custom_function_two_outputs",
    """
    class Split(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2, a * 3

        @staticmethod
        def backward(ctx, g1, g2):
            return g1 * 2 + g2 * 3

    x = torch.tensor([1., 2.], requires_grad=True)
    p, q = Split.apply(x)
    print(p, q, p.grad_fn is q.grad_fn, p.output_nr, q.output_nr)
    (p.sum() + q.sum()).backward()
    print(x.grad)
    x.grad = None
    p, q = Split.apply(x)
    p.sum().backward()
    print(x.grad)
    """,
)
case(
    "custom_function_saved_after_backward",
    [_MYRELU, """
    x = torch.tensor([-1., 2.], requires_grad=True)
    y = MyReLU.apply(x)
    y.sum().backward()
    print(x.grad)
    y.sum().backward()
    """],
)
case(
    "custom_function_mark_dirty",
    """
    class AddOne(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.add_(1)
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, g):
            return g * 2

    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x.clone())
            x.mul_(x)
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 2 * x * g

    class MulBy(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            ctx.save_for_backward(x, y)
            y.add_(1)
            x.mul_(y)
            ctx.mark_dirty(x, y)
            return x, y

        @staticmethod
        def backward(ctx, gx, gy):
            x, y = ctx.saved_tensors
            return gx * y, gx * x + gy

    a = torch.tensor([1., 2.], requires_grad=True)
    x = a * 1
    x.retain_grad()
    y = AddOne.apply(x)
    print(y, y is x, x.grad_fn.name(), x._version, nf(x), x.is_leaf)
    y.sum().backward()
    print(a.grad, x.grad)
    x = a * 3
    z = Square.apply(Square.apply(x))
    print(z, z.grad_fn.saved_tensors, x._version)
    print(torch.autograd.grad(z.sum(), a))
    b = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    c = b.clone()
    row = AddOne.apply(c[0])
    print(row, row.grad_fn.name(), c, nf(c))
    c.sum().backward()
    print(b.grad)
    p, q = torch.tensor([1., 2.], requires_grad=True), torch.tensor([3., 4.], requires_grad=True)
    u, v = MulBy.apply(p * 1, q * 1)
    print(u, v, u.grad_fn is v.grad_fn, v.grad_fn._output_nr if hasattr(v.grad_fn, "_output_nr") else "")
    (u + v).sum().backward()
    print(p.grad, q.grad)
    plain = torch.tensor([1., 2.])
    print(AddOne.apply(plain) is plain, plain, plain._version)
    with torch.no_grad():
        x = a * 1
        y = AddOne.apply(x)
    print(y, y is x, y.requires_grad, x._version)
    x = a * 1
    with torch.no_grad():
        y = AddOne.apply(x)
    print(y, y is x, y.requires_grad, x.requires_grad, x._version, x.grad_fn.name())
    """,
)
case(
    "custom_function_mark_dirty_errors",
    """
    import warnings

    def function(forward, outputs=1):
        class Dirty(torch.autograd.Function):
            @staticmethod
            def backward(ctx, *grads):
                return grads[0]
        Dirty.forward = staticmethod(forward)
        return Dirty

    def inc_and_return(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    def inc_return_clone(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x.clone()

    def not_an_input(ctx, x):
        y = x * 2
        ctx.mark_dirty(y)
        return y

    def two_outputs(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x, x * 2

    def non_tensor(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x, 3)
        return x

    def non_differentiable(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        ctx.mark_non_differentiable(x)
        return x

    leaf = torch.tensor([1., 2., 3.], requires_grad=True)
    for forward, make in [
        (inc_and_return, lambda: leaf),
        (inc_and_return, lambda: leaf.view(3)),
        (inc_and_return, lambda: leaf.exp()),
        (inc_return_clone, lambda: leaf * 1),
        (not_an_input, lambda: leaf),
        (two_outputs, lambda: (leaf * 1)[:2]),
        (two_outputs, lambda: leaf * 1),
        (non_tensor, lambda: leaf * 1),
        (non_tensor, lambda: torch.ones(2)),
        (non_differentiable, lambda: leaf * 1),
    ]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                x = make()
                out = function(forward).apply(x)
                print(forward.__name__, out, x.grad_fn.name() if x.grad_fn else None, x._version)
                first = out[0] if isinstance(out, tuple) else out
                first.sum().backward()
                print(leaf.grad)
            except Exception as e:
                print(forward.__name__, type(e).__name__, e)
        for w in caught:
            print("warning:", w.category.__name__, w.message)
    """,
)
case(
    "retain_grad_follows_in_place",
    """
    a = torch.tensor([1., 2., 3.], requires_grad=True)
    w = torch.tensor([1., 2., 3.])
    x = a * 1
    x.retain_grad()
    x.mul_(3)
    (x * w).sum().backward()
    print(a.grad, x.grad)
    a.grad = None
    x = a * 1
    x.retain_grad()
    x[:2].mul_(3)
    (x * w).sum().backward()
    print(a.grad, x.grad, x.grad_fn.name())
    a.grad = None
    x = a * 1
    v = x[:2]
    v.retain_grad()
    x.mul_(3)
    (v * w[:2]).sum().backward()
    print(a.grad, v.grad, v.grad_fn.name())
    """,
)
case(
    "custom_function_mark_non_differentiable",
    """
    class ArgAndValue(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            idx = a.argmax()
            value = a.max()
            ctx.mark_non_differentiable(idx)
            ctx.save_for_backward(a, idx)
            return value, idx

        @staticmethod
        def backward(ctx, g, g_idx):
            a, idx = ctx.saved_tensors
            out = torch.zeros_like(a)
            out[idx] = g
            return out

    x = torch.tensor([1., 5., 2.], requires_grad=True)
    value, idx = ArgAndValue.apply(x)
    print(value, idx, idx.requires_grad)
    value.backward()
    print(x.grad)
    """,
)

# ---------------------------------------------------------------------------------------------------------
# Saved values: _saved_self, _saved_other, _saved_result, _saved_exponent, ... and freeing them.
# ---------------------------------------------------------------------------------------------------------
case(
    "saved_mul",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    w = torch.tensor([3., 4.], requires_grad=True)
    y = x * w
    print(y.grad_fn._saved_self, y.grad_fn._saved_other)
    print(y.grad_fn._saved_self is x, y.grad_fn._saved_other is w)
    """,
)
case(
    "saved_mul_scalar_and_constant",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    c = torch.tensor([3., 4.])
    print(repr((x * 2).grad_fn._saved_other), repr((x * 2).grad_fn._saved_self))
    print(repr((x * 2.5).grad_fn._saved_other), repr((2 * x).grad_fn._saved_other))
    print((x * c).grad_fn._saved_other, (x * c).grad_fn._saved_self)
    print((c * x).grad_fn._saved_self, (c * x).grad_fn._saved_other)
    """,
)
case(
    "saved_div",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    w = torch.tensor([4., 8.], requires_grad=True)
    print((x / w).grad_fn._saved_self, (x / w).grad_fn._saved_other)
    print(repr((x / 2).grad_fn._saved_other), (x / 2).grad_fn._saved_self)
    """,
)
case(
    "saved_pow",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    e = torch.tensor([3., 0.5], requires_grad=True)
    p = x ** 2
    print(p.grad_fn._saved_self, repr(p.grad_fn._saved_exponent))
    print(repr((x ** 0.5).grad_fn._saved_exponent), repr((x ** -1).grad_fn._saved_exponent))
    q = x ** e
    print(q.grad_fn._saved_self, q.grad_fn._saved_exponent, q.grad_fn._saved_result)
    r = 2 ** x
    print(repr(r.grad_fn._saved_self), r.grad_fn._saved_exponent, r.grad_fn._saved_result)
    """,
)
case(
    "saved_result",
    """
    x = torch.tensor([0.5, 2.], requires_grad=True)
    for y in (x.exp(), x.tanh(), x.sigmoid(), x.relu(), x.sqrt()):
        r = y.grad_fn._saved_result
        print(y.grad_fn.name(), r, r is y, r.grad_fn is y.grad_fn, torch.equal(r, y))
    """,
)
case(
    "saved_self_unary",
    """
    x = torch.tensor([0.5, 2.], requires_grad=True)
    for y in (x.log(), x.sin(), x.cos(), x.abs(), x.clamp(min=1)):
        print(y.grad_fn.name(), y.grad_fn._saved_self, y.grad_fn._saved_self is x)
    """,
)
case(
    "saved_clamp_bounds",
    """
    x = torch.tensor([0.5, 2.], requires_grad=True)
    print(repr(x.clamp(min=1).grad_fn._saved_min), repr(x.clamp(min=1).grad_fn._saved_max))
    print(repr(x.clamp(-1.5, 2).grad_fn._saved_min), repr(x.clamp(-1.5, 2).grad_fn._saved_max))
    """,
)
case(
    "saved_products",
    """
    A = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    v = torch.tensor([1., -1.], requires_grad=True)
    m = A.mm(A.t())
    print(m.grad_fn._saved_self, m.grad_fn._saved_mat2)
    mv = A.mv(v)
    print(mv.grad_fn._saved_self, mv.grad_fn._saved_vec)
    d = v.dot(v)
    print(d.grad_fn._saved_self, d.grad_fn._saved_tensor)
    """,
)
case(
    "saved_max",
    """
    x = torch.tensor([1., 3., 2.], requires_grad=True)
    y = x.max()
    print(y.grad_fn._saved_self, y.grad_fn._saved_result)
    """,
)
case(
    "saved_add_sub_alpha",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    print((x + x).grad_fn._saved_alpha, (x - 1).grad_fn._saved_alpha, (1 - x).grad_fn._saved_alpha)
    """,
)
case(
    "saved_freed_after_backward",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    w = torch.tensor([3., 4.], requires_grad=True)
    y = x * w
    y.sum().backward()
    y.grad_fn._saved_self
    """,
)
case(
    "saved_result_freed",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x.exp()
    y.sum().backward()
    y.grad_fn._saved_result
    """,
)
case(
    "saved_exponent_survives_backward",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x ** 3
    y.sum().backward()
    print(y.grad_fn._saved_exponent)
    y.grad_fn._saved_self
    """,
)
case(
    "saved_retain_graph",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * x
    y.sum().backward(retain_graph=True)
    print(y.grad_fn._saved_self, x.grad)
    y.sum().backward()
    print(x.grad)
    y.grad_fn._saved_other
    """,
)
case(
    "saved_after_autograd_grad",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x.tanh()
    print(torch.autograd.grad(y.sum(), x))
    y.grad_fn._saved_result
    """,
)
case(
    "saved_modified_inplace",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    a = x * 1
    y = a * x
    a.add_(1)
    print(a._version)
    y.grad_fn._saved_self
    """,
)
case(
    "saved_missing_attribute",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    print(hasattr((x + 1).grad_fn, "_saved_self"), hasattr(x.exp().grad_fn, "_saved_self"))
    print(hasattr((x * 2).grad_fn, "_saved_other"), hasattr(x.exp().grad_fn, "_saved_result"))
    """,
)

# ---------------------------------------------------------------------------------------------------------
# Version counters: _version, views, detach() and .data.
# ---------------------------------------------------------------------------------------------------------
case(
    "version_counter",
    """
    x = torch.ones(3)
    print(x._version)
    x.add_(1)
    print(x._version)
    x += 1
    x.mul_(2)
    print(x._version)
    x[0] = 5
    print(x._version)
    x.zero_()
    x.fill_(2)
    x.copy_(torch.tensor([1., 2., 3.]))
    x.clamp_(min=1.5)
    print(x._version, x)
    y = x + 1
    print(y._version)
    """,
)
case(
    "version_shared_by_views_and_detach",
    """
    x = torch.ones(4)
    v = x[:2]
    r = x.view(2, 2)
    d = x.detach()
    v.mul_(3)
    print(x._version, v._version, r._version, d._version)
    d.add_(1)
    print(x._version, v._version, x)
    """,
)
case(
    "version_data_own_counter",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.data.mul_(2)
    print(x._version, x)
    d = x.data
    d.add_(1)
    print(x._version, d._version, x)
    y = x.exp()
    x.data.add_(1)
    y.sum().backward()
    print(x.grad)
    """,
)
case(
    "version_data_assignment",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.data = torch.tensor([5., 6.])
    print(x, x._version, x.is_leaf)
    """,
)
case(
    "version_grad_accumulation",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    (x * 2).sum().backward()
    g = x.grad
    print(g._version)
    (x * 3).sum().backward()
    print(x.grad, g is x.grad, g._version)
    x.grad.zero_()
    print(x.grad, x.grad._version)
    """,
)
case(
    "version_inplace_under_no_grad",
    """
    w = torch.tensor([1., 2.], requires_grad=True)
    with torch.no_grad():
        w -= 0.5 * torch.tensor([1., 1.])
        w.mul_(2)
    print(w, w._version, w.is_leaf, w.grad_fn)
    """,
)
# In-place ops through views: CopySlices on the base, AsStridedBackward0 on views remade after a change.
VIEW_INPLACE = {
    "view_inplace_slice_mul": """
        a = torch.tensor([1., 2., 3.], requires_grad=True)
        b = a * 1
        v = b[1:]
        v.mul_(3)
        print(b, nf(b)); print(v, nf(v))
        (b * torch.tensor([1., 10., 100.])).sum().backward()
        print(a.grad)
    """,
    "view_inplace_iadd_into_constant": """
        w = torch.tensor([1., 2.], requires_grad=True)
        x = torch.zeros(3)
        x[0:2] += w
        print(x, nf(x), x.requires_grad, x.is_leaf)
        x.sum().backward()
        print(w.grad)
    """,
    "view_inplace_setitem_number": """
        a = torch.tensor([1., 2., 3.], requires_grad=True)
        y = a * 2
        y[0] = 5
        print(y, nf(y))
        y.sum().backward()
        print(a.grad)
    """,
    "view_inplace_setitem_tensor": """
        a = torch.tensor([1., 2., 3.], requires_grad=True)
        c = torch.tensor(7., requires_grad=True)
        y = a * 2
        y[1] = c * 3
        print(y, nf(y))
        y.sum().backward()
        print(a.grad, c.grad)
    """,
    "view_inplace_setitem_full_slice_is_fill": """
        y = torch.ones(3, requires_grad=True) * 1
        y[:] = 7
        print(y, nf(y))
        y[0:3] = 2
        y[...] = 1
        print(y, nf(y))
        z = torch.ones(2, 3, requires_grad=True) * 1
        z[:, :] = 4
        print(nf(z))
        z[..., 1:] = 5
        print(z, nf(z))
    """,
    "view_inplace_other_views_remade": """
        a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        y = a.clone()
        r0, r1 = y[0], y[1]
        r1.mul_(2)
        print(nf(r0), nf(r1), nf(y))
        (r0.sum() + r1.sum() * 10).backward()
        print(a.grad)
    """,
    "view_inplace_transposed": """
        a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        y = a.clone()
        t = y.t()
        t.add_(1)
        print(t, nf(t))
        print(y, nf(y))
        y.sum().backward()
        print(a.grad)
    """,
    "view_inplace_view_of_view": """
        a = torch.arange(6.).requires_grad_()
        y = a * 1
        m = y.view(2, 3)
        r = m[1]
        r[0] = 100
        print(y.grad_fn.name(), m.grad_fn.name(), r.grad_fn.name(), y)
        y.sum().backward()
        print(a.grad)
    """,
    "view_inplace_exp_saved_result": """
        a = torch.tensor([0., 1.], requires_grad=True)
        y = a * 1
        y[0:1].exp_()
        print(y, nf(y))
        y.sum().backward()
        print(a.grad)
    """,
    "view_inplace_saved_output_version": """
        a = torch.tensor([1., 2.], requires_grad=True)
        y = a * 1
        y.exp_()
        y.mul_(2)
        y.sum().backward()
    """,
    "view_inplace_saved_view_output_version": """
        a = torch.tensor([1., 2.], requires_grad=True)
        y = a * 1
        v = y[0:1]
        v.exp_()
        y.mul_(2)
        y.sum().backward()
    """,
    "view_inplace_saved_view_changed": """
        a = torch.tensor([1., 2.], requires_grad=True)
        y = a * 1
        v = y[0:1]
        s = v.exp()
        y.mul_(2)
        s.sum().backward()
    """,
    "view_inplace_base_changed_under_no_grad": """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = a * 1
        v = b[0:1]
        with torch.no_grad():
            b.mul_(2)
        print(v, nf(v), v._version)
        (v * 3).sum().backward()
        print(a.grad)
    """,
    "view_inplace_as_strided_saved": """
        a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        b = a * 1
        v = b[:, 1]
        b.add_(1)
        print(v.grad_fn._saved_size, v.grad_fn._saved_stride, v.grad_fn._saved_storage_offset)
        print(b.grad_fn.name(), b.grad_fn._saved_alpha)
    """,
    "view_inplace_view_before_requires_grad": """
        w = torch.tensor([1., 2.], requires_grad=True)
        x = torch.zeros(3)
        v = x[0:2]
        x.mul_(w.sum())
        print(v.requires_grad, v.grad_fn.name(), nf(v))
    """,
    "view_inplace_of_leaf": """
        x = torch.ones(3, requires_grad=True)
        x[0:2].mul_(2)
    """,
    "view_inplace_setitem_of_leaf_full": """
        x = torch.ones(3, requires_grad=True)
        x[:] = 5
    """,
    "view_inplace_made_in_no_grad": """
        w = torch.tensor([1., 2.], requires_grad=True)
        x = torch.zeros(3)
        with torch.no_grad():
            v = x[0:2]
        v.add_(w)
    """,
    "view_inplace_made_in_no_grad_no_grad_operand": """
        x = torch.zeros(3)
        with torch.no_grad():
            v = x[0:2]
        v.add_(1)
        print(x)
    """,
    "view_inplace_unbind_output": """
        c = torch.ones(2, 3, requires_grad=True) * 1
        u1, u2 = c.unbind(0)
        u1.mul_(2)
    """,
    "view_inplace_leaf_under_no_grad": """
        a = torch.ones(3, requires_grad=True)
        with torch.no_grad():
            a[0] = 5
        print(a, a.grad_fn, a._version)
    """,
    "view_inplace_zero_column": """
        a = torch.ones(2, 3, requires_grad=True)
        y = a + 0
        y[:, 1].zero_()
        print(y, nf(y))
        y.sum().backward()
        print(a.grad)
    """,
    "view_inplace_create_graph": """
        a = torch.tensor([1., 2., 3.], requires_grad=True)
        y = a * a
        y[1:].mul_(a[1:])
        g, = torch.autograd.grad(y.sum(), a, create_graph=True)
        print(g)
        g2, = torch.autograd.grad(g.sum(), a)
        print(g2)
    """,
}
for _name, _code in VIEW_INPLACE.items():
    case(_name, _code)

case(
    "version_inplace_records_node",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 1
    y.add_(1)
    print(y, y._version)
    y.mul_(x)
    print(y, nf(y))
    y += 2
    print(y)
    y.sum().backward()
    print(x.grad)
    """,
)

# ---------------------------------------------------------------------------------------------------------
# Errors and warnings: PyTorch 2.13's classes and texts.
# ---------------------------------------------------------------------------------------------------------
ERRORS = {
    "backward_twice": """
        x = torch.tensor(3.0, requires_grad=True)
        loss = (x * x + 1) ** 2
        loss.backward()
        print(x.grad)
        loss.backward()
    """,
    "backward_twice_autograd_grad": """
        x = torch.tensor(3.0, requires_grad=True)
        y = x.exp()
        torch.autograd.grad(y, x)
        torch.autograd.grad(y, x)
    """,
    "backward_twice_sum_only_works": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x + 1).sum()
        y.backward()
        y.backward()
        print(x.grad)
    """,
    "non_scalar_backward": """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * 2).backward()
    """,
    "non_scalar_autograd_grad": """
        x = torch.tensor([1., 2.], requires_grad=True)
        torch.autograd.grad(x * 2, x)
    """,
    "gradient_shape_mismatch": """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        (x * 2).backward(torch.ones(2))
    """,
    "gradient_shape_mismatch_grad": """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        torch.autograd.grad(x * 2, x, torch.ones(3, 1))
    """,
    "leaf_inplace": """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.add_(1)
    """,
    "leaf_inplace_operator": """
        x = torch.tensor([1., 2.], requires_grad=True)
        x += 1
    """,
    "leaf_setitem": """
        x = torch.tensor([1., 2.], requires_grad=True)
        x[0] = 5.
    """,
    "leaf_zero": """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.zero_()
    """,
    "view_of_leaf_inplace": """
        x = torch.tensor([1., 2.], requires_grad=True)
        v = x[:1]
        v.mul_(2)
    """,
    "view_of_leaf_inplace_view": """
        x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        x.view(4).add_(1)
    """,
    "saved_tensor_modified_output": """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = x.exp()
        y.add_(1)
        y.sum().backward()
    """,
    "saved_tensor_modified_intermediate": """
        x = torch.tensor([1., 2.], requires_grad=True)
        a = x * 2
        b = a * x
        a.mul_(3)
        b.sum().backward()
    """,
    "saved_tensor_modified_constant": """
        x = torch.tensor([1., 2.], requires_grad=True)
        c = torch.tensor([3., 4.])
        y = x * c
        c.add_(1)
        y.sum().backward()
    """,
    "saved_tensor_modified_twice": """
        x = torch.tensor([[1., 2.]], requires_grad=True)
        c = torch.tensor([[3.], [4.]])
        y = x.mm(c)
        c.add_(1)
        c.add_(1)
        y.sum().backward()
    """,
    "saved_tensor_modified_sigmoid": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = torch.sigmoid(x)
        y.mul_(2)
        y.sum().backward()
    """,
    "non_leaf_grad_warning": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.sum().backward()
        print(y.grad)
    """,
    "non_leaf_grad_no_warning_when_retained": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.retain_grad()
        print(y.grad)
        y.sum().backward()
        print(y.grad)
    """,
    "leaf_without_grad_no_warning": """
        c = torch.tensor([1., 2.])
        print(c.grad, (c * 2).grad)
    """,
    "backward_without_grad": """
        c = torch.tensor([1., 2.])
        c.sum().backward()
    """,
    "backward_without_grad_scalar": """
        torch.tensor(2.).backward()
    """,
    "autograd_grad_output_without_grad": """
        x = torch.tensor(1., requires_grad=True)
        torch.autograd.grad(torch.tensor(2.), x)
    """,
    "autograd_grad_input_without_grad": """
        x = torch.tensor(1., requires_grad=True)
        c = torch.tensor(2.)
        torch.autograd.grad(x * c, c)
    """,
    "autograd_grad_unused_input": """
        x = torch.tensor(1., requires_grad=True)
        z = torch.tensor(2., requires_grad=True)
        torch.autograd.grad(x * 2, [x, z])
    """,
    "autograd_grad_allow_unused": """
        x = torch.tensor(1., requires_grad=True)
        z = torch.tensor(2., requires_grad=True)
        print(torch.autograd.grad(x * 2, [x, z], allow_unused=True))
        print(torch.autograd.grad(x * 3, [x, z], materialize_grads=True))
    """,
    "requires_grad_int_tensor": """
        torch.tensor([1, 2], requires_grad=True)
    """,
    "requires_grad_int_method": """
        torch.tensor([1, 2]).requires_grad_()
    """,
    "requires_grad_int_attribute": """
        k = torch.tensor([1, 2])
        k.requires_grad = True
    """,
    "requires_grad_bool_tensor": """
        torch.tensor([True]).requires_grad_()
    """,
    "requires_grad_int_zeros": """
        torch.zeros(2, dtype=torch.int64, requires_grad=True)
    """,
    "requires_grad_int_arange": """
        torch.arange(3, requires_grad=True)
    """,
    "numpy_requires_grad": """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.numpy()
    """,
    "numpy_detached_ok": """
        x = torch.tensor([1., 2.], requires_grad=True)
        print(x.detach().numpy(), (x * 2).detach().numpy().dtype)
    """,
    "hook_no_grad": """
        c = torch.tensor([1., 2.])
        c.register_hook(lambda g: g)
    """,
    "retain_grad_no_grad": """
        c = torch.tensor([1., 2.])
        c.retain_grad()
    """,
    "requires_grad_false_non_leaf": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.requires_grad_(False)
    """,
    "requires_grad_attribute_non_leaf": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        y.requires_grad = False
    """,
    "requires_grad_true_non_leaf": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        print(y.requires_grad_(True) is y, y.requires_grad, y.is_leaf)
        y.requires_grad = True
        print(y)
    """,
    "requires_grad_toggle_leaf": """
        x = torch.tensor([1., 2.])
        print(x.requires_grad_() is x, x)
        x.requires_grad_(False)
        print(x, x.is_leaf)
    """,
    "item_many_elements": """
        torch.tensor([1., 2.]).item()
    """,
    "item_empty": """
        torch.tensor([]).item()
    """,
    "bool_many_elements": """
        bool(torch.tensor([1., 2.]))
    """,
    "custom_function_too_many_grads": """
        class Twice(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2

            @staticmethod
            def backward(ctx, g):
                return g * 2, g

        x = torch.tensor([1., 2.], requires_grad=True)
        Twice.apply(x).sum().backward()
    """,
    "custom_function_too_few_grads": """
        class Mul(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a, b):
                return a * b

            @staticmethod
            def backward(ctx, g):
                return g

        x = torch.tensor([1., 2.], requires_grad=True)
        Mul.apply(x, x).sum().backward()
    """,
    "custom_function_extra_none_grads_ok": """
        class Twice(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2

            @staticmethod
            def backward(ctx, g):
                return g * 2, None, None

        x = torch.tensor([1., 2.], requires_grad=True)
        Twice.apply(x).sum().backward()
        print(x.grad)
    """,
    "custom_function_wrong_grad_shape": """
        class Bad(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2

            @staticmethod
            def backward(ctx, g):
                return torch.ones(2)

        x = torch.tensor([1., 2., 3.], requires_grad=True)
        Bad.apply(x).sum().backward()
    """,
    "custom_function_broadcast_grad_summed": """
        class Spread(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2

            @staticmethod
            def backward(ctx, g):
                return torch.ones(2, 3)

        x = torch.tensor([1., 2., 3.], requires_grad=True)
        Spread.apply(x).sum().backward()
        print(x.grad)
    """,
    "custom_function_no_backward": """
        class NoBackward(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2

        x = torch.tensor([1., 2.], requires_grad=True)
        NoBackward.apply(x).sum().backward()
    """,
    "grad_assign_wrong_shape": """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.grad = torch.ones(3)
    """,
    "grad_assign_wrong_type": """
        x = torch.tensor([1., 2.], requires_grad=True)
        x.grad = torch.ones(2, dtype=torch.float64)
    """,
    "backward_inputs_empty": """
        x = torch.tensor([1., 2.], requires_grad=True)
        (x * 2).sum().backward(inputs=[])
    """,
    # bad input (issue 2)
    "add_shape_mismatch": """
        torch.ones(2, 3) + torch.ones(4)
    """,
    "add_shape_mismatch_leading": """
        torch.ones(3, 2) + torch.ones(2, 2)
    """,
    "mul_shape_mismatch": """
        torch.tensor([1., 2.], requires_grad=True) * torch.ones(3)
    """,
    "mm_shape_mismatch": """
        torch.ones(2, 3).mm(torch.ones(2, 3))
    """,
    "mm_not_matrix": """
        torch.ones(2, 3).mm(torch.ones(3))
    """,
    "matmul_shape_mismatch_2d": """
        torch.ones(2, 3) @ torch.ones(4, 5)
    """,
    "matmul_shape_mismatch_1d": """
        torch.ones(3) @ torch.ones(4)
    """,
    "matmul_shape_mismatch_mv": """
        torch.ones(2, 3) @ torch.ones(4)
    """,
    "matmul_shape_mismatch_vm": """
        torch.ones(3) @ torch.ones(4, 2)
    """,
    "matmul_0d": """
        torch.tensor(2.) @ torch.ones(2)
    """,
    "matmul_dtype_mismatch": """
        torch.ones(2, 2) @ torch.ones(2, 2, dtype=torch.float64)
    """,
    "dot_2d": """
        torch.dot(torch.ones(2, 2), torch.ones(2))
    """,
    "cat_shape_mismatch": """
        torch.cat([torch.ones(2, 3), torch.ones(2, 4)])
    """,
    "cat_dim_count_mismatch": """
        torch.cat([torch.ones(2, 3), torch.ones(3)])
    """,
    "cat_empty_list": """
        torch.cat([])
    """,
    "stack_shape_mismatch": """
        torch.stack([torch.ones(2), torch.ones(3)])
    """,
    "view_invalid_size": """
        torch.ones(2, 3).view(4)
    """,
    "view_two_inferred": """
        torch.ones(2, 3).view(-1, -1)
    """,
    "view_noncontiguous": """
        torch.ones(2, 3).t().view(6)
    """,
    "reshape_invalid_size": """
        torch.ones(2, 3).reshape(5, -1)
    """,
    "expand_invalid": """
        torch.ones(2, 3).expand(4, 3)
    """,
    "sum_unknown_dim": """
        torch.ones(2, 3).sum(dim=2)
    """,
    "mean_unknown_dim": """
        torch.ones(2, 3).mean(-3)
    """,
    "max_unknown_dim": """
        torch.ones(2, 3).max(dim=5)
    """,
    "unsqueeze_unknown_dim": """
        torch.ones(2, 3).unsqueeze(4)
    """,
    "transpose_unknown_dim": """
        torch.ones(2, 3).transpose(0, 2)
    """,
    "squeeze_unknown_dim": """
        torch.ones(2, 3).squeeze(3)
    """,
    "size_unknown_dim": """
        torch.ones(2, 3).size(2)
    """,
    "cat_unknown_dim": """
        torch.cat([torch.ones(2), torch.ones(2)], dim=1)
    """,
    "index_out_of_range": """
        torch.ones(2, 3)[2]
    """,
    "index_too_many": """
        torch.ones(2)[0, 0]
    """,
    "index_0d": """
        torch.tensor(1.)[0]
    """,
    "index_list_out_of_range": """
        torch.ones(3)[[0, 3]]
    """,
    "index_mask_shape": """
        torch.ones(3)[torch.tensor([True, False])]
    """,
    "mean_int_tensor": """
        torch.tensor([1, 2]).mean()
    """,
    "t_3d": """
        torch.ones(2, 2, 2).t()
    """,
    "permute_wrong_length": """
        torch.ones(2, 3).permute(0)
    """,
    "clamp_without_bounds": """
        torch.ones(2).clamp()
    """,
    "where_not_bool": """
        torch.where(torch.tensor([1., 0.]), torch.ones(2), torch.zeros(2))
    """,
    "neg_bool": """
        -torch.tensor([True])
    """,
    "sub_bools": """
        torch.tensor([True]) - torch.tensor([False])
    """,
    "inplace_broadcast_output": """
        x = torch.ones(2)
        x.add_(torch.ones(2, 2))
    """,
    "inplace_float_into_int": """
        k = torch.tensor([1, 2])
        k.add_(1.5)
    """,
    "int_pow_negative": """
        torch.tensor([2]) ** -1
    """,
    "len_0d": """
        len(torch.tensor(1.))
    """,
    "iter_0d": """
        iter(torch.tensor(1.))
    """,
    "tensor_ragged": """
        torch.tensor([[1., 2.], [3.]])
    """,
    "zeros_negative_size": """
        torch.zeros(2, -1)
    """,
    "copy_from_tensor_warning": """
        x = torch.tensor([1., 2.])
        print(torch.tensor(x))
    """,
    "mse_loss_broadcast_warning": """
        x = torch.tensor([1., 2.], requires_grad=True)
        print(F.mse_loss(x, torch.tensor([[1.], [2.]])))
    """,
    "deepcopy_non_leaf": """
        import copy
        x = torch.tensor([1., 2.], requires_grad=True)
        copy.deepcopy(x * 2)
    """,
}
for _name, _code in ERRORS.items():
    case(f"error_{_name}", _code)
case("module_tied_layers_visited_once", """
torch.manual_seed(0)
shared = nn.Linear(2, 2)
net = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), shared, nn.ReLU(), shared, nn.Linear(2, 1))
net.apply(lambda m: nn.init.normal_(m.weight, std=0.01) if isinstance(m, nn.Linear) else None)  # d2l's tied layers
print(net[5].weight, net[2].weight is net[4].weight)
print(len(list(net.children())), [n for n, _ in net.named_children()], [n for n, _ in net.named_modules()])
print([n for n, _ in net.named_modules(remove_duplicate=False)], [n for n, _ in net.named_parameters()])
print([n for n, _ in net.named_parameters(remove_duplicate=False)], len(list(net.modules())))
print(list(net.state_dict()), net)
""")
attempts(
    "error_node_hook_results",
    [LEAVES, """
    def returned(hook, pre=False):
        w = torch.tensor([1., 2.], requires_grad=True)
        y = w.exp()
        (y.grad_fn.register_prehook if pre else y.grad_fn.register_hook)(hook)
        y.sum().backward()
        return w.grad

    def module_returns(value, pre=False):
        lin = nn.Linear(2, 2)
        if pre:
            lin.register_full_backward_pre_hook(lambda m, go: value)
        else:
            lin.register_full_backward_hook(lambda m, gi, go: value)
        w = torch.ones(1, 2, requires_grad=True)
        lin(w).sum().backward()
        return w.grad
    """],
    "returned(lambda gi, go: (None,))",
    "returned(lambda gi, go: (gi[0] * 3,))",
    "returned(lambda gi, go: (gi[0].double(),))",
    "returned(lambda gi, go: (torch.ones(3),))",
    "returned(lambda gi, go: (5,))",
    "returned(lambda gi, go: (gi[0], gi[0]))",
    "returned(lambda go: (go[0] * 2,), pre=True)",
    "returned(lambda go: (None,), pre=True)",
    "returned(lambda go: (go[0].double(),), pre=True)",
    "returned(lambda go: (torch.ones(3),), pre=True)",
    "returned(lambda go: (go[0], go[0]), pre=True)",
    "returned(lambda go: (), pre=True)",
    "returned(lambda go: go[0] * 2, pre=True)",
    "module_returns((torch.ones(3),))",
    "module_returns((torch.ones(3),), pre=True)",
)
attempts(
    "error_requires_grad_and_grad_slips",
    [LEAVES, """
    import numpy as np

    def deleted():
        x.grad = torch.ones(2, 3)
        del x.grad
        return x.grad

    def hook_returns(value):
        w = torch.tensor([1., 2.], requires_grad=True)
        w.register_post_accumulate_grad_hook(lambda t: value(t))
        (w * 2).sum().backward()
        return w.grad
    """],
    "deleted()",
    "hook_returns(lambda t: None)",
    "hook_returns(lambda t: t * 2)",
    "hook_returns(lambda t: 5)",
    "torch.tensor([1.], requires_grad='yes')",
    "torch.tensor([1.], requires_grad=1)",
    "torch.tensor([1.], requires_grad=None)",
    "torch.tensor([1.], requires_grad=np.True_)",
)
# the index tensors a node saves (list indices too, and the indices max and sort find) are saved tensors: backward
# frees them, so a second backward fails and _saved_indices is gone; scatter_add saves index only for src's gradient
attempts(
    "error_backward_twice_index_tensors",
    [LEAVES, """
    def twice(f, saved="indices"):
        y = f(x).sum()
        y.backward()
        for read in (lambda: getattr(y.grad_fn.next_functions[0][0], "_saved_" + saved), y.backward):
            try:
                read()
                print("works")
            except RuntimeError as e:
                print(str(e)[:50])
    """],
    "twice(lambda x: x[[0, 1]])",
    "twice(lambda x: x[:, [0, 2]])",
    "twice(lambda x: x[x > 0])",
    "twice(lambda x: x[torch.tensor([1, 0])])",
    "twice(lambda x: x.max(dim=1).values)",
    "twice(lambda x: x.min(1, keepdim=True)[0])",
    "twice(lambda x: x.topk(2).values)",
    "twice(lambda x: x.sort(dim=1).values)",
    "twice(lambda x: x.kthvalue(2).values)",
    "twice(lambda x: x.median(dim=1).values)",
    "twice(lambda x: x.nanmedian(dim=0).values)",
    "twice(lambda x: x.mode(dim=1).values)",
    "twice(lambda x: x.clone().index_put_((torch.tensor([1]),), torch.tensor(5.)))",
    "twice(lambda x: x.scatter_add(1, torch.tensor([[0], [2]]), torch.ones(2, 1)), 'index')",
    "twice(lambda x: x.scatter_add(1, torch.tensor([[0], [2]]), x[:, :1]), 'index')",
    "twice(lambda x: x.gather(1, torch.tensor([[0], [2]])), 'index')",
    "twice(lambda x: x.index_select(1, torch.tensor([2, 0])), 'index')",
)
case(
    "error_anomaly_detection",
    """
    import warnings

    def first_lines(caught):
        for w in caught:
            print(w.category.__name__, str(w.message).splitlines()[0])

    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    x = torch.tensor([0., 4.], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with torch.autograd.detect_anomaly():
                print(torch.is_anomaly_enabled())
                y = (x.sqrt() * 0).sum()
                print(list(y.grad_fn.metadata))
                y.backward()
        except RuntimeError as e:
            print("RuntimeError:", e)
    first_lines(caught)
    a = torch.ones(2, requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            with torch.autograd.set_detect_anomaly(True, check_nan=False):
                b = a.exp()
                b.add_(1)
                b.sum().backward()
        except RuntimeError as e:
            print("RuntimeError:", e)
    first_lines(caught)
    y = (x.sqrt() * 0).sum()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.autograd.set_detect_anomaly(True)
        try:
            torch.autograd.grad(y, x)
        except RuntimeError as e:
            print("RuntimeError:", e)
        torch.autograd.set_detect_anomaly(False)
    first_lines(caught)
    y = (x.sqrt() * 0).sum()
    with torch.autograd.set_detect_anomaly(True, check_nan=False):
        print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled(), torch.autograd.grad(y, x))
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    """,
)
case(
    "autograd_inference_mode",
    """
    import copy

    def attempt(label, f):
        try:
            print(label, f())
        except RuntimeError as e:
            print(label, "RuntimeError:", e)

    print(torch.is_inference_mode_enabled(), torch.autograd.inference_mode is torch.inference_mode)
    w = torch.ones(3, requires_grad=True)
    n = torch.ones(3)
    with torch.inference_mode():
        print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())
        a = torch.ones(3)
        y = w * 2
        v, vw = n[:2], w[:2]
        n.add_(1)  # a normal tensor changed in inference mode: counted
        a.add_(1)  # an inference tensor changed in inference mode: allowed
        attempt("version inside", lambda: a._version)
        p = torch.nn.Parameter(torch.ones(2, 2))
        with torch.inference_mode(False):
            print("nested off", torch.is_grad_enabled(), torch.is_inference_mode_enabled(),
                  torch.ones(1).is_inference())
    with torch.no_grad():
        with torch.inference_mode(False):
            print("off inside no_grad", torch.is_grad_enabled())
    print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())
    print(a, a.is_inference(), torch.is_inference(a), a.requires_grad, a.is_leaf, a.grad_fn)
    print(y.is_inference(), y.requires_grad, y.grad_fn, v.is_inference(), vw.is_inference(), n._version)
    for label, t in [("clone", a.clone()), ("detach", a.detach()), ("data", a.data), ("view", a.view(3)),
                     ("item of view", a[0]), ("float", a.float()), ("double", a.double()),
                     ("ones_like", torch.ones_like(a)), ("deepcopy", copy.deepcopy(a)), ("tensor", torch.tensor([1.]))]:
        print(label, t.is_inference())
    attempt("_version", lambda: a._version)
    attempt("w + a", lambda: (w + a).grad_fn)
    attempt("w * a", lambda: (w * a).grad_fn)
    attempt("a * w", lambda: (a * w).grad_fn)
    attempt("w.pow(a)", lambda: w.pow(a).grad_fn)
    attempt("mse_loss", lambda: F.mse_loss(w, a).grad_fn)
    attempt("tanh(a) * w", lambda: (torch.tanh(a) * w).grad_fn)
    attempt("a * 2", lambda: (a * 2).is_inference())
    attempt("requires_grad_()", lambda: a.requires_grad_())
    attempt("requires_grad =", lambda: setattr(a, "requires_grad", True))
    attempt("requires_grad_(False)", lambda: a.requires_grad_(False).requires_grad)
    attempt("Parameter(a)", lambda: nn.Parameter(a))
    attempt("add_", lambda: a.add_(1))  # torch writes, then refuses at the version bump
    attempt("setitem", lambda: a.__setitem__(0, 7.))
    attempt("zero_ of a view", lambda: a[1:].zero_())
    print(a)
    print(p.requires_grad, p.is_inference(), p.t().requires_grad, p.t().grad_fn, p.t()._is_view(), (p * 2).grad_fn)
    out = F.linear(torch.ones(3, 2), p)
    print(out.grad_fn, out.requires_grad)
    (p + 1).sum().backward()
    print(p.grad, p.grad.is_inference())
    opt = torch.optim.SGD([p], lr=0.5)
    attempt("step", opt.step)
    print(p)

    @torch.inference_mode
    def bare(x):
        return x * 2, torch.is_inference_mode_enabled()

    @torch.inference_mode()
    def called(x):
        return x * 2

    @torch.inference_mode(False)
    def off(x):
        return x * 2

    print(bare(w)[0].is_inference(), bare(w)[1], called(w).is_inference(), off(w).requires_grad)
    try:
        with torch.inference_mode():
            raise ValueError("inside")
    except ValueError:
        pass
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())

    class Double(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    q = torch.ones(2, requires_grad=True)
    with torch.inference_mode():
        with torch.enable_grad():  # grad mode says on, but inference mode records nothing
            print(torch.is_grad_enabled(), (q * 2).grad_fn, (q * 2).is_inference(), Double.apply(q).grad_fn)
            with torch.no_grad():
                print(torch.is_grad_enabled())
            print(torch.is_grad_enabled())
        torch.set_grad_enabled(True)
        print(torch.is_grad_enabled(), (q * 2).requires_grad)
    print(torch.is_grad_enabled(), torch.is_inference_mode_enabled(), (q * 2).grad_fn is not None)
    """,
)
case(
    "error_index_modified_in_place",
    """
    class Keep(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, t):
            ctx.save_for_backward(t)
            return x * 2

        @staticmethod
        def backward(ctx, g):
            ctx.saved_tensors
            return g * 2, None

    ops = [("gather", lambda w, i: w.gather(0, i)), ("index_select", lambda w, i: w.index_select(0, i)),
           ("index", lambda w, i: w[i]), ("embedding", lambda w, i: F.embedding(i, w.view(3, 1))),
           ("cross_entropy", lambda w, i: F.cross_entropy(w.view(1, 3).expand(2, 3), i))]
    for name, f in ops:
        w = torch.tensor([1., 2., 3.], requires_grad=True)
        idx = torch.tensor([0, 1])
        y = f(w, idx).sum()
        y.backward()
        try:
            y.backward()
        except RuntimeError as e:
            print(name, "RuntimeError:", str(e)[:70])
        y = f(w, idx)
        if name != "cross_entropy":
            print(y.grad_fn._saved_indices if name in ("index", "embedding") else y.grad_fn._saved_index)
        idx.add_(1)
        try:
            y.sum().backward()
            print(name, w.grad)
        except RuntimeError as e:
            print(name, "RuntimeError:", e)
    for name, f in [("mask", lambda w, m: w[m]), ("where", lambda w, m: torch.where(m, w, 0.)),
                    ("masked_fill", lambda w, m: w.masked_fill(m, 0.))]:
        w = torch.tensor([1., 2., 3.], requires_grad=True)
        mask = torch.tensor([True, False, True])
        y = f(w, mask)
        mask[0] = False
        try:
            y.sum().backward()
        except RuntimeError as e:
            print(name, "RuntimeError:", e)
    for dtype in [torch.float32, torch.float64, torch.float16, torch.int64, torch.int32, torch.int16, torch.int8,
                  torch.uint8, torch.bool]:
        x = torch.ones(2, requires_grad=True)
        t = torch.zeros(2, dtype=dtype)
        y = Keep.apply(x, t)
        t.zero_()
        try:
            y.sum().backward()
        except RuntimeError as e:
            print(dtype, str(e)[:130])
    for t in (torch.ones(2, 2, dtype=torch.bool), torch.ones(2, 2)):
        try:
            t.expand(3)
        except RuntimeError as e:
            print(e)
    try:
        F.embedding(torch.tensor([True]), torch.ones(2, 2))
    except RuntimeError as e:
        print(e)
    """,
)
case(
    "hooks_post_accumulate_grad",
    [ATTEMPT, """
    w = torch.tensor([1., 2.], requires_grad=True)
    h = w.register_post_accumulate_grad_hook(lambda t: print("post", t is w, t.grad))
    w.register_hook(lambda g: print("pre", g))
    (w * 3).sum().backward()
    (w * 3).sum().backward()
    attempt("grad()", lambda: torch.autograd.grad((w * 2).sum(), w))
    v = torch.ones(2, requires_grad=True)
    attempt("inputs=v", lambda: (w * v).sum().backward(inputs=[v]))
    attempt("inputs=w", lambda: (w * v).sum().backward(inputs=[w]))
    h.remove()
    (w * 3).sum().backward()
    print("removed", w.grad)
    attempt("non-leaf", lambda: (w * 2).register_post_accumulate_grad_hook(print))
    attempt("no grad", lambda: torch.ones(2).register_post_accumulate_grad_hook(print))
    r = torch.ones(2, requires_grad=True)
    r.register_post_accumulate_grad_hook(lambda t: 5)
    attempt("returns a value", lambda: (r * 2).sum().backward())
    s = torch.ones(2, requires_grad=True)
    s.register_post_accumulate_grad_hook(lambda t: setattr(t, "grad", None))
    (s * 2).sum().backward()
    print("cleared", s.grad)
    acc = (s * 1).grad_fn.next_functions[0][0]
    acc.register_hook(lambda gi, go: print("node post", go))
    acc.register_prehook(lambda go: print("node pre", go))
    s.register_post_accumulate_grad_hook(lambda t: print("post2", t.grad))
    (s * 2).sum().backward()
    print(type(s._post_accumulate_grad_hooks).__name__, len(s._post_accumulate_grad_hooks),
          torch.ones(1)._post_accumulate_grad_hooks)
    model = nn.Linear(2, 1)
    optimizers = {p: torch.optim.SGD([p], lr=0.1) for p in model.parameters()}

    def step(p):  # the optimizer steps inside backward, one parameter at a time
        optimizers[p].step()
        optimizers[p].zero_grad()

    for p in model.parameters():
        p.register_post_accumulate_grad_hook(step)
    with torch.no_grad():
        model.weight.copy_(torch.tensor([[0.5, -0.5]]))
        model.bias.fill_(0.1)
    model(torch.ones(3, 2)).sum().backward()
    print(model.weight, model.bias, model.weight.grad)
    """],
)
case(
    "hooks_of_tensors_backward_does_not_need",
    """
    w = torch.tensor([1., 2.], requires_grad=True)
    v = torch.ones(2, requires_grad=True)
    w.register_hook(lambda g: print("w hook", g))
    v.register_hook(lambda g: print("v hook", g))
    y = w * v
    y.register_hook(lambda g: print("y hook", g))
    z = y.exp()
    z.register_hook(lambda g: print("z hook", g))
    print("backward inputs=[v]")
    z.sum().backward(inputs=[v], retain_graph=True)
    print("grad v")
    torch.autograd.grad(z.sum(), v, retain_graph=True)
    print("grad y")
    torch.autograd.grad(z.sum(), y, retain_graph=True)
    print("backward inputs=[y]")
    z.sum().backward(inputs=[y], retain_graph=True)
    print("grad w, y")
    torch.autograd.grad(z.sum(), [y, w], retain_graph=True)
    u = torch.ones(2, requires_grad=True)
    q = (u * 2) + (w * 3)
    q.register_hook(lambda g: print("q hook", g))
    print("grad u")
    torch.autograd.grad(q.sum(), u)
    """,
)
case(
    "hooks_saved_tensors",
    [ATTEMPT, """
    def pack(t):
        print("pack", t.shape, t.requires_grad, t.grad_fn, torch.is_grad_enabled())
        return ("packed", t.detach().clone())

    def unpack(p):
        print("unpack", p[0], torch.is_grad_enabled())
        return p[1]

    x = torch.tensor([1., 2.], requires_grad=True)
    w = torch.tensor([3., 4.], requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        y = x * w
        z = y.tanh()
        s = z.sum()
    print("forward done")
    attempt("_saved_self", lambda: y.grad_fn._saved_self)
    attempt("_saved_result", lambda: z.grad_fn._saved_result)
    s.backward(retain_graph=True)
    print(x.grad, w.grad)
    print("create_graph")
    g, = torch.autograd.grad(s, x, create_graph=True)
    print(g, torch.autograd.grad(g.sum(), x))
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        a = x * 1
        b = a * w
    a.mul_(2)  # not detected: the node keeps what pack returned, not the tensor
    attempt("in place after packing", lambda: b.sum().backward())
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda p: 5):
        b = x * w
    attempt("unpack gives a number", lambda: b.sum().backward())

    def bad_pack(t):
        if not t.requires_grad:
            t.mul_(2)
        return t

    with torch.autograd.graph.saved_tensors_hooks(bad_pack, lambda p: p):
        attempt("pack changes its input", lambda: torch.ones(2) * w)
    with torch.autograd.graph.saved_tensors_hooks(lambda t: print("outer pack") or t, lambda p: p):
        with torch.autograd.graph.saved_tensors_hooks(lambda t: print("inner pack") or t, lambda p: p):
            b = x * w
        c = x * w
    with torch.autograd.graph.disable_saved_tensors_hooks("no hooks here"):
        attempt("disabled", lambda: torch.autograd.graph.saved_tensors_hooks(pack, unpack).__enter__())
        b = x * w
    print("disabled ok")

    class Twice(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            ctx.save_for_backward(a)
            return a * 2

        @staticmethod
        def backward(ctx, g):
            (a,) = ctx.saved_tensors
            return g * a

    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        o = Twice.apply(x)
        with torch.no_grad():
            b = x * w
    o.sum().backward()
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        b = x * w
    b.sum().backward()
    attempt("freed", lambda: b.grad_fn._saved_self)
    x.grad = None
    with torch.autograd.graph.save_on_cpu():
        b = (x * w).exp().sum()
    b.backward()
    print(x.grad)
    W = torch.tensor([[1.0, -1.0], [2.0, 0.5]], requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(lambda t: print("pack", t.shape, t.grad_fn) or t, lambda t: t):
        for name, f in [("div", lambda: x / (W[0] + 3)), ("pow", lambda: x.pow(W[1])), ("matmul", lambda: W @ x),
                        ("softmax", lambda: torch.softmax(x, 0)), ("mse", lambda: F.mse_loss(x, W[0])),
                        ("linear", lambda: F.linear(x, W)), ("sigmoid", lambda: x.sigmoid()),
                        ("addmm", lambda: F.linear(x.unsqueeze(0), W, W[0]))]:
            print(name)
            f()
    """],
)
case(
    "hooks_of_modules",
    """
    def attempt(label, f):
        try: print(label, f())
        except Exception as e: print(label, type(e).__name__, e)
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1., -1.], [0.5, 2.]])); lin.bias.copy_(torch.tensor([0.1, -0.2]))
    x = torch.tensor([[1., 2.]], requires_grad=True)
    h1 = lin.register_forward_pre_hook(lambda m, args: print("pre", type(m).__name__, args))
    h2 = lin.register_forward_hook(lambda m, args, out: print("fwd", args, out))
    h3 = lin.register_full_backward_hook(lambda m, gi, go: print("bwd", gi, go))
    h4 = lin.register_full_backward_pre_hook(lambda m, go: print("bwd pre", go))
    y = lin(x)
    print(y.grad_fn.name(), [(n.name() if n else None, i) for n, i in y.grad_fn.next_functions])
    g = y.grad_fn.next_functions[0][0]
    print(g.name(), [(n.name() if n else None, i) for n, i in g.next_functions])
    print(type(y.grad_fn).__name__, y._is_view())
    y.sum().backward()
    print(x.grad)
    for h in (h1, h2, h3, h4): h.remove()
    y = lin(x); print(y.grad_fn.name())
    # modify input / output / grads
    lin.register_forward_pre_hook(lambda m, args: (args[0] * 2,))
    lin.register_forward_hook(lambda m, args, out: out + 1)
    lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 10,))
    lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 3,))
    x.grad = None
    y = lin(x); print(y)
    y.sum().backward(); print(x.grad, lin.weight.grad)
    # no input requires grad
    lin2 = nn.Linear(2, 1)
    lin2.register_full_backward_hook(lambda m, gi, go: print("bwd2", gi, go))
    out = lin2(torch.ones(1, 2))
    out.sum().backward()
    # wrong number
    lin3 = nn.Linear(2, 1)
    lin3.register_full_backward_hook(lambda m, gi, go: (None, None))
    attempt("wrong len", lambda: lin3(x).sum().backward())
    lin4 = nn.Linear(2, 1)
    lin4.register_full_backward_pre_hook(lambda m, go: (None, None))
    attempt("wrong len pre", lambda: lin4(x).sum().backward())
    # inplace after hooked module
    seq = nn.Sequential(nn.Linear(2, 2), nn.ReLU(inplace=True))
    seq[0].register_full_backward_hook(lambda m, gi, go: None)
    attempt("inplace after", lambda: seq(x))
    # prepend and with_kwargs
    lin5 = nn.Linear(2, 1)
    lin5.register_forward_hook(lambda m, a, o: print("A"))
    lin5.register_forward_hook(lambda m, a, o: print("B"), prepend=True)
    lin5.register_forward_pre_hook(lambda m, a, k: print("kw pre", a, k), with_kwargs=True)
    lin5.register_forward_hook(lambda m, a, k, o: print("kw fwd", k), with_kwargs=True)
    lin5(x)
    class Boom(nn.Module):
        def forward(self, x): raise ValueError("boom")
    b = Boom()
    b.register_forward_hook(lambda m, a, o: print("always", o), always_call=True)
    b.register_forward_hook(lambda m, a, o: print("not always", o))
    attempt("boom", lambda: b(x))
    print(type(lin5._forward_hooks).__name__, len(lin5._forward_hooks), len(lin5._forward_pre_hooks),
          len(lin._backward_hooks), len(lin._backward_pre_hooks))
    # sequential: hooks on children
    s = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
    acts = {}
    for name, m in s.named_children():
        m.register_forward_hook(lambda m, a, o, name=name: acts.__setitem__(name, o.shape))
    s(x); print(acts)
    # pre hook returning a non tuple
    lin6 = nn.Linear(2, 2)
    lin6.register_forward_pre_hook(lambda m, a: a[0] * 0)
    print(lin6(x).shape)
    # backward hook with 2 inputs one not requiring grad
    class Two(nn.Module):
        def forward(self, a, b, c=3): return a * b * c
    t = Two()
    t.register_full_backward_hook(lambda m, gi, go: print("two", gi, go))
    t(x, torch.ones(1, 2)).sum().backward()
    t(x, 5).sum().backward()
    """,
)
case(
    "function_returns_its_inputs",
    [ATTEMPT, """
    class Id(torch.autograd.Function):
        @staticmethod
        def forward(ctx, *args):
            ctx.mark_non_differentiable(*[a for a in args if not a.requires_grad])
            return args

        @staticmethod
        def backward(ctx, *g):
            return g

    x = torch.ones(2, requires_grad=True)
    y = x * 1
    c = torch.ones(2)
    a, b = Id.apply(y, c)
    print(a.grad_fn, a._is_view(), a._base is y, b._is_view(), b._base is c, b is c, b.requires_grad, b.grad_fn)
    with torch.no_grad():
        a2, = Id.apply(y)
    print(a2._is_view(), a2.requires_grad, a2.grad_fn)
    b.add_(1)
    print(c)
    attempt("relu_ of the returned input", lambda: a.relu_())
    a.grad_fn.register_hook(lambda gi, go: print("post", gi, go) or (gi[0] * 5, gi[1]))
    (a * b).sum().backward()
    print(x.grad)
    for label, hook in [("short tuple", lambda gi, go: (gi[0],)), ("a number", lambda gi, go: 5),
                        ("a list", lambda gi, go: [gi[0] * 2, None])]:
        a, b = Id.apply(y, c)
        a.grad_fn.register_hook(hook)
        attempt(label, lambda: (a * b).sum().backward())
    w = torch.ones(2, requires_grad=True)
    z = w * 2
    z.grad_fn.register_hook(lambda gi, go: (gi[0] * 7,))
    z.sum().backward()
    print(w.grad)
    """],
)
case(
    "tensor_strides_and_storage",
    [ATTEMPT, """
    x = torch.arange(24.).reshape(2, 3, 4)
    views = {"x": x, "transpose": x.transpose(0, 2), "permute": x.permute(2, 0, 1), "slice": x[:, 1:, ::2],
             "select": x[1], "index": x[0, 2], "expand": torch.ones(3, 1).expand(3, 4), "view": x.view(6, 4),
             "unsqueeze": x.unsqueeze(1), "squeeze": torch.ones(1, 3).squeeze(), "t of a row": x[0].t(),
             "flatten": x.flatten(), "reshape copy": x.transpose(0, 1).reshape(12, 2),
             "contiguous": x.transpose(0, 1).contiguous(), "split": x.split(1, 2)[1], "chunk": x.chunk(2, 1)[1],
             "unbind": x.unbind(1)[2], "T": torch.ones(2, 3).T, "mT": x.mT, "scalar": torch.tensor(3.),
             "detach": x[1].detach(), "clone": x.transpose(0, 2).clone(),
             "clone of expand": torch.ones(3, 1).expand(3, 4).clone(),
             "empty": torch.zeros(0, 3), "view_as": x.view_as(torch.ones(6, 4)), "column": torch.ones(4, 3)[:, 1],
             "int64 transpose": torch.arange(6).reshape(2, 3).t()}
    for name, v in views.items():
        same = v.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
        print(name, v.stride(), v.storage_offset(), v.is_contiguous(), same,
              v.data_ptr() == x.data_ptr() + 4 * v.storage_offset() if same else None)
    print(x.stride(1), x.stride(-1), x.untyped_storage().nbytes(), len(x[1].untyped_storage()))
    attempt("stride(3)", lambda: x.stride(3))
    attempt("view of a transposed clone", lambda: x.transpose(0, 2).clone().view(-1))
    attempt("view of a contiguous copy", lambda: x.transpose(0, 2).contiguous().view(-1).shape)
    w = torch.ones(2, 3, requires_grad=True)
    y = w.t().clone()
    y.sum().backward()
    print(y.stride(), y.grad_fn, w.grad.stride())
    """],
)
case(
    "module_paths_and_parameter_vectors",
    [ATTEMPT, """

    model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Sequential(nn.Linear(3, 1)))
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) * 0.1 + i)
    attempt("get_submodule", lambda: model.get_submodule("2.0"))
    attempt("get_submodule ''", lambda: model.get_submodule("") is model)
    attempt("get_submodule missing", lambda: model.get_submodule("2.5"))
    attempt("get_submodule not module", lambda: model.get_submodule("0.weight"))
    attempt("get_parameter", lambda: model.get_parameter("2.0.bias"))
    attempt("get_parameter missing", lambda: model.get_parameter("0.nope"))
    attempt("get_parameter not param", lambda: model.get_parameter("1"))
    m = nn.Module()
    m.register_module("lin", nn.Linear(1, 1))
    print(m)
    v = nn.utils.parameters_to_vector(model.parameters())
    print(v, v.grad_fn)
    nn.utils.vector_to_parameters(v * 2, model.parameters())
    print(list(model.parameters())[0])
    attempt("vector_to_parameters wrong", lambda: nn.utils.vector_to_parameters([1], model.parameters()))
    attempt("parameters_to_vector wrong", lambda: nn.utils.parameters_to_vector(torch.ones(2)))
    a = torch.ones(2, dtype=torch.float64)
    print(torch.ones(2, dtype=torch.int64).type_as(a), a.type_as(torch.ones(1)))
    attempt("type_as non tensor", lambda: a.type_as(3))
    w = torch.ones(3, requires_grad=True)
    y = nn.utils.parameters_to_vector([w, w * 2])
    print(y, y.grad_fn)
    """],
)
case(
    "checkpoint_both_ways",
    [ATTEMPT, """
    checkpoint = torch.utils.checkpoint.checkpoint


    calls = []
    def block(x, w):
        calls.append(torch.is_grad_enabled())
        print("block runs, grad enabled:", torch.is_grad_enabled())
        return torch.tanh(x @ w).sum(1)
    x = torch.tensor([[1., 2.], [0.5, -1.]], requires_grad=True)
    w = torch.tensor([[0.1, -0.2], [0.3, 0.4]], requires_grad=True)
    for reentrant in (False, True):
        print("use_reentrant", reentrant)
        x.grad = w.grad = None
        y = checkpoint(block, x, w, use_reentrant=reentrant)
        print(y, y.grad_fn.name(), [(n.name() if n else None) for n, _ in y.grad_fn.next_functions])
        y.sum().backward()
        print(x.grad, w.grad)
    attempt("no use_reentrant", lambda: checkpoint(block, x, w))
    x.grad = None
    y = checkpoint(block, x, w, use_reentrant=False)
    y.sum().backward(retain_graph=True)
    attempt("second backward", lambda: y.sum().backward())
    with torch.no_grad():
        attempt("no_grad", lambda: checkpoint(block, x, w, use_reentrant=False).requires_grad)
    attempt("reentrant no grad input",
            lambda: checkpoint(block, torch.ones(2, 2), torch.ones(2, 2), use_reentrant=True).requires_grad)
    attempt("grad() reentrant", lambda: torch.autograd.grad(checkpoint(block, x, w, use_reentrant=True).sum(), x))
    attempt("grad() nonreentrant", lambda: torch.autograd.grad(checkpoint(block, x, w, use_reentrant=False).sum(), x))
    attempt("kwargs reentrant", lambda: checkpoint(block, x, w=w, use_reentrant=True))
    attempt("kwargs nonreentrant", lambda: checkpoint(block, x, w=w, use_reentrant=False).shape)
    """],
)
case(
    "func_transforms",
    [ATTEMPT, """
    import warnings

    warnings.filterwarnings("ignore", category=DeprecationWarning)  # torch's forward AD warns on its first use only


    x = torch.tensor([0.5, -1.0, 2.0])


    def f(x):
        return (x.sin() * x).sum()


    g = torch.func.grad(f)(x)
    print(g, g.requires_grad, g.grad_fn)
    print(torch.func.grad(lambda x: torch.func.grad(lambda y: (y ** 3).sum())(x).sum())(x))
    print(torch.func.grad_and_value(f)(x))
    attempt("argnums", lambda: torch.func.grad(lambda a, b: (a * b).sum(), argnums=(0, 1))(x, x * 2))
    attempt("argnums 1", lambda: torch.func.grad(lambda a, b: (a * b).sum(), argnums=1)(x, x * 2))
    attempt("has_aux", lambda: torch.func.grad(lambda a: ((a * a).sum(), a.mean()), has_aux=True)(x))
    attempt("non scalar", lambda: torch.func.grad(lambda a: a * 2)(x))
    attempt("non tensor out", lambda: torch.func.grad(lambda a: 3.0)(x))
    attempt("int input", lambda: torch.func.grad(lambda a: a.sum())(torch.tensor([1, 2])))
    w = torch.tensor([1., 2., 3.], requires_grad=True)
    g2 = torch.func.grad(lambda a: (a * w).sum())(x)
    print(g2, g2.requires_grad)
    out, fn = torch.func.vjp(lambda a: a.sin(), x)
    print(out, fn(torch.ones(3)))
    print(torch.func.jacrev(lambda a: a.sin() * a)(x))
    print(torch.func.jacrev(lambda a, b: a * b, argnums=(0, 1))(x, x))
    print(torch.func.hessian(lambda a: (a ** 3).sum())(x))
    print(torch.func.vmap(lambda a: a.dot(a))(torch.arange(6.).reshape(3, 2)))
    print(torch.func.vmap(lambda a, b: a * b, in_dims=(0, None))(torch.arange(6.).reshape(3, 2),
                                                                  torch.tensor([1., 10.])))
    print(torch.func.vmap(lambda a: a.sum(0), in_dims=1)(torch.arange(6.).reshape(3, 2)))
    print(torch.func.vmap(lambda a: (a, a * 2), out_dims=(0, 1))(torch.arange(6.).reshape(3, 2)))
    print(torch.vmap(torch.func.grad(lambda a: (a ** 2).sum()))(torch.arange(6.).reshape(3, 2)))
    model = torch.nn.Linear(2, 1)
    params = {"weight": torch.tensor([[1., 2.]]), "bias": torch.tensor([0.5])}
    print(torch.func.functional_call(model, params, (torch.ones(1, 2),)))
    print(torch.func.grad(lambda p, xx: torch.func.functional_call(model, p, (xx,)).sum())(params, torch.ones(1, 2)))
    attempt("vmap mismatched sizes", lambda: torch.func.vmap(lambda a, b: a + b)(torch.ones(3), torch.ones(4)))
    attempt("vmap in_dims bad", lambda: torch.func.vmap(lambda a: a, in_dims=2)(torch.ones(3, 2)))
    attempt("ret float", lambda: torch.vmap(lambda a: 3.0)(torch.ones(3, 2)))
    attempt("ret tuple float", lambda: torch.vmap(lambda a: (a, 3.0))(torch.ones(3, 2)))


    def f(x):
        return x.sum()


    attempt("structure", lambda: torch.vmap(f, in_dims=(0, 1))(torch.ones(3, 2)))
    attempt("float input", lambda: torch.vmap(f)(3.0))
    attempt("in_dims None", lambda: torch.vmap(f, in_dims=None)(torch.ones(3)))
    print(torch.func.hessian(lambda a, b: (a ** 2 * b).sum(), argnums=(0, 1))(torch.tensor([1., -2.]),
                                                                               torch.tensor([3., -1.])))
    print(torch.func.hessian(lambda a: (a ** 3).sum())(torch.tensor([0.5, -1.0, 2.0])))
    print(torch.func.hessian(lambda a: (a.tanh() * a[0]).sum())(torch.tensor([0.5, -1.0, 2.0])))
    print(torch.func.hessian(lambda m: (m @ m).sum())(torch.tensor([[1., -2.], [0.5, 3.]])))
    """],
)
case(
    "module_parameters_versions_and_dtype",
    """
    e = torch.nn.Embedding(3, 2, padding_idx=1)
    print(e.weight._version)
    e = torch.nn.Embedding(3, 2)
    print(e.weight._version)
    e = torch.nn.Embedding.from_pretrained(torch.ones(3, 2))
    print(e.weight._version)
    b = torch.nn.BatchNorm1d(3)
    print([t._version for t in (b.weight, b.bias, b.running_mean, b.running_var, b.num_batches_tracked)])
    b = torch.nn.BatchNorm1d(3, affine=False, track_running_stats=True)
    print([t._version for t in (b.running_mean, b.running_var, b.num_batches_tracked)])
    l = torch.nn.Linear(2, 3, bias=False)
    print(l.weight._version)
    l = torch.nn.Linear(0, 3)
    print(l.weight._version, l.bias._version)
    l = torch.nn.Linear(2, 3)
    print(l.weight._version, l.bias._version)
    l = torch.nn.Linear(2, 3, dtype=torch.float64)
    print(l.weight.dtype, l(torch.ones(1, 2, dtype=torch.float64)).shape)
    """,
)
case(
    "hooks_saved_tensor_register_hooks",
    [ATTEMPT, """

    x = torch.tensor([1., 2.], requires_grad=True)
    y = x.pow(2)
    raw = y.grad_fn._raw_saved_self
    print(type(raw).__name__, repr(raw)[:30])
    attempt("register", lambda: raw.register_hooks(lambda t: print("pack", t) or ("p", t.detach().clone()),
                                                   lambda p: print("unpack", p[0]) or p[1]))
    attempt("again", lambda: raw.register_hooks(lambda t: t, lambda t: t))
    attempt("read", lambda: y.grad_fn._saved_self)
    y.sum().backward(); print(x.grad)
    attempt("after backward", lambda: y.grad_fn._raw_saved_self)
    attempt("register after free", lambda: y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t))
    z = x.exp()
    attempt("raw result", lambda: type(z.grad_fn._raw_saved_result).__name__)
    attempt("bad pack", lambda: z.grad_fn._raw_saved_result.register_hooks(5, lambda t: t))
    attempt("bad unpack ret", lambda: (z.grad_fn._raw_saved_result.register_hooks(lambda t: t, lambda t: 3),
                                       z.sum().backward()))
    m = (x * 2)
    attempt("raw other none", lambda: m.grad_fn._raw_saved_other)
    attempt("raw self (not saved)", lambda: m.grad_fn._raw_saved_self)
    attempt("dir", lambda: sorted(k for k in dir(z.grad_fn) if k.startswith("_raw")))
    """],
)
case(
    "hooks_saved_tensors_autograd_notes",
    """
    import os
    import tempfile
    import uuid

    torch.manual_seed(0)
    x = torch.randn(5, requires_grad=True)
    y = x.pow(2)
    print(x.equal(y.grad_fn._saved_self))
    print(x is y.grad_fn._saved_self)
    y = x.exp()
    print(y.equal(y.grad_fn._saved_result))
    print(y is y.grad_fn._saved_result)
    # saving to disk (autograd mechanics)
    tmp_dir_obj = tempfile.TemporaryDirectory()
    tmp_dir = tmp_dir_obj.name


    def pack_hook(tensor):
        name = os.path.join(tmp_dir, str(uuid.uuid4()))
        torch.save(tensor, name)
        return name


    def unpack_hook(name):
        return torch.load(name, weights_only=True)
    x = torch.ones(5, requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
        y = x.pow(2)
    print(y.grad_fn._saved_self)
    y.sum().backward()
    print(x.grad)
    # identity check of unpacked self under hooks
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        y = x.pow(2)
    print(y.grad_fn._saved_self is x, y.grad_fn._saved_self.equal(x))
    # register_hook on a saved tensor object (_raw_saved_self)
    y = x.pow(2)
    y.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)
    print("raw ok")
    # Hooks for autograd saved tensors: pack only above a size
    SAVE_ON_DISK_THRESHOLD = 3


    def pack_hook2(x):
        if x.numel() < SAVE_ON_DISK_THRESHOLD:
            return x
        return ("disk", x.detach().clone())


    def unpack_hook2(t):
        if isinstance(t, torch.Tensor):
            return t
        return t[1]


    a = torch.ones(2, requires_grad=True)
    b = torch.ones(5, requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(pack_hook2, unpack_hook2):
        y = (a * a).sum() + (b * b).sum()
    y.backward()
    print(a.grad, b.grad)
    tmp_dir_obj.cleanup()
    """,
)
case(
    "error_arange_ranges",
    """
    for args in [(0, 5, -1), (5, 0, 1), (0, float("inf"), 1), (float("-inf"), 0, 1), (0, float("nan"), 1), (0, 5, 0)]:
        try:
            print(torch.arange(*args))
        except RuntimeError as e:
            print("RuntimeError:", e)
    print(torch.arange(0, 0, -1), torch.arange(5, 0, -1.5), torch.arange(1, 1))
    """,
)

# ---------------------------------------------------------------------------------------------------------
# Backward semantics: hooks, retain_grad, accumulation, weighted backward, higher order, inputs=.
# ---------------------------------------------------------------------------------------------------------
case(
    "hooks_order_000",
    """
    x = torch.tensor(3.0, requires_grad=True)
    y1 = x + 1
    y2 = 2 * x
    loss = (y1 - y2) ** 2
    y1.register_hook(lambda grad: print('y1 grad:', grad))
    y2.register_hook(lambda grad: print('y2 grad:', grad))
    loss.retain_grad()
    loss.backward()
    print("loss.grad:", loss.grad)
    print("x.grad:", x.grad)
    """,
)
case(
    "leaf_grads_000",
    """
    x = torch.tensor(3.0, requires_grad=True)
    y1 = x + 1
    y2 = 2 * x
    loss = (y1 - y2) ** 2
    loss.backward()
    print("loss.grad:", loss.grad)
    print("y1.grad:", y1.grad)
    print("y2.grad:", y2.grad)
    print(x.grad)
    print(x.is_leaf)
    print(y1.is_leaf)
    print(y2.is_leaf)
    print(loss.is_leaf)
    """,
)
case(
    "hooks_replace_and_chain",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 3
    y.register_hook(lambda g: print("first", g))
    h = y.register_hook(lambda g: g * 10)
    y.register_hook(lambda g: print("third", g))
    y.retain_grad()
    y.sum().backward()
    print(y.grad, x.grad)
    h.remove()
    x.grad = None
    z = x * 3
    z.register_hook(lambda g: g + 1)
    z.sum().backward()
    print(x.grad)
    """,
)
case(
    "hooks_on_leaf",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_hook(lambda g: print("leaf hook", g, x.grad))
    x.register_hook(lambda g: g * 2)
    (x * 3).sum().backward()
    print(x.grad)
    (x * 3).sum().backward()
    print(x.grad)
    """,
)
case(
    "hooks_order_across_branches",
    """
    x = torch.tensor(1., requires_grad=True)
    a = x * 2
    b = x * 3
    c = a * b
    for name, t in (("a", a), ("b", b), ("c", c), ("x", x)):
        t.register_hook(lambda g, name=name: print(name, g))
    c.backward()
    print(x.grad)
    """,
)
case(
    "node_hooks",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    y.grad_fn.register_prehook(lambda gout: print("pre", gout))
    y.grad_fn.register_hook(lambda gin, gout: print("post", gin, gout))
    y.sum().backward()
    print(x.grad)
    """,
)
case(
    "hook_changes_size",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g.sum())
    y.sum().backward()
    """,
)
case(
    "leaf_hook_changes_size",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    x.register_hook(lambda g: g.sum())
    (x * 2).sum().backward()
    """,
)
case(
    "hook_changes_type",
    """
    def myhook(g):
        return g.double()
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * 2
    y.register_hook(myhook)
    y.sum().backward()
    """,
)
case(
    "accumulation_iterations_003",
    """
    Wh = torch.ones(3, 3, requires_grad=True)
    Wx = torch.ones(3, 2)
    x = torch.tensor([[0.1], [0.2]])
    h = torch.ones(3, 1)

    def forward():
        i2h = Wx.mm(x)
        h2h = Wh.mm(h)
        next_h = i2h + h2h
        next_h = next_h.tanh()
        out = next_h.sum()
        return out

    for i in range(3):
        out = forward()
        out.backward()
        print(f'Iter {i}:', Wh.grad.flatten())
    for i in range(2):
        Wh.grad.zero_()
        out = forward()
        out.backward()
        print(f'Iter {i}:', Wh.grad.flatten())
    """,
)
case(
    "reassignment_dy_003",
    """
    w1 = torch.tensor(2., requires_grad=True)
    w2 = torch.tensor(2., requires_grad=True)
    x = torch.tensor(4., requires_grad=True)
    y = w1 * x
    y = w2 * y
    y.retain_grad()
    out = y ** 2
    out.backward()
    print('dy=', y.grad)
    print(w1.grad, w2.grad, x.grad)
    """,
)
case(
    "exercise_003",
    """
    x = torch.tensor(-2., requires_grad=True)
    y = torch.tensor(2., requires_grad=True)
    z = torch.tensor(3., requires_grad=True)
    p = x ** 2
    q = p + y
    f = q * z
    p.retain_grad()
    q.retain_grad()
    f.backward()
    print('df/dx =', x.grad.item())
    print('df/dy =', y.grad.item())
    print('df/dz =', z.grad.item())
    print('df/dp =', p.grad.item())
    print('df/dq =', q.grad.item())
    print(f)
    """,
)
case(
    "detach_graph_003",
    """
    x = torch.ones(10, requires_grad=True)
    y = x ** 2
    z = x ** 3
    out = (y + z).sum()
    out.backward()
    print(x.grad)
    x.grad = None
    y = x.detach() ** 2
    z = x ** 3
    out = (y + z).sum()
    show_graph(out)
    out.backward()
    print(x.grad)
    """,
)
case(
    "example_004",
    """
    x = torch.tensor([2.], requires_grad=True)
    w = torch.tensor([1.], requires_grad=True)
    a = torch.add(w, x)
    a.retain_grad()
    b = torch.add(w, 1)
    b.retain_grad()
    y = torch.mul(a, b)
    y.backward()
    print("x_isleaf:{}\\tw_isleaf:{}\\ta_isleaf:{}\\tb_isleaf:{}".format(x.is_leaf, w.is_leaf, a.is_leaf, b.is_leaf))
    print("x_grad:{}\\tw_grad:{}\\ta_grad:{}\\tb_grad:{}".format(x.grad, w.grad, a.grad, b.grad))
    """,
)
case(
    "example_004_without_retain",
    """
    x = torch.tensor([2.], requires_grad=True)
    w = torch.tensor([1.], requires_grad=True)
    one = torch.tensor([1.])
    a = torch.add(w, x)
    b = torch.add(w, one)
    y = torch.mul(a, b)
    y.backward()
    print("x_isleaf:{}\\tw_isleaf:{}\\ta_isleaf:{}\\tb_isleaf:{}".format(x.is_leaf, w.is_leaf, a.is_leaf, b.is_leaf))
    print("x_grad:{}\\tw_grad:{}\\ta_grad:{}\\tb_grad:{}".format(x.grad, w.grad, a.grad, b.grad))
    """,
)
case(
    "example_002",
    """
    a = torch.tensor([2.0], requires_grad=True)
    b = torch.tensor([3.0], requires_grad=True)
    c = torch.tensor([5.0], requires_grad=True)
    d = torch.tensor([10.0], requires_grad=True)
    u = a * b
    t = torch.log(d)
    v = t * c
    t.retain_grad()
    e = u + v
    for n in (a, e, t):
        print(n.is_leaf)
        print(n.grad_fn)
        print(n.grad)
        print()
    e.backward()
    print(a.grad.item(), b.grad.item(), c.grad.item(), d.grad.item())
    for n in (a, e, t):
        print(n.is_leaf)
        print(n.grad_fn)
        print(n.grad)
        print()
    """,
)
case(
    "weighted_backward_001",
    """
    w = torch.tensor([1.], requires_grad=True)
    x = torch.tensor([2.], requires_grad=True)
    a = torch.add(w, x)
    b = torch.add(w, 1)
    y0 = torch.mul(a, b)
    y1 = torch.add(a, b)
    loss = torch.cat([y0, y1], dim=0)
    grad_tensors = torch.tensor([1., 2.])
    loss.backward(gradient=grad_tensors)
    print(w.grad)
    print(x.grad)
    """,
)
case(
    "second_derivative_001",
    """
    x = torch.tensor(0.0, requires_grad=True)
    a = torch.tensor(1.0)
    b = torch.tensor(-2.0)
    c = torch.tensor(1.0)
    y = a * torch.pow(x, 2) + b * x + c
    dy_dx = torch.autograd.grad(y, x, create_graph=True)[0]
    print(dy_dx.data)
    print(dy_dx)
    dy2_dx2 = torch.autograd.grad(dy_dx, x)[0]
    print(dy2_dx2.data)
    print(dy2_dx2)
    """,
)
case(
    "multi_input_grads_001",
    """
    x1 = torch.tensor(1.0, requires_grad=True)
    x2 = torch.tensor(2.0, requires_grad=True)
    y1 = x1 * x2
    y2 = x1 + x2
    (dy1_dx1, dy1_dx2) = torch.autograd.grad(outputs=y1, inputs=[x1, x2], retain_graph=True)
    print(dy1_dx1, dy1_dx2)
    (dy12_dx1, dy12_dx2) = torch.autograd.grad(outputs=[y1, y2], inputs=[x1, x2])
    print(dy12_dx1, dy12_dx2)
    print(x1.grad, x2.grad)
    """,
)
case(
    "leaf_gradients_001",
    """
    w = torch.tensor([[3.0, 1.0]], requires_grad=True)
    b = torch.tensor([[3.0]], requires_grad=True)
    X = torch.tensor([[1., 2.], [-1., 0.5], [0., 1.]])
    Y = torch.tensor([[1.], [2.], [3.]])
    Y_hat = X @ w.t() + b
    Y_hat.register_hook(lambda grad: print('Y_hat grad: ', grad))
    loss = torch.mean(torch.pow(Y_hat - Y, 2))
    loss.retain_grad()
    loss.backward()
    print("is_leaf:\\n", w.is_leaf, X.is_leaf, b.is_leaf, Y.is_leaf, Y_hat.is_leaf, loss.is_leaf)
    print("gradient:\\n", w.grad, X.grad, b.grad, Y.grad, Y_hat.grad, loss.grad)
    print(loss.data)
    print(Y_hat.data)
    """,
)
case(
    "higher_order_create_graph",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    y = (x ** 3).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    print(g)
    (h,) = torch.autograd.grad(g.sum(), x, create_graph=True)
    print(h)
    (k,) = torch.autograd.grad(h.sum(), x)
    print(k)
    z = x.sin().sum()
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch gives this reference-cycle warning once per process only
        z.backward(create_graph=True)
    print(x.grad.detach(), x.grad.requires_grad)
    """,
)
case(
    "backward_inputs_argument",
    """
    x = torch.tensor(1., requires_grad=True)
    w = torch.tensor(2., requires_grad=True)
    y = x * w
    m = y * 3
    (m * x).backward(inputs=[x, y])
    print(x.grad, w.grad, y.grad)
    """,
)
case(
    "grad_outputs_and_multiple_roots",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    a = x * 2
    b = x ** 2
    print(torch.autograd.grad([a, b], x, grad_outputs=[torch.tensor([1., 1.]), torch.tensor([0.5, 2.])],
                              retain_graph=True))
    torch.autograd.backward([a.sum(), b.sum()])
    print(x.grad)
    """,
)
case(
    "zero_grad_and_none",
    """
    x = torch.tensor([1., 2.], requires_grad=True)
    print(x.grad)
    (x * 2).sum().backward()
    print(x.grad)
    x.grad.zero_()
    print(x.grad)
    x.grad = None
    (x * x).sum().backward()
    print(x.grad)
    """,
)

# ---------------------------------------------------------------------------------------------------------
# nn and optim, from fixed weights.
# ---------------------------------------------------------------------------------------------------------
SET_WEIGHTS = """
def set_weights(module):
    with torch.no_grad():
        for i, p in enumerate(module.parameters()):
            values = [((k * 7 + i * 3) % 11 - 5) / 10 for k in range(p.numel())]
            p.copy_(torch.tensor(values).reshape(p.shape))
"""
case(
    "nn_module_repr",
    """
    print(nn.Linear(2, 3))
    print(nn.Linear(4, 1, bias=False))
    net = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1), nn.Sigmoid())
    print(net)
    print(nn.ReLU(), nn.MSELoss())

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.ones(2, 1))
            self.b = nn.Parameter(torch.zeros(1, 1))
            self.body = nn.Sequential(nn.Linear(1, 1), nn.ReLU())

        def forward(self, x):
            return self.body(x @ self.w + self.b)

    net = Net()
    print(net)
    print([(n, tuple(p.shape)) for n, p in net.named_parameters()])
    print(len(list(net.parameters())), net.training, net.eval().training, net.body.training)
    """,
)
case(
    "nn_linear_forward_backward",
    [SET_WEIGHTS, """
    lin = nn.Linear(3, 2)
    set_weights(lin)
    print(lin.weight)
    print(lin.bias)
    x = torch.tensor([[1., 2., 3.], [-1., 0., 0.5]])
    out = lin(x)
    print(out)
    print(nf(out))
    out.sum().backward()
    print(lin.weight.grad, lin.bias.grad)
    lin.zero_grad()
    print(lin.weight.grad)
    print(lin(torch.tensor([1., 1., 1.])))
    """],
)
case(
    "nn_mse_loss_module",
    """
    loss_fn = nn.MSELoss()
    a = torch.tensor([1., 2., 4.], requires_grad=True)
    b = torch.tensor([1.5, 2., 3.])
    loss = loss_fn(a, b)
    print(loss)
    loss.backward()
    print(a.grad)
    print(nn.MSELoss(reduction="sum")(a, b))
    """,
)
case(
    "optim_fit_line",
    [SET_WEIGHTS, """
    X = torch.tensor([[0.], [1.], [2.], [3.]])
    Y = 2 * X + 1
    model = nn.Linear(1, 1)
    set_weights(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for step in range(8):
        opt.zero_grad()
        loss = nn.MSELoss()(model(X), Y)
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.5f}")
    print(model.weight, model.bias)
    """],
)
case(
    "optim_mlp_momentum",
    [SET_WEIGHTS, """
    X = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.], [0.5, 0.5], [0.2, 0.8]])
    Y = torch.tensor([[0.], [1.], [1.], [0.], [0.5], [0.7]])
    model = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1))
    set_weights(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for step in range(10):
        opt.zero_grad(set_to_none=True)
        loss = F.mse_loss(model(X), Y)
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.5f}")
    print(model[0].weight.grad is not None, model[2].bias)
    opt.zero_grad()
    print(model[0].weight.grad)
    """],
)
case(
    "optim_zero_grad_not_none",
    """
    p = nn.Parameter(torch.tensor([1., 2.]))
    opt = torch.optim.SGD([p], lr=0.5)
    (p * p).sum().backward()
    opt.step()
    print(p)
    opt.zero_grad(set_to_none=False)
    print(p.grad)
    """,
)


# ---------------------------------------------------------------------------------------------------------
# torch.autograd.gradcheck / gradgradcheck and the legacy Variable.
# ---------------------------------------------------------------------------------------------------------
GRADCHECK_SETUP = """
    from torch.autograd import gradcheck, gradgradcheck
    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.clamp(min=0)
        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * (x > 0)
    class Half(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 2
        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * x
    x = torch.tensor([[-1.5, 0.5], [2., -0.25]], dtype=torch.float64, requires_grad=True)
"""
GRADCHECK = {
    "gradcheck_custom_function_passes": "print(gradcheck(MyReLU.apply, (x,)), gradcheck(MyReLU.apply, x))",
    "gradcheck_wrong_backward": "gradcheck(Half.apply, (x,))",
    "gradcheck_wrong_backward_no_raise": "print(gradcheck(Half.apply, (x,), raise_exception=False))",
    "gradcheck_two_inputs": """
        w = torch.ones(2, 2, dtype=torch.float64, requires_grad=True)
        print(gradcheck(lambda a, b: (a * b).sum(), (x, w)))
        print(gradcheck(lambda a, b: (a @ b, a.sum() * 3), (x, w)))
    """,
    "gradcheck_float32_warns_and_fails": "gradcheck(lambda a: a * 2, (torch.ones(2, requires_grad=True),))",
    "gradcheck_no_input_requires_grad": "gradcheck(lambda a: a * 2, (torch.ones(2, dtype=torch.float64),))",
    "gradcheck_backward_not_multiplied": """
        class Plus1(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2
            @staticmethod
            def backward(ctx, g):
                return g * 2 + 1
        print(gradcheck(Plus1.apply, (x,), atol=1e9))
    """,
    "gradcheck_output_needs_no_grad": "gradcheck(lambda a: a.detach() * 2, (x,))",
    "gradcheck_number_argument": "print(gradcheck(lambda a, k: (a * k).sin(), (x, 3.0)))",
    "gradgradcheck_cube": "print(gradgradcheck(lambda a: (a ** 3).sum(), (x,)))",
    "gradgradcheck_given_grad_outputs": """
        g = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64, requires_grad=True)
        print(gradgradcheck(lambda a: a.sin() * a, (x,), (g,)))
    """,
    "gradgradcheck_once_differentiable": """
        from torch.autograd.function import once_differentiable
        class Sq(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                ctx.save_for_backward(a)
                return a * a
            @staticmethod
            @once_differentiable
            def backward(ctx, g):
                a, = ctx.saved_tensors
                return 2 * a * g
        print(gradcheck(Sq.apply, (x,)))
        y = Sq.apply(x).sum()
        gx, = torch.autograd.grad(y, x, create_graph=True)
        print(gx.requires_grad, type(gx.grad_fn).__name__)
        gx.sum().backward()
    """,
}
for _name, _code in GRADCHECK.items():
    case(_name, [GRADCHECK_SETUP, _code])

VARIABLE = {
    "variable_wraps_tensor": """
        from torch.autograd import Variable
        x = torch.tensor([1., 2.])
        v = Variable(x, requires_grad=True)
        print(v, v is x, isinstance(x, Variable), v.is_leaf, v._version)
        v.sum().backward()
        print(v.grad, x.grad)
    """,
    "variable_volatile_warns": """
        from torch.autograd import Variable
        print(Variable(torch.tensor([1., 2.]), volatile=True))
    """,
    "variable_of_list": """
        from torch.autograd import Variable
        Variable([1., 2.])
    """,
    "variable_of_graph_tensor": """
        from torch.autograd import Variable
        w = Variable(torch.tensor([1., 2.], requires_grad=True) * 2)
        print(w, w.requires_grad, w.grad_fn, Variable())
    """,
    "variable_legacy_loss_data_index": """
        from torch.autograd import Variable
        x = Variable(torch.tensor([1., 2.]), requires_grad=True)
        loss = (x * x).sum()
        print(loss.data, loss.item())
        loss.data[0]
    """,
}
for _name, _code in VARIABLE.items():
    case(_name, _code)


# ---------------------------------------------------------------------------------------------------------
# Node types as torch has them: type names, torch.autograd.graph.Node, the attributes tools look for.
# ---------------------------------------------------------------------------------------------------------
NODE_TYPES = {
    "node_type_names": """
        x = torch.tensor([1., 2.], requires_grad=True)
        ys = [x * 2, x.sum(), x.sum(0), x.mean(), (x @ x), x.t(), x[0], x.view(2, 1), x.exp(), x.clone(), 1 - x,
              x ** 2, 2 ** x, x ** x, x.relu(), torch.stack([x, x]), x.expand(3, 2), x.split(1)[0]]
        print([type(y.grad_fn).__name__ for y in ys])
        print(all(type(y.grad_fn).__name__ == y.grad_fn.name() for y in ys))
    """,
    "node_isinstance_graph_node": """
        from torch.autograd.graph import Node
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * 2).sum()
        acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
        class Twice(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2
            @staticmethod
            def backward(ctx, g):
                return g * 2
        z = Twice.apply(x)
        print([isinstance(n, Node) for n in (y.grad_fn, acc, z.grad_fn)], isinstance(x, Node))
        print(type(acc).__name__, acc.name(), type(z.grad_fn).__name__, z.grad_fn.name())
        print(issubclass(type(y.grad_fn), Node), type(z.grad_fn).__module__)
    """,
    "node_attributes_tools_read": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 2
        acc = y.grad_fn.next_functions[0][0]
        class Twice(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                ctx.save_for_backward(a)
                return a * 2
            @staticmethod
            def backward(ctx, g):
                return g * 2
        z = Twice.apply(x)
        for n in (y.grad_fn, acc, z.grad_fn):
            print(hasattr(n, "saved_tensors"), hasattr(n, "variable"), hasattr(n, "next_functions"),
                  hasattr(n, "save_for_backward"), hasattr(n, "needs_input_grad"), n.metadata)
        print(sorted(k for k in dir(y.grad_fn) if k.startswith("_saved_")), z.grad_fn.saved_tensors)
        print(acc.variable is x, y.grad_fn._saved_other, y.grad_fn._saved_self)
    """,
    "node_is_view_and_base": """
        x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
        y = x * 1
        for v in (y, y.t(), y[0], y.view(4), y[0][1:], y.detach(), y.reshape(4), y.t().reshape(4), y.unbind(0)[1]):
            print(v._is_view(), v._base is y, v._base is None)
    """,
    "node_hooks_on_nodes": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 3
        h = y.grad_fn.register_hook(lambda gi, go: print("post", gi, go))
        y.grad_fn.register_prehook(lambda go: print("pre", go))
        y.sum().backward()
        h.remove()
        print(x.grad)
    """,
}
for _name, _code in NODE_TYPES.items():
    case(_name, _code)


# ---------------------------------------------------------------------------------------------------------
# Student code off the lessons' path: writing into a leaf by indexing, views made in no_grad mode, iterating
# a tensor, and numpy arrays mixed with tensors (torch's operators give way to numpy, which computes).
# ---------------------------------------------------------------------------------------------------------
_NUMPY_INTEROP = ATTEMPT + """
import warnings
import numpy as np
# numpy warns that torch's own __array_wrap__ lacks two parameters (about torch's signature, not the student's code)
warnings.filterwarnings("ignore", category=DeprecationWarning)
"""
REAL_HANDS = {
    "hands_lerp_saved_and_dual_tensor_repr": [ATTEMPT, """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = torch.tensor([3., 5.], requires_grad=True)
        for w in (torch.tensor([0.25, 0.75]), torch.tensor([0.25, 0.75], requires_grad=True)):
            y = torch.lerp(a, b, w)
            print(y.grad_fn.name(), y.grad_fn._saved_self, y.grad_fn._saved_end, y.grad_fn._saved_weight)
        y = torch.lerp(torch.tensor([1., 2.]), torch.tensor([3., 5.]), torch.tensor([0.5, 0.5], requires_grad=True))
        print(y.grad_fn._saved_self, y.grad_fn._saved_end, y.grad_fn._saved_weight)
        import warnings
        warnings.filterwarnings("ignore", category=DeprecationWarning)  # torch's own torch.jit.script warnings
        fwAD = torch.autograd.forward_ad
        with fwAD.dual_level():
            p = torch.tensor([1., 2.], requires_grad=True)
            d = fwAD.make_dual(p, torch.tensor([0.5, 0.25]))
            print(d)
            print(d.sin())
            print(fwAD.make_dual(torch.ones(2, 3), torch.full((2, 3), 0.125)))
            print(fwAD.make_dual(torch.tensor(1.5), torch.tensor(2.)))
        print(d)
    """],
    "hands_transforms_refuse_backward_and_old_functions": [ATTEMPT, """
        FT = torch.func
        x = torch.tensor([1., 2.])
        w = torch.tensor([3., 4.], requires_grad=True)
        def calls_backward(t):
            (w * 2).sum().backward()
            return t * t
        attempt("backward in grad", lambda: FT.grad(lambda t: calls_backward(t).sum())(x))
        attempt("backward in vmap", lambda: FT.vmap(calls_backward)(torch.ones(2, 2)))
        attempt("backward in vjp", lambda: FT.vjp(calls_backward, x)[0])
        attempt("backward in jacrev", lambda: FT.jacrev(calls_backward)(x))
        class Old(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a * 2
            @staticmethod
            def backward(ctx, g):
                return g * 2
        class New(torch.autograd.Function):
            @staticmethod
            def forward(a):
                return a * 2
            @staticmethod
            def setup_context(ctx, inputs, output):
                pass
            @staticmethod
            def backward(ctx, g):
                return g * 2
        attempt("old Function in grad", lambda: FT.grad(lambda t: Old.apply(t).sum())(x))
        attempt("new Function in grad", lambda: FT.grad(lambda t: New.apply(t).sum())(x))
        attempt("old Function in vmap", lambda: FT.vmap(lambda t: Old.apply(t))(torch.ones(2, 2)))
        attempt("old Function after", lambda: Old.apply(w).sum())
        attempt("backward after", lambda: ((w * 2).sum().backward(), w.grad)[1])
    """],
    "hands_vmap_pytrees": [ATTEMPT, """
        FT = torch.func
        X = torch.arange(12.).reshape(4, 3)
        Y = torch.tensor([1., 0., 1., 0.])
        m = torch.nn.Linear(3, 1)
        params = {"weight": torch.tensor([[0.1, -0.2, 0.3]]), "bias": torch.tensor([0.5])}
        def loss(p, x, y):  # torch's per-sample-gradients tutorial
            out = FT.functional_call(m, p, (x.unsqueeze(0),))
            return (out.squeeze() - y) ** 2
        attempt("per-sample grads", lambda: FT.vmap(FT.grad(loss), in_dims=(None, 0, 0))(params, X, Y))
        attempt("dict in", lambda: FT.vmap(lambda d: d["a"] * 2 + d["b"])({"a": X, "b": X}))
        attempt("dict in dims", lambda: FT.vmap(lambda d: d["a"] + d["b"], in_dims=({"a": 0, "b": None},))(
            {"a": X, "b": torch.ones(3)}))
        attempt("tuple in", lambda: FT.vmap(lambda t: t[0] * t[1])((X, X)))
        attempt("list in dims", lambda: FT.vmap(lambda t: t[0] * t[1], in_dims=([0, 1],))([X, X.T]))
        attempt("list vs tuple dims", lambda: FT.vmap(lambda t: t[0] * t[1], in_dims=((0, 1),))([X, X.T]))
        attempt("dict out", lambda: FT.vmap(lambda x: {"s": x.sum(), "p": [x * 2]})(X))
        attempt("dict out dims", lambda: FT.vmap(lambda x: {"s": x.sum(), "p": x * 2}, out_dims={"s": 0, "p": 1})(X))
        attempt("bad out dims", lambda: FT.vmap(lambda x: (x, x), out_dims=(0, 0, 0))(X))
        attempt("non-tensor leaf dim", lambda: FT.vmap(lambda d: d["a"], in_dims=({"a": 0, "b": 0},))({"a": X, "b": 3}))
        attempt("bad in_dim type", lambda: FT.vmap(lambda x: x, in_dims=(0.5,))(X))
        attempt("nested mismatch", lambda: FT.vmap(lambda d: d["a"], in_dims=({"a": 0, "c": 0},))({"a": X, "b": X}))
        attempt("out non tensor", lambda: FT.vmap(lambda x: {"s": 1.0})(X))
        attempt("out None", lambda: FT.vmap(lambda x: (x * 2, 3), out_dims=(0, None))(X))
        attempt("top-level mismatch", lambda: FT.vmap(lambda a, b: a + b, in_dims=(0, 0, 0))(X, X))
    """],
    "hands_transforms_aux_anomaly_root_and_function_views": [ATTEMPT, """
        FT = torch.func
        x = torch.tensor([1., 2.])
        attempt("jacrev aux", lambda: FT.jacrev(lambda t: (t * 3, (t * t).sum()), has_aux=True)(x))
        tree = FT.jacrev(lambda t: (t.sin(), {"a": t.sum(), "b": [t * 2]}), has_aux=True)
        attempt("jacrev aux tree", lambda: tree(x))
        both = FT.jacrev(lambda a, b: (a * b, a + b), argnums=(0, 1), has_aux=True)
        attempt("jacrev aux argnums", lambda: both(x, x))
        attempt("jacrev not a pair", lambda: FT.jacrev(lambda t: t * 2, has_aux=True)(x))
        attempt("jacrev three", lambda: FT.jacrev(lambda t: (t * 2, t, t), has_aux=True)(x))
        attempt("jacrev aux number", lambda: FT.jacrev(lambda t: (t * 2, 3), has_aux=True)(x))
        attempt("jacrev aux None", lambda: FT.jacrev(lambda t: (t * 2, None), has_aux=True)(x))
        attempt("vjp not a pair", lambda: FT.vjp(lambda t: t * 2, x, has_aux=True))
        attempt("vjp aux string", lambda: FT.vjp(lambda t: (t * 2, {"a": "s"}), x, has_aux=True))
        attempt("grad aux number", lambda: FT.grad(lambda t: ((t * 2).sum(), 3), has_aux=True)(x))
        gav = FT.grad_and_value(lambda t: ((t * 2).sum(), [t, 2.5]), has_aux=True)
        attempt("grad_and_value aux float", lambda: gav(x))
        torch.manual_seed(0)
        m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.BatchNorm1d(2))
        W = {k: torch.ones_like(v) for k, v in m.state_dict().items()}
        X = (torch.ones(3, 2),)
        attempt("strict all", lambda: FT.functional_call(m, W, X, strict=True))
        attempt("strict missing", lambda: FT.functional_call(m, {"0.weight": torch.ones(2, 2)}, X, strict=True))
        attempt("strict extra", lambda: FT.functional_call(m, dict(W, nope=torch.ones(1)), X, strict=True))
        attempt("non-strict extra", lambda: (FT.functional_call(m, {"0.nope": torch.ones(1)}, X).shape,
                                             hasattr(m[0], "nope"), sorted(m[0].state_dict())))
        tied = torch.nn.ModuleDict({"a": m[0], "b": m[0]})
        attempt("tied names", lambda: [n for n, _ in tied.named_parameters(remove_duplicate=False)])
        attempt("buffers", lambda: [n for n, _ in m.named_buffers(remove_duplicate=False)])
        attempt("set_grad_enabled repr", lambda: repr(torch.set_grad_enabled(True)).replace("minigrad", "torch"))
        w = torch.tensor([1., 2.], requires_grad=True)
        nan = torch.tensor([float("nan"), 1.])
        import warnings
        def anomaly(f):  # the warnings' first lines: the rest is a traceback through this machine's paths
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    with torch.autograd.detect_anomaly():
                        return f()
                finally:
                    print([str(w.message).split("\\n")[0] for w in caught])
        attempt("one root", lambda: anomaly(lambda: (w * 2).backward(nan)))
        attempt("grad", lambda: anomaly(lambda: torch.autograd.grad(w * 2, w, nan)))
        attempt("leaf root", lambda: (anomaly(lambda: w.backward(nan)), w.grad))
        class NonDiff(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                ctx.mark_non_differentiable(a)
                return a
            @staticmethod
            def backward(ctx, g):
                return g
        class RetView(torch.autograd.Function):
            @staticmethod
            def forward(ctx, a):
                return a[0]
            @staticmethod
            def backward(ctx, g):
                return g.expand(2)
        y = w * 1
        b = NonDiff.apply(y)
        print(b._base is None, b._is_view(), b.requires_grad, b.grad_fn, b._version == y._version)
        attempt("non-differentiable output in place", lambda: (b.add_(1), y))
        v = RetView.apply(w * 1)
        print(v._is_view(), v.grad_fn.name())
        attempt("view output in place", lambda: v.mul_(2))
    """],
    "hands_outer_graph_and_ger": [ATTEMPT, """
        def walk(fn, depth=0):
            if fn is not None:
                saved = {k: getattr(fn, k) for k in dir(fn) if k.startswith("_saved_")}
                print(" " * depth + fn.name(), saved)
                for f, _ in fn.next_functions:
                    walk(f, depth + 2)
        a = torch.tensor([1., 2., 3.], requires_grad=True)
        b = torch.tensor([4., 5.], requires_grad=True)
        for f in (torch.outer, torch.ger, torch.Tensor.outer, torch.Tensor.ger):
            walk(f(a, b).grad_fn)
        g = torch.autograd.grad(torch.outer(a, b).sum(), (a, b), create_graph=True)
        print(g)
        walk(g[0].grad_fn)
        attempt("ints", lambda: torch.outer(torch.tensor([1, 2]), torch.tensor([True])))
        attempt("2-D self", lambda: torch.outer(torch.ones(2, 2), torch.ones(2)))
        attempt("2-D vec2", lambda: torch.ger(torch.ones(2), torch.ones(2, 2)))
        attempt("0-D", lambda: torch.outer(torch.ones(()), torch.ones(2)))
        attempt("list", lambda: torch.outer([1.], torch.ones(1)))
    """],
    "hands_write_into_expanded_tensor": [ATTEMPT, """
        mk = lambda: torch.zeros(1, 3).expand(2, 3)  # rows share memory: a write may touch one of them only
        def write(t, key, value):
            t[key] = value
            return t
        attempt("element", lambda: write(mk(), (0, 0), 5.))
        attempt("row", lambda: write(mk(), 0, torch.tensor([1., 2., 3.])))
        attempt("column", lambda: write(mk(), (slice(None), 0), 7.))
        attempt("all", lambda: write(mk(), slice(None), 1.))
        attempt("row add_", lambda: mk()[1].add_(1))
        attempt("add_", lambda: mk().add_(1))
        attempt("copy_", lambda: mk().copy_(torch.ones(2, 3)))
        attempt("clamp_", lambda: mk().clamp_(0, 1))
        attempt("relu_", lambda: torch.relu_(mk()))
        attempt("fill_", lambda: mk().fill_(2))
        attempt("zero_", lambda: mk().zero_())
        attempt("fill_ tensor", lambda: mk().fill_(torch.tensor(3.)))
        attempt("masked_fill_", lambda: mk().masked_fill_(torch.tensor([True, False, True]), 1.))
        attempt("same shape", lambda: torch.zeros(3).expand(3).add_(1))
        attempt("broadcast_to", lambda: torch.broadcast_to(torch.zeros(1, 3), (2, 3)).add_(1))
        attempt("broadcast_tensors row",
                lambda: torch.broadcast_tensors(torch.zeros(1, 3), torch.zeros(2, 1))[0][0].add_(1))
        base = torch.zeros(1, 3)
        attempt("reaches base", lambda: (write(base.expand(2, 3), (1, 2), 4.), base))
        z = torch.ones(1, 3, requires_grad=True)
        h = z.clone()
        row = h.expand(2, 3)[0]
        row.mul_(torch.tensor([1., 2., 3.]))
        print(h, h.grad_fn.name(), row.grad_fn.name(), h._version)
        (h * torch.tensor([[1., 10., 100.]])).sum().backward()
        print(z.grad)
    """],
    "hands_setitem_into_leaf": [ATTEMPT, """
        def write(t, key, value):
            t[key] = value
            return t
        x = torch.arange(12.).reshape(3, 4).requires_grad_()  # a leaf that is a view of arange's result
        w = torch.tensor([1., 2., 3., 4.], requires_grad=True)
        p = torch.nn.Parameter(torch.zeros(2, 2))
        attempt("row", lambda: write(x, 0, 1.))
        attempt("mask", lambda: write(x, x > 5, 0.))
        attempt("list", lambda: write(x, [0, 1], 0.))
        attempt("all", lambda: write(x, ..., 0.))
        attempt("leaf view add_", lambda: x.add_(1))
        attempt("plain leaf", lambda: write(w, 0, 5.))
        attempt("parameter row", lambda: write(p, 0, torch.tensor([1., 2.])))
        attempt("parameter fill_", lambda: p[1].fill_(3.))
        attempt("transposed", lambda: write(w.view(2, 2).T, 0, 1.))
        print(x)
        print(w)
        print(p)
        with torch.no_grad():
            x[0] = 1.
            p[1] = 7.
        print(x)
        print(p, x.grad_fn, x.is_leaf)
    """],
    "hands_grad_value_into_int_tensor": """
        w = torch.tensor(2., requires_grad=True)
        z = torch.zeros(3, dtype=torch.long)
        z[1] = w
        z[1:] = w * torch.ones(2) * 1.6
        b = torch.zeros(2, dtype=torch.bool)
        b[0] = w
        c = torch.zeros(3, dtype=torch.int32)
        c.copy_(w.expand(3) * 1.5)
        print(z, b, c, z.grad_fn, z.requires_grad, z._version, c._version)
    """,
    "hands_view_made_in_no_grad": [ATTEMPT, """
        y = torch.ones(3, requires_grad=True)
        h = y * 2
        with torch.no_grad():
            yv = y[:2]
            hv = h[1:]
            d = y.detach()
            print(yv.requires_grad, hv.requires_grad, d.requires_grad)
        print(yv, hv, yv.grad_fn, yv.is_leaf, hv.is_leaf, yv._is_view())
        out = (yv * hv).sum()
        print(out, out.grad_fn.next_functions[0][0].next_functions)
        out.backward()
        print(yv.grad, hv.grad, y.grad)
        attempt("add_ outside", lambda: yv.add_(1))
        attempt("nonleaf add_ outside", lambda: hv.mul_(2))
        yv.requires_grad_(False)
        print(yv.requires_grad)
        g = torch.zeros(2)
        with torch.no_grad():
            gv = g[:1]
        print(gv.requires_grad, gv.requires_grad_().requires_grad)
        (gv * 3).sum().backward()
        print(gv.grad, g.grad)
    """],
    "hands_iterate_a_tensor": [ATTEMPT, """
        x = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], requires_grad=True)
        rows = [r for r in x * 1]
        print(rows, rows[0].grad_fn.name(), rows[0].grad_fn is rows[2].grad_fn)
        a, b, c = x[:, 0]
        print(a, b, c, a._is_view())
        total = sum(r.sum() for r in x)
        best = max(x[:, 1])
        print(total, best)
        (total + best).backward()
        print(x.grad)
        attempt("in-place on a row", lambda: rows[1].mul_(2))
        attempt("0-d", lambda: list(torch.tensor(1.)))
        print(list(torch.ones(2, dtype=torch.long)), [t.shape for t in torch.ones(2, 3)])
    """],
    "hands_numpy_operands": [_NUMPY_INTEROP, """
        n = torch.tensor([1., 2., 3.])
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        a = np.array([1., 0., 3.])
        for label, f in [("n + a", lambda: n + a), ("a + n", lambda: a + n), ("n * a", lambda: n * a),
                         ("a * n", lambda: a * n), ("n - a", lambda: n - a), ("n / a", lambda: n / a),
                         ("n ** a", lambda: n ** a),
                         ("n @ a", lambda: n @ a),
                         ("n + a32", lambda: n + a.astype(np.float32)),
                         ("n + int array", lambda: n + np.array([1, 2, 3])), ("n + 0-d", lambda: n + np.array(2.)),
                         ("n == a", lambda: n == a),
                         ("a == n", lambda: a == n),
                         ("n == ints", lambda: n == np.array([1, 2, 3])),
                         ("n != a", lambda: n != a), ("n > a", lambda: n > a), ("n.eq(a)", lambda: n.eq(a)),
                         ("mask & a", lambda: (n > 1) & np.array([True, False, True])),
                         ("x + a", lambda: x + a), ("a * x", lambda: a * x), ("x == a", lambda: x == a),
                         ("n.add(a)", lambda: n.add(a)),
                         ("x.mul(a)", lambda: x.mul(a)),
                         ("torch.mul(n, a)", lambda: torch.mul(n, a)),
                         ("n.add_(a)", lambda: n.add_(a)), ("torch.add(a, n)", lambda: torch.add(a, n)),
                         ("masked_fill", lambda: n.masked_fill(np.array([True, False, True]), n[0])),
                         ("n * np.float64", lambda: n * np.float64(2.)), ("np.float32 * x", lambda: np.float32(2.) * x),
                         ("x + np.int64", lambda: x + np.int64(2))]:
            attempt(label, f)
        m = n
        m += a
        print(m, m.dtype, m is n, n)
    """],
    "hands_numpy_functions_on_tensors": [_NUMPY_INTEROP, """
        n = torch.tensor([0., 1., 2.])
        x = torch.tensor([0., 1., 2.], requires_grad=True)
        for label, f in [("np.sin(n)", lambda: np.sin(n)), ("np.exp(n)", lambda: np.exp(n)),
                         ("np.add(n, 1)", lambda: np.add(n, 1)), ("np.maximum", lambda: np.maximum(n, np.ones(3))),
                         ("np.greater(n, 0)", lambda: np.greater(n, 0)), ("np.asarray(n)", lambda: np.asarray(n)),
                         ("np.sin(x)", lambda: np.sin(x)),
                         ("np.asarray(x)", lambda: np.asarray(x)),
                         ("x.numpy()", lambda: x.numpy()),
                         ("np.exp(x.detach())", lambda: np.exp(x.detach())), ("np.dot", lambda: np.dot(n, n)),
                         ("n[a > 0]", lambda: n[np.array([False, True, True])]),
                         ("n[ints]", lambda: n[np.array([0, 2])])]:
            attempt(label, f)
        shared = np.exp(n)
        shared[0] = 100.
        print(shared, type(shared).__name__, shared.dtype)
        with torch.no_grad():
            print(x.numpy(), np.asarray(x), np.sin(x))
            p = x
            p -= 0.5 * np.ones(3)  # a new float64 tensor: p is no longer x
        print(p, x, p is x)
    """],
    "hands_wrong_types_to_linear_and_losses": [ATTEMPT, """
        import numpy as np
        lin = torch.nn.Linear(2, 3)
        attempt("list input", lambda: lin([[1., 2.]]))
        attempt("None input", lambda: lin(None))
        attempt("numpy input", lambda: lin(np.ones((1, 2), dtype=np.float32)))
        attempt("0-d input", lambda: lin(torch.tensor(1.)))
        attempt("list weight", lambda: F.linear(torch.ones(2), [[1., 2.]]))
        attempt("list bias", lambda: F.linear(torch.ones(2), torch.ones(2, 2), [1., 2.]))
        attempt("0-d weight", lambda: F.linear(torch.ones(2), torch.tensor(1.)))
        attempt("bias of another size", lambda: F.linear(torch.ones(3, 2), torch.ones(4, 2), torch.ones(3)))
        i, f, b = torch.tensor([1, 2]), torch.tensor([1., 3.5], requires_grad=True), torch.tensor([True, False])
        for name, loss in [("mse", F.mse_loss), ("l1", F.l1_loss), ("smooth_l1", F.smooth_l1_loss),
                           ("huber", F.huber_loss)]:
            for label, args in [("int int", (i, i)), ("int float", (i, f)), ("float int", (f, i)), ("bool", (b, b))]:
                attempt(f"{name} {label}", lambda: loss(*args))
        for name, loss in [("mse", F.mse_loss), ("smooth_l1", F.smooth_l1_loss), ("huber", F.huber_loss),
                           ("bce_logits", F.binary_cross_entropy_with_logits)]:
            for target in (torch.tensor([1, 0]), torch.tensor([1., 0.], dtype=torch.float64), b):
                def backward():
                    x = torch.tensor([0.5, -0.25], requires_grad=True)
                    out = loss(x, target)
                    out.backward()
                    return out, x.grad
                attempt(f"{name} backward, {target.dtype} target", backward)
    """],
    "hands_numpy_numbers_keep_their_dtype": [ATTEMPT, """
        import numpy as np
        for v in [np.float64(1.5), np.float32(1.5), np.int32(3), np.int8(3), np.bool_(True), np.uint8(3),
                  np.float16(1.5), [np.float64(1.), np.float64(2.)], [np.float64(1.), 2.0], [1, np.float64(2.)],
                  [np.int32(1), np.int32(2)], [np.int32(1), 2], [np.float32(1), 2.0], [np.float16(1), 2.0],
                  [np.float16(1), 2], [np.int8(1), np.uint8(2)], [True, np.int8(1)], [[np.float64(1.)], [2.]],
                  [torch.tensor(1., dtype=torch.float64), 2.], [torch.tensor(1, dtype=torch.int32), 2],
                  [np.array(1.), np.array(2.)], np.mean([1., 2.]), [np.sum([1, 2]), 3]]:
            attempt(repr(v), lambda: (lambda t: (t, t.dtype))(torch.tensor(v)))
        print(torch.as_tensor(np.float64(2.)).dtype, torch.tensor(np.float64(2.), dtype=torch.float32).dtype)
        x = torch.tensor([np.float64(0.5), 2.], requires_grad=True)
        (x * torch.tensor([1., 2.])).sum().backward()
        print(x.grad)
    """],
    "hands_list_of_arrays_warns_once": """
        import numpy as np
        print(torch.tensor([np.ones(2), np.ones(2)]), torch.tensor([np.ones(2, dtype=np.float32)]))
        print(torch.tensor([[1., 2.], np.ones(2)]).dtype)
    """,
    "hands_shapes_types_and_joins": [ATTEMPT, """
        x = torch.ones(1, 2, 1, requires_grad=True)
        def squeezed(dims):
            y = x.squeeze(dims)
            return y.shape, y.grad_fn.name(), y.grad_fn._saved_dim, y.grad_fn._saved_self_sym_sizes, y._is_view()
        for dims in [(0, 2), (0, 1), [0, 2], (0, -1), (0, 3), (0, 0), ()]:
            attempt(f"squeeze {dims}", lambda: squeezed(dims))
        y = torch.squeeze(x * 2, (0, 2))
        y.sum().backward()
        print(x.grad, torch.squeeze(torch.ones(1, 3), [0]).shape)
        for name in ["torch.DoubleTensor", "torch.LongTensor", "torch.BoolTensor", "torch.FooTensor", "FloatTensor"]:
            attempt(name, lambda: torch.tensor([1.5, -2.]).type(name))
        attempt("cat a tensor", lambda: torch.cat(torch.ones(2, 2)))
        attempt("cat a tensor, dim 1", lambda: torch.cat(torch.ones(2, 2), dim=1))
        attempt("stack a tensor", lambda: torch.stack(torch.ones(2, 2)))
        attempt("cat a generator", lambda: torch.cat(t for t in [torch.ones(1)]))
        attempt("cat lists", lambda: torch.cat([[1.], [2.]]))
        attempt("stack floats", lambda: torch.stack([1., 2.]))
        attempt("cat with None", lambda: torch.cat([torch.ones(1), None]))
        attempt("cat a tuple", lambda: torch.cat((torch.ones(1), torch.zeros(2))))
    """],
    "hands_register_parameter": [ATTEMPT, """
        m = nn.Linear(1, 1)
        attempt("tensor", lambda: m.register_parameter("a", torch.ones(1)))
        attempt("None", lambda: (m.register_parameter("b", None), m.b, list(m.state_dict())))
        attempt("parameter", lambda: (m.register_parameter("c", nn.Parameter(torch.ones(1))), m.c))
        attempt("non-leaf", lambda: m.register_parameter("d", nn.Parameter(torch.ones(1)) * 2))
        attempt("dotted name", lambda: m.register_parameter("e.f", nn.Parameter(torch.ones(1))))
        attempt("empty name", lambda: m.register_parameter("", nn.Parameter(torch.ones(1))))
        attempt("int name", lambda: m.register_parameter(1, nn.Parameter(torch.ones(1))))
        attempt("existing attribute", lambda: m.register_parameter("training", nn.Parameter(torch.ones(1))))
        attempt("replace weight", lambda: (m.register_parameter("weight", nn.Parameter(torch.zeros(1, 1))), m.weight))
        class Early(nn.Module):
            def __init__(self):
                self.register_parameter("w", nn.Parameter(torch.ones(1)))
        attempt("before __init__", lambda: Early())
        print([name for name, _ in m.named_parameters()])
    """],
    "hands_autograd_grad_batched_and_dict": [ATTEMPT, """
        from collections import OrderedDict
        a = torch.tensor(2., requires_grad=True)
        w = torch.tensor([1., 2.], requires_grad=True)
        attempt("batched", lambda: torch.autograd.grad(a * torch.ones(2), a, grad_outputs=torch.eye(2),
                                                         is_grads_batched=True))
        attempt("batched rows", lambda: torch.autograd.grad(w * w, w, grad_outputs=torch.eye(2), is_grads_batched=True))
        attempt("two outputs", lambda: torch.autograd.grad([w * 2, w.sum()], [w, a], grad_outputs=[torch.eye(2),
                                                           torch.ones(2)], is_grads_batched=True, allow_unused=True))
        attempt("bad shape", lambda: torch.autograd.grad(w * w, w, grad_outputs=torch.ones(3, 3),
                                                          is_grads_batched=True))
        g, = torch.autograd.grad(w ** 3, w, grad_outputs=torch.eye(2), is_grads_batched=True, create_graph=True)
        print(g.detach(), g.requires_grad)
        y = w * w
        torch.autograd.grad(y, w, grad_outputs=torch.eye(2), is_grads_batched=True)
        attempt("graph freed after the batch", lambda: y.sum().backward())
        lin = nn.Linear(2, 1)
        out = lin(torch.ones(1, 2)).sum()
        grads = torch.autograd.grad(out, dict(lin.named_parameters()), retain_graph=True)
        print(type(grads).__name__, {k: v.shape for k, v in grads.items()}, grads["bias"])
        attempt("OrderedDict", lambda: torch.autograd.grad(out, OrderedDict(lin.named_parameters())))
        attempt("no inputs", lambda: torch.autograd.grad(out, []))
        attempt("fewer grad_outputs", lambda: torch.autograd.grad([a * 2, a * 3], [a], grad_outputs=[torch.tensor(1.)]))
        attempt("fewer grad_tensors", lambda: torch.autograd.backward([a * 2, a * 3], grad_tensors=[torch.tensor(1.)]))
        attempt("more grad_outputs", lambda: torch.autograd.grad([a * 2], [a], grad_outputs=[torch.tensor(1.),
                                                                                         torch.tensor(2.)]))
    """],
    "hands_format_and_size_queries": [ATTEMPT, """
        loss = torch.tensor(2.345678, requires_grad=True) * 1
        attempt("0-d .4f", lambda: f"{loss:.4f}")
        attempt("0-d int d", lambda: f"{torch.tensor(3):d}")
        attempt("0-d int .2f", lambda: f"{torch.tensor(3):.2f}")
        attempt("1-d .2f", lambda: f"{torch.ones(2):.2f}")
        attempt("1-d plain", lambda: f"{torch.ones(2)}")
        attempt("bool", lambda: f"{torch.tensor(True)}")
        attempt("0-d plain", lambda: f"{loss}")
        attempt("width", lambda: f"{loss:10.3f}|")
        attempt("e", lambda: f"{loss:.2e}")
        x = torch.ones(2, 3)
        print(x.numel(), x.nelement(), x.dim(), x.ndimension(), x.ndim, x.size(1), x.shape == (2, 3))
        attempt("item of two", lambda: torch.ones(2).item())
        print(torch.tensor([7]).item(), torch.tensor(2.5).tolist())
    """],
    "hands_data_loading": [ATTEMPT, """
        D = torch.utils.data
        X = torch.arange(10.).reshape(5, 2); Y = torch.arange(5)
        ds = D.TensorDataset(X, Y)
        attempt("len", lambda: len(ds))
        attempt("getitem", lambda: ds[1])
        attempt("getitem slice", lambda: ds[1:3])
        attempt("mismatched", lambda: D.TensorDataset(X, torch.arange(4)))
        dl = D.DataLoader(ds, batch_size=2)
        attempt("batches", lambda: [(xb.shape, yb.tolist()) for xb, yb in dl])
        attempt("len dl", lambda: len(dl))
        attempt("drop_last", lambda: [yb.tolist() for _, yb in D.DataLoader(ds, batch_size=2, drop_last=True)])
        attempt("batch_size None", lambda: [b for b in D.DataLoader(ds, batch_size=None)][:2])
        class Squares(D.Dataset):
            def __len__(self): return 4
            def __getitem__(self, i): return {"x": float(i), "y": i * i, "name": f"n{i}"}
        attempt("dict batches", lambda: list(D.DataLoader(Squares(), batch_size=3)))
        class Pairs(D.Dataset):
            def __len__(self): return 3
            def __getitem__(self, i): return (torch.tensor([i, i + 1.]), i)
        attempt("tuple batches", lambda: list(D.DataLoader(Pairs(), batch_size=2)))
        class NumpyItems(D.Dataset):
            def __len__(self): return 2
            def __getitem__(self, i):
                import numpy as np
                return np.array([i, 2. * i]), np.float32(i)
        attempt("numpy items", lambda: list(D.DataLoader(NumpyItems(), batch_size=2)))
        class Ragged(D.Dataset):
            def __len__(self): return 2
            def __getitem__(self, i): return torch.ones(i + 1)
        attempt("ragged", lambda: list(D.DataLoader(Ragged(), batch_size=2)))
        attempt("collate_fn", lambda: list(D.DataLoader(Ragged(), batch_size=2,
                                                        collate_fn=lambda b: [len(t) for t in b])))
        attempt("sampler shuffle type", lambda: type(D.DataLoader(ds, shuffle=True).sampler).__name__)
        attempt("default sampler", lambda: type(D.DataLoader(ds).sampler).__name__)
        attempt("bad batch size", lambda: D.DataLoader(ds, batch_size=0))
        attempt("iter next", lambda: next(iter(dl))[0])
        attempt("dataset attr", lambda: dl.dataset is ds)
        attempt("subset", lambda: D.Subset(ds, [0, 2])[1])
        attempt("ConcatDataset", lambda: len(D.ConcatDataset([ds, ds])))
        attempt("list dataset", lambda: list(D.DataLoader([1, 2, 3], batch_size=2)))
        attempt("list of tuples", lambda: list(D.DataLoader([(1, 2.), (3, 4.)], batch_size=2)))
        attempt("strings", lambda: list(D.DataLoader(["a", "b", "c"], batch_size=2)))
        attempt("sampler list", lambda: [yb.tolist() for _, yb in D.DataLoader(ds, batch_size=2, sampler=[4, 0, 2])])
        attempt("sampler + shuffle", lambda: D.DataLoader(ds, sampler=[0], shuffle=True))
        attempt("batch_sampler", lambda: [yb.tolist() for _, yb in D.DataLoader(ds, batch_sampler=[[0, 1], [4]])])
        attempt("batch_sampler + batch_size", lambda: D.DataLoader(ds, batch_size=2, batch_sampler=[[0]]))
        attempt("None + drop_last", lambda: D.DataLoader(ds, batch_size=None, drop_last=True))
        attempt("len None", lambda: len(D.DataLoader(ds, batch_size=None)))
        attempt("BatchSampler", lambda: list(D.BatchSampler(D.SequentialSampler(range(5)), 2, False)))
        attempt("BatchSampler drop", lambda: (list(D.BatchSampler(range(5), 2, True)),
                                              len(D.BatchSampler(range(5), 2, True))))
        attempt("BatchSampler bad", lambda: D.BatchSampler(range(5), 2.0, False))
        attempt("BatchSampler bad drop", lambda: D.BatchSampler(range(5), 2, 1))
        attempt("shuffled covers", lambda: sorted(i for _, yb in D.DataLoader(ds, batch_size=2, shuffle=True)
                                                  for i in yb.tolist()))
        attempt("concat index", lambda: (D.ConcatDataset([ds, ds])[7], D.ConcatDataset([ds, [10, 11]])[-1],
                                         D.ConcatDataset([ds, ds]).cumulative_sizes))
        attempt("concat empty", lambda: D.ConcatDataset([]))
        attempt("concat oob", lambda: D.ConcatDataset([ds])[-6])
        attempt("default_convert", lambda: D.default_convert((__import__('numpy').ones(2), 3, "a")))
    """],
}
for _name, _code in REAL_HANDS.items():
    case(_name, _code, fresh_process=_name in ("hands_list_of_arrays_warns_once",
                                               "hands_transforms_aux_anomaly_root_and_function_views"))


# The API of the beginner material (docs/beginner_api.md) and torch.autograd.functional have modules of their own.
from parity import (  # noqa: E402, F401
    cases_api,
    cases_args_more,
    cases_args_more2,
    cases_attention,
    cases_autograd_api,
    cases_autograd_gaps,
    cases_distributions,
    cases_double_backward,
    cases_double_backward2,
    cases_double_backward3,
    cases_double_backward4,
    cases_double_backward5,
    cases_double_backward6,
    cases_double_backward7,
    cases_dtype_sweep,
    cases_everyday,
    cases_functional,
    cases_functions_students,
    cases_half,
    cases_half2,
    cases_keywords,
    cases_layers,
    cases_layers3d,
    cases_linalg,
    cases_linalg_lu,
    cases_losses,
    cases_messages,
    cases_messages2,
    cases_messages3,
    cases_nn_dtypes,
    cases_nn_grad,
    cases_nn_more,
    cases_numpy_interop,
    cases_numpy_interop2,
    cases_parser,
    cases_pooling_more,
    cases_programs,
    cases_programs2,
    cases_programs3,
    cases_programs4,
    cases_programs5,
    cases_programs6,
    cases_programs7,
    cases_programs8,
    cases_programs9,
    cases_sequences,
    cases_special,
    cases_students,
    cases_tensorfns,
    cases_torch_functions,
    cases_tutorials,
    cases_utilities,
    cases_views_storage,
    cases_vision,
    cases_vision_more,
)
