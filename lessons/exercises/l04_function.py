"""Lesson 04 (Function): write MySquare; MyReLU's gradient at exactly zero."""

import importlib
import inspect

from ..answers import Feedback, describe, numbers_of
from ..check import NotAnswered, close, exercise, expect

HINTS = {
    "MySquare": [
        "backward must return d(input**2)/d(input) times grad_output, using the input that forward saved with "
        "ctx.save_for_backward and backward reads from ctx.saved_tensors.",
        "compare your class with MyReLU in section 1: the same two methods, with a different formula.",
        "section 4's numerical check compares a backward with central differences; run it on MySquare.",
    ],
    "relu_grad": [
        "MyReLU.backward copies grad_output and zeroes it only where input < 0; grad_output here is the "
        "gradient of (5 * y).sum() with respect to y.",
        "run the exercise's three lines on a fresh x and print x.grad.",
        "section 1 of this lesson shows MyReLU's backward; apply its mask to this x.",
    ],
}


def _library(fn_class):
    """The tensor library a Function subclass was written for: minigrad or torch (None if neither)."""
    try:
        for base in getattr(fn_class, "__mro__", ()):
            root = base.__module__.split(".")[0]
            if root in ("minigrad", "torch") and base.__name__ == "Function":
                return importlib.import_module(root)
    except Exception:  # noqa: BLE001 - an object with a strange __mro__
        return None
    return None


def _run(what, call):
    """Run the student's forward or backward; their errors become feedback, the stub is 'not answered'."""
    try:
        return call()
    except NotImplementedError:
        raise NotAnswered(f"MySquare.{what} still raises NotImplementedError: write its body in place of "
                          "`raise NotImplementedError()` and run the class cell again.") from None
    except Exception as err:  # noqa: BLE001 - any error in the student's code becomes feedback
        text = str(err).splitlines()[0][:200] if str(err) else ""
        raise Feedback(f"MySquare's {what} raised {type(err).__name__}{': ' + text if text else ''}.") from None


@exercise("l04_mysquare", hints=HINTS)
def l04_mysquare(MySquare):
    """MySquare.apply(x) = x**2 and its backward returns 2 * x * grad_output."""
    lib = _library(MySquare)
    owner = getattr(MySquare, "__self__", None)
    if lib is None and isinstance(owner, type) and _library(owner) is not None:
        raise Feedback(f"MySquare is {owner.__name__}.{getattr(MySquare, '__name__', 'apply')}, one of its methods; "
                       "pass the class itself, without a method or parentheses (MySquare=MySquare).")
    if lib is None and not isinstance(MySquare, type) and _library(type(MySquare)) is not None:
        raise Feedback(f"MySquare is an object made by calling the class ({type(MySquare).__name__}()); pass the "
                       "class itself, without the parentheses (MySquare=MySquare).")
    if lib is None or not isinstance(MySquare, type) or not hasattr(MySquare, "apply"):
        raise Feedback(f"MySquare is {describe(MySquare)}; pass the class itself, a subclass of "
                       "torch.autograd.Function (MySquare=MySquare).")
    if MySquare.__name__ == "Function" and MySquare.__module__.split(".")[0] in ("minigrad", "torch"):
        raise Feedback("MySquare is torch.autograd.Function itself; pass your subclass of it, the class MySquare.")
    for method in ("forward", "backward"):
        if not isinstance(inspect.getattr_static(MySquare, method, None), staticmethod):
            raise Feedback(f"MySquare.{method} is not a static method: put @staticmethod above it, so that it takes "
                           "ctx as its first argument, as MyReLU's methods do.")
    xs, upstream = [-1.5, 0.5, 2.0], [1.0, 2.0, 3.0]
    x = lib.tensor(xs, dtype=lib.float64, requires_grad=True)
    y = _run("forward", lambda: MySquare.apply(x))
    if y is None:
        raise Feedback("forward returned None: end it with `return input ** 2`.")
    if not hasattr(y, "grad_fn"):
        raise Feedback(f"forward returned {describe(y)}; it should return a tensor, input ** 2.")
    if not close(y, [v * v for v in xs], tol=1e-6):
        got = numbers_of("forward's result", y)
        raise Feedback(f"forward gave {[round(v, 4) for v in got]} for input {xs}; it should return input ** 2.")
    try:
        saved_nothing = len(y.grad_fn.saved_tensors) == 0
    except Exception:  # noqa: BLE001 - unreadable saved tensors: leave the hint out
        saved_nothing = False
    try:
        _run("backward", lambda: (y * lib.tensor(upstream, dtype=lib.float64)).sum().backward())
    except NotAnswered:
        raise
    except Feedback as feedback:
        hint = " forward saved nothing: call ctx.save_for_backward(input) there." if saved_nothing else ""
        if "expected Variable or None" in str(feedback):  # torch's words for a backward that returned no tensor
            hint += " backward must return a tensor shaped like input (its gradient), not a number or a list."
        raise Feedback(f"{feedback}{hint}") from None
    got = x.grad
    if got is None:
        raise Feedback("backward returned None: return the gradient with respect to input.")
    if close(got, [2 * v for v in xs], tol=1e-6):
        raise Feedback("backward returned 2 * input but ignored grad_output; the chain rule multiplies the local "
                       "derivative by the gradient arriving from above.")
    if close(got, [v * g for v, g in zip(xs, upstream)], tol=1e-6):
        raise Feedback("backward returned input * grad_output, which leaves out a factor: redo the derivative of "
                       "input**2 with respect to input.")
    if close(got, [v * v * g for v, g in zip(xs, upstream)], tol=1e-6):
        raise Feedback("backward returned input**2 * grad_output, the forward value; it should use the "
                       "derivative of input**2.")
    want = [2 * v * g for v, g in zip(xs, upstream)]
    if close(got, [-w for w in want], tol=1e-6):
        raise Feedback("backward's result has its sign flipped: check the sign of the derivative it returns.")
    if close(got, [2 * w for w in want], tol=1e-6) or close(got, [3 * w for w in want], tol=1e-6):
        raise Feedback("backward's result is too large: check the factor in the derivative of input**2, and that "
                       "it multiplies grad_output once.")
    expect("MySquare", got, want, generic=False, tol=1e-6)


@exercise("l04_relu_at_zero", predict=True, hints=HINTS)
def l04_relu_at_zero(relu_grad):
    """MyReLU masks input < 0 only: at x = [-2, 0, 3] with upstream 5, x.grad = [0, 5, 5]."""
    expect("relu_grad", relu_grad, [0.0, 5.0, 5.0], mistakes=[
        ([0.0, 0.0, 5.0], "is what the built-in torch.relu gives; MyReLU.backward zeroes the gradient only where "
                          "input < 0, so at exactly 0 the upstream gradient passes through."),
        ([0.0, 1.0, 1.0], "leaves out the upstream gradient: (5 * y).sum() sends its own gradient to every "
                          "element of y, and MyReLU.backward passes it on."),
        ([-2.0, 0.0, 3.0], "is x itself, not its gradient."),
    ])
