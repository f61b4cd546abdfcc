"""Random numbers as torch's CPU draws them, bit for bit: ``torch.Generator``, ``torch.manual_seed``,
``get_rng_state``/``set_rng_state``, ``torch.random.fork_rng`` and the samplers (``multinomial``, ``normal``,
``bernoulli``, ``poisson``, ``randint_like``; ``Tensor.normal_``, ``uniform_``, ``random_``, ``bernoulli_``,
``exponential_``, ``geometric_``, ``log_normal_``, ``cauchy_``, each recording torch's node when the tensor is in a
graph).

A Generator is torch's CPUGeneratorImpl: a Mersenne Twister (:mod:`minigrad.mt19937`) seeded as torch seeds it, plus
the spare normal sample torch keeps between draws. :mod:`minigrad.sampling` turns its words into numbers with
torch's CPU kernels, so ``torch.manual_seed(0); torch.rand(3)`` prints what torch prints, and every draw leaves the
generator where torch's leaves it. ``get_state`` gives torch's 5056 bytes (they load into torch and back).

Two limits: torch's default generator starts from a random seed, minigrad's from torch's fixed default seed
(67280421310721), so unseeded programs repeat; and on Intel processors torch draws ``bernoulli_(p)`` (dropout) through
MKL's own generator, while minigrad draws it as torch does elsewhere (one uniform per element, as on AMD processors).
"""

import contextlib
import warnings

import numpy as np

from . import dtypes, sampling, torch_warnings
from .arguments import (
    NUMBERS,
    call_error,
    invalid_arguments,
    is_float,
    is_int,
    must_be_tensor,
    recorded_signatures,
    word,
)
from .device import check_device
from .device import device as _device
from .input_checks import recorded_overloads
from .mt19937 import MT19937, N
from .ops import inplace as I
from .ops._util import infer_size, wrap
from .ops.carriers import ARRAYS
from .ops.op import Op
from .outputs import write_out
from .public import public
from .tensor import Tensor
from .tracebacks import shown_here

__all__ = [
    "Generator", "bernoulli", "default_generator", "get_rng_state", "initial_seed", "manual_seed", "multinomial",
    "normal", "poisson", "randint_like", "seed", "set_rng_state",
]

DEFAULT_SEED = 67280421310721  # torch's seed for a generator nobody seeded
STATE_BYTES = 5056  # sizeof(CPUGeneratorImplState)


class Generator:
    """Mirror ``torch.Generator(device='cpu')``: a source of random numbers with its own seed and state."""

    def __init__(self, device="cpu"):
        self.device = _generator_device(device)
        self.manual_seed(DEFAULT_SEED)

    def manual_seed(self, *args, **kwargs):
        """Mirror ``Generator.manual_seed(seed)``: restart from the int ``seed``; returns the generator."""
        if kwargs or len(args) != 1:  # torch's method of one argument (METH_O)
            raise TypeError("Generator.manual_seed() takes no keyword arguments" if kwargs else
                            f"Generator.manual_seed() takes exactly one argument ({len(args)} given)")  # fmt: skip
        seed = args[0]
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
            raise RuntimeError(f"manual_seed expected a long, but got {word(seed)}")
        if not isinstance(seed, int):
            raise TypeError("an integer is required")  # torch unpacks a Python int only
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

    def clone_state(self):
        """Mirror ``Generator.clone_state``: a new generator in this one's state."""
        other = Generator(self.device)
        other._engine = self._engine.copy()
        other._next_double_normal, other._next_float_normal = self._next_double_normal, self._next_float_normal
        return other

    def graphsafe_get_state(self):
        """Mirror ``Generator.graphsafe_get_state``: a CPU generator refuses, as torch's."""
        raise NotImplementedError("graphsafe_get_state is not supported in this Generator")

    def graphsafe_set_state(self, state):
        """Mirror ``Generator.graphsafe_set_state``: a CPU generator refuses, as torch's."""
        raise NotImplementedError("graphsafe_set_state is not supported in this Generator")

    def __repr__(self):
        return f"<torch._C.Generator object at 0x{id(self):x}>"


_CUDA_LIBRARY = (
    "Cannot get CUDA generator without ATen_cuda library. PyTorch splits its backend into two shared libraries: a CPU "
    "library and a CUDA library; this error has occurred because you are trying to use some CUDA functionality, but "
    "the CUDA library has not been loaded by the dynamic linker for some reason.  The CUDA library MUST be loaded, "
    "EVEN IF you don't directly use any symbols from the CUDA library! One common culprit is a lack of "
    "-Wl,--no-as-needed in your link arguments; many dynamic linkers will delete dynamic library dependencies if you "
    "don't depend on any of their symbols.  You can check if this has occurred by using ldd on your binary to see if "
    "there is a dependency on *_cuda.so library.")
_NO_GENERATOR = {"cuda": _CUDA_LIBRARY, "mps": "Cannot execute getNewGenerator() without MPS backend.",
                 "xpu": "Cannot get XPU generator without ATen_xpu library.",
                 "mtia": "Cannot execute getNewGenerator() without MTIA backend.",
                 "hip": "Backend doesn`t support getNewGenerator()", "hpu": "Backend doesn`t support getNewGenerator()"}


def _generator_device(where):
    """The device of ``torch.Generator(device)``: the CPU (whatever its index), or torch's error for any other."""
    if where is None:
        return _device("cpu")
    if isinstance(where, int) and not isinstance(where, bool):  # an index: of an accelerator, which there is none of
        raise RuntimeError("Cannot access accelerator device when none is available.")
    if not isinstance(where, (str, _device)):
        raise must_be_tensor("Generator", "device", 1, where, kind="torch.device")
    d = where if isinstance(where, _device) else _device(where)
    if d.type != "cpu":
        raise RuntimeError(_NO_GENERATOR.get(d.type, f"{d.type.upper()} device type not an accelerator."))
    return _device("cpu")


default_generator = Generator()


def generator_or_default(generator=None, function=None, args=(), overloads=None, kwargs=None):
    """The Generator to draw from: ``generator``, or the default one. Anything else is torch's TypeError for
    ``function``: "argument 'generator' must be torch.Generator", or, for a function of several ``overloads``
    (called with ``args`` and ``kwargs``), the parser's list of them."""
    if generator is None:
        return default_generator
    if isinstance(generator, Generator):
        return generator
    if overloads:
        raise invalid_arguments(function, args, overloads, {**(kwargs or {}), "generator": generator})
    raise must_be_tensor(function, "generator", None, generator, kind="torch.Generator")


def manual_seed(seed):
    """Mirror ``torch.manual_seed``: restart the default generator, so later draws repeat; returns it."""
    return default_generator.manual_seed(int(seed))


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


@public("multinomial", function=False, parse=True)
def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Mirror ``torch.multinomial``: ``num_samples`` category indices drawn with the weights in each row of
    ``input`` (1-D or 2-D, not necessarily summing to 1), with or without replacement (int64)."""
    if input.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {input.dtype.scalar_name}")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    shape = input._data.shape  # the array's: each input.shape would build a torch.Size
    if not replacement and num_samples > shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    rows = input._data.astype(np.float64).reshape(shape[0] if input.ndim == 2 else 1, shape[-1])
    if not len(rows):  # no rows: nothing to draw, nothing checked
        return wrap(np.zeros((0, num_samples), np.int64))
    if not replacement or num_samples == 1:
        if not rows.size:  # torch's check takes the min and max of the probabilities first
            raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the operation has no "
                               "identity.")  # fmt: skip
        if not np.isfinite(rows).all() or (rows < 0).any():  # ndarray's methods: np.all and np.any wrap them
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if (rows.sum(axis=1) <= 0).any():
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    else:  # the kernel's checks, row by row: each entry in order, then the row's sum
        for row in rows:
            bad = ~((row >= 0) & np.isfinite(row))
            if bad.any():
                entry = "< 0" if not row[bad.argmax()] >= 0 else "= infinity or NaN"
                raise RuntimeError(f"invalid multinomial distribution (encountering probability entry {entry})")
            if not row.sum() > 0:
                raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    gen = generator_or_default(generator, "multinomial")
    if replacement and num_samples > 1:  # torch draws one sample (with replacement or not) by the p / q way
        weights = np.ascontiguousarray(input._data).reshape(-1, shape[-1])
        result = sampling.multinomial_with_replacement(gen, weights, num_samples)
    else:  # torch's way: the largest p / q, q ~ Exp(1) drawn for the whole input first; zero weights come last
        q = np.empty_like(input._data)  # torch's empty_like(input): its layout, filled in memory order
        sampling.fill(q, sampling.exponential(gen, q.size))
        keys = (input._data / q).reshape(-1, shape[-1])
        result = (-keys).argsort(axis=1, kind="stable")[:, :num_samples]
    return wrap(result if input.ndim == 2 else result[0])


def normal(*args, **kwargs):
    """Mirror ``torch.normal``: normal draws with ``mean`` and ``std`` (numbers with a ``size``, or tensors
    that broadcast); arguments that fit none of its overloads get torch's parser's error."""
    try:
        return _normal(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - torch's parser would have refused the call before anything ran
        parsed = call_error("normal", recorded_signatures()["torch.normal"], args, kwargs)
        raise shown_here(error if parsed is None else parsed)  # noqa: B904


def _normal(mean, std=1.0, size=None, *, generator=None, dtype=None, device=None, requires_grad=False):
    check_device(device)
    if size is not None or not isinstance(mean, Tensor) and not isinstance(std, Tensor):
        mean, std = _number(mean), _number(std)  # the overload of numbers and a size (a 0-d tensor is a number)
        if not isinstance(size, (tuple, list)) or not all(map(is_int, size)) or requires_grad.__class__ is not bool:
            raise TypeError("normal(): no overload takes these arguments")  # the parser's error replaces it
        _check_std(std)
        shape = tuple(size)
        if any(n < 0 for n in shape):
            raise RuntimeError(f"Trying to create tensor with negative dimension {min(shape)}: {list(shape)}")
        out_dtype = dtype or dtypes.get_default_dtype()
    else:
        if dtype is not None or device is not None or requires_grad is not False:
            raise TypeError("normal(): the overloads of tensors take no dtype")  # the parser's error replaces it
        if isinstance(std, Tensor):
            if std._data.size and not (std._data >= 0).all():  # NaN too
                raise RuntimeError("normal expects all elements of std >= 0.0")
        else:
            _check_std(std)
        shape = infer_size(np.shape(mean._data if isinstance(mean, Tensor) else mean), np.shape(std._data if
                           isinstance(std, Tensor) else std))  # fmt: skip
        out_dtype = (mean if isinstance(mean, Tensor) else std).dtype
    if not out_dtype.is_floating_point:
        raise NotImplementedError(f"\"normal_kernel_cpu\" not implemented for '{out_dtype.scalar_name}'")
    given = (mean, std) if size is None else (mean, std, size)
    gen = generator_or_default(generator, "normal", given, recorded_overloads("torch.normal"))
    n = int(np.prod(shape, dtype=np.int64))
    out_np = out_dtype.np
    if isinstance(mean, Tensor) and not isinstance(std, Tensor):  # torch: normal_(0, std), then add mean
        values = sampling.normal(gen, n, out_np, 0.0, std).reshape(shape) + mean._data
    elif isinstance(mean, Tensor) or isinstance(std, Tensor):  # normal_(0, 1), then times std, plus mean
        m = mean._data if isinstance(mean, Tensor) else out_np.type(mean)
        values = sampling.normal(gen, n, out_np).reshape(shape) * std._data + m
    else:
        values = sampling.normal(gen, n, out_np, mean, std).reshape(shape)
    values = np.asarray(values).astype(out_np, copy=False)
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        return _NORMAL_OPS[isinstance(mean, Tensor), isinstance(std, Tensor)].apply(
            *(t for t in (mean, std) if isinstance(t, Tensor)), values=values)
    t = wrap(values)
    return t.requires_grad_() if requires_grad else t


class NormalMean(Op):
    """result = normal(mean, std), ``std`` a number: ``mean`` gets no gradient (zeros), as in torch"""

    node_name = "NormalBackward1"
    formula = {"mean": "zeros_like(grad)"}
    saved_values = {"mean_sym_sizes": "mean_shape"}

    @staticmethod
    def forward(ctx, mean, *, values):
        ctx.mean_shape = tuple(mean.shape)
        return wrap(values)


class NormalStd(Op):
    """result = normal(mean, std), ``mean`` a number: ``std`` gets no gradient (zeros)"""

    node_name = "NormalBackward2"
    formula = {"std": "zeros_like(grad)"}
    saved_values = {"std_sym_sizes": "std_shape"}

    @staticmethod
    def forward(ctx, std, *, values):
        ctx.std_shape = tuple(std.shape)
        return wrap(values)


class NormalMeanStd(Op):
    """result = normal(mean, std), both tensors: neither gets a gradient (zeros)"""

    node_name = "NormalBackward3"
    formula = {"mean": "zeros_like(grad)", "std": "zeros_like(grad)"}
    saved_values = {"mean_sym_sizes": "mean_shape", "std_sym_sizes": "std_shape"}

    @staticmethod
    def forward(ctx, mean, std, *, values):
        ctx.mean_shape, ctx.std_shape = tuple(mean.shape), tuple(std.shape)
        return wrap(values)


_NORMAL_OPS = {(True, False): NormalMean, (False, True): NormalStd, (True, True): NormalMeanStd}


def _number(value):
    """A number argument of torch's (``float mean``) as a Python float: a 0-d tensor that requires no grad is one to
    torch's parser (anything else is left for its error)."""
    if isinstance(value, Tensor) and value.ndim == 0 and not value.requires_grad:
        return value.item()
    if not isinstance(value, NUMBERS) or isinstance(value, np.bool_):
        raise TypeError("not a number")  # the parser's error replaces it
    return float(value) if isinstance(value, bool) else value


def _check_std(std):
    if not std >= 0:  # NaN too
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")


normal.__wrapped__ = _normal  # its parameters, for help() and the keywords torch takes (out=, layout=)


class _Fill(Op):
    """An in-place random fill (``self.exponential_()``): the values ``draw(n)`` gives, written in the tensor's memory
    order (``layout``: the array being filled); the old values get no gradient."""

    formula = {"self": "zeros_like(grad)"}

    @staticmethod
    def forward(ctx, a, *, layout, draw):
        out = np.empty_like(layout)  # its strides, so that the values land in torch's order
        if out.size:
            sampling.fill(out, draw(out.size))
        return wrap(out)


class Normal(_Fill):
    node_name = "NormalBackward0"


class Uniform(_Fill):
    node_name = "UniformBackward0"


class RandomFrom(_Fill):
    """self.random_(from, to)"""

    node_name = "RandomBackward0"


class RandomTo(_Fill):
    """self.random_(to)"""

    node_name = "RandomBackward1"


class Random(_Fill):
    """self.random_()"""

    node_name = "RandomBackward2"


class Exponential(_Fill):
    node_name = "ExponentialBackward0"


class Geometric(_Fill):
    node_name = "GeometricBackward0"


class LogNormal(_Fill):
    node_name = "LogNormalBackward0"


class Cauchy(_Fill):
    node_name = "CauchyBackward0"


class BernoulliFloat(_Fill):
    """self.bernoulli_(p), p a number"""

    node_name = "BernoulliBackward2"


class BernoulliTensor(Op):
    """self.bernoulli_(p), p a tensor (broadcast to self's shape): neither gets a gradient"""

    node_name = "BernoulliBackward1"
    formula = {"self": "zeros_like(grad)", "p": "zeros_like(p)"}

    @staticmethod
    def forward(ctx, a, p, *, layout, draw):
        ctx.p_shape, ctx.p_dtype = p.shape, p._data.dtype
        out = np.empty_like(layout)
        if out.size:
            order = sampling.memory_order(layout.shape, layout.strides)  # p's values in the order out is written
            sampling.fill(out, draw(np.transpose(np.broadcast_to(p._data, layout.shape), order).ravel()))
        return wrap(out)

    @staticmethod
    def backward(ctx, grads, F):
        grad = grads[0]
        zeros = np.zeros(ctx.p_shape, ctx.p_dtype)
        return F.zeros_like(grad), zeros if F is ARRAYS else wrap(zeros)


class Bernoulli(Op):
    """result = bernoulli(self): 1 with probability self; self gets no gradient"""

    node_name = "BernoulliBackward0"
    formula = {"self": "zeros_like(grad)"}

    @staticmethod
    def forward(ctx, p, *, draw):
        return wrap(draw(p._data))


class Poisson(Op):
    """result = poisson(self): a Poisson draw with rate self; self gets no gradient"""

    node_name = "PoissonBackward0"
    formula = {"self": "zeros_like(self)"}

    @staticmethod
    def forward(ctx, rates, *, generator):
        ctx.self_shape = rates.shape
        return wrap(sampling.poisson(generator, rates._data.astype(np.float64).ravel()).reshape(rates.shape).astype(
            rates._data.dtype))

    @staticmethod
    def backward(ctx, grads, F):
        zeros = np.zeros(ctx.self_shape, grads[0].dtype if F is ARRAYS else grads[0]._data.dtype)
        return (zeros if F is ARRAYS else wrap(zeros),)


def _fill_random(t, op, draw, kernel=None, *operands):
    """Fill ``t`` in place with ``draw(n)``'s values, written in torch's order (memory order), with torch's in-place
    checks; recorded as ``op``'s node when ``t`` requires grad (``kernel``: the name torch's error gives for a tensor
    that is not floating point)."""
    if kernel is not None and not t.dtype.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{t.dtype.scalar_name}'")
    return I.apply_inplace(t, lambda old, *rest: op.apply(old, *rest, layout=t._data, draw=draw), *operands,
                           overlap=None)


@public("normal_", function=False, parse=True)
def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    """Mirror ``Tensor.normal_(mean=0, std=1)``: fill with normal draws (d2l's weight initialisation)."""
    mean, std = _number(mean), _number(std)
    _check_std(std)
    gen, dtype = generator_or_default(generator, "normal_"), self._data.dtype
    contiguous = self.is_contiguous()
    return _fill_random(self, Normal, lambda n: sampling.normal(gen, n, dtype, mean, std, contiguous),
                        "normal_kernel_cpu")


@public("uniform_", function=False, parse=True)
def _uniform_(self, a=0.0, to=1.0, *, generator=None):
    """Mirror ``Tensor.uniform_(from=0, to=1)``: fill with uniform draws in [a, to) (``from`` is Python's)."""
    a, b = _number(a), _number(to)
    if not self.dtype.is_floating_point:
        raise NotImplementedError(f"\"check_uniform_bounds\" not implemented for '{self.dtype.scalar_name}'")
    largest = float(np.finfo(self._data.dtype).max)
    for value, name in ((a, "from"), (b, "to")):
        if not -largest <= value <= largest:  # NaN too
            raise RuntimeError(f"{name} is out of bounds for {_TYPE_META[self._data.dtype.name]}")
    if a > b:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={a:g} > to={b:g}")
    if b - a > largest:
        raise RuntimeError(f"uniform_ expects to-from <= std::numeric_limits<{self.dtype.scalar_name}>::max(), but "
                           f"found to={b:g} and from={a:g} which result in to-from to exceed the limit")  # fmt: skip
    gen, dtype = generator_or_default(generator, "uniform_"), self._data.dtype
    return _fill_random(self, Uniform, lambda n: sampling.uniform(gen, n, dtype, a, b))


# ---------------------------------------------------------------------------------------- more distributions


def _check_floating(t, message):
    if not t.dtype.is_floating_point:
        raise RuntimeError(message)


_TYPE_META = {"float32": "float", "float64": "double", "float16": "c10::Half", "int8": "signed char",
              "uint8": "unsigned char", "int16": "short int", "int32": "int", "int64": "long int", "bool": "bool"}


@public("exponential_", function=False, parse=True)
def _exponential_(self, lambd=1.0, *, generator=None):
    """Mirror ``Tensor.exponential_(lambd=1)``: fill with exponential draws of rate ``lambd``
    (``-log1p(-u) / lambd``, u a float64 uniform)."""
    lambd = _number(lambd)
    if not lambd > 0.0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd:g}")
    _check_floating(self, "Exponential distribution is a continuous probability distribution. dtype must be a "
                           f"floating point but you specified {self.dtype.scalar_name}")  # fmt: skip
    gen, dtype = generator_or_default(generator, "exponential_"), self._data.dtype
    return _fill_random(self, Exponential, lambda n: sampling.exponential(gen, n, lambd).astype(dtype))


@public("geometric_", function=False, parse=True)
def _geometric_(self, p, *, generator=None):
    """Mirror ``Tensor.geometric_(p)``: fill with the number of Bernoulli(p) trials up to the first success
    (``ceil(log(u) / log1p(-p))``); integer tensors too."""
    p = _number(p)
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p:g}")
    if self.dtype is dtypes.bool_:
        raise NotImplementedError("\"geometric_cpu\" not implemented for 'Bool'")
    gen, dtype = generator_or_default(generator, "geometric_"), self._data.dtype
    return _fill_random(self, Geometric, lambda n: _as_dtype(sampling.geometric(gen, n, p), dtype))


def _as_dtype(values, dtype):
    """float64 ``values`` as C++'s ``static_cast`` makes them ``dtype`` (an integer dtype wraps around)."""
    if np.dtype(dtype).kind == "f":
        return values.astype(dtype)
    with np.errstate(invalid="ignore"):
        return values.astype(np.int64).astype(dtype)


@public("log_normal_", function=False, parse=True)
def _log_normal_(self, mean=1.0, std=2.0, *, generator=None):
    """Mirror ``Tensor.log_normal_(mean=1, std=2)``: fill with ``exp`` of normal draws (mean, std), drawn one by one
    as float64 (with the spare sample, as torch's)."""
    mean, std = _number(mean), _number(std)
    if not std > 0.0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={std:g}")
    gen, dtype = generator_or_default(generator, "log_normal_"), self._data.dtype
    return _fill_random(self, LogNormal, lambda n: sampling.log_normal(gen, n, mean, std).astype(dtype),
                        "log_normal_cpu")


@public("cauchy_", function=False, parse=True)
def _cauchy_(self, median=0.0, sigma=1.0, *, generator=None):
    """Mirror ``Tensor.cauchy_(median=0, sigma=1)``: fill with Cauchy draws (``median + sigma * tan(pi * (u -
    0.5))``, u a float64 uniform)."""
    median, sigma = _number(median), _number(sigma)
    if not sigma > 0.0:
        raise RuntimeError(f"cauchy_ expects sigma > 0.0, but found sigma={sigma:g}")
    _check_floating(self, "Cauchy distribution is a continuous probability distribution. dtype must be a floating "
                          f"point but you specified {_TYPE_META[self._data.dtype.name]}")  # fmt: skip
    gen, dtype = generator_or_default(generator, "cauchy_"), self._data.dtype
    return _fill_random(self, Cauchy, lambda n: sampling.cauchy(gen, n, median, sigma).astype(dtype))


_RANDOM_OVERLOADS = ("*, torch.Generator generator = None", "int from, int to, *, torch.Generator generator = None",
                     "int to, *, torch.Generator generator = None")  # fmt: skip
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


def _int64(value):
    if not _INT64_MIN <= value <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    return int(value)


def _through(value, np_dtype):
    """``static_cast<int64_t>(static_cast<scalar_t>(value))``."""
    with np.errstate(over="ignore"):
        return int(np.array(value, np.float64).astype(np_dtype).astype(np.float64).astype(np.int64))


def _update_from(value, np_dtype):
    plus_1 = _through(value + 1, np_dtype)
    if plus_1 < value:
        n = abs(value + 1).bit_length() - 1
        value = plus_1 + (1 << (n - np.finfo(np_dtype).nmant - 1 + 1))
    return value


def _update_to(value, np_dtype):
    minus_1 = _through(value - 1, np_dtype)
    if minus_1 >= value:
        n = abs(value - 1).bit_length() - 1
        value = minus_1 - (1 << (n - np.finfo(np_dtype).nmant - 1 + 1))
    return value


def _check_from_to_in_range(low, to_inc, dt):
    """torch's ``check_from_to_in_range``: errors outside the dtype's range; for floats, a warning beyond the
    integers it holds exactly."""
    np_dtype = np.dtype(dt.np)
    name = _TYPE_META[np_dtype.name]
    if dt.is_floating_point:
        info = np.finfo(np_dtype)
        lo, hi, digits = float(info.min), float(info.max), info.nmant + 1
    else:
        info = np.iinfo(np_dtype) if np_dtype != np.bool_ else None
        lo, hi, digits = (0, 1, None) if info is None else (int(info.min), int(info.max), None)
    for value, what in ((low, "from"), (to_inc, "to - 1")):
        if not lo <= value <= hi:
            raise RuntimeError(f"{what} is out of bounds for {name}")
    if digits is not None:
        for value, what in ((low, "from"), (to_inc, "to - 1")):
            if value < -(1 << digits) or value > 1 << digits:
                warnings.warn(torch_warnings.internal(
                    f"{what} is out of bounds [-(2^{digits}), 2^{digits}]. Due to precision limitations {name} can "
                    "support discrete uniform distribution only within this range. This warning will become an error "
                    "in version 1.7 release, please fix the code in advance",
                    f"aten/src/ATen/native/DistributionTemplates.h:{110 if what == 'from' else 111}"),
                    stacklevel=torch_warnings.user_stacklevel())  # fmt: skip


@public("random_", function=False, parse=True)
def _random_(self, *args, generator=None, **kwargs):
    """Mirror ``Tensor.random_()``, ``random_(to)`` and ``random_(from, to)``: fill with integers drawn uniformly
    from [0, the dtype's largest integer] (floats: [0, 2**mantissa bits]), [0, to) or [from, to) (``to=None``:
    up to the dtype's largest), as torch's kernels draw them (``random()``, or ``random64()`` for ranges of 2**28
    and more, float64 and int64)."""
    names = ("from", "to") if len(args) + len(kwargs) == 2 or "from" in kwargs else ("to",)
    if len(args) > len(names) or set(kwargs) - set(names) or len(args) + len(kwargs) not in (0, len(names)) \
            or any(not (is_int(v) or (v is None and k == "to" and len(names) == 2))
                   for k, v in zip(names, args + tuple(kwargs.values()))):  # fmt: skip
        raise invalid_arguments("random_", args, _RANDOM_OVERLOADS, kwargs)
    bound = dict(zip(names, args), **kwargs)
    gen, dt = generator_or_default(generator, "random_", args, _RANDOM_OVERLOADS, kwargs), self.dtype
    np_dtype = np.dtype(dt.np)
    if not bound:
        return _fill_random(self, Random, lambda n: sampling.random_bits(gen, n, np_dtype).astype(np_dtype))
    low = _int64(bound.get("from", 0))
    to = bound["to"]
    if to is not None:
        to = _int64(to)
        if low >= to:
            raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={to}")
        if dt.is_floating_point:
            low, to = _update_from(low, np_dtype), _update_to(to, np_dtype)
            if low >= to:
                raise RuntimeError("random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but "
                                   f"got from={low} >= to={to}")  # fmt: skip
        _check_from_to_in_range(low, to - 1, dt)
        node = RandomTo if "from" not in bound else RandomFrom
        return _fill_random(self, node, lambda n: sampling.integers(gen, n, low, to).astype(np_dtype))
    if low == _INT64_MIN:
        if np_dtype not in (np.int64, np.float32, np.float64):
            raise RuntimeError("random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16")
        return _fill_random(self, RandomFrom, lambda n: sampling.full_range_int64(gen, n).astype(np_dtype))
    if dt.is_floating_point:
        to_inc = min(1 << np.finfo(np_dtype).nmant + 1, _INT64_MAX)
        low = _update_from(low, np_dtype)
        if low >= to_inc:
            raise RuntimeError("random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to "
                               f"dtype, but got from={low} > to_inc={to_inc}")  # fmt: skip
    else:
        to_inc = 1 if np_dtype == np.bool_ else int(np.iinfo(np_dtype).max)
    _check_from_to_in_range(low, to_inc, dt)
    return _fill_random(self, RandomFrom, lambda n: sampling.integers(gen, n, low, to_inc + 1).astype(np_dtype))


_P_IN = ("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, "
         "please report an enhancement request to PyTorch.)")  # fmt: skip
_BERNOULLI = ("Tensor input, *, torch.Generator generator = None, Tensor out = None",
              "Tensor input, float p, *, torch.Generator generator = None")  # fmt: skip
_BERNOULLI_METHOD = ("*, torch.Generator generator = None", "float p, *, torch.Generator generator = None")
_BERNOULLI_ = ("Tensor p, *, torch.Generator generator = None", "float p = 0.5, *, torch.Generator generator = None")


def _check_probabilities(p):
    if not p.dtype.is_floating_point:
        raise NotImplementedError(f"\"bernoulli_tensor_cpu_p_\" not implemented for '{p.dtype.scalar_name}'")
    values = p._data
    if values.size and not ((values >= 0) & (values <= 1)).all():  # NaN fails too
        raise RuntimeError(_P_IN)


def _bernoulli_with(gen, self_dtype):
    """``draw(p)``: 0/1 in ``self_dtype`` with probabilities ``p`` (flat, in the order torch writes them)."""
    return lambda p: sampling.bernoulli(gen, p).astype(self_dtype)


def bernoulli(input, *args, generator=None, **kwargs):
    """Mirror ``torch.bernoulli(input)``: 0 or 1 with probability ``input`` (BernoulliBackward0, no gradient), and
    ``torch.bernoulli(input, p)``: with probability ``p`` everywhere (torch records no derivative for it); the
    numbers are torch's (float64 uniforms for float64 probabilities and for a number ``p``, float32 ones else)."""
    method = kwargs.pop("_method", False)
    if not isinstance(input, Tensor):
        raise must_be_tensor("bernoulli", "input", 1, input)
    p = args[0] if args else kwargs.pop("p", None)
    bad_p = p is not None and not is_float(p)  # a 0-d tensor or a bool is a float to torch's parser
    out = kwargs.pop("out", None) if p is None and not method else None  # only torch.bernoulli(input) takes out=
    if out is not None and not isinstance(out, Tensor):
        raise invalid_arguments("bernoulli", (input,), _BERNOULLI, {"out": out})
    if len(args) > 1 or kwargs or bad_p:
        given = (input, *args) if not method else args
        raise invalid_arguments("bernoulli", given, _BERNOULLI_METHOD if method else _BERNOULLI,
                                {**kwargs, **({"p": p} if not args and p is not None else {})})  # fmt: skip
    gen = generator_or_default(generator, "bernoulli", (input, *args) if not method else args,
                               _BERNOULLI_METHOD if method else _BERNOULLI)
    if p is None:
        _check_probabilities(input)
        def draw():
            return Bernoulli.apply(input, draw=lambda probs: _bernoulli_with(gen, probs.dtype)(
                np.ascontiguousarray(probs)).reshape(probs.shape))  # fmt: skip

        return draw() if out is None else write_out("bernoulli", out, draw, input)
    p = _number(p)
    from .ops.not_implemented import record_not_implemented

    out = wrap(np.empty(input.shape, input._data.dtype))  # torch's empty_like(input, LEGACY_CONTIGUOUS_MEMORY_FORMAT)
    with _no_grad():
        _bernoulli_(out, p, generator=gen)
    return record_not_implemented(out, [input], "aten::bernoulli")


def _no_grad():
    from .autograd import grad_mode

    return grad_mode.no_grad()


def _bernoulli_method(self, *args, generator=None, **kwargs):
    """Mirror ``Tensor.bernoulli()`` and ``Tensor.bernoulli(p)``: see :func:`bernoulli`."""
    return bernoulli(self, *args, generator=generator, _method=True, **kwargs)


Tensor.bernoulli = _bernoulli_method


@public("bernoulli_", function=False, parse=True)
def _bernoulli_(self, p=0.5, *, generator=None):
    """Mirror ``Tensor.bernoulli_(p=0.5)``: fill with 0 or 1, 1 with probability ``p`` (a number: one float64
    uniform per element, torch's way on AMD processors, see the module docstring; a tensor broadcast to this
    one's shape: float64 uniforms if it is float64, float32 ones else); any dtype."""
    given = () if type(p) is float and p == 0.5 else (p,)
    gen, dtype = generator_or_default(generator, "bernoulli_", given, _BERNOULLI_), self._data.dtype
    if isinstance(p, bool):
        p = float(p)  # an int to torch's parser, so the float overload's p
    if isinstance(p, Tensor):
        _check_probabilities(p)
        p.expand(self.shape)  # torch's error for a p that does not broadcast to self
        return _fill_random(self, BernoulliTensor, _bernoulli_with(gen, dtype), None, p)
    if isinstance(p, bool) or not isinstance(p, (int, float)):
        raise invalid_arguments("bernoulli_", (p,), _BERNOULLI_)
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
    return _fill_random(self, BernoulliFloat, lambda n: sampling.bernoulli(gen, p, n).astype(dtype))


_RANDINT_LIKE = tuple(
    f"Tensor input, {bounds}, *, {generator}torch.memory_format memory_format = None, torch.dtype dtype = None, "
    "torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False"
    for bounds in ("int low, int high", "Tensor high", "int high")
    for generator in ("torch.Generator generator, ", "")
)


def randint_like(input, *args, generator=None, dtype=None, device=None, requires_grad=False, **kwargs):
    """Mirror ``torch.randint_like(input, high)`` and ``(input, low, high)``: ``empty_like(input).random_(low,
    high)``, integers in [low, high) with ``input``'s shape and dtype (unless ``dtype``)."""
    check_device(device)
    names = ("low", "high") if len(args) + len(kwargs) == 2 else ("high",)
    bound = dict(zip(names, args), **kwargs)
    if not args and not kwargs or len(args) > len(names) or set(bound) != set(names) or not all(
            is_int(v) or (k == "high" and isinstance(v, Tensor) and len(names) == 1) for k, v in bound.items()):
        raise invalid_arguments("randint_like", (input, *args), _RANDINT_LIKE, kwargs)  # fmt: skip
    gen = generator_or_default(generator, "randint_like", (input, *args), _RANDINT_LIKE, kwargs)
    high = bound["high"]
    if isinstance(high, Tensor):
        if high.ndim:
            raise RuntimeError("high must be a scalar tensor and on CPU")
        high = int(high.item())
    out = wrap(np.empty_like(input._data, dtype=(dtype or input.dtype).np))
    _random_(out, bound.get("low", 0), high, generator=gen)
    return out.requires_grad_() if requires_grad else out


def poisson(input, generator=None):
    """Mirror ``torch.poisson``: a Poisson draw for each rate in ``input`` (PoissonBackward0, no gradient), by
    torch's ``sample_poisson`` (multiplied uniforms below rate 10, Hoermann's transformed rejection from 10)."""
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"poisson_cpu\" not implemented for '{input.dtype.scalar_name}'")
    if input._data.size and not (input._data >= 0).all():
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    return Poisson.apply(input, generator=generator_or_default(generator, "poisson"))


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type="cuda"):
    """Mirror ``torch.random.fork_rng``: the default generator's state is put back when the block ends (minigrad
    has no other devices to fork)."""
    if not enabled:
        yield
        return
    state = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(state)
