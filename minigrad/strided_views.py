"""Strided views and the storage under them, as torch has them: ``as_strided`` and its family, ``set_``,
``fill_diagonal_``, the legacy ``resize``/``resize_as``, and the predicates and accessors libraries read of a dense CPU
tensor (``is_sparse``, ``is_meta``, ``dim_order``, ``is_shared`` ...)."""

import weakref

import numpy as np

from .ops.not_implemented import record_not_implemented
from .ops.views import AsStridedScatter, AsStridedView, bump_version
from .public import public
from .storage import storage_owner, strided_view
from .tensor import Tensor
from .torch_warnings import user_stacklevel

__all__ = ["as_strided", "as_strided_", "as_strided_copy", "as_strided_scatter", "empty_permuted"]


@public("as_strided")
def as_strided(input, size, stride, storage_offset=None):
    """Mirror ``torch.as_strided``: a view of ``input``'s storage with these sizes, strides and offset (``input``'s
    own offset if None), after torch's bounds checks (AsStridedBackward0)."""
    size, stride = _ints("as_strided", "size", 1, size), _ints("as_strided", "stride", 2, stride)
    return AsStridedView.apply(input, size=size, stride=stride, storage_offset=storage_offset)


def _ints(name, argument, position, value):
    """``value`` as a tuple of ints, or torch's parser's TypeError for an argument that is not a sequence of them."""
    ints = all(isinstance(n, (int, np.integer)) and not isinstance(n, bool) for n in value) if isinstance(
        value, (tuple, list)) else False
    if not ints:
        raise TypeError(f"{name}(): argument '{argument}' (position {position}) must be tuple of ints, not "
                        f"{type(value).__name__}")
    return tuple(int(n) for n in value)


@public("as_strided_")
def as_strided_(input, size, stride, storage_offset=None):
    """Mirror ``torch.as_strided_``: ``input`` itself now looks at its storage with this geometry. As in torch, a
    leaf that requires grad refuses (minigrad also refuses a non-leaf, whose history it cannot rebase this way)."""
    if input._requires_grad:
        if input.grad_fn is None:
            view = "a view of " if input._base is not None else ""
            raise RuntimeError(f"{view}a leaf Variable that requires grad is being used in an in-place operation.")
        raise RuntimeError("as_strided_ of a tensor that requires grad is not supported by minigrad; use as_strided "
                           "(out of place) instead.")
    offset = input.storage_offset() if storage_offset is None else storage_offset
    input._data = strided_view(input._data, tuple(size), tuple(stride), offset)
    return input


@public("as_strided_scatter")
def as_strided_scatter(input, src, size, stride, storage_offset=None):
    """Mirror ``torch.as_strided_scatter``: a copy of ``input`` whose elements at the positions
    ``as_strided(size, stride, storage_offset)`` reads in it are ``src``'s (AsStridedScatterBackward0)."""
    size, stride = _ints("as_strided_scatter", "size", 2, size), _ints("as_strided_scatter", "stride", 3, stride)
    return AsStridedScatter.apply(input, src, size=size, stride=stride, storage_offset=storage_offset)


def as_strided_copy(input, size, stride, storage_offset=None):
    """Mirror ``torch.as_strided_copy``: ``as_strided`` followed by a copy (AsStridedBackward0_copy)."""
    from .view_copies import copy_of_view

    return copy_of_view(as_strided(input, size, stride, storage_offset))


def empty_permuted(size, physical_layout, *, dtype=None, device=None, requires_grad=False, layout=None,
                   pin_memory=None):
    """Mirror ``torch.empty_permuted``: a tensor of shape ``size`` whose dims lie in memory in the order
    ``physical_layout`` gives, outermost first (filled with zeros, so output is repeatable)."""
    from .creation import empty

    size, order = tuple(size), tuple(physical_layout)
    if sorted(order) != list(range(len(size))):
        raise RuntimeError(f"Dimension out of range: physical_layout {list(order)} for {len(size)} dims")
    laid = empty(*(size[d] for d in order), dtype=dtype, device=device, requires_grad=False, layout=layout,
                 pin_memory=pin_memory)
    result = laid.permute(*np.argsort(order).tolist()).detach()
    return result.requires_grad_(requires_grad)


def _new_empty_strided(self, size, stride, *, dtype=None, device=None, requires_grad=False, layout=None,
                       pin_memory=None):
    """Mirror ``Tensor.new_empty_strided``: ``torch.empty_strided`` with this tensor's dtype unless told."""
    from . import empty_strided  # torch.empty_strided, which takes layout and pin_memory

    return empty_strided(size, stride, dtype=self.dtype if dtype is None else dtype, device=device,
                         requires_grad=requires_grad, layout=layout, pin_memory=pin_memory)


def _set_(self, source=None, storage_offset=0, size=None, stride=None):
    """Mirror ``Tensor.set_``: this tensor now looks at ``source``'s memory (a tensor, a storage), or at none
    (no argument). Its version counts one change; a leaf that requires grad refuses, as in torch, and a non-leaf
    gets torch's NotImplemented node."""
    from .typed_storage import TypedStorage

    if self._requires_grad and self.grad_fn is None:
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
    if source is None:
        array = np.zeros(0, self._data.dtype)
    elif isinstance(source, Tensor):
        if source._data.dtype != self._data.dtype:
            raise RuntimeError(f"Could not set tensor of type {_c_name(source)} to a tensor of type {_c_name(self)}")
        array = source._data if size is None else _on_storage(source._data, storage_offset, size, stride)
    else:
        array = source._array if isinstance(source, TypedStorage) else source._array
        array = array.reshape(-1, order="A").view(np.uint8)
        if not isinstance(source, TypedStorage) or source.dtype is not self.dtype:
            array = array[: array.size // self._data.itemsize * self._data.itemsize]
        array = array.view(self._data.dtype)
        if size is not None:
            array = _on_storage(array, storage_offset, size, stride)
    self._data = array
    bump_version(self)
    if self._requires_grad:
        record_not_implemented(self, [self], "set_")
    return self


def _on_storage(array, offset, size, stride):
    """The view of ``array``'s storage ``set_(storage, offset, size, stride)`` makes (contiguous strides if None)."""
    size = tuple(size)
    if stride is None:
        stride, step = [], 1
        for n in reversed(size):
            stride.insert(0, step)
            step *= max(n, 1)
    return strided_view(array, size, tuple(stride), offset)


def _c_name(t):
    """The C++ name torch's set_ error gives a tensor's dtype: ``float``, ``long int``."""
    return {"float32": "float", "float64": "double", "int64": "long int", "int32": "int", "int16": "short int",
            "int8": "signed char", "uint8": "unsigned char", "bool": "bool", "float16": "c10::Half"}.get(
        t._data.dtype.name, t._data.dtype.name)


def _is_set_to(self, tensor):
    """Mirror ``Tensor.is_set_to``: the same storage, offset, sizes and strides."""
    return (storage_owner(self._data) is storage_owner(tensor._data) and self.data_ptr() == tensor.data_ptr()
            and self.shape == tensor.shape and self.stride() == tensor.stride())


def _fill_diagonal_(self, fill_value, wrap=False):
    """Mirror ``Tensor.fill_diagonal_``: the main diagonal (every dim's index equal) set to ``fill_value``; with
    ``wrap``, a tall matrix's diagonal starts again every ``width + 1`` rows. Written through an ``as_strided`` view,
    as torch does, so the autograd record is torch's (CopySlices)."""
    if self.ndim < 2:
        raise RuntimeError("dimensions must larger than 1")
    height, width = self.shape[0], self.shape[1]
    if self.ndim > 2 and any(n != height for n in self.shape):
        raise RuntimeError("all dimensions of input must be of equal length")
    offset, stride = self.storage_offset(), sum(self.stride())
    self.as_strided((min(height, width),), (stride,), offset).fill_(fill_value)
    if wrap and self.ndim == 2 and height > width + 1:
        step = width + 1
        wrap_size = (self.numel() + step - 1) // step - min(height, width)
        if wrap_size > 0:
            self.as_strided((wrap_size,), (stride,), offset + self.stride(0) * step).fill_(fill_value)
    return self


def _resized(self, name, shape):
    """``Tensor.resize``/``resize_as``: torch's deprecated out-of-place resize, which is autograd's ``Resize``: only
    a reshape that keeps the number of elements (a view when it can be one)."""
    import warnings

    warnings.warn(f"non-inplace {name} is deprecated", UserWarning, stacklevel=user_stacklevel())
    count = int(np.prod(shape))
    if count != self.numel():
        raise RuntimeError(f"requested resize to {'x'.join(map(str, shape))} ({count} elements in total), "
                           f"but the given tensor has a size of {'x'.join(map(str, self.shape))} ({self.numel()} "
                           "elements). "
                           "autograd's resize can only change the shape of a given tensor, while preserving the "
                           "number of elements. ")
    return self.reshape(shape)


def _resize(self, *sizes):
    """Mirror ``Tensor.resize``: deprecated; a reshape that keeps the number of elements."""
    return _resized(self, "resize", _sizes_of(sizes))


def _resize_as(self, tensor):
    """Mirror ``Tensor.resize_as``: deprecated; a reshape to ``tensor``'s shape that keeps the number of elements."""
    return _resized(self, "resize_as", tuple(tensor.shape))


def _sizes_of(args):
    return tuple(args[0]) if len(args) == 1 and isinstance(args[0], (tuple, list)) else tuple(args)


_SHARED = []  # weak references to the storages share_memory_ was called on (minigrad's memory is the process's own)


def _share_memory_(self):
    """Mirror ``Tensor.share_memory_``: marks the storage shared (``is_shared()`` then says so); the memory itself is
    the process's, as minigrad has no worker processes to share it with."""
    if not _is_shared(self):
        _SHARED.append(weakref.ref(storage_owner(self._data)))
    return self


def _is_shared(self):
    """Mirror ``Tensor.is_shared()``: whether ``share_memory_`` was called on its storage."""
    owner = storage_owner(self._data)
    return any(ref() is owner for ref in _SHARED)


for _name in ("is_sparse", "is_sparse_csr", "is_meta", "is_quantized", "is_nested", "is_mkldnn", "is_xla", "is_mps",
              "is_xpu", "is_ipu", "is_maia", "is_mtia", "is_vulkan"):
    setattr(Tensor, _name, property(lambda self: False, doc=f"Mirror ``Tensor.{_name}``: False, a dense CPU tensor."))

Tensor.new_empty_strided = _new_empty_strided
Tensor.set_, Tensor.is_set_to, Tensor.fill_diagonal_ = _set_, _is_set_to, _fill_diagonal_
Tensor.resize, Tensor.resize_as = _resize, _resize_as
Tensor.share_memory_ = _share_memory_
Tensor.is_shared = _is_shared
Tensor.is_pinned = lambda self, device=None: False
Tensor.is_pinned.__doc__ = "Mirror ``Tensor.is_pinned()``: False, a CPU tensor's memory is never pinned here."
Tensor.const_data_ptr = lambda self: self.data_ptr()
Tensor.const_data_ptr.__doc__ = "Mirror ``Tensor.const_data_ptr()``: the same address as ``data_ptr()``."
Tensor.to_dense = lambda self, dtype=None, *, masked_grad=None: self if dtype is None else self.to(dtype)
Tensor.to_dense.__doc__ = "Mirror ``Tensor.to_dense()``: a dense tensor is its own dense form."
Tensor.grad_dtype = property(lambda self: self.dtype, doc="Mirror ``Tensor.grad_dtype``: its gradient's, its own.")


def _dim_order(self, *, ambiguity_check=False):
    """Mirror ``Tensor.dim_order()``: the dims from the outermost in memory to the innermost (by stride, stable)."""
    strides = self.stride()
    return tuple(sorted(range(self.ndim), key=lambda d: -strides[d]))


def _pin_memory(self, device=None):
    """Mirror ``Tensor.pin_memory()``: torch's error on a machine without an accelerator."""
    raise RuntimeError("Cannot access accelerator device when none is available.")


def _as_subclass(self, cls):
    """Mirror ``Tensor.as_subclass(cls)``: the same tensor (storage, history) as an instance of ``cls``, a subclass
    of Tensor."""
    if not (isinstance(cls, type) and issubclass(cls, Tensor)):
        raise TypeError("Creating a Tensor subclass from a class that does not inherit from Tensor is not possible. "
                        "Make sure your class inherits from Tensor.")
    alias = self._alias_as(cls) if hasattr(self, "_alias_as") else None
    if alias is None:
        alias = object.__new__(cls)
        alias.__dict__.update(self.__dict__)
        alias._data, alias._requires_grad, alias.grad_fn, alias._vc = (self._data, self._requires_grad, self.grad_fn,
                                                                       self._vc)
    return alias


Tensor.dim_order, Tensor.pin_memory, Tensor.as_subclass = _dim_order, _pin_memory, _as_subclass
