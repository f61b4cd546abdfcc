"""``torch.nn.modules.linear``, where torch defines its linear layers (``from torch.nn.modules.linear import
Linear``)."""

from .. import Bilinear, Identity, LazyLinear, Linear

__all__ = ["Bilinear", "Identity", "LazyLinear", "Linear"]
