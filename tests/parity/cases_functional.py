"""Parity cases for ``torch.autograd.functional``: ``jacobian``, ``hessian``, ``vjp``, ``jvp``, ``hvp`` and ``vhp``
on functions a student writes (elementwise, reductions, a small MLP, several inputs and outputs), what their
results print like (values, ``requires_grad``, ``grad_fn``), ``create_graph=True`` and differentiating again,
``strict=True`` and the errors for wrong arguments. ``meta(r)`` shows, for a result or a nested tuple of them,
each tensor's shape, dtype, ``requires_grad`` and ``grad_fn`` name; ``attempt(f)`` prints ``f()`` or its error.
"""

from parity.cases import case

_HELPERS = """
from torch.autograd.functional import hessian, hvp, jacobian, jvp, vhp, vjp


def meta(r):
    if isinstance(r, tuple):
        return tuple(meta(e) for e in r)
    return (list(r.shape), r.dtype, r.requires_grad, None if r.grad_fn is None else r.grad_fn.name())


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
"""

_DATA = """
x = torch.tensor([0.5, -1., 2.])
y = torch.tensor([1.5, 0.25, -0.5])
A = torch.tensor([[1., -2., 0.5], [0.25, 3., -1.]])
W = torch.tensor([[0.5, -1.], [0.25, 0.75], [-0.5, 1.]])
b = torch.tensor([0.1, -0.2])
"""


def functional_case(name, code, **kwargs):
    """A case with the helpers and the data above in scope."""
    case(f"autograd_functional_{name}", [_HELPERS, _DATA, code], **kwargs)


# ---------------------------------------------------------------------------------------------------------
# jacobian
# ---------------------------------------------------------------------------------------------------------
functional_case("jacobian_elementwise", """
    J = jacobian(lambda t: t.sin() * t, x)
    print(J)
    print(meta(J), x.requires_grad, x.grad)
    print(jacobian(torch.exp, A).shape, jacobian(lambda t: t * 2, x))
    print(torch.autograd.functional.jacobian(torch.tanh, torch.tensor(0.5)))
""")
functional_case("jacobian_reduction_to_scalar", """
    J = jacobian(lambda t: (t ** 2).sum(), A)
    print(J, meta(J))
    print(jacobian(lambda t: t.mean(), x), jacobian(lambda t: t.exp().sum(dim=1), A))
    print(jacobian(lambda t: t.sum(0, keepdim=True), A).shape)
""")
functional_case("jacobian_mlp", """
    X = torch.tensor([[1., 2., -1.], [0.5, 0., 1.]])
    loss = lambda W, b: torch.tanh(X @ W + b).sum()
    jW, jb = jacobian(loss, (W, b))
    print(jW)
    print(jb)
    print(meta((jW, jb)))
    J = jacobian(lambda X: torch.tanh(X @ W + b), X)
    print(J.shape)
    print(J)
""")
functional_case("jacobian_several_inputs_and_outputs", """
    J = jacobian(lambda a, c: (a * c, a.sum() * 2), (x, y))
    print(J)
    print(meta(J))
    print(jacobian(lambda a: (a.sin(), a.cos().sum()), x))
    print(jacobian(lambda a, c: a * c + c, (x, y)))
    print(jacobian(lambda a, c: (a * c,), (x, y)))
    print(jacobian(lambda a: (a * 2,), x), jacobian(lambda a: a * 2, (x,)))
""")
functional_case("jacobian_independent_outputs_get_zeros", """
    J = jacobian(lambda a, c: a * 2, (x, y))
    print(J, meta(J))
    print(jacobian(lambda a: (a > 0).float(), x))
    print(jacobian(lambda a: torch.ones(2), x))
    print(jacobian(lambda a: a.detach() * 3, x, create_graph=True))
    print(jacobian(lambda a, c: (a * c, c.exp()), (x, y)))
""")
functional_case("jacobian_create_graph", """
    xr = x.clone().requires_grad_()
    J = jacobian(lambda t: t ** 3, xr)
    print(meta(J))
    J = jacobian(lambda t: t ** 3, xr, create_graph=True)
    print(J)
    print(meta(J), nf(J))
    J.sum().backward()
    print(xr.grad)
    Jc = jacobian(lambda t: t ** 3, x, create_graph=True)
    print(meta(Jc))
    print(meta(jacobian(lambda t: t * 2, xr, create_graph=True)))
    g, = torch.autograd.grad(jacobian(lambda t: (t.sin() * t).sum(), xr, create_graph=True).sum(), xr)
    print(g)
""")
functional_case("jacobian_vectorize", """
    f = lambda t: torch.tanh(t) * t.sum()
    J, Jv = jacobian(f, x), jacobian(f, x, vectorize=True)
    print(Jv, torch.equal(J, Jv), meta(Jv))
    print(jacobian(lambda a, c: (a * c, a.sum() * 2), (x, y), vectorize=True))
    print(jacobian(lambda a, c: a * 2, (x, y), vectorize=True))
    print(jacobian(lambda a: (a > 0).float(), x, vectorize=True))
    xr = x.clone().requires_grad_()
    Jg = jacobian(f, xr, create_graph=True, vectorize=True)
    print(meta(Jg), nf(Jg))
    Jg.sum().backward()
    print(xr.grad)
    linear_model = lambda t: t @ torch.tensor([[2.0, -1.0], [0.0, 1.0]]).T + torch.tensor([1.0, 0.5])
    print(jacobian(linear_model, torch.arange(8.).reshape(4, 2), vectorize=True).shape)
""")
functional_case("jacobian_float64", """
    x64 = x.double()
    J = jacobian(lambda t: t.exp() / 3, x64)
    print(J, meta(J))
    print(jacobian(lambda t, s: (t * s).sum(), (x64, y)))
    print(hessian(lambda t: (t.sin() * t).sum(), x64))
""")
functional_case("jacobian_errors", """
    f = lambda t: t.sin()
    attempt(lambda: jacobian(f, [1., 2.]))
    attempt(lambda: jacobian(f, (x, 2.)))
    attempt(lambda: jacobian(f, [x]))
    attempt(lambda: jacobian(lambda t: 3.0, x))
    attempt(lambda: jacobian(lambda t: (t, 1), x))
    attempt(lambda: jacobian(lambda t: [t, t], x))
    attempt(lambda: jacobian(f, x, strategy="fwd"))
    attempt(lambda: jacobian(f, x, strategy="forward-mode", create_graph=True))
    attempt(lambda: jacobian(f, x, strategy="forward-mode", strict=True))
    attempt(lambda: jacobian(f, [x], strategy="forward-mode"))
    attempt(lambda: jacobian(f, x, strategy="forward-mode"))
    attempt(lambda: jacobian(f, x, vectorize=True, strict=True))
    attempt(lambda: jacobian(lambda t: torch.ones(2), x, vectorize=True, strict=True))
""")
functional_case("jacobian_strict", """
    attempt(lambda: jacobian(lambda a, c: a * 2, (x, y), strict=True))
    attempt(lambda: jacobian(lambda a, c: (a * c, a.exp()), (x, y), strict=True))
    attempt(lambda: jacobian(lambda a: (a > 0).float(), x, strict=True))
    attempt(lambda: jacobian(lambda a: (a.sin(), torch.round(a)), x, strict=True))
    attempt(lambda: jacobian(lambda a: a * 2, x, strict=True, create_graph=True))
    attempt(lambda: jacobian(lambda a: a.sin(), x, strict=True, create_graph=True))
    attempt(lambda: jacobian(lambda a: a * 2, x, strict=True))
""")
functional_case("jacobian_forward_mode_vectorized", """
    import warnings
    warnings.simplefilter("ignore", DeprecationWarning)  # torch's forward AD: its own torch.jit.script, on first use
    J = jacobian(torch.sin, x, vectorize=True, strategy="forward-mode")
    print(J)
""")

# ---------------------------------------------------------------------------------------------------------
# hessian
# ---------------------------------------------------------------------------------------------------------
functional_case("hessian_scalar_functions", """
    H = hessian(lambda t: t.pow(3).sum(), A)
    print(H)
    print(meta(H))
    print(hessian(lambda t: (t.sin() * t).sum(), x))
    print(hessian(lambda t: (t * t).mean(), x), hessian(lambda t: t.exp().sum(), torch.tensor(0.5)))
    print(hessian(lambda t: (t ** 2).sum().reshape(1), x))
""")
functional_case("hessian_mlp_and_several_inputs", """
    X = torch.tensor([[1., 2., -1.], [0.5, 0., 1.]])
    H = hessian(lambda W, b: torch.tanh(X @ W + b).sum(), (W, b))
    print(H)
    print(meta(H))
    print(hessian(lambda t, s: (2 * t.pow(2) + 3 * s.pow(2)).sum(), (x, y)))
    print(hessian(lambda t: torch.tanh(X @ t + b).sum(), W).shape)
""")
functional_case("hessian_create_graph_and_vectorize", """
    xr = x.clone().requires_grad_()
    f = lambda t: (t.pow(3) * t.sum()).sum()
    H = hessian(f, xr, create_graph=True)
    print(H, meta(H), nf(H))
    H.sum().backward()
    print(xr.grad)
    print(meta(hessian(f, xr)), meta(hessian(f, x, create_graph=True)))
    Hv = hessian(f, x, vectorize=True)
    print(Hv, torch.equal(Hv, hessian(f, x)))
    print(hessian(lambda t, s: (t * s.exp()).sum(), (x, y), vectorize=True))
    print(meta(hessian(f, xr, create_graph=True, vectorize=True)))
    print(hessian(lambda t: (t * 2).sum(), x))
""")
functional_case("hessian_errors", """
    attempt(lambda: hessian(lambda t: t ** 2, x))
    attempt(lambda: hessian(lambda t: ((t ** 2).sum(), t.sum()), x))
    attempt(lambda: hessian(lambda t: 1.5, x))
    attempt(lambda: hessian(lambda t: (t ** 2).sum(), 1.5))
    attempt(lambda: hessian(lambda t: (t ** 2).sum(), x, outer_jacobian_strategy="fwd"))
    attempt(lambda: hessian(lambda t: (t ** 2).sum(), x, outer_jacobian_strategy="forward-mode"))
    attempt(lambda: hessian(lambda t: (t ** 2).sum(), x, outer_jacobian_strategy="forward-mode", create_graph=True))
    attempt(lambda: hessian(lambda t: (t * 2).sum(), x, strict=True))
    attempt(lambda: hessian(lambda t, s: (t ** 2).sum(), (x, y), strict=True))
    attempt(lambda: hessian(lambda t: (t > 0).float().sum(), x, strict=True))
    attempt(lambda: hessian(lambda t: (t ** 2).sum(), x, strict=True, vectorize=True))
    attempt(lambda: hessian(lambda t: (t ** 3).sum(), x, strict=True))
""")

# ---------------------------------------------------------------------------------------------------------
# vjp and jvp
# ---------------------------------------------------------------------------------------------------------
functional_case("vjp", """
    exp_reducer = lambda t: t.exp().sum(dim=1)
    out, v_J = vjp(exp_reducer, A, torch.tensor([1., -2.]))
    print(out)
    print(v_J)
    print(meta((out, v_J)))
    print(vjp(lambda t: (t ** 2).sum(), x))
    print(vjp(lambda t: t * 3, torch.tensor([2.])))
    print(vjp(lambda a, c: 2 * a + 3 * c, (x, y), torch.ones(3)))
    print(vjp(lambda a, c: (a * c, a.sum()), (x, y), (torch.ones(3), torch.tensor(2.))))
    print(vjp(lambda a, c: a.sin(), (x, y), y))
    print(vjp(lambda a: (a > 0).float(), x, y))
""")
functional_case("vjp_create_graph", """
    xr = x.clone().requires_grad_()
    vr = y.clone().requires_grad_()
    out, v_J = vjp(lambda t: t.exp() * t, xr, vr, create_graph=True)
    print(out, v_J)
    print(meta((out, v_J)))
    v_J.sum().backward()
    print(xr.grad, vr.grad)
    print(meta(vjp(lambda t: t.exp() * t, xr, vr)))
    print(meta(vjp(lambda t: t.exp() * t, x, y, create_graph=True)))
    print(meta(vjp(lambda t: t * 2, xr, y, create_graph=True)))
""")
functional_case("vjp_errors_and_strict", """
    f = lambda t: t.exp()
    attempt(lambda: vjp(f, x))
    attempt(lambda: vjp(f, x, torch.ones(2)))
    attempt(lambda: vjp(f, x, torch.ones(3, 1)))
    attempt(lambda: vjp(f, x, (y, y)))
    attempt(lambda: vjp(lambda t: (t, t), x, (y,)))
    attempt(lambda: vjp(lambda t: (t, t), x, (y, torch.ones(2))))
    attempt(lambda: vjp(f, x, [1., 2., 3.]))
    attempt(lambda: vjp(f, x, (y, 2.)))
    attempt(lambda: vjp(f, [0.5, 1.], y))
    attempt(lambda: vjp(lambda t: t.sum().item(), x))
    attempt(lambda: vjp(lambda t: (t.sum(), None), x))
    attempt(lambda: vjp(lambda a, c: a * 2, (x, y), y, strict=True))
    attempt(lambda: vjp(lambda a: (a > 0).float(), x, y, strict=True))
    attempt(lambda: vjp(lambda a: a * 2, x, y, strict=True, create_graph=True))
    attempt(lambda: vjp(lambda a: a.exp(), x, y, strict=True))
    attempt(lambda: vjp(f, x, torch.ones(3, dtype=torch.float64)))
""")
functional_case("jvp", """
    exp_reducer = lambda t: t.exp().sum(dim=1)
    out, J_v = jvp(exp_reducer, A, torch.ones(2, 3))
    print(out)
    print(J_v)
    print(meta((out, J_v)))
    print(jvp(lambda a, c: 2 * a + 3 * c, (x, y), (torch.ones(3), torch.ones(3))))
    print(jvp(lambda t: (t.sin(), t.sum()), x, y))
    print(jvp(lambda t: t ** 3, torch.tensor(2.)))
    print(jvp(lambda a, c: a.exp(), (x, y), (y, x)))
    print(jvp(lambda a: torch.ones(2) * 3, x, y))
    print(jvp(lambda a: (a > 0).float(), x, y))
    X = torch.tensor([[1., 2., -1.], [0.5, 0., 1.]])
    print(jvp(lambda W: torch.tanh(X @ W + b).sum(), W, torch.ones(3, 2)))
""")
functional_case("jvp_create_graph", """
    xr = x.clone().requires_grad_()
    vr = y.clone().requires_grad_()
    out, J_v = jvp(lambda t: t.exp().sum(dim=0), A.clone().requires_grad_(), torch.ones(2, 3), create_graph=True)
    print(out, J_v)
    print(meta((out, J_v)))
    out, J_v = jvp(lambda t: t.exp() * t, xr, vr, create_graph=True)
    print(meta((out, J_v)))
    J_v.sum().backward()
    print(xr.grad, vr.grad)
    print(meta(jvp(lambda t: t.exp() * t, xr, vr)))
    print(meta(jvp(lambda t: t * 2, x, y, create_graph=True)))
""")
functional_case("jvp_errors_and_strict", """
    f = lambda t: t.exp()
    attempt(lambda: jvp(f, x))
    attempt(lambda: jvp(f, x, torch.ones(2)))
    attempt(lambda: jvp(f, (x, y), (y,)))
    attempt(lambda: jvp(f, (x, y), (y, torch.ones(1))))
    attempt(lambda: jvp(f, x, 1.))
    attempt(lambda: jvp(f, 1., y))
    attempt(lambda: jvp(lambda t: "out", x, y))
    attempt(lambda: jvp(lambda a, c: a * 2, (x, y), (x, y), strict=True))
    attempt(lambda: jvp(lambda a: (a > 0).float(), x, y, strict=True))
    attempt(lambda: jvp(lambda a: (a.sin(), a.detach()), x, y, strict=True))
    attempt(lambda: jvp(lambda a: a * 2, x, y, strict=True))
    attempt(lambda: jvp(lambda a: a * 2, x, y, strict=True, create_graph=True))
    attempt(lambda: jvp(lambda a: a.exp(), x, y, strict=True, create_graph=True))
""")

# ---------------------------------------------------------------------------------------------------------
# hvp and vhp
# ---------------------------------------------------------------------------------------------------------
functional_case("hvp_vhp", """
    pow_reducer = lambda t: t.pow(3).sum()
    v = torch.ones(2, 3)
    for product in (hvp, vhp):
        out, p = product(pow_reducer, A, v)
        print(out, p, meta((out, p)))
    pow_adder_reducer = lambda t, s: (2 * t.pow(2) + 3 * s.pow(2)).sum()
    print(hvp(pow_adder_reducer, (x, y), (torch.zeros(3), torch.ones(3))))
    print(vhp(pow_adder_reducer, (x, y), (torch.zeros(3), torch.ones(3))))
    f = lambda t: (t.sin() * t.sum()).sum()
    print(hvp(f, x, y), vhp(f, x, y))
    X = torch.tensor([[1., 2., -1.], [0.5, 0., 1.]])
    mlp = lambda W, b: torch.tanh(X @ W + b).sum()
    print(hvp(mlp, (W, b), (torch.ones(3, 2), b)))
    print(vhp(mlp, (W, b), (torch.ones(3, 2), b)))
    print(hvp(lambda t: t.exp().sum(), torch.tensor([0.5])), vhp(lambda t: t.exp(), torch.tensor(0.5)))
    print(hvp(lambda t, s: (t ** 2).sum(), (x, y), (y, x)), vhp(lambda t: (t * 2).sum(), x, y))
    print(hvp(lambda t: (t * 2).sum(), x, y), vhp(lambda t: (t > 0).float().sum(), x, y))
    print(hvp(lambda t: (t ** 2).sum(), x.double(), y.double()))
""")
functional_case("hvp_vhp_create_graph", """
    xr = x.clone().requires_grad_()
    f = lambda t: (t.pow(3) * t.sum()).sum()
    for product in (hvp, vhp):
        xr.grad = None
        out, p = product(f, xr, y, create_graph=True)
        print(out, p, meta((out, p)))
        p.sum().backward()
        print(xr.grad)
        print(meta(product(f, xr, y)), meta(product(f, x, y, create_graph=True)))
        print(meta(product(lambda t: (t * t).sum(), x, y, create_graph=True)))
""")
functional_case("hvp_vhp_errors_and_strict", """
    for product in (hvp, vhp):
        attempt(lambda: product(lambda t: (t ** 2).sum(), x))
        attempt(lambda: product(lambda t: t ** 2, x, y))
        attempt(lambda: product(lambda t: ((t ** 2).sum(),), x, y))
        attempt(lambda: product(lambda t: 2.0, x, y))
        attempt(lambda: product(lambda t: (t ** 2).sum(), x, torch.ones(2)))
        attempt(lambda: product(lambda t: (t ** 2).sum(), (x,), (y, y)))
        attempt(lambda: product(lambda t: (t ** 2).sum(), x, None, strict=True))
        attempt(lambda: product(lambda t: (t * 2).sum(), x, y, strict=True))
        attempt(lambda: product(lambda t, s: (t ** 2).sum(), (x, y), (y, x), strict=True))
        attempt(lambda: product(lambda t: (t > 0).float().sum(), x, y, strict=True))
        attempt(lambda: product(lambda t: (t ** 2).sum(), x, y, strict=True))
        attempt(lambda: product(lambda t: (t ** 2).sum(), x, y, strict=True, create_graph=True))
        attempt(lambda: product(lambda t: (t ** 3).sum(), x, y, strict=True, create_graph=True))
""")
functional_case("under_no_grad", """
    xr = x.clone().requires_grad_()
    with torch.no_grad():
        print(meta(jacobian(lambda t: t.exp(), xr)), meta(hessian(lambda t: t.exp().sum(), xr)))
        print(meta(vjp(lambda t: t.exp(), xr, y)), meta(jvp(lambda t: t.exp(), xr, y)))
        print(meta(hvp(lambda t: t.exp().sum(), xr, y)), meta(vhp(lambda t: t.exp().sum(), xr, y)))
        print(meta(vjp(lambda t: t.exp(), xr, y, create_graph=True)))
        print(meta(jacobian(lambda t: t.exp(), xr, create_graph=True)))
    print(xr.grad, torch.is_grad_enabled())
""")
