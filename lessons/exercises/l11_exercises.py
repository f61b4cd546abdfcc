"""Lesson 11 (exercises): the Lab2B exercise and more, each naming the usual mistakes."""

import functools
import re

from ..answers import Feedback, describe, grad_of, names_of, numbers_of, tensor_arg
from ..check import close, exercise, expect, rounded_message, rounded_places

HINTS = {
    "x.grad": [
        "p = x**2 multiplies the gradient arriving at p by 2x; the gradient arriving at p is the one at q.",
        "the stepper under the solution writes out every chain-rule step; compare with yours.",
        "retrace the lab's three steps backwards: f = q z, then q = p + y, then p = x**2.",
    ],
    "y.grad": [
        "q = p + y passes the gradient arriving at q unchanged to y, and that gradient is df/dq = z.",
        "retrace the lab's three steps backwards: f = q z, then q = p + y, then p = x**2.",
    ],
    "z.grad": [
        "f = q * z: the gradient of z is the other factor, q = x**2 + y at the exercise's inputs.",
        "retrace the lab's three steps backwards: f = q z, then q = p + y, then p = x**2.",
    ],
    "p.grad": [
        "q = p + y passes the gradient arriving at q unchanged to p; call p.retain_grad() before backward.",
        "retrace the lab's three steps backwards: f = q z, then q = p + y, then p = x**2.",
    ],
    "q.grad": [
        "f = q * z: the gradient of q is the other factor, z; call q.retain_grad() before backward.",
        "retrace the lab's three steps backwards: f = q z, then q = p + y, then p = x**2.",
    ],
    "x_grad_fixed": [
        "both backward calls add into x.grad: work out each loss's gradient with respect to x, through h = x**2, "
        "and add the two.",
        "lesson 07 shows how gradients of several backward calls add up; lesson 01 how retain_graph keeps the "
        "graph for the second one.",
    ],
    "losses": [
        "each step of the loop has four parts, in order: forget the previous gradient, compute the loss, "
        "backpropagate it, update the parameters; record loss.item() every step.",
        "compare your loop with the training loop of lesson 07, section 4.",
    ],
    "weight": [
        "pass model.weight after the 100 steps of a correct loop.",
        "run the loop again from make_model() and pass its final model.weight.",
    ],
    "bias": [
        "pass model.bias after the 100 steps of a correct loop.",
        "run the loop again from make_model() and pass its final model.bias.",
    ],
}


@exercise("lab2b_f", hints=HINTS)
def lab2b_f(x, y, z, p, q):
    """Lab2B exercise: f(x, y, z) = (x^2 + y) z at x = -2, y = 2, z = 3, with p = x^2 and q = p + y
    (so f = q z). The document's expected answers: df/dx = -12, df/dy = 3, df/dz = 6, df/dp = df/dq = 3."""
    tensors = {label: tensor_arg(label, t) for label, t in (("x", x), ("y", y), ("z", z), ("p", p), ("q", q))}
    if not (close(tensors["x"], -2.0) and close(tensors["y"], 2.0) and close(tensors["z"], 3.0)):
        raise Feedback("x, y and z should hold the inputs the exercise gives, as float tensors with "
                       "requires_grad=True.")
    for label in ("p", "q"):
        if getattr(tensors[label], "is_leaf", True):
            how = "p = x**2" if label == "p" else "q = p + y"
            raise Feedback(f"{label} should be computed from the inputs ({how}), not created directly; pass that "
                           "tensor.")
    expect("x.grad", grad_of(x, "x"), -12.0)
    expect("y.grad", grad_of(y, "y"), 3.0)
    expect("z.grad", grad_of(z, "z"), 6.0)
    expect("p.grad", grad_of(p, "p"), 3.0)
    expect("q.grad", grad_of(q, "q"), 3.0)


_NAMES = ("weight", "x", "h", "d", "n", "m")
_LEAVES = {"weight", "x", "d", "n"}
_WHAT_A_LEAF_IS = ("A leaf has no grad_fn: it was created directly, or made while nothing was recorded; ask of each "
                   "line whether an operation was recorded (something required grad and grad mode was on).")


@exercise("l11_leaves", predict=True)
def l11_leaves(leaves):
    """lin = nn.Linear(2, 1), x = ones(1, 2), h = lin(x), d = h.detach(), n = weight * 2 under no_grad,
    m = weight.t(): the leaves are weight, x, d and n. Feedback says how many leaves are missing and how many
    names are not leaves, never which: naming one per try would give the set away by retrying."""
    names = {"weight" if n in ("lin.weight", "w", "lin_weight") else n for n in names_of("leaves", leaves)}
    unknown = sorted(names - set(_NAMES))
    if unknown:
        raise Feedback(f"leaves names {', '.join(repr(n) for n in unknown)}; use the names weight, x, h, d, n "
                       "and m.")
    missing, extra = len(_LEAVES - names), len(names - _LEAVES)
    if missing or extra:
        parts = ([f"is missing {_count(missing, 'leaf', 'leaves')}"] if missing else []) + (
            [f"holds {_count(extra, 'tensor that is not a leaf', 'tensors that are not leaves')}"] if extra else [])
        raise Feedback(f"leaves {' and '.join(parts)}. {_WHAT_A_LEAF_IS}")


def _count(n, one, many):
    return f"{_WORDS[n]} {one if n == 1 else many}"


_WORDS = ["no", "one", "two", "three", "four", "five", "six"]


@exercise("l11_hook_order", predict=True)
def l11_hook_order(order):
    """x = 1, a = 2x, b = x + 3 (created after a), c = a b: hooks print c, b, a, x."""
    got = [n.lower() for n in names_of("order", order)]
    if len(got) == 1 and len(got[0]) == 4 and sorted(got[0]) == ["a", "b", "c", "x"]:
        got = list(got[0])
    if sorted(got) != ["a", "b", "c", "x"]:
        if got.count("x") == 2:
            raise Feedback("order: x's hook prints once; the two gradients reaching x (through a and through b) "
                           "are added first, and the leaf's hook runs once on the sum, just before AccumulateGrad.")
        raise Feedback("order should name each of a, b, c and x exactly once.")
    if got[0] != "c":
        raise Feedback("order: backward starts at c; c's hook runs just before c's own node, which runs first.")
    if got[-1] != "x":
        raise Feedback("order: x's hook runs last; x is a leaf reached through both a and b, and its hook waits "
                       "until both gradients have arrived and been added.")
    if got[1:3] == ["a", "b"]:
        raise Feedback("order: a and b become ready at the same moment (when c's node has run); the engine then "
                       "runs the node created most recently, and b = x + 3 was created after a = x * 2.")


def _line(x):
    """failing_line read as 'A', 'B' or 'NONE' (None, 'none', 'nothing' and '' mean that nothing fails)."""
    if x is None:
        return "NONE"
    if isinstance(x, str):
        text = x.strip().strip("'\"").strip()
        code = re.sub(r"\s+", "", text)
        if code in ("loss1.backward()", "loss2.backward()"):  # the code of line A or B itself
            return "A" if code.startswith("loss1") else "B"
        text = text.upper().removeprefix("LINE").strip()
        m = re.fullmatch(r"([AB])\s*[:).,\-#].*", text, flags=re.S)  # "B)", "B: loss2.backward()"
        if m:
            return m.group(1)
        return "NONE" if text in ("", "NONE", "NOTHING", "NEITHER") else text
    raise Feedback(f'failing_line is {describe(x)}; answer with the text "A" or "B", or None if nothing fails.')


@exercise("l11_retain_graph", predict=True, hints=HINTS)
def l11_retain_graph(failing_line, x_grad_fixed):
    """h = x^2 at x = 3 feeds loss1 = 2h and loss2 = 3h. loss1.backward() frees PowBackward0's saved x, so
    loss2.backward() (line B) fails; with retain_graph=True on line A, x.grad = 2 * 6 + 3 * 6 = 30."""
    line = _line(failing_line)
    if line == "A":
        raise Feedback("failing_line: line A is the first pass through the graph; it works, and frees the saved "
                       "tensors as it goes. Which line needs them afterwards?")
    if line == "NONE":
        raise Feedback("failing_line: one line does fail; h = x ** 2 saved x for its backward, the first "
                       "backward frees it, and the other line needs h's node again.")
    if line != "B":
        raise Feedback('failing_line should be "A", "B", or None if nothing fails.')
    expect("x_grad_fixed", x_grad_fixed, 30.0, mistakes=[
        (12.0, "is loss1's share only (2 * 2x); loss2 adds its own share to the same x.grad."),
        (18.0, "is loss2's share only; gradients accumulate, and loss1's share is still in x.grad."),
    ])


_XS, _YS = (0.0, 1.0, 2.0, 3.0), (1.0, 3.0, 5.0, 7.0)


@functools.cache
def _fit_line_losses(zero_grad, steps=100, lr=0.1, w=0.5, b=0.0):
    """The losses and final (w, b) of SGD on mean((w x + b - y)^2) for the exercise's data, in plain Python,
    with the gradient reset every step (zero_grad) or accumulated over all steps (zero_grad forgotten)."""
    n = len(_XS)
    gw_sum = gb_sum = 0.0
    losses = []
    for _ in range(steps):
        errs = [w * x + b - y for x, y in zip(_XS, _YS)]
        losses.append(sum(e * e for e in errs) / n)
        gw = sum(2 * e * x for e, x in zip(errs, _XS)) / n
        gb = sum(2 * e for e in errs) / n
        gw_sum, gb_sum = (gw, gb) if zero_grad else (gw_sum + gw, gb_sum + gb)
        w, b = w - lr * gw_sum, b - lr * gb_sum
    return tuple(losses), w, b


@exercise("l11_fit_line", hints=HINTS)
def l11_fit_line(losses, weight, bias):
    """Fit y = 2x + 1 with nn.Linear(1, 1) from w = 0.5, b = 0, MSELoss, SGD(lr=0.1), 100 steps. The losses
    are compared with a plain-Python reference run; a run that forgot zero_grad() is recognised."""
    got = numbers_of("losses", losses)
    right, w_right, b_right = _fit_line_losses(zero_grad=True)
    forgot, _, _ = _fit_line_losses(zero_grad=False)
    if len(got) != len(right):
        raise Feedback("losses should hold one loss.item() per step, and the loop runs 100 steps; it holds "
                       f"{'fewer' if len(got) < len(right) else 'more'}.")
    places = rounded_places(got, right, tol=1e-4)
    if places is not None:
        raise Feedback(rounded_message("losses", places))
    if abs(got[0] - right[0]) > 1e-3:
        raise Feedback("the first loss is not what a model starting from make_model() gives on X and Y: start "
                       "from make_model() and use the data X, Y above.")
    if max(got) - min(got) < 1e-9:
        raise Feedback("the loss never changed, so the parameters were never updated: call optimizer.step() after "
                       "loss.backward() (and optimizer.zero_grad() before backward(), not between backward() and "
                       "step()).")
    if _same(got, forgot):
        raise Feedback("these are the losses of a loop that never resets the gradients: every backward() added to "
                       ".grad, so each step used the sum of all gradients so far (the loss falls slowly, then "
                       "swings); call optimizer.zero_grad() at the start of every step.")
    if not _same(got, right):
        k = next(i for i, (g, w) in enumerate(zip(got, right)) if abs(g - w) > 1e-4 + 1e-3 * abs(w))
        raise Feedback(f"the losses differ from a correct run from step {k} on: use SGD with lr=0.1 and "
                       "nn.MSELoss, and record loss.item() before optimizer.step().")
    untrained = "is the value make_model() starts from: pass the model your loop trained, after its last step."
    expect("weight", weight, w_right, mistakes=[(0.5, untrained)], generic=False, tol=1e-3)
    expect("bias", bias, b_right, mistakes=[(0.0, untrained)], generic=False, tol=1e-3)


def _same(got, want):
    return len(got) == len(want) and all(abs(g - w) <= 1e-4 + 1e-3 * abs(w) for g, w in zip(got, want))
