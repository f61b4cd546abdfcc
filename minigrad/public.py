"""How a function becomes part of minigrad's API: ``@public(...)`` registers it as ``minigrad.<name>``
and as Tensor methods and operators, where it is defined, so adding an op touches only its op class,
its public function and the op catalogue.

::

    @public("tanh", inplace="tanh_")   # minigrad.tanh, Tensor.tanh, Tensor.tanh_
    def tanh(input):
        return Tanh.apply(input)
"""

from .ops.inplace import apply_inplace
from .tensor import Tensor

NAMES = []  # what ``from minigrad.functional import *`` brings into ``minigrad``


def public(*methods, inplace=None, function=True):
    """Register the decorated function as ``minigrad.<its name>`` (unless ``function=False``), as each
    Tensor method or operator in ``methods``, and its in-place form (``x.tanh_()``: the result written
    into ``x``, as torch's in-place variants do) as the method ``inplace``."""

    def register(fn):
        if function:
            NAMES.append(fn.__name__)
        for name in methods:
            setattr(Tensor, name, fn)
        if inplace is not None:
            setattr(Tensor, inplace, _inplace_method(fn, inplace))
        return fn

    return register


def alias(fn, *names):
    """``fn`` also as ``minigrad.<name>`` for each of ``names`` (torch's aliases: ``clip`` for ``clamp``)."""
    NAMES.extend(names)
    return fn


public.alias = alias


def _inplace_method(fn, name):
    def method(self, *args, **kwargs):
        return apply_inplace(self, lambda a, *rest: fn(a, *rest, **kwargs), *args)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Mirror ``Tensor.{name}``: ``{fn.__name__}`` written into this tensor in place."
    return method
