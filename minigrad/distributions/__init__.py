"""``minigrad.distributions``: torch.distributions as VAEs, REINFORCE and Bayesian tutorials use it: ``Normal``,
``Categorical``, ``Bernoulli``... with torch's shapes, draws (the same generator calls), graphs, validation errors and
``kl_divergence``."""

from . import constraints, transforms
from .bernoulli import Bernoulli
from .binomial import Binomial
from .categorical import Categorical
from .cauchy import Cauchy
from .continuous_bernoulli import ContinuousBernoulli
from .distribution import Distribution
from .exp_family import ExponentialFamily
from .exponential import Exponential
from .geometric import Geometric
from .gumbel import Gumbel
from .half_cauchy import HalfCauchy
from .half_normal import HalfNormal
from .independent import Independent
from .kl import kl_divergence, register_kl
from .laplace import Laplace
from .log_normal import LogNormal
from .mixture_same_family import MixtureSameFamily
from .multinomial import Multinomial
from .multivariate_normal import MultivariateNormal
from .normal import Normal
from .one_hot_categorical import OneHotCategorical, OneHotCategoricalStraightThrough
from .pareto import Pareto
from .poisson import Poisson
from .relaxed_bernoulli import RelaxedBernoulli
from .relaxed_categorical import RelaxedOneHotCategorical
from .transformed_distribution import TransformedDistribution
from .transforms import *  # noqa: F403 - AffineTransform, ExpTransform... as torch.distributions has them
from .uniform import Uniform
from .weibull import Weibull

__all__ = [
    "Bernoulli", "Binomial", "Categorical", "Cauchy", "ContinuousBernoulli", "Distribution", "Exponential",
    "ExponentialFamily", "Geometric", "Gumbel", "HalfCauchy", "HalfNormal", "Independent", "Laplace", "LogNormal",
    "MixtureSameFamily", "Multinomial", "MultivariateNormal", "Normal", "OneHotCategorical",
    "OneHotCategoricalStraightThrough", "Pareto", "Poisson", "RelaxedBernoulli", "RelaxedOneHotCategorical",
    "TransformedDistribution", "Uniform", "Weibull", "constraints", "kl_divergence", "register_kl", "transforms",
]
__all__ += transforms.__all__

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.distributions")  # a name torch has and minigrad lacks says so
