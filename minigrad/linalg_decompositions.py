"""``torch.linalg``'s decompositions and what is built on them: ``qr``, ``eigh``, ``eigvalsh``, ``svd``, ``svdvals``,
``pinv``, ``lstsq``, ``matrix_exp``, ``cond`` and ``matrix_rank`` (their ops: :mod:`minigrad.ops.decompositions`).
:mod:`minigrad.linalg` exports them."""

import math

import numpy as np

from .arguments import must_be_tensor
from .linalg import LinAlgError, _argument
from .ops import decompositions as X
from .ops._util import infer_size, not_implemented
from .return_types import ReturnTypes
from .tensor import Tensor


class ReturnTriple(tuple):
    """Mirror a ``torch.return_types.<name>`` of three or more fields (``linalg_svd``: ``U``, ``S``, ``Vh``), printed
    as torch prints it; its class is named after the op."""

    _kinds = {}

    def __new__(cls, values, name, fields):
        kind = cls._kinds.get(name)
        if kind is None:
            kind = cls._kinds[name] = type(name, (ReturnTriple,), {"__qualname__": name})
        triple = super().__new__(kind, values)
        triple._name, triple._fields = name, fields
        return triple

    def __reduce__(self):
        return ReturnTriple, (tuple(self), self._name, self._fields)

    def __getattr__(self, field):
        if field.startswith("_") or field not in self._fields:
            raise AttributeError(f"'torch.return_types.{self._name}' object has no attribute '{field}'")
        return self[self._fields.index(field)]

    def __repr__(self):
        body = ",\n".join(f"{f}={v!r}" for f, v in zip(self._fields, self))
        return f"torch.return_types.{self._name}(\n{body})"


def qr(A, mode="reduced", *, _name="linalg_qr"):
    """Mirror ``torch.linalg.qr``: ``(Q, R)`` with ``A = Q @ R``, ``Q`` with orthonormal columns and ``R`` upper
    triangular, by Householder reflections (LAPACK's signs); ``mode`` 'reduced' (k = min(m, n) columns of Q),
    'complete' (Q square) or 'r' (R only, Q empty) (LinalgQrBackward0, second order too)."""
    _argument(A, _name, "A", 1)
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(
            f"qr received unrecognized mode '{mode}' but expected one of 'reduced' (default), 'r', or 'complete'"
        )
    if A.ndim < 2:
        raise RuntimeError("linalg.qr: The input tensor A must have at least 2 dimensions.")
    if not A.dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.qr: Expected a floating point or complex tensor as input. Got {A.dtype.scalar_name}"
        )
    if A.dtype.itemsize < 4:
        raise not_implemented("geqrf_cpu", A.dtype)
    Q, R = X.LinalgQr.apply(A, mode=mode)
    return ReturnTypes(Q, R, "linalg_qr" if _name == "linalg_qr" else "qr", ("Q", "R"))


def _eigh(A, UPLO, compute_v):
    if not isinstance(UPLO, str) or UPLO not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    if A.ndim < 2:
        raise RuntimeError("linalg.eigh: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"linalg.eigh: A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if not A.dtype.is_floating_point or A.dtype.itemsize < 4:
        raise not_implemented("linalg_eigh_cpu", A.dtype)
    return X.LinalgEigh.apply(A, UPLO=UPLO, compute_v=compute_v)


def eigh(A, UPLO="L"):
    """Mirror ``torch.linalg.eigh``: ``(eigenvalues, eigenvectors)`` of the symmetric matrix read from ``A``'s lower
    (``UPLO='L'``) or upper triangle, the eigenvalues ascending; the eigenvectors' signs are LAPACK's (numpy's may
    differ from torch's MKL) (LinalgEighBackward0, second order too)."""
    _argument(A, "linalg_eigh", "A", 1)
    values, vectors = _eigh(A, UPLO, True)
    return ReturnTypes(values, vectors, "linalg_eigh", ("eigenvalues", "eigenvectors"))


def eigvalsh(A, UPLO="L"):
    """Mirror ``torch.linalg.eigvalsh``: the eigenvalues (ascending) of the symmetric matrix read from ``A``'s lower
    (or upper) triangle; with a gradient, the eigenvectors are computed and saved too (LinalgEighBackward0)."""
    _argument(A, "linalg_eigvalsh", "A", 1)
    return _eigh(A, UPLO, _records(A))[0]


def _records(A):
    from .autograd import grad_mode

    return bool(A.requires_grad and grad_mode._state.enabled)


def _svd(A, full_matrices, compute_uv):
    if A.ndim < 2:
        raise RuntimeError("linalg.svd: The input tensor A must have at least 2 dimensions.")
    if not A.dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.svd: Expected a floating point or complex tensor as input. Got {A.dtype.scalar_name}"
        )
    if A.dtype.itemsize < 4:
        raise not_implemented("linalg_svd_cpu", A.dtype)
    finite = np.isfinite(A._data).all((-2, -1)).reshape(-1)
    if not finite.all():
        where = f"(Batch element {int(np.flatnonzero(~finite)[0])}): " if A.ndim > 2 else ""
        raise LinAlgError(
            f"linalg.svd: {where}The algorithm failed to converge because the input matrix contained non-finite values."
        )
    return X.LinalgSvd.apply(A, full_matrices=full_matrices, compute_uv=compute_uv)


def svd(A, full_matrices=True, *, driver=None):
    """Mirror ``torch.linalg.svd``: ``(U, S, Vh)`` with ``A = U @ diag(S) @ Vh``, ``S`` descending; ``full_matrices``
    gives square ``U`` and ``Vh``. The singular vectors' signs are LAPACK's (numpy's may differ from torch's MKL)
    (LinalgSvdBackward0, second order too)."""
    _argument(A, "linalg_svd", "A", 1)
    if not isinstance(full_matrices, bool):
        raise must_be_tensor("linalg_svd", "full_matrices", None, full_matrices, kind="bool")
    if driver is not None:
        raise RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with "
                           "cuSOLVER backend.")  # fmt: skip
    U, S, Vh = _svd(A, full_matrices, True)
    return ReturnTriple((U, S, Vh), "linalg_svd", ("U", "S", "Vh"))


def svdvals(A, *, driver=None):
    """Mirror ``torch.linalg.svdvals``: the singular values, descending; with a gradient, ``U`` and ``Vh`` are computed
    and saved too (LinalgSvdBackward0)."""
    _argument(A, "linalg_svdvals", "A", 1)
    if driver is not None:
        raise RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with "
                           "cuSOLVER backend.")  # fmt: skip
    return _svd(A, False, _records(A))[1]


def cond(A, p=None):
    """Mirror ``torch.linalg.cond`` for ``p`` = None, 2 and -2: the ratio of the largest to the smallest singular value
    (of the smallest to the largest for -2), as torch computes it from ``svdvals`` (slices, a division, a squeeze).
    The other orders (which torch computes from ``linalg.inv``) are not implemented."""
    _argument(A, "linalg_cond", "A", 1)
    if p not in (None, 2, -2, 1, -1, math.inf, -math.inf, "fro", "nuc"):
        raise RuntimeError(f"linalg.cond got an invalid norm type: {p}")
    if A.ndim < 2:
        raise RuntimeError("linalg.cond: The input tensor must have at least 2 dimensions.")
    if p not in (None, 2, -2):
        raise NotImplementedError(
            f"minigrad's linalg.cond computes p=None, 2 and -2, not {p!r}; run this code with `import torch` to use it"
        )
    S = svdvals(A)
    k = S.shape[-1]
    top, bottom = S[..., :1], S[..., k - 1 : k]
    return (top / bottom if p != -2 else bottom / top).squeeze(-1)


def matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None):
    """Mirror ``torch.linalg.matrix_rank``: how many singular values (eigenvalues' absolute values if ``hermitian``)
    exceed ``max(atol, rtol * largest)`` (``tol`` alone: ``atol = tol``, ``rtol = 0``; neither: ``rtol = eps *
    max(m, n)``), as an int64 tensor (never differentiable)."""
    from .autograd import grad_mode

    _argument(A, "linalg_matrix_rank", "input", 1)
    if tol is not None and (atol is not None or rtol is not None):
        raise TypeError(
            "linalg_matrix_rank() received an invalid combination of arguments - got (Tensor, atol=float, tol=float), "
            "but expected one of:\n"
            " * (Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = False, Tensor out = None)\n"
            " * (Tensor input, *, float atol = None, float rtol = None, bool hermitian = False, Tensor out = None)\n"
            " * (Tensor input, Tensor tol, bool hermitian = False, *, Tensor out = None)\n"
            " * (Tensor input, float tol, bool hermitian = False, *, Tensor out = None)\n"
        )
    if A.ndim < 2:
        raise RuntimeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    if not A.dtype.is_floating_point or A.dtype.itemsize < 4:
        raise RuntimeError("This function doesn't handle types other than float and double")
    if tol is not None:
        atol, rtol = tol, 0.0
    with grad_mode.no_grad():
        S = eigvalsh(A).abs() if hermitian else svdvals(A)
    s = S._data
    if atol is None and rtol is None:
        rtol = np.finfo(s.dtype).eps * max(A.shape[-2:])
    atol = 0.0 if atol is None else float(atol)
    rtol = 0.0 if rtol is None else float(rtol)
    largest = s.max(-1, keepdims=True, initial=0.0) if s.size else np.zeros(s.shape[:-1] + (1,), s.dtype)
    limit = np.maximum(atol, rtol * largest)
    return Tensor._wrap(np.asarray((s > limit).sum(-1), np.int64))


def _pinv_combination(rcond, atol, rtol, name):
    got = ", ".join(f"{k}=float" for k, v in (("atol", atol), ("rtol", rtol), ("rcond", rcond)) if v is not None)
    return TypeError(
        f"{name}() received an invalid combination of arguments - got (Tensor, {got}), but expected one of:\n"
        " * (Tensor input, *, Tensor atol = None, Tensor rtol = None, bool hermitian = False, Tensor out = None)\n"
        " * (Tensor input, *, float atol = None, float rtol = None, bool hermitian = False, Tensor out = None)\n"
        " * (Tensor input, Tensor rcond, bool hermitian = False, *, Tensor out = None)\n"
        " * (Tensor input, float rcond, bool hermitian = False, *, Tensor out = None)\n"
    )


def pinv(A, rcond=None, hermitian=False, *, atol=None, rtol=None):
    """Mirror ``torch.linalg.pinv``: the pseudo-inverse, from the SVD (the eigendecomposition if ``hermitian``), the
    singular values at most ``max(atol, rtol * largest)`` dropped (``rcond`` is ``rtol``; neither given: ``rtol = eps
    * max(m, n)``) (LinalgPinvBackward0, torch's formula, second order too)."""
    _argument(A, "linalg_pinv", "input", 1)
    if rcond is not None and (atol is not None or rtol is not None):
        raise _pinv_combination(rcond, atol, rtol, "linalg_pinv")
    if A.ndim < 2 or not A.dtype.is_floating_point or A.dtype.itemsize < 4:
        raise RuntimeError(
            f"linalg.pinv({A.dtype.scalar_name}{{{list(A.shape)}}}): expected a tensor with 2 or more dimensions of "
            "float, double, cfloat or cdouble types"
        )
    if hermitian and A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"linalg.eigh: A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} matrices"
        )
    if rcond is not None:
        atol, rtol = 0.0, rcond
    if rtol is None:
        rtol = 0.0 if atol is not None and atol > 0 else np.finfo(A._data.dtype).eps * max(A.shape[-2:])
    return X.LinalgPinv.apply(A, atol=0.0 if atol is None else float(atol), rtol=float(rtol), hermitian=hermitian)


def matrix_exp(A):
    """Mirror ``torch.linalg.matrix_exp``: the exponential of each square matrix by torch's algorithm (a Taylor
    polynomial of the degree the 1-norm needs, scaling and squaring beyond: :mod:`minigrad.ops.matrix_exp`, bit for
    bit up to 7 rows); its backward is torch's: the exponential of a block matrix twice the size
    (LinalgMatrixExpBackward0, second order too). float16 is not computed."""
    _argument(A, "linalg_matrix_exp", "A", 1)
    if A.ndim < 2:
        raise RuntimeError("linalg.matrix_exp: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise RuntimeError(
            f"linalg.matrix_exp: A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} "
            "matrices"
        )
    if not A.dtype.is_floating_point:
        raise RuntimeError(
            f"linalg.matrix_exp: Expected a floating point or complex tensor as input. Got {A.dtype.scalar_name}"
        )
    if A.dtype.itemsize < 4:
        raise NotImplementedError(
            f"minigrad's linalg.matrix_exp computes float32 and float64, not {A.dtype.scalar_name}; run this code with "
            "`import torch` to use it"
        )
    return X.LinalgMatrixExp.apply(A)


def lstsq(A, B, rcond=None, *, driver=None):
    """Mirror ``torch.linalg.lstsq``: ``(solution, residuals, rank, singular_values)`` for ``A @ X ~ B`` (batches
    broadcast, ``B`` a vector when of shape ``A.shape[:-1]``); the solution is the minimum-norm least-squares one with
    singular values at most ``rcond * largest`` dropped (default ``eps * max(m, n)``), computed from an SVD (values
    equal torch's LAPACK driver's to rounding); which fields are filled follows the driver (CPU default ``gelsy``:
    residuals and singular values empty) (LinalgLstsqBackward0, second order too)."""
    _argument(A, "linalg_lstsq", "self", 1)
    _argument(B, "linalg_lstsq", "b", 2)
    if driver is None:
        driver = "gelsy"
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise RuntimeError("torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    if A.ndim < 2:
        raise RuntimeError("torch.linalg.lstsq: input must have at least 2 dimensions.")
    if not A.dtype.is_floating_point or A.dtype.itemsize < 4 or not B.dtype.is_floating_point:
        raise RuntimeError("This function doesn't handle types other than float and double")
    if A.dtype != B.dtype:
        raise RuntimeError(
            "torch.linalg.lstsq: Expected input and other to have the same dtype, but got input's dtype "
            f"{A.dtype.scalar_name} and other's dtype {B.dtype.scalar_name}"
        )
    if not 0 <= A.ndim - B.ndim <= 1:
        raise RuntimeError(
            "torch.linalg.lstsq: input.dim() must be greater or equal to other.dim() and (input.dim() - other.dim()) "
            "<= 1"
        )
    vector = B.ndim == A.ndim - 1  # lstsq's own test: one dim fewer
    b_shape = tuple(B.shape) + (1,) if vector else tuple(B.shape)
    infer_size(tuple(A.shape[:-2]), b_shape[:-2])
    if b_shape[-2] != A.shape[-2]:
        raise RuntimeError("torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    if rcond is None:
        rcond = float(np.finfo(A._data.dtype).eps) * max(A.shape[-2:])
    extra = []
    solution, residuals = X.LinalgLstsq.apply(A, B, rcond=rcond, driver=driver, extra=extra, vector=vector)
    return ReturnTriple((solution, residuals, extra[0], extra[1]), "linalg_lstsq",
                        ("solution", "residuals", "rank", "singular_values"))  # fmt: skip
