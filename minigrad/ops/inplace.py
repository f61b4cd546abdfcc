"""In-place ops (``add_``, ``x += y``, ``x[mask] = 0``, ...) and the version counter.

An in-place op changes the tensor's memory, bumps its ``_version`` and, when
a graph is being recorded, makes the tensor's ``grad_fn`` the node of the
op, whose input is the tensor's old history (torch's "rebase_history").
Tensors saved for backward remember their version, so the engine notices if
one was changed after being saved.
"""

import numpy as np

from .. import dtypes
from ..autograd import grad_mode
from ..size import shape_text
from ..tensor import Tensor
from ._util import data, wrap
from .indexing import getitem, is_advanced, np_index
from .op import Op
from .shape import expanded_shape


def check_inplace(t):
    """torch's checks before writing into ``t``."""
    if grad_mode._state.enabled and t._requires_grad:
        if t.grad_fn is None:
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
        base = t._base
        if base is not None and base.grad_fn is None and base._requires_grad:
            raise RuntimeError(
                "a view of a leaf Variable that requires grad is being used in an in-place operation."
            )
    if not t._data.flags.writeable:
        raise RuntimeError(
            "unsupported operation: more than one element of the written-to tensor refers to a single memory "
            "location. Please clone() the tensor before performing the operation."
        )


def _store(t, out):
    """Write an op's result into ``t``'s own memory (views of ``t`` see it) and bump the version."""
    if out.shape != t.shape:
        raise RuntimeError(
            f"output with shape {shape_text(t.shape)} doesn't match the broadcast shape {shape_text(out.shape)}"
        )
    if out.dtype.category > t.dtype.category:
        raise RuntimeError(
            f"result type {out.dtype.scalar_name} can't be cast to the desired output type {t.dtype.scalar_name}"
        )
    t._data[...] = out._data
    t._vc.value += 1


def apply_inplace(t, compute, *operands):
    """Run ``compute(t, *operands)`` (an out-of-place op) and store its result in ``t``."""
    check_inplace(t)
    if not grad_mode._state.enabled or not (
        t._requires_grad or any(isinstance(o, Tensor) and o._requires_grad for o in operands)
    ):
        with grad_mode.no_grad():
            _store(t, compute(t, *operands))
        return t
    if t._base is not None and (t._base._requires_grad or t._requires_grad):
        raise RuntimeError(
            "minigrad does not support in-place operations on a view of a tensor that is part of a graph "
            "(PyTorch records a CopySlices node here). Use an out-of-place operation instead, "
            "e.g. `y = y * 2` rather than `y[0].mul_(2)`."
        )
    # The op sees a snapshot of t's old value, so what it saves is not changed by the write below.
    old = Tensor._wrap(t._data.copy(), grad_fn=t.grad_fn)
    old._requires_grad, old._output_nr = t._requires_grad, t._output_nr
    out = compute(old, *operands)
    _store(t, out)
    t.grad_fn, t._output_nr, t._requires_grad = out.grad_fn, out._output_nr, out._requires_grad
    return t


class Zero(Op):
    """self.zero_(): every element becomes 0, so no gradient flows to the old value"""

    node_name = "ZeroBackward0"
    formula = {"self": "grad * 0"}

    @staticmethod
    def forward(ctx, a):
        return wrap(np.zeros_like(a._data))

    @staticmethod
    def backward(ctx, grad):
        return (grad * 0,)


class Fill(Op):
    """self.fill_(value): every element becomes ``value``"""

    node_name = "FillBackward2"
    formula = {"self": "grad * 0"}

    @staticmethod
    def forward(ctx, a, *, value):
        return wrap(np.full_like(a._data, data(value)))

    @staticmethod
    def backward(ctx, grad):
        return (grad * 0,)


class Copy(Op):
    """self.copy_(src): self takes src's values (broadcast to self's shape)"""

    node_name = "torch::autograd::CopyBackwards"
    formula = {"self": "grad * 0", "src": "grad"}

    @staticmethod
    def forward(ctx, a, src):
        try:
            return wrap(np.broadcast_to(src._data, a.shape).astype(a._data.dtype))
        except ValueError:
            raise RuntimeError(
                f"The size of tensor a ({a.shape[-1] if a.ndim else 1}) must match the size of tensor b "
                f"({src.shape[-1] if src.ndim else 1}) at non-singleton dimension {max(a.ndim - 1, 0)}"
            ) from None

    @staticmethod
    def backward(ctx, grad):
        return grad * 0, grad


class IndexPut(Op):
    """self[key] = values: the indexed elements are replaced"""

    node_name = "IndexPutBackward0"
    formula = {"self": "zero_at(grad, key)", "values": "grad[key]"}

    @staticmethod
    def forward(ctx, a, values, *, key):
        ctx.key = key
        out = a._data.copy()
        try:
            out[key] = data(values)
        except ValueError:
            raise RuntimeError(
                f"shape mismatch: value tensor of shape {shape_text(np.shape(data(values)))} cannot be "
                f"broadcast to indexing result of shape {shape_text(out[key].shape)}"
            ) from None
        return wrap(out)

    @staticmethod
    def backward(ctx, grad):
        gv = getitem(grad, _as_index(ctx.key)) if ctx._needs()[1] else None
        return zero_at(grad, ctx.key), gv


class SliceAssign(IndexPut):
    """self[i] = values or self[a:b] = values: written through a view of self"""

    node_name = "torch::autograd::CopySlices"


def zero_at(grad, key):
    """``grad`` with zeros at ``key``: the overwritten elements pass no gradient back to the old tensor."""
    keep = np.ones(grad.shape, dtype=bool)
    keep[key] = False
    return grad * wrap(keep)


def _as_index(key):
    return tuple(Tensor._wrap(k) if isinstance(k, np.ndarray) else k for k in key)


def _same_memory(a, b):
    return a.shape == b.shape and a.strides == b.strides and a.ctypes.data == b.ctypes.data


def setitem(t, key, value):
    """Mirror ``Tensor.__setitem__``: ``t[key] = value`` as an in-place op."""
    k = key if isinstance(key, tuple) else (key,)
    advanced = any(is_advanced(x) for x in k)
    npkey = tuple(np_index(x) for x in k)
    if not advanced:  # torch writes through a view of t (select/slice) with copy_
        target = t._data[npkey]
        if grad_mode._state.enabled and t._requires_grad and t.grad_fn is None and not _same_memory(target, t._data):
            raise RuntimeError("a view of a leaf Variable that requires grad is being used in an in-place operation.")
        shape = np.shape(data(value))
        while len(shape) > len(target.shape) and shape[0] == 1:  # copy_ drops leading 1s
            shape = shape[1:]
        expanded_shape(shape, target.shape, value.dtype if isinstance(value, Tensor) else dtypes.float32)
    elif isinstance(value, Tensor) and value.dtype.category > t.dtype.category:
        raise RuntimeError(
            f"Index put requires the source and destination dtypes match, got {t.dtype.scalar_name} for "
            f"the destination and {value.dtype.scalar_name} for the source."
        )
    op = IndexPut if advanced else SliceAssign
    apply_inplace(t, lambda a, v: op.apply(a, v, key=npkey), value)
