"""Every differentiable op's gradient against central differences, in float64, over hypothesis inputs.

The ops, their input shapes (broadcasting pairs included) and value domains come from ``op_catalogue``.
For each case the loss is ``sum(output * w)`` with fixed, uneven weights ``w``; minigrad's gradient of it,
for every input that requires grad (all of them, or only some), must match central differences of the
forward pass. Second derivatives too: the gradient of ``sum(grad_x * v)``, with ``grad_x`` from
``autograd.grad(..., create_graph=True)``, against central differences of that first derivative, for every
case with a squared output (which differentiates each op's backward) and for smooth ops as they are.
"""

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from op_catalogue import CATALOGUE, SMOOTH_SHAPE_SETS, all_ops, call, draw_call

import minigrad as torch

CHECK = settings(
    derandomize=True,
    max_examples=8,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)


def weights(shape, phase=0.0):
    """Fixed, uneven weights for a weighted sum, so that a gradient in the wrong place shows."""
    n = int(np.prod(shape, dtype=np.int64))
    return np.cos(1.0 + phase + 0.7 * np.arange(n)).reshape(shape) + 0.1


def requires_grad_choices(n):
    """Which inputs require grad: all of them first, then every proper non-empty subset."""
    subsets = [c for c in itertools.product((True, False), repeat=n) if any(c)]
    return st.sampled_from(subsets)


def central_differences(f, arrays, i, eps):
    """d f(arrays) / d arrays[i], element by element."""
    xs = [a.copy() for a in arrays]
    flat = xs[i].reshape(-1)
    out = np.empty(flat.size)
    for j in range(flat.size):
        x = flat[j]
        flat[j] = x + eps
        up = f(xs)
        flat[j] = x - eps
        down = f(xs)
        flat[j] = x
        out[j] = (up - down) / (2 * eps)
    return out.reshape(arrays[i].shape)


def weighted_loss(outs, ws):
    return sum(float((o.detach().numpy().astype(np.float64) * w).sum()) for o, w in zip(outs, ws))


def first_grads(case, arrays, args, requires, create_graph=False, square=False):
    """minigrad's gradient of ``sum(output * w)`` (``sum(output**2 * w)`` if ``square``) for the inputs that
    require grad (None where unused)."""
    leaves, outs = call(case, arrays, args, requires)
    if square:
        outs = tuple(o * o for o in outs)
    ws = [weights(o.shape, k) for k, o in enumerate(outs)]
    wanted = [t for t, r in zip(leaves, requires) if r]
    pairs = [(o, torch.tensor(w, dtype=o.dtype)) for o, w in zip(outs, ws) if o.requires_grad]
    if not pairs:
        return leaves, outs, ws, [None] * len(wanted)
    grads = torch.autograd.grad(
        [o for o, _ in pairs], wanted, grad_outputs=[w for _, w in pairs], create_graph=create_graph, allow_unused=True
    )
    return leaves, outs, ws, list(grads)


def assert_grad(actual, expected, shape, what, tol):
    if actual is None:  # minigrad says the input was unused: then its gradient must be zero
        actual = np.zeros(shape)
    else:
        assert tuple(actual.shape) == tuple(shape), f"{what}: gradient shape {tuple(actual.shape)}, input {shape}"
        assert actual.dtype == torch.float64, f"{what}: gradient dtype {actual.dtype}, input float64"
        actual = actual.detach().numpy()
    np.testing.assert_allclose(actual, expected, rtol=tol, atol=tol, err_msg=what)


@pytest.mark.parametrize("case, shapes", [p[:2] for p in SMOOTH_SHAPE_SETS], ids=[p[2] for p in SMOOTH_SHAPE_SETS])
def test_gradient_matches_central_differences(case, shapes):
    @CHECK
    @given(st.data())
    def check(data):
        arrays, args = draw_call(data, case, shapes)
        requires = data.draw(requires_grad_choices(len(arrays)), label="requires_grad")
        _, outs, ws, grads = first_grads(case, arrays, args, requires)

        def loss(xs):
            with torch.no_grad():
                return weighted_loss(call(case, xs, args, False)[1], ws)

        wanted = [i for i, r in enumerate(requires) if r]
        for i, g in zip(wanted, grads):
            expected = central_differences(loss, arrays, i, case.eps)
            assert_grad(g, expected, arrays[i].shape, f"{case.name}: d/d input {i}", case.tol)

    check()


SECOND_ORDER = [
    (case, shapes, key, square)
    for case, shapes, key in SMOOTH_SHAPE_SETS
    for square in (False, True)
    if (square or case.second_order) and not case.no_double_backward and not case.untrue_double_backward
]


@pytest.mark.parametrize(
    "case, shapes, square",
    [(case, shapes, square) for case, shapes, _, square in SECOND_ORDER],
    ids=[f"{key}-{'squared' if square else 'linear'}" for _, _, key, square in SECOND_ORDER],
)
def test_second_derivative_matches_central_differences(case, shapes, square):
    """Smooth ops' own second derivatives (loss linear in the output), and, for every op, the derivative of
    its backward with respect to the incoming gradient (loss ``sum(output**2 * w)``, so that the gradient
    reaching the op depends on the inputs: this runs the backward of the op's backward)."""

    @settings(CHECK, max_examples=3)
    @given(st.data())
    def check(data):
        arrays, args = draw_call(data, case, shapes)
        requires = data.draw(requires_grad_choices(len(arrays)), label="requires_grad")
        wanted = [i for i, r in enumerate(requires) if r]
        vs = {i: weights(arrays[i].shape, 2.0 + i) for i in wanted}

        def first_derivative(xs, create_graph):
            """s = sum_i <d loss / d x_i, v_i>, computed by minigrad's backward."""
            leaves, _, _, grads = first_grads(case, xs, args, requires, create_graph, square)
            s = [(g * torch.tensor(vs[i])).sum() for i, g in zip(wanted, grads) if g is not None]
            return leaves, s

        leaves, terms = first_derivative(arrays, create_graph=True)
        terms = [s for s in terms if s.requires_grad]
        if terms:
            total = terms[0]
            for s in terms[1:]:
                total = total + s
            second = torch.autograd.grad(total, [leaves[i] for i in wanted], allow_unused=True)
        else:  # no first derivative depends on the inputs: the second derivative must be zero
            second = [None] * len(wanted)

        def s_value(xs):
            return sum(float(s.detach().numpy()) for s in first_derivative(xs, create_graph=False)[1])

        for i, h in zip(wanted, second):
            expected = central_differences(s_value, arrays, i, case.eps)
            assert_grad(h, expected, arrays[i].shape, f"{case.name}: second derivative, input {i}", 10 * case.tol)

    check()


@pytest.mark.parametrize("case", [c for c in CATALOGUE if c.no_double_backward], ids=lambda c: c.name)
def test_a_second_derivative_torch_lacks_raises_its_error(case):
    """An op whose backward torch cannot differentiate (hardsigmoid): the second backward raises torch's error."""
    shapes = next(shapes for c, shapes, _ in SMOOTH_SHAPE_SETS if c is case)

    @settings(CHECK, max_examples=2)
    @given(st.data())
    def check(data):
        arrays, args = draw_call(data, case, shapes)
        leaves, _, _, grads = first_grads(case, arrays, args, [True] * len(arrays), create_graph=True, square=True)
        total = sum((g * g).sum() for g in grads if g is not None)
        with pytest.raises(RuntimeError, match=f"^{case.no_double_backward}$"):
            torch.autograd.grad(total, leaves)

    check()


def test_every_op_is_in_the_catalogue():
    """A new op class fails here until a catalogue case records it (and so gets its gradient checked)."""
    seen = set()

    def record(kind, **info):
        if kind == "op" and info["node"] is not None:
            seen.add(info["op"])

    def runner(case, shapes):
        @settings(CHECK, max_examples=1)
        @given(st.data())
        def run(data):
            arrays, args = draw_call(data, case, shapes)
            with torch.autograd.observe(record):
                call(case, arrays, args)

        return run

    for case, shapes, _ in SMOOTH_SHAPE_SETS:
        runner(case, shapes)()
    missing = sorted(op.__name__ for op in all_ops() - seen)
    assert not missing, f"ops with no case in tests/op_catalogue.py: {missing}"
