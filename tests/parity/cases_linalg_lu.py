"""Parity cases for the LU family and the other factorizations minigrad lacked: torch.linalg.lu, lu_factor(_ex),
lu_solve, ldl_factor/ldl_solve, householder_product, torch.lu, lu_unpack, lu_solve, triangular_solve, geqrf, orgqr,
ormqr."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401
