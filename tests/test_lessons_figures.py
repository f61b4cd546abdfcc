"""The pictures the lessons add for the source documents: TensorBoard's graph view (a screenshot taken by
tools/tensorboard_figure.py from the event file lesson 10 writes) and the Tensor/Function diagram of seed 002."""

import importlib.util
import pathlib
import struct

import pytest

import minigrad
from lessons.diagrams import tensor_function_diagram
from minigrad import render

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("tensorboard_figure", ROOT / "tools" / "tensorboard_figure.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tool_writes_the_event_file_with_lesson_10s_own_cells():
    from tensorboard.backend.event_processing.event_file_loader import EventFileLoader
    from tensorboard.compat.proto.graph_pb2 import GraphDef

    logdir = pathlib.Path(_tool().write_event_file())
    (event_file,) = logdir.iterdir()
    graphs = [GraphDef.FromString(e.graph_def) for e in EventFileLoader(str(event_file)).Load()
              if e.HasField("graph_def")]
    assert [n.name for n in graphs[0].node] == ["input/x", "Net/w", "Net/mm", "Net/b", "Net/add", "output/output.1"]


def test_the_tensorboard_picture_is_committed_and_shown_by_lesson_10():
    png = ROOT / "notebooks" / "figures" / "tensorboard_graph.png"
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width >= 800 and height >= 500, (width, height)
    assert "](figures/tensorboard_graph.png)" in (ROOT / "notebooks" / "10_drawing_graphs.ipynb").read_text()


def _division(lib):
    a = lib.tensor([6.0], requires_grad=True)
    b = lib.tensor([3.0], requires_grad=True)
    return {"a": a, "b": b, "c": a / b}


def test_tensor_function_diagram_draws_the_division_of_seed_002():
    source = tensor_function_diagram(_division(minigrad)).source
    assert source.count("label=AccumulateGrad") == 2 and source.count("label=DivBackward0") == 1
    for edge in ("t_2 -> f_0", "f_0 -> f_1", "f_0 -> f_2", "f_1 -> t_0", "f_2 -> t_1"):  # grad_fn, next, variable
        assert edge in source, edge
    assert "Tensor c" in source and source.count("lightblue") == 2  # the two leaves that require grad


def test_tensor_function_diagram_draws_pytorch_tensors_the_same():
    torch = pytest.importorskip("torch")
    assert tensor_function_diagram(_division(torch)).source == tensor_function_diagram(_division(minigrad)).source


def test_tensor_function_diagram_draws_without_graphviz_installed(monkeypatch):
    # lesson 02 showed dot's ExecutableNotFound traceback on a laptop without Graphviz: it lays out as make_dot does
    monkeypatch.setenv("PATH", "")  # no dot; the bundled Graphviz needs no PATH
    monkeypatch.delenv(render.ENV_VAR, raising=False)
    render.set_backend(None)
    diagram = tensor_function_diagram(_division(minigrad))
    svg = diagram.pipe(format="svg").decode()
    assert svg.startswith("<?xml") and "Tensor c" in svg and "DivBackward0" in svg
    assert list(diagram._repr_mimebundle_()) == ["image/svg+xml"]  # what Jupyter shows
