"""``AccumulateGrad``: the node at the end of every path, which adds a gradient into a leaf's ``.grad``."""

import math

import numpy as np

from . import graph
from .graph import Node
from .observer import ACCUMULATE


class AccumulateGrad(Node):
    """Mirror torch's ``AccumulateGrad``: one per leaf that requires grad; ``variable`` is the leaf.

    The first gradient is stored as a fresh tensor (so ``.grad`` never aliases
    another tensor); later ones are added to it, in place unless the graph of
    the sum itself is wanted (``create_graph=True``).
    """

    __module__ = "builtins"  # a C++ type in torch: type(node) prints <class 'AccumulateGrad'>
    # torch gives these nodes the largest sequence number, so a ready leaf is filled first
    _sequence_nr = math.inf

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
        if grad is None:
            return ()
        old = var._grad
        if old is None:
            if create_graph:  # a recorded copy, as torch makes it: the new .grad's grad_fn is CopyBackwards
                from ..ops.inplace import Copy

                new = Copy.apply(graph.Tensor._wrap(np.empty_like(var._data)), grad)
            else:  # a copy laid out like the variable, as torch's grads are (not like a transposed grad)
                data = np.empty_like(var._data)
                np.copyto(data, grad._data, casting="unsafe")
                new = graph.Tensor._wrap(data)
        elif create_graph or not store:
            new = old + grad
        else:
            if observer is not None:
                old = graph.Tensor._wrap(old._data.copy())
            var._grad._data += grad._data
            var._grad._vc.value += 1
            new = var._grad
        if store:
            var._grad = new
        if observer is not None:
            observer(ACCUMULATE, node=self, tensor=var, before=old, after=new, grad=grad)
        return ()
