"""Lesson 07 (gradients accumulate): zero the gradient in a loop; predict accumulated gradients."""

import math

from ..check import Feedback, close, exercise, expect, grad_of, value


@exercise("l07_zero_grad")
def l07_zero_grad(w):
    """w = 2, loss = (3w - 1)^2 three times with .grad reset in between: w.grad = 2 (3w - 1) 3 = 30; without a
    reset it is 90 (the generic 'k times' feedback of expect names the missing zero_)."""
    if value(w) != 2:
        raise Feedback("start from w = torch.tensor(2.0, requires_grad=True), as in the exercise cell.")
    g = grad_of(w, "w")
    if isinstance(g, (int, float)) and math.isclose(g, 0.0, abs_tol=1e-6):
        raise Feedback(
            "w.grad = 0: you zeroed the gradient after the last backward(). Reset it before backward() "
            "(at the top of the loop), so that the last backward's gradient is what stays."
        )
    expect("w.grad", g, 30.0)


@exercise("l07_predict")
def l07_predict(grad_at_A, grad_at_B):
    """(y1 - y2)^2 at x = 3 gives 4 per backward: 8 after two; zero_() then (x + 1) * 2 gives 2."""
    a, b = value(grad_at_A), value(grad_at_B)
    if close(a, 4.0):
        raise Feedback(
            "grad_at_A = 4 is one backward's worth. The loop built two graphs and called backward() on each; "
            "both added their 4 to the same x.grad."
        )
    expect("grad_at_A", a, 8.0)
    if close(b, 10.0):
        raise Feedback(
            "grad_at_B = 10 keeps the 8 from point A. x.grad.zero_() set it to 0 first, so only the last "
            "backward's 2 is there."
        )
    expect("grad_at_B", b, 2.0)

