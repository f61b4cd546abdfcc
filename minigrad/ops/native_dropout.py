"""``torch.native_dropout``: ATen's dropout that returns its mask, recorded as its own node (NativeDropoutBackward0,
which saves the mask and the scale), unlike ``F.dropout``'s ``input * noise`` (MulBackward0)."""

import numpy as np

from .. import sampling
from ..random import default_generator
from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import Op


def dropout_mask(shape, p, train):
    """torch's CPU ``native_dropout``'s mask and scale: each element kept with probability ``1 - p`` (``bernoulli_``,
    drawn as ``F.dropout`` draws its noise) and ``1 / (1 - p)``; all kept and 1 when not ``train``."""
    if not train:
        return wrap(np.ones(shape, bool)), 1.0
    p1m = 1.0 - p
    mask = np.empty(shape, dtype=bool)
    sampling.fill(mask, sampling.bernoulli(default_generator, p1m, mask.size))
    return wrap(mask), 0.0 if p1m == 0 else 1.0 / p1m


def native_dropout_backward(grad, mask, scale, F=TENSORS):
    """torch's ``native_dropout_backward``: the gradient where the mask kept the element, times the scale."""
    if F is ARRAYS:
        return grad * mask._data * grad.dtype.type(scale)
    return grad * mask * scale


class NativeDropout(Op):
    """result = input * result1 * scale: each element kept (result1) with probability 1 - p, scaled by 1 / (1 - p)"""

    node_name = "NativeDropoutBackward0"
    formula = {"input": "native_dropout_backward(grad, result1, scale)"}
    saved_values = {"result1": "result1", "p": "p"}  # torch saves p; the scale follows from it

    @staticmethod
    def forward(ctx, a, *, mask, scale, p):
        ctx.result1, ctx.scale, ctx.p = mask, scale, p
        return wrap((a._data * mask._data) * a._data.dtype.type(scale))  # torch's input.mul(mask).mul_(scale)

    @staticmethod
    def backward(ctx, grads, F):
        return (native_dropout_backward(grads[0], ctx.result1, ctx.scale, F),)
