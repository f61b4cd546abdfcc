"""Functions about positions and membership: ``msort`` (sorted along dim 0), ``isin`` (which elements are among
given values) and ``unravel_index`` (flat positions as coordinates), as torch has them."""

import itertools
import operator
from collections.abc import Sequence

import numpy as np

from . import dtypes
from .arguments import NUMBERS, invalid_arguments, overload_argument
from .ops._util import wrap
from .public import public
from .size import Size
from .tensor import Tensor
from .typename import c_type_name

__all__ = ["isin", "msort", "unravel_index"]


@public("msort", function=False)
def msort(input):
    """Mirror ``torch.msort``: ``input`` sorted along its first dim (``sort(input, 0).values``; SortBackward0)."""
    return input.sort(0)[0]


_ISIN = [
    "Tensor elements, Tensor test_elements, *, bool assume_unique = False, bool invert = False, Tensor out = None",
    "Number element, Tensor test_elements, *, bool assume_unique = False, bool invert = False, Tensor out = None",
    "Tensor elements, Number test_element, *, bool assume_unique = False, bool invert = False, Tensor out = None",
]


def isin(elements=None, test_elements=None, *, element=None, test_element=None, assume_unique=False, invert=False):
    """Mirror ``torch.isin``: a bool tensor of ``elements``' shape, True where the element equals one of
    ``test_elements`` (either may be a number, which torch's parser names ``element`` or ``test_element``; compared
    in their promoted dtype; NaN equals nothing), or the opposite if ``invert``."""
    elements = overload_argument("isin", elements=elements, element=element)
    test_elements = overload_argument("isin", test_elements=test_elements, test_element=test_element)
    if not (isinstance(elements, Tensor) and isinstance(test_elements, (Tensor, *NUMBERS))
            or isinstance(elements, NUMBERS) and isinstance(test_elements, Tensor)):  # fmt: skip
        raise invalid_arguments("isin", (elements, test_elements), _ISIN)
    tensors = [t for t in (elements, test_elements) if isinstance(t, Tensor)]
    numbers = [n for n in (elements, test_elements) if not isinstance(n, Tensor)]
    want = dtypes.result_type(tuple(tensors), tuple(numbers))
    if any(t.dtype.category == 0 for t in tensors) or any(isinstance(n, bool) for n in numbers):
        raise RuntimeError("Unsupported input type encountered for isin(): Bool")
    values = [np.asarray(t._data if isinstance(t, Tensor) else t).astype(want.np) for t in (elements, test_elements)]
    return wrap(np.isin(values[0], values[1], invert=bool(invert)))


def unravel_index(indices, shape):
    """Mirror ``torch.unravel_index``: the flat positions ``indices`` (an integer tensor) as a tuple of coordinate
    tensors into a tensor of ``shape`` (int64; positions wrap around, negative ones count from the end), as torch
    computes it (``floor_divide`` then ``%``, unbound along the last dim)."""
    if not isinstance(indices, Tensor):
        raise AttributeError(f"'{c_type_name(indices)}' object has no attribute 'is_complex'")
    if indices.dtype.is_floating_point or indices.dtype.category == 0:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if not isinstance(shape, (int, Sequence)):  # a str is a sequence too, as in torch's check
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    if isinstance(shape, int):
        shape = Size([shape])
    else:
        for dim in shape:
            if not isinstance(dim, int):
                raise TypeError(f"expected 'shape' sequence to only contain ints, but got {type(dim)}")
        shape = Size(shape)
    if not all(dim >= 0 for dim in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {tuple(shape)}")
    coefs = list(reversed(list(itertools.accumulate(reversed(tuple(shape[1:]) + (1,)), func=operator.mul))))
    coefs = wrap(np.array(coefs, dtype=np.int64))
    return (indices.unsqueeze(-1).floor_divide(coefs) % wrap(np.array(shape, dtype=np.int64))).unbind(-1)

