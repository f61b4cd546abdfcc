"""The in-place comparisons (``x.gt_(y)``) and the out-of-place ``torch.fill``: ops whose result does not depend
differentiably on their inputs, but which torch still records (its derivatives.yaml gives them zero gradients)."""

import numpy as np

from ._util import broadcast_mismatch, check_broadcast, data, wrap
from .inplace import Fill, FillTensor
from .op import Op

_COMPARE = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
            "ge": np.greater_equal}  # fmt: skip


def _compared(name, a, other):
    """``a <name> other`` written in ``a``'s dtype (torch's in-place comparisons keep self's dtype), with torch's
    error for an ``other`` that does not broadcast to ``a``'s shape."""
    b = data(other)
    if hasattr(other, "_data"):
        check_broadcast(a, other)
        if np.broadcast_shapes(a.shape, b.shape) != a.shape:
            raise broadcast_mismatch(a.shape, np.broadcast_shapes(a.shape, b.shape))
    return wrap(np.asarray(_COMPARE[name](a._data, b)).astype(a._data.dtype))


class CompareScalarInplace(Op):
    """self.gt_(other), other a number: self becomes (self > other) in self's dtype; no gradient flows"""

    formula = {"self": "zeros_like(self)"}

    @staticmethod
    def forward(ctx, a, *, other, name):
        return _compared(name, a, other)

    @staticmethod
    def backward(ctx, grads, F):
        return (F.zeros_like(grads[0]),)


class CompareTensorInplace(Op):
    """self.gt_(other), other a tensor: self becomes (self > other) in self's dtype; no gradient flows"""

    formula = {"self": "zeros_like(self)", "other": "zeros_like(other)"}

    @staticmethod
    def forward(ctx, a, other, *, name):
        return _compared(name, a, other)

    @staticmethod
    def backward(ctx, grads, F):
        return F.zeros_like(grads[0]), F.zeros_like(grads[0])


def _node_types():
    """One op class per torch node: ``GtBackward0`` (a number), ``GtBackward1`` (a tensor), for each comparison."""
    made = {}
    for name in _COMPARE:
        node = name.capitalize()
        made[name] = (
            type(f"{node}ScalarInplace", (CompareScalarInplace,), {"node_name": f"{node}Backward0"}),
            type(f"{node}TensorInplace", (CompareTensorInplace,), {"node_name": f"{node}Backward1"}),
        )
    return made


COMPARE_INPLACE = _node_types()


class FillOut(Fill):
    """torch.fill(self, value): a new tensor of ``value`` everywhere"""

    node_name = "FillBackward0"


class FillTensorOut(FillTensor):
    """torch.fill(self, value), value a 0-d tensor: a new tensor of ``value`` everywhere"""

    node_name = "FillBackward1"


__all__ = ["COMPARE_INPLACE", "FillOut", "FillTensorOut"]
