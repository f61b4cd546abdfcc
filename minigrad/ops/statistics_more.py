"""More statistics: ``nanmedian`` (of all elements, or along a dim), ``mode``, ``aminmax``, ``narrow_copy`` and the
slice that torch's C++ compositions take (``trapezoid``, ``cumulative_trapezoid``), whose missing end it keeps as
None. The compositions themselves (``quantile``, ``cov``, ``trapezoid``, ...) are in ``minigrad/statistics_more.py``.
"""

import operator

import numpy as np

from ._util import as_saved_int, wrap
from .carriers import TENSORS
from .indexing import Slice, slice_backward
from .op import Op
from .reduce import Median, MedianDim, empty_dim_error
from .topk_order import std_sort


# -- nanmedian ------------------------------------------------------------------------------------------------
def _lower_nanmedian(x):
    """The lower median of array ``x``'s non-NaN elements, NaN if there are none (torch's ``nanmedian``)."""
    flat = x.reshape(-1)
    if flat.dtype.kind == "f":
        flat = flat[~np.isnan(flat)]
    if flat.size == 0:
        return np.asarray(np.nan, dtype=x.dtype)
    return np.asarray(np.sort(flat, kind="stable")[(flat.size - 1) // 2], dtype=x.dtype)


class Nanmedian(Median):
    """result = the lower median of self's non-NaN elements; ties share the gradient evenly, as in torch"""

    node_name = "NanmedianBackward0"
    formula = {"self": "evenly_distribute_backward(grad, self, result)"}

    @staticmethod
    def forward(ctx, a):
        out = wrap(_lower_nanmedian(a._data))
        ctx._save((a, out))
        return out


def nanmedian_along(a, dim, keepdim):
    """Indices of the lower medians of the non-NaN values along ``dim`` (int64): torch's ``nth_element`` orders
    values, then positions, NaNs last; the ``(count - 1) // 2``-th of the non-NaN ones (C's division: 0 for an
    all-NaN row, whose index torch's ``nth_element`` leaves to its partitioning)."""
    d = a._wrap_dim(dim)
    if a.ndim and a.shape[d] == 0:
        raise empty_dim_error("median", d)
    if not a.ndim:
        return wrap(np.zeros((), np.int64))
    x = a._data
    order = np.argsort(x, axis=d, kind="stable")  # NaNs last, ties by position
    if x.dtype.kind == "f":
        count = (~np.isnan(x)).sum(axis=d, keepdims=True)
    else:  # no NaNs: every row counts its whole length
        count = np.full((*x.shape[:d], 1, *x.shape[d + 1:]), x.shape[d])
    k = np.maximum(count - 1, 0) // 2
    middle = np.take_along_axis(order, k.astype(np.int64), axis=d)
    return wrap(np.asarray(middle if keepdim else np.squeeze(middle, d), dtype=np.int64))


class NanmedianDim(MedianDim):
    """result = the lower median of the non-NaN values along ``dim``; the gradient goes where it came from"""

    node_name = "NanmedianBackward1"


# -- mode -----------------------------------------------------------------------------------------------------
def mode_along(a, dim, keepdim):
    """Indices of the most frequent values along ``dim`` (int64), as torch's CPU kernel finds them: (value, position)
    pairs sorted by value with ``std::sort``, the first longest run of equal values (NaNs never equal), its last
    pair's position (``std::sort`` replayed by :func:`.topk_order.std_sort`, as it orders equal values and NaNs)."""
    d = a._wrap_dim(dim)
    if a.ndim and a.shape[d] == 0:
        raise empty_dim_error("mode", d)
    if not a.ndim:
        return wrap(np.zeros((), np.int64))
    x = np.moveaxis(a._data, d, -1)
    rows = x.reshape(-1, x.shape[-1])
    out = np.empty(rows.shape[0], np.int64)
    for r, row in enumerate(rows):
        order = np.asarray(std_sort(row.tolist(), operator.lt), np.int64)
        values = row[order]
        best, best_count, count = 0, 0, 0
        for i in range(len(values)):
            count += 1
            if i == len(values) - 1 or values[i] != values[i + 1]:
                if count > best_count:
                    best, best_count = order[i], count
                count = 0
        out[r] = best
    out = out.reshape(x.shape[:-1])
    return wrap(np.expand_dims(out, d) if keepdim else out)


class ModeDim(MedianDim):
    """result = the most frequent value along ``dim``; the gradient goes to the position reported"""

    node_name = "ModeBackward0"


# -- aminmax --------------------------------------------------------------------------------------------------
def aminmax_backward(self, dim, keepdim, grad_min, grad_max, min, max, F=TENSORS):  # noqa: A002 - torch's names
    """torch's ``aminmax_backward``: each gradient shared evenly by the elements equal to its extreme
    (``scale_grad_by_count``), the two added."""
    out = None
    for g, extreme in ((grad_min, min), (grad_max, max)):
        if g is None:
            continue
        hit = self == F.unsqueeze_dims(extreme, dim, keepdim)
        part = F.unsqueeze_dims(g, dim, keepdim) / F.sum(hit, dim, True) * hit
        out = part if out is None else out + part
    return out


class Aminmax(Op):
    """results = the smallest and the largest elements (over ``dim``, or all), two outputs of one node"""

    node_name = "AminmaxBackward0"
    formula = {"self": "aminmax_backward(self, dims, keepdim, grads[0], grads[1], result0, result1)"}
    saved_names = ("self", "min", "max")
    saved_values = {"dim": "saved_dim", "keepdim": "keepdim"}

    @staticmethod
    def forward(ctx, a, *, dim=None, keepdim=False):
        x = a._data
        if dim is None:
            if x.size == 0:
                raise RuntimeError(
                    "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity."
                )
            ctx.dims = tuple(range(a.ndim))
        else:
            d = a._wrap_dim(dim)
            if a.ndim and a.shape[d] == 0:
                raise IndexError(f"aminmax: Expected reduction dim {d} to have non-zero size.")
            ctx.dims = (d,) if a.ndim else ()
        ctx.saved_dim, ctx.keepdim = as_saved_int(dim), keepdim
        keep = keepdim and (dim is not None or a.ndim > 0)
        lo = np.asarray(np.min(x, axis=ctx.dims, keepdims=keep))
        hi = np.asarray(np.max(x, axis=ctx.dims, keepdims=keep))
        if x.dtype.kind == "f":  # a NaN is the min and the max of its slice
            nan = np.isnan(x).any(axis=ctx.dims, keepdims=keep)
            lo, hi = np.where(nan, np.nan, lo).astype(x.dtype), np.where(nan, np.nan, hi).astype(x.dtype)
        lo, hi = wrap(lo), wrap(hi)
        ctx._save((a, lo, hi))
        return lo, hi

    @staticmethod
    def backward(ctx, grads, F):
        a, lo, hi = ctx._values(F)
        return (aminmax_backward(a, ctx.dims, ctx.keepdim, grads[0], grads[1], lo, hi, F),)


# -- narrow_copy and torch's C++ slice --------------------------------------------------------------------------
class NarrowCopy(Op):
    """result = a copy of self[start:start + length] along ``dim``"""

    node_name = "NarrowCopyBackward0"
    formula = {"self": "slice_backward(grad, self.shape, dim, start, start + length, 1)"}
    saved_values = {"dim": "dim_arg", "length": "length", "self_sym_sizes": "shape", "start": "start_arg"}

    @staticmethod
    def forward(ctx, a, *, dim, start, length):
        if not a.ndim:
            raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
        d = a._wrap_dim(dim)
        size = a.shape[d]
        if not -size <= start <= size:
            raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but got {start})")
        begin = start + size if start < 0 else start
        if length < 0 or begin + length > size:
            raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
        ctx.shape, ctx.dim, ctx.dim_arg, ctx.start, ctx.start_arg, ctx.length = (
            tuple(a.shape), d, as_saved_int(dim), begin, start, length)
        return wrap(a._data[(slice(None),) * d + (slice(begin, begin + length),)].copy())

    @staticmethod
    def backward(ctx, grads, F):
        return (slice_backward(grads[0], ctx.shape, ctx.dim, ctx.start, ctx.start + ctx.length, 1, F),)


class OptionalEndSlice(Slice):
    """result = self[start:end] along ``dim``, as torch's C++ ``Tensor::slice(dim, start)`` records it: a missing end
    is saved as None, the dim as given"""

    node_name = "SliceBackward0"
    saved_values = {"dim": "dim_arg", "end": "end_saved", "self_sym_sizes": "shape", "start": "start_arg",
                    "step": "step_arg"}

    @staticmethod
    def forward(ctx, a, *, dim, start, end=None, step=1):
        out = Slice.forward(ctx, a, dim=a._wrap_dim(dim), start=start, end=end, step=step)
        ctx.dim_arg, ctx.end_saved = dim, end
        return out

