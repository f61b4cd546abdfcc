"""``torch.distributions.Distribution``: the base class: shapes, argument validation, ``sample`` through ``rsample``
under ``no_grad``, ``repr``."""

import warnings

import minigrad as mg

from ..size import Size
from ..tensor import Tensor
from . import constraints
from .utils import lazy_property

__all__ = ["Distribution"]


class Distribution:
    """Mirror ``torch.distributions.Distribution(batch_shape=torch.Size(), event_shape=torch.Size(),
    validate_args=None)``: parameters are checked against ``arg_constraints`` (torch's ValueError) unless
    validation is off (:meth:`set_default_validate_args`, ``validate_args=False``)."""

    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value):
        """Mirror ``Distribution.set_default_validate_args(value)``: turn argument validation on or off."""
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=Size(), event_shape=Size(), validate_args=None):  # noqa: B008 - torch's defaults
        self._batch_shape, self._event_shape = batch_shape, event_shape
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            try:
                arg_constraints = self.arg_constraints
            except NotImplementedError:
                arg_constraints = {}
                warnings.warn(f"{self.__class__} does not define `arg_constraints`. Please set `arg_constraints = {{}}`"
                              " or initialize the distribution with `validate_args=False` to turn off validation.",
                              stacklevel=2)  # fmt: skip
            for param, constraint in arg_constraints.items():
                if constraints.is_dependent(constraint):
                    continue  # skip constraints that cannot be checked
                if param not in self.__dict__ and isinstance(getattr(type(self), param), lazy_property):
                    continue  # skip checking lazily-constructed args
                value = getattr(self, param)
                if not bool(constraint.check(value).all()):
                    raise ValueError(f"Expected parameter {param} ({type(value).__name__} of shape "
                                     f"{tuple(value.shape)}) of distribution {self!r} to satisfy the constraint "
                                     f"{constraint!r}, but found invalid values:\n{value}")  # fmt: skip

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Distribution.expand(batch_shape)``: the distribution with parameters expanded to ``batch_shape``."""
        raise NotImplementedError

    @property
    def batch_shape(self):
        """The shape over which parameters are batched."""
        return self._batch_shape

    @property
    def event_shape(self):
        """The shape of a single sample (without batching)."""
        return self._event_shape

    @property
    def arg_constraints(self):
        """``{parameter name: Constraint}``, checked when validation is on."""
        raise NotImplementedError

    @property
    def support(self):
        """The constraint that samples satisfy."""
        raise NotImplementedError

    @property
    def mean(self):
        """The mean (each distribution defines it)."""
        raise NotImplementedError

    @property
    def mode(self):
        """The mode; NotImplementedError with torch's message where a distribution has none."""
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self):
        """The variance (each distribution defines it)."""
        raise NotImplementedError

    @property
    def stddev(self):
        """``variance.sqrt()``."""
        return self.variance.sqrt()

    def sample(self, sample_shape=()):
        """Mirror ``Distribution.sample(sample_shape=torch.Size())``: ``rsample`` without grad."""
        with mg.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=()):
        """A reparameterized sample (gradients flow to the parameters); only where ``has_rsample``."""
        raise NotImplementedError

    def log_prob(self, value):
        """The log density (mass) at ``value``."""
        raise NotImplementedError

    def cdf(self, value):
        """The cumulative distribution function at ``value``."""
        raise NotImplementedError

    def icdf(self, value):
        """The inverse cdf at ``value``."""
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        """All values of a discrete support along dim 0."""
        raise NotImplementedError

    def entropy(self):
        """The entropy, of shape ``batch_shape``."""
        raise NotImplementedError

    def perplexity(self):
        """Mirror ``Distribution.perplexity()``: ``exp(entropy())``."""
        return mg.exp(self.entropy())

    def _extended_shape(self, sample_shape=()):
        """``sample_shape + batch_shape + event_shape``."""
        if not isinstance(sample_shape, Size):
            sample_shape = Size(sample_shape)
        return Size(sample_shape + self._batch_shape + self._event_shape)

    def _validate_sample(self, value):
        """torch's checks of a value given to ``log_prob``/``cdf``: shape, then the support."""
        if not isinstance(value, Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError(f"The right-most size of value must match event_shape: {value.size()} vs "
                             f"{self._event_shape}.")  # fmt: skip
        actual_shape = value.size()
        expected_shape = self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual_shape), reversed(expected_shape)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(f"Value is not broadcastable with batch_shape+event_shape: {actual_shape} vs "
                                 f"{expected_shape}.")  # fmt: skip
        try:
            support = self.support
        except NotImplementedError:
            warnings.warn(f"{self.__class__} does not define `support` to enable sample validation. Please initialize"
                          " the distribution with `validate_args=False` to turn off validation.", stacklevel=2)
            return
        if not bool(support.check(value).all()):
            raise ValueError(f"Expected value argument ({type(value).__name__} of shape {tuple(value.shape)}) to be "
                             f"within the support ({support!r}) of the distribution {self!r}, but found invalid "
                             f"values:\n{value}")  # fmt: skip

    def _get_checked_instance(self, cls, _instance=None):
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom "
                                      "__init__ method must also define a custom .expand() method.")  # fmt: skip
        return self.__new__(type(self)) if _instance is None else _instance

    def __repr__(self):
        params = [k for k in self.arg_constraints if k in self.__dict__]
        shown = [f"{p}: {self.__dict__[p] if self.__dict__[p].numel() == 1 else self.__dict__[p].size()}"
                 for p in params]  # fmt: skip
        return self.__class__.__name__ + "(" + ", ".join(shown) + ")"
