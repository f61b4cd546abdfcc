"""Determinants and inverses of square matrices (``torch.linalg.det``, ``slogdet``, ``inv``), from an LU factorisation
with partial pivoting as torch takes it: of ``A`` transposed when ``A`` is contiguous (LAPACK reads a row-major
matrix as its transpose, and ``det(A.mT) = det(A)``), of ``A`` itself otherwise.

Their backward is torch's: ``linalg_det_backward`` solves ``A.mH @ G = det * grad * I`` with the saved LU (a zero
on U's diagonal replaced by eps, so a singular matrix gets the limit of the gradient), and after
``create_graph=True`` with ``linalg_solve(A.mH, d)``, recorded as a LinalgSolveExBackward0 node that differentiates
again. torch differentiates a singular matrix twice through ``linalg_svd``, which minigrad does not have.
"""

import numpy as np

from ..autograd import grad_mode
from ..tensor import Tensor
from ._util import wrap
from .carriers import ARRAYS
from .diagonals import DiagEmbed, diagonal_backward
from .op import Op
from .solvers import column_major as _column_major  # the LU's layout, as torch saves it


def lu_of(a):
    """The LU factorisation with partial pivoting of each matrix of ``a`` (``(*, m, n)``), as LAPACK's getrf gives it:
    ``a = P @ L @ U`` with L (unit diagonal, not stored) below U in one array, the pivots (1-based row swapped with
    row k, int32, ``min(m, n)`` of them) and ``info`` (the 1-based place of the first zero on U's diagonal, 0 if
    none)."""
    shape = a.shape
    m, n = shape[-2:]
    k_max = min(m, n)
    count = int(np.prod(shape[:-2], dtype=np.int64))
    lu = np.array(a, copy=True).reshape(count, m, n)
    rows = np.arange(count)
    pivots = np.empty((count, k_max), np.int32)
    info = np.zeros(count, np.int32)
    with np.errstate(all="ignore"):
        for k in range(k_max):
            p = k + np.argmax(np.abs(lu[:, k:, k]), axis=1)  # the first largest, as idamax
            pivots[:, k] = p + 1
            top = lu[rows, k].copy()
            lu[rows, k] = lu[rows, p]
            lu[rows, p] = top
            pivot = lu[:, k, k]
            zero = pivot == 0
            info[(info == 0) & zero] = k + 1
            scale = np.where(zero, 1, 1 / pivot).astype(lu.dtype)  # getf2 multiplies by the pivot's reciprocal
            lu[:, k + 1 :, k] *= scale[:, None]
            lu[:, k + 1 :, k + 1 :] -= lu[:, k + 1 :, k, None] * lu[:, k, None, k + 1 :]
    return lu.reshape(shape), pivots.reshape(shape[:-2] + (k_max,)), info.reshape(shape[:-2])


def lu_det_P(pivots):
    """torch's ``lu_det_P``: the determinant of the permutation, 1 or -1 (int64), from the pivots."""
    swaps = (np.arange(1, pivots.shape[-1] + 1) != pivots).sum(-1, dtype=np.int64)
    return 1 - 2 * (swaps % 2)


def _product_of_last(x):
    """The product over the last axis, left to right, in ``x``'s dtype."""
    out = np.ones(x.shape[:-1], x.dtype)
    for k in range(x.shape[-1]):
        out = out * x[..., k]
    return out


def solve_with_lu(lu, pivots, b, adjoint=False):
    """``X`` with ``M @ X = b`` (``M.mT @ X = b`` if ``adjoint``) for ``M = P @ L @ U`` of :func:`lu_of`, as getrs
    solves (torch's ``linalg_lu_solve``): batch dims broadcast."""
    n = lu.shape[-1]
    batch = np.broadcast_shapes(lu.shape[:-2], b.shape[:-2])
    x = np.array(np.broadcast_to(b, batch + b.shape[-2:]), dtype=np.result_type(lu, b), copy=True)
    count = int(np.prod(batch, dtype=np.int64))
    x = x.reshape(count, n, b.shape[-1])
    m = np.broadcast_to(lu, batch + (n, n)).reshape(count, n, n)
    p = np.broadcast_to(pivots, batch + (n,)).reshape(count, n) - 1
    rows = np.arange(count)

    def swap(k):
        top = x[rows, k].copy()
        x[rows, k] = x[rows, p[:, k]]
        x[rows, p[:, k]] = top

    if not adjoint:
        for k in range(n):
            swap(k)
        for i in range(n):  # L y = P^T b
            for j in range(i):
                x[:, i] -= m[:, i, j, None] * x[:, j]
        for i in reversed(range(n)):  # U x = y
            for j in range(i + 1, n):
                x[:, i] -= m[:, i, j, None] * x[:, j]
            x[:, i] /= m[:, i, i, None]
    else:
        for i in range(n):  # U^T z = b
            for j in range(i):
                x[:, i] -= m[:, j, i, None] * x[:, j]
            x[:, i] /= m[:, i, i, None]
        for i in reversed(range(n)):  # L^T w = z
            for j in range(i + 1, n):
                x[:, i] -= m[:, j, i, None] * x[:, j]
        for k in reversed(range(n)):
            swap(k)
    return x.reshape(batch + b.shape[-2:])


def _diag_of(values, n):
    """Matrices with ``values`` (``(*,)``) all along their diagonal of ``n``."""
    out = np.zeros(values.shape + (n, n), values.dtype)
    idx = np.arange(n)
    out[..., idx, idx] = values[..., None]
    return out


def _eps(dtype):
    """torch's ``_get_epsilon``: the machine epsilon of the dtype."""
    return np.finfo(dtype).eps


def _is_contiguous(a):
    return a.is_contiguous() if isinstance(a, Tensor) else a.flags.c_contiguous or a.ndim < 2 or a.shape[-1] < 2


def _as_carrier(x, F):
    """A numpy result as the carrier's value."""
    return x if F is ARRAYS else Tensor._wrap(x)


def _array(x):
    return x._data if isinstance(x, Tensor) else x


def _diagonal_d(g, pivots):
    """torch's ``d = diag_embed(g.unsqueeze(-1).expand_as(pivots)).mT()``, the right side of the solve, recorded."""
    return BatchDiagEmbed.apply(g.unsqueeze(-1).expand_as(pivots)).mT


def _not_twice_at_singular():
    return NotImplementedError(
        "minigrad cannot differentiate linalg.det twice at a singular matrix (|det| < 100 * eps): torch does it "
        "through linalg.svd, which minigrad does not have; run this code with `import torch` to use it"
    )


def linalg_det_backward(grad, det, A, LU, pivots, F=None):
    """torch's ``linalg_det_backward``: G solving ``A.mH @ G = det * grad * I``. Without grad mode, from the saved LU
    with each zero on U's diagonal replaced by eps (a singular matrix's limit); with it (``create_graph=True``), as
    ``linalg_solve(A.mH, d)`` recorded, for matrices not within ``100 * eps`` of singular."""
    if _array(A).size == 0:  # torch's gradient: an empty tensor
        return _as_carrier(np.zeros_like(_array(A)), F)
    if not grad_mode._state.enabled:
        g, d, lu = _array(grad), _array(det), _array(LU)
        n, dtype = lu.shape[-1], lu.dtype
        diag = np.diagonal(lu, 0, -2, -1)
        lu = lu + np.where(diag == 0, _eps(dtype), 0).astype(dtype)[..., None] * np.eye(n, dtype=dtype)
        rhs = _diag_of(np.asarray(g * d, dtype), n)
        out = solve_with_lu(lu, _array(pivots), rhs, adjoint=not _is_contiguous(A))
        return _as_carrier(out, F)
    d = _diagonal_d(grad * det, pivots)
    singular = np.abs(det._data) < 100.0 * _eps(det._data.dtype)
    if singular.any():
        raise _not_twice_at_singular()
    return linalg_solve(A.mH, d)


def slogdet_backward(grad_sign, grad_logabsdet, A, sign, LU, pivots, F=None):
    """torch's ``slogdet_backward`` for real matrices: ``grad_logabsdet * A^-H`` (the sign has no gradient), from the
    saved LU, or as ``linalg_solve(A.mH, d)`` recorded after ``create_graph=True``."""
    if grad_logabsdet is None:
        return None
    if not grad_mode._state.enabled:
        g, lu = _array(grad_logabsdet), _array(LU)
        rhs = _diag_of(np.asarray(g, lu.dtype), lu.shape[-1])
        return _as_carrier(solve_with_lu(lu, _array(pivots), rhs, adjoint=not _is_contiguous(A)), F)
    return linalg_solve(A.mH, _diagonal_d(grad_logabsdet, pivots))


def _solve_lu(lu, pivots, b, left, adjoint):
    """torch's ``linalg_lu_solve(LU, pivots, B, left, adjoint)`` for real matrices: ``X A = B`` (``left=False``) as
    ``(A^T X^T = B^T)`` transposed."""
    if left:
        return solve_with_lu(lu, pivots, b, adjoint=adjoint)
    return np.swapaxes(solve_with_lu(lu, pivots, np.swapaxes(b, -1, -2), adjoint=not adjoint), -1, -2)


def is_vector_rhs(A_shape, B_shape):
    """torch's ``linalg_solve_is_vector_rhs``: ``B`` is a (batch of) vector(s), ``B.ndim == 1`` or
    ``B.shape == A.shape[:-1]``."""
    return len(B_shape) == 1 or (len(A_shape) - 1 == len(B_shape) and tuple(B_shape) == tuple(A_shape[:-1]))


def linalg_solve_backward(grad, result, A, LU, pivots, left, needs, F=None):
    """torch's ``linalg_solve_backward``: ``gB = A^-H grad`` (``grad A^-H`` if not ``left``), by
    ``linalg_solve(A.mH, grad, left)`` in grad mode, else from the saved LU, and ``gA = -gB @ X.mH`` (``-X.mH @ gB``);
    a vector right side is a column while it runs."""
    vector = is_vector_rhs(LU.shape, grad.shape)
    if grad_mode._state.enabled and F is not ARRAYS:
        gB = LinalgSolveEx.apply(A.mH, grad.unsqueeze(-1) if vector else grad, left=left)
    else:
        g = _array(grad)
        g = g[..., None] if vector else g
        gB = _as_carrier(_solve_lu(_array(LU), _array(pivots), g, left, adjoint=True), F)
    gA = None
    if needs[0]:
        if F is ARRAYS:
            X = result[..., None] if vector else result
            X = np.swapaxes(X, -1, -2)
            gA = -(F.matmul(gB, X) if left else F.matmul(X, gB))
        else:
            X = (result.unsqueeze(-1) if vector else result).mH
            gA = -(gB.matmul(X) if left else X.matmul(gB))
    if not needs[1]:
        return gA, None
    return gA, ((gB[..., 0] if F is ARRAYS else gB.squeeze(-1)) if vector else gB)


def _factor(ctx, A):
    """The LU factorisation torch takes of ``A`` (of ``A.mT`` when contiguous), kept on ``ctx`` and returned as
    arrays with the LU laid out as torch's and its info."""
    lu, pivots, info = lu_of(np.swapaxes(A._data, -1, -2) if A.is_contiguous() else A._data)
    ctx.LU, ctx.pivots = wrap(_column_major(lu)), wrap(pivots)
    return lu, pivots, info


class LinalgDet(Op):
    """result = det(A) for each matrix of A, ``lu_det_P(pivots) * prod(diag(LU))``"""

    node_name = "LinalgDetBackward0"
    formula = {"A": "linalg_det_backward(grad, result, A, LU, pivots)"}
    saved_names = ("A", "LU", "pivots", "result")

    @staticmethod
    def forward(ctx, A):
        lu, pivots, _ = _factor(ctx, A)
        diag = np.diagonal(lu, 0, -2, -1)
        out = wrap(np.asarray(lu_det_P(pivots) * _product_of_last(diag)).astype(A._data.dtype))
        ctx._save((A, ctx.LU, ctx.pivots, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        A, LU, pivots, det = ctx._values(F)
        return (linalg_det_backward(grads[0], det, A, LU, pivots, F),)


class LinalgSlogdet(Op):
    """(sign, logabsdet) = the sign and the log of the absolute value of det(A), from the LU factorisation"""

    node_name = "LinalgSlogdetBackward0"
    formula = {"A": "slogdet_backward(grads[0], grads[1], A, result0, LU, pivots)"}
    saved_names = ("A", "LU", "pivots", "sign")

    @staticmethod
    def forward(ctx, A):
        lu, pivots, _ = _factor(ctx, A)
        diag = np.diagonal(lu, 0, -2, -1)
        dtype = A._data.dtype
        sign = wrap(np.asarray(_product_of_last(np.sign(diag)) * lu_det_P(pivots)).astype(dtype))
        with np.errstate(divide="ignore"):
            logs = np.log(np.abs(diag))
        total = np.zeros(logs.shape[:-1], dtype)
        for k in range(logs.shape[-1]):
            total = total + logs[..., k]
        logabsdet = wrap(np.asarray(total, dtype))
        ctx._save((A, ctx.LU, ctx.pivots, sign))
        return sign, logabsdet

    @staticmethod
    def backward(ctx, grads, F):
        A, LU, pivots, sign = ctx._values(F)
        return (slogdet_backward(grads[0], grads[1], A, sign, LU, pivots, F),)


def inverse_backward(grad, inverse, F=None):
    """torch's derivative of ``linalg_inv_ex``: ``-inverse.mH @ (grad @ inverse.mH)``."""
    if F is ARRAYS:
        t = np.swapaxes(inverse, -1, -2)
        return -F.matmul(t, F.matmul(grad, t))
    return -(inverse.mH @ (grad @ inverse.mH))  # two transposes, as torch records


class LinalgInvEx(Op):
    """inverse = A^-1 for each matrix of A"""

    node_name = "LinalgInvExBackward0"
    formula = {"A": "inverse_backward(grad, result)"}
    saved_names = ("inverse",)

    @staticmethod
    def forward(ctx, A, *, name="linalg.inv", info=None):
        lu, pivots, code = lu_of(np.swapaxes(A._data, -1, -2) if A.is_contiguous() else A._data)
        bad = np.flatnonzero(code)
        if info is not None:  # inv_ex(check_errors=False): the solve's infs and nans for a singular matrix
            info.append(wrap(np.asarray(code, np.int32)))
            if bad.size:
                eye = np.broadcast_to(np.eye(A.shape[-1], dtype=A._data.dtype), A.shape)
                with np.errstate(all="ignore"):
                    out = wrap(_column_major(solve_with_lu(lu, pivots, eye, adjoint=A.is_contiguous())))
                ctx._save((out,))
                return out
        if bad.size:
            from ..linalg import LinAlgError

            where = f"(Batch element {bad[0]}): " if A.ndim > 2 else ""
            raise LinAlgError(
                f"{name}: {where}The diagonal element {code.reshape(-1)[bad[0]]} is zero, the inversion could not "
                "be completed because the input matrix is singular."
            )
        x = A._data
        try:
            out = np.linalg.inv(x) if x.size else np.empty_like(x)
        except np.linalg.LinAlgError:  # numpy factors A, torch A.mT: a matrix at the edge may pass one only
            eye = np.broadcast_to(np.eye(x.shape[-1], dtype=x.dtype), x.shape)
            out = solve_with_lu(lu, pivots, eye, adjoint=A.is_contiguous())
        out = wrap(_column_major(out, x.dtype))
        ctx._save((out,))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        (inverse,) = ctx._values(F)
        return (inverse_backward(grads[0], inverse, F),)


LinalgInvEx._saves_result = True  # it saves its output (torch's name for it: inverse)


class LinalgSolveEx(Op):
    """result = X with A @ X = B (``left=True``) or X @ A = B, by A's LU factorisation; ``info`` (a list, if given)
    receives torch's info (int32), ``check_errors`` names the function in the LinAlgError raised for a singular A"""

    node_name = "LinalgSolveExBackward0"
    formula = {
        "A": "linalg_solve_backward(grad, result, A, LU, pivots, left, (True, False))[0]",
        "B": "linalg_solve_backward(grad, result, A, LU, pivots, left, (False, True))[1]",
    }
    saved_names = ("A", "LU", "pivots", "result")
    saved_values = {"left": "left"}

    @staticmethod
    def forward(ctx, A, B, *, left=True, info=None, check_errors=None):
        ctx.left = left
        lu, pivots, code = lu_of(A._data)  # torch 2.13 factors A itself here (not A.mT as det does)
        ctx.LU, ctx.pivots = wrap(_column_major(lu)), wrap(pivots)
        if check_errors:
            _check_singular(code, check_errors, A.ndim == 2)
        vector = is_vector_rhs(A.shape, B.shape)
        b = B._data[..., None] if vector else B._data
        with np.errstate(all="ignore"):
            x = _solve_lu(lu, pivots, b, left, adjoint=False)
        dtype = np.result_type(A._data, B._data)
        if vector or not left:  # (for left=False torch solves for X^T, column-major, and transposes it back)
            out = wrap(np.ascontiguousarray(x[..., 0] if vector else x, dtype))
        else:
            out = wrap(_column_major(x, dtype))  # as LAPACK's getrs leaves it
        if info is not None:
            info.append(wrap(np.asarray(code, np.int32)))
        ctx._save((A, ctx.LU, ctx.pivots, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        A, LU, pivots, result = ctx._values(F)
        return linalg_solve_backward(grads[0], result, A, LU, pivots, ctx.left, ctx._needs(), F)


def _check_singular(info, name, single):
    """torch's ``_linalg_check_errors`` for a solver: LinAlgError naming the first singular matrix."""
    bad = np.flatnonzero(info)
    if bad.size:
        from ..linalg import LinAlgError

        where = "" if single else f"(Batch element {bad[0]}): "
        raise LinAlgError(f"{name}: {where}The solver failed because the input matrix is singular.")


def linalg_solve(A, B):
    """``torch.linalg.solve(A, B)`` for a matrix ``B``, as the backward of det and slogdet call it (one
    LinalgSolveExBackward0 node)."""
    return LinalgSolveEx.apply(A, B, left=True)


class BatchDiagEmbed(DiagEmbed):
    """result = matrices of zeros with the last dim of self on their diagonals (``torch.diag_embed``, offset 0)"""

    @staticmethod
    def forward(ctx, a):
        ctx.offset, ctx.dim1, ctx.dim2 = 0, -2, -1
        ctx.saved_offset, ctx.saved_dim1, ctx.saved_dim2 = 0, 2**64 - 2, 2**64 - 1
        n = a.shape[-1]
        return wrap(diagonal_backward(a._data, tuple(a.shape) + (n,), 0, a.ndim - 1, a.ndim, ARRAYS))
