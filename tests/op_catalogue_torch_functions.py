"""Catalogue cases for the torch.* twins of nn.functional and the older spellings (``minigrad.torch_twins``) that
record nodes of their own: ``torch.native_dropout`` (NativeDropoutBackward0, its mask drawn after a fixed seed) and
``torch.angle`` (AngleBackward0), and ``torch.gradient``'s composite of slices, scalar arithmetic and ``cat``;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import NONZERO, Case, fixed, unary

import minigrad as torch
from minigrad.nn.aten_twins import native_dropout
from minigrad.older_functions import angle, gradient


def _native_dropout(x, train=True):
    torch.manual_seed(0)  # the same mask at every evaluation of the central differences
    return native_dropout(x, 0.4, train)[0] ** 2


def _gradient(x, **kwargs):
    return torch.cat([g.reshape(-1) for g in gradient(x, **kwargs)]) ** 2


_COORDINATES = tuple(torch.tensor(c, dtype=torch.float64) for c in ([0.0, 0.5, 2.0, 2.5], [0.0, 1.0, 3.0]))

TORCH_FUNCTIONS_CATALOGUE = [
    Case("torch_functions_native_dropout", _native_dropout, fixed(((3, 4),), ((2, 3, 2),)), second_order=True),
    Case("torch_functions_native_dropout_eval", lambda x: _native_dropout(x, False), fixed(((3,),)),
         second_order=True),
    Case("torch_functions_angle", lambda x: angle(x) + x * x, unary(), (NONZERO,), second_order=True),
    Case("torch_functions_gradient", lambda x: _gradient(x), fixed(((5,),), ((3, 4),)), second_order=True),
    Case("torch_functions_gradient_edge_order_2", lambda x: _gradient(x, spacing=0.5, edge_order=2),
         fixed(((4, 3),)), second_order=True),
    Case("torch_functions_gradient_coordinates", lambda x: _gradient(x, spacing=_COORDINATES, edge_order=2),
         fixed(((4, 3),)), second_order=True),
]
