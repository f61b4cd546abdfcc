"""Parity cases for ``torch.special``'s Bessel functions, incomplete gammas, zeta and orthogonal polynomials."""

from parity.cases import attempts, case  # noqa: F401
