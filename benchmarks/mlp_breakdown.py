"""Where the MLP step's time goes: forward, forward + backward and the optimizer step, in minigrad, in PyTorch and
in plain numpy doing the same arithmetic; then what torch's rounding of the SGD update costs in numpy.

Run with ``.venv/bin/python benchmarks/mlp_breakdown.py`` (one BLAS thread; torch optional). Times are the least
thread CPU time over repeats, the contenders taking turns, as in ``bench.py``. This explains the MLP row of
``bench.py``; it sets no target.
"""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import time  # noqa: E402

import numpy as np  # noqa: E402

import minigrad  # noqa: E402
import minigrad.nn.functional as F  # noqa: E402
from minigrad import nn  # noqa: E402
from minigrad.optim.kernels import add_scaled  # noqa: E402

try:
    import torch

    torch.set_num_threads(1)
except ImportError:
    torch = None

BATCH, N_IN, N_HIDDEN, N_OUT = 64, 784, 256, 10


def best_of(functions, loops=100, repeats=7):
    """The least time per call (microseconds) of each function, the functions taking turns."""
    best = [float("inf")] * len(functions)
    for f in functions:
        f()
    for _ in range(repeats):
        for i, f in enumerate(functions):
            t0 = time.thread_time()
            for _ in range(loops):
                f()
            best[i] = min(best[i], (time.thread_time() - t0) / loops * 1e6)
    return best


def parts(lib, libnn, mse):
    """forward, forward + backward, step and the whole step of the bench's MLP in ``lib``."""
    lib.manual_seed(0)
    model = libnn.Sequential(libnn.Linear(N_IN, N_HIDDEN), libnn.ReLU(), libnn.Linear(N_HIDDEN, N_OUT))
    opt = lib.optim.SGD(model.parameters(), lr=0.01)
    rng = np.random.default_rng(2)
    x = lib.tensor(rng.standard_normal((BATCH, N_IN), dtype=np.float32))
    y = lib.tensor(rng.standard_normal((BATCH, N_OUT), dtype=np.float32))

    def forward():
        return mse(model(x), y)

    def forward_backward():
        opt.zero_grad()
        forward().backward()

    def whole():
        forward_backward()
        opt.step()

    return [forward, forward_backward, opt.step, whole]


def numpy_parts():
    """The same forward and backward arithmetic in plain numpy (the floor for a numpy engine)."""
    rng = np.random.default_rng(2)
    w1, b1 = rng.standard_normal((N_HIDDEN, N_IN), dtype=np.float32), np.zeros(N_HIDDEN, np.float32)
    w2, b2 = rng.standard_normal((N_OUT, N_HIDDEN), dtype=np.float32), np.zeros(N_OUT, np.float32)
    x = rng.standard_normal((BATCH, N_IN), dtype=np.float32)
    y = rng.standard_normal((BATCH, N_OUT), dtype=np.float32)

    def forward():
        h = b1 + x @ w1.T
        r = np.maximum(h, 0)
        d = b2 + r @ w2.T - y
        return h, r, d, (d * d).mean()

    def forward_backward():
        h, r, d, _ = forward()
        g = 2 * d / d.size
        dh = (g @ w2) * (h > 0)
        return (g.T @ r, g.sum(0), (dh.T @ x), dh.sum(0))

    return [forward, forward_backward]


def update_kernels():
    """The SGD update of the first layer's weight: torch's rounding (one fused multiply-add) and numpy's plain
    float32 ``p += -lr * g`` (two roundings), in place."""
    rng = np.random.default_rng(3)
    p = rng.standard_normal((N_HIDDEN, N_IN), dtype=np.float32)
    g = rng.standard_normal((N_HIDDEN, N_IN), dtype=np.float32)
    q = p.copy()
    lr = np.float32(-0.01)
    return [lambda: add_scaled(p, -0.01, g, out=p), lambda: np.add(q, g * lr, out=q)]


def main():
    names = ["forward", "forward + backward", "optimizer step", "whole step"]
    ours = parts(minigrad, nn, F.mse_loss)
    theirs = parts(torch, torch.nn, torch.nn.functional.mse_loss) if torch is not None else []
    floor = numpy_parts()
    times = best_of(ours + theirs + floor)
    t_ours, t_theirs, t_floor = times[:4], times[4 : 4 + len(theirs)], times[4 + len(theirs) :]
    print(f"MLP {N_IN}-{N_HIDDEN}-{N_OUT}, batch {BATCH}, SGD lr=0.01 (us, least thread CPU time)")
    print(f"{'part':<20} {'minigrad':>9} {'torch':>9} {'numpy':>9}")
    for i, name in enumerate(names):
        torch_text = f"{t_theirs[i]:9.1f}" if t_theirs else f"{'-':>9}"
        numpy_text = f"{t_floor[i]:9.1f}" if i < len(t_floor) else f"{'-':>9}"
        print(f"{name:<20} {t_ours[i]:9.1f} {torch_text} {numpy_text}")
    fused, plain = best_of(update_kernels())
    print(f"SGD update of the {N_HIDDEN}x{N_IN} weight in numpy: torch's rounding (one FMA) {fused:.1f} us, "
          f"plain float32 (two roundings) {plain:.1f} us")


if __name__ == "__main__":
    main()
