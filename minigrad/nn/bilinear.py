"""The bilinear layer, ``F.bilinear`` (and ``torch.bilinear``) and ``nn.Bilinear``: ``y = x1^T W x2 + b`` for each
output feature, recorded as torch's ATen writes it (``_trilinear`` of the inputs flattened to rows: ViewBackward0
around TrilinearBackward0, then AddBackward0 for the bias)."""

import math

from .. import creation
from ..ops.trilinear import Trilinear
from . import init
from .module import Module
from .parameter import Parameter


def bilinear(input1, input2, weight, bias=None):
    """Mirror ``torch.nn.functional.bilinear``: ``sum_ij input1[..., i] * weight[k, i, j] * input2[..., j]`` (plus
    ``bias[k]``) for each output feature ``k``, with torch's checks of dtypes and sizes."""
    tensors = [("input1", input1), ("input2", input2), ("weight", weight)] + ([("bias", bias)] if bias is not None
                                                                               else [])  # fmt: skip
    if any(t.dtype is not input1.dtype for _, t in tensors):
        raise RuntimeError("All tensors must have the same dtype, got "
                           + ", ".join(f"{name}: {t.dtype.c_name}" for name, t in tensors))  # fmt: skip
    if input1.ndim != input2.ndim:
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.ndim} and {input2.ndim}")
    for i in range(input1.ndim - 1):
        if input1.shape[i] != input2.shape[i]:
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {i}: got {input1.shape[i]} "
                               f"and {input2.shape[i]}")  # fmt: skip
    if input1.ndim == 0:
        raise IndexError("Dimension specified as -1 but tensor has no dimensions")
    for name, t, d in (("input1", input1, 1), ("input2", input2, 2)):
        if t.shape[-1] != weight.shape[d]:
            raise RuntimeError(f"bilinear(): {name} size does not match weight size: got {t.shape[-1]} but expected "
                               f"{weight.shape[d]}")  # fmt: skip
    if bias is not None and bias.shape[0] != weight.shape[0]:
        raise RuntimeError(f"bilinear(): bias size does not match weight size: got {bias.shape[0]} but expected "
                           f"{weight.shape[0]}")  # fmt: skip
    output_size = (*input1.shape[:-1], weight.shape[0])
    flat1 = input1.reshape(-1, input1.shape[-1])
    flat2 = input2.reshape(-1, input2.shape[-1])
    output = Trilinear.apply(flat1, weight, flat2, expand1=(1, 3), expand2=(0,), expand3=(1, 2),
                             sumdim=(2, 3)).reshape(*output_size)  # fmt: skip
    return output + bias if bias is not None else output


class Bilinear(Module):
    """Mirror ``torch.nn.Bilinear(in1_features, in2_features, out_features, bias=True)``: :func:`bilinear` with a
    weight ``(out, in1, in2)`` and bias drawn from U(-1/sqrt(in1), 1/sqrt(in1)), as torch draws them."""

    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in1_features, self.in2_features, self.out_features = in1_features, in2_features, out_features
        self.weight = Parameter(creation.empty((out_features, in1_features, in2_features), dtype=dtype,
                                               device=device))  # fmt: skip
        if bias:
            self.bias = Parameter(creation.empty(out_features, dtype=dtype, device=device))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Mirror ``Bilinear.reset_parameters``: weight and bias from U(-1/sqrt(in1), 1/sqrt(in1))."""
        if self.in1_features <= 0:
            raise ValueError(f"in1_features must be > 0, but got (in1_features={self.in1_features})")
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return (f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
                f"out_features={self.out_features}, bias={self.bias is not None}")  # fmt: skip
