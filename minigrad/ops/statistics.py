"""Variance and standard deviation over dims, with torch's ``correction`` (1: Bessel's, dividing by N - 1), alone or
with the mean from the same node (``var_mean``, ``std_mean``).

torch accumulates float32 statistics in float64 and rounds once at the end; so do these ops.
"""

import math
import warnings

import numpy as np

from ..torch_warnings import user_stacklevel
from ._util import as_saved_int, mean_of, wrap
from .carriers import ARRAYS, TENSORS
from .op import Op
from .reduce import reduced_dims


def var_backward(grad, self, dim, correction, keepdim, F=TENSORS):
    """torch's ``var_backward``: ``2 / (N - correction) * grad * (self - mean)``, ``grad`` put back over ``dim``
    (on the carrier ``F``). ``dim`` None: every dim, as torch's ``self.mean()`` and a ``grad`` that broadcasts."""
    dims = tuple(range(self.ndim)) if dim is None else dim
    n = int(np.prod([self.shape[d] for d in dims], dtype=np.int64))
    with np.errstate(divide="ignore"):
        scale = float(np.float64(2.0) / (n - correction))  # inf with no degrees of freedom, as in torch
    if F is ARRAYS:  # the same numbers as torch's graph below, the 0-d mean and grad broadcasting
        return scale * F.unsqueeze_dims(grad, dims, keepdim) * (self - F.mean(self, dims, True))
    if dim is None:
        return F.scalar_mul(scale, grad) * (self - self.mean())
    if self.ndim > 1:  # torch's unsqueeze_multiple
        grad = F.unsqueeze_dims(grad, dims, keepdim)
    return F.scalar_mul(scale, grad) * (self - F.mean(self, dims, True))


def std_backward(grad, self, result, dim, correction, keepdim, F=TENSORS):
    """torch's ``std_backward``: ``var_backward`` of ``grad / (result * 2)``, 0 where the std is 0."""
    zero = result == 0
    return var_backward(F.masked_fill(grad / F.scalar_mul(result, 2), zero, 0), self, dim, correction, keepdim, F)


def _given(ctx):
    """The dims as torch's backward sees them: None when the op was called without ``dim``."""
    return None if ctx.saved_dim is None else ctx.dim


class Var(Op):
    """result = sum((self - mean) ** 2) / (N - correction) over ``dim``"""

    node_name = "VarBackward0"
    formula = {"self": "var_backward(grad, self, dim, correction, keepdim)"}
    saved_names = ("self",)
    saved_values = {"correction": "saved_correction", "dim": "saved_dim", "keepdim": "keepdim"}
    take_sqrt, word = False, "var"  # Std changes only these

    @staticmethod
    def forward(ctx, a, *, dim=None, correction=1, keepdim=False, saved=(None, None)):
        if not a.dtype.is_floating_point:
            raise RuntimeError("std and var only support floating point and complex dtypes")
        ctx.dim, ctx.correction, ctx.keepdim = reduced_dims(a, dim), correction, keepdim
        ctx.saved_dim, ctx.saved_correction = as_saved_int(saved[0]), saved[1]
        n = math.prod(a._data.shape[d] for d in ctx.dim)  # np.prod is a Python wrapper, and a.shape a torch.Size
        if n - correction <= 0:
            warnings.warn(
                f"{ctx.word}(): degrees of freedom is <= 0. Correction should be strictly less than the reduction "
                "factor (input numel divided by output numel). (Triggered internally at "
                "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)",
                UserWarning,
                stacklevel=user_stacklevel(),
            )
        with np.errstate(divide="ignore", invalid="ignore"):
            x = a._data.astype(np.float64)
            out = ((x - mean_of(x, ctx.dim, True)) ** 2).sum(axis=ctx.dim, keepdims=keepdim)
            out = out / max(n - correction, 0)
            if ctx.take_sqrt:
                out = np.sqrt(out)
        out = wrap(np.asarray(out).astype(a._data.dtype))
        ctx._save((a, out) if ctx.take_sqrt else (a,))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (var_backward(grads[0], a, _given(ctx), ctx.correction, ctx.keepdim, F),)


class Std(Var):
    """result = sqrt(var(self)) over ``dim``"""

    node_name = "StdBackward0"
    formula = {"self": "std_backward(grad, self, result, dim, correction, keepdim)"}
    saved_names = ("self", "result")
    take_sqrt, word = True, "std"

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (std_backward(grads[0], a, result, _given(ctx), ctx.correction, ctx.keepdim, F),)


def var_mean_backward(gvar, gmean, self, dim, correction, keepdim, F=TENSORS):
    """torch's ``var_mean_backward``: ``var_backward`` of the variance's gradient plus the mean's gradient spread
    evenly over ``dim`` (either may be missing: None)."""
    out = None if gvar is None else var_backward(gvar, self, dim, correction, keepdim, F)
    if gmean is not None:
        dims = tuple(range(self.ndim)) if dim is None else dim
        n = int(np.prod([self.shape[d] for d in dims], dtype=np.int64))
        spread = F.expand(gmean if dim is None else F.unsqueeze_dims(gmean, dims, keepdim), F.shape(self)) / n
        out = spread if out is None else out + spread
    return out


def std_mean_backward(gstd, gmean, self, result0, dim, correction, keepdim, F=TENSORS):
    """torch's ``std_mean_backward``: ``std_backward`` of the deviation's gradient plus the mean's spread evenly."""
    out = None if gstd is None else std_backward(gstd, self, result0, dim, correction, keepdim, F)
    mean_part = var_mean_backward(None, gmean, self, dim, correction, keepdim, F)
    return mean_part if out is None else out if mean_part is None else out + mean_part


class VarMean(Var):
    """results = var(self) and mean(self) over ``dim``, two outputs of one node"""

    node_name = "VarMeanBackward0"
    formula = {"self": "var_mean_backward(grads[0], grads[1], self, dim, correction, keepdim)"}
    word = "var_mean"

    @staticmethod
    def forward(ctx, a, **params):
        if not a.dtype.is_floating_point:
            raise RuntimeError(f"{ctx.word} only support floating point and complex dtypes")
        first = Var.forward(ctx, a, **params)
        mean = mean_of(a._data.astype(np.float64), ctx.dim, ctx.keepdim)  # float64, as torch
        return first, wrap(mean.astype(a._data.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        saved = ctx._values(F)  # (self,), or (self, result0) for std_mean
        derivative = std_mean_backward if ctx.take_sqrt else var_mean_backward
        return (derivative(grads[0], grads[1], *saved, _given(ctx), ctx.correction, ctx.keepdim, F),)


class StdMean(VarMean):
    """results = std(self) and mean(self) over ``dim``, two outputs of one node"""

    node_name = "StdMeanBackward0"
    formula = {"self": "std_mean_backward(grads[0], grads[1], self, result0, dim, correction, keepdim)"}
    saved_names = ("self", "result0")
    take_sqrt, word = True, "std_mean"
