"""``torch.embedding_renorm_``: the rows of an embedding table that a batch of indices reads, each scaled down in
place to a norm of at most ``max_norm`` (what ``F.embedding`` and ``F.embedding_bag`` do with ``max_norm``), as
torch's CPU kernel does it: row by row over the sorted distinct indices, ``row *= max_norm / (norm + 1e-7)``."""

import numpy as np

from ..arguments import check_types
from ..autograd import grad_mode


def _index_type_check(indices):
    if indices.dtype.name not in ("int64", "int32"):
        raise RuntimeError("Expected tensor for argument #2 'indices' to have one of the following scalar types: "
                           f"Long, Int; but got {indices.dtype.error_name} instead (while checking arguments for "
                           "embedding_renorm_)")  # fmt: skip


def embedding_renorm_(input, indices, max_norm, norm_type):
    """Mirror ``torch.embedding_renorm_(input, indices, max_norm, norm_type)``: the rows of ``input`` (a
    table) at
    ``indices`` whose ``norm_type``-norm exceeds ``max_norm`` rescaled in place; returns ``input``."""
    check_types("embedding_renorm_", ("max_norm", 3, max_norm, "float"), ("norm_type", 4, norm_type, "float"))
    if input.dim() != 2:
        raise RuntimeError(f"Expected 2-dimensional tensor, but got {input.dim()}-dimensional tensor for argument "
                           "#1 'self' (while checking arguments for embedding_renorm_)")  # fmt: skip
    _index_type_check(indices)
    rows = input.shape[0]
    data = input._data
    for index in np.unique(indices._data.reshape(-1)).tolist():
        if not -rows <= index < rows:  # the kernel's ``self[index]``
            raise IndexError(f"select(): index {index} out of range for tensor of size {list(input.shape)} at "
                             "dimension 0")  # fmt: skip
        norm = input[index].norm(norm_type).item()
        if norm > max_norm:  # row *= scale: the scale rounded to the row's type (float for half), times each value
            scale = max_norm / (norm + 1e-7)
            wide = np.float32 if data.dtype.itemsize < 4 else data.dtype.type
            data[index] = (data[index].astype(wide) * wide(scale)).astype(data.dtype)
    input._vc.bump()  # one in-place op for torch's autograd, however many rows it changed
    return input


def no_grad_embedding_renorm_(weight, input, max_norm, norm_type):
    """torch's ``_no_grad_embedding_renorm_``: ``embedding_renorm_`` on the table's data, outside the graph."""
    with grad_mode.no_grad():
        embedding_renorm_(weight.detach(), input, max_norm, norm_type)
