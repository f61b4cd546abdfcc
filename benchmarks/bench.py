"""minigrad's benchmarks: ratios against PyTorch, micrograd and plain numpy, measured in one run.

Run with ``./dev bench`` (or ``.venv/bin/python benchmarks/bench.py``); ``--quick`` is a fast smoke run.

Every case is timed like ``timeit``: a warm-up call, then loops long enough to
time reliably, repeated; the contenders of a row take turns within each repeat,
so that a noisy moment hurts both. Time is the CPU time of the timing thread
(``time.thread_time``), so other processes on a busy machine count little; a row
reports the ratio of the two least times (minigrad / baseline; below 1 means
minigrad is faster). The garbage collector is off inside the timed loops, as in
``timeit``, and runs between them.

BLAS (numpy's and torch's) runs on one thread, so that all the work is the timing
thread's and a busy machine does not stall a product; ``--threads`` keeps the
libraries' own thread settings instead.

torch and micrograd are optional: a row whose baseline is missing is printed
as skipped, saying why.
"""

import os
import sys

if "--threads" not in sys.argv:  # before numpy and torch start their thread pools
    for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[_name] = "1"

import argparse  # noqa: E402 - the thread settings above must come first
import gc  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

import numpy as np  # noqa: E402

import minigrad  # noqa: E402
import minigrad.nn.functional as F  # noqa: E402
from minigrad import nn  # noqa: E402
from minigrad.autograd import observe  # noqa: E402

try:
    import torch

    if "--threads" not in sys.argv:
        torch.set_num_threads(1)
except ImportError:  # optional: rows against torch are skipped
    torch = None

try:
    from micrograd.engine import Value
except ImportError:  # optional: rows against micrograd are skipped
    Value = None

# The chain's op mix, cycled: two binary ops with leaves, a unary op and one with a Python number.
MIXED_OPS = ("mul", "add", "tanh", "sub")
# The same on scalars, against micrograd, whose Value has relu but not tanh.
SCALAR_OPS = ("mul", "add", "relu", "sub")

FULL = dict(chain_ops=1000, tensor_shape=(16,), matmul_n=512, mlp=(64, 784, 256, 10), makemore=(32, 3, 10, 200),
            loader=(2000, 20, 32), list_n=100_000, bigrams=1000)
TINY = dict(chain_ops=12, tensor_shape=(3,), matmul_n=8, mlp=(4, 12, 6, 3), makemore=(4, 3, 2, 5), loader=(40, 3, 8),
            list_n=50, bigrams=10)


# -- the cases: each builds its inputs once and returns a Case whose run() does one step ------------------
@dataclass
class Case:
    """One contender of a row: ``run()`` is one timed step; ``check()`` is a number computed by the last
    step (finite if the step worked). ``timed(k)``, if given, times ``k`` steps itself (for a part of a step)."""

    run: object
    check: object
    timed: object = None
    ops: int = 1  # ops per step, for per-op times


def _apply(x, op, w, b):
    if op == "mul":
        return x * w
    if op == "add":
        return x + b
    if op == "sub":
        return x - 0.5
    if op == "tanh":
        return x.tanh()
    if op == "exp":
        return x.exp()
    if op == "sigmoid":
        return x.sigmoid()
    if op == "relu":
        return x.relu()
    if op == "pow2":
        return x**2
    raise ValueError(op)


def _leaf_values(shape):
    rng = np.random.default_rng(0)
    return [rng.uniform(0.2, 0.8, shape).astype(np.float32) for _ in range(3)]


def _chain(lib, n_ops, shape, ops):
    """x -> op -> op -> ... (n_ops ops cycling through ``ops``) -> sum, then backward, in ``lib`` (minigrad
    or torch); leaves x, w, b require grad. Returns the Case, the forward, the backward timed over k steps, the
    check and the leaves."""
    x, w, b = (lib.tensor(v, requires_grad=True) for v in _leaf_values(shape))
    leaves = (x, w, b)

    def forward():
        y = x
        for i in range(n_ops):
            y = _apply(y, ops[i % len(ops)], w, b)
        return y.sum() if shape else y

    def run():
        for t in leaves:
            t.grad = None
        forward().backward()

    def timed_backward(k):
        total = 0.0
        for _ in range(k):
            for t in leaves:
                t.grad = None
            y = forward()
            t0 = time.thread_time()
            y.backward()
            total += time.thread_time() - t0
        return total

    def check():
        return float(sum(float(t.grad.sum()) for t in leaves))

    return Case(run, check, ops=n_ops), forward, timed_backward, check, leaves


def chain_minigrad(n_ops, shape=(), ops=MIXED_OPS):
    """The chain in minigrad, forward + backward."""
    return _chain(minigrad, n_ops, shape, ops)[0]


def chain_torch(n_ops, shape=(), ops=MIXED_OPS):
    """The same chain in PyTorch."""
    return _chain(torch, n_ops, shape, ops)[0]


def chain_micrograd(n_ops, ops=SCALAR_OPS):
    """The scalar chain in micrograd's Value (only micrograd's native ops)."""
    x, w, b = (Value(float(v)) for v in _leaf_values(()))
    leaves = (x, w, b)
    # micrograd's backward sorts the graph recursively: a chain of n ops needs a deeper stack than Python's default
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * n_ops + 1000))

    def run():
        for v in leaves:
            v.grad = 0
        y = x
        for i in range(n_ops):
            op = ops[i % len(ops)]
            y = y * w if op == "mul" else y + b if op == "add" else y.relu() if op == "relu" else y - 0.5
        y.backward()

    return Case(run, lambda: float(x.grad + w.grad + b.grad), ops=n_ops)


def chain_backward_minigrad(n_ops, shape=(), observer=None):
    """Only the backward of the chain (the forward is built outside the clock), with ``observer`` attached
    to the backward if given."""
    _, forward, timed_backward, check, _ = _chain(minigrad, n_ops, shape, MIXED_OPS)
    if observer is None:
        timed = timed_backward
    else:

        def timed(k):
            with observe(observer):
                return timed_backward(k)

    return Case(lambda: timed(1), check, timed=timed, ops=n_ops)


def matmul_minigrad(n):
    """C = A @ B; C.sum().backward() for n x n float32 matrices."""
    rng = np.random.default_rng(1)
    a = minigrad.tensor(rng.standard_normal((n, n), dtype=np.float32), requires_grad=True)
    b = minigrad.tensor(rng.standard_normal((n, n), dtype=np.float32), requires_grad=True)

    def run():
        a.grad = b.grad = None
        (a @ b).sum().backward()

    return Case(run, lambda: float(a.grad.sum() + b.grad.sum()))


def matmul_numpy(n):
    """The numpy calls the minigrad step makes, by hand: A @ B, its sum, then grad @ B.T and A.T @ grad, with
    the gradient of the sum as minigrad makes it (ones broadcast to C's shape, not a filled array)."""
    rng = np.random.default_rng(1)
    a = rng.standard_normal((n, n), dtype=np.float32)
    b = rng.standard_normal((n, n), dtype=np.float32)
    out = {}

    def run():
        out.clear()  # as minigrad's step drops the old .grad first, so its memory can be reused
        c = a @ b
        c.sum()
        grad = np.broadcast_to(np.ones((), c.dtype), c.shape)
        out["ga"], out["gb"] = grad @ b.T, a.T @ grad

    return Case(run, lambda: float(out["ga"].sum() + out["gb"].sum()))


def mlp_parts(lib, libnn, mse, batch, n_in, n_hidden, n_out):
    """The MLP step in ``lib`` by parts: ``forward()``, ``forward_backward()`` (after zero_grad), ``step()`` (the
    optimizer's), ``whole()`` (all three, keeping the loss in ``out["loss"]``), and ``out`` (``out["model"]``: the
    model)."""
    lib.manual_seed(0)
    model = libnn.Sequential(libnn.Linear(n_in, n_hidden), libnn.ReLU(), libnn.Linear(n_hidden, n_out))
    opt = lib.optim.SGD(model.parameters(), lr=0.01)
    rng = np.random.default_rng(2)
    x = lib.tensor(rng.standard_normal((batch, n_in), dtype=np.float32))
    y = lib.tensor(rng.standard_normal((batch, n_out), dtype=np.float32))
    out = {"model": model}

    def forward():
        return mse(model(x), y)

    def forward_backward():
        opt.zero_grad()
        loss = forward()
        loss.backward()
        return loss

    def whole():
        out["loss"] = forward_backward()
        opt.step()

    return forward, forward_backward, opt.step, whole, out


def _mlp(lib, libnn, mse, *sizes):
    *_, whole, out = mlp_parts(lib, libnn, mse, *sizes)
    return Case(whole, lambda: float(out["loss"].item()))


def mlp_minigrad(batch, n_in, n_hidden, n_out):
    """One training step of Linear-ReLU-Linear with MSE loss and SGD (zero_grad, forward, backward, step)."""
    return _mlp(minigrad, nn, F.mse_loss, batch, n_in, n_hidden, n_out)


def mlp_torch(batch, n_in, n_hidden, n_out):
    """The same step in PyTorch."""
    return _mlp(torch, torch.nn, torch.nn.functional.mse_loss, batch, n_in, n_hidden, n_out)


def _makemore(lib, functional, batch, block, n_embd, n_hidden, vocab=27):
    """One training step of a makemore-style character MLP (Karpathy's): an embedding looked up by indexing,
    a tanh layer, logits and ``cross_entropy``, backward, then ``p.data += -0.1 * p.grad``."""
    rng = np.random.default_rng(4)

    def param(*shape):
        return lib.tensor(rng.standard_normal(shape, dtype=np.float32) * 0.1, requires_grad=True)

    C, W1, b1 = param(vocab, n_embd), param(block * n_embd, n_hidden), param(n_hidden)
    W2, b2 = param(n_hidden, vocab), param(vocab)
    params = (C, W1, b1, W2, b2)
    X = lib.tensor(rng.integers(0, vocab, (batch, block)))
    Y = lib.tensor(rng.integers(0, vocab, (batch,)))
    out = {}

    def run():
        h = lib.tanh(C[X].view(-1, block * n_embd) @ W1 + b1)
        loss = functional.cross_entropy(h @ W2 + b2, Y)
        for p in params:
            p.grad = None
        loss.backward()
        for p in params:
            p.data += -0.1 * p.grad
        out["loss"] = loss

    return Case(run, lambda: float(out["loss"].item()))


def makemore_minigrad(*sizes):
    """The makemore step in minigrad."""
    return _makemore(minigrad, F, *sizes)


def makemore_torch(*sizes):
    """The same step in PyTorch."""
    return _makemore(torch, torch.nn.functional, *sizes)


def _optimizer_step(lib, name, sizes):
    """One ``optimizer.step()`` over the parameters of a Linear-ReLU-Linear MLP whose gradients are set once
    (the step alone: what it costs to keep torch's rounding)."""
    rng = np.random.default_rng(3)
    params = []
    for shape in sizes:
        p = lib.tensor(rng.standard_normal(shape, dtype=np.float32) * 0.05, requires_grad=True)
        p.grad = lib.tensor(rng.standard_normal(shape, dtype=np.float32) * 0.01)
        params.append(p)
    opt = lib.optim.SGD(params, lr=0.01, momentum=0.9) if name == "SGD" else lib.optim.Adam(params, lr=1e-3)
    return Case(opt.step, lambda: float(params[0][0, 0].item()))


def loader_epoch(lib, n, features, batch):
    """One epoch of a ``DataLoader`` over a ``TensorDataset`` of ``n`` samples (the data side of a student's training
    loop: one ``dataset[i]`` per sample, then ``default_collate``'s stack per batch)."""
    rng = np.random.default_rng(5)
    x = lib.tensor(rng.standard_normal((n, features), dtype=np.float32))
    y = lib.tensor(rng.integers(0, 10, n))
    loader = lib.utils.data.DataLoader(lib.utils.data.TensorDataset(x, y), batch_size=batch)
    out = {}

    def run():
        for xb, yb in loader:
            out["last"] = xb, yb

    return Case(run, lambda: float(out["last"][0].sum().item() + out["last"][1].sum().item()))


def list_to_tensor(lib, n):
    """``torch.tensor`` of a Python list of ``n`` floats (a dataset built in Python, then converted)."""
    values = np.random.default_rng(6).standard_normal(n).tolist()
    out = {}

    def run():
        out["t"] = lib.tensor(values)

    return Case(run, lambda: float(out["t"].sum().item()))


def bigram_counts(lib, n):
    """makemore's bigram table counted a pair at a time, ``N[a, b] += 1`` for ``n`` pairs (a student's loop over the
    names' characters: an int32 index read, an in-place add and a write back per pair)."""
    pairs = np.random.default_rng(7).integers(0, 27, (n, 2)).tolist()
    table = lib.zeros((27, 27), dtype=lib.int32)

    def run():
        for a, b in pairs:
            table[a, b] += 1

    return Case(run, lambda: float(table.sum().item()))


def _mlp_shapes(n_in, n_hidden, n_out):
    return [(n_hidden, n_in), (n_hidden,), (n_out, n_hidden), (n_out,)]


def optimizer_minigrad(name, n_in, n_hidden, n_out):
    """``SGD`` (momentum 0.9) or ``Adam``'s step on the MLP's parameters in minigrad."""
    return _optimizer_step(minigrad, name, _mlp_shapes(n_in, n_hidden, n_out))


def optimizer_torch(name, n_in, n_hidden, n_out):
    """The same step in PyTorch."""
    return _optimizer_step(torch, name, _mlp_shapes(n_in, n_hidden, n_out))


# -- timing ------------------------------------------------------------------------------------------
def _timer(case):
    if case.timed is not None:
        return case.timed

    def timed(k):
        run = case.run
        t0 = time.thread_time()
        for _ in range(k):
            run()
        return time.thread_time() - t0

    return timed


def measure(cases, repeats=7, min_time=0.2):
    """The best time per step (seconds) of each case, timeit-style: warm up, pick a loop count that takes
    at least ``min_time``, then take the minimum over ``repeats`` repeats, the cases taking turns."""
    timers = [_timer(c) for c in cases]
    loops = []
    for case, timed in zip(cases, timers):
        case.run()  # warm-up (caches, lazy imports, BLAS threads)
        k = 1
        while True:
            if timed(k) >= min_time or min_time <= 0:
                break
            k *= 2
        loops.append(k)
    best = [math.inf] * len(cases)
    enabled = gc.isenabled()
    gc.collect()
    try:
        for _ in range(repeats):
            for i, (timed, k) in enumerate(zip(timers, loops)):
                gc.disable()
                try:
                    best[i] = min(best[i], timed(k) / k)
                finally:
                    gc.enable()
    finally:
        if not enabled:
            gc.disable()
    return best


# -- the report --------------------------------------------------------------------------------------
@dataclass
class Row:
    """One line of the table: minigrad's time, the baseline's, their ratio and the target it should meet."""

    name: str
    baseline: str
    ours: float = None
    theirs: float = None
    target: float = None  # the ratio must be at most this (None: no target, information only)
    per_op: bool = False
    skipped: str = None
    notes: list = field(default_factory=list)

    @property
    def ratio(self):
        return None if self.skipped else self.ours / self.theirs

    @property
    def met(self):
        return None if self.target is None or self.skipped else self.ratio <= self.target


def run_all(config=FULL, repeats=7, min_time=0.2, out=None, only=None):
    """Measure every row (or those whose name contains ``only``); returns the rows (ratios are minigrad /
    baseline)."""
    n, shape = config["chain_ops"], config["tensor_shape"]
    rows = []

    def row(name, baseline, ours, theirs, target=None, missing=None, per_op=False):
        if only is not None and only not in name:
            return None
        if missing is not None:
            r = Row(name, baseline, target=target, skipped=missing)
        else:
            cases = [ours(), theirs()]
            for c in cases:
                c.run()
                value = c.check()
                if not math.isfinite(value):
                    raise RuntimeError(f"{name}: {baseline if c is cases[1] else 'minigrad'} gave {value}")
            t_ours, t_theirs = measure(cases, repeats, min_time)
            if per_op:
                t_ours, t_theirs = t_ours / cases[0].ops, t_theirs / cases[1].ops
            r = Row(name, baseline, t_ours, t_theirs, target, per_op=per_op)
        rows.append(r)
        if out is not None:
            print(_format_row(r), file=out, flush=True)
        return r

    no_torch = None if torch is not None else "torch is not installed"
    no_micrograd = None if Value is not None else "micrograd is not installed (pip install micrograd)"
    if out is not None:
        print(_header(), file=out, flush=True)

    size = "x".join(map(str, shape))
    row(f"chain {n} ops ({'/'.join(MIXED_OPS)}) on {size} floats, fwd+bwd", "torch",
        lambda: chain_minigrad(n, shape), lambda: chain_torch(n, shape), 0.5, no_torch)
    row(f"chain {n} ops ({'/'.join(SCALAR_OPS)}) on scalars, fwd+bwd", "micrograd",
        lambda: chain_minigrad(n, (), SCALAR_OPS), lambda: chain_micrograd(n, SCALAR_OPS), 1.5, no_micrograd)
    mm = config["matmul_n"]
    row(f"matmul {mm}x{mm} fwd+bwd", "numpy", lambda: matmul_minigrad(mm), lambda: matmul_numpy(mm), 1.05)
    b, i, h, o = config["mlp"]
    row(f"MLP step {i}-{h}-{o}, batch {b}, SGD", "torch",
        lambda: mlp_minigrad(b, i, h, o), lambda: mlp_torch(b, i, h, o), 1.0, no_torch)
    mb, block, n_embd, n_hidden = config["makemore"]  # information: a student's own model
    row(f"makemore step: block {block}, embd {n_embd}, hidden {n_hidden}, batch {mb}", "torch",
        lambda: makemore_minigrad(mb, block, n_embd, n_hidden), lambda: makemore_torch(mb, block, n_embd, n_hidden),
        None, no_torch)
    for name in ("SGD", "Adam"):  # information: what keeping torch's rounding costs
        row(f"{name} step, the MLP's parameters{' (momentum 0.9)' if name == 'SGD' else ''}", "torch",
            lambda name=name: optimizer_minigrad(name, i, h, o), lambda name=name: optimizer_torch(name, i, h, o),
            None, no_torch)
    ln, lf, lb = config["loader"]  # information: the data side of a training loop
    row(f"DataLoader epoch: TensorDataset {ln}x{lf}, batch {lb}", "torch",
        lambda: loader_epoch(minigrad, ln, lf, lb), lambda: loader_epoch(torch, ln, lf, lb), None, no_torch)
    row(f"torch.tensor of a list of {config['list_n']} floats", "torch",
        lambda: list_to_tensor(minigrad, config["list_n"]), lambda: list_to_tensor(torch, config["list_n"]), None,
        no_torch)
    row(f"makemore's bigram counts: N[a, b] += 1 for {config['bigrams']} pairs", "torch",
        lambda: bigram_counts(minigrad, config["bigrams"]), lambda: bigram_counts(torch, config["bigrams"]), None,
        no_torch)
    row(f"chain {n} ops bwd: no-op observer", "no observer",
        lambda: chain_backward_minigrad(n, (), observer=lambda *a, **k: None),
        lambda: chain_backward_minigrad(n, ()))
    return rows


def _header():
    return f"{'case':<50} {'minigrad':>11} {'baseline':>11}  {'vs':<12} {'ratio':>7}  target"


def _fmt_time(s):
    return f"{s * 1e3:8.3f} ms" if s >= 1e-3 else f"{s * 1e6:8.2f} us"


def _format_row(r):
    if r.skipped:
        target = f"<= {r.target:g}x: not measured" if r.target is not None else ""
        return f"{r.name:<50} {'skipped':>11} {'':>11}  {r.baseline:<12} {'':>7}  {target} ({r.skipped})"
    target = "" if r.target is None else f"<= {r.target:g}x: {'met' if r.met else 'MISSED'}"
    return f"{r.name:<50} {_fmt_time(r.ours):>11} {_fmt_time(r.theirs):>11}  {r.baseline:<12} {r.ratio:6.2f}x  {target}"


def _observer_note(rows, n_ops):
    """What the observer checks cost when none is attached: the engine and Op.apply test
    ``observer is not None`` a few times per node; time that test and compare it with the backward."""
    r = rows[-1]
    if r.skipped:
        return None
    k = 200_000
    obs = None
    t0 = time.perf_counter()
    for _ in range(k):
        if obs is not None:
            pass
    per_check = max((time.perf_counter() - t0) / k, 0.0)  # an upper bound: it includes the loop's own cost
    # per chain op: the engine's "node" and "grads" tests, one in Op.apply for the forward op, and one in
    # Op.apply for each of the ~3 ops its backward formula runs
    checks = 6 * n_ops
    cost = per_check * checks
    return (
        f"observer: the chain's backward takes {r.ratio:.2f}x as long with a no-op observer; with none attached, the "
        f"cost is ~{checks} `is None` tests per step, at most {_fmt_time(cost).strip()} of "
        f"{_fmt_time(r.theirs).strip()} ({100 * cost / r.theirs:.2f}%)"
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a fast smoke run: small sizes, few repeats")
    parser.add_argument("--repeats", type=int, default=None, help="repeats per case (default 7, quick 2)")
    parser.add_argument("--threads", action="store_true", help="keep BLAS's own thread settings (default: one)")
    parser.add_argument("--only", metavar="TEXT", help="only the rows whose name contains TEXT (e.g. MLP)")
    args = parser.parse_args(argv)
    config = dict(FULL, chain_ops=200, matmul_n=128) if args.quick else FULL
    repeats = args.repeats or (2 if args.quick else 7)
    min_time = 0.02 if args.quick else 0.2

    versions = [f"python {platform.python_version()}", f"numpy {np.__version__}"]
    versions.append(f"torch {torch.__version__} ({torch.get_num_threads()} threads)" if torch else "torch: missing")
    versions.append("micrograd: present" if Value else "micrograd: missing")
    print(f"minigrad benchmarks{' (--quick: smaller sizes, fewer repeats)' if args.quick else ''}")
    threads = "BLAS threads: " + ", ".join(
        f"{k}={os.environ.get(k, 'unset')}" for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    )
    # other processes make every timing noisy: say how busy the machine was
    load = f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; " if hasattr(os, "getloadavg") else ""
    print(f"{', '.join(versions)}")
    print(f"{load}{threads}")
    print(f"least CPU time (thread_time) of {repeats} interleaved repeats; ratio = minigrad / baseline\n")
    gc.freeze()  # the objects of the imports (torch has many) are not garbage: don't scan them again and again
    rows = run_all(config, repeats, min_time, out=sys.stdout, only=args.only)
    note = _observer_note(rows, config["chain_ops"]) if rows and rows[-1].baseline == "no observer" else None
    if note:
        print("\n" + note)
    targets = [r for r in rows if r.target is not None]
    met = sum(1 for r in targets if r.met)
    skipped = sum(1 for r in targets if r.skipped)
    print(f"\ntargets met: {met} of {len(targets)}" + (f" ({skipped} not measured)" if skipped else ""))
    if hasattr(os, "getloadavg"):
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return rows


if __name__ == "__main__":
    main()
