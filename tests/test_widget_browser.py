"""GraphStepper in a real browser: JupyterLab (started here) and an exported HTML page with no kernel.

Chromium is Debian's /usr/bin/chromium driven by Playwright; every request that does not go to
127.0.0.1 is aborted, so nothing comes from the internet. The HTML export loads require.js, the
widget manager's embed script and anywidget from the npm cache that ``./dev setup`` fills.
Screenshots go to tests/_artifacts/.
"""

import contextlib
import functools
import http.server
import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import nbformat
import pytest
from test_widget_steps import SEED_004

from widgets import GraphStepper

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "_artifacts"
NPM = ROOT / ".cache" / "widget-web" / "node_modules"
CHROMIUM = "/usr/bin/chromium"
BIN = pathlib.Path(sys.executable).parent


def notebook(path):
    cells = [
        nbformat.v4.new_code_cell("import minigrad as torch\nfrom widgets import GraphStepper"),
        nbformat.v4.new_code_cell(f"s = GraphStepper.from_code({SEED_004!r})\ns"),
    ]
    kernel = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": kernel}), path)


@functools.cache
def expected():
    """The same stepper built here: the browser must show exactly these steps."""
    import minigrad as torch

    return GraphStepper.from_code(SEED_004, {"torch": torch})


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def chromium_page(viewport=None):
    """A Chromium page that may load only from 127.0.0.1: yields ``(page, blocked URLs, page errors)``."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./dev setup does)")
    blocked = []

    def only_local(route):
        if route.request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = browser.new_page(viewport=viewport or {"width": 1400, "height": 1300})
            page.set_default_timeout(60_000)
            page.route("**/*", only_local)
            errors = []
            page.on("pageerror", lambda e: errors.append(f"{e}\n{e.stack or ''}"[:1500]))
            yield page, blocked, errors
        finally:
            browser.close()


def widget_state(page):
    """What the widget shows now: step counter, caption, highlighted ids, and the text of each slot."""
    return page.evaluate(
        """() => {
          const root = document.querySelector('.gs');
          const texts = {};
          for (const g of root.querySelectorAll('svg g[id]'))
            texts[g.id] = Array.from(g.getElementsByTagName('text'), (t) => t.textContent);
          return {
            count: root.querySelector('.gs-count').textContent,
            caption: Array.from(root.querySelectorAll('.gs-cap div'), (d) => d.textContent),
            hl: Array.from(root.querySelectorAll('svg .hl'), (e) => e.id).sort(),
            texts,
            focused: document.activeElement === root,
          };
        }"""
    )


def shape_boxes(page):
    """The box of every node's outline: must not change from step to step."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.gs svg g.node'), (g) => {
          const b = g.querySelector('rect, path, ellipse, polygon').getBBox();
          return [g.id, b.x, b.y, b.width, b.height];
        })"""
    )


def check_step(state, k):
    s = expected()
    step = s.steps[k]
    assert state["count"] == f"step {k + 1} / {s.num_steps}"
    assert state["caption"] == step["t"]
    assert state["hl"] == sorted(step["h"])


# -- JupyterLab ------------------------------------------------------------------------------------


@contextlib.contextmanager
def jupyterlab(tmp_path, app="lab", data_dir=None):
    """A JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``) server on 127.0.0.1, killed after, with the
    project's settings (``.jupyter/overrides.json``); ``data_dir``: its own Jupyter data directory (notebook
    signatures), else the user's."""
    port, token = free_port(), secrets.token_hex(16)
    app_class = "LabApp" if app == "lab" else "JupyterNotebookApp"
    settings = tmp_path / "app-settings"
    settings.mkdir()
    shutil.copy(ROOT / ".jupyter" / "overrides.json", settings / "overrides.json")
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg")}
    if data_dir is not None:
        env["JUPYTER_DATA_DIR"] = str(data_dir)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    log = open(tmp_path / "jupyterlab.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [str(BIN / "jupyter"), app, "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={tmp_path}",
         f"--{app_class}.workspaces_dir={tmp_path / 'workspaces'}",
         f"--{app_class}.user_settings_dir={tmp_path / 'user'}", f"--{app_class}.expose_app_in_browser=True",
         # both apps' settings: Notebook 7's pages read theirs from the JupyterLab extension's server side too
         f"--LabApp.app_settings_dir={settings}", f"--JupyterNotebookApp.app_settings_dir={settings}",
         *(["--allow-root"] if os.geteuid() == 0 else []),
         *(["--LabApp.extension_manager=readonly"] if app == "lab" else [])],
        stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(f"jupyter {app} did not start:\n" + (tmp_path / "jupyterlab.log").read_text()[-3000:])
                time.sleep(0.5)
        yield base, token
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        log.close()


def kernel_says(page, code):
    """Run ``code`` in the notebook's kernel; return what it printed."""
    return page.evaluate(
        """(code) => new Promise((resolve, reject) => {
          const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
          let out = '';
          const future = kernel.requestExecute({ code });
          future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
          future.done.then(() => resolve(out), reject);
        })""",
        code,
    )


def open_and_run(page, url):
    """Open a notebook page, wait for its kernel, run every cell and wait for the stepper at step 1."""
    page.goto(url)
    page.wait_for_function(
        "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;"
        " return k && k.status === 'idle'; }"
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".gs svg g.node")
    page.wait_for_function("() => document.querySelector('.gs .gs-count').textContent.startsWith('step 1 ')")


def test_stepper_in_jupyterlab(tmp_path):
    notebook(tmp_path / "stepper.ipynb")
    s = expected()
    mul = next(i for i, st in enumerate(s.steps) if st["t"] and st["t"][0].endswith("→ MulBackward0"))
    w_acc = next(i for i, st in enumerate(s.steps) if "AccumulateGrad: w.grad: None -> 5." in st["t"])
    with jupyterlab(tmp_path) as (base, token), chromium_page() as (page, blocked, errors):
        open_and_run(page, f"{base}/lab/tree/stepper.ipynb?token={token}")
        check_step(widget_state(page), 0)
        boxes = shape_boxes(page)

        page.click(".gs .gs-btn:has-text('Next')")
        state = widget_state(page)
        check_step(state, 1)
        assert state["focused"]  # the click leaves the widget focused, so keys step it

        for _ in range(mul - 1):
            page.keyboard.press("ArrowRight")
        state = widget_state(page)
        check_step(state, mul)
        texts = state["texts"]
        fn = s.steps[mul]["h"][0]
        assert texts[fn][0] == "MulBackward0"
        assert sorted(texts[e][0] for e in s.steps[mul]["h"] if e.startswith("input_")) == ["2.0", "3.0"]
        page.wait_for_timeout(400)  # let the CSS transitions finish before the picture
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".gs").screenshot(path=str(ARTIFACTS / "stepper_jupyterlab_mul.png"))

        page.keyboard.press("End")
        state = widget_state(page)
        check_step(state, s.num_steps - 1)
        w = next(t for t, lines in state["texts"].items() if t.startswith("t") and lines[0] == "w")
        assert state["texts"][w][3] == "grad 5."
        for _ in range(s.num_steps - 1 - w_acc):
            page.keyboard.press("ArrowLeft")
        check_step(widget_state(page), w_acc)
        assert widget_state(page)["texts"][w][3] == "grad 5."
        page.keyboard.press("ArrowLeft")  # one step before w's AccumulateGrad: its .grad is empty again
        assert widget_state(page)["texts"][w][3].strip() == ""
        assert shape_boxes(page) == boxes  # nothing moved

        # the step is shared with Python both ways
        # (the widget manager sends a burst of changes one message at a time, so allow it a moment)
        seen = [kernel_says(page, "print(s.step)").strip()]
        while seen[-1] != str(w_acc - 1) and len(seen) < 20:
            page.wait_for_timeout(250)
            seen.append(kernel_says(page, "print(s.step)").strip())
        assert seen[-1] == str(w_acc - 1), seen
        kernel_says(page, "s.step = 3")
        page.wait_for_function("() => document.querySelector('.gs .gs-count').textContent.startsWith('step 4 ')")
        check_step(widget_state(page), 3)

        page.keyboard.press("End")
        caption_px = "() => parseFloat(getComputedStyle(document.querySelector('.gs-cap')).fontSize)"
        normal = page.evaluate(caption_px)
        page.click(".gs .gs-btn:has-text('Aa')")
        assert page.evaluate(caption_px) >= max(1.5 * normal, 24)  # large type for the back of a room
        page.wait_for_timeout(400)
        page.locator(".gs").screenshot(path=str(ARTIFACTS / "stepper_jupyterlab_large.png"))
        assert not errors, errors
        assert not [u for u in blocked if "stepper" in u or "anywidget" in u]
        # a saved lesson's steppers, with no kernel and unmodified: tests/test_stepper_ui_browser.py


def test_stepper_in_notebook_7(tmp_path):
    """The same stepper in Jupyter Notebook 7: it renders, and the Next button and the arrow keys step it."""
    notebook(tmp_path / "stepper.ipynb")
    with jupyterlab(tmp_path, app="notebook") as (base, token), chromium_page() as (page, blocked, errors):
        open_and_run(page, f"{base}/notebooks/stepper.ipynb?token={token}")
        check_step(widget_state(page), 0)
        boxes = shape_boxes(page)
        page.click(".gs .gs-btn:has-text('Next')")
        check_step(widget_state(page), 1)
        page.keyboard.press("ArrowRight")
        check_step(widget_state(page), 2)
        page.keyboard.press("End")
        check_step(widget_state(page), expected().num_steps - 1)
        page.keyboard.press("ArrowLeft")
        check_step(widget_state(page), expected().num_steps - 2)
        assert shape_boxes(page) == boxes
        page.wait_for_timeout(400)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".gs").screenshot(path=str(ARTIFACTS / "stepper_notebook7.png"))
        # Notebook 7.6's own bundle throws "reading 'schema'" while loading settings, on a plain notebook and on
        # its file browser too (checked by hand); any other error, and any from the widget, fails the test
        ours = [e for e in errors if not ("reading 'schema'" in e and "/static/notebook/notebook_core." in e)]
        assert not ours, ours
        assert not [u for u in blocked if "stepper" in u or "anywidget" in u]


# -- exported HTML, no kernel ------------------------------------------------------------------------


class _LocalFiles(http.server.SimpleHTTPRequestHandler):
    """Serves the export and the npm cache; ``/cdn/<package>@<version>/<file>`` maps to the cached package,
    as a CDN would (the widget manager asks for ``anywidget@~0.11.*/dist/index``)."""

    def translate_path(self, path):
        path = path.split("?", 1)[0]
        m = re.match(r"/cdn/((?:@[^/]+/)?[^/@]+)@[^/]+/(.*)$", path)
        if m:
            file = NPM / m.group(1) / m.group(2)
            return str(file if file.exists() else file.with_name(file.name + ".js"))
        if path.startswith("/npm/"):
            return str(NPM / path[len("/npm/") :])
        return str(pathlib.Path(self.directory) / path.lstrip("/"))

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_LocalFiles, directory=str(directory))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def export_with_widgets(notebook_path, base):
    """Execute ``notebook_path`` and export it to HTML (next to it) as ``jupyter nbconvert --to html --execute``
    does, with require.js, the widget manager and anywidget served from ``base`` (the npm cache) instead of a
    CDN. Returns the page's path."""
    needed = [NPM / "requirejs/require.js", NPM / "@jupyter-widgets/html-manager/dist/embed-amd.js",
              NPM / "anywidget/dist/index.js"]  # fmt: skip
    missing = [str(p.relative_to(ROOT)) for p in needed if not p.exists()]
    if missing:
        pytest.fail(f"the npm cache for the HTML-export test is missing ({', '.join(missing)}): run ./dev setup")
    done = subprocess.run(
        [str(BIN / "jupyter"), "nbconvert", "--to", "html", "--execute",
         f"--HTMLExporter.require_js_url={base}/npm/requirejs/require.js",
         f"--HTMLExporter.widget_renderer_url={base}/npm/@jupyter-widgets/html-manager/dist/embed-amd.js",
         "--ExecutePreprocessor.timeout=120", str(notebook_path)],
        capture_output=True, text=True, timeout=240, cwd=notebook_path.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    page = notebook_path.with_suffix(".html")
    html = page.read_text()
    assert "application/vnd.jupyter.widget-state+json" in html  # the widget state went into the page
    # widget modules (anywidget) come from our local "CDN" instead of jsdelivr
    page.write_text(html.replace("<head>", f'<head><script data-jupyter-widgets-cdn="{base}/cdn/"></script>', 1))
    return page


def test_exported_html_steps_without_a_kernel(tmp_path):
    notebook(tmp_path / "stepper.ipynb")
    with serve(tmp_path) as base:
        export_with_widgets(tmp_path / "stepper.ipynb", base)
        with chromium_page() as (page, blocked, errors):
            page.goto(f"{base}/stepper.html")
            page.wait_for_selector(".gs svg g.node")
            check_step(widget_state(page), 0)
            page.click(".gs .gs-btn:has-text('Next')")
            check_step(widget_state(page), 1)
            width = page.evaluate("() => document.querySelector('.gs svg').getBoundingClientRect().width")
            page.click(".gs .gs-btn:has-text('+')")
            assert page.evaluate("() => document.querySelector('.gs svg').getBoundingClientRect().width") > width
            page.click(".gs .gs-btn:has-text('Fit')")  # the whole graph in view: as wide or as high as the view's room
            svg_w, svg_h, view_w, room = page.evaluate(
                "() => { const b = document.querySelector('.gs svg').getBoundingClientRect();"
                " const v = document.querySelector('.gs-view');"
                " return [b.width, b.height, v.clientWidth, parseFloat(getComputedStyle(v).maxHeight)]; }"
            )
            assert svg_w <= view_w and svg_h <= room and (view_w - svg_w <= 10 or room - svg_h <= 10)
            page.select_option(".gs .gs-speed", "4")
            page.click(".gs .gs-btn:has-text('Play')")
            page.wait_for_function("() => document.querySelector('.gs .gs-count').textContent.startsWith('step 5 ')")
            page.keyboard.press(" ")  # pause
            paused = widget_state(page)["count"]
            page.wait_for_timeout(700)
            assert widget_state(page)["count"] == paused
            page.keyboard.press("End")
            state = widget_state(page)
            check_step(state, expected().num_steps - 1)
            w = next(t for t, lines in state["texts"].items() if t.startswith("t") and lines[0] == "w")
            assert state["texts"][w][3] == "grad 5."
            page.wait_for_timeout(400)
            ARTIFACTS.mkdir(exist_ok=True)
            page.locator(".gs").screenshot(path=str(ARTIFACTS / "stepper_export.png"))
            assert not errors, errors
            assert not [u for u in blocked if "jupyter-widgets" in u or "anywidget" in u or "require" in u], blocked
    json.dumps(blocked)  # (other blocked requests, e.g. MathJax, are simply not fetched)
