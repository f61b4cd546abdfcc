"""The node torch records for an op without a derivative (``x // 2`` of a tensor that requires grad): the
output requires grad, and backward through it raises."""

from ..autograd import grad_mode
from ..autograd.graph import Node
from ..tensor import Tensor


class NotImplemented(Node):  # noqa: A001 - torch's class name
    """Mirror torch's ``NotImplemented`` node (``torch::autograd::NotImplemented``)."""

    __module__ = "torch.autograd.graph"

    def __init__(self, op_name):
        self._op_name = op_name

    def name(self):
        """Mirror ``Node.name()``: ``torch::autograd::NotImplemented``."""
        return "torch::autograd::NotImplemented"

    def _backward(self, grads):
        raise RuntimeError(f"derivative for {self._op_name} is not implemented")


def record_not_implemented(out, inputs, op_name):
    """Give ``out`` a NotImplemented node over ``inputs`` if the graph is recorded and one requires grad."""
    if grad_mode._state.enabled and any(isinstance(t, Tensor) and t._requires_grad for t in inputs):
        node = NotImplemented(op_name)
        node._link(inputs)
        out.grad_fn, out._requires_grad = node, True
    return out
