"""``minigrad.linalg``: ``torch.linalg``. The norms (``vector_norm``, ``matrix_norm``, ``norm``) are built as torch
builds them: a vector norm is one LinalgVectorNormBackward0 node (the op ``Tensor.norm`` records too), the matrix
norms 1 and inf the ``amax`` (or ``amin``) of vector 1-norms, ``'nuc'``, 2 and -2 reductions of ``svdvals``.

Determinants, inverses and solves (``det``, ``slogdet``, ``inv``, ``inv_ex``, ``solve``, ``solve_ex``) come from an LU
factorisation, as torch's (:mod:`minigrad.ops.determinant`); triangular solves from :mod:`minigrad.ops.solvers`,
Cholesky factors from :mod:`minigrad.ops.cholesky`; ``matrix_power``, ``multi_dot``, ``vecdot``, ``vander``,
``tensorinv`` and ``tensorsolve`` are compositions of other ops, as in torch. The decompositions (QR, eigh, SVD) and
what uses them live in :mod:`minigrad.linalg_decompositions`; the LU family (``lu``, ``lu_factor(_ex)``,
``lu_solve``) in :mod:`minigrad.linalg_lu`, LDL (``ldl_factor(_ex)``, ``ldl_solve``) in :mod:`minigrad.linalg_ldl`,
``householder_product`` in :mod:`minigrad.linalg_householder`, all exported here. A singular matrix raises
:class:`LinAlgError`."""

import math

import numpy as np

from .arguments import NUMBERS, must_be_tensor, word
from .ops import cholesky as C
from .ops import determinant as D
from .ops import solvers as S
from .ops._util import infer_size, not_implemented
from .ops.norm import VectorNorm
from .return_types import ReturnTypes
from .tensor import Tensor

__all__ = [
    "LinAlgError", "cholesky", "cholesky_ex", "cond", "cross", "det", "diagonal", "eigh", "eigvalsh",
    "householder_product", "inv", "inv_ex", "ldl_factor", "ldl_factor_ex", "ldl_solve", "lstsq", "lu", "lu_factor",
    "lu_factor_ex", "lu_solve", "matmul", "matrix_exp", "matrix_norm", "matrix_power", "matrix_rank", "multi_dot",
    "norm", "pinv", "qr", "slogdet", "solve", "solve_ex", "solve_triangular", "svd", "svdvals", "tensorinv",
    "tensorsolve", "vander", "vecdot", "vector_norm",
]


class LinAlgError(RuntimeError):
    """Mirror ``torch.linalg.LinAlgError`` (``torch._C._LinAlgError``, a RuntimeError): what ``inv`` raises for a
    singular matrix."""


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"
LinAlgError.__module__ = "torch._C"


def square_matrices(A, name, low_precision=False, kernel="lu_cpu"):
    """torch's checks of a linear-algebra function's input (``squareCheckInputs``, ``checkFloatingOrComplex``),
    with ``name`` in its errors: batches of square matrices of a floating dtype (float16 only if ``low_precision``,
    and then no ``kernel`` takes it: LU's, or Cholesky's)."""
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
        raise not_implemented(kernel, A.dtype)


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
        raise must_be_tensor("linalg_vector_norm", "ord", None, ord, kind="Number")
    return VectorNorm.apply(x, ord=ord, dim=dim, keepdim=keepdim, dtype=dtype)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """Mirror ``torch.linalg.matrix_norm``: ``ord`` = ``'fro'`` (a vector 2-norm over the two dims), 1 and -1
    (the largest and smallest column sum of ``|A|``), inf and -inf (row sums), and as torch computes them from the
    singular values of ``A`` with the two dims moved last (``svdvals``): 2 and -2 (their ``amax`` and ``amin``) and
    ``'nuc'`` (their sum)."""
    if A.ndim < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    A = A if dtype is None else A.to(dtype)
    if ord == "fro":
        return vector_norm(A, 2, dim, keepdim)
    if ord not in (1, -1, 2, -2, math.inf, -math.inf, "nuc"):
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    dim0, dim1 = (A._wrap_dim(d) for d in dim)
    if ord in (2, -2, "nuc"):
        if not A.dtype.is_floating_point:
            raise RuntimeError(
                f"linalg.matrix_norm: Expected a floating point or complex tensor as input. Got {A.dtype.scalar_name}"
            )
        if dim0 == dim1:
            raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({dim[0]}, {dim[1]})")
        perm = [d for d in range(A.ndim) if d not in (dim0, dim1)] + [dim0, dim1]
        S = svdvals(A.permute(perm))
        out = S.sum(-1, keepdim) if ord == "nuc" else S.amax(-1, keepdim) if ord == 2 else S.amin(-1, keepdim)
        if keepdim:
            back = [perm.index(d) for d in range(A.ndim)]
            out = out.unsqueeze(-1).permute(back)
        return out
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


def _argument(value, function, name, position):
    if not isinstance(value, Tensor):
        raise must_be_tensor(function, name, position, value)


def linear_solve_checks(b, A, name):
    """torch's ``linearSolveCheckInputs`` (``cholesky_solve``, ``triangular_solve``): ``b`` and ``A`` of one dtype,
    ``A`` batches of square matrices as tall as ``b``."""
    if b.dtype != A.dtype:
        raise RuntimeError(
            f"Expected b and A to have the same dtype, but found b of type {b.dtype.scalar_name} and A of type "
            f"{A.dtype.scalar_name} instead."
        )
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if A.shape[-1] != b.shape[-2]:
        raise RuntimeError(
            f"Incompatible matrix sizes for {name}: each A matrix is {A.shape[-2]} by {A.shape[-1]} but each b "
            f"matrix is {b.shape[-2]} by {b.shape[-1]}"
        )


def _solve_checks(A, B, left, name="linalg.solve"):
    """torch's checks of ``linalg.solve_ex``'s inputs, in its order."""
    if not A.dtype.is_floating_point:
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. Got {A.dtype.scalar_name}")
    if A.dtype != B.dtype:
        raise RuntimeError(
            f"{name}: Expected A and B to have the same dtype, but found A of type {A.dtype.scalar_name} and B of "
            f"type {B.dtype.scalar_name} instead"
        )
    vector = A.ndim >= 1 and D.is_vector_rhs(A.shape, B.shape)
    square_matrices(A, name, low_precision=True)
    b_shape = tuple(B.shape) + (1,) if vector else tuple(B.shape)
    if len(b_shape) < 2:
        raise RuntimeError(f"{name}: The input tensor B must have at least 2 dimensions.")
    if (A.shape[-2] != b_shape[-2]) if left else (A.shape[-1] != b_shape[-1]):
        raise RuntimeError(
            f"{name}: Incompatible shapes of A and B for the equation {'AX = B' if left else 'XA = B'} "
            f"({A.shape[-2]}x{A.shape[-1]} and {b_shape[-2]}x{b_shape[-1]})"
        )
    infer_size(b_shape[:-2], tuple(A.shape[:-2]))
    if not left and vector:
        raise RuntimeError(
            f"{name}: Vector broadcasting of the left hand side is not supported for left=False. In this case "
            "linalg.solve is equivalent to B / A.squeeze(-1)"
        )


def solve_ex(A, B, *, left=True, check_errors=False, _name="torch.linalg.solve_ex"):
    """Mirror ``torch.linalg.solve_ex``: ``(result, info)``, the solution ``X`` of ``A @ X = B`` (``X @ A = B`` if not
    ``left``; ``B`` a vector or a batch of them when its shape is ``A.shape[:-1]`` or it is 1-D) and ``info`` (int32,
    the LU's first zero pivot, 0 if none), by ``A``'s LU factorisation (LinalgSolveExBackward0, second order too);
    ``check_errors`` raises :class:`LinAlgError` for a singular ``A``."""
    _argument(A, "linalg_solve_ex", "A", 1)
    _argument(B, "linalg_solve_ex", "B", 2)
    _solve_checks(A, B, left)
    info = []
    result = D.LinalgSolveEx.apply(A, B, left=left, info=info, check_errors=_name if check_errors else None)
    return ReturnTypes(result, info[0], "linalg_solve_ex", ("result", "info"))


def solve(A, B, *, left=True, out=None):
    """Mirror ``torch.linalg.solve``: ``X`` with ``A @ X = B`` (``X @ A = B`` if not ``left``), batches broadcast,
    ``B`` a vector when 1-D or of shape ``A.shape[:-1]``; a singular ``A`` raises :class:`LinAlgError`
    (LinalgSolveExBackward0, second order too)."""
    _argument(A, "linalg_solve", "A", 1)
    _argument(B, "linalg_solve", "B", 2)
    if out is not None:
        from .outputs import write_out

        return write_out("_linalg_solve_ex", out, lambda: solve(A, B, left=left), A, B)
    _solve_checks(A, B, left)
    return D.LinalgSolveEx.apply(A, B, left=left, check_errors="torch.linalg.solve")


def inv_ex(A, *, check_errors=False):
    """Mirror ``torch.linalg.inv_ex``: ``(inverse, info)``; a singular matrix gives torch's infs or nans and a
    nonzero ``info`` unless ``check_errors`` (then :class:`LinAlgError`) (LinalgInvExBackward0)."""
    _argument(A, "linalg_inv_ex", "A", 1)
    square_matrices(A, "linalg.inv")
    info = []
    if check_errors:
        inverse = D.LinalgInvEx.apply(A, name="linalg.inv_ex")
        info.append(Tensor._wrap(np.zeros(A.shape[:-2], np.int32)))
    else:
        inverse = D.LinalgInvEx.apply(A, info=info)
    return ReturnTypes(inverse, info[0], "linalg_inv_ex", ("inverse", "info"))


def matrix_power(A, n, *, _name="linalg_matrix_power", _position=2):
    """Mirror ``torch.linalg.matrix_power``: ``A`` to the integer power ``n`` as torch computes it: ``n = 0`` the
    identity (copied into a clone), 1 a clone, 2 and 3 products, more by repeated squaring (``matmul``), a negative
    power the power of ``linalg.inv(A)``."""
    _argument(A, _name, "A" if _name.startswith("linalg") else "input", 1)
    if not isinstance(n, int) or isinstance(n, bool):
        raise must_be_tensor(_name, "n", _position, n, kind="int")
    if A.ndim < 2:
        raise RuntimeError("linalg.matrix_power: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"linalg.matrix_power: A must be batches of square matrices, but they are {A.shape[-2]} by "
            f"{A.shape[-1]} matrices"
        )
    from .creation import eye

    if n == 0:
        return A.clone().copy_(eye(A.shape[-1], dtype=A.dtype).expand_as(A))
    if n == 1:
        return A.clone()
    a = inv(A) if n < 0 else A
    n = abs(n)
    if n == 1:
        return a
    if n == 2:
        return a.matmul(a)
    if n == 3:
        return a.matmul(a).matmul(a)
    z = result = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = a if z is None else z.matmul(z)
        if bit:
            result = z if result is None else result.matmul(z)
    return result


def _chain_order(shapes):
    """torch's ``matrix_chain_order``: where the cheapest product of each run of matrices splits."""
    n = len(shapes)
    p = [s[0] for s in shapes] + [shapes[-1][1]]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = 2**63 - 1
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def _chain(tensors, split, i, j):
    if i == j:
        return tensors[i]
    return _chain(tensors, split, i, split[i][j]).mm(_chain(tensors, split, split[i][j] + 1, j))


def multi_dot(tensors, *, out=None):
    """Mirror ``torch.linalg.multi_dot``: the product of a chain of matrices (the first and the last may be vectors)
    in the cheapest order (torch's), as ``mm`` products, then viewed to the output's shape (ViewBackward0)."""
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(
            f"linalg_multi_dot(): argument 'tensors' (position 1) must be tuple of Tensors, not {word(tensors)}"
        )
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {word(t)}")
    if out is not None:
        from .outputs import write_out

        return write_out("mm", out, lambda: multi_dot(tensors), *tensors)
    n = len(tensors)
    if n < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {n}")
    first, last = tensors[0], tensors[-1]
    shape = []
    for t, where in ((first, "first"), (last, "last")):
        if t.ndim not in (1, 2):
            raise RuntimeError(f"multi_dot(): the {where} tensor must be 1D or 2D but got {t.ndim}D")
    items = [first.unsqueeze(0) if first.ndim == 1 else first] + list(tensors[1:-1])
    items.append(last.unsqueeze(-1) if last.ndim == 1 else last)
    if first.ndim == 2:
        shape.append(first.shape[0])
    if last.ndim == 2:
        shape.append(last.shape[1])
    for i in range(1, n - 1):
        if items[i].ndim != 2:
            raise RuntimeError(f"multi_dot(): tensor {i} must be 2D but got {items[i].ndim}D")
    for i in range(1, n):
        if items[i].dtype != items[0].dtype:
            raise RuntimeError(
                f"multi_dot(): all tensors must have be the same dtype but tensor 0 is {items[0].dtype.c_name} and "
                f"tensor {i} {items[i].dtype.c_name}"
            )
        if items[i - 1].shape[-1] != items[i].shape[0]:
            raise RuntimeError(
                f"multi_dot(): tensors {i - 1} and {i} with shapes {list(tensors[i - 1].shape)} and "
                f"{list(tensors[i].shape)} cannot be multiplied"
            )
    if n == 2:
        result = items[0].mm(items[1])
    elif n == 3:
        a, b, c, d = items[0].shape[0], items[1].shape[0], items[2].shape[0], items[2].shape[1]
        if a * c * (b + d) > b * d * (a + c):
            result = items[0].mm(items[1].mm(items[2]))
        else:
            result = items[0].mm(items[1]).mm(items[2])
    else:
        result = _chain(items, _chain_order([t.shape for t in items]), 0, n - 1)
    return result.view(shape)


_REQUIRED = object()


def solve_triangular(A, B, *, upper=_REQUIRED, left=True, unitriangular=False, out=None):
    """Mirror ``torch.linalg.solve_triangular``: ``X`` with ``A @ X = B`` (``X @ A = B`` if not ``left``) reading only
    ``A``'s upper (``upper=True``) or lower triangle, its diagonal taken as ones if ``unitriangular``; batches
    broadcast, the result in ``A``'s dtype (LinalgSolveTriangularBackward0, second order too). Values may differ from
    torch's in the last bits (BLAS's trsm)."""
    _argument(A, "linalg_solve_triangular", "A", 1)
    _argument(B, "linalg_solve_triangular", "B", 2)
    if upper is _REQUIRED:
        raise TypeError('linalg_solve_triangular() missing 1 required positional arguments: "upper"')
    for name, value in (("upper", upper), ("left", left), ("unitriangular", unitriangular)):
        if not isinstance(value, bool):
            raise must_be_tensor("linalg_solve_triangular", name, None, value, kind="bool")
    if out is not None:
        from .outputs import write_out

        return write_out("linalg_solve_triangular", out, lambda: solve_triangular(
            A, B, upper=upper, left=left, unitriangular=unitriangular), A, B)  # fmt: skip
    name = "linalg.solve_triangular"
    if A.ndim < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"{name}: A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if B.ndim < 2:
        raise RuntimeError(f"{name}: The input tensor B must have at least 2 dimensions.")
    if (A.shape[-2] != B.shape[-2]) if left else (A.shape[-1] != B.shape[-1]):
        raise RuntimeError(
            f"{name}: Incompatible shapes of A and B for the equation {'AX = B' if left else 'XA = B'} "
            f"({A.shape[-2]}x{A.shape[-1]} and {B.shape[-2]}x{B.shape[-1]})"
        )
    infer_size(tuple(B.shape[:-2]), tuple(A.shape[:-2]))
    if not A.dtype.is_floating_point or A.dtype.itemsize < 4:
        raise not_implemented("triangular_solve_cpu", A.dtype)
    return S.LinalgSolveTriangular.apply(A, B, upper=upper, left=left, unitriangular=unitriangular)




def cholesky_ex(A, *, upper=False, check_errors=False):
    """Mirror ``torch.linalg.cholesky_ex``: ``(L, info)``, the Cholesky factor ``L`` (``A = L @ L.mH``, read from
    ``A``'s lower triangle; ``upper=True``: ``U`` with ``A = U.mH @ U`` from the upper triangle) and ``info`` (int32,
    the order of the first leading minor that is not positive-definite, 0 if none; the factor is then LAPACK's
    partial one) (LinalgCholeskyExBackward0, second order too)."""
    _argument(A, "linalg_cholesky_ex", "A", 1)
    square_matrices(A, "linalg.cholesky", low_precision=True, kernel="cholesky_cpu")
    info = []
    L = C.LinalgCholeskyEx.apply(A, upper=upper, info=info, check_errors="linalg.cholesky_ex" if check_errors else None)
    return ReturnTypes(L, info[0], "linalg_cholesky_ex", ("L", "info"))


def cholesky(A, *, upper=False, out=None):
    """Mirror ``torch.linalg.cholesky``: the Cholesky factor ``L`` of each matrix (``A = L @ L.mH``, from its lower
    triangle; ``U`` with ``A = U.mH @ U`` from the upper one if ``upper``); a matrix not positive-definite raises
    :class:`LinAlgError` (LinalgCholeskyExBackward0, second order too)."""
    _argument(A, "linalg_cholesky", "A", 1)
    if out is not None:
        from .outputs import write_out

        return write_out("linalg_cholesky_ex", out, lambda: cholesky(A, upper=upper), A)
    square_matrices(A, "linalg.cholesky", low_precision=True, kernel="cholesky_cpu")
    return C.LinalgCholeskyEx.apply(A, upper=upper, check_errors="linalg.cholesky")


def vander(x, *, N=None):
    """Mirror ``torch.linalg.vander``: the powers ``x ** 0, x ** 1, ..., x ** (N - 1)`` of each element along a new
    last dim (``N`` defaults to ``x``'s last size), built as torch builds them: a column of ones concatenated with the
    cumulative product of ``x`` expanded (CatBackward0 over CumprodBackward0)."""
    from .functional import cat

    _argument(x, "linalg_vander", "x", 1)
    if x.dtype.is_floating_point and x.dtype.itemsize < 4 or x.dtype.scalar_name == "Bool":
        raise RuntimeError(
            f"linalg.vander supports floating point, complex, and integer tensors, but got {x.dtype.scalar_name}"
        )
    x_ = x.unsqueeze(-1) if x.ndim == 0 else x
    shape = list(x_.shape)
    n = shape[-1] if N is None else N
    if n <= 1:
        raise RuntimeError("N must be greater than 1.")
    result = x_.unsqueeze(-1).expand(*shape, n - 1).cumprod(-1)
    ones = result.new_ones(tuple(shape) + (1,))
    return cat([ones, result], -1)


def _prod(shape):
    return int(np.prod(shape, dtype=np.int64))


def tensorinv(A, ind=2):
    """Mirror ``torch.linalg.tensorinv``: the inverse of ``A`` seen as a square matrix of its first ``ind`` dims by
    the rest, shaped ``A.shape[ind:] + A.shape[:ind]``: ``linalg.inv_ex`` of the reshaped ``A``, reshaped back (torch's
    inverse is column-major, so that reshape is a ReshapeAliasBackward0)."""
    from .ops.shape import ReshapeAlias

    _argument(A, "linalg_tensorinv", "A", 1)
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    end, start = _prod(A.shape[ind:]), _prod(A.shape[:ind])
    if end != start:
        raise RuntimeError(
            "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), but got "
            f"{end} != {start}"
        )
    square = A.reshape(end, end)
    square_matrices(square, "linalg.inv")
    result = D.LinalgInvEx.apply(square, name="inv")
    return ReshapeAlias.apply(result, shape=tuple(A.shape[ind:]) + tuple(A.shape[:ind]))


def tensorsolve(A, B, dims=None):
    """Mirror ``torch.linalg.tensorsolve``: ``X`` with ``tensordot(A, X, X.ndim) = B``: ``A`` (its ``dims`` moved
    last) reshaped to a square matrix, ``linalg.solve`` with ``B`` flattened, the solution reshaped to
    ``A.shape[B.ndim:]``."""
    _argument(A, "linalg_tensorsolve", "A", 1)
    _argument(B, "linalg_tensorsolve", "B", 2)
    if dims is not None:
        if not isinstance(dims, (list, tuple)):
            raise must_be_tensor("linalg_tensorsolve", "dims", None, dims, kind="tuple of ints")
        dims = tuple(dims)
        A = A.movedim(dims, tuple(range(A.ndim - len(dims), A.ndim)))
    shape = tuple(A.shape[B.ndim:])
    n, m = _prod(shape), _prod(B.shape)
    if n != m:
        raise RuntimeError(
            "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == prod(self.shape[:other.ndim]), "
            f"but got {n} != {m}"
        )
    return solve(A.reshape(n, n), B.flatten()).reshape(shape)


def vecdot(x, y, *, dim=-1, out=None):
    """Mirror ``torch.linalg.vecdot``: ``(x * y).sum(dim)`` for real inputs, as torch computes it (SumBackward1
    over MulBackward0), the inputs broadcast."""
    _argument(x, "linalg_vecdot", "x", 1)
    _argument(y, "linalg_vecdot", "y", 2)
    if out is not None:
        from .outputs import write_out

        return write_out("sum", out, lambda: vecdot(x, y, dim=dim), x, y)
    if not x.dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.vecdot: Expected a floating point or complex tensor as input. Got {x.dtype.scalar_name}"
        )
    if x.dtype != y.dtype:
        raise RuntimeError(
            f"linalg.vecdot: Expected x and y to have the same dtype, but found x of type {x.dtype.scalar_name} and "
            f"y of type {y.dtype.scalar_name} instead"
        )
    return (x * y).sum(dim)


def matmul(input, other, *, out=None):
    """Mirror ``torch.linalg.matmul``: ``torch.matmul``."""
    from .functional import matmul as _matmul

    return _matmul(input, other) if out is None else _matmul(input, other, out=out)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """Mirror ``torch.linalg.diagonal``: ``torch.diagonal`` with the last two dims by default (DiagonalBackward0)."""
    return A.diagonal(offset, dim1, dim2)


from .linalg_decompositions import (  # noqa: E402 - they use the helpers above
    cond,
    eigh,
    eigvalsh,
    lstsq,
    matrix_exp,
    matrix_rank,
    pinv,
    qr,
    svd,
    svdvals,
)
from .linalg_householder import householder_product  # noqa: E402
from .linalg_ldl import ldl_factor, ldl_factor_ex, ldl_solve  # noqa: E402
from .linalg_lu import _linalg_lu as lu  # noqa: E402
from .linalg_lu import _lu_solve as lu_solve  # noqa: E402
from .linalg_lu import lu_factor, lu_factor_ex  # noqa: E402
from .torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.linalg")  # a name torch has and minigrad lacks says so
