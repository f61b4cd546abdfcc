"""Functions a student reaches for beside the arithmetic: dtype questions (``is_floating_point``, ``result_type``,
``can_cast``, ``is_inference``), the nan and infinity tests (``isnan``, ``isinf``, ``isfinite``, ``isposinf``,
``isneginf``) and ``nan_to_num``, the triangles ``tril``/``triu``, and the counting ones: ``nonzero``,
``count_nonzero``, ``bincount`` and ``unique``. Each is registered with
``@public`` as its Tensor methods and exported as ``minigrad.<name>`` by this module's ``__all__``
(``torch.where(condition)``, the one-argument form, is :func:`minigrad.functional.where`'s, and calls
:func:`nonzero`)."""

import numpy as np

from . import dtypes
from .arguments import NUMBERS, check_types, invalid_arguments, is_int, must_be_tensor
from .dtypes import can_cast
from .ops import selection as SL
from .ops._util import not_implemented, wrap
from .ops.not_implemented import record_no_derivative, record_not_implemented
from .public import public
from .tensor import Tensor

__all__ = [
    "can_cast", "is_floating_point", "is_inference", "isfinite", "isinf", "isnan", "isneginf", "isposinf",
    "nan_to_num", "nonzero", "result_type", "tril", "triu", "count_nonzero", "bincount", "unique",
]


def _tensor(function, value, name="input"):
    """``value``, the first argument ``name`` of ``function``, or torch's TypeError if it is not a tensor."""
    if not isinstance(value, Tensor):
        raise must_be_tensor(function, name, 1, value)
    return value


# -- dtypes --------------------------------------------------------------------------------------------------
@public(function=False, parse=True)
def is_floating_point(input):
    """Mirror ``torch.is_floating_point``: whether ``input``'s dtype is a floating-point one (``Tensor``'s
    method is :meth:`minigrad.tensor.Tensor.is_floating_point`)."""
    return _tensor("is_floating_point", input).dtype.is_floating_point


@public(function=False, parse=True)
def is_inference(input):
    """Mirror ``torch.is_inference``: whether ``input`` is an inference tensor (``Tensor``'s method is
    :meth:`minigrad.tensor.Tensor.is_inference`)."""
    return _tensor("is_inference", input).is_inference()


_RESULT_TYPE = (
    "Tensor tensor, Tensor other", "Number scalar, Tensor tensor", "Tensor tensor, Number other",
    "Number scalar1, Number scalar2",
)
_MISSING = object()


@public(function=False, parse=True)
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


@public("nan_to_num", inplace="nan_to_num_", function=False, parse=True)
def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    """Mirror ``torch.nan_to_num``: ``nan`` in place of nan, ``posinf`` and ``neginf`` (the dtype's largest and
    smallest finite values if None) in place of the infinities (NanToNumBackward0: the gradient passes where the
    input was finite)."""
    return SL.NanToNum.apply(_tensor("nan_to_num", input), nan=nan, posinf=posinf, neginf=neginf)


# -- triangles -------------------------------------------------------------------------------------------------
@public("tril", inplace="tril_", function=False, parse=True)
def tril(input, diagonal=0):
    """Mirror ``torch.tril``: zeros above the ``diagonal``-th diagonal of the last two dims (TrilBackward0)."""
    if not is_int(diagonal):
        raise must_be_tensor("tril", "diagonal", 1, diagonal, kind="int")  # x.tril(k), the usual call
    return SL.Tril.apply(_tensor("tril", input), diagonal=diagonal)


@public("triu", inplace="triu_", function=False, parse=True)
def triu(input, diagonal=0):
    """Mirror ``torch.triu``: zeros below the ``diagonal``-th diagonal of the last two dims (TriuBackward0)."""
    if not is_int(diagonal):
        raise must_be_tensor("triu", "diagonal", 1, diagonal, kind="int")  # x.triu(k), the usual call
    return SL.Triu.apply(_tensor("triu", input), diagonal=diagonal)


# -- indices ---------------------------------------------------------------------------------------------------
@public("count_nonzero", function=False, parse=True)
def count_nonzero(input, dim=None):
    """Mirror ``torch.count_nonzero``: how many elements are not zero, in all of ``input`` or along ``dim`` (an int or
    a tuple of them), as an int64 tensor (never differentiable)."""
    x = _tensor("count_nonzero", input)._data
    if dim is None or isinstance(dim, (tuple, list)) and not dim:  # no dims: all of them, as torch's reductions
        return wrap(np.asarray(np.count_nonzero(x), dtype=np.int64))
    dims = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    wrapped = [input._wrap_dim(d) for d in dims]
    for d in wrapped:
        if wrapped.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    if not x.ndim:  # a 0-d tensor's dim 0 (or -1) is itself
        return wrap(np.asarray(np.count_nonzero(x), dtype=np.int64))
    return wrap(np.asarray(np.count_nonzero(x, axis=tuple(wrapped)), dtype=np.int64))


@public("bincount", function=False, parse=True)
def bincount(input, weights=None, minlength=0):
    """Mirror ``torch.bincount``: how many times each value 0, 1, ... occurs in a 1-D tensor of non-negative integers
    (int64), or the sum of ``weights`` at each (float64 for integer weights), at least ``minlength`` long; never
    differentiable (torch's NotImplemented node when ``weights`` requires grad)."""
    x = _tensor("bincount", input)._data
    if x.dtype.kind not in "iu":
        raise not_implemented("bincount_cpu", input.dtype)
    if x.ndim != 1 or (x.size and x.min() < 0):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if weights is None:
        return wrap(np.bincount(x, minlength=minlength).astype(np.int64))
    if weights.ndim != 1 or weights.shape[0] != x.shape[0]:
        raise RuntimeError("weights should be 1-d and have the same length as input")
    w = weights._data
    dtype = w.dtype if w.dtype.kind == "f" else np.float64
    out = wrap(np.bincount(x, weights=w.astype(np.float64), minlength=minlength).astype(dtype))
    return record_not_implemented(out, (weights,), "aten::bincount")


@public("unique", function=False)
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002 - torch's name
    """Mirror ``torch.unique``: the distinct values, sorted (as torch's CPU kernel gives them whatever ``sorted``
    says; NaNs stay apart), or the distinct slices along ``dim``; with ``return_inverse``, where each element came
    from, and with ``return_counts`` how often each occurs. torch has no derivative for it: the values of a tensor
    that requires grad get a Unique2Backward0 (UniqueDimBackward0) node whose backward raises."""
    x = _tensor("unique", input)._data
    flags = [("sorted", None, sorted, "bool"), ("return_inverse", None, return_inverse, "bool"),
             ("return_counts", None, return_counts, "bool")]
    # torch's Python function calls torch._unique2(input, sorted=...), or unique_dim(input, dim, sorted=...)
    check_types("_unique2", *flags) if dim is None else check_types("unique_dim", ("dim", 2, dim, "int"), *flags)
    if dim is None:
        values, inverse, counts = np.unique(x.reshape(-1), return_inverse=True, return_counts=True, equal_nan=False)
        inverse = inverse.reshape(x.shape)
        node, function = "Unique2Backward0", "_unique2"
    else:
        d = input._wrap_dim(dim)
        values, inverse, counts = np.unique(x, return_inverse=True, return_counts=True, axis=d)
        inverse = inverse.reshape(-1)
        node, function = "UniqueDimBackward0", "unique_dim"
    out = record_no_derivative(wrap(np.ascontiguousarray(values)), (input,), node, function)
    extra = ([wrap(inverse.astype(np.int64))] if return_inverse else []) + (
        [wrap(counts.astype(np.int64))] if return_counts else []
    )
    return (out, *extra) if extra else out


@public("nonzero", function=False, parse=True)
def nonzero(input, *, as_tuple=False):
    """Mirror ``torch.nonzero``: the indices of the nonzero elements, one row each (int64, ``[n, ndim]``); with
    ``as_tuple=True`` one 1-D tensor per dim (a 0-d input counts as 1-D), as ``torch.where(condition)`` gives."""
    x = _tensor("nonzero", input)._data
    if as_tuple:
        return tuple(wrap(np.ascontiguousarray(i, dtype=np.int64)) for i in np.nonzero(np.atleast_1d(x)))
    return wrap(np.argwhere(x).astype(np.int64))
