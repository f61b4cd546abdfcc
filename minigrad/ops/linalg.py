"""Products: mm, mv, dot, and ``matmul``, which picks one of them by the inputs' dims as torch does."""

import numpy as np

from ._util import binary_result, needs_grad, not_implemented, wrap
from .op import Op, keep_sizes_and_strides
from .shape import SqueezeDim, UnsafeView

_KERNELS = {"mm": "addmm_impl_cpu_", "mv": "addmv_impl_cpu", "dot": "dot", "bmm": "bmm"}  # torch's, for bools


def _check_same_dtype(name, a, b):
    """torch's errors for operands of two dtypes, then for bools (its product kernels have no bool version)."""
    if a._data.dtype != b._data.dtype:
        ka, kb = a.dtype.scalar_name, b.dtype.scalar_name
        raise RuntimeError(
            f"expected m1 and m2 to have the same dtype, but got: {a.dtype.c_name} != {b.dtype.c_name}"
            if name == "mm"
            else f"addmv input tensors must have the same dtype, but got {kb}, {ka}, and {kb}"
            if name == "mv"
            else f"expected scalar type {ka} but found {kb}"
            if name == "bmm"
            else f"{name} : expected both vectors to have same dtype, but found {ka} and {kb}"
        )
    if a._data.dtype == np.bool_:
        raise not_implemented(_KERNELS[name], a.dtype)


def is_column_major(t):
    """Whether ``t`` is a transposed matrix in memory, such as ``weight.t()`` in ``nn.Linear``."""
    flags = t._data.flags
    return flags.f_contiguous and not flags.c_contiguous


# The gradient of mat2 in ``mat1 @ mat2``, computed as torch's ``mm_mat2_backward`` does: for a column-major
# mat2 (``weight.t()`` in nn.Linear), as ``(grad.t() @ mat1).t()``, so that it is laid out like mat2 and a
# Linear layer's weight gets a gradient laid out like itself, with no transposing copy.
MAT2_GRAD = "(grad.t() @ {mat1}).t() if mat2_column_major else {mat1}.t() @ grad"
# And mat1's, as ``mm_mat1_backward`` does: for a column-major mat1 (``x.T @ x``), as ``(mat2 @ grad.t()).t()``.
MAT1_GRAD = "({mat2} @ grad.t()).t() if {mat1}_column_major else grad @ {mat2}.t()"


class Mm(Op):
    """result = self @ mat2, both 2-D"""

    node_name = "MmBackward0"
    formula = {"self": MAT1_GRAD.format(mat1="self", mat2="mat2"), "mat2": MAT2_GRAD.format(mat1="self")}
    saved_names = ("self", "mat2")
    saved_values = {k: k for k in ("mat2_sym_sizes", "mat2_sym_strides", "self_sym_sizes", "self_sym_strides")}

    @staticmethod
    def forward(ctx, a, b):
        if a.ndim != 2 or b.ndim != 2:
            bad, which = (a, "self") if a.ndim != 2 else (b, "mat2")
            raise RuntimeError(f"{which} must be a matrix")
        sa, sb = a._data.shape, b._data.shape
        if sa[1] != sb[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({sa[0]}x{sa[1]} and {sb[0]}x{sb[1]})")
        _check_same_dtype("mm", a, b)
        ctx._save((a if needs_grad(b) else None, b if needs_grad(a) else None))
        keep_sizes_and_strides(ctx, ("self", "mat2"), a, b)
        ctx.self_column_major, ctx.mat2_column_major = is_column_major(a), is_column_major(b)
        return wrap(a._data @ b._data)


class Mv(Op):
    """result = self @ vec, a matrix times a vector"""

    node_name = "MvBackward0"
    formula = {"self": "outer(grad, vec)", "vec": "self.t() @ grad"}
    saved_names = ("self", "vec")

    @staticmethod
    def forward(ctx, a, v):
        if a.ndim != 2 or v.ndim != 1:
            raise RuntimeError(f"vector + matrix @ vector expected, got {v.ndim}, {a.ndim}, {v.ndim}")
        if a.shape[1] != v.shape[0]:
            raise RuntimeError(
                f"size mismatch, got input ({a.shape[0]}), mat ({a.shape[0]}x{a.shape[1]}), vec ({v.shape[0]})"
            )
        _check_same_dtype("mv", a, v)
        ctx._save((a if needs_grad(v) else None, v if needs_grad(a) else None))
        return wrap(a._data @ v._data)


# torch's CPU dot of a few floats (MKL's kernel; each of 1000 or more random vectors per length agreed): float32 vectors
# of up to 8 elements add their products into 4 interleaved accumulators that start at 0 and are summed in pairs,
# float64 vectors of up to 4 into 2. numpy's BLAS picks its kernel by the CPU (on AVX-512 it fuses the multiply-adds),
# so these are computed here, the same on every machine; longer vectors go to numpy's BLAS.
_SMALL_DOT = {np.dtype(np.float32): (8, 4), np.dtype(np.float64): (4, 2)}


def dot_arrays(a, b):
    """``a @ b`` of two vectors of numpy arrays, as a 0-d array, added up as torch's CPU dot adds them."""
    small = _SMALL_DOT.get(a.dtype)
    if small is None or a.shape[0] > small[0] or b.dtype != a.dtype:
        return np.asarray(a @ b)
    products = np.zeros(small[0], a.dtype)  # zeros: what the accumulators start from
    np.multiply(a, b, out=products[: a.shape[0]])
    acc = products.reshape(2, small[1]).sum(axis=0)  # each lane's two terms, in order
    total = (acc[0] + acc[1]) + (acc[2] + acc[3]) if small[1] == 4 else acc[0] + acc[1]
    return np.asarray(total + a.dtype.type(0))  # + 0: an accumulator starting at 0 never ends at -0


class Dot(Op):
    """result = sum(self * tensor), two vectors"""

    node_name = "DotBackward0"
    formula = {"self": "grad * tensor", "tensor": "grad * self"}
    saved_names = ("self", "tensor")

    @staticmethod
    def forward(ctx, a, b):
        if a.ndim != 1 or b.ndim != 1:
            raise RuntimeError(
                f"1D tensors expected, but got {a.ndim}D and {b.ndim}D tensors"
            )
        if a.shape[0] != b.shape[0]:
            raise RuntimeError(
                f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] to have the same "
                f"number of elements, but got {a.shape[0]} and {b.shape[0]} elements respectively"
            )
        _check_same_dtype("dot", a, b)
        ctx._save((a if needs_grad(b) else None, b if needs_grad(a) else None))
        return wrap(dot_arrays(a._data, b._data))


def bmm_kernel(a, b):
    """``a @ b`` of numpy arrays (batches of matrices) rounded as torch's CPU bmm kernel: when the product is
    small (contraction size * rows * columns < 400), its sum over k one product at a time, in float32 for half
    (its ``baddbmm_cpu_kernel``); otherwise, and for integers (exact either way), numpy's matmul (torch calls its
    BLAS there, whose rounding numpy's need not share)."""
    n, k = a.shape[-2:]
    p = b.shape[-1]
    if a.dtype.kind != "f" or a.dtype != b.dtype or k == 0 or k * n * p >= 400 or b.shape[-2] != k:
        return np.matmul(a, b)
    acc_dtype = np.dtype(np.float32) if a.dtype == np.float16 else a.dtype
    acc = np.zeros(np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (n, p), acc_dtype)
    for i in range(k):
        acc += a[..., :, i, None].astype(acc_dtype, copy=False) * b[..., None, i, :].astype(acc_dtype, copy=False)
    return acc.astype(a.dtype, copy=False)


class BatchMatmul(Op):
    """result = self @ mat2 for two batches of matrices (3-D), one product per batch index"""

    node_name = "BmmBackward0"
    formula = {"self": "grad.bmm(mat2.transpose(1, 2))", "mat2": "self.transpose(1, 2).bmm(grad)"}
    saved_names = ("self", "mat2")

    @staticmethod
    def forward(ctx, a, b):
        _check_same_dtype("bmm", a, b)
        ctx._save((a if needs_grad(b) else None, b if needs_grad(a) else None))
        try:
            return binary_result(bmm_kernel(a._data, b._data), a, b)
        except ValueError:
            raise RuntimeError(
                f"Expected size for first two dimensions of batch2 tensor to be: [{a.shape[0]}, "
                f"{a.shape[-1]}] but got: [{b.shape[0]}, {b.shape[-2]}]."
            ) from None


def matmul(a, b):
    """Mirror ``torch.matmul``: dot, mv or mm by the inputs' dims, with torch's graph for each case."""
    if a.ndim == 0 or b.ndim == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {a.ndim}D and {b.ndim}D"
        )
    if a.ndim == 1 and b.ndim == 1:
        return Dot.apply(a, b)
    if a.ndim == 2 and b.ndim == 1:
        return Mv.apply(a, b)
    if a.ndim == 1 and b.ndim == 2:
        return Squeeze4.apply(Mm.apply(a.unsqueeze(0), b), dim=0)
    if a.ndim == 2 and b.ndim == 2:
        return Mm.apply(a, b)
    if a.ndim == 3 and b.ndim == 3:  # torch drops a batch of one that requires grad, so the other folds
        if a.shape[0] == 1 and b.shape[0] != 1 and a._requires_grad:
            return matmul(a.squeeze(0), b)
        if b.shape[0] == 1 and a.shape[0] != 1 and b._requires_grad:
            return matmul(a, b.squeeze(0))
    if _should_fold(a, b):
        return _folded(a, b)
    return _batched(a, b)


def _should_fold(a, b):
    """torch's ``should_fold``: a batch (3-D or more) times a vector or matrix becomes one mm/mv on the
    batch folded into rows, when the other operand requires grad or when folding needs no copy."""
    a_larger = a.ndim >= b.ndim
    big = a._data if a_larger else np.swapaxes(b._data, -1, -2)
    small = b if a_larger else a
    if big.ndim < 3 or small.ndim > 2:
        return False
    if small._requires_grad:
        return True
    if a.ndim == 2:  # the result would need a transposed copy
        return False
    if big.size == 0:
        return True
    strides, shape = big.strides, big.shape
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(big.ndim - 2))


def _folded(a, b):
    """torch's folded matmul: ``(batch * n, m) @ matrix-or-vector``, viewed back to the batch shape."""
    transpose = b.ndim > a.ndim
    big = b.mT if transpose else a
    small = (a.t() if a.ndim == 2 else a) if transpose else b
    shape = tuple(big.shape[:-1])
    folded = big.reshape(int(np.prod(shape, dtype=np.int64)), big.shape[-1])
    if small.ndim == 1:
        return UnsafeView.apply(folded.mv(small), shape=shape)
    out = UnsafeView.apply(folded.mm(small), shape=shape + (small.shape[1],))
    return out.mT.contiguous() if transpose else out


def _batched(a, b):
    """torch's batched matmul: both operands expanded to the broadcast batch shape, flattened to one
    batch dim for bmm, and the result viewed back."""
    n, m1, batch1 = (a.shape[-2] if a.ndim > 1 else 1), a.shape[-1], tuple(a.shape[:-2])
    m2, p, batch2 = (b.shape[-2] if b.ndim > 1 else b.shape[0]), (b.shape[-1] if b.ndim > 1 else 1), tuple(b.shape[:-2])
    batch = _broadcast_batch(batch1, batch2)
    count = int(np.prod(batch, dtype=np.int64))
    a3 = a.expand(*batch, n, m1).reshape(count, n, m1)
    if b.ndim == 1:
        out = BatchMatmul.apply(a3, b.expand(*batch, m2).reshape(count, m2).unsqueeze(2)).squeeze(-1)
    else:
        out = BatchMatmul.apply(a3, b.expand(*batch, m2, p).reshape(count, m2, p))
    return UnsafeView.apply(out, shape=batch + ((n,) if a.ndim > 1 else ()) + ((p,) if b.ndim > 1 else ()))


class Squeeze4(SqueezeDim):
    """the squeeze that ends ``vector @ matrix`` (torch's ``SqueezeBackward4``)"""

    node_name = "SqueezeBackward4"


def _broadcast_batch(s1, s2):
    """The broadcast of two batch shapes, or torch's error naming the first dim that does not match."""
    ndim = max(len(s1), len(s2))
    s1, s2 = (1,) * (ndim - len(s1)) + s1, (1,) * (ndim - len(s2)) + s2
    for i in reversed(range(ndim)):
        if s1[i] != s2[i] and s1[i] != 1 and s2[i] != 1:
            raise RuntimeError(
                f"The size of tensor a ({s1[i]}) must match the size of tensor b ({s2[i]}) at non-singleton "
                f"dimension {i}"
            )
    return tuple(max(x, y) for x, y in zip(s1, s2))
