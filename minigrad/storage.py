"""Which numpy array owns a tensor's memory: the array torch would call the tensor's storage."""

import numpy as np


def storage_owner(array):
    """The array whose memory ``array`` views, through numpy's views and through the stand-in that
    ``as_strided`` and ``broadcast_to`` put between a view and its base; ``array`` itself if it owns its memory."""
    while True:
        base = array.base
        if not isinstance(base, np.ndarray):
            base = getattr(base, "base", None)  # as_strided's DummyArray keeps the real base
            if not isinstance(base, np.ndarray):
                return array
        array = base


def storage_bytes(array):
    """The bytes of ``array``'s storage, 1-d: those of the array owning its memory, in memory order."""
    owner = storage_owner(array)
    return owner.reshape(-1, order="A").view(np.uint8)


def check_in_bounds(sizes, strides, offset, itemsize, nbytes):
    """torch's checks of a geometry (``setStrided``) against a storage of ``nbytes`` bytes, with its messages."""
    if len(sizes) != len(strides):
        raise RuntimeError("mismatch in length of strides and shape")
    if any(s < 0 for s in strides):
        raise RuntimeError(f"as_strided: Negative strides are not supported at the moment, got strides: "
                           f"{list(strides)}")
    if any(n < 0 for n in sizes):
        raise RuntimeError(f"Storage size calculation overflowed with sizes={list(sizes)} and strides={list(strides)}")
    if 0 not in sizes:
        need = itemsize * (offset + 1 + sum((n - 1) * s for n, s in zip(sizes, strides)))
        if need > nbytes:
            raise RuntimeError(f"setStorage: sizes {list(sizes)}, strides {list(strides)}, storage offset {offset}, "
                               f"and itemsize {itemsize} requiring a storage size of {need} are out of bounds for "
                               f"storage of size {nbytes}")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")


def strided_view(array, sizes, strides, offset):
    """The numpy view of ``array``'s storage that ``as_strided(sizes, strides, offset)`` makes (in elements of
    ``array``'s dtype), after torch's checks."""
    memory = storage_bytes(array)
    itemsize = array.itemsize
    sizes, strides = tuple(sizes), tuple(strides)
    check_in_bounds(sizes, strides, offset, itemsize, memory.nbytes)
    start = min(offset * itemsize, memory.nbytes)
    return np.ndarray(sizes, array.dtype, buffer=memory[start:], strides=tuple(s * itemsize for s in strides))


def positions(sizes, strides, offset):
    """The storage position (in elements) of each element of a tensor of this geometry, as an int64 array."""
    where = np.full(tuple(sizes), offset, np.int64)
    for dim, (n, stride) in enumerate(zip(sizes, strides)):
        where += (np.arange(n, dtype=np.int64) * stride).reshape((n,) + (1,) * (len(sizes) - dim - 1))
    return where
