"""``torch.distributions.half_cauchy``: ``HalfCauchy(scale)``."""

import math

import minigrad as mg

from . import constraints
from .cauchy import Cauchy
from .transformed_distribution import TransformedDistribution
from .transforms import AbsTransform

__all__ = ["HalfCauchy"]


class HalfCauchy(TransformedDistribution):
    """Mirror ``torch.distributions.HalfCauchy(scale, validate_args=None)``: ``|x|`` for ``x ~ Cauchy(0, scale)``."""

    arg_constraints = {"scale": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True

    def __init__(self, scale, validate_args=None):
        base_dist = Cauchy(0, scale, validate_args=False)
        super().__init__(base_dist, AbsTransform(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``HalfCauchy.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(HalfCauchy, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def scale(self):
        """Mirror ``HalfCauchy.scale``: the base Cauchy's scale."""
        return self.base_dist.scale

    @property
    def mean(self):
        """Mirror ``HalfCauchy.mean``: the mean."""
        return mg.full(self._extended_shape(), math.inf, dtype=self.scale.dtype, device=self.scale.device)

    @property
    def mode(self):
        """Mirror ``HalfCauchy.mode``: the mode."""
        return mg.zeros_like(self.scale)

    @property
    def variance(self):
        """Mirror ``HalfCauchy.variance``: the variance."""
        return self.base_dist.variance

    def log_prob(self, value):
        """Mirror ``HalfCauchy.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        value = mg.as_tensor(value, dtype=self.base_dist.scale.dtype)
        log_prob = self.base_dist.log_prob(value) + math.log(2)
        log_prob = mg.where(value >= 0, log_prob, -math.inf)
        return log_prob

    def cdf(self, value):
        """Mirror ``HalfCauchy.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return 2 * self.base_dist.cdf(value) - 1

    def icdf(self, prob):
        """Mirror ``HalfCauchy.icdf``: the inverse of the cdf at ``value``."""
        return self.base_dist.icdf((prob + 1) / 2)

    def entropy(self):
        """Mirror ``HalfCauchy.entropy``: the entropy, of shape ``batch_shape``."""
        return self.base_dist.entropy() - math.log(2)
