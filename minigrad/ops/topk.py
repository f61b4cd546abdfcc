"""``topk`` and ``sort``: the ``k`` largest (or smallest) elements along a dim, or all of them in order, and
where they were. Both gradients put ``grad`` back where each element came from."""

import numpy as np

from ._util import as_saved_int, wrap
from .op import IndexingOp
from .selection_more import value_selecting_reduction_backward
from .topk_order import sort_row, topk_row


def topk_indices(a, k, dim, largest, sorted=True):
    """Where the ``k`` largest (or smallest) elements of ``a`` are along ``dim``, in the order torch's CPU kernel
    gives them (best first when ``sorted``; see :mod:`.topk_order` for ties and unsorted results), as int64 (not
    differentiable), after torch's check of ``k``."""
    d = a._wrap_dim(dim)
    if a.dtype.category == 0:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    if not 0 <= k <= (a.shape[d] if a.ndim else 1):
        raise RuntimeError("selected index k out of range")
    if not a.ndim:  # torch gives a 0-d tensor its only element, whatever k (0 or 1)
        return wrap(np.zeros((), np.int64))
    rows = a._data if d == a.ndim - 1 else np.moveaxis(a._data, d, -1)  # moveaxis costs more than its no-op
    order = sorted_indices(rows, -1, largest)
    best = order[..., : k + 1]  # the k best, and the next: a tie among them makes the kernel's order decide
    if k and not sorted:
        undecided = np.ones(rows.shape[:-1], bool)
    elif k and best.shape[-1] > 1:
        ranked = np.take_along_axis(rows, best, axis=-1)
        ties = ranked[..., 1:] == ranked[..., :-1]
        if ranked.dtype.kind == "f":
            ties |= np.isnan(ranked[..., 1:]) & np.isnan(ranked[..., :-1])
        undecided = ties.any(axis=-1)
    else:
        undecided = np.zeros(rows.shape[:-1], bool)
    out = order[..., :k].copy()
    for row in map(tuple, np.argwhere(undecided)):
        out[row] = topk_row(rows[row].tolist(), k, largest, sorted)
    return wrap(out if d == a.ndim - 1 else np.ascontiguousarray(np.moveaxis(out, -1, d)))


def unstable_sorted_indices(x, dim, descending):
    """The order torch's ``sort`` without ``stable=True`` gives ``x`` along ``dim`` (int64): ties in their original
    order in rows of up to 16 elements, else in the order ``std::sort`` leaves them."""
    order = sorted_indices(x, dim, descending)
    if x.ndim == 0 or x.shape[dim] <= 16:
        return order
    rows, order = np.moveaxis(x, dim, -1), np.moveaxis(order, dim, -1)
    ranked = np.take_along_axis(rows, order, axis=-1)
    ties = ranked[..., 1:] == ranked[..., :-1]
    if ranked.dtype.kind == "f":
        ties |= np.isnan(ranked[..., 1:]) & np.isnan(ranked[..., :-1])
    for row in map(tuple, np.argwhere(ties.any(axis=-1))):
        order[row] = sort_row(rows[row].tolist(), descending)
    return np.moveaxis(order, -1, dim)


def sorted_indices(x, dim, descending):
    """The order of ``x`` along ``dim``, ties in their original order and NaN as the largest value (int64)."""
    keys = x if x.dtype.kind == "f" else x.astype(np.int64)  # negating an unsigned or bool array would wrap
    if not descending:
        return np.argsort(keys, axis=dim, kind="stable").astype(np.int64)
    nan = np.isnan(keys) if keys.dtype.kind == "f" else np.zeros(keys.shape, bool)
    keys = np.where(nan, -np.inf, -keys) if keys.dtype.kind == "f" else -keys
    order = np.argsort(keys, axis=dim, kind="stable")
    if not nan.any():  # nothing to move ahead: the second sort would keep this order
        return order.astype(np.int64)
    first = np.argsort(~np.take_along_axis(nan, order, axis=dim), axis=dim, kind="stable")  # NaNs lead
    return np.take_along_axis(order, first, axis=dim).astype(np.int64)


class Topk(IndexingOp):
    """result = the elements of self at ``indices`` along ``dim`` (the ``k`` largest or smallest, sorted)"""

    node_name = "TopkBackward0"
    formula = {"self": "value_selecting_reduction_backward(grad, dim, indices, self_sym_sizes, True)"}
    saved_values = {"dim": "saved_dim", "indices": "indices", "self_sym_sizes": "self_sym_sizes"}

    @staticmethod
    def forward(ctx, a, *, dim, indices):
        ctx.dim, ctx.saved_dim, ctx.self_sym_sizes = a._wrap_dim(dim), as_saved_int(dim), tuple(a.shape)
        ctx.dim_arg = dim  # as given: torch's backward scatters along it
        ctx.indices = indices
        ctx._keep_indices(indices)
        if not a.ndim:
            return wrap(a._data.copy())
        return wrap(np.take_along_axis(a._data, indices._data, axis=ctx.dim))

    @staticmethod
    def backward(ctx, grads, F):
        return (value_selecting_reduction_backward(grads[0], ctx.dim_arg, ctx.indices, ctx.self_sym_sizes, True, F),)


class Sort(Topk):
    """result = the elements of self along ``dim`` in order (``indices`` is the order)"""

    node_name = "SortBackward0"


class SortStable(Sort):
    """result = the elements of self along ``dim`` in order, from torch's ``sort.stable`` overload (any call that
    passes ``stable=``, even ``None`` or ``False``)"""

    node_name = "SortBackward1"
