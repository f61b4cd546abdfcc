"""Parity cases for the graphs ``create_graph=True`` records for the gradients of
indexing, shapes, joining, linear algebra and sequences:
torch's backward formulas (derivatives.yaml) op for op, their node names and edges,
and the derivatives taken through them."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401
