"""Catalogue cases for ``torch.special``'s Bessel functions, incomplete gammas and zeta; ``op_catalogue.CATALOGUE``
includes them. Import ``op_catalogue``, which imports this module."""

SPECIAL_CATALOGUE = []
