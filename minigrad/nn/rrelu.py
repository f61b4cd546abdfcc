"""The randomized leaky ReLU: ``F.rrelu`` (and ``torch.rrelu``), ``F.rrelu_`` (``torch.rrelu_``) and ``nn.RReLU``,
whose slopes for negative inputs are drawn from U(lower, upper) in training, as torch draws them, and are
``(lower + upper) / 2`` in evaluation (the ops are in :mod:`minigrad.ops.rrelu`)."""

from ..arguments import number_argument
from ..ops.inplace import apply_inplace
from ..ops.rrelu import RreluWithNoise, RreluWithNoiseInplace
from .module import Module


def _check(function, input, lower, upper, training):
    number_argument(function, "lower", 2, lower)
    number_argument(function, "upper", 3, upper)
    if not float(lower) <= float(upper):
        raise RuntimeError("Lower bound should be less than or equal to the upper bound")
    if not input.dtype.is_floating_point:
        kernel = "rrelu_with_noise_out_cpu" if training else "leaky_relu_cpu"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{input.dtype.scalar_name}'")


def torch_rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    """Mirror ``torch.rrelu``: ``x`` where ``x > 0``, else ``x`` times a slope drawn from U(lower, upper) per element
    (``training``) or ``(lower + upper) / 2`` (RreluWithNoiseBackward0)."""
    _check("rrelu", input, lower, upper, training)
    return RreluWithNoise.apply(input, lower=lower, upper=upper, training=training, generator=generator)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    """Mirror ``torch.rrelu_`` (and ``F.rrelu_``): :func:`torch_rrelu` written into ``input``
    (RreluWithNoiseBackward1)."""
    _check("rrelu_", input, lower, upper, training)
    return apply_inplace(input, lambda a: RreluWithNoiseInplace.apply(a, lower=lower, upper=upper, training=training,
                                                                        generator=generator))  # fmt: skip


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    """Mirror ``torch.nn.functional.rrelu``: ``torch.rrelu`` (``torch.rrelu_`` with ``inplace``); note that its
    ``training`` is False by default, as in torch: ``nn.RReLU`` passes the module's mode."""
    return rrelu_(input, lower, upper, training) if inplace else torch_rrelu(input, lower, upper, training)


class RReLU(Module):
    """Mirror ``torch.nn.RReLU(lower=1/8, upper=1/3, inplace=False)``: :func:`rrelu` with random slopes in training
    mode, the mean slope in evaluation mode."""

    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower, self.upper, self.inplace = lower, upper, inplace

    def forward(self, input):
        return rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        return f"lower={self.lower}, upper={self.upper}" + (", inplace=True" if self.inplace else "")
