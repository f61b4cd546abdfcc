"""``torch.distributions.poisson``: ``Poisson(rate)``: counts."""


import minigrad as mg

from ..size import Size
from . import constraints
from .exp_family import ExponentialFamily
from .utils import broadcast_all

__all__ = ["Poisson"]


class Poisson(ExponentialFamily):
    """Mirror ``torch.distributions.Poisson(rate, validate_args=None)``: counts drawn with ``torch.poisson``;
    no ``entropy`` (NotImplementedError, as torch: it has no ``_mean_carrier_measure``)."""

    arg_constraints = {"rate": constraints.nonnegative}
    support = constraints.nonnegative_integer

    @property
    def mean(self):
        """Mirror ``Poisson.mean``: the mean."""
        return self.rate

    @property
    def mode(self):
        """Mirror ``Poisson.mode``: the mode."""
        return self.rate.floor()

    @property
    def variance(self):
        """Mirror ``Poisson.variance``: the variance."""
        return self.rate

    def __init__(self, rate, validate_args=None):
        self.rate, = broadcast_all(rate)
        if isinstance(rate, (int, float)):
            batch_shape = Size()
        else:
            batch_shape = self.rate.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Poisson.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Poisson, _instance)
        batch_shape = Size(batch_shape)
        new.rate = self.rate.expand(batch_shape)
        super(Poisson, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def sample(self, sample_shape=()):
        """Mirror ``Poisson.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn without grad
        as torch draws it."""
        shape = self._extended_shape(sample_shape)
        with mg.no_grad():
            return mg.poisson(self.rate.expand(shape))

    def log_prob(self, value):
        """Mirror ``Poisson.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        rate, value = broadcast_all(self.rate, value)
        return value.xlogy(rate) - rate - (value + 1).lgamma()

    @property
    def _natural_params(self):
        return (mg.log(self.rate),)

    def _log_normalizer(self, x):
        return mg.exp(x)
