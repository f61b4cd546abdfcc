"""Catalogue cases for double backward2;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module.

The loss backwards ``create_graph=True`` records as ops of their own (NllLossBackwardBackward0,
SmoothL1LossBackwardBackward0, HuberLossBackwardBackward0) are checked through a first derivative computed inside
the case (as in ``op_catalogue_double_backward``); bicubic upsampling is checked as the other modes are."""

from op_catalogue import Case, Domain, fixed
from op_catalogue_double_backward import _first_derivative, _upsample_backward

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.ops import upsampling as U

_CLASSES = torch.tensor([0, 2, 1])
_WEIGHT = torch.tensor([0.5, 1.5, 2.0, 0.7], dtype=torch.float64)
_CLASSES_2D = torch.tensor([[[0, 2], [1, 0]]])
PROBABILITY = Domain(0.1, 0.9)
_ZEROS = torch.zeros(2, 3, dtype=torch.float64)  # the other side of the loss, so that its kinks are at +-limit


def _away(limit):
    return Domain(-2.0, 2.0, avoid=(-limit, limit))

DOUBLE_BACKWARD2_CATALOGUE = [
    Case("nll_loss_first_derivative", _first_derivative(lambda x: F.nll_loss(x, _CLASSES, _WEIGHT, ignore_index=1)),
         fixed(((3, 4),))),  # fmt: skip
    Case("nll_loss_none_first_derivative", _first_derivative(lambda x: F.nll_loss(x, _CLASSES, reduction="none")),
         fixed(((3, 4),))),  # fmt: skip
    Case("nll_loss2d_first_derivative", _first_derivative(lambda x: F.nll_loss(x, _CLASSES_2D, reduction="sum")),
         fixed(((1, 3, 2, 2),))),  # fmt: skip
    Case("cross_entropy_first_derivative", _first_derivative(lambda x: F.cross_entropy(x, _CLASSES,
         label_smoothing=0.1)), fixed(((3, 4),))),  # fmt: skip
    Case("smooth_l1_loss_first_derivative", _first_derivative(lambda x: F.smooth_l1_loss(x, _ZEROS, beta=0.5)),
         fixed(((2, 3),)), (_away(0.5),)),  # fmt: skip
    Case("smooth_l1_loss_target_first_derivative", _first_derivative(lambda t: F.smooth_l1_loss(_ZEROS, t,
         reduction="none")), fixed(((2, 3),)), (_away(1.0),)),  # fmt: skip
    Case("huber_loss_first_derivative", _first_derivative(lambda x: F.huber_loss(x, _ZEROS, reduction="sum",
         delta=0.7)), fixed(((2, 3),)), (_away(0.7),)),  # fmt: skip
    Case("huber_loss_target_first_derivative", _first_derivative(lambda t: F.huber_loss(_ZEROS, t, delta=0.7)),
         fixed(((2, 3),)), (_away(0.7),)),  # fmt: skip
    Case("binary_cross_entropy_first_derivative", _first_derivative(lambda x, t: F.binary_cross_entropy(x, t,
         _WEIGHT)), fixed(((3, 4), (3, 4))), (PROBABILITY, PROBABILITY)),  # fmt: skip
    Case("binary_cross_entropy_sum_first_derivative", _first_derivative(lambda x, t: F.binary_cross_entropy(x, t,
         reduction="sum")), fixed(((2, 3), (2, 3))), (PROBABILITY, PROBABILITY)),  # fmt: skip
    Case("bce_with_logits_pos_weight_first_derivative", _first_derivative(lambda x, t:
         F.binary_cross_entropy_with_logits(x, t, pos_weight=_WEIGHT)), fixed(((3, 4), (3, 4))),
         (Domain(-2.0, 2.0), PROBABILITY)),  # fmt: skip
    Case("interpolate_bicubic", lambda x: F.interpolate(x, size=(5, 3), mode="bicubic"), fixed(((1, 2, 3, 4),)),
         second_order=True),  # fmt: skip
    Case("interpolate_bicubic_align_corners", lambda x: F.interpolate(x, scale_factor=1.5, mode="bicubic",
         align_corners=True), fixed(((1, 1, 4, 3),)), second_order=True),  # fmt: skip
    Case("upsample_bicubic2d_backward", _upsample_backward(U.UpsampleBicubic2DBackward, (5, 3), (1, 2, 3, 4),
         (None, None), False), fixed(((1, 2, 5, 3),)), second_order=True),  # fmt: skip
]

# The backwards of views and joins on Tensors (create_graph=True): repeat's (sum(0) per added dim, one reshape and
# one sum over the repeats, or the gradient itself), cat's narrows, stack's selects, alias's pass-through.
DOUBLE_BACKWARD2_CATALOGUE += [
    Case("repeat_first_derivative", _first_derivative(lambda a: a.repeat(2, 1, 3)), fixed(((2, 3),), ((3,),), ((),))),
    Case("repeat_ones_first_derivative", _first_derivative(lambda a: a.repeat(1, 1) * a), fixed(((2, 3),))),
    Case("tile_first_derivative", _first_derivative(lambda a: a.tile((2, 2)) * a.sum()), fixed(((3,),))),
    Case("cat_first_derivative", _first_derivative(lambda a, b: torch.cat([a, b, a], -1)), fixed(((2, 3), (2, 1)))),
    Case("stack_first_derivative", _first_derivative(lambda a, b: torch.stack([a, b, a], -1)),
         fixed(((2, 3), (2, 3)))),  # fmt: skip
    Case("alias_first_derivative", _first_derivative(lambda a: a[...] * a[...].exp()), fixed(((2, 3),))),
]
