"""Parity cases for strided views and storage: as_strided and its family, the *_copy functions, Tensor.storage(),
set_ and the predicates libraries read (is_sparse, is_meta ...)."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

case("api_views_storage_as_strided", """
x = torch.arange(6.).reshape(2, 3).requires_grad_()
y = x.as_strided((2, 2), (1, 2))
print(y, y.stride(), y.storage_offset(), y._base is x._base, y.grad_fn.name(), nf(y))
print(y.grad_fn._saved_size, y.grad_fn._saved_stride, y.grad_fn._saved_storage_offset)
print(x[1].as_strided((2,), (1,)), torch.as_strided(x[1], (2,), (1,), 4))
z = x.as_strided((3, 3), (1, 1), 1)  # overlapping: each storage element read up to three times
(z * torch.arange(9.).reshape(3, 3)).sum().backward()
print(z, x.grad)
x.grad = None
(x[1].as_strided((2,), (2,), 0) * 5).sum().backward()  # outside x[1]: no gradient reaches it
print(x.grad)
d = torch.arange(6.)
d.as_strided_((3, 2), (1, 3))
print(d, d.stride())
""")
attempts("api_views_storage_as_strided_errors", ["x = torch.arange(6.).reshape(2, 3)"],
         "x.as_strided((3, 3), (3, 1))", "x.as_strided((2, 2), (1, 2), 5)", "x.as_strided((2,), (-1,))",
         "x.as_strided((-2,), (1,))", "x.as_strided((2,), (1,), -1)", "x.as_strided((2, 2), (1,))",
         "x.clone().requires_grad_().as_strided_((2,), (1,))")
case("api_views_storage_as_strided_scatter", """
base = torch.zeros(2, 3, requires_grad=True)
src = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
r = torch.as_strided_scatter(base, src, (2, 2), (1, 2), 1)
print(r, r.grad_fn.name(), nf(r), r.grad_fn._saved_storage_offset)
(r * torch.arange(1., 7.).reshape(2, 3)).sum().backward()
print(base.grad, src.grad)
print(base.detach().as_strided_scatter(src.detach(), (2, 2), (1, 2)))
try:
    torch.as_strided_scatter(torch.zeros(2, 3), torch.ones(3), (2, 2), (1, 2))
except RuntimeError as e:
    print(e)
""")
case("api_views_storage_storage", """
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    x = torch.arange(6.).reshape(2, 3)
    s = x.storage()
    print(type(s).__name__, s)
    print(len(s), s.size(), s.dtype, s.element_size(), s.tolist(), s[2], s[-1], s.data_ptr() == x.data_ptr())
    print(x[1].storage().data_ptr() == x.storage().data_ptr(), x[1].storage_offset(), len(x[1].storage()))
    print(torch.arange(3).storage(), torch.tensor([True, False]).storage(), x.storage_type().__name__)
    print(torch.is_storage(s), torch.is_storage(x), torch.is_storage(x.untyped_storage()))
    s[0] = 7
    print(x)
    for f in (lambda: s[10], lambda: s[1:3]):
        try:
            f()
        except (IndexError, RuntimeError) as e:
            print(type(e).__name__, e)
print([str(w.message)[:40] for w in caught])
""", fresh_process=True)
case("api_views_storage_predicates", """
x = torch.ones(2, 3)
print([getattr(x, n) for n in ["is_sparse", "is_sparse_csr", "is_meta", "is_quantized", "is_nested", "is_mkldnn",
                                "is_xla", "is_mps", "is_xpu", "is_ipu", "is_maia", "is_mtia", "is_vulkan"]])
print(x.is_shared(), x.is_pinned(), x.dim_order(), x.t().dim_order(), x.const_data_ptr() == x.data_ptr())
print(x.to_dense() is x, x.grad_dtype, x.share_memory_() is x, x.is_shared(), x[0].is_shared())
e = torch.empty_permuted((2, 3, 4), (0, 2, 1))
n = x.new_empty_strided((2, 3), (1, 2))
print(e.shape, e.stride(), n.shape, n.stride(), n.dtype)
""")
case("api_views_storage_set", """
a = torch.zeros(4)
b = torch.empty(0)
print(b.set_(a) is b, b, b.is_set_to(a), a.is_set_to(b), b._version, a.is_set_to(a[1:]))
d = torch.empty(0)
d.set_(a.untyped_storage())
e = torch.ones(3)
e.set_()
print(d, e)
for f in (lambda: torch.ones(3, requires_grad=True).set_(torch.zeros(2)),
          lambda: torch.empty(0, dtype=torch.int64).set_(a)):
    try:
        f()
    except RuntimeError as err:
        print(err)
print((torch.ones(3, requires_grad=True) * 2).set_(torch.zeros(2)))
""")
case("api_views_storage_fill_diagonal", """
print(torch.zeros(3, 3).fill_diagonal_(5.), torch.zeros(7, 2).fill_diagonal_(1, wrap=True))
print(torch.zeros(2, 4).fill_diagonal_(2), torch.zeros(2, 2, 2).fill_diagonal_(2))
for f in (lambda: torch.zeros(3).fill_diagonal_(1), lambda: torch.zeros(2, 2, 3).fill_diagonal_(1)):
    try:
        f()
    except RuntimeError as e:
        print(e)
x = torch.arange(6., requires_grad=True)
z = x.reshape(2, 3) * 1
z.fill_diagonal_(7.)
(z * torch.arange(6.).reshape(2, 3)).sum().backward()
print(z, x.grad)
""")
case("api_views_storage_resize_legacy", """
import warnings
x = torch.arange(6.).reshape(2, 3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(x.resize(3, 2), x.resize_as(torch.zeros(6)))
    try:
        torch.ones(3, requires_grad=True).resize(2)
    except RuntimeError as e:
        print(e)
print([str(w.message) for w in caught])
""")
case("api_views_storage_copies", """
x = torch.arange(6.).reshape(2, 3).requires_grad_()
outs = [torch.view_copy(x, (3, 2)), torch.t_copy(x), torch.transpose_copy(x, 0, 1), torch.permute_copy(x, (1, 0)),
        torch.expand_copy(x[0], (2, 3)), torch.squeeze_copy(x[None]), torch.squeeze_copy(x[None], 0),
        torch.unsqueeze_copy(x, 1), torch.diagonal_copy(x, offset=1), torch.select_copy(x, 1, 2),
        torch.slice_copy(x, 1, 0, 2), torch.slice_copy(x), torch.alias_copy(x), torch.unfold_copy(x, 1, 2, 1),
        torch.as_strided_copy(x, (2,), (2,)), torch.detach_copy(x)]
outs += [*torch.unbind_copy(x, 1), *torch.split_copy(x, 2, 1), *torch.split_with_sizes_copy(x, [1, 2], 1)]
for o in outs:
    print(o.grad_fn.name(), o._base is None, o.stride(), o.tolist())
total = sum((o * (i + 1)).sum() for i, o in enumerate(outs) if o.grad_fn.name() != "torch::autograd::NotImplemented")
total.backward()
print(x.grad)
out = torch.empty(3, 2)
print(torch.t_copy(x.detach(), out=out) is out, out)
""")
