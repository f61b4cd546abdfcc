"""Catalogue cases for layers; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

from op_catalogue import DISTINCT, NONZERO, REAL, Case, fixed

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.ops import padding_modes as PM
from minigrad.ops import upsampling as U
from minigrad.ops.adaptive_pooling import AdaptiveMaxPool2DBackward
from minigrad.ops.group_norm import NativeGroupNorm


def _group_norm_statistics(x):
    """The three outputs of ``native_group_norm`` (mean and rstd too), combined: every gradient path."""
    out, mean, rstd = NativeGroupNorm.apply(x, None, None, N=2, C=4, HxW=3, group=2, eps=1e-5)
    return out.sum() + (mean * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum() + (rstd * rstd).sum()


def _instance_norm_eval(x, w, b):
    mean, var = torch.tensor([0.5, -1.0, 0.25], dtype=x.dtype), torch.tensor([2.0, 0.5, 1.0], dtype=x.dtype)
    return F.instance_norm(x, mean, var, w, b, use_input_stats=False)


def _adaptive_max_pool2d_backward(g, x):
    indices = F.adaptive_max_pool2d(x.detach(), (2, 3), return_indices=True)[1]
    return AdaptiveMaxPool2DBackward.apply(g, x, indices=indices)


def _upsample_backward(op, output_size, input_size, scales=(None, None), align_corners=None):
    def fn(g):
        return op.apply(g, output_size=output_size, input_size=input_size, scales=scales, align_corners=align_corners)

    return fn


LAYERS_CATALOGUE = [
    Case("group_norm", lambda x, w, b: F.group_norm(x, 2, w, b), fixed(((2, 4, 3), (4,), (4,)), ((3, 4, 2, 2), (4,),
         (4,))), (DISTINCT, REAL, REAL), second_order=True),  # fmt: skip
    Case("group_norm_plain", lambda x: F.group_norm(x, 1), fixed(((2, 3),), ((2, 2, 3),)), (DISTINCT,),
         second_order=True),  # fmt: skip
    Case("group_norm_statistics", _group_norm_statistics, fixed(((2, 4, 3),)), (DISTINCT,), second_order=True),
    Case("instance_norm", lambda x, w, b: F.instance_norm(x, weight=w, bias=b), fixed(((2, 3, 4), (3,), (3,))),
         (DISTINCT, REAL, REAL), second_order=True),  # fmt: skip
    Case("instance_norm_eval", _instance_norm_eval, fixed(((2, 3, 2), (3,), (3,))), second_order=True),
    # pooling
    Case("max_pool1d", lambda x: F.max_pool1d(x, 2), fixed(((2, 3, 6),), ((3, 5),)), (DISTINCT,), second_order=True),
    Case("max_pool1d_padding_dilation", lambda x: F.max_pool1d(x, 3, 2, 1, 2, ceil_mode=True), fixed(((1, 2, 9),)),
         (DISTINCT,), second_order=True),  # fmt: skip
    Case("avg_pool1d", lambda x: F.avg_pool1d(x, 3, 2, 1, count_include_pad=False), fixed(((2, 3, 7),), ((3, 6),)),
         second_order=True),  # fmt: skip
    Case("adaptive_avg_pool1d", lambda x: F.adaptive_avg_pool1d(x, 3) + F.adaptive_avg_pool1d(x, 1),
         fixed(((2, 3, 7),), ((3, 5),)), second_order=True),  # fmt: skip
    Case("adaptive_max_pool1d", lambda x: F.adaptive_max_pool1d(x, 3), fixed(((2, 3, 7),), ((3, 5),)), (DISTINCT,),
         second_order=True),  # fmt: skip
    Case("adaptive_max_pool2d", lambda x: F.adaptive_max_pool2d(x, (2, 3)), fixed(((2, 2, 5, 4),), ((3, 4, 4),)),
         (DISTINCT,), second_order=True),  # fmt: skip
    Case("adaptive_max_pool2d_backward", _adaptive_max_pool2d_backward, fixed(((2, 2, 3), (2, 5, 4))), (REAL, DISTINCT),
         second_order=True),  # fmt: skip
    # transposed convolutions
    Case("conv_transpose2d", lambda x, w, b: F.conv_transpose2d(x, w, b), fixed(((2, 2, 3, 2), (2, 3, 2, 3), (3,))),
         second_order=True),  # fmt: skip
    Case("conv_transpose2d_stride_padding_groups", lambda x, w: F.conv_transpose2d(x, w, None, (2, 1), (1, 0), (1, 0),
         2, (1, 2)), fixed(((1, 4, 3, 3), (4, 1, 3, 2))), second_order=True),  # fmt: skip
    Case("conv_transpose1d", lambda x, w, b: F.conv_transpose1d(x, w, b, 2, 1, 1), fixed(((2, 3, 4), (3, 2, 3), (2,)),
         ((3, 4), (3, 2, 3), (2,))), second_order=True),  # fmt: skip
    # upsampling
    Case("interpolate_nearest", lambda x: F.interpolate(x, scale_factor=2) + F.interpolate(x, size=(3, 5)).sum(),
         fixed(((1, 2, 2, 3),)), second_order=True),  # fmt: skip
    Case("interpolate_nearest1d", lambda x: F.interpolate(x, scale_factor=1.5), fixed(((2, 2, 4),)),
         second_order=True),  # fmt: skip
    Case("interpolate_bilinear", lambda x: F.interpolate(x, size=(4, 5), mode="bilinear"), fixed(((1, 2, 3, 2),)),
         second_order=True),  # fmt: skip
    Case("interpolate_bilinear_align_corners", lambda x: F.interpolate(x, scale_factor=(1.5, 0.7), mode="bilinear",
         align_corners=True), fixed(((2, 1, 3, 4),)), second_order=True),  # fmt: skip
    Case("pixel_shuffle", lambda x: F.pixel_shuffle(x, 2), fixed(((1, 8, 2, 3),), ((4, 1, 2),)), second_order=True),
    Case("pixel_unshuffle", lambda x: F.pixel_unshuffle(x, 2), fixed(((1, 2, 4, 6),), ((2, 3, 2, 2, 4),)),
         second_order=True),  # fmt: skip
    # padding modes
    Case("pad_reflect", lambda x: F.pad(x, (2, 1), mode="reflect") + 0, fixed(((2, 3, 4),), ((3, 3),)),
         second_order=True),  # fmt: skip
    Case("pad_reflect2d", lambda x: F.pad(x, (1, -1, 2, 1), mode="reflect"), fixed(((1, 2, 3, 4),), ((2, 3, 3),)),
         second_order=True),  # fmt: skip
    Case("pad_replicate", lambda x: F.pad(x, (3, 1), mode="replicate"), fixed(((2, 3, 4),), ((3, 2),)),
         second_order=True),  # fmt: skip
    Case("pad_replicate2d", lambda x: F.pad(x, (1, 2, 2, 0), mode="replicate"), fixed(((1, 2, 3, 4),), ((2, 2, 3),)),
         second_order=True),  # fmt: skip
    Case("pad_circular", lambda x: F.pad(x, (1, 2, 2, -1), mode="circular"), fixed(((1, 2, 3, 4),)),
         second_order=True),  # fmt: skip
    # unfold and fold
    Case("im2col_unfold", lambda x: F.unfold(x, (2, 3), (1, 2), 1, (2, 1)), fixed(((2, 2, 3, 5),), ((2, 4, 4),)),
         second_order=True),  # fmt: skip
    Case("col2im_fold", lambda c: F.fold(c, (4, 5), 2, 1, 1, 2), fixed(((2, 8, 9),), ((8, 9),)), second_order=True),
    # the backwards as ops of their own (what a second derivative records)
    Case("reflection_pad1d_backward", lambda g, x: PM.ReflectionPad1DBackward.apply(g, x, padding=(2, 1)),
         fixed(((2, 7), (2, 4))), second_order=True),  # fmt: skip
    Case("reflection_pad2d_backward", lambda g, x: PM.ReflectionPad2DBackward.apply(g, x, padding=(1, 1, 0, 2)),
         fixed(((2, 5, 5), (2, 3, 3))), second_order=True),  # fmt: skip
    Case("replication_pad1d_backward", lambda g, x: PM.ReplicationPad1DBackward.apply(g, x, padding=(3, -1)),
         fixed(((2, 5), (2, 3))), second_order=True),  # fmt: skip
    Case("replication_pad2d_backward", lambda g, x: PM.ReplicationPad2DBackward.apply(g, x, padding=(1, 2, 2, 1)),
         fixed(((1, 6, 6), (1, 3, 3))), second_order=True),  # fmt: skip
    Case("upsample_nearest1d_backward", _upsample_backward(U.UpsampleNearest1DBackward, (5,), (2, 3), (None,)),
         fixed(((2, 5),)), second_order=True),  # fmt: skip
    Case("upsample_nearest2d_backward", _upsample_backward(U.UpsampleNearest2DBackward, (4, 3), (1, 1, 2, 2)),
         fixed(((1, 1, 4, 3),)), second_order=True),  # fmt: skip
    Case("upsample_bilinear2d_backward", _upsample_backward(U.UpsampleBilinear2DBackward, (3, 5), (1, 2, 2, 3),
         align_corners=False), fixed(((1, 2, 3, 5),)), second_order=True),  # fmt: skip
    Case("cosine_similarity_broadcast", lambda a, b: F.cosine_similarity(a, b, dim=0).sum()
         + F.cosine_similarity(b, a).sum(), fixed(((3, 4), (1, 4))), (NONZERO, NONZERO), second_order=True),
]
