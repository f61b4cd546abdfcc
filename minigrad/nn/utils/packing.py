"""torch's kernels of packed sequences (``aten/src/ATen/native/PackedSequence.cpp``): ``_pack_padded_sequence``
(one differentiable op, PackPaddedSequenceBackward0) and ``_pad_packed_sequence`` (a composition of ordinary ops:
a tensor of the padding value, each block of equal batch size copied into its slice, so CopySlices nodes)."""

import numpy as np

from ... import dtypes
from ...arguments import must_be_tensor
from ...creation import full, zeros
from ...ops._util import wrap
from ...ops.carriers import ARRAYS
from ...ops.op import Op
from ...tensor import Tensor


def check_long_tensor(t):
    """torch's ``checkLongTensor`` of ``lengths`` and ``batch_sizes``: a 1-d CPU int64 tensor."""
    if t.dim() != 1 or t.dtype is not dtypes.int64:
        raise RuntimeError(f"'lengths' argument should be a 1D CPU int64 tensor, but got {t.dim()}D cpu "
                           f"{t.dtype.scalar_name} tensor")  # fmt: skip


def blocks(lengths):
    """torch's loop over sequences sorted by decreasing length, from the shortest up: (start step, end step,
    batch size) of each block of steps that one more sequence (or several of the same length) ends."""
    batch_size = len(lengths)
    out, prev_l = [], 0
    for i in range(batch_size):
        length = lengths[batch_size - 1 - i]
        if length > prev_l:
            out.append((prev_l, length, batch_size - i))
            prev_l = length
    return out


def pack_kernel(x, lengths):
    """numpy: the steps of ``x`` (time first), block by block (a length past the end takes what is there)."""
    return np.concatenate([x[start:end, :size].reshape(-1, *x.shape[2:]) for start, end, size in blocks(lengths)])


class PackPaddedSequence(Op):
    """data = the valid steps of input (T x B x *, or B x T x * if batch_first), time step after time step"""

    node_name = "PackPaddedSequenceBackward0"
    formula = {"input": "pack_padded_sequence_backward(grad, input_sym_sizes, batch_sizes, batch_first)"}
    saved_values = {"batch_first": "batch_first", "input_sym_sizes": "input_sym_sizes", "result1": "result1"}

    @staticmethod
    def forward(ctx, input, *, lengths, batch_sizes, batch_first):
        x = input._data
        ctx.batch_first, ctx.input_sym_sizes, ctx.result1 = batch_first, tuple(x.shape), batch_sizes
        ctx.batch_sizes = batch_sizes.tolist()
        return wrap(np.ascontiguousarray(pack_kernel(np.swapaxes(x, 0, 1) if batch_first else x, lengths)))

    @staticmethod
    def backward(ctx, grads, F):
        return (pack_padded_sequence_backward(grads[0], ctx.input_sym_sizes, ctx.batch_sizes, ctx.batch_first, F),)


def pack_padded_sequence_backward(grad, input_size, batch_sizes, batch_first, F=None):
    """torch's ``_pack_padded_sequence_backward``: zeros of the input's (time-first) size with each step's rows of
    ``grad`` copied in; on Tensors the same ops as torch's (SelectBackward0, SliceBackward0, CopySlices)."""
    size = list(input_size)
    if batch_first:
        size[0], size[1] = size[1], size[0]
    if len(batch_sizes) > size[0]:  # a length past the input's end
        raise IndexError(f"select(): index {size[0]} out of range for tensor of size {size} at dimension 0")
    offset = 0
    if F is ARRAYS:
        grad_input = np.zeros(size, dtype=grad.dtype)
        for i, batch_size in enumerate(batch_sizes):
            grad_input[i, :batch_size] = grad[offset : offset + batch_size]
            offset += batch_size
        return np.swapaxes(grad_input, 0, 1) if batch_first else grad_input
    grad_input = zeros(size, dtype=grad.dtype)
    for i, batch_size in enumerate(batch_sizes):
        grad_input[i].narrow(0, 0, batch_size).copy_(grad.narrow(0, offset, batch_size))
        offset += batch_size
    return grad_input.transpose(0, 1) if batch_first else grad_input


def pack_padded(input, lengths, batch_first):
    """torch's ``_pack_padded_sequence(input, lengths, batch_first)``: (data, batch_sizes), with its checks."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("_pack_padded_sequence", "input", 1, input)
    if not isinstance(batch_first, bool):
        raise must_be_tensor("_pack_padded_sequence", "batch_first", 3, batch_first, kind="bool")
    if input.numel() == 0:
        raise RuntimeError("Cannot pack empty tensors.")
    time_first = input.transpose(0, 1) if batch_first else input  # torch's error for a 1-d input
    check_long_tensor(lengths)
    batch_size = time_first.size(1)
    lengths = lengths.tolist()
    if len(lengths) != batch_size:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {len(lengths)} "
                           f"(batch_size={batch_size})")  # fmt: skip
    if lengths[batch_size - 1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' that "
                           "is <= 0")  # fmt: skip
    if any(lengths[i + 1] > lengths[i] for i in range(batch_size - 1)):
        raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You "
                           "can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep "
                           "this requirement if you do not need ONNX exportability.")  # fmt: skip
    sizes = [size for start, end, size in blocks(lengths) for _ in range(end - start)]
    batch_sizes = Tensor._wrap(np.array(sizes, dtype=np.int64))
    data = PackPaddedSequence.apply(input, lengths=lengths, batch_sizes=batch_sizes, batch_first=batch_first)
    return data, batch_sizes


def pad_packed(data, batch_sizes, batch_first, padding_value, total_length):
    """torch's ``_pad_packed_sequence``: (padded output, lengths), the output time first (transposed if
    ``batch_first``), each run of steps with the same batch size copied in as one block."""
    if not isinstance(total_length, int) or isinstance(total_length, bool):
        raise TypeError(f"_pad_packed_sequence(): argument 'total_length' (position 5) must be int, not "
                        f"{type(total_length).__name__}")  # fmt: skip
    check_long_tensor(batch_sizes)
    sizes = batch_sizes.tolist()
    max_batch_size, max_real_seq_length = sizes[0], len(sizes)
    max_seq_length = max_real_seq_length
    if total_length > 0:
        if total_length < max_seq_length:
            raise RuntimeError(f"Expected total_length to be at least the length of the longest sequence in input, "
                               f"but got total_length={total_length} and max sequence length being "
                               f"{max_seq_length}")  # fmt: skip
        max_seq_length = total_length
    trailing = tuple(data.shape[1:])
    output = full((max_seq_length, max_batch_size, *trailing), padding_value, dtype=data.dtype)
    lengths = [0] * max_batch_size
    data_offset, prev_batch_size, prev_i = 0, max_batch_size, 0
    for i in range(max_real_seq_length + 1):
        batch_size = sizes[i] if i != max_real_seq_length else 0
        if batch_size != prev_batch_size:
            n = prev_batch_size * (i - prev_i)
            block = data.narrow(0, data_offset, n).view(i - prev_i, prev_batch_size, *trailing)
            output.narrow(0, prev_i, i - prev_i).narrow(1, 0, prev_batch_size).copy_(block)
            data_offset += n
            prev_i = i
        for j in range(batch_size, prev_batch_size):
            lengths[j] = i
        prev_batch_size = batch_size
    if batch_first:
        output = output.transpose(0, 1)
    return output, Tensor._wrap(np.array(lengths, dtype=np.int64))
