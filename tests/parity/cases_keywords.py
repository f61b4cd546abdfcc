"""Parity cases for the keywords torch's argument parser accepts: numpy's ``axis=``/``keepdims=`` on the built-in
functions and methods (and their refusal in torch's Python functions), ``out=``, the factory options ``layout=``,
``device=``, ``pin_memory=`` and ``memory_format=``, and torch's own keyword names for sizes, dims and operands."""

from parity.cases import attempts, case

_X = """
import warnings
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]])
y = torch.tensor([[1., 2., 3.], [4., 4., 4.]])
v = torch.tensor([3., -4., 0.5])
idx = torch.tensor([0, 2])
"""


def _attempts(name, *snippets, **kwargs):
    attempts(name, [_X], *snippets, **kwargs)


_attempts(
    "api_keywords_numpy_axis_reductions",
    "torch.sum(x, axis=1)",
    "x.sum(axis=1, keepdims=True)",
    "x.sum(axis=(0, 1))",
    "torch.sum(input=x, axis=0)",
    "torch.mean(x, axis=0, keepdims=True)",
    "x.mean(axis=0)",
    "x.mean(keepdims=True, dim=0)",
    "torch.std(x, axis=1)",
    "x.var(axis=1, keepdims=True)",
    "torch.var_mean(x, axis=1)",
    "torch.std_mean(x, axis=1)",
    "torch.prod(x, axis=1)",
    "x.prod(axis=1, keepdims=True)",
    "torch.amax(x, axis=1)",
    "x.amin(axis=0, keepdims=True)",
    "torch.argmax(x, axis=1)",
    "x.argmin(axis=1, keepdims=True)",
    "torch.argmax(x, axis=None)",
    "torch.logsumexp(x, axis=1)",
    "x.logsumexp(axis=1, keepdims=True)",
    "torch.nansum(x, axis=1)",
    "x.nansum(axis=1, keepdims=True)",
    "torch.count_nonzero(x, axis=1)",
    "x.count_nonzero(axis=0)",
    "torch.any(x > 0, axis=1)",
    "(x > 0).any(axis=1, keepdims=True)",
    "torch.all(x > 0, axis=0)",
    "(x > 0).all(axis=0, keepdims=True)",
    "torch.quantile(x, 0.5, axis=1)",
)

_attempts(
    "api_keywords_numpy_axis_values_indices",
    "torch.max(x, axis=1)",
    "x.max(axis=1, keepdims=True).values",
    "torch.max(x, axis=1, keepdims=True).indices",
    "torch.min(x, axis=0)",
    "x.min(axis=0).indices",
    "torch.median(x, axis=1)",
    "x.median(axis=1).values",
    "torch.nanmedian(x, axis=1).indices",
    "torch.mode(x, axis=1).values",
    "torch.kthvalue(x, 1, axis=1).indices",
    "torch.aminmax(x, axis=1)",
    "torch.sort(x, axis=1).indices",
    "x.sort(axis=0).values",
    "torch.argsort(x, axis=1)",
    "x.argsort(axis=1)",
    "torch.topk(x, 2, axis=1).values",
    "x.topk(1, axis=0)",
    "torch.cummax(x, axis=1).indices",
)

_attempts(
    "api_keywords_numpy_axis_along",
    "torch.cumsum(x, axis=1)",
    "x.cumsum(axis=0)",
    "torch.cumprod(x, axis=1)",
    "torch.cumsum(x, axis=1, dtype=torch.float64).dtype",
    "torch.logcumsumexp(x, axis=1)",
    "torch.softmax(x, axis=1)",
    "x.softmax(axis=1).argmax(1)",
    "torch.log_softmax(x, axis=1)",
    "x.log_softmax(axis=0).argmax(0)",
    "torch.diff(x, axis=1)",
    "x.diff(axis=0)",
    "torch.narrow(x, axis=1, start=0, length=2)",
    "torch.select(x, axis=1, index=0)",
    "torch.index_select(x, axis=1, index=idx)",
    "x.index_select(axis=1, index=idx)",
    "torch.gather(x, axis=1, index=idx[:, None])",
    "x.gather(axis=1, index=idx[:, None]).flatten()",
    "torch.cross(x, x, axis=1).abs().sum()",
    "x.scatter_add(axis=1, index=torch.tensor([[0, 0, 1]]), src=torch.ones(1, 3))",
    "x.clone().scatter_add_(axis=0, index=torch.tensor([[1, 0, 1]]), src=torch.ones(1, 3))",
    "x.scatter_reduce(axis=1, index=torch.tensor([[0, 0, 1]]), src=torch.ones(1, 3), reduce='amax')",
    "x.index_reduce(axis=0, index=torch.tensor([1]), source=torch.ones(1, 3), reduce='prod')",
    "x.clone().cumsum_(axis=1)",
    fresh_process=True,  # index_reduce warns once per process that it is in beta
)

_attempts(
    "api_keywords_numpy_axis_shapes",
    "torch.cat([x, x], axis=0).shape",
    "torch.concat([x, x], axis=1)",
    "torch.concatenate([x, x], axis=1).shape",
    "torch.stack([x, x], axis=1).shape",
    "torch.squeeze(x[None], axis=0).shape",
    "x[None].squeeze(axis=0).shape",
    "torch.squeeze(x[None], axis=(0,)).shape",
    "torch.unsqueeze(x, axis=0).shape",
    "x.unsqueeze(axis=2).shape",
    "[c.shape for c in torch.chunk(x, 3, axis=1)]",
    "x.chunk(2, axis=0)",
    "torch.unbind(x, axis=1)",
    "x.unbind(axis=1)",
    "[t.shape for t in torch.tensor_split(x, 2, axis=1)]",
    "torch.repeat_interleave(x, 2, axis=0).shape",
    "x.repeat_interleave(2, axis=1)",
)

_attempts(
    "api_keywords_numpy_axis_refusals",
    "torch.split(x, 1, axis=0)",
    "x.split(1, axis=0)",
    "F.softmax(x, axis=1)",
    "F.log_softmax(x, axis=1)",
    "F.normalize(x, axis=0)",
    "torch.norm(x, axis=0)",
    "torch.atleast_2d(x, axis=0)",
    "torch.roll(x, 1, axis=1)",
    "x.sum(dim=0, axis=0)",
    "x.sum(0, axis=0)",
    "torch.sum(x, 0, axis=0)",
    "torch.cat([x, x], 0, axis=0)",
    "torch.chunk(x, 2, dim=0, axis=0)",
    "torch.softmax(x, dim=1, axis=1)",
    "torch.unsqueeze(x, dim=0, axis=0)",
    "x.max(axis=1, dim=1)",
    "x.sum(0, keepdim=True, keepdims=True)",
    "torch.mean(x, 0, keepdim=True, keepdims=True)",
)

case("api_keywords_out_single", [_X, """
def show(r, o):
    print(r is o, o)


o = torch.empty(2, 3)
show(torch.abs(x, out=o), o)
show(torch.exp(x, out=o), o)
show(torch.add(x, y, out=o), o)
show(torch.add(x, y, alpha=2, out=o), o)
show(torch.clamp(x, 0, 1, out=o), o)
show(torch.softmax(x, 1, out=o), o)
show(torch.where(x > 0, x, y, out=o), o)
s = torch.empty(2)
show(torch.sum(x, 1, out=s), s)
m = torch.empty(1, 3)
show(torch.mean(x, 0, keepdim=True, out=m), m)
a = torch.empty(2, dtype=torch.long)
show(torch.argmax(x, 1, out=a), a)
c = torch.empty(4, 3)
r = torch.cat([x, y], out=c)
print(r is c, c.shape, c[2:].equal(y))
mm = torch.empty(2, 2)
show(torch.matmul(x, y.t(), out=mm), mm)
b = torch.empty(2, 3, dtype=torch.bool)
show(torch.eq(x, y, out=b), b)
f = torch.empty(2, 3)
show(torch.eq(x, y, out=f), f)
d = torch.empty(2, 3, dtype=torch.float64)
show(torch.exp(x, out=d), d)
print(torch.exp(x, out=None).shape)
"""])

case("api_keywords_out_special", [_X, """
for o in (torch.empty(3), torch.empty(0), torch.empty(2, 4)):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = torch.exp(x, out=o)
    print(r is o, o.shape, o.stride(), [(w.category.__name__, str(w.message)) for w in caught])
a = x.clone()
r = torch.tanh(a, out=a)
print(r is a, a)
a = x.clone()
print(torch.add(a, 1, out=a) is a, a[0])
attempt(lambda: torch.exp(x, out=torch.empty(2, 3, dtype=torch.int64)))
attempt(lambda: torch.add(x, 1, out=torch.empty(2, 3, dtype=torch.int32)))
attempt(lambda: torch.exp(x.clone().requires_grad_(), out=torch.empty(2, 3)))
attempt(lambda: torch.exp(x, out=torch.empty(2, 3, requires_grad=True)))
attempt(lambda: torch.exp(x, out=3))
attempt(lambda: torch.exp(x, out=(torch.empty(2, 3),)))
attempt(lambda: F.softmax(x, 1, out=torch.empty(2, 3)))
vals, inds = torch.empty(2), torch.empty(2, dtype=torch.long)
r = torch.max(x, 1, out=(vals, inds))
print(type(r).__name__, r[0] is vals, r.values is vals, r.indices is inds)
print(r)
sv, si = torch.empty(2, 3), torch.empty(2, 3, dtype=torch.long)
r = torch.sort(x, 1, out=(sv, si))
print(type(r).__name__, r.values is sv, r.indices is si, sv[0], si[1])
r = torch.min(x, 0, out=[torch.empty(3), torch.empty(3, dtype=torch.long)])
print(type(r).__name__, r.values, r.indices)
"""])

_attempts(
    "api_keywords_factory_options",
    "torch.zeros(2, layout=torch.strided)",
    "torch.ones(2, 3, layout=torch.strided, device='cpu', pin_memory=False).shape",
    "torch.ones(2, device=torch.device('cpu'))",
    "torch.zeros(2, layout=None, device=None, pin_memory=None)",
    "torch.empty(2, layout=torch.strided, pin_memory=False, device='cpu').shape",
    "(torch.manual_seed(0), torch.rand(2, layout=torch.strided, pin_memory=False, device='cpu'))[1]",
    "torch.arange(3, layout=torch.strided, pin_memory=False, device='cpu')",
    "torch.eye(2, layout=torch.strided, pin_memory=False, device='cpu')",
    "torch.full((2,), 3., layout=torch.strided, pin_memory=False, device='cpu')",
    "torch.tensor([1., 2.], pin_memory=False, device='cpu')",
    "torch.zeros_like(x, layout=torch.strided, pin_memory=False, device='cpu').shape",
    "torch.ones_like(x, layout=torch.strided, device='cpu', memory_format=torch.preserve_format).sum()",
    "torch.full_like(x, 7., layout=torch.strided, pin_memory=False, device='cpu')[0]",
    "torch.rand_like(x, layout=torch.strided, pin_memory=False, device='cpu').shape",
    "x.new_zeros(2, layout=torch.strided, pin_memory=False, device='cpu')",
    "torch.zeros(2, 2, requires_grad=True, layout=torch.strided).requires_grad",
    "torch.zeros(2, pin_memory=True)",
    "torch.tensor([1., 2.], pin_memory=True)",
    "torch.zeros_like(x, pin_memory=True)",
    "torch.zeros(2, layout=3)",
    "torch.zeros(2, layout='strided')",
    "torch.tensor([1., 2.], layout=torch.strided)",
    "torch.zeros(2, memory_format=torch.contiguous_format)",
    "torch.zeros_like(x, memory_format=3)",
)

case("api_keywords_memory_format", [_X, """
b = torch.arange(24.).reshape(1, 2, 3, 4)
cl = torch.channels_last
for name, t in [("zeros_like", torch.zeros_like(b, memory_format=cl)),
                ("empty_like", torch.empty_like(b, memory_format=cl)),
                ("ones_like", torch.ones_like(b, memory_format=cl)),
                ("full_like", torch.full_like(b, 2., memory_format=cl)),
                ("rand_like", torch.rand_like(b, memory_format=cl)),
                ("clone", b.clone(memory_format=cl)),
                ("torch.clone", torch.clone(b, memory_format=cl)),
                ("empty", torch.empty(1, 2, 3, 4, memory_format=cl)),
                ("empty 3d", torch.empty(2, 3, 4, 5, 6, memory_format=torch.channels_last_3d)),
                ("like preserve", torch.zeros_like(b.contiguous(memory_format=cl))),
                ("like contiguous", torch.zeros_like(b.contiguous(memory_format=cl),
                                                     memory_format=torch.contiguous_format)),
                ("clone preserve", b.contiguous(memory_format=cl).clone())]:
    print(name, tuple(t.shape), t.stride(), t.is_contiguous(), t.is_contiguous(memory_format=cl))
c = b.clone(memory_format=cl)
print(c.equal(b), c.permute(0, 2, 3, 1).reshape(-1)[:6])
attempt(lambda: torch.empty(2, 3, memory_format=cl))
attempt(lambda: torch.zeros_like(x, memory_format=cl))
attempt(lambda: x.clone(memory_format=cl))
attempt(lambda: torch.empty(2, 3, memory_format=torch.preserve_format))
t = torch.arange(6.).reshape(2, 3).t()
for f in (torch.zeros_like, torch.ones_like, torch.empty_like, torch.rand_like, lambda a: torch.full_like(a, 2.)):
    print(f(t).stride(), f(t[:2]).stride(), f(torch.ones(3).expand(2, 3)).stride(), f(t[::2]).stride())
print(torch.zeros_like(t, memory_format=torch.contiguous_format).stride(), torch.zeros_like(t).t().view(6).shape)
attempt(lambda: torch.zeros_like(t).view(6))
print(torch.rand_like(t, generator=torch.Generator().manual_seed(0)), torch.randn_like(t, generator=torch.Generator()
      .manual_seed(1)))
"""])

_attempts(
    "api_keywords_torch_names",
    "x.view(size=(3, 2))",
    "x.reshape(shape=(3, 2))",
    "x.permute(dims=(1, 0))",
    "x.expand(size=(2, 2, 3)).shape",
    "x.repeat(repeats=(2, 1)).shape",
    "x.tile(dims=(2,))[0]",
    "torch.tile(x, dims=(2,)).shape",
    "x.new_zeros(size=(2,))",
    "x.new_ones(size=(2,))",
    "x.new_empty(size=(0,))",
    "x.new_full(size=(2,), fill_value=3)",
    "x.sum_to_size(size=(1, 3))",
    "x.swapaxes(axis0=0, axis1=1)[0]",
    "torch.swapaxes(x, axis0=0, axis1=1).shape",
    "x.swapdims(dim0=0, dim1=1).shape",
    "x.transpose(dim0=1, dim1=0).shape",
    "x.movedim(source=0, destination=1).shape",
    "x.unflatten(dim=1, sizes=(3, 1)).shape",
    "x.roll(shifts=1, dims=1)[0]",
    "x.flip(dims=(0,))[0]",
)

_attempts(
    "api_keywords_operand_names",
    "x.eq(other=y)",
    "torch.lt(input=x, other=y)[0]",
    "torch.max(x, other=y)[1]",
    "torch.max(input=x, other=y)[0]",
    "torch.dot(v, tensor=v)",
    "torch.dot(input=v, tensor=v)",
    "x.add(other=y, alpha=2)[0]",
    "torch.where(condition=x > 0, input=x, other=y)[1]",
    "torch.mm(x, mat2=y.t())",
    "x.clone().requires_grad_(requires_grad=True).requires_grad",
    "x.clone().copy_(other=y)[1]",
    "torch.tensor_split(x, sections=2)",
    "[t.shape for t in torch.tensor_split(x, indices=[1])]",
    "[t.shape for t in torch.tensor_split(x, tensor_indices_or_sections=torch.tensor(2))]",
    "[t.shape for t in torch.hsplit(x, sections=3)]",
    "[t.shape for t in torch.hsplit(x, indices=[1])]",
    "[t.shape for t in torch.vsplit(x, sections=2)]",
    "torch.isin(elements=x, test_elements=y)[0]",
    "torch.isin(elements=x, test_element=3.)[0]",
    "torch.promote_types(type1=torch.int32, type2=torch.float32)",
    "torch.zeros_like(input=x)[0]",
    "F.mse_loss(x, y, weight=torch.tensor([[1., 2., 3.], [1., 1., 1.]]))",
    "F.mse_loss(x, y, weight=torch.tensor([[1., 2., 3.], [1., 1., 1.]]), reduction='sum')",
    "F.mse_loss(x, y, weight=torch.tensor([1., 2., 3.]))",
)

case("api_keywords_factory_out", """
import warnings
warnings.simplefilter("always")
o = torch.empty(2, dtype=torch.long)
r = torch.zeros(3, out=o)
print(r is o, o)
print(torch.ones(2, 2, out=torch.empty(0)), torch.empty(2, out=torch.empty(2, dtype=torch.int32)).dtype)
torch.manual_seed(0)
print(torch.rand(3, out=torch.empty(3)), torch.randn(2, out=torch.empty(2, dtype=torch.float64)))
attempt(lambda: torch.rand(2, out=torch.empty(2, dtype=torch.long)))
attempt(lambda: torch.zeros(2, out=torch.empty(2, requires_grad=True)))
attempt(lambda: torch.zeros(2, dtype=torch.float64, out=torch.empty(2)))
attempt(lambda: torch.zeros(2, out=3))
print(torch.zeros(2, requires_grad=True, out=torch.empty(2)), torch.zeros(size=(2,), out=torch.empty(2)))
""")
