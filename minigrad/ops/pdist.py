"""``Pdist``: torch's ``_pdist_forward`` (PdistBackward0), the distances between every pair of rows of a matrix, in
the order of ``torch.triu_indices(n, n, 1)``; each computed as torch's AVX2 CPU kernel computes it (its terms summed
in 8 float or 4 double lanes, then the lanes folded), and its backward ``_pdist_backward``, whose own derivative
torch does not implement (PdistBackwardBackward0 raises)."""

import math

import numpy as np

from ._util import wrap
from .not_implemented import record_no_derivative
from .op import Op


def _lanes_reduce(terms, red, lanes, fold):
    """``map2_reduce_all`` of torch's vectorised CPU code on ``terms`` (one row per pair): fewer terms than lanes are
    reduced one by one; more are reduced lane by lane (the last partial vector into the first lanes), then the lanes
    folded, halves into halves (``fold``, float32's shuffles) or one by one."""
    m = terms.shape[1]
    if m < lanes:
        acc = terms[:, 0].copy()
        for i in range(1, m):
            acc = red(acc, terms[:, i])
        return acc
    acc = terms[:, :lanes].copy()
    d = lanes
    while d < m - m % lanes:
        acc = red(acc, terms[:, d : d + lanes])
        d += lanes
    if m > d:
        acc[:, : m - d] = red(acc[:, : m - d], terms[:, d:])
    if fold:
        while acc.shape[1] > 1:
            half = acc.shape[1] // 2
            acc = red(acc[:, :half], acc[:, half:])
        return acc[:, 0]
    out = acc[:, 0].copy()
    for i in range(1, lanes):
        out = red(out, acc[:, i])
    return out


def pdist_arrays(x, p):
    """torch's ``_pdist_forward`` kernel on a ``(n, m)`` array: ``|x_i - x_j|`` mapped by ``p`` (``**2`` for 2,
    ``min(ceil, 1)`` for 0, ``** p`` otherwise), reduced (max for inf), then finished (``sqrt``, ``** (1 / p)``)."""
    n, m = x.shape
    i, j = np.triu_indices(n, 1)
    if m == 0 or len(i) == 0:
        return np.zeros(len(i), x.dtype)
    diff = np.abs(x[i] - x[j])
    c = x.dtype.type
    if p == 0:
        terms = np.minimum(np.ceil(diff), c(1))
    elif p == 1 or math.isinf(p):
        terms = diff
    elif p == 2:
        terms = diff * diff
    else:
        terms = np.power(diff, c(p))
    single = x.dtype == np.float32
    agg = _lanes_reduce(terms, np.maximum if math.isinf(p) else np.add, 8 if single else 4, single)
    if p == 2:
        return np.sqrt(agg)
    if p in (0, 1) or math.isinf(p):
        return agg
    return np.power(agg, c(1.0 / p))


def _pdist_term(diff, g, d, p):
    """The gradient of one pair's distance in ``x_i`` (its negative is ``x_j``'s), torch's per-``p`` formula."""
    c = diff.dtype.type
    zero = c(0)
    if p == 1:
        return c(g) * np.sign(diff)
    if p == 2:
        return np.zeros_like(diff) if d == 0 else c(g) * diff / c(d)
    if math.isinf(p):
        return c(g) * np.sign(diff) * (c(1) - np.minimum(c(1), np.ceil(np.abs(np.abs(diff) - c(d)))))
    if d == 0:
        return np.zeros_like(diff)
    with np.errstate(all="ignore"):
        if p < 2:
            term = np.sign(diff) * np.power(np.abs(diff), c(p - 1)) * c(g) / np.power(c(d), c(p - 1))
            return np.where(diff == 0, zero, term) if p < 1 else term
        return diff * np.power(np.abs(diff), c(p - 2)) * c(g) / np.power(c(d), c(p - 1))


def pdist_backward(grad, self, p, pdist):
    """torch's ``_pdist_backward``: for each pair ``(i, j)`` in order, its term added to row ``i`` and taken from row
    ``j`` (torch's loop, column by column); zero for ``p = 0``. With ``create_graph=True`` its result has a
    PdistBackwardBackward0 node that raises, as torch has no derivative of it."""
    x = self._data
    out = np.zeros_like(x)
    n = x.shape[0]
    if p != 0 and grad.numel() and x.size:
        g, d = grad._data, pdist._data
        k = 0
        for i in range(n):
            for j in range(i + 1, n):
                term = _pdist_term(x[i] - x[j], g[k], d[k], p)
                out[i] += term
                out[j] -= term
                k += 1
    return record_no_derivative(wrap(out), (grad, self, pdist), "PdistBackwardBackward0", "_pdist_backward")


class Pdist(Op):
    """result[k] = norm(self[i] - self[j], p) for the k-th pair i < j of rows"""

    node_name = "PdistBackward0"
    formula = {"self": "pdist_backward(grad, self, p, result)"}
    saved_names = ("self", "result")
    saved_values = {"p": "p"}

    @staticmethod
    def forward(ctx, a, *, p):
        ctx.p = p
        out = wrap(pdist_arrays(a._data, p))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        a, result = ctx._unpack()
        return (pdist_backward(grad, a, ctx.p, result),)
