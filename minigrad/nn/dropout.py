"""Dropout as ``torch.nn.functional.dropout`` and ``torch.nn.Dropout`` have it on the CPU: in training, the input
times a noise tensor that is 0 with probability ``p`` and ``1 / (1 - p)`` otherwise, so the graph records a plain
``MulBackward0``; in evaluation (or with ``p = 0``) the input itself. The noise is torch's ``bernoulli_(1 - p)`` on the
CPU without MKL: one float64 uniform (``random64()``) per element, kept where it is below ``1 - p``, so after the same
seed the same elements drop as in torch on an AMD processor (on Intel ones torch draws through MKL instead)."""

import math
import warnings

import numpy as np

from .. import dtypes, sampling
from ..arguments import must_be_tensor
from ..functional import add, mul
from ..ops._util import cant_cast, wrap
from ..random import default_generator
from ..torch_warnings import user_stacklevel
from ..typename import c_type_name
from .module import Module


def _check_p(p, bound=0.0):
    """torch's check of a dropout probability: the functions compare it with 0.0 and 1.0, the layers with 0 and 1
    (a str's TypeError names the one)."""
    if p < bound or p > 1 + bound:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout(input, p=0.5, training=True, inplace=False):
    """Mirror ``torch.nn.functional.dropout``: zero each element with probability ``p`` and scale the rest by
    ``1 / (1 - p)`` (``input * noise``, MulBackward0); ``input`` itself when not ``training`` or ``p`` is 0."""
    _check_p(p)
    if training.__class__ is not bool:  # torch's parser, for _VF.dropout(input, p, train) (dropout_ in place)
        raise TypeError(f"dropout{'_' if inplace else ''}(): argument 'train' (position 3) must be bool, not "
                        f"{c_type_name(training)}")
    if not training or p == 0:
        return input
    try:
        dt = input._data.dtype
    except AttributeError:  # not a tensor (an array): torch's parser's error (torch refuses it when not training too)
        raise must_be_tensor(f"dropout{'_' if inplace else ''}", "input", 1, input) from None
    if p == 1:
        noise = wrap(np.zeros((), dt))  # torch multiplies by a 0-d zero
    elif dt.kind != "f":
        raise cant_cast(dtypes.float32, input.dtype)
    else:
        kept = np.empty_like(input._data, dtype=bool)  # input's layout, filled in its memory order, as torch's
        sampling.fill(kept, sampling.bernoulli(default_generator, 1.0 - p, kept.size))
        noise = wrap(kept.astype(dt) / dt.type(1.0 - p))
    return input.mul_(noise) if inplace else mul(input, noise)


_ALPHA = 1.7580993408473766  # torch's alpha_dropout: -SELU's negative saturation value, scale * alpha


def _dropout_impl(input, p, train, inplace, feature, alpha):
    """torch's ``_dropout_impl`` (ATen/native/Dropout.cpp): noise of the input's shape (``feature``: one value per
    (sample, channel), ``(N, C, 1, ...)``) drawn by ``bernoulli_(1 - p)``; plain: ``input * noise / (1 - p)``;
    alpha: ``input * noise * a + b`` so that the mean and variance stay. Graph: MulBackward0 (then AddBackward0)."""
    _check_p(p)
    if p == 0 or not train or input._data.size == 0:
        return input
    try:
        dt = input._data.dtype
    except AttributeError:  # not a tensor (an array): torch's parser's error (torch refuses it when not training too)
        raise must_be_tensor(f"dropout{'_' if inplace else ''}", "input", 1, input) from None
    if p == 1:
        zero = wrap(np.zeros((), dt))
        return input.mul_(zero) if inplace else mul(input, zero)
    if feature:
        if input.ndim < 2:
            raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
        kept = np.empty(input.shape[:2] + (1,) * (input.ndim - 2), dtype=bool)
    else:
        kept = np.empty_like(input._data, dtype=bool)  # input's layout, filled in its memory order, as torch's
    if dt.kind != "f":
        raise cant_cast(dtypes.float32, input.dtype)
    sampling.fill(kept, sampling.bernoulli(default_generator, 1.0 - p, kept.size))
    noise = kept.astype(dt)
    if not alpha:
        noise = wrap(noise / dt.type(1.0 - p))
        return input.mul_(noise) if inplace else mul(input, noise)
    a = 1.0 / math.sqrt((_ALPHA * _ALPHA * p + 1) * (1 - p))
    b = wrap((noise - dt.type(1)) * dt.type(_ALPHA * a) + dt.type(_ALPHA * a * p))
    noise = wrap(noise * dt.type(a))
    return input.mul_(noise).add_(b) if inplace else add(mul(input, noise), b)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Mirror ``torch.nn.functional.alpha_dropout``: each element kept with probability ``1 - p`` or set to SELU's
    negative saturation, then scaled and shifted to keep zero mean and unit variance (MulBackward0, AddBackward0)."""
    _check_p(p)
    return _dropout_impl(input, p, training, inplace, feature=False, alpha=True)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Mirror ``torch.nn.functional.feature_alpha_dropout``: :func:`alpha_dropout` of whole channels."""
    _check_p(p)
    return _dropout_impl(input, p, training, inplace, feature=True, alpha=True)


_NO_BATCH = ("dropout{n}d: Received a {dim}-D input to dropout{n}d, which is deprecated and will result in an error "
             "in a future release. To retain the behavior and silence this warning, please use dropout instead. Note "
             "that dropout{n}d exists to provide channel-wise dropout on inputs with {n} spatial dimensions, a channel "
             "dimension, and an optional batch dimension (i.e. {lo}D or {hi}D inputs).")  # fmt: skip


def _feature_dropout(input, p, training, inplace, batched):
    x = input if batched else input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _dropout_impl(x, p, training, inplace, feature=True, alpha=False)
    if not batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Mirror ``torch.nn.functional.dropout1d``: zero whole channels of an (N, C, L) or (C, L) input with probability
    ``p``, scaling the rest by ``1 / (1 - p)``."""
    _check_p(p)
    if input.ndim not in (2, 3):
        raise RuntimeError(
            f"dropout1d: Expected 2D or 3D input, but received a {input.ndim}D input. Note that dropout1d exists to "
            "provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an optional "
            "batch dimension (i.e. 2D or 3D inputs)."
        )
    return _feature_dropout(input, p, training, inplace, batched=input.ndim == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Mirror ``torch.nn.functional.dropout2d``: zero whole channels (dim 1) with probability ``p``, scaling the rest
    by ``1 / (1 - p)``; torch's warnings for inputs not 3-D or 4-D (a 3-D input is taken as (N, C, L))."""
    _check_p(p)
    if input.ndim not in (3, 4):
        warnings.warn(_NO_BATCH.format(n=2, dim=input.ndim, lo=3, hi=4), stacklevel=user_stacklevel())
    if input.ndim == 3:
        warnings.warn(
            "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout behavior is desired "
            "- input is interpreted as shape (N, C, L), where C is the channel dim. This behavior will change in a "
            "future release to interpret the input as one without a batch dimension, i.e. shape (C, H, W). To "
            "maintain the 1D channel-wise dropout behavior, please switch to using dropout1d instead.",
            stacklevel=user_stacklevel(),
        )
    return _dropout_impl(input, p, training, inplace, feature=True, alpha=False)


def dropout3d(input, p=0.5, training=True, inplace=False):
    """Mirror ``torch.nn.functional.dropout3d``: zero whole channels of an (N, C, D, H, W) or (C, D, H, W) input with
    probability ``p``, scaling the rest by ``1 / (1 - p)``."""
    _check_p(p)
    if input.ndim not in (4, 5):
        warnings.warn(_NO_BATCH.format(n=3, dim=input.ndim, lo=4, hi=5), stacklevel=user_stacklevel())
    return _feature_dropout(input, p, training, inplace, batched=input.ndim == 5)


class _DropoutNd(Module):
    """Mirror ``torch.nn.modules.dropout._DropoutNd``: ``p`` (checked) and ``inplace``."""

    _function = staticmethod(dropout)

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        _check_p(p, 0)
        self.p, self.inplace = p, inplace

    def forward(self, input):
        return self._function(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


class Dropout(_DropoutNd):
    """Mirror ``torch.nn.Dropout(p=0.5, inplace=False)``: :func:`dropout` while training, the input in eval()."""


class Dropout1d(_DropoutNd):
    """Mirror ``torch.nn.Dropout1d``: :func:`dropout1d` while training."""

    _function = staticmethod(dropout1d)


class Dropout2d(_DropoutNd):
    """Mirror ``torch.nn.Dropout2d``: :func:`dropout2d` while training."""

    _function = staticmethod(dropout2d)


class Dropout3d(_DropoutNd):
    """Mirror ``torch.nn.Dropout3d``: :func:`dropout3d` while training."""

    _function = staticmethod(dropout3d)


class AlphaDropout(_DropoutNd):
    """Mirror ``torch.nn.AlphaDropout``: :func:`alpha_dropout` while training."""

    def forward(self, input):
        return alpha_dropout(input, self.p, self.training)


class FeatureAlphaDropout(_DropoutNd):
    """Mirror ``torch.nn.FeatureAlphaDropout``: :func:`feature_alpha_dropout` while training."""

    def forward(self, input):
        return feature_alpha_dropout(input, self.p, self.training)
