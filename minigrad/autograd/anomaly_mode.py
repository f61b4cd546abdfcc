"""Anomaly detection (``torch.autograd.detect_anomaly``, ``set_detect_anomaly``): while it is on, every node
keeps the traceback of the forward call that made it (``node.metadata["traceback_"]``); when a node's backward
fails, a warning shows that traceback; and with ``check_nan`` a node that returns nan is an error.

It is an observer (:mod:`minigrad.autograd.observer`) that records the tracebacks and passes every event on to
the observer it found, so with anomaly detection off nothing runs for it; the engine, which runs every node on
its reference path while an observer is attached, asks :func:`failed` and :func:`check_nan` around each node.
"""

import traceback
import warnings

from ..torch_warnings import internal, internal_file
from . import observer

on = False  # anomaly detection is on (the engine reads it around each node it runs on its reference path)
_check_nan = True
_outer = None  # the observer anomaly mode found when it was turned on, which it passes every event to


def is_anomaly_enabled():
    """Mirror ``torch.is_anomaly_enabled()``."""
    return on


def is_anomaly_check_nan_enabled():
    """Mirror ``torch.is_anomaly_check_nan_enabled()``."""
    return _check_nan


def set_anomaly_enabled(enabled, check_nan=True):
    """Mirror ``torch.set_anomaly_enabled(enabled, check_nan=True)``: turn anomaly detection on or off."""
    global on, _check_nan, _outer
    if enabled.__class__ is not bool or check_nan.__class__ is not bool:
        from ..arguments import check_types

        check_types("set_anomaly_enabled", ("enabled", 1, enabled, "bool"), ("check_nan", 2, check_nan, "bool"))
    if enabled and not on:
        _outer, observer.current = observer.current, _record
    elif not enabled and on:
        if observer.current is _record:
            observer.current = _outer
        _outer = None
    on, _check_nan = bool(enabled), bool(check_nan)


class detect_anomaly:
    """Mirror ``torch.autograd.detect_anomaly(check_nan=True)``: anomaly detection inside the ``with`` block
    (with torch's warning that it slows everything down)."""

    def __init__(self, check_nan=True):
        self.prev, self.prev_check_nan, self.check_nan = on, _check_nan, check_nan
        warnings.warn(
            "Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled "
            "for debugging.",
            stacklevel=2,
        )

    def __enter__(self):
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *exc):
        set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly:
    """Mirror ``torch.autograd.set_detect_anomaly(mode, check_nan=True)``: turn anomaly detection on or off,
    for good or, used as a ``with`` block, until its end."""

    def __init__(self, mode, check_nan=True):
        self.prev, self.prev_check_nan = on, _check_nan
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        set_anomaly_enabled(self.prev, self.prev_check_nan)


def _record(kind, **info):
    """The observer: a new node keeps the traceback of the user's code that made it (minigrad's own frames
    left out, as torch's C++ frames are); every event then goes on to the observer that was there before."""
    if kind == observer.OP and info.get("node") is not None:
        stack = traceback.extract_stack()[:-1]
        user = [frame for frame in stack if not internal_file(frame.filename)]
        info["node"].metadata["traceback_"] = traceback.format_list(user)
    if _outer is not None:
        _outer(kind, **info)


def check_nan(node, grads):
    """torch's error when anomaly detection checks for nan and ``node`` returned one (grads: Tensors)."""
    if not _check_nan:
        return
    for i, g in enumerate(grads):
        if g is not None and g._data.dtype.kind in "fc" and g._data.size and bool((g._data != g._data).any()):
            raise RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th output.")


def failed(node):
    """torch's warning when a node's backward failed under anomaly detection: the forward call that made it."""
    if not on:
        return
    stack = getattr(node, "_metadata", {}).get("traceback_")
    if stack is None:
        message = internal(
            f"Error detected in {node.name()}. No forward pass information available. Enable detect anomaly during "
            "forward pass for more information.",
            "torch/csrc/autograd/python_anomaly_mode.cpp:100",
        )
    else:
        message = internal(
            f"Error detected in {node.name()}. Traceback of forward call that caused the error:\n{''.join(stack)}",
            "torch/csrc/autograd/python_anomaly_mode.cpp:122",
        )
    warnings.warn(message, UserWarning, stacklevel=4)
