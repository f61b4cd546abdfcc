"""Dropout as ``torch.nn.functional.dropout`` and ``torch.nn.Dropout`` have it on the CPU: in training, the input
times a noise tensor that is 0 with probability ``p`` and ``1 / (1 - p)`` otherwise, so the graph records a plain
``MulBackward0``; in evaluation (or with ``p = 0``) the input itself. The noise is torch's ``bernoulli_(1 - p)`` on the
CPU without MKL: one float64 uniform (``random64()``) per element, kept where it is below ``1 - p``, so after the same
seed the same elements drop as in torch on an AMD processor (on Intel ones torch draws through MKL instead)."""

import numpy as np

from .. import sampling
from ..functional import mul
from ..ops._util import wrap
from ..random import default_generator
from .module import Module


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout(input, p=0.5, training=True, inplace=False):
    """Mirror ``torch.nn.functional.dropout``: zero each element with probability ``p`` and scale the rest by
    ``1 / (1 - p)`` (``input * noise``, MulBackward0); ``input`` itself when not ``training`` or ``p`` is 0."""
    _check_p(p)
    if not training or p == 0:
        return input
    dt = input._data.dtype
    if p == 1:
        noise = wrap(np.zeros((), dt))  # torch multiplies by a 0-d zero
    elif dt.kind != "f":
        raise RuntimeError(f"result type Float can't be cast to the desired output type {input.dtype.scalar_name}")
    else:
        kept = np.empty_like(input._data, dtype=bool)  # input's layout, filled in its memory order, as torch's
        sampling.fill(kept, sampling.bernoulli(default_generator, 1.0 - p, kept.size))
        noise = wrap(kept.astype(dt) / dt.type(1.0 - p))
    return input.mul_(noise) if inplace else mul(input, noise)


class Dropout(Module):
    """Mirror ``torch.nn.Dropout(p=0.5, inplace=False)``: :func:`dropout` while training, the input in eval()."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        _check_p(p)
        self.p, self.inplace = p, inplace

    def forward(self, input):
        return dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"
