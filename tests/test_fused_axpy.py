"""numpy's BLAS ``axpy`` does the optimizers' ``p + alpha * g`` (and ``lerp``) only where a check finds that it rounds
every element once, as torch's fused multiply-add does; elsewhere the wide-type kernels compute it, with the same
bits. The check is tried on stand-in kernels (fused, unfused, unfused only in a tail or at an alignment), and on
the machine's own BLAS in a process without the suite's pinned kernels."""

import ctypes
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from pinned_kernels import KERNELS

from minigrad.fused_multiply_add import fma
from minigrad.optim import fused_axpy, kernels

CTYPES = {np.dtype(np.float32): ctypes.c_float, np.dtype(np.float64): ctypes.c_double}


def stand_in(dtype, fused_when=lambda n, i, address: True, calls=None):
    """A ``cblas_?axpy`` in numpy: element ``i`` of ``n`` (``y`` at ``address``) is rounded once if ``fused_when``
    says so, else the product is rounded first."""
    pointer = ctypes.POINTER(CTYPES[np.dtype(dtype)])

    def kernel(n, alpha, x_address, incx, y_address, incy):
        assert incx == incy == 1
        x = np.ctypeslib.as_array(ctypes.cast(x_address, pointer), (n,))
        y = np.ctypeslib.as_array(ctypes.cast(y_address, pointer), (n,))
        once = fma(np.full(n, alpha, dtype), x, y)
        twice = y + dtype(alpha) * x
        y[...] = [once[i] if fused_when(n, i, y_address) else twice[i] for i in range(n)]
        if calls is not None:
            calls.append(n)

    return kernel


@pytest.fixture
def blas(monkeypatch):
    """Put ``kernel`` in place of numpy's BLAS for ``dtype``, with the check not yet run."""

    def install(dtype, kernel):
        monkeypatch.setattr(fused_axpy, "_KERNELS", {})
        monkeypatch.setattr(fused_axpy, "_blas_function", lambda d: kernel if d == dtype else None)

    return install


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_check_takes_only_a_kernel_that_fuses_every_element(dtype, blas):
    cases = {
        "fused": (lambda n, i, address: True, True),
        "never fused": (lambda n, i, address: False, False),
        "unfused after the vector loop": (lambda n, i, address: i < n - n % 16, False),
        "unfused from one alignment": (lambda n, i, address: address % 64 != 8, False),
        "unfused on long vectors only": (lambda n, i, address: n < 1000, False),
    }
    for name, (fused_when, expected) in cases.items():
        blas(np.dtype(dtype), stand_in(dtype, fused_when))
        assert fused_axpy.fused(np.dtype(dtype)) is expected, name
        assert fused_axpy.fused(np.dtype(np.float16)) is False


def test_without_numpys_bundled_blas_nothing_is_used(monkeypatch):
    monkeypatch.setattr(fused_axpy, "_KERNELS", {})
    monkeypatch.setattr(fused_axpy.np, "__file__", "/nowhere/numpy/__init__.py")
    assert fused_axpy.fused(np.dtype(np.float32)) is False
    y = np.ones(3, np.float32)
    assert fused_axpy.axpy(0.5, np.ones(3, np.float32), y) is False and (y == 1).all()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_kernels_use_it_only_where_it_computes_the_same(dtype, blas):
    """Through a recording stand-in: contiguous arrays of one dtype and shape go to the BLAS, with the bits of
    the wide-type computation; strided, broadcast, overlapping or mixed arrays, and alpha = +-1, do not."""
    dtype = np.dtype(dtype)
    calls = []
    blas(dtype, stand_in(dtype.type, calls=calls))
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal((7, 9)).astype(dtype) for _ in range(2))

    def both(call):
        """The result through the stand-in, the result of the wide-type kernels, and whether the BLAS ran."""
        del calls[:]
        through = call()
        fused_axpy._KERNELS[dtype] = None
        wide = call()
        fused_axpy._KERNELS[dtype] = stand_in(dtype.type, calls=calls)
        return through, wide, bool(calls)

    goes = {
        "new array": lambda: kernels.add_scaled(a, -0.37, b),
        "into a": lambda: kernels.add_scaled(a.copy(), -0.37, b),
        "into its input": lambda: (lambda y: kernels.add_scaled(y, -0.37, b, out=y))(a.copy()),
        "x is y": lambda: (lambda y: kernels.add_scaled(y, -0.37, y, out=y))(a.copy()),
        "read-only x": lambda: kernels.add_scaled(a, -0.37, _read_only(b)),
        "lerp low": lambda: kernels.lerp(a, b, 0.1),
        "lerp high, into start": lambda: (lambda y: kernels.lerp(y, b, 0.9, out=y))(a.copy()),
        "lerp high, into end": lambda: (lambda y: kernels.lerp(a, y, 0.9, out=y))(b.copy()),
        "lerp of 0-d arrays": lambda: kernels.lerp(np.array(a[0, 0]), np.array(b[0, 0]), 0.1),  # a scalar difference
    }
    stays = {
        "alpha 1": lambda: kernels.add_scaled(a, 1, b),
        "strided x": lambda: kernels.add_scaled(a, -0.37, np.asfortranarray(b)),
        "strided out": lambda: kernels.add_scaled(a, -0.37, b, out=np.asfortranarray(np.empty_like(a))),
        "broadcast x": lambda: kernels.add_scaled(a, -0.37, np.broadcast_to(b[0], a.shape)),
        "x overlaps out": lambda: (lambda y: kernels.add_scaled(a, -0.37, y[:-1], out=y[1:]))(np.vstack([b, b[:1]])),
        "other dtype out": lambda: kernels.add_scaled(a, -0.37, b, out=np.empty(a.shape, np.float16)),
        "unaligned x": lambda: kernels.add_scaled(a, -0.37, _unaligned(b)),
        "lerp, strided": lambda: kernels.lerp(np.asfortranarray(a), b, 0.1, out=np.asfortranarray(a.copy())),
    }
    for name, call in {**goes, **stays}.items():
        through, wide, used = both(call)
        assert through.tobytes() == wide.tobytes(), name
        assert used is (name in goes), name


def _read_only(a):
    """A read-only view of ``a`` (ctypes' buffer view, which gives ``axpy`` a writeable array's address, refuses it)."""
    out = a.view()
    out.flags.writeable = False
    return out


def _unaligned(a):
    """A copy of ``a`` whose data starts one byte past an element boundary."""
    raw = np.zeros(a.nbytes + 1, np.uint8)
    out = raw[1:].view(a.dtype).reshape(a.shape)
    out[...] = a
    assert not out.flags.aligned
    return out


def test_numpys_own_blas_on_this_machine():
    """numpy's BLAS with the machine's own kernels (the suite pins Haswell's, which do not fuse): if the check
    takes it, its results are those of the wide-type kernels for float32 and of an exact fused multiply-add
    for float64, as torch's (and, if torch is importable, equal to torch's)."""
    env = {k: v for k, v in os.environ.items() if k not in KERNELS}
    out = subprocess.run([sys.executable, "-c", _ON_THIS_MACHINE], capture_output=True, text=True, env=env,
                         cwd=os.path.dirname(__file__), timeout=120)  # fmt: skip
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    if not report["fused"]:
        pytest.skip("numpy's BLAS on this CPU does not round axpy once: the wide-type kernels compute the steps")
    assert report["differ"] == [], report


_ON_THIS_MACHINE = """
import json
import numpy as np
from minigrad.fused_multiply_add import fma
from minigrad.optim import fused_axpy, kernels
try:
    import torch
except ImportError:
    torch = None
fused = fused_axpy.fused(np.dtype(np.float32)) and fused_axpy.fused(np.dtype(np.float64))
rng = np.random.default_rng(7)
differ = []
for n in (*range(1, 70), 1000, 70001):
    for dtype in (np.float32, np.float64):
        a = (rng.standard_normal(n) * 10.0 ** rng.integers(-4, 4)).astype(dtype)
        b = rng.standard_normal(n).astype(dtype)
        alpha = dtype(-rng.uniform(1e-4, 1))
        got = kernels.add_scaled(a, alpha, b)
        if dtype is np.float64:
            expected = fma(np.full(n, alpha), b, a)
        else:
            kernel, fused_axpy._KERNELS[np.dtype(dtype)] = fused_axpy._KERNELS[np.dtype(dtype)], None
            expected = kernels.add_scaled(a, alpha, b)
            fused_axpy._KERNELS[np.dtype(dtype)] = kernel
        if got.tobytes() != expected.tobytes():
            differ.append(["exact", n, str(np.dtype(dtype))])
        if torch is not None:
            t = torch.from_numpy(a.copy()).add_(torch.from_numpy(b), alpha=float(alpha)).numpy()
            lerped = torch.from_numpy(a.copy()).lerp_(torch.from_numpy(b), 0.9).numpy()
            if got.tobytes() != t.tobytes() or kernels.lerp(a, b, 0.9).tobytes() != lerped.tobytes():
                differ.append(["torch", n, str(np.dtype(dtype))])
print(json.dumps({"fused": bool(fused), "differ": differ}))
"""
