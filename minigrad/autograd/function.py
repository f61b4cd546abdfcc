"""``torch.autograd.Function``: an op the user writes, forward and backward, and the node it records.

Subclass :class:`Function` with static ``forward(ctx, ...)`` and ``backward(ctx, *grads)`` (or
``forward(...)`` plus ``setup_context(ctx, inputs, output)``, torch 2's form) and call
``YourFunction.apply(...)``. As in PyTorch, the ``ctx`` that ``forward`` receives *is* the node that
ends up as the output's ``grad_fn``: an instance of a class made for the Function, named
``<ClassName>Backward`` (:class:`BackwardCFunction`). Only these nodes have ``saved_tensors``.
"""

import functools
import inspect
import warnings

import numpy as np

from ..torch_warnings import internal, user_stacklevel
from ..typename import c_type_name
from . import grad_mode, observer, transforms
from .graph import FREED_ERROR, Node
from .saved_hooks import SavedTensor

Tensor = None  # minigrad.tensor sets this once it is defined (the two modules need each other)
TORCH_MODULE = "torch.autograd.function"  # where torch defines these classes, as their reprs show it


class FunctionCtx:
    """Mirror ``torch.autograd.function.FunctionCtx``: what a Function's ``ctx`` can do in ``forward`` (or
    ``setup_context``): save tensors, mark outputs dirty or non-differentiable, keep missing grads as None."""

    __module__ = TORCH_MODULE  # as type(ctx).__bases__ and type hints show it

    _materialize_grads = True
    _dirty = ()
    _non_differentiable = ()
    _to_save = None

    def save_for_backward(self, *tensors):
        """Mirror ``ctx.save_for_backward``: keep tensors (or None) for ``backward``. As in torch, they are checked
        and saved (at the versions they have then) once ``forward`` returns, and only if the call is recorded."""
        self._to_save = tensors

    @property
    def to_save(self):
        """Mirror ``ctx.to_save``: what ``save_for_backward`` was last given (what will be saved)."""
        return self._to_save

    @to_save.setter
    def to_save(self, tensors):
        self._to_save = tensors

    def save_for_forward(self, *tensors):
        """Mirror ``ctx.save_for_forward``: keep tensors (or None) for ``jvp``, where ``ctx.saved_tensors`` gives
        them."""
        for t in tensors:
            if not (t is None or isinstance(t, Tensor)):
                raise AssertionError(
                    "save_for_forward expects all arguments to be tensors; you should save non-tensors as attributes "
                    "on ctx."
                )
        self.saved_for_forward = tensors

    def mark_non_differentiable(self, *tensors):
        """Mirror ``ctx.mark_non_differentiable``: these outputs will not require grad."""
        self._non_differentiable = tensors

    def set_materialize_grads(self, value):
        """Mirror ``ctx.set_materialize_grads``: if False, missing output grads reach backward as None."""
        if value.__class__ is not bool:  # torch's parser's message, which shows none of the arguments
            raise TypeError(
                "set_materialize_grads received an invalid combination of arguments - got (), but expected (bool)"
            )
        self._materialize_grads = value

    def mark_dirty(self, *tensors):
        """Mirror ``ctx.mark_dirty``: ``forward`` changed these inputs in place and returns them; each becomes an
        output of this node (its old history is the node's input), as an in-place op's result does."""
        self._dirty = tensors


_READ_ONLY = "attribute '{}' of 'torch._C._FunctionBase' objects is not writable"
_own_attributes = Node.__dict__["__dict__"].__get__  # a node's real attribute dict, under the filtered view below
_NODE_FIELDS = frozenset(("needs_input_grad", "next_functions", "saved_for_forward"))


class BackwardCFunction(Node, FunctionCtx):
    """Mirror ``torch.autograd.function.BackwardCFunction``: the node (and ``ctx``) of a user Function."""

    __module__ = TORCH_MODULE  # as type(grad_fn).__bases__ shows it

    _forward_cls = None
    _output_meta = ()
    _arg_is_tensor = ()
    _forwarding = False  # while forward (or setup_context) runs
    _in_jvp = False
    needs_input_grad = ()

    @property
    def __dict__(self):
        """Mirror ``vars(ctx)``: the attributes the Function's own code set (``ctx.k = k``), not the node's own
        fields, which torch keeps in C (minigrad's start with ``_``, or are public names of torch's)."""
        return {k: v for k, v in _own_attributes(self).items() if k[0] != "_" and k not in _NODE_FIELDS}

    @property
    def saved_tensors(self):
        """Mirror ``ctx.saved_tensors``; raises torch's errors if freed or modified in place. Empty while
        ``forward`` (or ``setup_context``) runs: torch saves the tensors once they return."""
        if self._forwarding:
            return ()
        if self._in_jvp:
            return tuple(getattr(self, "saved_for_forward", ()))
        return self._unpack()

    @saved_tensors.setter
    def saved_tensors(self, value):
        raise AttributeError(_READ_ONLY.format("saved_tensors"))  # a student's ctx.saved_tensors = (x,)

    def _release(self):
        """Free what ``save_for_backward`` kept; as in torch, a Function's node counts as freed even if it saved
        nothing (``ctx.saved_tensors`` then raises torch's error)."""
        self._stash = None

    @property
    def _raw_saved_tensors(self):
        """Mirror ``grad_fn._raw_saved_tensors`` of a Function's node: a ``SavedTensor`` for each value
        ``save_for_backward`` kept (None too), whose own hooks ``register_hooks`` sets; empty while ``forward`` runs,
        torch's error once what was saved is freed."""
        if self._forwarding:
            return ()
        if self._stash is None:
            raise RuntimeError(FREED_ERROR)
        return tuple(SavedTensor(self, i) for i in range(len(self._stash)))

    @property
    def saved_variables(self):
        """Mirror the deprecated ``ctx.saved_variables``: ``saved_tensors``, with torch's warning."""
        warnings.warn("'saved_variables' is deprecated; use 'saved_tensors'", DeprecationWarning, stacklevel=2)
        return self.saved_tensors

    @saved_variables.setter
    def saved_variables(self, value):
        raise AttributeError(_READ_ONLY.format("saved_variables"))

    def __call__(self, *grads):
        raise TypeError(f"'{type(self).__name__}' object is not callable")  # torch's Python nodes are not

    def apply(self, *grads):
        """Mirror ``grad_fn.apply(*grads)`` of a user Function's node: its ``backward`` (or ``vjp``) called
        directly, without the engine's checks."""
        return self._user_backward()(self, *grads)

    def _user_backward(self):
        cls = self._forward_cls
        if cls.backward is not Function.backward and cls.vjp is not Function.vjp:
            raise RuntimeError(
                "Implementing both 'backward' and 'vjp' for a custom Function is not allowed. You should only "
                "implement one of them."
            )
        return cls.vjp if cls.vjp is not Function.vjp else cls.backward

    def _save_to_save(self):
        """Save what ``save_for_backward`` was given, once ``forward`` has returned (torch's ``_save_variables``)."""
        tensors = self._to_save
        if tensors is None:
            return
        self._to_save = None  # as torch's ctx.to_save once forward has returned
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(
                    f"save_for_backward can only save variables, but argument {i} is of type {c_type_name(t)}"
                )
        self._save(tensors)

    def _backward(self, grads):
        if self._materialize_grads:
            grads = tuple(
                Tensor._wrap(np.zeros(meta[0], dtype=meta[1])) if g is None and meta is not None else g
                for g, meta in zip(grads, self._output_meta)
            )
        result = self._user_backward()(self, *grads)
        if not isinstance(result, tuple):
            result = (result,)
        is_tensor = self._arg_is_tensor
        n_inputs = len(is_tensor)
        if len(result) != n_inputs:
            if len(result) > n_inputs and all(r is None for r in result[n_inputs:]):
                result = result[:n_inputs]
            else:
                raise RuntimeError(
                    f"function {self.name()} returned an incorrect number of gradients "
                    f"(expected {n_inputs}, got {len(result)})"
                )
        for i, (r, tensor_arg) in enumerate(zip(result, is_tensor)):
            if r is None:
                continue
            if not isinstance(r, Tensor):
                raise RuntimeError(f"expected Variable or None (got {c_type_name(r)})")
            if not tensor_arg:
                raise RuntimeError(
                    f"function {self.name()} returned a gradient different than None at position {i + 1}, "
                    "but the corresponding forward input was not a Variable"
                )
        return tuple(r for r, tensor_arg in zip(result, is_tensor) if tensor_arg)


def _backward_class(cls):
    """The node class of Function ``cls``: ``<Name>Backward``, in torch's module, as type(node) and repr(node) show
    it."""
    return type(f"{cls.__name__}Backward", (BackwardCFunction,), {"_forward_cls": cls, "__module__": TORCH_MODULE})


class FunctionMeta(type):
    """Mirror ``torch.autograd.function.FunctionMeta``, the type of every Function class (``type(MyFunction)``):
    it gives each one its node class, ``_backward_cls``."""

    __module__ = TORCH_MODULE

    def __init__(cls, name, bases, attrs):
        cls._backward_cls = _backward_class(cls)
        super().__init__(name, bases, attrs)


class Function(metaclass=FunctionMeta):
    """Mirror ``torch.autograd.Function``: subclass it with static ``forward`` and ``backward``, then call
    ``YourFunction.apply(...)``. ``backward`` returns one gradient (or None) per argument of ``forward``."""

    def __init__(self, *args, **kwargs):
        warnings.warn(
            f"{type(self)} should not be instantiated. Methods on autograd functions are all static, so you should "
            "invoke them on the class itself. Instantiating an autograd function will raise an error in a future "
            "version of PyTorch.",
            DeprecationWarning,
            stacklevel=2,
        )

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            "Legacy autograd function with non-static forward method is deprecated. Please use new-style "
            "autograd function with static forward method. (Example: "
            "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)"
        )

    @staticmethod
    def forward(ctx, *args, **kwargs):
        """Compute the outputs from the inputs; save what ``backward`` needs on ``ctx``."""
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        """torch 2's alternative to a ``ctx`` argument in ``forward``: save what ``backward`` needs."""
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        """Given the gradient of each output, return the gradient of each input of ``forward``."""
        raise NotImplementedError(
            "You must implement either the backward or vjp method for your custom autograd.Function "
            "to use it with backward mode AD."
        )

    vjp = backward

    @staticmethod
    def jvp(ctx, *grad_inputs):
        """Given the tangent of each input of ``forward``, return the tangent of each output (forward-mode AD)."""
        raise NotImplementedError(_NO_JVP)

    generate_vmap_rule = False

    @staticmethod
    def vmap(info, in_dims, *args):
        """The Function under ``torch.func.vmap``: ``(output, out_dims)`` from the batched ``args``."""
        raise NotImplementedError(
            "To use autograd.Function with vmap, you must either override the vmap staticmethod or set "
            "generate_vmap_rule=True."
        )

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run ``forward`` and, if any input requires grad, record a ``<Name>Backward`` node. As in torch, keyword
        arguments are bound to ``forward``'s parameters first: with ``setup_context``, every default is filled in
        too (its ``inputs`` hold them all); without, each goes to its parameter's position."""
        if cls.setup_context is not Function.setup_context:
            bound = _signature(cls.forward).bind(*args, **kwargs)
            bound.apply_defaults()
            args, kwargs = bound.args, bound.kwargs
        if kwargs:
            args, kwargs = _placed_by_name(cls.forward, args, kwargs)
        ctx = cls._backward_cls()
        tensor_args = [a for a in args if isinstance(a, Tensor)]
        record = grad_mode.is_grad_enabled() and any(t._requires_grad for t in tensor_args)
        # as in torch, from the inputs alone (also under no_grad)
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        if transforms.depth and cls.setup_context is Function.setup_context:
            raise RuntimeError(transforms.SETUP_CONTEXT_ERROR)
        if transforms.mapping():
            _check_vmap_rule(cls)
        if transforms.forward_mode() and cls.jvp is Function.jvp:
            raise NotImplementedError(_NO_JVP)
        if record:  # as in torch, the node has its edges while forward runs
            ctx._link(tensor_args)  # torch gives a user Function an edge per tensor argument only
            ctx._arg_is_tensor = tuple(isinstance(a, Tensor) for a in args)
        ctx._forwarding = True
        try:
            with grad_mode.no_grad():
                if cls.setup_context is not Function.setup_context:
                    outputs = cls.forward(*args, **kwargs)
                    cls.setup_context(ctx, args, outputs)
                else:
                    outputs = cls.forward(ctx, *args, **kwargs)
        finally:
            ctx._forwarding = False
        single = not isinstance(outputs, tuple)
        outputs = raw = (outputs,) if single else outputs
        for t in ctx._non_differentiable:
            if not isinstance(t, Tensor):  # torch's message ends there
                raise RuntimeError("mark_non_differentiable only accepts variable arguments, but got ")
        dirty = ctx._dirty
        for t in dirty:  # torch counts a change to each, recorded or not
            if not isinstance(t, Tensor):
                raise RuntimeError("mark_dirty can only accept variables, but argument ")
            t._vc.bump()
        if record:
            nondiff = ctx._non_differentiable
            for nr, out in enumerate(outputs):
                if isinstance(out, Tensor):
                    differentiable = out.dtype.is_floating_point and not any(out is t for t in nondiff)
                    is_input = any(out is t for t in tensor_args)
                    if differentiable and any(out is t for t in dirty):
                        _rebase_dirty(ctx, out, nr, len(outputs), is_input)
                        continue
                    if is_input:  # returned an input unchanged: torch returns a view of it, or a detached alias
                        out = (Tensor._wrap(out._data, vc=out._vc) if not differentiable and out._requires_grad
                               else _returned_input(cls, out))  # fmt: skip
                        outputs = outputs[:nr] + (out,) + outputs[nr + 1 :]
                    elif out._view is not None:  # a view made in forward: torch forbids changing it in place too
                        out._view.function = cls.__name__
                    if differentiable:
                        out._requires_grad, out.grad_fn, out._output_nr = True, ctx, nr
                    else:
                        out._requires_grad, out.grad_fn, out._output_nr = False, None, 0
            ctx._num_outputs = len(outputs)
            ctx._output_meta = tuple((o._data.shape, o._data.dtype) if isinstance(o, Tensor) else None for o in outputs)
        elif any(isinstance(o, Tensor) and o._requires_grad for o in outputs):  # an input returned as-is, unrecorded
            outputs = tuple(Tensor._wrap(o._data, vc=o._vc) if isinstance(o, Tensor) else o for o in outputs)
        if any(not any(t is o for o in raw) for t in dirty):
            raise RuntimeError(
                "Some elements marked as dirty during the forward method were not returned as output. The inputs "
                "that are modified inplace must all be outputs of the Function."
            )
        if record:  # torch saves once the outputs are wrapped: at the versions the tensors have then
            ctx._save_to_save()
            ctx._keep_outputs()
        obs = observer.current
        if obs is not None:
            obs(observer.OP, op=cls, node=ctx if record else None, inputs=args, outputs=tuple(outputs), params=kwargs,
                ctx=ctx)
        return outputs[0] if single else outputs


class InplaceFunction(Function):
    """Mirror ``torch.autograd.function.InplaceFunction``, kept by torch for old code only: a Function whose
    instances remember ``inplace``."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace


class NestedIOFunction(Function):
    """Mirror ``torch.autograd.function.NestedIOFunction``, kept by torch for old code only: a legacy Function
    (instance methods ``forward_extended`` and ``backward_extended``), which, as in torch 2, cannot be called."""

    def forward_extended(self, *input):
        """User-defined forward of a legacy Function."""
        raise NotImplementedError

    def backward_extended(self, *grad_output):
        """User-defined backward of a legacy Function."""
        raise NotImplementedError


_signature = functools.lru_cache(maxsize=64)(inspect.signature)
_UNSET = object()


def _placed_by_name(forward, args, kwargs):
    """torch's ``apply`` for keyword arguments: each takes the position of ``forward``'s parameter of that name
    (``ctx`` aside), with torch's errors for a name that is not one, is given twice, or leaves a position before it
    empty (even one with a default)."""
    code = getattr(forward, "__code__", None)
    if code is None:
        return args, kwargs
    names = code.co_varnames[1 : code.co_argcount]
    placed = list(args)
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError(f"forward() got an unexpected keyword argument '{key}'")
        i = names.index(key)
        if i < len(args):
            raise TypeError(f"forward() got multiple values for argument '{key}'")
        placed += [_UNSET] * (i + 1 - len(placed))
        placed[i] = value
    for i, value in enumerate(placed):
        if value is _UNSET:
            raise TypeError(f"forward() missing required argument: '{names[i]}' (position {i})")
    return tuple(placed), {}


_NO_JVP = "You must implement the jvp function for custom autograd.Function to use it with forward mode AD."
_EXTENDING_FUNC = "For more details, please see https://pytorch.org/docs/main/notes/extending.func.html"


def _check_vmap_rule(cls):
    """torch's errors for a Function under ``vmap`` without exactly one vmap rule (its own ``vmap`` or
    ``generate_vmap_rule = True``). minigrad's vmap runs ``forward`` once per sample, so either rule works alike."""
    overridden = cls.vmap is not Function.vmap
    if cls.generate_vmap_rule and overridden:
        raise RuntimeError(
            f"You tried to vmap over {cls.__name__}, but it has both generate_vmap_rule=True and an overridden vmap "
            "staticmethod. Please set generate_vmap_rule=False or delete the overridden vmap staticmethod to avoid "
            f"ambiguity. {_EXTENDING_FUNC}"
        )
    if not cls.generate_vmap_rule and not overridden:
        raise RuntimeError(
            f"You tried to vmap over {cls.__name__}, but it does not have vmap support. Please override and implement "
            f"the vmap staticmethod or set generate_vmap_rule=True. {_EXTENDING_FUNC}"
        )


def _rebase_dirty(ctx, t, nr, n_outputs, is_input):
    """Make ``ctx`` the history of ``t``, an input ``forward`` changed in place (torch's ``rebase_history``); through
    a view, the base's ``grad_fn`` becomes a ``CopySlices`` over ``ctx``, as for an in-place op."""
    from ..ops.inplace import check_inplace
    from ..ops.views import CopySlices, remake_views

    if t.is_leaf and t._requires_grad:
        raise RuntimeError("a leaf Variable that requires grad has been used in an in-place operation.")
    if not is_input:
        message = (
            "ctx.mark_dirty() received a tensor that was not an input. Only input Tensors that have been mutated "
            "should be passed to ctx.mark_dirty()."
        )
        if t._base is not None:
            raise RuntimeError(message)
        warnings.warn(internal(message, "torch/csrc/autograd/custom_function.cpp:320"), stacklevel=user_stacklevel())
    if t._base is not None and n_outputs > 1:
        raise RuntimeError(
            "If your Function modifies inplace an input that is a view of another Tensor, your Function cannot return "
            "more than one Tensor. This is not supported by the current autograd engine. You should either make sure "
            "the input is not a view (using .clone() for example) or make your Function only return one Tensor "
            "(potentially splitting it into two Functions: one doing the inplace that returns a single Tensor and a "
            "second one that does the other operations). You can ask on the forum https://discuss.pytorch.org/ if you "
            "need help to do this change."
        )
    check_inplace(t, recording=True)
    base = t._base
    if base is None:
        t._rebase_history(ctx, nr)
    else:
        base._rebase_history(CopySlices(base, t, ctx), 0)
        remake_views(base._vc)


def _returned_input(cls, t):
    """What ``cls.apply`` gives for its input ``t`` returned as-is: torch's view of it, which may not be changed in
    place while autograd records."""
    from ..ops.shape import Alias

    view = Tensor._wrap(t._data, vc=t._vc)
    view._make_view_of(t, (Alias, {"shape": t.shape}, 0))
    view._view.function = cls.__name__
    return view


class Error(Node):
    """Mirror torch's ``Error`` node (``torch::autograd::Error``), the one ``DelayedError`` puts on values that must
    not be differentiated: differentiating through it raises ``message``."""

    __module__ = "builtins"  # a C++ type in torch

    def __init__(self, message):
        self.message = message

    def name(self):
        """Mirror ``Error.name()``: ``torch::autograd::Error``."""
        return "torch::autograd::Error"

    def _backward(self, grads):
        raise RuntimeError(self.message)


DelayedError = Error  # torch's DelayedError function makes an Error node: its name for what minigrad's ops use


_TWICE = "trying to differentiate twice a function that was marked with @once_differentiable"


def once_differentiable(fn):
    """Mirror ``torch.autograd.function.once_differentiable``: run a custom backward with grad recording
    off; a second differentiation through its results raises torch's error instead of a wrong answer. As in torch,
    the results then share one ``Error`` node, whose edges go to detached copies of them made to require grad."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with grad_mode.no_grad():
            outputs = fn(ctx, *args)
        if not grad_mode.is_grad_enabled() or not any(isinstance(a, Tensor) and a._requires_grad for a in args):
            return outputs
        single = not isinstance(outputs, tuple)
        outputs = (outputs,) if single else outputs
        node = Error(_TWICE)
        node._link([_fake_leaf(out) for out in outputs])
        node._num_outputs = len(outputs)
        wrapped = []
        for nr, out in enumerate(outputs):
            if isinstance(out, Tensor) and out.dtype.is_floating_point:
                out = Tensor._wrap(out._data, grad_fn=node)
                out._output_nr = nr
            wrapped.append(out)
        return wrapped[0] if single else tuple(wrapped)

    return wrapper


def _fake_leaf(t):
    """torch's ``fake_requires_grad``: a detached copy of ``t`` made to require grad (kept as is if it cannot)."""
    if isinstance(t, Tensor) and t.dtype.is_floating_point:
        return t.detach().requires_grad_()
    return t
