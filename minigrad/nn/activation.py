"""Activations as ``torch.nn.functional`` and ``torch.nn`` have them: ``softmax`` and ``log_softmax`` (with
torch's warning when ``dim`` is left out), ``relu`` with ``inplace``, and the Softmax, LogSoftmax and
Flatten layers."""

import warnings

from ..functional import relu as _relu
from ..ops import elementwise as E
from ..ops import softmax as SM
from ..ops.inplace import apply_inplace
from .module import Module


def _softmax_dim(name, ndim, stacklevel):
    warnings.warn(
        f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X as an argument.",
        UserWarning,
        stacklevel=stacklevel,
    )
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """Mirror ``torch.nn.functional.softmax``: ``exp(x) / sum(exp(x))`` along ``dim`` (SoftmaxBackward0);
    without ``dim``, torch's deprecation warning and its choice of dim."""
    if dim is None:
        dim = _softmax_dim("softmax", input.ndim, _stacklevel)
    return SM.Softmax.apply(input if dtype is None else input.to(dtype), dim=dim)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """Mirror ``torch.nn.functional.log_softmax``: ``x - log(sum(exp(x)))`` along ``dim``
    (LogSoftmaxBackward0)."""
    if dim is None:
        dim = _softmax_dim("log_softmax", input.ndim, _stacklevel)
    return SM.LogSoftmax.apply(input if dtype is None else input.to(dtype), dim=dim)


def relu(input, inplace=False):
    """Mirror ``torch.nn.functional.relu``: ``max(x, 0)``; ``inplace=True`` writes into ``input``
    (``relu_``), as ``nn.ReLU(inplace=True)`` does."""
    return input.relu_() if inplace else _relu(input)


class Softmax(Module):
    """Mirror ``torch.nn.Softmax(dim=None)``."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    """Mirror ``torch.nn.LogSoftmax(dim=None)``."""

    def forward(self, input):
        return log_softmax(input, self.dim, _stacklevel=5)


class Identity(Module):
    """Mirror ``torch.nn.Identity(*args, **kwargs)``: returns its input, the same tensor (a placeholder layer; the
    arguments are ignored)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Flatten(Module):
    """Mirror ``torch.nn.Flatten(start_dim=1, end_dim=-1)``: one dim per example (the first dim is kept)."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


def leaky_relu(input, negative_slope=0.01, inplace=False):
    """Mirror ``torch.nn.functional.leaky_relu``: ``x`` where ``x > 0``, else ``negative_slope * x``
    (LeakyReluBackward0; ``inplace=True`` writes into ``input``, LeakyReluBackward1)."""
    if inplace:
        return apply_inplace(input, lambda a: E.LeakyReluInplace.apply(a, negative_slope=negative_slope))
    return E.LeakyRelu.apply(input, negative_slope=negative_slope)


def gelu(input, approximate="none"):
    """Mirror ``torch.nn.functional.gelu``: ``x * Phi(x)`` (``approximate='tanh'``: torch's tanh formula),
    GeluBackward0; float32 values as torch's scalar CPU kernel computes them."""
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return E.Gelu.apply(input, approximate=approximate)


def silu(input, inplace=False):
    """Mirror ``torch.nn.functional.silu``: ``x * sigmoid(x)`` (SiluBackward0; ``inplace=True`` writes into
    ``input``)."""
    if inplace:
        return apply_inplace(input, E.Silu.apply)
    return E.Silu.apply(input)


def softplus(input, beta=1.0, threshold=20.0):
    """Mirror ``torch.nn.functional.softplus``: ``log(1 + exp(beta * x)) / beta``, and ``x`` itself where
    ``beta * x > threshold`` (SoftplusBackward0)."""
    return E.Softplus.apply(input, beta=beta, threshold=threshold)


class SiLU(Module):
    """Mirror ``torch.nn.SiLU(inplace=False)``."""

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return silu(input, self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Softplus(Module):
    """Mirror ``torch.nn.Softplus(beta=1.0, threshold=20.0)``."""

    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def forward(self, input):
        return softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f"beta={self.beta}, threshold={self.threshold}"


class LeakyReLU(Module):
    """Mirror ``torch.nn.LeakyReLU(negative_slope=0.01, inplace=False)``."""

    def __init__(self, negative_slope=1e-2, inplace=False):
        super().__init__()
        self.negative_slope, self.inplace = negative_slope, inplace

    def forward(self, input):
        return leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return f"negative_slope={self.negative_slope}{', inplace=True' if self.inplace else ''}"


class GELU(Module):
    """Mirror ``torch.nn.GELU(approximate='none')``."""

    def __init__(self, approximate="none"):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f"approximate={self.approximate!r}"
