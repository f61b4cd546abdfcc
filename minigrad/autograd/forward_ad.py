"""``torch.autograd.forward_ad``: forward-mode AD with dual tensors. Inside ``with dual_level():``,
``make_dual(x, v)`` is ``x`` carrying the tangent ``v``; every op on it carries a tangent on, the product of the
op's Jacobian with its inputs' tangents; ``unpack_dual(y)`` gives ``(primal, tangent)``.

torch computes a tangent with each op's forward formula. minigrad has reverse mode only, so each op's tangent is
the double vjp of that one op (:func:`minigrad.func.jvp`'s trick, op by op): while a level is entered, an observer
(:mod:`minigrad.autograd.observer`) sees every op run; for an op with a dual input it runs the op again on fresh
inputs, takes the vjp with cotangents ``u`` (zeros that require grad, graph kept), then the vjp of that, linear in
``u``, with the inputs' tangents. The dual tensors themselves are left as torch leaves them (``requires_grad``,
``grad_fn``); a tangent keeps a graph only where torch's does (its primal or tangent inputs require grad). A user
``autograd.Function`` gets its tangents from its own ``jvp`` (torch's error if it has none), as in torch. An output an
op saves for backward (``exp``'s result) keeps its tangent there too, so a backward run inside the level is
differentiated forward as well (forward-over-reverse).

Not mirrored: in-place ops on a dual tensor (torch updates its tangent; minigrad refuses them, saying so); ops that
do not run through an op class or ``autograd.Function`` (none of minigrad's public ones are meant to) carry no
tangent; a float64 tangent of a float32 primal is kept as float32 (torch keeps its dtype). torch
evaluates some forward formulas in another order than the transposed backward formulas (``div``, ``mm``,
``softmax``...), so a float64 tangent may differ from torch's in its last bit.
"""

import functools
from typing import Any, NamedTuple

from .._pytree import tree_leaves, tree_map
from . import grad_mode, observer

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual", "dual_level"]

_current_level = -1
_token = None  # the entered level's identity: tangents made under another (exited) level are gone
_previous_observer = None
_computing = False  # the observer is running an op again for a tangent: ops it runs are not reported


class UnpackedDualTensor(NamedTuple):
    """Mirror ``torch.autograd.forward_ad.UnpackedDualTensor``: ``unpack_dual``'s ``(primal, tangent)``."""

    primal: Any
    tangent: Any


def enter_dual_level():
    """Mirror ``torch.autograd.forward_ad.enter_dual_level()``: enter the (only) forward AD level; return it."""
    global _current_level, _token, _previous_observer
    if _current_level >= 0:
        raise RuntimeError("Nested forward mode AD is not supported at the moment")
    _current_level, _token = 0, object()
    _previous_observer, observer.current = observer.current, _observe
    return _current_level


def exit_dual_level(*, level=None):
    """Mirror ``torch.autograd.forward_ad.exit_dual_level()``: leave the level; its tangents are gone."""
    global _current_level, _token
    if level is None:
        level = _current_level
    if level < 0:
        raise RuntimeError("Dual level must be a positive number.")
    if level != _current_level:
        raise RuntimeError(
            "Trying to exit a forward AD level that was not the last one that was created. This is not supported."
        )
    observer.current = _previous_observer
    _current_level, _token = level - 1, None


def check_pair(tensor, tangent):
    """torch's checks of a primal and its tangent (``make_dual``'s, which ``func.jvp`` makes too): both floating point,
    the tangent of the primal's size."""
    if not tensor.dtype.is_floating_point:
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if not tangent.dtype.is_floating_point:
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    if tuple(tensor.shape) != tuple(tangent.shape):
        raise RuntimeError(
            "Trying to set a forward gradient that has a different size than that of the original Tensor, this is not "
            f"supported. Tensor is of size {list(tensor.shape)} while the given forward gradient is of size "
            f"{list(tangent.shape)}."
        )


def make_dual(tensor, tangent, *, level=None):
    """Mirror ``torch.autograd.forward_ad.make_dual(tensor, tangent)``: a view of ``tensor`` carrying ``tangent``
    (of its size; floating point, as ``tensor``), inside a ``dual_level``."""
    if level is None:
        level = _current_level
    if level < 0:
        raise RuntimeError(
            "Trying to create a dual Tensor for forward AD but no level exists, make sure to enter_dual_level() first."
        )
    check_pair(tensor, tangent)
    global _computing
    _computing = True  # the view itself is no op of the user's: no tangent to work out for it
    try:
        dual = tensor.view_as(tensor)
    finally:
        _computing = False
    dual.__dict__["_fw_tangent"] = (_token, tangent, dual._version)
    return dual


_IN_PLACE = (
    "minigrad's forward AD does not follow in-place operations on a dual tensor (torch updates its tangent): "
    "compute out of place inside dual_level()"
)


def shown_tangent(t):
    """The tangent ``repr(t)`` shows (torch's ``tangent=`` suffix): that of a dual tensor of the level entered now and
    unchanged since, else None."""
    stored = t.__dict__.get("_fw_tangent")
    if stored is None or stored[0] is not _token or _token is None or stored[2] != t._version or _computing:
        return None  # a Function's jvp runs with forward AD off, as torch runs it: its tensors show no tangent
    return stored[1]


def _tangent(t):
    from ..tensor import Tensor

    if not isinstance(t, Tensor):
        return None
    stored = t.__dict__.get("_fw_tangent")
    if stored is None or stored[0] is not _token or _token is None:
        return None
    if stored[2] != t._version:
        raise NotImplementedError(_IN_PLACE)
    return stored[1]


def unpack_dual(tensor, *, level=None):
    """Mirror ``torch.autograd.forward_ad.unpack_dual(tensor)``: ``UnpackedDualTensor(primal, tangent)``, the
    tangent None for a tensor that is not dual (or outside the level it was made in)."""
    if level is None:
        level = _current_level
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    global _computing
    _computing = True
    try:
        primal = tensor.view_as(tensor)
    finally:
        _computing = False
    return UnpackedDualTensor(primal, _tangent(tensor))


class dual_level:
    """Mirror ``torch.autograd.forward_ad.dual_level``: ``with dual_level():`` enters a forward AD level (the
    block's value is the level, 0) and leaves it at the end, its tangents gone; also a decorator."""

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)

        return wrapper


def _observe(kind, **info):
    if _previous_observer is not None:
        _previous_observer(kind, **info)
    if kind != observer.OP or _computing:
        return
    inputs, outputs = info["inputs"], info["outputs"]
    duals = [(t, _tangent(t)) for t in tree_leaves(list(inputs))]
    duals = [(t, v) for t, v in duals if v is not None]
    if not duals:
        return
    if any(o is t for o in outputs for t, _ in duals):
        raise NotImplementedError(_IN_PLACE)
    if "ctx" in info:
        tangents = _function_tangents(info["op"], info["ctx"], inputs, outputs, duals)
    else:
        tangents = _op_tangents(info["op"], inputs, info.get("params") or {}, outputs, duals)
    for o, t in zip(outputs, tangents):
        if t is not None:
            o.__dict__["_fw_tangent"] = (_token, t, o._version)
            _keep_with_saved_output(o)


def _keep_with_saved_output(t):
    """Give the tangent of ``t`` to its ``grad_fn``'s saved copy of it (``exp`` saves its result), so that a backward
    run inside the level (forward-over-reverse, as ``gradgradcheck(check_fwd_over_rev=True)`` runs) sees it."""
    from .graph import SavedOutput

    node = t.grad_fn
    for saved in (node._stash or ()) if node is not None else ():
        if type(saved) is SavedOutput and saved.output_nr == t._output_nr and saved.data is t._data:
            saved.fw_tangent = t.__dict__["_fw_tangent"]


def _function_tangents(cls, ctx, inputs, outputs, duals):
    """The tangents of a user Function's ``outputs``: its ``jvp(ctx, *tangents)`` (zeros for a tensor input with no
    tangent, None for a non-tensor one), checked as torch checks them; torch's error if it has none."""
    from ..creation import zeros_like
    from ..tensor import Tensor
    from .function import Function

    if cls.jvp is Function.jvp:
        raise NotImplementedError(
            "You must implement the jvp function for custom autograd.Function to use it with forward mode AD."
        )
    tangent_of = {id(t): v for t, v in duals}
    given = [tangent_of.get(id(a), zeros_like(a)) if isinstance(a, Tensor) else None for a in inputs]
    global _computing
    _computing, ctx._in_jvp = True, True
    try:
        with grad_mode.enable_grad():
            result = cls.jvp(ctx, *given)
    finally:
        _computing, ctx._in_jvp = False, False
    result = result if isinstance(result, tuple) else (result,)
    if len(result) != len(outputs):
        raise RuntimeError(
            f"Function's jvp returned an invalid number of forward gradients (expected {len(outputs)} but got "
            f"{len(result)})"
        )
    for out, tangent in zip(outputs, result):
        if isinstance(out, Tensor) and isinstance(tangent, Tensor):
            check_pair(out, tangent)
    return [t if isinstance(o, Tensor) and o.dtype.is_floating_point else None for o, t in zip(outputs, result)]


def _op_tangents(op, inputs, params, outputs, duals):
    """The tangents of an op's ``outputs`` (None where not floating or independent of the dual inputs): the op run
    again on fresh inputs, then the double vjp (see the module docstring)."""
    global _computing
    from .. import autograd
    from ..creation import zeros_like
    from ..func import _fresh, _unwrap
    from .graph import next_sequence_nr

    _computing = True
    try:
        start = next_sequence_nr()
        fresh = {}
        for t, _ in duals:
            fresh.setdefault(id(t), _fresh(t))
        leaves = list(fresh.values())
        with grad_mode.enable_grad():
            rerun = op.apply(*tree_map(lambda v: fresh.get(id(v), v), list(inputs)), **params)
            rerun = rerun if isinstance(rerun, tuple) else (rerun,)
            pairs = [(k, o) for k, o in enumerate(rerun) if o.requires_grad and o.dtype.is_floating_point]
            result = [None] * len(outputs)
            if not pairs:
                return result
            us = [zeros_like(o).requires_grad_() for _, o in pairs]
            grads = autograd.grad([o for _, o in pairs], leaves, us, create_graph=True, allow_unused=True)
            tangent_of = {id(t): v for t, v in duals}
            reached = [(g, tangent_of[k]) for g, k in zip(grads, fresh) if g is not None and g.requires_grad]
            if not reached:
                return result
            found = autograd.grad([g for g, _ in reached], us, [v for _, v in reached], create_graph=True,
                                  allow_unused=True)  # fmt: skip
        own = [t for t in leaves if t.grad_fn is None] + us
        for (k, _), t in zip(pairs, found):
            result[k] = None if t is None else _unwrap(t, start, own)
        return result
    finally:
        _computing = False
