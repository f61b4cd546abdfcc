"""Run code statement by statement and record what autograd did: the stepper's raw material.

A :class:`Trace` is a list of :class:`Event` objects in the order things happened:
forward ops, names bound by each statement, every backward engine action
(from :func:`minigrad.autograd.observe`), text printed, and a final error if
the code raised. Values are copied when they are recorded, because tensors
change later (in-place ops, gradient accumulation).
"""

import ast
import contextlib
import io
import linecache
import re
import sys
from dataclasses import dataclass, field

import numpy as np

import minigrad
from minigrad.autograd import observe
from minigrad.graph import summarize
from minigrad.nn import Module
from minigrad.tensor import Tensor

FILENAME = "<stepthrough>"


class Value:
    """A snapshot of a tensor's numbers, taken when an event happened (tensors change later).

    ``text`` is the graph model's summary on one line (every value for small tensors,
    min/mean/max for big ones), worked out only if a step shows it; ``scalar`` is the one
    number of a one-element tensor, for arithmetic in chain-rule lines.
    """

    __slots__ = ("shape", "dtype", "scalar", "_array", "_text")
    KEEP = 1024  # arrays up to this many elements are copied and summarised later, if needed

    def __init__(self, shape, dtype, text=None, scalar=None, array=None):
        self.shape, self.dtype, self.scalar, self._array, self._text = shape, dtype, scalar, array, text

    @classmethod
    def of(cls, t):
        """Snapshot a Tensor (or numpy array); None stays None."""
        if t is None:
            return None
        a = t._data if isinstance(t, Tensor) else np.asarray(t)
        scalar = a.item() if a.size == 1 else None
        if a.size <= cls.KEEP:
            return cls(tuple(a.shape), str(a.dtype), None, scalar, a.copy())
        return cls(tuple(a.shape), str(a.dtype), one_line(summarize(a)), scalar)

    @property
    def text(self):
        if self._text is None:
            self._text = one_line(summarize(self._array))
            self._array = None
        return self._text

    def __repr__(self):
        return f"Value({self.text})"


def one_line(text):
    """A summary on one line (labels have a fixed size): ``[[1., 2.], [3., 4.]]``."""
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"\[ ", "[", re.sub(r" ([,\]])", r"\1", text))


@dataclass
class Event:
    """One thing that happened: ``kind`` plus its details; ``stmt`` is the statement's index."""

    stmt: int
    kind: str
    info: dict
    output: str = ""  # text printed while it happened (e.g. by a hook)


@dataclass
class Statement:
    """A top-level statement of the traced code, by its 1-based source lines."""

    first: int
    last: int


@dataclass
class Trace:
    """Everything recorded while running some code (or replaying one backward pass)."""

    source: str
    statements: list = field(default_factory=list)
    events: list = field(default_factory=list)
    error: BaseException | None = None
    keep: list = field(default_factory=list)  # objects kept alive so that their id() stays unique


class _Tee(io.TextIOBase):
    """Write through to the real stream and keep a copy, so printed text can go into the steps."""

    def __init__(self, stream, echo=True):
        self.stream, self.echo, self.buffer_ = stream, echo, []

    def write(self, text):
        if self.echo:
            self.stream.write(text)
        self.buffer_.append(text)
        return len(text)

    def flush(self):
        if self.echo:
            self.stream.flush()

    def take(self):
        text, self.buffer_ = "".join(self.buffer_), []
        return text


def key_of(t):
    """Where a tensor sits in the graph *now*: ``("fn", grad_fn, output_nr)`` for a result of an op
    that recorded a node, ``("obj", tensor)`` for a leaf or a tensor that needs no grad. (An in-place
    op moves a tensor to a new place, so keys are taken when events happen.)"""
    if t.grad_fn is not None:
        return ("fn", t.grad_fn, t._output_nr)
    return ("obj", t)


def hook_count(t):
    """How many hooks are registered on tensor ``t``."""
    node = t._edge(create=False)[0]
    hooks = node._tensor_hooks if node is not None else None
    return len(hooks.get(t._output_nr, ())) if hooks else 0


class Recorder:
    """The observer given to ``minigrad.autograd.observe``: turns engine callbacks into Events."""

    def __init__(self, trace, tee):
        self.trace, self.tee = trace, tee
        self.stmt = 0
        self.in_backward = False
        self.watched = {}  # id(tensor) -> tensor: every tensor seen, to notice later changes
        self.signatures = {}  # id(tensor) -> what it looked like at the last statement's end
        self.preexisting = {}  # name -> tensor bound before the code ran: in the picture only if the code uses it

    def add(self, kind, **info):
        ev = Event(self.stmt, kind, info, self.tee.take() if self.tee is not None else "")
        self.trace.events.append(ev)
        return ev

    def watch(self, tensors):
        for t in tensors:
            if isinstance(t, Tensor) and id(t) not in self.watched:
                self.watched[id(t)] = t
                self.trace.keep.append(t)

    def __call__(self, kind, **info):
        keep = self.trace.keep
        if kind == "op":
            node = info["node"]
            if self.in_backward and node is None:
                return  # the engine's own arithmetic, not part of any graph
            inputs, outputs = tuple(info["inputs"]), tuple(info["outputs"])
            keep.append(node)
            self.watch(inputs + outputs)
            self.add(
                "op",
                op=info["op"],
                node=node,
                inputs=inputs,
                input_keys=tuple(key_of(t) if isinstance(t, Tensor) else None for t in inputs),
                input_values=tuple(Value.of(t) if isinstance(t, Tensor) else t for t in inputs),
                outputs=outputs,
                output_keys=tuple(key_of(t) for t in outputs),
                output_values=tuple(Value.of(t) for t in outputs),
                params=dict(info["params"]),
                saved=node._saved if node is not None else None,  # the graph frees it after backward
                in_backward=self.in_backward,
            )
        elif kind == "begin":
            self.in_backward = True
            self.watch(info["roots"])
            self.add(
                "begin",
                roots=tuple(key_of(t) for t in info["roots"]),
                grads=tuple(Value.of(g) for g in info["grads"]),
            )
        elif kind == "inputs":
            self.add("inputs", node=info["node"], grads=tuple(Value.of(g) for g in info["grads"]))
        elif kind == "node":
            keep.append(info["node"])
            self.add("node", node=info["node"], grads=tuple(Value.of(g) for g in info["grads"]))
        elif kind == "grads":
            self.add("grads", node=info["node"], grads=tuple(Value.of(g) for g in info["grads"]))
        elif kind == "hook":
            result = info["result"]
            self.add(
                "hook",
                node=info["node"],
                output_nr=info["output_nr"],
                hook=getattr(info["hook"], "__name__", type(info["hook"]).__name__),
                grad=Value.of(info["grad"]),
                result=Value.of(result) if isinstance(result, Tensor) else None,
            )
        elif kind == "retain_grad":
            self.add(
                "retain_grad",
                node=info["node"],
                output_nr=info["output_nr"],
                before=Value.of(info["before"]),
                after=Value.of(info["after"]),
                grad=Value.of(info["grad"]),
            )
        elif kind == "accumulate":
            self.add(
                "accumulate",
                node=info["node"],
                before=Value.of(info["before"]),
                after=Value.of(info["after"]),
                grad=Value.of(info["grad"]),
            )
        elif kind == "capture":
            self.add(
                "capture", node=info["node"], output_nr=info["output_nr"], index=info["index"],
                grad=Value.of(info["grad"]),
            )  # fmt: skip
        elif kind == "free":
            self.add("free", nodes=tuple(info["nodes"]))
        elif kind == "end":
            self.in_backward = False
            self.add("end")

    def statement_end(self, names):
        """Record the names bound now and every watched tensor that changed since the last statement
        (value, .grad, retain_grad, hooks, requires_grad): ``changes`` is a list of dicts."""
        fresh = {n: t for n, t in names.items() if self.preexisting.get(n) is not t}
        self.watch(fresh.values())
        changes = []
        for t in self.watched.values():
            g = t._grad
            sig = (t._vc.value, id(t.grad_fn), id(g), None if g is None else g._vc.value,
                   t._retains_grad, hook_count(t), t._requires_grad)  # fmt: skip
            old = self.signatures.get(id(t))
            if sig == old:
                continue
            self.signatures[id(t)] = sig
            changes.append({
                "key": key_of(t),
                "value": Value.of(t) if old is None or old[:2] != sig[:2] else None,
                "grad": Value.of(g),
                "grad_changed": old is None or old[2:4] != sig[2:4],
                "retains": t._retains_grad,
                "hooks": sig[5],
            })  # fmt: skip
        self.add("statement", names={n: key_of(t) for n, t in names.items()}, bound=fresh, changes=changes)


def named_tensors(namespace):
    """The tensors a namespace names: plain variables, then the parameters of ``nn.Module`` variables."""
    found = {}
    for name, value in list(namespace.items()):
        if name.startswith("_"):
            continue
        if isinstance(value, Tensor):
            found[name] = value
        elif isinstance(value, Module):
            for pname, p in value.named_parameters():
                found[f"{name}.{pname}"] = p
    return found


class _TorchIsMinigrad(ast.NodeTransformer):
    """``import torch`` (and ``from torch... import``) in traced code imports minigrad instead."""

    @staticmethod
    def _rename(module):
        if module == "torch" or (module or "").startswith("torch."):
            return "minigrad" + module[len("torch") :]
        return module

    def visit_Import(self, node):
        for alias in node.names:
            new = self._rename(alias.name)
            if new != alias.name:
                if alias.asname is None and "." not in alias.name:
                    alias.asname = alias.name
                alias.name = new
        return node

    def visit_ImportFrom(self, node):
        if node.level == 0:
            node.module = self._rename(node.module)
        return node


def parse(source):
    """The top-level statements of ``source``, with ``import torch`` turned into minigrad."""
    tree = ast.parse(source, FILENAME)
    tree = ast.fix_missing_locations(_TorchIsMinigrad().visit(tree))
    return tree.body


def run_code(source, namespace, echo=True):
    """Run ``source`` in ``namespace`` one top-level statement at a time, recording a :class:`Trace`.

    An exception stops the run (as it would stop a cell) and is kept as the trace's last event.
    """
    namespace.setdefault("torch", minigrad)
    trace = Trace(source)
    linecache.cache[FILENAME] = (len(source), None, source.splitlines(True), FILENAME)
    try:
        body = parse(source)
    except SyntaxError as exc:
        trace.statements.append(Statement(exc.lineno or 1, exc.lineno or 1))
        trace.error = exc
        trace.events.append(Event(0, "error", {"error": exc}))
        return trace
    tee = _Tee(sys.stdout, echo)
    rec = Recorder(trace, tee)
    rec.preexisting = named_tensors(namespace)  # e.g. earlier cells' tensors, for %%stepthrough
    with contextlib.redirect_stdout(tee), observe(rec):
        for index, stmt in enumerate(body):
            trace.statements.append(Statement(stmt.lineno, stmt.end_lineno or stmt.lineno))
            rec.stmt = index
            code = compile(ast.Module([stmt], type_ignores=[]), FILENAME, "exec")
            try:
                exec(code, namespace)
            except Exception as exc:  # the traced code's error becomes the last step
                rec.in_backward = False
                trace.error = exc
                rec.statement_end(named_tensors(namespace))
                rec.add("error", error=exc)
                break
            rec.statement_end(named_tensors(namespace))
    return trace


def replay_backward(tensor, nodes, gradient=None, run_hooks=True):
    """Record one backward pass from ``tensor`` without changing any ``.grad`` or freeing the graph.

    ``nodes`` are the graph's nodes (the graph model's ``FunctionNode.fn``). Runs
    ``backward(retain_graph=True)`` under the observer, then puts every ``.grad``
    it touched back (the same tensor objects, with their old values). Hooks run
    (their printed text is captured into the steps, not printed) unless ``run_hooks``
    is False, in which case they are taken off for the replay.
    """
    trace = Trace("")
    trace.statements.append(Statement(1, 1))
    saved = {}
    for node in nodes:  # every .grad the replay could touch: leaves and retained non-leaves
        var = getattr(node, "variable", None)
        retained = [ref() for ref in (node._retained or {}).values()]
        for t in [var, *retained]:
            if t is not None and id(t) not in saved:
                g = t._grad
                saved[id(t)] = (t, g, None if g is None else (g._data.copy(), g._vc.value))
    hidden = []
    if not run_hooks:
        for node in nodes:
            for attr in ("_tensor_hooks", "_hooks", "_prehooks"):
                value = node.__dict__.get(attr)
                if value:
                    hidden.append((node, attr, value))
                    setattr(node, attr, None)
    tee = _Tee(sys.stdout, echo=False)
    rec = Recorder(trace, tee)
    try:
        with contextlib.redirect_stdout(tee), observe(rec):
            tensor.backward(gradient, retain_graph=True)
    except Exception as exc:
        rec.in_backward = False
        trace.error = exc
        rec.add("error", error=exc)
    finally:
        for t, g, data in saved.values():
            if g is not None:
                g._data[...] = data[0]
                g._vc.value = data[1]
            t._grad = g
        for node, attr, value in hidden:
            setattr(node, attr, value)
    return trace
