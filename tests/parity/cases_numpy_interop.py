"""Parity cases for numpy and tensors in one program, as students mix them: numpy's functions given tensors
(``np.mean(t)``, ``np.exp(t)``), tensors from and into arrays (``np.array(t)``, ``torch.from_numpy``), numpy
scalars and arrays in tensor arithmetic; torch's values, types, errors and warnings."""

from parity.cases import attempts, case  # noqa: F401

# the tensors the cases give numpy: float32 without and with grad, int64, 0-d
_TENSORS = """
import math
import numpy as np
t = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]])
tg = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
ti = torch.tensor([[1, -2, 3], [5, 4, -1]])
s = torch.tensor(2.5)
def kind(r):
    return (type(r).__name__, getattr(r, "dtype", None), r)
"""

# numpy's reductions call the tensor's method with numpy's keywords (x.mean(axis=None, dtype=None, out=None)): torch's
# parser takes axis= for dim= but names it as an unexpected keyword once out= is left over
attempts(
    "api_numpy_interop_np_reductions",
    [_TENSORS],
    "np.mean(t)",
    "np.mean(t, axis=0)",
    "np.mean(tg)",
    "np.sum(ti)",
    "np.sum(t, axis=1)",
    "np.sum(t, dtype=np.float64)",
    "np.max(t, axis=0)",
    "np.max(t)",
    "np.argmax(t, axis=1)",
    "t.mean(dtype=None, out=None, axis=0)",
    "t.sum(axis=0, out=None)",
    "t.max(axis=0, out=None)",
    "t.argmax(axis=None, out=None)",
    "t.mean(axis=None)",
    "t.sum(axis=0, keepdims=True)",
)

# torch lists the keywords of a call that fits none of its overloads in its std::unordered_map's order
attempts(
    "api_numpy_interop_np_keyword_order",
    [_TENSORS],
    "np.std(t)",
    "np.var(t, ddof=1)",
    "np.std(s, axis=0)",
    "np.any(t)",
    "np.all(ti, axis=0)",
    "np.mean(t, keepdims=True)",
    "t.mean(keepdims=True, axis=None, dtype=None, out=None)",
    "t.std(ddof=0, dtype=None, out=None, axis=None)",
    "t.std(axis=None, ddof=0)",
    "t.std(ddof=0, axis=None)",
    "t.std(**{name: 1 for name in 'abcdefghijklmnop'})",
    "t.std(**{name: 1 for name in reversed('abcdefghijklmnopqrstuvwxyz0123')})",
)

# numpy's functions that make a tensor of their result through Tensor.__array_wrap__, whose one parameter numpy 2
# warns about; np.array(t) calls Tensor.__array__, which has no copy parameter
attempts(
    "api_numpy_interop_array_protocol",
    [_TENSORS],
    "kind(np.sin(t))",
    "kind(np.add(t, t))",
    "kind(np.greater(t, 0))",
    "kind(np.argmax(t))",
    "kind(np.exp(s))",
    "kind(np.sqrt(ti))",
    "kind(np.array(t))",
    "kind(np.asarray(t))",
    "kind(np.array(t, copy=False))",
    "kind(np.array(t, dtype=np.float64))",
    "kind(np.array(tg))",
    "kind(np.dot(t, t.T))",
    "kind(np.frompyfunc(lambda v: v, 1, 1)(t))",
    "kind(t.__array__(np.int64))",
)

# a numpy array divided by a tensor: torch's __rdiv__ is tensor.reciprocal() * array, which numpy computes
attempts(
    "api_numpy_interop_array_over_tensor",
    [_TENSORS, "a = np.array([10., 20., 40.])"],
    "kind(a / t)",
    "kind(a / ti)",
    "kind(np.array([3, 4, 6]) / ti)",
    "a / tg",
    "kind(2 / t)",
    "[1., 2., 3.] / t",
    "'a' / t",
    "kind(a * t)",
    "kind(t / a)",
)

# arrays of another byte order, and numpy scalars that are no index
attempts(
    "api_numpy_interop_byte_order_and_indices",
    [_TENSORS, "big = np.array([1, 2], dtype='>i4')"],
    "torch.from_numpy(big)",
    "torch.tensor(big)",
    "torch.as_tensor(big.astype('>f8'))",
    "torch.tensor(big.astype('<i4'))",
    "ti[0, np.bool_(True)]",
    "ti[np.float64(0)]",
    "t[1.5]",
)

# already as torch's before these fixes, pinned: numpy scalars and arrays with tensors, tensors from arrays
attempts(
    "api_numpy_interop_scalars_and_arrays",
    [_TENSORS, "a = np.array([10., 20., 40.])\na32 = a.astype(np.float32)"],
    "kind(np.float64(2.) * t)",
    "kind(t * np.float32(2))",
    "kind(ti + np.int64(1))",
    "kind(ti * np.float64(1.5))",
    "kind(t[np.int64(0)])",
    "kind(t.view(np.int64(3), -1))",
    "kind(t * a)",
    "kind(a + t)",
    "kind(a32 + t)",
    "kind(t[np.array([True, False])])",
    "kind(t[np.array([1, 0])])",
    "kind(torch.tensor(a))",
    "kind(torch.as_tensor(a32))",
    "kind(torch.Tensor(a))",
    "kind(torch.tensor([np.float32(1.), np.float32(2.)]))",
    "kind(torch.from_numpy(a[::-1]))",
    "t.astype(np.float32)",
    "(float(s), int(s), math.exp(s), list(ti[0]), s.tolist())",
)
