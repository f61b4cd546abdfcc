"""Tensor dtypes and PyTorch's type-promotion rules.

Each dtype is a thin name over a numpy dtype that also carries every word torch's messages use for
it (``torch.float32``, ``FloatTensor``, ``Float``, ``float``), so those texts have one home.
"""

import builtins

import numpy as np


class dtype:
    """A tensor element type, mirroring ``torch.dtype``."""

    __slots__ = ("name", "np", "category", "is_floating_point", "is_signed", "itemsize", "legacy", "c_name")

    def __init__(self, name, np_type, category, legacy, c_name):
        self.name = name
        self.np = np.dtype(np_type)
        self.category = category  # 0 bool, 1 integer, 2 floating point
        self.is_floating_point = category == 2
        self.is_signed = self.np.kind in "if"
        self.itemsize = self.np.itemsize
        self.legacy = legacy  # torch's legacy tensor type, ``Tensor.type()``: FloatTensor
        self.c_name = c_name  # the C++ type some kernels name in errors: float

    @property
    def scalar_name(self):
        """torch's ScalarType name, as most dtype errors write it: ``Float``, ``Long``, ``Bool``."""
        return self.legacy[: -len("Tensor")]

    def __repr__(self):
        return f"torch.{self.name}"

    def __reduce__(self):
        return self.name

    def to_complex(self):
        """Mirror ``dtype.to_complex``; minigrad has no complex dtypes."""
        raise NotImplementedError("minigrad has no complex dtypes")


bool_ = dtype("bool", np.bool_, 0, "BoolTensor", "bool")
uint8 = dtype("uint8", np.uint8, 1, "ByteTensor", "unsigned char")
int8 = dtype("int8", np.int8, 1, "CharTensor", "signed char")
int16 = dtype("int16", np.int16, 1, "ShortTensor", "short int")
int32 = dtype("int32", np.int32, 1, "IntTensor", "int")
int64 = dtype("int64", np.int64, 1, "LongTensor", "long int")
float16 = dtype("float16", np.float16, 2, "HalfTensor", "c10::Half")
float32 = dtype("float32", np.float32, 2, "FloatTensor", "float")
float64 = dtype("float64", np.float64, 2, "DoubleTensor", "double")

ALL = (bool_, uint8, int8, int16, int32, int64, float16, float32, float64)
# torch's aliases
long, int, short, half = int64, int32, int16, float16  # noqa: A001
float, double = float32, float64  # noqa: A001

_BY_NP = {d.np: d for d in ALL}
_DEFAULT = [float32]


def from_numpy_dtype(np_dtype):
    """The minigrad dtype for a numpy dtype, or torch's TypeError for one torch does not have."""
    d = _BY_NP.get(np.dtype(np_dtype))
    if d is not None:
        return d
    raise TypeError(
        f"can't convert np.ndarray of type numpy.{np.dtype(np_dtype)}. The only supported types are: float64, "
        "float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, "
        "and bool."
    )


def get_default_dtype():
    """Mirror ``torch.get_default_dtype``: the dtype of Python floats turned into tensors."""
    return _DEFAULT[0]


def set_default_dtype(d):
    """Mirror ``torch.set_default_dtype``: float32 or float64 for Python floats from now on."""
    if not isinstance(d, dtype) or d not in (float32, float64, float16):
        raise TypeError(f"only floating-point types are supported as the default type, got {d}")
    _DEFAULT[0] = d


def promote_types(a, b):
    """Mirror ``torch.promote_types``: the smallest dtype both ``a`` and ``b`` convert to."""
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    if a.category == 1 and a.is_signed != b.is_signed:  # uint8 with a signed type
        signed = a if a.is_signed else b
        return int16 if signed.itemsize == 1 else signed
    return a if a.itemsize >= b.itemsize else b


def _category_of_scalar(value):
    if isinstance(value, (bool, np.bool_)):
        return 0
    if isinstance(value, (builtins.int, np.integer)):
        return 1
    return 2


def result_type(tensors, scalars=()):
    """PyTorch's promotion: dimensioned tensors > zero-dim tensors > Python scalars.

    A lower-priority operand changes the result only when it is of a higher
    category (bool < integer < floating point); a floating Python scalar then
    gives the default dtype.
    """
    result = None
    for group in ([t.dtype for t in tensors if t.ndim], [t.dtype for t in tensors if not t.ndim]):
        if not group:
            continue
        best = group[0]
        for d in group[1:]:
            best = promote_types(best, d)
        if result is None or best.category > result.category:
            result = best
    for s in scalars:
        cat = _category_of_scalar(s)
        if result is None or cat > result.category:
            result = (bool_, int64, get_default_dtype())[cat]
    return result
