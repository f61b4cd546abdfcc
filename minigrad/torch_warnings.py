"""The warnings torch's C++ code gives (``TORCH_WARN``), written as torch writes them.

Their text ends with the place in torch's sources that raised them, ``(Triggered internally at ...)``;
``TORCH_WARN_ONCE`` ones are given once per process, whatever Python's warning filters say.
"""

import warnings

_given = set()


def internal(message, source):
    """``message`` as a C++ warning of torch 2.13's CPU build, raised at ``source`` (``path:line``)."""
    return f"{message} (Triggered internally at /__w/pytorch/pytorch/{source}.)"


def warn_once(message, stacklevel=2):
    """Mirror ``TORCH_WARN_ONCE``: a UserWarning the first time this process gives ``message``, then nothing."""
    if message not in _given:
        _given.add(message)
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
