"""Ops that keep some elements of their input and replace the others: ``tril``/``triu`` (zeros outside a
triangle) and ``nan_to_num`` (numbers in place of nan and infinities). Their gradients pass where the input's
element was kept and are zero elsewhere, as in torch's derivatives.yaml."""

import numpy as np

from ._util import wrap
from .op import Op


class Tril(Op):
    """result = self with zeros above the ``diagonal``-th diagonal of its last two dims"""

    node_name = "TrilBackward0"
    formula = {"self": "grad.tril(diagonal)"}
    saved_values = {"diagonal": "diagonal"}
    word, function = "tril", staticmethod(np.tril)

    @staticmethod
    def forward(ctx, a, *, diagonal=0):
        if a.ndim < 2:
            raise RuntimeError(f"{ctx.word}: input tensor must have at least 2 dimensions")
        ctx.diagonal = int(diagonal)
        return wrap(ctx.function(a._data, ctx.diagonal))


class Triu(Tril):
    """result = self with zeros below the ``diagonal``-th diagonal of its last two dims"""

    node_name = "TriuBackward0"
    formula = {"self": "grad.triu(diagonal)"}
    word, function = "triu", staticmethod(np.triu)


class NanToNum(Op):
    """result = self with ``nan``, ``posinf`` and ``neginf`` in place of nan, inf and -inf (the dtype's largest
    and smallest finite values if not given); integer and bool tensors are copied unchanged"""

    node_name = "NanToNumBackward0"
    formula = {"self": "grad * isfinite(self)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a, *, nan=0.0, posinf=None, neginf=None):
        ctx._save((a,))
        if a._data.dtype.kind != "f":
            return wrap(a._data.copy())
        return wrap(np.nan_to_num(a._data, nan=nan, posinf=posinf, neginf=neginf))
