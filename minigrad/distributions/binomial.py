"""``torch.distributions.binomial``: ``Binomial``, and the draws of torch's ``torch.binomial`` CPU kernel."""


import math

import numpy as np

import minigrad as mg

from ..ops._util import wrap
from ..random import default_generator
from ..sampling import uniform_double
from ..size import Size
from . import constraints
from .distribution import Distribution
from .utils import broadcast_all, lazy_property, logits_to_probs, probs_to_logits

__all__ = ["Binomial"]


def _clamp_by_zero(x):
    return (x.clamp(min=0) + x - x.clamp(max=0)) / 2


class Binomial(Distribution):
    """Mirror ``torch.distributions.Binomial(total_count=1, probs=None, logits=None, validate_args=None)``: successes in
    ``total_count`` trials; ``sample`` draws as torch's ``torch.binomial`` CPU kernel does (inversion, or BTRS rejection
    when ``count * p >= 10``), one element after another."""

    arg_constraints = {"total_count": constraints.nonnegative_integer, "probs": constraints.unit_interval,
                       "logits": constraints.real}
    has_enumerate_support = True

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            self.total_count, self.probs = broadcast_all(total_count, probs)
            self.total_count = self.total_count.type_as(self.probs)
        else:
            if logits is None:
                raise AssertionError("logits is unexpectedly None")
            self.total_count, self.logits = broadcast_all(total_count, logits)
            self.total_count = self.total_count.type_as(self.logits)
        self._param = self.probs if probs is not None else self.logits
        batch_shape = self._param.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Binomial.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Binomial, _instance)
        batch_shape = Size(batch_shape)
        new.total_count = self.total_count.expand(batch_shape)
        if "probs" in self.__dict__:
            new.probs = self.probs.expand(batch_shape)
            new._param = new.probs
        if "logits" in self.__dict__:
            new.logits = self.logits.expand(batch_shape)
            new._param = new.logits
        super(Binomial, new).__init__(batch_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _new(self, *args, **kwargs):
        return self._param.new(*args, **kwargs)

    @constraints.dependent_property(is_discrete=True, event_dim=0)
    def support(self):
        """Mirror ``Binomial.support``: the constraint samples satisfy."""
        return constraints.integer_interval(0, self.total_count)

    @property
    def mean(self):
        """Mirror ``Binomial.mean``: the mean."""
        return self.total_count * self.probs

    @property
    def mode(self):
        """Mirror ``Binomial.mode``: the mode."""
        return ((self.total_count + 1) * self.probs).floor().clamp(max=self.total_count)

    @property
    def variance(self):
        """Mirror ``Binomial.variance``: the variance."""
        return self.total_count * self.probs * (1 - self.probs)

    @lazy_property
    def logits(self):
        """Mirror ``Binomial.logits``: log-probabilities (log-odds for binary)."""
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        """Mirror ``Binomial.probs``: the probabilities."""
        return logits_to_probs(self.logits, is_binary=True)

    @property
    def param_shape(self):
        """Mirror ``Binomial.param_shape``: the shape of the probs/logits parameter."""
        return self._param.size()

    def sample(self, sample_shape=()):
        """Mirror ``Binomial.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn without
        grad as torch draws it."""
        shape = self._extended_shape(sample_shape)
        with mg.no_grad():  # torch: torch.binomial(total_count.expand(shape), probs.expand(shape))
            count, probs = self.total_count.expand(shape), self.probs.expand(shape)
            return wrap(_binomial_draws(default_generator, count._data, probs._data))

    def log_prob(self, value):
        """Mirror ``Binomial.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(value)
        log_factorial_n = mg.lgamma(self.total_count + 1)
        log_factorial_k = mg.lgamma(value + 1)
        log_factorial_nmk = mg.lgamma(self.total_count - value + 1)
        normalize_term = (self.total_count * _clamp_by_zero(self.logits)
                          + self.total_count * mg.log1p(mg.exp(-mg.abs(self.logits))) - log_factorial_n)
        return value * self.logits - log_factorial_k - log_factorial_nmk - normalize_term

    def entropy(self):
        """Mirror ``Binomial.entropy``: the entropy, of shape ``batch_shape``."""
        total_count = int(self.total_count.max())
        if not self.total_count.min() == total_count:
            raise NotImplementedError("Inhomogeneous total count not supported by `entropy`.")
        log_prob = self.log_prob(self.enumerate_support(False))
        return -(mg.exp(log_prob) * log_prob).sum(0)

    def enumerate_support(self, expand=True):
        """Mirror ``Binomial.enumerate_support``: all values of the support along dim 0 (expanded over the batch if
        ``expand``)."""
        total_count = int(self.total_count.max())
        if not self.total_count.min() == total_count:
            raise NotImplementedError("Inhomogeneous total count not supported by `enumerate_support`.")
        values = mg.arange(1 + total_count, dtype=self._param.dtype, device=self._param.device)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand((-1,) + self._batch_shape)
        return values


def _binomial_draws(gen, count, prob):
    """``_s_binomial_cpu``: one ``sample_binomial`` per element in memory order of the output (C order here), each
    drawing as many float64 uniforms as it needs; arithmetic in the tensors' dtype where torch's is in ``scalar_t``."""
    f = count.dtype.type
    out = np.empty(np.broadcast_shapes(count.shape, prob.shape), count.dtype)
    count, prob = np.broadcast_to(count, out.shape), np.broadcast_to(prob, out.shape)

    def uniform():
        return float(uniform_double(gen, 1)[0])

    for index in np.ndindex(out.shape):
        out[index] = _sample_binomial(f, f(count[index]), f(prob[index]), uniform)
    return out


def _sample_binomial(f, count, prob, uniform):
    """ATen's ``sample_binomial``: ``count`` and ``prob`` are numpy scalars of the dtype ``f``."""
    if count <= 0.0 or prob <= 0.0:
        return f(0)
    if prob >= 1.0:
        return count
    if prob <= 0.5:
        if float(count * prob) >= 10.0:
            return _btrs(f, count, prob, uniform)
        return _binomial_inversion(f, count, prob, uniform)
    if prob > 0.5:
        qprob = f(1.0 - float(prob))
        if float(count * qprob) >= 10.0:
            return count - _btrs(f, count, qprob, uniform)
        return count - _binomial_inversion(f, count, qprob, uniform)
    return f(math.nan)


def _binomial_inversion(f, count, prob, uniform):
    """Count geometric waiting times until they pass ``count``."""
    geom_sum, num_geom = 0.0, f(0)
    logprob = float(np.log1p(-prob))  # log1p in scalar_t, then float64
    while True:
        geom = math.ceil(math.log(uniform()) / logprob)
        geom_sum += geom
        if geom_sum > float(count):
            return num_geom
        num_geom = num_geom + f(1)


_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
         0.0138761288230707, 0.0118967099458917, 0.0104112652619720, 0.00925546218271273, 0.00833056343336287)


def _stirling_approx_tail(k):
    if k < len(_TAIL):
        return _TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _btrs(f, count, prob, uniform):
    """Hormann's transformed rejection with squeeze (BTRS), as ATen writes it (float64 accumulators)."""
    stddev = float(np.sqrt(count * prob * (f(1) - prob)))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * float(prob)
    c = float(count * prob) + 0.5
    v_r = 0.92 - 4.2 / b
    r = float(prob / (f(1) - prob))
    alpha = (2.83 + 5.1 / b) * stddev
    m = float(np.floor((count + f(1)) * prob))
    n = float(count)
    while True:
        u = uniform() - 0.5
        v = uniform()
        us = 0.5 - abs(u)
        k = f(math.floor((2 * a / us + b) * u + c))
        if k < 0 or k > count:
            continue
        if us >= 0.07 and v <= v_r:
            return k
        v = math.log(v * alpha / (a / (us * us) + b))
        kf = float(k)
        upperbound = ((m + 0.5) * math.log((m + 1) / (r * (n - m + 1)))
                      + float(count + f(1)) * math.log((n - m + 1) / float(count - k + f(1)))
                      + (kf + 0.5) * math.log(r * float(count - k + f(1)) / float(k + f(1)))
                      + _stirling_approx_tail(m) + _stirling_approx_tail(n - m)
                      - _stirling_approx_tail(kf) - _stirling_approx_tail(float(count - k)))
        if v <= upperbound:
            return k
