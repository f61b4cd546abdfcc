"""What ``vmap`` refuses to turn into a Python value: a sample's data.

torch runs ``f`` once on batched tensors, whose ``.item()`` has no one answer; minigrad runs ``f`` once per sample
(:func:`minigrad.func.vmap`), so it marks each sample's data as a :class:`BatchedArray`, and ``Tensor.item()``,
``float``, ``int`` and ``bool`` of such data raise torch's errors while a vmap runs. A tensor from outside the vmap
(``x[0].item()`` of a captured ``x``) converts as in torch. Only the sample itself is caught: minigrad's ops make
plain arrays of their results (the mark would cost every op a check), so ``t.sum().item()`` still converts, where
torch raises.
"""

import numpy as np

ITEM_ERROR = (
    "vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over calling .item() on a Tensor, "
    "please try to rewrite what you're doing with other operations. If error is occurring somewhere inside PyTorch "
    "internals, please file a bug report."
)
CONTROL_FLOW_ERROR = (
    "vmap: It looks like you're attempting to use a Tensor in some data-dependent control flow. We don't support that "
    "yet, please file an issue at https://github.com/pytorch/pytorch/issues ."
)


class BatchedArray(np.ndarray):
    """A sample's data inside ``vmap``, and what numpy computes from it."""


def batched(data):
    """``data`` (an array) marked as a sample's."""
    return data.view(BatchedArray)


def plain(data):
    """``data`` without the mark (what ``vmap`` returns)."""
    return data.view(np.ndarray) if data.__class__ is BatchedArray else data
