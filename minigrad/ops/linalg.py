"""Products: mm, mv, dot, and ``matmul``, which picks one of them by the inputs' dims as torch does."""

import numpy as np

from ..autograd.function import Op
from ..tensor import _C_TYPE
from ._util import binary_result, needs_grad, wrap


def _check_same_dtype(name, a, b):
    if a._data.dtype != b._data.dtype:
        ka, kb = a.dtype.legacy[:-6], b.dtype.legacy[:-6]
        raise RuntimeError(
            f"expected m1 and m2 to have the same dtype, but got: {_C_TYPE[a.dtype.name]} != {_C_TYPE[b.dtype.name]}"
            if name == "mm"
            else f"addmv input tensors must have the same dtype, but got {kb}, {ka}, and {kb}"
            if name == "mv"
            else f"{name} : expected both vectors to have same dtype, but found {ka} and {kb}"
        )


class Mm(Op):
    """result = self @ mat2, both 2-D"""

    node_name = "MmBackward0"
    formula = {"self": "grad @ mat2.t()", "mat2": "self.t() @ grad"}

    @staticmethod
    def forward(ctx, a, b):
        if a.ndim != 2 or b.ndim != 2:
            bad, which = (a, "self") if a.ndim != 2 else (b, "mat2")
            raise RuntimeError(f"{which} must be a matrix")
        if a.shape[1] != b.shape[0]:
            raise RuntimeError(
                f"mat1 and mat2 shapes cannot be multiplied ({a.shape[0]}x{a.shape[1]} and "
                f"{b.shape[0]}x{b.shape[1]})"
            )
        _check_same_dtype("mm", a, b)
        ctx.save_for_backward(a if needs_grad(b) else None, b if needs_grad(a) else None)
        return wrap(a._data @ b._data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        da, db = ctx.needs_input_grad
        return grad.mm(b.t()) if da else None, a.t().mm(grad) if db else None


class Mv(Op):
    """result = self @ vec, a matrix times a vector"""

    node_name = "MvBackward0"
    formula = {"self": "outer(grad, vec)", "vec": "self.t() @ grad"}

    @staticmethod
    def forward(ctx, a, v):
        if a.ndim != 2 or v.ndim != 1:
            raise RuntimeError(f"vector + matrix @ vector expected, got {v.ndim}, {a.ndim}, {v.ndim}")
        if a.shape[1] != v.shape[0]:
            raise RuntimeError(
                f"size mismatch, got input ({a.shape[0]}), mat ({a.shape[0]}x{a.shape[1]}), vec ({v.shape[0]})"
            )
        _check_same_dtype("mv", a, v)
        ctx.save_for_backward(a if needs_grad(v) else None, v if needs_grad(a) else None)
        return wrap(a._data @ v._data)

    @staticmethod
    def backward(ctx, grad):
        a, v = ctx.saved_tensors
        da, dv = ctx.needs_input_grad
        return grad.unsqueeze(1).mm(v.unsqueeze(0)) if da else None, a.t().mv(grad) if dv else None


class Dot(Op):
    """result = sum(self * tensor), two vectors"""

    node_name = "DotBackward0"
    formula = {"self": "grad * tensor", "tensor": "grad * self"}

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
        ctx.save_for_backward(a if needs_grad(b) else None, b if needs_grad(a) else None)
        return wrap(np.asarray(a._data @ b._data))

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        da, db = ctx.needs_input_grad
        return grad * b if da else None, grad * a if db else None


class BatchMatmul(Op):
    """result = self @ other for inputs of 3 or more dims, broadcasting the batch dims"""

    node_name = "BmmBackward0"
    formula = {"self": "grad @ other.transpose(-1, -2)", "other": "self.transpose(-1, -2) @ grad"}

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        try:
            return binary_result(np.matmul(a._data, b._data), a, b)
        except ValueError:
            raise RuntimeError(
                f"Expected size for first two dimensions of batch2 tensor to be: [{a.shape[0]}, "
                f"{a.shape[-1]}] but got: [{b.shape[0]}, {b.shape[-2]}]."
            ) from None

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        da, db = ctx.needs_input_grad
        return (
            grad.matmul(b.transpose(-1, -2)) if da else None,
            a.transpose(-1, -2).matmul(grad) if db else None,
        )


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
        from .shape import SqueezeDim

        out = Mm.apply(a.unsqueeze(0), b)
        return SqueezeDim.apply(out, dim=0, node_name="SqueezeBackward4")
    if a.ndim == 2 and b.ndim == 2:
        return Mm.apply(a, b)
    if a.ndim >= 3 and b.ndim <= 2:
        from .shape import UnsafeView

        flat = a.reshape(-1, a.shape[-1])
        out = flat.mm(b) if b.ndim == 2 else flat.mv(b)
        return UnsafeView.apply(out, shape=tuple(a.shape[:-1]) + ((b.shape[-1],) if b.ndim == 2 else ()))
    if b.ndim == 1:
        return BatchMatmul.apply(a, b.unsqueeze(-1)).squeeze(-1)
    if a.ndim == 1:
        return BatchMatmul.apply(a.unsqueeze(0), b).squeeze(-2)
    return BatchMatmul.apply(a, b)
