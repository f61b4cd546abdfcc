"""Max unpooling, the partial inverse of max pooling: ``torch.nn.functional.max_unpool1d``, ``max_unpool2d`` and
``max_unpool3d`` (MaxUnpool2DBackward0, MaxUnpool3DBackward0; 1-d goes through 2-d, as in torch) and the layers
``nn.MaxUnpool1d``, ``nn.MaxUnpool2d`` and ``nn.MaxUnpool3d`` (an autoencoder's or a SegNet's decoder), with torch's
checks in its order."""

from ..ops._util import not_implemented
from ..ops.max_unpool import MaxUnpool2D, MaxUnpool3D
from .conv import _ntuple
from .module import Module


def _sizes(shape):
    return "[" + ", ".join(map(str, shape)) + "]"


def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    """torch's ``_unpool_output_size``: the size max pooling came from (as far as the windows reach), or
    ``output_size`` (its spatial sizes, or all of them) once checked to be one it could have come from."""
    n = len(kernel_size)
    default = [(input.size()[-n + d] - 1) * stride[d] + kernel_size[d] - 2 * padding[d] for d in range(n)]
    if output_size is None:
        return default
    if len(output_size) == n + 2:
        output_size = output_size[2:]
    if len(output_size) != n:
        raise ValueError(f"output_size should be a sequence containing {n} or {n + 2} elements, but it has a length of "
                         f"'{len(output_size)}'")  # fmt: skip
    for d in range(n):
        low, high = default[d] - stride[d], default[d] + stride[d]
        if not low < output_size[d] < high:
            raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between {low} and {high})')
    return output_size


def _checks(name, input, indices, output_size, dims):
    """torch's checks of ``max_unpool2d``/``3d``, in its order."""
    if indices.dtype.name != "int64":
        got = "" if dims == 3 else f" but got: {indices.dtype.scalar_name}"
        raise RuntimeError(f"elements in indices should be type int64{got}")
    if dims == 2 and len(output_size) != 2:
        raise RuntimeError("There should be exactly two elements (height, width) in output_size, but got "
                           f"{len(output_size)} elements.")  # fmt: skip
    if input.ndim not in (dims + 1, dims + 2):
        raise RuntimeError(f"Input to max_unpooling{dims}d should be a {dims + 1}d or {dims + 2}d Tensor, but got a "
                           f"tensor with {input.ndim} dimensions.")  # fmt: skip
    if dims == 3 and len(output_size) != 3:
        raise RuntimeError("There should be exactly three elements (depth, height, width) in output_size, but got "
                           f"{len(output_size)} elements.")  # fmt: skip
    if tuple(input.shape) != tuple(indices.shape):
        raise RuntimeError(f"Expected shape of indices to be same as that of the input tensor ({_sizes(input.shape)}) "
                           f"but got indices tensor with shape: {_sizes(indices.shape)}")  # fmt: skip
    for d in range(1, input.ndim):
        if input.shape[d] <= 0:
            raise RuntimeError(f"{name}(): Expected input to have non-zero size for non-batch dimensions, but got "
                               f"{_sizes(input.shape)} with dimension {d} being empty.")  # fmt: skip


def _max_unpool(dims, input, indices, kernel_size, stride, padding, output_size):
    kernel_size = _ntuple(kernel_size, dims)
    stride = _ntuple(stride, dims) if stride is not None else kernel_size
    padding = _ntuple(padding, dims)
    return kernel_size, stride, padding, list(_unpool_output_size(input, kernel_size, stride, padding, output_size))


def _unpool2d(input, indices, output_size):
    """torch's ``max_unpool2d`` op: checked, then MaxUnpool2DBackward0."""
    _checks("max_unpooling2d_forward_out_cpu", input, indices, output_size, 2)
    if not input.dtype.is_floating_point:
        raise not_implemented("max_unpool2d", input.dtype)
    return MaxUnpool2D.apply(input, indices=indices, output_size=tuple(output_size))


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Mirror ``torch.nn.functional.max_unpool1d``: ``max_unpool2d`` of the input and indices given a last dim of 1
    (UnsqueezeBackward0, MaxUnpool2DBackward0, SqueezeBackward1)."""
    _, _, _, size = _max_unpool(1, input, indices, kernel_size, stride, padding, output_size)
    return _unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), size + [1]).squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Mirror ``torch.nn.functional.max_unpool2d``: zeros of the size max pooling came from (or ``output_size``),
    each value of ``input`` put back at its index (``max_pool2d(..., return_indices=True)``'s)."""
    _, _, _, size = _max_unpool(2, input, indices, kernel_size, stride, padding, output_size)
    return _unpool2d(input, indices, size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Mirror ``torch.nn.functional.max_unpool3d``: zeros of the size ``max_pool3d`` came from (or
    ``output_size``), each value of ``input`` put back at its index (MaxUnpool3DBackward0)."""
    _, stride, padding, size = _max_unpool(3, input, indices, kernel_size, stride, padding, output_size)
    _checks("max_unpooling3d_forward_out_cpu_template", input, indices, size, 3)
    if any(s <= 0 for s in stride):
        raise RuntimeError(f"strides should be greater than zero, but got stride: {_sizes(stride)}")
    if not input.dtype.is_floating_point:
        raise not_implemented("max_unpool3d", input.dtype)
    return MaxUnpool3D.apply(input, indices=indices, output_size=tuple(size))


class _MaxUnpoolNd(Module):
    """torch's base of the max unpooling layers: ``kernel_size``, ``stride`` (the kernel's unless given) and
    ``padding``, one value per dim; ``forward(input, indices, output_size=None)``."""

    dims = 2

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, self.dims)
        self.stride = _ntuple(stride if stride is not None else kernel_size, self.dims)
        self.padding = _ntuple(padding, self.dims)

    def forward(self, input, indices, output_size=None):
        unpool = (max_unpool1d, max_unpool2d, max_unpool3d)[self.dims - 1]
        return unpool(input, indices, self.kernel_size, self.stride, self.padding, output_size)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpoolNd):
    """Mirror ``torch.nn.MaxUnpool1d(kernel_size, stride=None, padding=0)``: ``F.max_unpool1d``."""

    dims = 1


class MaxUnpool2d(_MaxUnpoolNd):
    """Mirror ``torch.nn.MaxUnpool2d(kernel_size, stride=None, padding=0)``: ``F.max_unpool2d``, with
    ``MaxPool2d(..., return_indices=True)``'s indices."""

    dims = 2


class MaxUnpool3d(_MaxUnpoolNd):
    """Mirror ``torch.nn.MaxUnpool3d(kernel_size, stride=None, padding=0)``: ``F.max_unpool3d``."""

    dims = 3
