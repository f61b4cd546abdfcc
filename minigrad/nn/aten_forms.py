"""The ATen forms of functional ops that torch also exposes at its top level, where they take what ATen takes:
``torch.ctc_loss`` (the reduction an int), ``torch.embedding_bag`` (the mode an int, four results) and
``torch.native_channel_shuffle`` (no derivative). Each parses its arguments as torch's parser does and calls
minigrad's functional version."""

import functools

from ..arguments import call_error
from ..ops._util import wrap
from ..ops.embedding_bag import embedding_bag_kernel
from ..ops.not_implemented import record_not_implemented
from ..tracebacks import shown_here
from .channel_shuffle import channel_shuffle
from .ctc_loss import _SIGNATURES as _CTC_SIGNATURES
from .ctc_loss import ctc_loss
from .embedding_bag import _embedding_bag

_EMBEDDING_BAG_SIGNATURES = (
    "Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, int mode, bool sparse, Tensor? "
    "per_sample_weights, bool include_last_offset, int? padding_idx",
    "Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq = False, int mode = 0, bool sparse = "
    "False, Tensor? per_sample_weights = None, bool include_last_offset = False",
)


def parsed(name, signatures):
    """The decorated function refusing, with the TypeError of torch's parser, a call that fits none of
    ``signatures`` (torch's texts of them, ``Tensor?`` for one that takes None, which torch's messages show as
    ``Tensor``); an error it raises is shown from the user's call."""

    def decorate(fn):
        @functools.wraps(fn)
        def call(*args, **kwargs):
            error = call_error(name, signatures, args, kwargs)
            if error is not None:
                raise TypeError(str(error).replace("? ", " ")) from None
            try:
                return fn(*args, **kwargs)
            except Exception as error:  # the user sees the call, not minigrad inside it
                raise shown_here(error)  # noqa: B904

        return call

    return decorate


@parsed("ctc_loss", _CTC_SIGNATURES)
def torch_ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=0, zero_infinity=False):
    """Mirror ``torch.ctc_loss``: :func:`~minigrad.nn.functional.ctc_loss` with ``reduction`` as ATen's int (1 mean,
    2 sum, any other none). Its default, ``at::Reduction::Mean`` in torch's signature, reaches ATen as no reduction
    (torch 2.13 returns each item's loss), as here."""
    return ctc_loss(log_probs, targets, input_lengths, target_lengths, blank,
                    {1: "mean", 2: "sum"}.get(reduction, "none"), zero_infinity)  # fmt: skip


@parsed("embedding_bag", _EMBEDDING_BAG_SIGNATURES)
def torch_embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                        per_sample_weights=None, include_last_offset=False, padding_idx=None):  # fmt: skip
    """Mirror ``torch.embedding_bag``: ATen's ``embedding_bag`` (``mode`` 0 sum, 1 mean, 2 max), returning the bags
    (EmbeddingBagBackward0) and the three index tensors ATen makes with them: ``offset2bag``, ``bag_size``,
    ``max_indices``, as its CPU kernel leaves them."""
    if weight.ndim != 2:
        raise RuntimeError(f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.ndim}")
    if per_sample_weights is not None and mode != 0:
        raise RuntimeError("embedding_bag: per_sample_weights only supported with mode='sum'")
    if mode not in (0, 1, 2):
        raise RuntimeError("`mode` must be sum, mean, or max.")
    if sparse:
        raise NotImplementedError("minigrad's embedding_bag has no sparse gradients")
    out = _embedding_bag(weight, indices, offsets, int(mode), per_sample_weights, include_last_offset, padding_idx,
                         bool(scale_grad_by_freq))  # fmt: skip
    psw = None if per_sample_weights is None else per_sample_weights._data
    pad = -1 if padding_idx is None else padding_idx % weight.shape[0]
    _, *helpers = embedding_bag_kernel(weight._data, indices._data.astype("int64"), offsets._data.astype("int64"),
                                       int(mode), psw, include_last_offset, pad)  # fmt: skip
    return (out, *(wrap(h) for h in helpers))


@parsed("native_channel_shuffle", ("Tensor input, int groups",))
def native_channel_shuffle(input, groups):
    """Mirror ``torch.native_channel_shuffle``: :func:`~minigrad.nn.functional.channel_shuffle`'s values and checks,
    from ATen's kernel that has no derivative: a ``NotImplemented`` node whose backward raises."""
    out = channel_shuffle(input.detach(), groups)
    return record_not_implemented(out, (input,), "aten::native_channel_shuffle")
