"""Parity cases of whole programs a student writes on their own (round 8): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

# Karpathy's makemore part 3: kaiming init by hand, bngain/bnbias batchnorm with running stats updated under
# no_grad, hpreact.std(0, keepdim=True), a split_loss under @torch.no_grad(), sampling with torch.multinomial
case(
    "api_programs8_makemore_batchnorm_by_hand",
    """
    import torch
    import torch.nn.functional as F

    words = ["emma", "olivia", "ava", "isabella", "sophia", "mia", "charlotte", "amelia", "harper", "evelyn",
             "abigail", "emily", "ella", "elizabeth", "camila", "luna", "sofia", "avery", "mila", "aria"]
    chars = sorted(list(set("".join(words))))
    stoi = {s: i + 1 for i, s in enumerate(chars)}
    stoi["."] = 0
    itos = {i: s for s, i in stoi.items()}
    vocab_size = len(itos)
    block_size = 3

    def build_dataset(words):
        X, Y = [], []
        for w in words:
            context = [0] * block_size
            for ch in w + ".":
                ix = stoi[ch]
                X.append(context)
                Y.append(ix)
                context = context[1:] + [ix]
        X = torch.tensor(X)
        Y = torch.tensor(Y)
        print(X.shape, Y.shape)
        return X, Y

    Xtr, Ytr = build_dataset(words[:16])
    Xdev, Ydev = build_dataset(words[16:])

    n_embd = 10
    n_hidden = 64
    g = torch.Generator().manual_seed(2147483647)
    C = torch.randn((vocab_size, n_embd), generator=g)
    W1 = torch.randn((n_embd * block_size, n_hidden), generator=g) * (5/3) / ((n_embd * block_size)**0.5)
    b1 = torch.randn(n_hidden, generator=g) * 0.01
    W2 = torch.randn((n_hidden, vocab_size), generator=g) * 0.01
    b2 = torch.randn(vocab_size, generator=g) * 0
    bngain = torch.ones((1, n_hidden))
    bnbias = torch.zeros((1, n_hidden))
    bnmean_running = torch.zeros((1, n_hidden))
    bnstd_running = torch.ones((1, n_hidden))
    parameters = [C, W1, b1, W2, b2, bngain, bnbias]
    print(sum(p.nelement() for p in parameters))
    for p in parameters:
        p.requires_grad = True

    max_steps = 100
    batch_size = 32
    lossi = []
    for i in range(max_steps):
        ix = torch.randint(0, Xtr.shape[0], (batch_size,), generator=g)
        Xb, Yb = Xtr[ix], Ytr[ix]
        emb = C[Xb]
        embcat = emb.view(emb.shape[0], -1)
        hpreact = embcat @ W1 + b1
        bnmeani = hpreact.mean(0, keepdim=True)
        bnstdi = hpreact.std(0, keepdim=True)
        hpreact = bngain * (hpreact - bnmeani) / bnstdi + bnbias
        with torch.no_grad():
            bnmean_running = 0.999 * bnmean_running + 0.001 * bnmeani
            bnstd_running = 0.999 * bnstd_running + 0.001 * bnstdi
        h = torch.tanh(hpreact)
        logits = h @ W2 + b2
        loss = F.cross_entropy(logits, Yb)
        for p in parameters:
            p.grad = None
        loss.backward()
        lr = 0.1 if i < 60 else 0.01
        for p in parameters:
            p.data += -lr * p.grad
        if i % 25 == 0:
            print(f'{i:7d}/{max_steps:7d}: {loss.item():.4f}')
        lossi.append(loss.log10().item())

    print(torch.tensor(lossi).view(-1, 25).mean(1))

    with torch.no_grad():
        emb = C[Xtr]
        embcat = emb.view(emb.shape[0], -1)
        hpreact = embcat @ W1 + b1
        bnmean = hpreact.mean(0, keepdim=True)
        bnstd = hpreact.std(0, keepdim=True)
    print(bnmean[0, :5], bnmean_running[0, :5])
    print(bnstd[0, :5], bnstd_running[0, :5])

    @torch.no_grad()
    def split_loss(split):
        x, y = {'train': (Xtr, Ytr), 'val': (Xdev, Ydev)}[split]
        emb = C[x]
        embcat = emb.view(emb.shape[0], -1)
        hpreact = embcat @ W1 + b1
        hpreact = bngain * (hpreact - bnmean_running) / bnstd_running + bnbias
        h = torch.tanh(hpreact)
        logits = h @ W2 + b2
        loss = F.cross_entropy(logits, y)
        print(split, loss.item())

    split_loss('train')
    split_loss('val')

    g = torch.Generator().manual_seed(2147483647 + 10)
    for _ in range(5):
        out = []
        context = [0] * block_size
        while True:
            emb = C[torch.tensor([context])]
            h = torch.tanh(emb.view(1, -1) @ W1 + b1)
            logits = h @ W2 + b2
            probs = F.softmax(logits, dim=1)
            ix = torch.multinomial(probs, num_samples=1, generator=g).item()
            context = context[1:] + [ix]
            out.append(ix)
            if ix == 0 or len(out) > 15:
                break
        print(''.join(itos[i] for i in out))
    """,
)

# makemore part 5 (WaveNet): hand-written Linear/BatchNorm1d/Tanh/Embedding/FlattenConsecutive/Sequential with
# .out, view-based flattening of consecutive characters, batchnorm over dims (0, 1) of a 3-d input
case(
    "api_programs8_wavenet_flatten_consecutive",
    """
    import torch
    import torch.nn.functional as F
    torch.manual_seed(42)

    class Linear:
        def __init__(self, fan_in, fan_out, bias=True):
            self.weight = torch.randn((fan_in, fan_out)) / fan_in**0.5
            self.bias = torch.zeros(fan_out) if bias else None
        def __call__(self, x):
            self.out = x @ self.weight
            if self.bias is not None:
                self.out += self.bias
            return self.out
        def parameters(self):
            return [self.weight] + ([] if self.bias is None else [self.bias])

    class BatchNorm1d:
        def __init__(self, dim, eps=1e-5, momentum=0.1):
            self.eps = eps
            self.momentum = momentum
            self.training = True
            self.gamma = torch.ones(dim)
            self.beta = torch.zeros(dim)
            self.running_mean = torch.zeros(dim)
            self.running_var = torch.ones(dim)
        def __call__(self, x):
            if self.training:
                if x.ndim == 2:
                    dim = 0
                elif x.ndim == 3:
                    dim = (0, 1)
                xmean = x.mean(dim, keepdim=True)
                xvar = x.var(dim, keepdim=True)
            else:
                xmean = self.running_mean
                xvar = self.running_var
            xhat = (x - xmean) / torch.sqrt(xvar + self.eps)
            self.out = self.gamma * xhat + self.beta
            if self.training:
                with torch.no_grad():
                    self.running_mean = (1 - self.momentum) * self.running_mean + self.momentum * xmean
                    self.running_var = (1 - self.momentum) * self.running_var + self.momentum * xvar
            return self.out
        def parameters(self):
            return [self.gamma, self.beta]

    class Tanh:
        def __call__(self, x):
            self.out = torch.tanh(x)
            return self.out
        def parameters(self):
            return []

    class Embedding:
        def __init__(self, num_embeddings, embedding_dim):
            self.weight = torch.randn((num_embeddings, embedding_dim))
        def __call__(self, IX):
            self.out = self.weight[IX]
            return self.out
        def parameters(self):
            return [self.weight]

    class FlattenConsecutive:
        def __init__(self, n):
            self.n = n
        def __call__(self, x):
            B, T, C = x.shape
            x = x.view(B, T//self.n, C*self.n)
            if x.shape[1] == 1:
                x = x.squeeze(1)
            self.out = x
            return self.out
        def parameters(self):
            return []

    class Sequential:
        def __init__(self, layers):
            self.layers = layers
        def __call__(self, x):
            for layer in self.layers:
                x = layer(x)
            self.out = x
            return self.out
        def parameters(self):
            return [p for layer in self.layers for p in layer.parameters()]

    vocab_size, block_size, n_embd, n_hidden = 27, 8, 10, 68
    model = Sequential([
        Embedding(vocab_size, n_embd),
        FlattenConsecutive(2), Linear(n_embd * 2, n_hidden, bias=False), BatchNorm1d(n_hidden), Tanh(),
        FlattenConsecutive(2), Linear(n_hidden*2, n_hidden, bias=False), BatchNorm1d(n_hidden), Tanh(),
        FlattenConsecutive(2), Linear(n_hidden*2, n_hidden, bias=False), BatchNorm1d(n_hidden), Tanh(),
        Linear(n_hidden, vocab_size),
    ])
    with torch.no_grad():
        model.layers[-1].weight *= 0.1
    parameters = model.parameters()
    print(sum(p.nelement() for p in parameters))
    for p in parameters:
        p.requires_grad = True

    Xtr = torch.randint(0, vocab_size, (400, block_size))
    Ytr = Xtr[:, -1].roll(1)
    ix = torch.randint(0, Xtr.shape[0], (4,))
    Xb, Yb = Xtr[ix], Ytr[ix]
    logits = model(Xb)
    print(Xb.shape, Xb)
    for layer in model.layers:
        print(layer.__class__.__name__, ':', tuple(layer.out.shape))
    print(model.layers[3].running_mean.shape)
    e = torch.randn(4, 8, 10)
    pairs = torch.cat([e[:, ::2, :], e[:, 1::2, :]], dim=2)
    print(pairs.shape, (e.view(4, 4, 20) == pairs).all())

    lossi = []
    for i in range(40):
        ix = torch.randint(0, Xtr.shape[0], (32,))
        Xb, Yb = Xtr[ix], Ytr[ix]
        logits = model(Xb)
        loss = F.cross_entropy(logits, Yb)
        for p in parameters:
            p.grad = None
        loss.backward()
        lr = 0.1 if i < 30 else 0.01
        for p in parameters:
            p.data += -lr * p.grad
        if i % 10 == 0:
            print(f'{i:7d}/{40:7d}: {loss.item():.4f}')
        lossi.append(loss.log10().item())
    print(torch.tensor(lossi).view(-1, 10).mean(1))
    for layer in model.layers:
        layer.training = False
    with torch.no_grad():
        logits = model(Xtr)
        print('train', F.cross_entropy(logits, Ytr).item())
    """,
)

# a tiny char-level GPT: register_buffer('tril'), masked_fill with -inf, multi-head via torch.cat, LayerNorm,
# AdamW with decay/no-decay groups, clip_grad_norm_, estimate_loss under no_grad with eval()/train(), top-k generate
case(
    "api_programs8_char_gpt_decay_groups",
    """
    import torch
    import torch.nn as nn
    from torch.nn import functional as F

    batch_size = 8
    block_size = 16
    max_iters = 12
    eval_interval = 6
    learning_rate = 1e-3
    eval_iters = 2
    n_embd = 32
    n_head = 4
    n_layer = 2
    dropout = 0.1
    torch.manual_seed(1337)

    text = "first citizen: before we proceed any further, hear me speak. all: speak, speak. " * 4
    chars = sorted(list(set(text)))
    vocab_size = len(chars)
    print(''.join(chars), vocab_size)
    stoi = {ch: i for i, ch in enumerate(chars)}
    itos = {i: ch for i, ch in enumerate(chars)}
    encode = lambda s: [stoi[c] for c in s]
    decode = lambda l: ''.join([itos[i] for i in l])
    data = torch.tensor(encode(text), dtype=torch.long)
    n = int(0.9*len(data))
    train_data = data[:n]
    val_data = data[n:]
    print(data.shape, data.dtype, data[:20])

    def get_batch(split):
        data = train_data if split == 'train' else val_data
        ix = torch.randint(len(data) - block_size, (batch_size,))
        x = torch.stack([data[i:i+block_size] for i in ix])
        y = torch.stack([data[i+1:i+block_size+1] for i in ix])
        return x, y

    @torch.no_grad()
    def estimate_loss():
        out = {}
        model.eval()
        for split in ['train', 'val']:
            losses = torch.zeros(eval_iters)
            for k in range(eval_iters):
                X, Y = get_batch(split)
                logits, loss = model(X, Y)
                losses[k] = loss.item()
            out[split] = losses.mean()
        model.train()
        return out

    class Head(nn.Module):
        def __init__(self, head_size):
            super().__init__()
            self.key = nn.Linear(n_embd, head_size, bias=False)
            self.query = nn.Linear(n_embd, head_size, bias=False)
            self.value = nn.Linear(n_embd, head_size, bias=False)
            self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))
            self.dropout = nn.Dropout(dropout)
        def forward(self, x):
            B, T, C = x.shape
            k = self.key(x)
            q = self.query(x)
            wei = q @ k.transpose(-2, -1) * k.shape[-1]**-0.5
            wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
            wei = F.softmax(wei, dim=-1)
            wei = self.dropout(wei)
            v = self.value(x)
            out = wei @ v
            return out

    class MultiHeadAttention(nn.Module):
        def __init__(self, num_heads, head_size):
            super().__init__()
            self.heads = nn.ModuleList([Head(head_size) for _ in range(num_heads)])
            self.proj = nn.Linear(head_size * num_heads, n_embd)
            self.dropout = nn.Dropout(dropout)
        def forward(self, x):
            out = torch.cat([h(x) for h in self.heads], dim=-1)
            out = self.dropout(self.proj(out))
            return out

    class FeedFoward(nn.Module):
        def __init__(self, n_embd):
            super().__init__()
            self.net = nn.Sequential(
                nn.Linear(n_embd, 4 * n_embd),
                nn.ReLU(),
                nn.Linear(4 * n_embd, n_embd),
                nn.Dropout(dropout),
            )
        def forward(self, x):
            return self.net(x)

    class Block(nn.Module):
        def __init__(self, n_embd, n_head):
            super().__init__()
            head_size = n_embd // n_head
            self.sa = MultiHeadAttention(n_head, head_size)
            self.ffwd = FeedFoward(n_embd)
            self.ln1 = nn.LayerNorm(n_embd)
            self.ln2 = nn.LayerNorm(n_embd)
        def forward(self, x):
            x = x + self.sa(self.ln1(x))
            x = x + self.ffwd(self.ln2(x))
            return x

    class GPTLanguageModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.token_embedding_table = nn.Embedding(vocab_size, n_embd)
            self.position_embedding_table = nn.Embedding(block_size, n_embd)
            self.blocks = nn.Sequential(*[Block(n_embd, n_head=n_head) for _ in range(n_layer)])
            self.ln_f = nn.LayerNorm(n_embd)
            self.lm_head = nn.Linear(n_embd, vocab_size)
            self.apply(self._init_weights)
        def _init_weights(self, module):
            if isinstance(module, nn.Linear):
                torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)
                if module.bias is not None:
                    torch.nn.init.zeros_(module.bias)
            elif isinstance(module, nn.Embedding):
                torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)
        def forward(self, idx, targets=None):
            B, T = idx.shape
            tok_emb = self.token_embedding_table(idx)
            pos_emb = self.position_embedding_table(torch.arange(T))
            x = tok_emb + pos_emb
            x = self.blocks(x)
            x = self.ln_f(x)
            logits = self.lm_head(x)
            if targets is None:
                loss = None
            else:
                B, T, C = logits.shape
                logits = logits.view(B*T, C)
                targets = targets.view(B*T)
                loss = F.cross_entropy(logits, targets)
            return logits, loss
        def generate(self, idx, max_new_tokens, top_k=None):
            for _ in range(max_new_tokens):
                idx_cond = idx[:, -block_size:]
                logits, loss = self(idx_cond)
                logits = logits[:, -1, :]
                if top_k is not None:
                    v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
                    logits[logits < v[:, [-1]]] = -float('Inf')
                probs = F.softmax(logits, dim=-1)
                idx_next = torch.multinomial(probs, num_samples=1)
                idx = torch.cat((idx, idx_next), dim=1)
            return idx

    model = GPTLanguageModel()
    print(sum(p.numel() for p in model.parameters())/1e6, 'M parameters')
    print(model.blocks[0])
    param_dict = {pn: p for pn, p in model.named_parameters()}
    decay_params = [p for n, p in param_dict.items() if p.dim() >= 2]
    nodecay_params = [p for n, p in param_dict.items() if p.dim() < 2]
    optim_groups = [
        {'params': decay_params, 'weight_decay': 0.1},
        {'params': nodecay_params, 'weight_decay': 0.0}
    ]
    num_decay_params = sum(p.numel() for p in decay_params)
    num_nodecay_params = sum(p.numel() for p in nodecay_params)
    print(f"num decayed parameter tensors: {len(decay_params)}, with {num_decay_params:,} parameters")
    print(f"num non-decayed parameter tensors: {len(nodecay_params)}, with {num_nodecay_params:,} parameters")
    optimizer = torch.optim.AdamW(optim_groups, lr=learning_rate, betas=(0.9, 0.95))
    print(optimizer)

    for iter in range(max_iters):
        if iter % eval_interval == 0 or iter == max_iters - 1:
            losses = estimate_loss()
            print(f"step {iter}: train loss {losses['train']:.4f}, val loss {losses['val']:.4f}")
        xb, yb = get_batch('train')
        logits, loss = model(xb, yb)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
    print(norm)
    print(model.blocks[0].sa.heads[0].tril[:4, :4])
    print(list(model.state_dict().keys())[:8])
    print(optimizer.state_dict()['param_groups'][1])
    context = torch.zeros((1, 1), dtype=torch.long)
    model.eval()
    print(decode(model.generate(context, max_new_tokens=20)[0].tolist()))
    print(decode(model.generate(context, max_new_tokens=20, top_k=5)[0].tolist()))
    """,
)

# the mistakes of students writing attention: softmax without dim, 3-d logits into cross_entropy, view after
# transpose, mask shapes and dtypes, LayerNorm shapes, register_buffer names, multinomial and Embedding index errors
case(
    "api_programs8_gpt_mistakes_messages",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
    B, T, C = 2, 4, 6
    x = torch.randn(B, T, C)
    tril = torch.tril(torch.ones(T, T))
    wei = torch.zeros((T, T))
    wei = wei.masked_fill(tril == 0, float('-inf'))
    print(wei)
    wei = F.softmax(wei, dim=-1)
    print(wei)
    print(wei @ x[0])
    try:
        F.softmax(torch.randn(2, 3))
    except Exception as e:
        print(type(e).__name__, e)
    print(nn.Softmax()(torch.tensor([[1.0, 2.0]])))
    logits = torch.randn(B, T, 10)
    targets = torch.randint(0, 10, (B, T))
    try:
        F.cross_entropy(logits, targets)
    except RuntimeError as e:
        print(e)
    print(F.cross_entropy(logits.transpose(1, 2), targets), F.cross_entropy(logits.view(B*T, 10), targets.view(B*T)))
    k = torch.randn(B, T, 3)
    try:
        k.transpose(-2, -1).view(B, -1)
    except RuntimeError as e:
        print(e)
    print(k.transpose(-2, -1).reshape(B, -1).shape, k.transpose(-2, -1).is_contiguous())
    try:
        wei.masked_fill(torch.ones(3, 3) == 0, 0.0)
    except RuntimeError as e:
        print(e)
    try:
        wei.masked_fill(tril, 0.0)
    except RuntimeError as e:
        print(e)
    ln = nn.LayerNorm(C)
    print(ln, ln.weight.shape, ln(x).mean(-1).abs().max() < 1e-6, ln(x).std(-1, unbiased=False)[0])
    try:
        nn.LayerNorm(5)(x)
    except RuntimeError as e:
        print(e)
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer('tril', torch.tril(torch.ones(3, 3)))
            self.register_buffer('nonp', torch.ones(1), persistent=False)
    m = M()
    print(m.state_dict(), dict(m.named_buffers()).keys())
    for name in ['tr.il', '', 'tril']:
        try:
            m.register_buffer(name, torch.ones(1))
        except Exception as e:
            print(type(e).__name__, e)
    try:
        m.register_buffer('w', [1, 2])
    except TypeError as e:
        print(e)
    probs = torch.tensor([[0.0, 0.0, 0.0]])
    try:
        torch.multinomial(probs, 1)
    except RuntimeError as e:
        print(e)
    try:
        torch.multinomial(torch.tensor([0.5, -0.1, 0.6]), 1)
    except RuntimeError as e:
        print(e)
    try:
        torch.multinomial(torch.tensor([0.5, 0.5]), 3)
    except RuntimeError as e:
        print(e)
    print(torch.multinomial(torch.tensor([0.2, 0.3, 0.5]), 3))
    print(torch.multinomial(torch.tensor([[0.2, 0.8], [0.9, 0.1]]), 4, replacement=True))
    try:
        torch.multinomial(torch.tensor([float('nan'), 0.5]), 1)
    except RuntimeError as e:
        print(e)
    idx = torch.zeros((1, 1), dtype=torch.long)
    emb = nn.Embedding(5, 4)
    try:
        emb(torch.tensor([[5]]))
    except IndexError as e:
        print(e)
    try:
        emb(torch.tensor([[1.0]]))
    except RuntimeError as e:
        print(e)
    pos = nn.Embedding(4, 4)
    try:
        pos(torch.arange(6))
    except IndexError as e:
        print(e)
    """,
)

# regression with HuberLoss/SmoothL1Loss under OneCycleLR (momentum cycled), CosineAnnealingWarmRestarts with
# T_mult and a fractional epoch, ReduceLROnPlateau with threshold/cooldown/min_lr, and their errors
case(
    "api_programs8_schedulers_huber_onecycle",
    """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    x = torch.linspace(-3, 3, 60).unsqueeze(1)
    y = 2 * x + 1 + 0.3 * torch.randn_like(x)
    y[::10] += 8
    model = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=20)
    crit = nn.HuberLoss(delta=1.0)
    lrs, moms = [], []
    for step in range(20):
        opt.zero_grad()
        loss = crit(model(x), y)
        loss.backward()
        opt.step()
        lrs.append(sched.get_last_lr()[0])
        moms.append(opt.param_groups[0]['momentum'])
        sched.step()
        if step % 5 == 0:
            print(step, f"{loss.item():.4f}")
    print([round(l, 5) for l in lrs])
    print([round(m, 4) for m in moms])
    sd = sched.state_dict()
    print(sd['total_steps'], sd.get('anneal_strategy'), sd.get('cycle_momentum'))
    print(crit, nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(reduction='sum', delta=2.0))
    a = torch.tensor([0.0, 0.5, 1.0, 2.0, -3.0])
    b = torch.zeros(5)
    print(nn.HuberLoss(reduction='none')(a, b), nn.SmoothL1Loss(reduction='none', beta=2.0)(a, b))
    print(nn.SmoothL1Loss(beta=0.0)(a, b), nn.HuberLoss(delta=0.5)(a, b))
    try:
        sched.step()
    except ValueError as e:
        print(e)
    opt2 = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)
    s2 = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt2, T_0=3, T_mult=2, eta_min=0.001)
    out = []
    for i in range(12):
        opt2.step()
        s2.step()
        out.append(round(s2.get_last_lr()[0], 6))
    print(out, s2.T_i, s2.T_cur)
    s2.step(5.5)
    print(s2.get_last_lr(), s2.T_cur, s2.last_epoch)
    try:
        torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt2, T_0=0)
    except ValueError as e:
        print(e)
    try:
        torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt2, T_0=2, T_mult=1.5)
    except ValueError as e:
        print(e)
    opt3 = torch.optim.Adam([torch.zeros(1, requires_grad=True)], lr=0.01)
    s3 = torch.optim.lr_scheduler.ReduceLROnPlateau(
        opt3, mode='min', factor=0.5, patience=1, threshold=0.01, cooldown=1, min_lr=1e-3
    )
    for v in [1.0, 0.9, 0.95, 0.93, 0.96, 0.97, 0.98, 0.99, 1.0, 1.1]:
        s3.step(v)
        print(v, s3.get_last_lr(), s3.num_bad_epochs, s3.cooldown_counter, s3.best)
    print(s3.state_dict().keys())
    """,
)
