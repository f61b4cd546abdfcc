"""``torch.nn.modules.dropout``, where torch defines its dropout layers and their base."""

from .. import AlphaDropout, Dropout, Dropout1d, Dropout2d, Dropout3d, FeatureAlphaDropout
from ..dropout import _DropoutNd

__all__ = ["Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout", "_DropoutNd"]
