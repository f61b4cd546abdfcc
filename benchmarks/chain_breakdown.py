"""Where one op of the chain's time goes: numpy's own work, the op without recording, the op recording its node,
and the engine's cost per node in backward; against torch's whole op. It explains the chain rows of ``bench.py``
(per op, microseconds); it sets no target.

Run with ``.venv/bin/python benchmarks/chain_breakdown.py`` (one BLAS thread; torch optional). Times are the least
thread CPU time over repeats, as in ``bench.py``.
"""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import time  # noqa: E402

import numpy as np  # noqa: E402

import minigrad  # noqa: E402

try:
    import torch

    torch.set_num_threads(1)
except ImportError:
    torch = None

N = 1000  # nodes per chain, for the per-node backward


def per_call(f, loops=20000, repeats=7):
    """The least time per call of ``f``, in microseconds."""
    f()
    best = float("inf")
    for _ in range(repeats):
        t0 = time.thread_time()
        for _ in range(loops):
            f()
        best = min(best, (time.thread_time() - t0) / loops)
    return best * 1e6


def backward_per_node(lib, step, shape, repeats=15, n=N):
    """Backward of a chain of ``n`` ``step`` ops from a leaf of ``shape``, per node (the forward outside the
    clock)."""
    x = lib.tensor(np.full(shape, 0.5, np.float32), requires_grad=True)
    best = float("inf")
    for _ in range(repeats):
        y = x
        for _ in range(n):
            y = step(y)
        y = y.sum()
        x.grad = None
        t0 = time.thread_time()
        y.backward()
        best = min(best, time.thread_time() - t0)
    return best / n * 1e6


def rows(shape, loops=20000, repeats=7, n=N):
    """(label, microseconds) for each part, on inputs of ``shape``."""
    rng = np.random.default_rng(0)
    a, b = (rng.uniform(0.2, 0.8, shape).astype(np.float32) for _ in range(2))
    x, w = (minigrad.tensor(v, requires_grad=True) for v in (a, b))
    xs, ws = (minigrad.tensor(v) for v in (a, b))

    def op(f):
        return per_call(f, loops, repeats)

    def node(lib, step):
        return backward_per_node(lib, step, shape, repeats, n)

    out = [
        ("numpy: a * b", op(lambda: np.multiply(a, b))),
        ("minigrad x * w, no input requires grad", op(lambda: xs * ws)),
        ("minigrad x * w, recording MulBackward0", op(lambda: x * w)),
        ("minigrad tanh(x), recording", op(lambda: x.tanh())),
        ("minigrad backward per node: x - 0.5 (no arithmetic)", node(minigrad, lambda y: y - 0.5)),
        ("minigrad backward per node: x * 1.0001", node(minigrad, lambda y: y * 1.0001)),
    ]
    if torch is not None:
        tx, tw = (torch.tensor(v, requires_grad=True) for v in (a, b))
        out += [
            ("torch x * w, recording", op(lambda: tx * tw)),
            ("torch backward per node: x * 1.0001", node(torch, lambda y: y * 1.0001)),
        ]
    return out


def main():
    for shape, name in (((16,), "16 floats"), ((), "scalars (0-d)")):
        print(f"one op on {name} (us, least thread CPU time)")
        for label, us in rows(shape):
            print(f"  {label:<55} {us:7.2f}")


if __name__ == "__main__":
    main()
