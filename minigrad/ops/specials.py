"""Special functions as torch's CPU kernels compute them (``aten/src/ATen/native/Math.h``): lgamma, digamma,
polygamma (trigamma and the Hurwitz zeta), mvlgamma, erfinv, i0 and i1, sinc, ndtri, log_ndtr, entr; and the
elementwise functions of two tensors copysign, nextafter, ldexp, logaddexp2, xlog1py.

The kernels are ported step by step in the tensor's dtype (Cephes' series and Chebyshev expansions, with torch's
coefficients), so that float32 rounds where torch's float code rounds, with the fused multiply-adds the compiler
makes of ``a * b + c`` in them (:func:`fma`); the C library functions they call (``logf``, ``expf``, ``erff``,
``lgamma``, ``tan``, ``powf``) are the C library's own, through ctypes (Python's ``math`` where it cannot be
loaded). Integer and bool inputs compute in the default float dtype, as in torch. Formulas are derivatives.yaml's;
the helpers they call (``special_i1``, ``sinc_backward``, ...) take the carrier ``F`` last and on Tensors record
differentiable ops, so ``create_graph=True`` gives torch's second-order nodes."""

import math

import numpy as np

from .. import dtypes
from ..fused_multiply_add import fma
from ..tensor import Tensor
from ._util import HALF, check_broadcast, in_float32, not_implemented, power, precise, wrap
from .carriers import ARRAYS
from .op import Op

_PI = math.pi
_LN2 = math.log(2.0)


def _functional():
    from .. import functional  # it imports the op modules

    return functional


# -- the C library, element by element ---------------------------------------------------------------------------
def _c_library():
    """The C library's maths functions (glibc's libm, which torch's kernels call), or None where there is none."""
    import ctypes
    import ctypes.util

    try:
        return ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    except OSError:
        return None


_LIBM = _c_library()


def _c_function(name, fallback):
    """The C library's ``name`` (double) and ``name + "f"`` (float) as Python functions of one float, or
    ``fallback`` (Python's math, computed in float64) for both where the C library cannot be loaded."""
    import ctypes

    if _LIBM is None:
        return fallback, fallback
    double, single = getattr(_LIBM, name), getattr(_LIBM, name + "f")
    double.restype, double.argtypes = ctypes.c_double, [ctypes.c_double]
    single.restype, single.argtypes = ctypes.c_float, [ctypes.c_float]
    return double, single


def _libm(name, fallback):
    """The C library's ``name`` of each element of an array, in the array's dtype (``name`` for float64, ``namef`` for
    float32, as torch's kernels call them); without the C library, Python's ``fallback`` rounded once."""
    double, single = _c_function(name, fallback)
    each64 = np.vectorize(double, otypes=[np.float64])
    each32 = np.vectorize(single, otypes=[np.float64])

    def apply(x):
        x = np.asarray(x)
        each = each32 if x.dtype == np.float32 else each64
        return each(x.astype(np.float64, copy=False)).astype(x.dtype, copy=False)

    return apply


def _guarded(fn, bad):
    """``fn`` of one float, or ``bad(x)`` where Python's math raises (a pole, a domain error, an overflow)."""

    def call(x):
        try:
            return fn(x)
        except (ValueError, OverflowError):
            return bad(x)

    return call


_lgamma = _libm("lgamma", _guarded(math.lgamma, lambda x: math.inf))  # poles (inf) at 0, -1, -2, ...
_erf = _libm("erf", math.erf)
_erfc = _libm("erfc", math.erfc)
_exp = _libm("exp", _guarded(math.exp, lambda x: math.inf))
_log = _libm("log", _guarded(math.log, lambda x: -math.inf if x == 0 else math.nan))
_tan = _libm("tan", _guarded(math.tan, lambda x: math.nan))
_sin = _libm("sin", _guarded(math.sin, lambda x: math.nan))
_cos = _libm("cos", _guarded(math.cos, lambda x: math.nan))
_acos = _libm("acos", _guarded(math.acos, lambda x: math.nan))


def floating(a, kernel=None):
    """The array of tensor ``a`` in its floating dtype: integers and bools compute in the default float dtype (or,
    given the ``kernel`` of a function that refuses them, raise torch's error)."""
    x = a._data
    if x.dtype.kind == "f":
        return x
    if kernel is not None:
        raise not_implemented(kernel, a.dtype)
    return x.astype(dtypes.get_default_dtype().np)


def _quiet(kernel):
    """``kernel`` without numpy's floating-point warnings (torch overflows and divides by zero silently; the formulas'
    array paths call kernels outside ``Op.apply``, which otherwise turns them off)."""

    def run(*args, **kwargs):
        with np.errstate(all="ignore"):
            return kernel(*args, **kwargs)

    run.__name__, run.__qualname__, run.__doc__ = kernel.__name__, kernel.__qualname__, kernel.__doc__
    run.__module__ = kernel.__module__
    return run


def _polevl(x, coefficients):
    """Cephes' ``polevl``: the polynomial with ``coefficients`` (highest power first) at ``x``, Horner's rule in
    ``x``'s dtype."""
    c = x.dtype.type
    result = np.zeros_like(x)
    for a in coefficients:
        result = fma(result, x, c(a))
    return result


def _chbevl(x, coefficients):
    """Cephes' ``chbevl``: the Chebyshev series with ``coefficients`` at ``x``, in ``x``'s dtype."""
    c = x.dtype.type
    b0, b1, b2 = np.full_like(x, c(coefficients[0])), np.zeros_like(x), np.zeros_like(x)
    for a in coefficients[1:]:
        b2, b1 = b1, b0
        b0 = fma(x, b1, -b2) + c(a)
    return c(0.5) * (b0 - b2)


# -- digamma, trigamma, polygamma ---------------------------------------------------------------------------------
_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (8.33333333333333333333e-2, -2.10927960927960927961e-2, 7.57575757575757575758e-3,
              -4.16666666666666666667e-3, 3.96825396825396825397e-3, -8.33333333333333333333e-3,
              8.33333333333333333333e-2)  # fmt: skip


def _digamma_nonnegative(x):
    """torch's ``calc_digamma`` for ``x >= 0`` (and nan, inf): pushed to 10 or more by the recurrence, then the
    asymptotic series."""
    c = x.dtype.type
    result = np.zeros_like(x)
    while True:
        below = x < 10
        if not below.any():
            break
        result = np.where(below, result - c(1) / x, result)
        x = np.where(below, x + c(1), x)
    z = c(1) / (x * x)
    y = np.where(x < c(1e17), z * _polevl(z, _DIGAMMA_A), c(0))
    out = result + _log(x) - c(0.5) / x - y
    return np.where(x == 10, result + c(_PSI_10), out)


@_quiet
def digamma_kernel(x):
    """torch's ``calc_digamma`` of a floating array, in its dtype: -inf at +0, inf at -0, nan at the negative
    integers, the reflection ``digamma(1 - x) - pi / tan(pi * r)`` (``r`` the fractional part, in float64) below 0."""
    c = x.dtype.type
    negative = x < 0
    pole = negative & (x == np.trunc(x))
    reflect = negative & ~pole
    out = _digamma_nonnegative(np.where(reflect, c(1) - x, np.where(pole, c(np.nan), x)))
    if reflect.any():
        r = np.fmod(x.astype(np.float64), 1.0)
        pi_over_tan = (_PI / _tan(_PI * r)).astype(x.dtype)
        out = np.where(reflect, out - pi_over_tan, out)
    out = np.where(pole, c(np.nan), out)
    return np.where(x == 0, np.copysign(c(np.inf), -x), out).astype(x.dtype, copy=False)


@_quiet
def trigamma_kernel(x):
    """torch's ``trigamma`` of a floating array, in its dtype: the reflection below 0.5 (``sin`` of the dtype),
    six steps of the recurrence, then the asymptotic series."""
    c = x.dtype.type
    small = x < c(0.5)
    sign = np.where(small, c(-1), c(1))
    s = _sin(c(_PI) * x)
    result = np.where(small, c(0) - (c(_PI) * c(_PI)) / (s * s), c(0))  # pi * pi folded in the dtype, as compiled
    x = np.where(small, c(1) - x, x)
    for _ in range(6):
        result = result + c(1) / (x * x)
        x = x + c(1)
    ixx = c(1) / (x * x)
    series = c(1) + c(1) / (c(2) * x) + ixx * (c(1) / c(6) - ixx * (c(1) / c(30) - ixx * (c(1) / c(42))))
    return (sign * (result + series / x)).astype(x.dtype, copy=False)


_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15, 1.8152105401943546773e17,
           -7.1661652561756670113e18)  # fmt: skip
_MACHEP = 1.11022302462515654042e-16


def _zeta(x, q, first_power=None):
    """torch's ``zeta(x, q)`` (Cephes' Hurwitz zeta) for one pair of floats, in float64; ``first_power`` computes its
    first term ``q ** -x`` (torch's float32 kernel calls ``powf`` there)."""
    if x == 1:
        return math.inf
    if x < 1 or math.isnan(q) or q == math.inf:  # q = inf: torch's series ends with 0 * inf
        return math.nan
    if q <= 0:
        if q == -math.inf or q == math.floor(q):
            return math.inf
        if x != math.floor(x):
            return math.nan
    s = (first_power or _pow)(q, -x)
    a, i, b = q, 0, 0.0
    while i < 9 or a <= 9.0:
        i += 1
        a += 1.0
        b = _pow(a, -x)
        s += b
        if -_MACHEP * s < b < _MACHEP * s:
            return s
    w = a
    s += b * w / (x - 1.0)
    s -= 0.5 * b
    a, k = 1.0, 0.0
    for i in range(12):
        a *= x + k
        b /= w
        t = a * b / _ZETA_A[i]
        s = s + t
        if abs(t / s) < _MACHEP:
            return s
        k += 1.0
        a *= x + k
        b /= w
        k += 1.0
    return s


def _pow(x, y):
    try:
        return math.pow(x, y)
    except (OverflowError, ValueError):
        return math.inf if x == 0 or abs(x) > 1 and y > 0 else np.float64(x) ** np.float64(y)


_powf = None if _LIBM is None else _LIBM.powf
if _powf is not None:
    import ctypes

    _powf.restype, _powf.argtypes = ctypes.c_float, [ctypes.c_float, ctypes.c_float]


@_quiet
def polygamma_kernel(n, x):
    """torch's polygamma of a floating array: digamma for ``n = 0``, trigamma for 1, else
    ``(-1) ** (n + 1) * exp(lgamma(n + 1)) * zeta(n + 1, x)`` (the factorial through lgamma and exp of the dtype,
    zeta in float64 rounded to it)."""
    if n == 0:
        return digamma_kernel(x)
    if n == 1:
        return trigamma_kernel(x)
    c = x.dtype.type
    factorial = _exp(_lgamma(np.asarray(c(n) + c(1))))
    first = _powf if x.dtype == np.float32 else None
    zeta = np.vectorize(lambda q: _zeta(float(n + 1), q, first), otypes=[np.float64])(x.astype(np.float64))
    zeta = zeta.astype(x.dtype)
    return (c(1 if n % 2 else -1) * factorial * zeta).astype(x.dtype, copy=False)


def digamma(self, F=None):
    """digamma of ``self``: the kernel on arrays (``F`` is ARRAYS), else the differentiable op (DigammaBackward0)."""
    if F is ARRAYS:
        return digamma_kernel(self)
    return Digamma.apply(self)


def polygamma(n, self, F=None):
    """polygamma of order ``n`` of ``self``: the kernel on arrays, else the differentiable op (PolygammaBackward0)."""
    if F is ARRAYS:
        return polygamma_kernel(n, self)
    return Polygamma.apply(self, n=n)


class Lgamma(Op):
    """result = log|gamma(self)|"""

    node_name = "LgammaBackward0"
    formula = {"self": "grad * digamma(self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        return wrap(_lgamma(floating(a)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (grads[0] * digamma(a, F),)


class Digamma(Op):
    """result = d/dx lgamma(self)"""

    node_name = "DigammaBackward0"
    formula = {"self": "grad * polygamma(1, self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        return wrap(digamma_kernel(floating(a)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (grads[0] * polygamma(1, a, F),)


class Polygamma(Op):
    """result = the n-th derivative of digamma at self"""

    node_name = "PolygammaBackward0"
    formula = {"self": "grad * polygamma(n + 1, self)"}
    saved_names = ("self",)
    saved_values = {"n": "n"}

    @staticmethod
    def forward(ctx, a, *, n):
        ctx._save((a,))
        ctx.n = n
        return wrap(polygamma_kernel(n, floating(a)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (grads[0] * polygamma(ctx.n + 1, a, F),)


class PolygammaInplace(Polygamma):
    """``x.polygamma_(n)``: polygamma written in place, which torch records as a node of its own"""

    node_name = "PolygammaBackward1"


def _mvlgamma_args(x, p):
    """``arange(-p / 2 + 0.5, 0.5, 0.5) + x.unsqueeze(-1)`` in ``x``'s dtype."""
    steps = np.arange(-p / 2 + 0.5, 0.5, 0.5).astype(x.dtype)
    return steps + x[..., None]


def mvlgamma_backward(grad, self, p, F=None):
    """torch's ``mvlgamma_backward``: ``grad * digamma(arange(-p / 2 + 0.5, 0.5, 0.5) + self.unsqueeze(-1)).sum(-1)``
    (on Tensors: AddBackward0, DigammaBackward0, SumBackward1, MulBackward0, as torch records it)."""
    if F is ARRAYS:
        total = digamma_kernel(_mvlgamma_args(self, p))
        acc = total[..., 0]
        for j in range(1, p):
            acc = acc + total[..., j]
        return grad * acc
    steps = Tensor._wrap(np.arange(-p / 2 + 0.5, 0.5, 0.5).astype(self._data.dtype))
    return grad * Digamma.apply(steps + self.unsqueeze(-1)).sum(-1)


class Mvlgamma(Op):
    """result = log of the multivariate gamma function of dimension p: sum_j lgamma(self - j / 2) + const"""

    node_name = "MvlgammaBackward0"
    formula = {"self": "mvlgamma_backward(grad, self, p)"}
    saved_names = ("self",)
    saved_values = {"p": "p"}

    @staticmethod
    def forward(ctx, a, *, p):
        ctx._save((a,))
        ctx.p = p
        x = floating(a)
        terms = _lgamma(_mvlgamma_args(x, p))
        acc = terms[..., 0]
        for j in range(1, p):
            acc = acc + terms[..., j]
        return wrap(np.asarray(acc + x.dtype.type(p * (p - 1) * math.log(math.pi) * 0.25)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (mvlgamma_backward(grads[0], a, ctx.p, F),)


# -- erfinv --------------------------------------------------------------------------------------------------------
_ERFINV_A = (0.886226899, -1.645349621, 0.914624893, -0.140543331)
_ERFINV_B = (-2.118377725, 1.442710462, -0.329097515, 0.012229801)
_ERFINV_C = (-1.970840454, -1.624906493, 3.429567803, 1.641345311)
_ERFINV_D = (3.543889200, 1.637067800)


@_quiet
def erfinv_kernel(y):
    """torch's ``calc_erfinv`` of a floating array, in its dtype: a rational approximation (central for
    ``|y| <= 0.7``), then two Newton steps; nan outside [-1, 1], +-inf at +-1."""
    c = y.dtype.type
    a, b, cc, d = ([c(v) for v in k] for k in (_ERFINV_A, _ERFINV_B, _ERFINV_C, _ERFINV_D))
    y_abs = np.abs(y)
    z = y * y
    num = fma(fma(fma(a[3], z, a[2]), z, a[1]), z, a[0])
    dem = fma(fma(fma(fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, c(1))
    central = y * num / dem
    w = np.sqrt(-_log((c(1) - y_abs) / c(2)))
    num = fma(fma(fma(cc[3], w, cc[2]), w, cc[1]), w, cc[0])
    dem = fma(fma(d[1], w, d[0]), w, c(1))
    tail = np.copysign(num, y) / dem
    x = np.where(y_abs <= c(0.7), central, tail)
    two_over_sqrt_pi = c(2) * c(0.564189583547756286948)
    for _ in range(2):
        x = x - (_erf(x) - y) / (two_over_sqrt_pi * _exp(-x * x))
    x = np.where(y_abs == 1, np.copysign(c(np.inf), y), x)
    return np.where(y_abs > 1, c(np.nan), x).astype(y.dtype, copy=False)


class Erfinv(Op):
    """result = the inverse of erf"""

    node_name = "ErfinvBackward0"
    formula = {"self": "0.5 * math.sqrt(math.pi) * exp(self.erfinv().pow(2)) * grad"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        return wrap(erfinv_kernel(floating(a)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        c = 0.5 * math.sqrt(math.pi)
        if F is ARRAYS:
            return (precise(np.exp, F.pow(erfinv_kernel(a), 2)) * c * grads[0],)
        from .elementwise import MulScalar

        return (MulScalar.apply(Erfinv.apply(a).pow(2).exp(), other=c) * grads[0],)


# -- i0, i1 --------------------------------------------------------------------------------------------------------
_I0E_A = (-4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16,
          1.71539128555513303061e-15, -1.16853328779934516808e-14, 7.67618549860493561688e-14,
          -4.85644678311192946090e-13, 2.95505266312963983461e-12, -1.72682629144155570723e-11,
          9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
          -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
          1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
          -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
          1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
          -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
          1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1)  # fmt: skip
_I0E_B = (-7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
          3.46122286769746109310e-17, -2.82762398051658348494e-16, -3.42548561967721913462e-16,
          1.77256013305652638360e-15, 3.81168066935262242075e-15, -9.55484669882830764870e-15,
          -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
          7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11,
          -3.14991652796324136454e-11, 1.18891471078464383424e-11, 4.94060238822496958910e-10,
          3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
          2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
          8.04490411014108831608e-1)  # fmt: skip
_I1E_A = (2.77791411276104639959e-18, -2.11142121435816608115e-17, 1.55363195773620046921e-16,
          -1.10559694773538630805e-15, 7.60068429473540693410e-15, -5.04218550472791168711e-14,
          3.22379336594557470981e-13, -1.98397439776494371520e-12, 1.17361862988909016308e-11,
          -6.66348972350202774223e-11, 3.62559028155211703701e-10, -1.88724975172282928790e-9,
          9.38153738649577178388e-9, -4.44505912879632808065e-8, 2.00329475355213526229e-7,
          -8.56872026469545474066e-7, 3.47025130813767847674e-6, -1.32731636560394358279e-5,
          4.78156510755005422638e-5, -1.61760815825896745588e-4, 5.12285956168575772895e-4,
          -1.51357245063125314899e-3, 4.15642294431288815669e-3, -1.05640848946261981558e-2,
          2.47264490306265168283e-2, -5.29459812080949914269e-2, 1.02643658689847095384e-1,
          -1.76416518357834055153e-1, 2.52587186443633654823e-1)  # fmt: skip
_I1E_B = (7.51729631084210481353e-18, 4.41434832307170791151e-18, -4.65030536848935832153e-17,
          -3.20952592199342395980e-17, 2.96262899764595013876e-16, 3.30820231092092828324e-16,
          -1.88035477551078244854e-15, -3.81440307243700780478e-15, 1.04202769841288027642e-14,
          4.27244001671195135429e-14, -2.10154184277266431302e-14, -4.08355111109219731823e-13,
          -7.19855177624590851209e-13, 2.03562854414708950722e-12, 1.41258074366137813316e-11,
          3.25260358301548823856e-11, -1.89749581235054123450e-11, -5.58974346219658380687e-10,
          -3.83538038596423702205e-9, -2.63146884688951950684e-8, -2.51223623787020892529e-7,
          -3.88256480887769039346e-6, -1.10588938762623716291e-4, -9.76109749136146840777e-3,
          7.78576235018280120474e-1)  # fmt: skip
# torch's float32 kernels use the last coefficients of the i1e series only
_I1E_A_FLOAT, _I1E_B_FLOAT = _I1E_A[12:], _I1E_B[18:]


@_quiet
def i0_kernel(x):
    """torch's ``calc_i0`` of a floating array, in its dtype: Chebyshev series of ``exp(-x) I0(x)`` on [0, 8] and
    of ``exp(-x) sqrt(x) I0(x)`` beyond."""
    c = x.dtype.type
    x = np.abs(x)
    small = _exp(x) * _chbevl(x / c(2) - c(2), _I0E_A)
    with np.errstate(divide="ignore", invalid="ignore"):
        large = _exp(x) * _chbevl(c(32) / x - c(2), _I0E_B) / np.sqrt(x)
    return np.where(x <= c(8), small, large).astype(x.dtype, copy=False)


@_quiet
def i1_kernel(x):
    """torch's ``calc_i1`` of a floating array, in its dtype (odd: the sign of ``x``)."""
    c = x.dtype.type
    single = x.dtype == np.float32
    ax = np.abs(x)
    small = _exp(ax) * ax * _chbevl(ax / c(2) - c(2), _I1E_A_FLOAT if single else _I1E_A)
    with np.errstate(divide="ignore", invalid="ignore"):
        large = _exp(ax) * _chbevl(c(32) / ax - c(2), _I1E_B_FLOAT if single else _I1E_B) / np.sqrt(ax)
    out = np.where(ax <= c(8), small, large)
    return np.where(x < 0, -out, out).astype(x.dtype, copy=False)


def special_i1(self, F=None):
    """i1 of ``self``: the kernel on arrays, else the differentiable op (SpecialI1Backward0)."""
    if F is ARRAYS:
        return i1_kernel(self)
    return SpecialI1.apply(self)


def i0(self, F=None):
    """i0 of ``self``: the kernel on arrays, else the differentiable op (I0Backward0)."""
    if F is ARRAYS:
        return i0_kernel(self)
    return I0.apply(self)


@_quiet
def i1_backward(grad, self, result, F=None):
    """torch's ``i1_backward``: ``grad * (i0(x) - result / x)``, 0.5 where ``|x|`` is not above the dtype's eps."""
    if F is ARRAYS:
        eps = np.finfo(self.dtype).eps
        big = np.abs(self) > eps
        safe = np.where(big, self, self.dtype.type(eps))
        return grad * np.where(big, i0_kernel(safe) - result * np.reciprocal(safe), self.dtype.type(0.5))
    fn = _functional()
    eps = float(np.finfo(self._data.dtype).eps)
    big = self.abs() > eps
    safe = fn.where(big, self, Tensor._wrap(np.asarray(eps, self._data.dtype)))
    half = Tensor._wrap(np.asarray(0.5, self._data.dtype))
    return grad * fn.where(big, I0.apply(safe) - result * safe.reciprocal(), half)


class I0(Op):
    """result = the modified Bessel function of the first kind, of order 0"""

    node_name = "I0Backward0"
    formula = {"self": "grad * special_i1(self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        return wrap(i0_kernel(floating(a)))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (grads[0] * special_i1(a, F),)


class SpecialI1(Op):
    """result = the modified Bessel function of the first kind, of order 1"""

    node_name = "SpecialI1Backward0"
    formula = {"self": "i1_backward(grad, self, result)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a):
        out = wrap(i1_kernel(floating(a)))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (i1_backward(grads[0], a, result, F),)


# -- sinc ----------------------------------------------------------------------------------------------------------
@_quiet
def sinc_kernel(x):
    """torch's sinc kernel: 1 at 0, else ``sin(pi * x) / (pi * x)``, the product rounded in the dtype."""
    c = x.dtype.type
    product = c(_PI) * x
    with np.errstate(divide="ignore", invalid="ignore"):
        out = _sin(product) / product
    return np.where(x == 0, c(1), out).astype(x.dtype, copy=False)


@_quiet
def sinc_backward(grad, self, F=None):
    """torch's ``sinc_backward``: ``grad * ((pi x cos(pi x) - sin(pi x)) / (pi x x))``, 0 where ``pi x x`` is 0."""
    if F is ARRAYS:
        c = self.dtype.type
        self_pi = self * c(_PI)
        squared_pi = self * self * c(_PI)
        with np.errstate(divide="ignore", invalid="ignore"):
            out = grad * ((self_pi * F.cos(self_pi) - F.sin(self_pi)) / squared_pi)
        return np.where(squared_pi == 0, c(0), out).astype(out.dtype, copy=False)
    from .elementwise import MulScalar

    fn = _functional()
    self_pi = MulScalar.apply(self, other=_PI)
    squared_pi = MulScalar.apply(self * self, other=_PI)
    out = grad * ((self_pi * self_pi.cos() - self_pi.sin()) / squared_pi)
    return fn.where(squared_pi == 0.0, Tensor._wrap(np.zeros((), grad._data.dtype)), out)


class Sinc(Op):
    """result = sin(pi * self) / (pi * self), 1 at 0"""

    node_name = "SincBackward0"
    formula = {"self": "sinc_backward(grad, self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        x = floating(a)
        return wrap(in_float32(sinc_kernel, x) if x.dtype is HALF else sinc_kernel(x))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (sinc_backward(grads[0], a, F),)


# -- entr, ndtri, log_ndtr -----------------------------------------------------------------------------------------
class SpecialEntr(Op):
    """result = -self * log(self) for self > 0, 0 at 0, -inf below"""

    node_name = "SpecialEntrBackward0"
    formula = {"self": "grad * (-(1 + self.log()))"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        x = floating(a)
        c = x.dtype.type
        out = np.where(x > 0, -x * precise(np.log, np.where(x > 0, x, c(1))), np.where(x == 0, c(0), c(-np.inf)))
        return wrap(np.where(np.isnan(x), x, out).astype(x.dtype, copy=False))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        if F is ARRAYS:
            return (grads[0] * -(1 + F.log(a)),)
        from .elementwise import AddScalar

        return (grads[0] * -AddScalar.apply(a.log(), other=1),)


_NDTRI_P0 = (-5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1,
             1.39312609387279679503e1, -1.23916583867381258016e0)  # fmt: skip
_NDTRI_Q0 = (1.0, 1.95448858338141759834e0, 4.67627912898881538453e0, 8.63602421390890590575e1,
             -2.25462687854119370527e2, 2.00260212380060660359e2, -8.20372256168333339912e1,
             1.59056225126211695515e1, -1.18331621121330003142e0)  # fmt: skip
_NDTRI_P1 = (4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1,
             4.40805073893200834700e1, 1.46849561928858024014e1, 2.18663306850790267539e0,
             -1.40256079171354495875e-1, -3.50424626827848203418e-2, -8.57456785154685413611e-4)  # fmt: skip
_NDTRI_Q1 = (1.0, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1,
             1.50425385692907503408e1, 2.50464946208309415979e0, -1.42182922854787788574e-1,
             -3.80806407691578277194e-2, -9.33259480895457427372e-4)  # fmt: skip
_NDTRI_P2 = (3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0,
             1.33303460815807542389e0, 2.01485389549179081538e-1, 1.23716634817820021358e-2,
             3.01581553508235416007e-4, 2.65806974686737550832e-6, 6.23974539184983293730e-9)  # fmt: skip
_NDTRI_Q2 = (1.0, 6.02427039364742014255e0, 3.67983563856160859403e0, 1.37702099489081330271e0,
             2.16236993594496635890e-1, 1.34204006088543189037e-2, 3.28014464682127739104e-4,
             2.89247864745380683936e-6, 6.79019408009981274425e-9)  # fmt: skip
_EXP_M2 = 0.13533528323661269189


@_quiet
def ndtri_kernel(y0):
    """torch's ``calc_ndtri`` (Cephes): the argument at which the standard normal distribution function is
    ``y0``, in its dtype."""
    c = y0.dtype.type
    upper = y0 > c(1) - c(_EXP_M2)
    y = np.where(upper, c(1) - y0, y0)
    mid = y > c(_EXP_M2)
    ym = y - c(0.5)
    y2 = ym * ym
    central = fma(ym, y2 * _polevl(y2, _NDTRI_P0) / _polevl(y2, _NDTRI_Q0), ym) * c(2.50662827463100050242)
    with np.errstate(divide="ignore", invalid="ignore"):
        # ``::log`` of a float is the double function: these two lines compute in float64, rounded on assignment
        wide = _log(np.where(mid, 0.5, y).astype(np.float64))
        x = np.sqrt(-2.0 * wide).astype(y0.dtype)
        x0 = (x - _log(x.astype(np.float64)) / x).astype(y0.dtype)
        z = c(1) / x
        x1 = np.where(x < c(8), z * _polevl(z, _NDTRI_P1) / _polevl(z, _NDTRI_Q1),
                      z * _polevl(z, _NDTRI_P2) / _polevl(z, _NDTRI_Q2))  # fmt: skip
    tail = x0 - x1
    tail = np.where(upper, tail, -tail)
    out = np.where(mid, central, tail)
    out = np.where((y0 < 0) | (y0 > 1) | np.isnan(y0), c(np.nan), out)
    out = np.where(y0 == 1, c(np.inf), out)
    return np.where(y0 == 0, c(-np.inf), out).astype(y0.dtype, copy=False)


class SpecialNdtri(Op):
    """result = the inverse of the standard normal distribution function"""

    node_name = "SpecialNdtriBackward0"
    formula = {"self": "grad * math.sqrt(2 * math.pi) * (result.square() / 2).exp()"}
    saved_names = ("result",)

    @staticmethod
    def forward(ctx, a):
        out = wrap(ndtri_kernel(floating(a)))
        ctx._save((out,))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        (result,) = ctx._values(F)
        c = math.sqrt(2 * math.pi)
        if F is ARRAYS:
            return (grads[0] * c * F.exp(F.pow(result, 2) / 2),)
        from .elementwise import DivScalar, MulScalar

        return (MulScalar.apply(grads[0], other=c) * DivScalar.apply(result.square(), other=2).exp(),)


def _erfcx64(u):
    """erfcx(u) = exp(u * u) * erfc(u) of one float64 ``u >= 0.7`` (an asymptotic series beyond 26)."""
    if u < 26:
        return math.exp(u * u) * math.erfc(u)
    if math.isinf(u):
        return 0.0
    v = 1 / (2 * u * u)
    return (1 - v * (1 - 3 * v * (1 - 5 * v * (1 - 7 * v)))) / (u * math.sqrt(math.pi))


_erfcx = np.vectorize(_erfcx64, otypes=[np.float64])


@_quiet
def log_ndtr_kernel(x):
    """torch's ``calc_log_ndtr``: ``log(erfcx(-t) / 2) - t * t`` below -1, else ``log1p(-erfc(t) / 2)``, for
    ``t = x / sqrt(2)`` (erfcx in float64, rounded to the dtype: not torch's Faddeeva code)."""
    c = x.dtype.type
    t = x * c(0.70710678118654752440)
    low = x < c(-1)
    below = _log(_erfcx(np.where(low, -t, c(1))).astype(x.dtype) / c(2)) - t * t
    above = precise(np.log1p, -_erfc(t) / c(2))
    return np.where(low, below, above).astype(x.dtype, copy=False)


class SpecialLogNdtr(Op):
    """result = log of the standard normal distribution function"""

    node_name = "SpecialLogNdtrBackward0"
    formula = {"self": "grad / math.sqrt(2 * math.pi) * (result + self.pow(2) / 2).neg().exp()"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a):
        out = wrap(log_ndtr_kernel(floating(a)))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        c = math.sqrt(2 * math.pi)
        if F is ARRAYS:
            return (grads[0] / c * F.exp(-(result + F.pow(a, 2) / 2)),)
        from .elementwise import DivScalar

        return (DivScalar.apply(grads[0], other=c) * (-(result + DivScalar.apply(a.pow(2), other=2))).exp(),)


# -- copysign, nextafter, ldexp, logaddexp2, xlog1py ---------------------------------------------------------------
def _promoted_floats(a, b, kernel=None):
    """The arrays of tensors ``a`` and ``b`` in their promoted dtype, integers in the default float dtype (or
    torch's error for ``kernel``)."""
    check_broadcast(a, b)
    want = dtypes.result_type((a, b))
    if not want.is_floating_point:
        if kernel is not None:
            raise not_implemented(kernel, want)
        want = dtypes.get_default_dtype()
    return a._data.astype(want.np, copy=False), b._data.astype(want.np, copy=False)


@_quiet
def copysign_tensor_self_backward(grad, self, result, F=None):
    """torch's ``copysign_tensor_self_backward``: ``grad * (result / self)``, the ratio 0 where ``self`` is 0."""
    if F is ARRAYS:
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = result / self
        return grad * np.where(self == 0, ratio.dtype.type(0), ratio)
    return grad * (result / self).masked_fill(self == 0, 0)


class Copysign(Op):
    """result = |self| with the sign of other"""

    node_name = "CopysignBackward0"
    formula = {"self": "copysign_tensor_self_backward(grad, self, result)", "other": "zeros_like(other)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a, b):
        x, y = _promoted_floats(a, b)
        out = wrap(np.copysign(x, y))
        ctx._save((a, out))
        ctx.other_shape = b.shape
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        needs = ctx._needs()
        zeros = None
        if needs[1]:
            zeros = np.zeros(ctx.other_shape, grads[0].dtype) if F is ARRAYS else grads[0].new_zeros(ctx.other_shape)
        return (copysign_tensor_self_backward(grads[0], a, result, F) if needs[0] else None, zeros)


class CopysignScalar(Op):
    """result = |self| with the sign of the number other"""

    node_name = "CopysignBackward1"
    formula = {"self": "copysign_tensor_self_backward(grad, self, result)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a, *, other):
        want = dtypes.result_type((a,), (other,))
        if not want.is_floating_point:
            want = dtypes.get_default_dtype()
        x = a._data.astype(want.np, copy=False)
        out = wrap(np.copysign(x, x.dtype.type(other)))
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (copysign_tensor_self_backward(grads[0], a, result, F),)


class Nextafter(Op):
    """result = the next floating-point value after self towards other"""

    node_name = "NextafterBackward0"
    formula = {"self": "where(self != other, grad, 0)", "other": "zeros_like(other)"}
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        x, y = _promoted_floats(a, b, "nextafter_cpu")
        ctx._save((a, b))
        return wrap(np.nextafter(x, y))

    @staticmethod
    def backward(ctx, grads, F):
        a, b = ctx._values(F)
        needs = ctx._needs()
        grad = grads[0]
        if F is ARRAYS:
            first = np.where(a != b, grad, grad.dtype.type(0)) if needs[0] else None
            return first, np.zeros(np.shape(b), grad.dtype) if needs[1] else None
        fn = _functional()
        first = fn.where(a != b, grad, 0) if needs[0] else None
        return first, b.new_zeros(b.shape).to(grad.dtype) if needs[1] else None


def _ldexp_dtype(a, b):
    """ldexp's result dtype, as torch's: the two promoted, the default floating dtype if that is not floating (a
    float16 tensor times 2 to int64 powers stays float16); torch's error for a floating one to bool powers."""
    want = dtypes.promote_types(a.dtype, b.dtype)
    if not want.is_floating_point:
        return dtypes.get_default_dtype()
    if b.dtype is dtypes.bool_:
        raise not_implemented("ldexp_cpu_exp", b.dtype)
    return want


class Ldexp(Op):
    """result = self * 2 ** other"""

    node_name = "LdexpBackward0"
    formula = {"self": "grad * pow(2, other)", "other": "grad * result * math.log(2)"}
    saved_names = ("other", "result")

    @staticmethod
    def forward(ctx, a, b):
        check_broadcast(a, b)
        want = _ldexp_dtype(a, b).np
        scale = np.asarray(power(2.0, b._data.astype(want, copy=False)), dtype=want)
        out = wrap(np.asarray(a._data.astype(want, copy=False) * scale))
        ctx._save((b, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        b, result = ctx._values(F)
        needs = ctx._needs()
        grad = grads[0]
        if F is ARRAYS:
            first = grad * power(2, b).astype(b.dtype, copy=False) if needs[0] else None
            return first, grad * result * _LN2 if needs[1] else None
        from .elementwise import MulScalar

        fn = _functional()
        first = grad * fn.pow(2, b) if needs[0] else None
        return first, MulScalar.apply(grad * result, other=_LN2) if needs[1] else None


class Logaddexp2(Op):
    """result = log2(2 ** self + 2 ** other), without overflow"""

    node_name = "Logaddexp2Backward0"
    formula = {"self": "grad / (1 + pow(2, other - self))", "other": "grad / (1 + pow(2, self - other))"}
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a, b))
        x, y = _promoted_floats(a, b, "logaddexp2_cpu")
        c = x.dtype.type
        with np.errstate(invalid="ignore"):
            out = np.maximum(x, y) + precise(np.log1p, precise(np.exp2, -np.abs(x - y))) * c(1 / _LN2)
            out = np.where(np.isinf(x) & (x == y), x, out).astype(x.dtype, copy=False)
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        a, b = ctx._values(F)
        needs = ctx._needs()
        grad = grads[0]
        if F is ARRAYS:
            return (grad / (1 + power(2, b - a)) if needs[0] else None,
                    grad / (1 + power(2, a - b)) if needs[1] else None)  # fmt: skip
        from .elementwise import AddScalar

        fn = _functional()
        return (grad / AddScalar.apply(fn.pow(2, b - a), other=1) if needs[0] else None,
                grad / AddScalar.apply(fn.pow(2, a - b), other=1) if needs[1] else None)  # fmt: skip


@_quiet
def xlog1py_kernel(x, y):
    """torch's xlog1py kernel on arrays (either may be a number): ``x * log1p(y)``, 0 where ``x == 0``, NaN where
    ``y`` is NaN; in the floating dtype they promote to."""
    xa, ya = np.asarray(x), np.asarray(y)
    if not isinstance(x, (np.ndarray, np.generic)):  # a Python number takes the array's dtype
        dtype = ya.dtype
    elif not isinstance(y, (np.ndarray, np.generic)):
        dtype = xa.dtype
    else:
        dtype = np.result_type(xa, ya)
    if dtype.kind != "f":
        dtype = dtypes.get_default_dtype().np
    xa, ya = xa.astype(dtype, copy=False), ya.astype(dtype, copy=False)
    out = xa * precise(np.log1p, ya)
    out = np.where(xa == 0, dtype.type(0), out)
    return np.where(np.isnan(ya), dtype.type(np.nan), out).astype(dtype, copy=False)


def special_xlog1py(self, other, F=None):
    """xlog1py of ``self`` and ``other``: the kernel on arrays, else the differentiable op."""
    if F is ARRAYS:
        return xlog1py_kernel(self, other)
    if isinstance(other, Tensor):
        return Xlog1py.apply(self, other) if isinstance(self, Tensor) else Xlog1pyScalarSelf.apply(other, scalar=self)
    return Xlog1pyScalarOther.apply(self, scalar=other)


class Xlog1py(Op):
    """result = self * log1p(other), 0 where self is 0"""

    node_name = "SpecialXlog1PyBackward0"
    formula = {
        "self": "special_xlog1py(grad, other).masked_fill((self == 0.) & (other <= -1.), 0.)",
        "other": "grad * self / (other + 1)",
    }
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        ctx._save((a, b))
        return wrap(xlog1py_kernel(*_promoted_floats(a, b)))

    @staticmethod
    def backward(ctx, grads, F):
        a, b = ctx._values(F)
        needs = ctx._needs()
        grad = grads[0]
        first = second = None
        if needs[0]:
            first = special_xlog1py(grad, b, F)
            first = F.masked_fill(first, (a == 0) & (b <= -1), 0) if F is ARRAYS else first.masked_fill(
                (a == 0.0) & (b <= -1.0), 0.0)
        if needs[1]:
            if F is ARRAYS:
                second = grad * a / (b + 1)
            else:
                from .elementwise import AddScalar

                second = grad * a / AddScalar.apply(b, other=1)
        return first, second


def _with_number(t, number):
    want = dtypes.result_type((t,), (number,))
    arr = t._data.astype((want if want.is_floating_point else dtypes.get_default_dtype()).np, copy=False)
    return arr, arr.dtype.type(number)


class Xlog1pyScalarSelf(Op):
    """result = scalar * log1p(other), for a number ``scalar``"""

    node_name = "SpecialXlog1PyBackward1"
    formula = {"other": "grad * scalar / (other + 1)"}
    saved_names = ("other",)
    saved_values = {"self": "scalar"}

    @staticmethod
    def forward(ctx, t, *, scalar):
        ctx._save((t,))
        ctx.scalar = scalar
        arr, number = _with_number(t, scalar)
        return wrap(xlog1py_kernel(number, arr))

    @staticmethod
    def backward(ctx, grads, F):
        (b,) = ctx._values(F)
        if F is ARRAYS:
            return (grads[0] * ctx.scalar / (b + 1),)
        from .elementwise import AddScalar

        return (grads[0] * ctx.scalar / AddScalar.apply(b, other=1),)


class Xlog1pyScalarOther(Op):
    """result = self * log1p(scalar), for a number ``scalar``, 0 where self is 0"""

    node_name = "SpecialXlog1PyBackward2"
    formula = {"self": "special_xlog1py(grad, scalar) if scalar > -1 else "
                       "special_xlog1py(grad, scalar).masked_fill(self == 0., 0.)"}  # fmt: skip
    saved_names = ("self",)
    saved_values = {"other": "scalar"}

    @staticmethod
    def forward(ctx, t, *, scalar):
        ctx._save((t,))
        ctx.scalar = scalar
        arr, number = _with_number(t, scalar)
        return wrap(xlog1py_kernel(arr, number))

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        out = special_xlog1py(grads[0], ctx.scalar, F)
        if ctx.scalar > -1:
            return (out,)
        return (F.masked_fill(out, a == 0, 0) if F is ARRAYS else out.masked_fill(a == 0.0, 0.0),)
