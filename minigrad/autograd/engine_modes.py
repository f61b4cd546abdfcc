"""Switches of how torch's backward engine runs that change nothing in minigrad's results:
``set_multithreading_enabled`` and ``is_multithreading_enabled``, and ``is_view_replay_enabled``.

minigrad's engine always runs backward on the calling thread, as torch's does on the CPU whatever the switch says,
so the switch is only a remembered flag. View replay (torch's ``_force_original_view_tracking``) is not offered:
minigrad always remakes a changed view as an ``AsStridedBackward0``, torch's behaviour with it off.
"""

import inspect

from .grad_mode import _each_step_in, _wrapped

_multithreading = True


def is_multithreading_enabled():
    """Mirror ``torch.autograd.is_multithreading_enabled()``: whether ``set_multithreading_enabled`` left
    multithreaded backward on (the default)."""
    return _multithreading


def is_view_replay_enabled():
    """Mirror ``torch.autograd.is_view_replay_enabled()``: always False, as minigrad never replays a view's chain of
    ops after an in-place change (torch's default)."""
    return False


def _set_multithreading(mode):
    global _multithreading
    if not isinstance(mode, bool):
        from ..arguments import must_be_tensor  # not at the top: arguments imports the autograd package

        raise must_be_tensor("set_multithreading_enabled", "enabled", 1, mode, kind="bool")
    _multithreading = mode


class set_multithreading_enabled:
    """Mirror ``torch.autograd.set_multithreading_enabled(mode)``: sets the flag at once (a function), and restores
    the previous one on leaving a ``with`` block; as a decorator each call of the function runs under a fresh
    switch (torch's ``clone``), which, as in torch, leaves the flag as ``mode`` once the decorator was made."""

    __module__ = "torch.autograd.grad_mode"  # where torch defines it, as repr(type(...)) shows it

    def __init__(self, mode):
        self.prev = _multithreading
        _set_multithreading(mode)
        self.mode = mode

    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        _set_multithreading(self.prev)

    def clone(self):
        """Mirror ``set_multithreading_enabled.clone()``: a new switch to the same mode (which sets it now)."""
        return self.__class__(self.mode)

    def __call__(self, func):
        if inspect.isgeneratorfunction(func):
            return _each_step_in(func, self.clone)

        def decorate_context(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)

        return _wrapped(decorate_context, func)
