"""Parity cases pinning the last bits of float32 results of torch's CPU kernels that minigrad reproduces (softmax and
log_softmax), printed as their bit patterns."""

from parity.cases import attempts, case  # noqa: F401
