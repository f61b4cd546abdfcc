"""The loss ops: ``NllLoss`` and ``NllLoss2d`` (NllLossBackward0, NllLoss2DBackward0, with torch's order of
summation), ``BinaryCrossEntropy`` and ``BinaryCrossEntropyWithLogits``, each with the derivative functions its
formula names. The functions that call them, with torch's checks, are in :mod:`minigrad.nn.losses`."""

import numpy as np

from ..autograd import grad_mode
from ..dtypes import from_numpy_dtype, result_type
from ..ops._util import as_saved_int, mean_of, wrap
from ..ops.activations import LogSigmoid
from ..ops.carriers import ARRAYS, TENSORS
from ..ops.elementwise import AddScalar, DivScalar
from ..ops.op import Op


def _ceil_log2(n):
    return int(n - 1).bit_length() if n > 1 else 0


def cascade_sum(values, rows=None):
    """Sum ``values`` (one per row in ``rows``, in order; None: rows 0 to n - 1) as torch's CPU ``nll_loss`` does,
    bit for bit: terms go one by one into an accumulator that is added to the level above at every 16th row
    (ignored rows skipped), that one to the next at every 256th, and so on up to eight levels, which are added up
    at the end. Returns a scalar of ``values``' dtype.

    Level by level rather than row by row: the runs of terms that one level adds between two carries are added
    in one ``cumsum`` (:func:`_run_sums`), and the sums it carries up are the next level's terms. Row 0 goes to the
    top level at once (it is alone in its run at every level)."""
    if rows is None:
        if 0 < len(values) <= 256:
            return _every_row_sum(values)
        rows = np.arange(len(values))
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


def _every_row_sum(values):
    """:func:`cascade_sum` of 1 to 256 rows, none ignored (a training batch), in fewer numpy calls: the same
    additions in the same order. Rows 1 to n - 1 fill level 0's runs of 16 (the last one partial, or empty); the
    full runs' sums are level 1's terms, fewer than 16, so added in one run; row 0 is alone at the top."""
    zero = values.dtype.type(0)
    full = (len(values) - 1) // 16
    padded = np.zeros((full + 1) * 16, values.dtype)
    padded[: len(values) - 1] = values[1:]
    sums = padded.reshape(-1, 16).cumsum(axis=1)[:, -1] + zero  # + 0 as the accumulator's start: never -0
    total = zero + sums[-1]
    if full:
        total = total + (sums[:-1].cumsum()[-1] + zero)
    return total + (zero + values[0])


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
    if F is ARRAYS and weight is None and last and reduction and grad.dtype == x.dtype:  # each coefficient 1
        moved.reshape(-1, moved.shape[-1])[rows, t[rows]] = -(grad / total_weight) if reduction == 1 else -grad
        return moved  # the where() below would give the same: 1 * g at the targets, +0 elsewhere
    w = np.ones(moved.shape[-1], moved.dtype) if weight is None else ARRAYS.value(weight)
    moved.reshape(-1, moved.shape[-1])[rows, t[rows]] = w[t[rows]]
    coefficients = moved if last else np.ascontiguousarray(np.moveaxis(moved, -1, class_dim))  # C-order, as torch
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
    saved_ignore_index = property(lambda node: as_saved_int(node.ignore_index))  # read only when shown

    @staticmethod
    def forward(ctx, a, *, target, weight, reduction, ignore_index):
        ctx.target, ctx.weight, ctx.reduction, ctx.ignore_index = target, weight, reduction, ignore_index
        x = a._data.reshape(-1, a._data.shape[-1])
        out, total = _nll_rows(x, target._data.reshape(-1), weight, reduction, ignore_index, per_row=a.ndim == 2)
        ctx.total_weight = wrap(np.asarray(total, dtype=x.dtype))
        ctx._save((a, target, weight, ctx.total_weight))
        return wrap(np.asarray(out, dtype=x.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        a, target, weight, total_weight = ctx._values(F)
        if F is ARRAYS:
            return (nll_loss_backward(grads[0], a, target, weight, ctx.reduction, ctx.ignore_index, total_weight, F),)
        return (NllLossBackward.apply(grads[0], a, **_nll_params(ctx, target, weight, total_weight)),)


def _nll_params(ctx, target, weight, total_weight):
    return {"target": target, "weight": weight, "reduction": ctx.reduction, "ignore_index": ctx.ignore_index,
            "total_weight": total_weight}  # fmt: skip


class NllLoss2d(NllLoss):
    """result = -self[n, target[n, h, w], h, w] * weight[...], summed or averaged over every position (ignored
    ones skipped), in the order torch's ``nll_loss2d`` adds them; ``reduction='none'`` keeps the target's shape"""

    node_name = "NllLoss2DBackward0"
    formula = {"self": "nll_loss2d_backward(grad, self, target, weight, reduction, ignore_index, total_weight)"}

    @staticmethod
    def forward(ctx, a, *, target, weight, reduction, ignore_index):
        ctx.target, ctx.weight, ctx.reduction, ctx.ignore_index = target, weight, reduction, ignore_index
        x = np.moveaxis(a._data, 1, -1).reshape(-1, a.shape[1])  # row by row in (n, h, w) order, as torch's loop
        out, total = _nll_rows(x, target._data.reshape(-1), weight, reduction, ignore_index, per_row=True)
        ctx.total_weight = wrap(np.asarray(total, dtype=x.dtype))
        ctx._save((a, target, weight, ctx.total_weight))
        out = np.asarray(out, dtype=x.dtype)
        return wrap(out.reshape(target.shape) if reduction == 0 else out)

    @staticmethod
    def backward(ctx, grads, F):
        a, target, weight, total_weight = ctx._values(F)
        if F is ARRAYS:
            return (nll_loss2d_backward(grads[0], a, target, weight, ctx.reduction, ctx.ignore_index, total_weight,
                                        F),)  # fmt: skip
        return (NllLoss2dBackward.apply(grads[0], a, **_nll_params(ctx, target, weight, total_weight)),)


class NllLossBackward(Op):
    """result = nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight): the
    gradient of ``nll_loss``, recorded as one node under ``create_graph=True`` as torch records it (linear in
    ``grad_output``, constant in ``self``)"""

    node_name = "NllLossBackwardBackward0"
    formula = {"grad_output": "nll_loss_value(grad, target, weight, reduction, ignore_index)",
               "self": "zeros_like(grad)"}  # fmt: skip
    saved_names = ("target", "weight")
    saved_values = {"ignore_index": "saved_ignore_index", "reduction": "reduction"}
    saved_ignore_index = NllLoss.saved_ignore_index
    loss = NllLoss
    gradient = staticmethod(nll_loss_backward)

    @classmethod
    def forward(cls, ctx, grad_output, a, *, target, weight, reduction, ignore_index, total_weight):
        ctx.reduction, ctx.ignore_index = reduction, ignore_index
        ctx.self_shape, ctx.loss = a.shape, cls.loss
        ctx._save((target, weight))
        return wrap(cls.gradient(grad_output._data, a._data, target, weight, reduction, ignore_index,
                                 ARRAYS.value(total_weight), ARRAYS))  # fmt: skip

    @staticmethod
    def backward(ctx, grad):
        d_grad_output, d_self = ctx._needs()
        target, weight = ctx._unpack()
        args = (grad, target, weight, ctx.reduction, ctx.ignore_index)
        return (_nll_value(ctx.loss, *args) if d_grad_output else None,
                grad.new_zeros(ctx.self_shape) if d_self else None)  # fmt: skip


def _nll_value(loss, input, target, weight, reduction, ignore_index):
    return loss.apply(input, target=target, weight=weight, reduction=reduction, ignore_index=ignore_index)


def nll_loss_value(input, target, weight, reduction, ignore_index):
    """torch's ``nll_loss`` with its reduction as a number: the derivative of ``nll_loss_backward`` for its
    ``grad_output``."""
    return _nll_value(NllLoss, input, target, weight, reduction, ignore_index)


def nll_loss2d_value(input, target, weight, reduction, ignore_index):
    """torch's ``nll_loss2d`` with its reduction as a number (``(N, C, H, W)`` input)."""
    return _nll_value(NllLoss2d, input, target, weight, reduction, ignore_index)


class NllLoss2dBackward(NllLossBackward):
    """result = nll_loss2d_backward(grad_output, self, target, weight, reduction, ignore_index, total_weight)"""

    node_name = "NllLoss2DBackwardBackward0"
    formula = {"grad_output": "nll_loss2d_value(grad, target, weight, reduction, ignore_index)",
               "self": "zeros_like(grad)"}  # fmt: skip
    loss = NllLoss2d
    gradient = staticmethod(nll_loss2d_backward)


def _nll_rows(x, t, weight, reduction, ignore_index, per_row):
    """The loss of rows ``x`` (log-probabilities, one row per target in ``t``) and the total weight, as torch's
    kernels compute them: one value per row for ``reduction=0`` when ``per_row``, else the cascaded sum (divided by
    the total weight for the mean)."""
    dtype = x.dtype.type
    if len(t) and not 0 <= ignore_index < x.shape[-1] and t.min() >= 0 and t.max() < x.shape[-1]:
        kept, classes, n = None, t, len(t)  # every row kept (None: all of them, for cascade_sum)
        picked = x[np.arange(n), t]
    else:
        kept = np.flatnonzero(t != ignore_index)
        classes, n = t[kept], len(kept)
        bad = (classes < 0) | (classes >= x.shape[-1])
        if bad.any():
            raise IndexError(f"Target {int(classes[bad][0])} is out of bounds.")
        picked = x[kept, classes]
    w = None if weight is None else weight._data[classes]
    terms = picked if w is None else (picked * w).astype(x.dtype)
    if reduction == 0 and per_row:
        out = np.zeros(len(t), x.dtype)
        out[slice(None) if kept is None else kept] = -terms
        return out, dtype(0)
    total = dtype(n) if w is None else cascade_sum(w, kept)
    out = -cascade_sum(terms, kept) + dtype(0)  # torch sums the negated terms from +0: a zero loss is 0.
    if reduction == 1 and 0 < abs(total) < np.inf:
        out = dtype(out / total)
    elif reduction == 1:  # a total weight of 0 or inf: nan, as torch gives, without numpy's warning
        with np.errstate(invalid="ignore", divide="ignore"):
            out = dtype(out / total)
    return out, total


def binary_cross_entropy_backward(grad, self, target, weight, reduction, F=TENSORS):
    """torch's ``binary_cross_entropy_backward`` kernel: ``grad * (self - target) / max((1 - self) * self, 1e-12)``,
    times ``weight``, divided by the number of elements for the mean (under ``create_graph``: one
    BinaryCrossEntropyBackwardBackward0 node)."""
    if F is not ARRAYS:
        return BinaryCrossEntropyBackward.apply(grad, self, target, weight=weight, reduction=reduction)
    with np.errstate(invalid="ignore", divide="ignore"):
        g = grad * (self - target) / np.maximum((1 - self) * self, 1e-12)
    if weight is not None:
        g = g * weight
    return np.asarray(g / self.size if reduction == 1 else g, self.dtype)


def binary_cross_entropy_target_backward(grad, self, target, weight, reduction):
    """torch's ``binary_cross_entropy_target_backward``: ``-logit(self) * grad`` (times ``weight``, divided by the
    number of elements for the mean: in place in torch, DivBackward1)."""
    g = self.logit().neg() * grad
    if weight is not None:
        g = g * weight
    return DivScalar.apply(g, other=target.numel()) if reduction == 1 else g


def binary_cross_entropy_double_backward(grad_output, grad, self, target, weight, reduction):
    """torch's ``binary_cross_entropy_double_backward``: the derivative of the input's gradient for the input,
    ``(self**2 - 2 self target + target) / ((self + eps)**2 (1 - self + eps)**2) * grad * grad_output``."""
    eps = 1e-12
    g = (self * self - 2 * self * target + target) / ((self + eps).pow(2) * (1 - self + eps).pow(2))
    g = g * (grad * grad_output)
    if weight is not None:
        g = g * weight
    return g / self.numel() if reduction == 1 else g


def binary_cross_entropy_double_backward_grad_output(grad, self, target, weight, reduction):
    """torch's ``binary_cross_entropy_double_backward_grad_output``: ``(self - target) / ((self + eps) (1 - self +
    eps)) * grad`` (times ``weight``), summed unless ``reduction`` is none (and divided for the mean)."""
    eps = 1e-12
    g = (self - target) / ((self + eps) * (1 - self + eps)) * grad
    if weight is not None:
        g = g * weight
    if reduction == 1:
        return g.sum() / self.numel()
    return g.sum() if reduction == 2 else g


def binary_cross_entropy_double_backward_target(grad, grad_output, self, target, weight, reduction):
    """torch's ``binary_cross_entropy_double_backward_target``: ``-grad * grad_output`` (times ``weight``) over
    ``max((1 - self) self, 1e-12)`` (clamped outside the graph), divided by the number of elements for the mean."""
    g = -grad * grad_output
    if weight is not None:
        g = g * weight
    denominator = (1 - self) * self
    with grad_mode.no_grad():  # torch clamps in place outside the graph: the derivative is the unclamped one's
        denominator.clamp_(min=1e-12)
    g = g / denominator
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
    def backward(ctx, grads, F):
        a, target, weight = ctx._values(F)
        da, dt = ctx._needs()
        return (
            binary_cross_entropy_backward(grads[0], a, target, weight, ctx.reduction, F) if da else None,
            _target_gradient(grads[0], a, target, weight, ctx.reduction, F) if dt else None,
        )


def _target_gradient(grad, self, target, weight, reduction, F):
    if F is not ARRAYS:
        return binary_cross_entropy_target_backward(grad, self, target, weight, reduction)
    with grad_mode.no_grad():  # the same ops as on Tensors, so that both carriers give the same bits
        wrapped = [None if v is None else wrap(np.asarray(v)) for v in (grad, self, target, weight)]
        return binary_cross_entropy_target_backward(*wrapped, reduction)._data


class BinaryCrossEntropyBackward(Op):
    """result = binary_cross_entropy_backward(grad_output, self, target, weight, reduction): the input's gradient of
    ``binary_cross_entropy``, recorded as one node under ``create_graph=True`` as torch records it"""

    node_name = "BinaryCrossEntropyBackwardBackward0"
    formula = {
        "grad_output": "binary_cross_entropy_double_backward_grad_output(grad, self, target, weight, reduction)",
        "self": "binary_cross_entropy_double_backward(grad_output, grad, self, target, weight, reduction)",
        "target": "binary_cross_entropy_double_backward_target(grad, grad_output, self, target, weight, reduction)",
    }
    saved_names = ("grad_output", "self", "target", "weight")
    saved_values = {"reduction": "reduction"}

    @staticmethod
    def forward(ctx, grad_output, a, target, *, weight, reduction):
        ctx.reduction = reduction
        ctx._save((grad_output, a, target, weight))
        values = [None if v is None else v._data for v in (grad_output, a, target, weight)]
        return wrap(binary_cross_entropy_backward(*values, reduction, ARRAYS))

    @staticmethod
    def backward(ctx, grad):
        grad_output, a, target, weight = ctx._unpack()
        d_grad_output, d_self, d_target = ctx._needs()
        args = (a, target, weight, ctx.reduction)
        return (
            binary_cross_entropy_double_backward_grad_output(grad, *args) if d_grad_output else None,
            binary_cross_entropy_double_backward(grad_output, grad, *args) if d_self else None,
            binary_cross_entropy_double_backward_target(grad, grad_output, *args) if d_target else None,
        )


def binary_cross_entropy_with_logits_backward(grad, self, target, weight, pos_weight, reduction):
    """torch's ``binary_cross_entropy_with_logits_backward``: ``(sigmoid(self) - target) * grad`` (with
    ``pos_weight``: ``((pos_weight * target + 1 - target) * sigmoid(self) - pos_weight * target) * grad``),
    times ``weight``, divided by the number of elements for the mean."""
    if pos_weight is not None:
        t = pos_weight * target
        g = (AddScalar.apply(t, other=1) - target) * self.sigmoid() - t  # C++'s t.add(1): AddBackward1
    else:
        g = self.sigmoid() - target
    g = g * grad
    if weight is not None:
        g = g * weight
    return DivScalar.apply(g, other=self.numel()) if reduction == 1 else g  # torch's div_: DivBackward1


def binary_cross_entropy_with_logits_target_backward(grad, self, target, weight, pos_weight, reduction):
    """torch's target gradient: ``-self * grad`` (with ``pos_weight``:
    ``(log_sigmoid(-self) - pos_weight * log_sigmoid(self)) * grad``), times ``weight``, averaged."""
    if pos_weight is not None:
        g = (LogSigmoid.apply(-self) - LogSigmoid.apply(self) * pos_weight) * grad
    else:
        g = -self * grad
    if weight is not None:
        g = g * weight
    return DivScalar.apply(g, other=target.numel()) if reduction == 1 else g


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
        if F is not ARRAYS:  # create_graph: torch's one node per gradient
            params = {"reduction": ctx.reduction, "limit": ctx.beta}
            return (SmoothL1LossBackward.apply(grads[0], a, target, **params) if da else None,
                    SmoothL1LossBackward.apply(grads[0], target, a, **params) if dt else None)  # fmt: skip
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
        if F is not ARRAYS:  # create_graph: torch's one node per gradient
            params = {"reduction": ctx.reduction, "limit": ctx.delta}
            return (HuberLossBackward.apply(grads[0], a, target, **params) if da else None,
                    HuberLossBackward.apply(grads[0], target, a, **params) if dt else None)  # fmt: skip
        args = (ctx.reduction, ctx.delta, F)
        return (huber_loss_backward(grads[0], a, target, *args) if da else None,
                huber_loss_backward(grads[0], target, a, *args) if dt else None)


def smooth_l1_loss_double_backward(grad, self, target, reduction, beta):
    """torch's ``smooth_l1_loss_double_backward``: ``grad / beta`` where ``|self - target| < beta``, else 0 (zeros
    for ``beta == 0``), divided by the number of elements for the mean."""
    if beta == 0:
        return grad.new_zeros(grad.shape)
    g = grad * ((self - target).abs() < beta).type_as(grad) / beta
    return g / self.numel() if reduction == 1 else g


def huber_loss_double_backward(grad, self, target, reduction, delta):
    """torch's ``huber_loss_double_backward``: ``grad`` where ``|self - target| < delta``, else 0, divided by the
    number of elements for the mean."""
    g = grad * ((self - target).abs() < delta)
    return g / self.numel() if reduction == 1 else g


def huber_loss_double_backward_grad_output(grad, grad_output, self, target, reduction, delta):
    """torch's ``huber_loss_double_backward_grad_output``: ``huber_loss_backward`` of ``grad`` (reduced: of ones,
    times ``grad``, summed)."""
    if reduction == 0:
        return HuberLossBackward.apply(grad, self, target, reduction=reduction, limit=delta)
    ones = grad_output.new_ones(grad_output.shape)
    return (HuberLossBackward.apply(ones, self, target, reduction=reduction, limit=delta) * grad).sum()


class _PiecewiseLossBackward(Op):
    """The gradient of a loss that is quadratic within ``limit`` of the target and linear beyond, recorded as one node
    under ``create_graph=True`` as torch records it; a subclass names its first- and second-order functions."""

    saved_names = ("grad_output", "self", "target")

    @classmethod
    def forward(cls, ctx, grad_output, a, target, *, reduction, limit):
        ctx.reduction, ctx.limit = reduction, limit
        setattr(ctx, cls.limit_name, limit)  # beta or delta, as the formulas name it
        ctx._save((grad_output, a, target))
        return wrap(np.asarray(cls.first_order(grad_output._data, a._data, target._data, reduction, limit, ARRAYS),
                               a._data.dtype))  # fmt: skip

    @staticmethod
    def backward(ctx, grad):
        grad_output, a, target = ctx._unpack()
        d_grad_output, d_self, d_target = ctx._needs()
        op = type(ctx).__mro__[1]  # the op class (the node's type derives from it)
        second = op.second_order(grad * grad_output, a, target, ctx.reduction, ctx.limit) if d_self or d_target else 0
        return (op.grad_output_gradient(grad, grad_output, a, target, ctx.reduction, ctx.limit) if d_grad_output
                else None, second if d_self else None, -second if d_target else None)  # fmt: skip


class SmoothL1LossBackward(_PiecewiseLossBackward):
    """result = smooth_l1_loss_backward(grad_output, self, target, reduction, beta)"""

    node_name = "SmoothL1LossBackwardBackward0"
    formula = {
        "grad_output": "smooth_l1_loss_backward(grad, self, target, reduction, beta)",
        "self": "smooth_l1_loss_double_backward(grad * grad_output, self, target, reduction, beta)",
        "target": "-smooth_l1_loss_double_backward(grad * grad_output, self, target, reduction, beta)",
    }
    saved_values = {"beta": "limit", "reduction": "reduction"}
    limit_name = "beta"
    first_order = staticmethod(smooth_l1_loss_backward)
    second_order = staticmethod(smooth_l1_loss_double_backward)

    @staticmethod
    def grad_output_gradient(grad, grad_output, a, target, reduction, beta):
        return SmoothL1LossBackward.apply(grad, a, target, reduction=reduction, limit=beta)


class HuberLossBackward(_PiecewiseLossBackward):
    """result = huber_loss_backward(grad_output, self, target, reduction, delta)"""

    node_name = "HuberLossBackwardBackward0"
    formula = {
        "grad_output": "huber_loss_double_backward_grad_output(grad, grad_output, self, target, reduction, delta)",
        "self": "huber_loss_double_backward(grad * grad_output, self, target, reduction, delta)",
        "target": "-huber_loss_double_backward(grad * grad_output, self, target, reduction, delta)",
    }
    saved_values = {"delta": "limit", "reduction": "reduction"}
    limit_name = "delta"
    first_order = staticmethod(huber_loss_backward)
    second_order = staticmethod(huber_loss_double_backward)
    grad_output_gradient = staticmethod(huber_loss_double_backward_grad_output)
