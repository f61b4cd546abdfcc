"""Catalogue cases for layers; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

LAYERS_CATALOGUE = []
