"""Lesson 09 (backward(gradient=...) and autograd.grad): weighted outputs; a second derivative."""

from ..check import Feedback, exercise, expect, grad_of, value


@exercise("l09_weighted")
def l09_weighted(x):
    """x = [2], v = cat([x * x, 3x]) weighted by (1, -1): x.grad = 2x - 3 = 1."""
    if value(x) != [2.0]:
        raise Feedback("start from x = torch.tensor([2.], requires_grad=True), as in the exercise cell.")
    g = _num(grad_of(x, "x"))
    if _is(g, 7.0):
        raise Feedback(
            "x.grad = 7 = 4 + 3 weights both outputs by 1. Pass the weights as gradient=torch.tensor([1., -1.]) "
            "so that the second output counts negatively."
        )
    if _is(g, 4.0) or _is(g, -3.0) or _is(g, 3.0):
        raise Feedback(
            f"x.grad = {g:g} comes from one output only. The gradient= tensor needs one weight per element "
            "of v: torch.tensor([1., -1.])."
        )
    expect("x.grad", g, 1.0)


@exercise("l09_second_derivative")
def l09_second_derivative(d1, d2):
    """f(x) = x^3 - 2x at x = 2: f'(2) = 3x^2 - 2 = 10, f''(2) = 6x = 12."""
    a, b = _num(value(d1)), _num(value(d2))
    if _is(a, 12.0) and _is(b, 10.0):
        raise Feedback("d1 and d2 are swapped: f'(2) = 3 * 2^2 - 2 and f''(2) = 6 * 2.")
    if _is(a, 4.0):
        raise Feedback("d1 = 4 is the value f(2) = 8 - 4, not the derivative. torch.autograd.grad(f, x) gives f'.")
    expect("d1", a, 10.0)
    expect("d2", b, 12.0)


def _num(x):
    while isinstance(x, list) and len(x) == 1:
        x = x[0]
    return x


def _is(got, want):
    return isinstance(got, (int, float)) and abs(got - want) < 1e-4
