"""Exercise checker for the lessons: ``check(name, **answers)`` prints specific feedback.

Each exercise knows its right answers and the common ways to get them wrong
(a flipped sign, gradients accumulated over two backward calls without
``zero_()``, reading a non-leaf's ``.grad`` without ``retain_grad()``), so a
student hears *why* an answer is off, not just that it is. Answers may be
tensors or numbers; a tensor from minigrad or from PyTorch is read the same way.
"""

import math
import warnings

EXERCISES = {}


class Feedback(Exception):
    """An answer that is wrong in a recognisable way; the message says how to fix it."""


def exercise(name):
    """Register a checker function under ``name``."""

    def register(fn):
        EXERCISES[name] = fn
        return fn

    return register


def value(x):
    """A number (or nested list) from a tensor, a number, or None."""
    if x is None or isinstance(x, (int, float, bool)):
        return x
    if hasattr(x, "detach"):
        x = x.detach()
    if hasattr(x, "tolist"):
        x = x.tolist()
    return x


def grad_of(t, label):
    """``t.grad`` read without the non-leaf warning, with feedback when it cannot be there."""
    if t is None:
        raise Feedback(f"{label} is not defined yet: create it in the cell above.")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g = t.grad
    if g is None:
        if not getattr(t, "requires_grad", False):
            raise Feedback(
                f"{label}.grad is None because {label} does not require grad: create it with requires_grad=True."
            )
        if not t.is_leaf and not getattr(t, "retains_grad", False):
            raise Feedback(
                f"{label}.grad is None because {label} is not a leaf: call {label}.retain_grad() before "
                "backward() to keep its gradient."
            )
        raise Feedback(f"{label}.grad is None: did you call backward() on the output?")
    return value(g)


def expect(label, got, want, tol=1e-4):
    """Compare one number with the expected one, naming the usual mistakes."""
    got_flat, want_flat = _flat(got), _flat(want)
    if len(got_flat) != len(want_flat):
        raise Feedback(f"{label} has {len(got_flat)} numbers; expected {len(want_flat)} (shape {want}).")
    if all(math.isclose(g, w, rel_tol=tol, abs_tol=tol) for g, w in zip(got_flat, want_flat)):
        return
    if all(math.isclose(g, -w, rel_tol=tol, abs_tol=tol) for g, w in zip(got_flat, want_flat)):
        raise Feedback(f"{label} = {got}: the sign is flipped. Check which way the subtraction goes.")
    for k in (2, 3):
        if all(math.isclose(g, k * w, rel_tol=tol, abs_tol=tol) for g, w in zip(got_flat, want_flat)):
            raise Feedback(
                f"{label} = {got} is {k} times the right value: gradients accumulate, so backward() ran {k} "
                "times without zeroing .grad in between (use .grad.zero_() or recreate the tensors)."
            )
    raise Feedback(f"{label} = {got}, but it should be {want}.")


def close(got, want, tol=1e-4):
    """Whether ``got`` (a number or nested list) equals ``want`` within ``tol``; False for anything else."""
    try:
        got_flat, want_flat = _flat(got), _flat(want)
    except (TypeError, ValueError):
        return False
    return len(got_flat) == len(want_flat) and all(
        math.isclose(g, w, rel_tol=tol, abs_tol=tol) for g, w in zip(got_flat, want_flat)
    )


def _flat(x):
    if isinstance(x, (list, tuple)):
        return [v for item in x for v in _flat(item)]
    return [float(x)]


class Result:
    """What ``check`` returns: true when every answer is right. It displays as nothing in a notebook,
    so an exercise cell shows only the printed feedback."""

    def __init__(self, ok):
        self.ok = ok

    def __bool__(self):
        return self.ok

    def __repr__(self):
        return f"<check: {'correct' if self.ok else 'not yet'}>"

    def _ipython_display_(self):
        pass


def check(name, **answers):
    """Check the answers to exercise ``name`` and print feedback; the result is true when all are right."""
    if name not in EXERCISES:
        raise KeyError(f"no exercise named {name!r}; known: {', '.join(sorted(EXERCISES))}")
    missing = [k for k, v in answers.items() if v is None or v is Ellipsis]
    if missing:
        print(f"Not answered yet: fill in {', '.join(missing)} and run this cell again.")
        return Result(False)
    try:
        EXERCISES[name](**answers)
    except Feedback as f:
        print(f"Not quite: {f}")
        return Result(False)
    print(f"Correct! ({name})")
    return Result(True)


from . import exercises  # noqa: E402,F401 - registers the exercises
