"""The lessons' exercises: each checks the right answer and names the usual mistakes."""

from ..check import Feedback, exercise, expect, grad_of, value


@exercise("lab2b_f")
def lab2b_f(x, y, z, p, q):
    """Lab2B exercise: f(x, y, z) = (x^2 + y) z at x = -2, y = 2, z = 3, with p = x^2 and q = p + y
    (so f = q z). The document's expected answers: df/dx = -12, df/dy = 3, df/dz = 6, df/dp = df/dq = 3."""
    if value(x) != -2 or value(y) != 2 or value(z) != 3:
        raise Feedback("use the inputs that give the document's answers: x = -2, y = 2, z = 3 "
                       "(float tensors with requires_grad=True).")
    expect("x.grad", grad_of(x, "x"), -12.0)
    expect("y.grad", grad_of(y, "y"), 3.0)
    expect("z.grad", grad_of(z, "z"), 6.0)
    expect("p.grad", grad_of(p, "p"), 3.0)
    expect("q.grad", grad_of(q, "q"), 3.0)


_LEAF_REASONS = {
    "weight": "lin.weight is a parameter: created by nn.Linear with requires_grad=True and no grad_fn, a leaf.",
    "x": "x = torch.ones(1, 2) was created directly (and needs no grad): a leaf.",
    "h": "h = lin(x) was computed from a parameter that requires grad, so it has a grad_fn (AddmmBackward0): "
         "not a leaf.",
    "d": "d = h.detach() is a new tensor outside the graph, with no grad_fn: a leaf.",
    "n": "n was computed under torch.no_grad(), so nothing was recorded and it has no grad_fn: a leaf.",
    "m": "m = lin.weight.t() is a view computed from a tensor that requires grad (grad_fn TBackward0): "
         "not a leaf, even though it shares the weight's memory.",
}
_LEAVES = {"weight", "x", "d", "n"}


@exercise("l11_leaves")
def l11_leaves(leaves):
    """lin = nn.Linear(2, 1), x = ones(1, 2), h = lin(x), d = h.detach(), n = weight * 2 under no_grad,
    m = weight.t(): the leaves are weight, x, d and n."""
    if isinstance(leaves, str):
        raise Feedback("leaves should be a set of names, such as {'weight', 'x'}, not one string.")
    try:
        names = {str(n).strip() for n in leaves}
    except TypeError:
        raise Feedback("leaves should be a set of names, such as {'weight', 'x'}.") from None
    names = {"weight" if n in ("lin.weight", "w") else n for n in names}
    unknown = sorted(names - set(_LEAF_REASONS))
    if unknown:
        raise Feedback(f"unknown names {unknown}: use weight, x, h, d, n and m.")
    for name in sorted(set(_LEAF_REASONS)):
        if (name in names) != (name in _LEAVES):
            raise Feedback(_LEAF_REASONS[name])


@exercise("l11_hook_order")
def l11_hook_order(order):
    """x = 1, a = 2x, b = x + 3 (created after a), c = a b: hooks print c, b, a, x."""
    try:
        got = [str(s).strip() for s in order]
    except TypeError:
        raise Feedback('order should be a list such as ["x", "a", "b", "c"].') from None
    if sorted(got) != ["a", "b", "c", "x"]:
        if got.count("x") == 2:
            raise Feedback(
                "x's hook prints once: the two gradients reaching x (through a and through b) are added first, "
                "and the leaf's hook runs once on the sum, just before AccumulateGrad."
            )
        raise Feedback("order should name each of a, b, c and x exactly once.")
    if got[0] != "c":
        raise Feedback("backward starts at c: c's hook runs just before c's own node, which runs first.")
    if got[-1] != "x":
        raise Feedback(
            "x's hook runs last: x is a leaf reached through both a and b, and its hook waits until both "
            "gradients have arrived and been added."
        )
    if got[1:3] == ["a", "b"]:
        raise Feedback(
            "a and b become ready at the same moment (when c's node has run). The engine then runs the node "
            "created most recently: b = x + 3 was created after a = x * 2, so b's hook fires first."
        )


@exercise("l11_retain_graph")
def l11_retain_graph(failing_line, x_grad_fixed):
    """h = x^2 at x = 3 feeds loss1 = 2h and loss2 = 3h. loss1.backward() frees PowBackward0's saved x, so
    loss2.backward() (line B) fails; with retain_graph=True on line A, x.grad = 2 * 6 + 3 * 6 = 30."""
    line = str(value(failing_line)).strip().upper()
    if line == "A":
        raise Feedback("line A is the first pass through the graph: it works, and frees the saved tensors as it "
                       "goes. Which line needs them afterwards?")
    if line in ("NONE", ""):
        raise Feedback(
            "one line does fail: h = x ** 2 saved x for its backward (d/dx x^2 = 2x). Line A frees it, and line "
            "B needs h's node again."
        )
    if line != "B":
        raise Feedback('answer "A", "B" or "none" for failing_line.')
    g = value(x_grad_fixed)
    if isinstance(g, (int, float)) and abs(g - 12.0) < 1e-4:
        raise Feedback("12 is loss1's share only (2 * 2x). loss2 adds 3 * 2x = 18 to the same x.grad.")
    if isinstance(g, (int, float)) and abs(g - 18.0) < 1e-4:
        raise Feedback("18 is loss2's share only. Gradients accumulate: loss1's 12 is still in x.grad.")
    expect("x_grad_fixed", g, 30.0)


_XS, _YS = (0.0, 1.0, 2.0, 3.0), (1.0, 3.0, 5.0, 7.0)


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
    return losses, w, b


def _same(got, want):
    return len(got) == len(want) and all(abs(g - w) <= 1e-4 + 1e-3 * abs(w) for g, w in zip(got, want))


@exercise("l11_fit_line")
def l11_fit_line(losses, weight, bias):
    """Fit y = 2x + 1 with nn.Linear(1, 1) from w = 0.5, b = 0, MSELoss, SGD(lr=0.1), 100 steps. The losses
    are compared with a plain-Python reference run; a run that forgot zero_grad() is recognised."""
    try:
        got = [float(value(v)) for v in losses]
    except (TypeError, ValueError):
        raise Feedback("losses should be a list of numbers: append loss.item() at every step.") from None
    right, w_right, b_right = _fit_line_losses(zero_grad=True)
    forgot, _, _ = _fit_line_losses(zero_grad=False)
    if len(got) != len(right):
        raise Feedback(f"losses has {len(got)} entries; expected {len(right)}: one loss.item() per step, 100 steps.")
    if abs(got[0] - right[0]) > 1e-3:
        raise Feedback(
            f"the first loss is {got[0]:.4f}, but from w = 0.5, b = 0 it is {right[0]:.4f}: start from "
            "make_model() and use the data X, Y above."
        )
    if max(got) - min(got) < 1e-9:
        raise Feedback(
            "the loss never changed, so the parameters were never updated. Call optimizer.step() after "
            "loss.backward() (and optimizer.zero_grad() before backward(), not between backward() and step())."
        )
    if _same(got, forgot):
        raise Feedback(
            "these are the losses of a loop that never zeroes the gradients: every backward() added to .grad, "
            "so each step used the sum of all gradients so far (the loss falls slowly, then swings). Call "
            "optimizer.zero_grad() at the start of every step."
        )
    if not _same(got, right):
        k = next(i for i, (g, w) in enumerate(zip(got, right)) if abs(g - w) > 1e-4 + 1e-3 * abs(w))
        raise Feedback(
            f"the losses differ from a correct run from step {k} on (got {got[k]:.4f}, expected {right[k]:.4f}). "
            "Use SGD with lr=0.1, nn.MSELoss, and record loss.item() before optimizer.step()."
        )
    expect("weight", _single(value(weight)), w_right, tol=1e-3)
    expect("bias", _single(value(bias)), b_right, tol=1e-3)


def _single(v):
    while isinstance(v, list) and len(v) == 1:
        v = v[0]
    return v
