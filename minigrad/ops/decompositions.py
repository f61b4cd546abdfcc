"""Matrix decompositions: QR (``torch.linalg.qr``), the symmetric eigendecomposition (``torch.linalg.eigh``) and the
singular value decomposition (``torch.linalg.svd``), computed by numpy's LAPACK (geqrf/orgqr, syevd, gesdd, as torch's
CPU kernels call them), with torch's backward formulas (``linalg_qr_backward``, ``linalg_eig_backward`` for Hermitian
matrices, ``svd_backward``) written on Tensors, so that ``create_graph=True`` records them.

Values may differ from torch's (MKL's LAPACK) in the last bits; the signs of eigenvectors and singular vectors, which
LAPACK does not fix, may differ too (QR's agree: both use Householder reflections with LAPACK's sign choice)."""

import numpy as np

from ._util import precise, wrap
from .carriers import TENSORS
from .inplace import apply_inplace
from .matrix_exp import matrix_exp_arrays
from .op import Op
from .solvers import LinalgSolveTriangular, column_major


def _diagonal_scaled(x, factor):
    """``x`` with its diagonal multiplied by ``factor`` in place, as torch's ``x.diagonal(0, -2, -1).mul_(factor)``
    (C++'s ``mul_(Scalar)``: MulBackward1, no edge for the number)."""
    apply_inplace(x.diagonal(0, -2, -1), lambda d: TENSORS.scalar_mul(d, factor))
    return x


def linalg_qr_backward(gQ, gR, Q, R, mode):
    """torch's ``linalg_qr_backward`` (real case): for ``m >= n``, ``gA = (Q syminvadj(triu(gR R^H - Q^H gQ)) + gQ)
    R^-H``; for ``m < n``, ``gA = [Q trilImInvAdjSkew(-(gR R^H - Q^H gQ)) R_1^-H, 0] + Q gR``."""
    if mode == "r":
        raise RuntimeError(
            "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use linalg.qr(A, "
            "mode='reduced') if you are going to differentiate through linalg.qr."
        )
    m, n = Q.shape[-2], R.shape[-1]
    if mode == "complete" and m > n:
        raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.")
    if gQ is None and gR is None:
        return None
    if gQ is not None:
        gA = gR.matmul(R.mH) - Q.mH.matmul(gQ) if gR is not None else -Q.mH.matmul(gQ)
    else:
        gA = gR.matmul(R.mH)
    if m >= n:
        gA = gA.triu()
        gA = Q.matmul(_diagonal_scaled(gA + gA.mH, 0.5))
        if gQ is not None:
            gA = gA + gQ
        return LinalgSolveTriangular.apply(R.mH, gA, upper=False, left=False)
    X = -gA
    gA = Q.matmul((X - X.mH).tril())
    gA = LinalgSolveTriangular.apply(R.narrow(-1, 0, m).mH, gA, upper=False, left=False)
    from ..functional import cat

    gA = cat([gA, gA.new_zeros(tuple(R.shape[:-1]) + (n - m,))], -1)
    if gR is not None:
        gA = gA + Q.matmul(gR)
    return gA


class LinalgQr(Op):
    """(Q, R) = the QR decomposition of A (mode 'reduced', 'complete', or 'r': R only, Q empty)"""

    node_name = "LinalgQrBackward0"
    formula = {"A": "linalg_qr_backward(grads[0], grads[1], result0, result1, mode)"}
    saved_names = ("Q", "R")
    saved_values = {"mode": "mode"}

    @staticmethod
    def forward(ctx, A, *, mode="reduced"):
        ctx.mode = mode
        a = A._data
        m, n = a.shape[-2:]
        if a.size == 0:
            k = m if mode == "complete" else min(m, n)
            q = np.broadcast_to(np.eye(m, k, dtype=a.dtype), a.shape[:-2] + (m, k)).copy()
            r = np.zeros(a.shape[:-2] + (k, n), a.dtype)
        else:
            q, r = np.linalg.qr(a, mode="complete" if mode == "complete" else "reduced")
        Q = wrap(column_major(q, a.dtype)) if mode != "r" else wrap(np.empty(0, a.dtype))
        R = wrap(column_major(r, a.dtype))
        ctx._save((Q, R))
        return Q, R

    @staticmethod
    def backward(ctx, gQ, gR):
        Q, R = ctx._unpack()
        return (linalg_qr_backward(gQ, gR, Q, R, ctx.mode),)


LinalgQr._saves_result = True  # it saves its outputs Q and R


def linalg_eigh_backward(gL, gV, L, V):
    """torch's ``linalg_eig_backward`` for Hermitian matrices: ``gA = V (diag(gL) + skew(V^H gV) / 2 / E) V^H`` with
    ``E_ij = L_j - L_i`` (1 on the diagonal); ``V diag(gL) V^H`` alone when only the eigenvalues have a gradient."""
    if gL is None and gV is None:
        return None
    if gV is None:
        return (V * gL.unsqueeze(-2)).matmul(V.mH)
    VhgV = V.mH.matmul(gV)
    VhgV = 0.5 * (VhgV - VhgV.mH)
    E = L.unsqueeze(-2) - L.unsqueeze(-1)
    E.diagonal(0, -2, -1).fill_(1.0)
    ret = VhgV.div_(E)
    if gL is not None:
        ret.diagonal(0, -2, -1).copy_(gL)
    return V.matmul(ret.matmul(V.mH))


class LinalgEigh(Op):
    """(eigenvalues, eigenvectors) of the symmetric matrix read from A's lower (UPLO='L') or upper triangle, the
    eigenvalues ascending; compute_v=False: eigenvectors empty"""

    node_name = "LinalgEighBackward0"
    formula = {"A": "linalg_eigh_backward(grads[0], grads[1], result0, result1)"}  # torch: linalg_eig_backward
    saved_names = ("eigenvalues", "eigenvectors")

    @staticmethod
    def forward(ctx, A, *, UPLO="L", compute_v=True):
        a = A._data
        if a.size == 0:
            w, v = np.zeros(a.shape[:-1], a.dtype), np.zeros(a.shape, a.dtype)
        else:
            w, v = np.linalg.eigh(a, UPLO=UPLO)
        L = wrap(np.ascontiguousarray(w, a.dtype))
        V = wrap(column_major(v, a.dtype)) if compute_v else wrap(np.empty(0, a.dtype))
        ctx._save((L, V))
        return L, V

    @staticmethod
    def backward(ctx, gL, gV):
        L, V = ctx._unpack()
        return (linalg_eigh_backward(gL, gV, L, V),)


LinalgEigh._saves_result = True  # it saves its outputs


def svd_backward(gU, gS, gVh, U, S, Vh):
    """torch's ``svd_backward`` (real case): ``gA = U [(skew(U^T gU) / E) S + S (skew(V^T gV) / E) + diag(gS)] V^T``
    with ``E_jk = S_k^2 - S_j^2`` (1 on the diagonal), plus ``(I - U U^T) gU S^-1 V^T`` if ``m > n`` (``U S^-1 gV^T
    (I - V V^T)`` if ``m < n``); ``U diag(gS) V^T`` when only the singular values have a gradient."""
    if gS is None and gU is None and gVh is None:
        return None
    m, n = U.shape[-2], Vh.shape[-1]
    if gU is None and gVh is None:
        return U.matmul(gS.unsqueeze(-1) * Vh) if m >= n else (U * gS.unsqueeze(-2)).matmul(Vh)
    UhgU = None
    VhgV = None
    if gU is not None:
        UhgU = U.mH.matmul(gU)
        UhgU = UhgU - UhgU.mH
    if gVh is not None:
        VhgV = Vh.matmul(gVh.mH)
        VhgV = VhgV - VhgV.mH
    S2 = S * S
    E = S2.unsqueeze(-2) - S2.unsqueeze(-1)
    E.diagonal(0, -2, -1).fill_(1)
    if gU is not None and gVh is not None:
        gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E
    elif gU is not None:
        gA = (UhgU / E) * S.unsqueeze(-2)
    else:
        gA = S.unsqueeze(-1) * (VhgV / E)
    if gS is not None:
        gA = gA + gS.diag_embed()
    if m > n and gU is not None:
        gA = U.matmul(gA)
        gUSinv = gU / S.unsqueeze(-2)
        gA = gA + gUSinv - U.matmul(U.mH.matmul(gUSinv))
        return gA.matmul(Vh)
    if m < n and gVh is not None:
        gA = gA.matmul(Vh)
        SinvgVh = gVh / S.unsqueeze(-1)
        gA = gA + SinvgVh - SinvgVh.matmul(Vh.mH).matmul(Vh)
        return U.matmul(gA)
    return U.matmul(gA.matmul(Vh)) if m >= n else U.matmul(gA).matmul(Vh)


class LinalgSvd(Op):
    """(U, S, Vh) = the singular value decomposition of A (S descending); compute_uv=False: U and Vh empty"""

    node_name = "LinalgSvdBackward0"
    formula = {"A": "linalg_svd_backward(grads[0], grads[1], grads[2], result0, result1, result2, full_matrices)"}
    saved_names = ("S", "U", "Vh")
    saved_values = {"full_matrices": "full_matrices", "S_sym_argsize_minus_1": "k"}

    @staticmethod
    def forward(ctx, A, *, full_matrices=True, compute_uv=True):
        a = A._data
        m, n = a.shape[-2:]
        k = min(m, n)
        ctx.full_matrices, ctx.k = full_matrices, k
        if a.size == 0:
            mu, nv = (m, n) if full_matrices else (k, k)
            u = np.broadcast_to(np.eye(m, mu, dtype=a.dtype), a.shape[:-2] + (m, mu)).copy()
            vh = np.broadcast_to(np.eye(nv, n, dtype=a.dtype), a.shape[:-2] + (nv, n)).copy()
            s = np.zeros(a.shape[:-2] + (k,), a.dtype)
        elif compute_uv:
            u, s, vh = np.linalg.svd(a, full_matrices=full_matrices)
        else:
            s = np.linalg.svd(a, compute_uv=False)
        S = wrap(np.ascontiguousarray(s, a.dtype))
        if compute_uv:
            U, Vh = wrap(column_major(u, a.dtype)), wrap(column_major(vh, a.dtype))
        else:
            U, Vh = wrap(np.empty(0, a.dtype)), wrap(np.empty(0, a.dtype))
        ctx._save((S, U, Vh))
        return U, S, Vh

    @staticmethod
    def backward(ctx, gU, gS, gVh):
        S, U, Vh = ctx._unpack()
        return (linalg_svd_backward(gU, gS, gVh, U, S, Vh, ctx.full_matrices),)


def linalg_svd_backward(gU, gS, gVh, U, S, Vh, full_matrices):
    """torch's derivative of ``_linalg_svd``: :func:`svd_backward` with ``U``, ``Vh`` and their gradients narrowed to
    the ``k = S.size(-1)`` singular vectors if ``full_matrices``."""
    if full_matrices:
        k = S.shape[-1]
        gU = None if gU is None else gU.narrow(-1, 0, k)
        gVh = None if gVh is None else gVh.narrow(-2, 0, k)
        U, Vh = U.narrow(-1, 0, k), Vh.narrow(-2, 0, k)
    return svd_backward(gU, gS, gVh, U, S, Vh)


LinalgSvd._saves_result = True  # it saves its outputs


def _finite_for_svd(a):
    """torch's LinAlgError for an SVD of matrices with non-finite values (which numpy's LAPACK rejects in its own
    words)."""
    finite = np.isfinite(a).all((-2, -1)).reshape(-1)
    if not finite.all():
        from ..linalg import LinAlgError

        where = f"(Batch element {int(np.flatnonzero(~finite)[0])}): " if a.ndim > 2 else ""
        raise LinAlgError(
            f"linalg.svd: {where}The algorithm failed to converge because the input matrix contained non-finite values."
        )


def pinv_backward(grad, pinvA, A):
    """torch's ``pinv_backward``: the derivative of the pseudo-inverse in terms of itself (two forms, for ``m <= n``
    and ``m > n``)."""
    m, n = A.shape[-2], A.shape[-1]
    pinvAh, gradh = pinvA.mH, grad.mH
    if m <= n:
        K = gradh.matmul(pinvA)
        KpinvAh = K.matmul(pinvAh)
        return (-(pinvA.matmul(K)).mH + KpinvAh - A.matmul(pinvA).matmul(KpinvAh)
                + pinvAh.matmul(pinvA).matmul(gradh - K.matmul(A)))  # fmt: skip
    K = pinvA.matmul(gradh)
    pinvAhK = pinvAh.matmul(K)
    return (-(K.matmul(pinvA)).mH + (gradh - A.matmul(K)).matmul(pinvA).matmul(pinvAh) + pinvAhK
            - pinvAhK.matmul(pinvA).matmul(A))  # fmt: skip


class LinalgPinv(Op):
    """result = the pseudo-inverse of self: V diag(1/S) U^H over the singular values above max(atol, rtol * S_max)
    (from the eigendecomposition, |eigenvalues|, if hermitian)"""

    node_name = "LinalgPinvBackward0"
    formula = {"self": "pinv_backward(grad, result, self)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, A, *, atol=0.0, rtol=0.0, hermitian=False):
        a = A._data
        m, n = a.shape[-2:]
        if a.size == 0:
            out = np.zeros(a.shape[:-2] + (n, m), a.dtype)
        elif hermitian:
            w, v = np.linalg.eigh(a)
            top = np.abs(w).max(-1, keepdims=True)
            with np.errstate(divide="ignore"):
                inv = np.where(np.abs(w) > np.maximum(atol, rtol * top), 1 / w, 0).astype(a.dtype)
            out = np.matmul(v * inv[..., None, :], np.swapaxes(v, -1, -2))
        else:
            _finite_for_svd(a)
            u, s, vh = np.linalg.svd(a, full_matrices=False)
            with np.errstate(divide="ignore"):
                inv = np.where(s > np.maximum(atol, rtol * s[..., :1]), 1 / s, 0).astype(a.dtype)
            out = np.matmul(np.swapaxes(vh, -1, -2) * inv[..., None, :], np.swapaxes(u, -1, -2))
        out = wrap(np.ascontiguousarray(out, a.dtype))
        ctx._save((A, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        A, result = ctx._unpack()
        return (pinv_backward(grad, result, A),)


def _matrix_exp(a):
    """torch's ``linalg_matrix_exp`` on an array: ``exp`` of each 1 x 1 matrix, torch's ``mexp`` of larger ones."""
    if a.shape[-1] == 0:
        return a.copy()
    return precise(np.exp, a) if a.shape[-1] == 1 else matrix_exp_arrays(a)


def linalg_matrix_exp_differential(self, grad, adjoint=True):
    """torch's ``linalg_matrix_exp_differential`` (Mathias 1996): the block ``exp([[A^T, grad], [0, A^T]])``'s upper
    right block (``A^T`` for the backward, ``A`` for forward AD), the block matrix built by copies into zeros."""
    from ..creation import zeros

    A = self.mT if adjoint else self
    n = A.shape[-1]
    meta = zeros(tuple(A.shape[:-2]) + (2 * n, 2 * n), dtype=grad.dtype)
    meta.narrow(-2, 0, n).narrow(-1, 0, n).copy_(A)
    meta.narrow(-2, n, n).narrow(-1, n, n).copy_(A)
    meta.narrow(-2, 0, n).narrow(-1, n, n).copy_(grad)
    return LinalgMatrixExp.apply(meta).narrow(-2, 0, n).narrow(-1, n, n)


class LinalgMatrixExp(Op):
    """result = exp(self) = sum_k self^k / k! for each matrix of self"""

    node_name = "LinalgMatrixExpBackward0"
    formula = {"self": "linalg_matrix_exp_differential(self, grad, True)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, A):
        out = wrap(np.ascontiguousarray(_matrix_exp(A._data), A._data.dtype))
        ctx._save((A,))
        return out

    @staticmethod
    def backward(ctx, grad):
        (A,) = ctx._unpack()
        return (linalg_matrix_exp_differential(A, grad, True),)


def linalg_lstsq_backward(gX, gL, A, B, X, needs=(True, True)):
    """torch's ``linalg_lstsq_backward``: from the solution, ``gA = pinv_backward(gX B^H, pinv(A), A)`` and ``gB =
    pinv(A)^H gX``; from the residuals ``L`` (``r = A X - B``), ``2 (gL r) X^H`` and ``-2 gL r``."""
    from ..linalg import pinv

    vector = B.ndim == A.ndim - 1
    B_ = B.unsqueeze(-1) if vector else B
    gA = gB = None
    if gX is not None:
        gX_ = gX.unsqueeze(-1) if vector else gX
        pinvA = pinv(A)
        if needs[0]:
            gA = pinv_backward(gX_.matmul(B_.mH), pinvA, A)
        if needs[1]:
            gB = pinvA.mH.matmul(gX_)
            gB = gB.squeeze(-1) if vector else gB
    if gL is not None and gL.numel():
        X_ = X.unsqueeze(-1) if vector else X
        r = A.matmul(X_) - B_
        g = gL.unsqueeze(-2)
        if needs[0]:
            gA_L = 2 * (g * r).matmul(X_.mH)
            gA = gA_L if gA is None else gA + gA_L
        if needs[1]:
            gB_L = -2 * g * r
            gB_L = gB_L.squeeze(-1) if vector else gB_L
            gB = gB_L if gB is None else gB + gB_L
    return gA, gB


def _in_rhs_buffer(x, rows, dtype):
    """The solution ``x`` (n rows) as LAPACK's least-squares drivers leave it, and torch returns it: the first n rows
    of the right-hand sides' buffer of ``max(m, n)`` rows, each matrix column-major."""
    buffer = column_major(np.zeros(x.shape[:-2] + (rows, x.shape[-1]), dtype))
    buffer[..., : x.shape[-2], :] = x
    return buffer[..., : x.shape[-2], :]


class LinalgLstsq(Op):
    """(solution, residuals) = the least-squares solution X of self @ X = b (the minimum-norm one, singular values
    at most rcond * largest dropped), and the squared residuals' column sums (empty unless driver != 'gelsy', m > n
    and A full rank); ``extra`` (a list) receives rank and singular_values"""

    node_name = "LinalgLstsqBackward0"
    formula = {
        "self": "linalg_lstsq_backward(grads[0], grads[1], self, b, result0, (True, False))[0]",
        "b": "linalg_lstsq_backward(grads[0], grads[1], self, b, result0, (False, True))[1]",
    }
    saved_names = ("b", "self", "solution")

    @staticmethod
    def forward(ctx, A, B, *, rcond, driver, extra, vector):
        a, b = A._data, B._data
        b_ = b[..., None] if vector else b
        m, n = a.shape[-2:]
        batch = np.broadcast_shapes(a.shape[:-2], b_.shape[:-2])
        if a.size:
            _finite_for_svd(a)  # torch's LAPACK call fails on them with an internal assert
            u, s, vh = np.linalg.svd(a, full_matrices=False)
            keep = s > rcond * s[..., :1]
            with np.errstate(divide="ignore"):
                inv = np.where(keep, 1 / s, 0).astype(a.dtype)
            pinv = np.matmul(np.swapaxes(vh, -1, -2) * inv[..., None, :], np.swapaxes(u, -1, -2))
            x = np.matmul(pinv, b_)
            rank = keep.sum(-1).astype(np.int64)
        else:
            s = np.zeros(a.shape[:-2] + (min(m, n),), a.dtype)
            x = np.zeros(batch + (n, b_.shape[-1]), a.dtype)
            rank = np.zeros(a.shape[:-2], np.int64)
        x = _in_rhs_buffer(np.broadcast_to(x, batch + x.shape[-2:]), max(m, n), a.dtype)
        residuals = np.zeros(0, a.dtype)
        if m > n and driver != "gelsy" and (driver == "gels" or bool((rank == n).all())):
            residuals = (np.matmul(a, x) - b_) ** 2
            residuals = residuals.sum(-2)
            residuals = np.ascontiguousarray(residuals[..., 0] if vector else residuals, a.dtype)
        solution = wrap(x[..., 0] if vector else x)
        extra.append(wrap(np.asarray(rank)) if driver != "gels" else wrap(np.zeros(0, np.int64)))
        extra.append(wrap(np.ascontiguousarray(s, a.dtype)) if driver in ("gelsd", "gelss") else
                     wrap(np.zeros(0, a.dtype)))  # fmt: skip
        ctx._save((B, A, solution))
        return solution, wrap(residuals)

    @staticmethod
    def backward(ctx, gX, gL):
        B, A, X = ctx._unpack()
        return linalg_lstsq_backward(gX, gL, A, B, X, ctx._needs())


LinalgLstsq._saves_result = True  # it saves its output solution
