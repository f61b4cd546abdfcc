"""``minigrad.nn.functional``: the functions behind the layers (``import minigrad.nn.functional as F``)."""

import warnings

import numpy as np

from .. import dtypes
from ..functional import sigmoid, tanh  # noqa: F401 - re-exported, as torch.nn.functional has them
from ..ops._util import check_broadcast, needs_grad, wrap
from ..ops.linalg import MAT2_GRAD, is_column_major
from ..ops.op import Op, sizes_and_strides
from . import _reduction
from .activation import log_softmax, relu, softmax  # noqa: F401
from .batchnorm import batch_norm  # noqa: F401
from .dropout import dropout  # noqa: F401
from .embedding import embedding  # noqa: F401
from .encoding import one_hot  # noqa: F401
from .losses import (  # noqa: F401
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    cross_entropy,
    nll_loss,
)


class Addmm(Op):
    """result = bias + input @ weight.T, torch's fused node for ``nn.Linear`` on 2-D input"""

    node_name = "AddmmBackward0"
    formula = {"self": "grad", "mat1": "grad @ mat2.t()", "mat2": MAT2_GRAD.format(mat1="mat1")}
    saved_names = ("mat1", "mat2")
    saved_values = {k: k for k in ("alpha", "beta", "mat1_sym_sizes", "mat1_sym_strides", "mat2_sym_sizes",
                                   "mat2_sym_strides")}  # fmt: skip
    alpha = beta = 1

    @staticmethod
    def forward(ctx, bias, mat1, mat2):
        for name, t in (("mat1", mat1), ("self", bias)):
            if t.dtype is not mat2.dtype:
                raise RuntimeError(
                    f"{name} and mat2 must have the same dtype, but got {t.dtype.scalar_name} and "
                    f"{mat2.dtype.scalar_name}"
                )
        if mat1.shape[1] != mat2.shape[0]:
            raise RuntimeError(
                f"mat1 and mat2 shapes cannot be multiplied ({mat1.shape[0]}x{mat1.shape[1]} and "
                f"{mat2.shape[0]}x{mat2.shape[1]})"
            )
        ctx._save((mat1 if needs_grad(mat2) else None, mat2 if needs_grad(mat1) else None))
        ctx.__dict__.update(sizes_and_strides("mat1", mat1, needs_grad(mat1)),
                            **sizes_and_strides("mat2", mat2, needs_grad(mat2)))  # fmt: skip
        ctx.mat2_column_major = is_column_major(mat2)
        return wrap(bias._data + mat1._data @ mat2._data)


class MseLoss(Op):
    """result = mean((self - target) ** 2) (or sum, or elementwise)"""

    node_name = "MseLossBackward0"
    formula = {"self": "2 * (self - target) * grad / n", "target": "-2 * (self - target) * grad / n"}
    saved_names = ("self", "target")
    saved_values = {"reduction": "reduction_enum"}  # torch's at::Reduction: 0 none, 1 mean, 2 sum

    @staticmethod
    def forward(ctx, a, target, *, reduction):
        ctx._save((a, target))
        ctx.reduction, ctx.reduction_enum = reduction, ("none", "mean", "sum").index(reduction)
        diff = np.broadcast_arrays(a._data, target._data)
        sq = ((diff[0] - diff[1]) ** 2).astype(dtypes.result_type((a, target)).np, copy=False)
        ctx.n = sq.size if reduction == "mean" else 1
        if reduction == "mean":
            return wrap(np.asarray(sq.mean(), dtype=sq.dtype))
        if reduction == "sum":
            return wrap(np.asarray(sq.sum(), dtype=sq.dtype))
        return wrap(sq)


def linear(input, weight, bias=None):
    """Mirror ``torch.nn.functional.linear``: input @ weight.T + bias (AddmmBackward0 for 2-D input)."""
    if input.ndim == 2 and bias is not None:
        return Addmm.apply(bias, input, weight.t())
    if bias is not None and input.is_contiguous() and (input.ndim == 3 or bias.ndim == 1):
        # torch folds the leading dims into rows for one addmm, then views the result back
        rows = input.reshape(int(np.prod(input.shape[:-1], dtype=np.int64)), input.shape[-1])
        out = Addmm.apply(bias, rows, weight.t())
        return out.view(*input.shape[:-1], out.shape[1])
    out = input.matmul(weight.t())
    return out + bias if bias is not None else out


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.mse_loss``, checks in torch's order (``size_average`` and ``reduce`` are
    the legacy way to ask for a reduction)."""
    if target.size() != input.size():
        warnings.warn(
            f"Using a target size ({target.size()}) that is different to the input size ({input.size()}). This "
            "will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.",
            UserWarning,
            stacklevel=2,
        )
    if size_average is not None or reduce is not None:
        reduction = _reduction.legacy_get_string(size_average, reduce)
    check_broadcast(input, target)
    _reduction.get_enum(reduction)
    return MseLoss.apply(input, target, reduction=reduction)

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.nn.functional")  # a name torch has and minigrad lacks says so
