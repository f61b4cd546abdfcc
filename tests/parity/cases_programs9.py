"""Parity cases of whole programs a student writes on their own (round 9): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401
