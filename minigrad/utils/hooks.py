"""``torch.utils.hooks``: the handle every ``register_*hook`` returns, and the helper that sets up a module's
backward hooks (programs import them from here, for an ``isinstance`` check or a type hint)."""

from ..autograd.graph import RemovableHandle
from ..nn.hooks import BackwardHook

__all__ = ["RemovableHandle", "BackwardHook"]
