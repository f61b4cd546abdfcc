"""Run code statement by statement and record what autograd did: the stepper's raw material.

A :class:`Trace` is a list of :class:`Event` objects in the order things happened:
forward ops, names bound by each statement, every backward engine action
(from :func:`minigrad.autograd.observe`), text printed, and a final error if
the code raised. Values are copied when they are recorded, because tensors
change later (in-place ops, gradient accumulation).
"""

import ast
import contextlib
import functools
import io
import linecache
import sys
import types
from dataclasses import dataclass, field

import numpy as np

import minigrad
from minigrad.autograd.engine import replay
from minigrad.autograd.observer import (
    ACCUMULATE,
    BEGIN,
    CAPTURE,
    END,
    FREE,
    GRADS,
    HOOK,
    INPUTS,
    NODE,
    NODE_HOOK,
    NODE_PREHOOK,
    OP,
    POST_ACCUMULATE,
    RETAIN_GRAD,
    observe,
)  # fmt: skip
from minigrad.graph import (
    OpRecord,
    edges_of,
    hook_count,
    is_pytorch,
    one_line,
    output_slot,
    slot,
    summarize,
    version_of,
)
from minigrad.nn import Module
from minigrad.nn.hooks import BackwardHook
from minigrad.tensor import Tensor
from minigrad.utils import as_torch

from .hook_names import HookNames

FILENAME = "<stepthrough>"
STATEMENT, ERROR, NOTE = "statement", "error", "note"  # the tracer's own events, beside the observer's
LOOPS = 3  # iterations of a top-level loop shown line by line; the rest run as one step
_BLOCKS = (ast.For, ast.AsyncFor, ast.While, ast.If, ast.With, ast.Try)  # statements stepped line by line


_DTYPE_TEXT = {}


class Value:
    """A snapshot of a tensor's numbers, taken when an event happened (tensors change later).

    ``text`` is the graph model's summary on one line (every value for small tensors,
    torch's summary with its ``...`` for longer ones) and ``full`` the values as ``print(tensor)`` shows them (torch
    elides the middle of big ones), both worked out only if a step shows them; ``numbers`` the array, or for a big
    one the numbers a summary shows (:func:`~minigrad.graph.edges_of`); ``scalar`` is
    the one number of a one-element tensor, for arithmetic in chain-rule lines; ``version``
    the tensor's ``_version`` then.
    """

    __slots__ = ("shape", "dtype", "scalar", "version", "_array", "_text", "_full", "_edges")
    KEEP = 1024  # arrays up to this many elements are copied and printed later, if needed

    def __init__(self, shape, dtype, text=None, scalar=None, array=None, version=0, full=None, edges=None):
        self.shape, self.dtype, self.scalar, self.version = shape, dtype, scalar, version
        self._array, self._text, self._full, self._edges = array, text, full, edges

    @classmethod
    def of(cls, t):
        """Snapshot a Tensor (or numpy array); None stays None."""
        if t is None:
            return None
        version = version_of(t) if isinstance(t, Tensor) else 0
        a = t.detach().numpy() if isinstance(t, Tensor) else np.asarray(t)
        scalar = a.item() if a.size == 1 else None
        dtype = _DTYPE_TEXT.get(a.dtype)
        if dtype is None:  # str(dtype) runs numpy's Python code: a trace snapshots thousands of values
            dtype = _DTYPE_TEXT[a.dtype] = str(a.dtype)
        if a.size <= cls.KEEP:
            return cls(tuple(a.shape), dtype, None, scalar, a.copy(), version)
        return cls(tuple(a.shape), dtype, None, scalar, None, version, _printed(a), edges_of(a))

    @property
    def numbers(self):
        return self._array if self._array is not None else self._edges

    @property
    def text(self):
        if self._text is None:
            self._text = one_line(summarize(self._array if self._array is not None else self._edges, shape=self.shape))
        return self._text

    @property
    def full(self):
        if self._full is None:
            self._full = _printed(self._array)
        return self._full

    def same(self, other):
        """Whether ``other`` (a Value or None) holds the same numbers (for big ones: the same printed values)."""
        if other is None or other.shape != self.shape or other.dtype != self.dtype:
            return False
        if self._array is not None and other._array is not None:
            return bool(np.array_equal(self._array, other._array, equal_nan=True))
        return self.full == other.full

    def __repr__(self):
        return f"Value({self.text})"


def _printed(array):
    """``print(t)`` of a tensor holding ``array`` (no grad suffixes: they describe a tensor, not a value)."""
    return repr(minigrad.from_numpy(array))


@dataclass
class Event:
    """One thing that happened: ``kind`` plus its details; ``stmt`` is the statement's index."""

    stmt: int
    kind: str
    info: dict
    output: str = ""  # text printed while it happened (e.g. by a hook)


@dataclass
class Statement:
    """A top-level statement of the traced code (or one line run inside a top-level loop or block), by
    its 1-based source lines."""

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
    pytorch: bool = False  # the code ran where ``torch`` is PyTorch, or left PyTorch tensors: nothing to trace


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


def kept_grad(t):
    """``t.grad`` where torch keeps one (leaves, and non-leaves that retain_grad), else None, read
    without the warning a non-leaf's ``.grad`` gives."""
    return t.grad if t.is_leaf or t.retains_grad else None


def _values(grads):
    return tuple(Value.of(g) for g in grads)


# What each observer event becomes: kind -> (recorder, info) -> the Event's details. Values are copied
# now, tensors are located by their slot now (see minigrad.graph.slot): both change later.
_EVENTS = {
    BEGIN: lambda r, i: dict(roots=tuple(slot(t) for t in i["roots"]), grads=_values(i["grads"]),
                             accumulate=i.get("accumulate", True), create_graph=i.get("create_graph", False)),
    INPUTS: lambda r, i: dict(node=i["node"], grads=_values(i["grads"])),
    NODE: lambda r, i: dict(node=r.keep(i["node"]), grads=_values(i["grads"])),
    GRADS: lambda r, i: dict(node=i["node"], grads=_values(i["grads"])),
    HOOK: lambda r, i: dict(
        at=output_slot(i["node"], i["output_nr"]), hook=r.hook_names(i["hook"]),
        grad=Value.of(i["grad"]), result=Value.of(i["result"]) if isinstance(i["result"], Tensor) else None,
    ),
    RETAIN_GRAD: lambda r, i: dict(
        at=output_slot(i["node"], i["output_nr"]), before=Value.of(i["before"]), after=Value.of(i["after"]),
        grad=Value.of(i["grad"]),
    ),
    ACCUMULATE: lambda r, i: dict(
        node=i["node"], before=Value.of(i["before"]), after=Value.of(i["after"]), grad=Value.of(i["grad"]),
    ),
    POST_ACCUMULATE: lambda r, i: dict(
        node=i["node"], hook=r.hook_names(i["hook"]), before=Value.of(i["before"]),
        after=Value.of(i["after"]), value=Value.of(i["tensor"]),  # an optimizer step in the hook changes the leaf
    ),
    NODE_PREHOOK: lambda r, i: dict(node=i["node"], **r.node_hook(i["hook"]), grads=_values(i["grads"]),
                                    result=None if i["result"] is None else _values(i["result"])),
    NODE_HOOK: lambda r, i: dict(node=i["node"], **r.node_hook(i["hook"]), grads=_values(i["grad_inputs"]),
                                 result=None if i["result"] is None else _values(i["result"])),
    CAPTURE: lambda r, i: dict(at=output_slot(i["node"], i["output_nr"]), index=i["index"], grad=Value.of(i["grad"])),
    FREE: lambda r, i: dict(nodes=tuple(i["nodes"])),
    END: lambda r, i: {},
}  # fmt: skip


class Recorder:
    """The observer given to ``minigrad.autograd.observe``: turns engine callbacks into Events."""

    def __init__(self, trace, tee, statements=()):
        self.trace, self.tee = trace, tee
        self.hook_names = HookNames(FILENAME, trace.source, statements)  # what captions call the hooks that run
        self.stmt = 0
        self.depth = 0  # backward passes running: 2 while a backward runs inside one (a reentrant checkpoint)
        self.watched = {}  # id(tensor) -> tensor: every tensor seen, to notice later changes
        self.signatures = {}  # id(tensor) -> what it looked like at the last statement's end
        self.preexisting = {}  # name -> tensor bound before the code ran: in the picture only if the code uses it

    def add(self, kind, **info):
        ev = Event(self.stmt, kind, info, self.tee.take() if self.tee is not None else "")
        self.trace.events.append(ev)
        return ev

    def keep(self, obj):
        """Keep ``obj`` alive for the trace's lifetime, so that its id() stays unique; return it."""
        self.trace.keep.append(obj)
        return obj

    def watch(self, tensors):
        for t in tensors:
            if isinstance(t, Tensor) and id(t) not in self.watched:
                self.watched[id(t)] = self.keep(t)

    @property
    def in_backward(self):
        return self.depth > 0

    def __call__(self, kind, **info):
        if kind == OP:
            self.op(info)
            return
        if kind == BEGIN:
            self.depth += 1
            if self.depth == 1:
                self.watch(info["roots"])
        elif kind == END:
            self.depth -= 1
            if self.depth:
                return
        if self.depth > 1:  # a backward inside a backward works on a graph of its own, which the code never sees
            return
        self.add(kind, **_EVENTS[kind](self, info))

    def op(self, info):
        record = OpRecord.of(info)
        if self.in_backward and record.node is None:
            return  # the engine's own arithmetic, not part of any graph
        self.keep(record.node)
        self.watch(record.inputs + record.outputs)
        input_slots = tuple(slot(t) if isinstance(t, Tensor) else None for t in record.inputs)
        if "ctx" in info and record.node is not None:  # a Function, reported after its dirty inputs moved on
            input_slots = _before_dirty(record, input_slots)
        self.add(
            OP,
            record=record,
            input_slots=input_slots,
            input_values=tuple(Value.of(t) if isinstance(t, Tensor) else t for t in record.inputs),
            output_slots=tuple(slot(t) for t in record.outputs),
            output_values=_values(record.outputs),
            in_backward=self.in_backward,
            grad_off=_grad_off(),
            **_code_position(),
        )

    def node_hook(self, hook):
        """How captions name a node's hook: ``hook`` (its text), or for the hooks a Module's backward hooks run
        through, ``module`` (its type's name), ``hook_kind`` and ``hook``, the user's hooks that ran (``None`` where
        none did: the output side only keeps the gradients for the input side's hooks)."""
        module_hooks = _module_hooks(hook)
        if module_hooks is None:
            return {"hook": self.hook_names(hook)}
        input_side = _runs_backward_hooks(hook)
        user = module_hooks.user_hooks if input_side else module_hooks.user_pre_hooks
        names = ", ".join(self.hook_names(h) for h in user) or None
        return {"hook": names, "module": type(module_hooks.module).__name__,
                "hook_kind": "backward hook" if input_side else "backward pre-hook"}  # fmt: skip

    def error(self, exc):
        """Record the error that stopped the code, with the hook that raised it if one did (``hook``: its text;
        ``at``: the slot of the tensor it was on, ``node``: the node whose pre-hook or hook it was, or ``module``: the
        type of the Module whose backward hook it was)."""
        self.add(ERROR, error=exc, **self._raising_hook(exc))

    def _raising_hook(self, exc):
        """Which hook of the node backward was at (the last one reported) raised ``exc``, found by its code among
        the traceback's frames: {} if none did."""
        last = next((ev for ev in reversed(self.trace.events) if ev.kind in (INPUTS, NODE, END)), None)
        if last is None or last.kind == END:  # not in a backward pass
            return {}
        node = last.info["node"]
        codes, tb = set(), exc.__traceback__
        while tb is not None:
            codes.add(tb.tb_frame.f_code)
            tb = tb.tb_next
        variable = getattr(node, "variable", None)
        candidates = [(hook, {"at": output_slot(node, nr)}, "hook") for nr, hooks in (node._tensor_hooks or {}).items()
                      for hook in hooks.values()]
        candidates += [(hook, {"at": slot(variable)}, "post-accumulate-grad hook")
                       for hook in (getattr(variable, "_post_accumulate_grad_hooks", None) or {}).values()]
        candidates += [(hook, {"node": node}, "pre-hook") for hook in (node._prehooks or {}).values()]
        candidates += [(hook, {"node": node}, "hook") for hook in (node._hooks or {}).values()]  # fmt: skip
        for module_hooks in filter(None, map(_module_hooks, [hook for hook, _, _ in candidates])):
            module = {"module": type(module_hooks.module).__name__}
            candidates += [(h, module, "backward hook") for h in module_hooks.user_hooks]
            candidates += [(h, module, "backward pre-hook") for h in module_hooks.user_pre_hooks]
        for hook, where, kind in candidates:
            target = hook.func if isinstance(hook, functools.partial) else hook
            if getattr(target, "__code__", None) in codes:
                return {"hook": self.hook_names(hook), "hook_kind": kind, **where}
        return {}

    def statement_end(self, names):
        """Record the names bound now and every watched tensor that changed since the last statement
        (value, .grad, retain_grad, hooks, requires_grad, post-accumulate-grad hooks): ``changes``, a list of
        dicts."""
        fresh = {n: t for n, t in names.items() if self.preexisting.get(n) is not t}
        self.watch(fresh.values())
        changes = []
        for t in self.watched.values():
            g = kept_grad(t)
            post = t._post_accumulate_grad_hooks
            sig = (version_of(t), id(t.grad_fn), id(g), None if g is None else version_of(g),
                   t.retains_grad, hook_count(t), t.requires_grad, len(post) if post else 0)  # fmt: skip
            old = self.signatures.get(id(t))
            if sig == old:
                continue
            self.signatures[id(t)] = sig
            changes.append({
                "at": slot(t),
                "value": Value.of(t) if old is None or old[:2] != sig[:2] else None,
                "grad": Value.of(g),
                "grad_changed": old is None or old[2:4] != sig[2:4],
                "retains": t.retains_grad,
                "requires_grad": t.requires_grad,
                "hooks": sig[5],
                "post_hooks": sig[7],
            })  # fmt: skip
        self.add(STATEMENT, names={n: slot(t) for n, t in names.items()}, bound=fresh, changes=changes)


def _grad_off():
    """Why new ops record no graph now, as the code switched it off (``torch.no_grad()``, ``torch.inference_mode()``),
    or None where they record one."""
    if minigrad.is_inference_mode_enabled():
        return "torch.inference_mode()"
    return None if minigrad.is_grad_enabled() else "torch.no_grad()"


def _runs_backward_hooks(node_hook):
    """Whether ``node_hook`` is the hook a Module's input node runs its backward hooks with (the output node's
    hook only keeps the output gradients for it)."""
    return "_set_user_hook" in node_hook.__qualname__


def passes_module_inputs(node):
    """Whether the ``grad_fn`` node ``node`` is the one a Module's tensor inputs pass through for its backward
    hooks (a ``BackwardHookFunctionBackward`` whose hook runs them): its output ``k`` is its input ``k``."""
    hooks = getattr(node, "_hooks", None) or {}
    return any(_module_hooks(h) is not None and _runs_backward_hooks(h) for h in hooks.values())


def _module_hooks(node_hook):
    """The ``BackwardHook`` whose Module's backward hooks the node hook ``node_hook`` runs, or None."""
    for cell in getattr(node_hook, "__closure__", None) or ():
        with contextlib.suppress(ValueError):  # an empty cell has no contents
            if isinstance(cell.cell_contents, BackwardHook):
                return cell.cell_contents
    return None


def _before_dirty(record, slots):
    """A custom Function's input slots as they were before it ran: an input it ``mark_dirty``-ed and returned has
    the output's slot by the time the Function reports, so it is found at the end of the node's edge instead."""
    returned = {id(t) for t in record.outputs}
    if not any(id(t) in returned for t in record.inputs):
        return slots
    edges = iter(record.node.next_functions)  # one per tensor argument
    fixed = []
    for t, at in zip(record.inputs, slots):
        if isinstance(t, Tensor):
            child, nr = next(edges, (None, 0))
            if id(t) in returned and child is not None:
                at = ("obj", id(child.variable)) if hasattr(child, "variable") else ("out", id(child), nr)
        fixed.append(at)
    return tuple(fixed)


def _code_position():
    """Where in the traced code the op runs now (its innermost frame there): ``line`` (1-based) and ``span``,
    the source range ``(line, end line, column, end column)`` of the expression running (``a * b``, ``lin(x)``:
    every op inside a call shares the call's span); {} outside the traced code."""
    f = sys._getframe(2)
    while f is not None:
        if f.f_code.co_filename == FILENAME:
            positions = _positions(f.f_code)
            span = positions[f.f_lasti // 2] if 0 <= f.f_lasti // 2 < len(positions) else None
            return {"line": f.f_lineno, "span": span if span and None not in span else None}
        f = f.f_back
    return {}


@functools.lru_cache(maxsize=64)  # one code object runs many ops (a loop): its table is read once
def _positions(code):
    return tuple(code.co_positions())


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


def parse(source):
    """The top-level statements of ``source``, with ``import torch`` turned into minigrad."""
    return as_torch.parse(source, FILENAME).body


class _LineSteps:
    """Inside a top-level loop or block, end a statement at every line the block runs (each iteration's
    lines become steps), for the first ``loops`` iterations of a loop; the rest run as one statement,
    and a note says what was put together. Uses ``sys.settrace``, on the block's own frame only; under
    another tracer (a debugger, coverage) the block stays one step."""

    def __init__(self, rec, stmt, code, namespace, loops):
        self.rec, self.stmt, self.code, self.namespace, self.loops = rec, stmt, code, namespace, loops
        self.loop = isinstance(stmt, (ast.For, ast.AsyncFor, ast.While))
        self.iterations = 0
        self.header = False
        self.collapsed_at = None  # the iteration from which the rest ran together

    def __enter__(self):
        self.active = sys.gettrace() is None
        if self.active:
            sys.settrace(self.call)
        return self

    def __exit__(self, *exc):
        if self.active:
            sys.settrace(None)
        if self.collapsed_at is not None and self.iterations >= self.collapsed_at:
            first, last = self.collapsed_at, self.iterations
            which = f"iteration {first}" if first == last else f"iterations {first} to {last}"
            self.rec.add(NOTE, text=f"{which} of the loop on line {self.stmt.lineno} ran together",
                         more=f"(%%stepthrough loops={last} shows each one)")  # steps.py says in which steps
        return False

    def call(self, frame, event, arg):
        return self.line if frame.f_code is self.code else None

    def line(self, frame, event, arg):
        if event != "line":
            return self.line
        lineno = frame.f_lineno
        if self.collapsed_at is not None:  # only counting now
            if lineno == self.stmt.lineno:
                self.header = True
            elif self.header:
                self.header, self.iterations = False, self.iterations + 1
            return self.line
        if self.loop and lineno == self.stmt.lineno:
            self.header = True  # an iteration starts if a line of the body runs next (not the loop's end)
        elif self.header:
            self.header = False
            self.iterations += 1
            if self.iterations > self.loops:
                self.collapsed_at = self.iterations
                self.next_statement(self.stmt.lineno, self.stmt.end_lineno or self.stmt.lineno)
                return self.line
        self.next_statement(lineno, lineno)
        return self.line

    def next_statement(self, first, last):
        rec = self.rec
        rec.statement_end(named_tensors(self.namespace))
        rec.stmt = len(rec.trace.statements)
        rec.trace.statements.append(Statement(first, last))


def run_code(source, namespace, echo=True, loops=LOOPS):
    """Run ``source`` in ``namespace`` one top-level statement at a time, recording a :class:`Trace`.
    Loops and other blocks are stepped line by line, for their first ``loops`` iterations.

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
        trace.events.append(Event(0, ERROR, {"error": exc}))
        return trace
    tee = _Tee(sys.stdout, echo)
    rec = Recorder(trace, tee, body)
    rec.preexisting = named_tensors(namespace)  # e.g. earlier cells' tensors, for %%stepthrough
    before = {name: id(value) for name, value in list(namespace.items())}
    pytorch = {name: v for name, v in list(namespace.items()) if isinstance(v, types.ModuleType) and is_pytorch(v)}
    shadowed = {}  # names of PyTorch modules the code's ``import torch...`` bound to minigrad: given back after
    try:
        with contextlib.redirect_stdout(tee), observe(rec):
            for stmt in body:
                rec.stmt = len(trace.statements)
                trace.statements.append(Statement(stmt.lineno, stmt.end_lineno or stmt.lineno))
                code = compile(ast.Module([stmt], type_ignores=[]), FILENAME, "exec")
                rec.hook_names.compiled(code)
                block = isinstance(stmt, _BLOCKS)
                try:
                    with _LineSteps(rec, stmt, code, namespace, loops) if block else contextlib.nullcontext():
                        exec(code, namespace)
                except Exception as exc:  # the traced code's error becomes the last step
                    rec.depth = 0  # the failed backward ended without its END
                    trace.error = exc
                    rec.statement_end(named_tensors(namespace))
                    rec.error(exc)
                    break
                _note_shadowed(rec, namespace, pytorch, shadowed)
                rec.statement_end(named_tensors(namespace))
        trace.pytorch = _ran_on_pytorch(namespace, before)
    finally:
        namespace.update(shadowed)
    return trace


def _note_shadowed(rec, namespace, pytorch, shadowed):
    """If the statement that ends now imported minigrad under a name that named a PyTorch module before the code ran
    (``import torch`` in a cell of a notebook that imported PyTorch), say so: the code goes on with minigrad, and the
    name is given back to PyTorch when it ends, as the notebook's other cells expect."""
    names = [name for name, module in pytorch.items()
             if name not in shadowed and namespace.get(name) is not module and _is_minigrad(namespace.get(name))]
    for name in names:
        shadowed[name] = pytorch[name]
    if names:
        listed = ", ".join(f"`{name}`" for name in names)
        rec.add(NOTE, text=f"this imports minigrad as {listed} (the stepper runs minigrad); after this code, {listed} "
                           f"name{'s' if len(names) == 1 else ''} PyTorch again, as before it")


def _is_minigrad(value):
    return isinstance(value, types.ModuleType) and value.__name__.split(".")[0] == "minigrad"


def _ran_on_pytorch(namespace, before):
    """Whether the code's ``torch`` is PyTorch, or the code left PyTorch objects in variables (``before``: the
    ids of the values before it ran; a PyTorch tensor from an earlier cell, kept for comparison, does not count)."""
    if is_pytorch(namespace.get("torch")):
        return True
    changed = [v for k, v in list(namespace.items()) if before.get(k) != id(v)]
    return any(is_pytorch(v) and not isinstance(v, types.ModuleType) for v in changed)


def replay_backward(tensor, gradient=None, run_hooks=True):
    """Record one backward pass from ``tensor`` that changes nothing (``minigrad.autograd.engine.replay``):
    no ``.grad`` is written, the graph is not freed. Hooks run unless ``run_hooks`` is False; what they
    print goes into the steps, not to the output."""
    trace = Trace("")
    trace.statements.append(Statement(1, 1))
    tee = _Tee(sys.stdout, echo=False)
    rec = Recorder(trace, tee)
    try:
        with contextlib.redirect_stdout(tee), observe(rec):
            replay(tensor, gradient, run_hooks)
    except Exception as exc:
        rec.depth = 0
        trace.error = exc
        rec.error(exc)
    return trace
