"""Each function minigrad shares with torch takes the keywords torch's takes, as recorded from torch 2.13 in
``minigrad/torch_keywords.json`` (``tests/parity/record_api.py``): ``x.view(size=(3, 2))``, ``x.sum(axis=0)``,
``torch.abs(x, out=y)``, ``torch.zeros_like(x, layout=torch.strided)``; and numpy's ``axis=`` only where torch's
does (``torch.split(x, 1, axis=0)`` is a TypeError in both). What the keywords do is checked against torch by the
``api_keywords_*`` parity cases (``tests/parity/cases_keywords.py``)."""

import inspect
import json
from pathlib import Path

import pytest

import minigrad
import minigrad.nn.functional as F
from minigrad.keywords import ALIASES, recorded_keywords

OWNERS = {"torch": minigrad, "torch.nn.functional": F, "torch.Tensor": minigrad.Tensor}

# the parser's numpy names for a tensor argument: not taken (see minigrad.keywords)
NOT_TAKEN = {"x", "a", "x1", "x2"}
# keywords of torch's that minigrad does not take, each for a reason
NOT_TAKEN_BY = {
    "torch.mm": {"out_dtype"},  # torch 2.13's CPU build cannot run it ("Could not run 'aten::mm.dtype'")
    "torch.bmm": {"out_dtype"},
    "torch.addmm": {"out_dtype"},
    "torch.baddbmm": {"out_dtype"},
    "torch.full": {"names"},  # named tensors: minigrad has none
    "torch.result_type": {"scalar", "scalar1", "scalar2"},  # its overloads for two numbers, by name
    "torch.scatter": {"reduce"},  # deprecated in torch for scatter_reduce, which minigrad has
    "torch.Tensor.scatter": {"reduce"},
    "torch.Tensor.scatter_": {"reduce"},
    # its stub's name; torch's parser names it input: F.one_hot(tensor=t) is its TypeError, F.one_hot(input=t) works
    "torch.nn.functional.one_hot": {"tensor"},
}


def _accepted(fn):
    """The keywords ``fn`` takes by its signature, or None if it reads ``**kwargs`` itself."""
    params = inspect.signature(fn).parameters.values()
    if any(p.kind == p.VAR_KEYWORD for p in params):
        return None
    return {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


def _functions():
    for key, names in recorded_keywords().items():
        scope, _, name = key.rpartition(".")
        yield key, getattr(OWNERS[scope], name), set(names)


def test_the_record_is_torch_2_13s():
    """The record covers the three namespaces, and holds what torch's parser and signatures say."""
    data = json.loads((Path(minigrad.__file__).with_name("torch_keywords.json")).read_text(encoding="utf-8"))
    assert {k.rpartition(".")[0] for k in data} == set(OWNERS)
    assert {"dim", "keepdim", "axis", "keepdims", "out"} <= set(data["torch.sum"])
    assert "axis" not in data["torch.split"] and "axis" not in data["torch.nn.functional.softmax"]
    assert data["torch.Tensor.view"] == ["dtype", "size"] and data["torch.set_num_threads"] == []


def test_every_keyword_of_torchs_is_taken():
    missing, unread = {}, []
    for key, fn, names in _functions():
        accepted = _accepted(fn)
        if accepted is None:
            unread.append(key)
            continue
        lacking = names - accepted - NOT_TAKEN - NOT_TAKEN_BY.get(key, set())
        if lacking:
            missing[key] = sorted(lacking)
    assert not missing, f"minigrad's functions lack these keywords of torch's: {missing}"
    assert len(unread) < len(recorded_keywords()) // 10, "most functions must show their keywords to be checked"


@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_numpy_names_exactly_where_torchs_parser_takes_them(alias):
    """``axis=`` where torch's built-in takes ``dim=``, and not where torch's function is Python code."""
    wrong = []
    for key, fn, names in _functions():
        accepted = _accepted(fn)
        if accepted is not None and (alias in accepted) != (alias in names):
            wrong.append(key)
    assert not wrong, f"{alias}= taken where torch refuses it, or the reverse: {wrong}"


def test_numpy_names_work_and_refuse_as_torchs():
    x = minigrad.tensor([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]])
    assert minigrad.cat([x, x], axis=1).shape == (2, 6)
    assert x.softmax(axis=0).sum(0).tolist() == pytest.approx([1.0, 1.0, 1.0])
    assert x.sum(axis=1, keepdims=True).shape == (2, 1)
    with pytest.raises(TypeError, match=r"^sum\(\) got an unexpected keyword argument 'axis'$"):
        x.sum(0, axis=1)
    with pytest.raises(TypeError, match=r"^split\(\) got an unexpected keyword argument 'axis'$"):
        minigrad.split(x, 1, axis=0)
    with pytest.raises(TypeError, match=r"^view\(\) received an invalid combination of arguments - got \(shape="):
        x.view(shape=(3, 2))  # named as torch names it (torch's parser lists view's signatures), not minigrad's _view


def test_out_writes_and_refuses_as_torchs():
    x = minigrad.tensor([[1.0, -2.0], [3.0, -4.0]])
    out = minigrad.empty(2, 2)
    assert minigrad.abs(x, out=out) is out and out.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    values, indices = minigrad.empty(0), minigrad.empty(0, dtype=minigrad.long)
    got = minigrad.max(x, 1, out=(values, indices))
    assert got.values is values and indices.tolist() == [0, 0] and type(got).__name__ == "max_out"
    with pytest.raises(RuntimeError, match="don't support automatic differentiation"):
        minigrad.exp(x.clone().requires_grad_(), out=minigrad.empty(2, 2))
    with pytest.raises(TypeError, match=r"^exp\(\): argument 'out' must be Tensor, not int$"):
        minigrad.exp(x, out=3)
