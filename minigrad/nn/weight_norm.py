"""Weight normalisation's arithmetic, ``w = g * v / ||v||`` with the norm over every dim but ``dim``: torch's
``norm_except_dim`` and ``_weight_norm``, which for ``dim`` 0 or the last dim is one fused op
(``_weight_norm_interface``, node WeightNormInterfaceBackward0), else a composition of ops. ``nn.utils.weight_norm``
and ``nn.utils.parametrizations.weight_norm`` compute their weight with it."""

import numpy as np

from ..autograd import grad_mode
from ..ops._util import wrap
from ..ops.op import Op


def norm_except_dim(v, pow=2, dim=0):  # noqa: A002 - torch's argument name
    """Mirror ``torch.norm_except_dim``: the ``pow``-norm of ``v`` over every dim but ``dim`` (of all of ``v`` for
    ``dim=-1``), shaped to broadcast against ``v``."""
    if dim == -1:
        return v.norm(pow)
    if dim == 0:
        return v.contiguous().view(v.shape[0], -1).norm(pow, 1).view([v.shape[0]] + [1] * (v.ndim - 1))
    if dim == v.ndim - 1:
        return v.contiguous().view(-1, v.shape[-1]).norm(pow, 0).view([1] * (v.ndim - 1) + [v.shape[-1]])
    return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


def weight_norm_backward(grad, v, g, norms, axes, F=None):
    """torch's ``_weight_norm_interface_backward`` (its CPU kernel's steps): ``grad_g = sum(grad * v) / norm`` and
    ``grad_v = (g / norm) * grad - ((g / norm) * grad_g / norm) * v``, on the carrier ``F`` (Tensors by default)."""
    total = grad * v
    total = total.sum(axes, keepdim=True) if F is None else F.sum(total, axes, True)
    grad_g = total / norms
    a = (g.reshape(norms.shape) if F is None else F.reshape(g, norms.shape)) / norms
    b = a * grad_g / norms
    return a * grad - b * v, (grad_g.reshape(g.shape) if F is None else F.reshape(grad_g, g.shape))


class WeightNormInterface(Op):
    """result = v * (g / norm_except_dim(v, 2, dim)), for dim 0 or the last dim"""

    node_name = "WeightNormInterfaceBackward0"
    formula = {"v": "weight_norm_backward(grad, v, g, norm_except_dim(v, 2, dim), axes)[0]",
               "g": "weight_norm_backward(grad, v, g, norm_except_dim(v, 2, dim), axes)[1]"}  # fmt: skip
    saved_names = ("v", "g", "result1")  # torch's: result1 is the norms, the op's second output
    saved_values = {"dim": "dim"}

    @staticmethod
    def forward(ctx, v, g, *, dim):
        x = v._data
        ctx.dim = dim = dim % x.ndim
        ctx.axes = tuple(d for d in range(x.ndim) if d != dim)
        with grad_mode.no_grad():
            norms = norm_except_dim(v, 2, dim)._data
        # the CPU kernel: a = g / norm, then w = v * a, each rounded in the dtype
        out = x * (g._data.reshape(norms.shape) / norms).astype(x.dtype)
        ctx._save((v, g, wrap(norms)))
        return wrap(np.asarray(out, dtype=x.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        v, g, norms = ctx._values(F)
        d_v, d_g = weight_norm_backward(grads[0], v, g, norms, ctx.axes, F)
        needs = ctx._needs()
        return (d_v if needs[0] else None), (d_g if needs[1] else None)


def weight_norm_interface(v, g, dim=0):
    """torch's ``_weight_norm_interface`` (its first output): the fused weight normalisation over every dim but
    ``dim`` (0 or the last)."""
    return WeightNormInterface.apply(v.contiguous(), g.contiguous(), dim=dim)


def _weight_norm(v, g, dim=0):
    """Mirror ``torch._weight_norm(v, g, dim)``: ``v * (g / norm_except_dim(v, 2, dim))``, one fused op for ``dim``
    0 or the last dim (as torch's CPU kernel), else composed of ops."""
    if dim == 0 or dim == v.ndim - 1:
        return weight_norm_interface(v, g, dim)
    return v * (g / norm_except_dim(v, 2, dim))
