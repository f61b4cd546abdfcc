"""The warnings torch's C++ code gives (``TORCH_WARN``), written as torch writes them.

Their text ends with the place in torch's sources that raised them, ``(Triggered internally at ...)``;
``TORCH_WARN_ONCE`` ones are given once per process, whatever Python's warning filters say.
"""

import os
import sys
import warnings

import numpy as np

_given = set()
_INSIDE = tuple(os.path.dirname(os.path.abspath(f)) + os.sep for f in (__file__, np.__file__))  # minigrad, numpy


def internal(message, source):
    """``message`` as a C++ warning of torch 2.13's CPU build, raised at ``source`` (``path:line``)."""
    return f"{message} (Triggered internally at /__w/pytorch/pytorch/{source}.)"


def internal_file(filename):
    """Whether ``filename`` is minigrad's own code (or numpy's, which it runs in): a frame the user did not write."""
    return os.path.abspath(filename).startswith(_INSIDE)


def user_stacklevel():
    """The ``stacklevel`` at which a warning given by the caller points at the first line outside minigrad (and the
    numpy wrappers it runs in), as torch's warnings from C++ point at the user's line, however deep the call."""
    frame, level = sys._getframe(1), 1
    while frame.f_back is not None and internal_file(frame.f_code.co_filename):
        frame, level = frame.f_back, level + 1
    return level


def warn_once(message, stacklevel=2):
    """Mirror ``TORCH_WARN_ONCE``: a UserWarning the first time this process gives ``message``, then nothing."""
    if message not in _given:
        _given.add(message)
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
