"""``nn.Parameter``: a leaf tensor that requires grad and that a Module registers as a parameter."""


from ..tensor import FACTORY_INT_GRAD_ERROR, Tensor, _init
from ..typename import c_type_name


class Parameter(Tensor):
    """Mirror ``torch.nn.Parameter``: wraps a tensor's values as a new leaf with ``requires_grad=True``
    (by default); prints as ``Parameter containing:``."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        from ..creation import tensor

        if data is None:
            data = tensor([])
        if not isinstance(data, Tensor):  # torch's Parameter detaches its data first
            raise AttributeError(f"'{c_type_name(data)}' object has no attribute 'detach'")
        p = object.__new__(cls)
        _init(p, data._data, None, None)
        if isinstance(data, Tensor):
            p._vc = data._vc
        p._set_requires_grad(requires_grad, FACTORY_INT_GRAD_ERROR)
        return p

    def __init__(self, data=None, requires_grad=True):
        pass


def _parameter_reduce(self, protocol):
    return (_rebuild_parameter, (self._data, self._requires_grad))


def _rebuild_parameter(data, requires_grad):
    return Parameter(Tensor._wrap(data), requires_grad)


Parameter.__reduce_ex__ = _parameter_reduce
