"""``torch.special`` (as ``minigrad.special``): the special functions under scipy's names. Where torch's special
function computes what a ``torch`` function computes (``special.expit`` is ``sigmoid``, ``special.gammaln`` is
``lgamma``), it runs minigrad's, so it records the same node; the others (``entr``, ``ndtri``, ``log_ndtr``,
``xlog1py``, ``i1``) are ops of their own (:mod:`minigrad.ops.specials`), and ``ndtr`` is torch's composite
``(1 + erf(x / sqrt(2))) * 0.5``. A first argument that is no tensor raises torch's TypeError, naming the function as
torch's parser does (``special_expit``)."""

import math

from . import functional as _functional
from . import pointwise as _pointwise
from . import reductions as _reductions
from . import specials as _specials
from .arguments import NUMBERS as _NUMBERS
from .arguments import invalid_arguments as _invalid_arguments
from .arguments import must_be_tensor as _must_be_tensor
from .ops import elementwise as _E
from .ops import specials as _S
from .public import REQUIRED as _REQUIRED
from .public import require_dim as _require_dim
from .tensor import Tensor as _Tensor

__all__ = [
    "expit", "logit", "erf", "erfc", "erfinv", "exp2", "expm1", "log1p", "gammaln", "digamma", "psi", "polygamma",
    "multigammaln", "i0", "i1", "sinc", "xlogy", "xlog1py", "entr", "ndtr", "ndtri", "log_ndtr", "logsumexp",
    "softmax", "log_softmax", "round",
]  # fmt: skip


def _check(name, input):
    if not isinstance(input, _Tensor):
        raise _must_be_tensor(f"special_{name}", "input", 1, input)
    return input


def expit(input):
    """Mirror ``torch.special.expit``: ``torch.sigmoid`` (SigmoidBackward0)."""
    return _functional.sigmoid(_check("expit", input))


def logit(input, eps=None):
    """Mirror ``torch.special.logit``: ``torch.logit`` (LogitBackward0)."""
    return _pointwise.logit(_check("logit", input), eps)


def erf(input):
    """Mirror ``torch.special.erf``: ``torch.erf`` (ErfBackward0)."""
    return _functional.erf(_check("erf", input))


def erfc(input):
    """Mirror ``torch.special.erfc``: ``torch.erfc`` (ErfcBackward0)."""
    return _functional.erfc(_check("erfc", input))


def erfinv(input):
    """Mirror ``torch.special.erfinv``: ``torch.erfinv`` (ErfinvBackward0)."""
    return _specials.erfinv(_check("erfinv", input))


def exp2(input):
    """Mirror ``torch.special.exp2``: ``torch.exp2`` (Exp2Backward0)."""
    return _functional.exp2(_check("exp2", input))


def expm1(input):
    """Mirror ``torch.special.expm1``: ``torch.expm1`` (Expm1Backward0)."""
    return _functional.expm1(_check("expm1", input))


def log1p(input):
    """Mirror ``torch.special.log1p``: ``torch.log1p`` (Log1PBackward0)."""
    return _functional.log1p(_check("log1p", input))


def gammaln(input):
    """Mirror ``torch.special.gammaln``: ``torch.lgamma`` (LgammaBackward0)."""
    return _specials.lgamma(_check("gammaln", input))


def digamma(input):
    """Mirror ``torch.special.digamma``: ``torch.digamma`` (DigammaBackward0)."""
    return _specials.digamma(_check("digamma", input))


def psi(input):
    """Mirror ``torch.special.psi``: ``torch.digamma`` (DigammaBackward0)."""
    return _specials.digamma(_check("psi", input))


def polygamma(n, input):
    """Mirror ``torch.special.polygamma(n, input)``: ``torch.polygamma`` (PolygammaBackward0)."""
    return _specials.polygamma(n, input)


def multigammaln(input, p=_REQUIRED):
    """Mirror ``torch.special.multigammaln(input, p)``: ``torch.mvlgamma`` (MvlgammaBackward0)."""
    _require_dim("special_multigammaln", p, "p")
    return _specials.mvlgamma(_check("multigammaln", input), p)


def i0(input):
    """Mirror ``torch.special.i0``: ``torch.i0`` (I0Backward0)."""
    return _specials.i0(_check("i0", input))


def i1(input):
    """Mirror ``torch.special.i1``: the modified Bessel function of the first kind, order 1 (SpecialI1Backward0)."""
    return _S.SpecialI1.apply(_check("i1", input))


def sinc(input):
    """Mirror ``torch.special.sinc``: ``torch.sinc`` (SincBackward0)."""
    return _specials.sinc(_check("sinc", input))


_XLOG = ("Tensor input, Tensor other, *, Tensor out = None", "Number self, Tensor other, *, Tensor out = None",
         "Tensor input, Number other, *, Tensor out = None")  # fmt: skip


def xlogy(input, other):
    """Mirror ``torch.special.xlogy``: ``torch.xlogy`` (XlogyBackward0/1/2)."""
    if not _operands(input, other):
        raise _invalid_arguments("special_xlogy", (input, other), _XLOG)
    return _functional.xlogy(input, other)


def xlog1py(input, other):
    """Mirror ``torch.special.xlog1py``: ``input * log1p(other)``, 0 where ``input`` is 0; of two tensors
    (SpecialXlog1PyBackward0), a number and a tensor (1) or a tensor and a number (2)."""
    if not _operands(input, other):
        raise _invalid_arguments("special_xlog1py", (input, other), _XLOG)
    return _S.special_xlog1py(input, other)


def _operands(input, other):
    """Whether ``(input, other)`` is two tensors or a tensor and a number."""
    kinds = [isinstance(v, _Tensor) for v in (input, other)]
    return all(isinstance(v, (_Tensor, *_NUMBERS)) for v in (input, other)) and any(kinds)


def entr(input):
    """Mirror ``torch.special.entr``: ``-x * log(x)``, 0 at 0, -inf below (SpecialEntrBackward0)."""
    return _S.SpecialEntr.apply(_check("entr", input))


def ndtr(input):
    """Mirror ``torch.special.ndtr``: the standard normal distribution function, torch's composite
    ``(1 + erf(x * sqrt(1/2))) * 0.5`` (MulBackward1, AddBackward1, ErfBackward0, MulBackward1)."""
    scaled = _E.MulScalar.apply(_check("ndtr", input), other=math.sqrt(0.5))
    return _E.MulScalar.apply(_E.AddScalar.apply(_functional.erf(scaled), other=1), other=0.5)


def ndtri(input):
    """Mirror ``torch.special.ndtri``: the inverse of ``ndtr`` (SpecialNdtriBackward0)."""
    return _S.SpecialNdtri.apply(_check("ndtri", input))


def log_ndtr(input):
    """Mirror ``torch.special.log_ndtr``: ``log(ndtr(x))``, accurate far into the lower tail
    (SpecialLogNdtrBackward0)."""
    return _S.SpecialLogNdtr.apply(_check("log_ndtr", input))


def logsumexp(input, dim=_REQUIRED, keepdim=False):
    """Mirror ``torch.special.logsumexp``: ``torch.logsumexp`` (LogsumexpBackward0)."""
    _require_dim("special_logsumexp", dim)
    return _reductions.logsumexp(_check("logsumexp", input), dim, keepdim)


def softmax(input, dim=_REQUIRED, dtype=None):
    """Mirror ``torch.special.softmax``: ``torch.softmax`` (SoftmaxBackward0)."""
    _require_dim("special_softmax", dim)
    return _pointwise.softmax(_check("softmax", input), dim, dtype=dtype)


def log_softmax(input, dim=_REQUIRED, dtype=None):
    """Mirror ``torch.special.log_softmax``: ``torch.log_softmax`` (LogSoftmaxBackward0)."""
    _require_dim("special_log_softmax", dim)
    return _pointwise.log_softmax(_check("log_softmax", input), dim, dtype=dtype)


def round(input, *, decimals=0):  # noqa: A001 - torch.special.round
    """Mirror ``torch.special.round``: torch's ``round(input, decimals=decimals)``, recorded as RoundBackward1 even
    for 0 decimals."""
    return _E.RoundDecimals.apply(_check("round", input), decimals=decimals)


from .torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.special")  # a name torch has and minigrad lacks says so
