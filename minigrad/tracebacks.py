"""Tracebacks that show the user's code, not minigrad's insides: torch's engine and kernels are C++, so an error
torch raises shows the user's line (and torch's few Python entry points), then the user's own hook, Function or
module if one raised it. minigrad's entry points (an op, a checked function, a module's call, the backward) re-raise
an error with :func:`shown_here`. ``MINIGRAD_TRACEBACKS=full`` in the environment keeps every frame (for working
on minigrad itself)."""

import os

import numpy as np

_INSIDE = (os.path.dirname(os.path.abspath(__file__)) + os.sep, os.path.dirname(np.__file__) + os.sep)
_FULL = os.environ.get("MINIGRAD_TRACEBACKS") == "full"


def from_user_code(tb):
    """The part of traceback ``tb`` from the first frame that is neither minigrad's nor numpy's (a hook, a custom
    Function's backward), or None if minigrad raised the error itself."""
    while tb is not None and tb.tb_frame.f_code.co_filename.startswith(_INSIDE):
        tb = tb.tb_next
    return tb


def shown_here(error):
    """``error``, to re-raise from the entry point that caught it, its traceback below that frame cut to the user's
    own code."""
    return error if _FULL else error.with_traceback(from_user_code(error.__traceback__))
