"""Triangular solves (``torch.linalg.solve_triangular``): ``X`` with ``A @ X = B`` (or ``X @ A = B``) for a triangular
``A``, by substitution as LAPACK's trsm does, and torch's backward ``linalg_solve_triangular_backward``."""

import numpy as np

from ..autograd import grad_mode
from ._util import wrap
from .carriers import ARRAYS
from .op import Op


def column_major(x, dtype=None):
    """``x`` (in ``dtype``) laid out as LAPACK leaves its results, each matrix column-major, as torch's linear-algebra
    functions return them: ``stride()``, ``is_contiguous()``, ``view`` and the layout-dependent gradients of later
    products show it."""
    return np.swapaxes(np.ascontiguousarray(np.swapaxes(x, -1, -2), dtype), -1, -2)


def substitute(a, b, upper, left, unitriangular):
    """``X`` with ``a @ X = b`` (``X @ a = b`` if not ``left``) for triangular matrices ``a`` (only the ``upper`` or
    lower triangle read, the diagonal taken as ones if ``unitriangular``), batch dims broadcast, in ``a``'s dtype."""
    if not left:  # X a = b  <=>  a^T X^T = b^T
        return np.swapaxes(substitute(np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2), not upper, True,
                                      unitriangular), -1, -2)  # fmt: skip
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    n = a.shape[-1]
    x = np.array(np.broadcast_to(b, batch + b.shape[-2:]), dtype=a.dtype, copy=True)
    m = np.broadcast_to(a, batch + (n, n))
    order = reversed(range(n)) if upper else range(n)
    with np.errstate(all="ignore"):
        for i in order:
            others = range(i + 1, n) if upper else range(i)
            for j in others:
                x[..., i, :] -= m[..., i, j, None] * x[..., j, :]
            if not unitriangular:
                x[..., i, :] /= m[..., i, i, None]
    return x


def linalg_solve_triangular_backward(grad, A, result, upper, left, unitriangular, needs, F=None):
    """torch's ``linalg_solve_triangular_backward``: ``gB = solve_triangular(A.mH, grad, upper=not upper)``, ``gA =
    -gB @ X.mH`` (``-X.mH @ gB`` if not ``left``) kept on A's triangle (``triu``/``tril``, off the diagonal if
    ``unitriangular``)."""
    if F is ARRAYS or not grad_mode._state.enabled:
        a, g, x = (v if F is ARRAYS else v._data for v in (A, grad, result))
        gB = substitute(np.swapaxes(a, -1, -2), g, not upper, left, unitriangular)
        gA = None
        if needs[0]:
            xt = np.swapaxes(x, -1, -2)
            gA = -(ARRAYS.matmul(gB, xt) if left else ARRAYS.matmul(xt, gB))
            gA = np.triu(gA, int(unitriangular)) if upper else np.tril(gA, -int(unitriangular))
        if F is not ARRAYS:
            gA, gB = (None if v is None else wrap(v) for v in (gA, gB))
        return gA, (gB if needs[1] else None)
    gB = LinalgSolveTriangular.apply(A.mH, grad, upper=not upper, left=left, unitriangular=unitriangular)
    gA = None
    if needs[0]:
        gA = -(gB.matmul(result.mH) if left else result.mH.matmul(gB))
        gA = gA.triu(int(unitriangular)) if upper else gA.tril(-int(unitriangular))
    return gA, (gB if needs[1] else None)


class LinalgSolveTriangular(Op):
    """result = X with self @ X = B (X @ self = B if not left) for a triangular self, by substitution"""

    node_name = "LinalgSolveTriangularBackward0"
    formula = {
        "self": "linalg_solve_triangular_backward(grad, self, result, upper, left, unitriangular, (True, False))[0]",
        "B": "linalg_solve_triangular_backward(grad, self, result, upper, left, unitriangular, (False, True))[1]",
    }
    saved_names = ("self", "result")
    saved_values = {"left": "left", "unitriangular": "unitriangular", "upper": "upper"}

    @staticmethod
    def forward(ctx, A, B, *, upper, left=True, unitriangular=False):
        ctx.upper, ctx.left, ctx.unitriangular = upper, left, unitriangular
        out = wrap(column_major(substitute(A._data, B._data, upper, left, unitriangular)))
        ctx._save((A, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        A, result = ctx._values(F)
        needs = ctx._needs()
        return linalg_solve_triangular_backward(grads[0], A, result, ctx.upper, ctx.left, ctx.unitriangular, needs, F)
