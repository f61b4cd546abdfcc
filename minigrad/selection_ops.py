"""Indexing and selection functions torch has beyond ``x[i]``: ``Tensor.unfold``, ``index_fill``, ``index_copy``,
``index_put``, ``take``, ``kthvalue``, ``tril_indices``/``triu_indices``, ``searchsorted``/``bucketize``, the
``select``/``slice``/``diagonal`` scatters and ``hsplit``/``vsplit``/``dsplit``. Each is registered with ``@public``
as its Tensor methods and exported as ``minigrad.<name>`` by this module's ``__all__``; the ops are in
:mod:`minigrad.ops.selection_more` (``index_put`` is the op of ``x[idx] = v``)."""

import numpy as np

from . import dtypes
from .arguments import NUMBERS, call_error, invalid_arguments, is_int, must_be_tensor, overload_argument, word
from .functional import tensor_split
from .ops import selection_more as SM
from .ops._util import not_implemented, wrap
from .ops.indexing import np_index
from .ops.inplace import IndexPut, apply_inplace
from .public import REQUIRED, public, require_dim
from .return_types import ReturnTypes
from .size import shape_text
from .tensor import FACTORY_INT_GRAD_ERROR, Tensor

__all__ = [
    "bucketize", "diagonal_scatter", "dsplit", "hsplit", "index_copy", "index_fill", "index_put", "index_put_",
    "kthvalue", "searchsorted", "select_scatter", "slice_scatter", "take", "tril_indices", "triu_indices", "vsplit",
]


def _int(function, name, position, value):
    """``value`` as an int, or torch's TypeError for ``function``'s argument ``name`` at ``position``."""
    if not is_int(value):
        raise must_be_tensor(function, name, position, value, "int")
    return int(value)


def _tensor(function, name, position, value):
    if not isinstance(value, Tensor):
        raise must_be_tensor(function, name, position, value)
    return value


# -- unfold ----------------------------------------------------------------------------------------------------------
@public("unfold", function=False, parse=True)
def _unfold(self, dimension=REQUIRED, size=REQUIRED, step=REQUIRED):
    """Mirror ``Tensor.unfold``: the windows of ``size`` elements every ``step`` along ``dimension``, as a new last
    dim; a view of this tensor (UnfoldBackward0), whose writes and version counter are shared as any view's."""
    for name, value in (("dimension", dimension), ("size", size), ("step", step)):
        require_dim("unfold", value, name)
    args = [_int("unfold", n, i, v) for i, (n, v) in enumerate((("dimension", dimension), ("size", size),
                                                                  ("step", step)), 1)]  # fmt: skip
    return SM.Unfold.apply(self, dimension=args[0], size=args[1], step=args[2])


# -- index_fill, index_copy, index_put -------------------------------------------------------------------------------
_FILL = ("int dim, Tensor index, Tensor value", "int dim, Tensor index, Number value")


def _index_fill(function, input, dim, index, value, at):
    if not isinstance(index, Tensor) or not isinstance(value, (Tensor, *NUMBERS)):
        given = (dim, index, value) if at == 1 else (input, dim, index, value)
        overloads = _FILL if at == 1 else tuple("Tensor input, " + o for o in _FILL)
        raise invalid_arguments(function, given, overloads)
    dim = _int(function, "dim", at, dim)
    if isinstance(value, Tensor):
        return SM.IndexFillTensor.apply(input, value, dim=dim, index=index)
    return SM.IndexFill.apply(input, dim=dim, index=index, value=value)


def index_fill(input, dim, index, value):
    """Mirror ``torch.index_fill``: ``input`` with ``value`` (a number: IndexFillBackward0; a 0-d tensor, whose
    gradient is the sum of the filled slices' gradient: IndexFillBackward1) in the slices at ``index`` along ``dim``."""
    return _index_fill("index_fill", input, dim, index, value, 2)


@public("index_fill", function=False, parse=True)
def _index_fill_method(self, dim, index, value):
    """Mirror ``Tensor.index_fill``."""
    return _index_fill("index_fill", self, dim, index, value, 1)


@public("index_fill_", function=False, parse=True)
def _index_fill_(self, dim, index, value):
    """Mirror ``Tensor.index_fill_``: ``index_fill`` written into this tensor."""
    if isinstance(value, Tensor):
        return apply_inplace(self, lambda a, v: _index_fill("index_fill_", a, dim, index, v, 1), value, overlap=None)
    return apply_inplace(self, lambda a: _index_fill("index_fill_", a, dim, index, value, 1))


def _index_copy(function, input, dim, index, source, at):
    dim = _int(function, "dim", at, dim)
    _tensor(function, "index", at + 1, index)
    _tensor(function, "source", at + 2, source)
    return SM.IndexCopy.apply(input, source, dim=dim, index=index)


def index_copy(input, dim, index, source):
    """Mirror ``torch.index_copy``: ``input`` with the slices at ``index`` along ``dim`` replaced by ``source``'s
    (IndexCopyBackward0)."""
    return _index_copy("index_copy", input, dim, index, source, 2)


@public("index_copy", function=False, parse=True)
def _index_copy_method(self, dim, index, source):
    """Mirror ``Tensor.index_copy``."""
    return _index_copy("index_copy", self, dim, index, source, 1)


@public("index_copy_", function=False, parse=True)
def _index_copy_(self, dim, index, source):
    """Mirror ``Tensor.index_copy_``: ``index_copy`` written into this tensor."""
    return apply_inplace(self, lambda a, s: _index_copy("index_copy_", a, dim, index, s, 1), source, overlap="any")


def _put_key(function, input, indices, values, at):
    """The numpy index of ``indices`` (a tuple or list of tensors), after torch's checks of the arguments."""
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"{function}(): argument 'indices' (position {at}) must be tuple of Tensors, not "
                        f"{word(indices)}")  # fmt: skip
    for i, t in enumerate(indices):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument {at - 1}, but got {word(t)}")
    _tensor(function, "values", at + 1, values)
    if values.dtype is not input.dtype:
        raise RuntimeError(f"Index put requires the source and destination dtypes match, got {input.dtype.scalar_name} "
                           f"for the destination and {values.dtype.scalar_name} for the source.")  # fmt: skip
    dims = sum(t.ndim if t.dtype.category == 0 else 1 for t in indices)
    if dims > input.ndim:
        raise IndexError(f"too many indices for tensor of dimension {input.ndim} (got {len(indices)})")
    return tuple(np_index(t) for t in indices)


def index_put(input, indices, values, accumulate=False):
    """Mirror ``torch.index_put``: ``input`` with ``values`` written at ``indices`` (a tuple of index tensors or
    masks, as ``input[indices] = values``), or added there if ``accumulate`` (repeats add up); IndexPutBackward0."""
    key = _put_key("index_put", input, indices, values, 2)
    return IndexPut.apply(input, values, key=key, accumulate=bool(accumulate))


@public("index_put", function=False, parse=True)
def _index_put_method(self, indices, values, accumulate=False):
    """Mirror ``Tensor.index_put``."""
    key = _put_key("index_put", self, indices, values, 1)
    return IndexPut.apply(self, values, key=key, accumulate=bool(accumulate))


def _index_put_inplace(at):
    def index_put_(input, indices, values, accumulate=False):
        """Mirror ``torch.index_put_`` and ``Tensor.index_put_``: ``index_put`` written into the tensor."""
        key = _put_key("index_put_", input, indices, values, at)
        return apply_inplace(input, lambda a, v: IndexPut.apply(a, v, key=key, accumulate=bool(accumulate)), values,
                             overlap="any")

    return index_put_


index_put_ = _index_put_inplace(2)
public("index_put_", function=False)(_index_put_inplace(1))


# -- take, kthvalue --------------------------------------------------------------------------------------------------
def take(input, index):
    """Mirror ``torch.take``: the elements of ``input`` read as 1-D at ``index`` (int64; negative from the end),
    shaped like ``index`` (TakeBackward0)."""
    return SM.Take.apply(input, index=_tensor("take", "index", 2, index))


@public("take", function=False, parse=True)
def _take_method(self, index=REQUIRED):
    """Mirror ``Tensor.take``."""
    require_dim("take", index, "index")
    return SM.Take.apply(self, index=_tensor("take", "index", 1, index))


def _kthvalue(input, k, dim, keepdim, at):
    require_dim("kthvalue", k, "k")
    k, dim = _int("kthvalue", "k", at, k), _int("kthvalue", "dim", at + 1, dim)
    d = input._wrap_dim(dim)
    if input.dtype is dtypes.bool_ and input.ndim:  # a 0-d tensor is its own k-th value
        raise not_implemented("kthvalue_cpu", input.dtype)
    size = input.shape[d] if input.ndim else 1
    if input.ndim and size == 0:
        raise IndexError(f"kthvalue(): Expected reduction dim {d} to have non-zero size.")
    if not 1 <= k <= size:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    if not input.ndim:
        indices = wrap(np.zeros((), np.int64))
    else:
        found = SM.kthvalue_indices(input._data, k, d)
        indices = wrap(found if keepdim else np.squeeze(found, d))
    values = SM.Kthvalue.apply(input, dim=dim, keepdim=bool(keepdim), indices=indices)
    return ReturnTypes(values, indices, "kthvalue")


def kthvalue(input, k=REQUIRED, dim=-1, keepdim=False):
    """Mirror ``torch.kthvalue``: ``(values, indices)`` of the ``k``-th smallest elements along ``dim`` (NaN the
    largest; among equal values the one torch's quickselect finds), as ``torch.return_types.kthvalue``;
    KthvalueBackward0."""
    return _kthvalue(input, k, dim, keepdim, 2)


@public("kthvalue", function=False, parse=True)
def _kthvalue_method(self, k=REQUIRED, dim=-1, keepdim=False):
    """Mirror ``Tensor.kthvalue``."""
    return _kthvalue(self, k, dim, keepdim, 1)


# -- tril_indices, triu_indices --------------------------------------------------------------------------------------
def _triangle_indices(name, pick, row, col, offset, dtype, requires_grad):
    if col is REQUIRED:
        raise TypeError(f'{name}() missing 1 required positional arguments: "col"')
    row, col, offset = (_int(name, n, i, v) for i, (n, v) in enumerate((("row", row), ("col", col),
                                                                         ("offset", offset)), 1))  # fmt: skip
    dtype = dtypes.int64 if dtype is None else dtype
    if dtype not in (dtypes.int64, dtypes.int32):
        raise NotImplementedError(f"\"{name}\" not implemented for '{dtype.scalar_name}'")
    if row < 0:
        raise RuntimeError(f"row must be non-negative, got{row}")
    if col < 0:
        raise RuntimeError(f"col must be non-negative, got{col}")
    if requires_grad:  # its dtypes are integers
        raise RuntimeError(FACTORY_INT_GRAD_ERROR)
    rows, cols = pick(row, offset, col)
    return wrap(np.stack([rows, cols]).astype(dtype.np).reshape(2, -1))


def tril_indices(row, col=REQUIRED, offset=0, *, dtype=None, device=None, layout=None, pin_memory=False,
                 requires_grad=False):
    """Mirror ``torch.tril_indices``: the (row, column) indices of the lower triangle of a ``row`` x ``col`` matrix
    (on and below the ``offset``-th diagonal), row by row, as a 2 x N int64 (or int32) tensor."""
    return _triangle_indices("tril_indices", np.tril_indices, row, col, offset, dtype, requires_grad)


def triu_indices(row, col=REQUIRED, offset=0, *, dtype=None, device=None, layout=None, pin_memory=False,
                 requires_grad=False):
    """Mirror ``torch.triu_indices``: the (row, column) indices of the upper triangle (on and above the ``offset``-th
    diagonal), row by row, as a 2 x N int64 (or int32) tensor."""
    return _triangle_indices("triu_indices", np.triu_indices, row, col, offset, dtype, requires_grad)


# -- searchsorted, bucketize -----------------------------------------------------------------------------------------
_SEARCHSORTED = (
    "Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, str side = None, "
    "Tensor sorter = None, Tensor out = None",
    "Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, str side = None, "
    "Tensor sorter = None, Tensor out = None",
)
_BUCKETIZE = (
    "Tensor input, Tensor boundaries, *, bool out_int32 = False, bool right = False, Tensor out = None",
    "Number self, Tensor boundaries, *, bool out_int32 = False, bool right = False",
)


def _bounds(boundaries, values, right):
    """torch's binary search (``cus_lower_bound``/``cus_upper_bound``) of each value in its row of ``boundaries``,
    all values at once: the first position whose boundary is not below the value (``>=``), or above it with
    ``right``; a NaN boundary compares as neither, as in torch."""
    n = boundaries.shape[-1]
    rows = boundaries.reshape(-1, n)
    flat = values.reshape(rows.shape[0] if boundaries.ndim > 1 else 1, -1)
    lo = np.zeros(flat.shape, np.int64)
    hi = np.full(flat.shape, n, np.int64)
    while True:
        active = lo < hi
        if not active.any():
            break
        mid = lo + ((hi - lo) >> 1)
        at = np.take_along_axis(rows, np.minimum(mid, n - 1), axis=1) if rows.shape[0] > 1 else rows[0][
            np.minimum(mid, n - 1)]  # fmt: skip
        after = ~(at > flat) if right else ~(at >= flat)
        lo = np.where(active & after, mid + 1, lo)
        hi = np.where(active & ~after, mid, hi)
    return lo.reshape(values.shape)


def _search(function, boundaries, input, out_int32, right, sorter):
    common = dtypes.result_type((boundaries, input))
    if common is dtypes.bool_:  # bools are searched among integers, not among bools
        raise not_implemented("searchsorted_out_cpu", common)
    b, v = boundaries._data.astype(common.np, copy=False), input._data.astype(common.np, copy=False)
    if sorter is not None:
        b = np.take_along_axis(b, sorter._data, axis=-1)
    found = _bounds(b, v, right) if v.size and b.shape[-1] else np.zeros(v.shape, np.int64)
    return wrap(found.astype(np.int32 if out_int32 else np.int64))


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None, out=None):
    """Mirror ``torch.searchsorted``: for each value of ``input`` (a tensor or a number), where it would go in the
    last dim of ``sorted_sequence`` (1-D, or with the same leading dims as ``input``) to keep it sorted: before equal
    boundaries, or after them with ``right=True`` or ``side="right"``; ``sorter`` sorts an unsorted sequence. int64,
    or int32 with ``out_int32``; never differentiable."""
    if not isinstance(sorted_sequence, Tensor) or not isinstance(input, (Tensor, *NUMBERS)) or (
            side is not None and not isinstance(side, str)) or out_int32.__class__ is not bool or \
            right.__class__ is not bool:  # fmt: skip
        wrong = {k: v for k, v in (("out_int32", out_int32), ("right", right)) if v.__class__ is not bool}
        raise invalid_arguments("searchsorted", (sorted_sequence, input), _SEARCHSORTED,
                                {**wrong, **({} if side is None or isinstance(side, str) else {"side": side})})
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}")
        if right and side != "right":
            raise RuntimeError(f"torch.searchsorted(): side and right can't be set to opposites, got side of {side} "
                               "while right was True")  # fmt: skip
        right = side == "right"
    b = sorted_sequence
    if not isinstance(input, Tensor):  # a number: a 0-d tensor of the sequence's dtype, promoted
        input = wrap(np.asarray(input, dtype=dtypes.result_type((b,), (input,)).np))  # noqa: A001 - torch's name
    if sorter is not None:
        if tuple(sorter.shape) != tuple(b.shape):
            raise RuntimeError("torch.searchsorted(): boundary and sorter must have the same size, but got boundary "
                               f"tensor {shape_text(b.shape)}and got sorter tensor {shape_text(sorter.shape)}")
        if sorter.dtype is not dtypes.int64:
            raise RuntimeError(f"torch.searchsorted(): sorter must be a tensor of long dtype but got dtype "
                               f"{sorter.dtype.scalar_name}")  # fmt: skip
        if sorter.numel() and (sorter._data.min() < 0 or sorter._data.max() >= b.shape[-1]):
            raise RuntimeError("torch.searchsorted(): sorter index out of range")
    if input.ndim == 0 and b.ndim != 1:
        raise RuntimeError("torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is "
                           f"1, but we got boundaries tensor dim({b.ndim}) and input value's dim({input.ndim}) "
                           f"numel({input.numel()})")  # fmt: skip
    if b.ndim == 0:
        raise RuntimeError("torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
                           "dimension")  # fmt: skip
    if b.ndim != 1 and (b.ndim != input.ndim or tuple(b.shape[:-1]) != tuple(input.shape[:-1])):
        raise RuntimeError(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries "
            f"tensor and input value tensor must match, but we got boundaries tensor {shape_text(b.shape)} and input "
            f"value tensor {shape_text(input.shape)}"
        )
    return _search("searchsorted", b, input, out_int32, right, sorter)


def bucketize(input, boundaries, *, out_int32=False, right=False, out=None, **unknown):
    """Mirror ``torch.bucketize``: for each value of ``input`` (a tensor or a number), the index of its bucket among
    the 1-D sorted ``boundaries`` (``boundaries[i-1] < x <= boundaries[i]``, or ``<= x <`` with ``right=True``), as
    ``searchsorted(boundaries, input)``; int64, or int32 with ``out_int32``."""
    if not isinstance(input, (Tensor, *NUMBERS)) or not isinstance(boundaries, Tensor) or unknown or \
            out_int32.__class__ is not bool or right.__class__ is not bool:
        wrong = {k: v for k, v in (("out_int32", out_int32), ("right", right)) if v.__class__ is not bool}
        raise invalid_arguments("bucketize", (input, boundaries), _BUCKETIZE, {**unknown, **wrong})
    if boundaries.ndim != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.ndim})")
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)


# -- select_scatter, slice_scatter, diagonal_scatter -----------------------------------------------------------------
def _scatter_args(function, src, at):
    return _tensor(function, "src", at, src)


@public("select_scatter", function=False, parse=True)
def select_scatter(input, src, dim=REQUIRED, index=REQUIRED):
    """Mirror ``torch.select_scatter``: ``input`` with ``input.select(dim, index)`` replaced by ``src`` (its shape
    exactly; cast to input's dtype); SelectScatterBackward0."""
    _scatter_args("select_scatter", src, 2)
    require_dim("select_scatter", dim)
    require_dim("select_scatter", index, "index")
    return SM.SelectScatter.apply(input, src, dim=_int("select_scatter", "dim", 3, dim),
                                  index=_int("select_scatter", "index", 4, index))  # fmt: skip


@public("slice_scatter", function=False, parse=True)
def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    """Mirror ``torch.slice_scatter``: ``input`` with ``input[start:end:step]`` along ``dim`` replaced by ``src``
    (its shape exactly); SliceScatterBackward0."""
    _scatter_args("slice_scatter", src, 2)
    return SM.SliceScatter.apply(input, src, dim=_int("slice_scatter", "dim", 3, dim), start=start, end=end,
                                 step=_int("slice_scatter", "step", 6, step))  # fmt: skip


@public("diagonal_scatter", function=False, parse=True)
def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """Mirror ``torch.diagonal_scatter``: ``input`` with ``input.diagonal(offset, dim1, dim2)`` replaced by ``src``
    (its shape exactly); DiagonalScatterBackward0."""
    _scatter_args("diagonal_scatter", src, 2)
    return SM.DiagonalScatter.apply(input, src, offset=offset, dim1=dim1, dim2=dim2)


# -- hsplit, vsplit, dsplit ------------------------------------------------------------------------------------------
def _splitter(name, dims, at_least):
    overloads = ("Tensor input, int sections", "Tensor input, tuple of ints indices")

    def split(input, sections=None, *more, indices=None):
        if more:  # torch.hsplit(x, 1, 2): the function takes its indices as one tuple
            raise invalid_arguments(name, (input, sections, *more), overloads)
        indices_or_sections = sections = overload_argument(name, sections=sections, indices=indices)
        if isinstance(sections, Tensor) or not is_int(sections) and not isinstance(sections, (tuple, list)):
            raise invalid_arguments(name, (input, indices_or_sections), overloads)
        if isinstance(sections, (tuple, list)) and not all(map(is_int, sections)):  # no float indices
            raise call_error(name, overloads, (input, sections), {})
        if input.ndim < at_least:
            raise RuntimeError(f"torch.{name} requires a tensor with at least {at_least} dimension, but got a tensor "
                               f"with {input.ndim} dimensions!")  # fmt: skip
        dim = dims(input.ndim)
        if is_int(indices_or_sections):
            sections, size = int(indices_or_sections), input.shape[dim]
            if sections == 0 or size % sections:
                raise RuntimeError(f"torch.{name} attempted to split along dimension {dim}, but the size of the "
                                   f"dimension {size} is not divisible by the split_size {sections}!")  # fmt: skip
        return tensor_split(input, indices_or_sections, dim)

    def method(self, *indices_or_sections, **kwargs):
        if len(indices_or_sections) > 1:  # x.hsplit(1, 2): the method also takes the indices one by one
            return split(self, indices_or_sections)
        return split(self, *indices_or_sections, **kwargs)

    split.__doc__ = (f"Mirror ``torch.{name}``: ``tensor_split`` along dim {dims(3)} (of a tensor of {at_least} or "
                     "more dims) into equal sections, or at the given indices; each piece a view (SliceBackward0).")
    method.__doc__ = f"Mirror ``Tensor.{name}(sections)`` and ``Tensor.{name}(*indices)``: ``torch.{name}``."
    for fn in (split, method):
        fn.__name__ = fn.__qualname__ = name
    public(name, function=False)(method)
    return split


hsplit = _splitter("hsplit", lambda n: 0 if n == 1 else 1, 1)
vsplit = _splitter("vsplit", lambda n: 0, 2)
dsplit = _splitter("dsplit", lambda n: 2, 3)
