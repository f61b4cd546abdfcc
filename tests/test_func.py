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
