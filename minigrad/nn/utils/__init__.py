"""``minigrad.nn.utils``: gradient clipping as ``torch.nn.utils`` does it (``clip_grad_norm_``, and its two steps
``get_total_norm`` and ``clip_grads_with_norm_``; ``clip_grad_value_``), under ``no_grad``, in place on each
parameter's ``.grad``, with torch's steps and so its rounding: one vector norm per gradient, the norm of those
norms, ``max_norm / (total_norm + 1e-6)`` clamped at 1; the parameters as one vector and back
(``parameters_to_vector``, ``vector_to_parameters``); padding and packing sequences in :mod:`.rnn`."""

import math
import types
import warnings

from ...autograd import grad_mode
from ...creation import tensor
from ...functional import cat, stack
from ...linalg import vector_norm
from ...tensor import Tensor
from ...typename import typename
from . import fusion, parametrizations, parametrize, prune, rnn  # noqa: F401 - as torch.nn.utils has them
from .fusion import fuse_conv_bn_eval, fuse_conv_bn_weights, fuse_linear_bn_eval, fuse_linear_bn_weights
from .spectral_norm import remove_spectral_norm, spectral_norm
from .weight_norm import remove_weight_norm, weight_norm

__all__ = ["clip_grad_norm", "clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_", "fuse_conv_bn_eval",
           "fuse_conv_bn_weights", "fuse_linear_bn_eval", "fuse_linear_bn_weights", "get_total_norm",
           "parameters_to_vector", "remove_spectral_norm", "remove_weight_norm", "spectral_norm",
           "vector_to_parameters", "weight_norm"]  # fmt: skip


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Mirror ``torch.nn.utils.clip_grad_norm_``: scale the gradients of ``parameters`` (a tensor or an iterable
    of them; those without ``.grad`` are skipped) in place so that their total ``norm_type``-norm is at most
    ``max_norm``; return the total norm before clipping, a 0-d tensor. ``foreach`` changes nothing on the CPU."""
    with grad_mode.no_grad():
        if isinstance(parameters, Tensor):
            parameters = [parameters]
        else:
            is_generator = isinstance(parameters, types.GeneratorType)
            parameters = list(parameters)  # a generator is read once
            if is_generator and not parameters:
                warnings.warn("`parameters` is an empty generator, no gradient clipping will occur.", stacklevel=2)
        grads = [p.grad for p in parameters if p.grad is not None]
        total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
        clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
        return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Mirror the deprecated ``torch.nn.utils.clip_grad_norm``: its FutureWarning, then ``clip_grad_norm_``."""
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.",
                  FutureWarning, stacklevel=2)  # fmt: skip
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Mirror ``torch.nn.utils.get_total_norm``: the ``norm_type``-norm of the norms of ``tensors`` (a tensor or an
    iterable of them; ``tensor(0.)`` for none), under ``no_grad``; torch's RuntimeError for a non-finite norm with
    ``error_if_nonfinite``."""
    with grad_mode.no_grad():
        tensors = [tensors] if isinstance(tensors, Tensor) else list(tensors)
        norm_type = float(norm_type)
        if not tensors:
            return tensor(0.0)
        total_norm = vector_norm(stack([vector_norm(g, norm_type) for g in tensors]), norm_type)
        if error_if_nonfinite and not math.isfinite(total_norm.item()):
            raise RuntimeError(
                f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it cannot be "
                "clipped. To disable this error and scale the gradients by the non-finite norm anyway, set "
                "`error_if_nonfinite=False`"
            )
        return total_norm


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Mirror ``torch.nn.utils.clip_grads_with_norm_``: multiply the gradients of ``parameters`` in place by
    ``max_norm / (total_norm + 1e-6)`` clamped at 1 (multiplied even when it is 1, as torch does); return None."""
    with grad_mode.no_grad():
        if isinstance(parameters, Tensor):
            parameters = [parameters]
        grads = [p.grad for p in parameters if p.grad is not None]
        max_norm = float(max_norm)
        if grads:
            clip_coef = (max_norm / (total_norm + 1e-6)).clamp(max=1.0)
            for g in grads:
                g.mul_(clip_coef)


_NO_GRADS = ("Expected !nested_tensorlist[0].empty() to be true, but got false.  (Could this error message be "
             "improved?  If so, please report an enhancement request to PyTorch.)")


def clip_grad_value_(parameters, clip_value, foreach=None):
    """Mirror ``torch.nn.utils.clip_grad_value_``: clamp the gradients of ``parameters`` (a tensor or an iterable
    of them) in place to ``[-clip_value, clip_value]``; return None. torch's RuntimeError when none has a ``.grad``
    (clipping before ``backward()``)."""
    with grad_mode.no_grad():
        if isinstance(parameters, Tensor):
            parameters = [parameters]
        clip_value = float(clip_value)
        grads = [p.grad for p in parameters if p.grad is not None]
        if not grads:  # torch groups the gradients by device first, which fails on none (clipping before backward)
            raise RuntimeError(_NO_GRADS)
        for g in grads:
            g.clamp_min_(-clip_value)  # torch's foreach path: the lower bound first, then the upper
            g.clamp_max_(clip_value)


def parameters_to_vector(parameters):
    """Mirror ``torch.nn.utils.parameters_to_vector``: the parameters flattened into one vector, in the graph
    (each a ``view(-1)``, then one ``cat``)."""
    return cat([param.view(-1) for param in parameters])


def vector_to_parameters(vec, parameters):
    """Mirror ``torch.nn.utils.vector_to_parameters``: give each parameter, in order, the next slice of ``vec`` as
    its ``.data`` (outside the graph)."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {typename(vec)}")
    pointer = 0
    for param in parameters:
        n = param.numel()
        param.data = vec[pointer : pointer + n].view_as(param).data
        pointer += n


from ...torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.nn.utils")  # a name torch has and minigrad lacks says so
