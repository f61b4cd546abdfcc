"""The Mersenne Twister torch's CPU generator runs (``at::mt19937``, ATen/core/MT19937RNGEngine.h).

torch seeds the 624 32-bit words of the state with the classic ``init_genrand`` recurrence (from the low 32 bits
of the seed) and then runs the reference MT19937: twist all 624 words when they are used up, temper each word as it
is handed out. numpy's ``MT19937`` bit generator runs the same algorithm in C, so minigrad seeds the words itself,
hands them to numpy, and draws whole arrays of words at once (a million in a few milliseconds).

torch counts its place with ``left`` and ``next``: ``left - 1`` words of the current block are still to come, from
index ``next``. A fresh seed has ``left = 1, next = 0`` (nothing to hand out: the first draw twists). numpy keeps
``pos``, the index of the next word, with 624 meaning "twist first". They map one to the other as
``pos = 625 - left``, and ``next = pos`` except on a fresh seed.
"""

import numpy as np
from numpy.random.bit_generator import ISeedSequence

N = 624


class _Placeholder(ISeedSequence):
    """Zeros for numpy's ``MT19937`` to start from: minigrad seeds the words itself at once, so numpy's own seeding
    (OS entropy hashed into 624 words) would be thrown away, and it costs more than the rest of a seed."""

    def generate_state(self, n_words, dtype=np.uint32):
        return np.zeros(n_words, dtype)


_PLACEHOLDER = _Placeholder()


def _seeded_bits(seed):
    """A numpy ``MT19937`` in torch's state for ``seed``: ``init_with_uint32`` (the 624 words from its low 32 bits),
    nothing handed out yet. numpy's legacy seeding (``RandomState``'s) is that same ``init_genrand``, in C; a Python
    loop over the 624 words took longer than the rest of ``manual_seed``, and is kept for a numpy without it."""
    bits = np.random.MT19937(_PLACEHOLDER)
    legacy = getattr(bits, "_legacy_seeding", None)  # private to numpy: there since 1.17, still in 2.x
    if legacy is not None:
        legacy(seed & 0xFFFFFFFF)
    else:
        bits.state = {"bit_generator": "MT19937", "state": {"key": _seeded_words(seed), "pos": N}}
    return bits


def _seeded_words(seed):
    """torch's ``init_with_uint32``: the 624 state words for ``seed`` (its low 32 bits), word by word."""
    words, x = [0] * N, seed & 0xFFFFFFFF
    words[0] = x
    for j in range(1, N):
        x = (1812433253 * (x ^ (x >> 30)) + j) & 0xFFFFFFFF
        words[j] = x
    return np.array(words, dtype=np.uint32)


class MT19937:
    """``at::mt19937``: its ``seed``, 624 words of state and place (:attr:`left`, :attr:`next`), and
    :meth:`random` / :meth:`random64` drawing arrays of torch's ``random()`` / ``random64()`` outputs."""

    def __init__(self, seed=5489):
        self.seed = int(seed)
        self._bits = _seeded_bits(self.seed)
        self._fresh = True  # seeded and not drawn from: torch says next = 0 here

    def _set(self, words, pos):
        self._bits.state = {"bit_generator": "MT19937", "state": {"key": words, "pos": pos}}

    @property
    def words(self):
        """The 624 state words (uint32)."""
        return self._bits.state["state"]["key"]

    @property
    def left(self):
        return N + 1 - self._bits.state["state"]["pos"]

    @property
    def next(self):
        return 0 if self._fresh else self._bits.state["state"]["pos"]

    def restore(self, seed, words, left, next):
        """Take over torch's fields (as ``get_rng_state`` stores them)."""
        self.seed = int(seed)
        self._set(np.asarray(words, dtype=np.uint32), pos=N + 1 - left)
        self._fresh = (left, next) == (1, 0)

    def copy(self):
        other = MT19937.__new__(MT19937)
        other.seed, other._fresh = self.seed, self._fresh
        other._bits = np.random.MT19937(_PLACEHOLDER)
        other._bits.state = self._bits.state
        return other

    def random(self, n):
        """The next ``n`` outputs of torch's ``random()`` (uint32 array)."""
        if n:
            self._fresh = False
        return self._bits.random_raw(n).astype(np.uint32, copy=False)

    def random64(self, n):
        """The next ``n`` outputs of torch's ``random64()``: two words each, the first one high (uint64 array)."""
        if n:
            self._fresh = False
        w = self._bits.random_raw(2 * n)  # uint64 holding 32-bit words
        return (w[0::2] << np.uint64(32)) | w[1::2]
