"""Parity cases of whole programs a student writes on their own (round 4): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

# topk returns tied elements in the order torch's std::nth_element / partial_sort leave them;
# sort(stable=...) is SortBackward1
case(
    "api_programs4_topk_sort_ties",
    """
    import torch

    x = torch.tensor([3.0, 1.0, 3.0, 2.0, 1.0, 3.0], requires_grad=True)
    v, i = torch.topk(x, 3)
    print(v, i, v.grad_fn)
    v.sum().backward()
    print(x.grad)
    print(torch.topk(x, 2, largest=False))
    s = torch.sort(x, stable=True)
    print(s.values, s.indices)
    print(torch.sort(x, descending=True, stable=True))
    print(torch.argsort(x, stable=True), torch.argsort(x, descending=True, stable=True))
    m = torch.tensor([[4, 1, 4], [2, 2, 0]])
    print(m.sort(dim=1, stable=True), m.sort(dim=0, stable=True).indices)
    print(torch.topk(m, 1, dim=0), m.topk(2).indices)
    try:
        torch.topk(x, 7)
    except RuntimeError as e:
        print("RuntimeError", e)
    print(torch.msort(torch.tensor([[3, 1], [1, 2]])), torch.kthvalue(x, 2))
    print(x.detach().median(), x.detach().mode(), torch.tensor([1., 2., 3., 4.]).median())
    vals, idx = x.max(0)
    print(vals, idx)
    print(torch.sort(torch.tensor([float("nan"), 1.0, -float("inf"), 0.0])))
    """,
)

# k nearest neighbours with equal distances: which neighbours topk picks decides the vote
case(
    "api_programs4_knn_cdist_ties",
    """
    import torch

    train = torch.tensor([[0., 0.], [1., 0.], [0., 1.], [1., 1.], [2., 2.], [0.5, 0.5]])
    labels = torch.tensor([0, 0, 1, 1, 1, 0])
    test = torch.tensor([[0.5, 0.0], [1.5, 1.5], [0.0, 0.5]])
    d = torch.cdist(test, train)
    print(d)
    dist, idx = d.topk(3, largest=False)
    print(dist, idx)
    votes = labels[idx]
    print(votes, votes.mode(dim=1).values)
    pred = torch.mode(votes, 1).values
    print(pred, (pred == torch.tensor([0, 1, 0])).float().mean())
    d2 = ((test[:, None, :] - train[None, :, :]) ** 2).sum(-1).sqrt()
    print(torch.allclose(d, d2), d2.shape)
    print(torch.cdist(test, train, p=1))
    print(d.argmin(dim=1), d.min(dim=1))
    tr = train.clone().requires_grad_()
    torch.cdist(test, tr).sum().backward()
    print(tr.grad)
    print(torch.nn.functional.pairwise_distance(test, train[:3]))
    """,
)

# ranking with ties: argsort / sort without stable=True over more than 16 elements is std::sort's order;
# topk(sorted=False)
case(
    "api_programs4_leaderboard_ties",
    """
    import torch

    scores = torch.tensor([88, 92, 75, 92, 60, 88, 75, 92, 100, 60, 88, 75, 92, 60, 88, 100, 75, 92, 88, 60])
    names = [f"s{i}" for i in range(len(scores))]
    order = torch.argsort(scores, descending=True)
    print(order)
    print([names[i] for i in order[:5]])
    print(torch.sort(scores.float(), descending=True).indices)
    print(torch.sort(scores.float(), descending=True, stable=True).indices)
    top = torch.topk(scores.float(), 5)
    print(top.indices, top.values)
    print(torch.topk(scores.float(), 4, sorted=False))
    probs = torch.tensor([0.1, 0.3, 0.05, 0.3, 0.25])
    kept = torch.topk(probs, 3)
    print(kept.indices, kept.values.sum())
    logits = torch.zeros(300)
    logits[[5, 17, 250]] = 1.0
    print(torch.topk(logits, 4).indices, torch.topk(logits, 2, largest=False).indices)
    ranks = torch.empty_like(order)
    ranks[order] = torch.arange(len(order))
    print(ranks)
    x = torch.tensor([0.5, 0.5, 0.1, 0.5], requires_grad=True)
    v, i = x.sort(stable=None)
    print(v.grad_fn, i)
    """,
)

# pins: a GAN step, detach() between two optimizers
case(
    "api_programs4_gan_two_optimizers",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    G = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 2))
    D = nn.Sequential(nn.Linear(2, 8), nn.LeakyReLU(0.2), nn.Linear(8, 1))
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-3, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-3, betas=(0.5, 0.999))
    bce = nn.BCEWithLogitsLoss()
    real = torch.randn(16, 2) * 0.5 + torch.tensor([2.0, -1.0])
    for step in range(3):
        z = torch.randn(16, 2)
        fake = G(z)
        opt_d.zero_grad()
        d_real = D(real)
        d_fake = D(fake.detach())
        loss_d = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
        loss_d.backward()
        print("G grad after D step:", G[0].weight.grad)
        opt_d.step()
        opt_g.zero_grad()
        loss_g = bce(D(fake), torch.ones(16, 1))
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: loss_d={loss_d.item():.4f} loss_g={loss_g.item():.4f}")
    print(fake.grad_fn, d_fake.grad_fn.name(), loss_d.grad_fn)
    print(D[2].bias.grad)
    print(opt_d.state[D[2].bias]["step"], opt_d.state[D[2].bias]["exp_avg"])
    """,
)

# pins: REINFORCE with Categorical(logits=...)
case(
    "api_programs4_reinforce_categorical",
    """
    import torch
    import torch.nn as nn
    from torch.distributions import Categorical

    torch.manual_seed(1)
    policy = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 3))
    opt = torch.optim.SGD(policy.parameters(), lr=0.1)
    states = torch.randn(5, 4)
    logits = policy(states)
    dist = Categorical(logits=logits)
    actions = dist.sample()
    print("actions", actions, actions.dtype)
    logp = dist.log_prob(actions)
    print("log_prob", logp)
    print("entropy", dist.entropy())
    print(dist.probs.sum(-1))
    rewards = torch.tensor([1.0, 0.0, 0.5, -1.0, 2.0])
    gamma = 0.9
    returns = []
    G = 0.0
    for r in reversed(rewards.tolist()):
        G = r + gamma * G
        returns.insert(0, G)
    returns = torch.tensor(returns)
    print("returns", returns)
    returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    loss = -(logp * returns).sum()
    print(f"loss {loss.item():.4f}", loss.grad_fn)
    opt.zero_grad()
    loss.backward()
    print(policy[2].bias.grad)
    opt.step()
    print(dist)
    print(Categorical(probs=torch.tensor([0.2, 0.3, 0.5])).log_prob(torch.tensor(2)))
    print(dist.batch_shape, dist.event_shape, dist.sample((2,)).shape)
    """,
)

# pins: a physics-informed loss, autograd.grad(create_graph=True) w.r.t. the input
case(
    "api_programs4_pinn_input_gradients",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    x = torch.linspace(0, 1, 20).reshape(-1, 1).requires_grad_(True)
    for it in range(5):
        u = net(x)
        du = torch.autograd.grad(u, x, grad_outputs=torch.ones_like(u), create_graph=True)[0]
        d2u = torch.autograd.grad(du, x, grad_outputs=torch.ones_like(du), create_graph=True)[0]
        residual = d2u + u
        x0 = torch.zeros(1, 1, requires_grad=True)
        u0 = net(x0)
        du0 = torch.autograd.grad(u0.sum(), x0, create_graph=True)[0]
        loss = residual.pow(2).mean() + (u0 - 0).pow(2).sum() + (du0 - 1).pow(2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} loss {loss.item():.4f}")
    print(du.grad_fn, d2u.grad_fn)
    print(du.shape, d2u.requires_grad, x.grad is None)
    print(x.grad[:3])
    """,
)

# pins: MAML's inner step with create_graph=True
case(
    "api_programs4_maml_inner_step",
    """
    import torch

    torch.manual_seed(0)
    w = torch.randn(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    meta_opt = torch.optim.SGD([w, b], lr=0.01)
    inner_lr = 0.1

    def model(x, w, b):
        return x * w + b

    for epoch in range(3):
        meta_opt.zero_grad()
        total = 0.0
        for slope in [1.0, -2.0]:
            xs = torch.linspace(-1, 1, 10)
            ys = slope * xs
            loss_in = ((model(xs[:5], w, b) - ys[:5]) ** 2).mean()
            gw, gb = torch.autograd.grad(loss_in, (w, b), create_graph=True)
            w2, b2 = w - inner_lr * gw, b - inner_lr * gb
            loss_out = ((model(xs[5:], w2, b2) - ys[5:]) ** 2).mean()
            loss_out.backward()
            total += loss_out.item()
        print(f"epoch {epoch} meta loss {total:.4f} w.grad {w.grad} b.grad {b.grad}")
        meta_opt.step()
    print(gw.grad_fn, w2.grad_fn, gw.requires_grad)
    gw_plain, = torch.autograd.grad(((w * 2) ** 2).sum(), w)
    print(gw_plain.requires_grad, gw_plain.grad_fn)
    """,
)

# ensemble majority vote: mode over more than 16 predictions is the position torch's std::sort leaves last
# (and NaNs, never equal, move the runs)
case(
    "api_programs4_ensemble_vote_mode",
    """
    import torch

    torch.manual_seed(0)
    preds = torch.randint(0, 3, (25, 4))
    print(preds.T)
    vote = torch.mode(preds, dim=0)
    print(vote.values, vote.indices)
    print(preds.float().mode(dim=0))
    scores = torch.tensor([3.0, 1.0, float("nan"), 3.0, 2.0, 1.0, float("nan"), 2.0, 3.0, 1.0,
                           2.0, 3.0, 1.0, 2.0, 2.0, 3.0, 1.0, float("nan"), 3.0, 1.0])
    print(scores.mode())
    counts = torch.stack([(preds == c).sum(0) for c in range(3)])
    print(counts, counts.argmax(0))
    x = scores.nan_to_num(0.0).requires_grad_()
    v, i = x.mode(0)
    v.backward()
    print(v, i, x.grad.nonzero().flatten(), v.grad_fn)
    """,
)

# a batch of 20 sentences with tied lengths packed with enforce_sorted=False: torch.sort's std::sort order of ties
case(
    "api_programs4_pack_many_tied_lengths",
    """
    import torch
    from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

    torch.manual_seed(0)
    lengths = torch.tensor([3, 2, 3, 1, 2, 3, 2, 1, 3, 2, 1, 3, 2, 2, 3, 1, 2, 3, 1, 2])
    x = torch.randn(20, 3, 2)
    packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
    print(packed.sorted_indices)
    print(packed.unsorted_indices)
    print(packed.batch_sizes, packed.data.shape)
    rnn = torch.nn.GRU(2, 3, batch_first=True)
    out, h = rnn(packed)
    padded, lens = pad_packed_sequence(out, batch_first=True)
    print(padded.shape, lens)
    print(h[0, :4])
    print(torch.allclose(padded[3, 0], h[0, 3]))
    """,
)
