"""The graph model (minigrad.graph): nodes, edges, ids and order, names, placeholders, budget.

Structure is compared with PyTorch 2.13 live (grad_fn names, next_functions wiring, the names of
``_saved_*`` attributes) when torch is importable.
"""

import numpy as np
import pytest

import minigrad as torch
from minigrad import graph
from minigrad.graph import (
    Edge,
    GraphTooLarge,
    OpRecord,
    edges_of,
    elided,
    extract,
    one_line,
    op_name,
    record,
    summarize,
)


def seed_004(trace=False):
    """004: y = (w + x)(w + 1), w = 1, x = 2, with a and b retaining their grads."""
    x = torch.tensor([2.0], requires_grad=True)
    w = torch.tensor([1.0], requires_grad=True)
    with record() as ops:
        a = torch.add(w, x)
        a.retain_grad()
        one = torch.tensor([1.0])
        b = torch.add(w, one)
        b.retain_grad()
        y = torch.mul(a, b)
    return dict(x=x, w=w, a=a, one=one, b=b, y=y), (ops if trace else None)


def rnn_cell():
    """003 (Lab2B): the RNN cell, with fixed values."""
    Wh = torch.tensor([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9]], requires_grad=True)
    Wx = torch.tensor([[0.5, -0.5], [0.25, 0.75], [-1.0, 1.0]], requires_grad=True)
    x = torch.tensor([[1.0], [2.0]])
    h = torch.tensor([[0.5], [-0.5], [1.0]])
    i2h = Wx.mm(x)
    h2h = Wh.mm(h)
    next_h = (i2h + h2h).tanh()
    out = next_h.sum()
    return dict(Wh=Wh, Wx=Wx, x=x, h=h, i2h=i2h, h2h=h2h, next_h=next_h, out=out)


def test_seed_004_nodes_edges_and_ids_in_forward_order():
    v, ops = seed_004(trace=True)
    g = extract(v["y"], names=v, trace=ops)
    assert [(t.id, t.name, t.kind) for t in g.tensors] == [
        ("t0", "w", "leaf"),
        ("t1", "x", "leaf"),
        ("t2", "a", "nonleaf"),
        ("t3", "one", "nograd"),
        ("t4", "b", "nonleaf"),
        ("t5", "y", "nonleaf"),
    ]
    assert [(f.id, f.name, f.op) for f in g.functions] == [
        ("f0", "torch::autograd::AccumulateGrad", "AccumulateGrad"),
        ("f1", "torch::autograd::AccumulateGrad", "AccumulateGrad"),
        ("f2", "AddBackward0", "add"),
        ("f3", "AddBackward0", "add"),
        ("f4", "MulBackward0", "mul"),
    ]
    assert g.outputs == ["t5"]
    assert [t.is_output for t in g.tensors] == [False] * 5 + [True]
    mul = g["f4"]
    assert mul.inputs == ("t2", "t4") and mul.outputs == ("t5",)
    assert mul.input_names == ("self", "other")
    assert mul.formula == {"self": "grad * other", "other": "grad * self"}
    assert g["f0"].variable == "t0" and g["f0"].label == "AccumulateGrad"
    assert Edge("f0", "t0", "variable") in g.edges
    assert g.edges_of("next") == [
        Edge("f2", "f0", "next", 0),
        Edge("f2", "f1", "next", 1),
        Edge("f3", "f0", "next", 0),
        Edge("f4", "f2", "next", 0),
        Edge("f4", "f3", "next", 1),
    ]
    assert g.edges_of("input") == [
        Edge("t0", "f2", "input", 0),
        Edge("t1", "f2", "input", 1),
        Edge("t0", "f3", "input", 0),
        Edge("t3", "f3", "input", 1),
        Edge("t2", "f4", "input", 0),
        Edge("t4", "f4", "input", 1),
    ]
    assert [(e.src, e.dst) for e in g.edges_of("output")] == [("f2", "t2"), ("f3", "t4"), ("f4", "t5")]
    assert g.id_of(v["w"]) == "t0" and g.id_of(v["y"].grad_fn) == "f4" and g.id_of(torch.ones(1)) is None


def test_values_and_grads_after_backward_match_the_document():
    v, ops = seed_004(trace=True)
    v["y"].backward()
    g = extract(v["y"], names=v, trace=ops)
    by_name = {t.name: t for t in g.tensors}
    assert {n: (t.value, t.grad) for n, t in by_name.items()} == {
        "w": ("[1.]", "[5.]"),
        "x": ("[2.]", "[2.]"),
        "a": ("[3.]", "[2.]"),
        "one": ("[1.]", None),
        "b": ("[2.]", "[3.]"),
        "y": ("[6.]", None),
    }
    assert by_name["a"].retains_grad and by_name["b"].retains_grad and not by_name["y"].retains_grad
    assert by_name["w"].is_leaf and not by_name["a"].is_leaf and by_name["one"].is_leaf
    assert not by_name["one"].requires_grad


def test_same_computation_gives_the_same_model_and_no_addresses():
    def build():
        v, ops = seed_004(trace=True)
        g = extract(v["y"], names=v, trace=ops, saved=True)
        return g.tensors, g.functions, g.edges, g.outputs

    first, second = build(), build()
    assert first == second
    assert "0x" not in repr(first)


def test_unreachable_intermediates_are_unnamed_nodes_shaped_by_their_consumer():
    v = rnn_cell()
    out = v["out"]
    del v  # i2h, h2h, next_h and the sum of i2h + h2h are now reachable only through the graph
    g = extract(out)
    mids = [t for t in g.tensors if t.kind == "nonleaf" and not t.is_output]
    assert [(t.name, t.shape, t.dtype, t.value, t.tensor) for t in mids] == [(None, (3, 1), "float32", None, None)] * 4
    assert [g[t.grad_fn].name for t in mids] == ["MmBackward0", "MmBackward0", "AddBackward0", "TanhBackward0"]
    # the inputs that need no grad are still there while MmBackward0 holds them for backward
    consts = [t for t in g.tensors if t.kind == "nograd"]
    assert [(t.shape, t.value is not None) for t in consts] == [((2, 1), True), ((3, 1), True)]


def test_inputs_that_need_no_grad_are_placeholders_once_the_graph_is_freed():
    v = rnn_cell()
    v["out"].backward()
    g = extract(v["out"], names=v)
    consts = [t for t in g.tensors if t.kind == "nograd"]
    assert [(t.name, t.shape, t.value) for t in consts] == [(None, (2, 1), None), (None, (3, 1), None)]
    g = extract(v["out"], names=v, trace=[])  # an empty trace changes nothing
    assert [t.name for t in g.tensors if t.kind == "nograd"] == [None, None]


def test_names_explicit_then_params_then_frame():
    v = rnn_cell()
    Wh, i2h, out = v["Wh"], v["i2h"], v["out"]  # noqa: F841 - read from this frame
    _hidden = v["h2h"]  # noqa: F841 - private names are skipped
    g = extract(out, names={"W_h": Wh}, params={"Wh_param": Wh, "Wx": v["Wx"]}, frame=True)
    names = [t.name for t in g.tensors]
    assert names == ["Wx", None, "i2h", "W_h", None, None, None, None, "out"]
    g = extract(out, frame={"my_out": out, "Wh": Wh, "n": 3, "_x": v["x"]})  # a namespace dict
    assert [t.name for t in g.tensors if t.name] == ["Wh", "my_out"]


def test_names_must_not_hide_ids_or_markup():
    v, _ = seed_004()
    g = extract(v["y"], names={"<b>x</b>": v["x"]})
    assert g[g.id_of(v["x"])].name == "<b>x</b>"  # the model keeps the text; drawings escape it


def test_saved_tensors_named_as_torch_names_them():
    v = rnn_cell()
    g = extract(v["out"], names=v, saved=True)
    saved = [(f.name, [(n, g[t].name) for n, t in f.saved]) for f in g.functions if f.saved]
    # as in torch, Mm keeps `self` only when `mat2` needs a gradient
    assert saved == [
        ("MmBackward0", [("mat2", "x")]),
        ("MmBackward0", [("mat2", "h")]),
        ("TanhBackward0", [("result", "next_h")]),
    ]
    assert [e.kind for e in g.edges].count("saved") == 3
    assert all(f.saved == () for f in extract(v["out"]).functions)  # only when asked


def test_saved_tensors_that_are_no_input_have_the_ops_names_for_them():
    """nll_loss saves its target and total weight, which are no inputs of the graph: torchviz names them by
    torch's ``_saved_target`` and ``_saved_total_weight``, and so does the model (they were ``saved1``, ``saved2``);
    the stepper's captions fill ``total_weight`` in from it."""
    x = torch.tensor([[2.0, 0.5], [0.1, 1.0]], requires_grad=True)
    loss = torch.nn.functional.cross_entropy(x, torch.tensor([0, 1]))
    nll = next(f for f in extract(loss, saved=True).functions if f.name == "NllLossBackward0")
    assert [name for name, _ in nll.saved] == ["self", "target", "total_weight"]
    assert {n for n in dir(loss.grad_fn) if n.startswith("_saved_")} >= {"_saved_target", "_saved_total_weight"}


def test_in_place_op_moves_the_name_to_the_new_node():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    a = x * 2
    a.add_(1)
    y = a.sum()
    g = extract(y, frame=True)
    assert [(t.name, t.grad_fn and g[t.grad_fn].name, t.value) for t in g.tensors] == [
        ("x", None, "[1., 2.]"),
        (None, "MulBackward0", None),  # a's value before add_ is gone
        ("a", "AddBackward0", "[3., 5.]"),
        ("y", "SumBackward0", "8."),
    ]


def test_same_tensor_twice_gives_two_input_edges():
    x = torch.tensor(3.0, requires_grad=True)
    y = x * x
    g = extract(y)
    assert g.edges_of("input") == [Edge("t0", "f1", "input", 0), Edge("t0", "f1", "input", 1)]
    assert len({e.id for e in g.edges}) == len(g.edges)


class Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp, k):
        ctx.k = k
        return inp * k, inp + k

    @staticmethod
    def backward(ctx, g1, g2):
        return g1 * ctx.k + g2, None


def test_user_function_with_two_outputs_and_a_number_argument():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with record() as ops:
        p, q = Split.apply(x, 3.0)
        s = (q * 2).sum()
    g = extract([s, p], frame=True, trace=ops)
    split = g.functions[1]
    assert (split.name, split.op, split.input_names, split.attrs) == ("SplitBackward", "Split", ("inp",), {"k": "3.0"})
    assert [(g[t].name, g[t].output_nr) for t in split.outputs] == [("p", 0), ("q", 1)]
    assert g.outputs == [g.id_of(s), g.id_of(p)]
    recorded = [r for r in ops if r.node is not None]
    assert all(isinstance(r, OpRecord) for r in ops) and [r.op.__name__ for r in recorded] == ["Split", "Mul", "Sum"]
    assert [r.node for r in recorded] == [p.grad_fn, s.grad_fn.next_functions[0][0], s.grad_fn]


def test_outputs_without_a_graph():
    w = torch.ones(3, requires_grad=True)
    d = w.detach()
    g = extract([w, d], frame=True)
    assert [(t.name, t.kind, t.is_output) for t in g.tensors] == [("w", "leaf", True), ("d", "nograd", True)]
    assert g.functions == [] and g.edges == []
    with pytest.raises(TypeError, match="expects tensors"):
        extract([w, 3])


def test_summaries_are_compact_for_big_tensors():
    assert summarize(torch.tensor([[1.0, 2.0], [3.0, 4.5]])._data) == "[[1.0000, 2.0000],\n [3.0000, 4.5000]]"
    assert summarize(torch.tensor([1.0, 2.0])._data) == "[1., 2.]"  # as torch prints them
    big = torch.arange(100).float()
    assert summarize(big._data) == "[0., 1., ..., 98., 99.]"  # 2 numbers at each end fit 24 characters, 3 do not
    g = extract(big.requires_grad_() * 2)
    assert g.tensors[0].value == "[0., 1., ..., 98., 99.]" and g.tensors[0].shape == (100,)
    assert summarize(torch.arange(32.0).reshape(4, 8)._data) == "(4×8)"  # no summary fits: the shape alone
    assert summarize(torch.arange(32.0).reshape(4, 8)._data, lambda text: len(text) <= 40) == (
        "[[0., ..., 7.], ..., [24., ..., 31.]]")  # fmt: skip


@pytest.mark.parametrize("shape", [(20,), (4, 8), (100,), (64, 10), (3, 9, 50), (2000,)])
@pytest.mark.parametrize("edge", [1, 2, 3])
def test_long_tensors_are_summarised_as_torch_prints_them(shape, edge):
    """Each summary the boxes choose from is torch's own ``print(t)`` with ``edgeitems`` numbers at each end."""
    real = pytest.importorskip("torch")
    values = np.random.default_rng(edge).standard_normal(shape).astype(np.float32) * 10 ** (edge - 2)
    texts = []
    assert elided(values, lambda text: texts.append(text) or True) == texts[2]  # every candidate fits: the longest
    real.set_printoptions(threshold=0, edgeitems=edge)
    try:
        printed = one_line(repr(real.from_numpy(values)))
    finally:
        real.set_printoptions(profile="default")
    assert f"tensor({texts[edge - 1]})" == printed
    assert summarize(edges_of(values), lambda text: len(text) <= len(texts[edge - 1]), shape) == texts[edge - 1]
    assert summarize(values, lambda text: False) == f"({'×'.join(map(str, shape))})"


def test_budget_stops_extraction_early(monkeypatch):
    v = torch.tensor(1.0, requires_grad=True)
    for _ in range(20000):
        v = v * 1.0
    visited = []
    check = graph._Extractor._check_budget
    monkeypatch.setattr(graph._Extractor, "_check_budget", lambda self, n: (visited.append(n), check(self, n)))
    with pytest.raises(GraphTooLarge, match=r"more than max_nodes=500 nodes; draw a part of it"):
        extract(v, max_nodes=500)
    assert len(visited) == 501  # it stopped at the budget: it did not walk the 20,000 nodes
    assert isinstance(GraphTooLarge("x"), ValueError)


# -- parity with PyTorch 2.13 ------------------------------------------------------------------


def _torch_structure(real, out):
    """torch's graph in the model's order: functions by sequence number, AccumulateGrad before first use."""
    fns, stack, seen = [], [out.grad_fn], set()
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        fns.append(fn)
        stack.extend(c for c, _ in fn.next_functions)
    order = []
    for fn in sorted((f for f in fns if "AccumulateGrad" not in f.name()), key=lambda f: f._sequence_nr()):
        order += [c for c, _ in fn.next_functions if c is not None and "AccumulateGrad" in c.name() and c not in order]
        order.append(fn)
    ids = {fn: i for i, fn in enumerate(order)}
    return [
        (fn.name(), [(ids[c], nr) if c is not None else None for c, nr in fn.next_functions]) for fn in order
    ]


def _model_structure(g):
    index = {f.id: i for i, f in enumerate(g.functions)}
    nexts = {f.id: [None] * len(f.fn.next_functions) for f in g.functions}
    for f in g.functions:
        for i, (child, nr) in enumerate(f.fn.next_functions):
            if child is not None:
                nexts[f.id][i] = (index[g.id_of(child)], nr)
    return [(f.name, nexts[f.id]) for f in g.functions]


PROGRAMS = {
    "rnn_cell": """
Wh = T.tensor([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9]], requires_grad=True)
Wx = T.tensor([[0.5, -0.5], [0.25, 0.75], [-1.0, 1.0]], requires_grad=True)
x = T.tensor([[1.0], [2.0]]); h = T.tensor([[0.5], [-0.5], [1.0]])
out = (Wx.mm(x) + Wh.mm(h)).tanh().sum()
""",
    "seed_004": """
x = T.tensor([2.0], requires_grad=True); w = T.tensor([1.0], requires_grad=True)
out = T.mul(T.add(w, x), T.add(w, 1))
""",
    "mlp_loss": """
w = T.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True); b = T.tensor([0.1, -0.2], requires_grad=True)
x = T.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y = (x @ w.t() + b).relu()
out = ((y - 1.0) ** 2).mean() + y.exp().sum() * 0.5
""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_structure_matches_torch(name):
    real = pytest.importorskip("torch")
    ns_real, ns_mini = {"T": real}, {"T": torch}
    exec(PROGRAMS[name], ns_real)
    exec(PROGRAMS[name], ns_mini)
    g = extract(ns_mini["out"])
    assert _model_structure(g) == _torch_structure(real, ns_real["out"])


def test_saved_names_match_torch_attributes():
    real = pytest.importorskip("torch")
    ns_real, ns_mini = {"T": real}, {"T": torch}
    exec(PROGRAMS["rnn_cell"], ns_real)
    exec(PROGRAMS["rnn_cell"], ns_mini)
    g = extract(ns_mini["out"], saved=True)
    t_fns = {}
    stack = [ns_real["out"].grad_fn]
    while stack:
        fn = stack.pop()
        t_fns.setdefault(fn.name(), fn)
        stack.extend(c for c, _ in fn.next_functions if c is not None)
    for f in g.functions:
        for saved_name, _ in f.saved:
            assert hasattr(t_fns[f.name], f"_saved_{saved_name}"), (f.name, saved_name)


# torch's node types and the aten ops they record (torch.ops.aten has each of these names)
@pytest.mark.parametrize("node, op", [
    ("MulBackward0", "mul"), ("IndexPutBackward0", "index_put"),
    ("MaxPool2DWithIndicesBackward0", "max_pool2d_with_indices"),
    ("AdaptiveAvgPool2DBackward0", "adaptive_avg_pool2d"), ("Log1PBackward0", "log1p"), ("Deg2RadBackward0", "deg2rad"),
    ("SpecialXlog1PyBackward0", "special_xlog1py"), ("SpecialI0EBackward0", "special_i0e"),
    ("GridSampler2DBackward0", "grid_sampler_2d"), ("GridSampler3DBackwardBackward0", "grid_sampler_3d_backward"),
    ("SmoothL1LossBackward0", "smooth_l1_loss"), ("Im2ColBackward0", "im2col"), ("Atan2Backward0", "atan2"),
    ("UpsampleNearestExact1DBackward0", "upsample_nearest_exact1d"),
    ("LinalgVectorNormBackward0", "linalg_vector_norm"),
])  # fmt: skip
def test_a_node_type_names_its_aten_op(node, op):
    assert op_name(node) == op


def test_every_node_type_names_an_aten_op():
    """Live (torch importable): each node type minigrad records names an op torch.ops.aten has (or its private
    ``_to_copy``-style twin), so a caption's ``max_pool2d_with_indices(x, ...)`` is torch's op."""
    from op_catalogue import all_ops

    torch = pytest.importorskip("torch")
    names = {op.node_name.rsplit("::", 1)[-1] for op in all_ops()}
    wrong = [(n, op_name(n)) for n in sorted(names) if "Backward" in n and n[-1].isdigit()
             and not any(hasattr(torch.ops.aten, p + op_name(n)) for p in ("", "_"))]  # fmt: skip
    assert len(names) > 300 and not wrong
