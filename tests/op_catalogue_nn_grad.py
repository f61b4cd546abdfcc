"""Catalogue cases for ``torch.nn.grad`` and ``F.conv_tbc``; ``op_catalogue.CATALOGUE`` includes them. Import
``op_catalogue``, which imports this module."""

NN_GRAD_CATALOGUE = []

from op_catalogue import Case, fixed  # noqa: E402

import minigrad.nn.functional as F  # noqa: E402
import minigrad.nn.grad as G  # noqa: E402

NN_GRAD_CATALOGUE += [
    # conv_tbc: (time, batch, in) input, (kernel, in, out) weight; pad zeros at each end of time, or rows cut off
    Case("conv_tbc", lambda x, w, b: F.conv_tbc(x, w, b), fixed(((5, 2, 3), (2, 3, 4), (4,))), second_order=True),
    Case("conv_tbc_pad", lambda x, w, b: F.conv_tbc(x, w, b, 2), fixed(((4, 3, 2), (3, 2, 2), (2,))),
         second_order=True),  # fmt: skip
    Case("conv_tbc_negative_pad", lambda x, w, b: F.conv_tbc(x, w, b, -1), fixed(((6, 2, 2), (2, 2, 3), (3,))),
         second_order=True),  # fmt: skip
    # torch.nn.grad: the gradients of a convolution as functions of the weight and grad_output (or the input)
    Case("nn_grad_conv1d_input", lambda w, go: G.conv1d_input((2, 4, 7), w, go, stride=2, padding=1, groups=2),
         fixed(((4, 2, 3), (2, 4, 4))), second_order=True),  # fmt: skip
    Case("nn_grad_conv2d_weight", lambda x, go: G.conv2d_weight(x, (3, 2, 2, 3), go, padding=(1, 0), dilation=2),
         fixed(((2, 2, 5, 6), (2, 3, 5, 2))), second_order=True),  # fmt: skip
    Case("nn_grad_conv3d_input", lambda w, go: G.conv3d_input((1, 2, 4, 3, 4), w, go),
         fixed(((2, 2, 2, 2, 3), (1, 2, 3, 2, 2))), second_order=True),  # fmt: skip
]
