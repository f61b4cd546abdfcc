"""DOT text -> SVG or PNG bytes, by the Graphviz that comes with minigrad or by an installed one's ``dot``;
and the layout settings every drawing uses.

:func:`render` lays out every picture minigrad makes: the stepper's (``widgets/layout.py``) and those of
``make_dot`` and ``draw_graph`` (``minigrad/viz.py``, whose ``graphviz.Digraph`` pipes, renders and displays
through it). It runs one of two programs, which take the same command line (``-K<engine> -T<format>``):

* ``"bundled"``: ``graphviz-pure``, a port of Graphviz 16.1 that ``pip install`` brings on Windows, macOS
  and Linux (pinned; it states the same bytes on every platform). No system package.
* ``"dot"``: the ``dot`` program of an installed Graphviz (Debian's, conda-forge's, graphviz.org's).

The backend is the one given to :func:`set_backend`, else the ``MINIGRAD_GRAPHVIZ`` environment variable
(``bundled``, ``dot`` or ``auto``), else ``auto``: bundled if installed, otherwise ``dot`` if on PATH.
benchmarks/bench_viz.py compares the two. If neither can run, :class:`GraphvizUnavailable` says what is
missing and the command that fixes it.
"""

import importlib.metadata
import os
import pathlib
import re
import shutil
import subprocess

# Caps on dot's network simplex and crossing minimisation, given to every drawing: a tangled 300-node
# graph took 2.3 s with them and over 20 s without, a 100-node one 0.12 s and 0.3-0.4 s
# (benchmarks/bench_viz.py); graphs without long edges lay out as before.
LAYOUT_LIMITS = {"nslimit": "2", "mclimit": "0.5"}
# auto takes the bundled Graphviz first: every machine (CI's, a student's) then draws with the same program
# (the same SVG bytes: checked across processes here, stated across platforms by graphviz-pure), and it is
# faster on the lessons' small graphs (bench_viz: about 4-13 ms against dot's 17-43 ms at 10 nodes, as fast
# at 100); dot is up to 2x faster on 400-node draw_graph pictures.
BACKENDS = ("auto", "bundled", "dot")
ENV_VAR = "MINIGRAD_GRAPHVIZ"
BUNDLED = "graphviz-pure==0.2.2"  # the pinned requirement (pyproject.toml's): its output is what we test
TIMEOUT = 30  # seconds; the size budgets keep real graphs far below this

# graphviz-pure sizes text with Graphviz's built-in font metrics, which know families by name (Courier,
# Helvetica, Times, DejaVu Sans, ...) but not the generic "monospace" (torchviz's font): it would measure it
# as Times, too narrow for the monospace the browser shows. Courier has monospace's widths, and its SVG
# names "Courier,monospace".
_MONOSPACE = re.compile(r'\b(fontname|FACE)=("?)monospace\2(?![\w-])')

_chosen = None
_bundled_program = None


class RenderError(RuntimeError):
    """Graphviz could not lay the graph out: the DOT text or format was wrong, or it took too long."""


class GraphvizUnavailable(RenderError):
    """Neither Graphviz can run here. Shown in Jupyter as its one-sentence message, without a traceback."""

    def _render_traceback_(self):  # IPython's hook: the message says what to do; our frames would not help
        return [f"{type(self).__name__}: {self}"]


def set_backend(name):
    """Lay out with ``"bundled"``, ``"dot"`` or ``"auto"`` from now on; ``None`` goes back to the
    ``MINIGRAD_GRAPHVIZ`` environment variable."""
    global _chosen
    _chosen = None if name is None else _check_name(name, "set_backend")


def backend():
    """The backend :func:`render` uses now, ``"bundled"`` or ``"dot"`` (the module docstring says how it is
    chosen); :class:`GraphvizUnavailable` if the one asked for (for ``auto``: either) is not installed."""
    return _program()[0]


def render(source, format="svg", *, engine="dot", timeout=TIMEOUT):
    """Lay out the DOT text ``source`` with Graphviz's layout ``engine`` and return the picture in ``format``
    as bytes, as ``dot -K<engine> -T<format>`` does (the bundled Graphviz makes svg, png, jpeg, json, plain,
    dot and xdot, not pdf). :class:`RenderError` if Graphviz rejects the text or takes over ``timeout``
    seconds; :class:`GraphvizUnavailable` if no Graphviz can run."""
    name, program = _program()
    if name == "bundled":
        source = _MONOSPACE.sub(r'\1="Courier"', source)
    try:
        done = subprocess.run(
            [program, f"-K{engine}", f"-T{format}"], input=source.encode(), capture_output=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        raise RenderError(f"Graphviz took more than {timeout} s to lay out the graph; draw a smaller graph") from None
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        if name == "bundled" and "not recognized" in message:
            message += f" (for other formats, install Graphviz and set {ENV_VAR}=dot)"
        raise RenderError(f"Graphviz ({_label(name)}) failed: {message}")
    return done.stdout


def _program():
    """(backend name, path of its program), or GraphvizUnavailable saying what to install."""
    name = _chosen or _check_name(os.environ.get(ENV_VAR) or "auto", ENV_VAR)
    asked = "set_backend" if _chosen else f"{ENV_VAR}={name}"
    if name in ("auto", "bundled"):
        program = _bundled()
        if program:
            return "bundled", program
        if name == "bundled":
            raise GraphvizUnavailable(
                f"{asked} asks for the Graphviz that comes with minigrad, but the graphviz-pure package is not "
                f"installed: run `pip install {BUNDLED}`."
            )
    program = shutil.which("dot")
    if program:
        return "dot", program
    if name == "dot":
        raise GraphvizUnavailable(
            f"{asked} asks for Graphviz's dot program, which is not on PATH: install Graphviz "
            f"(conda install -c conda-forge graphviz), or use the Graphviz that comes with minigrad ({ENV_VAR}=auto)."
        )
    raise GraphvizUnavailable(
        "Drawing a graph needs Graphviz, and there is neither the graphviz-pure package nor a dot program on "
        f"PATH: run `pip install {BUNDLED}` (or install Graphviz so that dot is on PATH)."
    )


def _bundled():
    """The graphviz-pure program that pip installed beside this Python's packages, found from the package's
    file list: the scripts directory is not always on a Jupyter kernel's PATH."""
    global _bundled_program
    if _bundled_program is None:
        try:
            files = importlib.metadata.distribution("graphviz-pure").files or []
        except importlib.metadata.PackageNotFoundError:
            return None
        for f in files:
            if f.name in ("graphviz-pure", "graphviz-pure.exe"):
                path = pathlib.Path(f.locate()).resolve()
                if path.is_file():
                    _bundled_program = str(path)
    return _bundled_program


def _label(name):
    return "graphviz-pure" if name == "bundled" else "dot"


def _check_name(name, where):
    if name not in BACKENDS:
        raise ValueError(f"{where}: unknown Graphviz backend {name!r}; use one of {', '.join(BACKENDS)}")
    return name
