"""``nn.EmbeddingBag`` and ``F.embedding_bag``: the sum, mean or max of bags of rows of a table without making the
rows one by one (a text classifier's bag of words: one flat tensor of token ids, ``offsets`` where each text starts),
with torch's checks in its order (its Python's, then its kernel's)."""

import warnings

import numpy as np

from .. import creation
from ..ops._util import wrap
from ..ops.embedding_bag import MODES
from ..ops.embedding_bag import EmbeddingBag as EmbeddingBagOp
from ..tensor import Tensor
from ..torch_warnings import user_stacklevel
from .embedding import Embedding, padding_row
from .embedding_renorm import no_grad_embedding_renorm_
from .module import Module
from .parameter import Parameter

_INDEX_ERROR = ("Expected i < index_size to be true, but got false.  (Could this error message be improved?  If so, "
                "please report an enhancement request to PyTorch.)")  # fmt: skip


def _type_check(name, tensor, names):
    if tensor.dtype.name not in names:
        shown = ", ".join({"float16": "Half", "bfloat16": "BFloat16", "float32": "Float", "float64": "Double",
                           "int64": "Long", "int32": "Int"}[n] for n in names)  # fmt: skip
        raise RuntimeError(f"Expected tensor for argument #1 '{name}' to have one of the following scalar types: "
                           f"{shown}; but got {tensor.dtype.error_name} instead (while checking arguments for "
                           "embedding_bag)")  # fmt: skip


def _embedding_bag(weight, indices, offsets, mode, per_sample_weights, include_last_offset, padding_idx,
                   scale_grad_by_freq=False):  # fmt: skip
    """torch's ``torch.embedding_bag`` (its kernel's checks, then the EmbeddingBag op)."""
    rows = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    else:
        if not -rows <= padding_idx < rows:
            raise RuntimeError(f"padding_idx must be within the number of embeddings, -{rows} through {rows - 1}, but "
                               f"got {padding_idx}")  # fmt: skip
        padding_idx %= rows
    _type_check("indices", indices, ("int64", "int32"))
    _type_check("weight", weight, ("float16", "bfloat16", "float32", "float64"))
    idx, offs = indices._data.astype(np.int64), offsets._data.astype(np.int64)
    if offs.size and offs[0] != 0:
        raise RuntimeError("offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from "
                           f"position 0. However, got {offs[0]}\n[ torch.LongTensor{{}} ]")  # fmt: skip
    if offs.size and offs[-1] > idx.size:
        raise RuntimeError(f"offsets[-1] can not be greater than input's length {idx.size} but got offsets[-1] of "
                           f"{offs[-1]}")  # fmt: skip
    bad = idx[(idx < 0) | (idx >= rows)]
    if mode == 2 and bad.size:
        raise RuntimeError(f"embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be {bad[0]}")
    if mode != 2 and (np.diff(offs) < 0).any():
        raise RuntimeError(_INDEX_ERROR)
    if mode != 2 and bad.size:
        if weight.dtype.name in ("float32", "float16") and padding_idx < 0:  # the fbgemm fast path says so
            where = int(np.flatnonzero((idx < 0) | (idx >= rows))[0])
            raise RuntimeError(f"Index {where} of input takes value {bad[0]} which is not in the valid range [0, "
                               f"{rows})")  # fmt: skip
        raise RuntimeError(f"embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be {bad[0]}")
    return EmbeddingBagOp.apply(weight, per_sample_weights, indices=indices, offsets=offsets, mode=mode,
                                include_last_offset=bool(include_last_offset), padding_idx=padding_idx,
                                scale_grad_by_freq=scale_grad_by_freq)  # fmt: skip


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):  # fmt: skip
    """Mirror ``torch.nn.functional.embedding_bag``: the ``mode`` (``"sum"``, ``"mean"``, ``"max"``) of each bag of
    rows of ``weight``: ``input`` 2-D (each row a bag) or 1-D with ``offsets`` (where each bag starts); rows weighted
    by ``per_sample_weights`` in sum mode; ``padding_idx``'s row left out; the rows read first renormalised in place
    to ``max_norm``; gradients divided by each index's count with ``scale_grad_by_freq``. One EmbeddingBagBackward0
    node."""
    if weight.dtype.name == "int64" and input.is_floating_point():
        warnings.warn("Argument order of nn.functional.embedding_bag was changed. Usage `embedding_bag(weight, input, "
                      "...)` is deprecated, and should now be `embedding_bag(input, weight, ...)`.",
                      stacklevel=user_stacklevel())  # fmt: skip
        weight, input = input, weight  # noqa: A001 - torch's name
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, then it must "
                         f"have the same shape as the input ({input.shape})")  # fmt: skip
    if weight.dim() != 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}")
    if input.dim() == 2:
        if offsets is not None:
            found = _type_name(offsets)
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             f"fixed length sequences. However, found offsets of type {found}")  # fmt: skip
        offsets = _bag_starts(input)
        include_last_offset = False
        input = input.reshape(-1)  # noqa: A001 - torch's name
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    if mode not in MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    if mode == "max" and scale_grad_by_freq:
        raise ValueError("max mode does not support scaling the gradient by the frequency")
    if mode == "max" and sparse:
        raise ValueError("max mode does not support sparse weights")
    if max_norm is not None:
        no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    if sparse:
        raise NotImplementedError("minigrad's embedding_bag has no sparse gradients; run this code with "
                                  "`import torch` to use sparse=True")  # fmt: skip
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
                                  "GitHub.")  # fmt: skip
    return _embedding_bag(weight, input, offsets, MODES.index(mode), per_sample_weights, include_last_offset,
                          padding_idx, bool(scale_grad_by_freq))  # fmt: skip


def _bag_starts(input):
    """``torch.arange(0, input.numel(), input.size(1), dtype=input.dtype)``: where each row of a 2-D input starts
    (made in numpy: minigrad's integer arange counts one too many when the step divides the length)."""
    if input.size(1) == 0:
        return creation.arange(0, 0, 0, dtype=input.dtype)  # torch's error for a zero step
    return wrap(np.arange(0, input.numel(), input.size(1), dtype=input.dtype.np))


def _type_name(value):
    """``str(type(value))`` as torch shows it: minigrad's Tensor is ``torch.Tensor``'s stand-in."""
    return "<class 'torch.Tensor'>" if isinstance(value, Tensor) else str(type(value))


class EmbeddingBag(Module):
    """Mirror ``torch.nn.EmbeddingBag(num_embeddings, embedding_dim, max_norm=None, norm_type=2.0,
    scale_grad_by_freq=False, mode='mean', sparse=False, _weight=None, include_last_offset=False, padding_idx=None)``:
    a table drawn from N(0, 1) (the padding row zeroed), each bag of rows summed, averaged or maxed."""

    def __init__(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
                 mode="mean", sparse=False, _weight=None, include_last_offset=False, padding_idx=None, device=None,
                 dtype=None):  # fmt: skip
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.max_norm, self.norm_type, self.scale_grad_by_freq = max_norm, norm_type, scale_grad_by_freq
        self.padding_idx = padding_row(padding_idx, num_embeddings, "padding_idx")
        if _weight is None:
            self.weight = Parameter(creation.empty((num_embeddings, embedding_dim), dtype=dtype, device=device))
            self.reset_parameters()
        else:
            if list(_weight.shape) != [num_embeddings, embedding_dim]:
                raise AssertionError("Shape of weight does not match num_embeddings and embedding_dim")
            self.weight = Parameter(_weight)
        self.mode, self.sparse, self.include_last_offset = mode, sparse, include_last_offset

    # torch's EmbeddingBag repeats Embedding's: the table drawn in place from N(0, 1), then the padding_idx row zeroed
    reset_parameters = Embedding.reset_parameters
    _fill_padding_idx_with_zero = Embedding._fill_padding_idx_with_zero

    def forward(self, input, offsets=None, per_sample_weights=None):
        return embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type, self.scale_grad_by_freq,
                             self.mode, self.sparse, per_sample_weights, self.include_last_offset,
                             self.padding_idx)  # fmt: skip

    def extra_repr(self):
        text = f"{self.num_embeddings!r}, {self.embedding_dim!r}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm!r}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type!r}"
        if self.scale_grad_by_freq is not False:
            text += f", scale_grad_by_freq={self.scale_grad_by_freq!r}"
        text += f", mode={self.mode!r}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx!r}"
        return text

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
                        mode="mean", sparse=False, include_last_offset=False, padding_idx=None):  # fmt: skip
        """Mirror ``EmbeddingBag.from_pretrained``: a layer around the given table (frozen by default)."""
        if embeddings.dim() != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        bag = cls(num_embeddings=rows, embedding_dim=cols, _weight=embeddings, max_norm=max_norm, norm_type=norm_type,
                  scale_grad_by_freq=scale_grad_by_freq, mode=mode, sparse=sparse,
                  include_last_offset=include_last_offset, padding_idx=padding_idx)  # fmt: skip
        bag.weight.requires_grad = not freeze
        return bag
