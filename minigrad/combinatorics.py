"""Combinatorial tensor functions, built from other ops as torch builds them (so the graphs are torch's):
``cartesian_prod`` (meshgrid, flatten, stack), ``combinations`` (meshgrid, masked_select of a triangular mask,
stack) and ``vander`` (powers of a vector by cumprod, written into slices of a result)."""

import numpy as np

from . import dtypes
from .broadcasting import meshgrid
from .functional import stack
from .ops._util import wrap
from .size import shape_text
from .tensor import Tensor
from .typename import c_type_name

__all__ = ["cartesian_prod", "combinations", "vander"]


def _vector(t, i=0):
    if not isinstance(t, Tensor):
        raise TypeError(f"expected Tensor as element {i} in argument 0, but got {c_type_name(t)}")
    if t.ndim != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {shape_text(t.shape)}")
    return t


def cartesian_prod(*tensors):
    """Mirror ``torch.cartesian_prod``: every combination of one element of each vector, one per row (the vector
    itself for one vector), as torch computes it: ``meshgrid`` (indexing "ij"), each grid flattened, stacked along
    dim 1 (StackBackward0 over UnsafeViewBackward0)."""
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {c_type_name(t)}")
    for t in tensors:
        _vector(t)
    if len(tensors) == 1:
        return tensors[0]
    grids = meshgrid(*tensors, indexing="ij")
    return stack([g.flatten() for g in grids], 1)


def combinations(input, r=2, with_replacement=False):
    """Mirror ``torch.combinations``: the length-``r`` combinations of the elements of a vector, one per row, in
    order (repeats allowed if ``with_replacement``), as torch computes them: ``meshgrid`` of ``r`` copies, each
    grid's ``masked_select`` by a triangular mask, stacked along dim 1 (an empty tensor for ``r=0``)."""
    _vector(input)
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return wrap(np.empty((0,), dtype=input._data.dtype))
    n = input.shape[0]
    index = np.indices((n,) * r, sparse=False)
    mask = np.ones((n,) * r, dtype=bool)
    for i in range(r - 1):
        mask &= index[i] <= index[i + 1] if with_replacement else index[i] < index[i + 1]
    mask = wrap(mask)
    grids = meshgrid(*([input] * r), indexing="ij")
    return stack([g.masked_select(mask) for g in grids], 1)


def vander(x, N=None, increasing=False):
    """Mirror ``torch.vander``: the Vandermonde matrix of a vector, its columns the powers ``x ** (N - 1)``, ...,
    ``x ** 0`` (ascending if ``increasing``; ``N`` defaults to the vector's length; integers give int64), as torch
    computes it: ones, ``x`` copied into columns 1..N-1, their ``cumprod`` copied back (CopySlices), flipped. As in
    torch, its backward fails (the cumprod's saved input is written over in place)."""
    if x.ndim != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    n = x.shape[0]
    if N is not None:
        n = N
        if n < 0:
            raise RuntimeError("N must be non-negative.")
    want = dtypes.promote_types(x.dtype, dtypes.int64)
    result = wrap(np.empty((x.shape[0], n), dtype=want.np))
    if n > 0:
        result.fill_(1)  # each write counts in the version, as torch's do
        if n > 1:
            result[:, 1:].copy_(x.unsqueeze(1))
            result[:, 1:].copy_(result[:, 1:].cumprod(1))
    if not increasing:
        return result.flip([1])
    return result
