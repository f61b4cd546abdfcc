"""Exercise checker for the lessons: ``check(name, **answers)`` prints feedback and never raises.

Each exercise (one module per lesson in :mod:`lessons.exercises`) knows its right answers, the usual ways
to get them wrong (a flipped sign, one path of the chain rule left out, a gradient accumulated over two
``backward()`` calls) and, for every answer, a ladder of hints. A wrong answer gets the mistake named when
it is recognised, otherwise a hint pointing at the step to redo: the most specific one first, more general
ones on later tries. Feedback never contains the expected value, nor says by how much an answer is off.

Answers can be anything (:mod:`lessons.answers` reads numbers, text, bools, lists, arrays, minigrad or
PyTorch tensors, None, any object); a variable still set to :data:`TODO` is "not answered yet", so that
None can be an answer. Under nbgrader (``NBGRADER_EXECUTION`` is set while it validates or autogrades) a
wrong or missing answer also raises AssertionError, so that the grade cell loses its points.
"""

import decimal
import difflib
import inspect
import math
import os
from dataclasses import dataclass, field

from .answers import _WORDS, TODO, Feedback, describe, is_tensor, numbers_of, resolution

__all__ = ["TODO", "Feedback", "NotAnswered", "Wrong", "check", "close", "evaluate", "expect", "exercise",
           "rounded_message", "rounded_places"]

EXERCISES = {}


class Wrong(Feedback):
    """A wrong answer that matches no known mistake: ``check`` answers with the next hint for ``label``."""

    def __init__(self, label):
        super().__init__(label)
        self.label = label


class NotAnswered(Feedback):
    """The answer is still the exercise's stub (code that raises NotImplementedError): not answered yet."""


@dataclass
class Exercise:
    """A registered exercise: its checking function, the names of its answers, and a hint ladder per answer."""

    name: str
    fn: object
    params: list
    predict: bool = False
    hints: dict = field(default_factory=dict)


def exercise(name, *, predict=False, hints=None):
    """Register a checking function under ``name``; its parameters are the answers' names.

    ``predict`` marks exercises answered by working on paper before running anything (feedback then never
    blames repeated ``backward()`` calls); ``hints`` maps each answer (or ``x.grad`` for an answer ``x``) to its
    hints, most specific first; a lesson's modules may pass one dict for all their exercises.
    """

    def register(fn):
        params = list(inspect.signature(fn).parameters)
        own = {label: ladder for label, ladder in (hints or {}).items() if label.split(".")[0] in params}
        EXERCISES[name] = Exercise(name, fn, params, predict, own)
        return fn

    return register


# -- comparing numbers the way a person writes them -----------------------------------------------


def tolerance(want):
    """How far a written answer may be from ``want``: half a unit in its fourth significant digit, and at
    least half a unit in the fourth decimal (what ``print(tensor)`` shows)."""
    if want == 0:
        return 0.5e-4
    return max(0.5e-4, 0.5 * 10 ** (math.floor(math.log10(abs(want))) - 3)) + 1e-9 * abs(want)


def _all_close(got, want, tol=None):
    return len(got) == len(want) and all(
        abs(g - w) <= (tolerance(w) if tol is None else tol) for g, w in zip(got, want)
    )


def _as_list(want):
    return [float(v) for v in want] if isinstance(want, (list, tuple)) else [float(want)]


def close(got, want, tol=None):
    """Whether the answer ``got`` (any type) is ``want`` (a number or a list) as a person would write it;
    False for anything that cannot be read as that many numbers."""
    want = _as_list(want)
    try:
        values = numbers_of("answer", got, count=len(want))
    except Feedback:
        return False
    return _all_close(values, want, tol)


def expect(label, answer, want, *, mistakes=(), generic=True, tol=None):
    """Check that ``answer`` (any type) holds the number(s) ``want``; otherwise raise Feedback naming the
    mistake: first the exercise's own ``mistakes`` ((value, message) pairs), then (unless ``generic`` is false)
    a flipped sign, then a value two or three times too large. Anything else raises :class:`Wrong`, answered
    with a hint. No message says by how much the answer is off: it names the mistake and where to look."""
    want = _as_list(want)
    gradient = "grad" in label or label.startswith("d")  # dloss_dx, de_db, d1: gradients, not values
    if answer is None and gradient and _predicting():  # nothing ran: the None is the student's own
        raise Feedback(f"{label} is None: this exercise asks for your prediction, a number you work out before "
                       f"running anything; write it as {label} = <your number>.")
    if answer is None and gradient:
        raise Feedback(f"{label} is None: a .grad stays None until backward() has run through its tensor (and, "
                       "for a tensor that is not a leaf, retain_grad() was called first); run backward(), then "
                       "read .grad again.")
    got = numbers_of(label, answer, count=len(want))
    slack = resolution(answer)  # a float16 answer is as right as float16 can hold
    if _all_close(got, want, tol) or slack and all(abs(g - w) <= slack * abs(w) + (tolerance(w) if tol is None
                                                                                    else tol)
                                                    for g, w in zip(got, want)):
        return
    if gradient and _is_variable(answer):
        raise Feedback(f"{label} is a tensor created with requires_grad=True, the variable itself; pass its "
                       "gradient, the tensor's .grad after backward(), not the tensor.")
    for value, message in mistakes:
        if _all_close(got, _as_list(value), tol):
            raise Feedback(f"{label} {message}")
    places = rounded_places(got, want, tol)
    if places is not None:
        raise Feedback(rounded_message(label, places))
    if not generic or not any(w != 0 for w in want):
        raise Wrong(label)
    if _all_close(got, [-w for w in want], tol):
        raise Feedback(f"{label} has its sign flipped: find the step where a minus sign was "
                       + ("lost or added (a subtraction sends minus the gradient to its second input)." if gradient
                          else "lost or added."))  # fmt: skip
    if any(_all_close(got, [k * w for w in want], tol) for k in (2, 3)):
        raise Feedback(_too_large(label, answer, gradient))
    raise Wrong(label)


def _places(v):
    """How many decimals ``v`` was written with (``1.39`` -> 2, float32's ``1.3899999`` too), up to three; None
    for more."""
    return next((d for d in range(4) if abs(v - round(v, d)) <= 1e-6 * max(1.0, abs(v))), None)


def _rounded(w, d):
    """``w`` rounded to ``d`` decimals both ways a person may round a tie (half up, half to even)."""
    half_up = float(decimal.Decimal(repr(w)).quantize(decimal.Decimal(1).scaleb(-d), decimal.ROUND_HALF_UP))
    return half_up, round(w, d)


def rounded_places(got, want, tol=None):
    """The decimals (one to three) ``got`` was rounded to when it is ``want`` rounded that far and too far off to
    pass as it is; None otherwise (an answer that is right, or wrong)."""
    if len(got) != len(want) or _all_close(got, want, tol):
        return None
    places = [_places(g) for g in got]
    if None in places or not max(places):
        return None
    d = max(places)
    if all(abs(g - w) <= (tolerance(w) if tol is None else tol)
           or any(abs(g - r) <= 1e-6 * max(1.0, abs(r)) for r in _rounded(w, d)) for g, w in zip(got, want)):
        return d
    return None


def rounded_message(label, places):
    """What to say about an answer that is the right number rounded too much (``1.39`` for ``log(4)``)."""
    return (f"{label}: rounded to {_WORDS[places]} decimal{'s' if places > 1 else ''} is too few digits to check; "
            "give the unrounded value (the tensor itself, or .item()), or at least four significant digits.")


def _is_variable(x):
    """Whether ``x`` is a leaf tensor that requires grad: a variable such as x or w, not a gradient."""
    try:
        return is_tensor(x) and bool(x.requires_grad) and bool(x.is_leaf)
    except Exception:  # noqa: BLE001
        return False


def _too_large(label, answer, gradient=True):
    if not gradient:
        return f"{label} is too large: something was counted more than once; redo the computation."
    if is_tensor(answer) and not _predicting():
        return (f"{label} is too large: gradients accumulate, and this looks like backward() ran more than once "
                "without .grad being reset in between; reset it (x.grad = None or x.grad.zero_()) or start from "
                "fresh tensors.")
    if _predicting():
        return f"{label} is too large: a contribution was counted more than once; each path adds its gradient once."
    return (f"{label} is too large: if you read it from .grad, backward() ran more than once without resetting "
            ".grad; if you worked it out, a contribution was counted more than once.")


_current = []  # the exercise being checked, for expect()


def _predicting():
    return bool(_current) and _current[-1].predict


# -- checking -------------------------------------------------------------------------------------

_tries = {}  # (exercise, answer) -> how many unrecognised wrong answers so far


def evaluate(name, answers):
    """Check ``answers`` for exercise ``name``: ``(True, None)`` if right, else ``(False, feedback)``.

    Raises nothing for any answer (the property tests hold it to that); unlike :func:`check` it has no
    safety net, so a bug in an exercise shows up as an exception.
    """
    ex = EXERCISES[name]
    _current.append(ex)
    try:
        ex.fn(**answers)
    except Wrong as wrong:
        return False, _hint(ex, wrong.label)
    except Feedback as feedback:
        return False, feedback
    finally:
        _current.pop()
    for label in ex.params:
        _tries.pop((name, label), None)
    return True, None


def _hint(ex, label):
    ladder = ex.hints.get(label) or ["recompute it step by step, as in the lesson's worked example above."]
    n = _tries.get((ex.name, label), 0)
    _tries[(ex.name, label)] = n + 1
    step = ladder[min(n, len(ladder) - 1)]
    return Feedback(f"{label} is not right yet: {step}")


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


def check(name=None, /, *unnamed, **answers):
    """Check the answers to exercise ``name`` and print feedback; the result is true when all are right.

    Never raises for any answer, nor for answers passed without their names, except under nbgrader, where an
    answer that is not right raises AssertionError with the same feedback so that the grade cell fails.
    """
    if name is None:
        ok, text = False, ("Not quite: give the exercise's name first, as the check cell does: "
                           "check('l03_chain_rule', ...).")
    elif unnamed:
        ex = EXERCISES.get(name) if isinstance(name, str) else None
        example = f"{name!r}, " + ", ".join(f"{k}={k}" for k in ex.params) if ex else "'l08_detach', x_grad=x_grad"
        ok, text = False, f"Not quite: pass each answer with its name, as the check cell does: check({example})."
    else:
        ok, text = _verdict(name, answers)
    print(text)
    if not ok and os.environ.get("NBGRADER_EXECUTION"):
        raise AssertionError(text)
    return Result(ok)


def _verdict(name, answers):
    ex = EXERCISES.get(name) if isinstance(name, str) else None
    if ex is None:
        shown = repr(name) if isinstance(name, str) else describe(name)
        near = difflib.get_close_matches(name, EXERCISES, n=1, cutoff=0.6) if isinstance(name, str) else []
        if near:
            return False, f"Not quite: there is no exercise called {shown}; did you mean {near[0]!r}?"
        if not isinstance(name, str):
            return False, (f"Not quite: the exercise's name is {shown}; give it as text, copied from the check cell "
                           "under the exercise, such as 'l03_chain_rule'.")
        return False, (f"Not quite: there is no exercise called {shown}; copy the name from the check cell under the "
                       "exercise, such as 'l03_chain_rule'.")
    unknown = [k for k in answers if k not in ex.params]
    if unknown:
        return False, (f"Not quite: {name} has no answer called {', '.join(unknown)}; its answers are "
                       f"{', '.join(ex.params)}.")
    missing = [k for k in ex.params if k not in answers]
    if missing:
        return False, f"Not quite: pass {', '.join(f'{k}=...' for k in missing)} to check() as well."
    todo = [k for k in ex.params if answers[k] is TODO]
    error = _last_cell_error()
    if isinstance(error, NotImplementedError):
        return False, ("Not answered yet: the cell above still raises NotImplementedError; replace "
                       "`raise NotImplementedError()` with your code, run it, then run this cell again.")
    if todo and error is not None:
        return False, _stopped(error, todo)
    if todo:
        answer = "your answer" if len(todo) == 1 else "your answers"
        return False, f"Not answered yet: replace TODO in {_and(todo)} with {answer} and run this cell again."
    try:
        ok, feedback = evaluate(name, answers)
    except Exception as err:  # noqa: BLE001 - the safety net: never a traceback for a student's answer
        return False, (f"Not quite: the checker could not read these answers ({type(err).__name__}); check that "
                       f"each of {_and(ex.params)} is what the exercise asks for.")
    if ok:
        return True, f"Correct! ({name})"
    if isinstance(feedback, NotAnswered):
        return False, f"Not answered yet: {feedback}"
    return False, f"Not quite: {feedback}"


def _and(names):
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _last_cell_error():
    """The exception the cell run just before this one stopped at (nbgrader's ``raise NotImplementedError()``,
    or an error in the student's code), or None."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    result = getattr(shell, "last_execution_result", None)
    error = getattr(result, "error_in_exec", None)
    return error if isinstance(error, Exception) else None


def _stopped(error, todo):
    """Answers still TODO after the cell run last raised ``error``: say where it stopped and what to do."""
    text = str(error).splitlines()[0][:120] if str(error) else ""
    what = f"{type(error).__name__}{' (' + text + ')' if text else ''}"
    fix = ("run the cells above it (Run > Run All Above Selected Cell) and then that cell again"
           if isinstance(error, NameError) else "fix the line it points at and run that cell again")
    return (f"Not answered yet: the cell you ran last stopped with {what} before setting {_and(todo)}; {fix}, "
            "then this one.")


from . import exercises  # noqa: E402,F401 - registers the exercises
