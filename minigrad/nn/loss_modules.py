"""The loss layers: ``nn.CrossEntropyLoss``, ``nn.NLLLoss``, ``nn.BCELoss``, ``nn.BCEWithLogitsLoss`` and
``nn.KLDivLoss``, each calling its function as ``torch.nn.functional`` has it (so that a target of the wrong type
gets torch's error; ``weight`` and ``pos_weight`` are buffers, as in torch)."""

import warnings

from . import _reduction, functional
from .module import Module


class _Loss(Module):
    """torch's base of the loss modules: ``reduction``, or the legacy ``size_average`` and ``reduce`` that old
    tutorials pass to ask for one (with torch's warning, and its errors for values that are not flags)."""

    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        self.reduction = _reduction.reduction_of(size_average, reduce, reduction)


class _WeightedLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)


class MSELoss(_Loss):
    """Mirror ``torch.nn.MSELoss(size_average=None, reduce=None, reduction='mean')``."""

    def forward(self, input, target):
        return functional.mse_loss(input, target, reduction=self.reduction)


class KLDivLoss(_Loss):
    """Mirror ``torch.nn.KLDivLoss(size_average=None, reduce=None, reduction='mean', log_target=False)``."""

    def __init__(self, size_average=None, reduce=None, reduction="mean", log_target=False):
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target

    def forward(self, input, target):
        return functional.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


class CrossEntropyLoss(_WeightedLoss):
    """Mirror ``torch.nn.CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean',
    label_smoothing=0.0)``: ``F.cross_entropy`` of logits and class indices (or probabilities)."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                 label_smoothing=0.0):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index, self.label_smoothing = ignore_index, label_smoothing

    def forward(self, input, target):
        return functional.cross_entropy(input, target, weight=self.weight, ignore_index=self.ignore_index,
                                    reduction=self.reduction, label_smoothing=self.label_smoothing)


class NLLLoss(_WeightedLoss):
    """Mirror ``torch.nn.NLLLoss(weight=None, ignore_index=-100, reduction='mean')``: ``F.nll_loss``."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return functional.nll_loss(input, target, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction)


class BCELoss(_WeightedLoss):
    """Mirror ``torch.nn.BCELoss(weight=None, reduction='mean')``: ``F.binary_cross_entropy``."""

    def forward(self, input, target):
        return functional.binary_cross_entropy(input, target, weight=self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_WeightedLoss):
    """Mirror ``torch.nn.BCEWithLogitsLoss(weight=None, reduction='mean', pos_weight=None)``:
    ``F.binary_cross_entropy_with_logits``."""

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None):
        super().__init__(weight, size_average, reduce, reduction)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, input, target):
        return functional.binary_cross_entropy_with_logits(input, target, self.weight, pos_weight=self.pos_weight,
                                                       reduction=self.reduction)


class L1Loss(_Loss):
    """Mirror ``torch.nn.L1Loss(size_average=None, reduce=None, reduction='mean')``: ``F.l1_loss``."""

    def forward(self, input, target):
        return functional.l1_loss(input, target, reduction=self.reduction)


class SmoothL1Loss(_Loss):
    """Mirror ``torch.nn.SmoothL1Loss(size_average=None, reduce=None, reduction='mean', beta=1.0)``."""

    def __init__(self, size_average=None, reduce=None, reduction="mean", beta=1.0):
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input, target):
        return functional.smooth_l1_loss(input, target, reduction=self.reduction, beta=self.beta)


class HuberLoss(_Loss):
    """Mirror ``torch.nn.HuberLoss(reduction='mean', delta=1.0)``."""

    def __init__(self, reduction="mean", delta=1.0):
        if not isinstance(delta, (float, int)):
            raise TypeError(f"delta must be a float or int, got: {type(delta)}")
        super().__init__(reduction=reduction)
        self.delta = delta

    def forward(self, input, target):
        return functional.huber_loss(input, target, reduction=self.reduction, delta=self.delta)


class NLLLoss2d(NLLLoss):
    """Mirror ``torch.nn.NLLLoss2d``, torch's deprecated alias of :class:`NLLLoss`, with its FutureWarning."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        warnings.warn(
            "`NLLLoss2d` has been deprecated. Please use `NLLLoss` instead as a drop-in replacement and see "
            "https://pytorch.org/docs/main/nn.html#torch.nn.NLLLoss for more details.",
            FutureWarning,
            stacklevel=2,
        )
        super().__init__(weight, size_average, ignore_index, reduce, reduction)
