"""The checker with answers as students really type them in JupyterLab: approximate numbers, low-precision
tensors, the tensor instead of its .grad, printed nodes and tensors pasted as text, a line given by its code,
and notebook flows (a check cell run before its answer cell, an answer cell that stopped at an error)."""

import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from lesson_functions import square_function

import minigrad
from lessons import TODO, check

try:
    import torch
except ImportError:  # PyTorch is optional: the answers made of its tensors skip, minigrad's run everywhere
    torch = None
LIBS = [minigrad] if torch is None else [minigrad, torch]
needs_torch = pytest.mark.skipif(torch is None, reason="PyTorch is not installed (it is optional)")


def verdict(capsys, name, **answers):
    ok = check(name, **answers)
    out = capsys.readouterr().out.strip()
    assert "\n" not in out, out  # one line, one verdict
    return bool(ok), out


LOG = dict(de_db=1.0, de_dc=1.3862943611198906, de_dd=0.75)


@pytest.mark.parametrize("label, typed", [
    ("de_dc", "≈1.386"), ("de_dc", "~1.386"), ("de_dc", "1.386..."), ("de_dc", "1.3863…"),
    ("de_dc", "log(4) = 1.386"), ("de_dd", "de/dd = 0.75"), ("de_dd", "= 0.75"),
    ("de_db", "Parameter containing:\ntensor([1.], requires_grad=True)"),
])
def test_approximate_and_annotated_numbers_are_read(capsys, label, typed):
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, **{label: typed}))
    assert ok, out


@needs_torch
@pytest.mark.parametrize("make", [
    lambda: torch.tensor(1.386, dtype=torch.float16), lambda: torch.tensor(1.3863, dtype=torch.bfloat16),
    lambda: torch.log(torch.tensor(4.0, dtype=torch.bfloat16)), lambda: np.float16(1.386),
    lambda: minigrad.tensor(1.386, dtype=minigrad.float16),
])
def test_a_half_precision_answer_is_as_right_as_its_dtype_holds(capsys, make):
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, de_dc=make()))
    assert ok, out
    # still not a licence for wrong numbers: float16 of a clearly wrong value is refused
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, de_dc=torch.tensor(1.40, dtype=torch.float16)))
    assert not ok, out


@pytest.mark.parametrize("lib", LIBS)
def test_the_variable_instead_of_its_grad_is_named(capsys, lib):
    a, b = lib.tensor([1.0], requires_grad=True), lib.tensor([4.0], requires_grad=True)
    (a * b).backward()
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, de_db=b))
    assert not ok and "pass its gradient, the tensor's .grad" in out, out
    w, x = lib.tensor([1.0], requires_grad=True), lib.tensor([2.0], requires_grad=True)
    y = (w + x) * (w + 1)
    ok, out = verdict(capsys, "l00_warmup", y_value=y, w_grad=w)  # before: a hint about the two paths
    assert not ok and ".grad" in out, out


@needs_torch
def test_a_grad_read_before_backward_says_so(capsys):
    b = torch.tensor([4.0], requires_grad=True)
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, de_db=b.grad))
    assert not ok and "until backward() has run" in out, out
    ok, out = verdict(capsys, "l00_warmup", y_value=None, w_grad=5)  # a value, not a gradient: the plain message
    assert out.startswith("Not quite: y_value is None: give a number"), out


def test_a_prediction_left_none_asks_for_the_number_not_for_a_backward(capsys):
    ok, out = verdict(capsys, "l06_cut_branch", x_grad=None)  # before: "run backward(), then read .grad again"
    assert not ok and out.startswith("Not quite: x_grad is None: this exercise asks for your prediction, a number "
                                      "you work out before running anything; write it as x_grad = <your number>."), out
    ok, out = verdict(capsys, "l06_cut_branch", x_grad=8)
    assert ok, out


@pytest.mark.parametrize("make", [pytest.param(lambda: torch.tensor([True]), marks=needs_torch),
                                  lambda: minigrad.tensor(True)])
def test_a_bool_tensor_is_not_the_number_one(capsys, make):
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, de_db=make()))  # before: Correct!
    assert not ok and "tensor of bools" in out, out


def test_code_in_quotes_is_named(capsys):
    for typed in ("c.grad", "torch.log(torch.tensor(4.))"):
        ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, de_dc=typed))
        assert not ok and "code in quotes" in out, out


def test_a_generator_read_by_an_earlier_check_says_so(capsys):
    answers = dict(LOG, de_db=(v for v in [1.0]))
    assert verdict(capsys, "l03_log_graph", **answers)[0]
    ok, out = verdict(capsys, "l03_log_graph", **answers)  # the check cell run twice
    assert not ok and "can be read only once" in out, out


def test_a_yes_no_sentence_is_read_by_its_first_word(capsys):
    for typed in ("No, it raises RuntimeError", "false - the graph was freed"):
        ok, out = verdict(capsys, "l01_retain_graph", grad_after_two=12.0, third_call_works=typed)
        assert ok, out
    ok, out = verdict(capsys, "l01_retain_graph", grad_after_two=12.0, third_call_works="nope")
    assert not ok and "answer True or False" in out, out


def _e():
    """e = a * b + c * log(d), in PyTorch where it is installed (what a student pastes from), else in minigrad."""
    lib = torch or minigrad
    a, b, c, d = (lib.tensor([v], requires_grad=True) for v in (2.0, 3.0, 5.0, 10.0))
    return a * b + c * lib.log(d)


@pytest.mark.parametrize("root, children", [
    (lambda e: str(e.grad_fn), lambda e: str(e.grad_fn.next_functions)),
    (lambda e: "<AddBackward0>", lambda e: [str(fn) for fn, _ in e.grad_fn.next_functions]),
    (lambda e: "grad_fn=<AddBackward0>", lambda e: "MulBackward0 MulBackward0"),
    (lambda e: str(e), lambda e: repr([fn for fn, _ in e.grad_fn.next_functions])),
])
def test_printed_nodes_and_tensors_pasted_as_names(capsys, root, children):
    e = _e()
    ok, out = verdict(capsys, "l02_walk", root_name=root(e), child_names=children(e), accumulate_count=4)
    assert ok, out


def test_pasted_hook_output_gives_the_order(capsys):
    ok, out = verdict(capsys, "l11_hook_order", order="c tensor(1.)\nb tensor(2.)\na tensor(4.)\nx tensor(10.)")
    assert ok, out
    ok, out = verdict(capsys, "l11_hook_order", order="c 1. b 2.")
    assert not ok and "number '1.' written as text" in out, out  # before: "order is empty text"


@pytest.mark.parametrize("typed", ["line 5: c.sum().backward()", "c.sum().backward()", "5)", "Line 5."])
def test_l08_a_line_given_with_or_as_its_code(capsys, typed):
    assert verdict(capsys, "l08_inplace", failing_line=typed)[0]


def test_l08_the_code_of_another_line_gets_that_lines_feedback(capsys):
    ok, out = verdict(capsys, "l08_inplace", failing_line="b.add_(1)")
    assert not ok and "line 4 runs fine" in out, out


@pytest.mark.parametrize("typed", ["B)", "line B: loss2.backward()", "loss2.backward()", " b. "])
def test_l11_a_line_given_with_or_as_its_code(capsys, typed):
    assert verdict(capsys, "l11_retain_graph", failing_line=typed, x_grad_fixed=30.0)[0]


def test_l11_the_code_of_line_a_gets_line_as_feedback(capsys):
    ok, out = verdict(capsys, "l11_retain_graph", failing_line="loss1.backward()", x_grad_fixed=30.0)
    assert not ok and "line A is the first pass" in out, out


# -- notebook flows, in an IPython shell of their own -----------------------------------------------------

FLOW = textwrap.dedent('''
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    def cell(source):
        print("\\n<<" + source.splitlines()[0] + ">>", flush=True)
        shell.run_cell(source)
        sys.stdout.flush()
    cell("import minigrad as torch\\nfrom lessons import TODO, check")
    cell("check('l00_warmup', y_value=y_value, w_grad=w_grad)")
    cell("y_value = TODO\\nw_grad = TODO\\ny_value = y")
    cell("check('l00_warmup', y_value=y_value, w_grad=w_grad)")
    cell("y_value = TODO\\nw_grad = TODO\\nw = torch.tensor([1.], requires_grad=True)\\ny_value = 6\\n"
         "w_grad = w.grad.item()")
    cell("check('l00_warmup', y_value=y_value, w_grad=w_grad)")
    cell("y_value = TODO\\nw_grad = TODO\\n# YOUR CODE HERE\\nraise NotImplementedError()")
    cell("check('l00_warmup', y_value=y_value, w_grad=w_grad)")
    cell("print(not_a_check_cell)")
''')


def _flow_outputs():
    run = subprocess.run([sys.executable, "-c", "import sys\n" + FLOW], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, timeout=300,
                         env={"PATH": "", "PYTHONPATH": ":".join(sys.path), "TERM": "dumb"})
    parts = re.split(r"<<[^\n]*?>>\n", run.stdout)  # each cell's output follows its marker
    return [re.sub(r"Out\[\d+\]: ", "", part).strip() for part in parts[1:]]


def test_notebook_flows_get_one_sentence_each():
    out = _flow_outputs()
    assert out[1].startswith("Not answered yet: y_value is not defined") and "Traceback" not in out[1], out[1]
    assert out[3].startswith("Not answered yet: the cell you ran last stopped with NameError (name 'y' is not "
                             "defined) before setting y_value and w_grad; run the cells above it"), out[3]
    assert "stopped with AttributeError" in out[5] and "before setting w_grad;" in out[5], out[5]
    assert "still raises NotImplementedError" in out[7], out[7]
    assert "Traceback" in out[8] or "NameError" in out[8], out[8]  # other cells keep IPython's traceback


def test_check_cell_name_error_outside_ipython_is_none():
    from lessons.notebook import not_answered

    try:
        exec(compile("check(x=undefined_answer)", "<not a cell>", "exec"), {"check": print})
    except NameError as err:
        assert not_answered(err, err.__traceback__) is None  # no cell source: leave the error alone


def test_todo_is_still_not_answered_when_nothing_failed(capsys):
    ok, out = verdict(capsys, "l00_warmup", y_value=TODO, w_grad=5)
    assert out.startswith("Not answered yet: replace TODO in y_value"), out


# -- answers rounded too far, methods left uncalled, classes and instances (helper H7) -------------------------


@pytest.mark.parametrize("label, typed, places", [
    ("de_dc", 1.39, "two"), ("de_dc", "1.4", "one"), ("de_dc", np.float32(1.39), "two"), ("de_dd", "0.8", "one"),
])
def test_a_right_answer_rounded_too_far_is_named_as_rounded(capsys, label, typed, places):
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, **{label: typed}))  # before: a chain-rule hint
    assert not ok and f"rounded to {places} decimal" in out and "unrounded value" in out, out


@pytest.mark.parametrize("typed", [1.38, 1.385, "1.3", 1.0])
def test_a_wrong_answer_is_not_called_rounded(capsys, typed):
    ok, out = verdict(capsys, "l03_log_graph", **dict(LOG, de_dc=typed))
    assert not ok and "rounded" not in out, out


def test_l11_losses_rounded_to_two_decimals_are_named_as_rounded(capsys):
    from lessons.exercises.l11_exercises import _fit_line_losses

    losses, w, b = _fit_line_losses(True)
    ok, out = verdict(capsys, "l11_fit_line", losses=[round(v, 2) for v in losses], weight=w, bias=b)
    assert not ok and "losses: rounded to two decimals" in out, out  # before: "the first loss is not what..."
    assert verdict(capsys, "l11_fit_line", losses=[round(v, 4) for v in losses], weight=w, bias=b)[0]


@pytest.mark.parametrize("lib", LIBS)
def test_a_method_left_uncalled_says_to_add_the_parentheses(capsys, lib):
    ok, out = verdict(capsys, "l06_cut_branch", x_grad=lib.tensor(8.0).item)
    assert not ok and "the method item itself, not its result (add the parentheses: item())" in out, out
    e = _e() if lib is torch else minigrad.tensor([2.0], requires_grad=True) * 3 + 1
    ok, out = verdict(capsys, "l02_walk", root_name=e.grad_fn.name, child_names=["MulBackward0"] * 2,
                      accumulate_count=4)
    assert not ok and "the method name itself, not its result (add the parentheses: name())" in out, out
    ok, out = verdict(capsys, "l06_cut_branch", x_grad=lambda: 8.0)
    assert not ok and "a lambda" in out and "call it" in out, out


def test_a_node_class_is_read_as_its_name(capsys):
    e = _e()
    ok, out = verdict(capsys, "l02_walk", root_name=type(e.grad_fn), child_names=["MulBackward0"] * 2,
                      accumulate_count=4)
    assert ok, out  # before: "root_name is a node whose name() fails"


@pytest.mark.parametrize("lib", LIBS)
def test_l04_an_instance_or_apply_instead_of_the_class(capsys, lib):
    MySquare = square_function(lib)
    assert verdict(capsys, "l04_mysquare", MySquare=MySquare)[0]
    with pytest.warns(DeprecationWarning):  # both libraries warn that a Function should not be instantiated
        instance = MySquare()
    ok, out = verdict(capsys, "l04_mysquare", MySquare=instance)  # before: "a grad_fn node" / "a function"
    assert not ok and "an object made by calling the class (MySquare())" in out, out
    ok, out = verdict(capsys, "l04_mysquare", MySquare=MySquare.apply)  # before: "MySquare is a function"
    assert not ok and "MySquare is MySquare.apply, one of its methods" in out, out


@pytest.mark.parametrize("lib", LIBS)
@pytest.mark.parametrize("returned", [lambda ctx, g: 2, lambda ctx, g: [2 * ctx.saved_tensors[0] * g]])
def test_l04_a_backward_returning_no_tensor_is_told_to_return_one(capsys, lib, returned):
    ok, out = verdict(capsys, "l04_mysquare", MySquare=square_function(lib, returned))  # before: torch's words alone
    assert not ok and "raised RuntimeError: expected Variable or None" in out, out
    assert out.endswith("backward must return a tensor shaped like input (its gradient), not a number or a list."), out


def test_a_generator_that_raises_names_the_error(capsys):
    def grads():
        yield 0.0
        yield 5.0 / 0

    ok, out = verdict(capsys, "l04_relu_at_zero", relu_grad=grads())  # before: "cannot be read item by item"
    assert not ok and "raised ZeroDivisionError (float division by zero)" in out, out
