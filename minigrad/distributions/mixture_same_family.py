"""``torch.distributions.mixture_same_family``: ``MixtureSameFamily``, a categorical mixture of components."""


import minigrad as mg

from ..size import Size
from . import constraints
from .categorical import Categorical
from .constraints import MixtureSameFamilyConstraint
from .distribution import Distribution

__all__ = ["MixtureSameFamily"]


class MixtureSameFamily(Distribution):
    """Mirror ``torch.distributions.MixtureSameFamily(mixture_distribution, component_distribution,
    validate_args=None)``: a ``Categorical`` mixture of the components along the rightmost batch dim (Gaussian
    mixtures); no ``rsample``."""

    arg_constraints = {}
    has_rsample = False

    def __init__(self, mixture_distribution, component_distribution, validate_args=None):
        self._mixture_distribution = mixture_distribution
        self._component_distribution = component_distribution
        if not isinstance(self._mixture_distribution, Categorical):
            raise ValueError(" The Mixture distribution needs to be an  instance of torch.distributions.Categorical")
        if not isinstance(self._component_distribution, Distribution):
            raise ValueError("The Component distribution needs to be an instance of torch.distributions.Distribution")
        mdbs = self._mixture_distribution.batch_shape
        cdbs = Size(self._component_distribution.batch_shape[:-1])
        for size1, size2 in zip(reversed(mdbs), reversed(cdbs)):
            if size1 != 1 and size2 != 1 and (size1 != size2):
                raise ValueError(f"`mixture_distribution.batch_shape` ({mdbs}) is not compatible with "
                                 f"`component_distribution.batch_shape`({cdbs})")
        km = self._mixture_distribution.logits.shape[-1]
        kc = self._component_distribution.batch_shape[-1]
        if km is not None and kc is not None and (km != kc):
            raise ValueError(f"`mixture_distribution component` ({km}) does not equal "
                             f"`component_distribution.batch_shape[-1]` ({kc})")
        self._num_component = km
        event_shape = self._component_distribution.event_shape
        self._event_ndims = len(event_shape)
        super().__init__(batch_shape=cdbs, event_shape=event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``MixtureSameFamily.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        batch_shape = Size(batch_shape)
        batch_shape_comp = batch_shape + (self._num_component,)
        new = self._get_checked_instance(MixtureSameFamily, _instance)
        new._component_distribution = self._component_distribution.expand(batch_shape_comp)
        new._mixture_distribution = self._mixture_distribution.expand(batch_shape)
        new._num_component = self._num_component
        new._event_ndims = self._event_ndims
        event_shape = new._component_distribution.event_shape
        super(MixtureSameFamily, new).__init__(batch_shape=batch_shape, event_shape=event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @constraints.dependent_property
    def support(self):
        """Mirror ``MixtureSameFamily.support``: the constraint samples satisfy."""
        return MixtureSameFamilyConstraint(self._component_distribution.support)

    @property
    def mixture_distribution(self):
        """Mirror ``MixtureSameFamily.mixture_distribution``: the Categorical over components."""
        return self._mixture_distribution

    @property
    def component_distribution(self):
        """Mirror ``MixtureSameFamily.component_distribution``: the components."""
        return self._component_distribution

    @property
    def mean(self):
        """Mirror ``MixtureSameFamily.mean``: the mean."""
        probs = self._pad_mixture_dimensions(self.mixture_distribution.probs)
        return mg.sum(probs * self.component_distribution.mean, dim=-1 - self._event_ndims)

    @property
    def variance(self):
        """Mirror ``MixtureSameFamily.variance``: the variance."""
        probs = self._pad_mixture_dimensions(self.mixture_distribution.probs)
        mean_cond_var = mg.sum(probs * self.component_distribution.variance, dim=-1 - self._event_ndims)
        deviation = (self.component_distribution.mean - self._pad(self.mean)).pow(2.0)
        var_cond_mean = mg.sum(probs * deviation, dim=-1 - self._event_ndims)
        return mean_cond_var + var_cond_mean

    def cdf(self, x):
        """Mirror ``MixtureSameFamily.cdf``: the cumulative distribution function at ``value``."""
        x = self._pad(x)
        cdf_x = self.component_distribution.cdf(x)
        mix_prob = self.mixture_distribution.probs
        return mg.sum(cdf_x * mix_prob, dim=-1)

    def log_prob(self, x):
        """Mirror ``MixtureSameFamily.log_prob``: the log density (mass) at ``value``."""
        if self._validate_args:
            self._validate_sample(x)
        x = self._pad(x)
        log_prob_x = self.component_distribution.log_prob(x)
        log_mix_prob = mg.log_softmax(self.mixture_distribution.logits, dim=-1)
        return mg.logsumexp(log_prob_x + log_mix_prob, dim=-1)

    def sample(self, sample_shape=()):
        """Mirror ``MixtureSameFamily.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn
        without grad as torch draws it."""
        with mg.no_grad():
            sample_len = len(sample_shape)
            batch_len = len(self.batch_shape)
            gather_dim = sample_len + batch_len
            es = self.event_shape
            mix_sample = self.mixture_distribution.sample(sample_shape)
            mix_shape = mix_sample.shape
            comp_samples = self.component_distribution.sample(sample_shape)
            mix_sample_r = mix_sample.reshape(mix_shape + Size([1] * (len(es) + 1)))
            mix_sample_r = mix_sample_r.repeat(Size([1] * len(mix_shape)) + Size([1]) + es)
            samples = mg.gather(comp_samples, gather_dim, mix_sample_r)
            return samples.squeeze(gather_dim)

    def _pad(self, x):
        return x.unsqueeze(-1 - self._event_ndims)

    def _pad_mixture_dimensions(self, x):
        dist_batch_ndims = len(self.batch_shape)
        cat_batch_ndims = len(self.mixture_distribution.batch_shape)
        pad_ndims = 0 if cat_batch_ndims == 1 else dist_batch_ndims - cat_batch_ndims
        xs = x.shape
        x = x.reshape(xs[:-1] + Size(pad_ndims * [1]) + xs[-1:] + Size(self._event_ndims * [1]))
        return x

    def __repr__(self):
        args_string = f"\n  {self.mixture_distribution},\n  {self.component_distribution}"
        return "MixtureSameFamily" + "(" + args_string + ")"
