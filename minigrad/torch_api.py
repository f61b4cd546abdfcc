"""Names PyTorch has that minigrad lacks: a learner's ``torch.kron(a, b)`` under ``import minigrad as torch`` says
that ``kron`` is PyTorch's and not minigrad's, instead of reading like a typo.

The public names of torch 2.13's modules, of ``torch.Tensor`` and of ``torch.nn.Module`` are recorded in
``torch_api.json`` (by ``tests/parity/record_api.py``). A missing attribute still raises ``AttributeError`` with
Python's own words first (``hasattr`` and ``getattr(x, name, default)`` work as before, and Python's "Did you
mean" still suggests a close name); only a name torch has gets the sentence after them.

Modules get a ``__getattr__`` (PEP 562), and ``nn.Module``'s own ``__getattr__`` (torch has one too) ends with
:func:`missing`. ``Tensor`` must not get one: a class with ``__getattr__`` loses CPython 3.11's
specialised attribute loads, and every ``t._data`` in the engine took 2.3x as long. It gets one
:class:`TorchOnly` descriptor per missing method instead, hidden from ``dir()``.
"""

import json
import sys
from functools import cache
from pathlib import Path

API_LIST = "docs/beginner_api.md"  # where the README lists what minigrad implements


@cache
def torch_names():
    """``{owner: frozenset of public names}``, owner being ``torch``, ``torch.Tensor``, ``torch.nn``..."""
    data = json.loads(Path(__file__).with_name("torch_api.json").read_text(encoding="utf-8"))
    return {owner: frozenset(names) for owner, names in data["names"].items()}


@cache
def torch_places():
    """``{"torch.nn.ReLU": "torch.nn.modules.activation.ReLU", ...}``: where torch defines the classes and Python
    functions minigrad stands in for, as torch's messages name them."""
    data = json.loads(Path(__file__).with_name("torch_api.json").read_text(encoding="utf-8"))
    return data["places"]


# torch's names that only make sense with complex numbers, for which minigrad has no dtype
_COMPLEX_NAMES = frozenset({"complex", "complex32", "complex64", "complex128", "cfloat", "cdouble", "chalf",
                            "polar", "view_as_complex", "view_as_complex_copy", "view_as_real", "view_as_real_copy"})


def no_complex(what):
    """Why ``what`` (a phrase: "it has no torch.complex") fails: minigrad has no complex dtype."""
    return f"minigrad has no complex dtype, so {what}; run this code with `import torch` to use complex numbers"


def complex_operand(number):
    """The TypeError for a complex ``number`` given to an arithmetic op, which torch would take."""
    return TypeError(no_complex(f"a tensor cannot be combined with the complex number {number!r}"))


def missing(owner, name, obj, message):
    """The AttributeError for ``name``, not found on ``obj`` (``owner`` is the torch name of what ``obj``
    stands for, such as ``torch.nn``): Python's ``message``, and, if torch has the name, that minigrad
    does not implement it (for a complex one, that minigrad has no complex dtype)."""
    if owner == "torch" and name in _COMPLEX_NAMES:
        message += ": " + no_complex(f"it has no torch.{name}")
    elif not name.startswith("_") and name in torch_names().get(owner, ()):
        message += (f": PyTorch has {owner}.{name} but minigrad does not (minigrad's API: {API_LIST}); run this"
                    " code with `import torch` to use it")  # fmt: skip
    return AttributeError(message, name=name, obj=obj)


class TorchOnly:
    """Stands on a class for a method torch has and minigrad lacks: reading it raises :func:`missing`'s error.
    It is a non-data descriptor, so ``t.kron = 1`` still sets an attribute of that tensor, as in torch."""

    __slots__ = ("owner", "name")

    def __init__(self, owner, name):
        self.owner, self.name = owner, name

    def __get__(self, obj, cls=None):
        if obj is None:
            raise missing(self.owner, self.name, cls, f"type object '{cls.__name__}' has no attribute '{self.name}'")
        message = f"'{type(obj).__name__}' object has no attribute '{self.name}'"
        raise missing(self.owner, self.name, obj, message)


def stand_in_for_missing(cls, owner):
    """Put a :class:`TorchOnly` on ``cls`` for each public name of torch's ``owner`` that ``cls`` lacks, and
    leave them out of ``dir()`` of its instances (``cls`` is made with :class:`HidesStandIns` for its own)."""
    for name in torch_names()[owner]:
        if not name.startswith("_") and not hasattr(cls, name):
            setattr(cls, name, TorchOnly(owner, name))

    def __dir__(self):
        return _visible(type(self), object.__dir__(self))

    cls.__dir__ = __dir__


class HidesStandIns(type):
    """Tensor's metaclass (torch's Tensor has one too): ``dir(Tensor)``, which IPython's tab completion reads
    beside ``dir(x)``, lists only what minigrad has, so that ``x.ta<Tab>`` does not offer ``take``."""

    def __dir__(cls):
        return _visible(cls, super().__dir__())


def _visible(cls, names):
    """``names`` without the stand-ins (a stand-in replaced later by a real method is listed again)."""
    visible = []
    for name in names:
        found = next((klass.__dict__[name] for klass in cls.__mro__ if name in klass.__dict__), None)
        if not isinstance(found, TorchOnly):
            visible.append(name)
    return visible


def module_getattr(module_name, owner):
    """A module-level ``__getattr__`` for the minigrad module ``module_name`` standing for torch's ``owner``."""

    def __getattr__(name):
        raise missing(owner, name, sys.modules[module_name], f"module '{module_name}' has no attribute '{name}'")

    return __getattr__
