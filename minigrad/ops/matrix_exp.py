"""The matrix exponential as torch's CPU kernel computes it (``mexp`` in ATen's LinearAlgebra.cpp, after Bader,
Blanes and Casas, "Computing the Matrix Exponential with an Optimized Taylor Polynomial Approximation", 2019): each
matrix's 1-norm picks a Taylor polynomial of degree 1, 2, 4, 8, 12 or 18, evaluated with few products from the powers
``I, A, A^2, A^3, A^6`` and torch's coefficients; a larger norm scales the matrix by ``2^-s`` for degree 18 and squares
the result ``s`` times (every matrix of a batch of several takes that way, as in torch). The linear combinations add
one term at a time from zero (``_compute_linear_combination``) and the products round as torch's bmm kernel, so
matrices of up to 7 rows match torch bit for bit (larger ones go through BLAS, whose rounding numpy's need not
share). A matrix with a nan or inf gives nan, as torch's."""

import numpy as np

from .linalg import bmm_kernel

# the norms up to which each degree (1, 2, 4, 8, 12, 18) is accurate in the dtype
_THETAS = {
    np.dtype(np.float32): (1.192092800768788e-07, 5.978858893805233e-04, 5.116619363445086e-02,
                           5.800524627688768e-01, 1.461661507209034e+00, 3.010066362817634e+00),
    np.dtype(np.float64): (2.220446049250313e-16, 2.580956802971767e-08, 3.397168839976962e-04,
                           4.991228871115323e-02, 2.996158913811580e-01, 1.090863719290036e+00),
}  # fmt: skip
_T12 = ((9.0198e-16, 0.46932117595418237389, -0.20099424927047284052, -0.04623946134063071740),
        (5.31597895759871264183, 1.19926790417132231573, 0.01179296240992997031, 0.01108844528519167989),
        (0.18188869982170434744, 0.05502798439925399070, 0.09351590770535414968, 0.00610700528898058230),
        (-2.0861320e-13, -0.13181061013830184015, -0.02027855540589259079, -0.00675951846863086359))  # fmt: skip
_T18 = ((0.0, -1.00365581030144618291e-01, -8.02924648241156932449e-03, -8.92138498045729985177e-04, 0.0),
        (0.0, 3.97849749499645077844e-01, 1.36783778460411720168e+00, 4.98289622525382669416e-01,
         -6.37898194594723280150e-04),
        (-1.09676396052962061844e+01, 1.68015813878906206114e+00, 5.71779846478865511061e-02,
         -6.98210122488052056106e-03, 3.34975017086070470649e-05),
        (-9.04316832390810593223e-02, -6.76404519071381882256e-02, 6.75961301770459654925e-02,
         2.95552570429315521194e-02, -1.39180257516060693404e-05),
        (0.0, 0.0, -9.23364619367118555360e-02, -1.69364939002081722752e-02, -1.40086798182036094347e-05))  # fmt: skip


def _combination(terms, coefficients):
    """``sum_j coefficients[j] * terms[j]``, each coefficient in the dtype, added from zero one term at a time."""
    to = terms[0].dtype.type
    out = np.zeros_like(terms[0])
    for term, c in zip(terms, coefficients):
        out = out + term * to(c)
    return out


def _powers(a, count):
    """The first ``count`` of ``I, A, A^2, A^3, A^6``."""
    out = [np.broadcast_to(np.eye(a.shape[-1], dtype=a.dtype), a.shape), a]
    if count > 2:
        out.append(bmm_kernel(a, a))
    if count > 3:
        out.append(bmm_kernel(a, out[2]))
    if count > 4:
        out.append(bmm_kernel(out[3], out[3]))
    return out


def _degree_1(a):
    i, a1 = _powers(a, 2)
    return i + a1


def _degree_2(a):
    i, a1, a2 = _powers(a, 3)
    return i + a1 + a2 / a.dtype.type(2.0)


def _degree_4(a):
    i, a1, a2 = _powers(a, 3)
    tail = bmm_kernel(a2, _combination((i, a1, a2), (1 / 2.0, 1 / 6.0, 1 / 24.0)))
    return _combination((i, a1, a2, tail), (1.0, 1.0, 0.0, 1.0))


def _degree_8(a):
    to = a.dtype.type  # torch's constexpr coefficients, rounded to the dtype from the rounded sqrt(177) and 2/3
    r177, x3 = float(to(0.1330413469565007072504e2)), float(to(2.0 / 3.0))
    x1, x2 = to(x3 * ((1.0 + r177) / 88.0)), to(x3 * ((1.0 + r177) / 352.0))
    x4, x5 = to((-271.0 + 29.0 * r177) / (315.0 * x3)), to((-11.0 + 11.0 * r177) / (1260.0 * x3))
    x6, x7 = to((-99.0 + 11.0 * r177) / (5040.0 * x3)), to((89.0 - r177) / (5040.0 * x3))
    y2 = to((857.0 - 58.0 * r177) / 630.0)
    i, a1, a2 = _powers(a, 3)
    a4 = bmm_kernel(a2, _combination((a1, a2), (x1, x2)))
    a8 = bmm_kernel(_combination((a2, a4), (x3, 1.0)), _combination((i, a1, a2, a4), (x4, x5, x6, x7)))
    return _combination((i, a1, a2, a4, a8), (1.0, 1.0, y2, 0.0, 1.0))


def _degree_12(a):
    powers = _powers(a, 4)
    b0, b1, b2, b3 = (_combination(powers, row) for row in _T12)
    b2 = b2 + bmm_kernel(b3, b3)
    return b0 + bmm_kernel(b1 + b2, b2)


def _degree_18(a):
    powers = _powers(a, 5)
    b0, b1, b2, b3, b4 = (_combination(powers, row) for row in _T18)
    b3 = b3 + bmm_kernel(b0, b4)
    return b1 + bmm_kernel(b2 + b3, b3)


_BY_DEGREE = (_degree_1, _degree_2, _degree_4, _degree_8, _degree_12)


def matrix_exp_arrays(a):
    """``exp`` of each square matrix of the float32 or float64 array ``a`` (at least 2 rows), as torch's ``mexp``."""
    flat = a.reshape((-1,) + a.shape[-2:])
    to, thetas = a.dtype.type, _THETAS[a.dtype]
    norm = np.abs(flat).sum(-2).max(-1)
    out = np.full(flat.shape, np.nan, a.dtype)
    batched = flat.shape[0] > 1  # torch evaluates a batch of several matrices with degree 18 only
    for k, evaluate in enumerate(() if batched else _BY_DEGREE):
        which = np.nonzero(((-1 if k == 0 else to(thetas[k - 1])) < norm) & (norm <= to(thetas[k])))[0]
        if which.size:
            out[which] = evaluate(flat[which])
    which = np.nonzero(((norm >= to(thetas[4])) | batched) & np.isfinite(norm))[0]
    if which.size:
        squarings = np.maximum(0, np.ceil(np.log2(norm[which] / to(thetas[5])))).astype(np.int64)
        scaled = _degree_18(flat[which] / (2.0 ** squarings).astype(a.dtype)[:, None, None])
        for row, s, m in zip(which, squarings, scaled):
            for _ in range(s):
                m = bmm_kernel(m[None], m[None])[0]
            out[row] = m
    return out.reshape(a.shape)
