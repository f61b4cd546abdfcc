"""``torch.autograd.graph.GradientEdge``: a place in the graph where a gradient arrives (a node and which of its
outputs), usable where ``autograd.grad`` takes a tensor: ``grad(loss, get_gradient_edge(h))`` is ``grad(loss, h)``
without keeping ``h`` itself."""

from typing import NamedTuple

from .graph import Node


class GradientEdge(NamedTuple):
    """Mirror ``torch.autograd.graph.GradientEdge(node, output_nr, ownership_token=None)``."""

    node: Node
    output_nr: int
    ownership_token: Node | None = None

    def _edge(self, create=False):
        """The (node, output_nr) the engine captures, as ``Tensor._edge`` gives a tensor's."""
        return (self.node, self.output_nr)


def get_gradient_edge(tensor):
    """Mirror ``torch.autograd.graph.get_gradient_edge(tensor)``: the edge where ``tensor``'s gradient is computed
    (its ``grad_fn`` and output number, or a leaf's ``AccumulateGrad``)."""
    from . import grad_mode
    from .function import BackwardCFunction

    if not tensor.requires_grad:
        raise RuntimeError("It is not possible to get the gradient edge for a Tensor that does not require gradients")
    node = tensor._edge()[0]
    token = None
    if isinstance(node, BackwardCFunction):  # torch keeps a Python node's graph alive through a C++ node over it
        with grad_mode.enable_grad():
            token = tensor.view_as(tensor).grad_fn
    return GradientEdge(node, tensor._output_nr if tensor.grad_fn is not None else 0, ownership_token=token)
