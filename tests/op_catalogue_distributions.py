"""Catalogue cases for distributions; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

DISTRIBUTIONS_CATALOGUE = []
