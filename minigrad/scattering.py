"""Writing into a tensor at the positions an index or a mask gives, as torch has it: ``scatter_add``,
``scatter_reduce``, ``index_reduce``, ``masked_scatter`` and ``put`` (functions, Tensor methods and their in-place
forms), with torch's checks and error messages."""

import warnings

import numpy as np

from . import dtypes
from .arguments import check_types, must_be_tensor
from .ops import scatter as SC
from .ops._util import check_broadcast
from .ops.cumulative import ScatterAdd
from .ops.indexing import MaskedScatter
from .ops.inplace import apply_inplace
from .ops.selection_more import Put, _flat_index
from .public import public
from .size import shape_text
from .tensor import Tensor
from .torch_warnings import internal, user_stacklevel

__all__ = ["index_reduce", "masked_scatter", "put", "scatter_add", "scatter_reduce"]


def _check_scatter(a, dim, index, src):
    """torch's checks of scatter_add and scatter_reduce (``scatter_gather_dtype_check``, ``scatter_shape_check``)."""
    d = a._wrap_dim(dim)
    if index.dtype not in dtypes.INDEX:
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    if a.dtype is not src.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    if index.numel():
        if max(index.ndim, 1) != max(a.ndim, 1):
            raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
        SC.check_src_shape(a, d, index, src)
        SC.index_positions("scatter", a, d, index)  # the bounds
    return d


@public("scatter_add", inplace="scatter_add_", function=False, parse=True)
def scatter_add(input, dim, index, src):
    """Mirror ``torch.scatter_add``: ``input`` with the elements of ``src`` added at the positions ``index`` gives
    along ``dim`` (``self[index[i][j]][j] += src[i][j]`` for dim 0; repeats add up; ScatterAddBackward0)."""
    if not isinstance(src, Tensor):
        raise must_be_tensor("scatter_add", "src", 4, src)
    _check_scatter(input, dim, index, src)
    if not index.numel():
        return ScatterAdd.apply(input, src, dim=dim, index=index) if input.numel() else input.clone()
    return ScatterAdd.apply(input, src, dim=dim, index=index)


@public("scatter_reduce", inplace="scatter_reduce_", function=False)
def scatter_reduce(input, dim, index, src, reduce=None, *, include_self=True):
    """Mirror ``torch.scatter_reduce``: ``input`` with the elements of ``src`` reduced at the positions ``index``
    gives along ``dim`` by ``reduce`` ("sum", "prod", "mean", "amax" or "amin"), counting input's own value unless
    ``include_self=False`` (ScatterReduceBackward0, saving self, src and the result)."""
    if not isinstance(src, Tensor):
        raise must_be_tensor("scatter_reduce", "src", 4, src)
    if reduce is None:
        raise TypeError('scatter_reduce() missing 1 required positional arguments: "reduce"')
    check_types("scatter_reduce", ("include_self", None, include_self, "bool"))
    if reduce not in SC.REDUCTIONS + ("max", "min"):
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")
    _check_scatter(input, dim, index, src)
    if reduce == "mean" and input.dtype.category == 0:
        raise NotImplementedError("\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'")
    return SC.ScatterReduce.apply(input, src, dim=dim, index=index, reduce=reduce, include_self=include_self)


_warned = []
_INDEX_REDUCE_BETA = internal("index_reduce() is in beta and the API may change at any time.",
                              "aten/src/ATen/native/TensorAdvancedIndexing.cpp:1523")  # fmt: skip


def _check_index_reduce(a, dim, index, source, reduce):
    """torch's checks of index_reduce (named ``index_reduce_()`` in its messages), in its order."""
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise RuntimeError(f"index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}.")
    d = a._wrap_dim(dim)
    if index.ndim > 1:
        raise IndexError(f"index_reduce_(): Index is supposed to be a vector, but got dim: {index.ndim} with type: "
                         f"{index.dtype.scalar_name} and size: {shape_text(index.shape)}")  # fmt: skip
    if index.dtype not in dtypes.INDEX:
        raise RuntimeError(f"index_reduce_(): Expected dtype int32/int64 for index but got: {index.dtype.scalar_name}")
    if a.dtype is not source.dtype:
        raise RuntimeError(f"index_reduce_(): self ({a.dtype.scalar_name}) and source ({source.dtype.scalar_name}) "
                           "must have the same scalar type")  # fmt: skip
    n = source.shape[d] if source.ndim else 1
    if index.numel() != n:
        raise RuntimeError(f"index_reduce_(): Number of indices ({index.numel()}) should be equal to "
                           f"source.size(dim): ({n}), for dim: {d}")  # fmt: skip
    shape, src_shape = a.shape or (1,), source.shape or (1,)
    if len(src_shape) != len(shape) or any(s != t for i, (s, t) in enumerate(zip(shape, src_shape)) if i != d):
        raise RuntimeError("source tensor shape must match self tensor shape, excluding the specified dimension. Got "
                           f"self.shape = {shape_text(a.shape)} source.shape = {shape_text(source.shape)}")  # fmt: skip
    idx = index._data.reshape(-1)
    if ((idx < 0) | (idx >= shape[d])).any():
        raise IndexError("index out of range in self")


@public("index_reduce", inplace="index_reduce_", function=False)
def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    """Mirror ``torch.index_reduce``: ``input`` with the slices of ``source`` reduced into the slices ``index`` (1-D)
    names along ``dim`` by ``reduce`` ("prod", "mean", "amax" or "amin"), counting input's own value unless
    ``include_self=False`` (IndexReduceBackward0); torch's beta warning."""
    if not isinstance(source, Tensor):
        raise must_be_tensor("index_reduce", "source", 4, source)
    check_types("index_reduce", ("include_self", None, include_self, "bool"))
    if not _warned:  # torch warns once a process
        _warned.append(True)
        warnings.warn(_INDEX_REDUCE_BETA, UserWarning, stacklevel=user_stacklevel())
    _check_index_reduce(input, dim, index, source, reduce)
    return SC.IndexReduce.apply(input, source, dim=dim, index=index, reduce=reduce, include_self=include_self)


def _check_masked_scatter(a, mask, source):
    if mask.dtype.category != 0:
        raise RuntimeError(f"masked_scatter_ only supports boolean masks, but got mask with dtype "
                           f"{mask.dtype.scalar_name}")  # fmt: skip
    if a.dtype is not source.dtype:
        raise RuntimeError(f"masked_scatter: expected self and source to have same dtypes but got"
                           f"{a.dtype.scalar_name} and {source.dtype.scalar_name}")  # fmt: skip


def _masked_scatter(a, mask, source):
    check_broadcast(mask, a)
    if int(np.broadcast_to(mask._data, np.broadcast_shapes(a.shape, mask.shape)).sum()) > source.numel():
        raise RuntimeError("Number of elements of source < number of ones in mask")
    return MaskedScatter.apply(a, source, mask=mask)


@public("masked_scatter", function=False, parse=True)
def masked_scatter(input, mask, source):
    """Mirror ``torch.masked_scatter``: ``input`` (broadcast with the bool ``mask``) with the elements of ``source``,
    in order, where ``mask`` is True (MaskedScatterBackward0)."""
    if not isinstance(source, Tensor):
        raise must_be_tensor("masked_scatter", "source", 3, source)
    _check_masked_scatter(input, mask, source)
    return _masked_scatter(input, mask, source)


@public("masked_scatter_", function=False, parse=True)
def _masked_scatter_(self, mask, source):
    """Mirror ``Tensor.masked_scatter_``: :func:`masked_scatter` written into this tensor (``mask`` must expand to
    its shape)."""
    if not isinstance(source, Tensor):
        raise must_be_tensor("masked_scatter_", "source", 2, source)
    _check_masked_scatter(self, mask, source)
    mask.expand(self.shape)  # torch's error when the mask does not expand to self
    return apply_inplace(self, lambda a, s: _masked_scatter(a, mask, s), source, overlap=None)


@public("put", inplace="put_", function=False, parse=True)
def put(input, index, source, accumulate=False):
    """Mirror ``torch.put``: ``input`` with the elements of ``source`` written (added, if ``accumulate``) at the
    positions ``index`` (int64) of ``input`` read as 1-D; negative positions count from the end (PutBackward0)."""
    if not isinstance(source, Tensor):
        raise must_be_tensor("put", "source", 3, source)
    if index.dtype.name != "int64":
        raise RuntimeError(f"put_(): Expected a long tensor for index, but got {index.dtype.scalar_name}")
    if input.dtype is not source.dtype:
        raise RuntimeError(f"put_(): self and source expected to have the same dtype, but got self.dtype = "
                           f"{input.dtype.scalar_name} and source.dtype = {source.dtype.scalar_name}")  # fmt: skip
    if index.numel() != source.numel():
        raise IndexError(f"put_(): Expected source and index to have the same number of elements, but got "
                         f"source.numel() = {source.numel()}, index.numel() = {index.numel()}")  # fmt: skip
    _flat_index("put", input, index)
    return Put.apply(input, source, index=index, accumulate=bool(accumulate))


def _checked_method(name, argument, position):
    """``Tensor.<name>`` refusing a non-tensor ``argument`` with torch's TypeError, which counts the method's
    arguments after the tensor (``x.scatter_add(0, i, 1)``: 'src' at position 3)."""
    plain = getattr(Tensor, name)

    def method(self, *args, **kwargs):
        given = len(args) >= position
        value = args[position - 1] if given else kwargs.get(argument)
        if (given or argument in kwargs) and not isinstance(value, Tensor):
            raise must_be_tensor(name, argument, position if given else None, value)
        return plain(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__, method.__wrapped__ = plain.__doc__, plain  # its parameters, for torch's keywords (axis=)
    setattr(Tensor, name, method)


for _name, _argument, _position in [
    ("scatter_add", "src", 3), ("scatter_add_", "src", 3), ("scatter_reduce", "src", 3), ("scatter_reduce_", "src", 3),
    ("index_reduce", "source", 3), ("index_reduce_", "source", 3), ("masked_scatter", "source", 2),
    ("put", "source", 2), ("put_", "source", 2),
]:
    _checked_method(_name, _argument, _position)
