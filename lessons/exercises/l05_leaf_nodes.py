"""Lesson 05 (leaf nodes): which tensors are leaves, and which keep their .grad after backward."""

from ..check import Feedback, exercise, expect, value

_WHY_LEAF = {
    "p_leaf": (True, "p was created directly with requires_grad=True, so it is a leaf (no grad_fn)."),
    "q_leaf": (False, "q = p * 2 is the result of an operation on a tensor that requires grad: it has a "
                      "grad_fn (MulBackward0), so it is not a leaf."),
    "r_leaf": (True, "r = torch.ones(3) was created directly; it does not require grad, and such tensors are "
                     "always leaves."),
    "s_leaf": (False, "s is what reshape returned, and its input required grad, so s has a grad_fn "
                      "(ViewBackward0): not a leaf. The leaf is the nameless tensor torch.ones created."),
    "t_leaf": (True, "t = r * 2 is computed, but r does not require grad, so nothing is recorded: t has no "
                     "grad_fn and is a leaf by convention."),
}


@exercise("l05_is_leaf")
def l05_is_leaf(p_leaf, q_leaf, r_leaf, s_leaf, t_leaf):
    """p leaf, q = p*2 not, r = ones(3) leaf, s = ones(3, requires_grad).reshape not, t = r*2 leaf."""
    answers = {"p_leaf": p_leaf, "q_leaf": q_leaf, "r_leaf": r_leaf, "s_leaf": s_leaf, "t_leaf": t_leaf}
    for label, got in answers.items():
        want, why = _WHY_LEAF[label]
        if value(got) is not want:
            raise Feedback(f"{label} should be {want}: {why}")


@exercise("l05_kept_grads")
def l05_kept_grads(kept, w_grad):
    """y = (w + x)(w + 1): after y.backward() only the leaves x and w keep .grad; w.grad = 5."""
    try:
        names = {str(n).strip() for n in kept}
    except TypeError:
        raise Feedback("kept should be a list of names such as ['x', 'a'].") from None
    if "y" in names:
        raise Feedback("y.grad stays None: y is not a leaf, and its own gradient (1) is dropped like the others.")
    if names & {"a", "b"}:
        raise Feedback("a and b are intermediate results (non-leaves): their gradients passed through during "
                       "backward and were dropped. Only a.retain_grad() before backward would keep them.")
    if names != {"x", "w"}:
        missing = sorted({"x", "w"} - names)
        raise Feedback(f"kept is missing {missing}: x and w are leaves that require grad, so backward fills "
                       "their .grad.")
    g = value(w_grad)
    g = g[0] if isinstance(g, list) and len(g) == 1 else g
    if g in (2, 3, 2.0, 3.0):
        raise Feedback(f"w_grad = {g} follows only one path. w reaches y through a = w + x and through "
                       "b = w + 1; the two contributions (b = 2 and a = 3) add up.")
    expect("w_grad", g, 5.0)
