"""torch's everyday names that minigrad lacked: constants, the torch-level in-place function forms
(``torch.exp_``), comparison aliases, small factories and window functions, predicates, and the global settings
that scripts set (``torch.set_num_threads``), answered as a CPU-only torch 2.13 answers."""

import math
import os
import warnings

import numpy as np

from . import dtypes
from . import functional as _f
from .arguments import (
    NUMBERS,
    dtype_argument,
    invalid_arguments,
    is_int,
    must_be_tensor,
    number_argument,
    sizes_argument,
    sizes_or_keyword,
)
from .autograd import grad_mode
from .creation import _finish, _size, bounds_as_numbers, check_range, empty, full, laid_out_like
from .device import check_device, device
from .layouts import _memory_format, lay_out, layout, memory_format, preserve_format
from .ops.comparison_writes import COMPARE_INPLACE, FillOut, FillTensorOut
from .ops.inplace import apply_inplace
from .ops.not_implemented import record_no_derivative
from .ops.specials import i0_kernel
from .ops.views import bump_version
from .pointwise import alias_method
from .storage import storage_owner
from .tensor import Tensor
from .torch_warnings import internal, user_stacklevel, warn_once

__all__ = ["pi", "e", "inf", "nan", "newaxis"]

# -- constants ------------------------------------------------------------------------------------------------
pi, e, inf, nan, newaxis = math.pi, math.e, math.inf, math.nan, None


# -- in-place function forms: torch.exp_(x) is x.exp_() -------------------------------------------------------
def _no_inplace_derivative(name):
    """``x.asinh_()``: torch's derivatives.yaml has ``not_implemented("inplace version of asinh")`` for it, so it
    records AsinhBackward1, whose backward raises NotImplementedError (the value is the out-of-place op's)."""
    plain = getattr(_f, name)

    def compute(a):
        with grad_mode.no_grad():
            out = plain(a)
        return record_no_derivative(out, [a], f"{name.capitalize()}Backward1", f"inplace version of {name}")

    def method(self):
        return apply_inplace(self, compute)

    method.__name__ = method.__qualname__ = name + "_"
    method.__doc__ = f"Mirror ``Tensor.{name}_``: ``{name}`` written into this tensor (no derivative, as torch's)."
    return method


for _name in ("asinh", "acosh", "atanh"):
    setattr(Tensor, _name + "_", _no_inplace_derivative(_name))

_METHOD_ALIASES = {"arccos_": "acos_", "arccosh_": "acosh_", "arcsin_": "asin_", "arcsinh_": "asinh_",
                   "arctan_": "atan_", "arctanh_": "atanh_", "fix_": "trunc_", "arctan2_": "atan2_"}  # fmt: skip
for _alias, _target in _METHOD_ALIASES.items():
    setattr(Tensor, _alias, alias_method(_alias, getattr(Tensor, _target)))

_TWO = ("Tensor input, Tensor {0}", "Tensor input, Number {0}")
_CLAMP = ("Tensor input, Tensor min = None, Tensor max = None", "Tensor input, Number min = None, Number max = None")
# torch's overloads for the in-place functions whose parser lists them on a bad first argument; the others say
# "argument 'input' (position 1) must be Tensor", after counting their positional arguments (the number here)
_INPLACE_FUNCTIONS = {
    "abs_": 1, "acos_": 1, "acosh_": 1, "arccos_": 1, "arccosh_": 1, "arcsin_": 1, "arcsinh_": 1, "arctan_": 1,
    "arctanh_": 1, "asin_": 1, "asinh_": 1, "atan_": 1, "atanh_": 1, "ceil_": 1, "cos_": 1, "cosh_": 1,
    "deg2rad_": 1, "detach_": 1, "erf_": 1, "erfc_": 1, "exp2_": 1, "exp_": 1, "expm1_": 1, "fix_": 1,
    "floor_": 1, "frac_": 1, "i0_": 1, "log10_": 1, "log1p_": 1, "log2_": 1, "log_": 1, "neg_": 1,
    "negative_": 1, "rad2deg_": 1, "reciprocal_": 1, "rsqrt_": 1, "sigmoid_": 1, "sin_": 1, "sinc_": 1,
    "sinh_": 1, "sqrt_": 1, "square_": 1, "tan_": 1, "tanh_": 1, "trunc_": 1, "zero_": 1, "round_": 1,
    "ldexp_": 2, "logit_": 2, "nan_to_num_": 4,
    "clamp_": _CLAMP, "clip_": _CLAMP, "clamp_min_": tuple(s.format("min") for s in _TWO),
    "clamp_max_": tuple(s.format("max") for s in _TWO), "fill_": tuple(s.format("value") for s in _TWO),
    "xlogy_": tuple(s.format("other") for s in _TWO),
    "addmv_": ("Tensor input, Tensor mat, Tensor vec, *, Number beta = 1, Number alpha = 1",),
}  # fmt: skip


def _tensor_first(name, args, kwargs, refusal):
    """The tensor a torch-level function takes first, or torch's TypeError (``refusal``: the number of positional
    arguments it takes, or its overloads)."""
    if args:
        value, rest = args[0], args[1:]
    elif "input" in kwargs:
        value, rest = kwargs.pop("input"), ()
    else:
        raise TypeError(f'{name}() missing 1 required positional arguments: "input"')
    if isinstance(refusal, int) and len(args) > refusal:  # torch's parser counts them first
        raise TypeError(f"{name}() takes {refusal} positional argument{'s' * (refusal > 1)} but {len(args)} were "
                        "given")  # fmt: skip
    if isinstance(value, Tensor):
        return value, rest
    if not isinstance(refusal, int):
        raise invalid_arguments(name, args, refusal, kwargs)
    raise must_be_tensor(name, "input", 1 if args else None, value)


def _inplace_function(name, refusal):
    def function(*args, **kwargs):
        tensor, rest = _tensor_first(name, args, kwargs, refusal)
        return getattr(tensor, name)(*rest, **kwargs)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Mirror ``torch.{name}``: ``input.{name}(...)``, written into ``input``."
    return function


for _name, _refusal in _INPLACE_FUNCTIONS.items():
    globals()[_name] = _inplace_function(_name, _refusal)
__all__ += list(_INPLACE_FUNCTIONS)


def _functional_inplace(name, fn, positional):
    """``torch.celu_(input, alpha)``: ``F.celu(input, alpha, inplace=True)`` (``positional``: how many arguments
    torch's function takes after the input)."""

    def function(*args, **kwargs):
        tensor, rest = _tensor_first(name, args, kwargs, 1 + positional)
        return fn(tensor, *rest, **kwargs, inplace=True)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Mirror ``torch.{name}``: ``F.{name[:-1]}(input, ..., inplace=True)``."
    return function


def _load_functional_inplace():
    from .nn import functional as F

    made = {"celu_": _functional_inplace("celu_", F.celu, 1), "selu_": _functional_inplace("selu_", F.selu, 0),
            "dropout_": _functional_inplace("dropout_", F.dropout, 2),
            "alpha_dropout_": _functional_inplace("alpha_dropout_", F.alpha_dropout, 2)}  # fmt: skip
    globals().update(made)
    return list(made)


__all__ += _load_functional_inplace()


def fill(input, value):
    """Mirror ``torch.fill(input, value)``: a new tensor of ``input``'s shape and dtype holding ``value``
    (FillBackward0; FillBackward1 for a 0-d tensor ``value``, which gets the sum of the gradient)."""
    if not isinstance(input, Tensor) or not isinstance(value, (Tensor, *NUMBERS)):
        raise invalid_arguments("fill", (input, value), tuple(s.format("value") for s in _TWO))
    if isinstance(value, Tensor):
        return FillTensorOut.apply(input, value)
    return FillOut.apply(input, value=value)


def detach(input):
    """Mirror ``torch.detach(input)``: ``input.detach()``."""
    return _tensor_first("detach", (input,), {}, 1)[0].detach()


__all__ += ["fill", "detach"]


# -- comparison aliases ---------------------------------------------------------------------------------------
def _comparison_alias(name, of):
    """torch's alias ``name`` of the comparison ``of`` (``greater`` of ``gt``), its errors naming ``name``."""
    plain = getattr(_f, of).__wrapped__
    functions = tuple(f"Tensor input, {k} other, *, Tensor out = None" for k in ("Tensor", "Number"))

    def function(input, other):
        if not isinstance(input, Tensor) or not isinstance(other, (Tensor, *NUMBERS)):
            raise invalid_arguments(name, (input, other), functions)
        return plain(input, other)

    def method(self, other):
        if not isinstance(other, (Tensor, *NUMBERS)):
            raise invalid_arguments(name, (other,), ("Tensor other", "Number other"))
        return plain(self, other)

    function.__name__ = function.__qualname__ = method.__name__ = method.__qualname__ = name
    function.__doc__ = method.__doc__ = f"Mirror ``torch.{name}``: ``torch.{of}``, a bool tensor."
    setattr(Tensor, name, method)
    setattr(Tensor, name + "_", _comparison_inplace(name + "_", of))
    return function


def _comparison_inplace(name, of):
    """``x.gt_(other)``: the comparison written into ``x`` in its own dtype, recorded as torch's GtBackward0 (a
    number) or GtBackward1 (a tensor), whose gradients are zero."""
    scalar_op, tensor_op = COMPARE_INPLACE[of]

    def method(self, *args, **kwargs):
        if len(args) != 1 or kwargs:  # x.eq_(other=1); anything else fits neither of torch's overloads
            if args or list(kwargs) != ["other"]:
                raise invalid_arguments(name, args, ("Tensor other", "Number other"), kwargs)
            args = (kwargs["other"],)
        other = args[0]
        if isinstance(other, Tensor):
            return apply_inplace(self, lambda a, o: tensor_op.apply(a, o, name=of), other)
        if not isinstance(other, NUMBERS):
            raise invalid_arguments(name, (other,), ("Tensor other", "Number other"))
        return apply_inplace(self, lambda a: scalar_op.apply(a, other=other, name=of))

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Mirror ``Tensor.{name}``: ``{of}`` written into this tensor, in its dtype."
    return method


for _of in COMPARE_INPLACE:
    setattr(Tensor, _of + "_", _comparison_inplace(_of + "_", _of))
greater, greater_equal, less, less_equal, not_equal = (
    _comparison_alias(name, of) for name, of in (("greater", "gt"), ("greater_equal", "ge"), ("less", "lt"),
                                                 ("less_equal", "le"), ("not_equal", "ne"))
)  # fmt: skip
__all__ += ["greater", "greater_equal", "less", "less_equal", "not_equal"]


# -- creation -------------------------------------------------------------------------------------------------
def empty_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=preserve_format):
    """Mirror ``torch.empty_like``: a tensor of ``input``'s shape (and dtype unless given), filled with zeros
    (torch leaves it uninitialised; zeros keep minigrad's output repeatable)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("empty_like", "input", 1, input)
    check_device(device)
    fmt = _memory_format("empty_like", memory_format)
    dtype = input.dtype if dtype is None else dtype_argument("empty_like", dtype)
    out = empty(input.shape, dtype=dtype, requires_grad=requires_grad)
    return laid_out_like(input, out) if fmt is preserve_format else lay_out(out, fmt)


def empty_strided(size, stride, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.empty_strided(size, stride)``: a tensor of that shape laid out with those strides in a
    storage of its own, filled with zeros (torch leaves it uninitialised)."""
    check_device(device)
    size, stride = _size((size,), "empty_strided"), tuple(stride)
    if len(size) != len(stride):
        raise RuntimeError(f"dimensionality of sizes ({len(size)}) must match dimensionality of strides "
                           f"({len(stride)})")  # fmt: skip
    np_dtype = (dtype_argument("empty_strided", dtype) or dtypes.get_default_dtype()).np
    extent = 1 + sum((n - 1) * s for n, s in zip(size, stride)) if all(size) else 0
    storage = np.zeros(extent, dtype=np_dtype)
    strided = np.lib.stride_tricks.as_strided(storage, size, tuple(s * storage.itemsize for s in stride))
    return _finish(strided, None, requires_grad)


def _logspace_values(start, end, steps, base, np_dtype):
    """torch's CPU logspace kernel: ``base ** (start + step * i)`` for the first half and
    ``base ** (end - step * (steps - 1 - i))`` for the second, in double, with start, end and base first
    converted to the result's dtype (``step`` is computed in double from their difference in that dtype)."""
    t = np.dtype(np_dtype).type
    if steps == 1:
        return np.asarray([np.power(float(base), float(t(start)))]).astype(np_dtype)
    integral = np.dtype(np_dtype).kind in "iub"
    start_s, end_s = (np.int64(int(v)) if integral else t(v) for v in (start, end))
    base_s = np.float64(base) if integral else np.float64(t(base))
    step = np.float64(end_s - start_s) / (steps - 1)
    i = np.arange(steps, dtype=np.float64)
    exponents = np.where(i < steps // 2, np.float64(start_s) + step * i, np.float64(end_s) - step * (steps - 1 - i))
    values = np.power(base_s, exponents)
    return (np.trunc(values) if integral else values).astype(np_dtype)


_LOGSPACE = tuple(
    f"{a} start, {b} end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, "
    "torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False"
    for a, b in (("Tensor", "Tensor"), ("Number", "Tensor"), ("Tensor", "Number"), ("Number", "Number"))
)


def logspace(start, end, steps=None, base=10.0, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.logspace``: ``steps`` values from ``base ** start`` to ``base ** end``, evenly spaced in
    the exponent, as torch's CPU kernel computes them."""
    check_device(device)
    given = (start, end) if steps is None else (start, end, steps)
    if steps is None or not is_int(steps) or not all(isinstance(v, (*NUMBERS, Tensor)) for v in (start, end)):
        raise invalid_arguments("logspace", given, _LOGSPACE)
    if not isinstance(base, NUMBERS) or isinstance(base, bool):
        raise invalid_arguments("logspace", given, _LOGSPACE, {"base": base})
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    np_dtype = (dtype_argument("logspace", dtype, call=(given, _LOGSPACE)) or dtypes.get_default_dtype()).np
    start, end = bounds_as_numbers("logspace", start, end)
    values = _logspace_values(start, end, int(steps), base, np_dtype) if steps else np.zeros(0, np_dtype)
    return _finish(values, None, requires_grad)


def scalar_tensor(s, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.scalar_tensor(s)``: a 0-d tensor of the number ``s``, in the default float dtype unless
    ``dtype`` is given."""
    if not isinstance(s, NUMBERS):
        raise must_be_tensor("scalar_tensor", "s", 1, s, kind="Number")
    return full((), s, dtype=dtype_argument("scalar_tensor", dtype) or dtypes.get_default_dtype(), device=device,
                requires_grad=requires_grad)  # fmt: skip


_RANGE_WARNING = ("torch.range is deprecated and will be removed in a future release because its behavior is "
                  "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                  "[start, end).")  # fmt: skip


def range(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False):  # noqa: A001 - torch's name
    """Mirror ``torch.range(start, end, step=1)`` (deprecated in torch, which warns): ``start`` to ``end``
    inclusive, in the default float dtype unless ``dtype`` is given."""
    if end is None:
        raise TypeError('range() missing 1 required positional arguments: "end"')
    for position, (name, value) in enumerate((("start", start), ("end", end), ("step", step)), 1):
        number_argument("range", name, position, value)
    warnings.warn(_RANGE_WARNING, UserWarning, stacklevel=user_stacklevel())
    check_device(device)
    np_dtype = (dtype_argument("range", dtype) or dtypes.get_default_dtype()).np
    start, end, step = (v.item() if isinstance(v, Tensor) else v for v in (start, end, step))
    check_range(start, end, step)
    n = int(math.floor((end - start) / step)) + 1
    if np.dtype(np_dtype).kind == "f":
        values = np.float64(start) + np.float64(step) * np.arange(n, dtype=np.float64)
    else:
        values = int(start) + int(step) * np.arange(n, dtype=np.int64)
    return _finish(values.astype(np_dtype), None, requires_grad)


__all__ += ["empty_like", "empty_strided", "logspace", "scalar_tensor", "range"]


# -- window functions -----------------------------------------------------------------------------------------
_C_TYPES = {"bool": "bool", "uint8": "unsigned char", "int8": "signed char", "int16": "short int", "int32": "int",
            "int64": "long int"}  # fmt: skip


def _window_dtype(function, length, dtype):
    """The float dtype of a window (torch's checks of ``window_length`` and ``dtype``), as a numpy scalar type."""
    if not is_int(length):
        raise must_be_tensor(function, "window_length", 1, length, kind="int")
    d = dtype_argument(function, dtype) or dtypes.get_default_dtype()
    if length < 0:
        raise RuntimeError(f"{function} requires non-negative window_length, got window_length={length}")
    if not d.is_floating_point:
        raise RuntimeError(
            f"{function} expects floating point dtypes, got: TensorOptions(dtype={_C_TYPES.get(str(d)[6:], d)}, "
            "device=cpu, layout=Strided (default), requires_grad=false (default), pinned_memory=false, "
            "memory_format=(nullopt))"
        )
    return d.np.type


def _cos(x):
    """cos in ``x``'s dtype, as minigrad's ``torch.cos`` computes it."""
    return _f.cos(Tensor._wrap(x))._data


def _window(function, length, periodic, dtype, requires_grad, values):
    t = _window_dtype(function, length, dtype)
    if length <= 1:
        out = np.ones(length, dtype=t)
    else:
        n = length + 1 if periodic else length
        out = values(np.arange(n).astype(t), n, t)[:length]
    return _finish(out, None, requires_grad)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, device=None,
                   requires_grad=False):  # fmt: skip
    """Mirror ``torch.hamming_window``: ``alpha - beta * cos(2 pi n / (N - 1))``, computed in the window's dtype
    step by step as torch's does."""
    check_device(device)
    return _window("hamming_window", window_length, periodic, dtype, requires_grad,
                   lambda w, n, t: _cos(w * t(2 * math.pi / (n - 1))) * t(-beta) + t(alpha))  # fmt: skip


def hann_window(window_length, periodic=True, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.hann_window``: torch's ``hamming_window`` with alpha = beta = 0.5."""
    check_device(device)
    return _window("hann_window", window_length, periodic, dtype, requires_grad,
                   lambda w, n, t: _cos(w * t(2 * math.pi / (n - 1))) * t(-0.5) + t(0.5))  # fmt: skip


def _bartlett(w, n, t):
    w = w * t(2.0 / (n - 1))
    half = ((n - 1) >> 1) + 1
    w[half:] = w[half:] * t(-1) + t(2)
    return w


def bartlett_window(window_length, periodic=True, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.bartlett_window``: the triangular window, as torch computes it."""
    check_device(device)
    return _window("bartlett_window", window_length, periodic, dtype, requires_grad, _bartlett)


def _blackman(w, n, t):
    w = w * t(math.pi / (n - 1))
    return _cos(w * t(4)) * t(0.08) - _cos(w * t(2)) * t(0.5) + t(0.42)


def blackman_window(window_length, periodic=True, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.blackman_window``: ``0.42 - 0.5 cos(2 pi n / (N - 1)) + 0.08 cos(4 pi n / (N - 1))``."""
    check_device(device)
    return _window("blackman_window", window_length, periodic, dtype, requires_grad, _blackman)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.kaiser_window``: ``I0(beta sqrt(1 - ((n - alpha) / alpha) ** 2)) / I0(beta)``, with torch's
    ``calc_i0``, in the window's dtype."""
    check_device(device)

    def values(w, n, t):
        alpha = t((n - 1) / 2.0)
        x = (w - alpha) / alpha
        wide = np.longdouble(x) if t is np.float64 else np.float64(x)  # 1 - x * x fused, as torch's build has it
        inner = np.sqrt(np.abs(1 - wide * wide).astype(t))
        return i0_kernel(t(beta) * inner) / i0_kernel(np.asarray([t(beta)]))[0]

    return _window("kaiser_window", window_length, periodic, dtype, requires_grad, values)


__all__ += ["hamming_window", "hann_window", "bartlett_window", "blackman_window", "kaiser_window"]


# -- predicates and small tensor API --------------------------------------------------------------------------
def _tensor_argument(function, value, name="input", position=1):
    if not isinstance(value, Tensor):
        raise must_be_tensor(function, name, position, value)
    return value


def is_nonzero(input):
    """Mirror ``torch.is_nonzero``: whether a one-element tensor is not zero (torch's errors for other sizes)."""
    _tensor_argument("is_nonzero", input)
    if input.numel() == 0:
        raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
    if input.numel() > 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(input._data.reshape(()) != 0)


def is_same_size(input, other):
    """Mirror ``torch.is_same_size``: whether both tensors have one shape."""
    _tensor_argument("is_same_size", input)
    _tensor_argument("is_same_size", other, "other", 2)
    return input.shape == other.shape


def is_signed(input):
    """Mirror ``torch.is_signed``: whether the dtype holds negative values (not uint8, not bool)."""
    return _tensor_argument("is_signed", input).dtype.is_signed


def is_complex(input):
    """Mirror ``torch.is_complex``: False, minigrad has no complex dtypes."""
    _tensor_argument("is_complex", input)
    return False


def is_conj(input):
    """Mirror ``torch.is_conj``: False, minigrad's tensors are real (no lazy conjugation)."""
    _tensor_argument("is_conj", input)
    return False


def is_neg(input):
    """Mirror ``torch.is_neg``: False, minigrad has no lazy negation."""
    _tensor_argument("is_neg", input)
    return False


def resolve_conj(input):
    """Mirror ``torch.resolve_conj``: the tensor itself (it has no lazy conjugation to resolve)."""
    return _tensor_argument("resolve_conj", input)


def resolve_neg(input):
    """Mirror ``torch.resolve_neg``: the tensor itself (it has no lazy negation to resolve)."""
    return _tensor_argument("resolve_neg", input)


def real(input):
    """Mirror ``torch.real``: the real part, for a real tensor the tensor itself (same storage, no new node)."""
    return _tensor_argument("real", input)


def imag(input):
    """Mirror ``torch.imag``: torch's error, since a tensor of minigrad's (real) dtypes has no imaginary part."""
    _tensor_argument("imag", input)
    raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")


def conj(input):
    """Mirror ``torch.conj``: the complex conjugate, for a real tensor the tensor itself."""
    return _tensor_argument("conj", input)


def conj_physical(input):
    """Mirror ``torch.conj_physical``: the complex conjugate computed at once, for a real tensor the tensor itself."""
    return _tensor_argument("conj_physical", input)


def _set_real(self, value):
    self.copy_(value)  # torch's setter copies into the real part, which is the whole of a real tensor


def _set_imag(self, value):
    imag(self)


def get_device(input):
    """Mirror ``torch.get_device``: -1, the CPU's."""
    _tensor_argument("get_device", input)
    return -1


def adjoint(input):
    """Mirror ``torch.adjoint``: the conjugate transpose of the last two dims, for real tensors their transpose
    (TransposeBackward0, dims saved as -2 and -1)."""
    _tensor_argument("adjoint", input)
    if input.ndim == 0:
        warn_once(internal("adjoint() is deprecated on 0-D tensors. Consider using x.conj().",
                           "aten/src/ATen/native/TensorShape.cpp:4390"), stacklevel=user_stacklevel())
        return input
    if input.ndim == 1:
        raise RuntimeError("tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.")
    return _f.transpose(input, -2, -1)


def _hermitian(self):
    if self.ndim == 0:  # torch warns once, and gives the tensor itself
        warn_once(internal("Tensor.H is deprecated on 0-D tensors. Consider using x.conj().",
                           "aten/src/ATen/native/TensorShape.cpp:4335"), stacklevel=user_stacklevel())
        return self
    if self.ndim != 2:
        more = " For batches of matrices, consider using tensor.mH" if self.ndim > 2 else ""
        raise RuntimeError(f"tensor.H is only supported on matrices (2-D tensors). Got {self.ndim}-D tensor.{more}")
    return _f.transpose(self, -2, -1)


def argwhere(input):
    """Mirror ``torch.argwhere``: the indices of the non-zero elements, one row each (``torch.nonzero``)."""
    _tensor_argument("argwhere", input)
    from .tensor_tools import nonzero

    return nonzero(input)


for _name in ("is_nonzero", "is_same_size", "is_signed", "is_complex", "is_conj", "is_neg", "resolve_conj",
              "resolve_neg", "conj", "conj_physical", "get_device", "adjoint", "argwhere"):  # fmt: skip
    setattr(Tensor, _name, globals()[_name])
Tensor.real = property(real, _set_real, doc="Mirror ``Tensor.real``: the real part, a real tensor itself.")
Tensor.imag = property(imag, _set_imag, doc="Mirror ``Tensor.imag``: torch's error for a real tensor.")
Tensor.H = property(_hermitian, doc="Mirror ``Tensor.H``: the conjugate transpose of a matrix (its transpose).")
Tensor.nbytes = property(lambda self: self._data.size * self._data.itemsize,
                         doc="Mirror ``Tensor.nbytes``: the bytes its elements take (numel * itemsize).")  # fmt: skip
Tensor.itemsize = property(lambda self: self._data.itemsize, doc="Mirror ``Tensor.itemsize``: bytes per element.")
Tensor.is_cpu = property(lambda self: True, doc="Mirror ``Tensor.is_cpu``: always True.")
__all__ += ["is_nonzero", "is_same_size", "is_signed", "is_complex", "is_conj", "is_neg", "resolve_conj",
            "resolve_neg", "real", "imag", "conj", "conj_physical", "get_device", "adjoint", "argwhere"]  # fmt: skip


# -- settings -------------------------------------------------------------------------------------------------
_settings = {"threads": None, "interop": None, "deterministic": False, "warn_only": False, "precision": "highest",
             "warn_always": False}  # fmt: skip


_CPUS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _default_threads():
    """torch's default number of threads: the CPUs this process may run on, or fewer if ``OMP_NUM_THREADS`` asks
    (``MKL_NUM_THREADS`` overriding it), as measured of torch 2.13's CPU build. Read once, at import, as torch reads
    them when it starts (a later change to the environment changes nothing)."""
    cores = _CPUS
    asked = 0
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        value = os.environ.get(name, "")
        asked = int(value) if value.isdigit() and int(value) > 0 else asked
    return min(asked, cores) if asked else cores


_DEFAULT_THREADS = _default_threads()


def set_num_threads(int):  # noqa: A002 - torch's argument name
    """Mirror ``torch.set_num_threads``: minigrad records the number (numpy decides its own threads)."""
    if not is_int(int):
        raise RuntimeError(f"set_num_threads expects an int, but got {type(int).__name__}")
    if int <= 0:
        raise RuntimeError("set_num_threads expects a positive integer")
    _settings["threads"] = int


def get_num_threads():
    """Mirror ``torch.get_num_threads``: the number set, else the CPU count torch would use."""
    return _settings["threads"] or _DEFAULT_THREADS


def set_num_interop_threads(int):  # noqa: A002 - torch's argument name
    """Mirror ``torch.set_num_interop_threads``: once, before any parallel work, as torch allows."""
    if not is_int(int):
        raise RuntimeError(f"set_num_interop_threads expects an int, but got {type(int).__name__}")
    if int <= 0:
        raise RuntimeError("Expected positive number of threads")
    if _settings["interop"] is not None:
        raise RuntimeError("Error: cannot set number of interop threads after parallel work has started or "
                           "set_num_interop_threads called")  # fmt: skip
    _settings["interop"] = int


def get_num_interop_threads():
    """Mirror ``torch.get_num_interop_threads``."""
    return _settings["interop"] or _CPUS  # torch's ignores OMP_NUM_THREADS


def init_num_threads():
    """Mirror ``torch.init_num_threads``: nothing to do."""


def use_deterministic_algorithms(mode, *, warn_only=False):
    """Mirror ``torch.use_deterministic_algorithms``: recorded (minigrad's algorithms are all deterministic)."""
    if not isinstance(mode, bool):
        raise must_be_tensor("_set_deterministic_algorithms", "mode", 1, mode, kind="bool")
    if not isinstance(warn_only, bool):
        raise must_be_tensor("_set_deterministic_algorithms", "warn_only", None, warn_only, kind="bool")
    _settings["deterministic"], _settings["warn_only"] = mode, warn_only


def are_deterministic_algorithms_enabled():
    """Mirror ``torch.are_deterministic_algorithms_enabled``."""
    return _settings["deterministic"]


def is_deterministic_algorithms_warn_only_enabled():
    """Mirror ``torch.is_deterministic_algorithms_warn_only_enabled``."""
    return _settings["warn_only"]


_DEBUG_MODES = {"default": 0, "warn": 1, "error": 2}


def set_deterministic_debug_mode(debug_mode):
    """Mirror ``torch.set_deterministic_debug_mode``: ``"default"``/0, ``"warn"``/1 or ``"error"``/2."""
    if isinstance(debug_mode, str):
        if debug_mode not in _DEBUG_MODES:
            raise RuntimeError("invalid value of debug_mode, expected one of `default`, `warn`, `error`, but got "
                               f"{debug_mode}")  # fmt: skip
        debug_mode = _DEBUG_MODES[debug_mode]
    elif not is_int(debug_mode):
        raise TypeError(f"debug_mode must be str or int, but got {type(debug_mode)}")
    if debug_mode not in (0, 1, 2):
        raise RuntimeError(f"invalid value of debug_mode, expected 0, 1, or 2, but got {debug_mode}")
    use_deterministic_algorithms(debug_mode != 0, warn_only=debug_mode == 1)


def get_deterministic_debug_mode():
    """Mirror ``torch.get_deterministic_debug_mode``: 0, 1 (warn only) or 2."""
    return 0 if not _settings["deterministic"] else 1 if _settings["warn_only"] else 2


def set_float32_matmul_precision(precision):
    """Mirror ``torch.set_float32_matmul_precision``: recorded (minigrad's float32 matmul is numpy's); torch's
    warning for a value other than ``"highest"``, ``"high"`` and ``"medium"``."""
    if not isinstance(precision, str):
        raise RuntimeError(f"set_float32_matmul_precision expects a str, but got {type(precision).__name__}")
    if precision not in ("highest", "high", "medium"):
        warnings.warn(internal(f"{precision} is not one of 'highest', 'high', or 'medium'; the current"
                               "setFloat32MatmulPrecision call has no effect.", "aten/src/ATen/Context.cpp:458"),
                      UserWarning, stacklevel=user_stacklevel())  # fmt: skip
        return
    _settings["precision"] = precision


def get_float32_matmul_precision():
    """Mirror ``torch.get_float32_matmul_precision``."""
    return _settings["precision"]


def set_warn_always(b):
    """Mirror ``torch.set_warn_always``: recorded."""
    if not isinstance(b, bool):
        raise RuntimeError(f"setWarnOnlyOnce expects a bool, but got {type(b).__name__}")
    _settings["warn_always"] = b


def is_warn_always_enabled():
    """Mirror ``torch.is_warn_always_enabled``."""
    return _settings["warn_always"]


def get_default_device():
    """Mirror ``torch.get_default_device``: the CPU."""
    return device("cpu")


def set_default_device(device):  # noqa: A002 - torch's argument name
    """Mirror ``torch.set_default_device``: the CPU (or None) only; another device raises the error minigrad gives
    for it anywhere (torch raises it only when a tensor is made there)."""
    check_device(device)


def set_flush_denormal(mode):
    """Mirror ``torch.set_flush_denormal``: True, as torch on an x86 CPU (minigrad keeps numpy's denormals)."""
    return True


__all__ += ["set_num_threads", "get_num_threads", "set_num_interop_threads", "get_num_interop_threads",
            "init_num_threads", "use_deterministic_algorithms", "are_deterministic_algorithms_enabled",
            "is_deterministic_algorithms_warn_only_enabled", "set_deterministic_debug_mode",
            "get_deterministic_debug_mode", "set_float32_matmul_precision", "get_float32_matmul_precision",
            "set_warn_always", "is_warn_always_enabled", "get_default_device", "set_default_device",
            "set_flush_denormal"]  # fmt: skip


# -- legacy and storage-level Tensor methods: new, resize_, resize_as_, apply_, map_ --------------------------
_TENSOR_OPTIONS = "TensorOptions(dtype={}, device=cpu, layout=Strided, requires_grad=false (default), " \
    "pinned_memory=false (default), memory_format=(nullopt))"  # fmt: skip
_C_TYPES.update(float32="float", float64="double", float16="c10::Half")


def _new(self, *args, **kwargs):
    """Mirror ``Tensor.new(...)``, torch's legacy constructor with this tensor's dtype: ``new()`` is empty,
    ``new(2, 3)`` (or a ``torch.Size``) a tensor of that shape (zeros; torch leaves it uninitialised), ``new(data)``
    the data in this dtype, ``new(other)`` a tensor sharing ``other``'s memory (of this dtype only)."""
    check_device(kwargs.pop("device", None))
    if kwargs:
        raise _new_refused(args, kwargs)
    if not args:
        return Tensor._wrap(np.zeros(0, dtype=self._data.dtype))
    first = args[0]
    if len(args) == 1 and isinstance(first, Tensor):
        if first.dtype != self.dtype:
            raise TypeError(f"expected {_TENSOR_OPTIONS.format(_C_TYPES[str(self.dtype)[6:]])} (got "
                            f"{_TENSOR_OPTIONS.format(_C_TYPES[str(first.dtype)[6:]])})")  # fmt: skip
        return first.detach()
    if len(args) > 1 or type(first).__name__ == "Size" or is_int(first) and not isinstance(first, Tensor):
        return Tensor._wrap(np.zeros(_size(args, "new"), dtype=self._data.dtype))
    if len(args) == 1:
        if isinstance(first, (float, bool, complex)) or first is None:
            raise TypeError(f"new(): data must be a sequence (got {type(first).__name__})")
        if isinstance(first, str):
            raise TypeError("new(): invalid data type 'str'")
        from .creation import tensor

        return tensor(first, dtype=self.dtype)
    raise _new_refused(args, kwargs)


def _new_refused(args, kwargs):
    """torch's TypeError for ``new`` given keywords other than ``device``: its overloads, a dtype (or a layout or a
    memory format) named as torch's parser names its type."""
    named = {k: _TORCH_TYPE_WORDS[type(v)]() if type(v) in _TORCH_TYPE_WORDS else v for k, v in kwargs.items()}
    return invalid_arguments("new", args, _NEW, named)


_TORCH_TYPE_WORDS = {kind: type(f"torch.{kind.__name__}", (), {}) for kind in (dtypes.dtype, layout, memory_format)}
_NEW = ("*, torch.device device = None", "torch.Storage storage", "Tensor other",
        "tuple of ints size, *, torch.device device = None", "object data, *, torch.device device = None")  # fmt: skip
Tensor.new = _new


def _storage_elements(t):
    """The elements of ``t``'s whole storage as a flat array (its memory, in ``t``'s dtype)."""
    root = storage_owner(t._data)
    return root.reshape(-1, order="A").view(np.uint8).view(t._data.dtype)


def _resize(self, size):
    if self._requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    if any(s < 0 for s in size):
        raise RuntimeError("numel: integer multiplication overflow")
    if size == self.shape:  # torch leaves a tensor of the same sizes as it is (its strides and version too)
        return self
    n, offset = math.prod(size), self.storage_offset()
    storage = _storage_elements(self)
    if offset + n > storage.size:  # torch grows the storage (the new elements are uninitialised; here zeros)
        grown = np.zeros(offset + n, dtype=storage.dtype)
        grown[: storage.size] = storage
        storage = grown
    self._data = storage[offset : offset + n].reshape(size)
    bump_version(self)
    return self


def _resize_(self, *sizes, size=None, memory_format=None):
    """Mirror ``Tensor.resize_(*size)``: this tensor takes the shape ``size`` over its storage from its offset
    (contiguous strides), growing the storage if it is too small; refused for a tensor that requires grad.
    minigrad fills grown memory with zeros (torch leaves it uninitialised), and other views of a grown storage
    keep its old memory (torch's see the new one)."""
    size = sizes_or_keyword("resize_", "size", sizes, size)
    if not size:
        raise TypeError('resize_() missing 1 required positional arguments: "size"')
    size = sizes_argument("resize_", "size", size)
    if memory_format is not None:
        _memory_format("resize_", memory_format)
    return _resize(self, tuple(int(s) for s in size))


def _resize_as_(self, the_template, *, memory_format=None):
    """Mirror ``Tensor.resize_as_(other)``: ``self.resize_(other.shape)``."""
    _tensor_argument("resize_as_", the_template, "the_template")
    return _resize(self, the_template.shape)


Tensor.resize_, Tensor.resize_as_ = _resize_, _resize_as_
_resize_.__name__ = _resize_.__qualname__ = "resize_"
_resize_as_.__name__ = _resize_as_.__qualname__ = "resize_as_"
def resize_as_(input, the_template, *, memory_format=None):
    """Mirror ``torch.resize_as_(input, the_template)``: ``input.resize_as_(the_template)``."""
    _tensor_argument("resize_as_", input)
    return _resize_as_(input, the_template, memory_format=memory_format)


__all__ += ["resize_as_"]


def _python_value(value, np_dtype):
    """A value ``apply_``'s or ``map_``'s callable returned, as torch's ``item`` conversion takes it."""
    if isinstance(value, Tensor):
        value = value.item()
    kind = np.dtype(np_dtype).kind
    if kind == "f":
        if not isinstance(value, (*NUMBERS,)):
            raise TypeError(f"must be real number, not {type(value).__name__}")
        return float(value)
    if kind == "b":
        return bool(value)
    if isinstance(value, float):
        return int(value)
    if not isinstance(value, (*NUMBERS,)):
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
    return int(value)


def _apply_(self, callable):  # noqa: A002 - torch's argument name
    """Mirror ``Tensor.apply_(callable)``: each element replaced by ``callable(element)`` (a Python number), in
    place (slow; CPU tensors only in torch, which refuses a tensor that requires grad)."""
    if self._requires_grad:
        raise RuntimeError("Can't call apply_() on Variable that requires grad. Use var.detach().apply_() instead.")
    values = [_python_value(callable(v), self._data.dtype) for v in self._data.ravel().tolist()]
    self._data[...] = np.asarray(values, dtype=self._data.dtype).reshape(self.shape)
    return self


def _map_(self, other, callable):  # noqa: A002 - torch's argument name
    """Mirror ``Tensor.map_(other, callable)``: each element replaced by ``callable(element, other's element)``
    (``other`` broadcast to this tensor's shape), in place; refused where either requires grad."""
    if not isinstance(other, Tensor):
        raise must_be_tensor("map_", "other", 1, other)
    if self._requires_grad or other._requires_grad:
        raise RuntimeError("Can't call map_() on Variable that requires grad. Use var.detach().map_() instead.")
    pairs = zip(self._data.ravel().tolist(), other.expand(self.shape)._data.ravel().tolist())
    values = [_python_value(callable(a, b), self._data.dtype) for a, b in pairs]
    self._data[...] = np.asarray(values, dtype=self._data.dtype).reshape(self.shape)
    return self


Tensor.apply_, Tensor.map_ = _apply_, _map_
_apply_.__name__ = _apply_.__qualname__ = "apply_"
_map_.__name__ = _map_.__qualname__ = "map_"
