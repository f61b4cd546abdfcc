"""Parity cases for arguments of the wrong type or value given to everyday tensor methods and functions: torch's
exception class and message for each."""

from parity.cases import attempts, case  # noqa: F401

_X = """
torch.manual_seed(0)
x = torch.arange(6.).reshape(2, 3)
v = torch.arange(5.)
src = torch.ones(2, 3)
"""

attempts(
    "api_messages_index_add_errors",
    [_X],
    "x.index_add(0, torch.tensor([0, 5]), src)",
    "x.index_add_(0, torch.tensor([-1, 1]), src)",
    "torch.index_add(x, 1, torch.tensor([0, 7]), torch.ones(2, 2))",
    "torch.zeros(2, 3, 4).index_add(1, torch.tensor([0, 4]), torch.ones(2, 2, 4))",
    "torch.zeros(3).index_add(0, torch.tensor([0, 4]), torch.ones(2))",
    "x.index_add(0, torch.tensor([0, 5]).int(), src)",
    "x.index_add(0, torch.tensor([0., 1.]), src)",
    "x.index_add(0, torch.tensor([[0, 1]]), src)",
    "x.index_add(0, torch.tensor([0, 1]), src.long())",
    "x.index_add(0, torch.tensor([1, 0]), src, alpha=2)",
)

attempts(
    "api_messages_tensor_split_float_indices",
    [_X],
    "torch.tensor_split(v, [1.5, 3])",
    "torch.tensor_split(v, [1, 3.5])",
    "v.tensor_split((1.5,))",
    "v.tensor_split([1, 3])",
)

attempts(
    "api_messages_like_factory_errors",
    [_X],
    "torch.ones_like(x, 1)",
    "torch.zeros_like(x, torch.float64)",
    "torch.zeros_like(x, dtype='a')",
    "torch.zeros_like(x, dtype=float)",
    "torch.ones_like(x, requires_grad=1)",
    "torch.full_like(x, 'a')",
    "torch.full_like(x, torch.tensor([2.]))",
    "torch.full_like(x, 1, torch.float64)",
    "torch.full_like(x, 1, dtype='a')",
    "torch.rand_like(x, torch.float64)",
)

attempts(
    "api_messages_factory_argument_errors",
    [_X],
    "torch.ones(2, 3, requires_grad=1)",
    "torch.empty(2, requires_grad=1)",
    "torch.full((2,), 1., requires_grad=1)",
    "torch.rand(2, requires_grad=1)",
    "torch.full((2, 2))",
    "torch.full((2,), torch.tensor([2.]))",
    "torch.arange(x)",
    "torch.arange(1, x)",
    "torch.arange(torch.tensor(3))",
    "torch.linspace(0, [1], 5)",
    "torch.linspace(0, 1, 5, dtype='a')",
    "torch.randint(5, (2.5,))",
    "torch.randint(0, 5, (2,), dtype='a')",
)

attempts(
    "api_messages_alpha_and_pow_errors",
    [_X],
    "x.add(1, alpha='a')",
    "x.sub(1, alpha='a')",
    "torch.add(x, 1, alpha=None)",
    "x.add(1, alpha=[2])",
    "x.add(1, alpha=torch.tensor([2]))",
    "x.add(1, alpha=torch.tensor(2))",
    "torch.pow(2, [1])",
    "torch.pow(2, 3)",
    "torch.pow(2, x)",
)

attempts(
    "api_messages_squeeze_several_dims",
    ["x = torch.ones(1, 2, 1, requires_grad=True)"],
    "x.squeeze(0, 2)",
    "x.squeeze(0, 1)",
    "x.squeeze(0, 2).grad_fn.name()",
    "x.clone().squeeze_(0, 2).grad_fn.name()",
    "torch.squeeze(x, 0, 2)",
    "x.squeeze(0, 5)",
    "x.squeeze(0, 1.5)",
)

attempts(
    "api_messages_norm_arguments",
    [_X],
    "x.norm('fro', 1)",
    "x.norm(2, 1, True)",
    "x.norm(None)",
    "x.norm(3, (0, 1), 4)",
    "x.norm(2, 'a')",
    "x.norm(2, [0.5])",
    "x.norm(p=[1])",
    "x.norm(dtype='a')",
    "x.norm(p='a')",
    "x.norm('nuc')",
    "torch.norm(x, 'nuc', 1)",
    "x.norm('nuc', None, 2)",
)

attempts(
    "api_messages_max_min_mean_lerp_scatter",
    [_X],
    "torch.max(x, 0, 'a')",
    "x.max(dim=None)",
    "x.min(dim=None)",
    "torch.min(x, 0, 1)",
    "x.mean(dtype=torch.long)",
    "torch.lerp(x, x, [0.5])",
    "x.scatter(1, torch.tensor([[0, 1]]), [1., 2.])",
)

case("api_messages_quantile_q_requires_grad", ["""
def chain(fn, depth=0):
    if fn is None:
        return
    print("  " * depth + fn.name())
    for f, _ in fn.next_functions:
        chain(f, depth + 1)

x = torch.tensor([[1., 5., 2.], [4., float('nan'), 3.]])
for name in ("quantile", "nanquantile"):
    for value in (0.3, [0.3, 0.8]):
        for mode in ("linear", "lower", "midpoint"):
            q = torch.tensor(value, requires_grad=True)
            out = getattr(torch, name)(x, q, dim=1, interpolation=mode)
            print(name, value, mode, out)
            if out.requires_grad:
                chain(out.grad_fn)
                out.sum().backward()
                print(q.grad)
xg = x.nan_to_num().requires_grad_()
q = torch.tensor([0.25, 0.5], requires_grad=True)
out = torch.quantile(xg, q, dim=0, keepdim=True)
(out ** 2).sum().backward()
print(out, xg.grad, q.grad)
"""])

attempts(
    "api_messages_more_argument_types",
    [_X],
    "torch.hsplit(x, [1.5])",
    "torch.hsplit(x, [1, 2.5])",
    "torch.clamp_min(x, [1])",
    "x.clamp_max('a')",
    "torch.logspace(0, 1, 3, base='a')",
    "torch.logspace(0, 1, 3, dtype='a')",
    "torch.searchsorted(v, torch.tensor([2.5]), right='a')",
    "torch.bucketize(torch.tensor([2.5]), v, right='a')",
    "x.scatter_reduce(0, torch.tensor([[0, 1]]), src, 'sum', include_self='a')",
    "torch.empty_like(x, dtype='a')",
    "x.cumprod(0, dtype='a')",
    "torch.histogram(x, bins=-1)",
    "x.prod(dim=None)",
    "x.prod(keepdim=True)",
    "torch.prod(x, dim=None)",
)

attempts(
    "api_messages_numpy_keyword_names",
    [_X],
    "x.sum(axis='a')",
    "x.mean(axis=0.5)",
    "x.any(axis='a')",
    "x.sum(axis=0, keepdims='a')",
    "x.sum(axis=0)",
)

# A method given more positional arguments than Python's parameters take: torch's parser's error (rounding_mode is
# keyword-only: x.div(2, 'floor')), not Python's "takes 2 positional arguments".
attempts(
    "api_messages_positional_overflow",
    ["x = torch.tensor([1., 2.])"],
    "x.div(2, 'floor')",
    "torch.div(x, 2, 'floor')",
    "x.mul(1, 2)",
    "x.matmul(x, 1)",
    "torch.mul(x, 2, 3)",
    "x.div(2, rounding_mode='floor', alpha=1)",
    "x.div(2, rounding_mode='floor')",
)
