"""``convolution``, torch's one op behind ``conv1d`` and ``conv2d`` (ConvolutionBackward0), and its backward as an op
of its own (ConvolutionBackwardBackward0, what a second derivative records). The kernels are numpy's: the windows of
the zero-padded input (``sliding_window_view``) gathered into columns and multiplied by the weight (im2col), group by
group, in the input's dtype; the gradient of the input puts the columns back (col2im). torch computes float32 with
mkldnn, in another order: the values agree to a few units in the last place, not to the bit."""

import itertools
import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import Op


def _windows(x, kernel, stride, padding, dilation):
    """numpy: the windows of ``x`` (N, C, *spatial), zero-padded by ``padding``, that a kernel of size ``kernel``
    sees with ``stride`` and ``dilation``: a view of shape (N, C, *out, *kernel)."""
    if any(padding):
        x = np.pad(x, [(0, 0), (0, 0)] + [(p, p) for p in padding])
    extent = tuple(d * (k - 1) + 1 for d, k in zip(dilation, kernel))
    win = sliding_window_view(x, extent, axis=tuple(range(2, 2 + len(kernel))))
    steps = (slice(None, None, s) for s in stride)
    return win[(slice(None), slice(None), *steps, *(slice(None, None, d) for d in dilation))]


def _columns(x, kernel, stride, padding, dilation, groups):
    """numpy im2col: the windows of ``x`` as rows (N, groups, L, C / groups * prod(kernel)), L the output positions;
    also the output's spatial shape."""
    win = _windows(x, kernel, stride, padding, dilation)
    n, c, k = x.shape[0], x.shape[1], len(kernel)
    out = win.shape[2:2 + k]
    win = win.reshape(n, groups, c // groups, *out, *kernel)
    order = (0, 1, *range(3, 3 + k), 2, *range(3 + k, 3 + 2 * k))
    return win.transpose(order).reshape(n, groups, math.prod(out), c // groups * math.prod(kernel)), out


def conv_forward(x, w, b, stride, padding, dilation, groups):
    """numpy: the convolution of ``x`` (N, C, *spatial) with ``w`` (O, C / groups, *kernel), plus ``b`` (O,) or
    None, in ``x``'s dtype (float16 as torch's gemm computes it: in float32 from the bias on, rounded once)."""
    if x.dtype == np.float16:
        wide = conv_forward(x.astype(np.float32), w.astype(np.float32), None if b is None else b.astype(np.float32),
                            stride, padding, dilation, groups)  # fmt: skip
        return wide.astype(np.float16)
    n, o = x.shape[0], w.shape[0]
    cols, out = _columns(x, w.shape[2:], stride, padding, dilation, groups)
    wm = w.reshape(groups, o // groups, math.prod(w.shape[1:]))
    y = np.matmul(cols, wm.transpose(0, 2, 1)[None])  # (N, groups, L, O / groups)
    y = y.transpose(0, 1, 3, 2).reshape(n, o, *out)
    if b is not None:
        y = y + b.reshape(o, *(1,) * len(out))
    return np.ascontiguousarray(y, dtype=x.dtype)


def conv_grad_input(go, w, input_shape, stride, padding, dilation, groups):
    """numpy: the gradient of a convolution's input (of ``input_shape``) from ``go``, the output's (col2im)."""
    n, o = go.shape[0], w.shape[0]
    kernel, out = w.shape[2:], go.shape[2:]
    cg, k = w.shape[1], len(kernel)
    gom = go.reshape(n, groups, o // groups, math.prod(out)).transpose(0, 1, 3, 2)  # (N, groups, L, O/groups)
    cols = np.matmul(gom, w.reshape(groups, o // groups, math.prod(w.shape[1:]))[None])  # (N, groups, L, C/groups*K)
    cols = cols.reshape(n, groups, *out, cg, *kernel)
    order = (0, 1, 2 + k, *range(3 + k, 3 + 2 * k), *range(2, 2 + k))
    cols = cols.transpose(order).reshape(n, groups * cg, *kernel, *out)  # (N, C, *kernel, *out)
    spatial = input_shape[2:]
    padded = np.zeros((n, groups * cg, *(s + 2 * p for s, p in zip(spatial, padding))), dtype=go.dtype)
    for pos in itertools.product(*map(range, kernel)):
        key = tuple(slice(i * d, i * d + s * (m - 1) + 1, s) for i, d, s, m in zip(pos, dilation, stride, out))
        padded[(slice(None), slice(None), *key)] += cols[(slice(None), slice(None), *pos)]
    inside = tuple(slice(p, p + s) for p, s in zip(padding, spatial))
    return np.ascontiguousarray(padded[(slice(None), slice(None), *inside)])


def conv_grad_weight(go, x, weight_shape, stride, padding, dilation, groups):
    """numpy: the gradient of a convolution's weight (of ``weight_shape``) from ``go`` and the input ``x``."""
    n, o = go.shape[0], weight_shape[0]
    cols, _ = _columns(x, weight_shape[2:], stride, padding, dilation, groups)  # (N, groups, L, C / groups * K)
    rows = n * math.prod(go.shape[2:])
    gom = go.reshape(n, groups, o // groups, math.prod(go.shape[2:]))
    gom = gom.transpose(1, 2, 0, 3).reshape(groups, o // groups, rows)
    gw = np.matmul(gom, cols.transpose(1, 0, 2, 3).reshape(groups, rows, cols.shape[-1]))
    return np.ascontiguousarray(gw.reshape(weight_shape), dtype=go.dtype)


def conv_transpose_forward(x, w, b, stride, padding, dilation, groups, output_padding):
    """numpy: the transposed convolution of ``x`` (N, C, *spatial) with ``w`` (C, O / groups, *kernel), plus ``b``:
    the gradient of a convolution's input (col2im), the output ``(size - 1) * stride - 2 * padding + dilation *
    (kernel - 1) + output_padding + 1`` long along each dim (float16 in float32, rounded once)."""
    if x.dtype == np.float16:
        wide = conv_transpose_forward(x.astype(np.float32), w.astype(np.float32),
                                      None if b is None else b.astype(np.float32), stride, padding, dilation, groups,
                                      output_padding)  # fmt: skip
        return wide.astype(np.float16)
    out = tuple((s - 1) * st - 2 * p + d * (k - 1) + op + 1
                for s, st, p, d, k, op in zip(x.shape[2:], stride, padding, dilation, w.shape[2:], output_padding))
    y = conv_grad_input(x, w, (x.shape[0], w.shape[1] * groups, *out), stride, padding, dilation, groups)
    if b is not None:
        y = y + b.reshape(-1, *(1,) * len(out))
    return np.ascontiguousarray(y, dtype=x.dtype)


def _forward(x, w, b, params, transposed, output_padding):
    """numpy: a convolution, or a transposed one."""
    if transposed:
        return conv_transpose_forward(x, w, b, **params, output_padding=output_padding)
    return conv_forward(x, w, b, **params)


def _grad_input(go, w, input_shape, params, transposed):
    """numpy: the gradient of a (transposed) convolution's input: a transposed one's is a convolution of ``go``
    (a float16 one's computed in float32 and rounded once, as torch's backward gemm and col2im do)."""
    if transposed:
        return conv_forward(go, w, None, **params)
    if go.dtype == np.float16:
        return conv_grad_input(go.astype(np.float32), w.astype(np.float32), input_shape, **params).astype(go.dtype)
    return conv_grad_input(go, w, input_shape, **params)


def _grad_weight(go, x, weight_shape, params, transposed):
    """numpy: the gradient of a (transposed) convolution's weight: a transposed one's swaps the roles of ``go``
    and ``x``."""
    return conv_grad_weight(x, go, weight_shape, **params) if transposed else conv_grad_weight(go, x, weight_shape,
                                                                                               **params)  # fmt: skip


def conv_grad_bias(go):
    """numpy: the gradient of a convolution's bias: ``go`` summed over all dims but the channels (float16 in float32,
    rounded once)."""
    return np.asarray(go.sum(axis=(0, *range(2, go.ndim)), dtype=np.float32 if go.dtype == np.float16 else None),
                      dtype=go.dtype)  # fmt: skip


def _params(node):
    return {k: getattr(node, k) for k in ("stride", "padding", "dilation", "groups")}


def convolution_backward(grad, input, weight, bias_sym_sizes_opt, stride, padding, dilation, transposed,
                         output_padding, groups, output_mask, F=TENSORS, shown=None):  # fmt: skip
    """torch's ``convolution_backward``: the gradients of the input, the weight and the bias (each only where
    ``output_mask`` asks; the bias's only if there is one). On Tensors, the differentiable ConvolutionBackward op
    (``shown``: the padding and output_padding its node shows, as the forward's node)."""
    mask = (output_mask[0], output_mask[1], output_mask[2] and bias_sym_sizes_opt is not None)
    params = dict(stride=stride, padding=padding, dilation=dilation, groups=groups)
    if F is ARRAYS:
        return (
            _grad_input(grad, weight, input.shape, params, transposed) if mask[0] else None,
            _grad_weight(grad, input, weight.shape, params, transposed) if mask[1] else None,
            conv_grad_bias(grad) if mask[2] else None,
        )
    outs = ConvolutionBackward.apply(grad, input, weight, output_mask=mask, shown=shown, transposed=transposed,
                                     output_padding=output_padding, **params)  # fmt: skip
    return tuple(o if m else None for o, m in zip(outs, mask))


def convolution_double_backward(grads, grad_output, weight, input, stride, padding, dilation, transposed,
                                output_padding, groups, output_mask, F=TENSORS, shown=None):  # fmt: skip
    """torch's ``_convolution_double_backward``: from the gradients ``grads`` of the three outputs of
    ``convolution_backward`` (grad_input, grad_weight, grad_bias; None where there is none), the gradients of its
    inputs grad_output, input and weight: ``conv(ggI, weight) + conv(input, ggW) + ggb``, the input's gradient of a
    convolution with weight ``ggW``, the weight's gradient of one with input ``ggI``."""
    ggI, ggW, ggb = (tuple(grads) + (None, None, None))[:3]
    params = dict(stride=stride, padding=padding, dilation=dilation, groups=groups)
    ggO = None
    if output_mask[0]:
        terms = []
        kinds = dict(transposed=transposed, output_padding=output_padding)
        if ggI is not None:
            terms.append(_forward(ggI, weight, None, params, transposed, output_padding) if F is ARRAYS else
                         Convolution.apply(ggI, weight, None, **params, **kinds))  # fmt: skip
        if ggW is not None:
            terms.append(_forward(input, ggW, None, params, transposed, output_padding) if F is ARRAYS else
                         Convolution.apply(input, ggW, None, **params, **kinds))  # fmt: skip
        if ggb is not None:
            shape = (1, ggb.shape[0]) + (1,) * (len(F.shape(grad_output)) - 2)
            terms.append(F.expand(F.reshape(ggb, shape), F.shape(grad_output)))
        for term in terms:
            ggO = term if ggO is None else ggO + term
    mask = (output_mask[1] and ggW is not None, output_mask[2] and ggI is not None)
    gI = gW = None
    if any(mask):
        if F is ARRAYS:
            gI = _grad_input(grad_output, ggW, input.shape, params, transposed) if mask[0] else None
            gW = _grad_weight(grad_output, ggI, weight.shape, params, transposed) if mask[1] else None
        else:  # ggI in the input's place, ggW in the weight's: one op gives both
            outs = ConvolutionBackward.apply(grad_output, ggI if mask[1] else input, ggW if mask[0] else weight,
                                             output_mask=(*mask, False), shown=shown, transposed=transposed,
                                             output_padding=output_padding, **params)  # fmt: skip
            gI, gW = (outs[0] if mask[0] else None), (outs[1] if mask[1] else None)
    return ggO, gI, gW


_CONV_VALUES = {"stride": "stride", "padding": "saved_padding", "dilation": "dilation", "transposed": "transposed",
                "output_padding": "saved_output_padding", "groups": "groups"}


def _set_params(ctx, stride, padding, dilation, groups, shown, transposed=False, output_padding=None):
    """The convolution's parameters on ``ctx``; ``shown``: the padding and output_padding torch's node shows, as
    given (``padding="valid"`` is ``(0,)`` for both), if not the ones used."""
    ctx.stride, ctx.padding, ctx.dilation, ctx.groups = tuple(stride), tuple(padding), tuple(dilation), groups
    ctx.transposed = transposed
    ctx.output_padding = tuple(output_padding) if output_padding is not None else (0,) * len(ctx.stride)
    ctx.shown = shown
    ctx.saved_padding, ctx.saved_output_padding = shown or (ctx.padding, ctx.output_padding)


class Convolution(Op):
    """result = the cross-correlation of input with weight (``stride``, zero ``padding``, ``dilation``, ``groups``),
    plus bias"""

    node_name = "ConvolutionBackward0"
    _GRADS = ("convolution_backward(grad, input, weight, bias_sym_sizes_opt, stride, padding, dilation, transposed, "
              "output_padding, groups, {})[{}]")  # fmt: skip
    formula = {
        "input": _GRADS.format("(True, False, False)", 0),
        "weight": _GRADS.format("(False, True, False)", 1),
        "bias": _GRADS.format("(False, False, True)", 2),
    }
    saved_names = ("input", "weight")
    saved_values = {**_CONV_VALUES, "bias_sym_sizes_opt": "saved_bias_sizes"}

    @staticmethod
    def forward(ctx, input, weight, bias, *, stride, padding, dilation, groups, shown=None, transposed=False,
                output_padding=None):  # fmt: skip
        _set_params(ctx, stride, padding, dilation, groups, shown, transposed, output_padding)
        ctx.bias_sym_sizes_opt = None if bias is None else tuple(bias.shape)
        ctx.saved_bias_sizes = (0,) if bias is None else tuple(bias.shape)  # torch shows an absent bias's as (0,)
        ctx._save((input, weight))
        b = None if bias is None else bias._data
        return wrap(_forward(input._data, weight._data, b, _params(ctx), transposed, ctx.output_padding))

    @staticmethod
    def backward(ctx, grads, F):
        x, weight = ctx._values(F)
        return convolution_backward(grads[0], x, weight, ctx.bias_sym_sizes_opt, ctx.stride, ctx.padding,
                                    ctx.dilation, ctx.transposed, ctx.output_padding, ctx.groups, ctx._needs(), F,
                                    ctx.shown)  # fmt: skip


class ConvolutionBackward(Op):
    """results = the gradients of a convolution's input, weight and bias from grad_output (the ones of
    ``output_mask``; zeros stand for the others)"""

    node_name = "ConvolutionBackwardBackward0"
    _GRADS = ("convolution_double_backward(grads, grad_output, weight, input, stride, padding, dilation, transposed, "
              "output_padding, groups, {})[{}]")  # fmt: skip
    formula = {
        "grad_output": _GRADS.format("(True, False, False)", 0),
        "input": _GRADS.format("(False, True, False)", 1),
        "weight": _GRADS.format("(False, False, True)", 2),
    }
    saved_names = ("grad_output", "input", "weight")
    saved_values = dict(_CONV_VALUES)

    @staticmethod
    def forward(ctx, grad_output, input, weight, *, stride, padding, dilation, groups, output_mask, shown=None,
                transposed=False, output_padding=None):  # fmt: skip
        _set_params(ctx, stride, padding, dilation, groups, shown, transposed, output_padding)
        ctx.output_mask = output_mask
        ctx._save((grad_output, input, weight))
        go, x, w = grad_output._data, input._data, weight._data
        params = _params(ctx)
        return (
            wrap(_grad_input(go, w, x.shape, params, transposed) if output_mask[0] else np.zeros(x.shape, go.dtype)),
            wrap(_grad_weight(go, x, w.shape, params, transposed) if output_mask[1] else np.zeros(w.shape, go.dtype)),
            wrap(conv_grad_bias(go) if output_mask[2] else np.zeros(go.shape[1:2], go.dtype)),
        )

    @staticmethod
    def backward(ctx, grads, F):
        grad_output, x, weight = ctx._values(F)
        return convolution_double_backward(grads, grad_output, weight, x, ctx.stride, ctx.padding, ctx.dilation,
                                           ctx.transposed, ctx.output_padding, ctx.groups, ctx._needs(), F,
                                           ctx.shown)  # fmt: skip

