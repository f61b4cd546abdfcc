"""The stepper on code it was not written for (issue 11, Python side): captions in the code's terms, every
value readable in full, still pictures for where no widget runs, and odd code (loops, several hooks, errors,
no tensors, graphs over the budget). The browser side is tests/test_stepper_ui_browser.py."""

import contextlib
import io
import json
import pathlib
import re
import warnings
import xml.etree.ElementTree as ET

import pytest

import minigrad as torch
from widgets import GraphStepper
from widgets.packing import unpack
from widgets.picture import RUN, SVG_NS, state_at, svg_of_html
from widgets.trace import Value

try:
    import torch as real_torch
except ImportError:  # torch is optional: the live comparison runs where it is installed
    real_torch = None

ROOT = pathlib.Path(__file__).resolve().parent.parent
VECTOR = """\
x = torch.tensor([1e-5, 2.5e3, -7.25e-2], requires_grad=True)
w = torch.tensor([0.5, -1.5, 3.0], requires_grad=True)
y = (w * x).sum()
y.backward()
"""


def lines(stepper):
    return [line for s in stepper.steps for line in s["t"]]


def records(stepper, upto=None):
    """Every element's info record after the steps up to ``upto`` (the last by default)."""
    return state_at(stepper.steps, len(stepper.steps) - 1 if upto is None else upto)[2]


def by_title(stepper, title):
    """The record of the element headed ``title``: its own title, else its first text line (a tensor's name,
    a node's type name), as the front end heads it."""
    texts = state_at(stepper.steps, len(stepper.steps) - 1)[0]
    return next(r for eid, r in records(stepper).items() if r.get("title", texts.get(eid, {}).get(0)) == title)


# -- every value readable ------------------------------------------------------------------------------


def test_info_records_print_every_value_as_torch_does():
    ns = {}
    s = GraphStepper.from_code(VECTOR, ns)
    x = by_title(s, "x")
    assert x["value"] == repr(ns["x"].detach()) == "tensor([ 1.0000e-05,  2.5000e+03, -7.2500e-02])"
    assert x["grad"] == repr(ns["x"].grad)
    assert {k: x[k] for k in ("shape", "dtype", "requires_grad", "is_leaf", "retains_grad", "grad_fn")} == {
        "shape": "torch.Size([3])", "dtype": "torch.float32", "requires_grad": "True", "is_leaf": "True",
        "retains_grad": "False", "grad_fn": "None",
    }  # fmt: skip
    y = by_title(s, "y")
    assert y["grad_fn"] == "<SumBackward0>" and y["is_leaf"] == "False"
    mul = by_title(s, "MulBackward0")
    assert mul["formula"] == "self: grad * other\nother: grad * self"
    assert mul["names"] == "self = w, other = x"
    # the node label is clipped to its box; the record is not
    label_text = {v for st in s.steps for eid, k, v in st["c"] if k == 2}
    assert not any("2.5000e+03" in t and "-7.2500e-02" in t for t in label_text)


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_info_records_match_real_torch():
    s = GraphStepper.from_code(VECTOR)
    x = real_torch.tensor([1e-5, 2.5e3, -7.25e-2], requires_grad=True)
    w = real_torch.tensor([0.5, -1.5, 3.0], requires_grad=True)
    y = (w * x).sum()
    y.backward()
    rec = by_title(s, "x")
    assert rec["value"] == repr(x.detach()) and rec["grad"] == repr(x.grad)
    assert rec["shape"] == repr(x.shape) and rec["dtype"] == repr(x.dtype)
    assert by_title(s, "y")["grad_fn"] == f"<{type(y.grad_fn).__name__}>"


def test_edges_carry_their_full_gradient():
    s = GraphStepper.from_code(VECTOR)
    edge = next(r for eid, r in records(s).items() if eid.startswith("input_") and r["title"] == "grad for x")
    assert edge["grad"] == "tensor([ 0.5000, -1.5000,  3.0000])"


# -- captions in the student's terms -------------------------------------------------------------------


def test_backward_steps_name_the_line_and_use_the_codes_names():
    code = "x = torch.tensor(3.0, requires_grad=True)\ny2 = 2*x\ny2.backward()\n"
    s = GraphStepper.from_code(code)
    step = next(st["t"] for st in s.steps if st["t"] and st["t"][0].endswith("→ MulBackward0"))
    assert step[:2] == ["y2 = 2*x → MulBackward0", "contribution to x.grad = grad of y2 · 2 = 1.0 · 2 = 2.0"]
    assert step[2].startswith("(PyTorch's formula for MulBackward0: self: grad * other; other: grad * self")


def test_broadcast_reductions_are_said_in_words():
    code = ("x = torch.ones(2, 3, requires_grad=True)\nb = torch.tensor([[1.0], [2.0]], requires_grad=True)\n"
            "z = (x + b).sum()\nz.backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    line = next(t for t in lines(s) if t.startswith("contribution to b.grad"))
    assert "summed over dim 1 (b was broadcast along it)" in line and line.endswith("= [[3.], [3.]]")
    row = GraphStepper.from_code(code.replace("[[1.0], [2.0]]", "[5.0, 6.0, 7.0]"))
    assert any("summed over dim 0 (b was broadcast along it)" in t for t in lines(row))


def test_a_matmul_is_not_mistaken_for_a_broadcast():
    code = "a = torch.ones(3, 1, requires_grad=True)\nb = torch.ones(1, 2)\n(a @ b).sum().backward()\n"
    s = GraphStepper.from_code(code)
    assert not any("summed over" in t for t in lines(s))


def test_values_the_node_holds_are_filled_in_and_index_arrays_written_as_lists():
    code = ("W = torch.ones(3, 2, requires_grad=True)\nx = torch.ones(1, 2)\n"
            "y = torch.nn.functional.mse_loss(x @ W.t(), torch.zeros(1, 3))\nz = W[torch.tensor([0, 0])].sum()\n"
            "(y + z).backward()\n")  # fmt: skip
    chain = [t for t in lines(GraphStepper.from_code(code)) if t.startswith("contribution to")]
    mse = next(t for t in chain if "target" in t)  # the mean's scale 2 / 3 (torch's norm), which the node holds
    assert mse.endswith("norm · (self - target) · grad of y = 0.6667 · ([[2., 2., 2.]] - [[0., 0., 0.]]) · 1.0 = "
                        "[[1.3333, 1.3333, 1.3333]]"), mse
    # W.t() (3x2 transposed) is column-major: the formula's branch for it, as torch's mm_mat2_backward takes it
    assert "contribution to the grad of W.t() = (grad.t() @ x).t() = " in "\n".join(chain)
    index = next(t for t in chain if "index_backward" in t)
    assert "([0, 0],)" in index and "array(" not in index and "\n" not in index


def test_a_tensor_the_node_keeps_for_itself_is_filled_in():
    code = ("x = torch.tensor([1., -2., 0.5], requires_grad=True)\n"
            "torch.nn.functional.logsigmoid(x * 2).sum().backward()\n")  # fmt: skip
    chain = [t for t in lines(GraphStepper.from_code(code)) if t.startswith("contribution to")]
    caption = next(t for t in chain if "log_sigmoid_backward" in t)  # the buffer exp(-|2x|), which torch saves
    assert "log_sigmoid_backward([1., 1., 1.], [2., -4., 1.], [0.1353, 0.0183, 0.3679])" in caption, caption


def test_big_tensors_are_summarised_as_torch_prints_them_or_named_by_shape_inside_equations():
    s = GraphStepper.from_code("W = torch.ones(64, 10, requires_grad=True)\n(W * 3).sum().backward()\n")
    chain = [t for t in lines(s) if t.startswith("contribution to")]
    assert chain and not any("min=" in t or "mean=" in t for t in chain)
    assert ("contribution to W.grad = grad · 3 = [[1., ..., 1.], ..., [1., ..., 1.]] · 3 = [[3., ..., 3.], ..., "
            "[3., ..., 3.]]") in chain  # fmt: skip
    random = GraphStepper.from_code("torch.manual_seed(0)\nW = torch.randn(64, 10, requires_grad=True)\n"
                                    "(W * W).sum().backward()\n")
    line = next(t for t in lines(random) if t.startswith("contribution to W.grad"))
    assert " · ([64, 10] tensor) = [[" in line  # too wide even with one number at each end: its shape


def test_saved_tensors_show_their_version_and_the_inplace_error_the_mismatch():
    code = ("x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * 2\nz = y * y\ny.add_(1)\n"
            "z.sum().backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    statuses = {v for st in s.steps for eid, k, v in st["c"] if k == 1 and isinstance(v, str)}
    assert "saved: y (v0), y (v0)" in statuses
    texts = state_at(s.steps, 3)[0]
    saved = [r["saved"] for eid, r in records(s, upto=3).items() if texts.get(eid, {}).get(0) == "MulBackward0"]
    # x * 2 saves the 2, as torch's MulBackward0 saves it (_saved_other is tensor(2)): so no second backward either
    assert sorted(saved) == ["other = 2 (a number)", "self = y (version 0), other = y (version 0)"]
    last = s.steps[-1]
    assert last["k"] == "err" and last["t"][0].startswith("RuntimeError: one of the variables needed")
    assert "saved self = the earlier y at version 0; an in-place change since has made it version 1" in last["t"][1]


@pytest.mark.parametrize("expression, status, frees", [
    ("x * 2", "saved: other = 2", True),  # torch saves the 2 as a 0-d tensor
    ("x[[0, 2]]", "saved: indices[0]", True),  # the list, as the index tensor torch makes of it
    ("x.max(dim=0).values", "saved: indices", True),  # the indices max found
    ("x + 1", "saves no tensor", False),
    ("x.view(3, 1)", "saves no tensor", False),
])
def test_what_a_node_saves_and_whether_a_second_backward_works_is_what_the_engine_does(expression, status, frees):
    code = f"x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = ({expression}).sum()\ny.backward()\n"
    s = GraphStepper.from_code(code)
    statuses = {v for st in s.steps for eid, k, v in st["c"] if k == 1 and isinstance(v, str)}
    assert status in statuses
    said = s.steps[-1]["t"][-1]
    assert said.startswith("backward done: the saved tensors of 1 node are freed" if frees
                           else "backward done: no node here saved a tensor"), said  # fmt: skip
    namespace = {"torch": torch}
    exec(code, namespace)  # what the caption says of a second backward is what happens
    second = namespace["y"].backward
    if frees:
        with pytest.raises(RuntimeError, match="backward through the graph a second time"):
            second()
    else:
        second()


# -- odd code ---------------------------------------------------------------------------------------------


def test_every_register_hook_is_a_step():
    code = ("x = torch.tensor(2.0, requires_grad=True)\ny = x * 3\ny.register_hook(lambda g: None)\n"
            "y.register_hook(lambda g: g * 2)\ny.backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    hooks = [st for st in s.steps if any(t.startswith("a hook is registered on y") for t in st["t"])]
    assert [st["l"] for st in hooks] == [[3, 3], [4, 4]]
    assert "its hook number 2" in hooks[1]["t"][0]
    assert by_title(s, "y")["hooks"] == "2"


LOOP = """\
w = torch.tensor(1.0, requires_grad=True)
total = 0
for i in range(5):
    z = w * i
    total = total + z
total.backward()
"""


def test_a_loop_is_stepped_line_by_line_then_collapsed_with_a_caption():
    ns = {}
    s = GraphStepper.from_code(LOOP, ns)
    fwd = [st for st in s.steps if st["k"] == "fwd"]
    assert [st["l"] for st in fwd] == [[1, 1], [4, 4], [5, 5], [4, 4], [5, 5], [4, 4], [5, 5], [3, 5]]
    assert fwd[1]["t"] == ["z = mul(w, 0): records MulBackward0"]
    assert fwd[-1]["t"][-1] == (
        "iterations 4 to 5 of the loop on line 3 ran together in this step (%%stepthrough loops=5 shows each one)"
    )
    assert ns["w"].grad.item() == 10.0  # the code ran as it would without the stepper
    every = GraphStepper.from_code(LOOP, loops=5)
    assert [st["l"] for st in every.steps if st["k"] == "fwd"][-2:] == [[4, 4], [5, 5]]
    assert not any("ran together" in t for t in lines(every))


def test_nested_blocks_and_a_while_loop():
    code = ("x = torch.tensor(1.0, requires_grad=True)\nn = 0\nwhile n < 2:\n    if n == 1:\n"
            "        x = x * 2\n    n += 1\nx.backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    assert ["x = mul(the earlier x, 2): records MulBackward0"] in [st["t"] for st in s.steps]
    assert [5, 5] in [st["l"] for st in s.steps]


def test_code_without_tensors_says_so_in_one_sentence(capsys):
    s = GraphStepper.from_code("a = 1 + 2\nprint(a)\n")
    assert len(s.steps) == 1 and s.steps[0]["t"][0].startswith("This code made no tensor that autograd tracks")
    assert s.steps[0]["o"] == "3\n"
    assert GraphStepper.from_code("").steps[0]["t"][0].startswith("This code made no tensor")


class FakePyTorchTensor:  # what the checks see of a PyTorch tensor (its type's module), where torch is not installed
    __module__ = "torch"


def fake_pytorch():
    import types

    module = types.ModuleType("torch")
    module.tensor = lambda *args, **kwargs: FakePyTorchTensor()
    return module


@pytest.mark.parametrize("pytorch", ["stand-in", "real"])
def test_code_run_with_pytorch_says_to_import_minigrad(pytorch):
    if pytorch == "real" and real_torch is None:
        pytest.skip("live check: needs torch installed")
    namespace = {"torch": fake_pytorch() if pytorch == "stand-in" else real_torch}
    s = GraphStepper.from_code("x = torch.tensor(2.0, requires_grad=True)\nprint('ran')\n", namespace)
    assert repr(s) == "GraphStepper(0 tensors, 0 functions, 1 steps; step 1 shown)" and s.steps[0]["o"] == "ran\n"
    assert s.steps[0]["t"] == ["This code computed with PyTorch (torch is PyTorch here) and the stepper follows"
                               " minigrad's graphs: run `import minigrad as torch` (the same code runs unchanged),"
                               " then this code again."]  # fmt: skip
    if pytorch == "real":  # PyTorch's own error, on a graph the stepper could not see, still ends the run
        namespace["y"] = namespace["x"] * 2
        namespace["y"].sum().backward()
        after = GraphStepper.from_code("y.sum().backward()\n", namespace)
        assert isinstance(after.error, RuntimeError) and after.steps[0]["t"] == s.steps[0]["t"]
    with pytest.raises(TypeError, match=r"^GraphStepper\(tensor\) takes minigrad tensors and this is a PyTorch "):
        GraphStepper(namespace["x"])
    # a PyTorch tensor kept from earlier (to compare with) is not this code's doing
    kept = GraphStepper.from_code("a = 1\n", {"pt_x": namespace["x"]})
    assert kept.steps[0]["t"][0].startswith("This code made no tensor that autograd tracks")
    # `import torch` in the traced code itself imports minigrad, as before
    assert GraphStepper.from_code("import torch\nx = torch.ones(1, requires_grad=True) * 2\n", namespace)._graph


@pytest.mark.parametrize("raises", [False, True])
def test_import_torch_in_the_code_leaves_the_notebooks_pytorch_as_it_was(raises):
    import types

    pytorch, pytorch_nn = fake_pytorch(), types.ModuleType("torch.nn")
    namespace = {"torch": pytorch, "nn": pytorch_nn, "types": types}
    code = ("import torch\nimport torch.nn as nn\nx = torch.ones(2, requires_grad=True)\ny = nn.functional.relu(x * 2)"
            "\ny.sum().backward()\n" + ("y.backward()\n" if raises else ""))
    s = GraphStepper.from_code(code, namespace)
    assert namespace["torch"] is pytorch and namespace["nn"] is pytorch_nn and namespace["types"] is types
    assert isinstance(namespace["x"], torch.Tensor) and namespace["x"].grad.tolist() == [2.0, 2.0]
    assert s._graph and (s.error is not None) == raises
    notes = [t for step in s.steps for t in step["t"] if "PyTorch again" in t]
    assert notes == ["this imports minigrad as `torch` (the stepper runs minigrad); after this code, `torch` names "
                     "PyTorch again, as before it",
                     "this imports minigrad as `nn` (the stepper runs minigrad); after this code, `nn` names "
                     "PyTorch again, as before it"]  # fmt: skip
    # without PyTorch there before, the code's imports stay, as a cell's do; ``import torch.nn`` binds torch
    fresh = {}
    GraphStepper.from_code("import torch.nn\nw = torch.nn.Linear(2, 1)\nw(torch.ones(1, 2)).sum().backward()\n", fresh)
    assert fresh["torch"] is torch and fresh["w"].weight.grad.tolist() == [[1.0, 1.0]]
    assert not [t for step in GraphStepper.from_code("import torch\n", {}).steps for t in step["t"] if "again" in t]


@pytest.fixture
def shell():
    from IPython.core.interactiveshell import InteractiveShell

    sh = InteractiveShell.instance()
    sh.run_line_magic("load_ext", "widgets")
    yield sh
    InteractiveShell.clear_instance()


def test_a_cell_that_raises_shows_the_stepper_then_fails(shell, capsys):
    code = "x = torch.tensor(1.0, requires_grad=True)\ny = x * x\ny.backward()\ny.backward()\n"
    result = shell.run_cell("%%stepthrough\n" + code)
    assert isinstance(result.error_in_exec, RuntimeError)
    assert "backward through the graph a second time" in str(result.error_in_exec)
    out = capsys.readouterr().out
    assert "GraphStepper(" in out  # displayed before the error
    assert "Cell In" in out or "<stepthrough>" in out
    assert "widgets/trace.py" not in out and "widgets/magic.py" not in out
    shown = shell.run_cell("%%stepthrough errors=show\n" + code)
    assert shown.error_in_exec is None and shown.result.steps[-1]["k"] == "err"


def test_the_magic_explains_bad_options_and_graphs_over_the_budget(shell, capsys):
    assert shell.run_cell("%%stepthrough loops=many\nx = 1\n").result is None
    assert "%%stepthrough takes step=N" in capsys.readouterr().err
    big = "x = torch.tensor(1.0, requires_grad=True)\ny = x\nfor _ in range(300):\n    y = y * 1.01\n"
    result = shell.run_cell("%%stepthrough\n" + big)
    err = capsys.readouterr().err
    assert result.error_in_exec is None and result.result is None
    assert err.count("\n") == 1 and "more than 400 nodes" in err and "Traceback" not in err
    assert shell.user_ns["y"].grad_fn is not None  # the code itself ran


# -- a still picture -----------------------------------------------------------------------------------------


def test_every_display_carries_a_still_picture_of_the_step_shown():
    s = GraphStepper.from_code(VECTOR)
    s.step = s.num_steps - 1
    data, _ = s._repr_mimebundle_()
    svg = svg_of_html(data["text/html"])
    root = ET.fromstring(svg)
    assert root.get("class") == "gs" and root.get("width") and root.find(f"{{{SVG_NS}}}style") is not None
    texts = [t.text for t in root.iter(f"{{{SVG_NS}}}text") if t.text and t.text.strip()]
    assert texts[-2].startswith(f"Step {s.num_steps} of {s.num_steps}: backward done") and texts[-1] == RUN
    assert "grad [0.5000, -1.5000, …" in texts  # x's grad at the last step
    titles = [t.text for t in root.iter(f"{{{SVG_NS}}}title")]
    assert any(t.startswith("x\nvalue: tensor([ 1.0000e-05,  2.5000e+03, -7.2500e-02])") for t in titles)
    assert "backward done" in data["text/html"].split(" alt=")[1]  # the alt text carries the caption
    # the picture follows the step shown (the whole run for a stepper left at its first step), and is the same
    # every time (nbval compares it)
    s.step = 2
    third = s._repr_mimebundle_()[0]["text/html"]
    assert svg_of_html(third) != svg and "Step 3 of" in svg_of_html(third)
    s.step = 0
    assert svg_of_html(s._repr_mimebundle_()[0]["text/html"]) == svg
    s.step = 2
    again = GraphStepper.from_code(VECTOR)
    again.step = 2
    assert third == again._repr_mimebundle_()[0]["text/html"]
    assert not re.search(r"0x[0-9a-f]{6,}", svg)


def test_the_still_picture_is_stored_once_and_small():
    """Each output stored the picture twice, as ``image/svg+xml`` and base64 in ``text/html`` (4/3 its size): a
    97-node stepper cost 237 KB of notebook. Now once, as an ``<img>`` of a percent-encoded data URI, which
    JupyterLab's and Notebook 7's sanitizers keep (tests/test_stepper_ui_browser.py looks) and which costs little
    more than the SVG; and no character of the URI is one that a sanitizer or the URL parser would misread."""
    s = GraphStepper.from_code(VECTOR)
    data, _ = s._repr_mimebundle_()
    assert set(data) == {"application/vnd.jupyter.widget-view+json", "text/plain", "text/html"}
    html = data["text/html"]
    svg = svg_of_html(html)
    assert html.count("data:image/") == 1 and ";base64," not in html
    src = html.split("'")[1]
    assert not set(src) & set("\n\t\r#&'<>") and src.isascii(), sorted(set(src) & set("\n#&'<>"))
    assert len(html.encode()) < 1.25 * len(svg.encode())  # base64 alone is 4/3 of it


@pytest.mark.parametrize("path", sorted(ROOT.glob("notebooks/*.ipynb")), ids=lambda p: p.stem)
def test_the_lessons_store_each_still_picture_once(path):
    """A lesson's stepper outputs carry one copy of the picture (re-run the lessons with ``./dev notebooks``)."""
    for cell in json.loads(path.read_text())["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                assert "image/svg+xml" not in data, f"{path.name}: a stepper's picture stored twice"
                assert svg_of_html("".join(data.get("text/html", ""))) is not None


def test_statements_that_change_autograd_state_are_steps_with_captions():
    code = ("x = torch.tensor([1.0, 2.0])\nx.requires_grad_()\ny = (x * x).sum()\ny.backward()\n"
            "x.grad.zero_()\nx.grad = None\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    by_line = {st["l"][0]: st["t"][0] for st in s.steps if st["k"] == "fwd"}
    assert by_line[1] == "x: a leaf tensor that needs no grad"
    assert by_line[2] == "x requires grad now: .grad will accumulate"
    assert by_line[5] == "x.grad is now [0., 0.]"
    assert by_line[6] == "x.grad is now None"


def test_a_statement_that_sets_two_grads_says_both():
    code = (
        "a = torch.ones(2, requires_grad=True)\n"
        "b = torch.ones(2, requires_grad=True)\n"
        "y = (a * b).sum()\n"
        "a.grad, b.grad = torch.zeros(2), torch.ones(2)\n"
    )
    line4 = [st["t"] for st in GraphStepper.from_code(code, {}).steps if st["l"] == [4, 4]]
    assert line4[0] == ["a.grad is now [0., 0.]", "b.grad is now [1., 1.]"]


@pytest.mark.parametrize("use_reentrant", [False, True])
def test_a_checkpointed_block_is_stepped_and_its_hidden_gradients_said(use_reentrant):
    code = (
        "lin = torch.nn.Linear(2, 2)\n"
        "x = torch.tensor([[1.0, 2.0]], requires_grad=True)\n"
        f"h = torch.utils.checkpoint.checkpoint(lambda t: torch.tanh(lin(t)), x, use_reentrant={use_reentrant})\n"
        "h.sum().backward()\n"
    )
    ns = {}
    steps = GraphStepper.from_code(code, ns).steps
    said = [line for s in steps for line in s["t"]]
    assert any(line.startswith("AccumulateGrad: x.grad: None -> ") for line in said)
    # non-reentrant: lin's parameters are in the graph; reentrant: a backward inside CheckpointFunction's fills them
    weight = [line for line in said if "lin.weight.grad" in line]
    assert weight and (weight[-1].startswith("AccumulateGrad") != use_reentrant)
    assert ns["lin"].weight.grad is not None
    # the block's second run (checkpoint's own business) records no step of the user's graph
    backward = said[next(i for i, line in enumerate(said) if line.startswith("backward pass from")):]
    assert not any(": records " in line for line in backward)


def test_small_and_large_numbers_keep_their_value_in_captions():
    """eps=1e-05 was shown as 0.0 (four decimals): numbers that round away show as torch prints them."""
    from widgets.formula import number_text

    assert [number_text(v) for v in (1e-5, -3.4e-8, 2.5e9, 0.0, 0.5, 1e-4)] == [
        "1.0000e-05", "-3.4000e-08", "2.5000e+09", "0.0", "0.5", "0.0001"]
    stepper = GraphStepper.from_code(
        "x = torch.tensor([[1., 2., 4.], [0., -1., 3.]], requires_grad=True)\n"
        "y = torch.nn.functional.layer_norm(x, (3,)).sum()\ny.backward()\n"
    )
    assert stepper.error is None
    text = "\n".join(lines(stepper))
    assert "eps=1.0000e-05" in text and "eps=0.0" not in text


def test_autograd_grad_captions_say_no_grad_is_kept():
    # autograd.grad changes no .grad: its steps speak of x's gradient, not of x.grad (as backward's do)
    s = GraphStepper.from_code("x = torch.tensor(2.0, requires_grad=True)\ny = x * x\ng, = torch.autograd.grad(y, x)\n",
                               {"torch": torch})  # fmt: skip
    text = "\n".join(lines(s))
    assert "contribution to the grad of x = grad of y · x = 1.0 · 2.0 = 2.0" in text and "x.grad" not in text, text
    s = GraphStepper.from_code("x = torch.tensor(2.0, requires_grad=True)\ny = x * x\ny.backward()\n", {"torch": torch})
    assert "contribution to x.grad = grad of y · x = 1.0 · 2.0 = 2.0" in "\n".join(lines(s))


# -- code it was not written for (round 2): training loops, long node names, no Graphviz --------------------


def test_a_collapsed_loop_that_runs_backward_says_which_steps_it_ran_in():
    """A training loop's later iterations each run a backward pass, so they are many steps, not "this step"."""
    code = ("w = torch.tensor(1.0, requires_grad=True)\nfor step in range(5):\n    loss = (w * 3 - 2) ** 2\n"
            "    loss.backward()\n    with torch.no_grad():\n        w -= 0.1 * w.grad\n"
            "    w.grad.zero_()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    note = next(k for k, st in enumerate(s.steps) if any("ran together" in t for t in st["t"]))
    first = next(k for k, st in enumerate(s.steps) if st["l"] == [2, 7])  # the collapsed iterations' first step
    assert s.steps[note]["t"][0] == (
        f"iterations 4 to 5 of the loop on line 2 ran together in steps {first + 1} to {note + 1}, not line by line "
        "(%%stepthrough loops=5 shows each one)"
    )
    assert note - first > 10 and sum(st["t"][0].startswith("backward pass") for st in s.steps[first:note]) == 2


def test_a_gradient_added_to_a_grad_is_parenthesised_when_negative():
    code = "w = torch.tensor(1.0, requires_grad=True)\n(w * 2).backward()\n(w * -3).backward()\n"
    assert "AccumulateGrad: w.grad: 2. + (-3.) = -1." in lines(GraphStepper.from_code(code))


def test_a_long_grad_fn_name_is_shown_whole_squeezed_into_its_node():
    """SplitWithSizesBackward0 was cut to SplitWithSizesBackwar…: the node's type is drawn whole, fitted to the
    ellipse by the browser (textLength), and only its label slot is fitted so."""
    code = ("x = torch.ones(2, 3, requires_grad=True)\nc, d = x.split([1, 2], dim=1)\n"
            "y = torch.nn.functional.binary_cross_entropy(c.sigmoid(), torch.ones(2, 1)) + d.sum()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    texts = state_at(s.steps, s.num_steps - 1)[0]
    labels = {texts[eid][0]: eid for eid in texts if eid.startswith("f") and 0 in texts[eid]}
    assert {"SplitWithSizesBackward0", "BinaryCrossEntropyBackward0", "SumBackward0"} <= set(labels)
    root = ET.fromstring(s.svg)
    first = {g.get("id"): g.find(f"{{{SVG_NS}}}text") for g in root.iter(f"{{{SVG_NS}}}g")}
    squeezed = {eid for eid, t in first.items() if t is not None and t.get("textLength")}
    assert squeezed == {labels["SplitWithSizesBackward0"], labels["BinaryCrossEntropyBackward0"]}
    assert first[labels["SplitWithSizesBackward0"]].get("lengthAdjust") == "spacingAndGlyphs"


def test_an_argument_passed_as_none_is_written_none():
    s = GraphStepper.from_code("x = torch.ones(2, 3, requires_grad=True)\ny = torch.nn.functional.layer_norm(x, (3,))")
    assert any(line.startswith("y = native_layer_norm(x, None, None, normalized_shape=(3,)") for line in lines(s))


@pytest.mark.parametrize("failing", [False, True])
def test_without_graphviz_the_magic_says_so_in_one_line_and_the_cell_runs_on(shell, capsys, monkeypatch, failing):
    """No dot with MINIGRAD_GRAPHVIZ=dot: the cell's code ran, so a Run All must go on past it (the cell failed with
    GraphvizUnavailable); a cell whose code fails still fails with its own error."""
    monkeypatch.setenv("MINIGRAD_GRAPHVIZ", "dot")
    monkeypatch.setenv("PATH", "")
    code = "x = torch.tensor(2.0, requires_grad=True)\ny = x * x\ny.backward()\n" + ("y.backward()" if failing else "")
    result = shell.run_cell("%%stepthrough\n" + code)
    err = capsys.readouterr().err
    assert shell.user_ns["x"].grad is not None  # the code ran
    assert "cannot draw its graph" in err and "install Graphviz" in err and "Traceback" not in err
    if failing:
        assert isinstance(result.error_in_exec, RuntimeError) and "second time" in str(result.error_in_exec)
    else:
        assert result.error_in_exec is None and result.result is None


def test_a_step_that_only_prints_says_which_line_printed():
    """The last step of most cells is a print(): its caption was empty (a blank band on a projector), and the still
    picture's heading ended in "Step 8 of 8: "."""
    s = GraphStepper.from_code("x = torch.tensor([1.0, -2.0], requires_grad=True)\n(x * x).sum().backward()\n"
                               "print(x.grad)\n")  # fmt: skip
    last = s.steps[-1]
    assert last["t"] == ["line 3 printed this:"] and last["o"] == "tensor([ 2., -4.])\n"
    still = s._repr_mimebundle_()
    svg = svg_of_html((still[0] if isinstance(still, tuple) else still)["text/html"])
    heads = [t.text for t in ET.fromstring(svg).iter(f"{{{SVG_NS}}}text") if t.get("class") == "gs-head"]
    assert heads[0] == "Step 8 of 8: line 3 printed this: tensor([ 2., -4.])"


# -- round 3: post-accumulate-grad hooks, summaries that fit, one name per constant, create_graph, mark_dirty -------

POST_HOOKS = """\
import torch
w = torch.tensor([3.0, 4.0], requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)
def clip(p):
    print("clip sees", p.grad)
    torch.nn.utils.clip_grad_norm_([p], max_norm=1.0)
    print("clip leaves", p.grad)
def sgd(p):
    print("sgd sees", p.grad)
    with torch.no_grad():
        p -= 0.1 * p.grad
    p.grad = None
w.register_post_accumulate_grad_hook(clip)
b.register_post_accumulate_grad_hook(sgd)
loss = (w ** 2).sum() * b
loss.backward()
"""


def test_an_in_place_op_on_a_view_says_the_base_gets_copyslices_and_what_its_backward_does():
    ns = {}
    s = GraphStepper.from_code("x = torch.ones(3, requires_grad=True)\ny = x * 2\nv = y[1:]\nv.mul_(3)\n"
                               "z = y.sum()\nz.backward()\n", ns)
    assert type(ns["y"].grad_fn).__name__ == "CopySlices" and ns["x"].grad.tolist() == [2.0, 6.0, 6.0]
    assert "mul(the earlier v, 3): records MulBackward0, in place on a view of y: y's grad_fn becomes CopySlices, " \
           "which runs MulBackward0 on the view's part of y's gradient" in lines(s)
    step = next(st["t"] for st in s.steps if st["t"][0] == "v.mul_(3) → CopySlices")
    assert step[1:] == ["contribution to the grad of the earlier y = [1., 1., 1.] outside the view, and inside it what "
                        "MulBackward0 gives for the view = [1., 3., 3.]",
                        "(PyTorch's CopySlices: the grad_fn of a tensor written in place through a view of it; its "
                        "backward passes the gradient on unchanged outside the view and runs the in-place op's node "
                        "on the view's part)"]  # fmt: skip
    # a value written into a view that requires grad gets the wrapped node's gradient for it
    ns = {}
    s = GraphStepper.from_code("x = torch.ones(2, 3, requires_grad=True)\ns = torch.tensor([2., 4.], "
                               "requires_grad=True)\nh = x * 1\nh[:, 0] = s * 3\nh.sum().backward()\n", ns)
    assert ns["s"].grad.tolist() == [3.0, 3.0] and ns["x"].grad.tolist() == [[0.0, 1.0, 1.0]] * 2
    step = next(st["t"] for st in s.steps if st["t"][0] == "h[:, 0] = s * 3 → CopySlices")
    assert step[1:3] == ["contribution to the grad of the earlier h = [[1., 1., 1.], [1., 1., 1.]] outside the view, "
                         "and inside it what CopyBackwards gives for the view = [[0., 1., 1.], [0., 1., 1.]]",
                         "contribution to the grad of (s * 3) = what CopyBackwards gives for it = [1., 1.]"]
    assert len([t for t in lines(s) if t.startswith("(PyTorch's CopySlices")]) == 1


def test_a_post_accumulate_grad_hook_is_a_step_of_its_own_right_after_its_leafs_accumulategrad():
    """The hook's print showed on the "backward done" step and its change to .grad as a step after backward
    ("w.grad is now ..."): it is the step after the leaf's AccumulateGrad, with its print and the .grad it left."""
    s = GraphStepper.from_code(POST_HOOKS, {})
    texts = lines(s)
    assert not any(t.startswith(("w.grad is now", "b.grad is now")) for t in texts)
    for leaf, hook in (("w", "clip"), ("b", "sgd")):
        acc = next(k for k, st in enumerate(s.steps) if st["t"][0].startswith(f"AccumulateGrad: {leaf}.grad"))
        assert s.steps[acc + 1]["t"][0].startswith(f"post-accumulate-grad hook on {leaf}: {hook}({leaf}) ran with")
        assert s.steps[acc + 1]["o"].startswith(f"{hook} sees")
    assert not any(st["o"] for st in s.steps if st["t"][0].startswith("backward done"))
    registered = [t for t in texts if t.startswith("a post-accumulate-grad hook is registered on")]
    assert registered == [f"a post-accumulate-grad hook is registered on {n}: it runs each time {n}.grad has "
                          "accumulated" for n in ("w", "b")]  # fmt: skip


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_post_accumulate_grad_hook_steps_show_the_grad_each_hook_sees_and_leaves_as_torch_does():
    ns = {}
    s = GraphStepper.from_code(POST_HOOKS, ns)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(POST_HOOKS, {"torch": real_torch})
    seen = {line.split(" ", 2)[0] + " " + line.split(" ", 2)[1]: line.split(" ", 2)[2]
            for line in printed.getvalue().splitlines()}  # fmt: skip
    assert seen == {"clip sees": "tensor([3., 4.])", "clip leaves": "tensor([0.6000, 0.8000])",
                    "sgd sees": "tensor(25.)"}  # fmt: skip
    order = [st["o"].split()[0] for st in s.steps if st["t"][0].startswith("post-accumulate-grad hook")]
    assert order == [line.split()[0] for line in printed.getvalue().splitlines() if "sees" in line]  # sgd, clip
    clip = next(st for st in s.steps if st["t"][0].startswith("post-accumulate-grad hook on w"))
    assert clip["t"] == ["post-accumulate-grad hook on w: clip(w) ran with w.grad = [3., 4.]",
                         "it changed w.grad to [0.6000, 0.8000]"]  # fmt: skip
    assert clip["o"] == "".join(t for t in printed.getvalue().splitlines(True) if t.startswith("clip"))
    sgd = next(st for st in s.steps if st["t"][0].startswith("post-accumulate-grad hook on b"))
    assert sgd["t"] == ["post-accumulate-grad hook on b: sgd(b) ran with b.grad = 25.", "it set b.grad to None",
                        "it changed b in place: now -2. (version 1)"]  # fmt: skip
    assert by_title(s, "w")["grad"] == repr(ns["w"].grad) == "tensor([0.6000, 0.8000])"
    assert by_title(s, "b")["grad"] == "None" and by_title(s, "b")["value"] == "tensor(-2.)"


def test_an_optimizer_in_backward_lambda_is_named_by_its_code():
    code = ("torch.manual_seed(0)\nlin = torch.nn.Linear(2, 1)\n"
            "opts = {p: torch.optim.SGD([p], lr=0.1) for p in lin.parameters()}\n"
            "def opt_step(p):\n    opts[p].step()\n    opts[p].zero_grad()\n"
            "for p in lin.parameters():\n    p.register_post_accumulate_grad_hook(lambda p: opt_step(p))\n"
            "lin(torch.ones(1, 2)).sum().backward()\n")  # fmt: skip
    ns = {}
    s = GraphStepper.from_code(code, ns)
    hooked = [st["t"] for st in s.steps if st["t"][0].startswith("post-accumulate-grad hook")]
    assert [t[0] for t in hooked] == [
        "post-accumulate-grad hook on lin.bias: lambda p: opt_step(p) ran with lin.bias.grad = [1.]",
        "post-accumulate-grad hook on lin.weight: lambda p: opt_step(p) ran with lin.weight.grad = [[1., 1.]]",
    ]
    weight = ns["lin"].weight.detach()
    assert hooked[1][1:] == ["it set lin.weight.grad to None",
                             f"it changed lin.weight in place: now {Value.of(weight).text} (version 2)"]  # fmt: skip
    assert by_title(s, "lin.weight")["value"] == repr(weight)


def test_a_constant_written_into_a_view_in_place_has_one_name_in_every_caption():
    """``y[0] *= c``: CopySlices takes the in-place op's c, which captions called "a scalar tensor" there and
    "tensor(10.)" in the op's own lines."""
    code = ("x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * 2\ny[0] *= torch.tensor(10.)\n"
            "y.sum().backward()\n")  # fmt: skip
    text = "\n".join(lines(GraphStepper.from_code(code)))
    assert "a scalar tensor" not in text
    assert "mul(y[0], tensor(10.)): records MulBackward0, in place on a view: its base's grad_fn becomes " \
           "CopySlices, which runs MulBackward0 on the view's part of its base's gradient" in text
    assert text.count("y[0] *= torch.tensor(10.) → CopySlices") == 2  # getitem, imul, then setitem: two writes


@pytest.mark.parametrize(
    ("call", "done"),
    [
        ("g, = torch.autograd.grad(y, x, create_graph=True)", "backward done: create_graph=True keeps the graph "
         "(retain_graph defaults to it), so the saved tensors are kept"),
        ("y.backward(create_graph=True)", "backward done: create_graph=True keeps the graph (retain_graph defaults "
         "to it), so the saved tensors are kept"),
        ("y.backward(retain_graph=True)", "backward done: retain_graph=True, so the saved tensors are kept"),
    ],
)  # fmt: skip
def test_a_backward_that_keeps_its_graph_says_which_argument_of_the_code_kept_it(call, done):
    """create_graph=True keeps the graph as torch's retain_graph defaults to create_graph: the caption said
    "retain_graph=True", which the code never wrote."""
    code = f"x = torch.tensor(2.0, requires_grad=True)\ny = x ** 3\n{call}\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # backward(create_graph=True)'s reference-cycle warning, as torch gives it
        s = GraphStepper.from_code(code)
    assert [t for t in lines(s) if t.startswith("backward done")] == [done]


def test_a_functions_dirty_output_bound_to_two_names_goes_by_the_name_the_statement_bound():
    """``out = Double.apply(h)`` returns h itself, marked dirty: the box and captions called it h (the first name
    found), though the code goes on with out; the Function's input is the earlier h."""
    code = ("class Double(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        x.mul_(2)\n"
            "        ctx.mark_dirty(x)\n        return x\n\n    @staticmethod\n    def backward(ctx, g):\n"
            "        return g * 2\n\na = torch.tensor([1.0, 2.0], requires_grad=True)\nh = a * 1\n"
            "out = Double.apply(h)\nloss = out.sum()\nloss.backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    text = lines(s)
    assert "out = Double(the earlier h): records DoubleBackward" in text
    assert "loss = sum(out): records SumBackward0" in text
    assert "contribution to the grad of out = (grad of loss).expand(out.shape) = 1.0.expand((2,)) = [1., 1.]" in text
    texts = state_at(s.steps, s.num_steps - 1)[0]
    shown = sorted(texts[eid][0] for eid in texts if eid.startswith("t") and 0 in texts[eid])
    assert shown == ["a", "loss", "out", "was h"]


def test_a_post_accumulate_grad_hook_that_returns_a_value_shows_what_it_did_before_the_error():
    """``lambda p: p.grad.mul_(0.1)`` returns the grad: torch raises after the hook ran, so its step comes first
    (its change to .grad showed as "w.grad is now ..." between the AccumulateGrad and the error)."""
    code = ("w = torch.tensor([1.0, 2.0], requires_grad=True)\nw.register_post_accumulate_grad_hook(lambda p: "
            "p.grad.mul_(0.1))\n(w * 1).sum().backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    assert [st["t"] for st in s.steps[-3:]] == [
        ["AccumulateGrad: w.grad: None -> [1., 1.]"],
        ["post-accumulate-grad hook on w: lambda p: p.grad.mul_(0.1) ran with w.grad = [1., 1.]",
         "it changed w.grad to [0.1000, 0.1000]"],
        ["RuntimeError: Tensor post accumulate grad hooks should return None."],
    ]  # fmt: skip


# -- what a notebook saves of a stepper ---------------------------------------------------------------------------

# benchmarks/bench_widget.py's unrolled RNN cell at 97 nodes (10 iterations)
RNN_97 = """\
W = torch.randn(3, 3, requires_grad=True)
U = torch.randn(3, 3, requires_grad=True)
h = torch.zeros(3)
for t in range(10):
    x = torch.ones(3) * t
    h = torch.tanh(W @ h + U @ x)
loss = h.sum()
loss.backward()
"""
MLP_CROSS_ENTROPY = """\
torch.manual_seed(0)
x, y = torch.randn(4, 5), torch.tensor([0, 2, 1, 3])
W1, b1 = torch.randn(5, 8, requires_grad=True), torch.zeros(8, requires_grad=True)
W2, b2 = torch.randn(8, 4, requires_grad=True), torch.zeros(4, requires_grad=True)
for step in range(2):
    loss = torch.nn.functional.cross_entropy(torch.relu(x @ W1 + b1) @ W2 + b2, y)
    loss.backward()
    print(loss.item())
"""
CONSTANTS = """\
x = torch.tensor(2.0, requires_grad=True)
y = x
for k in range(6):
    y = y * torch.tensor(k + 0.5) + (torch.ones(3) * k).sum() + 1.5
y.register_hook(lambda g: print("grad", g))
y.backward()
y.backward()
"""
DOUBLE_BACKWARD = """\
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (torch.sin(x) * x ** 3).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
z = (g * g).sum()
z.backward()
"""


def saved_bytes(state):
    return len(json.dumps(state, separators=(",", ":")).encode())


def test_a_saved_stepper_of_about_100_nodes_fits_in_150_kb():
    """Issue 5's target: the widget's state (front end, SVG, steps) of the benchmark's RNN at 97 nodes was 169 KB,
    most of it text said again in every step that showed it and the SVG's attributes in escaped double quotes."""
    torch.manual_seed(0)
    s = GraphStepper.from_code(RNN_97)
    assert len(s._graph) == 97
    assert saved_bytes(s.get_state()) <= 150_000
    # the steps' part: packed, well under what the steps themselves take
    assert saved_bytes([s.strings, s.packed_steps]) < 0.7 * saved_bytes(s.steps)


@pytest.mark.parametrize("code", [RNN_97, MLP_CROSS_ENTROPY, CONSTANTS, DOUBLE_BACKWARD, VECTOR, POST_HOOKS])
def test_the_saved_steps_unpack_to_the_steps_written(code):
    """The state a notebook saves (through JSON) holds the steps packed; unpacked (as stepper.js does) they are the
    steps, change for change in the same order; the unpacked steps themselves are not saved as well."""
    torch.manual_seed(0)
    with contextlib.redirect_stdout(io.StringIO()):
        s = GraphStepper.from_code(code)
    state = json.loads(json.dumps(s.get_state()))
    assert "steps" not in state
    assert unpack(state["strings"], state["packed_steps"]) == s.steps
    assert len(set(state["strings"])) == len(state["strings"])


def test_a_replayed_graphs_saved_steps_unpack_to_the_steps_written():
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    y = (w * w).sum() * w.sum()
    y.register_hook(lambda g: None)
    s = GraphStepper(y)
    assert s.steps[-1]["k"] == "bwd" and unpack(s.strings, s.packed_steps) == s.steps


def test_a_second_derivative_through_tanh_is_captioned_without_minigrads_plumbing():
    """create_graph=True records tanh's backward as torch's tanh_backward(grad_output, output): its caption showed
    the formula and node it runs on as well (``formula={'arrays': <function backward at 0x7f…>}``,
    ``values=<TanhBackward0 object at 0x7f…>``), addresses that changed the saved notebook on every run."""
    code = DOUBLE_BACKWARD.replace("torch.sin(x)", "torch.tanh(x)")
    s = GraphStepper.from_code(code)
    text = lines(s)
    assert not [line for line in text if re.search(r"0x[0-9a-f]{6,}|formula=|values=", line)]
    assert any(line.startswith("tanh_backward(") and line.endswith("): records TanhBackwardBackward0") for line in text)
    assert json.dumps(s.steps) == json.dumps(GraphStepper.from_code(code).steps)


@pytest.mark.parametrize("op", ["tanh", "sigmoid", "nn.functional.hardsigmoid"])
def test_a_graph_of_numbers_through_tanh_or_sigmoid_steps(op):
    """A 0-d tanh's gradient came out of numpy as a scalar, which the stepper could not print (its captions read
    every value as a tensor): ``from_code`` raised "expected np.ndarray (got numpy.float32)"."""
    s = GraphStepper.from_code(f"w = torch.tensor(0.3, requires_grad=True)\ny = torch.{op}(w * 3)\ny.backward()\n"
                               "print(w.grad)\n")  # fmt: skip
    expected = {"tanh": "tensor(1.4608)", "sigmoid": "tensor(0.6165)", "nn.functional.hardsigmoid": "tensor(0.5000)"}
    assert s.steps[-1]["o"] == expected[op] + "\n"
    assert any("MulBackward0" in line for line in lines(s))


# -- round 4 (H8): code a student writes in a lesson notebook ---------------------------------------------------------


def test_what_a_module_or_node_hook_prints_is_on_that_hooks_step():
    """A Module's backward hooks (and a built-in node's ``register_hook``) run inside the engine's node call, so their
    print()s reached the step of the node before them (``y = lin(x) → BackwardHookFunctionBackward``), not the
    hook's own step that follows it."""
    code = ("lin = torch.nn.Linear(2, 1)\n"
            "lin.register_full_backward_pre_hook(lambda m, go: print('pre', go[0]))\n"
            "lin.register_full_backward_hook(lambda m, gi, go: print('post', go[0]))\n"
            "x = torch.tensor([[1.0, 2.0]], requires_grad=True)\n"
            "y = (lin(x) * 3).sum()\n"
            "y.grad_fn.register_hook(lambda gi, go: print('node', go[0]))\n"
            "y.backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    printed = {line: "".join(st["o"] for st in s.steps if any(t.startswith(line) for t in st["t"]))
               for line in ("backward pre-hook", "backward hook", "hook (lambda gi, go")}  # fmt: skip
    assert printed == {"backward pre-hook": "pre tensor([[3.]])\n", "backward hook": "post tensor([[3.]])\n",
                       "hook (lambda gi, go": "node tensor(1.)\n"}  # fmt: skip
    assert "".join(st["o"] for st in s.steps) == "node tensor(1.)\npre tensor([[3.]])\npost tensor([[3.]])\n"


def test_a_syntax_error_says_the_line_and_fails_the_cell_without_the_parsers_frames(shell, capsys):
    """A typo in a lesson cell: the step named the tracer's file (``(<stepthrough>, line 3)``) and the cell's
    traceback went through widgets/trace.py, minigrad/utils/as_torch.py and ast.py to reach the typo."""
    code = "x = torch.tensor(1.0, requires_grad=True)\ny = x * 2\nz = (y + 1\nz.backward()\n"
    s = GraphStepper.from_code(code)
    assert [st["t"] for st in s.steps] == [["SyntaxError: '(' was never closed (line 3), so none of this code ran"]]
    assert s.steps[0]["l"] == [3, 3]
    result = shell.run_cell("%%stepthrough\n" + code)
    assert isinstance(result.error_in_exec, SyntaxError) and result.error_in_exec.lineno == 3
    out = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)
    assert "z = (y + 1" in out and "SyntaxError: '(' was never closed" in out
    assert not re.search(r"widgets/trace\.py|as_torch\.py|ast\.py", out)


# -- round 5 (H6): second derivatives, captioned as torch computes them ------------------------------------------------

SECOND_ORDER = {
    "grad_then_backward": "x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)\ny = torch.tanh(x).sum()\n"
                          "g, = torch.autograd.grad(y, x, create_graph=True)\nz = (g * g).sum()\nz.backward()\n",
    "backward_create_graph": "x = torch.tensor([0.5, 1.5], requires_grad=True)\ny = (x ** 3).sum()\n"
                             "y.backward(create_graph=True)\ngx = x.grad\nx.grad = None\ngx.sum().backward()\n",
    "hessian_vector_product": "x = torch.tensor([0.5, 1.5, 2.0], requires_grad=True)\n"
                              "v = torch.tensor([1.0, 0.0, -1.0])\ny = (x.sin() * x).sum()\n"
                              "g, = torch.autograd.grad(y, x, create_graph=True)\n"
                              "hv, = torch.autograd.grad(g @ v, x)\n",
    "neg_mul": "x = torch.tensor([0.3, -0.7], requires_grad=True)\ny = (-x * x).exp().sum()\n"
               "g, = torch.autograd.grad(y, x, create_graph=True)\ng.sum().backward()\n",
    "input_gradient_penalty": "torch.manual_seed(0)\nlin = torch.nn.Linear(2, 1)\n"
                              "x = torch.tensor([[1.0, -2.0]], requires_grad=True)\n"
                              "out = torch.sigmoid(lin(x)).sum()\ng, = torch.autograd.grad(out, x, create_graph=True)\n"
                              "(g ** 2).sum().backward()\n",
    "third_derivative": "x = torch.tensor(1.5, requires_grad=True)\ny = x ** 4\n"
                        "g, = torch.autograd.grad(y, x, create_graph=True)\n"
                        "h, = torch.autograd.grad(g, x, create_graph=True)\nh.backward()\n",
    "cross_entropy": "x = torch.tensor([[1.0, 2.0, 0.5]], requires_grad=True)\n"
                     "loss = torch.nn.functional.cross_entropy(x, torch.tensor([2]))\n"
                     "g, = torch.autograd.grad(loss, x, create_graph=True)\ng.pow(2).sum().backward()\n",
    "slice_select_index": "x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)\n"
                          "y = (x[1:] ** 2).sum() + (x[[0, 0]] ** 3).sum() + x[2] ** 3\n"
                          "g, = torch.autograd.grad(y, x, create_graph=True)\ng.sum().backward()\n",
}  # fmt: skip


def _numbers(text):
    return [float(v) for v in re.findall(r"-?\d+\.?\d*(?:e[-+]?\d+)?", text)]


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
@pytest.mark.parametrize("name", sorted(SECOND_ORDER))
def test_second_derivative_captions_state_the_gradients_torch_computes(name, monkeypatch):
    """Every ``.grad`` an AccumulateGrad step states and every result an autograd.grad step states is what torch
    computes for the same code; no caption shows minigrad's own arguments (``key=``, ``saved=``), an address or a
    traceback."""
    code = SECOND_ORDER[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # backward(create_graph=True)'s reference-cycle warning, as torch gives it
        text = lines(GraphStepper.from_code(code))
        results, grad = [], real_torch.autograd.grad
        monkeypatch.setattr(real_torch.autograd, "grad", lambda *a, **k: results.append(grad(*a, **k)) or results[-1])
        ns = {"torch": real_torch}
        exec(code, ns)
    accumulated = (re.match(r"AccumulateGrad: (\S+)\.grad: .* -> (.*)$", t) for t in text)
    stated = {m.group(1): _numbers(m.group(2)) for m in accumulated if m}
    leaves = {k: v for k, v in ns.items() if isinstance(v, real_torch.Tensor) and v.is_leaf}
    leaves.update({f"lin.{k}": p for k, p in ns["lin"].named_parameters()} if "lin" in ns else {})
    expected = {k: v.grad.flatten().tolist() for k, v in leaves.items() if v.grad is not None}
    assert stated.keys() == expected.keys()
    for k in expected:
        assert stated[k] == pytest.approx(expected[k], rel=1e-3, abs=1e-4), k
    said = [_numbers(m.group(1)) for t in text if (m := re.match(r"autograd.grad: result 0 .* is (.*?); ", t))]
    assert said == [pytest.approx(r[0].detach().flatten().tolist(), rel=1e-3, abs=1e-4) for r in results]
    assert not [t for t in text if re.search(r"\bkey=|\bsaved=|0x[0-9a-f]{6,}|Traceback|\.backward\(ctx", t)]


def test_the_backward_of_a_slice_or_an_index_is_captioned_with_the_gradient_that_arrives():
    """slice_backward, select_backward and index_put's nodes (SliceBackwardBackward0, ...) took their input's name
    ``grad`` for their formula, so their caption filled the gradient arriving in with that input's value (the first
    derivative); their calls showed minigrad's ``key=`` and ``saved=``. Now the input is torch's ``grad_output``, the
    formula reads the gradient that arrives, and the calls are torch's (``slice_backward(grad_output, input_sizes,
    dim, start, end, step)``)."""
    s = GraphStepper.from_code(SECOND_ORDER["slice_select_index"])
    text = lines(s)
    arriving = next(t for t in text if t.startswith("contribution to the grad of slice_backward("))
    formulas = {"SliceBackwardBackward0": "grad[key]", "SelectBackwardBackward0": "grad.select(dim, index)",
                "IndexPutImplBackward0": "grad[key]"}
    for node, formula in formulas.items():
        step = next(st["t"] for st in s.steps if st["t"] and st["t"][0].endswith(f"→ {node}"))
        assert step[1].split(" = ")[1] == formula, step
        assert step[1].split(" = ")[2].lstrip("(").startswith(arriving.split(" = ")[-1]), step  # the arriving gradient
    assert any(t.startswith("slice_backward(") and t.endswith(", (4,), 0, 1, 9223372036854775807, 1): records "
               "SliceBackwardBackward0") for t in text)  # fmt: skip
    assert any(t.startswith("select_backward(") and t.endswith(", (4,), 0, 2): records SelectBackwardBackward0")
               for t in text)  # fmt: skip


def test_a_create_graph_backward_into_an_empty_grad_is_captioned_the_same_on_every_run():
    """backward(create_graph=True) makes x.grad by copying into a new tensor (CopyBackwards, as torch does): that
    tensor was numpy's uninitialised memory, which the caption printed (``copy(tensor([1.5076e-28, 4.5761e-41]),
    …)``), different from run to run."""
    code = SECOND_ORDER["backward_create_graph"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        runs = [GraphStepper.from_code(code) for _ in range(3)]
        junk = [torch.randn(64) * 1e30 for _ in range(50)]  # reuse of freed memory shows in np.empty's values
        runs.append(GraphStepper.from_code(code))
    del junk
    copy = next(t for t in lines(runs[0]) if t.startswith("copy("))
    assert copy.startswith("copy(tensor([0., 0.]), ")
    assert all(json.dumps(r.steps) == json.dumps(runs[0].steps) for r in runs)


# -- round 5 (H4): graphs students step through, every stated gradient against torch ---------------------------------

STUDENT_GRAPHS = {
    "loop_of_varying_depth": "x = torch.tensor(0.5, requires_grad=True)\nw = torch.tensor(1.5, requires_grad=True)\n"
                             "b = torch.tensor(-0.25, requires_grad=True)\ny = x\nfor i in range(4):\n"
                             "    y = y * w + b\ny.backward()\n",
    "branch_on_a_value": "x = torch.tensor([1.0, 3.0], requires_grad=True)\nif x.sum() > 0:\n    y = (x ** 2).sum()\n"
                         "else:\n    y = (x * 3).sum()\ny.backward()\n",
    "reused_many_times": "a = torch.tensor(2.0, requires_grad=True)\ny = a * a + a * 3 + a.exp() - a / a\n"
                         "y.backward()\n",
    "no_grad_and_detach": "x = torch.tensor([1.0, 2.0], requires_grad=True)\nh = x * 3\nwith torch.no_grad():\n"
                          "    c = h * 2\nd = h.detach() + 1\nz = (h * c + h * d).sum()\nz.backward()\n",
    "custom_function": "class Cube(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
                       "        ctx.save_for_backward(x)\n        return x ** 3\n    @staticmethod\n"
                       "    def backward(ctx, g):\n        x, = ctx.saved_tensors\n        return 3 * x ** 2 * g\n"
                       "x = torch.tensor([1.0, -2.0], requires_grad=True)\ny = Cube.apply(x * 2).sum()\ny.backward()\n",
    "hooks_and_retain_grad": "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.register_hook(lambda g: g + 100)\n"
                             "h = x * x\nh.retain_grad()\nh.register_hook(lambda g: g * 2)\nh.sum().backward()\n",
    "inplace_on_a_clone": "w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nv = w.clone()\nv.mul_(2)\n"
                          "v[0] = 5.0\ny = (v * w).sum()\ny.backward()\n",
    "where": "x = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)\ny = torch.where(x > 0, x ** 2, -x).sum()\n"
             "y.backward()\n",
    "max_with_indices": "x = torch.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]], requires_grad=True)\n"
                        "m, idx = x.max(dim=1)\ny = (m * torch.tensor([1.0, 2.0])).sum()\ny.backward()\n",
    "split_and_unbind": "x = torch.tensor([3.0, 1.0, 4.0, 1.0, 5.0, 9.0], requires_grad=True)\na, b, c = x.split(2)\n"
                        "u, v = x.view(3, 2).unbind(1)\ny = x.max() + (b * 2).sum() + (u * v).sum()\ny.backward()\n",
    "module_of_two_layers": "torch.manual_seed(0)\nclass Net(torch.nn.Module):\n    def __init__(self):\n"
                            "        super().__init__()\n        self.l1 = torch.nn.Linear(3, 4)\n"
                            "        self.l2 = torch.nn.Linear(4, 1)\n    def forward(self, x):\n"
                            "        return self.l2(torch.relu(self.l1(x)))\nnet = Net()\n"
                            "x = torch.tensor([[1.0, -1.0, 0.5]])\nloss = (net(x) - 2.0).pow(2).mean()\n"
                            "loss.backward()\n",
    "integers_mixed_in": "x = torch.tensor([1.5, 2.5], requires_grad=True)\nn = torch.tensor([2, 3])\n"
                         "y = (x * n + n // 2).sum()\ny.backward()\n",
    "backward_with_a_gradient": "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x ** 2\n"
                                "y.backward(torch.tensor([1.0, 0.1, 0.01]))\n",
    "detached_then_a_leaf": "x = torch.tensor([1.0, 2.0], requires_grad=True)\nh = (x * 2).detach().requires_grad_()\n"
                            "z = (h * x).sum()\nz.backward()\n",
    "sequential_and_long_index": "torch.manual_seed(1)\nmodel = torch.nn.Sequential(torch.nn.Linear(2, 3), "
                                 "torch.nn.Tanh(), torch.nn.Linear(3, 2))\n"
                                 "x = torch.tensor([[0.5, -1.0], [2.0, 1.0]])\n"
                                 "loss = model(x)[torch.arange(2), torch.tensor([1, 0])].sum()\nloss.backward()\n",
}  # fmt: skip


def _stated_grads(stepper):
    """Every ``.grad`` the steps say a leaf (AccumulateGrad) or a retain_grad tensor ends with, in order."""
    said = []
    for t in lines(stepper):
        m = re.match(r"AccumulateGrad: (\S+)\.grad: .*(?:->|=) (.*)$", t) or re.match(
            r"retain_grad: (\S+)\.grad = (.*) \(kept\)$", t)
        if m:
            said.append((m.group(1), _numbers(m.group(2))))
    return said


def _real_grads(code):
    """What real torch leaves in every ``.grad`` (module parameters by their dotted name) after ``code``."""
    ns = {"torch": real_torch}
    exec(code, ns)
    tensors = {k: v for k, v in ns.items() if isinstance(v, real_torch.Tensor)}
    for k, v in list(ns.items()):
        if isinstance(v, real_torch.nn.Module):
            tensors.update({f"{k}.{p}": t for p, t in v.named_parameters()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # .grad of a non-leaf that does not retain it
        return {k: t.grad.flatten().tolist() for k, t in tensors.items() if t.grad is not None}


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
@pytest.mark.parametrize("name", sorted(STUDENT_GRAPHS))
def test_every_gradient_a_students_graph_states_is_torchs(name):
    """Each ``.grad`` the steps state (AccumulateGrad, retain_grad) is what torch computes for the same code; every
    "N gradients arrive at t and are summed: a + b = c" adds up; the code runs to its end with no error."""
    code = STUDENT_GRAPHS[name]
    s = GraphStepper.from_code(code)
    assert s.error is None
    stated = dict(_stated_grads(s))  # the last said of each
    expected = _real_grads(code)
    assert stated.keys() == expected.keys()
    for k in expected:
        assert stated[k] == pytest.approx(expected[k], rel=1e-3, abs=1e-4), k
    for t in lines(s):
        if m := re.match(r"\d+ gradients arrive at .* and are summed: (.*) = (.*)$", t):
            parts = [_numbers(p) for p in re.split(r" \+ (?=[-\[\d(])", m.group(1))]
            assert [sum(v) for v in zip(*parts)] == pytest.approx(_numbers(m.group(2)), rel=1e-3, abs=1e-3), t


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_a_second_backward_with_retain_graph_states_the_accumulated_grad_each_time():
    code = "w = torch.tensor([1.0, -1.0], requires_grad=True)\ny = (w * w * 3).sum()\ny.backward(retain_graph=True)\n"
    first = GraphStepper.from_code(code)
    both = GraphStepper.from_code(code + "y.backward()\n")
    said = [v for k, v in _stated_grads(both) if k == "w"]
    assert said == [_real_grads(code)["w"], _real_grads(code + "y.backward()\n")["w"]] == [[6.0, -6.0], [12.0, -12.0]]
    assert "AccumulateGrad: w.grad: [6., -6.] + [6., -6.] = [12., -12.]" in lines(both)
    assert first.steps[-1]["t"] == ["backward done: retain_graph=True, so the saved tensors are kept"]


def test_a_node_of_several_results_says_which_gradients_it_takes():
    """split's and unbind's backward take the gradients of all their results (``cat(grads, dim)``): the footnote said
    "grad is the gradient arriving from a", the first result, which here was not used at all, and the equation left
    ``grads`` as it was. Now it names every result, and the numbers are the ones each result sent (zeros for one not
    used, as torch fills them in)."""
    s = GraphStepper.from_code(STUDENT_GRAPHS["split_and_unbind"])
    text = lines(s)
    assert "contribution to x.grad = cat(grads, dim) = cat([zeros, [2., 2.], zeros], 0) = [0., 0., 2., 2., 0., 0.]" \
        in text
    assert any(t.startswith("(PyTorch's formula for SplitBackward0: self: cat(grads, dim), where grads are the "
                            "gradients arriving from a, b, c, zeros for one not used, self is x)") for t in text), text
    unbind = next(t for t in text if t.startswith("contribution to the grad of x.view(3, 2) = stack(grads, dim)"))
    assert unbind == ("contribution to the grad of x.view(3, 2) = stack(grads, dim) = "
                      "stack([[1., 1., 9.], [3., 4., 5.]], 1) = [[1., 3.], [1., 4.], [9., 5.]]")  # u's grad is v, v's u
    assert "arriving from u, v," in next(t for t in text if t.startswith("(PyTorch's formula for UnbindBackward0"))


def test_a_statement_of_seven_ops_says_one_more_op():
    s = GraphStepper.from_code(STUDENT_GRAPHS["reused_many_times"])
    assert s.steps[1]["t"][-1] == "... and 1 more op"
    many = GraphStepper.from_code("a = torch.tensor(2.0, requires_grad=True)\ny = a * a + a * 3 + a.exp() - a / a + a")
    assert many.steps[1]["t"][-1] == "... and 2 more ops"


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_an_error_in_the_middle_of_the_cell_is_the_last_step_with_torchs_message():
    code = "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\nz = y @ torch.ones(3)\nz.backward()\n"
    s = GraphStepper.from_code(code)
    with pytest.raises(RuntimeError) as real:
        exec(code, {"torch": real_torch})
    assert [st["k"] for st in s.steps] == ["fwd", "fwd", "err"] and s.steps[-1]["l"] == [3, 3]
    assert s.steps[-1]["t"] == [f"RuntimeError: {real.value}"]


# -- what autograd does at each step, said as a teacher would ------------------------------------------


def captions_at(stepper, line):
    """The caption lines of the steps of code line ``line``."""
    return [t for st in stepper.steps if st["l"] == [line, line] for t in st["t"]]


def real_grads(code, *names):
    """``name.grad`` for each name after ``code`` ran under real PyTorch."""
    namespace = {"torch": real_torch}
    exec(code, namespace)
    return [namespace[n].grad.tolist() for n in names]


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_a_detached_tensor_is_named_by_its_detach_and_said_to_have_no_history():
    """Used to read ``d = add([3., 6.], 1): needs no grad``: the value, not where it came from, nor why d's graph
    stops there."""
    code = ("x = torch.tensor([1.0, 2.0], requires_grad=True)\nh = x * 3\nd = h.detach() + 1\ny = (d * h).sum()\n"
            "y.backward()\n")  # fmt: skip
    ns = {}
    s = GraphStepper.from_code(code, ns)
    assert captions_at(s, 3) == ["d = add(h.detach(), 1): needs no grad, so no node is recorded",
                                 "h.detach() shares h's data but has no history (requires_grad=False), so d's graph "
                                 "stops there"]  # fmt: skip
    assert ns["x"].grad.tolist() == real_grads(code, "x")[0] == [12.0, 21.0]  # only through h: d is a constant
    alone = GraphStepper.from_code(code.replace("d = h.detach() + 1", "d = h.detach()"))
    assert captions_at(alone, 3) == ["d = h.detach(): shares h's data but has no history (requires_grad=False), so the "
                                     "graph stops at d"]  # fmt: skip
    inline = ("x = torch.tensor([1.0, 2.0], requires_grad=True)\nw = torch.tensor([3.0, 4.0], requires_grad=True)\n"
              "y = (x.detach() * w + x.data).sum()\ny.backward()\n")  # fmt: skip
    said = captions_at(GraphStepper.from_code(inline), 3)
    assert said[:2] == ["mul(x.detach(), w): records MulBackward0", "x.detach() shares x's data but has no history "
                        "(requires_grad=False), so no gradient goes back through it to x"]  # fmt: skip
    assert said[2] == "add(x.detach() * w, x.data): records AddBackward0"  # x.data is no detach (own counter)
    leaf = "x = torch.ones(2, requires_grad=True)\ny = x.detach().requires_grad_()\n(y * 2).sum().backward()\n"
    ns = {}
    assert captions_at(GraphStepper.from_code(leaf, ns), 2) == [
        "y: a leaf tensor that requires grad, sharing x's data but not its history: gradients stop at y.grad"]
    assert ns["x"].grad is None and ns["y"].grad.tolist() == real_grads(leaf, "y")[0]


def test_an_op_under_no_grad_says_that_no_grad_is_why_nothing_is_recorded():
    """Used to read ``y = mul(x, 2): needs no grad``, as for a constant: not that torch.no_grad() turned recording
    off, though x requires grad."""
    code = ("x = torch.tensor(2.0, requires_grad=True)\nwith torch.no_grad():\n    a = x * 2\n"
            "    with torch.enable_grad():\n        b = x * 3\nc = a + b\nc.backward()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    assert captions_at(s, 3) == ["a = mul(x, 2): torch.no_grad() is on, so nothing is recorded: a has "
                                 "requires_grad=False and no grad_fn"]  # fmt: skip
    assert captions_at(s, 5) == ["b = mul(x, 3): records MulBackward0"]
    inference = GraphStepper.from_code(code.replace("no_grad", "inference_mode").split("    with")[0] + "a.sum()\n")
    assert captions_at(inference, 3)[0].startswith("a = mul(x, 2): torch.inference_mode() is on, so nothing is")
    constant = GraphStepper.from_code("with torch.no_grad():\n    a = torch.ones(2) * 2\n")
    assert captions_at(constant, 2)[0].endswith(": needs no grad, so no node is recorded")  # no_grad changes nothing
    update = ("w = torch.tensor(1.0, requires_grad=True)\n((w * 2) ** 2).backward()\nwith torch.no_grad():\n"
              "    w -= 0.1 * w.grad\n")  # fmt: skip
    assert captions_at(GraphStepper.from_code(update), 4) == [
        "w changed in place: now 0.2000 (version 1); torch.no_grad() is on, so this is not recorded"]


def test_a_cell_without_backward_ends_saying_no_backward_pass_ran_and_what_would_run_one():
    code = ("x = torch.tensor([1.0, 2.0], requires_grad=True)\nw = torch.tensor(3.0, requires_grad=True)\n"
            "y = (x * w).sum()\n")  # fmt: skip
    s = GraphStepper.from_code(code)
    last = s.steps[-1]
    assert last["t"] == ["no backward pass ran: y.backward() would run one through the nodes shown, back to w.grad, "
                         "x.grad"] and last["k"] == "fwd"  # fmt: skip
    texts = state_at(s.steps, len(s.steps) - 1)[0]
    assert {texts[eid][0] for eid in last["h"]} == {"y", "SumBackward0"}
    ns = {}
    exec(code + "y.backward()\n", {"torch": torch, **ns}, ns)  # what the caption says would run does run
    assert ns["x"].grad is not None and ns["w"].grad is not None
    vector = GraphStepper.from_code("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\n")
    assert vector.steps[-1]["t"][0].startswith("no backward pass ran: y.sum().backward() would run one")
    for ran in (code + "y.backward()\n", code + "z = y @ y.t()\n", "a = torch.ones(2) * 2\n"):  # ran, raised, none
        assert not any(t.startswith("no backward pass ran") for t in lines(GraphStepper.from_code(ran)))


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_a_bias_gradient_summed_over_a_batch_of_one_says_so():
    """Used to read ``grad = [[-12.4707]] = [-12.4707]``: a shape changing without a word. torch's sum_to_size sums over
    the batch dim, which the bias was broadcast along, even when there is one row."""
    code = ("torch.manual_seed(0)\nlin = torch.nn.Linear(3, 1)\nx = torch.tensor([[1.0, 2.0, 3.0]])\n"
            "loss = (lin(x) - 5.0) ** 2\nloss.backward()\n")  # fmt: skip
    ns = {}
    s = GraphStepper.from_code(code, ns)
    bias = next(t for t in lines(s) if t.startswith("contribution to lin.bias.grad"))
    real = {"torch": real_torch}
    exec(code, real)
    assert ns["lin"].bias.grad.tolist() == pytest.approx(real["lin"].bias.grad.tolist(), rel=1e-6)
    value = f"{real['lin'].bias.grad.item():.4f}"
    assert bias == (f"contribution to lin.bias.grad = grad = [[{value}]], summed over dim 0 (lin.bias was broadcast "
                    f"along it) = [{value}]")  # fmt: skip
    row = GraphStepper.from_code("x = torch.ones(1, 3)\nb = torch.zeros(3, requires_grad=True)\n"
                                 "(x + b).sum().backward()\n")
    assert any(t.startswith("contribution to b.grad") and "summed over dim 0 (b was broadcast along it)" in t
               for t in lines(row))


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_a_change_through_data_is_said_and_backward_uses_the_new_values():
    """``x.data.mul_(10)`` had no caption at all, and MulBackward0's line then read ``[1., 1.] · [1., 2.] = [10., 20.]``
    (the old x, but torch's gradient of the new one)."""
    code = ("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = (x * x).sum()\nx.data.mul_(10)\n"
            "y.backward()\n")  # fmt: skip
    ns = {}
    s = GraphStepper.from_code(code, ns)
    assert captions_at(s, 3) == ["x.data changed in place: x is now [10., 20.] but still version 0 (.data has a "
                                 "version counter of its own), so backward uses the new values without an error"]
    assert ns["x"].grad.tolist() == real_grads(code, "x")[0] == [20.0, 40.0]
    assert "contribution to x.grad = grad · x = [1., 1.] · [10., 20.] = [10., 20.]" in lines(s)


def test_an_in_place_op_on_a_non_leaf_says_its_grad_fn_changes():
    """``h.add_(1)`` read ``h = add(the earlier h, 1)``, as if the code had made a new h."""
    code = "x = torch.tensor([1.0, 2.0], requires_grad=True)\nh = x * 2\nh.add_(1)\n(h * h).sum().backward()\n"
    ns = {}
    s = GraphStepper.from_code(code, ns)
    assert captions_at(s, 3) == ["h.add_(1): records AddBackward0 in place: h's grad_fn is now AddBackward0, its old "
                                 "value overwritten"]  # fmt: skip
    assert type(ns["h"].grad_fn).__name__ == "AddBackward0"
    rebound = GraphStepper.from_code(code.replace("h.add_(1)", "h = h.add(1)"))
    assert captions_at(rebound, 3) == ["h = add(the earlier h, 1): records AddBackward0"]  # a new tensor: as before
    augmented = GraphStepper.from_code(code.replace("h.add_(1)", "h += 1"))
    assert captions_at(augmented, 3) == ["h += 1: records AddBackward0 in place: h's grad_fn is now AddBackward0, its "
                                         "old value overwritten"]  # fmt: skip
    loop = "w = torch.tensor(1.0, requires_grad=True)\ntotal = 0\nfor i in range(2):\n    total += w * i\n"
    said = captions_at(GraphStepper.from_code(loop), 4)
    assert said[1] == "total = add(w * i, 0): records AddBackward0"  # 0 + a tensor: a new tensor, not in place
    assert said[3].startswith("total += w * i: records AddBackward0 in place")


def test_ops_a_create_graph_backward_records_follow_the_node_that_ran_them_under_a_heading():
    """They came first in the node's step, unexplained, before the node's own chain rule."""
    code = "x = torch.tensor(3.0, requires_grad=True)\ny = x ** 3\ny.backward(create_graph=True)\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's warning about the reference cycle create_graph makes
        s = GraphStepper.from_code(code)
    pow_step = next(st["t"] for st in s.steps if st["t"] and st["t"][0] == "y = x ** 3 → PowBackward0")
    heading = pow_step.index("create_graph=True, so computing it recorded these ops (a graph of the gradient, for a "
                             "second derivative):")  # fmt: skip
    assert heading == 3 and pow_step[heading + 1] == "pow(x, exponent=2.0): records PowBackward0"
    assert pow_step[1].startswith("contribution to x.grad") and pow_step[2].startswith("(PyTorch's formula")
    later = [t for st in s.steps for t in st["t"] if t.startswith("create_graph=True")]
    assert later[1:] == ["create_graph=True: computing it recorded these ops too:"]  # said in full once


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_reading_a_non_leafs_grad_says_why_it_is_none():
    """``print(h.grad)`` printed None (and torch's warning) under a bare ``line 5 printed this:``."""
    code = ("x = torch.tensor([1.0, 2.0], requires_grad=True)\nh = x * 3\ny = (h * h).sum()\ny.backward()\n"
            "print(h.grad)\n")  # fmt: skip
    with warnings.catch_warnings(record=True) as ours, contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("always")
        s = GraphStepper.from_code(code)
    step = next(st for st in s.steps if st["l"] == [5, 5])
    assert step["t"] == ["h.grad is None: h is not a leaf (its grad_fn is MulBackward0), so backward does not keep its "
                         "grad unless h.retain_grad() is called first"] and step["o"] == "None\n"  # fmt: skip
    with warnings.catch_warnings(record=True) as theirs, contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("always")
        exec(code, {"torch": real_torch})
    assert [str(w.message) for w in ours] == [str(w.message) for w in theirs] and len(theirs) == 1
    kept = GraphStepper.from_code(code.replace("y = ", "h.retain_grad()\ny = "))
    assert not any(".grad is None" in t for t in lines(kept))  # retain_grad: it is kept, nothing to explain
    leaf = GraphStepper.from_code(code.replace("print(h.grad)", "print(x.grad)"))
    assert not any(".grad is None" in t for t in lines(leaf))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hook = GraphStepper.from_code(code.replace("print(h.grad)", "h.register_hook(lambda g: print(h.grad))"))
    assert not any(".grad is None" in t for t in lines(hook))  # read when the hook runs, not where it is written


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_x_data_is_named_as_xs_data_without_history_not_by_its_value():
    """``x * x.data`` read ``mul(x, tensor([1., 2.]))``, its chain rule ``grad · other``, and ``x.data + 1``
    ``add([1., 2.], 1)``: values, where the code wrote x.data."""
    code = "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = (x * x.data).sum()\nz = x.data + 1\ny.backward()\n"
    ns = {}
    s = GraphStepper.from_code(code, ns)
    assert captions_at(s, 2)[:2] == ["mul(x, x.data): records MulBackward0", "x.data is x's data but has no history "
                                     "(requires_grad=False), so no gradient goes back through it to x"]  # fmt: skip
    assert captions_at(s, 3) == ["z = add(x.data, 1): needs no grad, so no node is recorded"]
    assert "contribution to x.grad = grad · x.data = [1., 1.] · [1., 2.] = [1., 2.]" in lines(s)
    assert ns["x"].grad.tolist() == real_grads(code, "x")[0] == [1.0, 2.0]  # only through x: x.data is a constant


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
@pytest.mark.parametrize("make", ["torch.arange(20.0, requires_grad=True)",
                                  "torch.linspace(-1, 1, 50, requires_grad=True)",
                                  "torch.randn(4, 8, requires_grad=True)"])  # fmt: skip
def test_a_long_tensor_in_a_caption_is_whole_with_torchs_dots(make):
    """A 20-element grad read ``([20] tensor) · ([20] tensor)`` and ``None -> min=-1 mean=0 max=1`` (not torch's
    words); ``outer(…, [-0.5663, 0.3731, -0.8920, -1.5…)`` was cut in the middle of a number."""
    code = f"torch.manual_seed(0)\nx = {make}\nw = torch.linspace(-1, 1, x.numel()).view(x.shape)\n" \
           "y = (w * x).sum()\ny.backward()\n"
    ns = {}
    s = GraphStepper.from_code(code, ns)
    said = [t for t in lines(s) if t.startswith(("contribution to x.grad", "AccumulateGrad: x.grad"))]
    assert len(said) == 2 and not any("…" in t or "min=" in t for t in said), said
    assert "tensor)" not in said[0] or make.startswith("torch.randn")  # an operand too wide for numbers: its shape
    real = real_torch.tensor(real_grads(code, "x")[0])
    assert ns["x"].grad.flatten().tolist() == pytest.approx(real.flatten().tolist(), abs=1e-6)
    printed = {}
    try:
        for edge in (3, 2, 1):
            real_torch.set_printoptions(threshold=0, edgeitems=edge)
            printed[edge] = re.sub(r"\s+", " ", repr(real))[len("tensor(") : -1].replace("[ ", "[").replace(" ]", "]")
    finally:
        real_torch.set_printoptions(profile="default")
    assert said[1].removeprefix("AccumulateGrad: x.grad: None -> ") in printed.values()  # as torch prints it
    assert said[0].endswith(" = " + said[1].removeprefix("AccumulateGrad: x.grad: None -> "))


def test_an_optimizer_step_and_zero_grad_say_what_they_did():
    """``opt.step()`` read ``w changed in place: now [1.8000, 0.2000] (version 1)``, not that the optimizer did it,
    unrecorded; ``opt.zero_grad()`` read ``w.grad is now None`` without why."""
    code = ("w = torch.tensor([1.0, -1.0], requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\n"
            "loss = ((w * torch.tensor([2.0, 3.0])).sum() - 1) ** 2\nloss.backward()\nopt.step()\nopt.zero_grad()\n")
    s = GraphStepper.from_code(code)
    assert captions_at(s, 5) == ["w changed in place: now [1.8000, 0.2000] (version 1); opt.step() updates it under "
                                 "torch.no_grad(), so this is not recorded"]  # fmt: skip
    assert captions_at(s, 6) == ["w.grad is now None (opt.zero_grad() sets each .grad to None)"]


def test_an_edge_carrying_a_long_gradient_is_labelled_by_its_shape_not_a_clipped_word():
    """An edge's label has room for a few characters: a gradient too long to summarise there is labelled by its shape,
    ``(20)`` or ``(4×8)``, where it read ``([20] tenso…``."""
    for code, shape in (("x = torch.arange(20.0, requires_grad=True)\ny = (x * 2).sum()\ny.backward()", "(20)"),
                        ("x = torch.ones(4, 8, requires_grad=True)\ny = (x * 3).sum()\ny.backward()", "(4×8)")):
        s = GraphStepper.from_code(code, namespace={"torch": torch})
        texts = {v for step in s.steps for _, _, v in step["c"] if isinstance(v, str)}
        assert shape in texts and not any("tenso…" in t for t in texts), texts


def _printed_with(values, edge):
    """Real torch's ``print`` of ``values`` with ``edge`` numbers at each end of each dim, on one line."""
    real_torch.set_printoptions(threshold=0, edgeitems=edge)
    try:
        text = re.sub(r"\s+", " ", repr(real_torch.tensor(values)))[len("tensor(") : -1]
    finally:
        real_torch.set_printoptions(profile="default")
    return text.replace("[ ", "[").replace(" ]", "]").replace(" ,", ",")


@pytest.mark.skipif(real_torch is None, reason="live comparison with PyTorch: torch is not installed")
def test_a_long_tensors_box_lines_read_as_torch_prints_it_or_by_its_shape():
    """A 20-element tensor's box read ``= min=0 mean=9.5 ma…`` and ``grad min=2 mean=2 max=2``: now torch's print
    with as many numbers at each end as fit the box whole; a 4x8 tensor's, where no summary fits, its shape."""
    from widgets.layout import GRAD, VALUE, fit

    code = ("x = torch.arange(20.0, requires_grad=True)\nw = torch.arange(32.0).view(4, 8).requires_grad_()\n"
            "y = (x * 2).sum() + (w * 3).sum()\ny.backward()\n")  # fmt: skip
    ns = {}
    s = GraphStepper.from_code(code, ns)
    texts = state_at(s.steps, len(s.steps) - 1)[0]
    box = {t[0]: t for t in texts.values() if t.get(0) in ("x", "w")}
    for name, line, prefix, bold in (("x", VALUE, "= ", False), ("x", GRAD, "grad ", True)):
        values = (ns[name] if line == VALUE else ns[name].grad).tolist()
        shown = {edge: prefix + _printed_with(values, edge) for edge in (3, 2, 1)}
        fitting = [edge for edge, text in shown.items() if fit(text, bold) == text]
        assert fitting and box[name][line] == shown[max(fitting)], (box[name][line], shown)
    assert box["x"][VALUE] == "= [0., 1., ..., 18., 19.]"
    assert (box["w"][VALUE], box["w"][GRAD]) == ("= (4×8)", "grad (4×8)")  # "[[0., ..., 7.], ..., [24., …" does not fit
    assert not any(t.endswith("…") for b in box.values() for t in (b[VALUE], b[GRAD]))
    assert not any("min=" in t or "mean=" in t for b in texts.values() for t in b.values() if isinstance(t, str))
