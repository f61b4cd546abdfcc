"""Lesson 01 (the dynamic graph): a loop shapes the graph; how many backward passes a graph allows."""

import math

from ..check import Feedback, exercise, expect, value


@exercise("l01_control_flow")
def l01_control_flow(grad_n3, muls_n3, muls_n5):
    """power(x, n) multiplies x by itself n - 1 times, so at x = 2: d(x^3)/dx = 3 x^2 = 12, and the graphs
    of power(x, 3) and power(x, 5) hold 2 and 4 MulBackward0 nodes."""
    g = value(grad_n3)
    if isinstance(g, (int, float)) and math.isclose(g, 16.0):
        raise Feedback(
            "grad_n3 = 16 is 12 plus the 4 of an earlier power(x, 2).backward(): x.grad kept the old gradient. "
            "Start from a fresh x (or call x.grad.zero_()) before power(x, 3).backward()."
        )
    expect("grad_n3", g, 12.0)
    for label, got, n in (("muls_n3", muls_n3, 3), ("muls_n5", muls_n5, 5)):
        got = value(got)
        if got == n:
            raise Feedback(
                f"{label} = {got}: power starts from y = x, which records nothing, and the loop body runs "
                f"n - 1 = {n - 1} times, one MulBackward0 each."
            )
        if got != n - 1:
            raise Feedback(f"{label} = {got}, but the graph of power(x, {n}) holds {n - 1} MulBackward0 nodes; "
                           "count them with functions_in(power(x, n)).count('MulBackward0').")


@exercise("l01_retain_graph")
def l01_retain_graph(grad_after_two, third_call_works):
    """y = x^2 at x = 3 with two backward calls: x.grad = 6 + 6 = 12; the second call freed the graph."""
    g = value(grad_after_two)
    if isinstance(g, (int, float)) and math.isclose(g, 6.0):
        raise Feedback(
            "grad_after_two = 6 is one backward's worth. The second backward ran too, and gradients "
            "accumulate: it added another 6."
        )
    expect("grad_after_two", g, 12.0)
    if third_call_works is not False:
        raise Feedback(
            "third_call_works: the second y.backward() had no retain_graph=True, so it freed the graph; "
            "a third call raises 'Trying to backward through the graph a second time'."
        )
