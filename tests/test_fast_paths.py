"""The engine's fast paths (gradients as numpy arrays, a leaf taking over its gradient's buffer) change no
result (tests/test_fingerprints.py) and never make two tensors share memory that torch keeps apart."""

import numpy as np
import pytest

import minigrad as torch
from minigrad.autograd import engine


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
