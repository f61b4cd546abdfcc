"""``torch.distributions.half_normal``: ``HalfNormal(scale)``."""

import math

import minigrad as mg

from . import constraints
from .normal import Normal
from .transformed_distribution import TransformedDistribution
from .transforms import AbsTransform

__all__ = ["HalfNormal"]


class HalfNormal(TransformedDistribution):
    """Mirror ``torch.distributions.HalfNormal(scale, validate_args=None)``: ``|x|`` for ``x ~ Normal(0, scale)``."""

    arg_constraints = {"scale": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True

    def __init__(self, scale, validate_args=None):
        base_dist = Normal(0, scale, validate_args=False)
        super().__init__(base_dist, AbsTransform(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``HalfNormal.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(HalfNormal, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def scale(self):
        """Mirror ``HalfNormal.scale``: the base Normal's scale."""
        return self.base_dist.scale

    @property
    def mean(self):
        """Mirror ``HalfNormal.mean``: the mean."""
        return self.scale * math.sqrt(2 / math.pi)

    @property
    def mode(self):
        """Mirror ``HalfNormal.mode``: the mode."""
        return mg.zeros_like(self.scale)

    @property
    def variance(self):
        """Mirror ``HalfNormal.variance``: the variance."""
        return self.scale.pow(2) * (1 - 2 / math.pi)

    def log_prob(self, value):
        """Mirror ``HalfNormal.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        log_prob = self.base_dist.log_prob(value) + math.log(2)
        log_prob = mg.where(value >= 0, log_prob, -math.inf)
        return log_prob

    def cdf(self, value):
        """Mirror ``HalfNormal.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return 2 * self.base_dist.cdf(value) - 1

    def icdf(self, prob):
        """Mirror ``HalfNormal.icdf``: the inverse of the cdf at ``value``."""
        return self.base_dist.icdf((prob + 1) / 2)

    def entropy(self):
        """Mirror ``HalfNormal.entropy``: the entropy, of shape ``batch_shape``."""
        return self.base_dist.entropy() - math.log(2)
