"""Parity cases of whole programs a student writes on their own after the lessons: training loops with their own
Datasets and DataLoaders, schedulers, clipping, early stopping, checkpoints, evaluation modes and the mistakes made
along the way. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import attempts, case  # noqa: F401
