"""``minigrad.utils``: as ``torch.utils``, home of ``minigrad.utils.data``, ``minigrad.utils.checkpoint`` and
``minigrad.utils.tensorboard``."""

from . import checkpoint, data  # noqa: F401 - torch.utils.data and .checkpoint are there once torch is imported
