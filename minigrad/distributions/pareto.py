"""``torch.distributions.pareto``: ``Pareto(scale, alpha)``, the power-law distribution."""



from . import constraints
from .exponential import Exponential
from .transformed_distribution import TransformedDistribution
from .transforms import AffineTransform, ExpTransform
from .utils import broadcast_all

__all__ = ["Pareto"]


class Pareto(TransformedDistribution):
    """Mirror ``torch.distributions.Pareto(scale, alpha, validate_args=None)``: ``scale * exp(x)`` for ``x ~
    Exponential(alpha)``."""

    arg_constraints = {"alpha": constraints.positive, "scale": constraints.positive}

    def __init__(self, scale, alpha, validate_args=None):
        self.scale, self.alpha = broadcast_all(scale, alpha)
        base_dist = Exponential(self.alpha, validate_args=validate_args)
        transforms = [ExpTransform(), AffineTransform(loc=0, scale=self.scale)]
        super().__init__(base_dist, transforms, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        """Mirror ``Pareto.expand``: the distribution with parameters expanded to ``batch_shape`` (no new
        validation)."""
        new = self._get_checked_instance(Pareto, _instance)
        new.scale = self.scale.expand(batch_shape)
        new.alpha = self.alpha.expand(batch_shape)
        return super().expand(batch_shape, _instance=new)

    @property
    def mean(self):
        """Mirror ``Pareto.mean``: the mean."""
        a = self.alpha.clamp(min=1)
        return a * self.scale / (a - 1)

    @property
    def mode(self):
        """Mirror ``Pareto.mode``: the mode."""
        return self.scale

    @property
    def variance(self):
        """Mirror ``Pareto.variance``: the variance."""
        a = self.alpha.clamp(min=2)
        return self.scale.pow(2) * a / ((a - 1).pow(2) * (a - 2))

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self):
        """Mirror ``Pareto.support``: the constraint samples satisfy."""
        return constraints.greater_than_eq(self.scale)

    def entropy(self):
        """Mirror ``Pareto.entropy``: the entropy, of shape ``batch_shape``."""
        return (self.scale / self.alpha).log() + (1 + self.alpha.reciprocal())
