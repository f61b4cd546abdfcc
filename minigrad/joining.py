"""Joining tensors as NumPy names it, written as torch's composites write it: ``atleast_1d``/``2d``/``3d`` (a tensor
with at least that many dims: ``reshape`` of a 0-d one, ``unsqueeze`` of the others, the tensor itself when it has
enough) and ``hstack``, ``vstack`` (``row_stack``), ``dstack`` and ``column_stack`` (a ``cat`` of those), so that
their graphs have torch's nodes (CatBackward0 over ViewBackward0 and UnsqueezeBackward0). Each is exported as
``minigrad.<name>`` by this module's ``__all__``; torch has no Tensor methods for them."""

from .arguments import invalid_arguments
from .functional import _tensor_list, cat
from .tensor import Tensor

__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "dstack", "hstack", "row_stack", "vstack"]


def _lift(x, ndim):
    """``x`` with at least ``ndim`` (1, 2 or 3) dims, as torch's ``atleast_<ndim>d`` lifts one tensor."""
    if x.ndim >= ndim:
        return x
    if x.ndim == 0:
        return x.reshape((1,) * ndim)
    if ndim == 3 and x.ndim == 1:
        return x.unsqueeze(0).unsqueeze(-1)
    return x.unsqueeze(-1) if ndim == 3 else x.unsqueeze(0)


def _atleast(ndim, tensors):
    function = f"atleast_{ndim}d"
    if len(tensors) == 1:  # torch's Python wrapper unpacks one argument: a tensor, or a list or tuple of them
        tensors = tensors[0]
    if isinstance(tensors, Tensor):
        return _lift(tensors, ndim)
    if not isinstance(tensors, (list, tuple)):
        raise invalid_arguments(function, (tensors,), ("Tensor input", "tuple of Tensors tensors"))
    return tuple(_lift(t, ndim) for t in _tensor_list(tensors, function))


def atleast_1d(*tensors):
    """Mirror ``torch.atleast_1d``: a 0-d tensor as a 1-element vector (ViewBackward0), others as they are; given
    several tensors (or a list of them), a tuple."""
    return _atleast(1, tensors)


def atleast_2d(*tensors):
    """Mirror ``torch.atleast_2d``: a 0-d tensor as a 1x1 matrix (ViewBackward0), a vector as one row
    (UnsqueezeBackward0), others as they are; given several tensors (or a list of them), a tuple."""
    return _atleast(2, tensors)


def atleast_3d(*tensors):
    """Mirror ``torch.atleast_3d``: a 0-d tensor as 1x1x1, a vector of n as 1xnx1, a matrix as its rows of 1-element
    columns (each dim added by an UnsqueezeBackward0), others as they are; given several tensors, a tuple."""
    return _atleast(3, tensors)


def _joined(function, tensors, ndim, dim, out):
    """torch's ``function``: ``tensors`` lifted to at least ``ndim`` dims, then joined by one ``cat`` along ``dim``
    (along 0 if the first is 1-D and ``dim`` is 1: ``hstack`` of vectors)."""
    tensors = _tensor_list(tensors, function)
    if not tensors:
        raise RuntimeError(f"{function} expects a non-empty TensorList")
    lifted = [_lift(t, ndim) for t in tensors]
    return cat(lifted, dim=0 if dim == 1 and lifted[0].ndim == 1 else dim, out=out)


def hstack(tensors, *, out=None):
    """Mirror ``torch.hstack``: ``tensors`` joined column-wise (along dim 1; vectors end to end), after
    ``atleast_1d`` (CatBackward0; ``out=``: written into ``out``, as for all four)."""
    return _joined("hstack", tensors, 1, 1, out)


def vstack(tensors, *, out=None):
    """Mirror ``torch.vstack`` (and ``torch.row_stack``): ``tensors`` joined row-wise (along dim 0), after
    ``atleast_2d``: vectors become rows (CatBackward0 over UnsqueezeBackward0)."""
    return _joined("vstack", tensors, 2, 0, out)


def dstack(tensors, *, out=None):
    """Mirror ``torch.dstack``: ``tensors`` joined depth-wise (along dim 2), after ``atleast_3d`` (CatBackward0)."""
    return _joined("dstack", tensors, 3, 2, out)


def column_stack(tensors, *, out=None):
    """Mirror ``torch.column_stack``: 0-d tensors and vectors as columns (a reshape to ``(numel, 1)``,
    ViewBackward0), then all joined along dim 1 (CatBackward0)."""
    tensors = _tensor_list(tensors, "column_stack")
    if not tensors:
        raise RuntimeError("column_stack expects a non-empty TensorList")
    return cat([t.reshape(t.numel(), 1) if t.ndim <= 1 else t for t in tensors], dim=1, out=out)


row_stack = vstack  # torch.row_stack is vstack by another name
