"""Where the time of ``bench.py``'s missed rows goes, by part (microseconds, least thread CPU time over repeats,
one BLAS thread, as in ``bench.py``; torch optional). It sets no target.

- one op of the chain: numpy's own work, the op without recording, the op recording its node, and the engine's
  cost per node in backward; against torch's;
- the whole chain in a bare engine: micrograd's design (a value, a closure per op, a topological sort) on numpy
  arrays, doing minigrad's arithmetic with none of torch's behaviour (no dtype rules, version counters, grad mode,
  hooks, engine order or checks): what the chain rows cost before any of what makes minigrad torch;
- the MLP step: forward, forward + backward, the optimizer step and the whole step, in minigrad, in torch, and in
  plain numpy doing the same arithmetic (what no numpy engine can beat); then what torch's rounding of the SGD
  update (one fused multiply-add) costs in numpy.

Run with ``.venv/bin/python benchmarks/breakdown.py``.
"""

import time

import bench  # first: it sets one BLAS thread before numpy starts
import numpy as np

from minigrad.fused_multiply_add import fnma
from minigrad.ops.carriers import ARRAYS
from minigrad.optim.kernels import add_scaled

minigrad, nn, F, torch = bench.minigrad, bench.nn, bench.F, bench.torch
CHAIN_NODES = 1000  # nodes per chain, for the per-node backward
MLP = bench.FULL["mlp"]


def best_of(functions, repeats=7, min_time=0.2):
    """The least time per call (microseconds) of each function, timed as ``bench.measure`` times a row's
    contenders: in turns, loops long enough to time, the garbage collector off."""
    return [t * 1e6 for t in bench.measure([bench.Case(f, None) for f in functions], repeats, min_time)]


# -- one op of the chain ----------------------------------------------------------------------------------
def backward_per_node(lib, step, shape, repeats=15, n=CHAIN_NODES):
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


def chain_rows(shape, repeats=7, min_time=0.2, n=CHAIN_NODES):
    """(label, microseconds) for each part of one op, on inputs of ``shape``."""
    rng = np.random.default_rng(0)
    a, b = (rng.uniform(0.2, 0.8, shape).astype(np.float32) for _ in range(2))
    x, w = (minigrad.tensor(v, requires_grad=True) for v in (a, b))
    xs, ws = (minigrad.tensor(v) for v in (a, b))

    def op(f):
        return best_of([f], repeats, min_time)[0]

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


# -- the chain in a bare engine ------------------------------------------------------------------------------
_ONE = np.array(1.0)  # a 0-d float64 array, as minigrad's compiled formula passes its numbers


class Bare:
    """A value of the bare engine: micrograd's ``Value`` on numpy arrays, with minigrad's forward and backward
    arithmetic (float32 tanh computed in float64 and rounded once, its backward's ``1 - t * t`` rounded once as
    torch's; each backward the formula minigrad's op evaluates on arrays) and nothing else."""

    __slots__ = ("data", "grad", "_parents", "_backward")

    def __init__(self, data, parents=(), backward=None):
        self.data, self.grad, self._parents, self._backward = np.asarray(data), None, parents, backward

    def __mul__(self, other):
        a, b = self.data, other.data
        return Bare(a * b, (self, other), lambda g: (g * b, g * a))

    def __add__(self, other):
        return Bare(self.data + other.data, (self, other), lambda g: (g, g))

    def __sub__(self, number):
        return Bare(self.data - number, (self,), lambda g: (g,))

    def tanh(self):
        t = np.tanh(self.data, dtype=np.float64).astype(self.data.dtype)
        return Bare(t, (self,), lambda g: (g * fnma(t, t, _ONE),))

    def relu(self):
        r = np.maximum(self.data, 0)
        return Bare(r, (self,), lambda g: (np.where(r <= 0, 0, g),))

    def sum(self):
        shape = self.data.shape
        return Bare(self.data.sum(), (self,), lambda g: (np.broadcast_to(g, shape),))

    def backward(self):
        """Each value after all the values that use it, then the chain rule; a parent's gradients are summed in
        the order they arrive (as minigrad's engine sums them)."""
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                stack.append((v, True))
                stack.extend((p, False) for p in v._parents)
        self.grad = np.ones_like(self.data)
        for v in reversed(order):
            if v._backward is not None:
                for p, g in zip(v._parents, v._backward(v.grad)):
                    p.grad = g if p.grad is None else p.grad + g


class _BareLib:
    """What ``bench``'s chain asks of a library."""

    @staticmethod
    def tensor(values, requires_grad=False):
        return Bare(values)


def bare_chain(n_ops, shape=(), ops=bench.MIXED_OPS):
    """``bench``'s chain (forward + backward) in the bare engine: a :class:`bench.Case`."""
    case = bench._chain(_BareLib, n_ops, shape, ops)[0]
    return bench.Case(case.run, case.check, ops=n_ops)


def bare_table(n=bench.FULL["chain_ops"], shape=bench.FULL["tensor_shape"], repeats=7, min_time=0.2):
    """Rows (label, bare, minigrad, baseline or None, baseline name) of the chain rows of ``bench.py``, per op
    (microseconds): the bare engine, minigrad, and the row's baseline."""
    rows = []
    for label, shape_, ops, baseline, name in (
        ("chain on 16 floats", shape, bench.MIXED_OPS, torch and (lambda: bench.chain_torch(n, shape)), "torch"),
        ("chain on scalars", (), bench.SCALAR_OPS, bench.Value and (lambda: bench.chain_micrograd(n)), "micrograd"),
    ):
        cases = [bare_chain(n, shape_, ops), bench.chain_minigrad(n, shape_, ops)] + ([baseline()] if baseline else [])
        times = [t / n for t in best_of([c.run for c in cases], repeats, min_time)]
        rows.append((label, times[0], times[1], times[2] if baseline else None, name))
    return rows


# -- the MLP step -------------------------------------------------------------------------------------------
def numpy_mlp_parts(batch, n_in, n_hidden, n_out):
    """The MLP step of ``bench.mlp_parts`` in plain numpy, the same arithmetic minigrad does (the floor for a numpy
    engine): ``forward``, ``forward_backward``, ``step`` (SGD with torch's rounding, on the last gradients) and
    ``whole``, as there, with the parameters minigrad's model starts from; ``out["loss"]`` is the last loss and
    ``out["params"]`` the parameters."""
    minigrad.manual_seed(0)  # minigrad's initial parameters, drawn as bench.mlp_parts draws them
    model = nn.Sequential(nn.Linear(n_in, n_hidden), nn.ReLU(), nn.Linear(n_hidden, n_out))
    params = [p.detach().numpy().copy() for p in model.parameters()]
    w1, b1, w2, b2 = params
    rng = np.random.default_rng(2)
    x = rng.standard_normal((batch, n_in), dtype=np.float32)
    y = rng.standard_normal((batch, n_out), dtype=np.float32)
    out = {"params": params}

    def forward():
        h = b1 + x @ w1.T
        r = np.maximum(h, 0)
        d = b2 + r @ w2.T - y
        out["loss"] = np.asarray((d**2).mean(), dtype=d.dtype)
        return r, d

    def forward_backward():
        r, d = forward()
        g = 2 / d.size * d * np.ones((), d.dtype)
        dh = ARRAYS.where(r <= 0, 0, g @ w2)  # relu's backward as minigrad computes it (np.where branches: slower)
        out["grads"] = dh.T @ x, dh.sum(0), g.T @ r, g.sum(0)

    def step():
        for p, g in zip(params, out["grads"]):
            add_scaled(p, -0.01, g, out=p)

    def whole():
        forward_backward()
        step()

    return [forward, forward_backward, step, whole], out


def update_kernels(n_in, n_hidden):
    """The SGD update of the first layer's weight, in place: torch's rounding (one fused multiply-add) and
    numpy's plain float32 ``p += -lr * g`` (two roundings)."""
    rng = np.random.default_rng(3)
    p = rng.standard_normal((n_hidden, n_in), dtype=np.float32)
    g = rng.standard_normal((n_hidden, n_in), dtype=np.float32)
    q = p.copy()
    lr = np.float32(-0.01)
    return [lambda: add_scaled(p, -0.01, g, out=p), lambda: np.add(q, g * lr, out=q)]


def matrix_products(batch, n_in, n_hidden, n_out):
    """The matrix products of one MLP step, each as minigrad computes it in numpy (its BLAS) and as torch computes it
    (its own BLAS): the two layers' ``bias + x @ weight.T`` (AddmmBackward0's forward) and their backward's products
    (the second layer's two, the first layer's weight gradient; ``(g.T @ x).T`` for a weight laid out transposed, as
    ``nn.Linear`` passes it). Pairs (label, numpy call, torch call or None)."""
    rng = np.random.default_rng(4)
    x, w1, b1, g1 = (rng.standard_normal(s, dtype=np.float32) for s in ((batch, n_in), (n_hidden, n_in), n_hidden,
                                                                          (batch, n_hidden)))  # fmt: skip
    r, w2, b2, g2 = (rng.standard_normal(s, dtype=np.float32) for s in ((batch, n_hidden), (n_out, n_hidden), n_out,
                                                                          (batch, n_out)))  # fmt: skip
    pairs = [("first layer: bias + x @ weight.T", lambda: b1 + x @ w1.T, "addmm", (b1, x, w1)),
             ("second layer: bias + x @ weight.T", lambda: b2 + r @ w2.T, "addmm", (b2, r, w2)),
             ("second layer's backward: g @ weight", lambda: g2 @ w2, "mm", (g2, w2)),
             ("second layer's backward: (g.T @ x).T", lambda: (g2.T @ r).T, "mm_t", (g2, r)),
             ("first layer's backward: (g.T @ x).T", lambda: (g1.T @ x).T, "mm_t", (g1, x))]  # fmt: skip
    if torch is None:
        return [(label, ours, None) for label, ours, _, _ in pairs]
    forms = {"addmm": lambda b, a, w: lambda: torch.addmm(b, a, w.t()), "mm": lambda g, w: lambda: g.mm(w),
             "mm_t": lambda g, a: lambda: g.t().mm(a).t()}  # fmt: skip
    return [(label, ours, forms[form](*map(torch.from_numpy, arrays))) for label, ours, form, arrays in pairs]


def _parts_apart(make):
    """The four parts ``make()`` returns (forward, forward_backward, step, whole), each from a model of its own; the
    step's model has gradients (one forward_backward) to step with."""
    parts = [make()[i] for i in (0, 1, 3)]
    forward_backward, step = make()[1:3]
    forward_backward()
    return [parts[0], parts[1], step, parts[2]]


def mlp_table(sizes=MLP, repeats=7, min_time=0.2):
    """Rows (part, minigrad, torch or None, numpy) of the MLP step, and the two update kernels' times."""
    # each part gets a model of its own: the optimizer step, timed alone, repeats one update thousands of times,
    # which drives its parameters to overflow (a model shared with the other parts would then compute with inf)
    ours = _parts_apart(lambda: bench.mlp_parts(minigrad, nn, F.mse_loss, *sizes)[:4])
    theirs = _parts_apart(lambda: bench.mlp_parts(torch, torch.nn, torch.nn.functional.mse_loss, *sizes)[:4]) \
        if torch else []  # fmt: skip
    floor = _parts_apart(lambda: numpy_mlp_parts(*sizes)[0])
    times = best_of(ours + theirs + floor, repeats, min_time)
    t_ours, t_theirs, t_floor = times[:4], times[4 : 4 + len(theirs)], times[4 + len(theirs) :]
    names = ["forward", "forward + backward", "optimizer step", "whole step"]
    rows = [
        (name, t_ours[i], t_theirs[i] if t_theirs else None, t_floor[i])
        for i, name in enumerate(names)
    ]
    return rows, best_of(update_kernels(sizes[1], sizes[2]), repeats, min_time)


def main():
    for shape, name in (((16,), "16 floats"), ((), "scalars (0-d)")):
        print(f"one op of the chain on {name} (us)")
        for label, us in chain_rows(shape):
            print(f"  {label:<55} {us:7.2f}")
    print("the chains of bench.py, per op, forward + backward (us)")
    print(f"  {'row':<20} {'bare':>9} {'minigrad':>9} {'baseline':>9}  bare/baseline")
    for label, bare, ours, theirs, name in bare_table():
        ratio = f"{bare / theirs:.2f}x {name}" if theirs else f"no {name}"
        cells = " ".join(f"{v:9.2f}" if v is not None else f"{'-':>9}" for v in (bare, ours, theirs))
        print(f"  {label:<20} {cells}  {ratio}")
    batch, n_in, n_hidden, n_out = MLP
    rows, (fused, plain) = mlp_table()
    print(f"MLP {n_in}-{n_hidden}-{n_out}, batch {batch}, SGD lr=0.01 (us)")
    print(f"  {'part':<20} {'minigrad':>9} {'torch':>9} {'numpy':>9}")
    for name, ours, theirs, floor in rows:
        cells = [f"{v:9.1f}" if v is not None else f"{'-':>9}" for v in (ours, theirs, floor)]
        print(f"  {name:<20} {' '.join(cells)}")
    print(f"  SGD update of the {n_hidden}x{n_in} weight in numpy: torch's rounding (one FMA) {fused:.1f} us, "
          f"plain float32 (two roundings) {plain:.1f} us")
    print("the MLP step's matrix products: numpy's BLAS (minigrad's) and torch's (us)")
    pairs = matrix_products(*MLP)
    times = iter(best_of([f for _, ours, theirs in pairs for f in (ours, theirs) if f is not None]))
    rows = [(label, next(times), next(times) if theirs is not None else None) for label, _, theirs in pairs]
    rows.append(("all of them", sum(r[1] for r in rows), sum(r[2] for r in rows) if torch else None))
    for label, ours, theirs in rows:
        shown = "        -" if theirs is None else f"{theirs:9.1f}"
        print(f"  {label:<40} {ours:9.1f} {shown}")


if __name__ == "__main__":
    main()
