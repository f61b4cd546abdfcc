"""How every lesson notebook is written: nbval checks that their outputs are reproduced; these tests check
that what nbval checks is worth checking (executed cells, sanitizable outputs), that each lesson cites the
document it follows, that exercises go through the checker, and that the README lists every lesson."""

import pathlib
import re

import nbformat
import pytest

from lessons.check import EXERCISES

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IDS = [p.stem for p in NOTEBOOKS]
SEED = re.compile(r"\bseeds? 00[0-4]\b")
TEXT_MIMES = ("text/plain", "text/html", "text/latex", "text/markdown", "image/svg+xml")
MARKERS = ("NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP", "NBVAL_RAISES_EXCEPTION", "NBVAL_CHECK_OUTPUT")


def _read(path):
    return nbformat.read(path, as_version=4)


def _sanitizers():
    """The (regex, replacement) pairs of notebooks/nbval_sanitize.cfg, as nbval applies them."""
    lines = [ln.strip() for ln in (ROOT / "notebooks" / "nbval_sanitize.cfg").read_text().splitlines()]
    pairs, pending = [], None
    for ln in lines:
        if ln.startswith("regex:"):
            pending = ln[len("regex:"):].strip()
        elif ln.startswith("replace:") and pending is not None:
            pairs.append((re.compile(pending), ln[len("replace:"):].strip()))
            pending = None
    return pairs


def _output_texts(cell):
    """Every text nbval compares in one code cell's stored outputs."""
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            yield out.text
        elif out.output_type in ("execute_result", "display_data"):
            for mime in TEXT_MIMES:
                if mime in out.data:
                    data = out.data[mime]
                    yield "".join(data) if isinstance(data, list) else data
        elif out.output_type == "error":
            yield f"{out.ename}: {out.evalue}"


def _sections(nb):
    """(heading-so-far, cell) pairs: the last markdown heading seen before each cell."""
    heading = ""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    heading = line.lstrip("#").strip().lower()
        yield heading, cell


def test_lessons_exist():
    assert "00_start_here" in IDS, "notebooks/00_start_here.ipynb is the course's entry point"
    assert len(IDS) >= 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_cites_the_document_it_follows(path):
    nb = _read(path)
    follows = [c.source for c in nb.cells if c.cell_type == "markdown" and "Follows" in c.source]
    assert follows, f"{path.name}: no markdown cell with a 'Follows:' line naming its source document"
    assert any(SEED.search(s) for s in follows), f"{path.name}: the 'Follows' line names no seed document (seed 00N)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_code_cell_was_executed(path):
    """A cell stored with execution_count None is not compared by nbval: it would only be run, not checked."""
    nb = _read(path)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
    unexecuted = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.execution_count is None]
    assert not unexecuted, f"{path.name}: code cells {unexecuted} have no execution_count; re-execute the notebook"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_outputs_hold_no_unsanitized_address_or_tmp_path(path):
    """Memory addresses and temporary paths change every run: the sanitize file must mask all of them."""
    nb = _read(path)
    sanitizers = _sanitizers()
    address = re.compile(r"0x(?!ADDRESS)[0-9a-fA-F]{4,}")
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for text in _output_texts(cell):
            for regex, replacement in sanitizers:
                text = regex.sub(replacement, text)
            found = address.search(text)
            assert not found, f"{path.name} cell {i}: address {found.group()} survives sanitizing"
            assert "/tmp/" not in text, f"{path.name} cell {i}: a /tmp path survives sanitizing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_ignore_markers_only_on_machine_dependent_outputs(path):
    """NBVAL_IGNORE_OUTPUT is for SVG pictures and widgets, whose text differs between machines; a marked cell
    without either hides a check for no reason."""
    nb = _read(path)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or not cell.source.lstrip().startswith("# NBVAL_IGNORE_OUTPUT"):
            continue
        mimes = {m for out in cell.get("outputs", []) for m in out.get("data", {})}
        assert mimes & {"image/svg+xml", "application/vnd.jupyter.widget-view+json"}, (
            f"{path.name} cell {i}: marked NBVAL_IGNORE_OUTPUT but shows no SVG or widget"
        )


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.stem != "00_start_here"],
                         ids=[i for i in IDS if i != "00_start_here"])
def test_exercises_are_checked(path):
    """'Your turn' exercises call check(...) with registered names; each solution prints Correct!, and no
    solution gets 'Not quite' (so the checker and the solution agree)."""
    nb = _read(path)
    sections = list(_sections(nb))
    exercise_cells = [c for h, c in sections if c.cell_type == "code" and ("your turn" in h or "solution" in h)]
    assert exercise_cells, f"{path.name}: no code cells under a 'Your turn' heading"
    calls = [c for c in exercise_cells if "check(" in c.source]
    assert calls, f"{path.name}: the exercises never call check(...)"
    for cell in calls:
        for name in re.findall(r"check\(\s*['\"]([^'\"]+)['\"]", cell.source):
            assert name in EXERCISES, f"{path.name}: check({name!r}) is not a registered exercise"
    solutions = [c for h, c in sections if c.cell_type == "code" and "solution" in h and "check(" in c.source]
    assert solutions, f"{path.name}: no Solution cell that calls check(...)"
    for cell in solutions:
        text = "".join(_output_texts(cell))
        assert "Correct!" in text and "Not quite" not in text and "Not answered" not in text, (
            f"{path.name}: a solution cell does not print only 'Correct!': {text!r}"
        )


def test_readme_lists_every_lesson():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Lessons" in readme, "README.md needs a '## Lessons' section"
    lessons = readme.split("## Lessons", 1)[1]
    missing = [p.name for p in NOTEBOOKS if p.stem not in lessons]
    assert not missing, f"README's lesson list does not name {missing}"
