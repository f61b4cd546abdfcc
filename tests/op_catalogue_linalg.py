"""Catalogue cases for linalg (``torch.linalg``'s solvers, inverses, powers and products); ``op_catalogue.CATALOGUE``
includes them. Import ``op_catalogue``, which imports this module."""

import warnings

from op_catalogue import Case, Domain, fixed

import minigrad as torch


def _dominant(a, k=5):
    """``a + k * I``: for k = 5 diagonally dominant (well inside the invertible matrices) for entries in [-2, 2]."""
    return a + k * torch.eye(a.shape[-1], dtype=a.dtype)


def _spd(a):
    """``a @ a.mT + 3 * I``: symmetric positive-definite, its eigenvalues at least 3 (for Cholesky factors)."""
    return a @ a.mT + 3 * torch.eye(a.shape[-1], dtype=a.dtype)


def _factor(a):
    """A lower-triangular Cholesky factor with its diagonal in [1.5, 2.5] (for cholesky_solve and _inverse)."""
    eye = torch.eye(a.shape[-1], dtype=a.dtype)
    return a.tril(-1) * 0.5 + a * eye * 0.25 + 2 * eye


def _quiet(fn, *args):
    """``fn(*args)`` without its deprecation warning (checked by the parity cases)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return fn(*args)


def _shifted(a, scale=0.05):
    """``scale * a`` plus a fixed matrix with singular values 3, 2, 1, ... on its diagonal: for entries of ``a`` in
    [-2, 2] the singular values stay apart and away from 0 (QR and SVD are smooth there)."""
    m, n = a.shape[-2:]
    base = torch.eye(m, n, dtype=a.dtype) * torch.arange(3.0, 3.0 - n, -1.0, dtype=a.dtype)
    return a * scale + base


def _symmetric(a):
    """A symmetric matrix with eigenvalues near 1, 2, 3, ... (at least 0.4 apart for entries of ``a`` in [-2, 2])."""
    n = a.shape[-1]
    return (a + a.mT) * 0.025 + torch.eye(n, dtype=a.dtype) * torch.arange(1.0, n + 1.0, dtype=a.dtype)


def _qr(a, mode="reduced"):
    """Q and R of ``0.2 * a`` plus ``1 + 2 * I``: full rank, with no zeros below the diagonal (where LAPACK skips a
    reflection, so R's diagonal changes sign)."""
    m, n = a.shape[-2:]
    Q, R = torch.linalg.qr(a * 0.2 + torch.ones(m, n, dtype=a.dtype) + 2 * torch.eye(m, n, dtype=a.dtype), mode=mode)
    return torch.cat([Q.reshape(-1), R.reshape(-1)])


def _eigh(a):
    """The square and the first eigenvector's projector: smooth, and blind to the eigenvectors' signs."""
    w, V = torch.linalg.eigh(_symmetric(a))
    return V @ torch.diag(w * w) @ V.mT + V[:, :1] @ V[:, :1].mT


def _svd(a, full_matrices=False):
    """``U diag(S^2) Vh`` and the first singular vectors' projectors: blind to the singular vectors' signs."""
    U, S, Vh = torch.linalg.svd(_shifted(a), full_matrices=full_matrices)
    k = S.shape[-1]
    scaled = U[:, :k] @ torch.diag(S * S) @ Vh[:k]
    return torch.cat([scaled.reshape(-1), (U[:, :1] @ U[:, :1].mT).reshape(-1), (Vh[:1].mT @ Vh[:1]).reshape(-1)])


def _power(n):
    return lambda a: torch.linalg.matrix_power(_dominant(a) / 5, n)


LINALG_CATALOGUE = [
    Case("linalg_solve", lambda a, b: torch.linalg.solve(_dominant(a), b),
         fixed(((3, 3), (3, 2)), ((3, 3), (3,)), ((2, 3, 3), (3,)), ((2, 3, 3), (2, 3)), ((2, 2, 2), (1, 2, 3))),
         second_order=True),
    Case("linalg_solve_right", lambda a, b: torch.linalg.solve(_dominant(a), b, left=False),
         fixed(((3, 3), (2, 3)), ((2, 3, 3), (1, 4, 3))), second_order=True),
    Case("linalg_solve_transposed", lambda a, b: torch.linalg.solve_ex(_dominant(a).mT, b).result,
         fixed(((3, 3), (3, 2)),), second_order=True),
    Case("linalg_inv_ex", lambda a: torch.linalg.inv_ex(_dominant(a)).inverse, fixed(((3, 3),), ((2, 2, 2),)),
         second_order=True),
    Case("linalg_matrix_power_0", _power(0), fixed(((3, 3),)), second_order=True),
    Case("linalg_matrix_power_1", _power(1), fixed(((3, 3),)), second_order=True),
    Case("linalg_matrix_power_3", _power(3), fixed(((3, 3),), ((2, 2, 2),)), second_order=True),
    Case("linalg_matrix_power_6", lambda a: torch.matrix_power(_dominant(a) / 5, 6), fixed(((3, 3),)),
         second_order=True),
    Case("linalg_matrix_power_minus_1", _power(-1), fixed(((3, 3),)), second_order=True),
    Case("linalg_matrix_power_minus_5", lambda a: (_dominant(a) / 5).matrix_power(-5), fixed(((3, 3),)),
         second_order=True),
    Case("linalg_multi_dot", lambda a, b, c: torch.linalg.multi_dot([a, b, c]),
         fixed(((2, 3), (3, 4), (4,)), ((3,), (3, 1), (1, 2))), second_order=True),
    Case("linalg_multi_dot_chain", lambda a, b, c, d: torch.linalg.multi_dot((a, b, c, d)),
         fixed(((2, 3), (3, 4), (4, 1), (1, 3))), second_order=True),
    Case("linalg_vecdot", lambda a, b: torch.linalg.vecdot(a, b), fixed(((2, 3), (3,)), ((3, 1), (2,))),
         second_order=True),
    Case("linalg_vecdot_dim", lambda a, b: torch.linalg.vecdot(a, b, dim=0), fixed(((3, 2), (3, 1)),),
         second_order=True),
    Case("linalg_solve_triangular", lambda a, b: torch.linalg.solve_triangular(_dominant(a), b, upper=True),
         fixed(((3, 3), (3, 2)), ((2, 3, 3), (1, 3, 2))), second_order=True),
    Case("linalg_solve_triangular_lower_right_unit",
         lambda a, b: torch.linalg.solve_triangular(_dominant(a), b, upper=False, left=False, unitriangular=True),
         fixed(((3, 3), (2, 3)),), second_order=True),
    Case("linalg_cholesky", lambda a: torch.linalg.cholesky(_spd(a)), fixed(((3, 3),), ((2, 2, 2),)),
         second_order=True),
    Case("linalg_cholesky_upper", lambda a: torch.linalg.cholesky_ex(_spd(a), upper=True).L, fixed(((3, 3),)),
         second_order=True),
    Case("cholesky_deprecated", lambda a: _quiet(torch.cholesky, _spd(a), True), fixed(((3, 3),)),
         second_order=True),
    Case("cholesky_solve", lambda b, a: torch.cholesky_solve(b, _factor(a)),
         fixed(((3, 2), (3, 3)), ((2, 3, 1), (3, 3))), second_order=True),
    Case("cholesky_solve_upper", lambda b, a: b.cholesky_solve(_factor(a).mT, upper=True), fixed(((3, 2), (3, 3)),),
         second_order=True),
    Case("cholesky_inverse", lambda a: torch.cholesky_inverse(_factor(a)), fixed(((3, 3),), ((2, 2, 2),)),
         second_order=True),
    Case("cholesky_inverse_upper", lambda a: _factor(a).mT.cholesky_inverse(upper=True), fixed(((3, 3),)),
         second_order=True),
    Case("linalg_qr", _qr, fixed(((3, 2),), ((2, 3),), ((3, 3),)), second_order=True),
    Case("linalg_qr_complete_wide", lambda a: _qr(a, "complete"), fixed(((2, 3),)), second_order=True),
    Case("linalg_qr_batched", lambda a: torch.linalg.qr(a * 0.2 + 1 + 2 * torch.eye(3, dtype=a.dtype)).R,
         fixed(((2, 3, 3),)), second_order=True),
    Case("linalg_eigh", _eigh, fixed(((3, 3),), ((2, 2),)), second_order=True),
    Case("linalg_eigvalsh", lambda a: torch.linalg.eigvalsh(_symmetric(a), UPLO="U"), fixed(((3, 3),), ((2, 3, 3),)),
         second_order=True),
    Case("linalg_svd", _svd, fixed(((3, 2),), ((2, 3),), ((3, 3),)), second_order=True),
    Case("linalg_svd_full", lambda a: _svd(a, True), fixed(((3, 2),), ((2, 3),)), second_order=True),
    Case("linalg_svdvals", lambda a: torch.linalg.svdvals(_shifted(a)), fixed(((3, 2),), ((2, 3),)),
         second_order=True),
    Case("torch_svd", lambda a: torch.svd(_shifted(a)).S + torch.svd(_shifted(a), compute_uv=False).S,
         fixed(((3, 2),),), second_order=True),
    Case("linalg_matrix_norm_svd", lambda a: torch.linalg.matrix_norm(_shifted(a), "nuc")
         + torch.linalg.matrix_norm(_shifted(a), 2) + torch.linalg.matrix_norm(_shifted(a), -2, keepdim=True),
         fixed(((3, 2),), ((2, 3),)), second_order=True),
    Case("linalg_matrix_norm_svd_dims", lambda a: torch.linalg.matrix_norm(_shifted(a).mT.unsqueeze(0), 2, dim=(2, 1)),
         fixed(((3, 2),)), second_order=True),
    Case("linalg_cond", lambda a: torch.linalg.cond(_shifted(a)) + torch.linalg.cond(_shifted(a), -2),
         fixed(((3, 2),), ((3, 3),)), second_order=True),
    Case("linalg_pinv", lambda a: torch.linalg.pinv(_shifted(a)), fixed(((3, 2),), ((2, 3),), ((2, 3, 3),)),
         second_order=True),
    Case("linalg_pinv_hermitian",
         lambda a: torch.pinverse(_symmetric(a)) + torch.linalg.pinv(_symmetric(a), hermitian=True),
         fixed(((3, 3),)), second_order=True),
    Case("linalg_matrix_exp", lambda a: torch.linalg.matrix_exp(a * 0.5), fixed(((3, 3),), ((2, 2, 2),)),
         second_order=True),
    Case("matrix_exp", lambda a: torch.matrix_exp(a) + a.matrix_exp(), fixed(((2, 2),)), second_order=True),
    Case("linalg_vander", lambda a: torch.linalg.vander(a) + torch.linalg.vander(a, N=3).sum(-1, keepdim=True),
         fixed(((3,),), ((2, 4),)), (Domain(0.5, 2.0),), second_order=True),  # cumprod's backward divides by x
    Case("linalg_tensorinv", lambda a: torch.linalg.tensorinv(_dominant(a).reshape(2, 2, 2, 2)), fixed(((4, 4),)),
         second_order=True),
    Case("linalg_tensorsolve", lambda a, b: torch.linalg.tensorsolve(_dominant(a).reshape(2, 2, 4).movedim(2, 0), b,
                                                                     dims=(0,)),
         fixed(((4, 4), (2, 2))), second_order=True),
    Case("linalg_lstsq", lambda a, b: torch.linalg.lstsq(_shifted(a), b).solution, fixed(((3, 2), (3, 2)),
         ((2, 3), (2, 2)), ((3, 2), (3,)), ((2, 3, 2), (1, 3, 1))), second_order=True),
    Case("linalg_lstsq_residuals", lambda a, b: torch.linalg.lstsq(_shifted(a), b, driver="gelsd").residuals,
         fixed(((3, 2), (3, 2)), ((4, 2), (4,))), second_order=True),
]
