"""Ops that move elements without changing them: views, cat and stack (indexing is in ``indexing.py``).

Views (``is_view = True``) share the input's numpy memory and version
counter, as PyTorch's views share storage. Their gradients put ``grad`` back
where the elements came from.
"""

import itertools
import math

import numpy as np

from .. import dtypes
from ..size import shape_text
from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import Op


def infer_shape(shape, numel):
    """Resolve one ``-1`` in a requested shape, with torch's errors for impossible shapes."""
    shape = tuple(map(int, shape))
    if -1 not in shape and min(shape, default=0) >= 0 and math.prod(shape) == numel:  # every size given, and fits
        return shape
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    for i, s in enumerate(shape):
        if s < -1:
            raise RuntimeError(f"invalid shape dimension {s} at index {i} of shape {shape_text(shape)}")
    known = math.prod(s for s in shape if s != -1)
    if -1 in shape:
        if known == 0 == numel:
            raise RuntimeError(
                f"cannot reshape tensor of 0 elements into shape {shape_text(shape)} because the unspecified "
                "dimension size -1 can be any value and is ambiguous"
            )
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '{shape_text(shape)}' is invalid for input of size {numel}")
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise RuntimeError(f"shape '{shape_text(shape)}' is invalid for input of size {numel}")
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
    saved_values = {"self_sym_sizes": "shape"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, shape):
        ctx.shape = a._data.shape
        v = _as_view(a._data, infer_shape(shape, a._data.size))
        if v is None:
            raise RuntimeError(
                "view size is not compatible with input tensor's size and stride (at least one dimension "
                "spans across two contiguous subspaces). Use .reshape(...) instead."
            )
        return wrap(v)


class UnsafeView(Op):
    """result = a reshaped copy (what ``reshape`` of a non-contiguous tensor records after its clone)"""

    node_name = "UnsafeViewBackward0"
    formula = {"self": "grad.reshape(self.shape)"}
    saved_values = {"self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, shape):
        ctx.shape = tuple(a.shape)
        return wrap(a._data.reshape(infer_shape(shape, a.numel())))


def reshape(a, shape):
    """Mirror ``torch.reshape``: a view when the memory layout allows it, else a copy."""
    shape = infer_shape(shape, a.numel())
    if _as_view(a._data, shape) is not None:
        return (View if a._data.flags.c_contiguous else ReshapeAlias).apply(a, shape=shape)
    from .elementwise import Clone

    return UnsafeView.apply(Clone.apply(a, contiguous=True), shape=shape)


class ReshapeAlias(View):
    """``reshape`` of a non-contiguous tensor that can still be a view (torch's ``_reshape_alias``)"""

    node_name = "ReshapeAliasBackward0"


class Alias(Op):
    """``x[...]`` or ``x[:, :]``: a view of the whole tensor (computed as View is; torch saves nothing)"""

    node_name = "AliasBackward0"
    formula = {"self": "grad"}  # torch's derivatives.yaml: the gradient passes through, no node of its own
    is_view = True
    forward = staticmethod(View.forward)


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


class TInPlace(T):
    """self.t_(): self becomes its transpose (torch's node of its own for the in-place form, T's formula)"""

    node_name = "TBackward1"


class Transpose(Op):
    """result = self with dims dim0 and dim1 swapped"""

    node_name = "TransposeBackward0"
    formula = {"self": "grad.transpose(dim0, dim1)"}
    saved_values = {"dim0": "dim0", "dim1": "dim1"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim0, dim1):
        ctx.dim0, ctx.dim1 = dim0, dim1  # as given, as torch saves them and transposes the gradient back
        d0, d1, x = a._wrap_dim(dim0), a._wrap_dim(dim1), a._data
        return wrap(np.swapaxes(x, d0, d1) if x.ndim else x.view())  # a 0-d tensor's dims 0 and -1: itself


class TransposeInPlace(Transpose):
    """self.transpose_(dim0, dim1) (and swapdims_, swapaxes_): self becomes the transposed view"""

    node_name = "TransposeBackward1"


class Permute(Op):
    """result = self with its dims reordered (``.T`` is a permute, as in torch)"""

    node_name = "PermuteBackward0"
    formula = {"self": "grad.permute(inverse_permutation(dims))"}
    saved_values = {"dims": "dims_arg"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dims):
        ctx.dims_arg = tuple(dims)
        if len(dims) != a.ndim:
            raise RuntimeError(
                f"permute(sparse_coo): number of dimensions in the tensor input does not match the length of "
                f"the desired ordering of dimensions i.e. input.dim() = {a.ndim} is not equal to len(dims) = "
                f"{len(dims)}"
            )
        dims = tuple(a._wrap_dim(d) for d in dims)
        if len(set(dims)) != len(dims):
            raise RuntimeError("permute(): duplicate dims are not allowed.")
        ctx.dims = dims
        return wrap(np.transpose(a._data, dims))


def expanded_shape(shape, sizes, dtype):
    """The shape ``expand(*sizes)`` gives a tensor of ``shape`` (-1 keeps a size), or torch's errors."""
    sizes = tuple(sizes)
    if len(sizes) < len(shape):
        raise RuntimeError(
            f"expand({dtype.error_name}{{{shape_text(shape)}}}, size={shape_text(sizes)}): the number of "
            f"sizes provided ({len(sizes)}) must be greater or equal to the number of dimensions in the "
            f"tensor ({len(shape)})"
        )
    lead = len(sizes) - len(shape)
    target = list(sizes)
    for i in reversed(range(len(sizes))):  # torch checks from the last dimension
        s, old = sizes[i], (shape[i - lead] if i >= lead else None)
        if s == -1:
            if old is None:
                raise RuntimeError(
                    f"The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension {i}"
                )
            target[i] = old
        elif old is not None and old != 1 and old != s:
            raise RuntimeError(
                f"The expanded size of the tensor ({s}) must match the existing size ({old}) at non-singleton "
                f"dimension {i}.  Target sizes: {shape_text(sizes)}.  Tensor sizes: {shape_text(shape)}"
            )
    return tuple(target)


class Expand(Op):
    """result = self repeated (without copying) along dims of size 1 and new leading dims"""

    node_name = "ExpandBackward0"
    formula = {"self": "grad.sum_to_size(self.shape)"}
    saved_values = {"self_sym_sizes": "shape"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, shape):
        ctx.shape = tuple(a.shape)
        out = np.broadcast_to(a._data, expanded_shape(a._data.shape, shape, a.dtype))
        # writable where the input is, as in torch: a write that reaches no shared element is allowed (check_inplace)
        writeable = a._data.flags.writeable
        return wrap(np.lib.stride_tricks.as_strided(a._data, out.shape, out.strides, writeable=writeable))


class Squeeze(Op):
    """result = self without its dims of size 1"""

    node_name = "SqueezeBackward0"
    formula = {"self": "unsqueeze_to(grad, self.shape)"}
    saved_values = {"self_sym_sizes": "shape"}
    is_view = True

    @staticmethod
    def forward(ctx, a):
        ctx.shape = tuple(a.shape)
        return wrap(np.squeeze(a._data))


class SqueezeInPlace(Squeeze):
    """self.squeeze_(): self loses its dims of size 1"""

    node_name = "SqueezeBackward3"


class SqueezeDim(Op):
    """result = self without dim ``dim``, if that dim has size 1"""

    node_name = "SqueezeBackward1"
    formula = {"self": "unsqueeze_to(grad, self.shape, dim)"}
    saved_values = {"dim": "dim_arg", "self_sym_sizes": "shape"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim):
        ctx.shape, ctx.dim_arg, ctx.dim = tuple(a.shape), dim, dim
        d = a._wrap_dim(dim)
        return wrap(np.squeeze(a._data, d) if a.ndim and a.shape[d] == 1 else a._data.view())


class SqueezeDimInPlace(SqueezeDim):
    """self.squeeze_(dim): self loses dim ``dim`` if it has size 1"""

    node_name = "SqueezeBackward4"


class SqueezeDims(SqueezeDim):
    """result = self without those of the dims ``dim`` (a tuple) that have size 1 (torch's node of its own, with
    SqueezeDim's formula and saved values)"""

    node_name = "SqueezeBackward2"

    @staticmethod
    def forward(ctx, a, *, dim):
        ctx.shape, ctx.dim_arg = tuple(a.shape), tuple(dim)
        ctx.dim = ctx.dim_arg
        dims = [a._wrap_dim(d) for d in dim]
        for d in dims:
            if dims.count(d) > 1:
                raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        return wrap(np.squeeze(a._data, tuple(d for d in dims if a.ndim and a.shape[d] == 1)))


class SqueezeDimsInPlace(SqueezeDims):
    """self.squeeze_(dims): self loses those of the dims ``dims`` that have size 1"""

    node_name = "SqueezeBackward5"


class Unsqueeze(Op):
    """result = self with a new dim of size 1 at ``dim``"""

    node_name = "UnsqueezeBackward0"
    formula = {"self": "grad.squeeze(dim)"}
    saved_values = {"dim": "dim_arg"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim):
        ctx.dim, ctx.dim_arg = a._wrap_dim(dim, a.ndim + 1), dim
        return wrap(np.expand_dims(a._data, ctx.dim))


class UnsqueezeInPlace(Unsqueeze):
    """self.unsqueeze_(dim): self gets a new dim of size 1 at ``dim``"""

    node_name = "UnsqueezeBackward1"


class SplitWithSizes(Op):
    """results = self cut along ``dim`` into pieces of ``split_sizes``; each a view of self"""

    node_name = "SplitWithSizesBackward0"
    formula = {"self": "cat(grads, dim)"}  # a piece that got no gradient counts as zeros
    saved_values = {"dim": "dim_arg", "self_sym_sizes": "shape", "split_sizes": "split_sizes"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim, split_sizes):
        ctx.dim_arg, dim = dim, a._wrap_dim(dim)
        n = a.shape[dim]
        if sum(split_sizes) != n:
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size at "
                f"dimension {dim}), but got split_sizes={list(split_sizes)}"
            )
        ctx.dim, ctx.shape, ctx.split_sizes = dim, tuple(a.shape), split_sizes
        return _pieces(a, dim, split_sizes)

    @staticmethod
    def backward(ctx, grads, F):
        return (F.cat(_zeros_for_missing(grads, ctx.shape, ctx.dim, ctx.split_sizes, F), ctx.dim),)


class UnsafeSplit(Op):
    """results = self cut along ``dim`` into pieces of ``split_size`` (the last may be smaller), as ``split`` but not
    views for autograd (torch's ``unsafe_chunk``): each piece may be changed in place, as the cells do"""

    node_name = "UnsafeSplitBackward0"
    formula = {"self": "cat(grads, dim)"}  # torch's split_backward: a piece that got no gradient counts as zeros
    saved_values = {"dim": "dim_arg", "self_sym_sizes": "shape", "split_size": "split_size"}
    backward = staticmethod(SplitWithSizes.backward)

    @staticmethod
    def forward(ctx, a, *, dim, split_size):
        ctx.dim_arg, dim = dim, a._wrap_dim(dim)
        n = a.shape[dim]
        sizes = (split_size,) * (n // split_size) + ((n % split_size,) if n % split_size else ())
        ctx.dim, ctx.shape, ctx.split_size, ctx.split_sizes = dim, a._data.shape, split_size, sizes
        starts = np.cumsum((0,) + sizes)
        index = (slice(None),) * dim
        # pieces of their own (torch's share the input's memory, with version counters of their own)
        return tuple(wrap(a._data[index + (slice(s, s + k),)].copy()) for s, k in zip(starts, sizes))


class UnsafeSplitWithSizes(Op):
    """results = self cut along ``dim`` into pieces of ``split_sizes``, as ``split_with_sizes`` but not views for
    autograd (torch's ``unsafe_split_with_sizes``)"""

    node_name = "UnsafeSplitWithSizesBackward0"
    formula = SplitWithSizes.formula
    saved_values = SplitWithSizes.saved_values
    backward = staticmethod(SplitWithSizes.backward)

    @staticmethod
    def forward(ctx, a, *, dim, split_sizes):
        pieces = SplitWithSizes.forward(ctx, a, dim=dim, split_sizes=split_sizes)
        return tuple(wrap(p._data.copy()) for p in pieces)  # pieces of their own (torch's share memory)


class Split(Op):
    """results = self cut along ``dim`` into pieces of ``split_size`` (the last may be smaller)"""

    node_name = "SplitBackward0"
    formula = SplitWithSizes.formula
    saved_values = {"dim": "dim_arg", "self_sym_sizes": "shape", "split_size": "split_size"}
    is_view = True
    backward = staticmethod(SplitWithSizes.backward)

    @staticmethod
    def forward(ctx, a, *, dim, split_size):
        ctx.dim_arg, dim = dim, a._wrap_dim(dim)
        if split_size < 0:
            raise RuntimeError(f"split expects split_size be non-negative, but got split_size={split_size}")
        n = a._data.shape[dim]  # the array's shape: a.shape would build a torch.Size
        if split_size == 0 and n:
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}")
        if split_size == 0:
            sizes = (0,)
        else:
            sizes = (split_size,) * (n // split_size) + ((n % split_size,) if n % split_size else ())
        ctx.dim, ctx.shape, ctx.split_size, ctx.split_sizes = dim, a._data.shape, split_size, sizes
        return _pieces(a, dim, sizes)


class Unbind(Op):
    """results = the slices of self along ``dim``; each a view of self"""

    node_name = "UnbindBackward0"
    formula = {"self": "stack(grads, dim)"}  # a slice that got no gradient counts as zeros
    saved_values = {"dim": "dim_arg"}
    is_view = True

    @staticmethod
    def forward(ctx, a, *, dim):
        ctx.dim_arg, dim = dim, a._wrap_dim(dim)
        ctx.dim, ctx.shape = dim, a._data.shape  # the array's shape: a.shape would build a torch.Size
        return tuple(wrap(a._data[(slice(None),) * dim + (i, Ellipsis)]) for i in range(a._data.shape[dim]))

    @staticmethod
    def backward(ctx, grads, F):
        return (F.stack(_zeros_for_missing(grads, ctx.shape, ctx.dim, (None,) * len(grads), F), ctx.dim),)


def _pieces(a, dim, sizes):
    starts = itertools.accumulate(sizes, initial=0)  # Python ints: np.cumsum is a Python wrapper
    return tuple(wrap(a._data[(slice(None),) * dim + (slice(s, s + n),)]) for s, n in zip(starts, sizes))


def _zeros_for_missing(grads, shape, dim, sizes, F):
    """The pieces' gradients, zeros for those that got none (torch's ``split_backward``); ``sizes[i]`` is
    piece i's size along ``dim``, or None where the piece has no such dim (``unbind``)."""
    dtype = ARRAYS.value(next(g for g in grads if g is not None)).dtype
    out = []
    for g, n in zip(grads, sizes):
        if g is None:
            piece = tuple(shape[:dim]) + ((n,) if n is not None else ()) + tuple(shape[dim + 1 :])
            g = F.constant(np.zeros(piece, dtype=dtype))
        out.append(g)
    return out


def _joined_as_they_are(tensors, dim):
    """``dim`` wrapped when cat's common case holds: every tensor has the first one's dtype and sizes except along
    ``dim``, and none is 0-d or a skipped 1-d empty tensor; else None (Cat's general checks then give the result or
    torch's error). Checked on the arrays: a cat of many small tensors spent most of its time building a torch.Size
    per tensor per dim and promoting dtypes that were all the same."""
    first = tensors[0]._data
    nd, kind = first.ndim, first.dtype
    if not nd or not all(t._data.ndim == nd and t._data.dtype is kind and (nd > 1 or t._data.size) for t in tensors):
        return None
    d = tensors[0]._wrap_dim(dim)
    before, after = first.shape[:d], first.shape[d + 1 :]
    if all(t._data.shape[:d] == before and t._data.shape[d + 1 :] == after for t in tensors):
        return d
    return None


class Cat(Op):
    """result = the tensors joined along an existing dim"""

    node_name = "CatBackward0"
    formula = {"tensors": "grad.split(sizes, dim)"}
    saved_values = {"dim": "dim_arg"}

    @staticmethod
    def forward(ctx, *tensors, dim=0):
        ctx.dim_arg = dim
        if not tensors:
            raise ValueError("torch.cat(): expected a non-empty list of Tensors")
        d = _joined_as_they_are(tensors, dim)
        if d is not None:
            ctx.skipped, ctx.dim, ctx.sizes = None, d, [t._data.shape[d] for t in tensors]
            return wrap(np.concatenate([t._data for t in tensors], axis=d))
        for i, t in enumerate(tensors):
            if t.ndim == 0:
                raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
        want = dtypes.result_type(tensors)
        # torch's legacy rule: a 1-d empty tensor (torch.tensor([])) is skipped, whatever the others' shapes
        ctx.skipped = [t.ndim == 1 and t.shape[0] == 0 for t in tensors]
        kept = [t for t, skip in zip(tensors, ctx.skipped) if not skip]
        if not kept:
            ctx.dim, ctx.sizes = 0, []
            return wrap(np.zeros((0,), want.np))
        if len(kept) == len(tensors):
            ctx.skipped = None
        first = kept[0]
        d = first._wrap_dim(dim)
        for i, t in enumerate(tensors):
            if ctx.skipped and ctx.skipped[i] or t is first:
                continue
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
        ctx.dim, ctx.sizes = d, [t.shape[d] for t in kept]
        return wrap(np.concatenate([t._data for t in kept], axis=d).astype(want.np, copy=False))

    @staticmethod
    def backward(ctx, grads, F):
        if F is ARRAYS:
            pieces = F.split(grads[0], ctx.sizes, ctx.dim) if ctx.sizes else ()
        else:
            pieces = _narrowed(grads[0], ctx.dim, ctx.sizes)
        if not ctx.skipped:
            return tuple(pieces)
        pieces, empty = iter(pieces), F.constant(np.zeros((0,), ARRAYS.value(grads[0]).dtype))
        return tuple([empty if skip else next(pieces) for skip in ctx.skipped])


class Stack(Op):
    """result = the tensors joined along a new dim"""

    node_name = "StackBackward0"
    formula = {"tensors": "grad.unbind(dim)"}
    saved_values = {"dim": "dim_arg"}

    @staticmethod
    def forward(ctx, *tensors, dim=0):
        ctx.dim_arg = dim
        if not tensors:
            raise RuntimeError("stack expects a non-empty TensorList")
        first, kind = tensors[0]._data.shape, tensors[0]._data.dtype
        mixed = False
        for i, t in enumerate(tensors[1:], 1):
            if t._data.shape != first:
                raise RuntimeError(
                    f"stack expects each tensor to be equal size, but got {shape_text(first)} at entry 0 and "
                    f"{shape_text(t._data.shape)} at entry {i}"
                )
            mixed = mixed or t._data.dtype is not kind
        ctx.dim = tensors[0]._wrap_dim(dim, len(first) + 1)
        out = np.stack([t._data for t in tensors], axis=ctx.dim)
        return wrap(out.astype(dtypes.result_type(tensors).np, copy=False) if mixed else out)

    @staticmethod
    def backward(ctx, grads, F):
        if F is ARRAYS:
            return tuple(F.unbind(grads[0], ctx.dim))
        from .indexing import Select

        # torch's stack_tensors_backward: one select of the gradient per input (SelectBackward0 each), at the dim
        # as given
        return tuple(Select.apply(grads[0], dim=ctx.dim, index=i, dim_arg=ctx.dim_arg)
                     for i in range(grads[0].shape[ctx.dim]))


def _narrowed(grad, dim, sizes):
    """torch's cat_tensors_backward on Tensors: each input's part of ``grad`` by its own narrow (SliceBackward0)."""
    from .indexing import Slice

    starts = np.cumsum((0,) + tuple(sizes))
    return tuple(Slice.apply(grad, dim=dim, start=int(s), end=int(s + n), step=1) for s, n in zip(starts, sizes))


class Flip(Op):
    """result = self with the order of its elements reversed along each of ``dims`` (a copy, not a view)"""

    node_name = "FlipBackward0"
    formula = {"self": "grad.flip(dims)"}
    saved_values = {"dims": "saved_dims"}

    @staticmethod
    def forward(ctx, a, *, dims):
        from ._util import as_saved_int
        from .reduce import normalize_dims

        ctx.dims, ctx.saved_dims = normalize_dims(a, dims), as_saved_int(tuple(dims))
        return wrap(np.flip(a._data, ctx.dims).copy())


class Roll(Op):
    """result = self with its elements shifted by ``shifts`` along ``dims`` (flattened when no dims), those pushed
    past the end coming round to the start (a copy)"""

    node_name = "RollBackward0"
    formula = {"self": "grad.roll(back, dims)"}  # back: the shifts negated
    saved_values = {"dims": "saved_dims", "shifts": "saved_shifts"}

    @staticmethod
    def forward(ctx, a, *, shifts, dims):
        from ._util import as_saved_int

        if len(shifts) != len(dims) and (dims or len(shifts) != 1):
            raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
        ctx.dims = tuple(a._wrap_dim(d) for d in dims)
        ctx.back = tuple(-s for s in shifts)
        ctx.saved_dims, ctx.saved_shifts = as_saved_int(tuple(dims)), as_saved_int(tuple(shifts))
        if not ctx.dims:
            return wrap(np.roll(a._data, shifts[0]))
        return wrap(np.roll(a._data, shifts, ctx.dims))


class Rot90(Op):
    """result = self turned ``k`` quarter turns in the plane of ``dims``, from the first dim towards the second (a
    copy, laid out as torch's: a flip, then a transpose for odd ``k``)"""

    node_name = "Rot90Backward0"
    formula = {"self": "grad.rot90(-k, dims)"}
    saved_values = {"k": "saved_k", "dims": "saved_dims"}

    @staticmethod
    def forward(ctx, a, *, k, dims):
        from ._util import as_saved_int

        if len(dims) != 2:
            raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
        if a.ndim < 2:
            raise RuntimeError(f"expected total dims >= 2, but got total dims = {a.ndim}")
        d0, d1 = a._wrap_dim(dims[0]), a._wrap_dim(dims[1])
        if d0 == d1:
            raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {dims[0]} and dim1 = {dims[1]}")
        ctx.k, ctx.dims = k, tuple(dims)
        ctx.saved_k, ctx.saved_dims = as_saved_int(k), as_saved_int(tuple(dims))
        turns = k % 4
        if turns == 0:
            return wrap(a._data.copy())
        if turns == 2:
            return wrap(np.flip(a._data, (d0, d1)).copy())
        flipped = np.flip(a._data, d1 if turns == 1 else d0).copy()
        return wrap(np.swapaxes(flipped, d0, d1))


def repeat_backward(grad, repeats, shape, F=TENSORS):
    """torch's ``repeat_backward``: the gradient of each copy of self summed back into self's shape, on carrier
    ``F``. As torch's: zeros if any repeat is 0; each dim that ``repeats`` added in front summed away by a
    ``sum(0)`` of its own; then one reshape that splits each repeated dim into (repeat, size) and one sum over the
    repeats, both left out when every remaining repeat is 1 (the gradient then passes as it is)."""
    if 0 in repeats:
        return F.constant(np.zeros(shape, dtype=ARRAYS.value(grad).dtype))
    for _ in range(len(repeats) - len(shape)):
        grad = F.sum(grad, 0)
    split, dims = [], []
    for r, s in zip(repeats[len(repeats) - len(shape) :], shape):
        if r != 1:
            split.append(r)
            dims.append(len(split) - 1)
        split.append(s)
    if not dims:
        return grad
    return F.sum(F.reshape(grad, tuple(split)), tuple(dims))


class Repeat(Op):
    """result = self tiled ``repeats`` times along each dim (leading repeats add dims)"""

    node_name = "RepeatBackward0"
    formula = {"self": "repeat_backward(grad, repeats, self.shape)"}
    saved_values = {"repeats": "repeats", "self_sym_sizes": "shape"}

    @staticmethod
    def forward(ctx, a, *, repeats):
        if len(repeats) < a.ndim:
            raise RuntimeError(
                "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
            )
        ctx.repeats, ctx.shape = repeats, tuple(a.shape)
        padded = (1,) * (len(repeats) - a.ndim) + ctx.shape
        sizes = [r * s for r, s in zip(repeats, padded)]
        for s in sizes:
            if s < 0:
                raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {shape_text(sizes)}")
        return wrap(np.tile(a._data.reshape(padded), repeats))

    @staticmethod
    def backward(ctx, grads, F):
        return (repeat_backward(grads[0], ctx.repeats, ctx.shape, F),)
