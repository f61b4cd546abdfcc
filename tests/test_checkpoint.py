"""Gradient checkpointing (its behaviour against torch is the parity case ``checkpoint_both_ways``): a checkpointed
block gives the gradients the plain block gives, dropout included (the random state is replayed), while its nodes
keep no tensor between forward and backward."""

import numpy as np
import pytest

import minigrad as torch
from minigrad.autograd.graph import PackedTensor

nn = torch.nn


def model():
    torch.manual_seed(3)
    return nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Dropout(0.5), nn.Linear(8, 2))


def grads(run):
    m = model()
    x = torch.linspace(-1.0, 1.0, 12).reshape(3, 4).requires_grad_()
    torch.manual_seed(7)
    out = run(m, x)
    (out * torch.tensor([1.0, -2.0])).sum().backward()
    return [p.grad.numpy().copy() for p in m.parameters()] + [x.grad.numpy().copy()], out.detach().numpy()


@pytest.mark.parametrize("use_reentrant", [False, True])
def test_a_checkpointed_block_differentiates_as_the_plain_block(use_reentrant):
    plain, plain_out = grads(lambda m, x: m(x))
    checked, checked_out = grads(lambda m, x: torch.utils.checkpoint.checkpoint(m, x, use_reentrant=use_reentrant))
    np.testing.assert_array_equal(checked_out, plain_out)
    for got, want in zip(checked, plain):
        np.testing.assert_array_equal(got, want)


def test_the_non_reentrant_block_keeps_numbers_and_runs_again_once_per_backward():
    runs = []

    def block(x):
        runs.append(1)
        return torch.tanh(x * 3).exp()

    x = torch.ones(3, requires_grad=True)
    y = torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)
    kept = [v for node in (y.grad_fn, y.grad_fn.next_functions[0][0]) for v in node._stash]
    assert kept and all(type(v) is PackedTensor and isinstance(v.packed, int) for v in kept)
    y.sum().backward(retain_graph=True)
    y.sum().backward()
    assert len(runs) == 3  # the forward, then once in each backward
    np.testing.assert_allclose(x.grad.numpy(), 2 * 3 * (1 - np.tanh(3.0) ** 2) * np.exp(np.tanh(3.0)), rtol=1e-5)
