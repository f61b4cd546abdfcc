"""``minigrad.nn.utils.rnn``: padding variable-length sequences into one tensor, as ``torch.nn.utils.rnn`` does
(``pad_sequence``) and back (``unpad_sequence``); its packed sequences are not in minigrad."""

from collections.abc import Iterable

from ...creation import arange, full
from ...tensor import Tensor
from ...typename import c_type_name

__all__ = ["pad_sequence", "unpad_sequence"]


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """Mirror ``torch.nn.utils.rnn.pad_sequence``: the tensors of ``sequences`` (of shape ``(L_i, *)``) stacked
    along a new dimension 1 (0 with ``batch_first``), each padded with ``padding_value`` to the longest length, at
    the end (``padding_side="right"``) or the start. As torch's kernel: a tensor of ``padding_value`` in the first
    sequence's dtype, each sequence copied into its slice (so the graph is a chain of CopySlices)."""
    if not isinstance(sequences, Iterable):
        raise RuntimeError(f"pad_sequence: Expected iterable for input sequences, but got arg of type: "
                           f"{type(sequences)}")  # fmt: skip
    sequences = tuple(sequences)
    for i, seq in enumerate(sequences):
        if not isinstance(seq, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {c_type_name(seq)}")
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    if sequences[0].ndim == 0:
        raise RuntimeError("ArrayRef: invalid slice, N = 1; size = 0")
    max_len = max(seq.size(0) for seq in sequences)
    n = len(sequences)
    out_dims = ((n, max_len) if batch_first else (max_len, n)) + tuple(sequences[0].shape[1:])
    out = full(out_dims, padding_value, dtype=sequences[0].dtype)
    if padding_side not in ("left", "right"):
        raise RuntimeError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        start = max_len - length if padding_side == "left" else 0
        if batch_first:
            out.select(0, i).narrow(0, start, length).copy_(seq)
        else:
            out.narrow(0, start, length).select(1, i).copy_(seq)
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """Mirror ``torch.nn.utils.rnn.unpad_sequence``: the list of sequences ``pad_sequence`` padded, each cut to its
    length in ``lengths`` (a boolean mask per sequence, so IndexBackward0 nodes). As torch's, it transposes
    ``padded_sequences`` in place first when not ``batch_first``."""
    unpadded_sequences = []
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    idx = arange(padded_sequences.shape[1], device=lengths.device)
    for seq, length in zip(padded_sequences, lengths, strict=True):
        unpadded_sequences.append(seq[idx < length])
    return unpadded_sequences


from ...torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.nn.utils.rnn")  # a name torch has and minigrad lacks says so
