"""Lesson 04 (Function): write MySquare; MyReLU's gradient at exactly zero."""

import importlib

from ..check import Feedback, close, exercise, expect, value


def _library(fn_class):
    """The tensor library a Function subclass was written for: minigrad or torch."""
    for base in getattr(fn_class, "__mro__", ()):
        root = base.__module__.split(".")[0]
        if root in ("minigrad", "torch"):
            return importlib.import_module(root)
    return None


def _close(got, want):
    return close(got, want, tol=1e-6)


@exercise("l04_mysquare")
def l04_mysquare(MySquare):
    """MySquare.apply(x) = x**2 and its backward returns 2 * x * grad_output."""
    lib = _library(MySquare)
    if lib is None or not hasattr(MySquare, "apply"):
        raise Feedback("MySquare should be a class that subclasses torch.autograd.Function.")
    xs, upstream = [-1.5, 0.5, 2.0], [1.0, 2.0, 3.0]
    x = lib.tensor(xs, dtype=lib.float64, requires_grad=True)
    try:
        y = MySquare.apply(x)
    except Exception as err:  # noqa: BLE001 - any error in the student's forward becomes feedback
        raise Feedback(f"MySquare.apply(x) raised {type(err).__name__}: {err}") from None
    if y is None:
        raise Feedback("forward returned None: end it with `return input ** 2`.")
    if not _close(value(y), [v * v for v in xs]):
        raise Feedback(f"forward gave {value(y)} for x = {xs}; it should return input ** 2.")
    try:
        saved_nothing = len(y.grad_fn.saved_tensors) == 0
    except Exception:  # noqa: BLE001 - unreadable saved tensors: leave the hint out
        saved_nothing = False
    try:
        (y * lib.tensor(upstream, dtype=lib.float64)).sum().backward()
    except Exception as err:  # noqa: BLE001
        hint = " forward saved nothing: call ctx.save_for_backward(input) there." if saved_nothing else ""
        raise Feedback(f"backward raised {type(err).__name__}: {err}.{hint}") from None
    got = value(x.grad)
    if got is None:
        raise Feedback("backward returned None: return the gradient with respect to input.")
    if _close(got, [2 * v for v in xs]):
        raise Feedback("backward returned 2 * input but ignored grad_output. The chain rule multiplies the local "
                       "derivative by the gradient arriving from above: 2 * input * grad_output.")
    if _close(got, [v * g for v, g in zip(xs, upstream)]):
        raise Feedback("backward returned input * grad_output: the derivative of input**2 is 2 * input.")
    if _close(got, [v * v * g for v, g in zip(xs, upstream)]):
        raise Feedback("backward returned input**2 * grad_output, the forward value; it should use the "
                       "derivative, 2 * input.")
    expect("gradient from MySquare.backward", got, [2 * v * g for v, g in zip(xs, upstream)])


@exercise("l04_relu_at_zero")
def l04_relu_at_zero(relu_grad):
    """MyReLU masks input < 0 only: at x = [-2, 0, 3] with upstream 5, x.grad = [0, 5, 5]."""
    got = value(relu_grad)
    if isinstance(got, list) and len(got) == 3:
        if _close(got, [0.0, 0.0, 5.0]):
            raise Feedback("[0, 0, 5] is what torch.relu gives. MyReLU.backward zeroes only where input < 0, so "
                           "at exactly 0 the gradient 5 passes through: [0, 5, 5].")
        if _close(got, [0.0, 1.0, 1.0]):
            raise Feedback("[0, 1, 1] leaves out the upstream gradient: (5 * y).sum() sends 5 to every y.")
    expect("relu_grad", got, [0.0, 5.0, 5.0])
