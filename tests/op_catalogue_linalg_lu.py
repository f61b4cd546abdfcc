"""Catalogue cases for the LU family (``torch.linalg.lu``, ``lu_factor(_ex)``, ``lu_solve``, ``torch.lu``,
``torch.lu_unpack``, ``torch.lu_solve``, ``torch.triangular_solve``) and the Householder products
(``torch.linalg.householder_product``, ``torch.orgqr``, ``torch.ormqr``); ``op_catalogue.CATALOGUE`` includes them.
Import ``op_catalogue``, which imports this module."""

from op_catalogue import Case, fixed
from op_catalogue_linalg import _dominant, _quiet

import minigrad as torch


def _pivoted(a):
    """``a + 5 * I`` (``I`` of ``a``'s shape) with its rows reversed: for entries in [-2, 2] partial pivoting swaps
    rows, and picks the same rows all around ``a`` (no ties), so the factors are smooth there."""
    m, n = a.shape[-2:]
    return (a + 5 * torch.eye(m, n, dtype=a.dtype)).flip(-2)


def _lu(a):
    P, L, U = torch.linalg.lu(_pivoted(a))
    return torch.cat([L.reshape(-1), U.reshape(-1)])


def _unpacked(a):
    P, L, U = torch.lu_unpack(*torch.linalg.lu_factor(_pivoted(a)))
    return torch.cat([L.reshape(-1), U.reshape(-1)])


def _lu_solve(left, adjoint):
    def solve(a, b):
        LU, pivots = torch.linalg.lu_factor(_pivoted(a))
        return torch.linalg.lu_solve(LU, pivots, b, left=left, adjoint=adjoint)

    return solve


def _triangular(upper, transpose, unitriangular):
    def solve(b, a):
        X, C = b.triangular_solve(_dominant(a), upper=upper, transpose=transpose, unitriangular=unitriangular)
        return torch.cat([X.reshape(-1), C.reshape(-1) * 0.5])

    return lambda b, a: _quiet(solve, b, a)


def _ormqr(left, transpose):
    return lambda a, tau, c: torch.ormqr(a, tau, c, left=left, transpose=transpose)


_SQUARE_WIDE_TALL = fixed(((3, 3),), ((2, 4),), ((4, 2),), ((2, 3, 3),))

LINALG_LU_CATALOGUE = [
    Case("linalg_lu", _lu, _SQUARE_WIDE_TALL, second_order=True),
    Case("linalg_lu_L_only", lambda a: torch.linalg.lu(_pivoted(a)).L, fixed(((3, 3),), ((2, 4),), ((4, 2),)),
         second_order=True),
    Case("linalg_lu_U_only", lambda a: torch.linalg.lu(_pivoted(a)).U, fixed(((3, 3),), ((2, 4),), ((4, 2),)),
         second_order=True),
    Case("linalg_lu_factor", lambda a: torch.linalg.lu_factor(_pivoted(a)).LU, _SQUARE_WIDE_TALL, second_order=True),
    Case("linalg_lu_factor_ex", lambda a: torch.linalg.lu_factor_ex(_pivoted(a)).LU, fixed(((3, 3),)),
         second_order=True),
    Case("lu_deprecated", lambda a: _quiet(torch.lu, _pivoted(a))[0], fixed(((3, 3),)), second_order=True),
    Case("lu_unpack", _unpacked, _SQUARE_WIDE_TALL, second_order=True),
    Case("linalg_lu_solve", _lu_solve(True, False), fixed(((3, 3), (3, 2)), ((2, 3, 3), (1, 3, 2))),
         second_order=True),
    Case("linalg_lu_solve_adjoint", _lu_solve(True, True), fixed(((3, 3), (3, 2)),), second_order=True),
    Case("linalg_lu_solve_right", _lu_solve(False, False), fixed(((3, 3), (2, 3)),), second_order=True),
    Case("linalg_lu_solve_right_adjoint", _lu_solve(False, True), fixed(((3, 3), (2, 3)),), second_order=True),
    Case("lu_solve_deprecated", lambda b, a: _quiet(torch.lu_solve, b, *torch.linalg.lu_factor(_pivoted(a))),
         fixed(((3, 2), (3, 3)),), second_order=True),
    Case("triangular_solve", _triangular(True, False, False), fixed(((3, 2), (3, 3)), ((2, 3, 1), (3, 3))),
         second_order=True),
    Case("triangular_solve_lower_transpose", _triangular(False, True, False), fixed(((3, 2), (3, 3)),),
         second_order=True),
    Case("triangular_solve_unit", _triangular(True, True, True), fixed(((3, 2), (3, 3)),), second_order=True),
    Case("linalg_householder_product", torch.linalg.householder_product,
         fixed(((3, 3), (3,)), ((4, 2), (2,)), ((4, 3), (2,)), ((2, 3, 2), (2, 2))), second_order=True),
    Case("orgqr", lambda a, tau: a.orgqr(tau), fixed(((3, 2), (2,)),), second_order=True),
    Case("ormqr", _ormqr(True, False), fixed(((4, 3), (3,), (4, 2)), ((3, 4), (3,), (3, 2))), second_order=True),
    Case("ormqr_transpose", _ormqr(True, True), fixed(((4, 3), (3,), (4, 2)),), second_order=True),
    Case("ormqr_right", _ormqr(False, False), fixed(((4, 3), (3,), (2, 4)),), second_order=True),
    Case("ormqr_right_transpose", _ormqr(False, True), fixed(((4, 3), (3,), (2, 4)),), second_order=True),
]
