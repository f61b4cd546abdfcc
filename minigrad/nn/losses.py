"""The classification losses, as ``torch.nn.functional`` has them: ``nll_loss``, ``cross_entropy`` (with
``weight``, ``ignore_index``, ``label_smoothing`` and class-probability targets, recorded with the graph
torch's C++ builds for each), ``binary_cross_entropy``, ``binary_cross_entropy_with_logits`` and ``kl_div``.

Inputs are ``(C,)``, ``(N, C)`` or ``(N, C, d1, ...)`` (one class distribution per position: torch's
``nll_loss2d``, NllLoss2DBackward0).
"""

import warnings

import numpy as np

from .. import dtypes
from ..arguments import check_types, must_be_tensor
from ..broadcasting import broadcast_shapes
from ..ops import softmax as SM
from ..ops._util import broadcast_mismatch, cant_cast, infer_size, not_implemented, wrap
from ..ops.elementwise import AddScalar, DivScalar, MulScalar
from ..size import shape_text
from ..tensor import Tensor
from . import _reduction
from .loss_ops import BinaryCrossEntropy, BinaryCrossEntropyWithLogits, NllLoss, NllLoss2d

REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}  # the codes torch's nodes save (``_saved_reduction``)


def reduction_code(reduction):
    """torch's code for a reduction name, or its ValueError (``_reduction.get_enum``)."""
    code = REDUCTIONS.get(reduction) if reduction.__class__ is str else None
    return _reduction.get_enum(reduction) if code is None else code


def _parsed_arguments(function, weight, ignore_index, label_smoothing=0.0):
    """``ignore_index`` and ``label_smoothing`` as torch's parser of ``function`` (``nll_loss_nd``,
    ``cross_entropy_loss``) reads them (an int, a float: a 0-d tensor is taken), or its TypeError for them or for a
    ``weight`` of a type it does not take."""
    if weight is not None and not isinstance(weight, Tensor) or ignore_index.__class__ is not int or \
            label_smoothing.__class__ is not float:
        check_types(function, ("weight", 3, weight, "Tensor?"), ("ignore_index", 5, ignore_index, "int"),
                    ("label_smoothing", 6, label_smoothing, "float"))  # fmt: skip
        return int(ignore_index), float(label_smoothing)
    return ignore_index, label_smoothing


def _check_weight(weight, n_classes, input, prefix=""):
    if weight is None:
        return
    if weight.ndim != 1 or weight.numel() != n_classes:
        raise RuntimeError(
            f"{prefix}weight tensor should be defined either for all {n_classes} classes or no classes but got "
            f"weight tensor of shape: [{', '.join(map(str, weight.shape))}]"
        )
    if weight.dtype is not input.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {weight.dtype.scalar_name}")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.nll_loss``: the negative log-likelihood of ``target``'s classes in
    ``input`` (log-probabilities, ``(C,)``, ``(N, C)`` or ``(N, C, d1, ...)``), with torch's ``weight``,
    ``ignore_index`` and ``reduction`` and its checks; recorded as NllLossBackward0 (NllLoss2DBackward0 for more
    than two dims)."""
    reduction = _reduction.reduction_of(size_average, reduce, reduction)  # the legacy arguments win, as in torch
    code = reduction_code(reduction)
    ignore_index, _ = _parsed_arguments("nll_loss_nd", weight, ignore_index)
    return _nll_loss(input, target, weight, code, ignore_index)


def _nll_loss(input, target, weight, code, ignore_index):
    """:func:`nll_loss` once its arguments are read (``code``: the reduction's)."""
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    if input.ndim > 2:
        return _nll_loss_nd(input, target, weight, code, ignore_index)
    if input.ndim == 1 and target.ndim == 1 and target.shape[0] != 1:
        raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: {target.shape[0]}")
    if input.ndim == 2 and input._data.shape[0] != (target._data.shape[0] if target.ndim else 0):
        raise ValueError(
            f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
            f"({target.shape[0] if target.ndim else 0})."
        )
    if target.ndim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if target.dtype.name not in ("int64", "uint8"):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {target.dtype.scalar_name}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"nll_loss_out_frame\" not implemented for '{input.dtype.scalar_name}'")
    _check_weight(weight, input._data.shape[-1], input)
    return NllLoss.apply(input, target=target, weight=weight, reduction=code, ignore_index=ignore_index)


def _nll_loss_nd(input, target, weight, code, ignore_index):
    """torch's ``nll_loss_nd`` for ``(N, C, d1, ...)`` log-probabilities and ``(N, d1, ...)`` targets: ``nll_loss2d``
    (NllLoss2DBackward0) of a 4-D input, or of the input viewed as ``(N, C, 1, -1)`` for other dims (a
    ViewBackward0 before it, and one after it for ``reduction='none'``)."""
    batch = target.shape[0] if target.ndim else 0
    if input.shape[0] != batch:
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size ({batch}).")
    if target.dtype.name not in ("int64", "uint8"):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {target.dtype.scalar_name}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"nll_loss2d_forward_out_frame\" not implemented for '{input.dtype.scalar_name}'")
    if weight is not None and weight.numel() != input.shape[1]:
        raise RuntimeError("weight tensor should be defined either for all or no classes")
    _check_weight(weight, input.shape[1], input)
    if input.ndim == 4:
        if target.ndim != 3:
            raise RuntimeError(
                f"only batches of spatial targets supported (3D tensors) but got targets of dimension: {target.ndim}"
            )
        if (input.shape[0], *input.shape[2:]) != tuple(target.shape):
            raise RuntimeError(f"size mismatch (got input: {shape_text(input.shape)} , target: "
                               f"{shape_text(target.shape)}")  # fmt: skip
        return NllLoss2d.apply(input, target=target, weight=weight, reduction=code, ignore_index=ignore_index)
    out_size = (input.shape[0], *input.shape[2:])
    if tuple(target.shape) != out_size:
        raise RuntimeError(f"Expected target size {shape_text(out_size)}, got {shape_text(target.shape)}")
    n, c = input.shape[0], input.shape[1]
    flat_input = input.contiguous().view(n, c, *((1, -1) if input.numel() else (0, 0)))
    flat_target = target.contiguous().view(n, *((1, -1) if target.numel() else (0, 0)))
    out = NllLoss2d.apply(flat_input, target=flat_target, weight=weight, reduction=code, ignore_index=ignore_index)
    return out.view(*out_size) if code == 0 else out


def cross_entropy(
    input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
    label_smoothing=0.0,
):
    """Mirror ``torch.nn.functional.cross_entropy``: ``nll_loss(log_softmax(input, 1), target)`` for class
    indices; for class probabilities (``target`` shaped like ``input``) ``-(log_softmax(input) * target)``
    summed over classes; with ``label_smoothing``, the graph torch records for it."""
    reduction = _reduction.reduction_of(size_average, reduce, reduction)  # the legacy arguments win, as in torch
    code = reduction_code(reduction)
    reduction = ("none", "mean", "sum")[code]  # 'elementwise_mean' warned about once, here
    ignore_index, label_smoothing = _parsed_arguments("cross_entropy_loss", weight, ignore_index, label_smoothing)
    class_dim = 0 if input.ndim == 1 else 1
    if input._data.shape == target._data.shape:  # the arrays' shapes: two torch.Size objects would cost more
        if not target.dtype.is_floating_point:
            raise RuntimeError(
                f"Expected floating point type for target with class probabilities, got {target.dtype.scalar_name}"
            )
        if ignore_index >= 0:
            raise RuntimeError("ignore_index is not supported for floating point target")
        return _cross_entropy_probabilities(input, target, weight, code, label_smoothing, class_dim)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing:g}")
        return _cross_entropy_smoothed(input, target, weight, reduction, ignore_index, label_smoothing, class_dim)
    return _nll_loss(_log_softmax(input, class_dim), target, weight, code, ignore_index)


def _log_softmax(input, class_dim):
    if input.ndim == 0:
        raise ValueError("Expected 1 or more dimensions (got 0)")
    return SM.LogSoftmax.apply(input, dim=class_dim)


def _class_weights(weight, input, class_dim):
    """``weight`` shaped to broadcast against ``input`` along the class dim."""
    return weight.reshape([-1 if d == class_dim else 1 for d in range(input.ndim)])


def _cross_entropy_probabilities(input, target, weight, code, label_smoothing, class_dim):
    n_classes = input.shape[class_dim] if input.ndim else 1
    if weight is not None and (weight.ndim != 1 or weight.numel() != n_classes):
        _check_weight(weight, n_classes, input, "cross_entropy: ")
    logp = _log_softmax(input, class_dim)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing:g}")
        target = AddScalar.apply(MulScalar.apply(target, other=1 - label_smoothing), other=label_smoothing / n_classes)
    terms = logp * target
    if weight is not None:
        terms = terms * _class_weights(weight, input, class_dim)
    if code == 0:
        return -terms.sum(class_dim)
    if code == 2:
        return -terms.sum()
    return DivScalar.apply(-terms.sum(), other=input.numel() // n_classes)


def _cross_entropy_smoothed(input, target, weight, reduction, ignore_index, label_smoothing, class_dim):
    logp = _log_softmax(input, class_dim)
    nll = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    n_classes = logp.shape[class_dim]
    if weight is not None:
        smooth = -(logp * _class_weights(weight, logp, class_dim)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    ignored = target == ignore_index
    smooth = smooth.masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = target._data[~ignored._data]
        if weight is not None:
            denominator = wrap(np.asarray(weight._data[kept].sum(dtype=weight._data.dtype)))
        else:
            denominator = wrap(np.asarray(kept.size, dtype=np.int64))
        smooth = smooth.sum() / denominator
    elif reduction == "sum":
        smooth = smooth.sum()
    return MulScalar.apply(nll, other=1 - label_smoothing) + MulScalar.apply(smooth, other=label_smoothing / n_classes)


def _check_float_target(input, target):
    if target.dtype is not input.dtype:
        raise RuntimeError(f"Found dtype {target.dtype.scalar_name} but expected {input.dtype.scalar_name}")


def _check_written_in_place(shape, other_shape):
    """torch's error when a loss of ``shape`` is multiplied in place (``mul_``) by a tensor of ``other_shape`` that
    broadcasts it to a larger shape (a ``weight`` or ``pos_weight`` of the wrong shape)."""
    out = infer_size(shape, other_shape)
    if tuple(out) != tuple(shape):
        raise broadcast_mismatch(shape, out)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    """Mirror ``torch.nn.functional.binary_cross_entropy``: ``-(t * log(x) + (1 - t) * log(1 - x))`` for
    probabilities ``x`` (each log clamped at -100, as torch does), optionally weighted; recorded as
    BinaryCrossEntropyBackward0."""
    reduction = _reduction.reduction_of(size_average, reduce, reduction)  # the legacy arguments win, as in torch
    code = reduction_code(reduction)
    if target.size() != input.size():  # torch's own test: a list has no ``size``
        raise ValueError(
            f"Using a target size ({target.shape}) that is different to the input size ({input.shape}) is "
            "deprecated. Please ensure they have the same size."
        )
    if weight is not None:
        weight_shape = broadcast_shapes(target.size(), weight.size())  # torch's _infer_size, and its message
    _check_float_target(input, target)
    if not input.dtype.is_floating_point:
        raise not_implemented("binary_cross_entropy", input.dtype)
    if weight is not None and weight.shape != input.shape:
        _check_written_in_place(input.shape, weight_shape)
        weight = weight.expand(input.shape)
    return BinaryCrossEntropy.apply(input, target, weight=weight, reduction=code)


def binary_cross_entropy_with_logits(
    input, target, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None
):
    """Mirror ``torch.nn.functional.binary_cross_entropy_with_logits``: binary cross-entropy of
    ``sigmoid(input)``, computed stably from the logits, with ``weight`` and ``pos_weight``; recorded as
    BinaryCrossEntropyWithLogitsBackward0."""
    reduction = _reduction.reduction_of(size_average, reduce, reduction)  # the legacy arguments win, as in torch
    code = reduction_code(reduction)
    if not (target.size() == input.size()):  # torch's own test: a list has no ``size``
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")
    for name, position, value in (("weight", 3, weight), ("pos_weight", 4, pos_weight)):  # torch's parser
        if value is not None and not isinstance(value, Tensor):
            raise must_be_tensor("binary_cross_entropy_with_logits", name, position, value)
    # torch's steps: log_sigmoid(input).mul_((pos_weight - 1) * target + 1), (1 - target).mul_(input), loss.mul_(weight)
    if not input.dtype.is_floating_point:
        raise not_implemented("log_sigmoid_cpu", input.dtype)
    if pos_weight is not None:
        _check_written_in_place(input.shape, infer_size(pos_weight.shape, target.shape))
    if target.dtype is dtypes.bool_:  # 1 - target, the 1 taken as a bool
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                           "`logical_xor()` operator instead.")  # fmt: skip
    if not target.dtype.is_floating_point:
        raise cant_cast(input.dtype, target.dtype)
    if weight is not None:
        _check_written_in_place(input.shape, weight.shape)
    return BinaryCrossEntropyWithLogits.apply(input, target, weight=weight, pos_weight=pos_weight, reduction=code)


_KL_MEAN = (
    "reduction: 'mean' divides the total loss by both the batch size and the support size.'batchmean' divides only by "
    "the batch size, and aligns with the KL div math definition.'mean' will be changed to behave the same as "
    "'batchmean' in the next major release."
)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """Mirror ``torch.nn.functional.kl_div``: the pointwise KL divergence of ``target`` from ``input`` (log
    probabilities): ``xlogy(target, target) - target * input``, or ``exp(target) * (target - input)`` with
    ``log_target``, then reduced; ``'batchmean'`` sums and divides by the batch size (the true KL divergence), and
    ``'mean'`` (the default) gives torch's warning that it divides by every element."""
    from ..functional import exp, xlogy

    if size_average is not None or reduce is not None:
        code = REDUCTIONS[_reduction.legacy_get_string(size_average, reduce)]
    else:
        if reduction == "mean":
            warnings.warn(_KL_MEAN, UserWarning, stacklevel=2)
        code = reduction_code("sum" if reduction == "batchmean" else reduction)
    for position, (name, value) in enumerate((("input", input), ("target", target)), 1):  # torch.kl_div's parser
        if not isinstance(value, Tensor):
            raise must_be_tensor("kl_div", name, position, value)
    if not (input.dtype.is_floating_point and target.dtype.is_floating_point):
        raise RuntimeError("kl_div: Integral inputs not supported.")
    if log_target:  # torch's C++ evaluates the right operand first: its node comes first, so runs last backward
        difference = target - input
        output = exp(target) * difference
    else:
        product = target * input
        output = xlogy(target, target) - product
    reduced = output.mean() if code == 1 else output.sum() if code == 2 else output
    if reduction == "batchmean" and input.ndim != 0:
        reduced = reduced / input.shape[0]
    return reduced
