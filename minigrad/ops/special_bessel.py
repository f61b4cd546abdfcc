"""torch's Bessel and Airy functions as its CPU kernels compute them (``aten/src/ATen/native/Math.h``, Cephes'
rational and Chebyshev approximations): ``bessel_j0``/``j1``/``y0``/``y1``, ``modified_bessel_i0``/``i1``/``k0``/``k1``,
``scaled_modified_bessel_k0``/``k1``, ``spherical_bessel_j0``, ``airy_ai``, which torch does not differentiate (their
results never require grad), and ``i0e``/``i1e``, which it does (SpecialI0EBackward0, SpecialI1EBackward0).

Each kernel runs in the tensor's dtype, with the fused multiply-adds gcc makes of ``a * b + c`` in torch's kernels
(:func:`fma`), and the C library's ``sin``, ``cos``, ``exp``, ``log`` of that dtype; every branch is computed for the
whole array and the element's own branch picked, so a kernel is a few dozen numpy operations."""

import numpy as np

from .. import dtypes
from ..fused_multiply_add import fma
from . import special_bessel_tables as B
from ._util import not_implemented, wrap
from .carriers import ARRAYS
from .op import Op
from .specials import (
    _I0E_A,
    _I0E_B,
    _I1E_A,
    _I1E_A_FLOAT,
    _I1E_B,
    _I1E_B_FLOAT,
    _chbevl,
    _cos,
    _exp,
    _log,
    _polevl,
    _quiet,
    _sin,
)

_PI_4, _3PI_4 = 0.785398163397448309615660845819875721, 2.356194490192344928846982537459627163
_SQRT_2_PI = 0.797884560802865355879892119868763737  # sqrt(2 / pi)
_2_PI = 0.636619772367581343075535053490057448  # 2 / pi


def floating(a, kernel, half=False):
    """The array of tensor ``a`` in the dtype torch's kernel ``kernel`` computes it in: integers and bools in the
    default float dtype; float16 (for the kernels that take it, ``half``) in float32; for the others, float16
    refused with torch's error."""
    x = a._data
    if a.dtype.is_floating_point and x.dtype.itemsize < 4 and not half:
        raise not_implemented(kernel, a.dtype)
    if x.dtype.kind in "biu":
        return x.astype(dtypes.get_default_dtype().np)
    return x.astype(np.float32) if x.dtype.itemsize < 4 else x


def _asymptotic(x, w, tables, shift, sine_first):
    """The large-argument form of J0, J1, Y0, Y1: ``(P cos(x - shift) - 5/x Q sin(x - shift)) sqrt(2 / pi) / sqrt(x)``
    (for Y, sine and cosine swap and the sign is +), with ``P = pp / pq`` and ``Q = qp / qq`` polynomials in ``w``."""
    c = x.dtype.type
    pp, pq, qp, qq = (_polevl(w, t) for t in tables)
    s = x - c(shift)
    first, second = (_sin(s), _cos(s)) if sine_first else (_cos(s), _sin(s))
    q = c(5) / x * (qp / qq)
    value = fma(pp / pq, first, q * second) if sine_first else fma(pp / pq, first, -(q * second))
    return value * c(_SQRT_2_PI) / np.sqrt(x)


_J0_LARGE = (B.J0_PP, B.J0_PQ, B.J0_QP, B.J0_QQ)
_J1_LARGE = (B.J1_PP, B.J1_PQ, B.J1_QP, B.J1_QQ)


@_quiet
def bessel_j0_kernel(x):
    """torch's ``bessel_j0_forward``: ``1 - x^2 / 4`` below 1e-5, a rational function up to 5, then the asymptotic
    form (even in ``x``)."""
    c = x.dtype.type
    x = np.abs(x)
    xx = x * x
    small = (xx + c(-5.78318596294678452118e00)) * (xx + c(-3.04712623436620863991e01)) * \
        _polevl(xx, B.J0_RP) / _polevl(xx, B.J0_RQ)
    small = np.where(x < c(0.00001), c(1) - xx / c(4), small)
    large = _asymptotic(x, c(25) / xx, _J0_LARGE, _PI_4, False)
    return np.where(x <= c(5), small, large)


@_quiet
def bessel_j1_kernel(x):
    """torch's ``bessel_j1_forward``: a rational function up to 5, then the asymptotic form (odd in ``x``)."""
    c = x.dtype.type
    ax = np.abs(x)
    xx = ax * ax
    small = _polevl(xx, B.J1_RP) / _polevl(xx, B.J1_RQ) * ax * (xx + c(-1.46819706421238932572e01)) * \
        (xx + c(-4.92184563216946036703e01))
    five = c(5) / ax
    large = _asymptotic(ax, five * five, _J1_LARGE, _3PI_4, False)
    out = np.where(ax <= c(5), small, large)
    return np.where(x < 0, -out, np.where(x == 0, x, out))  # -0 keeps its sign: torch's J1(-0) is -0 * ...


@_quiet
def bessel_y0_kernel(x):
    """torch's ``bessel_y0_forward``: -inf at 0, nan below, ``P/Q + 2/pi log(x) J0(x)`` up to 5, then the asymptotic
    form."""
    c = x.dtype.type
    xx = x * x
    small = fma(c(_2_PI) * _log(x), bessel_j0_kernel(x), _polevl(xx, B.Y0_YP) / _polevl(xx, B.Y0_YQ))
    small = np.where(x < 0, c(np.nan), np.where(x == 0, c(-np.inf), small))
    large = _asymptotic(x, c(25) / xx, _J0_LARGE, _PI_4, True)
    return np.where(x <= c(5), small, large)


@_quiet
def bessel_y1_kernel(x):
    """torch's ``bessel_y1_forward``: -inf at 0, nan below, ``x P/Q + 2/pi (J1(x) log(x) - 1/x)`` up to 5, then the
    asymptotic form."""
    c = x.dtype.type
    xx = x * x
    inner = fma(bessel_j1_kernel(x), _log(x), -(c(1) / x))
    small = fma(x, _polevl(xx, B.Y1_YP) / _polevl(xx, B.Y1_YQ), c(_2_PI) * inner)
    small = np.where(x < 0, c(np.nan), np.where(x == 0, c(-np.inf), small))
    five = c(5) / x
    large = _asymptotic(x, five * five, _J1_LARGE, _3PI_4, True)
    return np.where(x <= c(5), small, large)


@_quiet
def modified_bessel_i0_kernel(x):
    """torch's ``modified_bessel_i0_forward``: ``exp(|x|)`` times a Chebyshev series of ``exp(-x) I0(x)`` on [0, 8],
    over ``sqrt(|x|)`` beyond."""
    c = x.dtype.type
    x = np.abs(x)
    small = _exp(x) * _chbevl(x / c(2) - c(2), _I0E_A)
    large = _exp(x) * _chbevl(c(32) / x - c(2), _I0E_B) / np.sqrt(x)
    return np.where(x <= c(8), small, large)


@_quiet
def modified_bessel_i1_kernel(x):
    """torch's ``modified_bessel_i1_forward``: as I0 with I1's series (odd in ``x``; all 29 and 25 terms in float32 too,
    unlike ``special.i1``)."""
    c = x.dtype.type
    ax = np.abs(x)
    small = _chbevl(ax / c(2) - c(2), _I1E_A) * ax * _exp(ax)
    large = _exp(ax) * _chbevl(c(32) / ax - c(2), _I1E_B) / np.sqrt(ax)
    out = np.where(ax <= c(8), small, large)
    return np.where(x < 0, -out, out)


def _k_series(x, tables):
    """The two Chebyshev series of K0 or K1: in ``x^2 - 2`` up to 2, in ``8/x - 2`` beyond."""
    c = x.dtype.type
    return _chbevl(fma(x, x, c(-2)), tables[0]), _chbevl(c(8) / x - c(2), tables[1])


def _k_edges(x, out):
    """K's values at 0 (inf) and below (nan)."""
    c = x.dtype.type
    return np.where(x == 0, c(np.inf), np.where(x < 0, c(np.nan), out))


@_quiet
def modified_bessel_k0_kernel(x, scaled=False):
    """torch's ``modified_bessel_k0_forward`` (``scaled``: ``scaled_modified_bessel_k0_forward``, times ``exp(x)``):
    ``A(x^2 - 2) - log(x / 2) I0(x)`` up to 2 (the log of the unscaled one in float64, as torch's ``0.5 * x`` is),
    ``exp(-x) B(8/x - 2) / sqrt(x)`` beyond."""
    c = x.dtype.type
    small, large = _k_series(x, (B.K0_A, B.K0_B))
    i0 = modified_bessel_i0_kernel(x)
    if scaled:
        small = fma(-_log(c(0.5) * x), i0, small) * _exp(x)
        large = large / np.sqrt(x)
    else:
        wide = np.float64
        small = fma(-_log(0.5 * x.astype(wide)), i0.astype(wide), small.astype(wide)).astype(x.dtype)
        large = _exp(-x) * large / np.sqrt(x)
    return _k_edges(x, np.where(x <= c(2), small, large))


@_quiet
def modified_bessel_k1_kernel(x, scaled=False):
    """torch's ``modified_bessel_k1_forward`` (``scaled``: times ``exp(x)``): ``log(x / 2) I1(x) + A(x^2 - 2) / x`` up
    to 2, ``exp(-x) B(8/x - 2) / sqrt(x)`` beyond."""
    c = x.dtype.type
    small, large = _k_series(x, (B.K1_A, B.K1_B))
    small = fma(_log(c(0.5) * x), modified_bessel_i1_kernel(x), small / x)
    if scaled:
        small = small * _exp(x)
        large = large / np.sqrt(x)
    else:
        large = _exp(-x) * large / np.sqrt(x)
    return _k_edges(x, np.where(x <= c(2), small, large))


def scaled_modified_bessel_k0_kernel(x):
    """torch's ``scaled_modified_bessel_k0_forward``: ``exp(x) K0(x)``."""
    return modified_bessel_k0_kernel(x, scaled=True)


def scaled_modified_bessel_k1_kernel(x):
    """torch's ``scaled_modified_bessel_k1_forward``: ``exp(x) K1(x)``."""
    return modified_bessel_k1_kernel(x, scaled=True)


_J0_SERIES = (-1.0 / 6.0, 1.0 / 120.0, -1.0 / 5040.0, 1.0 / 362880.0, -1.0 / 39916800.0, 1.0 / 6227020800.0)


@_quiet
def spherical_bessel_j0_kernel(x):
    """torch's ``spherical_bessel_j0_forward``: ``sin(x) / x``, its Taylor series below 0.5, 0 at +-inf."""
    c = x.dtype.type
    xx = x * x
    series = c(1) / c(6227020800.0)
    for n, d in zip((1, -1, 1, -1, 1), (39916800.0, 362880.0, 5040.0, 120.0, 6.0), strict=True):
        series = fma(xx, series, c(-n) / c(d))
    series = fma(xx, series, c(1))
    out = np.where(np.abs(x) < c(0.5), series, _sin(x) / x)
    return np.where(np.isinf(x), c(0), out)


@_quiet
def airy_ai_kernel(x):
    """torch's ``airy_ai_forward``: an asymptotic form below -2.09 and above 2.09 (0 beyond 103.892, nan at +-inf),
    the Maclaurin series ``0.355 f - 0.259 g`` between, summed until its term is below the dtype's epsilon."""
    c = x.dtype.type
    eps = c(np.finfo(x.dtype).eps)
    # below -2.09: sin and cos of zeta + pi/4 with rational corrections in 1/zeta^2
    root = np.sqrt(-x)
    zeta = c(-2) * x * root / c(3)
    z = c(1) / zeta
    zz = z * z
    afn, afd, agn, agd = (_polevl(zz, t) for t in (B.AIRY_AFN, B.AIRY_AFD, B.AIRY_AGN, B.AIRY_AGD))
    t = zeta + c(0.25) * c(np.pi)
    negative = c(5.64189583547756286948e-01) / np.sqrt(root) * \
        fma(_sin(t), c(1) + zz * afn / afd, -(_cos(t) * (z * agn / agd)))
    # above 2.09: exp(-zeta) times a rational function of 1/zeta
    zeta = c(2) * x * np.sqrt(x) / c(3)
    an, ad = _polevl(c(1) / zeta, B.AIRY_AN), _polevl(c(1) / zeta, B.AIRY_AD)
    positive = c(5.64189583547756286948e-01) * (an / ad) / (c(2) * np.sqrt(np.sqrt(x)) * _exp(zeta))
    out = np.where(x < c(-2.09), negative, np.where(x >= c(2.09), positive, _airy_series(x, eps)))
    return np.where(np.isinf(x) | np.isnan(x), c(np.nan), np.where(x > c(103.892), c(0), out))


def _airy_series(x, eps):
    """The Maclaurin series of Ai between -2.09 and 2.09 (other elements give 0), each element summed as long as
    torch's loop runs for it."""
    c = x.dtype.type
    x = np.where((x >= c(-2.09)) & (x < c(2.09)), x, c(0))
    f, g, k, m, n, t = np.ones_like(x), x.copy(), np.ones_like(x), np.ones_like(x), x.copy(), np.ones_like(x)
    z = x * x * x
    active = t > eps
    while active.any():
        m2 = m * z
        k2 = k + c(1)
        m2 = m2 / k2
        n2 = n * z
        k2 = k2 + c(1)
        n2 = n2 / k2
        m2 = m2 / k2
        f2 = f + m2
        k2 = k2 + c(1)
        n2 = n2 / k2
        g2 = g + n2
        m, n, k = np.where(active, m2, m), np.where(active, n2, n), np.where(active, k2, k)
        f, g = np.where(active, f2, f), np.where(active, g2, g)
        t = np.where(active, np.abs(m / f), t)
        active = t > eps
    return fma(c(0.355028053887817239260), f, -(c(0.258819403792806798405) * g))


@_quiet
def i0e_kernel(x):
    """torch's ``calc_i0e``: ``exp(-|x|) I0(x)``, the Chebyshev series of i0 without the exponential."""
    c = x.dtype.type
    x = np.abs(x)
    return np.where(x <= c(8), _chbevl(x / c(2) - c(2), _I0E_A), _chbevl(c(32) / x - c(2), _I0E_B) / np.sqrt(x))


@_quiet
def i0e_half_kernel(x):
    """torch's ``i0e`` of a float16 array: its vectorised loop computes blocks of 32 elements in float32, the
    elements after the last whole block in ``calc_i0e<Half>``, each step rounded to float16 (a coefficient too)."""
    h = np.float16

    def chbevl(y, coefficients):
        b0, b1, b2 = np.full_like(y, h(coefficients[0])), np.zeros_like(y), np.zeros_like(y)
        for a in coefficients[1:]:
            b2, b1 = b1, b0
            b0 = (y * b1 - b2) + h(a)
        return h(0.5) * (b0 - b2)

    flat = x.ravel()
    ax = np.abs(flat)
    large = chbevl(h(32) / ax - h(2), _I0E_B).astype(np.float32) / np.sqrt(ax.astype(np.float32))
    scalar = np.where(ax <= h(8), chbevl(ax / h(2) - h(2), _I0E_A), large.astype(h))
    vector = i0e_kernel(flat.astype(np.float32)).astype(h)
    blocks = flat.size // 32 * 32
    return np.where(np.arange(flat.size) < blocks, vector, scalar).reshape(x.shape)


@_quiet
def i1e_kernel(x):
    """torch's ``calc_i1e``: ``exp(-|x|) I1(x)`` (the float32 kernel with the shorter series of ``special.i1``)."""
    c = x.dtype.type
    single = x.dtype == np.float32
    ax = np.abs(x)
    small = _chbevl(ax / c(2) - c(2), _I1E_A_FLOAT if single else _I1E_A) * ax
    large = _chbevl(c(32) / ax - c(2), _I1E_B_FLOAT if single else _I1E_B) / np.sqrt(ax)
    out = np.where(ax <= c(8), small, large)
    return np.where(x < 0, -out, out)


# -- the ops -------------------------------------------------------------------------------------------------------
UNDIFFERENTIATED = {  # torch.special's name: its kernel (the kernel's torch name is the name + "_cpu")
    "airy_ai": airy_ai_kernel, "bessel_j0": bessel_j0_kernel, "bessel_j1": bessel_j1_kernel,
    "bessel_y0": bessel_y0_kernel, "bessel_y1": bessel_y1_kernel, "modified_bessel_i0": modified_bessel_i0_kernel,
    "modified_bessel_i1": modified_bessel_i1_kernel, "modified_bessel_k0": modified_bessel_k0_kernel,
    "modified_bessel_k1": modified_bessel_k1_kernel, "scaled_modified_bessel_k0": scaled_modified_bessel_k0_kernel,
    "scaled_modified_bessel_k1": scaled_modified_bessel_k1_kernel, "spherical_bessel_j0": spherical_bessel_j0_kernel,
}  # fmt: skip


def undifferentiated(name, a):
    """torch.special's ``name`` of tensor ``a``: a result that never requires grad, as torch's has no derivative."""
    return wrap(UNDIFFERENTIATED[name](floating(a, f"{name}_cpu")))


def _scaled(kernel, a, name):
    """``kernel`` of ``a`` in its dtype (float16 and bfloat16 through float32, rounded back, as torch's kernels)."""
    out = kernel(floating(a, name, half=True))
    return wrap(out.astype(a.dtype.np) if a.dtype.is_floating_point else out)


def special_i0e(self, F=None):
    """i0e of ``self``: the kernel on arrays, else the differentiable op (SpecialI0EBackward0)."""
    return i0e_kernel(self) if F is ARRAYS else SpecialI0e.apply(self)


def special_i1e(self, F=None):
    """i1e of ``self``: the kernel on arrays, else the differentiable op (SpecialI1EBackward0)."""
    return i1e_kernel(self) if F is ARRAYS else SpecialI1e.apply(self)


class SpecialI0e(Op):
    """result = exp(-|self|) * I0(self)"""

    node_name = "SpecialI0EBackward0"
    formula = {"self": "grad * (special_i1e(self) - self.sgn() * result)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a):
        out = wrap(i0e_half_kernel(a._data)) if a.dtype.np == np.float16 else _scaled(i0e_kernel, a, "i0e_cpu")
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        sign = np.sign(a) if F is ARRAYS else a.sgn()
        return (grads[0] * (special_i1e(a, F) - sign * result),)


@_quiet
def i1e_backward(grad, self, result, F=None):
    """torch's ``i1e_backward``: ``grad * (i0e(x) - result * (sgn(x) + 1 / x))``, 0.5 where ``|x|`` is not above the
    dtype's eps (``x`` replaced by eps there, as torch's ``where`` differentiates both branches)."""
    if F is ARRAYS:
        c = self.dtype.type
        eps = np.finfo(self.dtype).eps
        big = np.abs(self) > eps
        safe = np.where(big, self, c(eps))
        return grad * np.where(big, i0e_kernel(safe) - result * (np.sign(safe) + np.reciprocal(safe)), c(0.5))
    from .. import functional as fn

    dtype = self._data.dtype
    eps = float(np.finfo(dtype).eps)
    big = self.abs() > eps
    safe = fn.where(big, self, fn.tensor(eps, dtype=self.dtype))
    gradx = SpecialI0e.apply(safe) - result * (safe.sgn() + safe.reciprocal())
    return grad * fn.where(big, gradx, fn.tensor(0.5, dtype=self.dtype))


class SpecialI1e(Op):
    """result = exp(-|self|) * I1(self)"""

    node_name = "SpecialI1EBackward0"
    formula = {"self": "i1e_backward(grad, self, result)"}
    saved_names = ("self", "result")

    @staticmethod
    def forward(ctx, a):
        out = _scaled(i1e_kernel, a, "i1e_cpu")
        ctx._save((a, out))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, result = ctx._values(F)
        return (i1e_backward(grads[0], a, result, F),)
