"""Reductions and statistics of the beginner material: ``std``, ``var``, ``norm``, ``logsumexp``,
``cumsum``, ``median``, ``topk``, ``all``, ``any`` and ``histogram`` (makemore's BatchNorm and activation statistics,
d2l's preliminaries), and the other running ops ``cumprod``, ``cummax``, ``cummin`` and ``logcumsumexp``: each is
registered with ``@public`` as its Tensor method and exported as ``minigrad.<name>`` by this module's ``__all__``."""

import inspect

import numpy as np

from .arguments import (
    NUMBERS,
    call_error,
    dtype_argument,
    invalid_arguments,
    is_float,
    is_int,
    must_be_tensor,
    refuse_integer_result,
)
from .creation import torch_linspace
from .dtypes import bool_, float16
from .ops import cumsum as C
from .ops import cumulative as CU
from .ops import norm as N
from .ops import reduce as R
from .ops import softmax as SM
from .ops import statistics as ST
from .ops import topk as TK
from .ops._util import not_implemented, wrap
from .ops.inplace import apply_inplace
from .ops.not_implemented import record_not_implemented
from .ops.reduce import normalize_dims
from .public import NOT_GIVEN, REQUIRED, public, require_dim
from .return_types import ReturnTypes
from .tensor import Tensor

__all__ = [
    "all", "amax", "amin", "any", "argsort", "cummax", "cummin", "cumprod", "cumsum", "histogram", "logcumsumexp",
    "logsumexp", "median", "norm", "prod", "sort", "std", "std_mean", "topk", "var", "var_mean",
]


def _variance(op, input, dim, unbiased, keepdim, correction):
    """torch's overloads: ``std(dim, unbiased=True, keepdim=False)``, ``std(unbiased)`` and
    ``std(dim, *, correction=1, keepdim=False)``; ``grad_fn._saved_correction`` is what was passed."""
    if unbiased is None:  # given as None, which no overload of torch's takes (left out, it is NOT_GIVEN)
        raise must_be_tensor(op.word, "unbiased", None, unbiased, kind="bool")  # replaced by torch's parser's error
    unbiased = None if unbiased is NOT_GIVEN else unbiased
    if isinstance(dim, bool):  # x.std(False): the first argument is ``unbiased``
        dim, unbiased = None, dim
    elif is_int(dim):  # a numpy integer or a 0-d integer tensor is an int to torch's parser
        dim = int(dim)
    for name, value, kind in (("unbiased", unbiased, bool), ("keepdim", keepdim, bool)):
        if value is not None and value.__class__ is not kind:  # replaced by torch's parser's error (public)
            raise must_be_tensor(op.word, name, None, value, kind="bool")
    if correction is not None and not isinstance(correction, (*NUMBERS, Tensor)):
        raise must_be_tensor(op.word, "correction", None, correction, kind="Number")
    if unbiased is not None and correction is not None:
        raise TypeError(f"{op.word}() received an invalid combination of arguments: both 'unbiased' and 'correction'")
    if unbiased is not None:
        saved = correction = int(unbiased)
    elif correction is not None:
        saved = correction
    else:  # torch's (dim, unbiased=True) overload records 1; with no dim, the correction stays unset
        saved, correction = (None if dim is None else 1), 1
    saved_dim = None if dim is None else ((dim,) if isinstance(dim, int) else tuple(dim))
    return op.apply(input, dim=dim, correction=correction, keepdim=keepdim, saved=(saved_dim, saved))


@public("var", function=False, parse=True)
def var(input, dim=None, unbiased=NOT_GIVEN, keepdim=False, *, correction=None):
    """Mirror ``torch.var``: the variance over ``dim`` (all dims if None), dividing by ``N - correction``
    (``unbiased=True``, the default, is ``correction=1``)."""
    return _variance(ST.Var, input, dim, unbiased, keepdim, correction)


@public("std", function=False, parse=True)
def std(input, dim=None, unbiased=NOT_GIVEN, keepdim=False, *, correction=None):
    """Mirror ``torch.std``: the square root of :func:`var` (StdBackward0)."""
    return _variance(ST.Std, input, dim, unbiased, keepdim, correction)


@public(function=False, parse=True)
def var_mean(input, dim=None, unbiased=NOT_GIVEN, keepdim=False, *, correction=None):
    """Mirror ``torch.var_mean``: ``(var, mean)`` over ``dim``, both from one VarMeanBackward0 node."""
    return _variance(ST.VarMean, input, dim, unbiased, keepdim, correction)


@public(function=False, parse=True)
def std_mean(input, dim=None, unbiased=NOT_GIVEN, keepdim=False, *, correction=None):
    """Mirror ``torch.std_mean``: ``(std, mean)`` over ``dim``, both from one StdMeanBackward0 node."""
    return _variance(ST.StdMean, input, dim, unbiased, keepdim, correction)


def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    """Mirror ``torch.norm`` (torch's Python function, and ``Tensor.norm``, which calls it): a vector norm for ``p``
    = 2 or ``'fro'`` (the default, over at most two dims), 1, inf, or any real number, over ``dim`` (all dims if
    None), recorded as LinalgVectorNormBackward0; for another string (``'nuc'``) ``torch.linalg.matrix_norm`` over
    ``dim`` (all dims if None). Its arguments go on by position, so torch's errors are those of ``linalg_vector_norm``
    and ``linalg_matrix_norm`` (``argument 'keepdim' (position 4) must be bool``)."""
    if p == "fro" and (dim is None or is_int(dim) or len(dim) <= 2):
        p = 2
    elif isinstance(p, str):
        return _matrix_norm(input, p, dim, keepdim, dtype)
    elif p is None:
        p = 2.0
    try:
        if keepdim.__class__ is not bool:
            raise TypeError("keepdim must be a bool")  # torch's parser's error below
        return N.VectorNorm.apply(input, ord=p, dim=dim, keepdim=keepdim, dtype=dtype)
    except Exception:
        dims = [dim] if is_int(dim) else dim
        error = call_error("linalg_vector_norm", (_VECTOR_NORM,), (input, p, dims, keepdim), {"dtype": dtype})
        if error is None:
            raise
        raise error from None


@public("norm", function=False)
def _norm_method(self, p="fro", dim=None, keepdim=False, dtype=None):
    """Mirror ``Tensor.norm``: :func:`norm` of this tensor (a Python method of torch's, whose own argument errors
    name it ``Tensor.norm()``)."""
    return norm(self, p, dim, keepdim, dtype)


_norm_method.__qualname__ = "Tensor.norm"

_VECTOR_NORM = ("Tensor input, Number ord = 2, tuple of ints dim = None, bool keepdim = False, *, "
                "torch.dtype dtype = None, Tensor out = None")  # fmt: skip
_MATRIX_NORM = tuple(f"Tensor input, {o}, tuple of ints dim = {{-2,-1}}, bool keepdim = False, *, "
                     "torch.dtype dtype = None, Tensor out = None" for o in ("Number ord", 'str ord = "fro"'))


def _matrix_norm(input, p, dim, keepdim, dtype):
    """``torch.norm`` with a string ``p`` other than ``'fro'`` over at most two dims: ``torch.linalg.matrix_norm``."""
    from .linalg import matrix_norm

    dims = list(range(input.ndim)) if dim is None else [dim] if is_int(dim) else dim
    error = call_error("linalg_matrix_norm", _MATRIX_NORM, (input, p, dims, keepdim), {"dtype": dtype})
    if error is not None:
        raise error
    if p != "nuc":  # torch checks the order first
        raise RuntimeError(f"linalg.matrix_norm: Order {p} not supported.")
    if len(dims) != 2 and input.ndim >= 2:  # matrix_norm refuses fewer dims first
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(map(str, dims))}")
    return matrix_norm(input, p, dims, keepdim, dtype=dtype)


@public("logsumexp", function=False, parse=True)
def logsumexp(input, dim=REQUIRED, keepdim=False):
    """Mirror ``torch.logsumexp``: ``log(sum(exp(input)))`` over ``dim``, without overflow."""
    require_dim("logsumexp", dim)
    return SM.Logsumexp.apply(input, dim=dim, keepdim=keepdim)


@public("cumsum", function=False, parse=True)
def cumsum(input, dim=REQUIRED, *, dtype=None):
    """Mirror ``torch.cumsum``: running sums along ``dim`` (int64 for integer input)."""
    require_dim("cumsum", dim)
    if dtype is None:
        return C.Cumsum.apply(input, dim=dim, dtype=None)
    out = C.Cumsum.apply(input, dim=dim, dtype=dtype.np)
    refuse_integer_result(input, dtype)  # torch's autograd refuses the result its kernel made
    return out


@public("cumsum_", function=False, parse=True)
def cumsum_(self, dim=REQUIRED, *, dtype=None):
    """Mirror ``Tensor.cumsum_``: the running sums written into this tensor, in its dtype (CumsumBackward0)."""
    require_dim("cumsum_", dim)
    if dtype is not None and dtype is not self.dtype:
        raise RuntimeError(f"Bad in-place call: input tensor dtype {self.dtype.c_name} and output tensor dtype "
                           f"{dtype.c_name} should match")
    if self.dtype is bool_ and self.ndim:  # a 0-d tensor is its own running sum: no kernel runs
        raise not_implemented("cumsum_out_cpu", bool_)
    return apply_inplace(self, lambda a: C.Cumsum.apply(a, dim=dim, dtype=self.dtype.np))


def _running(name, method, impl):
    """``impl(input, dim, **kwargs)`` behind torch's parser of ``name(Tensor input, int dim, ...)`` as a Tensor method
    (``method``) or a function: its TypeErrors for too many positional arguments, a missing ``dim`` and one that is
    no int (an int tensor of one element is taken)."""

    allowed = {"dim", *list(inspect.signature(impl).parameters)[2:]}

    def call(input, *args, **kwargs):
        if not isinstance(input, Tensor):
            raise must_be_tensor(name, "input", 1, input)
        if len(args) > 1:
            given, takes = len(args) + (not method), "1 positional argument" if method else "2 positional arguments"
            raise TypeError(f"{name}() takes {takes} but {given} were given")
        dim = args[0] if args else kwargs.pop("dim", REQUIRED)
        require_dim(name, dim)  # the parser checks each parameter in order, then the keywords it does not have
        if not is_int(dim):
            raise must_be_tensor(name, "dim", (1 if method else 2) if args else None, dim, "int")
        for key in kwargs.keys() - allowed:
            raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
        return impl(input, int(dim), **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = impl.__doc__
    params = list(inspect.signature(impl).parameters.values())
    call.__signature__ = inspect.Signature([*params[:1], params[1].replace(kind=params[0].kind), *params[2:]])
    return call


def _cumprod(input, dim, *, dtype=None):
    """Mirror ``torch.cumprod``: running products along ``dim`` (int64 for integer input, ``dtype`` if given);
    CumprodBackward0, whose gradient is right with zeros in the input and differentiates again."""
    dtype = dtype_argument("cumprod", dtype)
    if dtype is not None and dtype.category == 0 and input.ndim and input.numel():
        raise NotImplementedError("\"cumprod_out_cpu\" not implemented for 'Bool'")
    refuse_integer_result(input, dtype)
    return CU.Cumprod.apply(input, dim=dim, dtype=None if dtype is None else dtype.np)


def _cumprod_(self, dim, *, dtype=None):
    """Mirror ``Tensor.cumprod_``: the running products written into this tensor (in its dtype)."""
    dtype = dtype_argument("cumprod_", dtype)
    if dtype is not None and dtype is not self.dtype:
        raise RuntimeError(f"Bad in-place call: input tensor dtype {self.dtype.c_name} and output tensor dtype "
                           f"{dtype.c_name} should match")  # fmt: skip
    if self.dtype is bool_ and self.ndim:  # a 0-d tensor is its own running sum: no kernel runs
        raise not_implemented("cumprod_out_cpu", bool_)
    return apply_inplace(self, lambda a: CU.Cumprod.apply(a, dim=dim, dtype=self.dtype.np))


def _running_extreme(name, op, largest):
    def impl(input, dim):
        if not input.ndim and dim not in (-1, 0):
            raise IndexError(f"{name}(): Expected reduction dim -1 or 0 for scalar but got {dim}")
        if input.numel():  # torch checks the dim of a tensor with elements only
            indices = wrap(CU.running_extreme_indices(input._data, input._wrap_dim(dim), largest))
        else:
            indices = wrap(np.zeros(input.shape, np.int64))
        return ReturnTypes(op.apply(input, dim=dim, indices=indices), indices, name)

    impl.__doc__ = (f"Mirror ``torch.{name}``: ``(values, indices)``, the running {'maxima' if largest else 'minima'}"
                    f" along ``dim`` and where each was found (the latest of equal values; NaN once seen), as "
                    f"``torch.return_types.{name}``; {op.node_name}.")  # fmt: skip
    return impl


def _logcumsumexp(input, dim):
    """Mirror ``torch.logcumsumexp``: ``log(cumsum(exp(input)))`` along ``dim`` without overflow (floating input
    only); LogcumsumexpBackward0."""
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"logcumsumexp_out_cpu\" not implemented for '{input.dtype.scalar_name}'")
    return CU.Logcumsumexp.apply(input, dim=dim)


cumprod = _running("cumprod", False, _cumprod)
public("cumprod", function=False)(_running("cumprod", True, _cumprod))
public("cumprod_", function=False)(_running("cumprod_", True, _cumprod_))
cummax = _running("cummax", False, _running_extreme("cummax", CU.Cummax, True))
public("cummax", function=False)(_running("cummax", True, _running_extreme("cummax", CU.Cummax, True)))
cummin = _running("cummin", False, _running_extreme("cummin", CU.Cummin, False))
public("cummin", function=False)(_running("cummin", True, _running_extreme("cummin", CU.Cummin, False)))
logcumsumexp = _running("logcumsumexp", False, _logcumsumexp)
public("logcumsumexp", function=False)(_running("logcumsumexp", True, _logcumsumexp))


@public("median", function=False, parse=True)
def median(input, dim=None, keepdim=False):
    """Mirror ``torch.median``: the lower median of all elements (MedianBackward0, NaN if one is NaN), or
    ``(values, indices)`` of the lower medians along ``dim`` (MedianBackward1)."""
    if dim is None:
        if input.dtype is bool_:
            raise not_implemented("median_cpu", bool_)
        return R.Median.apply(input)
    if not is_int(dim):
        raise must_be_tensor("median", "dim", None, dim, "int")
    if input.dtype is bool_:
        raise not_implemented("median_out", bool_)
    indices = R.median_along(input, dim, keepdim)
    return ReturnTypes(R.MedianDim.apply(input, dim=dim, keepdim=keepdim, indices=indices), indices, "median")


@public("topk", function=False, parse=True)
def topk(input, k, dim=-1, largest=True, sorted=True):
    """Mirror ``torch.topk``: ``(values, indices)`` of the ``k`` largest (or smallest) elements along ``dim``,
    largest first (TopkBackward0)."""
    k = int(k)  # an int, or torch's 0-d integer tensor
    indices = TK.topk_indices(input, k, dim, largest, sorted)
    return ReturnTypes(TK.Topk.apply(input, dim=dim, indices=indices), indices, "topk")


@public("sort", function=False, parse=True)
def sort(input, dim=-1, descending=False, stable=NOT_GIVEN):
    """Mirror ``torch.sort``: ``(values, indices)`` along ``dim``, ascending unless ``descending``; ties in the
    order torch's kernel leaves them (their own order with ``stable=True``, or in rows of up to 16) (SortBackward0;
    SortBackward1, torch's ``sort.stable`` overload, when ``stable=`` is given, even ``None``)."""
    overload = TK.Sort if stable is NOT_GIVEN else TK.SortStable
    _check_sort_flags("sort", dim, descending, False if stable is NOT_GIVEN or stable is None else stable)
    if input.ndim:
        order = TK.sorted_indices if stable is True else TK.unstable_sorted_indices
        indices = wrap(np.ascontiguousarray(order(input._data, input._wrap_dim(dim), descending)))
    else:
        indices = wrap(np.zeros((), np.int64))
    return ReturnTypes(overload.apply(input, dim=dim, indices=indices), indices, "sort")


@public("argsort", function=False, parse=True)
def argsort(input, dim=-1, descending=False, stable=False):
    """Mirror ``torch.argsort``: the indices that sort ``input`` along ``dim`` (not differentiable)."""
    _check_sort_flags("argsort", dim, descending, stable)
    return sort(input, dim, descending, stable)[1]


_SORT_METHOD = ("*, bool stable, int dim = -1, bool descending = False", "int dim = -1, bool descending = False")


def _check_sort_flags(function, dim, descending, stable):
    """torch's TypeError (the method's overloads) for ``descending`` or ``stable`` that is not a bool."""
    if descending.__class__ is not bool or stable.__class__ is not bool:
        given = {k: v for k, v, default in (("dim", dim, -1), ("descending", descending, False),
                                            ("stable", stable, False)) if type(v) is not type(default) or v != default}
        raise invalid_arguments(function, (), _SORT_METHOD, given)


def _truth(name, input, dim, keepdim):
    if keepdim.__class__ is not bool:
        raise TypeError(f"{name}(): keepdim must be bool")  # replaced by torch's parser's error (parse=True)
    data = input._data
    result = np.all if name == "all" else np.any
    axes = normalize_dims(input, dim)
    out = result(data.astype(bool), axis=axes, keepdims=keepdim)
    return wrap(np.asarray(out, dtype=np.uint8 if data.dtype == np.uint8 else np.bool_))


@public("all", function=False, parse=True)
def all(input, dim=None, keepdim=False):  # noqa: A001 - torch.all
    """Mirror ``torch.all``: whether every element (along ``dim``) is nonzero; bool (uint8 for uint8 input)."""
    return _truth("all", input, dim, keepdim)


@public("any", function=False, parse=True)
def any(input, dim=None, keepdim=False):  # noqa: A001 - torch.any
    """Mirror ``torch.any``: whether some element (along ``dim``) is nonzero; bool (uint8 for uint8 input)."""
    return _truth("any", input, dim, keepdim)


@public("histogram", function=False, parse=True)
def histogram(input, bins=100, *, range=None, weight=None, density=False):  # noqa: A002 - torch's name
    """Mirror ``torch.histogram``: counts of ``input`` in ``bins`` equal bins between its min and max (or
    ``range``), or in the bins that a tensor of edges gives; ``(hist, bin_edges)``, not differentiable."""
    if not isinstance(bins, Tensor) and not is_int(bins) or isinstance(bins, Tensor) and range is not None:
        raise TypeError("histogram(): no overload takes these arguments")  # replaced by torch's parser's error
    if not isinstance(bins, Tensor) and (not input.dtype.is_floating_point or input.dtype is float16):
        raise not_implemented("histogramdd", input.dtype)  # bins counted: torch's histogramdd (no float16 version)
    x = input._data.reshape(-1)
    dtype = x.dtype
    _check_histogram_tensors(input, bins, weight)
    if not input.dtype.is_floating_point:  # bins given: torch's histogram kernel, which has a float16 version
        raise not_implemented("histogram_cpu", input.dtype)
    if is_int(bins) and bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    if isinstance(bins, Tensor):
        edges = bins._data.astype(dtype)
    else:
        lo, hi = _histogram_range(range) if range is not None else _extent(x)
        edges = torch_linspace(lo, hi, bins + 1, dtype)
    w = None if weight is None else weight._data.reshape(-1)
    if edges.size > 1 and np.any(np.diff(edges) < 0):  # edges out of order: torch's binary search all the same
        hist = _unordered_histogram(x, edges, w)
    else:
        hist, _ = np.histogram(x, bins=edges.astype(np.float64), weights=w)
    hist = hist.astype(dtype)
    if density:  # torch divides by the total, then by each bin's width
        hist = (hist / dtype.type(hist.sum())).astype(dtype) / np.diff(edges)
    hist, edges = wrap(hist.astype(dtype)), wrap(edges)
    _no_derivative(hist, edges, (input, bins, weight))
    return ReturnTypes(hist, edges, "histogram", ("hist", "bin_edges"))


def _no_derivative(hist, edges, inputs):
    """torch's one NotImplemented node for both outputs when an input requires grad (makemore plots
    ``torch.histogram`` of activations that do): the counts are its output 0, the edges its output 1."""
    if record_not_implemented(hist, inputs, "aten::histogram").grad_fn is not None:
        edges.grad_fn, edges._requires_grad, edges._output_nr = hist.grad_fn, True, 1
        hist.grad_fn._num_outputs = 2


_C_TYPE = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int", "int32": "int",
           "int16": "short int", "int8": "signed char", "uint8": "unsigned char", "bool": "bool"}


def _check_histogram_tensors(input, bins, weight):
    """torch's ``histogramdd_check_inputs`` for the edges given as a tensor and the weights."""
    dtype = _C_TYPE.get(input._data.dtype.name)
    if isinstance(bins, Tensor):
        if bins.dtype is not input.dtype:
            raise RuntimeError("torch.histogramdd: input tensor and bins tensors should have the same dtype, but got "
                               f"input with dtype {dtype} and bins for dimension 0 with dtype "
                               f"{_C_TYPE.get(bins._data.dtype.name)}")  # fmt: skip
        if bins.ndim != 1:
            raise RuntimeError(f"torch.histogramdd: bins tensor should have one dimension, but got {bins.ndim} "
                               "dimensions in the bins tensor for dimension 0")  # fmt: skip
        if not bins.numel():
            raise RuntimeError("torch.histogramdd: bins tensor should have at least 1 element, but got 0 elements in "
                               "the bins tensor for dimension 0")  # fmt: skip
        if bins.numel() == 1:
            raise RuntimeError("torch.histogram(): bins must be > 0, but got 0 for dimension 0")
    if weight is not None:
        if weight.dtype is not input.dtype:
            raise RuntimeError("torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should "
                               f"have the same dtype, but got input({dtype}), and "
                               f"weight({_C_TYPE.get(weight._data.dtype.name)})")  # fmt: skip
        if weight.numel() != input.numel():
            raise RuntimeError("torch.histogramdd: if weight tensor is provided it should have the same shape as the "
                               "input tensor excluding its innermost dimension, but got input with shape "
                               f"[{input.numel()}, 1] and weight with shape [{weight.numel()}]")  # fmt: skip


def _histogram_range(range):  # noqa: A002 - torch's name
    """``range`` as ``(min, max)``, after torch's checks."""
    if not isinstance(range, (tuple, list)) or [v for v in range if not is_float(v)]:  # all and any are torch's here
        raise TypeError("histogram(): range must be floats")  # replaced by torch's parser's error (parse=True)
    if len(range) != 2:
        raise RuntimeError(f"torch.histogramdd: for a 1-dimensional histogram range should have 2 elements, but got "
                           f"{len(range)}")  # fmt: skip
    lo, hi = float(range[0]), float(range[1])
    if lo > hi:
        raise RuntimeError(f"torch.histogramdd: min should not exceed max, but got min {lo:g} max {hi:g} for "
                           "dimension 0")  # fmt: skip
    if not (np.isfinite(lo) and np.isfinite(hi)):
        raise RuntimeError(f"torch.histogramdd: dimension 0's range [{lo:g}, {hi:g}] is not finite")
    return lo, hi


def _unordered_histogram(x, edges, weight):
    """torch's counts for edges out of order: each element between the first and the last edge goes to the bin
    before the edge ``std::upper_bound`` finds by its binary search (the last edge counts in the last bin)."""
    hist = np.zeros(edges.size - 1, np.float64)
    for i, value in enumerate(x.tolist()):
        if not edges[0] <= value <= edges[-1]:
            continue
        first, count = 0, edges.size
        while count > 0:  # libstdc++'s upper_bound, step by step
            step = count // 2
            if not value < edges[first + step]:
                first, count = first + step + 1, count - step - 1
            else:
                count = step
        hist[min(first - 1, edges.size - 2)] += 1 if weight is None else weight[i]
    return hist


def _extent(x):
    if not x.size:
        return 0.0, 0.0
    lo, hi = float(x.min()), float(x.max())
    if lo == hi:  # torch widens an empty range by 0.5 on each side
        lo, hi = lo - 0.5, hi + 0.5
    return lo, hi


_PROD = ((), (("int", "dim"), ("bool", "keepdim = False")))


@public(function=False, parse=True)
def prod(input, dim=NOT_GIVEN, keepdim=False, *, dtype=None, _method=False):
    """Mirror ``torch.prod``: the product of all elements (ProdBackward0) or along one ``dim`` (ProdBackward1);
    integer and bool input gives int64. The gradient is right with zeros in the input, as torch's."""
    if dim is NOT_GIVEN:
        if keepdim is not False:
            raise TypeError("prod(): keepdim without dim")  # replaced by torch's parser's error (parse=True)
        dim = None
    elif dim is None:
        raise TypeError("prod(): dim=None")  # replaced by torch's parser's error (parse=True)
    if dim is not None and not isinstance(dim, (int, np.integer)):
        if _method:
            raise TypeError(
                f"prod() received an invalid combination of arguments - got ({type(dim).__name__}), but expected one "
                "of:\n * (*, torch.dtype dtype = None)\n * (int dim, bool keepdim = False, *, torch.dtype dtype = None)"
                "\n"
            )
        raise TypeError(
            "prod() received an invalid combination of arguments - got (Tensor, dim=" + type(dim).__name__ + "), "
            "but expected one of:\n * (Tensor input, *, torch.dtype dtype = None)\n * (Tensor input, int dim, "
            "bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)\n"
        )
    a = input if dtype is None else input.to(dtype)
    out = R.as_asked(R.Prod.apply(a) if dim is None else R.ProdDim.apply(a, dim=int(dim), keepdim=keepdim), dtype)
    if dtype is not None:
        refuse_integer_result(input, dtype)  # torch's autograd refuses the result its kernel made
    return out


@public("prod", function=False, parse=True)
def _prod_method(self, dim=NOT_GIVEN, keepdim=False, *, dtype=None):
    """Mirror ``Tensor.prod``: :func:`prod` (with the method's message for a dim that is not an int)."""
    return prod(self, dim, keepdim, dtype=dtype, _method=True)


@public("amax", function=False, parse=True)
def amax(input, dim=(), keepdim=False):
    """Mirror ``torch.amax``: the largest elements over ``dim`` (an int or a tuple; ``()``, the default, is every
    dim); unlike ``max``, tied maxima share the gradient evenly (AmaxBackward0)."""
    return R.Amax.apply(input, dim=dim, keepdim=keepdim)


@public("amin", function=False, parse=True)
def amin(input, dim=(), keepdim=False):
    """Mirror ``torch.amin``: the smallest elements over ``dim`` (``()`` is every dim); tied minima share the
    gradient evenly (AminBackward0)."""
    return R.Amin.apply(input, dim=dim, keepdim=keepdim)
