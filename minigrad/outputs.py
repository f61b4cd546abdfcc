"""``out=`` arguments (``torch.matmul(a, b, out=c)``, as the Learn-the-Basics tensors tutorial writes): the
result is computed, then written into ``out``, which is resized if its shape differs, as in torch."""

import warnings

import numpy as np

from .autograd import grad_mode
from .size import shape_text
from .tensor import Tensor
from .torch_warnings import user_stacklevel


def write_out(name, out, compute, *inputs):
    """Run ``compute()`` and copy its result into ``out`` (returned), with torch's errors and warning."""
    if grad_mode._state.enabled and any(isinstance(t, Tensor) and t._requires_grad for t in (*inputs, out)):
        raise RuntimeError(
            f"{name}(): functions with out=... arguments don't support automatic differentiation, but one of the "
            "arguments requires grad."
        )
    from .ops._util import cant_cast  # not at the top: ops import this module's callers
    from .ops.inplace import check_overlap

    check_overlap(out, inputs)
    result = compute()
    if result.dtype.category > out.dtype.category:
        raise cant_cast(result.dtype, out.dtype)
    if out.shape != result.shape:
        if out.numel():
            warnings.warn(
                f"An output with one or more elements was resized since it had shape {shape_text(out.shape)}, which "
                f"does not match the required output shape {shape_text(result.shape)}. This behavior is deprecated, "
                "and in a future PyTorch release outputs will not be resized unless they have zero elements. You can "
                "explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). "
                "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)",
                UserWarning,
                stacklevel=user_stacklevel(),
            )
        out._data = np.empty(result.shape, dtype=out._data.dtype)
    out._data[...] = result._data
    out._vc.bump()
    return out
