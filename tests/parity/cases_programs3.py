"""Parity cases of whole programs a student writes on their own (round 3): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import attempts, case  # noqa: F401
