"""From a Trace and the graph model to steps: the data the widget's JavaScript plays.

Every drawn element (tensor, function, edge) has the graph model's id and a few
fixed text slots (see ``layout.SLOTS``). A step is a small dict:

* ``k``: kind (``fwd``, ``bwd``, ``err``);
* ``l``: the code lines ``[first, last]`` it belongs to (or None);
* ``t``: caption lines (the chain rule with numbers, what a hook did, ...);
* ``o``: text the code printed during the step;
* ``h``: ids highlighted while this step is the current one;
* ``c``: changes, each ``[id, slot, text]`` (set a text slot) or ``[id, "+", cls]`` /
  ``[id, "-", cls]`` (add or remove a class), kept for the following steps.

The JavaScript applies ``c`` going forward and undoes it going back; it never
needs to know what a tensor or a gradient is.
"""

from minigrad.autograd.observer import OP
from minigrad.graph import extract

from .formula import chain_rule_lines, clip, number_text, shape_text
from .layout import EDGE_TEXT, GRAD, LABEL, NAME, SHAPE, STATUS, VALUE, WIDTH, classes_for
from .trace import STATEMENT, Value, kept_grad

MAX_OPS_LISTED = 6  # a statement that runs more ops is summarised in one line


class Canvas:
    """What the picture shows after each step, and the changes that lead there."""

    def __init__(self):
        self.text = {}
        self.classes = {}
        self.steps = []
        self._reset()

    def _reset(self):
        self.changes, self.hl, self.lines, self.output = [], [], [], []

    def set_text(self, eid, slot, text, width):
        text = clip(text, width)
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

    def highlight(self, *ids):
        self.hl.extend(i for i in ids if i is not None and i not in self.hl)

    def say(self, line):
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
            self.steps.append({
                "k": kind, "l": where, "t": self.lines, "o": "".join(self.output), "h": self.hl, "c": self.changes,
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
    not its inputs, not the sizes and strides torch also saves, nor ``alpha``/``beta`` at their default of 1."""
    derived = ("_sym_sizes", "_sym_strides", "_sym_numel")
    return {k: v for k, v in fn.attrs.items() if k not in fn.input_names and not k.endswith(derived)
            and not (k in ("alpha", "beta") and v == "1")}  # fmt: skip


class StepBuilder:
    """Walk a trace's events in order and write the steps on a :class:`Canvas`."""

    def __init__(self, graph, statements=(), replay=False):
        self.g = graph
        self.statements = statements
        self.replay = replay
        self.canvas = Canvas()
        for eid, classes in classes_for(graph).items():
            self.canvas.classes[eid] = set(classes)
        self.appeared = set()
        self.name = {}  # tensor id -> the name shown
        self.holder = {}  # variable name -> tensor id it names now
        self.ops = {}  # function id -> what its forward op recorded
        self.pending = None  # the backward node being run: (function id, grads arriving)
        self.arrived = {}  # (function id, output_nr) -> [(from, Value)]: grads summed by the engine
        self.kept = {}  # tensor id -> True if its grad slot shows a kept .grad (not one passing through)
        self.stmt = 0
        self.op_notes = []  # forward ops of the current step: (function id, op, inputs, outputs, values)
        self.freed_said = False

    def forward_from_graph(self):
        """Forward steps for a graph that already exists: one per function, in creation order."""
        for t in self.g.tensors:
            if t.name:
                self.name[t.id] = t.name
        for fn in self.g.functions:
            if fn.variable is not None:
                continue
            values = tuple(self.live_value(tid) for tid in fn.inputs)
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
        t = self.g[tid].tensor if tid is not None else None
        return Value.of(t) if t is not None else None

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
        lines = [self.op_note(*n) for n in notes[:MAX_OPS_LISTED]]
        if len(notes) > MAX_OPS_LISTED:
            lines.append(f"... and {len(notes) - MAX_OPS_LISTED} more ops")
        self.canvas.lines[:0] = lines
        self.canvas.commit(kind, self.where())

    def op_note(self, fid, op, ins, outs, values, params):
        """One line per forward op, written when the step closes (so that it knows the names bound)."""
        args = [self.label(t) if t else "const" if v is None else number_text(v) for t, v in zip(ins, values)]
        args += [f"{k}={number_text(v)}" for k, v in params.items()]
        made = ", ".join(self.name[t] for t in outs if t and self.name.get(t))
        call = f"{self.g[fid].op if fid else op.__name__.lower()}({', '.join(args)})"
        call = f"{made} = {call}" if made else call
        if fid is None:
            return f"{call}: needs no grad, so no node is recorded"
        return f"{call}: records {self.g[fid].label}"

    # -- appearing --------------------------------------------------------------------------------
    def show_tensor(self, tid, value=None):
        if tid is None or tid in self.appeared:
            return
        self.appeared.add(tid)
        node, c = self.g[tid], self.canvas
        c.remove_class(tid, "off")
        c.set_text(tid, NAME, self.name.get(tid, ""), WIDTH["tensor"])
        dtype = "" if node.dtype == "float32" else " " + node.dtype
        c.set_text(tid, SHAPE, shape_text(node.shape) + dtype, WIDTH["tensor"])
        text = value.text if value is not None else node.value
        c.set_text(tid, VALUE, "= " + text if text is not None else "value not kept", WIDTH["tensor"])
        c.highlight(tid)

    def show_function(self, fid):
        if fid is None or fid in self.appeared:
            return
        self.appeared.add(fid)
        fn, c = self.g[fid], self.canvas
        c.remove_class(fid, "off")
        c.set_text(fid, LABEL, fn.label, WIDTH["function"])
        if fn.variable is not None:
            self.show_tensor(fn.variable)
            self.show_edge(self.g.variable_edge(fid))
        elif fn.saved:
            saved = ", ".join(self.name.get(t) or name for name, t in fn.saved)
            c.set_text(fid, STATUS, "saved: " + saved, WIDTH["function"])
        else:
            c.set_text(fid, STATUS, "saves nothing", WIDTH["function"])
        c.highlight(fid)

    def show_edge(self, edge):
        if edge is not None and edge.id not in self.appeared:
            self.appeared.add(edge.id)
            self.canvas.remove_class(edge.id, "off")

    def rename(self, tid, text):
        self.name[tid] = text
        if tid in self.appeared:
            self.canvas.set_text(tid, NAME, text, WIDTH["tensor"])

    def set_grad(self, tid, value, kept):
        """A tensor's grad slot: a kept ``.grad`` (leaves, retain_grad) or a grad passing through."""
        if tid is None:
            return
        c = self.canvas
        c.set_text(tid, GRAD, "" if value is None else "grad " + value.text, WIDTH["tensor"])
        if kept:
            c.remove_class(tid, "passing")
        else:
            c.add_class(tid, "passing")
        self.kept[tid] = kept and value is not None

    def formula_name(self, tid):
        """The name a chain-rule line uses for a tensor: a variable that names it now, else None."""
        name = self.name.get(tid) if tid else None
        return None if name is None or name.startswith("was ") else name

    def label(self, tid):
        """How captions refer to a tensor: its name, else its op and shape."""
        if tid is None:
            return "?"
        if self.name.get(tid):
            return self.name[tid]
        node = self.g[tid]
        if node.grad_fn is not None:
            return f"{self.g[node.grad_fn].label}'s result"
        return f"a {shape_text(node.shape)} tensor"

    # -- events -----------------------------------------------------------------------------------
    def run(self, events):
        for ev in events:
            if ev.stmt != self.stmt and self.canvas.busy:
                self.commit("fwd")
            self.stmt = ev.stmt
            if ev.output:  # printed before or while this event happened: it belongs to its step
                self.canvas.output.append(ev.output)
            getattr(self, "on_" + ev.kind)(ev.info)
        if self.pending is not None:
            self.flush_pending()
        self.commit("fwd")
        return self.canvas.steps

    def on_op(self, info):
        record = info["record"]
        fid = self.g.id_of(record.node) if record.node is not None else None
        ins = [self.g.tensor_at(k) for k in info["input_slots"]]
        outs = [self.g.tensor_at(k) for k in info["output_slots"]]
        if fid is None and all(t is None or self.g[t].kind != "nograd" for t in outs):
            return  # a no-grad op whose result the graph does not show (or an op inside a Function's forward)
        for tid, value in zip(ins, info["input_values"]):
            if tid is not None:
                self.show_tensor(tid, value)
        if fid is not None:
            self.ops[fid] = info
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
        self.op_notes.append((fid, record.op, ins, outs, info["input_values"], record.params))

    def on_statement(self, info):
        c = self.canvas
        if self.pending is not None:  # the statement failed inside a backward node: the error step follows
            return
        before = set(self.appeared)
        values = {self.g.tensor_at(ch["at"]): ch["value"] for ch in info["changes"] if ch["value"] is not None}
        for name, at in info["names"].items():
            tid = self.g.tensor_at(at)
            if tid is None or self.holder.get(name) == tid:
                continue
            old = self.holder.get(name)
            self.holder[name] = tid
            if old is not None and self.name.get(old) == name:
                self.rename(old, f"was {name}")
            if not self.name.get(tid) or self.name[tid].startswith("was "):
                self.rename(tid, name)
            new = tid not in self.appeared
            self.show_tensor(tid, values.get(tid))
            if new and self.g[tid].kind != "nonleaf":
                req = "requires grad" if self.g[tid].requires_grad else "needs no grad"
                c.say(f"{name}: a leaf tensor that {req}")
        for ch in info["changes"]:
            tid = self.g.tensor_at(ch["at"])
            if tid is None or tid not in self.appeared:
                continue
            text = "= " + ch["value"].text if ch["value"] is not None else None
            if tid in before and text is not None and c.text.get((tid, VALUE)) != clip(text, WIDTH["tensor"]):
                c.set_text(tid, VALUE, text, WIDTH["tensor"])
                c.say(f"{self.label(tid)} changed in place: now {ch['value'].text}")
                c.highlight(tid)
            if ch["grad_changed"] and (ch["grad"] is not None or self.kept.get(tid)):
                self.set_grad(tid, ch["grad"], kept=True)
            if ch["retains"] and "retains" not in c.classes.get(tid, ()):
                c.add_class(tid, "retains")
                c.say(f"{self.label(tid)}.retain_grad(): its .grad will be kept")
                c.highlight(tid)
            if ch["hooks"] and "hooked" not in c.classes.get(tid, ()):
                c.add_class(tid, "hooked")
                c.say(f"a hook is registered on {self.label(tid)}")
                c.highlight(tid)
        self.commit("fwd")

    # backward
    def on_begin(self, info):
        self.commit("fwd")
        c = self.canvas
        for at, grad in zip(info["roots"], info["grads"]):
            tid = self.g.tensor_at(at)
            self.set_grad(tid, grad, kept=False)
            c.highlight(tid)
            c.say(f"backward pass from {self.label(tid)}: its gradient starts as {grad.text}")
        if self.replay:
            c.say("(a replay: no .grad changes and nothing is freed; hooks run, and what they print shows here)")
        self.commit("bwd")

    def on_hook(self, info):
        tid = self.g.tensor_at(info["at"])
        result = info["result"]
        said = f"returned {result.text}: the gradient is replaced" if result is not None else "returned None"
        self.canvas.say(f"hook {info['hook']} on {self.label(tid)} fired with grad {info['grad'].text}, {said}")
        if not self.kept.get(tid):  # the grad has reached this tensor (a leaf's .grad changes only when it accumulates)
            self.set_grad(tid, result or info["grad"], kept=False)
        self.canvas.highlight(tid)
        self.commit("bwd")

    def on_retain_grad(self, info):
        tid = self.g.tensor_at(info["at"])
        before, after = info["before"], info["after"]
        change = after.text if before is None else f"{before.text} + {info['grad'].text} = {after.text}"
        self.set_grad(tid, after, kept=True)
        self.canvas.say(f"retain_grad: {self.label(tid)}.grad = {change} (kept)")
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
                    c.set_text(e.id, EDGE_TEXT, number_text(grad, WIDTH["edge"]), WIDTH["edge"])
                    c.add_class(e.id, "carried")
                c.highlight(e.id)
                if not self.kept.get(e.dst):
                    self.set_grad(e.dst, grad, kept=False)


    def on_grads(self, info):
        fid, grads_in = self.pending
        self.pending = None
        fn, c = self.g[fid], self.canvas
        outs = tuple(g if i < len(fn.next) and fn.next[i][0] is not None else None
                     for i, g in enumerate(info["grads"]))  # an input that needs no grad gets none
        names = [self.formula_name(t) for t in fn.inputs]
        result = self.formula_name(fn.outputs[0]) if fn.outputs else None
        lines = chain_rule_lines(fn, self.ops.get(fid, {}), grads_in, outs, names, result)
        for line in lines or [f"{fn.label}: no input needs a gradient"]:
            c.say(line)
        for i, grad in enumerate(outs):
            if grad is None:
                continue
            child, nr = fn.next[i]
            edge = self.g.input_edges(fid).get(i)
            if edge is not None:
                c.set_text(edge.id, EDGE_TEXT, number_text(grad, WIDTH["edge"]), WIDTH["edge"])
                c.add_class(edge.id, "carried")
                c.highlight(edge.id)
            self.arrived.setdefault((child, nr), []).append((edge.id if edge is not None else fid, grad))
        self.commit("bwd")

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
        name = self.label(tid)
        if before is None:
            c.say(f"AccumulateGrad: {name}.grad: None -> {after.text}")
        else:
            c.say(f"AccumulateGrad: {name}.grad: {before.text} + {info['grad'].text} = {after.text}")
        self.set_grad(tid, after, kept=True)
        edge = self.g.variable_edge(fid)
        c.highlight(tid, edge.id if edge is not None else None)
        self.commit("bwd")

    def on_capture(self, info):
        tid = self.g.tensor_at(info["at"])
        self.canvas.say(
            f"autograd.grad: result {info['index']} (the gradient for {self.label(tid)}) is {info['grad'].text};"
            " no .grad changes"
        )
        self.canvas.highlight(tid)
        self.commit("bwd")

    def on_free(self, info):
        if self.pending is not None:
            self.flush_pending()
        freed = 0
        for node in info["nodes"]:
            fid = self.g.id_of(node)
            if fid is not None and self.g[fid].saved:
                freed += 1
                self.canvas.set_text(fid, STATUS, "saved: freed", WIDTH["function"])
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
        elif not self.freed_said:
            self.canvas.say("backward done: retain_graph=True, so the saved tensors are kept")
        self.freed_said = False
        self.commit("bwd")

    def on_error(self, info):
        if self.pending is not None:
            fid, _ = self.pending
            self.pending = None
            self.canvas.highlight(fid)
        err = info["error"]
        self.canvas.say(f"{type(err).__name__}: {err}")
        self.commit("err")


def _term(text, position):
    """A summand as written after ``+``: negative numbers in parentheses."""
    return f"({text})" if position and text.startswith("-") else text
