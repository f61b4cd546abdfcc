"""The forward side of autograd, as PyTorch 2.13 documents it: eager forward, requires_grad
contagion, leaves, grad_fn / next_functions wiring, grad modes, detach and .data.

Every expected value here was checked against torch 2.13 (the same code with ``import torch``).
"""

import pytest

import minigrad as torch


def test_forward_is_eager():
    w = torch.tensor([[3.0, 1.0]], requires_grad=True)
    b = torch.tensor([[3.0]], requires_grad=True)
    x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]])
    y_hat = x @ w.t() + b  # computed now, before any loss exists
    assert y_hat.tolist() == [[8.0], [0.5]]
    assert y_hat.grad_fn.name() == "AddBackward0"


def test_requires_grad_is_contagious():
    a = torch.tensor(2.0, requires_grad=True)
    c = torch.tensor(5.0)
    assert (a * c).requires_grad
    assert (c * a).requires_grad
    assert (c + 1).requires_grad is False
    assert ((a + c) * c).requires_grad
    assert (c * c).grad_fn is None


def test_default_is_no_grad_and_flag_can_be_set_on_leaves():
    t = torch.ones(2)
    assert t.requires_grad is False
    t.requires_grad = True
    assert t.requires_grad and t.is_leaf
    assert t.requires_grad_(False) is t
    assert t.requires_grad is False
    assert torch.zeros(2, requires_grad=True).requires_grad


def test_is_leaf_rules():
    x = torch.tensor(3.0, requires_grad=True)
    plain = torch.tensor(3.0)
    y1 = x + 1
    y2 = 2 * x
    loss = (y1 - y2) ** 2
    assert [x.is_leaf, y1.is_leaf, y2.is_leaf, loss.is_leaf] == [True, False, False, False]
    assert plain.is_leaf
    assert (plain * 2).is_leaf  # computed, but nothing requires grad: still a leaf
    assert x.reshape(1).is_leaf is False  # 001: reshape of a leaf makes a non-leaf
    assert x.detach().is_leaf
    with torch.no_grad():
        assert (x * 2).is_leaf


def test_grad_fn_names_and_next_functions_of_y_equals_w_plus_x_times_w_plus_1():
    w = torch.tensor(1.0, requires_grad=True)
    x = torch.tensor(2.0, requires_grad=True)
    a = w + x
    b = w + 1
    y = a * b
    assert y.grad_fn.name() == "MulBackward0"
    (na, ia), (nb, ib) = y.grad_fn.next_functions
    assert na is a.grad_fn and nb is b.grad_fn and (ia, ib) == (0, 0)
    acc_w, acc_x = (n for n, _ in a.grad_fn.next_functions)
    assert acc_w.name() == "torch::autograd::AccumulateGrad"
    assert acc_w.variable is w and acc_x.variable is x
    assert b.grad_fn.next_functions[0][0] is acc_w  # one AccumulateGrad per leaf, shared
    assert b.grad_fn.next_functions[1] == (None, 0)  # the constant 1 needs no grad
    assert acc_w.next_functions == ()
    assert w.grad_fn is None and x.grad_fn is None


def test_next_functions_has_none_for_inputs_without_grad():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    c = torch.tensor([3.0, 4.0])
    y = c * x
    assert y.grad_fn.next_functions[0] == (None, 0)
    assert y.grad_fn.next_functions[1][0].variable is x


def test_grad_fn_repr_and_custom_names():
    x = torch.tensor(1.0, requires_grad=True)
    r = repr((x + 1).grad_fn)
    assert r.startswith("<AddBackward0 object at 0x") and r.endswith(">")
    assert (1 - x).grad_fn.name() == "RsubBackward1"
    assert x.sum().grad_fn.name() == "SumBackward0"


def test_no_grad_context_manager_restores_mode():
    x = torch.ones(2, requires_grad=True)
    assert torch.is_grad_enabled()
    with torch.no_grad():
        assert not torch.is_grad_enabled()
        y = x * 2
        leaf = torch.ones(2, requires_grad=True)  # the flag on new leaves is still honoured
    assert torch.is_grad_enabled()
    assert y.requires_grad is False and y.grad_fn is None
    assert leaf.requires_grad and leaf.is_leaf


def test_enable_grad_inside_no_grad():
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        with torch.enable_grad():
            assert torch.is_grad_enabled()
            y = x * 2
        assert not torch.is_grad_enabled()
    assert y.requires_grad and y.grad_fn.name() == "MulBackward0"


def test_grad_modes_as_decorators():
    @torch.no_grad()
    def off():
        return torch.is_grad_enabled()

    @torch.no_grad
    def off_bare():
        return torch.is_grad_enabled()

    @torch.enable_grad()
    def on():
        return torch.is_grad_enabled()

    @torch.set_grad_enabled(False)
    def off_too():
        return torch.is_grad_enabled()

    assert torch.is_grad_enabled()  # decorating changed nothing
    assert off() is False and off_bare() is False and off_too() is False
    assert torch.is_grad_enabled()
    with torch.no_grad():
        assert on() is True
        assert not torch.is_grad_enabled()
    assert off.__name__ == "off"


def test_grad_modes_restore_after_exceptions():
    with pytest.raises(ValueError):
        with torch.no_grad():
            raise ValueError("boom")
    assert torch.is_grad_enabled()

    @torch.no_grad()
    def fails():
        raise KeyError("boom")

    with pytest.raises(KeyError):
        fails()
    assert torch.is_grad_enabled()

    with torch.no_grad():
        with pytest.raises(ValueError):
            with torch.enable_grad():
                raise ValueError("boom")
        assert not torch.is_grad_enabled()

    with pytest.raises(ValueError):
        with torch.set_grad_enabled(False):
            raise ValueError("boom")
    assert torch.is_grad_enabled()


def test_set_grad_enabled_as_a_call_and_as_a_context_manager():
    try:
        torch.set_grad_enabled(False)
        assert not torch.is_grad_enabled()
        with torch.set_grad_enabled(True):
            assert torch.is_grad_enabled()
        assert not torch.is_grad_enabled()
    finally:
        torch.set_grad_enabled(True)
    x = torch.ones(1, requires_grad=True)
    with torch.set_grad_enabled(False):
        assert (x * 2).requires_grad is False
    assert (x * 2).requires_grad


def test_detach_shares_storage_and_version_counter():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    d = x.detach()
    assert d.requires_grad is False and d.is_leaf and d.grad_fn is None
    d.add_(1)  # allowed: d does not require grad
    assert x.tolist() == [2.0, 3.0]
    assert x._version == 1 and d._version == 1


def test_data_shares_storage_but_not_version_counter():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    d = x.data
    assert d.requires_grad is False and d.is_leaf
    d.mul_(10)
    assert x.tolist() == [10.0, 20.0]
    assert d._version == 1 and x._version == 0


def test_inplace_through_detach_is_detected_but_through_data_is_not():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    x.detach().add_(1)
    with pytest.raises(RuntimeError) as e:
        y.backward()
    assert str(e.value) == (
        "one of the variables needed for gradient computation has been modified by an inplace operation: "
        "[torch.FloatTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection "
        "to find the operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True, check_nan=False)."
    )

    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    x.data.add_(1)  # silently changes what backward sees
    y.backward()
    assert x.grad.tolist() == [4.0, 6.0]


def test_detach_in_place_makes_a_leaf():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    assert y.detach_() is y
    assert y.is_leaf and y.requires_grad is False and y.grad_fn is None


def test_detach_cuts_the_graph_003():
    x = torch.ones(10, requires_grad=True)
    y = x.detach() ** 2
    z = x**3
    out = (y + z).sum()
    out.backward()
    assert x.grad.tolist() == [3.0] * 10


def test_requires_grad_false_on_non_leaf_is_refused_true_is_accepted():
    y = torch.ones(2, requires_grad=True) * 2
    assert y.requires_grad_(True) is y
    with pytest.raises(RuntimeError) as e:
        y.requires_grad_(False)
    assert str(e.value) == (
        "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in "
        "a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
    )


def test_reassignment_creates_a_new_node_003():
    w1 = torch.tensor(2.0, requires_grad=True)
    w2 = torch.tensor(2.0, requires_grad=True)
    x = torch.tensor(4.0, requires_grad=True)
    y = w1 * x
    first = y
    y = w2 * y
    y.retain_grad()
    out = y**2
    out.backward()
    assert y.grad.item() == 32.0
    assert y.grad_fn.next_functions[1][0] is first.grad_fn
