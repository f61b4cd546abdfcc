"""minigrad.utils.tensorboard: add_graph writes a real event file, read back with TensorBoard's own
reader and served by a real ``tensorboard`` process (started on 127.0.0.1 by the test; no network)."""

import os
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request

import pytest

import minigrad as torch
from minigrad import nn

pytest.importorskip("tensorboard")

from google.protobuf import text_format  # noqa: E402 - tensorboard (and protobuf) present
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator  # noqa: E402
from tensorboard.compat.proto.graph_pb2 import GraphDef  # noqa: E402

from minigrad.utils.tensorboard import SummaryWriter  # noqa: E402


class Net(nn.Module):
    """000, section five."""

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(2, 1))
        self.b = nn.Parameter(torch.zeros(1, 1))

    def forward(self, x):
        y = x @ self.w + self.b
        return y


class Deep(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)
        self.body = nn.Sequential(nn.ReLU(), nn.Linear(3, 2))
        self.net = Net()

    def forward(self, x):
        return self.net(self.body(self.fc(x)) * 2.0)


def read_graph(log_dir):
    acc = EventAccumulator(str(log_dir))
    acc.Reload()
    return acc.Graph()


def summary(graph):
    """(name, op, inputs, shape) per node."""
    rows = []
    for n in graph.node:
        shapes = n.attr["_output_shapes"].list.shape
        shape = tuple(d.size for d in shapes[0].dim) if shapes else None
        rows.append((n.name, n.op, list(n.input), shape))
    return rows


def test_add_graph_of_the_document_net(tmp_path):
    writer = SummaryWriter(tmp_path / "tb")
    writer.add_graph(Net(), input_to_model=torch.rand(10, 2))
    writer.close()
    assert [f for f in os.listdir(tmp_path / "tb") if f.startswith("events.out.tfevents.")]
    assert summary(read_graph(tmp_path / "tb")) == [
        ("input/x", "IO Node", [], (10, 2)),
        ("Net/w", "prim::GetAttr", [], (2, 1)),
        ("Net/mm", "aten::mm", ["input/x", "Net/w"], (10, 1)),
        ("Net/b", "prim::GetAttr", [], (1, 1)),
        ("Net/add", "aten::add", ["Net/mm", "Net/b"], (10, 1)),
        ("output/output.1", "IO Node", ["Net/add"], (10, 1)),
    ]


def test_ops_are_scoped_by_module_as_torch_scopes_them(tmp_path):
    with SummaryWriter(tmp_path) as writer:
        writer.add_graph(Deep(), torch.rand(4, 2))
    graph = read_graph(tmp_path)
    rows = {name: (op, inputs) for name, op, inputs, _ in summary(graph)}
    assert rows["Deep/Linear[fc]/addmm"] == (
        "aten::addmm",
        ["Deep/Linear[fc]/bias", "input/x", "Deep/Linear[fc]/t"],
    )
    assert rows["Deep/Sequential[body]/ReLU[0]/relu"] == ("aten::relu", ["Deep/Linear[fc]/addmm"])
    assert rows["Deep/Sequential[body]/Linear[1]/weight"] == ("prim::GetAttr", [])
    assert rows["Deep/mul"] == ("aten::mul", ["Deep/Sequential[body]/Linear[1]/addmm"])
    assert rows["Deep/Net[net]/add"] == ("aten::add", ["Deep/Net[net]/mm", "Deep/Net[net]/b"])
    attrs = {n.name: n.attr["attr"].s.decode() for n in graph.node}
    assert attrs["Deep/mul"] == "{ other : 2.0}" and attrs["Deep/Net[net]/w"] == "{ name :  w }"
    assert {n.name: n.attr["dtype"].type for n in graph.node}["input/x"] == 1  # DT_FLOAT


def test_add_graph_leaves_the_model_as_it_was(tmp_path):
    model = Deep()
    model.train()
    with SummaryWriter(tmp_path) as writer:
        writer.add_graph(model, torch.rand(4, 2))
    assert model.training and all("forward" not in m.__dict__ for m in model.modules())

    class Broken(nn.Module):
        def forward(self, x):
            return x.mm(torch.ones(5, 5))

    broken = Broken()
    with SummaryWriter(tmp_path) as writer, pytest.raises(RuntimeError, match="cannot be multiplied"):
        writer.add_graph(broken, torch.rand(4, 2))
    assert "forward" not in broken.__dict__


def test_constants_made_in_forward_and_several_inputs(tmp_path):
    class Two(nn.Module):
        def forward(self, a, b):
            return a * torch.ones(3) + b

    with SummaryWriter(tmp_path) as writer:
        writer.add_graph(Two(), (torch.rand(3), torch.rand(3)))
    assert summary(read_graph(tmp_path)) == [
        ("input/a", "IO Node", [], (3,)),
        ("input/b", "IO Node", [], (3,)),
        ("Two/constant", "prim::Constant", [], (3,)),
        ("Two/mul", "aten::mul", ["input/a", "Two/constant"], (3,)),
        ("Two/add", "aten::add", ["Two/mul", "input/b"], (3,)),
        ("output/output.1", "IO Node", ["Two/add"], (3,)),
    ]


def test_in_place_ops_continue_the_tensor_they_change(tmp_path):
    """An in-place op (``y.add_(1)``, the gates of ``nn.RNNCell``) is ``aten::add_`` on the node that made the
    tensor, and what reads the tensor afterwards reads the in-place op, as torch's trace draws it."""

    class Cell(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.RNNCell(2, 3)

        def forward(self, xs):
            h = self.cell(xs[0:1])
            h = self.cell(xs[1:2], h)
            y = h * 2
            y.add_(1)
            return y.sum()

    with SummaryWriter(tmp_path) as writer:
        writer.add_graph(Cell(), torch.rand(2, 2))
    rows = {name: (op, inputs) for name, op, inputs, _ in summary(read_graph(tmp_path))}
    cell = "Cell/RNNCell[cell]"
    assert rows[f"{cell}/add_"] == ("aten::add_", [f"{cell}/addmm", f"{cell}/addmm_1"])
    assert rows[f"{cell}/tanh"] == ("aten::tanh", [f"{cell}/add_"])
    assert rows[f"{cell}/addmm_2"][1] == [f"{cell}/bias_hh", f"{cell}/tanh", f"{cell}/t_2"]
    assert rows[f"{cell}/tanh_1"] == ("aten::tanh", [f"{cell}/add__1"])
    assert rows["Cell/mul"] == ("aten::mul", [f"{cell}/tanh_1"])
    assert rows["Cell/add_"] == ("aten::add_", ["Cell/mul"])
    assert rows["Cell/sum"] == ("aten::sum", ["Cell/add_"])
    assert rows["output/output.1"] == ("IO Node", ["Cell/sum"])


def test_writer_errors_and_default_log_dir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    writer = SummaryWriter(comment="_demo")
    assert writer.get_logdir().startswith("runs" + os.sep) and writer.get_logdir().endswith("_demo")
    with pytest.raises(ValueError, match="add_graph needs input_to_model"):
        writer.add_graph(Net())
    writer.close()
    writer.close()
    with pytest.raises(RuntimeError, match="closed"):
        writer.add_graph(Net(), torch.rand(1, 2))


def test_import_without_tensorboard_says_how_to_install():
    code = textwrap.dedent(
        """
        import sys
        sys.modules["tensorboard"] = None  # as if it were not installed
        try:
            import minigrad.utils.tensorboard
        except ImportError as e:
            print(e)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert "pip install tensorboard" in out.stdout


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url):
    with urllib.request.urlopen(url, timeout=5) as r:
        return r.read().decode()


def test_tensorboard_serves_the_graph(tmp_path):
    with SummaryWriter(tmp_path) as writer:
        writer.add_graph(Net(), input_to_model=torch.rand(10, 2))
    port = _free_port()
    cmd = [sys.executable, "-m", "tensorboard.main", "--logdir", str(tmp_path), "--host", "127.0.0.1",
           "--port", str(port), "--load_fast=false", "--reload_interval=1"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/data/plugin/graphs"
    try:
        deadline, info = time.monotonic() + 90, None
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stdout.read().decode()
            try:
                info = _get(f"{base}/info")
                if '"run_graph": true' in info:
                    break
            except OSError:
                pass
            time.sleep(0.5)
        assert info is not None and '"run_graph": true' in info, f"TensorBoard did not list the graph: {info}"
        graph = text_format.Parse(_get(f"{base}/graph?run=.&conceptual=false"), GraphDef())
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
    ops = {n.name: n.op for n in graph.node}
    assert ops == {
        "input/x": "IO Node",
        "Net/w": "prim::GetAttr",
        "Net/mm": "aten::mm",
        "Net/b": "prim::GetAttr",
        "Net/add": "aten::add",
        "output/output.1": "IO Node",
    }
