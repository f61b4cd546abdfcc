"""``topk``: the ``k`` largest (or smallest) elements along a dim, and where they were."""

import numpy as np

from ._util import as_saved_int, wrap
from .indexing import index_backward
from .op import Op


def value_selecting_reduction_backward(grad, dim, indices, self_sizes, keepdim=True):
    """torch's ``value_selecting_reduction_backward``: zeros of ``self_sizes`` with ``grad`` at ``indices``."""
    if not self_sizes:
        return grad.reshape(())
    key = list(np.indices(indices.shape, sparse=True))
    key[dim] = indices._data
    return index_backward(grad, self_sizes, tuple(key))


def topk_indices(a, k, dim, largest):
    """Where the ``k`` largest (or smallest) elements of ``a`` are along ``dim``, best first, ties in order
    (int64, not differentiable), after torch's check of ``k``."""
    d = a._wrap_dim(dim)
    if a.dtype.category == 0:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    if not 0 <= k <= (a.shape[d] if a.ndim else 1):
        raise RuntimeError("selected index k out of range")
    if not a.ndim:  # torch gives a 0-d tensor its only element, whatever k (0 or 1)
        return wrap(np.zeros((), np.int64))
    x = a._data
    keys = x if x.dtype.kind == "f" else x.astype(np.int64)  # negating an unsigned or bool tensor would wrap
    order = np.argsort(-keys if largest else keys, axis=d, kind="stable")
    idx = np.take(order, np.arange(k), axis=d)
    return wrap(idx.astype(np.int64))


class Topk(Op):
    """result = the elements of self at ``indices`` along ``dim`` (the ``k`` largest or smallest, sorted)"""

    node_name = "TopkBackward0"
    formula = {"self": "value_selecting_reduction_backward(grad, dim, indices, self_sym_sizes)"}
    saved_values = {"dim": "saved_dim", "indices": "indices", "self_sym_sizes": "self_sym_sizes"}

    @staticmethod
    def forward(ctx, a, *, dim, indices):
        ctx.dim, ctx.saved_dim, ctx.self_sym_sizes = a._wrap_dim(dim), as_saved_int(dim), tuple(a.shape)
        ctx.indices = indices
        if not a.ndim:
            return wrap(a._data.copy())
        return wrap(np.take_along_axis(a._data, indices._data, axis=ctx.dim))

    @staticmethod
    def backward(ctx, grad):
        return (value_selecting_reduction_backward(grad, ctx.dim, ctx.indices, ctx.self_sym_sizes),)
