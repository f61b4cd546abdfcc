"""``expf`` and ``logf`` of float32 arrays, bit for bit as the GNU C library computes them: what torch's scalar
kernels get from ``std::exp`` and ``std::log`` of a ``float`` (the CTC loss's recursions). glibc's are not correctly
rounded (computing in float64 and rounding once, as :func:`minigrad.ops._util.precise` does, misses them about once
in two thousand), so its algorithms are transcribed here with their tables: ``e_expf.c`` (a 32-entry table of
``2 ** (i / 32)`` and a cubic) and ``e_logf.c`` (16 subintervals and a cubic), both computed in float64 and rounded
once to float32."""

import numpy as np

_H = float.fromhex

_EXP_TABLE = np.array([  # e_exp2f_data.c: the bits of 2 ** (i / 32), less i << 47
    0x3FF0000000000000, 0x3FEFD9B0D3158574, 0x3FEFB5586CF9890F, 0x3FEF9301D0125B51,
    0x3FEF72B83C7D517B, 0x3FEF54873168B9AA, 0x3FEF387A6E756238, 0x3FEF1E9DF51FDEE1,
    0x3FEF06FE0A31B715, 0x3FEEF1A7373AA9CB, 0x3FEEDEA64C123422, 0x3FEECE086061892D,
    0x3FEEBFDAD5362A27, 0x3FEEB42B569D4F82, 0x3FEEAB07DD485429, 0x3FEEA47EB03A5585,
    0x3FEEA09E667F3BCD, 0x3FEE9F75E8EC5F74, 0x3FEEA11473EB0187, 0x3FEEA589994CCE13,
    0x3FEEACE5422AA0DB, 0x3FEEB737B0CDC5E5, 0x3FEEC49182A3F090, 0x3FEED503B23E255D,
    0x3FEEE89F995AD3AD, 0x3FEEFF76F2FB5E47, 0x3FEF199BDD85529C, 0x3FEF3720DCEF9069,
    0x3FEF5818DCFBA487, 0x3FEF7C97337B9B5F, 0x3FEFA4AFA2A490DA, 0x3FEFD0765B6E4540,
], dtype=np.uint64)  # fmt: skip
_INV_LN2_N = _H("0x1.71547652b82fep+0") * 32
_SHIFT = _H("0x1.8p+52")
_EXP_POLY = (_H("0x1.c6af84b912394p-5") / 32**3, _H("0x1.ebfce50fac4f3p-3") / 32**2, _H("0x1.62e42ff0c52d6p-1") / 32)
_EXP_OVERFLOW, _EXP_UNDERFLOW = _H("0x1.62e42ep6"), _H("-0x1.9fe368p6")

_LOG_INVC = np.array([_H(v) for v in (  # e_logf_data.c: 1 / c and log(c), c near the middle of each subinterval
    "0x1.661ec79f8f3bep+0", "0x1.571ed4aaf883dp+0", "0x1.49539f0f010bp+0", "0x1.3c995b0b80385p+0",
    "0x1.30d190c8864a5p+0", "0x1.25e227b0b8eap+0", "0x1.1bb4a4a1a343fp+0", "0x1.12358f08ae5bap+0",
    "0x1.0953f419900a7p+0", "0x1p+0", "0x1.e608cfd9a47acp-1", "0x1.ca4b31f026aap-1",
    "0x1.b2036576afce6p-1", "0x1.9c2d163a1aa2dp-1", "0x1.886e6037841edp-1", "0x1.767dcf5534862p-1",
)])  # fmt: skip
_LOG_LOGC = np.array([_H(v) for v in (
    "-0x1.57bf7808caadep-2", "-0x1.2bef0a7c06ddbp-2", "-0x1.01eae7f513a67p-2", "-0x1.b31d8a68224e9p-3",
    "-0x1.6574f0ac07758p-3", "-0x1.1aa2bc79c81p-3", "-0x1.a4e76ce8c0e5ep-4", "-0x1.1973c5a611cccp-4",
    "-0x1.252f438e10c1ep-5", "0x0p+0", "0x1.aa5aa5df25984p-5", "0x1.c5e53aa362eb4p-4",
    "0x1.526e57720db08p-3", "0x1.bc2860d22477p-3", "0x1.1058bc8a07ee1p-2", "0x1.4043057b6ee09p-2",
)])  # fmt: skip
_LN2 = _H("0x1.62e42fefa39efp-1")
_LOG_POLY = (_H("-0x1.00ea348b88334p-2"), _H("0x1.5575b0be00b6ap-2"), _H("-0x1.ffffef20a4123p-2"))
_OFF = 0x3F330000


def expf(x):
    """glibc's ``expf`` of a float32 array: ``x / ln2 = k / 32 + r``, ``2 ** (k / 32)`` from the table times a cubic
    in ``r``; inf above ~88.72, 0 below ~-103.97, nan kept."""
    with np.errstate(all="ignore"):
        xd = x.astype(np.float64)
        z = _INV_LN2_N * xd
        kd = z + _SHIFT  # rounds z to an integer k, held in the low bits
        ki = kd.view(np.uint64)
        r = z - (kd - _SHIFT)
        s = (_EXP_TABLE[ki % np.uint64(32)] + (ki << np.uint64(47))).view(np.float64)
        c0, c1, c2 = _EXP_POLY
        y = ((c0 * r + c1) * (r * r) + (c2 * r + 1)) * s
        out = y.astype(np.float32)
    out = np.where(x > _EXP_OVERFLOW, np.float32(np.inf), out)
    out = np.where(x < _EXP_UNDERFLOW, np.float32(0), out)
    return np.where(np.isnan(x), x, out)


def logf(x):
    """glibc's ``logf`` of a float32 array: ``x = 2 ** k * z``, ``log(x) = log1p(z / c - 1) + log(c) + k * ln2``
    with ``c`` from the table of ``z``'s subinterval and ``log1p`` a cubic; 0 at 1, -inf at 0, nan below."""
    with np.errstate(all="ignore"):
        bits = x.view(np.uint32).astype(np.int64)
        subnormal = (bits > 0) & (bits < 0x00800000)
        scaled = (x * np.float32(2**23)).view(np.uint32).astype(np.int64) - (23 << 23)
        bits = np.where(subnormal, scaled, bits)
        tmp = bits - _OFF
        i = (tmp >> 19) % 16
        k = (((tmp & 0xFFFFFFFF) ^ 0x80000000) - 0x80000000) >> 23  # the int32 arithmetic shift
        z = ((bits - (tmp & (0x1FF << 23))) & 0xFFFFFFFF).astype(np.uint32).view(np.float32).astype(np.float64)
        r = z * _LOG_INVC[i] - 1
        y0 = _LOG_LOGC[i] + k.astype(np.float64) * _LN2
        r2 = r * r
        a0, a1, a2 = _LOG_POLY
        y = ((a1 * r + a2) + a0 * r2) * r2 + (y0 + r)
        out = y.astype(np.float32)
    out = np.where(x == 1, np.float32(0), out)
    out = np.where(x == 0, np.float32(-np.inf), out)
    out = np.where(x < 0, np.float32(np.nan), out)
    out = np.where(x == np.inf, x, out)
    return np.where(np.isnan(x), x, out)
