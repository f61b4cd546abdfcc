"""Catalogue cases for losses; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

LOSSES_CATALOGUE = []
