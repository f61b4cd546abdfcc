"""Lesson 08 (reassignment, in-place, detach): names vs nodes; a detached branch; where an in-place change fails."""

import re

from ..answers import Feedback, number
from ..check import Wrong, exercise, expect

HINTS = {
    "dy_last": [
        "out = y**2 for the last y, so d out/dy = 2y; compute the last y = w2 * (w1 * x) first.",
        "section 1 of this lesson does the same with other numbers; redo it with w1 = 3, w2 = 2, x = 1.",
    ],
    "dy_first": [
        "the first product reaches out through the last one: one more chain-rule step, times d(w2 * y)/dy = w2.",
        "section 1 of this lesson keeps a second name for the first product; redo it with the new numbers.",
    ],
    "x_grad": [
        "x.detach()**3 is a constant for backward; differentiate only x**2 at x = 2.",
        "section 3 of this lesson shows which branch detach removes; only the other branch counts.",
    ],
    "failing_line": [
        "changing b in place is not an error by itself; an error needs a line that uses what sigmoid saved, after "
        "the change. Which lines use it?",
        "section 2 ('When an in-place change breaks backward') shows when such an error appears.",
    ],
}


@exercise("l08_reassign", predict=True, hints=HINTS)
def l08_reassign(dy_last, dy_first):
    """w1 = 3, w2 = 2, x = 1: y = w1 x = 3, y = w2 y = 6, out = y^2. d out/d(last y) = 2 * 6 = 12 and
    d out/d(first y) = 12 * w2 = 24."""
    expect("dy_last", dy_last, 12.0, mistakes=[
        (24.0, "is the first product's gradient: after `y = w2*y` the name y points at the last product, which "
               "is one chain-rule step closer to out."),
        (6.0, "is the value of the last y, not its gradient: d(y**2)/dy = 2y."),
    ])
    expect("dy_first", dy_first, 24.0, mistakes=[
        (12.0, "is the last y's gradient; the first product is multiplied by w2 on its way to out, so one more "
               "chain-rule step is needed."),
        (3.0, "is the value of the first product, not its gradient."),
    ])


@exercise("l08_detach", predict=True, hints=HINTS)
def l08_detach(x_grad):
    """out = x^2 + x.detach()^3 at x = 2: the detached term is a constant, so x.grad = 2x = 4."""
    expect("x_grad", x_grad, 4.0, mistakes=[
        (16.0, "differentiates both terms; x.detach() is outside the graph, so x.detach()**3 is a constant for "
               "backward and only x**2 contributes."),
        (12.0, "is the derivative of the detached term, the one backward cannot see; it is the other term, "
               "x**2, that counts."),
    ])


_LINES = ["a = torch.tensor([1.0, 2.0], requires_grad=True)", "b = a.sigmoid()", "c = b * 3", "b.add_(1)",
          "c.sum().backward()"]


def _line_number(text):
    """A line given as text: "5", "line 5", "5: c.sum().backward()", or the code of the line itself."""
    text = text.strip().strip("'\"").strip()
    code = re.sub(r"\s+", "", text)
    for n, line in enumerate(_LINES, 1):
        if code == re.sub(r"\s+", "", line):
            return n
    m = re.fullmatch(r"(?:line\s*)?(\d+)\s*(?:[:).,\-#]\s*.*)?", text, flags=re.I | re.S)
    return m.group(1) if m else text


@exercise("l08_inplace", predict=True, hints=HINTS)
def l08_inplace(failing_line):
    """sigmoid saves its output b; b.add_(1) is allowed on a non-leaf, and backward (line 5) finds b at
    version 1 where SigmoidBackward0 expected version 0."""
    if failing_line is None or (isinstance(failing_line, str) and failing_line.strip().lower() in ("none", "nothing")):
        n = 0
    else:
        if isinstance(failing_line, str):
            failing_line = _line_number(failing_line)
        n = number("failing_line", failing_line)
        if n != round(n):
            raise Feedback("failing_line is not a whole number; give the number of one of the numbered lines, or 0 "
                           "if nothing fails.")
    if n == 4:
        raise Feedback("failing_line: line 4 runs fine; b is not a leaf, so an in-place change is allowed and only "
                       "recorded (b's version goes up). The error comes later: which line needs the old b?")
    if n == 0:
        raise Feedback("failing_line: one line does raise; sigmoid saved its output b, and b changes in place "
                       "afterwards. Which line needs the b that sigmoid saved?")
    if n == 3:
        raise Feedback("failing_line: line 3 runs before b is changed, and it only reads b; the error needs b to "
                       "have changed first.")
    if n in (1, 2):
        raise Wrong("failing_line")
    if n != 5:
        raise Feedback("failing_line is a number outside the numbered lines: answer with the number of the line "
                       "that raises, or 0 if nothing fails.")
