"""Parity cases for ``torch.special``'s Bessel functions, incomplete gammas, zeta and orthogonal polynomials."""

from parity.cases import attempts, case  # noqa: F401

_BESSEL = ["airy_ai", "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1",
           "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
           "spherical_bessel_j0", "i0e", "i1e", "erfcx"]  # fmt: skip
_POLYNOMIALS = ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
                "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
                "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he",
                "laguerre_polynomial_l", "legendre_polynomial_p"]  # fmt: skip

# each function's values at full precision, float32 and float64, over every branch of torch's kernel
for _name in _BESSEL:
    case(f"api_special_{_name}_values", f"""
        torch.set_printoptions(precision=12)
        x = torch.tensor([-30., -8.5, -5., -2.5, -2.09, -1., -1e-6, 0., -0., 1e-7, 0.3, 1., 1.99, 2., 2.09, 4.99,
                          5., 7.9, 8., 8.5, 30., 50.5, 104., 1e8, float('inf'), -float('inf'), float('nan')])
        print(torch.special.{_name}(x))
        print(torch.special.{_name}(x.double()))
        print(torch.special.{_name}(torch.linspace(-12, 12, 49, dtype=torch.float64)))
        print(torch.special.{_name}(torch.arange(-3, 4)), torch.special.{_name}(torch.tensor([True, False])))
        """)  # fmt: skip

for _name in _POLYNOMIALS:
    case(f"api_special_{_name}_values", f"""
        torch.set_printoptions(precision=12)
        f = torch.special.{_name}
        x = torch.tensor([-1.5, -1., -0.9, -0.25, 0., 0.1, 0.5, 0.75, 1., 1.25, 3.])
        for n in [0, 1, 2, 5, 7, 9, 20, -1, 2.9]:
            print(n, f(x, n))
        print(f(x.double(), torch.tensor([3, 8, 10, 40, 100, 600, 1, 0, -2, 6, 4])))
        print(f(0.3, torch.arange(12)), f(torch.tensor([0.5]), torch.tensor([float('nan'), float('inf'), 1e30])))
        print(f(torch.tensor([1, 2]), torch.tensor([3, 4])), f(x, n=torch.tensor(4.)).dtype)
        """)  # fmt: skip

case("api_special_bessel_no_grad", """
    x = torch.tensor([0.5, 2.5], requires_grad=True)
    for name in ['airy_ai', 'bessel_j0', 'modified_bessel_k1', 'chebyshev_polynomial_t', 'legendre_polynomial_p']:
        f = getattr(torch.special, name)
        y = f(x) if 'polynomial' not in name else f(x, 3)
        print(name, y.requires_grad, y.grad_fn)
    try:
        torch.special.bessel_y1(x).sum().backward()
    except RuntimeError as e:
        print(e)
    """)

case("api_special_i0e_i1e_erfcx_grad", """
    torch.set_printoptions(precision=12)
    x = torch.tensor([0.3, -1.7, 0.0, 9.0, -20.0], dtype=torch.float64, requires_grad=True)
    for f in [torch.special.i0e, torch.special.i1e, torch.special.erfcx]:
        y = f(x)
        print(y, y.grad_fn.name(), y.grad_fn._saved_self, y.grad_fn._saved_result)
        g, = torch.autograd.grad(y, x, torch.arange(1., 6., dtype=torch.float64), create_graph=True)
        print(g)
        show_graph(g)
        print(torch.autograd.grad(g.sum(), x))
    x32 = x.detach().float().requires_grad_()
    (torch.special.i0e(x32) + torch.special.i1e(x32) * torch.special.erfcx(x32)).sum().backward()
    print(x32.grad)
    """)

case("api_special_zeta", """
    torch.set_printoptions(precision=12)
    s = torch.tensor([1., 1.5, 2., 3., 0.5, 4., -2., 10., 2., float('nan')])
    q = torch.tensor([1., 0.5, -2.5, 3., 2., -1., 2., 1e-3, float('inf'), 1.])
    print(torch.special.zeta(s, q))
    print(torch.special.zeta(s.double(), q.double()))
    print(torch.special.zeta(3, torch.tensor([1, 2])), torch.special.zeta(torch.tensor([2.]), 1))
    print(torch.special.zeta(torch.tensor(2.5, dtype=torch.float64), torch.tensor([2., 3.])).dtype)
    q = torch.tensor([1.5, 2.5, 7.], requires_grad=True)
    y = torch.special.zeta(torch.tensor([2., 3., 4.5]), q)
    print(y, y.grad_fn.name(), y.grad_fn._saved_self, y.grad_fn._saved_other)
    y.sum().backward()
    print(q.grad)
    y = torch.special.zeta(2.0, q)
    print(y.grad_fn.name(), y.grad_fn._saved_self, torch.autograd.grad(y.sum(), q))
    y = torch.special.zeta(q, 2.0)
    print(y.grad_fn.name())
    for y in [torch.special.zeta(q, 2.0), torch.special.zeta(q, torch.tensor([1., 2., 3.]))]:
        try:
            y.sum().backward()
        except NotImplementedError as e:
            print(type(e).__name__, e)
    """)

case("api_special_gammainc", """
    torch.set_printoptions(precision=12)
    a = torch.tensor([0.5, 1., 2., 5., 30., 250., 0., 3., 1.2, 0.1, 600., float('inf'), 2., -1.])
    x = torch.tensor([0.2, 1., 3., 4., 29., 260., 1., 0., 1.15, 0.3, 800., 1., float('inf'), 1.])
    for f in [torch.special.gammainc, torch.special.gammaincc]:
        print(f(a, x))
        print(f(a.double(), x.double()))
    print(torch.igamma(a, x), a.igammac(x), torch.special.gammainc(a, torch.ones(14, dtype=torch.int64)))
    b = a.clone()
    b.igamma_(x)
    print(b)
    half = torch.tensor([1., 2.], dtype=torch.float16)
    print(torch.special.gammainc(half, half * 2), torch.special.i1e(half), torch.special.i0e(half))
    """)  # fmt: skip

case("api_special_gammainc_grad", """
    torch.set_printoptions(precision=12)
    a = torch.tensor([2., 3.], dtype=torch.float64)
    x = torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)
    y = torch.special.gammainc(a, x)
    print(y, y.grad_fn.name(), y.grad_fn._saved_self, y.grad_fn._saved_other)
    g, = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(g)
    show_graph(g)
    z = torch.special.gammaincc(a, x)
    print(z.grad_fn.name(), torch.autograd.grad(z.sum(), x))
    c = a.clone()
    c.igammac_(x)
    print(c.grad_fn.name(), torch.autograd.grad(c.sum(), x))
    for f in [torch.special.gammainc, torch.igammac]:
        try:
            f(x, a).sum().backward()
        except NotImplementedError as e:
            print(type(e).__name__, e)
    """)

attempts(
    "api_special_functions_errors",
    [],
    "torch.special.bessel_j0(1.5)",
    "torch.special.airy_ai('x')",
    "torch.special.i0e([1.0])",
    "torch.special.bessel_j1()",
    "torch.special.erfcx(torch.tensor([1.]), torch.tensor([1.]))",
    "torch.special.bessel_y0(torch.tensor([1.], dtype=torch.float16))",
    "torch.special.i0e(torch.tensor([1., 2.], dtype=torch.float16))",
    "torch.special.erfcx(torch.tensor([1.], dtype=torch.float16))",
    "torch.special.chebyshev_polynomial_t(torch.tensor([1.]), 'a')",
    "torch.special.hermite_polynomial_h(1.0, 2)",
    "torch.special.legendre_polynomial_p(torch.tensor([1.]))",
    "torch.special.laguerre_polynomial_l(input=torch.tensor([1.]), n=2)",
    "torch.special.chebyshev_polynomial_u(torch.tensor([1., 2.]), torch.tensor([1., 2., 3.]))",
    "torch.special.shifted_chebyshev_polynomial_w(torch.tensor([1.], dtype=torch.float16), 2)",
    "torch.special.zeta(2.0, 3.0)",
    "torch.special.zeta(torch.tensor([2.]), 'a')",
    "torch.special.zeta(self=torch.tensor([2.]), other=torch.tensor([2.]))",
    "torch.special.gammainc(torch.tensor([1., 2.]), 2.0)",
    "torch.special.gammaincc(2.0, torch.tensor([1.]))",
    "torch.special.gammainc(torch.tensor([1]), torch.tensor([2]))",
    "torch.special.gammaincc(torch.tensor([True]), torch.tensor([2.]))",
    "torch.igamma(torch.tensor([1.]), 2.0)",
    "torch.igammac(2.0, torch.tensor([1.]))",
    "torch.tensor([1.]).igamma('a')",
    "torch.tensor([1.]).igammac_(3)",
    "torch.tensor([1, 2]).igamma_(torch.tensor([1., 2.]))",
)

attempts(
    "api_special_out",
    [],
    "torch.special.bessel_j0(torch.tensor([0.5, 1.5], requires_grad=True), out=torch.empty(2))",
    "torch.special.i0e(torch.tensor([0.5, 1.5], requires_grad=True), out=torch.empty(2))",
    "torch.special.erfcx(torch.tensor([0.5, 1.5]), out=torch.empty(2, dtype=torch.float64))",
    "torch.special.bessel_y0(torch.tensor([1, 2]), out=torch.empty(2, dtype=torch.long))",
    "torch.special.hermite_polynomial_h(torch.tensor([0.5, 1.5]), 3, out=torch.empty(2))",
    "torch.special.zeta(torch.tensor([2., 3.]), 1.5, out=torch.empty(2))",
    "torch.special.gammaincc(torch.tensor([2., 3.]), torch.tensor([1., 2.]), out=torch.empty(2))",
    "torch.igamma(torch.tensor([2., 3.]), torch.tensor([1., 2.]), out=torch.empty(2))",
    "torch.special.bessel_j0(torch.tensor([0.5]), out=1)",
)

case("api_special_conj_physical", """
    x = torch.tensor([1., -2.], requires_grad=True)
    print(torch.conj_physical(x) is x, x.conj_physical() is x, torch.conj_physical(x))
    y = x * 2
    print(y.conj_physical().grad_fn.name())
    z = torch.tensor([1, 2])
    print(z.conj_physical_() is z, z, z._version)
    attempt(lambda: x.conj_physical_())
    attempt(lambda: torch.conj_physical([1.0]))
    attempt(lambda: torch.conj_physical(input=torch.tensor([True])))
    """)
