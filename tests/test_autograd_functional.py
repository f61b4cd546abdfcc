"""``torch.autograd.functional`` against central differences, in float64, over hypothesis inputs.

``jacobian`` of each function must match central differences of its forward pass, and ``hessian`` central
differences of its gradient (from ``autograd.grad``); ``vjp``, ``jvp``, ``vhp`` and ``hvp`` must be ``v @ J``,
``J @ v``, ``v @ H`` and ``H @ v`` with ``J`` and ``H`` from ``jacobian`` and ``hessian``; ``vectorize=True``
must give the loop's numbers; a ``create_graph=True`` Jacobian must differentiate like central differences of the
Jacobian. With real torch importable, the same calls must give torch's numbers, shapes and flags.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import minigrad as torch
from minigrad.autograd.functional import hessian, hvp, jacobian, jvp, vhp, vjp

CHECK = settings(
    derandomize=True,
    max_examples=10,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
EPS, TOL = 1e-6, dict(rtol=1e-5, atol=1e-7)
X = [[1.0, 2.0, -1.0], [0.5, 0.0, 1.0]]  # the data of the small MLP


def mlp(lib):
    """The loss of a one-layer network on fixed data, as a function of its weights and bias."""
    data = lib.tensor(X, dtype=lib.float64)
    return lambda W, b: lib.tanh(data @ W + b).sum()


# Functions a student writes, each with its input shapes; ``lib`` is minigrad or torch.
FUNCTIONS = {
    "elementwise": (lambda lib: lambda x: x.sin() * x.sum(), [(3,)]),
    "reduction": (lambda lib: lambda x: (x.exp() * x).sum(dim=1), [(2, 3)]),
    "softmax_rows": (lambda lib: lambda a: a.exp() / a.exp().sum(1, keepdim=True), [(2, 2)]),
    "mlp": (mlp, [(3, 2), (2,)]),
    "two_inputs_two_outputs": (lambda lib: lambda x, y: (x * y.exp(), (x ** 2).sum() * y), [(3,), (3,)]),
}
SCALAR = {  # one-element functions, for hessian, hvp and vhp
    "cubic": (lambda lib: lambda x: (x ** 3 * x.sum()).sum(), [(3,)]),
    "log_sum_exp": (lambda lib: lambda a: (a.exp() + (-a).exp()).log().mean(), [(2, 2)]),
    "mlp": (mlp, [(3, 2), (2,)]),
    "two_inputs": (lambda lib: lambda x, y: (x.sin() * y).sum() + (y ** 2).sum(), [(3,), (3,)]),
}


def draw_inputs(data, shapes, low=-1.5, high=1.5):
    """float64 numpy arrays of ``shapes``, drawn by hypothesis."""
    arrays = []
    for shape in shapes:
        n = int(np.prod(shape))
        values = data.draw(st.lists(st.floats(low, high), min_size=n, max_size=n))
        arrays.append(np.array(values, dtype=np.float64).reshape(shape))
    return arrays


def tensors(arrays, lib=torch):
    return tuple(lib.tensor(a, dtype=lib.float64) for a in arrays)


def as_tuple(x):
    return x if isinstance(x, tuple) else (x,)


def one_or_tuple(ts):
    """A tuple of one tensor as that tensor, as a student passes a single input."""
    return ts if len(ts) > 1 else ts[0]


def nested(result, n_out, n_in):
    """``result`` as a list of lists ``[output][input]`` of numpy arrays, whatever tuples it came in."""
    if n_out == 1 and n_in == 1:
        return [[result.numpy()]]
    if n_out == 1 or n_in == 1:
        flat = [r.numpy() for r in result]
        return [flat] if n_out == 1 else [[r] for r in flat]
    return [[r.numpy() for r in row] for row in result]


def numerical_jacobian(func, arrays):
    """``[output][input]`` central differences of ``func``, each shaped ``output.shape + input.shape``."""
    outputs = [o.numpy() for o in as_tuple(func(*tensors(arrays)))]
    jac = [[np.zeros(o.shape + a.shape) for a in arrays] for o in outputs]
    for j, a in enumerate(arrays):
        for idx in np.ndindex(a.shape):
            plus, minus = [b.copy() for b in arrays], [b.copy() for b in arrays]
            plus[j][idx] += EPS
            minus[j][idx] -= EPS
            f_plus, f_minus = as_tuple(func(*tensors(plus))), as_tuple(func(*tensors(minus)))
            for i, (p, m) in enumerate(zip(f_plus, f_minus)):
                jac[i][j][(...,) + idx] = (p.numpy() - m.numpy()) / (2 * EPS)
    return jac


def gradient_of(func):
    """``x -> d func / d x`` (a tuple, one per input), by ``autograd.grad``."""

    def grad(*inputs):
        inputs = tuple(t.detach().requires_grad_() for t in inputs)
        return tuple(g.detach() for g in torch.autograd.grad(func(*inputs), inputs))

    return grad


def contract(a, b, dims):
    return np.tensordot(a, b, axes=dims)


def check_products(M, u, v, u_M, M_v):
    """``u_M`` and ``M_v`` (tensors, one per input and one per output) are the products ``u M`` and ``M v`` with the
    nested matrix ``M[out][in]`` (a Jacobian or a Hessian), summed over its blocks."""
    for j, g in enumerate(u_M):
        expected = sum(contract(u[i].numpy(), M[i][j], u[i].ndim) for i in range(len(u)))
        np.testing.assert_allclose(g.numpy(), expected, **TOL)
    for i, g in enumerate(M_v):
        expected = sum(contract(M[i][j], v[j].numpy(), v[j].ndim) for j in range(len(v)))
        np.testing.assert_allclose(g.numpy(), expected, **TOL)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_jacobian_matches_central_differences(name):
    make, shapes = FUNCTIONS[name]
    func = make(torch)

    @CHECK
    @given(st.data())
    def check(data):
        arrays = draw_inputs(data, shapes)
        inputs = tensors(arrays)
        n_out = len(as_tuple(func(*inputs)))
        expected = numerical_jacobian(func, arrays)
        for vectorize in (False, True):
            got = nested(jacobian(func, one_or_tuple(inputs), vectorize=vectorize), n_out, len(inputs))
            for i in range(n_out):
                for j in range(len(inputs)):
                    assert got[i][j].shape == expected[i][j].shape
                    np.testing.assert_allclose(got[i][j], expected[i][j], **TOL)

    check()


@pytest.mark.parametrize("name", SCALAR)
def test_hessian_matches_central_differences_of_the_gradient(name):
    make, shapes = SCALAR[name]
    func = make(torch)

    @CHECK
    @given(st.data())
    def check(data):
        arrays = draw_inputs(data, shapes)
        inputs = tensors(arrays)
        expected = numerical_jacobian(gradient_of(func), arrays)  # [gradient wrt input i][input j]
        for vectorize in (False, True):
            got = nested(hessian(func, one_or_tuple(inputs), vectorize=vectorize), len(inputs), len(inputs))
            for i in range(len(inputs)):
                for j in range(len(inputs)):
                    np.testing.assert_allclose(got[i][j], expected[i][j], **TOL)
                    n_i, n_j = int(np.prod(shapes[i])), int(np.prod(shapes[j]))  # symmetric
                    np.testing.assert_allclose(got[i][j].reshape(n_i, n_j), got[j][i].reshape(n_j, n_i).T, **TOL)

    check()


@pytest.mark.parametrize("name", FUNCTIONS)
def test_vjp_and_jvp_are_products_with_the_jacobian(name):
    make, shapes = FUNCTIONS[name]
    func = make(torch)

    @CHECK
    @given(st.data())
    def check(data):
        inputs = tensors(draw_inputs(data, shapes))
        outputs = as_tuple(func(*inputs))
        J = nested(jacobian(func, one_or_tuple(inputs)), len(outputs), len(inputs))
        u = tensors(draw_inputs(data, [tuple(o.shape) for o in outputs]))  # shaped like the outputs
        v = tensors(draw_inputs(data, shapes))  # shaped like the inputs
        out, v_J = vjp(func, one_or_tuple(inputs), one_or_tuple(u))
        out2, J_v = jvp(func, one_or_tuple(inputs), one_or_tuple(v))
        for o, o2, expected in zip(as_tuple(out), as_tuple(out2), outputs):
            np.testing.assert_array_equal(o.numpy(), expected.numpy())
            np.testing.assert_array_equal(o2.numpy(), expected.numpy())
        check_products(J, u, v, as_tuple(v_J), as_tuple(J_v))

    check()


@pytest.mark.parametrize("name", SCALAR)
def test_vhp_and_hvp_are_products_with_the_hessian(name):
    make, shapes = SCALAR[name]
    func = make(torch)

    @CHECK
    @given(st.data())
    def check(data):
        inputs = tensors(draw_inputs(data, shapes))
        n = len(inputs)
        H = nested(hessian(func, one_or_tuple(inputs)), n, n)
        v = tensors(draw_inputs(data, shapes))
        out, v_H = vhp(func, one_or_tuple(inputs), one_or_tuple(v))
        out2, H_v = hvp(func, one_or_tuple(inputs), one_or_tuple(v))
        v_H, H_v = as_tuple(v_H), as_tuple(H_v)
        assert out.item() == func(*inputs).item() == out2.item()
        assert len(v_H) == len(H_v) == n
        check_products(H, v, v, v_H, H_v)

    check()


@CHECK
@given(st.data())
def test_a_create_graph_jacobian_differentiates_like_central_differences(data):
    func = FUNCTIONS["elementwise"][0](torch)
    weights = np.cos(np.arange(9.0)).reshape(3, 3)  # uneven, so a gradient in the wrong place shows
    (array,) = draw_inputs(data, [(3,)])
    x = torch.tensor(array, dtype=torch.float64, requires_grad=True)
    J = jacobian(func, x, create_graph=True)
    assert J.requires_grad and J.grad_fn.name() == "ViewBackward0"
    (grad,) = torch.autograd.grad((J * torch.tensor(weights)).sum(), x)
    expected = numerical_jacobian(lambda t: (jacobian(func, t) * torch.tensor(weights)).sum(), [array])[0][0]
    np.testing.assert_allclose(grad.numpy(), expected, **TOL)
    assert not jacobian(func, x).requires_grad and x.grad is None


def test_results_match_real_torch():
    real = pytest.importorskip("torch")
    from torch.autograd import functional as real_functional

    rng = np.random.default_rng(0)
    for table, calls in ((FUNCTIONS, ("jacobian", "vjp", "jvp")), (SCALAR, ("hessian", "vhp", "hvp"))):
        for name, (make, shapes) in table.items():
            arrays = [rng.uniform(-1.5, 1.5, s) for s in shapes]
            for fn_name in calls:
                for create_graph in (False, True):
                    results = []
                    for lib, functional in ((torch, torch.autograd.functional), (real, real_functional)):
                        func = make(lib)
                        inputs = tensors(arrays, lib)
                        args = {}
                        if fn_name == "vjp":
                            outputs = as_tuple(func(*inputs))
                            args["v"] = tuple(lib.ones_like(o) * 0.5 for o in outputs)
                            args["v"] = args["v"] if len(outputs) > 1 else args["v"][0]
                        elif fn_name not in ("jacobian", "hessian"):
                            args["v"] = one_or_tuple(tuple(lib.cos(t) for t in inputs))
                        call = getattr(functional, fn_name)
                        result = call(func, one_or_tuple(inputs), create_graph=create_graph, **args)
                        results.append(flatten(result))
                    mine, theirs = results
                    assert len(mine) == len(theirs), (name, fn_name)
                    for a, b in zip(mine, theirs):
                        assert list(a.shape) == list(b.shape), (name, fn_name)
                        assert a.requires_grad == b.requires_grad, (name, fn_name, create_graph)
                        assert (a.grad_fn is None) == (b.grad_fn is None), (name, fn_name, create_graph)
                        np.testing.assert_allclose(a.detach().numpy(), b.detach().numpy(), rtol=1e-12, atol=1e-14)


def flatten(result):
    """The tensors of a (nested) result, in order."""
    if isinstance(result, tuple):
        return [t for r in result for t in flatten(r)]
    return [result]
