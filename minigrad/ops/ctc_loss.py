"""``CtcLoss``: torch's CPU ``_ctc_loss`` (CtcLossBackward0), the Connectionist Temporal Classification loss of each
batch item, from log-probabilities ``(T, N, C)``; its backward is torch's ``_ctc_loss_backward``.

Both follow ``aten/src/ATen/native/LossCTC.cpp`` step for step, so that the numbers are torch's: the forward
variables ``alpha`` and the backward ones ``beta`` in log space, each step ``log(exp(a - m) + exp(b - m) + exp(c -
m)) + m + log_prob`` rounded in the input's dtype (float32 exp and log computed wider and rounded once, as the C
library's ``expf`` and ``logf`` round), the recursions vectorised over the batch and the extended target's states
``s`` (blank, label 1, blank, label 2, ..., blank). As in torch, the gradient is taken as if ``log_probs`` came out of
a ``log_softmax`` (``exp(log_prob) - exp(log_alpha_beta + nll - log_prob)``), which is why the catalogue checks it
through one, and torch implements no second derivative.

A target label outside ``[0, C)`` makes torch's kernel read other entries of the log-probabilities (its memory is not
checked); these read the entry at the same offset of the ``(T, N, C)`` layout, which is torch's for a contiguous
input.
"""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .libm_float32 import expf, logf
from .not_implemented import record_not_implemented
from .op import Op


def _exp(x):
    return expf(x) if x.dtype == np.float32 else np.exp(x)


def _log(x):
    return logf(x) if x.dtype == np.float32 else np.log(x)


def _log_sum_exp3(a, b, c):
    """torch's ``log(exp(a - m) + exp(b - m) + exp(c - m)) + m``, m the largest (0 if all are -inf), each step
    rounded in the arrays' dtype. The comparisons keep ``a`` where one is nan, as torch's ``if (b > m)`` does."""
    m = np.where(b > a, b, a)
    m = np.where(c > m, c, m)
    m = np.where(m == -np.inf, m.dtype.type(0), m)
    return _log(_exp(a - m) + _exp(b - m) + _exp(c - m)) + m


def extended_targets(targets, target_lengths, blank, concatenated):
    """The extended target of each batch item, ``(N, 2 * max_length + 1)``: the blank at even states, the labels at
    odd ones (the blank past an item's own length), read from padded ``(N, S)`` or concatenated targets."""
    n, longest = len(target_lengths), max(target_lengths, default=0)
    primes = np.full((n, 2 * longest + 1), blank, dtype=np.int64)
    offset = 0
    for b, length in enumerate(target_lengths):
        row = targets[offset:offset + length] if concatenated else targets[b, :length]
        primes[b, 1:2 * length:2] = row
        offset += length
    return primes


def _emissions(flat, shape, primes):
    """``log_probs[t, b, primes[b, s]]`` for every ``(b, t, s)``, read at the offset of the ``(T, N, C)`` layout (see
    the module docstring for labels out of range)."""
    T, N, C = shape
    offsets = np.arange(T)[None, :, None] * (N * C) + np.arange(N)[:, None, None] * C + primes[:, None, :]
    return flat.take(offsets, mode="wrap")


def ctc_forward(log_probs, primes, input_lengths, target_lengths):
    """torch's ``ctc_loss_cpu_template``: the negative log-likelihood of each item ``(N,)`` and ``log_alpha``
    ``(N, T, 2 * max_length + 1)`` (rows past an item's input length are not torch's, which leaves them unset)."""
    T, N, _ = log_probs.shape
    dtype = log_probs.dtype
    neginf = dtype.type(-np.inf)
    il, tl = np.asarray(input_lengths, np.int64), np.asarray(target_lengths, np.int64)
    e = _emissions(np.ascontiguousarray(log_probs).reshape(-1), log_probs.shape, primes)
    width = primes.shape[1]
    alpha = np.full((N, T, width), neginf, dtype)
    started = il > 0
    alpha[started, 0, 0] = e[started, 0, 0]
    if width > 1:
        labelled = started & (tl > 0)
        alpha[labelled, 0, 1] = e[labelled, 0, 1]
    skip = np.zeros((N, width), bool)
    skip[:, 2:] = primes[:, 2:] != primes[:, :-2]  # a state may skip the blank before it to a different label
    pad = np.full((N, 2), neginf, dtype)
    for t in range(1, int(il.max(initial=0))):
        prev = alpha[:, t - 1]
        one_back = np.concatenate([pad[:, :1], prev[:, :-1]], axis=1)
        two_back = np.where(skip, np.concatenate([pad, prev[:, :-2]], axis=1)[:, :width], neginf)
        alpha[:, t] = _log_sum_exp3(prev, one_back, two_back) + e[:, t]
    nll = np.empty(N, dtype)
    for b in range(N):
        nll[b] = _item_nll(alpha[b], int(il[b]), int(tl[b]), dtype.type)
    return nll, alpha


def _item_nll(alpha, input_length, target_length, scalar):
    if input_length == 0:
        return -scalar(0 if target_length == 0 else -np.inf)  # torch negates: an empty match is -0.
    last = alpha[input_length - 1]
    if target_length == 0:
        return -last[0]
    l1, l2 = last[2 * target_length], last[2 * target_length - 1]
    m = l2 if l1 < l2 else l1
    m = scalar(0) if m == -np.inf else m
    return -(_log(_exp(l1 - m) + _exp(l2 - m)) + m)


def _logadd(acc, value):
    """torch's ``lcab "log+=" value``: ``value`` where ``acc`` is -inf, else ``log(exp(acc - m) + exp(value - m)) +
    m``, m the larger."""
    m = np.where(acc < value, value, acc)
    summed = _log(_exp(acc - m) + _exp(value - m)) + m
    return np.where(acc == -np.inf, value, summed)


def ctc_gradient(grad, log_probs, primes, input_lengths, target_lengths, nll, log_alpha, zero_infinity):
    """torch's ``ctc_loss_backward_cpu_template``, on arrays: ``log_beta`` from each item's last step back, the
    sums of ``alpha * beta`` over the states of each label collected in log space (states in descending order, as
    torch adds them), then ``(exp(log_prob) - exp(collected + nll - log_prob)) * grad`` (zero past an item's input
    length, and for an infinite loss with ``zero_infinity``). Returns the gradient, shaped as ``log_probs``."""
    T, N, C = log_probs.shape
    dtype = log_probs.dtype
    neginf = dtype.type(-np.inf)
    il, tl = np.asarray(input_lengths, np.int64), np.asarray(target_lengths, np.int64)
    flat = np.ascontiguousarray(log_probs).reshape(-1)
    e = _emissions(flat, log_probs.shape, primes)
    width = primes.shape[1]
    items, steps = np.arange(N), np.arange(T)
    cells = steps[None, :, None] * (N * C) + items[:, None, None] * C + primes[:, None, :]  # (N, T, S) in grad
    collected = np.full(T * N * C, neginf, dtype)
    beta = np.full((N, T, width), neginf, dtype)
    for b in np.flatnonzero(il > 0):  # the last step: the final blank, and the last label
        t, end = il[b] - 1, 2 * tl[b]
        for s in (end, end - 1) if tl[b] > 0 else (end,):
            beta[b, t, s] = e[b, t, s]
            collected.put(cells[b, t, s], log_alpha[b, t, s] + beta[b, t, s], mode="wrap")
    states = np.arange(width)
    one_ahead = states[None, :] < 2 * tl[:, None]
    two_ahead = np.zeros((N, width), bool)
    two_ahead[:, :-2] = (states[None, :-2] < 2 * tl[:, None] - 1) & (primes[:, 2:] != primes[:, :-2])
    pad = np.full((N, 2), neginf, dtype)
    for t in range(int(il.max(initial=0)) - 2, -1, -1):
        active = t < il - 1
        nxt = beta[:, t + 1]
        lb2 = np.where(one_ahead, np.concatenate([nxt[:, 1:], pad[:, :1]], axis=1), neginf)
        lb3 = np.where(two_ahead, np.concatenate([nxt[:, 2:], pad], axis=1)[:, :width], neginf)
        beta[active, t] = (_log_sum_exp3(nxt, lb2, lb3) + e[:, t])[active]
    before_last = steps[None, :] < (il - 1)[:, None]  # (N, T): the steps the recursion reached
    for s in range(width - 1, -1, -1):
        where = np.flatnonzero((before_last & (s <= 2 * tl)[:, None]).reshape(-1))
        if where.size == 0:
            continue
        at = cells[:, :, s].reshape(-1)[where]
        value = (log_alpha[:, :, s] + beta[:, :, s]).reshape(-1)[where]
        collected.put(at, _logadd(collected.take(at, mode="wrap"), value), mode="wrap")
    lp = np.ascontiguousarray(log_probs)
    res = collected.reshape(T, N, C)
    out = (_exp(lp) - _exp(res + nll[None, :, None] - lp)) * grad[None, :, None]
    out[steps[:, None] >= il[None, :]] = 0  # past each item's input length
    if zero_infinity:
        out[:, nll == np.inf] = 0
    return out.astype(dtype, copy=False)


class CtcLoss(Op):
    """result0 = -log(the sum over every alignment of targets to log_probs of its probability), per batch item
    (result1: log_alpha, the forward variables)"""

    node_name = "CtcLossBackward0"
    formula = {"log_probs": "ctc_loss_backward(grad, log_probs, targets, input_lengths, target_lengths, result0, "
                            "result1, blank, zero_infinity)"}  # torch's _ctc_loss_backward
    saved_names = ("log_probs", "targets", "result0", "result1")
    saved_values = {"blank": "blank", "input_lengths": "input_lengths", "target_lengths": "target_lengths",
                    "zero_infinity": "zero_infinity"}  # fmt: skip

    @staticmethod
    def forward(ctx, log_probs, *, targets, input_lengths, target_lengths, blank, zero_infinity):
        ctx.blank, ctx.zero_infinity = blank, zero_infinity
        ctx.input_lengths, ctx.target_lengths = tuple(input_lengths), tuple(target_lengths)
        primes = extended_targets(targets._data, target_lengths, blank, concatenated=targets.ndim == 1)
        with np.errstate(divide="ignore", invalid="ignore"):  # log(0) = -inf and -inf - -inf: torch's values
            nll, alpha = ctc_forward(log_probs._data, primes, input_lengths, target_lengths)
        out, log_alpha = wrap(nll), wrap(alpha)
        ctx.result1 = log_alpha  # what the formula reads besides the output
        ctx._save((log_probs, targets, out, log_alpha))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        log_probs, targets, nll, log_alpha = ctx._values(F)
        args = (ctx.input_lengths, ctx.target_lengths, nll, log_alpha, ctx.blank, ctx.zero_infinity, F)
        return (ctc_loss_backward(grads[0], log_probs, targets, *args),)


def ctc_loss_backward(grad, log_probs, targets, input_lengths, target_lengths, result0, result1, blank, zero_infinity,
                      F=TENSORS):  # fmt: skip
    """torch's ``_ctc_loss_backward`` (see :func:`ctc_gradient`) on carrier ``F``; on Tensors, recorded as torch's
    NotImplemented node (torch has no second derivative for it)."""
    tensors = (grad, log_probs, targets, result0, result1)
    values = [ARRAYS.value(v) if F is ARRAYS else v.detach()._data for v in tensors]
    primes = extended_targets(values[2], target_lengths, blank, concatenated=values[2].ndim == 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        g = ctc_gradient(values[0], values[1], primes, input_lengths, target_lengths, values[3], values[4],
                         zero_infinity)
    if F is ARRAYS:
        return g
    return record_not_implemented(wrap(g), (grad, log_probs, result0), "aten::_ctc_loss_backward")
