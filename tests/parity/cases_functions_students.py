"""Parity cases from custom ``torch.autograd.Function`` subclasses students write themselves after the
MyReLU example: old and new style, ``ctx``'s options, and the mistakes they make."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

# Each call in CALLS (text, evaluated with x and m, two leaves), its result and node, and the grads its backward gives.
_CALLS = """
for call in CALLS:
    print(call)
    try:
        y = eval(call)
        print("  ", y, nf(y))
        y.sum().backward()
        print("  ", x.grad, m.grad)
    except Exception as e:
        print("  ", type(e).__name__, e)
    x.grad = m.grad = None
"""

# ---------------------------------------------------------------------------------------------------------
# Keyword arguments to ``apply``: without ``setup_context`` torch puts each at the position of forward's
# parameter of that name (a tensor passed so gets an edge; a default before it is not filled in); with it,
# ``inspect`` binds them and fills every default, so ``inputs`` holds them all.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_functions_students_apply_keywords",
    ["""
    class Scale(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k=2.0, *, m=None):
            print("  forward", k, m, ctx.needs_input_grad)
            return x * k

        @staticmethod
        def backward(ctx, g):
            return g * 2.0, None

    class Three(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b=5.0, c=7.0, *rest):
            print("  forward", b, c, rest, ctx.needs_input_grad)
            return a * b * c

        @staticmethod
        def backward(ctx, g):
            return (g,) + (None,) * (len(ctx.needs_input_grad) - 1)

    x = torch.tensor([1., 2.], requires_grad=True)
    m = torch.tensor([1., 3.], requires_grad=True)
    CALLS = ["Scale.apply(x=x)", "Scale.apply(x, k=m)", "Scale.apply(k=m, x=x)", "Scale.apply(torch.ones(2), k=m)",
             "Scale.apply(x, m=3)", "Scale.apply(x, 2, k=3)", "Three.apply(b=2., a=x)", "Three.apply(x, c=m)",
             "Three.apply(c=m)", "Three.apply(x, rest=1)", "Three.apply(x, ctx=1)"]
    """, _CALLS],
)
case(
    "api_functions_students_setup_context_keywords",
    ["""
    class Scale(torch.autograd.Function):
        @staticmethod
        def forward(x, k=2.0):
            return x * k

        @staticmethod
        def setup_context(ctx, inputs, output):
            print("  inputs", len(inputs), ctx.needs_input_grad)
            ctx.k = inputs[1]

        @staticmethod
        def backward(ctx, g):
            return g * ctx.k, None

    class KeywordOnly(torch.autograd.Function):  # its default m=None is passed as a keyword: torch refuses it
        @staticmethod
        def forward(x, *, m=None):
            return x * 2

        @staticmethod
        def setup_context(ctx, inputs, output):
            pass

        @staticmethod
        def backward(ctx, g):
            return g

    class WithCtx(torch.autograd.Function):  # a forward that still takes ctx, next to setup_context
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def setup_context(ctx, inputs, output):
            pass

        @staticmethod
        def backward(ctx, g):
            return g

    x = torch.tensor([1., 2.], requires_grad=True)
    m = torch.tensor([1., 3.], requires_grad=True)
    CALLS = ["Scale.apply(x)", "Scale.apply(x=x)", "Scale.apply(x, k=m)", "Scale.apply(x, 1, 2)", "Scale.apply()",
             "Scale.apply(x, 2, k=3)", "Scale.apply(x, z=3)", "KeywordOnly.apply(x)", "WithCtx.apply(x)"]
    """, _CALLS],
)

# ---------------------------------------------------------------------------------------------------------
# torch saves what ``save_for_backward`` was given once ``forward`` has returned, and only for a recorded call:
# a non-tensor is refused then (after forward's own errors), not at all without grad; a tensor changed in place
# later in forward is saved at its new version.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_functions_students_saved_after_forward",
    [ATTEMPT, """
    class SaveK(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            ctx.save_for_backward(x, k)
            print("saved", type(k).__name__)
            return x * k

        @staticmethod
        def backward(ctx, g):
            return g, None

    class SaveInputs(torch.autograd.Function):
        @staticmethod
        def forward(x, k):
            return x * k

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(*inputs)

        @staticmethod
        def backward(ctx, g):
            return g, None

    class DoubleThenSave(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            x.mul_(2)  # no mark_dirty: x is saved as it is when forward returns
            return x * 1

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * x

    x = torch.tensor([1., 2.], requires_grad=True)
    attempt("float", lambda: SaveK.apply(x, 2.0))
    attempt("list", lambda: SaveK.apply(x, [1, 2]))
    attempt("no grad needed", lambda: SaveK.apply(torch.ones(2), 2.0))
    with torch.no_grad():
        attempt("no_grad", lambda: SaveK.apply(x, 2.0))
    attempt("setup_context", lambda: SaveInputs.apply(x, 2.0))
    attempt("setup_context, no grad needed", lambda: SaveInputs.apply(torch.ones(2), 2.0))
    a = torch.tensor([1., 2.], requires_grad=True)
    h = a * 1
    y = DoubleThenSave.apply(h)
    print(y, h._version, y.grad_fn.saved_tensors)
    y.sum().backward()
    print(a.grad)
    """],
)

# ---------------------------------------------------------------------------------------------------------
# The ctx and node classes: FunctionCtx (what type hints name), BackwardCFunction in torch's module, the
# deprecated ctx.saved_variables, ctx.to_save, Function.apply on the base class, and grad_fn.apply(grad), which
# runs the user's backward directly (a Function's node cannot be called like a built-in one).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_functions_students_ctx_and_node_classes",
    [ATTEMPT, """
    from torch.autograd.function import BackwardCFunction, FunctionCtx

    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx: FunctionCtx, x):
            ctx.save_for_backward(x)
            print("to_save", ctx.to_save)
            return x.clamp(min=0)

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_variables
            return g * (x > 0)

    x = torch.tensor([1., -2.], requires_grad=True)
    y = MyReLU.apply(x)
    node = y.grad_fn
    print(type(node), type(node).__bases__, BackwardCFunction, FunctionCtx)
    print(isinstance(node, FunctionCtx), isinstance(node, torch.autograd.graph.Node))
    attempt("apply", lambda: node.apply(torch.tensor([5., 6.])))
    attempt("apply, two grads", lambda: node.apply(torch.ones(2), torch.ones(2)))
    attempt("call", lambda: node(torch.ones(2)))
    y.sum().backward()
    print(x.grad)
    attempt("base apply", lambda: torch.autograd.Function.apply(x))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# A backward that returns a gradient (of any shape) for an input that needs none: torch passes it to the node's
# hooks unchecked and drops it.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_functions_students_grad_for_input_without_grad",
    [ATTEMPT, """
    class Mul(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            return a * b

        @staticmethod
        def backward(ctx, g):
            return g, torch.ones(5, dtype=torch.long)

    a = torch.tensor([1., 2.], requires_grad=True)
    b = torch.tensor([3., 4.])
    y = Mul.apply(a, b)
    y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("hook", grad_inputs))
    y.sum().backward()
    print(a.grad)
    attempt("both need grad", lambda: Mul.apply(a, b.requires_grad_()).sum().backward())
    """],
)

# ---------------------------------------------------------------------------------------------------------
# ctx while forward runs: it already has its edges; ctx.saved_tensors cannot be assigned (a student's way of saving),
# ctx.to_save can (what is saved once forward returns).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_functions_students_ctx_in_forward",
    [ATTEMPT, """
    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            print(ctx, ctx.needs_input_grad, ctx.next_functions)
            ctx.saved_tensors = (x,)
            return x.clamp(min=0)

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * (x > 0)

    class ToSave(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.to_save = (x,)
            return x.clamp(min=0)

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * (x > 0)

    x = torch.tensor([1., -2.], requires_grad=True)
    attempt("assign saved_tensors", lambda: MyReLU.apply(x * 1))
    y = ToSave.apply(x)
    print(y.grad_fn.saved_tensors)
    y.sum().backward()
    print(x.grad)
    """],
)
