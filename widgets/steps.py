"""From a Trace and the graph model to steps: the data the widget's JavaScript plays.

Every drawn element (tensor, function, edge) has the graph model's id and a few
fixed text slots (see ``layout.SLOTS``). A step is a small dict:

* ``k``: kind (``fwd``, ``bwd``, ``err``);
* ``l``: the code lines ``[first, last]`` it belongs to (or None);
* ``t``: caption lines (the chain rule with numbers, what a hook did, ...);
* ``f`` (optional): the index in ``t`` of a footnote line (PyTorch's formula), shown on one line until clicked;
* ``o``: text the code printed during the step;
* ``h``: ids highlighted while this step is the current one;
* ``c``: changes, each ``[id, slot, text]`` (set a text slot), ``[id, "+", cls]`` /
  ``[id, "-", cls]`` (add or remove a class) or ``[id, "i", {field: text}]`` (merge fields into the
  element's info record: what hovering shows and a click pins, every value in full as torch prints
  it), kept for the following steps.

The JavaScript applies ``c`` going forward and undoes it going back; it never
needs to know what a tensor or a gradient is.
"""

import ast
import math
import re
import textwrap

import numpy as np

from minigrad.autograd.observer import BEGIN, INPUTS, NODE_HOOK, OP
from minigrad.dtypes import from_numpy_dtype
from minigrad.graph import SUMMARY_MAX_ELEMENTS, TensorNode, extract, one_line, slot, summarize
from minigrad.size import Size
from minigrad.tensor import Tensor

from .formula import as_passed, chain_rule_lines, clip, number_text, shape_text, tensor_text, torch_names_line
from .layout import (
    EDGE_TEXT,
    GRAD,
    LABEL,
    LONG_LABEL,
    NAME,
    SHAPE,
    STATUS,
    STATUS_MORE,
    VALUE,
    WIDTH,
    classes_for,
    fit,
)  # fmt: skip
from .trace import ERROR, FILENAME, STATEMENT, Value, kept_grad, passes_module_inputs

MAX_OPS_LISTED = 6  # a statement that runs more ops is summarised in one line
NUMBER = "a number"  # an op's argument that was a Python number the graph did not keep (a replayed graph)
REDUCTIONS = {"0": "none", "1": "mean", "2": "sum"}  # a loss's reduction as torch's nodes save it -> as code writes it
COPY_SLICES = ("(PyTorch's CopySlices: the grad_fn of a tensor written in place through a view of it; its backward "
               "passes the gradient on unchanged outside the view and runs the in-place op's node on the view's part)")


class Canvas:
    """What the picture shows after each step, and the changes that lead there."""

    def __init__(self):
        self.text = {}
        self.classes = {}
        self.infos = {}
        self.steps = []
        self._reset()

    def _reset(self):
        self.changes, self.hl, self.lines, self.output, self.note = [], [], [], [], None

    def set_text(self, eid, slot, text, width):
        self.set_line(eid, slot, clip(text, width))

    def set_line(self, eid, slot, text):
        """Set a text slot to ``text`` as it is (a tensor box's line: already fitted by :func:`layout.fit`)."""
        if self.text.get((eid, slot), "") != text:
            self.text[(eid, slot)] = text
            self.changes.append([eid, slot, text])

    def add_class(self, eid, cls):
        have = self.classes.setdefault(eid, set())
        if cls not in have:
            have.add(cls)
            self.changes.append([eid, "+", cls])

    def remove_class(self, eid, cls):
        have = self.classes.setdefault(eid, set())
        if cls in have:
            have.discard(cls)
            self.changes.append([eid, "-", cls])

    def info(self, eid, **fields):
        """Merge ``fields`` into ``eid``'s info record (a None field removes it); only changed fields are sent."""
        have = self.infos.setdefault(eid, {})
        diff = {k: v for k, v in fields.items() if (k in have if v is None else have.get(k) != v)}
        for k, v in diff.items():
            if v is None:
                del have[k]
            else:
                have[k] = v
        if diff:
            self.changes.append([eid, "i", diff])

    def highlight(self, *ids):
        self.hl.extend(i for i in ids if i is not None and i not in self.hl)

    def say(self, line):
        self.lines.append(line)

    def footnote(self, line):
        """A caption line shown on one line until clicked (PyTorch's formula: long, and in the info record too);
        the step's ``f`` is its index among the step's lines."""
        self.note = len(self.lines)
        self.lines.append(line)

    @property
    def busy(self):
        return bool(self.changes or self.lines or self.output or self.hl)

    def commit(self, kind, where):
        """Close the current step (if anything happened in it). Changes with nothing to say (a name
        bound after a backward call) join the statement's previous step."""
        if self.changes and not (self.lines or self.output or self.hl) and self.steps and self.steps[-1]["l"] == where:
            self.steps[-1]["c"].extend(self.changes)
        elif self.busy:
            if self.output and not self.lines and where:  # a print(): the caption says where the text below is from
                self.lines.append(f"line {where[0]} printed this:" if where[0] == where[1]
                                  else f"lines {where[0]} to {where[1]} printed this:")  # fmt: skip
            self.steps.append({
                "k": kind, "l": where, "t": self.lines, "o": "".join(self.output), "h": self.hl, "c": self.changes,
                **({"f": self.note} if self.note is not None else {}),
            })  # fmt: skip
        self._reset()


def extract_for_trace(trace, max_nodes=None):
    """The graph model of everything a trace touched (one call to :func:`minigrad.graph.extract`, which
    reads what each node saved from the trace's op records: backward has freed it since)."""
    records, outputs, consumed = [], [], set()
    for ev in trace.events:
        if ev.kind == OP:
            records.append(ev.info["record"])
            consumed.update(id(t) for t in ev.info["record"].inputs)
    seen = set()
    for ev in trace.events:
        tensors = ()
        if ev.kind == STATEMENT:
            tensors = ev.info["bound"].values()
        elif ev.kind == OP and ev.info["record"].node is not None:
            tensors = [t for t in ev.info["record"].outputs if id(t) not in consumed]
        for t in tensors:
            if id(t) not in seen:
                seen.add(id(t))
                outputs.append(t)
    return extract(outputs, trace=records, saved=True, max_nodes=max_nodes)


def arguments(fn):
    """The op's non-tensor arguments among a function node's saved attributes (the graph model's ``attrs``):
    not its inputs, not the sizes and strides torch also saves, nor ``alpha``/``beta`` at their default of 1; ints as
    the code passed them (``ignore_index=-100``, which torch shows unsigned)."""
    derived = ("_sym_sizes", "_sym_strides", "_sym_numel")
    return {k: as_passed(v) for k, v in fn.attrs.items() if k not in fn.input_names and not k.endswith(derived)
            and not (k in ("alpha", "beta") and v == "1")}  # fmt: skip


class StepBuilder:
    """Walk a trace's events in order and write the steps on a :class:`Canvas`."""

    def __init__(self, graph, statements=(), replay=False, lines=()):
        self.g = graph
        self.statements = statements
        self.lines = lines  # the code's lines, to name a node by the line that made it
        self.made_at = {}  # function id -> the code line (1-based) whose op recorded it
        self.source = {}  # function id -> the code whose value its result is (``(a * b)``, ``lin(x)``)
        self.call = None  # the call the last op ran in: (its span and statement, results standing for it, ops)
        self.inside = {}  # function id -> the call whose value its result is not (``lin(x)`` for t(lin.weight))
        self.grouped = {}  # function id -> the call of several ops it ran in
        self.explained = set()  # node types whose PyTorch formula a caption has spelled out
        self.constants = {}  # tensor id -> how captions name a constant (its value, printed once)
        self.replay = replay
        self.canvas = Canvas()
        for eid, classes in classes_for(graph).items():
            self.canvas.classes[eid] = set(classes)
        self.appeared = set()
        self.name = {}  # tensor id -> the name shown
        self.holder = {}  # variable name -> tensor id it names now
        self.rebound = {}  # variable name -> how many tensors it named before the one it names now
        self.ops = {}  # function id -> what its forward op recorded
        self.pending = None  # the backward node being run: (function id, grads arriving)
        self.last_event = None  # the kind of the event handled last
        self.node_hooks = []  # its hooks' reports (register_hook on the node), shown after it
        self.accumulating = True  # leaves' .grad accumulate in this backward (autograd.grad: they do not)
        self.create_graph = False  # this backward records a graph of its own, and keeps the one it ran through
        self.create_graph_said = False  # a caption of this backward pass has said what create_graph records
        self.arrived = {}  # (function id, output_nr) -> [(from, Value)]: grads summed by the engine
        self.kept = {}  # tensor id -> True if its grad slot shows a kept .grad (not one passing through)
        self.stmt = 0
        self.stmt_start = 0  # the index of the statement's first step
        self.op_notes = []  # forward ops of the current step: (function id, op, inputs, outputs, values)
        self.freed_said = False
        self.hooks = {}  # tensor id -> hooks registered on it so far
        self.post_hooks = {}  # leaf tensor id -> post-accumulate-grad hooks registered on it so far
        self.requires = {}  # leaf tensor id -> its requires_grad as the steps last showed it
        self.detach_said = set()  # graph tensors whose ``.detach()`` a caption has explained
        self.changed_off = {}  # tensor id -> the switch (``torch.no_grad()``) on while an op changed it in place
        self.data_touched = set()  # graph tensors whose ``.data`` an op of this statement used
        self.data_now = {}  # tensor id -> its value after a change through ``.data`` (backward reads that one)

    def forward_from_graph(self):
        """Forward steps for a graph that already exists: one per function, in creation order."""
        for t in self.g.tensors:
            if t.name:
                self.name[t.id] = t.name
        for fn in self.g.functions:
            if fn.variable is not None:
                continue
            numbers = {k.name: k.value for k in fn.kept if k.number}  # x * 2 keeps 2 as other
            values = tuple(self.live_value(tid) if tid is not None else numbers.get(name)
                           for tid, name in zip(fn.inputs, fn.input_names))  # fmt: skip
            args = arguments(fn)
            self.ops[fn.id] = {"input_values": values, "params": args,
                               "output_values": tuple(self.live_value(t) for t in fn.outputs)}  # fmt: skip
            for tid in fn.inputs:
                self.show_existing(tid)
            self.show_function(fn.id)
            for e in self.g.input_edges(fn.id).values():
                self.show_edge(e)
            self.show_accumulators(fn.id)
            for tid in fn.outputs:
                self.show_existing(tid)
            for e in self.g.output_edges(fn.id):
                self.show_edge(e)
            self.op_notes.append((fn.id, None, fn.inputs, fn.outputs, values, args))
            self.commit("fwd")
        for t in self.g.tensors:
            self.show_existing(t.id)
        self.commit("fwd")

    def live_value(self, tid):
        """The value of tensor ``tid`` now, or what its node saved of it where the tensor itself is gone."""
        if tid is None:
            return None
        node = self.g[tid]
        return Value.of(node.tensor) if node.tensor is not None else Value.of(node.saved)

    def show_existing(self, tid):
        if tid is None or tid in self.appeared:
            return
        self.show_tensor(tid)
        node = self.g[tid]
        if node.tensor is None:
            return
        grad = kept_grad(node.tensor)
        if grad is not None:
            self.set_grad(tid, Value.of(grad), kept=True)
        if node.retains_grad:
            self.canvas.add_class(tid, "retains")
            self.canvas.info(tid, retains_grad="True")
        if node.hooks:
            self.canvas.add_class(tid, "hooked")

    def show_accumulators(self, fid):
        """An input that needs grad is reached through its AccumulateGrad: show it with its leaf."""
        for child, _ in self.g[fid].next:
            if child is not None and self.g[child].variable is not None:
                self.show_function(child)

    # -- ids --------------------------------------------------------------------------------------
    def where(self):
        if not self.statements:
            return None
        s = self.statements[min(self.stmt, len(self.statements) - 1)]
        return [s.first, s.last]

    def commit(self, kind):
        notes, self.op_notes = self.op_notes, []
        lines, listed = [], notes[:MAX_OPS_LISTED]
        calls = [self.grouped.get(n[0]) for n in listed]
        for k, n in enumerate(listed):
            if calls[k] and (k == 0 or calls[k - 1] != calls[k]):  # the ops of one call under a heading
                many = next((j for j in range(k, len(calls)) if calls[j] != calls[k]), len(calls)) - k
                lines.append(f"{calls[k]} runs {many} op{'s' if many > 1 else ''}:")
            lines.append(self.op_note(*n))
            lines.extend(self.detach_notes(n[0], n[3], n[7] if len(n) > 7 else ()))
        if len(notes) > MAX_OPS_LISTED:
            more = len(notes) - MAX_OPS_LISTED
            lines.append(f"... and {more} more op{'s' if more > 1 else ''}")
        if notes and kind == "bwd" and self.create_graph:  # the ops a backward node ran, recorded for a later pass
            said, self.create_graph_said = self.create_graph_said, True
            lines.insert(0, "create_graph=True: computing it recorded these ops too:" if said else
                         "create_graph=True, so computing it recorded these ops (a graph of the gradient, for a "
                         "second derivative):")  # fmt: skip
            self.canvas.lines.extend(lines)  # after the node's chain rule, which they compute
        else:
            self.canvas.lines[:0] = lines
            if self.canvas.note is not None:
                self.canvas.note += len(lines)
        self.canvas.commit(kind, self.where())

    def op_note(self, fid, op, ins, outs, values, params, grad_off=None, detached=()):
        """One line per forward op, written when the step closes (so that it knows the names bound); ``grad_off``:
        the switch that turned recording off while it ran (``torch.no_grad()``), if one did; ``detached[i]``: the
        graph tensor that input i is the ``.detach()`` of (``h.detach()``, a tensor the graph does not show)."""
        args = [_bare(self.label(t)) if t else self.detach_text(d) or self.number(v)
                for t, v, d in zip(ins, values, (*detached, *[None] * len(ins)))]  # fmt: skip
        args = self.call_arguments(fid, args, params)
        made = ", ".join(self.name[t] for t in outs if t and self.name.get(t))
        call = f"{self.g[fid].op if fid else op.__name__.lower()}({', '.join(args)})"
        call = f"{made} = {call}" if made else call
        if fid is None and grad_off and any(t is not None and self.g[t].requires_grad for t in ins):
            return (f"{call}: {grad_off} is on, so nothing is recorded: {made or 'the result'} has requires_grad=False "
                    "and no grad_fn")  # fmt: skip
        if fid is None:
            return f"{call}: needs no grad, so no node is recorded"
        label = self.g[fid].label
        around = self.g.runs_inside(fid)
        code = self.in_place_code(fid, made, ins) if around is None and made else None
        if code:
            return f"{code}: records {label} in place: {made}'s grad_fn is now {label}, its old value overwritten"
        if around is None:
            return f"{call}: records {label}"
        base = self.formula_name(self.g[around].outputs[0]) if self.g[around].outputs else None
        whose, of = (f"{base}'s", f" of {base}") if base else ("its base's", "")  # a base no variable names yet
        return (f"{call}: records {label}, in place on a view{of}: {whose} grad_fn becomes CopySlices, which runs "
                f"{label} on the view's part of {whose} gradient")

    def in_place_code(self, fid, made, ins):
        """The code of an in-place op on the tensor named ``made`` (``h.add_(1)``, ``h += 1``) that recorded ``fid``,
        or None where the op made a new tensor (``total += z`` where total was the number 0)."""
        if not any((self.name.get(t) or "").split(" (")[0] == f"was {made}" for t in ins if t is not None):
            return None
        code = self.source.get(fid, "")
        if code.startswith(f"{made}.") and re.fullmatch(r"[\w.]+_\(.*\)", code):
            return code
        line = self.made_at.get(fid)
        text = self.lines[line - 1].strip() if line and line <= len(self.lines) else ""
        return text if re.fullmatch(rf"{re.escape(made)} *(\*\*|//|[-+*/@%])= *[^=].*", text) else None

    # -- appearing --------------------------------------------------------------------------------
    def show_tensor(self, tid, value=None):
        if tid is None or tid in self.appeared:
            return
        self.appeared.add(tid)
        node, c = self.g[tid], self.canvas
        c.remove_class(tid, "off")
        self.show_name(tid)
        dtype = "" if node.dtype == "float32" else " " + node.dtype
        c.set_line(tid, SHAPE, fit(shape_text(node.shape) + dtype))
        text = value.text if value is not None else node.value
        if value is not None:
            c.set_line(tid, VALUE, box_line("= ", value))
        else:
            c.set_line(tid, VALUE, fit("= " + text if text is not None else "value not kept"))
        if value is None and node.tensor is not None:
            value = Value.of(node.tensor)
        grad_fn = self.g[node.grad_fn].label if node.grad_fn is not None else None
        c.info(tid, title=self.title(tid), value=value.full if value is not None else text or "(not kept)",
               grad="None", shape=repr(Size(node.shape)), dtype=repr(from_numpy_dtype(np.dtype(node.dtype))),
               requires_grad=str(node.requires_grad), is_leaf=str(node.is_leaf),
               retains_grad=str(node.retains_grad and self.replay),
               grad_fn=f"<{grad_fn}>" if grad_fn else "None",
               _version=str(value.version if value is not None else node.version))  # fmt: skip
        c.highlight(tid)

    def show_function(self, fid):
        if fid is None or fid in self.appeared:
            return
        self.appeared.add(fid)
        fn, c = self.g[fid], self.canvas
        c.remove_class(fid, "off")
        c.set_text(fid, LABEL, fn.label, LONG_LABEL)  # a long one is squeezed to fit (layout.squeeze_labels)
        if fn.variable is not None:
            self.show_tensor(fn.variable)
            self.show_edge(self.g.variable_edge(fid))
        elif fn.saved or fn.kept:
            saved = [f"{self.name.get(t) or name} ({'packed' if v is None else f'v{v}'})"
                     for (name, t), v in self.saved(fn)]  # fmt: skip
            saved += [f"{k.name} = {k.text}" if k.number else k.name for k in fn.kept]
            self.set_status(fid, "saved: " + ", ".join(saved))
        else:
            self.set_status(fid, "saves no tensor")
        c.info(fid, **self.function_info(fn))  # titled by its label, the element's first line
        c.highlight(fid)

    def set_status(self, fid, text):
        """A function node's status, on two lines if it needs them (split after a comma: ``saved: self (v0),`` /
        ``other (v0)``), the class ``two-line`` saying so; what does not fit ends in … (its info record has it all)."""
        width, c = WIDTH["function"], self.canvas
        first, rest = text, ""
        if len(text) > width and ", " in text:
            cut = text.rfind(", ", 0, width)
            cut = cut if cut > 0 else text.index(", ")
            first, rest = text[: cut + 1], text[cut + 2 :]
        c.set_text(fid, STATUS, first, width)
        c.set_text(fid, STATUS_MORE, rest, width)
        (c.add_class if rest else c.remove_class)(fid, "two-line")

    def saved(self, fn):
        """``((name, tensor id), version)`` for each tensor a node saved, with the version it had then (None: packed
        by saved tensors hooks, which keep no version)."""
        versions = fn.saved_versions or (0,) * len(fn.saved)
        return list(zip(fn.saved, versions))

    def saved_text(self, fn):
        """``self = x (version 0), other = w (version 0)``: what a node saved, in torch's and the code's names."""
        parts = []
        for (name, tid), version in self.saved(fn):
            who = self.name.get(tid) if tid is not None else None
            shown = f"{name} = {who}" if who and who != name else name
            parts.append(f"{shown} ({'packed by saved tensors hooks' if version is None else f'version {version}'})")
        parts += [f"{k.name} = {k.text} ({'a number' if k.number else 'not in the graph'})" for k in fn.kept]
        return ", ".join(parts)

    def function_info(self, fn):
        """The detail record of a grad_fn node: its formula in torch's names and what those names are here."""
        if fn.variable is not None:
            return {"does": f"adds the gradient it receives into {self.grad_of(fn.variable)}"}
        if fn.formula:
            lines = [f"{k}: {v}" for k, v in fn.formula.items()]  # as PyTorch's derivatives.yaml writes it
            names = [f"{k} = {self.label(t)}" for k, t in zip(fn.input_names, fn.inputs) if t is not None]
            where = {"names": ", ".join(names)} if names else {}
            return {"formula": "\n".join(lines), **where, "saved": self.saved_text(fn) or "nothing"}
        return {"backward": f"{fn.op}.backward(ctx, grad_output): the Function's own code",
                "saved": self.saved_text(fn) or "nothing"}  # fmt: skip

    def show_edge(self, edge):
        if edge is not None and edge.id not in self.appeared:
            self.appeared.add(edge.id)
            self.canvas.remove_class(edge.id, "off")

    def rename(self, tid, text):
        self.name[tid] = text
        if tid in self.appeared:
            self.show_name(tid)
            self.canvas.info(tid, title=self.title(tid))

    def show_name(self, tid):
        """A tensor's first line: its name, else the code that made it or the op that did, in a call
        (``t(lin.weight)`` in ``lin(x)``), or its value (``tensor(1.5)``) (class ``code``: not a variable)."""
        c = self.canvas
        name = self.name.get(tid)
        c.set_line(tid, NAME, fit(name, bold=True) if name else fit(self.short_label(tid)))
        (c.remove_class if name else c.add_class)(tid, "code")

    def set_grad(self, tid, value, kept):
        """A tensor's grad slot: a kept ``.grad`` (leaves, retain_grad) or a grad passing through."""
        if tid is None:
            return
        c = self.canvas
        c.set_line(tid, GRAD, "" if value is None else box_line("grad ", value, bold=kept))
        if kept:
            c.remove_class(tid, "passing")
            c.info(tid, grad="None" if value is None else value.full, **{"grad arriving": None})
        else:
            c.add_class(tid, "passing")
            c.info(tid, **{"grad arriving": None if value is None else value.full})
        self.kept[tid] = kept and value is not None

    def formula_name(self, tid):
        """The name a chain-rule line uses for a tensor: a variable that names it now, else None."""
        name = self.name.get(tid) if tid else None
        return None if name is None or name.startswith("was ") else name

    def label(self, tid, nested=False):
        """How captions refer to a tensor: its name (``the earlier h`` for one a later statement rebound), else the
        code that made it (``(a * b)``, ``lin(x)``), else its op applied to its inputs (``t(lin.weight)``; one level
        deep: ``add(mul(…), c)``), else its value (``tensor(1.5)``: a constant the code wrote)."""
        if tid is None:
            return "?"
        name = self.name.get(tid)
        if name:
            return f"the earlier {name[4:]}" if name.startswith("was ") else name
        node = self.g[tid]
        if node.grad_fn is None:
            src = self.detached_from(node.tensor) if node.detached else self.data_source(tid)
            return self.detach_text(src) if src is not None else self.constant_label(tid)
        fid = node.grad_fn
        fn = self.g[fid]
        if passes_module_inputs(fn.fn) and fn.inputs[node.output_nr] is not None:
            # one of a Module's inputs, on its way to the Module's forward: named by that input, not by the call
            return f"{fn.op}({_bare(self.label(fn.inputs[node.output_nr], nested=True))})"
        which = f"[{node.output_nr}]" if len(fn.outputs) > 1 else ""  # one of unbind's or split's results
        if fid in self.source:
            return self.source[fid] + which
        if nested:
            return f"{fn.op}(…){which}"
        return self.op_label(tid, params=True)

    def op_label(self, tid, params, nested=True):
        """``op(inputs)`` for the result ``tid`` of a node (its inputs one level deep), with the op's other
        arguments if ``params``."""
        node = self.g[tid]
        fn = self.g[node.grad_fn]
        which = f"[{node.output_nr}]" if len(fn.outputs) > 1 else ""
        values = self.ops.get(node.grad_fn, {}).get("input_values", ())
        args = [_bare(self.label(t, nested=nested)) if t else self.number(v)
                for t, v in zip(fn.inputs, (*values, *[None] * len(fn.inputs)))]  # fmt: skip
        if params:
            args = self.call_arguments(node.grad_fn, args, self.ops.get(node.grad_fn, {}).get("params", {}))
        return f"{fn.op}({', '.join(args)}){which}"

    def number(self, value):
        """A non-tensor argument of an op: its value (``2``, ``None``: layer_norm without a weight), or ``a number``
        in a replayed graph, which keeps no value it did not need."""
        return NUMBER if value is None and self.replay else number_text(value)

    def short_label(self, tid):
        """A label that fits a box: the caption's label, else the op on its inputs without its other arguments
        (``log_softmax(lin(x))``), else the op alone (``addmm(…)``); the info record's title has it in full."""
        text = self.label(tid)
        node = self.g[tid]
        if fit(text) == text or node.grad_fn is None or node.grad_fn in self.source:
            return text
        text = self.op_label(tid, params=False)
        if fit(text) == text:
            return text
        fn = self.g[node.grad_fn]
        return f"{fn.op}(…)" + (f"[{node.output_nr}]" if len(fn.outputs) > 1 else "")

    def detached_from(self, t):
        """The id of the graph tensor whose ``.detach()`` the tensor object ``t`` is (its data, and no history), or
        None."""
        if not isinstance(t, Tensor) or t.requires_grad or t.grad_fn is not None:
            return None
        return next(iter(self.g.holding_data_of(t, same_counter=True)), None)  # not ``.data``: its own counter

    def data_of(self, t):
        """The id of the graph tensor whose ``.data`` the tensor object ``t`` is (its data under a version counter of
        its own), or None."""
        if not isinstance(t, Tensor) or t.requires_grad or self.g.tensor_at(slot(t)) is not None:
            return None
        return next(iter(self.g.holding_data_of(t, same_counter=False)), None)

    def shared_by_leaf(self, tid):
        """For a leaf that requires grad, the graph tensor shown before it whose data and version counter it shares
        (``y = x.detach().requires_grad_()``), or None."""
        t = self.g[tid].tensor
        if t is None or self.g[tid].kind != "leaf" or t._base is not None:
            return None
        return next((i for i in self.g.holding_data_of(t, same_counter=True)
                     if i != tid and i in self.appeared and self.g[i].tensor is not t), None)  # fmt: skip

    def show_data_changes(self):
        """A change made through ``x.data``, which autograd does not count: x's new value, and that backward will
        use it without an error."""
        c = self.canvas
        for tid in sorted(self.data_touched):
            value = Value.of(self.g[tid].tensor)
            line = box_line("= ", value)
            if tid not in self.appeared or c.text.get((tid, VALUE)) == line:
                continue
            self.data_now[tid] = value
            c.set_line(tid, VALUE, line)
            c.info(tid, value=value.full)
            c.say(f"{self.label(tid)}.data changed in place: {self.label(tid)} is now {value_text(value)} but still "
                  f"version {value.version} (.data has a version counter of its own), so backward uses the new values "
                  "without an error")  # fmt: skip
            c.highlight(tid)
        self.data_touched.clear()

    def detach_text(self, src):
        """``h.detach()`` for the detach of graph tensor ``src``, ``x.data`` for ``("data", x's id)`` (None: None)."""
        if src is None:
            return None
        if isinstance(src, tuple):
            label = self.label(src[1])
            return f"{label}.data" if _is_code(label) else f"the .data of {label}"
        label = self.label(src)
        return f"{label}.detach()" if _is_code(label) else f"{label}, detached"

    def source_name(self, tid):
        """``x.data`` or ``h.detach()`` for a graph tensor that is one (an input a chain-rule line names), else None."""
        if tid is None or self.g[tid].grad_fn is not None:
            return None
        node = self.g[tid]
        text = self.detach_text(self.detached_from(node.tensor) if node.detached else self.data_source(tid))
        return text if text and _is_code(text) else None

    def data_source(self, tid):
        """``("data", x's id)`` when graph tensor ``tid`` is ``x.data`` (x's numbers under a version counter of their
        own, without history), else None."""
        node = self.g[tid]
        if node.grad_fn is not None or node.requires_grad or node.detached or node.tensor is None:
            return None
        return _data(next(iter(self.g.holding_data_of(node.tensor, same_counter=False)), None))

    def detach_notes(self, fid, outs, detached):
        """What an op's input made by ``.detach()`` teaches, the first time one of a tensor shows: no gradient goes
        through it."""
        notes = []
        for src in detached:
            if src is None or src in self.detach_said:
                continue
            self.detach_said.add(src)
            made = next((self.name[t] for t in outs if t and self.name.get(t)), None)
            owner = self.label(src[1] if isinstance(src, tuple) else src)
            stops = (f"so {made}'s graph stops there" if fid is None and made else
                     f"so no gradient goes back through it to {owner}")  # fmt: skip
            how = "is" if isinstance(src, tuple) else "shares"
            notes.append(f"{self.detach_text(src)} {how} {owner}'s data but has no history (requires_grad=False), "
                         f"{stops}")
        return notes

    def constant_label(self, tid):
        """A tensor made by no op the graph shows, and named by no variable: its value as torch prints it
        (``tensor(1.5)``, what the code wrote) when it is small, else its shape."""
        if tid in self.constants:  # a node's value does not change: printed once, however often captions name it
            return self.constants[tid]
        node = self.g[tid]
        if node.value is None and node.tensor is None:
            same = self.wrapped_input(tid)
            if same is not None:  # ``y[0] *= c``: CopySlices' c is its in-place op's c, named as that op names it
                self.constants[tid] = self.label(same)
                return self.constants[tid]
        value = one_line(node.value) if node.value is not None else None
        if value is None or len(value) > WIDTH["tensor"] or int(np.prod(node.shape)) > SUMMARY_MAX_ELEMENTS:
            text = f"a {shape_text(node.shape)} tensor"
        else:
            text = f"tensor({value}{', requires_grad=True' if node.kind == 'leaf' else ''})"
        self.constants[tid] = text
        return text

    def wrapped_input(self, tid):
        """The tensor a CopySlices node's input ``tid`` stands for: the same input of the in-place op it wraps (torch
        gives CopySlices that op's inputs after the base), or None."""
        for fn in self.g.functions:
            inner = self.g.wrapped(fn.id)
            if inner is not None and tid in fn.inputs[1:]:
                k = fn.inputs.index(tid)
                if k < len(self.g[inner].inputs) and self.g[inner].inputs[k] not in (None, tid):
                    return self.g[inner].inputs[k]
        return None

    def call_arguments(self, fid, args, params):
        """The texts of a call's arguments: ``args`` (its inputs'), then its other arguments as ``key=value``; in
        torch's order where the op class gives it (``Where.signature``: ``where(condition, self, other)``), an
        argument the graph kept but the call did not record (a replayed ``where``'s condition) by its value, and
        none that torch's call does not take (``slice_backward``'s ``key``: how minigrad places the gradient)."""
        fn = self.g[fid] if fid else None
        order = getattr(fn.fn, "signature", None) if fn is not None else None
        if not order:
            return [*args, *self.param_texts(params)]
        texts = dict(zip(fn.input_names, args))
        out = []
        for name in order:
            if name in texts:
                out.append(texts[name])
            elif params.get(name) is not None:
                out.append(self.param_text(name, params[name]))
            elif name in fn.values:
                value = fn.values[name]
                out.append(Value.of(value).text if isinstance(value, np.ndarray) else self.param_text(name, value))
            elif name in fn.attrs:  # what the node saved, as torch's ``_saved_<name>`` shows it (slice_backward's end)
                out.append(fn.attrs[name])
        return out

    def param_texts(self, params):
        """An op's other arguments as ``key=value`` (:meth:`param_text`), an argument left at None not at all, nor
        the formula and node a backward op recorded under ``create_graph`` runs on (``tanh_backward``'s: torch's
        call takes the gradient and the output only)."""
        return [f"{k}={self.param_text(k, v)}" for k, v in params.items()
                if v is not None and not (isinstance(v, str) and v == "None") and not callable(v)
                and not isinstance(v, dict)]  # fmt: skip

    def param_text(self, key, value):
        """One argument's value as captions write it: a tensor by its name (``target``), a loss's ``reduction`` by
        its word."""
        if isinstance(value, Tensor):
            tid = self.g.tensor_at(slot(value))
            return self.name.get(tid) if tid is not None and self.name.get(tid) else Value.of(value).text
        if key == "reduction" and str(value) in REDUCTIONS:
            return REDUCTIONS[str(value)]
        return value if isinstance(value, str) else number_text(value)

    def grad_of(self, tid):
        """``x.grad``, or ``the .grad of tensor(…)`` for a tensor the code did not name."""
        label = self.label(tid)
        return f"{label}.grad" if _is_code(label) else f"the .grad of {label}"

    def note_source(self, fid, info, stmt):
        """Remember the code whose value ``fid``'s result is: the op's span in the code. Ops that run one after
        another with the same span are one call (``lin(x)`` runs t, then addmm): a result that a later op of the
        call consumes is not the call's value, so it is named by its op (``t(lin.weight)``) and the call it ran
        inside; every op of a call of several ops is listed under the call."""
        span = info.get("span") if self.lines and not info.get("in_backward") else None
        if span is None:
            self.call = None
            return
        text, call = _code_text(self.lines, span), _code_text(self.lines, span, width=72)
        if self.call is None or self.call[0] != (span, stmt):
            self.call = ((span, stmt), {}, [])  # the call's key, its results still standing for it, its ops
        _, standing, fids = self.call
        fed = {standing.pop(t) for t in self.g[fid].inputs if t in standing}
        for old in fed:
            if self.source.pop(old, None) is not None:
                self.inside[old] = call
                for t in self.g[old].outputs:
                    if t in self.appeared:
                        self.show_name(t)
                        self.canvas.info(t, title=self.title(t))
        fids.append(fid)
        standing.update((t, fid) for t in self.g[fid].outputs if t is not None)
        if len(fids) > 1 and call:
            self.grouped.update((f, call) for f in fids[-2 if len(fids) == 2 else -1 :])
        if text:
            self.source[fid] = text

    # -- events -----------------------------------------------------------------------------------
    def run(self, events):
        for ev in events:
            if ev.stmt != self.stmt:
                if self.canvas.busy:
                    self.commit("fwd")
                self.stmt_start = len(self.canvas.steps)
            self.stmt = ev.stmt
            self.printed = ev.output  # printed before or while this event happened: it belongs to its step
            if ev.output and ev.kind != NODE_HOOK:  # a node's hook waits for its own step (on_node_hook)
                self.canvas.output.append(ev.output)
            getattr(self, "on_" + ev.kind)(ev.info)
            self.last_event = ev.kind
        if self.pending is not None:
            self.flush_pending()
        self.commit("fwd")
        if not self.replay and not any(ev.kind in (BEGIN, ERROR) for ev in events):
            self.no_backward()
        return self.canvas.steps

    def no_backward(self):
        """The code recorded a graph but ran no backward pass: a last step says so, and what would run one."""
        named = [t for t in self.g.tensors if t.grad_fn is not None and self.formula_name(t.id)]
        if not named:
            return
        order = {fn.id: k for k, fn in enumerate(self.g.functions)}
        root = max(named, key=lambda t: order.get(t.grad_fn, -1))
        leaves, seen, todo = [], set(), [root.grad_fn]
        while todo:
            fid = todo.pop()
            if fid is None or fid in seen:
                continue
            seen.add(fid)
            if self.g[fid].variable is not None:
                leaves.append(self.grad_of(self.g[fid].variable))
            todo.extend(child for child, _ in self.g[fid].next)
        call = f"{self.label(root.id)}.backward()" if not root.shape else f"{self.label(root.id)}.sum().backward()"
        into = f", back to {', '.join(sorted(leaves))}" if leaves else ""
        self.canvas.say(f"no backward pass ran: {call} would run one through the nodes shown{into}")
        self.canvas.highlight(root.id, root.grad_fn)
        self.commit("fwd")

    def on_op(self, info):
        record = info["record"]
        fid = self.g.id_of(record.node) if record.node is not None else None
        ins = [self.g.tensor_at(k) for k in info["input_slots"]]
        outs = [self.g.tensor_at(k) for k in info["output_slots"]]
        self.data_touched.update(filter(None, map(self.data_of, record.inputs)))
        if fid is None and info.get("grad_off"):  # ``w -= lr * w.grad`` under no_grad: its statement says so
            self.changed_off.update((t, info["grad_off"]) for t in (*ins, *outs) if t is not None)
        if fid is None and all(t is None or self.g[t].kind != "nograd" for t in outs):
            return  # a no-grad op whose result the graph does not show (or an op inside a Function's forward)
        for tid, value in zip(ins, info["input_values"]):
            if tid is not None:
                self.show_tensor(tid, value)
        if fid is not None:
            self.ops[fid] = dict(info, params=record.params)
            if info.get("line"):
                self.made_at[fid] = info["line"]
            self.note_source(fid, info, self.stmt)
            fn = self.g[fid]
            for inp in fn.inputs:
                if inp is not None:
                    self.show_tensor(inp)
            self.show_function(fid)
            for e in self.g.input_edges(fid).values():
                self.show_edge(e)
            self.show_accumulators(fid)
        for tid, value in zip(outs, info["output_values"]):
            self.show_tensor(tid, value)
        for e in self.g.output_edges(fid) if fid is not None else ():
            self.show_edge(e)
        detached = tuple(self.detached_from(t) if tid is None or self.g[tid].detached else self.data_source(tid)
                         for t, tid in zip(record.inputs, ins))  # fmt: skip
        detached = tuple(d if d is not None or tid is not None else _data(self.data_of(t))
                         for d, t, tid in zip(detached, record.inputs, ins))  # fmt: skip
        self.op_notes.append((fid, record.op, ins, outs, info["input_values"], record.params, info.get("grad_off"),
                              detached))  # fmt: skip

    def on_statement(self, info):
        c = self.canvas
        if self.pending is not None or self.last_event == INPUTS:
            return  # the statement failed inside a backward node or a hook before it: the error step follows
        before = set(self.appeared)
        values = {self.g.tensor_at(ch["at"]): ch["value"] for ch in info["changes"] if ch["value"] is not None}
        requires = {self.g.tensor_at(ch["at"]): ch["requires_grad"] for ch in info["changes"]}
        named_now, targets = set(), None
        for name, at in info["names"].items():
            tid = self.g.tensor_at(at)
            if tid is None or self.holder.get(name) == tid:
                continue
            old = self.holder.get(name)
            self.holder[name] = tid
            if old is not None and self.name.get(old) == name:
                k = self.rebound[name] = self.rebound.get(name, 0) + 1  # several earlier h's: was h, was h (2), ...
                self.rename(old, f"was {name}" + (f" ({k})" if k > 1 else ""))
            if not self.name.get(tid) or self.name[tid].startswith("was "):
                self.rename(tid, name)
                named_now.add(tid)
            elif tid in named_now:  # two names for one tensor (``out = F.apply(h)``, which returned h marked dirty)
                targets = self.assigned() if targets is None else targets
                if name in targets and self.name[tid] not in targets:
                    self.rename(tid, name)  # the name the statement bound: the one the code goes on to use
            new = tid not in self.appeared
            self.show_tensor(tid, values.get(tid))
            if new and self.g[tid].kind != "nonleaf":
                self.requires[tid] = requires.get(tid, self.g[tid].requires_grad)
                src = self.detached_from(self.g[tid].tensor)
                copied = self.shared_by_leaf(tid) if src is None else None
                if src is not None:
                    self.detach_said.add(src)
                    c.say(f"{name} = {self.detach_text(src)}: shares {self.label(src)}'s data but has no history "
                          f"(requires_grad=False), so the graph stops at {name}")  # fmt: skip
                elif copied is not None:  # ``x.detach().requires_grad_()``: a leaf of its own over x's data
                    c.say(f"{name}: a leaf tensor that requires grad, sharing {self.label(copied)}'s data but not its "
                          f"history: gradients stop at {name}.grad")  # fmt: skip
                else:
                    c.say(f"{name}: a leaf tensor that {'requires grad' if self.requires[tid] else 'needs no grad'}")
                c.info(tid, requires_grad=str(self.requires[tid]))
        for ch in info["changes"]:
            tid = self.g.tensor_at(ch["at"])
            if tid is None or tid not in self.appeared:
                continue
            text = box_line("= ", ch["value"]) if ch["value"] is not None else None
            if tid in before and text is not None and c.text.get((tid, VALUE)) != text:
                c.set_line(tid, VALUE, text)
                c.info(tid, value=ch["value"].full, _version=str(ch["value"].version))
                off = f"; {self.changed_off[tid]} is on, so this is not recorded" if tid in self.changed_off else ""
                step = re.fullmatch(r"([\w.]+)\.step\(\)", self.statement_code().strip())
                if step and not off:  # an optimizer's update: torch runs it under no_grad
                    off = f"; {step[0]} updates it under torch.no_grad(), so this is not recorded"
                now = f"now {value_text(ch['value'])} (version {ch['value'].version})"
                c.say(f"{self.label(tid)} changed in place: {now}{off}")
                c.highlight(tid)
            if tid in self.requires and ch["requires_grad"] != self.requires[tid]:
                self.requires[tid] = ch["requires_grad"]
                c.info(tid, requires_grad=str(ch["requires_grad"]))
                now = "requires grad now: .grad will accumulate" if ch["requires_grad"] else "needs no grad now"
                c.say(f"{self.label(tid)} {now}")
                c.highlight(tid)
            if ch["grad_changed"] and (ch["grad"] is not None or self.kept.get(tid)):
                old_grad = c.text.get((tid, GRAD))
                self.set_grad(tid, ch["grad"], kept=True)
                if c.text.get((tid, GRAD)) != old_grad:  # set by the code itself, not by a backward pass
                    now = value_text(ch["grad"]) if ch["grad"] is not None else "None"
                    zero = re.fullmatch(r"([\w.]+)\.zero_grad\(\)", self.statement_code().strip())
                    why = f" ({zero[0]} sets each .grad to None)" if zero and ch["grad"] is None else ""
                    c.say(f"{self.grad_of(tid)} is now {now}{why}")
                    c.highlight(tid)
            if ch["retains"] and "retains" not in c.classes.get(tid, ()):
                c.add_class(tid, "retains")
                c.info(tid, retains_grad="True")
                c.say(f"{self.label(tid)}.retain_grad(): its .grad will be kept" if _is_code(self.label(tid))
                      else f"retain_grad() on {self.label(tid)}: its .grad will be kept")
                c.highlight(tid)
            if ch["hooks"] > self.hooks.get(tid, 0):  # each register_hook is a step
                count, self.hooks[tid] = ch["hooks"], ch["hooks"]
                c.add_class(tid, "hooked")
                c.info(tid, hooks=str(count))
                nth = f" (its hook number {count}: hooks run in the order they were registered)" if count > 1 else ""
                c.say(f"a hook is registered on {self.label(tid)}{nth}")
                c.highlight(tid)
            if ch["post_hooks"] > self.post_hooks.get(tid, 0):
                count = self.post_hooks[tid] = ch["post_hooks"]
                c.add_class(tid, "hooked")
                c.info(tid, **{"post-accumulate-grad hooks": str(count)})
                nth = f" (its number {count}: they run in the order they were registered)" if count > 1 else ""
                c.say(f"a post-accumulate-grad hook is registered on {self.label(tid)}{nth}: it runs each time "
                      f"{self.grad_of(tid)} has accumulated")  # fmt: skip
                c.highlight(tid)
        self.changed_off.clear()
        self.show_data_changes()
        for line in self.non_leaf_grads_read():
            c.say(line)
        self.commit("fwd")

    def statement_code(self):
        """The code of the current statement (or line of a block), "" if unknown."""
        where = self.where()
        return "\n".join(self.lines[where[0] - 1 : where[1]]) if where and self.lines else ""

    def non_leaf_grads_read(self):
        """Why ``h.grad`` the statement read is None (torch warns, and the student sees None printed): h is not a
        leaf, and backward keeps only leaves' gradients unless ``h.retain_grad()`` was called."""
        code = self.statement_code()
        if ".grad" not in code:
            return []
        try:
            tree = ast.parse(textwrap.dedent(code))
        except SyntaxError:  # one line of a block
            try:
                tree = ast.parse(code.strip())
            except SyntaxError:
                return []
        later = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef))
                 for n in ast.walk(f)}  # a hook's body reads it when it runs, not now
        read = [n.value.id for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "grad"
                and isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name) and id(n) not in later]  # fmt: skip
        lines = []
        for name in dict.fromkeys(read):
            tid = self.holder.get(name)
            t = self.g[tid].tensor if tid is not None and self.name.get(tid) == name else None
            if t is None or t.grad_fn is None or t.retains_grad:
                continue
            made = self.g[self.g[tid].grad_fn].label if self.g[tid].grad_fn else type(t.grad_fn).__name__
            lines.append(f"{name}.grad is None: {name} is not a leaf (its grad_fn is {made}), so backward does not "
                         f"keep its grad unless {name}.retain_grad() is called first")
        return lines

    def assigned(self):
        """The variable names the current statement assigns (``out`` in ``out = F.apply(h)``), or () if its code is
        not a whole statement."""
        where = self.where()
        if not where or not self.lines:
            return ()
        try:
            tree = ast.parse(textwrap.dedent("\n".join(self.lines[where[0] - 1 : where[1]])))
        except SyntaxError:  # one line of a block
            return ()
        return {t.id for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
                for target in getattr(node, "targets", [getattr(node, "target", None)])
                for t in ast.walk(target) if isinstance(t, ast.Name)}  # fmt: skip

    # backward
    def on_begin(self, info):
        self.commit("fwd")
        self.accumulating = info.get("accumulate", True)  # autograd.grad changes no .grad
        self.create_graph = info.get("create_graph", False)
        self.create_graph_said = False
        c = self.canvas
        for at, grad in zip(info["roots"], info["grads"]):
            tid = self.g.tensor_at(at)
            self.set_grad(tid, grad, kept=False)
            c.highlight(tid)
            c.say(f"backward pass from {self.label(tid)}: its gradient starts as {value_text(grad)}")
        if self.replay:
            c.say("(a replay: no .grad changes and nothing is freed; hooks run, and what they print shows here)")
        self.commit("bwd")

    def on_hook(self, info):
        tid = self.g.tensor_at(info["at"])
        result = info["result"]
        said = f"returned {value_text(result)}: the gradient is replaced" if result is not None else "returned None"
        grad = value_text(info["grad"])
        self.canvas.say(f"hook {_named(info['hook'])} on {self.label(tid)} fired with grad {grad}, {said}")
        if not self.kept.get(tid):  # the grad has reached this tensor (a leaf's .grad changes only when it accumulates)
            self.set_grad(tid, result or info["grad"], kept=False)
        self.canvas.highlight(tid)
        self.commit("bwd")

    def on_retain_grad(self, info):
        tid = self.g.tensor_at(info["at"])
        before, after = info["before"], info["after"]
        change = value_text(after)
        if before is not None:
            change = f"{value_text(before)} + {_term(value_text(info['grad']), 1)} = {change}"
        self.set_grad(tid, after, kept=True)
        self.canvas.say(f"retain_grad: {self.grad_of(tid)} = {change} (kept)")
        self.canvas.highlight(tid)
        self.commit("bwd")

    def on_inputs(self, info):
        """The grads that reached a node, summed by the engine before any hook sees them."""
        if self.pending is not None:
            self.flush_pending()
        fid = self.g.id_of(info["node"])
        if fid is None:
            return  # GraphRoot: already shown by "begin"
        c = self.canvas
        for nr, grad in enumerate(info["grads"]):
            sources = self.arrived.pop((fid, nr), [])
            if len(sources) > 1 and grad is not None:
                parts = " + ".join(_term(number_text(v), k) for k, (_, v) in enumerate(sources))
                c.say(f"{len(sources)} gradients arrive at {self.label(self.g.output_at(fid, nr))} "
                      f"and are summed: {parts} = {number_text(grad)}")  # fmt: skip
            for src, _ in sources:
                c.highlight(src)

    def on_node(self, info):
        if self.pending is not None:
            self.flush_pending()
        node = info["node"]
        fid = self.g.id_of(node)
        if fid is None:
            return  # GraphRoot: already shown by "begin"
        self.pending = (fid, info["grads"])
        c, fn = self.canvas, self.g[fid]
        c.highlight(fid)
        if fn.variable is None:
            for e in self.g.output_edges(fid):
                grad = info["grads"][e.index] if e.index < len(info["grads"]) else None
                if grad is not None:
                    self.carry(e, grad)
                c.highlight(e.id)
                if not self.kept.get(e.dst):
                    self.set_grad(e.dst, grad, kept=False)


    def on_node_prehook(self, info):
        """A node's ``register_prehook`` hook ran on the gradients that reached it: a step before the node's."""
        fid = self.g.id_of(info["node"])
        if fid is None or info["hook"] is None:
            return
        self.canvas.say(_node_hook_line(info, "pre-hook", self.g[fid].label, "grad_outputs"))
        self.canvas.highlight(fid)
        self.commit("bwd")

    def on_node_hook(self, info):
        """A node's ``register_hook`` hook ran on the gradients it computed: shown after the node's own step."""
        fid = self.g.id_of(info["node"])
        if info["hook"] is None:
            self.canvas.output.append(self.printed)
        elif "module" in info or (fid is not None and self.g[fid].formula):  # a node that prints nothing itself
            self.node_hooks.append(dict(info, printed=self.printed, output_at=len(self.canvas.output)))
        else:  # a Function's own backward printed too, in the same report: the node's step shows it all
            self.canvas.output.append(self.printed)
            self.node_hooks.append(dict(info, output_at=len(self.canvas.output)))

    def on_grads(self, info):
        fid, grads_in = self.pending
        self.pending = None
        hooks, self.node_hooks = self.node_hooks, []
        fn, c = self.g[fid], self.canvas
        final = tuple(g if i < len(fn.next) and fn.next[i][0] is not None else None
                      for i, g in enumerate(info["grads"]))  # an input that needs no grad gets none
        outs = final if not hooks else tuple(g if i < len(fn.next) and fn.next[i][0] is not None else None
                                             for i, g in enumerate(hooks[0]["grads"]))  # before the hooks
        names = [self.formula_name(t) or self.source_name(t) for t in fn.inputs]
        result = self.formula_name(fn.outputs[0]) if fn.outputs else None
        targets = [self.grad_target(t) for t in fn.inputs]
        c.say(self.made_by(fid))
        labels = [self.label(t) if t is not None else None for t in fn.inputs]
        op = dict(self.ops.get(fid, {}))
        if any(t in self.data_now for t in fn.inputs) and "input_values" in op:  # changed through .data since
            op["input_values"] = tuple(self.data_now.get(t, v) for t, v in zip(fn.inputs, op["input_values"]))
        op["saved_values"] = {name: self.live_value(tid) for name, tid in fn.saved
                              if tid not in fn.inputs and tid not in fn.outputs}  # nll_loss's total_weight
        if fn.label == "CopySlices":
            lines = self.copy_slices_lines(fid, grads_in, outs, targets)
        else:
            lines = chain_rule_lines(fn, op, grads_in, outs, names, result, targets, labels)
        for line in lines or ["no input needs a gradient"]:
            c.say(line)
        if lines and fn.label not in self.explained and (fn.formula or fn.label == "CopySlices"):
            self.explained.add(fn.label)
            c.footnote(torch_names_line(fn, labels, self.label(fn.outputs[0]) if fn.outputs else None,
                                        [self.label(t) for t in fn.outputs if t is not None])
                       if fn.formula else COPY_SLICES)
        self.carry_all(fid, outs, arrive=not hooks)
        self.commit("bwd")
        for k, hook in enumerate(hooks):
            c.say(_node_hook_line(hook, "hook", fn.label, "grad_inputs"))
            c.output.append(hook.get("printed", ""))
            c.highlight(fid)
            if k == len(hooks) - 1:  # what the node's inputs receive: the last hook's say
                for i, (before, after) in enumerate(zip(outs, final)):
                    edge = self.g.input_edges(fid).get(i)
                    if before is not None and after is None and edge is not None:  # the hook took it away
                        c.set_line(edge.id, EDGE_TEXT, "")
                        c.remove_class(edge.id, "carried")
                        c.info(edge.id, title=None, grad=None)
                self.carry_all(fid, final, arrive=True)
            self.commit("bwd")

    def copy_slices_lines(self, fid, grads_in, outs, targets):
        """A CopySlices node's chain rule in words: the base's gradient as it arrived, but where the in-place op
        wrote through the view, what that op's node gives for the view; its other inputs get that node's."""
        inner = self.g.wrapped(fid)
        runs = self.g[inner].label if inner is not None else "the in-place op's node"
        arrived = number_text(grads_in[0]) if grads_in else "grad"
        lines = []
        for i, out in enumerate(outs):
            if out is None:
                continue
            how = (f"{arrived} outside the view, and inside it what {runs} gives for the view" if i == 0 else
                   f"what {runs} gives for it")  # fmt: skip
            lines.append(f"contribution to {targets[i]} = {how} = {number_text(out)}")
        return lines

    def carry_all(self, fid, outs, arrive):
        """Each gradient a node computed goes along its edge (``arrive``: and reaches the node at its end)."""
        fn, c = self.g[fid], self.canvas
        for i, grad in enumerate(outs):
            if grad is None:
                continue
            child, nr = fn.next[i]
            edge = self.g.input_edges(fid).get(i)
            if edge is not None:
                self.carry(edge, grad)
                c.highlight(edge.id)
            if arrive:
                self.arrived.setdefault((child, nr), []).append((edge.id if edge is not None else fid, grad))

    def made_by(self, fid):
        """A backward node named by what made it: ``y2 = 2*x → MulBackward0`` (the code's line), else the
        op with its inputs (``y = mul(a, b) → MulBackward0``)."""
        fn = self.g[fid]
        line = self.made_at.get(fid) or self.made_at.get(self.g.wrapped(fid))  # CopySlices: its in-place op's line
        if line and line <= len(self.lines) and self.lines[line - 1].strip():
            return f"{clip(self.lines[line - 1].strip(), 60)} → {fn.label}"
        made = ", ".join(self.label(t) for t in fn.outputs if t and self.name.get(t))
        out = fn.outputs[0] if fn.outputs else None
        call = self.op_label(out, params=False) if out is not None and self.g[out].grad_fn == fid else f"{fn.op}(…)"
        return f"{made + ' = ' if made else ''}{call} → {fn.label}"

    def title(self, tid):
        """A tensor's info-record title: None where it is the name the box shows (the front end's default), else
        its label in full, with the call it ran inside (``t(lin.weight), inside lin(x)``)."""
        if self.name.get(tid):
            return None
        fid = self.g[tid].grad_fn
        return self.label(tid) + (f", inside {self.inside[fid]}" if fid in self.inside else "")

    def grad_target(self, tid):
        """Where an input's gradient goes, in the code's terms: ``x.grad`` (kept) or ``the grad of y1``."""
        if tid is None:
            return "a constant"
        node = self.g[tid]
        if (node.kind == "leaf" or node.retains_grad) and self.accumulating:
            return self.grad_of(tid)
        return f"the grad of {self.label(tid)}"

    def carry(self, edge, grad):
        """An edge shows the gradient that went along it (short on the edge, in full in its info record)."""
        c = self.canvas
        c.set_text(edge.id, EDGE_TEXT, _edge_text(grad), WIDTH["edge"])
        c.add_class(edge.id, "carried")
        tensor = edge.src if isinstance(self.g[edge.src], TensorNode) else edge.dst  # the end the grad is for
        c.info(edge.id, title=f"grad for {self.label(tensor)}",
               grad=grad.full)  # fmt: skip

    def flush_pending(self):
        fid, _ = self.pending
        self.pending = None
        fn = self.g[fid]
        if fn.variable is not None:
            self.canvas.say(f"AccumulateGrad: no gradient reached {self.label(fn.variable)}")
        self.commit("bwd")

    def on_accumulate(self, info):
        fid, _ = self.pending
        self.pending = None
        fn, c = self.g[fid], self.canvas
        tid = fn.variable
        before, after = info["before"], info["after"]
        grad = self.grad_of(tid)
        if before is None:
            c.say(f"AccumulateGrad: {grad}: None -> {value_text(after)}")
        else:
            added = _term(value_text(info["grad"]), 1)
            c.say(f"AccumulateGrad: {grad}: {value_text(before)} + {added} = {value_text(after)}")
        self.set_grad(tid, after, kept=True)
        edge = self.g.variable_edge(fid)
        c.highlight(tid, edge.id if edge is not None else None)
        self.commit("bwd")

    def on_post_accumulate(self, info):
        """A leaf's ``register_post_accumulate_grad_hook`` hook ran, right after its AccumulateGrad: its own step,
        with what it printed, the ``.grad`` it saw and the one it left (an optimizer step in it changes the leaf)."""
        fid = self.g.id_of(info["node"])
        if fid is None:
            return
        tid, c = self.g[fid].variable, self.canvas
        grad, before, after = self.grad_of(tid), info["before"], info["after"]
        c.say(f"post-accumulate-grad hook on {self.label(tid)}: {_called(info['hook'], self.label(tid))} ran with "
              f"{grad} = {value_text(before) if before is not None else 'None'}")  # fmt: skip
        if after is None:
            c.say(f"it set {grad} to None" if before is not None else f"{grad} stays None")
        elif before is not None and after.same(before):
            c.say(f"{grad} stays {value_text(after)}")
        else:
            c.say(f"it changed {grad} to {value_text(after)}")
        value = info["value"]
        line = box_line("= ", value)
        if c.text.get((tid, VALUE)) != line:
            c.set_line(tid, VALUE, line)
            c.info(tid, value=value.full, _version=str(value.version))
            c.say(f"it changed {self.label(tid)} in place: now {value_text(value)} (version {value.version})")
        self.set_grad(tid, after, kept=True)
        edge = self.g.variable_edge(fid)
        c.highlight(fid, tid, edge.id if edge is not None else None)  # the hook runs in the leaf's AccumulateGrad
        self.commit("bwd")

    def on_capture(self, info):
        tid = self.g.tensor_at(info["at"])
        self.canvas.say(
            f"autograd.grad: result {info['index']} (the gradient for {self.label(tid)}) is "
            f"{value_text(info['grad'])}; no .grad changes"
        )
        self.canvas.highlight(tid)
        self.commit("bwd")

    def on_free(self, info):
        if self.pending is not None:
            self.flush_pending()
        freed = 0
        for node in info["nodes"]:
            fid = self.g.id_of(node)
            if fid is not None and (self.g[fid].saved or self.g[fid].kept):
                freed += 1
                self.set_status(fid, "saved: freed")
                self.canvas.info(fid, saved="freed by backward")
                self.canvas.add_class(fid, "freed")
                self.canvas.highlight(fid)
        if freed:
            self.canvas.say(
                f"backward done: the saved tensors of {freed} node{'s' if freed != 1 else ''} are freed "
                "(a second backward through them would fail; retain_graph=True keeps them)"
            )
        else:
            self.canvas.say("backward done: no node here saved a tensor, so nothing is freed (a second backward works)")
        self.freed_said = True

    def on_end(self, info):
        if self.pending is not None:
            self.flush_pending()
        if self.replay:
            self.canvas.say(
                "replay done: every .grad is as it was and the graph is not freed (a real backward() would free "
                "the saved tensors now, unless retain_graph=True)"
            )
        elif not self.freed_said and self.create_graph:  # torch's retain_graph defaults to create_graph
            self.canvas.say("backward done: create_graph=True keeps the graph (retain_graph defaults to it), so the "
                            "saved tensors are kept")  # fmt: skip
        elif not self.freed_said:
            self.canvas.say("backward done: retain_graph=True, so the saved tensors are kept")
        self.freed_said = False
        self.commit("bwd")

    def on_note(self, info):
        """A note on the statement that ends now; a collapsed loop's says which steps its iterations ran in: one, or
        several where they ran backward passes (each one's steps)."""
        text, more = info["text"], info.get("more")
        if more is not None:
            first, last = self.stmt_start + 1, len(self.canvas.steps) + 1  # 1-based, as the widget counts
            where = "in this step" if first == last else f"in steps {first} to {last}, not line by line"
            text = f"{text} {where} {more}"
        self.canvas.say(text)

    def on_error(self, info):
        err = info["error"]
        if isinstance(err, SyntaxError) and err.filename == FILENAME:  # not "(<stepthrough>, line 3)": the code's line
            self.canvas.say(f"SyntaxError: {err.msg} (line {err.lineno}), so none of this code ran")
        else:
            self.canvas.say(f"{type(err).__name__}: {err}")
        if self.node_hooks:  # a node's hooks ran before one raised: what they printed, where they printed it
            at = self.node_hooks[0]["output_at"]
            self.canvas.output[at:at] = [hook.get("printed", "") for hook in self.node_hooks]
        if "hook" in info:  # a student's hook raised it: the backward pass stopped there
            hook = f"{info['hook_kind']} {_named(info['hook'])}"
            if "at" in info:
                tid = self.g.tensor_at(info["at"])
                self.canvas.say(f"raised by {hook} on {self.label(tid)}")
            elif "module" in info:
                tid = None
                self.canvas.say(f"raised by {hook} of the {info['module']} module")
            else:
                fid = self.g.id_of(info["node"])
                self.canvas.say(f"raised by {hook} of {self.g[fid].label if fid is not None else 'a node'}")
                tid = fid
            if tid is not None:
                self.canvas.highlight(tid)
        if self.pending is not None:
            fid, _ = self.pending
            self.pending = None
            self.canvas.highlight(fid)
            fn = self.g[fid]
            for ((name, tid), version), now in zip(self.saved(fn), fn.saved_versions_now):
                if now != version:
                    self.canvas.highlight(tid)
                    self.canvas.say(f"{fn.label} saved {name} = {self.label(tid)} at version {version}; an in-place "
                                    f"change since has made it version {now}, so the saved value is gone")  # fmt: skip
        self.commit("err")


def _is_code(label):
    """Whether a label reads as code (``x``, ``lin(x)``, ``(a * b)``, ``tensor(1.5)``), to which ``.grad`` can be
    added, rather than words (``the earlier h``, ``a [64, 10] tensor``)."""
    depth = 0
    for ch in label:
        depth += (ch in "([{") - (ch in ")]}")
        if ch == " " and depth == 0:
            return False
    return True


def _node_hook_line(info, kind, node, given):
    """A node hook's caption: ``pre-hook (lambda go: ...) of MulBackward0 ran with grad_outputs 2.: returned None``;
    a Module's backward hook (or pre-hook), which its node's hook runs, by the Module: ``backward hook show of the
    Linear module ran with grad_input ...``."""
    grads, result = _grads_text(info["grads"]), info["result"]
    said = "returned None" if result is None else f"replaced them with {_grads_text(result)}"
    if result is not None and len(result) == len(info["grads"]) and all(
            (r is None) == (g is None) and (r is None or r.same(g)) for r, g in zip(result, info["grads"])):
        said = "left them as they were"  # a Module's node hook returns its gradients whatever the user's hook does
    if "module" in info:
        given = "grad_input" if info["hook_kind"] == "backward hook" else "grad_output"
        module = f"{info['hook_kind']} {_named(info['hook'])} of the {info['module']} module"
        return f"{module} ran with {given} {grads}: {said}"
    return f"{kind} {_named(info['hook'])} of {node} ran with {given} {grads}: {said}"


def box_line(prefix, value, bold=False):
    """``prefix`` and a tensor's numbers (a :class:`Value`) as a line of its box shows them: a small tensor's every
    number (cut to the box if they are too many to fit), a longer one's summary as torch prints it with as many
    numbers at each end as fit the box whole (``= [0., 1., ..., 18., 19.]``), else its shape (``grad (64×10)``)."""
    if math.prod(value.shape) <= SUMMARY_MAX_ELEMENTS:
        return fit(prefix + value.text, bold)
    return prefix + summarize(value.numbers, lambda text: fit(prefix + text, bold) == prefix + text, value.shape)


def value_text(value):
    """A value a caption states on its own (not inside an equation): every number of a small tensor, torch's summary
    of a long one (``[0., 1., 2., ..., 17., 18., 19.]``)."""
    return tensor_text(value, None)


def _edge_text(grad):
    """The gradient an edge carries, in its label's few characters: the first numbers of a small tensor (the info
    record has them all), a bigger one as its box shows it in that room (torch's summary, else ``(64×10)``), never a
    clipped word."""
    width = WIDTH["edge"]
    if not isinstance(grad, Value) or not grad.shape or grad.numbers is None:
        return number_text(grad, width)
    if math.prod(grad.shape) <= SUMMARY_MAX_ELEMENTS:
        return clip(grad.text, width)
    return summarize(grad.numbers, lambda text: len(text) <= width, grad.shape)


def _data(src):
    """How a ``.data`` input is told from a ``.detach()`` one: ``("data", x's id)``; None stays None."""
    return None if src is None else ("data", src)


def _grads_text(values):
    """Gradients as a hook gets them: one as it is, several as a tuple (None where there is none)."""
    texts = [value_text(v) if v is not None else "None" for v in values]
    return texts[0] if len(texts) == 1 else f"({', '.join(texts)})"


def _named(hook):
    """A hook as a caption names it: ``double``, ``<lambda>``, or a lambda's code in parentheses, which set it apart
    from the caption's words: ``(lambda g: g * 2)``."""
    return f"({hook})" if hook.startswith("lambda") else hook


def _called(hook, label):
    """A hook's call as the engine makes it: ``show(x)``; a lambda by its code (``lambda p: opt_step(p)``)."""
    return f"{hook}({label})" if hook.isidentifier() else hook


def _term(text, position):
    """A summand as written after ``+``: negative numbers in parentheses."""
    return f"({text})" if position and text.startswith("-") else text


def _code_text(lines, span, width=48):
    """The code of ``span`` (line, end line, column, end column; columns count UTF-8 bytes) on one line, in
    parentheses where it has a space outside brackets (``(a * b)``, but ``lin(x)``), or None if it is no code."""
    first, last, start, end = span
    if not 1 <= first <= last <= len(lines):
        return None
    rows = [line.encode() for line in lines[first - 1 : last]]
    rows[-1] = rows[-1][:end]
    rows[0] = rows[0][start:]
    text = " ".join(" ".join(r.decode(errors="replace").split()) for r in rows).strip()
    if not text:
        return None
    depth, spaced = 0, False
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        spaced = spaced or (ch == " " and depth == 0)
    return clip(f"({text})" if spaced else text, width)


def _bare(text):
    """An argument needs no parentheses of its own: ``tanh(a + b)``, not ``tanh((a + b))``."""
    if not (text.startswith("(") and text.endswith(")")):
        return text
    depth = 0
    for k, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and k < len(text) - 1:
            return text  # ``(a + b) * (c + d)``: the first pair closes early
    return text[1:-1]
