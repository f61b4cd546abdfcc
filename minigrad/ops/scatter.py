"""``scatter``: write a value at the positions an index tensor gives along a dim (``self[index[i][j]][j] = value``
for dim 0), as the Learn-the-Basics transforms do to make one-hot targets."""

import numpy as np

from ..size import shape_text
from ..tensor import Tensor
from ._util import wrap
from .carriers import TENSORS
from .op import IndexingOp


def index_positions(op, a, dim, index):
    """The numpy index of the elements of ``a`` that ``scatter`` writes or ``gather`` reads (``op`` says which)
    along ``dim`` at ``index``, after torch's checks (``self[index[i][j]][j]`` for dim 0)."""
    if index.dtype.category != 1:
        raise RuntimeError(f"{op}(): Expected dtype int32/int64 for index")
    idx = index._data.reshape(1) if index.ndim == 0 and a.ndim <= 1 else index._data
    if idx.ndim != max(a.ndim, 1):
        raise RuntimeError(
            f"Index tensor must have the same number of dimensions as {'self' if op == 'scatter' else 'input'} tensor"
        )
    shape = a.shape if a.ndim else (1,)
    for d, (i, s) in enumerate(zip(idx.shape, shape)):
        if d != dim and i > s:
            where = "Expected" if op == "scatter" else f"Size does not match at dimension {d} expected"
            raise RuntimeError(
                f"{where} index {shape_text(idx.shape)} to be no larger than self {shape_text(shape)} apart from "
                f"dimension {dim}"
            )
    bad = (idx < 0) | (idx >= shape[dim])
    if bad.any():
        raise RuntimeError(f"index {int(idx[bad][0])} is out of bounds for dimension {dim} with size {shape[dim]}")
    grid = list(np.indices(idx.shape, sparse=True))
    grid[dim] = idx
    return tuple(grid)


class ScatterValue(IndexingOp):
    """result = self with ``value`` written at ``index`` along ``dim``"""

    node_name = "ScatterBackward1"
    formula = {"self": "grad.scatter(dim, index, 0)"}
    saved_values = {"dim": "dim", "index": "index"}

    @staticmethod
    def forward(ctx, a, *, dim, index, value):
        ctx.dim, ctx.index = a._wrap_dim(dim), index
        ctx._keep_indices(index)
        out = a._data.copy().reshape(a.shape if a.ndim else (1,))
        out[index_positions("scatter", a, ctx.dim, index)] = value
        return wrap(out.reshape(a.shape))

    @staticmethod
    def backward(ctx, grad):
        return (grad.scatter(ctx.dim, ctx.index, 0),)


class Scatter(IndexingOp):
    """result = self with the elements of ``src`` written at ``index`` along ``dim`` (``src[i][j]`` to
    ``self[index[i][j]][j]`` for dim 0)"""

    node_name = "ScatterBackward0"
    formula = {"self": "grad.scatter(dim, index, 0)", "src": "grad.gather(dim, index)"}
    saved_values = {"dim": "dim", "index": "index"}

    @staticmethod
    def forward(ctx, a, src, *, dim, index):
        ctx.dim, ctx.index = a._wrap_dim(dim), index
        if index.dtype.category != 1:
            raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
        if a.dtype is not src.dtype:
            raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
        if index.numel():
            _check_src_shape(a, ctx.dim, index, src)
        ctx._keep_indices(index)
        out = a._data.copy().reshape(a.shape if a.ndim else (1,))
        if index.numel():
            values = src._data.reshape(src.shape or (1,))
            out[index_positions("scatter", a, ctx.dim, index)] = values[tuple(slice(0, n) for n in index.shape)]
        return wrap(out.reshape(a.shape))

    @staticmethod
    def backward(ctx, grad):
        return grad.scatter(ctx.dim, ctx.index, 0), grad.gather(ctx.dim, ctx.index)


def _check_src_shape(a, dim, index, src):
    """torch's ``scatter_shape_check`` with a ``src``: index no larger than self (but along ``dim``) and than src."""
    dims = max(a.ndim, 1)
    size = lambda t, d: t.shape[t._wrap_dim(d)] if t.ndim else 1  # noqa: E731 - torch's ensure_nonempty_size
    wrong = any(size(index, d) > size(a, d) for d in range(dims) if d != dim)
    wrong = wrong or any(size(index, d) > size(src, d) for d in range(dims))
    if wrong:
        raise RuntimeError(f"Expected index {shape_text(index.shape)} to be no larger than self {shape_text(a.shape)} "
                           f"apart from dimension {dim} and to be no larger size than src {shape_text(src.shape)}")


def gather_backward(grad, self, dim, index, F=TENSORS):
    """torch's ``gather_backward``: zeros of self's shape with ``grad`` added at the gathered positions (repeats
    add up), on carrier ``F``."""
    shape = tuple(F.shape(self))
    dim %= max(len(shape), 1)
    key = index_positions("gather", Tensor._wrap(np.zeros(shape, dtype=np.bool_)), dim, index)
    out = F.embed(F.reshape(grad, tuple(np.broadcast_shapes(*(k.shape for k in key)))), shape or (1,), key)
    return F.reshape(out, shape)


class Gather(IndexingOp):
    """result[i][j] = self[index[i][j]][j] for dim 0 (the elements ``index`` picks along ``dim``)"""

    node_name = "GatherBackward0"
    formula = {"self": "gather_backward(grad, self, dim, index)"}
    saved_names = ("self",)
    saved_values = {"dim": "dim_arg", "index": "index", "sparse_grad": "sparse_grad"}
    sparse_grad = False

    @staticmethod
    def forward(ctx, a, *, dim, index):
        ctx.dim, ctx.dim_arg, ctx.index = a._wrap_dim(dim), dim, index
        ctx._keep_indices(index)
        key = index_positions("gather", a, ctx.dim, index)
        ctx._save((a,))
        out = a._data.reshape(a.shape if a.ndim else (1,))[key]
        return wrap(out.reshape(index.shape))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (gather_backward(grads[0], a, ctx.dim, ctx.index, F),)
