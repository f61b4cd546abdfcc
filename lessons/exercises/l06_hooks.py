"""Lesson 06 (retain_grad and hooks): keep and double a non-leaf's gradient; predict a cut-off branch."""

from ..check import Feedback, close, exercise, expect, grad_of, value


@exercise("l06_double_hook")
def l06_double_hook(x, y):
    """x = 2, y = x^2, out = 3y, with y.retain_grad() and a hook on y that doubles its gradient: the hook runs
    before retain_grad stores, so y.grad = 2 * 3 = 6, and the node behind y uses it too: x.grad = 6 * 2x = 24."""
    if value(x) != 2:
        raise Feedback("start from x = torch.tensor(2.0, requires_grad=True), as in the exercise cell.")
    if getattr(y, "is_leaf", True):
        raise Feedback("y should be computed from x (y = x ** 2), so it is a non-leaf; pass that y.")
    y_grad = grad_of(y, "y")
    x_grad = grad_of(x, "x")
    if close(y_grad, 3.0) and close(x_grad, 12.0):
        raise Feedback(
            "y.grad = 3 and x.grad = 12 are the gradients without the hook: either no hook was registered, or it "
            "did not return the doubled tensor (a hook that returns None, like print, changes nothing). "
            "Use y.register_hook(lambda g: g * 2)."
        )
    if close(y_grad, 3.0) and close(x_grad, 24.0):
        raise Feedback(
            "x.grad is doubled but y.grad = 3: you doubled a different gradient (a hook on x?). Put the hook "
            "on y: it runs before retain_grad stores y.grad."
        )
    if close(y_grad, 12.0) and close(x_grad, 48.0):
        raise Feedback(
            "y.grad = 12 and x.grad = 48 are doubled twice: the doubling hook was registered twice (did you run "
            "the registering line twice on the same y?), or backward ran twice. Start again from a fresh x."
        )
    expect("y.grad", y_grad, 6.0)
    expect("x.grad", x_grad, 24.0)


@exercise("l06_cut_branch")
def l06_cut_branch(x_grad):
    """(y1 - y2)^2 at x = 3 with a hook returning g * 0 on y1: only the y2 branch is left, 4 * 2 = 8."""
    g = value(x_grad)
    if close(g, 4.0):
        raise Feedback(
            "4 is x.grad without the hook. The hook's return value replaces the gradient arriving at y1, so the "
            "y1 branch now contributes 0 * 1, and only the y2 branch is left."
        )
    if close(g, -4.0):
        raise Feedback(
            "-4 is what the y1 branch alone gives (-4 * dy1/dx). The hook zeroes y1's branch, so it is the y2 "
            "branch that remains: dloss/dy2 = 4, times dy2/dx = 2."
        )
    if close(g, 0.0):
        raise Feedback(
            "the hook only cuts the y1 branch. The gradient still reaches x through y2: dloss/dy2 = 4, times "
            "dy2/dx = 2."
        )
    expect("x_grad", g, 8.0)

