"""``torch.renorm``: each slice of a tensor along a dim scaled down so that its p-norm is at most ``maxnorm``
(as ``nn.Embedding(max_norm=...)`` does to its rows), as a function and the Tensor methods ``renorm`` and
``renorm_``, with torch's checks."""

from .ops.norm import Renorm
from .public import public

__all__ = ["renorm"]


def _number(v):
    """A Scalar as torch's messages print it (C++'s ``<<`` of a double: ``-1``, ``-1.5``)."""
    return f"{float(v):g}"


@public("renorm", inplace="renorm_", function=False, parse=True)
def renorm(input, p, dim, maxnorm):
    """Mirror ``torch.renorm``: each slice of ``input`` along ``dim`` whose ``p``-norm exceeds ``maxnorm`` scaled by
    ``maxnorm / (norm + 1e-7)``, the others kept (RenormBackward0)."""
    if float(p) <= 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if float(maxnorm) < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {_number(maxnorm)}")
    if input.ndim <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {input.ndim} dimensions")
    input._wrap_dim(dim)
    if not input.dtype.is_floating_point:
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as input. Got "
                           f"{input.dtype.scalar_name}")  # fmt: skip
    return Renorm.apply(input, p=p, dim=dim, maxnorm=maxnorm)
