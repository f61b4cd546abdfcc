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
    """nbval-ignore-output is for SVG pictures and widgets, whose text differs between machines; a marked cell
    without either hides a check for no reason. The mark is a cell tag, not a ``# NBVAL_...`` comment, which
    students would read in the cell (nbval honours both the same way)."""
    nb = _read(path)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        comments = [m for m in MARKERS + ("PYTEST_VALIDATE_IGNORE_OUTPUT",) if re.search(rf"^\s*#\s*{m}\s*$",
                                                                                          cell.source, re.M)]
        assert not comments, f"{path.name} cell {i}: {comments[0]} as a comment; use the cell tag instead"
        if "nbval-ignore-output" not in cell.metadata.get("tags", []):
            continue
        mimes = {m for out in cell.get("outputs", []) for m in out.get("data", {})}
        assert mimes & {"image/svg+xml", "application/vnd.jupyter.widget-view+json"}, (
            f"{path.name} cell {i}: tagged nbval-ignore-output but shows no SVG or widget"
        )


def test_nbval_reads_the_ignore_tag():
    """The tag does what the comment did: nbval (the installed version) maps it to not checking the output."""
    from nbval.plugin import find_metadata_tags

    assert dict(find_metadata_tags({"tags": ["nbval-ignore-output"]})) == {"check": False}


def _nbgrader(cell):
    return cell.metadata.get("nbgrader", {})


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_exercises_are_checked_in_nbgrader_cells(path):
    """Every lesson ends with exercises in nbgrader's layout: an answer cell (a solution cell whose solution sits
    between ### BEGIN SOLUTION and ### END SOLUTION, after the TODO placeholders) followed by a locked grade cell
    that calls check(...) with a registered exercise and, with the solution in place, prints only 'Correct!'."""
    nb = _read(path)
    grade_cells = [(i, c) for i, c in enumerate(nb.cells) if _nbgrader(c).get("grade")]
    assert grade_cells, f"{path.name}: no nbgrader grade cell (check cell)"
    ids = [_nbgrader(c)["grade_id"] for c in nb.cells if _nbgrader(c)]
    assert len(ids) == len(set(ids)), f"{path.name}: nbgrader grade_ids repeat: {ids}"
    for i, cell in grade_cells:
        meta = _nbgrader(cell)
        assert meta["locked"] and not meta["solution"] and meta["points"] > 0 and meta["schema_version"] == 3
        names = re.findall(r"check\(\s*['\"]([^'\"]+)['\"]", cell.source)
        assert names == [meta["grade_id"]] and names[0] in EXERCISES, f"{path.name} cell {i}: {cell.source!r}"
        text = "".join(_output_texts(cell))
        assert text == f"Correct! ({names[0]})\n", f"{path.name} cell {i}: the solution gets {text!r}"
        answer = nb.cells[i - 1]
        assert _nbgrader(answer).get("solution") and not _nbgrader(answer).get("grade"), (
            f"{path.name} cell {i - 1}: the cell before a check cell should be its answer (solution) cell")
        assert answer.source.count("### BEGIN SOLUTION") == answer.source.count("### END SOLUTION") >= 1
        statement = nb.cells[i - 2]
        assert statement.cell_type == "markdown" and "<details><summary>Hint</summary>" in statement.source, (
            f"{path.name} cell {i - 2}: an exercise's statement should end with a folded hint")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_solution_regions_only_in_solution_cells(path):
    """nbgrader refuses solution regions outside solution cells; a region at the top level of a cell becomes
    `raise NotImplementedError()` in the student copy, so that cell is tagged raises-exception (nbval and
    'Run All' go on past it; a %%stepthrough cell shows the error as its last step and raises it too)."""
    nb = _read(path)
    for i, cell in enumerate(nb.cells):
        has_region = "### BEGIN SOLUTION" in cell.source
        if not has_region:
            continue
        assert _nbgrader(cell).get("solution"), f"{path.name} cell {i}: solution region in a non-solution cell"
        top_level = any(line.startswith("### BEGIN SOLUTION") for line in cell.source.splitlines())
        if top_level:
            assert "raises-exception" in cell.metadata.get("tags", []), f"{path.name} cell {i}: not tagged"


def test_every_exercise_is_in_a_lesson():
    used = {_nbgrader(c)["grade_id"] for p in NOTEBOOKS for c in _read(p).cells if _nbgrader(c).get("grade")}
    assert used == set(EXERCISES)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_markdown_has_no_control_characters(path):
    """A tab or other control character in markdown is a lost backslash escape: "\\text" written as "\\t" + "ext"
    renders as "ext" in the maths (and "\\frac" as a form feed)."""
    for i, cell in enumerate(_read(path).cells):
        if cell.cell_type == "markdown":
            bad = re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\t]", cell.source)
            near = cell.source[max(0, bad.start() - 20): bad.end() + 10] if bad else ""
            assert not bad, f"{path.name} cell {i}: control character {bad.group()!r} in {near!r}"


def test_lesson_09_text_matches_the_stepper_captions():
    """Lesson 09 tells what steps 7 to 16 of its second-derivative stepper show; the captions must say it."""
    from widgets import GraphStepper

    nb = _read(ROOT / "notebooks" / "09_backward_gradient_and_autograd_grad.ipynb")
    cell = next(c for c in nb.cells if c.source.startswith("%%stepthrough step=9") and "create_graph" in c.source)
    stepper = GraphStepper.from_code(cell.source.split("\n", 1)[1])
    caption = {n: " ".join(stepper.steps[n - 1]["t"]) for n in range(1, stepper.num_steps + 1)}
    recorded = caption[7] + caption[8]
    assert all(f"records {node}" in recorded for node in ("PowBackward0", "MulBackward0", "AddBackward0")), recorded
    assert "autograd.grad: result 0" in caption[8], caption[8]
    assert "saved tensors are kept" in caption[9] and "dy_dx" in str(stepper.steps[8]["c"]), caption[9]
    assert caption[10].startswith("backward pass from dy_dx") and "autograd.grad: result 0" in caption[15]
    assert "freed" in caption[16], caption[16]


def test_readme_lists_every_lesson():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Lessons" in readme, "README.md needs a '## Lessons' section"
    lessons = readme.split("## Lessons", 1)[1]
    missing = [p.name for p in NOTEBOOKS if p.stem not in lessons]
    assert not missing, f"README's lesson list does not name {missing}"
