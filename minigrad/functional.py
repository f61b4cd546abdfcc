"""The op functions (``minigrad.add``, ``minigrad.exp``, ...) and the Tensor methods and operators
that call them. Each routes to one op class in :mod:`minigrad.ops` and registers itself with
:func:`minigrad.public.public` as ``minigrad.<name>`` and as its Tensor methods."""

import math

import numpy as np

from . import dtypes, tensor_tools
from .arguments import (
    NUMBERS,
    OPERANDS,
    PLAIN_NUMBERS,
    PLAIN_OPERANDS,
    call_error,
    dtype_argument,
    invalid_arguments,
    is_int,
    must_be_tensor,
    number_argument,
    overload_argument,
    parsed_number,
    recorded_signatures,
    refuse_integer_result,
    sizes_argument,
    sizes_or_keyword,
    word,
)
from .autograd import grad_mode
from .creation import tensor
from .input_checks import recorded_overloads
from .ops import activations as A
from .ops import addc as AC
from .ops import binary_functions as B
from .ops import elementwise as E
from .ops import inplace as I
from .ops import linalg as L
from .ops import prelu as PR
from .ops import reduce as R
from .ops import shape as S
from .ops._util import as_tensor_operand, check_broadcast, not_implemented, wrap
from .ops.indexing import Slice, getitem
from .ops.views import bump_version, view_dtype
from .outputs import write_out
from .public import NAMES, NOT_GIVEN, public
from .return_types import ReturnTypes as _ReturnTypes
from .tensor import Tensor
from .torch_api import complex_operand
from .torch_warnings import internal, user_stacklevel, warn_once
from .typename import c_type_name

__all__ = NAMES  # filled by @public below

_BOOLS = (bool, np.bool_)
_NP_BOOL = np.dtype(np.bool_)


def _operand(x):
    """A binary op's other operand: a tensor, or a number as torch's parser reads it (:func:`parsed_number`: a numpy
    bool is a float), else NotImplemented: torch's operators give way to the other operand for a list, a string, None
    or a numpy array (which numpy then computes, through ``Tensor.__array__`` and ``__array_wrap__``: a tensor that
    requires grad is refused, as by ``numpy()``)."""
    if isinstance(x, PLAIN_OPERANDS):  # a tensor or a number torch reads as it is: no call
        return x
    return parsed_number(x) if isinstance(x, OPERANDS) else NotImplemented


def _operands(input, other):
    """A binary op's two operands: the first a tensor (a number, as in ``add(2, x)``, becomes one of the op's
    dtype), the other a tensor or a number (see :func:`_operand`); None if either is of a type torch's
    operators do not take (a TypeError for a complex number, which torch takes)."""
    if not isinstance(input, Tensor):
        if not isinstance(input, OPERANDS):
            return _refused_complex(input)
        input = as_tensor_operand(parsed_number(input), other if isinstance(other, Tensor) else None)
    operand = other if isinstance(other, Tensor) else _operand(other)
    return _refused_complex(other) if operand is NotImplemented else (input, operand)


def _refused_complex(value):
    """None, or for a complex number, the TypeError saying why minigrad cannot compute with it."""
    if isinstance(value, complex):
        raise complex_operand(value)


_COMPARISON = (
    ("Tensor input, Tensor other, *, Tensor out = None", "Tensor input, Number other, *, Tensor out = None"),
    ("Tensor other", "Number other"),
)
_POW = (
    ("Tensor input, Tensor exponent, *, Tensor out = None", "Number self, Tensor exponent, *, Tensor out = None",
     "Tensor input, Number exponent, *, Tensor out = None"),
    ("Tensor exponent", "Number exponent"),
)


# -- arithmetic ------------------------------------------------------------------
@public("add", "__add__", "__radd__", inplace="add_", binary=True, inplace_operator="__iadd__")
def add(input, other, *, alpha=1):
    """Mirror ``torch.add(input, other, alpha=1)``: input + alpha * other, broadcasting."""
    if not isinstance(input, Tensor) or not isinstance(other, PLAIN_OPERANDS):  # else both are as the op takes them
        operands = _operands(input, other)
        if operands is None:
            return NotImplemented
        input, other = operands
    if alpha == 1 and alpha.__class__ is int:
        return E.Add.apply(input, other)
    result, alpha = _alpha_checked("add", input, other, alpha)
    if result is dtypes.bool_:  # bool arithmetic: alpha * other is other, or False
        return E.Add.apply(input, other if alpha else other & False)
    return E.Add.apply(input, other, alpha=alpha)


def _alpha_checked(function, input, other, alpha):
    """The result dtype of ``input + alpha * other`` and ``alpha`` as a number, after torch's checks of ``alpha``
    (its parser's: a number or a 0-d tensor; then against the result dtype)."""
    if not isinstance(alpha, NUMBERS):
        if not isinstance(alpha, Tensor) or alpha.ndim:
            raise must_be_tensor(function, "alpha", None, alpha, kind="Number")
        alpha = alpha.item()
    alpha = parsed_number(alpha)  # a numpy bool is a float
    result = dtypes.result_type(*_tensors_and_numbers(input, other))
    if result.category < 2 and isinstance(alpha, float):
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating point number.")
    if isinstance(alpha, bool) and result is not dtypes.bool_:
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    return result, alpha


def _tensors_and_numbers(*operands):
    return [o for o in operands if isinstance(o, Tensor)], [o for o in operands if not isinstance(o, Tensor)]


@public("sub", "subtract", "__sub__", inplace="sub_", binary=True, inplace_operator="__isub__")
def sub(input, other, *, alpha=1):
    """Mirror ``torch.sub``: input - alpha * other, broadcasting."""
    if not isinstance(input, Tensor) or not isinstance(other, PLAIN_OPERANDS):
        if isinstance(input, NUMBERS) and isinstance(other, Tensor):
            return rsub(other, input, alpha=alpha)
        operands = _operands(input, other)
        if operands is None:
            return NotImplemented
        input, other = operands
    other_bool = other._data.dtype is _NP_BOOL if isinstance(other, Tensor) else isinstance(other, _BOOLS)
    if other_bool or input._data.dtype is _NP_BOOL:
        _refuse_bool_subtraction(input, other)
    if alpha == 1 and alpha.__class__ is int:
        return E.Sub.apply(input, other)
    alpha = _alpha_checked("sub", input, other, alpha)[1]
    return E.Sub.apply(input, other, alpha=alpha)


def _refuse_bool_subtraction(a, b):
    """torch's error for ``a - b`` when either operand (a tensor or a Python bool) is bool."""
    a_bool, b_bool = (isinstance(x, _BOOLS) or getattr(x, "dtype", None) is dtypes.bool_ for x in (a, b))
    if a_bool and b_bool:
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
            "`logical_xor()` operator instead."
        )
    if a_bool or b_bool:
        raise RuntimeError(
            "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a "
            "mask, use the `~` or `logical_not()` operator instead."
        )


@public(parse=True)
def rsub(input, other, *, alpha=1):
    """Mirror ``torch.rsub``: other - alpha * input."""
    if isinstance(other, Tensor):
        return sub(other, input, alpha=alpha)
    other = parsed_number(other)
    if input.dtype is dtypes.bool_ or isinstance(other, _BOOLS):
        _refuse_bool_subtraction(other, input)
    if alpha != 1 or alpha.__class__ is not int:
        alpha = _alpha_checked("rsub", input, other, alpha)[1]
    return E.Rsub.apply(input * alpha if alpha != 1 else input, other=other)


@public("mul", "multiply", "__mul__", "__rmul__", inplace="mul_", binary=True, inplace_operator="__imul__")
def mul(input, other, *, out=None):
    """Mirror ``torch.mul``: elementwise product, broadcasting (``out=``: written into ``out``)."""
    if out is not None:
        return write_out("mul", out, lambda: mul(input, other), input, other)
    if not isinstance(input, Tensor) or not isinstance(other, PLAIN_OPERANDS):  # else both are as the op takes them
        operands = _operands(input, other)
        if operands is None:
            return NotImplemented
        input, other = operands
    return E.Mul.apply(input, other)


_DIV_ROUNDED = ("Tensor input, Tensor other, *, Tensor out = None",
                "Tensor input, Tensor other, *, str rounding_mode, Tensor out = None",
                "Tensor input, Number other, *, str rounding_mode")
_TRUE_DIVISION = object()  # no rounding_mode given: DivBackward0 (an explicit None is the other overload)


def _div_rounded(input, other, rounding_mode):
    """``torch.div(input, other, rounding_mode=...)``: numbers become the 0-d tensors torch wraps them in (which
    do not change a tensor's dtype), then DivMode."""
    if rounding_mode is not None and not isinstance(rounding_mode, str):
        raise invalid_arguments("div", (input, other), _DIV_ROUNDED, {"rounding_mode": rounding_mode})
    if rounding_mode not in (None, "trunc", "floor"):
        raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                           f"'{rounding_mode}'")
    tensors = [v for v in (input, other) if isinstance(v, Tensor)]
    numbers = [v for v in (input, other) if isinstance(v, NUMBERS) and not isinstance(v, Tensor)]
    if len(tensors) + len(numbers) != 2 or not tensors:
        raise invalid_arguments("div", (input, other), _DIV_ROUNDED, {"rounding_mode": rounding_mode})
    if len(tensors) == 2:
        check_broadcast(*tensors)
    dtype = dtypes.result_type(tuple(tensors), tuple(numbers))
    if rounding_mode is None and not dtype.is_floating_point:
        dtype = dtypes.get_default_dtype()
    a, b = (v if isinstance(v, Tensor) else Tensor._wrap(np.asarray(v)) for v in (input, other))
    return E.DivMode.apply(a, b, rounding_mode=rounding_mode, dtype=dtype)


@public("div", "divide", "true_divide", "__truediv__", inplace="div_", binary=True,
        inplace_operator="__itruediv__")
def div(input, other, *, rounding_mode=_TRUE_DIVISION):
    """Mirror ``torch.div``: true division (``number / tensor`` is ``reciprocal(tensor) * number``); with
    ``rounding_mode`` ("trunc", "floor", or None given explicitly) torch's other overload, DivBackward2, whose
    rounded quotients have zero gradient."""
    if rounding_mode is not _TRUE_DIVISION:
        return _div_rounded(input, other, rounding_mode)
    if isinstance(input, NUMBERS) and isinstance(other, Tensor):
        return E.Mul.apply(E.Reciprocal.apply(other), parsed_number(input))
    operands = _operands(input, other)
    return NotImplemented if operands is None else E.Div.apply(*operands)


true_divide = divide = public.alias(div, "true_divide", "divide")
multiply = public.alias(mul, "multiply")
subtract = public.alias(sub, "subtract")


@public("neg", "negative", "__neg__", inplace="neg_")
def neg(input):
    """Mirror ``torch.neg``: -input."""
    return E.Neg.apply(input)


negative = public.alias(neg, "negative")


@public("pow", "__pow__", inplace="pow_", binary=_POW, inplace_operator="__ipow__")
def pow(input, exponent):
    """Mirror ``torch.pow``: tensor**number (PowBackward0), tensor**tensor (1), number**tensor (2)."""
    if not isinstance(input, Tensor):
        return E.RPow.apply(exponent, base=parsed_number(input)) \
            if isinstance(input, NUMBERS) and isinstance(exponent, Tensor) else NotImplemented
    if isinstance(exponent, Tensor):
        return E.PowTensor.apply(input, exponent)
    if not isinstance(exponent, PLAIN_NUMBERS):
        if not isinstance(exponent, NUMBERS):
            return NotImplemented
        exponent = parsed_number(exponent)
    return E.Pow.apply(input, exponent=exponent)


@public("reciprocal", inplace="reciprocal_")
def reciprocal(input):
    """Mirror ``torch.reciprocal``: 1 / input."""
    return E.Reciprocal.apply(input)


@public("exp", inplace="exp_")
def exp(input):
    """Mirror ``torch.exp``."""
    return E.Exp.apply(input)


@public("log", inplace="log_")
def log(input):
    """Mirror ``torch.log`` (natural log)."""
    return E.Log.apply(input)


@public("sin", inplace="sin_")
def sin(input):
    """Mirror ``torch.sin``."""
    return E.Sin.apply(input)


@public("cos", inplace="cos_")
def cos(input):
    """Mirror ``torch.cos``."""
    return E.Cos.apply(input)


@public("tanh", inplace="tanh_")
def tanh(input):
    """Mirror ``torch.tanh``."""
    return E.Tanh.apply(input)


@public("sigmoid", inplace="sigmoid_")
def sigmoid(input):
    """Mirror ``torch.sigmoid``."""
    return E.Sigmoid.apply(input)


@public("relu", inplace="relu_")
def relu(input):
    """Mirror ``torch.relu``."""
    return E.Relu.apply(input)


@public(parse=True)
def threshold(input, threshold, value):
    """Mirror ``torch.threshold``: ``value`` where ``input <= threshold``, else ``input`` (ThresholdBackward0)."""
    return A.Threshold.apply(input, threshold=threshold, value=value)


@public(parse=True)
def threshold_(input, threshold, value):
    """Mirror ``torch.threshold_``: ``threshold`` written into ``input`` (ThresholdBackward1)."""
    return I.apply_inplace(input, lambda a: A.ThresholdInplace.apply(a, threshold=threshold, value=value))


@public(parse=True)
def hardshrink(input, lambd=0.5):
    """Mirror ``torch.hardshrink`` (``torch.nn.functional.hardshrink``): 0 where ``|input| <= lambd``, else
    ``input`` (HardshrinkBackward0)."""
    return A.Hardshrink.apply(input, lambd=number_argument("hardshrink", "lambd", 2, lambd))


@public("hardshrink", function=False, parse=True)
def _hardshrink(self, lambd=0.5):
    """Mirror ``Tensor.hardshrink``: as ``torch.hardshrink``."""
    return A.Hardshrink.apply(self, lambd=number_argument("hardshrink", "lambd", 1, lambd))


@public("prelu", parse=True)
def prelu(input, weight):
    """Mirror ``torch.prelu``: ``input`` where positive, else ``weight * input``, one weight per channel (dim 1) or
    one for all; the weight reshaped to broadcast, as torch does (ViewBackward0), then PreluKernelBackward0."""
    if not isinstance(weight, Tensor):
        raise must_be_tensor("prelu", "weight", 2, weight)
    if input.dtype != weight.dtype:
        raise RuntimeError(f"prelu: Type promoting not supported. Got {input.dtype.scalar_name} and "
                           f"{weight.dtype.scalar_name}")
    if weight.numel() != 1:
        if input.ndim == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.ndim > 1 else 1
        if channels != weight.numel():
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                               f"{weight.numel()} and channel size = {channels}.")
    if weight.ndim > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight.ndim}")
    if input.ndim != weight.ndim:
        shape = [1] * input.ndim
        if input.ndim > 1:
            shape[1] = weight.numel()
        weight = weight.reshape(shape)
    return PR.PreluKernel.apply(input, weight)


def _addc(name, op, input, tensor1, tensor2, value):
    for position, (arg, t) in enumerate((("tensor1", tensor1), ("tensor2", tensor2)), 2):
        if not isinstance(t, Tensor):
            raise must_be_tensor(name, arg, position, t)
    return op.apply(input, tensor1, tensor2, value=number_argument(name, "value", None, value))


@public("addcmul", inplace="addcmul_", parse=True)
def addcmul(input, tensor1, tensor2, *, value=1):
    """Mirror ``torch.addcmul``: ``input + value * tensor1 * tensor2``, broadcasting, rounded as torch's kernel
    (AddcmulBackward0)."""
    return _addc("addcmul", AC.Addcmul, input, tensor1, tensor2, value)


@public("addcdiv", inplace="addcdiv_", parse=True)
def addcdiv(input, tensor1, tensor2, *, value=1):
    """Mirror ``torch.addcdiv``: ``input + value * tensor1 / tensor2``, broadcasting (AddcdivBackward0); torch's
    error for integer tensors."""
    return _addc("addcdiv", AC.Addcdiv, input, tensor1, tensor2, value)


@public("abs", "__abs__", "absolute", inplace="abs_")
def abs(input):
    """Mirror ``torch.abs`` (and its alias ``absolute``)."""
    return E.Abs.apply(input)


absolute = public.alias(abs, "absolute")
public("absolute_", function=False)(Tensor.abs_)


@public("sign", inplace="sign_")
def sign(input):
    """Mirror ``torch.sign``."""
    return E.Sign.apply(input)


@public("sgn", inplace="sgn_")
def sgn(input):
    """Mirror ``torch.sgn``: the sign of a real tensor, as ``torch.sign`` (SgnBackward0)."""
    return E.Sgn.apply(input)


@public("sqrt", inplace="sqrt_")
def sqrt(input):
    """Mirror ``torch.sqrt``."""
    return E.Sqrt.apply(input)


@public("rsqrt", inplace="rsqrt_")
def rsqrt(input):
    """Mirror ``torch.rsqrt``: 1 / sqrt(input) (RsqrtBackward0)."""
    return E.Rsqrt.apply(input)


@public("sinh", inplace="sinh_")
def sinh(input):
    """Mirror ``torch.sinh`` (SinhBackward0)."""
    return E.Sinh.apply(input)


@public("cosh", inplace="cosh_")
def cosh(input):
    """Mirror ``torch.cosh`` (CoshBackward0)."""
    return E.Cosh.apply(input)


@public("asin", "arcsin", inplace="asin_")
def asin(input):
    """Mirror ``torch.asin`` (AsinBackward0; nan outside [-1, 1])."""
    return E.Asin.apply(input)


@public("acos", "arccos", inplace="acos_")
def acos(input):
    """Mirror ``torch.acos`` (AcosBackward0; nan outside [-1, 1])."""
    return E.Acos.apply(input)


@public("tan", inplace="tan_")
def tan(input):
    """Mirror ``torch.tan`` (TanBackward0)."""
    return E.Tan.apply(input)


@public("asinh", "arcsinh", inplace="asinh_")
def asinh(input):
    """Mirror ``torch.asinh`` (AsinhBackward0)."""
    return E.Asinh.apply(input)


@public("acosh", "arccosh", inplace="acosh_")
def acosh(input):
    """Mirror ``torch.acosh`` (AcoshBackward0; nan below 1)."""
    return E.Acosh.apply(input)


@public("atanh", "arctanh", inplace="atanh_")
def atanh(input):
    """Mirror ``torch.atanh`` (AtanhBackward0; nan outside [-1, 1])."""
    return E.Atanh.apply(input)


@public("atan", "arctan", inplace="atan_")
def atan(input):
    """Mirror ``torch.atan`` (AtanBackward0)."""
    return E.Atan.apply(input)


@public("erf", inplace="erf_")
def erf(input):
    """Mirror ``torch.erf``: the error function (ErfBackward0)."""
    return E.Erf.apply(input)


@public("erfc", inplace="erfc_")
def erfc(input):
    """Mirror ``torch.erfc``: 1 - erf(input), without erf's cancellation (ErfcBackward0)."""
    return E.Erfc.apply(input)


@public("log1p", inplace="log1p_")
def log1p(input):
    """Mirror ``torch.log1p``: log(1 + input), exact for small input (Log1PBackward0)."""
    return E.Log1p.apply(input)


@public("log2", inplace="log2_")
def log2(input):
    """Mirror ``torch.log2`` (Log2Backward0)."""
    return E.Log2.apply(input)


@public("expm1", inplace="expm1_")
def expm1(input):
    """Mirror ``torch.expm1``: exp(input) - 1, exact for small input (Expm1Backward0)."""
    return E.Expm1.apply(input)


@public("exp2", inplace="exp2_")
def exp2(input):
    """Mirror ``torch.exp2``: 2 ** input (Exp2Backward0)."""
    return E.Exp2.apply(input)


arcsin, arccos, arctan, arcsinh, arccosh, arctanh = (
    public.alias(f, name)
    for f, name in ((asin, "arcsin"), (acos, "arccos"), (atan, "arctan"), (asinh, "arcsinh"), (acosh, "arccosh"),
                    (atanh, "arctanh"))
)


@public("square", inplace="square_")
def square(input):
    """Mirror ``torch.square``: input ** 2 (recorded as PowBackward0, as torch does)."""
    return pow(input, 2)


@public(inplace="clamp_", parse=True)
def clamp(input, min=None, max=None):
    """Mirror ``torch.clamp(input, min=None, max=None)``: numbers as bounds (ClampBackward1), or tensors, which
    broadcast (ClampBackward0)."""
    return _clamp(input, min, max, lambda: ("torch.clamp", (input, min, max)))


@public("clamp", "clip", function=False, parse=True)
def _clamp_method(self, min=None, max=None):
    """Mirror ``Tensor.clamp`` and ``Tensor.clip``."""
    return _clamp(self, min, max, lambda: ("torch.Tensor.clamp", (min, max)))


clip = public.alias(clamp, "clip")


def _clamp(input, min, max, call):
    """``clamp`` with number bounds or tensor bounds. torch has no overload that mixes them, but its parser takes a
    0-d tensor that needs no gradient as a number (``x.clamp(min=torch.tensor(0.5), max=0.7)``); otherwise
    ``call()`` gives the overloads' key and the arguments for its error."""
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        if not all(b is None or isinstance(b, Tensor) for b in (min, max)):
            if all(not isinstance(b, Tensor) or b.dim() == 0 and not b.requires_grad for b in (min, max)):
                min, max = (b.item() if isinstance(b, Tensor) else parsed_number(b) for b in (min, max))
                return E.Clamp.apply(input, min=min, max=max)
            key, given = call()
            raise invalid_arguments("clamp", given, recorded_overloads(key))
        op = E.ClampTensorMin if max is None else E.ClampTensorMax if min is None else E.ClampTensor
        return op.apply(input, min, max)
    return E.Clamp.apply(input, min=parsed_number(min), max=parsed_number(max))


@public("clone")
def clone(input):
    """Mirror ``torch.clone``: a copy that stays in the graph (CloneBackward0)."""
    return E.Clone.apply(input)


_WHERE = (
    "Tensor condition", "Tensor condition, Tensor input, Tensor other, *, Tensor out = None",
    "Tensor condition, Number self, Tensor other", "Tensor condition, Tensor input, Number other",
    "Tensor condition, Number self, Number other",
)
_WHERE_METHOD = ("Tensor condition, Tensor other", "Tensor condition, Number other")
_NO_ARGUMENT = object()


_WHERE_UINT8 = internal(
    "where received a uint8 condition tensor. This behavior is deprecated and will be removed in a future version of "
    "PyTorch. Use a boolean condition instead.",
    "aten/src/ATen/native/TensorCompare.cpp:621",
)


@public(parse=True)
def where(condition=_NO_ARGUMENT, input=_NO_ARGUMENT, other=_NO_ARGUMENT):
    """Mirror ``torch.where(condition, input, other)``: input where condition is True, else other; and
    ``torch.where(condition)``: ``torch.nonzero(condition, as_tuple=True)``, the indices where it is nonzero."""
    given = tuple(a for a in (condition, input, other) if a is not _NO_ARGUMENT)
    if len(given) == 1 and condition is not _NO_ARGUMENT:
        if not isinstance(condition, Tensor):
            raise must_be_tensor("where", "condition", 1, condition)
        return tensor_tools.nonzero(condition, as_tuple=True)
    if len(given) != 3:
        raise invalid_arguments("where", given, _WHERE)
    if isinstance(condition, Tensor) and condition.dtype is dtypes.uint8:  # torch still takes it, once warned
        warn_once(_WHERE_UINT8, stacklevel=user_stacklevel())
    elif not isinstance(condition, Tensor) or condition.dtype is not dtypes.bool_:
        raise RuntimeError(
            f"where expected condition to be a boolean tensor, but got a tensor with dtype "
            f"{condition.dtype.scalar_name if isinstance(condition, Tensor) else type(condition).__name__}"
        )
    if not isinstance(input, OPERANDS) or not isinstance(other, OPERANDS):
        raise invalid_arguments("where", given, _WHERE)
    input, other = parsed_number(input), parsed_number(other)  # numpy's dtypes do not count, as Python's numbers
    if not isinstance(input, Tensor):
        input = as_tensor_operand(input, other if isinstance(other, Tensor) else None)
        if isinstance(other, Tensor) and input.dtype is not other.dtype and other.dtype.is_floating_point:
            input = input.to(other.dtype)
    return E.Where.apply(input, other, condition=condition)


@public("where", function=False, parse=True)
def _where_method(self, condition=_NO_ARGUMENT, other=_NO_ARGUMENT):
    """Mirror ``Tensor.where(condition, other)``: ``torch.where(condition, self, other)``."""
    if condition is _NO_ARGUMENT or other is _NO_ARGUMENT:
        raise invalid_arguments("where", tuple(a for a in (condition, other) if a is not _NO_ARGUMENT),
                                _WHERE_METHOD)  # fmt: skip
    return where(condition, self, other)


# -- reductions ----------------------------------------------------------------------
@public("sum", parse=True)
def sum(input, dim=NOT_GIVEN, keepdim=False, *, dtype=None):
    """Mirror ``torch.sum``: all elements (SumBackward0) or over ``dim`` (SumBackward1; ``dim=None`` given is every
    dim, so that ``keepdim`` keeps them)."""
    cast = input if dtype is None else input.to(dtype)
    if dim is NOT_GIVEN:
        _no_keepdim_alone("sum", keepdim)
        out = R.Sum.apply(cast)
    else:
        dim = _reduction_dim("sum", dim, keepdim)
        out = R.SumDim.apply(cast, dim=dim, keepdim=keepdim)
    if dtype is None:
        return out
    refuse_integer_result(input, dtype)  # torch's autograd refuses the result its kernel made
    return R.as_asked(out, dtype)


@public("mean", parse=True)
def mean(input, dim=NOT_GIVEN, keepdim=False, *, dtype=None):
    """Mirror ``torch.mean``: all elements (MeanBackward0) or over ``dim`` (MeanBackward1; ``dim=None`` given is
    every dim)."""
    if dtype is not None:
        if not dtype.is_floating_point:
            raise RuntimeError("mean(): could not infer output dtype. Optional dtype must be either a floating point "
                               f"or complex dtype. Got: {dtype.scalar_name}")  # fmt: skip
        input = input.to(dtype)
    if dim is NOT_GIVEN:
        _no_keepdim_alone("mean", keepdim)
        return R.Mean.apply(input)
    dim = _reduction_dim("mean", dim, keepdim)
    return R.MeanDim.apply(input, dim=dim, keepdim=keepdim)


@public("nansum", parse=True)
def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """Mirror ``torch.nansum``: the sum of the elements that are not NaN, over ``dim`` (NansumBackward0; no
    gradient reaches the NaNs)."""
    dim = _reduction_dim("nansum", dim, keepdim)
    dtype = dtype_argument("nansum", dtype)
    out = R.Nansum.apply(input, dim=dim, keepdim=keepdim, dtype=dtype)
    refuse_integer_result(input, dtype)  # torch's autograd refuses the result its kernel made
    return R.as_asked(out, dtype)


def _no_keepdim_alone(name, keepdim):
    """No overload of torch's takes ``keepdim`` without ``dim`` (``x.sum(keepdim=True)``)."""
    if keepdim is not False:
        raise TypeError(f"{name}() takes keepdim only with dim")  # replaced by torch's parser's error (public)


def _reduction_dim(name, dim, keepdim):
    """A reduction's ``dim`` as an int or a tuple of them (torch's parser takes a numpy integer and a 0-d integer
    tensor as an int), after torch's TypeErrors for ``dim`` and ``keepdim``."""
    if isinstance(dim, Tensor) and dim.ndim == 0 and dim.dtype.category == 1:
        dim = dim.item()
    if is_int(dim):
        dim = int(dim)
    elif dim is not None and not (isinstance(dim, (tuple, list)) and all(is_int(d) for d in dim)):
        raise must_be_tensor(name, "dim", 2, dim, kind="tuple of ints")
    if not isinstance(keepdim, bool):
        raise must_be_tensor(name, "keepdim", None, keepdim, kind="bool")
    return dim


@public("nanmean", parse=True)
def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    """Mirror ``torch.nanmean``: ``nansum`` divided by the count of elements that are not NaN, as torch writes it
    (DivBackward0 over NansumBackward0)."""
    dim = _reduction_dim("nanmean", dim, keepdim)
    if not input.dtype.is_floating_point:
        raise RuntimeError("nanmean(): expected input to have floating point or complex dtype but got "
                           f"{input.dtype.scalar_name}")
    count = input.isnan().logical_not().sum(dim, keepdim) if dim is not None else input.isnan().logical_not().sum()
    return nansum(input, dim, keepdim, dtype=dtype).div(count)


@public("max", parse=True)
def max(input, dim=NOT_GIVEN, keepdim=False, *, other=None):
    """Mirror ``torch.max``: the largest element (MaxBackward1), or ``(values, indices)`` along
    ``dim`` (MaxBackward0), or the elementwise maximum of two tensors (``other``, or a tensor in ``dim``'s
    place)."""
    if isinstance(dim, Tensor) or other is not None:
        if keepdim is not False or other is not None and dim is not NOT_GIVEN:  # torch.max(x, y, 1)
            raise _dim_and_keepdim("max")
        return maximum(input, other if dim is NOT_GIVEN else dim)
    if dim is NOT_GIVEN:
        if keepdim is not False:  # x.max(keepdim=True): no overload takes keepdim without dim
            raise _dim_and_keepdim("max")
        return R.Max.apply(input)
    if dim is None or keepdim.__class__ is not bool:
        raise _dim_and_keepdim("max")
    indices = R.argmax_along(input, dim, keepdim)
    return _ReturnTypes(R.MaxDim.apply(input, dim=dim, keepdim=keepdim, indices=indices), indices)


def _dim_and_keepdim(name):
    """The error for what none of torch's overloads of max and min take but minigrad's code would: ``dim=None``
    given, a ``keepdim`` that is no bool (``torch.max(x, 0, "a")``); replaced by the parser's (``parse=True``)."""
    return TypeError(f"{name}(): dim must be an int and keepdim a bool")


@public("maximum", binary=True)
def maximum(input, other):
    """Mirror ``torch.maximum``: the elementwise larger value (a tie splits the gradient in half)."""
    return E.Maximum.apply(input, other) if isinstance(other, Tensor) else NotImplemented


@public("atan2", "arctan2", inplace="atan2_", binary=True)
def atan2(input, other):
    """Mirror ``torch.atan2``: the angle of the point (other, input), elementwise (Atan2Backward0)."""
    return B.Atan2.apply(input, other) if isinstance(other, Tensor) else NotImplemented


arctan2 = public.alias(atan2, "arctan2")


@public("hypot", inplace="hypot_", binary=True)
def hypot(input, other):
    """Mirror ``torch.hypot``: ``sqrt(input ** 2 + other ** 2)`` without overflow (HypotBackward0)."""
    return B.Hypot.apply(input, other) if isinstance(other, Tensor) else NotImplemented


_XLOGY = (
    ("Tensor input, Tensor other, *, Tensor out = None", "Number self, Tensor other, *, Tensor out = None",
     "Tensor input, Number other, *, Tensor out = None"),
    ("Tensor other", "Number other"),
)


@public("xlogy", inplace="xlogy_", binary=_XLOGY)
def xlogy(input, other):
    """Mirror ``torch.xlogy`` (``torch.special.xlogy``): ``input * log(other)``, 0 where ``input`` is 0; of two tensors
    (XlogyBackward0), a number and a tensor (XlogyBackward1) or a tensor and a number (XlogyBackward2)."""
    if isinstance(input, NUMBERS) and isinstance(other, Tensor):
        return B.XlogyScalarSelf.apply(other, scalar=input)
    if not isinstance(input, Tensor):
        return NotImplemented
    if isinstance(other, Tensor):
        return B.Xlogy.apply(input, other)
    if isinstance(other, NUMBERS):
        return B.XlogyScalarOther.apply(input, scalar=other)
    return NotImplemented


@public("logaddexp", binary=True)
def logaddexp(input, other):
    """Mirror ``torch.logaddexp``: ``log(exp(input) + exp(other))`` without overflow (LogaddexpBackward0)."""
    return B.Logaddexp.apply(input, other) if isinstance(other, Tensor) else NotImplemented


@public("lerp", inplace="lerp_", parse=True)
def lerp(input, end, weight):
    """Mirror ``torch.lerp``: ``input + weight * (end - input)``, ``weight`` a number (LerpBackward0) or a tensor
    (LerpBackward1)."""
    if isinstance(weight, Tensor):
        return B.LerpTensor.apply(input, end, weight)
    if not isinstance(weight, NUMBERS):
        raise TypeError("lerp(): weight must be a tensor or a number")  # replaced by torch's parser's error (parse)
    return B.Lerp.apply(input, end, weight=weight)


@public("minimum", binary=True)
def minimum(input, other):
    """Mirror ``torch.minimum``: the elementwise smaller value (a tie splits the gradient in half)."""
    return E.Minimum.apply(input, other) if isinstance(other, Tensor) else NotImplemented


@public("min", parse=True)
def min(input, dim=NOT_GIVEN, keepdim=False, *, other=None):
    """Mirror ``torch.min``: the smallest element (MinBackward1), ``(values, indices)`` along ``dim``
    (MinBackward0), or the elementwise minimum of two tensors (``other``, or a tensor in ``dim``'s place)."""
    if isinstance(dim, Tensor) or other is not None:
        if keepdim is not False or other is not None and dim is not NOT_GIVEN:  # torch.min(x, y, 1)
            raise _dim_and_keepdim("min")
        return minimum(input, other if dim is NOT_GIVEN else dim)
    if dim is NOT_GIVEN:
        if keepdim is not False:  # x.min(keepdim=True): no overload takes keepdim without dim
            raise _dim_and_keepdim("min")
        return R.Min.apply(input)
    if dim is None or keepdim.__class__ is not bool:
        raise _dim_and_keepdim("min")
    indices = R.argmax_along(input, dim, keepdim, smallest=True)
    return _ReturnTypes(R.MinDim.apply(input, dim=dim, keepdim=keepdim, indices=indices), indices, "min")


@public("argmax", parse=True)
def argmax(input, dim=None, keepdim=False):
    """Mirror ``torch.argmax`` (not differentiable): the index of the first largest value (a nan counts as
    largest), over all elements or along ``dim``."""
    return _arg_extreme("argmax", np.argmax, input, dim, keepdim)


@public("argmin", parse=True)
def argmin(input, dim=None, keepdim=False):
    """Mirror ``torch.argmin`` (not differentiable): the index of the first smallest value (a nan counts as
    smallest)."""
    return _arg_extreme("argmin", np.argmin, input, dim, keepdim)


def _arg_extreme(name, fn, input, dim, keepdim):
    """argmax/argmin with torch's errors for bool and empty input (numpy would take the first, or raise its own)."""
    data = input._data
    if data.dtype == np.bool_:
        raise RuntimeError(f"{name}(): does not support bool input")
    if dim is None:
        if data.size == 0:
            raise R.unspecified_dim_error(name, IndexError, hint=False)
        return wrap(np.asarray(fn(data), dtype=np.int64).reshape((1,) * data.ndim if keepdim else ()))
    axis = input._wrap_dim(dim)
    if data.ndim and data.shape[axis] == 0:
        raise R.empty_dim_error(name, axis)
    return wrap(fn(data, axis=axis if data.ndim else None, keepdims=keepdim).astype(np.int64))


# -- products --------------------------------------------------------------------------
@public("matmul", "__matmul__", binary=True)
def matmul(input, other, *, out=None):
    """Mirror ``torch.matmul`` / ``@``: dot, mv, mm or batched, with torch's graph for each (``out=``: written
    into ``out``)."""
    if out is not None:
        return write_out("matmul", out, lambda: matmul(input, other), input, other)
    if not isinstance(other, Tensor) or not isinstance(input, Tensor):
        return NotImplemented
    return L.matmul(input, other)


@public("mm")
def mm(input, mat2):
    """Mirror ``torch.mm``: 2-D @ 2-D."""
    return L.Mm.apply(input, mat2)


@public("mv", parse=True)
def mv(input, vec):
    """Mirror ``torch.mv``: 2-D @ 1-D."""
    return L.Mv.apply(input, vec)


@public("dot", parse=True)
def dot(input, tensor):
    """Mirror ``torch.dot``: 1-D . 1-D."""
    return L.Dot.apply(input, tensor)


@public("outer", "ger", parse=True)
def outer(input, vec2):
    """Mirror ``torch.outer`` (and its old name ``ger``): both 1-D; ``input`` reshaped to a column times ``vec2``, as
    torch composes it (ViewBackward0 into MulBackward0)."""
    for name, t in (("self", input), ("vec2", vec2)):
        if t.ndim != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {t.ndim}-D")
    return input.reshape(input.shape[0], 1) * vec2


ger = public.alias(outer, "ger")


@public("bmm")
def bmm(input, mat2):
    """Mirror ``torch.bmm``: a batch of matrix products, both inputs 3-D with one batch size (BmmBackward0)."""
    for name, t in (("batch1", input), ("batch2", mat2)):
        if t.ndim != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    if mat2.shape[0] != input.shape[0] or mat2.shape[1] != input.shape[2]:  # torch checks the sizes first
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{input.shape[0]}, {input.shape[2]}] "
            f"but got: [{mat2.shape[0]}, {mat2.shape[1]}]."
        )
    if input.dtype is dtypes.bool_ and input.numel() and mat2.numel():  # torch's kernel has no bool (einsum of bools)
        raise NotImplementedError("\"bmm\" not implemented for 'Bool'")
    if input.dtype is not mat2.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {mat2.dtype.scalar_name}")
    return L.BatchMatmul.apply(input, mat2)


@public()
def addmm(input, mat1, mat2, *extra, beta=1, alpha=1, **unknown):
    """Mirror ``torch.addmm``: ``beta * input + alpha * (mat1 @ mat2)``, ``input`` broadcast to the product's
    shape (AddmmBackward0, the node ``nn.Linear`` records)."""
    return _addmm("torch.addmm", (input, mat1, mat2, *extra), beta, alpha, unknown)


@public("addmm", function=False)
def _addmm_method(self, mat1, mat2, *extra, beta=1, alpha=1, **unknown):
    """Mirror ``Tensor.addmm``: ``torch.addmm(self, mat1, mat2, ...)``."""
    return _addmm("torch.Tensor.addmm", (self, mat1, mat2, *extra), beta, alpha, unknown)


def _addmm(key, args, beta, alpha, unknown):
    """addmm's work, or torch's parser's TypeError (for ``key``'s signatures) for arguments that fit none of them:
    more than three, a keyword it lacks, a ``beta`` that is no number."""
    from .nn.functional import Addmm

    try:
        if len(args) != 3 or unknown:
            raise TypeError(f"addmm() got an unexpected keyword argument '{next(iter(unknown), None)}'")
        input, mat1, mat2 = args
        for name, t in (("mat1", mat1), ("mat2", mat2)):
            if t.ndim != 2:
                raise RuntimeError(f"{name} must be a matrix, got {t.ndim}-D tensor")
        if mat1.shape[1] == mat2.shape[0]:
            S.expanded_shape(input.shape, (mat1.shape[0], mat2.shape[1]), input.dtype)  # torch's error if it cannot
        if mat2._data.dtype.kind == "b" and input.dtype is mat1.dtype is mat2.dtype:
            raise not_implemented("addmm_impl_cpu_", mat2.dtype)
        return Addmm.apply(input, mat1, mat2, beta=beta, alpha=alpha)
    except Exception as error:
        given = args[key == "torch.Tensor.addmm":]  # a method's signature leaves the tensor out
        # beta and alpha left at 1 fit whether given or not: left out, so that the message lists what was given
        keywords = {k: v for k, v in (("beta", beta), ("alpha", alpha)) if not (v.__class__ is int and v == 1)}
        parsed = call_error("addmm", recorded_signatures()[key], given, {**keywords, **unknown})
        raise (error if parsed is None else parsed) from None


# -- shapes ----------------------------------------------------------------------------
def _shape_args(shape, function="view", name="size", overloads=None):
    """The sizes a method takes as ``*shape`` (ints, or one sequence of them), with torch's TypeErrors."""
    return sizes_argument(function, name, shape, overloads)


_VIEW = ("torch.dtype dtype", "tuple of ints size")


@public(parse=True)
def reshape(input, shape):
    """Mirror ``torch.reshape``: a view (ViewBackward0) when possible, else a copy."""
    return S.reshape(input, sizes_argument("reshape", "shape", (shape,), position=2))


@public("flatten", parse=True)
def flatten(input, start_dim=0, end_dim=-1):
    """Mirror ``torch.flatten``."""
    s, e = input._wrap_dim(start_dim), input._wrap_dim(end_dim)
    if input.ndim == 0:
        return S.reshape(input, (1,))
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return input
    shape = input._data.shape
    return S.reshape(input, shape[:s] + (-1,) + shape[e + 1 :])


@public(parse=True)
def unflatten(input, dim, sizes):
    """Mirror ``torch.unflatten``: dim ``dim`` split into ``sizes`` (one may be -1), a view (ViewBackward0)."""
    return _unflattened(input, dim, sizes, 2)


@public("unflatten", function=False)
def _unflatten(self, dim, sizes):
    """Mirror ``Tensor.unflatten``: as ``torch.unflatten``."""
    return _unflattened(self, dim, sizes, 1)


def _unflattened(input, dim, sizes, position):
    """``unflatten`` with torch's errors, ``position`` being that of ``dim`` (the method has no ``input``)."""
    if not is_int(dim):
        raise must_be_tensor("unflatten", "dim", position, dim, kind="int")
    if sizes is None:
        sizes = ()
    if not isinstance(sizes, (tuple, list)):
        raise must_be_tensor("unflatten", "sizes", position + 1, sizes, kind="tuple of ints")
    d = input._wrap_dim(dim)
    sizes = tuple(sizes)
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    known = math.prod(s for s in sizes if s != -1)
    if sizes.count(-1) > 1:
        raise RuntimeError("unflatten: only one dimension can be inferred (-1) in sizes")
    if (known != input.shape[d]) if -1 not in sizes else (known == 0 or input.shape[d] % known):
        raise RuntimeError(f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size of dim {dim} "
                           f"({input.shape[d]}) in the input tensor")
    return S.reshape(input, input.shape[:d] + sizes + input.shape[d + 1 :])


@public(parse=True)
def tile(input, dims):
    """Mirror ``torch.tile``: ``input.repeat(dims)``, with leading 1s when ``dims`` is shorter than the tensor's
    dims (RepeatBackward0)."""
    if not isinstance(dims, (tuple, list)):
        raise must_be_tensor("tile", "dims", 2, dims, kind="tuple of ints")
    return _tile(input, sizes_argument("tile", "dims", (dims,), position=2))


@public("tile", function=False, parse=True)
def _tile(self, *sizes, dims=None):
    """Mirror ``Tensor.tile(*dims)``: as ``torch.tile``."""
    dims = sizes_or_keyword("tile", "dims", sizes, dims)
    if not dims:
        raise TypeError('tile() missing 1 required positional arguments: "dims"')
    dims = sizes_argument("tile", "dims", dims)
    return self.repeat((1,) * (self.ndim - len(dims)) + dims)


_REPEAT_INTERLEAVE = ("Tensor input, Tensor repeats, int dim = None, *, int output_size = None",
                      "Tensor repeats, *, int output_size = None",
                      "Tensor input, int repeats, int dim = None, *, int output_size = None")
_REPEAT_INTERLEAVE_METHOD = ("Tensor repeats, int dim = None, *, int output_size = None",
                             "int repeats, int dim = None, *, int output_size = None")


_COUNTS_ONLY = object()  # torch.repeat_interleave(counts): no repeats given (None is refused)


@public(parse=True)
def repeat_interleave(input, repeats=_COUNTS_ONLY, dim=None, *, output_size=None):
    """Mirror ``torch.repeat_interleave``: each element (or slice along ``dim``; without ``dim``, of the flattened
    tensor) repeated ``repeats`` times, as torch composes it: for a number, unsqueeze, expand, a contiguous clone
    and a view (ViewBackward0); for a tensor of counts, ``index_select``. Of a tensor of counts alone: the indices,
    each repeated its count of times."""
    if repeats is _COUNTS_ONLY:
        return _repeated_indices(input, output_size)
    if not isinstance(repeats, Tensor) and not is_int(repeats):
        raise invalid_arguments("repeat_interleave", (input, repeats), _REPEAT_INTERLEAVE)
    return _repeat_interleave(input, repeats, dim, output_size=output_size)


@public("repeat_interleave", function=False, parse=True)
def _repeat_interleave(self, repeats=None, dim=None, *, output_size=None):
    """Mirror ``Tensor.repeat_interleave(repeats, dim=None, *, output_size=None)``: as ``torch.repeat_interleave``."""
    if not isinstance(repeats, Tensor) and not is_int(repeats):
        raise invalid_arguments("repeat_interleave", () if repeats is None else (repeats,), _REPEAT_INTERLEAVE_METHOD)
    flat = self if dim is not None else self.flatten()
    if isinstance(repeats, Tensor):
        d = 0 if dim is None else dim
        if repeats.ndim == 0 or repeats.shape == (1,):
            repeats = repeats.reshape(1).expand(flat.shape[d])
        elif repeats.ndim == 1:
            if repeats.shape[0] != flat.shape[d]:
                raise RuntimeError("repeats must have the same size as input along dim, but got repeats.size(0) = "
                                   f"{repeats.shape[0]} and input.size({d}) = {flat.shape[d]}")
        else:
            raise RuntimeError("repeats must be 0-dim or 1-dim tensor")
        return flat.index_select(d, _repeated_indices(repeats, output_size))
    d = self._wrap_dim(0 if dim is None else dim)
    if repeats < 0:
        raise RuntimeError("Repeats must be non-negative")
    if output_size is not None and output_size != flat.shape[d] * repeats:
        raise RuntimeError(f"repeat_interleave: Invalid output_size, expected {flat.shape[d] * repeats} but got "
                           f"{output_size}")
    wide = flat.unsqueeze(d + 1)
    wide = wide.expand(wide.shape[: d + 1] + (repeats,) + wide.shape[d + 2 :])
    return wide.contiguous().flatten(d, d + 1)


def _repeated_indices(counts, output_size):
    """``torch.repeat_interleave(counts)``: index i repeated ``counts[i]`` times (int64), with torch's errors."""
    if counts.dtype not in dtypes.INDEX:
        raise not_implemented("repeat_interleave_cpu", counts.dtype)
    c = counts._data.reshape(-1)
    if (c < 0).any():
        raise RuntimeError("repeats can not be negative")
    if output_size is not None and output_size != c.sum():
        raise RuntimeError(f"repeat_interleave: Invalid output_size, expected {c.sum()} but got {output_size}")
    return wrap(np.repeat(np.arange(len(c), dtype=c.dtype), c))  # in the counts' dtype


@public("ravel")
def ravel(input):
    """Mirror ``torch.ravel``: the elements as one vector, ``input.contiguous().view(-1)`` (ViewBackward0, over a
    CloneBackward0 when ``input`` is not contiguous)."""
    return input.contiguous().view(-1)


@public("t")
def t(input):
    """Mirror ``torch.t``: transpose of a tensor with at most 2 dims."""
    return S.T.apply(input)


@public("transpose", "swapdims", parse=True)
def transpose(input, dim0, dim1):
    """Mirror ``torch.transpose`` (and ``swapdims``)."""
    return S.Transpose.apply(input, dim0=dim0, dim1=dim1)


swapdims = public.alias(transpose, "swapdims")


@public("swapaxes", parse=True)
def swapaxes(input, axis0, axis1):
    """Mirror ``torch.swapaxes``: ``transpose`` under numpy's name (and numpy's names for the dims)."""
    return transpose(input, axis0, axis1)


@public("t_", function=False)
def t_(self):
    """Mirror ``Tensor.t_``: this tensor becomes its transpose, in place (TBackward1; its memory is unchanged)."""
    if self.ndim > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {self.ndim}D")
    return I.apply_view_inplace(self, S.TInPlace, (S.T, {}, 0))


@public("transpose_", "swapdims_", function=False, parse=True)
def transpose_(self, dim0, dim1):
    """Mirror ``Tensor.transpose_`` (and ``swapdims_``): dims ``dim0`` and ``dim1`` swapped in place
    (TransposeBackward1)."""
    undo = (S.Transpose, {"dim0": dim0, "dim1": dim1}, 0)
    return I.apply_view_inplace(self, S.TransposeInPlace, undo, dim0=dim0, dim1=dim1)


@public("swapaxes_", function=False, parse=True)
def _swapaxes_(self, axis0, axis1):
    """Mirror ``Tensor.swapaxes_``: ``transpose_`` under numpy's names."""
    return transpose_(self, axis0, axis1)


@public("squeeze_", function=False, parse=True)
def squeeze_(self, dim=None, *dims):
    """Mirror ``Tensor.squeeze_``: dims of size 1 removed in place, all of them (SqueezeBackward3), ``dim``
    (SqueezeBackward4) or those of a tuple of dims, also given as separate ints (SqueezeBackward5)."""
    if dims:
        dim = (dim, *dims)
    undo = (S.View, {"shape": tuple(self.shape)}, 0)
    if dim is None:
        return I.apply_view_inplace(self, S.SqueezeInPlace, undo)
    if isinstance(dim, (tuple, list)):
        return I.apply_view_inplace(self, S.SqueezeDimsInPlace, undo, dim=dim)
    return I.apply_view_inplace(self, S.SqueezeDimInPlace, undo, dim=dim)


@public("unsqueeze_", function=False, parse=True)
def unsqueeze_(self, dim):
    """Mirror ``Tensor.unsqueeze_``: a dim of size 1 inserted at ``dim`` in place (UnsqueezeBackward1)."""
    undo = (S.SqueezeDim, {"dim": self._wrap_dim(dim, self.ndim + 1)}, 0)
    return I.apply_view_inplace(self, S.UnsqueezeInPlace, undo, dim=dim)


@public(parse=True)
def permute(input, dims):
    """Mirror ``torch.permute``."""
    return S.Permute.apply(input, dims=tuple(dims))


@public("squeeze", parse=True)
def squeeze(input, dim=None, *dims):
    """Mirror ``torch.squeeze``: all size-1 dims (SqueezeBackward0), one (SqueezeBackward1) or those of a tuple of dims
    that have size 1 (SqueezeBackward2), which the method also takes as separate ints (``x.squeeze(0, 1)``; torch's
    parser refuses them to ``torch.squeeze``)."""
    if dims:
        dim = (dim, *dims)
    if dim is None:
        return S.Squeeze.apply(input)
    if isinstance(dim, (tuple, list)):
        return S.SqueezeDims.apply(input, dim=dim)
    return S.SqueezeDim.apply(input, dim=dim)


@public("unsqueeze", parse=True)
def unsqueeze(input, dim):
    """Mirror ``torch.unsqueeze``."""
    return S.Unsqueeze.apply(input, dim=dim)


@public(parse=True)
def cat(tensors, dim=0, *, out=None):
    """Mirror ``torch.cat``: join along an existing dim (``out=``: written into ``out``)."""
    tensors = _tensor_list(tensors, "cat")
    if out is not None:
        return write_out("cat", out, lambda: S.Cat.apply(*tensors, dim=dim), *tensors)
    return S.Cat.apply(*tensors, dim=dim)


concat = concatenate = public.alias(cat, "concat", "concatenate")


@public(parse=True)
def stack(tensors, dim=0, *, out=None):
    """Mirror ``torch.stack``: join along a new dim (``out=``: written into ``out``)."""
    tensors = _tensor_list(tensors, "stack")
    if out is not None:
        return write_out("stack", out, lambda: S.Stack.apply(*tensors, dim=dim), *tensors)
    return S.Stack.apply(*tensors, dim=dim)


def _tensor_list(tensors, function):
    """The tensors of cat's or stack's first argument (a list or tuple), or torch's TypeError: for an argument of
    another type (a tensor, a generator), or naming the first element that is not a tensor."""
    if not isinstance(tensors, (list, tuple)):
        raise must_be_tensor(function, "tensors", 1, tensors, kind="tuple of Tensors")
    tensors = tuple(tensors)
    for i, x in enumerate(tensors):
        if not isinstance(x, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {c_type_name(x)}")
    return tensors


_SPLIT = ("Tensor input, int split_size, int dim = 0", "Tensor input, tuple of ints split_size, int dim = 0")


@public()
def split(tensor, split_size_or_sections, dim=0):
    """Mirror ``torch.split``: consecutive pieces along ``dim``, views of ``tensor`` made by one node
    (SplitBackward0 for a size, SplitWithSizesBackward0 for a list of sizes)."""
    sizes = split_size_or_sections
    if isinstance(sizes, Tensor) and sizes.ndim == 0:
        sizes = sizes.item()
    if dim.__class__ is not int and not is_int(dim):  # torch's Python split hands dim on to its parser
        if is_int(sizes):
            raise invalid_arguments("split", (tensor, split_size_or_sections, dim), _SPLIT)
        if isinstance(sizes, (list, tuple)):
            raise must_be_tensor("split_with_sizes", "dim", 3, dim, kind="int")
    if isinstance(sizes, int):  # a Python int only (a bool fits none of the parser's signatures)
        if sizes.__class__ is bool:
            raise invalid_arguments("split", (tensor, sizes, dim), _SPLIT)
        return S.Split.apply(tensor, dim=dim, split_size=sizes)
    if not isinstance(sizes, (list, tuple)):  # torch's Python split hands anything else (np.int64) to split_with_sizes
        raise must_be_tensor("split_with_sizes", "split_sizes", 2, sizes, kind="tuple of ints")
    sizes = [s.item() if isinstance(s, Tensor) and s.ndim == 0 else s for s in sizes]
    for i, s in enumerate(sizes):
        if not is_int(s):
            raise TypeError("split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, but found "
                            f"element of type {word(s)} at pos {i}")
    return S.SplitWithSizes.apply(tensor, dim=dim, split_sizes=tuple(int(s) for s in sizes))


@public("split", function=False)
def _split_method(self, split_size, dim=0):
    """Mirror ``Tensor.split(split_size, dim=0)``: as ``torch.split``."""
    return split(self, split_size, dim)


_split_method.__qualname__ = "Tensor.split"  # torch's is a Python method: its messages say so


@public("unbind", parse=True)
def unbind(input, dim=0):
    """Mirror ``torch.unbind``: the slices along ``dim``, views of ``input`` made by one UnbindBackward0."""
    return S.Unbind.apply(input, dim=dim)


@public(parse=True)
def chunk(input, chunks, dim=0):
    """Mirror ``torch.chunk``: pieces of ``ceil(size / chunks)`` along ``dim``; a dim of size 0 gives ``chunks``
    empty pieces, as torch's ``split_with_sizes`` does."""
    return _chunk(input, chunks, dim, position=2)


@public("chunk", function=False, parse=True)
def _chunk_method(self, chunks, dim=0):
    """Mirror ``Tensor.chunk(chunks, dim=0)``: as ``torch.chunk``."""
    return _chunk(self, chunks, dim, position=1)


def _chunk(input, chunks, dim, position):
    if not is_int(chunks):
        raise must_be_tensor("chunk", "chunks", position, chunks, kind="int")
    if input.ndim == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    n = input._data.shape[input._wrap_dim(dim)]
    return split(input, [0] * chunks if n == 0 else -(-n // chunks), dim)


@public("tensor_split", parse=True)
def tensor_split(input, sections=None, dim=0, *, indices=None, tensor_indices_or_sections=None):
    """Mirror ``torch.tensor_split``: ``input`` cut along ``dim`` into ``sections`` pieces as equal as can be (the
    first ones one longer), or at each of the ``indices`` (a list, or an int64 tensor of them; a 0-d one is a
    number of sections); each piece is a view (SliceBackward0), possibly empty."""
    indices_or_sections = overload_argument("tensor_split", sections=sections, indices=indices,
                                            tensor_indices_or_sections=tensor_indices_or_sections)  # fmt: skip
    if isinstance(indices_or_sections, Tensor):
        given = indices_or_sections
        if given.ndim > 1:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                               f"one-dimensional tensor, but got a tensor with {given.ndim} dims")  # fmt: skip
        if given.dtype is not dtypes.int64:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to have dtype of long, but got "
                               f"{given.dtype.scalar_name}")  # fmt: skip
        indices_or_sections = given.item() if given.ndim == 0 else given.tolist()
    elif not is_int(indices_or_sections) and not isinstance(indices_or_sections, (tuple, list)):
        raise invalid_arguments("tensor_split", (input, indices_or_sections), (
            "Tensor input, tuple of ints indices, int dim = 0", "Tensor input, Tensor tensor_indices_or_sections, "
            "int dim = 0", "Tensor input, int sections, int dim = 0"))  # fmt: skip
    if input.ndim == 0:
        raise RuntimeError(f"tensor_split expected at least a 1-dimensional tensor, but got a tensor with {input.ndim} "
                           "dims")  # fmt: skip
    d = input._wrap_dim(dim)
    size = input.shape[d]
    if isinstance(indices_or_sections, (tuple, list)):
        if not all(map(is_int, indices_or_sections)):  # torch's parser's error (parse=True): no float bounds
            raise TypeError("tensor_split(): argument 'indices' must be tuple of ints")
        bounds = [0, *map(int, indices_or_sections), size]
    else:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {sections}")
        bounds = [0]
        for i in range(sections):
            bounds.append(bounds[-1] + size // sections + (i < size % sections))
    return tuple(_slice(input, d, start, end) for start, end in zip(bounds, bounds[1:]))


def _slice(input, dim, start, end):
    """``input[start:end]`` along ``dim`` as torch's ``slice`` takes its bounds: negative ones count from the end,
    and both are clamped to the dim (an empty view where ``end`` is not past ``start``)."""
    size = input.shape[dim]
    start, end = (b + size if b < 0 else b for b in (start, end))
    start = int(np.clip(start, 0, size))  # np.clip: this module's min and max are torch's
    end = int(np.clip(end, start, size))
    return Slice.apply(input, dim=dim, start=start, end=end, step=1)


# -- comparisons (never differentiable) ---------------------------------------------
def _compare(fn, name):
    def op(input, other):
        if not isinstance(input, Tensor):
            return NotImplemented
        if isinstance(other, Tensor):
            bd = other._data
        elif isinstance(other, NUMBERS):
            bd = parsed_number(other)
        else:  # ``x == None`` is False, as Python compares objects it cannot otherwise
            return NotImplemented
        try:
            return wrap(np.asarray(fn(input._data, bd)))
        except ValueError:
            check_broadcast(input, other)
            raise

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Mirror ``torch.{name}``: an elementwise comparison, a bool tensor (never differentiable)."
    return op


eq, ne, lt, le, gt, ge = (
    public(name, f"__{name}__", binary=_COMPARISON)(_compare(f, name))
    for name, f in (("eq", np.equal), ("ne", np.not_equal), ("lt", np.less), ("le", np.less_equal),
                    ("gt", np.greater), ("ge", np.greater_equal))
)


@public("__eq__", function=False)
def _eq_operator(self, other):
    """``tensor == other``: torch's ``==``, unlike ``eq`` and the other comparison operators, takes a numpy array
    (as a tensor of its values)."""
    return eq.__wrapped__(self, tensor(other) if isinstance(other, np.ndarray) else other)


@public("equal", parse=True)
def equal(input, other):
    """Mirror ``torch.equal``: same shape and elements."""
    for position, (name, value) in enumerate((("input", input), ("other", other)), 1):
        if not isinstance(value, Tensor):
            raise must_be_tensor("equal", name, position, value)
    return input.shape == other.shape and bool(np.array_equal(input._data, other._data))


@public("allclose", parse=True)
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Mirror ``torch.allclose``: whether every element is close (broadcasting); both tensors of one dtype."""
    _check_close("allclose", input, other)
    return bool(np.allclose(input._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


@public("isclose", parse=True)
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Mirror ``torch.isclose``: elementwise ``|input - other| <= atol + rtol * |other|``; one dtype."""
    _check_close("isclose", input, other)
    return wrap(np.isclose(input._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def _check_close(name, input, other):
    """torch's errors for allclose/isclose: tensor arguments, one dtype (no promotion), shapes that broadcast."""
    for position, (arg, value) in enumerate((("input", input), ("other", other)), 1):
        if not isinstance(value, Tensor):
            raise must_be_tensor(name, arg, position, value)
    if input.dtype is not other.dtype:
        raise RuntimeError(f"{input.dtype.scalar_name} did not match {other.dtype.scalar_name}")
    check_broadcast(input, other)


@public(parse=True)
def numel(input):
    """Mirror ``torch.numel``."""
    return input.numel()


# -- Tensor methods that are not functions, and the operators ------------------------------------------
public.reflected(sub, "__rsub__", "number - tensor")


def _rtruediv(self, other):
    """``other / tensor``: ``div(other, tensor)``, and for an operand div does not take torch's ``__rdiv__``,
    ``tensor.reciprocal() * other``: numpy computes it for an array (a float64 tensor for a float64 one), and a
    list or a string gets Python's TypeError (torch turns the multiplication's into NotImplemented)."""
    out = _div(other, self)
    if out is NotImplemented:
        try:
            return self.reciprocal() * other
        except TypeError:
            return NotImplemented
    return out


_div = div.__wrapped__
_rtruediv.__name__ = _rtruediv.__qualname__ = "__rtruediv__"
Tensor.__rtruediv__ = _rtruediv
public.reflected(pow, "__rpow__", "number ** tensor")
public.reflected(matmul, "__rmatmul__", "other @ tensor")


@public("positive", "__pos__")
def positive(input):
    """Mirror ``torch.positive`` and ``+tensor``: the tensor itself; torch refuses a bool tensor."""
    if input.dtype is dtypes.bool_:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


public("__getitem__", function=False)(getitem)
public("__setitem__", function=False)(I.setitem)


@public("zero_", function=False)
def _zero_(self):
    """Mirror ``Tensor.zero_()``: fill with zeros in place."""
    if not self._requires_grad and not grad_mode._state.enabled or (
        not self._requires_grad and self._base is None
    ):
        I.check_inplace(self, writes="fill")
        self._data[...] = 0
        bump_version(self)
        return self
    return I.apply_inplace(self, I.Zero.apply, writes="fill")


@public("fill_", function=False, parse=True)
def _fill_(self, value):
    """Mirror ``Tensor.fill_(value)``: a number (FillBackward2), or a 0-d tensor (FillBackward3), which gets the
    sum of the gradient."""
    if isinstance(value, Tensor):
        return I.apply_inplace(self, I.FillTensor.apply, value, overlap=None)  # torch reads the one value first
    return I.apply_inplace(self, lambda a, v: I.Fill.apply(a, value=v), value, writes="fill")


@public("copy_", function=False)
def _copy_(self, other=NOT_GIVEN, *args, **kwargs):
    """Mirror ``Tensor.copy_(src)`` (its parser names it ``other``): take its values (broadcast), keeping self's
    dtype (``non_blocking`` is all the same on a CPU)."""
    if args or kwargs or other is NOT_GIVEN:  # torch's parser's error unless a bool non_blocking
        given = () if other is NOT_GIVEN else (other, *args)
        error = call_error("copy_", recorded_signatures()["torch.Tensor.copy_"], given, kwargs)
        if error is not None:
            raise error
    return I.apply_inplace(self, I.Copy.apply, other if isinstance(other, Tensor) else wrap(np.asarray(other)))


@public("reshape", function=False, parse=True)
def _reshape_method(self, *sizes, shape=None):
    """Mirror ``Tensor.reshape(*shape)``."""
    if shape is not None:
        sizes = sizes_or_keyword("reshape", "shape", sizes, shape)
    return reshape(self, _shape_args(sizes, "reshape", "shape"))


@public("permute", function=False, parse=True)
def _permute_method(self, *sizes, dims=None):
    """Mirror ``Tensor.permute(*dims)``."""
    return permute(self, _shape_args(sizes_or_keyword("permute", "dims", sizes, dims), "permute", "dims"))


@public("view", function=False, parse=True)
def _view(self, *shape, size=None, dtype=None):
    """Mirror ``Tensor.view(*shape)``: a view with a new shape; fails if the layout does not allow one. Given a
    dtype (``x.view(torch.int32)``), the same bytes read as that dtype (torch's ``view(dtype)``)."""
    if size is not None or dtype is not None:  # rare: the hot path reads neither
        shape = sizes_or_keyword("view", "size", sizes_or_keyword("view", "dtype", shape, dtype), size)
    if len(shape) == 1 and isinstance(shape[0], (dtypes.dtype, type)):  # x.view(torch.int32), x.view(float)
        return view_dtype(self, shape[0])
    return S.View.apply(self, shape=_shape_args(shape, "view", "size", _VIEW))


@public("expand", function=False, parse=True)
def _expand(self, *shape, size=None, implicit=False):
    """Mirror ``Tensor.expand(*sizes)``: broadcast to a bigger shape without copying (``implicit``, for torch's
    tracer, changes nothing)."""
    if size is not None:
        shape = sizes_or_keyword("expand", "size", shape, size)
    return S.Expand.apply(self, shape=_shape_args(shape, "expand", "size"))


@public("expand_as", function=False, parse=True)
def _expand_as(self, other):
    """Mirror ``Tensor.expand_as(other)``."""
    return _expand(self, *other.shape)


@public("view_as", function=False, parse=True)
def _view_as(self, other):
    """Mirror ``Tensor.view_as(other)``."""
    return _view(self, *other.shape)


@public("reshape_as", function=False, parse=True)
def _reshape_as(self, other):
    """Mirror ``Tensor.reshape_as(other)``."""
    return reshape(self, other.shape)


@public("sum_to_size", function=False, parse=True)
def _sum_to_size(self, *shape, size=None):
    """Mirror ``Tensor.sum_to_size``: sum a broadcast tensor down to ``shape``."""
    return R.sum_to(self, _shape_args(sizes_or_keyword("sum_to_size", "size", shape, size), "sum_to_size", "size"))


_T_OF_0D = internal(
    "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases.",
    "aten/src/ATen/native/TensorShape.cpp:4321",
)
_T_NOT_2D = internal(
    "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will "
    "throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
    "`x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor.",
    "aten/src/ATen/native/TensorShape.cpp:4314",
)


def _reversed_dims(self):
    """Mirror ``Tensor.T``: the dims reversed (a permute); torch warns once when the tensor is not 2-D."""
    if self.ndim != 2:
        warn_once(_T_OF_0D if self.ndim == 0 else _T_NOT_2D)
    return permute(self, tuple(range(self.ndim - 1, -1, -1)))  # a 0-d tensor too: a view, PermuteBackward0


Tensor.T = property(_reversed_dims)


def _matrix_transpose(name, on_0d):
    """``Tensor.mT`` (``mH``, the conjugate transpose, is it for real tensors): the last two dims swapped, with torch's
    error for one dim; a 0-d tensor is returned itself, with torch's deprecation warning ``on_0d``, once a process."""

    def transposed(self):
        if self.ndim == 1:
            raise RuntimeError(f"tensor.{name} is only supported on matrices or batches of matrices. Got 1-D tensor.")
        if self.ndim == 0:
            warn_once(on_0d, stacklevel=user_stacklevel())
            return self
        return transpose(self, -2, -1)

    return property(transposed, doc=transposed.__doc__)


Tensor.mT = _matrix_transpose("mT", internal("Tensor.mT is deprecated on 0-D tensors. This function is the identity in "
                                             "these cases.", "aten/src/ATen/native/TensorShape.cpp:4373"))
Tensor.mH = _matrix_transpose("mH", internal("Tensor.mH is deprecated on 0-D tensors. Consider using x.conj().",
                                             "aten/src/ATen/native/TensorShape.cpp:4382"))


@public()
def compile(model=None, *, fullgraph=False, dynamic=None, backend=None, mode=None, options=None, name=None,  # noqa: A001
            disable=False, recompile_limit=None, isolate_recompiles=False, shapes_spec=None):  # fmt: skip
    """Mirror ``torch.compile``: minigrad has no compiler, so the model runs eagerly, unchanged: a function is
    returned as it is, a Module wrapped in an ``OptimizedModule`` (``_orig_mod``), as torch's; without a model, a
    decorator; torch's checks of the arguments."""
    if model is None:

        def decorate(model):
            if model is None:
                raise RuntimeError("Model can't be None")
            return compile(model, fullgraph=fullgraph, dynamic=dynamic, backend=backend, mode=mode, options=options)

        return decorate
    if mode is not None and options is not None:
        raise RuntimeError("Either mode or options can be specified, but both can't be specified at the same time.")
    from .nn.module import Module, OptimizedModule

    if isinstance(model, Module):
        return OptimizedModule(model)
    if not callable(model):
        raise AssertionError(f"A callable function is expected, but {type(model)} is provided.")
    return model
