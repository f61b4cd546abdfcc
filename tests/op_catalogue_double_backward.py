"""Catalogue cases for double_backward;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module.

The backwards that ``create_graph=True`` records as ops of their own (NativeBatchNormBackwardBackward0,
MseLossBackwardBackward0, ...) are checked through a first derivative computed inside the case: its outputs are the
gradients of ``sum(f(inputs) ** 2 * w)``, so that the incoming gradient depends on the inputs too, and the
catalogue's checks differentiate them (second derivatives against central differences of the first). The upsampling
modes added with them (linear, trilinear, nearest in 3-d, nearest-exact) are checked as the others are."""

import numpy as np
from op_catalogue import DISTINCT, REAL, Case, Domain, fixed
from op_catalogue_vision_more import GRID

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.ops import upsampling as U


def _first_derivative(f):
    """A case computing the gradients of ``sum(f(*inputs) ** 2 * w)`` for every input, differentiably."""

    def fn(*inputs):
        with torch.enable_grad():  # the central differences run the case under no_grad, on leaves without grad
            leaves = [x if x.requires_grad else x.detach().requires_grad_() for x in inputs]
            out = f(*leaves)
            w = torch.tensor(np.cos(0.3 + 0.9 * np.arange(out.numel())).reshape(out.shape))
            return torch.autograd.grad((out * out * w).sum(), leaves, create_graph=True)

    return fn


def _upsample_backward(op, output_size, input_size, scales, align_corners=None):
    def fn(g):
        return op.apply(g, output_size=output_size, input_size=input_size, scales=scales, align_corners=align_corners)

    return fn


_INDICES = torch.tensor([[0, 2, 2], [4, 1, 0]])
_RUNNING_MEAN = torch.tensor([0.1, -0.2, 0.3], dtype=torch.float64)
_RUNNING_VAR = torch.tensor([0.5, 1.5, 2.0], dtype=torch.float64)
NEAR_ONE = Domain(0.5, 1.5)

DOUBLE_BACKWARD_CATALOGUE = [
    Case("batch_norm_first_derivative", _first_derivative(lambda x, w, b: F.batch_norm(x, None, None, w, b, True)),
         fixed(((4, 3), (3,), (3,)), ((2, 3, 2), (3,), (3,))), (DISTINCT, NEAR_ONE, REAL)),  # fmt: skip
    Case("batch_norm_eval_first_derivative", _first_derivative(lambda x, w: F.batch_norm(x, _RUNNING_MEAN,
         _RUNNING_VAR, w, None, training=False)), fixed(((4, 3), (3,)))),  # fmt: skip
    Case("layer_norm_first_derivative", _first_derivative(lambda x, w, b: F.layer_norm(x, (3,), w, b)),
         fixed(((2, 3), (3,), (3,)), ((2, 2, 3), (3,), (3,))), (DISTINCT, NEAR_ONE, REAL)),  # fmt: skip
    Case("mse_loss_first_derivative", _first_derivative(lambda x, t: F.mse_loss(x, t)), fixed(((2, 3), (2, 3)))),
    Case("mse_loss_none_first_derivative", _first_derivative(lambda x, t: F.mse_loss(x, t, reduction="none")),
         fixed(((2, 3), (2, 3)))),  # fmt: skip
    Case("embedding_first_derivative", _first_derivative(lambda w: F.embedding(_INDICES, w)), fixed(((5, 3),))),
    Case("embedding_scaled_first_derivative", _first_derivative(lambda w: F.embedding(_INDICES, w, padding_idx=4,
         scale_grad_by_freq=True)), fixed(((5, 3),)),
         untrue_double_backward="torch's embedding_dense_double_backward does not divide by the counts again"),
    Case("embedding_padded_first_derivative", _first_derivative(lambda w: F.embedding(_INDICES, w, padding_idx=4)),
         fixed(((5, 3),))),  # fmt: skip
    Case("grid_sample_first_derivative", _first_derivative(lambda x, g: F.grid_sample(x, g, align_corners=False)),
         fixed(((1, 2, 4, 4), (1, 2, 2, 2))), (REAL, GRID)),  # fmt: skip
    Case("grid_sample_3d_first_derivative", _first_derivative(lambda x, g: F.grid_sample(x, g, align_corners=True)),
         fixed(((1, 1, 4, 4, 4), (1, 2, 1, 2, 3))), (REAL, GRID)),  # fmt: skip
    Case("interpolate_linear", lambda x: F.interpolate(x, scale_factor=1.7, mode="linear"), fixed(((2, 2, 4),)),
         second_order=True),  # fmt: skip
    Case("interpolate_linear_align_corners", lambda x: F.interpolate(x, size=5, mode="linear", align_corners=True),
         fixed(((1, 2, 3),)), second_order=True),  # fmt: skip
    Case("interpolate_trilinear", lambda x: F.interpolate(x, scale_factor=(1.5, 0.7, 2), mode="trilinear"),
         fixed(((1, 1, 2, 3, 2),)), second_order=True),  # fmt: skip
    Case("interpolate_nearest3d", lambda x: F.interpolate(x, size=(3, 2, 4)), fixed(((1, 2, 2, 3, 2),)),
         second_order=True),  # fmt: skip
    Case("interpolate_nearest_exact", lambda x: F.interpolate(x, scale_factor=1.6, mode="nearest-exact"),
         fixed(((2, 1, 3),), ((1, 2, 3, 2),), ((1, 1, 2, 3, 2),)), second_order=True),  # fmt: skip
    Case("upsample_linear1d_backward", _upsample_backward(U.UpsampleLinear1DBackward, (5,), (2, 3), (None,), False),
         fixed(((2, 5),)), second_order=True),  # fmt: skip
    Case("upsample_trilinear3d_backward", _upsample_backward(U.UpsampleTrilinear3DBackward, (3, 2, 3), (1, 1, 2, 3, 2),
         (None, None, None), True), fixed(((1, 1, 3, 2, 3),)), second_order=True),  # fmt: skip
    Case("upsample_nearest3d_backward", _upsample_backward(U.UpsampleNearest3DBackward, (3, 2, 4), (1, 2, 3, 2),
         (None, None, None)), fixed(((1, 3, 2, 4),)), second_order=True),  # fmt: skip
    Case("upsample_nearest_exact1d_backward", _upsample_backward(U.UpsampleNearestExact1DBackward, (5,), (2, 3),
         (None,)), fixed(((2, 5),)), second_order=True),  # fmt: skip
    Case("upsample_nearest_exact2d_backward", _upsample_backward(U.UpsampleNearestExact2DBackward, (3, 5),
         (1, 2, 3), (None, None)), fixed(((1, 3, 5),)), second_order=True),  # fmt: skip
    Case("upsample_nearest_exact3d_backward", _upsample_backward(U.UpsampleNearestExact3DBackward, (3, 2, 3),
         (1, 2, 3, 2), (None, None, None)), fixed(((1, 3, 2, 3),)), second_order=True),  # fmt: skip
]
