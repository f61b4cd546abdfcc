"""Catalogue cases for the ops the learner programs brought (weight normalisation's fused
WeightNormInterfaceBackward0); ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this
module."""

from op_catalogue import NONZERO, POSITIVE, Case, fixed

from minigrad.nn.weight_norm import _weight_norm

# torch's weight_norm_backward treats the saved norms as constants when differentiated again (its own gradgradcheck
# fails): minigrad mirrors that, checked against torch by the parity case op_weight_norm_second_derivative
_UNTRUE = "torch's double backward of _weight_norm_interface holds the norms constant"

PROGRAMS_CATALOGUE = [
    # the fused node for dim 0 and the last dim; the composed ops (whose second derivative is true) for a middle dim
    Case("weight_norm_first_dim", lambda v, g: _weight_norm(v, g, 0), fixed(((3, 4), (3, 1)), ((2, 3, 2), (2, 1, 1))),
         (NONZERO, POSITIVE), untrue_double_backward=_UNTRUE),  # fmt: skip
    Case("weight_norm_last_dim", lambda v, g: _weight_norm(v, g, 1), fixed(((3, 4), (1, 4))), (NONZERO, POSITIVE),
         untrue_double_backward=_UNTRUE),  # fmt: skip
    Case("weight_norm_middle_dim", lambda v, g: _weight_norm(v, g, 1), fixed(((2, 3, 2), (1, 3, 1))),
         (NONZERO, POSITIVE), second_order=True),  # fmt: skip
]
