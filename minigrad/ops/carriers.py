"""What a backward computes with: numpy arrays, or Tensors when a graph of the backward itself is wanted.

An op's derivative (its ``formula``, or a ``backward`` written against ``F``) uses Python's operators and the
functions below, which both carriers provide with the same meaning: ``ARRAYS`` works on numpy arrays and is
the engine's fast path; ``TENSORS`` builds the same values from minigrad's differentiable ops
(``create_graph=True``, hooks that need tensors, an observer). Both compute the same numbers in the same order,
so the two paths agree to the bit (``tests/test_fingerprints.py``).

Method calls in a formula (``grad.expand(self.shape)``) are read as these functions (``expand(grad, ...)``).
``constant(array)`` is a numpy array the backward computed itself (a mask), as the carrier's value.
"""

import functools
import math
import operator

import numpy as np

from ..autograd.engine import sum_to_array
from ..fused_multiply_add import fma, fnma
from ..tensor import Tensor
from ._util import HALF, mean_of, power_scalar, precise, rsqrt_of


def _unsqueeze_dims_array(grad, dim, keepdim):
    if keepdim:
        return grad
    for d in dim:
        grad = np.expand_dims(grad, d)
    return grad


def reciprocal_or_zero(t):
    """``1 / t``, 0 where ``t`` is 0: torch's atan2_backward (ReciprocalBackward0 then MaskedFillBackward0)."""
    return t.reciprocal().masked_fill(t == 0, 0)


def _reciprocal_or_zero_array(a):
    return np.where(a == 0, 0, np.reciprocal(a)).astype(a.dtype, copy=False)


def unsqueeze_to(grad, sizes, dims=None):
    """torch's ``unsqueeze_to``: ``grad`` unsqueezed at each dim of ``sizes`` (of ``dims``, if given) that has
    size 1, one UnsqueezeBackward0 each (squeeze's backward)."""
    n = len(sizes)
    wanted = range(n) if dims is None else {d % n for d in ((dims,) if isinstance(dims, int) else dims)} if n else ()
    for d in sorted(wanted):
        if sizes[d] == 1:
            grad = grad.unsqueeze(d)
    return grad


def restore_reduced_dims(t, dim, keepdim):
    """torch's ``restore_reduced_dims``: the reduced dims put back as size 1 by one reshape (ViewBackward0)."""
    if keepdim:
        return t
    shape = list(t.shape)
    for d in sorted(dim):
        shape.insert(d, 1)
    return t.reshape(shape)


def _sum_array(a, dim=None, keepdim=False):
    """A sum (over ``dim`` if given, as ``Tensor.sum``); a bool mask's count is a Python int (torch divides by an
    int64 tensor, which keeps the float dtype; numpy would promote a float32 array divided by a numpy int64 to
    float64)."""
    if dim is not None:
        return np.asarray(a.sum(axis=dim, keepdims=keepdim))  # an array even when every dim is summed
    return int(np.count_nonzero(a)) if a.dtype == np.bool_ else a.sum()


def _sum_tensor(t, dim=None, keepdim=False):
    return t.sum() if dim is None else t.sum(dim, keepdim=keepdim)


def embed(grad, shape, key):
    """Zeros of ``shape`` with ``grad`` placed at ``key`` (added up where indices repeat): the backward of
    indexing on arrays, and the forward of the Embed nodes that record it on Tensors."""
    out = np.zeros(shape, dtype=grad.dtype)
    if any(isinstance(k, np.ndarray) for k in key):
        np.add.at(out, key, grad)  # repeated indices must add up
    else:
        out[key] = grad
    return out


def inverse_permutation(dims):
    """The permutation that undoes ``dims`` (``permute``'s gradient)."""
    return tuple(int(i) for i in np.argsort(dims))


_SAME_SIZE_INT = {2: np.int16, 4: np.int32, 8: np.int64}
_NUMPY = (np.ndarray, np.generic)  # a gradient on arrays: a 0-d result of numpy arithmetic is a numpy scalar


def _where_array(condition, x, y):
    """``np.where(condition, x, y)``. A gradient kept where a mask holds and 0 elsewhere (relu's, clamp's and max's
    backward: torch fills zeros, so an inf or nan gradient at a zeroed position gives 0, not nan) is computed by
    clearing the gradient's bits where it is zeroed: the same values, faster than ``np.where`` from 4096 elements on
    (measured: 3.9 against 5.2 us at 4096, 8.1 against 18.9 us at 16384), whose choice between an array and a
    number branches on every element of a random mask."""
    if type(y) is int and y == 0 and isinstance(x, _NUMPY):
        return _masked(x, condition, keep=True)
    if type(x) is int and x == 0 and isinstance(y, _NUMPY):
        return _masked(y, condition, keep=False)
    return np.where(condition, x, y)


def _masked(a, condition, keep):
    """``a`` where ``condition`` is ``keep``, +0. elsewhere."""
    shape = condition.shape if type(condition) is np.ndarray else np.shape(condition)
    if a.ndim == 0 and shape == ():
        return a if bool(condition) == keep else np.zeros((), a.dtype)
    if a.size < 4096 or shape != a.shape or a.dtype.kind != "f":  # below 4096: np.where is faster
        return np.where(condition, a, 0) if keep else np.where(condition, 0, a)
    ints = _SAME_SIZE_INT[a.itemsize]
    bits = condition.view(np.uint8).astype(ints)  # 1 where the condition holds, else 0
    if keep:
        np.negative(bits, out=bits)  # all bits set where a is kept
    else:
        bits -= 1
    bits &= a.view(ints)
    return bits.view(a.dtype)


def _times_number_array(a, number):
    """``a * number`` as torch's ``mul`` with a Scalar computes it: a float16 array and the number in float32, the
    product rounded once (numpy's ``*`` would round the number to float16 first)."""
    if a.dtype is HALF:
        return (a.astype(np.float32) * np.float32(number)).astype(HALF)
    return a * number


def _value_array(v):
    """What an op kept on ``ctx``, as numpy sees it: a tensor's array, anything else as it is."""
    return v._data if isinstance(v, Tensor) else v


class _Carrier:
    """The functions a backward may call; ``ARRAYS`` and ``TENSORS`` fill them in."""

    def __init__(self, name, **functions):
        self.name = name
        self.__dict__.update(functions)
        self.namespace = dict(functions, math=math)  # the globals a compiled formula runs with

    def __repr__(self):
        return f"<carrier {self.name}>"


ARRAYS = _Carrier(
    "arrays",
    cos=functools.partial(precise, np.cos),  # the same kernels as the ops' forwards
    sin=functools.partial(precise, np.sin),
    cosh=functools.partial(precise, np.cosh),
    sinh=functools.partial(precise, np.sinh),
    rsqrt=rsqrt_of,
    reciprocal=np.reciprocal,
    reciprocal_or_zero=_reciprocal_or_zero_array,
    sigmoid=lambda a: 1 / (1 + precise(np.exp, -a)),  # the Sigmoid op's forward
    tanh=functools.partial(precise, np.tanh),
    log1p=functools.partial(precise, np.log1p),
    sign=np.sign,
    sgn=np.sign,
    floor=np.floor,
    log=functools.partial(precise, np.log),
    exp=functools.partial(precise, np.exp),
    where=_where_array,
    zeros_like=np.zeros_like,
    pow=power_scalar,
    t=lambda a: a.T,  # t() of at most 2 dims (0-d, 1-d: itself); .T skips np.transpose's Python wrapper
    transpose=lambda a, d0, d1: np.swapaxes(a, d0, d1) if np.ndim(a) else a,  # a 0-d gradient: itself, as torch's
    permute=np.transpose,
    inverse_permutation=inverse_permutation,
    flip=np.flip,
    roll=lambda a, shifts, dims: np.roll(a, shifts, dims) if dims else np.roll(a, shifts[0]),
    rot90=np.rot90,
    xlogy=lambda x, y: _binary_functions().xlogy_kernel(x, y),
    diagonal=lambda a, offset, dim1, dim2: np.diagonal(a, offset, dim1, dim2),
    masked_fill=lambda a, mask, value: np.where(mask, value, a),
    isfinite=np.isfinite,
    tril=np.tril,
    triu=np.triu,
    reshape=np.reshape,
    expand=np.broadcast_to,
    sum_to_size=sum_to_array,
    unsqueeze_dims=_unsqueeze_dims_array,
    restore_reduced_dims=_unsqueeze_dims_array,
    unsqueeze_to=lambda grad, sizes, dims=None: np.reshape(grad, sizes),
    unsqueeze=np.expand_dims,
    squeeze=np.squeeze,
    mm=np.matmul,
    matmul=lambda a, b: _linalg().bmm_kernel(a, b) if a.ndim > 2 and b.ndim > 2 else np.matmul(a, b),  # as Tensors'
    bmm=lambda a, b: _linalg().bmm_kernel(a, b),
    outer=np.outer,
    split=lambda a, sizes, dim: np.split(a, np.cumsum(sizes)[:-1], axis=dim),
    unbind=lambda a, dim: tuple(np.moveaxis(a, dim, 0)),
    cat=lambda arrays, dim: np.concatenate(arrays, axis=dim),
    stack=lambda arrays, dim: np.stack(arrays, axis=dim),
    shape=np.shape,
    sum=_sum_array,
    mean=mean_of,
    value=_value_array,
    constant=lambda a: a,
    fma=fma,
    fnma=fnma,
    cumprod=lambda a, dim: _cumulative().running_product(a, dim),  # the Cumprod op's arithmetic
    narrow=lambda a, dim, start, length: a[(slice(None),) * dim + (slice(start, start + length),)],
    scalar_mul=lambda a, b, wrapped=None: a * b,  # TENSORS: torch's C++ Scalar overloads (_scalar_overloads)
    times_number=_times_number_array,  # a formula's explicit Scalar product (float16's addcmul)
    scalar_div=lambda a, b, wrapped=None: a / b,
    scalar_add=lambda a, b, wrapped=None: a + b,
    scalar_sub=lambda a, b, wrapped=None: a - b,
)


def _binary_functions():
    from . import binary_functions  # it imports Op, which imports this module

    return binary_functions


def _linalg():
    from . import linalg  # it imports Op, which imports this module

    return linalg


def _cumulative():
    from . import cumulative  # it imports Op, which imports this module

    return cumulative


def _tensor_functions():
    from .. import functional as F
    from .. import pointwise, tensor_tools

    return dict(
        cos=F.cos,
        sin=F.sin,
        cosh=F.cosh,
        sinh=F.sinh,
        rsqrt=F.rsqrt,
        reciprocal=F.reciprocal,
        reciprocal_or_zero=reciprocal_or_zero,
        sigmoid=F.sigmoid,
        tanh=F.tanh,
        log1p=F.log1p,
        sign=F.sign,
        sgn=F.sgn,
        floor=pointwise.floor,
        log=F.log,
        exp=F.exp,
        where=F.where,
        zeros_like=lambda t: t.new_zeros(t.shape),
        pow=F.pow,
        t=F.t,
        transpose=F.transpose,
        permute=F.permute,
        inverse_permutation=inverse_permutation,
        flip=lambda t, dims: t.flip(dims),
        cumprod=lambda t, dim: t.cumprod(dim),
        narrow=lambda t, dim, start, length: t.narrow(dim, start, length),
        roll=lambda t, shifts, dims: t.roll(shifts, dims),
        rot90=lambda t, k, dims: t.rot90(k, dims),
        xlogy=F.xlogy,
        diagonal=lambda t, offset, dim1, dim2: t.diagonal(offset, dim1, dim2),
        masked_fill=pointwise.masked_fill,
        isfinite=tensor_tools.isfinite,
        tril=tensor_tools.tril,
        triu=tensor_tools.triu,
        reshape=F.reshape,
        expand=lambda t, shape: t.expand(shape),
        sum_to_size=lambda t, shape: t.sum_to_size(shape),
        unsqueeze_dims=lambda t, dim, keepdim: t if keepdim else _unsqueeze_all(t, dim),
        restore_reduced_dims=restore_reduced_dims,
        unsqueeze_to=unsqueeze_to,
        unsqueeze=F.unsqueeze,
        squeeze=F.squeeze,
        mm=F.mm,
        matmul=F.matmul,
        bmm=F.bmm,
        outer=F.outer,
        split=lambda t, sizes, dim: t.split(list(sizes), dim),
        unbind=lambda t, dim: t.unbind(dim),
        cat=F.cat,
        stack=F.stack,
        shape=lambda t: tuple(t.shape),
        sum=_sum_tensor,
        mean=lambda t, dim, keepdim=False: t.mean(dim, keepdim=keepdim),
        value=lambda v: v,
        constant=Tensor._wrap,
        **_scalar_overloads(),
    )


def _scalar_overloads():
    """Tensor arithmetic as torch's C++ formulas do it (:class:`minigrad.ops.derivative._ScalarOverloads`): a Tensor
    with a number is the Scalar overload (``mul(Scalar)``: MulBackward1, DivBackward1, AddBackward1, SubBackward1);
    a number minus or over a Tensor fills a tensor with the number first (SubBackward0, DivBackward0)."""
    from . import elementwise as E

    def number(v):
        return isinstance(v, (int, float)) and not isinstance(v, Tensor)

    def overload(scalar_op, operator, filled_op=None):
        def apply(a, b, wrapped=(False, False)):
            if wrapped[0] and number(a) or wrapped[1] and number(b):  # an input torch wrapped in a tensor
                return operator(a, b)
            if isinstance(a, Tensor) and number(b):
                return scalar_op.apply(a, other=b)
            if number(a) and isinstance(b, Tensor):
                if filled_op is None:  # commutative: b.op(a)
                    return scalar_op.apply(b, other=a)
                return filled_op.apply(Tensor._wrap(np.full(b._data.shape, a, dtype=b._data.dtype)), b)
            return operator(a, b)

        return apply

    return dict(
        scalar_mul=overload(E.MulScalar, operator.mul),
        times_number=overload(E.MulScalar, operator.mul),
        scalar_div=overload(E.DivScalar, operator.truediv, E.Div),
        scalar_add=overload(E.AddScalar, operator.add),
        scalar_sub=overload(E.SubScalar, operator.sub, E.Sub),
    )


def _unsqueeze_all(t, dims):
    for d in dims:
        t = t.unsqueeze(d)
    return t


class _LazyTensorCarrier(_Carrier):
    """``TENSORS``: its functions are minigrad's own ops, looked up when first used (they import this module)."""

    def __init__(self):
        self.name = "tensors"
        self._ready = False

    def __getattr__(self, name):
        if name.startswith("__") or self.__dict__.get("_ready"):
            raise AttributeError(name)
        _Carrier.__init__(self, "tensors", **_tensor_functions())
        self._ready = True
        return getattr(self, name)


TENSORS = _LazyTensorCarrier()
