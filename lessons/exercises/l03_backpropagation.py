"""Lesson 03 (backpropagation): the chain rule along two paths; the gradients of e = a*b + c*log(d)."""

from ..check import exercise, expect

HINTS = {
    "dloss_dy1": [
        "loss = u**2 with u = y1 - y2: d loss/du = 2u at the u of x = 5, and the subtraction passes it to y1 "
        "with a plus sign.",
        "redo step 2 of section 2 (\"from loss to y1 and y2\") with x = 5 instead of x = 3.",
        "go back to section 2, 'What loss.backward() did, in order', and follow the numbers one node at a time.",
    ],
    "dloss_dy2": [
        "the square sends 2u (u = y1 - y2) to the subtraction, which passes it to y2 with a minus sign.",
        "redo step 2 of section 2 (\"from loss to y1 and y2\") with x = 5 instead of x = 3.",
        "go back to section 2, 'What loss.backward() did, in order', and follow the numbers one node at a time.",
    ],
    "dloss_dx": [
        "x reaches the loss along two paths: through y1 = x + 1 (local derivative 1) and through y2 = 2x (local "
        "derivative 2); multiply each path's gradient by its local derivative and add the two.",
        "redo step 3 of section 2 with your dloss_dy1 and dloss_dy2, or build the graph at x = 5 and run "
        "backward().",
        "go back to section 2 and the stepper there: watch the step where the two gradients for x are summed.",
    ],
    "de_db": [
        "u = a * b: the derivative of a product with respect to one factor is the other factor, and e = u + v "
        "passes the gradient of u unchanged.",
        "redo the table of section 3 with the values of a, b, c and d given in the exercise.",
        "build the graph with the new values, call e.backward() and read b.grad.",
    ],
    "de_dc": [
        "v = t * c with t = log(d): the gradient of c is the other factor, t, evaluated at the new d.",
        "redo the table of section 3 with the values of a, b, c and d given in the exercise (log is the natural "
        "logarithm).",
        "build the graph with the new values, call e.backward() and read c.grad.",
    ],
    "de_dd": [
        "d reaches e through t = log(d) and then v = t * c: multiply d(log d)/dd = 1/d by the gradient "
        "arriving at t, which is c.",
        "redo the table of section 3 with the values of a, b, c and d given in the exercise.",
        "build the graph with the new values, call e.backward() and read d.grad.",
    ],
}


@exercise("l03_chain_rule", predict=True, hints=HINTS)
def l03_chain_rule(dloss_dy1, dloss_dy2, dloss_dx):
    """x = 5, y1 = x + 1 = 6, y2 = 2x = 10, loss = (y1 - y2)^2: dy1 = -8, dy2 = 8, dx = -8 + 2 * 8 = 8."""
    expect("dloss_dy1", dloss_dy1, -8.0, mistakes=[
        (-4.0, "leaves out a factor of the square's derivative: redo d(u**2)/du, with u = y1 - y2."),
        (16.0, "is the loss itself, u**2, not its derivative 2u."),
    ])
    expect("dloss_dy2", dloss_dy2, 8.0, mistakes=[
        (4.0, "leaves out a factor of the square's derivative: redo d(u**2)/du, with u = y1 - y2."),
    ])
    expect("dloss_dx", dloss_dx, 8.0, mistakes=[
        (-8.0, "counts only the path through y1; x also reaches the loss through y2 = 2x, and the two paths "
               "add up."),
        (16.0, "counts only the path through y2; the path through y1 = x + 1 contributes too, and the two "
               "paths add up."),
        (0.0, "adds the two gradients arriving at y1 and y2, but the y2 path also multiplies by its local "
              "derivative dy2/dx."),
    ])


@exercise("l03_log_graph", hints=HINTS)
def l03_log_graph(de_db, de_dc, de_dd):
    """e = a*b + c*log(d) at a, b, c, d = 1, 4, 3, 4: de/db = a = 1, de/dc = log 4, de/dd = c / d = 0.75."""
    expect("de_db", de_db, 1.0, mistakes=[
        (4.0, "is b itself; for u = a*b the derivative with respect to b is the other factor."),
    ])
    expect("de_dc", de_dc, 1.3862943611198906, mistakes=[
        (4.0, "is d; the factor next to c is t = log(d), so the gradient of c is log(d)."),
        (3.0, "is c itself; for v = t*c the derivative with respect to c is the other factor, t = log(d)."),
    ])
    expect("de_dd", de_dd, 0.75, mistakes=[
        (0.25, "is d(log d)/dd = 1/d alone; the chain rule multiplies it by the gradient arriving at t, c."),
    ])
