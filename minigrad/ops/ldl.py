"""The LDL factorisation of symmetric matrices with Bunch-Kaufman pivoting, as LAPACK's sytf2 (lower triangle) gives
it, and the solve with it (sytrs): what ``torch.linalg.ldl_factor_ex`` and ``ldl_solve`` compute. torch has no
derivative for them (its NotImplemented node). The pivoting decides per matrix, so a batch runs matrix by matrix;
values may differ from torch's (MKL's blocked sytrf) in the last bits."""

import math

import numpy as np

_ALPHA = (1 + math.sqrt(17)) / 8  # Bunch-Kaufman's growth bound


def _first_largest(values):
    """idamax: the place of the first largest absolute value."""
    return int(np.argmax(np.abs(values)))


def _factor_one(a):
    """sytf2 (uplo 'L') on one matrix, in place: L below the diagonal and D's blocks on and next to it, LAPACK's
    1-based pivots (negative for a 2x2 block) and info."""
    n = a.shape[0]
    pivots = np.zeros(n, np.int32)
    info = 0
    k = 0
    while k < n:
        step = 1
        absakk = abs(a[k, k])
        if k < n - 1:
            imax = k + 1 + _first_largest(a[k + 1 :, k])
            colmax = abs(a[imax, k])
        else:
            imax, colmax = k, 0.0
        if max(absakk, colmax) == 0 or math.isnan(absakk):
            info = info or k + 1
            kp = k
        else:
            if absakk >= _ALPHA * colmax:
                kp = k
            else:
                jmax = k + _first_largest(a[imax, k:imax])
                rowmax = abs(a[imax, jmax])
                if imax < n - 1:
                    jmax = imax + 1 + _first_largest(a[imax + 1 :, imax])
                    rowmax = max(rowmax, abs(a[jmax, imax]))
                if absakk >= _ALPHA * colmax * (colmax / rowmax):
                    kp = k
                elif abs(a[imax, imax]) >= _ALPHA * rowmax:
                    kp = imax
                else:
                    kp, step = imax, 2
            kk = k + step - 1
            if kp != kk:  # swap rows and columns kk and kp of the trailing lower triangle
                a[kp + 1 :, [kk, kp]] = a[kp + 1 :, [kp, kk]]
                middle = a[kk + 1 : kp, kk].copy()
                a[kk + 1 : kp, kk] = a[kp, kk + 1 : kp]
                a[kp, kk + 1 : kp] = middle
                a[kk, kk], a[kp, kp] = a[kp, kp], a[kk, kk]
                if step == 2:
                    a[k + 1, k], a[kp, k] = a[kp, k], a[k + 1, k]
            if step == 1:
                if k < n - 1:
                    d11 = 1 / a[k, k]
                    x = a[k + 1 :, k].copy()
                    a[k + 1 :, k + 1 :] -= np.tril(d11 * np.outer(x, x))
                    a[k + 1 :, k] = x * d11
            elif k < n - 2:
                d21 = a[k + 1, k]
                d11 = a[k + 1, k + 1] / d21
                d22 = a[k, k] / d21
                t = 1 / (d11 * d22 - 1)
                d21 = t / d21
                for j in range(k + 2, n):
                    wk = d21 * (d11 * a[j, k] - a[j, k + 1])
                    wkp1 = d21 * (d22 * a[j, k + 1] - a[j, k])
                    a[j:, j] -= a[j:, k] * wk + a[j:, k + 1] * wkp1
                    a[j, k], a[j, k + 1] = wk, wkp1
        if step == 1:
            pivots[k] = kp + 1
        else:
            pivots[k] = pivots[k + 1] = -(kp + 1)
        k += step
    return pivots, info


def sytrf(a):
    """``(LD, pivots, info)`` of each symmetric matrix of ``a`` (``(*, n, n)``, its lower triangle read), torch's
    ``linalg_ldl_factor_ex``: the strict upper triangle zeroed."""
    n = a.shape[-1]
    batch = a.shape[:-2]
    count = int(np.prod(batch, dtype=np.int64))
    ld = np.tril(a).reshape(count, n, n).copy()
    pivots = np.zeros((count, n), np.int32)
    info = np.zeros(count, np.int32)
    with np.errstate(all="ignore"):
        for b in range(count):
            pivots[b], info[b] = _factor_one(ld[b])
    return np.tril(ld).reshape(a.shape), pivots.reshape(batch + (n,)), info.reshape(batch)


def _solve_one(a, pivots, b):
    """sytrs (uplo 'L') on one matrix: ``b`` overwritten by ``X`` with ``A @ X = b``."""
    n = a.shape[0]
    k = 0
    while k < n:  # L D y = b
        if pivots[k] > 0:
            kp = pivots[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            b[k + 1 :] -= np.outer(a[k + 1 :, k], b[k])
            b[k] /= a[k, k]
            k += 1
        else:
            kp = -pivots[k] - 1
            if kp != k + 1:
                b[[k + 1, kp]] = b[[kp, k + 1]]
            if k < n - 2:
                b[k + 2 :] -= np.outer(a[k + 2 :, k], b[k])
                b[k + 2 :] -= np.outer(a[k + 2 :, k + 1], b[k + 1])
            akm1k = a[k + 1, k]
            akm1 = a[k, k] / akm1k
            ak = a[k + 1, k + 1] / akm1k
            denom = akm1 * ak - 1
            bkm1 = b[k] / akm1k
            bk = b[k + 1] / akm1k
            b[k] = (ak * bkm1 - bk) / denom
            b[k + 1] = (akm1 * bk - bkm1) / denom
            k += 2
    k = n - 1
    while k >= 0:  # L^T x = y
        if pivots[k] > 0:
            if k < n - 1:
                b[k] -= a[k + 1 :, k] @ b[k + 1 :]
            kp = pivots[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            k -= 1
        else:
            if k < n - 1:
                b[k] -= a[k + 1 :, k] @ b[k + 1 :]
                b[k - 1] -= a[k + 1 :, k - 1] @ b[k + 1 :]
            kp = -pivots[k] - 1
            if kp != k:
                b[[k, kp]] = b[[kp, k]]
            k -= 2
    return b


def sytrs(ld, pivots, b):
    """``X`` with ``A @ X = b`` for ``A`` given by :func:`sytrf`'s ``(LD, pivots)``, batch dims broadcast."""
    n = ld.shape[-1]
    batch = np.broadcast_shapes(ld.shape[:-2], pivots.shape[:-1], b.shape[:-2])
    count = int(np.prod(batch, dtype=np.int64))
    x = np.array(np.broadcast_to(b, batch + b.shape[-2:]), dtype=ld.dtype).reshape((count,) + b.shape[-2:])
    lds = np.broadcast_to(ld, batch + (n, n)).reshape(count, n, n)
    pivs = np.broadcast_to(pivots.astype(np.int64), batch + (n,)).reshape(count, n)
    with np.errstate(all="ignore"):
        for i in range(count):
            _solve_one(lds[i], pivs[i], x[i])
    return x.reshape(batch + b.shape[-2:])
