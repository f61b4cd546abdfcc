"""Parity cases for ``torch.autograd``'s API as the "Autograd mechanics" and "Extending torch.autograd" notes use it:
custom Functions' ``jvp``/``vjp``/``vmap`` rules and ``ctx`` at the wrong time, ``gradcheck``'s forward-mode, batched
and fast checks, ``torch.autograd.graph``'s ``GradientEdge``, multi-grad hooks, ``increment_version`` and
``allow_mutation_on_saved_tensors``, and smaller corners of ``grad``, the saved tensors hooks and the grad modes.
Each prints values, or the class and message of the error torch raises."""

from parity.cases import ATTEMPT, attempts, case

# torch's forward AD imports a module that warns about torch.jit.script once per process: not the user's business
_QUIET_JIT = """
import warnings
warnings.filterwarnings("ignore", message=".torch.jit.script. is deprecated")
"""

case(
    "autograd_api_ctx_saved_tensors_during_forward",
    [ATTEMPT, """
    class Old(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            print("in forward", ctx.saved_tensors)
            return x * 2

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * 2

    class New(torch.autograd.Function):
        @staticmethod
        def forward(x):
            return x.exp()

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(output)
            print("in setup_context", ctx.saved_tensors)

        @staticmethod
        def backward(ctx, g):
            (result,) = ctx.saved_tensors
            return g * result

    x = torch.tensor([0., 1.], requires_grad=True)
    y = Old.apply(x)
    print(len(y.grad_fn.saved_tensors))
    z = New.apply(x)
    print(z.grad_fn.saved_tensors)
    z.sum().backward()
    print(x.grad)
    """],
)

case(
    "autograd_api_function_jvp",
    [ATTEMPT, _QUIET_JIT, """
    import torch.autograd.forward_ad as fwAD

    class MyMul(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b, k):
            ctx.save_for_backward(a, b)
            ctx.save_for_forward(a, b)
            return a * b * k

        @staticmethod
        def backward(ctx, g):
            a, b = ctx.saved_tensors
            return g * b, g * a, None

        @staticmethod
        def jvp(ctx, ta, tb, tk):
            print("jvp", ta, tb, tk, ctx.saved_tensors)
            a, b = ctx.saved_tensors
            return (ta * b + tb * a) * 2

    class NoJvp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    class TwoTangents(NoJvp):
        @staticmethod
        def jvp(ctx, t):
            return t * 2, t

    class ShortTangent(NoJvp):
        @staticmethod
        def jvp(ctx, t):
            return t[:1]

    with fwAD.dual_level():
        d = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 0.5]))
        out = MyMul.apply(d, torch.tensor([3., 4.]), 2)
        print(out)
        print(fwAD.unpack_dual(out).tangent)
        attempt("no jvp", lambda: NoJvp.apply(d))
        print("no dual input", NoJvp.apply(torch.ones(2)))
        attempt("two tangents", lambda: TwoTangents.apply(d))
        attempt("short tangent", lambda: ShortTangent.apply(d))
    attempt("Function.jvp", lambda: NoJvp.jvp(None, torch.ones(1)))
    attempt("save int", lambda: type("G", (NoJvp,), {"forward": staticmethod(
        lambda ctx, x: (ctx.save_for_forward(3), x * 2)[1])}).apply(torch.ones(2)))
    """],
)

case(
    "autograd_api_function_vjp_instead_of_backward",
    [ATTEMPT, """
    class Twice(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def vjp(ctx, g):
            return g * 2

    class Both(Twice):
        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = torch.ones(2, requires_grad=True)
    Twice.apply(x).sum().backward()
    print(x.grad)
    attempt("both", lambda: Both.apply(x).sum().backward())
    """],
)

case(
    "autograd_api_function_vmap_rules",
    [ATTEMPT, """
    class Exp(torch.autograd.Function):
        @staticmethod
        def forward(x):
            return x.exp()

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(output)

        @staticmethod
        def backward(ctx, g):
            (result,) = ctx.saved_tensors
            return g * result

    class Generated(Exp):
        generate_vmap_rule = True

    class BothRules(Generated):
        @staticmethod
        def vmap(info, in_dims, x):
            return x.exp(), in_dims[0]

    x = torch.tensor([[0., 1.], [2., -1.]])
    attempt("no rule", lambda: torch.func.vmap(Exp.apply)(x))
    attempt("both rules", lambda: torch.func.vmap(BothRules.apply)(x))
    print(torch.func.vmap(Generated.apply)(x))
    print(torch.func.vmap(torch.func.grad(lambda t: Generated.apply(t).sum()))(x))
    print(torch.func.grad(lambda t: Exp.apply(t).sum())(x[0]))
    """],
)

case(
    "autograd_api_gradcheck_forward_ad",
    [ATTEMPT, _QUIET_JIT, """
    class Square(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 2

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * 2 * x

        @staticmethod
        def jvp(ctx, t):
            return t * 3

    x = torch.tensor([1., 2., 3.], dtype=torch.double, requires_grad=True)
    w = torch.tensor([[0.5, -1.], [2., 0.25], [1., 1.]], dtype=torch.double, requires_grad=True)
    print(torch.autograd.gradcheck(torch.sin, x, check_forward_ad=True))
    print(torch.autograd.gradcheck(lambda a, b: (a @ b).tanh(), (x, w), check_forward_ad=True,
                                   check_backward_ad=False))
    print(torch.autograd.gradgradcheck(lambda a: a.exp() * a, x, check_fwd_over_rev=True))
    attempt("wrong jvp", lambda: torch.autograd.gradcheck(Square.apply, x, check_forward_ad=True))
    attempt("wrong jvp, fast", lambda: torch.autograd.gradcheck(Square.apply, x, check_forward_ad=True,
                                                                  fast_mode=True))
    attempt("neither", lambda: torch.autograd.gradcheck(torch.sin, x, check_backward_ad=False))
    attempt("gg neither", lambda: torch.autograd.gradgradcheck(torch.sin, x, check_rev_over_rev=False))
    attempt("gg undefined", lambda: torch.autograd.gradgradcheck(torch.sin, x, check_rev_over_rev=False,
                                                                  check_fwd_over_rev=True))
    """],
)

case(
    "autograd_api_gradcheck_batched_grad",
    [ATTEMPT, _QUIET_JIT, """
    torch.manual_seed(0)
    x = torch.randn(3, 2, dtype=torch.double, requires_grad=True)
    w = torch.randn(2, 4, dtype=torch.double, requires_grad=True)
    print(torch.autograd.gradcheck(torch.mm, (x, w), check_batched_grad=True))
    print(torch.randn(2))  # the check drew its vectors from the global random state
    print(torch.autograd.gradcheck(torch.mm, (x, w), check_forward_ad=True, check_batched_forward_grad=True))
    print(torch.autograd.gradgradcheck(torch.mm, (x, w), check_batched_grad=True))
    print(torch.randn(2))
    attempt("no backward", lambda: torch.autograd.gradcheck(torch.sin, x, check_batched_grad=True,
                                                            check_backward_ad=False, check_forward_ad=True))
    attempt("no forward", lambda: torch.autograd.gradcheck(torch.sin, x, check_batched_forward_grad=True))
    """],
)

case(
    "autograd_api_gradcheck_fast_mode_failures",
    [ATTEMPT, """
    class Triple(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 3

    class Shifted(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x ** 2

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * 2 * x + 1e-3

    class Mixed(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, y):
            ctx.save_for_backward(x, y)
            return x * y, x + y

        @staticmethod
        def backward(ctx, g1, g2):
            x, y = ctx.saved_tensors
            return g1 * y + g2, g1 * x

    x = torch.tensor([1., 2.], dtype=torch.double, requires_grad=True)
    a = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.double, requires_grad=True)
    b = torch.tensor([[0.5, -1.], [2., 0.25]], dtype=torch.double, requires_grad=True)
    print(torch.autograd.gradcheck(torch.tanh, x, fast_mode=True), torch.autograd.gradgradcheck(torch.tanh, x,
                                                                                                 fast_mode=True))
    attempt("triple", lambda: torch.autograd.gradcheck(Triple.apply, x, fast_mode=True))
    attempt("shifted", lambda: torch.autograd.gradcheck(Shifted.apply, x, fast_mode=True))
    attempt("mixed", lambda: torch.autograd.gradcheck(Mixed.apply, (a, b), fast_mode=True))
    print(torch.autograd.gradcheck(Triple.apply, x, fast_mode=True, raise_exception=False))
    """],
)

case(
    "autograd_api_gradgradcheck_grad_outputs_shape",
    [ATTEMPT, """
    x = torch.tensor([1., 2.], requires_grad=True, dtype=torch.double)
    print(torch.autograd.gradgradcheck(lambda t: t ** 3, x, torch.ones(2, dtype=torch.double, requires_grad=True)))
    attempt("shape", lambda: torch.autograd.gradgradcheck(lambda t: t ** 3, x,
                                                          torch.ones(3, dtype=torch.double, requires_grad=True)))
    """],
)

case(
    "autograd_api_gradient_edge",
    [ATTEMPT, """
    from torch.autograd.graph import GradientEdge, get_gradient_edge

    x = torch.tensor([1., 2.], requires_grad=True)
    y = x.exp()
    z = (y.sin() * x).sum()
    e = get_gradient_edge(y)
    print(type(e).__name__, e.node.name(), e.output_nr, e.ownership_token, isinstance(e, tuple))
    print(torch.autograd.grad(z, e, retain_graph=True))
    print(torch.autograd.grad(z, [e, x], retain_graph=True))
    leaf = get_gradient_edge(x)
    print(leaf.node.name(), leaf.output_nr)
    print(torch.autograd.grad(z, leaf, retain_graph=True))
    a, b = x.unbind()
    print(get_gradient_edge(b))
    w = torch.tensor([1., 2.], requires_grad=True)
    attempt("no grad", lambda: get_gradient_edge(torch.ones(2)))
    attempt("unused edge", lambda: torch.autograd.grad(z, [get_gradient_edge(w)], retain_graph=True))
    print(torch.autograd.grad(z, [get_gradient_edge(w)], allow_unused=True, retain_graph=True))
    attempt("materialize", lambda: torch.autograd.grad(z, [get_gradient_edge(w)], materialize_grads=True))
    print(GradientEdge(y.grad_fn, 0) == e)
    """],
)

case(
    "autograd_api_multi_grad_hook",
    [ATTEMPT, """
    a = torch.tensor([1., 2.], requires_grad=True)
    b = torch.tensor([3., 4.], requires_grad=True)
    c = a * b
    d = a * b
    h = torch.autograd.graph.register_multi_grad_hook((a, b, c, d), lambda grads: print(
        "all", [None if g is None else g.tolist() for g in grads]))
    print(type(h).__name__)
    c.sum().backward(retain_graph=True)
    c.sum().backward(inputs=(a,), retain_graph=True)
    (a * 2).sum().backward()
    h.remove()
    (a * b).sum().backward()
    print("removed")
    h = torch.autograd.graph.register_multi_grad_hook((a, b), lambda g: print("any", g), mode="any")
    (a * b).sum().backward()
    (b * 2).sum().backward()
    print(torch.autograd.grad((a * b).sum(), [a, b]))
    h.remove()
    e = a * 2
    f = e * 3
    torch.autograd.graph.register_multi_grad_hook((e, f), lambda g: print("non-leaf", g))
    print(torch.autograd.grad(f.sum(), a))
    torch.autograd.graph.register_multi_grad_hook((a, b), lambda g: print("leaves", g))
    attempt("leaves in grad()", lambda: torch.autograd.grad((a * b).sum(), a))
    attempt("mode", lambda: torch.autograd.graph.register_multi_grad_hook((a,), print, mode="some"))
    """],
)

case(
    "autograd_api_allow_mutation_on_saved_tensors",
    [ATTEMPT, """
    with torch.autograd.graph.allow_mutation_on_saved_tensors() as ctx:
        print(type(ctx).__name__)
        a = torch.tensor([1., 2.], requires_grad=True)
        b = a.clone()
        out = (b ** 2).sum() + b.sin().sum()
        b.mul_(10)
        out.backward()
        print(a.grad, b)
        attempt("nested", lambda: torch.autograd.graph.allow_mutation_on_saved_tensors().__enter__())
        later = (a.clone() ** 2).sum()
    attempt("outside", lambda: later.backward())
    c = a.clone()
    out = (c ** 2).sum()
    c.mul_(10)
    attempt("without it", lambda: out.backward())
    """],
)

case(
    "autograd_api_increment_version",
    [ATTEMPT, """
    a = torch.tensor([1., 2.], requires_grad=True)
    b = a.exp()
    torch.autograd.graph.increment_version(b)
    print(b._version)
    attempt("backward", lambda: b.sum().backward())
    c = a * 2
    d = c.exp()
    torch.autograd.graph.increment_version([c, d])
    print(c._version, d._version)
    with torch.inference_mode():
        t = torch.ones(2)
    torch.autograd.graph.increment_version(t)
    print("inference tensor left alone")
    """],
)

case(
    "autograd_api_saved_tensors_hooks_corners",
    [ATTEMPT, """
    x = torch.tensor([1., 2.], requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        try:
            with torch.autograd.graph.disable_saved_tensors_hooks("no hooks in here"):
                print("entered")
        except RuntimeError as e:
            print("disable while on:", e)
        y = x.pow(2)
    y.sum().backward()
    print(x.grad)
    z = x.pow(2)
    attempt("one hook", lambda: z.grad_fn._raw_saved_self.register_hooks(lambda t: t))
    attempt("three", lambda: z.grad_fn._raw_saved_self.register_hooks(print, print, print))
    """],
)

case(
    "autograd_api_grad_mode_corners",
    [ATTEMPT, """
    with torch.inference_mode(mode=False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    with torch.inference_mode():
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
        with torch.inference_mode(mode=False):
            print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
    x = torch.tensor([1., 2.], requires_grad=True)
    z = torch.tensor([1., 2.], requires_grad=True)
    y = (x * 2).sum()
    print(torch.autograd.grad(y, x, only_inputs=False, retain_graph=True))
    g = torch.autograd.grad(y, [x, z], materialize_grads=True, create_graph=True)
    print(g, [t.requires_grad for t in g])
    attempt("transform input", lambda: torch.func.grad(lambda t: t.sum())(2.0))
    attempt("vjp input", lambda: torch.func.vjp(torch.sin, [torch.ones(2), 3]))
    """],
)

case(
    "autograd_api_hook_handle_repr",
    [ATTEMPT, """
    x = torch.tensor([1., 2.], requires_grad=True)
    h = x.register_hook(lambda g: g * 2)
    print(h)
    print(type(h).__module__)
    print(x.exp().grad_fn.register_prehook(print))
    """],
)

# a node's saved attributes after backward freed them: an optional tensor that was left out (nll_loss's weight,
# layer_norm's weight, mul's self when only the other side needs it) still reads as None; a tensor is torch's error
attempts(
    "api_autograd_saved_none_after_backward",
    ["F = torch.nn.functional", "x = torch.ones(2, requires_grad=True)", "y = x * 2", "y.sum().backward()",
     "torch.manual_seed(0)", "inp = torch.randn(3, 4, requires_grad=True)",
     "l = F.nll_loss(inp, torch.tensor([0, 1, 2]))", "l.backward()",
     "ln = F.layer_norm(torch.randn(2, 3, requires_grad=True), (3,))", "ln.sum().backward()"],
    "y.grad_fn._saved_self",
    "y.grad_fn._saved_other",
    "l.grad_fn._saved_weight",
    "l.grad_fn._saved_target",
    "l.grad_fn._saved_ignore_index",
    "ln.grad_fn._saved_weight",
    "ln.grad_fn._saved_bias",
    "ln.grad_fn._saved_input",
    "ln.grad_fn._saved_normalized_shape",
)

# on the fast path a 0-d op's gradient can come out of numpy as a scalar: the tensor a hook, retain_grad or
# autograd.grad hands over holds a 0-d array, as torch's does (a scalar broke .numpy() and the stepper)
case(
    "api_autograd_zero_dim_gradients_are_arrays",
    [ATTEMPT, """
    w = torch.tensor(1.0, requires_grad=True)
    m = w * 3
    m.register_hook(lambda g: print("hook", type(g.numpy()).__name__, g.numpy().shape, g))
    t = m.tanh()
    t.retain_grad()
    s = t.sigmoid()
    s.backward()
    print("retained", type(t.grad.numpy()).__name__, t.grad.numpy().shape)
    print("leaf", type(w.grad.numpy()).__name__, w.grad.numpy().shape)
    (g,) = torch.autograd.grad(w.tanh().sigmoid(), w)
    print("grad", type(g.numpy()).__name__, g.numpy().shape, g)
    """],
)
