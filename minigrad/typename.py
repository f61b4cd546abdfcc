"""How torch's messages name the type of a Python object, in its two ways."""

import importlib
from functools import cache


def typename(obj):
    """Mirror ``torch.typename``: a tensor's legacy type (``torch.FloatTensor``), else the dotted name of the
    object (a class or function) or of its type (``list``, ``numpy.ndarray``)."""
    from .tensor import Tensor

    if isinstance(obj, Tensor):
        return obj.type()
    named = obj if hasattr(obj, "__qualname__") else type(obj)
    place = _torch_places().get(id(named))
    if place is not None:  # minigrad's stand-in for a class or function of torch's: torch's name for it
        return place
    module = getattr(obj, "__module__", "") or ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module, qualname = type(obj).__module__ or "", type(obj).__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


def object_repr(obj):
    """Python's default printout of an object, with torch's name for the class minigrad's stands in for:
    ``<torch.utils.data.dataset.TensorDataset object at 0x...>``."""
    return f"<{typename(type(obj))} object at 0x{id(obj):x}>"


def c_type_name(obj):
    """The type name torch's C++ code writes for a Python object (``Py_TYPE(obj)->tp_name``): the bare name
    of a class defined in Python or a builtin (``float``, ``list``, ``MyClass``), the dotted name of any other
    compiled type (``numpy.ndarray``)."""
    t = type(obj)
    if t.__flags__ & _HEAP_TYPE or t.__module__ == "builtins":
        place = _torch_places().get(id(t)) if t.__module__.startswith("minigrad") else None
        return place if place in _TORCH_C_TYPES else t.__name__
    return f"{t.__module__}.{t.__name__}"


_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: the class was made by a class statement, not compiled
# torch's compiled types minigrad stands in for with classes of its own: torch's messages give their dotted names
_TORCH_C_TYPES = {"torch.dtype", "torch.device", "torch.Size", "torch.layout", "torch.memory_format",
                  "torch._C.Generator"}


@cache
def _torch_places():
    """``{id of minigrad's class or function: torch's dotted name of the one it stands for}``, from the places
    recorded in ``torch_api.json`` (``nn.ReLU`` is ``torch.nn.modules.activation.ReLU``)."""
    from .torch_api import torch_places

    places = {}
    for key, place in torch_places().items():
        owner, _, name = key.rpartition(".")
        value = vars(importlib.import_module("minigrad" + owner[len("torch"):])).get(name)
        if value is not None:
            places[id(value)] = place
            places[id(getattr(value, "__wrapped__", value))] = place  # a function also without its argument checks
    return places
