"""More statistics, as torch 2.13 computes them: ``quantile`` and ``nanquantile`` (torch's composition of sort, view,
gather, an in-place lerp and squeeze), ``nanmedian``, ``mode``, ``aminmax``, ``cov`` and ``corrcoef`` (torch's
composition of sum, div, sub, mm, sqrt and clip), ``trapezoid`` (``trapz``) and ``cumulative_trapezoid``, ``histc``,
``unique_consecutive`` and ``narrow_copy``. Each is registered with ``@public`` as its Tensor method where torch has
one, and exported as ``minigrad.<name>`` by ``__all__``."""

import warnings

import numpy as np

from .arguments import check_types, is_int
from .autograd import grad_mode
from .creation import torch_linspace
from .dtypes import bool_
from .ops import statistics_more as SM
from .ops._util import not_implemented, wrap
from .ops.elementwise import DivScalar, MulScalar
from .ops.not_implemented import record_no_derivative
from .public import public
from .return_types import ReturnTypes
from .tensor import Tensor
from .torch_warnings import user_stacklevel

__all__ = [
    "aminmax", "corrcoef", "cov", "cumulative_trapezoid", "histc", "mode", "nanmedian", "nanquantile", "narrow_copy",
    "quantile", "trapezoid", "trapz", "unique_consecutive",
]

_MODES = ("linear", "lower", "higher", "midpoint", "nearest")


def _c_double(value):
    """A double as C++'s ``<<`` prints it (six significant digits)."""
    return f"{value:g}"


# -- quantile -------------------------------------------------------------------------------------------------
def _quantile(name, input, q, dim, keepdim, interpolation, ignore_nan):
    """torch's ``quantile_impl`` and ``quantile_compute`` (whose messages say ``quantile()`` for nanquantile too):
    the same checks in the same order, then the same graph
    (sort, view, gather, lerp_ for the linear and midpoint modes, squeeze_)."""
    if keepdim.__class__ is not bool or not isinstance(interpolation, str):
        raise TypeError(f"{name}(): keepdim and interpolation")  # replaced by torch's parser's error (public)
    scalar_q = not isinstance(q, Tensor)
    if scalar_q and not 0 <= q <= 1:
        raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {_c_double(q)}")
    if interpolation not in _MODES:
        raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, midpoint or nearest, "
                           f"but got {interpolation}")
    d = input._wrap_dim(0 if dim is None else dim) if input.ndim or dim is not None else 0
    if input.numel() == 0:
        raise RuntimeError(f"{name}() input tensor must be non-empty")
    if not scalar_q and q.ndim > 1:
        raise RuntimeError(f"{name}() q must be a scalar or 1D tensor")
    if input.dtype.np not in (np.float32, np.float64):
        raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
    qa = np.asarray(q, dtype=input.dtype.np) if scalar_q else q._data
    if not scalar_q and q.dtype != input.dtype:
        raise RuntimeError(f"{name}() q tensor must be same dtype as the input tensor")
    if not scalar_q and not ((qa >= 0) & (qa <= 1)).all():
        raise RuntimeError(f"{name}() q values must be in the range [0, 1]")
    if (input.numel() if dim is None else input.shape[d] if input.ndim else 1) > _LARGEST:
        raise RuntimeError(f"{name}() input tensor is too large")
    # the output's shape: q's size, then the reduced shape
    if dim is not None and input.ndim:
        out_shape = list(input.shape)
        if keepdim:
            out_shape[d] = 1
        else:
            del out_shape[d]
    else:
        out_shape = [1] * input.ndim if keepdim else []
    out_shape.insert(0, qa.size)
    if dim is None:
        ordered = input.flatten().sort()[0]
    elif d == input.ndim - 1:
        ordered = input.sort()[0]
    else:
        ordered = input.unsqueeze(-1).transpose(d, -1).sort()[0]
    ordered = ordered.view(*_in_shape(out_shape, ordered.shape[-1]))
    values = ordered._data
    float_t = values.dtype.type
    nan = np.isnan(values)
    if ignore_nan:
        count = (~nan).sum(axis=-1, keepdims=True).astype(np.int64)
        ranks = (qa * (count - 1).astype(values.dtype)).astype(values.dtype)
        ranks = np.where(ranks < 0, float_t(0), ranks)
    else:
        last = values.shape[-1] - 1
        ranks = (qa * float_t(last)).astype(values.dtype)
        ranks, any_nan = np.broadcast_arrays(ranks, nan.any(axis=-1, keepdims=True))
        ranks = np.where(any_nan, float_t(last), ranks).astype(values.dtype)
    if interpolation == "lower":
        ranks = np.floor(ranks)
    elif interpolation == "higher":
        ranks = np.ceil(ranks)
    elif interpolation == "nearest":
        ranks = np.round(ranks)  # half to even, as torch's round
    below = ranks.astype(np.int64)
    out = ordered.gather(-1, wrap(below))
    if interpolation in ("linear", "midpoint"):
        weights = np.full_like(ranks, 0.5) if interpolation == "midpoint" else (ranks - below).astype(ranks.dtype)
        above = ordered.gather(-1, wrap(np.ceil(ranks).astype(np.int64)))
        if interpolation == "linear" and not scalar_q and q._requires_grad and grad_mode._state.enabled:
            weights = _ranks_of_q(q, nan, ignore_nan, ranks.shape) - wrap(below)  # SubBackward0
        else:
            weights = wrap(np.ascontiguousarray(weights))
        out.lerp_(above, weights)
    if scalar_q or q.ndim == 0:
        out.squeeze_(-1)
    else:
        out.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)
    return out


_LARGEST = 2**24  # the most values torch's quantile sorts along a dim


def _ranks_of_q(q, nan, ignore_nan, shape):
    """The ranks of the quantiles ``q`` (a tensor that requires grad) among the sorted values, through torch's ops,
    for the graph torch builds from ``q`` to the linear interpolation's weights (``nan``: where the sorted values
    are NaN)."""
    if ignore_nan:
        count = wrap((~nan).sum(axis=-1, keepdims=True).astype(np.int64))
        ranks = q * (count - 1)  # MulBackward0
        return ranks.masked_fill_(ranks < 0, 0)
    last = nan.shape[-1] - 1
    ranks = MulScalar.apply(q, other=last)  # C++'s q * last_index: MulBackward1
    if tuple(ranks.shape) != tuple(shape):  # torch's broadcast_tensors expands only what needs it
        ranks = ranks.expand(*shape)
    return ranks.masked_fill(wrap(np.broadcast_to(nan.any(axis=-1, keepdims=True), shape)), last)


def _in_shape(out_shape, n):
    """torch's ``in_shape``: as long as the output's shape (q's size first): its other sizes, then the sorted dim's
    size in the last place."""
    return list(out_shape[1:]) + [n]


@public("quantile", function=False, parse=True)
def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """Mirror ``torch.quantile``: the ``q``-th quantiles of ``input`` (all elements, or along ``dim``), between the
    sorted values by ``interpolation``; torch's composition (sort, view, gather, lerp_, squeeze_)."""
    return _quantile("quantile", input, q, dim, keepdim, interpolation, False)


@public("nanquantile", function=False, parse=True)
def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """Mirror ``torch.nanquantile``: :func:`quantile` of the values that are not NaN."""
    return _quantile("quantile", input, q, dim, keepdim, interpolation, True)


# -- nanmedian, mode, aminmax ---------------------------------------------------------------------------------
@public("nanmedian", function=False, parse=True)
def nanmedian(input, dim=None, keepdim=False):
    """Mirror ``torch.nanmedian``: the lower median of the non-NaN elements (NanmedianBackward0), or
    ``(values, indices)`` along ``dim`` (NanmedianBackward1)."""
    if input.dtype is bool_:
        raise not_implemented("median_cpu" if dim is None else "median_out", bool_)
    if dim is None:
        return SM.Nanmedian.apply(input)
    indices = SM.nanmedian_along(input, dim, keepdim)
    return ReturnTypes(SM.NanmedianDim.apply(input, dim=dim, keepdim=keepdim, indices=indices), indices, "nanmedian")


@public("mode", function=False, parse=True)
def mode(input, dim=-1, keepdim=False):
    """Mirror ``torch.mode``: ``(values, indices)`` of the most frequent value along ``dim`` (the smallest of equally
    frequent ones, at its last position) (ModeBackward0)."""
    indices = SM.mode_along(input, dim, keepdim)
    return ReturnTypes(SM.ModeDim.apply(input, dim=dim, keepdim=keepdim, indices=indices), indices, "mode")


@public("aminmax", function=False, parse=True)
def aminmax(input, *, dim=None, keepdim=False):
    """Mirror ``torch.aminmax``: ``(min, max)`` over ``dim`` (or all elements), one AminmaxBackward0 node; tied
    extremes share their gradient evenly."""
    lo, hi = SM.Aminmax.apply(input, dim=dim, keepdim=keepdim)
    return ReturnTypes(lo, hi, "aminmax", ("min", "max"))


# -- cov, corrcoef --------------------------------------------------------------------------------------------
def _weights_check(kind, w, n, floating):
    if w.ndim > 1:
        raise RuntimeError(f"cov(): expected {kind} to have one or fewer dimensions but got {kind} with {w.ndim} "
                           "dimensions")
    if floating and not w.dtype.is_floating_point:
        raise RuntimeError(f"cov(): expected {kind} to have floating point dtype but got {kind} with "
                           f"{w.dtype.scalar_name} dtype")
    if not floating and (w.dtype.is_floating_point or w.dtype.category == 0):
        raise RuntimeError(f"cov(): expected {kind} to have integral dtype but got {kind} with "
                           f"{w.dtype.scalar_name} dtype")
    if w.numel() != n:
        raise RuntimeError(f"cov(): expected {kind} to have the same numel as there are observations in the input "
                           f"but got {w.numel()} != {n}")
    if n and w._data.min() < 0:
        raise RuntimeError(f"cov(): {kind} cannot be negative")


@public("cov", function=False, parse=True)
def cov(input, *, correction=1, fweights=None, aweights=None):
    """Mirror ``torch.cov``: the covariance matrix of the rows of ``input`` (variables) over its columns
    (observations), weighted by ``fweights`` and ``aweights``; torch's composition (sum, div, sub, mm, div, squeeze)."""
    if input.ndim > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an input with {input.ndim} "
                           "dimensions")
    if input.dtype.category == 0:
        raise RuntimeError("cov(): bool dtype is not supported for input")
    x = input.view(1, -1) if input.ndim < 2 else input
    n = x.shape[1]
    w = None
    if fweights is not None:
        _weights_check("fweights", fweights, n, False)
        w = fweights
    if aweights is not None:
        _weights_check("aweights", aweights, n, True)
        w = aweights if w is None else w * aweights
    w_sum = w.sum() if w is not None else wrap(np.asarray(n, np.int64))
    if w is not None and not bool(w_sum._data != 0):
        raise RuntimeError("cov(): weights sum to zero, can't be normalized")
    avg = (x * w if w is not None else x).sum(1) / w_sum
    if w is not None and correction != 0 and aweights is not None:
        norm_factor = w_sum - correction * (w * aweights).sum() / w_sum
    else:
        norm_factor = w_sum - correction
    if bool(norm_factor._data <= 0):
        warnings.warn(
            "cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of observations. "
            "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Correlation.cpp:129.)",
            UserWarning,
            stacklevel=user_stacklevel(),
        )
        norm_factor = norm_factor.detach().zero_()
    x = x - avg.unsqueeze(1)
    c = x.mm((x * w if w is not None else x).t())
    return c.true_divide(norm_factor).squeeze()


@public("corrcoef", function=False)
def corrcoef(input):
    """Mirror ``torch.corrcoef``: Pearson's correlation coefficients of the rows of ``input`` (``cov`` divided by the
    standard deviations, clipped to [-1, 1])."""
    if input.ndim > 2:
        raise RuntimeError(f"corrcoef(): expected input to have two or fewer dimensions but got an input with "
                           f"{input.ndim} dimensions")
    c = cov(input)
    if c.ndim == 0:
        return c / c
    stddev = c.diagonal().sqrt()
    c = c / stddev.view(-1, 1)
    c = c / stddev.view(1, -1)
    return c.clip(-1, 1)


# -- trapezoid ------------------------------------------------------------------------------------------------
def _mul(t, number):
    """C++'s ``tensor * double`` (MulBackward1; Python's ``x * 0.5`` records MulBackward0)."""
    return MulScalar.apply(t, other=number)


def _div(t, number):
    """C++'s ``tensor / double`` (DivBackward1)."""
    return DivScalar.apply(t, other=number)


def _slice(t, dim, start, end=None):
    return SM.OptionalEndSlice.apply(t, dim=dim, start=start, end=end)


def _x_steps(name, y, x, dim):
    """``x``'s differences along ``dim``, viewed to broadcast against ``y`` (torch's ``x_viewed``)."""
    if x.dim() == 1:
        if x.shape[0] != y.shape[dim]:
            raise RuntimeError(f"{name}: There must be one `x` value for each sample point")
        shape = [1] * y.ndim
        shape[dim] = x.shape[0]
        x = x.view(*shape)
    elif x.ndim < y.ndim:
        x = x.view(*([1] * (y.ndim - x.ndim) + list(x.shape)))
    return _slice(x, dim, 1) - _slice(x, dim, 0, -1)


def _zeros_except(y, dim):
    shape = list(y.shape)
    del shape[dim]
    return wrap(np.zeros(shape, y._data.dtype))


def _check_dx(name, dx):
    if isinstance(dx, (bool, complex)) or not isinstance(dx, (int, float)):
        if isinstance(dx, (bool, complex)):
            raise RuntimeError(f"{name}: Currently, we only support dx as a real number.")
        raise TypeError(f"{name}() received an invalid combination of arguments - got (Tensor, dx={type(dx).__name__})"
                        f", but expected one of:\n * (Tensor y, Tensor x, *, int dim = -1)\n * (Tensor y, *, Number dx "
                        "= 1, int dim = -1)\n")


@public(function=False, parse=True)
def trapezoid(y, x=None, *, dx=None, dim=-1):
    """Mirror ``torch.trapezoid``: the trapezoidal rule along ``dim``, with sample points ``x`` or spacing ``dx``
    (1 by default); torch's composition (sum, select, add, mul, sub for ``dx``; slice, sub, add, mul, sum, div for
    ``x``)."""
    if x is not None and dx is not None:
        raise TypeError("trapezoid() received an invalid combination of arguments - got (Tensor, Tensor, dx="
                        f"{type(dx).__name__}), but expected one of:\n * (Tensor y, Tensor x, *, int dim = -1)\n"
                        " * (Tensor y, *, Number dx = 1, int dim = -1)\n")
    if x is not None:
        d = y._wrap_dim(dim)
        if y.shape[d] == 0:
            return _zeros_except(y, d)
        if y.dtype.category == 0 or x.dtype.category == 0:
            raise RuntimeError("trapezoid: received a bool input for `x` or `y`, but bool is not supported")
        steps = _x_steps("trapezoid", y, x, d)
        return _div(((_slice(y, d, 0, -1) + _slice(y, d, 1)) * steps).sum(d), 2.0)
    dx = 1 if dx is None else dx
    _check_dx("trapezoid", dx)
    if y.shape[y._wrap_dim(dim)] == 0:
        return _zeros_except(y, y._wrap_dim(dim))
    if y.dtype.category == 0:
        raise RuntimeError("trapezoid: received a bool input for `y`, but bool is not supported")
    return _mul(y.sum(dim) - _mul(y.select(dim, 0) + y.select(dim, -1), 0.5), float(dx))


@public(function=False, parse=True)
def trapz(y, x=None, *, dx=None, dim=-1):
    """Mirror ``torch.trapz``: :func:`trapezoid`."""
    return trapezoid(y, x, dx=dx, dim=dim)


@public(function=False, parse=True)
def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """Mirror ``torch.cumulative_trapezoid``: the running trapezoidal rule along ``dim`` (one element fewer); torch's
    composition (slice, add, mul, cumsum, and div for ``x``)."""
    if x is not None:
        d = y._wrap_dim(dim)
        if y.dtype.category == 0 or x.dtype.category == 0:
            raise RuntimeError("cumulative_trapezoid: received a bool input for `x` or `y`, but bool is not supported")
        steps = _x_steps("cumulative_trapezoid", y, x, d)
        return _div(((_slice(y, d, 0, -1) + _slice(y, d, 1)) * steps).cumsum(d), 2.0)
    dx = 1 if dx is None else dx
    _check_dx("cumulative_trapezoid", dx)
    if y.dtype.category == 0:
        raise RuntimeError("cumulative_trapezoid: received a bool input for `y`, but bool is not supported")
    return _mul(_slice(y, dim, 0, -1) + _slice(y, dim, 1), float(dx) / 2.0).cumsum(dim)


# -- histc, unique_consecutive, narrow_copy -------------------------------------------------------------------
@public("histc", function=False, parse=True)
def histc(input, bins=100, min=0, max=0):  # noqa: A002 - torch's names
    """Mirror ``torch.histc``: counts of ``input`` in ``bins`` equal bins between ``min`` and ``max`` (the input's
    extremes if both are 0), values outside left out; the input's dtype, not differentiable."""
    if not input.dtype.is_floating_point:  # a bool input fails earlier in torch, making the bins' edges
        raise not_implemented("linspace_cpu" if input.dtype is bool_ else "histogram_cpu", input.dtype)
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    x = input._data.reshape(-1)
    lo, hi = float(min), float(max)
    nan_text = "nan"
    if lo == hi and x.size:
        if np.isnan(x).any():  # torch's vectorised aminmax makes the nan of more than one element a negative one
            lo = hi = float("nan")
            nan_text = "-nan" if x.size > 1 else "nan"
        else:
            lo, hi = float(x.min()), float(x.max())
            if x.dtype.itemsize >= 4:  # its float and double kernels start from the largest and lowest finite values
                finfo = np.finfo(x.dtype)
                lo, hi = float(np.minimum(lo, finfo.max)), float(np.maximum(hi, finfo.min))
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if not (np.isfinite(lo) and np.isfinite(hi)):
        lo_text, hi_text = (nan_text if np.isnan(v) else f"{v:g}" for v in (lo, hi))  # C++'s << of a double
        raise RuntimeError(f"torch.histc: range of [{lo_text}, {hi_text}] is not finite")
    if lo > hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    dtype = x.dtype
    edges = torch_linspace(lo, hi, bins + 1, dtype)
    inside = x[(x >= edges[0]) & (x <= edges[-1])]
    # torch's bin: (x - min) * bins / (max - min), the last edge in the last bin
    pos = ((inside.astype(dtype) - dtype.type(lo)) * dtype.type(bins) / (dtype.type(hi) - dtype.type(lo)))
    index = np.minimum(pos.astype(np.int64), bins - 1)
    hist = np.bincount(index, minlength=bins).astype(dtype)
    return wrap(hist)


@public("unique_consecutive", function=False)
def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """Mirror ``torch.unique_consecutive``: each run of equal consecutive elements (or slices along ``dim``) once,
    with where each element went and each run's length if asked. No derivative: a tensor that requires grad gets
    torch's UniqueConsecutiveBackward0 node, whose backward raises."""
    check_types("unique_consecutive", ("return_inverse", None, return_inverse, "bool"),
                ("return_counts", None, return_counts, "bool"), ("dim", None, dim, "int?"))  # all given by keyword
    x = input._data
    if dim is None:
        flat = x.reshape(-1)
        starts = np.ones(flat.size, bool)
        starts[1:] = flat[1:] != flat[:-1]
        values = flat[starts]
        inverse = (np.cumsum(starts) - 1).reshape(x.shape)
    else:
        d = input._wrap_dim(dim)
        moved = np.moveaxis(x, d, 0).reshape(x.shape[d], -1) if x.ndim else x.reshape(1, 1)
        starts = np.ones(moved.shape[0], bool)
        starts[1:] = (moved[1:] != moved[:-1]).any(axis=1)
        values = np.take(x, np.flatnonzero(starts), axis=d)
        inverse = np.cumsum(starts) - 1
    counts = np.diff(np.append(np.flatnonzero(starts), starts.size))
    out = record_no_derivative(
        wrap(np.ascontiguousarray(values)), (input,), "UniqueConsecutiveBackward0", "unique_consecutive"
    )
    if not return_inverse and not return_counts:
        return out
    extra = ([wrap(inverse.astype(np.int64))] if return_inverse else []) + (
        [wrap(counts.astype(np.int64))] if return_counts else [])
    return (out, *extra)


@public("narrow_copy", function=False, parse=True)
def narrow_copy(input, dim, start, length):
    """Mirror ``torch.narrow_copy``: a copy of ``length`` elements from ``start`` along ``dim``
    (NarrowCopyBackward0)."""
    if not is_int(dim) or not is_int(start) or not is_int(length):
        raise TypeError("narrow_copy(): arguments 'dim', 'start' and 'length' must be int")
    return SM.NarrowCopy.apply(input, dim=int(dim), start=int(start), length=int(length))
