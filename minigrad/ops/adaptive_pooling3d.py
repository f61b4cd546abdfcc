"""``adaptive_avg_pool3d`` (AdaptiveAvgPool3DBackward0) and ``adaptive_max_pool3d`` (AdaptiveMaxPool3DBackward0) and
their backwards as ops of their own: the 2-d ops of ``adaptive_pooling.py`` over the last three dims."""

from .adaptive_pooling import (
    AdaptiveAvgPool2D,
    AdaptiveAvgPool2DBackward,
    AdaptiveMaxPool2D,
    AdaptiveMaxPool2DBackward,
    adaptive_avg_pool_backward_kernel,
    adaptive_avg_pool_kernel,
)
from .carriers import ARRAYS
from .pooling import _scatter_planes


def adaptive_avg_pool3d(self, output_size, F=None):
    """torch's ``_adaptive_avg_pool3d`` of ``self`` to ``output_size`` (on arrays the kernel, on Tensors the
    AdaptiveAvgPool3D op)."""
    if F is ARRAYS:
        return adaptive_avg_pool_kernel(self, tuple(output_size))
    return AdaptiveAvgPool3D.apply(self, output_size=tuple(output_size))


def adaptive_avg_pool3d_backward(grad, self, F=None):
    """torch's ``_adaptive_avg_pool3d_backward`` (on Tensors, the differentiable AdaptiveAvgPool3DBackward op)."""
    if F is ARRAYS:
        return adaptive_avg_pool_backward_kernel(grad, self.shape, 3)
    return AdaptiveAvgPool3DBackward.apply(grad, self)


class AdaptiveAvgPool3D(AdaptiveAvgPool2D):
    """result = the average of each adaptive window of self's last three dims"""

    node_name = "AdaptiveAvgPool3DBackward0"
    formula = {"self": "adaptive_avg_pool3d_backward(grad, self)"}

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (adaptive_avg_pool3d_backward(grads[0], a, F),)


class AdaptiveAvgPool3DBackward(AdaptiveAvgPool2DBackward):
    """adaptive_avg_pool3d's backward as a differentiable op: linear in grad_output (pooled again), flat in self"""

    node_name = "AdaptiveAvgPool3DBackwardBackward0"
    formula = {"grad_output": "adaptive_avg_pool3d(grad, grad_output.shape[-3:])", "self": "zeros_like(self)"}
    saved_values = {"grad_output_sym_argsize_minus_3": "out_d", "grad_output_sym_argsize_minus_2": "out_h",
                    "grad_output_sym_argsize_minus_1": "out_w"}  # fmt: skip
    dims = 3
    _pool = staticmethod(adaptive_avg_pool3d)


def adaptive_max_pool3d_backward(grad, self, indices, F=None):
    """torch's ``adaptive_max_pool3d_backward``: zeros of ``self``'s shape with ``grad`` added at ``indices`` (on
    Tensors, the differentiable AdaptiveMaxPool3DBackward op)."""
    if F is ARRAYS:
        return _scatter_planes(grad, self.shape, indices._data, 3)
    return AdaptiveMaxPool3DBackward.apply(grad, self, indices=indices)


class AdaptiveMaxPool3D(AdaptiveMaxPool2D):
    """result = the largest value of each adaptive window of self's last three dims (result1: where it is)"""

    node_name = "AdaptiveMaxPool3DBackward0"
    formula = {"self": "adaptive_max_pool3d_backward(grad, self, result1)"}
    dims = 3

    @staticmethod
    def backward(ctx, grads, F):
        (a,) = ctx._values(F)
        return (adaptive_max_pool3d_backward(grads[0], a, ctx.result1, F),)


class AdaptiveMaxPool3DBackward(AdaptiveMaxPool2DBackward):
    """result = zeros of self's shape with grad_output added at ``indices`` (adaptive_max_pool3d's backward)"""

    node_name = "AdaptiveMaxPool3DBackwardBackward0"
    formula = {"grad_output": "max_pool_double_backward(grad, indices, 3)", "self": "zeros_like(self)"}
    dims = 3
