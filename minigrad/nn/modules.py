"""The layers the lessons use: Linear, Sequential, ReLU, Tanh and Sigmoid."""

import math
from collections import OrderedDict

from .. import creation
from . import functional as F
from .module import Module
from .parameter import Parameter


class Linear(Module):
    """Mirror ``torch.nn.Linear``: y = x @ W.T + b, initialised uniform(-1/sqrt(in), 1/sqrt(in)).

    The forward records one AddmmBackward0 node for 2-D inputs, as torch does.
    """

    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        bound = 1 / math.sqrt(in_features) if in_features else 0
        self.weight = Parameter(_uniform((out_features, in_features), bound))
        if bias:
            self.bias = Parameter(_uniform((out_features,), bound))
        else:
            self.register_parameter("bias", None)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


def _uniform(shape, bound):
    """Values drawn from U(-bound, bound) in ``shape``, whose sizes are checked as torch's ``empty()`` checks
    the sizes of a new layer's weights."""
    shape = creation.empty(shape).shape
    return creation.rand(*shape) * (2 * bound) - bound


class Sequential(Module):
    """Mirror ``torch.nn.Sequential``: apply the modules in order."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, m in args[0].items():
                self.add_module(name, m)
        else:
            for i, m in enumerate(args):
                self.add_module(str(i), m)

    def forward(self, input):
        out = input
        for m in self._modules.values():
            out = m(out)
        return out

    def __getitem__(self, i):
        mods = list(self._modules.values())
        if isinstance(i, slice):
            return Sequential(*mods[i])
        return mods[i]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())


class ReLU(Module):
    """Mirror ``torch.nn.ReLU(inplace=False)``; ``inplace=True`` overwrites its input."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Tanh(Module):
    """Mirror ``torch.nn.Tanh``."""

    def forward(self, input):
        return F.tanh(input)


class Sigmoid(Module):
    """Mirror ``torch.nn.Sigmoid``."""

    def forward(self, input):
        return F.sigmoid(input)
