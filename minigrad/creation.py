"""Making tensors: ``tensor``, ``zeros``, ``ones``, ``randn`` and friends, as in ``torch``.

Random numbers come from minigrad's generators (:mod:`minigrad.random`), drawn as torch's CPU kernels draw them
(:mod:`minigrad.sampling`): after the same ``manual_seed`` they are torch's numbers. ``device=`` accepts the CPU, the
only device.
"""

import functools
import itertools
import math
import operator
import warnings

import numpy as np

from . import dtypes, sampling
from .arguments import (
    NUMBERS,
    call_error,
    dtype_argument,
    failed_to_unpack,
    found_element,
    invalid_arguments,
    is_int,
    must_be_tensor,
    no_sizes,
    number_argument,
    parsed_number,
    plausible,
    sizes_argument,
    sizes_or_keyword,
    word,
)  # fmt: skip
from .autograd import grad_mode
from .device import check_device
from .input_checks import recorded_overloads
from .keywords import take_options
from .layouts import lay_out
from .ops._util import scalar_as
from .public import PARSED, REQUIRED, public, require_dim
from .random import generator_or_default
from .size import shape_text
from .tensor import FACTORY_INT_GRAD_ERROR, TO_SCALAR_WARNING, Tensor
from .torch_api import no_complex
from .torch_warnings import internal, user_stacklevel, warn_once


def _finish(arr, dtype, requires_grad):
    if dtype is not None:
        with np.errstate(over="ignore", invalid="ignore"):  # torch casts out-of-range values silently
            arr = arr.astype(dtype.np, copy=False)
    t = Tensor._wrap(arr)
    if requires_grad:
        if not t.dtype.is_floating_point:
            raise RuntimeError(FACTORY_INT_GRAD_ERROR)
        t.requires_grad_(True)
    return t


def _infer(data, dtype=None, scanned=None):
    """numpy array for ``data`` with torch's dtype inference (Python floats give float32), or straight in
    ``dtype`` if given (so that 1e300 fits a float64 tensor). ``scanned``: what :func:`_scan` found in a list."""
    if isinstance(data, np.ndarray):
        check_strides(data)
        return data.copy() if data.dtype in dtypes._BY_NP else data.astype(dtypes.from_numpy_dtype(data.dtype).np)
    if scanned is None and data.__class__ in _LISTS:
        scanned = _scan(data)
    if scanned is not None and scanned[1]:
        _check_arrays(data)
    try:
        arr = np.array(data)
    except ValueError:
        _check_rectangular(data)
        if scanned is not None and scanned[1]:  # a numpy array where a number goes
            _check_stored(data, dtype or _leaves_dtype(data, scanned))
        raise
    if arr.dtype == object and not all(isinstance(x, (bool, int, float, np.number, np.bool_)) for x in _leaves(data)):
        _refuse_leaves(data, dtype)  # a None or an object among numbers
    if arr.dtype == np.uint64 or (arr.dtype == object and isinstance(_first_leaf(data), (int, float))):
        arr = _big_ints(data, dtype)  # an int beyond int64 (numpy made it uint64 or a Python object)
    if arr.dtype.kind in "USO":
        _refuse_leaves(data, dtype)
    if dtype is not None and dtype.category < 2 and arr.dtype.kind in "fbO":
        _refuse_numpy_non_integers(data, dtype)
    if dtype is not None and dtype.category == 1:
        _check_fits(arr, dtype)
    if arr.dtype.kind not in "fiub":
        raise TypeError(no_complex("a tensor cannot hold complex numbers") if arr.dtype.kind == "c" else
                        f"Could not infer dtype of {arr.dtype}")  # fmt: skip
    if dtype is None and arr.dtype not in (_INT64, _BOOL):  # numpy's guess may not be torch's: read the numbers
        dtype = _leaves_dtype(data, scanned)
    if scanned is not None and (scanned[1] or np.bool_ in scanned[0]):  # numpy arrays or bools among the numbers
        _check_stored(data, dtype or (dtypes.int64 if arr.dtype.kind in "iu" else dtypes.bool_))
    if arr.dtype.kind == "f" or (dtype is not None and dtype.category == 2):
        with np.errstate(over="ignore"):  # torch casts out-of-range values (70000 to float16) to inf silently
            return arr.astype((dtype or dtypes.get_default_dtype()).np)
    return arr.astype(dtype.np if dtype is not None else np.int64 if arr.dtype.kind in "iu" else arr.dtype)


_INT64, _BOOL = np.dtype(np.int64), np.dtype(np.bool_)
_PYTHON_NUMBERS = {bool: dtypes.bool_, int: dtypes.int64}
_PYTHON_TYPES = {bool, int, float}
_NESTED = {list, tuple, np.ndarray}  # items that are not numbers
_LISTS = {list, tuple}
_LIST_OF_ARRAYS = internal(
    "Creating a tensor from a list of numpy.ndarrays is extremely slow. Please consider converting the list to a "
    "single numpy.ndarray with numpy.array() before converting to a tensor.",
    "torch/csrc/utils/tensor_new.cpp:252",
)


def _scan(data):
    """What the nested lists ``data`` hold, found one nesting level at a time (a level of numbers costs one set of
    their types): the types of the numbers, and the numpy arrays among the items."""
    types, arrays, level = set(), [], [data]
    while level:
        kinds = set(map(type, itertools.chain.from_iterable(level)))
        if not kinds & _NESTED:
            return types | kinds, arrays
        if kinds <= _LISTS:  # only lists: go one level down
            level = list(itertools.chain.from_iterable(level))
            continue
        deeper = []
        for seq in level:
            for item in seq:
                kind = type(item)
                if kind is list or kind is tuple:
                    deeper.append(item)
                elif kind is np.ndarray:
                    arrays.append(item)
                else:
                    types.add(kind)
        level = deeper
    return types, arrays


def _leaves_dtype(data, scanned=None):
    """torch's dtype for ``data``: a numpy number keeps its dtype; in a nested list each Python number is read as
    torch reads it (a float in the default dtype), each numpy number (or one-element tensor) and each array in its own
    dtype, all promoted together (``[np.float64(1.), 2.]`` is float64, ``[np.int32(1), 2]`` int64)."""
    if isinstance(data, np.generic):
        return dtypes.from_numpy_dtype(data.dtype)
    types, arrays = scanned or _scan(data if isinstance(data, (list, tuple)) else [data])
    result = None
    for kind in types | {a.dtype for a in arrays}:
        d = _PYTHON_NUMBERS.get(kind) or (dtypes.get_default_dtype() if kind is float else
                                          dtypes.from_numpy_dtype(kind))  # fmt: skip
        result = d if result is None else dtypes.promote_types(result, d)
    return result


def _check_arrays(data):
    """torch's warning for numpy arrays inside a list (slow), and its error for a 0-d one where it looks for the
    sizes, along the first items (it has no length); elsewhere a 0-d array is read as a number."""
    first = _first_leaf(data)
    if first.__class__ is np.ndarray and first.ndim == 0:
        raise TypeError("len() of unsized object")
    warn_once(_LIST_OF_ARRAYS, stacklevel=user_stacklevel())


def _check_stored(data, dtype):
    """torch's errors for what it cannot store as a number of ``dtype``, read as it reads each one: a numpy array
    where a number goes (``float()`` of it for a floating dtype, else ``operator.index()``: numpy's TypeError for
    more than one element, or for a bool or float array read as an integer), a numpy bool read as an integer."""
    depth, first = 0, data
    while isinstance(first, (list, tuple)) and first:
        depth, first = depth + 1, first[0]
    if first.__class__ is np.ndarray:  # a list of arrays: numpy reads each array's elements
        return
    read = float if dtype.is_floating_point else operator.index

    def walk(seq, d):
        for item in seq:
            kind = item.__class__
            if kind is list or kind is tuple:
                walk(item, d + 1)
            elif kind is np.ndarray and d + 1 == depth:
                read(item)
            elif kind is np.bool_ and dtype.category == 1:
                operator.index(item)

    walk(data, 0)


def _leaves(data):
    if isinstance(data, (list, tuple)):
        for item in data:
            yield from _leaves(item)
    else:
        yield data


def _refuse_leaves(data, dtype=None):
    """torch's error for numbers that are not numbers: a string where the first number would be reads as one
    more dimension; any other string is an invalid type; anything else has no dtype to infer or, with a
    ``dtype`` given, is no number of that kind (``None`` as an int64)."""
    first = _first_leaf(data)
    if isinstance(first, (str, bytes)) and first is not data:
        raise ValueError(f"too many dimensions '{type(first).__name__}'")
    for leaf in _leaves(data):
        if isinstance(leaf, (str, bytes)):
            raise TypeError(f"new(): invalid data type '{type(leaf).__name__}'")
        if not isinstance(leaf, (bool, int, float, np.number, np.bool_)):
            name = type(leaf).__name__
            if dtype is not None:
                raise TypeError(f"must be real number, not {name}" if dtype.is_floating_point else
                                f"'{name}' object cannot be interpreted as an integer")  # fmt: skip
            raise RuntimeError(f"Could not infer dtype of {name}")
    raise TypeError(f"new(): invalid data type '{type(first).__name__}'")


def _refuse_numpy_non_integers(data, dtype):
    """Python's TypeError for a numpy number without ``__index__`` (a float, or a bool for an integer dtype) given to
    an integer or bool ``dtype``: torch reads each such number as an integer (a Python float, which np.float64 is,
    it truncates)."""
    for leaf in _leaves(data):
        if isinstance(leaf, np.generic) and not isinstance(leaf, (np.integer, float)) \
                and not (dtype is dtypes.bool_ and isinstance(leaf, np.bool_)):
            operator.index(leaf)


def _big_ints(data, dtype):
    """Numbers with an int beyond int64's range: floats if ``dtype`` is floating (or, not given, if a number is
    a float), else torch's error."""
    if dtype is not None and dtype.category == 0:
        return np.array(data, dtype=object) != 0
    flat = np.array(data, dtype=object).ravel()
    if dtype.is_floating_point if dtype is not None else any(isinstance(x, float) for x in flat):
        return np.array(data, dtype=np.float64)
    if any(isinstance(x, (int, float)) and not isinstance(x, bool) for x in flat):
        raise ValueError("Overflow when unpacking long long")
    if dtype is None and any(isinstance(x, np.uint64) for x in flat):  # torch has no reading of it as a Python int
        raise TypeError("an integer is required")
    return np.array(data, dtype=object)


def _check_fits(arr, dtype):
    """torch's check of Python numbers given to an integer dtype: a float must lie within the type's range
    (at least 0 for an unsigned type), an int within it too, except that a negative int may wrap around into
    an unsigned type (-1 is 255 for uint8)."""
    info = np.iinfo(dtype.np)
    if arr.dtype.kind == "f":
        low = 0 if info.min == 0 else info.min
        bad = ~((arr >= low) & (arr <= info.max))  # nan and inf too
    else:
        low = -info.max if info.min == 0 else info.min
        bad = (arr < low) | (arr > info.max)
    if np.any(bad):
        raise RuntimeError(f"value cannot be converted to type {dtype.np.name} without overflow")


def _check_rectangular(data):
    """torch's errors for ragged nested lists: every sequence at a depth must have the first one's length."""
    shape = []
    d = data
    while isinstance(d, (list, tuple)):
        shape.append(len(d))
        if not d:
            break
        d = d[0]

    def walk(seq, dim):
        if dim == len(shape):
            if isinstance(seq, (list, tuple)):
                raise TypeError(f"must be real number, not {type(seq).__name__}")
            return
        if not isinstance(seq, (list, tuple)):
            raise TypeError("not a sequence")
        if len(seq) != shape[dim]:
            raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} (got {len(seq)})")
        for s in seq:
            walk(s, dim + 1)

    walk(data, 0)


def _first_leaf(data):
    while isinstance(data, (list, tuple)) and data:
        data = data[0]
    return data


def _unwrap_tensors(data, nested=False, index=False):
    """``data`` with the tensors inside lists read as numbers (``index``: as integers, for an integer or bool
    result, which torch reads through ``__index__``: a floating tensor is refused)."""
    if isinstance(data, Tensor):
        if nested and index and (data.dtype.is_floating_point or data._data.size != 1):
            raise TypeError("only integer tensors of a single element can be converted to an index")
        if nested and data._requires_grad:
            warn_once(TO_SCALAR_WARNING, stacklevel=user_stacklevel())
        if nested and data._data.size != 1:  # torch reads tensors inside lists as numbers
            raise ValueError("only one element tensors can be converted to Python scalars")
        if not nested:
            return data._data
        number = data._data.reshape(())[()]  # a numpy number, of the tensor's dtype
        return bool(number) if number.__class__ is np.bool_ else number  # torch reads it as an integer too
    if isinstance(data, (list, tuple)):
        return [_unwrap_tensors(d, True, index) for d in data]
    return data


def _copied(data, how, dtype=None, target=None):
    """``data`` as a new numpy array (floats straight in ``dtype`` if given); copying a tensor warns as torch
    does (``how`` names the call). ``target`` is the result's dtype if it is not ``dtype`` (``new_tensor``'s)."""
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            f"sourceTensor.detach().clone().requires_grad_(True), rather than {how}(sourceTensor).",
            UserWarning,
            stacklevel=user_stacklevel(),
        )
        return data._data.copy()
    target = target or dtype
    if data.__class__ not in _LISTS:
        return _infer(data, dtype)
    scanned = _scan(data)
    if not scanned[0] <= _PYTHON_TYPES and any(issubclass(kind, Tensor) for kind in scanned[0]):
        # tensors inside the lists are read as numbers
        data = _unwrap_tensors(data, index=target is not None and not target.is_floating_point)
        scanned = _scan(data)
    return _infer(data, dtype, scanned)


def tensor(data=REQUIRED, *extra, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.tensor``: copy ``data`` (numbers, nested lists, numpy arrays) into a new leaf."""
    require_dim("tensor", data, "data")
    if extra:  # torch.tensor(3, 4): sizes are not what it takes
        raise TypeError(f"tensor() takes 1 positional argument but {1 + len(extra)} were given")
    check_device(device)
    if not isinstance(requires_grad, bool):
        raise must_be_tensor("tensor", "requires_grad", None, requires_grad, kind="bool")
    dtype = dtype_argument("tensor", dtype)
    return _finish(_copied(data, "torch.tensor", dtype), dtype, requires_grad)


def as_tensor(data, dtype=None):
    """Mirror ``torch.as_tensor``: like ``tensor`` but shares memory with a numpy array (as ``from_numpy``) or a
    tensor of the dtype asked for; one of another dtype is converted (a tensor's by ``data.to(dtype)``,
    differentiable), without ``tensor``'s copy warning."""
    if isinstance(data, Tensor):
        return data if dtype in (None, data.dtype) else data.to(dtype)
    if _aliases(data, dtype):
        return from_numpy(data)
    if isinstance(data, np.ndarray):  # torch makes the tensor on the array first, then converts it
        check_strides(data)
        warn_if_not_writable(data)
    return tensor(data, dtype=dtype)


_ASARRAY_REQUIRES_GRAD = internal(
    "torch.asarray: unspecified requires_grad now defaults to obj.requires_grad instead of False. Pass "
    "requires_grad=False explicitly to get the old behavior and silence this warning.",
    "torch/csrc/utils/tensor_new.cpp:1737",
)


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=None):
    """Mirror ``torch.asarray``: ``obj`` (a tensor, a numpy array, numbers or nested lists) as a tensor. A tensor
    is returned itself (converted by ``.to(dtype)``, or cloned if ``copy=True``, both recorded), a numpy array
    shared (as ``from_numpy``) unless it must be converted or ``copy=True``; ``copy=False`` refuses a copy with
    torch's ValueError. A ``requires_grad`` given is set on the result, the tensor given included; left out, a
    tensor keeps its own, with torch's warning that this default changed."""
    check_device(device)
    dtype = dtype_argument("asarray", dtype)
    if isinstance(obj, (Tensor, np.ndarray)):
        have = obj.dtype if isinstance(obj, Tensor) else dtypes.from_numpy_dtype(obj.dtype)
        if copy is False and dtype not in (None, have):
            raise ValueError(f"can't alias tensor with dtype '{have.scalar_name}' into dtype '{dtype.scalar_name}'.")
    elif copy is False:
        raise ValueError("can't alias arbitrary sequence into a tensor.")
    if isinstance(obj, Tensor):
        if requires_grad is None and obj.requires_grad:
            warn_once(_ASARRAY_REQUIRES_GRAD, stacklevel=user_stacklevel())
        out = obj.to(dtype) if dtype not in (None, obj.dtype) else obj.clone() if copy else obj
    else:
        out = from_numpy(obj) if _aliases(obj, dtype) and not copy else tensor(obj, dtype=dtype)
    if requires_grad is not None:
        if requires_grad and not out.dtype.is_floating_point:
            raise RuntimeError(FACTORY_INT_GRAD_ERROR)
        out.requires_grad_(requires_grad)
    return out


def _aliases(data, dtype):
    """Whether a tensor can share ``data``'s memory: a numpy array of a dtype minigrad has, the one asked for."""
    return isinstance(data, np.ndarray) and data.dtype in dtypes._BY_NP and dtype in (None, dtypes._BY_NP[data.dtype])


def from_numpy(arr):
    """Mirror ``torch.from_numpy``: a tensor sharing the array's memory (torch's errors for anything but an array,
    and for an array with a negative stride; its warning, once, for an array that is not writable)."""
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {word(arr)})")
    check_strides(arr)
    warn_if_not_writable(arr)
    return Tensor._wrap(arr if arr.dtype in dtypes._BY_NP else arr.astype(dtypes.from_numpy_dtype(arr.dtype).np))


def check_strides(arr):
    """torch's error for a numpy array with a negative stride (``a[::-1]``, ``np.flip(a)``), which no tensor can
    share or copy."""
    if any(s < 0 for s in arr.strides):
        raise ValueError("At least one stride in the given numpy array is negative, and tensors with negative strides "
                         "are not currently supported. (You can probably work around this by making a copy of your "
                         "array  with array.copy().) ")  # fmt: skip


_NOT_WRITABLE = internal(
    "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. This means writing to "
    "this tensor will result in undefined behavior. You may want to copy the array to protect its data or make it "
    "writable before converting it to a tensor. This type of warning will be suppressed for the rest of this program.",
    "torch/csrc/utils/tensor_numpy.cpp:213",
)


def warn_if_not_writable(arr):
    """torch's warning, once per process, for a tensor made on a read-only array (``np.broadcast_to``'s views)."""
    if not arr.flags.writeable:
        warn_once(_NOT_WRITABLE, stacklevel=user_stacklevel())


def _size(size, factory, overloads=None):
    """The shape given to ``factory`` as ``*size`` (sizes, or one sequence of them), with torch's errors (those of
    a function with ``overloads`` when torch's has several)."""
    if not size:
        raise no_sizes(factory, "size", overloads)
    size = sizes_argument(factory, "size", size, overloads)
    for s in size:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {shape_text(size)}")
    return tuple(int(s) for s in size)


def _default(dtype, function, call=None):
    """The ``dtype`` argument of the factory ``function``, the default dtype if None (``call``: see
    :func:`minigrad.arguments.dtype_argument`)."""
    dtype = dtype_argument(function, dtype, call=call)
    return dtypes.get_default_dtype() if dtype is None else dtype


def _takes_out(fn):
    """torch's ``out=`` for a factory that takes sizes (``torch.zeros(2, 3, out=t)``): the result made in ``out``'s
    dtype (a ``dtype`` given must be it), ``out`` resized to it silently and filled in place, then returned."""
    name = fn.__name__

    @functools.wraps(fn)
    def factory(*size, out=None, **kwargs):
        if out is None:
            return fn(*size, **kwargs)
        if not isinstance(out, Tensor):
            raise must_be_tensor(name, "out", None, out)
        if grad_mode._state.enabled and out.requires_grad:
            raise RuntimeError(f"aten::{name}(): functions with out=... arguments don't support automatic "
                               "differentiation, but one of the arguments requires grad.")  # fmt: skip
        dtype = kwargs.pop("dtype", None)
        if dtype is not None and dtype is not out.dtype:
            raise RuntimeError(f"dtype {dtype.scalar_name} does not match dtype of out parameter "
                               f"({out.dtype.scalar_name})")  # fmt: skip
        requires_grad = kwargs.pop("requires_grad", False)
        result = fn(*size, dtype=out.dtype, **kwargs)._data
        if out._data.shape == result.shape:
            out._data[...] = result
        else:
            out._data = result
        out._vc.bump()
        return out.requires_grad_() if requires_grad else out

    return factory


@_takes_out
def zeros(*size, dtype=None, device=None, requires_grad=False, **kwargs):
    """Mirror ``torch.zeros``."""
    size, _ = _given_size(size, kwargs, device, "zeros", requires_grad)
    shape = size[0] if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    if any(isinstance(s, int) and s < 0 for s in shape):
        raise RuntimeError("zeros: Dimension size must be non-negative.")  # torch.zeros has its own wording
    return _finish(np.zeros(_size(size, "zeros"), dtype=_default(dtype, "zeros").np), None, requires_grad)


@_takes_out
def ones(*size, dtype=None, device=None, requires_grad=False, **kwargs):
    """Mirror ``torch.ones``."""
    size, _ = _given_size(size, kwargs, device, "ones", requires_grad)
    return _finish(np.ones(_size(size, "ones"), dtype=_default(dtype, "ones").np), None, requires_grad)


@_takes_out
def empty(*size, dtype=None, device=None, requires_grad=False, **kwargs):
    """Mirror ``torch.empty`` (minigrad fills it with zeros, so output is repeatable)."""
    size, fmt = _given_size(size, kwargs, device, "empty", requires_grad)
    return lay_out(_finish(np.zeros(_size(size, "empty"), dtype=_default(dtype, "empty").np), None, requires_grad), fmt)


def full(size, fill_value=REQUIRED, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.full``: the dtype follows ``fill_value`` (bool, int64 or the default float)."""
    check_device(device)
    require_dim("full", fill_value, "fill_value")
    if requires_grad is not False and requires_grad is not True and requires_grad is not None:
        _refuse_flag("full", requires_grad)
    if not isinstance(size, (tuple, list)):  # torch.full(2, 1.) is refused: its sizes are one sequence
        raise must_be_tensor("full", "size", 1, size, kind="tuple of ints")
    fill_value = parsed_number(number_argument("full", "fill_value", 2, fill_value))  # a numpy bool is a float
    dtype = dtype_argument("full", dtype)
    if dtype is None:
        dtype = dtypes.result_type((), (fill_value,))
    return _finish(np.full(_size((size,), "full"), scalar_as(fill_value, dtype.np)), None, requires_grad)


# calls of these that fit none of torch's signatures raise its parser's TypeError (torch.full(size=1, fill_value=2.))
PARSED.update(("torch.full", "torch.eye", "torch.arange", "torch.zeros", "torch.ones", "torch.empty"))

_FACTORY_OPTIONS = ("torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
                    "bool pin_memory = False, bool requires_grad = False")  # fmt: skip
_EYE = (f"int n, *, Tensor out = None, {_FACTORY_OPTIONS}", f"int n, int m, *, Tensor out = None, {_FACTORY_OPTIONS}")
_RAND = (
    f"tuple of ints size, *, torch.Generator generator, Tensor out = None, {_FACTORY_OPTIONS}",
    f"tuple of ints size, *, Tensor out = None, {_FACTORY_OPTIONS}",
)
_ARANGE = (
    f"Number end, *, Tensor out = None, {_FACTORY_OPTIONS}", f"Number start, Number end, *, {_FACTORY_OPTIONS}",
    f"Number start, Number end, Number step = 1, *, Tensor out = None, {_FACTORY_OPTIONS}",
)


_UNSET = object()
_ARANGE_NAMES = {1: ("end",), 2: ("start", "end"), 3: ("start", "end", "step")}  # by how many are given


def arange(*args, start=_UNSET, end=_UNSET, step=_UNSET, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.arange(end)``, ``arange(start, end)`` and ``arange(start, end, step)`` (each by position or
    keyword, as torch's parser binds them): int64 for integer arguments, else the default float dtype."""
    if len(args) == 1 and args[0].__class__ is int and 0 <= args[0] <= 2**53 and dtype is device is None \
            and start is end is step is _UNSET:
        # arange(n), as in logits[torch.arange(n), ys] at each step: the general parsing below cost 10 times this
        # (below 2**53, where the general path's count, computed in floats, is n)
        return _finish(torch_arange(0, 1, args[0], np.int64), None, requires_grad)
    check_device(device)
    named = {k: v for k, v in (("start", start), ("end", end), ("step", step)) if v is not _UNSET}
    names = _ARANGE_NAMES.get(len(args) + len(named), ())
    bound = dict(zip(names, args))
    if len(args) + len(named) == 1 and "end" not in (*bound, *named):
        raise TypeError('arange() missing 1 required positional arguments: "end"')
    if len(args) > len(names) or set(bound) & set(named) or set(bound) | set(named) != set(names) or not names:
        raise invalid_arguments("arange", args, _ARANGE, named)
    bound.update(named)
    given = tuple(bound[n] for n in names)
    start, end, step = bound.get("start", 0), bound["end"], bound.get("step", 1)
    if len(names) == 1:
        number_argument("arange", "end", 1, end)
    elif not all(isinstance(v, NUMBERS) or isinstance(v, Tensor) and not v.ndim for v in given):
        raise invalid_arguments("arange", given, _ARANGE)
    dtype = dtype_argument("arange", dtype, call=(given, _ARANGE))
    start, end, step = (v.item() if isinstance(v, Tensor) else parsed_number(v) for v in (start, end, step))
    check_range(start, end, step)
    if dtype is not None and dtype.category == 1:
        return _finish(_integer_arange(start, end, step, dtype), None, requires_grad)
    if dtype is None:
        dtype = dtypes.result_type((), (start, end, step))
        dtype = dtypes.int64 if dtype.category < 2 else dtype
    n = max(int(np.ceil((end - start) / step)), 0)
    return _finish(torch_arange(start, step, n, dtype.np), None, requires_grad)


def check_range(start, end, step):
    """torch's errors for the bounds and step of ``arange`` and ``range``."""
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {start} -> {end}")
    if (step > 0 and end < start) or (step < 0 and end > start):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")


def _integer_arange(start, end, step, dtype):
    """torch's arange kernel for an integer ``dtype``: the bounds and step cut to integers first (toward zero, so a
    step of 0.3 is 0: int64 refuses it, the other types repeat the start), the count from the integers for int64
    and from the numbers as given for the others."""
    xstart, xend, xstep = (int(v) for v in (start, end, step))
    if dtype is dtypes.int64:
        if xstep == 0:
            raise ValueError("step must be nonzero")
        n = -((xstart - xend) // xstep)  # ceil((end - start) / step), in integers
    else:
        n = math.ceil((end - start) / step)
    return (xstart + xstep * np.arange(max(n, 0), dtype=np.int64)).astype(dtype.np)


ARANGE_GRAIN = 32768  # torch's GRAIN_SIZE: a longer arange is cut into one chunk per thread


def torch_arange(start, step, n, np_dtype):
    """torch's CPU arange kernel, value for value (``arange(-8., 8., 0.1)[80]`` is 4.4409e-16, not 0): in double,
    each chunk (one per thread past :data:`ARANGE_GRAIN`) runs blocks of two vectors (8 floats or 4 doubles each,
    AVX2's), a vector being ``base + k * step`` from its ``base = start + step * i`` rounded to the dtype, and its last
    ``< 2`` vectors' worth of values one by one as ``start + step * i``; each a fused multiply-add, computed here in
    a wider type."""
    np_dtype = np.dtype(np_dtype)
    if np_dtype not in (np.float32, np.float64):
        return (start + step * np.arange(n)).astype(np_dtype)
    from .everyday import get_num_threads

    width = 8 if np_dtype == np.float32 else 4
    wide, start, step = np.longdouble, np.longdouble(start), np.longdouble(np.float64(step))
    i = np.arange(n)
    base = i.copy()  # per position: the index its value is computed from (its vector's first, or itself)
    threads = min(get_num_threads(), -(-n // ARANGE_GRAIN)) if n > ARANGE_GRAIN else 1
    size = -(-n // max(threads, 1)) if n else 0
    for begin in range(0, n, max(size, 1)):
        end = min(n, begin + size)
        vectors = begin + (end - begin) // (2 * width) * 2 * width
        base[begin:vectors] = begin + (i[begin:vectors] - begin) // width * width
    first = (start + step * base.astype(wide)).astype(np.float64).astype(np_dtype).astype(wide)
    values = np.where(base == i, start + step * i.astype(wide), first + step * (i - base).astype(wide))
    return values.astype(np.float64).astype(np_dtype)


def bounds_as_numbers(function, start, end):
    """``start`` and ``end`` of ``linspace`` or ``logspace`` as numbers: a tensor must be 0-d (torch's error)."""
    dims = [f"{name} with {v.ndim} dimension(s)" for name, v in (("start", start), ("end", end))
            if isinstance(v, Tensor) and v.ndim]  # fmt: skip
    if dims:
        got = " and ".join(dims)
        raise RuntimeError(f"{function} only supports 0-dimensional start and end tensors, but got {got}.")
    return tuple(v.item() if isinstance(v, Tensor) else v for v in (start, end))


def linspace(start, end, steps, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.linspace``: ``steps`` evenly spaced values from ``start`` to ``end``, both exact."""
    check_device(device)
    overloads = recorded_overloads("torch.linspace")
    if not is_int(steps) or not isinstance(start, (*NUMBERS, Tensor)) or not isinstance(end, (*NUMBERS, Tensor)):
        raise invalid_arguments("linspace", (start, end, steps), overloads)
    dtype = dtype_argument("linspace", dtype, call=((start, end, steps), overloads))
    start, end = bounds_as_numbers("linspace", start, end)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    return _finish(torch_linspace(start, end, steps, _default(dtype, "linspace").np), None, requires_grad)


def torch_linspace(start, end, steps, np_dtype):
    """torch's linspace kernel, value for value: ``start + step * i`` for the first half and
    ``end - step * (steps - 1 - i)`` for the second, each rounded once (the kernel's fused multiply-add,
    computed here in a wider type), with ``step`` computed in the tensor's dtype."""
    np_dtype = np.dtype(np_dtype)
    if steps == 1:
        return np.asarray([start]).astype(np_dtype)
    if np_dtype.kind != "f":
        step = (end - start) / (steps - 1) if steps > 1 else 0.0
        i = np.arange(steps, dtype=np.float64)
        return np.trunc(np.where(i < steps // 2, start + step * i, end - step * (steps - 1 - i))).astype(np_dtype)
    t = np_dtype.type
    start, end = t(start), t(end)
    step = (end - start) / t(steps - 1) if steps > 1 else t(0)
    wide = np.longdouble if np_dtype == np.float64 else np.float64
    i = np.arange(steps).astype(wide)
    start, end, step = wide(start), wide(end), wide(step)
    return np.where(i < steps // 2, start + step * i, end - step * (steps - 1 - i)).astype(np_dtype)


def eye(n, m=None, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.eye``: ones on the diagonal of an n x m (or n x n) matrix, with torch's errors."""
    check_device(device)
    given = (n,) if m is None else (n, m)
    for position, (name, value) in enumerate(zip("nm", given), 1):
        if not is_int(value):
            if m is not None:
                raise invalid_arguments("eye", given, _EYE)
            raise must_be_tensor("eye", name, position, value, kind="int")
        if value < 0:
            raise RuntimeError(f"{name} must be greater or equal to 0, got {int(value)}")
    dtype = _default(dtype, "eye", (given, _EYE))
    return _finish(np.eye(int(n), None if m is None else int(m), dtype=dtype.np), None, requires_grad)


@_takes_out
def rand(*size, generator=None, dtype=None, device=None, requires_grad=False, **kwargs):
    """Mirror ``torch.rand``: uniform on [0, 1), from ``generator`` (or the default one)."""
    gen = generator_or_default(generator, "rand", size, _RAND)
    shape = _size(_given_size(size, kwargs, device, "rand", requires_grad, _RAND)[0], "rand", _RAND)
    dtype = _float_dtype(dtype, "check_uniform_bounds", "rand", (size, _RAND))
    n = int(np.prod(shape, dtype=np.int64))
    return _finish(sampling.uniform(gen, n, dtype).reshape(shape), None, requires_grad)


@_takes_out
def randn(*size, generator=None, dtype=None, device=None, requires_grad=False, **kwargs):
    """Mirror ``torch.randn``: standard normal, from ``generator`` (or the default one)."""
    gen = generator_or_default(generator, "randn", size, _RAND)
    shape = _size(_given_size(size, kwargs, device, "randn", requires_grad, _RAND)[0], "randn", _RAND)
    dtype = _float_dtype(dtype, "normal_kernel_cpu", "randn", (size, _RAND))
    n = int(np.prod(shape, dtype=np.int64))
    return _finish(sampling.normal(gen, n, dtype).reshape(shape), None, requires_grad)


_RANDPERM = (f"int n, *, torch.Generator generator, Tensor out = None, {_FACTORY_OPTIONS}",
             f"int n, *, Tensor out = None, {_FACTORY_OPTIONS}")


def randperm(*args, generator=None, dtype=None, device=None, requires_grad=False, **kwargs):
    """Mirror ``torch.randperm``: the integers 0 to n - 1 in a random order (int64), from ``generator``."""
    if len(args) != 1 or kwargs:
        if args or list(kwargs) != ["n"]:  # torch.randperm(n=3) is torch.randperm(3); anything else fits nothing
            raise call_error("randperm", _RANDPERM, args, kwargs) or invalid_arguments("randperm", args, _RANDPERM,
                                                                                          kwargs)
        args = (kwargs["n"],)
    (n,) = args
    check_device(device)
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
        raise must_be_tensor("randperm", "n", 1, n, kind="int")
    (n,) = _size((n,), "randperm")
    dtype = dtype_argument("randperm", dtype, call=(args, _RANDPERM)) or dtypes.int64
    _check_permutation_fits(n, dtype)
    gen = generator_or_default(generator, "randperm", (n,), _RANDPERM)
    return _finish(sampling.permutation(gen, n), dtype, requires_grad)


def _check_permutation_fits(n, dtype):
    """torch's errors for a permutation of ``n`` that ``dtype`` cannot hold (its kernel converts n - 1)."""
    if dtype is dtypes.bool_:
        raise NotImplementedError("\"randperm\" not implemented for 'Bool'")
    if dtype is dtypes.float16 and n > 2049:  # float16 holds every integer up to 2048 only
        raise RuntimeError("n cannot be greater than 2049 for Half type.")
    if not dtype.is_floating_point and n - 1 > np.iinfo(dtype.np).max:
        raise RuntimeError(f"value cannot be converted to type {np.dtype(dtype.np).name}_t without overflow")


def _check_random_bounds(low, high, dtype):
    """torch's ``check_from_to_in_range``: ``low`` and ``high - 1`` must fit in ``dtype``."""
    if dtype is dtypes.bool_:
        lowest, largest = 0, 1
    else:
        info = np.finfo(dtype.np) if dtype.is_floating_point else np.iinfo(dtype.np)
        lowest, largest = float(info.min), float(info.max)  # Python's numbers: numpy's would cast the bounds
    for name, value in (("from", low), ("to - 1", high - 1)):
        if not lowest <= value <= largest:
            raise RuntimeError(f"{name} is out of bounds for {dtype.c_name}")


_RANDINT = tuple(
    f"{bounds}tuple of ints size, *, {generator}Tensor out = None, {_FACTORY_OPTIONS}"
    for bounds in ("int high, ", "int low, int high, ")
    for generator in ("torch.Generator generator, ", "")
)


def randint(*args, low=_UNSET, high=_UNSET, size=_UNSET, generator=None, dtype=None, device=None,
            requires_grad=False, **unknown):  # fmt: skip
    """Mirror ``torch.randint(high, size)`` and ``torch.randint(low, high, size)``: integers in [low, high) (low 0
    if not given), from ``generator`` (or the default one); int64 unless ``dtype`` says otherwise."""
    check_device(device)
    named = {k: v for k, v in (("low", low), ("high", high), ("size", size)) if v is not _UNSET}
    names = ("low", "high", "size") if len(args) + len(named) == 3 else ("high", "size")
    bound = dict(zip(names, args))
    if len(args) > len(names) or set(bound) & set(named) or set(bound) | set(named) != set(names) or unknown:
        raise invalid_arguments("randint", args, _RANDINT, {**named, **unknown})
    bound.update(named)
    for position, name in enumerate(names, 1):
        value = bound[name]
        fits = _is_size_tuple(value) if name == "size" else is_int(value)
        if not fits:
            if len(plausible(_RANDINT, len(args) + len(named))) != 1:
                raise invalid_arguments("randint", args, _RANDINT, named)
            where = None if name in named else position
            if name == "size" and isinstance(value, (tuple, list)) and value:  # the parser tests the first item
                bad = next(i for i, v in enumerate(value) if not is_int(v))
                raise failed_to_unpack("randint", name, bad + 1, value[bad]) if bad else \
                    found_element("randint", name, where, value[0])
            kind = "tuple of ints" if name == "size" else "int"
            raise must_be_tensor("randint", name, where, value, kind=kind)
    low, high = int(bound.get("low", 0)), int(bound["high"])
    if not -2**63 <= low < 2**63 or not -2**63 <= high < 2**63:  # torch's parser reads them as C++ int64s
        raise ValueError("Overflow when unpacking long long")
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    dtype = dtype_argument("randint", dtype, call=(args, _RANDINT)) or dtypes.int64
    if dtype is not dtypes.int64:
        _check_random_bounds(low, high, dtype)
    shape = _size((bound["size"],), "randint")
    gen = generator_or_default(generator, "randint", args, _RANDINT, named)
    values = sampling.integers(gen, int(np.prod(shape, dtype=np.int64)), low, high)
    return _finish(values.reshape(shape), dtype, requires_grad)


def _is_size_tuple(value):
    return isinstance(value, (tuple, list)) and all(is_int(v) for v in value)


def _given_size(size, kwargs, device, name, requires_grad=False, overloads=None):
    """The shape given positionally or as ``size=``, after checking ``device``, ``requires_grad`` and the options
    torch's ``name`` takes (``layout=torch.strided``); and the memory format to lay the result out in (None: the
    usual). ``overloads``: torch's, for a function with several (whose parser reports the whole call)."""
    check_device(device)
    if requires_grad is not False and requires_grad is not True and requires_grad is not None:
        _refuse_flag(name, requires_grad, size, overloads)
    if "size" in kwargs:
        if size:  # torch.zeros(2, size=3); a function with several signatures fits none of them
            if overloads:
                raise call_error(name, overloads, size, kwargs)
            raise TypeError(f"{name}() got multiple values for argument 'size'")
        size = (kwargs.pop("size"),)
        if not isinstance(size[0], (tuple, list)):  # given by keyword, sizes must be a sequence
            raise must_be_tensor(name, "size", None, size[0], kind="tuple of ints")
    fmt = take_options(name, kwargs)
    if kwargs:
        if overloads:  # torch.rand(2, foo=1), torch.randn(shape=(2,)): its parser's error for the whole call
            raise call_error(name, overloads, size, kwargs)
        if not size:  # torch.zeros(shape=(2,)): the parser misses the size first
            raise TypeError(f'{name}() missing 1 required positional arguments: "size"')
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    return size, fmt


def _refuse_flag(name, requires_grad, size=(), overloads=None):
    """torch's parser's TypeError for a ``requires_grad`` that is not a bool (``torch.ones(2, requires_grad=1)``)."""
    if overloads:
        raise invalid_arguments(name, size, overloads, {"requires_grad": requires_grad})
    raise must_be_tensor(name, "requires_grad", None, requires_grad, kind="bool")


def _float_dtype(dtype, kernel, function, call):
    d = _default(dtype, function, call)
    if not d.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{d.scalar_name}'")
    return d.np


def zeros_like(input, *, dtype=None, requires_grad=False):
    """Mirror ``torch.zeros_like``: laid out as ``input`` (:func:`laid_out_like`)."""
    dtype = _like_dtype("zeros_like", input, dtype, requires_grad)
    return laid_out_like(input, zeros(input._data.shape, dtype=dtype, requires_grad=requires_grad))  # no torch.Size


def ones_like(input, *, dtype=None, requires_grad=False):
    """Mirror ``torch.ones_like``: laid out as ``input`` (:func:`laid_out_like`)."""
    dtype = _like_dtype("ones_like", input, dtype, requires_grad)
    return laid_out_like(input, ones(input.shape, dtype=dtype, requires_grad=requires_grad))


def full_like(input, fill_value, *, dtype=None, requires_grad=False):
    """Mirror ``torch.full_like``: laid out as ``input`` (:func:`laid_out_like`)."""
    number_argument("full_like", "fill_value", 2, fill_value)
    dtype = _like_dtype("full_like", input, dtype, requires_grad)
    return laid_out_like(input, full(input.shape, fill_value, dtype=dtype, requires_grad=requires_grad))


def _like_dtype(function, input, dtype, requires_grad):
    """The dtype of ``function``'s result (``input``'s unless ``dtype`` is given), after the checks of torch's parser
    of its options (``zeros_like(x, dtype="float")``, ``requires_grad=1``)."""
    if requires_grad is not False and requires_grad is not True and requires_grad is not None:
        raise must_be_tensor(function, "requires_grad", None, requires_grad, kind="bool")
    return input.dtype if dtype is None else dtype_argument(function, dtype)


def laid_out_like(input, result):
    """``result``, a new tensor of ``input``'s shape, with its elements in memory in ``input``'s order, as torch's
    ``*_like`` functions lay them out (``memory_format=torch.preserve_format``): its dims in the order of the
    input's strides (a transposed or channels-last input gives the same strides, a slice of one dense strides in
    that order), row-major for an expanded input."""
    result._data = empty_laid_out_like(input._data, result._data.dtype, result._data)
    return result


def empty_laid_out_like(a, dtype, values=None):
    """An array of ``a``'s shape and ``dtype`` laid out in memory as :func:`laid_out_like` says, holding ``values``
    if given (uninitialised otherwise)."""
    if a.flags.c_contiguous or a.ndim < 2 or 0 in a.strides:
        return np.empty(a.shape, dtype) if values is None else values
    order = np.argsort([-abs(s) for s in a.strides], kind="stable")  # outermost first
    out = np.empty(tuple(a.shape[d] for d in order), dtype).transpose(np.argsort(order))
    if values is not None:
        out[...] = values
    return out


def rand_like(input, *args, dtype=None, requires_grad=False, generator=None):
    """Mirror ``torch.rand_like``: ``empty_like(input).uniform_()`` (filled in its memory order, as torch's)."""
    if args:  # its options are keyword-only
        raise invalid_arguments("rand_like", (input, *args), _RANDOM_LIKE)
    return _random_like(input, dtype, requires_grad, generator, "check_uniform_bounds",
                        lambda gen, n, np_dtype, contiguous: sampling.uniform(gen, n, np_dtype), "rand_like")


def randn_like(input, *args, dtype=None, requires_grad=False, generator=None):
    """Mirror ``torch.randn_like``: ``empty_like(input).normal_()`` (in its memory order; one by one unless it is
    contiguous, as torch's)."""
    if args:  # its options are keyword-only
        raise invalid_arguments("randn_like", (input, *args), _RANDOM_LIKE)
    return _random_like(input, dtype, requires_grad, generator, "normal_kernel_cpu",
                        lambda gen, n, np_dtype, contiguous: sampling.normal(gen, n, np_dtype, contiguous=contiguous),
                        "randn_like")


_RANDOM_LIKE = tuple(f"Tensor input, *, {g}torch.memory_format memory_format = None, {_FACTORY_OPTIONS}"
                     for g in ("torch.Generator generator, ", ""))


def _random_like(t, dtype, requires_grad, generator, kernel, draw, function):
    gen = generator_or_default(generator, function, (t,), _RANDOM_LIKE)
    dtype = dtype or t.dtype
    if not dtype.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtype.scalar_name}'")
    out = empty_laid_out_like(t._data, dtype.np)  # t's layout, as torch's empty_like keeps it
    if out.size:
        sampling.fill(out, draw(gen, out.size, dtype.np, out.flags.c_contiguous))
    return _finish(out, None, requires_grad)


def _new_sizes(function, sizes, size):
    """The sizes given to ``Tensor.new_zeros`` and friends; by keyword they must be a sequence, as in torch
    (``x.new_ones(size=2)`` is refused where ``x.new_ones(2)`` is not)."""
    if size is not None and not isinstance(size, (tuple, list)):
        raise must_be_tensor(function, "size", None, size, kind="tuple of ints")
    return sizes_or_keyword(function, "size", sizes, size)


def _new(self, make, *args, dtype=None, device=None, requires_grad=False):
    if not args:
        raise no_sizes(f"new_{make.__name__}", "size")
    _size(args, f"new_{make.__name__}")  # torch's errors name the method (a negative size: the general wording)
    return make(*args, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)


@public("new_zeros", function=False, parse=True)
def _new_zeros(self, *sizes, size=None, dtype=None, device=None, requires_grad=False):
    """Mirror ``Tensor.new_zeros(size)``: zeros with this tensor's dtype (unless ``dtype``)."""
    sizes = _new_sizes("new_zeros", sizes, size)
    return _new(self, zeros, *sizes, dtype=dtype, device=device, requires_grad=requires_grad)


@public("new_ones", function=False, parse=True)
def _new_ones(self, *sizes, size=None, dtype=None, device=None, requires_grad=False):
    """Mirror ``Tensor.new_ones(size)``: ones with this tensor's dtype (unless ``dtype``)."""
    sizes = _new_sizes("new_ones", sizes, size)
    return _new(self, ones, *sizes, dtype=dtype, device=device, requires_grad=requires_grad)


@public("new_empty", function=False, parse=True)
def _new_empty(self, *sizes, size=None, dtype=None, device=None, requires_grad=False):
    """Mirror ``Tensor.new_empty(size)`` (filled with zeros, so output is repeatable)."""
    sizes = _new_sizes("new_empty", sizes, size)
    return _new(self, empty, *sizes, dtype=dtype, device=device, requires_grad=requires_grad)


@public("new_full", function=False, parse=True)
def _new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
    """Mirror ``Tensor.new_full(size, fill_value)``: ``fill_value`` everywhere, with this tensor's dtype."""
    return full(size, fill_value, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)


@public("new_tensor", function=False)
def _new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    """Mirror ``Tensor.new_tensor(data)``: ``torch.tensor(data)`` with this tensor's dtype (unless ``dtype``)."""
    return _finish(_copied(data, "tensor.new_tensor", target=dtype or self.dtype), dtype or self.dtype, requires_grad)
