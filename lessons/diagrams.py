"""The "Tensor and Function" diagram of the PyTorch Computational Graphs notebook (seed 002), drawn from live
objects: each tensor as a record of its autograd attributes (data, requires_grad, grad, grad_fn, is_leaf), each
Function node with its name, and the links autograd keeps between them: ``grad_fn`` (tensor to the Function that
made it), ``next_functions`` (Function to the Functions of its inputs) and ``variable`` (an ``AccumulateGrad`` node
to its leaf). Only public attributes are read, so PyTorch tensors are drawn the same way.
"""

import html
import warnings

from minigrad.viz import Drawing

TENSOR, LEAF, FUNCTION, ACCUMULATE = "#f0f0f0", "lightblue", "#fff2cc", "#e2e2e2"


def tensor_function_diagram(tensors):
    """Draw ``tensors`` ({name: tensor}) and every Function reachable from their ``grad_fn``; returns a
    ``graphviz.Digraph`` (shown inline in Jupyter; ``.render(name, format="png")`` writes a file), laid out by
    :func:`minigrad.render.render`, so it needs no Graphviz installed."""
    dot = Drawing(
        graph_attr=dict(rankdir="BT", ranksep="0.5", nodesep="0.4"),
        node_attr=dict(fontname="DejaVu Sans", fontsize="11"),
        edge_attr=dict(fontname="DejaVu Sans", fontsize="9", color="gray30", fontcolor="gray25"),
    )
    ids = {}
    for name, t in tensors.items():
        tid = f"t_{len(ids)}"
        ids[id(t)] = tid
        dot.node(tid, _record(name, t), shape="plaintext", id=tid)
    seen, todo = {}, [t.grad_fn for t in tensors.values() if t.grad_fn is not None]
    while todo:
        fn = todo.pop(0)
        if fn in seen:
            continue
        fid = f"f_{len(seen)}"
        seen[fn] = fid
        todo.extend(n for n, _ in fn.next_functions if n is not None and n not in seen)
    for fn, fid in seen.items():
        label = fn.name().replace("torch::autograd::", "")
        dot.node(fid, label, shape="box", style="filled,rounded",
                 fillcolor=ACCUMULATE if label == "AccumulateGrad" else FUNCTION, id=fid)
        for i, (child, _) in enumerate(fn.next_functions):
            if child is not None:
                dot.edge(fid, seen[child], label=f" next_functions[{i}] ", id=f"{fid}_next{i}")
        variable = getattr(fn, "variable", None)
        if variable is not None and id(variable) in ids:
            dot.edge(fid, ids[id(variable)], label=" variable ", style="dotted", id=f"{fid}_variable")
    for t in tensors.values():
        if t.grad_fn is not None and t.grad_fn in seen:
            dot.edge(ids[id(t)], seen[t.grad_fn], label=" grad_fn ", color="royalblue3", fontcolor="royalblue4",
                     id=f"{ids[id(t)]}_grad_fn")
    dot.attr(label=_LEGEND, labelloc="b", labeljust="l", fontname="DejaVu Sans", fontsize="10")
    return dot


_LEGEND = (r"grad_fn: the Function that made a tensor\lnext_functions: the Functions that made its inputs\l"
           r"variable: the leaf whose .grad an AccumulateGrad fills\l")


def _record(name, t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reading a non-leaf's .grad warns; the diagram shows it as None
        grad = t.grad
    grad_fn = "None" if t.grad_fn is None else t.grad_fn.name().replace("torch::autograd::", "")
    rows = [("data", _values(t)), ("requires_grad", t.requires_grad), ("grad", "None" if grad is None else
            _values(grad)), ("grad_fn", grad_fn), ("is_leaf", t.is_leaf)]
    fill = LEAF if t.is_leaf and t.requires_grad else TENSOR
    cells = "".join(f'<TR><TD ALIGN="LEFT"><FONT COLOR="gray30">{k}</FONT></TD>'
                    f'<TD ALIGN="LEFT"><FONT FACE="DejaVu Sans Mono">{html.escape(str(v))}</FONT></TD></TR>'
                    for k, v in rows)
    return (f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="0" CELLPADDING="3" BGCOLOR="{fill}">'
            f'<TR><TD COLSPAN="2"><B>Tensor {html.escape(name)}</B></TD></TR>{cells}</TABLE>>')


def _values(t):
    """The values as the tensor prints them (``tensor([0.3333])`` shows ``[0.3333]``)."""
    text = str(t.detach())
    return text[len("tensor("):-1] if text.startswith("tensor(") else text
