"""``AccumulateGrad``: the node at the end of every path, which adds a gradient into a leaf's ``.grad``."""

import math
import sys

import numpy as np

from . import graph
from .graph import Node
from .observer import ACCUMULATE, POST_ACCUMULATE


class AccumulateGrad(Node):
    """Mirror torch's ``AccumulateGrad``: one per leaf that requires grad; ``variable`` is the leaf.

    The first gradient becomes ``.grad``: the engine's own buffer, taken over when
    nothing else holds it and it is laid out like the leaf (as torch "steals" it),
    else a copy, so that ``.grad`` never aliases another tensor. Later ones are
    added to it, in place unless the graph of the sum itself is wanted
    (``create_graph=True``).
    """

    __module__ = "builtins"  # a C++ type in torch: type(node) prints <class 'AccumulateGrad'>
    # torch gives these nodes the largest sequence number, so a ready leaf is filled first
    _seq_nr = math.inf

    def __init__(self, variable):
        self.variable = variable

    def name(self):
        """Mirror ``AccumulateGrad.name()``: ``torch::autograd::AccumulateGrad``."""
        return "torch::autograd::AccumulateGrad"

    def _backward(self, grads, create_graph=False, observer=None, store=True):
        """Add ``grads[0]`` into the leaf's ``.grad``; with ``store=False`` (a replay) only work out and
        report what ``.grad`` would become."""
        grad = grads[0]
        var = self.variable
        if grad is None or not var._requires_grad:  # torch: a leaf switched off since the graph was built gets none
            return ()
        old = var._grad
        if old is None:
            if create_graph:  # a recorded copy, as torch makes it: the new .grad's grad_fn is CopyBackwards
                from ..ops.inplace import Copy

                # into zeros, where torch copies into an empty tensor: the stepper's caption shows what it copies into
                new = Copy.apply(graph.Tensor._wrap(np.zeros_like(var._data)), grad)
            else:  # a copy laid out like the variable, as torch's grads are (not like a transposed grad)
                data = _like(var._data, grad._data)
                np.copyto(data, grad._data, casting="unsafe")
                new = graph.Tensor._wrap(data)
        elif create_graph or not store:
            new = old + grad
        else:
            if observer is not None:
                old = graph.Tensor._wrap(old._data.copy())
            var._grad._data += grad._data
            var._grad._vc.bump()
            new = var._grad
        if store:
            var._grad = new
        if observer is not None:
            observer(ACCUMULATE, node=self, tensor=var, before=old, after=new, grad=grad)
        if store and var._post_accumulate_grad_hooks:
            for hook in list(var._post_accumulate_grad_hooks.values()):
                if observer is not None:  # the hook may change .grad in place: what it saw, copied
                    seen = None if var._grad is None else graph.Tensor._wrap(var._grad._data.copy())
                result = hook(var)
                if observer is not None:  # before the checks: a hook that returned a value did run
                    observer(POST_ACCUMULATE, node=self, tensor=var, hook=hook, before=seen, after=var._grad)
                if result is not None and not isinstance(result, graph.Tensor):
                    raise TypeError(f"expected Variable, but hook returned '{type(result).__name__}'")
                if result is not None:
                    raise RuntimeError("Tensor post accumulate grad hooks should return None.")
        return ()

    def _backward_arrays(self, grads):
        """The engine's fast path: ``grads[0]`` is a numpy array (or None); the same numbers as ``_backward``."""
        grad = grads[0]
        var = self.variable
        if grad is None or not var._requires_grad:
            return ()
        old = var._grad
        if old is not None:
            old._data += grad
            old._vc.bump()
        elif _unshared(grad, var._data):
            var._grad = graph.Tensor._wrap(grad)
        else:  # a copy laid out like the variable, as torch's grads are (not like a transposed grad)
            data = _like(var._data, grad)
            np.copyto(data, grad, casting="unsafe")
            var._grad = graph.Tensor._wrap(data)
        return ()


def _like(data, grad):
    """An empty gradient buffer laid out as the variable's ``data``; shaped as ``grad`` if ``.data`` was given
    another shape since the graph was built (torch then stores the gradient in its own shape)."""
    return np.empty_like(data if data.shape == grad.shape else grad)


# References to a gradient buffer only the engine holds, at _unshared's getrefcount: the engine's list of the
# node's gradients, _backward_arrays' local, _unshared's argument and getrefcount's own.
_ENGINE_REFERENCES = 4
# References to the memory a view's base holds when nothing but the view refers to it: the view's ``base``,
# _unshared's local and getrefcount's argument.
_BASE_REFERENCES = 3


def _unshared(grad, like):
    """Whether ``grad`` can become a leaf's ``.grad`` as it is (torch steals a gradient that no one else holds):
    an array laid out as the leaf ``like``, that nothing but the engine references (no other node's buffer,
    tensor or view), and that owns its memory or is the only view of a base of the same size (``(a @ b).T``)."""
    if not (
        type(grad) is np.ndarray
        and grad.flags.writeable
        and grad.dtype == like.dtype
        and grad.strides == like.strides
        and grad.shape == like.shape
        and sys.getrefcount(grad) <= _ENGINE_REFERENCES
    ):
        return False
    base = grad.base
    return base is None or (
        type(base) is np.ndarray and base.base is None and base.nbytes == grad.nbytes
        and sys.getrefcount(base) <= _BASE_REFERENCES
    )  # fmt: skip
