"""In-place ops (``add_``, ``x += y``, ``x[mask] = 0``, ...) and the version counter.

An in-place op changes the tensor's memory, bumps its ``_version`` and, when
a graph is being recorded, makes the tensor's ``grad_fn`` the node of the
op, whose input is the tensor's old history (torch's "rebase_history"); through
a view, the base's ``grad_fn`` becomes a ``CopySlices`` (see :mod:`.views`).
Tensors saved for backward remember their version, so the engine notices if
one was changed after being saved.
"""

import numpy as np
from numpy.lib.array_utils import byte_bounds

from .. import dtypes
from ..autograd import grad_mode, observer
from ..size import shape_text
from ..tensor import Tensor
from ..typename import c_type_name
from ._util import broadcast_mismatch, cant_cast, check_broadcast, data, quiet_off, quiet_on, scalar_as, wrap
from .carriers import ARRAYS
from .indexing import _index_error as index_error
from .indexing import (
    basic_index,
    byte_masks_as_tensors,
    getitem,
    indices_as_torch_saves,
    is_advanced,
    key_as_index,
    mixes_integers,
    np_index,
    select_integers,
    sequence_as_tuple,
)
from .op import IndexingOp, Op, _new
from .shape import expanded_shape
from .views import CopySlices, bump_version, view_error


def check_inplace(t, recording=False, writes=True):
    """torch's checks before writing into ``t`` (``recording``: autograd will record the write; ``writes``: False
    for an op that changes only ``t``'s shape, not its elements, ``"fill"`` for one that writes one value everywhere,
    which torch allows where elements share memory, as in an expanded tensor)."""
    view = t._view
    if recording and view is not None and view.function is not None:
        raise RuntimeError(
            f"Output {t._output_nr} of {view.function} is a view and is being modified inplace. This view was "
            "created inside a custom Function (or because an input was returned as-is) and the autograd logic to "
            "handle view+inplace would override the custom backward associated with the custom Function, leading "
            "to incorrect gradients. This behavior is forbidden. You can fix this by cloning the output of the "
            "custom Function."
        )
    if recording and view is not None and (view.multi_output or view.no_grad):
        raise view_error(t, "is being")
    if grad_mode._state.enabled and t._requires_grad:
        base = t._base  # torch asks whether the base is a leaf, not whether it requires grad: x[0] = 1 on
        if base is not None and base.grad_fn is None:  # x = arange(4.).view(2, 2).requires_grad_() is this error
            raise RuntimeError("a view of a leaf Variable that requires grad is being used in an in-place operation.")
        if t.grad_fn is None:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
    if writes is True and (not t._data.flags.writeable or has_internal_overlap(t._data)):
        raise RuntimeError(
            "unsupported operation: more than one element of the written-to tensor refers to a single memory "
            "location. Please clone() the tensor before performing the operation."
        )


def has_internal_overlap(a):
    """Whether elements of array ``a`` share memory (torch's ``has_internal_overlap``: a dim of stride 0 with more than
    one element, as ``expand`` makes; an empty tensor has none, whatever its strides)."""
    if 0 not in a.strides or a.size == 0:  # the usual case first, without a Python loop: every in-place op asks
        return False
    for n, stride in zip(a.shape, a.strides):
        if stride == 0 and n > 1:
            return True
    return False


PARTIAL_OVERLAP = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                   "single memory location. Please clone() the tensor before performing the operation.")


def check_overlap(t, operands, refused="partial"):
    """torch's error for writing into ``t`` what is read from a tensor sharing its memory. An elementwise op
    (``refused="partial"``) refuses one that shares part of it (``m += m.T``, ``t[:-1] = t[1:]``) and takes the very
    same elements (``x += x``); an indexed write (``"any"``: ``scatter_``, ``index_put_``) refuses both. Where torch
    cannot tell cheaply (steps that interleave, ``x[::2]`` and ``x[1::2]``), the write goes ahead, as in torch."""
    a = t._data
    for o in operands:
        if o.__class__ is not Tensor:
            continue
        b = o._data
        if a is not b and a.base is None and b.base is None:  # two arrays that own their memory: apart
            continue
        if np.may_share_memory(a, b):
            status = overlap_status(a, b)
            if status == "partial" or status == "full" and refused == "any":
                raise RuntimeError(PARTIAL_OVERLAP)


def overlap_status(a, b):
    """torch's ``get_overlap_status(a, b)`` for arrays that may share memory: ``"full"`` (the same elements in the
    same order), ``"partial"`` (both dense, their memory ranges overlapping), or None (apart, or too hard to tell)."""
    if a is b or a.shape == b.shape and a.strides == b.strides and _address(a) == _address(b):
        return "full"
    (a_low, a_high), (b_low, b_high) = byte_bounds(a), byte_bounds(b)
    dense = all(x.size * x.itemsize == high - low for x, (low, high) in ((a, (a_low, a_high)), (b, (b_low, b_high))))
    return "partial" if dense and a_low < b_high and b_low < a_high else None


def _address(a):
    return a.__array_interface__["data"][0]


def _write(t, out):
    """Write an op's result into ``t``'s own memory (views of ``t`` see it)."""
    if out._data.shape != t._data.shape:
        raise broadcast_mismatch(t.shape, out.shape)
    if out._data.dtype is not t._data.dtype and out.dtype.category > t.dtype.category:
        raise cant_cast(out.dtype, t.dtype)
    t._data[...] = out._data


def _refuse_cast(t, operands):
    """:func:`cant_cast` for ``t`` written with the dtype ``t`` and the tensors among ``operands`` promote to, if
    ``t`` cannot hold it: torch checks this before it looks for a kernel for that dtype (``x.gcd_(y)``, ``x`` int64
    and ``y`` float32: the cast, not "gcd_cpu" for Float)."""
    want = dtypes.result_type([t, *(o for o in operands if isinstance(o, Tensor))])
    if want.category > t.dtype.category:
        raise cant_cast(want, t.dtype)


def apply_inplace(t, compute, *operands, writes=True, overlap="partial"):
    """Run ``compute(t, *operands)`` (an out-of-place op) and store its result in ``t`` (``writes``: as
    :func:`check_inplace` takes it; ``overlap``: which operands sharing ``t``'s memory torch refuses, as
    :func:`check_overlap` takes it, or None for an op that reads them before writing)."""
    recording = grad_mode._state.enabled and (
        t._requires_grad or any(isinstance(o, Tensor) and o._requires_grad for o in operands)
    )
    check_inplace(t, recording, writes)
    if overlap is not None:
        for o in operands:  # inline, as most in-place ops write arrays that own their memory (p.data += ...)
            if o.__class__ is Tensor and (o._data is t._data or o._data.base is not None or t._data.base is not None):
                check_overlap(t, operands, overlap)
                break
    if not recording:
        prev = grad_mode._switch(False)  # no_grad(), without making one: p.data += ... runs it in every step
        try:
            try:
                out = compute(t, *operands)
            except NotImplementedError:
                _refuse_cast(t, operands)
                raise
            _write(t, out)
        finally:
            grad_mode._restore(prev)
        bump_version(t)
        return t
    # The op sees a snapshot of t's old value, so what it saves is not changed by the write below.
    old = Tensor._wrap(t._data.copy(), grad_fn=t.grad_fn)
    old._requires_grad, old._output_nr = t._requires_grad, t._output_nr
    out = compute(old, *operands)
    _write(t, out)
    fn, base = out.grad_fn, t._base
    if fn is None:  # not differentiable (an integer tensor takes a value that requires grad): nothing recorded
        bump_version(t)
        return t
    if base is not None:  # through a view: the base's history is rewritten, the view's remade from it
        base._rebase_history(CopySlices(base, t, fn), 0)
    else:
        t._rebase_history(fn, out._output_nr)
    bump_version(t)
    if fn._stash:  # the op's saved output is t itself now, at its new version
        fn._resave_output(out, t, as_output=base is None)
        if old._requires_grad and any(v is old for v in fn._stash):
            _saved_as_clone(old)
    return t


def apply_view_inplace(t, op, undo, **params):
    """``t.t_()``, ``t.unsqueeze_(0)``, ...: ``t`` becomes the view ``op`` makes of it, its memory unchanged. As in
    torch, ``op``'s node (TBackward1, ...) becomes ``t``'s history and the change is counted. ``undo`` is the step
    (op class, params, output_nr) that gives ``t``'s old shape back, so that views made of ``t`` before still find
    their elements."""
    check_inplace(t, grad_mode._state.enabled and t._requires_grad, writes=False)
    view = op.apply(t, **params)
    t._data, info, fn = view._data, view._view, view.grad_fn
    del view  # it leaves the storage's views (weak references) with its last reference
    if t._base is not None:
        t._view = info
    else:
        for ref in t._vc.views or ():  # None for an inference tensor, whose views autograd does not see
            other = ref()
            if other is not None and other._base is t:
                other._view.chain = (undo,) + other._view.chain
    bump_version(t)  # first: it gives every view of the storage, t too if it is one, an AsStridedBackward0...
    if fn is not None:  # ...but t's own history is the op's node (a retained gradient stays with the old one)
        t.grad_fn, t._output_nr, t._requires_grad = fn, 0, True
    return t


def _saved_as_clone(old):
    """torch saves the value an in-place op overwrites as a clone (``original_self``): the saved tensor's grad_fn
    is a CloneBackward0 over the tensor's history, seen only through the saved tensor, not on the op's path."""
    from .elementwise import Clone  # not at the top: elementwise imports the optimizers, which import this module

    node = _new(Clone._node_type)
    node._link((old,))
    old.grad_fn, old._output_nr = node, 0


class Zero(Op):
    """self.zero_(): every element becomes 0, so no gradient flows to the old value"""

    node_name = "ZeroBackward0"
    formula = {"self": "zeros_like(grad)"}

    @staticmethod
    def forward(ctx, a):
        return wrap(np.zeros_like(a._data))


class Fill(Op):
    """self.fill_(value): every element becomes ``value``"""

    node_name = "FillBackward2"
    formula = {"self": "zeros_like(grad)"}

    @staticmethod
    def forward(ctx, a, *, value):
        return wrap(np.full_like(a._data, scalar_as(data(value), a._data.dtype)))


class FillTensor(Op):
    """self.fill_(value), value a 0-d tensor: every element becomes value"""

    node_name = "FillBackward3"
    formula = {"self": "zeros_like(grad)", "value": "grad.sum()"}

    @staticmethod
    def forward(ctx, a, value):
        if value.ndim:
            raise RuntimeError(
                f"fill_ only supports 0-dimension value tensor but got tensor with {value.ndim} dimensions."
            )
        return wrap(np.full_like(a._data, value._data))


class Copy(Op):
    """self.copy_(src): self takes src's values (broadcast to self's shape)"""

    node_name = "torch::autograd::CopyBackwards"
    formula = {"self": "zeros_like(grad)", "src": "grad"}

    @staticmethod
    def forward(ctx, a, src):
        check_broadcast(a, src)
        if src.ndim > a.ndim:
            raise broadcast_mismatch(a.shape, np.broadcast_shapes(a.shape, src.shape))
        s = src._data
        return wrap((s if s.shape == a._data.shape else np.broadcast_to(s, a._data.shape)).astype(a._data.dtype))


class IndexPut(IndexingOp):
    """self[key] = values (``index_put``): the indexed elements are replaced, or added to if ``accumulate``"""

    node_name = "IndexPutBackward0"
    formula = {"self": "grad if accumulate else zero_at(grad, key)", "values": "grad[key]"}
    saved_values = {"accumulate": "accumulate", "indices": "torch_indices"}

    @staticmethod
    def forward(ctx, a, values, *, key, accumulate=False):
        ctx.key, ctx.torch_indices, ctx.accumulate = key, indices_as_torch_saves(key), accumulate
        ctx._keep_indices(*ctx.torch_indices)
        out = a._data.copy()
        try:
            if accumulate:  # repeated indices add up, in order
                np.add.at(out, key, data(values))
            else:
                out[key] = data(values)
        except ValueError:
            raise RuntimeError(
                f"shape mismatch: value tensor of shape {shape_text(np.shape(data(values)))} cannot be "
                f"broadcast to indexing result of shape {shape_text(out[key].shape)}"
            ) from None
        except IndexError as e:
            raise IndexError(index_error(a, key, e)) from None
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        grad, needs = grads[0], ctx._needs()
        g_self = g_values = None
        if needs[0]:  # torch's index_put of zeros: the overwritten elements pass no gradient to the old tensor
            if ctx.accumulate:
                g_self = grad
            else:
                g_self = zero_at(grad, ctx.key, F)
        if needs[1]:
            g_values = grad[ctx.key] if F is ARRAYS else getitem(grad, key_as_index(ctx.key))
        return g_self, g_values


def zero_at(grad, key, F=None):
    """torch's ``grad.index_put(indices, zeros_like(values))``: ``grad`` with zeros at ``key``, the overwritten
    elements passing no gradient to the old tensor (IndexPutBackward0 on Tensors)."""
    if F is ARRAYS:
        out = grad.copy()
        out[key] = 0
        return out
    return IndexPut.apply(grad, wrap(np.zeros((), grad._data.dtype)), key=key)


def setitem(t, key, value):
    """Mirror ``Tensor.__setitem__`` (torch's ``set_item``): ``t[key] = value`` writes through the view
    ``key`` selects (full slices and ``...`` select ``t`` itself) with ``copy_``, or ``fill_`` for one
    number; lists, masks and tensor indices write with ``index_put_``. The value must be a tensor or a number,
    as torch reads one (a Python number, numpy's float64 and integers; ``t[0] = [1., 2.]`` is torch's TypeError)."""
    if not isinstance(value, (Tensor, bool, int, float, np.integer)):
        raise TypeError(f"can't assign a {c_type_name(value)} to a {t.type()}")
    if key.__class__ is tuple and _wrote_one_element(t, key, value):
        return
    if key.__class__ is list:
        key = sequence_as_tuple(key)
    k = byte_masks_as_tensors(key if isinstance(key, tuple) else (key,))
    if len(k) == 1 and k[0].__class__ is list and np.asarray(k[0]).dtype == np.uint8:  # numpy uint8 numbers: a mask
        k = (Tensor._wrap(np.asarray(k[0])),)
    if len(k) == 1 and isinstance(k[0], Tensor) and k[0]._data.dtype == np.uint8 and (
            not isinstance(value, Tensor) or value.ndim == 0):  # torch's set_item: a mask and a number: masked_fill_
        raise RuntimeError("masked_fill_ only supports boolean masks, but got mask with dtype unsigned char")
    if any(is_advanced(x) for x in k):
        dst, npkey = select_integers(t, k) if mixes_integers(k) else (t, tuple(np_index(x) for x in k))
        if isinstance(value, Tensor) and value.dtype.category > t.dtype.category:
            raise RuntimeError(
                f"Index put requires the source and destination dtypes match, got {t.dtype.scalar_name} for "
                f"the destination and {value.dtype.scalar_name} for the source."
            )
        mask_and_one = (isinstance(value, Tensor) and value.numel() == 1 and len(npkey) == 1
                        and getattr(npkey[0], "dtype", None) == np.bool_)  # torch's masked_fill_, which reads it first
        apply_inplace(dst, lambda a, v: IndexPut.apply(a, v, key=npkey), value, overlap=None if mask_and_one else "any")
        return
    dst = basic_index(t, k, keep_full_slices=False)
    src = value if isinstance(value, Tensor) else wrap(scalar_as(value, t._data.dtype))
    if dst.shape == src.shape:
        apply_inplace(dst, Copy.apply, src)
    elif src.ndim == 0:
        apply_inplace(dst, FillTensor.apply, src, overlap=None)
    else:  # copy_ after expanding the value, whose leading 1s are dropped first
        shape = tuple(src.shape)
        while shape and shape[0] == 1:
            shape = shape[1:]
        src = src.view(shape)  # torch's copy_to views it even when no 1 is dropped (ViewBackward0)
        expanded = expanded_shape(src.shape, dst.shape, src.dtype)
        apply_inplace(dst, Copy.apply, src.expand(expanded) if expanded != tuple(src.shape) else src)


def _wrote_one_element(t, key, value):
    """``t[i, j] = value`` with an int for every dim, when autograd records nothing and no observer watches (the
    ``N[a, b] += 1`` of a counting loop, whose ``+=`` assigns the element to itself): the general path's write and
    version bump, without the Select views and ``copy_`` it makes on the way. False, having done nothing, where the
    general path must run (it also raises the errors)."""
    a = t._data
    if len(key) != a.ndim or not key or t.__class__ is not Tensor or observer.current is not None or t._vc.inference:
        return False
    for k, n in zip(key, a.shape):
        if k.__class__ is not int or not -n <= k < n:
            return False
    if value.__class__ is Tensor:
        if value._data.ndim or grad_mode._state.enabled and (t._requires_grad or value._requires_grad):
            return False
        src = value._data
    elif isinstance(value, Tensor) or grad_mode._state.enabled and t._requires_grad:  # a Parameter: as below
        return False
    else:
        src = scalar_as(value, a.dtype)  # its errors (1e10 into int32) as the general path raises them
    element = a[key + (Ellipsis,)]  # a 0-d view (a[key] would be a copy)
    if not a.flags.writeable or src.base is not None and np.may_share_memory(element, src) and (
            overlap_status(element, src) != "full"):  # fmt: skip
        return False
    token = quiet_on()  # a cast of nan or inf to an integer is silent, as in Copy.apply
    try:
        element[...] = src.astype(a.dtype)
    finally:
        quiet_off(token)
    bump_version(t)
    return True
