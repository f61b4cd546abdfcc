"""The loss ops: ``NllLoss`` and ``NllLoss2d`` (NllLossBackward0, NllLoss2DBackward0, with torch's order of
summation), ``BinaryCrossEntropy`` and ``BinaryCrossEntropyWithLogits``, each with the derivative functions its
formula names. The functions that call them, with torch's checks, are in :mod:`minigrad.nn.losses`."""

import numpy as np

from ..dtypes import from_numpy_dtype, result_type
from ..ops._util import as_saved_int, mean_of, wrap
from ..ops.carriers import ARRAYS, TENSORS
from ..ops.op import Op


def _ceil_log2(n):
    return int(n - 1).bit_length() if n > 1 else 0


def cascade_sum(values, rows):
    """Sum ``values`` (one per row in ``rows``, in order) as torch's CPU ``nll_loss`` does, bit for bit: terms
    go one by one into an accumulator that is added to the level above at every 16th row (ignored rows skipped),
    that one to the next at every 256th, and so on up to eight levels, which are added up at the end. Returns a
    scalar of ``values``' dtype.

    Level by level rather than row by row: the runs of terms that one level adds between two carries are added
    in one ``cumsum`` (:func:`_run_sums`), and the sums it carries up are the next level's terms. Row 0 goes to the
    top level at once (it is alone in its run at every level)."""
    n = len(rows)
    power = max(4, _ceil_log2(n) // 8) if n else 4
    every_row = n and rows[0] == 0 and rows[-1] == n - 1  # nothing ignored: runs of 2 ** power at every level
    first = 1 if n and rows[0] == 0 else 0
    top, terms, rows = values[:first], values[first:], rows[first:]
    total = values.dtype.type(0)
    for j in range(7):
        if not len(terms):
            break
        ends = None if every_row else np.flatnonzero((rows & (((1 << power) - 1) << (j * power))) == 0)
        sums = _run_sums(terms, ends, 1 << power)
        total = total + sums[-1]  # this level's last run, never carried
        terms, rows = sums[:-1], None if every_row else rows[ends]
    return total + np.concatenate([np.zeros(1, values.dtype), top, terms]).cumsum()[-1]


def _run_sums(values, ends, width):
    """The sums of the runs of ``values`` that end at each of ``ends`` (at every ``width`` terms if None) and of
    the run after the last one, each added in order from 0, as an accumulator adds them (an empty run gives 0).
    The runs are the rows of one array, padded with zeros, so that one ``cumsum`` adds them all."""
    zero = values.dtype.type(0)
    if ends is None:
        padded = np.zeros((len(values) // width + 1) * width, values.dtype)
        padded[: len(values)] = values
        return padded.reshape(-1, width).cumsum(axis=1)[:, -1] + zero  # + 0 as the accumulator's start: never -0
    starts = np.append(0, ends + 1)
    lengths = np.append(ends + 1, len(values)) - starts
    padded = np.zeros((len(starts), int(lengths.max()) + 1), values.dtype)  # right-aligned after a 0
    run = np.repeat(np.arange(len(starts)), lengths)
    padded[run, np.arange(len(values)) + (padded.shape[1] - lengths - starts)[run]] = values
    return padded.cumsum(axis=1)[:, -1]


def nll_loss_backward(grad, self, target, weight, reduction, ignore_index, total_weight, F=TENSORS):
    """torch's ``nll_loss_backward``: ``-weight[target] * grad`` (divided by the total weight for the mean) at
    each row's target, 0 elsewhere and on ignored rows; on the carrier ``F`` (Tensors or arrays)."""
    return _nll_backward(grad, self, target, weight, reduction, ignore_index, total_weight, F, class_dim=-1)


def nll_loss2d_backward(grad, self, target, weight, reduction, ignore_index, total_weight, F=TENSORS):
    """torch's ``nll_loss2d_backward``: as :func:`nll_loss_backward`, for ``(N, C, H, W)`` log-probabilities (the
    classes along dim 1) and ``(N, H, W)`` targets."""
    return _nll_backward(grad, self, target, weight, reduction, ignore_index, total_weight, F, class_dim=1)


def _nll_backward(grad, self, target, weight, reduction, ignore_index, total_weight, F, class_dim):
    x = ARRAYS.value(self)
    last = class_dim in (-1, x.ndim - 1)  # (C,) or (N, C): no dims to move (moveaxis costs microseconds)
    moved = np.zeros(x.shape if last else np.moveaxis(x, class_dim, -1).shape, dtype=x.dtype)  # the classes last
    t = ARRAYS.value(target).reshape(-1)
    rows = np.flatnonzero(t != ignore_index)
    w = np.ones(moved.shape[-1], moved.dtype) if weight is None else ARRAYS.value(weight)
    moved.reshape(-1, moved.shape[-1])[rows, t[rows]] = w[t[rows]]
    coefficients = moved if last else np.moveaxis(moved, -1, class_dim)
    if reduction == 0 and x.ndim >= 2:
        g = -F.unsqueeze(grad, class_dim if class_dim >= 0 else x.ndim + class_dim)
    elif reduction == 1:
        g = -(grad / total_weight)
    else:
        g = -grad
    hit = F.constant(coefficients != 0)  # torch writes only the targets' entries: elsewhere +0, never -0
    return F.where(hit, F.constant(coefficients) * g, 0.0)


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
        x = a._data.reshape(-1, a._data.shape[-1])
        out, total = _nll_rows(x, target._data.reshape(-1), weight, reduction, ignore_index, per_row=a.ndim == 2)
        ctx.total_weight = wrap(np.asarray(total, dtype=x.dtype))
        ctx._save((a, target, weight, ctx.total_weight))
        return wrap(np.asarray(out, dtype=x.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        a, target, weight, total_weight = ctx._values(F)
        return (nll_loss_backward(grads[0], a, target, weight, ctx.reduction, ctx.ignore_index, total_weight, F),)


class NllLoss2d(NllLoss):
    """result = -self[n, target[n, h, w], h, w] * weight[...], summed or averaged over every position (ignored
    ones skipped), in the order torch's ``nll_loss2d`` adds them; ``reduction='none'`` keeps the target's shape"""

    node_name = "NllLoss2DBackward0"
    formula = {"self": "nll_loss2d_backward(grad, self, target, weight, reduction, ignore_index, total_weight)"}

    @staticmethod
    def forward(ctx, a, *, target, weight, reduction, ignore_index):
        ctx.target, ctx.weight, ctx.reduction, ctx.ignore_index = target, weight, reduction, ignore_index
        ctx.saved_ignore_index = as_saved_int(ignore_index)
        x = np.moveaxis(a._data, 1, -1).reshape(-1, a.shape[1])  # row by row in (n, h, w) order, as torch's loop
        out, total = _nll_rows(x, target._data.reshape(-1), weight, reduction, ignore_index, per_row=True)
        ctx.total_weight = wrap(np.asarray(total, dtype=x.dtype))
        ctx._save((a, target, weight, ctx.total_weight))
        out = np.asarray(out, dtype=x.dtype)
        return wrap(out.reshape(target.shape) if reduction == 0 else out)

    @staticmethod
    def backward(ctx, grads, F):
        a, target, weight, total_weight = ctx._values(F)
        return (nll_loss2d_backward(grads[0], a, target, weight, ctx.reduction, ctx.ignore_index, total_weight, F),)


def _nll_rows(x, t, weight, reduction, ignore_index, per_row):
    """The loss of rows ``x`` (log-probabilities, one row per target in ``t``) and the total weight, as torch's
    kernels compute them: one value per row for ``reduction=0`` when ``per_row``, else the cascaded sum (divided by
    the total weight for the mean)."""
    dtype = x.dtype.type
    kept = np.flatnonzero(t != ignore_index)
    classes = t[kept]
    bad = (classes < 0) | (classes >= x.shape[-1])
    if bad.any():
        raise IndexError(f"Target {int(classes[bad][0])} is out of bounds.")
    picked = x[kept, classes]
    w = None if weight is None else weight._data[classes]
    terms = picked if w is None else (picked * w).astype(x.dtype)
    if reduction == 0 and per_row:
        out = np.zeros(len(t), x.dtype)
        out[kept] = -terms
        return out, dtype(0)
    total = dtype(len(kept)) if w is None else cascade_sum(w, kept)
    out = -cascade_sum(terms, kept) + dtype(0)  # torch sums the negated terms from +0: a zero loss is 0.
    if reduction == 1 and 0 < abs(total) < np.inf:
        out = dtype(out / total)
    elif reduction == 1:  # a total weight of 0 or inf: nan, as torch gives, without numpy's warning
        with np.errstate(invalid="ignore", divide="ignore"):
            out = dtype(out / total)
    return out, total


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
        return mean_of(loss).astype(dtype, copy=False)
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
        # torch computes (1 - target).mul_(input).sub_(...): in place, so the loss has the target's dtype
        loss = ((t.dtype.type(1) - t) * x).astype(t.dtype, copy=False) - log_sigmoid
        if weight is not None:
            loss = loss * weight._data
        ctx._save((a, target, weight, pos_weight))
        return wrap(_reduce(loss.astype(t.dtype, copy=False), reduction, t.dtype))

    @staticmethod
    def backward(ctx, grad):
        a, target, weight, pos_weight = ctx._unpack()
        da, dt = ctx._needs()
        args = (grad, a, target, weight, pos_weight, ctx.reduction)
        return (
            binary_cross_entropy_with_logits_backward(*args) if da else None,
            binary_cross_entropy_with_logits_target_backward(*args) if dt else None,
        )


def _scalar_name(x):
    """torch's name of the dtype of ``x`` (an array or a Tensor): ``Float``, ``Long``."""
    dtype = x.dtype
    return dtype.scalar_name if hasattr(dtype, "scalar_name") else from_numpy_dtype(dtype).scalar_name


def _difference_and_norm(self, target, reduction, F):
    """``self - target`` and the factor of a pointwise loss's gradient: 1 / the number of elements for the mean
    (in the arrays' dtype on arrays), else 1."""
    x = self - target
    norm = (1 / (x.size if F is ARRAYS else x.numel())) if reduction == 1 else 1
    return x, (x.dtype.type(norm) if F is ARRAYS else norm)


def smooth_l1_loss_backward(grad, self, target, reduction, beta, F=TENSORS):
    """torch's ``smooth_l1_loss_backward``: ``grad`` (its sign flipped below ``-beta``) outside ``(-beta, beta)``,
    ``x * grad / beta`` inside, ``x = self - target``, divided by the number of elements for the mean."""
    x, norm = _difference_and_norm(self, target, reduction, F)
    return F.where(x <= -beta, -norm * grad, F.where(x >= beta, norm * grad, norm * x * grad / beta))


def huber_loss_backward(grad, self, target, reduction, delta, F=TENSORS):
    """torch's ``huber_loss_backward``: ``grad * delta`` (its sign flipped below ``-delta``) outside
    ``(-delta, delta)``, ``x * grad`` inside, ``x = self - target``, divided by the number of elements for the mean."""
    x, norm = _difference_and_norm(self, target, reduction, F)
    return F.where(x <= -delta, -norm * grad * delta, F.where(x >= delta, norm * grad * delta, norm * x * grad))


class SmoothL1Loss(Op):
    """result = 0.5 * x**2 / beta where |x| < beta, else |x| - 0.5 * beta (x = self - target), reduced"""

    node_name = "SmoothL1LossBackward0"
    formula = {
        "self": "smooth_l1_loss_backward(grad, self, target, reduction, beta)",
        "target": "smooth_l1_loss_backward(grad, target, self, reduction, beta)",
    }
    saved_names, saved_values = ("self", "target"), {"beta": "beta", "reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, target, *, reduction, beta):
        ctx.reduction, ctx.beta = reduction, beta
        ctx._save((a, target))
        dtype = result_type((a, target)).np  # torch's promotion: float32 and int64 give float32
        z = np.abs(a._data.astype(dtype) - target._data.astype(dtype))
        c = dtype.type
        loss = np.where(z < c(beta), c(0.5) * z * z / c(beta), z - c(0.5) * c(beta)).astype(dtype, copy=False)
        return wrap(_reduce(loss, reduction, dtype))

    @staticmethod
    def backward(ctx, grads, F):
        a, target = ctx._values(F)
        da, dt = ctx._needs()
        args = (ctx.reduction, ctx.beta, F)
        return (smooth_l1_loss_backward(grads[0], a, target, *args) if da else None,
                smooth_l1_loss_backward(grads[0], target, a, *args) if dt else None)


class HuberLoss(Op):
    """result = 0.5 * x**2 where |x| < delta, else delta * (|x| - 0.5 * delta) (x = self - target), reduced"""

    node_name = "HuberLossBackward0"
    formula = {
        "self": "huber_loss_backward(grad, self, target, reduction, delta)",
        "target": "huber_loss_backward(grad, target, self, reduction, delta)",
    }
    saved_names, saved_values = ("self", "target"), {"delta": "delta", "reduction": "reduction"}

    @staticmethod
    def forward(ctx, a, target, *, reduction, delta):
        ctx.reduction, ctx.delta = reduction, delta
        ctx._save((a, target))
        dtype = a._data.dtype
        c = dtype.type
        z = np.abs(a._data - target._data.astype(dtype))
        loss = np.where(z < c(delta), c(0.5) * z * z, c(delta) * (z - c(0.5) * c(delta))).astype(dtype, copy=False)
        return wrap(_reduce(loss, reduction, dtype))

    @staticmethod
    def backward(ctx, grads, F):
        a, target = ctx._values(F)
        if target.dtype != a.dtype:  # torch's huber_loss_backward kernel takes one dtype
            raise RuntimeError(f"Found dtype {_scalar_name(target)} but expected {_scalar_name(a)}")
        da, dt = ctx._needs()
        args = (ctx.reduction, ctx.delta, F)
        return (huber_loss_backward(grads[0], a, target, *args) if da else None,
                huber_loss_backward(grads[0], target, a, *args) if dt else None)
