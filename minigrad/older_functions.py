"""Functions of torch's top level that older code and tutorials call, beside their newer homes: ``torch.angle`` and
``torch.isreal`` of real tensors, ``torch.chain_matmul`` (``torch.linalg.multi_dot``), ``torch.frobenius_norm`` and
``torch.nuclear_norm`` (``torch.linalg``'s norms, with torch's deprecation warnings), the in-place function forms
``torch.gcd_``/``torch.lcm_``, ``torch.nonzero_static``, ``torch.frombuffer`` and the numerical ``torch.gradient``."""

import numpy as np

from . import linalg
from .arguments import NUMBERS, must_be_tensor
from .joining import cat
from .nn.aten_forms import parsed
from .ops._util import wrap
from .ops.angle import Angle
from .ops.carriers import TENSORS
from .ops.products import Norm
from .public import public
from .tensor import Tensor
from .torch_warnings import internal, user_stacklevel, warn_once

__all__ = ["angle", "isreal", "gcd_", "lcm_", "chain_matmul", "frobenius_norm", "nuclear_norm", "nonzero_static",
           "frombuffer", "gradient"]  # fmt: skip


@public("angle")
def angle(input):
    """Mirror ``torch.angle`` of a real tensor: pi for each negative number, 0 otherwise, NaN for NaN (of the default
    float dtype for an integer tensor; AngleBackward0, whose gradient is zero)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("angle", "input", 1, input)
    return Angle.apply(input)


@public("isreal")
def isreal(input):
    """Mirror ``torch.isreal``: whether each element has no imaginary part, True everywhere for minigrad's real
    dtypes (a bool tensor of the input's shape)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("isreal", "input", 1, input)
    return wrap(np.ones(input.shape, bool))




def _written_into_input(name):
    """``torch.gcd_(input, other)``: ``input.gcd_(other)``, with the refusal of torch's parser for ``other``."""

    def function(input, other):
        if not isinstance(other, Tensor):
            raise must_be_tensor(name, "other", 2, other)
        return getattr(input, name)(other)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Mirror ``torch.{name}(input, other)``: ``input.{name}(other)``, written into ``input``."
    return parsed(name, ("Tensor input, Tensor other",))(function)


gcd_, lcm_ = _written_into_input("gcd_"), _written_into_input("lcm_")

_CHAIN_MATMUL = internal("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
                         "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than "
                         "multiple parameters.", "aten/src/ATen/native/LinearAlgebra.cpp:1102")  # fmt: skip


def chain_matmul(*matrices, out=None):
    """Mirror ``torch.chain_matmul(*matrices)``: ``torch.linalg.multi_dot(matrices)`` after torch's once-per-process
    deprecation warning; one matrix is cloned (CloneBackward0)."""
    warn_once(_CHAIN_MATMUL, user_stacklevel())
    if not matrices:
        raise RuntimeError("chain_matmul(): Expected one or more matrices")
    if len(matrices) == 1:
        if matrices[0].ndim != 2:
            raise RuntimeError(f"Tensor dimension is {matrices[0].ndim}, expected 2 instead.")
        return matrices[0].clone()
    for m in matrices:
        if m.ndim != 2:
            raise RuntimeError(f"Tensor dimension is {m.ndim}, expected 2 instead.")
    return linalg.multi_dot(matrices, out=out)


_FROBENIUS = internal("at::frobenius_norm is deprecated and it is just left for JIT compatibility. It will be removed "
                      "in a future PyTorch release. Please use `linalg.vector_norm(A, 2., dim, keepdim)` instead",
                      "aten/src/ATen/native/LinearAlgebra.cpp:3175")  # fmt: skip
_NUCLEAR = internal("at::nuclear_norm is deprecated and it is just left for JIT compatibility. It will be removed in "
                    "a future PyTorch release. Please use `linalg.matrix_norm(A, 'nuc', dim, keepdim)` instead",
                    "aten/src/ATen/native/LinearAlgebra.cpp:3229")  # fmt: skip


@parsed("frobenius_norm", ("Tensor input, tuple of ints dim, bool keepdim = False",))
def frobenius_norm(input, dim, keepdim=False):
    """Mirror ``torch.frobenius_norm(input, dim, keepdim=False)``: the 2-norm over ``dim`` (``at::norm``,
    NormBackward1), after torch's once-per-process deprecation warning."""
    warn_once(_FROBENIUS, user_stacklevel())
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return Norm.apply(input, p=2.0, dim=tuple(d % max(input.ndim, 1) for d in dims), keepdim=bool(keepdim))


@parsed("nuclear_norm", ("Tensor input, tuple of ints dim, bool keepdim = False, *, Tensor out = None",
                         "Tensor input, bool keepdim = False, *, Tensor out = None"))  # fmt: skip
def nuclear_norm(input, dim=None, keepdim=False, *, out=None):
    """Mirror ``torch.nuclear_norm(input, keepdim=False)`` and ``(input, dim, keepdim=False)``: the sum of the
    singular values over the last two dims or ``dim`` (``torch.linalg.matrix_norm(input, 'nuc', ...)``), after
    torch's once-per-process deprecation warning."""
    warn_once(_NUCLEAR, user_stacklevel())
    if isinstance(dim, bool):  # the overload nuclear_norm(input, keepdim)
        dim, keepdim = None, dim
    return linalg.matrix_norm(input, "nuc", (-2, -1) if dim is None else tuple(dim), keepdim)


@public("nonzero_static")
@parsed("nonzero_static", ("Tensor input, *, int size, int fill_value = -1",))
def nonzero_static(input, *, size, fill_value=-1):
    """Mirror ``torch.nonzero_static(input, *, size, fill_value=-1)``: ``torch.nonzero``'s ``[n, ndim]`` indices cut
    to ``size`` rows, or filled up to it with rows of ``fill_value``."""
    found = np.argwhere(input._data).astype(np.int64)[:size]
    filler = np.full((size - len(found), input.ndim), fill_value, np.int64)
    return wrap(np.concatenate([found, filler]))


def frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False):
    """Mirror ``torch.frombuffer``: a 1-D tensor sharing the memory of an object with Python's buffer protocol
    (``bytearray``, ``array.array``, a numpy array), read as ``dtype`` from byte ``offset``, ``count`` items (all
    that remain if -1); torch's warning, once, for a buffer that cannot be written."""
    try:
        view = memoryview(buffer)
    except TypeError:
        raise ValueError("object does not implement Python buffer protocol.") from None
    size, item = view.nbytes, dtype.itemsize
    if count == -1:
        if (size - offset) % item:
            raise ValueError(f"buffer length ({size - offset} bytes) after offset ({offset} bytes) must be a multiple "
                             f"of element size ({item})")  # fmt: skip
        count = (size - offset) // item
    if view.readonly:
        warn_once(internal("The given buffer is not writable, and PyTorch does not support non-writable tensors. This "
                           "means you can write to the underlying (supposedly non-writable) buffer using the tensor. "
                           "You may want to copy the buffer to protect its data or make it writable before converting "
                           "it to a tensor. This type of warning will be suppressed for the rest of this program.",
                           "torch/csrc/utils/tensor_new.cpp:1556"), user_stacklevel())  # fmt: skip
    data = np.frombuffer(buffer, dtype.np, count, offset)
    out = wrap(data.copy() if view.readonly else data)  # numpy cannot write into an immutable object (bytes)
    return out.requires_grad_() if requires_grad else out


def _spaced(self, d, h, edge_order):
    """torch's ``gradient_helper_float`` along dim ``d`` with the number ``h`` as the spacing (C++'s arithmetic with a
    number: MulBackward1, DivBackward1)."""
    n, mul, div = self.shape[d], TENSORS.scalar_mul, TENSORS.scalar_div
    center = div(self.narrow(d, 2, n - 2) - self.narrow(d, 0, n - 2), h)
    if edge_order == 1:
        prepend = div(self.narrow(d, 1, 1) - self.narrow(d, 0, 1), h)
        append = div(self.narrow(d, n - 1, 1) - self.narrow(d, n - 2, 1), h)
    else:
        prepend = div(mul(-1.5, self.narrow(d, 0, 1)) + mul(2, self.narrow(d, 1, 1))
                      - mul(0.5, self.narrow(d, 2, 1)), h)  # fmt: skip
        append = div(mul(0.5, self.narrow(d, n - 3, 1)) - mul(2, self.narrow(d, n - 2, 1))
                     + mul(1.5, self.narrow(d, n - 1, 1)), h)  # fmt: skip
    return cat([prepend, div(center, 2), append], d)


def _coordinates(self, d, x, edge_order):
    """torch's ``gradient_helper`` along dim ``d`` with the 1-D tensor ``x`` as the coordinates of its points."""
    if x.ndim != 1:
        raise RuntimeError("torch.gradient expected each element of spacing to have one dimension, but got an element "
                           f"with {x.ndim} dimensions!")  # fmt: skip
    n, shape = self.shape[d], [1] * self.ndim
    shape[d] = -1
    dx = x.diff(1, 0)
    dx1, dx2 = dx[:-1], dx[1:]
    a = (-dx2 / (dx1 * (dx1 + dx2))).reshape(shape)
    b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
    c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
    center = a * self.narrow(d, 0, n - 2) + b * self.narrow(d, 1, n - 2) + c * self.narrow(d, 2, n - 2)
    if edge_order == 1:
        prepend = (self.narrow(d, 1, 1) - self.narrow(d, 0, 1)) / dx[0]
        append = (self.narrow(d, n - 1, 1) - self.narrow(d, n - 2, 1)) / dx[-1]
    else:
        mul = TENSORS.scalar_mul
        a = -(mul(2.0, dx[0]) + dx[1]) / (dx[0] * (dx[0] + dx[1]))
        b = (dx[0] + dx[1]) / (dx[0] * dx[1])
        c = (-dx[0]) / (dx[1] * (dx[0] + dx[1]))
        prepend = a * self.narrow(d, 0, 1) + b * self.narrow(d, 1, 1) + c * self.narrow(d, 2, 1)
        a = (dx[-1]) / (dx[-2] * (dx[-1] + dx[-2]))
        b = -(dx[-1] + dx[-2]) / (dx[-1] * dx[-2])
        c = (mul(2, dx[-1]) + dx[-2]) / (dx[-1] * (dx[-1] + dx[-2]))
        append = a * self.narrow(d, n - 3, 1) + b * self.narrow(d, n - 2, 1) + c * self.narrow(d, n - 1, 1)
    return cat([prepend, center, append], d)


def gradient(input, *, spacing=1.0, dim=None, edge_order=1):
    """Mirror ``torch.gradient``: the derivative of the function sampled by ``input`` along each of ``dim`` (every
    dim if None) by central differences inside and one-sided ones of ``edge_order`` (1 or 2) at the edges, the
    samples ``spacing`` apart (a number, one number per dim, or one 1-D tensor of coordinates per dim); a tuple of
    tensors, each concatenated from its edges and inside (CatBackward0)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("gradient", "input", 1, input)
    dims = list(range(input.ndim)) if dim is None else [dim] if isinstance(dim, int) else list(dim)
    spacings = list(spacing) if isinstance(spacing, (list, tuple)) else [spacing] * len(dims)
    if len(spacings) != len(dims):
        raise RuntimeError("torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim "
                           f"arguments to have the same length, but got a spacing argument of length {len(spacings)} "
                           f"and a dim argument of length {len(dims)}.")  # fmt: skip
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    if any(s < edge_order + 1 for s in input.shape):
        raise RuntimeError("torch.gradient expected each dimension size to be at least edge_order+1")
    results = []
    for d, h in zip(dims, spacings):
        d = d % input.ndim
        if isinstance(h, Tensor):
            results.append(_coordinates(input, d, h, edge_order))
        elif isinstance(h, NUMBERS):
            results.append(_spaced(input, d, float(h), edge_order))  # an int tensor over an int: true division
        else:
            raise TypeError(f"gradient(): argument 'spacing' must be a number, a list of numbers or a list of 1-D "
                            f"tensors, not {type(h).__name__}")  # fmt: skip
    return tuple(results)

