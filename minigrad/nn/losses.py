"""The classification losses, as ``torch.nn.functional`` has them: ``nll_loss``, ``cross_entropy`` (with
``weight``, ``ignore_index``, ``label_smoothing`` and class-probability targets, recorded with the graph
torch's C++ builds for each), ``binary_cross_entropy`` and ``binary_cross_entropy_with_logits``.

Inputs are ``(C,)`` or ``(N, C)``; torch's K-dimensional losses (``(N, C, d1, ...)``) are not implemented.
"""

import numpy as np

from ..functional import where
from ..ops import softmax as SM
from ..ops._util import as_saved_int, wrap
from ..ops.elementwise import DivScalar, MulScalar
from ..ops.op import Op

REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}  # the codes torch's nodes save (``_saved_reduction``)


def reduction_code(reduction):
    """torch's code for a reduction name, or its ValueError."""
    if reduction not in REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return REDUCTIONS[reduction]


def _ceil_log2(n):
    return int(n - 1).bit_length() if n > 1 else 0


def cascade_sum(values, rows):
    """Sum ``values`` (one per row in ``rows``, in order) as torch's CPU ``nll_loss`` does, bit for bit:
    terms go one by one into partial sums that are carried up a level at every 16th row (ignored rows
    skipped), and the levels are added up at the end. Returns a scalar of ``values``' dtype."""
    dtype = values.dtype.type
    power = max(4, _ceil_log2(len(rows)) // 8) if len(rows) else 4
    mask = (1 << power) - 1
    levels = [dtype(0)] * 8
    flushes = np.flatnonzero((rows & mask) == 0)  # the rows after which level 0 is carried up
    start = 0
    for end in list(flushes) + [len(rows) - 1]:
        if end < start:
            continue
        segment = values[start : end + 1]
        levels[0] = dtype(levels[0] + np.cumsum(segment, dtype=dtype)[-1]) if len(segment) else levels[0]
        if end in flushes:
            b = int(rows[end])
            for j in range(7):
                if b & (mask << (j * power)):
                    break
                levels[j + 1] = dtype(levels[j + 1] + levels[j])
                levels[j] = dtype(0)
        start = end + 1
    total = dtype(0)
    for level in levels:
        total = dtype(total + level)
    return total


def nll_loss_backward(grad, self, target, weight, reduction, ignore_index, total_weight):
    """torch's ``nll_loss_backward``: ``-weight[target] * grad`` (divided by the total weight for the mean) at
    each row's target, 0 elsewhere and on ignored rows."""
    coefficients = np.zeros(self.shape, dtype=self._data.dtype)
    t = target._data.reshape(-1)
    rows = np.flatnonzero(t != ignore_index)
    w = np.ones(self.shape[-1], coefficients.dtype) if weight is None else weight._data
    coefficients.reshape(-1, self.shape[-1])[rows, t[rows]] = w[t[rows]]
    if reduction == 0 and self.ndim == 2:
        g = -grad.unsqueeze(1)
    elif reduction == 1:
        g = -(grad / total_weight)
    else:
        g = -grad
    hit = wrap(coefficients != 0)  # torch writes only the targets' entries: elsewhere +0, never -0
    return where(hit, wrap(coefficients) * g, 0.0)


class NllLoss(Op):
    """result = -self[i, target[i]] * weight[target[i]], summed or averaged over the rows (ignored rows skipped)"""

    node_name = "NllLossBackward0"
    formula = {"self": "nll_loss_backward(grad, self, target, weight, reduction, ignore_index, total_weight)"}
    saved_names = ("self", "target", "weight", "total_weight")
    saved_values = {"ignore_index": "saved_ignore_index", "reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, *, target, weight, reduction, ignore_index):
        ctx.target, ctx.weight, ctx.reduction, ctx.ignore_index = target, weight, reduction, ignore_index
        ctx.saved_ignore_index = as_saved_int(ignore_index)
        x = a._data.reshape(-1, a.shape[-1])
        dtype = x.dtype.type
        t = target._data.reshape(-1)
        kept = np.flatnonzero(t != ignore_index)
        bad = t[kept][(t[kept] < 0) | (t[kept] >= a.shape[-1])]
        if bad.size:
            raise IndexError(f"Target {int(bad[0])} is out of bounds.")
        picked = x[kept, t[kept]]
        w = None if weight is None else weight._data[t[kept]]
        terms = picked if w is None else (picked * w).astype(x.dtype)
        if reduction == 0 and a.ndim == 2:
            out = np.zeros(len(t), x.dtype)
            out[kept] = -terms
            total = dtype(0)
        else:
            total = dtype(len(kept)) if w is None else cascade_sum(w, kept)
            out = -cascade_sum(terms, kept)
            if reduction == 1:
                with np.errstate(invalid="ignore", divide="ignore"):
                    out = dtype(out / total)
        ctx.total_weight = wrap(np.asarray(total, dtype=x.dtype))
        ctx._save((a, target, weight, ctx.total_weight))
        return wrap(np.asarray(out, dtype=x.dtype))

    @staticmethod
    def backward(ctx, grad):
        a, target, weight, total_weight = ctx._unpack()
        return (nll_loss_backward(grad, a, target, weight, ctx.reduction, ctx.ignore_index, total_weight),)


def _check_weight(weight, n_classes, input, prefix=""):
    if weight is None:
        return
    if weight.ndim != 1 or weight.numel() != n_classes:
        raise RuntimeError(
            f"{prefix}weight tensor should be defined either for all {n_classes} classes or no classes but got "
            f"weight tensor of shape: [{', '.join(map(str, weight.shape))}]"
        )
    if weight.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {weight.dtype.scalar_name}")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.nll_loss``: the negative log-likelihood of ``target``'s classes in
    ``input`` (log-probabilities, ``(C,)`` or ``(N, C)``), with torch's ``weight``, ``ignore_index`` and
    ``reduction`` and its checks; recorded as NllLossBackward0."""
    code = reduction_code(reduction)
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    if input.ndim > 2:
        raise NotImplementedError("minigrad's nll_loss and cross_entropy take (C,) or (N, C) input")
    if input.ndim == 1 and target.ndim == 1 and target.shape[0] != 1:
        raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: {target.shape[0]}")
    if input.ndim == 2 and input.shape[0] != (target.shape[0] if target.ndim else 0):
        raise ValueError(
            f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
            f"({target.shape[0] if target.ndim else 0})."
        )
    if target.dtype.name not in ("int64", "uint8"):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {target.dtype.scalar_name}")
    if target.ndim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"nll_loss_out_frame\" not implemented for '{input.dtype.scalar_name}'")
    _check_weight(weight, input.shape[-1], input)
    return NllLoss.apply(input, target=target, weight=weight, reduction=code, ignore_index=ignore_index)


def cross_entropy(
    input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
    label_smoothing=0.0,
):
    """Mirror ``torch.nn.functional.cross_entropy``: ``nll_loss(log_softmax(input, 1), target)`` for class
    indices; for class probabilities (``target`` shaped like ``input``) ``-(log_softmax(input) * target)``
    summed over classes; with ``label_smoothing``, the graph torch records for it."""
    code = reduction_code(reduction)
    class_dim = 0 if input.ndim == 1 else 1
    if input.shape == target.shape:
        if not target.dtype.is_floating_point:
            raise RuntimeError(
                f"Expected floating point type for target with class probabilities, got {target.dtype.scalar_name}"
            )
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        return _cross_entropy_probabilities(input, target, weight, code, label_smoothing, class_dim)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
        return _cross_entropy_smoothed(input, target, weight, reduction, ignore_index, label_smoothing, class_dim)
    return nll_loss(_log_softmax(input, class_dim), target, weight, ignore_index=ignore_index, reduction=reduction)


def _log_softmax(input, class_dim):
    if input.ndim == 0:
        raise ValueError("Expected 1 or more dimensions (got 0)")
    return SM.LogSoftmax.apply(input, dim=class_dim)


def _class_weights(weight, input, class_dim):
    """``weight`` shaped to broadcast against ``input`` along the class dim."""
    return weight.reshape([-1 if d == class_dim else 1 for d in range(input.ndim)])


def _cross_entropy_probabilities(input, target, weight, code, label_smoothing, class_dim):
    n_classes = input.shape[class_dim] if input.ndim else 1
    if weight is not None and (weight.ndim != 1 or weight.numel() != n_classes):
        _check_weight(weight, n_classes, input, "cross_entropy: ")
    logp = _log_softmax(input, class_dim)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
        target = target * (1 - label_smoothing) + label_smoothing / n_classes
    terms = logp * target
    if weight is not None:
        terms = terms * _class_weights(weight, input, class_dim)
    if code == 0:
        return -terms.sum(class_dim)
    if code == 2:
        return -terms.sum()
    return DivScalar.apply(-terms.sum(), other=input.numel() // n_classes)


def _cross_entropy_smoothed(input, target, weight, reduction, ignore_index, label_smoothing, class_dim):
    logp = _log_softmax(input, class_dim)
    nll = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    n_classes = logp.shape[class_dim]
    if weight is not None:
        smooth = -(logp * _class_weights(weight, logp, class_dim)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    ignored = target == ignore_index
    smooth = smooth.masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = target._data[~ignored._data]
        if weight is not None:
            denominator = wrap(np.asarray(weight._data[kept].sum(dtype=weight._data.dtype)))
        else:
            denominator = wrap(np.asarray(kept.size, dtype=np.int64))
        smooth = smooth.sum() / denominator
    elif reduction == "sum":
        smooth = smooth.sum()
    return MulScalar.apply(nll, other=1 - label_smoothing) + MulScalar.apply(smooth, other=label_smoothing / n_classes)


def binary_cross_entropy_backward(grad, self, target, weight, reduction):
    """torch's ``binary_cross_entropy_backward``: ``grad * (self - target) / max((1 - self) * self, 1e-12)``,
    times ``weight``, divided by the number of elements for the mean."""
    g = grad * (self - target) / ((1 - self) * self).clamp(min=1e-12)
    if weight is not None:
        g = g * weight
    return g / self.numel() if reduction == 1 else g


def binary_cross_entropy_target_backward(grad, self, target, weight, reduction):
    """torch's ``binary_cross_entropy_target_backward``: ``-logit(self) * grad`` (times ``weight``, averaged)."""
    g = -((self / (1 - self)).log()) * grad
    if weight is not None:
        g = g * weight
    return g / target.numel() if reduction == 1 else g


def _reduce(loss, reduction, dtype):
    if reduction == 1:
        return np.asarray(loss.mean(), dtype=dtype)
    if reduction == 2:
        return np.asarray(loss.sum(), dtype=dtype)
    return loss


class BinaryCrossEntropy(Op):
    """result = -weight * (target * log(self) + (1 - target) * log(1 - self)), each log at least -100"""

    node_name = "BinaryCrossEntropyBackward0"
    formula = {
        "self": "binary_cross_entropy_backward(grad, self, target, weight, reduction)",
        "target": "binary_cross_entropy_target_backward(grad, self, target, weight, reduction)",
    }
    saved_names, saved_values = ("self", "target", "weight"), {"reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, target, *, weight, reduction):
        x, t = a._data, target._data
        if np.any(~((x >= 0) & (x <= 1))):
            raise RuntimeError("all elements of input should be between 0 and 1")
        if np.any(~((t >= 0) & (t <= 1))):
            raise RuntimeError("all elements of target should be between 0 and 1")
        ctx.weight, ctx.reduction = weight, reduction
        one = x.dtype.type(1)
        with np.errstate(divide="ignore"):
            loss = (t - one) * np.maximum(np.log1p(-x), -100) - t * np.maximum(np.log(x), -100)
        if weight is not None:
            loss = loss * weight._data
        ctx._save((a, target, weight))
        return wrap(_reduce(loss.astype(x.dtype, copy=False), reduction, x.dtype))

    @staticmethod
    def backward(ctx, grad):
        a, target, weight = ctx._unpack()
        da, dt = ctx._needs()
        return (
            binary_cross_entropy_backward(grad, a, target, weight, ctx.reduction) if da else None,
            binary_cross_entropy_target_backward(grad, a, target, weight, ctx.reduction) if dt else None,
        )


def binary_cross_entropy_with_logits_backward(grad, self, target, weight, pos_weight, reduction):
    """torch's ``binary_cross_entropy_with_logits_backward``: ``(sigmoid(self) - target) * grad`` (with
    ``pos_weight``: ``((pos_weight * target + 1 - target) * sigmoid(self) - pos_weight * target) * grad``),
    times ``weight``, divided by the number of elements for the mean."""
    if pos_weight is not None:
        t = pos_weight * target
        g = (t + 1 - target) * self.sigmoid() - t
    else:
        g = self.sigmoid() - target
    g = g * grad
    if weight is not None:
        g = g * weight
    return g / self.numel() if reduction == 1 else g


def binary_cross_entropy_with_logits_target_backward(grad, self, target, weight, pos_weight, reduction):
    """torch's target gradient: ``-self * grad`` (with ``pos_weight``:
    ``(log_sigmoid(-self) - pos_weight * log_sigmoid(self)) * grad``), times ``weight``, averaged."""
    if pos_weight is not None:
        g = ((-self).sigmoid().log() - self.sigmoid().log() * pos_weight) * grad
    else:
        g = -self * grad
    if weight is not None:
        g = g * weight
    return g / target.numel() if reduction == 1 else g


class BinaryCrossEntropyWithLogits(Op):
    """result = (1 - target) * self - log_sigmoid(self) (log_sigmoid times 1 + (pos_weight - 1) * target)"""

    node_name = "BinaryCrossEntropyWithLogitsBackward0"
    formula = {
        "self": "binary_cross_entropy_with_logits_backward(grad, self, target, weight, pos_weight, reduction)",
        "target": "binary_cross_entropy_with_logits_target_backward(grad, self, target, weight, pos_weight, "
        "reduction)",
    }
    saved_names = ("self", "target", "weight", "pos_weight")
    saved_values = {"reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, target, *, weight, pos_weight, reduction):
        ctx.weight, ctx.pos_weight, ctx.reduction = weight, pos_weight, reduction
        x, t = a._data, target._data
        one = x.dtype.type(1)
        log_sigmoid = (np.minimum(x, 0) - np.log1p(np.exp(-np.abs(x)))).astype(x.dtype, copy=False)
        if pos_weight is not None:
            log_sigmoid = log_sigmoid * ((pos_weight._data - one) * t + one)
        loss = (one - t) * x - log_sigmoid
        if weight is not None:
            loss = loss * weight._data
        ctx._save((a, target, weight, pos_weight))
        return wrap(_reduce(loss.astype(x.dtype, copy=False), reduction, x.dtype))

    @staticmethod
    def backward(ctx, grad):
        a, target, weight, pos_weight = ctx._unpack()
        da, dt = ctx._needs()
        args = (grad, a, target, weight, pos_weight, ctx.reduction)
        return (
            binary_cross_entropy_with_logits_backward(*args) if da else None,
            binary_cross_entropy_with_logits_target_backward(*args) if dt else None,
        )


def _check_float_target(input, target):
    if target.dtype is not input.dtype:
        raise RuntimeError(f"Found dtype {target.dtype.scalar_name} but expected {input.dtype.scalar_name}")


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.binary_cross_entropy``: ``-(t * log(x) + (1 - t) * log(1 - x))`` for
    probabilities ``x`` (each log clamped at -100, as torch does), optionally weighted; recorded as
    BinaryCrossEntropyBackward0."""
    code = reduction_code(reduction)
    if target.shape != input.shape:
        raise ValueError(
            f"Using a target size ({target.shape}) that is different to the input size ({input.shape}) is "
            "deprecated. Please ensure they have the same size."
        )
    _check_float_target(input, target)
    if weight is not None and weight.shape != input.shape:
        weight = weight.expand(*input.shape)
    return BinaryCrossEntropy.apply(input, target, weight=weight, reduction=code)


def binary_cross_entropy_with_logits(
    input, target, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None
):
    """Mirror ``torch.nn.functional.binary_cross_entropy_with_logits``: binary cross-entropy of
    ``sigmoid(input)``, computed stably from the logits, with ``weight`` and ``pos_weight``; recorded as
    BinaryCrossEntropyWithLogitsBackward0."""
    code = reduction_code(reduction)
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")
    if not target.dtype.is_floating_point:
        raise RuntimeError(f"result type {input.dtype.scalar_name} can't be cast to the desired output type "
                           f"{target.dtype.scalar_name}")
    return BinaryCrossEntropyWithLogits.apply(input, target, weight=weight, pos_weight=pos_weight, reduction=code)
