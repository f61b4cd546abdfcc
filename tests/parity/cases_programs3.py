"""Parity cases of whole programs a student writes on their own (round 3): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import attempts, case  # noqa: F401

case(
    "api_programs3_custom_function_gradcheck",
    """
    import torch

    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, scale):
            ctx.save_for_backward(x)
            ctx.scale = scale
            return scale * x ** 3

        @staticmethod
        def backward(ctx, grad_out):
            (x,) = ctx.saved_tensors
            print("needs_input_grad:", ctx.needs_input_grad)
            return grad_out * 3 * ctx.scale * x ** 2, None

    torch.manual_seed(0)
    x = torch.randn(4, dtype=torch.double, requires_grad=True)
    y = Cube.apply(x, 2.0)
    print(y)
    print(y.grad_fn, type(y.grad_fn).__name__)
    y.sum().backward()
    print(x.grad)
    print(torch.allclose(x.grad, 6 * x.detach() ** 2))
    ok = torch.autograd.gradcheck(lambda t: Cube.apply(t, 2.0), (x,), eps=1e-6, atol=1e-4)
    print("gradcheck:", ok)
    ok2 = torch.autograd.gradgradcheck(lambda t: Cube.apply(t, 2.0), (x,))
    print("gradgradcheck:", ok2)
    """,
)

case(
    "api_programs3_function_non_differentiable",
    """
    import torch
    from torch.autograd.function import once_differentiable

    class SortWithIndex(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            values, idx = torch.sort(x)
            ctx.mark_non_differentiable(idx)
            ctx.save_for_backward(idx)
            return values, idx

        @staticmethod
        @once_differentiable
        def backward(ctx, grad_values, grad_idx):
            (idx,) = ctx.saved_tensors
            print("grad_idx is", grad_idx)
            grad = torch.zeros_like(grad_values)
            grad[idx] = grad_values
            return grad

    x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
    v, i = SortWithIndex.apply(x)
    print(v, i)
    print(v.requires_grad, i.requires_grad, i.dtype)
    (v * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
    print(x.grad)
    x.grad = None
    v, i = SortWithIndex.apply(x)
    w = (v ** 2).sum()
    g, = torch.autograd.grad(w, x, create_graph=True)
    print(g, g.requires_grad)
    try:
        g.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs3_hvp_conjugate_gradient",
    """
    import torch

    torch.manual_seed(1)
    A = torch.randn(5, 5, dtype=torch.float64)
    A = A @ A.T + 5 * torch.eye(5, dtype=torch.float64)
    b = torch.randn(5, dtype=torch.float64)

    def f(x):
        return 0.5 * x @ A @ x - b @ x

    def hvp(x, v):
        x = x.detach().requires_grad_(True)
        g, = torch.autograd.grad(f(x), x, create_graph=True)
        hv, = torch.autograd.grad(g @ v, x)
        return hv

    x = torch.zeros(5, dtype=torch.float64)
    v = torch.ones(5, dtype=torch.float64)
    print(torch.allclose(hvp(x, v), A @ v))
    # conjugate gradient on H d = -g
    xr = x.clone().requires_grad_(True)
    g, = torch.autograd.grad(f(xr), xr)
    r = -g
    p = r.clone()
    d = torch.zeros_like(x)
    for it in range(5):
        Hp = hvp(x, p)
        alpha = (r @ r) / (p @ Hp)
        d = d + alpha * p
        r_new = r - alpha * Hp
        print(f"iter {it}: residual small {r_new.norm().item() < 1e-6}")
        if r_new.norm() < 1e-10:
            break
        beta = (r_new @ r_new) / (r @ r)
        p = r_new + beta * p
        r = r_new
    x = x + d
    print(x)
    print(torch.linalg.solve(A, b))
    print("max abs diff", (x - torch.linalg.solve(A, b)).abs().max().item() < 1e-8)
    _, hv2 = torch.autograd.functional.hvp(f, x, v)
    print(torch.allclose(hv2, A @ v))
    """,
)

case(
    "api_programs3_manual_backprop_vs_autograd",
    """
    import torch
    import torch.nn.functional as F

    torch.manual_seed(42)
    n, d, h, c = 8, 5, 6, 3
    X = torch.randn(n, d)
    Y = torch.randint(0, c, (n,))
    W1 = torch.randn(d, h, requires_grad=True)
    b1 = torch.randn(h, requires_grad=True)
    W2 = torch.randn(h, c, requires_grad=True)
    b2 = torch.randn(c, requires_grad=True)

    hpre = X @ W1 + b1
    hact = torch.tanh(hpre)
    logits = hact @ W2 + b2
    logit_maxes = logits.max(1, keepdim=True).values
    norm_logits = logits - logit_maxes
    counts = norm_logits.exp()
    counts_sum = counts.sum(1, keepdim=True)
    probs = counts / counts_sum
    logprobs = probs.log()
    loss = -logprobs[range(n), Y].mean()
    for t in [hpre, hact, logits, logit_maxes, norm_logits, counts, counts_sum, probs, logprobs]:
        t.retain_grad()
    loss.backward()
    print(f"{loss.item():.4f}", loss.grad_fn)
    print(torch.allclose(loss, F.cross_entropy(logits, Y)))

    def cmp(name, dt, t):
        ex = torch.all(dt == t.grad).item()
        app = torch.allclose(dt, t.grad)
        maxdiff = (dt - t.grad).abs().max().item()
        print(f"{name:15s} | approximate: {str(app):5s} | maxdiff below 1e-6: {maxdiff < 1e-6}")

    dlogits = F.softmax(logits, 1)
    dlogits[range(n), Y] -= 1
    dlogits /= n
    cmp("logits", dlogits, logits)
    dhact = dlogits @ W2.T
    cmp("hact", dhact, hact)
    dW2 = hact.T @ dlogits
    cmp("W2", dW2, W2)
    cmp("b2", dlogits.sum(0), b2)
    dhpre = (1.0 - hact ** 2) * dhact
    cmp("hpre", dhpre, hpre)
    cmp("W1", X.T @ dhpre, W1)
    cmp("b1", dhpre.sum(0), b1)
    dlogprobs = torch.zeros_like(logprobs)
    dlogprobs[range(n), Y] = -1.0 / n
    cmp("logprobs", dlogprobs, logprobs)
    cmp("probs", (1.0 / probs) * dlogprobs, probs)
    """,
)

case(
    "api_programs3_char_rnn_scratch",
    """
    import torch
    import torch.nn.functional as F

    text = "hello world hello"
    chars = sorted(set(text))
    stoi = {ch: i for i, ch in enumerate(chars)}
    itos = {i: ch for ch, i in stoi.items()}
    data = torch.tensor([stoi[c] for c in text])
    print(chars, data[:6], data.dtype)
    V, H = len(chars), 16
    g = torch.Generator().manual_seed(3)
    Wxh = (torch.randn(V, H, generator=g) * 0.1).requires_grad_()
    Whh = (torch.randn(H, H, generator=g) * 0.1).requires_grad_()
    Why = (torch.randn(H, V, generator=g) * 0.1).requires_grad_()
    bh = torch.zeros(H, requires_grad=True)
    by = torch.zeros(V, requires_grad=True)
    params = [Wxh, Whh, Why, bh, by]
    print(sum(p.numel() for p in params))
    for step in range(60):
        h = torch.zeros(1, H)
        loss = 0.0
        for t in range(len(data) - 1):
            x = F.one_hot(data[t:t + 1], V).float()
            h = torch.tanh(x @ Wxh + h @ Whh + bh)
            logits = h @ Why + by
            loss = loss + F.cross_entropy(logits, data[t + 1:t + 2])
        loss = loss / (len(data) - 1)
        for p in params:
            p.grad = None
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= 0.5 * p.grad
        if step % 15 == 0:
            print(step, round(loss.item(), 4), loss.grad_fn.name())
    print(h.shape, h.grad_fn)
    with torch.no_grad():
        h = torch.zeros(1, H)
        ix = stoi["h"]
        out = "h"
        for _ in range(10):
            x = F.one_hot(torch.tensor([ix]), V).float()
            h = torch.tanh(x @ Wxh + h @ Whh + bh)
            ix = (h @ Why + by).argmax(1).item()
            out += itos[ix]
    print(repr(out))
    """,
)

case(
    "api_programs3_gru_cell_scratch",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(5)
    cell = nn.GRUCell(3, 4)
    print(cell)
    for name, p in cell.named_parameters():
        print(name, tuple(p.shape))

    def my_gru(x, h, cell):
        gi = x @ cell.weight_ih.T + cell.bias_ih
        gh = h @ cell.weight_hh.T + cell.bias_hh
        i_r, i_z, i_n = gi.chunk(3, 1)
        h_r, h_z, h_n = gh.chunk(3, 1)
        r = torch.sigmoid(i_r + h_r)
        z = torch.sigmoid(i_z + h_z)
        n = torch.tanh(i_n + r * h_n)
        return (1 - z) * n + z * h

    x = torch.randn(5, 2, 3)
    h1 = torch.zeros(2, 4)
    h2 = torch.zeros(2, 4)
    for t in range(5):
        h1 = cell(x[t], h1)
        h2 = my_gru(x[t], h2, cell)
    print(h1)
    print(torch.allclose(h1, h2, atol=1e-6), (h1 - h2).abs().max().item() < 1e-6)
    print(h1.grad_fn.name(), h2.grad_fn.name())
    h1.sum().backward()
    g1 = cell.weight_hh.grad.clone()
    cell.zero_grad()
    print(cell.weight_hh.grad)
    h2.sum().backward()
    print(torch.allclose(g1, cell.weight_hh.grad, atol=1e-6))
    """,
)

case(
    "api_programs3_attention_einsum_mask",
    """
    import torch
    import torch.nn.functional as F

    torch.manual_seed(7)
    B, T, C = 2, 4, 8
    x = torch.randn(B, T, C)
    Wq, Wk, Wv = (torch.randn(C, C) / C ** 0.5 for _ in range(3))
    q, k, v = x @ Wq, x @ Wk, x @ Wv
    scores = torch.einsum("btc,bsc->bts", q, k) / C ** 0.5
    print(scores.shape)
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
    print(mask)
    scores = scores.masked_fill(~mask, float("-inf"))
    print(scores[0])
    att = F.softmax(scores, dim=-1)
    print(att[0])
    print(torch.allclose(att.sum(-1), torch.ones(B, T)))
    out = torch.einsum("bts,bsc->btc", att, v)
    ref = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    print(out.shape, torch.allclose(out, ref, atol=1e-6))
    pad = torch.tensor([[True, True, True, False], [True, True, False, False]])
    s2 = (q @ k.transpose(-2, -1)) / C ** 0.5
    s2 = s2.masked_fill(~pad[:, None, :], -1e9)
    a2 = s2.softmax(-1)
    print(a2[1].round(decimals=4))
    xr = x.clone().requires_grad_()
    o = torch.einsum("bts,bsc->btc", F.softmax(torch.einsum("btc,bsc->bts", xr, xr), -1), xr)
    o.pow(2).mean().backward()
    print(o.grad_fn, xr.grad.shape, xr.grad[0, 0])
    """,
)

case(
    "api_programs3_save_load_bytesio",
    """
    import io
    import torch
    import torch.nn as nn

    torch.manual_seed(11)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    x, y = torch.randn(16, 3), torch.randn(16, 1)
    for _ in range(3):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
    print(round(loss.item(), 5))
    buf = io.BytesIO()
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "epoch": 3}, buf)
    print(buf.tell() > 0)
    buf.seek(0)
    ckpt = torch.load(buf)
    print(sorted(ckpt), ckpt["epoch"])
    print(list(ckpt["model"].keys()))
    print(ckpt["opt"]["param_groups"])
    print(ckpt["opt"]["state"][0]["step"], ckpt["opt"]["state"][0]["exp_avg"].shape)
    model2 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    opt2 = torch.optim.Adam(model2.parameters(), lr=0.5)
    print(model2.load_state_dict(ckpt["model"]))
    opt2.load_state_dict(ckpt["opt"])
    print(opt2.param_groups[0]["lr"])
    print(all(torch.equal(a, b) for a, b in zip(model.parameters(), model2.parameters())))
    for m, o in [(model, opt), (model2, opt2)]:
        o.zero_grad()
        nn.functional.mse_loss(m(x), y).backward()
        o.step()
    print(torch.equal(model[0].weight, model2[0].weight))
    t = torch.arange(6.).view(2, 3)
    b2 = io.BytesIO()
    torch.save([t, t[0]], b2)
    b2.seek(0)
    a, b = torch.load(b2, weights_only=True)
    print(a, b, b._base is a if b._base is not None else None)
    """,
)

case(
    "api_programs3_weight_tying",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(13)
    class TinyLM(nn.Module):
        def __init__(self, vocab, dim):
            super().__init__()
            self.emb = nn.Embedding(vocab, dim)
            self.proj = nn.Linear(dim, dim)
            self.head = nn.Linear(dim, vocab, bias=False)
            self.head.weight = self.emb.weight
        def forward(self, idx):
            return self.head(torch.tanh(self.proj(self.emb(idx))))

    m = TinyLM(10, 6)
    print(m)
    print(m.head.weight is m.emb.weight)
    print(len(list(m.parameters())), sum(p.numel() for p in m.parameters()))
    print(list(m.state_dict().keys()))
    print([n for n, _ in m.named_parameters()])
    idx = torch.randint(0, 10, (4, 5))
    logits = m(idx)
    print(logits.shape)
    loss = F.cross_entropy(logits.view(-1, 10), idx.view(-1))
    loss.backward()
    print(round(loss.item(), 4), m.emb.weight.grad.shape, m.head.weight.grad is m.emb.weight.grad)
    opt = torch.optim.SGD(m.parameters(), lr=0.5)
    for step in range(20):
        opt.zero_grad()
        loss = F.cross_entropy(m(idx).view(-1, 10), idx.view(-1))
        loss.backward()
        opt.step()
    print(round(loss.item(), 4), torch.equal(m.head.weight, m.emb.weight))
    """,
)

case(
    "api_programs3_embedding_padding_idx",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(17)
    emb = nn.Embedding(6, 3, padding_idx=0)
    print(emb)
    print(emb.weight[0])
    batch = torch.tensor([[1, 2, 3, 0, 0], [4, 5, 0, 0, 0]])
    vecs = emb(batch)
    print(vecs.shape, vecs.grad_fn)
    mask = (batch != 0).unsqueeze(-1).float()
    mean = (vecs * mask).sum(1) / mask.sum(1)
    print(mean)
    mean.sum().backward()
    print(emb.weight.grad)
    emb2 = nn.Embedding.from_pretrained(torch.arange(12.).view(4, 3), freeze=True, padding_idx=3)
    print(emb2, emb2.weight.requires_grad)
    print(emb2(torch.tensor([3, 1])))
    emb3 = nn.Embedding(5, 2, max_norm=1.0)
    before = emb3.weight.norm(dim=1)
    out = emb3(torch.tensor([0, 1]))
    print(before > 1, emb3.weight.norm(dim=1)[:2] <= 1.0 + 1e-6)
    try:
        emb(torch.tensor([6]))
    except IndexError as e:
        print("IndexError:", e)
    try:
        emb(torch.tensor([1.0]))
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs3_gradient_accumulation",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(19)
    model = nn.Linear(4, 2)
    x, y = torch.randn(12, 4), torch.randn(12, 2)
    loss_fn = nn.MSELoss()
    loss_fn(model(x), y).backward()
    full = [p.grad.clone() for p in model.parameters()]
    model.zero_grad()
    accum = 3
    for xb, yb in zip(x.chunk(accum), y.chunk(accum)):
        loss = loss_fn(model(xb), yb) / accum
        loss.backward()
        print(xb.shape, round(loss.item(), 5), model.bias.grad)
    for g, p in zip(full, model.parameters()):
        print(torch.allclose(g, p.grad, atol=1e-6), (g - p.grad).abs().max().item() < 1e-6)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    opt.zero_grad(set_to_none=True)
    print(model.weight.grad)
    for step, (xb, yb) in enumerate(zip(x.split(2), y.split(2))):
        (loss_fn(model(xb), yb) / 2).backward()
        if (step + 1) % 2 == 0:
            opt.step()
            opt.zero_grad()
            print(step, model.bias.data)
    """,
)

case(
    "api_programs3_register_buffer_normalizer",
    """
    import torch
    import torch.nn as nn

    class Standardize(nn.Module):
        def __init__(self, n, momentum=0.1):
            super().__init__()
            self.momentum = momentum
            self.register_buffer("mean", torch.zeros(n))
            self.register_buffer("var", torch.ones(n))
            self.register_buffer("scratch", torch.zeros(1), persistent=False)
            self.scale = nn.Parameter(torch.ones(n))
        def forward(self, x):
            if self.training:
                with torch.no_grad():
                    self.mean.mul_(1 - self.momentum).add_(self.momentum * x.mean(0))
                    self.var.lerp_(x.var(0), self.momentum)
            return self.scale * (x - self.mean) / (self.var + 1e-5).sqrt()
        def extra_repr(self):
            return f"n={self.mean.numel()}, momentum={self.momentum}"

    torch.manual_seed(23)
    s = Standardize(3)
    print(s)
    print(list(s.state_dict().keys()))
    print([n for n, _ in s.named_buffers()], [n for n, _ in s.named_parameters()])
    for _ in range(5):
        out = s(torch.randn(8, 3) * 2 + 1)
    print(s.mean, s.var)
    print(out.requires_grad, s.mean.requires_grad)
    s.eval()
    o1 = s(torch.ones(2, 3))
    print(o1)
    s2 = Standardize(3)
    s2.load_state_dict(s.state_dict())
    print(torch.equal(s2.mean, s.mean), s2.training)
    s.double()
    print(s.mean.dtype, s.scratch.dtype, s.scale.dtype)
    try:
        s.register_buffer("scale", torch.zeros(3))
    except KeyError as e:
        print("KeyError:", e)
    """,
)

case(
    "api_programs3_pendulum_fit",
    """
    import math
    import torch

    torch.manual_seed(29)
    g_true, L_true = 9.81, 0.7
    t = torch.linspace(0, 3, 60)
    theta0 = 0.2
    obs = theta0 * torch.cos(math.sqrt(g_true / L_true) * t) + 0.005 * torch.randn(60)
    log_omega = torch.tensor(1.0, requires_grad=True)
    amp = torch.tensor(0.1, requires_grad=True)
    opt = torch.optim.Adam([log_omega, amp], lr=0.05)
    for step in range(301):
        pred = amp * torch.cos(log_omega.exp() * t)
        loss = ((pred - obs) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 100 == 0:
            print(f"step {step}: loss {loss.item():.6f} omega {log_omega.exp().item():.4f} amp {amp.item():.4f}")
    print(log_omega.grad.abs() < 1e-5, amp.grad.abs() < 1e-5)
    omega = log_omega.exp().detach()
    print(f"estimated g = {(omega ** 2 * L_true).item():.3f}")
    print(pred.grad_fn, pred.grad_fn.next_functions)
    """,
)

case(
    "api_programs3_projectile_fit",
    """
    import torch

    torch.manual_seed(31)
    g = 9.81
    t = torch.linspace(0.1, 1.5, 15)
    v0_true, angle_true = 12.0, torch.deg2rad(torch.tensor(50.0))
    x_obs = v0_true * torch.cos(angle_true) * t + 0.05 * torch.randn(15)
    y_obs = v0_true * torch.sin(angle_true) * t - 0.5 * g * t ** 2 + 0.05 * torch.randn(15)
    params = torch.tensor([8.0, 0.5], requires_grad=True)
    opt = torch.optim.SGD([params], lr=0.01, momentum=0.8)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.99)
    for epoch in range(200):
        v0, ang = params
        x = v0 * torch.cos(ang) * t
        y = v0 * torch.sin(ang) * t - 0.5 * g * t ** 2
        loss = torch.mean((x - x_obs) ** 2 + (y - y_obs) ** 2)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_([params], max_norm=5.0)
        opt.step()
        sched.step()
        if epoch % 50 == 0:
            print(epoch, f"{loss.item():.4f}", params.data, f"{sched.get_last_lr()[0]:.5f}")
    print(f"v0={params[0].item():.3f} angle={torch.rad2deg(params[1]).item():.2f} deg")
    print(loss.grad_fn, x.grad_fn, params.grad.shape)
    """,
)

case(
    "api_programs3_kmeans_tensors",
    """
    import torch

    torch.manual_seed(37)
    centers_true = torch.tensor([[0.0, 0.0], [5.0, 5.0], [0.0, 5.0]])
    X = torch.cat([c + 0.5 * torch.randn(20, 2) for c in centers_true])
    print(X.shape)
    k = 3
    C = X[torch.randperm(len(X))[:k]].clone()
    for it in range(10):
        d = torch.cdist(X, C)
        assign = d.argmin(dim=1)
        counts = torch.bincount(assign, minlength=k)
        newC = torch.zeros_like(C).index_add_(0, assign, X) / counts.unsqueeze(1)
        shift = (newC - C).norm()
        C = newC
        print(it, counts.tolist(), round(shift.item(), 4))
        if shift < 1e-6:
            break
    order = C[:, 0] * 10 + C[:, 1]
    print(C[order.argsort()].round(decimals=2))
    inertia = (X - C[assign]).pow(2).sum()
    print(round(inertia.item(), 3), assign.dtype, d.shape)
    onehot = torch.nn.functional.one_hot(assign, k)
    print(onehot.sum(0), onehot.dtype)
    """,
)

case(
    "api_programs3_pca_svd",
    """
    import torch

    torch.manual_seed(41)
    z = torch.randn(100, 2)
    W = torch.tensor([[3.0, 0.0, 1.0], [0.0, 0.5, 0.2]])
    X = z @ W + 0.05 * torch.randn(100, 3)
    Xc = X - X.mean(0, keepdim=True)
    U, S, Vh = torch.linalg.svd(Xc, full_matrices=False)
    print(U.shape, S.shape, Vh.shape)
    explained = S ** 2 / (S ** 2).sum()
    print(explained.round(decimals=4))
    print(torch.cumsum(explained, 0).round(decimals=4))
    cov = Xc.T @ Xc / (len(X) - 1)
    print(torch.allclose(cov, torch.cov(X.T), atol=1e-5))
    evals, evecs = torch.linalg.eigh(cov)
    print(evals.flip(0).round(decimals=3))
    print(torch.allclose(evals.flip(0), S ** 2 / (len(X) - 1), atol=1e-4))
    proj = Xc @ Vh[:2].T
    print(proj.shape, proj.std(0).round(decimals=3))
    recon = proj @ Vh[:2] + X.mean(0)
    print(f"reconstruction error {((recon - X) ** 2).mean().item():.6f}")
    """,
)

case(
    "api_programs3_distributions_rsample",
    """
    import torch
    from torch.distributions import Normal, Categorical, kl_divergence

    torch.manual_seed(43)
    mu = torch.tensor([0.5, -1.0], requires_grad=True)
    log_sigma = torch.zeros(2, requires_grad=True)
    q = Normal(mu, log_sigma.exp())
    print(q)
    z = q.rsample((1000,))
    print(z.shape, z.requires_grad, z.grad_fn)
    target = Normal(torch.tensor([2.0, 2.0]), torch.tensor([0.5, 0.5]))
    opt = torch.optim.Adam([mu, log_sigma], lr=0.05)
    for step in range(201):
        q = Normal(mu, log_sigma.exp())
        z = q.rsample((256,))
        loss = (q.log_prob(z) - target.log_prob(z)).sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 50 == 0:
            kl = kl_divergence(q, target).sum()
            print(step, f"{loss.item():.4f} {kl.item():.4f}", mu.data, log_sigma.exp().data)
    s = q.sample((3,))
    print(s.requires_grad)
    cat = Categorical(logits=torch.tensor([1.0, 2.0, 0.5]))
    draws = cat.sample((10,))
    print(draws, cat.probs, cat.log_prob(draws[:3]), cat.entropy())
    """,
)

case(
    "api_programs3_bigram_counts_sampling",
    """
    import torch

    words = ["emma", "olivia", "ava", "isabella", "sophia", "mia", "amelia", "ella"]
    chars = sorted(set("".join(words)))
    stoi = {s: i + 1 for i, s in enumerate(chars)}
    stoi["."] = 0
    itos = {i: s for s, i in stoi.items()}
    V = len(stoi)
    N = torch.zeros((V, V), dtype=torch.int32)
    for w in words:
        cs = ["."] + list(w) + ["."]
        for a, b in zip(cs, cs[1:]):
            N[stoi[a], stoi[b]] += 1
    print(N.shape, N.dtype, N.sum(), N[0])
    P = (N + 1).float()
    P /= P.sum(1, keepdim=True)
    print(P[0].sum(), P.shape, P.dtype)
    g = torch.Generator().manual_seed(2147483647)
    for _ in range(4):
        out, ix = [], 0
        while True:
            ix = torch.multinomial(P[ix], num_samples=1, replacement=True, generator=g).item()
            if ix == 0:
                break
            out.append(itos[ix])
        print("".join(out))
    log_likelihood, n = 0.0, 0
    for w in words:
        cs = ["."] + list(w) + ["."]
        for a, b in zip(cs, cs[1:]):
            log_likelihood += torch.log(P[stoi[a], stoi[b]])
            n += 1
    nll = -log_likelihood
    print(f"{log_likelihood=}")
    print(f"{nll / n=}")
    print(log_likelihood.dtype, log_likelihood.grad_fn)
    """,
)

case(
    "api_programs3_makemore_mlp_embedding",
    """
    import torch
    import torch.nn.functional as F

    words = ["emma", "olivia", "ava", "isabella", "sophia", "mia", "amelia"]
    chars = sorted(set("".join(words)))
    stoi = {s: i + 1 for i, s in enumerate(chars)}
    stoi["."] = 0
    block = 3
    X, Y = [], []
    for w in words:
        context = [0] * block
        for ch in w + ".":
            X.append(context)
            Y.append(stoi[ch])
            context = context[1:] + [stoi[ch]]
    X, Y = torch.tensor(X), torch.tensor(Y)
    print(X.shape, X.dtype, Y.shape)
    g = torch.Generator().manual_seed(2147483647)
    C = torch.randn((len(stoi), 2), generator=g)
    W1 = torch.randn((6, 20), generator=g)
    b1 = torch.randn(20, generator=g)
    W2 = torch.randn((20, len(stoi)), generator=g)
    b2 = torch.randn(len(stoi), generator=g)
    parameters = [C, W1, b1, W2, b2]
    print(sum(p.nelement() for p in parameters))
    for p in parameters:
        p.requires_grad = True
    emb = C[X]
    print(emb.shape, emb.grad_fn)
    for i in range(100):
        ix = torch.randint(0, X.shape[0], (16,), generator=g)
        emb = C[X[ix]]
        h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
        logits = h @ W2 + b2
        loss = F.cross_entropy(logits, Y[ix])
        for p in parameters:
            p.grad = None
        loss.backward()
        lr = 0.1 if i < 50 else 0.01
        for p in parameters:
            p.data += -lr * p.grad
        if i % 25 == 0:
            print(i, f"{loss.item():.4f}")
    emb = C[X]
    h = torch.tanh(emb.view(-1, 6) @ W1 + b1)
    print(f"full loss {F.cross_entropy(h @ W2 + b2, Y).item():.4f}")
    print(C.grad.shape, (C.grad != 0).any(dim=1).sum())
    """,
)

case(
    "api_programs3_kaiming_activation_stats",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(47)
    print(nn.init.calculate_gain("tanh"), nn.init.calculate_gain("relu"), nn.init.calculate_gain("leaky_relu", 0.2))
    x = torch.randn(500, 100)
    for init in ["default", "normal", "kaiming"]:
        layers = []
        for _ in range(5):
            lin = nn.Linear(100, 100, bias=False)
            if init == "normal":
                nn.init.normal_(lin.weight, std=1.0)
            elif init == "kaiming":
                nn.init.kaiming_normal_(lin.weight, nonlinearity="tanh")
            layers += [lin, nn.Tanh()]
        net = nn.Sequential(*layers)
        h = x
        stats = []
        for layer in net:
            h = layer(h)
            if isinstance(layer, nn.Tanh):
                sat = (h.abs() > 0.97).float().mean().item()
                stats.append(f"{h.std().item():.2f}/{sat * 100:.0f}%")
        print(init, stats)
    w = torch.empty(3, 5)
    nn.init.xavier_uniform_(w, gain=nn.init.calculate_gain("tanh"))
    print(w.abs().max() <= 5 / 3 * (6 / 8) ** 0.5)
    nn.init.zeros_(w)
    print(w.sum())
    nn.init.constant_(w, 0.5)
    print(w[0])
    nn.init.orthogonal_(w)
    print(torch.allclose(w @ w.T, torch.eye(3), atol=1e-5))
    """,
)

case(
    "api_programs3_lstm_sine_forecast",
    """
    import math
    import torch
    import torch.nn as nn

    torch.manual_seed(53)
    t = torch.linspace(0, 8 * math.pi, 200)
    series = torch.sin(t)
    win = 10
    X = torch.stack([series[i:i + win] for i in range(len(series) - win)]).unsqueeze(-1)
    Y = series[win:].unsqueeze(-1)
    print(X.shape, Y.shape)

    class Forecaster(nn.Module):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(input_size=1, hidden_size=8, batch_first=True)
            self.head = nn.Linear(8, 1)
        def forward(self, x):
            out, (h, c) = self.lstm(x)
            return self.head(out[:, -1])

    model = Forecaster()
    print(model)
    print([(n, tuple(p.shape)) for n, p in model.lstm.named_parameters()])
    opt = torch.optim.Adam(model.parameters(), lr=0.02)
    for epoch in range(40):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), Y)
        loss.backward()
        opt.step()
        if epoch % 10 == 0:
            print(epoch, f"{loss.item():.4f}")
    out, (h, c) = model.lstm(X[:2])
    print(out.shape, h.shape, c.shape, out.grad_fn.name())
    model.eval()
    with torch.no_grad():
        print(f"{nn.functional.mse_loss(model(X), Y).item() < 0.1}")
    """,
)

case(
    "api_programs3_conv1d_time_series",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(59)
    n, L = 32, 24
    t = torch.arange(L).float()
    freq = torch.randint(0, 2, (n,))
    X = torch.sin(t * (0.3 + 0.6 * freq.unsqueeze(1))) + 0.2 * torch.randn(n, L)
    X = X.unsqueeze(1)
    model = nn.Sequential(
        nn.Conv1d(1, 4, kernel_size=5, padding="same"),
        nn.ReLU(),
        nn.MaxPool1d(2),
        nn.Conv1d(4, 8, kernel_size=3, padding=1, dilation=1),
        nn.ReLU(),
        nn.AdaptiveAvgPool1d(1),
        nn.Flatten(),
        nn.Linear(8, 2),
    )
    print(model)
    h = X[:2]
    for layer in model:
        h = layer(h)
        print(type(layer).__name__, tuple(h.shape))
    opt = torch.optim.AdamW(model.parameters(), lr=0.02, weight_decay=0.01)
    for epoch in range(30):
        opt.zero_grad()
        loss = F.cross_entropy(model(X), freq)
        loss.backward()
        opt.step()
        if epoch % 10 == 0:
            print(epoch, f"{loss.item():.4f}")
    with torch.no_grad():
        acc = (model(X).argmax(1) == freq).float().mean()
    print(f"acc {acc.item():.3f}", model[0].weight.grad.shape)
    """,
)

case(
    "api_programs3_contrastive_cosine",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(61)
    enc = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 4))
    x = torch.randn(8, 6)
    opt = torch.optim.SGD(enc.parameters(), lr=0.1)
    for step in range(30):
        a = x + 0.1 * torch.randn_like(x)
        b = x + 0.1 * torch.randn_like(x)
        za = F.normalize(enc(a), dim=1)
        zb = F.normalize(enc(b), dim=1)
        logits = za @ zb.T / 0.5
        labels = torch.arange(len(x))
        loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(step, f"{loss.item():.4f}", za.norm(dim=1).round(decimals=4)[:3])
    sim = F.cosine_similarity(enc(x)[:, None, :], enc(x)[None, :, :], dim=-1)
    print(sim.shape, sim.diagonal().round(decimals=4))
    print(F.pairwise_distance(za[:3], zb[:3]).shape, za.grad_fn)
    print(F.cosine_similarity(torch.tensor([1.0, 0.0]), torch.tensor([0.0, 2.0]), dim=0))
    emb_loss = nn.CosineEmbeddingLoss(margin=0.2)
    print(emb_loss(za[:4], zb[:4], torch.tensor([1, -1, 1, -1])).item() >= 0)
    """,
)

case(
    "api_programs3_label_smoothing_focal",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(67)
    logits = torch.randn(6, 4, requires_grad=True)
    y = torch.tensor([0, 1, 2, 3, 0, 1])
    plain = F.cross_entropy(logits, y)
    smooth = F.cross_entropy(logits, y, label_smoothing=0.1)
    print(f"{plain.item():.4f} {smooth.item():.4f}")
    eps, K = 0.1, 4
    target = torch.full((6, 4), eps / K).scatter_(1, y.unsqueeze(1), 1 - eps + eps / K)
    manual = -(target * F.log_softmax(logits, 1)).sum(1).mean()
    print(torch.allclose(manual, smooth), target[0])
    def focal(logits, y, gamma=2.0):
        logp = F.log_softmax(logits, dim=1).gather(1, y.unsqueeze(1)).squeeze(1)
        p = logp.exp()
        return (-(1 - p) ** gamma * logp).mean()
    fl = focal(logits, y)
    print(f"{fl.item():.4f}", fl.grad_fn)
    fl.backward()
    print(logits.grad.sum(1).abs().max() < 1e-6)
    soft = F.softmax(torch.randn(6, 4), 1)
    print(f"{F.cross_entropy(logits, soft).item():.4f}")
    crit = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 1.0, 0.5]), ignore_index=3, reduction="sum")
    print(crit, f"{crit(logits, y).item():.4f}")
    print(f"{F.nll_loss(F.log_softmax(logits, 1), y, reduction='none')}")
    """,
)

case(
    "api_programs3_dropout_train_eval",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(71)
    drop = nn.Dropout(p=0.5)
    x = torch.ones(2, 8)
    print(drop)
    y = drop(x)
    print(y)
    print(y.unique(), (y == 0).float().mean())
    drop.eval()
    print(drop(x).equal(x), drop.training)
    model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.3), nn.Linear(4, 1))
    print([m.training for m in model.modules()])
    model.eval()
    print([m.training for m in model.modules()])
    inp = torch.randn(3, 4)
    print(torch.equal(model(inp), model(inp)))
    model.train()
    print(torch.equal(model(inp), model(inp)))
    a = torch.ones(1000)
    out = nn.functional.dropout(a, p=0.2, training=True)
    print(f"{out.mean().item():.3f}", out.max().item())
    print(nn.functional.dropout(a, p=0.2, training=False).sum())
    try:
        nn.Dropout(1.5)
    except ValueError as e:
        print("ValueError:", e)
    print(nn.functional.alpha_dropout(torch.ones(4), 0.5, training=False))
    """,
)

case(
    "api_programs3_layernorm_from_scratch",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(73)
    class MyLayerNorm(nn.Module):
        def __init__(self, dim, eps=1e-5):
            super().__init__()
            self.eps = eps
            self.gamma = nn.Parameter(torch.ones(dim))
            self.beta = nn.Parameter(torch.zeros(dim))
        def forward(self, x):
            mean = x.mean(-1, keepdim=True)
            var = x.var(-1, keepdim=True, unbiased=False)
            return self.gamma * (x - mean) / torch.sqrt(var + self.eps) + self.beta

    x = torch.randn(4, 3, 6, requires_grad=True)
    mine, ref = MyLayerNorm(6), nn.LayerNorm(6)
    print(ref, ref.normalized_shape, ref.elementwise_affine)
    a, b = mine(x), ref(x)
    print(torch.allclose(a, b, atol=1e-5), a.grad_fn, b.grad_fn)
    print(b.mean(-1).abs().max() < 1e-5, b.std(-1, unbiased=False).mean().round(decimals=3))
    ga, = torch.autograd.grad(a.pow(3).sum(), x)
    gb, = torch.autograd.grad(b.pow(3).sum(), x, retain_graph=True)
    print(torch.allclose(ga, gb, atol=1e-4))
    b.sum().backward()
    print(ref.weight.grad.shape, ref.bias.grad)
    ln2 = nn.LayerNorm([3, 6], elementwise_affine=False)
    print(ln2, list(ln2.parameters()))
    print(ln2(x).shape)
    try:
        nn.LayerNorm(5)(x)
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs3_mistakes_round3",
    """
    import torch
    import torch.nn as nn

    def show(f):
        try:
            out = f()
            print("ok:", out)
        except Exception as e:
            print(type(e).__name__ + ":", e)

    x = torch.randn(3, 4)
    show(lambda: x.t().view(12))
    show(lambda: x.t().reshape(12).shape)
    show(lambda: torch.tensor([1, 2, 3], requires_grad=True))
    show(lambda: x.item())
    w = torch.randn(4, requires_grad=True)
    show(lambda: (x @ w).backward())
    h = w * 2
    show(lambda: torch.optim.SGD([h], lr=0.1))
    show(lambda: torch.optim.SGD(w, lr=0.1))
    show(lambda: torch.optim.SGD([], lr=0.1))
    show(lambda: nn.Linear(4, 2)(torch.randn(3, 5)))
    show(lambda: torch.cat([torch.zeros(2, 3), torch.zeros(3, 2)]))
    show(lambda: torch.stack([torch.zeros(2), torch.zeros(3)]))
    show(lambda: x @ torch.randn(3, 4))
    show(lambda: x.view(5, -1))
    show(lambda: torch.zeros(2, 2)[2])
    show(lambda: w.grad.zero_())
    show(lambda: nn.functional.cross_entropy(torch.randn(3, 4), torch.tensor([0.0, 1.0, 2.0])))
    show(lambda: nn.functional.binary_cross_entropy(torch.tensor([0.5, 1.5]), torch.tensor([0.0, 1.0])))
    show(lambda: torch.randn(2, 3).mean(dim=2))
    """,
)

case(
    "api_programs3_onecycle_clip_combo",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(79)
    model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
    X = torch.randn(64, 3)
    y = (X ** 2).sum(1, keepdim=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=40)
    print(opt.param_groups[0]["lr"], opt.param_groups[0]["momentum"])
    for step in range(40):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        norm = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        sched.step()
        if step % 8 == 0:
            print(step, f"loss {loss.item():.4f} norm {norm.item():.3f} lr {sched.get_last_lr()[0]:.5f} "
                  f"mom {opt.param_groups[0]['momentum']:.4f}")
    print(norm.shape, norm.dtype)
    opt2 = torch.optim.Adam(model.parameters(), lr=0.05)
    cos = torch.optim.lr_scheduler.CosineAnnealingLR(opt2, T_max=10, eta_min=0.001)
    lrs = []
    for _ in range(12):
        opt2.step()
        cos.step()
        lrs.append(round(cos.get_last_lr()[0], 5))
    print(lrs)
    nn.utils.clip_grad_value_(model.parameters(), clip_value=0.01)
    print(max(p.grad.abs().max().item() for p in model.parameters()) <= 0.01)
    print(sched.state_dict()["total_steps"], sched.last_epoch)
    """,
)

case(
    "api_programs3_finetune_add_param_group",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(83)
    backbone = nn.Sequential(nn.Linear(5, 8), nn.ReLU())
    head = nn.Linear(8, 2)
    for p in backbone.parameters():
        p.requires_grad_(False)
    opt = torch.optim.Adam(head.parameters(), lr=1e-2)
    print(len(opt.param_groups), [len(g["params"]) for g in opt.param_groups])
    X, y = torch.randn(20, 5), torch.randint(0, 2, (20,))
    for epoch in range(6):
        if epoch == 3:
            for p in backbone.parameters():
                p.requires_grad_(True)
            opt.add_param_group({"params": backbone.parameters(), "lr": 1e-3})
            print("unfrozen:", [g["lr"] for g in opt.param_groups], sorted(opt.param_groups[1].keys()))
        opt.zero_grad()
        loss = nn.functional.cross_entropy(head(backbone(X)), y)
        loss.backward()
        opt.step()
        print(epoch, f"{loss.item():.4f}", backbone[0].weight.grad is None)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda=[lambda e: 0.5 ** e, lambda e: 1.0])
    for _ in range(3):
        opt.step()
        sched.step()
    print(sched.get_last_lr())
    try:
        opt.add_param_group({"params": head.parameters()})
    except ValueError as e:
        print("ValueError:", e)
    print(sum(p.numel() for p in backbone.parameters() if p.requires_grad))
    """,
)

case(
    "api_programs3_matrix_factorization",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(89)
    n_users, n_items, k = 6, 5, 2
    true_u, true_v = torch.randn(n_users, k), torch.randn(n_items, k)
    R = true_u @ true_v.T
    mask = torch.rand(n_users, n_items) < 0.7
    print(mask.sum(), R.shape)
    users, items = mask.nonzero(as_tuple=True)
    print(users[:5], items[:5], users.dtype)

    class MF(nn.Module):
        def __init__(self):
            super().__init__()
            self.U = nn.Embedding(n_users, k)
            self.V = nn.Embedding(n_items, k)
            self.ub = nn.Embedding(n_users, 1)
            nn.init.normal_(self.U.weight, std=0.1)
            nn.init.normal_(self.V.weight, std=0.1)
            nn.init.zeros_(self.ub.weight)
        def forward(self, u, i):
            return (self.U(u) * self.V(i)).sum(-1) + self.ub(u).squeeze(-1)

    model = MF()
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for epoch in range(150):
        pred = model(users, items)
        loss = ((pred - R[users, items]) ** 2).mean() + 1e-3 * model.U.weight.pow(2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 50 == 0:
            print(epoch, f"{loss.item():.4f}")
    with torch.no_grad():
        full = model.U.weight @ model.V.weight.T + model.ub.weight
        rmse_held = ((full - R)[~mask] ** 2).mean().sqrt()
    print(f"train loss {loss.item() < 0.1} held-out rmse finite {torch.isfinite(rmse_held).item()}")
    print(full.shape, pred.grad_fn)
    """,
)

case(
    "api_programs3_skipgram_negative_sampling",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(97)
    corpus = "the cat sat on the mat the dog sat on the log".split()
    vocab = sorted(set(corpus))
    w2i = {w: i for i, w in enumerate(vocab)}
    ids = torch.tensor([w2i[w] for w in corpus])
    pairs = [(ids[i].item(), ids[j].item()) for i in range(len(ids)) for j in (i - 1, i + 1) if 0 <= j < len(ids)]
    centers = torch.tensor([p[0] for p in pairs])
    contexts = torch.tensor([p[1] for p in pairs])
    print(len(vocab), centers.shape, contexts[:6])
    inp = nn.Embedding(len(vocab), 5)
    out = nn.Embedding(len(vocab), 5)
    opt = torch.optim.Adam(list(inp.parameters()) + list(out.parameters()), lr=0.05)
    counts = torch.bincount(ids, minlength=len(vocab)).float() ** 0.75
    for epoch in range(60):
        neg = torch.multinomial(counts, len(centers) * 3, replacement=True).view(-1, 3)
        c = inp(centers)
        pos_score = (c * out(contexts)).sum(-1)
        neg_score = torch.bmm(out(neg), c.unsqueeze(2)).squeeze(2)
        loss = -(F.logsigmoid(pos_score).mean() + F.logsigmoid(-neg_score).sum(1).mean())
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 20 == 0:
            print(epoch, f"{loss.item():.4f}", neg.shape, neg_score.grad_fn.name())
    emb = F.normalize(inp.weight.detach(), dim=1)
    sims = emb @ emb[w2i["cat"]]
    print([vocab[i] for i in sims.argsort(descending=True)[:3].tolist()][0])
    print(torch.topk(sims, 2).values.shape)
    """,
)

case(
    "api_programs3_gaussian_nll_heteroscedastic",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(101)
    x = torch.linspace(-2, 2, 80).unsqueeze(1)
    y = x ** 2 + (0.1 + 0.4 * x.abs()) * torch.randn_like(x)
    net = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 2))
    opt = torch.optim.Adam(net.parameters(), lr=0.02)
    crit = nn.GaussianNLLLoss()
    print(crit)
    for epoch in range(120):
        mean, raw = net(x).chunk(2, dim=1)
        var = F.softplus(raw) + 1e-6
        loss = crit(mean, y, var)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 40 == 0:
            print(epoch, f"{loss.item():.4f}", mean.shape, var.grad_fn.name())
    manual = 0.5 * (torch.log(var) + (y - mean) ** 2 / var).mean()
    print(torch.allclose(manual, loss, atol=1e-5))
    print(F.gaussian_nll_loss(mean, y, var, full=True, reduction="sum").item() > loss.item())
    try:
        F.gaussian_nll_loss(mean, y, -var)
    except ValueError as e:
        print("ValueError:", e)
    print(F.poisson_nll_loss(torch.zeros(3), torch.tensor([0.0, 1.0, 2.0])))
    """,
)

case(
    "api_programs3_least_squares_closed_form",
    """
    import torch

    torch.manual_seed(103)
    n = 50
    x = torch.rand(n) * 4 - 2
    y = 1.5 - 2.0 * x + 0.5 * x ** 3 + 0.1 * torch.randn(n)
    A = torch.stack([torch.ones(n), x, x ** 2, x ** 3], dim=1)
    print(A.shape)
    sol = torch.linalg.lstsq(A, y.unsqueeze(1))
    coef = sol.solution.squeeze()
    print(coef.round(decimals=2))
    normal = torch.linalg.solve(A.T @ A, A.T @ y)
    print(torch.allclose(coef, normal, atol=1e-3))
    pinv = torch.linalg.pinv(A) @ y
    print(torch.allclose(coef, pinv, atol=1e-3))
    w = torch.zeros(4, requires_grad=True)
    opt = torch.optim.SGD([w], lr=0.01)
    for step in range(2000):
        loss = ((A @ w - y) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(w.detach().round(decimals=2), f"{loss.item():.4f}")
    print(torch.allclose(w.detach(), coef, atol=0.05))
    V = torch.vander(x[:3], N=4, increasing=True)
    print(V.shape, torch.allclose(V, A[:3]))
    Q, R = torch.linalg.qr(A)
    print(Q.shape, R.shape, torch.allclose(Q.T @ Q, torch.eye(4), atol=1e-5))
    """,
)

case(
    "api_programs3_xor_two_layer",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(107)
    X = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
    y = torch.tensor([[0.], [1.], [1.], [0.]])
    model = nn.Sequential(nn.Linear(2, 4), nn.Sigmoid(), nn.Linear(4, 1), nn.Sigmoid())
    loss_fn = nn.BCELoss()
    opt = torch.optim.SGD(model.parameters(), lr=2.0)
    for epoch in range(1001):
        opt.zero_grad()
        out = model(X)
        loss = loss_fn(out, y)
        loss.backward()
        opt.step()
        if epoch % 250 == 0:
            print(f"epoch {epoch:4d} loss {loss.item():.4f}")
    with torch.no_grad():
        pred = model(X)
    for inp, p in zip(X.tolist(), pred.squeeze(1).tolist()):
        print(inp, f"{p:.3f}", int(p > 0.5))
    print((pred.round() == y).all())
    print(out.grad_fn, loss.grad_fn)
    print(model[0].weight.grad.shape, model[2].bias.grad.shape)
    logits_model = nn.Sequential(*list(model.children())[:-1])
    print(logits_model)
    print(nn.BCEWithLogitsLoss()(logits_model(X), y).item() - loss.item() < 1e-3)
    """,
)

case(
    "api_programs3_jacobian_hessian_functional",
    """
    import torch
    from torch.autograd.functional import jacobian, hessian, vjp, jvp

    def f(x):
        return torch.stack([x[0] ** 2 * x[1], 5 * x[0] + torch.sin(x[1])])

    def energy(x):
        return (x ** 2).sum() + x[0] * x[1] ** 2

    x = torch.tensor([1.0, 2.0])
    J = jacobian(f, x)
    print(J)
    H = hessian(energy, x)
    print(H)
    out, v = vjp(f, x, torch.tensor([1.0, 0.0]))
    print(out, v)
    out, jv = jvp(f, x, torch.tensor([0.0, 1.0]))
    print(jv)
    Jc = jacobian(f, x, create_graph=True)
    print(Jc.requires_grad, Jc.grad_fn is not None)
    def two(a, b):
        return a * b, a + b
    Ja = jacobian(two, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
    print(type(Ja).__name__, len(Ja), Ja[0][1])
    xs = x.clone().requires_grad_()
    g, = torch.autograd.grad(energy(xs), xs, create_graph=True)
    rows = [torch.autograd.grad(g[i], xs, retain_graph=True)[0] for i in range(2)]
    print(torch.stack(rows), torch.equal(torch.stack(rows), H))
    try:
        jacobian(lambda t: t.detach() * 2, x, strict=True)
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs3_detect_anomaly_nan",
    """
    import torch

    x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
    y = torch.sqrt(x)
    loss = y.sum()
    loss.backward()
    print(x.grad)
    x.grad = None
    safe = torch.where(x > 0, x, torch.ones_like(x)).sqrt()
    safe = torch.where(x > 0, safe, torch.zeros_like(safe))
    safe.sum().backward()
    print(x.grad)
    x.grad = None
    bad = torch.where(x > 0, torch.sqrt(x), torch.zeros_like(x))
    bad.sum().backward()
    print(x.grad, torch.isnan(x.grad).any())
    print(torch.is_anomaly_enabled())
    with torch.autograd.detect_anomaly(check_nan=True):
        print(torch.is_anomaly_enabled())
        z = torch.tensor([-1.0, 2.0], requires_grad=True)
        w = torch.log(z)
        print(w)
    print(torch.is_anomaly_enabled())
    a = torch.tensor([1.0, float("nan"), float("inf")])
    print(torch.isnan(a), torch.isinf(a), torch.isfinite(a), torch.nan_to_num(a, nan=0.0, posinf=9.0))
    print(torch.nansum(a[:2]), torch.nanmean(a[:2]))
    """,
)

case(
    "api_programs3_transformer_block_mha",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(109)
    class Block(nn.Module):
        def __init__(self, d, heads):
            super().__init__()
            self.ln1 = nn.LayerNorm(d)
            self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
            self.ln2 = nn.LayerNorm(d)
            self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        def forward(self, x, mask):
            h = self.ln1(x)
            a, w = self.attn(h, h, h, attn_mask=mask, need_weights=True)
            x = x + a
            return x + self.mlp(self.ln2(x)), w

    T, d = 5, 8
    blk = Block(d, 2)
    print(blk)
    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    x = torch.randn(3, T, d)
    y, w = blk(x, mask)
    print(y.shape, w.shape, y.grad_fn.name())
    print(w[0].round(decimals=3))
    print(torch.allclose(w.sum(-1), torch.ones(3, T)))
    y.pow(2).mean().backward()
    print(blk.attn.in_proj_weight.grad.shape, blk.attn.out_proj.weight.grad.shape)
    print(sum(p.numel() for p in blk.parameters()))
    print([n for n, _ in blk.attn.named_parameters()])
    """,
)

case(
    "api_programs3_lbfgs_rosenbrock",
    """
    import torch

    def rosen(p):
        return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2

    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    opt = torch.optim.LBFGS([p], lr=1, max_iter=20, history_size=10, line_search_fn="strong_wolfe")
    calls = []
    def closure():
        opt.zero_grad()
        loss = rosen(p)
        loss.backward()
        calls.append(loss.item())
        return loss
    for step in range(5):
        loss = opt.step(closure)
        print(step, f"{loss.item():.6f}", p.data.round(decimals=4))
    print(len(calls) > 5, f"{rosen(p).item():.2e}" if rosen(p).item() > 1e-6 else "converged")
    print(opt.state_dict()["param_groups"][0]["max_iter"], sorted(opt.state_dict()["state"][0].keys())[:4])
    q = torch.tensor([3.0], requires_grad=True)
    opt2 = torch.optim.LBFGS([q])
    def c2():
        opt2.zero_grad()
        l = (q - 1) ** 2
        l.backward()
        return l
    opt2.step(c2)
    print(q)
    """,
)

case(
    "api_programs3_module_hooks_inspect",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(113)
    model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 3))
    acts, grads = {}, {}
    def save_act(name):
        def hook(mod, inp, out):
            acts[name] = out.detach()
            print(f"forward {name}: {type(mod).__name__} in {tuple(inp[0].shape)} out {tuple(out.shape)}")
        return hook
    def save_grad(name):
        def hook(mod, grad_in, grad_out):
            grads[name] = grad_out[0]
            shapes = [None if g is None else tuple(g.shape) for g in grad_in]
            print(f"backward {name}: grad_out {tuple(grad_out[0].shape)} grad_in {shapes}")
        return hook
    handles = []
    for name, mod in model.named_children():
        handles.append(mod.register_forward_hook(save_act(name)))
        handles.append(mod.register_full_backward_hook(save_grad(name)))
    pre = model[0].register_forward_pre_hook(lambda m, inp: (inp[0] * 2,))
    x = torch.randn(2, 4)
    out = model(x)
    out.sum().backward()
    print(sorted(acts), (acts["1"] >= 0).all())
    print(grads["2"])
    print(type(handles[0]).__name__)
    for h in handles:
        h.remove()
    pre.remove()
    acts.clear()
    model(x)
    print(acts)
    p_hook = model[0].weight.register_post_accumulate_grad_hook(lambda p: print("accumulated", p.grad.shape))
    model(x).sum().backward()
    p_hook.remove()
    """,
)

case(
    "api_programs3_vae_tiny",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(127)
    X = (torch.rand(64, 8) > 0.5).float()
    class VAE(nn.Module):
        def __init__(self):
            super().__init__()
            self.enc = nn.Linear(8, 16)
            self.mu = nn.Linear(16, 2)
            self.logvar = nn.Linear(16, 2)
            self.dec = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 8))
        def forward(self, x):
            h = F.relu(self.enc(x))
            mu, logvar = self.mu(h), self.logvar(h)
            std = torch.exp(0.5 * logvar)
            z = mu + std * torch.randn_like(std)
            return self.dec(z), mu, logvar

    vae = VAE()
    opt = torch.optim.Adam(vae.parameters(), lr=1e-2)
    for epoch in range(60):
        logits, mu, logvar = vae(X)
        rec = F.binary_cross_entropy_with_logits(logits, X, reduction="sum") / len(X)
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp()) / len(X)
        loss = rec + kl
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 20 == 0:
            print(epoch, f"rec {rec.item():.3f} kl {kl.item():.3f}")
    with torch.no_grad():
        samples = torch.sigmoid(vae.dec(torch.randn(3, 2)))
    print(samples.shape, samples.min() >= 0, samples.max() <= 1)
    q = torch.distributions.Normal(mu, (0.5 * logvar).exp())
    p = torch.distributions.Normal(torch.zeros_like(mu), torch.ones_like(mu))
    print(torch.allclose(torch.distributions.kl_divergence(q, p).sum() / len(X), kl, atol=1e-5))
    print(kl.grad_fn, rec.grad_fn)
    """,
)

case(
    "api_programs3_reinforce_bernoulli",
    """
    import torch
    from torch.distributions import Bernoulli, Categorical

    torch.manual_seed(131)
    logits = torch.zeros(3, requires_grad=True)
    opt = torch.optim.SGD([logits], lr=0.5)
    reward_of = torch.tensor([1.0, -1.0, 0.5])
    for step in range(50):
        dist = Bernoulli(logits=logits)
        a = dist.sample((32,))
        reward = (a * reward_of).sum(1)
        baseline = reward.mean()
        loss = -((reward - baseline) * dist.log_prob(a).sum(1)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(step, f"{reward.mean().item():.3f}", torch.sigmoid(logits).data.round(decimals=3))
    print(dist, a.dtype, a.requires_grad)
    print(dist.entropy().round(decimals=3))
    c = Categorical(probs=torch.tensor([0.1, 0.2, 0.7]))
    print(c.sample((5,)), c.log_prob(torch.tensor(2)), c.probs.shape)
    try:
        Bernoulli(probs=torch.tensor([1.5]))
    except ValueError as e:
        print("ValueError:", e)
    """,
)

case(
    "api_programs3_mistakes_with_warnings",
    """
    import warnings
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    warnings.simplefilter("always")
    torch.manual_seed(137)
    x = torch.randn(2, 3)
    with warnings.catch_warnings(record=True) as w:
        p = F.softmax(x)
        print(p.sum(1))
        print([str(m.message) for m in w])
    with warnings.catch_warnings(record=True) as w:
        t = torch.tensor(x)
        print(t.shape, [str(m.message)[:60] for m in w])
    with warnings.catch_warnings(record=True) as w:
        s = torch.tensor([3.0]).std()
        print(s, [str(m.message)[:70] for m in w])
    with warnings.catch_warnings(record=True) as w:
        loss = F.kl_div(F.log_softmax(x, 1), F.softmax(torch.randn(2, 3), 1), reduction="mean")
        print(loss.shape, [str(m.message)[:70] for m in w])
    with warnings.catch_warnings(record=True) as w:
        h = (x * 2).requires_grad_()
        y = torch.randn(3, requires_grad=True) * 2
        y.sum().backward()
        print(y.grad, [str(m.message)[:80] for m in w])
    pred = torch.randn(4, 1)
    target = torch.tensor([1.0, 0.0, 1.0, 1.0])
    acc = ((pred > 0).float() == target).float().mean()
    print((pred > 0).float().shape, ((pred > 0).float() == target).shape, acc)
    print(((pred.squeeze(1) > 0).float() == target).float().mean())
    """,
)

case(
    "api_programs3_module_definition_mistakes",
    """
    import torch
    import torch.nn as nn

    class NoSuper(nn.Module):
        def __init__(self):
            self.fc = nn.Linear(2, 2)
    try:
        NoSuper()
    except AttributeError as e:
        print("AttributeError:", e)

    class ListOfLayers(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = [nn.Linear(3, 3) for _ in range(2)]
        def forward(self, x):
            for l in self.layers:
                x = l(x)
            return x
    m = ListOfLayers()
    print(len(list(m.parameters())), m)

    class Fixed(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])
            self.heads = nn.ModuleDict({"a": nn.Linear(3, 1), "b": nn.Linear(3, 2)})
            self.scales = nn.ParameterList([nn.Parameter(torch.ones(1)) for _ in range(2)])
        def forward(self, x, head):
            for l, s in zip(self.layers, self.scales):
                x = s * l(x)
            return self.heads[head](x)
    f = Fixed()
    print(f)
    print(len(list(f.parameters())), [n for n, _ in f.named_parameters()][-3:])
    print(f(torch.randn(4, 3), "b").shape)
    try:
        f(torch.randn(4, 3), "c")
    except KeyError as e:
        print("KeyError:", e)
    try:
        f.missing_attribute
    except AttributeError as e:
        print("AttributeError:", e)
    class NoForward(nn.Module):
        pass
    try:
        NoForward()(torch.zeros(1))
    except NotImplementedError as e:
        print("NotImplementedError:", e)
    """,
)

case(
    "api_programs3_numpy_dtype_mixing",
    """
    import numpy as np
    import torch
    import torch.nn as nn

    rng = np.random.default_rng(0)
    data = rng.normal(size=(5, 3))
    print(data.dtype)
    t = torch.from_numpy(data)
    print(t.dtype, t.shape)
    model = nn.Linear(3, 1)
    try:
        model(t)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(model(t.float()).dtype)
    shared = torch.from_numpy(data)
    data[0, 0] = 100.0
    print(shared[0, 0])
    copied = torch.tensor(data)
    data[0, 0] = -1.0
    print(copied[0, 0], shared[0, 0])
    f32 = torch.as_tensor(data, dtype=torch.float32)
    print(f32.dtype, f32.numpy().dtype)
    labels = np.array([0, 1, 1, 0, 1])
    yt = torch.from_numpy(labels)
    print(yt.dtype)
    try:
        nn.functional.binary_cross_entropy_with_logits(model(f32).squeeze(1), yt)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(nn.functional.binary_cross_entropy_with_logits(model(f32).squeeze(1), yt.float()).shape)
    arr = model(f32).detach().numpy()
    print(type(arr).__name__, arr.shape, arr.dtype)
    print(torch.tensor(3) / 2, torch.tensor(3) // 2, torch.tensor([1, 2]) * 0.5)
    print((torch.tensor([1, 2]) + np.float64(1.5)).dtype)
    """,
)

case(
    "api_programs3_conv_autoencoder_upsample",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(139)
    imgs = torch.rand(16, 1, 8, 8)
    enc = nn.Sequential(nn.Conv2d(1, 4, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(4, 8, 3, stride=2, padding=1))
    dec = nn.Sequential(
        nn.ConvTranspose2d(8, 4, 2, stride=2), nn.ReLU(), nn.ConvTranspose2d(4, 1, 2, stride=2), nn.Sigmoid()
    )
    z = enc(imgs)
    print(z.shape, dec(z).shape)
    print(dec)
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=1e-2)
    for epoch in range(30):
        rec = dec(enc(imgs))
        loss = F.mse_loss(rec, imgs)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if epoch % 10 == 0:
            print(epoch, f"{loss.item():.4f}", rec.grad_fn.name())
    up = F.interpolate(z, scale_factor=4, mode="nearest")
    print(up.shape, up.grad_fn.name())
    up2 = F.interpolate(imgs[:1], size=(4, 4), mode="bilinear", align_corners=False)
    print(up2.shape, up2[0, 0, 0])
    print(nn.Upsample(scale_factor=2, mode="nearest")(torch.arange(4.).view(1, 1, 2, 2)))
    print(F.avg_pool2d(imgs[:1], 4).shape, F.adaptive_max_pool2d(imgs[:1], 1).flatten())
    """,
)

case(
    "api_programs3_distillation_kl_triplet",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    torch.manual_seed(149)
    teacher = nn.Sequential(nn.Linear(6, 32), nn.ReLU(), nn.Linear(32, 4)).eval()
    student = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 4))
    x = torch.randn(40, 6)
    T = 2.0
    opt = torch.optim.Adam(student.parameters(), lr=0.02)
    for step in range(40):
        with torch.no_grad():
            t_logits = teacher(x)
        s_logits = student(x)
        loss = F.kl_div(F.log_softmax(s_logits / T, 1), F.softmax(t_logits / T, 1), reduction="batchmean") * T * T
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(step, f"{loss.item():.4f}", loss.grad_fn.name())
    agree = (student(x).argmax(1) == teacher(x).argmax(1)).float().mean()
    print(f"agreement {agree.item():.3f}")
    log_t = F.log_softmax(t_logits, 1)
    print(torch.allclose(F.kl_div(F.log_softmax(s_logits, 1), log_t, reduction="batchmean", log_target=True),
                         F.kl_div(F.log_softmax(s_logits, 1), log_t.exp(), reduction="batchmean"), atol=1e-6))
    anchor, pos, neg = torch.randn(3, 5, 4).unbind(0)
    trip = nn.TripletMarginLoss(margin=1.0, p=2)
    print(trip, f"{trip(anchor, pos, neg).item():.4f}")
    d_ap = F.pairwise_distance(anchor, pos)
    d_an = F.pairwise_distance(anchor, neg)
    print(f"{F.relu(d_ap - d_an + 1.0).mean().item():.4f}")
    print(nn.KLDivLoss(reduction="batchmean", log_target=True))
    """,
)

case(
    "api_programs3_printing_tensors_options",
    """
    import torch

    torch.manual_seed(151)
    x = torch.randn(3, 4)
    print(x)
    torch.set_printoptions(precision=2)
    print(x)
    torch.set_printoptions(sci_mode=True)
    print(x[0])
    torch.set_printoptions(profile="default")
    big = torch.arange(2000).view(40, 50)
    print(big)
    print(torch.tensor([1e-8, 1.0, 1e8]))
    print(torch.tensor([0.1, 2.5, 100.0], dtype=torch.float64))
    print(torch.tensor([[True, False], [False, True]]))
    print(torch.tensor([1, -2, 300], dtype=torch.int16))
    print(torch.zeros(2, 0), torch.empty(0).shape)
    print(torch.tensor(float("nan")), torch.tensor([float("inf"), -float("inf"), 1.5]))
    w = torch.randn(2, 2, requires_grad=True)
    print(w * 2)
    print(repr(w.detach()), str(w.sum()))
    print(f"{x[0, 0]:.3f}", f"{x.sum().item():.3f}", x.tolist()[0][:2])
    torch.set_printoptions(linewidth=40)
    print(torch.arange(20.))
    torch.set_printoptions(profile="default")
    print(torch.tensor([123456.789, 0.001]))
    """,
)

case(
    "api_programs3_state_dict_mismatch",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(157)
    old = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    sd = old.state_dict()
    print(list(sd.keys()), sd["0.weight"].shape)
    new = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2), nn.Softmax(dim=1))
    print(new.load_state_dict(sd))
    bigger = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
    try:
        bigger.load_state_dict(sd)
    except RuntimeError as e:
        print("RuntimeError:", e)
    class Named(nn.Module):
        def __init__(self):
            super().__init__()
            self.body = nn.Linear(4, 8)
            self.head = nn.Linear(8, 2)
    named = Named()
    try:
        named.load_state_dict(sd)
    except RuntimeError as e:
        print("RuntimeError:", e)
    res = named.load_state_dict(sd, strict=False)
    print(res.missing_keys, res.unexpected_keys)
    renamed = {k.replace("0.", "body.").replace("2.", "head."): v for k, v in sd.items()}
    print(named.load_state_dict(renamed))
    print(torch.equal(named.body.weight, old[0].weight), named.body.weight is old[0].weight)
    sd["0.weight"].add_(1)
    print(torch.equal(sd["0.weight"], old[0].weight))
    print(old.state_dict(keep_vars=True)["0.bias"].requires_grad, sd["0.bias"].requires_grad)
    """,
)

case(
    "api_programs3_inference_mode_and_leaf_errors",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(163)
    model = nn.Linear(3, 1)
    with torch.inference_mode():
        feats = torch.randn(4, 3) * 2
        out = model(feats)
    print(out.requires_grad, feats.is_inference(), torch.is_inference_mode_enabled())
    try:
        model(feats).sum().backward()
        print("backward ok", model.weight.grad.shape)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        feats.add_(1)
    except RuntimeError as e:
        print("RuntimeError:", e)
    clone = feats.clone()
    print(clone.is_inference())
    try:
        (feats * 2).requires_grad_()
    except RuntimeError as e:
        print("RuntimeError:", e)
    h = model(torch.randn(2, 3))
    try:
        h.requires_grad_(False)
    except RuntimeError as e:
        print("RuntimeError:", e)
    @torch.no_grad()
    def evaluate(m, x):
        return m(x)
    print(evaluate(model, torch.randn(2, 3)).requires_grad)
    with torch.set_grad_enabled(False):
        print(model(torch.randn(1, 3)).grad_fn)
    print(torch.is_grad_enabled())
    w = model.weight
    w.data.mul_(0)
    print(w.grad_fn, w.is_leaf, model.weight.abs().sum())
    """,
)

case(
    "api_programs3_optimizers_on_a_scalar",
    """
    import torch

    def f(w):
        return (w - 3) ** 2 + 0.5 * torch.sin(3 * w)

    results = {}
    for name, kwargs in [("SGD", {"lr": 0.05, "momentum": 0.9}), ("Adam", {"lr": 0.1}), ("AdamW", {"lr": 0.1}),
                         ("RMSprop", {"lr": 0.05}), ("Adagrad", {"lr": 0.5}), ("Adadelta", {"lr": 1.0}),
                         ("Rprop", {"lr": 0.1}), ("NAdam", {"lr": 0.1}), ("Adamax", {"lr": 0.1})]:
        w = torch.tensor(0.0, requires_grad=True)
        opt = getattr(torch.optim, name)([w], **kwargs)
        for step in range(50):
            opt.zero_grad()
            loss = f(w)
            loss.backward()
            opt.step()
        results[name] = (round(w.item(), 4), round(loss.item(), 4))
        print(f"{name:9s} w = {w.item():.4f}  loss = {loss.item():.4f}  grad = {w.grad.abs().item() < 10}")
    best = min(results, key=lambda k: results[k][1])
    print("best:", best)
    state = opt.state[w]
    print(sorted(state.keys()), state["step"], state["exp_avg"].shape, state["exp_inf"].dtype)
    """,
)
