"""``im2col`` (``F.unfold``, Im2ColBackward0: each sliding block of a batch of images as a column) and ``col2im``
(``F.fold``, Col2ImBackward0: the columns summed back into images), each the other's gradient, computed as torch's
CPU kernels (col2im adds the blocks' values kernel position by kernel position)."""

import itertools

import numpy as np

from ._util import wrap
from .carriers import ARRAYS
from .conv import _windows
from .op import Op


def im2col_kernel(x, kernel_size, dilation, padding, stride):
    """numpy: (N, C, H, W) -> (N, C * kh * kw, L), the blocks in row order ((C, H, W) -> (C * kh * kw, L))."""
    if x.ndim == 3:
        return im2col_kernel(x[None], kernel_size, dilation, padding, stride)[0]
    win = _windows(x, kernel_size, stride, padding, dilation)  # (N, C, oh, ow, kh, kw)
    n, c, oh, ow = win.shape[:4]
    cols = win.transpose(0, 1, 4, 5, 2, 3)
    return np.ascontiguousarray(cols.reshape(n, c * kernel_size[0] * kernel_size[1], oh * ow))


def blocks(size, kernel, dilation, padding, stride):
    """The number of sliding blocks along a dim (torch's ``div_rtn``: floor division)."""
    return (size + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1


def col2im_kernel(cols, output_size, kernel_size, dilation, padding, stride):
    """numpy: (N, C * kh * kw, L) -> (N, C, H, W), each block's values added where they came from ((C * kh * kw,
    L) -> (C, H, W))."""
    if cols.ndim == 2:
        return col2im_kernel(cols[None], output_size, kernel_size, dilation, padding, stride)[0]
    (kh, kw), (h, w) = kernel_size, output_size
    oh, ow = (blocks(*a) for a in zip(output_size, kernel_size, dilation, padding, stride))
    n = cols.shape[0]
    c = cols.shape[1] // (kh * kw)
    cols = cols.reshape(n, c, kh, kw, oh, ow)
    out = np.zeros((n, c, h + 2 * padding[0], w + 2 * padding[1]), dtype=cols.dtype)
    for i, j in itertools.product(range(kh), range(kw)):
        key = (slice(None), slice(None), slice(i * dilation[0], i * dilation[0] + stride[0] * (oh - 1) + 1, stride[0]),
               slice(j * dilation[1], j * dilation[1] + stride[1] * (ow - 1) + 1, stride[1]))  # fmt: skip
        out[key] += cols[:, :, i, j]
    return np.ascontiguousarray(out[:, :, padding[0]:padding[0] + h, padding[1]:padding[1] + w])


_PARAMS = ("kernel_size", "dilation", "padding", "stride")


def col2im(self, output_size, kernel_size, dilation, padding, stride, F=None):
    """torch's ``col2im`` (on Tensors, the Col2Im op)."""
    if F is ARRAYS:
        return col2im_kernel(self, output_size, kernel_size, dilation, padding, stride)
    return Col2Im.apply(self, output_size=tuple(output_size), kernel_size=kernel_size, dilation=dilation,
                        padding=padding, stride=stride)  # fmt: skip


def im2col(self, kernel_size, dilation, padding, stride, F=None):
    """torch's ``im2col`` (on Tensors, the Im2Col op)."""
    if F is ARRAYS:
        return im2col_kernel(self, kernel_size, dilation, padding, stride)
    return Im2Col.apply(self, kernel_size=kernel_size, dilation=dilation, padding=padding, stride=stride)


class Im2Col(Op):
    """result = each sliding block of self (N, C, H, W) as a column of C * kh * kw values"""

    node_name = "Im2ColBackward0"
    formula = {"self": "col2im(grad, (self_sym_argsize_minus_2, self_sym_argsize_minus_1), kernel_size, dilation, "
                       "padding, stride)"}  # fmt: skip
    saved_values = {k: k for k in (*_PARAMS, "self_sym_argsize_minus_1", "self_sym_argsize_minus_2")}

    @staticmethod
    def forward(ctx, a, *, kernel_size, dilation, padding, stride):
        ctx.kernel_size, ctx.dilation, ctx.padding, ctx.stride = kernel_size, dilation, padding, stride
        ctx.self_sym_argsize_minus_2, ctx.self_sym_argsize_minus_1 = a.shape[-2:]
        return wrap(im2col_kernel(a._data, kernel_size, dilation, padding, stride))

    @staticmethod
    def backward(ctx, grads, F):
        size = (ctx.self_sym_argsize_minus_2, ctx.self_sym_argsize_minus_1)
        return (col2im(grads[0], size, ctx.kernel_size, ctx.dilation, ctx.padding, ctx.stride, F),)


class Col2Im(Op):
    """result = the columns of self (N, C * kh * kw, L) added back into images of ``output_size``"""

    node_name = "Col2ImBackward0"
    formula = {"self": "im2col(grad, kernel_size, dilation, padding, stride)"}
    saved_values = {k: k for k in _PARAMS}

    @staticmethod
    def forward(ctx, a, *, output_size, kernel_size, dilation, padding, stride):
        ctx.kernel_size, ctx.dilation, ctx.padding, ctx.stride = kernel_size, dilation, padding, stride
        return wrap(col2im_kernel(a._data, output_size, kernel_size, dilation, padding, stride))

    @staticmethod
    def backward(ctx, grads, F):
        return (im2col(grads[0], ctx.kernel_size, ctx.dilation, ctx.padding, ctx.stride, F),)
