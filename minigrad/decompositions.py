"""torch-level linear-algebra functions (``torch.matrix_power``, ...), the same code as ``torch.linalg``'s."""

from . import linalg
from . import linalg_decompositions as LD
from .ops import cholesky as C
from .public import public
from .torch_warnings import internal, user_stacklevel, warn_once

__all__ = ["cholesky", "cholesky_inverse", "cholesky_solve", "matrix_exp", "matrix_power", "pinverse", "qr", "svd"]


def matrix_power(input, n):
    """Mirror ``torch.matrix_power``: ``torch.linalg.matrix_power``."""
    return linalg.matrix_power(input, n, _name="matrix_power")


@public("matrix_power", function=False, parse=True)
def _matrix_power_method(self, n):
    """Mirror ``Tensor.matrix_power``: ``torch.linalg.matrix_power`` (``n`` is the method's argument 1)."""
    return linalg.matrix_power(self, n, _name="matrix_power", _position=1)


_CHOLESKY_DEPRECATED = internal(
    "torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future PyTorch release.\n"
    "L = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\nand\n"
    "U = torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH\n"
    "This transform will produce equivalent results for all valid (symmetric positive definite) inputs.",
    "aten/src/ATen/native/BatchLinearAlgebra.cpp:1765",
)


@public("cholesky", function=False, parse=True)
def cholesky(input, upper=False):
    """Mirror ``torch.cholesky`` (and ``Tensor.cholesky``): the Cholesky factor as ``torch.linalg.cholesky`` computes
    it, with torch's deprecation warning (once per process) (CholeskyBackward0)."""
    linalg._argument(input, "cholesky", "input", 1)
    warn_once(_CHOLESKY_DEPRECATED, stacklevel=user_stacklevel())
    if input.ndim < 2:
        raise RuntimeError("cholesky: The input tensor A must have at least 2 dimensions.")
    if input.shape[-1] != input.shape[-2]:
        raise RuntimeError(
            f"cholesky: A must be batches of square matrices, but they are {input.shape[-2]} by {input.shape[-1]} "
            "matrices"
        )
    if not input.dtype.is_floating_point or input.dtype.itemsize < 4:
        raise linalg.not_implemented("cholesky_cpu", input.dtype)
    return C.Cholesky.apply(input, upper=upper, check_errors="cholesky")


@public("cholesky_solve", function=False, parse=True)
def cholesky_solve(input, input2, upper=False):
    """Mirror ``torch.cholesky_solve`` (and ``Tensor.cholesky_solve``): ``X`` with ``A @ X = input`` for ``A = L @
    L.mH`` given its Cholesky factor ``input2 = L`` (``U.mH @ U`` if ``upper``), batches broadcast
    (CholeskySolveBackward0, second order too)."""
    linalg._argument(input, "cholesky_solve", "input", 1)
    linalg._argument(input2, "cholesky_solve", "input2", 2)
    if input.ndim < 2:
        raise RuntimeError(f"b should have at least 2 dimensions, but has {input.ndim} dimensions instead")
    if input2.ndim < 2:
        raise RuntimeError(f"u should have at least 2 dimensions, but has {input2.ndim} dimensions instead")
    linalg.linear_solve_checks(input, input2, "cholesky_solve")
    linalg.infer_size(tuple(input.shape[:-2]), tuple(input2.shape[:-2]))
    if not input.dtype.is_floating_point or input.dtype.itemsize < 4:
        raise linalg.not_implemented("cholesky_solve_cpu", input.dtype)
    return C.CholeskySolve.apply(input, input2, upper=upper)


@public("cholesky_inverse", function=False, parse=True)
def cholesky_inverse(input, upper=False):
    """Mirror ``torch.cholesky_inverse`` (and ``Tensor.cholesky_inverse``): ``(L @ L.mH)^-1`` (``(U.mH @ U)^-1`` if
    ``upper``) from the Cholesky factor ``input``, reading only its triangle (CholeskyInverseBackward0, second order
    too); a zero on its diagonal raises :class:`~minigrad.linalg.LinAlgError`."""
    linalg._argument(input, "cholesky_inverse", "input", 1)
    if input.ndim < 2:
        raise RuntimeError("cholesky_inverse: The input tensor A must have at least 2 dimensions.")
    if input.shape[-1] != input.shape[-2]:
        raise RuntimeError(
            f"cholesky_inverse: A must be batches of square matrices, but they are {input.shape[-2]} by "
            f"{input.shape[-1]} matrices"
        )
    if not input.dtype.is_floating_point or input.dtype.itemsize < 4:
        raise linalg.not_implemented("cholesky_inverse_out_cpu", input.dtype)
    return C.CholeskyInverse.apply(input, upper=upper)


_QR_DEPRECATED = internal(
    "torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch release.\n"
    "The boolean parameter 'some' has been replaced with a string parameter 'mode'.\nQ, R = torch.qr(A, some)\n"
    "should be replaced with\nQ, R = torch.linalg.qr(A, 'reduced' if some else 'complete')",
    "aten/src/ATen/native/BatchLinearAlgebra.cpp:2505",
)


@public("qr", function=False, parse=True)
def qr(input, some=True):
    """Mirror ``torch.qr`` (and ``Tensor.qr``): ``torch.linalg.qr`` with mode 'reduced' (``some``) or 'complete',
    its pair named ``torch.return_types.qr``, with torch's deprecation warning (once per process)."""
    linalg._argument(input, "qr", "input", 1)
    warn_once(_QR_DEPRECATED, stacklevel=user_stacklevel())
    return linalg.qr(input, "reduced" if some else "complete", _name="qr")


@public("svd", function=False, parse=True)
def svd(input, some=True, compute_uv=True):
    """Mirror ``torch.svd`` (and ``Tensor.svd``): ``(U, S, V)`` with ``input = U @ diag(S) @ V.mT``, from
    ``torch.linalg.svd`` (``full_matrices=not some``; V is ``Vh.mH``, a TransposeBackward0); ``compute_uv=False``:
    ``U`` and ``V`` zero matrices of shapes ``(m, m)`` and ``(n, n)``."""
    linalg._argument(input, "svd", "input", 1)
    if input.ndim < 2:
        raise RuntimeError(
            f"linalg.svd: input should have at least 2 dimensions, but has {input.ndim} dimensions instead"
        )
    if compute_uv:
        U, S, Vh = LD._svd(input, not some, True)
        return LD.ReturnTriple((U, S, Vh.mH), "svd", ("U", "S", "V"))
    from .creation import zeros

    S = LD._svd(input, False, LD._records(input))[1]
    m, n = input.shape[-2:]
    batch = tuple(input.shape[:-2])
    U, V = zeros(batch + (m, m), dtype=input.dtype), zeros(batch + (n, n), dtype=input.dtype)
    return LD.ReturnTriple((U, S, V), "svd", ("U", "S", "V"))


@public("pinverse", function=False, parse=True)
def pinverse(input, rcond=1e-15):
    """Mirror ``torch.pinverse`` (and ``Tensor.pinverse``): ``torch.linalg.pinv(input, rtol=rcond)``
    (LinalgPinvBackward0)."""
    linalg._argument(input, "pinverse", "input", 1)
    return linalg.pinv(input, rcond)


@public("matrix_exp", function=False)
def matrix_exp(input):
    """Mirror ``torch.matrix_exp`` (and ``Tensor.matrix_exp``): ``torch.linalg.matrix_exp``
    (LinalgMatrixExpBackward0)."""
    linalg._argument(input, "matrix_exp", "input", 1)
    return linalg.matrix_exp(input)
