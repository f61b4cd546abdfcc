"""Parity cases for float16 as torch computes it (round 2: reductions, normalization backwards and running
statistics, the last bits of fused kernels)."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401
