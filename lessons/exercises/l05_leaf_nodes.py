"""Lesson 05 (leaf nodes): which tensors are leaves, and which keep their .grad after backward."""

from ..answers import Feedback, boolean, names_of
from ..check import exercise, expect

_WHY_LEAF = {
    "p_leaf": (True, "p was created directly by torch.tensor, not by an operation, so it has no grad_fn: a tensor you "
                     "create is a leaf even when it requires grad."),
    "q_leaf": (False, "q = p * 2 is the result of an operation on a tensor that requires grad: it has a grad_fn "
                      "(MulBackward0)."),
    "r_leaf": (True, "r = torch.ones(3) was created directly and does not require grad; such tensors are leaves "
                     "by convention."),
    "s_leaf": (False, "s is what reshape returned, and its input required grad, so s has a grad_fn "
                      "(ViewBackward0); the leaf is the nameless tensor torch.ones created."),
    "t_leaf": (True, "t = r * 2 is computed, but r does not require grad, so nothing was recorded: t has no "
                     "grad_fn."),
}

HINTS = {
    "w_grad": [
        "w reaches y through a = w + x and through b = w + 1; add the two chain-rule products (dy/da)(da/dw) "
        "and (dy/db)(db/dw).",
        "run section 5's cell and read w.grad.",
        "lesson 03 explains why two paths add up; redo its steps on this graph.",
    ],
}

_CANDIDATES = ("x", "w", "a", "b", "y")


@exercise("l05_is_leaf", predict=True)
def l05_is_leaf(p_leaf, q_leaf, r_leaf, s_leaf, t_leaf):
    """p leaf, q = p*2 not, r = ones(3) leaf, s = ones(3, requires_grad).reshape not, t = r*2 leaf."""
    answers = {"p_leaf": p_leaf, "q_leaf": q_leaf, "r_leaf": r_leaf, "s_leaf": s_leaf, "t_leaf": t_leaf}
    for label, got in answers.items():
        want, why = _WHY_LEAF[label]
        if boolean(label, got) is not want:
            raise Feedback(f"{label}: {why}")


@exercise("l05_kept_grads", hints=HINTS)
def l05_kept_grads(kept, w_grad):
    """y = (w + x)(w + 1): after y.backward() only the leaves x and w keep .grad; w.grad = 5."""
    names = {n.lower() for n in names_of("kept", kept)}
    unknown = sorted(names - set(_CANDIDATES))
    if unknown:
        raise Feedback(f"kept names {', '.join(repr(n) for n in unknown)}; use only the names x, w, a, b and y.")
    if "y" in names:
        raise Feedback("kept: y.grad stays None; y is not a leaf, and its own gradient (the starting 1) is "
                       "dropped like the others.")
    if names & {"a", "b"}:
        raise Feedback("kept: a and b are intermediate results (non-leaves); their gradients passed through "
                       "during backward and were dropped, and only a.retain_grad() before backward would keep "
                       "them.")
    if names != {"x", "w"}:
        raise Feedback("kept leaves out a tensor that keeps its gradient: every leaf that requires grad gets its "
                       ".grad filled by backward; check which of x, w, a, b and y are such leaves.")
    expect("w_grad", w_grad, 5.0, mistakes=[
        (2.0, "follows only one path (through a); w is also in b = w + 1, and the two contributions add up."),
        (3.0, "follows only one path (through b); w is also in a = w + x, and the two contributions add up."),
    ])
