"""``torch.special`` (as ``minigrad.special``): the special functions under scipy's names. Where torch's special
function computes what a ``torch`` function computes (``special.expit`` is ``sigmoid``, ``special.gammaln`` is
``lgamma``), it runs minigrad's, so it records the same node; the others (``entr``, ``ndtri``, ``log_ndtr``,
``xlog1py``, ``i1``) are ops of their own (:mod:`minigrad.ops.specials`), and ``ndtr`` is torch's composite
``(1 + erf(x / sqrt(2))) * 0.5``. A first argument that is no tensor raises torch's TypeError, naming the function as
torch's parser does (``special_expit``).

The Bessel and Airy functions, the orthogonal polynomials, ``erfcx``, ``i0e``, ``i1e``, ``zeta``, ``gammainc`` and
``gammaincc`` check their calls against torch's signatures and take ``out=`` (:func:`_parsed`); their kernels are
:mod:`minigrad.ops.special_bessel`, :mod:`~minigrad.ops.special_polynomials`, :mod:`~minigrad.ops.special_erfcx` and
:mod:`~minigrad.ops.special_gamma`.
torch differentiates ``i0e``, ``i1e``, ``erfcx``, and ``zeta``, ``gammainc``, ``gammaincc`` in their second argument;
the others' results never require grad."""

import functools
import math

from . import functional as _functional
from . import pointwise as _pointwise
from . import reductions as _reductions
from . import specials as _specials
from .arguments import NUMBERS as _NUMBERS
from .arguments import call_error as _call_error
from .arguments import invalid_arguments as _invalid_arguments
from .arguments import must_be_tensor as _must_be_tensor
from .ops import elementwise as _E
from .ops import special_bessel as _SB
from .ops import special_erfcx as _SE
from .ops import special_gamma as _SG
from .ops import special_polynomials as _SP
from .ops import specials as _S
from .outputs import write_out as _write_out
from .public import REQUIRED as _REQUIRED
from .public import require_dim as _require_dim
from .tensor import Tensor as _Tensor
from .tracebacks import shown_here as _shown_here

__all__ = [
    "expit", "logit", "erf", "erfc", "erfinv", "exp2", "expm1", "log1p", "gammaln", "digamma", "psi", "polygamma",
    "multigammaln", "i0", "i1", "sinc", "xlogy", "xlog1py", "entr", "ndtr", "ndtri", "log_ndtr", "logsumexp",
    "softmax", "log_softmax", "round", "i0e", "i1e", "erfcx", "zeta", "gammainc", "gammaincc", *_SB.UNDIFFERENTIATED,
    *_SP.KERNELS,
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


# -- the functions torch's parser checks, with out= ---------------------------------------------------------------
_UNARY = ("Tensor input, *, Tensor out = None",)
_BINARY = ("Tensor input, Tensor other, *, Tensor out = None", "Number self, Tensor other, *, Tensor out = None",
           "Tensor input, Number other, *, Tensor out = None")  # fmt: skip
_POLYNOMIAL = ("Tensor x, Tensor n, *, Tensor out = None", "Number x, Tensor n, *, Tensor out = None",
               "Tensor x, Number n, *, Tensor out = None")  # fmt: skip


def _parsed(signatures, differentiable=True):
    """The decorated ``torch.special`` function as torch's parser calls it: arguments that fit none of
    ``signatures`` raise its TypeError (``special_zeta() received an invalid combination of arguments``), and
    ``out=`` takes the result (refused where an input requires grad, for a ``differentiable`` function only)."""

    def decorate(fn):
        name = f"special_{fn.__name__}"

        @functools.wraps(fn)
        def call(*args, **kwargs):
            error = _call_error(name, signatures, args, kwargs)
            if error is not None:
                raise error
            try:
                out = kwargs.pop("out", None)
                if out is None:
                    return fn(*args, **kwargs)
                inputs = [a if differentiable else a.detach() for a in (*args, *kwargs.values())
                          if isinstance(a, _Tensor)]  # fmt: skip
                return _write_out(name, out, lambda: fn(*args, **kwargs), *inputs)
            except Exception as error:  # the user sees the call, not minigrad inside it
                raise _shown_here(error)  # noqa: B904

        return call

    return decorate


@_parsed(_UNARY)
def i0e(input):
    """Mirror ``torch.special.i0e``: ``exp(-|x|) I0(x)``, the exponentially scaled modified Bessel function of the
    first kind, order 0 (SpecialI0EBackward0)."""
    return _SB.SpecialI0e.apply(input)


@_parsed(_UNARY)
def i1e(input):
    """Mirror ``torch.special.i1e``: ``exp(-|x|) I1(x)``, order 1 (SpecialI1EBackward0)."""
    return _SB.SpecialI1e.apply(input)


@_parsed(_UNARY)
def erfcx(input):
    """Mirror ``torch.special.erfcx``: the scaled complementary error function ``exp(x^2) erfc(x)``
    (SpecialErfcxBackward0)."""
    return _SE.SpecialErfcx.apply(input)


@_parsed(_BINARY)
def zeta(input, other):
    """Mirror ``torch.special.zeta``: the Hurwitz zeta function of ``input`` (the exponent) and ``other`` (the shift),
    either one a number (SpecialZetaBackward0, 1 or 2; no derivative in ``input``)."""
    return _SG.zeta(input, other)


@_parsed(("Tensor input, Tensor other, *, Tensor out = None",))
def gammainc(input, other):
    """Mirror ``torch.special.gammainc``: ``torch.igamma``, the regularized lower incomplete gamma function
    (IgammaBackward0)."""
    return _SG.Igamma.apply(input, other)


@_parsed(("Tensor input, Tensor other, *, Tensor out = None",))
def gammaincc(input, other):
    """Mirror ``torch.special.gammaincc``: ``torch.igammac``, the regularized upper incomplete gamma function
    (IgammacBackward0)."""
    return _SG.Igammac.apply(input, other)


_NAMED_X = {"airy_ai", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1", "spherical_bessel_j0"}


def _undifferentiated(name):
    if name in _NAMED_X:  # torch's signature names the argument x

        def function(x):
            return _SB.undifferentiated(name, x)
    else:

        def function(input):
            return _SB.undifferentiated(name, input)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Mirror ``torch.special.{name}``, computed as torch's kernel computes it; torch has no " \
        "derivative for it: the result never requires grad."
    signatures = (_UNARY[0].replace("input", "x"),) if name in _NAMED_X else _UNARY
    return _parsed(signatures, differentiable=False)(function)


def _polynomial(name):
    def function(x, n):
        return _SP.polynomial(name, x, n)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Mirror ``torch.special.{name}(x, n)``: the polynomial of degree ``n`` (truncated to an " \
        "integer; 0 below 0) at ``x``, either one a number; torch has no derivative for it: the result never " \
        "requires grad."
    return _parsed(_POLYNOMIAL, differentiable=False)(function)


globals().update({name: _undifferentiated(name) for name in _SB.UNDIFFERENTIATED})
globals().update({name: _polynomial(name) for name in _SP.KERNELS})


from .torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.special")  # a name torch has and minigrad lacks says so
