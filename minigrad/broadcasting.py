"""Broadcasting asked for by name: ``broadcast_shapes`` (the shape shapes broadcast to), ``broadcast_to`` and
``broadcast_tensors`` (tensors expanded to it, views made by ExpandBackward0 nodes) and ``meshgrid`` (coordinate
grids: each vector viewed along its own dim, then expanded), each written as torch writes it, with its errors.
Exported as ``minigrad.<name>`` by this module's ``__all__``; ``broadcast_to`` is a Tensor method too."""

from collections.abc import Sequence

from . import torch_warnings
from .arguments import must_be_tensor
from .functional import _expand, _tensor_list
from .ops._util import infer_size
from .public import public
from .size import Size

__all__ = ["broadcast_shapes", "broadcast_tensors", "broadcast_to", "meshgrid"]

_MESHGRID_INDEXING = torch_warnings.internal(
    "torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument.",
    "aten/src/ATen/native/TensorShape.cpp:4215",
)


def broadcast_shapes(*shapes):
    """Mirror ``torch.broadcast_shapes``: the shape that tensors of ``shapes`` (tuples, lists or ints) broadcast to,
    as a ``torch.Size``; torch's errors for a shape that does not broadcast or a negative size."""
    shapes = [(s,) if isinstance(s, int) else s for s in shapes if s is not None]
    if not shapes:
        return Size()
    for shape in shapes:
        if not isinstance(shape, Sequence):
            raise RuntimeError(f"Input shapes should be of type ints, a tuple of ints, or a list of ints, got {shape}")
    common = [1] * max(len(shape) for shape in shapes)
    for index, shape in enumerate(shapes):
        for i in range(-1, -1 - len(shape), -1):
            if shape[i] == common[i]:
                continue
            if common[i] == 1:
                if shape[i] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[i] = shape[i]
            if shape[i] != 1 and common[i] != shape[i]:
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {shape[i]} at {i}! Mismatching argument at index "
                    f"{index} had {shape}; but expected shape should be broadcastable to {common}"
                )
    for i, size in enumerate(common):
        if not isinstance(size, int):
            raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is '{type(size).__name__}')")
    return Size(common)


@public("broadcast_to", function=False, parse=True)
def broadcast_to(input, size):
    """Mirror ``torch.broadcast_to``: ``input`` expanded to ``size`` without copying, ``-1`` keeping a size
    (``input.expand(size)``, ExpandBackward0)."""
    if not isinstance(size, (tuple, list)):
        raise must_be_tensor("broadcast_to", "size", 2, size, "tuple of ints")
    return _expand(input, *size)


def broadcast_tensors(*tensors):
    """Mirror ``torch.broadcast_tensors``: ``tensors`` expanded to one shape (ExpandBackward0 views); a tensor that
    has that shape already is returned as it is."""
    tensors = _tensor_list(tensors, "broadcast_tensors")
    shape = ()
    for t in tensors:  # as torch infers it: the shape so far (tensor a) against each tensor (b), in turn
        shape = infer_size(shape, t.shape)
    return tuple(t if tuple(t.shape) == shape else _expand(t, *shape) for t in tensors)


def meshgrid(*tensors, indexing=None):
    """Mirror ``torch.meshgrid``: for vectors (or 0-d tensors) of sizes ``n0, n1, ...``, one grid of shape
    ``(n0, n1, ...)`` each, holding its vector along its own dim (a view, then an expand: ExpandBackward0 over
    ViewBackward0). ``indexing="xy"`` swaps the first two dims, as NumPy's default does; torch warns once when
    ``indexing`` is not given and uses ``"ij"``."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    tensors = list(_tensor_list(tensors, "meshgrid"))
    if indexing is None:
        torch_warnings.warn_once(_MESHGRID_INDEXING, stacklevel=torch_warnings.user_stacklevel())
        indexing = "ij"
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    if any(t.dtype != tensors[0].dtype for t in tensors):
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    if indexing not in ("xy", "ij"):
        raise RuntimeError(f'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}')
    swap = indexing == "xy" and len(tensors) >= 2
    if swap:
        tensors[0], tensors[1] = tensors[1], tensors[0]
    for t in tensors:
        if t.ndim > 1:
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a {t.ndim}-D "
                               f"tensor of shape {list(t.shape)}")  # fmt: skip
    shape = [t.numel() for t in tensors]
    grids = []
    for i, t in enumerate(tensors):
        grids.append(t.view(*[-1 if d == i else 1 for d in range(len(tensors))]).expand(*shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)
