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
