"""Functions a student reaches for beside the arithmetic: dtype questions (``is_floating_point``, ``result_type``,
``can_cast``, ``is_inference``), the nan and infinity tests (``isnan``, ``isinf``, ``isfinite``, ``isposinf``,
``isneginf``) and ``nan_to_num``, the triangles ``tril``/``triu`` and ``nonzero``. Each is registered with
``@public`` as its Tensor methods and exported as ``minigrad.<name>`` by this module's ``__all__``
(``torch.where(condition)``, the one-argument form, is :func:`minigrad.functional.where`'s, and calls
:func:`nonzero`)."""

import numpy as np

from . import dtypes
from .arguments import NUMBERS, invalid_arguments, must_be_tensor
from .dtypes import can_cast
from .ops import selection as SL
from .ops._util import wrap
from .public import public
from .tensor import Tensor

__all__ = [
    "can_cast", "is_floating_point", "is_inference", "isfinite", "isinf", "isnan", "isneginf", "isposinf",
    "nan_to_num", "nonzero", "result_type", "tril", "triu", "count_nonzero",
]


def _tensor(function, value, name="input"):
    """``value``, the first argument ``name`` of ``function``, or torch's TypeError if it is not a tensor."""
    if not isinstance(value, Tensor):
        raise must_be_tensor(function, name, 1, value)
    return value


# -- dtypes --------------------------------------------------------------------------------------------------
@public(function=False)
def is_floating_point(input):
    """Mirror ``torch.is_floating_point``: whether ``input``'s dtype is a floating-point one (``Tensor``'s
    method is :meth:`minigrad.tensor.Tensor.is_floating_point`)."""
    return _tensor("is_floating_point", input).dtype.is_floating_point


@public(function=False)
def is_inference(input):
    """Mirror ``torch.is_inference``: whether ``input`` is an inference tensor (``Tensor``'s method is
    :meth:`minigrad.tensor.Tensor.is_inference`)."""
    return _tensor("is_inference", input).is_inference()


_RESULT_TYPE = (
    "Tensor tensor, Tensor other", "Number scalar, Tensor tensor", "Tensor tensor, Number other",
    "Number scalar1, Number scalar2",
)
_MISSING = object()


@public(function=False)
def result_type(tensor=_MISSING, other=_MISSING):
    """Mirror ``torch.result_type(tensor, other)``: the dtype an arithmetic op of the two (tensors or numbers)
    gives, by the promotion rules of :func:`minigrad.dtypes.result_type`."""
    args = tuple(a for a in (tensor, other) if a is not _MISSING)
    if len(args) != 2 or not all(isinstance(a, (Tensor, *NUMBERS)) for a in args):
        raise invalid_arguments("result_type", args, _RESULT_TYPE)
    tensors = [a for a in args if isinstance(a, Tensor)]
    return dtypes.result_type(tensors, [a for a in args if not isinstance(a, Tensor)])


# -- nan and infinities ----------------------------------------------------------------------------------------
def _test(name, fn, otherwise):
    def test(input):
        x = _tensor(name, input)._data
        return wrap(fn(x) if x.dtype.kind == "f" else np.full(x.shape, otherwise))

    test.__name__ = test.__qualname__ = name
    test.__doc__ = (f"Mirror ``torch.{name}``: a bool tensor, elementwise (never differentiable); integer and bool "
                    f"tensors are all {otherwise}.")  # fmt: skip
    return public(name, function=False)(test)


isnan = _test("isnan", np.isnan, False)
isinf = _test("isinf", np.isinf, False)
isfinite = _test("isfinite", np.isfinite, True)
isposinf = _test("isposinf", np.isposinf, False)
isneginf = _test("isneginf", np.isneginf, False)


@public("nan_to_num", inplace="nan_to_num_", function=False)
def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    """Mirror ``torch.nan_to_num``: ``nan`` in place of nan, ``posinf`` and ``neginf`` (the dtype's largest and
    smallest finite values if None) in place of the infinities (NanToNumBackward0: the gradient passes where the
    input was finite)."""
    return SL.NanToNum.apply(_tensor("nan_to_num", input), nan=nan, posinf=posinf, neginf=neginf)


# -- triangles -------------------------------------------------------------------------------------------------
@public("tril", inplace="tril_", function=False)
def tril(input, diagonal=0):
    """Mirror ``torch.tril``: zeros above the ``diagonal``-th diagonal of the last two dims (TrilBackward0)."""
    return SL.Tril.apply(_tensor("tril", input), diagonal=diagonal)


@public("triu", inplace="triu_", function=False)
def triu(input, diagonal=0):
    """Mirror ``torch.triu``: zeros below the ``diagonal``-th diagonal of the last two dims (TriuBackward0)."""
    return SL.Triu.apply(_tensor("triu", input), diagonal=diagonal)


# -- indices ---------------------------------------------------------------------------------------------------
@public("count_nonzero", function=False)
def count_nonzero(input, dim=None):
    """Mirror ``torch.count_nonzero``: how many elements are not zero, in all of ``input`` or along ``dim`` (an int or
    a tuple of them), as an int64 tensor (never differentiable)."""
    x = _tensor("count_nonzero", input)._data
    if dim is None:
        return wrap(np.asarray(np.count_nonzero(x), dtype=np.int64))
    dims = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    wrapped = [input._wrap_dim(d) for d in dims]
    for d in wrapped:
        if wrapped.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return wrap(np.asarray(np.count_nonzero(x, axis=tuple(wrapped)), dtype=np.int64))


@public("nonzero", function=False)
def nonzero(input, *, as_tuple=False):
    """Mirror ``torch.nonzero``: the indices of the nonzero elements, one row each (int64, ``[n, ndim]``); with
    ``as_tuple=True`` one 1-D tensor per dim (a 0-d input counts as 1-D), as ``torch.where(condition)`` gives."""
    x = _tensor("nonzero", input)._data
    if as_tuple:
        return tuple(wrap(np.ascontiguousarray(i, dtype=np.int64)) for i in np.nonzero(np.atleast_1d(x)))
    return wrap(np.argwhere(x).astype(np.int64))
