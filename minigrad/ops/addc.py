"""``addcmul`` and ``addcdiv``: ``self + value * tensor1 * tensor2`` and ``self + value * tensor1 / tensor2``, the
steps of an optimizer written by hand, rounded as torch's CPU kernels round them (the optimizers' own kernels)."""

import numpy as np

from .. import dtypes
from ..fused_multiply_add import fma
from ..optim import kernels
from ._util import HALF, contiguous, infer_size, not_implemented, wrap
from .op import Op


def _operands(a, t1, t2):
    """The three arrays broadcast to one shape in the dtype torch promotes them to (torch's size error if they do
    not broadcast)."""
    shape = infer_size(infer_size(a.shape, t1.shape), t2.shape)
    dtype = dtypes.result_type((a, t1, t2)).np
    return [np.broadcast_to(t._data.astype(dtype, copy=False), shape) for t in (a, t1, t2)]


# float16: the Scalar products of the formulas (``tensor2 * value``) in float32, rounded once, as torch's mul
_HALF_ADDCMUL = {"self": "grad", "tensor1": "grad * times_number(tensor2, value)",
                 "tensor2": "grad * times_number(tensor1, value)"}  # fmt: skip
_HALF_ADDCDIV = {"self": "grad", "tensor1": "grad * (value / tensor2)",
                 "tensor2": "-grad * (times_number(tensor1, value) / (tensor2 * tensor2))"}  # fmt: skip


class Addcmul(Op):
    """result = self + value * tensor1 * tensor2"""

    node_name = "AddcmulBackward0"
    formula = {"self": "grad", "tensor1": "grad * (tensor2 * value)", "tensor2": "grad * (tensor1 * value)"}
    saved_names = ("tensor1", "tensor2")
    saved_values = {"value": "value"}

    @staticmethod
    def forward(ctx, a, t1, t2, *, value):
        ctx._save((t1, t2))
        ctx.value = value
        x, y, z = _operands(a, t1, t2)
        if x.dtype.kind == "b":
            raise not_implemented("addcmul_cpu_out", dtypes.bool_)
        if x.dtype is HALF:  # torch's reduced-float kernel: in float32, (value * t1) * t2 + self fused, rounded once
            ctx._own_formula(_HALF_ADDCMUL)
            return wrap(fma(np.float32(value) * y.astype(np.float32), z.astype(np.float32), x).astype(HALF))
        return wrap(kernels.addcmul(contiguous(np.asarray(x)), value, y, z))


class Addcdiv(Op):
    """result = self + value * tensor1 / tensor2"""

    node_name = "AddcdivBackward0"
    formula = {
        "self": "grad",
        "tensor1": "grad * (value / tensor2)",
        "tensor2": "-grad * (value * tensor1 / (tensor2 * tensor2))",
    }
    saved_names = ("tensor1", "tensor2")
    saved_values = {"value": "value"}

    @staticmethod
    def forward(ctx, a, t1, t2, *, value):
        if not t1.dtype.is_floating_point and not t2.dtype.is_floating_point:
            raise RuntimeError(
                "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform "
                "a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + "
                "value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * "
                "tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: "
                "(input + value * tensor1 / tensor2), for all dtypes."
            )
        ctx._save((t1, t2))
        ctx.value = value
        x, y, z = _operands(a, t1, t2)
        if x.dtype is HALF:  # torch's reduced-float kernel: self + (value * t1) / t2 in float32, rounded once
            ctx._own_formula(_HALF_ADDCDIV)
            with np.errstate(divide="ignore", invalid="ignore"):
                return wrap((np.float32(value) * y.astype(np.float32) / z + x).astype(HALF))
        return wrap(kernels.addcdiv(x, value, y, z))
