"""``scatter``: write a value at the positions an index tensor gives along a dim (``self[index[i][j]][j] = value``
for dim 0), as the Learn-the-Basics transforms do to make one-hot targets."""

import numpy as np

from .. import dtypes
from ..size import shape_text
from ..tensor import Tensor
from ._util import wrap
from .carriers import TENSORS, embed
from .cumulative import ScatterAdd
from .op import IndexingOp


def index_positions(op, a, dim, index):
    """The numpy index of the elements of ``a`` that ``scatter`` writes or ``gather`` reads (``op`` says which)
    along ``dim`` at ``index``, after torch's checks (``self[index[i][j]][j]`` for dim 0)."""
    if index.dtype not in dtypes.INDEX:
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
        if index.dtype not in dtypes.INDEX:
            raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
        if a.dtype is not src.dtype:
            raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
        if index.numel():
            check_src_shape(a, ctx.dim, index, src)
        ctx._keep_indices(index)
        out = a._data.copy().reshape(a.shape if a.ndim else (1,))
        if index.numel():
            values = src._data.reshape(src.shape or (1,))
            out[index_positions("scatter", a, ctx.dim, index)] = values[tuple(slice(0, n) for n in index.shape)]
        return wrap(out.reshape(a.shape))

    @staticmethod
    def backward(ctx, grad):
        return grad.scatter(ctx.dim, ctx.index, 0), grad.gather(ctx.dim, ctx.index)


def check_src_shape(a, dim, index, src):
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
    add up), on carrier ``F``; on Tensors, torch's ``zeros.scatter_add(dim, index, grad)`` (ScatterAddBackward0)."""
    shape = tuple(F.shape(self))
    if F is TENSORS:
        return ScatterAdd.apply(Tensor._wrap(np.zeros(shape, grad._data.dtype)), grad, dim=dim, index=index)
    dim %= max(len(shape), 1)
    key = index_positions("gather", Tensor._wrap(np.zeros(shape, dtype=np.bool_)), dim, index)
    out = embed(F.reshape(grad, tuple(np.broadcast_shapes(*(k.shape for k in key)))), shape or (1,), key)
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
        return (gather_backward(grads[0], a, ctx.dim_arg, ctx.index, F),)


# -- scatter_reduce and index_reduce -------------------------------------------------------------------------
REDUCTIONS = ("sum", "prod", "mean", "amax", "amin")
_UFUNCS = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum, "amin": np.minimum,
           "max": np.maximum, "min": np.minimum}  # torch's forward takes "max" and "min" too (its backward does not)


def _identity(reduce, dtype):
    """The value a position starts from when ``include_self=False`` (torch's reduction identities)."""
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    high = reduce in ("amax", "max")
    if dtype.kind == "b":
        return not high
    if dtype.kind == "f":
        return -np.inf if high else np.inf
    return np.iinfo(dtype).min if high else np.iinfo(dtype).max


def reduce_at(x, key, values, reduce, include_self):
    """``x`` (an array of at least 1 dim) with ``values`` reduced into the positions ``key`` by ``reduce``, in order
    (torch's CPU scatter kernel); ``include_self=False`` leaves the old value of each position written to out."""
    out = x.copy()
    hit = np.zeros(out.shape, dtype=bool)
    hit[key] = True
    if not include_self:
        out[hit] = _identity(reduce, out.dtype)
    _UFUNCS[reduce].at(out, key, values.astype(out.dtype, copy=False))
    if reduce == "mean":
        count = np.ones(out.shape, dtype=np.int64) if include_self else np.zeros(out.shape, dtype=np.int64)
        np.add.at(count, key, 1)
        count[count == 0] = 1
        if out.dtype.kind == "f":
            out = (out / count).astype(out.dtype, copy=False)
        else:
            out = np.floor_divide(out, count).astype(out.dtype, copy=False)
    return out


def _saved_index(ctx, index):
    ctx.index = index
    ctx._keep_indices(index)


class ScatterReduce(IndexingOp):
    """result = self with ``src`` reduced (sum, prod, mean, amax, amin) into the positions ``index`` gives along
    ``dim`` (``self[index[i][j]][j]`` for dim 0), counting self's value unless ``include_self=False``"""

    node_name = "ScatterReduceBackward0"
    formula = {
        "self": "scatter_reduce_backward(grad, self, dim, index, src, reduce, include_self, result)[0]",
        "src": "scatter_reduce_backward(grad, self, dim, index, src, reduce, include_self, result)[1]",
    }
    saved_names = ("self", "src", "result")
    saved_values = {"dim": "dim_arg", "include_self": "include_self", "index": "index", "reduce": "reduce"}

    @staticmethod
    def forward(ctx, a, src, *, dim, index, reduce, include_self=True):
        ctx.dim_arg, ctx.dim = dim, a._wrap_dim(dim)
        ctx.reduce, ctx.include_self = reduce, bool(include_self)
        _saved_index(ctx, index)
        x = a._data.reshape(a.shape or (1,))
        if index.numel():
            values = src._data.reshape(src.shape or (1,))[tuple(slice(0, n) for n in index._data.shape or (1,))]
            out = reduce_at(x, index_positions("scatter", a, ctx.dim, index), values, reduce, ctx.include_self)
        else:
            out = x.copy()
        out = wrap(out.reshape(a.shape))
        ctx._save((a, src, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        a, src, result = ctx._values(TENSORS)
        return reduce_backward(grad, a, ctx.dim, ctx.index, src, ctx.reduce, ctx.include_self, result, ctx._needs(),
                               "scatter")  # fmt: skip


class IndexReduce(IndexingOp):
    """result = self with the slices of ``source`` reduced (prod, mean, amax, amin) into the slices ``index`` (1-D)
    names along ``dim``, counting self's value unless ``include_self=False``"""

    node_name = "IndexReduceBackward0"
    formula = {
        "self": "index_reduce_backward(grad, self, dim, index, source, reduce, include_self, result)[0]",
        "source": "index_reduce_backward(grad, self, dim, index, source, reduce, include_self, result)[1]",
    }
    saved_names = ("self", "source", "result")
    saved_values = {"dim": "dim_arg", "include_self": "include_self", "index": "index", "reduce": "reduce"}

    @staticmethod
    def forward(ctx, a, source, *, dim, index, reduce, include_self=True):
        ctx.dim_arg, ctx.dim = dim, a._wrap_dim(dim)
        ctx.reduce, ctx.include_self = reduce, bool(include_self)
        _saved_index(ctx, index)
        x = a._data.reshape(a.shape or (1,))
        key = (slice(None),) * ctx.dim + (index._data.reshape(-1),)
        out = reduce_at(x, key, source._data.reshape(source.shape or (1,)), reduce, ctx.include_self)
        out = wrap(out.reshape(a.shape))
        ctx._save((a, source, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        a, source, result = ctx._values(TENSORS)
        return reduce_backward(grad, a, ctx.dim, ctx.index, source, ctx.reduce, ctx.include_self, result,
                               ctx._needs(), "index")  # fmt: skip


def scatter_reduce_backward(grad, self, dim, index, src, reduce, include_self, result):
    """torch's ``scatter_reduce_backward``: the gradients of self and src (on Tensors)."""
    return reduce_backward(grad, self, dim, index, src, reduce, include_self, result, (True, True), "scatter")


def index_reduce_backward(grad, self, dim, index, source, reduce, include_self, result):
    """torch's ``index_reduce_backward``: the gradients of self and source (on Tensors)."""
    return reduce_backward(grad, self, dim, index, source, reduce, include_self, result, (True, True), "index")


def reduce_backward(grad, self, dim, index, src, reduce, include_self, result, needs, kind):
    """torch's ``scatter_reduce_backward`` (``kind="scatter"``) and ``index_reduce_backward`` (``"index"``), on
    Tensors: the gradients of self and of src (source)."""
    from ..autograd.function import DelayedError

    if kind == "scatter":
        pick, add = (lambda t: t.gather(dim, index)), (lambda t, s: t.scatter_add(dim, index, s))
        again = lambda t, s: t.scatter_reduce(dim, index, s, reduce, include_self=include_self)  # noqa: E731
    else:
        pick, add = (lambda t: t.index_select(dim, index)), (lambda t, s: t.index_add(dim, index, s))
        again = lambda t, s: t.index_reduce(dim, index, s, reduce, include_self=include_self)  # noqa: E731
    if reduce == "sum":
        g_self, g_src = grad, pick(grad)
    elif reduce == "prod":
        masked_self = self.masked_fill(self == 0, 1)
        g_self = grad * again(masked_self, src) / masked_self
        src_zero = src == 0
        src_num_zeros = pick(add(self.new_zeros(self.shape), src_zero.to(self.dtype)))
        src_single_zero = src_zero & (src_num_zeros == 1)
        masked_src_result = again(self, src.masked_fill(src_single_zero, 1))
        g_src = (pick(grad * masked_src_result)).where(
            src_single_zero, pick(grad * result) / src.masked_fill(src_zero, 1))
        if bool((src_num_zeros > 1).any()):
            what = "src" if kind == "scatter" else "source"
            message = (f"{kind}_reduce(): Double backward is unsupported for {what} when >1 zeros in {what} are "
                       "scattered to the same position in self")
            if g_src._requires_grad:  # torch's DelayedError: differentiating it again raises the message
                node = DelayedError(message)
                node._link([g_src])
                g_src = Tensor._wrap(g_src._data, grad_fn=node)
    elif reduce == "mean":
        n = grad.new_ones(grad.shape) if include_self else grad.new_zeros(grad.shape)
        n = add(n, src.new_ones(src.shape))
        n = n.masked_fill(n == 0, 1)
        g_self = grad / n
        g_src = pick(grad) / pick(n)
    elif reduce in ("amax", "amin"):
        value = pick(result)
        self_is_result = (self == result).to(self.dtype)
        src_is_result = (src == value).to(self.dtype)
        distributed = grad / add(self_is_result, src_is_result)
        if kind == "scatter":
            g_self, g_src = (self == result) * distributed, (src == value) * pick(distributed)
        else:
            g_self, g_src = self_is_result * distributed, src_is_result * pick(distributed)
    else:
        raise RuntimeError(f"Expected 'reduce' to be one of 'sum', 'prod', 'mean', 'amax', 'amin' but got {reduce}.")
    if not include_self:
        g_self = g_self.scatter(dim, index, 0) if kind == "scatter" else g_self.index_fill(dim, index, 0)
    return (g_self if needs[0] else None, g_src if needs[1] else None)
