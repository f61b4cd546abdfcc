"""``torch.nn.utils.parametrizations.orthogonal``, ported from torch's Python: ``module.<name>`` kept orthogonal as
the image of an unconstrained ``original`` by one of three maps (``matrix_exp`` or ``cayley`` of a skew-symmetric
matrix, or a product of Householder reflections), times the orthogonal ``base`` found when it was registered."""

from enum import Enum, auto

import numpy as np

from ... import functional as torch_functions
from ...autograd import grad_mode
from ...creation import eye, ones, randn, zeros, zeros_like
from ...decompositions import matrix_exp
from ...linalg import solve
from ...ops._util import wrap
from ...tensor import Tensor
from ..module import Module
from . import parametrize


def geqrf(A):
    """torch's ``geqrf`` (LAPACK's): the Householder reflectors below the diagonal and R on and above it, and the
    scalars ``tau``; outside the graph (torch has no derivative for it)."""
    a = A._data
    batch = a.shape[:-2]
    flat = a.reshape(-1, *a.shape[-2:])
    pairs = [np.linalg.qr(m.astype(np.float64), mode="raw") for m in flat]
    reflectors = np.stack([h.T for h, _ in pairs]).reshape(a.shape).astype(a.dtype)
    tau = np.stack([t for _, t in pairs]).reshape(*batch, -1).astype(a.dtype)
    return wrap(reflectors), wrap(tau)


def householder_product(A, tau):
    """``torch.linalg.householder_product``: the first columns of ``H_1 ... H_k``, ``H_i = I - tau_i v_i v_i^T``
    (``v_i``: 1 at row i, ``A``'s column i below it), built from differentiable ops."""
    *batch, m, n = A.shape
    Q = eye(m, n, dtype=A.dtype).expand(*batch, m, n)
    for i in reversed(range(tau.shape[-1])):
        v = torch_functions.cat([zeros(*batch, i, dtype=A.dtype), ones(*batch, 1, dtype=A.dtype), A[..., i + 1 :, i]],
                                -1)  # fmt: skip
        Q = Q - tau[..., i, None, None] * v[..., :, None] * (v[..., None, :] @ Q)
    return Q


def _is_orthogonal(Q, eps=None):
    n, k = Q.size(-2), Q.size(-1)
    Id = eye(k, dtype=Q.dtype)
    eps = 10.0 * n * float(np.finfo(Q.dtype.np).eps)
    return torch_functions.allclose(Q.mH @ Q, Id, atol=eps)


def _make_orthogonal(A):
    X, tau = geqrf(A)
    Q = householder_product(X, tau)
    Q *= X.diagonal(dim1=-2, dim2=-1).sgn().unsqueeze(-2)
    return Q


class _OrthMaps(Enum):
    matrix_exp = auto()
    cayley = auto()
    householder = auto()


class _Orthogonal(Module):
    """torch's parametrization of ``orthogonal``: ``forward(X)`` maps ``X`` to an orthogonal matrix of its shape."""

    def __init__(self, weight, orthogonal_map, *, use_trivialization=True):
        super().__init__()
        if weight.is_complex() and orthogonal_map == _OrthMaps.householder:
            raise ValueError("The householder parametrization does not support complex tensors.")
        self.shape = weight.shape
        self.orthogonal_map = orthogonal_map
        if use_trivialization:
            self.register_buffer("base", None)

    def forward(self, X):
        n, k = X.size(-2), X.size(-1)
        transposed = n < k
        if transposed:
            X = X.mT
            n, k = k, n
        if self.orthogonal_map == _OrthMaps.matrix_exp or self.orthogonal_map == _OrthMaps.cayley:
            X = X.tril()
            if n != k:
                X = torch_functions.cat([X, X.new_zeros(n, n - k).expand(*X.shape[:-2], -1, -1)], dim=-1)
            A = X - X.mH
            if self.orthogonal_map == _OrthMaps.matrix_exp:
                Q = matrix_exp(A)
            else:
                Id = eye(n, dtype=A.dtype)
                Q = solve(torch_functions.add(Id, A, alpha=-0.5), torch_functions.add(Id, A, alpha=0.5))
            if n != k:
                Q = Q[..., :k]
        else:
            A = X.tril(diagonal=-1)
            tau = 2.0 / (1.0 + (A * A).sum(dim=-2))
            Q = householder_product(A, tau)
            Q = Q * X.diagonal(dim1=-2, dim2=-1).int().unsqueeze(-2)
        if hasattr(self, "base"):
            Q = self.base @ Q
        if transposed:
            Q = Q.mT
        return Q

    def right_inverse(self, Q):
        """The ``original`` that gives ``Q``: with a base, ``-Id`` (the base becomes ``Q`` made orthogonal)."""
        with grad_mode.no_grad():
            return self._right_inverse(Q)

    def _right_inverse(self, Q):
        if Q.shape != self.shape:
            raise ValueError(f"Expected a matrix or batch of matrices of shape {self.shape}. Got a tensor of shape "
                             f"{Q.shape}.")  # fmt: skip
        Q_init = Q
        n, k = Q.size(-2), Q.size(-1)
        transpose = n < k
        if transpose:
            Q = Q.mT
            n, k = k, n
        if not hasattr(self, "base"):
            if self.orthogonal_map == _OrthMaps.cayley or self.orthogonal_map == _OrthMaps.matrix_exp:
                raise NotImplementedError("It is not possible to assign to the matrix exponential or the Cayley "
                                          "parametrizations when use_trivialization=False.")  # fmt: skip
            A, tau = geqrf(Q)
            A.diagonal(dim1=-2, dim2=-1).sign_()
            A.diagonal(dim1=-2, dim2=-1)[tau == 0.0] *= -1
            return A.mT if transpose else A
        if n == k:
            Q = _make_orthogonal(Q) if not _is_orthogonal(Q) else Q.clone()
        else:
            N = randn(*(Q.size()[:-2] + (n, n - k)), dtype=Q.dtype)
            Q = _make_orthogonal(torch_functions.cat([Q, N], dim=-1))
        self.base = Q
        neg_Id = zeros_like(Q_init)
        neg_Id.diagonal(dim1=-2, dim2=-1).fill_(-1.0)
        return neg_Id


def orthogonal(module, name="weight", orthogonal_map=None, *, use_trivialization=True):
    """Mirror ``torch.nn.utils.parametrizations.orthogonal(module, name='weight', orthogonal_map=None, *,
    use_trivialization=True)``: ``module.<name>`` kept orthogonal (``matrix_exp`` by default for square matrices,
    ``householder`` otherwise). Returns the module."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if weight.ndim < 2:
        raise ValueError(f"Expected a matrix or batch of matrices. Got a tensor of {weight.ndim} dimensions.")
    if orthogonal_map is None:
        square = weight.size(-2) == weight.size(-1)
        orthogonal_map = "matrix_exp" if square or weight.is_complex() else "householder"
    orth_enum = getattr(_OrthMaps, orthogonal_map, None)
    if orth_enum is None:
        raise ValueError('orthogonal_map has to be one of "matrix_exp", "cayley", "householder". Got: '
                         f"{orthogonal_map}")  # fmt: skip
    orth = _Orthogonal(weight, orth_enum, use_trivialization=use_trivialization)
    parametrize.register_parametrization(module, name, orth, unsafe=True)
    return module


__all__ = ["orthogonal"]
