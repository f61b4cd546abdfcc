"""Products and distances, as torch 2.13 computes them: ``tensordot``, ``inner`` and ``kron`` composed as torch's ATen
composes them (so their graphs show torch's PermuteBackward0, ViewBackward0, MmBackward0, ... nodes), and ``vdot``,
``cross``, ``dist``, ``cdist``, ``pairwise_distance``, ``addmv``, ``addr``, ``baddbmm``, ``addbmm`` and ``block_diag``
with torch's own nodes (:mod:`minigrad.ops.products`). Each is exported as ``minigrad.<name>`` by this module's
``__all__`` and registered as Tensor methods where torch has them."""

import inspect
import math
import numbers

import numpy as np

from . import dtypes
from .arguments import must_be_tensor, word
from .functional import _refuse_bool_subtraction, _tensor_list, addmm
from .ops import elementwise as E
from .ops import products as P
from .ops._util import infer_size, not_implemented, wrap
from .ops.inplace import apply_inplace
from .ops.linalg import Dot, Mm
from .ops.shape import UnsafeView, expanded_shape
from .public import parser_error, public
from .size import shape_text
from .tensor import Tensor
from .torch_warnings import internal, user_stacklevel, warn_once
from .tracebacks import shown_here

__all__ = [
    "addbmm", "addmv", "addr", "baddbmm", "block_diag", "cdist", "cross", "dist", "inner", "kron", "pairwise_distance",
    "tensordot", "vdot",
]  # fmt: skip


def _dims_text(dims):
    return f"tensor({dims.tolist()})" if isinstance(dims, Tensor) else str(dims)


def tensordot(a, b, dims=2, out=None):
    """Mirror ``torch.tensordot``: the sum of products of ``a`` and ``b`` over the last ``dims`` dims of ``a`` and the
    first of ``b`` (or the dims of two lists), as torch's ATen computes it: both permuted so that the contracted dims
    meet, reshaped to matrices, multiplied by ``mm`` (``dot`` when nothing is left over) and reshaped to the result
    (a contracted dim of size 1 on one side is summed away first)."""
    if not isinstance(dims, (tuple, list, Tensor, int)):
        raise RuntimeError(
            "tensordot expects dims to be int or tuple[list[int], list[int]] or list[list[int]] containing two "
            f"lists, but got dims={dims}"
        )
    if isinstance(dims, (tuple, list)):
        dims_a, dims_b = dims
    elif isinstance(dims, Tensor):
        if dims.numel() > 1:
            if dims.shape[0] != 2:
                raise AssertionError(f"dims tensor must have size 2 in first dimension, got {dims.shape[0]}")
            dims_a, dims_b = dims[0].tolist(), dims[1].tolist()
        else:
            value = int(dims.item())
            if value < 0:
                raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
            dims_a, dims_b = list(range(-value, 0)), list(range(value))
    else:
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > min(a.dim(), b.dim()):
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        dims_a, dims_b = list(range(-dims, 0)), list(range(dims))
    for name, d in (("dims_self", dims_a), ("dims_other", dims_b)):
        if not isinstance(d, (list, tuple)) or not all(isinstance(i, int) for i in d):
            position = 3 if name == "dims_self" else 4
            raise TypeError(
                f"tensordot(): argument '{name}' (position {position}) must be tuple of ints, not {word(d)}"
            )
    if out is not None:
        from .outputs import write_out

        return write_out("tensordot", out, lambda: _tensordot(a, b, list(dims_a), list(dims_b)), a, b)
    return _tensordot(a, b, list(dims_a), list(dims_b))


def _tensordot(input1, input2, dims1, dims2):
    """torch's ATen ``tensordot(input1, input2, dims1, dims2)``."""
    if len(dims1) != len(dims2):
        raise RuntimeError("both dimension lists should have same length")
    if input1.dtype is not input2.dtype:
        raise RuntimeError("both inputs should have same dtype")
    csize = 1
    t1, t2 = input1, input2
    for d1, d2 in zip(dims1, dims2):
        s1, s2 = input1.shape[input1._wrap_dim(d1)], input2.shape[input2._wrap_dim(d2)]
        if s2 == 1:  # broadcast dims are summed right away
            t1 = t1.sum(d1, True, dtype=t1.dtype)
        elif s1 == 1:
            t2 = t2.sum(d2, True, dtype=t2.dtype)
        else:
            if s1 != s2:
                raise RuntimeError(
                    f"contracted dimensions need to match, but first has size {s1} in dim {d1} and second has size "
                    f"{s2} in dim {d2}"
                )
            csize *= s1
    cdims1, cdims2 = _bitset(dims1, input1), _bitset(dims2, input2)
    p1 = [i for i in range(input1.ndim) if i not in cdims1] + list(dims1)
    p2 = list(dims2) + [i for i in range(input2.ndim) if i not in cdims2]
    rsizes = [t1.shape[i] for i in range(input1.ndim) if i not in cdims1]
    rsizes += [t2.shape[i] for i in range(input2.ndim) if i not in cdims2]
    size1 = math.prod(rsizes[: input1.ndim - len(cdims1)])
    size2 = math.prod(rsizes[input1.ndim - len(cdims1):])
    if not rsizes:  # nothing left over: a dot product of the flattened inputs
        return Dot.apply(t1.permute(p1).flatten(), t2.permute(p2).flatten()).reshape(())
    t1 = t1.permute(p1).reshape(size1, csize)
    t2 = t2.permute(p2).reshape(csize, size2)
    return Mm.apply(t1, t2).reshape(rsizes)


def _bitset(dims, t):
    """torch's ``dim_list_to_bitset``: the dims, wrapped, with its error for a dim given twice."""
    seen = set()
    for d in dims:
        w = t._wrap_dim(d)
        if w in seen:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        seen.add(w)
    return seen


@public("inner", function=False, parse=True)
def inner(input, other, *, out=None):
    """Mirror ``torch.inner``: the sum of products over the last dim of both (``tensordot`` over dims -1 and -1);
    a 0-d operand multiplies (MulBackward0)."""
    for name, t, position in (("input", input, 1), ("other", other, 2)):
        if not isinstance(t, Tensor):
            raise must_be_tensor("inner", name, position, t)
    if out is not None:
        from .outputs import write_out

        return write_out("inner", out, lambda: inner(input, other), input, other)
    if input.ndim == 0 or other.ndim == 0:
        return input * other
    if input.shape[-1] != other.shape[-1]:
        raise RuntimeError(
            "inner() the last dimension must match on both input tensors but got shapes "
            f"{shape_text(input.shape)} and {shape_text(other.shape)}"
        )
    return _tensordot(input, other, [-1], [-1])


@public("vdot", function=False, parse=True)
def vdot(input, other):
    """Mirror ``torch.vdot``: the dot product of two vectors (conjugating the first, for complex numbers: minigrad
    has none), VdotBackward0."""
    if input.dtype is dtypes.bool_ and other.dtype is dtypes.bool_:
        raise NotImplementedError("\"dot\" not implemented for 'Bool'")
    return P.Vdot.apply(input, other)


@public("kron", function=False, parse=True)
def kron(input, other):
    """Mirror ``torch.kron``: the Kronecker product, as torch's ATen computes it: each input viewed with a 1 put after
    (``input``) or before (``other``) each dim, multiplied (broadcast) and viewed as the result (UnsafeViewBackward0
    over MulBackward0)."""
    ndim = max(input.ndim, other.ndim)
    sa = (1,) * (ndim - input.ndim) + tuple(input.shape)
    sb = (1,) * (ndim - other.ndim) + tuple(other.shape)
    a_shape = tuple(s for size in sa for s in (size, 1))
    b_shape = tuple(s for size in sb for s in (1, size))
    product = UnsafeView.apply(input, shape=a_shape) * UnsafeView.apply(other, shape=b_shape)
    return UnsafeView.apply(product, shape=tuple(x * y for x, y in zip(sa, sb)))


_CROSS_WARNING = internal(
    "Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim explicitly or simply "
    "use torch.linalg.cross.\nThe default value of dim will change to agree with that of linalg.cross in a future "
    "release.", "aten/src/ATen/native/Cross.cpp:63",
)


@public("cross", function=False, parse=True)
def cross(input, other, dim=None, *, out=None):
    """Mirror ``torch.cross``: ``linalg.cross`` along ``dim``; without ``dim``, along the first dim of size 3, with
    torch's deprecation warning (once per process)."""
    if dim is None:
        warn_once(_CROSS_WARNING, stacklevel=user_stacklevel())
        dim = next((i for i, s in enumerate(input.shape) if s == 3), None)
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    if out is not None:
        from .outputs import write_out

        return write_out("linalg_cross", out, lambda: linalg_cross(input, other, dim=dim), input, other)
    return linalg_cross(input, other, dim=dim)


def linalg_cross(input, other, *, dim=-1):
    """Mirror ``torch.linalg.cross``: the cross product of 3-vectors along ``dim``, the inputs (of one number of
    dims) broadcast (LinalgCrossBackward0, second order too)."""
    if input.ndim != other.ndim:
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    s1, s2 = input.shape[input._wrap_dim(dim)], other.shape[other._wrap_dim(dim)]
    if s1 != 3 or s2 != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got {s1} and {s2}")
    infer_size(input.shape, other.shape)
    if input.dtype is dtypes.bool_:  # torch looks for the input's kernel before it compares the dtypes
        raise not_implemented("cross", input.dtype)
    if input.dtype is not other.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype.scalar_name} but found {other.dtype.scalar_name}")
    return P.LinalgCross.apply(input, other, dim=dim)


@public("dist", function=False, parse=True)
def dist(input, other, p=2):
    """Mirror ``torch.dist``: the ``p``-norm of ``input - other`` (broadcast), DistBackward0."""
    if not isinstance(p, numbers.Number):
        raise must_be_tensor("dist", "p", 3, p, "Number")
    infer_size(input.shape, other.shape)
    if input.dtype is dtypes.bool_ or other.dtype is dtypes.bool_:
        _refuse_bool_subtraction(input, other)
    return P.Dist.apply(input, other, p=p)


_MODES = {"use_mm_for_euclid_dist_if_necessary": None, "use_mm_for_euclid_dist": 1, "donot_use_mm_for_euclid_dist": 2}


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """Mirror ``torch.cdist``: the ``p``-norm distance between each row of ``x1`` and each row of ``x2`` (batches
    broadcast). As in torch, for p = 2 with more than 25 rows on a side (or ``compute_mode='use_mm_for_euclid_dist'``)
    it is computed from matrix products (EuclideanDistBackward0, viewed: ViewBackward0), else directly
    (CdistBackward0, whose own derivative torch does not implement)."""
    if compute_mode not in _MODES:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    mode = _MODES[compute_mode]
    if x1.ndim < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X1 got: {x1.ndim}D")
    if x2.ndim < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X2 got: {x2.ndim}D")
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError(
            f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} X2: {x2.shape[-1]}"
        )
    for name, t in (("X1", x1), ("X2", x2)):
        if not t.dtype.is_floating_point:
            raise RuntimeError(f"cdist only supports floating-point dtypes, {name} got: {t.dtype.scalar_name}")
    p = float(p)
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    if mode is not None and mode not in (0, 1, 2):
        raise RuntimeError(f"possible modes: 0, 1, 2, but was: {mode}")
    batch = tuple(infer_size(x1.shape[:-2], x2.shape[:-2]))
    r1, r2, c = x1.shape[-2], x2.shape[-2], x1.shape[-1]
    use_mm = p == 2 and (mode == 1 or (mode is None and (r1 > 25 or r2 > 25)))
    if x1.dtype is dtypes.float16 and not use_mm:  # torch's direct kernel has no float16 version, its mm one has
        raise not_implemented("cdist", x1.dtype)
    if x1.dtype is not x2.dtype:
        raise RuntimeError(f"expected scalar type {x1.dtype.scalar_name} but found {x2.dtype.scalar_name}")
    count = math.prod(batch)
    if x1.numel() == 0 or x2.numel() == 0 or not use_mm or r1 == 0 or r2 == 0 or count == 0 or c == 0:
        return P.Cdist.apply(x1, x2, p=p)
    if count != 1:  # torch's cdist_impl: each side expanded to the batch, made contiguous, viewed as one batch dim
        x1 = x1.expand(*batch, r1, c).contiguous().view(count, r1, c)
        x2 = x2.expand(*batch, r2, c).contiguous().view(count, r2, c)
    return P.EuclideanDist.apply(x1, x2).view(*batch, r1, r2)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """Mirror ``torch.pairwise_distance`` (and ``nn.functional.pairwise_distance``): ``norm(x1 - x2 + eps, p)`` over
    the last dim, as torch's ATen writes it (NormBackward1 over AddBackward1 over SubBackward0)."""
    for name, t, position in (("x1", x1, 1), ("x2", x2, 2)):
        if not isinstance(t, Tensor):
            raise must_be_tensor("pairwise_distance", name, position, t)
    ndim = max(x1.ndim, x2.ndim)
    return P.Norm.apply(E.AddScalar.apply(x1 - x2, other=eps), p=float(p), dim=(ndim - 1,), keepdim=keepdim)


@public("addmv", function=False, parse=True)
def addmv(input, mat, vec, *, beta=1, alpha=1):
    """Mirror ``torch.addmv``: ``beta * input + alpha * (mat @ vec)``, ``input`` broadcast to the product's length
    (AddmvBackward0; ``input`` ignored when beta is 0)."""
    if mat.ndim != 2 or vec.ndim != 1 or input.ndim > 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got {input.ndim}, {mat.ndim}, {vec.ndim}")
    if mat.shape[1] != vec.shape[0] or not (input.numel() == 1 or input.shape == (mat.shape[0],)):
        raise RuntimeError(
            f"size mismatch, got input ({input.shape[0] if input.ndim else 1}), mat ({mat.shape[0]}x{mat.shape[1]}), "
            f"vec ({vec.shape[0]})"
        )
    if not (input.dtype is mat.dtype is vec.dtype):
        raise RuntimeError(
            f"addmv input tensors must have the same dtype, but got {input.dtype.scalar_name}, "
            f"{mat.dtype.scalar_name}, and {vec.dtype.scalar_name}"
        )
    return P.Addmv.apply(input, mat, vec, beta=beta, alpha=alpha)


@public("addr", function=False, parse=True)
def addr(input, vec1, vec2, *, beta=1, alpha=1):
    """Mirror ``torch.addr``: ``beta * input + alpha * outer(vec1, vec2)`` (the dtypes promoted, ``input``
    broadcast), AddrBackward0."""
    for name, v in (("vec1", vec1), ("vec2", vec2)):
        if v.ndim != 1:
            raise RuntimeError(f"addr: Expected 1-D argument {name}, but got {v.ndim}-D")
    expanded_shape(input.shape, (vec1.shape[0], vec2.shape[0]), input.dtype)
    dtype = dtypes.result_type((input, vec1, vec2))
    if dtype is not dtypes.bool_:
        for name, value in (("beta", beta), ("alpha", alpha)):
            if isinstance(value, bool):
                raise RuntimeError(f"Boolean {name} only supported for Boolean results.")
    P._check_scalars(dtype, beta, alpha)
    return P.Addr.apply(input, vec1, vec2, beta=beta, alpha=alpha, dtype=dtype)


def _size(t, dim):
    """``t.size(dim)``, with torch's IndexError for a dim out of range."""
    return t.shape[t._wrap_dim(dim)]


def _check_batches(batch1, batch2):
    for name, t in (("batch1", batch1), ("batch2", batch2)):
        if t.ndim != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")


@public("baddbmm", function=False, parse=True)
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """Mirror ``torch.baddbmm``: ``beta * input + alpha * (batch1 @ batch2)``, one product per batch index, ``input``
    broadcast to the result (BaddbmmBackward0; small products round as ``bmm``)."""
    expanded_shape(input.shape, (_size(batch1, 0), _size(batch1, 1), _size(batch2, 2)), input.dtype)
    _check_batches(batch1, batch2)
    b, n, m = batch1.shape
    if batch2.shape[0] != b or batch2.shape[1] != m:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{b}, {m}] but got: "
            f"[{batch2.shape[0]}, {batch2.shape[1]}]."
        )
    if batch1.dtype is not batch2.dtype:
        raise RuntimeError(f"expected scalar type {batch1.dtype.scalar_name} but found {batch2.dtype.scalar_name}")
    if input.dtype is not batch1.dtype:
        raise RuntimeError(
            f"Input dtypes must be the same, got: input {input.dtype.c_name}, batch1: {batch1.dtype.c_name}, "
            f"batch2: {batch2.dtype.c_name}"
        )
    return P.Baddbmm.apply(input, batch1, batch2, beta=beta, alpha=alpha)


@public("addbmm", function=False, parse=True)
def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """Mirror ``torch.addbmm``: ``beta * input + alpha * (the sum over the batch of batch1[b] @ batch2[b])``, added
    one product at a time as torch's kernel does (AddbmmBackward0)."""
    expanded_shape(input.shape, (_size(batch1, 1), _size(batch2, 2)), input.dtype)
    _check_batches(batch1, batch2)
    if batch1.shape[0] != batch2.shape[0]:
        raise RuntimeError(
            f"batch1 and batch2 must have same number of batches, got {batch1.shape[0]} and {batch2.shape[0]}"
        )
    if batch1.shape[2] != batch2.shape[1]:
        raise RuntimeError(
            f"Incompatible matrix sizes for bmm ({batch1.shape[1]}x{batch1.shape[2]} and "
            f"{batch2.shape[1]}x{batch2.shape[2]})"
        )
    for t in (input, batch1):
        if t.dtype is not batch2.dtype:
            raise RuntimeError(
                f"self and mat2 must have the same dtype, but got {t.dtype.scalar_name} and {batch2.dtype.scalar_name}"
            )
    return P.Addbmm.apply(input, batch1, batch2, beta=beta, alpha=alpha)


def block_diag(*tensors):
    """Mirror ``torch.block_diag``: the tensors (0-d as 1x1, 1-d as one row, 2-d) along the diagonal of a matrix of
    zeros, in their promoted dtype (BlockDiagBackward0)."""
    tensors = _tensor_list(list(tensors), "block_diag")
    for i, t in enumerate(tensors):
        if t.ndim > 2:
            raise RuntimeError(
                f"torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {i} has {t.ndim} dimensions"
            )
    if not tensors:
        return wrap(np.zeros((1, 0), dtypes.get_default_dtype().np))
    dtype = tensors[0].dtype
    for t in tensors[1:]:  # torch's promoteTypes, whatever the dims
        dtype = dtypes.promote_types(dtype, t.dtype)
    return P.BlockDiag.apply(*tensors, dtype=dtype)


def _inplace(fn, name, check):
    """``Tensor.<name>``: ``fn`` written into the tensor, after ``check(self, *tensors)`` (torch's errors for a
    result of another shape); arguments that fit none of torch's signatures get its parser's TypeError under
    ``name`` (``x.addmv_(m, v, 1)``: "addmv_() takes 2 positional arguments but 3 were given")."""
    signature = inspect.signature(fn)

    def method(self, *args, **kwargs):
        try:
            bound = signature.bind(self, *args, **kwargs)  # tensors given by name (``mat=m``) reach the check too
            check(*bound.args)
            return apply_inplace(self, lambda a, *rest: fn(a, *rest, **bound.kwargs), *bound.args[1:])
        except Exception as error:
            raise shown_here(parser_error(name, args, kwargs, True) or error) from None

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Mirror ``Tensor.{name}``: ``{fn.__name__}`` written into this tensor in place."
    method.__wrapped__ = fn  # its parameters, for torch's keywords
    setattr(Tensor, name, method)


def _bad_inplace(self, shape):
    if tuple(self.shape) != tuple(shape):
        raise RuntimeError(
            f"Bad in-place call: input tensor size {shape_text(self.shape)} and output tensor size "
            f"{shape_text(shape)} should match"
        )


def _addr_shape(self, vec1, vec2):
    if self.ndim != 2:
        raise RuntimeError(f"2D tensor expected, got {self.ndim}D tensor for input")
    if tuple(self.shape) != (vec1.shape[0], vec2.shape[0]):
        raise RuntimeError(
            f"size mismatch, input: {shape_text(self.shape)}, v1: {shape_text(vec1.shape)}, "
            f"v2: {shape_text(vec2.shape)}"
        )


def _addmm_shape(self, mat1, mat2):
    if mat1.ndim == mat2.ndim == 2 and mat1.shape[1] == mat2.shape[0]:  # else addmm's own error comes first
        _bad_inplace(self, (mat1.shape[0], mat2.shape[1]))


_inplace(addmv, "addmv_", lambda self, mat, vec: _bad_inplace(self, mat.shape[:1]))
_inplace(addr, "addr_", _addr_shape)
_inplace(baddbmm, "baddbmm_", lambda self, b1, b2: _bad_inplace(self, (b1.shape[0], b1.shape[1], b2.shape[-1])))
_inplace(addbmm, "addbmm_", lambda self, b1, b2: None)
_inplace(addmm, "addmm_", _addmm_shape)
