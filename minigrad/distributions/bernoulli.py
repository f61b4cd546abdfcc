"""``torch.distributions.bernoulli``: ``Bernoulli``: 0/1 draws with probability ``probs`` (or log-odds ``logits``)."""

import math

import minigrad as mg

from ..nn.functional import binary_cross_entropy_with_logits
from ..size import Size
from . import constraints
from .exp_family import ExponentialFamily
from .utils import broadcast_all, lazy_property, logits_to_probs, probs_to_logits

__all__ = ["Bernoulli"]


class Bernoulli(ExponentialFamily):
    """Mirror ``torch.distributions.Bernoulli(probs=None, logits=None, validate_args=None)``: 0/1 draws with
    ``torch.bernoulli``; ``log_prob`` and ``entropy`` go through ``binary_cross_entropy_with_logits`` as in torch."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.boolean
    has_enumerate_support = True
    _mean_carrier_measure = 0

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            is_scalar = isinstance(probs, (int, float))
            self.probs, = broadcast_all(probs)
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
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Bernoulli.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Bernoulli, _instance)
        batch_shape = Size(batch_shape)
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
            new._param = new.logits
        super(Bernoulli, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args, **kwargs):
        return self._param.new(*args, **kwargs)

    @property
    def mean(self):
        """Mirror ``Bernoulli.mean``: the mean."""
        return self.probs

    @property
    def mode(self):
        """Mirror ``Bernoulli.mode``: the mode."""
        mode = (self.probs >= 0.5).to(self.probs)
        mode[self.probs == 0.5] = math.nan
        return mode

    @property
    def variance(self):
        """Mirror ``Bernoulli.variance``: the variance."""
        return self.probs * (1 - self.probs)

    @lazy_property
    def logits(self):
        """Mirror ``Bernoulli.logits``: log-probabilities (log-odds for binary)."""
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        """Mirror ``Bernoulli.probs``: the probabilities."""
        return logits_to_probs(self.logits, is_binary=True)

    @property
    def param_shape(self):
        """Mirror ``Bernoulli.param_shape``: the shape of the probs/logits parameter."""
        return self._param.size()

    def sample(self, sample_shape=()):
        """Mirror ``Bernoulli.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn without
        grad as torch draws it."""
        shape = self._extended_shape(sample_shape)
        with mg.no_grad():
            return mg.bernoulli(self.probs.expand(shape))

    def log_prob(self, value):
        """Mirror ``Bernoulli.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -binary_cross_entropy_with_logits(logits, value, reduction="none")

    def entropy(self):
        """Mirror ``Bernoulli.entropy``: the entropy, of shape ``batch_shape``."""
        return binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none")

    def enumerate_support(self, expand=True):
        """Mirror ``Bernoulli.enumerate_support``: all values of the support along dim 0 (expanded over the batch if
        ``expand``)."""
        values = mg.arange(2, dtype=self._param.dtype, device=self._param.device)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand((-1,) + self._batch_shape)
        return values

    @property
    def _natural_params(self):
        return (mg.logit(self.probs),)

    def _log_normalizer(self, x):
        return mg.log1p(mg.exp(x))
