"""Tracebacks that show the user's code, not minigrad's insides: torch's engine and kernels are C++, so an error
in torch's backward shows torch's Python entry points and then the user's own hook or Function, if one raised it."""

import os

import numpy as np

_INSIDE = (os.path.dirname(os.path.abspath(__file__)) + os.sep, os.path.dirname(np.__file__) + os.sep)


def from_user_code(tb):
    """The part of traceback ``tb`` from the first frame that is neither minigrad's nor numpy's (a hook, a custom
    Function's backward), or None if minigrad raised the error itself."""
    while tb is not None and tb.tb_frame.f_code.co_filename.startswith(_INSIDE):
        tb = tb.tb_next
    return tb
