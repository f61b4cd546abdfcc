"""The stepper's front end in real hands (issue 11), in JupyterLab 4, Notebook 7 and an exported HTML page.

* keys and clicks stay in the widget: after a click on any of its controls, arrows, Home, End, Space and P
  step it and never reach the notebook (cells, folding, selection unchanged); the slider steps with arrows
  and dragging;
* presentation mode fills the window; node text stays legible (11px in a cell, 12px presenting, a third more with
  large type): a graph that fits so shows whole, a bigger one is fitted to the width and scrolls, with the step's
  node kept in view, the code pane giving way to it when the graph needs the width; Fit shows the whole graph;
* hover shows an element's info record as Python made it (a tensor's full value and grad as torch prints
  them), a click pins a detail panel (shape, dtype, is_leaf, grad_fn; a grad_fn node's formula) that follows
  the steps, also in an exported page with no kernel;
* a prepared lesson opens unmodified, steps without a kernel, and saving keeps its steppers;
* where no widget runs, the still picture shows instead: a fresh clone (untrusted) in JupyterLab and
  Notebook 7, and an exported page with JavaScript off.

Same harness as test_widget_browser.py (servers on 127.0.0.1, Debian's Chromium, nothing from the internet).
Screenshots go to tests/_artifacts/.
"""

import base64
import contextlib
import functools
import json
import os
import shutil
import subprocess
import urllib.parse
import xml.etree.ElementTree as ET

import nbformat
import pytest
from test_widget_browser import (
    ARTIFACTS,
    BIN,
    CHROMIUM,
    ROOT,
    chromium_page,
    export_with_widgets,
    jupyterlab,
    open_and_run,
    serve,
)

import minigrad as torch
from widgets import GraphStepper
from widgets.picture import picture_svg, svg_of_html

URL = {"lab": "{base}/lab/tree/{name}?token={token}", "notebook": "{base}/notebooks/{name}?token={token}"}
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
SEED = """\
import torch
w = torch.tensor(1.0, requires_grad=True)
x = torch.tensor(2.0, requires_grad=True)
a = w + x
a.retain_grad()
b = w + 1
y = a * b
y.backward()
"""
# lesson 01's RNN cell (Lab2B), with its backward pass: a real lesson graph of 16 nodes
RNN_CELL = """\
Wh = torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [-0.7, 0.8, 0.9]], requires_grad=True)
Wx = torch.tensor([[0.5, -1.0], [1.5, 0.2], [-0.3, 0.8]], requires_grad=True)
x = torch.tensor([[1.0], [-0.5]])
h = torch.tensor([[0.2], [-0.4], [0.6]])
i2h = Wx.mm(x)
h2h = Wh.mm(h)
next_h = i2h + h2h
next_h = next_h.tanh()
out = next_h.sum()
out.backward()
"""
# the same cell unrolled over three time steps: 34 nodes
RNN_UNROLLED = """\
Wh = torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [-0.7, 0.8, 0.9]], requires_grad=True)
Wx = torch.tensor([[0.5, -1.0], [1.5, 0.2], [-0.3, 0.8]], requires_grad=True)
h = torch.tensor([[0.2], [-0.4], [0.6]])
for t in range(3):
    x = torch.tensor([[1.0], [-0.5]]) * t
    h = (Wx.mm(x) + Wh.mm(h)).tanh()
loss = h.sum()
loss.backward()
"""
# values that torch prints in scientific notation: the node's label is clipped, the tooltip is not
VECTOR = """\
import torch
x = torch.tensor([1e-5, 2.5e3, -7.25e-2], requires_grad=True)
w = torch.tensor([0.5, -1.5, 3.0], requires_grad=True)
y = (w * x).sum()
y.backward()
"""


def errors_of_ours(errors):
    """The page's errors but Notebook 7's own "Cannot read properties of undefined (reading 'schema')": its
    shortcuts extension, on any plugin's settings loading, reads ``registry.plugins[shortcuts id].schema`` before the
    shortcuts plugin itself is loaded (jupyter/notebook#7862). It shows on a notebook of ``1 + 1`` with no widget,
    before any cell runs."""
    return [e for e in errors if not ("reading 'schema'" in e and "/static/notebook/notebook_core." in e)]


def stepper_cell(var, code):
    """A cell that builds a stepper from ``code`` and shows it."""
    return nbformat.v4.new_code_cell(f"{var} = GraphStepper.from_code({code!r})\n{var}")


def write_notebook(path, cells):
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": KERNEL}), path)


def imports_cell():
    return nbformat.v4.new_code_cell("import minigrad as torch\nfrom widgets import GraphStepper")


@functools.cache
def built(code):
    """The stepper the kernel builds, built here too: what the browser must show."""
    return GraphStepper.from_code(code, {"torch": torch})


def info_record(stepper, eid, upto=None):
    """Element ``eid``'s info record after steps ``0..upto`` (all steps if None), merged as the front end does."""
    record = {}
    for step in stepper.steps[: None if upto is None else upto + 1]:
        for cid, slot, fields in step["c"]:
            if cid == eid and slot == "i":
                for field, text in fields.items():
                    if text is None:
                        record.pop(field, None)
                    else:
                        record[field] = text
    return record


# -- reading the page ----------------------------------------------------------------------------------

NOTEBOOK_STATE = """() => {
  const panel = window.jupyterapp.shell.currentWidget, nb = panel.content;
  return { active: nb.activeCellIndex, mode: nb.mode,
           cells: nb.widgets.map((c) => [c.model.type, c.model.sharedModel.getSource(), c.isHidden,
                                         !!c.headingCollapsed, nb.isSelected(c)]) };
}"""


def notebook_state(page):
    """What a leaked key would change: cells, their folding and selection, the active cell, the mode."""
    return page.evaluate(NOTEBOOK_STATE)


def stepper(page, k=0):
    """The k-th stepper on the page: its step (0-based), step count, play state and modes."""
    return page.evaluate(
        """(k) => { const r = document.querySelectorAll('.gs')[k];
          const [, cur, n] = r.querySelector('.gs-count').textContent.match(/step (\\d+) \\/ (\\d+)/);
          return { step: cur - 1, n: +n, playing: r.querySelector('.gs-btn:nth-child(2)').textContent.includes('Pause'),
                   present: r.classList.contains('gs-present'), focused: r.contains(document.activeElement),
                   slider: +r.querySelector('.gs-slider').value }; }""",
        k,
    )


def in_view(page, k=0):
    """Boxes of the k-th stepper's nodes that are not wholly inside both the window and the graph's view."""
    return page.evaluate(
        """(k) => { const r = document.querySelectorAll('.gs')[k];
          const v = r.querySelector('.gs-view').getBoundingClientRect(), out = [];
          const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight;
          for (const g of r.querySelectorAll('svg g.node')) {
            const b = g.getBoundingClientRect();
            if (b.left < Math.max(0, v.left) - 0.5 || b.top < Math.max(0, v.top) - 0.5 ||
                b.right > Math.min(W, v.right) + 0.5 || b.bottom > Math.min(H, v.bottom) + 0.5)
              out.push([g.id, b.left, b.top, b.right, b.bottom]);
          }
          return out; }""",
        k,
    )


def next_frame(page):
    """Wait until the browser has drawn the page twice: a step's longer caption shrinks the graph's view, and
    presentation mode refits the graph (a ResizeObserver) before the next picture a person sees."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def press(page, key, k=0):
    page.keyboard.press(key)
    return stepper(page, k)


# -- keys and clicks stay in the widget ----------------------------------------------------------------

CONTROLS = ["caption", "graph", "slider", "speed menu", "Prev", "Play", "Next", "Fit", "\u2212", "+", "Aa", "Code",
            "Present"]  # fmt: skip


def click(page, control):
    if control == "caption":
        page.click(".gs .gs-cap")
    elif control == "graph":
        page.click(".gs .gs-view", position={"x": 3, "y": 3})  # the view's corner: no node there
    elif control == "slider":
        page.click(".gs .gs-slider")
    elif control == "speed menu":
        page.click(".gs .gs-speed")  # opens its list: a user picks or closes it, then keys go to the page
        page.keyboard.press("Escape")
    else:
        page.click(f".gs .gs-btn:has-text('{control}')")


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_keys_and_clicks_stay_in_the_widget(tmp_path, app):
    cells = [
        nbformat.v4.new_markdown_cell("# A lesson"),
        imports_cell(),
        nbformat.v4.new_markdown_cell("## Stepping"),
        stepper_cell("s", SEED),
        nbformat.v4.new_markdown_cell("## After the stepper"),
        nbformat.v4.new_code_cell("1 + 1"),
        nbformat.v4.new_markdown_cell("### A subsection"),
        nbformat.v4.new_code_cell("2 + 2"),
    ]
    write_notebook(tmp_path / "keys.ipynb", cells)
    n = built(SEED).num_steps
    with jupyterlab(tmp_path, app=app) as (base, token), chromium_page() as (page, blocked, errors):
        open_and_run(page, URL[app].format(base=base, name="keys.ipynb", token=token))
        page.click(".gs .gs-cap")  # focusing the widget makes its cell the active one, as any output does
        before = notebook_state(page)
        assert before["active"] == 3 and not any(c[2] or c[3] for c in before["cells"])
        for control in CONTROLS:
            click(page, control)
            if control == "Play":
                assert stepper(page)["playing"]
                assert not press(page, " ")["playing"], control  # Space pauses
            assert stepper(page)["focused"], control
            if stepper(page)["present"]:  # the Present button: P below toggles it twice
                assert control == "Present"
            for key, want in [("Home", 0), ("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1),
                              ("End", n - 1), ("ArrowLeft", n - 2), ("ArrowRight", n - 1), ("Home", 0),
                              ("ArrowRight", 1)]:  # fmt: skip
                state = press(page, key)
                assert (state["step"], state["slider"]) == (want, want), (control, key, state)
            assert press(page, " ")["playing"], control
            assert not press(page, " ")["playing"], control
            was = stepper(page)["present"]
            assert press(page, "p")["present"] != was, control
            assert press(page, "P")["present"] == was, control
            if was:
                assert not press(page, "Escape")["present"]
            assert notebook_state(page) == before, control
        # dragging the slider steps it, as clicking on it does
        page.keyboard.press("Home")
        box = page.locator(".gs .gs-slider").bounding_box()
        y = box["y"] + box["height"] / 2
        page.mouse.move(box["x"] + 2, y)
        page.mouse.down()
        seen = set()
        for f in (0.25, 0.5, 0.75, 1.0, 0.5):
            page.mouse.move(box["x"] + box["width"] * f, y, steps=4)
            seen.add(stepper(page)["step"])
        page.mouse.up()
        assert abs(stepper(page)["step"] - (n - 1) / 2) <= 1
        assert len(seen) >= 4 and n - 1 in seen, seen
        assert press(page, "ArrowRight")["step"] == stepper(page)["step"]  # still the widget's keys
        assert notebook_state(page) == before
        page.wait_for_timeout(300)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"stepper_keys_{app}.png"))
        ours = errors_of_ours(errors)
        assert not ours, ours
        assert not [u for u in blocked if "stepper" in u or "anywidget" in u]


# -- presentation mode, hover and detail panel ---------------------------------------------------------


REVEALED = """([k, ids]) => {
  const r = document.querySelectorAll('.gs')[k], v = r.querySelector('.gs-view').getBoundingClientRect();
  const nodes = ids.map((id) => r.querySelector('svg [id="' + id + '"]')).filter((g) => g.classList.contains('node'));
  const inside = (b) => b.left >= v.left - 0.5 && b.right <= v.right + 0.5 && b.top >= v.top - 0.5 &&
                        b.bottom <= v.bottom + 0.5;
  const boxes = nodes.map((g) => g.getBoundingClientRect());
  if (!boxes.length) return { first: true, all: true, fits: true };
  const w = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
  const h = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
  return { first: inside(boxes[0]), all: boxes.every(inside), fits: w <= v.width && h <= v.height };
}"""
STEPPERS = {"rnn": (RNN_CELL,), "unrolled": (RNN_UNROLLED,)}


LEGIBLE = """(k) => { const r = document.querySelectorAll('.gs')[k], svg = r.querySelector('.gs-view svg');
  const v = r.querySelector('.gs-view'), t = svg.querySelector('g.node text');
  const px = parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return { px, fits: svg.getBoundingClientRect().width <= v.clientWidth + 0.5 &&
                     svg.getBoundingClientRect().height <= v.clientHeight + 0.5,
           code: r.querySelector('.gs-code').getBoundingClientRect().width }; }"""


def legible(page, k):
    """The k-th stepper's node text size on screen (px), whether its whole graph is in view, its code pane's width."""
    return page.evaluate(LEGIBLE, k)


def check_presentation(page, k, name, app):
    """P fills the window with stepper k; at every step, with normal and large type, its node text is legible and
    either the whole graph or the step's node is in view; zoomed in, the step's highlighted node stays in view."""
    r = f".gs >> nth={k}"
    page.click(f"{r} >> .gs-cap")
    page.keyboard.press("p")
    s = stepper(page, k)
    assert s["present"] and s["focused"]
    box = page.evaluate(
        """(k) => { const r = document.querySelectorAll('.gs')[k], b = r.getBoundingClientRect();
          const cap = r.querySelector('.gs-cap').getBoundingClientRect();
          const v = r.querySelector('.gs-view').getBoundingClientRect(), html = document.documentElement;
          return [b.left, b.top, b.right, b.bottom, html.clientWidth, html.clientHeight,
                  cap.bottom <= v.top + 0.5]; }""",
        k,
    )
    assert box[:4] == [0, 0, box[4], box[5]] and box[6], box  # the whole window; the caption above the graph
    n = s["n"]
    for large in (False, True):
        if large:
            page.click(f"{r} >> .gs-btn:text-is('Aa')")
        for step in sorted({0, n // 3, n // 2, n - 1}):
            page.evaluate("([k, i]) => document.querySelectorAll('.gs')[k].gsGo(i)", [k, step])
            next_frame(page)
            size = legible(page, k)
            assert size["px"] >= (16 if large else 12) - 0.01, (name, large, step, size)
            if size["fits"]:
                assert in_view(page, k) == [], (name, large, step)
            else:
                assert page.evaluate(REVEALED, [k, built(*STEPPERS[name]).steps[step]["h"]])["first"], (name, step)
        size = page.viewport_size
        page.wait_for_timeout(400)
        page.screenshot(path=str(ARTIFACTS / f"present_{app}_{name}_{size['width']}x{size['height']}"
                                              f"{'_large' if large else ''}.png"))  # fmt: skip
    # zoomed in, what the caption talks about is scrolled into view at every step
    page.click(f"{r} >> .gs-btn:text-is('+')")
    page.click(f"{r} >> .gs-btn:text-is('+')")
    assert in_view(page, k) != []  # the graph no longer fits: the view scrolls
    page.keyboard.press("Home")
    for step, want in enumerate(built(*STEPPERS[name]).steps):
        assert stepper(page, k)["step"] == step
        shown = page.evaluate(REVEALED, [k, want["h"]])
        assert shown["first"] and (shown["all"] or not shown["fits"]), (name, step, shown)
        page.keyboard.press("ArrowRight")
    page.click(f"{r} >> .gs-btn:text-is('Fit')")  # Fit refits to the window
    assert in_view(page, k) == []
    page.click(f"{r} >> .gs-btn:text-is('Aa')")
    page.keyboard.press("Escape")
    assert not stepper(page, k)["present"]


def check_details(page, k, app, exported=False):
    """Hover shows an element's full value and grad, a click pins every field in a panel that follows the steps:
    the info records Python made, as a person reads them."""
    info = built(VECTOR)
    r = f".gs >> nth={k}"
    page.evaluate("(k) => document.querySelectorAll('.gs')[k].scrollIntoView()", k)
    page.click(f"{r} >> .gs-cap")
    page.keyboard.press("End")
    names = dict(page.evaluate(
        """(k) => Array.from(document.querySelectorAll('.gs')[k].querySelectorAll('svg g.node'),
             (g) => [g.getElementsByTagName('text')[0].textContent, g.id])""", k))  # fmt: skip
    x_id, mul_id = names["x"], names["MulBackward0"]
    record = info_record(info, x_id)
    # torch's own print of x and of its grad, in full: what the tooltip must show
    value = repr(torch.tensor([1e-5, 2.5e3, -7.25e-2]))
    grad = repr(torch.tensor([0.5, -1.5, 3.0]))
    assert value == "tensor([ 1.0000e-05,  2.5000e+03, -7.2500e-02])" and grad == "tensor([ 0.5000, -1.5000,  3.0000])"
    assert "title" not in record and (record["value"], record["grad"]) == (value, grad)  # headed by its name
    label = page.locator(f"{r} >> svg g#{x_id} text").nth(2).text_content()
    assert label.endswith("\u2026") and "2.5000e+03" not in label  # the node's own label is clipped
    page.hover(f"{r} >> svg g#{x_id}")
    tip = page.locator(f"{r} >> .gs-tip")
    tip.wait_for(state="visible")
    assert tip.locator(".gs-title").text_content() == "x"
    assert tip.locator(".gs-val").all_text_contents() == [value, grad]
    assert "2.5000e+03" in tip.inner_text()  # on screen, not only in the DOM
    page.wait_for_timeout(200)
    page.screenshot(path=str(ARTIFACTS / f"hover_{app}.png"))
    # an edge: the gradient it carried to x
    edge = next(e for e in page.evaluate(f"() => Array.from(document.querySelectorAll('.gs')[{k}].querySelectorAll("
                                         "'svg g.edge text'), (t) => t.parentNode.id)")
                if info_record(info, e).get("title") == "grad for x")  # fmt: skip
    page.hover(f"{r} >> svg g#{edge} text")
    page.wait_for_function("(k) => document.querySelectorAll('.gs')[k].querySelector('.gs-tip .gs-title')"
                           ".textContent.startsWith('grad for')", arg=k)  # fmt: skip
    assert tip.locator(".gs-title").text_content() == "grad for x"
    assert tip.locator(".gs-val").all_text_contents() == [grad]
    page.mouse.move(0, 0)
    tip.wait_for(state="hidden")

    page.click(f"{r} >> svg g#{x_id}")
    panel = page.locator(f"{r} >> .gs-panel")
    panel.wait_for(state="visible")

    def rows():
        return dict(zip(panel.locator(".gs-field").all_text_contents(), panel.locator(".gs-val").all_text_contents()))

    shown = rows()
    assert panel.locator(".gs-title").text_content() == "x"
    assert list(shown) == ["value", "grad", "shape", "dtype", "requires_grad", "is_leaf", "retains_grad", "grad_fn",
                           "_version"]  # fmt: skip
    assert shown == {f: v for f, v in record.items() if f != "title"}
    assert (shown["value"], shown["grad"]) == (value, grad)
    assert (shown["shape"], shown["dtype"], shown["requires_grad"], shown["is_leaf"], shown["grad_fn"]) == (
        "torch.Size([3])", "torch.float32", "True", "True", "None")  # fmt: skip
    page.mouse.move(0, 0)
    page.wait_for_timeout(200)
    page.screenshot(path=str(ARTIFACTS / f"detail_{app}.png"))
    # back to the step before x's AccumulateGrad writes x.grad: the pinned panel follows
    acc = next(i for i, st in enumerate(info.steps) if [x_id, "i", {"grad": grad}] in st["c"])
    for _ in range(info.num_steps - acc):
        page.keyboard.press("ArrowLeft")
    assert stepper(page, k)["step"] == acc - 1
    assert rows()["grad"] == "None" and rows()["value"] == value
    page.keyboard.press("End")
    assert rows()["grad"] == grad
    # a grad_fn node: its backward formula, the names of its inputs, what it saved (x's panel closed first: at this
    # width it lies over the nodes next to x)
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    page.click(f"{r} >> svg g#{mul_id}")
    panel.wait_for(state="visible")
    page.wait_for_function("(k) => document.querySelectorAll('.gs')[k].querySelector('.gs-panel .gs-title')"
                           ".textContent === 'MulBackward0'", arg=k)  # fmt: skip
    fn = rows()
    assert fn["formula"] == "self: grad * other\nother: grad * self"
    assert fn == {f: v for f, v in info_record(info, mul_id).items() if f != "title"}
    assert fn["names"] == "self = w, other = x"
    page.mouse.move(0, 0)  # the panel alone, no tooltip over it
    page.wait_for_timeout(200)
    page.screenshot(path=str(ARTIFACTS / f"detail_fn_{app}.png"))
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    page.click(f"{r} >> svg g#{names['y']}")  # y appears with the forward statement: stepping back before it unpins it
    panel.wait_for(state="visible")
    page.keyboard.press("Home")
    panel.wait_for(state="hidden")
    if not exported:
        page.click(f"{r} >> svg g#{x_id}")
        panel.wait_for(state="visible")
        page.click(f"{r} >> .gs-panel .gs-close")
        panel.wait_for(state="hidden")


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_presentation_mode_and_details(tmp_path, app):
    cells = [imports_cell(), stepper_cell("rnn", RNN_CELL), stepper_cell("unrolled", RNN_UNROLLED),
             stepper_cell("v", VECTOR)]  # fmt: skip
    write_notebook(tmp_path / "present.ipynb", cells)
    assert len(built(RNN_CELL)._graph) == 16 and len(built(RNN_UNROLLED)._graph) == 34
    ARTIFACTS.mkdir(exist_ok=True)
    with jupyterlab(tmp_path, app=app) as (base, token), chromium_page({"width": 1280, "height": 720}) as (
        page, blocked, errors,
    ):  # fmt: skip
        open_and_run(page, URL[app].format(base=base, name="present.ipynb", token=token))
        page.wait_for_function("() => document.querySelectorAll('.gs svg g.node').length > 16 + 34")
        before = notebook_state(page)
        for size in ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080}):
            page.set_viewport_size(size)
            check_presentation(page, 0, "rnn", app)
            check_presentation(page, 1, "unrolled", app)
        page.set_viewport_size({"width": 1280, "height": 720})
        check_details(page, 2, app)
        assert notebook_state(page)["cells"] == before["cells"]
        ours = errors_of_ours(errors)
        assert not ours, ours


def test_details_in_an_exported_page(tmp_path):
    """Hover and the detail panel in an nbconvert HTML export, with no kernel."""
    write_notebook(tmp_path / "details.ipynb", [imports_cell(), stepper_cell("v", VECTOR)])
    with serve(tmp_path) as base:
        export_with_widgets(tmp_path / "details.ipynb", base)
        with chromium_page({"width": 1280, "height": 720}) as (page, blocked, errors):
            page.goto(f"{base}/details.html")
            page.wait_for_selector(".gs svg g.node")
            ARTIFACTS.mkdir(exist_ok=True)
            check_details(page, 0, "export", exported=True)
            page.keyboard.press("p")
            assert stepper(page)["present"] and in_view(page) == []
            assert not errors, errors


# -- a prepared lesson opens unmodified ------------------------------------------------------------------


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_prepared_lesson_opens_unmodified(tmp_path, app):
    """Lesson 00 as committed (executed with its widget state stored), trusted, opened without running it:
    its steppers show and step, the notebook is not marked modified, and saving it keeps its steppers."""
    lesson = tmp_path / "00_start_here.ipynb"
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", lesson)
    stored = json.loads(lesson.read_text())
    state = stored["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    steppers = [m for m in state.values() if m["model_name"] == "AnyModel"]
    assert steppers, "lesson 00 has no stored stepper"
    data = tmp_path / "jupyter-data"  # a fresh signature database, signed as ./dev lab does
    subprocess.run([str(BIN / "jupyter"), "trust", str(lesson)], check=True, capture_output=True,
                   env={**os.environ, "JUPYTER_DATA_DIR": str(data)})  # fmt: skip
    with jupyterlab(tmp_path, app=app, data_dir=data) as (base, token), chromium_page() as (page, blocked, errors):
        page.goto(URL[app].format(base=base, name=lesson.name, token=token))
        page.wait_for_selector(".gs svg g.node")
        page.wait_for_function(f"() => document.querySelectorAll('.gs').length === {len(steppers)}")
        page.wait_for_timeout(3000)  # the widget manager has restored every model from the notebook by now
        dirty = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"
        assert page.evaluate(dirty) is False
        page.click(".gs .gs-cap")
        page.keyboard.press("Home")
        assert press(page, "ArrowRight")["step"] == 1
        assert page.evaluate(dirty) is False
        mtime = lesson.stat().st_mtime_ns
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(dirty.replace("model.dirty", "model.dirty === false"))
        for _ in range(100):
            if lesson.stat().st_mtime_ns != mtime:
                break
            page.wait_for_timeout(100)
        assert lesson.stat().st_mtime_ns != mtime, "the notebook was not saved"
        saved = json.loads(lesson.read_text())
        assert saved["metadata"]["widgets"] == stored["metadata"]["widgets"]
        assert saved["cells"] == stored["cells"]
        # with no kernel behind it at all, the page reloaded: the steppers still show and step
        page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()")
        page.reload()
        page.wait_for_selector(".gs svg g.node")
        page.click(".gs .gs-cap")
        page.keyboard.press("End")
        assert press(page, "ArrowLeft")["step"] == stepper(page)["n"] - 2
        assert page.evaluate(dirty) is False
        ours = errors_of_ours(errors)
        assert not ours, ours


# -- where no widget runs: the still picture ----------------------------------------------------------------

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PICTURE = 'img[src^="data:image/svg+xml"]'
RUN_LINE = "A saved picture: run the cell to step through the graph."


def stored_pictures(path):
    """The still pictures a notebook's stored stepper outputs carry: the SVG of each one's ``<img>``."""
    svgs = []
    for cell in json.loads(path.read_text())["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and "text/html" in data:
                svg = svg_of_html("".join(data["text/html"]))
                assert svg is not None, "".join(data["text/html"])[:200]
                svgs.append(svg)
    return svgs


def shown_pictures(page, scope):
    """Every still picture in the page's elements ``scope`` (a CSS selector), as an ``<img>`` of a data URI or as
    inline SVG, each scrolled into view first: its data URI or heading lines, alt text, size on screen, natural
    size and whether it is drawn there, on top."""
    return page.evaluate(
        """([scope, img]) => Array.from(document.querySelectorAll(`${scope} ${img}, ${scope} svg.gs`), (el) => {
          el.scrollIntoView({ block: 'center' });
          const b = el.getBoundingClientRect(), s = getComputedStyle(el), isImg = el.tagName === 'IMG';
          const top = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
          return { src: isImg ? el.src : null, alt: isImg ? el.alt : null, width: b.width, height: b.height,
                   heading: isImg ? null : Array.from(el.querySelectorAll('text.gs-head'), (t) => t.textContent),
                   natural: isImg ? el.naturalWidth : el.getBBox().width, complete: isImg ? el.complete : true,
                   onTop: !!top && (top === el || el.contains(top)),
                   visible: s.visibility === 'visible' && s.display !== 'none' && +s.opacity > 0 }; })""",
        [scope, PICTURE],
    )


def heading(svg):
    """The lines above a still picture's graph: the step and its caption, and the line saying to run the cell."""
    root = ET.fromstring(svg)
    return [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "gs-head"]


def decode(uri):
    """The SVG text of a ``data:image/svg+xml`` URI."""
    head, _, body = uri.partition(",")
    return base64.b64decode(body).decode() if head.endswith(";base64") else urllib.parse.unquote(body)


def check_pictures(pictures, stored):
    """The pictures shown are the stored ones (SVG texts), in order, each drawn on screen at a readable size."""
    assert len(pictures) == len(stored), [{k: v for k, v in p.items() if k != "src"} for p in pictures]
    for p, svg in zip(pictures, stored):
        lines = heading(svg)
        assert lines[0].startswith("Step ") and lines[1] == RUN_LINE, lines
        # an <img> of the stored data URI (text/html) or of the SVG (image/svg+xml), or the SVG inline
        assert (heading(decode(p["src"])) if p["src"] is not None else p["heading"]) == lines
        about = {k: v for k, v in p.items() if k != "src"}
        assert p["visible"] and p["onTop"] and p["complete"], about
        assert p["natural"] > 0 and p["width"] >= 300 and p["height"] >= 100, about


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_fresh_clone_shows_still_pictures(tmp_path, app):
    """Lesson 00 as committed, opened in a fresh clone: no signature for it (a new, empty signature database), so
    it is untrusted and no widget runs. Without running anything, every stored stepper shows its still picture
    (the ``<img>`` of its ``text/html``, which JupyterLab's sanitizer keeps), and the notebook is not modified."""
    lesson = tmp_path / "00_start_here.ipynb"
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", lesson)
    stored = stored_pictures(lesson)
    assert len(stored) >= 2, "lesson 00 has fewer stored steppers than it shows"
    data = tmp_path / "jupyter-data"  # nothing signed in it
    data.mkdir()
    ARTIFACTS.mkdir(exist_ok=True)
    with jupyterlab(tmp_path, app=app, data_dir=data) as (base, token), chromium_page() as (page, blocked, errors):
        page.goto(URL[app].format(base=base, name=lesson.name, token=token))
        page.wait_for_function(f"(n) => document.querySelectorAll('.jp-OutputArea-output {PICTURE}').length === n",
                               arg=len(stored))  # fmt: skip
        page.wait_for_timeout(3000)  # anything that would restore a widget or modify the notebook has run by now
        trusted = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                                ".filter((c) => c.model.type === 'code').map((c) => c.model.trusted)")  # fmt: skip
        assert trusted and not any(trusted), trusted  # a fresh clone: untrusted
        assert page.locator(".gs").count() == 0  # no widget runs there
        pictures = shown_pictures(page, ".jp-OutputArea-output")
        check_pictures(pictures, stored)
        assert [decode(p["src"]) for p in pictures] == stored  # the <img> of each output's text/html, as stored
        assert all(p["alt"].startswith("GraphStepper(") for p in pictures)  # what a screen reader says
        assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty") is False
        first = page.locator(f".jp-OutputArea-output {PICTURE}").first
        first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / f"fresh_clone_{app}.png"))
        for i, picture in enumerate(page.locator(f".jp-OutputArea-output {PICTURE}").all()):
            picture.screenshot(path=str(ARTIFACTS / f"fresh_clone_{app}_picture{i}.png"))
        ours = errors_of_ours(errors)
        assert not ours, ours


@contextlib.contextmanager
def chromium_page_without_javascript(viewport):
    """A Chromium page with JavaScript off that may load only from 127.0.0.1 (as ``chromium_page``)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./dev setup does)")

    def only_local(route):
        if route.request.url.startswith(("http://127.0.0.1", "data:")):
            route.continue_()
        else:
            route.abort()

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = browser.new_context(viewport=viewport, java_script_enabled=False).new_page()
            page.set_default_timeout(60_000)
            page.route("**/*", only_local)
            yield page
        finally:
            browser.close()


def test_an_exported_page_without_javascript_shows_still_pictures(tmp_path):
    """Lesson 00 as committed, exported as the README says for a page without JavaScript (``jupyter nbconvert
    --to html --config .jupyter/static_export.py``, not run again) and read with JavaScript off: every stored
    stepper shows its still picture. (A plain ``--to html`` export shows the live widget, which needs
    JavaScript: nbconvert prefers a stored widget view to every other format.)"""
    lesson = tmp_path / "00_start_here.ipynb"
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", lesson)
    stored = stored_pictures(lesson)
    config = ROOT / ".jupyter" / "static_export.py"
    done = subprocess.run([str(BIN / "jupyter"), "nbconvert", "--to", "html", "--config", str(config), str(lesson)],
                          capture_output=True, text=True, timeout=240, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    ARTIFACTS.mkdir(exist_ok=True)
    with serve(tmp_path) as base, chromium_page_without_javascript({"width": 1280, "height": 900}) as page:
        page.goto(f"{base}/00_start_here.html")
        assert page.evaluate("() => typeof window") == "object"  # (Playwright still reads the page)
        assert page.locator("div.gs").count() == 0  # no widget without JavaScript
        first = page.locator(f".jp-OutputArea-output {PICTURE}, .jp-OutputArea-output svg.gs")
        if not first.count():  # where the first stepper's output is, to see what shows there instead
            first = page.locator(".jp-OutputArea-output.jupyter-widgets")
        first.first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(ARTIFACTS / "export_no_javascript.png"))
        check_pictures(shown_pictures(page, ".jp-OutputArea-output"), stored)


# -- a stepper drawn off screen --------------------------------------------------------------------------------


def test_a_stepper_drawn_off_screen_is_sized_once_shown(tmp_path):
    """A stepper drawn where it has no width yet (an output JupyterLab has not laid out: after Run All, lesson 06's
    last stepper opened at the SVG's own size, far too big) sizes its picture the first time its view has a width.
    Here its output area is hidden while it draws, then shown."""
    write_notebook(tmp_path / "hidden.ipynb", [imports_cell(), stepper_cell("rnn", RNN_CELL)])
    with jupyterlab(tmp_path, app="lab") as (base, token), chromium_page({"width": 1280, "height": 720}) as (
        page, blocked, errors,
    ):  # fmt: skip
        page.goto(URL["lab"].format(base=base, name="hidden.ipynb", token=token))
        page.wait_for_function(
            "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;"
            " return k && k.status === 'idle'; }"
        )
        page.add_style_tag(content=".jp-OutputArea { display: none !important; }")
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(".gs svg g.node", state="attached")
        page.wait_for_timeout(500)  # the frames in which it would have sized itself
        page.evaluate("() => document.querySelectorAll('style').forEach((s) => s.textContent.includes("
                      "'jp-OutputArea { display: none') && s.remove())")  # fmt: skip
        page.wait_for_function("() => document.querySelector('.gs .gs-view').clientWidth > 0")
        page.wait_for_timeout(300)
        size = page.evaluate("""() => { const r = document.querySelector('.gs'), v = r.querySelector('.gs-view');
            const p = r.querySelector('.gs-view svg');
            return { styled: p.style.width, svg: p.getBoundingClientRect().width, view: v.clientWidth }; }""")
        # fitted to its view, or as wide as legible text needs (11px: 622px for this graph), not 1.6 times that
        assert size["styled"] and (size["svg"] <= size["view"] or legible(page, 0)["px"] <= 11.01), size
        assert not errors, errors


def test_the_graph_does_not_jump_up_when_a_shorter_caption_follows(tmp_path):
    """On a projector a graph that moves up and down with each caption's length is hard to follow: the caption
    keeps the height of the tallest one shown so far (up to a fifth of the window), so stepping back and forth
    leaves the graph where it is."""
    write_notebook(tmp_path / "captions.ipynb", [imports_cell(), stepper_cell("rnn", RNN_CELL)])
    with jupyterlab(tmp_path, app="lab") as (base, token), chromium_page({"width": 1280, "height": 720}) as (
        page, blocked, errors,
    ):  # fmt: skip
        open_and_run(page, URL["lab"].format(base=base, name="captions.ipynb", token=token))
        page.click(".gs .gs-cap")
        n = stepper(page)["n"]
        top = "() => document.querySelector('.gs .gs-view').getBoundingClientRect().top"
        tall = "() => document.querySelector('.gs .gs-cap').offsetHeight"
        cap_limit = 0.2 * 720  # what the caption reserves at most; a longer one shows at its own height
        forward, heights = [], []
        for _ in range(n - 1):
            page.keyboard.press("ArrowRight")
            forward.append(page.evaluate(top))
            heights.append(page.evaluate(tall))
        assert len(set(heights)) > 1, heights  # captions of different lengths
        # it moves up only when a caption longer than the reserve is followed by a shorter one
        ups = [i for i in range(1, len(forward)) if forward[i] < forward[i - 1] - 0.5]
        assert all(heights[i - 1] > cap_limit for i in ups), (forward, heights)
        short = [i for i in range(len(forward)) if heights[i] <= cap_limit + 1]
        assert len({round(forward[i]) for i in short[short.index(max(short, key=lambda i: heights[i])):]}) == 1, (
            forward, heights)  # fmt: skip
        back = []
        for _ in range(n - 1):
            page.keyboard.press("ArrowLeft")
            back.append((page.evaluate(top), page.evaluate(tall)))
        settled = [t for t, h in back if h <= cap_limit + 1]
        assert max(settled) - min(settled) < 0.5, back  # stepping back: it stays put under captions that fit
        reserved = page.evaluate("() => parseFloat(document.querySelector('.gs .gs-cap').style.minHeight)")
        assert 0 < reserved <= 0.2 * 720, reserved  # at most a fifth of the window: the graph stays in view
        assert not errors, errors


# -- node text a person can read ----------------------------------------------------------------------------------

# code students write: an RNN loop and a GRU cell (graphs of 35 and 50 nodes), lesson 06's z = y * y with hooks
STUDENT_RNN = """\
torch.manual_seed(0)
Wx = torch.randn(3, 2, requires_grad=True)
Wh = torch.randn(3, 3, requires_grad=True)
h = torch.zeros(3, 1)
for t in range(4):
    x = torch.ones(2, 1) * t
    h = torch.tanh(Wx @ x + Wh @ h)
h.sum().backward()
"""
STUDENT_GRU = """\
torch.manual_seed(0)
x, h = torch.randn(1, 2), torch.randn(1, 3)
Wz, Uz = torch.randn(2, 3, requires_grad=True), torch.randn(3, 3, requires_grad=True)
Wr, Ur = torch.randn(2, 3, requires_grad=True), torch.randn(3, 3, requires_grad=True)
Wn, Un = torch.randn(2, 3, requires_grad=True), torch.randn(3, 3, requires_grad=True)
z = torch.sigmoid(x @ Wz + h @ Uz)
r = torch.sigmoid(x @ Wr + h @ Ur)
n = torch.tanh(x @ Wn + r * (h @ Un))
h_new = (1 - z) * n + z * h
h_new.sum().backward()
"""
HOOKED_SQUARE = """\
x = torch.tensor(3.0, requires_grad=True)
y = x * 2
z = y * y
y.retain_grad()
y.register_hook(lambda g: print("hook 1 sees", g))
y.register_hook(lambda g: g * 10)
z.backward()
"""
EDGE_LABELS_APART = """(k) => { const r = document.querySelectorAll('.gs')[k], out = [];
  const boxes = Array.from(r.querySelectorAll('svg g.edge:not(.off) text'), (t) => t.getBoundingClientRect())
    .filter((b) => b.width > 0);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push([i, j]); }
  return { labels: boxes.length, overlaps: out }; }"""
PANEL_TITLE = "(k) => { const p = document.querySelectorAll('.gs')[k].querySelector('.gs-panel');" \
              " return p.hidden ? null : p.querySelector('.gs-title').textContent; }"


def test_node_text_stays_legible(tmp_path):
    """Lesson 01's RNN stepper drew its node text at 5px in a cell and 3px presenting at 1280x720, a GRU cell's at
    4.7px: text nobody reads. Now a cell shows node text at 11px at least and presentation mode at 12px, the graph
    scrolling (fitted to the width where that is enough) with each step's node brought into view; presenting a wide
    graph hides the code pane (Exit brings it back). Edge labels do not overlap; I pins the step's node's details
    (the whole saved list, values in full) where no mouse hovers: on a projector."""
    steppers = {"rnn": STUDENT_RNN, "gru": STUDENT_GRU, "hooks": HOOKED_SQUARE}
    write_notebook(tmp_path / "legible.ipynb", [imports_cell()] + [stepper_cell(k, v) for k, v in steppers.items()])
    ARTIFACTS.mkdir(exist_ok=True)
    with jupyterlab(tmp_path, app="lab") as (base, token), chromium_page({"width": 1280, "height": 720}) as (
        page, blocked, errors,
    ):  # fmt: skip
        open_and_run(page, URL["lab"].format(base=base, name="legible.ipynb", token=token))
        page.wait_for_function("() => document.querySelectorAll('.gs').length === 3")
        for k, (name, code) in enumerate(steppers.items()):
            s = built(code)
            r = f".gs >> nth={k}"
            page.evaluate("(k) => document.querySelectorAll('.gs')[k].scrollIntoView()", k)
            page.click(f"{r} >> .gs-cap")
            n = s.num_steps
            for step in sorted({1, n // 2, n - 1}):
                page.evaluate("([k, i]) => document.querySelectorAll('.gs')[k].gsGo(i)", [k, step])
                next_frame(page)
                assert legible(page, k)["px"] >= 11 - 0.01, (name, step, legible(page, k))
                assert page.evaluate(REVEALED, [k, s.steps[step]["h"]])["first"], (name, step)
            page.locator(".gs").nth(k).screenshot(path=str(ARTIFACTS / f"legible_cell_{name}_1280x720.png"))
            labels = page.evaluate(EDGE_LABELS_APART, k)
            assert labels["labels"] and not labels["overlaps"], (name, labels)
            code_width = legible(page, k)["code"]
            page.keyboard.press("p")
            next_frame(page)
            for size in ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080}):
                page.set_viewport_size(size)
                next_frame(page)
                for step in sorted({1, n // 2, n - 1}):
                    page.evaluate("([k, i]) => document.querySelectorAll('.gs')[k].gsGo(i)", [k, step])
                    next_frame(page)
                    shown = legible(page, k)
                    assert shown["px"] >= 12 - 0.01, (name, size, step, shown)
                    assert shown["fits"] or page.evaluate(REVEALED, [k, s.steps[step]["h"]])["first"], (name, step)
                if name == "gru" and size["width"] == 1280:  # 1372px wide at 12px: the graph needs all the width
                    assert shown["code"] == 0, shown
                page.wait_for_timeout(300)
                page.screenshot(path=str(ARTIFACTS / f"legible_present_{name}_{size['width']}x{size['height']}.png"))
            page.set_viewport_size({"width": 1280, "height": 720})
            # I: the details of the step's node, without hovering; again: closed
            step = next(i for i, st in enumerate(s.steps) if any(h.startswith("f") for h in st["h"]))
            page.evaluate("([k, i]) => document.querySelectorAll('.gs')[k].gsGo(i)", [k, step])
            page.keyboard.press("i")
            title = page.evaluate(PANEL_TITLE, k)
            first = next(h for h in s.steps[step]["h"] if page.evaluate(
                "([k, id]) => document.querySelectorAll('.gs')[k].querySelector(`svg [id='${id}']`)"
                ".classList.contains('node')", [k, h]))  # fmt: skip
            record = info_record(s, first, step)
            assert title == record.get("title", title) and title, (title, record)
            assert "saved" in record or "value" in record
            page.keyboard.press("i")
            assert page.evaluate(PANEL_TITLE, k) is None
            page.keyboard.press("Escape")
            assert not stepper(page, k)["present"]
            next_frame(page)
            assert abs(legible(page, k)["code"] - code_width) < 1  # the code pane is back as it was
        ours = errors_of_ours(errors)
        assert not ours, ours


# -- a long caption leaves the graph most of the cell ------------------------------------------------------------

LINEAR_CROSS_ENTROPY = """\
torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)
x, target = torch.randn(4, 3), torch.tensor([1, 0, 1, 1])
loss = torch.nn.functional.cross_entropy(lin(x), target)
loss.backward()
"""
NOTE = """(k) => { const r = document.querySelectorAll('.gs')[k], n = r.querySelector('.gs-cap .gs-note');
  return { cap: r.querySelector('.gs-cap').offsetHeight, note: n ? n.offsetHeight : null,
           line: n ? parseFloat(getComputedStyle(n).lineHeight) || 18 : 0, text: n ? n.textContent : null,
           whole: n ? getComputedStyle(n).whiteSpace !== 'nowrap' : null }; }"""


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_a_long_caption_leaves_the_graph_most_of_the_cell(tmp_path, app):
    """addmm's three contributions and PyTorch's formula took 290px of a 720px window in a cell: the formula now
    takes one line until clicked (or F), and stays open for the steps after; the caption stays under a third of the
    window, in a cell and presenting."""
    s = built(LINEAR_CROSS_ENTROPY)
    addmm = next(i for i, st in enumerate(s.steps) if st["t"] and st["t"][0].endswith("→ AddmmBackward0"))
    write_notebook(tmp_path / "long.ipynb", [imports_cell(), stepper_cell("s", LINEAR_CROSS_ENTROPY)])
    with jupyterlab(tmp_path, app=app) as (base, token), chromium_page({"width": 1280, "height": 720}) as (
        page, blocked, errors,
    ):  # fmt: skip
        open_and_run(page, URL[app].format(base=base, name="long.ipynb", token=token))
        page.click(".gs .gs-cap")
        page.evaluate("(i) => document.querySelector('.gs').gsGo(i)", addmm)
        next_frame(page)
        shown = page.evaluate(NOTE, 0)
        assert shown["text"] == s.steps[addmm]["t"][s.steps[addmm]["f"]], shown
        assert shown["note"] <= 1.5 * shown["line"] and shown["whole"] is False, shown  # one line
        assert shown["cap"] < 720 / 3, shown
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"long_caption_cell_{app}_1280x720.png"))
        page.click(".gs .gs-cap .gs-note")
        opened = page.evaluate(NOTE, 0)
        assert opened["note"] > 1.5 * opened["line"], opened  # the whole formula
        page.click(".gs .gs-count")  # the widget keeps the focus: its keys
        later = next(i for i, st in enumerate(s.steps) if i > addmm and "f" in st)
        page.evaluate("(i) => document.querySelector('.gs').gsGo(i)", later)
        assert page.evaluate(NOTE, 0)["whole"]  # still open
        page.keyboard.press("f")
        assert page.evaluate(NOTE, 0)["whole"] is False  # F: on one line again
        page.evaluate("(i) => document.querySelector('.gs').gsGo(i)", addmm)
        page.keyboard.press("p")
        next_frame(page)
        presenting = page.evaluate(NOTE, 0)
        assert stepper(page)["present"] and presenting["cap"] < 720 / 3, presenting
        page.screenshot(path=str(ARTIFACTS / f"long_caption_present_{app}_1280x720.png"))
        ours = errors_of_ours(errors)
        assert not ours and not blocked, (ours, blocked)


# -- a tensor box's lines stay inside it ------------------------------------------------------------------------

WIDE_TEXT = """\
torch.manual_seed(0)
mmmmmmmmmmmmmmmmmmmmmmmm = torch.randn(30, 30, requires_grad=True)
h = torch.relu(mmmmmmmmmmmmmmmmmmmmmmmm * 0.3)
loss = (h.mean(dim=1) * 1000).sum()
loss.backward()
"""
OVERFLOW = """() => { const out = [];
  for (const g of document.querySelectorAll('svg g.node.tensor')) {
    if (g.classList.contains('off')) continue;
    const box = g.querySelector('rect, path, polygon').getBoundingClientRect();
    for (const t of g.getElementsByTagName('text')) {
      const b = t.getBoundingClientRect();
      if (t.textContent.trim() && (b.right > box.right - 1 || b.left < box.left + 1))
        out.push([g.id, t.textContent, +(b.right - box.right).toFixed(1)]);
    } }
  return out; }"""


def test_a_tensor_boxs_lines_stay_inside_it():
    """Summaries such as ``= min=0 mean=0.1271 max=…`` (24 characters, many of them wide) stuck out of their box by
    up to 6px at 1280x720, a name of m's by 54px: each line is cut to the width the browser draws it at. Measured on
    the still picture, which has the widget's texts and styles, at every step."""
    s = GraphStepper.from_code(WIDE_TEXT, {"torch": torch})
    with chromium_page({"width": 1280, "height": 720}) as (page, blocked, errors):
        for step in range(s.num_steps):
            page.set_content(f"<html><body style='margin:0'>{picture_svg(s.svg, s.steps, step)}</body></html>")
            assert page.evaluate(OVERFLOW) == [], step
        assert not errors and not blocked


# -- the steps as saved: packed, and unpacked by the front end into what Python wrote -----------------------------

DRAWN = """(k) => {
  const root = document.querySelector('.gs');
  root.gsGo(k);
  const out = {};
  for (const g of root.querySelectorAll('svg g[id]'))
    if (g.id !== 'graph0')
      out[g.id] = [Array.from(g.classList).sort(), Array.from(g.getElementsByTagName('text'), (t) => t.textContent)];
  return { els: out, caption: Array.from(root.querySelectorAll('.gs-cap div'), (d) => d.textContent),
           hl: Array.from(root.querySelectorAll('svg .hl'), (e) => e.id).sort() };
}"""


def test_the_front_end_draws_every_step_from_the_packed_steps(tmp_path):
    """stepper.js unpacks the saved steps (widgets/packing.py) into exactly the steps Python wrote, and what it
    draws after each step, forward and back, is what those steps say: every element's classes and text slots (the
    SVG's own classes changed by the steps, blank slots until a step sets them), the caption, the highlights."""
    from test_stepper_in_real_hands import CONSTANTS, MLP_CROSS_ENTROPY

    from widgets.picture import state_at
    from widgets.preview import standalone_page

    steppers = [built(code) for code in (MLP_CROSS_ENTROPY, CONSTANTS, RNN_UNROLLED)]
    for k, s in enumerate(steppers):
        (tmp_path / f"s{k}.html").write_text(standalone_page(s))
    with serve(tmp_path) as base, chromium_page() as (page, blocked, errors):
        for k, s in enumerate(steppers):
            page.goto(f"{base}/s{k}.html")
            page.wait_for_selector(".gs svg g.node")
            assert page.evaluate("() => document.querySelector('.gs').gsSteps") == json.loads(json.dumps(s.steps))
            first = page.evaluate(DRAWN, 0)["els"]
            initial = {eid: set(classes) - {"hl"} for eid, (classes, _) in first.items()}
            for step in [*range(s.num_steps), *range(s.num_steps - 2, -1, -1)]:
                drawn = page.evaluate(DRAWN, step)
                texts, changed, _ = state_at(s.steps, step)
                for eid, (classes, slots) in drawn["els"].items():
                    want = set(initial[eid])
                    for cls, on in changed.get(eid, {}).items():
                        (want.add if on else want.discard)(cls)
                    assert set(classes) == want | ({"hl"} if eid in s.steps[step]["h"] else set()), (k, step, eid)
                    assert slots == [texts.get(eid, {}).get(i, "") for i in range(len(slots))], (k, step, eid)
                assert drawn["caption"] == s.steps[step]["t"] and drawn["hl"] == sorted(set(s.steps[step]["h"]))
        assert not errors and not blocked


# -- a step's node is on screen with its caption ----------------------------------------------------------------------

SPLIT_UNBIND = """\
x = torch.tensor([3.0, 1.0, 4.0, 1.0, 5.0, 9.0], requires_grad=True)
a, b, c = x.split(2)
u, v = x.view(3, 2).unbind(1)
y = x.max() + (b * 2).sum() + (u * v).sum()
y.backward()
"""
ON_SCREEN = """([k, ids]) => { const r = document.querySelectorAll('.gs')[k];
  const top = r.closest('.jp-WindowedPanel-outer').getBoundingClientRect().top;
  const g = ids.map((id) => r.querySelector(`svg [id='${id}']`)).find((e) => e.classList.contains('node'));
  if (!g) return true;
  const b = g.getBoundingClientRect();
  return b.top >= top - 0.5 && b.bottom <= document.documentElement.clientHeight + 0.5; }"""


def test_the_steps_node_is_on_screen_below_its_caption_in_a_small_window(tmp_path):
    """The graph's view was 75% of the window high under the bar and caption, so with the stepper's top at the top
    of Notebook 7's page, a 1024x600 window showed the node a step is about (the view scrolls to it) below its bottom
    edge at 5 of this graph's 18 steps, and at 1280x720 at 4. Now the view takes the height the window leaves below
    the notebook's header, the bar and the caption, also after the window changes size."""
    s = built(SPLIT_UNBIND)
    write_notebook(tmp_path / "small.ipynb", [imports_cell(), stepper_cell("s", SPLIT_UNBIND)])
    with jupyterlab(tmp_path, app="notebook") as (base, token), chromium_page({"width": 1024, "height": 600}) as (
        page, blocked, errors,
    ):  # fmt: skip
        open_and_run(page, URL["notebook"].format(base=base, name="small.ipynb", token=token))
        for size in ({"width": 1024, "height": 600}, {"width": 1280, "height": 720}):
            page.set_viewport_size(size)
            next_frame(page)
            off = []
            for step in range(s.num_steps):
                page.evaluate("(i) => document.querySelector('.gs').gsGo(i)", step)
                page.evaluate("() => document.querySelector('.gs').scrollIntoView({block: 'start'})")
                next_frame(page)
                if not page.evaluate(ON_SCREEN, [0, s.steps[step]["h"]]):
                    off.append(step + 1)
            assert not off, (size, off)
            assert legible(page, 0)["px"] >= 11 - 0.01
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "small_window_notebook_1280x720.png"))
        ours = errors_of_ours(errors)
        assert not ours, ours
