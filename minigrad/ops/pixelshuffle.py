"""``pixel_shuffle`` (PixelShuffleBackward0) and ``pixel_unshuffle`` (PixelUnshuffleBackward0): channels moved into
blocks of pixels and back, each the other's gradient (what a second derivative records)."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .op import Op


def shuffle_kernel(x, r):
    """numpy: (*, C * r * r, H, W) -> (*, C, H * r, W * r)."""
    *lead, c, h, w = x.shape
    y = x.reshape(*lead, c // (r * r), r, r, h, w)
    n = len(lead)
    y = y.transpose(*range(n), n, n + 3, n + 1, n + 4, n + 2)
    return np.ascontiguousarray(y.reshape(*lead, c // (r * r), h * r, w * r))


def unshuffle_kernel(x, r):
    """numpy: (*, C, H * r, W * r) -> (*, C * r * r, H, W)."""
    *lead, c, h, w = x.shape
    y = x.reshape(*lead, c, h // r, r, w // r, r)
    n = len(lead)
    y = y.transpose(*range(n), n, n + 2, n + 4, n + 1, n + 3)
    return np.ascontiguousarray(y.reshape(*lead, c * r * r, h // r, w // r))


def pixel_shuffle_op(self, upscale_factor, F=None):
    """``pixel_shuffle`` of ``self`` (on Tensors, the PixelShuffle op)."""
    if F is ARRAYS:
        return shuffle_kernel(self, upscale_factor)
    return PixelShuffle.apply(self, upscale_factor=upscale_factor)


def pixel_unshuffle_op(self, downscale_factor, F=None):
    """``pixel_unshuffle`` of ``self`` (on Tensors, the PixelUnshuffle op)."""
    if F is ARRAYS:
        return unshuffle_kernel(self, downscale_factor)
    return PixelUnshuffle.apply(self, downscale_factor=downscale_factor)


class PixelShuffle(Op):
    """result = self's channels, in groups of upscale_factor ** 2, spread into upscale_factor x upscale_factor blocks"""

    node_name = "PixelShuffleBackward0"
    formula = {"self": "pixel_unshuffle_op(grad, upscale_factor)"}
    saved_values = {"upscale_factor": "upscale_factor"}

    @staticmethod
    def forward(ctx, a, *, upscale_factor):
        ctx.upscale_factor = upscale_factor
        return wrap(shuffle_kernel(a._data, upscale_factor))

    @staticmethod
    def backward(ctx, grads, F):
        return (pixel_unshuffle_op(grads[0], ctx.upscale_factor, F),)


class PixelUnshuffle(Op):
    """result = self's downscale_factor x downscale_factor blocks of pixels gathered into channels"""

    node_name = "PixelUnshuffleBackward0"
    formula = {"self": "pixel_shuffle_op(grad, downscale_factor)"}
    saved_values = {"downscale_factor": "downscale_factor"}

    @staticmethod
    def forward(ctx, a, *, downscale_factor):
        ctx.downscale_factor = downscale_factor
        return wrap(unshuffle_kernel(a._data, downscale_factor))

    @staticmethod
    def backward(ctx, grads, F):
        return (pixel_shuffle_op(grads[0], ctx.downscale_factor, F),)
