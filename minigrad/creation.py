"""Making tensors: ``tensor``, ``zeros``, ``ones``, ``randn`` and friends, as in ``torch``.

Random numbers come from minigrad's own generator: ``manual_seed`` makes them
repeatable, but they are not the numbers torch would draw.
"""

import warnings

import numpy as np

from . import dtypes
from .size import shape_text
from .tensor import FACTORY_INT_GRAD_ERROR, TO_SCALAR_WARNING, Tensor
from .torch_warnings import warn_once

_rng = np.random.default_rng(0)


def manual_seed(seed):
    """Mirror ``torch.manual_seed``: restart the random generator, so later draws repeat."""
    global _rng
    _rng = np.random.default_rng(int(seed))
    return _rng


def _finish(arr, dtype, requires_grad):
    if dtype is not None:
        if not isinstance(dtype, dtypes.dtype):
            raise TypeError(f"dtype must be a minigrad dtype such as torch.float32, not {dtype!r}")
        arr = arr.astype(dtype.np, copy=False)
    t = Tensor._wrap(arr)
    if requires_grad:
        if not t.dtype.is_floating_point:
            raise RuntimeError(FACTORY_INT_GRAD_ERROR)
        t.requires_grad_(True)
    return t


def _infer(data, dtype=None):
    """numpy array for ``data`` with torch's dtype inference (Python floats give float32), or straight in
    ``dtype`` if given (so that 1e300 fits a float64 tensor)."""
    if isinstance(data, np.ndarray):
        return data.copy() if data.dtype in dtypes._BY_NP else data.astype(dtypes.from_numpy_dtype(data.dtype).np)
    try:
        arr = np.array(data)
    except ValueError:
        _check_rectangular(data)
        raise
    if arr.dtype == object:
        raise TypeError(f"Could not infer dtype of {type(_first_leaf(data)).__name__}")
    if arr.dtype.kind == "f":
        return arr.astype((dtype or dtypes.get_default_dtype()).np)
    if arr.dtype.kind in "iu":
        return arr.astype(np.int64)
    if arr.dtype.kind == "b":
        return arr
    raise TypeError(f"Could not infer dtype of {arr.dtype}")


def _check_rectangular(data):
    """torch's errors for ragged nested lists: every sequence at a depth must have the first one's length."""
    shape = []
    d = data
    while isinstance(d, (list, tuple)):
        shape.append(len(d))
        if not d:
            break
        d = d[0]

    def walk(seq, dim):
        if dim == len(shape):
            if isinstance(seq, (list, tuple)):
                raise TypeError(f"must be real number, not {type(seq).__name__}")
            return
        if not isinstance(seq, (list, tuple)):
            raise TypeError("not a sequence")
        if len(seq) != shape[dim]:
            raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} (got {len(seq)})")
        for s in seq:
            walk(s, dim + 1)

    walk(data, 0)


def _first_leaf(data):
    while isinstance(data, (list, tuple)) and data:
        data = data[0]
    return data


def _unwrap_tensors(data, nested=False):
    if isinstance(data, Tensor):
        if nested and data._requires_grad:
            warn_once(TO_SCALAR_WARNING, stacklevel=4)
        if nested and data._data.size != 1:  # torch reads tensors inside lists as numbers
            raise ValueError("only one element tensors can be converted to Python scalars")
        return data._data.reshape(()) if nested else data._data
    if isinstance(data, (list, tuple)):
        return [_unwrap_tensors(d, True) for d in data]
    return data


def tensor(data, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.tensor``: copy ``data`` (numbers, nested lists, numpy arrays) into a new leaf."""
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).",
            UserWarning,
            stacklevel=2,
        )
        arr = data._data.copy()
    else:
        arr = _infer(_unwrap_tensors(data), dtype)
    return _finish(arr, dtype, requires_grad)


def as_tensor(data, dtype=None):
    """Mirror ``torch.as_tensor``: like ``tensor`` but shares memory with a numpy array or tensor."""
    if isinstance(data, Tensor) and dtype in (None, data.dtype):
        return data
    return tensor(data, dtype=dtype)


def from_numpy(arr):
    """Mirror ``torch.from_numpy``: a tensor sharing the array's memory."""
    return Tensor._wrap(arr if arr.dtype in dtypes._BY_NP else arr.astype(dtypes.from_numpy_dtype(arr.dtype).np))


def _is_int(s):
    return isinstance(s, (int, np.integer)) and not isinstance(s, bool)


def _size(size, factory):
    """The shape given to ``factory`` as ``*size`` (sizes, or one sequence of them), with torch's TypeErrors."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    elif len(size) == 1 and not _is_int(size[0]):
        raise TypeError(
            f"{factory}(): argument 'size' (position 1) must be tuple of ints, not {type(size[0]).__name__}"
        )
    for pos, s in enumerate(size, 1):
        if not _is_int(s):
            raise TypeError(
                f"{factory}(): argument 'size' failed to unpack the object at pos {pos} with error "
                f'"type must be tuple of ints,but got {type(s).__name__}"'
            )
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {shape_text(size)}")
    return tuple(int(s) for s in size)


def _default(dtype):
    return dtypes.get_default_dtype() if dtype is None else dtype


def zeros(*size, dtype=None, requires_grad=False):
    """Mirror ``torch.zeros``."""
    shape = size[0] if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    if any(isinstance(s, int) and s < 0 for s in shape):
        raise RuntimeError("zeros: Dimension size must be non-negative.")  # torch.zeros has its own wording
    return _finish(np.zeros(_size(size, "zeros"), dtype=_default(dtype).np), None, requires_grad)


def ones(*size, dtype=None, requires_grad=False):
    """Mirror ``torch.ones``."""
    return _finish(np.ones(_size(size, "ones"), dtype=_default(dtype).np), None, requires_grad)


def empty(*size, dtype=None, requires_grad=False):
    """Mirror ``torch.empty`` (minigrad fills it with zeros, so output is repeatable)."""
    return _finish(np.zeros(_size(size, "empty"), dtype=_default(dtype).np), None, requires_grad)


def full(size, fill_value, dtype=None, requires_grad=False):
    """Mirror ``torch.full``: the dtype follows ``fill_value`` (bool, int64 or the default float)."""
    if dtype is None:
        dtype = dtypes.result_type((), (fill_value,))
    return _finish(np.full(_size((size,), "full"), fill_value, dtype=dtype.np), None, requires_grad)


def arange(start, end=None, step=1, dtype=None, requires_grad=False):
    """Mirror ``torch.arange``: int64 for integer arguments, else the default float dtype."""
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if dtype is None:
        dtype = dtypes.result_type((), (start, end, step))
        dtype = dtypes.int64 if dtype.category < 2 else dtype
    n = max(int(np.ceil((end - start) / step)), 0)
    return _finish((start + step * np.arange(n)).astype(dtype.np), None, requires_grad)


def linspace(start, end, steps, dtype=None, requires_grad=False):
    """Mirror ``torch.linspace``."""
    return _finish(np.linspace(start, end, steps).astype(_default(dtype).np), None, requires_grad)


def eye(n, m=None, dtype=None, requires_grad=False):
    """Mirror ``torch.eye``."""
    return _finish(np.eye(n, m, dtype=_default(dtype).np), None, requires_grad)


def rand(*size, dtype=None, requires_grad=False):
    """Mirror ``torch.rand``: uniform on [0, 1), from minigrad's generator."""
    return _finish(_rng.random(_size(size, "rand")).astype(_default(dtype).np), None, requires_grad)


def randn(*size, dtype=None, requires_grad=False):
    """Mirror ``torch.randn``: standard normal, from minigrad's generator."""
    return _finish(_rng.standard_normal(_size(size, "randn")).astype(_default(dtype).np), None, requires_grad)


def randint(low, high=None, size=(), dtype=None, requires_grad=False):
    """Mirror ``torch.randint``: integers in [low, high)."""
    if high is None:
        low, high = 0, low
    return _finish(_rng.integers(low, high, _size((size,), "randint")), dtype or dtypes.int64, requires_grad)


def _like(fn, t, dtype, requires_grad, *args):
    return fn(*args, t.shape, dtype=dtype or t.dtype, requires_grad=requires_grad) if args else fn(
        t.shape, dtype=dtype or t.dtype, requires_grad=requires_grad
    )


def zeros_like(t, dtype=None, requires_grad=False):
    """Mirror ``torch.zeros_like``."""
    return zeros(t.shape, dtype=dtype or t.dtype, requires_grad=requires_grad)


def ones_like(t, dtype=None, requires_grad=False):
    """Mirror ``torch.ones_like``."""
    return ones(t.shape, dtype=dtype or t.dtype, requires_grad=requires_grad)


def full_like(t, fill_value, dtype=None, requires_grad=False):
    """Mirror ``torch.full_like``."""
    return full(t.shape, fill_value, dtype=dtype or t.dtype, requires_grad=requires_grad)


def rand_like(t, dtype=None, requires_grad=False):
    """Mirror ``torch.rand_like``."""
    return rand(t.shape, dtype=dtype or t.dtype, requires_grad=requires_grad)


def randn_like(t, dtype=None, requires_grad=False):
    """Mirror ``torch.randn_like``."""
    return randn(t.shape, dtype=dtype or t.dtype, requires_grad=requires_grad)
