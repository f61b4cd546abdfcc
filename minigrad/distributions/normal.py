"""``torch.distributions.normal``: the Gaussian ``Normal(loc, scale)``."""

import math

import minigrad as mg

from ..size import Size
from . import constraints
from .exp_family import ExponentialFamily
from .utils import _standard_normal, broadcast_all

__all__ = ["Normal"]


class Normal(ExponentialFamily):
    """Mirror ``torch.distributions.Normal(loc, scale, validate_args=None)``: the Gaussian; ``rsample`` is ``loc + eps *
    scale`` with ``eps`` from ``normal_()`` (torch's draws), ``sample`` is ``torch.normal(loc, scale)``."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True
    _mean_carrier_measure = 0

    @property
    def mean(self):
        """Mirror ``Normal.mean``: the mean."""
        return self.loc

    @property
    def mode(self):
        """Mirror ``Normal.mode``: the mode."""
        return self.loc

    @property
    def stddev(self):
        """Mirror ``Normal.stddev``: the standard deviation."""
        return self.scale

    @property
    def variance(self):
        """Mirror ``Normal.variance``: the variance."""
        return self.stddev.pow(2)

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        if isinstance(loc, (int, float)) and isinstance(scale, (int, float)):
            batch_shape = Size()
        else:
            batch_shape = self.loc.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Normal.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Normal, _instance)
        batch_shape = Size(batch_shape)
        new.loc = self.loc.expand(batch_shape)
        new.scale = self.scale.expand(batch_shape)
        super(Normal, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def sample(self, sample_shape=()):
        """Mirror ``Normal.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn without grad
        as torch draws it."""
        shape = self._extended_shape(sample_shape)
        with mg.no_grad():
            return mg.normal(self.loc.expand(shape), self.scale.expand(shape))

    def rsample(self, sample_shape=()):
        """Mirror ``Normal.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        eps = _standard_normal(shape, dtype=self.loc.dtype, device=self.loc.device)
        return self.loc + eps * self.scale

    def log_prob(self, value):
        """Mirror ``Normal.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        var = self.scale ** 2
        log_scale = math.log(self.scale) if isinstance(self.scale, (int, float)) else self.scale.log()
        return -(value - self.loc) ** 2 / (2 * var) - log_scale - math.log(math.sqrt(2 * math.pi))

    def cdf(self, value):
        """Mirror ``Normal.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 * (1 + mg.erf((value - self.loc) * self.scale.reciprocal() / math.sqrt(2)))

    def icdf(self, value):
        """Mirror ``Normal.icdf``: the inverse of the cdf at ``value``."""
        return self.loc + self.scale * mg.erfinv(2 * value - 1) * math.sqrt(2)

    def entropy(self):
        """Mirror ``Normal.entropy``: the entropy, of shape ``batch_shape``."""
        return 0.5 + 0.5 * math.log(2 * math.pi) + mg.log(self.scale)

    @property
    def _natural_params(self):
        return (self.loc / self.scale.pow(2), -0.5 * self.scale.pow(2).reciprocal())

    def _log_normalizer(self, x, y):
        return -0.25 * x.pow(2) / y + 0.5 * mg.log(-math.pi / y)
