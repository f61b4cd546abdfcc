"""Parity cases for second derivatives through nn.functional:
the nodes a create_graph backward builds and their values."""

from parity.cases import attempts, case  # noqa: F401
