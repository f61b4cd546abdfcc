"""``torch.distributions.multinomial``: ``Multinomial``, the counts of ``total_count`` draws over categories."""

import math

import minigrad as mg

from ..size import Size
from . import constraints
from .binomial import Binomial
from .categorical import Categorical
from .distribution import Distribution
from .utils import broadcast_all

__all__ = ["Multinomial"]


class Multinomial(Distribution):
    """Mirror ``torch.distributions.Multinomial(total_count=1, probs=None, logits=None, validate_args=None)``:
    ``sample()`` counts how many of ``total_count`` draws of a ``Categorical`` fell in each category (the same
    ``torch.multinomial`` calls as torch, so the same counts after ``torch.manual_seed``)."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    @property
    def mean(self):
        """Mirror ``Multinomial.mean``: ``probs * total_count``."""
        return self.probs * self.total_count

    @property
    def variance(self):
        """Mirror ``Multinomial.variance``: ``total_count * probs * (1 - probs)``."""
        return self.total_count * self.probs * (1 - self.probs)

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        if not isinstance(total_count, int):
            raise NotImplementedError("inhomogeneous total_count is not supported")
        self.total_count = total_count
        self._categorical = Categorical(probs=probs, logits=logits)
        self._binomial = Binomial(total_count=total_count, probs=self.probs)
        batch_shape = self._categorical.batch_shape
        event_shape = Size(self._categorical.param_shape[-1:])
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Multinomial.expand``: the distribution with parameters expanded to ``batch_shape``."""
        new = self._get_checked_instance(Multinomial, _instance)
        batch_shape = Size(batch_shape)
        new.total_count = self.total_count
        new._categorical = self._categorical.expand(batch_shape)
        super(Multinomial, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @constraints.dependent_property(is_discrete=True, event_dim=1)
    def support(self):
        """Mirror ``Multinomial.support``: ``constraints.multinomial(total_count)``."""
        return constraints.multinomial(self.total_count)

    @property
    def logits(self):
        """Mirror ``Multinomial.logits``: the categorical's normalized log-probabilities."""
        return self._categorical.logits

    @property
    def probs(self):
        """Mirror ``Multinomial.probs``: the categorical's normalized probabilities."""
        return self._categorical.probs

    @property
    def param_shape(self):
        """Mirror ``Multinomial.param_shape``: the shape of probs/logits."""
        return self._categorical.param_shape

    def sample(self, sample_shape=()):
        """Mirror ``Multinomial.sample``: float counts of shape ``sample_shape + batch_shape + event_shape``."""
        sample_shape = Size(sample_shape)
        samples = self._categorical.sample(Size((self.total_count,)) + sample_shape)
        # (total_count, sample_shape, batch_shape) -> (sample_shape, batch_shape, total_count)
        shifted_idx = list(range(samples.dim()))
        shifted_idx.append(shifted_idx.pop(0))
        samples = samples.permute(*shifted_idx)
        counts = samples.new(self._extended_shape(sample_shape)).zero_()
        counts.scatter_add_(-1, samples, mg.ones_like(samples))
        return counts.type_as(self.probs)

    def entropy(self):
        """Mirror ``Multinomial.entropy``: through the binomial marginals, as torch computes it."""
        n = mg.tensor(self.total_count)
        cat_entropy = self._categorical.entropy()
        term1 = n * cat_entropy - mg.lgamma(n + 1)
        support = self._binomial.enumerate_support(expand=False)[1:]
        binomial_probs = mg.exp(self._binomial.log_prob(support))
        weights = mg.lgamma(support + 1)
        term2 = (binomial_probs * weights).sum([0, -1])
        return term1 + term2

    def log_prob(self, value):
        """Mirror ``Multinomial.log_prob``: the log probability of the counts ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        logits = logits.clone()  # torch: clone(memory_format=torch.contiguous_format)
        log_factorial_n = mg.lgamma(value.sum(-1) + 1)
        log_factorial_xs = mg.lgamma(value + 1).sum(-1)
        logits[(value == 0) & (logits == -math.inf)] = 0
        log_powers = (logits * value).sum(-1)
        return log_factorial_n - log_factorial_xs + log_powers

