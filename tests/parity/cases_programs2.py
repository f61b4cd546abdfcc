"""Parity cases of whole programs a student writes on their own after the lessons: training loops with their own
Datasets and DataLoaders, schedulers, clipping, early stopping, checkpoints, evaluation modes and the mistakes made
along the way. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import attempts, case  # noqa: F401

case(
    "api_programs2_regression_own_dataset",
    """
    import torch
    import torch.nn as nn
    from torch.utils.data import Dataset, DataLoader

    torch.manual_seed(0)

    class LineData(Dataset):
        def __init__(self, n):
            self.x = torch.linspace(-1, 1, n).unsqueeze(1)
            self.y = 3 * self.x + 2 + 0.1 * torch.randn(n, 1)

        def __len__(self):
            return len(self.x)

        def __getitem__(self, i):
            return self.x[i], self.y[i]

    data = LineData(50)
    print(len(data), data[0], data[0][0].shape)
    g = torch.Generator().manual_seed(42)
    loader = DataLoader(data, batch_size=16, shuffle=True, generator=g)
    print(len(loader))
    model = nn.Linear(1, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=5, gamma=0.5)
    losses = []
    for epoch in range(15):
        total = 0.0
        for xb, yb in loader:
            pred = model(xb)
            loss = nn.functional.mse_loss(pred, yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(xb)
        losses.append(total / len(data))
        sched.step()
        if epoch % 3 == 0:
            print(f"epoch {epoch} loss {losses[-1]:.4f} lr {sched.get_last_lr()}")
    print(f"w = {model.weight.item():.4f}, b = {model.bias.item():.4f}")
    print(xb.shape, yb.shape, pred.shape)
    print(model.state_dict())
    """,
)

case(
    "api_programs2_classify_tensordataset_split",
    """
    import torch
    from torch import nn
    from torch.utils.data import TensorDataset, DataLoader, random_split

    torch.manual_seed(1)
    X = torch.randn(200, 2)
    y = ((X[:, 0] ** 2 + X[:, 1] ** 2) < 1).long()
    ds = TensorDataset(X, y)
    train_ds, val_ds = random_split(ds, [160, 40], generator=torch.Generator().manual_seed(0))
    print(len(train_ds), len(val_ds), type(train_ds).__name__, train_ds.indices[:5])
    train_loader = DataLoader(train_ds, batch_size=32, shuffle=True)
    val_loader = DataLoader(val_ds, batch_size=64)
    model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 2))
    print(model)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    loss_fn = nn.CrossEntropyLoss()
    history = []
    for epoch in range(20):
        model.train()
        for xb, yb in train_loader:
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        history.append(loss.item())
        model.eval()
        correct = 0
        with torch.no_grad():
            for xb, yb in val_loader:
                correct += (model(xb).argmax(dim=1) == yb).sum().item()
        if epoch % 5 == 4:
            print(f"epoch {epoch+1}: train loss {history[-1]:.4f}, val acc {correct / len(val_ds):.4f}")
    with torch.no_grad():
        logits = model(X[:5])
    print(logits.softmax(dim=1))
    print(logits.argmax(1), y[:5], logits.argmax(1).eq(y[:5]).float().mean())
    print(logits.requires_grad, model.training)
    """,
)

case(
    "api_programs2_batchnorm_train_eval",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(2)
    net = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 1))
    bn = net[1]
    print(bn)
    print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
    x = torch.randn(8, 3) * 2 + 1
    out = net(x)
    print(bn.running_mean)
    print(bn.running_var)
    print(bn.num_batches_tracked)
    net.eval()
    with torch.no_grad():
        out_eval = net(x)
    print(torch.allclose(out, out_eval), out_eval[:3])
    print(bn.num_batches_tracked, bn.training, net[0].training)
    print([k for k in net.state_dict().keys()])
    print([name for name, _ in net.named_parameters()])
    print([name for name, _ in net.named_buffers()])
    net.train()
    try:
        net(torch.randn(1, 3))
    except ValueError as e:
        print("ValueError:", e)
    net.eval()
    print(net(torch.randn(1, 3)).shape)
    bn2 = nn.BatchNorm1d(4, momentum=None)
    for _ in range(3):
        bn2(torch.randn(5, 4))
    print(bn2.running_mean, bn2.num_batches_tracked)
    """,
)

case(
    "api_programs2_collate_dicts_tuples",
    """
    import torch
    from torch.utils.data import Dataset, DataLoader

    torch.manual_seed(3)

    class Words(Dataset):
        words = ["cat", "dog", "bird", "fish", "frog", "lion", "wolf"]

        def __len__(self):
            return len(self.words)

        def __getitem__(self, idx):
            w = self.words[idx]
            return {"name": w, "length": len(w), "vec": torch.ones(2) * idx, "label": idx % 2}

    ds = Words()
    loader = DataLoader(ds, batch_size=3)
    for batch in loader:
        print(batch)
    print(len(loader), len(DataLoader(ds, batch_size=3, drop_last=True)))
    for batch in DataLoader(ds, batch_size=3, drop_last=True):
        print(batch["vec"].shape, batch["length"].dtype, batch["label"])

    pairs = [(torch.tensor([i, i + 1.0]), i * 0.5, (i, str(i))) for i in range(5)]
    for x, f, (n, s) in DataLoader(pairs, batch_size=2, shuffle=True, generator=torch.Generator().manual_seed(7)):
        print(x, f, n, s)

    def my_collate(batch):
        xs = [b[0] for b in batch]
        return torch.stack(xs), len(batch)

    for xs, n in DataLoader(pairs, batch_size=4, collate_fn=my_collate):
        print(xs.shape, n)
    print(next(iter(DataLoader(list(range(10)), batch_size=4))))
    print(next(iter(DataLoader(pairs, batch_size=None))))
    """,
)

case(
    "api_programs2_early_stopping_checkpoint",
    """
    import copy
    import os
    import tempfile
    import torch
    import torch.nn as nn

    torch.manual_seed(4)
    X = torch.randn(80, 5)
    w_true = torch.randn(5, 1)
    y = X @ w_true + 0.5 * torch.randn(80, 1)
    Xtr, ytr, Xva, yva = X[:60], y[:60], X[60:], y[60:]
    model = nn.Sequential(nn.Linear(5, 32), nn.Tanh(), nn.Linear(32, 1))
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    best, best_state, patience, bad = float("inf"), None, 3, 0
    for epoch in range(100):
        model.train()
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(Xtr), ytr)
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            val = nn.functional.mse_loss(model(Xva), yva).item()
        if val < best - 1e-4:
            best, bad = val, 0
            best_state = copy.deepcopy(model.state_dict())
            best_epoch = epoch
        else:
            bad += 1
            if bad >= patience:
                print(f"early stop at epoch {epoch}, best epoch {best_epoch}, best val {best:.4f}")
                break
    model.load_state_dict(best_state)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "ckpt.pt")
        torch.save({"epoch": best_epoch, "model": model.state_dict(), "opt": opt.state_dict(), "val": best}, path)
        ckpt = torch.load(path)
    print(sorted(ckpt.keys()), ckpt["epoch"], round(ckpt["val"], 4))
    print(list(ckpt["model"].keys()), ckpt["opt"]["param_groups"])
    print(ckpt["opt"]["state"][0]["step"], ckpt["opt"]["state"][0]["exp_avg"].shape)
    bigger = nn.Sequential(nn.Linear(5, 32), nn.Tanh(), nn.Linear(32, 1), nn.ReLU(), nn.Linear(1, 1))
    result = bigger.load_state_dict(ckpt["model"], strict=False)
    print(result)
    print(result.missing_keys, result.unexpected_keys)
    try:
        bigger.load_state_dict(ckpt["model"])
    except RuntimeError as e:
        print(e)
    print(torch.equal(bigger[0].weight, model[0].weight))
    """,
)

case(
    "api_programs2_adam_schedulers",
    """
    import torch
    import torch.nn as nn
    from torch.optim.lr_scheduler import ExponentialLR, CosineAnnealingLR, OneCycleLR

    torch.manual_seed(5)
    X = torch.randn(64, 3)
    y = X.sum(dim=1, keepdim=True) ** 2

    def train(make_sched, name, steps=12):
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))
        opt = torch.optim.Adam(model.parameters(), lr=0.01)
        sched = make_sched(opt)
        lrs = []
        for step in range(steps):
            opt.zero_grad()
            loss = ((model(X) - y) ** 2).mean()
            loss.backward()
            opt.step()
            sched.step()
            lrs.append(round(sched.get_last_lr()[0], 6))
        print(name, f"final loss {loss.item():.4f}")
        print(" ", lrs)
        return sched

    train(lambda o: ExponentialLR(o, gamma=0.9), "exp")
    s = train(lambda o: CosineAnnealingLR(o, T_max=6, eta_min=0.001), "cosine")
    print(s.state_dict())
    s = train(lambda o: OneCycleLR(o, max_lr=0.1, total_steps=12), "onecycle")
    print(s.optimizer.param_groups[0]["betas"], s.optimizer.param_groups[0]["initial_lr"])
    print(type(s).__name__, s.last_epoch)
    try:
        s.step()
    except ValueError as e:
        print("ValueError:", e)
    """,
)

case(
    "api_programs2_reduce_on_plateau",
    """
    import torch
    from torch.optim.lr_scheduler import ReduceLROnPlateau

    torch.manual_seed(6)
    w = torch.zeros(4, requires_grad=True)
    target = torch.tensor([1.0, -2.0, 0.5, 3.0])
    opt = torch.optim.SGD([w], lr=0.5)
    sched = ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=2)
    print(sched.num_bad_epochs, sched.best, sched.mode)
    fake_val = [1.0, 0.8, 0.7, 0.71, 0.72, 0.73, 0.69, 0.70, 0.70, 0.70, 0.70, 0.68]
    for epoch, v in enumerate(fake_val):
        opt.zero_grad()
        loss = ((w - target) ** 2).sum()
        loss.backward()
        opt.step()
        sched.step(v)
        print(epoch, f"{loss.item():.4f}", opt.param_groups[0]["lr"], sched.num_bad_epochs, sched.get_last_lr())
    print(w)
    sched2 = ReduceLROnPlateau(opt, mode="max", factor=0.1, patience=0, threshold=0.01, min_lr=1e-4)
    for acc in [0.5, 0.6, 0.605, 0.6, 0.7, 0.69]:
        sched2.step(acc)
        print(acc, opt.param_groups[0]["lr"])
    """,
)

case(
    "api_programs2_grad_clipping",
    """
    import torch
    import torch.nn as nn
    from torch.nn.utils import clip_grad_norm_, clip_grad_value_

    torch.manual_seed(7)
    model = nn.Sequential(nn.Linear(4, 6), nn.Sigmoid(), nn.Linear(6, 2))
    x = torch.randn(10, 4) * 3
    y = torch.randn(10, 2) * 5
    loss = nn.MSELoss()(model(x), y)
    loss.backward()
    before = [p.grad.norm().item() for p in model.parameters()]
    print([f"{b:.4f}" for b in before])
    total = clip_grad_norm_(model.parameters(), max_norm=1.0)
    print(f"{total.item():.4f}", total.dtype, total.shape)
    after = torch.stack([p.grad.norm() for p in model.parameters()]).norm()
    print(f"{after.item():.4f}")
    model.zero_grad()
    print(model[0].bias.grad)
    loss = nn.MSELoss()(model(x), y)
    loss.backward()
    clip_grad_value_(model.parameters(), clip_value=0.5)
    print(model[2].bias.grad, model[2].weight.grad.abs().max())
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for step in range(5):
        opt.zero_grad()
        loss = nn.MSELoss()(model(x), y)
        loss.backward()
        norm = clip_grad_norm_(model.parameters(), 5.0, norm_type=2)
        opt.step()
        print(step, f"{loss.item():.4f}", f"{norm:.4f}")
    print(f"{clip_grad_norm_(model.parameters(), 1.0, norm_type='inf'):.4f}")
    print(clip_grad_norm_([], 1.0))
    """,
)

case(
    "api_programs2_param_groups_weight_decay",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(8)
    backbone = nn.Linear(4, 8)
    head = nn.Linear(8, 3)
    model = nn.Sequential(backbone, nn.ReLU(), head)
    opt = torch.optim.SGD([
        {"params": backbone.parameters(), "lr": 0.001},
        {"params": head.parameters()},
    ], lr=0.1, momentum=0.9, weight_decay=1e-4)
    print(opt)
    print([g["lr"] for g in opt.param_groups], len(opt.param_groups[0]["params"]))
    x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
    for step in range(3):
        opt.zero_grad(set_to_none=False)
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        print(step, f"{loss.item():.4f}")
    opt.zero_grad(set_to_none=False)
    print(head.bias.grad)
    opt.zero_grad()
    print(head.bias.grad)
    print(opt.state[head.bias]["momentum_buffer"])
    opt.param_groups[1]["lr"] = 0.05
    print(opt.state_dict()["param_groups"][1])
    nodecay = [p for n, p in model.named_parameters() if n.endswith("bias")]
    decay = [p for n, p in model.named_parameters() if not n.endswith("bias")]
    adamw = torch.optim.AdamW([{"params": decay}, {"params": nodecay, "weight_decay": 0.0}], lr=1e-3)
    print(adamw)
    try:
        torch.optim.SGD([{"params": head.parameters()}, {"params": head.parameters()}], lr=0.1)
    except ValueError as e:
        print("ValueError:", e)
    """,
)

case(
    "api_programs2_gradient_descent_by_hand",
    """
    import torch

    torch.manual_seed(9)
    X = torch.randn(100, 2)
    true_w = torch.tensor([[2.0], [-3.4]])
    y = X @ true_w + 4.2 + 0.01 * torch.randn(100, 1)
    w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    print(w, b)
    lr = 0.1
    for epoch in range(30):
        y_hat = X @ w + b
        loss = ((y_hat - y) ** 2 / 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
            w.grad.zero_()
            b.grad.zero_()
        if epoch % 10 == 9:
            print(f"epoch {epoch + 1}, loss {loss.item():.4f}")
    print(w.is_leaf, w.grad, b.grad_fn)
    print(f"error in w: {(true_w - w.detach()).reshape(-1)}")
    print(f"error in b: {4.2 - b.item():.4f}")
    try:
        w = w - lr * w.grad
        w.grad.zero_()
    except AttributeError as e:
        print("AttributeError:", e)
    print(w.is_leaf, w.grad_fn)
    """,
)

case(
    "api_programs2_freeze_layers",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(10)
    model = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 5), nn.ReLU(), nn.Linear(5, 1))

    def count(m):
        return sum(p.numel() for p in m.parameters() if p.requires_grad)

    print("trainable:", count(model))
    for p in model[0].parameters():
        p.requires_grad_(False)
    model[2].requires_grad_(False)
    print("trainable:", count(model))
    print([(n, p.requires_grad) for n, p in model.named_parameters()])
    opt = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.1)
    w0 = model[0].weight.clone()
    x, y = torch.randn(4, 3), torch.randn(4, 1)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    print(model[0].weight.grad, model[2].bias.grad, model[4].bias.grad)
    opt.step()
    print(torch.equal(w0, model[0].weight))
    for p in model.parameters():
        p.requires_grad = False
    out = model(x)
    print(out.requires_grad, out.grad_fn)
    try:
        out.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    model[4].weight.requires_grad_()
    out = model(x)
    print(out.grad_fn.name(), out.requires_grad)
    try:
        model(x).sum().backward(); model[0].weight.grad.zero_()
    except AttributeError as e:
        print("AttributeError:", e)
    try:
        (model[0].weight * 2).requires_grad_(False)
        torch.randn(2, requires_grad=True).mul(2).requires_grad_(False)
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_target_network_detach",
    """
    import copy
    import torch
    import torch.nn as nn

    torch.manual_seed(11)
    q_net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
    target_net = copy.deepcopy(q_net)
    for p in target_net.parameters():
        p.requires_grad_(False)
    opt = torch.optim.Adam(q_net.parameters(), lr=1e-2)
    gamma = 0.99
    for step in range(6):
        s = torch.randn(8, 4)
        a = torch.randint(0, 2, (8,))
        r = torch.randn(8)
        s2 = torch.randn(8, 4)
        done = (torch.rand(8) < 0.2).float()
        q = q_net(s).gather(1, a.unsqueeze(1)).squeeze(1)
        next_q = q_net(s2).max(dim=1).values.detach()
        target = r + gamma * next_q * (1 - done)
        print(q.grad_fn.name(), target.requires_grad, next_q.grad_fn)
        with torch.no_grad():
            target2 = r + gamma * target_net(s2).max(1)[0] * (1 - done)
        loss = nn.functional.smooth_l1_loss(q, target2)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 3 == 2:
            target_net.load_state_dict(q_net.state_dict())
            print("synced")
        print(step, f"{loss.item():.4f}")
    tau = 0.1
    with torch.no_grad():
        for tp, p in zip(target_net.parameters(), q_net.parameters()):
            tp.mul_(1 - tau).add_(tau * p)
    print(target_net[2].bias, target_net[2].bias.requires_grad)
    d = q_net(s).detach()
    d[0, 0] = 100.0
    print(d.requires_grad, d.is_leaf, q_net(s)[0, 0].item() != 100.0)
    """,
)

case(
    "api_programs2_hooks_log_grad_norms",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(12)
    model = nn.Sequential(nn.Linear(6, 6), nn.Tanh(), nn.Linear(6, 6), nn.Tanh(), nn.Linear(6, 1))
    grad_log = {}

    def make_hook(name):
        def hook(grad):
            grad_log.setdefault(name, []).append(round(grad.norm().item(), 4))
        return hook

    handles = [p.register_hook(make_hook(n)) for n, p in model.named_parameters() if "weight" in n]
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x, y = torch.randn(20, 6), torch.randn(20, 1)
    for step in range(3):
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
    for k, v in grad_log.items():
        print(k, v)
    for h in handles:
        h.remove()
    nn.functional.mse_loss(model(x), y).backward()
    print(len(grad_log["0.weight"]))

    acts = {}
    def fwd_hook(mod, inp, out):
        acts[type(mod).__name__ + str(len(acts))] = out.detach()
    def bwd_hook(mod, grad_in, grad_out):
        print("backward", type(mod).__name__, [g.shape for g in grad_out], round(grad_out[0].abs().mean().item(), 4))
    hs = [m.register_forward_hook(fwd_hook) for m in model if isinstance(m, nn.Tanh)]
    hb = model[4].register_full_backward_hook(bwd_hook)
    model.zero_grad()
    model(x).sum().backward()
    print({k: tuple(v.shape) for k, v in acts.items()})
    print(f"{acts['Tanh0'].abs().mean():.4f}")
    hook_doubling = model[4].bias.register_hook(lambda g: g * 2)
    model.zero_grad()
    model(x).sum().backward()
    print(model[4].bias.grad)
    print(type(hb).__name__, hook_doubling.id > 0)
    """,
)

case(
    "api_programs2_retain_grad_activations",
    """
    import torch
    import torch.nn.functional as F

    torch.manual_seed(13)
    W1 = torch.randn(3, 4, requires_grad=True)
    W2 = torch.randn(4, 2, requires_grad=True)
    x = torch.randn(5, 3)
    h = x @ W1
    h.retain_grad()
    a = F.relu(h)
    a.retain_grad()
    out = a @ W2
    loss = out.pow(2).mean()
    print(h.is_leaf, a.is_leaf, out.is_leaf, W1.is_leaf)
    print(h.requires_grad, h.retains_grad, out.retains_grad)
    loss.backward()
    print(a.grad)
    print(h.grad)
    print(torch.equal(h.grad, a.grad * (h > 0)))
    print(out.grad)
    print(f"dead units: {(h <= 0).float().mean().item():.4f}")
    print(W1.grad.shape, W2.grad.norm())
    h.retain_grad()
    print(h.grad_fn, a.grad_fn)
    t = torch.ones(2, requires_grad=True)
    try:
        t.retain_grad()
        print("leaf ok", t.retains_grad)
        torch.ones(2).retain_grad()
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_gradient_penalty",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(14)
    critic = nn.Sequential(nn.Linear(2, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
    gen = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 2))
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-3, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-3, betas=(0.5, 0.9))

    def gradient_penalty(real, fake):
        eps = torch.rand(real.size(0), 1)
        mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
        score = critic(mixed)
        grads, = torch.autograd.grad(outputs=score, inputs=mixed, grad_outputs=torch.ones_like(score),
                                     create_graph=True, retain_graph=True)
        print("  grads", grads.shape, grads.requires_grad, grads.grad_fn is not None)
        return ((grads.norm(2, dim=1) - 1) ** 2).mean()

    for it in range(3):
        real = torch.randn(8, 2) * 0.5 + torch.tensor([2.0, -1.0])
        fake = gen(torch.randn(8, 3)).detach()
        gp = gradient_penalty(real, fake)
        loss_c = critic(fake).mean() - critic(real).mean() + 10 * gp
        opt_c.zero_grad()
        loss_c.backward()
        opt_c.step()
        loss_g = -critic(gen(torch.randn(8, 3))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(it, f"gp {gp.item():.4f} critic {loss_c.item():.4f} gen {loss_g.item():.4f}")
    print(critic[0].weight.grad.abs().sum() > 0)
    x = torch.randn(4, 2, requires_grad=True)
    g, = torch.autograd.grad(critic(x).sum(), x)
    print(g.requires_grad)
    try:
        g.pow(2).sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_straight_through_estimator",
    """
    import torch
    import torch.nn as nn

    class SignSTE(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return torch.sign(x)

        @staticmethod
        def backward(ctx, grad_output):
            x, = ctx.saved_tensors
            return grad_output * (x.abs() <= 1).float()

    class BinaryLinear(nn.Linear):
        def forward(self, x):
            return nn.functional.linear(x, SignSTE.apply(self.weight), self.bias)

    torch.manual_seed(15)
    x = torch.tensor([-2.0, -0.5, 0.0, 0.3, 1.5], requires_grad=True)
    y = SignSTE.apply(x)
    print(y, y.grad_fn.name() if hasattr(y.grad_fn, "name") else y.grad_fn)
    y.sum().backward()
    print(x.grad)
    print(torch.sign(x).requires_grad, x.sign().grad_fn)
    model = nn.Sequential(BinaryLinear(4, 8), nn.Tanh(), BinaryLinear(8, 1))
    print(model)
    X = torch.randn(32, 4)
    Y = (X[:, :1] > 0).float()
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    for step in range(10):
        opt.zero_grad()
        loss = nn.functional.binary_cross_entropy_with_logits(model(X), Y)
        loss.backward()
        opt.step()
        if step % 3 == 0:
            print(step, f"{loss.item():.4f}", model[0].weight.grad.abs().sum() > 0)
    print(model[0].weight.sign()[0])
    out = model(X[:2])
    print(out.grad_fn.name(), [n[0].name() if n[0] else None for n in out.grad_fn.next_functions])
    """,
)

case(
    "api_programs2_clamp_custom_grad",
    """
    import torch
    from torch.autograd import Function, gradcheck

    class ClampWithGrad(Function):
        @staticmethod
        def forward(ctx, x, lo, hi):
            ctx.save_for_backward(x)
            ctx.lo, ctx.hi = lo, hi
            return x.clamp(lo, hi)

        @staticmethod
        def backward(ctx, grad):
            x, = ctx.saved_tensors
            inside = (x >= ctx.lo) & (x <= ctx.hi)
            return grad * torch.where(inside, 1.0, 0.1), None, None

    x = torch.linspace(-3, 3, 7, requires_grad=True)
    y = ClampWithGrad.apply(x, -1.0, 1.0)
    print(y)
    print(type(y.grad_fn).__name__, y.grad_fn.name())
    y.backward(torch.ones_like(y))
    print(x.grad)
    x.grad = None
    x.clamp(-1, 1).sum().backward()
    print(x.grad)
    xd = torch.tensor([-2.5, -0.3, 0.4, 2.2], dtype=torch.double, requires_grad=True)
    print(gradcheck(lambda t: ClampWithGrad.apply(t, -1.0, 1.0).pow(2), (xd,), raise_exception=False))

    class Square(Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return 3 * g * x

    try:
        gradcheck(Square.apply, (xd,))
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
    print(gradcheck(Square.apply, (xd,), raise_exception=False))
    try:
        Square.apply(torch.ones(2, requires_grad=True)).sum().backward()
        Square()(torch.ones(2))
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_higher_order_loop",
    """
    import torch

    x = torch.tensor(0.5, requires_grad=True)
    f = torch.sin(x) * x ** 2
    derivs = [f]
    for k in range(4):
        g, = torch.autograd.grad(derivs[-1], x, create_graph=True)
        derivs.append(g)
    for k, d in enumerate(derivs):
        print(k, f"{d.item():.4f}", d.grad_fn.name() if d.grad_fn is not None else None)

    xs = torch.linspace(-2, 2, 5, requires_grad=True)
    y = torch.tanh(xs)
    dy, = torch.autograd.grad(y.sum(), xs, create_graph=True)
    d2y, = torch.autograd.grad(dy.sum(), xs, create_graph=True)
    print(dy)
    print(d2y)
    print(torch.allclose(dy, 1 - torch.tanh(xs) ** 2))

    z = torch.tensor(2.0, requires_grad=True)
    h = z ** 3
    h.backward(create_graph=True)
    print(z.grad, z.grad.grad_fn is not None)
    g1 = z.grad
    z.grad = None
    g1.backward()
    print(z.grad)
    w = torch.tensor(1.0, requires_grad=True)
    out = w * 3
    d, = torch.autograd.grad(out, w, create_graph=True)
    print(d, d.requires_grad)
    try:
        torch.autograd.grad(d, w)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(torch.autograd.grad(d, w, allow_unused=True))
    """,
    fresh_process=True,
)

case(
    "api_programs2_newton_and_jacobian",
    """
    import torch
    from torch.autograd.functional import jacobian, hessian

    def f(x):
        return x ** 3 - 2 * x - 5

    x = torch.tensor(2.0, requires_grad=True)
    for i in range(5):
        y = f(x)
        dy, = torch.autograd.grad(y, x)
        with torch.no_grad():
            x -= y / dy
        print(i, f"{x.item():.6f}", f"{y.item():.6f}")

    def g(v):
        return torch.stack([v[0] * v[1], v[0] ** 2 + torch.sin(v[1])])

    v = torch.tensor([1.0, 2.0])
    J = jacobian(g, v)
    print(J)
    vv = v.clone().requires_grad_()
    out = g(vv)
    rows = []
    for i in range(2):
        gi, = torch.autograd.grad(out, vv, grad_outputs=torch.eye(2)[i], retain_graph=True)
        rows.append(gi)
    print(torch.stack(rows))
    vv.grad = None
    out.backward(gradient=torch.tensor([1.0, 10.0]))
    print(vv.grad)
    def rosen(p):
        return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
    print(hessian(rosen, torch.tensor([1.0, 1.0])))
    try:
        out2 = g(vv)
        out2.backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        out2.backward(torch.ones(3))
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_mistake_backward_twice",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(16)
    model = nn.Linear(3, 1)
    x = torch.randn(4, 3)
    hidden = torch.sigmoid(model(x))
    loss1 = hidden.sum()
    loss2 = (hidden ** 2).sum()
    loss1.backward()
    try:
        loss2.backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        loss1.backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    model.zero_grad()
    hidden = torch.sigmoid(model(x))
    (hidden.sum()).backward(retain_graph=True)
    (hidden ** 2).sum().backward()
    print(model.bias.grad)
    total = 0
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(3):
        out = model(x).mean()
        total = total + out
        opt.zero_grad()
        try:
            total.backward()
        except RuntimeError as e:
            print(step, "RuntimeError:", str(e)[:60])
            break
        opt.step()
    print(total)
    running = 0.0
    for step in range(3):
        out = model(x).mean()
        running += out.item()
    print(f"{running:.4f}", type(running).__name__)
    """,
)

case(
    "api_programs2_mistake_inplace_leaf",
    """
    import torch

    w = torch.randn(3, requires_grad=True)
    lr = 0.1
    try:
        w -= lr * torch.ones(3)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        w.zero_()
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        w[0] = 5.0
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        w.data[0] = 5.0
        print("via .data:", w.requires_grad, w.is_leaf)
    except RuntimeError as e:
        print("RuntimeError:", e)
    with torch.no_grad():
        w -= lr * torch.ones(3)
        w[1] = 0.0
    print(w.requires_grad, w.is_leaf, w.grad_fn)
    w = w - 1
    print(w.is_leaf, w.grad_fn.name())
    b = torch.zeros(2, requires_grad=True)
    c = b.view(2)
    try:
        c.add_(1)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        torch.nn.init.normal_(b)
        print("init ok", b.requires_grad)
    except RuntimeError as e:
        print("RuntimeError:", e)
    p = torch.nn.Parameter(torch.ones(2))
    try:
        p += 1
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_mistake_modify_saved_tensor",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(17)
    x = torch.randn(4, requires_grad=True)
    y = torch.sigmoid(x)
    y.mul_(2)
    try:
        y.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    a = torch.randn(3, requires_grad=True)
    b = a * 2
    c = b ** 2
    b += 1
    try:
        c.sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(b._version, b.grad_fn.name())
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 3)
            self.relu = nn.ReLU(inplace=True)
        def forward(self, x):
            h = self.fc(x)
            out = self.relu(h)
            out += h
            return out
    net = Net()
    print(net)
    try:
        net(torch.randn(2, 3)).sum().backward()
        print("ok", net.fc.bias.grad)
    except RuntimeError as e:
        print("RuntimeError:", e)
    x = torch.randn(3, requires_grad=True)
    e = x.exp()
    e[0] = 0.0
    try:
        e.sum().backward()
    except RuntimeError as err:
        print("RuntimeError:", err)
    z = torch.randn(2, 2, requires_grad=True)
    t = z.t()
    t2 = t * t
    z2 = z.detach()
    z2.zero_()
    try:
        t2.sum().backward()
    except RuntimeError as err:
        print("RuntimeError:", err)
    print(z)
    """,
)

case(
    "api_programs2_mistake_numpy_requires_grad",
    """
    import numpy as np
    import torch
    import torch.nn as nn

    torch.manual_seed(18)
    model = nn.Linear(2, 2)
    out = model(torch.randn(3, 2))
    try:
        out.numpy()
    except RuntimeError as e:
        print("RuntimeError:", e)
    arr = out.detach().numpy()
    print(type(arr).__name__, arr.dtype, arr.shape)
    with torch.no_grad():
        print(model(torch.ones(1, 2)).numpy().round(4))
    try:
        model.weight.numpy()
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(model.weight.data.numpy().shape)
    try:
        out.cpu().numpy()
    except Exception as e:
        print(type(e).__name__, e)
    try:
        out.tolist()
        print("tolist ok", [round(v, 4) for v in out[0].tolist()])
        float(out)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        print(out.sum().item() == float(out.sum()))
        out.item()
    except RuntimeError as e:
        print("RuntimeError:", e)
    a = torch.from_numpy(np.array([1.0, 2.0]))
    print(a, a.dtype)
    try:
        model(a)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(model(a.float()).shape)
    try:
        torch.tensor([1, 2], requires_grad=True)
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
    fresh_process=True,
)

case(
    "api_programs2_mistake_mse_broadcast",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(19)
    X = torch.randn(6, 3)
    y = torch.randn(6)
    model = nn.Linear(3, 1)
    pred = model(X)
    print(pred.shape, y.shape)
    loss_wrong = nn.functional.mse_loss(pred, y)
    loss_right = nn.functional.mse_loss(pred.squeeze(1), y)
    print(f"wrong {loss_wrong.item():.4f} right {loss_right.item():.4f}")
    print(((pred - y) ** 2).shape)
    criterion = nn.MSELoss()
    print(f"{criterion(pred, y.unsqueeze(1)).item():.4f}")
    print(f"{nn.L1Loss()(pred, y.view(-1, 1)).item():.4f}")
    try:
        criterion(pred, torch.randn(5, 1))
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(nn.MSELoss(reduction="sum")(pred.view(-1), y).item() > 0)
    print(nn.MSELoss(reduction="none")(pred, y.view(6, 1)).shape)
    try:
        nn.MSELoss(reduction="average")
        nn.MSELoss(reduction="average")(pred, pred)
    except ValueError as e:
        print("ValueError:", e)
    try:
        nn.functional.mse_loss(pred, y.long().unsqueeze(1))
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(nn.functional.mse_loss(pred, torch.zeros(6, 1, dtype=torch.float64)).dtype)
    """,
)

case(
    "api_programs2_mistake_cross_entropy_targets",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(20)
    logits = torch.randn(4, 3, requires_grad=True)
    labels = torch.tensor([0, 2, 1, 2])
    loss_fn = nn.CrossEntropyLoss()
    print(f"{loss_fn(logits, labels).item():.4f}")
    for bad in (labels.float(), labels.float().unsqueeze(1), labels.unsqueeze(1), torch.tensor([0, 3, 1, 2]),
                labels[:3], labels.int(), torch.tensor([[0.2, 0.5, 0.3]] * 4), torch.ones(4, 4) / 4):
        try:
            print(f"ok {loss_fn(logits, bad).item():.4f}")
        except (RuntimeError, IndexError, ValueError) as e:
            print(type(e).__name__ + ":", e)
    onehot = nn.functional.one_hot(labels, num_classes=3)
    print(onehot, onehot.dtype)
    print(f"{loss_fn(logits, onehot.float()).item():.4f}")
    try:
        loss_fn(logits, onehot)
    except RuntimeError as e:
        print("RuntimeError:", e)
    probs = logits.softmax(1)
    print(f"{nn.NLLLoss()(probs.log(), labels).item():.4f}")
    try:
        nn.BCELoss()(logits, labels)
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
    try:
        nn.BCEWithLogitsLoss()(logits[:, 0], labels)
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
    print(f"{nn.BCEWithLogitsLoss()(logits[:, 0], labels.float()).item():.4f}")
    print(f"{nn.CrossEntropyLoss(label_smoothing=0.1)(logits, labels).item():.4f}")
    """,
)

case(
    "api_programs2_mistake_forgot_zero_grad",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(21)
    w = torch.tensor([1.0, -1.0], requires_grad=True)
    x = torch.tensor([2.0, 3.0])
    for step in range(3):
        loss = (w * x).sum()
        loss.backward()
        print(step, w.grad)
    w.grad.zero_()
    print(w.grad)
    model = nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    X, Y = torch.randn(8, 2), torch.randn(8, 1)
    for step in range(4):
        loss = ((model(X) - Y) ** 2).mean()
        loss.backward()
        print(step, f"{loss.item():.4f}", model.bias.grad)
        opt.step()
    opt.zero_grad()
    print(model.bias.grad, model.weight.grad)
    for micro in range(2):
        loss = ((model(X[micro * 4:(micro + 1) * 4]) - Y[micro * 4:(micro + 1) * 4]) ** 2).mean() / 2
        loss.backward()
    acc = model.weight.grad.clone()
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    print(torch.allclose(acc, model.weight.grad), acc)
    """,
)

case(
    "api_programs2_mistake_long_into_linear",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(22)
    layer = nn.Linear(3, 2)
    x = torch.tensor([[1, 2, 3], [4, 5, 6]])
    print(x.dtype)
    try:
        layer(x)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(layer(x.float()))
    try:
        layer(torch.ones(2, 4))
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        layer(torch.ones(3))
        print(layer(torch.ones(3)).shape)
        layer(torch.tensor(1.0))
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        layer(torch.ones(2, 3, dtype=torch.float64))
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(layer.double()(torch.ones(2, 3, dtype=torch.float64)).dtype, layer.weight.dtype)
    emb = nn.Embedding(10, 4)
    try:
        emb(torch.tensor([1.0, 2.0]))
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        emb(torch.tensor([1, 10]))
    except IndexError as e:
        print("IndexError:", e)
    print(emb(torch.tensor([[1, 2], [3, 4]])).shape)
    conv = nn.Conv2d(1, 2, 3)
    try:
        conv(torch.randn(1, 3, 5, 5))
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        conv(torch.randint(0, 255, (1, 1, 5, 5)))
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_warmup_schedulers_chain",
    """
    import torch
    from torch.optim.lr_scheduler import LinearLR, CosineAnnealingLR, SequentialLR, LambdaLR, MultiStepLR

    torch.manual_seed(23)
    model = torch.nn.Linear(2, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    warmup = LinearLR(opt, start_factor=0.1, total_iters=3)
    cosine = CosineAnnealingLR(opt, T_max=5)
    sched = SequentialLR(opt, schedulers=[warmup, cosine], milestones=[3])
    lrs = []
    for epoch in range(9):
        opt.step()
        sched.step()
        lrs.append(f"{opt.param_groups[0]['lr']:.5f}")
    print(lrs)
    print(sched.get_last_lr(), type(sched.get_last_lr()[0]).__name__)
    opt2 = torch.optim.Adam(model.parameters(), lr=1.0)
    lam = LambdaLR(opt2, lr_lambda=lambda e: 1 / (e + 1))
    ms = MultiStepLR(opt2, milestones=[2, 4], gamma=0.1)
    for epoch in range(6):
        opt2.step()
        lam.step()
        ms.step()
        print(epoch, [round(x, 6) for x in lam.get_last_lr()], [round(x, 6) for x in ms.get_last_lr()])
    sd = ms.state_dict()
    print(sorted(sd.keys()), sd["milestones"], sd["last_epoch"])
    print(sorted(lam.state_dict().keys()))
    opt3 = torch.optim.SGD(model.parameters(), lr=0.5)
    s3 = MultiStepLR(opt3, milestones=[1, 2], gamma=0.5)
    s3.load_state_dict(sd)
    print(s3.last_epoch, s3.milestones)
    s3.step()
    print(opt3.param_groups[0]["lr"])
    """,
)

case(
    "api_programs2_scheduler_order_warning",
    """
    import torch
    from torch.optim.lr_scheduler import StepLR, CosineAnnealingWarmRestarts, CyclicLR

    torch.manual_seed(24)
    model = torch.nn.Linear(3, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = StepLR(opt, step_size=2, gamma=0.1)
    x, y = torch.randn(5, 3), torch.randn(5, 1)
    for epoch in range(4):
        sched.step()
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        print(epoch, f"{loss.item():.4f}", sched.get_last_lr())
    print(sched.get_lr())
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    warm = CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.01)
    out = []
    for i in range(10):
        opt.step()
        warm.step()
        out.append(round(warm.get_last_lr()[0], 5))
    print(out, warm.T_cur, warm.T_i)
    cyc = CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2, mode="triangular2")
    out = []
    for i in range(9):
        opt.step()
        cyc.step()
        out.append(round(opt.param_groups[0]["lr"], 5))
    print(out, [round(m, 4) for m in [opt.param_groups[0]["momentum"]]])
    try:
        StepLR(torch.optim.Adam(model.parameters()), step_size=0)
        print("made")
        StepLR(object(), 2)
    except TypeError as e:
        print("TypeError:", e)
    try:
        CyclicLR(torch.optim.Adam(model.parameters(), lr=0.1), base_lr=0.01, max_lr=0.1)
    except ValueError as e:
        print("ValueError:", e)
    """,
)

case(
    "api_programs2_save_load_files",
    """
    import io
    import os
    import tempfile
    import torch
    import torch.nn as nn

    torch.manual_seed(25)
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Linear(4, 8)
            self.fc2 = nn.Linear(8, 2)
            self.register_buffer("scale", torch.tensor(2.0))
        def forward(self, x):
            return self.fc2(torch.relu(self.fc1(x))) * self.scale
    net = Net()
    print(net)
    print(list(net.state_dict()))
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "model.pth")
    torch.save(net.state_dict(), path)
    print(os.path.exists(path))
    net2 = Net()
    print(net2.load_state_dict(torch.load(path, weights_only=True)))
    x = torch.randn(3, 4)
    print(torch.equal(net(x), net2(x)))
    sd = torch.load(path, map_location="cpu")
    print(type(sd).__name__, sd["scale"], sd["fc1.bias"].shape)
    sd["fc1.weight"] = torch.zeros(8, 5)
    try:
        net2.load_state_dict(sd)
    except RuntimeError as e:
        print("RuntimeError:", e)
    buf = io.BytesIO()
    torch.save({"tensor": torch.arange(3), "list": [1, 2.5, "a"], "nested": {"w": torch.ones(2)}}, buf)
    buf.seek(0)
    print(torch.load(buf))
    shared = torch.arange(6.0)
    buf = io.BytesIO()
    torch.save([shared, shared[2:4]], buf)
    buf.seek(0)
    a, b = torch.load(buf)
    a[2] = 100.0
    print(b)
    os.remove(path)
    try:
        torch.load(path)
    except FileNotFoundError as e:
        print("FileNotFoundError:", e.errno, e.strerror, os.path.basename(e.filename))
    os.rmdir(tmp)
    """,
)

case(
    "api_programs2_parameters_vector_utils",
    """
    import torch
    import torch.nn as nn
    from torch.nn.utils import parameters_to_vector, vector_to_parameters

    torch.manual_seed(26)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    vec = parameters_to_vector(model.parameters())
    print(vec.shape, vec.requires_grad, vec.grad_fn.name())
    n = sum(p.numel() for p in model.parameters())
    print(n)
    vector_to_parameters(torch.zeros(n), model.parameters())
    print(model[2].bias, model(torch.randn(1, 3)))
    try:
        vector_to_parameters(torch.zeros(n + 1), model.parameters())
        print("no error")
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        vector_to_parameters([0.0] * n, model.parameters())
    except TypeError as e:
        print("TypeError:", e)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    x = torch.randn(5, 3)
    loss = model(x).pow(2).sum()
    loss.backward()
    g = torch.cat([p.grad.view(-1) for p in model.parameters()])
    print(g.shape, f"{g.norm().item():.4f}")
    grads = torch.autograd.grad(model(x).pow(2).sum(), list(model.parameters()))
    print([tuple(t.shape) for t in grads])
    print(torch.allclose(torch.cat([t.flatten() for t in grads]), g))
    model[0].weight.grad[0, 0] = float("nan")
    try:
        nn.utils.clip_grad_norm_(model.parameters(), 1.0, error_if_nonfinite=True)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(nn.utils.clip_grad_norm_(model.parameters(), 1.0))
    print(model[2].bias.grad)
    """,
)

case(
    "api_programs2_imbalanced_weighted_sampler",
    """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader, WeightedRandomSampler

    torch.manual_seed(27)
    X = torch.randn(100, 3)
    y = torch.cat([torch.zeros(90), torch.ones(10)]).long()
    counts = torch.bincount(y)
    print(counts)
    class_w = 1.0 / counts.float()
    sample_w = class_w[y]
    sampler = WeightedRandomSampler(sample_w, num_samples=len(y), replacement=True)
    loader = DataLoader(TensorDataset(X, y), batch_size=20, sampler=sampler)
    seen = torch.zeros(2)
    for xb, yb in loader:
        seen += torch.bincount(yb, minlength=2)
    print(seen)
    try:
        DataLoader(TensorDataset(X, y), batch_size=20, sampler=sampler, shuffle=True)
    except ValueError as e:
        print("ValueError:", e)
    model = nn.Linear(3, 2)
    loss_fn = nn.CrossEntropyLoss(weight=counts.sum() / (2 * counts.float()))
    print(loss_fn.weight)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        for xb, yb in DataLoader(TensorDataset(X, y), batch_size=25, shuffle=True):
            opt.zero_grad()
            loss = loss_fn(model(xb), yb)
            loss.backward()
            opt.step()
        print(epoch, f"{loss.item():.4f}")
    with torch.no_grad():
        pred = model(X).argmax(1)
    print("acc", (pred == y).float().mean().item(), "recall", (pred[y == 1] == 1).float().mean().item())
    print(list(WeightedRandomSampler([0.1, 0.9, 0.4], 5, replacement=True, generator=torch.Generator().manual_seed(1))))
    try:
        list(WeightedRandomSampler([0.1, 0.9], 5, replacement=False))
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_kfold_subsets",
    """
    import torch
    import torch.nn as nn
    from torch.utils.data import TensorDataset, DataLoader, Subset, SubsetRandomSampler

    torch.manual_seed(28)
    X = torch.randn(30, 2)
    y = (X[:, 0] > X[:, 1]).long()
    ds = TensorDataset(X, y)
    k = 3
    perm = torch.randperm(len(ds))
    folds = perm.chunk(k)
    print([f.tolist()[:3] for f in folds])
    scores = []
    for i in range(k):
        val_idx = folds[i]
        train_idx = torch.cat([folds[j] for j in range(k) if j != i])
        train_loader = DataLoader(ds, batch_size=10, sampler=SubsetRandomSampler(train_idx))
        val_set = Subset(ds, val_idx.tolist())
        torch.manual_seed(0)
        model = nn.Linear(2, 2)
        opt = torch.optim.Adam(model.parameters(), lr=0.1)
        for epoch in range(10):
            for xb, yb in train_loader:
                opt.zero_grad()
                nn.functional.cross_entropy(model(xb), yb).backward()
                opt.step()
        xv, yv = next(iter(DataLoader(val_set, batch_size=len(val_set))))
        with torch.no_grad():
            acc = (model(xv).argmax(1) == yv).float().mean().item()
        scores.append(acc)
        print(f"fold {i}: n_train={len(train_idx)} n_val={len(val_set)} acc={acc:.4f}")
    print(f"mean acc {sum(scores) / k:.4f}")
    print(len(train_loader), len(SubsetRandomSampler(train_idx)))
    print(val_set[0], type(val_set.dataset).__name__)
    print(len(Subset(ds, range(5)) + Subset(ds, [7, 8])))
    """,
)

case(
    "api_programs2_iterable_dataset_stream",
    """
    import math
    import torch
    from torch.utils.data import IterableDataset, DataLoader

    class Stream(IterableDataset):
        def __init__(self, start, end):
            super().__init__()
            self.start, self.end = start, end

        def __iter__(self):
            for i in range(self.start, self.end):
                yield torch.tensor([float(i), math.sin(i)]), i % 3

    ds = Stream(0, 7)
    for xb, yb in DataLoader(ds, batch_size=3):
        print(xb.shape, yb)
    print(len(list(DataLoader(ds, batch_size=3, drop_last=True))))
    try:
        DataLoader(ds, batch_size=3, shuffle=True)
    except ValueError as e:
        print("ValueError:", e)
    try:
        len(DataLoader(ds, batch_size=3))
    except TypeError as e:
        print("TypeError:", e)
    class Sized(Stream):
        def __len__(self):
            return self.end - self.start
    loader = DataLoader(Sized(0, 7), batch_size=3)
    print(len(loader))
    both = Stream(0, 2) + Stream(10, 12)
    print(type(both).__name__, [x[0].tolist() for x in both])
    it = iter(DataLoader(Stream(0, 2), batch_size=None))
    print(next(it))
    print(next(it))
    try:
        next(it)
    except StopIteration:
        print("StopIteration")
    try:
        ds[0]
    except NotImplementedError as e:
        print("NotImplementedError:", e)
    """,
)

case(
    "api_programs2_small_cnn_images",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.utils.data import TensorDataset, DataLoader

    torch.manual_seed(29)
    imgs = torch.rand(40, 1, 8, 8)
    labels = (imgs[:, 0, :4].mean(dim=(1, 2)) > imgs[:, 0, 4:].mean(dim=(1, 2))).long()
    class CNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 4, 3, padding=1)
            self.bn1 = nn.BatchNorm2d(4)
            self.pool = nn.MaxPool2d(2)
            self.conv2 = nn.Conv2d(4, 8, 3)
            self.drop = nn.Dropout(0.25)
            self.fc = nn.Linear(8 * 2 * 2, 2)
        def forward(self, x):
            x = self.pool(F.relu(self.bn1(self.conv1(x))))
            x = F.relu(self.conv2(x))
            x = self.drop(x.flatten(1))
            return self.fc(x)
    model = CNN()
    print(model)
    print(model(imgs[:2]).shape, sum(p.numel() for p in model.parameters()))
    loader = DataLoader(TensorDataset(imgs, labels), batch_size=8, shuffle=True, drop_last=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, nesterov=True)
    sched = torch.optim.lr_scheduler.StepLR(opt, 2, gamma=0.5)
    for epoch in range(4):
        model.train()
        losses = []
        for xb, yb in loader:
            opt.zero_grad()
            loss = F.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        sched.step()
        model.eval()
        with torch.no_grad():
            acc = (model(imgs).argmax(1) == labels).float().mean()
        print(f"epoch {epoch}: loss {sum(losses) / len(losses):.4f} acc {acc.item():.4f} lr {sched.get_last_lr()[0]}")
    print(model.bn1.running_mean, model.bn1.num_batches_tracked)
    print(model.conv1.weight.grad.shape, model.conv1.weight.grad.abs().sum() > 0)
    """,
)

case(
    "api_programs2_gru_padded_sequences",
    """
    import torch
    import torch.nn as nn
    from torch.nn.utils.rnn import pad_sequence, pack_padded_sequence, pad_packed_sequence
    from torch.utils.data import DataLoader

    torch.manual_seed(30)
    seqs = [torch.randn(int(n), 2) for n in torch.randint(2, 6, (6,))]
    targets = [s.sum().item() > 0 for s in seqs]
    data = list(zip(seqs, targets))
    print([len(s) for s in seqs], targets)

    def collate(batch):
        xs, ys = zip(*batch)
        lengths = torch.tensor([len(x) for x in xs])
        return pad_sequence(xs, batch_first=True), lengths, torch.tensor(ys).float()

    class Classifier(nn.Module):
        def __init__(self):
            super().__init__()
            self.gru = nn.GRU(2, 5, batch_first=True)
            self.out = nn.Linear(5, 1)
        def forward(self, x, lengths):
            packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
            _, h = self.gru(packed)
            return self.out(h[-1]).squeeze(1)

    model = Classifier()
    print(model)
    opt = torch.optim.RMSprop(model.parameters(), lr=0.01)
    loader = DataLoader(data, batch_size=3, collate_fn=collate)
    xb, lb, yb = next(iter(loader))
    print(xb.shape, lb, yb)
    for epoch in range(4):
        for xb, lb, yb in loader:
            opt.zero_grad()
            loss = nn.functional.binary_cross_entropy_with_logits(model(xb, lb), yb)
            loss.backward()
            norm = nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
        print(epoch, f"{loss.item():.4f}", f"{norm.item():.4f}")
    packed = pack_padded_sequence(xb, lb, batch_first=True, enforce_sorted=False)
    print(packed.batch_sizes, packed.sorted_indices)
    out, lens = pad_packed_sequence(model.gru(packed)[0], batch_first=True)
    print(out.shape, lens)
    try:
        pack_padded_sequence(xb, lb, batch_first=True)
    except RuntimeError as e:
        print("RuntimeError:", e)
    """,
)

case(
    "api_programs2_softmax_regression_scratch",
    """
    import torch

    torch.manual_seed(31)
    num_inputs, num_outputs = 4, 3
    W = torch.normal(0, 0.01, size=(num_inputs, num_outputs), requires_grad=True)
    b = torch.zeros(num_outputs, requires_grad=True)
    X = torch.randn(60, num_inputs)
    y = (X[:, 0] > 0).long() + (X[:, 1] > 0).long()

    def softmax(X):
        X_exp = torch.exp(X)
        partition = X_exp.sum(1, keepdim=True)
        return X_exp / partition

    def net(X):
        return softmax(torch.matmul(X.reshape((-1, W.shape[0])), W) + b)

    def cross_entropy(y_hat, y):
        return -torch.log(y_hat[range(len(y_hat)), y])

    def accuracy(y_hat, y):
        if len(y_hat.shape) > 1 and y_hat.shape[1] > 1:
            y_hat = y_hat.argmax(axis=1)
        cmp = y_hat.type(y.dtype) == y
        return float(cmp.type(y.dtype).sum())

    X_prob = softmax(torch.normal(0, 1, (2, 5)))
    print(X_prob, X_prob.sum(1))
    y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
    print(y_hat[[0, 1], [0, 2]], cross_entropy(y_hat, torch.tensor([0, 2])))
    print(accuracy(y_hat, torch.tensor([0, 2])) / 2)
    lr = 0.5
    for epoch in range(5):
        for i in range(0, 60, 20):
            l = cross_entropy(net(X[i:i + 20]), y[i:i + 20])
            l.mean().backward()
            with torch.no_grad():
                for param in (W, b):
                    param -= lr * param.grad
                    param.grad.zero_()
        with torch.no_grad():
            train_l = cross_entropy(net(X), y).mean()
        print(f"epoch {epoch + 1}, loss {train_l:.4f}, acc {accuracy(net(X), y) / len(y):.4f}")
    print(W.grad, b)
    """,
)

case(
    "api_programs2_resume_from_checkpoint",
    """
    import io
    import torch
    import torch.nn as nn

    def make():
        torch.manual_seed(32)
        model = nn.Sequential(nn.Linear(3, 6), nn.ReLU(), nn.Linear(6, 1))
        opt = torch.optim.Adam(model.parameters(), lr=0.02, weight_decay=1e-3)
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
        return model, opt, sched

    torch.manual_seed(0)
    X, Y = torch.randn(32, 3), torch.randn(32, 1)

    def train(model, opt, sched, epochs):
        for _ in range(epochs):
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(X), Y)
            loss.backward()
            opt.step()
            sched.step()
        return loss.item()

    model, opt, sched = make()
    print(f"{train(model, opt, sched, 6):.4f}")
    reference = model[0].weight.clone()

    model, opt, sched = make()
    train(model, opt, sched, 3)
    buf = io.BytesIO()
    torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(), "epoch": 3}, buf)
    model2, opt2, sched2 = make()
    buf.seek(0)
    ck = torch.load(buf)
    model2.load_state_dict(ck["model"])
    opt2.load_state_dict(ck["opt"])
    sched2.load_state_dict(ck["sched"])
    print(ck["epoch"], opt2.param_groups[0]["lr"], sched2.last_epoch)
    print(f"{train(model2, opt2, sched2, 3):.4f}")
    print(torch.equal(reference, model2[0].weight))
    print(list(opt2.state_dict()["state"][0].keys()))
    model3, opt3, sched3 = make()
    print(f"{train(model3, opt3, sched3, 3):.4f}")
    print(torch.equal(reference, model3[0].weight))
    bad = opt.state_dict()
    bad["param_groups"][0]["params"] = [0, 1]
    try:
        opt3.load_state_dict(bad)
    except ValueError as e:
        print("ValueError:", e)
    """,
)

case(
    "api_programs2_inspect_and_init_model",
    """
    import torch
    import torch.nn as nn

    class Block(nn.Module):
        def __init__(self, d, p=0.1):
            super().__init__()
            self.lin = nn.Linear(d, d)
            self.norm = nn.LayerNorm(d)
            self.p = p
        def forward(self, x):
            return self.norm(x + nn.functional.dropout(torch.relu(self.lin(x)), self.p, self.training))
        def extra_repr(self):
            return f"p={self.p}"

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.inp = nn.Linear(3, 8)
            self.blocks = nn.ModuleList([Block(8) for _ in range(2)])
            self.head = nn.Linear(8, 1)
        def forward(self, x):
            x = self.inp(x)
            for blk in self.blocks:
                x = blk(x)
            return self.head(x)

    torch.manual_seed(33)
    net = Net()
    print(net)
    print([n for n, _ in net.named_children()])
    print([n for n, _ in net.named_modules()])
    print(sum(p.numel() for p in net.parameters()), len(list(net.parameters())))
    def init(m):
        if isinstance(m, nn.Linear):
            nn.init.kaiming_normal_(m.weight, nonlinearity="relu")
            nn.init.zeros_(m.bias)
    net.apply(init)
    print(net.head.bias, f"{net.inp.weight.std().item():.4f}")
    print(net.blocks[1].norm.weight.shape, net.blocks[0])
    net.eval()
    print(net(torch.ones(2, 3)).shape, all(not m.training for m in net.modules()))
    print(net.get_submodule("blocks.1.lin"))
    print(net.get_parameter("blocks.0.norm.bias").shape)
    try:
        net.get_submodule("blocks.2")
    except AttributeError as e:
        print("AttributeError:", e)
    try:
        net.blocks.append(torch.ones(2))
    except TypeError as e:
        print("TypeError:", e)
    try:
        print(net.missing)
    except AttributeError as e:
        print("AttributeError:", e)
    """,
)

case(
    "api_programs2_mistake_clip_before_backward",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(34)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    X, y = torch.randn(16, 4), torch.randn(16, 1)
    for step in range(3):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        try:
            nn.utils.clip_grad_value_(model.parameters(), 0.1)
        except RuntimeError as e:
            print(step, "RuntimeError:", e)
            break
        loss.backward()
        opt.step()
    print(nn.utils.clip_grad_norm_(model.parameters(), 1.0))
    print(model[0].weight.grad)
    for step in range(3):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(X), y)
        loss.backward()
        nn.utils.clip_grad_value_(model.parameters(), 0.1)
        opt.step()
        print(step, f"{loss.item():.4f}", model[2].bias.grad, model[0].weight.grad.abs().max())
    opt.zero_grad()
    try:
        nn.utils.clip_grad_value_(model[2].bias, 0.1)
    except RuntimeError as e:
        print("RuntimeError:", e)
    model[2].bias.grad = torch.tensor([3.0])
    nn.utils.clip_grad_value_(model.parameters(), 0.1)
    print(model[2].bias.grad, model[2].weight.grad)
    """,
)

case(
    "api_programs2_checkpoint_map_location",
    """
    import os
    import tempfile
    import torch
    import torch.nn as nn

    torch.manual_seed(35)
    model = nn.Linear(3, 2)
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "best.pt")
    torch.save({"state": model.state_dict(), "acc": 0.75}, path)
    print(torch.cuda.is_available())
    try:
        ckpt = torch.load(path, map_location="cuda")
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        ckpt = torch.load(path, map_location=torch.device("cuda:0"))
    except RuntimeError as e:
        print("RuntimeError:", e)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    ckpt = torch.load(path, map_location=device)
    print(device, ckpt["acc"], ckpt["state"]["bias"].device)
    ckpt = torch.load(path, map_location=lambda storage, loc: storage)
    print(sorted(ckpt["state"]))
    print(torch.load(path, map_location={"cuda:0": "cpu"})["state"]["weight"].shape)
    try:
        torch.load(path, map_location="gpu")
    except RuntimeError as e:
        print("RuntimeError:", e)
    torch.save({"acc": 0.5, "note": "no tensors"}, path)
    print(torch.load(path, map_location="cuda"))
    empty = os.path.join(folder, "crashed.pt")
    open(empty, "wb").close()
    try:
        torch.load(empty)
    except EOFError as e:
        print("EOFError:", repr(e))
    try:
        torch.load(empty, weights_only=False)
    except EOFError as e:
        print("EOFError:", repr(e))
    os.remove(empty)
    os.remove(path)
    os.rmdir(folder)
    """,
)

case(
    "api_programs2_autoencoder_inference_mode",
    """
    import torch
    import torch.nn as nn
    from torch.utils.data import DataLoader, TensorDataset

    torch.manual_seed(36)
    latent = torch.randn(64, 2)
    data = torch.tanh(latent @ torch.randn(2, 6))
    encoder = nn.Sequential(nn.Linear(6, 4), nn.ELU(), nn.Linear(4, 2))
    decoder = nn.Sequential(nn.Linear(2, 4), nn.ELU(), nn.Linear(4, 6), nn.Tanh())
    ae = nn.Sequential(encoder, decoder)
    opt = torch.optim.Adam(ae.parameters(), lr=0.02)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=5, eta_min=1e-3)
    loader = DataLoader(TensorDataset(data), batch_size=16, shuffle=True, generator=torch.Generator().manual_seed(1))
    for epoch in range(5):
        total = 0.0
        for (xb,) in loader:
            recon = ae(xb)
            loss = nn.functional.mse_loss(recon, xb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        sched.step()
        print(f"epoch {epoch} loss {total / len(loader):.4f} lr {sched.get_last_lr()[0]:.5f}")
    with torch.inference_mode():
        codes = encoder(data[:4])
    print(codes.shape, codes.requires_grad, codes.is_inference())
    try:
        decoder(codes).sum().backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        nn.functional.mse_loss(decoder(codes), data[:4]).backward()
    except RuntimeError as e:
        print("RuntimeError:", e)
    codes2 = codes.clone()
    print(codes2.is_inference(), decoder(codes2).grad_fn.name())
    with torch.no_grad():
        c3 = encoder(data[:4])
    print(c3.is_inference(), torch.equal(c3, codes))
    try:
        codes.add_(1)
    except RuntimeError as e:
        print("RuntimeError:", e)

    @torch.no_grad()
    def evaluate(x):
        return nn.functional.mse_loss(ae(x), x)
    print(f"{evaluate(data).item():.4f}", evaluate(data).requires_grad)
    """,
)

case(
    "api_programs2_logistic_regression_bce",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(37)
    n = 100
    X = torch.cat([torch.randn(n // 2, 2) + 2, torch.randn(n // 2, 2) - 2])
    y = torch.cat([torch.ones(n // 2), torch.zeros(n // 2)])
    class LogReg(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = nn.Linear(2, 1)
        def forward(self, x):
            return torch.sigmoid(self.linear(x))
    model = LogReg()
    crit = nn.BCELoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(50):
        prob = model(X).squeeze()
        loss = crit(prob, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if (epoch + 1) % 10 == 0:
            acc = ((prob > 0.5).float() == y).float().mean()
            print(f"Epoch [{epoch + 1}/50], Loss: {loss.item():.4f}, Acc: {acc.item():.4f}")
    w, b = model.linear.weight.detach().squeeze(), model.linear.bias.item()
    print(f"boundary: {w[0]:.3f}*x1 + {w[1]:.3f}*x2 + {b:.3f} = 0")
    logits = model.linear(X).squeeze()
    print(f"{nn.BCEWithLogitsLoss()(logits, y).item():.4f} {crit(torch.sigmoid(logits), y).item():.4f}")
    try:
        crit(logits, y)
    except RuntimeError as e:
        print("RuntimeError:", e)
    try:
        crit(model(X), y)
    except ValueError as e:
        print("ValueError:", e)
    try:
        crit(model(X).squeeze(), y.long())
    except RuntimeError as e:
        print("RuntimeError:", e)
    pos_weight = torch.tensor([3.0])
    print(f"{nn.BCEWithLogitsLoss(pos_weight=pos_weight)(logits, y).item():.4f}")
    print(model.linear.weight.grad, model.state_dict()["linear.bias"])
    """,
)

case(
    "api_programs2_text_bag_of_words",
    """
    import torch
    import torch.nn as nn
    from torch.utils.data import Dataset, DataLoader
    from torch.nn.utils.rnn import pad_sequence

    sentences = ["good movie", "bad movie", "very good film", "very bad film", "good good", "bad plot bad acting"]
    labels = [1, 0, 1, 0, 1, 0]
    vocab = {"<pad>": 0}
    for s in sentences:
        for w in s.split():
            vocab.setdefault(w, len(vocab))
    print(len(vocab), vocab["film"])

    class Reviews(Dataset):
        def __len__(self):
            return len(sentences)
        def __getitem__(self, i):
            return torch.tensor([vocab[w] for w in sentences[i].split()]), labels[i]

    def collate(batch):
        seqs, ys = zip(*batch)
        return pad_sequence(seqs, batch_first=True, padding_value=0), torch.tensor(ys)

    class BoW(nn.Module):
        def __init__(self, n, d):
            super().__init__()
            self.emb = nn.Embedding(n, d, padding_idx=0)
            self.fc = nn.Linear(d, 2)
        def forward(self, x):
            mask = (x != 0).unsqueeze(-1).float()
            h = (self.emb(x) * mask).sum(1) / mask.sum(1)
            return self.fc(h)

    torch.manual_seed(38)
    model = BoW(len(vocab), 4)
    print(model.emb.weight[0], model.emb)
    loader = DataLoader(Reviews(), batch_size=3, shuffle=True, collate_fn=collate)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.3)
    for epoch in range(6):
        for xb, yb in loader:
            loss = nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        if epoch % 2 == 1:
            print(epoch, f"{loss.item():.4f}", xb.shape)
    print(model.emb.weight.grad[0], model.emb.weight[0])
    test = pad_sequence([torch.tensor([vocab["good"], vocab["film"]]), torch.tensor([vocab["bad"]])], batch_first=True)
    print(test, model(test).argmax(1))
    """,
)

case(
    "api_programs2_lr_range_test",
    """
    import math
    import torch
    import torch.nn as nn
    from torch.optim.lr_scheduler import LambdaLR

    torch.manual_seed(39)
    X = torch.randn(128, 5)
    y = (X @ torch.randn(5) > 0).long()
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 2))
    start_lr, end_lr, num = 1e-4, 1.0, 20
    opt = torch.optim.SGD(model.parameters(), lr=start_lr)
    gamma = (end_lr / start_lr) ** (1 / (num - 1))
    sched = LambdaLR(opt, lambda step: gamma ** step)
    lrs, losses, smooth = [], [], 0.0
    for step in range(num):
        idx = torch.randint(0, 128, (32,))
        loss = nn.functional.cross_entropy(model(X[idx]), y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        smooth = 0.9 * smooth + 0.1 * loss.item()
        lrs.append(opt.param_groups[0]["lr"])
        losses.append(smooth / (1 - 0.9 ** (step + 1)))
        sched.step()
        if not math.isfinite(loss.item()) or losses[-1] > 4 * min(losses):
            print("diverged at step", step)
            break
    best = min(range(len(losses)), key=losses.__getitem__)
    print(f"best lr {lrs[best]:.2e} loss {losses[best]:.4f}")
    print([f"{l:.1e}" for l in lrs[::4]])
    print([f"{v:.4f}" for v in losses[::4]])
    print(f"{gamma:.6f}", sched.last_epoch, len(sched.lr_lambdas))
    """,
)
