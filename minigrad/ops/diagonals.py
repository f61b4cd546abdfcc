"""A tensor's diagonals: ``diagonal`` (a view), ``diag`` (a copy of a matrix's diagonal, or a vector laid on
one) and ``trace``; their backward lays the gradient on the diagonal of zeros (``diagonal_backward``, itself a
differentiable op after ``create_graph=True``). Formulas are derivatives.yaml's."""

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ..tensor import Tensor
from ._util import as_saved_int, not_implemented, wrap
from .carriers import ARRAYS, TENSORS
from .op import Op


def diagonal_view(x, offset, dim1, dim2):
    """The diagonal of array ``x`` as torch's ``diagonal`` has it (the diagonal last, ``offset`` above the main one
    when positive), as a writable view: writing into it writes into ``x``."""
    y = np.moveaxis(x, (dim1, dim2), (-2, -1))
    y = y[..., :, offset:] if offset >= 0 else y[..., -offset:, :]
    n = max(min(y.shape[-2], y.shape[-1]), 0)
    return as_strided(y, y.shape[:-2] + (n,), y.strides[:-2] + (y.strides[-2] + y.strides[-1],))


def diagonal_backward(grad, sizes, offset, dim1, dim2, F=None):
    """torch's ``diagonal_backward``: zeros of ``sizes`` with ``grad`` on their diagonal (on carrier ``F``; on
    Tensors, the differentiable :class:`DiagonalBackward`)."""
    if F is ARRAYS:
        out = np.zeros(sizes, dtype=grad.dtype)
        diagonal_view(out, offset, dim1, dim2)[...] = grad
        return out
    return DiagonalBackward.apply(grad, sizes=tuple(sizes), offset=offset, dim1=dim1, dim2=dim2)


def trace_backward(grad, sizes, F=None):
    """torch's ``trace_backward``: the gradient of a matrix's trace, ``grad`` on its main diagonal; on Tensors,
    torch's ``zeros(rows * cols).index_fill_(0, <the diagonal's flat positions>, grad).view(sizes)``."""
    n = min(sizes)
    if F is TENSORS:
        from .selection_more import IndexFillTensor  # it imports this module

        flat = Tensor._wrap(np.zeros(sizes[0] * sizes[1], grad._data.dtype))
        diagonal = Tensor._wrap(np.arange(0, n * (sizes[1] + 1), sizes[1] + 1))
        return IndexFillTensor.apply(flat, grad, dim=0, index=diagonal).view(sizes)
    return diagonal_backward(grad.expand(n) if F is None else F.expand(grad, (n,)), sizes, 0, 0, 1, F)


def _dims(ctx, a, offset, dim1, dim2):
    """Keep ``diagonal``'s arguments on ``ctx``, as given (torch's ``_saved_*``) and as positive dims; torch's
    error for a diagonal of two equal dims."""
    ctx.offset, ctx.dim1, ctx.dim2 = offset, a._wrap_dim(dim1), a._wrap_dim(dim2)
    ctx.saved_offset, ctx.saved_dim1, ctx.saved_dim2 = as_saved_int(offset), as_saved_int(dim1), as_saved_int(dim2)
    ctx.self_sym_sizes = tuple(a.shape)
    if ctx.dim1 == ctx.dim2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")


class Diagonal(Op):
    """result = the diagonal of self over dims dim1 and dim2, ``offset`` above the main one (a view)"""

    node_name = "DiagonalBackward0"
    formula = {"self": "diagonal_backward(grad, self_sym_sizes, offset, dim1, dim2)"}
    saved_values = {"dim1": "saved_dim1", "dim2": "saved_dim2", "offset": "saved_offset",
                    "self_sym_sizes": "self_sym_sizes"}  # fmt: skip
    is_view = True

    @staticmethod
    def forward(ctx, a, *, offset, dim1, dim2):
        _dims(ctx, a, offset, dim1, dim2)
        return wrap(diagonal_view(a._data, offset, ctx.dim1, ctx.dim2))

    @staticmethod
    def backward(ctx, grads, F):
        return (diagonal_backward(grads[0], ctx.self_sym_sizes, ctx.offset, ctx.dim1, ctx.dim2, F),)


class DiagonalCopy(Diagonal):
    """result = the diagonal of a matrix, ``offset`` above the main one, as a new tensor (``torch.diag``)"""

    node_name = "DiagonalBackward0_copy"
    is_view = False

    @staticmethod
    def forward(ctx, a, *, offset, dim1, dim2):
        _dims(ctx, a, offset, dim1, dim2)
        return wrap(diagonal_view(a._data, offset, ctx.dim1, ctx.dim2).copy())


class DiagonalBackward(Op):
    """diagonal's backward as a differentiable op (seen after ``create_graph=True``)"""

    node_name = "DiagonalBackwardBackward0"
    formula = {"grad_output": "grad.diagonal(offset, dim1, dim2)"}
    saved_values = {"dim1": "dim1", "dim2": "dim2", "offset": "offset"}  # the dims made positive (torch: as given)

    @staticmethod
    def forward(ctx, grad_output, *, sizes, offset, dim1, dim2):
        ctx.offset, ctx.dim1, ctx.dim2 = offset, dim1, dim2
        return wrap(diagonal_backward(grad_output._data, sizes, offset, dim1, dim2, ARRAYS))


class DiagEmbed(Op):
    """result = a square matrix of zeros with self on its diagonal, ``offset`` above the main one (``torch.diag`` of
    a vector)"""

    node_name = "DiagEmbedBackward0"
    formula = {"self": "grad.diagonal(offset, dim1, dim2)"}
    saved_values = {"dim1": "saved_dim1", "dim2": "saved_dim2", "offset": "saved_offset"}

    @staticmethod
    def forward(ctx, a, *, offset):
        ctx.offset, ctx.dim1, ctx.dim2 = offset, 0, 1
        ctx.saved_offset, ctx.saved_dim1, ctx.saved_dim2 = as_saved_int(offset), as_saved_int(-2), as_saved_int(-1)
        n = a.shape[0] + abs(offset)
        return wrap(diagonal_backward(a._data, (n, n), offset, 0, 1, ARRAYS))


class DiagEmbedDims(DiagEmbed):
    """result = zeros with the last dim of self on the diagonal over dims dim1 and dim2 of the result, ``offset``
    above the main one (``torch.diag_embed``)"""

    @staticmethod
    def forward(ctx, a, *, offset, dim1, dim2):
        ndim = a.ndim + 1
        ctx.offset, ctx.dim1, ctx.dim2 = offset, a._wrap_dim(dim1, ndim), a._wrap_dim(dim2, ndim)
        ctx.saved_offset, ctx.saved_dim1, ctx.saved_dim2 = as_saved_int(offset), as_saved_int(dim1), as_saved_int(dim2)
        if ctx.dim1 == ctx.dim2:
            raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
        n = a.shape[-1] + abs(offset)
        rest = iter(a.shape[:-1])
        sizes = tuple(n if d in (ctx.dim1, ctx.dim2) else next(rest) for d in range(ndim))
        return wrap(diagonal_backward(a._data, sizes, offset, ctx.dim1, ctx.dim2, ARRAYS))


class Trace(Op):
    """result = the sum of the main diagonal of a matrix"""

    node_name = "TraceBackward0"
    formula = {"self": "trace_backward(grad, self_sym_sizes)"}
    saved_values = {"self_sym_sizes": "self_sym_sizes"}

    @staticmethod
    def forward(ctx, a):
        if a.ndim != 2:
            raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {a.ndim}")
        ctx.self_sym_sizes = tuple(a.shape)
        x = a._data
        if x.dtype.kind in "biu":
            if x.dtype.kind == "b":
                raise not_implemented("trace", a.dtype)
            return wrap(np.asarray(np.trace(x, dtype=np.int64)))
        return wrap(np.asarray(np.trace(x, dtype=x.dtype)))

    @staticmethod
    def backward(ctx, grads, F):
        return (trace_backward(grads[0], ctx.self_sym_sizes, F),)
