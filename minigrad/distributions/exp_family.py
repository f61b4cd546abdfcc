"""``torch.distributions.ExponentialFamily``: entropy from the log normalizer's gradient (Bregman divergence)."""

import minigrad as mg

from .distribution import Distribution

__all__ = ["ExponentialFamily"]


class ExponentialFamily(Distribution):
    """Mirror ``torch.distributions.ExponentialFamily``: subclasses give ``_natural_params``, ``_log_normalizer`` and
    ``_mean_carrier_measure``; ``entropy()`` differentiates the log normalizer (``create_graph=True``) as torch does."""

    @property
    def _natural_params(self):
        raise NotImplementedError

    def _log_normalizer(self, *natural_params):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        """Mirror ``ExponentialFamily.entropy()``."""
        result = -self._mean_carrier_measure
        nparams = [p.detach().requires_grad_() for p in self._natural_params]
        lg_normal = self._log_normalizer(*nparams)
        gradients = mg.autograd.grad(lg_normal.sum(), nparams, create_graph=True)
        result += lg_normal
        for np, g in zip(nparams, gradients):
            result -= (np * g).reshape(self._batch_shape + (-1,)).sum(-1)
        return result
