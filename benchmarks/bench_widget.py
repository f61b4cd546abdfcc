"""GraphStepper benchmark: build time, time of one step in the browser, saved size per stepper.

Run with ``./dev bench`` (or ``.venv/bin/python benchmarks/bench_widget.py``); ``--quick`` runs
fewer repeats; ``--baseline REV`` also times the front end (``stepper.js`` and ``stepper.css``) of a git
revision on the same graphs in the same run (the two in turns, a round or a key press each), for a
before/after comparison; ``--build-baseline DIR`` times the build in another checkout (a git worktree of an older
revision) in turns with this one. Targets (issue 5): build <= 300 ms and saved size <= 150 KB at 100 nodes;
one step <= 16 ms in the browser; (issue 11) the key-to-repaint time at 100 nodes no higher than before.

The graphs are an RNN cell unrolled over time (Lab2B's example): ``h = tanh(W @ h + U @ x)``,
with as many steps as it takes to reach about 10, 100 and 300 graph nodes (tensors + functions).
Build time is ``GraphStepper.from_code`` end to end (run and trace the code, extract the graph
model, write the steps, lay out with ``dot``), the minimum of several runs, with its parts.
A step is timed inside Chromium with ``performance.now()``: the page steps through every step
forward and back, many times, and each step includes a forced style and layout so that the
browser's work counts, not just the script's. Key to repaint is what a user waits for: real key
presses (ArrowRight through every step, then ArrowLeft back), each timed from the key event's own
time stamp to just after the next frame is drawn (a message posted from ``requestAnimationFrame``
runs once that frame's rendering is done); it includes the wait for the next frame. The saved size
is the widget's state as JSON (what a notebook stores per stepper: the front-end code, the SVG and
the steps).
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import types

import minigrad
from widgets import GraphStepper
from widgets import trace as tracing
from widgets.layout import classes_for, layout
from widgets.packing import pack
from widgets.preview import STATE, standalone_page
from widgets.steps import StepBuilder, extract_for_trace

CHROMIUM = "/usr/bin/chromium"
TARGET_NODES = (10, 100, 300)


def rnn_code(steps):
    return (
        "W = torch.randn(3, 3, requires_grad=True)\n"
        "U = torch.randn(3, 3, requires_grad=True)\n"
        "h = torch.zeros(3)\n"
        f"for t in range({steps}):\n"
        "    x = torch.ones(3) * t\n"
        "    h = torch.tanh(W @ h + U @ x)\n"
        "loss = h.sum()\n"
        "loss.backward()\n"
    )


def build(code):
    minigrad.manual_seed(0)
    return GraphStepper.from_code(code)


def nodes(stepper):
    return len(stepper._graph)


def code_for(target):
    """The unrolled RNN whose graph is closest to ``target`` nodes."""
    best = None
    for steps in range(1, 60):
        n = nodes(build(rnn_code(steps)))
        if best is None or abs(n - target) < abs(best[1] - target):
            best = (steps, n)
        if n > target:
            break
    return rnn_code(best[0]), best[1]


def parts(code):
    """Time of each part of a build: trace, graph model, steps (written and packed), layout."""
    minigrad.manual_seed(0)
    t0 = time.perf_counter()
    trace = tracing.run_code(code, {}, echo=False)
    t1 = time.perf_counter()
    graph = extract_for_trace(trace)
    t2 = time.perf_counter()
    pack(StepBuilder(graph, trace.statements).run(trace.events))
    t3 = time.perf_counter()
    layout(graph, classes_for(graph))
    t4 = time.perf_counter()
    return [t1 - t0, t2 - t1, t3 - t2, t4 - t3]


def build_time(code, repeats):
    times, split = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        build(code)
        times.append(time.perf_counter() - t)
    split = min((parts(code) for _ in range(repeats)), key=sum)
    return min(times), split


BUILD_IN_CHECKOUT = """
import json, sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/benchmarks"]
import bench_widget
best, split = bench_widget.build_time(sys.stdin.read(), int(sys.argv[2]))
print(json.dumps([best, list(split)]))
"""


def build_times_in_turns(code, repeats, checkout, rounds=3):
    """Build time of ``code`` here and in another checkout of this repository (its own minigrad and widgets, in a
    subprocess), ``rounds`` turns each, the least of each: ``((best, split), (best, split))``."""
    ours = theirs = None
    for _ in range(rounds):
        mine = build_time(code, repeats)
        run = subprocess.run([sys.executable, "-c", BUILD_IN_CHECKOUT, str(checkout), str(repeats)], input=code,
                             capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": ""})
        other = tuple(json.loads(run.stdout.strip().splitlines()[-1]))
        ours = mine if ours is None or mine[0] < ours[0] else ours
        theirs = other if theirs is None or other[0] < theirs[0] else theirs
    return ours, theirs


def saved_size(saved):
    """Bytes of a stepper's state as JSON (of ``saved`` itself if it is no stepper)."""
    state = saved.get_state() if isinstance(saved, GraphStepper) else saved
    return len(json.dumps(state, separators=(",", ":")).encode())


STEP_TIMER = """async (rounds) => {
  const root = document.querySelector('.gs');
  const n = Number(root.querySelector('.gs-slider').max) + 1;
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < 2 * n - 2; i++) {
      const k = i < n - 1 ? i + 1 : 2 * n - 3 - i;
      const t = performance.now();
      root.gsGo(k);
      document.body.offsetHeight;  // force style and layout
      times.push(performance.now() - t);
    }
  }
  return times;
}"""


KEY_PROBE = """() => {
  const root = document.querySelector('.gs');
  window.keyTimes = [];
  addEventListener('keydown', (e) => {
    const t0 = e.timeStamp;  // when the browser received the key (same clock as performance.now())
    requestAnimationFrame(() => {
      const c = new MessageChannel();
      c.port1.onmessage = () => keyTimes.push(performance.now() - t0);
      c.port2.postMessage(0);
    });
  }, true);
  root.gsGo(0);
  root.focus();
  return Number(root.querySelector('.gs-slider').max) + 1;
}"""
KEY_WAIT = "(k) => new Promise((done) => { const f = () => keyTimes.length >= k ? done() : setTimeout(f, 1); f(); })"


def stats(times):
    times = sorted(times)
    return {"count": len(times), "median": times[len(times) >> 1], "p95": times[int(len(times) * 0.95)],
            "max": times[-1]}  # fmt: skip


def front_end(rev):
    """``stepper.js`` and ``stepper.css`` as they are at git revision ``rev``."""
    root = pathlib.Path(__file__).resolve().parent.parent

    def show(path):
        return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=root, check=True, capture_output=True,
                              text=True).stdout  # fmt: skip

    return show("widgets/stepper.js"), show("widgets/stepper.css")


def browser_times(stepper, rounds, presses, *front_ends):
    """Per-step time (every step forward and back, ``rounds`` times) and key-to-repaint time (``presses`` real
    key presses: Right to the end, Left back, repeated) in Chromium, for this repository's front end
    (``None``) or each given ``(esm, css)`` text, one browser each, measured in turns (a round, a key press)
    so that a busier or quieter machine favours none of them. One ``{"step": stats, "key": stats}`` each."""
    from playwright.sync_api import sync_playwright

    front_ends = front_ends or (None,)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browsers, pages = [], []
        try:
            for i, fe in enumerate(front_ends):
                esm, css = fe or (stepper._esm, stepper._css)
                # the steps packed (this front end) and unpacked (that of a revision before widgets/packing.py)
                state = {**{k: getattr(stepper, k) for k in STATE}, "steps": stepper.steps}
                page_file = pathlib.Path(tmp) / f"stepper{i}.html"
                page_file.write_text(standalone_page(types.SimpleNamespace(_esm=esm, _css=css), state=state))
                browsers.append(pw.chromium.launch(executable_path=CHROMIUM, headless=True))
                page = browsers[-1].new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(60_000)
                page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("file:", "data:"))
                           else route.abort())  # fmt: skip
                page.goto(page_file.as_uri())
                page.wait_for_selector(".gs svg g.node")
                pages.append(page)
            steps = [[] for _ in pages]
            for _ in range(rounds):
                for i, page in enumerate(pages):
                    steps[i] += page.evaluate(STEP_TIMER, 1)
            n = [page.evaluate(KEY_PROBE) for page in pages][0]
            cycle = ["ArrowRight"] * (n - 1) + ["ArrowLeft"] * (n - 1) or ["ArrowRight"]
            for k in range(presses):
                for page in pages if k % 2 == 0 else pages[::-1]:
                    page.keyboard.press(cycle[k % len(cycle)])
                    page.evaluate(KEY_WAIT, k + 1)
            return [{"step": stats(t), "key": stats(page.evaluate("keyTimes"))} for t, page in zip(steps, pages)]
        finally:
            for browser in browsers:
                browser.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="also time the front end (stepper.js, stepper.css) of this git revision, e.g. main",
    )
    parser.add_argument(
        "--build-baseline",
        metavar="DIR",
        help="also time the build in another checkout of this repository (e.g. a git worktree of an older "
        "revision), in turns with this one",
    )
    args, _ = parser.parse_known_args(argv)
    repeats, rounds, presses = (2, 2, 40) if args.quick else (5, 10, 240)
    base = front_end(args.baseline) if args.baseline else None
    print(f"GraphStepper benchmark (python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f})")  # fmt: skip
    chromium = os.access(CHROMIUM, os.X_OK)
    rows, builds = [], []
    for target in TARGET_NODES:
        code, n = code_for(target)
        if args.build_baseline:
            (best, split), other = build_times_in_turns(code, repeats, pathlib.Path(args.build_baseline).resolve())
            builds.append((n, best, split, other))
        else:
            best, split = build_time(code, repeats)
        stepper = build(code)
        browser = before = None
        if chromium:
            browser, before = (browser_times(stepper, rounds, presses, None, base) if base
                               else browser_times(stepper, rounds, presses) + [None])  # fmt: skip
        rows.append((n, stepper.num_steps, best, split, saved_size(stepper), len(stepper.svg),
                     saved_size([stepper.strings, stepper.packed_steps]), browser, before))  # fmt: skip
    print()
    head = (f"{'nodes':>5} {'steps':>5} {'build ms':>9} {'(trace/model/steps/dot)':>24} {'step ms median':>14} "
            f"{'p95':>6} {'max':>6} {'key-to-repaint ms median':>24} {'p95':>6} {'saved KB':>8} "
            f"{'(svg/steps)':>12}")  # fmt: skip
    print(head)
    print("-" * len(head))

    def timings(browser):
        if not browser:
            return f"{'(no chromium)':>66}"
        step, key = browser["step"], browser["key"]
        return (f"{step['median']:>14.2f} {step['p95']:>6.2f} {step['max']:>6.1f} {key['median']:>24.1f} "
                f"{key['p95']:>6.1f}")  # fmt: skip

    for n, nsteps, best, split, size, svg, steps, browser, before in rows:
        detail = "/".join(f"{s * 1000:.0f}" for s in split)
        print(
            f"{n:>5} {nsteps:>5} {best * 1000:>9.0f} {detail:>24} {timings(browser)} {size / 1000:>8.1f} "
            f"{f'{svg / 1000:.0f}/{steps / 1000:.0f}':>12}"
        )
        if before:
            print(f"{'':>5} {'':>5} {'':>9} {f'front end of {args.baseline}:':>24} {timings(before)}")
    hundred = min(rows, key=lambda r: abs(r[0] - 100))
    print()
    for n, best, split, (other, other_split) in builds:
        parts = "/".join(f"{x * 1000:.0f}" for x in split)
        other_parts = "/".join(f"{x * 1000:.0f}" for x in other_split)
        print(f"build at {n} nodes: {best * 1000:.1f} ms ({parts}); {args.build_baseline}: {other * 1000:.1f} ms "
              f"({other_parts}) (in turns, the least of 3 rounds each)")
    print(f"targets at {hundred[0]} nodes: build {hundred[2] * 1000:.0f} ms (<= 300), saved "
          f"{hundred[4] / 1000:.1f} KB (<= 150); one step "
          + (f"{max(r[7]['step']['median'] for r in rows):.2f} ms median, "
             f"{max(r[7]['step']['p95'] for r in rows):.2f} ms p95 at worst (<= 16)" if chromium
             else "not measured (no chromium)"))  # fmt: skip
    if chromium:
        key = hundred[7]["key"]
        line = f"key to repaint at {hundred[0]} nodes: {key['median']:.1f} ms median, {key['p95']:.1f} ms p95"
        if hundred[8]:
            old = hundred[8]["key"]
            line += (f"; front end of {args.baseline}: {old['median']:.1f} ms median, {old['p95']:.1f} ms p95 "
                     "(same run; target: no higher)")  # fmt: skip
        print(line)


if __name__ == "__main__":
    main()
