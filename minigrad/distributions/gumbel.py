"""``torch.distributions.gumbel``: ``Gumbel(loc, scale)``, the distribution of maxima."""

import math

import minigrad as mg

from . import constraints
from .transformed_distribution import TransformedDistribution
from .transforms import AffineTransform, ExpTransform
from .uniform import Uniform
from .utils import broadcast_all, euler_constant

__all__ = ["Gumbel"]


class Gumbel(TransformedDistribution):
    """Mirror ``torch.distributions.Gumbel(loc, scale, validate_args=None)``: a ``Uniform(tiny, 1 - eps)`` pushed
    through ``-log``, ``* -1``, ``-log``, ``loc - scale *`` as torch builds it."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        finfo = mg.finfo(self.loc.dtype)
        if isinstance(loc, (int, float)) and isinstance(scale, (int, float)):
            base_dist = Uniform(finfo.tiny, 1 - finfo.eps, validate_args=validate_args)
        else:
            low, high = mg.full_like(self.loc, finfo.tiny), mg.full_like(self.loc, 1 - finfo.eps)
            base_dist = Uniform(low, high, validate_args=validate_args)
        transforms = [ExpTransform().inv, AffineTransform(loc=0, scale=-mg.ones_like(self.scale)), ExpTransform().inv,
                      AffineTransform(loc=loc, scale=-self.scale)]
        super().__init__(base_dist, transforms, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Gumbel.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Gumbel, _instance)
        new.loc = self.loc.expand(batch_shape)
        new.scale = self.scale.expand(batch_shape)
        return super().expand(batch_shape, _instance=new)

    def log_prob(self, value):
        """Mirror ``Gumbel.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        y = (self.loc - value) / self.scale
        return y - y.exp() - self.scale.log()

    @property
    def mean(self):
        """Mirror ``Gumbel.mean``: the mean."""
        return self.loc + self.scale * euler_constant

    @property
    def mode(self):
        """Mirror ``Gumbel.mode``: the mode."""
        return self.loc

    @property
    def stddev(self):
        """Mirror ``Gumbel.stddev``: the standard deviation."""
        return math.pi / math.sqrt(6) * self.scale

    @property
    def variance(self):
        """Mirror ``Gumbel.variance``: the variance."""
        return self.stddev.pow(2)

    def entropy(self):
        """Mirror ``Gumbel.entropy``: the entropy, of shape ``batch_shape``."""
        return self.scale.log() + (1 + euler_constant)
