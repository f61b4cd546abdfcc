"""``torch.distributions.cauchy``: ``Cauchy(loc, scale)``, the Lorentz distribution."""

import math

import minigrad as mg

from ..size import Size
from . import constraints
from .distribution import Distribution
from .utils import broadcast_all

__all__ = ["Cauchy"]


class Cauchy(Distribution):
    """Mirror ``torch.distributions.Cauchy(loc, scale, validate_args=None)``: ``rsample`` is ``loc + cauchy_() *
    scale``; no mean or variance (nan, inf)."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        if isinstance(loc, (int, float)) and isinstance(scale, (int, float)):
            batch_shape = Size()
        else:
            batch_shape = self.loc.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Cauchy.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Cauchy, _instance)
        batch_shape = Size(batch_shape)
        new.loc = self.loc.expand(batch_shape)
        new.scale = self.scale.expand(batch_shape)
        super(Cauchy, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def mean(self):
        """Mirror ``Cauchy.mean``: the mean."""
        return mg.full(self._extended_shape(), math.nan, dtype=self.loc.dtype, device=self.loc.device)

    @property
    def mode(self):
        """Mirror ``Cauchy.mode``: the mode."""
        return self.loc

    @property
    def variance(self):
        """Mirror ``Cauchy.variance``: the variance."""
        return mg.full(self._extended_shape(), math.inf, dtype=self.loc.dtype, device=self.loc.device)

    def rsample(self, sample_shape=()):
        """Mirror ``Cauchy.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        eps = self.loc.new(shape).cauchy_()
        return self.loc + eps * self.scale

    def log_prob(self, value):
        """Mirror ``Cauchy.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return -math.log(math.pi) - self.scale.log() - (((value - self.loc) / self.scale) ** 2).log1p()

    def cdf(self, value):
        """Mirror ``Cauchy.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return mg.atan((value - self.loc) / self.scale) / math.pi + 0.5

    def icdf(self, value):
        """Mirror ``Cauchy.icdf``: the inverse of the cdf at ``value``."""
        return mg.tan(math.pi * (value - 0.5)) * self.scale + self.loc

    def entropy(self):
        """Mirror ``Cauchy.entropy``: the entropy, of shape ``batch_shape``."""
        return math.log(4 * math.pi) + self.scale.log()
