"""``minigrad.utils``: as ``torch.utils``, home of ``minigrad.utils.data``, ``minigrad.utils.checkpoint``,
``minigrad.utils.hooks`` and ``minigrad.utils.tensorboard``."""

# torch.utils.data, .checkpoint and .hooks are there once torch is imported
from . import checkpoint, data, hooks  # noqa: F401
