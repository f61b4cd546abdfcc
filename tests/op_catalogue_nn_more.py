"""Catalogue cases for ``CTCLoss``, ``AdaptiveLogSoftmaxWithLoss``, fractional max pooling and 3-D padding;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

NN_MORE_CATALOGUE = []

# -- fractional max pooling and 3-D padding (their own block) ---------------------------------------------------------
from op_catalogue import DISTINCT, REAL, Case, fixed  # noqa: E402

import minigrad as torch  # noqa: E402
import minigrad.nn.functional as F  # noqa: E402
from minigrad.ops import padding_modes as PM  # noqa: E402
from minigrad.ops.fractional_max_pool import FractionalMaxPool2DBackward, FractionalMaxPool3DBackward  # noqa: E402

_SAMPLES2 = torch.tensor([[[0.3, 0.7], [0.9, 0.1]]], dtype=torch.float64)
_SAMPLES3 = torch.tensor([[[0.25, 0.5, 0.8]]], dtype=torch.float64)


def _fractional_backward(g, x):
    indices = F.fractional_max_pool2d(x.detach(), 2, output_size=3, return_indices=True, _random_samples=_SAMPLES2)[1]
    return FractionalMaxPool2DBackward.apply(g, x, indices=indices)


def _fractional3d_backward(g, x):
    indices = F.fractional_max_pool3d(x.detach(), (2, 1, 2), output_size=(2, 3, 2), return_indices=True,
                                      _random_samples=_SAMPLES3)[1]
    return FractionalMaxPool3DBackward.apply(g, x, indices=indices)


NN_MORE_CATALOGUE += [
    Case("fractional_max_pool2d", lambda x: F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=_SAMPLES2),
         fixed(((1, 2, 5, 6),), ((2, 5, 5),)), (DISTINCT,), second_order=True),  # fmt: skip
    Case("fractional_max_pool3d", lambda x: F.fractional_max_pool3d(x, (2, 1, 2), output_size=(2, 3, 2),
         _random_samples=_SAMPLES3), fixed(((1, 1, 4, 4, 5),)), (DISTINCT,), second_order=True),  # fmt: skip
    Case("fractional_max_pool2d_backward", _fractional_backward, fixed(((1, 2, 3, 3), (1, 2, 5, 6))),
         (REAL, DISTINCT), second_order=True),  # fmt: skip
    Case("fractional_max_pool3d_backward", _fractional3d_backward, fixed(((1, 1, 2, 3, 2), (1, 1, 4, 4, 5))),
         (REAL, DISTINCT), second_order=True),  # fmt: skip
    # the 3-D padding backwards as ops of their own (what a second derivative records)
    Case("reflection_pad3d_backward", lambda g, x: PM.ReflectionPad3DBackward.apply(g, x, padding=(1, 2, 0, 1, 2, 1)),
         fixed(((1, 2, 6, 4, 7), (1, 2, 3, 3, 4))), second_order=True),  # fmt: skip
    Case("replication_pad3d_backward",
         lambda g, x: PM.ReplicationPad3DBackward.apply(g, x, padding=(2, 0, 1, -1, 1, 3)),
         fixed(((1, 1, 6, 3, 5), (1, 1, 2, 3, 3))), second_order=True),  # fmt: skip
    Case("pad_reflect_3d", lambda x: F.pad(x, (1, 2, 0, 1, 2, 1), mode="reflect"), fixed(((1, 2, 3, 3, 4),),
         ((1, 3, 3, 3),)), second_order=True),  # fmt: skip
    Case("pad_replicate_3d", lambda x: F.pad(x, (2, 0, 1, -1, 1, 3), mode="replicate"), fixed(((1, 1, 2, 3, 3),)),
         second_order=True),  # fmt: skip
    Case("pad_circular_3d", lambda x: F.pad(x, (1, 1, 0, 2, 1, 0), mode="circular"), fixed(((1, 1, 2, 3, 3),)),
         second_order=True),  # fmt: skip
]

# -- CTCLoss, AdaptiveLogSoftmaxWithLoss, linear_cross_entropy (their own block) ---------------------------------------
# torch's CTC gradient assumes log-probabilities that came out of a log_softmax (it adds exp(log_probs)): its cases
# differentiate through one, which makes it the true gradient.
import minigrad as _mg  # noqa: E402
import minigrad.nn.functional as _F  # noqa: E402

_NO_CTC_DOUBLE = "derivative for aten::_ctc_loss_backward is not implemented"
_CHUNKED_UNTRUE = "torch's chunked op computes its gradients in the forward: their own derivative is not recorded"
_CTC_TARGETS = _mg.tensor([[1, 2, 2], [3, 1, 0]])
_LCE_TARGETS = _mg.tensor([0, 3, -100, 4, 1])


def _asm(x, method="forward"):
    """A seeded AdaptiveLogSoftmaxWithLoss(4, 7, cutoffs=[3, 5], div_value=2, head_bias=True), in x's dtype: the
    same weights at every evaluation of a gradient check."""
    _mg.manual_seed(0)
    asm = _mg.nn.AdaptiveLogSoftmaxWithLoss(4, 7, cutoffs=[3, 5], div_value=2.0, head_bias=True).to(x.dtype)
    return asm(x, _mg.tensor([0, 4, 6])).loss if method == "forward" else asm.log_prob(x)


def _chunked(reduction, chunk):
    options = _mg.nn.LinearCrossEntropyOptions(batch_chunk_size=chunk, allow_retain_graph=True)
    return lambda x, w, b: _F.linear_cross_entropy(x, w, _LCE_TARGETS, linear_bias=b, reduction=reduction,
                                                   options=options)  # fmt: skip


NN_MORE_CATALOGUE += [
    Case("ctc_loss", lambda x: _F.ctc_loss(x.log_softmax(2), _CTC_TARGETS, (5, 4), (3, 2)), fixed(((5, 2, 4),)),
         no_double_backward=_NO_CTC_DOUBLE),  # fmt: skip
    Case("ctc_loss_none_concatenated", lambda x: _F.ctc_loss(x.log_softmax(2), _mg.tensor([1, 2, 2, 3, 1]), (5, 3),
         (3, 2), blank=0, reduction="none"), fixed(((5, 2, 4),)), no_double_backward=_NO_CTC_DOUBLE),  # fmt: skip
    Case("ctc_loss_unbatched_sum", lambda x: _F.ctc_loss(x.log_softmax(1), _mg.tensor([0, 2]), (4,), (2,), blank=3,
         reduction="sum", zero_infinity=True), fixed(((4, 4),)), no_double_backward=_NO_CTC_DOUBLE),  # fmt: skip
    Case("adaptive_log_softmax_loss", _asm, fixed(((3, 4),)), second_order=True),
    Case("adaptive_log_softmax_log_prob", lambda x: _asm(x, "log_prob"), fixed(((3, 4),)), second_order=True),
    Case("linear_cross_entropy", lambda x, w, b: _F.linear_cross_entropy(x, w, _LCE_TARGETS, linear_bias=b,
         label_smoothing=0.2), fixed(((5, 3), (6, 3), (6,))), second_order=True),  # fmt: skip
    Case("linear_cross_entropy_chunked_mean", _chunked("mean", 2), fixed(((5, 3), (6, 3), (6,))),
         untrue_double_backward=_CHUNKED_UNTRUE),  # fmt: skip
    Case("linear_cross_entropy_chunked_sum", _chunked("sum", 5), fixed(((5, 3), (6, 3), (6,))),
         untrue_double_backward=_CHUNKED_UNTRUE),  # fmt: skip
    Case("linear_cross_entropy_chunked_none", _chunked("none", 3), fixed(((5, 3), (6, 3), (6,))),
         untrue_double_backward=_CHUNKED_UNTRUE),  # fmt: skip
]
