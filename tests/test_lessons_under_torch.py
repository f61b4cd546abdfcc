"""Every lesson prints what PyTorch prints: the text each code cell stores in the committed notebook (run on
minigrad; nbval checks that it is reproduced) is the text the same cell printed under PyTorch 2.13, with the
imports replaced (``tests/parity/lessons_torch.json``, recorded by ``tests/parity/lessons.py``). Cells that use
what only minigrad has (the stepper, the drawings, minigrad's TensorBoard writer) are left out by name.

torch is not needed; where it is importable, the recording is also checked against a fresh run.
"""

import importlib.util
import json
import subprocess
import sys

import nbformat
import pytest
from parity.lessons import FIXTURE, ROOT, compared_cells, minigrad_only, notebooks, printed

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))
LESSONS = {path.stem: path for path in notebooks()}


def test_the_recording_is_torch_2_13s_and_covers_every_lesson():
    assert RECORDED["torch_version"].startswith("2.13.") and sorted(RECORDED["notebooks"]) == sorted(LESSONS)
    assert sum(len(cells) for cells in RECORDED["notebooks"].values()) >= 150


@pytest.mark.parametrize("stem", sorted(LESSONS))
def test_each_cell_prints_what_pytorch_printed(stem):
    nb = nbformat.read(LESSONS[stem], as_version=4)
    cells = compared_cells(nb)
    recorded = RECORDED["notebooks"][stem]
    again = "with torch installed, record again: .venv/bin/python tests/parity/lessons.py"
    assert sorted(cells) == sorted(int(i) for i in recorded), f"the lesson's cells changed; {again}"
    for i, cell in cells.items():
        where = f"cell {i} of {stem} (if PyTorch prints this too, {again})"
        assert printed(cell) == recorded[str(i)], f"{where}:\n{cell.source}"


def test_only_the_minigrad_tools_are_left_out():
    left_out = [c.source for path in LESSONS.values() for c in nbformat.read(path, as_version=4).cells
                if c.cell_type == "code" and minigrad_only(c.source)]  # fmt: skip
    assert 0 < len(left_out) < 60
    assert minigrad_only("%%stepthrough\nx = 1") and minigrad_only("from minigrad.graph import record")
    assert not minigrad_only("import minigrad as torch\nprint(torch.ones(2))")  # the import alone is PyTorch's


@pytest.mark.skipif(importlib.util.find_spec("torch") is None or importlib.util.find_spec("torchviz") is None,
                    reason="live check: needs torch 2.13 and torchviz installed")  # fmt: skip
def test_the_recording_matches_a_fresh_run_under_torch():
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "parity" / "lessons.py"), "--check"],
                         capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
