"""The vector norm (``torch.norm``, ``Tensor.norm``): ``sum(|x| ** ord) ** (1 / ord)`` over dims."""

import math

import numpy as np

from ._util import as_saved_int, wrap
from .op import Op
from .reduce import normalize_dims, unsqueeze_dims


def linalg_vector_norm_backward(self, grad, ord, result, dim, keepdim):
    """torch's ``linalg_vector_norm_backward`` for a real ``ord``; where the norm is 0 the gradient is 0."""
    grad = unsqueeze_dims(grad, dim, keepdim)
    result = unsqueeze_dims(result, dim, keepdim)
    if ord == 0:
        return self * 0
    if ord == 1:
        return self.sgn() * grad
    if ord == 2:
        return grad * (self / result).masked_fill(result == 0, 0)
    if math.isinf(ord):
        magnitude = self.abs()
        hit = (magnitude == result) | magnitude.isnan()
        return self.sgn() * ((grad / hit.sum(dim, keepdim=True)) * hit)
    scale = (grad / result.pow(ord - 1)).masked_fill(result == 0, 0)
    return self * self.abs().pow(ord - 2) * scale


def norm_values(data, ord, axes, keepdim, dtype):
    """The vector norm of the array ``data`` over ``axes``, in the numpy ``dtype`` (torch computes in it; float32
    norms accumulate in float64)."""
    x = np.abs(data.astype(np.float64))
    if ord == 2:
        out = np.sqrt((x * x).sum(axis=axes, keepdims=keepdim))
    elif ord == 1:
        out = x.sum(axis=axes, keepdims=keepdim)
    elif ord == 0:
        out = (x != 0).sum(axis=axes, keepdims=keepdim).astype(np.float64)
    elif ord == math.inf:
        out = x.max(axis=axes, keepdims=keepdim)
    elif ord == -math.inf:
        out = x.min(axis=axes, keepdims=keepdim)
    else:
        with np.errstate(divide="ignore"):
            out = (x**ord).sum(axis=axes, keepdims=keepdim) ** (1.0 / ord)
    return np.asarray(out).astype(dtype)


class VectorNorm(Op):
    """result = sum(|self| ** ord) ** (1 / ord) over ``dim`` (max |self| for ord=inf)"""

    node_name = "LinalgVectorNormBackward0"
    formula = {"self": "linalg_vector_norm_backward(self, grad, ord, result, dim, keepdim)"}
    saved_names = ("self", "result")
    saved_values = {"dim": "saved_dim", "keepdim": "keepdim", "ord": "ord"}

    @staticmethod
    def forward(ctx, a, *, ord=2, dim=None, keepdim=False, dtype=None):
        if not a.dtype.is_floating_point:
            raise RuntimeError(
                f"linalg.vector_norm: Expected a floating point or complex tensor as input. Got {a.dtype.scalar_name}"
            )
        ctx.ord, ctx.dim, ctx.keepdim = ord, normalize_dims(a, dim), keepdim
        ctx.saved_dim = as_saved_int(None if dim is None else ((dim,) if isinstance(dim, int) else tuple(dim)))
        out = wrap(norm_values(a._data, ord, ctx.dim, keepdim, a._data.dtype if dtype is None else dtype.np))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        a, result = ctx._unpack()
        return (linalg_vector_norm_backward(a, grad, ctx.ord, result, ctx.dim, ctx.keepdim),)
