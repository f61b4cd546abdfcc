"""Nodes of the backward graph and the ``Function`` that creates them.

A ``grad_fn`` is a *node*: it knows the backward formula of the op that made a
tensor, the tensors it saved for that formula, and the edges
(``next_functions``) to the nodes of the op's inputs. As in PyTorch, the
``ctx`` an op's ``forward`` receives *is* the node that ends up as the
output's ``grad_fn``.

Two kinds of ``Function`` share this machinery:

* built-in ops (``minigrad.ops``) subclass :class:`Op`: ``forward`` computes
  with numpy and returns a Tensor; ``backward`` uses Tensor ops, so it can
  itself be differentiated (``create_graph=True``);
* user Functions subclass :class:`Function`, exactly as in PyTorch: their
  ``forward`` runs Tensor ops with grad recording off, and their node is a
  generated class named ``<ClassName>Backward``.
"""

import functools
import itertools
import operator
import re

import numpy as np

from . import grad_mode

_sequence = itertools.count()
# Set by ``minigrad.autograd.observe``: told of every op run, as ``observer("op", ...)``.
_forward_observer = None
_freed_error = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call .backward() "
    "or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time "
    "or if you need to access saved tensors after calling backward."
)


Tensor = None  # minigrad.tensor sets this once it is defined (the two modules need each other)


class SavedTensor:
    """One tensor saved for backward, with the version it had when saved (torch's SavedVariable).

    An op's own output is stored without its grad_fn, so that saving it makes no
    reference cycle; unpacking rebuilds it attached to the node.
    """

    __slots__ = ("tensor", "data", "vc", "version", "output_of")

    def __init__(self, tensor, node):
        self.vc = tensor._vc
        self.version = tensor._vc.value
        if tensor.grad_fn is node and node is not None:
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
            where = ""
            owner = node if self.tensor is None else t.grad_fn
            if owner is not None:  # torch 2.13 names the op, e.g. "Exp" for ExpBackward0
                op = re.sub(r"Backward\d*$", "", owner.name().split("::")[-1])
                where = f", which is output {t._output_nr} of {op},"
            shape = ", ".join(str(s) for s in t.shape)
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: [torch.{t.dtype.legacy} [{shape}]]{where} is at version {self.vc.value}; "
                f"expected version {self.version} instead. Hint: enable anomaly detection to find the "
                "operation that failed to compute its gradient, with "
                "torch.autograd.set_detect_anomaly(True, check_nan=False)."
            )
        return t


def _is_own_output(saved, node):
    return type(saved) is SavedTensor and saved.tensor is not None and saved.tensor.grad_fn is node


class Node:
    """A vertex of the backward graph: what ``tensor.grad_fn`` returns (torch.autograd.graph.Node).

    Attributes mirror PyTorch's: ``next_functions`` is a tuple of
    ``(node or None, input_nr)``, one per input of the forward op.
    """

    node_name = "Node"
    next_functions = ()
    _sequence_nr = 0
    _saved = ()
    _input_meta = ()
    _tensor_hooks = None  # {output_nr: [hook, ...]}: hooks registered on the output tensors
    _retained = None  # {output_nr: tensor}: outputs that called retain_grad()
    _hooks = None  # node post-hooks, registered with node.register_hook
    _prehooks = None  # node pre-hooks, registered with node.register_prehook
    _num_outputs = 1
    _saving = True  # False while an op runs without recording: nothing will need what it saves
    # torch's names for what the node saved, readable as ``grad_fn._saved_<name>``: ``saved_names`` for
    # what forward gave ``save_for_backward`` (in order), ``saved_values`` for other values (name -> attribute)
    saved_names = ()
    saved_values = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # where forward saves the op's own output (named "result", as in torch), if it does
        cls._result_slot = cls.saved_names.index("result") if "result" in cls.saved_names else None
        for index, name in enumerate(cls.__dict__.get("saved_names", ())):
            setattr(cls, f"_saved_{name}", property(functools.partial(_read_saved, index=index)))
        for name, attribute in cls.__dict__.get("saved_values", {}).items():
            setattr(cls, f"_saved_{name}", property(operator.attrgetter(attribute)))

    def name(self):
        """Mirror ``Node.name()``: PyTorch's class name for this node, e.g. ``MulBackward0``."""
        return self.node_name

    def __repr__(self):
        return f"<{self._qualified_name()} object at 0x{id(self):x}>"

    def _qualified_name(self):
        return self.node_name

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
        return _add_hook(self._hooks, fn)

    def register_prehook(self, fn):
        """Mirror ``Node.register_prehook``: ``fn(grad_outputs)`` runs before this node and may replace them."""
        if self._prehooks is None:
            self._prehooks = {}
        return _add_hook(self._prehooks, fn)

    # -- saving ------------------------------------------------------------
    def save_for_backward(self, *tensors):
        """Mirror ``ctx.save_for_backward``: keep tensors (or None) for ``backward``, with their versions."""
        if self._saving:
            self._saved = tuple([SavedTensor(t, self) if isinstance(t, Tensor) else t for t in tensors])

    @property
    def saved_tensors(self):
        """Mirror ``ctx.saved_tensors``; raises torch's errors if freed or modified in place."""
        if self._saved is None:
            raise RuntimeError(_freed_error)
        return tuple([s.unpack(self) if type(s) is SavedTensor else s for s in self._saved])

    def _adopt_saved_output(self, slot):
        """Store the output saved at ``slot`` as an output, now that this node is its grad_fn."""
        saved = self._saved
        s = saved[slot] if slot < len(saved) else None
        if _is_own_output(s, self):
            self._saved = saved[:slot] + (SavedTensor(s.tensor, self),) + saved[slot + 1 :]

    def _adopt_saved_outputs(self):
        """Outputs saved in forward were saved before this node became their grad_fn: store them
        again as outputs, so that the node does not keep its own outputs alive."""
        saved = self._saved
        for i, s in enumerate(saved):
            if _is_own_output(s, self):
                saved = saved[:i] + (SavedTensor(s.tensor, self),) + saved[i + 1 :]
        self._saved = saved

    def _release(self):
        """Free what was saved for backward (torch's ``release_variables``)."""
        if self._saved:
            self._saved = None

    def _link(self, inputs):
        """Connect this node to the graph of its inputs: edges, input metadata, creation order."""
        edges = []
        meta = []
        for t in inputs:
            if isinstance(t, Tensor):
                data = t._data
                meta.append((data.shape, data.dtype))
                if t.grad_fn is not None:
                    edges.append((t.grad_fn, t._output_nr))
                else:
                    edges.append(t._edge() if t._requires_grad else (None, 0))
            else:
                meta.append(None)
                edges.append((None, 0))
        self.next_functions = tuple(edges)
        self._input_meta = tuple(meta)
        self._sequence_nr = next(_sequence)


def _read_saved(node, index):
    """Mirror ``grad_fn._saved_<name>``: the saved tensor (torch's error once freed or modified in place),
    a saved Python number as torch's 0-d "wrapped number" tensor, or None if nothing was saved."""
    saved = node._saved
    if saved is None:
        raise RuntimeError(_freed_error)
    value = saved[index] if index < len(saved) else None
    if type(value) is SavedTensor:
        return value.unpack(node)
    if isinstance(value, (bool, int, float)):
        return Tensor._wrap(np.asarray(value))
    return value


class _HookHandle:
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


def _add_hook(table, fn):
    handle = _HookHandle(table)
    table[handle.id] = fn
    return handle


class Function(Node):
    """Mirror ``torch.autograd.Function``: subclass it with static ``forward(ctx, ...)`` and
    ``backward(ctx, *grads)``, then call ``YourFunction.apply(...)``.

    ``backward`` returns one gradient (or None) per argument of ``forward``.
    """

    _is_op = False

    @staticmethod
    def forward(ctx, *args, **kwargs):
        """Compute the outputs from the inputs; save what ``backward`` needs on ``ctx``."""
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function."
        )

    @staticmethod
    def backward(ctx, *grad_outputs):
        """Given the gradient of each output, return the gradient of each input of ``forward``."""
        raise NotImplementedError(
            "You must implement either the backward or vjp method for your custom autograd.Function "
            "to use it with backward mode AD."
        )

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls._is_op:  # a user Function gets a node class of its own, <Name>Backward
            cls._backward_cls = type(f"{cls.__name__}Backward", (BackwardCFunction,), {"_forward_cls": cls})
            cls._backward_cls.node_name = f"{cls.__name__}Backward"

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run ``forward`` and, if any input requires grad, record a ``<Name>Backward`` node."""

        ctx = cls._backward_cls()
        tensor_args = [a for a in args if isinstance(a, Tensor)]
        record = grad_mode.is_grad_enabled() and any(t._requires_grad for t in tensor_args)
        # as in torch, from the inputs alone (also under no_grad)
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        with grad_mode.no_grad():
            outputs = cls.forward(ctx, *args, **kwargs)
        single = not isinstance(outputs, tuple)
        outputs = (outputs,) if single else outputs
        if record:
            ctx._link(tensor_args)  # torch gives a user Function an edge per tensor argument only
            ctx._arg_is_tensor = tuple(isinstance(a, Tensor) for a in args)
            nondiff = ctx._non_differentiable
            for nr, out in enumerate(outputs):
                if isinstance(out, Tensor):
                    if any(out is t for t in tensor_args):  # returned an input unchanged: torch returns a view of it
                        out = out._alias()
                        outputs = outputs[:nr] + (out,) + outputs[nr + 1 :]
                    if out.dtype.is_floating_point and not any(out is t for t in nondiff):
                        out._requires_grad, out.grad_fn, out._output_nr = True, ctx, nr
            ctx._num_outputs = len(outputs)
            ctx._output_meta = tuple(
                (o._data.shape, o._data.dtype) if isinstance(o, Tensor) else None for o in outputs
            )
            ctx._adopt_saved_outputs()
        if _forward_observer is not None:
            _forward_observer(
                "op", op=cls, node=ctx if record else None, inputs=args, outputs=tuple(outputs), params=kwargs
            )
        return outputs[0] if single else outputs


class BackwardCFunction(Node):
    """The node (and ``ctx``) of a user-defined Function; named ``<ClassName>Backward``."""

    _forward_cls = None
    _materialize_grads = True
    _output_meta = ()
    _arg_is_tensor = ()

    def __init__(self):
        self._non_differentiable = ()

    def _qualified_name(self):
        return f"torch.autograd.function.{self.node_name}"

    def mark_non_differentiable(self, *tensors):
        """Mirror ``ctx.mark_non_differentiable``: these outputs will not require grad."""
        self._non_differentiable = tensors

    def set_materialize_grads(self, value):
        """Mirror ``ctx.set_materialize_grads``: if False, missing output grads reach backward as None."""
        self._materialize_grads = value

    def mark_dirty(self, *tensors):
        """Accepted for compatibility; minigrad's user Functions may not modify inputs in place."""
        raise RuntimeError(
            "minigrad does not support in-place modification inside a custom Function's forward; "
            "return a new tensor instead of calling ctx.mark_dirty()."
        )

    def _backward(self, grads):

        if self._materialize_grads:
            from .. import creation

            grads = tuple(
                creation.zeros(meta[0], dtype=_np_to_dtype(meta[1])) if g is None and meta is not None else g
                for g, meta in zip(grads, self._output_meta)
            )
        result = self._forward_cls.backward(self, *grads)
        if not isinstance(result, tuple):
            result = (result,)
        is_tensor = self._arg_is_tensor
        n_inputs = len(is_tensor)
        if len(result) != n_inputs:
            if len(result) > n_inputs and all(r is None for r in result[n_inputs:]):
                result = result[:n_inputs]
            else:
                raise RuntimeError(
                    f"function {self.node_name} returned an incorrect number of gradients "
                    f"(expected {n_inputs}, got {len(result)})"
                )
        for i, (r, tensor_arg) in enumerate(zip(result, is_tensor)):
            if r is None:
                continue
            if not isinstance(r, Tensor):
                raise RuntimeError(f"expected Variable or None (got {type(r).__name__})")
            if not tensor_arg:
                raise RuntimeError(
                    f"function {self.node_name} returned a gradient different than None at position {i + 1}, "
                    "but the corresponding forward input was not a Variable"
                )
        return tuple(r for r, tensor_arg in zip(result, is_tensor) if tensor_arg)


def _np_to_dtype(np_dtype):
    from ..dtypes import from_numpy_dtype

    return from_numpy_dtype(np_dtype)


class Op(Function):
    """Base of minigrad's built-in ops: one subclass per op, as PyTorch has one node class per op.

    A subclass sets ``node_name`` (PyTorch's grad_fn class name) and
    ``formula`` (the local derivative, as text, for each differentiable input:
    this is what the step-through widget shows), and implements:

    * ``forward(ctx, *inputs, **params)``: numpy in, a Tensor out;
    * ``backward(ctx, grad)``: one gradient Tensor (or None) per input, written
      with Tensor ops so that ``create_graph=True`` can differentiate it again.

    The engine sums each gradient back to its input's shape (undoing
    broadcasting) and casts it to the input's dtype, as PyTorch's engine does.
    """

    _is_op = True
    formula = {}
    is_view = False  # the output shares the first input's storage and version counter

    @classmethod
    def apply(cls, *inputs, **params):
        """Run the op; record this node as the output's grad_fn if grad is needed."""
        ctx = cls.__new__(cls)
        record = False
        if grad_mode._state.enabled:
            for t in inputs:
                if isinstance(t, Tensor) and t._requires_grad:
                    record = True
                    break
        if not record:
            ctx._saving = False
        out = cls.forward(ctx, *inputs, **params)
        if cls.is_view:
            base = inputs[0]
            out._vc = base._vc
            out._base = base if base._base is None else base._base
        if record:
            ctx._link(inputs)
            out._requires_grad = True
            out.grad_fn = ctx
            if cls._result_slot is not None and ctx._saved:
                ctx._adopt_saved_output(cls._result_slot)
        if _forward_observer is not None:
            _forward_observer("op", op=cls, node=out.grad_fn, inputs=inputs, outputs=(out,), params=params)
        return out

    @property
    def needs_input_grad(self):
        """Mirror ``ctx.needs_input_grad``: which inputs the backward must compute a gradient for."""
        return tuple([edge[0] is not None for edge in self.next_functions])

    def _backward(self, grads):
        return self.backward(self, grads[0])
