"""Lesson 02 (nodes and edges): requires_grad contagion, and walking grad_fn / next_functions."""

from ..check import Feedback, exercise


def _name(node):
    """A node's name, from a string or from a grad_fn object (minigrad or PyTorch)."""
    if isinstance(node, str):
        name = node
    elif hasattr(node, "name"):
        name = node.name()
    else:
        name = str(node)
    return name.replace("torch::autograd::", "")


@exercise("l02_requires_grad")
def l02_requires_grad(r_requires_grad, s_requires_grad, u_requires_grad):
    """p = ones(2); q = ones(2, requires_grad=True); r = p * 3; s = p + q; u = (r * 2).sum():
    only s requires grad."""
    if r_requires_grad is not False:
        raise Feedback("r = p * 3: neither p nor the number 3 requires grad, so nothing is recorded and "
                       "r.requires_grad is False.")
    if s_requires_grad is not True:
        raise Feedback("s = p + q: one input that requires grad (q) is enough, so s.requires_grad is True.")
    if u_requires_grad is not False:
        raise Feedback("u is computed only from r, and r does not require grad, so neither does u: the flag "
                       "spreads from inputs to outputs, never from nowhere.")


@exercise("l02_walk")
def l02_walk(root_name, child_names, accumulate_count):
    """e = a*b + c*log(d): root AddBackward0, children MulBackward0 twice, four AccumulateGrad nodes."""
    if _name(root_name) != "AddBackward0":
        raise Feedback(f"root_name = {_name(root_name)!r}: the last operation was e = u + v, so e.grad_fn is "
                       "AddBackward0 (use e.grad_fn.name()).")
    try:
        names = [_name(c[0] if isinstance(c, tuple) else c) for c in child_names]
    except TypeError:
        raise Feedback("child_names should be a list of two names, one per e.grad_fn.next_functions entry.") from None
    if "LogBackward0" in names or "AccumulateGrad" in names:
        raise Feedback(f"child_names = {names}: next_functions goes one level down only. e = u + v, and u and v "
                       "were both made by a multiplication, so both children are MulBackward0; the log is one "
                       "level further, under v's node.")
    if names != ["MulBackward0", "MulBackward0"]:
        raise Feedback(f"child_names = {names}, but e.grad_fn.next_functions holds the nodes of u = a*b and "
                       "v = t*c: ['MulBackward0', 'MulBackward0'].")
    if accumulate_count != 4:
        hint = ("count each leaf once: a, b, c and d each have one AccumulateGrad node"
                if isinstance(accumulate_count, int) and accumulate_count > 4
                else "there is one per leaf that requires grad, and a, b, c and d all do")
        raise Feedback(f"accumulate_count = {accumulate_count}: {hint}.")
