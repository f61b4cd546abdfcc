"""The optimizers' update arithmetic: the textbook algorithm in float64 (always), and torch's own step, bit for
bit, when torch is importable.

torch's float32 ``sqrt`` is not correctly rounded, and minigrad's is (``minigrad.optim.kernels.sqrt``); the
live comparison puts torch's sqrt in its place, so that every other rounding of every step (fused multiply-adds,
``addcdiv``'s order, scalars cast to float32) is checked exactly. With minigrad's own sqrt the parameters stay
within a relative 1e-5 of torch's over 30 steps, and the printed losses of the parity cases are torch's.
"""

import numpy as np
import pytest

import minigrad
from minigrad.optim import kernels

CONFIGS = [
    ("SGD", dict(lr=0.1)),
    ("SGD", dict(lr=0.05, momentum=0.9, weight_decay=0.01)),
    ("SGD", dict(lr=0.05, momentum=0.9, nesterov=True)),
    ("SGD", dict(lr=0.1, momentum=0.5, dampening=0.3, maximize=True)),
    ("Adam", dict()),
    ("Adam", dict(lr=0.01, weight_decay=0.1)),
    ("Adam", dict(lr=0.1, amsgrad=True, betas=(0.8, 0.99))),
    ("Adam", dict(lr=0.01, maximize=True, eps=1e-6)),
    ("AdamW", dict(lr=0.01)),
    ("AdamW", dict(lr=0.1, weight_decay=0.5, amsgrad=True)),
    ("RMSprop", dict()),
    ("RMSprop", dict(lr=0.01, momentum=0.9)),
    ("RMSprop", dict(lr=0.01, centered=True, weight_decay=0.1)),
    ("RMSprop", dict(lr=0.001, centered=True, momentum=0.5, alpha=0.9)),
    ("Adagrad", dict()),
    ("Adagrad", dict(lr=0.1, lr_decay=0.05, weight_decay=0.1, initial_accumulator_value=0.5)),
    ("Adagrad", dict(lr=0.05, eps=1e-6, maximize=True)),
    ("Adamax", dict()),
    ("Adamax", dict(lr=0.01, betas=(0.8, 0.99), weight_decay=0.1, maximize=True)),
    ("NAdam", dict()),
    ("NAdam", dict(lr=0.01, weight_decay=0.1, momentum_decay=0.01)),
    ("NAdam", dict(lr=0.01, weight_decay=0.1, decoupled_weight_decay=True, betas=(0.8, 0.99), maximize=True)),
    ("RAdam", dict()),
    ("RAdam", dict(lr=0.01, betas=(0.8, 0.9), weight_decay=0.1)),
    ("RAdam", dict(lr=0.01, weight_decay=0.1, decoupled_weight_decay=True, maximize=True, eps=1e-6)),
    ("Adadelta", dict()),
    ("Adadelta", dict(lr=0.5, rho=0.8, eps=1e-4, weight_decay=0.1, maximize=True)),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in kw.items()) or 'defaults'}" for name, kw in CONFIGS]
SIZES = (1, 3, 7, 8, 16, 17, 33, 100)  # below, at and past the 8 and 16 lanes of torch's vectorised loops


def gradients(seed, n, steps, dtype):
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal(n) * 10 ** rng.uniform(-3, 1)).astype(dtype) for _ in range(steps)]


def run(lib, name, kw, p0, grads):
    p = lib.nn.Parameter(lib.tensor(p0.copy()))
    opt = getattr(lib.optim, name)([p], **kw)
    for g in grads:
        p.grad = lib.tensor(g.copy())
        opt.step()
    return p.detach().numpy().copy(), opt


DEFAULT_LR = {"SGD": 1e-3, "Adam": 1e-3, "AdamW": 1e-3, "RMSprop": 1e-2, "Adagrad": 1e-2, "Adamax": 2e-3,
              "NAdam": 2e-3, "RAdam": 1e-3, "Adadelta": 1.0}


def reference(name, kw, p, grads):
    """The algorithm as torch's documentation writes it, in float64."""
    lr = kw.get("lr", DEFAULT_LR[name])
    wd = kw.get("weight_decay", 1e-2 if name == "AdamW" else 0)
    b1, b2 = kw.get("betas", (0.9, 0.999))
    m = v = vmax = buf = avg = 0
    total, mu_product, u = kw.get("initial_accumulator_value", 0), 1.0, 0
    for t, g in enumerate(grads, 1):
        g = -g if kw.get("maximize") else g
        if name == "AdamW" or kw.get("decoupled_weight_decay"):
            p = p * (1 - lr * wd)
        elif wd:
            g = g + wd * p
        if name == "Adagrad":
            total = total + g * g
            p = p - lr / (1 + (t - 1) * kw.get("lr_decay", 0)) * g / (np.sqrt(total) + kw.get("eps", 1e-10))
        elif name == "Adamax":
            m = b1 * m + (1 - b1) * g
            u = np.maximum(b2 * u, np.abs(g) + kw.get("eps", 1e-8))
            p = p - lr / (1 - b1**t) * m / u
        elif name == "NAdam":
            mu, mu_next = (b1 * (1 - 0.5 * 0.96 ** (k * kw.get("momentum_decay", 4e-3))) for k in (t, t + 1))
            mu_product = float(np.float32(mu_product) * np.float32(mu))  # torch keeps it in a float32 tensor
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            denom = np.sqrt(v / (1 - b2**t)) + kw.get("eps", 1e-8)
            p = p - lr * (1 - mu) / (1 - mu_product) * g / denom - lr * mu_next / (1 - mu_product * mu_next) * m / denom
        elif name == "RAdam":
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            rho_inf = 2 / (1 - b2) - 1
            rho_t = rho_inf - 2 * t * b2**t / (1 - b2**t)
            step = lr * m / (1 - b1**t)
            if rho_t > 5:
                rect = np.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
                step = step * rect * np.sqrt(1 - b2**t) / (np.sqrt(v) + kw.get("eps", 1e-8))
            p = p - step
        elif name == "Adadelta":
            rho, eps = kw.get("rho", 0.9), kw.get("eps", 1e-6)
            v = rho * v + (1 - rho) * g * g
            delta = np.sqrt(u + eps) / np.sqrt(v + eps) * g
            u = rho * u + (1 - rho) * delta * delta
            p = p - lr * delta
        elif name == "SGD":
            mom = kw.get("momentum", 0)
            if mom:
                buf = g if t == 1 else mom * buf + (1 - kw.get("dampening", 0)) * g
                g = g + mom * buf if kw.get("nesterov") else buf
            p = p - lr * g
        elif name in ("Adam", "AdamW"):
            m = b1 * m + (1 - b1) * g
            v = b2 * v + (1 - b2) * g * g
            vmax = np.maximum(vmax, v) if kw.get("amsgrad") else v
            p = p - lr / (1 - b1**t) * m / (np.sqrt(vmax) / np.sqrt(1 - b2**t) + kw.get("eps", 1e-8))
        else:
            alpha = kw.get("alpha", 0.99)
            v = alpha * v + (1 - alpha) * g * g
            avg = (1 - alpha) * g + alpha * avg if kw.get("centered") else 0
            denom = np.sqrt(v - avg * avg) + kw.get("eps", 1e-8)
            if kw.get("momentum"):
                buf = kw["momentum"] * buf + g / denom
                p = p - lr * buf
            else:
                p = p - lr * g / denom
    return p


@pytest.mark.parametrize("name, kw", CONFIGS, ids=IDS)
def test_update_is_the_algorithm(name, kw):
    for n in (1, 5):
        p0 = np.random.default_rng(n).standard_normal(n)
        grads = gradients(n, n, 12, "float64")
        actual, _ = run(minigrad, name, kw, p0, grads)
        np.testing.assert_allclose(actual, reference(name, kw, p0, grads), rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("name, kw", CONFIGS, ids=IDS)
def test_steps_are_torchs_bit_for_bit(name, kw, monkeypatch):
    torch = pytest.importorskip("torch")
    if not torch.__version__.startswith("2.13."):
        pytest.skip(f"written against torch 2.13's optimizers, this is {torch.__version__}")
    rng = np.random.default_rng(0)
    for n in SIZES:
        p0 = rng.standard_normal(n).astype(np.float32)
        grads = gradients(n, n, 30, np.float32)
        expected, t_opt = run(torch, name, kw, p0, grads)
        own, m_opt = run(minigrad, name, kw, p0, grads)
        np.testing.assert_allclose(own, expected, rtol=1e-5, atol=1e-7, err_msg="with minigrad's sqrt")
        monkeypatch.setattr(kernels, "sqrt", lambda x: torch.from_numpy(np.ascontiguousarray(x)).sqrt().numpy())
        actual, m_opt = run(minigrad, name, kw, p0, grads)
        monkeypatch.undo()
        assert actual.tobytes() == expected.tobytes(), f"{name} {kw}: {n} elements differ from torch's bits"
        t_state, m_state = t_opt.state[t_opt.param_groups[0]["params"][0]], m_opt.state[m_opt.params[0]]
        assert sorted(t_state) == sorted(m_state)
        for key in t_state:
            assert np.asarray(t_state[key]).tobytes() == m_state[key].numpy().tobytes(), key


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_kernels_give_the_same_bits_chunk_by_chunk(dtype, monkeypatch):
    """The kernels go through large arrays a chunk at a time, writing into one of their inputs: the bits are those
    of the whole array computed at once, with and without aliasing, for contiguous and strided arrays."""
    rng = np.random.default_rng(5)
    a, b, c = (rng.standard_normal((9, 23)).astype(dtype) * 10 ** rng.uniform(-3, 2) for _ in range(3))
    c = np.abs(c) + 0.5
    calls = {
        "add_scaled": lambda out, a, b, c: kernels.add_scaled(a, -0.37, b, out=out),
        "add_scaled one": lambda out, a, b, c: kernels.add_scaled(a, 1, b, out=out),
        "lerp low": lambda out, a, b, c: kernels.lerp(a, b, 0.1, out=out),
        "lerp high": lambda out, a, b, c: kernels.lerp(a, b, 0.999, out=out),
        "addcmul": lambda out, a, b, c: kernels.addcmul(a, 0.3, b, c, out=out),
        "addcdiv": lambda out, a, b, c: kernels.addcdiv(a, -0.01, b, c, out=out),
    }
    for name, call in calls.items():
        whole = call(np.empty_like(a), a, b, c)
        for chunk in (1, 7, 64, 10**6):
            monkeypatch.setattr(kernels, "CHUNK", chunk)
            into_a = a.copy()
            call(into_a, into_a, b, c)
            assert into_a.tobytes() == whole.tobytes(), f"{name}, chunks of {chunk}, written into its input"
            strided = np.asfortranarray(a)  # not C-contiguous: computed whole
            out = np.empty_like(strided)
            call(out, strided, b, c)
            assert np.ascontiguousarray(out).tobytes() == whole.tobytes(), f"{name}, strided"
        monkeypatch.undo()
    wide = np.longdouble if dtype == np.float64 else np.float64
    expected = (a.astype(wide) + wide(dtype(-0.37)) * b.astype(wide)).astype(dtype)
    assert kernels.add_scaled(a, -0.37, b).tobytes() == expected.tobytes()
