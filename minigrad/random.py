"""Random numbers as torch's CPU draws them, bit for bit: ``torch.Generator``, ``torch.manual_seed``,
``get_rng_state``/``set_rng_state`` and the samplers of the beginner material (``multinomial``, ``normal``,
``Tensor.normal_``, ``Tensor.uniform_``).

A Generator is torch's CPUGeneratorImpl: a Mersenne Twister (:mod:`minigrad.mt19937`) seeded as torch seeds it, plus
the spare normal sample torch keeps between draws. :mod:`minigrad.sampling` turns its words into numbers with
torch's CPU kernels, so ``torch.manual_seed(0); torch.rand(3)`` prints what torch prints, and every draw leaves the
generator where torch's leaves it. ``get_state`` gives torch's 5056 bytes (they load into torch and back).

Two limits: torch's default generator starts from a random seed, minigrad's from torch's fixed default seed
(67280421310721), so unseeded programs repeat; and on Intel processors torch draws ``bernoulli_(p)`` (dropout) through
MKL's own generator, while minigrad draws it as torch does elsewhere (one uniform per element, as on AMD processors).
"""

import numpy as np

from . import dtypes, sampling
from .device import check_device
from .device import device as _device
from .mt19937 import MT19937, N
from .ops import inplace as I
from .ops._util import wrap
from .public import public
from .tensor import Tensor

__all__ = [
    "Generator", "default_generator", "get_rng_state", "initial_seed", "manual_seed", "multinomial", "normal", "seed",
    "set_rng_state",
]

DEFAULT_SEED = 67280421310721  # torch's seed for a generator nobody seeded
STATE_BYTES = 5056  # sizeof(CPUGeneratorImplState)


class Generator:
    """Mirror ``torch.Generator(device='cpu')``: a source of random numbers with its own seed and state."""

    def __init__(self, device="cpu"):
        check_device(device)
        self.device = device if isinstance(device, _device) else _device(device)
        self.manual_seed(DEFAULT_SEED)

    def manual_seed(self, seed):
        """Mirror ``Generator.manual_seed``: restart from ``seed``; returns the generator."""
        seed = int(seed)
        if not -(2**63) <= seed < 2**64:
            raise ValueError("Overflow when unpacking long long")
        self._engine = MT19937(seed % 2**64)
        self._next_double_normal = self._next_float_normal = None  # the spare Box-Muller samples
        return self

    def initial_seed(self):
        """Mirror ``Generator.initial_seed``: the seed it was last given."""
        return self._engine.seed

    def seed(self):
        """Mirror ``Generator.seed``: restart from a fresh, non-deterministic seed; returns it."""
        return self.manual_seed(int(np.random.SeedSequence().entropy) % 2**63).initial_seed()

    def get_state(self):
        """Mirror ``Generator.get_state``: torch's CPUGeneratorImplState as 5056 bytes (uint8): seed, ``left``,
        ``seeded``, ``next``, the 624 words as uint64, the spare float64 normal (``normal_y``, valid flag at 5040)
        and the spare float32 one (at 5048, flag at 5052)."""
        state = np.zeros(STATE_BYTES, np.uint8)
        engine, spare, spare_float = self._engine, self._next_double_normal, self._next_float_normal
        state[0:8].view(np.uint64)[0] = engine.seed
        state[8:16].view(np.int32)[:] = engine.left, 1
        state[16:24].view(np.uint64)[0] = engine.next
        state[24 : 24 + 8 * N].view(np.uint64)[:] = engine.words
        if spare is not None:
            state[5024:5032].view(np.float64)[0] = spare
            state[5040:5044].view(np.int32)[0] = 1
        if spare_float is not None:
            state[5048:5052].view(np.float32)[0] = spare_float
            state[5052] = 1
        return wrap(state)

    def set_state(self, new_state):
        """Mirror ``Generator.set_state``: continue from a state ``get_state`` gave (minigrad's or torch's)."""
        if not isinstance(new_state, Tensor):
            raise TypeError(f"expected a torch.ByteTensor, but got {type(new_state).__name__}")
        if new_state.dtype is not dtypes.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        state = np.ascontiguousarray(new_state._data).ravel()
        if state.size != STATE_BYTES:
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size {STATE_BYTES} but found the input RNG "
                               f"state size to be {state.size}")  # fmt: skip
        left, seeded = (int(v) for v in state[8:16].view(np.int32))
        next_ = int(state[16:24].view(np.uint64)[0]) % 2**32
        if not (seeded and 0 < left <= N and next_ <= N):
            raise RuntimeError("Invalid mt19937 state")
        words = state[24 : 24 + 8 * N].view(np.uint64).astype(np.uint32)
        self._engine.restore(int(state[0:8].view(np.uint64)[0]), words, left, next_)
        self._next_double_normal = float(state[5024:5032].view(np.float64)[0]) if state[5040:5044].any() else None
        self._next_float_normal = float(state[5048:5052].view(np.float32)[0]) if state[5052] else None
        return self

    def __repr__(self):
        return f"<torch._C.Generator object at 0x{id(self):x}>"


default_generator = Generator()


def generator_or_default(generator=None):
    """The Generator to draw from: ``generator``, or the default one."""
    return default_generator if generator is None else generator


def manual_seed(seed):
    """Mirror ``torch.manual_seed``: restart the default generator, so later draws repeat; returns it."""
    return default_generator.manual_seed(seed)


def initial_seed():
    """Mirror ``torch.initial_seed``: the default generator's seed."""
    return default_generator.initial_seed()


def seed():
    """Mirror ``torch.seed``: reseed the default generator non-deterministically; returns the seed."""
    return default_generator.seed()


def get_rng_state():
    """Mirror ``torch.get_rng_state``: the default generator's state (5056 bytes, torch's layout)."""
    return default_generator.get_state()


def set_rng_state(new_state):
    """Mirror ``torch.set_rng_state``: put the default generator at ``new_state``."""
    default_generator.set_state(new_state)


@public("multinomial", function=False)
def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Mirror ``torch.multinomial``: ``num_samples`` category indices drawn with the weights in each row of
    ``input`` (1-D or 2-D, not necessarily summing to 1), with or without replacement (int64)."""
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {input.dtype.scalar_name}")
    if input.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    rows = input._data.astype(np.float64).reshape(-1, input.shape[-1])
    if not replacement and num_samples > rows.shape[1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if not np.all(np.isfinite(rows)) or np.any(rows < 0):
        raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
    if np.any(rows.sum(axis=1) <= 0):
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    gen = generator_or_default(generator)
    if replacement:
        weights = np.ascontiguousarray(input._data).reshape(-1, input.shape[-1])
        result = sampling.multinomial_with_replacement(gen, weights, num_samples)
    else:  # torch's way: the largest p / q, q ~ Exp(1) drawn for the whole input first; zero weights come last
        q = np.empty_like(input._data)  # torch's empty_like(input): its layout, filled in memory order
        sampling.fill(q, sampling.exponential(gen, q.size))
        keys = (input._data / q).reshape(-1, input.shape[-1])
        result = np.argsort(-keys, axis=1, kind="stable")[:, :num_samples]
    return wrap(result if input.ndim == 2 else result[0])


def normal(mean, std=1.0, size=None, *, generator=None, dtype=None, device=None, requires_grad=False):
    """Mirror ``torch.normal``: normal draws with ``mean`` and ``std`` (numbers with a ``size``, or tensors
    that broadcast)."""
    check_device(device)
    if not isinstance(mean, Tensor) and not isinstance(std, Tensor):
        if size is None:
            raise TypeError(
                "normal() received an invalid combination of arguments - got (float, float), but expected one of:\n"
                " * (Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
                " * (Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)\n"
                " * (float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
                " * (float mean, float std, tuple of ints size, *, torch.Generator generator = None, Tensor out = "
                "None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool "
                "pin_memory = False, bool requires_grad = False)\n"
            )
        _check_std(std)
        shape = tuple(size)
        out_dtype = dtype or dtypes.get_default_dtype()
    else:
        m = mean._data if isinstance(mean, Tensor) else mean
        s = std._data if isinstance(std, Tensor) else std
        if np.any(np.asarray(s) < 0):
            raise RuntimeError("normal expects all elements of std >= 0.0")
        shape = np.broadcast_shapes(np.shape(m), np.shape(s))
        out_dtype = (mean if isinstance(mean, Tensor) else std).dtype
    gen, n = generator_or_default(generator), int(np.prod(shape, dtype=np.int64))
    out_np = out_dtype.np
    if isinstance(mean, Tensor) and not isinstance(std, Tensor):  # torch: normal_(0, std), then add mean
        values = sampling.normal(gen, n, out_np, 0.0, std).reshape(shape) + mean._data
    elif isinstance(mean, Tensor) or isinstance(std, Tensor):  # normal_(0, 1), then times std, plus mean
        m = mean._data if isinstance(mean, Tensor) else out_np.type(mean)
        values = sampling.normal(gen, n, out_np).reshape(shape) * std._data + m
    else:
        values = sampling.normal(gen, n, out_np, mean, std).reshape(shape)
    t = wrap(np.asarray(values).astype(out_np, copy=False))
    return t.requires_grad_() if requires_grad else t


def _check_std(std):
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")


def _fill_random(t, kernel, draw):
    """Fill ``t`` in place with ``draw(n, contiguous)``'s values, written in torch's order (memory order), with
    torch's in-place checks."""
    if not t.dtype.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{t.dtype.scalar_name}'")
    I.check_inplace(t)
    if t._requires_grad and t.grad_fn is not None:
        raise NotImplementedError("minigrad does not record random in-place fills in a graph; fill under no_grad")
    if t._data.size:
        sampling.fill(t._data, draw(t._data.size, t.is_contiguous()))
    t._vc.bump()
    return t


@public("normal_", function=False)
def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    """Mirror ``Tensor.normal_(mean=0, std=1)``: fill with normal draws (d2l's weight initialisation)."""
    _check_std(std)
    gen, dtype = generator_or_default(generator), self._data.dtype
    return _fill_random(self, "normal_kernel_cpu", lambda n, contiguous: sampling.normal(gen, n, dtype, mean, std,
                                                                                         contiguous))  # fmt: skip


@public("uniform_", function=False)
def _uniform_(self, a=0.0, b=1.0, *, generator=None):
    """Mirror ``Tensor.uniform_(from=0, to=1)``: fill with uniform draws in [a, b)."""
    if a > b:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={a:g} > to={b:g}")
    gen, dtype = generator_or_default(generator), self._data.dtype
    return _fill_random(self, "check_uniform_bounds", lambda n, contiguous: sampling.uniform(gen, n, dtype, a, b))
