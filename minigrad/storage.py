"""Which numpy array owns a tensor's memory: the array torch would call the tensor's storage."""

import numpy as np


def storage_owner(array):
    """The array whose memory ``array`` views, through numpy's views and through the stand-in that
    ``as_strided`` and ``broadcast_to`` put between a view and its base; ``array`` itself if it owns its memory."""
    while True:
        base = array.base
        if not isinstance(base, np.ndarray):
            base = getattr(base, "base", None)  # as_strided's DummyArray keeps the real base
            if not isinstance(base, np.ndarray):
                return array
        array = base
