"""Softmax, log-softmax and logsumexp along one dim: each subtracts the largest value first, as torch's
CPU kernels do, so that large inputs do not overflow ``exp``.

Float16 inputs of softmax and log_softmax, and their gradients, are computed in float32 and rounded once, as
torch's kernels compute them (log_softmax along the last dim rounds each row's sum and its log to float16 too);
logsumexp and its gradient are torch's composites of ops, each rounding to float16.
"""

import numpy as np

from ._util import HALF, as_saved_int, precise, wrap
from .derivative import WIDENED
from .op import BackwardOp, Op
from .reduce import normalize_dims


def _compute(a, kernel=None, dim=None):
    """The input as the dtype to compute in (float16 in float32), and its own dtype; torch's error for an
    integer input of softmax or log_softmax (``kernel``), whose name says whether ``dim`` is the last."""
    x = a._data
    if x.dtype.kind != "f":
        if kernel is not None:
            where = "_lastdim" if dim == max(a.ndim - 1, 0) else ""
            raise NotImplementedError(f"\"{kernel}{where}_kernel_impl\" not implemented for '{a.dtype.scalar_name}'")
        return x.astype(np.float32), np.float32
    return (x.astype(np.float32), x.dtype) if x.dtype == np.float16 else (x, x.dtype)


def _as_row(x, d):
    """``x`` with at least one dim (a 0-d input is a row of one), and the dim to reduce."""
    return (x.reshape(1), 0) if x.ndim == 0 else (x, d)


class Softmax(Op):
    """result = exp(self - max) / sum(exp(self - max)) along ``dim`` (LogSoftmax changes ``values``)"""

    node_name = "SoftmaxBackward0"
    formula = {"self": "result * (grad - (grad * result).sum(dim, keepdim=True))"}
    saved_names, saved_values = ("result",), {"dim": "saved_dim"}
    fused = WIDENED  # torch's _softmax_backward_data (and _log_softmax_backward_data) kernel
    kernel = "softmax"  # torch's kernel, named in its error for integer input
    rounds_half_rows = False  # values(row, d, True) for a float16 input along its last dim: see LogSoftmax.values

    @staticmethod
    def values(row, d):
        e = precise(np.exp, row - row.max(axis=d, keepdims=True))
        return e * (1 / e.sum(axis=d, keepdims=True))  # torch multiplies by 1/sum

    @staticmethod
    def forward(ctx, a, *, dim):
        ctx.dim, ctx.saved_dim = a._wrap_dim(dim), as_saved_int(dim)
        x, dtype = _compute(a, ctx.kernel, ctx.dim)
        row, d = _as_row(x, ctx.dim)
        if not row.size:  # nothing to normalise (numpy's max of an empty dim would fail): an empty result, as torch's
            values = row
        elif ctx.rounds_half_rows and dtype is HALF and ctx.dim == max(a.ndim - 1, 0):
            values = ctx.values(row, d, True)
        else:
            values = ctx.values(row, d)
        out = wrap(values.reshape(x.shape).astype(dtype, copy=False))
        ctx._save((out,))
        return out


class LogSoftmax(Softmax):
    """result = self - max - log(sum(exp(self - max))) along ``dim``"""

    node_name = "LogSoftmaxBackward0"
    formula = {"self": "grad - exp(result) * grad.sum(dim, keepdim=True)"}
    kernel = "log_softmax"
    rounds_half_rows = True

    @staticmethod
    def values(row, d, half_rows=False):
        """``half_rows``: ``row`` is a float16 input along its last dim, widened, for which torch's kernel keeps each
        row's sum and its log in float16."""
        shifted = row - row.max(axis=d, keepdims=True)
        total = precise(np.exp, shifted).sum(axis=d, keepdims=True)
        if not half_rows:
            return shifted - np.log(total)
        log_total = np.log(total.astype(HALF).astype(row.dtype)).astype(HALF)
        return shifted - log_total.astype(row.dtype)


class SoftmaxBackwardData(BackwardOp):
    """result = output * (grad_output - (grad_output * output).sum(dim)): softmax's backward as torch's
    ``_softmax_backward_data`` records it"""

    node_name = "SoftmaxBackwardDataBackward0"
    formula = {
        "grad_output": "output * (grad - (grad * output).sum(dim, keepdim=True))",
        "output": "grad_output * grad - (output * grad_output).sum(dim, keepdim=True) * grad"
                  " - grad_output * (output * grad).sum(dim, keepdim=True)",
    }  # fmt: skip
    saved_values = {"dim": "saved_dim"}
    copies = ("saved_dim",)


class LogSoftmaxBackwardData(SoftmaxBackwardData):
    """result = grad_output - exp(output) * grad_output.sum(dim): log_softmax's backward as torch's
    ``_log_softmax_backward_data`` records it"""

    node_name = "LogSoftmaxBackwardDataBackward0"
    formula = {
        "grad_output": "grad - (grad * output.exp()).sum(dim, keepdim=True)",
        "output": "-grad_output.sum(dim, keepdim=True) * output.exp() * grad",
    }


Softmax.backward_op, LogSoftmax.backward_op = SoftmaxBackwardData, LogSoftmaxBackwardData


class Logsumexp(Op):
    """result = log(sum(exp(self))) over ``dim``, computed as max + log(sum(exp(self - max)))"""

    node_name = "LogsumexpBackward0"
    formula = {"self": "unsqueeze_dims(grad, dim, keepdim) * exp(self - unsqueeze_dims(result, dim, keepdim))"}
    saved_names, saved_values = ("self", "result"), {"dim": "saved_dim", "keepdim": "keepdim"}

    @staticmethod
    def forward(ctx, a, *, dim, keepdim=False):
        ctx.dim, ctx.keepdim = normalize_dims(a, dim), keepdim
        ctx.saved_dim = as_saved_int((dim,) if isinstance(dim, int) else tuple(dim))
        x = a._data if a.dtype.is_floating_point else a._data.astype(np.float32)
        top = x.max(axis=ctx.dim, keepdims=True) if x.size else np.zeros([1] * x.ndim, x.dtype)
        top = np.where(np.isinf(top), x.dtype.type(0), top)  # an infinite max would give inf - inf
        # torch's amax, sub, exp, sum (accumulated in float32 for float16), log, add
        total = np.exp(x - top).sum(axis=ctx.dim, keepdims=True, dtype=np.float32 if x.dtype is HALF else x.dtype)
        out = np.log(total.astype(x.dtype, copy=False)) + top
        if not keepdim:
            out = out.reshape([s for i, s in enumerate(x.shape) if i not in ctx.dim])
        out = wrap(out)
        ctx._save((a, out))
        return out
