"""Lesson 09 (backward(gradient=...) and autograd.grad): weighted outputs; a second derivative."""

from ..answers import Feedback, grad_of, numbers_of, tensor_arg
from ..check import close, exercise, expect

HINTS = {
    "x.grad": [
        "v has two elements, so backward needs one weight per element: gradient=torch.tensor([...]) with a "
        "positive weight for v[0] and a negative one for v[1].",
        "section 2 of this lesson weights two outputs the same way; reuse its call with the exercise's weights.",
        "section 1 explains what backward computes from the weights: the weighted sum of the outputs' gradients.",
    ],
    "d1": [
        "d1 is f'(2), the derivative of x**3 - 2x at x = 2; torch.autograd.grad returns it (in a tuple), and "
        "d2 will need a graph of d1 to differentiate.",
        "section 3 of this lesson computes a first derivative with autograd.grad; do the same for this f.",
    ],
    "d2": [
        "d2 is the derivative of d1 with respect to x; that works only if the call that made d1 also recorded a "
        "graph for its result (section 3 says which argument does that).",
        "section 3 of this lesson computes a second derivative; do the same for this f.",
    ],
}


@exercise("l09_weighted", hints=HINTS)
def l09_weighted(x):
    """x = [2], v = cat([x * x, 3x]) weighted by (1, -1): x.grad = 2x - 3 = 1."""
    x = tensor_arg("x", x)
    if not close(numbers_of("x", x), [2.0]):
        raise Feedback("x should be the exercise's x = torch.tensor([2.], requires_grad=True).")
    g = grad_of(x, "x")
    expect("x.grad", g, 1.0, mistakes=[
        (7.0, "weights both outputs by one; pass the weights in gradient= so that the second output counts "
              "negatively."),
        (4.0, "comes from the first output only; the gradient= tensor needs one weight per element of v."),
        (3.0, "comes from the second output only; the gradient= tensor needs one weight per element of v."),
        (-3.0, "comes from the second output only; the gradient= tensor needs one weight per element of v."),
    ])


@exercise("l09_second_derivative", hints=HINTS)
def l09_second_derivative(d1, d2):
    """f(x) = x^3 - 2x at x = 2: f'(2) = 3x^2 - 2 = 10, f''(2) = 6x = 12."""
    if close(d1, 12.0) and close(d2, 10.0):
        raise Feedback("d1 and d2 are swapped: d1 is the first derivative, d2 the derivative of d1.")
    expect("d1", d1, 10.0, mistakes=[
        (4.0, "is the value f(2), not the derivative; torch.autograd.grad(f, x) gives f'."),
    ])
    expect("d2", d2, 12.0)
