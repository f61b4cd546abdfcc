"""``nll_loss`` (and so ``cross_entropy``) adds its rows in torch's order, bit for bit: ``cascade_sum`` works level
by level with one ``cumsum`` per level, and here it is checked against the row-by-row loop that states torch's
order (terms into level 0, carried up at every 16th row, ignored rows skipped), and against torch itself."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad
import minigrad.nn.functional as F
from minigrad.nn.loss_ops import cascade_sum


def row_by_row(values, rows):
    """torch's CPU ``nll_loss`` sum as its loop runs: each kept row's term into level 0; after a row whose index
    is a multiple of 16, level 0 goes into level 1, and level j into level j + 1 while the index is a multiple of
    16 ** (j + 1); at the end the eight levels are added in order."""
    dtype = values.dtype.type
    n = len(rows)
    power = max(4, (int(n - 1).bit_length() if n > 1 else 0) // 8)
    mask = (1 << power) - 1
    levels = [dtype(0)] * 8
    for value, row in zip(values, rows.tolist()):
        levels[0] = levels[0] + value
        if row & mask == 0:
            for j in range(7):
                if row & (mask << (j * power)):
                    break
                levels[j + 1] = levels[j + 1] + levels[j]
                levels[j] = dtype(0)
    total = dtype(0)
    for level in levels:
        total = total + level
    return total


def same(a, b):
    """The same bits (any NaN matches any NaN: which operand's NaN an addition keeps is the compiler's choice)."""
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and (a.tobytes() == b.tobytes() or bool(np.isnan(a) and np.isnan(b)))


SPECIAL = st.sampled_from([0.0, -0.0, np.inf, -np.inf, np.nan, 1e30, -1e30, 1e-30])


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(0, 700),
    kept_share=st.sampled_from([1.0, 1.0, 0.9, 0.5, 0.05]),
    dtype=st.sampled_from([np.float32, np.float64, np.float16]),
    seed=st.integers(0, 2**32 - 1),
    special=st.lists(SPECIAL, max_size=4),
)
def test_cascade_sum_adds_in_torchs_order(n, kept_share, dtype, seed, special):
    rng = np.random.default_rng(seed)
    rows = np.flatnonzero(rng.random(n) < kept_share)
    values = rng.standard_normal(len(rows)) * 10.0 ** rng.integers(-3, 4)
    if len(rows):
        values[rng.integers(0, len(rows), len(special))] = special
    with np.errstate(all="ignore"):
        values = values.astype(dtype)
        assert same(cascade_sum(values, rows), row_by_row(values, rows))


@pytest.mark.parametrize("n", [16, 17, 256, 257, 4097, 70000])
@pytest.mark.parametrize("kept_share", [1.0, 0.7])
def test_cascade_sum_over_many_levels(n, kept_share):
    rng = np.random.default_rng(n)
    rows = np.flatnonzero(rng.random(n) < kept_share)
    values = (rng.standard_normal(len(rows)) * 3).astype(np.float32)
    assert same(cascade_sum(values, rows), row_by_row(values, rows))


def test_a_run_of_negative_zeros_sums_to_positive_zero():
    """Each accumulator starts from +0, so terms that are all -0 sum to +0 (the loss of such rows is 0.)."""
    for n in (1, 5, 16, 33):
        values = np.full(n, -0.0, np.float32)
        assert same(cascade_sum(values, np.arange(n)), np.float32(0.0))


def _losses(lib, n, ignore):
    rng = np.random.default_rng(n)
    x = lib.tensor(rng.standard_normal((n, 7), dtype=np.float32) * 4)
    target = rng.integers(0, 7, n)
    target[rng.random(n) < ignore] = -100
    t = lib.tensor(target)
    w = lib.tensor(rng.uniform(0.1, 2, 7).astype(np.float32))
    return [F_.detach().numpy() for F_ in (
        lib.nn.functional.nll_loss(x, t), lib.nn.functional.nll_loss(x, t, reduction="sum"),
        lib.nn.functional.nll_loss(x, t, weight=w), lib.nn.functional.cross_entropy(x, t, weight=w),
    )]  # fmt: skip


@pytest.mark.parametrize("n,ignore", [(37, 0.0), (1000, 0.0), (1000, 0.3), (5000, 0.1)])
def test_nll_loss_bit_for_bit_with_torch(n, ignore):
    torch = pytest.importorskip("torch")
    ours, theirs = _losses(minigrad, n, ignore), _losses(torch, n, ignore)
    assert [a.tobytes() for a in ours] == [b.tobytes() for b in theirs]


def test_nll_loss_of_many_rows_sums_as_the_loop_does():
    """Without torch: the loss of 5000 rows, some ignored, is the row-by-row sum of the picked terms."""
    rng = np.random.default_rng(1)
    x = rng.standard_normal((5000, 7), dtype=np.float32)
    target = rng.integers(0, 7, 5000)
    target[rng.random(5000) < 0.2] = -100
    rows = np.flatnonzero(target != -100)
    expected = -row_by_row(x[rows, target[rows]], rows) + np.float32(0)
    expected = np.float32(expected / np.float32(len(rows)))
    assert same(F.nll_loss(minigrad.tensor(x), minigrad.tensor(target)).numpy(), expected)


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(0, 300),
    dtype=st.sampled_from([np.float32, np.float64, np.float16]),
    seed=st.integers(0, 2**32 - 1),
    special=st.lists(SPECIAL, max_size=4),
)
def test_every_row_kept_adds_in_torchs_order(n, dtype, seed, special):
    """``cascade_sum`` of a batch with no row ignored (rows None) takes a shorter path up to 256 rows: the same
    order."""
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4)
    if n:
        values[rng.integers(0, n, len(special))] = special
    with np.errstate(all="ignore"):
        values = values.astype(dtype)
        assert same(cascade_sum(values), row_by_row(values, np.arange(n)))
