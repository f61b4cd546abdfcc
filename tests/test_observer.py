"""The engine's observer (``minigrad.autograd.observe``), which the step-through widget uses:
every forward op and every backward step is reported, in the order the engine does them.

minigrad only: PyTorch's engine has no such hook point, so there is nothing to compare with torch here;
the order of the backward steps is the one the tests of hook order check against torch.
"""

import pytest

import minigrad as torch
from minigrad.autograd import observe, observer
from minigrad.autograd.graph import Node


class Recorder:
    def __init__(self):
        self.events = []

    def __call__(self, kind, **info):
        self.events.append((kind, info))

    def kinds(self, skip=("op",)):
        return [k for k, _ in self.events if k not in skip]

    def of(self, kind):
        return [info for k, info in self.events if k == kind]


def _name(node):
    return node.name() if isinstance(node, Node) else node


def _seed_graph(rec):
    """004's y = (w + x)(w + 1) with a retained a and a hook on b, run under the observer."""
    w = torch.tensor([1.0], requires_grad=True)
    x = torch.tensor([2.0], requires_grad=True)
    with observe(rec):
        a = torch.add(w, x)
        a.retain_grad()
        b = torch.add(w, 1)
        b.register_hook(lambda g: g * 10)
        y = torch.mul(a, b)
        y.backward()
    return w, x, a, b, y


def test_forward_ops_are_reported_once_each_with_their_node():
    rec = Recorder()
    w, x, a, b, y = _seed_graph(rec)
    forward = [info for kind, info in rec.events[:3]]
    assert [k for k, _ in rec.events[:3]] == ["op", "op", "op"]
    assert [f["op"].__name__ for f in forward] == ["Add", "Add", "Mul"]
    assert [f["node"] for f in forward] == [a.grad_fn, b.grad_fn, y.grad_fn]
    assert forward[0]["inputs"] == (w, x) and forward[0]["outputs"] == (a,)
    assert forward[1]["inputs"][1] == 1  # the Python number, as given
    assert forward[2]["outputs"][0] is y


def test_backward_steps_in_engine_order():
    rec = Recorder()
    w, x, a, b, y = _seed_graph(rec)
    steps = [(k, _name(info.get("node"))) for k, info in rec.events[3:] if k != "op"]
    assert steps == [
        ("begin", None),
        ("inputs", "torch::autograd::GraphRoot"),
        ("node", "torch::autograd::GraphRoot"),
        ("inputs", "MulBackward0"),
        ("node", "MulBackward0"),
        ("grads", "MulBackward0"),
        ("inputs", "AddBackward0"),  # b = w + 1 was made last, so its node runs first
        ("hook", "AddBackward0"),  # hooks see the summed grads before the node runs
        ("node", "AddBackward0"),
        ("grads", "AddBackward0"),
        ("inputs", "AddBackward0"),  # a = w + x
        ("retain_grad", "AddBackward0"),
        ("node", "AddBackward0"),
        ("grads", "AddBackward0"),
        ("inputs", "torch::autograd::AccumulateGrad"),
        ("node", "torch::autograd::AccumulateGrad"),
        ("accumulate", "torch::autograd::AccumulateGrad"),
        ("inputs", "torch::autograd::AccumulateGrad"),
        ("node", "torch::autograd::AccumulateGrad"),
        ("accumulate", "torch::autograd::AccumulateGrad"),
        ("free", None),
        ("end", None),
    ]
    nodes = [info["node"] for info in rec.of("node")]
    assert nodes[1:4] == [y.grad_fn, b.grad_fn, a.grad_fn]


def test_backward_events_carry_the_numbers():
    rec = Recorder()
    w, x, a, b, y = _seed_graph(rec)
    (begin,) = rec.of("begin")
    assert begin["roots"] == (y,) and [g.tolist() for g in begin["grads"]] == [[1.0]]
    grads = {(_name(i["node"]), id(i["node"])): [g if g is None else g.tolist() for g in i["grads"]]
             for i in rec.of("grads")}  # fmt: skip
    assert grads[("MulBackward0", id(y.grad_fn))] == [[2.0], [3.0]]  # d/da = b, d/db = a
    assert grads[("AddBackward0", id(b.grad_fn))] == [[30.0], None]  # the hook made 3 into 30; 1 needs none
    (hook,) = rec.of("hook")
    assert hook["grad"].tolist() == [3.0] and hook["result"].tolist() == [30.0] and hook["output_nr"] == 0
    (retained,) = rec.of("retain_grad")
    assert retained["tensor"] is a and retained["before"] is None and retained["after"].tolist() == [2.0]
    acc = {id(i["tensor"]): i for i in rec.of("accumulate")}
    assert acc[id(w)]["before"] is None and acc[id(w)]["after"].tolist() == [32.0]
    assert acc[id(x)]["grad"].tolist() == [2.0]
    assert w.grad.tolist() == [32.0] and x.grad.tolist() == [2.0] and a.grad.tolist() == [2.0]
    (free,) = rec.of("free")
    assert set(map(id, free["nodes"])) == {id(n) for n in (y.grad_fn, a.grad_fn, b.grad_fn)} | {
        id(n) for n, _ in a.grad_fn.next_functions
    }


def test_accumulate_reports_the_value_before_and_after():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).sum().backward()
    rec = Recorder()
    with observe(rec):
        (x * x).sum().backward()
    (acc,) = rec.of("accumulate")
    assert acc["before"].tolist() == [3.0, 3.0]
    assert acc["grad"].tolist() == [2.0, 4.0]
    assert acc["after"].tolist() == [5.0, 7.0]
    assert acc["after"] is x.grad


def test_retain_graph_frees_nothing():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * x
    rec = Recorder()
    with observe(rec):
        y.backward(retain_graph=True)
    assert "free" not in rec.kinds() and rec.kinds()[-1] == "end"
    y.backward()  # the graph is still there
    assert x.grad.item() == 8.0


def test_grad_reports_captures_and_accumulates_nothing():
    x = torch.tensor(3.0, requires_grad=True)
    y = x * x
    rec = Recorder()
    with observe(rec):
        (g,) = torch.autograd.grad(y, x)
    (capture,) = rec.of("capture")
    assert capture["index"] == 0 and capture["grad"].item() == 6.0
    assert rec.of("accumulate") == []
    assert [g.item() for g in rec.of("end")[0]["captured"]] == [6.0]
    assert g.item() == 6.0 and x.grad is None


def test_nothing_is_reported_without_an_observer():
    rec = Recorder()
    with observe(rec):
        pass
    x = torch.tensor(2.0, requires_grad=True)
    (x * x).backward()
    assert rec.events == []


def test_observers_nest_and_are_restored_after_errors():
    outer, inner = Recorder(), Recorder()
    x = torch.tensor(2.0, requires_grad=True)
    with observe(outer):
        with observe(inner):
            y = x * 2
        z = y + 1
    assert [i["op"].__name__ for i in inner.of("op")] == ["Mul"]
    assert [i["op"].__name__ for i in outer.of("op")] == ["Add"]
    loss = x * x
    loss.backward()
    with pytest.raises(RuntimeError):
        with observe(outer):
            loss.backward()  # freed graph
    assert outer.kinds()[:1] == ["begin"] and "end" not in outer.kinds()
    n = len(outer.events)
    z.backward()
    assert len(outer.events) == n
    assert torch.is_grad_enabled()


def test_inputs_are_reported_summed_and_before_hooks():
    """Two paths into y: the engine sums 4 + 2 before y's hook multiplies by 10."""
    rec = Recorder()
    x = torch.tensor(3.0, requires_grad=True)
    with observe(rec):
        y = x * 1
        z = y * 2 + y * 4
        y.register_hook(lambda g: g * 10)
        z.backward()
    inputs = {_name(i["node"]): i["grads"] for i in rec.of("inputs") if i["node"] is y.grad_fn}
    assert [g.item() for g in inputs["MulBackward0"]] == [6.0]
    (hook,) = rec.of("hook")
    assert hook["grad"].item() == 6.0 and hook["result"].item() == 60.0
    assert x.grad.item() == 60.0


def test_anomaly_detection_passes_events_on_and_leaves_the_observer_it_found():
    """Anomaly detection is an observer in front of the one in effect (the widget's): that one still sees every
    event, and it is back in effect, alone, when anomaly detection ends."""
    import warnings

    seen = []
    with observe(lambda kind, **info: seen.append(kind)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with torch.autograd.detect_anomaly():
                x = torch.tensor([4.0], requires_grad=True)
                y = x.sqrt().sum()
                assert "traceback_" in y.grad_fn.metadata
                y.backward()
        assert observer.current is not None and not torch.is_anomaly_enabled()
        assert seen[:3] == ["op", "op", "begin"] and "grads" in seen and seen[-1] == "end"
    assert observer.current is None and x.grad.tolist() == [0.25]


def test_each_post_accumulate_grad_hook_is_reported_after_it_ran_with_the_grad_it_saw_and_left():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    def halve(p):
        p.grad.mul_(0.5)

    x.register_post_accumulate_grad_hook(halve)
    x.register_post_accumulate_grad_hook(lambda p: setattr(p, "grad", None))
    rec = Recorder()
    with observe(rec):
        (x * 4).sum().backward()
    assert rec.kinds()[-5:] == ["accumulate", "post_accumulate", "post_accumulate", "free", "end"]
    first, second = rec.of("post_accumulate")
    assert first["node"] is rec.of("accumulate")[0]["node"] and first["tensor"] is x and first["hook"] is halve
    assert first["before"].tolist() == [4.0, 4.0] and first["after"].tolist() == [2.0, 2.0]
    assert second["before"].tolist() == [2.0, 2.0] and second["after"] is None and x.grad is None
