"""Elementwise and reordering functions of the beginner material: ``log10``, ``round``, ``//``,
``masked_fill``, ``scatter``, ``flip``, ``narrow`` and ``softmax``/``log_softmax`` (as ``torch.softmax``
and Tensor methods; ``F.softmax`` is in :mod:`minigrad.nn.activation`): each is registered with ``@public`` as
its Tensor methods and exported as ``minigrad.<name>`` by this module's ``__all__``."""

import numpy as np

from . import dtypes
from .autograd import grad_mode
from .ops import elementwise as E
from .ops import indexing as X
from .ops import scatter as SC
from .ops import shape as S
from .ops import softmax as SM
from .ops._util import as_tensor_operand, check_broadcast, data, wrap
from .ops.not_implemented import record_not_implemented
from .public import REQUIRED, public, require_dim
from .tensor import Tensor

__all__ = [
    "flip", "floor", "floor_divide", "log10", "log_softmax", "masked_fill", "narrow", "remainder", "round", "scatter",
    "softmax",
]


@public("log10", inplace="log10_", function=False)
def log10(input):
    """Mirror ``torch.log10``."""
    return E.Log10.apply(input)


@public("round", inplace="round_", function=False)
def round(input, *, decimals=0):  # noqa: A001 - torch.round
    """Mirror ``torch.round``: to the nearest integer, halves to even (RoundBackward0), or to ``decimals``
    decimal places (RoundBackward1); the gradient is zero."""
    if decimals:
        return E.RoundDecimals.apply(input, decimals=decimals)
    return E.Round.apply(input)


@public("floor_divide", "__floordiv__", inplace="floor_divide_", function=False)
def floor_divide(input, other):
    """Mirror ``torch.floor_divide`` and ``//``: the quotient rounded down. torch has no derivative for it:
    the result of a tensor that requires grad has a NotImplemented node, and backward through it raises."""
    a = as_tensor_operand(input, other if isinstance(other, Tensor) else None)
    if a.dtype is dtypes.bool_ or getattr(other, "dtype", None) is dtypes.bool_:
        raise NotImplementedError("\"div_floor_cpu\" not implemented for 'Bool'")
    if isinstance(other, Tensor):
        check_broadcast(a, other)
        want = dtypes.result_type((a, other))
    else:
        want = dtypes.result_type((a,), (other,))
    x, y = a._data.astype(want.np, copy=False), np.asarray(data(other)).astype(want.np)
    if want.category < 2 and np.any(y == 0):
        raise RuntimeError("ZeroDivisionError")
    with np.errstate(divide="ignore", invalid="ignore"):
        out = wrap(np.asarray(np.floor_divide(x, y)))
    return record_not_implemented(out, (a, other) if isinstance(other, Tensor) else (a,), "aten::floor_divide")


@public("__rfloordiv__", function=False)
def _rfloordiv_operator(self, other):
    """``number // tensor``."""
    return floor_divide(other, self)


Tensor.__ifloordiv__ = Tensor.floor_divide_
# torch's aliases of in-place methods
Tensor.clip_, Tensor.negative_ = Tensor.clamp_, Tensor.neg_
Tensor.subtract_, Tensor.multiply_, Tensor.divide_, Tensor.true_divide_ = (
    Tensor.sub_, Tensor.mul_, Tensor.div_, Tensor.div_
)


@public("floor", inplace="floor_", function=False)
def floor(input):
    """Mirror ``torch.floor``: rounded down (FloorBackward0; the gradient is zero)."""
    return E.Floor.apply(input)


@public("remainder", "__mod__", inplace="remainder_", function=False)
def remainder(input, other):
    """Mirror ``torch.remainder`` and ``%``: the remainder with the divisor's sign, as Python's ``%``
    (RemainderBackward0 for a number, RemainderBackward1 for a tensor)."""
    if not isinstance(input, Tensor):  # number % tensor: torch has no derivative for it
        a = as_tensor_operand(input, other)
        with grad_mode.no_grad():
            out = E.RemainderTensor.apply(a, other)
        return record_not_implemented(out, (other,), "aten::remainder")
    if isinstance(other, Tensor):
        check_broadcast(input, other)
        return E.RemainderTensor.apply(input, other)
    return E.Remainder.apply(input, other=other)


@public("__rmod__", function=False)
def _rmod_operator(self, other):
    """``number % tensor``."""
    return remainder(other, self)


Tensor.__imod__ = Tensor.remainder_


@public("masked_fill", inplace="masked_fill_", function=False)
def masked_fill(input, mask, value):
    """Mirror ``torch.masked_fill``: ``value`` (a number) where the bool ``mask`` is True (MaskedFillBackward0)."""
    if isinstance(value, Tensor):
        if value.ndim or value._requires_grad:
            raise NotImplementedError("minigrad's masked_fill takes a number as the value")
        value = value.item()
    return E.MaskedFill.apply(input, mask=mask, value=value)


@public("scatter", inplace="scatter_", function=False)
def scatter(input, dim, index, src=None, *, value=None):
    """Mirror ``torch.scatter(input, dim, index, value)``: ``value`` written at ``index`` along ``dim``
    (ScatterBackward1), as the transforms tutorial makes one-hot targets."""
    if value is None:
        value = src
    if isinstance(value, Tensor):
        raise NotImplementedError("minigrad's scatter writes a number (value=...), not a tensor of values")
    if value is None:
        raise TypeError("scatter() missing 1 required positional arguments: \"value\"")
    return SC.ScatterValue.apply(input, dim=dim, index=index, value=value)


@public("flip", function=False)
def flip(input, *dims, **kwargs):
    """Mirror ``torch.flip(input, dims)`` and ``Tensor.flip(*dims)``: the elements in reverse order along
    each of ``dims`` (a copy; FlipBackward0)."""
    if "dims" in kwargs:
        dims = (kwargs.pop("dims"),)
    if kwargs:
        raise TypeError(f"flip() got an unexpected keyword argument '{next(iter(kwargs))}'")
    require_dim("flip", dims[0] if dims else REQUIRED, "dims")
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = tuple(dims[0])
    return S.Flip.apply(input, dims=dims)


@public("narrow", function=False)
def narrow(input, dim, start, length):
    """Mirror ``torch.narrow``: the view ``input[..., start:start + length]`` along ``dim`` (SliceBackward0)."""
    if input.ndim == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    d = input._wrap_dim(dim)
    size = input.shape[d]
    start = int(start)
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but got {start})")
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    start %= size if size else 1
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return X.Slice.apply(input, dim=d, start=start, end=start + length, step=1)


@public("softmax", function=False)
def softmax(input, dim=REQUIRED, dtype=None):
    """Mirror ``torch.softmax`` and ``Tensor.softmax(dim)``: ``exp(x) / sum(exp(x))`` along ``dim``
    (SoftmaxBackward0); ``dtype`` converts the input first."""
    require_dim("softmax", dim)
    return SM.Softmax.apply(input if dtype is None else input.to(dtype), dim=dim)


@public("log_softmax", function=False)
def log_softmax(input, dim=REQUIRED, dtype=None):
    """Mirror ``torch.log_softmax`` and ``Tensor.log_softmax(dim)``: ``x - log(sum(exp(x)))`` along ``dim``
    (LogSoftmaxBackward0)."""
    require_dim("log_softmax", dim)
    return SM.LogSoftmax.apply(input if dtype is None else input.to(dtype), dim=dim)
