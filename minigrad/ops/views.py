"""In-place changes that go through views, as torch's autograd records them.

A view shares its base's memory and version counter, and remembers how it was made (``ViewInfo.chain``),
so it can be made again from the base (torch's "view replay"). Two things follow an in-place change:

* written **through a view** ``v`` of ``base`` (``y[0:2].mul_(2)``, ``y[0] = 5``): the op's node ``fn``
  (``MulBackward0``) is wrapped in a :class:`CopySlices` that becomes ``base.grad_fn``. Its backward gives
  the base's gradient with the view's region replaced by what ``fn`` computes for it;
* **any** in-place change to a storage (through the base, a view, a detached alias, even under no_grad):
  every live view of it whose base takes part in autograd gets a new ``grad_fn``, an
  ``AsStridedBackward0`` leading to the base's current node (:func:`bump_version`). torch makes these
  lazily, when ``grad_fn`` is next read; minigrad makes them at once, so their sequence numbers (the
  engine's order among ready nodes) can come earlier than torch's.
"""

import numpy as np

from ..autograd import grad_mode
from ..autograd.engine import validate
from ..autograd.graph import Node, next_sequence_nr
from ..size import shape_text
from ..storage import positions, storage_bytes, strided_view
from ..tensor import Tensor
from ._util import wrap
from .op import Op
from .shape import View, _as_view


def view_dtype(input, dtype):
    """Mirror ``Tensor.view(dtype)``: the same bytes read as ``dtype`` (Python's ``float``, ``int`` and ``bool``
    stand for float64, int64 and bool), sharing ``input``'s memory and version counter. Of another element size,
    the last dim holds more or fewer elements, after torch's checks (``view_dtype`` in ATen). Never differentiable
    and no view for autograd, as in torch (its result does not require grad, and has no ``_base``)."""
    from ..arguments import dtype_argument

    dtype = dtype_argument("view", dtype, position=1, optional=False)
    old, new = input.dtype.itemsize, dtype.itemsize
    if old != new:
        what = f"to view {input.dtype.scalar_name} as {dtype.scalar_name} (different element sizes)"
        if input.ndim == 0:
            raise RuntimeError(f"self.dim() cannot be 0 {what}")
        ratio = max(old, new) // min(old, new)
        if new > old and input.shape[-1] % ratio:
            raise RuntimeError(f"self.size(-1) must be divisible by {ratio} {what}, but got {input.shape[-1]}")
        strides = input.stride()
        if strides[-1] != 1:
            raise RuntimeError(f"self.stride(-1) must be 1 {what}, but got {strides[-1]}")
        if new > old:
            offset = input.storage_offset()
            if offset % ratio:
                raise RuntimeError(f"self.storage_offset() must be divisible by {ratio} {what}, but got {offset}")
            for dim, stride in enumerate(strides[:-1]):
                if stride % ratio:
                    raise RuntimeError(f"self.stride({dim}) must be divisible by {ratio} {what}, but got {stride}")
    return Tensor._wrap(input._data.view(dtype.np), vc=input._vc)


def replay(chain, t, copies=True):
    """Make the view described by ``chain`` from ``t`` (a Tensor shaped like the view's base), with the same
    ops, so that it is differentiable when a graph is being recorded. A ``view`` step that cannot view ``t``'s
    layout (the base was transposed in place, ``t_()``, after the view was made) takes a contiguous copy, unless
    ``copies`` is False: then it raises, as the result must share ``t``'s memory."""
    for op, params, nr in chain:
        if copies and issubclass(op, View) and _as_view(t._data, params["shape"]) is None:
            t = t.contiguous()
        elif op is AsStridedView and not _whole_storage(t._data):  # its geometry is one of a base's whole storage
            if not copies:
                raise RuntimeError("as_strided needs a tensor laid out as its storage")
            t = t.clone()
        t = op.apply(t, **params)
        if type(t) is tuple:
            t = t[nr]
    return t


def _whole_storage(array):
    """Whether ``array`` is C-contiguous and spans the whole of its storage from its start (as a fresh base is)."""
    return array.flags.c_contiguous and storage_bytes(array).ctypes.data == array.ctypes.data and \
        storage_bytes(array).nbytes == array.nbytes


def _write_view(chain, array, values, accumulate=False):
    """Write ``values`` into the region of ``array`` that the view ``chain`` makes of it (add them, an element that
    the view reaches more than once getting each, if ``accumulate``)."""
    if accumulate:
        where = replay(chain, Tensor._wrap(np.arange(array.size).reshape(array.shape)))._data
        np.add.at(array.reshape(-1), where, values)  # array is a fresh C-contiguous copy
        return
    try:
        region = replay(chain, Tensor._wrap(array), copies=False)._data
    except RuntimeError:  # no view of this layout: find the region's elements by their flat positions instead
        where = replay(chain, Tensor._wrap(np.arange(array.size).reshape(array.shape)))._data
        array.reshape(-1)[where] = values  # array is a fresh C-contiguous copy: reshape(-1) shares its memory
        return
    region[...] = values


def bump_version(t):
    """Count one in-place change to ``t``'s storage, and give each live view of that storage whose base
    takes part in autograd the ``grad_fn`` torch gives a view after its base changed."""
    vc = t._vc
    vc.bump()
    if vc.views:
        remake_views(vc)


def remake_views(vc):
    """Give each live view of the storage counted by ``vc`` whose base takes part in autograd the ``grad_fn`` torch
    gives a view after its base changed: an ``AsStridedBackward0`` over the base's new history, or, for a view torch
    cannot remake (one of several outputs, or made in no_grad mode), an :class:`Invalid` node."""
    refs = vc.views
    views = [r() for r in refs]
    refs[:] = [r for r, view in zip(refs, views) if view is not None]  # forget the views that died
    for view in views:
        if view is None:
            continue
        base = view._base
        if base.grad_fn is not None or base._requires_grad:
            info = view._view
            if info.multi_output or info.no_grad:
                view._rebase_history(Invalid(view_error(view, "its base or another view of its base has been")), 0)
            else:
                view._rebase_history(AsStridedBackward0(view, base), 0)


_MULTI_OUTPUT = ("This view is the output of a function that returns multiple views. Such functions do not allow "
                 "the output views to be modified inplace. You should replace the inplace operation by an "
                 "out-of-place one.")  # fmt: skip
_NO_GRAD = ("Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by "
            "moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace "
            "to be tracked) or both outside (if you want the inplace to be tracked).")  # fmt: skip


def view_error(view, changed):
    """torch's RuntimeError for an in-place change to a view of one of several outputs (``unbind``, ``split``) or one
    made in no_grad mode, or to its base: ``changed`` is "is being" (the view itself) or "its base or another view
    of its base has been"."""
    info = view._view
    if info.multi_output:
        op, _, nr = info.chain[-1]
        return RuntimeError(f"Output {nr} of {op._node_type()._op_text()} is a view and {changed} modified inplace. "
                            f"{_MULTI_OUTPUT}")  # fmt: skip
    return RuntimeError(f"A view was created in no_grad mode and {changed} modified inplace with grad mode enabled. "
                        f"{_NO_GRAD}")  # fmt: skip


class Invalid(Node):
    """The ``grad_fn`` of a view whose base changed in place when torch cannot remake the view's history: torch
    raises ``view_error`` when the view's ``grad_fn`` is read (its repr shows ``grad_fn=<Invalid>``); minigrad, whose
    ``grad_fn`` is a plain attribute, raises it when backward reaches the view, or reads what it saved."""

    __module__ = "builtins"

    def __init__(self, view_error):
        self.view_error = view_error
        self._seq_nr = next_sequence_nr()

    def _backward(self, grads):
        raise self.view_error


class AsStridedBackward0(Node):
    """A view's node after its base changed in place: its gradient goes into the base's region it covers.
    ``_saved_size``, ``_saved_stride`` and ``_saved_storage_offset`` describe the view in the base's memory."""

    __module__ = "builtins"  # a C++ type in torch

    def __init__(self, view, base):
        self.chain = view._view.chain
        self.next_functions = (base._edge(),)
        self._input_meta = ((base._data.shape, base._data.dtype),)
        self._seq_nr = next_sequence_nr()
        self._saved_size, self._saved_stride, self._saved_storage_offset = geometry(view, base)
        self._base_stride = base.stride()

    def _backward(self, grads):
        shape, dtype = self._input_meta[0]
        overlaps = _may_overlap(self._saved_size, self._saved_stride)  # expand, unfold: shared elements add up
        if grad_mode._state.enabled and not overlaps:  # a graph of the backward is recorded: torch's ops
            geometry_in = (shape, self._base_stride)
            out = (self._saved_size, self._saved_stride, self._saved_storage_offset)
            return (as_strided_backward(grads[0], geometry_in, self.chain, out),)
        return (ViewScatter.apply(wrap(np.zeros(shape, dtype)), grads[0], chain=self.chain, accumulate=overlaps),)


def geometry(view, base):
    """The view's sizes, strides and storage offset from its base's start, as torch's ``TensorGeometry`` keeps
    them."""
    start = view._data.__array_interface__["data"][0] - base._data.__array_interface__["data"][0]
    return tuple(view._data.shape), view.stride(), start // view._data.itemsize


def as_strided_backward(grad, geometry_in, chain, geometry_out):
    """torch's ``as_strided_backward`` for a view (``chain``, ``geometry_out``) that reaches no element twice, on
    Tensors: the view's size-1 dims squeezed from ``grad`` (SqueezeBackward1), ``grad`` copied into that view of
    zeros laid out like the input (CopySlices), the input's geometry (``geometry_in``) taken of the result
    (AsStridedBackward0)."""
    shape, stride = geometry_in
    sizes, strides, offset = geometry_out
    if 0 in sizes:
        return Tensor._wrap(np.zeros(shape, grad._data.dtype))
    for i in reversed(range(len(sizes))):
        if sizes[i] == 1:
            grad = grad.squeeze(i)
    kept = [i for i, n in enumerate(sizes) if n != 1]
    storage = Tensor._wrap(np.zeros(shape, grad._data.dtype))
    squeezed = (tuple(sizes[i] for i in kept), tuple(strides[i] for i in kept), offset)
    as_strided(storage, chain, squeezed, shape).copy_(grad)
    return as_strided(storage, (), (tuple(shape), tuple(stride), 0), shape)


def as_strided(t, chain, geometry_out, base_shape):
    """``t.as_strided(*geometry_out)`` for ``t`` laid out like a view's base: the region the view ``chain`` makes
    of it (AsStridedBackward0)."""
    sizes, strides, offset = geometry_out
    return AsStrided.apply(t, chain=chain, size=sizes, stride=strides, storage_offset=offset, base_shape=base_shape)


class AsStrided(Op):
    """result = self.as_strided(size, stride, storage_offset) for ``self`` laid out like a view's base: the views
    torch takes of a gradient in CopySlices and as_strided_backward (minigrad finds the region by replaying the
    view's ``chain``, then drops the size-1 dims that ``size`` leaves out)"""

    node_name = "AsStridedBackward0"
    formula = {"self": "as_strided_backward(grad, (base_shape, base_stride), chain, (size, stride, storage_offset))"}
    saved_values = {"size": "size", "storage_offset": "storage_offset", "stride": "stride"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, chain, size, stride, storage_offset, base_shape):
        ctx.chain, ctx.size, ctx.stride, ctx.storage_offset = chain, tuple(size), tuple(stride), storage_offset
        ctx.base_shape, ctx.base_stride = tuple(base_shape), a.stride()
        region = replay(chain, Tensor._wrap(a._data), copies=False)._data if chain else a._data
        return wrap(region.reshape(ctx.size))

    @staticmethod
    def backward(ctx, grad):
        geometry_out = (ctx.size, ctx.stride, ctx.storage_offset)
        return (as_strided_backward(grad, (ctx.base_shape, ctx.base_stride), ctx.chain, geometry_out),)


def _may_overlap(sizes, strides):
    """Whether a view of these sizes and strides may reach one element twice: unless, dims sorted by stride, each
    stride is past the span of the smaller ones."""
    span = 0
    for stride, n in sorted((abs(s), n) for s, n in zip(strides, sizes) if n > 1):
        if stride <= span:
            return True
        span += stride * (n - 1)
    return False


class CopySlices(Node):
    """Mirror torch's ``CopySlices``: the node of a base written through one of its views. ``fn`` is the
    node of the in-place op on the view; the edges are the base's previous one, then ``fn``'s others."""

    __module__ = "builtins"  # a C++ type in torch

    def __init__(self, base, view, fn):
        self.fn, self.chain = fn, view._view.chain
        self.next_functions = (base._edge(),) + fn.next_functions[1:]
        self._input_meta = ((base._data.shape, base._data.dtype),) + fn._input_meta[1:]
        self._seq_nr = next_sequence_nr()
        self._view_geometry = geometry(view, base)

    def name(self):
        """Mirror ``CopySlices.name()``."""
        return "torch::autograd::CopySlices"

    _op_text = name  # torch's version-counter error names it in full

    def _backward(self, grads):
        grad = grads[0]
        if grad_mode._state.enabled:  # a graph of the backward is recorded: torch's ops
            return self._backward_recorded(grad)
        region = validate(self.fn, self.fn._backward([replay(self.chain, grad)]))
        first = region[0] if region[0] is not None else replay(self.chain, grad) * 0
        return (ViewScatter.apply(grad, first, chain=self.chain),) + tuple(region[1:])

    def _backward_recorded(self, grad):
        """torch's ``CopySlices::apply``: ``grad`` copied into a tensor laid out like the base (CopyBackwards), the
        view's region of it cloned for ``fn``, whose gradient for the view is copied back into that region (a
        CopySlices of CopyBackwards); the base gets nothing if ``fn`` gave nothing for the view."""
        shape, dtype = self._input_meta[0]
        result = Tensor._wrap(np.empty(shape, dtype))
        result.copy_(grad)
        region = as_strided(result, self.chain, self._view_geometry, shape)
        res = validate(self.fn, self.fn._backward([region.clone()]))
        first = None
        if res[0] is not None:
            region.copy_(res[0])
            first = result
        return (first,) + tuple(res[1:])

    def _release(self):
        self.fn._release()


class ViewScatter(Op):
    """result = self with the region a view covers replaced by src (the backward of writes into views)"""

    node_name = "AsStridedScatterBackward0"
    formula = {"self": "view_zeroed(grad, chain)", "src": "replay(chain, grad)"}

    @staticmethod
    def forward(ctx, a, src, *, chain, accumulate=False):
        ctx.chain = chain
        out = a._data.copy()
        _write_view(chain, out, src._data, accumulate)
        return wrap(out)

    @staticmethod
    def backward(ctx, grad):
        return view_zeroed(grad, ctx.chain), replay(ctx.chain, grad)


def view_zeroed(grad, chain):
    """``grad`` with the region the view ``chain`` covers set to zero."""
    return ViewScatter.apply(grad, replay(chain, grad) * 0, chain=chain)


class AsStridedView(Op):
    """result = self.as_strided(size, stride, storage_offset): the elements of self's storage at those positions
    (storage_offset None: self's own)"""

    node_name = "AsStridedBackward0"
    formula = {"self": "strided_gradient(grad, (size, stride, offset), self_geometry, average=True)"}
    saved_values = {"size": "size", "stride": "stride", "storage_offset": "given_offset"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, size, stride, storage_offset=None):
        ctx.size, ctx.stride, ctx.given_offset = tuple(size), tuple(stride), storage_offset
        ctx.self_geometry = (a._data.shape, a.stride(), a.storage_offset())
        ctx.offset = ctx.self_geometry[2] if storage_offset is None else storage_offset
        return wrap(strided_view(a._data, ctx.size, ctx.stride, ctx.offset))

    @staticmethod
    def backward(ctx, grad):
        return (strided_gradient(grad, (ctx.size, ctx.stride, ctx.offset), ctx.self_geometry, average=True),)


class AsStridedScatter(Op):
    """result = a copy of self (laid out like it) whose elements at the storage positions (size, stride,
    storage_offset) are src's"""

    node_name = "AsStridedScatterBackward0"
    # torch's as_strided_scatter_backward keeps grad where src went, not elsewhere (so does minigrad, to match)
    formula = {"self": "grad * strided_mask(grad, size, stride, offset)",
               "src": "strided_gradient(grad, layout, (size, stride, offset))"}
    saved_values = {"size": "size", "stride": "stride", "storage_offset": "given_offset"}

    @staticmethod
    def forward(ctx, a, src, *, size, stride, storage_offset=None):
        ctx.size, ctx.stride, ctx.given_offset = tuple(size), tuple(stride), storage_offset
        ctx.offset = 0 if storage_offset is None else storage_offset
        out = a._data.copy(order="K")
        region = strided_view(out, ctx.size, ctx.stride, ctx.offset)
        if region.shape != src._data.shape:
            raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                               f"{shape_text(src._data.shape)}, slice size = {shape_text(region.shape)}")
        region[...] = src._data
        result = wrap(out)
        ctx.layout = (out.shape, result.stride(), 0)
        return result

    @staticmethod
    def backward(ctx, grad):
        src = strided_gradient(grad, ctx.layout, (ctx.size, ctx.stride, ctx.offset))
        return grad * strided_mask(grad, ctx.size, ctx.stride, ctx.offset), src


def strided_mask(grad, size, stride, offset):
    """A tensor laid out like ``grad``'s contiguous form: 1 where ``as_strided(size, stride, offset)`` reads, else 0."""
    covered = np.zeros(grad._data.shape, grad._data.dtype)
    strided_view(covered, size, stride, offset)[...] = 1
    return Tensor._wrap(covered)


def strided_gradient(grad, geometry_from, geometry_to, average=False):
    """torch's ``as_strided_backward`` on Tensors: ``grad``, laid out in a storage as ``geometry_from`` (sizes, strides,
    storage offset) says, read back as ``geometry_to`` does, elements at one position adding up; ``average``:
    each read of a position that ``geometry_to`` reaches n times gets 1/n of it."""
    source, target = positions(*geometry_from), positions(*geometry_to)
    weights = None
    if average and _may_overlap(geometry_to[0], geometry_to[1]):
        weights = 1 / np.bincount(target.ravel())[target]
    return strided_transfer(grad, source, target, None, weights)


def strided_transfer(grad, source, target, before, after):
    """:class:`StridedTransfer` of ``grad`` from the positions ``source`` to ``target``."""
    return StridedTransfer.apply(grad, source=source, target=target, before=before, after=after)


class StridedTransfer(Op):
    """result[i] = after[i] * (the sum of before[j] * grad[j] over the j with source[j] == target[i]): a gradient
    moved between two geometries of one storage (linear; its backward is the transfer back)"""

    node_name = "AsStridedBackward0"  # torch's as_strided_backward ends with an as_strided of the input's geometry
    formula = {"grad": "strided_transfer(grad, target, source, after, before)"}

    @staticmethod
    def forward(ctx, g, *, source, target, before, after):
        ctx.source, ctx.target, ctx.before, ctx.after = source, target, before, after
        values = g._data if before is None else g._data * before
        length = max(source.max(initial=-1), target.max(initial=-1)) + 1
        memory = np.zeros(length, g._data.dtype)
        np.add.at(memory, source.ravel(), np.broadcast_to(values, source.shape).ravel())
        out = memory[target]
        if after is not None:
            out = (out * after).astype(g._data.dtype)
        return wrap(out)

    @staticmethod
    def backward(ctx, grad):
        return (strided_transfer(grad, ctx.target, ctx.source, ctx.after, ctx.before),)
