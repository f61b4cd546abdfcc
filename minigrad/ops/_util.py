"""Small helpers the op modules share: operands that may be Python scalars, and result dtypes."""

import functools
import math
import warnings

import numpy as np

from .. import dtypes
from ..autograd import version as _version
from ..tensor import Tensor

_new = object.__new__
_F32 = np.dtype(np.float32)
Version = _version.Version  # rebound while inference mode is on (autograd.version)
_version.makes_counters(globals())

# torch divides by zero, overflows and makes nan (0 * inf, inf - inf) silently: every op's forward runs with
# numpy's floating-point warnings off (Op.apply). np.errstate costs more than a small op itself, so on numpy 2,
# whose error state is a context variable, the state is switched directly.
try:
    from numpy._core._ufunc_config import _extobj_contextvar

    with np.errstate(all="ignore"):
        _QUIET = _extobj_contextvar.get()

    # quiet_on() turns numpy's floating-point warnings off and returns what quiet_off needs to turn them back
    # (a partial, not a def: it runs in every op)
    quiet_on = functools.partial(_extobj_contextvar.set, _QUIET)
    quiet_off = _extobj_contextvar.reset
except ImportError:  # numpy 1: a global state

    def quiet_on():
        """Turn numpy's floating-point warnings off; returns what :func:`quiet_off` needs to turn them back."""
        return np.seterr(all="ignore")

    def quiet_off(old):
        """Restore numpy's floating-point warnings as :func:`quiet_on` found them."""
        np.seterr(**old)


def contiguous(a):
    """``a`` laid out row-major (a copy if it is not): ``np.ascontiguousarray``, which makes a 0-d array 1-d, for
    arrays of any rank."""
    return a if a.flags.c_contiguous else np.ascontiguousarray(a)


def wrap(arr):
    """A tensor around an op's numpy result (``Tensor._wrap``, inlined: every op makes one). numpy ufuncs give
    a numpy scalar for 0-d inputs; it becomes a 0-d array, so that the tensor can be written in place and
    viewed like any other."""
    t = _new(Tensor)
    t._data = arr if type(arr) is np.ndarray else np.asarray(arr)
    t._requires_grad = False
    t.grad_fn = None
    t._vc = Version()
    return t


def precise(fn, a):
    """``fn`` (exp, log, tanh, ...) of ``a`` (a tensor or an array), float32 computed in float64 and rounded
    once: the correctly rounded value, which torch's vectorised float32 functions give more often than numpy's
    float32 ones (those miss it by one unit in the last place often enough to show in printed values such as
    ``exp(12.)``; torch's miss it too, less often: ``docs/beginner_api.md`` gives the rates).
    Integers compute in the default float dtype, as in torch. The forwards and the backward formulas on arrays
    (``carriers.ARRAYS``) both use it, so both give torch's numbers."""
    x = a._data if isinstance(a, Tensor) else a
    dtype = x.dtype
    if dtype is _F32:  # the hot case first, told by identity (numpy's float32 arrays share this dtype)
        return fn(x, dtype=np.float64).astype(_F32)
    if dtype.kind != "f":
        x = x.astype(np.float32)
    return fn(x, dtype=np.float64).astype(_F32) if x.dtype == np.float32 else fn(x)


HALF = np.dtype(np.float16)


def in_float32(fn, *args, **kwargs):
    """``fn`` of float16 arrays as torch's CPU kernels compute float16: in float32 (``at::opmath_type<Half>``),
    rounded to float16 once at the end, where numpy would round after every step. Callers test
    ``x.dtype is HALF`` first, so that other dtypes pay nothing."""
    widened = [a.astype(_F32) if getattr(a, "dtype", None) is HALF else a for a in args]
    return np.asarray(fn(*widened, **kwargs)).astype(HALF)


def rsqrt_of(x):
    """``1 / sqrt(x)`` as torch's CPU kernel computes it: two roundings in ``x``'s dtype (not the correctly rounded
    value)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.reciprocal(np.sqrt(x))


def data(x):
    """The numpy value of a tensor operand, or the scalar itself."""
    return x._data if isinstance(x, Tensor) else x


def needs_grad(x):
    """Whether ``x`` is a tensor that requires grad. torch saves an input for backward only when a
    gradient that uses it will be computed (``x * 2`` keeps 2, not ``x``), so in-place changes to
    an input that no gradient needs are not errors."""
    return getattr(x, "_requires_grad", False)


def cant_cast(result, output):
    """torch's error for writing a result of dtype ``result`` into a tensor of dtype ``output`` of a lower category
    (a float result into an integer tensor, an integer one into a bool tensor)."""
    return RuntimeError(
        f"result type {result.scalar_name} can't be cast to the desired output type {output.scalar_name}"
    )


def broadcast_mismatch(shape, broadcast):
    """torch's error for writing a result of the larger shape ``broadcast`` into a tensor of ``shape`` (in place,
    or into ``out=``)."""
    from ..size import shape_text  # not at the top: size imports what imports this module

    return RuntimeError(f"output with shape {shape_text(shape)} doesn't match the broadcast shape "
                        f"{shape_text(broadcast)}")  # fmt: skip


def not_implemented(kernel, dtype):
    """torch's error for a kernel that has no version for ``dtype``: ``"abs_cpu" not implemented for 'Bool'``."""
    return NotImplementedError(f"\"{kernel}\" not implemented for '{dtype.scalar_name}'")


_F32 = np.dtype(np.float32)


def _float32_only(x, y):
    """Whether ``x ** y`` is a float32 power of float32 arrays (or numpy scalars) and Python numbers."""
    kinds = [v.dtype if isinstance(v, (np.ndarray, np.generic)) else type(v) for v in (x, y)]
    return _F32 in kinds and all(k is _F32 or k is float or k is int for k in kinds)


def power(x, y):
    """``np.power(x, y)``, with torch's rule for integers to negative integer powers (numpy refuses them):
    1 for a base of 1, 1 or -1 for a base of -1 (even or odd power), 0 for any other base. A float32 power is
    correctly rounded (computed in float64): torch's scalar ``powf`` is, its vectorised one within an ulp, where
    numpy's float32 ``power`` misses by an ulp about one value in five."""
    if _float32_only(x, y):
        return np.power(x, y, dtype=np.float64).astype(np.float32)
    try:
        return np.power(x, y)
    except ValueError:
        x, y = np.broadcast_arrays(np.asarray(x), np.asarray(y))
        if x.dtype.kind not in "iub" or y.dtype.kind not in "iu":
            raise
        negative = y < 0
        out = np.power(x, np.where(negative, 0, y))
        fill = np.where(x == 1, 1, np.where(x == -1, 1 - 2 * (y & 1), 0))
        return np.where(negative, fill, out).astype(out.dtype)


def power_scalar(x, exponent):
    """``x ** exponent`` (an array, a number) as torch's CPU kernel computes it for a floating ``x``: ``x * x`` for
    2, ``x * x * x`` for 3, ``1 / x`` for -1, ``1 / (x * x)`` for -2, sqrt and ``1 / sqrt`` for 0.5 and -0.5, any other
    power as :func:`power` (float32 correctly rounded). Other dtypes and array exponents: :func:`power`."""
    if type(exponent) not in (int, float) or x.dtype.kind != "f":  # a tensor's exponent: torch's general kernel
        return power(x, exponent)
    if exponent == 2:
        return x * x
    if exponent == 3:
        return x * x * x
    if exponent == -1 or exponent == -2:
        return np.reciprocal(x if exponent == -1 else x * x)
    if exponent == 0.5 or exponent == -0.5:
        return np.sqrt(x) if exponent == 0.5 else np.reciprocal(np.sqrt(x))
    return power(x, exponent)


def scalar_as(value, dtype):
    """``value`` as a 0-d numpy array of the numpy ``dtype``, checked as torch converts a number for an integer type:
    torch's error for one out of its range (``t.fill_(1000)`` on int8) or a float NaN or infinity, except that a
    negative int wraps around into an unsigned type (``fill_(-1)`` on uint8 is 255)."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu" and not isinstance(value, (bool, np.bool_)):
        info = np.iinfo(dtype)
        if isinstance(value, (float, np.floating)) and not info.min <= value <= info.max:  # NaN too
            raise overflow_error(dtype)
        if dtype.kind == "u" and isinstance(value, (int, np.integer)) and -int(info.max) <= value < 0:
            return np.asarray(int(value) % (int(info.max) + 1), dtype=dtype)
    try:
        return np.asarray(value, dtype=dtype)
    except OverflowError:
        raise overflow_error(dtype) from None


def overflow_error(dtype):
    """torch's error for a number that an integer type (a numpy dtype) cannot hold, naming the C++ type."""
    dtype = np.dtype(dtype)
    return RuntimeError(f"value cannot be converted to type {'int' if dtype == np.int32 else dtype.name + '_t'} "
                        "without overflow")  # fmt: skip


def wrapped_int(value, dtype):
    """The Python int ``value`` wrapped around into the integer numpy ``dtype``, as torch's arithmetic takes an
    out-of-range number (``int8 * 1000`` multiplies by -24); beyond 64 bits, torch's OverflowError."""
    if not -(1 << 63) <= value < (1 << 64):
        raise OverflowError("int too big to convert")
    return np.uint64(value % (1 << 64)).astype(dtype)


def mean_of(x, dim=None, keepdim=False, dtype=None):
    """``x.mean(dim, keepdim)`` in ``x``'s dtype (or computed in and returned as ``dtype``); the mean of nothing is
    nan, as in torch, without numpy's "Mean of empty slice" warning."""
    if dtype is None and x.size and x.dtype.kind == "f" and x.dtype.itemsize > 2:
        # what ndarray.mean computes for this case (the sum over the count as a numpy intp, so float32 divides in
        # float64 and rounds back), without its Python wrapper
        count = x.size if dim is None else math.prod(x.shape[d] for d in ((dim,) if isinstance(dim, int) else dim))
        return np.asarray(np.add.reduce(x, dim, keepdims=keepdim) / np.intp(count), dtype=x.dtype)
    given = {} if dtype is None else {"dtype": dtype}  # numpy's own choice otherwise (float16 adds in float32)
    if x.size:
        return np.asarray(x.mean(axis=dim, keepdims=keepdim, **given), dtype=dtype or x.dtype)
    with warnings.catch_warnings(), np.errstate(invalid="ignore", divide="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.asarray(x.mean(axis=dim, keepdims=keepdim, **given), dtype=dtype or x.dtype)


def binary_result(arr, a, b):
    """Wrap a binary op's numpy result, giving it PyTorch's promoted dtype where numpy's differs."""
    da = a._data.dtype
    if isinstance(b, Tensor):
        db = b._data.dtype
        if da is db or da == db:
            return wrap(arr)
        # a floating tensor's dtype wins over a bool or integer one (``grad * mask``), whatever their dims
        if da.kind == "f" and db.kind != "f":
            return wrap(arr if arr.dtype == da else arr.astype(da))
        want = dtypes.result_type((a, b))
    elif da.kind == "f":  # a scalar never changes a floating tensor's dtype
        return wrap(arr if arr.dtype is da or arr.dtype == da else arr.astype(da))
    else:
        want = dtypes.result_type((a,), (b,))
    if arr.dtype != want.np:
        arr = arr.astype(want.np)
    return wrap(arr)


def as_tensor_operand(x, like=None):
    """Turn a non-tensor first operand (``minigrad.add(2, x)``) into a tensor."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, (bool, int, float, np.number)) and like is not None:
        return wrap(np.asarray(x, dtype=dtypes.result_type((like,), (x,)).np))
    from ..creation import tensor

    return tensor(x)


def promoted(input, other):
    """The operands of a binary function that takes a tensor and a tensor or a number (either first): the first as
    a tensor, and the dtype torch promotes them to; None for an operand of another type (the function gives way)."""
    from ..arguments import OPERANDS, parsed_number

    if not isinstance(input, OPERANDS) or not isinstance(other, OPERANDS):
        return None
    a = as_tensor_operand(parsed_number(input), other if isinstance(other, Tensor) else None)
    if isinstance(other, Tensor):
        check_broadcast(a, other)
        return a, dtypes.result_type((a, other))
    return a, dtypes.result_type((a,), (parsed_number(other),))


def check_broadcast(a, b):
    """Raise torch's message when two tensors' shapes cannot broadcast."""
    sa, sb = a._data.shape, b._data.shape
    if sa != sb:
        infer_size(sa, sb)


def infer_size(sa, sb):
    """Mirror torch's ``infer_size``: the shape shapes ``sa`` (tensor a) and ``sb`` (tensor b) broadcast to, or
    torch's message when they cannot."""
    for i, (x, y) in enumerate(zip(reversed(sa), reversed(sb))):
        if x != y and x != 1 and y != 1:
            dim = max(len(sa), len(sb)) - 1 - i
            raise RuntimeError(
                f"The size of tensor a ({x}) must match the size of tensor b ({y}) "
                f"at non-singleton dimension {dim}"
            )
    return np.broadcast_shapes(tuple(sa), tuple(sb))


def as_saved_int(value):
    """An int argument as torch's ``grad_fn._saved_*`` shows it: torch stores them unsigned, so ``-1`` reads
    back as ``18446744073709551615`` (tuples and lists element by element, as a tuple; anything but an int, such as
    None or an index tensor, as it is)."""
    if isinstance(value, (tuple, list)):
        return tuple(as_saved_int(v) for v in value)
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value) % 2**64
    return value
