"""A tensor's diagonals as torch has them: ``torch.diagonal`` and ``Tensor.diagonal`` (a view), ``torch.diag`` (a
matrix's diagonal, or a vector laid on one), ``torch.diag_embed``, ``torch.diagflat`` and ``torch.trace``; each is
registered with ``@public`` and exported as ``minigrad.<name>`` by this module's ``__all__``."""

from .ops import diagonals as D
from .public import public

__all__ = ["diag", "diag_embed", "diagflat", "diagonal", "trace"]


@public("diagonal", function=False, parse=True)
def diagonal(input, offset=0, dim1=0, dim2=1):
    """Mirror ``torch.diagonal``: the diagonal over dims ``dim1`` and ``dim2`` (last in the result), ``offset`` above
    the main one; a view of ``input`` (DiagonalBackward0)."""
    return D.Diagonal.apply(input, offset=offset, dim1=dim1, dim2=dim2)


@public("diag", function=False, parse=True)
def diag(input, diagonal=0):
    """Mirror ``torch.diag``: a matrix's diagonal as a new vector (DiagonalBackward0_copy), or a square matrix with a
    vector on its diagonal (DiagEmbedBackward0), ``diagonal`` above the main one."""
    if input.ndim == 1:
        return D.DiagEmbed.apply(input, offset=diagonal)
    if input.ndim != 2:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {input.ndim}D")
    return D.DiagonalCopy.apply(input, offset=diagonal, dim1=0, dim2=1)


@public("trace", function=False)
def trace(input):
    """Mirror ``torch.trace``: the sum of a matrix's main diagonal (TraceBackward0; integers sum to int64)."""
    return D.Trace.apply(input)


@public("diag_embed", function=False, parse=True)
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Mirror ``torch.diag_embed``: zeros with the last dim of ``input`` on the diagonal over dims ``dim1`` and
    ``dim2`` of the result (one more dim than ``input``), ``offset`` above the main one (DiagEmbedBackward0)."""
    return D.DiagEmbedDims.apply(input, offset=offset, dim1=dim1, dim2=dim2)


@public("diagflat", function=False, parse=True)
def diagflat(input, offset=0):
    """Mirror ``torch.diagflat``: a square matrix with the elements of ``input`` (flattened, as
    ``input.contiguous().view(-1)``) on its diagonal, ``offset`` above the main one (DiagEmbedBackward0)."""
    return D.DiagEmbed.apply(input.contiguous().view(-1), offset=offset)
