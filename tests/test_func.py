"""``torch.func`` (its behaviour against torch is the parity case ``func_transforms``), over hypothesis inputs in
float64: ``jacrev`` and ``hessian`` give ``autograd.functional``'s Jacobians and Hessians (checked there against
central differences), ``grad`` gives ``autograd.grad``'s gradient, ``vmap(grad(f))`` the per-sample gradients of a
loop, nested ``grad`` the second derivative, and ``functional_call`` leaves the module as it found it."""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import minigrad as torch
from minigrad.autograd import functional

CHECK = settings(derandomize=True, max_examples=10, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
VALUES = st.floats(-2.0, 2.0, allow_nan=False, allow_subnormal=False)


def vectors(n=3):
    return hnp.arrays(np.float64, (n,), elements=VALUES)


def f(x):
    return (x.sin() * x.sum() + x.tanh() ** 2).sum()


@CHECK
@given(vectors())
def test_grad_jacrev_and_hessian_give_autograds_numbers(a):
    x = torch.tensor(a)
    np.testing.assert_allclose(torch.func.grad(f)(x).numpy(), functional.jacobian(f, x).numpy(), rtol=1e-12)
    g = lambda x: x.sin() * x.sum()  # noqa: E731 - a vector function
    np.testing.assert_allclose(torch.func.jacrev(g)(x).numpy(), functional.jacobian(g, x).numpy(), rtol=1e-12)
    hessian = functional.hessian(f, x).numpy()
    np.testing.assert_allclose(torch.func.hessian(f)(x).numpy(), hessian, rtol=1e-9, atol=1e-12)
    second = torch.func.grad(lambda y: torch.func.grad(f)(y).sum())(x)
    np.testing.assert_allclose(second.numpy(), hessian.sum(0), rtol=1e-9, atol=1e-12)
    assert not torch.func.grad(f)(x).requires_grad


@CHECK
@given(hnp.arrays(np.float64, (4, 3), elements=VALUES))
def test_vmap_of_grad_gives_the_gradient_of_each_sample(batch):
    xs = torch.tensor(batch)
    per_sample = torch.vmap(torch.func.grad(f))(xs)
    loop = [torch.func.grad(f)(torch.tensor(row)) for row in batch]
    np.testing.assert_array_equal(per_sample.numpy(), torch.stack(loop).numpy())
    for row, got in zip(batch, per_sample):
        x = torch.tensor(row, requires_grad=True)
        (want,) = torch.autograd.grad(f(x), x)
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-12)


def test_functional_call_swaps_and_restores_parameters():
    model = torch.nn.Linear(3, 1, dtype=torch.float64)
    before = {k: v.detach().clone() for k, v in model.named_parameters()}
    params = {"weight": torch.ones(1, 3, dtype=torch.float64), "bias": torch.zeros(1, dtype=torch.float64)}
    x = torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64)
    grads = torch.func.grad(lambda p: torch.func.functional_call(model, p, (x,)).sum())(params)
    assert grads["weight"].tolist() == [[1.0, 2.0, 3.0]] and grads["bias"].tolist() == [1.0]
    for name, p in model.named_parameters():
        assert isinstance(p, torch.nn.Parameter) and np.array_equal(p.detach().numpy(), before[name].numpy())


def g(x):
    return x.sin() * x.sum() + x.tanh() ** 2


@CHECK
@given(vectors(), vectors())
def test_forward_mode_gives_the_jacobian_times_the_tangent(a, b):
    """``jvp``, ``linearize``, ``forward_ad`` and ``jacfwd`` (all the double vjp): ``J v`` and ``J`` as
    ``autograd.functional.jacobian`` gives them (reverse mode)."""
    x, v = torch.tensor(a), torch.tensor(b)
    jacobian = functional.jacobian(g, x).numpy()
    out, tangent = torch.func.jvp(g, (x,), (v,))
    np.testing.assert_array_equal(out.numpy(), g(x).numpy())
    np.testing.assert_allclose(tangent.numpy(), jacobian @ b, rtol=1e-10, atol=1e-12)
    assert not out.requires_grad and not tangent.requires_grad
    np.testing.assert_array_equal(torch.func.linearize(g, x)[1](v).numpy(), tangent.numpy())
    with torch.autograd.forward_ad.dual_level():
        dual_out = g(torch.autograd.forward_ad.make_dual(x, v))
        primal, dual_tangent = torch.autograd.forward_ad.unpack_dual(dual_out)
    np.testing.assert_array_equal(primal.numpy(), out.numpy())
    np.testing.assert_allclose(dual_tangent.numpy(), tangent.numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(torch.func.jacfwd(g)(x).numpy(), jacobian, rtol=1e-10, atol=1e-12)
    forward = functional.jacobian(g, x, vectorize=True, strategy="forward-mode").numpy()
    np.testing.assert_array_equal(forward, torch.func.jacfwd(g)(x).numpy())


@CHECK
@given(vectors())
def test_forward_over_reverse_gives_the_hessian(a):
    x = torch.tensor(a)
    hessian = functional.hessian(f, x).numpy()
    np.testing.assert_allclose(torch.func.jacfwd(torch.func.jacrev(f))(x).numpy(), hessian, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(torch.func.jacrev(torch.func.jacfwd(f))(x).numpy(), hessian, rtol=1e-9, atol=1e-12)
    by_columns = functional.hessian(f, x, vectorize=True, outer_jacobian_strategy="forward-mode")
    np.testing.assert_allclose(by_columns.detach().numpy(), hessian, rtol=1e-9, atol=1e-12)


def test_jvp_nests_and_dual_levels_do_not():
    x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
    v = torch.ones(3, dtype=torch.float64)
    second = torch.func.jvp(lambda a: torch.func.jvp(torch.sin, (a,), (v,))[1], (x,), (v,))[1]
    np.testing.assert_allclose(second.numpy(), -np.sin(x.numpy()), rtol=1e-15)
    with torch.autograd.forward_ad.dual_level():
        for nested in (torch.autograd.forward_ad.enter_dual_level, lambda: torch.func.jvp(torch.sin, (x,), (v,))):
            try:
                nested()
            except RuntimeError as e:
                assert str(e) == "Nested forward mode AD is not supported at the moment"
            else:
                raise AssertionError("a nested dual level was allowed")
        d = torch.autograd.forward_ad.make_dual(x, v) * 1
        d.mul_(2)
        try:
            torch.autograd.forward_ad.unpack_dual(d)
        except NotImplementedError:
            pass
        else:
            raise AssertionError("a tangent survived an in-place change it does not follow")
    assert torch.autograd.forward_ad.unpack_dual(d).tangent is None
