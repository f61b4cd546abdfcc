"""Parity cases of torch.autograd names and behaviours students meet that minigrad lacked (round of H6)."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

case("api_autograd_gaps_multithreading", """
print(torch.autograd.is_multithreading_enabled(), torch.autograd.is_view_replay_enabled())
switch = torch.autograd.set_multithreading_enabled(False)
print(type(switch), torch.autograd.is_multithreading_enabled())
with torch.autograd.set_multithreading_enabled(True):
    print(torch.autograd.is_multithreading_enabled())
print(torch.autograd.is_multithreading_enabled())
x = torch.tensor([1., 2.], requires_grad=True)
with torch.autograd.set_multithreading_enabled(False):
    (x * x).sum().backward()
print(x.grad, torch.autograd.is_multithreading_enabled())
torch.autograd.set_multithreading_enabled(True)
try:
    torch.autograd.set_multithreading_enabled("no")
except TypeError as e:
    print(type(e).__name__, e)
""")

case("api_autograd_gaps_function_meta", """
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2

print(type(Double), type(torch.autograd.Function), isinstance(Double, torch.autograd.function.FunctionMeta))
print(torch.autograd.function.FunctionMeta.__mro__, Double._backward_cls)
print(issubclass(torch.autograd.function.InplaceFunction, torch.autograd.Function),
      issubclass(torch.autograd.NestedIOFunction, torch.autograd.Function),
      torch.autograd.function.NestedIOFunction is torch.autograd.NestedIOFunction)
y = Double.apply(torch.tensor([1., 2.], requires_grad=True) * 1)
print(isinstance(y.grad_fn.next_functions[0][0]._raw_saved_self, torch.autograd.SavedTensor))
""")

case("api_autograd_gaps_vmap_item", """
x = torch.arange(3.)
for f in (lambda t: t.item(), lambda t: float(t), lambda t: int(t), lambda t: t if t else -t,
          lambda t: t * x[0].item()):
    try:
        print(torch.func.vmap(f)(x))
    except Exception as e:
        print(type(e).__name__, e)
""")

# a Function's node lists what save_for_backward kept as SavedTensors (None too), whose hooks a student can set; an
# empty tuple for a Function that saved nothing; torch's error once what was saved is freed
case(
    "api_autograd_gaps_function_raw_saved_tensors",
    """
    import torch

    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, w):
            ctx.save_for_backward(x, None, w)
            return x.clamp(min=0) * w

        @staticmethod
        def backward(ctx, g):
            x, _, w = ctx.saved_tensors
            return g * (x > 0) * w, g * x.clamp(min=0)

    class Double(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    x = torch.tensor([-1.0, 2.0, 3.0], requires_grad=True)
    w = torch.tensor(0.5, requires_grad=True)
    y = MyReLU.apply(x * 1, w)
    raw = y.grad_fn._raw_saved_tensors
    print(type(raw).__name__, len(raw), [type(r).__name__ for r in raw])
    raw[0].register_hooks(lambda t: (print("pack", t), t * 10)[1], lambda t: (print("unpack", t), t / 10)[1])
    y.sum().backward()
    print(x.grad, w.grad)
    try:
        y.grad_fn._raw_saved_tensors
    except RuntimeError as e:
        print("RuntimeError", str(e)[:60])
    z = Double.apply(x)
    print(z.grad_fn._raw_saved_tensors)
    z.sum().backward()
    print(z.grad_fn._raw_saved_tensors, x.grad)
    """,
)
