"""minigrad's seeded random numbers against torch's, recorded by ``tests/parity/record_random.py`` (torch 2.13,
CPU, an AMD processor: see :mod:`minigrad.random` for dropout on Intel ones): every value bit for bit, and every
generator state byte for byte, so each draw leaves the generator where torch's leaves it."""

import json
from pathlib import Path

import numpy as np
import pytest
from parity.record_random import CLOSE_PROGRAMS, FIXTURES, PROGRAMS, run

import minigrad
from minigrad import Generator, sampling
from minigrad.mt19937 import MT19937

RECORDED = json.loads(Path(FIXTURES).read_text())


@pytest.mark.filterwarnings("ignore:dropout2d. Received a 3D input")  # torch warns too: dropout_more asks for it
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_matches_torch(name):
    got, want = run(minigrad, PROGRAMS[name]), RECORDED[name]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, f"{name}: out[{i}]"


@pytest.mark.parametrize("name", sorted(CLOSE_PROGRAMS))
def test_close_to_torch(name):
    """Draws through LAPACK's QR (``nn.init.orthogonal_``): the same normal draws and generator state, values within a
    few units in the last place of torch's (MKL's QR there, numpy's here)."""
    got, want = run(minigrad, CLOSE_PROGRAMS[name]), RECORDED[name]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert (g["dtype"], g["shape"]) == (w["dtype"], w["shape"]), f"{name}: out[{i}]"
        if g["dtype"].startswith("float"):
            assert np.allclose(g["values"], w["values"], rtol=1e-5, atol=1e-6), f"{name}: out[{i}]"
        else:
            assert g == w, f"{name}: out[{i}]"


def test_first_words_of_seed_5489():
    """The reference MT19937's first outputs for its default seed (5489)."""
    assert MT19937(5489).random(3).tolist() == [3499211612, 581869302, 3890346734]


def test_draws_of_any_size_leave_the_engine_where_one_big_draw_does():
    one, many = MT19937(7), MT19937(7)
    whole = one.random(2000)
    parts = [many.random(n) for n in (1, 622, 1, 624, 0, 700, 52)]
    assert np.array_equal(np.concatenate(parts), whole)
    assert (one.left, one.next) == (many.left, many.next)
    assert np.array_equal(one.words, many.words)


def test_state_round_trip_and_errors():
    g = Generator().manual_seed(11)
    minigrad.randn(3, generator=g)  # a spare normal sample waits in the generator
    state = g.get_state()
    first = minigrad.randn(5, generator=g)
    assert minigrad.equal(Generator().set_state(state).get_state(), state)
    assert minigrad.equal(minigrad.randn(5, generator=Generator().set_state(state)), first)
    with pytest.raises(TypeError, match="expected a torch.ByteTensor, but got int"):
        g.set_state(5)
    with pytest.raises(TypeError, match="RNG state must be a torch.ByteTensor"):
        g.set_state(minigrad.zeros(5056))
    with pytest.raises(RuntimeError, match="of size 5056 but found the input RNG state size to be 3"):
        g.set_state(minigrad.zeros(3, dtype=minigrad.uint8))
    with pytest.raises(RuntimeError, match="Invalid mt19937 state"):
        g.set_state(minigrad.zeros(5056, dtype=minigrad.uint8))


def test_memory_order():
    a = np.zeros((3, 4))
    sampling.fill(a.T, np.arange(12))  # a transposed tensor is filled in memory order, row by row of ``a``
    assert a.ravel().tolist() == list(range(12))
