"""Local response normalisation, ``F.local_response_norm`` and ``nn.LocalResponseNorm`` (AlexNet's): each value
divided by ``(k + alpha * mean of the squares of its size neighbouring channels) ** beta``, written as torch's Python
writes it (an average pool over the channels of the padded squares: AvgPool2DBackward0 for 3-D input,
AvgPool3DBackward0 for more dims)."""

from ..ops.avg_pool3d import avg_pool3d
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
