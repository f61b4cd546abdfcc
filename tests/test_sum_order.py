"""``sum``, ``mean`` and the engine's sums over broadcast dims add in torch's order (``minigrad/summation.py``), bit
for bit: checked against sums torch 2.13 computed (``tests/sum_order.json``, recorded with
``.venv/bin/python tests/test_sum_order.py --record`` on an AVX2 CPU, one thread), against torch itself when it is
installed, and the vectorised kernels against loops that state torch's order as its C++ runs it."""

import contextlib
import hashlib
import json
import pathlib
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad
from minigrad import summation
from minigrad.summation import torch_sum

FIXTURE = pathlib.Path(__file__).with_name("sum_order.json")
SHAPES = [(1,), (3,), (5,), (7,), (8,), (13,), (31,), (32,), (33,), (100,), (257,), (640,), (1000,), (4099,),
          (20000,), (2, 3), (5, 7), (64, 10), (32, 27), (64, 256), (3, 100), (100, 3), (33, 70), (1, 30), (30, 1),
          (7, 9, 11), (4, 1, 6), (16, 9, 40), (4, 3, 5, 6)]  # fmt: skip
VIEWS = {"contiguous": lambda a: a, "transposed": lambda a: a.transpose(tuple(reversed(range(a.ndim)))),
         "every other": lambda a: a[..., ::2]}  # fmt: skip
TORCH_VIEWS = {"contiguous": lambda t: t, "transposed": lambda t: t.permute(tuple(reversed(range(t.dim())))),
               "every other": lambda t: t[..., ::2]}  # fmt: skip


def cases():
    """(name, array, view, axis): every subset of dims of each shape, float32 and float64, three layouts, values
    from 1e-3 to 1e3 (where the order shows)."""
    rng = np.random.default_rng(2013)
    for shape in SHAPES:
        for dtype in (np.float32, np.float64):
            a = (rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4, shape)).astype(dtype)
            subsets = [None] + [tuple(d for d in range(len(shape)) if m >> d & 1) for m in range(1, 2 ** len(shape))]
            for view in VIEWS if len(shape) > 1 else ["contiguous"]:
                for axis in subsets:
                    yield f"{shape} {np.dtype(dtype).name} {view} {axis}", a, view, axis


def digest(array):
    """A short fingerprint of an array's bytes (the recording holds these, not the sums)."""
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()[:24]


def torch_sums():
    """The recording: each case's sum by torch, as :func:`digest`."""
    import torch

    torch.set_num_threads(1)
    out = {}
    for name, a, view, axis in cases():
        t = TORCH_VIEWS[view](torch.from_numpy(a))
        out[name] = digest(t.sum(axis if axis is not None else tuple(range(a.ndim))).numpy())
    return out


@contextlib.contextmanager
def vectors(width):
    """Sum with vectors of ``width`` bytes (32: AVX2, 64: AVX-512), whatever this CPU is."""
    saved = summation.VECTOR_BYTES, summation._PLANS
    summation.VECTOR_BYTES, summation._PLANS = width, {}
    try:
        yield
    finally:
        summation.VECTOR_BYTES, summation._PLANS = saved


@pytest.fixture
def avx2():
    """Sum with AVX2's vectors, as the recording was made (an AVX-512 CPU's torch uses wider ones)."""
    with vectors(32):
        yield


def test_every_recorded_sum_is_torchs(avx2):
    recorded = json.loads(FIXTURE.read_text())
    assert len(recorded) == sum(1 for _ in cases()) > 500
    wrong = [name for name, a, view, axis in cases() if digest(torch_sum(VIEWS[view](a), axis)) != recorded[name]]
    assert not wrong, wrong[:10]


def test_live_against_torch():
    torch = pytest.importorskip("torch")
    torch.set_num_threads(1)
    assert summation.VECTOR_BYTES == (64 if torch.backends.cpu.get_cpu_capability().startswith("AVX512") else 32)
    rng = np.random.default_rng(7)
    for shape, axis in [((50, 7, 3), (0, 2)), ((2, 300), (1,)), ((300, 2), None), ((9, 33), (0,)), ((6000,), None)]:
        a = (rng.standard_normal(shape) * 100).astype(np.float32)
        t = torch.from_numpy(a)
        dims = axis if axis is not None else tuple(range(a.ndim))
        assert torch_sum(a, axis).tobytes() == t.sum(dims).numpy().tobytes()
        assert minigrad.tensor(a).mean(dims).numpy().tobytes() == t.mean(dims).numpy().tobytes()


def test_what_students_print_is_torchs_loss(avx2):
    """``loss.item()`` to 17 digits: a mean of squared errors and a sum, as torch printed them."""
    rng = np.random.default_rng(0)
    pred, target = (minigrad.tensor(rng.standard_normal((64, 10)).astype(np.float32)) for _ in range(2))
    assert repr(minigrad.nn.functional.mse_loss(pred, target).item()) == "1.890586495399475"
    assert repr((pred * target).sum().item()) == "12.877342224121094"


def test_broadcast_gradients_are_summed_in_torchs_order(avx2):
    """A bias added to a batch gets the batch's gradients summed over dim 0, as torch's engine sums them."""
    rng = np.random.default_rng(3)
    x = minigrad.tensor(rng.standard_normal((64, 40)).astype(np.float32) * 100)
    b = minigrad.zeros(40, requires_grad=True)
    (x + b).backward(x)
    assert b.grad.numpy().tobytes() == torch_sum(x.numpy(), 0).tobytes()
    assert b.grad.numpy().tobytes() != x.numpy().sum(0, dtype=np.float32).tobytes()  # numpy's order differs here


# -- the kernels against loops in torch's C++ order ---------------------------------------------------------------
def multi_row_sum(rows):
    """``multi_row_sum``'s loop: four levels of accumulators per column, level 0 passed up every 2 ** p rows."""
    size = len(rows)
    dtype = rows.dtype.type
    power = max(4, summation.ceil_log2(size) // 4)
    step, mask = 1 << power, (1 << power) - 1
    acc = [np.zeros(rows.shape[1:], rows.dtype) for _ in range(4)]
    i = 0
    while i + step <= size:
        for _ in range(step):
            acc[0] = acc[0] + rows[i]
            i += 1
        for j in range(1, 4):
            acc[j] = acc[j] + acc[j - 1]
            acc[j - 1] = np.zeros_like(acc[j - 1])
            if i & (mask << (j * power)):
                break
    for k in range(i, size):
        acc[0] = acc[0] + rows[k]
    for j in range(1, 4):
        acc[0] = acc[0] + acc[j]
    return acc[0] + dtype(0)


def row_sum(values):
    """``row_sum``: four interleaved accumulators (by ``multi_row_sum``), the rest into the first, then added."""
    fours = len(values) // 4
    parts = multi_row_sum(values[: fours * 4].reshape(fours, 4, *values.shape[1:]))
    first = parts[0]
    for v in values[fours * 4 :]:
        first = first + v
    return ((first + parts[1]) + parts[2]) + parts[3]


def inner_sum(values, lanes):
    """``vectorized_inner_sum`` of one contiguous row: vectors by ``row_sum``, then the rest and the lanes."""
    whole = len(values) // lanes
    partial = row_sum(values[: whole * lanes].reshape(whole, lanes))
    total = values.dtype.type(0)
    for v in [*values[whole * lanes :], *partial]:
        total = total + v
    return values.dtype.type(0) + total


@settings(max_examples=200, deadline=None)
@given(n=st.integers(8, 6000), dtype=st.sampled_from([np.float32, np.float64]), seed=st.integers(0, 2**32 - 1),
       lanes_bytes=st.sampled_from([32, 64]))  # fmt: skip
def test_a_whole_sum_is_the_loops(n, dtype, seed, lanes_bytes):
    rng = np.random.default_rng(seed)
    a = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(dtype)
    lanes = lanes_bytes // a.itemsize
    if n >= lanes:
        with vectors(lanes_bytes):
            assert torch_sum(a).tobytes() == np.asarray(inner_sum(a, lanes)).tobytes()


@settings(max_examples=100, deadline=None)
@given(rows=st.integers(1, 300), columns=st.integers(1, 70), seed=st.integers(0, 2**32 - 1))
def test_a_column_sum_is_the_loops(rows, columns, seed):
    """Over dim 0 of a contiguous matrix: whole groups of 32 float32 columns by one cascade each, the rest by
    ``row_sum`` (vectors of 8, or one by one, as the same per-column order)."""
    a = (np.random.default_rng(seed).standard_normal((rows, columns)) * 100).astype(np.float32)
    with vectors(32):
        column_sums_are_the_loops(a)


def column_sums_are_the_loops(a):
    rows, columns = a.shape
    if columns == 1:  # one column is one contiguous run of memory: a whole sum
        whole = inner_sum(a[:, 0], 8) if rows >= 8 else row_sum(a[:, 0]) + np.float32(0)
        assert torch_sum(a, 0).tobytes() == np.asarray([whole], np.float32).tobytes()
        return
    expected = np.empty(columns, np.float32)
    cascaded = columns - columns % 32 if columns >= 8 else columns - columns % 4
    expected[:cascaded] = multi_row_sum(a[:, :cascaded]) if cascaded else expected[:0]
    expected[cascaded:] = row_sum(a[:, cascaded:])
    assert torch_sum(a, 0).tobytes() == (expected + np.float32(0)).tobytes()


def test_signed_zeros_and_specials(avx2):
    """torch's output starts at +0, so a sum of -0s is +0; infinities and NaNs go through as the order has them."""
    assert torch_sum(np.full(9, -0.0, np.float32)).tobytes() == np.float32(0).tobytes()
    assert torch_sum(np.full((3, 4), -0.0), 1).tobytes() == np.zeros(3).tobytes()
    with np.errstate(over="ignore", invalid="ignore"):
        assert np.isnan(torch_sum(np.array([np.inf, -np.inf, 1.0], np.float32)))
        assert torch_sum(np.array([3e38, 3e38, -3e38] * 3, np.float32)) == np.inf


def test_other_dtypes_are_numpys():
    for a in (np.arange(10), np.arange(10, dtype=np.float16), np.ones(3, np.complex64), np.ones(4, bool)):
        assert torch_sum(a).tobytes() == np.asarray(a.sum()).tobytes()


if __name__ == "__main__":
    if "--record" in sys.argv:
        FIXTURE.write_text(json.dumps(torch_sums(), indent=0, sort_keys=True) + "\n")
        print(f"recorded {sum(1 for _ in cases())} sums into {FIXTURE}")
