"""``F.gumbel_softmax``: a softmax of logits perturbed by Gumbel noise, drawn from the generator as torch draws it
(``-empty_like(logits).exponential_().log()``), so that a seeded sample is torch's bit for bit; ``hard=True`` returns
one-hot vectors whose gradient is the soft sample's (the straight-through estimator)."""

import warnings

from .. import creation


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    """Mirror ``torch.nn.functional.gumbel_softmax``: ``softmax((logits + g) / tau, dim)``, ``g`` standard Gumbel
    noise; with ``hard``, ``y_hard - y_soft.detach() + y_soft`` (one-hot at each argmax, the soft gradient). ``eps``
    is deprecated and ignored, with torch's warning."""
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.", stacklevel=2)
    gumbels = -creation.zeros(tuple(logits.shape), dtype=logits.dtype).exponential_().log()  # ~Gumbel(0, 1)
    gumbels = (logits + gumbels) / tau  # ~Gumbel(logits, tau)
    y_soft = gumbels.softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = creation.zeros(tuple(logits.shape), dtype=logits.dtype).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft
