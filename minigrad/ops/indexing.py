"""Indexing: ``x[i]``, ``x[a:b]``, ``x[None]``, ``x[mask]``, ``x[[0, 2]]``, and the backward of each.

Basic indexing gives views made of the nodes torch records (``SelectBackward0``, ``SliceBackward0``,
``UnsqueezeBackward0``); anything else (lists, tensors, masks) is one ``Index`` op that copies. Their
gradients put ``grad`` back where the elements came from (``Embed`` and its variants, which are
differentiable too, for ``create_graph=True``).
"""

import operator
import warnings

import numpy as np

from .. import dtypes
from ..size import shape_text
from ..tensor import Tensor
from ..torch_warnings import internal, user_stacklevel
from ..typename import c_type_name
from ._util import check_broadcast, wrap
from .carriers import ARRAYS, TENSORS, embed
from .op import IndexingOp, Op
from .shape import Alias, Unsqueeze


class Embed(Op):
    """result = zeros of ``shape`` with ``grad`` placed (added) at ``key``: the base of the nodes that record
    select's, a slice's and indexing's backward on Tensors (SelectBackwardBackward0, ...)"""

    formula = {"grad": "grad[key]"}

    @staticmethod
    def forward(ctx, grad, *, shape, key):
        ctx.key = key
        return wrap(embed(grad._data, shape, key))

    @staticmethod
    def backward(ctx, grad):
        return (grad[key_as_index(ctx.key)],)


def key_as_index(key):
    """A numpy index tuple with its arrays as tensors again (to index a Tensor the same way)."""
    return tuple(Tensor._wrap(np.asarray(k)) if isinstance(k, np.ndarray) else k for k in key)


class SelectEmbed(Embed):
    """select's backward, as a differentiable op (seen after ``create_graph=True``)"""

    node_name = "SelectBackwardBackward0"
    formula = {"grad_output": "grad.select(dim, index)"}
    saved_values = {"dim": "dim", "index": "index"}  # read off the key: made positive (torch: as given)
    signature = ("grad_output", "shape", "dim", "index")  # torch's select_backward(grad_output, input_sizes, ...)

    @staticmethod
    def forward(ctx, grad, *, shape, key):
        ctx.dim, ctx.index = len(key) - 1, key[-1]
        return Embed.forward(ctx, grad, shape=shape, key=key)


class SliceEmbed(Embed):
    """a slice's backward, as a differentiable op (seen after ``create_graph=True``); it saves the slice as its
    SliceBackward0 did (``dim`` as given)"""

    node_name = "SliceBackwardBackward0"
    formula = {"grad_output": "grad[key]"}  # torch's: grad.slice_symint(dim, start, end, step)
    saved_values = {"dim": "dim", "end": "end", "start": "start", "step": "step"}
    signature = ("grad_output", "shape", "dim", "start", "end", "step")  # torch's slice_backward's arguments

    @staticmethod
    def forward(ctx, grad, *, shape, key, saved):
        ctx.dim, ctx.start, ctx.end, ctx.step = saved
        return Embed.forward(ctx, grad, shape=shape, key=key)

    @staticmethod
    def backward(ctx, grad):
        return (Slice.apply(grad, dim=len(ctx.key) - 1, start=ctx.start, end=ctx.end, step=ctx.step, dim_arg=ctx.dim),)


def select_backward(grad, shape, dim, index, F=TENSORS):
    """torch's ``select_backward``: zeros of ``shape`` with ``grad`` at ``index`` along ``dim`` (on carrier ``F``)."""
    key = (slice(None),) * dim + (index,)
    if F is TENSORS:
        return SelectEmbed.apply(grad, shape=tuple(shape), key=key)
    return embed(grad, tuple(shape), key)


def slice_backward(grad, shape, dim, start, end, step, F=TENSORS, saved=None):
    """torch's ``slice_backward``: zeros of ``shape`` with ``grad`` in the slice along ``dim`` (on carrier ``F``);
    ``saved``: the forward's (dim, start, end, step) as its node shows them, for SliceBackwardBackward0's."""
    key = (slice(None),) * dim + (slice(start, end, step),)
    if F is TENSORS:
        return SliceEmbed.apply(grad, shape=tuple(shape), key=key, saved=saved or (dim, start, end, step))
    return embed(grad, tuple(shape), key)


def index_backward(grad, shape, indices, F=TENSORS, saved=None):
    """torch's ``index_backward``: zeros of ``shape`` with ``grad`` added at ``indices`` (repeats add up), on
    the carrier ``F``; on Tensors, torch's ``_index_put_impl_`` of ``grad`` into the zeros (IndexPutImplBackward0),
    which saves ``saved``: the index tensors IndexBackward0 saved (the same tensors, in torch)."""
    if F is ARRAYS:
        if len(indices) == 1:
            rows = _rows_added(grad, tuple(shape), indices[0])
            if rows is not None:
                return rows
        return embed(grad, tuple(shape), indices)
    return IndexPutImpl.apply(Tensor._wrap(np.zeros(tuple(shape), grad._data.dtype)), grad, indices=indices,
                              saved=saved)


class IndexPutImpl(Embed, IndexingOp):
    """result = self with ``values`` added at ``indices`` (torch's ``_index_put_impl_`` with ``accumulate=True``):
    indexing's backward on Tensors, seen after ``create_graph=True`` (self: the zeros it fills); it saves the
    index tensors, as torch's node does (torchviz draws them)"""

    node_name = "IndexPutImplBackward0"
    formula = {"self": "None", "values": "grad[key]"}  # torch's: "accumulate ? grad : ...", grad.index(indices)
    saved_values = {"accumulate": "accumulate", "indices": "torch_indices"}
    signature = ("self", "indices", "values", "accumulate")  # torch's _index_put_impl_'s arguments
    accumulate = True

    @staticmethod
    def forward(ctx, a, values, *, indices, saved=None):
        ctx.key, ctx.torch_indices = indices, indices_as_torch_saves(indices) if saved is None else saved
        ctx._keep_indices(*ctx.torch_indices)
        out = a._data.copy()
        np.add.at(out, indices, values._data)  # repeated indices add up, in order (as embed adds them into zeros)
        return wrap(out)

    @staticmethod
    def backward(ctx, grad):
        return None, grad[key_as_index(ctx.key)]


def _rows_added(grad, shape, index):
    """``embed(grad, shape, (index,))`` for an int64 ``index`` of rows (an embedding's lookup), the same sums
    faster: ``np.add.at`` element by element at flat positions computed here, which numpy runs on a fast path that
    whole rows do not get; each element still gets its terms in ``index``'s order. A negative row's positions
    wrap as the row does. None if it does not apply, or for a row out of range (``embed`` then says so)."""
    if index.__class__ is not np.ndarray or index.dtype != np.int64 or len(shape) < 2 or not index.size:
        return None
    if not 256 <= grad.size <= 1 << 22 or grad.shape != index.shape + shape[1:]:  # measured: slower below 256
        return None
    width = grad.size // index.size
    out = np.zeros(shape, dtype=grad.dtype)
    try:
        np.add.at(out.reshape(-1), (index.reshape(-1, 1) * width + np.arange(width)).reshape(-1), grad.reshape(-1))
    except IndexError:
        return None
    return out


class Select(Op):
    """result = self[..., index, ...] at dim ``dim`` (an int index)"""

    node_name = "SelectBackward0"
    formula = {"self": "select_backward(grad, self.shape, dim, index)"}
    saved_values = {"dim": "dim_arg", "index": "index_arg", "self_sym_sizes": "shape"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim, index, dim_arg=None):  # dim_arg: the dim as given to select(), for _saved_dim
        ctx.dim_arg = dim if dim_arg is None else dim_arg
        shape = a._data.shape
        if not shape:
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        size = shape[dim]
        if not -size <= index < size:
            raise IndexError(f"index {index} is out of bounds for dimension {dim} with size {size}")
        ctx.shape, ctx.dim, ctx.index, ctx.index_arg = shape, dim, index % size, index
        return wrap(a._data[(slice(None),) * dim + (ctx.index, Ellipsis)])  # "..." keeps a 0-d result a view

    @staticmethod
    def backward(ctx, grads, F):
        return (select_backward(grads[0], ctx.shape, ctx.dim, ctx.index, F),)


class Slice(Op):
    """result = self[start:end:step] along dim ``dim``"""

    node_name = "SliceBackward0"
    formula = {"self": "slice_backward(grad, self.shape, dim, start, end, step)"}
    saved_values = {"dim": "dim_arg", "end": "end_arg", "self_sym_sizes": "shape", "start": "start_arg",
                    "step": "step_arg"}  # fmt: skip
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim, start, end, step, dim_arg=None):  # dim_arg: the dim as given (narrow's), if not dim
        ctx.dim_arg = dim if dim_arg is None else dim_arg
        if step is not None and step <= 0:
            raise ValueError("slice step cannot be zero" if step == 0 else "step must be greater than zero")
        # what torch saves: the slice as written, None read as 0, INT64_MAX and 1
        ctx.start_arg, ctx.end_arg, ctx.step_arg = start or 0, 2**63 - 1 if end is None else end, step or 1
        start, end, step = slice(start, end, step).indices(a.shape[dim])
        ctx.shape, ctx.dim, ctx.start, ctx.end, ctx.step = tuple(a.shape), dim, start, end, step
        return wrap(a._data[(slice(None),) * dim + (slice(start, end, step),)])

    @staticmethod
    def backward(ctx, grads, F):
        saved = ctx.dim_arg, ctx.start_arg, ctx.end_arg, ctx.step_arg
        return (slice_backward(grads[0], ctx.shape, ctx.dim, ctx.start, ctx.end, ctx.step, F, saved),)


class Index(IndexingOp):
    """result = self[indices] with integer lists/tensors or boolean masks (a copy, not a view)"""

    node_name = "IndexBackward0"
    formula = {"self": "index_backward(grad, self.shape, indices)"}
    saved_values = {"indices": "torch_indices", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, indices):
        ctx.shape, ctx.indices, ctx.torch_indices = tuple(a.shape), indices, indices_as_torch_saves(indices)
        ctx._keep_indices(*ctx.torch_indices)  # what torch saves, a list index too; getitem adds the tensors given
        rows = indices[0] if len(indices) == 1 else None
        if rows.__class__ is np.ndarray and rows.dtype == np.int64 and a._data.ndim:
            try:  # rows of a table (an embedding's lookup): take is faster than indexing, and gives the same array
                return wrap(a._data.take(rows, axis=0))
            except IndexError:
                pass  # indexing's error, below
        try:
            return wrap(a._data[indices])
        except IndexError as e:
            raise IndexError(_index_error(a, indices, e)) from None

    @staticmethod
    def backward(ctx, grads, F):
        if ctx.byte_masks:  # torch's backward indexes with the uint8 masks again, and warns again
            warnings.warn(_UINT8_INDEX, UserWarning, stacklevel=user_stacklevel())
        return (index_backward(grads[0], ctx.shape, ctx.indices, F, ctx.torch_indices),)

    byte_masks = False


def indices_as_torch_saves(key):
    """An index as torch's IndexBackward0 and IndexPutBackward0 save it: tensors, None for ``:``."""
    return tuple(Tensor._wrap(np.asarray(k)) if isinstance(k, np.ndarray) else None for k in key)


def _not_an_index(k):
    """torch's message for an index of a type it does not take, named as its C code names types (``numpy.bool``,
    ``numpy.float64``, ``float``)."""
    return ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices "
            f"(got {c_type_name(k)})")  # fmt: skip


def _index_error(a, indices, err):
    for k in indices:  # a float beside an advanced index (x[[0.5, [1]]]): torch refuses it first
        if isinstance(k, (float, complex, np.floating)):
            return _not_an_index(k)
    consumed = sum(k.ndim if isinstance(k, np.ndarray) and k.dtype == bool else 1 for k in indices
                   if k is not None and k is not Ellipsis and not isinstance(k, (bool, np.bool_)))  # fmt: skip
    if consumed > a.ndim:
        return f"too many indices for tensor of dimension {a.ndim}"
    for dim, k in enumerate(indices):
        if isinstance(k, np.ndarray) and k.dtype == bool:
            for j, (m, s) in enumerate(zip(k.shape, a.shape[dim:])):
                if m != s:
                    return (
                        f"The shape of the mask {shape_text(k.shape)} at index {j} does not match the shape of "
                        f"the indexed tensor {shape_text(a.shape)} at index {dim + j}"
                    )
    # torch broadcasts the index tensors (a mask as one index of its nonzero count per dim) before it reads them
    shapes = [s for k in indices if isinstance(k, np.ndarray)
              for s in ([(int(k.sum()),)] * k.ndim if k.dtype == bool else [k.shape])]  # fmt: skip
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        return ("shape mismatch: indexing tensors could not be broadcast together with shapes "
                + ", ".join(shape_text(s) for s in shapes))  # fmt: skip
    advanced = 0  # torch moves the index tensors to the front, so it counts dimensions among them
    for dim, k in enumerate(indices):
        if isinstance(k, np.ndarray) and k.dtype != bool and k.size and dim < a.ndim:
            bad = k[(k >= a.shape[dim]) | (k < -a.shape[dim])]
            if bad.size:
                return f"index {int(bad.flat[0])} is out of bounds for dimension {advanced} with size {a.shape[dim]}"
        if isinstance(k, np.ndarray):
            advanced += 1
    return str(err)


def is_advanced(k):
    """Whether an index element asks for advanced (copying) indexing: a list or ``range`` (makemore's
    ``logprobs[range(n), Yb]``), a mask or a tensor index."""
    if isinstance(k, Tensor):
        return k.ndim > 0 or k.dtype.category == 0 or k.dtype is dtypes.uint8  # a 0-d uint8 tensor: a mask
    return isinstance(k, (list, np.ndarray, bool, range))


_SEQUENCE_AS_TUPLE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed in pytorch 2.9; use "
    "x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted as tensor index, x[torch.tensor(seq)], "
    "which will result either in an error or a different result"
)


def sequence_as_tuple(key):
    """torch's ``treatSequenceAsTuple``: a list index of fewer than 32 items, one of them a list, tuple, tensor,
    array, slice, None or ``...``, is a tuple of indices (``x[[[0, 1], [1, 2]]]`` is ``x[[0, 1], [1, 2]]``), with
    torch 2.13's deprecation warning; any other list is one index (``x[[0, 2]]``)."""
    if len(key) >= 32:
        return key
    for item in key:
        if isinstance(item, (list, tuple, range, Tensor, np.ndarray, slice, str, bytes)) or item in (None, Ellipsis):
            line = 359 if item is None or item is Ellipsis else 349
            warnings.warn(internal(_SEQUENCE_AS_TUPLE, f"torch/csrc/autograd/python_variable_indexing.cpp:{line}"),
                          UserWarning, stacklevel=user_stacklevel())  # fmt: skip
            return tuple(key)
    return key


_UINT8_INDEX = internal("indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead.",
                        "aten/src/ATen/native/IndexingUtils.h:37")


def np_index(k):
    """An index element as numpy takes it, with torch's error for float indices; a uint8 tensor is a mask, as
    torch still reads it, with its warning."""
    if isinstance(k, Tensor):
        if k.dtype.is_floating_point or k._data.dtype.kind == "i" and k.dtype not in dtypes.INDEX:
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        if k._data.dtype == np.uint8:
            if k.ndim:  # torch does not warn about a 0-d one
                warnings.warn(_UINT8_INDEX, UserWarning, stacklevel=user_stacklevel())
            return k._data.astype(bool)
        return k._data
    if isinstance(k, range):  # a sequence, so an int64 tensor to torch
        return np.arange(k.start, k.stop, k.step, dtype=np.int64)
    if isinstance(k, (list, bool)):
        arr = np.asarray(k) if k != [] else np.zeros(0, np.int64)  # an empty list selects nothing, as in torch
        if arr.dtype.kind not in "bi":
            if arr.dtype == np.uint8:  # numpy uint8 numbers: a uint8 tensor to torch, so a mask
                return np_index(Tensor._wrap(arr))
            if arr.dtype.kind != "u":  # torch makes an int64 tensor of any list that is not all bools
                return np.array(_as_int64(k), dtype=np.int64)
        return arr
    if isinstance(k, np.ndarray) and k.dtype.kind == "f":  # torch casts it to int64, unchecked (NaN: the lowest)
        with np.errstate(invalid="ignore"):
            return k.astype(np.int64)
    return k


def _as_int64(item):
    """A (nested) list index of numbers as torch reads it into an int64 tensor: a Python float truncated toward
    zero (torch's error if it does not fit), anything else by its ``__index__`` (Python's TypeError for a numpy
    float32 or a complex)."""
    if isinstance(item, list):
        return [_as_int64(i) for i in item]
    if isinstance(item, float):
        if item != item or not -(2**63) <= item <= 2**63:
            raise RuntimeError("value cannot be converted to type int64 without overflow")
        return int(item)
    if isinstance(item, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(item).__name__}'")
    value = operator.index(item)
    if not -(2**63) <= value < 2**63:
        raise ValueError("Overflow when unpacking long long")
    return value


def getitem(t, key):
    """Mirror ``Tensor.__getitem__``: basic indexing as a chain of Select/Slice/Unsqueeze views
    (the nodes torch records), anything else as one ``Index`` op."""
    if key.__class__ is int:  # x[i], the commonest key (a dataset's item, a loop over rows): as below, shorter
        shape = t._data.shape
        if shape and -shape[0] <= key < shape[0]:
            return Select.apply(t, dim=0, index=key)
    if key.__class__ is Tensor and key._data.ndim and key._data.dtype == np.int64:  # x[idx], as below, shorter
        out = Index.apply(t, indices=(key._data,))
        if out.grad_fn is not None:
            out.grad_fn._keep_indices(key, *out.grad_fn.torch_indices)
            out.grad_fn.byte_masks = False
        return out
    if key.__class__ is tuple and key and all(k.__class__ is int for k in key):  # x[i, j] (N[a, b] += 1): as below
        return basic_index(t, key)
    if key.__class__ is list:
        key = sequence_as_tuple(key)
    single = not isinstance(key, tuple)  # torch keeps a lone ``x[:]`` as a SliceBackward0 node
    key = (key,) if single else key
    if any(is_advanced(k) for k in key):
        key = byte_masks_as_tensors(key)
        base, indices = select_integers(t, key) if mixes_integers(key) else (t, tuple(np_index(k) for k in key))
        try:
            out = Index.apply(base, indices=indices)
        except IndexError:
            if sum(k is Ellipsis for k in key) < 2:
                raise
            return getitem(t, several_ellipses(t, key))  # numpy takes one ``...``: spell them out
        if out.grad_fn is not None:
            out.grad_fn._keep_indices(*key, *out.grad_fn.torch_indices)
            out.grad_fn.byte_masks = any(isinstance(k, Tensor) and k._data.dtype == np.uint8 for k in key)
        return out
    try:
        out = basic_index(t, key, keep_full_slices=single)
    except TypeError:
        if single and isinstance(key[0], str):  # a string is a sequence of strings to torch's treatSequenceAsTuple
            sequence_as_tuple(list(key[0]))
        raise
    return Alias.apply(t, shape=t.shape) if out is t else out


def byte_masks_as_tensors(key):
    """``key`` with its uint8 arrays as uint8 tensors: masks, as torch still reads them."""
    return tuple(Tensor._wrap(k) if k.__class__ is np.ndarray and k.dtype == np.uint8 else k for k in key)


def several_ellipses(t, key):
    """A key with several ``...`` beside an advanced index as torch reads it (numpy takes one): each ``...`` skips
    the dims the others leave, and full slices past the last dim are dropped (``x[..., [0], ...]`` on three dims is
    ``x[:, :, [0]]``); torch's error if the rest is still too many."""
    skip = t.ndim - sum(map(_dims_taken, key))
    spelled = []
    for k in key:
        spelled.extend([slice(None)] * skip if k is Ellipsis else [k])
    while sum(map(_dims_taken, spelled)) > t.ndim and isinstance(spelled[-1], slice) and spelled[-1] == slice(None):
        spelled.pop()
    taken = sum(map(_dims_taken, spelled))
    if taken > t.ndim:
        raise IndexError(f"too many indices for tensor of dimension {t.ndim} (got {taken})")
    return tuple(spelled)


def _dims_taken(k):
    """How many dims of the indexed tensor an index element uses (a mask: its own dims; None, ``...``, True: none)."""
    if k is None or k is Ellipsis or isinstance(k, (bool, np.bool_)):
        return 0
    if isinstance(k, (Tensor, np.ndarray)) and k.dtype in (dtypes.bool_, np.bool_, dtypes.uint8, np.uint8):
        return k.ndim
    return 1


def basic_index(t, key, keep_full_slices=False):
    """The view of ``t`` that a basic index (a tuple of ints, slices, None and ``...``, each ``...`` skipping the
    dims the others leave, as torch's ``applySlicing``) selects, made of the views torch records, or ``t`` itself
    if it selects everything. A slice over a whole dimension records nothing unless ``keep_full_slices`` (torch's
    getitem keeps a lone ``x[0:n]``)."""
    shape = t._data.shape
    if len(key) <= len(shape) and all(k.__class__ is int and -n <= k < n for k, n in zip(key, shape)):
        for k in key:  # ints alone, each in its dim's bounds (N[a, b] += 1): a Select each, as below
            t = Select.apply(t, dim=0, index=k)
        return t
    consumed = sum(1 for k in key if k is not None and k is not Ellipsis)
    ndim = len(shape)
    if ndim == 0 and len(key) == 1 and isinstance(key[0], slice):
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if consumed > ndim and not (ndim == 0 and len(key) == 1):  # t0[0] gets Select's message
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    out, dim = t, 0
    for position, k in enumerate(key):
        if k is Ellipsis:
            dim += ndim - consumed
        elif k is None:
            out = Unsqueeze.apply(out, dim=dim)
            dim += 1
        elif isinstance(k, slice):
            n = out._data.shape[dim]
            if keep_full_slices or k.step is not None and k.step <= 0 or k.indices(n) != (0, n, 1):
                out = Slice.apply(out, dim=dim, start=k.start, end=k.stop, step=k.step)
            dim += 1
        else:
            out = _select(out, dim, k, position)
    return out


def _select(out, dim, k, position):
    """``out`` at the integer ``k`` along ``dim`` (a Select view), with torch's errors naming the key's
    ``position``."""
    try:
        index = k.__index__()
    except (AttributeError, TypeError):
        if isinstance(k, Tensor):  # a 0-d float tensor
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors") from None
        if isinstance(k, (str, bytes)):  # torch tries to make a tensor of it
            raise TypeError(f"new(): invalid data type '{type(k).__name__}'") from None
        raise IndexError(_not_an_index(k)) from None
    shape = out._data.shape
    if shape:
        try:
            size = shape[dim]
        except IndexError:  # past the last dim, after a second ``...`` (x[..., 0, ..., 0]): size 0 to torch
            size = 0
        if not -size <= index < size:  # torch names the key's position
            raise IndexError(f"index {index} is out of bounds for dimension {position} with size {size}")
    return Select.apply(out, dim=dim, index=index)


def select_integers(t, key):
    """For a key that mixes integers with advanced indices (``x[0, :, [0, 1]]``): torch selects at each integer
    first (a Select view each; numpy would count the integer among the advanced indices and move their dims to
    the front), then indexes with the rest. Returns the view and the rest of the key, as numpy takes it."""
    consumed = sum(k.ndim if isinstance(k, Tensor) and k.dtype.category == 0 else 1 for k in key
                   if k is not None and k is not Ellipsis and not isinstance(k, bool))  # fmt: skip
    if consumed > t.ndim:
        raise IndexError(f"too many indices for tensor of dimension {t.ndim}")
    out, rest, dim = t, [], 0  # dim: in ``out``, which the new dims of None and True/False are not in yet
    for position, k in enumerate(key):
        if k is Ellipsis:
            rest.append(k)
            dim += t.ndim - consumed
        elif k is None or isinstance(k, bool):
            rest.append(np_index(k) if isinstance(k, bool) else k)
        elif isinstance(k, slice):
            rest.append(k)
            dim += 1
        elif is_advanced(k):
            index = np_index(k)
            rest.append(index)
            dim += index.ndim if index.dtype == bool else 1
        else:
            out = _select(out, dim, k, position)
    return out, tuple(rest)


def mixes_integers(key):
    """Whether ``key`` has an integer (or a 0-d integer tensor) beside an advanced index."""
    return any(isinstance(k, (int, np.integer)) and not isinstance(k, bool) or isinstance(k, Tensor) and not k.ndim
               and k.dtype.category != 0 for k in key)  # fmt: skip


def _index_vector(name, index, kind="int32 or int64"):
    """``index`` of index_select/index_add as a 1-D int64 array, after torch's checks of its dtype and dims."""
    if index.dtype not in dtypes.INDEX:
        if name == "index_select":
            raise RuntimeError(f"index_select(): Expected dtype {kind} for index")
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index but got: {index.dtype.scalar_name}")
    if index.ndim > 1:
        if name == "index_select":
            raise IndexError("index_select(): Index is supposed to be a vector")
        raise IndexError(f"{name}(): Index is supposed to be a vector, but got dim: {index.ndim} with type: "
                         f"{index.dtype.scalar_name} and size: {shape_text(index.shape)}")  # fmt: skip
    return index._data.reshape(-1).astype(np.int64)


def index_select_backward(grad, shape, dim, index, F=TENSORS):
    """torch's ``index_select_backward``: zeros of ``shape`` with ``grad`` added at ``index`` along ``dim``
    (repeats add up), on carrier ``F``."""
    idx = ARRAYS.value(index).reshape(-1)
    if F is TENSORS:  # torch's zeros(sizes).index_add_(dim, index, grad)
        zeros = Tensor._wrap(np.zeros(tuple(shape), grad._data.dtype))
        return IndexAdd.apply(zeros, grad, dim=dim, index=index if isinstance(index, Tensor) else Tensor._wrap(idx))
    if not shape:
        return F.reshape(grad, ())
    return embed(grad, tuple(shape), (slice(None),) * (dim % len(shape)) + (idx,))


class IndexSelect(IndexingOp):
    """result = the slices of self at ``index`` along ``dim`` (a copy)"""

    node_name = "IndexSelectBackward0"
    formula = {"self": "index_select_backward(grad, self.shape, dim, index)"}
    saved_values = {"dim": "dim_arg", "index": "index", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, dim, index):
        d = a._wrap_dim(dim)
        idx = _index_vector("index_select", index)
        ctx.dim, ctx.dim_arg, ctx.index, ctx.shape = d, dim, index, tuple(a.shape)
        ctx._keep_indices(index)
        if not a.ndim:
            if idx.size != 1:
                raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got {idx.size} value(s)")
            if idx[0] != 0:
                raise IndexError("index out of range in self")
            return wrap(a._data.copy())
        bad = idx[(idx < 0) | (idx >= a.shape[d])]
        if bad.size:  # torch's kernel for dim 1 has its own message
            if d == 1:
                raise RuntimeError(f"INDICES element is out of DATA bounds, id={bad[0]} axis_dim={a.shape[d]}")
            raise IndexError("index out of range in self")
        return wrap(np.take(a._data, idx, axis=d))

    @staticmethod
    def backward(ctx, grads, F):
        return (index_select_backward(grads[0], ctx.shape, ctx.dim_arg, ctx.index, F),)


def index_add_source_backward(grad, source, dim, index, alpha, F=TENSORS):
    """torch's gradient of index_add's ``source``: ``grad.index_select(dim, index)`` (times ``alpha``)."""
    idx = ARRAYS.value(index).reshape(-1)
    shape = tuple(F.shape(source))
    if F is ARRAYS:
        g = np.take(grad, idx, axis=dim) if grad.ndim else grad.reshape(1)
        g = F.reshape(g, shape)
        return g if alpha == 1 else g * alpha
    g = IndexSelect.apply(grad, dim=dim, index=Tensor._wrap(idx))  # torch's .expand_as(source), maybe_multiply
    g = g.expand(shape) if g.ndim <= len(shape) else F.reshape(g, shape)
    return g if alpha == 1 else F.scalar_mul(g, alpha)


class IndexAdd(IndexingOp):
    """result = self with ``alpha * source`` added at ``index`` along ``dim`` (repeats add up)"""

    node_name = "IndexAddBackward0"
    formula = {"self": "grad", "source": "index_add_source_backward(grad, source, dim, index, alpha)"}
    saved_names = ("source",)
    saved_values = {"alpha": "alpha", "dim": "dim_arg", "index": "saved_index", "source_dim": "source_dim"}

    @staticmethod
    def forward(ctx, a, source, *, dim, index, alpha=1, name="index_add_"):
        d = a._wrap_dim(dim)
        idx = _index_vector(name, index)
        if a.dtype is not source.dtype:
            raise RuntimeError(f"{name}(): self ({a.dtype.scalar_name}) and source ({source.dtype.scalar_name}) must "
                               "have the same scalar type")  # fmt: skip
        n = source.shape[d] if source.ndim else 1
        if idx.size != n:
            raise RuntimeError(f"{name}(): Number of indices ({idx.size}) should be equal to source.size(dim): ({n}), "
                               f"for dim: {d}")  # fmt: skip
        shape = a.shape if a.ndim else (1,)
        src_shape = source.shape if source.ndim else (1,)
        if len(src_shape) != len(shape) or any(s != t for i, (s, t) in enumerate(zip(shape, src_shape)) if i != d):
            raise RuntimeError(
                "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape "
                f"= {shape_text(a.shape)} source.shape = {shape_text(source.shape)}"
            )
        if ((idx < 0) | (idx >= shape[d])).any():
            raise IndexError("index out of range in self")
        keep = source._requires_grad
        ctx.dim, ctx.dim_arg, ctx.index, ctx.alpha, ctx.source_dim = d, dim, index, alpha, source.ndim
        ctx.saved_index = index if keep else None
        ctx._keep_indices(ctx.saved_index)
        ctx._save((source if keep else None,))
        out = a._data.copy().reshape(shape)
        values = source._data.reshape(src_shape)
        np.add.at(out, (slice(None),) * d + (idx,), values if alpha == 1 else values * alpha)
        return wrap(out.reshape(a.shape))

    @staticmethod
    def backward(ctx, grads, F):
        needs = ctx._needs()
        source = ctx._values(F)[0] if needs[1] else None
        g = grads[0]
        return (g if needs[0] else None,
                index_add_source_backward(g, source, ctx.dim, ctx.index, ctx.alpha, F) if needs[1] else None)


def masked_select_backward(grad, self, mask, F=TENSORS):
    """torch's ``masked_select_backward``: zeros of the shape self and ``mask`` broadcast to, with ``grad`` where
    ``mask`` is True (the engine sums it back to self's shape); on Tensors, torch's ``masked_scatter`` of ``grad``
    into the zeros (:class:`MaskedScatter`)."""
    keep = ARRAYS.value(mask)
    shape = np.broadcast_shapes(tuple(F.shape(self)), keep.shape)
    if F is ARRAYS:
        return embed(grad, shape, np.nonzero(np.broadcast_to(keep, shape)))
    zeros = Tensor._wrap(np.zeros(shape, dtype=grad._data.dtype))
    return MaskedScatter.apply(zeros, grad, mask=mask if isinstance(mask, Tensor) else Tensor._wrap(keep))


def masked_scatter_backward(grad, mask, sizes, F=TENSORS):
    """torch's ``masked_scatter_backward``: the elements of ``grad`` where ``mask`` is True, in order, padded with
    zeros to the source's ``sizes``; on Tensors, torch's one op for it (MaskedScatterBackwardBackward0)."""
    if F is TENSORS:
        return MaskedScatterBackward.apply(grad, mask=mask, sizes=tuple(sizes))
    values = grad[np.broadcast_to(ARRAYS.value(mask), grad.shape)]
    missing = int(np.prod(sizes)) - values.shape[0]
    if missing:
        values = np.concatenate([values, np.zeros(missing, dtype=values.dtype)], 0)
    return values.reshape(tuple(sizes))


class MaskedScatterBackward(IndexingOp):
    """result = the elements of ``grad_output`` where ``mask`` is True, padded with zeros to ``sizes``: the gradient
    of masked_scatter's source as one differentiable op (seen after ``create_graph=True``)"""

    node_name = "MaskedScatterBackwardBackward0"
    formula = {"grad_output": "zeros_like(grad_output).masked_scatter(mask, grad)"}
    saved_values = {"mask": "mask"}

    @staticmethod
    def forward(ctx, grad_output, *, mask, sizes):
        ctx.mask, ctx.shape = mask, tuple(grad_output.shape)
        ctx._keep_indices(mask)
        return wrap(masked_scatter_backward(grad_output._data, mask, sizes, ARRAYS))

    @staticmethod
    def backward(ctx, grad):
        zeros = Tensor._wrap(np.zeros(ctx.shape, grad._data.dtype))
        return (MaskedScatter.apply(zeros, grad, mask=ctx.mask),)


class MaskedScatter(IndexingOp):
    """result = self with the elements of source, in order, where ``mask`` is True (masked_select's backward on
    Tensors, seen after ``create_graph=True``)"""

    node_name = "MaskedScatterBackward0"
    formula = {"self": "grad.masked_fill(mask, 0)", "source": "masked_scatter_backward(grad, mask, source_sym_sizes)"}
    saved_values = {"mask": "mask", "source_sym_sizes": "source_sym_sizes"}

    @staticmethod
    def forward(ctx, a, source, *, mask):
        ctx.mask, ctx.source_sym_sizes = mask, tuple(source.shape)
        ctx._keep_indices(mask)
        shape = np.broadcast_shapes(a.shape, mask.shape)  # torch.masked_scatter broadcasts self and mask
        out, keep = np.broadcast_to(a._data, shape).copy(), np.broadcast_to(mask._data, shape)
        out[keep] = source._data.reshape(-1)[: int(keep.sum())]
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        grad, needs = grads[0], ctx._needs()
        return (
            F.masked_fill(grad, F.value(ctx.mask), 0) if needs[0] else None,
            masked_scatter_backward(grad, ctx.mask, ctx.source_sym_sizes, F) if needs[1] else None,
        )


class MaskedSelect(IndexingOp):
    """result = the elements of self where ``mask`` (broadcast with it) is True, in order, as a 1-D tensor"""

    node_name = "MaskedSelectBackward0"
    formula = {"self": "masked_select_backward(grad, self, mask)"}
    saved_names, saved_values = ("self",), {"mask": "mask"}

    @staticmethod
    def forward(ctx, a, *, mask):
        if mask.dtype.category != 0:
            raise RuntimeError("masked_select: expected BoolTensor for mask")
        check_broadcast(mask, a)
        ctx._save((a,))
        ctx.mask = mask
        ctx._keep_indices(mask)
        shape = np.broadcast_shapes(a.shape, mask.shape)
        return wrap(np.broadcast_to(a._data, shape)[np.broadcast_to(mask._data, shape)])

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (masked_select_backward(grads[0], a, ctx.mask, F),)
