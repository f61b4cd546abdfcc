"""``frexp``: a floating tensor as mantissa * 2 ** exponent, the mantissa in [0.5, 1) in magnitude (torch's
``torch.frexp``); the mantissa is differentiable (FrexpBackward0), the int32 exponent is not."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .op import IndexingOp


class Frexp(IndexingOp):
    """result = self / 2 ** exponent (the mantissa; ``exponent``, int32, computed beside it)"""

    node_name = "FrexpBackward0"
    formula = {"self": "grad / exponent.exp2()"}
    saved_values = {"exponent": "exponent"}

    @staticmethod
    def forward(ctx, a, *, exponent, mantissa):
        ctx.exponent = exponent
        ctx._keep_indices(exponent)
        return wrap(mantissa)

    @staticmethod
    def backward(ctx, grads, F):
        if F is ARRAYS:  # exp2 of an int32 tensor is float32 in torch
            return (grads[0] / np.exp2(ctx.exponent._data.astype(np.float32)),)
        return (grads[0] / ctx.exponent.exp2(),)
