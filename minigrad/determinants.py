"""The determinant and the inverse as functions of ``torch`` and Tensor methods: ``torch.det``, ``torch.slogdet``,
``torch.logdet`` and ``torch.inverse``, built on ``torch.linalg``'s as torch builds them (``logdet`` is
``where(sign == -1, nan, logabsdet)`` of ``slogdet``); each is registered with ``@public`` and exported as
``minigrad.<name>`` by this module's ``__all__``."""

from . import linalg
from .functional import where
from .public import public

__all__ = ["det", "inverse", "logdet", "slogdet"]


@public("det", function=False)
def det(input):
    """Mirror ``torch.det``: ``torch.linalg.det`` (LinalgDetBackward0)."""
    linalg._tensor_argument(input, "det", "input")
    return linalg.det(input)


@public("slogdet", function=False)
def slogdet(input):
    """Mirror ``torch.slogdet``: ``torch.linalg.slogdet``, its pair named ``torch.return_types.slogdet``."""
    linalg._tensor_argument(input, "slogdet", "input")
    return linalg.slogdet(input, _name="slogdet")


@public("logdet", function=False)
def logdet(input):
    """Mirror ``torch.logdet``: the log of each matrix's determinant, nan where it is negative: torch's
    ``where(sign == -1, nan, logabsdet)`` of ``linalg.slogdet`` (WhereBackward0 over LinalgSlogdetBackward0)."""
    linalg._tensor_argument(input, "logdet", "input")
    linalg.square_matrices(input, "logdet")
    sign, logabsdet = linalg.slogdet(input)
    return where(sign == -1.0, float("nan"), logabsdet)


@public("inverse", function=False)
def inverse(input):
    """Mirror ``torch.inverse``: ``torch.linalg.inv`` (LinalgInvExBackward0)."""
    linalg._tensor_argument(input, "inverse", "input")
    return linalg.inv(input)
