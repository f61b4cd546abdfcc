"""How long drawing a graph takes: building the DOT source, and ``dot -Tsvg`` laying it out.

Run with ``./dev bench`` (or ``.venv/bin/python benchmarks/bench_viz.py``); ``--quick`` skips the
1000-node graphs. The size budget ``minigrad.viz.MAX_NODES`` is chosen from this table: the largest
layout size that lays out in under a second, with ``minigrad.viz.LAYOUT_LIMITS`` (nslimit/mclimit).

Graphs (sizes are drawn nodes):

* chain: ``v = v * 1.0`` repeated, one node per op;
* skips: ``v = v + earlier`` with ``earlier`` one of the last 8 results, like residual connections;
* tangled: the same with ``earlier`` any earlier result, so edges jump far back: dot routes each
  long edge through one virtual node per rank it crosses, and that (the *layout size*,
  ``minigrad.viz.layout_size``), not the node count, is what the layout time follows.

Each is drawn with ``make_dot`` and with ``draw_graph`` (bigger, HTML labels), and laid out with
and without the limits; a layout that passes ``--timeout`` seconds is cut off and shown as ``>T``.
Layout times are CPU seconds of the ``dot`` process. The rows marked ``*`` are the biggest graph of
each kind within the budget, the slowest drawings made without ``max_nodes=None``.
"""

import argparse
import re
import resource
import subprocess
import time

import numpy as np

import minigrad as torch
from minigrad.viz import LAYOUT_LIMITS, MAX_NODES, draw_graph, layout_size, make_dot

SIZES = (10, 100, 300, 1000)
VIEWS = ("make_dot", "draw_graph")


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


def layout_seconds(source, limits, timeout):
    """CPU seconds ``dot -Tsvg`` spends (wall time on a busy machine says more about the machine)."""
    if not limits:  # the source carries the limits as graph attributes: take them out
        for k, v in LAYOUT_LIMITS.items():
            source = source.replace(f" {k}={v}", "")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        subprocess.run(["dot", "-Tsvg"], input=source.encode(), capture_output=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def draw(view, out):
    if view == "make_dot":
        return make_dot(out, max_nodes=None)
    return draw_graph(out, max_nodes=None)


KINDS = (("chain", chain), ("skips", skips), ("tangled", tangled))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 1000-node graphs")
    parser.add_argument("--timeout", type=float, default=30.0, help="cut a layout off after this many seconds")
    args = parser.parse_args()
    sizes = SIZES[:-1] if args.quick else SIZES

    header = (
        f"{'graph':8} {'view':10} {'nodes':>5} {'layout size':>11} {'build DOT':>10} {'dot, limits':>12}"
        f" {'dot, no limits':>15}"
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
        with_limits = layout_seconds(source, True, args.timeout)
        without = layout_seconds(source, False, args.timeout)
        print(
            f"{kind:8} {view:10} {drawn:>5} {size:>11} {build * 1000:>8.1f}ms"
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
