"""``torch.linalg.ldl_factor``, ``ldl_factor_ex`` and ``ldl_solve`` (exported by :mod:`minigrad.linalg`): the LDL
factorisation of symmetric matrices with Bunch-Kaufman pivoting (:mod:`minigrad.ops.ldl`). torch differentiates
neither: their results carry its NotImplemented node."""

from .linalg import _argument, square_matrices
from .linalg_decompositions import ReturnTriple
from .ops import ldl as LDL
from .ops._util import not_implemented
from .ops.not_implemented import record_not_implemented
from .return_types import ReturnTypes
from .tensor import Tensor


def _factor(A, check_errors, name):
    """torch's checks of ``linalg_ldl_factor_ex``'s input, then the factorisation; ``check_errors`` raises what torch
    2.13 raises for a zero pivot (an internal assert: its error-code table lacks sytrf's code)."""
    square_matrices(A, "torch.linalg.ldl_factor_ex", low_precision=True, kernel="ldl_factor_kernel_cpu")
    ld, pivots, info = LDL.sytrf(A._data)
    if check_errors and info.any():
        raise RuntimeError(
            'false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/BatchLinearAlgebra.cpp":1642, '
            f"please report a bug to PyTorch. {name}: Unknown error code: {info.reshape(-1)[info.reshape(-1) != 0][0]}."
        )
    LD = record_not_implemented(Tensor._wrap(ld), (A,), "aten::linalg_ldl_factor_ex")
    return LD, Tensor._wrap(pivots), Tensor._wrap(info)


def ldl_factor_ex(A, *, hermitian=False, check_errors=False):
    """Mirror ``torch.linalg.ldl_factor_ex``: ``(LD, pivots, info)``, the factorisation ``A = P L D L^T P^T`` of the
    symmetric matrix read from ``A``'s lower triangle, packed as LAPACK's sytrf leaves it (L below the diagonal, D's
    1x1 and 2x2 blocks on and next to it; a negative pivot marks a 2x2 block), ``info`` the first zero pivot (not
    differentiable: torch's NotImplemented node)."""
    _argument(A, "linalg_ldl_factor_ex", "input", 1)
    LD, pivots, info = _factor(A, check_errors, "torch.linalg.ldl_factor_ex")
    return ReturnTriple((LD, pivots, info), "linalg_ldl_factor_ex", ("LD", "pivots", "info"))


def ldl_factor(A, *, hermitian=False):
    """Mirror ``torch.linalg.ldl_factor``: ``(LD, pivots)`` of ``torch.linalg.ldl_factor_ex``, raising what torch
    raises for a singular matrix."""
    _argument(A, "linalg_ldl_factor", "input", 1)
    LD, pivots, _ = _factor(A, True, "torch.linalg.ldl_factor")
    return ReturnTypes(LD, pivots, "linalg_ldl_factor", ("LD", "pivots"))


def ldl_solve(LD, pivots, B, *, hermitian=False):
    """Mirror ``torch.linalg.ldl_solve``: ``X`` with ``A @ X = B`` for ``A`` given by ``ldl_factor``'s ``(LD,
    pivots)``, as LAPACK's sytrs (not differentiable: torch's NotImplemented node)."""
    for value, name, position in ((LD, "LD", 1), (pivots, "pivots", 2), (B, "B", 3)):
        _argument(value, "linalg_ldl_solve", name, position)
    if B.ndim < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-max(B.ndim, 1)}, "
                         f"{max(B.ndim, 1) - 1}], but got -2)")
    if LD.ndim < 2:
        raise RuntimeError("torch.linalg.ldl_solve: LD must have at least 2 dimensions.")
    if LD.shape[-1] != LD.shape[-2]:
        raise RuntimeError(
            f"torch.linalg.ldl_solve: A must be batches of square matrices, but they are {LD.shape[-2]} by "
            f"{LD.shape[-1]} matrices"
        )
    if tuple(LD.shape[:-1]) != tuple(pivots.shape):
        raise RuntimeError(
            "torch.linalg.ldl_solve: Expected LD.shape[:-1] and pivots.shape to be the same, but got pivots with "
            f"shape {list(pivots.shape)} instead"
        )
    if LD.shape[-1] != B.shape[-2]:
        raise RuntimeError(
            f"Incompatible matrix sizes for torch.linalg.ldl_solve: each A matrix is {LD.shape[-2]} by "
            f"{LD.shape[-1]} but each b matrix is {B.shape[-2]} by {B.shape[-1]}"
        )
    if LD.dtype != B.dtype:
        raise RuntimeError(
            f"Expected b and A to have the same dtype, but found b of type {B.dtype.scalar_name} and A of type "
            f"{LD.dtype.scalar_name} instead."
        )
    if not LD.dtype.is_floating_point or LD.dtype.itemsize < 4:
        raise not_implemented("ldl_solve_kernel_cpu", LD.dtype)
    out = Tensor._wrap(LDL.sytrs(LD._data, pivots._data, B._data))
    return record_not_implemented(out, (LD, B), "aten::linalg_ldl_solve")
