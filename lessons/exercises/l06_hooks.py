"""Lesson 06 (retain_grad and hooks): keep and double a non-leaf's gradient; predict a cut-off branch."""

from ..answers import Feedback, grad_of, numbers_of, tensor_arg
from ..check import close, exercise, expect

HINTS = {
    "y.grad": [
        "the gradient arriving at y is d(3y)/dy; your hook must return twice that, and retain_grad stores what "
        "the hooks return.",
        "check the order of section 6: hooks run first, then retain_grad stores their result.",
        "reread section 5: a hook replaces the gradient only if it returns a tensor.",
    ],
    "x.grad": [
        "the node behind y uses the gradient the hook returned: x.grad is that gradient times dy/dx = 2x.",
        "section 6 shows that the node behind a tensor runs with what its hooks returned.",
    ],
    "x_grad": [
        "with the y1 branch cut, only the y2 branch reaches x: multiply the gradient arriving at y2 (section 1) "
        "by dy2/dx.",
        "redo section 1's chain-rule bullets with the y1 branch contributing nothing.",
        "step through section 2's stepper and imagine the y1 hook returning zeros.",
    ],
}


@exercise("l06_double_hook", hints=HINTS)
def l06_double_hook(x, y):
    """x = 2, y = x^2, out = 3y, with y.retain_grad() and a hook on y that doubles its gradient: the hook runs
    before retain_grad stores, so y.grad = 2 * 3 = 6, and the node behind y uses it too: x.grad = 6 * 2x = 24."""
    x, y = tensor_arg("x", x), tensor_arg("y", y)
    if not close(numbers_of("x", x), [2.0]):
        raise Feedback("x should be the exercise's x = torch.tensor(2.0, requires_grad=True).")
    if getattr(y, "is_leaf", True):
        raise Feedback("y should be computed from x (y = x ** 2), so it is a non-leaf; pass that y.")
    y_grad = grad_of(y, "y")
    x_grad = grad_of(x, "x")
    if close(y_grad, 3.0) and close(x_grad, 12.0):
        raise Feedback("y.grad and x.grad are the gradients without the hook: either no hook was registered, or "
                       "it did not return the doubled tensor (a hook that returns None, like print, changes "
                       "nothing); use y.register_hook(lambda g: g * 2).")
    if close(y_grad, 3.0) and close(x_grad, 24.0):
        raise Feedback("x.grad is doubled but y.grad is not: you doubled a different gradient (a hook on x?); "
                       "put the hook on y, where it runs before retain_grad stores y.grad.")
    if close(y_grad, 12.0) and close(x_grad, 48.0):
        raise Feedback("y.grad and x.grad are doubled twice: the doubling hook was registered twice (did you run "
                       "the registering line twice on the same y?), or backward ran twice; start again from a "
                       "fresh x.")
    expect("y.grad", y_grad, 6.0)
    expect("x.grad", x_grad, 24.0)


@exercise("l06_cut_branch", predict=True, hints=HINTS)
def l06_cut_branch(x_grad):
    """(y1 - y2)^2 at x = 3 with a hook returning g * 0 on y1: only the y2 branch is left, 4 * 2 = 8."""
    expect("x_grad", x_grad, 8.0, mistakes=[
        (4.0, "is x.grad without the hook; the hook's return value replaces the gradient arriving at y1, so the "
              "y1 branch now contributes nothing."),
        (-4.0, "is what the y1 branch alone gives; the hook zeroes that branch, so it is the y2 branch that "
               "remains."),
        (0.0, "means no gradient reaches x at all, but the hook cuts only the y1 branch; the gradient still "
              "reaches x through y2."),
    ])
