"""``Op``: the base of minigrad's built-in ops, one subclass per op, as PyTorch has one node type per op.

An op class holds everything about one op side by side: ``forward`` (numpy in, a Tensor out), the
derivative ``formula`` of each differentiable input (text, in torch's derivatives.yaml names: ``self``,
``other``, ``result``, ``grad``; the step-through widget shows it with numbers filled in) and
``backward``, which computes those formulas with Tensor ops so that ``create_graph=True`` can
differentiate them again.

Its node type is derived from it: ``class Mul(Op)`` with ``node_name = "MulBackward0"`` makes the class
``MulBackward0`` (a subclass of ``Mul``), and ``Mul.apply`` records an instance of it as the output's
``grad_fn``, so ``type(y.grad_fn).__name__`` is torch's name. What the node saved is readable as torch
names it (``grad_fn._saved_self``), from ``saved_names`` (saved tensors, in order) and ``saved_values``
(other values: name -> attribute).

``Op.apply`` parallels :meth:`minigrad.autograd.Function.apply` (run forward, then link a node if an
input requires grad) but skips what only user Functions need (a forward under no_grad, outputs checked
one by one, the ctx API), because it runs for every op.
"""

import functools
import inspect
import operator

from ..autograd import grad_mode, observer, saved_hooks
from ..autograd.graph import FREED_ERROR, Node, modified_error, read_saved
from ..autograd.saved_hooks import SavedTensor
from ..tensor import Tensor
from ..tracebacks import shown_here
from ._util import as_saved_int, quiet_off, quiet_on
from .carriers import ARRAYS, TENSORS
from .derivative import compile_formula

_new = object.__new__  # a node of an op's type (no node type defines __new__)
_grad_state = grad_mode._state


class Op(Node):
    """Base of the built-in ops; see the module docstring. A subclass sets ``node_name`` (torch's node
    class name), ``formula``, and implements ``forward(ctx, *inputs, **params)`` and
    ``backward(ctx, grad)`` returning one gradient (or None) per input.

    The engine sums each gradient back to its input's shape (undoing broadcasting) and casts it to the
    input's dtype, as PyTorch's engine does.
    """

    node_name = None
    formula = {}
    is_view = False  # the output shares the first input's storage and version counter
    saved_names = ()
    saved_values = {}
    _node_type = None
    _carries = None  # backward: None from the formula, True code written against F, False code on Tensors
    _compiled = None  # the formula compiled, set on first use (_formula)
    _saves_result = False  # it saves its own output (as "result"), which Op.apply re-saves as its output
    backward_op = None  # a BackwardOp: the op torch records for this op's backward (tanh_backward), if it has one
    fused = False  # torch's one kernel rounds each multiply-add once (derivative.py); needs a backward_op for Tensors

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("_is_node_type"):
            return
        backward = cls.__dict__.get("backward")
        if backward is not None:  # code of its own: on both carriers if written against F, else on Tensors
            cls._carries = "F" in inspect.signature(backward.__func__ if isinstance(backward, staticmethod)
                                                    else backward).parameters  # fmt: skip
        if "saved_names" in cls.__dict__:
            cls._saves_result = any(name.startswith("result") for name in cls.saved_names)
        for index, name in enumerate(cls.__dict__.get("saved_names", ())):
            setattr(cls, f"_saved_{name}", property(functools.partial(read_saved, index=index)))
            setattr(cls, f"_raw_saved_{name}", property(functools.partial(SavedTensor, index=index)))
        for name, attribute in cls.__dict__.get("saved_values", {}).items():
            get = operator.attrgetter(attribute)
            shown = (lambda node, get=get: as_saved_int(get(node))) if name in INT64_FIELDS else get
            setattr(cls, f"_saved_{name}", property(shown))
        if cls.node_name is not None:
            short = cls.node_name.rsplit("::", 1)[-1]
            # a C++ type in torch, which Python reports as builtins: type(node) prints <class 'MulBackward0'>
            cls._node_type = type(short, (cls,), {"_is_node_type": True, "__module__": "builtins"})

    def name(self):
        """Mirror ``Node.name()``: torch's name, e.g. ``MulBackward0`` or ``torch::autograd::CopySlices``."""
        return self.node_name

    @classmethod
    def apply(cls, *inputs, **params):
        """Run the op; record a node of the op's type as the outputs' grad_fn if grad is needed. An op
        returns one Tensor, or a tuple of them (``split``); only floating outputs can require grad."""
        ctx = _new(cls._node_type)
        record = False
        if _grad_state.enabled:
            for t in inputs:
                if isinstance(t, Tensor) and t._requires_grad:
                    record = True
                    break
        if not record:
            ctx._saving = False
        token = quiet_on()  # torch divides by zero and overflows without a word
        try:
            out = cls.forward(ctx, *inputs, **params)
        except Exception as error:  # shown as raised here, as torch's kernels show no frames
            raise shown_here(error)  # noqa: B904
        finally:
            quiet_off(token)
        if type(out) is tuple:
            _finish_many(cls, ctx, record, inputs, params, out)
        else:
            if cls.is_view:
                if inputs[0]._vc.inference:
                    record = _view_of_inference(out, inputs[0])
                else:
                    out._make_view_of(inputs[0], (cls, params, 0), multi_output=False)
            if record and out._data.dtype.kind == "f":
                ctx._link(inputs)
                out._requires_grad = True
                out.grad_fn = ctx
                if cls._saves_result:
                    ctx._keep_outputs()
        obs = observer.current
        if obs is not None:
            outs = out if type(out) is tuple else (out,)
            obs(observer.OP, op=cls, node=outs[0].grad_fn if outs else None, inputs=inputs, outputs=outs, params=params)
        return out

    def _needs(self):
        """Which inputs the backward must compute a gradient for (torch's ``needs_input_grad``)."""
        return tuple([edge[0] is not None for edge in self.next_functions])

    def _backward(self, grads):
        """The gradients of the inputs, as Tensors (differentiable if grad mode is on)."""
        if self._carries is None:
            if self.backward_op is not None and grads[0] is not None and grads[0]._data.dtype == self._input_dtype:
                return (self.backward_op.apply(grads[0], *self._unpack(), formula=self._formula(), values=self),)
            return self._formula()["tensors"](self, grads, self._unpack())
        if self._carries:
            return self.backward(self, grads, TENSORS)
        return self.backward(self, *grads)

    def _backward_arrays(self, grads):
        """The gradients of the inputs as numpy arrays, from numpy arrays (the engine's fast path); None if this
        op's backward is written for Tensors only, or if the inputs' and gradients' dtypes are not all one
        floating dtype (numpy would then promote differently from torch)."""
        dtype = self._input_dtype
        if self._carries is False or not dtype or dtype.kind != "f":
            return None
        for g in grads:
            if g is not None and g.dtype is not dtype and g.dtype != dtype:
                return None
        if self._carries:
            return self.backward(self, grads, ARRAYS)
        compiled = self._compiled
        if compiled is None:
            compiled = self._formula()
        return compiled["arrays"](self, grads, self._unpack_arrays())

    def _formula(self):
        """The formula compiled (:func:`~minigrad.ops.derivative.compile_formula`): once per op class."""
        compiled = self._compiled
        if compiled is None:
            formula = self.formula
            compiled = compile_formula(tuple(formula.items()), type(self).saved_names, tuple(formula), self.fused)
            if formula is type(self).formula:
                type(self)._compiled = compiled
        return compiled

    def formula_values(self):
        """The values this node holds for its formula's other names (``exponent``, ``n``, ``dim``): what
        :mod:`minigrad.graph` gives the widget to fill in (minigrad only; torch shows some as ``_saved_*``)."""
        values = {}
        for name in self._formula()["constants"]:  # a hand-written backward's formula may name helpers too
            value = getattr(self, name, _MISSING)
            if value is not _MISSING:
                values[name] = value
        return values

    def _own_formula(self, formula):
        """Give this node a formula of its own (``add`` with ``alpha``), in place of its class's."""
        self.formula, self._compiled = formula, None

    def _values(self, F):
        """What ``_save`` kept, for a backward running on carrier ``F``."""
        return self._unpack_arrays() if F is ARRAYS else self._unpack()


class BackwardOp(Op):
    """An op's backward as an op of its own, as torch has ``tanh_backward``: what ``create_graph=True`` records for
    an op that names it as its ``backward_op`` (TanhBackwardBackward0), from the gradient and the output that op
    saved (``grad_output``, ``output``). Its forward is that op's ``formula`` compiled, run on arrays, so it gives
    the fast path's bits; its own ``formula`` is the second derivative. ``values`` holds what the formula reads
    besides (softmax's ``dim``): the node, or any object with those attributes."""

    saved_names = ("grad_output", "output")
    copies = ()  # attributes of ``values`` the node shows too (softmax's ``saved_dim``)

    @staticmethod
    def forward(ctx, grad_output, output, *, formula, values):
        ctx._save((grad_output, output))
        reads = {name: getattr(values, name) for name in (*formula["constants"], *ctx.copies)}
        ctx.__dict__.update(reads)
        reads["next_functions"] = ((True, 0),)  # the one input, whose gradient this is
        return Tensor._wrap(formula["arrays"](_Values(reads), [grad_output._data], (output._data,))[0])


class _Values:
    def __init__(self, values):
        self.__dict__.update(values)


class IndexingOp(Op):
    """An op whose backward reads index tensors or masks (gather's ``index``, embedding's ``indices``, where's
    ``condition``, masked_fill's ``mask``). torch saves them as it saves any tensor, so the op keeps them with
    :meth:`_keep_indices`, and before its backward runs they are checked as saved tensors are: torch's error if one
    was changed in place since, or if the graph was freed. Keeping an inference tensor is torch's error too. While
    saved tensors hooks are on, each is packed, before the node's other saved tensors (their names sort after
    ``index``, ``indices``, ``mask`` and ``condition``), and unpacked where torch unpacks it; the backward reads the
    index it was given."""

    _kept = ()  # (tensor, version) of each index kept; None once freed

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in ("_saved_index", "_saved_indices", "_saved_condition", "_saved_mask"):  # read as saved: checked
            shown = cls.__dict__.get(name)
            if shown is not None:
                setattr(cls, name, property(lambda node, get=shown.fget: (node._check_kept(), get(node))[1]))

    def _keep_indices(self, *tensors):
        """Keep the index tensors among ``tensors`` (numbers and None are skipped) if this node records."""
        if self._saving:
            # reading an inference tensor's version is torch's error for saving it
            kept = tuple([(t, t._vc.value) for t in tensors if isinstance(t, Tensor)])
            if not saved_hooks._stack:
                self._kept = kept
            elif not self._kept:  # packed once: getitem's second call adds the tensors given, for versions only
                self._kept = saved_hooks.pack_kept(kept)

    def _check_kept(self):
        kept = self._kept
        if kept is None:
            raise RuntimeError(FREED_ERROR)
        for t, version in kept:
            if version is None:  # packed: unpacked as torch unpacks it (a change in place goes unseen, as in torch)
                t.tensor(self)
            elif t._vc.value != version:
                raise modified_error(t, self, version)

    def _backward(self, grads):
        if not self.__dict__.pop("_checked", False):
            self._check_kept()
        return super()._backward(grads)

    def _backward_arrays(self, grads):
        self._check_kept()
        out = super()._backward_arrays(grads)
        if out is None:  # the engine falls back to _backward, which must not check (and unpack) again
            self._checked = True
        return out

    def _release(self):
        super()._release()
        if self._kept:
            self._kept = None


_MISSING = object()

# Saved attributes that torch keeps as C++ int64 and shows as unsigned: -1 reads 18446744073709551615.
INT64_FIELDS = {"diagonal", "dim", "dim0", "dim1", "dims", "index", "start", "end", "step", "split_size", "split_sizes"}


def keep_sizes_and_strides(ctx, names, a, b):
    """Keep torch's ``<name>_sym_sizes`` and ``<name>_sym_strides`` of a matrix product's two inputs ``a`` and ``b``
    (``names``: their names) on ``ctx``; an input's strides (in elements) only if its gradient will be computed,
    else ``()``."""
    fields = ctx.__dict__
    for name, t in zip(names, (a, b)):
        data = t._data
        size = data.itemsize
        fields[f"{name}_sym_sizes"] = data.shape
        fields[f"{name}_sym_strides"] = tuple([s // size for s in data.strides]) if t._requires_grad else ()


def _view_of_inference(out, base):
    """Make ``out`` a view of inference tensor ``base`` as torch makes one: an inference tensor (sharing the
    counter) that autograd does not see, so not a view (``_is_view()`` is False) and never requiring grad.
    Returns False: the op records nothing."""
    out._vc = base._vc
    return False


def _finish_many(cls, ctx, record, inputs, params, outs):
    """``Op.apply``'s ending for an op with several outputs (``split``, ``unbind``)."""
    if cls.is_view:
        for nr, o in enumerate(outs):
            if inputs[0]._vc.inference:
                record = _view_of_inference(o, inputs[0])
            else:
                o._make_view_of(inputs[0], (cls, params, nr), multi_output=True)
    if record and outs and outs[0]._data.dtype.kind == "f":  # unbind of an empty dim gives no outputs
        ctx._link(inputs)
        for nr, o in enumerate(outs):
            o._requires_grad, o.grad_fn, o._output_nr = True, ctx, nr
        ctx._num_outputs = len(outs)
        ctx._keep_outputs()
