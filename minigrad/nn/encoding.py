"""``F.one_hot``: class indices as rows of zeros with a single one (makemore's bigram network input)."""

import operator

import numpy as np

from ..ops._util import wrap
from .aten_forms import parsed


@parsed("one_hot", ("Tensor input, int num_classes = -1",))
def one_hot(input, num_classes=-1):
    """Mirror ``torch.nn.functional.one_hot``: int64 rows with a 1 at each index (not differentiable)."""
    if input.dtype.name != "int64":
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    idx, num_classes = input._data, operator.index(num_classes)  # the parser's int (a 0-d int tensor too)
    if num_classes == -1:
        if idx.size == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(idx.max()) + 1
    if idx.size and idx.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if idx.size and idx.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    return wrap((idx[..., None] == np.arange(num_classes)).astype(np.int64))

