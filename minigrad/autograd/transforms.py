"""Whether a ``torch.func`` transform (``grad``, ``vjp``, ``jacrev``, ``vmap``) is running ``f``: torch's functorch
keeps a stack of them (its dynamic layers), and inside one autograd refuses what it cannot transform."""

import contextlib

depth = 0  # how many transforms are running f now (nested ones count each)
_kinds = []  # which ones, innermost last: "vmap", "jvp" (forward mode) or "grad" (any other differentiating one)

BACKWARD_ERROR = (
    "backward() called inside a functorch transform. This is not supported, please use functorch.grad or "
    "functorch.vjp instead or call backward() outside of functorch transforms."
)
SETUP_CONTEXT_ERROR = (
    "In order to use an autograd.Function with functorch transforms (vmap, grad, jvp, jacrev, ...), it must override "
    "the setup_context staticmethod. For more details, please see https://pytorch.org/docs/main/notes/extending.func.html"
)


@contextlib.contextmanager
def running(kind="grad"):
    """Mark the block as a transform (``kind``: "vmap", "jvp" or "grad") running its function."""
    global depth
    depth += 1
    _kinds.append(kind)
    try:
        yield
    finally:
        depth -= 1
        _kinds.pop()


def mapping():
    """Whether a ``vmap`` is running its function (directly or around other transforms)."""
    return "vmap" in _kinds


def forward_mode():
    """Whether a forward-mode transform (``jvp``, ``jacfwd``, ``hessian``, ``linearize``) is running its function:
    torch's would call each user ``autograd.Function``'s ``jvp``."""
    return "jvp" in _kinds
