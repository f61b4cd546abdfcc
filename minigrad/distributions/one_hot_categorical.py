"""``torch.distributions.one_hot_categorical``: ``OneHotCategorical`` and its straight-through variant."""


import minigrad as mg

from ..size import Size
from . import constraints
from .categorical import Categorical
from .distribution import Distribution

__all__ = ["OneHotCategorical", "OneHotCategoricalStraightThrough"]


class OneHotCategorical(Distribution):
    """Mirror ``torch.distributions.OneHotCategorical(probs=None, logits=None, validate_args=None)``: a ``Categorical``
    whose samples are one-hot vectors (``event_shape`` is the number of categories)."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    support = constraints.one_hot
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        self._categorical = Categorical(probs, logits)
        batch_shape = self._categorical.batch_shape
        event_shape = Size(self._categorical.param_shape[-1:])
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``OneHotCategorical.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(OneHotCategorical, _instance)
        batch_shape = Size(batch_shape)
        new._categorical = self._categorical.expand(batch_shape)
        super(OneHotCategorical, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args, **kwargs):
        return self._categorical._new(*args, **kwargs)

    @property
    def _param(self):
        return self._categorical._param

    @property
    def probs(self):
        """Mirror ``OneHotCategorical.probs``: the probabilities."""
        return self._categorical.probs

    @property
    def logits(self):
        """Mirror ``OneHotCategorical.logits``: log-probabilities (log-odds for binary)."""
        return self._categorical.logits

    @property
    def mean(self):
        """Mirror ``OneHotCategorical.mean``: the mean."""
        return self._categorical.probs

    @property
    def mode(self):
        """Mirror ``OneHotCategorical.mode``: the mode."""
        probs = self._categorical.probs
        mode = probs.argmax(dim=-1)
        return mg.nn.functional.one_hot(mode, num_classes=probs.shape[-1]).to(probs)

    @property
    def variance(self):
        """Mirror ``OneHotCategorical.variance``: the variance."""
        return self._categorical.probs * (1 - self._categorical.probs)

    @property
    def param_shape(self):
        """Mirror ``OneHotCategorical.param_shape``: the shape of the probs/logits parameter."""
        return self._categorical.param_shape

    def sample(self, sample_shape=()):
        """Mirror ``OneHotCategorical.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn
        without grad as torch draws it."""
        sample_shape = Size(sample_shape)
        probs = self._categorical.probs
        num_events = self._categorical._num_events
        indices = self._categorical.sample(sample_shape)
        return mg.nn.functional.one_hot(indices, num_events).to(probs)

    def log_prob(self, value):
        """Mirror ``OneHotCategorical.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        indices = value.max(-1)[1]
        return self._categorical.log_prob(indices)

    def entropy(self):
        """Mirror ``OneHotCategorical.entropy``: the entropy, of shape ``batch_shape``."""
        return self._categorical.entropy()

    def enumerate_support(self, expand=True):
        """Mirror ``OneHotCategorical.enumerate_support``: all values of the support along dim 0 (expanded over the
        batch if ``expand``)."""
        n = self.event_shape[0]
        values = mg.eye(n, dtype=self._param.dtype, device=self._param.device)
        values = values.view((n,) + (1,) * len(self.batch_shape) + (n,))
        if expand:
            values = values.expand((n,) + self.batch_shape + (n,))
        return values


class OneHotCategoricalStraightThrough(OneHotCategorical):
    """Mirror ``torch.distributions.OneHotCategoricalStraightThrough``: ``rsample`` is a one-hot sample plus ``probs -
    probs.detach()`` (the straight-through gradient)."""

    has_rsample = True

    def rsample(self, sample_shape=()):
        """Mirror ``OneHotCategoricalStraightThrough.rsample``: a reparameterized sample: gradients flow to the
        parameters."""
        samples = self.sample(sample_shape)
        probs = self._categorical.probs
        return samples + (probs - probs.detach())
