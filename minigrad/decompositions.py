"""torch-level linear-algebra functions (``torch.svd``, ``torch.qr``, ...), the same code as ``torch.linalg``'s."""

__all__ = []
