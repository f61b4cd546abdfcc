"""``torch.distributions.categorical``: ``Categorical``: one of K categories, from probs or logits."""

import math

import minigrad as mg

from ..size import Size
from . import constraints
from .distribution import Distribution
from .utils import lazy_property, logits_to_probs, probs_to_logits

__all__ = ["Categorical"]


class Categorical(Distribution):
    """Mirror ``torch.distributions.Categorical(probs=None, logits=None, validate_args=None)``: one of ``K`` categories;
    ``probs`` are normalized over the last dim, ``logits`` have their ``logsumexp`` subtracted; ``sample`` draws with
    ``torch.multinomial(probs_2d, n, True)`` as torch does."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)
        else:
            if logits is None:
                raise AssertionError("logits is unexpectedly None")
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.logits = logits - logits.logsumexp(dim=-1, keepdim=True)
        self._param = self.probs if probs is not None else self.logits
        self._num_events = self._param.size()[-1]
        batch_shape = Size(self._param.size()[:-1]) if self._param.ndimension() > 1 else Size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Categorical.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Categorical, _instance)
        batch_shape = Size(batch_shape)
        param_shape = batch_shape + Size((self._num_events,))
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(param_shape)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(param_shape)
            new._param = new.logits
        new._num_events = self._num_events
        super(Categorical, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args, **kwargs):
        return self._param.new(*args, **kwargs)

    @constraints.dependent_property(is_discrete=True, event_dim=0)
    def support(self):
        """Mirror ``Categorical.support``: the constraint samples satisfy."""
        return constraints.integer_interval(0, self._num_events - 1)

    @lazy_property
    def logits(self):
        """Mirror ``Categorical.logits``: log-probabilities (log-odds for binary)."""
        return probs_to_logits(self.probs)

    @lazy_property
    def probs(self):
        """Mirror ``Categorical.probs``: the probabilities."""
        return logits_to_probs(self.logits)

    @property
    def param_shape(self):
        """Mirror ``Categorical.param_shape``: the shape of the probs/logits parameter."""
        return self._param.size()

    @property
    def mean(self):
        """Mirror ``Categorical.mean``: the mean."""
        return mg.full(self._extended_shape(), math.nan, dtype=self.probs.dtype, device=self.probs.device)

    @property
    def mode(self):
        """Mirror ``Categorical.mode``: the mode."""
        return self.probs.argmax(dim=-1)

    @property
    def variance(self):
        """Mirror ``Categorical.variance``: the variance."""
        return mg.full(self._extended_shape(), math.nan, dtype=self.probs.dtype, device=self.probs.device)

    def sample(self, sample_shape=()):
        """Mirror ``Categorical.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn without
        grad as torch draws it."""
        if not isinstance(sample_shape, mg.Size):
            sample_shape = Size(sample_shape)
        probs_2d = self.probs.reshape(-1, self._num_events)
        samples_2d = mg.multinomial(probs_2d, sample_shape.numel(), True).T
        return samples_2d.reshape(self._extended_shape(sample_shape))

    def log_prob(self, value):
        """Mirror ``Categorical.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        value = value.long().unsqueeze(-1)
        value, log_pmf = mg.broadcast_tensors(value, self.logits)
        value = value[..., :1]
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self):
        """Mirror ``Categorical.entropy``: the entropy, of shape ``batch_shape``."""
        min_real = mg.finfo(self.logits.dtype).min
        logits = mg.clamp(self.logits, min=min_real)
        p_log_p = logits * self.probs
        return -p_log_p.sum(-1)

    def enumerate_support(self, expand=True):
        """Mirror ``Categorical.enumerate_support``: all values of the support along dim 0 (expanded over the batch if
        ``expand``)."""
        num_events = self._num_events
        values = mg.arange(num_events, dtype=mg.long, device=self._param.device)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand((-1,) + self._batch_shape)
        return values
