"""The vector norm (``torch.norm``, ``Tensor.norm``): ``sum(|x| ** ord) ** (1 / ord)`` over dims."""

import math

import numpy as np

from ._util import as_saved_int, wrap
from .op import Op
from .reduce import reduced_dims, unsqueeze_dims


def linalg_vector_norm_backward(self, grad, ord, result, dim, keepdim):
    """torch's ``linalg_vector_norm_backward`` (its ``norm_backward``) for a real ``ord``, op for op; where the norm
    is 0 the gradient is 0. ``dim`` None: every dim, ``grad`` and ``result`` left to broadcast (torch's empty dims)."""
    if dim is not None and self.ndim:
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
        dims = tuple(range(self.ndim)) if dim is None else dim
        return self.sgn() * ((grad / hit.sum(dims, keepdim=True)) * hit)
    if ord < 1:
        scaled = self.sgn() * self.abs().pow(ord - 1).masked_fill(self == 0, 0)
        return scaled * grad * result.pow(1 - ord)
    scaled = self.sgn() * self.abs().pow(ord - 1) if ord < 2 else self * self.abs().pow(ord - 2)
    return scaled * (grad / result.pow(ord - 1)).masked_fill(result == 0, 0)


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
        if dtype is not None and not dtype.is_floating_point:
            raise RuntimeError(
                f"linalg.vector_norm: dtype should be floating point or complex, but got {dtype.scalar_name}"
            )
        ctx.ord, ctx.dim, ctx.keepdim = ord, reduced_dims(a, dim), keepdim
        ctx.saved_dim = as_saved_int(None if dim is None else ((dim,) if isinstance(dim, int) else tuple(dim)))
        out = wrap(norm_values(a._data, ord, ctx.dim, keepdim, a._data.dtype if dtype is None else dtype.np))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grad):
        a, result = ctx._unpack()
        return (linalg_vector_norm_backward(a, grad, ctx.ord, result, None if ctx.saved_dim is None else ctx.dim,
                                            ctx.keepdim),)


def renorm_backward(grad, self, p, dim, maxnorm):
    """torch's ``renorm_backward`` (on Tensors): where a slice's norm exceeds ``maxnorm``, the gradient of
    ``self * maxnorm / (norm + 1e-7)``, its norm computed again in CPU's accumulate type (float64 for float32);
    elsewhere ``grad``."""
    from .. import dtypes
    from ..functional import where

    dims = [d for d in range(self.ndim) if d != dim % self.ndim]
    acc = dtypes.float32 if self.dtype is dtypes.float16 else dtypes.float64
    norm = VectorNorm.apply(self, ord=p, dim=dims, keepdim=True, dtype=acc)
    grad_output = (self * grad).sum(dims, keepdim=True, dtype=acc)
    nb = linalg_vector_norm_backward(self, grad_output, p, norm, dims, True)
    invnorm = (norm + 1e-7).reciprocal()
    grad_norm = maxnorm * invnorm * (grad - invnorm * nb)
    return where(norm > maxnorm, grad_norm.to(grad.dtype), grad)


class Renorm(Op):
    """result = each slice of self along ``dim`` scaled down to norm ``maxnorm`` (by ``maxnorm / (norm + 1e-7)``) if
    its ``p``-norm exceeds ``maxnorm``"""

    node_name = "RenormBackward0"
    formula = {"self": "renorm_backward(grad, self, p, dim, maxnorm)"}
    saved_names = ("self",)
    saved_values = {"dim": "dim", "maxnorm": "maxnorm", "p": "p"}

    @staticmethod
    def forward(ctx, a, *, p, dim, maxnorm):
        ctx.p, ctx.dim, ctx.maxnorm = p, dim, maxnorm
        axes = tuple(d for d in range(a.ndim) if d != dim % a.ndim)
        x = a._data
        norm = norm_values(x, float(p), axes, True, x.dtype)
        top = x.dtype.type(maxnorm)
        factor = np.where(norm > top, top / (norm + x.dtype.type(1e-7)), x.dtype.type(1))
        ctx._save((a,))
        return wrap(x * factor)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx._unpack()
        return (renorm_backward(grad, a, ctx.p, ctx.dim, ctx.maxnorm),)
