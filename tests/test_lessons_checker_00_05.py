"""The checker's feedback for the exercises of lessons 00-05: the right answer is accepted, and each common
mistake gets its own message (not just "wrong")."""

import math

import pytest

import minigrad as torch
from lessons import TODO, check


def run(capsys, name, **answers):
    ok = check(name, **answers)
    return ok, capsys.readouterr().out


def assert_feedback(capsys, name, expected, **answers):
    ok, out = run(capsys, name, **answers)
    assert not ok and out.startswith("Not quite:"), out
    assert expected in out, out


def test_unanswered(capsys):
    ok, out = run(capsys, "l00_warmup", y_value=TODO, w_grad=5.0)
    assert not ok and out.startswith("Not answered yet") and "y_value" in out and "w_grad" not in out


def test_none_is_an_answer_not_a_placeholder(capsys):
    ok, out = run(capsys, "l00_warmup", y_value=None, w_grad=5.0)
    assert not ok and out.startswith("Not quite: y_value is None"), out


@pytest.mark.parametrize("lib", ["minigrad", "torch"])
def test_the_class_tensor_is_not_a_tensor_answer(capsys, lib):
    tensor_class = pytest.importorskip(lib).Tensor  # torch's Tensor, like minigrad's, has a metaclass of its own
    ok, out = run(capsys, "l00_warmup", y_value=tensor_class, w_grad=5.0)
    assert not ok and out.startswith("Not quite: y_value is the class Tensor"), out


# -- 00 ---------------------------------------------------------------------------------------------------
def test_l00_right(capsys):
    assert run(capsys, "l00_warmup", y_value=torch.tensor([6.0]), w_grad=torch.tensor([5.0]))[0]


@pytest.mark.parametrize("y_value, w_grad, expected", [
    (3.0, 5.0, "one factor alone"),
    (6.0, 3.0, "only the path through b"),
    (6.0, 10.0, "is too large: if you read it from .grad"),   # a typed number: no claim about backward calls
    (6.0, -5.0, "has its sign flipped"),
])
def test_l00_mistakes(capsys, y_value, w_grad, expected):
    assert_feedback(capsys, "l00_warmup", expected, y_value=y_value, w_grad=w_grad)


def test_advice_about_backward_is_for_gradients_only(capsys):
    # a value with the wrong sign or counted twice: no word about subtractions' gradients or repeated backward()
    ok, out = run(capsys, "l00_warmup", y_value=-6.0, w_grad=5.0)
    assert "sign flipped" in out and "gradient" not in out, out
    ok, out = run(capsys, "l00_warmup", y_value=12.0, w_grad=5.0)
    assert "too large" in out and "backward" not in out and ".grad" not in out, out
    ok, out = run(capsys, "l00_warmup", y_value=6.0, w_grad=-5.0)
    assert "a subtraction sends minus the gradient" in out, out


def test_names_given_as_numbers_or_as_grads(capsys):
    ok, out = run(capsys, "l05_kept_grads", kept=[1, 2], w_grad=5.0)
    assert out.startswith("Not quite: kept holds a number; give the names as text"), out
    assert run(capsys, "l05_kept_grads", kept=["x.grad", "w.grad"], w_grad=5.0)[0]  # x.grad names x


# -- 01 ---------------------------------------------------------------------------------------------------
def test_l01_control_flow_right(capsys):
    assert run(capsys, "l01_control_flow", grad_n3=torch.tensor(12.0), muls_n3=2, muls_n5=4)[0]


@pytest.mark.parametrize("answers, expected", [
    (dict(grad_n3=16.0, muls_n3=2, muls_n5=4), "an earlier backward()"),
    (dict(grad_n3=24.0, muls_n3=2, muls_n5=4), "is too large"),
    (dict(grad_n3=12.0, muls_n3=3, muls_n5=4), "records nothing"),
    (dict(grad_n3=12.0, muls_n3=2, muls_n5=7), "muls_n5 is not right yet: count the multiplications"),
])
def test_l01_control_flow_mistakes(capsys, answers, expected):
    assert_feedback(capsys, "l01_control_flow", expected, **answers)


def test_l01_retain_graph(capsys):
    assert run(capsys, "l01_retain_graph", grad_after_two=torch.tensor(12.0), third_call_works=False)[0]
    assert_feedback(capsys, "l01_retain_graph", "the first backward's gradient only", grad_after_two=6.0,
                    third_call_works=False)
    assert_feedback(capsys, "l01_retain_graph", "freed the graph", grad_after_two=12.0, third_call_works=True)


# -- 02 ---------------------------------------------------------------------------------------------------
def test_l02_requires_grad(capsys):
    assert run(capsys, "l02_requires_grad", r_requires_grad=False, s_requires_grad=True, u_requires_grad=False)[0]
    assert_feedback(capsys, "l02_requires_grad", "neither p nor the number 3",
                    r_requires_grad=True, s_requires_grad=True, u_requires_grad=False)
    assert_feedback(capsys, "l02_requires_grad", "one input that requires grad (q) is enough",
                    r_requires_grad=False, s_requires_grad=False, u_requires_grad=False)
    assert_feedback(capsys, "l02_requires_grad", "computed only from r",
                    r_requires_grad=False, s_requires_grad=True, u_requires_grad=True)


def _e_graph():
    a, b, c, d = (torch.tensor([v], requires_grad=True) for v in (2.0, 3.0, 5.0, 10.0))
    return a * b + c * torch.log(d)


def test_l02_walk_right_with_names_or_nodes(capsys):
    e = _e_graph()
    assert run(capsys, "l02_walk", root_name="AddBackward0", child_names=["MulBackward0", "MulBackward0"],
               accumulate_count=4)[0]
    assert run(capsys, "l02_walk", root_name=e.grad_fn, child_names=list(e.grad_fn.next_functions),
               accumulate_count=4)[0]


MULS = ["MulBackward0", "MulBackward0"]


@pytest.mark.parametrize("answers, expected", [
    (dict(root_name="MulBackward0", child_names=MULS, accumulate_count=4), "e = u + v"),
    (dict(root_name="AddBackward0", child_names=["MulBackward0", "LogBackward0"], accumulate_count=4), "one level"),
    (dict(root_name="AddBackward0", child_names=MULS, accumulate_count=5), "counts a leaf more than once"),
    (dict(root_name="AddBackward0", child_names=MULS, accumulate_count=2), "has its own AccumulateGrad"),
])
def test_l02_walk_mistakes(capsys, answers, expected):
    assert_feedback(capsys, "l02_walk", expected, **answers)


# -- 03 ---------------------------------------------------------------------------------------------------
def test_l03_chain_rule(capsys):
    assert run(capsys, "l03_chain_rule", dloss_dy1=-8.0, dloss_dy2=8.0, dloss_dx=torch.tensor(8.0))[0]
    assert_feedback(capsys, "l03_chain_rule", "sign flipped", dloss_dy1=8.0, dloss_dy2=8.0, dloss_dx=8.0)
    assert_feedback(capsys, "l03_chain_rule", "only the path through y1", dloss_dy1=-8.0, dloss_dy2=8.0, dloss_dx=-8.0)
    assert_feedback(capsys, "l03_chain_rule", "only the path through y2", dloss_dy1=-8.0, dloss_dy2=8.0, dloss_dx=16.0)
    assert_feedback(capsys, "l03_chain_rule", "local derivative dy2/dx", dloss_dy1=-8.0, dloss_dy2=8.0, dloss_dx=0.0)
    # a hand-computed answer three times too large is not blamed on repeated backward() calls
    ok, out = run(capsys, "l03_chain_rule", dloss_dy1=-8.0, dloss_dy2=8.0, dloss_dx=24)
    assert "too large" in out and "backward()" not in out, out


def test_l03_log_graph(capsys):
    assert run(capsys, "l03_log_graph", de_db=torch.tensor([1.0]), de_dc=math.log(4), de_dd=0.75)[0]
    assert_feedback(capsys, "l03_log_graph", "the other factor", de_db=4.0, de_dc=math.log(4), de_dd=0.75)
    assert_feedback(capsys, "l03_log_graph", "t = log(d)", de_db=1.0, de_dc=4.0, de_dd=0.75)
    assert_feedback(capsys, "l03_log_graph", "1/d alone", de_db=1.0, de_dc=math.log(4), de_dd=0.25)
    assert_feedback(capsys, "l03_log_graph", "too large", de_db=1.0, de_dc=math.log(4), de_dd=1.5)


# -- 04 ---------------------------------------------------------------------------------------------------
def _square(forward, backward):
    return type("MySquare", (torch.autograd.Function,),
                {"forward": staticmethod(forward), "backward": staticmethod(backward)})


def _fwd(ctx, input):
    ctx.save_for_backward(input)
    return input ** 2


def test_l04_mysquare_right(capsys):
    good = _square(_fwd, lambda ctx, g: 2 * ctx.saved_tensors[0] * g)
    assert run(capsys, "l04_mysquare", MySquare=good)[0]


@pytest.mark.parametrize("forward, backward, expected", [
    (_fwd, lambda ctx, g: 2 * ctx.saved_tensors[0], "ignored grad_output"),
    (_fwd, lambda ctx, g: ctx.saved_tensors[0] * g, "input * grad_output, which leaves out a factor"),
    (_fwd, lambda ctx, g: ctx.saved_tensors[0] ** 2 * g, "the forward value"),
    (_fwd, lambda ctx, g: -2 * ctx.saved_tensors[0] * g, "sign flipped"),
    (lambda ctx, t: t ** 2, lambda ctx, g: 2 * ctx.saved_tensors[0] * g, "save_for_backward"),
    (lambda ctx, t: None, lambda ctx, g: g, "forward returned None"),
    (lambda ctx, t: t * 2, lambda ctx, g: g, "should return input ** 2"),
])
def test_l04_mysquare_mistakes(capsys, forward, backward, expected):
    assert_feedback(capsys, "l04_mysquare", expected, MySquare=_square(forward, backward))


def test_l04_mysquare_not_a_function(capsys):
    assert_feedback(capsys, "l04_mysquare", "a subclass of torch.autograd.Function", MySquare=42)


def test_l04_relu_at_zero(capsys):
    assert run(capsys, "l04_relu_at_zero", relu_grad=torch.tensor([0.0, 5.0, 5.0]))[0]
    assert_feedback(capsys, "l04_relu_at_zero", "the built-in torch.relu gives", relu_grad=[0.0, 0.0, 5.0])
    assert_feedback(capsys, "l04_relu_at_zero", "leaves out the upstream gradient", relu_grad=[0.0, 1.0, 1.0])
    assert_feedback(capsys, "l04_relu_at_zero", "too large", relu_grad=[0.0, 10.0, 10.0])
    assert_feedback(capsys, "l04_relu_at_zero", "this answer has three numbers", relu_grad=5)


# -- 05 ---------------------------------------------------------------------------------------------------
RIGHT_LEAVES = dict(p_leaf=True, q_leaf=False, r_leaf=True, s_leaf=False, t_leaf=True)


def test_l05_is_leaf_right(capsys):
    assert run(capsys, "l05_is_leaf", **RIGHT_LEAVES)[0]


@pytest.mark.parametrize("label, expected", [
    ("p_leaf", "created directly"), ("q_leaf", "MulBackward0"), ("r_leaf", "leaves by convention"),
    ("s_leaf", "reshape"), ("t_leaf", "nothing was recorded"),
])
def test_l05_is_leaf_mistakes(capsys, label, expected):
    answers = dict(RIGHT_LEAVES, **{label: not RIGHT_LEAVES[label]})
    assert_feedback(capsys, "l05_is_leaf", expected, **answers)


def test_l05_kept_grads(capsys):
    assert run(capsys, "l05_kept_grads", kept=["w", "x"], w_grad=torch.tensor([5.0]))[0]
    assert_feedback(capsys, "l05_kept_grads", "y is not a leaf", kept=["x", "w", "y"], w_grad=5.0)
    assert_feedback(capsys, "l05_kept_grads", "retain_grad", kept=["x", "w", "a"], w_grad=5.0)
    assert_feedback(capsys, "l05_kept_grads", "leaves out a tensor", kept=["w"], w_grad=5.0)
    assert run(capsys, "l05_kept_grads", kept="x, w", w_grad="5")[0]
    assert_feedback(capsys, "l05_kept_grads", "only one path", kept=["x", "w"], w_grad=3.0)
    assert_feedback(capsys, "l05_kept_grads", "too large", kept=["x", "w"], w_grad=10.0)


# -- the answers reported in issue 13, each once ------------------------------------------------------------
@pytest.mark.parametrize("name, answers, ok, expected", [
    ("l00_warmup", dict(y_value=6, w_grad="five"), False, "is the word 'five'"),
    ("l03_chain_rule", dict(dloss_dy1="abc", dloss_dy2=8, dloss_dx=8), False, "is the word 'abc'"),
    ("l07_zero_grad", dict(w=30), False, "pass the tensor w itself"),
    ("l08_inplace", dict(failing_line="5"), True, "Correct!"),
    ("l01_control_flow", dict(grad_n3=12, muls_n3=2, muls_n5="4"), True, "Correct!"),
    ("l05_kept_grads", dict(kept="x, w", w_grad=5), True, "Correct!"),
    ("l04_relu_at_zero", dict(relu_grad=5), False, "this answer has three numbers"),
    ("l07_predict", dict(grad_at_A=8, grad_at_B=0), False, "right after zero_()"),
    ("l11_retain_graph", dict(failing_line=None, x_grad_fixed=30), False, "one line does fail"),
    ("l03_log_graph", dict(de_db=1, de_dc=1.386, de_dd=0.75), True, "Correct!"),
    ("l03_chain_rule", dict(dloss_dy1=-8, dloss_dy2=8, dloss_dx=24), False, "counted more than once"),
])
def test_issue_13_answers(capsys, name, answers, ok, expected):
    got, out = run(capsys, name, **answers)
    assert bool(got) is ok and expected in out, out
    assert "Traceback" not in out and "should be" not in out and "backward() ran" not in out
