"""Root-mean-square normalisation, ``F.rms_norm`` (and ``torch.rms_norm``) and ``nn.RMSNorm``: each example divided by
the root mean square of its last dims (the ``normalized_shape``), then scaled element by element. On the CPU torch
writes it as a composite of pointwise ops (``x * rsqrt(mean(x ** 2) + eps) * weight``), which minigrad records the
same way."""

import numbers
import warnings

import numpy as np

from .. import creation, dtypes
from ..arguments import word
from ..ops._util import not_implemented
from ..ops.elementwise import AddScalar
from ..size import Size
from ..torch_warnings import internal, user_stacklevel
from .module import Module
from .parameter import Parameter

_warned = []  # torch's TORCH_WARN_ONCE: this warning is given once per process


def _check_shape(normalized_shape):
    if not isinstance(normalized_shape, (tuple, list, Size)):
        raise TypeError(f"rms_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not "
                        f"{word(normalized_shape)}")  # fmt: skip
    for i, s in enumerate(normalized_shape):
        if not isinstance(s, numbers.Integral) or isinstance(s, bool):
            raise TypeError(f"rms_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, but found "
                            f"element of type {word(s)} at pos {i}")  # fmt: skip
    return tuple(int(s) for s in normalized_shape)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    """Mirror ``torch.nn.functional.rms_norm``: ``input * rsqrt(mean(input ** 2) + eps) * weight`` over the last dims
    ``normalized_shape``, ``eps`` the machine epsilon of ``input``'s dtype when None (MulBackward0 over
    RsqrtBackward0, AddBackward1, MeanBackward1, PowBackward0), with torch's checks."""
    shape = _check_shape(normalized_shape)
    if len(shape) > input.ndim:
        raise ValueError(f"Input tensor must have at least {len(shape)} dimensions, but got {input.ndim}")
    if not shape:
        raise RuntimeError("Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
                           "element, but got normalized_shape = []")  # fmt: skip
    if weight is not None and tuple(weight.shape) != shape:
        raise RuntimeError(f"Expected weight to be of same shape as normalized_shape, but got weight of shape "
                           f"{list(weight.shape)} and normalized_shape = {list(shape)}")  # fmt: skip
    if tuple(input.shape[input.ndim - len(shape):]) != shape:
        raise RuntimeError(f"Given normalized_shape={list(shape)}, expected input with shape "
                           f"[*{', '.join(map(str, shape))}], but got input of size{list(input.shape)}")  # fmt: skip
    if weight is not None and weight.dtype is not input.dtype and not _warned:
        _warned.append(True)
        warnings.warn(internal(f"Mismatch dtype between input and weight: input dtype = {input.dtype.c_name}, weight "
                               f"dtype = {weight.dtype.c_name}, Cannot dispatch to fused implementation.",
                               "aten/src/ATen/native/layer_norm.cpp:346"), UserWarning,
                      stacklevel=user_stacklevel())  # fmt: skip
    if not input.dtype.is_floating_point:
        raise not_implemented("rms_norm", input.dtype)
    opmath = dtypes.float32 if input.dtype is dtypes.float16 else input.dtype  # torch's opmath type
    upcast = input if opmath is input.dtype else input.to(opmath)
    if eps is None:
        eps = float(np.finfo(opmath.np).eps)
    dims = [input.ndim - i - 1 for i in range(len(shape))]
    rsqrt_input = AddScalar.apply(upcast.pow(2).mean(dims, keepdim=True), other=eps).rsqrt()
    result = upcast.mul(rsqrt_input)
    if weight is not None:
        result = result.mul(weight)
    return result if result.dtype is input.dtype else result.to(input.dtype)


class RMSNorm(Module):
    """Mirror ``torch.nn.RMSNorm(normalized_shape, eps=None, elementwise_affine=True)``: :func:`rms_norm` with a
    learned scale per element (ones)."""

    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(creation.ones(self.normalized_shape, dtype=dtype, device=device))
            self.weight._vc.bump()  # torch's reset_parameters fills it in place
        else:
            self.register_parameter("weight", None)

    def reset_parameters(self):
        """Mirror ``RMSNorm.reset_parameters``: the weight back to ones."""
        if self.elementwise_affine:
            from . import init

            init.ones_(self.weight)

    def forward(self, x):
        return rms_norm(x, list(self.normalized_shape), self.weight, self.eps)

    def extra_repr(self):
        return f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"
