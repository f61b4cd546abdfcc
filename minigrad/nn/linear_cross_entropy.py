"""``F.linear_cross_entropy``, ``nn.LinearCrossEntropyLoss`` and ``nn.LinearCrossEntropyOptions`` (new in torch
2.13): the cross entropy of a linear layer's logits. Without options it is torch's reference path, ``linear`` then
``cross_entropy`` (their graph); with options, torch's chunked custom ops
(:mod:`minigrad.ops.linear_cross_entropy`). Ported from ``torch/nn/functional.py``,
``torch/nn/modules/loss.py`` and ``torch/nn/modules/linear_cross_entropy_options.py``, with their checks and
messages."""

import dataclasses
import math
import warnings

from .. import dtypes
from ..ops.linear_cross_entropy import LinearCrossEntropyChunked, LinearCrossEntropyChunkedNoReduction
from .functional import linear
from .loss_modules import _WeightedLoss
from .losses import cross_entropy
from .modules import Linear

_AUTO_DEFAULTS = {("cpu", dtypes.float16): ("accurate", "aspect_ratio")}  # and bfloat16, which minigrad lacks
_AUTO_FALLBACK = ("compact", "aspect_ratio:2")


@dataclasses.dataclass(slots=True, frozen=True)
class LinearCrossEntropyOptions:
    """Mirror ``torch.nn.LinearCrossEntropyOptions``: how ``linear_cross_entropy`` chunks the batch
    (``batch_chunk_size`` rows at a time, or sized by ``chunking_method``), with torch's validation."""

    allow_retain_graph: bool = False
    batch_chunk_size: int | None = None
    chunking_method: str | None = "auto"
    acc_policy: str = "auto"
    acc_dtype: object = None

    def __post_init__(self):
        if self.acc_policy not in {"auto", "accurate", "balanced", "compact"}:
            raise ValueError(f"invalid acc_policy: {self.acc_policy!r}")
        if self.chunking_method is not None and self.chunking_method != "auto":
            name, sep, factor = self.chunking_method.partition(":")
            if not sep:
                factor = "1"
            if not (name == "aspect_ratio" and factor.isdigit() and int(factor) > 0):
                raise ValueError(f"invalid chunking_method: {self.chunking_method!r}")
        if not (self.batch_chunk_size is None
                or (isinstance(self.batch_chunk_size, int) and self.batch_chunk_size > 0)):  # fmt: skip
            raise ValueError(f"batch_chunk_size must be positive int or None, got {self.batch_chunk_size!r}")
        supported = {dtypes.float16, dtypes.float32, dtypes.float64}
        if self.acc_dtype is not None and self.acc_dtype not in supported:
            raise ValueError(
                f"acc_dtype must be one of {{None, torch.float16, torch.bfloat16, torch.float32, torch.float64}}, "
                f"got {self.acc_dtype!r}. Pass acc_dtype=None to let the op pick automatically."
            )

    @staticmethod
    def _ceil_div(a, b):
        return -(-a // b)

    def _compute_batch_chunk_size(self, num_batches, in_features, num_classes, method=None):
        method = str(method if method is not None else self.chunking_method)
        if method.startswith("aspect_ratio"):
            factor = int(method.split(":", 1)[1]) if ":" in method else 1
            target = self._ceil_div(num_batches, self._ceil_div(num_classes, in_features))
            return min((1 << (target - 1).bit_length()) // factor, num_batches)
        raise AssertionError(f"unhandled chunking_method: {method!r}")

    def _adjust(self, num_batches, in_features, num_classes, dtype, device=None):
        """torch's resolution of the ``"auto"`` choices for one call: a concrete options instance."""
        acc_policy, chunking_method = self.acc_policy, self.chunking_method
        if chunking_method == "auto" and self.batch_chunk_size is not None:
            chunking_method = None
        if acc_policy == "auto" or chunking_method == "auto":
            ap, cm = _AUTO_DEFAULTS.get(("cpu", dtype), _AUTO_FALLBACK) if device is not None else _AUTO_FALLBACK
            acc_policy = ap if acc_policy == "auto" else acc_policy
            chunking_method = cm if chunking_method == "auto" else chunking_method
        batch_chunk_size = num_batches if self.batch_chunk_size is None else min(self.batch_chunk_size, num_batches)
        if chunking_method is not None:
            batch_chunk_size = self._compute_batch_chunk_size(num_batches, in_features, num_classes, chunking_method)
            if self.batch_chunk_size is not None and self.batch_chunk_size != batch_chunk_size:
                raise ValueError(
                    f"batch_chunk_size (={self.batch_chunk_size}) and chunking_method ('{chunking_method}') give "
                    f"different chunk sizes ({self.batch_chunk_size} vs {batch_chunk_size}); pass only one."
                )
        if self.acc_dtype is None:
            low = self.acc_policy == "auto" and device is not None and dtype is dtypes.float16
            acc_dtype = dtypes.float32 if low else dtype
        else:
            acc_dtype = self.acc_dtype
        return dataclasses.replace(self, acc_policy=acc_policy, chunking_method=chunking_method,
                                   batch_chunk_size=max(1, batch_chunk_size), acc_dtype=acc_dtype)  # fmt: skip


def linear_cross_entropy(input, linear_weight, target, *, linear_bias=None, weight=None, reduction="mean",
                         ignore_index=None, label_smoothing=0.0, options=None):  # fmt: skip
    """Mirror ``torch.nn.functional.linear_cross_entropy``: ``cross_entropy(linear(input, linear_weight,
    linear_bias), target, ...)``, ``linear_weight`` ``(C, d1, ..., in_features)`` for a K-dimensional loss; with
    ``options``, torch's chunked op (where it applies; else its warning and the reference path)."""
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError(f"expected input with dimensionality 1 or 2, got {input.dim()}")
    if linear_weight.dim() < 2:
        raise RuntimeError(f"expected linear_weight with dimensionality at least 2, got {linear_weight.dim()}")
    num_batches, in_features = tuple(input.shape[:-1]), input.shape[-1]
    if in_features != linear_weight.shape[-1]:
        raise RuntimeError(
            "expected equal input and linear_weight last dimensions (in_features), "
            f"got {input.shape[-1]} and {linear_weight.shape[-1]}, respectively"
        )
    num_classes, out_features = linear_weight.shape[0], tuple(linear_weight.shape[1:-1])
    if linear_bias is not None and tuple(linear_bias.shape) != (num_classes, *out_features):
        raise RuntimeError(f"expected linear_bias shape {(num_classes, *out_features)}, got {tuple(linear_bias.shape)}")
    if len(out_features) > 0 and len(num_batches) == 0:
        raise RuntimeError(
            f"K-dimensional loss defined by linear_weight shape {tuple(linear_weight.shape)} requires batched input, "
            f"(N, {in_features}), got unbatched input with shape {tuple(input.shape)}"
        )
    logits_shape = (*num_batches, num_classes, *out_features)
    if tuple(target.shape) == logits_shape and ignore_index is not None:
        raise RuntimeError("ignore_index cannot be specified when target contains probabilities")
    ignore_index = ignore_index if ignore_index is not None else -100
    chunkable = reduction in {"mean", "sum", "none"} and label_smoothing == 0.0 and target.dtype is dtypes.int64 \
        and not out_features
    if options is not None and not chunkable:
        warnings.warn(
            "linear_cross_entropy: ``options`` ignored; chunked path needs reduction in {'mean','sum','none'}, "
            f"label_smoothing == 0, target.dtype == int64, out_features == (). Got reduction={reduction!r}, "
            f"label_smoothing={label_smoothing}, target.dtype={target.dtype}, out_features={out_features}, "
            f"tracing=False, linear_bias.shape={tuple(linear_bias.shape) if linear_bias is not None else None}.",
            stacklevel=2,
        )
    if options is not None and chunkable:
        return _chunked(input, linear_weight, target, linear_bias, weight, reduction, ignore_index, options)
    if out_features:
        linear_weight = linear_weight.reshape((math.prod(out_features, start=num_classes), in_features))
        if linear_bias is not None:
            linear_bias = linear_bias.reshape(math.prod(out_features, start=num_classes))
    logits = linear(input, linear_weight, linear_bias).reshape(logits_shape)
    return cross_entropy(logits, target, weight=weight, reduction=reduction, ignore_index=ignore_index,
                         label_smoothing=label_smoothing)  # fmt: skip


def _chunked(x, linear_weight, target, linear_bias, weight, reduction, ignore_index, options):
    has_batches = x.dim() == 2
    if not has_batches:
        x, target = x.unsqueeze(0), target.unsqueeze(0)
    options = options._adjust(num_batches=x.shape[0], in_features=x.shape[-1],
                              num_classes=linear_weight.shape[0], dtype=x.dtype, device="cpu")  # fmt: skip
    tensors = [t for t in (x, linear_weight, target, linear_bias, weight) if t is not None]
    flags = {"has_bias": linear_bias is not None, "has_weight": weight is not None, "ignore_index": ignore_index,
             "chunk": options.batch_chunk_size}  # fmt: skip
    if reduction == "none":
        result = LinearCrossEntropyChunkedNoReduction.apply(*tensors, **flags)
    else:
        result = LinearCrossEntropyChunked.apply(*tensors, **flags, reduction=reduction,
                                                 allow_retain_graph=options.allow_retain_graph)  # fmt: skip
    return result if has_batches else result.squeeze(0)


class LinearCrossEntropyLoss(_WeightedLoss):
    """Mirror ``torch.nn.LinearCrossEntropyLoss(in_features, num_classes, *, out_features=(), bias=False,
    reduction='mean', weight=None, ignore_index=None, label_smoothing=0.0, options=None)``: a ``Linear`` to
    ``num_classes * prod(out_features)`` logits, then :func:`linear_cross_entropy`."""

    def __init__(self, in_features, num_classes, *, out_features=(), bias=False, device=None, dtype=None,
                 reduction="mean", weight=None, ignore_index=None, label_smoothing=0.0, options=None):  # fmt: skip
        if weight is not None and tuple(weight.shape) != (num_classes,):
            raise RuntimeError(f"expected weight shape to be {(num_classes,)}, got {tuple(weight.shape)}")
        if label_smoothing < 0 or label_smoothing > 1.0:
            raise RuntimeError(f"expected label_smoothing to be in range [0, 1], got {label_smoothing}")
        super().__init__(weight=weight, size_average=None, reduce=None, reduction=reduction)
        self.num_classes, self.out_features = num_classes, out_features
        self.ignore_index, self.label_smoothing = ignore_index, label_smoothing
        self.linear = Linear(in_features, math.prod(out_features, start=num_classes), bias=bias, device=device,
                             dtype=dtype)  # fmt: skip
        self.options = options

    def forward(self, input, target):
        linear_weight = self.linear.weight.reshape((self.num_classes, *self.out_features, self.linear.in_features))
        linear_bias = (self.linear.bias.reshape((self.num_classes, *self.out_features))
                       if self.linear.bias is not None else None)  # fmt: skip
        return linear_cross_entropy(input, linear_weight, target, linear_bias=linear_bias, weight=self.weight,
                                    reduction=self.reduction, ignore_index=self.ignore_index,
                                    label_smoothing=self.label_smoothing, options=self.options)  # fmt: skip

    def extra_repr(self):
        return (f"in_features={self.linear.in_features}, num_classes={self.num_classes}, "
                f"out_features={self.out_features}, bias={self.linear.bias is not None}, "
                f"reduction={self.reduction}, ignore_index={self.ignore_index}, "
                f"label_smoothing={self.label_smoothing}, options={self.options}")  # fmt: skip
