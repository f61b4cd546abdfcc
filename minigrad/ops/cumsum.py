"""``cumsum``: running sums along a dim. Its gradient is the running sum of ``grad`` taken from the end."""

import numpy as np

from ._util import as_saved_int, wrap
from .op import Op


def cumsum_backward(grad, dim):
    """torch's ``cumsum_backward``: ``grad`` summed from the end of ``dim`` backwards."""
    return grad.flip(dim).cumsum(dim).flip(dim)


class Cumsum(Op):
    """result[i] = self[0] + ... + self[i] along ``dim``"""

    node_name = "CumsumBackward0"
    formula = {"self": "cumsum_backward(grad, dim)"}
    saved_values = {"dim": "saved_dim"}

    @staticmethod
    def forward(ctx, a, *, dim, dtype=None):
        ctx.dim, ctx.saved_dim = a._wrap_dim(dim), as_saved_int(dim)
        x = a._data if a.ndim else a._data.reshape(1)
        if dtype is not None:
            want = dtype
        elif x.dtype.kind in "biu":  # integers and bools add up in int64, as in torch
            want = np.dtype(np.int64)
        else:
            want = x.dtype
        # torch accumulates float32 in float64 and rounds each running sum once
        acc = np.float64 if want.kind == "f" else want
        return wrap(np.cumsum(x, axis=ctx.dim, dtype=acc).astype(want, copy=False).reshape(a.shape))

    @staticmethod
    def backward(ctx, grad):
        return (cumsum_backward(grad, ctx.dim),)
