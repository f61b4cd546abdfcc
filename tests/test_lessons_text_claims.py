"""Claims in the lessons' text that the printed outputs cannot check, checked against what they describe:
PyTorch's own list of derivative formulas, and the steps of the lessons' steppers the text points at (lesson 09's
are in test_lessons.py)."""

import importlib.util
import pathlib
import re

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _derivatives_yaml():
    spec = importlib.util.find_spec("torchgen")
    if spec is None or spec.origin is None:
        pytest.skip("torchgen (shipped with torch) is not installed")
    path = pathlib.Path(spec.origin).parent / "packaged" / "autograd" / "derivatives.yaml"
    if not path.exists():
        pytest.skip("this torch ships no derivatives.yaml")
    return path.read_text(encoding="utf-8")


def test_lesson_04_quotes_pytorchs_mul_formula_as_derivatives_yaml_writes_it():
    text = _derivatives_yaml()
    entry = text[text.index("- name: mul.Tensor("):].split("\n\n")[0]
    lesson = next(c.source for c in nbformat.read(ROOT / "notebooks" / "04_function.ipynb", as_version=4).cells
                  if c.cell_type == "markdown" and "derivatives.yaml" in c.source)
    quoted = re.findall(r"`((?:self|other): [^`]+)`", lesson)
    assert quoted, lesson
    for line in quoted:
        assert f"  {line}\n" in entry + "\n", f"lesson 04 quotes {line!r}; derivatives.yaml has:\n{entry}"


# -- the steps of the lessons' steppers that the text points at -------------------------------------------------
def _stepper(lesson, cell_start):
    """The stepper of ``lesson``'s %%stepthrough cell whose code starts with ``cell_start``, the step it opens on
    (its ``step=`` option, 1-based), and its captions by step number."""
    from widgets import GraphStepper

    nb = nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith("%%stepthrough")
                and c.source.split("\n", 1)[1].startswith(cell_start))
    stepper = GraphStepper.from_code(cell.source.split("\n", 1)[1])
    opens = re.search(r"step=(-?\d+)", cell.source.split("\n", 1)[0])
    caption = {n: " / ".join(s["t"]) for n, s in enumerate(stepper.steps, 1)}
    return stepper, int(opens.group(1)) if opens else None, caption


def _relabelled(stepper, step):
    changes = stepper.steps[step - 1]["c"]
    return [change[2] for change in changes if change[1] == 0 and str(change[2]).startswith("was ")]


def test_lesson_01_step_8_moves_the_name_next_h():
    """'At step 8, next_h = next_h.tanh() moves the name: the old sum node is relabelled "was next_h"'."""
    stepper, _, caption = _stepper("01_dynamic_graph", "Wh = ")
    assert caption[8].startswith("next_h = tanh(the earlier next_h)"), caption[8]
    assert _relabelled(stepper, 8) == ["was next_h"]


def test_lesson_06_hook_order_steps():
    """'It opens on step 12: SubBackward0 has just handed -4 towards y1 and 4 towards y2, and the hook on y2 fires
    first, right before MulBackward0 runs. Press Next to see y2's branch finish, then y1's hook, then the two
    contributions summed into x.grad.'"""
    _, opens, caption = _stepper("06_retain_grad_and_hooks", "x = torch.tensor(3.0,requires_grad=True)")
    assert opens == 12
    assert "SubBackward0" in caption[11] and "-4.0" in caption[11] and "= 4.0" in caption[11], caption[11]
    assert caption[12].startswith("hook (lambda grad: print('y2 grad:', grad)) on y2 fired with grad 4."), caption[12]
    assert "MulBackward0" in caption[13], caption[13]
    assert caption[14].startswith("hook (lambda grad: print('y1 grad:', grad)) on y1"), caption[14]
    assert "summed" in caption[16] and "x.grad: None -> 4." in caption[16], caption[16]


def test_lesson_06_three_hooks_and_retain_grad_steps():
    """'Steps 10 to 13 are the three hooks and then retain_grad, one step each (step 10 first sums the two
    contributions to y, 6 + 6 = 12); step 11 shows the gradient being replaced.'"""
    _, opens, caption = _stepper("06_retain_grad_and_hooks", "x = torch.tensor(3.0, requires_grad=True)\ny = x * 2")
    assert opens == 11
    assert "6.0 + 6.0 = 12.0" in caption[10], caption[10]
    assert 'hook (lambda g: print("hook 1 sees", g)) on y fired with grad 12., returned None' in caption[10]
    assert "returned 120.: the gradient is replaced" in caption[11], caption[11]
    assert caption[12].startswith('hook (lambda g: print("hook 3 sees", g)) on y fired with grad 120.'), caption[12]
    assert caption[13].startswith("retain_grad: y.grad = 120."), caption[13]


def test_lesson_07_each_backward_ends_at_accumulate_grad():
    """'step 10 shows the first one, x.grad: None -> 4., and step 17 (where it opens) the second, 4. + 4. = 8.
    Just before each, the two gradients from y1 and y2 are summed.'"""
    _, opens, caption = _stepper("07_gradients_accumulate", "x = ")
    assert opens == 17
    assert caption[10].startswith("2 gradients arrive at x and are summed") and "x.grad: None -> 4." in caption[10]
    assert caption[17].startswith("2 gradients arrive at x and are summed") and "4. + 4. = 8." in caption[17]


def test_lesson_08_step_5_moves_the_name_y():
    """'At step 5 (where it opens) the line y = w2*y runs: a new node appears and takes the name y, and the first
    product is relabelled was y. In the backward steps, retain_grad keeps 32 for the new y.'"""
    stepper, opens, caption = _stepper("08_reassignment_inplace_detach", "w1 = ")
    assert opens == 5
    assert caption[5].startswith("y = mul(w2, the earlier y)") and _relabelled(stepper, 5) == ["was y"]
    assert any(c.startswith("retain_grad: y.grad = 32.") for c in caption.values()), caption
