"""Inference mode's mechanics (its behaviour against torch is the parity case ``autograd_inference_mode``): every
way of making a tensor makes an inference tensor inside it and a normal one outside, the mode is left as it was
found however the block ends, and the stepper traces code that uses it."""

import sys

import numpy as np
import pytest

import minigrad as torch
from minigrad.autograd import version
from minigrad.ops import _util
from minigrad.tensor import Tensor
from widgets import GraphStepper

MAKERS = {
    "factory": lambda: torch.ones(2),
    "tensor": lambda: torch.tensor([1.0, 2.0]),
    "legacy constructor": lambda: Tensor([1.0]),
    "op result": lambda: torch.ones(2) * 3,
    "reduction": lambda: torch.arange(4.0).sum(),
    "module output": lambda: torch.nn.Linear(2, 1)(torch.ones(3, 2)),
    "parameter": lambda: torch.nn.Parameter(torch.zeros(2)),
    "clone": lambda: torch.ones(2).clone(),
    "wrapped array": lambda: _util.wrap(np.ones(2)),
}


@pytest.mark.parametrize("make", MAKERS.values(), ids=MAKERS)
def test_every_way_of_making_a_tensor_follows_the_mode(make):
    assert not make().is_inference()
    with torch.inference_mode():
        assert make().is_inference()
        with torch.inference_mode(False):
            assert not make().is_inference()
        assert make().is_inference()
    assert not make().is_inference()


def test_the_mode_is_restored_after_an_error_in_a_block_or_a_decorated_function():
    @torch.inference_mode()
    def fails():
        assert torch.is_inference_mode_enabled() and not torch.is_grad_enabled()
        raise KeyError("inside")

    for run in (fails, lambda: _raise_in_block()):
        with pytest.raises(KeyError):
            run()
        assert not torch.is_inference_mode_enabled() and torch.is_grad_enabled()
        assert not torch.ones(1).is_inference()
    # the counter class every tensor-making module calls is the normal one again
    assert _util.Version is sys.modules["minigrad.tensor"].Version is version.Version  # (torch.tensor hides it)


def _raise_in_block():
    with torch.no_grad(), torch.inference_mode():
        raise KeyError("inside")


def test_a_saved_inference_tensor_is_refused_before_the_op_runs_and_leaves_no_graph():
    with torch.inference_mode():
        x = torch.tensor([1.0, 2.0])
    w = torch.ones(2, requires_grad=True)
    with pytest.raises(RuntimeError, match="^Inference tensors cannot be saved for backward"):
        w * x
    y = (w + x).sum()  # addition saves nothing: allowed, and backward reaches w
    y.backward()
    assert w.grad.tolist() == [1.0, 1.0] and not w.grad.is_inference()


def test_the_stepper_traces_code_that_uses_inference_mode():
    code = (
        "w = torch.tensor([1.0, 2.0], requires_grad=True)\n"
        "with torch.inference_mode():\n"
        "    b = torch.tensor([0.5, 0.5])\n"
        "y = (w + b).sum()\n"
        "y.backward()\n"
    )
    ns = {}
    s = GraphStepper.from_code(code, ns)
    assert ns["b"].is_inference() and ns["w"].grad.tolist() == [1.0, 1.0]
    assert any("AddBackward0" in line for step in s.steps for line in step["t"])
