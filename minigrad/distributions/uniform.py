"""``torch.distributions.uniform``: ``Uniform(low, high)``."""

import math

import minigrad as mg

from ..size import Size
from . import constraints
from .distribution import Distribution
from .utils import broadcast_all

__all__ = ["Uniform"]


class Uniform(Distribution):
    """Mirror ``torch.distributions.Uniform(low, high, validate_args=None)``: uniform on ``[low, high)``; ``rsample`` is
    ``low + rand * (high - low)``."""

    has_rsample = True

    @property
    def arg_constraints(self):
        """Mirror ``Uniform.arg_constraints``: ``low < high``, as two dependent bounds."""
        return {"low": constraints.less_than(self.high), "high": constraints.greater_than(self.low)}

    @property
    def mean(self):
        """Mirror ``Uniform.mean``: the mean."""
        return (self.high + self.low) / 2

    @property
    def mode(self):
        """Mirror ``Uniform.mode``: the mode."""
        return math.nan * self.high

    @property
    def stddev(self):
        """Mirror ``Uniform.stddev``: the standard deviation."""
        return (self.high - self.low) / 12 ** 0.5

    @property
    def variance(self):
        """Mirror ``Uniform.variance``: the variance."""
        return (self.high - self.low).pow(2) / 12

    def __init__(self, low, high, validate_args=None):
        self.low, self.high = broadcast_all(low, high)
        if isinstance(low, (int, float)) and isinstance(high, (int, float)):
            batch_shape = Size()
        else:
            batch_shape = self.low.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Uniform.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Uniform, _instance)
        batch_shape = Size(batch_shape)
        new.low = self.low.expand(batch_shape)
        new.high = self.high.expand(batch_shape)
        super(Uniform, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self):
        """Mirror ``Uniform.support``: the constraint samples satisfy."""
        return constraints.interval(self.low, self.high)

    def rsample(self, sample_shape=()):
        """Mirror ``Uniform.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        rand = mg.rand(shape, dtype=self.low.dtype, device=self.low.device)
        return self.low + rand * (self.high - self.low)

    def log_prob(self, value):
        """Mirror ``Uniform.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        lb = self.low.le(value).type_as(self.low)
        ub = self.high.gt(value).type_as(self.low)
        return mg.log(lb.mul(ub)) - mg.log(self.high - self.low)

    def cdf(self, value):
        """Mirror ``Uniform.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        result = (value - self.low) / (self.high - self.low)
        return result.clamp(min=0, max=1)

    def icdf(self, value):
        """Mirror ``Uniform.icdf``: the inverse of the cdf at ``value``."""
        result = value * (self.high - self.low) + self.low
        return result

    def entropy(self):
        """Mirror ``Uniform.entropy``: the entropy, of shape ``batch_shape``."""
        return mg.log(self.high - self.low)
