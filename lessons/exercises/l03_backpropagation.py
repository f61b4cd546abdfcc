"""Lesson 03 (backpropagation): the chain rule along two paths; the gradients of e = a*b + c*log(d)."""

import math

from ..check import Feedback, exercise, expect, value


def _number(label, x):
    v = value(x)
    if isinstance(v, list):
        if len(v) != 1:
            raise Feedback(f"{label} should be one number, got {v}.")
        v = v[0]
    return float(v)


@exercise("l03_chain_rule")
def l03_chain_rule(dloss_dy1, dloss_dy2, dloss_dx):
    """x = 5, y1 = x + 1 = 6, y2 = 2x = 10, loss = (y1 - y2)^2: dy1 = -8, dy2 = 8, dx = -8 + 2 * 8 = 8."""
    expect("dloss_dy1", _number("dloss_dy1", dloss_dy1), -8.0)
    expect("dloss_dy2", _number("dloss_dy2", dloss_dy2), 8.0)
    dx = _number("dloss_dx", dloss_dx)
    if math.isclose(dx, -8.0):
        raise Feedback("dloss_dx = -8 counts only the path through y1. x also reaches the loss through "
                       "y2 = 2x, which contributes 8 * 2 = 16; the two paths add up.")
    if math.isclose(dx, 16.0):
        raise Feedback("dloss_dx = 16 counts only the path through y2. The path through y1 = x + 1 "
                       "contributes -8 * 1 too; the two paths add up.")
    if math.isclose(dx, 0.0):
        raise Feedback("dloss_dx = 0 adds -8 and +8, but the y2 path also multiplies by dy2/dx = 2: "
                       "-8 * 1 + 8 * 2.")
    expect("dloss_dx", dx, 8.0)


@exercise("l03_log_graph")
def l03_log_graph(de_db, de_dc, de_dd):
    """e = a*b + c*log(d) at a, b, c, d = 1, 4, 3, 4: de/db = a = 1, de/dc = log 4, de/dd = c / d = 0.75."""
    db = _number("de_db", de_db)
    if math.isclose(db, 4.0):
        raise Feedback("de_db = 4 is b itself. For u = a*b the derivative with respect to b is the *other* "
                       "factor, a = 1.")
    expect("de_db", db, 1.0)
    dc = _number("de_dc", de_dc)
    if math.isclose(dc, 4.0):
        raise Feedback("de_dc = 4 is d. The factor next to c is t = log(d), so de/dc = log 4 = 1.3863.")
    expect("de_dc", dc, math.log(4.0))
    dd = _number("de_dd", de_dd)
    if math.isclose(dd, 0.25):
        raise Feedback("de_dd = 0.25 is d(log d)/dd = 1/d alone. The chain rule multiplies by the gradient "
                       "arriving at t, which is c = 3: de/dd = c / d = 0.75.")
    expect("de_dd", dd, 0.75)
