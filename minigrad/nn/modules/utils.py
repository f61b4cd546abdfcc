"""``torch.nn.modules.utils``: the helpers torch's layers turn an int or a sequence into a tuple with
(``_pair(3)`` is ``(3, 3)``), which programs reuse in their own layers."""

import collections.abc
from itertools import repeat


def _ntuple(n, name="parse"):
    """Mirror ``torch.nn.modules.utils._ntuple``: a function that makes ``n`` copies of a single value, and a tuple
    of anything iterable."""

    def parse(x):
        if isinstance(x, collections.abc.Iterable):
            return tuple(x)
        return tuple(repeat(x, n))

    parse.__name__ = name
    return parse


_single = _ntuple(1, "_single")
_pair = _ntuple(2, "_pair")
_triple = _ntuple(3, "_triple")
_quadruple = _ntuple(4, "_quadruple")
