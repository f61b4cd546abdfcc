"""``max_pool3d_with_indices`` (MaxPool3DWithIndicesBackward0) and its backward as an op of its own
(MaxPool3DWithIndicesBackwardBackward0): the 2-d ops of ``pooling.py`` over the last three dims."""

from .carriers import ARRAYS, TENSORS
from .pooling import MaxPool2DWithIndices, MaxPool2DWithIndicesBackward, _scatter_planes


def max_pool3d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation, ceil_mode, indices,
                                     F=TENSORS):  # fmt: skip
    """torch's ``max_pool3d_with_indices_backward``: zeros of ``self``'s shape with ``grad`` added at ``indices``
    (on Tensors, the differentiable MaxPool3DWithIndicesBackward op)."""
    if F is ARRAYS:
        return _scatter_planes(grad, self.shape, indices._data, 3)
    return MaxPool3DWithIndicesBackward.apply(grad, self, kernel_size=kernel_size, stride=stride, padding=padding,
                                              dilation=dilation, ceil_mode=ceil_mode, indices=indices)  # fmt: skip


class MaxPool3DWithIndices(MaxPool2DWithIndices):
    """result = the largest value of each 3-d window of self (``indices``: where it is)"""

    node_name = "MaxPool3DWithIndicesBackward0"
    formula = {"self": "max_pool3d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation, "
                       "ceil_mode, result1)"}  # fmt: skip
    dims = 3

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (max_pool3d_with_indices_backward(grads[0], a, ctx.kernel_size, ctx.stride, ctx.padding, ctx.dilation,
                                                 ctx.ceil_mode, ctx.result1, F),)  # fmt: skip


class MaxPool3DWithIndicesBackward(MaxPool2DWithIndicesBackward):
    """result = zeros of self's shape with grad_output added at ``indices`` (max_pool3d's backward)"""

    node_name = "MaxPool3DWithIndicesBackwardBackward0"
    formula = {"grad_output": "max_pool_double_backward(grad, indices, 3)", "self": "zeros_like(self)"}
    dims = 3
