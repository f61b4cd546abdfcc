"""The nodes torch records for an op without a derivative (``x // 2`` of a tensor that requires grad): the
output requires grad, and backward through it raises. Most such ops record torch's generic ``NotImplemented`` node;
a few have a node type of their own whose backward says the derivative is not implemented (``torch.unique``:
Unique2Backward0)."""

from ..autograd import grad_mode
from ..autograd.graph import Node
from ..tensor import Tensor


class NotImplemented(Node):  # noqa: A001 - torch's class name
    """Mirror torch's ``NotImplemented`` node (``torch::autograd::NotImplemented``), a C++ type: Python reports it as
    ``builtins.NotImplemented``."""

    __module__ = "builtins"

    def __init__(self, op_name):
        self._op_name = op_name

    def name(self):
        """Mirror ``Node.name()``: ``torch::autograd::NotImplemented``."""
        return "torch::autograd::NotImplemented"

    def _backward(self, grads):
        raise RuntimeError(f"derivative for {self._op_name} is not implemented")


def record_not_implemented(out, inputs, op_name):
    """Give ``out`` a NotImplemented node over those of ``inputs`` that require grad (torch links no others) if the
    graph is recorded and one does."""
    inputs = [t for t in inputs if isinstance(t, Tensor) and t._requires_grad]
    if grad_mode._state.enabled and inputs:
        node = NotImplemented(op_name)
        node._link(inputs)
        out.grad_fn, out._requires_grad = node, True
    return out


_NO_DERIVATIVE_TYPES = {}


class NoDerivative(Node):
    """A node of a type torch names for its op (``Unique2Backward0``), whose backward raises torch's
    NotImplementedError for an op whose derivatives.yaml entry is ``not_implemented("<function>")``."""

    node_name = None
    function = None

    def name(self):
        """Mirror ``Node.name()``: the node type's name."""
        return self.node_name

    def _backward(self, grads):
        raise NotImplementedError(f"the derivative for '{self.function}' is not implemented.")


def record_no_derivative(out, inputs, node_name, function):
    """Give ``out`` (a floating result) a node of type ``node_name`` over ``inputs``, whose backward raises, if the
    graph is recorded and an input requires grad."""
    if grad_mode._state.enabled and out.dtype.is_floating_point and any(
        isinstance(t, Tensor) and t._requires_grad for t in inputs
    ):
        kind = _NO_DERIVATIVE_TYPES.get(node_name)
        if kind is None:
            attributes = {"node_name": node_name, "function": function, "__module__": "builtins"}
            kind = _NO_DERIVATIVE_TYPES[node_name] = type(node_name, (NoDerivative,), attributes)
        node = kind()
        node._link(inputs)
        out.grad_fn, out._requires_grad = node, True
    return out
