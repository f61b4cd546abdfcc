"""Local response normalisation, ``F.local_response_norm`` and ``nn.LocalResponseNorm`` (AlexNet's): each value
divided by ``(k + alpha * mean of the squares of its size neighbouring channels) ** beta``, written as torch's Python
writes it (an average pool over the channels of the padded squares: AvgPool2DBackward0 for 3-D input,
AvgPool3DBackward0 for more dims); and the legacy ``nn.CrossMapLRN2d``, torch's Python Function of it
(CrossMapLRN2dBackward)."""

import numpy as np

from ..autograd.function import Function
from ..ops.avg_pool3d import avg_pool3d
from ..tensor import Tensor
from .module import Module
from .padding import pad
from .pooling import avg_pool2d


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """Mirror ``torch.nn.functional.local_response_norm``: ``input / (k + alpha * avg(input**2 over size channels))
    ** beta``, the channels (dim 1) padded with ``size // 2`` zeros before and ``(size - 1) // 2`` after."""
    dim = input.dim()
    if dim < 3:
        # torch's message, with the spaces of its line continuation
        raise ValueError(f"Expected 3D or higher dimensionality                          input (got {dim} dimensions)")
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = div.unsqueeze(1)
        div = pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        if size <= 0:
            raise RuntimeError(f"kernel size should be greater than zero, but got kT: {size} kH: 1 kW: 1")
        div = avg_pool3d(div, (size, 1, 1), (1, 1, 1), (0, 0, 0)).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


class LocalResponseNorm(Module):
    """Mirror ``torch.nn.LocalResponseNorm(size, alpha=1e-4, beta=0.75, k=1.0)``: :func:`local_response_norm`."""

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1.0):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input):
        return local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.__dict__)


class CrossMapLRN2d(Function):  # the name of torch's Function, its node's name
    """torch's ``nn.modules._functions.CrossMapLRN2d``: the window sums of the squares over the channels kept as a
    running sum (one channel added, one taken away), and its backward, step for step on 4-D arrays."""

    @staticmethod
    def forward(ctx, input, size, alpha=1e-4, beta=0.75, k=1):
        if input.dim() != 4:
            raise ValueError(f"CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D instead.")
        ctx.size, ctx.alpha, ctx.beta, ctx.k = size, alpha, beta, k
        x = input._data
        dtype, channels = x.dtype.type, x.shape[1]
        square = x**2
        scale = np.empty_like(x)
        pre_pad = int((size - 1) / 2 + 1)
        scale[:, 0] = 0
        for c in range(min(pre_pad, channels)):
            scale[:, 0] += square[:, c]
        for c in range(1, channels):
            scale[:, c] = scale[:, c - 1]
            if c < channels - pre_pad + 1:
                scale[:, c] += square[:, c + pre_pad - 1]
            if c > pre_pad:
                scale[:, c] -= square[:, c - pre_pad]
        scale *= dtype(alpha / size)
        scale += dtype(k)
        ctx.scale = scale
        output = Tensor._wrap(np.power(scale, dtype(-beta)) * x)
        ctx.save_for_backward(input, output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        saved_input, output = ctx.saved_tensors
        x, out, go, scale = saved_input._data, output._data, grad_output._data, ctx.scale
        dtype, (batch, channels) = x.dtype.type, x.shape[:2]
        size = ctx.size
        padded = np.zeros((channels + size - 1, *x.shape[2:]), x.dtype)
        cache_ratio = dtype(2 * ctx.alpha * ctx.beta / size)
        inverse_pre_pad = int(size - (size - 1) / 2)
        grad = np.power(scale, dtype(-ctx.beta)) * go
        for n in range(batch):
            padded[inverse_pre_pad:inverse_pre_pad + channels] = go[n] * out[n] / scale[n]
            accum = padded[: size - 1].sum(0, dtype=x.dtype)
            for c in range(channels):
                accum += padded[c + size - 1]
                grad[n, c] -= (cache_ratio * x[n, c]) * accum
                accum -= padded[c]
        return Tensor._wrap(grad), None, None, None, None


_CrossMapLRN2d = CrossMapLRN2d


class CrossMapLRN2d(Module):  # noqa: F811
    """Mirror ``torch.nn.CrossMapLRN2d(size, alpha=1e-4, beta=0.75, k=1)``: local response normalisation of 4-D
    input across channels, as torch's legacy Function computes it."""

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input):
        return _CrossMapLRN2d.apply(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.__dict__)
