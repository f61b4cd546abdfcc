"""Parity cases for everyday: constants, layouts and memory formats, the torch-level in-place functions,
comparison aliases, small factories and windows, predicates and global settings (``minigrad/everyday.py`` and
``minigrad/layouts.py``), and in-place writes over shared memory and student-code edges."""

from parity.cases import LEAVES, attempts, case
from parity.cases import errors as _errors

case("api_everyday_constants_layouts", """
import pickle
print(torch.pi, torch.e, torch.inf, torch.nan, torch.newaxis, type(torch.pi).__name__)
print(torch.strided, torch.contiguous_format, torch.preserve_format, torch.channels_last, torch.channels_last_3d)
print(repr(torch.strided), str(torch.channels_last), [torch.strided], {torch.contiguous_format: 1})
print(isinstance(torch.strided, torch.layout), isinstance(torch.channels_last, torch.memory_format))
print(torch.layout.__name__, torch.memory_format.__name__)
print(pickle.loads(pickle.dumps(torch.channels_last)) is torch.channels_last)
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
print(x.layout, x.layout is torch.strided, x.layout == torch.strided)
print(x.contiguous(memory_format=torch.contiguous_format) is x, x.contiguous(memory_format=torch.preserve_format) is x)
print(x.is_contiguous(), x.is_contiguous(memory_format=torch.contiguous_format), x.t().is_contiguous())
print(x.is_contiguous(memory_format=torch.preserve_format), x.is_contiguous(memory_format=torch.channels_last))
y = x.t().contiguous(memory_format=torch.contiguous_format)
print(y, y.is_contiguous(), y.stride())
b = torch.ones(2, 3, 4, 5)
print(b.is_contiguous(memory_format=torch.channels_last), torch.ones(2, 1, 4, 5).is_contiguous(
    memory_format=torch.channels_last), torch.ones(2, 3, 1, 1).is_contiguous(memory_format=torch.channels_last))
c = b.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
print(c.is_contiguous(), c.is_contiguous(memory_format=torch.channels_last), c.stride())
print(c.contiguous(memory_format=torch.channels_last) is c, torch.ones(1, 2, 3, 4, 5).is_contiguous(
    memory_format=torch.channels_last_3d))
a = x.clone().requires_grad_()
z = a.t().contiguous(memory_format=torch.contiguous_format)
print(z.grad_fn.name(), nf(z))
""")
case("api_everyday_channels_last", """
x = torch.arange(24.).reshape(1, 2, 3, 4).requires_grad_()
y = x.contiguous(memory_format=torch.channels_last)
print(y, y.grad_fn.name(), nf(y), y.stride(), y.is_contiguous(), y.is_contiguous(memory_format=torch.channels_last))
print((y * 2).stride(), y.clone().stride(), y.permute(0, 2, 3, 1).is_contiguous())
print(torch.ones(2, 3, 1, 1).contiguous(memory_format=torch.channels_last).stride())
print(torch.ones(2, 3, 1, 5).contiguous(memory_format=torch.channels_last).stride())
print(torch.ones(2, 3, 4, 5, 6).contiguous(memory_format=torch.channels_last_3d).stride())
(y * torch.arange(24.).reshape(1, 2, 3, 4)).sum().backward()
print(x.grad.stride(), x.grad)
w = x.detach().contiguous(memory_format=torch.channels_last)
print(w.contiguous().stride(), w.reshape(-1), w.contiguous(memory_format=torch.channels_last) is w)
print(w.sum(1), w.sum((2, 3)), w.permute(0, 2, 3, 1).reshape(-1))
try:
    w.view(-1)
except RuntimeError as e:
    print(e)
""")
_errors(
    "api_everyday_constants_layouts_errors",
    "torch.layout()",
    "torch.memory_format()",
    "x.contiguous(memory_format=1)",
    "x.contiguous(torch.contiguous_format)",
    "x.is_contiguous(memory_format='channels_last')",
    "x.contiguous(memory_format=torch.channels_last)",
    "x.contiguous(memory_format=torch.channels_last_3d)",
)

case("api_everyday_inplace_functions", """
x = torch.tensor([[0.5, -0.25, 0.9], [0.1, -0.75, 0.]])
for name in ["abs_", "acos_", "arccos_", "asin_", "arcsin_", "atan_", "arctan_", "asinh_", "arcsinh_", "atanh_",
             "arctanh_", "ceil_", "floor_", "round_", "trunc_", "fix_", "frac_", "neg_", "negative_", "cos_",
             "cosh_", "sin_", "sinh_", "tan_", "tanh_", "sigmoid_", "exp_", "exp2_", "expm1_", "erf_", "erfc_",
             "deg2rad_", "rad2deg_", "square_", "i0_", "sinc_", "zero_"]:
    y = x.clone()
    out = getattr(torch, name)(y)
    print(name, out is y, y)
p = torch.tensor([0.5, 2., 4.])
for name in ["sqrt_", "rsqrt_", "log_", "log2_", "log10_", "log1p_", "reciprocal_", "logit_", "acosh_",
             "arccosh_"]:
    y = p.clone() if "cosh" not in name else p + 1
    print(name, getattr(torch, name)(y))
print(torch.clamp_(x.clone(), -0.5, 0.5), torch.clip_(x.clone(), min=0.), torch.clamp_(x.clone(), max=0.2))
print(torch.clamp_min_(x.clone(), 0.2), torch.clamp_max_(x.clone(), torch.tensor(0.3)))
print(torch.fill_(x.clone(), 2), torch.fill_(x.clone(), torch.tensor(-1.)), torch.zero_(x.clone()))
print(torch.xlogy_(p.clone(), 3.), torch.xlogy_(p.clone(), p), torch.ldexp_(p.clone(), torch.tensor([1, 2, 3])))
print(torch.nan_to_num_(torch.tensor([float('nan'), float('inf'), -float('inf'), 1.]), 0., 9., -9.))
print(torch.logit_(torch.tensor([0., 0.25, 1.]), 1e-3), torch.round_(torch.tensor([1.26, -3.14]), decimals=1))
print(torch.exp_(input=x.clone()))
print(torch.celu_(torch.tensor([-1., 2.]), 2.), torch.selu_(torch.tensor([-1., 1.])))
print(torch.dropout_(torch.ones(3), 0.5, False), torch.alpha_dropout_(torch.ones(3), 0.5, False))
print(torch.addmv_(torch.ones(2), torch.ones(2, 3), torch.ones(3)), p.clone().arctan2_(torch.tensor([2., -1., 1.])))
print(torch.fill(x, 2.), torch.fill(x.int(), torch.tensor(7)))
d = torch.detach(x)
print(d, d.requires_grad)
w = torch.tensor([0.5, -1., 2.], requires_grad=True)
y = w * 1
torch.exp_(y)
print(y.grad_fn.name(), nf(y))
torch.clamp_(y, max=3.)
torch.arctan_(y)
print(y.grad_fn.name(), nf(y))
(y * torch.tensor([1., 2., 3.])).sum().backward()
print(w.grad)
w.grad = None
z = w * 1
torch.sigmoid_(z[1:])
print(z.grad_fn.name(), nf(z))
z.sum().backward()
print(w.grad)
h = torch.tensor(3., requires_grad=True)
f = torch.fill(w, h)
print(f, f.grad_fn.name(), nf(f))
f.backward(torch.tensor([1., 2., 3.]))
print(h.grad, w.grad)
g = torch.fill(w, 2.)
print(g, g.grad_fn.name(), nf(g))
k = w * 1
torch.detach_(k)
print(k.grad_fn, k.requires_grad, torch.detach(w).requires_grad)
""")
case("api_everyday_inplace_no_derivative", """
for name in ["asinh_", "arcsinh_", "acosh_", "arccosh_", "atanh_", "arctanh_"]:
    w = torch.tensor([0.5, 0.25], requires_grad=True)
    y = w * 1 + (1 if "cosh" in name else 0)
    getattr(torch, name)(y)
    z = w * 1 + (1 if "cosh" in name else 0)
    getattr(z, name)()
    print(name, y, y.grad_fn.name(), nf(y), z.grad_fn.name())
    try:
        y.sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
""")
case("api_everyday_inplace_second_order", """
w = torch.tensor([0.5, -1., 2.], dtype=torch.float64, requires_grad=True)
y = w * 1
torch.tanh_(y)
torch.xlogy_(y, 2.)
g, = torch.autograd.grad(y.sum(), w, create_graph=True)
print(g, g.grad_fn.name())
g.sum().backward()
print(w.grad)
""")
_errors(
    "api_everyday_inplace_functions_errors",
    "torch.exp_([1.])",
    "torch.exp_(1.)",
    "torch.exp_()",
    "torch.exp_(x.detach(), 3)",
    "torch.exp_([1.], 3)",
    "torch.exp_(x)",
    "torch.clamp_([1.], 0)",
    "torch.clip_([1.])",
    "torch.clamp_min_([1.], 0)",
    "torch.fill_([1.], 2)",
    "torch.xlogy_([1.], 2)",
    "torch.addmv_([1.])",
    "torch.zero_([1.])",
    "torch.relu_([1.])",
    "torch.detach_([1.])",
    "torch.detach([1.])",
    "torch.selu_([1.])",
    "torch.fill([1.], 2)",
    "torch.fill(x, 'a')",
    "torch.fill(x, torch.ones(2))",
    "torch.sqrt_(torch.tensor([1, 2]))",
    "torch.fill_(x.detach().expand(2, 2, 3), 1.)",
)

case("api_everyday_comparison_aliases", """
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]])
o = torch.tensor([1., 0., 3.])
for name in ["greater", "greater_equal", "less", "less_equal", "not_equal"]:
    print(name, getattr(torch, name)(x, o), getattr(x, name)(0.5))
    y = x.clone()
    print(getattr(y, name + "_")(o), getattr(y, name + "_")(0.5), y.dtype)
for name in ["eq_", "ne_", "lt_", "le_", "gt_", "ge_"]:
    print(name, getattr(x.clone(), name)(o), getattr(torch.tensor([1, 2, 3]), name)(2.5))
print(torch.tensor([1, 2, 3]).greater_(torch.tensor([0, 2, 4])), torch.tensor([True, False]).ne_(1))
print(torch.tensor([1., 2.], dtype=torch.float64).lt_(torch.tensor([2, 1])))
w = torch.tensor([1., 2., 3.], requires_grad=True)
u = torch.tensor([2., 2., 2.], requires_grad=True)
y = w * 1
y.gt_(u)
print(y, y.grad_fn.name(), nf(y))
y.ge_(0.5)
print(y, y.grad_fn.name(), nf(y))
(y * w).sum().backward()
print(w.grad, u.grad)
z = torch.tensor([1., 2., 3.])
z.less_(u)
print(z, z.grad_fn.name(), nf(z), z.requires_grad)
""")
_errors(
    "api_everyday_comparison_aliases_errors",
    "torch.greater([1], 2)",
    "torch.less_equal(x, 'a')",
    "x.greater('a')",
    "x.not_equal([1])",
    "x.clone().greater_('a')",
    "x.clone().eq_(None)",
    "x.clone().eq_(torch.ones(2))",
    "torch.ones(3).lt_(torch.ones(2, 3))",
    "x.gt_(1)",
)

case("api_everyday_creation", """
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
e = torch.empty_like(x)
print(e.shape, e.dtype, torch.empty_like(x, dtype=torch.int64).dtype)
print(torch.empty_like(x, requires_grad=True).requires_grad)
s = torch.empty_strided((2, 3), (1, 2))
print(s.shape, s.stride(), s.is_contiguous(), s.dtype)
s = torch.empty_strided((2, 3), (3, 1), dtype=torch.float64, requires_grad=True)
print(s.shape, s.stride(), s.dtype, s.requires_grad, torch.empty_strided((0, 3), (3, 1)).shape)
print(torch.logspace(0, 2, 5), torch.logspace(0, 2, 5, base=2), torch.logspace(0, 2, 5, dtype=torch.int64))
print(torch.logspace(-3.5, 7.25, 11, dtype=torch.float64).tolist())
print(torch.logspace(-3.5, 7.25, 11).tolist())
print(torch.logspace(1, 1, 1), torch.logspace(0, 1, 0), torch.logspace(0, 3, 4, base=3, requires_grad=True))
print(torch.logspace(0.5, 3, 7, base=3, dtype=torch.int32), torch.logspace(torch.tensor(1.), 2, 3))
print(torch.scalar_tensor(3), torch.scalar_tensor(True), torch.scalar_tensor(3, dtype=torch.int64))
print(torch.scalar_tensor(2.5, requires_grad=True), torch.scalar_tensor(1.5, dtype=torch.float64))
print(torch.range(0, 3), torch.range(0, 1, 0.25), torch.range(0, 3, dtype=torch.int64), torch.range(1, 0, -0.3))
print(torch.range(0.1, 0.7, 0.1).tolist())
""")
case("api_everyday_windows", """
for name in ["hann_window", "hamming_window", "bartlett_window", "blackman_window", "kaiser_window"]:
    f = getattr(torch, name)
    print(name, f(0), f(1), f(1, dtype=torch.float64), f(2, False), f(5, requires_grad=True).requires_grad)
    for periodic in (True, False):
        for n in (3, 4, 7, 16, 33):
            print(f(n, periodic, dtype=torch.float64).tolist())
    for periodic in (True, False):
        for n in (2, 3, 4, 7):
            print(f(n, periodic).tolist())
print(torch.bartlett_window(33).tolist(), torch.bartlett_window(16, False).tolist())
print(torch.kaiser_window(33).tolist(), torch.kaiser_window(100, False).tolist())
print(torch.kaiser_window(6, False, beta=3.), torch.kaiser_window(10, True, 5., dtype=torch.float64))
print(torch.hamming_window(5, True, 0.5, 0.3), torch.hamming_window(6, False, alpha=0.6, beta=0.4))
print(torch.round(torch.hann_window(100), decimals=5))
print(torch.round(torch.blackman_window(33, False), decimals=5))
""")
_errors(
    "api_everyday_creation_errors",
    "torch.empty_like([1])",
    "torch.empty_strided((2, 3), (1,))",
    "torch.logspace(0, 2)",
    "torch.logspace(0, 1, -1)",
    "torch.logspace(0, 1, 2.5)",
    "torch.scalar_tensor(x)",
    "torch.scalar_tensor('a')",
    "torch.range(3)",
    "torch.range(0, -1)",
    "torch.range(0, 1, 0)",
    "torch.range(0, 'a')",
    "torch.hann_window(-1)",
    "torch.hann_window(5, dtype=torch.int64)",
    "torch.kaiser_window(5, dtype=torch.bool)",
    "torch.blackman_window(-2)",
)
case("api_everyday_range_warning", "print(torch.range(0, 2))")

case("api_everyday_predicates", """
x = torch.tensor([1., 2., 3.])
print(torch.is_nonzero(torch.tensor([0.])), torch.is_nonzero(torch.tensor(2)), torch.tensor(0.5).is_nonzero())
print(torch.is_nonzero(torch.tensor(float('nan'))), torch.is_nonzero(torch.tensor([[False]])))
print(torch.is_same_size(x, torch.ones(3)), torch.is_same_size(x, torch.ones(1, 3)), x.is_same_size(torch.ones(3)))
print(torch.is_signed(x), torch.is_signed(torch.tensor([1], dtype=torch.uint8)), torch.is_signed(torch.tensor([True])))
print(torch.is_signed(torch.tensor([1], dtype=torch.int8)), x.is_signed(), torch.is_complex(x), x.is_complex())
print(torch.is_conj(x), x.is_conj(), torch.is_neg(x), x.is_neg())
print(torch.resolve_conj(x) is x, torch.resolve_neg(x) is x, x.resolve_conj() is x, x.resolve_neg() is x)
print(x.nbytes, x.itemsize, x[::2].nbytes, x.double().nbytes, torch.ones(2, 3, dtype=torch.int16).itemsize)
print(x.is_cpu, x.get_device(), torch.get_device(x))
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
h = a.H
print(h, h.grad_fn.name(), nf(h), h._base is a, h.grad_fn._saved_dim0, h.grad_fn._saved_dim1)
j = torch.adjoint(a)
print(j, j.grad_fn.name(), j.grad_fn._saved_dim0, j.grad_fn._saved_dim1)
(j * torch.tensor([[1., 2.], [3., 4.], [5., 6.]])).sum().backward()
print(a.grad)
b = torch.arange(12.).reshape(2, 2, 3).requires_grad_()
k = b.adjoint()
print(k.shape, k.grad_fn.name(), k.is_contiguous())
m = torch.tensor(2., requires_grad=True) * 1
print(m.adjoint() is m)
print(torch.argwhere(torch.tensor([[0, 1], [2, 0]])), torch.tensor([0., 1.5, 0., -2.]).argwhere())
print(torch.tensor(1.).argwhere(), torch.tensor(0.).argwhere(), torch.argwhere(torch.zeros(2, 0)))
""", fresh_process=True)
_errors(
    "api_everyday_predicates_errors",
    "torch.is_nonzero(torch.tensor([]))",
    "torch.is_nonzero(torch.ones(2))",
    "torch.is_nonzero([1])",
    "torch.is_same_size(x, [1])",
    "torch.is_same_size([1], x)",
    "torch.is_signed(1)",
    "torch.is_complex([1])",
    "torch.resolve_neg(2.)",
    "torch.get_device([1])",
    "torch.ones(3).H",
    "torch.ones(2, 2, 3).H",
    "torch.ones(3).adjoint()",
    "torch.adjoint([1])",
    "torch.argwhere([1])",
    "torch.tensor(1.).adjoint()",
    fresh_process=True,
)

case("api_everyday_settings", """
threads = torch.get_num_threads()
print(type(threads).__name__, threads >= 1, type(torch.get_num_interop_threads()).__name__)
torch.set_num_threads(1)
print(torch.get_num_threads())
torch.set_num_threads(threads)
print(torch.get_num_threads() == threads, torch.init_num_threads())
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled(),
      torch.get_deterministic_debug_mode())
print(torch.use_deterministic_algorithms(True))
print(torch.are_deterministic_algorithms_enabled(), torch.get_deterministic_debug_mode())
torch.use_deterministic_algorithms(True, warn_only=True)
print(torch.is_deterministic_algorithms_warn_only_enabled(), torch.get_deterministic_debug_mode())
for mode in ["default", "warn", "error", 0, 1, 2]:
    torch.set_deterministic_debug_mode(mode)
    print(mode, torch.get_deterministic_debug_mode(), torch.are_deterministic_algorithms_enabled(),
          torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(False)
print(torch.get_deterministic_debug_mode())
print(torch.get_float32_matmul_precision())
for precision in ["high", "medium", "highest"]:
    torch.set_float32_matmul_precision(precision)
    print(torch.get_float32_matmul_precision())
print(torch.is_warn_always_enabled(), torch.set_warn_always(True), torch.is_warn_always_enabled())
torch.set_warn_always(False)
print(torch.is_warn_always_enabled(), torch.get_default_device())
print(torch.set_default_device("cpu"), torch.get_default_device(), torch.set_default_device(None))
print(torch.set_default_device(torch.device("cpu")), torch.get_default_device(), torch.ones(2).device)
print(torch.set_flush_denormal(True), torch.set_flush_denormal(False))
""")
case("api_everyday_settings_precision_warning", """
torch.set_float32_matmul_precision("low")
print(torch.get_float32_matmul_precision())
""")
_errors(
    "api_everyday_settings_errors",
    "torch.set_num_threads(0)",
    "torch.set_num_threads('a')",
    "torch.set_deterministic_debug_mode('x')",
    "torch.set_deterministic_debug_mode(5)",
    "torch.set_deterministic_debug_mode(1.0)",
    "torch.use_deterministic_algorithms(1)",
    "torch.set_warn_always(1)",
    "torch.set_float32_matmul_precision(1)",
    "torch.set_default_device('foo')",
)

case("api_everyday_legacy_new_resize_apply", """
x = torch.tensor([1., 2., 3.])
i = torch.tensor([1, 2])
print(x.new(), x.new(2, 3).shape, x.new(2, 3).dtype, i.new(2).dtype, i.new([1.5, 2]), x.new([1, 2]), x.new(()))
print(x.new((2, 3)), x.new(torch.Size([2, 3])).shape, torch.tensor([True]).new([1, 0]), x.new(2, device="cpu").shape)
y = x.new(x)
print(y, y is x, y.data_ptr() == x.data_ptr(), x.new(torch.tensor(5.)))
a = torch.arange(6.).reshape(2, 3)
b = a.clone()
v = b.view(6)
print(b.resize_(2, 2), b._version, v, b.is_contiguous())
b.resize_(2, 2)
print(b._version)
print(a.clone().t().resize_(6), a.clone()[1].resize_(3), a.clone()[:, 1].resize_(2), a.clone()[:, 1:].resize_(2, 2))
print(a.clone()[:, 1:].resize_(3), a.clone()[1:].resize_(1, 2), a.clone().resize_([3, 2]), a.clone().resize_(1))
print(a.clone().resize_((3, 2), memory_format=torch.contiguous_format))
g = a.clone().resize_(4, 4)
print(g.shape, g.stride(), g.reshape(-1)[:6])
print(a.clone().resize_as_(torch.ones(2, 2, requires_grad=True)), torch.resize_as_(a.clone(), torch.ones(3)))
c = torch.arange(4.)
print(c.apply_(lambda t: t * t), c._version, torch.ones(3, dtype=torch.int64).apply_(lambda t: t * 2.7))
print(torch.tensor([True, False]).apply_(lambda t: not t), torch.ones(3).apply_(lambda t: True))
print(torch.ones(3).apply_(lambda t: torch.tensor(2.)), torch.ones(2).apply_(lambda t: len(type(t).__name__)))
m = torch.ones(2, 3)
print(m.map_(torch.arange(3.), lambda p, q: p + q), m._version, m.map_(m, lambda p, q: p * q))
""")
_errors(
    "api_everyday_legacy_new_resize_apply_errors",
    "x.new(v.detach().long())",
    "v.detach().long().new(x.detach())",
    "x.new(2.5)",
    "x.new('a')",
    "x.new(None)",
    "x.new(2, 3, dtype=torch.int64)",
    "x.new(2, requires_grad=True)",
    "x.new(dtype=torch.int64)",
    "x.new(2, 3, 'a')",
    "x.new([[1, 2], [3]])",
    "x.new(-1)",
    "x.resize_(3, 2)",
    "(x * 1).resize_(3, 2)",
    "(x * 1).resize_(2, 3)",
    "x.detach().resize_(2, -2)",
    "x.detach().resize_(2.5)",
    "x.detach().resize_('a')",
    "x.detach().resize_()",
    "x.detach().resize_as_([1])",
    "x.resize_as_(x)",
    "torch.resize_as_([1], x)",
    "x.apply_(lambda t: t)",
    "torch.ones(3).apply_(1)",
    "torch.ones(3, dtype=torch.int64).apply_(lambda t: 'a')",
    "torch.ones(3).apply_(lambda t: None)",
    "x.map_(x.detach(), lambda p, q: p)",
    "x.detach().map_(x, lambda p, q: p)",
    "torch.ones(3).map_(torch.ones(2), lambda p, q: p + q)",
    "torch.ones(3).map_([1, 2, 3], lambda p, q: p + q)",
)

case("api_everyday_inplace_overlap", """
snippets = [
    "m.add_(m.T)", "m += m.t()", "m.add_(m)", "m[:1].copy_(m[1:])", "m[0] = m[1]", "t[:-1] = t[1:]",
    "t[1:] = t[:-1] * 2", "m.mul_(m[0])", "m.add_(m[0:1])", "m.add_(m[0, 0])", "torch.add(m, 1, out=m.T)",
    "torch.mul(m, 2, out=m)", "m.T.copy_(m)", "t[1:].add_(t[:-1])", "t[::2].copy_(t[1::2])", "m[:, 0] = m[:, 1]",
    "m[0] = m[0]", "m.fill_(m[0, 0])", "m.masked_fill_(m > 1, m[0, 0])", "m[torch.tensor([0, 1])] = m[0]",
    "m.index_put_((torch.tensor([0]),), m[1])", "m[m > 1] = m[0, :1]", "m.addcmul_(m.T, m)", "m.addcmul_(m, m)",
    "m.lerp_(m.T, 0.5)", "m.scatter_(0, torch.tensor([[0, 1]]), m)", "m.scatter_(0, torch.tensor([[0, 1]]), m.T)",
    "m.index_copy_(0, torch.tensor([1, 0]), m)", "m.index_add_(0, torch.tensor([1, 0]), m.T)",
    "m.masked_scatter_(m > 1, m.T)", "torch.where(m > 1, m, m.T, out=m)", "m.sub_(m.view(4).view(2, 2))",
    "m[1].add_(m[0])", "m.pow_(m.T)", "m.hypot_(m[0])", "m[:, :1].copy_(m[:, 1:])",
    "torch.zeros(3).expand(2, 3).add_(1)",
]
for s in snippets:
    m, t = torch.arange(4.).reshape(2, 2), torch.arange(5.)
    try:
        exec(s)
        print(s, "->", m.tolist(), t.tolist())
    except RuntimeError as e:
        print(s, "!!", e)
w = torch.arange(4.).reshape(2, 2).requires_grad_()
y = w * 1
try:
    y += y.T
except RuntimeError as e:
    print("recording:", e)
y = w * 1
y += y
y.sum().backward()
print(w.grad, y.grad_fn.name())
""")

_errors(
    "api_everyday_sequence_index_and_edge_values",
    "torch.arange(12.).reshape(3, 4)[[[0, 1], [1, 2]]]",
    "torch.arange(12.).reshape(3, 4)[[[0, 1]]]",
    "torch.arange(12.).reshape(3, 4)[[0, [1, 2]]]",
    "torch.arange(12.).reshape(3, 4)[[slice(0, 2), 1]]",
    "torch.arange(12.).reshape(3, 4)[[None, 0]].shape",
    "torch.arange(12.).reshape(3, 4)[[0, 2]]",
    "torch.arange(12.).reshape(3, 4)[[[0, 1], [1, 2], [0, 0]]]",
    "torch.sign(torch.tensor([float('nan'), -0., 0., -2., float('inf')]))",
    "torch.tensor([-0., 5., -5., 3.5]) % 2.",
    "torch.tensor([-3., 3., -3., 3.]) % torch.tensor([2., 2., -2., -2.])",
    "torch.tensor([7, -7]) % torch.tensor([2, -2])",
    "torch.remainder(-3, torch.tensor([2., -2.]))",
    "torch.arange(0, 1, 0.3, dtype=torch.int64)",
    "torch.arange(0, 1, 0.3, dtype=torch.int32)",
    "torch.arange(0, 2.5, dtype=torch.int64)",
    "torch.arange(0, 2.5, dtype=torch.int32)",
    "torch.arange(5.5, 0, -1.5, dtype=torch.int16)",
    "torch.tensor([200., 100.]).sum(dtype=torch.uint8)",
    "torch.tensor([200, 100]).sum(0, dtype=torch.int8)",
    "torch.tensor([True, True]).sum(dtype=torch.bool)",
    "torch.tensor([200, 100]).prod(dtype=torch.uint8)",
    "torch.tensor([200, 100]).nansum(dtype=torch.int32)",
    "torch.tensor(3) << torch.tensor(70)",
    "torch.tensor(3) >> 1",
    "torch.addcmul(torch.tensor(1.), torch.tensor(2.), torch.tensor(3.))",
    "torch.tensor(1.).addcmul_(torch.tensor(2.), torch.tensor(3.))",
    "torch.clone(torch.tensor(2.), memory_format=torch.contiguous_format)",
)

case("api_everyday_sequence_index_writes", """
x = torch.zeros(3, 4)
x[[0, [1, 2]]] = 5.
x[[[0, 1], [2, 3]]] = torch.tensor([1., 2.])
x[[slice(1, 3), 0]] = -1.
print(x)
w = torch.arange(6.).reshape(2, 3).requires_grad_()
y = w[[[0, 1], [2, 0]]] * torch.tensor([1., 10.])
y.sum().backward()
print(y, y.grad_fn.name(), w.grad)
""")

case("api_everyday_asarray_as_tensor", """
import numpy as np
a = np.arange(4.)
x = torch.ones(2, requires_grad=True)
attempt(lambda: torch.asarray(x) is x)
attempt(lambda: torch.asarray(x, dtype=torch.float64))
attempt(lambda: torch.asarray(x, copy=True))
attempt(lambda: torch.asarray(x, dtype=torch.float64, copy=False))
attempt(lambda: torch.asarray(x, requires_grad=True) is x)
y = torch.ones(2)
attempt(lambda: torch.asarray(y, requires_grad=True))
attempt(lambda: torch.asarray(y) is y)
attempt(lambda: torch.asarray([1, 2]))
attempt(lambda: torch.asarray(3.))
attempt(lambda: torch.asarray([1., 2.], requires_grad=True))
t = torch.asarray(a)
a[0] = 7
attempt(lambda: t)
attempt(lambda: torch.asarray(a, copy=True))
attempt(lambda: torch.asarray(a, dtype=torch.float32))
attempt(lambda: torch.asarray(a, dtype=torch.float32, copy=False))
attempt(lambda: torch.asarray(a[::-1]))
attempt(lambda: torch.asarray(np.float32(2.)))
attempt(lambda: torch.asarray(a, requires_grad=True))
attempt(lambda: torch.asarray([[1, 2], [3]]))
attempt(lambda: torch.asarray([1, 2], copy=False))
attempt(lambda: torch.asarray(torch.ones(2, dtype=torch.long), requires_grad=True))
b = np.ones(3, dtype=np.float32)
u, v = torch.as_tensor(b), torch.as_tensor(b, dtype=torch.float64)
b += 1
attempt(lambda: (u, v))
attempt(lambda: torch.as_tensor(a[::-1]))
attempt(lambda: torch.as_tensor(a[::2]).stride())
attempt(lambda: torch.as_tensor(np.array([1, 2], dtype=np.int32)).dtype)
attempt(lambda: torch.as_tensor(np.array(5.)).shape)
""", fresh_process=True)

case("api_everyday_float_arange", """
# torch's CPU kernel: blocks of vectors, each from its first value rounded to the dtype, and a tail value by value
x = torch.arange(-8.0, 8.0, 0.1)
print(x[78:83], (x > 0).sum(), x[78:83].tolist())
print(torch.relu(x)[80] > 0)
print(torch.arange(-1, 1, 0.2))
print(torch.arange(0, 3, 0.1).tolist())
print(torch.arange(1, 0, -0.1).tolist())
print(torch.arange(0.5, 20.5, 0.7).tolist())
print(torch.arange(-8.0, 8.0, 0.1, dtype=torch.float64)[75:85].tolist())
print(torch.arange(0, 1, 1 / 3, dtype=torch.float64).tolist())
y = torch.arange(0, 12000, 0.37)  # below torch's grain size (past it, the values depend on the number of threads)
print(y.shape, y[::997].tolist())
""")

attempts(
    "api_everyday_student_slips",
    [LEAVES, "import numpy as np"],
    "torch.tensor(np.arange(6.)[::-1])",
    "torch.Tensor(np.ones((2, 3))[:, ::-1])",
    "torch.as_tensor(np.arange(3)[::-1], dtype=torch.float32)",
    "torch.Tensor(torch.Size([2, 3])).shape",
    "torch.Tensor(torch.Size([])).shape",
    "bool(torch.tensor([]))",
    "torch.tensor([1, 2]) in torch.tensor([1, 2])",
    "2 in torch.tensor([1, 2])",
    "torch.tensor(3.) in x",
    "'a' in torch.tensor([1, 2])",
    "torch.tensor([2, 1]).argmax(keepdim=True)",
    "x.argmax(keepdim=True)",
    "x.argmin(keepdim=True).shape",
    "v.mT",
    "v.mH",
    "torch.tensor(2.).mT",
    "v.permute(1, 0)",
    "x.permute(0)",
    "x.permute(0, 5)",
    "x.permute(1, 1)",
    "torch.arange(5.).index_select(0, torch.tensor([5]))",
    "x.index_select(0, torch.tensor([-1]))",
    "x.index_select(1, torch.tensor([0, 4]))",
    "torch.tensor(5.).index_select(0, torch.tensor([1]))",
    "x[::0]",
    "x[::-1]",
    "x[[0, 1], [1, 2, 0]]",
    "x[torch.tensor([[0, 1]]), torch.tensor([1, 2, 0])]",
    "torch.full((2,), -1, dtype=torch.uint8)",
    "torch.full((2,), -255, dtype=torch.uint8)",
    "torch.full((2,), -256, dtype=torch.uint8)",
    "torch.full((2,), -1.5, dtype=torch.uint8)",
    "torch.full((2,), float('nan'), dtype=torch.int64)",
    "torch.full((2,), float('inf'), dtype=torch.int32)",
    "torch.tensor([1, 2], dtype=torch.uint8).fill_(-1)",
    "torch.zeros(2, dtype=torch.int32).fill_(2**40)",
    "torch.zeros(2, dtype=torch.int16).fill_(2**20)",
    "torch.zeros(2, dtype=torch.int8).fill_(float('nan'))",
    fresh_process=True,  # the 0-d mT's warning is once per process
)

# Arguments torch's parser refuses (or takes) that minigrad took (or refused), or that leaked a raw Python or numpy
# error: found by a probe of 177 wrong-typed calls (2026-11-27).
attempts(
    "api_everyday_argument_slips",
    [LEAVES, "import numpy as np"],
    "torch.tensor([1, 2], torch.float32)",
    "torch.full(2, 1.)",
    "torch.full([2], 1.)",
    "torch.rand(size=3)",
    "torch.zeros(size=3)",
    "torch.randint(5, size=3)",
    "torch.arange(end=5)",
    "torch.arange(start=1)",
    "torch.arange(5, step=2)",
    "torch.arange(1, 5, step=2)",
    "torch.arange(start=1, end=5, step=2)",
    "torch.ones(3).split(0)",
    "x.split(1.0)",
    "x.split([1.0, 1])",
    "x.split([torch.tensor(1), 1])",
    "x.chunk(2.0)",
    "torch.chunk(x, 2.0)",
    "x.sum(0, keepdim=1)",
    "x.sum(np.int64(0))",
    "x.sum(torch.tensor(0))",
    "x.mean(torch.tensor(1), keepdim=True)",
    "x.select(0, 1.0)",
    "torch.Size([2, 3.0])",
    "torch.Size([torch.tensor(2), 3])",
    "torch.Size([torch.tensor(2.5)])",
    "x.type(float)",
    "x.type('float')",
    "torch.add(torch.ones(2, dtype=torch.int64), 1, alpha=0.5)",
    "torch.ones(2, dtype=torch.int64).add_(torch.ones(2, dtype=torch.int64), alpha=0.5)",
    "torch.add(torch.ones(2), torch.ones(2), alpha=True)",
    "torch.ones(2, dtype=torch.bool).add(torch.ones(2, dtype=torch.bool), alpha=2)",
    "torch.linspace(torch.tensor([0., 1.]), 2, 3)",
    "torch.linspace(torch.tensor(0.), torch.tensor(2.), 3)",
    "torch.logspace(torch.tensor([0.]), 2, 3)",
    "torch.rand(2, generator=5)",
    "torch.randint(5, (2,), generator=5)",
    "torch.zeros(2).normal_(generator=5)",
    "torch.multinomial(torch.ones(3), 2, generator=5)",
    "torch.rand_like(x, generator=5)",
    "x.clamp(min=torch.tensor(0.5), max=0.7)",
    "torch.clamp(x, torch.tensor(0.5, requires_grad=True), 0.7)",
    "x.tril(1.5)",
    "torch.zeros(3).sort(descending=1)",
    "torch.zeros(3).topk(2, largest='no')",
    "x.to(torch.float32, torch.float64)",
    "x.to('cpu', torch.float64, False, True).dtype",
    "x.to(torch.strided)",
)


# Arguments checked as torch's parser checks them against its overloads (``check_call``): what minigrad took
# wrongly (x.sum(None, True) gave a 0-d sum, torch.zeros() a 0-d tensor, x.repeat(2, 1.0) and x.roll(1.0) ran)
# or refused with its own words (x.std(0.0), x.topk(1.0) and x.gather(0, [[0]]) leaked internal errors).
attempts(
    "api_everyday_argument_overloads",
    [LEAVES, "import numpy as np"],
    "x.sum(None, True)",
    "x.sum(None)",
    "x.mean(None, keepdim=True)",
    "torch.sum(x, None, True)",
    "x.sum(keepdim=True)",
    "x.sum(keepdim=1)",
    "torch.sum(x, keepdim=True)",
    "x.mean(keepdim=True)",
    "x.sum(0.0)",
    "torch.sum(x, 0.0)",
    "x.sum(dim=0.0)",
    "torch.mean(x, dim=0.0)",
    "x.sum(0, 'a')",
    "x.mean(0.0, True)",
    "x.sum(torch.tensor(1))",
    "x.std(0.0)",
    "x.std(dim=0.0)",
    "x.std(torch.tensor(0))",
    "x.std(np.int64(1))",
    "x.var(0, unbiased=2)",
    "x.var(unbiased='a')",
    "x.var(0, correction='a')",
    "x.var(0, True, True, 1)",
    "x.var(correction=0.5)",
    "torch.var_mean(x, 0.0)",
    "torch.std(x, keepdim=1)",
    "x.topk(1.0)",
    "x.topk(k=1.0)",
    "torch.topk(x, 1.0)",
    "x.topk(1, -1.0)",
    "x.topk(1, largest=1)",
    "x.topk(1, 0, True, True, 5)",
    "x.topk(torch.tensor(1))",
    "x.topk(None)",
    "x.roll(1.0)",
    "x.roll(1, 0.0)",
    "x.roll([1.0])",
    "torch.roll(x, 1.0)",
    "x.roll(1, None)",
    "x.roll(1, 0, 2)",
    "x.narrow(0, 0.0, 1)",
    "x.narrow(0, 0, 1.0)",
    "x.narrow(0, torch.tensor(0), 1)",
    "torch.narrow(x, 0, 0, 1.0)",
    "x.repeat(2, 1.0)",
    "x.repeat([2, 1.0])",
    "x.repeat(2.0)",
    "torch.gather(x, 0, [[0]])",
    "x.gather(0, [[0]])",
    "x.gather(0.0, torch.tensor([[0]]))",
    "x.gather(torch.tensor(0), torch.tensor([[0]]))",
    "x.gather(0, torch.tensor([[0]]), True)",
    "x.gather(0, torch.tensor([[0]]), sparse_grad=1)",
    "x.softmax(torch.tensor(1))",
    "torch.reshape(x)",
    "torch.zeros()",
    "torch.ones()",
    "torch.empty()",
    "torch.rand()",
    "torch.randn()",
    "x.new_zeros()",
    "x.new_zeros(2.0)",
    "x.new_ones()",
    "x.detach().numpy(force=1)",
    "x.softmax(0, 'float32')",
    "torch.softmax(x, 0, 'float32')",
    "x.softmax(0, float).dtype",
    "torch.permute(x, 1.5)",
    "x.sum(dtype='a')",
    "torch.promote_types(torch.float32, 'a')",
    "torch.promote_types(float, torch.int8)",
    "torch.ones(2).type(np.float32)",
    "x.size(1.5)",
    "torch.eye(2, 2.5)",
    "torch.hann_window(2.5)",
    "torch.zeros(2, memory_format='a')",
    "x.var(0, np.bool_(False))",
    "x.topk(1, largest=np.bool_(True))",
    "x.sum(0, np.bool_(True))",
)

# torch's deprecated scatter(..., reduce="add"/"multiply") (older tutorials' one-hot and histogram code): the values
# added or multiplied in, its NotImplemented node, its once-per-process warning for a tensor src, and its errors.
attempts(
    "api_everyday_scatter_reduce",
    ["y = torch.arange(6.).reshape(2, 3).requires_grad_()", "i = torch.tensor([[0, 1, 0]])"],
    "y.scatter(0, i, torch.ones(1, 3), reduce='add')",
    "y.scatter(0, i, 2.0, reduce='add')",
    "y.detach().clone().scatter_(0, i, 2.0, reduce='multiply')",
    "y.detach().clone().scatter_(0, i, torch.ones(1, 3), reduce='add')",
    "y.detach().scatter(0, i, torch.ones(1, 3), reduce='mean')",
    "torch.scatter(y.detach(), 0, i, 2.0, reduce='add')",
    "y.scatter(0, i, 2.0, reduce='multiply').sum().backward()",
    "torch.arange(6).reshape(2, 3).scatter(0, i, 2.5, reduce='add')",
    "torch.arange(6).reshape(2, 3).scatter(0, i, torch.ones(1, 3), reduce='add')",
    "torch.arange(6.).reshape(2, 3).scatter(0, torch.zeros(2, 3, dtype=torch.long), y.detach() + 1, reduce='multiply')",
    "torch.zeros(3, 5).scatter_(1, torch.tensor([[0], [2], [4]]), 1.0, reduce='add')",
    "torch.zeros(2, 4).scatter(1, torch.tensor([[1, 1], [3, 0]]), torch.tensor([[1., 2.], [3., 4.]]), reduce='add')",
    "torch.zeros(2, 4).scatter(1, torch.tensor([[1, 1], [3, 9]]), 1.0, reduce='add')",
    fresh_process=True,  # the warning is once per process
)

# Products of two dtypes or of bools: torch refuses them (its kernels have one dtype, and none for bools), where
# minigrad's batched matmul promoted them; LayerNorm's result is contiguous whatever its input's layout, so the
# Linear after it records torch's nodes.
attempts(
    "api_everyday_product_dtypes",
    ["f = torch.ones(2, 3)", "b = torch.ones(2, 3, dtype=torch.bool)", "bv = torch.ones(3, dtype=torch.bool)"],
    "b @ b.T",
    "torch.mm(b, b.T)",
    "bv @ bv",
    "b @ bv",
    "bv @ b.T",
    "torch.ones(2, 2, 3, dtype=torch.bool) @ torch.ones(2, 3, 2, dtype=torch.bool)",
    "torch.ones(2, 2, 3) @ torch.ones(3, 2, dtype=torch.long)",
    "torch.ones(2, 2, 3) @ torch.ones(2, 3, 2, dtype=torch.float64)",
    "torch.ones(2, 3, dtype=torch.long) @ torch.ones(2, 3, 2)",
    "torch.ones(3) @ torch.ones(2, 3, 2, dtype=torch.long)",
    "torch.ones(2, 2, 3) @ torch.ones(3, dtype=torch.long)",
    "torch.ones(2, 3, dtype=torch.int32) @ torch.ones(3, 2, dtype=torch.int32)",
    "torch.addmm(torch.ones(2), f, f.T.double())",
    "torch.addmm(torch.ones(2), f.long(), f.T.double())",
    "torch.addmm(torch.ones(2, dtype=torch.float64), f, f.T)",
    "torch.nn.functional.linear(f, torch.ones(2, 3), torch.ones(2, dtype=torch.float64))",
    "torch.nn.functional.linear(f.long(), torch.ones(2, 3), torch.ones(2))",
    "torch.nn.LayerNorm(3)(torch.randn(2, 4, 3).transpose(0, 1)).stride()",
    "torch.nn.Linear(3, 2)(torch.nn.LayerNorm(3)(torch.randn(2, 4, 3).transpose(0, 1))).grad_fn.name()",
)

# Small slips found while the helpers built packed sequences and LBFGS: a 0-d tensor has no size(0) or stride(0);
# data that is no number for a dtype given; float() of a tensor that requires grad warns only while recording.
attempts(
    "api_everyday_scalar_slips",
    ["w = torch.tensor([1.5], requires_grad=True)", "def float_without_grad():\n    with torch.no_grad():\n"
     "        return float(w)"],
    "torch.tensor(2.).size(0)",
    "torch.tensor(2.).size(-1)",
    "torch.tensor(2.).size(1)",
    "torch.tensor(2.).stride(0)",
    "torch.tensor(None, dtype=torch.int64)",
    "torch.tensor([1, None], dtype=torch.float32)",
    "torch.tensor(object(), dtype=torch.bool)",
    "torch.as_tensor(None, dtype=torch.int64)",
    "torch.as_tensor(None)",
    "float_without_grad()",
    "float(w)",
    fresh_process=True,  # float()'s warning is once per process
)

# atan2's gradient where self² + other² is 0 (at the origin, or underflowing there in float32): torch's backward sets
# 1 / (self² + other²) to 0 there, so the gradient is 0, not nan; a sum that is only subnormal stays inf.
case("op_atan2_gradient_at_the_origin", """
for dt in (torch.float32, torch.float64):
    a = torch.tensor([0., 1., 0., -0., 3., 1e-30, 1e-160], dtype=dt, requires_grad=True)
    b = torch.tensor([0., 2., -0., 0., 0., 0., 0.], dtype=dt, requires_grad=True)
    ga, gb = torch.autograd.grad(torch.atan2(a, b).sum(), (a, b), create_graph=True)
    print(ga.tolist(), gb.tolist())
    print(ga.grad_fn.name(), [n.name() for n, _ in ga.grad_fn.next_functions])
    print([t.tolist() for t in torch.autograd.grad(ga.sum(), (a, b))])
""")

# Saved tensors hooks see the index tensors a node saves (x[idx], max(dim)'s indices, gather's index before self,
# a boolean mask), packed once each and unpacked once in backward, as torch's.
case("saved_hooks_pack_index_tensors", """
import torch.nn.functional as F
def run(label, f):
    calls = []
    def pack(t):
        calls.append(("pack", tuple(t.shape), str(t.dtype)))
        return t
    def unpack(t):
        calls.append(("unpack", tuple(t.shape)))
        return t
    x = torch.arange(6.).reshape(2, 3).requires_grad_()
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
        y = f(x)
    (y[0] if isinstance(y, tuple) else y).sum().backward()
    print(label, calls, x.grad.tolist())
idx = torch.tensor([1, 0])
run("index", lambda x: x[idx])
run("list index", lambda x: x[[1, 0]])
run("two indices", lambda x: x[idx, idx])
run("max", lambda x: x.max(1))
run("sort", lambda x: x.sort(1))
run("gather", lambda x: x.gather(1, torch.tensor([[0], [2]])))
run("index_select", lambda x: x.index_select(1, idx))
run("mask", lambda x: x[x > 2])
run("topk", lambda x: x.topk(2))
run("scatter", lambda x: x.scatter(1, torch.tensor([[0], [2]]), 5.))
run("embedding", lambda x: torch.nn.functional.embedding(idx, x))
run("masked_fill", lambda x: x.masked_fill(x > 2, 0.))
run("where", lambda x: torch.where(x > 2, x, 0.))
torch.manual_seed(0)
run("gumbel hard: max's node packs its indices, and its backward never runs", lambda x: F.gumbel_softmax(x, hard=True))
""")

# ---------------------------------------------------------------------------------------------------------
# Tensors inside the list given to torch.tensor (and the legacy types, new_tensor, as_tensor) for an integer or bool
# result are read through __index__: a floating tensor (a loss, w.sum()) or one of several elements is refused.
# ---------------------------------------------------------------------------------------------------------
attempts("api_everyday_tensor_of_tensors_as_integers", ["""
import warnings
warnings.simplefilter("ignore")
w = torch.tensor([1., 2.], requires_grad=True)
"""],
    "torch.LongTensor([w.sum()])", "torch.LongTensor([torch.tensor(2.5)])", "torch.IntTensor([torch.tensor(3), 1])",
    "torch.ByteTensor([torch.tensor(True), 1])", "torch.BoolTensor([w.sum()])", "torch.FloatTensor([w.sum(), 2])",
    "torch.tensor([w.sum()], dtype=torch.long)", "torch.tensor([torch.tensor(2.5), 3], dtype=torch.int32)",
    "torch.tensor([torch.tensor(2.5), 0], dtype=torch.bool)", "torch.tensor([[torch.tensor(2.5)]], dtype=torch.long)",
    "torch.as_tensor([torch.tensor(2.5)], dtype=torch.long)", "torch.tensor([1, 2]).new_tensor([w.sum()])",
    "torch.tensor([1, 2]).new_tensor([w.sum()], dtype=torch.float64)",
    "torch.tensor([1., 2]).new_tensor([torch.tensor(3)])", "torch.tensor([torch.tensor([1, 2])], dtype=torch.long)",
    "torch.tensor([torch.tensor([1, 2])], dtype=torch.float32)",
    "torch.LongTensor([[torch.tensor(1)], [torch.tensor(2)]])", "torch.Tensor([torch.tensor(3), 2.5])",
)

# F.hardtanh of uint8: torch reads the limits as integers and refuses a negative one (the default -1 included).
attempts("api_everyday_hardtanh_unsigned_limits",
         ["F = torch.nn.functional\nu = torch.tensor([0, 3, 200], dtype=torch.uint8)"],
         "F.hardtanh(u)", "F.hardtanh(u, -0.5, 2)", "F.hardtanh(u, 0, 2)", "F.relu6(u)",
         "F.hardtanh(u.clone(), 1, 2, inplace=True)", "torch.nn.Hardtanh()(u)",
         "F.hardtanh(torch.tensor([True]), 0, 1)", "F.hardtanh(torch.tensor([-3, 5]), -1.5, 2.7)")

# torch.dot (and vdot, x @ y of vectors) of a few floats adds the products as torch's CPU kernel does, to the last bit:
# float32 vectors of up to 8 into four interleaved accumulators, float64 vectors of up to 4 into two.
case("api_everyday_dot_of_few_floats", """
torch.manual_seed(3)
for dtype, sizes in ((torch.float32, range(1, 9)), (torch.float64, range(1, 5))):
    for n in sizes:
        a, b = torch.randn(6, n, dtype=dtype) * 10, torch.randn(6, n, dtype=dtype)
        print(n, [torch.dot(x, y).item() for x, y in zip(a, b)], (a[0] @ b[0]).item(), torch.vdot(a[1], b[1]).item())
print(torch.dot(torch.tensor([-0., -0.]), torch.tensor([1., 2.])), torch.dot(torch.zeros(0), torch.zeros(0)))
""")
