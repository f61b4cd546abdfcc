"""Catalogue cases for ``torch.special``'s Bessel functions, incomplete gammas and zeta; ``op_catalogue.CATALOGUE``
includes them. Import ``op_catalogue``, which imports this module.

torch differentiates ``i0e``, ``i1e`` and ``erfcx``, and ``zeta``, ``gammainc``, ``gammaincc`` (``igamma``,
``igammac``) in their second argument only: the first is a constant here."""

from op_catalogue import NO_KINK_AT_0, POSITIVE, REAL, Case, Domain, unary

import minigrad as torch


def _constant(value):
    return torch.tensor(value, dtype=torch.float64)


def _igamma_inplace(q):
    """``igamma_`` of a constant tensor, with the argument that requires grad as ``other``."""
    y = torch.full(q.shape, 1.5, dtype=torch.float64)
    y.igammac_(q)
    return y * 2 + torch.full(q.shape, 0.5, dtype=torch.float64).igamma_(q)


SPECIAL_CATALOGUE = [
    # |x| in exp(-|x|): a kink at 0
    Case("special_i0e_i1e", lambda a: torch.special.i0e(a) + torch.special.i1e(a) * 2, unary(), (NO_KINK_AT_0,),
         second_order=True),  # fmt: skip
    Case("special_erfcx", torch.special.erfcx, unary(), (REAL,), second_order=True),
    Case("special_zeta", lambda q: torch.special.zeta(_constant([2.5]), q) + torch.special.zeta(3.0, q), unary(),
         (POSITIVE,), second_order=True),  # fmt: skip
    Case("special_gammainc", lambda q: torch.special.gammainc(_constant(2.5), q) + torch.igammac(_constant(0.7), q),
         unary(), (POSITIVE,), second_order=True),  # fmt: skip
    Case("special_gammaincc_large", lambda q: torch.special.gammaincc(_constant(30.0), q * 10 + 20), unary(),
         (Domain(-0.5, 1.0),), second_order=True),  # fmt: skip
    Case("igamma_inplace", _igamma_inplace, unary(), (POSITIVE,), second_order=True),
]
