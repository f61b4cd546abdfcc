"""The randomized leaky ReLU, torch's ``rrelu_with_noise``: in training each non-positive element is multiplied by
its own slope drawn from U(lower, upper) (the ``noise``, 1 elsewhere), drawn from the generator as torch's CPU kernel
draws them, one ``uniform_real_distribution<double>`` per non-positive element in memory order; in evaluation the
slope is ``(lower + upper) / 2``. RreluWithNoiseBackward0 (RreluWithNoiseBackward1 in place, saving the result), and
its backward as RreluWithNoiseBackwardBackward0."""

import numpy as np

from .. import sampling
from ..fused_multiply_add import fma
from ..random import generator_or_default
from ._util import wrap
from .carriers import ARRAYS, TENSORS
from .op import Op


def _slope(lower, upper):
    """The evaluation slope: ``(lower + upper) / 2``, computed in double as torch does."""
    return (float(lower) + float(upper)) / 2


def rrelu_arrays(x, lower, upper, training, generator=None):
    """The output and the noise of ``rrelu_with_noise`` on an array."""
    if not training:
        slope = x.dtype.type(_slope(lower, upper))
        return np.where(x > 0, x, x * slope), np.zeros_like(x)
    flat = np.ascontiguousarray(x).reshape(-1)
    hit = flat <= 0
    opmath = np.float64 if x.dtype == np.float64 else np.float32
    u = sampling.uniform_double(generator_or_default(generator), int(hit.sum()))
    r = fma(u, float(upper) - float(lower), float(lower)).astype(opmath)
    noise = np.ones_like(flat)
    noise[hit] = r.astype(x.dtype)
    out = flat.copy()
    out[hit] = (flat[hit].astype(opmath) * r).astype(x.dtype)
    return out.reshape(x.shape), noise.reshape(x.shape)


def rrelu_with_noise_backward(grad, self, noise, lower, upper, training, self_is_result, F=TENSORS):
    """torch's ``rrelu_with_noise_backward``: ``grad * noise`` in training (when ``upper - lower > 1e-6``), else
    ``leaky_relu_backward`` with the slope ``(lower + upper) / 2``; on Tensors a differentiable op
    (RreluWithNoiseBackwardBackward0)."""
    if F is not ARRAYS:
        return RreluWithNoiseBackward.apply(grad, self, noise=noise, lower=lower, upper=upper, training=training)
    if training and float(upper) - float(lower) > 1e-6:
        return (noise * grad).astype(self.dtype, copy=False)
    return np.where(self > 0, grad, grad * self.dtype.type(_slope(lower, upper)))


class _Rrelu(Op):
    saved_values = {"lower": "lower", "upper": "upper", "training": "training"}

    @staticmethod
    def _run(ctx, a, lower, upper, training, generator):
        ctx.lower, ctx.upper, ctx.training = lower, upper, training
        out, noise = rrelu_arrays(a._data, lower, upper, training, generator)
        ctx.noise = wrap(noise)
        return wrap(out)


class RreluWithNoise(_Rrelu):
    """result = self where self > 0, else self * noise (drawn in training; (lower + upper) / 2 otherwise)"""

    node_name = "RreluWithNoiseBackward0"
    formula = {"self": "rrelu_with_noise_backward(grad, self, noise, lower, upper, training, False)"}
    saved_names = ("self", "noise")

    @staticmethod
    def forward(ctx, a, *, lower, upper, training, generator=None):
        out = _Rrelu._run(ctx, a, lower, upper, training, generator)
        ctx._save((a, ctx.noise))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        a, noise = ctx._values(F)
        return (rrelu_with_noise_backward(grads[0], a, noise, ctx.lower, ctx.upper, ctx.training, False, F),)


class RreluWithNoiseInplace(_Rrelu):
    """result = rrelu(self) written into self: torch saves the result (whose sign is the input's)"""

    node_name = "RreluWithNoiseBackward1"
    formula = {"self": "rrelu_with_noise_backward(grad, result, noise, lower, upper, training, True)"}
    saved_names = ("result", "noise")

    @staticmethod
    def forward(ctx, a, *, lower, upper, training, generator=None):
        out = _Rrelu._run(ctx, a, lower, upper, training, generator)
        ctx._save((out, ctx.noise))
        return out

    @staticmethod
    def backward(ctx, grads, F):
        result, noise = ctx._values(F)
        return (rrelu_with_noise_backward(grads[0], result, noise, ctx.lower, ctx.upper, ctx.training, True, F),)


class RreluWithNoiseBackward(Op):
    """rrelu's backward as a differentiable op (after ``create_graph=True``): linear in grad_output, constant in
    self"""

    node_name = "RreluWithNoiseBackwardBackward0"
    formula = {
        "grad_output": "rrelu_with_noise_backward(grad, self, noise, lower, upper, training, False)",
        "self": "zeros_like(grad)",
    }
    saved_names = ("self", "noise")
    saved_values = _Rrelu.saved_values

    @staticmethod
    def forward(ctx, grad_output, a, *, noise, lower, upper, training):
        ctx.lower, ctx.upper, ctx.training = lower, upper, training
        ctx._save((a, noise))
        return wrap(rrelu_with_noise_backward(grad_output._data, a._data, noise._data, lower, upper, training, False,
                                              ARRAYS))  # fmt: skip

    @staticmethod
    def backward(ctx, grads, F):
        a, noise = ctx._values(F)
        needs = ctx._needs()
        return (
            rrelu_with_noise_backward(grads[0], a, noise, ctx.lower, ctx.upper, ctx.training, False, F)
            if needs[0] else None,
            F.zeros_like(grads[0]) if needs[1] else None,
        )
