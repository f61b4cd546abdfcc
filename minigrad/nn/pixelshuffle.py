"""``F.pixel_shuffle`` and ``F.pixel_unshuffle`` (also ``torch.pixel_shuffle``/``pixel_unshuffle``) and the layers
``nn.PixelShuffle`` and ``nn.PixelUnshuffle`` (a super-resolution network's upsampling), with torch's checks."""

from ..arguments import is_int, must_be_tensor
from ..ops.pixelshuffle import PixelShuffle as _Shuffle
from ..ops.pixelshuffle import PixelUnshuffle as _Unshuffle
from ..tensor import Tensor
from .module import Module


def _checked(name, input, factor, kind):
    if not isinstance(input, Tensor):
        raise must_be_tensor(name, "input", 1, input)
    if not is_int(factor):
        raise must_be_tensor(name, f"{kind}_factor", 2, factor, "int")
    if input.ndim < 3:
        raise RuntimeError(f"{name} expects input to have at least 3 dimensions, but got input with {input.ndim} "
                           "dimension(s)")  # fmt: skip
    if factor <= 0:
        raise RuntimeError(f"{name} expects a positive {kind}_factor, but got {factor}")
    return int(factor)


def pixel_shuffle(input, upscale_factor):
    """Mirror ``torch.nn.functional.pixel_shuffle``: (*, C * r * r, H, W) -> (*, C, H * r, W * r), ``r`` the
    ``upscale_factor`` (PixelShuffleBackward0)."""
    r = _checked("pixel_shuffle", input, upscale_factor, "upscale")
    if input.shape[-3] % (r * r):
        raise RuntimeError("pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                           f"upscale_factor, but input.size(-3)={input.shape[-3]} is not divisible by {r * r}")
    return _Shuffle.apply(input, upscale_factor=r)


def pixel_unshuffle(input, downscale_factor):
    """Mirror ``torch.nn.functional.pixel_unshuffle``: (*, C, H * r, W * r) -> (*, C * r * r, H, W), ``r`` the
    ``downscale_factor`` (PixelUnshuffleBackward0)."""
    r = _checked("pixel_unshuffle", input, downscale_factor, "downscale")
    for name, d in (("height", -2), ("width", -1)):
        if input.shape[d] % r:
            raise RuntimeError(f"pixel_unshuffle expects {name} to be divisible by downscale_factor, but "
                               f"input.size({d})={input.shape[d]} is not divisible by {r}")  # fmt: skip
    return _Unshuffle.apply(input, downscale_factor=r)


class PixelShuffle(Module):
    """Mirror ``torch.nn.PixelShuffle(upscale_factor)``."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """Mirror ``torch.nn.PixelUnshuffle(downscale_factor)``."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f"downscale_factor={self.downscale_factor}"
