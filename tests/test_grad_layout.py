"""Gradients are laid out like the tensors they belong to, as torch's are (its "layout contract").

``nn.Linear`` multiplies by ``weight.t()``, a column-major matrix; torch's ``mm_mat2_backward`` then
computes the gradient transposed, so that ``weight.grad`` is contiguous like ``weight``.
"""

import numpy as np
import pytest

import minigrad as torch
from minigrad import nn
from minigrad.ops.linalg import is_column_major

RNG = np.random.default_rng(7)
X = RNG.standard_normal((5, 4)).astype(np.float32)


def _linear_step(lib, bias=True):
    lib.manual_seed(0)
    layer = lib.nn.Linear(4, 3, bias=bias)
    with lib.no_grad():  # minigrad's manual_seed does not give torch's numbers: set them
        layer.weight.copy_(lib.tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 10))
        if bias:
            layer.bias.copy_(lib.tensor(np.array([0.5, -0.25, 1.0], dtype=np.float32)))
    x = lib.tensor(X, requires_grad=True)
    (layer(x) ** 2).sum().backward()
    return layer, x


@pytest.mark.parametrize("bias", [True, False])
def test_linear_weight_grad_is_contiguous_and_right(bias):
    layer, x = _linear_step(torch, bias)
    w = layer.weight.detach().numpy()
    out = X @ w.T + (layer.bias.detach().numpy() if bias else 0)
    g = 2 * out
    assert layer.weight.grad.is_contiguous()
    np.testing.assert_allclose(layer.weight.grad.numpy(), g.T @ X, rtol=1e-6)
    np.testing.assert_allclose(x.grad.numpy(), g @ w, rtol=1e-6)


@pytest.mark.parametrize("bias", [True, False])
def test_linear_grads_match_torch(bias):
    real = pytest.importorskip("torch")
    ours, x_ours = _linear_step(torch, bias)
    theirs, x_theirs = _linear_step(real, bias)
    assert ours.weight.grad.is_contiguous() == theirs.weight.grad.is_contiguous()
    np.testing.assert_allclose(ours.weight.grad.numpy(), theirs.weight.grad.numpy(), rtol=1e-5)
    np.testing.assert_allclose(x_ours.grad.numpy(), x_theirs.grad.numpy(), rtol=1e-5)


@pytest.mark.parametrize("create_graph", [False, True])  # the formula on arrays, and on Tensors
def test_mat2_grad_is_laid_out_like_mat2_with_the_same_numbers(create_graph):
    mat1 = torch.tensor(RNG.standard_normal((6, 5)).astype(np.float32))
    grad = torch.tensor(RNG.standard_normal((6, 3)).astype(np.float32))
    row = torch.tensor(RNG.standard_normal((5, 3)).astype(np.float32), requires_grad=True)
    col = torch.tensor(row.detach().numpy().T.copy(), requires_grad=True).t()  # same values, column-major
    (g_row,) = torch.autograd.grad(mat1 @ row, row, grad, create_graph=create_graph)
    (g_col,) = torch.autograd.grad(mat1 @ col, col, grad, create_graph=create_graph)
    assert g_row.is_contiguous() and not g_col.is_contiguous()
    np.testing.assert_array_equal(g_row.detach().numpy(), g_col.detach().numpy())


def test_is_column_major():
    w = torch.ones(3, 4)
    assert not is_column_major(w) and is_column_major(w.t())
    assert not is_column_major(torch.ones(1, 4).t())  # both layouts at once: not a transposed matrix


def test_sgd_step_keeps_the_weight_contiguous():
    layer, _ = _linear_step(torch)
    torch.optim.SGD(layer.parameters(), lr=0.1).step()
    assert layer.weight.is_contiguous() and isinstance(layer.weight, nn.Parameter)
