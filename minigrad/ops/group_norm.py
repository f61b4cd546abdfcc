"""``native_group_norm`` (NativeGroupNormBackward0): the channels of each example split into ``group`` groups, each
group normalised by its own mean and biased variance, then scaled and shifted per channel, computed as torch's CPU
kernel does (each group's moments, ``scale = rstd * weight``, ``shift = bias - scale * mean``, then
``x * scale + shift``)."""

import numpy as np

from ..autograd import grad_mode
from ..nn.batchnorm import normalise, normalised_input_backward
from ._util import wrap
from .carriers import TENSORS
from .op import Op
from .statistics import var_mean_backward


def _grouped(t, N, group, F):
    """``t`` (N, C, *) viewed as (N, group, C / group * HxW): one row per group."""
    return F.reshape(t, (N, group, -1))


def _per_channel(t, input, F):
    """A per-channel value (C,) shaped to broadcast against ``input`` (N, C, *)."""
    return F.reshape(t, [-1 if d == 1 else 1 for d in range(len(F.shape(input)))])


def group_norm_input_backward(grad, input, weight, N, C, HxW, group, eps, F=TENSORS):
    """The gradient for ``input``: batch norm's in training, over each group's values (the weight applied to
    ``grad`` first)."""
    g = grad if weight is None else grad * _per_channel(weight, input, F)
    out = normalised_input_backward(_grouped(g, N, group, F), _grouped(input, N, group, F), (2,), eps, F)
    return F.reshape(out, F.shape(input))


def group_norm_weight_backward(grad, input, N, C, HxW, group, eps, F=TENSORS):
    """The gradient for ``weight``: ``grad`` times the normalised input, summed over all but the channels."""
    normalised, _ = normalise(_grouped(input, N, group, F), (2,), eps, F)
    normalised = F.reshape(normalised, F.shape(input))
    return F.sum(grad * normalised, (0, *range(2, len(F.shape(input)))))


def group_norm_statistics_backward(grad_mean, grad_rstd, input, N, C, HxW, group, eps, F=TENSORS):
    """The gradient for ``input`` through the outputs ``mean`` (``1 / M`` each) and ``rstd`` (``-rstd ** 2 *
    normalised / M``), M the values of a group."""
    rows = _grouped(input, N, group, F)
    count = F.shape(rows)[2]
    normalised, invstd = normalise(rows, (2,), eps, F)
    out = 0
    if grad_mean is not None:
        out = out + F.reshape(grad_mean, (N, group, 1)) / count
    if grad_rstd is not None:
        out = out - F.reshape(grad_rstd, (N, group, 1)) * invstd * invstd * normalised / count
    return F.reshape(F.expand(out, F.shape(rows)) if grad_rstd is None else out, F.shape(input))


def _scaled(t, number, F):
    """``t * number`` as C++ multiplies by a Scalar (MulBackward1 on Tensors)."""
    return F.scalar_mul(t, number) if F is TENSORS else t * number


def _unsqueezed_(t, dim, F):
    """``t.unsqueeze_(dim)`` (UnsqueezeBackward1 on Tensors)."""
    return t.unsqueeze_(dim) if F is TENSORS else F.unsqueeze(t, dim)


def differentiable_group_norm_backward(dY, dmean, drstd, X, mean, rstd, gamma, N, C, HxW, group, eps, mask, F):
    """torch's ``infinitely_differentiable_native_group_norm_backward``, op for op: what its backward computes when
    grad mode is on (``create_graph=True``) or the outputs ``mean``/``rstd`` got gradients (a second derivative).
    The input's gradient through ``mean`` and ``rstd`` counts only when both got one, as in torch."""
    D = C // group
    s = 1.0 / (D * HxW)
    dX = dgamma = dbeta = None
    X4 = F.reshape(X, (N, group, D, HxW))
    mean4 = F.reshape(mean, (N, group, 1, 1))
    rstd4 = F.reshape(rstd, (N, group, 1, 1))
    if dY is not None:
        dY4 = F.reshape(dY, (N, group, D, HxW))
        ds = _unsqueezed_(F.sum(dY4 * X4, 3), -1, F)
        db = _unsqueezed_(F.sum(dY4, 3), -1, F)
    if mask[0]:
        gamma4 = None if gamma is None else F.reshape(gamma, (1, group, D, 1))
        rstd_cube = rstd4 * rstd4 * rstd4
        dvar = None if drstd is None else _scaled(rstd_cube, -0.5, F) * F.reshape(drstd, (N, group, 1, 1))
        both = dmean is not None and drstd is not None

        def through_statistics():  # made where torch makes it (the nodes' order)
            return var_mean_backward(dvar, F.reshape(dmean, (N, group, 1, 1)), X4, (2, 3), 0, True, F)

        if dY is not None:
            a = rstd4 if gamma is None else rstd4 * gamma4
            b = _unsqueezed_(F.sum(ds if gamma is None else ds * gamma4, 2), -2, F)
            c = _unsqueezed_(F.sum(db if gamma is None else db * gamma4, 2), -2, F)
            b = _scaled((c * mean4 - b) * rstd_cube, s, F)
            c = -b * mean4 - _scaled(c * rstd4, s, F)
            dX = a * dY4 + b * X4 + c
            if both:
                dX = dX + through_statistics()
            dX = F.reshape(dX, F.shape(X))
        elif both:
            dX = F.reshape(through_statistics(), F.shape(X))
    if mask[1] and dY is not None:
        dgamma = F.reshape(F.sum((ds - db * mean4) * rstd4, 0), F.shape(gamma))
    if mask[2] and dY is not None:
        if gamma is None:  # torch reshapes to the missing weight's shape
            raise RuntimeError(f"shape '[0]' is invalid for input of size {C}")
        dbeta = F.reshape(F.sum(db, 0), F.shape(gamma))
    return dX, dgamma, dbeta


def group_norm_arrays(x, w, b, N, C, group, eps):
    """numpy: torch's group norm kernel on ``x`` with ``w`` and ``b`` (or None): the output, each group's mean and
    reciprocal standard deviation, in ``x``'s dtype."""
    dtype = x.dtype.type
    rows = x.reshape(N, group, -1)
    mean64 = rows.mean(axis=2, dtype=np.float64)
    var = np.maximum(((rows - mean64[..., None]) ** 2).mean(axis=2), 0)
    mean = mean64.astype(dtype)  # torch's kernel sums in float: these may differ from its in the last place
    rstd = (1 / np.sqrt(var + eps)).astype(dtype)
    channels = x.reshape(N, group, C // group, -1)
    if w is None and b is None:
        out = (channels - mean[..., None, None]) * rstd[..., None, None]
    else:  # scale and shift per channel, each a multiply-add with one rounding (computed wider here)
        w = np.ones(C, dtype) if w is None else w
        b = np.zeros(C, dtype) if b is None else b
        scale = rstd[..., None] * w.reshape(group, -1)  # (N, group, C / group)
        shift = (-scale.astype(np.float64) * mean[..., None] + b.reshape(group, -1)).astype(dtype)
        out = channels.astype(np.float64) * scale[..., None] + shift[..., None]
    return np.ascontiguousarray(out.reshape(x.shape), dtype=dtype), mean, rstd


class NativeGroupNorm(Op):
    """result = (input - mean) / sqrt(var + eps) * weight + bias, mean and var over each group of channels (also
    returned: result1 the means, result2 the rstd, of shape (N, group))"""

    node_name = "NativeGroupNormBackward0"
    formula = {
        "input": "group_norm_input_backward(grads[0], input, weight, N, C, HxW, group, eps) "
                 "+ group_norm_statistics_backward(grads[1], grads[2], input, N, C, HxW, group, eps)",
        "weight": "group_norm_weight_backward(grad, input, N, C, HxW, group, eps)",
        "bias": "grad.sum(axes)",
    }
    saved_names = ("input", "weight", "result1", "result2")
    saved_values = {k: k for k in ("C", "HxW", "N", "eps", "group")}

    @staticmethod
    def forward(ctx, input, weight, bias, *, N, C, HxW, group, eps):
        x = input._data
        ctx.N, ctx.C, ctx.HxW, ctx.group, ctx.eps = N, C, HxW, group, eps
        ctx.axes = (0, *range(2, x.ndim))
        w, b = (None if t is None else t._data for t in (weight, bias))
        if x.dtype == np.float16:  # torch's float16 kernel: float32 throughout, the output and the moments rounded once
            wide = (None if a is None else a.astype(np.float32) for a in (x, w, b))
            out, mean, rstd = (a.astype(x.dtype) for a in group_norm_arrays(*wide, N, C, group, eps))
        else:
            out, mean, rstd = group_norm_arrays(x, w, b, N, C, group, eps)
        result1, result2 = wrap(mean), wrap(rstd)
        ctx._save((input, weight, result1, result2))
        return wrap(out), result1, result2

    @staticmethod
    def backward(ctx, grads, F):
        grad, grad_mean, grad_rstd = (tuple(grads) + (None, None))[:3]
        x, weight, mean, rstd = ctx._values(F)
        needs = ctx._needs()  # torch's grad_input_mask: only the gradients this backward call wants (engine)
        if grad_mean is not None or grad_rstd is not None or F is TENSORS and grad_mode._state.enabled:
            return differentiable_group_norm_backward(grad, grad_mean, grad_rstd, x, mean, rstd, weight, ctx.N, ctx.C,
                                                      ctx.HxW, ctx.group, ctx.eps, needs, F)  # fmt: skip
        if grad is None:
            grad = F.zeros_like(x)
        dx, dw, db = needs
        if db and weight is None:  # torch's kernel fails on a bias without a weight
            raise RuntimeError("tensor does not have a device")
        args = (ctx.N, ctx.C, ctx.HxW, ctx.group, ctx.eps, F)
        gx = group_norm_input_backward(grad, x, weight, *args) if dx else None
        if dx and (grad_mean is not None or grad_rstd is not None):
            gx = gx + group_norm_statistics_backward(grad_mean, grad_rstd, x, *args)
        return (
            gx,
            group_norm_weight_backward(grad, x, *args) if dw else None,
            F.sum(grad, ctx.axes) if db else None,
        )
