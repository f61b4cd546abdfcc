"""Special functions and the bitwise shifts, as torch has them: ``lgamma``, ``digamma``, ``polygamma``, ``mvlgamma``,
``erfinv``, ``i0``, ``sinc``, ``heaviside``, ``copysign``, ``float_power``, ``signbit``, ``nextafter``, ``ldexp``,
``logaddexp2``, ``igamma``, ``igammac``, ``conj_physical``, ``bitwise_left_shift``/``bitwise_right_shift`` (and
``<<``, ``>>``, ``<<=``, ``>>=``), with their
Tensor methods and in-place forms where torch has them. The ops are in :mod:`minigrad.ops.specials`; ``torch.special``
is :mod:`minigrad.special`. Each is registered with ``@public`` and exported as ``minigrad.<name>`` by ``__all__``."""

import numpy as np

from . import dtypes
from .arguments import NUMBERS, invalid_arguments, is_int, must_be_tensor
from .ops import special_gamma as G
from .ops import specials as S
from .ops._util import check_broadcast, not_implemented, promoted, wrap
from .ops.inplace import apply_inplace
from .ops.not_implemented import record_not_implemented
from .public import REQUIRED, public, require_dim
from .tensor import Tensor

__all__ = [
    "lgamma", "digamma", "polygamma", "mvlgamma", "erfinv", "i0", "sinc", "heaviside", "copysign", "float_power",
    "signbit", "nextafter", "ldexp", "logaddexp2", "bitwise_left_shift", "bitwise_right_shift", "igamma", "igammac",
    "conj_physical",
]  # fmt: skip


@public("lgamma", inplace="lgamma_", function=False)
def lgamma(input):
    """Mirror ``torch.lgamma`` (``torch.special.gammaln``): log|gamma(input)| (LgammaBackward0)."""
    return S.Lgamma.apply(input)


@public("digamma", inplace="digamma_", function=False)
def digamma(input):
    """Mirror ``torch.digamma`` (``torch.special.digamma``, ``psi``): the derivative of lgamma (DigammaBackward0)."""
    return S.Digamma.apply(input)


def _order(function, n, position):
    if isinstance(n, Tensor) and n.ndim == 0 and is_int(n):  # torch's parser reads a 0-d integer tensor as an int
        n = int(n.item())
    if not is_int(n) or isinstance(n, Tensor):
        raise must_be_tensor(function, "n", position, n, kind="int")
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return int(n)


def polygamma(n, input):
    """Mirror ``torch.polygamma(n, input)`` (``torch.special.polygamma``): the n-th derivative of digamma
    (PolygammaBackward0, ``n`` saved)."""
    n = _order("polygamma", n, 1)
    if not isinstance(input, Tensor):
        raise must_be_tensor("polygamma", "input", 2, input)
    return S.Polygamma.apply(input, n=n)


def _polygamma_method(self, n):
    """Mirror ``Tensor.polygamma(n)``."""
    return S.Polygamma.apply(self, n=_order("polygamma", n, 1))


def _polygamma_inplace(self, n):
    """Mirror ``Tensor.polygamma_(n)``: ``polygamma`` written into this tensor in place."""
    n = _order("polygamma_", n, 1)
    return apply_inplace(self, lambda a: S.PolygammaInplace.apply(a, n=n))


Tensor.polygamma, Tensor.polygamma_ = _polygamma_method, _polygamma_inplace
_polygamma_method.__name__ = _polygamma_method.__qualname__ = "polygamma"
_polygamma_inplace.__name__ = _polygamma_inplace.__qualname__ = "polygamma_"


def _mvlgamma_order(p, position=2, function="mvlgamma"):
    require_dim(function, p, "p")
    if not is_int(p) or isinstance(p, Tensor):
        raise must_be_tensor(function, "p", position, p, kind="int")
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    return int(p)


def _refuse_bool_mvlgamma(input):
    if input.dtype is dtypes.bool_:
        raise RuntimeError("The input tensor may not be a boolean tensor.")


@public(function=False, parse=True)
def mvlgamma(input, p=REQUIRED):
    """Mirror ``torch.mvlgamma(input, p)`` (``torch.special.multigammaln``): the log of the multivariate gamma
    function of dimension ``p`` (MvlgammaBackward0, ``p`` saved); torch's error for a bool tensor."""
    _refuse_bool_mvlgamma(input)
    return S.Mvlgamma.apply(input, p=_mvlgamma_order(p))


@public("mvlgamma", inplace="mvlgamma_", function=False, parse=True)
def _mvlgamma_method(self, p=REQUIRED):
    """Mirror ``Tensor.mvlgamma(p)``: as ``torch.mvlgamma`` (``p`` is the method's first argument)."""
    _refuse_bool_mvlgamma(self)
    return S.Mvlgamma.apply(self, p=_mvlgamma_order(p, 1))


_mvlgamma_written = Tensor.mvlgamma_


def _mvlgamma_inplace(self, p=REQUIRED):
    """Mirror ``Tensor.mvlgamma_(p)``: ``mvlgamma`` written into this tensor, which must be floating (torch's own
    message, its two dtypes swapped)."""
    if self.dtype.is_floating_point or self.dtype is dtypes.bool_:
        return _mvlgamma_written(self, p)
    _mvlgamma_order(p, 1, "mvlgamma_")
    raise RuntimeError(f"mvlgamma: result type {self.dtype.scalar_name} can't be cast to the desired output type "
                       f"{dtypes.get_default_dtype().scalar_name}")


_mvlgamma_inplace.__name__ = _mvlgamma_inplace.__qualname__ = "mvlgamma_"
Tensor.mvlgamma_ = _mvlgamma_inplace


@public("erfinv", inplace="erfinv_", function=False)
def erfinv(input):
    """Mirror ``torch.erfinv`` (``torch.special.erfinv``): the inverse error function (ErfinvBackward0)."""
    return S.Erfinv.apply(input)


@public("i0", inplace="i0_", function=False)
def i0(input):
    """Mirror ``torch.i0`` (``torch.special.i0``): the modified Bessel function of the first kind, order 0
    (I0Backward0; its derivative is ``special.i1``, SpecialI1Backward0)."""
    return S.I0.apply(input)


@public("sinc", inplace="sinc_", function=False)
def sinc(input):
    """Mirror ``torch.sinc`` (``torch.special.sinc``): ``sin(pi x) / (pi x)``, 1 at 0 (SincBackward0)."""
    return S.Sinc.apply(input)


@public("signbit", function=False)
def signbit(input):
    """Mirror ``torch.signbit``: True where the sign bit is set (-0. and -nan included); a bool tensor, never
    differentiable."""
    x = input._data
    return wrap(np.signbit(x) if x.dtype.kind == "f" else (x < 0) if x.dtype.kind == "i" else np.zeros(x.shape, bool))


_HEAVISIDE = ("Tensor input, Tensor values, *, Tensor out = None",)


@public("heaviside", inplace="heaviside_", function=False, parse=True)
def heaviside(input, values):
    """Mirror ``torch.heaviside(input, values)``: 0 below 0, 1 above, ``values`` at 0 (nan gives 0); input and values
    of one dtype. torch has no derivative for it: a result that requires grad records its NotImplemented node."""
    if not isinstance(values, Tensor):
        raise must_be_tensor("heaviside", "values", 2, values)
    if input.dtype is not values.dtype:
        raise RuntimeError("heaviside is not yet implemented for tensors with different dtypes.")
    check_broadcast(input, values)
    x, v = np.broadcast_arrays(input._data, values._data)
    out = np.where(x == 0, v, (x > 0).astype(x.dtype))
    return record_not_implemented(wrap(np.asarray(out, dtype=x.dtype)), (input, values), "aten::heaviside")


_COPYSIGN = (
    ("Tensor input, Tensor other, *, Tensor out = None", "Tensor input, Number other, *, Tensor out = None"),
    ("Tensor other", "Number other"),
)


@public("copysign", inplace="copysign_", function=False, binary=_COPYSIGN)
def copysign(input, other):
    """Mirror ``torch.copysign``: ``|input|`` with the sign of ``other`` (a tensor: CopysignBackward0; a number:
    CopysignBackward1), in the floating dtype they promote to."""
    if not isinstance(input, Tensor):
        return NotImplemented
    if isinstance(other, Tensor):
        return S.Copysign.apply(input, other)
    if isinstance(other, NUMBERS):
        return S.CopysignScalar.apply(input, other=other)
    return NotImplemented


_FLOAT_POWER = (
    ("Tensor input, Tensor exponent, *, Tensor out = None", "Number self, Tensor exponent, *, Tensor out = None",
     "Tensor input, Number exponent, *, Tensor out = None"),
    ("Tensor exponent", "Number exponent"),
)


def _as_double(t):
    return t if t.dtype is dtypes.float64 else t.to(dtypes.float64)


@public("float_power", function=False, parse=True)
def float_power(input, exponent):
    """Mirror ``torch.float_power``: ``pow`` in float64: the tensors converted first (ToCopyBackward0, unless already
    float64), numbers as floats."""
    from .functional import pow as power

    if isinstance(input, Tensor) and isinstance(exponent, Tensor):
        return power(_as_double(input), _as_double(exponent))
    if isinstance(input, Tensor) and isinstance(exponent, NUMBERS):
        return power(_as_double(input), float(exponent))
    if isinstance(input, NUMBERS) and isinstance(exponent, Tensor):
        return power(float(input), _as_double(exponent))
    args = (input, exponent)
    raise invalid_arguments("float_power", args, _FLOAT_POWER[0])


def _float_power_inplace(self, exponent):
    """Mirror ``Tensor.float_power_``: torch's error unless this tensor is float64."""
    if not isinstance(exponent, (Tensor, *NUMBERS)):
        raise invalid_arguments("float_power_", (exponent,), _FLOAT_POWER[1])
    if self.dtype is not dtypes.float64:
        raise RuntimeError(f"the base given to float_power_ has dtype {self.dtype.scalar_name} but the operation's "
                           "result requires dtype Double")  # fmt: skip
    return apply_inplace(self, lambda a, e: float_power(a, e), exponent)


_float_power_inplace.__name__ = _float_power_inplace.__qualname__ = "float_power_"
Tensor.float_power_ = _float_power_inplace


@public("nextafter", inplace="nextafter_", function=False, binary=True)
def nextafter(input, other):
    """Mirror ``torch.nextafter``: the next floating-point value after ``input`` towards ``other``
    (NextafterBackward0: the gradient passes where they differ)."""
    return S.Nextafter.apply(input, other) if isinstance(other, Tensor) else NotImplemented


@public("ldexp", function=False, binary=True)
def ldexp(input, other):
    """Mirror ``torch.ldexp``: ``input * 2 ** other`` (LdexpBackward0), in a floating dtype."""
    return S.Ldexp.apply(input, other) if isinstance(other, Tensor) else NotImplemented


def _ldexp_inplace(self, other):
    """Mirror ``Tensor.ldexp_``: ``ldexp`` written into this tensor, which must be floating (torch's own message)."""
    if not isinstance(other, Tensor):
        raise must_be_tensor("ldexp_", "other", 1, other)
    if not self.dtype.is_floating_point:
        raise RuntimeError(f"ldexp can't be cast to the desired output type {self.dtype.scalar_name}")
    return apply_inplace(self, lambda a, o: S.Ldexp.apply(a, o), other)


_ldexp_inplace.__name__ = _ldexp_inplace.__qualname__ = "ldexp_"
Tensor.ldexp_ = _ldexp_inplace


@public("logaddexp2", function=False, binary=True)
def logaddexp2(input, other):
    """Mirror ``torch.logaddexp2``: ``log2(2 ** input + 2 ** other)`` without overflow (Logaddexp2Backward0)."""
    return S.Logaddexp2.apply(input, other) if isinstance(other, Tensor) else NotImplemented


def _incomplete_gamma(name, op, input, other, out):
    if not isinstance(input, Tensor):
        raise must_be_tensor(name, "input", 1, input)
    if not isinstance(other, Tensor):
        return NotImplemented
    if out is not None:
        from .outputs import write_out

        return write_out(name, out, lambda: op.apply(input, other), input, other)
    return op.apply(input, other)


@public("igamma", function=False, binary=True)
def igamma(input, other, *, out=None):
    """Mirror ``torch.igamma`` (``torch.special.gammainc``): the regularized lower incomplete gamma function
    P(input, other), floating inputs only (IgammaBackward0: torch differentiates it in ``other`` only)."""
    return _incomplete_gamma("igamma", G.Igamma, input, other, out)


@public("igammac", function=False, binary=True)
def igammac(input, other, *, out=None):
    """Mirror ``torch.igammac`` (``torch.special.gammaincc``): the regularized upper incomplete gamma function
    Q(input, other) = 1 - P(input, other) (IgammacBackward0)."""
    return _incomplete_gamma("igammac", G.Igammac, input, other, out)


def _incomplete_gamma_inplace(name, op):
    def method(self, other):
        if not isinstance(other, Tensor):
            raise must_be_tensor(name, "other", 1, other)
        return apply_inplace(self, lambda a, o: op.apply(a, o), other)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Mirror ``Tensor.{name}``: ``{name[:-1]}`` written into this tensor in place."
    return method


Tensor.igamma_ = _incomplete_gamma_inplace("igamma_", G.Igamma)
Tensor.igammac_ = _incomplete_gamma_inplace("igammac_", G.Igammac)


@public("conj_physical", function=False)
def conj_physical(input):
    """Mirror ``torch.conj_physical``: the complex conjugate, computed; minigrad's tensors are real, for which torch
    returns ``input`` itself."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("conj_physical", "input", 1, input)
    return input


def _conj_physical_inplace(self):
    """Mirror ``Tensor.conj_physical_``: nothing to change in a real tensor, which torch still counts as written
    (its in-place checks, its version)."""
    from .autograd import grad_mode
    from .ops.inplace import check_inplace
    from .ops.views import bump_version

    check_inplace(self, grad_mode._state.enabled and self._requires_grad)
    bump_version(self)
    return self


_conj_physical_inplace.__name__ = _conj_physical_inplace.__qualname__ = "conj_physical_"
Tensor.conj_physical_ = _conj_physical_inplace


# -- bitwise shifts ------------------------------------------------------------------------------------------------
_SHIFT = {
    "bitwise_left_shift": (("Tensor input, Tensor other, *, Tensor out = None", "Number self, Tensor other",
                            "Tensor input, Number other, *, Tensor out = None"), ("Tensor other", "Number other")),
    "bitwise_right_shift": (("Tensor input, Tensor other, *, Tensor out = None", "Number self, Tensor other",
                             "Tensor input, Number other, *, Tensor out = None"), ("Tensor other", "Number other")),
}  # fmt: skip


def _shift(left, input, other):
    """torch's shift kernels (``lshift``, ``rshift``) in the promoted integer dtype: a count below 0 or not below the
    bit width gives 0 (-1 for a negative value shifted right); a left shift drops the bits above the width."""
    operands = promoted(input, other) if isinstance(input, Tensor) or isinstance(other, Tensor) else None
    if operands is None:
        return NotImplemented
    a, want = operands
    kernel = "lshift_cpu" if left else "rshift_cpu"
    if want.is_floating_point or want is dtypes.bool_:
        raise not_implemented(kernel, want)
    x = a._data.astype(want.np, copy=False)
    if isinstance(other, Tensor):
        n = other._data.astype(want.np, copy=False)
    else:
        n = np.asarray(other).astype(want.np) if -(1 << 63) <= other < (1 << 64) else None
        if n is None:
            raise OverflowError("int too big to convert")
    x, n = np.broadcast_arrays(x, n)
    bits = want.np.itemsize * 8
    signed = want.np.kind == "i"
    counts = n.astype(np.int64)
    if not signed:
        counts = np.where(n.astype(np.uint64) >= bits, bits, counts)  # an unsigned count is never below 0
    out_of_range = (counts < 0) | (counts >= bits)
    safe = np.where(out_of_range, 0, counts).astype(want.np)
    if left:
        unsigned = np.dtype(f"u{want.np.itemsize}")
        shifted = np.left_shift(x.astype(unsigned), safe.astype(unsigned))
        out = np.where(out_of_range, 0, shifted).astype(unsigned).view(want.np)
    else:
        fill = np.where(x < 0, -1, 0).astype(want.np) if signed else np.zeros_like(x)
        out = np.where(out_of_range, fill, np.right_shift(x, safe))
    out = np.asarray(out, dtype=want.np)
    return wrap(out if out.flags.c_contiguous else out.copy())  # a 0-d array stays 0-d (ascontiguousarray's is 1-d)


@public("bitwise_left_shift", "__lshift__", inplace="bitwise_left_shift_", function=False,
        binary=_SHIFT["bitwise_left_shift"], inplace_operator="__ilshift__")  # fmt: skip
def bitwise_left_shift(input, other):
    """Mirror ``torch.bitwise_left_shift`` and ``<<``: integers shifted left, in the dtype they promote to."""
    return _shift(True, input, other)


@public("bitwise_right_shift", "__rshift__", inplace="bitwise_right_shift_", function=False,
        binary=_SHIFT["bitwise_right_shift"], inplace_operator="__irshift__")  # fmt: skip
def bitwise_right_shift(input, other):
    """Mirror ``torch.bitwise_right_shift`` and ``>>``: integers shifted right (arithmetically for signed ones)."""
    return _shift(False, input, other)


public.reflected(bitwise_left_shift, "__rlshift__", "number << tensor")
public.reflected(bitwise_right_shift, "__rrshift__", "number >> tensor")


from . import special  # noqa: E402, F401 - torch.special, which calls the functions above
