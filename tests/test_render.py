"""minigrad.render: one layout function for every picture, by the Graphviz that comes with minigrad
(graphviz-pure, "bundled") or by an installed Graphviz's ``dot``.

The stepper, make_dot, draw_graph and a whole lesson notebook run twice: with ``dot`` hidden from PATH
(what a student has after ``pip install`` on a machine without Graphviz) and on ``dot``
(``MINIGRAD_GRAPHVIZ=dot``; Debian's graphviz, which ``./dev test`` installs).
"""

import importlib.util
import os
import pathlib
import re
import shutil

import nbformat
import numpy as np
import pytest
from test_graph_model import rnn_cell
from test_viz import seed_004
from test_widget_steps import SEED_004

import minigrad as torch
from minigrad import render
from minigrad.viz import draw_graph, make_dot
from widgets import GraphStepper
from widgets.picture import svg_of_html

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "08_reassignment_inplace_detach.ipynb"  # steppers and make_dot pictures


def path_without_dot(directory):
    """A PATH of one directory holding links to every program on the current PATH except Graphviz's ``dot``."""
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if not os.path.isdir(folder):
            continue
        for entry in os.scandir(folder):
            link = directory / entry.name
            if entry.name != "dot" and not link.exists() and os.access(entry.path, os.X_OK):
                link.symlink_to(entry.path)
    assert shutil.which("dot", path=str(directory)) is None
    return str(directory)


def require_dot():
    if shutil.which("dot") is None:
        pytest.fail("Graphviz's dot is not installed: the tests of the dot backend need it (./dev setup installs it)")


@pytest.fixture(scope="session")
def no_dot_path(tmp_path_factory):
    return path_without_dot(tmp_path_factory.mktemp("no-dot") / "bin")


@pytest.fixture(params=["bundled, no dot on PATH", "dot"])
def backend(request, monkeypatch, no_dot_path):
    """Each test runs on both: the bundled Graphviz with dot hidden, then an installed dot."""
    render.set_backend(None)
    if request.param == "dot":
        require_dot()
        monkeypatch.setenv(render.ENV_VAR, "dot")
    else:
        monkeypatch.delenv(render.ENV_VAR, raising=False)
        monkeypatch.setenv("PATH", no_dot_path)
    name = "dot" if request.param == "dot" else "bundled"
    assert render.backend() == name
    return name


def node_ids(svg):
    return sorted(re.findall(r'<g id="(\w+)" class="node[" ]', svg))


def picture(data):
    """The SVG an output shows: a drawing's ``image/svg+xml``, or a stepper's still picture (``text/html``)."""
    if "image/svg+xml" in data:
        return "".join(data["image/svg+xml"])
    return svg_of_html("".join(data.get("text/html", "")))


def texts(svg):
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


# -- the pictures, on both backends -------------------------------------------------------------------------


def test_stepper_lays_out(backend):
    s = GraphStepper.from_code(SEED_004)
    assert s.num_steps == 16
    nodes = re.findall(r"<g id='(\w+)' class='node ", s.svg)
    assert sorted(nodes) == sorted([t.id for t in s._graph.tensors] + [f.id for f in s._graph.functions])
    edges = re.findall(r"<g id='(\w+)' class='edge ", s.svg)
    assert len(edges) == len(set(edges)) > 0 and "input_t0_f2_0" in edges
    assert "<!--" not in s.svg and "graphviz" not in s.svg.lower()  # sanitised the same way on both


def test_make_dot_pipes_renders_and_displays(backend, tmp_path):
    v = rnn_cell()
    dot = make_dot(v["out"], params={"Wh": v["Wh"], "Wx": v["Wx"]}, show_attrs=True)
    svg = dot.pipe(format="svg").decode()
    assert node_ids(svg) == ["f0", "f1", "f2", "f3", "f4", "f5", "f6", "t0", "t3", "t8"]
    shown = texts(svg)  # the HTML-like labels were drawn, not replaced by node names
    assert {"Wx", "Wh", "(3, 2)", "AccumulateGrad", "MmBackward0", "TanhBackward0"} <= set(shown)
    assert "self_sym_sizes: (3, 1)" in " ".join(shown) and "f0" not in shown
    assert dot.pipe(format="svg", encoding="utf-8") == svg
    bundle = dot._repr_mimebundle_()
    assert bundle["image/svg+xml"].lstrip().startswith("<?xml") and "AccumulateGrad" in bundle["image/svg+xml"]
    png = dot.render(tmp_path / "rnn", format="png")
    assert png == str(tmp_path / "rnn.png")  # graphviz's own file naming
    assert pathlib.Path(png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "rnn").read_text() == dot.source  # graphviz's render saves the source too
    out = dot.render(outfile=tmp_path / "picture.svg")
    assert node_ids(pathlib.Path(out).read_text()) == node_ids(svg)


def test_draw_graph_draws_its_tables(backend):
    v, ops = seed_004()
    svg = draw_graph(v["y"], names=v, trace=ops).pipe(format="svg").decode()
    assert node_ids(svg) == ["t0", "t1", "t2", "t3", "t4", "t5"]
    shown = texts(svg)
    assert {"a", "b", "data [3.]", "grad [2.]", "leaf (requires grad)"} <= {t.strip() for t in shown}
    assert re.search(r'font-weight="bold"[^>]*>a</text>', svg)  # names in bold: the table markup was kept
    assert '<g id="f4_0_t5" class="edge"' in svg


def box_width(svg, node):
    """Width in points of a node's outline (make_dot's polygon, draw_graph's rounded path)."""
    group = re.search(rf'<g id="{node}" class="node">(.*?)</g>', svg, re.S).group(1)
    outline = re.search(r' (?:points|d)="([^"]+)"', group).group(1)
    xs = [float(x) for x, _ in re.findall(r"(-?[\d.]+),(-?[\d.]+)", outline)]
    return max(xs) - min(xs)


@pytest.mark.parametrize("draw", ["make_dot", "draw_graph"])
def test_monospace_text_gets_boxes_as_wide_as_the_browser_draws_it(backend, draw):
    """Monospace glyphs are 0.6 em wide (Courier, DejaVu Sans Mono, Liberation Mono): a 40-character line at
    10 pt needs 240 pt. (The bundled Graphviz measures text by font name: told "monospace" without more, it
    would measure Times, about a fifth narrower, and the text would overflow its box in the browser.)"""
    x = torch.ones(8, requires_grad=True)
    if draw == "make_dot":
        line = "1.0, " * 8  # 40 characters, narrow ones in a proportional font
        svg = make_dot(x * 2, params={line: x}).pipe(format="svg").decode()
    else:
        svg = draw_graph(x * 2, names={"x": x}).pipe(format="svg").decode()
        line = "data [1., 1., 1., 1., 1., 1., 1., 1.]"
    assert line in texts(svg)
    assert box_width(svg, "t0") >= 0.6 * 10 * len(line)


def test_graphviz_errors_are_render_errors(backend):
    with pytest.raises(render.RenderError, match=r"failed: Error: <stdin>: syntax error in line 1"):
        render.render("digraph {")


def tangled(n_ops):
    """Each op adds a random earlier result (benchmarks/bench_viz.py's slowest kind of graph)."""
    rng = np.random.default_rng(0)
    results = [torch.zeros(2, requires_grad=True) * 1.0]
    for _ in range(n_ops - 1):
        results.append(results[-1] + results[int(rng.integers(0, len(results)))])
    return results[-1].sum()


def test_a_layout_that_takes_too_long_is_stopped(backend):
    source = make_dot(tangled(200), max_nodes=None).source  # over a second of layout on either backend
    with pytest.raises(render.RenderError, match=r"took more than 0.2 s to lay out the graph; draw a smaller graph"):
        render.render(source, timeout=0.2)


# -- choosing the backend --------------------------------------------------------------------------------


def test_auto_prefers_the_bundled_graphviz_and_falls_back_to_dot(monkeypatch):
    monkeypatch.delenv(render.ENV_VAR, raising=False)
    render.set_backend(None)
    assert render.backend() == "bundled"
    monkeypatch.setattr(render, "_bundled", lambda: None)  # graphviz-pure not installed
    require_dot()
    assert render.backend() == "dot"


def test_the_setting_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv(render.ENV_VAR, "bundled")
    try:
        render.set_backend("dot")
        assert render.backend() == "dot"
    finally:
        render.set_backend(None)
    assert render.backend() == "bundled"


def test_the_bundled_program_is_found_without_path(monkeypatch):
    monkeypatch.setenv("PATH", "")
    program = pathlib.Path(render._bundled())
    assert program.name.startswith("graphviz-pure") and os.access(program, os.X_OK)


def test_unknown_backend_names_are_refused(monkeypatch):
    with pytest.raises(ValueError, match=r"set_backend: unknown Graphviz backend 'svg'; use one of auto, bundled, dot"):
        render.set_backend("svg")
    monkeypatch.setenv(render.ENV_VAR, "neato")
    with pytest.raises(ValueError, match=r"MINIGRAD_GRAPHVIZ: unknown Graphviz backend 'neato'"):
        render.backend()


# -- when no Graphviz can run ------------------------------------------------------------------------------


def one_sentence(message):
    assert message.endswith(".") and message.count(". ") == 0 and "\n" not in message, message
    return message


def test_no_graphviz_at_all_says_the_command_that_fixes_it(monkeypatch, no_dot_path):
    monkeypatch.delenv(render.ENV_VAR, raising=False)
    monkeypatch.setenv("PATH", no_dot_path)
    monkeypatch.setattr(render, "_bundled", lambda: None)
    with pytest.raises(render.GraphvizUnavailable) as caught:
        GraphStepper.from_code(SEED_004)
    assert one_sentence(str(caught.value)) == (
        "Drawing a graph needs Graphviz, and there is neither the graphviz-pure package nor a dot program on "
        "PATH: run `pip install graphviz-pure==0.2.2` (or install Graphviz so that dot is on PATH)."
    )
    assert caught.value._render_traceback_() == [f"GraphvizUnavailable: {caught.value}"]


def test_each_backend_asked_for_and_missing_says_how_to_get_it(monkeypatch, no_dot_path):
    monkeypatch.setenv("PATH", no_dot_path)
    monkeypatch.setenv(render.ENV_VAR, "dot")
    with pytest.raises(render.GraphvizUnavailable) as caught:
        render.render("digraph { a }")
    assert "MINIGRAD_GRAPHVIZ=dot asks for Graphviz's dot program, which is not on PATH: install Graphviz" in (
        one_sentence(str(caught.value))
    )
    monkeypatch.setenv(render.ENV_VAR, "bundled")
    monkeypatch.setattr(render, "_bundled", lambda: None)
    with pytest.raises(render.GraphvizUnavailable, match=r"run `pip install graphviz-pure==0.2.2`\.$") as caught:
        render.render("digraph { a }")
    one_sentence(str(caught.value))


def test_in_jupyter_the_error_is_its_sentence_without_a_traceback(monkeypatch, capsys, no_dot_path):
    from IPython.core.interactiveshell import InteractiveShell

    monkeypatch.delenv(render.ENV_VAR, raising=False)
    monkeypatch.setenv("PATH", no_dot_path)
    monkeypatch.setattr(render, "_bundled", lambda: None)
    shell = InteractiveShell.instance()
    shell.user_ns["torch"] = torch
    cells = [
        "from widgets import GraphStepper\nGraphStepper.from_code('x = torch.ones(1, requires_grad=True)')",
        "from minigrad.viz import make_dot\nmake_dot(torch.ones(1, requires_grad=True) * 2)",  # fails in its display
    ]
    for cell in cells:
        shell.run_cell(cell)
        shown = capsys.readouterr().out
        assert shown.count("GraphvizUnavailable: Drawing a graph needs Graphviz") == 1, shown
        assert "Traceback" not in shown and "render.py" not in shown and "viz.py" not in shown, shown


def test_bundled_formats_it_lacks_say_how_to_get_them(monkeypatch, no_dot_path):
    monkeypatch.setenv("PATH", no_dot_path)
    monkeypatch.delenv(render.ENV_VAR, raising=False)
    with pytest.raises(render.RenderError, match=r'"pdf" not recognized.*install Graphviz and set MINIGRAD_GRAPHVIZ'):
        render.render("digraph { a }", "pdf")


def test_bench_viz_compares_both_backends():
    """benchmarks/bench_viz.py's side-by-side table runs (tiny sizes) and times both backends."""
    spec = importlib.util.spec_from_file_location("bench_viz", ROOT / "benchmarks" / "bench_viz.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    printed = []
    rows = bench.compare_backends(sizes=(10,), repeats=1, out=printed.append)
    assert list(rows) == [("first call", ""), ("stepper", 10), ("make_dot", 10), ("draw_graph", 10)]
    assert all(set(times) == {"bundled", "dot"} and all(0 < t < 30 for t in times.values()) for times in rows.values())
    assert printed[0].split() == ["layout", "nodes", "bundled", "dot", "bundled/dot"] and len(printed) == 5


# -- a whole lesson ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["bundled, no dot on PATH", "dot"])
def test_a_lesson_runs_and_draws_on_both_backends(which, monkeypatch, no_dot_path):
    """Lesson 08 run in a kernel whose environment has no dot (then one told to use dot): no cell fails, and
    every picture the notebook stores comes out with the same nodes and every stepper as a widget (nbval,
    which runs every lesson with the default backend, compares the rest of the outputs)."""
    nbclient = pytest.importorskip("nbclient")
    if which == "dot":
        require_dot()
        monkeypatch.setenv(render.ENV_VAR, "dot")
    else:
        monkeypatch.setenv("PATH", no_dot_path)
        monkeypatch.delenv(render.ENV_VAR, raising=False)
    stored = nbformat.read(LESSON, as_version=4)
    fresh = nbformat.read(LESSON, as_version=4)
    fresh.cells.append(nbformat.v4.new_code_cell("import shutil\nfrom minigrad import render\n"
                                                 "print(render.backend(), shutil.which('dot') is None)"))  # fmt: skip
    client = nbclient.NotebookClient(
        fresh, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(LESSON.parent)}}
    )
    client.execute()
    printed = "".join(o.get("text", "") for o in fresh.cells[-1].outputs)  # the kernel may send it in pieces
    assert printed == ("dot False\n" if which == "dot" else "bundled True\n")
    pictures = widgets = 0
    for old, new in zip(stored.cells, fresh.cells):
        if old.cell_type != "code":
            continue
        errors = [o for o in new.outputs if o.output_type == "error"]
        assert not errors or any(o.output_type == "error" for o in old.outputs), (old.source, errors)
        for out in old.outputs:
            data = out.get("data", {})
            if picture(data) is not None:
                made = [picture(o.get("data", {})) for o in new.outputs if picture(o.get("data", {})) is not None]
                assert made and node_ids(made[0]) == node_ids(picture(data)), old.source
                pictures += 1
            if "application/vnd.jupyter.widget-view+json" in data:
                assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in new.outputs)
                widgets += 1
    assert pictures == 5 and widgets == 3  # two drawings, and each of the three steppers's still picture
