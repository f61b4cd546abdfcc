"""``fma`` rounds ``a * b + c`` once, as the fused multiply-add of torch's compiled kernels; formulas of ops marked
``fused`` (torch's ``tanh_backward``) use it on arrays for every multiply-add they contain."""

from fractions import Fraction

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from minigrad.fused_multiply_add import fma, fnma
from minigrad.ops.derivative import compile_formula

FLOATS = st.floats(-1e30, 1e30, allow_nan=False, allow_infinity=False)
FLOATS32 = st.floats(-(2.0**50), 2.0**50, allow_nan=False, allow_infinity=False, width=32)


def rounded(exact, dtype):
    """The value of ``dtype`` nearest to the Fraction ``exact`` (ties to even), by comparing the neighbours."""
    guess = dtype(float(exact))
    candidates = [np.nextafter(guess, dtype(-np.inf)), guess, np.nextafter(guess, dtype(np.inf))]
    candidates = [c for c in candidates if np.isfinite(c)]

    bits = np.uint32 if dtype is np.float32 else np.uint64

    def key(c):
        return abs(Fraction(float(c)) - exact), int(np.asarray(c).view(bits)) & 1

    return min(candidates, key=key)


@settings(max_examples=300, deadline=None)
@given(FLOATS, FLOATS, FLOATS)
def test_float64_rounds_once(a, b, c):
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    assert fma(np.float64(a), np.float64(b), np.float64(c)) == rounded(exact, np.float64)


@settings(max_examples=300, deadline=None)
@given(FLOATS, FLOATS, st.sampled_from([1.0, np.float64(1.0), np.array(1.0)]))
def test_float64_times_one_rounds_once(a, c, one):
    """A multiplier of 1 (a sampler's std=1) takes numpy's sum, which is the product's one rounding too."""
    out = fma(np.array([a, -a]), one, np.float64(c))
    exact = [Fraction(a) + Fraction(c), Fraction(c) - Fraction(a)]
    assert out.tolist() == [rounded(e, np.float64) for e in exact]


@settings(max_examples=300, deadline=None)
@given(FLOATS32, FLOATS32, FLOATS32)
def test_float32_rounds_once(a, b, c):
    a, b, c = np.float32(a), np.float32(b), np.float32(c)
    out = fma(np.array([a]), b, c)
    assert out.dtype == np.float32
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    wide = np.float64(a) * np.float64(b) + np.float64(c)
    halfway = int(np.asarray(wide).view(np.int64)) & (1 << 29) - 1 == 1 << 28 and Fraction(float(wide)) != exact
    assert out[0] == rounded(exact, np.float32) or halfway  # the documented double rounding


def test_float32_rounds_twice_where_the_docstring_says():
    a, b = np.float32(4097 * 2.0**-36), np.float32(16773121 * 2.0**-24)  # 4097 * 16773121 = 2**36 + 1
    exact = Fraction(float(a)) * Fraction(float(b)) + 1
    assert exact == 1 + Fraction(1, 2**24) + Fraction(1, 2**60)
    assert fma(np.array([a]), b, np.float32(1))[0] == 1 != rounded(exact, np.float32)


def test_float64_known_values():
    rng = np.random.default_rng(0)
    a, b, c = rng.standard_normal((3, 1000))
    assert fma(a, b, c).tolist() == [float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in zip(a, b, c)]
    assert fma(0.1, 10.0, -1.0) == 5.551115123125783e-17  # 0.1's rounding error, which a * b + c rounds away


def test_a_case_two_roundings_get_wrong():
    y = np.float32(0.99990004)  # 1 - y * y rounded twice loses the bits the product drops
    assert fma(-y, y, np.float32(1)) == rounded(1 - Fraction(float(y)) ** 2, np.float32) != 1 - y * y


def test_fused_formulas_use_fma_for_every_multiply_add_on_arrays_only():
    texts = {"a": "grad * (1 - a * b)", "b": "a * b + grad", "c": "grad + a * b", "d": "a * b - grad"}
    exact = {
        "a": lambda g, a, b: g * (1 - a * b),
        "b": lambda g, a, b: a * b + g,
        "c": lambda g, a, b: g + a * b,
        "d": lambda g, a, b: a * b - g,
    }
    rng = np.random.default_rng(0)
    a, b, g = (rng.standard_normal(4096) for _ in range(3))

    class Node:
        next_functions = ((1, 0),)

    for name, text in texts.items():
        plain = compile_formula((("self", text),), ("a", "b"), ("self",))
        fused = compile_formula((("self", text),), ("a", "b"), ("self",), fused=True)
        assert fused["tensors"] is not plain["tensors"] and fused["constants"] == plain["constants"] == ()
        (out,) = fused["arrays"](Node, [g], (a, b))
        want = [exact[name](Fraction(z), Fraction(x), Fraction(y)) for z, x, y in zip(g[:64], a[:64], b[:64])]
        if name == "a":  # only 1 - a * b is fused; the product with grad rounds on its own
            want = [float(Fraction(z) * Fraction(float(rounded(1 - Fraction(x) * Fraction(y), np.float64))))
                    for z, x, y in zip(g[:64], a[:64], b[:64])]  # fmt: skip
        else:
            want = [float(w) for w in want]
        assert out[:64].tolist() == want
        (unfused,) = plain["arrays"](Node, [g], (a, b))
        assert (unfused != out).any()  # the two roundings differ somewhere in 4096 values


def test_fnma_float32_squares_and_products():
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((2, 2000)).astype(np.float32)
    for x, y in ((a, a), (a, b)):
        out = fnma(x, y, 1)
        assert out.dtype == np.float32
        assert out.tolist() == [float(rounded(1 - Fraction(float(u)) * Fraction(float(v)), np.float32))
                                for u, v in zip(x, y)]  # fmt: skip
    assert fnma(np.float32(0.5), np.float32(3), 1) == np.float32(-0.5)  # numbers take the slow path, same value
    assert fnma(np.array([0.1]), np.array([10.0]), 1.0)[0] == -5.551115123125783e-17
