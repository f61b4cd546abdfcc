"""The backward side of autograd, as PyTorch 2.13 behaves: accumulation, retain_grad, hooks and
their order, backward's arguments, freed graphs, autograd.grad and the engine's order and depth.

Every expected value here was checked against torch 2.13 (the same code with ``import torch``).
"""

import math
import warnings

import pytest

import minigrad as torch

FREED = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
    "you need to access saved tensors after calling backward."
)
NON_LEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute won't be "
    "populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf "
    "Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure "
    "you access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more information. "
    "(Triggered internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)"
)


# -- the documents' figures --------------------------------------------------------------------
def test_y_equals_w_plus_x_times_w_plus_1_004():
    w = torch.tensor([1.0], requires_grad=True)
    x = torch.tensor([2.0], requires_grad=True)
    a = torch.add(w, x)
    a.retain_grad()
    b = torch.add(w, 1)
    b.retain_grad()
    y = torch.mul(a, b)
    y.backward()
    assert (w.grad.item(), x.grad.item(), a.grad.item(), b.grad.item()) == (5.0, 2.0, 2.0, 3.0)


def test_e_equals_ab_plus_c_log_d_002():
    a = torch.tensor([2.0], requires_grad=True)
    b = torch.tensor([3.0], requires_grad=True)
    c = torch.tensor([5.0], requires_grad=True)
    d = torch.tensor([10.0], requires_grad=True)
    u = a * b
    t = torch.log(d)
    v = t * c
    t.retain_grad()
    e = u + v
    assert a.grad is None and t.grad is None
    e.backward()
    assert a.grad.tolist() == [3.0] and b.grad.tolist() == [2.0] and t.grad.tolist() == [5.0]
    assert c.grad.item() == pytest.approx(math.log(10), rel=1e-6)
    assert d.grad.item() == pytest.approx(0.5, rel=1e-6)


def test_exercise_003():
    x = torch.tensor(-2.0, requires_grad=True)
    y = torch.tensor(5.0, requires_grad=True)
    z = torch.tensor(3.0, requires_grad=True)
    p = x**2 + y
    q = p * z
    p.retain_grad()
    q.retain_grad()
    q.backward()
    assert [x.grad.item(), y.grad.item(), z.grad.item(), p.grad.item(), q.grad.item()] == [-12.0, 3.0, 9.0, 3.0, 1.0]


# -- accumulation -----------------------------------------------------------------------------------
def test_gradients_accumulate_and_zero_resets_in_place():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * x).sum().backward()
    first = x.grad
    assert first.tolist() == [2.0, 4.0]
    (x * x).sum().backward()
    assert x.grad is first and first.tolist() == [4.0, 8.0]  # accumulated into the same tensor
    before = x.grad._version
    x.grad.zero_()
    assert x.grad.tolist() == [0.0, 0.0] and x.grad._version == before + 1
    (x * 3).sum().backward()
    assert x.grad is first and x.grad.tolist() == [3.0, 3.0]


def test_grad_is_a_fresh_tensor_not_the_incoming_one():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    g = torch.tensor([5.0, 6.0])
    x.backward(g)
    assert x.grad.tolist() == [5.0, 6.0]
    assert x.grad is not g
    g.zero_()
    assert x.grad.tolist() == [5.0, 6.0]


# -- non-leaf .grad and retain_grad -------------------------------------------------------------------
def test_non_leaf_grad_warns_and_is_none():
    x = torch.tensor(3.0, requires_grad=True)
    y1 = x + 1
    loss = y1 * 2
    loss.backward()
    with pytest.warns(UserWarning) as rec:
        assert y1.grad is None
    assert [str(w.message) for w in rec] == [NON_LEAF_GRAD]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert x.grad.item() == 2.0  # leaves do not warn
        y1.retain_grad()
        assert y1.grad is None  # retained, not yet filled: no warning


def test_retain_grad_keeps_a_non_leaf_gradient():
    x = torch.tensor(3.0, requires_grad=True)
    y = x * x
    y.retain_grad()
    assert y.retains_grad and not x.retains_grad
    z = y * 4
    z.backward(retain_graph=True)
    assert y.grad.item() == 4.0 and x.grad.item() == 24.0
    z.backward()
    assert y.grad.item() == 8.0  # retained grads accumulate too
    x.retain_grad()  # a no-op on leaves
    assert not x.retains_grad


# -- hooks --------------------------------------------------------------------------------------------
def test_hooks_of_the_seed_run_y2_first():
    x = torch.tensor(3.0, requires_grad=True)
    y1 = x + 1
    y2 = 2 * x
    loss = (y1 - y2) ** 2
    seen = []
    y1.register_hook(lambda g: seen.append(("y1", g.item())))
    y2.register_hook(lambda g: seen.append(("y2", g.item())))
    loss.retain_grad()
    loss.backward()
    assert seen == [("y2", 4.0), ("y1", -4.0)]
    assert loss.grad.item() == 1.0 and x.grad.item() == 4.0


def test_hooks_run_in_registration_order_each_seeing_the_previous_result():
    x = torch.tensor(1.0, requires_grad=True)
    y = x * 2
    seen = []

    def record(name, result):
        def hook(g):
            seen.append((name, g.item()))
            return result(g)

        return hook

    h1 = y.register_hook(record("h1", lambda g: g * 3))
    y.register_hook(record("h2", lambda g: None))  # None keeps the gradient
    y.register_hook(record("h3", lambda g: g + 1))
    y.backward(retain_graph=True)
    assert seen == [("h1", 1.0), ("h2", 3.0), ("h3", 3.0)]
    assert x.grad.item() == 8.0  # (1 * 3 + 1) * 2
    h1.remove()
    h1.remove()  # removing twice is harmless
    seen.clear()
    x.grad = None
    y.backward()
    assert seen == [("h2", 1.0), ("h3", 1.0)]
    assert x.grad.item() == 4.0


def test_retain_grad_stores_the_gradient_after_all_tensor_hooks():
    x = torch.tensor(3.0, requires_grad=True)
    y = x * 2
    y.retain_grad()  # registered before the hook, but runs after it
    y.register_hook(lambda g: g * 10)
    (y * 1).backward()
    assert y.grad.item() == 10.0 and x.grad.item() == 20.0


def test_hook_replacement_reaches_the_node_and_node_hooks_see_it():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * x
    seen = []
    y.grad_fn.register_prehook(lambda grad_outputs: seen.append(("pre", grad_outputs[0].item())))
    y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: seen.append(("post", [g.item() for g in grad_inputs])))
    y.register_hook(lambda g: g * 5)
    y.backward()
    assert seen == [("pre", 5.0), ("post", [10.0, 10.0])]
    assert x.grad.item() == 20.0


def test_leaf_hook_runs_before_accumulation():
    x = torch.tensor(3.0, requires_grad=True)
    seen = []

    def hook(g):
        seen.append((g.item(), None if x.grad is None else x.grad.item()))
        return g * 10

    x.register_hook(hook)
    (x * 2).backward()
    (x * 3).backward()
    assert seen == [(2.0, None), (3.0, 20.0)]
    assert x.grad.item() == 50.0


def test_hook_on_a_tensor_without_grad_is_refused():
    with pytest.raises(RuntimeError) as e:
        torch.tensor(1.0).register_hook(lambda g: g)
    assert str(e.value) == "cannot register a hook on a tensor that doesn't require gradient"
    with pytest.raises(RuntimeError) as e:
        torch.tensor(1.0).retain_grad()
    assert str(e.value) == "can't retain_grad on Tensor that has requires_grad=False"


# -- backward's arguments ---------------------------------------------------------------------------------
def test_backward_gradient_weights_outputs_001():
    w = torch.tensor([1.0], requires_grad=True)
    x = torch.tensor([2.0], requires_grad=True)
    a = torch.add(w, x)
    b = torch.add(w, 1)
    y0 = torch.mul(a, b)
    y1 = torch.add(a, b)
    loss = torch.cat([y0, y1], dim=0)
    loss.backward(gradient=torch.tensor([1.0, 2.0]))
    assert w.grad.tolist() == [9.0]
    assert x.grad.tolist() == [4.0]


def test_retain_graph_allows_a_second_backward_and_then_it_is_freed():
    x = torch.tensor(2.0, requires_grad=True)
    loss = x * x
    loss.backward(retain_graph=True)
    loss.backward()
    assert x.grad.item() == 8.0
    with pytest.raises(RuntimeError) as e:
        loss.backward()
    assert str(e.value) == FREED


def test_second_backward_without_retain_graph_raises():
    w = torch.tensor([[3.0, 1.0]], requires_grad=True)
    b = torch.tensor([[3.0]], requires_grad=True)
    x = torch.tensor([[1.0, 2.0], [0.5, -1.0]])
    y = torch.tensor([[1.0], [2.0]])
    loss = torch.mean(torch.pow(x @ w.t() + b - y, 2))
    loss.backward()
    with pytest.raises(RuntimeError) as e:
        loss.backward()
    assert str(e.value) == FREED


def test_a_graph_of_sums_saves_nothing_and_can_run_twice():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    s = (x + 1).sum()
    s.backward()
    s.backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_backward_inputs_limits_which_leaves_accumulate():
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(3.0, requires_grad=True)
    (a * b).backward(inputs=[a])
    assert a.grad.item() == 3.0 and b.grad is None
    with pytest.raises(RuntimeError) as e:
        (a * b).backward(inputs=[])
    assert str(e.value) == "`inputs` argument to `backward()` cannot be empty."


def test_backward_inputs_with_a_non_leaf_fills_its_grad_only():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    z = (y * y).sum()
    z.backward(inputs=[y])
    assert y.retains_grad
    assert y.grad.tolist() == [4.0, 8.0]
    assert x.grad is None


def test_create_graph_makes_grad_differentiable_and_warns(monkeypatch):
    from minigrad import torch_warnings

    monkeypatch.setattr(torch_warnings, "_given", set())  # torch warns once per process: as if none was given
    x = torch.tensor(2.0, requires_grad=True)
    with pytest.warns(UserWarning, match="^Using backward\\(\\) with create_graph=True will create a reference cycle"):
        (x**3).backward(create_graph=True)
    assert x.grad.item() == 12.0 and x.grad.requires_grad
    gx = x.grad
    x.grad = None
    gx.backward()
    assert x.grad.item() == 12.0  # d(3x^2)/dx at 2


def test_backward_on_sums_of_outputs_via_autograd_backward():
    x = torch.tensor(2.0, requires_grad=True)
    torch.autograd.backward([x * 3, x * x], [torch.tensor(1.0), torch.tensor(2.0)])
    assert x.grad.item() == 11.0


# -- autograd.grad ------------------------------------------------------------------------------------
def test_grad_second_derivative_001():
    x = torch.tensor(0.0, requires_grad=True)
    a, b, c = torch.tensor(1.0), torch.tensor(-2.0), torch.tensor(1.0)
    y = a * torch.pow(x, 2) + b * x + c
    dy_dx = torch.autograd.grad(y, x, create_graph=True)[0]
    assert dy_dx.item() == -2.0 and dy_dx.requires_grad
    (dy2_dx2,) = torch.autograd.grad(dy_dx, x)
    assert dy2_dx2.item() == 2.0
    assert x.grad is None  # grad() never touches .grad


def test_grad_third_derivative():
    x = torch.tensor(2.0, requires_grad=True)
    (g1,) = torch.autograd.grad(x**3, x, create_graph=True)
    (g2,) = torch.autograd.grad(g1, x, create_graph=True)
    (g3,) = torch.autograd.grad(g2, x)
    assert (g1.item(), g2.item(), g3.item()) == (12.0, 12.0, 6.0)
    assert g3.requires_grad is False


def test_grad_of_several_outputs_and_inputs_001():
    x1 = torch.tensor(1.0, requires_grad=True)
    x2 = torch.tensor(2.0, requires_grad=True)
    y1 = x1 * x2
    y2 = x1 + x2
    d1, d2 = torch.autograd.grad(outputs=y1, inputs=[x1, x2], retain_graph=True)
    assert (d1.item(), d2.item()) == (2.0, 1.0)
    d1, d2 = torch.autograd.grad(outputs=[y1, y2], inputs=[x1, x2])
    assert (d1.item(), d2.item()) == (3.0, 2.0)


def test_grad_with_grad_outputs_and_non_leaf_inputs():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (g,) = torch.autograd.grad(x * 2, x, grad_outputs=torch.tensor([1.0, 10.0]))
    assert g.tolist() == [2.0, 20.0]
    x = torch.tensor(2.0, requires_grad=True)
    y = x * x
    z = y * 3
    gx, gy = torch.autograd.grad(z, [x, y])
    assert (gx.item(), gy.item()) == (12.0, 3.0)
    assert x.grad is None and not y.retains_grad


def test_grad_frees_the_graph_unless_retained():
    x = torch.tensor(2.0, requires_grad=True)
    loss = x * x
    torch.autograd.grad(loss, x, retain_graph=True)
    (g,) = torch.autograd.grad(loss, x)
    assert g.item() == 4.0
    with pytest.raises(RuntimeError) as e:
        torch.autograd.grad(loss, x)
    assert str(e.value) == FREED


def test_grad_unused_inputs():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    unused = torch.tensor([1.0, 3.0], requires_grad=True)
    with pytest.raises(RuntimeError) as e:
        torch.autograd.grad((x * 2).sum(), [x, unused])
    assert str(e.value) == (
        "The differentiated Tensor at index 1 appears to not have been used in the graph. "
        "Set allow_unused=True if this is the desired behavior."
    )
    gx, gu = torch.autograd.grad((x * 2).sum(), [x, unused], allow_unused=True)
    assert gx.tolist() == [2.0, 2.0] and gu is None
    gx, gu = torch.autograd.grad((x * 2).sum(), [x, unused], materialize_grads=True)
    assert gu.tolist() == [0.0, 0.0]
    with pytest.raises(ValueError) as e:
        torch.autograd.grad((x * 2).sum(), [x], materialize_grads=True, allow_unused=False)
    assert str(e.value) == (
        "Expected allow_unused to be True or not passed when materialize_grads=True, but got: allow_unused=False."
    )
    with pytest.raises(RuntimeError) as e:
        torch.autograd.grad((x * 2).sum(), [torch.tensor(1.0)])
    assert str(e.value) == "One of the differentiated Tensors does not require grad"


# -- the engine ------------------------------------------------------------------------------------------
def test_each_node_runs_once_with_its_grads_summed():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * 3
    calls = []
    y.grad_fn.register_prehook(lambda g: calls.append(g[0].item()))
    (y + y * y + y.exp()).backward()
    assert calls == [pytest.approx(1 + 2 * 6 + math.exp(6))]
    assert x.grad.item() == pytest.approx(3 * (1 + 12 + math.exp(6)))


def test_node_order_matches_torch():
    a = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(3.0, requires_grad=True)
    u = a * b
    v = u.exp()
    w = u + a
    z = (v * w).sin() + w.cos()
    order = []
    for name, t in [("u", u), ("v", v), ("w", w), ("a", a), ("b", b)]:
        t.register_hook(lambda g, name=name: order.append(name))
    z.backward()
    assert order == ["w", "v", "u", "a", "b"]


def test_a_100000_node_chain_needs_no_recursion():
    x = torch.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(100_000):
        y = y + 0.5
    y.backward()
    assert y.item() == 50001.0 and x.grad.item() == 1.0
