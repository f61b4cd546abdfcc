"""``conv_tbc`` (ConvTbcBackward0): fairseq's 1-d convolution of a (time, batch, channels) input with a (kernel,
in_channels, out_channels) weight, as ATen's ``ConvolutionTBC.cpp`` computes it: the output starts as the bias, and
for each tap ``k`` of the kernel the input rows it sees, times ``weight[k]``, are added to the output rows they make
(torch's ``addmm_``). Its backward is ATen's ``conv_tbc_backward``, the same loop the other way round."""

import numpy as np

from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import Op

# the inner length up to which torch's CPU gemm (addmm_ into the output) adds the rank-1 products to the output in
# order, which gives its bits; a longer one it blocks in its own way (numpy's matmul then agrees to a few ulp)
_SHORT = 16


def taps(ilen, olen, kw, pad):
    """For each tap ``k`` of the kernel: the first input row it reads, the first output row it writes, and how many
    (none are left out of this list, as ATen skips ``t <= 0``)."""
    out = []
    for k in range(kw):
        i_shift, o_shift = max(0, k - pad), max(0, pad - k)
        t = min(ilen + pad - k, olen) - o_shift
        if t > 0:
            out.append((k, i_shift, o_shift, t))
    return out


def conv_tbc_kernel(x, w, b, pad):
    """numpy: ATen's ``conv_tbc``: the bias broadcast into the output (in ``x``'s dtype), then one matrix product
    added per tap."""
    ilen, batch, cin = x.shape
    kw, cout = w.shape[0], w.shape[2]
    olen = ilen - kw + 1 + 2 * pad
    out = np.empty((olen, batch, cout), dtype=x.dtype)
    out[...] = b
    for k, i_shift, o_shift, t in taps(ilen, olen, kw, pad):
        rows = x[i_shift:i_shift + t].reshape(t * batch, cin)
        view = out[o_shift:o_shift + t].reshape(t * batch, cout)
        if cin <= _SHORT:  # torch's addmm_ adds the products to the output one input channel at a time
            for c in range(cin):
                view += rows[:, c:c + 1] * w[k, c]
        else:
            view += rows @ w[k]
    return out


def conv_tbc_backward(grad, x, w, bias, pad, F=TENSORS, needs=(True, True, True)):
    """ATen's ``conv_tbc_backward`` on carrier ``F``: the input's gradient (the output rows of each tap times
    ``weight[k]`` transposed, added into zeros), the weight's (each tap's input rows transposed times its output
    rows), the bias's (the gradient summed over time, then batch, copied into zeros like ``bias``); only those in
    ``needs``."""
    ilen, batch, cin = F.shape(x)
    kw, cout = F.shape(w)[0], F.shape(w)[2]
    olen = F.shape(grad)[0]
    steps = taps(ilen, olen, kw, pad)
    gx = gw = gb = None
    if F is ARRAYS:
        if needs[0]:
            gx = np.zeros_like(x)
            for k, i_shift, o_shift, t in steps:
                rows = grad[o_shift:o_shift + t].reshape(t * batch, cout)
                gx[i_shift:i_shift + t] += (rows @ w[k].T).reshape(t, batch, cin)
        if needs[1]:
            gw = np.zeros_like(w)
            for k, i_shift, o_shift, t in steps:
                rows = x[i_shift:i_shift + t].reshape(t * batch, cin)
                gw[k] += rows.T @ grad[o_shift:o_shift + t].reshape(t * batch, cout)
        if needs[2]:
            gb = grad.sum(0).sum(0)
        return gx, gw, gb
    # on Tensors, the same steps as differentiable ops (zeros written through views: CopySlices, as in torch)
    if needs[0]:
        gx = x.new_zeros(x.shape)
        for k, i_shift, o_shift, t in steps:
            rows = grad.narrow(0, o_shift, t).view(t * batch, cout)
            gx.narrow(0, i_shift, t).view(t * batch, cin).add_(rows.mm(w[k].t()))
    if needs[1]:
        gw = w.new_zeros(w.shape)
        for k, i_shift, o_shift, t in steps:
            rows = x.narrow(0, i_shift, t).view(t * batch, cin).t()
            gw[k].add_(rows.mm(grad.narrow(0, o_shift, t).view(t * batch, cout)))
    if needs[2]:
        gb = bias.new_zeros(bias.shape)
        gb.copy_(grad.sum(0).sum(0))
    return gx, gw, gb


class ConvTbc(Op):
    """result = bias + the sum over taps k of input[t + k - pad] @ weight[k], for each time step t"""

    node_name = "ConvTbcBackward0"
    formula = {
        "self": "conv_tbc_backward(grad, self, weight, bias, pad)[0]",
        "weight": "conv_tbc_backward(grad, self, weight, bias, pad)[1]",
        "bias": "conv_tbc_backward(grad, self, weight, bias, pad)[2]",
    }
    saved_names = ("bias", "self", "weight")
    saved_values = {"pad": "pad"}

    @staticmethod
    def forward(ctx, input, weight, bias, *, pad):
        ctx.pad = pad
        ctx._save((bias, input, weight))
        return wrap(conv_tbc_kernel(input._data, weight._data, bias._data, pad))

    @staticmethod
    def backward(ctx, grads, F):
        bias, x, w = ctx._values(F)
        return conv_tbc_backward(grads[0], x, w, bias, ctx.pad, F, ctx._needs())
