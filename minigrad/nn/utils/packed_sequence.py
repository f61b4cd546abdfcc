"""``PackedSequence``: a batch of sequences of different lengths packed time step after time step, as
``torch.nn.utils.rnn`` defines it (a named tuple of ``data``, ``batch_sizes``, ``sorted_indices`` and
``unsorted_indices``), and ``invert_permutation``."""

from typing import NamedTuple

from ... import dtypes
from ...creation import arange, tensor
from ...everyday import empty_like
from ...tensor import Tensor


class PackedSequence_(NamedTuple):  # noqa: N801 - torch's name
    """Mirror ``torch.nn.utils.rnn.PackedSequence_``: the named tuple ``PackedSequence`` extends."""

    data: Tensor
    batch_sizes: Tensor
    sorted_indices: Tensor | None
    unsorted_indices: Tensor | None


PackedSequence_.__module__ = "minigrad.nn.utils.rnn"


def _bind(optional, fn):
    return None if optional is None else fn(optional)


class PackedSequence(PackedSequence_):
    """Mirror ``torch.nn.utils.rnn.PackedSequence``: ``data`` (the steps of every sequence, time step after time
    step), ``batch_sizes`` (how many sequences have each step: a CPU int64 tensor), and the permutation that sorted
    the sequences by decreasing length (``sorted_indices``) and its inverse (``unsorted_indices``), or None. Made
    by :func:`pack_padded_sequence` and :func:`pack_sequence`; ``PackedSequence(data, batch_sizes,
    sorted_indices)`` and ``PackedSequence((data, batch_sizes))`` work as in torch."""

    __module__ = "minigrad.nn.utils.rnn"

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super().__new__(cls, *_packed_sequence_init_args(data, batch_sizes, sorted_indices, unsorted_indices))

    def pin_memory(self):
        """Mirror ``PackedSequence.pin_memory``: torch's error on a machine without an accelerator."""
        raise RuntimeError("Cannot access accelerator device when none is available.")

    def to(self, *args, **kwargs):
        """Mirror ``PackedSequence.to``: ``data`` converted as ``Tensor.to`` converts it (``batch_sizes`` never);
        ``self`` if ``data`` is unchanged."""
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        sorted_indices = _bind(self.sorted_indices, lambda t: t.to(data.device))
        unsorted_indices = _bind(self.unsorted_indices, lambda t: t.to(data.device))
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    def cuda(self, *args, **kwargs):
        """Mirror ``PackedSequence.cuda``: ``to`` with CUDA (torch's error without CUDA)."""
        ex = tensor((), dtype=self.data.dtype, device=self.data.device).to(*args, **kwargs)
        if ex.is_cuda:
            return self.to(*args, **kwargs)
        kwargs["device"] = "cuda"
        return self.to(*args, **kwargs)

    def cpu(self, *args, **kwargs):
        """Mirror ``PackedSequence.cpu``: ``to`` the CPU."""
        ex = tensor((), dtype=self.data.dtype, device=self.data.device).to(*args, **kwargs)
        if ex.device.type == "cpu":
            return self.to(*args, **kwargs)
        kwargs["device"] = "cpu"
        return self.to(*args, **kwargs)

    def double(self):
        return self.to(dtype=dtypes.float64)

    def float(self):
        return self.to(dtype=dtypes.float32)

    def half(self):
        return self.to(dtype=dtypes.float16)

    def long(self):
        return self.to(dtype=dtypes.int64)

    def int(self):
        return self.to(dtype=dtypes.int32)

    def short(self):
        return self.to(dtype=dtypes.int16)

    def char(self):
        return self.to(dtype=dtypes.int8)

    def byte(self):
        return self.to(dtype=dtypes.uint8)

    @property
    def is_cuda(self):
        """Mirror ``PackedSequence.is_cuda``: whether ``data`` is on a GPU (never, in minigrad)."""
        return self.data.is_cuda

    def is_pinned(self):
        """Mirror ``PackedSequence.is_pinned``: False, minigrad has no pinned memory."""
        return False


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    """torch's: the four fields from ``(data, batch_sizes, sorted_indices)`` or ``((data, batch_sizes),)``, the
    unsorted indices computed from the sorted ones if not given."""
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:
        if batch_sizes.device.type != "cpu":
            raise ValueError(
                "batch_sizes should always be on CPU. Instances of PackedSequence should never be created manually. "
                "They should be instantiated by functions like pack_sequence and pack_padded_sequences in "
                "nn.utils.rnn. https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence"
            )
        return data, batch_sizes, sorted_indices, unsorted_indices
    if not (isinstance(data, (list, tuple)) and len(data) == 2):
        raise AssertionError("Expected data to be a list or tuple of length 2")
    return data[0], data[1], sorted_indices, unsorted_indices


def invert_permutation(permutation):
    """Mirror ``torch.nn.utils.rnn.invert_permutation``: the inverse of a 1-d permutation tensor (None for
    None)."""
    if permutation is None:
        return None
    output = empty_like(permutation)
    output.scatter_(0, permutation, arange(0, permutation.numel(), device=permutation.device))
    return output
