"""torch's legacy tensor types: ``torch.FloatTensor``, ``torch.LongTensor`` and the rest, one per dtype, as older
tutorials use them: ``torch.FloatTensor([1, 2])`` makes a tensor of that dtype, ``torch.LongTensor(2, 3)`` one of that
shape, ``isinstance(x, torch.FloatTensor)`` asks for a float32 tensor, and ``x.type(torch.DoubleTensor)`` converts.
As in torch, they are not subclasses of ``torch.Tensor``: what they make is a plain Tensor. Exported as
``minigrad.<name>`` by this module's ``__all__``."""

import numpy as np

from . import dtypes
from .arguments import invalid_arguments, is_int
from .device import device
from .ops.shape import Alias
from .size import Size
from .tensor import Tensor

_NEW = (
    "*, torch.device device = None", "torch.Storage storage", "Tensor other",
    "tuple of ints size, *, torch.device device = None", "object data, *, torch.device device = None",
)


def _options(d):
    return (f"TensorOptions(dtype={d.c_name}, device=cpu, layout=Strided, requires_grad=false (default), "
            "pinned_memory=false (default), memory_format=(nullopt))")  # fmt: skip


class LegacyType(type):
    """The type of ``torch.FloatTensor`` and its kind: calling one makes a tensor of its dtype, ``isinstance`` asks
    for a tensor of that dtype, and it prints as torch's class."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj.dtype is cls.dtype

    def __repr__(cls):
        return f"<class 'torch.{cls.__name__}'>"

    def __call__(cls, *args, **kwargs):
        """Mirror torch's legacy constructor ``new()`` for this dtype (see :func:`legacy_new`)."""
        return legacy_new(cls.dtype, args, kwargs)


def legacy_new(dtype, args, kwargs):
    """Mirror torch's legacy constructor ``new()``, behind ``torch.Tensor(...)`` (``dtype`` None: the default dtype,
    and a tensor keeps its own) and ``torch.FloatTensor(...)`` and the rest: no argument (an empty tensor), sizes (a
    tensor of that shape, zeros where torch leaves the memory as it was; positionally, or a sequence as ``size=``), a
    tensor (``other``: an alias of it, AliasBackward0 when it requires grad, of its own dtype, which a typed
    constructor must have), or data (``data``: a copy in the dtype, a numpy array of that dtype shared, as torch's
    ``legacy_new_from_sequence`` does); ``device=`` only the CPU, and not with a tensor."""
    from .creation import zeros

    named = [k for k in kwargs if k != "device"]  # besides device=, one argument may be given by its name
    name = named[0] if len(named) == 1 and not args else None
    fits = {"size": lambda v: isinstance(v, (tuple, list)), "data": lambda v: True,
            "other": lambda v: isinstance(v, Tensor) and "device" not in kwargs}  # fmt: skip
    if named and not (name in fits and fits[name](kwargs[name])):
        raise invalid_arguments("new", args, _NEW, kwargs)
    where = kwargs.get("device")
    if where is not None and device(where).type != "cpu":
        raise RuntimeError(f"legacy constructor expects device type: cpu but device type: {device(where).type} was "
                           "passed")  # fmt: skip
    made = dtypes.get_default_dtype() if dtype is None else dtype
    if name == "size":
        return zeros(_sizes(kwargs["size"]), dtype=made)
    if name == "data":
        return _from_data(kwargs["data"], made)
    if name == "other":
        args = (kwargs["other"],)
    if not args:
        return zeros(0, dtype=made)
    if all(is_int(a) and not isinstance(a, Tensor) for a in args) or (len(args) == 1 and isinstance(args[0], Size)):
        return zeros(_sizes(tuple(args[0]) if isinstance(args[0], Size) else args), dtype=made)
    if len(args) > 1:
        if is_int(args[0]) and not isinstance(args[0], Tensor):
            raise TypeError(f"new(): argument 'size' failed to unpack the object at pos {len(args)} with error "
                            f'"type must be tuple of ints,but got {type(args[-1]).__name__}"')  # fmt: skip
        raise invalid_arguments("new", args, _NEW, kwargs)
    if isinstance(args[0], Tensor):
        data = args[0]
        if "device" in kwargs:
            raise RuntimeError("Legacy tensor constructor of the form torch.Tensor(tensor, device=device) is not "
                               "supported.  Use torch.tensor(...) or torch.as_tensor(...) instead.")  # fmt: skip
        if dtype is not None and data.dtype is not dtype:
            raise TypeError(f"expected {_options(dtype)} (got {_options(data.dtype)})")
        return Alias.apply(data, shape=tuple(data.shape))
    return _from_data(args[0], made)


def _from_data(data, dtype):
    """The legacy constructor's ``object data``: a sequence or an array, not a tensor or a number."""
    from .creation import as_tensor, tensor

    if isinstance(data, str):
        raise TypeError("new(): invalid data type 'str'")
    if isinstance(data, Tensor) or not isinstance(data, (list, tuple, np.ndarray)) and not hasattr(data, "__len__"):
        raise TypeError(f"new(): data must be a sequence (got {type(data).__name__})")
    if isinstance(data, np.ndarray):
        return as_tensor(data, dtype=dtype)
    return tensor(data, dtype=dtype)


def _sizes(sizes):
    """``sizes`` as ints, with torch's error for a negative one."""
    sizes = tuple(int(a) for a in sizes)
    negative = [n for n in sizes if n < 0]
    if negative:
        raise RuntimeError(f"Trying to create tensor with negative dimension {negative[0]}: {list(sizes)}")
    return sizes


def _legacy(d):
    return LegacyType(d.legacy, (), {"dtype": d, "__module__": "torch", "__doc__": f"torch.{d.legacy}: {d.name}."})


FloatTensor, DoubleTensor, HalfTensor = (_legacy(d) for d in (dtypes.float32, dtypes.float64, dtypes.float16))
ByteTensor, CharTensor, ShortTensor = (_legacy(d) for d in (dtypes.uint8, dtypes.int8, dtypes.int16))
IntTensor, LongTensor, BoolTensor = (_legacy(d) for d in (dtypes.int32, dtypes.int64, dtypes.bool_))

__all__ = ["BoolTensor", "ByteTensor", "CharTensor", "DoubleTensor", "FloatTensor", "HalfTensor", "IntTensor",
           "LongTensor", "ShortTensor"]  # fmt: skip
