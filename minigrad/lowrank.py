"""``torch.svd_lowrank`` and ``torch.pca_lowrank``: torch's randomized low-rank SVD (Halko, Martinsson and Tropp,
2009), written with the same ops in the same order as torch's ``torch/_lowrank.py``, so that the random matrix is
drawn from the same generator state and the result (and its graph) is torch's to rounding."""

from . import linalg
from .creation import randn

__all__ = ["pca_lowrank", "svd_lowrank"]


def _floating(A):
    """The dtype torch's low-rank functions compute in: the input's if floating, else float32."""
    from . import dtypes

    return A.dtype if A.dtype.is_floating_point else dtypes.float32


def _approximate_basis(A, q, niter, M):
    """torch's ``get_approximate_basis``: ``q`` orthonormal columns spanning about ``A``'s range, from ``A @ R`` for
    a random normal ``R``, refined by ``niter`` subspace iterations (``M`` subtracted from ``A`` throughout)."""
    R = randn(A.shape[-1], q, dtype=_floating(A))
    X = A @ R if M is None else A @ R - M @ R
    Q = linalg.qr(X).Q
    for _ in range(niter):
        X = A.mH @ Q if M is None else A.mH @ Q - M.mH @ Q
        Q = linalg.qr(X).Q
        X = A @ Q if M is None else A @ Q - M @ Q
        Q = linalg.qr(X).Q
    return Q


def svd_lowrank(A, q=6, niter=2, M=None):
    """Mirror ``torch.svd_lowrank``: ``(U, S, V)`` of rank ``q`` approximating ``A - M`` (``A ~ U diag(S) V^T``), from a
    random basis refined ``niter`` times (``torch.randn`` draws it from the default generator, as torch's)."""
    q = 6 if q is None else q
    niter = 2 if niter is None else niter
    m, n = A.shape[-2:]
    if M is not None:
        M = M.broadcast_to(A.size())
    if m < n:
        A = A.mH
        M = None if M is None else M.mH
    Q = _approximate_basis(A, q, niter, M)
    B = Q.mH @ A if M is None else Q.mH @ A - Q.mH @ M
    U, S, Vh = linalg.svd(B, full_matrices=False)
    V = Vh.mH
    U = Q.matmul(U)
    return (V, S, U) if m < n else (U, S, V)


def pca_lowrank(A, q=None, center=True, niter=2):
    """Mirror ``torch.pca_lowrank``: ``svd_lowrank`` of ``A`` with each column's mean subtracted (``center``), ``q``
    defaulting to ``min(6, m, n)``, with torch's ValueErrors for a bad ``q`` or ``niter``."""
    m, n = A.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not (q >= 0 and q <= min(m, n)):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}")
    if not (niter >= 0):
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    if not center:
        return svd_lowrank(A, q, niter=niter, M=None)
    return svd_lowrank(A - A.mean(dim=(-2,), keepdim=True), q, niter=niter, M=None)
