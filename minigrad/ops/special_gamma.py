"""torch's regularized incomplete gamma functions ``igamma``/``igammac`` (``special.gammainc``, ``gammaincc``) and
the Hurwitz zeta function ``special.zeta``, as its CPU kernels compute them (``aten/src/ATen/native/Math.h``): igamma
and igammac are SciPy's series, continued fraction and asymptotic expansion, run element by element in the dtype as
torch's scalar code runs them (float32 with the double literals and ``static`` float constants of the C++ code, each
``a * b - c`` fused as gcc compiles it); zeta is :func:`minigrad.ops.specials._zeta`, which polygamma uses too."""

import ctypes
import math
from fractions import Fraction

import numpy as np

from .. import dtypes
from ..tensor import Tensor
from . import special_tables as G
from ._util import check_broadcast, not_implemented, wrap
from .carriers import ARRAYS
from .not_implemented import record_no_derivative
from .op import Op
from .specials import _LIBM, _c_function, _quiet, _zeta

_F64, _F32 = np.float64, np.float32


# -- igamma, igammac: SciPy's algorithms, one element at a time -----------------------------------------------------
def _c_two(name):
    """The C library's two-argument ``name`` (double) and ``name + "f"`` (float), or Python's for both."""
    if _LIBM is None:
        fallback = getattr(math, name)
        return fallback, fallback
    double, single = getattr(_LIBM, name), getattr(_LIBM, name + "f")
    double.restype, double.argtypes = ctypes.c_double, [ctypes.c_double, ctypes.c_double]
    single.restype, single.argtypes = ctypes.c_float, [ctypes.c_float, ctypes.c_float]
    return double, single


def _exact_fma(a, b, c):
    """``a * b + c`` rounded once, of float64 scalars (exactly, through fractions)."""
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return a * b + c
    return _F64(float(Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))))


class _Precision:
    """The arithmetic of one of torch's scalar kernels: its scalar type ``T`` (a numpy scalar type), the C library's
    functions of that type, the fused multiply-add and the kernel's ``static`` constants, in that type."""

    def __init__(self, T, index, fma, machep, maxlog, big, biginv):
        self.T = T
        for name in ("log", "exp", "lgamma", "expm1", "log1p", "erfc", "sqrt"):
            fn = _c_function(name, getattr(math, name))[index]
            setattr(self, name, lambda v, fn=fn, T=T: T(fn(float(v))))
        pow_ = _c_two("pow")[index]
        self.pow = lambda a, b: T(pow_(float(a), float(b)))
        self.fma = fma
        self.machep, self.maxlog, self.big, self.biginv = T(machep), T(maxlog), T(big), T(biginv)
        self.lanczos = tuple(T(v) for v in G.LANCZOS_NUM), tuple(T(v) for v in G.LANCZOS_DENOM)
        self.d = tuple(tuple(T(v) for v in row) for row in G.IGAM_D)
        self.g, self.e = T(6.024680040776729583740234375), T(2.718281828459045)


# torch's igammac kernel fuses each a * b + c; its igamma kernel, by its results, fuses none (even in the igammac it
# calls): (fused, not fused) for each dtype
_DOUBLE = tuple(_Precision(_F64, 0, fma, 1.11022302462515654042e-16, 7.09782712893383996843e2, 4.503599627370496e15,
                           2.22044604925031308085e-16) for fma in (_exact_fma, lambda a, b, c: a * b + c))  # fmt: skip
_SINGLE = tuple(_Precision(_F32, 1, fma, 5.9604644775390625e-8, 88.72283905206835, 16777216.0, 5.9604644775390625e-8)
                for fma in (lambda a, b, c: _F32(_F64(a) * _F64(b) + _F64(c)), lambda a, b, c: a * b + c))  # fmt: skip
_D = _F64  # where torch's float code computes in double (a double literal in the expression)


def _lanczos_sum_expg_scaled(x, P):
    """Boost's Lanczos sum through SciPy's ``ratevl`` (a polynomial in ``1 / x`` beyond 1)."""
    T = P.T
    num, denom = P.lanczos
    if abs(x) > 1:
        y, num, denom = T(1) / x, num[::-1], denom[::-1]
    else:
        y = x
    n, d = num[0], denom[0]
    for a, b in zip(num[1:], denom[1:], strict=True):
        n, d = P.fma(n, y, a), P.fma(d, y, b)
    return T(_D(n) / _D(d))


def _igam_fac(a, x, P):
    """``x^a exp(-x) / gamma(a)``, SciPy's ``igam_fac``."""
    T = P.T
    if _D(abs(a - x)) > 0.4 * _D(abs(a)):
        ax = P.fma(a, P.log(x), -x) - P.lgamma(a)
        return T(0) if ax < -P.maxlog else P.exp(ax)
    fac = T(_D(a + P.g) - 0.5)
    res = P.sqrt(fac / P.e) / _lanczos_sum_expg_scaled(a, P)
    if a < 200 and x < 200:
        return res * (P.exp(a - x) * P.pow(x / fac, a))
    numfac = T(_D(x - a - P.g) + 0.5) / fac
    if T is _F32:
        exponent = _D(a * (P.log1p(numfac) - numfac)) + _D(x) * (0.5 - _D(P.g)) / _D(fac)
        return T(_D(res) * np.exp(exponent))
    return res * P.exp(P.fma(a, P.log1p(numfac) - numfac, x * (0.5 - P.g) / fac))


def _igam_series(a, x, P):
    """The power series of igamma (DLMF 8.11.4)."""
    T = P.T
    ax = _igam_fac(a, x, P)
    if ax == 0:
        return T(0)
    r, c, ans = a, T(1), T(1)
    for _ in range(2000):
        r = r + T(1)
        c = c * (x / r)
        ans = ans + c
        if c <= P.machep * ans:
            break
    return ans * ax / a


def _igamc_series(a, x, P):
    """The series of igammac (DLMF 8.7.3), for small ``x``."""
    T = P.T
    fac, total = T(1), T(0)
    for n in range(1, 2000):
        fac = fac * (-x / T(n))
        term = fac / (a + T(n))
        total = total + term
        if abs(term) <= P.machep * abs(total):
            break
    logx = P.log(x)
    term = -P.expm1(P.fma(a, logx, -P.lgamma(T(1) + a)))
    return P.fma(-P.exp(P.fma(a, logx, -P.lgamma(a))), total, term)


def _igam_asymptotic(a, x, igam, P):
    """The uniform asymptotic expansion for large ``a`` near ``x`` (DLMF 8.12.3, 8.12.4)."""
    T = P.T
    sgn = -1 if igam else 1
    lam, sigma = x / a, (x - a) / a
    eta = P.sqrt(T(-2) * (P.log1p(sigma) - sigma)) if lam != 1 else T(0)
    eta = -eta if lam < 1 else eta
    res = T(0.5 * _D(P.erfc(T(sgn) * eta * P.sqrt(a / T(2)))))
    etapow, total, afac, absoldterm = [T(1)], T(0), T(1), np.inf
    for k in range(25):
        ck = P.d[k][0]
        for n in range(1, 25):
            if n >= len(etapow):
                etapow.append(eta * etapow[n - 1])
            ckterm = P.d[k][n] * etapow[n]
            ck = ck + ckterm
            if abs(ckterm) < P.machep * abs(ck):
                break
        term = ck * afac
        absterm = abs(term)
        if absterm > absoldterm:
            break
        total = total + term
        if absterm < P.machep * abs(total):
            break
        absoldterm = absterm
        afac = afac / a
    # torch multiplies by the float pi (c10::pi<float>) in both dtypes
    scale = P.sqrt(T(2) * T(_F32(np.pi)) * a) if T is _F32 else math.sqrt(2 * float(_F32(np.pi)) * a)
    return T(_D(res) + sgn * np.exp(-0.5 * _D(a) * _D(eta) * _D(eta)) * _D(total) / _D(scale))


def _igamc_continued_fraction(a, x, P):
    """The continued fraction of igammac (DLMF 8.9.2), for large ``x``."""
    T = P.T
    ax = _igam_fac(a, x, P)
    if ax == 0:
        return T(0)
    y = T(1.0 - _D(a))
    z = T(_D(x + y) + 1.0)
    c, pkm2, qkm2, pkm1 = T(0), T(1), x, T(_D(x) + 1.0)
    qkm1 = z * x
    ans = pkm1 / qkm1
    for _ in range(2000):
        c, y, z = c + T(1), y + T(1), z + T(2)
        yc = y * c
        pk, qk = P.fma(pkm1, z, -(pkm2 * yc)), P.fma(qkm1, z, -(qkm2 * yc))
        if qk != 0:
            r = pk / qk
            t = abs((ans - r) / r)
            ans = r
        else:
            t = T(1)
        pkm2, pkm1, qkm2, qkm1 = pkm1, pk, qkm1, qk
        if abs(pk) > P.big:
            pkm2, pkm1, qkm2, qkm1 = pkm2 * P.biginv, pkm1 * P.biginv, qkm2 * P.biginv, qkm1 * P.biginv
        if t <= P.machep:
            break
    return ans * ax


def _asymptotic_regime(a, x, P):
    """Whether ``a`` is large and ``x`` near it, where both functions use the asymptotic expansion."""
    T = P.T
    ratio = abs(x - a) / a
    return a > T(20) and a < T(200) and ratio < T(0.3) or a > T(200) and ratio < T(4.5) / P.sqrt(a)


def _igammac(a, x, P):
    """torch's ``calc_igammac`` of two scalars: the regularized upper incomplete gamma function."""
    T = P.T
    if x < 0 or a < 0:
        return T(np.nan)
    if a == 0:
        return T(0) if x > 0 else T(np.nan)
    if x == 0:
        return T(1)
    if np.isinf(a):
        return T(np.nan) if np.isinf(x) else T(1)
    if np.isinf(x):
        return T(0)
    if _asymptotic_regime(a, x, P):
        return _igam_asymptotic(a, x, False, P)
    if _D(x) > 1.1:
        return T(1.0 - _D(_igam_series(a, x, P))) if x < a else _igamc_continued_fraction(a, x, P)
    if _D(x) <= 0.5:
        small = -0.4 / _D(P.log(x)) < _D(a)
    else:
        small = _D(x) * 1.1 < _D(a)
    return T(1.0 - _D(_igam_series(a, x, P))) if small else _igamc_series(a, x, P)


def _igamma(a, x, P):
    """torch's ``calc_igamma`` of two scalars: the regularized lower incomplete gamma function."""
    T = P.T
    if x < 0 or a < 0:
        return T(np.nan)
    if a == 0:
        return T(1) if x > 0 else T(np.nan)
    if x == 0:
        return T(0)
    if np.isinf(a):
        return T(np.nan) if np.isinf(x) else T(0)
    if np.isinf(x):
        return T(1)
    if _asymptotic_regime(a, x, P):
        return _igam_asymptotic(a, x, True, P)
    if x > 1 and x > a:
        return T(1.0 - _D(_igammac(a, x, P)))
    return _igam_series(a, x, P)


@_quiet
def igamma_kernel(a, x, upper=False):
    """torch's igamma (``upper``: igammac) of two floating arrays of one dtype, element by element; float16 and
    bfloat16 compute in float32, as torch's kernels do."""
    a, x = np.broadcast_arrays(a, x)
    dtype = a.dtype
    P = (_SINGLE if dtype.itemsize <= 4 else _DOUBLE)[not upper]
    fn = _igammac if upper else _igamma
    out = np.empty(a.shape, P.T)
    for index in np.ndindex(a.shape):
        out[index] = fn(P.T(a[index]), P.T(x[index]), P)
    return out.astype(dtype)


@_quiet
def zeta_kernel(x, q):
    """torch's ``zeta(x, q)`` (the Hurwitz zeta function) of two floating arrays of one dtype: Cephes' series in float64
    with the float32 kernel's first power ``powf``, rounded to the dtype."""
    from .specials import _powf

    x, q = np.broadcast_arrays(x, q)
    first = _powf if x.dtype == _F32 else None
    each = np.vectorize(lambda s, v: _zeta(float(s), float(v), first), otypes=[np.float64])
    return np.asarray(each(x, q)).astype(x.dtype)


# -- the ops -------------------------------------------------------------------------------------------------------
def _operands(a, b, kernel, integers=True):
    """The arrays of ``a`` and ``b`` (tensors, or one a number) in the floating dtype they promote to (float16 computes
    in float32), and that dtype; integers in the default dtype (or, unless ``integers``, torch's error for
    ``kernel``)."""
    tensors = [t for t in (a, b) if isinstance(t, Tensor)]
    if len(tensors) == 2:
        check_broadcast(a, b)
    want = dtypes.result_type(tensors, [v for v in (a, b) if not isinstance(v, Tensor)])
    if not want.is_floating_point:
        if not integers:
            raise not_implemented(kernel, want)
        want = dtypes.get_default_dtype()
    work = np.dtype(np.float32) if want.np.itemsize < 4 else want.np
    x, y = (np.asarray(v._data if isinstance(v, Tensor) else v).astype(work) for v in (a, b))
    return x, y, want


def special_zeta(self, other, F=None):
    """zeta of ``self`` (a tensor or a number) and ``other``: the kernel on arrays, else the differentiable op."""
    if F is ARRAYS:
        x, q = np.asarray(self), np.asarray(other)
        return zeta_kernel(x.astype(q.dtype), q)
    if isinstance(self, Tensor):
        return SpecialZeta.apply(self, other)
    return SpecialZetaScalarSelf.apply(other, scalar=self)


_NO_ZETA = "the derivative for 'zeta' is not implemented."


class SpecialZeta(Op):
    """result = the Hurwitz zeta function zeta(self, other) (torch has no derivative in self)"""

    node_name = "SpecialZetaBackward0"
    formula = {"self": "None", "other": "grad * -self * special_zeta(self + 1., other)"}
    saved_names = ("self", "other")

    @staticmethod
    def forward(ctx, a, b):
        x, q, want = _operands(a, b, "zeta_cpu")
        ctx._save((a, b))
        return wrap(zeta_kernel(x, q).astype(want.np))

    @staticmethod
    def backward(ctx, grads, F):
        if ctx._needs()[0]:
            raise NotImplementedError(_NO_ZETA)
        a, b = ctx._values(F)
        if F is ARRAYS:
            return None, grads[0] * -a * special_zeta(a + 1.0, b, F)
        from .elementwise import AddScalar

        return None, grads[0] * -a * special_zeta(AddScalar.apply(a, other=1.0), b)


class SpecialZetaScalarSelf(Op):
    """result = zeta(scalar, other), for a number ``scalar``"""

    node_name = "SpecialZetaBackward1"
    formula = {"other": "grad * -scalar * special_zeta(scalar + 1., other)"}
    saved_names = ("other",)
    saved_values = {"self": "scalar"}

    @staticmethod
    def forward(ctx, b, *, scalar):
        ctx.scalar = scalar
        x, q, want = _operands(scalar, b, "zeta_cpu")
        ctx._save((b,))
        return wrap(zeta_kernel(x, q).astype(want.np))

    @staticmethod
    def backward(ctx, grads, F):
        (b,) = ctx._values(F)
        return (grads[0] * -ctx.scalar * special_zeta(float(ctx.scalar) + 1.0, b, F),)


def zeta(a, b):
    """torch.special.zeta of two tensors, or a tensor and a number: SpecialZetaBackward0, 1 (a number first) or 2 (a
    number second, a node whose backward raises: torch has no derivative in the first argument)."""
    if isinstance(b, Tensor):
        return special_zeta(a, b)
    x, q, want = _operands(a, b, "zeta_cpu")
    return record_no_derivative(wrap(zeta_kernel(x, q).astype(want.np)), (a,), "SpecialZetaBackward2", "zeta")


def _igamma_density(a, b, F):
    """``exp((a - 1) log(b) - b - lgamma(a))``, the derivative of igamma in its second argument."""
    if F is ARRAYS:
        from .specials import _lgamma

        return F.exp((a - 1) * F.log(b) - b - _lgamma(a))
    from .elementwise import SubScalar

    return (SubScalar.apply(a, other=1) * b.log() - b - a.lgamma()).exp()


class Igamma(Op):
    """result = the regularized lower incomplete gamma function P(self, other) (no derivative in self)"""

    node_name = "IgammaBackward0"
    formula = {"self": "None", "other": "grad * exp((self - 1) * log(other) - other - lgamma(self))"}
    saved_names = ("self", "other")
    upper = False

    @staticmethod
    def forward(ctx, a, b):
        x, q, want = _operands(a, b, "igammac_cpu" if ctx.upper else "igamma_cpu", integers=False)
        ctx._save((a, b))
        return wrap(igamma_kernel(x, q, upper=ctx.upper).astype(want.np))

    @staticmethod
    def backward(ctx, grads, F):
        if ctx._needs()[0]:
            raise NotImplementedError(f"the derivative for '{'igammac' if ctx.upper else 'igamma'}: input' is not "
                                      "implemented.")  # fmt: skip
        a, b = ctx._values(F)
        return None, (-grads[0] if ctx.upper else grads[0]) * _igamma_density(a, b, F)


class Igammac(Igamma):
    """result = the regularized upper incomplete gamma function Q(self, other) (no derivative in self)"""

    node_name = "IgammacBackward0"
    formula = {"self": "None", "other": "-grad * exp((self - 1) * log(other) - other - lgamma(self))"}
    upper = True
