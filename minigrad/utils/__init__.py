"""``minigrad.utils``: as ``torch.utils``, home of ``minigrad.utils.tensorboard``."""
