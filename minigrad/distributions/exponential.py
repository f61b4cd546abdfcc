"""``torch.distributions.exponential``: ``Exponential(rate)``."""


import minigrad as mg

from ..size import Size
from . import constraints
from .exp_family import ExponentialFamily
from .utils import broadcast_all

__all__ = ["Exponential"]


class Exponential(ExponentialFamily):
    """Mirror ``torch.distributions.Exponential(rate, validate_args=None)``: ``rsample`` is ``exponential_() /
    rate``."""

    arg_constraints = {"rate": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True
    _mean_carrier_measure = 0

    @property
    def mean(self):
        """Mirror ``Exponential.mean``: the mean."""
        return self.rate.reciprocal()

    @property
    def mode(self):
        """Mirror ``Exponential.mode``: the mode."""
        return mg.zeros_like(self.rate)

    @property
    def stddev(self):
        """Mirror ``Exponential.stddev``: the standard deviation."""
        return self.rate.reciprocal()

    @property
    def variance(self):
        """Mirror ``Exponential.variance``: the variance."""
        return self.rate.pow(-2)

    def __init__(self, rate, validate_args=None):
        self.rate, = broadcast_all(rate)
        batch_shape = Size() if isinstance(rate, (int, float)) else self.rate.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Exponential.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Exponential, _instance)
        batch_shape = Size(batch_shape)
        new.rate = self.rate.expand(batch_shape)
        super(Exponential, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def rsample(self, sample_shape=()):
        """Mirror ``Exponential.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        return self.rate.new(shape).exponential_() / self.rate

    def log_prob(self, value):
        """Mirror ``Exponential.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return self.rate.log() - self.rate * value

    def cdf(self, value):
        """Mirror ``Exponential.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return 1 - mg.exp(-self.rate * value)

    def icdf(self, value):
        """Mirror ``Exponential.icdf``: the inverse of the cdf at ``value``."""
        return -mg.log1p(-value) / self.rate

    def entropy(self):
        """Mirror ``Exponential.entropy``: the entropy, of shape ``batch_shape``."""
        return 1.0 - mg.log(self.rate)

    @property
    def _natural_params(self):
        return (-self.rate,)

    def _log_normalizer(self, x):
        return -mg.log(-x)
