"""The splits torch has beside ``split`` and ``chunk``: ``split_with_sizes`` (views, SplitWithSizesBackward0) and
the "unsafe" forms ``unsafe_split``, ``unsafe_chunk`` and ``unsafe_split_with_sizes``, whose pieces are not views
for autograd (they may be changed in place, as the RNN cells do), with torch's checks."""

from .arguments import word
from .ops import shape as S
from .public import PARSED, public
from .tensor import Tensor

__all__ = ["split_with_sizes", "unsafe_chunk", "unsafe_split", "unsafe_split_with_sizes"]


def _sizes(function, split_sizes, input, dim, position=2):
    """``split_sizes`` as a tuple of ints, after torch's checks (its TypeError for a number, its error for a negative
    size; the dim checked first)."""
    if not isinstance(split_sizes, (list, tuple)) or not all(isinstance(n, int) for n in split_sizes):
        raise TypeError(f"{function}(): argument 'split_sizes' (position {position}) must be tuple of "
                        f"ints, not {word(split_sizes)}")  # fmt: skip
    input._wrap_dim(dim)
    if any(n < 0 for n in split_sizes):
        raise RuntimeError("split_with_sizes expects split_sizes have only non-negative entries, but got "
                           f"split_sizes={list(split_sizes)}")  # fmt: skip
    return tuple(split_sizes)


def split_with_sizes(input, split_sizes, dim=0, *, _position=2):
    """Mirror ``torch.split_with_sizes``: pieces of ``split_sizes`` (summing to the size of ``dim``) along ``dim``,
    views of ``input`` made by one SplitWithSizesBackward0."""
    sizes = _sizes("split_with_sizes", split_sizes, input, dim, _position)
    return S.SplitWithSizes.apply(input, dim=dim, split_sizes=sizes)


def unsafe_split_with_sizes(input, split_sizes, dim=0, *, _position=2):
    """Mirror ``torch.unsafe_split_with_sizes``: as :func:`split_with_sizes`, the pieces not views for autograd
    (UnsafeSplitWithSizesBackward0)."""
    sizes = _sizes("unsafe_split_with_sizes", split_sizes, input, dim, _position)
    return S.UnsafeSplitWithSizes.apply(input, dim=dim, split_sizes=sizes)


@public("unsafe_split", function=False, parse=True)
def unsafe_split(input, split_size, dim=0):
    """Mirror ``torch.unsafe_split``: pieces of ``split_size`` along ``dim`` (the last may be smaller), not views for
    autograd (UnsafeSplitBackward0)."""
    if input.ndim == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    n = input.shape[input._wrap_dim(dim)]
    if split_size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={split_size}")
    if split_size == 0:
        if n != 0:
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}")
        return S.UnsafeSplitWithSizes.apply(input, dim=dim, split_sizes=(0,))
    return S.UnsafeSplit.apply(input, dim=dim, split_size=split_size)


@public("unsafe_chunk", function=False, parse=True)
def unsafe_chunk(input, chunks, dim=0):
    """Mirror ``torch.unsafe_chunk``: pieces of ``ceil(size / chunks)`` along ``dim``, not views for autograd
    (UnsafeSplitBackward0), as the RNN cells cut their gates."""
    if input.ndim == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    n = input.shape[input._wrap_dim(dim)]
    if n == 0:
        return S.UnsafeSplitWithSizes.apply(input, dim=dim, split_sizes=(0,) * chunks)
    return S.UnsafeSplit.apply(input, dim=dim, split_size=-(-n // chunks))


def _as_method(fn):
    """``Tensor.<name>``: ``fn`` with torch's argument positions of a method in its messages."""

    def method(self, split_sizes, dim=0):
        return fn(self, split_sizes, dim, _position=1)

    method.__name__ = method.__qualname__ = fn.__name__
    method.__doc__ = f"Mirror ``Tensor.{fn.__name__}``: see ``torch.{fn.__name__}``."
    return method


Tensor.split_with_sizes = _as_method(split_with_sizes)
Tensor.unsafe_split_with_sizes = _as_method(unsafe_split_with_sizes)
PARSED.update(("torch.Tensor.split_with_sizes", "torch.Tensor.unsafe_split_with_sizes"))
