"""``torch.autograd.graph``: the ``Node`` every ``grad_fn`` is, and what a node keeps for backward.

A node knows how to turn the gradient of its outputs into the gradients of its inputs, the tensors it
saved for that (:class:`SavedTensor`, each with the version it had when saved) and its edges to the nodes
of its inputs (``next_functions``). Built-in ops (:mod:`minigrad.ops`), user Functions
(:mod:`minigrad.autograd.function`) and ``AccumulateGrad`` all make nodes of their own types.
"""

import itertools
import math

import numpy as np

from ..size import shape_text
from . import anomaly_mode

_sequence = itertools.count()
FREED_ERROR = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call .backward() "
    "or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time "
    "or if you need to access saved tensors after calling backward."
)

NO_EDGE = (None, 0)  # an input that needs no gradient
Tensor = None  # minigrad.tensor sets this once it is defined (the two modules need each other)


class SavedOutput:
    """An output of the node that saved it (``tanh`` saves its result), kept without its ``grad_fn`` so that
    saving it makes no reference cycle, as torch's SavedVariable keeps an output; ``tensor(node)`` rebuilds
    it attached to the node. Inputs are saved as the tensors themselves."""

    __slots__ = ("data", "vc", "output_nr", "fw_tangent")

    def __init__(self, tensor):
        self.data, self.vc, self.output_nr = tensor._data, tensor._vc, tensor._output_nr
        self.fw_tangent = None  # forward AD's tangent of the output, once it has one (forward_ad sets it)

    def tensor(self, node):
        """The output as a tensor whose grad_fn is ``node`` (and its forward-AD tangent, as torch saves it too)."""
        t = Tensor._wrap(self.data, grad_fn=node, vc=self.vc)
        t._output_nr = self.output_nr
        if self.fw_tangent is not None:
            t.__dict__["_fw_tangent"] = self.fw_tangent
        return t


class PackedTensor:
    """A tensor saved while saved tensors hooks were on (:mod:`minigrad.autograd.saved_hooks`): what ``pack_hook``
    returned, the ``unpack_hook`` that turns it back into a tensor, and where the tensor was in the graph: its
    ``edge`` (``grad_fn`` and output_nr, or a leaf's accumulator if ``leaf``; None if it needed no grad), or the
    ``output_nr`` of the saving node's own output (kept without the node, as :class:`SavedOutput` is)."""

    __slots__ = ("packed", "unpack", "edge", "leaf", "output_nr")

    def __init__(self, packed, unpack, edge=None, leaf=False, output_nr=None):
        self.packed, self.unpack, self.edge, self.leaf, self.output_nr = packed, unpack, edge, leaf, output_nr

    def tensor(self, node):
        """Unpack: ``unpack_hook``'s tensor, put back in the graph as the saved one was (torch's error if the hook
        returned something else)."""
        t = self.unpack(self.packed)
        if not isinstance(t, Tensor):
            raise TypeError(
                f"Output of saved tensor unpack_hook expected to be a Tensor but got result of type {type(t).__name__}"
            )
        edge = (node, self.output_nr) if self.output_nr is not None else self.edge
        if edge is None:
            return t
        out = Tensor._wrap(t._data, vc=t._vc)
        out._requires_grad = True
        if self.leaf:  # the unpacked tensor feeds the same .grad
            out._accumulator = edge[0]
        else:
            out.grad_fn, out._output_nr = edge
        return out


def modified_error(t, node, version):
    """torch's error for a saved tensor ``t`` changed in place since it was saved at ``version``."""
    owner = t.grad_fn
    if getattr(owner, "view_error", None) is not None:  # torch reads the view's grad_fn, which raises this
        return owner.view_error
    where = "" if owner is None else f", which is output {t._output_nr} of {owner._op_text()},"
    hint = (
        "the backtrace further above shows the operation that failed to compute its gradient. The variable in "
        "question was changed in there or anywhere later. Good luck!"
        if anomaly_mode.is_anomaly_enabled()
        else "enable anomaly detection to find the operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True, check_nan=False)."
    )
    return RuntimeError(
        "one of the variables needed for gradient computation has been modified by an inplace "
        f"operation: [{t.dtype.error_name} {shape_text(t.shape)}]{where} is at version {t._vc.value}; "
        f"expected version {version} instead. Hint: {hint}"
    )


class Node:
    """Mirror ``torch.autograd.graph.Node``: what ``tensor.grad_fn`` returns.

    ``type(node).__name__`` is torch's class name (``MulBackward0``) and ``name()`` its full name
    (``torch::autograd::AccumulateGrad`` for accumulators); ``next_functions`` is a tuple of
    ``(node or None, input_nr)``, one per input of the forward op.
    """

    next_functions = ()
    _seq_nr = 0
    _stash = ()  # what backward needs: tensors, SavedOutputs, numbers or None; None once freed
    _versions = ()  # the version each saved tensor had when it was saved (None for the rest)
    _nones = ()  # the indices of what was saved as None (an optional tensor left out): still None once freed
    _saving = True  # False for an op that runs without recording: nothing will need what it saves
    _input_meta = ()  # (shape, numpy dtype) of each input, or None for a non-tensor argument
    _input_dtype = False  # the numpy dtype every tensor input has, False if they differ
    _tensor_hooks = None  # {output_nr: {id: hook}}: hooks registered on the output tensors
    _retained = None  # {output_nr: weakref to tensor}: outputs that called retain_grad()
    _hooks = None  # node post-hooks, registered with node.register_hook
    _prehooks = None  # node pre-hooks, registered with node.register_prehook
    _watched = False  # True once any of the four above was made: the engine then runs it on its reference path
    _num_outputs = 1

    def name(self):
        """Mirror ``Node.name()``: PyTorch's name for this node, e.g. ``MulBackward0``."""
        return type(self).__name__

    def _sequence_nr(self):
        """Mirror ``Node._sequence_nr()``: the order this node was made in among all nodes, which the engine runs
        latest first (torch's AccumulateGrad, which it runs first of all, says 2**64 - 1)."""
        return self._seq_nr if self._seq_nr != math.inf else 2**64 - 1

    def __repr__(self):
        cls = type(self)  # torch's C++ node types are "builtins", a user Function's node is not
        name = cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"
        return f"<{name} object at 0x{id(self):x}>"

    def __call__(self, *grads):
        """Mirror calling a node (``y.grad_fn(grad)``): its backward on ``grads``, one per output of its op; back come
        the gradients of its inputs (a tensor, or a tuple for several; an accumulator adds into ``.grad`` and gives
        ``()``), recorded if grad mode is on and they depend on something that requires grad. No hooks run."""
        if len(grads) != self._num_outputs:
            raise TypeError(f"expected {self._num_outputs} arguments, got {len(grads)} instead")
        for i, grad in enumerate(grads):
            if grad is not None and not isinstance(grad, Tensor):
                raise TypeError(f"argument {i} is not a Variable")
        out = tuple(self._backward(list(grads)))
        return out[0] if len(out) == 1 else out

    def _op_text(self):
        """How torch's version-counter error names the op whose output was changed: ``Mul`` for MulBackward0,
        ``LeakyRelu1`` for LeakyReluBackward1."""
        name = type(self).__name__
        if "Backward" not in name:
            return name
        base, _, number = name.rpartition("Backward")
        return base if number in ("", "0") else base + number

    @property
    def metadata(self):
        """Mirror ``Node.metadata``: a dict the user may fill."""
        metadata = getattr(self, "_metadata", None)  # not __dict__: a custom Function's node filters its view
        if metadata is None:
            metadata = self._metadata = {}
        return metadata

    def register_hook(self, fn):
        """Mirror ``Node.register_hook``: ``fn(grad_inputs, grad_outputs)`` runs after this node."""
        if self._hooks is None:
            self._hooks, self._watched = {}, True
        return add_hook(self._hooks, fn)

    def register_prehook(self, fn):
        """Mirror ``Node.register_prehook``: ``fn(grad_outputs)`` runs before this node and may replace them."""
        if self._prehooks is None:
            self._prehooks, self._watched = {}, True
        return add_hook(self._prehooks, fn)

    # -- what the engine and the graph model use -------------------------------------------------------
    def _link(self, inputs):
        """Connect this node to the graph of its inputs: edges, input metadata (and the dtype all tensor inputs
        share, if they do), creation order."""
        if len(inputs) == 2 and isinstance(inputs[0], Tensor) and isinstance(inputs[1], Tensor):  # unrolled: most ops
            a, b = inputs
            da, db = a._data, b._data
            fa, fb = a.grad_fn, b.grad_fn
            self.next_functions = ((fa, a._output_nr) if fa is not None else a._edge() if a._requires_grad else NO_EDGE,
                                   (fb, b._output_nr) if fb is not None else b._edge() if b._requires_grad else NO_EDGE)
            ta, tb = da.dtype, db.dtype
            self._input_meta = ((da.shape, ta), (db.shape, tb))
            self._input_dtype = ta if ta is tb or ta == tb else False
            self._seq_nr = next(_sequence)
            return
        edges = []
        meta = []
        common = None
        for t in inputs:
            if isinstance(t, Tensor):
                data = t._data
                dtype = data.dtype
                meta.append((data.shape, dtype))
                if common is None:
                    common = dtype
                elif dtype is not common and dtype != common:
                    common = False
                fn = t.grad_fn
                if fn is not None:
                    edges.append((fn, t._output_nr))
                elif t._requires_grad:
                    edges.append(t._edge())
                else:
                    edges.append(NO_EDGE)
            else:
                meta.append(None)
                edges.append(NO_EDGE)
        self.next_functions = tuple(edges)
        self._input_meta = tuple(meta)
        self._input_dtype = common
        self._seq_nr = next(_sequence)

    def _save(self, values):
        """Keep ``values`` (a tuple of tensors, numbers or None) for backward, with each tensor's version."""
        if self._saving:
            self._stash = values
            versions = self._versions = []
            for v in values:  # a loop: a comprehension costs more for the two or three values an op saves
                if isinstance(v, Tensor):
                    versions.append(v._vc.value)
                else:
                    if v is None:
                        self._nones = (*self._nones, len(versions))
                    versions.append(None)

    def _keep_outputs(self):
        """Once this node is its outputs' grad_fn: keep the saved ones as :class:`SavedOutput`."""
        saved = self._stash
        if saved is not None and len(saved) == 1:  # tanh, relu, exp, sigmoid save the result alone: no comprehension
            v = saved[0]
            if isinstance(v, Tensor) and v.grad_fn is self:
                self._stash = (SavedOutput(v),)
        elif saved:
            self._stash = tuple([SavedOutput(v) if isinstance(v, Tensor) and v.grad_fn is self else v for v in saved])

    def _resave_output(self, old, new, as_output):
        """An in-place op wrote its output ``old`` into ``new``: what it saved of ``old`` is ``new`` now, at
        ``new``'s version (kept as this node's output if ``as_output``, else as the tensor itself)."""
        saved, versions = list(self._stash), list(self._versions)
        for i, v in enumerate(saved):
            if type(v) is SavedOutput and v.data is old._data:
                saved[i], versions[i] = (SavedOutput(new) if as_output else new), new._vc.value
        self._stash, self._versions = tuple(saved), versions

    def _unpack(self):
        """The saved values, each tensor checked against its version; torch's error if they were freed."""
        saved = self._stash
        if saved is None:
            raise RuntimeError(FREED_ERROR)
        out = []
        for v, version in zip(saved, self._versions):
            if type(v) is PackedTensor:
                return self._unpack_packed()
            if type(v) is SavedOutput:
                v = v.tensor(self)
            if version is not None and v._vc.value != version:
                raise modified_error(v, self, version)
            out.append(v)
        return tuple(out)

    def _unpack_packed(self):
        """``_unpack`` for a node that saved with saved tensors hooks on: each hook is called in torch's order."""
        out = list(self._stash)
        for i in saved_order(self):
            if type(out[i]) is PackedTensor or type(out[i]) is SavedOutput:
                out[i] = out[i].tensor(self)
        return tuple(out)

    def _backward_arrays(self, grads):
        """This node's backward on numpy arrays (the engine's fast path), or None if it must run on Tensors."""
        return None

    def _unpack_arrays(self):
        """The saved values with each tensor as its numpy array, version-checked as ``_unpack``."""
        saved = self._stash
        if saved is None:
            raise RuntimeError(FREED_ERROR)
        out = []
        for v, version in zip(saved, self._versions):
            if version is not None:
                vc, v = (v.vc, v.data) if type(v) is SavedOutput else (v._vc, v._data)
                if vc.value != version:
                    return self._unpack()  # raises torch's error
            out.append(v)
        return out

    def _release(self):
        """Free what was saved for backward (torch's ``release_variables``)."""
        if self._stash:
            self._stash = None


def saved_order(node):
    """The indices of ``node``'s saved values in the order torch saves and unpacks them: by name (torch's generated
    nodes keep their saved variables sorted), outputs after inputs; a user Function's in the order it saved them."""
    names = getattr(node, "saved_names", ())
    return sorted(range(len(node._stash)), key=lambda i: (names[i].startswith("result"), names[i], i) if i < len(names)
                  else (False, "", i))  # fmt: skip


def next_sequence_nr():
    """The next node's place in creation order (torch's sequence number: the engine runs the most recent
    ready node first)."""
    return next(_sequence)


def read_saved(node, index):
    """Mirror ``grad_fn._saved_<name>``: the saved tensor (torch's error once freed or modified in place),
    a saved Python number as torch's 0-d "wrapped number" tensor, or None if nothing was saved."""
    saved = node._stash
    if saved is None:
        if index in node._nones:  # torch's undefined saved variable reads as None after the graph is freed too
            return None
        raise RuntimeError(FREED_ERROR)
    value = saved[index] if index < len(saved) else None
    if type(value) is SavedOutput or type(value) is PackedTensor:
        value = value.tensor(node)
    if isinstance(value, Tensor):
        version = node._versions[index]
        if version is not None and value._vc.value != version:
            raise modified_error(value, node, version)
        return value
    if isinstance(value, (bool, int, float)):
        return Tensor._wrap(np.asarray(value))
    return value


class RemovableHandle:
    """Mirror ``torch.utils.hooks.RemovableHandle``: ``remove()`` unregisters the hook."""

    __module__ = "torch.utils.hooks"  # as repr(handle) shows it, in a notebook cell that ends with register_hook

    _ids = itertools.count()

    def __init__(self, table, extra_dict=()):
        self._table = table
        self._extra = extra_dict if isinstance(extra_dict, (list, tuple)) else (extra_dict,)  # the hook's flags
        self.id = next(self._ids)

    def remove(self):
        """Unregister the hook; removing twice is harmless, as in torch."""
        self._table.pop(self.id, None)
        for table in self._extra:
            table.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def add_hook(table, fn):
    """Put ``fn`` in a hook table (``{handle id: fn}``, run in registration order); return its handle."""
    handle = RemovableHandle(table)
    table[handle.id] = fn
    return handle


from .gradient_edge import GradientEdge, get_gradient_edge  # noqa: E402, F401
from .multi_grad_hook import register_multi_grad_hook  # noqa: E402, F401
from .mutation import allow_mutation_on_saved_tensors  # noqa: E402, F401
from .saved_hooks import disable_saved_tensors_hooks, save_on_cpu, saved_tensors_hooks  # noqa: E402, F401
from .version import increment_version  # noqa: E402, F401
