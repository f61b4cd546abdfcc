"""torch's orthogonal polynomials of ``torch.special`` as its CPU kernels compute them
(``aten/src/ATen/native/Math.h``): Chebyshev's T, U, V, W and their shifted forms on [0, 1], Hermite's H and He,
Laguerre's L and Legendre's P, of degree ``n`` at ``x``. torch does not differentiate them: their results never
require grad.

``n`` is the element of the promoted floating tensor cast to int64 as C++ casts it (truncated; nan, inf and values
beyond int64 become -2**63, so give 0, as every negative degree does). Each kernel takes torch's early returns (the
edges ``|x| = 1``, the closed forms ``cos(n acos x)`` for large ``n`` inside (-1, 1)) and runs the three-term
recurrence for the other elements, in the dtype, each ``a * b - c`` fused as gcc compiles it (:func:`fma`), stopping
where torch's loop stops (at a nan, for most). Where torch's loop never runs because ``x`` is nan, torch returns an
uninitialised variable; minigrad gives nan there."""

import numpy as np

from ..fused_multiply_add import fma
from .specials import _acos, _cos, _quiet, _sin

_INT64_MIN = np.iinfo(np.int64).min
_HERMITE_LIMIT = {np.dtype(np.float32): 128, np.dtype(np.float64): 512}


def degree(n):
    """``static_cast<int64_t>(n)`` of a floating array, as x86 computes it (-2**63 for nan, inf and overflow)."""
    n = np.asarray(n)
    if n.dtype.kind in "iub":
        return n.astype(np.int64)
    fits = np.isfinite(n) & (np.abs(n) < 2.0**63)
    return np.where(fits, np.trunc(np.where(fits, n, 0)), 0).astype(np.int64) + np.where(fits, 0, _INT64_MIN)


def _iterate(x, n, p, q, step, nan_stop=True):
    """``q`` after torch's loop ``for j = 1 .. n - 1: r = step(j, x, p, q); p = q; q = r`` run on each element (1-d
    arrays), leaving it at a nan ``q`` where ``nan_stop``; nan where the loop never ran because ``q`` was nan (an
    uninitialised result in torch)."""
    c = x.dtype.type
    out = np.where(np.isnan(q) & (n > 1), c(np.nan), q) if nan_stop else q.copy()
    idx = np.nonzero((n > 1) & ~np.isnan(q) if nan_stop else n > 1)[0]
    x, n, p, q = x[idx], n[idx], p[idx], q[idx]
    j = 1
    while idx.size:
        r = step(c(j), x, p, q)
        p, q = q, r
        j += 1
        keep = (j < n) & ~np.isnan(q) if nan_stop else j < n
        out[idx[~keep]] = q[~keep]
        idx, x, n, p, q = idx[keep], x[keep], n[keep], p[keep], q[keep]
    return out


def _three_term(x, n, first, scale):
    """The recurrence ``r = scale * q - p`` from ``p = 1``, ``q = first`` (Chebyshev's, with ``scale = 2x``, or
    ``2(2x - 1)`` shifted)."""
    one = np.ones_like(x)
    return _iterate(scale, n, one, first, lambda j, s, p, q: fma(s, q, -p))


def _select(x, n, edges, closed, low, recurrence):
    """An elementwise kernel of torch's shape: 0 for ``n < 0``, then ``edges`` (a list of (condition, value)), then
    ``closed`` where given, then ``low`` (the values for n = 0 and 1), else the recurrence's value (computed for the
    elements that reach it only)."""
    c = x.dtype.type
    out = np.zeros_like(x)
    decided = n < 0
    for condition, value in [*edges, *closed, (n == 0, c(1)), (n == 1, low)]:
        pick = condition & ~decided
        out = np.where(pick, value, out)
        decided |= pick
    rest = np.nonzero(~decided)
    out[rest] = recurrence(rest)
    return out


def _signed(n, positive, value):
    """``value`` where ``positive`` or ``n`` is even, else ``-value``."""
    return np.where(positive | (n % 2 == 0), value, -value)


def _as(x, values):
    """int64 ``values`` converted to ``x``'s dtype, as C++ converts the kernel's ``n + 1`` on return."""
    return np.asarray(values).astype(x.dtype)


@_quiet
def chebyshev_polynomial_t_kernel(x, n, shifted=False):
    """torch's ``chebyshev_polynomial_t_forward`` (``shifted``: ``shifted_chebyshev_polynomial_t_forward``, of
    ``2x - 1``)."""
    c = x.dtype.type
    x, n = np.broadcast_arrays(x, degree(n))
    y = x + x - c(1) if shifted else x
    inside = (n > 6) & (np.abs(y) < c(1))
    closed = [(inside, _cos(_as(x, n) * _acos(np.where(inside, y, c(0)))))]
    edges = _edges(x, n, shifted, c(1), c(1))
    return _select(x, n, edges, closed, y, lambda i: _three_term(y[i], n[i], y[i], y[i] + y[i]))


def _edges(x, n, shifted, right, left):
    """The values at the interval's ends (``|x| = 1``, or ``x = 1`` and ``x = 0`` shifted): ``right`` at the right end,
    ``left`` times ``(-1)^n`` at the left end."""
    c = x.dtype.type
    at_left = (x == c(0)) if shifted else (x == c(-1))
    return [(x == c(1), right), (at_left, _signed(n, np.zeros(x.shape, bool), left))]


def _u_closed(x, n, y, inside):
    """U's closed form inside (-1, 1): ``sin((n + 1) t) / sin(t)`` with ``t = acos(y)``, or
    ``(n + 1) cos((n + 1) t) / y`` where ``sin(t)`` is 0."""
    c = x.dtype.type
    t = _acos(np.where(inside, y, c(0)))
    m = _as(x, n + 1)
    s = _sin(t)
    return np.where(s != c(0), _sin(m * t) / s, m * _cos(m * t) / y)


@_quiet
def chebyshev_polynomial_u_kernel(x, n, shifted=False):
    """torch's ``chebyshev_polynomial_u_forward`` (``shifted``: of ``2x - 1``, the closed form from n > 6)."""
    c = x.dtype.type
    x, n = np.broadcast_arrays(x, degree(n))
    y = x + x - c(1) if shifted else x
    inside = (n > (6 if shifted else 8)) & (np.abs(y) < c(1))
    edges = _edges(x, n, shifted, _as(x, n + 1), _as(x, n + 1))
    return _select(x, n, edges, [(inside, _u_closed(x, n, y, inside))], y + y,
                   lambda i: _three_term(y[i], n[i], y[i] + y[i], y[i] + y[i]))  # fmt: skip


@_quiet
def chebyshev_polynomial_v_kernel(x, n, shifted=False):
    """torch's ``chebyshev_polynomial_v_forward`` (``shifted``: of ``2x - 1``, the closed form from n > 6)."""
    c = x.dtype.type
    x, n = np.broadcast_arrays(x, degree(n))
    y = x + x - c(1) if shifted else x
    inside = (n > (6 if shifted else 8)) & (np.abs(y) < c(1))
    t = _acos(np.where(inside, y, c(0)))
    odd = _signed(n, np.zeros(x.shape, bool), _as(x, n + n + 1))
    half = _sin(t / c(2)) != c(1)
    closed = [(inside & half, _cos((_as(x, n) + c(0.5)) * t) / _cos(t / c(2))), (inside, odd)]
    edges = _edges(x, n, shifted, c(1), _as(x, n + n + 1))
    first = y + y - c(1)
    return _select(x, n, edges, closed, first, lambda i: _three_term(y[i], n[i], first[i], y[i] + y[i]))


@_quiet
def chebyshev_polynomial_w_kernel(x, n, shifted=False):
    """torch's ``chebyshev_polynomial_w_forward`` (``shifted``: of ``2x - 1``, the closed form from n > 4)."""
    c = x.dtype.type
    x, n = np.broadcast_arrays(x, degree(n))
    y = x + x - c(1) if shifted else x
    inside = (n > (4 if shifted else 8)) & (np.abs(y) < c(1))
    t = _acos(np.where(inside, y, c(0)))
    half = _cos(t / c(2)) != c(1)
    ends = _signed(n, np.zeros(x.shape, bool), c(1)) if shifted else \
        np.where(x > c(0), _as(x, n + n + 1), _signed(n, np.zeros(x.shape, bool), c(1)))
    closed = [(inside & half, _sin((_as(x, n) + c(0.5)) * t) / _sin(t / c(2))), (inside, ends)]
    edges = _edges(x, n, shifted, _as(x, n + n + 1), c(1))
    first = y + y + c(1)
    return _select(x, n, edges, closed, first, lambda i: _three_term(y[i], n[i], first[i], y[i] + y[i]))


def shifted_chebyshev_polynomial_t_kernel(x, n):
    """torch's ``shifted_chebyshev_polynomial_t_forward``: T of ``2x - 1``."""
    return chebyshev_polynomial_t_kernel(x, n, shifted=True)


def shifted_chebyshev_polynomial_u_kernel(x, n):
    """torch's ``shifted_chebyshev_polynomial_u_forward``: U of ``2x - 1``."""
    return chebyshev_polynomial_u_kernel(x, n, shifted=True)


def shifted_chebyshev_polynomial_v_kernel(x, n):
    """torch's ``shifted_chebyshev_polynomial_v_forward``: V of ``2x - 1``."""
    return chebyshev_polynomial_v_kernel(x, n, shifted=True)


def shifted_chebyshev_polynomial_w_kernel(x, n):
    """torch's ``shifted_chebyshev_polynomial_w_forward``: W of ``2x - 1``."""
    return chebyshev_polynomial_w_kernel(x, n, shifted=True)


def _hermite(x, n, first, step):
    """A Hermite kernel: ``first`` at degree 1, the recurrence ``step`` (run to the end, nan or not) above, nan beyond
    degree 128 (float32) or 512."""
    c = x.dtype.type
    x, n = np.broadcast_arrays(x, degree(n))
    limit = _HERMITE_LIMIT[x.dtype]

    def recurrence(i):
        values = _iterate(x[i], np.minimum(n[i], limit + 1), np.ones_like(x[i]), first(x[i]), step, nan_stop=False)
        return np.where(n[i] > limit, c(np.nan), values)

    return _select(x, n, [], [], first(x), recurrence)


@_quiet
def hermite_polynomial_h_kernel(x, n):
    """torch's ``hermite_polynomial_h_forward``: ``r = 2x q - 2j p`` from ``p = 1``, ``q = 2x``."""
    return _hermite(x, n, lambda x: x + x, lambda j, x, p, q: fma(x + x, q, -((j + j) * p)))


@_quiet
def hermite_polynomial_he_kernel(x, n):
    """torch's ``hermite_polynomial_he_forward``: ``r = x q - j p`` from ``p = 1``, ``q = x``."""
    return _hermite(x, n, lambda x: x.copy(), lambda j, x, p, q: fma(x, q, -(j * p)))


@_quiet
def laguerre_polynomial_l_kernel(x, n):
    """torch's ``laguerre_polynomial_l_forward``: 1 at 0, ``r = ((2j + 1 - x) q - j p) / (j + 1)``."""
    c = x.dtype.type
    x, n = np.broadcast_arrays(x, degree(n))
    step = lambda j, x, p, q: fma(j + j + (c(1) - x), q, -(j * p)) / (j + c(1))  # noqa: E731
    return _select(x, n, [(x == c(0), c(1))], [], c(1) - x,
                   lambda i: _iterate(x[i], n[i], np.ones_like(x[i]), c(1) - x[i], step))  # fmt: skip


@_quiet
def legendre_polynomial_p_kernel(x, n):
    """torch's ``legendre_polynomial_p_forward``: +-1 at +-1, ``r = ((2j + 1) x q - j p) / (j + 1)``."""
    c = x.dtype.type
    x, n = np.broadcast_arrays(x, degree(n))
    step = lambda j, x, p, q: fma((j + j + c(1)) * x, q, -(j * p)) / (j + c(1))  # noqa: E731
    edges = [(np.abs(x) == c(1), _signed(n, x > c(0), c(1)))]
    return _select(x, n, edges, [], x, lambda i: _iterate(x[i], n[i], np.ones_like(x[i]), x[i].copy(), step))


def polynomial(name, x, n):
    """torch.special's polynomial ``name`` of ``x`` and ``n`` (tensors, or one of them a number): in the floating
    dtype they promote to (the default one for integers and bools); a result that never requires grad."""
    from .. import dtypes
    from ..tensor import Tensor
    from ._util import check_broadcast, not_implemented, wrap

    tensors = [t for t in (x, n) if isinstance(t, Tensor)]
    if len(tensors) == 2:
        check_broadcast(x, n)
    want = dtypes.result_type(tensors, [v for v in (x, n) if not isinstance(v, Tensor)])
    if want.is_floating_point and want.np.itemsize < 4:
        raise not_implemented(f"{name}_cpu", want)
    if not want.is_floating_point:
        want = dtypes.get_default_dtype()
    x, n = np.broadcast_arrays(*(np.asarray(v._data if isinstance(v, Tensor) else v, want.np) for v in (x, n)))
    return wrap(KERNELS[name](x.ravel(), n.ravel()).reshape(x.shape))


KERNELS = {name: globals()[f"{name}_kernel"] for name in (
    "chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
    "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
    "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l",
    "legendre_polynomial_p")}  # fmt: skip
