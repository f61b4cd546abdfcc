"""Catalogue cases for distributions (``minigrad.distributions``): gradients of ``log_prob``, ``entropy``, ``cdf``,
``rsample`` (seeded, so the draw is the same at every evaluation) and ``kl_divergence`` against central differences
in float64. ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import POSITIVE, REAL, Case, Domain, fixed

import minigrad as torch

D = torch.distributions
PROBS = Domain(0.1, 0.9)  # probabilities away from 0 and 1
LOW, HIGH = Domain(-2.0, -1.0), Domain(1.0, 2.0)  # Uniform bounds that never cross
MODERATE = Domain(0.5, 2.0)  # scales of heavy-tailed draws, where finite differences stay well conditioned
VALUE = torch.tensor([[0.3, -1.2, 2.0], [-0.4, 0.9, 1.5]], dtype=torch.float64)
CLASSES = torch.tensor([2, 0])
# validate_args=False where torch's validation (the simplex check's abs, positive_definite's cholesky_ex) or a
# mask (``q.probs == 0``) builds graph that the output does not use: saved tensors backward never unpacks, as in torch
OFF = {"validate_args": False}
SIMPLEX = torch.tensor([[0.2, 0.3, 0.5], [0.6, 0.1, 0.3]], dtype=torch.float64)


def _relaxed(d, value):
    """A relaxed sample plus the log density at ``value`` (broadcast over the event dim)."""
    log_prob = d.log_prob(value)
    return d.rsample() + log_prob.reshape(log_prob.shape + (1,) * (value.dim() - log_prob.dim()))

COUNTS = torch.tensor([[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]], dtype=torch.float64)


def _log_prob_and_entropy(d, value):
    """``log_prob(value) + entropy()`` of one instance (a Multinomial's probs, computed when it is made, then serve
    both: two instances would leave one's saved softmax unused)."""
    return d.log_prob(value) + d.entropy()


def _seeded(fn):
    """``fn`` after ``torch.manual_seed(0)``: the same draw at every evaluation of a finite difference."""

    def run(*inputs):
        torch.manual_seed(0)
        return fn(*inputs)

    return run


def _tril(a):
    """A lower Cholesky factor from any square ``a``: its lower triangle with 3 added to the diagonal."""
    return a.tril() + 3 * torch.eye(a.shape[-1], dtype=a.dtype)


def _cov(a):
    """A covariance matrix from any square ``a``: ``a @ a.mT + I``."""
    return a @ a.mT + torch.eye(a.shape[-1], dtype=a.dtype)


PAIR, THREE = fixed(((2, 3), (2, 3))), fixed(((2, 3), (2, 3), (2, 3)))
DISTRIBUTIONS_CATALOGUE = [
    Case("normal_log_prob", lambda m, s, v: D.Normal(m, s).log_prob(v), THREE, (REAL, POSITIVE, REAL),
         second_order=True),
    Case("normal_entropy", lambda s: D.Normal(0.0, s).entropy(), fixed(((2, 3),)), (POSITIVE,), second_order=True),
    Case("normal_rsample", _seeded(lambda m, s: D.Normal(m, s).rsample((2,))), PAIR, (REAL, POSITIVE),
         second_order=True),
    Case("normal_cdf", lambda m, s: D.Normal(m, s).cdf(VALUE), PAIR, (REAL, POSITIVE), second_order=True),
    Case("normal_icdf", lambda m, s, p: D.Normal(m, s).icdf(p), THREE, (REAL, POSITIVE, PROBS), second_order=True),
    Case("categorical_log_prob", lambda z: D.Categorical(logits=z).log_prob(CLASSES), fixed(((2, 3),)),
         second_order=True),
    Case("categorical_probs_log_prob", lambda p: D.Categorical(probs=p, **OFF).log_prob(CLASSES), fixed(((2, 3),)),
         (POSITIVE,), second_order=True),
    Case("categorical_entropy", lambda z: D.Categorical(logits=z).entropy(), fixed(((2, 3),)), second_order=True),
    Case("bernoulli_log_prob", lambda z: D.Bernoulli(logits=z).log_prob((VALUE > 0).double()), fixed(((2, 3),)),
         second_order=True),
    Case("bernoulli_probs_entropy", lambda p: D.Bernoulli(p).entropy(), fixed(((2, 3),)), (PROBS,), second_order=True),
    Case("uniform_rsample", _seeded(lambda lo, hi: D.Uniform(lo, hi).rsample((2,))), PAIR, (LOW, HIGH),
         second_order=True),
    Case("uniform_log_prob_entropy", lambda lo, hi: D.Uniform(lo, hi).log_prob(VALUE / 4) + D.Uniform(lo, hi).entropy(),
         PAIR, (LOW, HIGH), second_order=True),
    Case("exponential_rsample", _seeded(lambda r: D.Exponential(r).rsample((2,))), fixed(((3,),)), (POSITIVE,),
         second_order=True),
    Case("exponential_log_prob", lambda r: D.Exponential(r).log_prob(VALUE.abs()), fixed(((2, 3),)), (POSITIVE,),
         second_order=True),
    Case("laplace_rsample", _seeded(lambda m, s: D.Laplace(m, s).rsample((2,))), PAIR, (REAL, POSITIVE),
         second_order=True),
    Case("laplace_log_prob", lambda s: D.Laplace(VALUE + 0.25, s).log_prob(VALUE), fixed(((2, 3),)), (POSITIVE,),
         second_order=True),
    Case("independent_normal_log_prob", lambda m, s: D.Independent(D.Normal(m, s), 1).log_prob(VALUE), PAIR,
         (REAL, POSITIVE), second_order=True),
    Case("kl_normal_normal", lambda m, s: D.kl_divergence(D.Normal(m, s), D.Normal(VALUE, VALUE.abs() + 0.5)), PAIR,
         (REAL, POSITIVE), second_order=True),
    Case("kl_categorical_categorical", lambda a, b: D.kl_divergence(D.Categorical(a, **OFF), D.Categorical(b, **OFF)),
         PAIR, (POSITIVE,), second_order=True),
    Case("kl_bernoulli_bernoulli", lambda p, q: D.kl_divergence(D.Bernoulli(p), D.Bernoulli(q)), PAIR, (PROBS,),
         second_order=True),
    Case("poisson_log_prob", lambda r: D.Poisson(r).log_prob(VALUE.abs().round()), fixed(((2, 3),)), (POSITIVE,),
         second_order=True),
    Case("multinomial_log_prob_entropy", lambda z: _log_prob_and_entropy(D.Multinomial(3, logits=z, **OFF), COUNTS),
         fixed(((2, 3),)), second_order=True),
    Case("mvn_scale_tril_log_prob", lambda m, a: D.MultivariateNormal(m, scale_tril=_tril(a)).log_prob(VALUE[:, :2]),
         fixed(((2,), (2, 2)), ((2, 2), (2, 2))), second_order=True),
    Case("mvn_covariance_rsample", _seeded(lambda m, a: D.MultivariateNormal(m, _cov(a), **OFF).rsample((3,))),
         fixed(((2,), (2, 2)),), second_order=True),
    Case("mvn_entropy_kl", lambda a, b: D.MultivariateNormal(VALUE[0, :2], _cov(a), **OFF).entropy() + D.kl_divergence(
        D.MultivariateNormal(VALUE[0, :2], _cov(a), **OFF), D.MultivariateNormal(VALUE[1, :2], scale_tril=_tril(b))),
        fixed(((2, 2), (2, 2))), second_order=True),
    Case("lognormal_rsample_log_prob", _seeded(lambda m, s: D.LogNormal(m, s).rsample((2,))
                                               + D.LogNormal(m, s).log_prob(VALUE.abs() + 0.5)),
         PAIR, (REAL, POSITIVE), second_order=True),
    Case("gumbel_rsample_log_prob", _seeded(lambda m, s: D.Gumbel(m, s).rsample((2,)) + D.Gumbel(m, s).log_prob(VALUE)),
         PAIR, (REAL, POSITIVE), second_order=True),
    Case("relaxed_one_hot_rsample_log_prob", _seeded(lambda z: _relaxed(D.RelaxedOneHotCategorical(
        torch.tensor(0.7, dtype=torch.float64), logits=z, **OFF), SIMPLEX)), fixed(((2, 3),)), second_order=True),
    Case("relaxed_bernoulli_rsample_log_prob", _seeded(lambda p: _relaxed(D.RelaxedBernoulli(
        torch.tensor(0.7, dtype=torch.float64), probs=p), VALUE.sigmoid())), fixed(((2, 3),)), (PROBS,),
         second_order=True),
    Case("cauchy_rsample_log_prob", _seeded(lambda m, s: D.Cauchy(m, s).rsample((2,)) + D.Cauchy(m, s).log_prob(VALUE)),
         PAIR, (REAL, POSITIVE), second_order=True),
    Case("half_normal_rsample_log_prob", _seeded(lambda s: D.HalfNormal(s).rsample() + D.HalfNormal(s).log_prob(
        VALUE.abs())), fixed(((2, 3),)), (POSITIVE,), second_order=True),
    Case("geometric_log_prob_entropy", lambda p: D.Geometric(p).log_prob(VALUE.abs().round())
         + D.Geometric(p).entropy(), fixed(((2, 3),)), (PROBS,), second_order=True),
    Case("mixture_same_family_log_prob", lambda z, m: D.MixtureSameFamily(D.Categorical(logits=z, **OFF), D.Normal(
        m, VALUE.abs() + 0.5)).log_prob(VALUE[:, :1]), fixed(((2, 3), (2, 3))), second_order=True),
    Case("binomial_log_prob_entropy", lambda p: D.Binomial(3, p).log_prob(VALUE.abs().round())
         + D.Binomial(3, p).entropy(), fixed(((2, 3),)), (PROBS,), second_order=True),
    Case("pareto_rsample_log_prob", _seeded(lambda s, a: D.Pareto(s, a).rsample((2,)) + D.Pareto(s, a).log_prob(
        VALUE.abs() + 3.5)), PAIR, (MODERATE, Domain(1.5, 3.0)), second_order=True),
    Case("weibull_rsample_log_prob", _seeded(lambda s, k: D.Weibull(s, k).rsample((2,)) + D.Weibull(s, k).log_prob(
        VALUE.abs() + 0.5)), PAIR, (MODERATE, Domain(1.0, 3.0)), second_order=True),
    Case("continuous_bernoulli_rsample_log_prob", _seeded(lambda p: D.ContinuousBernoulli(p).rsample()
                                                          + D.ContinuousBernoulli(p).log_prob(VALUE.sigmoid())),
         fixed(((2, 3),)), (Domain(0.1, 0.45),), second_order=True),
]
