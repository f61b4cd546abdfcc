"""A function given something other than a tensor first raises torch's error (``minigrad/input_checks.py``). What
each one raises is compared with torch 2.13 by the parity cases ``api_first_argument_*`` and by the mistakes of
the area "arguments of the wrong type"; these tests check the wrapping itself."""

import inspect
import json
from pathlib import Path

import numpy as np
import pytest

import minigrad as torch
import minigrad.functional as functional
import minigrad.nn.functional as F
from minigrad.input_checks import _OWN_CHECKS

RECORD = json.loads((Path(torch.__file__).with_name("torch_inputs.json")).read_text(encoding="utf-8"))
OWNERS = {"torch": torch, "torch.nn.functional": F, "torch.Tensor": torch.Tensor}


def _functions():
    for key in RECORD:
        owner, _, name = key.rpartition(".")
        yield key, getattr(OWNERS[owner], name)


@pytest.mark.filterwarnings("ignore:reduction. 'mean' divides")  # F.kl_div warns first, as torch's does
@pytest.mark.filterwarnings("ignore:Default grid_sample and affine_grid")  # so does F.affine_grid
@pytest.mark.filterwarnings("ignore:`nn.functional.upsample")  # and the deprecated F.upsample*
def test_every_recorded_function_checks_its_arguments():
    for key, fn in _functions():
        assert hasattr(fn, "__wrapped__") or key in _OWN_CHECKS, f"{key} is not checked"
        with pytest.raises((TypeError, AttributeError)):
            if key.startswith("torch.Tensor."):
                fn(torch.ones(2), object())
            elif RECORD[key].keys() == {"second"}:
                fn(torch.ones(2, 3), object())
            elif RECORD[key].get("arity_first"):  # Python counts the arguments first: a target is needed
                fn(object(), torch.ones(2, 3))
            else:
                fn(object())


def test_a_second_argument_that_is_not_a_tensor():
    logits = torch.ones(2, 3)
    with pytest.raises(TypeError, match=r"^cross_entropy_loss\(\): argument 'target' \(position 2\) must be Tensor, "
                                        r"not list$"):  # fmt: skip
        F.cross_entropy(logits, [0, 1])
    with pytest.raises(TypeError, match=r"^cross_entropy_loss\(\): argument 'target' \(position 2\) must be Tensor"):
        torch.nn.CrossEntropyLoss()(logits, np.array([0, 1]))  # the layer calls F.cross_entropy, as torch's does
    with pytest.raises(AttributeError, match=r"^'list' object has no attribute 'size'$"):
        F.mse_loss(logits, [[1.0] * 3] * 2)  # torch's Python reads target.size() first
    with pytest.raises(TypeError, match=r"^embedding\(\): argument 'indices' \(position 2\) must be Tensor, not list"):
        torch.nn.Embedding(3, 2)([0, 1])  # minigrad's F.embedding checks where torch's does


@pytest.mark.parametrize("value", [[1.0, 2.0], np.array([1.0, 2.0]), "ab", None], ids=repr)
def test_a_numpy_array_or_list_is_refused_not_computed_with(value):
    for fn in (torch.exp, torch.sigmoid, torch.sum, F.relu, F.gelu):
        with pytest.raises(TypeError, match=r"\(\): argument 'input' \(position 1\) must be Tensor, not "):
            fn(value)


def test_the_check_keeps_the_functions_name_docstring_and_signature():
    assert torch.exp.__name__ == "exp" and torch.exp.__doc__ == functional.exp.__doc__
    # with the out= that minigrad.keywords adds, as torch's parser takes it
    assert list(inspect.signature(torch.exp).parameters) == [*inspect.signature(functional.exp).parameters, "out"]
    assert inspect.signature(F.elu) == inspect.signature(F.elu.__wrapped__)
    assert "Mirror ``torch.nn.functional.elu``" in F.elu.__doc__


def test_minigrads_own_calls_are_not_wrapped():
    # the engine calls the functions where they are defined; the method x.exp() only refuses arguments, as torch's
    assert torch.Tensor.exp.__wrapped__ is functional.exp and not hasattr(functional.exp, "__wrapped__")
    wrapped = torch.Tensor.dot
    while hasattr(wrapped, "__wrapped__"):  # the checks of torch's parser around the function itself
        wrapped = wrapped.__wrapped__
    assert wrapped is functional.dot and not hasattr(functional.dot, "__wrapped__")


def test_a_method_checks_its_first_argument_after_the_tensor():
    x = torch.ones(2)
    with pytest.raises(TypeError, match=r"^dot\(\): argument 'tensor' \(position 1\) must be Tensor, not list$"):
        x.dot([1.0, 2.0])
    with pytest.raises(TypeError, match=r"^fill_\(\) received an invalid combination of arguments - got \(list\)"):
        x.fill_([1.0, 2.0])  # minigrad filled the tensor with the list's numbers
    assert torch.equal(x.div(2.0), torch.full((2,), 0.5)) and torch.equal(x.clamp(None, 0.5), torch.full((2,), 0.5))


def test_tensors_parameters_and_the_numbers_torch_takes_pass():
    w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
    assert torch.equal(torch.relu(w), torch.tensor([1.0, 0.0]))
    assert torch.equal(torch.exp(input=torch.zeros(1)), torch.ones(1))
    assert torch.equal(torch.mul(2, torch.ones(2)), torch.full((2,), 2.0))  # torch's parser takes a number here
    assert torch.equal(torch.pow(2, torch.ones(2)), torch.full((2,), 2.0))  # an overload takes "Number self"
    with pytest.raises(TypeError, match=r"^normal\(\): argument 'mean' \(position 1\) must be Tensor, not float$"):
        torch.normal(2.5)  # the one overload plausible for one argument wants a tensor


def test_missing_arguments():
    with pytest.raises(TypeError, match=r"^add\(\) received an invalid combination of arguments - got \(\), but"):
        torch.add()  # too few for any overload: torch's parser lists them
    with pytest.raises(TypeError, match=r'^mul\(\) missing 1 required positional arguments: "other"$'):
        torch.mul(torch.ones(1))  # torch's parser's words, recorded
    with pytest.raises(TypeError, match=r'^exp\(\) missing 1 required positional arguments: "input"$'):
        torch.exp()  # no first argument at all: torch's parser's words, from its recorded signature
    with pytest.raises(TypeError, match=r'^dot\(\) missing 1 required positional arguments: "tensor"$'):
        torch.ones(2).dot()


def test_methods_without_arguments_refuse_one_in_torchs_words():
    x = torch.ones(2)
    with pytest.raises(TypeError, match=r"^TensorBase\.item\(\) takes no arguments \(1 given\)$"):
        x.item(0)  # torch's method of C code: CPython's words
    with pytest.raises(TypeError, match=r"^TensorBase\.exp\(\) takes no keyword arguments$"):
        x.exp(0, dim=1)  # the keywords first
    with pytest.raises(TypeError, match=r"^clone\(\) takes 0 positional arguments but 2 were given$"):
        x.clone(1, 2)  # a method torch's parser reads
    with pytest.raises(TypeError, match=r"^round\(\) takes from 1 to 0 positional arguments but 1 were given$"):
        x.round(0)  # torch counts its required keyword decimals
    with pytest.raises(TypeError, match=r"^unbound method TensorBase\.numel\(\) needs an argument$"):
        torch.Tensor.numel()
    assert torch.Tensor.numel(x) == 2 and x.clone(memory_format=torch.contiguous_format).shape == (2,)
