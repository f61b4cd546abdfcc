"""Householder reflections as LAPACK stores them: ``torch.geqrf`` (the QR factorisation packed as reflectors and their
``tau``), ``torch.linalg.householder_product`` (``orgqr``: the first columns of their product) and ``torch.ormqr``
(their product applied to a matrix), with torch's backward formulas (``householder_product_backward``,
``ormqr_backward``) written on Tensors, so that ``create_graph=True`` records them. geqrf runs as LAPACK's unblocked
geqr2 (dlarfg's signs); values may differ from torch's (MKL's) in the last bits."""

import numpy as np

from ._util import wrap
from .op import Op


def geqrf(a):
    """``(a, tau)`` of LAPACK's geqrf for each matrix of ``a`` (``(*, m, n)``): R on and above the diagonal, the
    Householder vectors (their leading 1 not stored) below it, and the ``min(m, n)`` scalars ``tau`` with ``H_i = I -
    tau_i v_i v_i^T``, ``a = H_1 ... H_k R``."""
    m, n = a.shape[-2:]
    k = min(m, n)
    out = np.array(a, copy=True)
    tau = np.zeros(a.shape[:-2] + (k,), a.dtype)
    with np.errstate(all="ignore"):
        for i in range(k):
            alpha = out[..., i, i].copy()
            x = out[..., i + 1 :, i]
            xnorm = np.sqrt((x * x).sum(-1))
            reflect = xnorm != 0  # dlarfg: tau = 0 (H = I) for a column already zero below the diagonal
            beta = -np.where(alpha < 0, -1, 1) * np.hypot(alpha, xnorm)
            t = np.where(reflect, (beta - alpha) / beta, 0).astype(a.dtype)
            scale = np.where(reflect, 1 / (alpha - beta), 1).astype(a.dtype)
            out[..., i + 1 :, i] = x * scale[..., None]
            out[..., i, i] = np.where(reflect, beta, alpha)
            tau[..., i] = t
            v = np.concatenate([np.ones(a.shape[:-2] + (1,), a.dtype), out[..., i + 1 :, i]], -1)
            rest = out[..., i:, i + 1 :]
            w = np.einsum("...r,...rc->...c", v, rest)
            out[..., i:, i + 1 :] = rest - t[..., None, None] * v[..., :, None] * w[..., None, :]
    return out, tau


def _vector(a, i):
    """The i-th Householder vector of the packed ``a``, from row i down (its leading 1 restored)."""
    return np.concatenate([np.ones(a.shape[:-2] + (1,), a.dtype), a[..., i + 1 :, i]], -1)


def _reflect(c, a, tau, i, left):
    """``H_i @ c`` (``c @ H_i`` if not ``left``) for ``H_i = I - tau_i v_i v_i^T``, touching rows (columns) i on."""
    v = _vector(a, i)
    t = tau[..., i, None, None]
    if left:
        part = c[..., i:, :]
        c[..., i:, :] = part - t * v[..., :, None] * np.einsum("...r,...rc->...c", v, part)[..., None, :]
    else:
        part = c[..., :, i:]
        c[..., :, i:] = part - t * np.einsum("...rc,...c->...r", part, v)[..., :, None] * v[..., None, :]


def householder_product(a, tau):
    """The first n columns of ``H_1 ... H_k`` (``a`` of shape ``(*, m, n)``, ``k = tau.shape[-1]``), as orgqr gives
    them: the reflectors applied, last first, to the identity's first n columns."""
    m, n = a.shape[-2:]
    batch = np.broadcast_shapes(a.shape[:-2], tau.shape[:-1])
    q = np.array(np.broadcast_to(np.eye(m, n, dtype=a.dtype), batch + (m, n)))
    with np.errstate(all="ignore"):
        for i in reversed(range(tau.shape[-1])):
            _reflect(q, a, tau, i, True)
    return q


def ormqr(a, tau, c, left, transpose):
    """``Q @ c`` for ``Q = H_1 ... H_k`` of the packed ``a`` (``Q^T`` if ``transpose``; ``c @ Q`` if not ``left``),
    as LAPACK's ormqr."""
    batch = np.broadcast_shapes(a.shape[:-2], tau.shape[:-1], c.shape[:-2])
    out = np.array(np.broadcast_to(c, batch + c.shape[-2:]), dtype=a.dtype)
    k = tau.shape[-1]
    first_to_last = left == transpose  # Q^T c = H_k ... H_1 c, c Q = c H_1 ... H_k: H_1 applied first
    with np.errstate(all="ignore"):
        for i in range(k) if first_to_last else reversed(range(k)):
            _reflect(out, a, tau, i, left)
    return out


def _transform(u, v, t, K, left):
    """torch's ``apply_simple_transformation`` out of place: ``(I - t u v^H) K`` (``K (I - t u v^H)`` if not
    ``left``)."""
    if left:
        return K - (t.unsqueeze(-1) * u) * v.mH.matmul(K)
    return K - K.matmul(t.unsqueeze(-1) * u) * v.mH


def householder_product_backward(grad, result, input, tau, flip_order=False):
    """torch's ``householder_product_backward``: with ``K_i = H_i+ Q_grad^H H_i-`` updated reflector by reflector
    (``H(sigma_i)`` the inverse of ``H(tau_i)``), ``v_i_grad = -tau_i (v_i^H K_i)^H - tau_i K_i v_i`` and ``tau_i_grad
    = -v_i^H K_i v_i``; ``flip_order`` runs the reflectors last to first (ormqr's other sides)."""
    from ..functional import cat

    if grad is None or input.numel() == 0 or tau.numel() == 0:
        return None, None
    m, n = input.shape[-2:]
    k = tau.shape[-1]
    V = input.tril(-1) + input.new_ones(()).expand(input.shape).tril().triu()  # ones on the diagonal
    norms = (V.narrow(-1, 0, k) * V.narrow(-1, 0, k)).sum(-2)
    sigma = tau / (tau * norms - 1.0)
    K = result.matmul(grad.mH)

    def column(i):
        return V.narrow(-1, i, 1)

    order = list(range(k)) if not flip_order else list(reversed(range(k)))
    apply_left = not flip_order
    K = _transform(column(order[0]), column(order[0]), sigma.narrow(-1, order[0], 1), K, apply_left)
    v_grads, tau_grads = [None] * k, [None] * k
    for step, i in enumerate(order):
        v = column(i).narrow(-2, i, m - i)
        t = tau.narrow(-1, i, 1).unsqueeze(-1)
        vHK = v.mH.matmul(K.narrow(-2, i, m - i))
        Kv = K.narrow(-1, i, m - i).matmul(v)
        v_grads[i] = ((-t * vHK).squeeze(-2) - (t * Kv).squeeze(-1)).unsqueeze(-1)
        tau_grads[i] = -(vHK.narrow(-1, i, m - i).matmul(v)).squeeze(-1)
        if step != k - 1:
            following = order[step + 1]
            K = _transform(column(following), column(following), sigma.narrow(-1, following, 1), K, apply_left)
            K = _transform(column(i), column(i), tau.narrow(-1, i, 1), K, not apply_left)
    if k < n:
        v_grads.append(input.new_zeros(tuple(input.shape[:-1]) + (n - k,)))
    return cat(v_grads, -1).tril(-1), cat(tau_grads, -1)


class LinalgHouseholderProduct(Op):
    """result = the first n columns of H_1 ... H_k, H_i = I - tau_i v_i v_i^H with v_i the i-th column of input below
    the diagonal (its leading 1 implied)"""

    node_name = "LinalgHouseholderProductBackward0"
    formula = {
        "input": "householder_product_backward(grad, result, input, tau)[0]",
        "tau": "householder_product_backward(grad, result, input, tau)[1]",
    }
    saved_names = ("input", "tau", "result")

    @staticmethod
    def forward(ctx, input, tau):
        out = wrap(householder_product(input._data, tau._data))
        ctx._save((input, tau, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        reflectors, tau, result = ctx._unpack()
        return householder_product_backward(grad, result, reflectors, tau)


def ormqr_backward(grad, result, self, tau, other, left, transpose, needs):
    """torch's ``ormqr_backward``: ``other``'s gradient by ormqr with the other ``transpose``; ``self``'s and ``tau``'s
    by ``householder_product_backward`` of ``grad`` and ``result`` (swapped and reversed for ``left == transpose``)."""
    self_grad = tau_grad = other_grad = None
    if grad is None:
        return None, None, None
    if needs[2]:
        other_grad = Ormqr.apply(self, tau, grad, left=left, transpose=not transpose)
    if needs[0] or needs[1]:
        if left != transpose:
            g, r = (grad, result) if not transpose else (grad.mH, result.mH)
            self_grad, tau_grad = householder_product_backward(g, r, self, tau)
        else:
            g, r = (result.mH, grad.mH) if not transpose else (result, grad)
            self_grad, tau_grad = householder_product_backward(g, r, self, tau, flip_order=True)
    return self_grad, tau_grad, other_grad


class Ormqr(Op):
    """result = Q @ input3 for Q = H_1 ... H_k of the reflectors in self and input2 = tau (Q^T if transpose; input3 @
    Q if not left)"""

    node_name = "OrmqrBackward0"
    formula = {
        "self": "ormqr_backward(grad, result, self, input2, input3, left, transpose, (True, False, False))[0]",
        "input2": "ormqr_backward(grad, result, self, input2, input3, left, transpose, (False, True, False))[1]",
        "input3": "ormqr_backward(grad, result, self, input2, input3, left, transpose, (False, False, True))[2]",
    }
    saved_names = ("input2", "input3", "self", "result")
    saved_values = {"left": "left", "transpose": "transpose"}

    @staticmethod
    def forward(ctx, a, tau, other, *, left=True, transpose=False):
        ctx.left, ctx.transpose = left, transpose
        out = wrap(ormqr(a._data, tau._data, other._data, left, transpose))
        ctx._save((tau, other, a, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        tau, other, a, result = ctx._unpack()
        return ormqr_backward(grad, result, a, tau, other, ctx.left, ctx.transpose, ctx._needs())
