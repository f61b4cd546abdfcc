"""``torch.Size`` and the one way torch's messages write a shape: ``[2, 3]``."""

import numpy as np


class Size(tuple):
    """Mirror ``torch.Size``: a tuple that prints as ``torch.Size([2, 3])``."""

    __module__ = "minigrad"  # <class 'minigrad.Size'>, as torch's <class 'torch.Size'>

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
