"""``minigrad.nn.init``: fill a tensor in place with initial values, as ``torch.nn.init`` does: under ``no_grad``,
returning the tensor, with torch's bounds, standard deviations and errors. The draws are torch's: the same calls
on the generators (:mod:`minigrad.random`) in the same order, so after the same seed the same numbers."""

import math
import warnings

import numpy as np

from .. import creation, functional
from ..autograd import grad_mode
from ..ops._util import wrap
from ..torch_warnings import user_stacklevel

__all__ = [
    "calculate_gain", "constant_", "dirac_", "eye_", "kaiming_normal_", "kaiming_uniform_", "normal_", "ones_",
    "orthogonal_", "sparse_", "trunc_normal_", "uniform_", "xavier_normal_", "xavier_uniform_", "zeros_",
]

_LINEAR = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d")


def calculate_gain(nonlinearity, param=None):
    """Mirror ``torch.nn.init.calculate_gain``: the recommended gain for ``nonlinearity`` (``param``: leaky_relu's
    negative slope, 0.01 if None)."""
    if nonlinearity in _LINEAR or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, int) or isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + negative_slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    """Mirror ``torch.nn.init.uniform_``: draws from U(a, b)."""
    with grad_mode.no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    """Mirror ``torch.nn.init.normal_``: draws from N(mean, std²)."""
    with grad_mode.no_grad():
        return tensor.normal_(mean, std, generator=generator)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    """Mirror ``torch.nn.init.trunc_normal_``: draws from N(mean, std²) kept within [a, b] (redrawn until they
    are), with torch's warning when ``mean`` is more than 2 std outside [a, b]."""
    if mean < a - 2 * std or mean > b + 2 * std:
        warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. The distribution of values may "
                      "be incorrect.", stacklevel=2)  # fmt: skip
    p = (math.erf((b - mean) / std / math.sqrt(2)) - math.erf((a - mean) / std / math.sqrt(2))) / 2 if std else 1
    if a > b:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={a:g} > to={b:g}")
    if not tensor.dtype.is_floating_point:
        kernel = "normal_kernel_cpu" if p > 0.3 else "check_uniform_bounds"
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{tensor.dtype.scalar_name}'")
    with grad_mode.no_grad():
        if p > 0.3:  # normal draws; the whole tensor drawn again while any falls outside [a, b]
            lo, hi = tensor.new_tensor(a).item(), tensor.new_tensor(b).item()  # the bounds as the dtype holds them
            result = tensor.normal_(mean, std, generator=generator)
            while True:
                outside = (result < lo) | (result > hi)
                if not outside.any():
                    break
                result = functional.where(outside, creation.zeros_like(result).normal_(mean, std, generator=generator),
                                          result)  # fmt: skip
            return tensor if result is tensor else tensor.copy_(result)
        # few normal draws would land inside: uniform draws in [a, b], kept with the normal's density (relative to
        # its peak in [a, b]); the whole tensor drawn again while any is pending
        log_peak = -0.5 * ((max(a, min(mean, b)) - mean) / std) ** 2
        candidates, accept = creation.zeros_like(tensor), creation.zeros_like(tensor)
        tensor.uniform_(a, b, generator=generator)
        candidates.copy_(tensor).sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
        pending = accept.uniform_(generator=generator).log_().gt(candidates)
        result = tensor
        while pending.any():
            candidates.uniform_(a, b, generator=generator)
            result = functional.where(pending, candidates, result)
            candidates.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
            pending = functional.where(pending, accept.uniform_(generator=generator).log_().gt(candidates), pending)
        return tensor if result is tensor else tensor.copy_(result)


def constant_(tensor, val):
    """Mirror ``torch.nn.init.constant_``: ``val`` everywhere."""
    with grad_mode.no_grad():
        return tensor.fill_(val)


def ones_(tensor):
    """Mirror ``torch.nn.init.ones_``."""
    return constant_(tensor, 1.0)


def zeros_(tensor):
    """Mirror ``torch.nn.init.zeros_``."""
    with grad_mode.no_grad():
        return tensor.zero_()


def eye_(tensor):
    """Mirror ``torch.nn.init.eye_``: the identity matrix (ones on the diagonal of a 2-D tensor)."""
    if tensor.ndimension() != 2:  # torch's spelling, so a list fails as in torch
        raise ValueError("Only tensors with 2 dimensions are supported")
    with grad_mode.no_grad():
        return tensor.copy_(creation.eye(*tensor.shape, dtype=tensor.dtype))


def dirac_(tensor, groups=1):
    """Mirror ``torch.nn.init.dirac_``: a 3-, 4- or 5-D convolution weight that passes its input through (in each of
    the ``groups``, a 1 at the centre of the kernel of each output channel and its matching input channel, zeros
    elsewhere), one in-place write per 1, as torch's."""
    if tensor.ndimension() not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.shape
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    out_chans_per_grp = sizes[0] // groups
    centre = tuple(s // 2 for s in sizes[2:])
    with grad_mode.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min(out_chans_per_grp, sizes[1])):
                tensor[(g * out_chans_per_grp + d, d, *centre)] = 1
    return tensor


def _calculate_fan_in_and_fan_out(tensor):
    """torch's fan in and fan out: dim 1's and dim 0's sizes, times the product of the other dims' sizes."""
    if tensor.dim() < 2:  # torch's spelling, so a list fails as in torch (no attribute 'dim')
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    receptive_field_size = 1
    for s in tensor.shape[2:]:
        receptive_field_size *= s
    return tensor.shape[1] * receptive_field_size, tensor.shape[0] * receptive_field_size


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def xavier_uniform_(tensor, gain=1.0, generator=None):
    """Mirror ``torch.nn.init.xavier_uniform_``: U(-a, a), a = gain * sqrt(6 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    """Mirror ``torch.nn.init.xavier_normal_``: N(0, std²), std = gain * sqrt(2 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def _kaiming_std(tensor, a, mode, nonlinearity):
    """gain / sqrt(fan), or None (with torch's warning) for a tensor without elements."""
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", stacklevel=user_stacklevel())
        return None
    fan = _calculate_correct_fan(tensor, mode)
    return calculate_gain(nonlinearity, a) / math.sqrt(fan)


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    """Mirror ``torch.nn.init.kaiming_uniform_`` (He): U(-bound, bound), bound = gain * sqrt(3 / fan)."""
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    """Mirror ``torch.nn.init.kaiming_normal_`` (He): N(0, std²), std = gain / sqrt(fan)."""
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    return normal_(tensor, 0, std, generator)


def orthogonal_(tensor, gain=1, generator=None):
    """Mirror ``torch.nn.init.orthogonal_``: a (semi) orthogonal matrix (trailing dims flattened), torch's way: the Q
    of the QR factorization (LAPACK's geqrf and orgqr, as numpy calls them) of a normal draw, its columns' signs
    set by R's diagonal, times ``gain``."""
    if tensor.ndimension() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.shape[0]
    cols = tensor.numel() // rows
    flattened = tensor.new_empty((rows, cols)).normal_(0, 1, generator=generator)._data
    if rows < cols:
        flattened = flattened.T
    q, r = np.linalg.qr(flattened)
    q = q * np.sign(np.diagonal(r))
    if rows < cols:
        q = q.T
    with grad_mode.no_grad():
        tensor.view_as(wrap(q)).copy_(wrap(q))
        tensor.mul_(gain)
    return tensor


def sparse_(tensor, sparsity, std=0.01, generator=None):
    """Mirror ``torch.nn.init.sparse_``: normal draws (std ``std``), then in each column ``ceil(sparsity * rows)``
    rows, picked by ``randperm`` of the default generator (as torch's), set to 0."""
    if tensor.ndimension() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = tensor.shape
    num_zeros = math.ceil(sparsity * rows)
    with grad_mode.no_grad():
        tensor.normal_(0, std, generator=generator)
        for col_idx in range(cols):
            row_indices = creation.randperm(rows)
            zero_indices = row_indices[:num_zeros]
            tensor[zero_indices, col_idx] = 0
    return tensor


def _make_deprecate(meth):
    """torch's ``_make_deprecate``: the old name without the trailing underscore (``nn.init.xavier_uniform``, in
    tutorials from before PyTorch 0.4), which warns and calls the new one."""
    new_name = meth.__name__
    old_name = new_name[:-1]

    def deprecated_init(*args, **kwargs):
        warnings.warn(f"`nn.init.{old_name}` is now deprecated in favor of `nn.init.{new_name}`.", FutureWarning,
                      stacklevel=2)  # fmt: skip
        return meth(*args, **kwargs)

    deprecated_init.__doc__ = f"Mirror ``torch.nn.init.{old_name}``: deprecated, warns, then ``{new_name}``."
    deprecated_init.__name__ = old_name
    return deprecated_init


uniform = _make_deprecate(uniform_)
normal = _make_deprecate(normal_)
constant = _make_deprecate(constant_)
eye = _make_deprecate(eye_)
dirac = _make_deprecate(dirac_)
xavier_uniform = _make_deprecate(xavier_uniform_)
xavier_normal = _make_deprecate(xavier_normal_)
kaiming_uniform = _make_deprecate(kaiming_uniform_)
kaiming_normal = _make_deprecate(kaiming_normal_)
orthogonal = _make_deprecate(orthogonal_)
sparse = _make_deprecate(sparse_)

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.nn.init")  # a name torch has and minigrad lacks says so
