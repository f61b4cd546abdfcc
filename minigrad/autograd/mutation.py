"""``torch.autograd.graph.allow_mutation_on_saved_tensors``: inside it, changing a tensor in place after an op saved
it is allowed, and backward uses the value it had when it was saved.

torch clones a saved tensor only when something is about to change it in place; minigrad clones each saved tensor
when it is saved (saved tensors hooks), which gives the same gradients at the cost of the copies."""

import contextlib

from .saved_hooks import saved_tensors_hooks

_active = None  # the context entered now, if any

_OUTSIDE = (
    "Trying to backward outside of the 'allow_mutation_on_saved_tensors' context"
    "in which the graph was originally recorded."
)  # torch's message, its missing space included


class _AllowMutationOnSavedContext:
    """What ``with allow_mutation_on_saved_tensors() as ctx`` gives: the copies of the tensors saved inside."""

    def __init__(self):
        self.cloned = {}

    def clear(self):
        """Drop the copies: a graph recorded inside can no longer be backpropagated through."""
        self.cloned.clear()


@contextlib.contextmanager
def allow_mutation_on_saved_tensors():
    """Mirror ``torch.autograd.graph.allow_mutation_on_saved_tensors()``: tensors saved for backward inside the block
    may be changed in place afterwards; backward must run inside the block too."""
    global _active
    if _active is not None:
        raise RuntimeError("allow_mutation_on_saved_tensors contexts cannot be nested")
    ctx = _active = _AllowMutationOnSavedContext()

    def pack(tensor):
        key = object()
        ctx.cloned[key] = tensor.clone()
        return key

    def unpack(key):
        if _active is not ctx or key not in ctx.cloned:
            raise AssertionError(_OUTSIDE)
        return ctx.cloned[key]

    try:
        with saved_tensors_hooks(pack, unpack):
            yield ctx
    finally:
        _active = None
        ctx.clear()
