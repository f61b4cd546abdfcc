"""Feedback that teaches rather than gives the answer away: a named mistake (a flipped sign, something counted
more than once) says what to reconsider but not by how much the answer is off; l11_leaves says how many leaves
are missing, never which; l08_inplace's hints lead to the failing line without naming it; and a check() called
the wrong way gets a sentence, not a traceback."""

import json
import pathlib
import re

import pytest
from lesson_functions import square_function

import minigrad as torch
from lessons import check
from lessons.check import EXERCISES

ROOT = pathlib.Path(__file__).resolve().parents[1]

# (exercise, the right answers, the answer to get wrong): every answer checked by value with a generic mistake
NUMERIC = [
    ("l00_warmup", dict(y_value=6.0, w_grad=5.0), "y_value"),
    ("l00_warmup", dict(y_value=6.0, w_grad=5.0), "w_grad"),
    ("l01_control_flow", dict(grad_n3=12.0, muls_n3=2, muls_n5=4), "grad_n3"),
    ("l01_retain_graph", dict(grad_after_two=12.0, third_call_works=False), "grad_after_two"),
    ("l03_chain_rule", dict(dloss_dy1=-8.0, dloss_dy2=8.0, dloss_dx=8.0), "dloss_dy1"),
    ("l03_chain_rule", dict(dloss_dy1=-8.0, dloss_dy2=8.0, dloss_dx=8.0), "dloss_dy2"),
    ("l03_log_graph", dict(de_db=1.0, de_dc=1.3863, de_dd=0.75), "de_dc"),
    ("l03_log_graph", dict(de_db=1.0, de_dc=1.3863, de_dd=0.75), "de_dd"),
    ("l05_kept_grads", dict(kept=["x", "w"], w_grad=5.0), "w_grad"),
    ("l06_cut_branch", dict(x_grad=8.0), "x_grad"),
    ("l07_predict", dict(grad_at_A=8.0, grad_at_B=2.0), "grad_at_A"),
    ("l07_predict", dict(grad_at_A=8.0, grad_at_B=2.0), "grad_at_B"),
    ("l08_reassign", dict(dy_last=12.0, dy_first=24.0), "dy_first"),
    ("l08_detach", dict(x_grad=4.0), "x_grad"),
    ("l09_second_derivative", dict(d1=10.0, d2=12.0), "d1"),
    ("l09_second_derivative", dict(d1=10.0, d2=12.0), "d2"),
    ("l11_retain_graph", dict(failing_line="B", x_grad_fixed=30.0), "x_grad_fixed"),
]
# phrases that tell the student by how much the answer is off, so that they can fix it without understanding
PINNING = ("twice the right", "three times the right", "half the right", "right size", "one node too many",
           "the right value")


def feedback(capsys, *args, **answers):
    capsys.readouterr()
    ok = check(*args, **answers)
    out = capsys.readouterr().out
    assert not ok and "\n" not in out.strip() and "Traceback" not in out, out
    return out


def states(text, value):
    """Whether ``text`` writes ``value`` as a number of its own (not a digit inside a name such as y1)."""
    shown = {f"{value:g}", f"{value:.1f}", f"{value:.2f}", f"{value:.4g}"}
    return any(re.search(rf"(?<![\w.]){re.escape(s)}(?![\w])", text) for s in shown)


@pytest.mark.parametrize("factor, named", [(-1, "sign flipped"), (2, "too large"), (3, "too large")])
@pytest.mark.parametrize("name, right, label", NUMERIC, ids=[f"{n}-{lb}" for n, _, lb in NUMERIC])
def test_named_mistakes_do_not_pin_the_answer(capsys, name, right, label, factor, named):
    wrong = right[label] * factor
    out = feedback(capsys, name, **dict(right, **{label: wrong}))
    generic = ("has its sign", "is too large", "has the right size", "is twice the right", "is three times the right")
    if any(out.startswith(f"Not quite: {label} {g}") for g in generic):  # else an exercise's own mistake matched
        assert named in out, out
    assert not any(p in out for p in PINNING), out
    assert not states(out, right[label]) and not states(out, abs(right[label])), out


def test_a_doubled_tensor_gradient_names_the_repeated_backward_but_no_count(capsys):
    out = feedback(capsys, "l00_warmup", y_value=6.0, w_grad=torch.tensor(10.0))
    assert "backward() ran more than once" in out and "twice" not in out and "5" not in out, out


def test_hand_written_mistakes_do_not_pin_the_answer(capsys):
    # these used to say "half the right value", "one node too many", "twice the input"
    out = feedback(capsys, "l03_chain_rule", dloss_dy1=-4.0, dloss_dy2=8.0, dloss_dx=8.0)
    assert "leaves out a factor" in out and "half" not in out and not states(out, 8), out
    out = feedback(capsys, "l01_control_flow", grad_n3=12.0, muls_n3=3, muls_n5=4)
    assert "records nothing" in out and "one node too many" not in out and not states(out, 2), out


def test_fit_line_parameters_get_no_advice_about_signs_or_counting(capsys):
    from lessons.exercises.l11_exercises import _fit_line_losses

    losses, w, b = _fit_line_losses(zero_grad=True)
    out = feedback(capsys, "l11_fit_line", losses=list(losses), weight=2 * w, bias=b)
    assert out.startswith("Not quite: weight is not right yet"), out
    out = feedback(capsys, "l11_fit_line", losses=list(losses), weight=0.5, bias=b)
    assert "the value make_model() starts from" in out, out


# -- l11_leaves: counts, never names --------------------------------------------------------------------------
LEAF_NAMES = ("weight", "x", "h", "d", "n", "m")
WRONG_SETS = [set(), {"x"}, {"weight", "x", "d"}, {"weight", "x", "n"}, {"weight", "x", "d", "n", "m"},
              {"weight", "x", "d", "n", "h"}, {"h", "m"}, set(LEAF_NAMES), {"d", "n", "h", "x"}]


@pytest.mark.parametrize("leaves", WRONG_SETS, ids=lambda s: "+".join(sorted(s)) or "empty")
def test_l11_leaves_names_no_tensor(capsys, leaves):
    out = feedback(capsys, "l11_leaves", leaves=leaves)
    words = set(re.findall(r"[A-Za-z_]\w*", out.split(":", 1)[1]))
    assert not words & set(LEAF_NAMES), out
    assert "A leaf has no grad_fn" in out, out


def test_l11_leaves_retrying_reveals_only_counts(capsys):
    """Two wrong sets missing as many leaves and holding as many non-leaves get the same feedback: a student
    cannot find out which by retrying."""
    one_missing = {feedback(capsys, "l11_leaves", leaves=set(s)) for s in
                   (("x", "d", "n"), ("weight", "d", "n"), ("weight", "x", "n"), ("weight", "x", "d"))}
    assert len(one_missing) == 1 and "is missing one leaf." in one_missing.pop()
    one_extra = {feedback(capsys, "l11_leaves", leaves={"weight", "x", "d", "n", extra}) for extra in ("h", "m")}
    assert len(one_extra) == 1 and "holds one tensor that is not a leaf." in one_extra.pop()


# -- l08_inplace: hints lead, they do not name the line ---------------------------------------------------------
def _without_section_titles(text):
    return re.sub(r"\('[^']*'\)", "", text)


@pytest.mark.parametrize("wrong", [None, 0, 1, 2, 3, 4, "line 3", 6])
def test_l08_inplace_feedback_does_not_name_the_failing_line(capsys, wrong):
    for _ in range(3):  # the whole hint ladder
        out = feedback(capsys, "l08_inplace", failing_line=wrong)
        text = _without_section_titles(out)
        assert not re.search(r"(?<![\w.])5(?![\w])", text), out
        assert "backward" not in text, out  # "the check happens at backward" named line 5


def test_l08_inplace_notebook_hints_are_graded():
    """The first folded hint leads (it does not say when the version check runs); the explicit one comes second."""
    nb = json.loads((ROOT / "notebooks" / "08_reassignment_inplace_detach.ipynb").read_text(encoding="utf-8"))
    statement = next("".join(c["source"]) for c in nb["cells"]
                     if c["cell_type"] == "markdown" and "Where does it fail?" in "".join(c["source"]))
    hints = re.findall(r"<details><summary>([^<]*)</summary>(.*?)</details>", statement, re.S)
    assert [title for title, _ in hints] == ["Hint", "Another hint"], hints
    first = hints[0][1]
    assert "backward" not in first and "version check" not in first and "5" not in first, first


def test_hints_give_no_solution_line():
    """The first, most specific hint of a code exercise does not hand over the call that solves it."""
    ladders = {label: ladder for ex in EXERCISES.values() for label, ladder in ex.hints.items()}
    assert "create_graph=True" not in ladders["d1"][0] and "autograd.grad(d1" not in ladders["d2"][0]
    assert "optimizer.zero_grad()" not in ladders["losses"][0]
    assert "2(3w - 1)" not in ladders["w.grad"][0]


# -- check() called the wrong way -------------------------------------------------------------------------------
@pytest.mark.parametrize("args, kwargs, expected", [
    ((), {}, "give the exercise's name first"),
    (("l08_detach", 4.0), {}, "pass each answer with its name, as the check cell does: check('l08_detach', "
                              "x_grad=x_grad)"),
    (("l08_detachx",), dict(x_grad=4.0), "did you mean 'l08_detach'?"),
    (("nothing_like_it",), dict(x_grad=4.0), "copy the name from the check cell"),
    ((3,), dict(x_grad=4.0), "give it as text"),
])
def test_check_called_the_wrong_way(capsys, args, kwargs, expected):
    assert expected in feedback(capsys, *args, **kwargs)


def test_mysquare_written_the_wrong_way(capsys):
    out = feedback(capsys, "l04_mysquare", MySquare=torch.autograd.Function)
    assert "torch.autograd.Function itself" in out, out

    class NotStatic(torch.autograd.Function):
        def forward(self, ctx, input):
            return input ** 2

        def backward(self, ctx, grad_output):
            return grad_output

    assert "put @staticmethod above it" in feedback(capsys, "l04_mysquare", MySquare=NotStatic)

    doubled = square_function(torch, backward=lambda ctx, grad_output: 4 * ctx.saved_tensors[0] * grad_output)
    out = feedback(capsys, "l04_mysquare", MySquare=doubled)
    assert out.startswith("Not quite: backward's result is too large") and "counted" not in out, out


# -- what a student reads in the lessons ----------------------------------------------------------------------
def test_lesson_code_shows_no_nbval_comment_and_no_leading_blank_line():
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            source = "".join(cell["source"])
            assert "NBVAL" not in source, f"{path.name} cell {i}"
            assert not source.startswith("\n"), f"{path.name} cell {i}"
            assert "from_code('''\n" not in source, f"{path.name} cell {i}: the stepper's code starts with a blank line"
