"""LU factorisations and what uses them (``torch.linalg.lu``, ``lu_factor_ex``, ``lu_solve``, ``torch.lu_unpack``,
``torch.triangular_solve``), with torch's backward formulas (``linalg_lu_backward``, ``lu_factor_ex_backward``,
``lu_unpack_backward``, ``linalg_lu_solve_LU``, ``triangular_solve_backward``) written on Tensors, so that
``create_graph=True`` records them. The factorisation runs as LAPACK's getrf picks its pivots (the first largest
absolute value of each column); values may differ from torch's (MKL's blocked getrf) in the last bits."""

import numpy as np

from ._util import wrap
from .determinant import _column_major, _solve_lu, lu_of
from .op import Op
from .solvers import LinalgSolveTriangular, substitute


def permutation(pivots, m, dtype):
    """The permutation matrices ``P`` (``(*, m, m)``) of LAPACK's pivots, row swaps applied in order (torch's
    ``lu_unpack``): ``P.mT @ A`` has A's rows in the order the factorisation took them."""
    batch = pivots.shape[:-1]
    count = int(np.prod(batch, dtype=np.int64))
    order = np.broadcast_to(np.arange(m), (count, m)).copy()
    flat = pivots.reshape(count, pivots.shape[-1]).astype(np.int64) - 1
    rows = np.arange(order.shape[0])
    for k in range(flat.shape[-1]):
        target = flat[:, k]
        top = order[rows, k].copy()
        order[rows, k] = order[rows, target]
        order[rows, target] = top
    eye = np.eye(m, dtype=dtype)
    return np.ascontiguousarray(np.swapaxes(eye[order], -1, -2)).reshape(batch + (m, m))


def unpack(lu):
    """``L`` (``(*, m, k)``, unit lower triangular) and ``U`` (``(*, k, n)``, upper) read from a packed LU."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    L = np.tril(lu[..., :, :k], -1)
    idx = np.arange(k)
    L[..., idx, idx] = 1
    return np.ascontiguousarray(L), np.ascontiguousarray(np.triu(lu[..., :k, :]))


def _solve(A, B, upper, left=True, unitriangular=False):
    return LinalgSolveTriangular.apply(A, B, upper=upper, left=left, unitriangular=unitriangular)


def linalg_lu_backward(gL, gU, P, L, U, pivot):
    """torch's ``linalg_lu_backward``: for square A, ``gA = P L^-H [tril(L^H gL, -1) + triu(gU U^H)] U^-H``; a wide
    or tall A carries the extra block of U (or L) through the triangular solves."""
    from ..functional import cat

    if gL is None and gU is None:
        return None
    m, n = L.shape[-2], U.shape[-1]
    k = min(m, n)
    if m == n:
        gA = L.mH.matmul(gL).tril(-1) if gL is not None else None
        if gU is not None:
            upper = gU.matmul(U.mH).triu()
            gA = upper if gA is None else gA + upper
        gA = _solve(U.mH, gA, False, left=False)
        gA = _solve(L.mH, gA, True, unitriangular=True)
    elif m < n:
        gA = L.mH.matmul(gL) if gL is not None else None
        if gU is not None:
            term = -gU.triu().matmul(U.mH)
            gA = term if gA is None else gA + term
        gA = _solve(U.narrow(-1, 0, k).mH, gA.tril(-1), False, left=False)
        if gU is not None:
            gA = cat([gA + gU.narrow(-1, 0, k).triu(), gU.narrow(-1, k, n - k)], -1)
        gA = _solve(L.mH, gA, True, unitriangular=True)
        if gU is None:
            gA = cat([gA, U.narrow(-1, k, n - k).new_zeros(tuple(U.shape[:-1]) + (n - k,))], -1)
    else:
        gA = gU.matmul(U.mH) if gU is not None else None
        if gL is not None:
            term = -L.mH.matmul(gL.tril(-1))
            gA = term if gA is None else gA + term
        gA = _solve(L.narrow(-2, 0, k).mH, gA.triu(), True, unitriangular=True)
        if gL is not None:
            gA = cat([gA + gL.narrow(-2, 0, k).tril(-1), gL.narrow(-2, k, m - k)], -2)
        gA = _solve(U.mH, gA, False, left=False)
        if gL is None:
            gA = cat([gA, L.new_zeros(tuple(L.shape[:-2]) + (m - k, k))], -2)
    return P.matmul(gA) if pivot else gA


class _PartlyDifferentiable(Op):
    """An op some of whose outputs torch does not differentiate (``P``, the pivots, ``info``): those, at the places
    ``plain``, come out with no grad_fn and not requiring grad."""

    plain = ()

    @classmethod
    def apply(cls, *inputs, **params):
        outs = super().apply(*inputs, **params)
        node = outs[0].grad_fn if outs[0].grad_fn is not None else outs[-1].grad_fn
        plain = [outs[index] for index in cls.plain]
        for t in plain:
            t._requires_grad, t.grad_fn = False, None
        if node is not None and node._stash:  # saved as themselves, not as outputs of the node
            node._stash = tuple(
                next((t for t in plain if t._data is getattr(v, "data", None)), v) for v in node._stash
            )
        return outs


class LinalgLu(_PartlyDifferentiable):
    """(P, L, U) with A = P @ L @ U: P a permutation, L unit lower triangular (m, k), U upper triangular (k, n)"""

    node_name = "LinalgLuBackward0"
    formula = {"A": "linalg_lu_backward(grads[1], grads[2], result0, result1, result2, pivot)"}  # torch: P, L, U
    saved_names = ("L", "P", "U")
    saved_values = {"pivot": "pivot"}
    plain = (0,)

    @staticmethod
    def forward(ctx, A, *, pivot=True):
        ctx.pivot = pivot
        a = A._data
        lu, pivots, _ = lu_of(a)
        L, U = unpack(lu)
        P = wrap(permutation(pivots, a.shape[-2], a.dtype))
        L, U = wrap(L), wrap(U)
        ctx._save((L, P, U))
        return P, L, U

    @staticmethod
    def backward(ctx, gP, gL, gU):
        L, P, U = ctx._unpack()
        return (linalg_lu_backward(gL, gU, P, L, U, ctx.pivot),)


LinalgLu._saves_result = True  # it saves its outputs


def lu_factor_ex_backward(grad, LU, pivots, pivot):
    """torch's ``lu_factor_ex_backward``: ``linalg_lu_backward`` of the grad's L part (its first k columns) and U part
    (its first k rows), with P, L and U unpacked from LU (recorded: LuUnpackBackward0)."""
    if grad is None:
        return None
    P, L, U = LuUnpack.apply(LU, pivots=pivots, unpack_pivots=pivot)
    k = min(LU.shape[-2], LU.shape[-1])
    return linalg_lu_backward(grad.narrow(-1, 0, k), grad.narrow(-2, 0, k), P, L, U, pivot)


class LinalgLuFactorEx(_PartlyDifferentiable):
    """(LU, pivots, info): A's LU factorisation packed (L below the diagonal, U on and above it), LAPACK's pivots and
    info; ``check_errors`` names the function in the error raised for a zero on U's diagonal"""

    node_name = "LinalgLuFactorExBackward0"
    formula = {"A": "lu_factor_ex_backward(grad, result0, result1, pivot)"}  # torch: LU, pivots
    saved_names = ("LU", "pivots")
    saved_values = {"pivot": "pivot"}
    plain = (1, 2)

    @staticmethod
    def forward(ctx, A, *, pivot=True, check_errors=None):
        ctx.pivot = pivot
        lu, pivots, info = lu_of(A._data)
        if check_errors:
            bad = np.flatnonzero(info)
            if bad.size:
                where = f"(Batch element {bad[0]}): " if A.ndim > 2 else ""
                i = info.reshape(-1)[bad[0]]
                raise RuntimeError(
                    f"{check_errors}: {where}U[{i},{i}] is zero and using it on lu_solve would result in a division "
                    "by zero. If you still want to perform the factorization, consider calling linalg.lu(A, pivot) "
                    "or linalg.lu_factor_ex(A, pivot)"
                )
        LU, pivots = wrap(_column_major(lu)), wrap(pivots)
        ctx._save((LU, pivots))
        return LU, pivots, wrap(info)

    @staticmethod
    def backward(ctx, gLU, gpivots, ginfo):
        LU, pivots = ctx._unpack()
        return (lu_factor_ex_backward(gLU, LU, pivots, ctx.pivot),)


LinalgLuFactorEx._saves_result = True  # it saves its outputs


def lu_unpack_backward(gL, gU, m, n):
    """torch's ``lu_unpack_backward``: L's strict lower part and U's upper part written back into the packed matrix
    (a wide or tall LU's extra block of U or L as it is)."""
    from ..functional import cat

    if gL is None and gU is None:
        return None
    k = min(m, n)
    if gL is not None and gU is not None:
        if m == n:
            return gL.tril(-1) + gU.triu()
        A1 = gL.narrow(-2, 0, k).tril(-1) + gU.narrow(-1, 0, k).triu()
        if m > n:
            return cat([A1, gL.narrow(-2, k, m - k)], -2)
        return cat([A1, gU.narrow(-1, k, n - k)], -1)
    if gL is not None:
        if m >= n:
            return gL.tril(-1)
        return cat([gL.tril(-1), gL.new_zeros(tuple(gL.shape[:-1]) + (n - m,))], -1)
    if n >= m:
        return gU.triu()
    return cat([gU.triu(), gU.new_zeros(tuple(gU.shape[:-2]) + (m - n, n))], -2)


class LuUnpack(_PartlyDifferentiable):
    """(P, L, U) read from a packed LU and its pivots; unpack_data=False: L and U empty, unpack_pivots=False: P
    empty"""

    node_name = "LuUnpackBackward0"
    formula = {"LU_data": "lu_unpack_backward(grads[1], grads[2], m, n)"}  # torch: LU_data.sym_size(-2), (-1)
    saved_values = {
        "LU_data_sym_argsize_minus_1": "n",
        "LU_data_sym_argsize_minus_2": "m",
    }
    plain = (0,)

    @staticmethod
    def forward(ctx, LU, *, pivots, unpack_data=True, unpack_pivots=True):
        a = LU._data
        ctx.m, ctx.n = a.shape[-2:]
        if unpack_data:
            L, U = (wrap(v) for v in unpack(a))
        else:
            L, U = wrap(np.empty(0, a.dtype)), wrap(np.empty(0, a.dtype))
        if unpack_pivots:
            P = wrap(permutation(pivots._data, ctx.m, a.dtype))
        else:
            P = wrap(np.empty(0, a.dtype))
        return P, L, U

    @staticmethod
    def backward(ctx, gP, gL, gU):
        return (lu_unpack_backward(gL, gU, ctx.m, ctx.n),)



def linalg_lu_solve_LU(gX, LU, pivots, X, left, adjoint):
    """torch's ``linalg_lu_solve_LU``: the gradient of ``X = lu_solve(LU, pivots, B, left, adjoint)`` with respect to
    the packed LU, ``gL + gU`` from two triangular solves (the permutation only where it does not cancel)."""
    P, L, U = LuUnpack.apply(LU, pivots=pivots, unpack_pivots=left == adjoint)
    if left != adjoint:
        gR = _solve(U.mH, -(gX if left else gX.mH).matmul(X.mH if left else X), False)
        gL = _solve(L.mH, gR.matmul(U.mH), True, unitriangular=True).tril(-1)
        return gL + gR.triu()
    gR = -P.mT.matmul(X if left else X.mH).matmul(gX.mH if left else gX).matmul(P)
    gR = _solve(L.mH, gR, True, left=False, unitriangular=True)
    gU = _solve(U.mH, L.mH.matmul(gR), False, left=False).triu()
    return gR.tril(-1) + gU


def linalg_lu_solve(LU, pivots, B, left, adjoint):
    """``torch.linalg.lu_solve(LU, pivots, B, left=left, adjoint=adjoint)``, recorded (LinalgLuSolveBackward0)."""
    return LinalgLuSolve.apply(LU, B, pivots=pivots, left=left, adjoint=adjoint)


class LinalgLuSolve(Op):
    """result = X with A @ X = B (X @ A = B if not left; A^H in place of A if adjoint) for A = P @ L @ U given as
    its packed LU and pivots"""

    node_name = "LinalgLuSolveBackward0"
    formula = {
        "LU": "linalg_lu_solve_LU(grad, LU, pivots, result, left, adjoint)",
        "B": "linalg_lu_solve(LU, pivots, grad, left, not adjoint)",
    }
    saved_names = ("LU", "pivots", "result")
    saved_values = {"adjoint": "adjoint", "left": "left"}

    @staticmethod
    def forward(ctx, LU, B, *, pivots, left=True, adjoint=False):
        ctx.left, ctx.adjoint = left, adjoint
        with np.errstate(all="ignore"):
            x = _solve_lu(LU._data, pivots._data, B._data, left, adjoint)
        # LAPACK's getrs leaves X column-major (left=False solves the transposed system: row-major), as in torch
        out = wrap(_column_major(x, LU._data.dtype) if left else np.ascontiguousarray(x, dtype=LU._data.dtype))
        ctx._save((LU, pivots, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        LU, pivots, X = ctx._unpack()
        needs = ctx._needs()
        gLU = linalg_lu_solve_LU(grad, LU, pivots, X, ctx.left, ctx.adjoint) if needs[0] else None
        gB = linalg_lu_solve(LU, pivots, grad, ctx.left, not ctx.adjoint) if needs[1] else None
        return gLU, gB


def triangular_solve_backward(grad_x, grad_m, b, a, x, upper, transpose, unitriangular, needs):
    """torch's ``triangular_solve_backward``: ``gb = triangular_solve(grad_x, a, upper, not transpose)``, ``ga =
    -gb x^H`` (``-x gb^T`` if ``transpose``) kept on a's triangle, plus the gradient of the cloned coefficient."""
    grad_b = grad_a = None
    if grad_x is None and grad_m is None:
        return None, None
    if grad_x is not None:
        grad_b = TriangularSolve.apply(grad_x, a, upper=upper, transpose=not transpose, unitriangular=unitriangular)[0]
        if needs[1]:
            grad_a = -x.matmul(grad_b.mT) if transpose else -grad_b.matmul(x.mH)
            grad_a = grad_a.triu(int(unitriangular)) if upper else grad_a.tril(-int(unitriangular))
    if grad_a is None:
        grad_a = a.new_zeros((1,)).expand_as(a)
    if grad_b is None:
        grad_b = b.new_zeros((1,)).expand_as(b)
    if needs[1] and grad_m is not None:
        grad_a = grad_a.add(grad_m)
    return (grad_b if needs[0] else None), (grad_a if needs[1] else None)


class TriangularSolve(Op):
    """(solution, cloned_coefficient): X with op(A) @ X = self for a triangular A (op(A) = A^T if transpose), and a
    copy of A, batch dims broadcast"""

    node_name = "TriangularSolveBackward0"
    formula = {
        "self": "triangular_solve_backward(grads[0], grads[1], self, A, result0, upper, transpose, unitriangular, "
        "(True, False))[0]",
        "A": "triangular_solve_backward(grads[0], grads[1], self, A, result0, upper, transpose, unitriangular, "
        "(False, True))[1]",
    }
    saved_names = ("A", "self", "solution")
    saved_values = {"transpose": "transpose", "unitriangular": "unitriangular", "upper": "upper"}

    @staticmethod
    def forward(ctx, b, A, *, upper=True, transpose=False, unitriangular=False):
        ctx.upper, ctx.transpose, ctx.unitriangular = upper, transpose, unitriangular
        a = A._data
        batch = np.broadcast_shapes(a.shape[:-2], b._data.shape[:-2])
        if transpose:
            x = substitute(np.swapaxes(a, -1, -2), b._data, not upper, True, unitriangular)
        else:
            x = substitute(a, b._data, upper, True, unitriangular)
        solution = wrap(_column_major(x))  # laid out as LAPACK's trtrs leaves them, as in torch
        coefficient = wrap(_column_major(np.broadcast_to(a, batch + a.shape[-2:])))
        ctx._save((A, b, solution))
        return solution, coefficient

    @staticmethod
    def backward(ctx, grad_x, grad_m):
        A, b, x = ctx._unpack()
        return triangular_solve_backward(
            grad_x, grad_m, b, A, x, ctx.upper, ctx.transpose, ctx.unitriangular, ctx._needs()
        )


TriangularSolve._saves_result = True  # it saves its output (solution)
