"""``torch.distributions.log_normal``: ``LogNormal(loc, scale)``, ``exp`` of a Normal."""



from . import constraints
from .normal import Normal
from .transformed_distribution import TransformedDistribution
from .transforms import ExpTransform

__all__ = ["LogNormal"]


class LogNormal(TransformedDistribution):
    """Mirror ``torch.distributions.LogNormal(loc, scale, validate_args=None)``: ``exp`` of a ``Normal(loc, scale)``."""

    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.positive
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        base_dist = Normal(loc, scale, validate_args=validate_args)
        super().__init__(base_dist, ExpTransform(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``LogNormal.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(LogNormal, _instance)
        return super().expand(batch_shape, _instance=new)

    @property
    def loc(self):
        """Mirror ``LogNormal.loc``: the base Normal's loc."""
        return self.base_dist.loc

    @property
    def scale(self):
        """Mirror ``LogNormal.scale``: the base Normal's scale."""
        return self.base_dist.scale

    @property
    def mean(self):
        """Mirror ``LogNormal.mean``: the mean."""
        return (self.loc + self.scale.pow(2) / 2).exp()

    @property
    def mode(self):
        """Mirror ``LogNormal.mode``: the mode."""
        return (self.loc - self.scale.square()).exp()

    @property
    def variance(self):
        """Mirror ``LogNormal.variance``: the variance."""
        scale_sq = self.scale.pow(2)
        return scale_sq.expm1() * (2 * self.loc + scale_sq).exp()

    def entropy(self):
        """Mirror ``LogNormal.entropy``: the entropy, of shape ``batch_shape``."""
        return self.base_dist.entropy() + self.loc
