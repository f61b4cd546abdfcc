"""``torch.autograd.Variable``: the wrapper old tutorials use. Since PyTorch 0.4 it makes a Tensor."""

import warnings

Tensor = None  # minigrad.tensor sets this once it is defined (the two modules need each other)


class _VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, Tensor)


class Variable(metaclass=_VariableMeta):
    """Mirror ``torch.autograd.Variable(data, requires_grad=False, volatile=False)``: a new tensor over
    ``data``'s storage, out of any graph, that requires grad if asked; every tensor is a Variable."""

    def __new__(cls, data=None, requires_grad=False, volatile=False):
        if volatile:
            warnings.warn(
                "volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                UserWarning,
                stacklevel=2,
            )
        if data is None:
            from ..creation import tensor

            return tensor([])
        if not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        return data.detach().requires_grad_(requires_grad)
