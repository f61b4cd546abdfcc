"""``torch.distributions.laplace``: ``Laplace(loc, scale)``."""


import minigrad as mg

from ..size import Size
from . import constraints
from .distribution import Distribution
from .utils import broadcast_all

__all__ = ["Laplace"]


class Laplace(Distribution):
    """Mirror ``torch.distributions.Laplace(loc, scale, validate_args=None)``: ``rsample`` inverts the cdf of
    ``uniform_(eps - 1, 1)`` draws."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True

    @property
    def mean(self):
        """Mirror ``Laplace.mean``: the mean."""
        return self.loc

    @property
    def mode(self):
        """Mirror ``Laplace.mode``: the mode."""
        return self.loc

    @property
    def variance(self):
        """Mirror ``Laplace.variance``: the variance."""
        return 2 * self.scale.pow(2)

    @property
    def stddev(self):
        """Mirror ``Laplace.stddev``: the standard deviation."""
        return 2 ** 0.5 * self.scale

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        if isinstance(loc, (int, float)) and isinstance(scale, (int, float)):
            batch_shape = Size()
        else:
            batch_shape = self.loc.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Laplace.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Laplace, _instance)
        batch_shape = Size(batch_shape)
        new.loc = self.loc.expand(batch_shape)
        new.scale = self.scale.expand(batch_shape)
        super(Laplace, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def rsample(self, sample_shape=()):
        """Mirror ``Laplace.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        finfo = mg.finfo(self.loc.dtype)
        u = self.loc.new(shape).uniform_(finfo.eps - 1, 1)
        return self.loc - self.scale * u.sign() * mg.log1p(-u.abs())

    def log_prob(self, value):
        """Mirror ``Laplace.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return -mg.log(2 * self.scale) - mg.abs(value - self.loc) / self.scale

    def cdf(self, value):
        """Mirror ``Laplace.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 - 0.5 * (value - self.loc).sign() * mg.expm1(-(value - self.loc).abs() / self.scale)

    def icdf(self, value):
        """Mirror ``Laplace.icdf``: the inverse of the cdf at ``value``."""
        term = value - 0.5
        return self.loc - self.scale * term.sign() * mg.log1p(-2 * term.abs())

    def entropy(self):
        """Mirror ``Laplace.entropy``: the entropy, of shape ``batch_shape``."""
        return 1 + mg.log(2 * self.scale)
