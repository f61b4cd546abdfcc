"""GraphStepper's Python side: the steps for the source documents' examples carry the right numbers.

Expected figures come from the documents (see ../shared/seeds/README.md), which printed them with
real PyTorch: y = (w + x)(w + 1) gives w.grad 5, x.grad 2, a.grad 2, b.grad 3; loss = (y1 - y2)^2 at
x = 3 prints y2 grad 4 then y1 grad -4; the MyReLU Function gives w.grad [[4.5, 4.5]], b.grad [[4.5]].
"""

import json
import re

import numpy as np
import pytest

import minigrad as torch
from minigrad.graph import one_line, summarize
from widgets import GraphStepper, StepperTooLarge
from widgets import layout as layout_module
from widgets.layout import SLOTS
from widgets.picture import state_at

SEED_004 = """\
import torch
w = torch.tensor(1.0, requires_grad=True)
x = torch.tensor(2.0, requires_grad=True)
a = w + x
a.retain_grad()
b = w + 1
b.retain_grad()
y = a * b
y.backward()
"""

SEED_000_HOOKS = """\
import torch
x = torch.tensor(3.0, requires_grad=True)
y1 = x + 1
y2 = 2 * x
loss = (y1 - y2) ** 2
y1.register_hook(lambda grad: print('y1 grad:', grad))
y2.register_hook(lambda grad: print('y2 grad:', grad))
loss.retain_grad()
loss.backward()
"""

SEED_000_MYRELU = """\
import torch
class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input

w = torch.tensor([[3.0, 1.0]], requires_grad=True)
b = torch.tensor([[3.0]], requires_grad=True)
X = torch.tensor([[-1.0, -1.0], [1.0, 1.0]])
Y = torch.tensor([[2.0, 3.0]])
relu = MyReLU.apply
Y_hat = relu(X @ w.t() + b)
loss = torch.mean(torch.pow(Y_hat - Y, 2))
loss.backward()
"""

TWO_BACKWARDS = """\
x = torch.tensor(1.0, requires_grad=True)
y = x * x
y.backward(retain_graph=True)
y.backward()
"""


def shown(values):
    """How a step writes a tensor with these values: the graph model's summary, on one line."""
    return one_line(summarize(np.array(values, dtype=np.float32)))


def captions(stepper):
    return [line for s in stepper.steps for line in s["t"]]


def final_state(stepper, upto=None):
    """Fold the steps' changes into the SVG as the browser does: (texts by (id, slot), classes by id)."""
    texts = {}
    classes = {eid: set(cls.split()) for eid, cls in re.findall(r"<g id='([^']+)' class='([^']*)'", stepper.svg)}
    for s in stepper.steps[: None if upto is None else upto + 1]:
        for eid, key, value in s["c"]:
            if key == "+":
                classes.setdefault(eid, set()).add(value)
            elif key == "-":
                classes.setdefault(eid, set()).discard(value)
            else:
                texts[(eid, key)] = value
    return texts, classes


def tensor_ids_by_name(stepper):
    texts, _ = final_state(stepper)
    return {text: eid for (eid, slot), text in texts.items() if slot == 0 and eid.startswith("t")}


def step_with(stepper, text):
    return next(i for i, s in enumerate(stepper.steps) if any(text in line for line in s["t"]))


def test_seed_004_chain_rule_numbers_and_grads(capsys):
    ns = {}
    s = GraphStepper.from_code(SEED_004, ns)
    lines = captions(s)
    # each backward step names its node by the line that made it, then the chain rule in the code's names
    mul = s.steps[step_with(s, "y = a * b → MulBackward0")]["t"]
    assert mul[:3] == [
        "y = a * b → MulBackward0",
        "contribution to a.grad = grad of y · b = 1.0 · 2.0 = 2.0",
        "contribution to b.grad = grad of y · a = 1.0 · 3.0 = 3.0",
    ]
    # the first time a node type runs, its formula in PyTorch's names, said in the code's terms
    assert mul[3] == ("(PyTorch's formula for MulBackward0: self: grad * other; other: grad * self, where grad is "
                      "the gradient arriving from y, self is a, other is b)")  # fmt: skip
    assert "contribution to w.grad = grad of b = 3.0" in lines
    assert "contribution to x.grad = grad of a = 2.0" in lines
    assert sum(line.startswith("(PyTorch's formula for AddBackward0") for line in lines) == 1
    assert "2 gradients arrive at w and are summed: 3.0 + 2.0 = 5.0" in lines
    assert "AccumulateGrad: w.grad: None -> 5." in lines
    assert "AccumulateGrad: x.grad: None -> 2." in lines
    assert "retain_grad: a.grad = 2. (kept)" in lines
    assert "retain_grad: b.grad = 3. (kept)" in lines
    # the grads the labels end with, and the real tensors agree
    texts, classes = final_state(s)
    ids = tensor_ids_by_name(s)
    assert {n: texts[(ids[n], 3)] for n in "wxab"} == {"w": "grad 5.", "x": "grad 2.", "a": "grad 2.", "b": "grad 3."}
    assert ns["w"].grad.item() == 5.0 and ns["x"].grad.item() == 2.0
    assert "retains" in classes[ids["a"]] and "retains" in classes[ids["b"]]
    assert {"leaf"} <= classes[ids["w"]] and {"nonleaf"} <= classes[ids["y"]]
    # y's grad only passes through (not kept): shown in the passing style
    assert texts[(ids["y"], 3)] == "grad 1." and "passing" in classes[ids["y"]]


def test_seed_004_forward_steps_follow_the_statements():
    s = GraphStepper.from_code(SEED_004)
    fwd = [st for st in s.steps if st["k"] == "fwd"]
    assert [st["l"] for st in fwd] == [[2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7], [8, 8]]
    assert fwd[2]["t"] == ["a = add(w, x): records AddBackward0"]
    assert fwd[6]["t"] == ["y = mul(a, b): records MulBackward0"]
    # the statement's new nodes appear in its step: AddBackward0, a, and the leaves' AccumulateGrad
    shown = {eid for eid, key, cls in fwd[2]["c"] if key == "-" and cls == "off"}
    texts, _ = final_state(s)
    labels = {texts.get((eid, 0)) for eid in shown}
    assert {"AddBackward0", "a", "AccumulateGrad"} <= labels
    # before backward no tensor shows a grad
    before = final_state(s, upto=s.steps.index(fwd[-1]))[0]
    assert not [k for k, v in before.items() if k[1] == 3 and k[0].startswith("t") and v]
    # backward steps run in the engine's order, each highlighting the node that runs
    order = [st["t"][0].split(":")[0] for st in s.steps if st["k"] == "bwd"]
    assert order == [
        "backward pass from y", "y = a * b → MulBackward0", "retain_grad", "b = w + 1 → AddBackward0",
        "retain_grad", "a = w + x → AddBackward0", "2 gradients arrive at w and are summed", "AccumulateGrad",
        "backward done",
    ]  # fmt: skip


def test_backward_step_highlights_node_and_grad_on_its_edge():
    s = GraphStepper.from_code(SEED_004)
    i = step_with(s, "→ MulBackward0")
    step = s.steps[i]
    texts, _ = final_state(s, upto=i)
    fn = step["h"][0]
    assert texts[(fn, 0)] == "MulBackward0"
    edges = [h for h in step["h"] if h.startswith(("input_", "output_"))]
    assert {texts[(e, 0)] for e in edges} == {"1.0", "2.0", "3.0"}  # arriving 1.0, leaving 2.0 and 3.0
    assert any(e.startswith("output_" + fn) for e in edges)


def test_hooks_fire_in_engine_order_with_their_output(capsys):
    s = GraphStepper.from_code(SEED_000_HOOKS)
    hooks = [st for st in s.steps if st["t"] and st["t"][0].startswith("hook")]
    assert [st["t"][0] for st in hooks] == [
        "hook (lambda grad: print('y2 grad:', grad)) on y2 fired with grad 4., returned None",
        "hook (lambda grad: print('y1 grad:', grad)) on y1 fired with grad -4., returned None",
    ]
    assert [st["o"] for st in hooks] == ["y2 grad: tensor(4.)\n", "y1 grad: tensor(-4.)\n"]
    assert "y2 grad: tensor(4.)\ny1 grad: tensor(-4.)\n" in capsys.readouterr().out  # the code ran as usual
    lines = captions(s)
    assert "retain_grad: loss.grad = 1. (kept)" in lines
    assert "contribution to the grad of y2 = -grad = -(-4.0) = 4.0" in lines
    assert "2 gradients arrive at x and are summed: 8.0 + (-4.0) = 4.0" in lines
    assert "AccumulateGrad: x.grad: None -> 4." in lines
    texts, classes = final_state(s)
    ids = tensor_ids_by_name(s)
    assert "hooked" in classes[ids["y1"]] and "hooked" in classes[ids["y2"]]
    # grads that only pass through non-leaves show in the passing style; the retained one is kept
    assert (texts[(ids["y1"], 3)], texts[(ids["y2"], 3)]) == ("grad -4.", "grad 4.")
    assert "passing" in classes[ids["y1"]] and "passing" in classes[ids["y2"]]
    sub = next(eid for (eid, slot), text in texts.items() if slot == 2 and text == "= -2.")
    assert texts[(sub, 3)] == "grad -4." and "passing" in classes[sub]
    assert texts[(ids["loss"], 3)] == "grad 1." and "passing" not in classes[ids["loss"]]
    # the hook step shows the grad reaching y2
    hook = step_with(s, "hook (lambda grad: print('y2 grad:', grad)) on y2")
    assert [ids["y2"], 3, "grad 4."] in s.steps[hook]["c"]


def test_hook_that_returns_a_tensor_says_so():
    s = GraphStepper.from_code(
        "x = torch.tensor(1.0, requires_grad=True)\ny = x * 3\ny.register_hook(lambda g: g * 10)\ny.backward()\n"
    )
    assert "hook (lambda g: g * 10) on y fired with grad 1., returned 10.: the gradient is replaced" in captions(s)
    assert "AccumulateGrad: x.grad: None -> 30." in captions(s)


def test_grads_from_two_paths_are_summed_before_the_hook_sees_them():
    s = GraphStepper.from_code(
        "x = torch.tensor(3.0, requires_grad=True)\ny = x * 1\nz = y * 2 + y * 4\n"
        "y.register_hook(lambda g: g * 10)\nz.backward()\n"
    )
    summed = step_with(s, "2 gradients arrive at y and are summed: 4.0 + 2.0 = 6.0")
    hooked = step_with(s, "hook (lambda g: g * 10) on y fired with grad 6., returned 60.: the gradient is replaced")
    assert summed <= hooked
    assert "AccumulateGrad: x.grad: None -> 60." in captions(s)


def test_seed_000_myrelu_function():
    ns = {}
    s = GraphStepper.from_code(SEED_000_MYRELU, ns)
    lines = captions(s)
    assert "Y_hat = MyReLU(X @ w.t() + b): records MyReLUBackward" in lines  # the code that made its input
    # tensors are written as the graph model summarises them
    relu = (f"contribution to the grad of (X @ w.t() + b) = MyReLU.backward(ctx, {shown([[-2.5], [4.5]])}) = "
            f"{shown([[0.0], [4.5]])}")
    assert relu in lines
    assert f"AccumulateGrad: w.grad: None -> {shown([[4.5, 4.5]])}" in lines
    assert f"AccumulateGrad: b.grad: None -> {shown([[4.5]])}" in lines
    assert ns["w"].grad.tolist() == [[4.5, 4.5]]
    texts, classes = final_state(s)
    ids = tensor_ids_by_name(s)
    assert texts[(ids["w"], 3)] == "grad " + shown([[4.5, 4.5]])
    assert "nograd" in classes[ids["X"]] and "nograd" in classes[ids["Y"]]
    # the clamp inside MyReLU.forward is not part of the graph and is not narrated
    assert not any("clamp" in line for line in lines)


def test_accumulation_over_two_backward_calls():
    s = GraphStepper.from_code(TWO_BACKWARDS)
    acc = [line for line in captions(s) if line.startswith("AccumulateGrad")]
    assert acc == ["AccumulateGrad: x.grad: None -> 2.", "AccumulateGrad: x.grad: 2. + 2. = 4."]
    assert "backward done: retain_graph=True, so the saved tensors are kept" in captions(s)
    assert captions(s)[-1].startswith("backward done: the saved tensors of 1 node are freed")
    texts, classes = final_state(s)
    mul = next(eid for (eid, slot), t in texts.items() if t == "MulBackward0")
    assert texts[(mul, 1)] == "saved: freed" and "freed" in classes[mul]


def test_backward_twice_is_a_final_error_step():
    code = "x = torch.tensor(2.0, requires_grad=True)\ny = x * x\ny.backward()\ny.backward()\nz = 1\n"
    ns = {}
    s = GraphStepper.from_code(code, ns)
    last = s.steps[-1]
    assert last["k"] == "err" and last["l"] == [4, 4]
    assert last["t"][0].startswith("RuntimeError: Trying to backward through the graph a second time")
    texts, _ = final_state(s)
    assert texts[(last["h"][0], 0)] == "MulBackward0"  # the node that failed is highlighted
    assert "z" not in ns  # the code stopped there, as a cell would
    assert isinstance(s.error, RuntimeError)
    assert repr(s) == "GraphStepper(2 tensors, 2 functions, 8 steps, ends with RuntimeError; step 1 shown)"


def test_syntax_error_is_a_step():
    s = GraphStepper.from_code("x = (1,\n")
    assert s.num_steps == 1 and s.steps[0]["k"] == "err" and s.steps[0]["t"][0].startswith("SyntaxError")


def test_detached_and_no_grad_tensors_are_marked():
    s = GraphStepper.from_code(
        "x = torch.tensor([1.0, 2.0], requires_grad=True)\nd = x.detach()\nc = torch.tensor([3.0, 4.0])\n"
        "y = (x * d + c).sum()\n"
    )
    _, classes = final_state(s)
    ids = tensor_ids_by_name(s)
    assert "detached" in classes[ids["d"]] and "nograd" in classes[ids["d"]]
    assert "nograd" in classes[ids["c"]] and "detached" not in classes[ids["c"]]
    assert "leaf" in classes[ids["x"]] and "nonleaf" in classes[ids["y"]]


def test_reassignment_keeps_the_old_node_under_was():
    s = GraphStepper.from_code("x = torch.tensor(1.0, requires_grad=True)\ny = x * 2\ny = y * 3\n")
    names = set(tensor_ids_by_name(s))
    assert {"x", "was y", "y"} <= names


def test_autograd_grad_captures_without_touching_grad():
    ns = {}
    s = GraphStepper.from_code(
        "x = torch.tensor(0.0, requires_grad=True)\ny = x ** 2 - 2 * x + 1\n"
        "dy, = torch.autograd.grad(y, x, create_graph=True)\nd2, = torch.autograd.grad(dy, x)\n",
        ns,
    )
    lines = captions(s)
    assert "autograd.grad: result 0 (the gradient for x) is -2.; no .grad changes" in lines
    assert "autograd.grad: result 0 (the gradient for x) is 2.; no .grad changes" in lines
    assert ns["x"].grad is None


def test_ids_and_steps_are_stable_and_address_free():
    a = GraphStepper.from_code(SEED_000_MYRELU)
    b = GraphStepper.from_code(SEED_000_MYRELU)
    assert a.svg == b.svg
    assert json.dumps(a.steps) == json.dumps(b.steps)
    blob = a.svg + json.dumps(a.steps) + repr(a)
    assert not re.search(r"0x[0-9a-fA-F]{6,}", blob)
    assert "graphviz" not in a.svg.lower() and "<!--" not in a.svg


def test_one_svg_steps_only_toggle_classes_and_text():
    s = GraphStepper.from_code(SEED_000_HOOKS)
    groups = re.findall(r"<g id='([^']+)' class='[^']*'>(.*?)</g>", s.svg, re.S)
    ids = [eid for eid, _ in groups]
    assert len(ids) == len(set(ids))
    slots = {eid: body.count("<text") for eid, body in groups}  # the text slots each element has
    assert {slots[e] for e in ids if e.startswith("t")} == {SLOTS["tensor"]}
    dynamic = {"off", "passing", "retains", "hooked", "freed", "carried", "code", "two-line"}
    for step in s.steps:
        for eid, key, value in step["c"]:
            assert eid in ids
            if key in ("+", "-"):
                assert value in dynamic
            elif key == "i":  # an info record: text fields, None to remove one
                assert value and all(isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in value.items())
            else:
                assert 0 <= key < slots[eid]
        assert all(h in ids for h in step["h"])
    # every tensor is a fixed-size box: the SVG gives each one the same geometry whatever its text
    boxes = re.findall(r"<g id='t\d+' class='[^']*'>\n<rect x='-?\d+' y='-?\d+' width='(\d+)' height='(\d+)' rx='6'/>",
                       s.svg)  # fmt: skip
    assert len(boxes) == len([e for e in ids if e.startswith("t")])
    widths, heights = [int(w) for w, _ in boxes], [int(h) for _, h in boxes]
    assert max(widths) - min(widths) <= 1 and max(heights) - min(heights) <= 1  # whole points: rounding differs by 1


def test_user_strings_never_go_into_the_svg():
    s = GraphStepper.from_code("weird_name_42 = torch.tensor(1.0, requires_grad=True)\nout = weird_name_42 * 2\n")
    assert "weird_name_42" not in s.svg and "MulBackward0" not in s.svg
    assert "weird_name_42" in tensor_ids_by_name(s)


def test_existing_graph_replay_changes_nothing(capsys):
    x = torch.tensor(3.0, requires_grad=True)
    y1 = x + 1
    y2 = 2 * x
    loss = (y1 - y2) ** 2
    y1.register_hook(lambda grad: print("y1 grad:", grad))
    x.grad = torch.tensor(10.0)
    s = GraphStepper(loss)
    assert capsys.readouterr().out == ""  # the replayed hook's print went into the steps
    assert x.grad.item() == 10.0 and y1.grad_fn is not None
    lines = captions(s)
    assert "AccumulateGrad: x.grad: 10. + 4. = 14." in lines
    assert any(st["o"] == "y1 grad: tensor(-4.)\n" for st in s.steps)
    assert lines[-1].startswith("replay done: every .grad is as it was")
    assert [st["t"][0] for st in s.steps if st["k"] == "fwd"] == [
        "y1 = add(x, a number): records AddBackward0",
        "y2 = mul(x, 2): records MulBackward0",  # the node keeps the 2 (torch's _saved_other), not the 1
        "sub(y1, y2): records SubBackward0",
        "loss = pow(sub(y1, y2), exponent=2): records PowBackward0",  # no code to quote: the op on its inputs
    ]
    loss.backward()  # the graph was not freed by the replay
    assert x.grad.item() == 14.0


def test_existing_graph_replay_without_hooks():
    x = torch.tensor(3.0, requires_grad=True)
    y = x * x
    calls = []
    y.register_hook(lambda g: calls.append(g))
    s = GraphStepper(y, run_hooks=False)
    assert calls == [] and not any(line.startswith("hook") for line in captions(s))
    y.backward()
    assert len(calls) == 1


def test_step_is_settable_and_clamped():
    s = GraphStepper.from_code(SEED_004)
    assert s.num_steps == 16
    s.step = 5
    assert s.step == 5
    s.step = 999
    assert s.step == s.num_steps - 1
    assert repr(s) == "GraphStepper(5 tensors, 5 functions, 16 steps; step 16 shown)"


def test_too_large_graph_is_refused_with_a_clear_message():
    code = "x = torch.tensor(1.0, requires_grad=True)\ny = x\nfor _ in range(300):\n    y = y * 1.01\n"
    with pytest.raises(StepperTooLarge, match=r"more than 400 nodes, and it steps at most.*so step a smaller piece"):
        GraphStepper.from_code(code)


def test_missing_graphviz_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("MINIGRAD_GRAPHVIZ", "dot")  # asks for dot, and there is none
    monkeypatch.setenv("PATH", "")
    with pytest.raises(layout_module.LayoutError, match="install Graphviz"):
        GraphStepper.from_code(TWO_BACKWARDS)


def test_cell_magic_keeps_variables_in_the_user_namespace():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.run_line_magic("load_ext", "widgets")
        shell.user_ns["torch"] = torch
        stepper = shell.run_cell_magic("stepthrough", "step=-1", TWO_BACKWARDS)
        assert isinstance(stepper, GraphStepper)
        assert shell.user_ns["x"].grad.item() == 4.0
        assert stepper.step == stepper.num_steps - 1
    finally:
        InteractiveShell.clear_instance()


def test_gradient_argument_and_non_scalar_outputs():
    s = GraphStepper.from_code(
        "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * x\ny.backward(torch.tensor([1.0, 0.5]))\n"
    )
    lines = captions(s)
    assert f"backward pass from y: its gradient starts as {shown([1.0, 0.5])}" in lines
    assert f"AccumulateGrad: x.grad: None -> {shown([2.0, 2.0])}" in lines


# -- readability: what a student reads in the captions and on the nodes ------------------------------------------

RNN_LOOP = """\
torch.manual_seed(0)
Wx = torch.randn(3, 2, requires_grad=True)
Wh = torch.randn(3, 3, requires_grad=True)
h = torch.zeros(3, 1)
for t in range(3):
    x = torch.ones(2, 1) * t
    h = torch.tanh(Wx @ x + Wh @ h)
h.sum().backward()
"""
GRU_CELL = """\
torch.manual_seed(0)
x, h = torch.randn(1, 2), torch.randn(1, 3)
Wz, Uz = torch.randn(2, 3, requires_grad=True), torch.randn(3, 3, requires_grad=True)
Wn, Un = torch.randn(2, 3, requires_grad=True), torch.randn(3, 3, requires_grad=True)
z = torch.sigmoid(x @ Wz + h @ Uz)
n = torch.tanh(x @ Wn + (h @ Un))
h_new = (1 - z) * n + z * h
h_new.sum().backward()
"""
LINEAR_LOSS = """\
torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)
x, target = torch.randn(4, 3), torch.randn(4, 2)
loss = torch.nn.functional.mse_loss(lin(x), target)
loss.backward()
"""


@pytest.mark.parametrize("code", [RNN_LOOP, GRU_CELL, LINEAR_LOSS, SEED_000_MYRELU,
                                  "x = torch.ones(2, requires_grad=True)\n(x * 2 + 1).sum().backward()\n"])
def test_no_caption_calls_a_tensor_by_its_node_type(code):
    """An unnamed intermediate was "AddBackward0's result": a student cannot find that in the code."""
    said = "\n".join(captions(GraphStepper.from_code(code)))
    assert not re.search(r"Backward\d's result", said), said


def test_unnamed_results_are_called_by_the_code_that_made_them():
    gru = captions(GraphStepper.from_code(GRU_CELL))
    assert "add(x @ Wz, h @ Uz): records AddBackward0" in gru
    assert "h_new = add((1 - z) * n, z * h): records AddBackward0" in gru
    assert any(t.startswith("contribution to the grad of (x @ Wz + h @ Uz) = grad of z · (1 - z) · z = ") for t in gru)
    assert any(t.startswith("contribution to the grad of (1 - z) = grad · n = ") for t in gru)
    rnn = captions(GraphStepper.from_code(RNN_LOOP))
    assert "h = tanh(Wx @ x + Wh @ h): records TanhBackward0" in rnn
    # nn.Linear runs t then addmm in one call: the call's value is addmm's; t's result is t(lin.weight)
    linear = captions(GraphStepper.from_code(LINEAR_LOSS))
    assert "addmm(lin.bias, x, t(lin.weight)): records AddmmBackward0" in linear
    assert "loss = mse_loss(lin(x), target, reduction=mean): records MseLossBackward0" in linear
    assert any(t.startswith("contribution to the grad of t(lin.weight) = ") for t in linear)
    # with no code (a replayed graph): the op on its inputs, one level deep
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (torch.tanh(x * 2) + 1).sum()
    replayed = captions(GraphStepper(y))
    assert "add(tanh(mul(…)), a number): records AddBackward0" in replayed
    assert "y = sum(add(tanh(…), a number)): records SumBackward0" in replayed


def test_an_unnamed_box_shows_the_code_that_made_it():
    s = GraphStepper.from_code(GRU_CELL)
    texts, classes = final_state(s)
    names = {text: eid for (eid, slot), text in texts.items() if slot == 0 and eid.startswith("t")}
    assert {"(x @ Wz)", "(h @ Uz)", "(x @ Wz + h @ Uz)", "(1 - z)", "(z * h)", "z", "h_new"} <= set(names)
    assert "code" in classes[names["(x @ Wz)"]] and "code" not in classes[names["z"]]
    # a call that runs two ops names only its value: lin(x) is addmm's result; t's, made inside it, is named by its
    # op (its first line was blank: nothing a student could map to the code or to TBackward0)
    texts, classes = final_state(GraphStepper.from_code(LINEAR_LOSS))
    assert sorted(t for (eid, slot), t in texts.items() if slot == 0 and "code" in classes[eid]) == [
        "lin(x)", "t(lin.weight)"]


@pytest.mark.parametrize("code, contribution", [
    (LINEAR_LOSS, "contribution to lin.bias.grad = grad = [[-0.0163, 0.2297], ..., [-0.3365, -0.1319]], summed over "
                  "dim 0 (lin.bias was broadcast along it) = [-0.1203, 0.2953]"),
    ("b = torch.tensor([1.0, 2.0], requires_grad=True)\nm = torch.ones(3, 2)\n"
     "torch.addmm(b, m, torch.eye(2)).sum().backward()\n",
     "contribution to b.grad = grad = [[1., 1.], [1., 1.], [1., 1.]], summed over dim 0 (b was broadcast along it) "
     "= [3., 3.]"),
    ("x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ne = x.expand(2, 3)\n"
     "(e * torch.tensor([[1.0], [2.0]])).sum().backward()\n",
     "contribution to x.grad = (grad of e).sum_to_size(x.shape) = ([[1., 1., 1.], [2., 2., 2.]]).sum_to_size((3,)), "
     "summed over dim 0 (x was expanded along it) = [3., 3., 3.]"),
    ("x = torch.zeros(2, 3)\nsrc = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
     "x.copy_(src)\nx.sum().backward()\n",
     "contribution to src.grad = grad of x = [[1., 1., 1.], [1., 1., 1.]], summed over dim 0 (src was broadcast "
     "along it) = [2., 2., 2.]"),
])  # fmt: skip
def test_captions_say_where_a_gradient_is_summed(code, contribution):
    """Broadcasting sums were explained for add and mul only: not for addmm's bias (nn.Linear), expand, copy_."""
    said = captions(GraphStepper.from_code(code))
    assert any(t.startswith(contribution) for t in said), [t for t in said if t.startswith("contribution")]


def test_a_long_saved_list_goes_on_in_a_third_line():
    """"saved: self (v0), oth…" hid what the node saved: the list goes on in the node's third line."""
    s = GraphStepper.from_code(LINEAR_LOSS)
    texts, classes = final_state(s, upto=step_with(s, "records MseLossBackward0"))
    mse = next(eid for (eid, slot), t in texts.items() if slot == 0 and t == "MseLossBackward0")
    assert (texts[(mse, 1)], texts[(mse, 2)]) == ("saved: self (v0),", "target (v0)")
    assert "two-line" in classes[mse]
    statuses = [v for st in s.steps for eid, k, v in st["c"] if eid.startswith("f") and k in (1, 2)]
    assert not [v for v in statuses if v.endswith("…")], statuses
    texts, classes = final_state(s)
    assert texts[(mse, 1)] == "saved: freed" and texts[(mse, 2)] == "" and "two-line" not in classes[mse]


def test_a_big_graph_is_laid_out_in_time():
    """An RNN unrolled 20 steps (224 edges): with room kept for every edge label, dot took 32 s and the stepper
    failed (RenderError after 30 s); a graph of more than LABELLED_EDGES edges places its labels after the layout."""
    code = ("W = torch.randn(3, 3, requires_grad=True)\nU = torch.randn(3, 3, requires_grad=True)\nh = torch.zeros(3)\n"
            "for t in range(20):\n    x = torch.ones(3) * t\n    h = torch.tanh(W @ h + U @ x)\nh.sum().backward()\n")
    source = {}
    original = layout_module.dot_source

    def keep(graph, classes):
        source["dot"] = original(graph, classes)
        return source["dot"]

    layout_module.dot_source = keep
    try:
        s = GraphStepper.from_code(code)
    finally:
        layout_module.dot_source = original
    assert s.num_steps > 50 and source["dot"].count("->") > layout_module.LABELLED_EDGES
    assert " xlabel=" in source["dot"] and " label=\"\\ " not in source["dot"]


def test_edge_labels_have_room_of_their_own():
    """Lesson 06's z = y * y: the grads on the two edges from y were drawn over each other, the edges and the nodes
    (xlabels placed after the layout, with room for 4 characters of the 12 an edge shows)."""
    s = GraphStepper.from_code("x = torch.tensor(3.0, requires_grad=True)\ny = x * 2\nz = y * y\nz.backward()\n")
    w, h = 12 * 5.6, 10  # the 12 characters an edge shows at 10px, centred on the label's point, above its baseline
    labels = [(float(x) - w / 2, float(y) - h, float(x) + w / 2, float(y)) for x, y in re.findall(
        r"class='edge[^']*'>\s*<path[^>]*/>\s*<polygon[^>]*/>\s*<text x='([-\d.]+)' y='([-\d.]+)'", s.svg)]
    nodes = [(float(x), float(y), float(x) + float(bw), float(y) + float(bh)) for x, y, bw, bh in re.findall(
        r"<rect x='([-\d.]+)' y='([-\d.]+)' width='([\d.]+)' height='([\d.]+)'", s.svg)]
    nodes += [(float(x) - float(rx), float(y) - float(ry), float(x) + float(rx), float(y) + float(ry)) for x, y, rx, ry
              in re.findall(r"<ellipse cx='([-\d.]+)' cy='([-\d.]+)' rx='([\d.]+)' ry='([\d.]+)'", s.svg)]
    assert len(labels) == 5 and len(nodes) == 6, s.svg

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    for i, label in enumerate(labels):
        assert not [n for n in nodes if overlap(label, n)], (label, nodes)
        assert not [other for other in labels[i + 1 :] if overlap(label, other)], labels


# -- names for what the code did not name, and captions that read right whatever the names -----------------------

CROSS_ENTROPY = """\
torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)
x, target = torch.randn(4, 3), torch.tensor([1, 0, 1, 1])
loss = torch.nn.functional.cross_entropy(lin(x), target)
loss.backward()
"""
SEQUENTIAL_MLP = """\
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
x, y = torch.randn(5, 3), torch.randn(5, 1)
loss = torch.nn.MSELoss()(model(x), y)
loss.backward()
"""


def titles(stepper):
    return {eid: r.get("title") for eid, r in state_at(stepper.steps, len(stepper.steps) - 1)[2].items()}


def test_a_result_made_inside_a_call_is_named_by_its_op_and_the_call():
    """t(lin.weight) inside lin(x) and the log_softmax inside cross_entropy had boxes whose first line was blank."""
    s = GraphStepper.from_code(CROSS_ENTROPY)
    ids = tensor_ids_by_name(s)
    assert {"t(lin.weight)", "lin(x)", "log_softmax(lin(x))", "loss"} <= set(ids)
    assert titles(s)[ids["t(lin.weight)"]] == "t(lin.weight), inside lin(x)"
    assert titles(s)[ids["log_softmax(lin(x))"]] == (
        "log_softmax(lin(x), dim=1), inside torch.nn.functional.cross_entropy(lin(x), target)")
    said = captions(s)
    forward = next(st["t"] for st in s.steps if "lin(x) runs 2 ops:" in st["t"])
    assert forward == [
        "lin(x) runs 2 ops:",
        "t(lin.weight): records TBackward0",
        "addmm(lin.bias, x, t(lin.weight)): records AddmmBackward0",
        "torch.nn.functional.cross_entropy(lin(x), target) runs 2 ops:",
        "log_softmax(lin(x), dim=1): records LogSoftmaxBackward0",
        # the target by its name, the reduction as the code writes it, ignore_index as the number torch saved it for
        "loss = nll_loss(log_softmax(lin(x), dim=1), target=target, reduction=mean, ignore_index=-100): "
        "records NllLossBackward0",
    ]
    assert any(t.startswith("contribution to the grad of log_softmax(lin(x), dim=1) = ") for t in said)
    # nn.Sequential runs five ops in model(x): only the last one's result is model(x) (the ReLU's was too)
    texts, classes = final_state(GraphStepper.from_code(SEQUENTIAL_MLP))
    boxes = [t for (eid, slot), t in texts.items() if slot == 0 and "code" in classes[eid]]
    assert sorted(boxes) == ["addmm(…)", "model(x)", "relu(addmm(…))", "t(model.0.weight)", "t(model.2.weight)"]
    assert all(t for (eid, slot), t in texts.items() if slot == 0 and eid.startswith("t"))


BAD_WORDING = [
    re.compile(r"(?:\b(?:of|from|is|to|at|on)\s+|[(,]\s*)was [A-Za-z_]"),  # "the grad of was h"
    re.compile(r"\ba (?:scalar|\[\d\]) tensor\b"),  # a small constant the code wrote, called by its shape
    re.compile(r"\bconst\b|reduction=\d|\(\(\[[\d, ]+\] tensor\)\)|tensor\(\[[^\]]*  |tensor\.grad|\b(?:of|to) \.grad"),
    re.compile(r"\b(?:of|from|to|on|at|is) (?:,|\)|$)|\(\s*,|, \)"),  # an empty name in a sentence or a call
]


@pytest.mark.parametrize("code, expected", [
    # a name bound several times: the earlier tensors, told apart
    ("x = torch.tensor(2.0, requires_grad=True)\nh = x * 3\nh = h + 1\nh = h * h\nh.backward()\n",
     ["h = add(the earlier h, 1): records AddBackward0", "contribution to the grad of the earlier h = grad = 14.0",
      "2 gradients arrive at the earlier h (2) and are summed: 7.0 + 7.0 = 14.0"]),
    # in-place ops on a non-leaf
    ("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\ny.add_(1)\ny.sum().backward()\n",
     ["y.add_(1): records AddBackward0 in place: y's grad_fn is now AddBackward0, its old value overwritten",
      "contribution to the grad of the earlier y = grad of y = [1., 1.]"]),
    # a leaf and a constant the code did not name: what it wrote, not "a [2] tensor" / "a scalar tensor"
    ("x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
     "y = (torch.ones(2, requires_grad=True) * torch.maximum(x, torch.tensor(1.5))).sum()\ny.backward()\n",
     ["maximum(x, tensor(1.5000)): records MaximumBackward0",
      "AccumulateGrad: tensor([1., 1.], requires_grad=True).grad: None -> [1.5000, 2.0000]"]),
    # cat and stack hand each input its piece: no "summed over" a broadcast that never was
    ("a = torch.tensor([1.0, 2.0], requires_grad=True)\nb = torch.tensor([3.0], requires_grad=True)\n"
     "(torch.cat([a, b]).sum() + torch.stack([a, a * 2]).sum()).backward()\n",
     ["contribution to b.grad = grad.split(sizes, dim) = ([1., 1., 1.]).split(sizes, 0) = [1.]",
      "contribution to the grad of (a * 2) = grad.unbind(dim) = ([[1., 1.], [1., 1.]]).unbind(0) = [1., 1.]"]),
    # where's condition by its numbers, as a list
    ("x = torch.tensor([-1.0, 0.5], requires_grad=True)\ny = torch.where(x > 0, x ** 2, -x)\ny.sum().backward()\n",
     ["contribution to the grad of -x = where(condition, 0, grad of y) = where([False, True], 0, [1., 1.]) "
      "= [1., 0.]"]),
    # a big unnamed intermediate inside an equation: torch's summary where it fits, else its shape in one pair of
    # parentheses
    ("torch.manual_seed(0)\nw = torch.randn(4, 5, requires_grad=True)\n"
     "(torch.relu(w @ torch.randn(5, 6))).sum().backward()\n",
     ["contribution to w.grad = grad @ mat2.t() = [[0., ..., 1.], ..., [1., ..., 1.]] @ ([5, 6] tensor).t() = "
      "[[-0.8460, ..., 0.6818], ..., [0.8915, ..., -0.0477]]"]),
])  # fmt: skip
def test_captions_read_right_where_names_are_empty_or_unusual(code, expected):
    """A rebound name slipped into sentences as "the grad of was h", a constant the code wrote as "a scalar
    tensor", an unnamed leaf's grad as "a [2] tensor.grad"; cat's and stack's pieces were "summed over dim 0"."""
    s = GraphStepper.from_code(code)
    said = captions(s)
    for line in said + [t for t in titles(s).values() if t]:
        assert not any(rx.search(line) for rx in BAD_WORDING), line
    for line in expected:
        assert line in said, [t for t in said if t.split(" ")[0] == line.split(" ")[0]]
    assert all(t for (eid, slot), t in final_state(s)[0].items() if slot == 0 and eid.startswith("t"))


def test_a_replayed_graph_names_module_parameters_and_numbers_it_did_not_keep():
    torch.manual_seed(0)
    lin = torch.nn.Linear(3, 2)
    x = torch.randn(4, 3)
    loss = torch.nn.functional.cross_entropy(lin(x), torch.tensor([1, 0, 1, 1]))
    said = captions(GraphStepper(loss))
    assert "addmm(lin.bias, x, t(lin.weight)): records AddmmBackward0" in said
    assert "AccumulateGrad: lin.bias.grad: None -> [0.0969, -0.0969]" in said
    assert "loss = nll_loss(log_softmax(addmm(…), dim=1), ignore_index=-100, reduction=mean): records " \
           "NllLossBackward0" in said
    y = ((torch.tensor([1.0, 2.0], requires_grad=True) * 2 + 3).exp()).sum()
    said = captions(GraphStepper(y))
    # MulBackward0 keeps the 2 (torch's _saved_other), AddBackward0 keeps no 3
    assert "mul(tensor([1., 2.], requires_grad=True), 2): records MulBackward0" in said
    assert "add(mul(tensor([1., 2.], requires_grad=True), 2), a number): records AddBackward0" in said
    assert "contribution to tensor([1., 2.], requires_grad=True).grad = grad · 2 = [148.4132, 1096.6332] · 2 = " \
           "[296.8263, 2193.2664]" in said


def test_a_replayed_graph_shows_the_results_its_nodes_saved():
    """The intermediate results of a graph built before the stepper are gone as Python objects, but a node that
    saved its result (exp, tanh, sigmoid) still has it, as ``grad_fn._saved_result`` shows: the captions use it."""
    x = torch.tensor([0.0, 1.0], requires_grad=True)
    y = (x.exp() * 3).tanh().sum()
    said = captions(GraphStepper(y))
    assert not [line for line in said if "· None" in line or "None ·" in line], said
    assert "contribution to x.grad = grad · result = [2.9598e-02, 1.0729e-06] · [1.0000, 2.7183] = " \
           "[2.9598e-02, 2.9164e-06]" in said
    assert "contribution to the grad of mul(exp(…), 3) = grad · (1 - result · result) = [1., 1.] · " \
           "(1 - [0.9951, 1.0000] · [0.9951, 1.0000]) = [9.8660e-03, 3.5763e-07]" in said


def test_a_saved_tensor_that_is_no_input_is_filled_in():
    """nll_loss_backward reads ``total_weight``, which the node saved but no op made in the graph."""
    s = GraphStepper.from_code("""
logits = torch.tensor([[2.0, 0.5], [0.1, 1.0]], requires_grad=True)
loss = torch.nn.functional.cross_entropy(logits, torch.tensor([0, 1]))
loss.backward()
""")
    assert "nll_loss_backward(1.0, [[-0.2014, -1.7014], [-1.2412, -0.3412]], [0, 1], None, 1, -100, 2.0) = " \
           "[[-0.5000, 0.0000], [0.0000, -0.5000]]" in " ".join(captions(s))


def test_a_replayed_graph_shows_ints_as_the_code_passed_them():
    """torch shows a saved int64 unsigned (``_saved_ignore_index`` of -100 is 18446744073709551516, a softmax's
    ``_saved_dim`` of -1 is 18446744073709551615); a replayed graph's captions, read from those attributes, say
    -100 and -1, as the traced code's do."""
    logits = torch.tensor([[2.0, 0.5], [0.1, 1.0]], requires_grad=True)
    loss = torch.nn.functional.cross_entropy(logits, torch.tensor([0, 1]))
    assert loss.grad_fn._saved_ignore_index == 2**64 - 100
    said = " ".join(captions(GraphStepper(loss)))
    assert "[0, 1], None, 1, -100, 2.0) = [[-0.5000, 0.0000], [0.0000, -0.5000]]" in said, said
    assert "log_softmax(logits, dim=1)" in said and "dim=18446744073709551615" not in said
    p = torch.tensor([0.5, 1.5], requires_grad=True).softmax(-1)
    said = " ".join(captions(GraphStepper(p.sum())))
    assert "softmax(" in said and "-1" in said and "18446744073709551615" not in said, said


def test_wheres_condition_comes_first_as_in_torch_where():
    """``torch.where(condition, input, other)``: the condition is the first argument in the captions too, named
    where the code named it, by its values in a replayed graph (the node keeps it)."""
    s = GraphStepper.from_code("""
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
mask = x > 0
y = torch.where(mask, x * 2, 0.5).sum()
y.backward()
""")
    assert "where(mask, x * 2, 0.5): records WhereBackward0" in " ".join(captions(s))
    x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
    replayed = captions(GraphStepper(torch.where(x > 0, x * 2, x.exp()).sum()))
    assert "where([True, False, True], mul(x, 2), exp(x)): records WhereBackward0" in replayed, replayed


def test_pytorchs_formula_is_a_footnote_line():
    """addmm's three contributions plus PyTorch's formula filled most of a cell at 1280x720: the formula is marked
    (``f``) for the front end to show on one line until clicked."""
    s = GraphStepper.from_code(CROSS_ENTROPY)
    marked = [st for st in s.steps if "f" in st]
    assert marked and all(st["t"][st["f"]].startswith("(PyTorch's formula for ") for st in marked)
    assert sum(line.startswith("(PyTorch's formula for ") for line in captions(s)) == len(marked)
