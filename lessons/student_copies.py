"""Student copies of the lessons, for instructors who do not use nbgrader: ``./dev student-copies [DIR]``.

Each lesson's answer cells carry nbgrader's metadata and mark their solutions between a ``### BEGIN`` and a
``### END`` line (each followed by the word SOLUTION). A student copy is what ``nbgrader generate_assignment``
makes of it: every solution region is replaced by nbgrader's default stub, ``# YOUR CODE HERE`` and
``raise NotImplementedError()``, indented like the region. Unlike nbgrader, which clears every output, the copies
are then executed, so that they open with the lessons' outputs and pictures, and each check cell shows "Not
answered yet". The answer cells are tagged ``raises-exception``, so running them all goes past the stubs.
"""

import argparse
import pathlib
import re
import shutil
import sys

import nbformat

STUB = "# YOUR CODE HERE\nraise NotImplementedError()"  # nbgrader's ClearSolutions.code_stub for Python
BEGIN, END = "BEGIN SOLUTION", "END SOLUTION"  # nbgrader's delimiters: a line containing them starts/ends a region
LESSONS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


def strip_solutions(source):
    """``source`` with each solution region replaced by the stub, as nbgrader's ClearSolutions does."""
    out, inside = [], False
    for line in source.split("\n"):
        if BEGIN in line:
            if inside:
                raise ValueError("a solution region starts inside another one; close it with an END SOLUTION line")
            inside = True
            indent = re.match(r"\s*", line).group(0)
            out.extend(indent + stub_line for stub_line in STUB.split("\n"))
        elif END in line:
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError("a solution region has no END SOLUTION line")
    return "\n".join(out)


def student_copy(nb):
    """A student copy of the lesson ``nb`` (a new notebook): solutions replaced by the stub, the answer cells'
    outputs cleared. Raises ValueError for a solution region outside a cell marked as an nbgrader solution."""
    nb = nbformat.from_dict(nb)
    for i, cell in enumerate(nb.cells):
        if BEGIN not in cell.source:
            continue
        if not cell.metadata.get("nbgrader", {}).get("solution"):
            raise ValueError(f"cell {i} has a solution region but is not an nbgrader solution cell")
        cell.source = strip_solutions(cell.source)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return nb


def write_student_copies(out_dir, lessons_dir=LESSONS, execute=True, timeout=600):
    """Write a student copy of every lesson in ``lessons_dir`` (and the pictures they show) into ``out_dir``,
    executed unless ``execute`` is false; returns the paths written."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    figures = pathlib.Path(lessons_dir) / "figures"
    if figures.is_dir():
        shutil.copytree(figures, out_dir / "figures", dirs_exist_ok=True)
    written = []
    for path in sorted(pathlib.Path(lessons_dir).glob("[0-9][0-9]_*.ipynb")):
        nb = student_copy(nbformat.read(path, as_version=4))
        if execute:
            from nbclient import NotebookClient

            NotebookClient(nb, timeout=timeout, kernel_name="python3",
                           resources={"metadata": {"path": str(out_dir)}}).execute()
        target = out_dir / path.name
        nbformat.write(nb, target)
        written.append(target)
    return written


def main(argv=None):
    """``python -m lessons.student_copies [DIR]``: write executed student copies of every lesson into DIR."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", default="student-copies", help="where to write them (default: %(default)s)")
    parser.add_argument("--no-execute", action="store_true", help="leave the copies unexecuted (no outputs)")
    args = parser.parse_args(argv)
    if pathlib.Path(args.dir).resolve() == LESSONS:
        parser.error("DIR is the lessons' own folder; choose another, the copies would overwrite the lessons")
    for path in write_student_copies(args.dir, execute=not args.no_execute):
        print(f"wrote {path}")


if __name__ == "__main__":
    sys.exit(main())
