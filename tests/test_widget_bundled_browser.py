"""GraphStepper in JupyterLab on a machine without Graphviz's ``dot``: the kernel lays the stepper out with the
Graphviz that pip installs (graphviz-pure), and the browser shows and steps it.

The harness (JupyterLab on 127.0.0.1, Debian's Chromium with every outside request aborted) is
test_widget_browser.py's.
"""

import re

from test_render import path_without_dot, require_dot
from test_widget_browser import (
    ARTIFACTS,
    check_step,
    chromium_page,
    expected,
    jupyterlab,
    kernel_says,
    notebook,
    open_and_run,
    shape_boxes,
    widget_state,
)
from test_widget_steps import SEED_004

import minigrad as torch
from minigrad import render
from widgets import GraphStepper


def svg_laid_out_by(backend):
    render.set_backend(backend)
    try:
        return GraphStepper.from_code(SEED_004, {"torch": torch}).svg
    finally:
        render.set_backend(None)


def test_stepper_laid_out_without_dot_steps_in_jupyterlab(tmp_path, monkeypatch):
    require_dot()
    bundled = svg_laid_out_by("bundled")
    assert svg_laid_out_by("dot") != bundled  # so the SVG tells which Graphviz laid the kernel's stepper out
    monkeypatch.setenv("PATH", path_without_dot(tmp_path / "bin"))  # the server, and so the kernel, has no dot
    monkeypatch.delenv(render.ENV_VAR, raising=False)
    notebook(tmp_path / "stepper.ipynb")
    s = expected()
    with jupyterlab(tmp_path) as (base, token), chromium_page() as (page, blocked, errors):
        open_and_run(page, f"{base}/lab/tree/stepper.ipynb?token={token}")
        code = "import shutil\nfrom minigrad import render\nprint(render.backend(), shutil.which('dot'))"
        assert kernel_says(page, code) == "bundled None\n"
        kernel_svg = kernel_says(page, "print(s.svg, end='')")
        assert kernel_svg == bundled  # byte for byte
        shown = page.evaluate("() => Array.from(document.querySelectorAll('.gs svg g[id]'), (g) => g.id).sort()")
        assert shown == sorted(re.findall(r"<g id='([^']+)'", kernel_svg))

        check_step(widget_state(page), 0)
        boxes = shape_boxes(page)
        page.click(".gs .gs-btn:has-text('Next')")
        check_step(widget_state(page), 1)
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        check_step(widget_state(page), 4)
        page.keyboard.press("End")
        state = widget_state(page)
        check_step(state, s.num_steps - 1)
        w = next(t for t, lines in state["texts"].items() if t.startswith("t") and lines[0] == "w")
        assert state["texts"][w][3] == "grad 5."
        page.keyboard.press("ArrowLeft")
        check_step(widget_state(page), s.num_steps - 2)
        assert shape_boxes(page) == boxes  # nothing moved
        page.wait_for_timeout(400)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".gs").screenshot(path=str(ARTIFACTS / "stepper_bundled_graphviz.png"))
        assert not errors, errors
        assert not [u for u in blocked if "stepper" in u or "anywidget" in u]
