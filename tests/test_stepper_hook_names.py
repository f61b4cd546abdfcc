"""The stepper's captions name a hook by what the student wrote: a function by its name, a lambda by its code
(``hook (lambda g: g * 2) on y fired with ...``), found in the traced code or an earlier IPython cell by the code
object's position; ``<lambda>`` where no source says which lambda it was."""

import linecache

import minigrad as torch
import widgets.hook_names as hook_names
from widgets import GraphStepper
from widgets.hook_names import BODY, MOST, WIDTH


def captions(code, namespace=None):
    return [line for st in GraphStepper.from_code(code, {} if namespace is None else namespace).steps
            for line in st["t"]]  # fmt: skip


def fired(code, namespace=None):
    """The captions of hooks firing (tensor hooks and post-accumulate-grad hooks), in order."""
    return [t for t in captions(code, namespace) if t.startswith(("hook ", "post-accumulate-grad hook on"))]


def error_lines(code):
    steps = GraphStepper.from_code(code, {}).steps
    assert steps[-1]["k"] == "err"
    return steps[-1]["t"]


X = "x = torch.tensor(3.0, requires_grad=True)\n"
Y = X + "y = x * 2\n"


def test_a_hook_on_a_leaf_is_named_by_its_code():
    assert fired(X + "x.register_hook(lambda g: g * 0.5)\n(x * 4).backward()\n") == [
        "hook (lambda g: g * 0.5) on x fired with grad 4., returned 2.: the gradient is replaced"]


def test_several_hooks_on_a_non_leaf_each_named_returning_none_or_a_new_grad():
    code = Y + ("z = y * y\ny.register_hook(lambda g: print('hook 1 sees', g))\n"
                "y.register_hook(lambda g: g * 10)  # replaces it\nz.backward()\n")  # fmt: skip
    assert fired(code) == [
        "hook (lambda g: print('hook 1 sees', g)) on y fired with grad 12., returned None",
        "hook (lambda g: g * 10) on y fired with grad 12., returned 120.: the gradient is replaced",
    ]


def test_a_hook_registered_in_a_loop_is_named_each_time_it_fires():
    code = ("xs = [torch.tensor(float(i), requires_grad=True) for i in range(3)]\n"
            "for i, x in enumerate(xs):\n    x.register_hook(lambda g, i=i: g * i)\n"
            "sum(x * 2 for x in xs).backward()\n")  # fmt: skip
    hooks = fired(code)
    assert len(hooks) == 3 and all(t.startswith("hook (lambda g, i=i: g * i) on ") for t in hooks), hooks


def test_a_hook_made_by_a_function_in_the_code_is_named_by_its_lambda():
    code = "def scale(k):\n    return lambda g: g * k\n" + Y + "y.register_hook(scale(3))\ny.backward()\n"
    assert fired(code) == ["hook (lambda g: g * k) on y fired with grad 1., returned 3.: the gradient is replaced"]


def test_a_lambda_on_continued_lines_reads_as_one_line_without_its_comments():
    code = Y + ("y.register_hook(\n    lambda g: g * 3)\nh = y.register_hook(lambda g:\n    g + 1)\n"
                "y.register_hook(lambda g: (\n    g  # unchanged\n    * 1\n))\ny.backward()\n")  # fmt: skip
    assert [t.split(" on y")[0] for t in fired(code)] == [
        "hook (lambda g: g * 3)", "hook (lambda g: g + 1)", "hook (lambda g: (g * 1))"]


def test_two_lambdas_on_one_line_are_told_apart():
    code = Y + "y.register_hook(lambda g: g * 2); y.register_hook(lambda g: g + 1)\ny.backward()\n"
    assert [t.split(" on y")[0] for t in fired(code)] == ["hook (lambda g: g * 2)", "hook (lambda g: g + 1)"]
    code = ("w = torch.tensor([1.0], requires_grad=True)\nb = torch.tensor([2.0], requires_grad=True)\n"
            "hs = [w.register_post_accumulate_grad_hook(lambda p: print('w')), "
            "b.register_post_accumulate_grad_hook(lambda q: print('b'))]\n(w * b).sum().backward()\n")  # fmt: skip
    assert sorted(t.split(" ran with")[0] for t in fired(code)) == [
        "post-accumulate-grad hook on b: lambda q: print('b')", "post-accumulate-grad hook on w: lambda p: print('w')"]


def test_long_lambdas_are_shortened_and_keep_their_parenthesis():
    code = Y + ("y.register_hook(lambda grad: print('the gradient arriving at y during backward is', grad))\n"
                "y.backward()\n")  # fmt: skip
    (text,) = fired(code)
    hook = text[len("hook (") : text.index(") on y")]
    assert len(hook) == WIDTH and hook.endswith("…") and hook.startswith("lambda grad: print('the gradient")
    assert text.endswith(") on y fired with grad 1., returned None")
    code = ("lin = torch.nn.Linear(2, 1)\nlin.register_full_backward_hook(lambda module, grad_input, grad_output: "
            "print(module, grad_input, grad_output) or 1 / 0)\n"
            "lin(torch.ones(1, 2, requires_grad=True)).sum().backward()\n")  # fmt: skip
    said = error_lines(code)[1]
    hook = said[len("raised by backward hook (") : said.index(") of the Linear module")]
    head = "lambda module, grad_input, grad_output: "
    assert hook.startswith(head + "print(module, grad_") and hook.endswith("…")  # long parameters: more of the body
    assert len(hook) == min(len(head) + BODY, MOST)


def test_named_functions_keep_their_name():
    code = ("import functools\ndef double(g):\n    return g * 2\ndef show(g, label):\n    print(label, g)\n" + Y
            + "y.register_hook(double)\ny.register_hook(functools.partial(show, label='y:'))\ny.backward()\n")
    assert [t.split(" fired")[0] for t in fired(code)] == ["hook double on y", "hook show on y"]


def test_a_hook_from_an_earlier_ipython_cell_is_named_from_linecache():
    """IPython keeps each cell's code in linecache under the cell's file name: a hook written there is found."""
    cell, name = "triple = lambda g: g * 3  # an earlier cell\n", "/tmp/ipykernel_0/h6_hook_cell.py"
    linecache.cache[name] = (len(cell), None, cell.splitlines(True), name)
    try:
        ns = {}
        exec(compile(cell, name, "exec"), ns)
        assert fired(Y + "y.register_hook(triple)\ny.backward()\n", ns) == [
            "hook (lambda g: g * 3) on y fired with grad 1., returned 3.: the gradient is replaced"]
        x = torch.tensor(3.0, requires_grad=True)
        y = x * 2
        y.register_hook(ns["triple"])
        replayed = [t for st in GraphStepper(y).steps for t in st["t"] if t.startswith("hook")]
        assert replayed == ["hook (lambda g: g * 3) on y fired with grad 1., returned 3.: the gradient is replaced"]
    finally:
        del linecache.cache[name]


def test_a_hook_with_no_source_keeps_todays_text():
    ns = {}
    exec(compile("triple = lambda g: g * 3\n", "<no source kept>", "exec"), ns)
    assert fired(Y + "y.register_hook(triple)\ny.backward()\n", ns) == [
        "hook <lambda> on y fired with grad 1., returned 3.: the gradient is replaced"]


def test_a_lambda_from_an_earlier_trace_is_not_looked_for_in_this_ones_code():
    """Every trace's code has the same file name: a lambda from an earlier one is at a position of its own code,
    where this one may have another lambda."""
    ns = {}
    GraphStepper.from_code("triple = lambda g: g * 3\n", ns)
    assert fired("other = lambda g: g + 1\n" + Y + "y.register_hook(triple)\ny.backward()\n", ns) == [
        "hook <lambda> on y fired with grad 1., returned 3.: the gradient is replaced"]


def test_each_hook_is_looked_up_once_however_often_it_fires(monkeypatch):
    looked = []
    lookup = hook_names.HookNames._lambda_code
    monkeypatch.setattr(hook_names.HookNames, "_lambda_code", lambda self, code: looked.append(code) or
                        lookup(self, code))  # fmt: skip
    code = ("x = torch.tensor(3.0, requires_grad=True)\nx.register_hook(lambda g: g)\n"
            "for _ in range(6):\n    (x * 2).backward()\n")  # fmt: skip
    assert len(fired(code)) == 6 and len(looked) == 1


# -- a hook that raises: the error step says which ----------------------------------------------------------------


def test_a_tensor_hook_that_raises_is_named_on_the_error_step():
    assert error_lines(Y + "y.register_hook(lambda g: 1 / 0)\ny.backward()\n") == [
        "ZeroDivisionError: division by zero", "raised by hook (lambda g: 1 / 0) on y"]
    code = "def bad(g):\n    raise ValueError('no')\n" + X + "x.register_hook(bad)\n(x * 2).backward()\n"
    assert error_lines(code) == ["ValueError: no", "raised by hook bad on x"]


def test_a_post_accumulate_grad_hook_that_raises_is_named():
    code = ("w = torch.tensor([1.0, 2.0], requires_grad=True)\nw.register_post_accumulate_grad_hook(lambda p: p.nope)\n"
            "(w * 2).sum().backward()\n")  # fmt: skip
    assert error_lines(code)[1:] == ["raised by post-accumulate-grad hook (lambda p: p.nope) on w"]


def test_node_hooks_that_raise_are_named_with_their_node():
    pre = error_lines(Y + "y.grad_fn.register_prehook(lambda go: 1 / 0)\ny.backward()\n")
    post = error_lines(Y + "y.grad_fn.register_hook(lambda gi, go: 1 / 0)\ny.backward()\n")
    assert pre[1:] == ["raised by pre-hook (lambda go: 1 / 0) of MulBackward0"]
    assert post[1:] == ["raised by hook (lambda gi, go: 1 / 0) of MulBackward0"]


def test_module_backward_hooks_that_raise_are_named_with_their_module():
    run = "out = lin(torch.ones(1, 2, requires_grad=True)).sum()\nout.backward()\n"
    full = error_lines("lin = torch.nn.Linear(2, 1)\nlin.register_full_backward_hook(lambda m, gi, go: 1 / 0)\n" + run)
    pre = error_lines("lin = torch.nn.Linear(2, 1)\nlin.register_full_backward_pre_hook(lambda m, go: 1 / 0)\n" + run)
    assert full[1:] == ["raised by backward hook (lambda m, gi, go: 1 / 0) of the Linear module"]
    assert pre[1:] == ["raised by backward pre-hook (lambda m, go: 1 / 0) of the Linear module"]


def test_a_hook_that_raises_before_its_node_runs_leaves_no_empty_step():
    """Gradients reached the node (its inputs' edges are lit), then its pre-hook, or a tensor hook of its result,
    failed: the error step comes right after the step before, and shows where the gradients stopped."""
    code = "x = torch.tensor([3.0, 1.0], requires_grad=True)\ny = x * 2\nz = (y * 2).sum()\n"
    for hook in ["y.grad_fn.register_prehook(lambda go: go[5])", "y.register_hook(lambda g: 1 / 0)",
                 "y.register_hook(lambda g: g.sum())"]:  # fmt: skip
        steps = GraphStepper.from_code(code + hook + "\nz.backward()\n", {}).steps
        assert all(st["t"] for st in steps), [(st["t"], st["h"]) for st in steps]
        assert steps[-2]["t"][0] == "z = (y * 2).sum() → MulBackward0", steps[-2]["t"]
        assert set(steps[-2]["h"]) & set(steps[-1]["h"])  # the edge the gradient came along stays lit


def test_an_error_outside_backward_blames_no_hook():
    """The hook's own function called in forward code after a backward: the error is not the hook's firing."""
    code = "def bad(g):\n    raise ValueError('no')\n" + Y + "y.register_hook(lambda g: g)\ny.backward()\nbad(y)\n"
    assert error_lines(code) == ["ValueError: no"]
    assert error_lines(Y + "y.register_hook(lambda g: torch.ones(2))\ny.backward()\n") == [
        "RuntimeError: hook '<lambda>' has changed the size of value"]  # torch's message; the engine raised it


def test_a_module_forward_hook_runs_in_forward_and_names_no_hook(capsys):
    code = ("lin = torch.nn.Linear(2, 1)\nlin.register_forward_hook(lambda m, i, o: print('forward ran'))\n"
            "out = lin(torch.ones(1, 2)).sum()\nout.backward()\n")  # fmt: skip
    steps = GraphStepper.from_code(code, {}).steps
    assert "forward ran" in "".join(st["o"] for st in steps)
    assert not any(t.startswith("hook") for st in steps for t in st["t"])


NODE_HOOKS = """
a = torch.tensor(2., requires_grad=True)
b = torch.tensor(3., requires_grad=True)
y = a * b
y.grad_fn.register_prehook(lambda go: (go[0] * 10,))
y.grad_fn.register_hook(lambda gi, go: (gi[0] + 1, None))
z = y + a
z.backward()
"""


def test_a_node_prehook_is_a_step_before_its_node_and_a_node_hook_one_after():
    lines = captions(NODE_HOOKS)
    pre = lines.index("pre-hook (lambda go: (go[0] * 10,)) of MulBackward0 ran with grad_outputs 1.: replaced them "
                      "with 10.")  # fmt: skip
    node = next(i for i, t in enumerate(lines) if t.startswith("y = a * b → MulBackward0"))
    post = lines.index("hook (lambda gi, go: (gi[0] + 1, None)) of MulBackward0 ran with grad_inputs (30., 20.): "
                       "replaced them with (31., None)")  # fmt: skip
    assert pre < node < post
    assert lines[node + 1] == "contribution to a.grad = grad of y · b = 10.0 · 3.0 = 30.0"  # the node's own numbers
    assert "2 gradients arrive at a and are summed: 1.0 + 31.0 = 32.0" in lines  # what the hook left arrives
    assert "AccumulateGrad: no gradient reached b" in lines


def test_a_node_hook_that_returns_none_and_a_named_one():
    code = NODE_HOOKS.replace("lambda gi, go: (gi[0] + 1, None)", "show").replace(
        "y.grad_fn.register_prehook(lambda go: (go[0] * 10,))\n", "def show(gi, go):\n    print(gi)\n")
    assert "hook show of MulBackward0 ran with grad_inputs (3., 2.): returned None" in captions(code)


def test_a_modules_backward_hooks_are_steps_named_by_the_module():
    code = """
lin = torch.nn.Linear(2, 1)
torch.nn.init.constant_(lin.weight, 0.5)
torch.nn.init.zeros_(lin.bias)
lin.register_full_backward_hook(lambda m, gi, go: print("grad_input", gi))
lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 2,))
x = torch.tensor([[1., 2.]], requires_grad=True)
lin(x).sum().backward()
"""
    lines = captions(code)
    assert ("backward pre-hook (lambda m, go: (go[0] * 2,)) of the Linear module ran with grad_output [[1.]]: "
            "replaced them with [[2.]]") in lines  # fmt: skip
    assert ('backward hook (lambda m, gi, go: print("grad_input", gi)) of the Linear module ran with grad_input '
            "[[1., 1.]]: left them as they were") in lines  # fmt: skip
    only_hook = code.replace("lin.register_full_backward_pre_hook(lambda m, go: (go[0] * 2,))\n", "")
    assert not any("backward pre-hook" in t for t in captions(only_hook))  # the output side only keeps the grads


def test_an_edge_whose_gradient_a_node_hook_took_away_shows_none():
    steps = GraphStepper.from_code(NODE_HOOKS, {}).steps
    k = next(i for i, st in enumerate(steps) if st["t"][0].startswith("hook (lambda gi, go"))
    changes = steps[k]["c"]
    cleared = [eid for eid, key, value in changes if key == "-" and value == "carried"]
    assert len(cleared) == 1  # b's edge: nothing goes along it now
    assert [cleared[0], 0, ""] in changes


def test_each_input_of_a_module_with_backward_hooks_is_named_on_its_own():
    """A Module's tensor inputs pass through one BackwardHookFunction node, one output per input; the captions
    called both outputs by the call (``mul(m(x, y)[0], m(x, y)[1])``), as if they were the Module's results."""
    code = """
class Mix(torch.nn.Module):
    def forward(self, x, y):
        return x * y + x
m = Mix()
m.register_full_backward_hook(lambda module, grad_input, grad_output: None)
c = torch.tensor([2.0, 2.0])
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
out = m(a, b) + m(c, a)
out.sum().backward()
"""
    lines = captions(code)
    assert not [t for t in lines if "m(a, b)[" in t or "m(c, a)[" in t]
    assert "mul(BackwardHookFunction(a), BackwardHookFunction(b)): records MulBackward0" in lines
    assert "mul(tensor([2., 2.]), BackwardHookFunction(a)): records MulBackward0" in lines  # c needs no grad
    assert ("contribution to the grad of BackwardHookFunction(b) = grad · self = [1., 1.] · [1., 2.] = [1., 2.]"
            in lines)  # fmt: skip
    # the Module's result is still named by the call that made it
    assert "contribution to the grad of m(a, b) = grad of out = [1., 1.]" in lines
