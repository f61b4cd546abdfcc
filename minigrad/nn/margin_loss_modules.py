"""The margin, embedding and likelihood loss layers: ``nn.MarginRankingLoss``, ``nn.HingeEmbeddingLoss``,
``nn.SoftMarginLoss``, ``nn.CosineEmbeddingLoss``, ``nn.TripletMarginLoss``, ``nn.TripletMarginWithDistanceLoss``,
``nn.PoissonNLLLoss``, ``nn.GaussianNLLLoss``, ``nn.MultiLabelSoftMarginLoss``, ``nn.MultiMarginLoss`` and
``nn.MultiLabelMarginLoss``, each calling its function as ``torch.nn.functional`` has it (``weight`` a buffer)."""

from . import functional
from .distance import PairwiseDistance
from .loss_modules import _Loss, _WeightedLoss


class _MarginLoss(_Loss):
    def __init__(self, margin, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.margin = margin


class MarginRankingLoss(_MarginLoss):
    """Mirror ``torch.nn.MarginRankingLoss(margin=0.0, size_average=None, reduce=None, reduction='mean')``."""

    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(margin, size_average, reduce, reduction)

    def forward(self, input1, input2, target):
        return functional.margin_ranking_loss(input1, input2, target, margin=self.margin, reduction=self.reduction)


class HingeEmbeddingLoss(_MarginLoss):
    """Mirror ``torch.nn.HingeEmbeddingLoss(margin=1.0, size_average=None, reduce=None, reduction='mean')``."""

    def __init__(self, margin=1.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(margin, size_average, reduce, reduction)

    def forward(self, input, target):
        return functional.hinge_embedding_loss(input, target, margin=self.margin, reduction=self.reduction)


class SoftMarginLoss(_Loss):
    """Mirror ``torch.nn.SoftMarginLoss(size_average=None, reduce=None, reduction='mean')``."""

    def forward(self, input, target):
        return functional.soft_margin_loss(input, target, reduction=self.reduction)


class CosineEmbeddingLoss(_MarginLoss):
    """Mirror ``torch.nn.CosineEmbeddingLoss(margin=0.0, size_average=None, reduce=None, reduction='mean')``."""

    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(margin, size_average, reduce, reduction)

    def forward(self, input1, input2, target):
        return functional.cosine_embedding_loss(input1, input2, target, margin=self.margin, reduction=self.reduction)


class TripletMarginLoss(_Loss):
    """Mirror ``torch.nn.TripletMarginLoss(margin=1.0, p=2.0, eps=1e-6, swap=False, size_average=None,
    reduce=None, reduction='mean')``."""

    def __init__(self, margin=1.0, p=2.0, eps=1e-6, swap=False, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        if margin <= 0:
            raise ValueError(f"TripletMarginLoss: expected margin to be greater than 0, got {margin} instead")
        self.margin, self.p, self.eps, self.swap = margin, p, eps, swap

    def forward(self, anchor, positive, negative):
        return functional.triplet_margin_loss(anchor, positive, negative, margin=self.margin, p=self.p, eps=self.eps,
                                              swap=self.swap, reduction=self.reduction)  # fmt: skip


class TripletMarginWithDistanceLoss(_Loss):
    """Mirror ``torch.nn.TripletMarginWithDistanceLoss(*, distance_function=None, margin=1.0, swap=False,
    reduction='mean')`` (``distance_function`` an ``nn.PairwiseDistance()`` by default, shown in its repr)."""

    def __init__(self, *, distance_function=None, margin=1.0, swap=False, reduction="mean"):
        super().__init__(reduction=reduction)
        if margin <= 0:
            raise ValueError(
                f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, got {margin} instead"
            )
        self.distance_function = distance_function if distance_function is not None else PairwiseDistance()
        self.margin, self.swap = margin, swap

    def forward(self, anchor, positive, negative):
        return functional.triplet_margin_with_distance_loss(
            anchor, positive, negative, distance_function=self.distance_function, margin=self.margin, swap=self.swap,
            reduction=self.reduction,
        )


class PoissonNLLLoss(_Loss):
    """Mirror ``torch.nn.PoissonNLLLoss(log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
    reduction='mean')``."""

    def __init__(self, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.log_input, self.full, self.eps = log_input, full, eps

    def forward(self, log_input, target):
        return functional.poisson_nll_loss(log_input, target, log_input=self.log_input, full=self.full, eps=self.eps,
                                           reduction=self.reduction)  # fmt: skip


class GaussianNLLLoss(_Loss):
    """Mirror ``torch.nn.GaussianNLLLoss(*, full=False, eps=1e-6, reduction='mean')``."""

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__(None, None, reduction)
        self.full, self.eps = full, eps

    def forward(self, input, target, var):
        return functional.gaussian_nll_loss(input, target, var, full=self.full, eps=self.eps, reduction=self.reduction)


class MultiLabelSoftMarginLoss(_WeightedLoss):
    """Mirror ``torch.nn.MultiLabelSoftMarginLoss(weight=None, size_average=None, reduce=None, reduction='mean')``."""

    def forward(self, input, target):
        return functional.multilabel_soft_margin_loss(input, target, weight=self.weight, reduction=self.reduction)


class MultiMarginLoss(_WeightedLoss):
    """Mirror ``torch.nn.MultiMarginLoss(p=1, margin=1.0, weight=None, size_average=None, reduce=None,
    reduction='mean')``."""

    def __init__(self, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        if p != 1 and p != 2:
            raise ValueError("only p == 1 and p == 2 supported")
        if weight is not None and weight.dim() != 1:
            raise ValueError(f"MultiMarginLoss: expected weight to be None or 1D tensor, got {weight.dim()}D instead")
        self.p, self.margin = p, margin

    def forward(self, input, target):
        return functional.multi_margin_loss(input, target, p=self.p, margin=self.margin, weight=self.weight,
                                            reduction=self.reduction)  # fmt: skip


class MultiLabelMarginLoss(_Loss):
    """Mirror ``torch.nn.MultiLabelMarginLoss(size_average=None, reduce=None, reduction='mean')``."""

    def forward(self, input, target):
        return functional.multilabel_margin_loss(input, target, reduction=self.reduction)
