"""Products and distances with nodes of their own in torch: ``vdot``, ``linalg.cross``, ``dist``, ``cdist`` (both of
its kernels: the direct one, CdistBackward0, and the matrix-product one, EuclideanDistBackward0), ``norm`` over a dim
(NormBackward1, what ``pairwise_distance`` records), ``addmv``, ``addr``, ``baddbmm``, ``addbmm`` and ``block_diag``.
The matrix products round as minigrad's ``mm``, ``mv`` and ``bmm`` kernels (:mod:`minigrad.ops.linalg`)."""

import math

import numpy as np

from .. import dtypes
from ..fused_multiply_add import fma
from ._util import as_saved_int, needs_grad, wrap
from .elementwise import MulScalar
from .linalg import Dot, bmm_kernel
from .norm import VectorNorm, linalg_vector_norm_backward, norm_values
from .not_implemented import record_no_derivative
from .op import Op


def maybe_multiply(t, s):
    """torch's ``maybe_multiply``: ``t * s`` (a C++ Scalar product: MulBackward1), or ``t`` itself when ``s`` is 1."""
    return t if s == 1 else MulScalar.apply(t, other=s)


def _scaled_formula(name, text, scale):
    """A derivatives.yaml text wrapped in ``maybe_multiply(..., scale)``, as the formula the node shows."""
    return text if scale == 1 else f"({text}) * {name}"


class Vdot(Op):
    """result = sum(self * other), two vectors (the conjugate of self, for complex numbers)"""

    node_name = "VdotBackward0"
    formula = {"self": "grad * other", "other": "grad * self"}
    saved_names = ("self", "other")
    forward = staticmethod(Dot.forward)  # dot's kernel and checks


def cross_arrays(a, b, dim):
    """``a x b`` along ``dim`` (of size 3), as torch's CPU kernel computes each component:
    ``a[1] * b[2] - a[2] * b[1]``, ... compiled as a fused multiply-add, ``fma(a[1], b[2], -(a[2] * b[1]))``
    (torch's bits in float32 and float64, measured on 20000 vectors)."""
    a0, a1, a2 = (np.take(a, i, axis=dim) for i in range(3))
    b0, b1, b2 = (np.take(b, i, axis=dim) for i in range(3))

    fused = a.dtype in (np.float32, np.float64)

    def part(x, y, z, w):
        return fma(x, y, -(z * w)) if fused else x * y - z * w

    return np.stack([part(a1, b2, a2, b1), part(a2, b0, a0, b2), part(a0, b1, a1, b0)], axis=dim)


class LinalgCross(Op):
    """result = self x other along ``dim``, the two broadcast against each other"""

    node_name = "LinalgCrossBackward0"
    formula = {"self": "linalg_cross(other, grad, dim)", "other": "linalg_cross(grad, self, dim)"}
    saved_names = ("self", "other")
    saved_values = {"dim": "saved_dim"}

    @staticmethod
    def forward(ctx, a, b, *, dim=-1):
        ctx.dim, ctx.saved_dim = dim, as_saved_int(dim)
        x, y = np.broadcast_arrays(a._data, b._data)
        axis = a._wrap_dim(dim)
        ctx._save((a if needs_grad(b) else None, b if needs_grad(a) else None))
        return wrap(cross_arrays(x, y, axis))

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx._unpack()
        needs = ctx._needs()
        return (linalg_cross(b, grad, ctx.dim) if needs[0] else None,
                linalg_cross(grad, a, ctx.dim) if needs[1] else None)  # fmt: skip


def linalg_cross(a, b, dim):
    """``at::linalg_cross`` in a formula: the cross product of two tensors of one shape (a LinalgCrossBackward0 node
    on Tensors that require grad)."""
    return LinalgCross.apply(a, b, dim=dim)


class Dist(Op):
    """result = norm(self - other, p), over every element"""

    node_name = "DistBackward0"
    formula = {"self": "norm_backward(grad, self - other, p, result)",
               "other": "-norm_backward(grad, self - other, p, result)"}  # fmt: skip
    saved_names = ("self", "other", "result")
    saved_values = {"p": "p"}

    @staticmethod
    def forward(ctx, a, b, *, p=2):
        ctx.p = p
        diff = a._data - b._data  # torch's sub: the promoted dtype
        if a._data.dtype is not b._data.dtype:  # by torch's rules, not numpy's (int64 and float32 give float32)
            want = dtypes.result_type((a, b)).np
            diff = a._data.astype(want) - b._data.astype(want)
        if diff.dtype.kind != "f":
            raise RuntimeError(
                "norm(): input dtype should be either floating point or complex. Got "
                f"{dtypes.from_numpy_dtype(diff.dtype).scalar_name} instead."
            )
        out = wrap(norm_values(diff, float(p), tuple(range(diff.ndim)), False, diff.dtype))
        ctx._save((a, b, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        a, b, result = ctx._unpack()
        g = norm_backward(grad, a - b, ctx.p, result)
        needs = ctx._needs()
        return (g if needs[0] else None, -g if needs[1] else None)


def norm_backward(grad, self, p, result, dim=None, keepdim=True):
    """torch's ``norm_backward``: the gradient of a ``p``-norm of ``self`` over ``dim`` (every dim if None, the
    overload ``dist`` calls, with keepdim=True)."""
    dims = tuple(range(self.ndim)) if dim is None else dim
    return linalg_vector_norm_backward(self, grad, float(p), result, dims, keepdim)


class Norm(Op):
    """result = norm(self, p) over ``dim`` (``at::norm``, the op ``pairwise_distance`` calls)"""

    node_name = "NormBackward1"
    formula = {"self": "norm_backward(grad, self, p, result, dim, keepdim)"}
    saved_names = ("self", "result")
    saved_values = {"dim": "saved_dim", "keepdim": "keepdim", "p": "ord"}

    @staticmethod
    def forward(ctx, a, *, p=2, dim=None, keepdim=False):
        if not a.dtype.is_floating_point:
            raise RuntimeError(
                f"norm(): input dtype should be either floating point or complex. Got {a.dtype.scalar_name} instead."
            )
        return VectorNorm.forward(ctx, a, ord=p, dim=dim, keepdim=keepdim)

    backward = staticmethod(VectorNorm.backward)


def _cdist_map(diff, p):
    """The terms torch's cdist kernel adds up for one coordinate, ``|a - b|`` mapped by ``p``."""
    if p == 0:
        return np.minimum(np.ceil(diff), 1)
    if p == 1 or math.isinf(p):
        return diff
    if p == 2:
        return diff * diff
    return np.power(diff, diff.dtype.type(p))


def cdist_arrays(x1, x2, p):
    """torch's ``_cdist_forward`` kernel on arrays ``(..., r1, m)`` and ``(..., r2, m)`` (batches broadcast): for each
    pair of rows, the terms of ``|a - b|`` summed (max for inf) one coordinate at a time in the dtype, then finished
    (``sqrt`` for 2, ``** (1 / p)`` for another p)."""
    a, b = x1[..., :, None, :], x2[..., None, :, :]
    m = x1.shape[-1]
    shape = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2]) + (x1.shape[-2], x2.shape[-2])
    agg = np.zeros(shape, x1.dtype)
    for k in range(m):
        term = _cdist_map(np.abs(a[..., k] - b[..., k]), p)
        agg = np.maximum(agg, term) if math.isinf(p) else agg + term
    if p == 2:
        return np.sqrt(agg)
    if p in (0, 1) or math.isinf(p):
        return agg
    return np.power(agg, agg.dtype.type(1.0 / p))


def cdist_backward_arrays(grad, x1, x2, p, dist):
    """torch's ``_cdist_backward`` kernel: the gradient of ``x1`` (batches broadcast), each row's terms added one
    column of the distance matrix at a time."""
    shape = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    x1 = np.broadcast_to(x1, shape + x1.shape[-2:])
    x2 = np.broadcast_to(x2, shape + x2.shape[-2:])
    out = np.zeros(x1.shape, x1.dtype)
    if p == 0:
        return out
    zero = x1.dtype.type(0)
    for j in range(x2.shape[-2]):
        diff = x1 - x2[..., j:j + 1, :]
        g, d = grad[..., :, j:j + 1], dist[..., :, j:j + 1]
        if p == 1:
            term = g * np.sign(diff)
        elif p == 2:
            term = np.where(d == 0, zero, g * diff / d)
        elif math.isinf(p):
            term = g * np.sign(diff) * (1 - np.minimum(1, np.ceil(np.abs(np.abs(diff) - d))))
        elif p < 2:  # torch's lttdist_calc: no 0 * inf where a coordinate ties
            with np.errstate(all="ignore"):
                term = np.where(d == 0, zero, np.sign(diff) * np.power(np.abs(diff), x1.dtype.type(p - 1)) * g
                                / np.power(d, x1.dtype.type(p - 1)))  # fmt: skip
            if p < 1:
                term = np.where(diff == 0, zero, term)
        else:
            term = np.where(d == 0, zero, diff * np.power(np.abs(diff), x1.dtype.type(p - 2)) * g
                            / np.power(d, x1.dtype.type(p - 1)))  # fmt: skip
        out += term
    return out


class Cdist(Op):
    """result[..., i, j] = norm(x1[..., i, :] - x2[..., j, :], p), the direct kernel"""

    node_name = "CdistBackward0"
    formula = {"x1": "cdist_backward(grad.contiguous(), x1, x2, p, result)",
               "x2": "cdist_backward(grad.mT.contiguous(), x2, x1, p, result.mT.contiguous())"}  # fmt: skip
    saved_names = ("x1", "x2", "result")
    saved_values = {"p": "p"}

    @staticmethod
    def forward(ctx, x1, x2, *, p=2.0):
        ctx.p = p
        shape = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2]) + (x1.shape[-2], x2.shape[-2])
        if 0 in shape:
            out = np.empty(shape, x1._data.dtype)
        elif x1.shape[-1] == 0:
            out = np.zeros(shape, x1._data.dtype)
        else:
            out = cdist_arrays(x1._data, x2._data, p)
        out = wrap(out)
        ctx._save((x1, x2, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        x1, x2, result = ctx._unpack()
        needs = ctx._needs()
        g1 = cdist_backward(grad.contiguous(), x1, x2, ctx.p, result) if needs[0] else None
        if needs[1]:
            g2 = cdist_backward(grad.mT.contiguous(), x2, x1, ctx.p, result.mT.contiguous())
        else:
            g2 = None
        return g1, g2


def cdist_backward(grad, x1, x2, p, dist):
    """torch's ``_cdist_backward``, whose own derivative torch does not implement: with ``create_graph=True`` its
    result has a CdistBackwardBackward0 node that raises."""
    if x1.shape[-2] == 0 or x2.shape[-2] == 0 or x1.shape[-1] == 0:
        out = wrap(np.zeros(np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2]) + x1.shape[-2:], x1._data.dtype))
    else:
        out = wrap(cdist_backward_arrays(grad._data, x1._data, x2._data, p, dist._data))
    return record_no_derivative(out, (grad, x1, x2, dist), "CdistBackwardBackward0", "_cdist_backward")


def _matmul_arrays(a, b):
    """``a @ b`` rounded as minigrad's matmul kernels: ``mm`` for matrices, ``bmm`` for batches."""
    if a.ndim == 2 and b.ndim == 2:
        return a @ b
    return bmm_kernel(a, b)


class EuclideanDist(Op):
    """result = sqrt(clamp_min(|x1|^2 - 2 x1 . x2 + |x2|^2, 0)), the matrix-product kernel of cdist for p = 2"""

    node_name = "EuclideanDistBackward0"
    formula = {"x1": "euclidean_dist_backward(grad, x1, x2, result)[0]",
               "x2": "euclidean_dist_backward(grad, x1, x2, result)[1]"}  # fmt: skip
    saved_names = ("x1", "x2", "result")

    @staticmethod
    def forward(ctx, x1, x2):
        a, b = x1._data, x2._data
        ones = np.ones(a.shape[:-1] + (1,), a.dtype)
        a_ = np.concatenate([a * a.dtype.type(-2), (a * a).sum(-1, keepdims=True), ones], -1)
        b_ = np.concatenate([b, np.ones(b.shape[:-1] + (1,), b.dtype), (b * b).sum(-1, keepdims=True)], -1)
        out = wrap(np.sqrt(np.maximum(_matmul_arrays(a_, np.swapaxes(b_, -1, -2)), 0)))
        ctx._save((x1, x2, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        x1, x2, result = ctx._unpack()
        return euclidean_dist_backward(grad, x1, x2, result, ctx._needs())


def euclidean_dist_backward(grad, x1, x2, res, needs=(True, True)):
    """torch's ``_euclidean_dist_backward``: ``ratio = grad / res`` (0 where the distance is 0), then
    ``x1 * ratio.sum(-1) - ratio @ x2`` and ``x2 * ratio.sum(-2) - ratio.mT @ x1``."""
    ratio = (grad / res).masked_fill(res == 0, 0)
    g1 = x1 * ratio.sum(-1, True) - ratio.matmul(x2) if needs[0] else None
    g2 = x2 * ratio.sum(-2, False).unsqueeze(-1) - ratio.mT.matmul(x1) if needs[1] else None
    return g1, g2


def _scaled(arr, s):
    """``arr * s`` in ``arr``'s dtype (``s`` a Python number)."""
    return arr * arr.dtype.type(s)


def _fused(self_data, product, beta, alpha):
    """``beta * self + alpha * product`` as torch's fused products take it: ``self`` ignored (its nan too) when beta
    is 0; the numbers in the result's dtype."""
    if product.dtype.kind in "iu":  # torch converts the scalars to the integer dtype
        beta, alpha = int(beta), int(alpha)
    product = product if alpha == 1 else _scaled(product, alpha)
    shape = np.broadcast_shapes(self_data.shape, product.shape)
    if beta == 0:
        return np.broadcast_to(product, shape).copy()
    return product + (self_data if beta == 1 else _scaled(self_data, beta))


class _ScaledSum(Op):
    """An op ``beta * self + alpha * (a product)``: its formula shows ``beta`` and ``alpha`` only where they are
    not 1, as torch's ``maybe_multiply``."""

    saved_values = {"alpha": "alpha", "beta": "beta"}
    parts = {}  # input name -> derivatives.yaml text without the scale

    def _scale(ctx, beta, alpha):
        ctx.alpha, ctx.beta = alpha, beta
        ctx._own_formula({name: _scaled_formula("beta" if name == "self" else "alpha", text,
                                                beta if name == "self" else alpha)
                          for name, text in type(ctx).parts.items()})  # fmt: skip


def _check_scalars(dtype, beta, alpha):
    if not dtype.is_floating_point:
        for name, value in (("beta", beta), ("alpha", alpha)):
            if isinstance(value, float):
                raise RuntimeError(
                    f"For integral input tensors, argument {name} must not be a floating point number."
                )


class Addmv(_ScaledSum):
    """result = beta * self + alpha * (mat @ vec)"""

    node_name = "AddmvBackward0"
    parts = {"self": "grad", "mat": "outer(grad, vec)", "vec": "mat.t() @ grad"}
    formula = dict(parts)
    saved_names = ("mat", "vec")

    @staticmethod
    def forward(ctx, bias, mat, vec, *, beta=1, alpha=1):
        _ScaledSum._scale(ctx, beta, alpha)
        ctx._save((mat if needs_grad(vec) else None, vec if needs_grad(mat) else None))
        return wrap(_fused(bias._data, mat._data @ vec._data, beta, alpha))

    @staticmethod
    def backward(ctx, grad):
        mat, vec = ctx._unpack()
        needs = ctx._needs()
        return (maybe_multiply(grad, ctx.beta) if needs[0] else None,
                maybe_multiply(ger(grad, vec), ctx.alpha) if needs[1] else None,
                maybe_multiply(mat.t().mv(grad), ctx.alpha) if needs[2] else None)  # fmt: skip


def ger(a, b):
    """torch's ``outer`` as its derivatives call it: ``a.reshape(-1, 1) * b``."""
    return a.reshape(-1, 1) * b


class Addr(_ScaledSum):
    """result = beta * self + alpha * outer(vec1, vec2)"""

    node_name = "AddrBackward0"
    parts = {"self": "grad", "vec1": "grad.mv(vec2)", "vec2": "grad.t().mv(vec1)"}
    formula = dict(parts)
    saved_names = ("vec1", "vec2")

    @staticmethod
    def forward(ctx, bias, vec1, vec2, *, beta=1, alpha=1, dtype=None):
        _ScaledSum._scale(ctx, beta, alpha)
        ctx._save((vec1 if needs_grad(vec2) else None, vec2 if needs_grad(vec1) else None))
        s, v1, v2 = (t._data.astype(dtype.np, copy=False) for t in (bias, vec1, vec2))
        v1, v2 = v1[:, None], v2[None, :]
        if dtype is dtypes.bool_:
            a, b = bool(alpha), bool(beta)
            out = (a & v1 & v2) if not b else ((b & s) | (a & v1 & v2))
            return wrap(np.broadcast_to(out, np.broadcast_shapes(s.shape, out.shape)).copy())
        scaled = v1 if alpha == 1 else _scaled(v1, alpha)  # torch's kernel: alpha * vec1 * vec2
        product = scaled * v2
        if beta == 0:
            return wrap(np.broadcast_to(product, np.broadcast_shapes(s.shape, product.shape)).copy())
        return wrap((s if beta == 1 else _scaled(s, beta)) + product)

    @staticmethod
    def backward(ctx, grad):
        vec1, vec2 = ctx._unpack()
        needs = ctx._needs()
        return (maybe_multiply(grad, ctx.beta) if needs[0] else None,
                maybe_multiply(grad.mv(vec2), ctx.alpha) if needs[1] else None,
                maybe_multiply(grad.t().mv(vec1), ctx.alpha) if needs[2] else None)  # fmt: skip


class Baddbmm(_ScaledSum):
    """result = beta * self + alpha * (batch1 @ batch2), one product per batch index"""

    node_name = "BaddbmmBackward0"
    parts = {"self": "grad", "batch1": "grad.bmm(batch2.transpose(1, 2))",
             "batch2": "batch1.transpose(1, 2).bmm(grad)"}  # fmt: skip
    formula = dict(parts)
    saved_names = ("batch1", "batch2")

    @staticmethod
    def forward(ctx, bias, batch1, batch2, *, beta=1, alpha=1):
        _ScaledSum._scale(ctx, beta, alpha)
        ctx._save((batch1 if needs_grad(batch2) else None, batch2 if needs_grad(batch1) else None))
        return wrap(_fused(bias._data, bmm_kernel(batch1._data, batch2._data), beta, alpha))

    @staticmethod
    def backward(ctx, grad):
        b1, b2 = ctx._unpack()
        needs = ctx._needs()
        return (maybe_multiply(grad, ctx.beta) if needs[0] else None,
                maybe_multiply(grad.bmm(b2.transpose(1, 2)), ctx.alpha) if needs[1] else None,
                maybe_multiply(b1.transpose(1, 2).bmm(grad), ctx.alpha) if needs[2] else None)  # fmt: skip


class Addbmm(_ScaledSum):
    """result = beta * self + alpha * sum over b of (batch1[b] @ batch2[b])"""

    node_name = "AddbmmBackward0"
    parts = {
        "self": "grad",
        "batch1": "grad.unsqueeze(0).expand(batch1.shape[0], batch1.shape[1], batch2.shape[2]).bmm("
                  "batch2.transpose(1, 2))",
        "batch2": "batch1.transpose(1, 2).bmm(grad.unsqueeze(0).expand(batch1.shape[0], batch1.shape[1], "
                  "batch2.shape[2]))",
    }  # fmt: skip
    formula = dict(parts)
    saved_names = ("batch1", "batch2")
    saved_values = {"alpha": "alpha", "batch1_sym_argsize_0": "b", "batch1_sym_argsize_1": "n",
                    "batch2_sym_argsize_2": "p", "beta": "beta"}  # fmt: skip

    @staticmethod
    def forward(ctx, bias, batch1, batch2, *, beta=1, alpha=1):
        _ScaledSum._scale(ctx, beta, alpha)
        ctx.b, ctx.n, ctx.p = batch1.shape[0], batch1.shape[1], batch2.shape[2]
        ctx._save((batch1 if needs_grad(batch2) else None, batch2 if needs_grad(batch1) else None))
        # torch's kernel: one addmm_ per batch index, beta applied with the first only
        out = np.broadcast_to(bias._data, (ctx.n, ctx.p))
        if ctx.b == 0:
            return wrap(np.zeros_like(out) if beta == 0 else _scaled(out, beta) if beta != 1 else out.copy())
        scale = beta
        for i in range(ctx.b):
            out = _fused(out, batch1._data[i] @ batch2._data[i], scale, alpha)
            scale = 1
        return wrap(out)

    @staticmethod
    def backward(ctx, grad):
        b1, b2 = ctx._unpack()
        needs = ctx._needs()
        expanded = grad.unsqueeze(0).expand(ctx.b, ctx.n, ctx.p) if needs[1] or needs[2] else None
        return (maybe_multiply(grad, ctx.beta) if needs[0] else None,
                maybe_multiply(expanded.bmm(b2.transpose(1, 2)), ctx.alpha) if needs[1] else None,
                maybe_multiply(b1.transpose(1, 2).bmm(expanded), ctx.alpha) if needs[2] else None)  # fmt: skip


class BlockDiag(Op):
    """result = the inputs (as matrices) along the diagonal of a matrix of zeros"""

    node_name = "BlockDiagBackward0"
    formula = {"tensors": "block_diag_backward(grad, to_args_sizes(tensors), to_args_scalartypes(tensors))"}

    @staticmethod
    def forward(ctx, *tensors, dtype):
        ctx.sizes = [tuple(t.shape) for t in tensors]
        blocks = [t._data.reshape((1, -1) if t.ndim == 1 else (1, 1) if t.ndim == 0 else t.shape) for t in tensors]
        rows, cols = sum(b.shape[0] for b in blocks), sum(b.shape[1] for b in blocks)
        out = np.zeros((rows, cols), dtype.np)
        r = c = 0
        for b in blocks:
            out[r:r + b.shape[0], c:c + b.shape[1]] = b
            r, c = r + b.shape[0], c + b.shape[1]
        return wrap(out)

    @staticmethod
    def backward(ctx, grad):
        return tuple(block_diag_backward(grad, ctx.sizes, None, ctx._needs()))


def to_args_sizes(tensors):
    """torch's ``to_args_sizes``: the shape of each tensor of a list."""
    return [tuple(t.shape) for t in tensors]


def to_args_scalartypes(tensors):
    """torch's ``to_args_scalartypes``: the dtype of each tensor of a list."""
    return [t.dtype for t in tensors]


def block_diag_backward(grad, sizes, dtypes_=None, needs=None):
    """torch's ``block_diag_backward``: each input's block of ``grad`` (two slices, squeezed back for 0-d inputs; a
    vector's block is a row, which the engine sums to the vector's shape)."""
    grads, r, c = [], 0, 0
    for i, size in enumerate(sizes):
        if size == (0,):
            grads.append(None)
            continue
        rows, cols = (size if len(size) == 2 else (1, size[0]) if len(size) == 1 else (1, 1))
        if needs is None or needs[i]:
            piece = grad.narrow(0, r, rows).narrow(1, c, cols)
            if len(size) == 1:
                piece = piece.squeeze(-1)
            elif not size:
                piece = piece.squeeze(-1).squeeze(-1)
            grads.append(piece)
        else:
            grads.append(None)
        r, c = r + rows, c + cols
    return grads


