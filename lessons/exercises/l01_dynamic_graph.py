"""Lesson 01 (the dynamic graph): a loop shapes the graph; how many backward passes a graph allows."""

from ..answers import Feedback, boolean, whole
from ..check import Wrong, exercise, expect

HINTS = {
    "grad_n3": [
        "build y = power(x, 3) from a fresh x = torch.tensor(2.0, requires_grad=True), call y.backward() "
        "once, and read x.grad; by hand it is the derivative of x cubed at that x.",
        "the derivative of x**n is n * x**(n - 1); evaluate it at the x of the exercise.",
        "section 3 of this lesson differentiates a loop the same way; redo its steps with power(x, 3).",
    ],
    "muls_n3": [
        "count the multiplications power(x, 3) performs: the loop body `y = y * x` runs n - 1 times.",
        "print functions_in(power(x, 3)) and count the MulBackward0 entries.",
        "section 3 of this lesson shows how a loop leaves one node per pass; count the passes here.",
    ],
    "muls_n5": [
        "count the multiplications power(x, 5) performs: the loop body `y = y * x` runs n - 1 times.",
        "print functions_in(power(x, 5)) and count the MulBackward0 entries.",
        "section 3 of this lesson shows how a loop leaves one node per pass; count the passes here.",
    ],
    "grad_after_two": [
        "each backward adds the derivative of x**2 at x = 3 into x.grad; count how many backward calls ran.",
        "run the three lines (y = x ** 2, then y.backward(retain_graph=True), then y.backward()) on a fresh x "
        "and print x.grad.",
        "section 5 of this lesson shows what a second backward does to .grad; redo it on this example.",
    ],
    "third_call_works": [
        "did the second y.backward() keep the graph? Only calls with retain_graph=True do.",
        "section 5 of this lesson runs a third backward after two; read what happened there.",
    ],
}


@exercise("l01_control_flow", hints=HINTS)
def l01_control_flow(grad_n3, muls_n3, muls_n5):
    """power(x, n) multiplies x by itself n - 1 times, so at x = 2: d(x^3)/dx = 3 x^2 = 12, and the graphs
    of power(x, 3) and power(x, 5) hold 2 and 4 MulBackward0 nodes."""
    expect("grad_n3", grad_n3, 12.0, mistakes=[
        (16.0, "includes the gradient of an earlier backward() on the same x, which x.grad kept; start from a "
               "fresh x (or reset x.grad) before power(x, 3).backward()."),
        (8.0, "is the value of x cubed, not its derivative: read x.grad after y.backward()."),
    ])
    for label, got, n in (("muls_n3", muls_n3, 3), ("muls_n5", muls_n5, 5)):
        count = whole(label, got)
        if count == n:
            raise Feedback(f"{label} counts a node for the starting y = x, but that line records nothing: only the "
                           "loop body's multiplications leave MulBackward0 nodes, one per pass.")
        if count != n - 1:
            raise Wrong(label)


@exercise("l01_retain_graph", hints=HINTS)
def l01_retain_graph(grad_after_two, third_call_works):
    """y = x^2 at x = 3 with two backward calls: x.grad = 6 + 6 = 12; the second call freed the graph."""
    expect("grad_after_two", grad_after_two, 12.0, mistakes=[
        (6.0, "holds the first backward's gradient only; the second backward ran too, and gradients accumulate, "
              "so it added its share to the same x.grad."),
    ])
    if boolean("third_call_works", third_call_works) is not False:
        raise Feedback("third_call_works: the second y.backward() had no retain_graph=True, so it freed the "
                       "graph's saved tensors, and a third call raises 'Trying to backward through the graph a "
                       "second time'.")
