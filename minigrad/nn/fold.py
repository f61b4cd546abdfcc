"""``F.unfold`` (im2col, Im2ColBackward0) and ``F.fold`` (col2im, Col2ImBackward0) and the layers ``nn.Unfold`` and
``nn.Fold``, with torch's checks in its order."""

from ..arguments import is_int, must_be_tensor
from ..ops._util import not_implemented
from ..ops.fold import Col2Im, Im2Col, blocks
from ..tensor import Tensor
from .module import Module


def _pair(function, name, position, value):
    """torch's ``_pair`` then its parser's ``int[2]``: an int repeated, a tuple or list of ints as it is."""
    if is_int(value):
        return (int(value),) * 2
    if isinstance(value, (tuple, list)) and all(is_int(v) for v in value):
        return tuple(int(v) for v in value)
    raise must_be_tensor(function, name, position, value, "tuple of ints")


def _parameters(function, names, values):
    """The ``int[2]`` parameters, checked for their length as torch's kernel checks them."""
    out = []
    for position, (name, value) in enumerate(zip(names, values), 2):
        pair = _pair(function, name, position, value)
        if len(pair) != 2:
            raise RuntimeError(f"It is expected {name} equals to 2, but got size {len(pair)}")
        out.append(pair)
    return out


def _check_positive(kernel, dilation, padding, stride):
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = kernel, dilation, padding, stride
    if kh <= 0 or kw <= 0:
        raise RuntimeError(f"kernel size should be greater than zero, but got kernel_height: {kh} kernel_width: {kw}")
    if dh <= 0 or dw <= 0:
        raise RuntimeError(f"dilation should be greater than zero, but got dilation_height: {dh} dilation_width: {dw}")
    if ph < 0 or pw < 0:
        raise RuntimeError(f"padding should be non-negative, but got pad_height: {ph} pad_width: {pw}")
    if sh <= 0 or sw <= 0:
        raise RuntimeError(f"stride should be greater than zero, but got stride_height: {sh} stride_width: {sw}")


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Mirror ``torch.nn.functional.unfold``: each sliding ``kernel_size`` block of ``input`` (N, C, H, W) or
    (C, H, W) as a column, (N, C * kh * kw, L) (Im2ColBackward0)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("im2col", "input", 1, input)
    kernel, dil, pad, steps = _parameters("im2col", ("kernel_size", "dilation", "padding", "stride"),
                                          (kernel_size, dilation, padding, stride))  # fmt: skip
    _check_positive(kernel, dil, pad, steps)
    shape = tuple(input.shape)
    if input.ndim < 3:
        input._wrap_dim(2)  # torch reads input.size(2) first: its IndexError
    if not (input.ndim == 3 and all(shape) or input.ndim == 4 and all(shape[1:])):
        raise RuntimeError("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
                           f"dimensions for input, but got: [{', '.join(map(str, shape))}]")  # fmt: skip
    h, w = shape[-2:]
    out = [blocks(*a) for a in zip((h, w), kernel, dil, pad, steps)]
    if out[0] < 1 or out[1] < 1:
        raise RuntimeError(f"Given input with spatial size ({h}, {w}), kernel_size=({kernel[0]}, {kernel[1]}), "
                           f"dilation=({dil[0]}, {dil[1]}), padding=({pad[0]}, {pad[1]}), calculated shape of the "
                           f"array of sliding blocks as ({out[0]}, {out[1]}), but its components must be at least "
                           "one.")  # fmt: skip
    if not input.dtype.is_floating_point:
        raise not_implemented("im2col_out_cpu", input.dtype)
    return Im2Col.apply(input, kernel_size=kernel, dilation=dil, padding=pad, stride=steps)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Mirror ``torch.nn.functional.fold``: the columns of ``input`` (N, C * kh * kw, L) or (C * kh * kw, L) added
    back into images of ``output_size``, overlapping values summed (Col2ImBackward0)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("col2im", "input", 1, input)
    size, kernel, dil, pad, steps = _parameters(
        "col2im", ("output_size", "kernel_size", "dilation", "padding", "stride"),
        (output_size, kernel_size, dilation, padding, stride))  # fmt: skip
    _check_positive(kernel, dil, pad, steps)
    shape = tuple(input.shape)
    if not (input.ndim == 2 and all(shape) or input.ndim == 3 and all(shape[1:])):
        raise RuntimeError("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
                           f"dimensions for input, but got: [{', '.join(map(str, shape))}]")  # fmt: skip
    planes, length = shape[-2:]
    if planes % (kernel[0] * kernel[1]):
        raise RuntimeError("Expected size of input's dimension 1 to be divisible by the product of kernel_size, but "
                           f"got input.size(1)={planes} and kernel_size=({kernel[0]}, {kernel[1]}).")  # fmt: skip
    out = [blocks(*a) for a in zip(size, kernel, dil, pad, steps)]
    given = (f"Given output_size=({size[0]}, {size[1]}), kernel_size=({kernel[0]}, {kernel[1]}), dilation=({dil[0]}, "
             f"{dil[1]}), padding=({pad[0]}, {pad[1]}), stride=({steps[0]}, {steps[1]}), ")  # fmt: skip
    if length != out[0] * out[1]:
        raise RuntimeError(given + "expected size of input's dimension 2 to match the calculated number of sliding "
                           f"blocks {out[0]} * {out[1]} = {out[0] * out[1]}, but got input.size(2)={length}.")
    if out[0] < 1 or out[1] < 1:
        raise RuntimeError(given + f"calculated shape of the array of sliding blocks as ({out[0]}, {out[1]}), which "
                           "is too small (non-positive)")  # fmt: skip
    if not input.dtype.is_floating_point:
        raise not_implemented("col2im_out_cpu", input.dtype)
    return Col2Im.apply(input, output_size=size, kernel_size=kernel, dilation=dil, padding=pad, stride=steps)


class Unfold(Module):
    """Mirror ``torch.nn.Unfold(kernel_size, dilation=1, padding=0, stride=1)``: ``F.unfold``."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size, self.dilation, self.padding, self.stride = kernel_size, dilation, padding, stride

    def forward(self, input):
        return unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return (f"kernel_size={self.kernel_size}, dilation={self.dilation}, padding={self.padding}, "
                f"stride={self.stride}")  # fmt: skip


class Fold(Module):
    """Mirror ``torch.nn.Fold(output_size, kernel_size, dilation=1, padding=0, stride=1)``: ``F.fold``."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def forward(self, input):
        return fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return (f"output_size={self.output_size}, kernel_size={self.kernel_size}, dilation={self.dilation}, "
                f"padding={self.padding}, stride={self.stride}")  # fmt: skip
