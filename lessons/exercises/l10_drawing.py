"""Lesson 10 (drawing graphs): count the Function boxes make_dot draws, with and without detach."""

from ..answers import Feedback, whole
from ..check import Wrong, exercise

HINTS = {
    "functions_without_detach": [
        "list them: the sum's node, the addition's node, one node per power, and the AccumulateGrad of x.",
        "count the grey boxes in the first make_dot picture of section 2.",
        "section 1 explains which boxes make_dot draws: every Function backward will run.",
    ],
    "functions_with_detach": [
        "start from your count without detach: which node does x.detach() remove?",
        "count the grey boxes in the second make_dot picture of section 2.",
        "section 1 explains which boxes make_dot draws: every Function backward will run.",
    ],
}


@exercise("l10_count_functions", hints=HINTS)
def l10_count_functions(functions_without_detach, functions_with_detach):
    """out = (x**2 + x**3).sum(): SumBackward0, AddBackward0, 2 PowBackward0, 1 AccumulateGrad = 5; with
    y = x.detach()**2 one PowBackward0 is gone: 4."""
    without = whole("functions_without_detach", functions_without_detach)
    with_ = whole("functions_with_detach", functions_with_detach)
    if without == with_ + 1 == 4:
        raise Feedback("close: count AccumulateGrad too; it is the grey box between x (light blue) and the "
                       "PowBackward0 nodes, the node that writes x.grad.")
    if without == 6:
        raise Feedback("functions_without_detach: x appears twice in the code but is one leaf, so it has one "
                       "AccumulateGrad node; both PowBackward0 nodes point to it.")
    if without != 5:
        raise Wrong("functions_without_detach")
    if with_ == without:
        raise Feedback("functions_with_detach: with x.detach()**2 nothing is recorded for y, so its PowBackward0 "
                       "is not in the graph.")
    if with_ == without - 2:
        raise Feedback("functions_with_detach: detach removes y's PowBackward0 only; x still reaches out through "
                       "z = x**3, so its AccumulateGrad is still there.")
    if with_ != 4:
        raise Wrong("functions_with_detach")
