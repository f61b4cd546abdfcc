"""torch's CPU sampling kernels: how a generator's 32-bit words become uniform, normal, integer, Bernoulli and
exponential numbers, permutations and multinomial draws, with torch's arithmetic, so that the numbers are torch's
bit for bit (ATen: core/TransformationHelper.h, core/DistributionsHelper.h, native/cpu/DistributionTemplates.h,
native/cpu/avx_mathfun.h, native/cpu/MultinomialKernel.cpp, TensorFactories.cpp's ``randperm_cpu``).

Each function takes the :class:`~minigrad.random.Generator` to draw from and returns a flat numpy array of the
values in the order torch writes them (the tensor's memory order, see :func:`fill`). Where torch's compiled code
fuses a multiply and an add (``fma``), so does this: in float32 through float64, whose product of two floats is
exact; in float64 with an error-free product and sum (:mod:`minigrad.fused_multiply_add`).
"""

import math

import numpy as np

from .fused_multiply_add import fma

_CHUNK = 1 << 16  # elements per Box-Muller step, a multiple of 16
_F32_MANTISSA = np.uint32((1 << 24) - 1)
_F64_MANTISSA = np.uint64((1 << 53) - 1)
_libm_log = np.frompyfunc(math.log, 1, 1)  # numpy's own float64 log is off by an ulp now and then; torch calls libm
_libm_log1p = np.frompyfunc(math.log1p, 1, 1)
_libm_exp = np.frompyfunc(math.exp, 1, 1)
_libm_tan = np.frompyfunc(math.tan, 1, 1)


def _libm(fn, x):
    return fn(x).astype(np.float64) if x.size else x.astype(np.float64)


# ------------------------------------------------------------------------------------------------------ uniform


def uniform_float(gen, n):
    """``uniform_real_distribution<float>(0, 1)``: 24 bits of one ``random()`` each, as float32 in [0, 1)."""
    return (gen._engine.random(n) & _F32_MANTISSA).astype(np.float32) * np.float32(2.0**-24)  # exact


def uniform_double(gen, n):
    """``uniform_real_distribution<double>(0, 1)``: 53 bits of one ``random64()`` each, as float64 in [0, 1)."""
    return (gen._engine.random64(n) & _F64_MANTISSA).astype(np.float64) * 2.0**-53


def uniform(gen, n, dtype, low=0.0, high=1.0):
    """``uniform_kernel``: ``x * (high - low) + low`` (fused) in float32 for float32 and float16 tensors, float64 for
    float64 ones; a value that rounds up to ``high`` becomes ``low``."""
    dtype = np.dtype(dtype)
    if dtype == np.float64:
        x, lo, hi = uniform_double(gen, n), low, high
    else:
        x, lo, hi = uniform_float(gen, n), np.float32(low), np.float32(high)
    if (lo, hi) == (0, 1):
        return x.astype(dtype, copy=False)  # x * 1 + 0 is x, below 1
    values = fma(x, hi - lo, lo).astype(dtype, copy=False)
    return np.where(values == dtype.type(high), dtype.type(low), values)


# ------------------------------------------------------------------------------------------------------- normal


def normal(gen, n, dtype, mean=0.0, std=1.0, contiguous=True):
    """``normal_kernel``: 16 or more elements of a contiguous tensor go through ``normal_fill``, anything else
    through ``normal_distribution<double>`` one element at a time."""
    dtype = np.dtype(dtype)
    if n >= 16 and contiguous:
        return _normal_fill(gen, n, dtype, mean, std)
    return _normal_one_by_one(gen, n, mean, std).astype(dtype)


def _normal_fill(gen, n, dtype, mean, std):
    """``normal_fill``: ``n`` uniforms in place, Box-Muller on each block of 16 (cosines in the first 8, sines in
    the last 8); when 16 does not divide ``n``, 16 fresh uniforms redo the last 16 elements."""
    wide = dtype == np.float64
    draw, box_muller = (uniform_double, _box_muller_double) if wide else (uniform_float, _box_muller_float)
    data = draw(gen, n)
    whole = n - n % 16
    out = np.empty(n, np.float64 if wide else np.float32)
    if n % 16:  # the last 16 go with the others through Box-Muller (each block of 16 is its own): one pass, not two
        data = np.concatenate([data[:whole], draw(gen, 16)])
    # in chunks that stay in the processor's cache: twice as fast
    chunks = [box_muller(data[start : start + _CHUNK], mean, std) for start in range(0, len(data), _CHUNK)]
    normals = chunks[0] if len(chunks) == 1 else np.concatenate(chunks)
    out[:whole] = normals[:whole]
    out[n - len(normals) + whole :] = normals[whole:]  # the redrawn last 16, if any
    return out.astype(dtype, copy=False)


def _box_muller_double(data, mean, std):
    """The scalar ``NormalFill16<double>``, with libm's log, cos and sin."""
    d = data.reshape(-1, 16)
    radius = np.sqrt(-2 * _libm(_libm_log, 1 - d[:, :8]))
    theta = 2.0 * math.pi * d[:, 8:]
    pairs = np.concatenate([radius * np.cos(theta), radius * np.sin(theta)], axis=1).ravel()
    return fma(pairs, std, mean)


def _box_muller_float(data, mean, std):
    """The AVX2 ``NormalFill16<float>`` (torch runs it on AVX2 and AVX512 machines alike): float32 throughout, with
    avx_mathfun's ``log256_ps`` and ``sincos256_ps``."""
    d = data.reshape(-1, 16)
    radius = np.sqrt(np.float32(-2.0) * _log256_ps(np.float32(1.0) - d[:, :8]))
    sin, cos = _sincos256_ps(np.float32(2.0 * math.pi) * d[:, 8:])
    pairs = np.concatenate([radius * cos, radius * sin], axis=1).ravel()
    return fma(pairs, np.float32(std), np.float32(mean))


def _log256_ps(x):
    """avx_mathfun's ``log256_ps`` (Cephes logf), operation by operation, with the multiply-adds the compiler
    fuses. Its argument here is in (0, 1]."""
    x = np.maximum(x, np.float32(np.finfo(np.float32).tiny))
    bits = x.view(np.int32)
    e = ((bits >> 23) - 0x7F).astype(np.float32) + np.float32(1.0)
    x = (bits & ~0x7F800000 | np.float32(0.5).view(np.int32)).view(np.float32)  # the mantissa, in [0.5, 1)
    small = x < np.float32(0.707106781186547524)
    e = e - small.astype(np.float32)
    x = (x - np.float32(1.0)) + np.where(small, x, np.float32(0.0))
    z = x * x
    y = np.full_like(x, np.float32(7.0376836292e-2))
    for p in (-1.1514610310e-1, 1.1676998740e-1, -1.2420140846e-1, 1.4249322787e-1, -1.6668057665e-1,
              2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1):  # fmt: skip
        y = fma(y, x, np.float32(p))
    y = fma(y * x, z, e * np.float32(-2.12194440e-4))
    y = fma(-z, np.float32(0.5), y)
    return fma(e, np.float32(0.693359375), x + y)


def _sincos256_ps(x):
    """avx_mathfun's ``sincos256_ps`` (Cephes sinf and cosf), for x >= 0, with the compiler's fused
    multiply-adds."""
    j = (x * np.float32(1.27323954473516)).astype(np.int32)  # 4 / pi, truncated
    j = (j + 1) & ~1
    y = j.astype(np.float32)
    for dp in (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8):  # x - y * pi / 4, in three parts
        x = fma(y, np.float32(dp), x)
    sin_sign = (j & 4) << 29
    cos_sign = (~(j - 2) & 4) << 29
    z = x * x
    c = fma(np.float32(2.443315711809948e-5), z, np.float32(-1.388731625493765e-3))
    c = fma(c, z, np.float32(4.166664568298827e-2))
    c = fma(c * z, z, -(z * np.float32(0.5))) + np.float32(1.0)
    s = fma(np.float32(-1.9515295891e-4), z, np.float32(8.3321608736e-3))
    s = fma(s, z, np.float32(-1.6666654611e-1))
    s = fma(s * z, x, x)
    first = (j & 2) == 0
    sin, cos = np.where(first, s, c), np.where(first, c, s)
    return (sin.view(np.int32) ^ sin_sign).view(np.float32), (cos.view(np.int32) ^ cos_sign).view(np.float32)


def _normal_one_by_one(gen, n, mean, std):
    """``normal_distribution<double>``: Box-Muller on two uniforms makes two normals; the first comes out, the
    second waits in the generator for the next draw (of any size, until the generator is reseeded)."""
    out = np.empty(n)
    i = 0
    if n and gen._next_double_normal is not None:
        out[0], gen._next_double_normal, i = gen._next_double_normal, None, 1
    pairs = (n - i + 1) // 2
    u = uniform_double(gen, 2 * pairs).reshape(-1, 2)
    radius = np.sqrt(-2.0 * _libm(_libm_log1p, -u[:, 1]))
    theta = 2.0 * math.pi * u[:, 0]
    cos, sin = radius * np.cos(theta), radius * np.sin(theta)
    out[i:] = np.stack([cos, sin], axis=1).ravel()[: n - i]
    if (n - i) % 2:
        gen._next_double_normal = float(sin[-1])
    return fma(out, std, mean)


# ------------------------------------------------------------------------------------------------------ integers


def integers(gen, n, low, high):
    """``random_from_to_kernel``: ``low + word % (high - low)``, from one ``random()`` while the range is below
    2**28, from one ``random64()`` beyond (int64)."""
    span = high - low
    if span >= 1 << 28:
        words = gen._engine.random64(n)
        if span < 1 << 64:
            words = words % np.uint64(span)
    else:
        words = gen._engine.random(n) % np.uint32(span)
    return (words.astype(np.uint64) + np.uint64(low % (1 << 64))).view(np.int64)


def random_int64(gen, n):
    """``Tensor.random_()`` on int64: ``random64() % 2**63``."""
    return (gen._engine.random64(n) % np.uint64(1 << 63)).astype(np.int64)


def permutation(gen, n):
    """``randperm_cpu``: 0 .. n-1, then for each i swap element i with one of i .. n-1 picked by
    ``random() % (n - i)`` (n below 2**32 / 20, as any n that fits in memory is)."""
    picks = (gen._engine.random(max(n - 1, 0)) % np.arange(n, 1, -1, dtype=np.uint32)).tolist()
    order = list(range(n))
    for i, z in enumerate(picks):
        order[i], order[i + z] = order[i + z], order[i]
    return np.array(order, dtype=np.int64)


# --------------------------------------------------------------------------------------------- Bernoulli and more


def bernoulli(gen, p, n=None):
    """``bernoulli_kernel`` without MKL (torch's path on AMD processors; see :mod:`minigrad.random`): one uniform
    per element, 1 where it is below ``p``; a number ``p`` or a float64 array draws float64 uniforms, a float32 or
    float16 array float32 ones. Returns a bool array."""
    if isinstance(p, np.ndarray) and p.dtype != np.float64:
        return uniform_float(gen, p.size) < p.astype(np.float32).ravel()
    u = uniform_double(gen, n if n is not None else np.size(p))
    return u < np.ravel(p)


def exponential(gen, n, lambd=1.0):
    """``exponential_distribution<double>``: ``-1 / lambd * log1p(-u)`` (float64)."""
    return (-1.0 / lambd) * _libm(_libm_log1p, -uniform_double(gen, n))


def geometric(gen, n, p):
    """``geometric_distribution<double>``: ``ceil(log(u) / log1p(-p))`` (float64; libm's log)."""
    return np.ceil(_libm(_libm_log, uniform_double(gen, n)) / math.log1p(-p))


def cauchy(gen, n, median=0.0, sigma=1.0):
    """``cauchy_distribution<double>``: ``median + sigma * tan(pi * (u - 0.5))``, the multiply-add fused (float64;
    libm's tan)."""
    return fma(sigma, _libm(_libm_tan, math.pi * (uniform_double(gen, n) - 0.5)), median)


def log_normal(gen, n, mean=1.0, std=2.0):
    """``lognormal_distribution<double>``: ``exp`` (libm's) of ``normal_distribution<double>``'s draws, one by one,
    with its spare sample (float64)."""
    return _libm(_libm_exp, _normal_one_by_one(gen, n, mean, std))


def random_bits(gen, n, dtype):
    """``random_kernel`` (``Tensor.random_()`` without bounds): ``random64()`` for float64 and int64, ``random()``
    otherwise, modulo the dtype's largest value + 1 (integers), 2**digits + 1 (floats); bool takes the lowest bit.
    Returns int64 values (to cast to ``dtype``)."""
    dtype = np.dtype(dtype)
    wide = dtype in (np.float64, np.int64)
    words = gen._engine.random64(n) if wide else gen._engine.random(n).astype(np.uint64)
    if dtype == np.bool_:
        return (words & np.uint64(1)).astype(np.int64)
    if dtype.kind == "f":
        modulus = (1 << np.finfo(dtype).nmant + 1) + 1
    else:
        modulus = int(np.iinfo(dtype).max) + 1
    return (words % np.uint64(modulus)).astype(np.int64)


def full_range_int64(gen, n):
    """``random_full_64_bits_range_kernel``: each ``random64()`` as an int64."""
    return gen._engine.random64(n).view(np.int64)


def poisson(gen, rates):
    """``_s_poisson_cpu``: one ``sample_poisson`` per rate (float64 ``rates``, in order): multiplied uniforms below
    10, Hoermann's transformed rejection from 10 on; float64 uniforms (``random64()``)."""
    out = np.zeros(len(rates))
    for i, lam in enumerate(rates.tolist()):
        out[i] = _sample_poisson(gen, lam)
    return out


def _sample_poisson(gen, lam):
    if lam >= 10:
        slam, loglam = math.sqrt(lam), math.log(lam)
        b = float(fma(2.53, slam, 0.931))
        a = float(fma(0.02483, b, -0.059))
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = float(uniform_double(gen, 1)[0]) - 0.5
            v = float(uniform_double(gen, 1)[0])
            us = 0.5 - abs(u)
            k = _as_int64(float(fma(2 * a / us + b, u, lam)) + 0.43)
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if (math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b)
                    <= float(fma(k, loglam, -lam)) - math.lgamma(k + 1.0)):  # fmt: skip
                return k
    if lam == 0:
        return 0
    enlam, x, prod = math.exp(-lam), 0, 1.0
    while True:
        prod *= float(uniform_double(gen, 1)[0])
        if prod > enlam:
            x += 1
        else:
            return x


def _as_int64(value):
    """``(int64_t)std::floor(value)`` as x86 computes it: the lowest int64 for NaN or a value beyond its range (a rate
    of inf or 1e20 draws -2**63)."""
    return math.floor(value) if -(2.0**63) <= value < 2.0**63 else -(2**63)


def multinomial_with_replacement(gen, rows, num_samples):
    """``multinomial_with_replacement_apply``: per row, the running sum in the row's dtype divided by the total, the
    last one set to 1; each sample is the first category whose cumulative share reaches a float64 uniform."""
    out = np.empty((rows.shape[0], num_samples), np.int64)
    for i, row in enumerate(rows):
        cumulative = np.cumsum(row, dtype=row.dtype)
        cumulative /= cumulative[-1]
        cumulative[-1] = 1
        out[i] = np.searchsorted(cumulative.astype(np.float64), uniform_double(gen, num_samples), side="left")
    return out


# --------------------------------------------------------------------------------------------------- memory order


def memory_order(shape, strides):
    """The axes of a strided array from the slowest in memory to the fastest: the order torch's TensorIterator
    walks a tensor it fills (so a transposed tensor is filled column by column)."""
    return sorted(range(len(shape)), key=lambda d: (-abs(strides[d]) if shape[d] > 1 else 0, d))


def fill(array, values):
    """Write the flat ``values`` into ``array`` in torch's order (:func:`memory_order`)."""
    if array.flags.c_contiguous:  # its memory order is its flat order: no axes to sort (a fresh tensor's case)
        array.reshape(-1)[...] = np.asarray(values).reshape(-1)
        return
    order = memory_order(array.shape, array.strides)
    np.transpose(array, order)[...] = np.asarray(values).reshape([array.shape[d] for d in order])
