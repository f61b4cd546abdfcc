"""The checker's feedback for the exercises of lessons 06-11: the right answer is accepted, and each common
mistake gets its own message (not just "wrong"). Answers are built with minigrad the way a student would."""

import pytest

import minigrad as torch
from lessons import check
from lessons.exercises.l11_exercises import _fit_line_losses
from minigrad import nn


def run(capsys, name, **answers):
    capsys.readouterr()   # drop what building the answers printed (hooks that print)
    ok = check(name, **answers)
    return ok, capsys.readouterr().out


def assert_feedback(capsys, name, expected, **answers):
    ok, out = run(capsys, name, **answers)
    assert not ok and out.startswith("Not quite:"), out
    assert expected in out, out


# -- 06 ---------------------------------------------------------------------------------------------------
def hooked(retain=True, hooks=(lambda g: g * 2,), backwards=1):
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 2
    out = 3 * y
    if retain:
        y.retain_grad()
    for h in hooks:
        y.register_hook(h)
    for i in range(backwards):
        out.backward(retain_graph=i < backwards - 1)
    return x, y


def test_l06_double_hook_right(capsys):
    x, y = hooked()
    assert run(capsys, "l06_double_hook", x=x, y=y)[0]


@pytest.mark.parametrize("kwargs, expected", [
    (dict(retain=False), "y is not a leaf: call y.retain_grad()"),
    (dict(hooks=()), "without the hook"),
    (dict(hooks=(lambda g: print(g * 2),)), "returns None"),
    (dict(hooks=(lambda g: g * 2, lambda g: g * 2)), "doubled twice"),
    (dict(backwards=2), "doubled twice"),
])
def test_l06_double_hook_mistakes(capsys, kwargs, expected):
    x, y = hooked(**kwargs)
    assert_feedback(capsys, "l06_double_hook", expected, x=x, y=y)


def test_l06_double_hook_hook_on_x(capsys):
    x = torch.tensor(2.0, requires_grad=True)
    y = x ** 2
    y.retain_grad()
    x.register_hook(lambda g: g * 2)
    (3 * y).backward()
    assert_feedback(capsys, "l06_double_hook", "a hook on x?", x=x, y=y)


def test_l06_double_hook_leaf_y(capsys):
    x = torch.tensor(2.0, requires_grad=True)
    assert_feedback(capsys, "l06_double_hook", "non-leaf", x=x, y=torch.tensor(4.0, requires_grad=True))


def test_l06_cut_branch(capsys):
    assert run(capsys, "l06_cut_branch", x_grad=8.0)[0]
    assert run(capsys, "l06_cut_branch", x_grad=torch.tensor(8.0))[0]
    assert_feedback(capsys, "l06_cut_branch", "without the hook", x_grad=4.0)
    assert_feedback(capsys, "l06_cut_branch", "y1 branch alone", x_grad=-4.0)
    assert_feedback(capsys, "l06_cut_branch", "cuts only the y1 branch", x_grad=0.0)
    assert_feedback(capsys, "l06_cut_branch", "x_grad is not right yet", x_grad=5.0)


def test_l06_cut_branch_matches_the_engine():
    """The expected answer is what the engine computes."""
    x = torch.tensor(3.0, requires_grad=True)
    y1 = x + 1
    y2 = 2 * x
    loss = (y1 - y2) ** 2
    y1.register_hook(lambda g: g * 0)
    loss.backward()
    assert x.grad.item() == 8.0


# -- 07 ---------------------------------------------------------------------------------------------------
def loop(zero):
    w = torch.tensor(2.0, requires_grad=True)
    for _ in range(3):
        if zero == "before":
            w.grad = None
        loss = (3 * w - 1) ** 2
        loss.backward()
    if zero == "after":
        w.grad.zero_()
    return w


def test_l07_zero_grad(capsys):
    assert run(capsys, "l07_zero_grad", w=loop("before"))[0]
    assert_feedback(capsys, "l07_zero_grad", "too large: gradients accumulate", w=loop(None))
    assert_feedback(capsys, "l07_zero_grad", "after the last backward()", w=loop("after"))
    assert_feedback(capsys, "l07_zero_grad", "does not require grad", w=torch.tensor(2.0))
    assert_feedback(capsys, "l07_zero_grad", "the exercise's w", w=torch.tensor(3.0, requires_grad=True))
    assert_feedback(capsys, "l07_zero_grad", "pass the tensor w itself", w=30.0)


def test_l07_predict(capsys):
    assert run(capsys, "l07_predict", grad_at_A=8.0, grad_at_B=2.0)[0]
    assert_feedback(capsys, "l07_predict", "one backward's gradient only", grad_at_A=4.0, grad_at_B=2.0)
    assert_feedback(capsys, "l07_predict", "still holds point A", grad_at_A=8.0, grad_at_B=10.0)
    assert_feedback(capsys, "l07_predict", "sign flipped", grad_at_A=-8.0, grad_at_B=2.0)


# -- 08 ---------------------------------------------------------------------------------------------------
def test_l08_reassign(capsys):
    assert run(capsys, "l08_reassign", dy_last=torch.tensor(12.0), dy_first=torch.tensor(24.0))[0]
    assert_feedback(capsys, "l08_reassign", "the first product's gradient", dy_last=24.0, dy_first=12.0)
    assert_feedback(capsys, "l08_reassign", "the value of the last y", dy_last=6.0, dy_first=24.0)
    assert_feedback(capsys, "l08_reassign", "multiplied by w2", dy_last=12.0, dy_first=12.0)


def test_l08_detach(capsys):
    assert run(capsys, "l08_detach", x_grad=4.0)[0]
    assert_feedback(capsys, "l08_detach", "differentiates both terms", x_grad=16.0)
    assert_feedback(capsys, "l08_detach", "the detached term", x_grad=12.0)
    assert_feedback(capsys, "l08_detach", "too large: a contribution", x_grad=8.0)


def test_l08_inplace(capsys):
    for right in (5, 5.0, "5", "line 5", torch.tensor(5)):
        assert run(capsys, "l08_inplace", failing_line=right)[0], right
    assert_feedback(capsys, "l08_inplace", "line 4 runs fine", failing_line=4)
    assert_feedback(capsys, "l08_inplace", "one line does raise", failing_line=0)
    assert_feedback(capsys, "l08_inplace", "runs before b is changed", failing_line=3)
    assert_feedback(capsys, "l08_inplace", "failing_line is not right yet", failing_line=2)
    assert_feedback(capsys, "l08_inplace", "one line does raise", failing_line=None)


# -- 09 ---------------------------------------------------------------------------------------------------
def weighted(weights):
    x = torch.tensor([2.], requires_grad=True)
    v = torch.cat([x * x, 3 * x])
    v.backward(gradient=torch.tensor(weights))
    return x


def test_l09_weighted(capsys):
    assert run(capsys, "l09_weighted", x=weighted([1., -1.]))[0]
    assert_feedback(capsys, "l09_weighted", "weights both outputs by one", x=weighted([1., 1.]))
    assert_feedback(capsys, "l09_weighted", "the first output only", x=weighted([1., 0.]))
    assert_feedback(capsys, "l09_weighted", "sign flipped", x=weighted([-1., 1.]))
    assert_feedback(capsys, "l09_weighted", "the exercise's x", x=torch.tensor([3.], requires_grad=True))


def test_l09_second_derivative(capsys):
    x = torch.tensor(2.0, requires_grad=True)
    d1 = torch.autograd.grad(x ** 3 - 2 * x, x, create_graph=True)[0]
    d2 = torch.autograd.grad(d1, x)[0]
    assert run(capsys, "l09_second_derivative", d1=d1, d2=d2)[0]
    assert_feedback(capsys, "l09_second_derivative", "swapped", d1=12.0, d2=10.0)
    assert_feedback(capsys, "l09_second_derivative", "the value f(2)", d1=4.0, d2=12.0)
    assert_feedback(capsys, "l09_second_derivative", "d2 is not right yet", d1=10.0, d2=6.0)


# -- 11 ---------------------------------------------------------------------------------------------------
def lab2b(retain=True, backwards=1, x0=-2.0):
    x = torch.tensor(x0, requires_grad=True)
    y = torch.tensor(2., requires_grad=True)
    z = torch.tensor(3., requires_grad=True)
    p = x ** 2
    q = p + y
    f = q * z
    if retain:
        p.retain_grad()
        q.retain_grad()
    for i in range(backwards):
        f.backward(retain_graph=i < backwards - 1)
    return dict(x=x, y=y, z=z, p=p, q=q)


def test_lab2b(capsys):
    assert run(capsys, "lab2b_f", **lab2b())[0]
    assert_feedback(capsys, "lab2b_f", "p is not a leaf: call p.retain_grad()", **lab2b(retain=False))
    assert_feedback(capsys, "lab2b_f", "too large: gradients accumulate", **lab2b(backwards=2))
    assert_feedback(capsys, "lab2b_f", "the inputs the exercise gives", **lab2b(x0=2.0))


def test_l11_leaves(capsys):
    assert run(capsys, "l11_leaves", leaves={"weight", "x", "d", "n"})[0]
    assert run(capsys, "l11_leaves", leaves=["lin.weight", "x", "d", "n"])[0]
    assert_feedback(capsys, "l11_leaves", "is missing one leaf. A leaf has no grad_fn", leaves={"weight", "x", "d"})
    assert_feedback(capsys, "l11_leaves", "holds one tensor that is not a leaf.", leaves={"weight", "x", "d", "n", "m"})
    assert_feedback(capsys, "l11_leaves", "is missing two leaves and holds two tensors that are not leaves.",
                    leaves={"weight", "x", "h", "m"})
    assert_feedback(capsys, "l11_leaves", "use the names weight", leaves={"weight", "bias"})
    assert_feedback(capsys, "l11_leaves", "is missing one leaf", leaves="weight, x, d")
    assert run(capsys, "l11_leaves", leaves="weight, x, d, n")[0]


def test_l11_leaves_matches_the_engine():
    lin = nn.Linear(2, 1)
    x = torch.ones(1, 2)
    h = lin(x)
    d = h.detach()
    with torch.no_grad():
        n = lin.weight * 2
    m = lin.weight.t()
    tensors = dict(weight=lin.weight, x=x, h=h, d=d, n=n, m=m)
    assert {k for k, t in tensors.items() if t.is_leaf} == {"weight", "x", "d", "n"}


def test_l11_hook_order(capsys):
    assert run(capsys, "l11_hook_order", order=["c", "b", "a", "x"])[0]
    assert_feedback(capsys, "l11_hook_order", "created most recently", order=["c", "a", "b", "x"])
    assert_feedback(capsys, "l11_hook_order", "backward starts at c", order=["x", "a", "b", "c"])
    assert_feedback(capsys, "l11_hook_order", "x's hook runs last", order=["c", "b", "x", "a"])
    assert_feedback(capsys, "l11_hook_order", "prints once", order=["c", "b", "x", "a", "x"])


def test_l11_hook_order_matches_the_engine(capsys):
    x = torch.tensor(1.0, requires_grad=True)
    a = x * 2
    b = x + 3
    c = a * b
    for name, t in (("a", a), ("b", b), ("x", x), ("c", c)):
        t.register_hook(lambda g, name=name: print(name))
    c.backward()
    assert capsys.readouterr().out.split() == ["c", "b", "a", "x"]


def test_l11_retain_graph(capsys):
    assert run(capsys, "l11_retain_graph", failing_line="B", x_grad_fixed=torch.tensor(30.0))[0]
    assert_feedback(capsys, "l11_retain_graph", "first pass", failing_line="A", x_grad_fixed=30.0)
    assert_feedback(capsys, "l11_retain_graph", "one line does fail", failing_line="none", x_grad_fixed=30.0)
    assert_feedback(capsys, "l11_retain_graph", "loss1's share only", failing_line="B", x_grad_fixed=12.0)
    assert_feedback(capsys, "l11_retain_graph", "loss2's share only", failing_line="B", x_grad_fixed=18.0)


def train(zero_grad="start", steps=100, step=True, lr=0.1):
    model = nn.Linear(1, 1)
    with torch.no_grad():
        model.weight.copy_(torch.tensor([[0.5]]))
        model.bias.copy_(torch.tensor([0.0]))
    X = torch.tensor([[0.], [1.], [2.], [3.]])
    Y = 2 * X + 1
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for _ in range(steps):
        if zero_grad == "start":
            optimizer.zero_grad()
        loss = nn.MSELoss()(model(X), Y)
        loss.backward()
        if zero_grad == "between":
            optimizer.zero_grad()
        if step:
            optimizer.step()
        losses.append(loss.item())
    return dict(losses=losses, weight=model.weight, bias=model.bias)


def test_l11_fit_line(capsys):
    assert run(capsys, "l11_fit_line", **train())[0]
    assert_feedback(capsys, "l11_fit_line", "never resets the gradients", **train(zero_grad=None))
    assert_feedback(capsys, "l11_fit_line", "never updated", **train(step=False))
    assert_feedback(capsys, "l11_fit_line", "not between backward() and step()", **train(zero_grad="between"))
    assert_feedback(capsys, "l11_fit_line", "one loss.item() per step", **train(steps=50))
    assert_feedback(capsys, "l11_fit_line", "lr=0.1", **train(lr=0.05))
    assert_feedback(capsys, "l11_fit_line", "one loss.item() per step", losses=5.0, weight=1.0, bias=1.0)


def test_l11_fit_line_reference_matches_minigrad():
    """The checker's plain-Python reference runs are the runs minigrad's nn and optim produce."""
    for zero in ("start", None):
        got = train(zero_grad=zero)["losses"]
        want, _, _ = _fit_line_losses(zero_grad=zero == "start")
        assert all(abs(g - w) <= 1e-4 + 1e-3 * abs(w) for g, w in zip(got, want))


# -- 10 ---------------------------------------------------------------------------------------------------
def test_l10_count_functions(capsys):
    assert run(capsys, "l10_count_functions", functions_without_detach=5, functions_with_detach=4)[0]
    assert_feedback(capsys, "l10_count_functions", "count AccumulateGrad too",
                    functions_without_detach=4, functions_with_detach=3)
    assert_feedback(capsys, "l10_count_functions", "one AccumulateGrad node",
                    functions_without_detach=6, functions_with_detach=4)
    assert_feedback(capsys, "l10_count_functions", "its PowBackward0 is not in the graph",
                    functions_without_detach=5, functions_with_detach=5)
    assert_feedback(capsys, "l10_count_functions", "still there",
                    functions_without_detach=5, functions_with_detach=3)


def test_l10_counts_match_make_dot():
    """The expected counts are the Function boxes make_dot draws."""
    from minigrad.viz import make_dot

    x = torch.ones(10, requires_grad=True)
    for out, want in (((x ** 2 + x ** 3).sum(), 5), ((x.detach() ** 2 + x ** 3).sum(), 4)):
        source = make_dot(out).source
        assert source.count("Backward0>") + source.count("AccumulateGrad>") == want, source
