"""``minigrad.utils``: as ``torch.utils``, home of ``minigrad.utils.data`` and ``minigrad.utils.tensorboard``."""

from . import data  # noqa: F401 - torch.utils.data is there once torch is imported
