"""Property tests of the exercise checker, over every registered exercise.

The right answers are computed here by running each exercise's code with minigrad (and with PyTorch, when it
is installed), not read from the checker. Then:

* every right answer is accepted in every form a student may give it: the tensor itself, a Python number,
  numpy scalars and arrays, one-element lists, text ("5", "1.386", what printing the tensor shows), PyTorch
  tensors of either float dtype, node objects or their names, lists, sets or text for lists of names;
* wrong answers of every type (text, numbers, bools, None, lists, tuples, numpy arrays and minigrad/PyTorch
  tensors of any shape and dtype, grad_fn nodes, classes, functions, endless iterators, objects whose methods
  raise, and near misses of the right values) never raise, are never accepted, and get feedback that shows
  no expected value the student did not type.
"""

import functools
import itertools
import math
import re
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from lesson_functions import square_function

import minigrad
from lessons.answers import TODO, Feedback, boolean, name_of, names_of, numbers_of
from lessons.check import EXERCISES, evaluate

try:
    import torch
except ImportError:  # torch is optional: its forms are then left out
    torch = None

LIBS = [minigrad] + ([torch] if torch is not None else [])
WRONG_PER_EXERCISE = 120


# -- the right answers, computed by running the exercises' code ---------------------------------------


def _quiet_grad(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return t.grad


def _functions(t):
    seen, todo = [], [t.grad_fn]
    while todo:
        fn = todo.pop()
        if fn is not None and fn not in seen:
            seen.append(fn)
            todo.extend(n for n, _ in fn.next_functions)
    return seen


def _count(t, name):
    return sum(fn.name().endswith(name) for fn in _functions(t))


def l00_warmup(lib, dt):
    x = lib.tensor([2.], dtype=dt, requires_grad=True)
    w = lib.tensor([1.], dtype=dt, requires_grad=True)
    y = lib.mul(lib.add(w, x), lib.add(w, 1))
    y.backward()
    return dict(y_value=y, w_grad=w.grad)


def _power(x, n):
    y = x
    for _ in range(n - 1):
        y = y * x
    return y


def l01_control_flow(lib, dt):
    x = lib.tensor(2.0, dtype=dt, requires_grad=True)
    _power(x, 3).backward()
    return dict(grad_n3=x.grad, muls_n3=_count(_power(x, 3), "MulBackward0"),
                muls_n5=_count(_power(x, 5), "MulBackward0"))


def l01_retain_graph(lib, dt):
    x = lib.tensor(3.0, dtype=dt, requires_grad=True)
    y = x ** 2
    y.backward(retain_graph=True)
    y.backward()
    try:
        y.backward()
        works = True
    except RuntimeError:
        works = False
    return dict(grad_after_two=x.grad, third_call_works=works)


def l02_requires_grad(lib, dt):
    p = lib.ones(2, dtype=dt)
    q = lib.ones(2, dtype=dt, requires_grad=True)
    r = p * 3
    s = p + q
    u = (r * 2).sum()
    return dict(r_requires_grad=r.requires_grad, s_requires_grad=s.requires_grad, u_requires_grad=u.requires_grad)


def _e_graph(lib, dt, values):
    a, b, c, d = (lib.tensor([v], dtype=dt, requires_grad=True) for v in values)
    return (a, b, c, d), a * b + c * lib.log(d)


def l02_walk(lib, dt):
    _, e = _e_graph(lib, dt, (2.0, 3.0, 5.0, 10.0))
    return dict(root_name=e.grad_fn, child_names=list(e.grad_fn.next_functions),
                accumulate_count=_count(e, "AccumulateGrad"))


def l03_chain_rule(lib, dt):
    x = lib.tensor(5.0, dtype=dt, requires_grad=True)
    y1, y2 = x + 1, 2 * x
    y1.retain_grad()
    y2.retain_grad()
    ((y1 - y2) ** 2).backward()
    return dict(dloss_dy1=y1.grad, dloss_dy2=y2.grad, dloss_dx=x.grad)


def l03_log_graph(lib, dt):
    (_, b, c, d), e = _e_graph(lib, dt, (1.0, 4.0, 3.0, 4.0))
    e.backward()
    return dict(de_db=b.grad, de_dc=c.grad, de_dd=d.grad)


def l04_mysquare(lib, dt):
    return dict(MySquare=square_function(lib))


def _relu_class(lib):
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return input.clamp(min=0)

    def backward(ctx, grad_output):
        (saved,) = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[saved < 0] = 0
        return grad_input

    return type("MyReLU", (lib.autograd.Function,), {"forward": staticmethod(forward),
                                                     "backward": staticmethod(backward)})


def l04_relu_at_zero(lib, dt):
    x = lib.tensor([-2.0, 0.0, 3.0], dtype=dt, requires_grad=True)
    (5 * _relu_class(lib).apply(x)).sum().backward()
    return dict(relu_grad=x.grad)


def l05_is_leaf(lib, dt):
    p = lib.tensor([1.0, 2.0], dtype=dt, requires_grad=True)
    r = lib.ones(3, dtype=dt)
    tensors = dict(p=p, q=p * 2, r=r, s=lib.ones(3, dtype=dt, requires_grad=True).reshape(3, 1), t=r * 2)
    return {f"{k}_leaf": t.is_leaf for k, t in tensors.items()}


def l05_kept_grads(lib, dt):
    x = lib.tensor([2.], dtype=dt, requires_grad=True)
    w = lib.tensor([1.], dtype=dt, requires_grad=True)
    a = lib.add(w, x)
    b = lib.add(w, lib.tensor([1.], dtype=dt))
    y = lib.mul(a, b)
    y.backward()
    kept = [n for n, t in dict(x=x, w=w, a=a, b=b, y=y).items() if _quiet_grad(t) is not None]
    return dict(kept=kept, w_grad=w.grad)


def l06_double_hook(lib, dt):
    x = lib.tensor(2.0, dtype=dt, requires_grad=True)
    y = x ** 2
    out = 3 * y
    y.retain_grad()
    y.register_hook(lambda g: g * 2)
    out.backward()
    return dict(x=x, y=y)


def l06_cut_branch(lib, dt):
    x = lib.tensor(3.0, dtype=dt, requires_grad=True)
    y1, y2 = x + 1, 2 * x
    y1.register_hook(lambda g: g * 0)
    ((y1 - y2) ** 2).backward()
    return dict(x_grad=x.grad)


def l07_zero_grad(lib, dt):
    w = lib.tensor(2.0, dtype=dt, requires_grad=True)
    for _ in range(3):
        w.grad = None
        ((3 * w - 1) ** 2).backward()
    return dict(w=w)


def l07_predict(lib, dt):
    x = lib.tensor(3.0, dtype=dt, requires_grad=True)
    for _ in range(2):
        ((x + 1 - 2 * x) ** 2).backward()
    at_a = x.grad.clone()
    x.grad.zero_()
    ((x + 1) * 2).backward()
    return dict(grad_at_A=at_a, grad_at_B=x.grad)


def l08_reassign(lib, dt):
    w1, w2, x = (lib.tensor(v, dtype=dt, requires_grad=True) for v in (3., 2., 1.))
    y = w1 * x
    first_y = y
    y = w2 * y
    y.retain_grad()
    first_y.retain_grad()
    (y ** 2).backward()
    return dict(dy_last=y.grad, dy_first=first_y.grad)


def l08_detach(lib, dt):
    x = lib.tensor(2.0, dtype=dt, requires_grad=True)
    (x ** 2 + x.detach() ** 3).backward()
    return dict(x_grad=x.grad)


def l08_inplace(lib, dt):
    env = {}
    lines = ["a = lib.tensor([1.0, 2.0], dtype=dt, requires_grad=True)", "b = a.sigmoid()", "c = b * 3",
             "b.add_(1)", "c.sum().backward()"]
    for number, line in enumerate(lines, 1):
        try:
            exec(line, {"lib": lib, "dt": dt}, env)
        except RuntimeError:
            return dict(failing_line=number)
    return dict(failing_line=0)


def l09_weighted(lib, dt):
    x = lib.tensor([2.], dtype=dt, requires_grad=True)
    lib.cat([x * x, 3 * x]).backward(gradient=lib.tensor([1., -1.], dtype=dt))
    return dict(x=x)


def l09_second_derivative(lib, dt):
    x = lib.tensor(2.0, dtype=dt, requires_grad=True)
    d1 = lib.autograd.grad(x ** 3 - 2 * x, x, create_graph=True)[0]
    return dict(d1=d1, d2=lib.autograd.grad(d1, x)[0])


def l10_count_functions(lib, dt):
    x = lib.ones(10, dtype=dt, requires_grad=True)
    return dict(functions_without_detach=len(_functions((x ** 2 + x ** 3).sum())),
                functions_with_detach=len(_functions((x.detach() ** 2 + x ** 3).sum())))


def lab2b_f(lib, dt):
    x, y, z = (lib.tensor(v, dtype=dt, requires_grad=True) for v in (-2., 2., 3.))
    p = x ** 2
    q = p + y
    f = q * z
    p.retain_grad()
    q.retain_grad()
    f.backward()
    return dict(x=x, y=y, z=z, p=p, q=q)


def l11_leaves(lib, dt):
    lin = lib.nn.Linear(2, 1)
    x = lib.ones(1, 2)
    h = lin(x)
    d = h.detach()
    with lib.no_grad():
        n = lin.weight * 2
    m = lin.weight.t()
    return dict(leaves={k for k, t in dict(weight=lin.weight, x=x, h=h, d=d, n=n, m=m).items() if t.is_leaf})


def l11_hook_order(lib, dt):
    order = []
    x = lib.tensor(1.0, dtype=dt, requires_grad=True)
    a = x * 2
    b = x + 3
    c = a * b
    for name, t in (("a", a), ("b", b), ("x", x), ("c", c)):
        t.register_hook(lambda g, name=name: order.append(name))
    c.backward()
    return dict(order=order)


def l11_retain_graph(lib, dt):
    def run(retain):
        x = lib.tensor(3.0, dtype=dt, requires_grad=True)
        h = x ** 2
        (h * 2).backward(retain_graph=retain)
        try:
            (h * 3).backward()
        except RuntimeError:
            return "B", None
        return "none", x.grad

    failing, _ = run(retain=False)
    _, grad = run(retain=True)
    return dict(failing_line=failing, x_grad_fixed=grad)


def l11_fit_line(lib, dt):
    model = lib.nn.Linear(1, 1)
    with lib.no_grad():
        model.weight.copy_(lib.tensor([[0.5]]))
        model.bias.copy_(lib.tensor([0.0]))
    X = lib.tensor([[0.], [1.], [2.], [3.]])
    Y = 2 * X + 1
    optimizer = lib.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for _ in range(100):
        optimizer.zero_grad()
        loss = lib.nn.MSELoss()(model(X), Y)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return dict(losses=losses, weight=model.weight, bias=model.bias)


RIGHT = {f.__name__: f for f in (
    l00_warmup, l01_control_flow, l01_retain_graph, l02_requires_grad, l02_walk, l03_chain_rule, l03_log_graph,
    l04_mysquare, l04_relu_at_zero, l05_is_leaf, l05_kept_grads, l06_double_hook, l06_cut_branch, l07_zero_grad,
    l07_predict, l08_reassign, l08_detach, l08_inplace, l09_weighted, l09_second_derivative, l10_count_functions,
    lab2b_f, l11_leaves, l11_hook_order, l11_retain_graph, l11_fit_line,
)}
# answers that are tensors whose state the checker inspects (how they were built, their .grad), not values
STATE = {"l06_double_hook", "l07_zero_grad", "l09_weighted", "lab2b_f", "l04_mysquare"}
ORDERED = {"order", "child_names"}  # lists of names whose order matters


def _variants(name):
    """The right answers of exercise ``name`` built with each library and float dtype."""
    out = []
    for lib in LIBS:
        for dt in (lib.float32, lib.float64):
            out.append(RIGHT[name](lib, dt))
    return out


@functools.cache
def _canonical(name):
    """The right answers as minigrad float32 gives them (cached: the checker only reads them)."""
    return RIGHT[name](minigrad, minigrad.float32)


def test_every_registered_exercise_has_right_answers_here():
    assert set(RIGHT) == set(EXERCISES)
    for name, ex in EXERCISES.items():
        assert list(_canonical(name)) == ex.params, name


# -- the forms a student may give a right answer in ------------------------------------------------------


def _is_tensor(x):
    root = type(x).__module__.split(".")[0]
    return not isinstance(x, type) and root in ("minigrad", "torch") and hasattr(x, "detach")


def _number_forms(v):
    forms = [v, float(v), np.float64(v), np.float32(v), np.array(v), np.array([v]), [v], (v,), [[v]],
             minigrad.tensor(v), minigrad.tensor([v], dtype=minigrad.float64), f"{v:.4g}", f"{v:.4g} ",
             str(minigrad.tensor(v)), str(minigrad.tensor(v)).removeprefix("tensor(").removesuffix(")")]
    if torch is not None:
        forms += [torch.tensor(v), torch.tensor([v], dtype=torch.float64), str(torch.tensor(v))]
    if v == round(v):
        forms += [int(round(v)), str(int(round(v))), np.int64(round(v)), f"{v:.1f}"]
    if 0 < abs(v) < 1:
        forms.append(f"{v:.4g}".replace("0.", ".", 1))
    return forms


def _vector_forms(values):
    forms = [list(values), tuple(values), np.array(values), np.array(values, dtype=np.float32),
             minigrad.tensor(values), str(minigrad.tensor(values)), ", ".join(f"{v:g}" for v in values),
             " ".join(f"{v:g}" for v in values), str([float(v) for v in values])]
    if torch is not None:
        forms += [torch.tensor(values, dtype=torch.float64), str(torch.tensor(values))]
    return forms


def _bool_forms(b):
    forms = [b, np.bool_(b), str(b), str(b).lower(), "yes" if b else "no", minigrad.tensor(b)]
    if torch is not None:
        forms.append(torch.tensor(b))
    return forms


def _name_forms(x):
    name = x if isinstance(x, str) else x.name()
    forms = [name, f" {name} ", f"'{name}'"]
    if not isinstance(x, str):
        forms += [x, f"<{name} object at 0x7f0012345678>", (x, 0)]
    return forms


def _names_forms(label, items):
    names = [n if isinstance(n, str) else (n[0] if isinstance(n, tuple) else n).name() for n in items]
    forms = [list(items), tuple(items), names, ", ".join(names), " ".join(names), str(names)]
    if label not in ORDERED:
        forms += [set(names), sorted(names), list(reversed(names))]
    return forms


def _forms(label, raw):
    """Every form of the right answer ``raw`` (as the engine gave it)."""
    if isinstance(raw, bool):
        return _bool_forms(raw)
    if isinstance(raw, str):
        return [raw, raw.lower(), f"'{raw}'", f"line {raw}"] + ([None] if raw == "none" else [])
    if isinstance(raw, (set, list)) and raw and all(isinstance(n, str) for n in raw) and label != "losses":
        return _names_forms(label, sorted(raw) if isinstance(raw, set) else raw)
    if isinstance(raw, list) and raw and isinstance(raw[0], tuple):
        return _names_forms(label, raw)
    if hasattr(raw, "next_functions"):
        return _name_forms(raw)
    if label == "losses":
        return [raw, tuple(raw), np.array(raw), minigrad.tensor(raw)]
    values = numbers_of(label, raw)
    if _is_tensor(raw):
        base = [raw, raw.detach()]
    else:
        base = []
    if len(values) == 1:
        return base + _number_forms(values[0])
    return base + _vector_forms(values)


def right_forms(name):
    """(label, form) for every form of every right answer of ``name``; for exercises whose answers are the
    tensors themselves, each complete set of tensors built with each library and dtype."""
    variants = _variants(name)
    if name in STATE:
        return [("all", answers) for answers in variants]
    out = []
    for label, raw in variants[0].items():
        out += [(label, form) for form in _forms(label, raw)]
        for other in variants[1:]:  # the engine's own objects from PyTorch and float64
            out += [(label, f) for f in _forms(label, other[label]) if _is_tensor(f) or hasattr(f, "next_functions")
                    or isinstance(f, (list, tuple)) and f and hasattr(f[0], "__len__") and hasattr(f[0], "index")]
    return out


FORMS_COVERED = {}


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_right_answers_are_accepted_in_every_form(name):
    canonical = _canonical(name)
    forms = right_forms(name)
    refused = []
    for label, form in forms:
        answers = form if label == "all" else dict(canonical, **{label: form})
        ok, feedback = evaluate(name, answers)
        if not ok:
            refused.append((label, form, str(feedback)))
    FORMS_COVERED[name] = len(forms)
    assert not refused, f"{name}: right answers refused: {refused}"


def test_log_four_typed_by_hand_is_accepted():
    for typed in ("1.386", 1.386, 1.3863, "1.3863", "log(4)", "ln 4".replace(" ", "(") + ")"):
        ok, feedback = evaluate("l03_log_graph", dict(de_db=1, de_dc=typed, de_dd=0.75))
        assert ok, (typed, feedback)
    for typo in (1.38, 1.387, 1.4):
        assert not evaluate("l03_log_graph", dict(de_db=1, de_dc=typo, de_dd=0.75))[0], typo


# -- what the student gave, and the expected values feedback must not show -------------------------------


def _given(answers):
    """The numbers, words and bools in a student's answers (with tensors' values and grads): feedback may
    repeat these."""
    numbers, words = [], set()

    def walk(x, depth=0):
        if depth > 8 or len(numbers) > 2000:
            return
        if isinstance(x, (bool, np.bool_)):
            words.add(str(bool(x)))
        elif isinstance(x, str):
            words.update(re.findall(r"[A-Za-z_]\w*", x))
            numbers.extend(float(v) for v in re.findall(r"-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?", x)[:200])
        elif isinstance(x, (int, float, np.number)):
            try:
                numbers.append(float(x))
            except (TypeError, ValueError, OverflowError):
                pass
        elif _is_tensor(x):
            numbers.extend(float(d) for d in getattr(x, "shape", ()))
            try:
                numbers.extend(float(v) for v in np.asarray(x.detach().tolist(), dtype=float).ravel()[:200])
                if x.dtype in (minigrad.bool,) or "bool" in str(x.dtype):
                    words.update({"True", "False"})
                g = _quiet_grad(x)
                if g is not None:
                    walk(g, depth + 1)
            except Exception:  # noqa: BLE001
                pass
        elif isinstance(x, np.ndarray):
            numbers.extend(float(d) for d in x.shape)  # messages may describe the array's shape
            try:
                walk(x.tolist(), depth + 1)
            except Exception:  # noqa: BLE001
                pass
        elif isinstance(x, (list, tuple, set, frozenset)):
            for item in itertools.islice(x, 200):
                walk(item, depth + 1)
        elif hasattr(x, "name") and hasattr(x, "next_functions") and not isinstance(x, type):
            words.add(x.name())

    for value in answers.values():
        walk(value)
    return numbers, words


_TOKEN = re.compile(r"(?<![\w.])-?(?:\d+\.\d*|\d+|\.\d+)(?:[eE][-+]?\d+)?(?![\w])")


def _standalone_numbers(text):
    """Numbers that state a value: not a digit inside a name (y1, dy2/dx), nor an operand of an operator
    written next to it (2x, x**2, 3 * y, 1/d, [0]), where it is part of a formula, nor the number of a
    section, lesson or step."""
    out = []
    for m in _TOKEN.finditer(text):
        before, after = text[: m.start()].rstrip(), text[m.end():].lstrip()
        if before.endswith(("*", "/", "^", "(", "[", "+", "-", "<", ">")) or after.startswith(
                ("*", "/", "^", ")", "]", "+", "- ", "(", "x", "y", "w")):
            continue
        if re.search(r"\b(section|sections|lesson|lessons|step|steps|§)$", before, flags=re.I):
            continue  # a reference to a part of the lesson, not a value
        out.append(m.group())
    return out


def _states(token, value):
    """Whether the text ``token`` states ``value``: the same integer, or ``value`` rounded to the token's
    decimals (at least one)."""
    t = float(token)
    if value == round(value) and abs(value) < 1e15:
        return t == value
    decimals = len(token.split(".")[1]) if "." in token else 0
    return decimals >= 1 and abs(t - value) <= 0.5 * 10 ** -decimals + 1e-12


@functools.cache
def _secrets(name):
    """The expected values of ``name``, by kind: numbers, number lists, bools and names."""
    numbers, vectors, bools, names, name_sets = [], [], set(), set(), []
    for label, raw in _canonical(name).items():
        if name in STATE:
            continue
        if isinstance(raw, bool):
            bools.add(str(raw))
        elif isinstance(raw, str):
            names.add(raw) if raw != "none" else None
        elif hasattr(raw, "next_functions"):
            names.add(raw.name())
        elif isinstance(raw, (set, list)) and raw and label != "losses" and (
                isinstance(next(iter(raw)), (str, tuple))):
            items = [n if isinstance(n, str) else n[0].name() for n in (sorted(raw) if isinstance(raw, set) else raw)]
            name_sets.append((label, items))
        elif label == "losses":
            numbers.extend(raw[:3])
        else:
            values = numbers_of(label, raw)
            (numbers.extend(values) if len(values) == 1 else vectors.append(values))
    if name in STATE:  # the gradients the checker compares the tensors' .grad with
        answers = _canonical(name)
        for key, t in answers.items():
            g = _quiet_grad(t) if _is_tensor(t) else None
            if g is not None:
                numbers.extend(numbers_of(key, g))
        if name == "l04_mysquare":
            vectors += [[-3.0, 2.0, 12.0], [2.25, 0.25, 4.0]]
    return numbers, vectors, bools, names, name_sets


def leaks(name, text, answers):
    """What in the feedback ``text`` states an expected value of ``name`` that the student did not give."""
    numbers, vectors, bools, names, name_sets = _secrets(name)
    given_numbers, given_words = _given(answers)
    found = []
    for token in _standalone_numbers(text):
        for v in numbers:
            if _states(token, v) and not any(_states(token, g) for g in given_numbers):
                found.append(token)
    all_tokens = [float(t) for t in _TOKEN.findall(text)]
    for vec in vectors:
        for i in range(len(all_tokens) - len(vec) + 1):
            window = all_tokens[i: i + len(vec)]
            if all(abs(a - b) <= 0.5e-2 + 1e-3 * abs(b) for a, b in zip(window, vec)):
                found.append(str(vec))
    for word in bools | names:
        if re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text) and word not in given_words:
            if len(word) == 1 and all(re.search(rf"\b{o}\b", text) for o in ("A", "B")):
                continue  # "A", "B" or None: listing the options is not an answer
            if word in ("True", "False") and "True" in text and "False" in text:
                continue  # "answer True or False"
            found.append(word)
    bare = re.sub(r"[\[\]{}()'\"]", " ", text)
    name = r"\w+(?:\.\w+)*"
    for label, items in name_sets:  # a list of exactly the expected names: "x and w", "['x', 'w']", "c, b, a, x"
        for run in re.findall(rf"{name}(?:\s*,\s*{name})*(?:,?\s+and\s+{name})|{name}(?:\s*,\s*{name})+", bare):
            listed = [w for w in re.split(r"\s*,\s*|,?\s+and\s+", run) if w]
            same = listed == items if label in ORDERED else sorted(listed) == sorted(items)
            if same and not set(items) <= given_words:
                found.append(run)
    return found


def test_leak_detector_finds_stated_answers():
    """The detector used below catches the old checker's messages that gave the answer away."""
    assert leaks("l07_predict", "grad_at_B = 0, but it should be 2.0.", dict(grad_at_A=8.0, grad_at_B=0))
    assert leaks("l03_log_graph", "de_dc = 4 is d. ... so de/dc = log 4 = 1.3863.", dict(de_db=1, de_dc=4, de_dd=1))
    assert leaks("l05_kept_grads", "kept is missing ['w']: x and w are leaves.", dict(kept=["x"], w_grad=5))
    assert leaks("l04_relu_at_zero", "at exactly 0 the gradient passes through: [0, 5, 5].", dict(relu_grad=1))
    assert leaks("l02_requires_grad", "so r.requires_grad is False.", dict(r_requires_grad=True,
                                                                           s_requires_grad=True, u_requires_grad=True))
    assert leaks("l11_hook_order", "the order is c, b, a, x.", dict(order=["x"]))
    # ... and does not flag formulas, names with digits, or values the student typed
    assert not leaks("l07_predict", "the derivative of (x + 1) * 2; dy2/dx; y1", dict(grad_at_A=1, grad_at_B=0))
    assert not leaks("l07_predict", "grad_at_A = 8 is right", dict(grad_at_A=8, grad_at_B=0))


# -- wrong answers of every type ----------------------------------------------------------------------


class _Raising:
    """An object whose every conversion raises."""

    def __float__(self):
        raise ValueError("no float")

    def __iter__(self):
        raise TypeError("no iter")

    def __len__(self):
        raise TypeError("no len")

    def __eq__(self, other):
        raise RuntimeError("no eq")

    __hash__ = object.__hash__

    def __str__(self):
        raise RuntimeError("no str")

    def __repr__(self):  # hypothesis prints examples with repr
        return "_Raising()"

    def __bool__(self):
        raise RuntimeError("no bool")


class _Lying:
    """A sequence that says it has items and gives others."""

    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i > 5:
            raise IndexError
        return "x" * i


def _oddities():
    node = (minigrad.tensor(1.0, requires_grad=True) * 2).grad_fn
    items = [None, ..., object(), _Raising(), _Lying(), lambda g: g, print, math, type, minigrad.Tensor,
             {"a": 1}, {1, 2}, frozenset(), b"5", bytearray(b"5"), 3 + 4j, float("nan"), float("inf"),
             -float("inf"), 10 ** 400, range(3), itertools.count(), iter([]), (i for i in range(3)), node,
             (node, 0), [node], "", " ", "\n", "None", "tensor(", "[1, 2", "1/0", "2**10**10", "log(-1)",
             "x" * 10_000, "∞", "٣", "1e309", np.array([]), np.array(["a", "b"]), np.array([1 + 2j]),
             np.array([None, 1], dtype=object), minigrad.tensor([]), minigrad.zeros(2, 3, 4),
             minigrad.tensor([True, False])]
    if torch is not None:
        items += [torch.zeros(0), torch.ones(2, 2, dtype=torch.int32), torch.tensor([1 + 2j]),
                  torch.eye(2).to_sparse(), torch.nn.Linear(1, 1), torch.tensor(1.0, requires_grad=True) * 2]
    return items


def _tensor_strategy():
    shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
    floats = hnp.arrays(np.float64, shapes, elements=st.floats(-1e6, 1e6, allow_nan=False))
    ints = hnp.arrays(np.int64, shapes, elements=st.integers(-1000, 1000))
    bools = hnp.arrays(np.bool_, shapes)
    arrays = st.one_of(floats, ints, bools)

    def to_tensor(lib, array, grad, requires):
        t = lib.tensor(array)
        if array.dtype == np.float64 and requires and t.numel() > 0:
            t = lib.tensor(array, dtype=lib.float32, requires_grad=True)
            if grad:
                t.grad = lib.ones_like(t) * 7.25
            if requires == 2:
                t = t * 1.5
        return t

    libs = st.sampled_from(LIBS)
    return st.builds(to_tensor, libs, arrays, st.booleans(), st.integers(0, 2))


def _anything():
    """Any answer a student might pass, of every type."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6), st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=30), st.sampled_from(["five", "abc", "x", "w", "True", "false", "none", "1,386", "½",
                                               "tensor(7.)", "tensor([1., 2.])", "[1, 2, 3]", "3/7", "log(9)",
                                               "-0", "1e-9", "A", "C", "line 9", "x, a", "c b x a"]),
    )
    arrays = hnp.arrays(hnp.scalar_dtypes(), hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    leaves = st.one_of(scalars, arrays, _tensor_strategy(), st.sampled_from(_oddities()))
    return st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                                                        st.sets(st.integers(0, 9), max_size=3)), max_leaves=6)


def _near_misses(name):
    """Values close to the right ones but wrong: flipped, doubled, off by one, swapped between answers."""
    canonical = _canonical(name)
    out = []
    numbers = []
    for label, raw in canonical.items():
        try:
            values = numbers_of(label, raw)
        except Feedback:
            continue
        if label != "losses":
            numbers.extend(values)
        if len(values) == 1:
            v = values[0]
            out += [-v, 2 * v, 3 * v, v + 1, v - 1, v / 2, round(v) + 0.5, v * 1.01, str(-v), f"tensor({v + 1})"]
        elif label != "losses":
            out += [[-v for v in values], [2 * v for v in values], values[:-1], values + [0.0],
                    list(reversed(values))]
    out += numbers
    if name == "l11_fit_line":
        right = list(canonical["losses"])
        out += [right[:50], right[::-1], [v * 1.01 for v in right], [right[0]] * 100]
    return out


def _is_right(name, label, value):
    """Independent judgement of a random answer (read with the checker's readers, judged here): is ``value``
    the right answer for ``label``? Tensors the exercise inspects are judged by the verdict test itself."""
    if name in STATE:
        return False
    raw = _canonical(name)[label]
    try:
        if isinstance(raw, bool):
            return boolean(label, value) is raw
        if isinstance(raw, str):  # "B" or "none"
            if value is None:
                return raw == "none"
            if not isinstance(value, str):
                return False
            text = value.strip().strip("'\"").strip().upper().removeprefix("LINE").strip()
            return text == raw.upper() or (raw == "none" and text in ("", "NONE", "NOTHING", "NEITHER"))
        if hasattr(raw, "next_functions"):
            return name_of(label, value).lower() == raw.name().lower()
        if isinstance(raw, (list, set)) and raw and label != "losses":
            want = [n if isinstance(n, str) else n[0].name() for n in raw]
            got = [n.lower() for n in names_of(label, value)]
            if label == "order" and len(got) == 1:
                got = list(got[0])
            if label in ORDERED:
                return got == [n.lower() for n in want]
            aliases = {"lin.weight": "weight", "w": "weight", "lin_weight": "weight"}
            return {aliases.get(n, n) for n in got} == {n.lower() for n in want}
        got, want = numbers_of(label, value), numbers_of(label, raw)
    except (Feedback, AttributeError):
        return False
    if len(got) != len(want):
        return False
    slack = 1e-3 if label in ("weight", "bias") else 0.0
    return all(abs(g - w) <= max(0.5e-4, 0.6e-3 * abs(w)) + slack for g, w in zip(got, want))


def _built_wrong(name):
    """For the exercises whose answers are tensors: complete answers built the wrong ways a student might."""
    out = []
    for lib in LIBS:
        if name == "l06_double_hook":
            for hooks, retain, times in ((1, True, 3), (0, True, 2), (2, True, 2), (1, False, 2), (1, True, -2)):
                x = lib.tensor(2.0, requires_grad=True)
                y = x ** 2
                out_ = 3 * y
                if retain:
                    y.retain_grad()
                for _ in range(hooks):
                    y.register_hook(lambda g, k=times: g * k)
                out_.backward()
                out.append(dict(x=x, y=y))
        elif name == "l07_zero_grad":
            for reset, loss in (("none", 1), ("after", 1), ("before", 2), ("none", 2)):
                w = lib.tensor(2.0, requires_grad=True)
                for _ in range(3):
                    if reset == "before":
                        w.grad = None
                    ((3 * w - loss) ** 2).backward()
                if reset == "after":
                    w.grad.zero_()
                out.append(dict(w=w))
        elif name == "l09_weighted":
            for weights in ([1., 1.], [1., 0.], [0., 1.], [-1., 1.], [2., -1.], [1., -2.]):
                x = lib.tensor([2.], requires_grad=True)
                lib.cat([x * x, 3 * x]).backward(gradient=lib.tensor(weights))
                out.append(dict(x=x))
        elif name == "lab2b_f":
            for retain, times, x0 in ((False, 1, -2.), (True, 2, -2.), (True, 1, -1.), (True, 3, -2.)):
                x, y, z = (lib.tensor(v, requires_grad=True) for v in (x0, 2., 3.))
                p = x ** 2
                q = p + y
                f = q * z
                if retain:
                    p.retain_grad()
                    q.retain_grad()
                for i in range(times):
                    f.backward(retain_graph=i < times - 1)
                out.append(dict(x=x, y=y, z=z, p=p, q=q))
        elif name == "l04_mysquare":
            for k, c in ((2, 1), (1, 0), (-2, 0), (3, 0), (2, 0.5)):
                out.append(dict(MySquare=square_function(
                    lib, backward=lambda ctx, g, k=k, c=c: k * ctx.saved_tensors[0] * g + c * g)))
    return out


WRONG_TRIED = {}


def _wrong_strategy(name):
    labels = EXERCISES[name].params
    if name in STATE:
        built = st.tuples(st.just(set(labels)), st.sampled_from(_built_wrong(name)))
    else:
        built = st.nothing()
    return built | st.tuples(
        st.sets(st.sampled_from(labels), min_size=1),
        st.dictionaries(st.sampled_from(labels), st.one_of(_anything(), st.sampled_from(_near_misses(name) or [0]))),
    )


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_wrong_answers_of_every_type_get_feedback_without_the_answer(name):
    canonical = _canonical(name)
    tried = []

    @settings(max_examples=WRONG_PER_EXERCISE, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
    @given(_wrong_strategy(name))
    def run(case):
        wrong_labels, values = case
        answers = dict(canonical)
        if name in STATE and set(values) == set(wrong_labels) == set(canonical):
            answers = dict(values)  # a complete, wrongly built answer
            wrong_labels = set()
        for label in wrong_labels:
            value = values.get(label, None)
            if value is TODO or _is_right(name, label, value):
                assume(False)
            answers[label] = value
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ok, feedback = evaluate(name, answers)
        if ok:
            assert all(_is_right(name, lb, answers[lb]) for lb in wrong_labels), (
                f"{name}: accepted a wrong answer {answers!r}")
            return
        text = str(feedback)
        assert text and "\n" not in text.strip() and "Traceback" not in text, text
        found = leaks(name, text, answers)
        assert not found, f"{name}: feedback {text!r} shows {found} for {answers!r}"
        tried.append(text)

    run()
    WRONG_TRIED[name] = len(tried)
    assert len(tried) >= WRONG_PER_EXERCISE // 3, f"{name}: only {len(tried)} wrong answers got through the filter"


def test_stubs_and_none_are_not_crashes():
    """nbgrader's stub (a method that raises NotImplementedError) is 'not answered'; None is an answer."""
    def stub(ctx, *args):
        raise NotImplementedError()

    ok, feedback = evaluate("l04_mysquare", dict(MySquare=square_function(minigrad, forward=stub, backward=stub)))
    assert not ok and "NotImplementedError" in str(feedback) and type(feedback).__name__ == "NotAnswered"
    ok, feedback = evaluate("l11_retain_graph", dict(failing_line=None, x_grad_fixed=30))
    assert not ok and "one line does fail" in str(feedback)


def test_hints_go_from_specific_to_general_and_never_state_answers():
    """Repeated unrecognised answers walk down the hint ladder; no hint states an expected value."""
    for name, ex in EXERCISES.items():
        for label, ladder in ex.hints.items():
            assert len(ladder) >= 2, (name, label)
            for hint in ladder:
                assert not leaks(name, hint, {}), (name, label, hint)
    assert evaluate("l03_chain_rule", dict(dloss_dy1=-8, dloss_dy2=8, dloss_dx=8))[0]  # a right answer resets
    seen = []
    for _ in range(4):
        ok, feedback = evaluate("l03_chain_rule", dict(dloss_dy1=-8, dloss_dy2=8, dloss_dx=7.5))
        seen.append(str(feedback))
    ladder = EXERCISES["l03_chain_rule"].hints["dloss_dx"]
    assert seen == [f"dloss_dx is not right yet: {h}" for h in ladder] + [f"dloss_dx is not right yet: {ladder[-1]}"]
