"""``torch.Size`` and the one way torch's messages write a shape: ``[2, 3]``."""

import numpy as np

from .typename import c_type_name


class Size(tuple):
    """Mirror ``torch.Size``: a tuple that prints as ``torch.Size([2, 3])``."""

    __module__ = "minigrad"  # <class 'minigrad.Size'>, as torch's <class 'torch.Size'>

    def __new__(cls, sizes=()):
        sizes = tuple(sizes)
        for s in sizes:  # numpy's shapes hold Python ints: this loop is all they cost
            if s.__class__ is not int:
                return super().__new__(cls, [_size_item(s, i) for i, s in enumerate(sizes)])
        return super().__new__(cls, sizes)

    def __repr__(self):
        return f"torch.Size({shape_text(self)})"

    __str__ = __repr__

    def __add__(self, other):
        if not isinstance(other, tuple):
            raise TypeError(f"can only concatenate tuple (not {type(other).__name__}) to torch.Size")
        return Size(super().__add__(other))

    def __radd__(self, other):
        return Size(other + tuple(self)) if isinstance(other, tuple) else NotImplemented

    def __getitem__(self, key):
        item = super().__getitem__(key)
        return Size(item) if isinstance(key, slice) else item  # x.shape[1:] is a torch.Size too

    def __mul__(self, n):
        return Size(super().__mul__(n))

    __rmul__ = __mul__

    def __call__(self, *args, **kwargs):
        # ``x.shape()``: Python's error for calling a torch.Size, whose type torch names ``torch.Size``
        raise TypeError("'torch.Size' object is not callable")

    def numel(self):
        """Mirror ``torch.Size.numel``: the product of the sizes."""
        return int(np.prod(self, dtype=np.int64))


def shape_text(shape):
    """A shape as torch's messages write it: ``[2, 3]``, ``[]`` for a 0-d tensor."""
    return "[" + ", ".join(map(str, shape)) + "]"


def _size_item(s, i):
    """An item of ``torch.Size(sizes)`` as torch takes it: an int (a bool, a numpy integer, a one-element integer
    tensor), else torch's TypeError."""
    from .tensor import Tensor  # it imports this module

    if isinstance(s, (int, np.integer)):
        return int(s)
    if isinstance(s, Tensor) and s.numel() == 1 and s.dtype.category < 2:  # bool or integer
        return int(s.item())
    raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is '{c_type_name(s)}')")


def shape_of(array):
    """``array.shape`` as a ``torch.Size``, without the checks of ``Size(...)``: numpy's shapes hold ints already
    (``Tensor.shape`` runs in every student's loop)."""
    return tuple.__new__(Size, array.shape)
