"""The engine's fast paths (gradients as numpy arrays, a leaf taking over its gradient's buffer) change no
result (tests/test_fingerprints.py) and never make two tensors share memory that torch keeps apart."""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad as torch
from minigrad.autograd import engine
from minigrad.ops._util import mean_of


def _alone(*tensors):
    """No two of these tensors' arrays share memory."""
    arrays = [t._data for t in tensors]
    return not any(np.shares_memory(a, b) for i, a in enumerate(arrays) for b in arrays[i + 1 :])


@pytest.mark.parametrize("fast", [True, False])
def test_one_gradient_for_two_leaves_is_not_shared(fast):
    a, c = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
    with engine.fast_paths(fast):
        (a + c).sum().backward()
    assert _alone(a.grad, c.grad)
    a.grad.add_(1)
    assert c.grad.tolist() == [1.0, 1.0, 1.0]


@pytest.mark.parametrize("fast", [True, False])
def test_grad_does_not_alias_a_given_gradient_a_saved_tensor_or_the_leaf(fast):
    u = torch.ones(3, requires_grad=True)
    g = torch.tensor([1.0, 2.0, 3.0])
    with engine.fast_paths(fast):
        u.backward(g)
    assert _alone(u.grad, g, u)
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    x = torch.tensor([3.0, 4.0], requires_grad=True)
    y = w * x
    with engine.fast_paths(fast):
        y.backward(torch.ones(2), retain_graph=True)
    assert _alone(w.grad, x.grad, w, x, y)


@pytest.mark.parametrize("fast", [True, False])
def test_grad_passed_through_and_viewed_is_copied(fast):
    a = torch.ones(2, 3, requires_grad=True)
    b = a.t()  # b's gradient is a view of the one flowing to a
    c = a.clone()  # passes its gradient through unchanged
    with engine.fast_paths(fast):
        (b.sum() + c.sum() + (a * 2).sum()).backward()
    assert a.grad.tolist() == [[4.0, 4.0, 4.0], [4.0, 4.0, 4.0]]
    assert a.grad.is_contiguous() and _alone(a.grad, a)


def test_fast_path_takes_over_unshared_buffers(monkeypatch):
    """In a chain every leaf's first gradient is a fresh array nothing else holds: no copy is made."""
    from minigrad.autograd import accumulate_grad

    copies = []
    real = np.copyto
    monkeypatch.setattr(accumulate_grad.np, "copyto", lambda *a, **k: (copies.append(1), real(*a, **k)))
    x, w = torch.rand(4, requires_grad=True), torch.rand(4, requires_grad=True)
    ((x * w).tanh() * w).sum().backward()
    assert copies == []
    with engine.fast_paths(False):
        x.grad = w.grad = None
        ((x * w).tanh() * w).sum().backward()
    assert len(copies) == 2  # the reference path copies, as the first minigrad did


# Programs through the ops whose backward is written once against the carrier F (or compiled from a formula
# with a branch), with random inputs: the same bits on arrays (fast) as on Tensors.
def _products(rng, dt):
    a = torch.tensor(rng.standard_normal((3, 5, 7)).astype(dt), requires_grad=True)
    b = torch.tensor(rng.standard_normal((1, 7, 4)).astype(dt), requires_grad=True)
    m = torch.tensor(rng.standard_normal((6, 7)).astype(dt), requires_grad=True)
    v = torch.tensor(rng.standard_normal((7,)).astype(dt), requires_grad=True)
    lin = torch.nn.Linear(7, 3).to(dt_torch(dt))
    loss = (a @ b).tanh().sum() + (m @ v).exp().sum() + torch.nn.functional.mse_loss(lin(m), m[:, :3])
    return loss, (a, b, m, v, lin.weight, lin.bias)


def _pieces_and_picks(rng, dt):
    a = torch.tensor(np.round(rng.standard_normal((4, 5, 6)), 1).astype(dt), requires_grad=True)  # ties for max
    b = torch.tensor(rng.standard_normal((4, 2, 6)).astype(dt), requires_grad=True)
    w = torch.tensor(rng.standard_normal((9, 6)).astype(dt), requires_grad=True)
    idx = torch.tensor(rng.integers(0, 9, (4, 3)))
    parts, slices = a.split([2, 3], dim=1), a.unbind(2)
    loss = (parts[1].tanh().sum() + slices[0].sum() * 2 + slices[3].exp().sum()
            + torch.cat([a, b], 1).sin().sum() + torch.stack([a[0], a[1] * 2], 0).cos().sum()
            + a[:, 1:4:2].pow(2).sum() + a[..., -1].sum() + a[[0, 0, 2]].sum() + a[a > 0.5].sum()
            + a.max() + a.min() * 3 + a.max(1)[0].sum() + a.min(2, keepdim=True)[0].exp().sum()
            + torch.nn.functional.embedding(idx, w, padding_idx=2).tanh().sum() + torch.chunk(b, 2, 0)[1].sum())
    return loss, (a, b, w)


def _losses_and_statistics(rng, dt):
    logits = torch.tensor(rng.standard_normal((8, 5)).astype(dt), requires_grad=True)
    y = torch.tensor(rng.integers(0, 5, (8,)))
    ignored = y.clone()
    ignored[::3] = -100
    x = torch.tensor(rng.standard_normal((16, 4, 3)).astype(dt), requires_grad=True)
    bn = torch.nn.BatchNorm1d(4).to(dt_torch(dt))
    cross_entropy = torch.nn.functional.cross_entropy
    loss = (cross_entropy(logits, y) + cross_entropy(logits, ignored, reduction="sum") * 0.1
            + cross_entropy(logits, y, weight=torch.ones(5, dtype=dt_torch(dt)) * 0.5)
            + (bn(x) * x).sum() + x.var(1).sum() + x.std((0, 2), keepdim=True).exp().sum()
            + torch.ones(3, 4, dtype=dt_torch(dt), requires_grad=True).std(0).sum())
    return loss, (logits, x, bn.weight, bn.bias)


def _powers_and_masks(rng, dt):
    x = torch.tensor(rng.uniform(0.2, 2.0, (70, 64)).astype(dt), requires_grad=True)  # 4480: masks clear bits
    s = torch.tensor(rng.uniform(0.5, 2.0, ()).astype(dt), requires_grad=True)
    e = torch.tensor(rng.uniform(-1.0, 2.0, ()).astype(dt), requires_grad=True)
    v = torch.tensor(rng.uniform(-1.0, 2.0, (64,)).astype(dt), requires_grad=True)
    y = x - 1
    loss = (sum((x ** p).sum() for p in (2, 3, -1, -2, 0.5, -0.5, 2.5, 0)) + (s ** e) * 3 + (x ** v).sum()
            + (2.5 ** v).sum() + y.relu().sum() + y.clamp(-0.5, 0.5).sum() + torch.maximum(y, v).sum()
            + y.sigmoid().sum() + (x / v).sum() + v.reciprocal().sum() + y.abs().max(0)[0].sum())
    return loss, (x, s, e, v)


def dt_torch(dt):
    return torch.float32 if dt == np.float32 else torch.float64


@pytest.mark.parametrize("program", [_products, _pieces_and_picks, _losses_and_statistics, _powers_and_masks])
@pytest.mark.parametrize("dt", [np.float32, np.float64])
def test_carrier_backwards_give_the_same_bits_on_arrays_and_on_tensors(program, dt):
    grads = {}
    for fast in (True, False):
        torch.manual_seed(0)
        with engine.fast_paths(fast):
            loss, leaves = program(np.random.default_rng(7), dt)
            loss.backward()
        grads[fast] = [t.grad.numpy().tobytes() for t in leaves]
    assert grads[True] == grads[False]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("size", [1, 7, 4096, 5000])
@pytest.mark.parametrize("zero_first", [False, True])
def test_masked_gradients_on_arrays_are_np_where(dtype, size, zero_first):
    """relu's, clamp's and max's backward on arrays (``where(mask, grad, 0)``, large ones by clearing bits) give
    np.where's bits: inf and nan kept where kept, +0. (not -0. or nan) where zeroed, for every layout."""
    from minigrad.ops.carriers import ARRAYS

    rng = np.random.default_rng(size)
    grad = rng.standard_normal(size).astype(dtype)
    grad[::5], grad[1::7], grad[2::11] = np.inf, np.nan, -0.0
    mask = rng.standard_normal(size) > 0
    layouts = [(grad, mask), (grad[::-1], mask[::-1]), (grad.reshape(1, -1).T, mask.reshape(-1, 1)), (grad[0], mask[0])]
    for g, m in layouts:
        got = ARRAYS.where(m, 0, g) if zero_first else ARRAYS.where(m, g, 0)
        want = np.where(m, 0, g) if zero_first else np.where(m, g, 0)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.asarray(got).tobytes() == np.asarray(want).tobytes()


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("rows,width,lookup", [(27, 10, (32, 3)), (5, 64, (9,)), (3, 1, (400,)), (50, 7, (2, 20, 3))])
def test_a_row_lookups_gradient_on_arrays_adds_as_on_tensors(dtype, rows, width, lookup):
    """``C[X]``'s gradient on arrays (the rows added element by element, from 256 elements) has the bits of the
    Tensors' ``np.add.at`` of whole rows: repeated rows added in order, negative rows wrapped, inf and nan kept."""
    rng = np.random.default_rng(rows)
    grad = rng.standard_normal((*lookup, width)).astype(dtype)
    grad.reshape(-1)[::13], grad.reshape(-1)[1::17], grad.reshape(-1)[2::19] = np.inf, np.nan, -0.0
    grads = {}
    for fast in (True, False):
        table = torch.tensor(rng.standard_normal((rows, width)).astype(dtype), requires_grad=True)
        index = torch.tensor(np.random.default_rng(1).integers(-rows, rows, lookup))
        with engine.fast_paths(fast):
            table[index].backward(torch.tensor(grad))
        grads[fast] = table.grad.numpy().tobytes()
    assert grads[True] == grads[False]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([np.float32, np.float64]), st.lists(st.integers(0, 9), max_size=3), st.booleans(),
       st.floats(-30, 30), st.data(), st.booleans())  # fmt: skip
def test_mean_of_gives_ndarray_means_bits(dtype, shape, strided, exponent, data, keepdim):
    """``mean_of`` skips ``ndarray.mean``'s Python wrapper for a floating mean: the same bits, shape and dtype (the
    sum divided by the count, a numpy intp), over all elements or some dims (an int or a tuple, negative ones too),
    with or without keepdim, for contiguous and strided arrays, 0-d and empty ones."""
    x = (np.random.default_rng(len(shape)).standard_normal(shape) * 2.0**exponent).astype(dtype)
    if strided and x.ndim:
        x = x[..., ::2]
    dims = st.lists(st.integers(-x.ndim, x.ndim - 1), unique_by=lambda d: d % x.ndim, max_size=x.ndim)
    dim = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1) | dims.map(tuple)) if x.ndim else None
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's mean of nothing warns; mean_of's does not
        expected = np.asarray(x.mean(axis=dim, keepdims=keepdim), dtype=x.dtype)
        got = mean_of(x, dim, keepdim)
    assert (got.shape, got.dtype, got.tobytes()) == (expected.shape, expected.dtype, expected.tobytes())


def test_the_views_of_a_storage_are_forgotten_when_they_die_and_remade_while_they_live():
    """A storage keeps weak references to its views, dropping dead ones now and then; an in-place change to the
    base still gives every live view torch's AsStridedBackward0, as after many views have come and gone."""
    leaf = torch.zeros(3, 4, requires_grad=True)
    base = leaf * 1
    kept = [v for i in range(40) for v in [base.t()] if i % 3 == 0]
    assert len(kept) <= len(base._vc.views) <= len(kept) + 16
    base.add_(1)
    assert [type(v.grad_fn).__name__ for v in kept] == ["AsStridedBackward0"] * len(kept)
    assert len(base._vc.views) == len(kept)
    sum(v.sum() for v in kept).backward()  # through the base's new history to the leaf, once per view
    assert leaf.grad.tolist() == [[float(len(kept))] * 4] * 3


def _init_genrand(seed):
    """The reference ``init_genrand`` (torch's ``init_with_uint32``), word by word."""
    words, x = [seed & 0xFFFFFFFF], seed & 0xFFFFFFFF
    for j in range(1, 624):
        x = (1812433253 * (x ^ (x >> 30)) + j) & 0xFFFFFFFF
        words.append(x)
    return words


@settings(max_examples=100, deadline=None)
@given(st.integers(-(2**63), 2**64 - 1))
def test_seeding_in_numpy_gives_init_genrands_words(seed):
    """``manual_seed`` lets numpy's C legacy seeding write the 624 words: the reference recurrence's words, nothing
    handed out yet, and a copy draws what the original draws."""
    gen = torch.Generator().manual_seed(seed)
    assert gen._engine.words.tolist() == _init_genrand(seed % 2**64)
    assert (gen._engine.left, gen._engine.next) == (1, 0)
    twin = gen._engine.copy()
    assert twin.random(700).tolist() == gen._engine.random(700).tolist()


@pytest.mark.parametrize("seed", [0, 1, 5489, 2**32 - 1, 2**32 + 7, 123456789])
def test_seeding_without_numpys_legacy_seeding_gives_the_same_words(seed, monkeypatch):
    """A numpy without the private ``_legacy_seeding``: the words are worked out in Python, the same ones."""
    from minigrad import mt19937

    without = type("MT19937", (np.random.MT19937,), {"_legacy_seeding": None})  # numpy checks states by name
    monkeypatch.setattr(mt19937.np.random, "MT19937", without)
    engine = mt19937.MT19937(seed)
    assert type(engine._bits) is without
    assert engine.words.tolist() == _init_genrand(seed) and (engine.left, engine.next) == (1, 0)


_CAT_SHAPES = st.sampled_from([(), (0,), (3,), (2,), (0, 3), (2, 3), (4, 3), (2, 4), (2, 3, 1)])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_CAT_SHAPES, st.sampled_from([torch.float32, torch.float64, torch.int64])),
                min_size=1, max_size=4), st.integers(-4, 3))  # fmt: skip
def test_cats_common_case_checked_on_arrays_matches_its_general_checks(pieces, dim):
    """Cat checks its common case (one dtype, sizes equal but along dim) on the arrays: the same result, dtype and
    gradient, or the same error, as its general checks, which skip 1-d empty tensors and promote dtypes."""
    from minigrad.ops import shape

    def run():
        tensors = [torch.arange(float(np.prod(s))).reshape(s).to(dt).requires_grad_(dt.is_floating_point)
                   for s, dt in pieces]  # fmt: skip
        try:
            out = torch.cat(tensors, dim)
        except Exception as e:  # noqa: BLE001 - the error is the result compared
            return type(e), str(e)
        grads = None
        if out.requires_grad and out.numel():
            out.backward(torch.arange(float(out.numel())).reshape(out.shape).to(out.dtype))
            grads = [t.grad.tolist() if t.grad is not None else None for t in tensors]
        return out.dtype, out.shape, out.tolist(), grads

    fast = run()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shape, "_joined_as_they_are", lambda tensors, dim: None)
        assert fast == run()


@pytest.mark.parametrize("value", [3, -2.5, True, np.int64(4), np.float32(1.5), np.bool_(True)])
@pytest.mark.parametrize("more", [(), (7,), (7, 2), (7, 2, 1), (7, 2, 1, 0)])
@pytest.mark.parametrize("kwargs", [{}, {"dtype": torch.float64}, {"step": 2}])
def test_a_number_let_through_unasked_is_one_refused_lets_through(value, more, kwargs):
    """The argument checks let a number through without asking ``_refused`` where every overload takes a number
    first (``torch.arange``) or torch takes numbers: ``_refused`` lets it through too, with any count of further
    arguments and keywords."""
    from minigrad import input_checks

    refusals = [(key, r) for key, r in input_checks._refusals().items() if input_checks._takes_numbers_first(r)]
    assert "torch.arange" in dict(refusals)
    for key, refusal in refusals:
        args = (value, *more)
        assert input_checks._refused(refusal, refusal["name"], "input", value, args, kwargs) is None, key


@pytest.mark.parametrize("n", [0, 1, 7, 32768, 70001])
@pytest.mark.parametrize("requires_grad", [False, True])
def test_arange_of_an_int_gives_what_its_general_path_gives(n, requires_grad):
    """``torch.arange(n)`` takes a fast path; ``arange(end=n)`` the general one: the same values, dtype and error."""

    def run(args, kwargs):
        try:
            out = torch.arange(*args, **kwargs, requires_grad=requires_grad)
        except Exception as e:  # noqa: BLE001 - the error is the result compared
            return type(e), str(e)
        return out.dtype, out.shape, out.tolist()

    assert run((n,), {}) == run((), {"end": n})


def _loader_batches(tensors, batches):
    """Each batch a DataLoader over ``TensorDataset(*tensors)`` gives for the index lists ``batches``: its type and
    each tensor's dtype, sizes, strides, values, grad_fn and leafness; or the error it raised."""
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(*tensors), batch_sampler=batches)
    try:
        return [(type(b), [(t.dtype, t.shape, t.stride(), t.tolist(), type(t.grad_fn).__name__, t.is_leaf, t._version)
                           for t in b]) for b in loader]  # fmt: skip
    except Exception as e:  # noqa: BLE001 - the error is the result compared
        return type(e), str(e)


_ROWS = st.lists(st.integers(-12, 12), min_size=0, max_size=5)


@settings(max_examples=150, deadline=None)
@given(st.lists(_ROWS, min_size=1, max_size=3), st.sampled_from([torch.float32, torch.int64, torch.bool]),
       st.booleans(), st.booleans(), st.booleans())  # fmt: skip
def test_a_tensordatasets_batch_indexed_at_once_is_its_stacked_samples(batches, dtype, transposed, flat, grad):
    """A DataLoader takes a TensorDataset's batch as one indexing per tensor: the same tensors (values, dtype,
    strides, no graph) as stacking its samples, and the same error for an index out of range or an empty batch;
    a tensor that requires grad or a numpy number as an index goes the samples' way."""
    from minigrad.utils import data

    x = torch.arange(30.0).reshape(3, 10).t() if transposed else torch.arange(30.0).reshape(10, 3)
    x = (x[:, 0] if flat else x).to(dtype)
    y = torch.arange(10.0, requires_grad=True) if grad else torch.arange(10) * 2
    if len(batches) > 2:  # numpy numbers, and a tuple, as a batch sampler's indices
        batches = [[np.int64(v) for v in batches[0]], tuple(batches[1]), *batches[2:]]
    fast = _loader_batches((x, y), batches)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(data, "_tensor_rows", lambda tensors, index: None)
        assert fast == _loader_batches((x, y), batches)


_CALLS = [  # (method, args, kwargs): plain numbers first, then other types with the same count, then keywords
    ("view", (-1,), {}), ("view", (2, 15), {}), ("view", (2.0, 15), {}), ("view", (True,), {}), ("view", (7,), {}),
    ("view", (np.int64(2), 15), {}), ("view", (-1,), {"dtype": None}), ("view", (None,), {}),
    ("sum", (0,), {}), ("sum", (0.5,), {}), ("sum", (True,), {}), ("sum", (0, True), {}), ("sum", (0, 1), {}),
    ("sum", (0,), {"keepdim": True}), ("sum", (5,), {}), ("reshape", (-1, 5), {}), ("reshape", (-1.0, 5), {}),
    ("transpose", (0, 1), {}), ("transpose", (0.0, 1), {}), ("transpose", (0, 2), {}), ("max", (0,), {}),
    ("max", (0, True), {}), ("max", (0, 1), {}), ("max", (1.5,), {}), ("unsqueeze", (5,), {}),
    ("narrow", (0, 0, 1), {}), ("narrow", (0, 0, 1.0), {}), ("expand", (3, -1, -1), {}), ("expand", (3, 2.0), {}),
    ("softmax", (0,), {}), ("softmax", (0.0,), {}), ("squeeze", (0,), {}), ("squeeze", (False,), {}),
    ("sum", (torch.tensor(1),), {}), ("sum", (torch.tensor(0.5),), {}), ("view", (torch.tensor(30),), {}),
    ("view", (torch.tensor(30.0),), {}), ("view", (np.int64(30),), {}), ("view", (np.float64(30),), {}),
    ("roll", (1,), {}), ("roll", (1.5,), {}), ("roll", (True,), {}), ("diagonal", (0,), {}),
    ("diagonal", (True,), {}),  # roll(1.5) and diagonal(True): torch refuses what minigrad's code would take
]


def _outcome(method, args, kwargs):
    x = torch.arange(30.0).reshape(2, 15)
    try:
        out = method(x, *args, **kwargs)
    except Exception as e:  # noqa: BLE001 - the error is the result compared
        return type(e), str(e)
    out = out[0] if isinstance(out, tuple) else out
    return out.dtype, out.shape, out.tolist()


@pytest.mark.parametrize("order", [1, -1])
def test_arguments_that_passed_torchs_checks_once_skip_them_with_the_same_outcome(order):
    """A parsed method skips torch's argument checks for the types of plain numbers that passed them before: each
    call gives what a fresh wrapper (nothing skipped) gives, whatever passed before it."""
    from minigrad import input_checks

    fresh = {}
    for name, args, kwargs in _CALLS[::order]:
        warm = getattr(torch.Tensor, name)
        for _ in range(2):  # the second call takes what the first let through
            if name not in fresh:
                fresh[name] = input_checks._parsed(warm.__wrapped__, name, f"torch.Tensor.{name}")
            assert _outcome(warm, args, kwargs) == _outcome(fresh.pop(name), args, kwargs), (name, args, kwargs)


_WRITTEN = {"none": None, "int": 7, "float": 2.5, "nan": float("nan"), "big": 10**10, "int64 0-d": "tensor int64",
            "float64 0-d": "tensor float64", "1-d": "tensor 1-d", "other element": "other element",
            "requires grad": "requires grad", "half of the first": "half of the first", "parameter": "parameter"}


@st.composite
def _shape_and_ints(draw):
    """A shape and an index of ints alone, mostly one in bounds for every dim (one element), else shorter, longer
    or out of bounds."""
    shape = draw(st.lists(st.integers(1, 3), min_size=1, max_size=3))
    n = draw(st.sampled_from([len(shape)] * 4 + [max(len(shape) - 1, 1), len(shape) + 1]))
    key = [draw(st.integers(-size, size - 1)) for size in shape[:n]] + [draw(st.integers(-1, 0))] * (n - len(shape))
    if draw(st.integers(0, 5)) == 0:
        key[draw(st.integers(0, n - 1))] = draw(st.sampled_from([-4, 3]))
    return shape, tuple(key)


@pytest.mark.parametrize("written", sorted(_WRITTEN))
@pytest.mark.parametrize("dtype", ["float32", "int32", "uint8", "bool"])
@settings(max_examples=25, deadline=None)
@given(_shape_and_ints(), st.booleans(), st.booleans(), st.booleans())
def test_an_index_of_ints_alone_reads_and_writes_as_the_general_path(written, dtype, shape_key, grad, no_grad, view):
    """``x[i, j]`` (ints alone) takes a Select each at once, and ``x[i, j] = value`` naming one element writes it at
    once when nothing is recorded; ``x[i, j, ...]`` goes through the general indexing: the same values, graph (node
    names), base and version (of ``x`` and of a view of it), the same write for ``x[i, j] = value`` and ``+= 1``, in
    grad mode or not, and the same errors (out of bounds, too many indices, a number out of the dtype's range).
    (A 0-d tensor's ``x[0]`` and ``x[0, ...]`` raise different errors in torch too.)"""
    shape, key = shape_key
    value = _WRITTEN[written]

    def run(k):
        x = torch.arange(float(np.prod(shape))).reshape(shape).to(getattr(torch, dtype))
        x = x.requires_grad_(grad) * 1 if grad and dtype == "float32" else x
        other = x.view(-1)[:1] if view else None
        try:
            with torch.set_grad_enabled(not no_grad):
                y = x[k]
                read = (y.tolist(), y.shape, type(y.grad_fn).__name__, y._base is x, y._version)
                if value is None:
                    x[k] += 1
                elif value == "tensor 1-d":
                    x[k] = torch.tensor([3.5])
                elif value == "other element":
                    x[k] = x.view(-1)[-1]
                elif value == "half of the first":  # the first element's memory in part (its upper bytes)
                    x[k] = x.view(-1).view(torch.int16)[1] if x.element_size() == 4 else x.view(-1)[0]
                elif value == "parameter":
                    x[k] = torch.nn.Parameter(torch.tensor(1.5))
                elif value == "requires grad":
                    x[k] = torch.tensor(1.5, requires_grad=True)
                elif isinstance(value, str):
                    x[k] = torch.tensor(-3.75, dtype=getattr(torch, value.split()[1]))
                else:
                    x[k] = value
        except Exception as e:  # noqa: BLE001 - the error is the result compared
            return type(e), str(e)
        seen = None if other is None else (other.tolist(), other._version, type(other.grad_fn).__name__)
        return read, x.tolist(), x._version, type(x.grad_fn).__name__, x.requires_grad, seen

    assert repr(run(key)) == repr(run(key + (Ellipsis,)))  # repr: a nan written reads equal


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3).filter(lambda s: np.prod(s) > 1), st.integers(0, 2**32 - 1))
def test_a_contiguous_array_is_filled_in_flat_order_as_by_its_memory_order(shape, seed):
    """``sampling.fill`` writes a C-contiguous array's values in flat order at once; an array laid out the same but
    not contiguous (every other element of a wider one) takes the general path through its memory order: the same
    values land in the same places."""
    from minigrad import sampling

    values = np.random.default_rng(seed).standard_normal(int(np.prod(shape)))
    fast, general = np.empty(shape), np.empty((*shape, 2))[..., 0]
    assert fast.flags.c_contiguous and not general.flags.c_contiguous
    sampling.fill(fast, values)
    sampling.fill(general, values)
    assert fast.tobytes() == general.tobytes()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4), st.integers(1, 40), st.integers(0, 2**32 - 1), st.sampled_from([np.float32, np.int64]),
       st.booleans())  # fmt: skip
def test_a_descending_order_without_nans_is_the_one_rows_with_nans_beside_it_get(rows, n, seed, dtype, repeats):
    """``sorted_indices(..., descending=True)`` skips the sort that moves NaNs ahead when there are none; rows are
    ordered one by one, so rows without NaN get the same order when a row with NaN beside them takes the general
    path (ties, from repeated values, keep their own order either way)."""
    from minigrad.ops.topk import sorted_indices

    rng = np.random.default_rng(seed)
    x = (rng.integers(0, 3, (rows, n)) if repeats else rng.standard_normal((rows, n)) * 100).astype(dtype)
    with_nan = np.vstack([x, np.full((1, n), np.nan if dtype is np.float32 else 0, x.dtype)]).astype(np.float32)
    alone = sorted_indices(x.astype(np.float32), 1, True)
    beside = sorted_indices(with_nan, 1, True)[:rows]
    assert alone.dtype == beside.dtype == np.int64 and alone.tolist() == beside.tolist()
    assert sorted_indices(x, 1, True).tolist() == alone.tolist()  # integer keys: the same order


_CONVERSIONS = {"float": torch.float32, "double": torch.float64, "half": torch.float16, "long": torch.int64,
                "int": torch.int32, "bool": torch.bool}


@pytest.mark.parametrize("source", sorted(_CONVERSIONS))
@pytest.mark.parametrize("method", sorted(_CONVERSIONS))
@pytest.mark.parametrize("grad", [False, True])
def test_a_dtype_conversion_returns_what_to_returns(source, method, grad):
    """``x.float()`` and ``x.type_as(y)`` return ``x`` itself when its dtype is already the one asked for, without
    ``Tensor.to``'s parsing; otherwise they are ``x.to(dtype)``: the same tensor or not, dtype, values and node."""
    x = torch.tensor([[1.5, -2.0, 0.0]]).to(_CONVERSIONS[source])
    if grad and x.dtype.is_floating_point:
        x = x.requires_grad_() * 1
    expected = x.to(_CONVERSIONS[method])
    for got in (getattr(x, method)(), x.type_as(torch.zeros(1, dtype=_CONVERSIONS[method]))):
        assert (got is x, got.dtype, got.tolist(), type(got.grad_fn).__name__) == (
            expected is x, expected.dtype, expected.tolist(), type(expected.grad_fn).__name__)
