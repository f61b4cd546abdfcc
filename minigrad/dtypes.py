"""Tensor dtypes and PyTorch's type-promotion rules.

minigrad has four dtypes, each a thin name over a numpy dtype. Their repr is
PyTorch's (``torch.float32``) so printed output matches the documents.
"""

import numpy as np


class dtype:
    """A tensor element type, mirroring ``torch.dtype``."""

    __slots__ = ("name", "np", "category", "is_floating_point", "legacy")

    def __init__(self, name, np_type, category, legacy):
        self.name = name
        self.np = np.dtype(np_type)
        self.category = category  # 0 bool, 1 integer, 2 floating point
        self.is_floating_point = category == 2
        self.legacy = legacy  # torch's legacy type name, used in error messages

    def __repr__(self):
        return f"torch.{self.name}"

    def __reduce__(self):
        return self.name


bool_ = dtype("bool", np.bool_, 0, "BoolTensor")
int64 = dtype("int64", np.int64, 1, "LongTensor")
float32 = dtype("float32", np.float32, 2, "FloatTensor")
float64 = dtype("float64", np.float64, 2, "DoubleTensor")

long = int64
float = float32  # noqa: A001 - torch.float is float32
double = float64

_BY_NP = {d.np: d for d in (bool_, int64, float32, float64)}
_DEFAULT = float32


def from_numpy_dtype(np_dtype):
    """The minigrad dtype for a numpy dtype; other numpy types map to the nearest one."""
    d = _BY_NP.get(np.dtype(np_dtype))
    if d is not None:
        return d
    kind = np.dtype(np_dtype).kind
    if kind == "f":
        return float64 if np.dtype(np_dtype).itemsize > 4 else float32
    if kind in "iu":
        return int64
    if kind == "b":
        return bool_
    raise TypeError(
        f"can't convert np.ndarray of type {np.dtype(np_dtype)}. The only supported types are: "
        "float64, float32, int64, and bool."
    )


def get_default_dtype():
    """Mirror ``torch.get_default_dtype``: the dtype of Python floats turned into tensors."""
    return _DEFAULT


def _category_of_scalar(value):
    if isinstance(value, (bool, np.bool_)):
        return 0
    if isinstance(value, (int, np.integer)):
        return 1
    return 2


def result_type(tensors, scalars=()):
    """PyTorch's promotion: dimensioned tensors > zero-dim tensors > Python scalars.

    A lower-priority operand changes the result only when it is of a higher
    category (bool < integer < floating point); a floating Python scalar then
    gives the default dtype.
    """
    dimmed = [t.dtype for t in tensors if t.ndim]
    zero_dim = [t.dtype for t in tensors if not t.ndim]
    result = None
    for group in (dimmed, zero_dim):
        if not group:
            continue
        best = max(group, key=lambda d: (d.category, d.np.itemsize))
        if result is None or best.category > result.category:
            result = best
    for s in scalars:
        cat = _category_of_scalar(s)
        if result is None or cat > result.category:
            result = (bool_, int64, _DEFAULT)[cat]
    return result
