"""Catalogue cases for the 3-D convolutions and poolings, max unpooling, power-average pooling and embedding bags;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import DISTINCT, POSITIVE, REAL, Case, fixed

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.ops.adaptive_pooling3d import AdaptiveAvgPool3DBackward, AdaptiveMaxPool3DBackward
from minigrad.ops.max_pool3d import MaxPool3DWithIndicesBackward


def _max_pool3d_backward(g, x):
    indices = F.max_pool3d(x.detach(), 2, return_indices=True)[1]
    return MaxPool3DWithIndicesBackward.apply(g, x, kernel_size=(2, 2, 2), stride=(), padding=(0, 0, 0),
                                              dilation=(1, 1, 1), ceil_mode=False, indices=indices)  # fmt: skip


def _adaptive_max_pool3d_backward(g, x):
    indices = F.adaptive_max_pool3d(x.detach(), (1, 2, 2), return_indices=True)[1]
    return AdaptiveMaxPool3DBackward.apply(g, x, indices=indices)


def _unpool2d(x):
    pooled, indices = F.max_pool2d(x.detach(), 2, return_indices=True)
    return F.max_unpool2d(x[..., ::2, ::2] * 1 + pooled * 0, indices, 2)


def _unpool3d(y):
    indices = torch.tensor([[[[[0, 3], [10, 13]]]]])  # where in a 2x4x4 volume each value goes
    return F.max_unpool3d(y, indices, (2, 2, 2), output_size=(2, 4, 4))


_NO_BAG_DOUBLE = "the derivative for '_embedding_bag_backward' is not implemented."
# torch's, raised by per_sample_weights' backward before the weight's
_NO_WEIGHTS_DOUBLE = "derivative for aten::_embedding_bag_per_sample_weights_backward is not implemented"
_BAG = torch.tensor([1, 2, 4, 5, 4, 3, 2, 0])
_OFFSETS = torch.tensor([0, 3, 3])


LAYERS3D_CATALOGUE = [
    Case("conv3d", lambda x, w, b: F.conv3d(x, w, b, stride=(1, 2, 1), padding=1), fixed(((1, 2, 3, 4, 3),
         (2, 2, 2, 2, 2), (2,))), second_order=True),  # fmt: skip
    Case("conv_transpose3d", lambda x, w: F.conv_transpose3d(x, w, None, 2, (0, 1, 0), (1, 0, 0)),
         fixed(((1, 2, 2, 3, 2), (2, 1, 2, 3, 2))), second_order=True),  # fmt: skip
    Case("max_pool3d", lambda x: F.max_pool3d(x, 2), fixed(((1, 1, 4, 4, 4),), ((2, 3, 2, 4),)), (DISTINCT,),
         second_order=True),  # fmt: skip
    Case("max_pool3d_padding_dilation", lambda x: F.max_pool3d(x, (3, 2, 2), (1, 2, 1), 1, (1, 1, 2), ceil_mode=True),
         fixed(((1, 1, 3, 4, 5),)), (DISTINCT,), second_order=True),  # fmt: skip
    Case("max_pool3d_backward", _max_pool3d_backward, fixed(((1, 1, 2, 2, 2), (1, 1, 4, 4, 4))), (REAL, DISTINCT),
         second_order=True),  # fmt: skip
    Case("avg_pool3d_functional", lambda x: F.avg_pool3d(x, (2, 3, 2), (1, 2, 2), (1, 1, 0), count_include_pad=False),
         fixed(((1, 2, 3, 4, 4),), ((2, 2, 5, 3),)), second_order=True),  # fmt: skip
    Case("adaptive_avg_pool3d", lambda x: F.adaptive_avg_pool3d(x, (2, 3, 2)) + F.adaptive_avg_pool3d(x, 1),
         fixed(((1, 2, 3, 5, 4),), ((2, 4, 3, 3),)), second_order=True),  # fmt: skip
    Case("adaptive_max_pool3d", lambda x: F.adaptive_max_pool3d(x, (2, 2, 3)), fixed(((1, 1, 3, 4, 5),)), (DISTINCT,),
         second_order=True),  # fmt: skip
    Case("adaptive_avg_pool3d_backward", AdaptiveAvgPool3DBackward.apply, fixed(((1, 2, 2, 3, 2), (1, 2, 4, 5, 3)))),
    Case("adaptive_max_pool3d_backward", _adaptive_max_pool3d_backward, fixed(((1, 1, 2, 2), (1, 3, 4, 4))),
         (REAL, DISTINCT), second_order=True),  # fmt: skip
    Case("max_unpool2d", _unpool2d, fixed(((1, 2, 4, 4),)), (DISTINCT,), second_order=True),
    Case("max_unpool3d", _unpool3d, fixed(((1, 1, 1, 2, 2),)), second_order=True),
    Case("max_unpool1d", lambda y: F.max_unpool1d(y, torch.tensor([[1, 2, 5]]), 2, output_size=(6,)),
         fixed(((1, 3),)), second_order=True),  # fmt: skip
    Case("lp_pool2d", lambda x: F.lp_pool2d(x, 2, 2), fixed(((1, 2, 4, 4),)), (POSITIVE,), second_order=True),
    Case("lp_pool3d", lambda x: F.lp_pool3d(x, 1.5, 2, stride=1), fixed(((1, 2, 3, 3),)), (POSITIVE,)),
    Case("embedding_bag_sum", lambda w, p: F.embedding_bag(_BAG, w, _OFFSETS, mode="sum", per_sample_weights=p,
         padding_idx=2), fixed(((6, 3), (8,))), no_double_backward=_NO_WEIGHTS_DOUBLE),  # fmt: skip
    Case("embedding_bag_mean", lambda w: F.embedding_bag(_BAG, w, _OFFSETS, padding_idx=4), fixed(((6, 3),)),
         no_double_backward=_NO_BAG_DOUBLE),  # fmt: skip
    Case("embedding_bag_max", lambda w: F.embedding_bag(_BAG.reshape(2, 4), w, mode="max"), fixed(((6, 3),)),
         (DISTINCT,), no_double_backward=_NO_BAG_DOUBLE),  # fmt: skip
]
