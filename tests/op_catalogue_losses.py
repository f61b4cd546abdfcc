"""Catalogue cases for losses; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module.

The margin losses have kinks where a margin is crossed: their domains keep every drawn input away from them
(disjoint ranges, or a grid that the margin is not a multiple of)."""

from op_catalogue import NONZERO, POSITIVE, REAL, Case, Domain, fixed

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.nn.margin_loss_ops import SoftMarginLossBackward
from minigrad.ops.avg_pool3d import AvgPool3D, AvgPool3DBackward
from minigrad.ops.rrelu import RreluWithNoiseBackward
from minigrad.ops.trilinear import Trilinear

_SIGNS = [[1.0, -1.0, 1.0], [-1.0, 1.0, 1.0]]


def _seeded(f, *args, **kwargs):
    """``f`` after seeding the default generator: the same noise at every evaluation of a gradient check."""
    torch.manual_seed(0)
    return f(*args, **kwargs)


def _rrelu_training(a, inplace=False):
    """rrelu in training, its slopes drawn from a generator seeded afresh at each call (the same slopes for every
    evaluation of a gradient check)."""
    generator = torch.Generator().manual_seed(0)
    if inplace:
        return torch.rrelu_(a * 1, 0.1, 0.3, True, generator) * 1.5
    return torch.rrelu(a, 0.1, 0.3, True, generator)


_NO_MULTI_MARGIN = "derivative for aten::multi_margin_loss_backward is not implemented"
_NO_MULTILABEL_MARGIN = "derivative for aten::multilabel_margin_loss_backward is not implemented"
_NO_PDIST = "the derivative for '_pdist_backward' is not implemented."
_CLASS_WEIGHTS = [1.0, 2.0, 0.5, 3.0]
_GRID = Domain(-2.0, 2.0, grid=0.05, distinct=True)  # margins of 0.525 and 1.025 are never crossed exactly


def _signs(a):
    return torch.tensor(_SIGNS, dtype=a.dtype)


LOSSES_CATALOGUE = [
    Case("margin_ranking_loss", lambda a, b: F.margin_ranking_loss(a, b, torch.tensor([1.0, -1.0, 1.0, -1.0]),
                                                                   margin=0.3),  # fmt: skip
         fixed(((4,), (4,))), (Domain(-2.0, -0.5), Domain(0.5, 2.0)), second_order=True),
    Case("margin_ranking_loss_none", lambda a, b, y: F.margin_ranking_loss(a, b, y, margin=-0.2, reduction="none"),
         fixed(((2, 3), (2, 3), (2, 3))), (Domain(-2.0, -0.5), Domain(0.5, 2.0), Domain(0.5, 2.0))),
    Case("hinge_embedding_loss", lambda a: F.hinge_embedding_loss(a, _signs(a)), fixed(((2, 3),)),
         (Domain(avoid=(1.0,)),), second_order=True),
    Case("hinge_embedding_loss_sum", lambda a: F.hinge_embedding_loss(a, -_signs(a), 0.5, reduction="sum"),
         fixed(((2, 3),)), (Domain(avoid=(0.5,)),)),
    Case("soft_margin_loss", lambda a: F.soft_margin_loss(a, _signs(a)), fixed(((2, 3),)), second_order=True),
    Case("soft_margin_loss_none", lambda a: F.soft_margin_loss(a, _signs(a), reduction="none"), fixed(((2, 3),)),
         second_order=True),
    Case("soft_margin_loss_sum", lambda a: F.soft_margin_loss(a, _signs(a)[0], reduction="sum"), fixed(((2, 3),)),
         second_order=True),
    Case("soft_margin_loss_backward", lambda g, a: SoftMarginLossBackward.apply(g, a, target=_signs(a), reduction=0),
         fixed(((2, 3), (2, 3))), second_order=True),
    Case("soft_margin_loss_backward_mean", lambda g, a: SoftMarginLossBackward.apply(g, a, target=_signs(a),
                                                                                     reduction=1),  # fmt: skip
         fixed(((), (2, 3))), second_order=True),
    Case("cosine_embedding_loss", lambda a, b: F.cosine_embedding_loss(a, b, torch.tensor([1.0, -1.0, -1.0]),
                                                                       margin=-1.5),  # fmt: skip
         fixed(((3, 4), (3, 4))), (NONZERO,), second_order=True),
    Case("cosine_embedding_loss_1d", lambda a, b: F.cosine_embedding_loss(a, b, torch.tensor(1.0), reduction="sum"),
         fixed(((4,), (4,))), (NONZERO,), second_order=True),
    Case("triplet_margin_loss", lambda a, p, n: F.triplet_margin_loss(a, p, n, margin=10.0),
         fixed(((3, 4), (3, 4), (3, 4))), (Domain(-2.0, -1.0), Domain(-0.5, 0.5), Domain(1.0, 2.0)),
         second_order=True),
    Case("triplet_margin_loss_p1", lambda a, p, n: F.triplet_margin_loss(a, p, n, margin=10.0, p=1, reduction="none"),
         fixed(((3, 4), (3, 4), (3, 4))), (Domain(-2.0, -1.0), Domain(-0.5, 0.5), Domain(1.0, 2.0))),
    Case("triplet_margin_with_distance_loss",
         lambda a, p, n: F.triplet_margin_with_distance_loss(a, p, n, margin=10.0, reduction="sum"),
         fixed(((3, 4), (3, 4), (3, 4))), (Domain(-2.0, -1.0), Domain(-0.5, 0.5), Domain(1.0, 2.0)),
         second_order=True),
    Case("poisson_nll_loss", lambda a, t: F.poisson_nll_loss(a, t), fixed(((2, 3), (2, 3))), (REAL, POSITIVE),
         second_order=True),
    Case("poisson_nll_loss_full", lambda a, t: F.poisson_nll_loss(a, t, log_input=False, full=True, reduction="none"),
         fixed(((2, 3), (2, 3))), (POSITIVE, Domain(0.2, 3.0, avoid=(1.0,))), second_order=True),
    Case("gaussian_nll_loss", lambda a, t, v: F.gaussian_nll_loss(a, t, v, full=True),
         fixed(((2, 3), (2, 3), (2, 3)), ((2, 3), (2, 3), (2,)), ((2, 3), (2, 3), (2, 1))), (REAL, REAL, POSITIVE),
         second_order=True),
    Case("multilabel_soft_margin_loss",
         lambda a, t: F.multilabel_soft_margin_loss(a, t, weight=torch.tensor([1.0, 2.0, 0.5], dtype=a.dtype)),
         fixed(((2, 3), (2, 3))), (REAL, Domain(0.0, 1.0)), second_order=True),
    Case("multi_margin_loss", lambda a: F.multi_margin_loss(a, torch.tensor([2, 0, 3]), margin=0.525),
         fixed(((3, 4),)), (_GRID,), no_double_backward=_NO_MULTI_MARGIN),
    Case("multi_margin_loss_p2_weight",
         lambda a: F.multi_margin_loss(a, torch.tensor([1, 3]), p=2, margin=1.025, reduction="none",
                                       weight=torch.tensor(_CLASS_WEIGHTS, dtype=a.dtype)),  # fmt: skip
         fixed(((2, 4),)), (_GRID,), no_double_backward=_NO_MULTI_MARGIN),
    Case("multi_margin_loss_1d", lambda a: F.multi_margin_loss(a, torch.tensor(1), margin=0.525, reduction="sum"),
         fixed(((4,),)), (_GRID,), no_double_backward=_NO_MULTI_MARGIN),
    Case("multilabel_margin_loss",
         lambda a: F.multilabel_margin_loss(a, torch.tensor([[3, 0, -1, 1], [1, 2, 3, -1], [0, -1, 2, 2]])),
         fixed(((3, 4),)), (Domain(-0.4, 0.4),), no_double_backward=_NO_MULTILABEL_MARGIN),
    Case("multilabel_margin_loss_none",
         lambda a: F.multilabel_margin_loss(a, torch.tensor([[1, -1, 0, 0], [2, 0, -1, 3]]), reduction="none"),
         fixed(((2, 4),)), (Domain(-0.4, 0.4),), no_double_backward=_NO_MULTILABEL_MARGIN),
    Case("rms_norm", lambda a, w: F.rms_norm(a, (3,), w), fixed(((2, 3), (3,)), ((2, 2, 3), (3,))), (NONZERO, REAL),
         second_order=True),
    Case("rms_norm_two_dims", lambda a: F.rms_norm(a, (2, 3), eps=0.1), fixed(((2, 2, 3),)), second_order=True),
    Case("rms_norm_layer", lambda a: torch.nn.RMSNorm(3, dtype=a.dtype)(a), fixed(((2, 3),)), (NONZERO,)),
    Case("bilinear", F.bilinear, fixed(((4, 2), (4, 3), (2, 2, 3), (2,)), ((2,), (3,), (1, 2, 3), (1,))),
         second_order=True),
    Case("bilinear_no_bias", F.bilinear, fixed(((2, 4, 2), (2, 4, 3), (3, 2, 3))), second_order=True),
    Case("trilinear_summed_unroll_dim",
         lambda a, b, c: Trilinear.apply(a, b, c, expand1=(2,), expand2=(0,), expand3=(0,), sumdim=(1,)),
         fixed(((2, 3), (3, 4), (3, 4))), second_order=True),
    Case("pairwise_distance_layer", lambda a, b: torch.nn.PairwiseDistance(p=3.0, keepdim=True)(a, b),
         fixed(((2, 3), (2, 3))), (Domain(-2.0, -0.5), Domain(0.5, 2.0)), second_order=True),
    Case("pdist", F.pdist, fixed(((4, 3),), ((2, 9),)), (_GRID,), no_double_backward=_NO_PDIST),
    Case("pdist_p1", lambda a: torch.pdist(a, 1), fixed(((4, 3),)), (_GRID,), no_double_backward=_NO_PDIST),
    Case("pdist_p3", lambda a: torch.pdist(a, 3.0), fixed(((3, 5),)), (_GRID,), no_double_backward=_NO_PDIST),
    Case("pdist_p_half", lambda a: torch.pdist(a, 0.5), fixed(((3, 2),)), (_GRID,), no_double_backward=_NO_PDIST),
    Case("rrelu_training", _rrelu_training, [((2, 3),), ((7,),)], (Domain(avoid=(0.0,)),), second_order=True),
    Case("rrelu_training_inplace", lambda a: _rrelu_training(a, inplace=True), [((2, 3),)], (Domain(avoid=(0.0,)),),
         second_order=True),
    Case("rrelu_eval", lambda a: F.rrelu(a, 0.2, 0.6), [((2, 3),)], (Domain(avoid=(0.0,)),), second_order=True),
    Case("rrelu_eval_inplace", lambda a: F.rrelu(a * 1, inplace=True) * 1.5, [((2, 3),)], (Domain(avoid=(0.0,)),),
         second_order=True),
    Case("rrelu_backward", lambda g, a: RreluWithNoiseBackward.apply(g, a, noise=torch.full((2, 3), 0.25),
                                                                     lower=0.2, upper=0.3, training=True),  # fmt: skip
         fixed(((2, 3), (2, 3))), (REAL, Domain(avoid=(0.0,)))),
    Case("gumbel_softmax", lambda a: _seeded(F.gumbel_softmax, a, tau=0.5), fixed(((2, 4),)), second_order=True),
    # straight through: the value is one-hot, the gradient the soft sample's, so only the formulas are checked
    Case("gumbel_softmax_hard", lambda a: _seeded(F.gumbel_softmax, a, hard=True, dim=0), fixed(((3, 2),)),
         formula_only=True),
    Case("local_response_norm", lambda a: F.local_response_norm(a, 3, alpha=0.1), fixed(((2, 4, 3),)),
         second_order=True),
    Case("local_response_norm_4d", lambda a: torch.nn.LocalResponseNorm(2, 0.2, 0.5, 2.0)(a), fixed(((2, 3, 2, 2),)),
         second_order=True),
    Case("avg_pool3d", lambda a: AvgPool3D.apply(a, kernel_size=(2, 1, 2), stride=(1, 1, 2), padding=(1, 0, 1)),
         fixed(((1, 3, 2, 4),)), second_order=True),
    Case("avg_pool3d_backward", lambda g, a: AvgPool3DBackward.apply(g, a, kernel_size=(2, 2, 1), stride=(1, 1, 1),
                                                                     padding=(0, 1, 0), ceil_mode=False,
                                                                     count_include_pad=False, divisor_override=None),
         fixed(((1, 2, 3, 2), (1, 3, 2, 2)))),
    # a target that requires grad and shares its input's leaf: every term of the losses differentiated twice
    Case("kl_div_shared_leaf", lambda a: F.kl_div(a.log_softmax(1), a.sigmoid(), reduction="batchmean")
         + F.kl_div(a, a * 0.5, reduction="sum", log_target=True), fixed(((2, 3),)), second_order=True),
    Case("poisson_nll_loss_full_shared_leaf", lambda a: F.poisson_nll_loss(a, a * 2 + 1, log_input=False, full=True),
         fixed(((2, 3),)), (POSITIVE,), second_order=True),
    Case("cross_entropy_probabilities_smoothing", lambda z, t: F.cross_entropy(z, t.softmax(1), label_smoothing=0.2,
         reduction="sum"), fixed(((3, 4), (3, 4))), second_order=True),  # fmt: skip
]
