"""``scatter``: write a value at the positions an index tensor gives along a dim (``self[index[i][j]][j] = value``
for dim 0), as the Learn-the-Basics transforms do to make one-hot targets."""

import numpy as np

from ..size import shape_text
from ._util import wrap
from .op import Op


def scatter_positions(a, dim, index):
    """The numpy index that ``scatter(dim, index, ...)`` writes to in ``a``, after torch's checks."""
    if index.dtype.category != 1:
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    idx = index._data.reshape(1) if index.ndim == 0 and a.ndim <= 1 else index._data
    if idx.ndim != max(a.ndim, 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    shape = a.shape if a.ndim else (1,)
    for d, (i, s) in enumerate(zip(idx.shape, shape)):
        if d != dim and i > s:
            raise RuntimeError(
                f"Expected index {shape_text(idx.shape)} to be no larger than self {shape_text(shape)} apart from "
                f"dimension {dim}"
            )
    bad = (idx < 0) | (idx >= shape[dim])
    if bad.any():
        raise RuntimeError(f"index {int(idx[bad][0])} is out of bounds for dimension {dim} with size {shape[dim]}")
    grid = list(np.indices(idx.shape, sparse=True))
    grid[dim] = idx
    return tuple(grid)


class ScatterValue(Op):
    """result = self with ``value`` written at ``index`` along ``dim``"""

    node_name = "ScatterBackward1"
    formula = {"self": "grad.scatter(dim, index, 0)"}
    saved_values = {"dim": "dim", "index": "index"}

    @staticmethod
    def forward(ctx, a, *, dim, index, value):
        ctx.dim, ctx.index = a._wrap_dim(dim), index
        out = a._data.copy().reshape(a.shape if a.ndim else (1,))
        out[scatter_positions(a, ctx.dim, index)] = value
        return wrap(out.reshape(a.shape))

    @staticmethod
    def backward(ctx, grad):
        return (grad.scatter(ctx.dim, ctx.index, 0),)
