"""Every op's ``formula`` (the derivative the step-through widget shows) against its backward.

An op's ``formula`` maps each of its differentiable inputs, in order, to a Python expression over minigrad
tensors. Here every op that a catalogue case records (in the forward pass, and in the backward pass of
``create_graph=True``) has its formulas evaluated, with the numbers the op really saw, in a namespace of:

* ``grad`` (the gradient of the op's output) and ``result`` (the output; ``grads``, ``result0``, ``result1``, ...
  for an op with several);
* the inputs by the formula's names (``self``, ``other``, ``mat2``, ..., ``tensors`` for a list of inputs);
* the op's parameters, as passed and as stored on its node (``dim``, ``keepdim``, ``n``, ``key``, ...);
* minigrad's functions (``where``, ``exp``, ``outer``, ``zeros_like``, ...), the helpers defined beside the
  ops or with the carriers (``unsqueeze_dims``, ``one_hot``, ``inverse_permutation``, ...) and ``math``.

The value, summed to the input's shape (as the engine sums gradients), must equal what the node's backward
returns (for most ops, the formula compiled: this checks the compiled code means what the text says). Where
the engine may run the backward on numpy arrays, that must give the same bits as on Tensors.
An op outside the catalogue, a formula that does not evaluate, or one never evaluated, fails.
"""

import inspect
import math
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from op_catalogue import ALL_SHAPE_SETS, all_ops, call, draw_call

import minigrad as torch
from minigrad.ops import carriers
from minigrad.tensor import Tensor

OPS = sorted(all_ops(), key=lambda op: op.__name__)
CHECK = settings(
    derandomize=True,
    max_examples=3,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
NODE_INTERNALS = {"next_functions", "node_name", "formula"}


def _helpers():
    names = {"math": math}
    names.update((k, v) for k, v in vars(torch).items() if not k.startswith("_") and inspect.isfunction(v))
    for module in {sys.modules[op.__module__] for op in OPS} | {carriers}:
        names.update(
            (k, v)
            for k, v in vars(module).items()
            if not k.startswith("_") and inspect.isfunction(v) and v.__module__ == module.__name__
        )
    return names


HELPERS = _helpers()


def is_variadic(op):
    """Whether the op takes its inputs as one list (``cat``, ``stack``): one formula for all of them."""
    params = inspect.signature(op.forward).parameters.values()
    return any(p.kind is p.VAR_POSITIONAL for p in params)


def sum_to_shape(value, shape):
    """numpy: sum a broadcast gradient down to ``shape``."""
    value = np.asarray(value, dtype=np.float64)
    lead = value.ndim - len(shape)
    assert lead >= 0, f"gradient of shape {value.shape} is smaller than its input {shape}"
    value = value.sum(axis=tuple(range(lead)))
    axes = tuple(i for i, s in enumerate(shape) if s == 1 and value.shape[i] != 1)
    value = value.sum(axis=axes, keepdims=True)
    assert value.shape == tuple(shape), f"gradient of shape {value.shape} does not reduce to its input {shape}"
    return value


def tolerance(t):
    return 1e-10 if t.dtype == torch.float64 else 1e-5


class FormulaChecker:
    """An observer that, after each op that records a node, evaluates the op's formulas and its backward
    on the same gradient and compares them. ``checked`` collects (op, input name) pairs."""

    def __init__(self):
        self.checked = set()
        self.busy = False

    def __call__(self, kind, **info):
        if kind != "op" or self.busy or info["node"] is None or not issubclass(info["op"], tuple(OPS)):
            return
        self.busy = True
        try:
            with torch.no_grad():
                self.check(info["op"], info["node"], info["inputs"], info["outputs"], info["params"])
        finally:
            self.busy = False

    def check(self, op, node, inputs, outputs, params):
        formula = node.formula  # an op may give one node a formula of its own (add with alpha)
        names = list(formula)
        if is_variadic(op):
            assert len(names) == 1, f"{op.__name__} takes a list of inputs: one formula for all of them"
            bound = {names[0]: inputs}
            slots = [(names[0], i, t) for i, t in enumerate(inputs)]
        else:
            assert len(names) == len(inputs), (
                f"{op.__name__}.formula names {names}, but the op has {len(inputs)} inputs: name each, in order"
            )
            bound = dict(zip(names, inputs))
            slots = [(name, None, t) for name, t in zip(names, inputs)]
        # a gradient for each output (``grad``; ``grads`` for an op with several, such as split)
        grads = [torch.tensor(np.cos(1.0 + 0.7 * np.arange(o.numel())).reshape(o.shape)).to(o.dtype) for o in outputs]
        grad, result = grads[0], outputs[0]
        backward = node._backward(grads)
        backward = backward if isinstance(backward, tuple) else (backward,)
        assert len(backward) == len(inputs), f"{op.__name__}'s backward returned {len(backward)} grads"
        on_arrays = node._backward_arrays([g._data for g in grads])
        if on_arrays is not None:
            for i, (a, t) in enumerate(zip(on_arrays, backward)):
                assert (a is None) == (t is None), f"{op.__name__}: input {i} gets a gradient on one carrier only"
                if a is not None:
                    a, t = np.asarray(a), t.numpy()
                    assert a.dtype == t.dtype and a.shape == t.shape and a.tobytes() == t.tobytes(), (
                        f"{op.__name__}: input {i}'s gradient on arrays differs from the one on Tensors"
                    )

        scope = dict(HELPERS)
        scope.update(params)
        scope.update((k, v) for k, v in vars(node).items() if not k.startswith("_") and k not in NODE_INTERNALS)
        scope.update(bound)
        scope.update(grad=grad, grads=grads, result=result)
        scope.update((f"result{i}", o) for i, o in enumerate(outputs))  # torch's names for several outputs
        values = {}
        for slot, (name, part, tensor) in enumerate(slots):
            if not (isinstance(tensor, Tensor) and node.next_functions[slot][0] is not None):
                continue  # this input needs no gradient
            if formula.get(name) == "None":  # torch's node has the edge, and no formula ever gives it a gradient
                assert backward[slot] is None, f"{op.__name__}.backward gives {name} a gradient; its formula is None"
                self.checked.add((op, name))
                continue
            if name not in values:
                try:
                    values[name] = eval(formula[name], scope)
                except Exception as e:
                    raise AssertionError(
                        f"{op.__name__}.formula[{name!r}] = {formula[name]!r} does not evaluate: "
                        f"{type(e).__name__}: {e}"
                    ) from e
            value = values[name] if part is None else values[name][part]
            assert isinstance(value, Tensor), f"{op.__name__}.formula[{name!r}] gives {type(value).__name__}"
            assert backward[slot] is not None, f"{op.__name__}.backward gives None for {name}, which needs a grad"
            want = sum_to_shape(backward[slot].numpy(), tensor.shape)
            got = sum_to_shape(value.numpy(), tensor.shape)
            tol = tolerance(result)
            np.testing.assert_allclose(
                got, want, rtol=tol, atol=tol, err_msg=f"{op.__name__}.formula[{name!r}] = {formula[name]!r}"
            )
            self.checked.add((op, name))


def run_case(checker, case, arrays, args):
    """The case's forward, then its backward with ``create_graph=True`` (so that the ops of the backward
    pass record nodes too), all observed by ``checker``."""
    with torch.autograd.observe(checker):
        leaves, outs = call(case, arrays, args)
        outs = [o for o in outs if o.requires_grad]
        seeds = [torch.ones_like(o).requires_grad_() for o in outs]
        if outs:
            torch.autograd.grad(outs, leaves, grad_outputs=seeds, create_graph=True, allow_unused=True)


def runner(checker, case, shapes, examples):
    @settings(CHECK, max_examples=examples)
    @given(st.data())
    def run(data):
        arrays, args = draw_call(data, case, shapes)
        run_case(checker, case, arrays, args)

    return run


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.__name__)
def test_formula_is_data_naming_each_input(op):
    formula = op.formula  # its own, or that of the op it specialises (Min of Max, Alias of View)
    assert isinstance(formula, dict) and formula, f"{op.__name__} must have a formula dict"
    for name, text in formula.items():
        assert isinstance(name, str) and name.isidentifier(), f"{op.__name__}: input name {name!r}"
        assert isinstance(text, str), f"{op.__name__}.formula[{name!r}] must be text"
        compile(text, f"{op.__name__}.formula[{name!r}]", "eval")


@pytest.mark.parametrize("case, shapes", [p[:2] for p in ALL_SHAPE_SETS], ids=[p[2] for p in ALL_SHAPE_SETS])
def test_formulas_match_backward(case, shapes):
    checker = FormulaChecker()
    runner(checker, case, shapes, CHECK.max_examples)()
    assert checker.checked, f"{case.name} recorded no op with a gradient"


def test_every_formula_is_evaluated():
    """Each formula of each op is checked by some catalogue case: a new op, or a new input, cannot escape."""
    checker = FormulaChecker()
    for case, shapes, _ in ALL_SHAPE_SETS:
        runner(checker, case, shapes, 1)()
    unseen = sorted(op.__name__ for op in OPS if not any(seen is op for seen, _ in checker.checked))
    assert not unseen, f"ops no catalogue case records (add one to tests/op_catalogue.py): {unseen}"
    missing = [  # "None": an input that is always None, so never gets a gradient (clamp's absent bound)
        f"{op.__name__}.formula[{name!r}]"
        for op in OPS
        for name, text in op.formula.items()
        if (op, name) not in checker.checked and text != "None"
    ]
    assert not missing, f"formulas never evaluated (add a case to tests/op_catalogue.py): {missing}"


class OwnOutputChecker:
    """An observer noting ops whose node holds its own output strongly (a reference cycle): an op that saves
    its output must name that slot "result" in ``saved_names``, so that it is stored as an output."""

    def __init__(self):
        self.cycles = set()

    def __call__(self, kind, **info):
        node = info.get("node") if kind == "op" else None
        if node is not None and node._stash:
            if any(isinstance(s, Tensor) and s.grad_fn is node for s in node._stash):
                self.cycles.add(info["op"].__name__)


def test_no_op_keeps_its_own_output_alive():
    checker = OwnOutputChecker()
    for case, shapes, _ in ALL_SHAPE_SETS:
        runner(checker, case, shapes, 1)()
    assert not checker.cycles, f"ops saving their output without naming it 'result': {sorted(checker.cycles)}"
