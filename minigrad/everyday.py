"""torch's everyday names that minigrad lacked: constants, aliases, in-place function forms and small tensor
functions (filled in by this module's ops)."""

__all__ = []
