"""``torch.distributions.relaxed_categorical``: the Gumbel-softmax (Concrete) distribution and its log."""


import minigrad as mg

from ..size import Size
from . import constraints
from .categorical import Categorical
from .distribution import Distribution
from .transformed_distribution import TransformedDistribution
from .transforms import ExpTransform
from .utils import broadcast_all, clamp_probs

__all__ = ["ExpRelaxedCategorical", "RelaxedOneHotCategorical"]


class ExpRelaxedCategorical(Distribution):
    """Mirror ``torch.distributions.relaxed_categorical.ExpRelaxedCategorical(temperature, probs=None, logits=None,
    validate_args=None)``: the log of a Gumbel-softmax sample."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    support = constraints.real_vector
    has_rsample = True

    def __init__(self, temperature, probs=None, logits=None, validate_args=None):
        self._categorical = Categorical(probs, logits)
        self.temperature = temperature
        batch_shape = self._categorical.batch_shape
        event_shape = Size(self._categorical.param_shape[-1:])
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``ExpRelaxedCategorical.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(ExpRelaxedCategorical, _instance)
        batch_shape = Size(batch_shape)
        new.temperature = self.temperature
        new._categorical = self._categorical.expand(batch_shape)
        super(ExpRelaxedCategorical, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args, **kwargs):
        return self._categorical._new(*args, **kwargs)

    @property
    def param_shape(self):
        """Mirror ``ExpRelaxedCategorical.param_shape``: the shape of the probs/logits parameter."""
        return self._categorical.param_shape

    @property
    def logits(self):
        """Mirror ``ExpRelaxedCategorical.logits``: log-probabilities (log-odds for binary)."""
        return self._categorical.logits

    @property
    def probs(self):
        """Mirror ``ExpRelaxedCategorical.probs``: the probabilities."""
        return self._categorical.probs

    def rsample(self, sample_shape=()):
        """Mirror ``ExpRelaxedCategorical.rsample``: a reparameterized sample: gradients flow to the parameters."""
        shape = self._extended_shape(sample_shape)
        uniforms = clamp_probs(mg.rand(shape, dtype=self.logits.dtype, device=self.logits.device))
        gumbels = -(-uniforms.log()).log()
        scores = (self.logits + gumbels) / self.temperature
        return scores - scores.logsumexp(dim=-1, keepdim=True)

    def log_prob(self, value):
        """Mirror ``ExpRelaxedCategorical.log_prob``: the log density (mass) at ``value``."""
        K = self._categorical._num_events
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        log_scale = mg.full_like(self.temperature, float(K)).lgamma() - self.temperature.log().mul(-(K - 1))
        score = logits - value.mul(self.temperature)
        score = (score - score.logsumexp(dim=-1, keepdim=True)).sum(-1)
        return score + log_scale


class RelaxedOneHotCategorical(TransformedDistribution):
    """Mirror ``torch.distributions.RelaxedOneHotCategorical(temperature, probs=None, logits=None,
    validate_args=None)``: the Gumbel-softmax (Concrete) distribution, ``exp`` of an ``ExpRelaxedCategorical``."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    support = constraints.simplex
    has_rsample = True

    def __init__(self, temperature, probs=None, logits=None, validate_args=None):
        base_dist = ExpRelaxedCategorical(temperature, probs, logits, validate_args=validate_args)
        super().__init__(base_dist, ExpTransform(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``RelaxedOneHotCategorical.expand``: the distribution with parameters expanded to ``batch_shape`` (no
        new validation)."""
        new = self._get_checked_instance(RelaxedOneHotCategorical, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def temperature(self):
        """Mirror ``RelaxedOneHotCategorical.temperature``: the relaxation temperature."""
        return self.base_dist.temperature

    @property
    def logits(self):
        """Mirror ``RelaxedOneHotCategorical.logits``: log-probabilities (log-odds for binary)."""
        return self.base_dist.logits

    @property
    def probs(self):
        """Mirror ``RelaxedOneHotCategorical.probs``: the probabilities."""
        return self.base_dist.probs
