"""More selection ops, each torch's node with its derivatives.yaml formulas: ``unfold`` (a view of sliding windows;
UnfoldBackward0), ``index_fill`` and ``index_copy`` (slices along a dim replaced), ``take`` and ``put`` (elements of
the flattened tensor), ``kthvalue`` (torch's quickselect, so that ties give torch's index), and the ``*_scatter`` ops
that write a select, slice or diagonal of ``self`` (the out-of-place inverses of those views). ``index_put`` is
:class:`~minigrad.ops.inplace.IndexPut`, the op of ``x[idx] = v``.

Backwards are written against the carrier ``F``: numpy on ``ARRAYS``, and on ``TENSORS`` the differentiable ops that
torch's own backward records, so that ``create_graph=True`` gives torch's second-order nodes."""

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ..size import shape_text
from ..tensor import Tensor
from ._util import as_saved_int, wrap
from .carriers import ARRAYS
from .diagonals import Diagonal, _dims, diagonal_view
from .indexing import IndexSelect, Select, Slice
from .op import IndexingOp, Op
from .scatter import Scatter
from .shape import Expand, Unsqueeze


# -- unfold ----------------------------------------------------------------------------------------------------------
def windows(x, dim, size, step):
    """The windows of array ``x`` along ``dim`` as torch's ``unfold`` lays them out, a view sharing ``x``'s memory:
    dim ``dim`` counts the windows, a new last dim of ``size`` runs along each (a 0-d ``x``: its element, 1-D)."""
    if x.ndim == 0:
        return x.reshape(1)
    n = (x.shape[dim] - size) // step + 1
    shape = x.shape[:dim] + (n,) + x.shape[dim + 1 :] + (size,)
    strides = x.strides[:dim] + (x.strides[dim] * step,) + x.strides[dim + 1 :] + (x.strides[dim],)
    return as_strided(x, shape, strides, writeable=x.flags.writeable)


def unfold_backward(grad, input_sizes, dim, size, step, F=None):
    """torch's ``unfold_backward``: zeros of ``input_sizes`` with each window of ``grad`` added back where it came
    from (overlapping windows add up, in the order of torch's kernel: window by window); on Tensors the
    differentiable :class:`UnfoldBackward`."""
    if F is not ARRAYS:
        return UnfoldBackward.apply(grad, input_sizes=tuple(input_sizes), dim=dim, size=size, step=step)
    return _unfold_backward_array(grad, tuple(input_sizes), dim, size, step)


def _unfold_backward_array(grad, input_sizes, dim, size, step):
    dim = dim % len(input_sizes) if input_sizes else 0
    if not input_sizes:
        return grad.reshape(())
    out = np.zeros(input_sizes, dtype=grad.dtype)
    n = grad.shape[dim]
    if size == 0 or n == 0:
        return out
    for j in range(size - 1, -1, -1):  # element j of every window; descending j: windows in ascending order
        target = out[(slice(None),) * dim + (slice(j, j + step * (n - 1) + 1, step),)]
        target += grad[..., j]
    return out


class Unfold(Op):
    """result = the windows of ``size`` elements every ``step`` along ``dimension`` (a view of self)"""

    node_name = "UnfoldBackward0"
    formula = {"self": "unfold_backward(grad, self.shape, dimension, size, step)"}
    saved_values = {"dimension": "saved_dimension", "self_sym_sizes": "shape", "size": "size", "step": "step"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dimension, size, step):
        d = a._wrap_dim(dimension)
        length = a.shape[d] if a.ndim else 1
        if size > length:
            raise RuntimeError(f"maximum size for tensor at dimension {d} is {length} but size is {size}")
        if size < 0:
            raise RuntimeError(f"size is {size} but must be >= 0")
        if step <= 0:
            raise RuntimeError(f"step is {step} but must be > 0")
        ctx.dimension, ctx.saved_dimension, ctx.size, ctx.step = dimension, as_saved_int(dimension), size, step
        ctx.shape = tuple(a.shape)
        return wrap(windows(a._data, d, size, step))

    @staticmethod
    def backward(ctx, grads, F):
        return (unfold_backward(grads[0], ctx.shape, ctx.dimension, ctx.size, ctx.step, F),)


class UnfoldBackward(Op):
    """unfold's backward as a differentiable op (seen after ``create_graph=True``)"""

    node_name = "UnfoldBackwardBackward0"
    formula = {"grad_in": "grad.unfold(dim, size, step)"}
    saved_values = {"dim": "dim", "size": "size", "step": "step"}  # dim as unfold was given it

    @staticmethod
    def forward(ctx, grad, *, input_sizes, dim, size, step):
        ctx.dim, ctx.size, ctx.step = dim, size, step
        ctx.wrapped_dim = dim % len(input_sizes) if input_sizes else 0
        return wrap(_unfold_backward_array(grad._data, input_sizes, dim, size, step))

    @staticmethod
    def backward(ctx, grads, F):
        g = grads[0]
        if F is ARRAYS:
            return (windows(g, ctx.wrapped_dim, ctx.size, ctx.step).copy(),)
        return (Unfold.apply(g, dimension=ctx.dim, size=ctx.size, step=ctx.step),)


# -- index_fill and index_copy -----------------------------------------------------------------------------------------
def _fill_positions(shape, dim, idx):
    return (slice(None),) * dim + (idx,) if shape else ()


def index_fill_array(x, dim, idx, value):
    """A copy of array ``x`` with ``value`` at ``idx`` (int64, bounds checked) along ``dim``."""
    out = x.copy()
    out[_fill_positions(x.shape, dim, idx)] = value
    return out


def index_fill_zeros(grad, dim, index, F):
    """``grad.index_fill(dim, index, 0)``: the gradient that passes to the slices not overwritten (``dim`` as given)."""
    if F is ARRAYS:
        dim = dim % grad.ndim if grad.ndim else 0
        return index_fill_array(grad, dim, _fill_index(index, grad.ndim, grad.shape, dim), 0)
    return IndexFill.apply(grad, dim=dim, index=index, value=0)


def _fill_index(index, ndim, shape, dim):
    """``index`` of index_fill as int64 numbers, after torch's checks of its dtype, dims and bounds."""
    if index.dtype.name != "int64":
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if index.ndim > 1:
        raise RuntimeError("Index has to be a vector/scalar")
    idx = index._data.reshape(-1)
    size = shape[dim] if ndim else 1
    bad = idx[(idx < -size) | (idx >= size)]
    if bad.size:
        raise IndexError(f"index {int(bad[0])} is out of bounds for dimension {dim} with size {size}")
    return idx


class IndexFill(IndexingOp):
    """result = self with the number ``value`` in the slices at ``index`` along ``dim``"""

    node_name = "IndexFillBackward0"
    formula = {"self": "grad.index_fill(dim, index, 0)"}
    saved_values = {"dim": "saved_dim", "index": "index"}

    @staticmethod
    def forward(ctx, a, *, dim, index, value):
        ctx.dim, ctx.saved_dim, ctx.index = a._wrap_dim(dim), dim, index
        idx = _fill_index(index, a.ndim, a.shape, ctx.dim)
        ctx._keep_indices(index)
        return wrap(index_fill_array(a._data, ctx.dim, idx, np.asarray(value).astype(a._data.dtype)))

    @staticmethod
    def backward(ctx, grads, F):
        return (index_fill_zeros(grads[0], ctx.saved_dim, ctx.index, F),)


class IndexFillTensor(IndexFill):
    """result = self with the 0-d tensor ``value`` in the slices at ``index`` along ``dim``"""

    node_name = "IndexFillBackward1"
    formula = {"self": "grad.index_fill(dim, index, 0)",
               "value": "grad.index_select(dim, unique_index(index, grad, dim)).sum()"}  # torch's at::_unique: sorted

    @staticmethod
    def forward(ctx, a, value, *, dim, index):
        if value.ndim:
            raise RuntimeError("index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                               f"{value.ndim} dimension(s).")  # fmt: skip
        return IndexFill.forward(ctx, a, dim=dim, index=index, value=value._data)

    @staticmethod
    def backward(ctx, grads, F):
        grad, needs = grads[0], ctx._needs()
        value = None
        if needs[1]:
            unique = unique_index(ctx.index, grad, ctx.dim, F)
            if F is ARRAYS:
                value = F.sum(np.take(grad, unique, axis=ctx.dim) if grad.ndim else grad)
            else:
                value = IndexSelect.apply(grad, dim=ctx.saved_dim, index=unique).sum()
        return (index_fill_zeros(grad, ctx.saved_dim, ctx.index, F) if needs[0] else None, value)


def unique_index(index, grad, dim, F=None):
    """The distinct indices of ``index`` into ``grad``'s ``dim`` (negative ones from its end), sorted, as torch's
    ``at::_unique`` gives them (int64; a Tensor unless on arrays)."""
    shape = tuple(ARRAYS.shape(ARRAYS.value(grad)))
    unique = np.unique(index._data.reshape(-1) % (shape[dim] if shape else 1))
    return unique if F is ARRAYS else Tensor._wrap(unique)


def _copy_checks(a, dim, index, source):
    """torch's checks of index_copy's arguments (``dim`` wrapped); the index as int64 numbers."""
    if index.ndim >= 2:
        raise IndexError(f"index_copy_(): Index should have dimension 1 or 0 (got {index.ndim})")
    n = index.numel()
    if source.ndim == 0 and n != 1:
        raise IndexError(f"index_copy_(): When source is scalar, index should have one element (got {n})")
    if source.ndim != a.ndim and source.ndim and a.ndim:
        raise IndexError("index_copy_(): When source and destination are not scalars, their dimensionality must "
                         f"match. Source dimensionality ({source.ndim}), destination dimensionality ({a.ndim})")
    if index.dtype.name != "int64":
        raise RuntimeError(f"index_copy_(): Expected a long tensor for index, but got {index.dtype.scalar_name}")
    if a.dtype is not source.dtype:
        raise RuntimeError("index_copy_(): self and source expected to have the same dtype, but got (self) "
                           f"{a.dtype.scalar_name} and (source) {source.dtype.scalar_name}")  # fmt: skip
    self_sliced = [s for i, s in enumerate(a.shape) if i != dim]
    source_sliced = [s for i, s in enumerate(source.shape) if i != dim]
    if self_sliced != source_sliced:
        raise RuntimeError(
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: "
            f"{_sizes_text(self_sliced)} at dimension {dim} and source slice shape: {_sizes_text(source_sliced)} at "
            "dimension 0."
        )
    if source.ndim and n != source.shape[dim]:
        raise IndexError(f"index_copy_(): Number of indices ({n}) should be equal to source.size(dim) "
                         f"({source.shape[dim]})")  # fmt: skip
    idx = index._data.reshape(-1)
    size = a.shape[dim] if a.ndim else 1
    bad = idx[(idx < 0) | (idx >= size)]
    if bad.size:
        raise IndexError(f"index_copy_(): index {int(bad[0])} is out of bounds for dimension {dim} with size {size}")
    return idx


def _sizes_text(sizes):
    """A list of sizes as torch's message prints them: ``2 3``."""
    return " ".join(map(str, sizes))


class IndexCopy(IndexingOp):
    """result = self with the slices at ``index`` along ``dim`` replaced by source's"""

    node_name = "IndexCopyBackward0"
    formula = {"self": "grad.index_fill(dim, index, 0)",
               "source": "grad.index_select(dim, index).expand_as(source) if source_dim > 0 else "
                         "grad.index_select(dim, index.squeeze(0))"}  # fmt: skip
    saved_names = ("source",)
    saved_values = {"dim": "saved_dim", "index": "index", "source_dim": "source_dim"}

    @staticmethod
    def forward(ctx, a, source, *, dim, index):
        d = a._wrap_dim(dim)
        idx = _copy_checks(a, d, index, source)
        ctx.dim, ctx.saved_dim, ctx.index, ctx.source_dim = d, dim, index, source.ndim
        ctx.source_shape = tuple(source.shape)
        ctx._keep_indices(index)
        ctx._save((source if source._requires_grad else None,))
        out = a._data.copy()
        if a.ndim:
            out[(slice(None),) * d + (idx,)] = source._data if source.ndim else source._data.reshape(1)
        else:
            out[...] = source._data.reshape(())
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        grad, needs = grads[0], ctx._needs()
        source = None
        if needs[1]:
            ctx._values(F)  # torch unpacks the saved source (for its shape)
            idx = ctx.index._data.reshape(-1)
            if F is ARRAYS:
                picked = np.take(grad, idx, axis=ctx.dim) if grad.ndim else grad.reshape(1)
                source = np.broadcast_to(picked, ctx.source_shape) if ctx.source_dim else picked
            else:
                picked = IndexSelect.apply(grad, dim=ctx.saved_dim, index=ctx.index if ctx.source_dim
                                           else Tensor._wrap(idx.reshape(())))  # fmt: skip
                source = Expand.apply(picked, shape=ctx.source_shape) if ctx.source_dim else picked
        return (index_fill_zeros(grad, ctx.saved_dim, ctx.index, F) if needs[0] else None, source)


# -- take and put ----------------------------------------------------------------------------------------------------
def _flat_index(name, a, index):
    """``index`` of take/put as int64 numbers into ``a`` flattened, after torch's checks."""
    if index.dtype.name != "int64":
        raise RuntimeError(f"{name}(): Expected a long tensor for index, but got {index.dtype.scalar_name}")
    idx = index._data.reshape(-1)
    n = a.numel()
    if idx.size and n == 0:
        raise IndexError(f"{name}(): tried to {name} {'from' if name == 'take' else 'into'} an empty tensor")
    bad = idx[(idx < -n) | (idx >= n)]
    if bad.size:
        raise IndexError(f"out of range: tried to access index {int(bad[0])} on a tensor of {n} elements.")
    return idx


def take_backward(grad, self, index, F=None):
    """torch's ``take_backward``: ``zeros_like(self).put_(index, grad, accumulate=True)`` (on carrier ``F``)."""
    self_shape = tuple(ARRAYS.shape(ARRAYS.value(self)))
    if F is ARRAYS:
        out = np.zeros(self_shape, dtype=grad.dtype)
        np.add.at(out.reshape(-1), index._data.reshape(-1), grad.reshape(-1))
        return out
    return Put.apply(Tensor._wrap(np.zeros(self_shape, dtype=grad._data.dtype)), grad, index=index, accumulate=True)


class Take(IndexingOp):
    """result = the elements of self (read as 1-D) at ``index``, shaped like ``index``"""

    node_name = "TakeBackward0"
    formula = {"self": "take_backward(grad, self, index)"}
    saved_names = ("self",)
    saved_values = {"index": "index"}

    @staticmethod
    def forward(ctx, a, *, index):
        idx = _flat_index("take", a, index)
        ctx.index, ctx.shape = index, tuple(a.shape)
        ctx._keep_indices(index)
        ctx._save((a,))
        return wrap(a._data.reshape(-1)[idx].reshape(index.shape))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (take_backward(grads[0], a, ctx.index, F),)


class Put(IndexingOp):
    """result = self with source's elements written (added, if ``accumulate``) at ``index`` of self read as 1-D
    (take's backward, seen after ``create_graph=True``)"""

    node_name = "PutBackward0"
    formula = {"self": "grad if accumulate else put_into(grad, index, zeros_like(source))",
               "source": "grad.take(index).reshape_as(source)"}  # fmt: skip
    saved_names = ("source",)
    saved_values = {"accumulate": "accumulate", "index": "index"}

    @staticmethod
    def forward(ctx, a, source, *, index, accumulate=False):
        idx = _flat_index("put", a, index)
        if idx.size != source.numel():
            raise RuntimeError(f"put_(): Expected source and index to have the same number of elements, but got "
                               f"source.numel() = {source.numel()}, index.numel() = {idx.size}")  # fmt: skip
        ctx.index, ctx.accumulate, ctx.source_shape = index, accumulate, tuple(source.shape)
        ctx._keep_indices(index)
        ctx._save((source if source._requires_grad else None,))
        out = a._data.copy()
        flat = out.reshape(-1)
        values = source._data.reshape(-1).astype(out.dtype, copy=False)
        if accumulate:
            np.add.at(flat, idx, values)
        else:
            flat[idx] = values
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        grad, needs = grads[0], ctx._needs()
        idx = ctx.index._data.reshape(-1)
        g_self = g_source = None
        if needs[1]:
            ctx._values(F)  # torch unpacks the saved source (for its shape)
        if needs[0]:
            if ctx.accumulate:
                g_self = grad
            elif F is ARRAYS:
                g_self = grad.copy()
                g_self.reshape(-1)[idx] = 0
            else:
                g_self = put_into(grad, ctx.index, Tensor._wrap(np.zeros(ctx.source_shape, grad._data.dtype)))
        if needs[1]:
            if F is ARRAYS:
                g_source = grad.reshape(-1)[idx].reshape(ctx.source_shape)
            else:
                g_source = Take.apply(grad, index=ctx.index).reshape(ctx.source_shape)
        return g_self, g_source


def put_into(x, index, source, F=None):
    """``x.put(index, source)``: a copy of ``x`` with source's elements at ``index`` of ``x`` read as 1-D (PutBackward0
    on Tensors)."""
    return Put.apply(x, source, index=index, accumulate=False)


# -- kthvalue --------------------------------------------------------------------------------------------------------
def _greater_or_nan(x, y):
    return (x != x and y == y) or x > y


def quick_select(values, k):
    """The position in ``values`` (a list) of its ``k``-th smallest element (from 0), found as torch's
    ``quick_select_template`` finds it (median-of-three quickselect, NaN the largest), so that among equal values
    it picks the one torch's kthvalue picks."""
    arr, order = list(values), list(range(len(values)))
    gt = _greater_or_nan

    def swap(i, j):
        arr[i], arr[j] = arr[j], arr[i]
        order[i], order[j] = order[j], order[i]

    left, right = 0, len(arr) - 1
    while True:
        if right <= left:
            break
        if right == left + 1:
            if gt(arr[left], arr[right]):
                swap(left, right)
            break
        mid = left + (right - left) // 2
        swap(mid, left + 1)
        if gt(arr[left + 1], arr[right]):
            swap(left + 1, right)
        if gt(arr[left], arr[right]):
            swap(left, right)
        if gt(arr[left + 1], arr[left]):
            swap(left + 1, left)
        i, j, pivot = left + 1, right, arr[left]
        while True:
            i += 1
            while gt(pivot, arr[i]):
                i += 1
            j -= 1
            while gt(arr[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(left, j)
        if j <= k:
            left = i
        if j >= k:
            right = j - 1
    return order[k]


def kthvalue_indices(x, k, dim):
    """Where the ``k``-th smallest element (from 1) of array ``x`` is along ``dim``, as torch finds it (int64, the
    dim kept with size 1)."""
    moved = np.moveaxis(x, dim, -1)
    rows = moved.reshape(-1, moved.shape[-1]).tolist()
    found = np.array([quick_select(row, k - 1) for row in rows], dtype=np.int64)
    return np.expand_dims(found.reshape(moved.shape[:-1]), dim)


def value_selecting_reduction_backward(grad, dim, indices, sizes, keepdim, F=None):
    """torch's ``value_selecting_reduction_backward``: zeros of ``sizes`` with ``grad`` scattered at ``indices``
    along ``dim`` (both unsqueezed first unless ``keepdim``); on Tensors torch's ``scatter_`` into zeros
    (ScatterBackward0)."""
    sizes = tuple(sizes)
    if not sizes:
        return grad.reshape(())
    d = dim % len(sizes)  # dim as given: torch's nodes save it so
    idx = indices._data if keepdim else np.expand_dims(indices._data, d)
    if F is ARRAYS:
        out = np.zeros(sizes, dtype=grad.dtype)
        np.put_along_axis(out, idx, grad if keepdim else np.expand_dims(grad, d), axis=d)
        return out
    g = grad if keepdim else Unsqueeze.apply(grad, dim=dim)
    zeros = Tensor._wrap(np.zeros(sizes, dtype=grad._data.dtype))
    out = Scatter.apply(zeros, g, dim=d, index=indices if keepdim else Tensor._wrap(idx))
    if out.grad_fn is not None:
        out.grad_fn.dim = dim  # what it shows as _saved_dim (its backward wraps it again)
    return out


class Kthvalue(IndexingOp):
    """result = the elements of self at ``indices`` (the k-th smallest) along ``dim``"""

    node_name = "KthvalueBackward0"
    formula = {"self": "value_selecting_reduction_backward(grad, dim, indices, self.shape, keepdim)"}
    saved_values = {"dim": "saved_dim", "indices": "indices", "keepdim": "keepdim", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, dim, keepdim, indices):
        d = a._wrap_dim(dim)
        ctx.dim, ctx.saved_dim, ctx.keepdim, ctx.indices = dim, dim, keepdim, indices
        ctx._keep_indices(indices)
        ctx.shape = tuple(a.shape)
        if not a.ndim:
            return wrap(a._data.copy())
        idx = indices._data if keepdim else np.expand_dims(indices._data, d)
        out = np.take_along_axis(a._data, idx, axis=d)
        return wrap(out if keepdim else np.squeeze(out, d))

    @staticmethod
    def backward(ctx, grads, F):
        return (value_selecting_reduction_backward(grads[0], ctx.dim, ctx.indices, ctx.shape, ctx.keepdim, F),)


# -- select_scatter, slice_scatter, diagonal_scatter -----------------------------------------------------------------
def _check_src(src_shape, region_shape):
    if tuple(src_shape) != tuple(region_shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{shape_text(src_shape)}, slice size = {shape_text(region_shape)}")  # fmt: skip


class _ViewScatter(Op):
    """result = self with the region a view (``region``) covers replaced by src; the backward gives self the
    gradient outside the region (the same op, zeros as src) and src the region of the gradient (the view op)."""

    @staticmethod
    def forward(ctx, a, src):
        ctx.src_shape, ctx.src_dtype = tuple(src.shape), src._data.dtype
        out = a._data.copy()
        region = ctx.region(out)
        _check_src(src.shape, region.shape)
        region[...] = src._data
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        grad, needs = grads[0], ctx._needs()
        g_self = g_src = None
        if needs[0]:
            if F is ARRAYS:
                g_self = grad.copy()
                ctx.region(g_self)[...] = 0
            else:
                zeros = Tensor._wrap(np.zeros(ctx.src_shape, dtype=ctx.src_dtype))
                g_self = type(ctx).apply(grad, zeros, **ctx.params)
        if needs[1]:
            g_src = ctx.region(grad).copy() if F is ARRAYS else ctx.view_of(grad)
        return g_self, g_src


class SelectScatter(_ViewScatter):
    """result = self with ``self.select(dim, index)`` replaced by src"""

    node_name = "SelectScatterBackward0"
    formula = {"self": "select_scatter(grad, zeros_like(src), dim, index)", "src": "grad.select(dim, index)"}
    saved_values = {"dim": "saved_dim", "index": "saved_index"}

    @staticmethod
    def forward(ctx, a, src, *, dim, index):
        if a.ndim == 0:
            raise IndexError("select() cannot be applied to a 0-dim tensor.")
        d = a._wrap_dim(dim)
        size = a.shape[d]
        if not -size <= index < size:
            raise IndexError(f"select(): index {index} out of range for tensor of size {shape_text(a.shape)} at "
                             f"dimension {d}")  # fmt: skip
        ctx.params = {"dim": dim, "index": index}
        ctx.dim, ctx.index, ctx.saved_dim, ctx.saved_index = d, index % size, dim, index
        return _ViewScatter.forward(ctx, a, src)

    def region(self, x):
        return x[(slice(None),) * self.dim + (self.index, Ellipsis)]

    def view_of(self, grad):
        return Select.apply(grad, dim=self.dim, index=self.saved_index, dim_arg=self.saved_dim)


def slice_bounds(size, start, end, step):
    """torch's ``slice``: start and end (None for the ends; negative from the end) clamped into ``[0, size]``, the
    end not before the start."""
    start = 0 if start is None else start + size if start < 0 else start
    end = size if end is None else end + size if end < 0 else end
    start = min(max(start, 0), size)
    end = min(max(end, start), size)
    return start, end, step


class SliceScatter(_ViewScatter):
    """result = self with ``self[start:end:step]`` along ``dim`` replaced by src"""

    node_name = "SliceScatterBackward0"
    formula = {"self": "slice_scatter(grad, zeros_like(src), dim, start, end, step)",
               "src": "slice_of(grad, dim, start, end, step)"}  # fmt: skip
    saved_values = {"dim": "saved_dim", "end": "end", "start": "start", "step": "step"}

    @staticmethod
    def forward(ctx, a, src, *, dim, start, end, step):
        d = a._wrap_dim(dim)
        if step <= 0:
            raise RuntimeError("slice step must be positive")
        ctx.params = {"dim": dim, "start": start, "end": end, "step": step}
        ctx.dim, ctx.saved_dim, ctx.start, ctx.end, ctx.step = d, dim, start, end, step
        ctx.bounds = slice_bounds(a.shape[d] if a.ndim else 1, start, end, step)
        return _ViewScatter.forward(ctx, a, src)

    def region(self, x):
        return x[(slice(None),) * self.dim + (slice(*self.bounds),)]

    def view_of(self, grad):
        return slice_of(grad, self.dim, self.start, self.end, self.step)


def slice_of(x, dim, start, end, step):
    """``x.slice(dim, start, end, step)`` (torch's ``slice``, None for an end): the view SliceBackward0 records."""
    out = Slice.apply(x, dim=dim, start=start, end=end, step=step)
    if out.grad_fn is not None:  # torch's slice keeps a bound given as None as None
        out.grad_fn.start_arg, out.grad_fn.end_arg = start, end
    return out


class DiagonalScatter(_ViewScatter):
    """result = self with ``self.diagonal(offset, dim1, dim2)`` replaced by src"""

    node_name = "DiagonalScatterBackward0"
    formula = {"self": "diagonal_scatter(grad, zeros_like(src), offset, dim1, dim2)",
               "src": "grad.diagonal(offset, dim1, dim2)"}  # fmt: skip
    saved_values = {"dim1": "saved_dim1", "dim2": "saved_dim2", "offset": "saved_offset"}

    @staticmethod
    def forward(ctx, a, src, *, offset, dim1, dim2):
        _dims(ctx, a, offset, dim1, dim2)
        ctx.params = {"offset": offset, "dim1": dim1, "dim2": dim2}
        return _ViewScatter.forward(ctx, a, src)

    def region(self, x):
        return diagonal_view(x, self.offset, self.dim1, self.dim2)

    def view_of(self, grad):
        return Diagonal.apply(grad, **self.params)
