"""The op functions (``minigrad.add``, ``minigrad.exp``, ...) and the Tensor methods and operators
that call them. Each routes to one op class in :mod:`minigrad.ops`."""

import numpy as np

from . import dtypes
from .autograd import grad_mode
from .creation import ones_like, zeros_like  # noqa: F401 - used by formulas and re-exported
from .ops import elementwise as E
from .ops import inplace as I
from .ops import linalg as L
from .ops import reduce as R
from .ops import shape as S
from .ops._util import as_tensor_operand, wrap
from .tensor import Tensor

_SCALAR = (int, float, bool, np.number)
_OPERAND = (Tensor, *_SCALAR)


def _operand(x):
    if isinstance(x, _OPERAND):
        return x
    if isinstance(x, (list, tuple, np.ndarray)):
        from .creation import tensor

        return tensor(x)
    raise TypeError(f"unsupported operand type for a tensor op: '{type(x).__name__}'")


# -- arithmetic ------------------------------------------------------------------
def add(input, other, *, alpha=1):
    """Mirror ``torch.add(input, other, alpha=1)``: input + alpha * other, broadcasting."""
    input = as_tensor_operand(input, other if isinstance(other, Tensor) else None)
    other = _operand(other)
    return E.Add.apply(input, other) if alpha == 1 else E.Add.apply(input, other, alpha=alpha)


def sub(input, other, *, alpha=1):
    """Mirror ``torch.sub``: input - alpha * other, broadcasting."""
    if not isinstance(input, Tensor) and isinstance(other, Tensor):
        return E.Rsub.apply(other, other=input) if alpha == 1 else rsub(other, input, alpha=alpha)
    input = as_tensor_operand(input)
    other = _operand(other)
    other_is_bool = isinstance(other, (bool, np.bool_)) or getattr(other, "dtype", None) is dtypes.bool_
    if input.dtype is dtypes.bool_ and other_is_bool:
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
            "`logical_xor()` operator instead."
        )
    return E.Sub.apply(input, other) if alpha == 1 else E.Sub.apply(input, other, alpha=alpha)


def rsub(input, other, *, alpha=1):
    """Mirror ``torch.rsub``: other - alpha * input."""
    if isinstance(other, Tensor):
        return sub(other, input, alpha=alpha)
    return E.Rsub.apply(input * alpha if alpha != 1 else input, other=other)


def mul(input, other):
    """Mirror ``torch.mul``: elementwise product, broadcasting."""
    if not isinstance(input, Tensor):
        input = as_tensor_operand(input, other if isinstance(other, Tensor) else None)
    return E.Mul.apply(input, other if isinstance(other, Tensor) else _operand(other))


def div(input, other, *, rounding_mode=None):
    """Mirror ``torch.div``: true division (``number / tensor`` is ``reciprocal(tensor) * number``)."""
    if rounding_mode is not None:
        raise NotImplementedError("minigrad's div supports only true division (rounding_mode=None)")
    if not isinstance(input, Tensor) and isinstance(other, Tensor):
        return E.Mul.apply(E.Reciprocal.apply(other), input)
    return E.Div.apply(as_tensor_operand(input), _operand(other))


true_divide = divide = div
multiply = mul
subtract = sub


def neg(input):
    """Mirror ``torch.neg``: -input."""
    return E.Neg.apply(input)


negative = neg


def pow(input, exponent):
    """Mirror ``torch.pow``: tensor**number (PowBackward0), tensor**tensor (1), number**tensor (2)."""
    if not isinstance(input, Tensor):
        return E.RPow.apply(exponent, base=input)
    if isinstance(exponent, Tensor):
        return E.PowTensor.apply(input, exponent)
    if not isinstance(exponent, _SCALAR):
        raise TypeError(f"pow(): exponent must be a number or a tensor, not {type(exponent).__name__}")
    return E.Pow.apply(input, exponent=exponent)


def reciprocal(input):
    """Mirror ``torch.reciprocal``: 1 / input."""
    return E.Reciprocal.apply(input)


def exp(input):
    """Mirror ``torch.exp``."""
    return E.Exp.apply(input)


def log(input):
    """Mirror ``torch.log`` (natural log)."""
    return E.Log.apply(input)


def sin(input):
    """Mirror ``torch.sin``."""
    return E.Sin.apply(input)


def cos(input):
    """Mirror ``torch.cos``."""
    return E.Cos.apply(input)


def tanh(input):
    """Mirror ``torch.tanh``."""
    return E.Tanh.apply(input)


def sigmoid(input):
    """Mirror ``torch.sigmoid``."""
    return E.Sigmoid.apply(input)


def relu(input):
    """Mirror ``torch.relu``."""
    return E.Relu.apply(input)


def abs(input):
    """Mirror ``torch.abs``."""
    return E.Abs.apply(input)


def sign(input):
    """Mirror ``torch.sign``."""
    return E.Sign.apply(input)


def sqrt(input):
    """Mirror ``torch.sqrt``."""
    return E.Sqrt.apply(input)


def square(input):
    """Mirror ``torch.square``: input ** 2 (recorded as PowBackward0, as torch does)."""
    return pow(input, 2)


def clamp(input, min=None, max=None):
    """Mirror ``torch.clamp(input, min=None, max=None)``."""
    return E.Clamp.apply(input, min=_scalar(min), max=_scalar(max))


clip = clamp


def _scalar(x):
    if isinstance(x, Tensor):
        if x.numel() != 1:
            raise NotImplementedError("minigrad's clamp takes numbers (or one-element tensors) as bounds")
        return x.item()
    return x


def clone(input):
    """Mirror ``torch.clone``: a copy that stays in the graph (CloneBackward0)."""
    return E.Clone.apply(input)


def where(condition, input, other):
    """Mirror ``torch.where(condition, input, other)``: input where condition is True, else other."""
    if not isinstance(condition, Tensor) or condition.dtype is not dtypes.bool_:
        raise RuntimeError(
            f"where expected condition to be a boolean tensor, but got a tensor with dtype "
            f"{condition.dtype.legacy[:-len('Tensor')] if isinstance(condition, Tensor) else type(condition).__name__}"
        )
    if not isinstance(input, Tensor):
        input = as_tensor_operand(input, other if isinstance(other, Tensor) else None)
        if isinstance(other, Tensor) and input.dtype is not other.dtype and other.dtype.is_floating_point:
            input = input.to(other.dtype)
    return E.Where.apply(input, _operand(other), condition=condition)


# -- reductions ----------------------------------------------------------------------
def sum(input, dim=None, keepdim=False, *, dtype=None):
    """Mirror ``torch.sum``: all elements (SumBackward0) or over ``dim`` (SumBackward1)."""
    if dtype is not None:
        input = input.to(dtype)
    if dim is None:
        return R.Sum.apply(input)
    return R.SumDim.apply(input, dim=dim, keepdim=keepdim)


def mean(input, dim=None, keepdim=False, *, dtype=None):
    """Mirror ``torch.mean``: all elements (MeanBackward0) or over ``dim`` (MeanBackward1)."""
    if dtype is not None:
        input = input.to(dtype)
    if dim is None:
        return R.Mean.apply(input)
    return R.MeanDim.apply(input, dim=dim, keepdim=keepdim)


class _ReturnTypes(tuple):
    """torch.return_types.max (or .min): a (values, indices) pair with names."""

    def __new__(cls, values, indices, name="max"):
        pair = super().__new__(cls, (values, indices))
        pair._name = name
        return pair

    values = property(lambda self: self[0])
    indices = property(lambda self: self[1])

    def __repr__(self):
        return f"torch.return_types.{self._name}(\nvalues={self[0]!r},\nindices={self[1]!r})"


def max(input, dim=None, keepdim=False):
    """Mirror ``torch.max``: the largest element (MaxBackward1), or ``(values, indices)`` along
    ``dim`` (MaxBackward0), or the elementwise maximum of two tensors."""
    if isinstance(dim, Tensor):
        return maximum(input, dim)
    if dim is None:
        return R.Max.apply(input)
    indices = R.argmax_along(input, dim, keepdim)
    return _ReturnTypes(R.MaxDim.apply(input, dim=dim, keepdim=keepdim, indices=indices), indices)


def maximum(input, other):
    """Mirror ``torch.maximum``: the elementwise larger value (a tie splits the gradient in half)."""
    return E.Maximum.apply(input, other)


def minimum(input, other):
    """Mirror ``torch.minimum``: the elementwise smaller value (a tie splits the gradient in half)."""
    return E.Minimum.apply(input, other)


def min(input, dim=None, keepdim=False):
    """Mirror ``torch.min``: the smallest element (MinBackward1), ``(values, indices)`` along ``dim``
    (MinBackward0), or the elementwise minimum of two tensors."""
    if isinstance(dim, Tensor):
        return minimum(input, dim)
    if dim is None:
        return R.Min.apply(input)
    indices = R.argmax_along(input, dim, keepdim, smallest=True)
    return _ReturnTypes(R.MinDim.apply(input, dim=dim, keepdim=keepdim, indices=indices), indices, "min")


def argmax(input, dim=None, keepdim=False):
    """Mirror ``torch.argmax`` (not differentiable)."""
    if dim is None:
        return wrap(np.asarray(np.argmax(input._data), dtype=np.int64))
    return wrap(np.argmax(input._data, axis=input._wrap_dim(dim), keepdims=keepdim).astype(np.int64))


# -- products --------------------------------------------------------------------------
def matmul(input, other):
    """Mirror ``torch.matmul`` / ``@``: dot, mv, mm or batched, with torch's graph for each."""
    if not isinstance(other, Tensor):
        raise TypeError(f"matmul(): argument 'other' must be Tensor, not {type(other).__name__}")
    return L.matmul(input, other)


def mm(input, mat2):
    """Mirror ``torch.mm``: 2-D @ 2-D."""
    return L.Mm.apply(input, mat2)


def mv(input, vec):
    """Mirror ``torch.mv``: 2-D @ 1-D."""
    return L.Mv.apply(input, vec)


def dot(input, other):
    """Mirror ``torch.dot``: 1-D . 1-D."""
    return L.Dot.apply(input, other)


def outer(input, vec2):
    """Mirror ``torch.outer``: written as unsqueeze and multiply."""
    return input.unsqueeze(1) * vec2.unsqueeze(0)


# -- shapes ----------------------------------------------------------------------------
def _shape_args(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        return tuple(shape[0])
    return tuple(shape)


def reshape(input, shape):
    """Mirror ``torch.reshape``: a view (ViewBackward0) when possible, else a copy."""
    return S.reshape(input, shape)


def flatten(input, start_dim=0, end_dim=-1):
    """Mirror ``torch.flatten``."""
    if input.ndim == 0:
        return S.reshape(input, (1,))
    s, e = input._wrap_dim(start_dim), input._wrap_dim(end_dim)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return input
    shape = input.shape[:s] + (-1,) + input.shape[e + 1 :]
    return S.reshape(input, shape)


def t(input):
    """Mirror ``torch.t``: transpose of a tensor with at most 2 dims."""
    return S.T.apply(input)


def transpose(input, dim0, dim1):
    """Mirror ``torch.transpose``."""
    return S.Transpose.apply(input, dim0=dim0, dim1=dim1)


swapaxes = transpose


def permute(input, dims):
    """Mirror ``torch.permute``."""
    return S.Permute.apply(input, dims=tuple(dims))


def squeeze(input, dim=None):
    """Mirror ``torch.squeeze``: all size-1 dims (SqueezeBackward0) or one (SqueezeBackward1)."""
    if dim is None:
        return S.Squeeze.apply(input)
    return S.SqueezeDim.apply(input, dim=dim)


def unsqueeze(input, dim):
    """Mirror ``torch.unsqueeze``."""
    return S.Unsqueeze.apply(input, dim=dim)


def cat(tensors, dim=0):
    """Mirror ``torch.cat``: join along an existing dim."""
    tensors = tuple(tensors)
    if not all(isinstance(x, Tensor) for x in tensors):
        raise TypeError("expected Tensor as element in argument 0")
    return S.Cat.apply(*tensors, dim=dim)


concat = concatenate = cat


def stack(tensors, dim=0):
    """Mirror ``torch.stack``: join along a new dim."""
    tensors = tuple(tensors)
    if not all(isinstance(x, Tensor) for x in tensors):
        raise TypeError("expected Tensor as element in argument 0")
    return S.Stack.apply(*tensors, dim=dim)


def split(input, split_size_or_sections, dim=0):
    """Mirror ``torch.split``: consecutive slices (each a SliceBackward0 view)."""
    d = input._wrap_dim(dim)
    n = input.shape[d]
    if isinstance(split_size_or_sections, int):
        sizes = [split_size_or_sections] * (n // split_size_or_sections)
        if n % split_size_or_sections:
            sizes.append(n % split_size_or_sections)
    else:
        sizes = list(split_size_or_sections)
        if np.sum(sizes) != n:
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size at "
                f"dimension {d}), but got split_sizes={sizes}"
            )
    out, start = [], 0
    for s in sizes:
        out.append(S.Slice.apply(input, dim=d, start=start, end=start + s, step=1))
        start += s
    return tuple(out)


def unbind(input, dim=0):
    """Mirror ``torch.unbind``: the slices along ``dim`` (each a SelectBackward0 view)."""
    d = input._wrap_dim(dim)
    return tuple(S.Select.apply(input, dim=d, index=i) for i in range(input.shape[d]))


def chunk(input, chunks, dim=0):
    """Mirror ``torch.chunk``."""
    n = input.shape[input._wrap_dim(dim)]
    return split(input, -(-n // chunks), dim)


# -- comparisons (never differentiable) ---------------------------------------------
def _compare(fn):
    def op(a, b):
        bd = b._data if isinstance(b, Tensor) else b
        try:
            return wrap(np.asarray(fn(a._data, bd)))
        except ValueError:
            from .ops._util import check_broadcast

            check_broadcast(a, b)
            raise

    return op


eq, ne, lt, le, gt, ge = (
    _compare(f) for f in (np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal)
)


def equal(input, other):
    """Mirror ``torch.equal``: same shape and elements."""
    return input.shape == other.shape and bool(np.array_equal(input._data, other._data))


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Mirror ``torch.allclose``."""
    return bool(np.allclose(input._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Mirror ``torch.isclose``."""
    return wrap(np.isclose(input._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


def numel(input):
    """Mirror ``torch.numel``."""
    return input.numel()


def is_grad_enabled():
    """Mirror ``torch.is_grad_enabled``."""
    return grad_mode._state.enabled


# -- Tensor methods and operators ------------------------------------------------------
def _reflect(fn):
    return lambda self, other: fn(other, self)


def _inplace(fn):
    def method(self, *args, **kwargs):
        return I.apply_inplace(self, fn, *args, **kwargs) if not kwargs else I.apply_inplace(
            self, lambda a, *rest: fn(a, *rest, **kwargs), *args
        )

    return method


def _zero_(self):
    """Mirror ``Tensor.zero_()``: fill with zeros in place."""
    if not self._requires_grad and not grad_mode._state.enabled or (
        not self._requires_grad and self._base is None
    ):
        I.check_inplace(self)
        self._data[...] = 0
        self._vc.value += 1
        return self
    return I.apply_inplace(self, I.Zero.apply)


def _fill_(self, value):
    """Mirror ``Tensor.fill_(value)``."""
    return I.apply_inplace(self, lambda a, v: I.Fill.apply(a, value=v), value)


def _copy_(self, src):
    """Mirror ``Tensor.copy_(src)``: take src's values (broadcast), keeping self's dtype."""
    return I.apply_inplace(self, I.Copy.apply, src if isinstance(src, Tensor) else wrap(np.asarray(src)))


def _view(self, *shape):
    """Mirror ``Tensor.view(*shape)``: a view with a new shape; fails if the layout does not allow one."""
    if len(shape) == 1 and isinstance(shape[0], dtypes.dtype):
        raise NotImplementedError("minigrad's view() does not reinterpret dtypes")
    return S.View.apply(self, shape=_shape_args(shape))


def _expand(self, *shape):
    """Mirror ``Tensor.expand(*sizes)``: broadcast to a bigger shape without copying."""
    return S.Expand.apply(self, shape=_shape_args(shape))


def _sum_to_size(self, *shape):
    """Mirror ``Tensor.sum_to_size``: sum a broadcast tensor down to ``shape``."""
    return R.sum_to(self, _shape_args(shape))


def _bool_op(fn, name):
    def op(a, b):
        if isinstance(b, Tensor) and (a.dtype.is_floating_point or b.dtype.is_floating_point):
            raise RuntimeError(f'"{name}_cpu" not implemented for \'Float\'')
        return wrap(np.asarray(fn(a._data, b._data if isinstance(b, Tensor) else b)))

    return op


_METHODS = {
    "__add__": add,
    "__radd__": add,  # number + tensor is tensor.add(number), as in torch (the tensor is input 0)
    "__sub__": sub,
    "__rsub__": _reflect(sub),
    "__mul__": mul,
    "__rmul__": mul,
    "__truediv__": div,
    "__rtruediv__": _reflect(div),
    "__pow__": pow,
    "__rpow__": _reflect(pow),
    "__matmul__": matmul,
    "__rmatmul__": _reflect(matmul),
    "__neg__": neg,
    "__abs__": abs,
    "__pos__": lambda self: self,
    "__getitem__": S.getitem,
    "__setitem__": I.setitem,
    "__eq__": eq,
    "__ne__": ne,
    "__lt__": lt,
    "__le__": le,
    "__gt__": gt,
    "__ge__": ge,
    "__and__": _bool_op(np.logical_and, "bitwise_and"),
    "__or__": _bool_op(np.logical_or, "bitwise_or"),
    "__xor__": _bool_op(np.logical_xor, "bitwise_xor"),
    "__invert__": lambda self: wrap(np.logical_not(self._data) if self.dtype is dtypes.bool_ else ~self._data),
    "add": add,
    "sub": sub,
    "mul": mul,
    "div": div,
    "true_divide": div,
    "neg": neg,
    "pow": pow,
    "reciprocal": reciprocal,
    "exp": exp,
    "log": log,
    "sin": sin,
    "cos": cos,
    "tanh": tanh,
    "sigmoid": sigmoid,
    "relu": relu,
    "abs": abs,
    "sign": sign,
    "sqrt": sqrt,
    "square": square,
    "clamp": clamp,
    "clip": clamp,
    "clone": clone,
    "sum": sum,
    "mean": mean,
    "max": max,
    "min": min,
    "maximum": maximum,
    "minimum": minimum,
    "argmax": argmax,
    "matmul": matmul,
    "mm": mm,
    "mv": mv,
    "dot": dot,
    "outer": outer,
    "reshape": lambda self, *shape: reshape(self, _shape_args(shape)),
    "view": _view,
    "flatten": flatten,
    "t": t,
    "transpose": transpose,
    "permute": lambda self, *dims: permute(self, _shape_args(dims)),
    "squeeze": squeeze,
    "unsqueeze": unsqueeze,
    "expand": _expand,
    "expand_as": lambda self, other: _expand(self, *other.shape),
    "view_as": lambda self, other: _view(self, *other.shape),
    "reshape_as": lambda self, other: reshape(self, other.shape),
    "sum_to_size": _sum_to_size,
    "split": split,
    "unbind": unbind,
    "chunk": chunk,
    "eq": eq,
    "ne": ne,
    "lt": lt,
    "le": le,
    "gt": gt,
    "ge": ge,
    "equal": equal,
    "allclose": allclose,
    "add_": _inplace(add),
    "sub_": _inplace(sub),
    "mul_": _inplace(mul),
    "div_": _inplace(div),
    "pow_": _inplace(pow),
    "clamp_": _inplace(clamp),
    "zero_": _zero_,
    "fill_": _fill_,
    "copy_": _copy_,
    "__iadd__": _inplace(add),
    "__isub__": _inplace(sub),
    "__imul__": _inplace(mul),
    "__itruediv__": _inplace(div),
}


def _attach():
    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    Tensor.T = property(lambda self: self if self.ndim < 2 else permute(self, tuple(range(self.ndim - 1, -1, -1))))
    Tensor.mT = property(lambda self: transpose(self, -2, -1))


_attach()
