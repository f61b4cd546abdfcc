"""minigrad.viz: make_dot (torchviz's conventions) and draw_graph (the tensor view).

The drawings are checked through their DOT source and through the SVG that Graphviz makes
of it (ids, escaped text; minigrad.render's default backend, test_render.py runs both), and the size
budget through its refusal.
"""

import functools
import html
import json
import re
from pathlib import Path

import graphviz
import pytest
from test_graph_model import rnn_cell  # noqa: E402 - the same Lab2B RNN cell the graph tests use

import minigrad as torch
from minigrad.graph import record
from minigrad.viz import LAYOUT_LIMITS, MAX_NODES, draw_graph, layout_size, make_dot


def seed_004():
    """004 after backward: y = (w + x)(w + 1), w = 1, x = 2, a and b retaining their grads."""
    x = torch.tensor([2.0], requires_grad=True)
    w = torch.tensor([1.0], requires_grad=True)
    with record() as ops:
        a = torch.add(w, x)
        a.retain_grad()
        one = torch.tensor([1.0])
        b = torch.add(w, one)
        b.retain_grad()
        y = torch.mul(a, b)
    y.backward()
    return dict(x=x, w=w, a=a, one=one, b=b, y=y), ops


def node_lines(source):
    """{node id: its DOT statement}."""
    return {m.group(1): m.group(0) for m in re.finditer(r"^\t([tf]\d+\w*) \[.*$", source, re.M)}


def edges(source):
    return re.findall(r"^\t(\w+) -> (\w+)", source, re.M)


def svg(dot):
    return dot.pipe(format="svg").decode()


# -- make_dot ------------------------------------------------------------------------------------


def test_make_dot_draws_the_rnn_cell_as_torchviz_does():
    v = rnn_cell()
    dot = make_dot(v["out"], params={"Wh": v["Wh"], "Wx": v["Wx"]})
    assert isinstance(dot, graphviz.Digraph)
    nodes = node_lines(dot.source)
    labels = {k: re.search(r"label=<(.*?)> ", line).group(1) for k, line in nodes.items()}
    assert labels == {
        "t0": "Wx<BR/>(3, 2)",
        "f0": "AccumulateGrad",
        "f1": "MmBackward0",
        "t3": "Wh<BR/>(3, 3)",
        "f2": "AccumulateGrad",
        "f3": "MmBackward0",
        "f4": "AddBackward0",
        "f5": "TanhBackward0",
        "f6": "SumBackward0",
        "t8": "<BR/>()",
    }
    assert "fillcolor=lightblue" in nodes["t0"] and "fillcolor=lightblue" in nodes["t3"]
    assert "fillcolor=darkolivegreen1" in nodes["t8"]
    assert not any("fillcolor" in nodes[f] for f in ("f0", "f1", "f4"))  # grad_fn boxes: the default fill
    assert edges(dot.source) == [
        ("t0", "f0"), ("f0", "f1"), ("t3", "f2"), ("f2", "f3"), ("f1", "f4"), ("f3", "f4"),
        ("f4", "f5"), ("f5", "f6"), ("f6", "t8"),
    ]  # fmt: skip
    assert 'fontname=monospace' in dot.source and "shape=box" in dot.source  # torchviz's node style


def test_make_dot_without_params_labels_leaves_with_their_shape_only():
    v = rnn_cell()
    nodes = node_lines(make_dot(v["out"]).source)
    assert "label=<<BR/>(3, 2)>" in nodes["t0"]


def test_make_dot_shows_saved_tensors_in_orange_and_attrs():
    v = rnn_cell()
    dot = make_dot(v["out"], params={"Wh": v["Wh"], "Wx": v["Wx"]}, show_saved=True, show_attrs=True)
    nodes = node_lines(dot.source)
    saved = {k: line for k, line in nodes.items() if "saved" in k}
    assert sorted(saved) == ["f1_saved0", "f3_saved0", "f5_saved0"]
    assert all("fillcolor=orange" in line for line in saved.values())
    assert "label=<mat2<BR/>(2, 1)>" in saved["f1_saved0"] and "label=<result<BR/>(3, 1)>" in saved["f5_saved0"]
    assert ("f1", "f1_saved0") in edges(dot.source) and 'dir=none' in dot.source
    assert "saved" not in make_dot(v["out"], show_attrs=True).source.replace("[saved tensor]", "")


def _function_labels_as_text(dot_source):
    """The text of each grad_fn node's label (HTML-like labels: lines split at <BR/>, escapes undone)."""
    labels = re.findall(r'label=<(.*?)>(?: |\])', dot_source)
    lines = [[html.unescape(x) for x in re.split(r"<BR[^>]*>", label) if x] for label in labels]
    return sorted("\n".join(ls) for ls in lines if ls and ("Backward" in ls[0] or ls[0] == "AccumulateGrad"))


def test_make_dot_attrs_table_is_torchvizs():
    """The same RNN cell drawn by the unmodified torchviz under torch 2.13 (tests/torchviz_fixture.json):
    every grad_fn label, with show_attrs, reads the same, table and alignment included."""
    fixture = json.loads((Path(__file__).parent / "torchviz_fixture.json").read_text())["graphs"]["rnn_cell_lab2b"]
    labels = [m.strip('"') for m in re.findall(r'label=("[^"]*"|\w+)', fixture)]
    theirs = sorted(t for t in labels if "Backward" in t or t == "AccumulateGrad")
    v = rnn_cell()
    assert theirs == _function_labels_as_text(make_dot(v["out"], show_attrs=True, show_saved=True).source)


def test_make_dot_draws_saved_numbers_and_index_tensors_as_torchviz_does():
    """x * 2 saves the 2 (torch's MulBackward0 keeps it as a 0-d tensor), indexing and max(dim) their index tensors:
    none is a tensor of the graph, yet torchviz draws each in orange, and so must make_dot (same fixture graph)."""
    fixture = json.loads((Path(__file__).parent / "torchviz_fixture.json").read_text())["graphs"]
    theirs = fixture["show_saved_numbers_and_indices"]
    x = torch.tensor([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], requires_grad=True)
    y = (x * 2)[[0, 1], [2, 0]].sum() + x.max(dim=1).values.sum() / 3
    ours = make_dot(y, params={"x": x}, show_attrs=True, show_saved=True).source
    orange = sorted(" ".join(label.split()) for label in re.findall(r'label="([^"]*)" fillcolor=orange', theirs))
    assert orange == ["indices (2)", "indices[0] (2)", "indices[1] (2)", "other ()", "other ()"]
    assert orange == sorted(html.unescape(label).replace("<BR/>", " ")
                            for label in re.findall(r"label=<(.*?)> fillcolor=orange", ours))  # fmt: skip
    labels = [m.strip('"') for m in re.findall(r'label=("[^"]*"|\w+)', theirs)]
    assert sorted(t for t in labels if "Backward" in t or t == "AccumulateGrad") == _function_labels_as_text(ours)


def test_make_dot_max_attr_chars_truncates_like_torchviz():
    v = rnn_cell()
    labels = _function_labels_as_text(make_dot(v["out"], show_attrs=True, max_attr_chars=8).source)
    mm = next(label for label in labels if label.startswith("MmBackward0"))
    assert "mat2            : [save..." in mm.split("\n") and "self_sym_sizes  :   (3, 2)" in mm.split("\n")


def test_make_dot_show_data_and_grad():
    v = rnn_cell()
    v["out"].backward()
    dot = make_dot(v["out"], params={"Wx": v["Wx"]}, show_data=True, show_grad=True)
    wx = node_lines(dot.source)["t0"]
    assert "[[ 0.5000, -0.5000],<BR/> [ 0.2500,  0.7500],<BR/> [-1.0000,  1.0000]]" in wx
    # d out / d Wx = (1 - next_h^2) x^T, as torch computes it
    expected = (1 - v["next_h"].detach() ** 2).mm(v["x"].t())
    assert v["Wx"].grad.allclose(expected)
    assert "grad: [[0.9400, 1.8800],<BR/> [0.0394, 0.0788],<BR/> [0.0942, 0.1884]]" in wx
    assert "grad: None" in node_lines(dot.source)["t8"]
    assert "0.9400" not in make_dot(v["out"], params={"Wx": v["Wx"]}).source


def test_a_long_tensor_is_drawn_as_torch_prints_it_or_by_its_shape():
    """A 20-element tensor was drawn as ``min=0 mean=9.5 max=19`` (and its grad ``min=2 mean=2 max=2``): now as
    torch prints it, its middle left out (``print`` with ``edgeitems=2``); a 4x8 one, no summary of which fits a
    box's line, by its shape."""
    x = torch.arange(20.0, requires_grad=True)
    w = torch.arange(32.0).view(4, 8).requires_grad_()
    y = (x * 2).sum() + (w * 3).sum()
    y.backward()
    torch.set_printoptions(threshold=0, edgeitems=2)
    try:
        printed = [" ".join(repr(t.detach()).split())[len("tensor(") : -1].replace("[ ", "[") for t in (x, x.grad)]
    finally:
        torch.set_printoptions(profile="default")
    assert printed == ["[0., 1., ..., 18., 19.]", "[2., 2., ..., 2., 2.]"]
    drawn = node_lines(draw_graph(y, names={"x": x, "w": w}).source)
    assert f"data {printed[0]}<BR" in drawn["t0"] and f"grad {printed[1]}<BR" in drawn["t0"]
    assert "data (4×8)<BR" in drawn["t3"] and "grad (4×8)<BR" in drawn["t3"]
    dot = node_lines(make_dot(y, params={"x": x, "w": w}, show_data=True, show_grad=True).source)
    assert f"<BR/>{printed[0]}<BR/>grad: {printed[1]}>" in dot["t0"]
    assert not any("min=" in line for line in [*drawn.values(), *dot.values()])


def test_make_dot_handles_several_outputs_and_a_lone_leaf():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    y = w * 2
    z = y.sum()
    dot = make_dot((y, z), params={"w": w})
    green = [k for k, line in node_lines(dot.source).items() if "darkolivegreen1" in line]
    assert green == ["t1", "t2"]
    lone = node_lines(make_dot(w, params={"w": w}).source)
    assert list(lone) == ["t0"] and "darkolivegreen1" in lone["t0"]


def test_make_dot_checks_params():
    v = rnn_cell()
    with pytest.raises(TypeError, match="params must map names to tensors; 'Wh' is not a tensor"):
        make_dot(v["out"], params={"Wh": [1, 2]})


@pytest.mark.parametrize("draw", [make_dot, draw_graph, lambda t: make_dot(torch.ones(1) * 2, params={"w": t})])
def test_a_pytorch_tensor_is_drawn_with_torchviz_or_recomputed_on_minigrad(draw):
    class PyTorchTensor:  # what the check sees of one (its type's module): torch need not be installed
        __module__ = "torch"

    tensors = [PyTorchTensor()]
    try:
        import torch as real_torch

        tensors.append(real_torch.tensor(2.0, requires_grad=True) * 3)  # 0-d: iterating it used to be the error
    except ImportError:
        pass
    for t in tensors:
        with pytest.raises(TypeError, match=r"takes minigrad tensors and this is a PyTorch tensor: compute it after "
                                            r"`import minigrad as torch` \(the same code runs unchanged\), or draw "
                                            r"it with torchviz's make_dot$"):  # fmt: skip
            draw(t)
    with pytest.raises(TypeError, match=r"^make_dot expects tensors, got float$"):
        make_dot(3.0)


# -- draw_graph ----------------------------------------------------------------------------------


def test_draw_graph_seed_004_shows_values_grads_and_kinds():
    v, ops = seed_004()
    w, x, a, one, b, y = (v[k] for k in ("w", "x", "a", "one", "b", "y"))  # noqa: F841 - names for frame=True
    dot = draw_graph(y, frame=True, trace=ops)
    nodes = node_lines(dot.source)
    text = {k: re.sub(r"<[^>]*>", "|", line) for k, line in nodes.items()}

    def shows(node, *parts):
        return all(p in text[node] for p in parts)

    assert shows("t0", "|w|", "[1] float32, leaf", "data [1.]", "grad [5.]")
    assert shows("t1", "|x|", "data [2.]", "grad [2.]")
    assert shows("t2", "|a|", "non-leaf, retain_grad", "data [3.]", "grad [2.]")
    assert shows("t3", "|one|", "no grad", "data [1.]") and "grad [" not in text["t3"] and "grad None" not in text["t3"]
    assert shows("t4", "|b|", "retain_grad", "data [2.]", "grad [3.]")
    assert shows("t5", "|y|", "data [6.]", "grad None")
    assert "fillcolor=lightblue" in nodes["t0"] and "fillcolor=lightblue" in nodes["t1"]
    assert "peripheries=2" in nodes["t2"] and "peripheries=2" in nodes["t4"] and "peripheries" not in nodes["t5"]
    assert "dashed" in nodes["t3"] and "dashed" not in nodes["t2"]
    assert "fillcolor=darkolivegreen1" in nodes["t5"]
    ops_on_edges = re.findall(r"^\t(\w+) -> (\w+) \[id=\w+ xlabel=< (\w+) >", dot.source, re.M)
    assert ops_on_edges == [
        ("t0", "t2", "add"), ("t1", "t2", "add"), ("t0", "t4", "add"), ("t3", "t4", "add"),
        ("t2", "t5", "mul"), ("t4", "t5", "mul"),
    ]  # fmt: skip
    assert "leaf (requires grad)" in dot.source  # the legend
    assert "leaf (requires grad)" not in draw_graph(v["y"], legend=False).source


def test_draw_graph_names_only_when_asked():
    v, ops = seed_004()
    y = v["y"]
    unnamed = draw_graph(y, trace=ops).source
    assert unnamed.count("(unnamed)") == 6
    named = draw_graph(y, names={"out": y}).source
    assert named.count("(unnamed)") == 5 and "<B>out</B>" in named


def test_draw_graph_without_trace_keeps_unknown_inputs_as_placeholders():
    v, _ = seed_004()
    nodes = node_lines(draw_graph(v["y"], names=v).source)
    assert "(unnamed)" in nodes["t3"] and "(value not kept)" in nodes["t3"] and "dashed" in nodes["t3"]


def test_draw_graph_multi_output_user_function_labels_output_index():
    class Split(torch.autograd.Function):
        @staticmethod
        def forward(ctx, inp):
            return inp * 2, inp * 3

        @staticmethod
        def backward(ctx, g1, g2):
            return g1 * 2 + g2 * 3

    x = torch.tensor([1.0], requires_grad=True)
    p, q = Split.apply(x)
    src = draw_graph((p, q), names={"x": x, "p": p, "q": q}).source
    assert re.findall(r"-> \w+ \[id=\w+ xlabel=< (\S+) >", src) == ["Split[0]", "Split[1]"]


# -- both ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("draw", ["make_dot", "draw_graph"])
def test_dot_source_is_deterministic(draw):
    def build():
        v, ops = seed_004()
        if draw == "make_dot":
            return make_dot(v["y"], params=v, show_saved=True, show_attrs=True, show_data=True, show_grad=True)
        return draw_graph(v["y"], names=v, trace=ops)

    first, second = build().source, build().source
    assert first == second
    assert not re.search(r"0x[0-9a-f]{6,}|\b\d{9,}\b", first)  # no addresses, no id() numbers


@pytest.mark.parametrize("draw", ["make_dot", "draw_graph"])
def test_user_strings_are_escaped(draw):
    x = torch.tensor([1.0], requires_grad=True)
    y = x * 2
    names = {'<b>x</b> & "q" \\n': x}
    dot = make_dot(y, params=names) if draw == "make_dot" else draw_graph(y, names=names)
    assert "&lt;b&gt;x&lt;/b&gt; &amp; &quot;q&quot; \\n" in dot.source
    image = svg(dot)
    assert "&lt;b&gt;x&lt;/b&gt; &amp; &quot;q&quot; \\n" in image
    assert "<b>" not in image and 'font-weight="bold">x<' not in image


def test_svg_carries_the_model_ids():
    v, ops = seed_004()
    image = svg(draw_graph(v["y"], names=v, trace=ops))
    assert sorted(re.findall(r'<g id="(t\d+)" class="node"', image)) == ["t0", "t1", "t2", "t3", "t4", "t5"]
    assert '<g id="f4_0_t5" class="edge"' in image
    image = svg(make_dot(v["y"]))
    assert sorted(re.findall(r'<g id="(\w+)" class="node"', image)) == ["f0", "f1", "f2", "f3", "f4", "t0", "t1", "t5"]


@pytest.mark.parametrize("draw", [make_dot, draw_graph])
def test_layout_limits_are_set(draw):
    v = rnn_cell()
    dot = draw(v["out"])
    assert LAYOUT_LIMITS == {"nslimit": "2", "mclimit": "0.5"}
    assert all(dot.graph_attr[k] == val for k, val in LAYOUT_LIMITS.items())


def test_render_to_png(tmp_path):
    v = rnn_cell()
    path = make_dot(v["out"], params={"Wh": v["Wh"], "Wx": v["Wx"]}).render(tmp_path / "rnn", format="png")
    with open(path, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


# -- size budget -----------------------------------------------------------------------------------


def chain(n):
    v = torch.tensor([1.0], requires_grad=True)
    for _ in range(n):
        v = v * 1.0
    return v


@pytest.mark.parametrize("draw", [make_dot, draw_graph])
def test_big_graphs_are_refused_quickly_with_advice(draw):
    out = chain(20000)
    # "more than 3000 nodes": the walk stopped at three times the budget, before any DOT was built
    advice = r"too big to draw quickly: it has more than 3000 nodes, over max_nodes=1000. Draw a part of it by pass"
    with pytest.raises(ValueError, match=advice + r"ing an intermediate tensor.*or pass max_nodes=None to draw it all"):
        draw(out)


def test_budget_is_on_layout_size_not_only_nodes():
    # 60 ops, each adding the result of the first: short in nodes, long in edges
    x = torch.tensor([1.0], requires_grad=True)
    first = x * 1.0
    v = first
    for _ in range(60):
        v = v + first
    dot = make_dot(v, max_nodes=None)
    size = layout_size(dot._nodes, dot._edges)
    assert len(dot._nodes) < 70 and size > 1800
    with pytest.raises(ValueError, match=f"its layout size is {size} "):
        make_dot(v, max_nodes=1000)
    assert make_dot(v, max_nodes=size) is not None


def test_layout_size_counts_ranks_crossed():
    assert layout_size(["a", "b", "c"], [("a", "b"), ("b", "c")]) == 3
    assert layout_size(["a", "b", "c"], [("a", "b"), ("b", "c"), ("a", "c")]) == 4  # a->c crosses b's rank
    assert MAX_NODES == 1000


def test_a_graph_at_the_budget_is_drawn():
    out = chain(MAX_NODES - 3)  # leaf, AccumulateGrad, ops, output
    dot = make_dot(out)
    assert layout_size(dot._nodes, dot._edges) == MAX_NODES


def test_displays_inline_in_jupyter():
    v = rnn_cell()
    for dot in (make_dot(v["out"]), draw_graph(v["out"])):
        bundle = dot._repr_mimebundle_()
        assert bundle["image/svg+xml"].lstrip().startswith("<?xml") and "<svg" in bundle["image/svg+xml"]


def test_make_dot_draws_the_index_tensors_a_gradients_index_put_saved():
    """The graph of a gradient through indexing: torch's IndexPutImplBackward0 saves the index tensors its
    IndexBackward0 saved (the same tensors), and torchviz draws them; make_dot drew none for it (fixture graph
    grad_of_indexing_create_graph)."""
    fixture = json.loads((Path(__file__).parent / "torchviz_fixture.json").read_text())["graphs"]
    theirs = fixture["grad_of_indexing_create_graph"]
    x = torch.tensor([[1.0, 2.0, 0.5], [0.1, -1.0, 2.0]], requires_grad=True)
    y = (x[0, 1:] ** 2).sum() + (x[:, [0, 2]] ** 3).sum()
    (g,) = torch.autograd.grad(y, x, create_graph=True)
    ours = make_dot(g, params={"x": x}, show_attrs=True, show_saved=True).source
    put = next(f for f, line in node_lines(ours).items() if "IndexPutImplBackward0" in line)
    saved = [node_lines(ours)[s] for f, s in edges(ours) if f == put and s.startswith(f"{put}_saved")]
    assert [re.search(r"label=<(.*?)> ", line).group(1) for line in saved] == ["indices[1]<BR/>(2)"]
    assert re.search(r'label="indices\[1\]\n \(2\)" fillcolor=orange', theirs)
    labels = [m.strip('"') for m in re.findall(r'label=("[^"]*"|\w+)', theirs)]
    big = functools.partial(re.sub, r"\b(n\d+|\d{6,})$", "INT64_MAX", flags=re.M)  # the fixture renames long numbers
    assert sorted(big(t) for t in labels if "Backward" in t or t == "AccumulateGrad") == \
        sorted(map(big, _function_labels_as_text(ours)))  # fmt: skip
