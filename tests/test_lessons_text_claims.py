"""Claims in the lessons' text that the printed outputs cannot check, checked against what they describe:
PyTorch's own list of derivative formulas."""

import importlib.util
import pathlib
import re

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _derivatives_yaml():
    spec = importlib.util.find_spec("torchgen")
    if spec is None or spec.origin is None:
        pytest.skip("torchgen (shipped with torch) is not installed")
    path = pathlib.Path(spec.origin).parent / "packaged" / "autograd" / "derivatives.yaml"
    if not path.exists():
        pytest.skip("this torch ships no derivatives.yaml")
    return path.read_text(encoding="utf-8")


def test_lesson_04_quotes_pytorchs_mul_formula_as_derivatives_yaml_writes_it():
    text = _derivatives_yaml()
    entry = text[text.index("- name: mul.Tensor("):].split("\n\n")[0]
    lesson = next(c.source for c in nbformat.read(ROOT / "notebooks" / "04_function.ipynb", as_version=4).cells
                  if c.cell_type == "markdown" and "derivatives.yaml" in c.source)
    quoted = re.findall(r"`((?:self|other): [^`]+)`", lesson)
    assert quoted, lesson
    for line in quoted:
        assert f"  {line}\n" in entry + "\n", f"lesson 04 quotes {line!r}; derivatives.yaml has:\n{entry}"
