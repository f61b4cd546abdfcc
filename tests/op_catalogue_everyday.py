"""Catalogue cases for everyday; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

EVERYDAY_CATALOGUE = []
