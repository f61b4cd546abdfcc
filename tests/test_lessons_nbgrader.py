"""The lessons as nbgrader assignments: nbgrader itself turns them into student copies, the copies run under
nbval with every check cell saying "Not answered yet", ``./dev student-copies`` writes the same cells without
nbgrader, and nbgrader's validator passes the lessons (solutions in place) and fails the student copies."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import nbformat
import nbgrader  # noqa: F401 - in the test extra (pyproject.toml): the round trip below needs it
import pytest

from lessons.student_copies import STUB, strip_solutions, student_copy, write_student_copies

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
BIN = pathlib.Path(sys.executable).parent


def _env():
    env = dict(os.environ)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = f"{ROOT}{os.pathsep}{env.get('PYTHONPATH', '')}"
    return env


def _nbgrader(*args, cwd):
    return subprocess.run([str(BIN / "nbgrader"), *args], cwd=cwd, env=_env(), capture_output=True, text=True,
                          timeout=600)


def _course(tmp, notebooks):
    """A course directory with the lessons as the source of one assignment, 'lessons'."""
    source = tmp / "course" / "source" / "lessons"
    source.mkdir(parents=True)
    for nb in notebooks:
        shutil.copy(nb, source)
    shutil.copytree(ROOT / "notebooks" / "figures", source / "figures")
    return tmp / "course"


def _texts(cell):
    out = []
    for o in cell.get("outputs", []):
        if o.output_type == "stream":
            out.append(o.text)
        elif o.output_type == "error":
            out.append(f"{o.ename}: {o.evalue}")
    return "".join(out)


def test_strip_solutions_keeps_indentation_and_code_around_the_region():
    source = "x = TODO\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION\nprint(x)\n    ### BEGIN SOLUTION\n    y\n" \
             "    ### END SOLUTION"
    indented = "\n".join("    " + line for line in STUB.split("\n"))
    assert strip_solutions(source) == f"x = TODO\n{STUB}\nprint(x)\n{indented}"
    with pytest.raises(ValueError, match="no END SOLUTION"):
        strip_solutions("### BEGIN SOLUTION\nx = 1")


def test_a_solution_region_outside_a_solution_cell_is_refused():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("### BEGIN SOLUTION\nx\n### END SOLUTION")])
    with pytest.raises(ValueError, match="not an nbgrader solution cell"):
        student_copy(nb)


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """nbgrader's student copies (generate_assignment) and ours (./dev student-copies, executed)."""
    tmp = tmp_path_factory.mktemp("assignment")
    course = _course(tmp, LESSONS)
    result = _nbgrader("generate_assignment", "lessons", "--no-db", f"--CourseDirectory.root={course}", cwd=course)
    assert result.returncode == 0, result.stdout + result.stderr
    ours = write_student_copies(tmp / "ours")
    return course / "release" / "lessons", tmp / "ours", ours


def test_nbgrader_student_copies_have_no_solutions(copies):
    release, _, _ = copies
    for lesson in LESSONS:
        source, student = nbformat.read(lesson, 4), nbformat.read(release / lesson.name, 4)
        assert len(source.cells) == len(student.cells)
        for src, dst in zip(source.cells, student.cells):
            if "BEGIN SOLUTION" in src.source:
                solution = re.findall(r"BEGIN SOLUTION\n(.*?)\n\s*### END SOLUTION", src.source, flags=re.S)
                assert STUB.split("\n")[1] in dst.source and "BEGIN SOLUTION" not in dst.source
                for region in solution:
                    assert region.strip() not in dst.source, f"{lesson.name}: a solution survived: {region!r}"
            grade = dst.metadata.get("nbgrader", {})
            if grade.get("grade"):
                assert grade["locked"] and "checksum" in grade and dst.metadata.get("editable") is False


def test_our_student_copies_are_nbgraders(copies):
    """./dev student-copies makes, cell for cell, the code nbgrader generate_assignment makes."""
    release, ours_dir, _ = copies
    for lesson in LESSONS:
        theirs, ours = nbformat.read(release / lesson.name, 4), nbformat.read(ours_dir / lesson.name, 4)
        assert [c.source for c in theirs.cells] == [c.source for c in ours.cells], lesson.name


def test_student_copies_say_not_answered_and_pass_nbval(copies, tmp_path):
    """Every check cell of an executed student copy says "Not answered yet", no check says Correct!, and the only
    errors are the stubs' NotImplementedError. nbgrader's copies, given those outputs (their code is the same,
    see above), pass nbval strictly."""
    release, ours_dir, _ = copies
    checks = 0
    for lesson in LESSONS:
        ours = nbformat.read(ours_dir / lesson.name, 4)
        theirs = nbformat.read(release / lesson.name, 4)
        for mine, cell in zip(ours.cells, theirs.cells):
            if cell.cell_type != "code":
                continue
            text = _texts(mine)
            assert "Correct!" not in text, f"{lesson.name}: {text!r}"
            errors = [o for o in mine.outputs if o.output_type == "error"]
            assert all(e.ename == "NotImplementedError" for e in errors), f"{lesson.name}: {errors}"
            if cell.metadata.get("nbgrader", {}).get("grade"):
                assert text.startswith("Not answered yet: ") and text.count("\n") == 1, f"{lesson.name}: {text!r}"
                checks += 1
            cell.outputs, cell.execution_count = mine.outputs, mine.execution_count
        theirs.metadata = ours.metadata  # the executed copy's widget state
        nbformat.write(theirs, release / lesson.name)
    assert checks == sum(1 for p in LESSONS for c in nbformat.read(p, 4).cells
                         if c.metadata.get("nbgrader", {}).get("grade"))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(ROOT / "notebooks" / "nbval_sanitize.cfg"), "-q", str(release)],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "failed" not in result.stdout


def test_nbgrader_validate_passes_the_lesson_and_fails_its_student_copy(copies, tmp_path):
    """Under nbgrader (NBGRADER_EXECUTION), a check that is not right raises, so the grade cells score."""
    release, _, _ = copies
    lesson = ROOT / "notebooks" / "03_backpropagation.ipynb"
    solved = _nbgrader("validate", str(lesson), cwd=tmp_path)
    assert "Success! Your notebook passes all the tests." in solved.stdout, solved.stdout + solved.stderr
    unanswered = _nbgrader("validate", str(release / lesson.name), cwd=tmp_path)
    assert "VALIDATION FAILED" in unanswered.stdout, unanswered.stdout + unanswered.stderr
    assert "Not answered yet" in unanswered.stdout
