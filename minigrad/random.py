"""Random numbers: ``torch.Generator``, ``torch.manual_seed`` and the samplers of the beginner material
(``multinomial``, ``normal``, ``Tensor.normal_``, ``Tensor.uniform_``).

Seeding makes minigrad's draws repeatable, as torch's are, but they are not the numbers torch draws: each
Generator wraps its own numpy generator (``numpy.random.default_rng(seed)``).
"""

import numpy as np

from . import dtypes
from .device import check_device
from .device import device as _device
from .ops import inplace as I
from .ops._util import wrap
from .public import public
from .tensor import Tensor

__all__ = ["Generator", "default_generator", "initial_seed", "manual_seed", "multinomial", "normal", "seed"]


DEFAULT_SEED = 67280421310721  # torch's seed for a generator nobody seeded


class Generator:
    """Mirror ``torch.Generator(device='cpu')``: a source of random numbers with its own seed."""

    def __init__(self, device="cpu"):
        check_device(device)
        self.device = device if isinstance(device, _device) else _device(device)
        self.manual_seed(DEFAULT_SEED)

    def manual_seed(self, seed):
        """Mirror ``Generator.manual_seed``: restart from ``seed``; returns the generator."""
        seed = int(seed)
        if not -(2**63) <= seed < 2**64:
            raise ValueError("Overflow when unpacking long long")
        self._seed = seed % 2**64
        # minigrad's unseeded stream has always been default_rng(0): the lessons' stored outputs rely on it
        self.rng = np.random.default_rng(0 if self._seed == DEFAULT_SEED else self._seed)
        return self

    def initial_seed(self):
        """Mirror ``Generator.initial_seed``: the seed it was last given."""
        return self._seed

    def seed(self):
        """Mirror ``Generator.seed``: restart from a fresh, non-deterministic seed; returns it."""
        return self.manual_seed(int(np.random.SeedSequence().entropy) % 2**63).initial_seed()

    def __repr__(self):
        return f"<torch._C.Generator object at 0x{id(self):x}>"


default_generator = Generator()


def rng(generator=None):
    """The numpy generator to draw from: ``generator``'s, or the default one's."""
    return (default_generator if generator is None else generator).rng


def manual_seed(seed):
    """Mirror ``torch.manual_seed``: restart the default generator, so later draws repeat; returns it."""
    return default_generator.manual_seed(seed)


def initial_seed():
    """Mirror ``torch.initial_seed``: the default generator's seed."""
    return default_generator.initial_seed()


def seed():
    """Mirror ``torch.seed``: reseed the default generator non-deterministically; returns the seed."""
    return default_generator.seed()


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
    draw = rng(generator)
    out = []
    for p in rows:
        if replacement:
            out.append(draw.choice(len(p), size=num_samples, p=p / p.sum()))
        else:  # torch's way: the largest p / Exp(1) keys, so zero weights come last
            keys = p / draw.exponential(size=len(p))
            out.append(np.argsort(-keys, kind="stable")[:num_samples])
    result = np.asarray(out, dtype=np.int64)
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
    draws = rng(generator).standard_normal(shape)
    m = mean._data if isinstance(mean, Tensor) else mean
    s = std._data if isinstance(std, Tensor) else std
    t = wrap(np.asarray(draws * s + m).astype(out_dtype.np))
    return t.requires_grad_() if requires_grad else t


def _check_std(std):
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")


def _fill_random(t, values, kernel):
    """Write random ``values`` into ``t`` in place, with torch's in-place checks."""
    if not t.dtype.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{t.dtype.scalar_name}'")
    I.check_inplace(t)
    if t._requires_grad and t.grad_fn is not None:
        raise NotImplementedError("minigrad does not record random in-place fills in a graph; fill under no_grad")
    t._data[...] = values
    t._vc.bump()
    return t


@public("normal_", function=False)
def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    """Mirror ``Tensor.normal_(mean=0, std=1)``: fill with normal draws (d2l's weight initialisation)."""
    _check_std(std)
    return _fill_random(self, rng(generator).standard_normal(self.shape) * std + mean, "normal_kernel_cpu")


@public("uniform_", function=False)
def _uniform_(self, a=0.0, b=1.0, *, generator=None):
    """Mirror ``Tensor.uniform_(from=0, to=1)``: fill with uniform draws in [a, b)."""
    if a > b:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={a:g} > to={b:g}")
    return _fill_random(self, rng(generator).uniform(a, b, self.shape), "check_uniform_bounds")

