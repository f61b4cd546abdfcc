"""The margin-loss ops torch has native kernels for: ``SoftMarginLoss`` (SoftMarginLossBackward0, and its backward
as SoftMarginLossBackwardBackward0), ``MultiMarginLoss`` (MultiMarginLossBackward0) and ``MultilabelMarginLoss``
(MultilabelMarginLossBackward0), each computed in the order torch's CPU kernel computes it. The functions that
call them are in :mod:`minigrad.nn.margin_losses`."""

import numpy as np

from ..ops._util import broadcast_mismatch, mean_of, not_implemented, wrap
from ..ops.carriers import ARRAYS, TENSORS
from ..ops.elementwise import DivScalar
from ..ops.not_implemented import record_not_implemented
from ..ops.op import Op
from ..size import shape_text
from ..tensor import Tensor


def _reduce(loss, reduction):
    if reduction == 1:
        return mean_of(loss)
    if reduction == 2:
        return np.asarray(loss.sum(), dtype=loss.dtype)
    return loss


def soft_margin_loss_backward(grad, self, target, reduction, F=TENSORS):
    """torch's ``soft_margin_loss_backward``: ``-norm * target * z / (1 + z) * grad``, ``z = exp(-target * self)``,
    ``norm`` 1 / numel for the mean (else 1), in torch's order of in-place steps; on Tensors, a differentiable op
    (SoftMarginLossBackwardBackward0)."""
    if F is not ARRAYS:
        return SoftMarginLossBackward.apply(grad, self, target=target, reduction=reduction)
    dtype = self.dtype
    norm = 1.0 / self.size if reduction == 1 else 1.0
    t = target if target.dtype.kind == "f" else target.astype(dtype)
    z = np.exp(-t * self)
    out = (t * z).astype(dtype, copy=False) * dtype.type(-norm)
    return (out / (z + z.dtype.type(1))).astype(dtype, copy=False) * grad


class SoftMarginLoss(Op):
    """result = log(1 + exp(-target * self)), reduced (target has no derivative)"""

    node_name = "SoftMarginLossBackward0"
    formula = {"self": "soft_margin_loss_backward(grad, self, target, reduction)"}
    saved_names = ("self", "target")
    saved_values = {"reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, *, target, reduction):
        if target._requires_grad:
            raise RuntimeError("The function 'soft_margin_loss' is not differentiable with respect to argument "
                               "'target'. This input cannot have requires_grad True.")  # fmt: skip
        x, t = a._data, target._data
        if x.dtype.kind != "f":  # torch's neg(input).mul_(target).exp_(): in place, in the input's dtype
            raise RuntimeError(f"result type {target.dtype.scalar_name if t.dtype.kind == 'f' else 'Float'} can't "
                               f"be cast to the desired output type {a.dtype.scalar_name}")  # fmt: skip
        product = np.multiply(-x, t if t.dtype.kind == "f" else t.astype(x.dtype))
        if product.shape != x.shape:
            raise broadcast_mismatch(x.shape, product.shape)
        ctx.reduction = reduction
        ctx._save((a, target))
        loss = np.log1p(np.exp(product.astype(x.dtype, copy=False)))
        return wrap(_reduce(loss, reduction))

    @staticmethod
    def backward(ctx, grads, F):
        a, target = ctx._values(F)
        return (soft_margin_loss_backward(grads[0], a, target, ctx.reduction, F),)


class SoftMarginLossBackward(Op):
    """soft_margin_loss's backward as a differentiable op (after ``create_graph=True``), with torch's
    ``soft_margin_loss_double_backward`` and ``soft_margin_loss_double_backward_grad_output``"""

    node_name = "SoftMarginLossBackwardBackward0"
    formula = {
        "grad_output": "soft_margin_loss_double_backward_grad_output(grad, grad_output, self, target, reduction)",
        "self": "soft_margin_loss_double_backward(grad * grad_output, self, target, reduction)",
    }
    saved_names = ("grad_output", "self", "target")
    saved_values = {"reduction": "reduction"}

    @staticmethod
    def forward(ctx, grad_output, a, *, target, reduction):
        ctx.reduction = reduction
        ctx._save((grad_output, a, target))
        return wrap(soft_margin_loss_backward(grad_output._data, a._data, target._data, reduction, ARRAYS))

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, a, target = ctx._values(F)
        needs = ctx._needs()
        args = (target, ctx.reduction, F)
        return (
            soft_margin_loss_double_backward_grad_output(grads[0], grad_output, a, *args) if needs[0] else None,
            soft_margin_loss_double_backward(grads[0] * grad_output, a, *args) if needs[1] else None,
        )


def soft_margin_loss_double_backward(grad, self, target, reduction, F=TENSORS):
    """torch's ``soft_margin_loss_double_backward``: ``grad * target**2 * z / (z + 1)**2``, ``z = exp(-target *
    self)``, divided by numel for the mean (in place in torch: DivBackward1)."""
    z = F.exp(self * -target)
    zplus1 = z + 1
    out = grad * (target * target) * z / (zplus1 * zplus1)
    if reduction != 1:
        return out
    return out / self.size if F is ARRAYS else DivScalar.apply(out, other=self.numel())


def soft_margin_loss_double_backward_grad_output(grad, grad_output, self, target, reduction, F=TENSORS):
    """torch's ``soft_margin_loss_double_backward_grad_output``: the backward of ``grad`` itself for
    ``reduction='none'``, else ``(soft_margin_loss_backward(ones, ...) * grad).sum()``."""
    if reduction == 0:
        return soft_margin_loss_backward(grad, self, target, 0, F)
    if F is ARRAYS:
        return np.asarray((soft_margin_loss_backward(np.ones_like(grad_output), self, target, reduction, F)
                           * grad).sum(), dtype=grad.dtype)  # fmt: skip
    ones = F.constant(np.ones_like(grad_output._data))
    return (soft_margin_loss_backward(ones, self, target, reduction, F) * grad).sum()


def _multi_margin_shape(input, target, weight):
    """torch's ``multi_margin_loss_shape_check``: the number of rows and of classes, or its errors."""
    ndims = input.ndim
    if input.numel() == 0 or ndims > 2:
        raise RuntimeError(
            f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: {shape_text(input.shape)}"
        )
    nframe, dim = (1, 1 if ndims == 0 else input.shape[0]) if ndims <= 1 else input.shape
    if not (target.ndim <= 1 and target.numel() == nframe):
        raise RuntimeError(
            "multi_margin_loss: target tensor should be 1-D with size equal to the number of input samples (batch "
            f"size). Expected target size [{nframe}], but got {shape_text(target.shape)}. Input has shape "
            f"{shape_text(input.shape)}."
        )
    if weight is not None and not (weight.ndim <= 1 and weight.numel() == dim):
        raise RuntimeError(f"inconsistent weight size, expected {dim} but got {shape_text(weight.shape)}")
    if target.dtype.name != "int64":
        raise RuntimeError(f"expected scalar type Long but found {target.dtype.scalar_name}")
    if weight is not None and weight.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {weight.dtype.scalar_name}")
    if not input.dtype.is_floating_point:
        raise not_implemented("multi_margin_loss_cpu_kernel", input.dtype)
    return nframe, dim


def _margins(x, t, margin):
    """Each row's ``margin - x[y] + x[d]`` (in ``x``'s dtype) and the mask of the classes that count (``d != y``)."""
    rows = np.arange(x.shape[0])
    z = (x.dtype.type(margin) - x[rows, t])[:, None] + x
    other = np.ones(x.shape, bool)
    other[rows, t] = False
    return z, other


def multi_margin_loss_backward(grad, self, target, p, margin, weight, reduction, F=TENSORS):
    """torch's ``multi_margin_loss_backward``: per row, ``g`` (``2 * g * z`` for p=2, times ``weight[y]``) at each
    class with a positive margin and minus their sum at the target, ``g`` 1 / dim (1 / (rows * dim) for the mean),
    times ``grad``. On Tensors, torch has no derivative of it: a second backward reaches a NotImplemented node."""
    if F is not ARRAYS:
        out = Tensor._wrap(multi_margin_loss_backward(grad._data, self._data, target._data, p, margin,
                                                      None if weight is None else weight._data, reduction, ARRAYS))
        return record_not_implemented(out, (grad, self), "aten::multi_margin_loss_backward")  # fmt: skip
    dim = self.shape[-1] if self.ndim else 1
    x = self.reshape(-1, dim)
    t = target.reshape(-1)
    c = x.dtype.type
    g = c(1.0 / (x.shape[0] * dim) if reduction == 1 else 1.0 / dim)
    z, other = _margins(x, t, margin)
    h = np.where(other & (z > 0), g if p == 1 else c(2) * g * z, c(0)).astype(x.dtype, copy=False)
    if weight is not None:
        h = h * weight[t][:, None]
    out = h.copy()
    rows = np.arange(x.shape[0])
    # torch's 0 - h - h - ...: +0 for a row with no margins
    out[rows, t] = [c(0) - np.cumsum(row, dtype=x.dtype)[-1] for row in np.where(other, h, c(0))]
    if reduction != 0 or np.ndim(grad) == 0:
        out = out * np.asarray(grad, x.dtype).reshape(-1)[0]
    else:
        out = out * np.asarray(grad, x.dtype).reshape(-1, 1)
    return out.reshape(self.shape)


class MultiMarginLoss(Op):
    """result = per row, sum over classes d != y of max(0, margin - self[y] + self[d]) ** p * weight[y], over dim"""

    node_name = "MultiMarginLossBackward0"
    formula = {"self": "multi_margin_loss_backward(grad, self, target, p, margin, weight, reduction)"}
    saved_names = ("self", "target", "weight")
    saved_values = {"margin": "margin", "p": "p", "reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, *, target, p, margin, weight, reduction):
        nframe, dim = _multi_margin_shape(a, target, weight)
        x = a._data.reshape(nframe, dim)
        t = target._data.reshape(-1)
        if np.any((t < 0) | (t >= dim)):
            raise RuntimeError("target out of range")
        ctx.target, ctx.weight, ctx.p, ctx.margin, ctx.reduction = target, weight, p, margin, reduction
        ctx._save((a, target, weight))
        z, other = _margins(x, t, margin)
        h = z if p == 1 else z * z
        if weight is not None:
            h = h * weight._data[t][:, None]
        h = np.where(other & (z > 0), h, x.dtype.type(0))
        # each row summed one class after another in the input's dtype, then divided by dim
        rows = np.array([np.cumsum(row, dtype=x.dtype)[-1] for row in h], dtype=x.dtype) / x.dtype.type(dim)
        if reduction == 0 and target.ndim > 0:
            return wrap(rows.astype(x.dtype, copy=False))
        total = np.cumsum(rows, dtype=np.float64)[-1]  # the rows summed in double (torch's acc_type)
        if reduction == 1:
            total = total / nframe
        return wrap(np.asarray(total, dtype=x.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        a, target, weight = ctx._values(F)
        return (multi_margin_loss_backward(grads[0], a, target, ctx.p, ctx.margin, weight, ctx.reduction, F),)


def _multilabel_shape(input, target):
    """torch's ``multilabel_margin_loss_shape_check``: the number of rows and of classes, or its errors."""
    ndims = input.ndim
    if not ((ndims == 2 and input.shape[1] != 0) or (ndims == 1 and input.shape[0] != 0) or ndims == 0):
        raise RuntimeError(
            f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: {shape_text(input.shape)}"
        )
    if ndims <= 1:
        nframe, dim = 1, (1 if ndims == 0 else input.shape[0])
        ok = target.ndim <= 1 and target.numel() == dim
    else:
        nframe, dim = input.shape
        ok = target.ndim == 2 and tuple(target.shape) == (nframe, dim)
    if not ok:
        raise RuntimeError(
            f"inconsistent target size: {shape_text(target.shape)} for input of size: {shape_text(input.shape)}"
        )
    if target.dtype.name != "int64":
        raise RuntimeError(f"expected scalar type Long but found {target.dtype.scalar_name}")
    t = target._data
    if t.size and (t.min() < -1 or t.max() >= dim):
        raise RuntimeError("argument #2 'target' is out of range")
    if not input.dtype.is_floating_point:
        raise not_implemented("multilabel_margin_loss_forward_out_frame", input.dtype)
    return nframe, dim


def _labels(t):
    """A row's target classes: its entries up to the first -1."""
    stop = np.flatnonzero(t < 0)
    return t[: stop[0]] if stop.size else t


def multilabel_margin_loss_backward(grad, self, target, reduction, is_target, F=TENSORS):
    """torch's ``multilabel_margin_loss_backward``: per row, for each target class ``j`` and non-target class ``i``
    with ``1 - x[j] + x[i] > 0``, ``g`` added at ``i`` and taken from ``j`` (``g`` 1 / dim, 1 / (rows * dim) for the
    mean, added one at a time as torch's kernel does), times ``grad``. On Tensors, torch has no derivative of it:
    a second backward reaches a NotImplemented node."""
    if F is not ARRAYS:
        out = Tensor._wrap(multilabel_margin_loss_backward(grad._data, self._data, target._data, reduction,
                                                           is_target._data, ARRAYS))  # fmt: skip
        return record_not_implemented(out, (grad, self), "aten::multilabel_margin_loss_backward")
    dim = self.shape[-1] if self.ndim else 1
    x, t, marks = self.reshape(-1, dim), target.reshape(-1, dim), is_target.reshape(-1, dim)
    c = x.dtype.type
    g = c(1.0 / (x.shape[0] * dim) if reduction == 1 else 1.0 / dim)
    out = np.zeros_like(x)
    for row in range(x.shape[0]):
        others = marks[row] == 0
        for j in _labels(t[row]):
            hit = others & ((c(1) - x[row, j] + x[row]) > 0)
            out[row, hit] += g
            value = out[row, j]
            for _ in range(int(hit.sum())):
                value = c(value - g)
            out[row, j] = value
    if reduction != 0 or np.ndim(grad) == 0:
        out = out * np.asarray(grad, x.dtype).reshape(-1)[0]
    else:
        out = out * np.asarray(grad, x.dtype).reshape(-1, 1)
    return out.reshape(self.shape)


class MultilabelMarginLoss(Op):
    """result = per row, sum over target classes j and other classes i of max(0, 1 - self[j] + self[i]), over dim"""

    node_name = "MultilabelMarginLossBackward0"
    formula = {"self": "multilabel_margin_loss_backward(grad, self, target, reduction, is_target)"}
    saved_names = ("self", "target", "is_target")
    saved_values = {"reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, *, target, reduction):
        nframe, dim = _multilabel_shape(a, target)
        x = a._data.reshape(nframe, dim)
        t = target._data.reshape(nframe, dim)
        c = x.dtype.type
        marks = np.zeros_like(x)
        rows = np.zeros(nframe, x.dtype)
        for row in range(nframe):
            labels = _labels(t[row])
            marks[row, labels] = 1
            z = (c(1) - x[row, labels])[:, None] + x[row]  # one row of margins per target class, in order
            z = np.where((marks[row] == 0) & (z > 0), z, c(0)).reshape(-1)
            rows[row] = np.cumsum(z, dtype=np.float64)[-1] if z.size else 0.0  # summed in double, kept in x's dtype
        ctx.reduction = reduction
        ctx.is_target = wrap(marks.reshape(a.shape))
        ctx._save((a, target, ctx.is_target))
        if reduction == 0 and target.ndim > 1:
            return wrap((rows / c(dim)).astype(x.dtype, copy=False))
        total = np.cumsum(rows, dtype=np.float64)[-1] / dim
        if reduction == 1:
            total = total / nframe
        return wrap(np.asarray(total, dtype=x.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        a, target, is_target = ctx._values(F)
        return (multilabel_margin_loss_backward(grads[0], a, target, ctx.reduction, is_target, F),)
