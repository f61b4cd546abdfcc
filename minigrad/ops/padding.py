"""``constant_pad_nd``, the constant mode of ``F.pad``, as torch's op (ConstantPadNdBackward0): values added around
the last dims of a tensor, a negative amount cropping instead. Its backward crops the gradient back, which is the
same op with the amounts negated."""

import numpy as np

from ._util import as_saved_int, wrap
from .carriers import ARRAYS, TENSORS
from .op import Op


def padded(x, pad, value=0):
    """numpy: ``x`` with ``pad`` (``(left, right)`` of the last dim, then of the one before, ...) added, holding
    ``value`` (in ``x``'s dtype), or cropped where an amount is negative, with torch's errors."""
    ndim, pairs = x.ndim, len(pad) // 2
    if ndim < pairs:
        raise RuntimeError(f"Length of pad should be no more than twice the number of dimensions of the input. Pad "
                           f"length is {len(pad)}while the input has {ndim}dimensions.")  # fmt: skip
    index, widths = [slice(None)] * ndim, [(0, 0)] * ndim
    for i in range(pairs):
        dim, left, right = ndim - 1 - i, pad[2 * i], pad[2 * i + 1]
        start, stop = max(-left, 0), x.shape[dim] - max(-right, 0)
        if left < 0 and x.shape[dim] + left < 0 or right < 0 and stop - start < 0:
            raise RuntimeError("narrow(): length must be non-negative.")
        if x.shape[dim] + left + right <= 0 and (left > 0 or right > 0):
            raise RuntimeError(f"The input size {x.shape[dim]}, plus negative padding {left} and {right} resulted in "
                               f"a negative output size, which is invalid. Check dimension {dim} of your input.")
        index[dim], widths[dim] = slice(start, stop), (max(left, 0), max(right, 0))
    cropped = x[tuple(index)]
    return np.pad(cropped, widths, constant_values=x.dtype.type(value)) if any(map(any, widths)) else cropped.copy()


def constant_pad_nd_backward(grad, pad, F=TENSORS):
    """torch's ``constant_pad_nd_backward``: the gradient cropped back to the input (the padding negated; on
    Tensors, the op itself, so that a second backward sees torch's node)."""
    back = tuple(-p for p in pad)
    if F is ARRAYS:
        return padded(grad, back)
    return ConstantPadNd.apply(grad, pad=back, value=0)


class ConstantPadNd(Op):
    """result = self with ``pad`` values added around its last dims (cropped where an amount is negative)"""

    node_name = "ConstantPadNdBackward0"
    formula = {"self": "constant_pad_nd_backward(grad, pad)"}
    saved_values = {"pad": "saved_pad"}

    @staticmethod
    def forward(ctx, a, *, pad, value):
        ctx.pad, ctx.saved_pad = pad, as_saved_int(pad)
        return wrap(padded(a._data, pad, value))

    @staticmethod
    def backward(ctx, grads, F):
        return (constant_pad_nd_backward(grads[0], ctx.pad, F),)
