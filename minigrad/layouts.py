"""torch's layouts and memory formats: ``torch.strided`` (minigrad's only layout), ``torch.contiguous_format``,
``preserve_format``, ``channels_last`` and ``channels_last_3d``; ``Tensor.contiguous(memory_format=)`` and
``is_contiguous(memory_format=)``, which lay out and read channels-last strides as torch's do; and :func:`lay_out`,
which lays a new result out as a ``memory_format=`` argument asks."""

import numpy as np

from .ops._util import contiguous
from .tensor import Tensor


class _Named:
    """A torch singleton such as ``torch.strided``: printed by its torch name; Python code cannot make more."""

    __slots__ = ("_name",)

    def __new__(cls, *args, **kwargs):
        raise TypeError(f"cannot create 'torch.{cls.__name__}' instances")

    @classmethod
    def _make(cls, name):
        made = object.__new__(cls)
        made._name = name
        return made

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):
        return self._name  # pickled as the module-level name, as torch's


class layout(_Named):  # noqa: N801 - torch's name
    """Mirror ``torch.layout``: how a tensor's elements are stored; minigrad's are all ``torch.strided``."""

    __slots__ = ()


class memory_format(_Named):  # noqa: N801 - torch's name
    """Mirror ``torch.memory_format``: the order ``contiguous()`` lays elements out in."""

    __slots__ = ()


layout.__module__ = memory_format.__module__ = "minigrad"
strided = layout._make("strided")
contiguous_format = memory_format._make("contiguous_format")
preserve_format = memory_format._make("preserve_format")
channels_last = memory_format._make("channels_last")
channels_last_3d = memory_format._make("channels_last_3d")
__all__ = ["layout", "memory_format", "strided", "contiguous_format", "preserve_format", "channels_last",
            "channels_last_3d"]  # fmt: skip

Tensor.layout = property(lambda self: strided, doc="Mirror ``Tensor.layout``: always ``torch.strided``.")
_plain_contiguous = Tensor.contiguous
_CHANNELS_LAST_ORDER = {channels_last: (4, (1, 3, 2, 0)), channels_last_3d: (5, (1, 4, 3, 2, 0))}


def _memory_format(function, value):
    if not isinstance(value, memory_format):
        raise TypeError(f"{function}(): argument 'memory_format' must be torch.memory_format, not "
                        f"{type(value).__name__}")  # fmt: skip
    return value


def _is_contiguous(self, memory_format=contiguous_format):
    """Mirror ``Tensor.is_contiguous(memory_format=torch.contiguous_format)``: whether the elements lie in memory
    in that order (``torch.channels_last``: channels innermost, by the strides, as torch decides it)."""
    fmt = _memory_format("is_contiguous", memory_format)
    if fmt not in _CHANNELS_LAST_ORDER:
        return bool(self._data.flags.c_contiguous)
    rank, order = _CHANNELS_LAST_ORDER[fmt]
    if self.ndim != rank:
        return False
    expected, strides = 1, self.stride()
    for d in order:
        if self.shape[d] != 1:
            if strides[d] != expected:
                return False
            expected *= self.shape[d]
    return True


def _contiguous(self, memory_format=contiguous_format):
    """Mirror ``Tensor.contiguous(memory_format=torch.contiguous_format)``: itself if already laid out so, else a
    copy laid out so (CloneBackward0): row-major, or with the channels innermost for ``torch.channels_last`` (4-d)
    and ``torch.channels_last_3d`` (5-d), as torch's strides."""
    fmt = _memory_format("contiguous", memory_format)
    if fmt not in _CHANNELS_LAST_ORDER:
        return _plain_contiguous(self)
    rank = _CHANNELS_LAST_ORDER[fmt][0]
    if self.ndim != rank:
        raise RuntimeError(f"required rank {rank} tensor to use {fmt._name} format")
    if _is_contiguous(self, fmt):
        return self
    from .ops.elementwise import Clone

    return lay_out(Clone.apply(self, contiguous=True), fmt)


def lay_out(tensor, fmt):
    """``tensor``, a new result, with its elements laid out in memory as ``fmt`` (``torch.channels_last``: the
    channels innermost) says, as torch's ``memory_format=`` lays out what ``clone`` or ``zeros_like`` return (None:
    as it is)."""
    if fmt is None:
        return tensor
    if fmt not in _CHANNELS_LAST_ORDER:
        tensor._data = contiguous(tensor._data)  # contiguous_format (preserve: as it is, a new result)
        return tensor
    rank = _CHANNELS_LAST_ORDER[fmt][0]
    if tensor.ndim != rank:
        raise RuntimeError(f"required rank {rank} tensor to use {fmt._name} format")
    last = (0, 2, 3, 1) if rank == 4 else (0, 2, 3, 4, 1)  # channels last in memory, torch's dims in the view
    tensor._data = np.ascontiguousarray(tensor._data.transpose(last)).transpose(np.argsort(last))
    return tensor


def _keyword_only(fn, name):
    def method(self, *args, **kwargs):
        if args:
            raise TypeError(f"{name}() takes 0 positional arguments but {len(args)} was given")
        return fn(self, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__, method.__wrapped__ = fn.__doc__, fn
    return method


Tensor.contiguous = _keyword_only(_contiguous, "contiguous")
Tensor.is_contiguous = _keyword_only(_is_contiguous, "is_contiguous")
