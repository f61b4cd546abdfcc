"""``torch.distributions.continuous_bernoulli``: ``ContinuousBernoulli``, a density on [0, 1]."""

import math

import minigrad as mg

from ..nn.functional import binary_cross_entropy_with_logits
from ..size import Size
from . import constraints
from .exp_family import ExponentialFamily
from .utils import broadcast_all, clamp_probs, lazy_property, logits_to_probs, probs_to_logits

__all__ = ["ContinuousBernoulli"]


class ContinuousBernoulli(ExponentialFamily):
    """Mirror ``torch.distributions.ContinuousBernoulli(probs=None, logits=None, lims=(0.499, 0.501),
    validate_args=None)``: the [0, 1]-valued relative of the Bernoulli (VAE pixel likelihoods), with a Taylor expansion
    of its normalizer near ``probs = 0.5``."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.unit_interval
    _mean_carrier_measure = 0
    has_rsample = True

    def __init__(self, probs=None, logits=None, lims=(0.499, 0.501), validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            is_scalar = isinstance(probs, (int, float))
            self.probs, = broadcast_all(probs)
            if validate_args is not None:
                if not self.arg_constraints["probs"].check(self.probs).all():
                    raise ValueError("The parameter probs has invalid values")
            self.probs = clamp_probs(self.probs)
        else:
            if logits is None:
                raise AssertionError("logits is unexpectedly None")
            is_scalar = isinstance(logits, (int, float))
            self.logits, = broadcast_all(logits)
        self._param = self.probs if probs is not None else self.logits
        if is_scalar:
            batch_shape = Size()
        else:
            batch_shape = self._param.size()
        self._lims = lims
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``ContinuousBernoulli.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(ContinuousBernoulli, _instance)
        new._lims = self._lims
        batch_shape = Size(batch_shape)
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
            new._param = new.logits
        super(ContinuousBernoulli, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args, **kwargs):
        return self._param.new(*args, **kwargs)

    def _outside_unstable_region(self):
        return mg.max(mg.le(self.probs, self._lims[0]), mg.gt(self.probs, self._lims[1]))

    def _cut_probs(self):
        return mg.where(self._outside_unstable_region(), self.probs, self._lims[0] * mg.ones_like(self.probs))

    def _cont_bern_log_norm(self):
        cut_probs = self._cut_probs()
        cut_probs_below_half = mg.where(mg.le(cut_probs, 0.5), cut_probs, mg.zeros_like(cut_probs))
        cut_probs_above_half = mg.where(mg.ge(cut_probs, 0.5), cut_probs, mg.ones_like(cut_probs))
        log_norm = mg.log(mg.abs(mg.log1p(-cut_probs) - mg.log(cut_probs))) - mg.where(
            mg.le(cut_probs, 0.5), mg.log1p(-2.0 * cut_probs_below_half), mg.log(2.0 * cut_probs_above_half - 1.0))
        x = mg.pow(self.probs - 0.5, 2)
        taylor = math.log(2.0) + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        return mg.where(self._outside_unstable_region(), log_norm, taylor)

    @property
    def mean(self):
        """Mirror ``ContinuousBernoulli.mean``: the mean."""
        cut_probs = self._cut_probs()
        mus = cut_probs / (2.0 * cut_probs - 1.0) + 1.0 / (mg.log1p(-cut_probs) - mg.log(cut_probs))
        x = self.probs - 0.5
        taylor = 0.5 + (1.0 / 3.0 + 16.0 / 45.0 * mg.pow(x, 2)) * x
        return mg.where(self._outside_unstable_region(), mus, taylor)

    @property
    def stddev(self):
        """Mirror ``ContinuousBernoulli.stddev``: the standard deviation."""
        return mg.sqrt(self.variance)

    @property
    def variance(self):
        """Mirror ``ContinuousBernoulli.variance``: the variance."""
        cut_probs = self._cut_probs()
        variances = (cut_probs * (cut_probs - 1.0) / mg.pow(1.0 - 2.0 * cut_probs, 2)
                     + 1.0 / mg.pow(mg.log1p(-cut_probs) - mg.log(cut_probs), 2))
        x = mg.pow(self.probs - 0.5, 2)
        taylor = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return mg.where(self._outside_unstable_region(), variances, taylor)

    @lazy_property
    def logits(self):
        """Mirror ``ContinuousBernoulli.logits``: log-probabilities (log-odds for binary)."""
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        """Mirror ``ContinuousBernoulli.probs``: the probabilities."""
        return clamp_probs(logits_to_probs(self.logits, is_binary=True))

    @property
    def param_shape(self):
        """Mirror ``ContinuousBernoulli.param_shape``: the shape of the probs/logits parameter."""
        return self._param.size()

    def sample(self, sample_shape=()):
        """Mirror ``ContinuousBernoulli.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn
        without grad as torch draws it."""
        shape = self._extended_shape(sample_shape)
        u = mg.rand(shape, dtype=self.probs.dtype, device=self.probs.device)
        with mg.no_grad():
            return self.icdf(u)

    def rsample(self, sample_shape=()):
        """Mirror ``ContinuousBernoulli.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        u = mg.rand(shape, dtype=self.probs.dtype, device=self.probs.device)
        return self.icdf(u)

    def log_prob(self, value):
        """Mirror ``ContinuousBernoulli.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -binary_cross_entropy_with_logits(logits, value, reduction="none") + self._cont_bern_log_norm()

    def cdf(self, value):
        """Mirror ``ContinuousBernoulli.cdf``: the cumulative distribution function at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        cut_probs = self._cut_probs()
        cdfs = ((mg.pow(cut_probs, value) * mg.pow(1.0 - cut_probs, 1.0 - value) + cut_probs - 1.0)
                / (2.0 * cut_probs - 1.0))
        unbounded_cdfs = mg.where(self._outside_unstable_region(), cdfs, value)
        inside = mg.where(mg.ge(value, 1.0), mg.ones_like(value), unbounded_cdfs)
        return mg.where(mg.le(value, 0.0), mg.zeros_like(value), inside)

    def icdf(self, value):
        """Mirror ``ContinuousBernoulli.icdf``: the inverse of the cdf at ``value``."""
        cut_probs = self._cut_probs()
        inverted = ((mg.log1p(-cut_probs + value * (2.0 * cut_probs - 1.0)) - mg.log1p(-cut_probs))
                    / (mg.log(cut_probs) - mg.log1p(-cut_probs)))
        return mg.where(self._outside_unstable_region(), inverted, value)

    def entropy(self):
        """Mirror ``ContinuousBernoulli.entropy``: the entropy, of shape ``batch_shape``."""
        log_probs0 = mg.log1p(-self.probs)
        log_probs1 = mg.log(self.probs)
        return self.mean * (log_probs0 - log_probs1) - self._cont_bern_log_norm() - log_probs0

    @property
    def _natural_params(self):
        return (self.logits,)

    def _log_normalizer(self, x):
        out_unst_reg = mg.max(mg.le(x, self._lims[0] - 0.5), mg.gt(x, self._lims[1] - 0.5))
        cut_nat_params = mg.where(out_unst_reg, x, (self._lims[0] - 0.5) * mg.ones_like(x))
        log_norm = mg.log(mg.abs(mg.special.expm1(cut_nat_params))) - mg.log(mg.abs(cut_nat_params))
        taylor = 0.5 * x + mg.pow(x, 2) / 24.0 - mg.pow(x, 4) / 2880.0
        return mg.where(out_unst_reg, log_norm, taylor)
