"""Parity cases for float16 and bfloat16 arithmetic: torch computes in float32 (its opmath type) and
rounds once, bit for bit."""

from parity.cases import attempts, case  # noqa: F401
