"""Parity cases for torch's argument errors on everyday methods: too many positional arguments,
wrong keyword types, float indices, torch.normal's checks."""

from parity.cases import attempts, case  # noqa: F401

_X = "x = torch.arange(6.).reshape(2, 3) + 1"

# too many arguments, unknown keywords and wrong types, for the binary methods and their in-place forms: named as
# torch's parser names them (mul_, not mul; the tensor not counted); add and sub have a hidden deprecated overload,
# so a call that fits nothing lists the one shown
attempts(
    "api_args_more_method_arity",
    [_X],
    "x.add(1, 2, 3)",
    "x.add_(1, 2, 3)",
    "x.sub(1, 2, 3, 4)",
    "x.sub_(1, 2, 3)",
    "x.add_(1, beta=2)",
    "x.add_(2, alpha='a')",
    "x.mul_(1, 2)",
    "x.mul_(1, 2, 3)",
    "x.mul_(foo=1)",
    "x.mul(other=1, alpha=2)",
    "x.div_(1, 2)",
    "x.div_(1, zzz=1)",
    "x.pow_(1, 2)",
    "x.fmod_(1, 'a')",
    "x.remainder_(zzz=1)",
    "x.mul_(other=2)",
)

# a method's rounding_mode of the wrong type: the method's overloads, without the tensor
attempts(
    "api_args_more_div_rounding_mode",
    [_X],
    "x.div(2, rounding_mode=1)",
    "x.div_(2, rounding_mode=1)",
    "x.div(x, rounding_mode=True)",
    "x.div(2, rounding_mode='floor')",
)

# a list of floats as an index: torch reads it into an int64 tensor (each float truncated toward zero)
attempts(
    "api_args_more_float_list_index",
    [_X, "import numpy as np"],
    "x[[0.5]]",
    "x[[1.7, 0.2]]",
    "x[[0.5], [1.5]]",
    "x[[-1.5]]",
    "x[[True, 0.5]]",
    "x[:, [0.5, 2.2]]",
    "x[0, [0.5, 2.7]]",
    "x[[[0.5, 1]], [[1, 2]]]",
    "x[np.array([0.5, 1.5])]",
    "x[[2.5]]",
    "x[[float('nan')]]",
    "x[[1e20]]",
    "x[[np.float32(1.5)]]",
    "x[[b'a']]",
    "x[[2**70]]",
    "x[[0.5, [1]]]",
)

case("api_args_more_float_list_index_grad", [
    _X,
    """
    x.requires_grad_()
    y = x[[0.5, 1.5, 1.2]]
    print(y, y.grad_fn.name())
    y.sum().backward()
    print(x.grad)
    z = x.detach().clone()
    z[[1.5]] = 0.
    z[0, [0.5, 2.5]] = -1.
    print(z)
    """,
])

# unbiased=None fits none of var's overloads (left out, it is True)
attempts(
    "api_args_more_variance_none",
    [_X],
    "x.var(unbiased=None)",
    "x.std(unbiased=None)",
    "x.var(0, unbiased=None)",
    "torch.var(x, unbiased=None)",
    "torch.var_mean(x, unbiased=None)",
    "torch.std_mean(x, unbiased=None)",
    "x.var(correction=None)",
    "x.var(0, True, correction=1)",
)

attempts(
    "api_args_more_normal_errors",
    ["z = torch.zeros(2)", "torch.manual_seed(0)"],
    "torch.normal(z, -1.0)",
    "torch.normal(z, float('nan'))",
    "torch.normal(0., torch.tensor([1., float('nan')]))",
    "torch.normal(z, torch.ones(3))",
    "torch.normal(0, 1, (2,), dtype=torch.int64)",
    "torch.normal(0, 1, (2,), dtype=torch.int64, requires_grad=True)",
    "torch.normal(z.long(), 1.)",
    "torch.normal(0, 1)",
    "torch.normal(0, 1, 2)",
    "torch.normal(0, 1, (2.5,))",
    "torch.normal(0, 'a', (2,))",
    "torch.normal(z, [1., 1.])",
    "torch.normal(z, 1., (2,))",
    "torch.normal(z, std=1., size=(2,))",
    "torch.normal(0, 1, size=2)",
    "torch.normal(0, 1, (2,), requires_grad=1)",
    "torch.normal(z, 1, requires_grad=True)",
    "torch.normal(0, 1, (-1,))",
    "torch.normal(torch.tensor(0.), 1., (2,))",
    "torch.normal(True, 1., (2,))",
)

attempts(
    "api_args_more_random_fill_errors",
    ["x = torch.zeros(2)", "torch.manual_seed(0)"],
    "x.normal_(0, float('nan'))",
    "x.normal_(0, torch.tensor(2.))",
    "x.normal_(torch.tensor(2.), 1)",
    "x.normal_(0, torch.tensor(-1.))",
    "x.normal_(0, True)",
    "x.uniform_(0, float('inf'))",
    "x.uniform_(float('nan'), 1)",
    "x.uniform_(-1e308, 1e308)",
    "x.uniform_(-3e38, 3e38)",
    "x.double().uniform_(-1e308, 1e308)",
    "x.half().uniform_(0, 70000)",
    "x.long().uniform_()",
    "x.uniform_(2, 1)",
    "x.exponential_(torch.tensor(2.))",
    "x.log_normal_(torch.tensor(0.), torch.tensor(1.))",
    "torch.poisson(torch.tensor([1., float('inf'), 1e20]))",
)

attempts(
    "api_args_more_multinomial_errors",
    ["torch.manual_seed(0)"],
    "torch.multinomial(torch.tensor([0.2, -0.8]), 3, True)",
    "torch.multinomial(torch.tensor([0.2, float('nan')]), 3, True)",
    "torch.multinomial(torch.tensor([0.2, float('inf')]), 3, True)",
    "torch.multinomial(torch.tensor([[0.2, 0.8], [-1., 0.]]), 3, True)",
    "torch.multinomial(torch.tensor([0.2, -0.8]), 1, True)",
    "torch.multinomial(torch.tensor(1), 1)",
    "torch.multinomial(torch.tensor([]), 1)",
    "torch.multinomial(torch.tensor([]), 1, True)",
    "torch.multinomial(torch.tensor([]), 2, True)",
    "torch.multinomial(torch.zeros(0, 2), 1)",
    "torch.multinomial(torch.zeros(0, 2), 3, True)",
)

attempts(
    "api_args_more_generator_seed",
    ["g = torch.Generator()"],
    "g.manual_seed(1.5)",
    "g.manual_seed('a')",
    "g.manual_seed(True)",
    "g.manual_seed(None)",
    "g.manual_seed(torch.tensor(3))",
    "g.manual_seed()",
    "g.manual_seed(seed=3)",
    "g.manual_seed(-1).initial_seed()",
    "torch.manual_seed(1.5).initial_seed()",
    "torch.manual_seed(True).initial_seed()",
)

# torch's hidden deprecated overload add(Number alpha, Tensor other): x.add(2, y) is x + 2 * y, with one warning a
# process, whichever call gives it first
case("api_args_more_add_deprecated_alpha", """
x = torch.arange(3.)
print(x.add(2, 3))
print(torch.add(x, 2, torch.ones(3)))
print(x.sub(2, 3))
y = x.clone()
y.sub_(2, torch.ones(3))
print(y)
print(x.add(2, torch.ones(3, requires_grad=True)).grad_fn.name())
attempt(lambda: x.add(2., 'a'))
attempt(lambda: x.add(torch.ones(3), 2))
""", fresh_process=True)

attempts(
    "api_args_more_histogram_errors",
    ["x = torch.arange(6.).reshape(2, 3)"],
    "torch.histogram(x, 3.5)",
    "x.histogram(3, range=(0, 1, 2))",
    "x.histogram(3, range=(1, 0))",
    "torch.histogram(x, 3, range=(0, float('nan')))",
    "torch.histogram(x, 3, range=1)",
    "torch.histogram(x, 3, range=(0, 'a'))",
    "torch.histogram(x, 3, range=('a', 0))",
    "torch.histogram(x, 3, range=(0, torch.tensor(1.)))",
    "torch.histogram(x, torch.tensor([0., 1.]), range=(0, 1))",
    "torch.histogram(x, torch.tensor([1., 0.]))",
    "torch.histogram(x, torch.tensor([5., 0., 3., 6.]))",
    "torch.histogram(x, torch.tensor([[0., 1.]]))",
    "torch.histogram(x, torch.tensor([0, 1]))",
    "torch.histogram(x, torch.tensor([1.]))",
    "torch.histogram(x, 3, weight=torch.ones(3))",
    "torch.histogram(x, 3, weight=torch.ones(6).long())",
    "torch.unravel_index(torch.tensor(4), 'ab')",
    "torch.unravel_index(torch.tensor([4, 5]), (True, 3))",
)

# torch.normal with a tensor mean or std that requires grad records NormalBackward1/2/3: zero gradients
case("api_args_more_normal_grad_fn", """
torch.manual_seed(0)
m = torch.zeros(2, 1, requires_grad=True)
s = torch.ones(3, requires_grad=True)
for y in (torch.normal(m, 1.), torch.normal(2., s), torch.normal(m, s)):
    print(y.grad_fn.name(), nf(y), y.shape)
y = torch.normal(m, s)
print(y.grad_fn._saved_mean_sym_sizes, y.grad_fn._saved_std_sym_sizes)
print(torch.autograd.grad(y.sum(), (m, s)))
print(torch.normal(m.detach(), 1.).grad_fn)
""")

attempts(
    "api_args_more_random_arguments",
    ["z = torch.zeros(2, 3)", "torch.manual_seed(0)"],
    "torch.Generator('cuda')",
    "torch.Generator('mps')",
    "torch.Generator('meta')",
    "torch.Generator(1)",
    "torch.Generator(1.5)",
    "torch.Generator('cpu:1').device",
    "torch.bernoulli(z + 0.5, out=z)",
    "torch.bernoulli(z + 0.5, out=1)",
    "torch.bernoulli(z + 0.5, p=torch.tensor(0.3))",
    "z.bernoulli(True)",
    "z.bernoulli_(True)",
    "z.random_(0, to=5)",
    "torch.randint_like(z, torch.tensor([10]))",
    "torch.randint_like(z, 10, generator=1)",
    "torch.poisson(torch.tensor([1., float('inf'), 1e20]))",
)

# keywords a reduction does not take, and lists of the wrong type by keyword: torch's parser checks each parameter
# in order (a missing dim first), and names a keyword's list by its own type
attempts(
    "api_args_more_reduction_keywords",
    ["x = torch.arange(6.).reshape(2, 3)"],
    "x.cumprod(keepdim=True)",
    "torch.cummax(x, foo=1)",
    "x.cummin(dim=1.0, foo=1)",
    "torch.all(x, keepdim=1)",
    "torch.any(x, dim=0, keepdim=None)",
    "x.amax(dim=[0.5])",
    "torch.logsumexp(x, dim=[0.5])",
    "x.amax([0.5])",
    "x.norm(foo=1)",
    "x.norm(1, 2, 3, 4, 5)",
)
