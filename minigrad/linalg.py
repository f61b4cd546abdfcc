"""``minigrad.linalg``: the norms of ``torch.linalg`` (``vector_norm``, ``matrix_norm``, ``norm``), built as torch
builds them: a vector norm is one LinalgVectorNormBackward0 node (the op ``Tensor.norm`` records too), the matrix
norms 1 and inf the ``amax`` (or ``amin``) of vector 1-norms. The norms that need a singular value decomposition
(``'nuc'``, 2, -2) are not implemented.

Determinants and inverses (``det``, ``slogdet``, ``inv``) come from an LU factorisation, as torch's
(:mod:`minigrad.ops.determinant`); a singular matrix given to ``inv`` raises :class:`LinAlgError`."""

import math

from .arguments import NUMBERS, must_be_tensor, word
from .ops import determinant as D
from .ops._util import not_implemented
from .ops.norm import VectorNorm
from .return_types import ReturnTypes
from .tensor import Tensor

__all__ = ["LinAlgError", "cross", "det", "inv", "matrix_norm", "norm", "slogdet", "vector_norm"]


class LinAlgError(RuntimeError):
    """Mirror ``torch.linalg.LinAlgError`` (``torch._C._LinAlgError``, a RuntimeError): what ``inv`` raises for a
    singular matrix."""


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"
LinAlgError.__module__ = "torch._C"


def square_matrices(A, name, low_precision=False):
    """torch's checks of a linear-algebra function's input (``squareCheckInputs``, ``checkFloatingOrComplex``),
    with ``name`` in its errors: batches of square matrices of a floating dtype (float16 only if ``low_precision``,
    and then no LU kernel takes it)."""
    if A.ndim < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"{name}: A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if not A.dtype.is_floating_point:
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. Got {A.dtype.scalar_name}")
    if A.dtype.itemsize < 4:
        if not low_precision:
            raise RuntimeError(f"{name}: Low precision dtypes not supported. Got {A.dtype.scalar_name}")
        raise not_implemented("lu_cpu", A.dtype)


def _tensor_argument(value, function, name):
    if not isinstance(value, Tensor):
        raise must_be_tensor(function, name, 1, value)


def det(A):
    """Mirror ``torch.linalg.det``: the determinant of each matrix of ``A`` (``(*, n, n)``), from its LU
    factorisation (LinalgDetBackward0, with torch's gradient at singular matrices and second order)."""
    _tensor_argument(A, "linalg_det", "A")
    square_matrices(A, "linalg.det", low_precision=True)
    return D.LinalgDet.apply(A)


def slogdet(A, _name="linalg_slogdet"):
    """Mirror ``torch.linalg.slogdet``: the sign and the log of the absolute value of each matrix's determinant, as
    the pair ``(sign, logabsdet)`` (LinalgSlogdetBackward0; only ``logabsdet`` has a gradient)."""
    _tensor_argument(A, _name, "A")
    square_matrices(A, "linalg.slogdet")
    sign, logabsdet = D.LinalgSlogdet.apply(A)
    return ReturnTypes(sign, logabsdet, _name, ("sign", "logabsdet"))


def inv(A):
    """Mirror ``torch.linalg.inv``: the inverse of each matrix of ``A`` (LinalgInvExBackward0); a singular matrix
    raises :class:`LinAlgError` naming the zero on its LU factorisation's diagonal."""
    _tensor_argument(A, "linalg_inv", "A")
    square_matrices(A, "linalg.inv")
    return D.LinalgInvEx.apply(A)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """Mirror ``torch.linalg.vector_norm``: ``sum(|x| ** ord) ** (1 / ord)`` over ``dim`` (all dims if None)."""
    if not isinstance(ord, NUMBERS):
        raise TypeError(f"linalg_vector_norm(): argument 'ord' must be Number, not {word(ord)}")
    return VectorNorm.apply(x, ord=ord, dim=dim, keepdim=keepdim, dtype=dtype)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """Mirror ``torch.linalg.matrix_norm`` for ``ord`` = ``'fro'`` (a vector 2-norm over the two dims), 1 and -1
    (the largest and smallest column sum of ``|A|``), inf and -inf (row sums)."""
    if A.ndim < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    A = A if dtype is None else A.to(dtype)
    if ord == "fro":
        return vector_norm(A, 2, dim, keepdim)
    if ord not in (1, -1, math.inf, -math.inf):
        raise NotImplementedError(
            f"minigrad's linalg.matrix_norm computes ord='fro', 1, -1, inf and -inf, not {ord!r}, which needs a "
            "singular value decomposition; run this code with `import torch` to use it"
        )
    dim0, dim1 = (A._wrap_dim(d) for d in dim)
    if abs(ord) == math.inf:
        dim0, dim1 = dim1, dim0
    if not keepdim and dim0 < dim1:
        dim1 -= 1
    sums = vector_norm(A, 1, dim0, keepdim)
    return sums.amax(dim1, keepdim) if ord > 0 else sums.amin(dim1, keepdim)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """Mirror ``torch.linalg.norm``: a vector norm over one dim (or of everything when neither ``ord`` nor
    ``dim`` is given), a matrix norm over two dims or of a 2-D ``A``."""
    if dim is None and ord is not None and A.ndim not in (1, 2):
        raise RuntimeError(
            f"linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {A.ndim}D."
        )
    dims = None if dim is None else (dim,) if isinstance(dim, int) else tuple(dim)
    if ord is not None and (dims is None and A.ndim == 2 or dims is not None and len(dims) == 2):
        return matrix_norm(A, ord, dims or (-2, -1), keepdim, dtype=dtype)
    return vector_norm(A, 2 if ord is None else ord, dims, keepdim, dtype=dtype)


def cross(input, other, *, dim=-1, out=None):
    """Mirror ``torch.linalg.cross``: the cross product of 3-vectors along ``dim`` (-1 by default), the inputs (of one
    number of dims) broadcast (LinalgCrossBackward0, second order too)."""
    from .products import linalg_cross

    if out is not None:
        from .outputs import write_out

        return write_out("linalg_cross", out, lambda: linalg_cross(input, other, dim=dim), input, other)
    return linalg_cross(input, other, dim=dim)


from .torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.linalg")  # a name torch has and minigrad lacks says so
