"""Catalogue cases for utilities; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

UTILITIES_CATALOGUE = []
