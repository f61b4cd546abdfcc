"""The LU family: ``torch.linalg.lu``, ``lu_factor``, ``lu_factor_ex``, ``lu_solve`` (exported by
:mod:`minigrad.linalg`) and the older ``torch.lu``, ``torch.lu_unpack``, ``torch.lu_solve`` and
``torch.triangular_solve`` (with their Tensor methods). Their ops: :mod:`minigrad.ops.lu`."""

from .linalg import _argument, linear_solve_checks
from .linalg_decompositions import ReturnTriple
from .ops import lu as LU_OPS
from .ops._util import infer_size, not_implemented
from .public import public
from .return_types import ReturnTypes
from .torch_warnings import internal, user_stacklevel, warn_once

__all__ = ["lu", "lu_solve", "lu_unpack", "triangular_solve"]


def _two_dims(A, name):
    if A.ndim < 2:
        raise RuntimeError(f"{name}: Expected tensor with 2 or more dimensions. Got size: {list(A.shape)} instead")


def _factor(A, pivot, check_errors, name):
    """torch's checks of ``linalg_lu_factor_ex``'s input, then the factorisation (LinalgLuFactorExBackward0)."""
    _two_dims(A, "torch.lu_factor")
    if not A.dtype.is_floating_point or A.dtype.itemsize < 4:
        raise not_implemented("lu_cpu", A.dtype)
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    return LU_OPS.LinalgLuFactorEx.apply(A, pivot=pivot, check_errors=name if check_errors else None)


def lu_factor_ex(A, *, pivot=True, check_errors=False, _name="linalg_lu_factor_ex"):
    """Mirror ``torch.linalg.lu_factor_ex``: ``(LU, pivots, info)``, the LU factorisation with partial pivoting of
    each ``(*, m, n)`` matrix packed in one matrix (L's unit diagonal not stored), LAPACK's 1-based pivots (int32)
    and info (the place of the first zero on U's diagonal, 0 if none); ``check_errors`` raises for such a zero
    (LinalgLuFactorExBackward0)."""
    _argument(A, _name, "A", 1)
    LU, pivots, info = _factor(A, pivot, check_errors, "torch.linalg.lu_factor_ex")
    return ReturnTriple((LU, pivots, info), "linalg_lu_factor_ex", ("LU", "pivots", "info"))


def lu_factor(A, *, pivot=True):
    """Mirror ``torch.linalg.lu_factor``: ``(LU, pivots)`` of ``torch.linalg.lu_factor_ex``, raising torch's error for
    a zero on U's diagonal (a singular matrix) (LinalgLuFactorExBackward0)."""
    _argument(A, "linalg_lu_factor", "A", 1)
    LU, pivots, _ = _factor(A, pivot, True, "torch.linalg.lu_factor")
    return ReturnTypes(LU, pivots, "linalg_lu_factor", ("LU", "pivots"))


def _linalg_lu(A, *, pivot=True):
    """Mirror ``torch.linalg.lu``: ``(P, L, U)`` with ``A = P @ L @ U`` for each ``(*, m, n)`` matrix, P a permutation,
    L ``(m, k)`` unit lower triangular, U ``(k, n)`` upper triangular, ``k = min(m, n)`` (LinalgLuBackward0; P has
    no gradient)."""
    _argument(A, "linalg_lu", "A", 1)
    _two_dims(A, "linalg.lu")
    if not A.dtype.is_floating_point or A.dtype.itemsize < 4:
        raise not_implemented("lu_cpu", A.dtype)
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    P, L, U = LU_OPS.LinalgLu.apply(A, pivot=pivot)
    return ReturnTriple((P, L, U), "linalg_lu", ("P", "L", "U"))


def _lu_solve(LU, pivots, B, *, left=True, adjoint=False, _name="linalg.lu_solve"):
    """Mirror ``torch.linalg.lu_solve``: ``X`` with ``A @ X = B`` (``X @ A = B`` if not ``left``, ``A.mH`` in place
    of ``A`` if ``adjoint``) for ``A = P @ L @ U`` given by ``lu_factor``'s ``(LU, pivots)``, batches broadcast
    (LinalgLuSolveBackward0)."""
    for value, name, position in ((LU, "LU", 1), (pivots, "pivots", 2), (B, "B", 3)):
        _argument(value, "linalg_lu_solve", name, position)
    if not LU.dtype.is_floating_point:
        raise RuntimeError(
            f"torch.linalg.lu_solve: Expected a floating point or complex tensor as input. Got {LU.dtype.scalar_name}"
        )
    _two_dims(LU, "torch.linalg.lu_solve")
    if LU.shape[-1] != LU.shape[-2]:
        raise RuntimeError(
            f"torch.linalg.lu_solve: A must be batches of square matrices, but they are {LU.shape[-2]} by "
            f"{LU.shape[-1]} matrices"
        )
    if B.ndim < 2:
        raise RuntimeError("linalg.lu_solve: The input tensor B must have at least 2 dimensions.")
    n = LU.shape[-1]
    if (B.shape[-2] if left else B.shape[-1]) != n:
        equation = "AX = B" if left else "XA = B"
        raise RuntimeError(
            f"linalg.lu_solve: Incompatible shapes of A and B for the equation {equation} ({n}x{n} and "
            f"{B.shape[-2]}x{B.shape[-1]})"
        )
    if LU.dtype != B.dtype:
        raise RuntimeError(
            f"linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type "
            f"{LU.dtype.scalar_name} and B of type {B.dtype.scalar_name} instead"
        )
    if pivots.dtype.name != "int32":
        raise RuntimeError("linalg.lu_solve: pivots should be a Tensor of scalar type torch.int32")
    if pivots.ndim == 0 or pivots.shape[-1] != n:
        raise RuntimeError("linalg.lu_solve: Number of pivots per batch should be same as the dimension of the matrix")
    if LU.dtype.itemsize < 4:
        raise not_implemented("lu_solve_cpu", LU.dtype)
    infer_size(tuple(LU.shape[:-2]), tuple(B.shape[:-2]))
    return LU_OPS.LinalgLuSolve.apply(LU, B, pivots=pivots, left=left, adjoint=adjoint)


_LU_DEPRECATED = internal(
    "torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and will be removed in a "
    "future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\nshould be replaced with\nLU, pivots = "
    "torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, pivots, info = torch.lu(A, compute_pivots, get_infos=True)\n"
    "should be replaced with\nLU, pivots, info = torch.linalg.lu_factor_ex(A, compute_pivots)",
    "aten/src/ATen/native/BatchLinearAlgebra.cpp:2073",
)


def lu(A, pivot=True, get_infos=False):
    """Mirror ``torch.lu`` (and ``Tensor.lu``, deprecated): ``(LU, pivots)`` of ``torch.linalg.lu_factor_ex``, a
    plain tuple (a singular matrix raises nothing); with ``get_infos``, ``(LU, pivots, info)`` as
    ``torch.return_types._lu_with_info`` and no error (LinalgLuFactorExBackward0)."""
    _argument(A, "_lu_with_info", "input", 1)
    warn_once(_LU_DEPRECATED, stacklevel=user_stacklevel())
    LU, pivots, info = _factor(A, pivot, False, None)
    if get_infos:
        return ReturnTriple((LU, pivots, info), "_lu_with_info", ("LU", "pivots", "info"))
    return LU, pivots


@public("lu", function=False)
def _lu_method(self, pivot=True, get_infos=False):
    """Mirror ``Tensor.lu`` (deprecated): ``torch.lu``'s values as a plain tuple, ``(LU, pivots, info)`` with
    ``get_infos``."""
    return tuple(lu(self, pivot, get_infos))


_LU_SOLVE_DEPRECATED = internal(
    "torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a future PyTorch release.\n"
    "Note that torch.linalg.lu_solve has its arguments reversed.\nX = torch.lu_solve(B, LU, pivots)\nshould be "
    "replaced with\nX = torch.linalg.lu_solve(LU, pivots, B)",
    "aten/src/ATen/native/BatchLinearAlgebra.cpp:2230",
)


@public("lu_solve", function=False, parse=True)
def lu_solve(input, LU_data, LU_pivots):
    """Mirror ``torch.lu_solve`` (and ``Tensor.lu_solve``, deprecated): ``torch.linalg.lu_solve(LU_data, LU_pivots,
    input)`` (LinalgLuSolveBackward0)."""
    for value, name, position in ((input, "input", 1), (LU_data, "LU_data", 2), (LU_pivots, "LU_pivots", 3)):
        _argument(value, "lu_solve", name, position)
    warn_once(_LU_SOLVE_DEPRECATED, stacklevel=user_stacklevel())
    return _lu_solve(LU_data, LU_pivots, input)


@public(function=False, parse=True)
def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """Mirror ``torch.lu_unpack``: ``(P, L, U)`` read from ``lu_factor``'s ``(LU, pivots)``; ``unpack_data=False``
    leaves L and U empty, ``unpack_pivots=False`` P (LuUnpackBackward0; P has no gradient)."""
    _argument(LU_data, "lu_unpack", "LU_data", 1)
    _argument(LU_pivots, "lu_unpack", "LU_pivots", 2)
    _two_dims(LU_data, "torch.lu_unpack")
    if LU_pivots.dtype.name != "int32":
        raise RuntimeError(
            "torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype.\nNote: this "
            "function is intended to be used with the output produced by torch.linalg.lu_factor"
        )
    P, L, U = LU_OPS.LuUnpack.apply(LU_data, pivots=LU_pivots, unpack_data=unpack_data, unpack_pivots=unpack_pivots)
    return ReturnTriple((P, L, U), "lu_unpack", ("P", "L", "U"))


_TRIANGULAR_SOLVE_DEPRECATED = internal(
    "torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be removed in a future "
    "PyTorch release.\ntorch.linalg.solve_triangular has its arguments reversed and does not return a copy of one of "
    "the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced with\nX = "
    "torch.linalg.solve_triangular(A, B).",
    "aten/src/ATen/native/BatchLinearAlgebra.cpp:2273",
)


@public("triangular_solve", function=False, parse=True)
def triangular_solve(input, A, upper=True, transpose=False, unitriangular=False):
    """Mirror ``torch.triangular_solve`` (and ``Tensor.triangular_solve``, deprecated): ``(solution,
    cloned_coefficient)``, ``X`` with ``op(A) @ X = input`` for a triangular ``A`` (``op(A) = A.mT`` if
    ``transpose``) and a copy of ``A``, batches broadcast (TriangularSolveBackward0)."""
    _argument(input, "triangular_solve", "input", 1)
    _argument(A, "triangular_solve", "A", 2)
    for value, name in ((input, "b"), (A, "A")):
        if value.ndim < 2:
            raise RuntimeError(
                f"torch.triangular_solve: Expected {name} to have at least 2 dimensions, but it has {value.ndim} "
                "dimensions instead"
            )
    linear_solve_checks(input, A, "triangular_solve")
    if not A.dtype.is_floating_point or A.dtype.itemsize < 4:
        raise not_implemented("triangular_solve_cpu", A.dtype)
    infer_size(tuple(input.shape[:-2]), tuple(A.shape[:-2]))
    warn_once(_TRIANGULAR_SOLVE_DEPRECATED, stacklevel=user_stacklevel())
    solution, coefficient = LU_OPS.TriangularSolve.apply(
        input, A, upper=upper, transpose=transpose, unitriangular=unitriangular
    )
    return ReturnTypes(solution, coefficient, "triangular_solve", ("solution", "cloned_coefficient"))

