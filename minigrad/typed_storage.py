"""``Tensor.storage()``: torch's deprecated ``TypedStorage``, the tensor's memory read as elements of its dtype."""

import warnings

from .storage import storage_bytes, storage_owner
from .tensor import Tensor, UntypedStorage
from .torch_warnings import user_stacklevel

__all__ = ["TypedStorage", "is_storage"]

_DEPRECATED = ("TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only "
               "storage class. This should only matter to you if you are using storages directly.  To access "
               "UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()")
_warned = False


def _warn_removal():
    """torch's deprecation warning, given the first time a process uses a TypedStorage (``_warn_typed_storage_removal``:
    once per process, even if the warning was filtered out then)."""
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(_DEPRECATED, UserWarning, stacklevel=user_stacklevel())


class TypedStorage:
    """Mirror ``torch.storage.TypedStorage`` as ``Tensor.storage()`` gives it: the memory of the numpy array owning
    the tensor's data, as elements of the tensor's dtype."""

    __module__ = "torch.storage"
    is_sparse = False

    def __init__(self, tensor):
        self._array = storage_owner(tensor._data)
        self.dtype = tensor.dtype

    def _elements(self):
        return storage_bytes(self._array)[: self._size() * self.dtype.itemsize].view(self.dtype.np)

    def _size(self):
        return self._array.nbytes // self.dtype.itemsize

    @property
    def device(self):
        """Mirror ``TypedStorage.device``: the CPU."""
        from .device import device

        return device("cpu")

    def size(self):
        """Mirror ``TypedStorage.size()``: how many elements it holds."""
        _warn_removal()
        return self._size()

    def __len__(self):
        _warn_removal()
        return self._size()

    def element_size(self):
        """Mirror ``TypedStorage.element_size()``: bytes per element."""
        _warn_removal()
        return self.dtype.itemsize

    def nbytes(self):
        """Mirror ``TypedStorage.nbytes()``."""
        _warn_removal()
        return self._size() * self.dtype.itemsize

    def data_ptr(self):
        """Mirror ``TypedStorage.data_ptr()``: the address of its first element."""
        _warn_removal()
        return self._array.__array_interface__["data"][0]

    def untyped(self):
        """Mirror ``TypedStorage.untyped()``: the same memory as bytes."""
        _warn_removal()
        return UntypedStorage(self._array)

    def _index(self, idx):
        if isinstance(idx, slice):
            raise RuntimeError("slices are only supported in UntypedStorage.__getitem__")
        if type(idx) is not int:
            raise RuntimeError(f"can't index a {type(self)} with {type(idx)}")
        n = self._size()
        if idx >= n or idx < -n:
            raise IndexError(f"index {idx} out of range for storage of size {n}")
        return idx % n

    def __getitem__(self, idx):
        _warn_removal()
        return self._elements()[self._index(idx)].item()

    def __setitem__(self, idx, value):
        _warn_removal()
        self._elements()[self._index(idx)] = value

    def tolist(self):
        """Mirror ``TypedStorage.tolist()``: its elements as Python numbers."""
        _warn_removal()
        return self._elements().tolist()

    def __iter__(self):
        _warn_removal()
        return iter(self._elements().tolist())

    def __str__(self):
        _warn_removal()
        info = f"[torch.storage.TypedStorage(dtype={self.dtype}, device=cpu) of size {self._size()}]"
        return " " + "\n ".join(str(v) for v in self._elements().tolist()) + "\n" + info

    __repr__ = __str__


def is_storage(obj):
    """Mirror ``torch.is_storage``: whether ``obj`` is a storage (typed or untyped)."""
    return isinstance(obj, (TypedStorage, UntypedStorage))


def _storage(self):
    """Mirror ``Tensor.storage()``: its memory as a TypedStorage (torch's deprecation warning, once a process)."""
    _warn_removal()
    return TypedStorage(self)


_STORAGE_TYPES = {}


def _storage_type(self):
    """Mirror ``Tensor.storage_type()``: the legacy storage class of its dtype (``torch.FloatStorage``)."""
    name = self.dtype.legacy_storage_name if hasattr(self.dtype, "legacy_storage_name") else _legacy_name(self.dtype)
    if name not in _STORAGE_TYPES:
        _STORAGE_TYPES[name] = type(name, (TypedStorage,), {"__module__": "torch", "__qualname__": name})
    return _STORAGE_TYPES[name]


def _legacy_name(dtype):
    return {"float32": "FloatStorage", "float64": "DoubleStorage", "float16": "HalfStorage", "int64": "LongStorage",
            "int32": "IntStorage", "int16": "ShortStorage", "int8": "CharStorage", "uint8": "ByteStorage",
            "bool": "BoolStorage", "bfloat16": "BFloat16Storage"}.get(dtype.np.name, "TypedStorage")


Tensor.storage, Tensor.storage_type = _storage, _storage_type
