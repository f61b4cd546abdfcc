"""``nn`` and ``optim`` as the lessons use them, behaving like torch 2.13's: Parameter, Module
registration and order, zero_grad, train/eval, reprs, Linear, MSELoss and SGD's update rule.

Every expected value here was checked against torch 2.13 (the same code with ``import torch``).
"""

import math

import numpy as np
import pytest

import minigrad as torch
from minigrad import nn


def test_parameter_is_a_leaf_that_requires_grad():
    p = nn.Parameter(torch.ones(2))
    assert isinstance(p, torch.Tensor) and type(p).__name__ == "Parameter"
    assert p.is_leaf and p.requires_grad and p.grad_fn is None
    assert repr(p) == "Parameter containing:\ntensor([1., 1.], requires_grad=True)"
    x = torch.ones(2, requires_grad=True)
    q = nn.Parameter(x * 2)  # made from a computed tensor: still a fresh leaf
    assert q.is_leaf and q.grad_fn is None and q.tolist() == [2.0, 2.0]
    frozen = nn.Parameter(torch.ones(2), requires_grad=False)
    assert frozen.requires_grad is False
    assert repr(frozen) == "Parameter containing:\ntensor([1., 1.])"
    assert repr(p * 2) == "tensor([2., 2.], grad_fn=<MulBackward0>)"  # results are plain tensors


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = nn.Parameter(torch.zeros(1))
        self.inner = nn.Linear(2, 2, bias=False)
        self.a = nn.Parameter(torch.ones(1))
        self.plain = torch.ones(3)  # a tensor attribute is not a parameter
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.inner(x)) * self.a + self.b


def test_module_registers_parameters_and_submodules_in_assignment_order():
    net = Net()
    assert [n for n, _ in net.named_parameters()] == ["b", "a", "inner.weight"]
    assert list(net.parameters()) == [net.b, net.a, net.inner.weight]
    assert [n for n, _ in net.named_modules()] == ["", "inner", "act"]
    assert [type(m).__name__ for m in net.children()] == ["Linear", "ReLU"]
    assert net.plain.tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(AttributeError) as e:
        net.missing
    assert str(e.value) == "'Net' object has no attribute 'missing'"


def test_calling_a_module_runs_forward():
    net = Net()
    with torch.no_grad():
        net.inner.weight.copy_(torch.tensor([[1.0, 0.0], [0.0, -1.0]]))
        net.a.fill_(2.0)
        net.b.fill_(0.5)
    out = net(torch.tensor([[3.0, 4.0]]))
    assert out.tolist() == [[6.5, 0.5]]
    out.sum().backward()
    assert net.a.grad.tolist() == [3.0] and net.b.grad.tolist() == [2.0]
    assert net.inner.weight.grad.tolist() == [[6.0, 8.0], [0.0, 0.0]]


def test_sequential_parameters_and_repr():
    model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1), nn.Tanh(), nn.Sigmoid())
    assert [(n, tuple(p.shape)) for n, p in model.named_parameters()] == [
        ("0.weight", (3, 2)), ("0.bias", (3,)), ("2.weight", (1, 3)), ("2.bias", (1,)),
    ]
    assert repr(model) == (
        "Sequential(\n"
        "  (0): Linear(in_features=2, out_features=3, bias=True)\n"
        "  (1): ReLU()\n"
        "  (2): Linear(in_features=3, out_features=1, bias=True)\n"
        "  (3): Tanh()\n"
        "  (4): Sigmoid()\n"
        ")"
    )
    assert len(model) == 5 and isinstance(model[1], nn.ReLU)


def test_nested_module_repr():
    assert repr(Net()) == (
        "Net(\n  (inner): Linear(in_features=2, out_features=2, bias=False)\n  (act): ReLU()\n)"
    )
    assert repr(nn.MSELoss()) == "MSELoss()"


def test_train_and_eval_set_the_flag_everywhere():
    net = Net()
    assert net.training and net.inner.training
    assert net.eval() is net
    assert (net.training, net.inner.training, net.act.training) == (False, False, False)
    assert net.train() is net
    assert net.training and net.act.training


def test_module_zero_grad_sets_none_by_default():
    lin = nn.Linear(4, 3)
    lin(torch.ones(5, 4)).sum().backward()
    assert lin.weight.grad.tolist() == [[5.0] * 4] * 3
    lin.zero_grad()
    assert lin.weight.grad is None and lin.bias.grad is None
    lin(torch.ones(5, 4)).sum().backward()
    g = lin.weight.grad
    lin.zero_grad(set_to_none=False)
    assert lin.weight.grad is g and g.tolist() == [[0.0] * 4] * 3


def test_linear_shapes_init_and_graph():
    torch.manual_seed(0)
    lin = nn.Linear(4, 3)
    assert tuple(lin.weight.shape) == (3, 4) and tuple(lin.bias.shape) == (3,)
    assert type(lin.weight).__name__ == "Parameter" and lin.weight.is_leaf
    bound = 1 / math.sqrt(4)
    values = np.concatenate([np.asarray(lin.weight.detach().tolist()).ravel(), lin.bias.detach().tolist()])
    assert np.all(np.abs(values) <= bound) and np.ptp(values) > 0  # uniform(-1/sqrt(in), 1/sqrt(in)), not constant
    assert lin(torch.ones(5, 4)).grad_fn.name() == "AddmmBackward0"
    assert tuple(lin(torch.ones(2, 5, 4)).shape) == (2, 5, 3)
    assert tuple(lin(torch.ones(4)).shape) == (3,)
    no_bias = nn.Linear(4, 3, bias=False)
    assert no_bias.bias is None and [n for n, _ in no_bias.named_parameters()] == ["weight"]
    assert repr(no_bias) == "Linear(in_features=4, out_features=3, bias=False)"


def test_linear_computes_x_w_t_plus_b():
    lin = nn.Linear(2, 2)
    with torch.no_grad():
        lin.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
        lin.bias.copy_(torch.tensor([0.5, -0.5]))
    x = torch.tensor([[1.0, 1.0], [2.0, 0.0]])
    out = lin(x)
    assert out.tolist() == [[3.5, 6.5], [2.5, 5.5]]
    out.sum().backward()
    assert lin.weight.grad.tolist() == [[3.0, 1.0], [3.0, 1.0]]
    assert lin.bias.grad.tolist() == [2.0, 2.0]


def test_mse_loss():
    y_hat = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
    y = torch.tensor([0.0, 2.0, 1.0])
    loss = nn.MSELoss()(y_hat, y)
    assert loss.item() == pytest.approx(10 / 3) and loss.grad_fn.name() == "MseLossBackward0"
    loss.backward()
    assert y_hat.grad.tolist() == pytest.approx([2 / 3, 0.0, 2.0])
    assert nn.MSELoss(reduction="sum")(y_hat, y).item() == 10.0
    assert nn.MSELoss(reduction="none")(y_hat, y).tolist() == [1.0, 0.0, 9.0]
    assert torch.nn.functional.mse_loss(y_hat, y).item() == loss.item()


def _steps(n, **kwargs):
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    opt = torch.optim.SGD([w], **kwargs)
    out = []
    for _ in range(n):
        opt.zero_grad()
        (w * w).sum().backward()  # grad = 2w
        opt.step()
        out.append(w.tolist())
    return w, opt, out


def test_sgd_plain_step():
    w, opt, out = _steps(2, lr=0.1)
    # w <- w - 0.1 * 2w = 0.8 w
    assert out[0] == pytest.approx([0.8, -1.6]) and out[1] == pytest.approx([0.64, -1.28])
    assert w.is_leaf and w.grad_fn is None and w.requires_grad
    assert w._version == 2


def test_sgd_momentum_follows_torchs_rule_and_rounding():
    w, opt, out = _steps(3, lr=0.1, momentum=0.9)
    # buf1 = g1 = 2; w1 = 0.8. g2 = 1.6, buf2 = 0.9*2 + 1.6 = 3.4; w2 = 0.8 - 0.34 = 0.46.
    # g3 = 0.92, buf3 = 0.9*3.4 + 0.92 = 3.98; w3 = 0.46 - 0.398 = 0.062 (times -2 for the second element)
    assert [o[0] for o in out] == pytest.approx([0.8, 0.46, 0.062])
    assert [o[1] for o in out] == pytest.approx([-1.6, -0.92, -0.124])
    # torch 2.13 rounds ``p.add_(buf, alpha=-lr)`` once (fused); these are its float32 results
    assert out[2] == [0.06199999898672104, -0.12399999797344208]
    assert opt.state[w]["momentum_buffer"].tolist() == pytest.approx([3.98, -7.96])


def test_sgd_dampening_weight_decay_and_nesterov():
    _, _, out = _steps(2, lr=0.1, momentum=0.9, dampening=0.5, weight_decay=0.1)
    # g = 2w + 0.1w = 2.1w. step 1: buf = 2.1, w = 1 - 0.21 = 0.79.
    # step 2: g = 1.659, buf = 0.9*2.1 + 0.5*1.659 = 2.7195, w = 0.79 - 0.27195 = 0.51805
    assert [o[0] for o in out] == pytest.approx([0.79, 0.51805])
    _, _, out = _steps(2, lr=0.1, momentum=0.9, nesterov=True)
    # step 1: buf = 2, g' = 2 + 0.9*2 = 3.8, w = 0.62. step 2: g = 1.24, buf = 1.8 + 1.24 = 3.04,
    # g' = 1.24 + 0.9*3.04 = 3.976, w = 0.62 - 0.3976 = 0.2224
    assert [o[0] for o in out] == pytest.approx([0.62, 0.2224])
    _, _, out = _steps(1, lr=0.1, maximize=True)
    assert out[0] == pytest.approx([1.2, -2.4])


def test_sgd_zero_grad_and_skipping_params_without_grad():
    w = torch.tensor([1.0, -2.0], requires_grad=True)
    unused = torch.tensor([5.0], requires_grad=True)
    opt = torch.optim.SGD([w, unused], lr=0.1)
    (w * w).sum().backward()
    opt.zero_grad(set_to_none=False)
    assert w.grad.tolist() == [0.0, 0.0] and unused.grad is None
    opt.step()
    assert w.tolist() == [1.0, -2.0] and unused.tolist() == [5.0]
    (w * w).sum().backward()
    opt.zero_grad(set_to_none=True)
    assert w.grad is None


def test_sgd_bad_arguments_and_repr():
    w = torch.tensor([1.0], requires_grad=True)
    for kwargs, message in [
        (dict(params=[], lr=0.1), "optimizer got an empty parameter list"),
        (dict(params=[w], lr=-0.1), "Invalid learning rate: -0.1"),
        (dict(params=[w], lr=0.1, momentum=-1), "Invalid momentum value: -1"),
        (dict(params=[w], lr=0.1, nesterov=True), "Nesterov momentum requires a momentum and zero dampening"),
    ]:
        with pytest.raises(ValueError) as e:
            torch.optim.SGD(**kwargs)
        assert str(e.value) == message
    # torch's own comparisons: SGD tests ``lr < 0.0`` (nan passes), Adam ``not 0.0 <= lr`` (nan is refused)
    torch.optim.SGD([w], lr=float("nan"))
    with pytest.raises(ValueError, match="^Invalid learning rate: nan$"):
        torch.optim.Adam([w], lr=float("nan"))
    for make, message in [(torch.optim.SGD, "'<' not supported between instances of 'str' and 'float'"),
                          (torch.optim.Adam, "'<=' not supported between instances of 'float' and 'str'")]:
        with pytest.raises(TypeError) as e:
            make([w], lr="0.1")
        assert str(e.value) == message
    assert repr(torch.optim.SGD([w], lr=0.1)) == (
        "SGD (\nParameter Group 0\n    dampening: 0\n    differentiable: False\n    foreach: None\n"
        "    fused: None\n    lr: 0.1\n    maximize: False\n    momentum: 0\n    nesterov: False\n"
        "    weight_decay: 0\n)"
    )


def test_fit_a_line():
    x = torch.tensor([[0.0], [1.0], [2.0], [3.0]])
    y = 2 * x + 1
    model = nn.Linear(1, 1)
    with torch.no_grad():
        model.weight.fill_(0.0)
        model.bias.fill_(0.0)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = nn.MSELoss()
    losses = []
    for _ in range(200):
        opt.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    # first loss: mean of (2x+1)^2 over x = 0..3 = (1 + 9 + 25 + 49) / 4
    assert losses[0] == 21.0
    # first step by hand: dL/dw = mean(-2 (2x+1) x) = -17, dL/db = mean(-2 (2x+1)) = -8
    assert losses[1] == pytest.approx(np.mean((2 * np.arange(4) + 1 - (1.7 * np.arange(4) + 0.8)) ** 2))
    assert model.weight.item() == pytest.approx(2.0, abs=1e-3) and model.bias.item() == pytest.approx(1.0, abs=1e-3)
    assert all(a > b for a, b in zip(losses, losses[1:50]))
