"""A name PyTorch has and minigrad lacks says so (``minigrad/torch_api.py``); any other missing name fails as
Python's own AttributeError does, "Did you mean" included; ``hasattr`` and ``getattr`` with a default are
unchanged."""

import copy
import importlib.util
import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.torch_api import API_LIST

ROOT = Path(__file__).resolve().parent.parent
HAS_TORCH = importlib.util.find_spec("torch") is not None


def failure(get):
    with pytest.raises(AttributeError) as e:
        get()
    return e.value


@pytest.mark.parametrize(
    "get, python_words, torch_name",
    [
        (lambda: torch.stft, "module 'minigrad' has no attribute 'stft'", "torch.stft"),
        (lambda: torch.ones(2, 2).stft(), "'Tensor' object has no attribute 'stft'", "torch.Tensor.stft"),
        (lambda: torch.nn.Parameter(torch.ones(1)).sparse_mask, "'Parameter' object has no attribute "
         "'sparse_mask'", "torch.Tensor.sparse_mask"),
        (lambda: torch.nn.SyncBatchNorm(1), "module 'minigrad.nn' has no attribute 'SyncBatchNorm'",
         "torch.nn.SyncBatchNorm"),
        (lambda: torch.nn.Linear(2, 1).bfloat16, "'Linear' object has no attribute 'bfloat16'",
         "torch.nn.Module.bfloat16"),
        (lambda: F.grouped_mm, "module 'minigrad.nn.functional' has no attribute 'grouped_mm'",
         "torch.nn.functional.grouped_mm"),
        (lambda: torch.optim.swap_in_optimizer_params_and_state, "module 'minigrad.optim' has no attribute "
         "'swap_in_optimizer_params_and_state'", "torch.optim.swap_in_optimizer_params_and_state"),
        (lambda: torch.autograd.profiler, "module 'minigrad.autograd' has no attribute 'profiler'",
         "torch.autograd.profiler"),
    ],
)  # fmt: skip
def test_a_name_torch_has_says_minigrad_lacks_it(get, python_words, torch_name):
    message = str(failure(get))
    assert message == (f"{python_words}: PyTorch has {torch_name} but minigrad does not (minigrad's API: {API_LIST});"
                       " run this code with `import torch` to use it")  # fmt: skip
    assert (ROOT / API_LIST).exists()


@pytest.mark.parametrize(
    "get, message, suggestion",
    [
        (lambda: torch.tensr, "module 'minigrad' has no attribute 'tensr'", "tensor"),
        (lambda: torch.ones(2).sumn(), "'Tensor' object has no attribute 'sumn'", "sum"),
        (lambda: torch.nn.Linearr, "module 'minigrad.nn' has no attribute 'Linearr'", "Linear"),
        (lambda: torch.nn.Linear(2, 1).weigth, "'Linear' object has no attribute 'weigth'", "weight"),
    ],
)
def test_a_typo_fails_in_pythons_words_with_its_suggestion(get, message, suggestion):
    error = failure(get)
    assert str(error) == message and error.name == message.rsplit("'", 2)[1]  # name and obj: Python suggests


def test_python_prints_its_suggestion_for_a_typo():
    code = "import minigrad as torch\ntry:\n    torch.ones(2).sumn()\nexcept AttributeError: pass\ntorch.tensr(1)\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    last = run.stderr.strip().splitlines()[-1]
    assert last == "AttributeError: module 'minigrad' has no attribute 'tensr'. Did you mean: 'tensor'?"


def test_lookups_with_a_default_and_the_rest_of_python_are_unchanged():
    t = torch.ones(2, requires_grad=True)
    assert not hasattr(torch, "stft") and getattr(t, "stft", 7) == 7 and not hasattr(t, "__array_interface__")
    assert copy.deepcopy(t).tolist() == [1.0, 1.0] and pickle.loads(pickle.dumps(t.detach())).tolist() == [1.0, 1.0]
    from minigrad import nn  # a submodule imported by name still resolves

    assert nn is torch.nn


def test_tensor_stand_ins_stay_out_of_sight():
    t = torch.ones(2)
    assert "stft" not in dir(t) and "sum" in dir(t) and "stft" not in dir(torch.nn.Parameter(t))
    assert "stft" not in dir(torch.Tensor) and "sum" in dir(torch.Tensor) and "sum" in dir(torch.nn.Parameter)
    assert not hasattr(torch.Tensor, "stft")
    assert str(failure(lambda: torch.Tensor.stft)).startswith("type object 'Tensor' has no attribute 'stft': PyTorch")
    t.stft = "a label"  # a tensor takes any attribute, as torch's does
    assert t.stft == "a label" and not hasattr(torch.ones(2), "stft")


def test_tensor_has_no_getattr_hook():
    # a class defining __getattr__ loses CPython 3.11's specialised attribute loads: t._data took 2.3x as long
    assert "__getattr__" not in vars(torch.Tensor) and not hasattr(torch.Tensor, "__getattr__")


def test_the_recorded_names_are_torch_2_13s():
    data = json.loads((ROOT / "minigrad" / "torch_api.json").read_text(encoding="utf-8"))
    assert data["torch_version"].startswith("2.13.")
    assert "stft" in data["names"]["torch"] and "stft" in data["names"]["torch.Tensor"]


@pytest.mark.skipif(not HAS_TORCH, reason="live check: needs torch 2.13 installed")
def test_the_recorded_names_match_the_installed_torch():
    # in a fresh process: torch's modules gain attributes as their submodules are imported (by other tests)
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "parity" / "record_api.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("use_jedi", [True, False], ids=["jedi", "IPython's own"])
def test_tab_completion_offers_only_what_minigrad_has(use_jedi):
    pytest.importorskip("IPython", reason="tab completion: needs IPython")  # installed with the lessons
    from IPython.core.completer import IPCompleter, provisionalcompleter

    completer = IPCompleter(namespace={"torch": torch, "x": torch.ones(2)}, use_jedi=use_jedi)
    completer.disable_matchers = ["IPCompleter.magic_matcher"]  # it needs a shell
    with provisionalcompleter():
        for text, has, lacks in [("x.to", "tolist", "to_sparse"), ("torch.Tensor.to", "tolist", "to_sparse"),
                                 ("x.sp", "split", "sparse_mask")]:  # fmt: skip
            offered = {c.text.lstrip(".") for c in completer.completions(text, len(text))}
            assert has in offered and lacks not in offered, offered


def test_complex_numbers_say_minigrad_has_no_complex_dtype():
    """torch makes complex tensors of these; minigrad, which has no complex dtype, says so and what to do."""
    todo = "; run this code with `import torch` to use complex numbers"
    assert str(failure(lambda: torch.complex)) == (
        "module 'minigrad' has no attribute 'complex': minigrad has no complex dtype, so it has no torch.complex" + todo
    )
    assert str(failure(lambda: torch.complex64)).endswith("so it has no torch.complex64" + todo)
    assert str(failure(lambda: torch.view_as_complex)).endswith("so it has no torch.view_as_complex" + todo)
    for make, what in [
        (lambda: torch.tensor([1.0, 2.0]) * 1j, "a tensor cannot be combined with the complex number 1j"),
        (lambda: (2 + 1j) + torch.ones(2), "a tensor cannot be combined with the complex number (2+1j)"),
        (lambda: torch.add(torch.ones(2), 1j), "a tensor cannot be combined with the complex number 1j"),
        (lambda: torch.tensor(1 + 2j), "a tensor cannot hold complex numbers"),
        (lambda: torch.tensor([[1.0, 2j]]), "a tensor cannot hold complex numbers"),
    ]:
        with pytest.raises(TypeError) as e:
            make()
        assert str(e.value) == f"minigrad has no complex dtype, so {what}{todo}"
