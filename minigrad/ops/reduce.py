"""Reductions: sum, mean, max. Their gradients spread ``grad`` back over the reduced dimensions. Float16 sums
accumulate in float32, rounded once, as torch's do."""

import math

import numpy as np

from ..dtypes import summed
from ._util import HALF, mean_of, wrap
from .carriers import ARRAYS, TENSORS
from .op import IndexingOp, Op
from .selection_more import value_selecting_reduction_backward


def normalize_dims(t, dim):
    """``dim`` (an int, a tuple, or None for all) as a sorted tuple of non-negative dims."""
    if dim is None:
        return tuple(range(t.ndim))
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    out = sorted({t._wrap_dim(d) for d in dims})
    if len(out) != len(dims):
        raise RuntimeError(f"dim {dims[0]} appears multiple times in the list of dims")
    return tuple(out) if t.ndim else ()  # a 0-d tensor takes dim 0 (or -1), which reduces nothing


def reduced_dims(t, dim):
    """The dims a reduction over ``dim`` reduces (sum, mean, var, norm): all of them for None or no dims
    (``x.sum(dim=())``, as torch's reductions), else :func:`normalize_dims`."""
    if dim is None or not isinstance(dim, int) and len(dim) == 0:
        return tuple(range(t.ndim))
    return normalize_dims(t, dim)


def unsqueeze_dims(grad, dim, keepdim):
    """Put back the reduced dimensions as size 1, so that ``grad`` broadcasts against the input."""
    if keepdim:
        return grad
    for d in dim:
        grad = grad.unsqueeze(d)
    return grad


def sum_to(grad, shape):
    """Sum a broadcast gradient down to ``shape`` (torch's ``sum_to``)."""
    if not shape:  # torch's sum_to sums all of it (SumBackward0)
        return grad.sum()
    lead = grad.ndim - len(shape)
    dims = tuple(range(lead)) + tuple(
        lead + i for i, s in enumerate(shape) if s == 1 and grad.shape[lead + i] != 1
    )
    if dims:
        grad = grad.sum(dims, keepdim=True)
    if lead:
        grad = grad.reshape(shape)
    return grad


class Sum(Op):
    """result = sum of all elements of self"""

    node_name = "SumBackward0"
    formula = {"self": "grad.expand(self.shape)"}
    saved_values = {"self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a):
        ctx.shape = tuple(a.shape)
        return wrap(np.asarray(summed(a._data)))


class SumDim(Op):
    """result = self summed over ``dim``"""

    node_name = "SumBackward1"
    formula = {"self": "unsqueeze_dims(grad, dim, keepdim).expand(self.shape)"}
    saved_values = {"dim": "dim_arg", "keepdim": "keepdim", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, dim, keepdim=False):
        ctx.shape, ctx.dim, ctx.keepdim = tuple(a.shape), reduced_dims(a, dim), keepdim
        ctx.dim_arg = (dim,) if isinstance(dim, int) else dim if dim is None else tuple(dim)
        return wrap(np.asarray(summed(a._data, ctx.dim, keepdim)))


def _check_float_mean(a):
    if not a.dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
            f"dtype. Got: {a.dtype.scalar_name}"
        )


class Mean(Op):
    """result = mean of all elements of self"""

    node_name = "MeanBackward0"
    formula = {"self": "grad.expand(self.shape) / n"}
    saved_values = {"self_sym_numel": "numel", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a):
        _check_float_mean(a)
        ctx.shape, ctx.n, ctx.numel = tuple(a.shape), a.numel(), a.numel()
        return wrap(mean_of(a._data))


class MeanDim(Op):
    """result = self averaged over ``dim``"""

    node_name = "MeanBackward1"
    formula = {"self": "unsqueeze_dims(grad, dim, keepdim).expand(self.shape) / n"}
    saved_values = {"dim": "dim_arg", "keepdim": "keepdim", "self_sym_numel": "numel", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, dim, keepdim=False):
        _check_float_mean(a)
        shape = a._data.shape  # the array's: a.shape would build a torch.Size, np.prod is a Python wrapper
        ctx.shape, ctx.dim, ctx.keepdim, ctx.numel = shape, reduced_dims(a, dim), keepdim, a._data.size
        ctx.dim_arg = (dim,) if isinstance(dim, int) else dim if dim is None else tuple(dim)
        ctx.n = math.prod(shape[d] for d in ctx.dim)
        return wrap(mean_of(a._data, ctx.dim, keepdim))


def unspecified_dim_error(name, error=RuntimeError, hint=True):
    """torch's error for reducing an empty tensor without a dim (max, amax: a RuntimeError with a hint;
    argmax: an IndexError without)."""
    tail = " Specify the reduction dim with the 'dim' argument." if hint else ""
    return error(f"{name}(): Expected reduction dim to be specified for input.numel() == 0.{tail}")


def empty_dim_error(name, dim):
    """torch's error for reducing over a dim of size 0."""
    return IndexError(f"{name}(): Expected reduction dim {dim} to have non-zero size.")


class Max(Op):
    """result = the largest element of self; ties share the gradient evenly, as in torch"""

    node_name = "MaxBackward1"
    formula = {"self": "evenly_distribute_backward(grad, self, result)"}
    saved_names = ("self", "result")
    reduce, word = staticmethod(np.max), "max"  # Min changes only these

    @staticmethod
    def forward(ctx, a):
        if a.numel() == 0:
            raise unspecified_dim_error(ctx.word)
        out = wrap(np.asarray(ctx.reduce(a._data)))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (evenly_distribute_backward(grads[0], a, result, F),)


def evenly_distribute_backward(grad, self, result, F=TENSORS):
    """torch's ``evenly_distribute_backward``: ``grad`` shared evenly by the elements equal to ``result`` (the NaNs
    if it is NaN), written into zeros as torch's CPU code does (``masked_fill_``: MaskedFillBackward1)."""
    hit = self != self if bool(np.isnan(ARRAYS.value(result))) else self == result
    return F.masked_fill(F.zeros_like(self), hit, grad / F.sum(hit))


class Min(Max):
    """result = the smallest element of self; ties share the gradient evenly, as in torch"""

    node_name = "MinBackward1"
    reduce, word = staticmethod(np.min), "min"


def argmax_along(a, dim, keepdim, smallest=False):
    """Indices of the largest (or smallest) elements along ``dim`` (int64, not differentiable)."""
    d = a._wrap_dim(dim)
    x = a._data
    if x.ndim and x.shape[d] == 0:
        raise empty_dim_error("min" if smallest else "max", d)
    idx = (x.argmin if smallest else x.argmax)(axis=d, keepdims=keepdim) if x.ndim else np.zeros((), np.int64)
    return wrap(np.asarray(idx, dtype=np.int64))


class MaxDim(IndexingOp):
    """result = the largest element along ``dim``; the gradient goes to the position it came from"""

    node_name = "MaxBackward0"
    formula = {"self": "value_selecting_reduction_backward(grad, dim, indices, self.shape, keepdim)"}
    saved_values = {"dim": "dim_arg", "indices": "indices", "keepdim": "keepdim", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, dim, keepdim, indices):
        d = a._wrap_dim(dim)
        ctx.shape, ctx.dim, ctx.keepdim, ctx.indices, ctx.dim_arg = a._data.shape, d, keepdim, indices, dim
        ctx._keep_indices(indices)
        if not a.ndim:
            return wrap(a._data.copy())
        idx = indices._data if keepdim else np.expand_dims(indices._data, d)
        values = np.take_along_axis(a._data, idx, axis=d)
        return wrap(values if keepdim else values.squeeze(d))

    @staticmethod
    def backward(ctx, grads, F):
        return (value_selecting_reduction_backward(grads[0], ctx.dim_arg, ctx.indices, ctx.shape, ctx.keepdim, F),)


class MinDim(MaxDim):
    """result = the smallest element along ``dim``; the gradient goes to the position it came from"""

    node_name = "MinBackward0"


def _lower_median(x):
    """The lower median of array ``x``'s elements (the middle one of a sorted odd count, the lower middle one of an
    even count), NaN if there are none or one is NaN, as torch's median."""
    flat = x.reshape(-1)
    if flat.size == 0 or (flat.dtype.kind == "f" and np.isnan(flat).any()):
        return np.asarray(np.nan, dtype=x.dtype)
    middle = (flat.size - 1) // 2
    return np.asarray(np.partition(flat, middle)[middle])


class Median(Max):
    """result = the lower median of self's elements; ties share the gradient evenly, as in torch"""

    node_name = "MedianBackward0"

    @staticmethod
    def forward(ctx, a):
        out = wrap(_lower_median(a._data))
        ctx._save((a, out))
        return out


def median_along(a, dim, keepdim):
    """Indices of the lower medians along ``dim`` (int64, not differentiable): the middle position of a stable
    sort, which among equal values is the one torch picks."""
    d = a._wrap_dim(dim)
    if a.ndim and a.shape[d] == 0:
        raise empty_dim_error("median", d)
    if not a.ndim:
        return wrap(np.zeros((), np.int64))
    x = a._data
    middle = np.take(np.argsort(x, axis=d, kind="stable"), [(a.shape[d] - 1) // 2], axis=d)
    if x.dtype.kind == "f":  # a NaN is the median of its row: the first one
        nans = np.isnan(x)
        middle = np.where(nans.any(axis=d, keepdims=True), np.argmax(nans, axis=d, keepdims=True), middle)
    return wrap(np.asarray(middle if keepdim else np.squeeze(middle, d), dtype=np.int64))


class MedianDim(MaxDim):
    """result = the lower median along ``dim``; the gradient goes to the position it came from"""

    node_name = "MedianBackward1"


def prod_safe_zeros_backward(grad, self, dim, F=TENSORS):
    """torch's ``prod_safe_zeros_backward``: ``grad`` times the product of the exclusive running products of ``self``
    along ``dim`` from the front and from the back (each element's product of the others, without dividing, so zeros
    are safe); on carrier ``F`` (on Tensors the graph torch records: cat, cumprod, flip)."""
    shape = tuple(F.shape(self))
    n = shape[dim]
    if 0 in shape:
        return F.expand(grad, shape)
    ones = F.constant(np.ones(shape[:dim] + (1,) + shape[dim + 1 :], ARRAYS.value(self).dtype))
    exclusive_normal = F.cumprod(F.cat([ones, F.narrow(self, dim, 0, n - 1)], dim), dim)
    exclusive_reverse = F.flip(F.cumprod(F.cat([ones, F.flip(F.narrow(self, dim, 1, n - 1), (dim,))], dim), dim),
                               (dim,))  # fmt: skip
    return grad * (exclusive_normal * exclusive_reverse)


def prod_backward(grad, self, result, dim=None, keepdim=True, F=TENSORS):
    """torch's ``prod_backward``: ``grad * result / self`` where no element (of a reduced slice) is zero, else
    :func:`prod_safe_zeros_backward` (of all elements, flattened, for a full product); a full product with two or more
    zeros has zero gradient, which torch gives as ``zeros_like`` outside grad mode (so never ``-0``)."""
    x = ARRAYS.value(self)
    if not x.ndim:
        return grad
    if dim is not None:
        grad, result = F.unsqueeze_dims(grad, (dim,), keepdim), F.unsqueeze_dims(result, (dim,), keepdim)
    zeros = x == 0
    if not zeros.any():
        return grad * (result / self)
    if dim is not None:
        return prod_safe_zeros_backward(grad, self, dim, F)
    if F is ARRAYS:
        if np.count_nonzero(zeros) > 1:
            return np.zeros_like(x)
        return prod_safe_zeros_backward(grad, x.reshape(-1), 0, F).reshape(x.shape)
    return prod_safe_zeros_backward(grad, self.contiguous().view(-1), 0, F).view_as(self)


def _product_dtype(x):
    return np.int64 if x.dtype.kind in "biu" else x.dtype


_HALF_LANES = 16  # torch's Vectorized<Half> on this CPU, four of them at a time


def _half_rows_product(rows, out):
    """Each row's product as torch's ``vectorized_inner_reduction`` folds float16 into ``out``: every multiply rounded
    to float16, blocks of 4 x 16 lanes multiplied column by column, the four vectors and then the lanes multiplied
    together, the tail one by one."""
    n = rows.shape[1]
    count, block = n // (4 * _HALF_LANES), 4 * _HALF_LANES
    if count:
        blocks = rows[:, : count * block].reshape(len(rows), count, 4, _HALF_LANES)
        acc = blocks[:, 0]
        for i in range(1, count):
            acc = acc * blocks[:, i]
        lanes = (acc[:, 0] * acc[:, 1]) * (acc[:, 2] * acc[:, 3])
        folded = lanes[:, 0]
        for j in range(1, _HALF_LANES):
            folded = folded * lanes[:, j]
        out = out * folded
    for k in range(count * block, n):
        out = out * rows[:, k]
    return out


def half_product(x, axis=None, keepdims=False):
    """The float16 array ``x``'s product (over ``axis``, or all of it) as torch's CPU kernel computes it: in float16,
    vectorised along a contiguous reduced dimension (:func:`_half_rows_product`), else one element after another.
    (Above 32768 elements torch splits the work between threads; that order is not followed.)"""
    one = np.ones((), x.dtype)
    if axis is None:
        if x.flags.c_contiguous or x.flags.f_contiguous:
            return _half_rows_product(x.ravel("K")[None], one)[0]
        inner = min(range(x.ndim), key=lambda d: abs(x.strides[d]) if x.shape[d] > 1 else np.inf)
        if abs(x.strides[inner]) != x.itemsize:
            return _half_sequential_product(x.reshape(-1), 0)
        rows = np.moveaxis(x, inner, -1).reshape(-1, x.shape[inner])
        for row in rows:
            one = _half_rows_product(row[None], one)
        return one.reshape(())
    if x.strides[axis] == x.itemsize:
        moved = np.moveaxis(x, axis, -1)
        out = _half_rows_product(moved.reshape(-1, x.shape[axis]), one).reshape(moved.shape[:-1])
    else:
        out = _half_sequential_product(x, axis)
    return np.expand_dims(out, axis) if keepdims else out


def _half_sequential_product(x, axis):
    out = np.ones(np.delete(x.shape, axis), x.dtype)
    for v in np.moveaxis(x, axis, 0):
        out = out * v
    return out


class Prod(Op):
    """result = the product of all elements of self"""

    node_name = "ProdBackward0"
    formula = {"self": "prod_backward(grad, self, result)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a):
        x = a._data
        out = wrap(np.asarray(half_product(x) if x.dtype is HALF else x.prod(dtype=_product_dtype(x))))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (prod_backward(grads[0], a, result, F=F),)


class ProdDim(Op):
    """result = the product of self's elements along ``dim``"""

    node_name = "ProdBackward1"
    formula = {"self": "prod_backward(grad, self, result, dim, keepdim)"}
    saved_names = ("self", "result")
    saved_values = {"dim": "dim_arg", "keepdim": "keepdim"}

    @staticmethod
    def forward(ctx, a, *, dim, keepdim=False):
        ctx.dim, ctx.dim_arg, ctx.keepdim = a._wrap_dim(dim), dim, keepdim
        x = a._data
        if x.dtype is HALF and x.ndim:
            out = wrap(np.asarray(half_product(x, ctx.dim, keepdim)))
        else:
            out = wrap(np.asarray(x.prod(axis=ctx.dim if x.ndim else None, keepdims=keepdim and x.ndim > 0,
                                         dtype=_product_dtype(x))))  # fmt: skip
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (prod_backward(grads[0], a, result, ctx.dim, ctx.keepdim, F),)


def amax_backward(grad, self, result, dim, keepdim, F=TENSORS):
    """torch's ``scale_grad_by_count``: ``grad`` shared evenly between the elements equal to the result (both
    given back their reduced dims by ``restore_reduced_dims``)."""
    hit = self == F.restore_reduced_dims(result, dim, keepdim)
    count = F.sum(hit, dim, True)
    if F is ARRAYS:
        count = count.astype(ARRAYS.value(self).dtype)
    return F.restore_reduced_dims(grad, dim, keepdim) / count * hit


class Amax(Op):
    """result = the largest elements over ``dim`` (all dims if ``()``); ties share the gradient evenly"""

    node_name = "AmaxBackward0"
    formula = {"self": "amax_backward(grad, self, result, dim, keepdim)"}
    saved_names = ("self", "result")
    saved_values = {"dim": "dim_arg", "keepdim": "keepdim"}
    reduce, word = staticmethod(np.max), "amax"  # Amin changes only these

    @staticmethod
    def forward(ctx, a, *, dim, keepdim=False):
        ctx.dim_arg = (dim,) if isinstance(dim, int) else dim if dim is None else tuple(dim)
        ctx.dim = tuple(range(a.ndim)) if not ctx.dim_arg else normalize_dims(a, ctx.dim_arg)
        ctx.keepdim = keepdim
        x = a._data
        if not ctx.dim_arg and x.size == 0:
            raise unspecified_dim_error(ctx.word)
        for d in ctx.dim:
            if x.shape[d] == 0:
                raise empty_dim_error(ctx.word, d)
        out = wrap(np.asarray(ctx.reduce(x, axis=ctx.dim, keepdims=keepdim)))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (amax_backward(grads[0], a, result, ctx.dim, ctx.keepdim, F),)


class Amin(Amax):
    """result = the smallest elements over ``dim`` (all dims if ``()``); ties share the gradient evenly"""

    node_name = "AminBackward0"
    reduce, word = staticmethod(np.min), "amin"


def nansum_backward(grad, self, dim, keepdim, F=None):
    """torch's ``nansum_backward``: ``grad`` spread over the reduced dims, 0 where ``self`` is NaN."""
    F = F or TENSORS
    spread = F.expand(F.unsqueeze_dims(grad, dim, keepdim), F.shape(self))
    return spread * (~np.isnan(self) if F is ARRAYS else self.isnan().logical_not())


class Nansum(Op):
    """result = the sum of the elements of self that are not NaN, over ``dim`` (every dim if None)"""

    node_name = "NansumBackward0"
    formula = {"self": "nansum_backward(grad, self, dim, keepdim)"}
    saved_names = ("self",)
    saved_values = {"dim": "dim_arg", "keepdim": "keepdim"}

    @staticmethod
    def forward(ctx, a, *, dim=None, keepdim=False, dtype=None):
        ctx._save((a,))
        ctx.dim, ctx.keepdim = reduced_dims(a, dim), keepdim
        ctx.dim_arg = None if dim is None else (dim,) if isinstance(dim, int) else tuple(dim)
        x = a._data
        if dtype is not None:
            x = x.astype(dtype.np)
        total = np.nansum(x, axis=ctx.dim, keepdims=keepdim, dtype=np.int64 if x.dtype.kind in "biu" else None)
        return wrap(np.asarray(total, dtype=np.int64 if x.dtype.kind in "biu" else x.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (nansum_backward(grads[0], a, ctx.dim, ctx.keepdim, F),)


def as_asked(out, dtype):
    """A sum's or product's result in the ``dtype`` asked for: over integers and bools it accumulates in int64,
    then wraps into a smaller type (``sum(dtype=torch.uint8)``) as torch's does (no gradient: not floating)."""
    if dtype is None or out.dtype is dtype:
        return out
    return wrap(out._data.astype(dtype.np))
