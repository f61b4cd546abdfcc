"""``nn.Parameter``: a leaf tensor that requires grad and that a Module registers as a parameter."""

import numpy as np

from ..tensor import FACTORY_INT_GRAD_ERROR, Tensor, _init


class Parameter(Tensor):
    """Mirror ``torch.nn.Parameter``: wraps a tensor's values as a new leaf with ``requires_grad=True``
    (by default); prints as ``Parameter containing:``."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        from ..creation import tensor

        if data is None:
            data = tensor([])
        p = object.__new__(cls)
        _init(p, data._data if isinstance(data, Tensor) else np.asarray(data), None, None)
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
