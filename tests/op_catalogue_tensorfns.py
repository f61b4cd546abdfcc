"""Catalogue cases for tensorfns; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

TENSORFNS_CATALOGUE = []
