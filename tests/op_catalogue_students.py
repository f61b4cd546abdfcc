"""Catalogue cases for students;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import REAL, Case, Domain, fixed  # noqa: F401

import minigrad as torch  # noqa: F401
import minigrad.nn.functional as F  # noqa: F401

STUDENTS_CATALOGUE = [
    # makemore's ``logprobs[range(n), Yb]``: a ``range`` is an index tensor, so IndexBackward0 (rows picked twice
    # add up)
    Case("index_range_pairs", lambda x: x[range(3), [1, 0, 1]] * x[range(1, 3)].sum(), fixed(((3, 2),), ((4, 2),))),
]
