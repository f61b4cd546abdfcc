"""``nn.LazyLinear``: a Linear layer whose ``in_features`` is found from its first input (d2l's concise
implementations). Until then its parameters are ``UninitializedParameter``s; the first forward gives them
their shapes and values in place (an optimizer made before keeps working) and the layer becomes a Linear."""

import math

from .. import creation
from .module import Module
from .modules import Linear
from .parameter import Parameter


class UninitializedParameter(Parameter):
    """Mirror ``torch.nn.parameter.UninitializedParameter``: a parameter without a shape yet."""

    __slots__ = ()

    def __new__(cls, requires_grad=True):
        return Parameter.__new__(cls, creation.zeros(0), requires_grad)

    @property
    def shape(self):
        """Mirror torch: an uninitialized parameter has no shape yet (RuntimeError)."""
        raise RuntimeError(
            "Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
            "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
            "`forward` to initialize the parameters before accessing their attributes."
        )

    def materialize(self, values):
        """Take ``values``' data and become an ordinary Parameter (torch's ``materialize``)."""
        self._data = values._data
        self.__class__ = Parameter

    def __repr__(self):
        return "<UninitializedParameter>"

    __str__ = __repr__


class LazyLinear(Linear):
    """Mirror ``torch.nn.LazyLinear(out_features, bias=True)``: a Linear whose ``in_features`` is the last
    dim of its first input."""

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        Module.__init__(self)
        self.in_features, self.out_features = 0, out_features
        self.weight = UninitializedParameter()
        if bias:
            self.bias = UninitializedParameter()
        else:
            self.register_parameter("bias", None)

    def forward(self, input):
        if isinstance(self.weight, UninitializedParameter):
            self.in_features = input.shape[-1]
            bound = 1 / math.sqrt(self.in_features) if self.in_features else 0
            self.weight.materialize(creation.rand(self.out_features, self.in_features) * (2 * bound) - bound)
            if self.bias is not None:
                self.bias.materialize(creation.rand(self.out_features) * (2 * bound) - bound)
            self.__class__ = Linear
        return Linear.forward(self, input)


