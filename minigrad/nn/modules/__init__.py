"""The layers the lessons use: Linear, Sequential, ReLU, Tanh and Sigmoid; as ``torch.nn.modules``, also the package
of the submodules where torch defines its layers (``torch.nn.modules.module``, ``.loss``, ``.conv``, ...), each
loaded when first named, as torch's are there once torch is imported."""

import importlib
import math
import operator
from collections import OrderedDict

from ... import creation
from .. import functional as F
from .. import init
from ..module import Module
from ..parameter import Parameter


class Linear(Module):
    """Mirror ``torch.nn.Linear``: y = x @ W.T + b, initialised uniform(-1/sqrt(in), 1/sqrt(in)).

    The forward records one AddmmBackward0 node for 2-D inputs, as torch does.
    """

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        # as torch: the parameters first (an integer dtype, a negative size are refused there), then their values
        self.weight = Parameter(creation.empty((out_features, in_features), device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(creation.empty(out_features, device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """Mirror ``torch.nn.Linear.reset_parameters`` (which the constructor calls, so a subclass's override runs
        there): the weight ``kaiming_uniform_(a=sqrt(5))``, then the bias uniform in ±1/sqrt(in_features), drawn in
        place in that order."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


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

    def _key(self, idx):
        """The key of the ``idx``-th module, with torch's IndexError."""
        n = len(self)
        idx = operator.index(idx)
        if not -n <= idx < n:
            raise IndexError(f"index {idx} is out of range")
        return list(self._modules)[idx % n]

    def __getitem__(self, idx):
        if isinstance(idx, slice):  # the modules keep their keys, as in torch
            return self.__class__(OrderedDict(list(self._modules.items())[idx]))
        return self._modules[self._key(idx)]

    def __setitem__(self, idx, module):
        setattr(self, self._key(idx), module)

    def __delitem__(self, idx):
        for key in list(self._modules)[idx] if isinstance(idx, slice) else [self._key(idx)]:
            delattr(self, key)
        self._modules = OrderedDict(zip(map(str, range(len(self._modules))), self._modules.values()))  # renumbered

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __add__(self, other):
        if not isinstance(other, Sequential):
            raise ValueError(f"add operator supports only objects of Sequential class, but {type(other)} is given.")
        return Sequential().extend(self).extend(other)

    def __iadd__(self, other):
        if not isinstance(other, Sequential):
            raise ValueError(f"add operator supports only objects of Sequential class, but {type(other)} is given.")
        offset = len(self)
        for i, module in enumerate(other):
            self.add_module(str(i + offset), module)
        return self

    def __mul__(self, other):
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
        if other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")
        return Sequential(*(list(self) * other))

    __rmul__ = __mul__

    def pop(self, key):
        """Mirror ``Sequential.pop``: remove and return the module at ``key``."""
        module = self[key]
        del self[key]
        return module

    def append(self, module):
        """Mirror ``Sequential.append``."""
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index, module):
        """Mirror ``Sequential.insert``: the modules from ``index`` on move one place up."""
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {Module}")
        n = len(self._modules)
        if not -n <= index <= n:
            raise IndexError(f"Index out of range: {index}")
        index += n if index < 0 else 0
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential):
        """Mirror ``Sequential.extend``: append each module of ``sequential``."""
        for layer in sequential:
            self.append(layer)
        return self


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


_SUBMODULES = ("activation", "batchnorm", "container", "conv", "dropout", "linear", "loss", "module", "utils")


def __getattr__(name):
    if name in _SUBMODULES:  # not imported above: they import the layers of minigrad.nn, which imports this package
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module '{__name__}' has no attribute '{name}'")
