"""Parity cases from code students write themselves: Zero-to-Hero style micrograd checks, makemore MLPs, manual
backpropagation compared with autograd, their own modules and training loops."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401
