"""The graph model: the autograd graph behind one or more tensors, extracted once, as plain data.

Every picture of a graph (``minigrad.viz.make_dot``, ``minigrad.viz.draw_graph``, the step-through
widget) starts from :func:`extract`, so they agree on what the graph is and on its element ids.

The model is a bipartite DAG:

* **tensor nodes** (:class:`TensorNode`, ids ``t0, t1, ...``): leaves, intermediate results,
  outputs, and inputs that need no grad. An intermediate tensor that is no longer reachable as a
  Python object still gets a node (``tensor is None``, no name or value); its shape and dtype come
  from the ``_input_meta`` of the node that consumed it;
* **function nodes** (:class:`FunctionNode`, ids ``f0, f1, ...``): the ``grad_fn`` objects, including
  ``AccumulateGrad``, with torch's name (``node.name()``), the op's derivative ``formula`` and, when
  asked, what the node saved for backward;
* **edges** (:class:`Edge`), each with a ``kind``: ``"input"`` tensor -> function and ``"output"``
  function -> tensor follow the data; ``"next"`` function -> next function and ``"variable"``
  AccumulateGrad -> its leaf follow the gradient, as ``grad_fn.next_functions`` does; ``"saved"``
  function -> tensor it saved.

Ids contain no memory addresses. They are given in forward (creation) order: functions sorted by
when they ran, each preceded by the leaves and constant inputs it is the first to use and followed
by its outputs, so the same computation always gives the same ids, node order and edge order.

Using it::

    g = extract(out, names={"w": w}, frame=True)      # frame=True: the caller's variable names
    for t in g.tensors: print(t.id, t.name, t.shape, t.kind, t.value, t.grad)
    for f in g.functions: print(f.id, f.name, f.inputs, f.outputs, f.formula)
    g.id_of(w), g.id_of(out.grad_fn), g[g.outputs[0]]

A tracer (the step-through widget) passes the ops it saw, so that tensors the graph only knows by
position (constants, inputs that need no grad) become real nodes with values::

    with record() as ops:                             # or OpRecord(**info) in its own observer
        y = (w + x) * (w + 1)
    g = extract(y, trace=ops)

Each tensor object (outputs, named ones, the trace's) is placed where it sits in the graph now: after
an in-place op its name moves to the new node and the old value becomes an unnamed node. An input
that needs no grad is found in the trace, else among the tensors its node saved (until backward
frees them), else it is an unnamed placeholder.

The values and grads in the model are summaries taken at extraction time (:func:`summarize`);
``TensorNode.tensor`` and ``FunctionNode.fn`` keep the live objects for anything else. Also here:
:func:`op_name` (``MulBackward0`` -> ``mul``) and :class:`GraphTooLarge`, raised by ``extract`` as
soon as the graph passes ``max_nodes``.
"""

import contextlib
import functools
import inspect
import math
import re
import sys
import types
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from .autograd.accumulate_grad import AccumulateGrad
from .autograd.function import BackwardCFunction
from .autograd.graph import PackedTensor, SavedOutput
from .autograd.observer import OP, observe
from .dtypes import from_numpy_dtype
from .printing import PRINT_OPTS, values_str
from .tensor import Tensor

# Tensors with at most this many elements show every value; bigger ones torch's summary with its ``...``.
SUMMARY_MAX_ELEMENTS = 12
SUMMARY_WIDTH = 24  # characters a line of a tensor's box shows


class GraphTooLarge(ValueError):
    """The graph has more nodes than the caller's budget (``max_nodes``)."""


@dataclass
class TensorNode:
    """A tensor in the graph. ``kind`` is ``"leaf"`` (a leaf that requires grad), ``"nonleaf"``
    (made by an op that recorded a node) or ``"nograd"`` (requires no grad: a constant, a detached
    tensor, a result computed under no_grad)."""

    id: str
    name: str | None
    shape: tuple
    dtype: str
    kind: str
    requires_grad: bool
    retains_grad: bool
    is_output: bool
    value: str | None  # summary of the data; None when the tensor object is gone
    grad: str | None  # summary of .grad; None when there is none (or the object is gone)
    grad_fn: str | None = None  # id of the function that made it
    output_nr: int = 0
    tensor: Tensor | None = field(default=None, repr=False, compare=False)
    version: int = 0  # ``tensor._version``: in-place changes to its storage so far (0: an inference tensor)
    is_view: bool = False  # ``tensor._is_view()``: shares the storage of another tensor
    detached: bool = False  # needs no grad but shares its storage with a graph tensor (``x.detach()``)
    hooks: int = 0  # hooks registered on it with ``register_hook``
    saved: np.ndarray | None = field(default=None, repr=False, compare=False)  # where the tensor object is gone:
    # the data its node saved for backward (``tanh`` saves its result), as ``grad_fn._saved_result`` reads it

    @property
    def is_leaf(self):
        """Mirror ``Tensor.is_leaf``: no grad_fn."""
        return self.kind != "nonleaf"


@dataclass
class FunctionNode:
    """A ``grad_fn`` node. ``inputs`` holds one tensor id per ``next_functions`` entry (None where the
    forward argument was not a tensor); ``input_names`` are the formula's names for them (``self``,
    ``other``, ...); ``saved`` is ``((name, tensor id), ...)`` when extracted with ``saved=True``."""

    id: str
    name: str  # node.name(), e.g. "MulBackward0", "torch::autograd::AccumulateGrad"
    op: str  # the forward op: "mul", "mm", "MyReLU" (a user Function), "AccumulateGrad"
    formula: dict
    inputs: tuple = ()
    input_names: tuple = ()
    outputs: tuple = ()
    saved: tuple = ()
    saved_versions: tuple = ()  # the version each saved tensor had when it was saved (``tensor._version``)
    saved_versions_now: tuple = ()  # their versions when the graph was extracted: different = changed in place
    attrs: dict = field(default_factory=dict)  # torch's non-tensor saved attributes, as text (dim, keepdim, ...)
    kept: tuple = ()  # what it saved besides the graph's tensors: a Kept for each (see _kept)
    values: dict = field(default_factory=dict)  # the formula's other names (exponent, n, dim) and their values
    variable: str | None = None  # AccumulateGrad: id of the leaf it accumulates into
    next: tuple = ()  # ``next_functions`` as ids: ((function id or None, input_nr), ...)
    fn: object = field(default=None, repr=False, compare=False)

    @property
    def label(self):
        """The name torchviz shows: the node's type name (``AccumulateGrad``, ``MulBackward0``)."""
        return type(self.fn).__name__


class Kept(NamedTuple):
    """One thing a node saved for backward that is no tensor of the graph, in torchviz's name (``other``,
    ``indices[0]``): a Python number (``number``; torch saves it as a 0-d tensor) or an index tensor."""

    name: str
    shape: tuple
    text: str  # its values, summarised
    number: bool
    value: object = None  # the number itself (a Python number)


@dataclass(frozen=True)
class Edge:
    """One edge; ``index`` is the input position (input, next), the output_nr (output), or the slot
    in the saved tuple (saved)."""

    src: str
    dst: str
    kind: str
    index: int = 0

    @property
    def id(self):
        """An id for the drawn edge (SVG-safe: letters, digits, underscores)."""
        return f"{self.kind}_{self.src}_{self.dst}_{self.index}"


class OpRecord(NamedTuple):
    """One op run in forward, as ``minigrad.autograd.observe`` reports it (:meth:`of`), with what its
    node saved for backward at that moment (backward frees it later)."""

    op: type
    node: object
    inputs: tuple
    outputs: tuple
    params: dict
    saved: tuple | None = None
    versions: tuple | None = None  # the version each saved tensor had when it was saved
    kept: tuple = ()  # the index tensors it kept (``IndexingOp._keep_indices``)

    @classmethod
    def of(cls, info):
        """The record of an ``OP`` event's ``info``."""
        node = info["node"]
        return cls(info["op"], node, tuple(info["inputs"]), tuple(info["outputs"]), dict(info["params"]),
                   node._stash if node is not None else None,
                   tuple(node._versions) if node is not None else None,
                   (getattr(node, "_kept", None) or ()) if node is not None else ())  # fmt: skip


@contextlib.contextmanager
def record():
    """Record every op run inside the block; yields the list of :class:`OpRecord` (for ``trace=``)."""
    ops = []

    def observer(kind, **info):
        if kind == OP:
            ops.append(OpRecord.of(info))

    with observe(observer):
        yield ops


def slot(t):
    """Where a tensor sits in a graph *now*: ``("out", id(grad_fn), output_nr)`` for the result of an op
    that recorded a node, ``("obj", id(t))`` for a leaf or a tensor that needs no grad. An in-place op
    moves a tensor to a new slot, so a tracer takes slots when events happen (and keeps the objects
    alive, so that ids stay unique); :meth:`Graph.tensor_at` finds the tensor node of a slot."""
    if t.grad_fn is not None:
        return ("out", id(t.grad_fn), t._output_nr)
    return ("obj", id(t))


def output_slot(node, output_nr):
    """The slot of output ``output_nr`` of a graph node; for an ``AccumulateGrad``, its leaf's slot."""
    if isinstance(node, AccumulateGrad):
        return ("obj", id(node.variable))
    return ("out", id(node), output_nr)


def version_of(t):
    """``t._version`` for a tool that watches tensors change: 0 for an inference tensor, which counts no
    versions (torch's ``_version`` of one is an error)."""
    return 0 if t._vc.inference else t._vc.value


def hook_count(t):
    """How many hooks ``t.register_hook`` has registered on tensor ``t``."""
    node = t._edge(create=False)[0]
    hooks = node._tensor_hooks if node is not None else None
    return len(hooks.get(t._output_nr, ())) if hooks else 0


class Graph:
    """The extracted graph: ``tensors``, ``functions`` and ``edges`` in a fixed order; ``outputs`` are
    the ids of the tensors it was extracted from. ``graph[id]`` gives a node; the accessors below give
    each function's edges and the tensor node of a slot, so that no consumer builds indexes of its own."""

    def __init__(self, tensors, functions, edges, outputs, objects, slots):
        self.tensors = tensors
        self.functions = functions
        self.edges = edges
        self.outputs = outputs
        self._by_id = {n.id: n for n in (*tensors, *functions)}
        self._objects = objects  # id(object) -> node id, for tensors and grad_fn nodes
        self._slots = slots  # slot -> tensor id
        self._inputs, self._outputs, self._variable = {}, {}, {}
        self._by_array = None  # id of an array -> the tensors that require grad and hold it (built when first asked)
        for e in edges:
            if e.kind == "input":
                self._inputs.setdefault(e.dst, {})[e.index] = e
            elif e.kind == "output":
                self._outputs.setdefault(e.src, []).append(e)
            elif e.kind == "variable":
                self._variable[e.src] = e

    def __getitem__(self, node_id):
        return self._by_id[node_id]

    def __len__(self):
        return len(self._by_id)

    def __repr__(self):
        return f"<Graph: {len(self.tensors)} tensors, {len(self.functions)} functions, {len(self.edges)} edges>"

    def id_of(self, obj):
        """The id of the node for a tensor object or a grad_fn node, or None if it is not in the graph."""
        return self._objects.get(id(obj))

    def runs_inside(self, fid):
        """The CopySlices node that runs function ``fid``, or None: an in-place op on a view records its node, and
        the view's base gets a CopySlices around it as its new grad_fn (torch's ``CopySlices``, whose backward runs
        that node on the view's part of the base's gradient)."""
        node = self[fid].fn
        return next((f.id for f in self.functions if f.label == "CopySlices" and f.fn.fn is node), None)

    def wrapped(self, fid):
        """For a CopySlices node ``fid``, the node it runs (the in-place op's), if the graph has it; else None."""
        fn = self[fid]
        return self.id_of(fn.fn.fn) if fn.label == "CopySlices" else None

    def edges_of(self, kind):
        """The edges of one kind, in order."""
        return [e for e in self.edges if e.kind == kind]

    def tensor_at(self, slot):
        """The id of the tensor node at a :func:`slot` (an ``AccumulateGrad``'s output slot is its leaf's),
        or None if the graph has no tensor there."""
        return self._slots.get(slot)

    def input_edges(self, fid):
        """The ``input`` edges into function ``fid``: ``{input index: Edge}``."""
        return self._inputs.get(fid, {})

    def output_edges(self, fid):
        """The ``output`` edges from function ``fid`` to the tensors it made, by output_nr."""
        return self._outputs.get(fid, [])

    def output_at(self, fid, output_nr):
        """The id of output ``output_nr`` of function ``fid`` (its leaf, for an AccumulateGrad), or None."""
        variable = self[fid].variable
        if variable is not None:
            return variable
        return next((e.dst for e in self.output_edges(fid) if e.index == output_nr), None)

    def variable_edge(self, fid):
        """The ``variable`` edge from an AccumulateGrad to its leaf, or None."""
        return self._variable.get(fid)

    def holding_data_of(self, t, same_counter):
        """The ids of the tensors that require grad and hold the very array of tensor object ``t``, in graph order:
        those sharing its version counter (``t`` is a ``.detach()`` of one) if ``same_counter``, else those that do
        not (``t`` is one's ``.data``, whose counter is its own)."""
        if self._by_array is None:
            self._by_array = {}
            for n in self.tensors:
                if n.tensor is not None and n.requires_grad:
                    self._by_array.setdefault(id(n.tensor._data), []).append(n)
        return [n.id for n in self._by_array.get(id(t._data), ())
                if n.tensor._data is t._data and (n.tensor._vc is t._vc) == same_counter]  # fmt: skip


def extract(outputs, names=None, params=None, *, trace=None, frame=None, saved=False, max_nodes=None,
            who="extract()"):
    """Extract the graph that ``outputs`` (a tensor or a sequence of tensors) were computed by.

    ``names`` and ``params`` map names to tensors (other values are ignored, so a namespace dict
    works); ``params`` is torchviz's argument, ``names`` wins over it. ``frame`` adds the variable
    names of a frame: True for the caller's, a frame object, or a namespace dict (names starting with
    ``_`` are skipped). ``trace`` is a list of :class:`OpRecord`. ``saved=True`` fills
    ``FunctionNode.saved``. Raises :class:`GraphTooLarge` as soon as the graph has more than
    ``max_nodes`` nodes, so a huge graph costs no more than the budget. ``who`` names the caller in the
    TypeError for something that is not a minigrad tensor (:func:`not_minigrad`).
    """
    outputs = _checked_outputs(who, outputs)
    if frame is True:
        frame = sys._getframe(1)
    return _Extractor(outputs, names, params, trace or (), frame, saved, max_nodes).run()


# -- extraction ------------------------------------------------------------------------------------


class _Extractor:
    def __init__(self, outputs, names, params, trace, frame, saved, max_nodes):
        self.outputs, self.want_saved, self.max_nodes = outputs, saved, max_nodes
        self.fns = self._collect()
        self.trace = {id(r.node): r for r in trace if r.node is not None and id(r.node) in self.fn_set}
        self.names, self.named = _name_table(names, params, frame)
        self.objects = {}  # slot -> tensor object
        self.tensors, self.functions, self.edges = [], [], []
        self.slot_ids, self.fn_ids, self.object_ids = {}, {}, {}

    def _collect(self):
        """Every grad_fn reachable from the outputs, in discovery order (iterative: graphs may be deep)."""
        fns, seen = [], set()
        stack = [t.grad_fn for t in reversed(self.outputs)]
        while stack:
            fn = stack.pop()
            if fn is None or id(fn) in seen:
                continue
            seen.add(id(fn))
            fns.append(fn)
            self._check_budget(len(fns))
            stack.extend(child for child, _ in reversed(fn.next_functions))
        self.fn_set = seen
        return fns

    def _check_budget(self, n):
        if self.max_nodes is not None and n > self.max_nodes:
            raise GraphTooLarge(
                f"the graph has more than max_nodes={self.max_nodes} nodes; draw a part of it (extract from "
                "an intermediate tensor) or raise max_nodes"
            )

    # slots (see slot()), plus ("in", id(fn), i) for an input known only by position
    def _slot(self, t):
        where = slot(t)
        return None if where[0] == "out" and where[1] not in self.fn_set else where

    def _bind(self, t):
        slot = self._slot(t)
        if slot is not None and slot not in self.objects:
            self.objects[slot] = t
        return slot

    def run(self):
        for t in self.outputs:
            self._bind(t)
        for t in self.named:
            self._bind(t)
        for fn in self.fns:
            for ref in (fn._retained or {}).values():
                if ref() is not None:
                    self._bind(ref())
        for rec in self.trace.values():
            for t in (*rec.outputs, *rec.inputs):
                if isinstance(t, Tensor):
                    self._bind(t)
        consumers = self._consumers()
        self.out_slots = {}  # id(fn) -> its output slots that are used or known, by output_nr
        for slot in sorted({s for s in (*self.objects, *consumers) if s[0] == "out"}, key=lambda s: s[2]):
            self.out_slots.setdefault(slot[1], []).append(slot)
        ordered = sorted(
            ((f._seq_nr, i, f) for i, f in enumerate(self.fns) if not isinstance(f, AccumulateGrad)),
            key=lambda entry: entry[:2],
        )
        for _, _, fn in ordered:
            self._emit_function(fn, consumers)
        for t in self.outputs:  # outputs outside any function: lone leaves, tensors needing no grad
            if t.grad_fn is None:
                self._tensor(("obj", id(t)), t)
        outputs = [self.slot_ids[self._slot(t)] for t in self.outputs]
        for node in self.tensors:
            node.is_output = node.id in outputs
        objects = {**self.object_ids, **self.fn_ids}
        slots = dict(self.slot_ids)
        for fn in self.fns:  # an AccumulateGrad's output slot is its leaf's
            if isinstance(fn, AccumulateGrad) and ("obj", id(fn.variable)) in slots:
                slots[("out", id(fn), 0)] = slots[("obj", id(fn.variable))]
        for node in self.functions:
            node.next = tuple((self.fn_ids.get(id(child)), nr) if child is not None else (None, nr)
                              for child, nr in node.fn.next_functions)  # fmt: skip
        self._mark_detached()
        return Graph(self.tensors, self.functions, self.edges, outputs, objects, slots)

    def _mark_detached(self):
        """A tensor that needs no grad but shares its storage's version counter with one that does, without
        being a view of it, is detached (``x.detach()``, ``x.data``'s values under another counter aside)."""
        grad_counters = {id(t.tensor._vc) for t in self.tensors if t.tensor is not None and t.requires_grad}
        for node in self.tensors:
            t = node.tensor
            if node.kind == "nograd" and t is not None and t._base is None and id(t._vc) in grad_counters:
                node.detached = True

    def _consumers(self):
        """(fn, nr) slot -> (shape, dtype) from the first consumer's _input_meta."""
        meta = {}
        for fn in self.fns:
            for (child, nr), m in zip(fn.next_functions, _input_meta(fn)):
                if child is not None and m is not None:
                    meta.setdefault(("out", id(child), nr), m)
        return meta

    def _emit_function(self, fn, consumers):
        inputs = self._inputs(fn)
        in_ids = []
        for i, ((child, _), slot) in enumerate(zip(fn.next_functions, inputs)):
            if isinstance(child, AccumulateGrad) and id(child) not in self.fn_ids:
                leaf = self._tensor(("obj", id(child.variable)), child.variable)
                acc = self._function(child, inputs=(), variable=leaf)
                self.edges.append(Edge(acc.id, leaf, "variable"))
            in_ids.append(None if slot is None else self._tensor(slot, self.objects.get(slot), _meta(fn, i)))
        node = self._function(fn, inputs=tuple(in_ids))
        for i, ((child, _), tid) in enumerate(zip(fn.next_functions, in_ids)):
            if tid is not None:
                self.edges.append(Edge(tid, node.id, "input", i))
            if child is not None:
                self.edges.append(Edge(node.id, self.fn_ids[id(child)], "next", i))
        out_ids = []
        kept_outputs = {("out", id(fn), s.output_nr): s.data for s, _ in _saved_tensors(fn, self.trace.get(id(fn)))
                        if type(s) is SavedOutput} if self.want_saved else {}  # fmt: skip
        for slot in self.out_slots.get(id(fn), ()):
            tid = self._tensor(slot, self.objects.get(slot), consumers.get(slot), grad_fn=node.id,
                               saved=kept_outputs.get(slot))  # fmt: skip
            out_ids.append(tid)
            self.edges.append(Edge(node.id, tid, "output", slot[2]))
        node.outputs = tuple(out_ids)
        if self.want_saved:
            saved = list(self._saved(fn))
            node.saved = tuple(
                (name, self._tensor(slot, self.objects.get(slot), meta, grad_fn=node.id if slot[0] == "out" else None))
                for name, slot, meta, _ in saved
            )
            node.saved_versions = tuple(version for *_, (version, _) in saved)
            node.saved_versions_now = tuple(now for *_, (_, now) in saved)
            for k, (_, tid) in enumerate(node.saved):
                self.edges.append(Edge(node.id, tid, "saved", k))

    def _inputs(self, fn):
        """One slot per forward argument (None for non-tensors), most precise source first."""
        rec = self.trace.get(id(fn))
        traced = () if rec is None else rec.inputs
        if len(traced) != len(fn.next_functions):  # a user Function has edges for its tensor arguments only
            traced = [t for t in traced if isinstance(t, Tensor)]
        saved_objs = None
        slots = []
        for i, ((child, nr), m) in enumerate(zip(fn.next_functions, _input_meta(fn))):
            if m is None:
                slots.append(None)
            elif isinstance(child, AccumulateGrad):
                slots.append(("obj", id(child.variable)))
            elif child is not None:
                slots.append(("out", id(child), nr))
            elif i < len(traced) and isinstance(traced[i], Tensor):
                slots.append(self._bind(traced[i]))
            else:  # an input that needs no grad: the node may have saved it
                if saved_objs is None:
                    saved_objs = [s for s, _ in _saved_tensors(fn, rec) if isinstance(s, Tensor)]
                k = next((k for k, t in enumerate(saved_objs) if not t._requires_grad and t._data.shape == m[0]), None)
                if k is not None:
                    slots.append(self._bind(saved_objs.pop(k)))
                else:
                    slots.append(("in", id(fn), i))
        return slots

    def _saved(self, fn):
        names = _input_names(fn)
        inputs = self._inputs(fn)
        rec = self.trace.get(id(fn))
        traced = rec.inputs if rec is not None and len(rec.inputs) == len(inputs) else ()
        own = _saved_names(fn, rec)
        for k, (s, version) in enumerate(_saved_tensors(fn, self.trace.get(id(fn)))):
            if type(s) is SavedOutput:
                name = "result" if s.output_nr == 0 else f"result{s.output_nr}"
                yield name, ("out", id(fn), s.output_nr), (s.data.shape, s.data.dtype), (version, s.vc.value)
                continue
            if type(s) is PackedTensor:  # saved through saved tensors hooks: where it was, not its (packed) value
                slot = _packed_slot(fn, s)
                if slot is not None:
                    i = next((i for i, sl in enumerate(inputs) if sl == slot), None)
                    name = ("result" if not s.output_nr else f"result{s.output_nr}") if slot[0] == "out" and \
                        slot[1] == id(fn) else names[i] if i is not None else own[k] or f"saved{k}"
                    yield name, slot, None, (None, None)
                continue
            # an input saved as it was passed: its slot then (an in-place change since has moved the tensor on)
            same = [i for i, t in enumerate(traced) if t is s and inputs[i] is not None]
            i = k if k in same else same[0] if same else None  # y * y saves y twice: self, then other
            if i is None:
                slot = self._bind(s) or ("obj", id(s))
                self.objects.setdefault(slot, s)
                i = next((i for i, sl in enumerate(inputs) if sl == slot), None)
            else:
                slot = inputs[i]
            yield (names[i] if i is not None else own[k] or f"saved{k}"), slot, None, (version, s._version)

    # -- nodes -----------------------------------------------------------------------------------
    def _tensor(self, slot, t, meta=None, grad_fn=None, saved=None):
        tid = self.slot_ids.get(slot)
        if tid is not None:
            return tid
        tid = self.slot_ids[slot] = f"t{len(self.tensors)}"
        self._check_budget(len(self.tensors) + len(self.functions) + 1)
        if t is not None:
            self.object_ids.setdefault(id(t), tid)
            kind = "nonleaf" if t.grad_fn is not None else "leaf" if t._requires_grad else "nograd"
            node = TensorNode(
                tid, self.names.get(id(t)), tuple(t.shape), t.dtype.name, kind, t._requires_grad,
                t._retains_grad, False, summarize(t._data), None if t._grad is None else summarize(t._grad._data),
                grad_fn, t._output_nr if t.grad_fn is not None else 0, t, version_of(t), t._base is not None,
                hooks=hook_count(t) if t._requires_grad else 0,
            )  # fmt: skip
        else:
            shape, dtype = meta if meta is not None else ((), np.dtype(np.float32))
            nonleaf = slot[0] == "out"
            node = TensorNode(
                tid, None, tuple(shape), from_numpy_dtype(dtype).name, "nonleaf" if nonleaf else "nograd",
                nonleaf, False, False, None, None, grad_fn, slot[2] if nonleaf else 0, saved=saved,
            )  # fmt: skip
        self.tensors.append(node)
        return tid

    def _function(self, fn, inputs, variable=None):
        fid = self.fn_ids[id(fn)] = f"f{len(self.functions)}"
        self._check_budget(len(self.tensors) + len(self.functions) + 1)
        node = FunctionNode(
            fid, fn.name(), _op_name(fn), dict(getattr(fn, "formula", {})), inputs, _input_names(fn),
            attrs=_attrs(fn), values=_formula_values(fn), variable=variable, fn=fn,
            kept=_kept(fn, self.trace.get(id(fn))) if self.want_saved else (),
        )  # fmt: skip
        self.functions.append(node)
        return node


# -- helpers -------------------------------------------------------------------------------------


def _checked_outputs(who, outputs):
    """``outputs`` (a tensor or a sequence of them) as a tuple without repeats; a TypeError (:func:`not_minigrad`)
    if one is not a minigrad tensor."""
    if isinstance(outputs, Tensor):
        return (outputs,)
    if is_pytorch(outputs) or not hasattr(outputs, "__iter__"):
        raise not_minigrad(who, outputs)
    unique = []
    for t in outputs:
        if not isinstance(t, Tensor):
            raise not_minigrad(who, t)
        if not any(t is u for u in unique):
            unique.append(t)
    return tuple(unique)


def not_minigrad(who, value):
    """The TypeError for ``value``, given to ``who`` in place of a minigrad tensor. A PyTorch tensor (code run with
    ``import torch``) gets a sentence of its own: the fix is to run the code on minigrad."""
    if is_pytorch(value):
        return TypeError(f"{who} takes minigrad tensors and this is a PyTorch tensor: compute it after `import"
                         " minigrad as torch` (the same code runs unchanged), or draw it with torchviz's make_dot")
    return TypeError(f"{who} expects tensors, got {type(value).__name__}")


def is_pytorch(value):
    """Whether ``value`` is PyTorch's module or one of its objects (told apart by module name: PyTorch is never
    imported here)."""
    name = value.__name__ if isinstance(value, types.ModuleType) else type(value).__module__
    return (name or "").split(".")[0] == "torch"


def _name_table(names, params, frame):
    """id(tensor) -> name (explicit names first, then params, then the frame's variables), and the tensors."""
    table, named = {}, []
    for mapping, skip_private in ((names, False), (params, False), (_frame_vars(frame), True)):
        for name, value in (mapping or {}).items():
            if isinstance(value, Tensor) and not (skip_private and name.startswith("_")) and id(value) not in table:
                table[id(value)] = str(name)
                named.append(value)
    return table, named


def _frame_vars(frame):
    if frame is None:
        return {}
    if isinstance(frame, types.FrameType):
        return {**frame.f_globals, **frame.f_locals}
    return dict(frame)


def _input_meta(fn):
    meta = fn._input_meta
    return meta if len(meta) == len(fn.next_functions) else (None,) * len(fn.next_functions)


def _meta(fn, i):
    return _input_meta(fn)[i]


def _saved_tensors(fn, record=None):
    """The tensors ``fn`` saved, as ``(tensor, SavedOutput or PackedTensor, version when saved)``: from its own
    ``_saved``, or from the trace's record of it once backward has freed it."""
    if fn._stash is not None or record is None:
        saved, versions = fn._stash, fn._versions
    else:
        saved, versions = record.saved, record.versions
    return [(s, v) for s, v in zip(saved or (), versions or ()) if isinstance(s, (Tensor, SavedOutput, PackedTensor))]


def _saved_names(fn, record=None):
    """The op's own names (its ``saved_names``: nll_loss's ``target``, ``total_weight``) of what
    :func:`_saved_tensors` gives, in its order; None where the op names none (a user Function)."""
    saved = fn._stash if fn._stash is not None or record is None else record.saved
    names = getattr(fn, "saved_names", ())
    return [names[j] if j < len(names) else None for j, s in enumerate(saved or ())
            if isinstance(s, (Tensor, SavedOutput, PackedTensor))]  # fmt: skip


def _kept(fn, record=None):
    """What ``fn`` saved for backward that is no tensor of the graph, a :class:`Kept` each, in torchviz's names: a
    number, which torch saves as a 0-d tensor (``x * 2`` saves ``other``), and index tensors
    (``x[[0, 2]]`` saves ``indices[0]``, ``x.max(0)`` its ``indices``). Backward frees them as it frees saved tensors,
    so a second backward fails; they are read from ``record`` once it has."""
    live = fn._stash is not None or record is None
    saved = fn._stash if live else record.saved
    kept = getattr(fn, "_kept", None) or (() if record is None else record.kept)
    out = []
    for name, value in zip(getattr(fn, "saved_names", ()), saved or ()):
        if isinstance(value, (bool, int, float)):
            out.append(Kept(name, (), str(value), True, value))
    kept_ids = {id(t) for t, _ in kept}  # IndexingOp._kept: (tensor, version) pairs
    for name, attribute in getattr(fn, "saved_values", {}).items() if kept_ids else ():
        value = getattr(fn, attribute, None)
        named = [(name, value)] if isinstance(value, Tensor) else \
            [(f"{name}[{i}]", v) for i, v in enumerate(value)] if type(value) is tuple else []  # fmt: skip
        out += [Kept(n, tuple(t.shape), summarize(t._data), False) for n, t in named if id(t) in kept_ids]
    return tuple(out)


def _packed_slot(fn, packed):
    """The slot of the tensor that ``fn`` saved as ``packed``: its own output, a leaf or another node's output;
    None for a tensor that needed no gradient (the packed value is all that is left of it)."""
    if packed.output_nr is not None:
        return ("out", id(fn), packed.output_nr)
    if packed.edge is None:
        return None
    node, nr = packed.edge
    return ("obj", id(node.variable)) if packed.leaf else ("out", id(node), nr)


def _input_names(fn):
    """The formula's names for the forward arguments (``self``, ``other``), as torch's
    derivatives.yaml and the ``_saved_*`` attributes name them."""
    n = len(fn.next_functions)
    keys = list(getattr(fn, "formula", {}))
    if isinstance(fn, BackwardCFunction):  # the forward's parameter names, for its tensor arguments
        args = list(inspect.signature(fn._forward_cls.forward).parameters)[1:]
        is_tensor = getattr(fn, "_arg_is_tensor", (True,) * len(args))
        keys = [a for a, t in zip(args, is_tensor) if t]
    if len(keys) == n:
        return tuple(keys)
    if len(keys) == 1:
        return tuple(f"{keys[0]}[{i}]" for i in range(n))
    return tuple(f"input{i}" for i in range(n))


def _op_name(fn):
    """The forward op a node records: ``MulBackward0`` -> ``mul``; a user Function keeps its class name."""
    if isinstance(fn, AccumulateGrad):
        return "AccumulateGrad"
    if isinstance(fn, BackwardCFunction):
        return fn._forward_cls.__name__
    return op_name(type(fn).__name__)


@functools.cache
def op_name(node_type_name):
    """The forward op of a node type, as torch's aten op names go: ``MulBackward0`` -> ``mul``,
    ``IndexPutBackward0`` -> ``index_put``, ``MaxPool2DWithIndicesBackward0`` -> ``max_pool2d_with_indices``."""
    base = re.sub(r"Backwards?\d*$", "", node_type_name)
    # torch capitalises a letter after a digit (log1p is Log1P, conv2d Conv2D): no new word starts there
    base = re.sub(r"(?<=\d)[A-Z]", lambda m: m[0].lower(), base)
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", base).lower()
    return re.sub(r"grid_sampler(?=\dd)|l1(?=loss)", r"\g<0>_", name)  # but grid_sampler_2d, smooth_l1_loss


_CONTEXT_SKIP = {"needs_input_grad", "next_functions", "variable"}


def _formula_values(fn):
    """The values a built-in op's node holds for its formula's names other than its inputs (numbers, bools,
    tuples of them, and tensors it keeps for itself, as arrays): what a caption fills in for ``n``, ``exponent``
    or logsigmoid's ``buffer``."""
    values = getattr(fn, "formula_values", None)
    if values is None:
        return {}
    return {k: v._data.copy() if isinstance(v, Tensor) else v for k, v in values().items()
            if _plain(v) or isinstance(v, Tensor)}  # fmt: skip


def _plain(value):
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (bool, int, float, str))


def _attrs(fn):
    """What a node keeps besides tensors, as text: torch's ``_saved_<name>`` attributes (``dim``,
    ``keepdim``, ``self_sym_sizes``), with a tuple holding tensors shown as torchviz shows it; for a user
    Function, the attributes its ``ctx`` was given."""
    if isinstance(fn, BackwardCFunction):
        items = [(k, v) for k, v in sorted(fn.__dict__.items()) if not k.startswith("_") and k not in _CONTEXT_SKIP]
    else:
        items = []
        tensors = getattr(fn, "saved_names", ())
        for key in dir(fn):
            if not key.startswith("_saved_"):
                continue
            name = key[len("_saved_"):]
            if name in tensors:  # read raw: reading a packed one would unpack it
                saved, i = fn._stash, tensors.index(name)
                if saved is not None and (i >= len(saved) or saved[i] is None):
                    items.append((name, None))  # a tensor torch did not save (its gradient was not needed)
            else:
                try:
                    items.append((name, getattr(fn, key)))
                except RuntimeError:  # a saved tensor freed by backward
                    continue
    attrs = {}
    for key, value in items:
        if isinstance(value, Tensor):
            continue
        if isinstance(value, tuple) and any(isinstance(v, Tensor) for v in value):
            value = "[saved tensors]"
        attrs[key] = value if isinstance(value, str) else str(value)
    return attrs


def summarize(array, fits=None, shape=None):
    """A short text for a tensor's values: for small tensors every value, as torch prints them
    (``[[1.0000, 2.5000]]``); for bigger ones torch's summary of a long tensor on one line, with as many numbers
    at each end as ``fits(text)`` allows (default: :data:`SUMMARY_WIDTH` characters; :func:`elided`), else the
    shape (``(64×10)``). ``shape``: the tensor's, where ``array`` is :func:`edges_of` it."""
    a = np.asarray(array)
    if (a.size if shape is None else math.prod(shape)) <= SUMMARY_MAX_ELEMENTS:
        return values_str(a, a.dtype.kind == "f")
    return elided(a, fits or _fits_a_box) or shape_box_text(a.shape if shape is None else shape)


def elided(array, fits):
    """``print(t)``'s numbers on one line with torch's ``...`` for all but 3, 2 or 1 of them at each end of each
    dim (``[0., 1., ..., 18., 19.]``): the most that ``fits(text)``; None if none does, or if nothing would be
    left out. ``array`` may be :func:`edges_of` the tensor's: the text is the same."""
    saved, shown, best = (PRINT_OPTS.threshold, PRINT_OPTS.edgeitems), edges_of(array), None
    try:
        for edge in (1, 2, 3):  # fewest first: more numbers make no shorter a text, so the first that fails ends it
            if all(n <= 2 * edge for n in array.shape):
                break  # nothing to leave out: every number, not a summary
            PRINT_OPTS.threshold, PRINT_OPTS.edgeitems = 0, edge
            text = one_line(values_str(shown, array.dtype.kind == "f"))
            if not fits(text):
                break
            best = text
    finally:
        PRINT_OPTS.threshold, PRINT_OPTS.edgeitems = saved
    return best


def edges_of(array):
    """``array`` cut to its first and last 3 numbers along each dim and one between them: what :func:`elided`
    shows of it (a copy, small whatever the tensor's size)."""
    for axis, n in enumerate(array.shape):
        if n > 7:
            array = np.take(array, [0, 1, 2, n // 2, n - 3, n - 2, n - 1], axis=axis)
    return np.array(array)


def shape_box_text(shape):
    """A tensor by its shape alone, where none of its numbers fit: ``(64×10)``."""
    return f"({'×'.join(map(str, shape))})"


def one_line(text):
    """Printed numbers on one line (labels have a fixed size): ``[[1., 2.], [3., 4.]]``."""
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"\[ ", "[", re.sub(r" ([,\]])", r"\1", text))


def _fits_a_box(text):
    return len(text) <= SUMMARY_WIDTH
