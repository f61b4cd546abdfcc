"""How long drawing a graph takes: building the DOT source, and Graphviz laying it out, with the
Graphviz that comes with minigrad (``bundled``: graphviz-pure) and with an installed one's ``dot``.

Run with ``./dev bench`` (or ``.venv/bin/python benchmarks/bench_viz.py``); ``--quick`` skips the
1000-node graphs. The first table compares the two backends of :func:`minigrad.render.render` side by
side, as a user meets them: the first layout in a new Python process, then warm layouts (wall time, the
best of ``--repeats``) of the stepper's, make_dot's and draw_graph's pictures at 10, 100 and 400 nodes.

The second table is the size budget ``minigrad.viz.MAX_NODES``, chosen as the largest layout size that
lays out in under a second, with ``minigrad.render.LAYOUT_LIMITS`` (nslimit/mclimit).

Graphs (sizes are drawn nodes):

* chain: ``v = v * 1.0`` repeated, one node per op;
* skips: ``v = v + earlier`` with ``earlier`` one of the last 8 results, like residual connections;
* tangled: the same with ``earlier`` any earlier result, so edges jump far back: dot routes each
  long edge through one virtual node per rank it crosses, and that (the *layout size*,
  ``minigrad.viz.layout_size``), not the node count, is what the layout time follows.

Each is drawn with ``make_dot`` and with ``draw_graph`` (bigger, HTML labels), and laid out by the
bundled Graphviz with the limits and by ``dot`` with and without them; a layout that passes
``--timeout`` seconds is cut off and shown as ``>T``. Layout times are CPU seconds of the Graphviz
process. The rows marked ``*`` are the biggest graph of each kind within the budget, the slowest
drawings made without ``max_nodes=None``.
"""

import argparse
import re
import resource
import subprocess
import sys
import time

import numpy as np

import minigrad as torch
from minigrad import render
from minigrad.viz import LAYOUT_LIMITS, MAX_NODES, draw_graph, layout_size, make_dot

SIZES = (10, 100, 300, 1000)
VIEWS = ("make_dot", "draw_graph")
BACKENDS = ("bundled", "dot")
COMPARE_SIZES = (10, 100, 400)


def chain(n_ops):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    v = x
    for _ in range(n_ops):
        v = v * 1.0
    return v.sum()


def tangled(n_ops, window=None, seed=0):
    """Each op adds a random earlier result: from all of them, or from the last ``window``."""
    rng = np.random.default_rng(seed)
    x = torch.tensor([0.0, 0.0], requires_grad=True)  # zeros: sums of sums must not overflow
    results = [x * 1.0]
    for _ in range(n_ops - 1):
        low = 0 if window is None else max(0, len(results) - window)
        results.append(results[-1] + results[int(rng.integers(low, len(results)))])
    return results[-1].sum()


def skips(n_ops):
    return tangled(n_ops, window=8)


def ops_for(nodes, view):
    """How many ops give about ``nodes`` drawn nodes (make_dot adds the leaf, its AccumulateGrad and the
    output; draw_graph draws one tensor per op plus the leaf)."""
    return max(1, nodes - 3) if view == "make_dot" else max(1, nodes - 1)


def layout_seconds(source, limits, timeout, backend="dot"):
    """CPU seconds the Graphviz program spends on ``-Tsvg`` (wall time on a busy machine says more about
    the machine)."""
    if not limits:  # the source carries the limits as graph attributes: take them out
        for k, v in LAYOUT_LIMITS.items():
            source = source.replace(f" {k}={v}", "")
    render.set_backend(backend)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        render.render(source, "svg", timeout=timeout)
    except render.RenderError as exc:
        if "took more than" not in str(exc):
            raise
        return None
    finally:
        render.set_backend(None)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def draw(view, out):
    if view == "make_dot":
        return make_dot(out, max_nodes=None)
    return draw_graph(out, max_nodes=None)


KINDS = (("chain", chain), ("skips", skips), ("tangled", tangled))


# -- the two backends, side by side ----------------------------------------------------------------------


def stepper_source(nodes):
    """The DOT text the stepper lays out for the longest chain ``y = y * 1.01`` of at most ``nodes`` graph
    nodes (tensors and functions)."""
    from widgets import GraphStepper, StepperTooLarge
    from widgets.layout import classes_for, dot_source

    def graph(ops):
        code = f"y = torch.tensor(1.0, requires_grad=True)\nfor _ in range({ops}):\n    y = y * 1.01\ny.backward()\n"
        try:
            g = GraphStepper.from_code(code)._graph
        except StepperTooLarge:
            return None
        return g if len(g) <= nodes else None

    low, high = 1, nodes  # graph(low) fits, graph(high) does not
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if graph(mid) is not None else (low, mid)
    g = graph(low)
    return dot_source(g, classes_for(g))


def comparison_sources(sizes=COMPARE_SIZES):
    """[(view, nodes, DOT text)]: the stepper's, make_dot's and draw_graph's pictures of chains."""
    out = []
    for n in sizes:
        out.append(("stepper", n, stepper_source(n)))
        for view in VIEWS:
            out.append((view, n, draw(view, chain(ops_for(n, view))).source))
    return out


def first_call(backend):
    """Seconds of the first layout in a new Python process (minigrad imported): what a new kernel waits."""
    code = (
        "import time\nfrom minigrad import render\n"
        f"render.set_backend({backend!r})\nstart = time.perf_counter()\n"
        "render.render('digraph { a -> b }')\nprint(time.perf_counter() - start)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout)


def warm(backend, source, repeats):
    """The best wall time of ``repeats`` layouts of ``source`` (after one to warm up)."""
    render.set_backend(backend)
    try:
        render.render(source)
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            render.render(source)
            times.append(time.perf_counter() - start)
        return min(times)
    finally:
        render.set_backend(None)


def available(backend):
    render.set_backend(backend)
    try:
        render.backend()
        return True
    except render.GraphvizUnavailable:
        return False
    finally:
        render.set_backend(None)


def compare_backends(sizes=COMPARE_SIZES, repeats=5, out=print):
    """Print (and return) the side-by-side table: {(case, nodes): {backend: seconds}}."""
    backends = [b for b in BACKENDS if available(b)]
    rows = {("first call", ""): {b: first_call(b) for b in backends}}
    for view, n, source in comparison_sources(sizes):
        rows[(view, n)] = {b: warm(b, source, repeats) for b in backends}
    out(f"{'layout':12} {'nodes':>5} " + " ".join(f"{b:>9}" for b in backends) + "  bundled/dot")
    for (case, n), times in rows.items():
        ratio = f"{times['bundled'] / times['dot']:.2f}" if len(times) == 2 else "-"
        out(f"{case:12} {n!s:>5} " + " ".join(f"{times[b] * 1000:7.1f}ms" for b in backends) + f"  {ratio:>11}")
    missing = sorted(set(BACKENDS) - set(backends))
    if missing:
        out(f"(not installed here: {', '.join(missing)})")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 1000-node graphs")
    parser.add_argument("--timeout", type=float, default=30.0, help="cut a layout off after this many seconds")
    parser.add_argument("--repeats", type=int, default=5, help="warm layouts per case in the backend table")
    args = parser.parse_args()
    sizes = SIZES[:-1] if args.quick else SIZES

    print("Backends: first layout in a new process, then warm layouts (wall time)\n")
    compare_backends(repeats=args.repeats)
    print("\nBudget: CPU time of the layout\n")
    header = (
        f"{'graph':8} {'view':10} {'nodes':>5} {'layout size':>11} {'build DOT':>10} {'bundled':>9}"
        f" {'dot, limits':>12} {'dot, no limits':>15}"
    )
    print(header)
    print("-" * len(header))
    cases = [(kind, make, view, nodes) for kind, make in KINDS for view in VIEWS for nodes in sizes]
    cases += [(kind, make, view, "budget") for kind, make in KINDS for view in VIEWS]
    for kind, make, view, nodes in cases:
        if nodes == "budget":  # the biggest graph of this kind that is drawn without asking
            out = largest_within_budget(make, view)
            kind = f"{kind}*"
        else:
            out = make(ops_for(nodes, view))
        start = time.perf_counter()
        dot = draw(view, out)
        source = dot.source
        build = time.perf_counter() - start
        drawn = len(re.findall(r"^\t[tf]\d+\w* \[", source, re.M))  # node statements
        size = layout_size(dot._nodes, dot._edges)
        bundled = layout_seconds(source, True, args.timeout, "bundled")
        with_limits = layout_seconds(source, True, args.timeout)
        without = layout_seconds(source, False, args.timeout)
        print(
            f"{kind:8} {view:10} {drawn:>5} {size:>11} {build * 1000:>8.1f}ms {_secs(bundled, args.timeout):>9}"
            f" {_secs(with_limits, args.timeout):>12}"
            f" {_secs(without, args.timeout):>15}",
            flush=True,
        )


def largest_within_budget(make, view):
    """The graph of this kind with the most ops whose layout size is within MAX_NODES (bisection)."""

    def size(n_ops):
        dot = draw(view, make(n_ops))
        return layout_size(dot._nodes, dot._edges)

    low, high = 1, 2
    while size(high) <= MAX_NODES:
        low, high = high, high * 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if size(mid) <= MAX_NODES else (low, mid)
    return make(low)


def _secs(s, timeout):
    return f">{timeout:g}s" if s is None else f"{s:.2f}s"


if __name__ == "__main__":
    main()
