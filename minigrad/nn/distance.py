"""How alike two tensors are: ``cosine_similarity`` (``torch.cosine_similarity`` and ``F.cosine_similarity``) and
its layer ``nn.CosineSimilarity``, written as torch's ATen composite writes it, so that its graph, values and
gradients are torch's; ``nn.PairwiseDistance`` and ``pdist`` (``torch.pdist``, PdistBackward0)."""

import numbers

from .. import dtypes
from ..arguments import word
from ..autograd import grad_mode
from ..ops._util import infer_size
from ..ops.pdist import Pdist
from ..products import pairwise_distance
from .module import Module


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """Mirror ``torch.nn.functional.cosine_similarity``: the cosine of the angle between ``x1`` and ``x2`` (broadcast
    together) along ``dim``. As torch does, each is divided by its 2-norm first (a norm cloned, then raised to at
    least ``eps`` in place outside the graph), so the result stays within [-1, 1]: SumBackward1 over MulBackward0,
    DivBackward0, CloneBackward0 and LinalgVectorNormBackward0. Integer inputs are converted to the floating
    dtype they promote to; the common dtype must be floating."""
    common = dtypes.result_type((x1, x2))
    if not common.is_floating_point:
        raise RuntimeError(
            f"expected common dtype to be floating point, yet common dtype is {common.scalar_name}"
        )
    x1, x2 = (x.to(common) if not x.dtype.is_floating_point else x for x in (x1, x2))
    if x1.shape != x2.shape:  # torch's expand_outplace: both expanded (ExpandBackward0) when the shapes differ
        shape = infer_size(x1.shape, x2.shape)
        x1, x2 = x1.expand(shape), x2.expand(shape)
    norm1 = x1.norm(2, dim, keepdim=True).clone()
    norm2 = x2.norm(2, dim, keepdim=True).clone()
    with grad_mode.no_grad():
        norm1.clamp_min_(eps)
        norm2.clamp_min_(eps)
    return ((x1 / norm1) * (x2 / norm2)).sum(dim)


class CosineSimilarity(Module):
    """Mirror ``torch.nn.CosineSimilarity(dim=1, eps=1e-8)``: :func:`cosine_similarity` of its two inputs."""

    def __init__(self, dim=1, eps=1e-8):
        super().__init__()
        self.dim, self.eps = dim, eps

    def forward(self, x1, x2):
        return cosine_similarity(x1, x2, self.dim, self.eps)


class PairwiseDistance(Module):
    """Mirror ``torch.nn.PairwiseDistance(p=2.0, eps=1e-6, keepdim=False)``: ``pairwise_distance`` of its two
    inputs (``p`` kept as ``norm``, as torch names it)."""

    def __init__(self, p=2.0, eps=1e-6, keepdim=False):
        super().__init__()
        self.norm, self.eps, self.keepdim = p, eps, keepdim

    def forward(self, x1, x2):
        return pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


def pdist(input, p=2):
    """Mirror ``torch.nn.functional.pdist`` (and ``torch.pdist``): the ``p``-norm distance between every pair of rows
    of a 2-D ``input``, the pairs ``i < j`` in row-major order (PdistBackward0)."""
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"pdist(): argument 'p' must be float, not {word(p)}")
    if input.ndim != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {input.ndim}D")
    if not input.dtype.is_floating_point:
        raise RuntimeError("pdist only supports floating-point dtypes")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    return Pdist.apply(input.contiguous(), p=float(p))
