"""Take the picture of TensorBoard's graph view that lesson 10 shows (seed 000 §5): run the lesson's own cells that
write the event file, start TensorBoard on 127.0.0.1 with it, open the Graphs tab in Chromium (Playwright), open up
the model's box, and save a screenshot to notebooks/figures/tensorboard_graph.png.

    .venv/bin/python tools/tensorboard_figure.py [--out PATH] [--chromium /usr/bin/chromium]

Needs tensorboard and playwright (the test extra) and a Chromium; nothing is fetched from the network.
"""

import argparse
import pathlib
import socket
import subprocess
import sys
import time
import urllib.request

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "10_drawing_graphs.ipynb"
OUT = ROOT / "notebooks" / "figures" / "tensorboard_graph.png"


def write_event_file():
    """Run lesson 10's cells that define ``Net`` and write its graph with ``SummaryWriter``; the log directory."""
    import minigrad

    cells = [c.source for c in nbformat.read(LESSON, as_version=4).cells if c.cell_type == "code"]
    wanted = [s for s in cells if "class Net" in s or "SummaryWriter(logdir)" in s]
    if len(wanted) != 2:
        raise SystemExit(f"{LESSON.name}: expected one cell defining Net and one writing the event file")
    namespace = {"torch": minigrad}
    minigrad.manual_seed(0)
    for source in wanted:
        exec(compile(source, LESSON.name, "exec"), namespace)
    return namespace["logdir"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_tensorboard(logdir, port):
    server = subprocess.Popen(
        [sys.executable, "-m", "tensorboard.main", "--logdir", logdir, "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/data/plugins_listing", timeout=2).read()
            return server
        except OSError:
            time.sleep(0.5)
    server.terminate()
    raise SystemExit("TensorBoard did not start within 60 s")


def screenshot(port, out, chromium):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True)
        page = browser.new_page(viewport={"width": 1100, "height": 700}, device_scale_factor=1)
        page.goto(f"http://127.0.0.1:{port}/#graphs", wait_until="networkidle")
        node = page.locator("g.node", has_text="Net").first
        node.wait_for(timeout=30_000)
        node.dblclick()  # open the module's box, as a reader would
        page.wait_for_timeout(1500)
        page.get_by_text("Fit to screen").first.click()
        page.wait_for_timeout(1500)
        page.evaluate("window.getSelection().removeAllRanges()")  # the double click selected the node's name
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
        browser.close()


def main(argv=None):
    """Write the event file, start TensorBoard, take the screenshot, stop TensorBoard."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    logdir = write_event_file()
    port = free_port()
    server = start_tensorboard(logdir, port)
    try:
        screenshot(port, args.out, args.chromium)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
