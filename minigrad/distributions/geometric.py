"""``torch.distributions.geometric``: ``Geometric``, failures before the first success."""


import minigrad as mg

from ..nn.functional import binary_cross_entropy_with_logits
from ..size import Size
from . import constraints
from .distribution import Distribution
from .utils import broadcast_all, lazy_property, logits_to_probs, probs_to_logits

__all__ = ["Geometric"]


class Geometric(Distribution):
    """Mirror ``torch.distributions.Geometric(probs=None, logits=None, validate_args=None)``: the number of failures
    before the first success; ``sample`` floors ``log(u) / log1p(-probs)`` with ``u`` from ``uniform_(tiny, 1)``."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.nonnegative_integer

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            self.probs, = broadcast_all(probs)
        else:
            if logits is None:
                raise AssertionError("logits is unexpectedly None")
            self.logits, = broadcast_all(logits)
        probs_or_logits = probs if probs is not None else logits
        if isinstance(probs_or_logits, (int, float)):
            batch_shape = Size()
        else:
            if probs_or_logits is None:
                raise AssertionError("probs_or_logits is unexpectedly None")
            batch_shape = probs_or_logits.size()
        super().__init__(batch_shape, validate_args=validate_args)
        if self._validate_args and probs is not None:
            value = self.probs
            valid = value > 0
            if not valid.all():
                invalid_value = value.data[~valid]
                raise ValueError(f"Expected parameter probs ({type(value).__name__} of shape {tuple(value.shape)}) of "
                                 f"distribution {self!r} to be positive but found invalid values:\n{invalid_value}")

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Geometric.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Geometric, _instance)
        batch_shape = Size(batch_shape)
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
        super(Geometric, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def mean(self):
        """Mirror ``Geometric.mean``: the mean."""
        return 1.0 / self.probs - 1.0

    @property
    def mode(self):
        """Mirror ``Geometric.mode``: the mode."""
        return mg.zeros_like(self.probs)

    @property
    def variance(self):
        """Mirror ``Geometric.variance``: the variance."""
        return (1.0 / self.probs - 1.0) / self.probs

    @lazy_property
    def logits(self):
        """Mirror ``Geometric.logits``: log-probabilities (log-odds for binary)."""
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        """Mirror ``Geometric.probs``: the probabilities."""
        return logits_to_probs(self.logits, is_binary=True)

    def sample(self, sample_shape=()):
        """Mirror ``Geometric.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn without
        grad as torch draws it."""
        shape = self._extended_shape(sample_shape)
        tiny = mg.finfo(self.probs.dtype).tiny
        with mg.no_grad():
            u = self.probs.new(shape).uniform_(tiny, 1)
            return (u.log() / (-self.probs).log1p()).floor()

    def log_prob(self, value):
        """Mirror ``Geometric.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        value, probs = broadcast_all(value, self.probs)
        probs = probs.clone()  # torch: clone(memory_format=torch.contiguous_format)
        probs[(probs == 1) & (value == 0)] = 0
        return value * (-probs).log1p() + self.probs.log()

    def entropy(self):
        """Mirror ``Geometric.entropy``: the entropy, of shape ``batch_shape``."""
        return binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none") / self.probs
