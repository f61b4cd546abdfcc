"""Lesson 00 (start here): a warm-up on y = (w + x)(w + 1) from the 计算图 notes."""

from ..check import Feedback, exercise, expect, value


def _number(x):
    v = value(x)
    return v[0] if isinstance(v, list) and len(v) == 1 else v


@exercise("l00_warmup")
def l00_warmup(y_value, w_grad):
    """w = 1, x = 2: y = (w + x)(w + 1) = 6 and dy/dw = (w + 1) + (w + x) = 5."""
    y = _number(y_value)
    if y in (3, 2, 3.0, 2.0):
        raise Feedback(f"y_value = {y} is a or b alone; y multiplies them: a * b = 3 * 2.")
    expect("y_value", y, 6.0)
    g = _number(w_grad)
    if g in (2, 3, 2.0, 3.0):
        raise Feedback(f"w_grad = {g} follows only one of the two paths from w to y. w is in both factors, "
                       "so dy/dw = (w + 1) + (w + x) = 2 + 3.")
    expect("w_grad", g, 5.0)
