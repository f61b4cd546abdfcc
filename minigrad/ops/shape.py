"""Ops that move elements without changing them: views, indexing, cat and stack.

Views (``is_view = True``) share the input's numpy memory and version
counter, as PyTorch's views share storage. Their gradients put ``grad`` back
where the elements came from.
"""

import numpy as np

from ..autograd.function import Op
from ..tensor import Tensor
from ._util import wrap
from .reduce import sum_to


def _shape_str(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def infer_shape(shape, numel):
    """Resolve one ``-1`` in a requested shape, with torch's errors for impossible shapes."""
    shape = tuple(int(s) for s in shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = int(np.prod([s for s in shape if s != -1], dtype=np.int64))
    if -1 in shape:
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{_shape_str(shape)}' is invalid for input of size {numel}")
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise RuntimeError(f"shape '{_shape_str(shape)}' is invalid for input of size {numel}")
    return shape


def _as_view(arr, shape):
    """``arr`` reshaped without copying, or None when its strides make that impossible."""
    v = arr.view()
    try:
        v.shape = shape
    except AttributeError:
        return None
    return v


class View(Op):
    """result = self with a new shape and the same elements (view, reshape, flatten)"""

    node_name = "ViewBackward0"
    formula = {"self": "grad.reshape(self.shape)"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, shape):
        ctx.shape = a.shape
        v = _as_view(a._data, infer_shape(shape, a.numel()))
        if v is None:
            raise RuntimeError(
                "view size is not compatible with input tensor's size and stride (at least one dimension "
                "spans across two contiguous subspaces). Use .reshape(...) instead."
            )
        return wrap(v)

    @staticmethod
    def backward(ctx, grad):
        return (grad.reshape(ctx.shape),)


class UnsafeView(Op):
    """result = a reshaped copy (what ``reshape`` of a non-contiguous tensor records after its clone)"""

    node_name = "UnsafeViewBackward0"
    formula = {"self": "grad.reshape(self.shape)"}

    @staticmethod
    def forward(ctx, a, *, shape):
        ctx.shape = a.shape
        return wrap(a._data.reshape(infer_shape(shape, a.numel())))

    @staticmethod
    def backward(ctx, grad):
        return (grad.reshape(ctx.shape),)


def reshape(a, shape):
    """Mirror ``torch.reshape``: a view when the memory layout allows it, else a copy."""
    shape = infer_shape(shape, a.numel())
    if _as_view(a._data, shape) is not None:
        out = View.apply(a, shape=shape)
        if out.grad_fn is not None and not a._data.flags.c_contiguous:
            out.grad_fn.node_name = "ReshapeAliasBackward0"  # torch's _reshape_alias: a view of strided memory
        return out
    return UnsafeView.apply(a.clone(), shape=shape)


class T(Op):
    """result = self transposed (at most 2-D)"""

    node_name = "TBackward0"
    formula = {"self": "grad.t()"}
    is_view = True

    @staticmethod
    def forward(ctx, a):
        if a.ndim > 2:
            raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {a.ndim}D")
        return wrap(a._data.T)

    @staticmethod
    def backward(ctx, grad):
        return (grad.t(),)


class Transpose(Op):
    """result = self with dims dim0 and dim1 swapped"""

    node_name = "TransposeBackward0"
    formula = {"self": "grad.transpose(dim0, dim1)"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim0, dim1):
        ctx.dim0, ctx.dim1 = a._wrap_dim(dim0), a._wrap_dim(dim1)
        return wrap(np.swapaxes(a._data, ctx.dim0, ctx.dim1))

    @staticmethod
    def backward(ctx, grad):
        return (grad.transpose(ctx.dim0, ctx.dim1),)


class Permute(Op):
    """result = self with its dims reordered (``.T`` is a permute, as in torch)"""

    node_name = "PermuteBackward0"
    formula = {"self": "grad.permute(inverse_permutation(dims))"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dims):
        dims = tuple(a._wrap_dim(d) for d in dims)
        if len(dims) != a.ndim:
            raise RuntimeError(
                f"permute(sparse_coo): number of dimensions in the tensor input does not match the length of "
                f"the desired ordering of dimensions i.e. input.dim() = {a.ndim} is not equal to len(dims) = "
                f"{len(dims)}"
            )
        if len(set(dims)) != len(dims):
            raise RuntimeError("permute(): duplicate dims are not allowed.")
        ctx.dims = dims
        return wrap(np.transpose(a._data, dims))

    @staticmethod
    def backward(ctx, grad):
        return (grad.permute(inverse_permutation(ctx.dims)),)


def inverse_permutation(dims):
    """The permutation that undoes ``dims``."""
    return tuple(int(i) for i in np.argsort(dims))


class Expand(Op):
    """result = self repeated (without copying) along dims of size 1 and new leading dims"""

    node_name = "ExpandBackward0"
    formula = {"self": "grad.sum_to_size(self.shape)"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, shape):
        shape = tuple(shape)
        if len(shape) < a.ndim:
            raise RuntimeError(
                f"expand(torch.FloatTensor{{{_shape_str(a.shape)}}}, size={_shape_str(shape)}): the number of "
                f"sizes provided ({len(shape)}) must be greater or equal to the number of dimensions in the "
                f"tensor ({a.ndim})"
            )
        lead = len(shape) - a.ndim
        target = []
        for i, s in enumerate(shape):
            old = a.shape[i - lead] if i >= lead else None
            if s == -1:
                if old is None:
                    raise RuntimeError(
                        f"The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
                        f"dimension {i}"
                    )
                s = old
            elif old is not None and old != 1 and old != s:
                raise RuntimeError(
                    f"The expanded size of the tensor ({s}) must match the existing size ({old}) at "
                    f"non-singleton dimension {i}.  Target sizes: {_shape_str(shape)}.  Tensor sizes: "
                    f"{_shape_str(a.shape)}"
                )
            target.append(s)
        ctx.shape = a.shape
        return wrap(np.broadcast_to(a._data, tuple(target)))

    @staticmethod
    def backward(ctx, grad):
        return (sum_to(grad, ctx.shape),)


class Squeeze(Op):
    """result = self without its dims of size 1"""

    node_name = "SqueezeBackward0"
    formula = {"self": "grad.reshape(self.shape)"}
    is_view = True

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return wrap(np.squeeze(a._data))

    @staticmethod
    def backward(ctx, grad):
        return (grad.reshape(ctx.shape),)


class SqueezeDim(Op):
    """result = self without dim ``dim``, if that dim has size 1"""

    node_name = "SqueezeBackward1"
    formula = {"self": "grad.reshape(self.shape)"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim, node_name=None):
        if node_name is not None:
            ctx.node_name = node_name
        ctx.shape = a.shape
        d = a._wrap_dim(dim)
        return wrap(np.squeeze(a._data, d) if a.ndim and a.shape[d] == 1 else a._data.view())

    @staticmethod
    def backward(ctx, grad):
        return (grad.reshape(ctx.shape),)


class Unsqueeze(Op):
    """result = self with a new dim of size 1 at ``dim``"""

    node_name = "UnsqueezeBackward0"
    formula = {"self": "grad.squeeze(dim)"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim):
        ctx.dim = a._wrap_dim(dim, a.ndim + 1)
        return wrap(np.expand_dims(a._data, ctx.dim))

    @staticmethod
    def backward(ctx, grad):
        return (grad.squeeze(ctx.dim),)


class Embed(Op):
    """result = zeros of ``shape`` with ``grad`` placed (added) at ``key``: the backward of indexing"""

    node_name = "IndexPutBackward0"
    formula = {"grad": "grad[key]"}

    @staticmethod
    def forward(ctx, grad, *, shape, key, node_name):
        ctx.node_name, ctx.key = node_name, key
        out = np.zeros(shape, dtype=grad._data.dtype)
        if any(isinstance(k, np.ndarray) for k in key):
            np.add.at(out, key, grad._data)  # repeated indices must add up
        else:
            out[key] = grad._data
        return wrap(out)

    @staticmethod
    def backward(ctx, grad):
        return (grad[_key_as_index(ctx.key)],)


def _key_as_index(key):
    return tuple(Tensor._wrap(np.asarray(k)) if isinstance(k, np.ndarray) else k for k in key)


def select_backward(grad, shape, dim, index):
    """torch's ``select_backward``: zeros of ``shape`` with ``grad`` at ``index`` along ``dim``."""
    key = (slice(None),) * dim + (index,)
    return Embed.apply(grad, shape=tuple(shape), key=key, node_name="SelectBackwardBackward0")


def slice_backward(grad, shape, dim, start, end, step):
    """torch's ``slice_backward``: zeros of ``shape`` with ``grad`` in the slice along ``dim``."""
    key = (slice(None),) * dim + (slice(start, end, step),)
    return Embed.apply(grad, shape=tuple(shape), key=key, node_name="SliceBackwardBackward0")


def index_backward(grad, shape, indices):
    """torch's ``index_backward``: zeros of ``shape`` with ``grad`` added at ``indices`` (repeats add up)."""
    return Embed.apply(grad, shape=tuple(shape), key=indices, node_name="IndexPutBackward0")


class Select(Op):
    """result = self[..., index, ...] at dim ``dim`` (an int index)"""

    node_name = "SelectBackward0"
    formula = {"self": "select_backward(grad, self.shape, dim, index)"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim, index):
        if a.ndim == 0:
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        size = a.shape[dim]
        if not -size <= index < size:
            raise IndexError(f"index {index} is out of bounds for dimension {dim} with size {size}")
        ctx.shape, ctx.dim, ctx.index = a.shape, dim, index % size
        return wrap(a._data[(slice(None),) * dim + (ctx.index,)])

    @staticmethod
    def backward(ctx, grad):
        return (select_backward(grad, ctx.shape, ctx.dim, ctx.index),)


class Slice(Op):
    """result = self[start:end:step] along dim ``dim``"""

    node_name = "SliceBackward0"
    formula = {"self": "slice_backward(grad, self.shape, dim, start, end, step)"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim, start, end, step):
        if step is not None and step <= 0:
            raise ValueError("step must be greater than zero")
        start, end, step = slice(start, end, step).indices(a.shape[dim])
        ctx.shape, ctx.dim, ctx.start, ctx.end, ctx.step = a.shape, dim, start, end, step
        return wrap(a._data[(slice(None),) * dim + (slice(start, end, step),)])

    @staticmethod
    def backward(ctx, grad):
        return (slice_backward(grad, ctx.shape, ctx.dim, ctx.start, ctx.end, ctx.step),)


class Index(Op):
    """result = self[indices] with integer lists/tensors or boolean masks (a copy, not a view)"""

    node_name = "IndexBackward0"
    formula = {"self": "index_backward(grad, self.shape, indices)"}

    @staticmethod
    def forward(ctx, a, *, indices):
        ctx.shape, ctx.indices = a.shape, indices
        try:
            return wrap(a._data[indices])
        except IndexError as e:
            raise IndexError(_index_error(a, indices, e)) from None

    @staticmethod
    def backward(ctx, grad):
        return (index_backward(grad, ctx.shape, ctx.indices),)


def _index_error(a, indices, err):
    advanced = 0  # torch moves the index tensors to the front, so it counts dimensions among them
    for dim, k in enumerate(indices):
        if isinstance(k, np.ndarray) and k.dtype == bool:
            for j, (m, s) in enumerate(zip(k.shape, a.shape[dim:])):
                if m != s:
                    return (
                        f"The shape of the mask {_shape_str(k.shape)} at index {j} does not match the shape of "
                        f"the indexed tensor {_shape_str(a.shape)} at index {dim + j}"
                    )
        elif isinstance(k, np.ndarray) and k.size and dim < a.ndim:
            bad = k[(k >= a.shape[dim]) | (k < -a.shape[dim])]
            if bad.size:
                return f"index {int(bad.flat[0])} is out of bounds for dimension {advanced} with size {a.shape[dim]}"
        if isinstance(k, np.ndarray):
            advanced += 1
    return str(err)


def _is_advanced(k):
    if isinstance(k, Tensor):
        return k.ndim > 0 or k.dtype.category == 0
    return isinstance(k, (list, np.ndarray, bool))


def _np_index(k):
    if isinstance(k, Tensor):
        if k.dtype.is_floating_point:
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        return k._data
    if isinstance(k, (list, bool)):
        arr = np.asarray(k)
        if arr.dtype.kind == "f":
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        return arr
    return k


def getitem(t, key):
    """Mirror ``Tensor.__getitem__``: basic indexing as a chain of Select/Slice/Unsqueeze views
    (the nodes torch records), anything else as one ``Index`` op."""
    single = not isinstance(key, tuple)  # torch keeps a lone ``x[:]`` as a SliceBackward0 node
    if single:
        key = (key,)
    if any(_is_advanced(k) for k in key):
        return Index.apply(t, indices=tuple(_np_index(k) for k in key))
    if sum(k is Ellipsis for k in key) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    consumed = sum(1 for k in key if k is not None and k is not Ellipsis)
    if t.ndim == 0 and len(key) == 1 and isinstance(key[0], slice):
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if consumed > t.ndim and not (t.ndim == 0 and len(key) == 1):  # t0[0] gets Select's message
        raise IndexError(f"too many indices for tensor of dimension {t.ndim}")
    out, dim = t, 0
    for position, k in enumerate(key):
        if k is Ellipsis:
            dim += t.ndim - consumed
        elif k is None:
            out = Unsqueeze.apply(out, dim=dim)
            dim += 1
        elif isinstance(k, slice):
            if k != slice(None) or single:
                out = Slice.apply(out, dim=dim, start=k.start, end=k.stop, step=k.step)
            dim += 1
        else:
            try:
                index = k.__index__()
            except (AttributeError, TypeError):
                raise IndexError(
                    "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
                    "indices (got " + type(k).__name__ + ")"
                ) from None
            if out.ndim and not -out.shape[dim] <= index < out.shape[dim]:  # torch names the key's position
                raise IndexError(f"index {index} is out of bounds for dimension {position} with size {out.shape[dim]}")
            out = Select.apply(out, dim=dim, index=index)
    if out is t:
        out = View.apply(t, shape=t.shape)
        out.grad_fn is not None and setattr(out.grad_fn, "node_name", "AliasBackward0")
    return out


class Cat(Op):
    """result = the tensors joined along an existing dim"""

    node_name = "CatBackward0"
    formula = {"tensors": "grad.split(sizes, dim)"}

    @staticmethod
    def forward(ctx, *tensors, dim=0):
        if not tensors:
            raise ValueError("torch.cat(): expected a non-empty list of Tensors")
        first = tensors[0]
        d = first._wrap_dim(dim)
        for i, t in enumerate(tensors[1:], 1):
            if t.ndim != first.ndim:
                raise RuntimeError(
                    f"Tensors must have same number of dimensions: got {first.ndim} and {t.ndim}"
                )
            for j in range(first.ndim):
                if j != d and t.shape[j] != first.shape[j]:
                    raise RuntimeError(
                        f"Sizes of tensors must match except in dimension {d}. Expected size {first.shape[j]} "
                        f"but got size {t.shape[j]} for tensor number {i} in the list."
                    )
        ctx.dim, ctx.sizes = d, [t.shape[d] for t in tensors]
        from .. import dtypes

        want = dtypes.result_type(tensors)
        return wrap(np.concatenate([t._data for t in tensors], axis=d).astype(want.np, copy=False))

    @staticmethod
    def backward(ctx, grad):
        return tuple(grad.split(ctx.sizes, ctx.dim))


class Stack(Op):
    """result = the tensors joined along a new dim"""

    node_name = "StackBackward0"
    formula = {"tensors": "grad.unbind(dim)"}

    @staticmethod
    def forward(ctx, *tensors, dim=0):
        if not tensors:
            raise RuntimeError("stack expects a non-empty TensorList")
        for i, t in enumerate(tensors[1:], 1):
            if t.shape != tensors[0].shape:
                raise RuntimeError(
                    f"stack expects each tensor to be equal size, but got {_shape_str(tensors[0].shape)} at "
                    f"entry 0 and {_shape_str(t.shape)} at entry {i}"
                )
        ctx.dim = tensors[0]._wrap_dim(dim, tensors[0].ndim + 1)
        from .. import dtypes

        want = dtypes.result_type(tensors)
        return wrap(np.stack([t._data for t in tensors], axis=ctx.dim).astype(want.np, copy=False))

    @staticmethod
    def backward(ctx, grad):
        return tuple(grad.unbind(ctx.dim))
