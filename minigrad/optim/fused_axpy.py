"""``axpy(alpha, x, y)``: ``y += alpha * x`` rounded once, by the BLAS that numpy ships, where it is a fused
multiply-add: torch's rounding of ``add_(b, alpha=a)`` at the speed of memory.

numpy has no fused multiply-add, so :mod:`minigrad.optim.kernels` gets torch's one rounding by computing in a wider
type, three passes over the data. OpenBLAS's ``axpy`` kernels for CPUs with the FMA instruction (SkylakeX's, for
one) are FMA loops; others multiply, then add, in some kernels only in the short tail after the vector loop. So
numpy's BLAS is used only if a check at first use finds every element fused. It sets ``y = -(alpha * x)`` rounded,
so that a fused ``y + alpha * x`` is the product's rounding error and an unfused one is 0, for every length up to
80 and a few long ones, from every alignment in a cache line. Where the check fails, or numpy's BLAS is not the
OpenBLAS its wheels bundle (conda's numpy, macOS's Accelerate), ``axpy`` returns False and the caller computes as
before. numpy's BLAS threads (``OPENBLAS_NUM_THREADS``) do not change the result: each element is its own sum.
"""

import ctypes
import glob
import os

import numpy as np

from ..fused_multiply_add import fma

_char, _addressof = ctypes.c_char, ctypes.addressof
_KERNELS = {}  # dtype -> the BLAS function, or None where it is missing or not fused; filled at first use
_SYMBOLS = {np.dtype(np.float32): ("scipy_cblas_saxpy64_", ctypes.c_float),
            np.dtype(np.float64): ("scipy_cblas_daxpy64_", ctypes.c_double)}  # fmt: skip


def fused(dtype):
    """Whether numpy's BLAS rounds ``y + alpha * x`` once for arrays of ``dtype`` (checked at first use)."""
    kernel = _KERNELS.get(dtype, False)
    if kernel is False:
        kernel = _KERNELS[dtype] = _fused_kernel(np.dtype(dtype))
    return kernel is not None


def axpy(alpha, x, y):
    """``y += alpha * x`` with one rounding, in place, if numpy's BLAS does that for ``y``'s dtype; returns whether
    it did. ``x`` and ``y`` must be C-contiguous, aligned arrays of one shape and dtype, ``y`` writeable and not
    overlapping ``x`` other than being ``x`` itself; otherwise nothing is done."""
    dtype = y.dtype
    xf, yf = x.flags, y.flags
    laid_out = xf.c_contiguous and xf.aligned and yf.c_contiguous and yf.aligned and yf.writeable
    if not fused(dtype) or x.dtype != dtype or x.shape != y.shape or not laid_out:
        return False
    if x is not y and np.may_share_memory(x, y):
        return False
    if y.size:  # the addresses through ctypes' buffer view: a third of the cost of .ctypes.data
        if xf.writeable:
            x_at = _addressof(_char.from_buffer(x))
        else:  # a read-only array, or the numpy scalar that numpy's arithmetic gives for 0-d operands
            x = np.asarray(x)
            x_at = x.ctypes.data
        _KERNELS[dtype](y.size, float(alpha), x_at, 1, _addressof(_char.from_buffer(y)), 1)
    return True


def _fused_kernel(dtype):
    """numpy's BLAS ``axpy`` for ``dtype``, if it rounds every element once; else None."""
    kernel = _blas_function(dtype)
    if kernel is None:
        return None
    lanes = 64 // dtype.itemsize  # the alignments in a cache line
    alpha = dtype.type(-0.3183098861837907)  # 1 / pi: no product with it is exact
    x = np.random.default_rng(0).uniform(1, 2, 4099 + lanes).astype(dtype)
    product = alpha * x
    error = _product_error(alpha, x, product)
    for n in (*range(1, 81), 1000, 4099):
        for offset in range(lanes):
            part = slice(offset, offset + n)
            y = np.negative(product[part], out=np.empty(n + lanes, dtype)[offset:][:n])  # y at that alignment too
            kernel(n, float(alpha), x[part].ctypes.data, 1, y.ctypes.data, 1)
            if not np.array_equal(y, error[part]):
                return None
    return kernel


def _product_error(alpha, x, product):
    """``alpha * x - product`` exactly (a float of ``x``'s dtype: the rounding error of a product is one)."""
    if x.dtype == np.float32:
        return (np.float64(alpha) * x.astype(np.float64) - product).astype(np.float32)
    return fma(np.full_like(x, alpha), x, -product)


def _blas_function(dtype):
    """The ``cblas_?axpy`` of the OpenBLAS bundled with numpy's wheels (64-bit integers), or None."""
    symbol, ctype = _SYMBOLS.get(dtype, (None, None))
    if symbol is None:
        return None
    site = os.path.dirname(os.path.dirname(np.__file__))
    paths = [*glob.glob(os.path.join(site, "numpy.libs", "*scipy_openblas64*")),
             *glob.glob(os.path.join(site, "numpy", ".dylibs", "*scipy_openblas64*"))]  # fmt: skip
    for path in paths:
        try:
            kernel = getattr(ctypes.CDLL(path), symbol)
        except (OSError, AttributeError):
            continue
        kernel.argtypes = [ctypes.c_int64, ctype, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64]
        kernel.restype = None
        return kernel
    return None
