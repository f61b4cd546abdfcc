"""``torch.distributions.weibull``: ``Weibull(scale, concentration)``."""


import minigrad as mg

from . import constraints
from .exponential import Exponential
from .transformed_distribution import TransformedDistribution
from .transforms import AffineTransform, PowerTransform
from .utils import broadcast_all, euler_constant

__all__ = ["Weibull"]


class Weibull(TransformedDistribution):
    """Mirror ``torch.distributions.Weibull(scale, concentration, validate_args=None)``: ``scale * x ** (1 /
    concentration)`` for ``x ~ Exponential(1)``."""

    arg_constraints = {"scale": constraints.positive, "concentration": constraints.positive}
    support = constraints.positive

    def __init__(self, scale, concentration, validate_args=None):
        self.scale, self.concentration = broadcast_all(scale, concentration)
        self.concentration_reciprocal = self.concentration.reciprocal()
        base_dist = Exponential(mg.ones_like(self.scale), validate_args=validate_args)
        transforms = [PowerTransform(exponent=self.concentration_reciprocal), AffineTransform(loc=0, scale=self.scale)]
        super().__init__(base_dist, transforms, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Weibull.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Weibull, _instance)
        new.scale = self.scale.expand(batch_shape)
        new.concentration = self.concentration.expand(batch_shape)
        new.concentration_reciprocal = new.concentration.reciprocal()
        base_dist = self.base_dist.expand(batch_shape)
        transforms = [PowerTransform(exponent=new.concentration_reciprocal), AffineTransform(loc=0, scale=new.scale)]
        super(Weibull, new).__init__(base_dist, transforms, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def mean(self):
        """Mirror ``Weibull.mean``: the mean."""
        return self.scale * mg.exp(mg.lgamma(1 + self.concentration_reciprocal))

    @property
    def mode(self):
        """Mirror ``Weibull.mode``: the mode."""
        return self.scale * ((self.concentration - 1) / self.concentration) ** self.concentration.reciprocal()

    @property
    def variance(self):
        """Mirror ``Weibull.variance``: the variance."""
        second = mg.exp(mg.lgamma(1 + 2 * self.concentration_reciprocal))
        return self.scale.pow(2) * (second - mg.exp(2 * mg.lgamma(1 + self.concentration_reciprocal)))

    def entropy(self):
        """Mirror ``Weibull.entropy``: the entropy, of shape ``batch_shape``."""
        return (euler_constant * (1 - self.concentration_reciprocal)
                + mg.log(self.scale * self.concentration_reciprocal) + 1)
