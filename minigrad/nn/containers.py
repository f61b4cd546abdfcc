"""``nn.ModuleList`` and ``nn.ModuleDict``: sub-modules held in a list or a dict, registered (so that their
parameters are the container's) under their index or key, as torch's containers are."""

import itertools
from collections import OrderedDict
from collections.abc import Iterable

from .module import Module


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
            return "ModuleList()"
        blocks, start = [], 0
        for i in range(1, len(reprs) + 1):
            if i == len(reprs) or reprs[i] != reprs[start]:
                body = reprs[start].replace("\n", "\n  ")
                label = f"({start})" if i - start == 1 else f"({start}-{i - 1}): {i - start} x"
                blocks.append(f"{label}: {body}" if i - start == 1 else f"{label} {body}")
                start = i
        return "ModuleList(\n  " + "\n  ".join(blocks) + "\n)"


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
        """Mirror ``ModuleDict.update``: from a mapping or from (name, module) pairs."""
        items = modules.items() if isinstance(modules, (dict, OrderedDict, ModuleDict)) else modules
        for key, module in items:
            self[key] = module
