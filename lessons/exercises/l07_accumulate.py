"""Lesson 07 (gradients accumulate): zero the gradient in a loop; predict accumulated gradients."""

from ..answers import Feedback, grad_of, numbers_of, tensor_arg
from ..check import close, exercise, expect

HINTS = {
    "w.grad": [
        "after the loop, w.grad should hold the gradient of one iteration only: reset it before each backward, "
        "not after.",
        "section 3 of this lesson resets .grad inside the loop; do the same here.",
        "reread section 4: the reset goes before backward() in every iteration.",
    ],
    "grad_at_A": [
        "each pass of the loop builds a fresh graph and its backward adds one gradient (the one of lesson 03's "
        "example) to the same x.grad; count the passes.",
        "section 2 of this lesson shows .grad after two backward calls; the loop does the same.",
    ],
    "grad_at_B": [
        "zero_() sets x.grad to zero; then the last backward adds the derivative of (x + 1) * 2 with respect "
        "to x.",
        "section 3 of this lesson shows what zero_() leaves; then add one backward's gradient.",
    ],
}


@exercise("l07_zero_grad", hints=HINTS)
def l07_zero_grad(w):
    """w = 2, loss = (3w - 1)^2 three times with .grad reset in between: w.grad = 2 (3w - 1) 3 = 30; without a
    reset it is 90 (expect's 'too large' feedback names the missing reset)."""
    w = tensor_arg("w", w)
    if not close(numbers_of("w", w), [2.0]):
        raise Feedback("w should be the exercise's w = torch.tensor(2.0, requires_grad=True).")
    g = grad_of(w, "w")
    if close(g, 0.0):
        raise Feedback("w.grad is zero: you reset the gradient after the last backward(); reset it before "
                       "backward() (at the top of the loop), so that the last backward's gradient is what stays.")
    expect("w.grad", g, 30.0)


@exercise("l07_predict", predict=True, hints=HINTS)
def l07_predict(grad_at_A, grad_at_B):
    """(y1 - y2)^2 at x = 3 gives 4 per backward: 8 after two; zero_() then (x + 1) * 2 gives 2."""
    expect("grad_at_A", grad_at_A, 8.0, mistakes=[
        (4.0, "holds one backward's gradient only; the loop built two graphs and called backward() on each, and "
              "both added their gradient to the same x.grad."),
    ])
    expect("grad_at_B", grad_at_B, 2.0, mistakes=[
        (10.0, "still holds point A's gradient; x.grad.zero_() set it to zero first, so only the last "
               "backward's gradient is there."),
        (0.0, "is what x.grad holds right after zero_(); the last backward then adds its own gradient."),
    ])
