"""``torch.distributions.relaxed_bernoulli``: the relaxed (Concrete) Bernoulli and its logit."""


import minigrad as mg

from ..size import Size
from . import constraints
from .distribution import Distribution
from .transformed_distribution import TransformedDistribution
from .transforms import SigmoidTransform
from .utils import broadcast_all, clamp_probs, lazy_property, logits_to_probs, probs_to_logits

__all__ = ["LogitRelaxedBernoulli", "RelaxedBernoulli"]


class LogitRelaxedBernoulli(Distribution):
    """Mirror ``torch.distributions.relaxed_bernoulli.LogitRelaxedBernoulli(temperature, probs=None, logits=None,
    validate_args=None)``: the logit of a relaxed Bernoulli (logistic noise over ``temperature``)."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.real

    def __init__(self, temperature, probs=None, logits=None, validate_args=None):
        self.temperature = temperature
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
        """Mirror ``LogitRelaxedBernoulli.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(LogitRelaxedBernoulli, _instance)
        batch_shape = Size(batch_shape)
        new.temperature = self.temperature
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
            new._param = new.logits
        super(LogitRelaxedBernoulli, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args, **kwargs):
        return self._param.new(*args, **kwargs)

    @lazy_property
    def logits(self):
        """Mirror ``LogitRelaxedBernoulli.logits``: log-probabilities (log-odds for binary)."""
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        """Mirror ``LogitRelaxedBernoulli.probs``: the probabilities."""
        return logits_to_probs(self.logits, is_binary=True)

    @property
    def param_shape(self):
        """Mirror ``LogitRelaxedBernoulli.param_shape``: the shape of the probs/logits parameter."""
        return self._param.size()

    def rsample(self, sample_shape=()):
        """Mirror ``LogitRelaxedBernoulli.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        probs = clamp_probs(self.probs.expand(shape))
        uniforms = clamp_probs(mg.rand(shape, dtype=probs.dtype, device=probs.device))
        return (uniforms.log() - (-uniforms).log1p() + probs.log() - (-probs).log1p()) / self.temperature

    def log_prob(self, value):
        """Mirror ``LogitRelaxedBernoulli.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        diff = logits - value.mul(self.temperature)
        return self.temperature.log() + diff - 2 * diff.exp().log1p()


class RelaxedBernoulli(TransformedDistribution):
    """Mirror ``torch.distributions.RelaxedBernoulli(temperature, probs=None, logits=None, validate_args=None)``: the
    sigmoid of a ``LogitRelaxedBernoulli``: a differentiable stand-in for 0/1 draws."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.unit_interval
    has_rsample = True

    def __init__(self, temperature, probs=None, logits=None, validate_args=None):
        base_dist = LogitRelaxedBernoulli(temperature, probs, logits)
        super().__init__(base_dist, SigmoidTransform(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``RelaxedBernoulli.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(RelaxedBernoulli, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def temperature(self):
        """Mirror ``RelaxedBernoulli.temperature``: the relaxation temperature."""
        return self.base_dist.temperature

    @property
    def logits(self):
        """Mirror ``RelaxedBernoulli.logits``: log-probabilities (log-odds for binary)."""
        return self.base_dist.logits

    @property
    def probs(self):
        """Mirror ``RelaxedBernoulli.probs``: the probabilities."""
        return self.base_dist.probs
