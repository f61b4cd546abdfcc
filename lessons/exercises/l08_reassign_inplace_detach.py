"""Lesson 08 (reassignment, in-place, detach): names vs nodes; a detached branch; where an in-place change fails."""

from ..check import Feedback, close, exercise, expect, value


@exercise("l08_reassign")
def l08_reassign(dy_last, dy_first):
    """w1 = 3, w2 = 2, x = 1: y = w1 x = 3, y = w2 y = 6, out = y^2. d out/d(last y) = 2 * 6 = 12 and
    d out/d(first y) = 12 * w2 = 24."""
    last, first = value(dy_last), value(dy_first)
    if close(last, 24.0) and close(first, 12.0):
        raise Feedback(
            "the two are swapped. After `y = w2*y` the name y points at the last product, whose gradient is "
            "2y = 12; the first product sits one step further back: 12 * w2 = 24."
        )
    if close(last, 6.0):
        raise Feedback("dy_last = 6 is the value of y, not its gradient: d(y^2)/dy = 2y.")
    expect("dy_last", last, 12.0)
    if close(first, 12.0):
        raise Feedback(
            "dy_first = 12 is the last y's gradient. The first product is multiplied by w2 = 2 on its way to "
            "out, so one more chain-rule step gives 12 * 2."
        )
    expect("dy_first", first, 24.0)


@exercise("l08_detach")
def l08_detach(x_grad):
    """out = x^2 + x.detach()^3 at x = 2: the detached term is a constant, so x.grad = 2x = 4."""
    g = value(x_grad)
    if close(g, 16.0):
        raise Feedback(
            "16 = 4 + 12 differentiates both terms. x.detach() is outside the graph, so x.detach()**3 is a "
            "constant for backward: only x**2 contributes."
        )
    if close(g, 12.0):
        raise Feedback("12 = 3x^2 is the derivative of the detached term, the one backward cannot see. "
                       "It is the other term, x**2, that counts.")
    expect("x_grad", g, 4.0)


@exercise("l08_inplace")
def l08_inplace(failing_line):
    """sigmoid saves its output b; b.add_(1) is allowed on a non-leaf, and backward (line 5) finds b at
    version 1 where SigmoidBackward0 expected version 0."""
    n = value(failing_line)
    if n == 4:
        raise Feedback(
            "line 4 runs fine: b is not a leaf, so an in-place change is allowed and just recorded. The "
            "problem only shows when a node needs the old b: at backward."
        )
    if n == 0:
        raise Feedback(
            "something does fail: sigmoid saved b for its backward, b.add_(1) raised b's version to 1, and "
            "backward refuses a saved tensor whose version changed."
        )
    if n == 3:
        raise Feedback("line 3 only reads b. Modifying b comes later, and the check happens at backward.")
    if n != 5:
        raise Feedback(f"line {n} is fine. Think about which node saved b and when it needs it.")

