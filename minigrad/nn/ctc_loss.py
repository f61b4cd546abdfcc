"""``F.ctc_loss`` and ``nn.CTCLoss``, the loss of the speech-recognition tutorials: torch's ``ctc_loss`` (a
composition in ATen's ``LossCTC.cpp``) around the op :class:`~minigrad.ops.ctc_loss.CtcLoss`, with torch's argument
parsing (lengths as int lists or as tensors), its checks and messages, and the graph it records: an
UnsqueezeBackward0 for unbatched log-probabilities, a WhereBackward0 for ``zero_infinity``, DivBackward0 and
MeanBackward0 for ``'mean'`` (each loss divided by its target length), SumBackward0 for ``'sum'``."""

from .. import dtypes
from ..arguments import invalid_arguments, is_int
from ..creation import tensor, zeros
from ..functional import where
from ..ops._util import not_implemented
from ..ops.ctc_loss import CtcLoss
from ..tensor import Tensor
from . import _reduction
from .loss_modules import _Loss

_SIGNATURES = tuple(
    f"Tensor log_probs, Tensor targets, {kind} input_lengths, {kind} target_lengths, int blank = 0, "
    "int reduction = at::Reduction::Mean, bool zero_infinity = False"
    for kind in ("tuple of ints", "Tensor")
)
_CHECKING = "(while checking arguments for ctc_loss_allocate_outputs)"


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """Mirror ``torch.nn.functional.ctc_loss``: the negative log-likelihood of ``targets`` under every alignment to
    ``log_probs`` ``(T, N, C)`` (or ``(T, C)`` unbatched), targets padded ``(N, S)`` or concatenated, lengths as
    int sequences or integer tensors."""
    code = _reduction.get_enum(reduction)
    args = (log_probs, targets, input_lengths, target_lengths, blank, code, zero_infinity)
    input_lengths, target_lengths = _parsed_lengths(args)
    batched = log_probs.ndim == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    _check(lp, targets, input_lengths, target_lengths, blank)
    res = CtcLoss.apply(lp, targets=targets.to(dtypes.int64), input_lengths=input_lengths,
                        target_lengths=target_lengths, blank=blank, zero_infinity=zero_infinity)  # fmt: skip
    if zero_infinity:
        res = where(res == float("inf"), zeros((), dtype=res.dtype), res)
    if code == 1:
        return (res / tensor(target_lengths, dtype=res.dtype).clamp_min(1)).mean()
    if code == 2:
        return res.sum()
    return res if batched else res.squeeze(0)


def _parsed_lengths(args):
    """The lengths as tuples of ints, from torch's two overloads (int sequences, or integer tensors), or torch's
    TypeError for arguments that fit neither."""
    log_probs, targets, input_lengths, target_lengths, blank, _, zero_infinity = args
    fits = isinstance(log_probs, Tensor) and isinstance(targets, Tensor) and is_int(blank) \
        and zero_infinity.__class__ is bool
    if fits and all(isinstance(v, (list, tuple)) and all(map(is_int, v)) for v in (input_lengths, target_lengths)):
        return tuple(map(int, input_lengths)), tuple(map(int, target_lengths))
    if fits and isinstance(input_lengths, Tensor) and isinstance(target_lengths, Tensor):
        for name, lengths in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
            dtype = lengths.dtype
            if dtype.is_floating_point or dtype is dtypes.bool_ or dtype.name.startswith("complex"):
                raise RuntimeError(f"{name} must be integral")
        return tuple(input_lengths._data.reshape(-1).tolist()), tuple(target_lengths._data.reshape(-1).tolist())
    raise invalid_arguments("ctc_loss", args, _SIGNATURES)


def _check(log_probs, targets, input_lengths, target_lengths, blank):
    """torch's checks of ``ctc_loss_allocate_outputs``, in its order."""
    if log_probs.dtype not in (dtypes.float32, dtypes.float64):
        raise not_implemented("ctc_loss_cpu", log_probs.dtype)
    if log_probs.numel() == 0:
        raise RuntimeError("log_probs tensor must not be empty")
    if log_probs.ndim != 3:
        raise RuntimeError(f"Expected 3-dimensional tensor, but got {log_probs.ndim}-dimensional tensor for argument "
                           f"#1 'log_probs' {_CHECKING}")  # fmt: skip
    if not 1 <= targets.ndim <= 2:
        raise RuntimeError(f"Expected 1 to 2 dimensions, but got {targets.ndim}-dimensional tensor for argument #2 "
                           f"'targets' {_CHECKING}")  # fmt: skip
    max_input, batch, labels = log_probs.shape
    if not 0 <= blank < labels:
        raise RuntimeError("blank must be in label range")
    for name, lengths in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        if len(lengths) != batch:
            raise RuntimeError(f"{name} must be of size batch_size")
    for length in target_lengths:
        if length < 0:
            raise RuntimeError(f"Expected target_lengths to have value at least 0, but got value {length} {_CHECKING}")
    if targets.ndim == 1:
        _check_size(targets, 0, sum(target_lengths))
    else:
        _check_size(targets, 0, batch)
        longest = max(target_lengths, default=0)
        if targets.shape[1] < longest:
            raise RuntimeError(f"Expected tensor to have size at least {longest} at dimension 1, but got size "
                               f"{targets.shape[1]} for argument #2 'targets' {_CHECKING}")  # fmt: skip
    for length in input_lengths:
        if length < 0:
            raise RuntimeError(f"Expected input_lengths to have value at least 0, but got value {length} {_CHECKING}")
        if length > max_input:
            raise RuntimeError(f"Expected input_lengths to have value at most {max_input}, but got value {length} "
                               f"{_CHECKING}")  # fmt: skip


def _check_size(targets, dim, size):
    if targets.shape[dim] != size:
        raise RuntimeError(f"Expected tensor to have size {size} at dimension {dim}, but got size "
                           f"{targets.shape[dim]} for argument #2 'targets' {_CHECKING}")  # fmt: skip


class CTCLoss(_Loss):
    """Mirror ``torch.nn.CTCLoss(blank=0, reduction='mean', zero_infinity=False)``: :func:`ctc_loss`."""

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction=reduction)
        self.blank, self.zero_infinity = blank, zero_infinity

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction,
                        self.zero_infinity)  # fmt: skip
