"""Fractional max pooling (Graham's): ``torch.nn.functional.fractional_max_pool2d``/``3d`` (and ``_with_indices``)
and the layers ``nn.FractionalMaxPool2d``/``3d``. The windows' starts come from ``torch.rand`` samples drawn as torch
draws them (one per plane and pooled dim, in the input's dtype), so ``torch.manual_seed`` gives torch's windows."""

from ..arguments import is_int
from ..ops import fractional_max_pool as FP
from ..ops._util import wrap
from ..tensor import Tensor
from .module import Module
from .pooling import _ints


def _check_samples(input, samples, dims):
    """torch's ``fractional_max_pool_check_shape``: the samples' dtype and shape against the input's."""
    if samples.dtype != input.dtype:
        raise RuntimeError("Expect _random_samples to have the same dtype as input")
    if samples.ndim != 3:
        raise RuntimeError(f"Expect _random_samples to have 3 dimensions, got {samples.ndim}")
    batch, channels = (1, input.shape[0]) if input.ndim == dims + 1 else input.shape[:2]
    if samples.shape[0] < batch:
        raise RuntimeError("Expect _random_samples.size(0) no less then input batch size.")
    if samples.shape[1] != channels:
        raise RuntimeError("Expect _random_samples.size(1) equals to input channel size.")
    if samples.shape[2] != dims:
        raise RuntimeError(f"Expect _random_samples.size(2) equals to {dims}; got {samples.shape[2]}.")


def _check_input(function, input, kernel, output_size, dims):
    """torch's checks of ``fractional_max_pool2d``/``3d``'s sizes (its meta function), in its order."""
    name = f"{function}()" if dims == 2 else "fractional_max_pool3d_out()"
    count = "Ints" if dims == 2 else "three Ints"
    if len(kernel) != dims:
        raise RuntimeError(f"{function}: kernel_size must either be a single Int or tuple of {count}")
    if len(output_size) != dims:
        raise RuntimeError(f"{function}: output_size must either be a single Int or tuple of {count}")
    shape = tuple(input.shape)
    if input.ndim not in (dims + 1, dims + 2):
        shown = ", ".join(map(str, shape))
        raise RuntimeError(f"{name}: Expected {dims + 1}D or {dims + 2}D tensor, but got: [{shown}]")
    for d in range(1, input.ndim):
        if shape[d] <= 0:
            raise RuntimeError(f"{name}: Expected input to have non-zero size for non-batch dimensions, but got"
                               f"[{', '.join(map(str, shape))}] with dimension {d} being empty.")  # fmt: skip
    sizes = shape[-dims:]
    words = ("height", "width") if dims == 2 else ("time", "height", "width")
    for d in ((0, 1) if dims == 2 else (0, 2, 1)):  # torch's 3-d check: time, width, then height; strictly smaller
        reach = output_size[d] + kernel[d] - 1
        if reach > sizes[d] or dims == 3 and reach == sizes[d]:
            raise RuntimeError(f"{name}: pool {words[d]} {kernel[d]} too large relative to input {words[d]} "
                               f"{sizes[d]}")  # fmt: skip
    for size in output_size:
        if size < 0:
            full = (*shape[:-dims], *output_size)
            raise RuntimeError(f"Trying to create tensor with negative dimension {size}: [{', '.join(map(str, full))}]")


def _fractional_max_pool(dims, input, kernel_size, output_size, output_ratio, _random_samples):
    """The values and indices of ``fractional_max_pool2d``/``3d``, following torch's Python function then its
    kernel."""
    function = f"fractional_max_pool{dims}d"
    if output_size is None and output_ratio is None:
        raise ValueError(f"{function} requires specifying either an output_size or an output_ratio")
    if output_size is None:
        if dims == 2 and len(output_ratio) > 2:
            raise ValueError(f"{function} requires output_ratio to either be a single Int or tuple of Ints.")
        ratio = tuple(output_ratio) if isinstance(output_ratio, (tuple, list)) else (output_ratio,) * dims
        output_size = [int(input.size(d - dims) * ratio[d]) for d in range(dims)]
    if _random_samples is None:
        batch = 1 if input.dim() == dims + 1 else input.size(0)
        from ..creation import rand

        _random_samples = rand(batch, input.size(-dims - 1), dims, dtype=input.dtype)
    kernel = _ints(function, "kernel_size", 2, kernel_size, dims)
    size = _ints(function, "output_size", 3, output_size, dims)
    if isinstance(_random_samples, Tensor) and _random_samples.requires_grad:
        raise RuntimeError(f"The function '{function}' is not differentiable with respect to argument "
                           "'random_samples'. This input cannot have requires_grad True.")  # fmt: skip
    _check_input(function, input, kernel, size, dims)
    _check_samples(input, _random_samples, dims)
    samples = _random_samples._data[: 1 if input.ndim == dims + 1 else input.shape[0]]
    samples = samples.reshape(-1, dims)
    indices = wrap(FP.fractional_indices(input._data, kernel, size, samples))
    op = FP.FractionalMaxPool2D if dims == 2 else FP.FractionalMaxPool3D
    values = op.apply(input, kernel_size=kernel, output_size=size, indices=indices, empty_windows=min(kernel) <= 0)
    return values, indices


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):  # fmt: skip
    """Mirror ``torch.nn.functional.fractional_max_pool2d_with_indices``: the largest value of each
    ``kernel_size`` window of a pseudo-random grid of ``output_size`` (or ``output_ratio`` of the input's size) over
    the last two dims, and where each is (row * W + col), as a pair (FractionalMaxPool2DBackward0)."""
    return _fractional_max_pool(2, input, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):  # fmt: skip
    """Mirror ``torch.nn.functional.fractional_max_pool2d``: the values of ``fractional_max_pool2d_with_indices``,
    with the indices too if ``return_indices``."""
    out = _fractional_max_pool(2, input, kernel_size, output_size, output_ratio, _random_samples)
    return out if return_indices else out[0]


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):  # fmt: skip
    """Mirror ``torch.nn.functional.fractional_max_pool3d_with_indices``: as the 2-d one over the last three dims
    (FractionalMaxPool3DBackward0)."""
    return _fractional_max_pool(3, input, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):  # fmt: skip
    """Mirror ``torch.nn.functional.fractional_max_pool3d``: the values of ``fractional_max_pool3d_with_indices``,
    with the indices too if ``return_indices``."""
    out = _fractional_max_pool(3, input, kernel_size, output_size, output_ratio, _random_samples)
    return out if return_indices else out[0]


def _repeat(value, dims):
    """torch's ``_pair``/``_triple``: an iterable as a tuple, anything else repeated."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * dims


class _FractionalMaxPoolNd(Module):
    """torch's fractional max pooling layers: ``kernel_size``, ``output_size`` or ``output_ratio`` (in (0, 1)),
    ``return_indices``, and ``_random_samples`` (a buffer; None draws new samples at each call)."""

    dims = 2

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None):
        super().__init__()
        name = type(self).__name__
        if self.dims == 3 and (is_int(kernel_size) and kernel_size <= 0 or isinstance(kernel_size, (tuple, list))
                               and not all(k > 0 for k in kernel_size)):  # fmt: skip
            raise ValueError(f"kernel_size must be greater than 0, but got {kernel_size}")
        self.kernel_size = _repeat(kernel_size, self.dims)
        self.return_indices = return_indices
        self.register_buffer("_random_samples", _random_samples)
        self.output_size = _repeat(output_size, self.dims) if output_size is not None else None
        self.output_ratio = _repeat(output_ratio, self.dims) if output_ratio is not None else None
        if output_size is None and output_ratio is None:
            raise ValueError(f"{name} requires specifying either an output size, or a pooling ratio")
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        if self.output_ratio is not None and not all(0 < r < 1 for r in self.output_ratio[: self.dims]):
            raise ValueError(f"output_ratio must be between 0 and 1 (got {output_ratio})")

    def forward(self, input):
        pool = fractional_max_pool2d if self.dims == 2 else fractional_max_pool3d
        return pool(input, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
                    _random_samples=self._random_samples)  # fmt: skip


class FractionalMaxPool2d(_FractionalMaxPoolNd):
    """Mirror ``torch.nn.FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None, return_indices=False,
    _random_samples=None)``: ``F.fractional_max_pool2d``."""


class FractionalMaxPool3d(_FractionalMaxPoolNd):
    """Mirror ``torch.nn.FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None, return_indices=False,
    _random_samples=None)``: ``F.fractional_max_pool3d``."""

    dims = 3
