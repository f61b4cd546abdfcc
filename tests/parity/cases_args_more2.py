"""Parity cases for torch's argument errors on tensor methods, creation functions and aliases (a second round).
"""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

_X = "x = torch.arange(4.).reshape(2, 2) + 1"

# addmm and copy_ through torch's parser: too many arguments, a keyword they lack, a flag of the wrong type (the
# method's signature leaves the tensor out; copy_ has a hidden overload, so its surplus lists the one shown)
attempts(
    "api_args_more2_addmm_copy",
    [_X, "a = torch.eye(2)"],
    "x.addmm(a, a, 1)",
    "x.addmm(a, a, 1, 2)",
    "x.addmm(a, a, foo=1)",
    "x.addmm(a, a, beta='a')",
    "x.addmm(a, a, beta=2, alpha=0.5)",
    "torch.addmm(x, a, a, 1)",
    "torch.addmm(x, a, a, foo=1)",
    "torch.addmm(x, a, a, alpha=2)",
    "x.copy_(a, True, 3)",
    "x.copy_(a, 1)",
    "x.copy_(a, non_blocking='a')",
    "x.copy_(src=a)",
    "x.copy_()",
    "x.copy_(a, non_blocking=True)",
    "x.copy_(other=a * 3)",
)

# a reduction's keepdim with no dim, and keywords of different overloads together, fit none of max's and min's
attempts(
    "api_args_more2_max_min_keywords",
    [_X],
    "x.max(keepdim=True)",
    "x.min(keepdim=False)",
    "x.max(other=x, keepdim=True)",
    "torch.max(x, other=x, keepdim=False)",
    "x.max(0, keepdim='yes')",
    "x.max(dim=0, keepdims=True)",
    "x.min(axis=1)",
)

# methods whose surplus arguments torch's parser counts without the tensor, and the conversions' memory_format
attempts(
    "api_args_more2_method_arity",
    [_X],
    "x.type(torch.float64, True, 3)",
    "x.type(foo=1)",
    "x.type(torch.float64, True)",
    "x.type(torch.float64, 1)",
    "x.type(torch.float64, memory_format=torch.contiguous_format)",
    "x.size(foo=1)",
    "x.size(0, dim=1)",
    "x.stride(0, 1)",
    "x.stride(foo=1)",
    "x.requires_grad_(True, 1)",
    "x.requires_grad_(foo=1)",
    "x.cpu(foo=1)",
    "x.half(memory_format=torch.contiguous_format)",
    "x.float(memory_format=torch.preserve_format)",
    "x.long(memory_format=None)",
    "x.double(memory_format=torch.channels_last)",
    "x.half(memory_format='a')",
    "x.half(foo=1)",
    "torch.ones(1, 2, 2, 3).half(memory_format=torch.channels_last).stride()",
)

# Tensor.to with keywords it does not have, or a flag of the wrong type
attempts(
    "api_args_more2_to_keywords",
    [_X],
    "x.to(foo=1)",
    "x.to(torch.float64, foo=1)",
    "x.to('cpu', foo=1)",
    "x.to(dtype=torch.float64, foo=1)",
    "x.to(non_blocking=1)",
    "x.to(torch.float64, copy='yes')",
    "x.to(torch.float64, non_blocking=True)",
    "x.to(memory_format=torch.contiguous_format)",
)

# the in-place comparisons and torch's aliases of in-place methods: their own names and overloads in errors
attempts(
    "api_args_more2_inplace_aliases",
    [_X],
    "x.eq_(1, 2)",
    "x.lt_(1, 2)",
    "x.le_(1, 2, 3)",
    "x.gt_(foo=1)",
    "x.ge_()",
    "x.ne_(other=2)",
    "x.greater_(1, 2)",
    "x.less_equal_(foo=1)",
    "x.true_divide_(1, 2)",
    "x.true_divide_(foo=1)",
    "x.true_divide_(2, rounding_mode='floor')",
    "x.true_divide_(other=2)",
    "x.divide_(2, rounding_mode=1)",
    "x.divide_(foo=1)",
    "x.multiply_(2, 3)",
    "x.subtract_(2, foo=2)",
    "x.clip_(0, 1, 2)",
    "x.clip_(foo=1)",
    "x.clip_(0, 'a')",
    "x.clip_(min=2)",
    "x.arctan2_(x, 1)",
)

# the random factories' keywords and bounds: a keyword they lack, a bound no C++ int64 holds, bounds the dtype
# cannot hold, a permutation the dtype cannot hold
attempts(
    "api_args_more2_random_factories",
    ["torch.manual_seed(0)"],
    "torch.rand(2, foo=1)",
    "torch.randn(2, foo=1)",
    "torch.randn(shape=(2,))",
    "torch.rand(foo=1)",
    "torch.randn(2, shape=(2,))",
    "torch.zeros(shape=(2,))",
    "torch.randint(2**63, (2,))",
    "torch.randint(0, 2**64, (2,))",
    "torch.randint(-2**63 - 1, 0, (2,))",
    "torch.randint(0, 257, (2,), dtype=torch.uint8)",
    "torch.randint(-1, 3, (2,), dtype=torch.uint8)",
    "torch.randint(0, 3, (2,), dtype=torch.bool)",
    "torch.randint(0, 2, (4,), dtype=torch.bool)",
    "torch.randint(0, 200, (2,), dtype=torch.int8)",
    "torch.randint(0, 2**40, (2,), dtype=torch.int32)",
    "torch.randint(0, 70000, (2,), dtype=torch.float16)",
    "torch.randperm(3, 4)",
    "torch.randperm()",
    "torch.randperm(3, foo=1)",
    "torch.randperm(n=3)",
    "torch.randperm(m=3)",
    "torch.randperm(3, n=3)",
    "torch.randperm(3, dtype='a')",
    "torch.randperm(3, dtype=torch.bool)",
    "torch.randperm(257, dtype=torch.uint8)",
    "torch.randperm(129, dtype=torch.int8)",
    "torch.randperm(128, dtype=torch.int8).shape",
    "torch.randperm(2050, dtype=torch.float16)",
    "torch.randint(2, (2,), foo=1)",
)

# split's dim of the wrong type (torch's Python split hands it to its parser), and torch.device's checks
attempts(
    "api_args_more2_split_device",
    ["x = torch.arange(8.).reshape(4, 2)"],
    "x.split(1, 1.0)",
    "x.split(1, dim='a')",
    "x.split([1, 3], 1.0)",
    "torch.split(x, 2, 1.0)",
    "torch.device(1)",
    "torch.device(0)",
    "torch.device(-1)",
    "torch.device(1.0)",
    "torch.device(None)",
    "torch.device()",
    "torch.device('cpu', 'a')",
    "torch.device('cpu', -1)",
    "torch.device('cpu', 0, 1)",
    "torch.device('cpu', foo=1)",
    "torch.device(foo='cpu')",
    "torch.device(type='cpu', index=0)",
)

# Tensor.addmm_ (as addmv_, addr_, baddbmm_ and addbmm_): the product written into the tensor, its graph, and
# torch's parser's errors under the in-place method's own name
attempts(
    "api_args_more2_addmm_inplace",
    [_X, "a = torch.eye(2)", "m, v = torch.ones(2, 3), torch.ones(3)"],
    "x.clone().addmm_(a, a)",
    "x.clone().addmm_(a, a, beta=0.5, alpha=2)",
    "x.clone().addmm_(mat1=a, mat2=a * 2)",
    "x.clone().addmm_(a, torch.ones(2, 3))",
    "x.clone().addmm_(a, torch.ones(3, 3))",
    "x.clone().addmm_(torch.ones(2), a)",
    "x.clone().addmm_(a, a, 1)",
    "x.clone().addmm_(a, a, foo=1)",
    "x.clone().addmm_(a, a, beta='x')",
    "x.clone().addmm_(a.double(), a.double())",
    "x.clone().requires_grad_().addmm_(a, a)",
    "torch.ones(2).addmv_(m, v, 1)",
    "torch.ones(2).addmv_(m, v, foo=1)",
    "torch.ones(2).addmv_(mat=m, vec=v)",
    "torch.ones(2, 3).addr_(torch.ones(2), v, 2)",
    "torch.ones(2, 3).addr_(torch.ones(2), v, beta='a')",
    "torch.ones(2, 2, 2).baddbmm_(torch.ones(2, 2, 3), torch.ones(2, 3, 2), 1)",
)

case("api_args_more2_addmm_inplace_graph", """
a = torch.ones(2, 2, requires_grad=True)
y = torch.zeros(2, 3).addmm_(a, torch.full((2, 3), 2.0))
print(y, y.grad_fn.name(), [(f if f is None else f.name(), i) for f, i in y.grad_fn.next_functions], y._version)
y.sum().backward()
print(a.grad)
b = torch.arange(6.).reshape(2, 3).requires_grad_()
z = b * 1
z.addmm_(torch.ones(2, 2), torch.ones(2, 3), beta=3)
print(z, z.grad_fn.name(), [(f if f is None else f.name(), i) for f, i in z.grad_fn.next_functions], z._version)
z.sum().backward()
print(b.grad)
""")

# size() and requires_grad_() counted as torch's parser counts them; a keyword that repeats a positional argument;
# Tensor.to's overloads: an accelerator index refused only once the arguments parse, the one plausible overload's
# error for too many, a keyword its overload lacks
attempts(
    "api_args_more2_size_requires_grad_to",
    [_X],
    "x.size(0, 1)",
    "x.size(0, 1, 2)",
    "x.size(0, dim=1)",
    "x.size(None, 1)",
    "x.clone().requires_grad_(requires_grad=1)",
    "x.clone().requires_grad_(True, requires_grad=True)",
    "x.clone().requires_grad_(requires_grad=False).requires_grad",
    "x.clone().requires_grad_(foo=True)",
    "x.sum(0, dim=1)",
    "x.softmax(0, dim=1)",
    "x.to(1, 2, 3, 4, 5, 6)",
    "x.to(1, 2)",
    "x.to(1)",
    "x.to(1, torch.float64)",
    "x.to(torch.float64, dtype=torch.float64)",
    "x.to(torch.float64, device='cpu')",
    "x.to('cpu', device='cpu')",
    "x.to(x, dtype=torch.float64)",
    "x.to('cpu', torch.float64, False, False, True)",
    "x.to('cpu', dtype=torch.float64).dtype",
    "x.to(x, non_blocking=True).dtype",
)

# torch's marked list of the arguments given: keywords in the overload's order, a trailing ", " with no positional
# argument; Tensor.to's device keyword of the wrong type is to()'s error
attempts(
    "api_args_more2_marked_keywords",
    [_X],
    "x.max(other=1)",
    "x.view(size='a')",
    "torch.where(condition=1, input=x, other=x)",
    "torch.where(1, input=x, other=x)",
    "torch.where(x > 0, input=1, other='a')",
    "torch.where(1, x, other=x)",
    "x.to(device=1.5)",
    "x.to(dtype=1)",
    "x.std(dim='a')",
)

# torch.Tensor's legacy constructor reads the tensors in a list as numbers (one element each, warning once for one
# that requires grad), as micrograd's comparison with torch writes it
case("api_args_more2_legacy_tensor_of_tensors", [ATTEMPT, """
import warnings
t0 = torch.tensor(1.5, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.Tensor([t0, 2.]))
print(len(caught) <= 1)  # torch warns once per process: whether this case is the first to warn depends on the run
print(torch.Tensor([torch.tensor(2), torch.tensor([3.])]))
attempt("two elements", lambda: torch.Tensor([torch.ones(2), torch.ones(2)]))
print(torch.Tensor((torch.tensor(1.0), 2, 3.5)).dtype)
"""])
