"""``minigrad.nn.utils.rnn``: variable-length sequences as ``torch.nn.utils.rnn`` handles them: padded into one
tensor (``pad_sequence``) and back (``unpad_sequence``), packed time step after time step into a
:class:`PackedSequence` (``pack_padded_sequence``, ``pack_sequence``), which the recurrent layers take, and back
(``pad_packed_sequence``, ``unpack_sequence``)."""

from collections.abc import Iterable

from ... import dtypes
from ...creation import arange, as_tensor, full
from ...reductions import sort
from ...tensor import Tensor
from ...typename import c_type_name
from .packed_sequence import PackedSequence, PackedSequence_, invert_permutation  # noqa: F401 - torch's names
from .packing import pack_padded, pad_packed

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence", "pad_sequence",
           "unpad_sequence", "pack_sequence", "unpack_sequence"]  # fmt: skip


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Mirror ``torch.nn.utils.rnn.pack_padded_sequence``: the sequences of ``input`` (T x B x *, or B x T x * if
    ``batch_first``) cut to their ``lengths`` (a list or a CPU tensor) and packed into a :class:`PackedSequence`.
    With ``enforce_sorted=False`` the sequences are first sorted by decreasing length (``sorted_indices``, an
    IndexSelectBackward0 in the graph); else they must come sorted. ``data``'s grad_fn is
    PackPaddedSequenceBackward0."""
    if not isinstance(lengths, Tensor):
        lengths = as_tensor(lengths, dtype=dtypes.int64)
    else:
        lengths = lengths.to(dtype=dtypes.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)  # noqa: A001 - torch's name
    data, batch_sizes = pack_padded(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """Mirror ``torch.nn.utils.rnn.pad_packed_sequence``: the inverse of :func:`pack_padded_sequence`, (padded
    tensor, lengths) in the sequences' original order, padded with ``padding_value`` to the longest sequence or to
    ``total_length`` steps."""
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError(
                "Expected total_length to be at least the length of the longest sequence in input, but got "
                f"total_length={total_length} and max sequence length being {max_seq_length}"
            )
        max_seq_length = total_length
    padded_output, lengths = pad_packed(sequence.data, sequence.batch_sizes, batch_first, padding_value,
                                        max_seq_length)  # fmt: skip
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return padded_output.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices.cpu()]
    return padded_output, lengths


def pack_sequence(sequences, enforce_sorted=True):
    """Mirror ``torch.nn.utils.rnn.pack_sequence``: :func:`pad_sequence`, then :func:`pack_padded_sequence`."""
    lengths = as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """Mirror ``torch.nn.utils.rnn.unpack_sequence``: the list of sequences a :class:`PackedSequence` holds,
    through :func:`pad_packed_sequence` and :func:`unpad_sequence`."""
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)


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
