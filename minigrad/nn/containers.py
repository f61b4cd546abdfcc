"""``nn.ModuleList`` and ``nn.ModuleDict``: sub-modules held in a list or a dict, registered (so that their
parameters are the container's) under their index or key, as torch's containers are; ``nn.ParameterList`` and
``nn.ParameterDict``: parameters held the same way (a plain tensor put in one becomes a Parameter)."""

import itertools
import operator
from collections import OrderedDict
from collections.abc import Iterable, Mapping

from ..tensor import Tensor
from ..typename import typename
from .module import Module
from .parameter import Parameter


class ModuleList(Module):
    """Mirror ``torch.nn.ModuleList``: a list of modules, registered as ``"0"``, ``"1"``, ...; it has no
    ``forward`` of its own."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def _index(self, idx):
        n = len(self)
        if not -n <= idx < n:
            raise IndexError(f"index {idx} is out of range")
        return str(idx % n)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(list(self._modules.values())[idx])
        return self._modules[self._index(idx)]

    def __setitem__(self, idx, module):
        self.add_module(self._index(idx), module)

    def __delitem__(self, idx):
        keys = list(self._modules)
        for k in keys[idx] if isinstance(idx, slice) else [keys[int(self._index(idx))]]:
            del self._modules[k]
        modules = list(self._modules.values())
        self._modules.clear()
        for i, m in enumerate(modules):  # torch renumbers what is left
            self._modules[str(i)] = m

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __add__(self, other):
        """Mirror ``ModuleList.__add__``: a new ModuleList of this one's modules, then those of ``other``."""
        combined = ModuleList()
        for i, module in enumerate(itertools.chain(self, other)):
            combined.add_module(str(i), module)
        return combined

    def __iadd__(self, modules):
        return self.extend(modules)

    def append(self, module):
        """Mirror ``ModuleList.append``."""
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        """Mirror ``ModuleList.extend``: append each module of an iterable."""
        if not isinstance(modules, Iterable):
            raise TypeError(f"ModuleList.extend should be called with an iterable, but got {type(modules).__name__}")
        for m in modules:
            self.append(m)
        return self

    def insert(self, index, module):
        """Mirror ``ModuleList.insert``."""
        modules = list(self._modules.values())
        modules.insert(index, module)
        self._modules.clear()
        for m in modules:
            self.append(m)

    def pop(self, key):
        """Mirror ``ModuleList.pop``."""
        v = self[key]
        del self[key]
        return v

    def __repr__(self):
        """torch's repr, which writes a run of identical modules once: ``(0-1): 2 x Linear(...)``."""
        reprs = [repr(m) for m in self]
        if not reprs:
            return self._get_name() + "()"
        blocks, start = [], 0
        for i in range(1, len(reprs) + 1):
            if i == len(reprs) or reprs[i] != reprs[start]:
                body = reprs[start].replace("\n", "\n  ")
                label = f"({start})" if i - start == 1 else f"({start}-{i - 1}): {i - start} x"
                blocks.append(f"{label}: {body}" if i - start == 1 else f"{label} {body}")
                start = i
        return self._get_name() + "(\n  " + "\n  ".join(blocks) + "\n)"


class ModuleDict(Module):
    """Mirror ``torch.nn.ModuleDict``: modules by name, in insertion order; it has no ``forward`` of its own."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def keys(self):
        """Mirror ``ModuleDict.keys``."""
        return self._modules.keys()

    def items(self):
        """Mirror ``ModuleDict.items``."""
        return self._modules.items()

    def values(self):
        """Mirror ``ModuleDict.values``."""
        return self._modules.values()

    def pop(self, key):
        """Mirror ``ModuleDict.pop``."""
        v = self[key]
        del self[key]
        return v

    def clear(self):
        """Mirror ``ModuleDict.clear``."""
        self._modules.clear()

    def update(self, modules):
        """Mirror ``ModuleDict.update``: from a mapping (in its order) or from (name, module) pairs, with torch's
        errors."""
        if not isinstance(modules, Iterable):
            raise TypeError("ModuleDict.update should be called with an iterable of key/value pairs, but got "
                            f"{type(modules).__name__}")
        if isinstance(modules, (Mapping, ModuleDict)):
            for key, module in modules.items():
                self[key] = module
        else:
            for key, module in _checked_pairs("ModuleDict", modules):
                self[key] = module


def _checked_pairs(owner, pairs):
    """The (key, value) pairs of a container's ``update`` from a sequence, with torch's errors for an element
    that is not a pair."""
    for j, pair in enumerate(pairs):
        if not isinstance(pair, Iterable):
            raise TypeError(f"{owner} update sequence element #{j} should be Iterable; is{type(pair).__name__}")
        if len(pair) != 2:
            raise ValueError(f"{owner} update sequence element #{j} has length {len(pair)}; 2 is required")
        yield pair[0], pair[1]


def _parameter_lines(items, kind_of):
    """torch's ``extra_repr`` of a parameter container: one line per entry, a tensor by ``kind_of(tensor)`` (its
    dtype in a ParameterList, its type name in a ParameterDict, as torch has them) and its size."""
    lines = []
    for key, p in items:
        if isinstance(p, Tensor):
            kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
            size = "x".join(str(n) for n in p.shape)
            lines.append(f"  ({key}): {kind} containing: [{kind_of(p)} of size {size}]")
        else:
            lines.append(f"  ({key}): Object of type: {type(p).__name__}")
    return "\n".join(lines)


def _as_parameter(value):
    return Parameter(value) if isinstance(value, Tensor) and not isinstance(value, Parameter) else value


class ParameterList(Module):
    """Mirror ``torch.nn.ParameterList(values=None)``: a list whose tensors are registered parameters (``"0"``,
    ``"1"``, ...); a plain tensor put in it becomes a Parameter."""

    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def _index(self, idx):
        idx = operator.index(idx)
        if not -len(self) <= idx < len(self):
            raise IndexError(f"index {idx} is out of range")
        return str(idx + len(self) if idx < 0 else idx)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            out = type(self)()
            for i in range(*idx.indices(len(self))):
                out.append(self[i])
            return out
        return getattr(self, self._index(idx))

    def __setitem__(self, idx, param):
        setattr(self, self._index(idx), _as_parameter(param))

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter(self[i] for i in range(len(self)))

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def __dir__(self):
        return [key for key in super().__dir__() if not key.isdigit()]

    def append(self, value):
        """Mirror ``ParameterList.append``."""
        index = len(self)
        self._size += 1
        self[index] = value
        return self

    def extend(self, values):
        """Mirror ``ParameterList.extend``: each value appended; torch's TypeError for what is not iterable."""
        if not isinstance(values, Iterable) or isinstance(values, Tensor):
            raise TypeError(f"ParameterList.extend should be called with an iterable, but got {type(values).__name__}")
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        return _parameter_lines(enumerate(self), lambda p: p.dtype)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("ParameterList should not be called.")


class ParameterDict(Module):
    """Mirror ``torch.nn.ParameterDict(parameters=None)``: an ordered dict (string keys) whose tensors are registered
    parameters; a plain tensor put in it becomes a Parameter."""

    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    @staticmethod
    def _attr(key):
        if not isinstance(key, str):
            raise TypeError(
                "Index given to ParameterDict cannot be used as a key as it is not a string (type is "
                f"'{type(key).__name__}'). Open an issue on github if you need non-string keys."
            )
        return key

    def __getitem__(self, key):
        return getattr(self, self._attr(key))

    def __setitem__(self, key, value):
        self._keys[key] = None
        setattr(self, self._attr(key), _as_parameter(value))

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, self._attr(key))

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __reversed__(self):
        return reversed(self._keys)

    def __contains__(self, key):
        return key in self._keys

    def copy(self):
        """Mirror ``ParameterDict.copy``."""
        return ParameterDict(OrderedDict((k, self[k]) for k in self._keys))

    def setdefault(self, key, default=None):
        """Mirror ``ParameterDict.setdefault``."""
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        """Mirror ``ParameterDict.clear``."""
        for k in self._keys.copy():
            del self[k]

    def pop(self, key):
        """Mirror ``ParameterDict.pop``."""
        value = self[key]
        del self[key]
        return value

    def popitem(self):
        """Mirror ``ParameterDict.popitem``: the last entry."""
        k, _ = self._keys.popitem()
        self._keys[k] = None
        value = self[k]
        del self[k]
        return k, value

    def get(self, key, default=None):
        """Mirror ``ParameterDict.get``."""
        return self[key] if key in self else default

    def fromkeys(self, keys, default=None):
        """Mirror ``ParameterDict.fromkeys``."""
        return ParameterDict((k, default) for k in keys)

    def keys(self):
        """Mirror ``ParameterDict.keys``."""
        return self._keys.keys()

    def items(self):
        """Mirror ``ParameterDict.items``."""
        return ((k, self[k]) for k in self._keys)

    def values(self):
        """Mirror ``ParameterDict.values``."""
        return (self[k] for k in self._keys)

    def update(self, parameters):
        """Mirror ``ParameterDict.update``: from a mapping (a plain dict in sorted key order, as torch), a
        ParameterDict or an iterable of pairs, with torch's errors."""
        if not isinstance(parameters, Iterable):
            raise TypeError("ParametersDict.update should be called with an iterable of key/value pairs, but got "
                            f"{type(parameters).__name__}")
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            for key, parameter in parameters.items():
                self[key] = parameter
        elif isinstance(parameters, Mapping):
            for key, parameter in sorted(parameters.items()):
                self[key] = parameter
        else:
            for key, parameter in _checked_pairs("ParameterDict", parameters):
                self[key] = parameter

    def extra_repr(self):
        return _parameter_lines(self.items(), typename)

    def __call__(self, input):
        raise RuntimeError("ParameterDict should not be called.")

    def __or__(self, other):
        copy = self.copy()
        copy.update(other)
        return copy

    def __ror__(self, other):
        copy = other.copy()
        copy.update(self)
        return copy

    def __ior__(self, other):
        self.update(other)
        return self
