"""``torch.autograd.graph``: the ``Node`` every ``grad_fn`` is, and what a node keeps for backward.

A node knows how to turn the gradient of its outputs into the gradients of its inputs, the tensors it
saved for that (:class:`SavedTensor`, each with the version it had when saved) and its edges to the nodes
of its inputs (``next_functions``). Built-in ops (:mod:`minigrad.ops`), user Functions
(:mod:`minigrad.autograd.function`) and ``AccumulateGrad`` all make nodes of their own types.
"""

import itertools

import numpy as np

from ..size import shape_text

_sequence = itertools.count()
FREED_ERROR = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call .backward() "
    "or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time "
    "or if you need to access saved tensors after calling backward."
)

Tensor = None  # minigrad.tensor sets this once it is defined (the two modules need each other)


class SavedTensor:
    """One tensor saved for backward, with the version it had when saved (torch's SavedVariable).

    An op's own output is stored without its grad_fn, so that saving it makes no reference cycle;
    unpacking rebuilds it attached to the node.
    """

    __slots__ = ("tensor", "data", "vc", "version", "output_of")

    def __init__(self, tensor, node=None):
        self.vc = tensor._vc
        self.version = tensor._vc.value
        if node is not None and tensor.grad_fn is node:
            self.tensor, self.data, self.output_of = None, tensor._data, tensor._output_nr
        else:
            self.tensor, self.data, self.output_of = tensor, None, None

    def unpack(self, node):
        """The saved tensor, or torch's RuntimeError if it was modified in place since."""
        if self.tensor is None:
            t = Tensor._wrap(self.data, grad_fn=node, vc=self.vc)
            t._output_nr = self.output_of
        else:
            t = self.tensor
        if self.vc.value != self.version:
            owner = node if self.tensor is None else t.grad_fn
            where = "" if owner is None else f", which is output {t._output_nr} of {owner._op_text()},"
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: [torch.{t.dtype.legacy} {shape_text(t.shape)}]{where} is at version {self.vc.value}; "
                f"expected version {self.version} instead. Hint: enable anomaly detection to find the "
                "operation that failed to compute its gradient, with "
                "torch.autograd.set_detect_anomaly(True, check_nan=False)."
            )
        return t

    def array(self, node=None):
        """The saved numpy data; checked against its version, as ``unpack`` does, if ``node`` is given
        (the graph model reads it without a check, for summaries)."""
        if node is not None and self.vc.value != self.version:
            self.unpack(node)  # raises torch's error
        return self.data if self.tensor is None else self.tensor._data


class Node:
    """Mirror ``torch.autograd.graph.Node``: what ``tensor.grad_fn`` returns.

    ``type(node).__name__`` is torch's class name (``MulBackward0``) and ``name()`` its full name
    (``torch::autograd::AccumulateGrad`` for accumulators); ``next_functions`` is a tuple of
    ``(node or None, input_nr)``, one per input of the forward op.
    """

    next_functions = ()
    _sequence_nr = 0
    _saved = ()  # SavedTensors (or plain values, or None) for backward; None once freed
    _input_meta = ()  # (shape, numpy dtype) of each input, or None for a non-tensor argument
    _input_dtype = False  # the numpy dtype every tensor input has, False if they differ
    _tensor_hooks = None  # {output_nr: {id: hook}}: hooks registered on the output tensors
    _retained = None  # {output_nr: weakref to tensor}: outputs that called retain_grad()
    _hooks = None  # node post-hooks, registered with node.register_hook
    _prehooks = None  # node pre-hooks, registered with node.register_prehook
    _num_outputs = 1

    def name(self):
        """Mirror ``Node.name()``: PyTorch's name for this node, e.g. ``MulBackward0``."""
        return type(self).__name__

    def __repr__(self):
        cls = type(self)  # torch's C++ node types are "builtins", a user Function's node is not
        name = cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"
        return f"<{name} object at 0x{id(self):x}>"

    def _op_text(self):
        """How torch's version-counter error names the op whose output was changed (``Mul``)."""
        name = type(self).__name__
        return name[: name.rindex("Backward")] if "Backward" in name else name

    @property
    def metadata(self):
        """Mirror ``Node.metadata``: a dict the user may fill."""
        if "_metadata" not in self.__dict__:
            self._metadata = {}
        return self._metadata

    def register_hook(self, fn):
        """Mirror ``Node.register_hook``: ``fn(grad_inputs, grad_outputs)`` runs after this node."""
        if self._hooks is None:
            self._hooks = {}
        return add_hook(self._hooks, fn)

    def register_prehook(self, fn):
        """Mirror ``Node.register_prehook``: ``fn(grad_outputs)`` runs before this node and may replace them."""
        if self._prehooks is None:
            self._prehooks = {}
        return add_hook(self._prehooks, fn)

    # -- what the engine and the graph model use -------------------------------------------------------
    def _link(self, inputs):
        """Connect this node to the graph of its inputs: edges, input metadata (and the dtype all tensor inputs
        share, if they do), creation order."""
        edges = []
        meta = []
        common = None
        for t in inputs:
            if isinstance(t, Tensor):
                data = t._data
                meta.append((data.shape, data.dtype))
                if common is None:
                    common = data.dtype
                elif common != data.dtype:
                    common = False
                if t.grad_fn is not None:
                    edges.append((t.grad_fn, t._output_nr))
                else:
                    edges.append(t._edge() if t._requires_grad else (None, 0))
            else:
                meta.append(None)
                edges.append((None, 0))
        self.next_functions = tuple(edges)
        self._input_meta = tuple(meta)
        self._input_dtype = common
        self._sequence_nr = next(_sequence)

    def _save(self, values, outputs=()):
        """Keep ``values`` (tensors, numbers or None) for backward; a tensor among ``outputs`` is kept as
        an output of this node (no reference cycle: see :class:`SavedTensor`)."""
        self._saved = tuple([
            (SavedTensor(v, self if any(v is o for o in outputs) else None) if isinstance(v, Tensor) else v)
            for v in values
        ])  # fmt: skip

    def _unpack(self):
        """The saved values, each tensor checked against its version; torch's error if they were freed."""
        saved = self._saved
        if saved is None:
            raise RuntimeError(FREED_ERROR)
        return tuple([s.unpack(self) if type(s) is SavedTensor else s for s in saved])

    def _arrays_ok(self, grads):
        """Whether this node's backward may run on these numpy arrays and give torch's numbers: it can, and
        every tensor input and gradient has one floating dtype (then numpy promotes as torch does)."""
        return False

    def _unpack_arrays(self):
        """The saved values with each tensor as its numpy array, version-checked as ``_unpack``."""
        saved = self._saved
        if saved is None:
            raise RuntimeError(FREED_ERROR)
        return tuple([s.array(self) if type(s) is SavedTensor else s for s in saved])

    def _release(self):
        """Free what was saved for backward (torch's ``release_variables``)."""
        if self._saved:
            self._saved = None


def next_sequence_nr():
    """The next node's place in creation order (torch's sequence number: the engine runs the most recent
    ready node first)."""
    return next(_sequence)


def read_saved(node, index):
    """Mirror ``grad_fn._saved_<name>``: the saved tensor (torch's error once freed or modified in place),
    a saved Python number as torch's 0-d "wrapped number" tensor, or None if nothing was saved."""
    saved = node._saved
    if saved is None:
        raise RuntimeError(FREED_ERROR)
    value = saved[index] if index < len(saved) else None
    if type(value) is SavedTensor:
        return value.unpack(node)
    if isinstance(value, (bool, int, float)):
        return Tensor._wrap(np.asarray(value))
    return value


class RemovableHandle:
    """Mirror ``torch.utils.hooks.RemovableHandle``: ``remove()`` unregisters the hook."""

    _ids = itertools.count()

    def __init__(self, table):
        self._table = table
        self.id = next(self._ids)

    def remove(self):
        """Unregister the hook; removing twice is harmless, as in torch."""
        self._table.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def add_hook(table, fn):
    """Put ``fn`` in a hook table (``{handle id: fn}``, run in registration order); return its handle."""
    handle = RemovableHandle(table)
    table[handle.id] = fn
    return handle
