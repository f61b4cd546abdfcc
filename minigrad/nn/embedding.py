"""``nn.Embedding`` and ``F.embedding``: a lookup table of rows, one per index (makemore's ``C[X]`` as a
layer). The gradient of the table adds each row's incoming gradients up, except at ``padding_idx``."""

import numpy as np

from .. import creation
from ..arguments import must_be_tensor
from ..autograd import grad_mode
from ..fused_multiply_add import fma
from ..ops._util import as_saved_int, wrap
from ..ops.carriers import ARRAYS, TENSORS
from ..ops.indexing import index_backward
from ..ops.op import IndexingOp
from ..tensor import Tensor
from . import init
from .embedding_renorm import no_grad_embedding_renorm_
from .module import Module
from .parameter import Parameter


def embedding_backward(grad, indices, num_weights, padding_idx, scale_grad_by_freq=False, F=TENSORS):
    """torch's ``embedding_backward``: ``grad``'s rows added up at ``indices`` into ``num_weights`` rows,
    none at ``padding_idx`` (on the carrier ``F``); with ``scale_grad_by_freq``, each row divided by how often its
    index occurs in ``indices``."""
    width = grad.shape[-1]
    rows = F.reshape(grad, (-1, width))
    idx = ARRAYS.value(indices).reshape(-1)
    if scale_grad_by_freq:
        scale = 1.0 / np.bincount(idx, minlength=num_weights)[idx]
        if F is ARRAYS:
            return _scaled_rows_added(rows, idx, scale, num_weights, padding_idx)
        rows = rows * F.constant(scale.astype(rows.dtype.np)[:, None])
    out = index_backward(rows, (num_weights, width), (idx,), F)
    if 0 <= padding_idx < num_weights:
        keep = np.ones((num_weights, 1), dtype=bool)
        keep[padding_idx] = False
        out = out * F.constant(keep)
    return out


def _scaled_rows_added(rows, idx, scale, num_weights, padding_idx):
    """torch's CPU kernel for ``scale_grad_by_freq``: row ``i`` added to row ``idx[i]`` of the result as
    ``add_(row, alpha=scale[i])``, one fused multiply-add each, in the order of ``idx``."""
    out = np.zeros((num_weights, rows.shape[1]), rows.dtype)
    for i, k in enumerate(idx.tolist()):
        if k != padding_idx:
            out[k] = fma(rows.dtype.type(scale[i]), rows[i], out[k])
    return out


class EmbeddingLookup(IndexingOp):
    """result = weight[indices] (a row of the table for each index)"""

    node_name = "EmbeddingBackward0"
    formula = {"weight": "embedding_backward(grad, indices, weight_sym_argsize_0, padding_idx, scale_grad_by_freq)"}
    saved_values = {
        "indices": "indices",
        "padding_idx": "saved_padding_idx",
        "scale_grad_by_freq": "scale_grad_by_freq",
        "sparse": "sparse",
        "weight_sym_argsize_0": "weight_sym_argsize_0",
    }
    scale_grad_by_freq = sparse = False

    @staticmethod
    def forward(ctx, weight, *, indices, padding_idx, scale_grad_by_freq=False):
        ctx._keep_indices(indices)  # first: torch saves before it runs the forward
        ctx.scale_grad_by_freq = scale_grad_by_freq
        if weight.ndim != 2:
            raise RuntimeError("'weight' must be 2-D")
        if indices.dtype.name not in ("int64", "int32"):
            raise RuntimeError(
                "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; "
                f"but got {indices.dtype.error_name} instead (while checking arguments for embedding)"
            )
        idx = indices._data
        if idx.size and (idx.min() < 0 or idx.max() >= weight.shape[0]):
            raise IndexError("index out of range in self")
        ctx.indices, ctx.padding_idx, ctx.weight_sym_argsize_0 = indices, padding_idx, weight.shape[0]
        ctx.saved_padding_idx = as_saved_int(padding_idx)
        return wrap(weight._data[idx])

    @staticmethod
    def backward(ctx, grads, F):
        if F is not ARRAYS:  # recorded as torch's embedding_dense_backward, to be differentiated again
            return (EmbeddingDenseBackward.apply(grads[0], indices=ctx.indices, num_weights=ctx.weight_sym_argsize_0,
                                                 padding_idx=ctx.padding_idx,
                                                 scale_grad_by_freq=ctx.scale_grad_by_freq),)  # fmt: skip
        return (embedding_backward(grads[0], ctx.indices, ctx.weight_sym_argsize_0, ctx.padding_idx,
                                   ctx.scale_grad_by_freq, F),)  # fmt: skip


def embedding_dense_double_backward(grad, indices, padding_idx):
    """torch's ``embedding_dense_double_backward``: the gradient of embedding's backward for its incoming gradient,
    the rows of ``grad`` at ``indices``, zeros at ``padding_idx`` (not divided by the counts, as torch's is not,
    whatever ``scale_grad_by_freq``)."""
    idx = ARRAYS.value(indices)
    rows = grad[Tensor._wrap(idx)]
    if (idx == padding_idx).any():
        rows = rows * Tensor._wrap((idx != padding_idx).astype(grad.dtype.np)[..., None])
    return rows


class EmbeddingDenseBackward(IndexingOp):
    """result = embedding_backward(grad_output, indices, ...): embedding's backward as create_graph=True records it"""

    node_name = "EmbeddingDenseBackwardBackward0"
    formula = {"grad_output": "embedding_dense_double_backward(grad, indices, padding_idx)"}
    saved_values = {"indices": "indices", "padding_idx": "saved_padding_idx"}

    @staticmethod
    def forward(ctx, grad_output, *, indices, num_weights, padding_idx, scale_grad_by_freq):
        ctx._keep_indices(indices)
        ctx.indices, ctx.padding_idx, ctx.scale_grad_by_freq = indices, padding_idx, scale_grad_by_freq
        ctx.saved_padding_idx = as_saved_int(padding_idx)
        return wrap(embedding_backward(grad_output._data, indices, num_weights, padding_idx, scale_grad_by_freq,
                                       ARRAYS))  # fmt: skip

    @staticmethod
    def backward(ctx, grad):
        return (embedding_dense_double_backward(grad, ctx.indices, ctx.padding_idx),)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    """Mirror ``torch.nn.functional.embedding``: the rows of ``weight`` at the indices in ``input``
    (EmbeddingBackward0); ``padding_idx``'s row gets no gradient, ``scale_grad_by_freq`` divides each row's
    gradient by how often its index occurs; with ``max_norm``, the rows read are first scaled
    down in place to that ``norm_type``-norm (``torch.embedding_renorm_``)."""
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if sparse:
        raise NotImplementedError("minigrad's embedding has no sparse gradients")
    if max_norm is not None:  # the rows it reads scaled down in place first, outside the graph, as torch does
        input = input.contiguous()  # noqa: A001 - torch's own rebinding (and its AttributeError for a list)
        no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    for name, position, value in (("weight", 1, weight), ("indices", 2, input)):  # torch.embedding(weight, indices)
        if not isinstance(value, Tensor):
            raise must_be_tensor("embedding", name, position, value)
    return EmbeddingLookup.apply(weight, indices=input, padding_idx=padding_idx,
                                 scale_grad_by_freq=bool(scale_grad_by_freq))  # fmt: skip


def padding_row(padding_idx, num_embeddings, word):
    """The row ``padding_idx`` names (a negative one counted from the end), or None; torch's AssertionError for one
    outside the table (``word`` as torch spells it: Embedding's "Padding_idx", EmbeddingBag's "padding_idx")."""
    if padding_idx is None:
        return None
    if padding_idx > 0 and padding_idx >= num_embeddings or padding_idx < -num_embeddings:
        raise AssertionError(f"{word} must be within num_embeddings")
    return padding_idx if padding_idx >= 0 else num_embeddings + padding_idx


class Embedding(Module):
    """Mirror ``torch.nn.Embedding(num_embeddings, embedding_dim, padding_idx=None)``: a table of
    ``num_embeddings`` rows drawn from N(0, 1) (the padding row zeroed), looked up by index."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.padding_idx = padding_row(padding_idx, num_embeddings, "Padding_idx")
        self.max_norm, self.norm_type = max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            self.weight = Parameter(creation.empty((num_embeddings, embedding_dim), dtype=dtype, device=device),
                                    requires_grad=not _freeze)  # fmt: skip
            self.reset_parameters()
        else:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise AssertionError("Shape of weight does not match num_embeddings and embedding_dim")
            self.weight = Parameter(_weight, requires_grad=not _freeze)

    def reset_parameters(self):
        """Mirror ``torch.nn.Embedding.reset_parameters`` (which the constructor calls, so a subclass's override runs
        there): the table drawn in place from N(0, 1), then the ``padding_idx`` row zeroed."""
        init.normal_(self.weight)
        self._fill_padding_idx_with_zero()

    def _fill_padding_idx_with_zero(self):
        """torch's helper: the ``padding_idx`` row of the table set to 0 in place (if there is one)."""
        if self.padding_idx is not None:
            with grad_mode.no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        from . import functional as F  # torch's layer calls F.embedding, which checks its arguments

        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                           self.scale_grad_by_freq, self.sparse)

    def extra_repr(self):
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq is not False:
            text += f", scale_grad_by_freq={self.scale_grad_by_freq}"
        if self.sparse is not False:
            text += ", sparse=True"
        return text

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, **kwargs):
        """Mirror ``Embedding.from_pretrained``: a layer around the given table (frozen by default)."""
        if embeddings.dim() != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        return cls(rows, cols, padding_idx=padding_idx, _weight=embeddings, _freeze=freeze, **kwargs)

