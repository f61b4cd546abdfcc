"""Switching graph recording on and off: ``no_grad``, ``enable_grad``, ``set_grad_enabled`` and
``inference_mode``.

All four mirror PyTorch: each works as a context manager and as a decorator,
and restores the previous mode on exit, even after an exception.
"""

import contextlib
import functools
import inspect

from . import version


class _State:
    enabled = True  # new ops record a graph (what the ops and the engine read)
    requested = True  # in inference mode, the grad mode asked for: reported, but nothing is recorded there


_state = _State()


def is_grad_enabled():
    """Mirror ``torch.is_grad_enabled``: whether new ops record a graph (in inference mode, the grad mode asked
    for, as torch reports it, although nothing is recorded there)."""
    return _state.requested if version.inference_mode else _state.enabled


def _switch(mode):
    """Set grad mode to ``mode``; return what to give :func:`_restore`. In inference mode only the reported mode
    changes: torch records nothing there, whatever grad mode says."""
    prev = _state.enabled, _state.requested
    if version.inference_mode:
        _state.requested = mode
    else:
        _state.enabled = mode
    return prev


def _restore(prev):
    _state.enabled, _state.requested = prev


class _GradMode:
    """Base for the grad-mode switches: a context manager that is also a decorator."""

    mode = True

    def __enter__(self):
        self._prev = _switch(self.mode)

    def __exit__(self, *exc):
        _restore(self._prev)
        return False

    def __call__(self, func):
        mode = self.mode
        if inspect.isgeneratorfunction(func):
            return _each_step_in(func, lambda: _mode(mode))

        def decorate_context(*args, **kwargs):
            prev = _switch(mode)
            try:
                return func(*args, **kwargs)
            finally:
                _restore(prev)

        return _wrapped(decorate_context, func)


@contextlib.contextmanager
def _mode(mode):
    prev = _switch(mode)
    try:
        yield
    finally:
        _restore(prev)


def _wrapped(decorate_context, func):
    """``decorate_context`` dressed as ``func`` (``functools.wraps``), with the name torch's decorator gives it
    where ``func`` has none (``torch.no_grad(model_output)``)."""
    decorate_context.__qualname__ = "context_decorator.<locals>.decorate_context"
    return functools.wraps(func)(decorate_context)


def _each_step_in(func, context):
    """A generator function decorated as torch decorates one: each step it runs (up to its next ``yield``) runs
    inside ``context()``, and the caller's mode is back between steps."""

    @functools.wraps(func)
    def generator(*args, **kwargs):
        gen = func(*args, **kwargs)
        try:
            with context():
                response = gen.send(None)
            while True:
                try:
                    request = yield response
                except GeneratorExit:
                    with context():
                        gen.close()
                    raise
                except BaseException as error:  # noqa: BLE001 - handed to the generator, as torch does
                    with context():
                        response = gen.throw(error)
                else:
                    with context():
                        response = gen.send(request)
        except StopIteration as stop:
            return stop.value

    return generator


class _NoParamGradMode(_GradMode):
    """A switch that also decorates without parentheses (``@no_grad``), as torch's does."""

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class no_grad(_NoParamGradMode):
    """Mirror ``torch.no_grad``: ops inside record no graph; results don't require grad."""

    mode = False


class enable_grad(_NoParamGradMode):
    """Mirror ``torch.enable_grad``: record a graph again inside a ``no_grad`` block."""

    mode = True


class set_grad_enabled(_GradMode):
    """Mirror ``torch.set_grad_enabled(mode)``: sets the mode at once, and restores it on exit
    when used as a context manager or decorator."""

    def __init__(self, mode):
        if not isinstance(mode, bool):
            from ..arguments import must_be_tensor  # not at the top: arguments imports this module

            raise must_be_tensor("set_grad_enabled", "enabled", 1, mode, kind="bool")
        self.mode = mode
        self._prev = _switch(mode)

    def __enter__(self):
        _switch(self.mode)

    def __repr__(self):
        return f"{type(self).__module__}.{type(self).__qualname__}(mode={self.mode})"

    def __call__(self, func):
        _restore(self._prev)  # as a decorator it must not change the mode now
        return super().__call__(func)


def is_inference_mode_enabled():
    """Mirror ``torch.is_inference_mode_enabled()``: whether new tensors are inference tensors."""
    return version.inference_mode


class inference_mode(_GradMode):
    """Mirror ``torch.inference_mode(mode=True)``: ``no_grad`` whose tensors are *inference tensors*, which
    autograd refuses to save for backward or see changed in place once the block is over (see
    :mod:`minigrad.autograd.version`). ``inference_mode(False)`` turns it off, and turns grad mode on, as
    torch's does. A decorator with or without parentheses."""

    def __new__(cls, mode=True):
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)

    def __init__(self, mode=True):
        self.mode = mode

    def __enter__(self):
        self._prev = _state.enabled, _state.requested, version.inference_mode
        _state.enabled = _state.requested = not self.mode
        version.set_inference_mode(self.mode)

    def __exit__(self, *exc):
        _state.enabled, _state.requested, inference = self._prev
        version.set_inference_mode(inference)
        return False

    def __call__(self, func):
        mode = self.mode
        if inspect.isgeneratorfunction(func):
            return _each_step_in(func, lambda: inference_mode(mode))

        def decorate_context(*args, **kwargs):
            with inference_mode(mode):
                return func(*args, **kwargs)

        return _wrapped(decorate_context, func)

    def clone(self):
        """Mirror ``inference_mode.clone()``: the same switch, unused."""
        return self.__class__(self.mode)
