"""The reflect and replicate modes of ``F.pad`` as torch's ops: ``reflection_pad1d``/``2d``/``3d``
(ReflectionPad1D/2D/3DBackward0) and ``replication_pad1d``/``2d``/``3d`` (ReplicationPad1D/2D/3DBackward0). Each
output reads one input value (mirrored at the edge, or the edge repeated; a negative amount crops); the backward
adds each output's gradient to the value it read, output by output, and is an op of its own (what a second
derivative records)."""

import numpy as np

from ._util import as_saved_int, wrap
from .carriers import ARRAYS
from .op import Op


def source_indices(size, left, right, reflect):
    """For each output index along a dim of ``size`` padded by ``left`` and ``right``: the input index it reads."""
    src = np.arange(size + left + right) - left
    if reflect:
        src = np.abs(src)
        return np.where(src >= size, 2 * (size - 1) - src, src)
    return np.clip(src, 0, size - 1)


def _plane_index(shape, pad, reflect):
    """The flat index (into the padded dims of ``shape``) each output reads, over the padded dims."""
    dims = len(pad) // 2
    sizes = shape[-dims:]
    idx = [source_indices(sizes[dims - 1 - i], pad[2 * i], pad[2 * i + 1], reflect) for i in range(dims)][::-1]
    flat = idx[0]
    for size, i in zip(sizes[1:], idx[1:]):
        flat = flat[..., None] * size + i
    return flat


def pad_kernel(x, pad, reflect):
    """numpy: ``x`` padded (``pad``: left, right of the last dim, then of the one before)."""
    dims = len(pad) // 2
    index = _plane_index(x.shape, pad, reflect)
    flat = x.reshape(*x.shape[:-dims], int(np.prod(x.shape[-dims:])))
    return np.ascontiguousarray(flat[..., index])


def pad_backward_kernel(grad, shape, pad, reflect):
    """numpy: each output's gradient added to the input value it read, in output order."""
    dims = len(pad) // 2
    index = _plane_index(shape, pad, reflect).reshape(-1)
    lead = tuple(shape[:-dims])
    out = np.zeros((*lead, int(np.prod(shape[-dims:]))), dtype=grad.dtype)
    np.add.at(out, (..., index), grad.reshape(*lead, index.size))
    return out.reshape(shape)


def padded_op(self, op, padding, F=None):
    """``self`` padded (on Tensors, the op ``op``)."""
    if F is ARRAYS:
        return pad_kernel(self, padding, op.reflect)
    return op.apply(self, padding=padding)


def pad_backward(grad, self, op, padding, F=None):
    """The gradient of a padding's input (on Tensors, its backward op ``op``)."""
    if F is ARRAYS:
        return pad_backward_kernel(grad, self.shape, padding, op.reflect)
    return op.apply(grad, self, padding=padding)


def _ops(name, reflect):
    """The op of one padding and its backward's op."""

    class Forward(Op):
        __doc__ = f"result = self padded ({'mirrored at the edges' if reflect else 'the edge values repeated'})"
        node_name = f"{name}Backward0"
        formula = {"self": "pad_backward(grad, self, backward_op, padding)"}
        saved_names = ("self",)
        saved_values = {"padding": "saved_padding"}

        @staticmethod
        def forward(ctx, a, *, padding):
            ctx.padding, ctx.saved_padding, ctx.backward_op = tuple(padding), as_saved_int(padding), Backward
            ctx._save((a,))
            return wrap(pad_kernel(a._data, padding, reflect))

        @staticmethod
        def backward(ctx, grads, F):
            (a,) = ctx._values(F)
            return (pad_backward(grads[0], a, Backward, ctx.padding, F),)

    class Backward(Op):
        __doc__ = "result = the padding's backward of grad_output: each output's gradient added to the value it read"
        node_name = f"{name}BackwardBackward0"
        formula = {"grad_output": "padded_op(grad, forward_op, padding)", "self": "zeros_like(self)"}
        saved_values = {"padding": "saved_padding"}

        @staticmethod
        def forward(ctx, grad_output, a, *, padding):
            ctx.padding, ctx.saved_padding, ctx.forward_op = tuple(padding), as_saved_int(padding), Forward
            return wrap(pad_backward_kernel(grad_output._data, a.shape, padding, reflect))

        @staticmethod
        def backward(ctx, grads, F):
            needs = ctx._needs()
            shape, dtype = ctx._input_meta[1]
            return (
                padded_op(grads[0], Forward, ctx.padding, F) if needs[0] else None,
                F.constant(np.zeros(shape, dtype)) if needs[1] else None,
            )

    Forward.reflect = Backward.reflect = reflect
    Forward.__name__ = Forward.__qualname__ = name
    Backward.__name__ = Backward.__qualname__ = f"{name}Backward"
    return Forward, Backward


ReflectionPad1D, ReflectionPad1DBackward = _ops("ReflectionPad1D", True)
ReflectionPad2D, ReflectionPad2DBackward = _ops("ReflectionPad2D", True)
ReplicationPad1D, ReplicationPad1DBackward = _ops("ReplicationPad1D", False)
ReplicationPad2D, ReplicationPad2DBackward = _ops("ReplicationPad2D", False)
ReflectionPad3D, ReflectionPad3DBackward = _ops("ReflectionPad3D", True)
ReplicationPad3D, ReplicationPad3DBackward = _ops("ReplicationPad3D", False)
