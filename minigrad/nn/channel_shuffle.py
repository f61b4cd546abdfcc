"""``F.channel_shuffle`` (also ``torch.channel_shuffle``) and ``nn.ChannelShuffle``, ShuffleNet's mixing of channel
groups, with torch's checks."""

from ..arguments import is_int, must_be_tensor
from ..ops.channel_shuffle import ChannelShuffle as _Shuffle
from ..tensor import Tensor
from .module import Module


def channel_shuffle(input, groups):
    """Mirror ``torch.nn.functional.channel_shuffle(input, groups)``: (N, C, *) with channel ``g * C / groups + i``
    moved to ``i * groups + g`` (ChannelShuffleBackward0)."""
    if not isinstance(input, Tensor):
        raise must_be_tensor("channel_shuffle", "input", 1, input)
    if not is_int(groups):
        raise must_be_tensor("channel_shuffle", "groups", 2, groups, "int")
    groups = int(groups)
    if input.ndim <= 2:
        raise RuntimeError(f"channel_shuffle expects input with > 2 dims, but got input with sizes "
                           f"{list(input.shape)}")  # fmt: skip
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of groups:{groups}")
    channels = input.shape[1]
    if channels % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {channels} channels and {groups} "
                           "groups.")  # fmt: skip
    return _Shuffle.apply(input, groups=groups)


class ChannelShuffle(Module):
    """Mirror ``torch.nn.ChannelShuffle(groups)``."""

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return channel_shuffle(input, self.groups)

    def extra_repr(self):
        return f"groups={self.groups}"
