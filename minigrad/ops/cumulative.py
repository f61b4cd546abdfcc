"""``cumprod``, ``cummax``, ``cummin`` and ``logcumsumexp``: running products, maxima, minima and log-sum-exps
along a dim (``cumsum`` is in :mod:`.cumsum`). The forwards compute as torch's CPU kernels do (float32 accumulated in
float64 and rounded once per element; ``logcumsumexp`` with the C library's ``exp`` and ``log1p``, as torch's scalar
loop calls them); the gradients are torch's ``cumprod_backward`` (right where the input holds zeros),
``cummaxmin_backward`` and ``logcumsumexp_backward``."""

import math

import numpy as np

from ..autograd import grad_mode
from ..tensor import Tensor
from ._util import as_saved_int, wrap
from .carriers import ARRAYS, TENSORS
from .indexing import Slice
from .op import IndexingOp, Op

_EXP, _LOG1P = np.frompyfunc(math.exp, 1, 1), np.frompyfunc(math.log1p, 1, 1)


def _accumulator(dtype):
    """torch's CPU accumulation type: double for float32 and float64, float for float16, int64 for integers."""
    if dtype.kind == "f":
        return np.dtype(np.float32) if dtype.itemsize == 2 else np.dtype(np.float64)
    return np.dtype(np.bool_) if dtype.kind == "b" else np.dtype(np.int64)


def running_product(x, dim):
    """The running product of array ``x`` along ``dim`` in ``x``'s dtype, as torch's ``cumprod`` kernel makes it."""
    if not x.ndim:
        return x.copy()
    return np.cumprod(x, axis=dim, dtype=_accumulator(x.dtype)).astype(x.dtype, copy=False)


def _running_sum(x, dim):
    """``Tensor.cumsum`` of array ``x`` (the Cumsum op's arithmetic), for the backward on arrays."""
    acc = np.float64 if x.dtype.kind == "f" else x.dtype
    return np.cumsum(x, axis=dim, dtype=acc).astype(x.dtype, copy=False)


def reversed_cumsum(w, dim, F=TENSORS):
    """torch's ``reversed_cumsum``: ``w.flip(dim).cumsum(dim).flip(dim)``, the sums from the end (on carrier ``F``)."""
    if F is ARRAYS:
        return np.flip(_running_sum(np.flip(w, dim), dim), dim)
    return w.flip(dim).cumsum(dim).flip(dim)


def running_log_sum_exp(x, dim):
    """torch's ``logcumsumexp`` kernel on array ``x``: ``log1p(exp(min - max)) + max`` of each element and the sum so
    far (NaN propagates; equal infinities stay as they are), in float64 for float32 and float64, rounded once."""
    if not x.ndim:
        return x.copy()
    acc = _accumulator(x.dtype)
    moved = np.moveaxis(x, dim, -1).astype(acc)
    out = np.empty(moved.shape, x.dtype)
    total = np.full(moved.shape[:-1], -np.inf, acc)
    for i in range(moved.shape[-1]):
        v = moved[..., i]
        nan = np.isnan(total)
        low = np.where(nan, total, np.where(total < v, total, v))  # std::min(v, total)
        high = np.where(nan, total, np.where(v < total, total, v))  # std::max(v, total)
        if acc == np.float64:
            added = np.asarray(_LOG1P(_EXP(low - high)), dtype=acc) + high
        else:
            added = np.log1p(np.exp(low - high)) + high
        total = np.where((low != high) | np.isfinite(low), added, v)
        out[..., i] = total
    return np.moveaxis(out, -1, dim)


def running_extreme_indices(x, dim, largest):
    """Where the running maximum (``largest``) or minimum of array ``x`` along ``dim`` was found, as torch's ``cummax``
    and ``cummin`` find it: the latest of equal values, and a NaN once seen (int64)."""
    if not x.ndim or not x.size:
        return np.zeros(x.shape, np.int64)
    moved = np.moveaxis(x, dim, -1)
    found = np.empty(moved.shape, np.int64)
    best, at = moved[..., 0], np.zeros(moved.shape[:-1], np.int64)
    floating = x.dtype.kind == "f"
    for i in range(moved.shape[-1]):
        v = moved[..., i]
        take = v >= best if largest else v <= best
        if floating:
            take = np.isnan(v) | (~np.isnan(best) & take)
        best, at = np.where(take, v, best), np.where(take, i, at)
        found[..., i] = at
    return np.moveaxis(found, -1, dim)


# -- cumprod ------------------------------------------------------------------------------------------------
def cumprod_backward(grad, self, dim, result, F=TENSORS):
    """torch's ``cumprod_backward``: the sums from the end of ``result * grad``, divided by ``self`` if no element is
    0; else, with grad mode off, the products around the first zero of each slice (torch's O(n) masks), and with it
    on (``create_graph=True``), each element's product of the others (torch's O(n^2) loop, differentiable again)."""
    x = ARRAYS.value(self)
    if F is TENSORS and grad.dtype != self.dtype:  # grad.to(self.scalar_type())
        grad = grad.to(self.dtype)
    if x.size <= 1 or x.shape[dim] == 1:
        return grad
    w = result * grad
    if not (x == 0).any():
        return reversed_cumsum(w, dim, F) / self
    if not grad_mode._state.enabled:
        return F.constant(_cumprod_backward_zeros(ARRAYS.value(grad), x, dim, ARRAYS.value(result)))
    if F is ARRAYS:
        return _cumprod_backward_each(Tensor._wrap(grad), Tensor._wrap(x), dim)._data
    return _cumprod_backward_each(grad, self, dim)


def _cumprod_backward_zeros(grad, x, dim, result):
    """The O(n) branch of torch's ``cumprod_backward`` on arrays: before the first zero, the sums from the end of
    ``result * grad`` over ``x``; at it, the product before it times the sum of ``grad`` times the products up to
    the second zero; after it, 0."""
    out = np.zeros(x.shape, grad.dtype)
    w = result * grad
    count = np.cumsum(x == 0, axis=dim)
    mask = count == 0
    with np.errstate(divide="ignore", invalid="ignore"):  # the quotients at and after a zero are not used
        out[mask] = (reversed_cumsum(np.where(mask, w, w.dtype.type(0)), dim, ARRAYS) / x)[mask]
    mask = count == 1
    first = np.argmax(mask, axis=dim, keepdims=True)  # mask.max(dim, keepdim=True).indices
    first_mask = np.zeros(x.shape, bool)
    np.put_along_axis(first_mask, first, True, axis=dim)
    first_mask &= mask
    mask &= ~first_mask
    products = running_product(np.where(mask, x, x.dtype.type(1)), dim)
    total = np.sum(products * np.where(count != 1, grad.dtype.type(0), grad), axis=dim, keepdims=True)
    before = np.take_along_axis(result, np.maximum(first - 1, 0), axis=dim)
    before[first == 0] = 1
    total = (total * before).astype(total.dtype, copy=False)
    out[first_mask] = np.broadcast_to(total, x.shape)[first_mask]
    return out


def _cumprod_backward_each(grad, self, dim):
    """The grad-mode branch of torch's ``cumprod_backward`` on Tensors: for each k along ``dim``, ``grad`` summed
    against the products that omit element k, copied into a slice of zeros (CopySlices, as torch records it)."""
    from .. import creation, functional

    n = self.shape[dim]
    out = creation.zeros(self.shape, dtype=grad.dtype)
    ones = creation.ones(1, dtype=grad.dtype).expand(*self.shape[:dim], 1, *self.shape[dim + 1:])

    def part(t, start, end=None):  # at::slice: a SliceBackward0 even when it takes the whole dim
        return Slice.apply(t, dim=dim, start=start, end=end, step=None)

    for k in range(n):
        if k == 0:
            omitted = functional.cat([ones, part(self, 1).cumprod(dim)], dim)
        elif k == n - 1:
            omitted = part(self, 0, k).prod(dim, keepdim=True)
        else:
            until = part(self, 0, k).prod(dim, keepdim=True)
            after = part(self, k + 1).cumprod(dim)
            omitted = functional.cat([until, until.expand_as(after) * after], dim)
        out.select(dim, k).copy_((part(grad, k) * omitted).sum(dim))
    return out


class Cumprod(Op):
    """result[i] = self[0] * ... * self[i] along ``dim``"""

    node_name = "CumprodBackward0"
    formula = {"self": "cumprod_backward(grad.to(self.dtype), self, dim, result)"}
    saved_names = ("self", "result")
    saved_values = {"dim": "saved_dim"}

    @staticmethod
    def forward(ctx, a, *, dim, dtype=None):
        ctx.dim, ctx.saved_dim = a._wrap_dim(dim), as_saved_int(dim)
        x = a._data
        want = dtype if dtype is not None else (np.dtype(np.int64) if x.dtype.kind in "biu" else x.dtype)
        out = wrap(running_product(x.astype(want, copy=False), ctx.dim))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (cumprod_backward(grads[0], a, ctx.dim, result, F),)


# -- cummax and cummin --------------------------------------------------------------------------------------
class ScatterAdd(IndexingOp):
    """result = self with ``src`` added at ``index`` along ``dim`` (``self.scatter_add(dim, index, src)``): the
    backward of cummax and cummin, differentiable again"""

    node_name = "ScatterAddBackward0"
    formula = {"self": "grad", "src": "grad.gather(dim, index)"}
    saved_values = {"dim": "dim_arg", "index": "index"}

    @staticmethod
    def forward(ctx, a, src, *, dim, index):
        ctx.dim_arg, ctx.index = dim, index
        ctx.dim = dim % a.ndim if a.ndim else 0
        if src._requires_grad:  # only src's gradient reads index, so torch saves it only then
            ctx._keep_indices(index)
        out = a._data.copy()
        # src may be larger than index
        values = src._data.reshape(src.shape or (1,))[tuple(slice(0, n) for n in index.shape or (1,))]
        np.add.at(out.reshape(a.shape or (1,)), _along(index, ctx.dim), values)
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        grad = grads[0]
        if F is ARRAYS:
            # index's shape (a larger src gets torch's shape error from the engine)
            along = grad.reshape(grad.shape or (1,))[_along(ctx.index, ctx.dim)].reshape(ctx.index.shape)
        else:
            along = grad.gather(ctx.dim_arg, ctx.index)
        return (grad, along)


def _along(index, dim):
    """The numpy index of the positions ``index`` (an integer tensor, 0-d read as 1-d) names along ``dim``."""
    idx = index._data.reshape(index.shape or (1,))
    key = list(np.indices(idx.shape, sparse=True))
    key[dim] = idx
    return tuple(key)


def cummaxmin_backward(grad, self, indices, dim, F=TENSORS):
    """torch's ``cummaxmin_backward``: zeros of ``self``'s shape with ``grad`` added where each running extreme came
    from (``scatter_add``, on carrier ``F``)."""
    x = ARRAYS.value(self)
    zeros = np.zeros(x.shape, x.dtype)
    if not x.size:  # torch returns the (empty) input itself
        return F.constant(zeros)
    if F is ARRAYS:
        if not x.ndim:
            return zeros + grad
        key = list(np.indices(indices.shape, sparse=True))
        key[dim % x.ndim] = indices._data
        np.add.at(zeros, tuple(key), grad)
        return zeros
    return ScatterAdd.apply(Tensor._wrap(zeros), grad, dim=dim, index=indices)


class Cummax(IndexingOp):
    """result = the largest of self[0], ..., self[i] along ``dim`` (``indices``: where it is)"""

    node_name = "CummaxBackward0"
    formula = {"self": "cummaxmin_backward(grad, self, indices, dim)"}
    saved_names = ("self",)
    saved_values = {"dim": "dim_arg", "indices": "indices"}

    @staticmethod
    def forward(ctx, a, *, dim, indices):
        ctx.dim_arg, ctx.indices = dim, indices
        ctx._keep_indices(indices)
        ctx._save((a,))
        if not a.ndim or not a._data.size:
            return wrap(a._data.copy())
        return wrap(np.take_along_axis(a._data, indices._data, axis=a._wrap_dim(dim)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (cummaxmin_backward(grads[0], a, ctx.indices, ctx.dim_arg, F),)


class Cummin(Cummax):
    """result = the smallest of self[0], ..., self[i] along ``dim`` (``indices``: where it is)"""

    node_name = "CumminBackward0"


# -- logcumsumexp -------------------------------------------------------------------------------------------
def logcumsumexp_backward(grad, self, result, dim, F=TENSORS):
    """torch's ``logcumsumexp_backward``: the positive and the negative parts of ``grad`` carried back in log space
    (``log|grad|``, the lowest finite number where that part is empty) by reversed logcumsumexps, then subtracted."""
    g = ARRAYS.value(grad)
    if not g.ndim or not g.size:
        return grad
    lowest = float(np.finfo(g.dtype).min)
    if F is ARRAYS:
        def reverse(t):
            return np.flip(running_log_sum_exp(np.flip(t, dim), dim), dim)
    else:
        def reverse(t):
            return t.flip(dim).logcumsumexp(dim).flip(dim)
    log_abs = F.log(abs(grad))
    positive = F.where(F.constant(g > 0), log_abs, lowest)
    negative = F.where(F.constant(g < 0), log_abs, lowest)
    return F.exp(reverse(positive - result) + self) - F.exp(reverse(negative - result) + self)


class Logcumsumexp(Op):
    """result[i] = log(exp(self[0]) + ... + exp(self[i])) along ``dim``"""

    node_name = "LogcumsumexpBackward0"
    formula = {"self": "logcumsumexp_backward(grad, self, result, dim)"}
    saved_names = ("self", "result")
    saved_values = {"dim": "saved_dim"}

    @staticmethod
    def forward(ctx, a, *, dim):
        ctx.dim, ctx.saved_dim = dim, as_saved_int(dim)  # torch's backward flips along dim as given
        out = wrap(running_log_sum_exp(a._data, a._wrap_dim(dim)))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (logcumsumexp_backward(grads[0], a, result, ctx.dim, F),)
