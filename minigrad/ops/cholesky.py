"""Cholesky factorisations and what uses them (``torch.linalg.cholesky``, ``torch.cholesky``, ``cholesky_solve``,
``cholesky_inverse``), with torch's backward formulas (``cholesky_backward``, ``cholesky_solve_backward``,
``cholesky_inverse_backward``). The factorisation runs as LAPACK's unblocked potf2 does; values may differ from
torch's (MKL's potrf) in the last bits."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import Op
from .solvers import LinalgSolveTriangular, column_major, substitute


def _mT(x):
    return np.swapaxes(x, -1, -2)


def factor(a, upper=False):
    """The Cholesky factor of each matrix of ``a`` (``(*, n, n)``) read from its lower triangle (upper if ``upper``,
    then the factor returned upper), and LAPACK's ``info``: the order of the first leading minor that is not positive
    definite (0 if none), where the factorisation stopped leaving that pivot unsquared and the rest of the input."""
    if upper:
        out, info = factor(_mT(a))
        return np.ascontiguousarray(_mT(out)), info
    n = a.shape[-1]
    low = np.tril(a)
    info = np.zeros(a.shape[:-2], np.int32)
    active = np.ones(a.shape[:-2], bool)
    with np.errstate(all="ignore"):
        for j in range(n):
            s = low[..., j, j].copy()
            for k in range(j):
                s = s - low[..., j, k] * low[..., j, k]
            fail = active & ~(s > 0)
            info[fail] = j + 1
            active = active & ~fail
            low[..., j, j] = np.where(active, np.sqrt(s), s)
            d = low[..., j, j]
            for i in range(j + 1, n):
                t = low[..., i, j].copy()
                for k in range(j):
                    t = t - low[..., i, k] * low[..., j, k]
                low[..., i, j] = np.where(active, t / d, low[..., i, j])
    return low, info


def positive_definite_error(info, name, single):
    """torch's LinAlgError for the first matrix whose Cholesky factorisation failed, or None."""
    bad = np.flatnonzero(info)
    if not bad.size:
        return None
    from ..linalg import LinAlgError

    where = "" if single else f"(Batch element {bad[0]}): "
    return LinAlgError(
        f"{name}: {where}The factorization could not be completed because the input is not positive-definite (the "
        f"leading minor of order {info.reshape(-1)[bad[0]]} is not positive-definite)."
    )


def cholesky_backward(grad, upper, L, F=None):
    """torch's ``cholesky_backward`` (Iain Murray 2016): ``gA = tril(L^H gL)``, made Hermitian as ``0.5 * (gA +
    tril(gA, -1)^H)``, then ``L^-H gA L^-1`` by two triangular solves."""
    if F is ARRAYS:
        if upper:
            L, grad = _mT(L), _mT(grad)
        gA = np.tril(ARRAYS.matmul(_mT(L), grad))
        gA = 0.5 * (gA + _mT(np.tril(gA, -1)))
        gA = substitute(_mT(L), gA, True, True, False)
        return substitute(L, gA, False, False, False)
    if upper:
        L, grad = L.mH, grad.mH
    gA = L.mH.matmul(grad).tril()
    gA = TENSORS.scalar_mul(0.5, gA + gA.tril(-1).mH)  # C++'s 0.5 * Tensor: mul(Scalar), MulBackward1
    gA = LinalgSolveTriangular.apply(L.mH, gA, upper=True, left=True)
    return LinalgSolveTriangular.apply(L, gA, upper=False, left=False)


class LinalgCholeskyEx(Op):
    """L = the Cholesky factor of self (upper: U with self = U^H U); ``info`` (a list, if given) receives torch's info,
    ``check_errors`` names the function in the LinAlgError raised for a matrix not positive-definite"""

    node_name = "LinalgCholeskyExBackward0"
    formula = {"self": "cholesky_backward(grad, upper, result)"}  # torch: L
    saved_names = ("L",)
    saved_values = {"upper": "upper"}

    @staticmethod
    def forward(ctx, A, *, upper=False, info=None, check_errors=None):
        ctx.upper = upper
        out, code = factor(A._data, upper)
        if check_errors:
            error = positive_definite_error(code, check_errors, A.ndim == 2)
            if error is not None:
                raise error
        if info is not None:
            info.append(wrap(np.asarray(code, np.int32)))
        out = wrap(column_major(out))
        ctx._save((out,))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        (L,) = ctx._values(F)
        return (cholesky_backward(grads[0], ctx.upper, L, F),)


LinalgCholeskyEx._saves_result = True  # it saves its output (torch's name for it: L)


class Cholesky(LinalgCholeskyEx):
    """result = the Cholesky factor of self (``torch.cholesky``, deprecated)"""

    node_name = "CholeskyBackward0"
    formula = {"self": "cholesky_backward(grad, upper, result)"}
    saved_names = ("result",)
    saved_values = {"upper": "upper"}


def cholesky_solve_backward(grad, self, input2, result, upper, needs, F=None):
    """torch's ``cholesky_solve_backward``: ``gB = cholesky_solve(grad, L)``, and with ``C = gB X^H + (gB X^H)^H``,
    ``gL = -C L`` (``-L C`` if ``upper``)."""
    if F is ARRAYS:
        gB = _solve_arrays(grad, input2, upper)
        common = ARRAYS.matmul(gB, _mT(result))
        common = common + _mT(common)
        gL = -(ARRAYS.matmul(input2, common) if upper else ARRAYS.matmul(common, input2))
    else:
        gB = CholeskySolve.apply(grad, input2, upper=upper)
        common = gB.matmul(result.mH)
        common = common + common.mH
        gL = -(input2.matmul(common) if upper else common.matmul(input2))
    return (gB if needs[0] else None), (gL if needs[1] else None)


def _solve_arrays(b, L, upper):
    """``X`` with ``L L^H X = b`` (``U^H U X = b`` if ``upper``), as potrs: two triangular solves."""
    if upper:
        return substitute(L, substitute(_mT(L), b, False, True, False), True, True, False)
    return substitute(_mT(L), substitute(L, b, False, True, False), True, True, False)


class CholeskySolve(Op):
    """result = X with (L L^H) X = self for the Cholesky factor input2 = L (U^H U if upper)"""

    node_name = "CholeskySolveBackward0"
    formula = {
        "self": "cholesky_solve_backward(grad, self, input2, result, upper, (True, False))[0]",
        "input2": "cholesky_solve_backward(grad, self, input2, result, upper, (False, True))[1]",
    }
    saved_names = ("self", "input2", "result")
    saved_values = {"upper": "upper"}

    @staticmethod
    def forward(ctx, B, L, *, upper=False):
        ctx.upper = upper
        with np.errstate(all="ignore"):
            out = wrap(column_major(_solve_arrays(B._data, L._data, upper)))
        ctx._save((B, L, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        B, L, result = ctx._values(F)
        return cholesky_solve_backward(grads[0], B, L, result, ctx.upper, ctx._needs(), F)


def cholesky_inverse_backward(grad, L, upper, inverse, F=None):
    """torch's ``cholesky_inverse_backward``: with ``C = inverse (grad + grad^H) inverse``, ``gL = -C L`` (``-L C``
    if ``upper``)."""
    if F is ARRAYS:
        common = ARRAYS.matmul(inverse, ARRAYS.matmul(grad + _mT(grad), inverse))
        return -(ARRAYS.matmul(L, common) if upper else ARRAYS.matmul(common, L))
    common = inverse.matmul((grad + grad.mH).matmul(inverse))
    return -(L.matmul(common) if upper else common.matmul(L))


class CholeskyInverse(Op):
    """result = (L L^H)^-1 for the Cholesky factor self = L (U^H U if upper), reading only its triangle"""

    node_name = "CholeskyInverseBackward0"
    formula = {"self": "cholesky_inverse_backward(grad, self, upper, result)"}
    saved_names = ("self", "result")
    saved_values = {"upper": "upper"}

    @staticmethod
    def forward(ctx, L, *, upper=False):
        ctx.upper = upper
        a = L._data
        tri = np.triu(a) if upper else np.tril(a)
        diag = np.diagonal(tri, 0, -2, -1)
        zero = diag == 0
        if zero.any():
            from ..linalg import LinAlgError

            flat = zero.reshape(-1, a.shape[-1])
            batch = int(np.flatnonzero(flat.any(-1))[0])
            where = f"(Batch element {batch}): " if a.ndim > 2 else ""
            raise LinAlgError(
                f"cholesky_inverse: {where}The diagonal element {int(np.argmax(flat[batch])) + 1} is zero, the "
                "inversion could not be completed because the input matrix is singular."
            )
        eye = np.broadcast_to(np.eye(a.shape[-1], dtype=a.dtype), a.shape)
        out = wrap(column_major(_solve_arrays(eye, tri, upper)))
        ctx._save((L, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        L, result = ctx._values(F)
        return (cholesky_inverse_backward(grads[0], L, ctx.upper, result, F),)
