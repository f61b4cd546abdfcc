"""``torch.angle`` of a real tensor: the argument of each number on the complex plane, pi for a negative one and 0
otherwise (NaN stays NaN); flat wherever it has a derivative."""

import numpy as np

from .. import dtypes
from ._util import wrap
from .op import Op


class Angle(Op):
    """result = angle(self): pi where self < 0, else 0 (NaN where self is NaN)"""

    node_name = "AngleBackward0"
    formula = {"self": "zeros_like(grad)"}
    saved_names = ("self",)

    @staticmethod
    def forward(ctx, a):
        ctx._save((a,))
        x = a._data
        if x.dtype.kind != "f":  # an integer or bool tensor's angle is of the default float dtype, as torch's
            x = x.astype(dtypes.get_default_dtype().np)
        return wrap(np.where(x < 0, x.dtype.type(np.pi), np.where(x != x, x, x.dtype.type(0))))
