"""``torch.distributions.multinomial.Multinomial``: counts of ``total_count`` draws over categories."""

import numpy as np

from .. import sampling
from ..ops._util import wrap
from ..random import default_generator
from ..size import Size


class Multinomial:
    """Mirror ``torch.distributions.Multinomial(total_count=1, probs=None, logits=None)``: ``sample()`` gives how
    many of ``total_count`` draws fell in each category (float counts, from the default generator, as torch draws them:
``torch.multinomial(probs, total_count * sample_shape.numel(), True)`` per row of ``probs``, counted)."""

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is None:
            weights = np.exp(logits._data - logits._data.max(axis=-1, keepdims=True))
            dtype = logits._data.dtype
        else:
            weights, dtype = probs._data, probs._data.dtype
        self.total_count = total_count
        self.probs = wrap((weights / weights.sum(axis=-1, keepdims=True)).astype(dtype))
        self.batch_shape, self.event_shape = Size(self.probs.shape[:-1]), Size(self.probs.shape[-1:])

    def sample(self, sample_shape=()):
        """Mirror ``Multinomial.sample(sample_shape=torch.Size())``: counts of shape
        ``sample_shape + batch_shape + event_shape``."""
        probs = self.probs._data
        rows = np.ascontiguousarray(probs).reshape(-1, probs.shape[-1])
        per_sample = int(np.prod(tuple(sample_shape), dtype=np.int64))
        draws = sampling.multinomial_with_replacement(default_generator, rows, self.total_count * per_sample)
        draws = draws.reshape(len(rows), self.total_count, per_sample)  # torch's (total_count, sample_shape) order
        row, _, sample = np.indices(draws.shape)
        counts = np.zeros((len(rows), per_sample, rows.shape[1]), dtype=probs.dtype)
        np.add.at(counts, (row, sample, draws), 1)
        shape = tuple(sample_shape) + tuple(self.batch_shape) + tuple(self.event_shape)
        counts = np.moveaxis(counts, 0, 1).reshape(shape)
        return wrap(counts)

    @property
    def mean(self):
        """Mirror ``Multinomial.mean``: ``total_count * probs``."""
        return self.probs * self.total_count

    @property
    def variance(self):
        """Mirror ``Multinomial.variance``: ``total_count * probs * (1 - probs)``."""
        return self.probs * (1 - self.probs) * self.total_count

    def __repr__(self):
        return "Multinomial()"
