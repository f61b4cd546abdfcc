"""``minigrad.backends``: torch.backends' flags and availability checks."""
