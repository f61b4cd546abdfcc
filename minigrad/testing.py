"""``minigrad.testing``: torch.testing's helpers."""
