"""Programs whose every output and gradient must stay bit-for-bit the same when minigrad is made faster.

Each program is code run under ``import minigrad as torch`` that leaves the tensors to fingerprint in
``out`` (a list). :func:`fingerprint` hashes each one's dtype, shape and bytes, and its ``.grad`` if it
has one. ``tests/fingerprints.json`` holds the fingerprints recorded before the engine's fast paths were
written (``python tests/fingerprint_programs.py --record``); ``tests/test_fingerprints.py`` checks every
program against it with the fast paths on and off.

A recording changes only when minigrad is made to round as torch does, never for speed, and then only for the
programs that use what changed: the 13 programs whose backward runs ``tanh`` were recorded again when its
backward began rounding ``1 - result * result`` once, as torch's ``tanh_backward`` kernel does, and
``matmul_forms`` when the dot of a few floats began adding its products in torch's order.

The bits of ``tanh`` or of a matmul depend on which SIMD and BLAS kernels the CPU picks (an AVX-512 machine
rounds a float32 ``tanh`` differently from an AVX2 one), so the recording was taken, and is checked, with
the kernels pinned in ``pinned_kernels.KERNELS`` (environment variables read when numpy loads): numpy's AVX2-level
(x86-64-v3) loops and OpenBLAS's Haswell kernels, which any x86-64-v3 CPU runs.
"""

import hashlib
import json
import pathlib
import sys
import textwrap
import warnings

import numpy as np
from pinned_kernels import KERNELS

FIXTURE = pathlib.Path(__file__).with_name("fingerprints.json")

SETUP = """
import numpy as np
rng = np.random.default_rng(7)
def leaf(*shape, dtype=torch.float32, lo=-2.0, hi=2.0):
    return torch.tensor(rng.uniform(lo, hi, shape), dtype=dtype, requires_grad=True)
"""

CHAIN = """
x, w, b = leaf(16), leaf(16), leaf(16)
y = x
for i in range(200):
    y = (y * w, y + b, y.tanh(), y - 0.5)[i % 4]
y.sum().backward()
out = [y, x, w, b]
"""

PROGRAMS = {
    "chain_float32": CHAIN,
    "chain_float64": CHAIN.replace("leaf(16)", "leaf(16, dtype=torch.float64)"),
    "chain_scalars": CHAIN.replace("leaf(16)", "leaf()").replace("y.tanh()", "y.relu()"),
    "mixed_chain": """
        x, w, b = leaf(8), leaf(8), leaf(8)
        y = x
        for i in range(60):
            y = (y * w, y + b, y.tanh(), y.exp(), y - 0.5, y.sigmoid())[i % 6]
        y.sum().backward()
        out = [y, x, w, b]
    """,
    "unary_ops": """
        x = leaf(3, 4, lo=0.2, hi=2.0)
        ys = [x.exp(), x.log(), x.sin(), x.cos(), x.tanh(), x.sigmoid(), x.relu(), x.abs(), x.sqrt(), x.reciprocal(),
              -x, x.sign(), x.clamp(0.5, 1.5), x ** 2, x ** 0.5, 2 ** x, x.clone(), x.square()]
        sum((y * (i + 1)).sum() for i, y in enumerate(ys)).backward()
        out = ys + [x]
    """,
    "binary_broadcast": """
        a, b, c = leaf(4, 1, 3), leaf(3), leaf(2, 1)
        y = (a * b - c / (b.abs() + 1)) + a ** b.abs()
        (y * y).mean().backward()
        out = [y, a, b, c]
    """,
    "zero_dim_and_dims": """
        s, v, m = leaf(), leaf(5), leaf(2, 5)
        y = s * v + m * s - v / (s * s + 1)
        y.sum(dim=1, keepdim=True).mean().backward()
        out = [y, s, v, m]
    """,
    "mixed_dtypes": """
        a = leaf(3, dtype=torch.float64)
        b = leaf(3)
        c = torch.tensor([1, 2, 3])
        y = a * b + b * c + a / c + (b * 2.5) * torch.tensor(3.0, dtype=torch.float64)
        y.sum().backward()
        out = [y, a, b]
    """,
    "float32_with_float64_zero_dim": """
        a = leaf(4)
        s = torch.tensor(1.7, dtype=torch.float64, requires_grad=True)
        y = (a * s + s).tanh() * a
        y.sum().backward()
        out = [y, a, s]
    """,
    "int_and_bool_masks": """
        a = leaf(6)
        mask = a > 0
        y = a * mask + torch.where(mask, a, a * 3) + a.relu()
        y.sum().backward()
        out = [y, a]
    """,
    "reductions": """
        a = leaf(3, 4)
        ys = [a.sum(), a.sum(0), a.sum(1, keepdim=True), a.mean(), a.mean((0, 1)), a.max(), a.min(), a.max(1)[0],
              a.min(0, keepdim=True)[0], a.sum((-1, 0))]
        sum(y.sum() * (i + 1) for i, y in enumerate(ys)).backward()
        out = ys + [a]
    """,
    "max_with_ties": """
        a = torch.tensor([[1., 3., 3.], [2., 2., 0.]], requires_grad=True)
        y = a.max() + a.max(1)[0].sum() + torch.maximum(a, torch.full((2, 3), 2.0)).sum() + a.min()
        y.backward()
        out = [y, a]
    """,
    "matmul_forms": """
        a, b, v, u = leaf(3, 4), leaf(4, 5), leaf(4), leaf(3)
        bt = leaf(2, 3, 4)
        ys = [a @ b, a @ v, v @ b, v @ v, bt @ b, bt @ v, u @ a, a.mm(b), a.mv(v), v.dot(v), bt @ bt.transpose(1, 2)]
        sum((y * y).sum() for y in ys).backward()
        out = ys + [a, b, v, u, bt]
    """,
    "matmul_float64": """
        a, b = leaf(5, 3, dtype=torch.float64), leaf(3, 2, dtype=torch.float64)
        y = (a @ b).tanh() @ b.t()
        y.sum().backward()
        out = [y, a, b]
    """,
    "views_and_indexing": """
        a = leaf(4, 6)
        ys = [a.t(), a.view(3, 8), a.reshape(24), a.t().reshape(24), a[1], a[:, 2:5], a[::2, 1::2], a[[0, 3]],
              a[a > 0], a.unsqueeze(1), a[None].squeeze(0), a.permute(1, 0), a.transpose(0, 1), a.expand(2, 4, 6),
              a.flatten(), a[..., -1], a.T]
        sum((y * (i + 1)).sum() for i, y in enumerate(ys)).backward()
        out = ys + [a]
    """,
    "cat_stack_split": """
        a, b = leaf(2, 3), leaf(2, 3)
        c = torch.cat([a, b, a], dim=1)
        s = torch.stack([a, b], dim=0)
        p, q = c.split([4, 5], dim=1)
        u = s.unbind(1)
        y = p.sum() * 2 + (q * q).sum() + sum((t * (i + 1)).sum() for i, t in enumerate(u)) + c.chunk(3, 1)[2].sum()
        y.backward()
        out = [c, s, p, q, a, b]
    """,
    "inplace_ops": """
        a = leaf(5)
        y = a * 1
        y.add_(2).mul_(a).sub_(1)
        y.div_(3)
        y += a
        y *= 2
        y.exp_()
        y.sum().backward()
        out = [y, a]
    """,
    "inplace_through_views": """
        a = leaf(3, 4)
        y = a * 2
        y[1] = 5
        y[:, 2].mul_(a[0, 0])
        y[0:2] += a[1:3]
        y.t()[0].exp_()
        (y * y).sum().backward()
        out = [y, a]
    """,
    "setitem_forms": """
        a, v = leaf(4, 3), leaf(3)
        y = a * 1
        y[0] = v
        y[[1, 3]] = v * 2
        y[y > 1] = 0.0
        y[2, 1:] = v[:2]
        y.sum().backward()
        out = [y, a, v]
    """,
    "hooks": """
        a = leaf(3)
        y = a * 2
        y.register_hook(lambda g: g * 3)
        z = (y * y).sum()
        a.register_hook(lambda g: g + 1)
        z.backward()
        out = [z, a]
    """,
    "hook_replacing_and_node_hooks": """
        a, b = leaf(2, 2), leaf(2, 2)
        y = a @ b
        h = y.register_hook(lambda g: g.clamp(max=0.5))
        y.grad_fn.register_prehook(lambda go: (go[0] * 2,))
        y.grad_fn.register_hook(lambda gi, go: None)
        (y.tanh()).sum().backward()
        h.remove()
        out = [y, a, b]
    """,
    "retain_grad": """
        a = leaf(3)
        y = a * a
        y.retain_grad()
        z = y.exp()
        z.retain_grad()
        z.sum().backward()
        out = [y, z, a]
    """,
    "accumulate_twice": """
        a = leaf(4)
        for k in range(3):
            (a * a * (k + 1)).sum().backward()
        out = [a]
    """,
    "shared_leaf_many_paths": """
        a = leaf(3)
        y = a + a * a + a.exp() + a - a * 2
        y.sum().backward()
        out = [y, a]
    """,
    "double_backward": """
        x = leaf(3)
        y = (x ** 3).sum()
        g, = torch.autograd.grad(y, x, create_graph=True)
        (g * g).sum().backward()
        out = [y, g, x]
    """,
    "double_backward_chain": """
        x = leaf(4, dtype=torch.float64)
        y = (x.tanh() * x.sigmoid()).sum()
        g, = torch.autograd.grad(y, x, create_graph=True)
        g2, = torch.autograd.grad(g.sum(), x)
        out = [y, g, g2]
    """,
    "create_graph_backward": """
        import warnings
        warnings.simplefilter("ignore")
        x = leaf(3)
        (x.exp() * x).sum().backward(create_graph=True)
        gx = x.grad
        x.grad = None
        gx.sum().backward()
        out = [gx, x]
    """,
    "autograd_grad_several": """
        a, b = leaf(3), leaf(3)
        y1, y2 = a * b, (a + b).exp()
        ga, gb = torch.autograd.grad([y1.sum(), y2.sum()], [a, b])
        out = [ga, gb]
    """,
    "backward_with_gradient": """
        a = leaf(2, 3)
        y = a.sin() * 2
        y.backward(torch.tensor([[1., 2., 3.], [4., 5., 6.]]))
        out = [y, a]
    """,
    "backward_inputs": """
        a, b = leaf(3), leaf(3)
        y = a * b
        (y * a).sum().backward(inputs=[b])
        out = [a, b]
    """,
    "custom_function": """
        class MyReLU(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                return x.clamp(min=0)
            @staticmethod
            def backward(ctx, g):
                x, = ctx.saved_tensors
                return g * (x > 0)
        a = leaf(5)
        y = MyReLU.apply(a * 3) * a
        y.sum().backward()
        out = [y, a]
    """,
    "detach_and_no_grad": """
        a = leaf(3)
        d = (a * 2).detach()
        with torch.no_grad():
            e = a * 5
        y = a * d + a * e
        y.sum().backward()
        out = [y, a]
    """,
    "nan_and_inf": """
        import warnings
        warnings.simplefilter("ignore")
        a = torch.tensor([0., 1., 4.], requires_grad=True)
        y = a.sqrt() + a.log() + 1 / a
        y.sum().backward()
        out = [y, a]
    """,
    "linear_mse": """
        torch.manual_seed(0)
        net = torch.nn.Linear(5, 3)
        x = torch.tensor(rng.normal(size=(4, 5)), dtype=torch.float32)
        loss = torch.nn.functional.mse_loss(net(x), torch.zeros(4, 3))
        loss.backward()
        out = [loss, net.weight, net.bias]
    """,
    "mlp_float32": """
        torch.manual_seed(1)
        net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 4), torch.nn.ReLU())
        x = torch.tensor(rng.normal(size=(10, 8)), dtype=torch.float32)
        loss = (net(x) ** 2).mean()
        loss.backward()
        out = [loss] + list(net.parameters())
    """,
    "mlp_3d_input": """
        torch.manual_seed(2)
        lin = torch.nn.Linear(4, 3)
        x = torch.tensor(rng.normal(size=(2, 5, 4)), dtype=torch.float32, requires_grad=True)
        y = lin(x).sigmoid().sum()
        y.backward()
        out = [y, x, lin.weight, lin.bias]
    """,
    "sgd_plain": """
        torch.manual_seed(3)
        net = torch.nn.Linear(4, 2)
        opt = torch.optim.SGD(net.parameters(), lr=0.1)
        x = torch.tensor(rng.normal(size=(8, 4)), dtype=torch.float32)
        for _ in range(5):
            opt.zero_grad()
            loss = (net(x) ** 2).mean()
            loss.backward()
            opt.step()
        out = [loss] + list(net.parameters())
    """,
    "sgd_momentum_nesterov_decay": """
        torch.manual_seed(4)
        net = torch.nn.Linear(4, 2)
        opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.01)
        x = torch.tensor(rng.normal(size=(8, 4)), dtype=torch.float32)
        for _ in range(6):
            opt.zero_grad()
            loss = (net(x).tanh() ** 2).sum()
            loss.backward()
            opt.step()
        out = [loss] + list(net.parameters()) + [opt.state[p]["momentum_buffer"] for p in net.parameters()]
    """,
    "sgd_dampening_maximize": """
        torch.manual_seed(5)
        w = torch.nn.Parameter(torch.tensor(rng.normal(size=(3,)), dtype=torch.float32))
        opt = torch.optim.SGD([w], lr=0.01, momentum=0.5, dampening=0.3, maximize=True)
        for _ in range(4):
            opt.zero_grad(set_to_none=False)
            (-(w - 1) ** 2).sum().backward()
            opt.step()
        out = [w]
    """,
    "sgd_float64": """
        w = torch.tensor(rng.normal(size=(5,)), dtype=torch.float64, requires_grad=True)
        opt = torch.optim.SGD([w], lr=0.3, momentum=0.8)
        for _ in range(5):
            opt.zero_grad()
            (w.sin() * w).sum().backward()
            opt.step()
        out = [w]
    """,
    "adam": """
        torch.manual_seed(6)
        net = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        x = torch.tensor(rng.normal(size=(16, 4)), dtype=torch.float32)
        y = torch.tensor(rng.normal(size=(16, 1)), dtype=torch.float32)
        for _ in range(5):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(net(x), y)
            loss.backward()
            opt.step()
        out = [loss] + list(net.parameters())
    """,
    "adam_amsgrad_weight_decay_maximize": """
        w = torch.nn.Parameter(torch.tensor(rng.normal(size=(6,)), dtype=torch.float32))
        opt = torch.optim.Adam([w], lr=0.05, betas=(0.8, 0.99), weight_decay=0.1, amsgrad=True, maximize=True)
        for _ in range(6):
            opt.zero_grad()
            (-(w.tanh() - 0.3) ** 2).sum().backward()
            opt.step()
        out = [w] + [v for v in opt.state[w].values() if torch.is_tensor(v)]
    """,
    "adamw_and_rmsprop": """
        a = torch.nn.Parameter(torch.tensor(rng.normal(size=(4, 3)), dtype=torch.float32))
        b = torch.nn.Parameter(torch.tensor(rng.normal(size=(3,)), dtype=torch.float64))
        opt1 = torch.optim.AdamW([a], lr=0.02, weight_decay=0.05)
        opt2 = torch.optim.RMSprop([b], lr=0.01, momentum=0.9, centered=True)
        for _ in range(5):
            opt1.zero_grad()
            opt2.zero_grad()
            ((a.sum(0) * b.float()).exp().sum() + (b * b).sum().float()).backward()
            opt1.step()
            opt2.step()
        out = [a, b]
    """,
    "cross_entropy_training": """
        torch.manual_seed(7)
        emb = torch.nn.Embedding(10, 4)
        lin = torch.nn.Linear(8, 10)
        opt = torch.optim.SGD(list(emb.parameters()) + list(lin.parameters()), lr=0.1, momentum=0.9)
        X = torch.tensor([[1, 2], [3, 4], [5, 6], [7, 8]])
        Y = torch.tensor([3, 5, 7, 9])
        for _ in range(4):
            logits = lin(emb(X).view(4, 8).tanh())
            loss = torch.nn.functional.cross_entropy(logits, Y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        out = [loss, logits, emb.weight, lin.weight, lin.bias]
    """,
    "training_loop_fit_a_line": """
        xs = torch.tensor([[0.], [1.], [2.], [3.]])
        ys = torch.tensor([[1.], [3.], [5.], [7.]])
        w = torch.tensor([[0.5]], requires_grad=True)
        b = torch.tensor([0.], requires_grad=True)
        for _ in range(20):
            loss = ((xs @ w + b - ys) ** 2).mean()
            loss.backward()
            with torch.no_grad():
                w -= 0.05 * w.grad
                b -= 0.05 * b.grad
                w.grad.zero_()
                b.grad.zero_()
        out = [loss, w, b]
    """,
    "rnn_cell_unrolled": """
        Wx, Wh = leaf(3, 2), leaf(3, 3)
        h = torch.zeros(3, 1)
        for t in range(5):
            x = torch.tensor([[float(t)], [1.0 - t]])
            h = torch.tanh(Wx.mm(x) + Wh.mm(h))
        h.sum().backward()
        out = [h, Wx, Wh]
    """,
    "seed_examples": """
        w = torch.tensor([1.], requires_grad=True)
        x = torch.tensor([2.], requires_grad=True)
        a = w + x
        a.retain_grad()
        b = w + 1
        y = a * b
        y.backward()
        x3 = torch.tensor(3.0, requires_grad=True)
        loss = (x3 + 1 - 2 * x3) ** 2
        loss.backward()
        out = [y, w, x, a, loss, x3]
    """,
    "scalars_micrograd_style": """
        a, b = leaf(), leaf()
        c = a * b + b ** 2
        d = c * 2 + 1 + (-a)
        e = (d - c).relu() * d
        f = e / (b * b + 1)
        f.backward()
        out = [f, a, b]
    """,
}


def run(code):
    """Run one program under minigrad and return its ``out`` list."""
    import minigrad as torch

    scope = {"torch": torch}
    exec(textwrap.dedent(SETUP), scope)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(textwrap.dedent(code), scope)
    return scope["out"]


def fingerprint(tensors):
    """sha256 of each tensor's dtype, shape and bytes, and of its ``.grad``'s (if any), in order."""
    digest = hashlib.sha256()
    for t in tensors:
        for part in (t, t.grad if t.is_leaf or t.retains_grad else None):
            if part is None:
                digest.update(b"none")
                continue
            a = np.ascontiguousarray(part.detach().numpy())
            digest.update(f"{a.dtype}{a.shape}".encode())
            digest.update(a.tobytes())
    return digest.hexdigest()


def fingerprints(fast=True):
    """``{program name: fingerprint}`` for every program, run now with the engine's fast paths on or off."""
    from minigrad.autograd import engine

    with engine.fast_paths(fast):
        return {name: fingerprint(run(code)) for name, code in PROGRAMS.items()}


def kernels_in_use():
    """``(numpy's version as "major.minor", whether numpy runs its x86-64-v3 loops and no wider ones)``."""
    from numpy._core import _multiarray_umath as umath

    features = umath.__cpu_features__
    wider = [f for f in umath.__cpu_dispatch__ if f != "X86_V3" and features.get(f)]
    return ".".join(np.__version__.split(".")[:2]), bool(features.get("X86_V3")) and not wider


if __name__ == "__main__":
    # run with KERNELS in the environment: the recording is only meaningful with those kernels
    numpy_version, pinned = kernels_in_use()
    if "--record" in sys.argv:
        assert pinned, f"record with the kernels pinned: env {' '.join(f'{k}={v}' for k, v in KERNELS.items())}"
        record = {"numpy": numpy_version, "kernels": KERNELS, "fingerprints": fingerprints()}
        FIXTURE.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(PROGRAMS)} fingerprints into {FIXTURE}")
    else:
        both = {"fast": fingerprints(True), "reference": fingerprints(False)}
        print(json.dumps({"numpy": numpy_version, "pinned": pinned, **both}, sort_keys=True))
