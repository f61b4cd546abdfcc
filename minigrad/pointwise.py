"""Elementwise and reordering functions of the beginner material: ``log10``, ``round``, ``//``,
``masked_fill``, ``scatter``, ``flip``, ``narrow`` and ``softmax``/``log_softmax`` (as ``torch.softmax``
and Tensor methods; ``F.softmax`` is in :mod:`minigrad.nn.activation`): each is registered with ``@public`` as
its Tensor methods and exported as ``minigrad.<name>`` by this module's ``__all__``."""

import warnings

import numpy as np

from . import dtypes
from .arguments import (
    NUMBERS,
    OPERANDS,
    call_error,
    invalid_arguments,
    is_float,
    is_int,
    must_be_tensor,
    parsed_number,
    recorded_signatures,
    refuse_integer_result,
    sizes_argument,
    sizes_or_keyword,
)
from .autograd import grad_mode
from .ops import elementwise as E
from .ops import indexing as X
from .ops import scatter as SC
from .ops import shape as S
from .ops import softmax as SM
from .ops._util import (
    as_tensor_operand,
    check_broadcast,
    data,
    infer_size,
    not_implemented,
    promoted,
    scalar_as,
    wrap,
)
from .ops.inplace import apply_inplace, has_internal_overlap
from .ops.not_implemented import record_not_implemented
from .public import REQUIRED, public, require_dim
from .size import shape_text
from .tensor import Tensor
from .torch_warnings import internal, user_stacklevel, warn_once
from .tracebacks import shown_here

__all__ = [
    "flip", "floor", "floor_divide", "log10", "log_softmax", "masked_fill", "narrow", "remainder", "round", "scatter",
    "softmax", "clamp_max", "clamp_min", "gather", "index_add", "index_select", "select", "ceil", "trunc", "fix",
    "frac", "roll", "movedim", "moveaxis", "masked_select", "fliplr", "flipud", "rot90", "take_along_dim", "diff",
    "logit", "fmod", "deg2rad", "rad2deg",
]


@public("log10", inplace="log10_", function=False)
def log10(input):
    """Mirror ``torch.log10``."""
    return E.Log10.apply(input)


@public("logit", inplace="logit_", function=False, parse=True)
def logit(input, eps=None):
    """Mirror ``torch.logit``: ``log(x / (1 - x))``, the inverse of sigmoid, ``x`` first clamped to
    ``[eps, 1 - eps]`` when ``eps`` is given (LogitBackward0: the gradient is 0 outside that range, NaN outside
    [0, 1] without ``eps``)."""
    if isinstance(eps, Tensor) and is_float(eps):  # torch's parser reads a 0-d tensor that needs no grad as a float
        eps = float(eps.item())
    if eps is not None and not isinstance(eps, (int, float)) or isinstance(eps, bool):
        raise must_be_tensor("logit", "eps", None, eps, "float")
    return E.Logit.apply(input, eps=None if eps is None else float(eps))


@public("round", inplace="round_", function=False, parse=True)
def round(input, *, decimals=0):  # noqa: A001 - torch.round
    """Mirror ``torch.round``: to the nearest integer, halves to even (RoundBackward0), or to ``decimals``
    decimal places (RoundBackward1); the gradient is zero."""
    if decimals:
        return E.RoundDecimals.apply(input, decimals=decimals)
    return E.Round.apply(input)


_FLOOR_DIVIDE = (
    ("Tensor input, Tensor other, *, Tensor out = None", "Tensor input, Number other"),
    ("Tensor other", "Number other"),
)
_REMAINDER = (
    ("Tensor input, Tensor other, *, Tensor out = None", "Number self, Tensor other",
     "Tensor input, Number other, *, Tensor out = None"),
    ("Tensor other", "Number other"),
)


@public("floor_divide", "__floordiv__", inplace="floor_divide_", function=False, binary=_FLOOR_DIVIDE,
        inplace_operator="__ifloordiv__")
def floor_divide(input, other):
    """Mirror ``torch.floor_divide`` and ``//``: the quotient rounded down. torch has no derivative for it:
    the result of a tensor that requires grad has a NotImplemented node, and backward through it raises."""
    operands = promoted(input, other)
    if operands is None:
        return NotImplemented
    a, want = operands
    if want is dtypes.bool_:
        raise not_implemented("div_floor_cpu", want)
    x, y = a._data.astype(want.np, copy=False), np.asarray(data(other)).astype(want.np)
    if want.category < 2 and np.any(y == 0):
        raise RuntimeError("ZeroDivisionError")
    with np.errstate(divide="ignore", invalid="ignore"):
        out = wrap(np.asarray(np.floor_divide(x, y)))
    return record_not_implemented(out, (a, other) if isinstance(other, Tensor) else (a,), "aten::floor_divide")


public.reflected(floor_divide, "__rfloordiv__", "number // tensor")


def alias_method(name, target):
    """torch's alias ``Tensor.<name>`` of the method ``target`` (``true_divide_`` of ``div_``), whose wrong calls
    torch's parser refuses under the alias's own name and signatures (``true_divide_`` takes no rounding_mode)."""
    signatures = recorded_signatures().get(f"torch.Tensor.{name}")

    def method(self, *args, **kwargs):
        if kwargs and signatures:  # a keyword the alias lacks would pass its target (x.true_divide_(2, rounding_mode=))
            error = call_error(name, signatures, args, kwargs)
            if error is not None:
                raise shown_here(error)
        try:
            return target(self, *args, **kwargs)
        except TypeError as error:
            raise shown_here(signatures and call_error(name, signatures, args, kwargs) or error) from None

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Mirror ``Tensor.{name}``: torch's alias of ``{target.__name__}``."
    method.__wrapped__ = getattr(target, "__wrapped__", target)
    return method


# torch's aliases of in-place methods
for _alias, _target in (("clip_", "clamp_"), ("negative_", "neg_"), ("subtract_", "sub_"), ("multiply_", "mul_"),
                        ("divide_", "div_"), ("true_divide_", "div_")):
    setattr(Tensor, _alias, alias_method(_alias, getattr(Tensor, _target)))


@public("floor", inplace="floor_", function=False)
def floor(input):
    """Mirror ``torch.floor``: rounded down (FloorBackward0; the gradient is zero)."""
    return E.Floor.apply(input)


@public("ceil", inplace="ceil_", function=False)
def ceil(input):
    """Mirror ``torch.ceil``: rounded up (CeilBackward0; the gradient is zero)."""
    return E.Ceil.apply(input)


@public("trunc", "fix", inplace="trunc_", function=False)
def trunc(input):
    """Mirror ``torch.trunc``: rounded toward zero (TruncBackward0; the gradient is zero)."""
    return E.Trunc.apply(input)


fix = trunc  # torch.fix is torch.trunc


@public("frac", inplace="frac_", function=False)
def frac(input):
    """Mirror ``torch.frac``: ``input - trunc(input)`` (FracBackward0; the gradient passes through)."""
    return E.Frac.apply(input)


@public("remainder", "__mod__", inplace="remainder_", function=False, binary=_REMAINDER,
        inplace_operator="__imod__")
def remainder(input, other):
    """Mirror ``torch.remainder`` and ``%``: the remainder with the divisor's sign, as Python's ``%``
    (RemainderBackward0 for a number, RemainderBackward1 for a tensor)."""
    if not isinstance(input, OPERANDS) or not isinstance(other, OPERANDS):
        return NotImplemented
    if not isinstance(input, Tensor):  # number % tensor: torch has no derivative for it
        a = as_tensor_operand(input, other)
        with grad_mode.no_grad():
            out = E.RemainderTensor.apply(a, other)
        return record_not_implemented(out, (other,), "aten::remainder")
    if isinstance(other, Tensor):
        check_broadcast(input, other)
        return E.RemainderTensor.apply(input, other)
    return E.Remainder.apply(input, other=parsed_number(other))


public.reflected(remainder, "__rmod__", "number % tensor")



_FMOD = (("Tensor input, Tensor other, *, Tensor out = None", "Tensor input, Number other, *, Tensor out = None"),
         ("Tensor other", "Number other"))


@public("fmod", inplace="fmod_", function=False, binary=_FMOD)
def fmod(input, other):
    """Mirror ``torch.fmod``: the remainder with the dividend's sign, as C's ``fmod`` (FmodBackward0 for a number,
    FmodBackward1 for a tensor)."""
    if not isinstance(input, Tensor) or not isinstance(other, OPERANDS):
        return NotImplemented
    if isinstance(other, Tensor):
        check_broadcast(input, other)
        return E.FmodTensor.apply(input, other)
    return E.Fmod.apply(input, other=parsed_number(other))


@public("deg2rad", inplace="deg2rad_", function=False)
def deg2rad(input):
    """Mirror ``torch.deg2rad``: degrees to radians, ``input * (pi / 180)`` (Deg2RadBackward0)."""
    return E.Deg2Rad.apply(input)


@public("rad2deg", inplace="rad2deg_", function=False)
def rad2deg(input):
    """Mirror ``torch.rad2deg``: radians to degrees, ``input * (180 / pi)`` (Rad2DegBackward0)."""
    return E.Rad2Deg.apply(input)


_MASKED_FILL = ("Tensor mask, Tensor value", "Tensor mask, Number value")


@public("masked_fill", function=False, parse=True)
def masked_fill(input, mask, value):
    """Mirror ``torch.masked_fill``: ``value`` where the bool ``mask`` is True: a number (MaskedFillBackward0) or a
    0-d tensor, cast to the input's dtype and differentiable too (MaskedFillBackward1)."""
    if not isinstance(mask, Tensor) or not isinstance(value, OPERANDS):
        raise invalid_arguments("masked_fill", (mask, value), _MASKED_FILL)
    if isinstance(value, Tensor):
        if value.ndim:
            raise RuntimeError("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                               f"{value.ndim} dimension(s).")  # fmt: skip
        refuse_integer_result(value, input.dtype)
        return E.MaskedFillTensor.apply(input, value, mask=mask)
    return E.MaskedFill.apply(input, mask=mask, value=value)


_EXPANDED_MASKED_FILL = internal(
    "Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing this "
    "operation. This also applies to advanced indexing e.g. tensor[mask] = scalar",
    "aten/src/ATen/native/TensorAdvancedIndexing.cpp:2450",
)


@public("masked_fill_", function=False, parse=True)
def _masked_fill_(self, mask, value):
    """Mirror ``Tensor.masked_fill_``: :func:`masked_fill` written into this tensor. On a tensor whose elements share
    memory (expanded), torch's deprecation warning, and the write reaches each element sharing it."""
    overlap = has_internal_overlap(self._data)
    if overlap:
        warnings.warn(_EXPANDED_MASKED_FILL, UserWarning, stacklevel=user_stacklevel())
    return apply_inplace(self, masked_fill, mask, value, writes="fill" if overlap else True, overlap=None)


@public("scatter", inplace="scatter_", function=False, overlap="any", parse=True)
def scatter(input, dim, index, src=None, *, value=None, reduce=None):
    """Mirror ``torch.scatter(input, dim, index, src)``: the elements of the tensor ``src`` written at ``index`` along
    ``dim`` (ScatterBackward0), or a number ``value`` (ScatterBackward1), as the transforms tutorial makes one-hot
    targets. With torch's deprecated ``reduce="add"`` or ``"multiply"``, they are added to or multiplied into the
    elements there instead, with no derivative (as torch's)."""
    if value is None:
        value = src
    if reduce is not None:
        return _scatter_reduced(input, dim, index, value, reduce)
    if isinstance(value, Tensor):
        return SC.Scatter.apply(input, value, dim=dim, index=index)
    if value is None:
        raise TypeError("scatter() missing 1 required positional arguments: \"value\"")
    if not isinstance(value, NUMBERS):
        raise TypeError("scatter(): src must be a tensor or a number")  # replaced by torch's parser's error (parse)
    return SC.ScatterValue.apply(input, dim=dim, index=index, value=value)


_SCATTER_REDUCE_SRC = internal(
    "The reduce argument of torch.scatter with Tensor src is deprecated and will be removed in a future PyTorch "
    "release. Use torch.scatter_reduce instead for more reduction options.",
    "aten/src/ATen/native/TensorAdvancedIndexing.cpp:225",
)


def _scatter_reduced(input, dim, index, value, reduce):
    """``scatter`` with ``reduce``: ``value`` (a tensor's elements, or a number cast to the input's dtype) added or
    multiplied in at ``index`` along ``dim``; its node is torch's NotImplemented one."""
    if reduce not in ("add", "multiply"):
        raise RuntimeError("reduce argument must be either add or multiply.")
    d = input._wrap_dim(dim)
    if isinstance(value, Tensor):
        warn_once(_SCATTER_REDUCE_SRC, stacklevel=user_stacklevel())
        if input.dtype is not value.dtype:
            raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
        SC.check_src_shape(input, d, index, value)
        values = value._data.reshape(value.shape or (1,))[tuple(slice(0, n) for n in index.shape)]
    else:
        values = scalar_as(value, input._data.dtype)
    out = input._data.copy().reshape(input.shape or (1,))
    (np.add if reduce == "add" else np.multiply).at(out, SC.index_positions("scatter", input, d, index), values)
    return record_not_implemented(wrap(out.reshape(input.shape)), (input, value), "aten::scatter")


@public("roll", function=False, parse=True)
def roll(input, shifts, dims=None):
    """Mirror ``torch.roll``: the elements shifted by ``shifts`` along ``dims`` (or through the flattened tensor),
    coming round at the ends (a copy; RollBackward0)."""
    shifts = tuple(shifts) if isinstance(shifts, (tuple, list)) else (shifts,)
    dims = () if dims is None else tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    return S.Roll.apply(input, shifts=shifts, dims=dims)


@public("movedim", "moveaxis", function=False, parse=True)
def movedim(input, source, destination):
    """Mirror ``torch.movedim`` (and ``moveaxis``): the dims at ``source`` moved to ``destination``, the others
    keeping their order (a permute, PermuteBackward0)."""
    source = list(source) if isinstance(source, (tuple, list)) else [source]
    destination = list(destination) if isinstance(destination, (tuple, list)) else [destination]
    if len(source) != len(destination):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({source} dims) should contain the "
                           f"same number of dims as destination ({destination} dims)")  # fmt: skip
    moved, to = [input._wrap_dim(d) for d in source], [input._wrap_dim(d) for d in destination]
    for name, given, dims in (("source", source, moved), ("destination", destination, to)):
        if len(set(dims)) != len(dims):
            raise RuntimeError(f"movedim: repeated dim in `{name}` ({given})")
    if not input.ndim:  # torch's movedim of a 0-d tensor: an alias of it
        return S.Alias.apply(input, shape=())
    order = [None] * input.ndim
    for s, d in zip(moved, to, strict=True):
        order[d] = s
    rest = iter(d for d in range(input.ndim) if d not in moved)
    return S.Permute.apply(input, dims=tuple(s if s is not None else next(rest) for s in order))


moveaxis = movedim  # torch.moveaxis is torch.movedim


@public("flip", function=False, parse=True)
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


@public("fliplr", function=False)
def fliplr(input):
    """Mirror ``torch.fliplr``: the columns in reverse order (``flip(1)`` of a tensor of 2 or more dims)."""
    if input.ndim < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return S.Flip.apply(input, dims=(1,))


@public("flipud", function=False)
def flipud(input):
    """Mirror ``torch.flipud``: the rows in reverse order (``flip(0)`` of a tensor of 1 or more dims)."""
    if input.ndim < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return S.Flip.apply(input, dims=(0,))


@public("rot90", function=False, parse=True)
def rot90(input, k=1, dims=(0, 1)):
    """Mirror ``torch.rot90``: ``input`` turned ``k`` quarter turns in the plane of ``dims``, from the first towards
    the second (a copy; Rot90Backward0, whose gradient is turned back by ``-k``)."""
    if not is_int(k):
        raise must_be_tensor("rot90", "k", 2, k, "int")
    if not isinstance(dims, (tuple, list)):
        raise must_be_tensor("rot90", "dims", 3, dims, "tuple of ints")
    return S.Rot90.apply(input, k=int(k), dims=tuple(dims))


@public("take_along_dim", function=False, parse=True)
def take_along_dim(input, indices, dim=None):
    """Mirror ``torch.take_along_dim``: the elements of ``input`` at ``indices`` along ``dim``, the two broadcast
    against each other elsewhere (``expand`` both, then ``gather``: GatherBackward0 over ExpandBackward0), or of the
    flattened input at the flattened indices when ``dim`` is None (over ViewBackward0)."""
    if not isinstance(indices, Tensor):
        raise must_be_tensor("take_along_dim", "indices", 2, indices)
    if dim is None:
        return gather(input.view(-1), 0, indices.view(-1))
    if input.ndim != indices.ndim:
        raise RuntimeError(
            "torch.take_along_dim(): input and indices should have the same number of dimensions, but got "
            f"{input.ndim} dimensions for input, and {indices.ndim} dimensions for indices"
        )
    if indices.dtype is not dtypes.int64:
        raise RuntimeError(
            f"torch.take_along_dim(): dtype of indices should be Long but got {indices.dtype.scalar_name}"
        )
    d = input._wrap_dim(dim)
    indices_shape = infer_size((*input.shape[:d], indices.shape[d], *input.shape[d + 1:]), indices.shape)
    input_shape = infer_size((*indices.shape[:d], input.shape[d], *indices.shape[d + 1:]), input.shape)
    return gather(input.expand(input_shape), d, indices.expand(indices_shape))


@public("diff", function=False, parse=True)
def diff(input, n=1, dim=-1, prepend=None, append=None):
    """Mirror ``torch.diff``: the ``n``-th forward difference along ``dim`` (``out[i] = x[i + 1] - x[i]``, ``n``
    times; a ``logical_xor`` for bool), after ``prepend`` and ``append`` are joined on (a cat); each difference
    is a SubBackward0 of two narrows (SliceBackward0). ``n=0`` gives a copy (CopyBackwards)."""
    if not is_int(n):
        raise must_be_tensor("diff", "n", 2, n, "int")
    for name, value in (("prepend", prepend), ("append", append)):
        if value is not None and not isinstance(value, Tensor):
            raise must_be_tensor("diff", name, None, value)
    if input.ndim < 1:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    d = input._wrap_dim(dim)
    for other in (prepend, append):
        if other is None:
            continue
        if other.ndim != input.ndim:
            raise RuntimeError("diff expects prepend or append to be the same dimension as input")
        for i in range(other.ndim):
            if i != d and other.shape[i] != input.shape[i]:
                raise RuntimeError(
                    "diff expects the shape of tensor to prepend or append to match that of input except along the "
                    f"differencing dimension; input.size({i}) = {input.shape[i]}, but got tensor.size({i}) = "
                    f"{other.shape[i]}"
                )
    if n == 0:
        from .creation import zeros_like

        return zeros_like(input).copy_(input)
    if prepend is not None or append is not None:
        from .functional import cat

        input = cat([t for t in (prepend, input, append) if t is not None], d)  # noqa: A001 - torch's name
    result, length = input, input.shape[d] - 1
    for _ in range(min(n, input.shape[d])):
        later, earlier = narrow(result, d, 1, length), narrow(result, d, 0, length)
        if input.dtype is dtypes.bool_:
            from .bitwise import logical_xor

            result = logical_xor(later, earlier)
        else:
            result = later - earlier
        length -= 1
    return result


@public("narrow", function=False, parse=True)
def narrow(input, dim, start, length):
    """Mirror ``torch.narrow``: the view ``input[..., start:start + length]`` along ``dim`` (SliceBackward0)."""
    if input.ndim == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    if isinstance(start, Tensor):  # torch's overload for a start tensor
        if start.ndim != 0 or start.dtype.category != 1:  # integers, not bool
            raise RuntimeError("start must be an 0-dim integral Tensor.")
        start = start.item()
    d = input._wrap_dim(dim)
    size = input.shape[d]
    if not (is_int(start) and is_int(length)):  # replaced by torch's parser's error (public)
        raise TypeError("narrow() takes an int start and length")
    start = int(start)
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    if not -size <= start <= size:
        raise IndexError(f"start out of range (expected to be in range of [{-size}, {size}], but got {start})")
    if start < 0:
        start += size
    if start + length > size:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return X.Slice.apply(input, dim=d, start=start, end=start + length, step=1, dim_arg=dim)


@public("softmax", function=False, parse=True)
def softmax(input, dim=REQUIRED, dtype=None):
    """Mirror ``torch.softmax`` and ``Tensor.softmax(dim)``: ``exp(x) / sum(exp(x))`` along ``dim``
    (SoftmaxBackward0); ``dtype`` converts the input first."""
    require_dim("softmax", dim)
    return SM.Softmax.apply(input if dtype is None else input.to(dtype), dim=dim)


@public("log_softmax", function=False, parse=True)
def log_softmax(input, dim=REQUIRED, dtype=None):
    """Mirror ``torch.log_softmax`` and ``Tensor.log_softmax(dim)``: ``x - log(sum(exp(x)))`` along ``dim``
    (LogSoftmaxBackward0)."""
    require_dim("log_softmax", dim)
    return SM.LogSoftmax.apply(input if dtype is None else input.to(dtype), dim=dim)


@public("masked_select", function=False, parse=True)
def masked_select(input, mask):
    """Mirror ``torch.masked_select``: the elements where the bool ``mask`` (broadcast with ``input``) is True, as
    a 1-D tensor (MaskedSelectBackward0), like ``input[mask]`` for a mask of input's shape."""
    return X.MaskedSelect.apply(input, mask=mask)


@public("clamp_min", inplace="clamp_min_", function=False, parse=True)
def clamp_min(input, min):  # noqa: A002 - torch's name
    """Mirror ``torch.clamp_min``: ``max(input, min)``, ``min`` a number (ClampMinBackward0) or a tensor
    (ClampMinBackward1)."""
    if isinstance(min, Tensor):
        return E.ClampMinTensor.apply(input, min)
    if not isinstance(min, NUMBERS):
        raise TypeError("clamp_min(): min must be a tensor or a number")  # replaced by torch's parser's error (parse)
    return E.ClampMin.apply(input, min=min)


@public("clamp_max", inplace="clamp_max_", function=False, parse=True)
def clamp_max(input, max):  # noqa: A002 - torch's name
    """Mirror ``torch.clamp_max``: ``min(input, max)``, ``max`` a number (ClampMaxBackward0) or a tensor
    (ClampMaxBackward1)."""
    if isinstance(max, Tensor):
        return E.ClampMaxTensor.apply(input, max)
    if not isinstance(max, NUMBERS):
        raise TypeError("clamp_max(): max must be a tensor or a number")  # replaced by torch's parser's error (parse)
    return E.ClampMax.apply(input, max=max)


@public("repeat", function=False, parse=True)
def _repeat(self, *sizes, repeats=None):
    """Mirror ``Tensor.repeat(*sizes)``: the tensor tiled ``sizes[i]`` times along dim i; more sizes than dims
    add leading dims (RepeatBackward0)."""
    sizes = sizes_or_keyword("repeat", "repeats", sizes, repeats)
    if not sizes:
        raise TypeError('repeat() missing 1 required positional arguments: "repeats"')
    repeats = tuple(int(s) for s in sizes_argument("repeat", "repeats", sizes))
    return S.Repeat.apply(self, repeats=repeats)


@public("gather", function=False, parse=True)
def gather(input, dim, index, *, sparse_grad=False):
    """Mirror ``torch.gather``: ``out[i][j] = input[index[i][j]][j]`` for dim 0, and so on (GatherBackward0)."""
    return SC.Gather.apply(input, dim=dim, index=index)


@public("index_select", function=False, parse=True)
def index_select(input, dim, index):
    """Mirror ``torch.index_select``: the slices at ``index`` (a 1-D integer tensor) along ``dim``, a copy
    (IndexSelectBackward0)."""
    if not isinstance(index, Tensor):
        raise must_be_tensor("index_select", "index", 2, index)
    return X.IndexSelect.apply(input, dim=dim, index=index)


@public("select", function=False, parse=True)
def select(input, dim, index):
    """Mirror ``torch.select``: the view ``input[..., index, ...]`` at ``dim`` (SelectBackward0, as ``x[i]``)."""
    for position, (name, value) in enumerate((("dim", dim), ("index", index)), 1):
        if not is_int(value):  # the method's positions, the way students call it (x.select(0, i))
            raise must_be_tensor("select", name, position, value, kind="int")
    if input.ndim == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = input._wrap_dim(dim)
    size = input.shape[d]
    if not -size <= index < size:
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {shape_text(input.shape)} at dimension {d}"
        )
    return X.Select.apply(input, dim=d, index=index, dim_arg=dim)


@public("index_add", function=False, parse=True)
def index_add(input, dim, index, source, *, alpha=1):
    """Mirror ``torch.index_add``: ``input`` with ``alpha * source`` added at ``index`` along ``dim`` (repeated
    indices add up; IndexAddBackward0)."""
    try:
        return X.IndexAdd.apply(input, source, dim=dim, index=index, alpha=alpha)
    except IndexError as error:
        raise _index_add_bounds(input, dim, index) or error  # noqa: B904


@public("index_add_", function=False, parse=True)
def _index_add_(self, dim, index, source, *, alpha=1):
    """Mirror ``Tensor.index_add_``: ``index_add`` written into this tensor."""
    try:
        return apply_inplace(self, lambda a, s: X.IndexAdd.apply(a, s, dim=dim, index=index, alpha=alpha), source,
                             overlap="any")
    except IndexError as error:
        raise _index_add_bounds(self, dim, index) or error  # noqa: B904


def _index_add_bounds(input, dim, index):
    """torch's error for an index out of range where its index_add kernel scatters (an int64 index along the first
    or the last of several dims: ``index 5 is out of bounds for dimension 0 with size 2``), or None where it says
    ``index out of range in self``."""
    if input.ndim < 2 or not isinstance(index, Tensor) or index.dtype is not dtypes.int64:
        return None
    d = dim % input.ndim
    if d not in (0, input.ndim - 1):
        return None
    size = input.shape[d]
    bad = [i for i in index._data.reshape(-1).tolist() if not 0 <= i < size]
    return RuntimeError(f"index {bad[0]} is out of bounds for dimension {d} with size {size}") if bad else None
