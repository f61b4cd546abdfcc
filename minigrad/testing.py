"""``minigrad.testing``: torch.testing's helpers. ``assert_close`` compares (nested sequences and mappings of)
tensors, numpy arrays, numbers, booleans and None as torch's pairs do, with torch's default tolerances per dtype
and its AssertionError messages; ``make_tensor`` draws from the default generator as torch's does."""

import cmath
import collections.abc
import contextlib
import functools
import math
import warnings

import numpy as np

from . import dtypes
from .creation import as_tensor, empty, randint
from .tensor import Tensor
from .typename import typename

__all__ = ["assert_allclose", "assert_close", "make_tensor"]

# {dtype: (rtol, atol)}, torch's defaults
_DTYPE_PRECISIONS = {dtypes.float16: (0.001, 1e-5), dtypes.float32: (1.3e-6, 1e-5), dtypes.float64: (1e-7, 1e-7)}
_TYPE_TO_DTYPE = {int: dtypes.int64, float: dtypes.float64}


class _Failure(Exception):
    """A mismatch found while comparing: the class and message of the error to raise, and the item's path."""

    def __init__(self, kind, msg, path=()):
        super().__init__(msg)
        self.kind, self.msg, self.path = kind, msg, path

    def to_error(self, msg=None):
        if not isinstance(msg, str):
            generated = self.msg
            if self.path:
                generated += f"\n\nThe failure occurred for item {''.join(str([item]) for item in self.path)}"
            msg = msg(generated) if callable(msg) else generated
        return self.kind(msg)


def _class_name(obj):
    """``<class 'torch.Tensor'>``, as Python prints the type of ``obj``, with torch's names for minigrad's classes."""
    return f"<class '{typename(type(obj))}'>"


def _tolerances(dtype_list, rtol, atol, path, precisions=None):
    if (rtol is None) ^ (atol is None):
        raise _Failure(ValueError, "Both 'rtol' and 'atol' must be either specified or omitted, but got no "
                                   f"{'rtol' if rtol is None else 'atol'}.", path)  # fmt: skip
    if rtol is not None:
        return rtol, atol
    rtols, atols = zip(*[(precisions or _DTYPE_PRECISIONS).get(d, (0.0, 0.0)) for d in dtype_list])
    return max(rtols), max(atols)


def _mismatch_msg(identifier, extra, abs_diff, abs_idx, atol, rel_diff, rel_idx, rtol):
    equality = rtol == 0 and atol == 0

    def diff_msg(kind, diff, idx, tol):
        msg = f"Greatest {kind} difference: {diff} at index {idx}"
        if idx is None:
            msg = f"{kind.title()} difference: {diff}"
        return msg + ("" if equality else f" (up to {tol} allowed)") + "\n"

    msg = f"{identifier} are not {'equal' if equality else 'close'}!\n\n"
    if extra:
        msg += f"{extra.strip()}\n"
    msg += diff_msg("absolute", abs_diff, abs_idx, atol) + diff_msg("relative", rel_diff, rel_idx, rtol)
    return msg.strip()


def _scalar_mismatch_msg(actual, expected, rtol, atol):
    abs_diff = abs(actual - expected)
    rel_diff = float("inf") if expected == 0 else abs_diff / abs(expected)
    return _mismatch_msg("Scalars", f"Expected {expected} but got {actual}.", abs_diff, None, atol, rel_diff, None,
                         rtol)  # fmt: skip


def _greatest(diff):
    """torch.max(diff, 0) of a flat array: the value and the index of the first largest (a NaN wins)."""
    nans = np.flatnonzero(np.isnan(diff))
    i = int(nans[0]) if nans.size else int(np.argmax(diff))
    return diff[i].item(), i


def _tensor_mismatch_msg(actual, expected, matches, rtol, atol):
    shape = matches.shape
    n = matches.size
    total = n - int(matches.sum())
    extra = f"Mismatched elements: {total} / {n} ({total / n:.1%})"
    a, e, m = actual._data.reshape(-1), expected._data.reshape(-1), matches.reshape(-1)
    if not actual.dtype.is_floating_point:
        a, e = a.astype(np.int64), e.astype(np.int64)
    with np.errstate(all="ignore"):
        abs_diff = np.abs(a - e)
        abs_diff[m] = 0
        max_abs, abs_idx = _greatest(abs_diff)
        divisor = np.abs(e)
        if not actual.dtype.is_floating_point:  # torch's true division of int64: in the default dtype
            abs_diff, divisor = (x.astype(dtypes.get_default_dtype().np) for x in (abs_diff, divisor))
        rel_diff = abs_diff / divisor
        rel_diff[m] = 0
        max_rel, rel_idx = _greatest(rel_diff)
    unravel = (lambda i: tuple(int(k) for k in np.unravel_index(i, shape))) if shape else (lambda i: ())
    return _mismatch_msg("Tensor-likes", extra, max_abs, unravel(abs_idx), atol, max_rel, unravel(rel_idx), rtol)


class _Unsupported(Exception):
    """A pair maker does not handle these inputs: the next one is tried."""


# Pair makers, tried in turn on two leaves: each refuses inputs it does not handle (``_Unsupported``), checks its
# options (a ``_Failure`` now stops everything, as torch's pair constructors do) and returns the comparison to run.


def _none_pair(actual, expected, path, **options):
    if not (actual is None or expected is None):
        raise _Unsupported

    def compare():
        if not (actual is None and expected is None):
            raise _Failure(AssertionError, f"None mismatch: {actual} is not {expected}", path)

    return compare


def _bool_pair(actual, expected, path, **options):
    if not all(isinstance(x, (bool, np.bool_)) for x in (actual, expected)):
        raise _Unsupported
    actual, expected = (x.item() if isinstance(x, np.bool_) else x for x in (actual, expected))

    def compare():
        if actual is not expected:
            raise _Failure(AssertionError, f"Booleans mismatch: {actual} is not {expected}", path)

    return compare


def _number_pair(actual, expected, path, rtol=None, atol=None, equal_nan=False, check_dtype=False, **options):
    if not all(isinstance(x, (int, float, np.number)) for x in (actual, expected)):
        raise _Unsupported  # complex numbers too: minigrad has no complex dtypes
    actual, expected = (x.item() if isinstance(x, np.number) else x for x in (actual, expected))
    if not all(type(x) in _TYPE_TO_DTYPE for x in (actual, expected)):
        raise _Unsupported
    rtol, atol = _tolerances([_TYPE_TO_DTYPE[type(x)] for x in (actual, expected)], rtol, atol, path)

    def compare():
        if check_dtype and type(actual) is not type(expected):
            raise _Failure(AssertionError, f"The (d)types do not match: {type(actual)} != {type(expected)}.", path)
        if actual == expected or (equal_nan and cmath.isnan(actual) and cmath.isnan(expected)):
            return
        abs_diff = abs(actual - expected)
        if cmath.isfinite(abs_diff) and abs_diff <= atol + rtol * abs(expected):
            return
        raise _Failure(AssertionError, _scalar_mismatch_msg(actual, expected, rtol, atol), path)

    return compare


def _tensor_pair(actual, expected, path, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, **options):  # fmt: skip
    if not (isinstance(actual, type(expected)) or isinstance(expected, type(actual))):
        raise _Unsupported
    if not allow_subclasses and type(actual) is not type(expected):
        raise _Unsupported
    try:
        actual, expected = (x if isinstance(x, Tensor) else as_tensor(x) for x in (actual, expected))
    except Exception:
        raise _Unsupported from None
    rtol, atol = _tolerances([actual.dtype, expected.dtype], rtol, atol, path)

    def compare():
        a, e = actual, expected
        for attribute, a_value, e_value, checked in (("shape", a.shape, e.shape, True),
                                                     ("stride()", a.stride(), e.stride(), check_stride),
                                                     ("dtype", a.dtype, e.dtype, check_dtype)):  # fmt: skip
            if checked and a_value != e_value:
                raise _Failure(AssertionError, f"The values for attribute '{attribute}' do not match: {a_value} != "
                                               f"{e_value}.", path)  # fmt: skip
        if a.dtype != e.dtype:
            common = dtypes.promote_types(a.dtype, e.dtype)
            a, e = a.to(common), e.to(common)
        matches = _isclose(a, e, rtol, atol, equal_nan)
        if matches.all():
            return
        if a.shape == ():
            raise _Failure(AssertionError, _scalar_mismatch_msg(a.item(), e.item(), rtol, atol), path)
        raise _Failure(AssertionError, _tensor_mismatch_msg(a, e, matches, rtol, atol), path)

    return compare


def _isclose(actual, expected, rtol, atol, equal_nan):
    """``torch.isclose``'s values as an array, without the graph."""
    from .functional import isclose

    return isclose(actual.detach(), expected.detach(), rtol=rtol, atol=atol, equal_nan=equal_nan)._data


_PAIR_MAKERS = (_none_pair, _bool_pair, _number_pair, _tensor_pair)


def _comparisons(actual, expected, path, options):
    """The comparisons to run, one per pair of leaves, recursing into sequences and mappings as torch does."""
    Sequence, Mapping = collections.abc.Sequence, collections.abc.Mapping  # noqa: N806
    if all(isinstance(x, Sequence) and not isinstance(x, str) for x in (actual, expected)):
        if len(actual) != len(expected):
            raise _Failure(AssertionError, f"The length of the sequences mismatch: {len(actual)} != {len(expected)}",
                           path)  # fmt: skip
        return [c for i in range(len(actual)) for c in _comparisons(actual[i], expected[i], (*path, i), options)]
    if isinstance(actual, Mapping) and isinstance(expected, Mapping):
        actual_keys, expected_keys = set(actual.keys()), set(expected.keys())
        if actual_keys != expected_keys:
            raise _Failure(AssertionError, "The keys of the mappings do not match:\n"
                           f"Missing keys in the actual mapping: {sorted(expected_keys - actual_keys)}\n"
                           f"Additional keys in the actual mapping: {sorted(actual_keys - expected_keys)}",
                           path)  # fmt: skip
        keys = actual_keys
        with contextlib.suppress(Exception):
            keys = sorted(keys)
        return [c for k in keys for c in _comparisons(actual[k], expected[k], (*path, k), options)]
    for make_pair in _PAIR_MAKERS:
        try:
            return [make_pair(actual, expected, path, **options)]
        except _Unsupported:
            continue
    raise _Failure(TypeError, f"No comparison pair was able to handle inputs of type {_class_name(actual)} and "
                   f"{_class_name(expected)}.", path)  # fmt: skip


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):  # fmt: skip
    """Mirror ``torch.testing.assert_close``: raise torch's AssertionError (with its message, or ``msg``, a string
    or a function of torch's message) unless ``actual`` and ``expected`` are close: tensors (and numpy arrays) of
    the same shape, dtype (``check_dtype``) and device, ``|actual - expected| <= atol + rtol * |expected|``
    elementwise with torch's defaults per dtype (float32: rtol 1.3e-6, atol 1e-5; float64: 1e-7, 1e-7; others 0),
    NaNs equal only with ``equal_nan``; numbers, booleans and None alike, sequences and mappings item by item."""
    options = dict(allow_subclasses=allow_subclasses, rtol=rtol, atol=atol, equal_nan=equal_nan,
                   check_device=check_device, check_dtype=check_dtype, check_layout=check_layout,
                   check_stride=check_stride)  # fmt: skip
    try:
        comparisons = _comparisons(actual, expected, (), options)
    except _Failure as failure:
        raise failure.to_error() from None
    for compare in comparisons:
        try:
            compare()
        except _Failure as failure:
            raise failure.to_error(msg) from None


def assert_allclose(actual, expected, rtol=None, atol=None, equal_nan=True, msg=""):
    """Mirror the deprecated ``torch.testing.assert_allclose``: its FutureWarning, then ``assert_close`` with its
    own default tolerances (float32: rtol 1e-4, atol 1e-5; float64: 1e-5, 1e-8), NaNs equal, dtypes not checked;
    a non-tensor ``expected`` becomes a tensor of ``actual``'s dtype."""
    warnings.warn("`torch.testing.assert_allclose()` is deprecated since 1.12 and will be removed in a future release. "
                  "Please use `torch.testing.assert_close()` instead. You can find detailed upgrade instructions in "
                  "https://github.com/pytorch/pytorch/issues/61844.", FutureWarning, stacklevel=2)  # fmt: skip
    from .creation import tensor

    if not isinstance(actual, Tensor):
        actual = tensor(actual)
    if not isinstance(expected, Tensor):
        expected = tensor(expected, dtype=actual.dtype)
    if rtol is None and atol is None:
        precisions = {dtypes.float16: (1e-3, 1e-3), dtypes.float32: (1e-4, 1e-5), dtypes.float64: (1e-5, 1e-8)}
        rtol, atol = _tolerances([actual.dtype, expected.dtype], None, None, (), precisions)
    assert_close(actual, expected, rtol=rtol, atol=atol, equal_nan=equal_nan, check_device=True, check_dtype=False,
                 check_stride=False, msg=msg or None)  # fmt: skip


_INTEGRAL = (dtypes.uint8, dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64)
_FLOATING = (dtypes.float16, dtypes.float32, dtypes.float64)


def make_tensor(*shape, dtype, device, low=None, high=None, requires_grad=False, noncontiguous=False,
                exclude_zero=False, memory_format=None):  # fmt: skip
    """Mirror ``torch.testing.make_tensor``: a tensor of ``shape`` with values drawn uniformly from ``[low, high)``
    (defaults per dtype: bool [0, 2), uint8 [0, 10), other integers [-9, 10), floats [-9, 9)) by ``torch.randint``
    or ``uniform_``, so the same numbers as torch's from the same seed; ``exclude_zero`` replaces zeros by 1 (or
    the dtype's ``tiny``); ``noncontiguous`` takes every other column of a wider tensor."""
    from .device import check_device

    check_device(device)

    def modify_low_high(low, high, lowest_inclusive, highest_exclusive, default_low, default_high):
        low = default_low if low is None else low
        high = default_high if high is None else high
        if any(isinstance(value, float) and math.isnan(value) for value in (low, high)):
            raise ValueError(f"`low` and `high` cannot be NaN, but got low={low} and high={high}")
        if low == high and dtype in _FLOATING:
            warnings.warn("Passing `low==high` to `torch.testing.make_tensor` for floating or complex types is "
                          "deprecated since 2.1 and will be removed in 2.3. Use `torch.full(...)` instead.",
                          FutureWarning, stacklevel=3)  # fmt: skip
        elif low >= high:
            raise ValueError(f"`low` must be less than `high`, but got {low} >= {high}")
        elif high < lowest_inclusive or low >= highest_exclusive:
            raise ValueError(f"The value interval specified by `low` and `high` is [{low}, {high}), but {dtype} only "
                             f"supports [{lowest_inclusive}, {highest_exclusive})")  # fmt: skip
        low = min(max(low, lowest_inclusive), highest_exclusive)
        high = min(max(high, lowest_inclusive), highest_exclusive)
        if dtype not in _FLOATING:
            return math.ceil(low), math.ceil(high)
        return low, high

    if len(shape) == 1 and isinstance(shape[0], collections.abc.Sequence):
        shape = shape[0]
    shape = tuple(shape)
    if noncontiguous and memory_format is not None:
        raise ValueError("The parameters `noncontiguous` and `memory_format` are mutually exclusive, but got "
                         f"noncontiguous={noncontiguous} and memory_format={memory_format}")  # fmt: skip
    if requires_grad and (dtype is dtypes.bool_ or dtype in _INTEGRAL):
        raise ValueError(
            f"`requires_grad=True` is not supported for boolean and integral dtypes, but got dtype={dtype}"
        )
    noncontiguous = noncontiguous and functools.reduce(lambda x, y: x * y, shape, 1) > 1
    if noncontiguous:
        shape = (*shape[:-1], 2 * shape[-1])
    if dtype is dtypes.bool_:
        low, high = modify_low_high(low, high, 0, 2, 0, 2)
        result = randint(low, high, shape, dtype=dtype)
    elif dtype in _INTEGRAL:
        info = dtypes.iinfo(dtype)
        low, high = modify_low_high(low, high, info.min, info.max + (dtype is not dtypes.int64), -9, 10)
        result = randint(low, high, shape, dtype=dtype)
    elif dtype in _FLOATING:
        info = dtypes.finfo(dtype)
        low, high = modify_low_high(low, high, info.min, info.max, -9, 9)
        result = empty(shape, dtype=dtype)
        if high - low >= info.max:
            result.uniform_(low / 2, high / 2).mul_(2)
        else:
            result.uniform_(low, high)
    else:
        raise TypeError(f"The requested dtype '{dtype}' is not supported by torch.testing.make_tensor(). To request "
                        "support, file an issue at: https://github.com/pytorch/pytorch/issues")  # fmt: skip
    if noncontiguous:
        result = result[..., 1::2]
    if exclude_zero:
        result[result == 0] = 1 if dtype not in _FLOATING else dtypes.finfo(dtype).tiny
    if dtype in _FLOATING:
        result.requires_grad = requires_grad
    return result


from .torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.testing")  # a name torch has and minigrad lacks says so
