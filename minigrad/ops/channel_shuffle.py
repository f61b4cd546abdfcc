"""``channel_shuffle`` (ChannelShuffleBackward0): the channels, in ``groups`` groups, interleaved (ShuffleNet's
shuffle); its gradient is the shuffle with ``channels / groups`` groups, which undoes it."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .op import Op


def shuffle_kernel(x, groups):
    """numpy: (N, C, *) with C = groups * k -> channel ``g * k + i`` moved to ``i * groups + g``."""
    n, c, *rest = x.shape
    return np.ascontiguousarray(x.reshape(n, groups, c // groups, *rest).swapaxes(1, 2).reshape(x.shape))


def channel_shuffle_op(self, groups, F=None):
    """``channel_shuffle`` of ``self`` (on Tensors, the ChannelShuffle op)."""
    if F is ARRAYS:
        return shuffle_kernel(self, groups)
    return ChannelShuffle.apply(self, groups=groups)


class ChannelShuffle(Op):
    """result = self's channels, split into groups, interleaved"""

    node_name = "ChannelShuffleBackward0"
    formula = {"self": "channel_shuffle_op(grad, self.shape[1] // groups)"}
    saved_values = {"groups": "groups"}

    @staticmethod
    def forward(ctx, a, *, groups):
        ctx.groups = groups
        ctx.channels = a.shape[1]
        return wrap(shuffle_kernel(a._data, groups))

    @staticmethod
    def backward(ctx, grads, F):
        return (channel_shuffle_op(grads[0], ctx.channels // ctx.groups, F),)
