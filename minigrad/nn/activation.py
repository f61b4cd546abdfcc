"""Activations as ``torch.nn.functional`` and ``torch.nn`` have them: ``softmax`` and ``log_softmax`` (with
torch's warning when ``dim`` is left out), ``relu``, ``leaky_relu``, ``gelu``, ``silu``, ``softplus``, the elu family
(``elu``, ``selu``, ``celu``), ``mish``, ``hardtanh`` and ``relu6``, ``threshold``, ``hardshrink`` and
``softshrink``, ``hardsigmoid`` and ``hardswish``, ``logsigmoid``, and torch's composites
``softmin``, ``softsign`` and ``tanhshrink``, with ``inplace`` where torch has it, and their layers."""

import warnings

import numpy as np

from .. import creation, dtypes
from ..arguments import is_int, must_be_tensor, number_argument
from ..functional import hardshrink  # noqa: F401 - torch.nn.functional.hardshrink is torch.hardshrink
from ..functional import prelu as _prelu
from ..functional import relu as _relu
from ..functional import threshold as _threshold
from ..functional import threshold_ as _threshold_
from ..ops import activations as A
from ..ops import elementwise as E
from ..ops import softmax as SM
from ..ops.inplace import apply_inplace
from ..tensor import Tensor
from ..torch_warnings import user_stacklevel
from . import init as nn_init
from .module import Module
from .parameter import Parameter


def _softmax_dim(name, ndim, stacklevel):
    """torch's warning for a softmax without ``dim`` and its choice of dim. The default ``_stacklevel`` (3) is the line
    that called the function, however many of minigrad's frames lie between; another counts frames as torch's."""
    warnings.warn(
        f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X as an argument.",
        UserWarning,
        stacklevel=user_stacklevel() if stacklevel == 3 else stacklevel,
    )
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """Mirror ``torch.nn.functional.softmax``: ``exp(x) / sum(exp(x))`` along ``dim`` (SoftmaxBackward0);
    without ``dim``, torch's deprecation warning and its choice of dim."""
    if dim is None:
        dim = _softmax_dim("softmax", input.ndim, _stacklevel)
    return input.softmax(dim) if dtype is None else input.softmax(dim, dtype=dtype)  # torch's: its parser checks


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """Mirror ``torch.nn.functional.log_softmax``: ``x - log(sum(exp(x)))`` along ``dim``
    (LogSoftmaxBackward0)."""
    if dim is None:
        dim = _softmax_dim("log_softmax", input.ndim, _stacklevel)
    return input.log_softmax(dim) if dtype is None else input.log_softmax(dim, dtype=dtype)


def relu(input, inplace=False):
    """Mirror ``torch.nn.functional.relu``: ``max(x, 0)``; ``inplace=True`` writes into ``input``
    (``relu_``), as ``nn.ReLU(inplace=True)`` does."""
    return input.relu_() if inplace else _relu(input)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """Mirror ``torch.nn.functional.softmin``: ``softmax(-x)`` along ``dim`` (SoftmaxBackward0 over NegBackward0);
    without ``dim``, torch's deprecation warning and its choice of dim."""
    if dim is None:
        dim = _softmax_dim("softmin", input.dim(), _stacklevel)  # torch's order: input.dim(), then -input
    negated = -input
    return SM.Softmax.apply(negated if dtype is None else negated.to(dtype), dim=dim)


def softsign(input):
    """Mirror ``torch.nn.functional.softsign``: ``x / (|x| + 1)``, as torch writes it (DivBackward0)."""
    return input / (input.abs() + 1)


def tanhshrink(input):
    """Mirror ``torch.nn.functional.tanhshrink``: ``x - tanh(x)``, as torch writes it (SubBackward0)."""
    return input - input.tanh()


class Softmax2d(Module):
    """Mirror ``torch.nn.Softmax2d()``: softmax over the channels (dim -3) of each position of an image."""

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead")
        return softmax(input, -3, _stacklevel=5)


class Softmax(Module):
    """Mirror ``torch.nn.Softmax(dim=None)``."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        from . import functional as F  # torch's layer calls F.softmax, which checks its input

        return F.softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    """Mirror ``torch.nn.LogSoftmax(dim=None)``."""

    def forward(self, input):
        from . import functional as F

        return F.log_softmax(input, self.dim, _stacklevel=5)


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


class Unflatten(Module):
    """Mirror ``torch.nn.Unflatten(dim, unflattened_size)``: dim ``dim`` split into ``unflattened_size``."""

    def __init__(self, dim, unflattened_size):
        super().__init__()
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError("unflattened_size must be a tuple of ints, but found type "
                            f"{type(unflattened_size).__name__}")
        for i, size in enumerate(unflattened_size):
            if not isinstance(size, int):
                raise TypeError(f"unflattened_size must be tuple of ints, but found element of type "
                                f"{type(size).__name__} at pos {i}")
        self.dim, self.unflattened_size = dim, unflattened_size

    def forward(self, input):
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


def leaky_relu(input, negative_slope=0.01, inplace=False):
    """Mirror ``torch.nn.functional.leaky_relu``: ``x`` where ``x > 0``, else ``negative_slope * x``
    (LeakyReluBackward0; ``inplace=True`` writes into ``input``, LeakyReluBackward1)."""
    number_argument("leaky_relu_" if inplace else "leaky_relu", "negative_slope", 2, negative_slope)
    if inplace:
        return apply_inplace(input, lambda a: E.LeakyReluInplace.apply(a, negative_slope=negative_slope))
    return E.LeakyRelu.apply(input, negative_slope=negative_slope)


def relu_(input):
    """Mirror ``torch.nn.functional.relu_`` (``torch.relu_``): ``relu`` written into ``input``."""
    return input.relu_()


def leaky_relu_(input, negative_slope=0.01):
    """Mirror ``torch.nn.functional.leaky_relu_``: ``leaky_relu`` written into ``input`` (LeakyReluBackward1)."""
    return leaky_relu(input, negative_slope, inplace=True)


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


def softplus(input, beta=1, threshold=20):
    """Mirror ``torch.nn.functional.softplus``: ``log(1 + exp(beta * x)) / beta``, and ``x`` itself where
    ``beta * x > threshold`` (SoftplusBackward0; torch's defaults are the ints its node shows)."""
    number_argument("softplus", "beta", 2, beta)
    number_argument("softplus", "threshold", 3, threshold)
    beta, threshold = (v.item() if isinstance(v, Tensor) else v for v in (beta, threshold))  # a Scalar, as torch
    return E.Softplus.apply(input, beta=beta, threshold=threshold)


def elu(input, alpha=1.0, inplace=False):
    """Mirror ``torch.nn.functional.elu``: ``x`` where ``x > 0``, else ``alpha * (exp(x) - 1)`` (EluBackward0;
    ``inplace=True`` writes into ``input``, EluBackward1, which cannot go back through a negative ``alpha``)."""
    number_argument("elu_" if inplace else "elu", "alpha", 2, alpha)
    return _elu(input, alpha, 1, 1, inplace, A.Elu, A.EluInplace)


def elu_(input, alpha=1):
    """Mirror ``torch.nn.functional.elu_``: ``elu`` written into ``input``."""
    return elu(input, alpha, inplace=True)


# SELU's constants, as torch writes them (torch/csrc: selu in Activation.cpp)
SELU_ALPHA, SELU_SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946


def selu(input, inplace=False):
    """Mirror ``torch.nn.functional.selu``: ``scale * elu(x, alpha)`` with SELU's two constants (EluBackward0,
    or EluBackward1 in place)."""
    return _elu(input, SELU_ALPHA, SELU_SCALE, 1, inplace, A.Elu, A.EluInplace)


def celu(input, alpha=1.0, inplace=False):
    """Mirror ``torch.nn.functional.celu``: ``x`` where ``x > 0``, else ``alpha * (exp(x / alpha) - 1)``
    (CeluBackward0, or CeluBackward1 in place); torch's error for ``alpha=0``."""
    number_argument("celu_" if inplace else "celu", "alpha", 2, alpha)
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError: alpha cannot be 0 for CELU")
    # torch's celu is elu with input_scale 1 / alpha, alpha taken as a C++ float
    return _elu(input, alpha, 1, 1.0 / float(np.float32(alpha)), inplace, A.Celu, A.CeluInplace)


def _elu(input, alpha, scale, input_scale, inplace, op, inplace_op):
    params = dict(alpha=alpha, scale=scale, input_scale=input_scale)
    if inplace:
        return apply_inplace(input, lambda a: inplace_op.apply(a, **params))
    return op.apply(input, **params)


def mish(input, inplace=False):
    """Mirror ``torch.nn.functional.mish``: ``x * tanh(softplus(x))`` (MishBackward0; ``inplace=True`` writes into
    ``input``)."""
    return apply_inplace(input, A.Mish.apply) if inplace else A.Mish.apply(input)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """Mirror ``torch.nn.functional.hardtanh``: ``x`` clamped to ``[min_val, max_val]``, the gradient passing only
    strictly inside (HardtanhBackward0); torch's ValueError if ``min_val > max_val``."""
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if isinstance(input, Tensor) and input.dtype is dtypes.uint8 and (int(min_val) < 0 or int(max_val) < 0):
        raise RuntimeError("cannot do hardtanh on an unsigned type with negative limits")  # limits read as integers
    if inplace:
        return apply_inplace(input, lambda a: A.Hardtanh.apply(a, min_val=min_val, max_val=max_val))
    return A.Hardtanh.apply(input, min_val=min_val, max_val=max_val)


def hardtanh_(input, min_val=-1, max_val=1):
    """Mirror ``torch.nn.functional.hardtanh_``: ``hardtanh`` written into ``input``."""
    return hardtanh(input, min_val, max_val, inplace=True)


def relu6(input, inplace=False):
    """Mirror ``torch.nn.functional.relu6``: ``hardtanh(x, 0, 6)`` (HardtanhBackward0)."""
    return hardtanh(input, 0, 6, inplace)


def threshold(input, threshold, value, inplace=False):
    """Mirror ``torch.nn.functional.threshold``: ``value`` where ``input <= threshold``, else ``input``
    (ThresholdBackward0; ``inplace=True`` writes into ``input``: ThresholdBackward1)."""
    name = "threshold_" if inplace else "threshold"
    if not isinstance(input, Tensor):
        raise must_be_tensor(name, "input", 1, input)
    number_argument(name, "threshold", 2, threshold)
    number_argument(name, "value", 3, value)
    return (_threshold_ if inplace else _threshold)(input, threshold, value)


def threshold_(input, threshold, value):
    """Mirror ``torch.nn.functional.threshold_``: ``threshold`` written into ``input``."""
    return _threshold_(input, threshold, value)


def softshrink(input, lambd=0.5):
    """Mirror ``torch.nn.functional.softshrink``: ``x - lambd`` where ``x > lambd``, ``x + lambd`` where
    ``x < -lambd``, else 0 (SoftshrinkBackward0); torch's error for a negative ``lambd``."""
    number_argument("softshrink", "lambd", 2, lambd)
    return A.Softshrink.apply(input, lambd=lambd)


def hardsigmoid(input, inplace=False):
    """Mirror ``torch.nn.functional.hardsigmoid``: ``relu6(x + 3) / 6`` (HardsigmoidBackward0, whose own derivative
    torch does not implement; ``inplace=True`` writes into ``input``)."""
    return apply_inplace(input, A.Hardsigmoid.apply) if inplace else A.Hardsigmoid.apply(input)


def hardswish(input, inplace=False):
    """Mirror ``torch.nn.functional.hardswish``: ``x * relu6(x + 3) / 6`` (HardswishBackward0; ``inplace=True``
    writes into ``input``)."""
    return apply_inplace(input, A.Hardswish.apply) if inplace else A.Hardswish.apply(input)


def prelu(input, weight):
    """Mirror ``torch.nn.functional.prelu`` (``torch.prelu``): ``input`` where positive, else ``weight * input``,
    one weight per channel (dim 1) or one for all; the weight reshaped to broadcast, as torch does (a ViewBackward0),
    then PreluKernelBackward0; torch's errors for mismatched dtypes or sizes."""
    return _prelu(input, weight)


def glu(input, dim=-1):
    """Mirror ``torch.nn.functional.glu``: ``first * sigmoid(second)``, the halves of ``input`` along ``dim``
    (GluBackward0); torch's errors for a 0-dim input or an odd size."""
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    if not is_int(dim):
        raise must_be_tensor("glu", "dim", 2, dim, kind="int")
    return A.Glu.apply(input, dim=dim)


def logsigmoid(input):
    """Mirror ``torch.nn.functional.logsigmoid``: ``log(sigmoid(x))``, computed without overflow
    (LogSigmoidBackward0)."""
    return A.LogSigmoid.apply(input)


class _Inplace(Module):
    """An activation layer whose only setting is ``inplace``, shown only when True."""

    function = None

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return type(self).function(input, inplace=self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class ELU(Module):
    """Mirror ``torch.nn.ELU(alpha=1.0, inplace=False)``."""

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def forward(self, input):
        return elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f"alpha={self.alpha}{', inplace=True' if self.inplace else ''}"


class CELU(ELU):
    """Mirror ``torch.nn.CELU(alpha=1.0, inplace=False)``."""

    def forward(self, input):
        return celu(input, self.alpha, self.inplace)


class SELU(_Inplace):
    """Mirror ``torch.nn.SELU(inplace=False)``."""

    function = staticmethod(selu)


class Mish(_Inplace):
    """Mirror ``torch.nn.Mish(inplace=False)``."""

    function = staticmethod(mish)


class Hardtanh(Module):
    """Mirror ``torch.nn.Hardtanh(min_val=-1.0, max_val=1.0, inplace=False)``; torch's AssertionError unless
    ``max_val > min_val``."""

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        self.min_val, self.max_val, self.inplace = min_val, max_val, inplace
        assert self.max_val > self.min_val, f"max_val ({self.max_val}) must be greater than min_val ({self.min_val})"

    def forward(self, input):
        return hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return f"min_val={self.min_val}, max_val={self.max_val}{', inplace=True' if self.inplace else ''}"


class ReLU6(Hardtanh):
    """Mirror ``torch.nn.ReLU6(inplace=False)``: ``Hardtanh(0.0, 6.0)``."""

    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Threshold(Module):
    """Mirror ``torch.nn.Threshold(threshold, value, inplace=False)``."""

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def forward(self, input):
        return threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return f"threshold={self.threshold}, value={self.value}{', inplace=True' if self.inplace else ''}"


class Hardshrink(Module):
    """Mirror ``torch.nn.Hardshrink(lambd=0.5)``."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return hardshrink(input, self.lambd)

    def extra_repr(self):
        return f"{self.lambd}"


class Softshrink(Hardshrink):
    """Mirror ``torch.nn.Softshrink(lambd=0.5)``."""

    def forward(self, input):
        return softshrink(input, self.lambd)


class Hardsigmoid(_Inplace):
    """Mirror ``torch.nn.Hardsigmoid(inplace=False)``; its repr never shows ``inplace``, as torch's does not."""

    function = staticmethod(hardsigmoid)

    def extra_repr(self):
        return ""


class Hardswish(Hardsigmoid):
    """Mirror ``torch.nn.Hardswish(inplace=False)``."""

    function = staticmethod(hardswish)


class PReLU(Module):
    """Mirror ``torch.nn.PReLU(num_parameters=1, init=0.25, device=None, dtype=None)``: ``prelu`` with a learned
    weight of ``num_parameters`` values, all ``init`` at first."""

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        super().__init__()
        self.num_parameters, self.init = num_parameters, init
        self.weight = Parameter(creation.empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        """Mirror ``PReLU.reset_parameters``: every weight ``init``."""
        nn_init.constant_(self.weight, self.init)

    def forward(self, input):
        return prelu(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"


class GLU(Module):
    """Mirror ``torch.nn.GLU(dim=-1)``."""

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return glu(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class LogSigmoid(Module):
    """Mirror ``torch.nn.LogSigmoid()``."""

    def forward(self, input):
        return logsigmoid(input)


class SiLU(_Inplace):
    """Mirror ``torch.nn.SiLU(inplace=False)``."""

    function = staticmethod(silu)


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


class Softmin(Softmax):
    """Mirror ``torch.nn.Softmin(dim=None)``."""

    def forward(self, input):
        return softmin(input, self.dim, _stacklevel=5)


class Softsign(Module):
    """Mirror ``torch.nn.Softsign()``."""

    def forward(self, input):
        return softsign(input)


class Tanhshrink(Module):
    """Mirror ``torch.nn.Tanhshrink()``."""

    def forward(self, input):
        return tanhshrink(input)
