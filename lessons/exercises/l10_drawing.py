"""Lesson 10 (drawing graphs): count the Function boxes make_dot draws, with and without detach."""

from ..check import Feedback, exercise, value


@exercise("l10_count_functions")
def l10_count_functions(functions_without_detach, functions_with_detach):
    """out = (x**2 + x**3).sum(): SumBackward0, AddBackward0, 2 PowBackward0, 1 AccumulateGrad = 5; with
    y = x.detach()**2 one PowBackward0 is gone: 4."""
    without, with_ = value(functions_without_detach), value(functions_with_detach)
    if without == 4 and with_ == 3:
        raise Feedback("close: count AccumulateGrad too. It is the grey box between x (light blue) and the "
                       "PowBackward0 nodes, the node that writes x.grad.")
    if without == 6:
        raise Feedback("x appears twice in the code but is one leaf, so it has one AccumulateGrad node; both "
                       "PowBackward0 nodes point to it.")
    if without != 5:
        raise Feedback(f"functions_without_detach = {without}: list them, SumBackward0, AddBackward0, one "
                       "PowBackward0 per power, and the AccumulateGrad of x.")
    if with_ == 5:
        raise Feedback("with x.detach()**2 nothing is recorded for y: its PowBackward0 is not in the graph.")
    if with_ == 3:
        raise Feedback("detach removes y's PowBackward0 only; x still reaches out through z = x**3, so its "
                       "AccumulateGrad is still there.")
    if with_ != 4:
        raise Feedback(f"functions_with_detach = {with_}: one PowBackward0 fewer than without detach.")
