"""Tensor dtypes and PyTorch's type-promotion rules.

Each dtype is a thin name over a numpy dtype that also carries every word torch's messages use for
it (``torch.float32``, ``FloatTensor``, ``Float``, ``float``), so those texts have one home.
"""

import builtins

import numpy as np


class dtype:
    """A tensor element type, mirroring ``torch.dtype``."""

    __module__ = "minigrad"  # <class 'minigrad.dtype'>, as torch's <class 'torch.dtype'>

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

    @property
    def error_name(self):
        """The tensor type torch's C++ errors name: ``torch.FloatTensor``, but ``CPUBoolType`` for bool, which
        torch's translation of its C++ type names into legacy ones leaves out."""
        return "CPUBoolType" if self.category == 0 else f"torch.{self.legacy}"

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
INDEX = (int64, int32)  # the dtypes torch's gather, scatter, index_select, ... take as indices
# torch's aliases
long, int, short, half = int64, int32, int16, float16  # noqa: A001
float, double = float32, float64  # noqa: A001

_BY_NP = {d.np: d for d in ALL}
_DEFAULT = [float32]


# numpy dtypes torch converts and minigrad does not, each with the minigrad dtype to convert it to
_TORCH_ONLY = {"uint16": "int32", "uint32": "int64", "uint64": "int64", "complex64": "float32",
               "complex128": "float64"}  # fmt: skip


def from_numpy_dtype(np_dtype):
    """The minigrad dtype for a numpy dtype, or torch's TypeError for one torch does not have (its ValueError for
    one in the other byte order)."""
    d = _BY_NP.get(np.dtype(np_dtype))
    if d is not None:
        return d
    name = np.dtype(np_dtype).name
    if np.dtype(np_dtype).newbyteorder("=") in _BY_NP:  # np.dtype(">f8"): a dtype minigrad has, not in this byte order
        raise ValueError("given numpy array has byte order different from the native byte order. Conversion between "
                         "byte orders is currently not supported.")
    if name in _TORCH_ONLY:  # torch has it, minigrad does not
        raise TypeError(f"minigrad has no dtype for numpy.{name} (torch.{name}): convert it to one minigrad has "
                        f"first, e.g. .astype(numpy.{_TORCH_ONLY[name]})")  # fmt: skip
    raise TypeError(
        f"can't convert np.ndarray of type numpy.{np.dtype(np_dtype).type.__name__}. The only supported types are: "
        "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, "
        "uint8, and bool."
    )


def summed(x, axis=None, keepdims=False):
    """The numpy array ``x`` summed as torch sums: float16 accumulated in float32 and rounded once (its opmath type),
    integers and bools in int64, other dtypes in their own. The one home of that rule: the sum ops and the engine's
    sum of a broadcast gradient use it."""
    if x.dtype == np.float16:
        return x.sum(axis=axis, keepdims=keepdims, dtype=np.float32).astype(np.float16)
    # np.add.reduce is what ndarray.sum calls, without its Python wrapper (a gradient's sum runs in every backward)
    return np.add.reduce(x, axis, np.int64 if x.dtype.kind in "biu" else None, None, keepdims)


def get_default_dtype():
    """Mirror ``torch.get_default_dtype``: the dtype of Python floats turned into tensors."""
    return _DEFAULT[0]


def set_default_dtype(d):
    """Mirror ``torch.set_default_dtype``: float32 or float64 for Python floats from now on."""
    if not isinstance(d, dtype) or d not in (float32, float64, float16):
        raise TypeError(f"only floating-point types are supported as the default type, got {d}")
    _DEFAULT[0] = d


def _as_dtype(value, position):
    """A dtype given to ``promote_types`` (Python's types as torch reads them), or torch's TypeError."""
    if isinstance(value, dtype):
        return value
    python = {builtins.float: float64, builtins.int: int64, builtins.bool: bool_}.get(value)  # float is torch's here
    if python is None:
        from .arguments import must_be_tensor  # not at the top: arguments imports this module

        raise must_be_tensor("promote_types", f"type{position}", position, value, kind="torch.dtype")
    return python


def promote_types(type1, type2):
    """Mirror ``torch.promote_types``: the smallest dtype both ``type1`` and ``type2`` convert to (Python's ``float``,
    ``int`` and ``bool`` as float64, int64 and bool)."""
    a, b = type1, type2
    if a is b:
        return a
    if a.__class__ is not dtype or b.__class__ is not dtype:
        a, b = (_as_dtype(t, i) for i, t in enumerate((a, b), 1))
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


def can_cast(from_, to):
    """Mirror ``torch.can_cast(from_, to)``: whether a value of dtype ``from_`` may be written into a tensor of
    dtype ``to`` by an in-place op; the promotion categories (bool < integer < floating point) may not go down."""
    from .arguments import dtype_argument

    for position, (name, value) in enumerate((("from_", from_), ("to", to)), 1):
        dtype_argument("can_cast", value, name, position, optional=False)
    return from_.category <= to.category


def _info_dtype(kind, value):
    """The dtype ``torch.finfo``/``torch.iinfo`` was given (Python's ``float`` and ``int`` stand for float64 and
    int64), with torch's TypeError for anything else."""
    value = {builtins.float: float64, builtins.int: int64, builtins.bool: bool_}.get(value, value)
    if not isinstance(value, dtype):
        from .arguments import must_be_tensor  # not at the top: arguments imports this module
        raise must_be_tensor(kind, "type", 1, value, kind="torch.dtype")
    return value


_NO_TYPE = object()  # iinfo() without a dtype: torch's TypeError


class finfo:
    """Mirror ``torch.finfo(dtype)`` (the default dtype if none is given): the numerical limits of a floating-point
    dtype, as Python floats (``dtype`` is its name, ``'float32'``)."""

    __hash__ = None

    def __init__(self, type=_NO_TYPE):  # noqa: A002 - torch's argument name
        d = get_default_dtype() if type is _NO_TYPE else _info_dtype("finfo", type)
        if not d.is_floating_point:
            raise TypeError(
                "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'"
            )
        info = np.finfo(d.np)
        self.bits = info.bits
        self.eps = builtins.float(info.eps)
        self.max, self.min = builtins.float(info.max), builtins.float(info.min)
        self.tiny = self.smallest_normal = builtins.float(info.smallest_normal)
        self.resolution = 10.0 ** -info.precision
        self.dtype = d.name

    def __eq__(self, other):
        return isinstance(other, finfo) and other.dtype == self.dtype

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, dtype={self.dtype})")  # fmt: skip


class iinfo:
    """Mirror ``torch.iinfo(dtype)``: the limits of an integer dtype, as Python ints (``dtype``: ``'int32'``)."""

    __hash__ = None

    def __init__(self, type=_NO_TYPE):  # noqa: A002 - torch's argument name
        if type is _NO_TYPE:
            raise TypeError('iinfo() missing 1 required positional arguments: "type"')
        d = _info_dtype("iinfo", type)
        if d is bool_:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if d.category != 1:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        info = np.iinfo(d.np)
        self.bits, self.max, self.min, self.dtype = info.bits, builtins.int(info.max), builtins.int(info.min), d.name

    def __eq__(self, other):
        return isinstance(other, iinfo) and other.dtype == self.dtype

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"
