"""``torch.distributions.independent``: ``Independent``: batch dims of a distribution reinterpreted as event dims."""



from ..size import Size
from . import constraints
from .distribution import Distribution
from .utils import _sum_rightmost

__all__ = ["Independent"]


class Independent(Distribution):
    """Mirror ``torch.distributions.Independent(base_distribution, reinterpreted_batch_ndims, validate_args=None)``: the
    rightmost batch dims of the base become event dims (``log_prob`` and ``entropy`` sum over them)."""

    arg_constraints = {}

    def __init__(self, base_distribution, reinterpreted_batch_ndims, validate_args=None):
        if reinterpreted_batch_ndims > len(base_distribution.batch_shape):
            raise ValueError(f"Expected reinterpreted_batch_ndims <= len(base_distribution.batch_shape), actual "
                f"{reinterpreted_batch_ndims} vs {len(base_distribution.batch_shape)}")
        shape: Size = base_distribution.batch_shape + base_distribution.event_shape
        event_dim: int = reinterpreted_batch_ndims + len(base_distribution.event_shape)
        batch_shape = Size(shape[: len(shape) - event_dim])
        event_shape = Size(shape[len(shape) - event_dim :])
        self.base_dist = base_distribution
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Independent.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Independent, _instance)
        batch_shape = Size(batch_shape)
        new.base_dist = self.base_dist.expand(batch_shape + self.event_shape[:self.reinterpreted_batch_ndims])
        new.reinterpreted_batch_ndims = self.reinterpreted_batch_ndims
        super(Independent, new).__init__(batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def has_rsample(self):
        """Mirror ``Independent.has_rsample``: whether the base distribution has rsample."""
        return self.base_dist.has_rsample

    @property
    def has_enumerate_support(self):
        """Mirror ``Independent.has_enumerate_support``: whether the support can be enumerated."""
        if self.reinterpreted_batch_ndims > 0:
            return False
        return self.base_dist.has_enumerate_support

    @constraints.dependent_property
    def support(self):
        """Mirror ``Independent.support``: the constraint samples satisfy."""
        result = self.base_dist.support
        if self.reinterpreted_batch_ndims:
            result = constraints.independent(result, self.reinterpreted_batch_ndims)
        return result

    @property
    def mean(self):
        """Mirror ``Independent.mean``: the mean."""
        return self.base_dist.mean

    @property
    def mode(self):
        """Mirror ``Independent.mode``: the mode."""
        return self.base_dist.mode

    @property
    def variance(self):
        """Mirror ``Independent.variance``: the variance."""
        return self.base_dist.variance

    def sample(self, sample_shape=()):
        """Mirror ``Independent.sample``: a sample of shape ``sample_shape + batch_shape + event_shape``, drawn without
        grad as torch draws it."""
        return self.base_dist.sample(sample_shape)

    def rsample(self, sample_shape=()):
        """Mirror ``Independent.rsample``: a reparameterized sample: gradients flow to the parameters."""
        return self.base_dist.rsample(sample_shape)

    def log_prob(self, value):
        """Mirror ``Independent.log_prob``: the log density (mass) at ``value``."""
        log_prob = self.base_dist.log_prob(value)
        return _sum_rightmost(log_prob, self.reinterpreted_batch_ndims)

    def entropy(self):
        """Mirror ``Independent.entropy``: the entropy, of shape ``batch_shape``."""
        entropy = self.base_dist.entropy()
        return _sum_rightmost(entropy, self.reinterpreted_batch_ndims)

    def enumerate_support(self, expand=True):
        """Mirror ``Independent.enumerate_support``: all values of the support along dim 0 (expanded over the batch if
        ``expand``)."""
        if self.reinterpreted_batch_ndims > 0:
            raise NotImplementedError("Enumeration over cartesian product is not implemented")
        return self.base_dist.enumerate_support(expand=expand)

    def __repr__(self):
        return self.__class__.__name__ + f"({self.base_dist}, {self.reinterpreted_batch_ndims})"
