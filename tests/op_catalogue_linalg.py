"""Catalogue cases for linalg; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

LINALG_CATALOGUE = []
