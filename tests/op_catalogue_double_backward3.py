"""Catalogue cases for the graphs second derivatives and views record (group norm, ``x.T @ x``, narrow,
in-place writes through views); ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module.

Each is checked through a first derivative computed inside the case (``create_graph=True``), so that the graph
that derivative records (torch's infinitely differentiable group norm backward, mm's gradient for a column-major
operand, SliceBackwardBackward0, CopySlices' backward, masked_scatter's source gradient) is itself checked against
central differences."""

from op_catalogue import Case, fixed
from op_catalogue_double_backward import _first_derivative

import minigrad as torch
import minigrad.nn.functional as F


def _written_through_view(x):
    y = x * x
    y[0].mul_(x[1].sin())
    y.view(-1)[1:3].add_(x.view(-1)[:2] * 0.5)
    return y


DOUBLE_BACKWARD3_CATALOGUE = [
    Case("group_norm_first_derivative", _first_derivative(lambda x, w, b: F.group_norm(x, 2, w, b)),
         fixed(((2, 4, 3), (4,), (4,)))),  # fmt: skip
    Case("group_norm_no_affine_first_derivative", _first_derivative(lambda x: F.group_norm(x, 3)),
         fixed(((2, 6, 2, 2),))),  # fmt: skip
    Case("transposed_mm_first_derivative", _first_derivative(lambda x: x.T @ x), fixed(((2, 3),))),
    Case("transposed_mm_right_first_derivative", _first_derivative(lambda x, w: x.t() @ w @ x),
         fixed(((3, 2), (3, 3)))),  # fmt: skip
    Case("narrow_negative_dim_first_derivative", _first_derivative(lambda x: x.narrow(-1, 1, 2)
         * x.narrow(-2, 0, 1)[..., :2]), fixed(((2, 3, 4),))),  # fmt: skip
    Case("inplace_through_view_first_derivative", _first_derivative(_written_through_view), fixed(((2, 3),))),
    Case("masked_scatter_first_derivative", _first_derivative(  # the source's: MaskedScatterBackwardBackward0
        lambda x, s: torch.masked_scatter(x, torch.tensor([[True, False, True], [False, True, True]]), s)),
         fixed(((2, 3), (5,)), ((2, 3), (2, 3)))),  # fmt: skip
]
