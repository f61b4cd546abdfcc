"""Lesson 02 (nodes and edges): requires_grad contagion, and walking grad_fn / next_functions."""

from ..answers import Feedback, boolean, name_of, names_of, whole
from ..check import Wrong, exercise

HINTS = {
    "root_name": [
        "the root node is the grad_fn of e, made by the last operation that computed e; print e.grad_fn.name().",
        "section 4 of this lesson walks a graph from its root; start the same way from e.grad_fn.",
    ],
    "child_names": [
        "list [fn.name() for fn, _ in e.grad_fn.next_functions]: one entry per input of the root's operation.",
        "e = u + v: name the nodes that made u and v, in that order.",
        "section 4 of this lesson reads next_functions one level at a time; do the same from e.grad_fn.",
    ],
    "accumulate_count": [
        "count the leaves of e's graph that require grad: each has exactly one AccumulateGrad node.",
        "run show_graph(e.grad_fn, ...) from section 5 and count the distinct AccumulateGrad lines.",
    ],
}

_RECORDED = {
    "r_requires_grad": "r = p * 3: neither p nor the number 3 requires grad, so the multiplication is not "
                       "recorded and r does not require grad.",
    "s_requires_grad": "s = p + q: one input that requires grad (q) is enough for the result to require grad.",
    "u_requires_grad": "u is computed only from r, and r does not require grad; the flag spreads from inputs to "
                       "outputs, never from nowhere.",
}


@exercise("l02_requires_grad", predict=True)
def l02_requires_grad(r_requires_grad, s_requires_grad, u_requires_grad):
    """p = ones(2); q = ones(2, requires_grad=True); r = p * 3; s = p + q; u = (r * 2).sum():
    only s requires grad."""
    answers = {"r_requires_grad": r_requires_grad, "s_requires_grad": s_requires_grad,
               "u_requires_grad": u_requires_grad}
    for label, want in (("r_requires_grad", False), ("s_requires_grad", True), ("u_requires_grad", False)):
        if boolean(label, answers[label]) is not want:
            raise Feedback(f"{label}: {_RECORDED[label]}")


_NODE_NAME = "write node names as grad_fn.name() prints them, with the trailing digit"


@exercise("l02_walk", hints=HINTS)
def l02_walk(root_name, child_names, accumulate_count):
    """e = a*b + c*log(d): root AddBackward0, children MulBackward0 twice, four AccumulateGrad nodes."""
    root = name_of("root_name", root_name)
    if root.lower() == "addbackward":
        raise Feedback(f"root_name: {_NODE_NAME}.")
    if root.lower() in ("mulbackward0", "logbackward0", "accumulategrad"):
        raise Feedback("root_name: the root is the node of the last operation, the one that produced e itself; "
                       "e = u + v.")
    if root.lower() != "addbackward0":
        raise Wrong("root_name")
    names = names_of("child_names", child_names)
    lowered = [n.lower() for n in names]
    if len(names) != 2:
        raise Feedback("child_names should hold two names, one per entry of e.grad_fn.next_functions (e = u + v "
                       "has two inputs).")
    if "logbackward0" in lowered or "accumulategrad" in lowered:
        raise Feedback("child_names: next_functions goes one level down only; e = u + v, so the children are the "
                       "nodes that made u and v, and the log is one level further down, under v's node.")
    if "mulbackward" in lowered:
        raise Feedback(f"child_names: {_NODE_NAME}.")
    if lowered != ["mulbackward0", "mulbackward0"]:
        raise Wrong("child_names")
    count = whole("accumulate_count", accumulate_count)
    if count > 4:
        raise Feedback("accumulate_count counts a leaf more than once: each leaf has one AccumulateGrad node, "
                       "however many paths lead to it.")
    if count != 4:
        raise Feedback("accumulate_count misses some: every leaf that requires grad has its own AccumulateGrad "
                       "node; check which of a, b, c and d were created with requires_grad=True.")
