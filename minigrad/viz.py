"""Drawing the graph with graphviz: torchviz's ``make_dot`` and a tensor view, ``draw_graph``.

Both draw the model of :mod:`minigrad.graph` and return a ``graphviz.Digraph``: it displays inline in
Jupyter and ``.render("name", format="png")`` writes a file; these and ``.pipe`` lay the graph out with
:func:`minigrad.render.render`, so they need no Graphviz installed. DOT node names and SVG ids are the
model's ids (``t0``, ``f3``), so the same computation always gives the same DOT source.

* ``make_dot(out, params=None, show_attrs=False, show_saved=False, max_attr_chars=50)``: torchviz's
  picture of the backward graph. Grey boxes are grad_fn nodes; light-blue boxes are the leaves their
  ``AccumulateGrad`` fills (named from ``params``, with their shape); the output is green; saved
  tensors are orange. ``show_data=True`` / ``show_grad=True`` add each drawn tensor's value / ``.grad``.
* ``draw_graph(out, names=None, frame=False, ...)``: the picture the lecture notes draw, whose nodes
  are tensors (name, shape, value, grad) and whose edges are the operations. Leaves, non-leaves,
  tensors that retain their grad, tensors that need no grad and the outputs look different; a legend
  says how.

SVG ids (graphviz copies ``id`` into ``<g id=...>``): nodes are the model's ids; make_dot's saved
tensors are ``<function id>_saved<k>``; make_dot's edges are the model's ``Edge.id`` for next-function
edges and ``<tail>_<head>`` for the others; draw_graph's edges are ``<function id>_<input index>_<output
id>``, one per (input, output) pair of the function.

All user text (names, values) is escaped: a tensor named ``<b>x</b>`` is shown as typed. A graph
whose layout size (its nodes, plus the ranks its long edges cross: :func:`layout_size`) is over
``max_nodes`` (default :data:`MAX_NODES`, what ``dot`` lays out in under a second) is refused with a
ValueError that says what to do, instead of keeping ``dot`` busy for minutes; ``nslimit``/``mclimit``
bound the layout time of tangled graphs.
"""

import html
import os
import pathlib

import graphviz
from graphviz.backend.rendering import get_outfile

from .graph import GraphTooLarge, extract, is_pytorch, not_minigrad
from .render import LAYOUT_LIMITS, render
from .size import shape_text
from .tensor import Tensor

# The largest layout size (nodes, plus the ranks long edges cross: see layout_size) drawn without
# being asked. benchmarks/bench_viz.py, dot CPU time with LAYOUT_LIMITS: 1000-node chains take 0.08 s
# (make_dot) and 0.48 s (draw_graph, whose HTML labels cost more), a layout size of ~4350 about 1 s,
# a 2500-node draw_graph chain 2.7 s. At 1000 the slowest graph of each kind measured (chain,
# skip connections, tangled) lays out in under half a second: room for a busy machine. The bundled Graphviz
# (minigrad.render's default) took about as long or less, except draw_graph's 1000-node chain: 0.92 s
# against dot's 0.80 s, one run on a busy machine.
MAX_NODES = 1000

LEAF, OUTPUT, SAVED = "lightblue", "darkolivegreen1", "orange"  # torchviz's colours
NONLEAF, NOGRAD = "#f0f0f0", "white"


def make_dot(
    var,
    params=None,
    show_attrs=False,
    show_saved=False,
    max_attr_chars=50,
    *,
    show_data=False,
    show_grad=False,
    max_nodes=MAX_NODES,
):
    """Mirror torchviz's ``make_dot``: draw the backward graph of ``var`` (a tensor or a tuple of them).

    ``params`` maps names to the leaves to label; ``show_attrs`` lists what each node kept for
    backward, values cut at ``max_attr_chars``; ``show_saved`` draws the saved tensors. minigrad
    extras: ``show_data``/``show_grad`` print values and grads in the tensor boxes; ``max_nodes``
    (default :data:`MAX_NODES`; None for no limit) is the layout size past which it raises
    ValueError instead of drawing.
    """
    if params is not None:
        bad = [k for k, v in params.items() if not isinstance(v, Tensor)]
        if bad and is_pytorch(params[bad[0]]):
            raise not_minigrad(f"make_dot (params[{bad[0]!r}])", params[bad[0]])
        if bad:
            raise TypeError(f"make_dot: params must map names to tensors; {bad[0]!r} is not a tensor")
    g = _extract("make_dot", var, max_nodes, params=params, saved=show_saved or show_attrs)
    leaves = {f.variable for f in g.functions if f.variable is not None}
    dot = Drawing(
        node_attr=dict(
            style="filled", shape="box", align="left", fontsize="10", ranksep="0.1", height="0.2",
            fontname="monospace",
        ),
        graph_attr=dict(size="12,12", **LAYOUT_LIMITS),
    )  # fmt: skip

    def tensor_box(t, fill, title=None, node_id=None):
        lines = [_text(title if title is not None else (t.name or "")), _shape(t.shape)]
        if show_data and t.value is not None:
            lines += _multiline(t.value)
        if show_grad:
            lines += _multiline(f"grad: {t.grad}")
        dot.node(node_id or t.id, _html("<BR/>".join(lines)), fillcolor=fill, id=node_id or t.id)

    for f in g.functions:
        if f.variable is not None:
            leaf = g[f.variable]
            tensor_box(leaf, OUTPUT if leaf.is_output else LEAF)
            dot.edge(leaf.id, f.id, id=f"{leaf.id}_{f.id}")
        dot.node(f.id, _html(_function_label(f, show_attrs, max_attr_chars)), id=f.id)
        for e in g.edges:
            if e.src == f.id and e.kind == "next":
                dot.edge(e.dst, e.src, id=e.id)
        if show_saved:
            for k, (name, tid) in enumerate(f.saved):
                sid = f"{f.id}_saved{k}"
                tensor_box(g[tid], SAVED, title=name, node_id=sid)
                dot.edge(f.id, sid, dir="none", id=f"{f.id}_{sid}")
            for k, kept in enumerate(f.kept, start=len(f.saved)):  # numbers and index tensors
                sid = f"{f.id}_saved{k}"
                dot.node(sid, _html(f"{_text(kept.name)}<BR/>{_shape(kept.shape)}"), fillcolor=SAVED, id=sid)
                dot.edge(f.id, sid, dir="none", id=f"{f.id}_{sid}")
    for tid in g.outputs:
        t = g[tid]
        if tid not in leaves:
            tensor_box(t, OUTPUT)
        if t.grad_fn is not None:
            dot.edge(t.grad_fn, t.id, id=f"{t.grad_fn}_{t.id}")
    # torchviz's resize_graph: let big graphs grow beyond 12 inches
    size = max(12, len(dot.body) * 0.15)
    dot.graph_attr["size"] = f"{size:g},{size:g}"
    return dot.checked("make_dot", max_nodes)


def draw_graph(
    outputs,
    names=None,
    *,
    frame=False,
    trace=None,
    show_data=True,
    show_grad=True,
    legend=True,
    max_nodes=MAX_NODES,
):
    """Draw the tensor view of the graph behind ``outputs``: one box per tensor, one edge per
    (input, output) pair of each op, labelled with the op (``add``, ``mm``, ``MyReLU``).

    Names come from ``names`` ({name: tensor}, e.g. ``locals()``) and, with ``frame=True``, from the
    caller's variables. ``trace`` (from :func:`minigrad.graph.record`) adds the inputs that need no
    grad, which the backward graph does not keep. ``max_nodes`` as in :func:`make_dot`. There is no
    PyTorch counterpart; the picture is the lecture notes' (004), in torchviz's colours.
    """
    if frame is True:
        import sys

        frame = sys._getframe(1)
    g = _extract("draw_graph", outputs, max_nodes, names=names, frame=frame or None, trace=trace)
    dot = Drawing(
        node_attr=dict(shape="box", style="filled,rounded", fontname="DejaVu Sans", fontsize="11", margin="0.1,0.05"),
        edge_attr=dict(fontname="monospace", fontsize="10", color="gray35", fontcolor="gray20"),
        graph_attr=dict(ranksep="0.55", nodesep="0.35", **LAYOUT_LIMITS),
    )
    for t in g.tensors:
        dot.node(t.id, _html(_tensor_table(t, show_data, show_grad)), id=t.id, **_tensor_style(t))
    for f in g.functions:
        if f.variable is not None:
            continue
        for i, src in enumerate(f.inputs):
            if src is None:
                continue
            for dst in f.outputs:
                label = f" {_text(f.op)} "
                if len(f.outputs) > 1:
                    label = f" {_text(f.op)}[{g[dst].output_nr}] "
                dot.edge(src, dst, xlabel=_html(label), id=f"{f.id}_{i}_{dst}")
    if legend:
        dot.attr(label=_html(_LEGEND), labelloc="b", labeljust="l", fontname="DejaVu Sans", fontsize="10")
    return dot.checked("draw_graph", max_nodes)


# -- pieces --------------------------------------------------------------------------------------


class Drawing(graphviz.Digraph):
    """A ``graphviz.Digraph`` that lays itself out with :func:`minigrad.render.render` (the bundled Graphviz or
    ``dot``) wherever graphviz's own ``pipe``, ``render`` and notebook display would run the ``dot`` program, so it
    draws on a machine without Graphviz installed; it remembers its nodes and edges, to measure its layout size
    before it is returned. ``make_dot``, ``draw_graph`` and the lessons' diagrams draw with it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._nodes, self._edges = [], []

    def node(self, name, *args, **kwargs):
        self._nodes.append(name)
        super().node(name, *args, **kwargs)

    def edge(self, tail, head, *args, **kwargs):
        self._edges.append((tail, head))
        super().edge(tail, head, *args, **kwargs)

    def checked(self, who, max_nodes):
        _check_size(who, layout_size(self._nodes, self._edges), max_nodes)
        return self

    # graphviz's hooks (its "mocking" properties) for the functions that run dot: pipe and render keep their
    # own argument checks and file naming, and call these instead

    @property
    def _pipe_lines(self):
        def pipe_lines(engine, format, input_lines, *, input_encoding, **options):
            return render("".join(input_lines), _format(format, **options), engine=engine)

        return pipe_lines

    @property
    def _pipe_lines_string(self):
        def pipe_lines_string(engine, format, input_lines, *, encoding, **options):
            return render("".join(input_lines), _format(format, **options), engine=engine).decode(encoding)

        return pipe_lines_string

    @property
    def _render(self):
        def render_file(engine, format, filepath, renderer=None, formatter=None, neato_no_op=None, quiet=False,
                        *, outfile=None, raise_if_result_exists=False, overwrite_filepath=False):  # fmt: skip
            if outfile is None:
                outfile = get_outfile(filepath, format=format, renderer=renderer, formatter=formatter)
            if raise_if_result_exists and os.path.exists(outfile):
                raise graphviz.FileExistsError(f"output file exists: {os.fspath(outfile)!r}")
            source = pathlib.Path(filepath).read_text(encoding=self.encoding)
            picture = render(source, _format(format, renderer, formatter, neato_no_op), engine=engine)
            pathlib.Path(outfile).write_bytes(picture)
            return os.fspath(outfile)

        return render_file


def _format(format, renderer=None, formatter=None, neato_no_op=None, quiet=False):
    """dot's ``-T`` value (``png:cairo``); ``neato_no_op`` is a neato option no minigrad drawing needs."""
    if neato_no_op:
        raise ValueError("minigrad's drawings do not support neato_no_op")
    return ":".join(part for part in (format, renderer, formatter) if part)


def layout_size(nodes, edges):
    """What dot lays out: the nodes plus one virtual node per rank an edge crosses beyond the next
    (dot routes long edges through chains of them). Ranks are longest-path layers, an upper bound of
    dot's. This, more than the node count, is what the layout time follows (benchmarks/bench_viz.py)."""
    nodes = list(dict.fromkeys(nodes))
    preds, succs = {n: [] for n in nodes}, {n: [] for n in nodes}
    for tail, head in edges:
        succs.setdefault(tail, []).append(head)
        preds.setdefault(head, []).append(tail)
    waiting = {n: len(p) for n, p in preds.items()}
    nodes = list(preds)
    rank = {}
    ready = [n for n in nodes if waiting[n] == 0]
    while ready:
        n = ready.pop()
        rank[n] = max((rank[p] + 1 for p in preds[n]), default=0)
        for s in succs[n]:
            waiting[s] -= 1
            if waiting[s] == 0:
                ready.append(s)
    return len(nodes) + sum(max(0, rank[h] - rank[t] - 1) for t, h in edges)


def _extract(who, outputs, max_nodes, **kwargs):
    try:
        # the model has about two nodes per drawn node: stop walking well before a huge graph is read
        return extract(outputs, max_nodes=None if max_nodes is None else 3 * max_nodes, who=who, **kwargs)
    except GraphTooLarge:
        _check_size(who, None, max_nodes)


def _check_size(who, n, max_nodes):
    if max_nodes is None or (n is not None and n <= max_nodes):
        return
    if n is None:
        size = f"it has more than {3 * max_nodes} nodes"
    else:
        size = f"its layout size is {n} (its nodes plus one per rank a long edge crosses)"
    raise ValueError(
        f"{who}: this graph is too big to draw quickly: {size}, over max_nodes={max_nodes}. Draw a part of it "
        f"by passing an intermediate tensor instead of the final one, or pass max_nodes=None to draw it all "
        f"(dot may then take many seconds; {MAX_NODES} takes about one, see benchmarks/bench_viz.py)."
    )


def _text(s):
    """User text, escaped for an HTML-like graphviz label."""
    return html.escape(str(s), quote=True)


def _html(body):
    return f"<{body}>"


def _multiline(s):
    return [_text(line) for line in s.split("\n")]


def _shape(shape):
    return "(" + ", ".join(str(d) for d in shape) + ")"  # torchviz's size_to_str: (3, 1), () for scalars


def _function_label(f, show_attrs, max_attr_chars):
    """The node's class name; with ``show_attrs``, torchviz's table of what it kept for backward (its
    ``_saved_*`` attributes by name: names left-aligned, values right-aligned, cut at ``max_attr_chars``)."""
    if not show_attrs:
        return _text(f.label)
    attrs = dict(f.attrs)
    attrs.update((name, "[saved tensor]") for name, *_ in (*f.saved, *f.kept) if "[" not in name)
    if not attrs:
        return _text(f.label)
    attrs = dict(sorted(attrs.items()))
    key_width = max(len(k) for k in attrs)
    value_width = min(max(len(v) for v in attrs.values()), max(max_attr_chars, 3))
    rows = [f"{k:<{key_width}}: {(v if len(v) <= value_width else v[: value_width - 3] + '...'):>{value_width}}"
            for k, v in attrs.items()]  # fmt: skip
    sep = "-" * max(key_width + value_width + 2, len(f.label))
    return '<BR ALIGN="LEFT"/>'.join(_text(line) for line in [f.label, sep, *rows]) + '<BR ALIGN="LEFT"/>'


def _tensor_style(t):
    if t.kind == "nograd":
        return dict(fillcolor=NOGRAD, style="filled,rounded,dashed", color="gray45", fontcolor="gray30")
    style = dict(fillcolor=OUTPUT if t.is_output else LEAF if t.kind == "leaf" else NONLEAF)
    if t.retains_grad:
        style.update(peripheries="2", color="darkorange3")
    return style


def _tensor_table(t, show_data, show_grad):
    name = f"<B>{_text(t.name)}</B>" if t.name else '<FONT COLOR="gray40"><I>(unnamed)</I></FONT>'
    role = {"leaf": "leaf", "nonleaf": "non-leaf", "nograd": "no grad"}[t.kind]
    if t.retains_grad:
        role += ", retain_grad"
    size = shape_text(t.shape) if t.shape else "scalar"
    rows = [name, f'<FONT POINT-SIZE="9" COLOR="gray25">{size} {_text(t.dtype)}, {role}</FONT>']
    if show_data:
        value = "(value not kept)" if t.value is None else t.value
        rows.append(_mono("data ", value))
    if show_grad and t.requires_grad:
        rows.append(_mono("grad ", str(t.grad)))
    align = ["", ""] + [' ALIGN="LEFT"'] * (len(rows) - 2)  # names centred, numbers flush left
    cells = "".join(f"<TR><TD{a}>{r}</TD></TR>" for a, r in zip(align, rows))
    return f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">{cells}</TABLE>'


def _mono(prefix, text):
    lines = text.split("\n")
    pad = " " * len(prefix)
    body = '<BR ALIGN="LEFT"/>'.join(_text(p + line) for p, line in zip([prefix] + [pad] * len(lines), lines))
    return f'<FONT FACE="monospace" POINT-SIZE="10">{body}<BR ALIGN="LEFT"/></FONT>'


def _legend():
    def cell(text, fill, extra=""):
        return f'<TD BGCOLOR="{fill}" BORDER="1" {extra}>{text}</TD>'

    return (
        '<TABLE BORDER="0" CELLSPACING="4" CELLPADDING="3"><TR>'
        + cell("leaf (requires grad)", LEAF)
        + cell("non-leaf", NONLEAF)
        + cell("retain_grad (double border)", NONLEAF, 'COLOR="darkorange3"')
        + cell("no grad (dashed)", NOGRAD, 'STYLE="dashed"')
        + cell("output", OUTPUT)
        + "</TR></TABLE>"
    )


_LEGEND = _legend()
