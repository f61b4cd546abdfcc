"""Lesson 00 (start here): a warm-up on y = (w + x)(w + 1) from the 计算图 notes."""

from ..check import exercise, expect

HINTS = {
    "y_value": [
        "compute the two factors first, a = w + x and b = w + 1, then multiply them: y = a * b.",
        "read y off the stepper above: the forward step of `y = torch.mul(a, b)` shows its value.",
        "go back to the stepper example at the top of this lesson and step to the end of the forward pass.",
    ],
    "w_grad": [
        "w reaches y through a and through b: dy/dw = (dy/da)(da/dw) + (dy/db)(db/dw), with dy/da = b and "
        "dy/db = a.",
        "in the stepper, find the backward step where two gradients arrive at w and are summed.",
        "re-run the stepper cell above and step through its backward pass to the end; w.grad is shown there.",
    ],
}


@exercise("l00_warmup", hints=HINTS)
def l00_warmup(y_value, w_grad):
    """w = 1, x = 2: y = (w + x)(w + 1) = 6 and dy/dw = (w + 1) + (w + x) = 5."""
    one_factor = "is one factor alone (a = w + x or b = w + 1); y multiplies the two factors."
    expect("y_value", y_value, 6.0, mistakes=[(3.0, one_factor), (2.0, one_factor),
                                                 (5.0, "adds the two factors; y multiplies them.")])
    expect("w_grad", w_grad, 5.0, mistakes=[
        (2.0, "follows only the path through a = w + x; w is also in b = w + 1, and the two paths add up."),
        (3.0, "follows only the path through b = w + 1; w is also in a = w + x, and the two paths add up."),
        (6.0, "is the value of y, not its derivative with respect to w."),
    ])
