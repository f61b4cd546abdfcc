"""Parity cases of whole learner programs: d2l's chapters on modules, CNNs and modern CNNs built from lazy layers,
stochastic weight averaging, buffers and the old ``nn.init`` names, PyTorch's parametrizations tutorial, weight and
spectral normalisation. Each runs a short program end to end (fixed seeds, random data) and prints what a learner
prints: models, shapes, parameters, losses at four decimals, warnings and errors."""

from parity.cases import case

case(
    "api_programs_d2l_lazy_lenet",
    """
    torch.manual_seed(6)

    def init_cnn(module):
        if type(module) == nn.Linear or type(module) == nn.Conv2d:
            nn.init.xavier_uniform_(module.weight)

    class LeNet(nn.Module):
        def __init__(self, num_classes=10):
            super().__init__()
            self.net = nn.Sequential(
                nn.LazyConv2d(6, kernel_size=5, padding=2), nn.Sigmoid(),
                nn.AvgPool2d(kernel_size=2, stride=2),
                nn.LazyConv2d(16, kernel_size=5), nn.Sigmoid(),
                nn.AvgPool2d(kernel_size=2, stride=2),
                nn.Flatten(), nn.LazyLinear(120), nn.Sigmoid(),
                nn.LazyLinear(84), nn.Sigmoid(), nn.LazyLinear(num_classes))

        def forward(self, X):
            return self.net(X)

        def layer_summary(self, X_shape):
            X = torch.randn(*X_shape)
            for layer in self.net:
                X = layer(X)
                print(layer.__class__.__name__, 'output shape:\\t', X.shape)

    model = LeNet()
    print(model)
    model.layer_summary((1, 1, 28, 28))
    model.apply(init_cnn)
    print(model)
    print(sum(p.numel() for p in model.parameters()))
    X, y = torch.rand(16, 1, 28, 28), torch.randint(0, 10, (16,))
    loss_fn = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.9)
    for epoch in range(3):
        for i in range(0, 16, 8):
            loss = loss_fn(model(X[i:i + 8]), y[i:i + 8])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        with torch.no_grad():
            y_hat = model(X)
            acc = (y_hat.argmax(axis=1) == y).float().mean()
            print(f'epoch {epoch}: loss {loss_fn(y_hat, y).item():.4f} acc {acc:.4f}')
    """,
)

case(
    "api_programs_d2l_lazy_batchnorm_resnet",
    """
    torch.manual_seed(8)

    class Residual(nn.Module):
        def __init__(self, num_channels, use_1x1conv=False, strides=1):
            super().__init__()
            self.conv1 = nn.LazyConv2d(num_channels, kernel_size=3, padding=1, stride=strides)
            self.conv2 = nn.LazyConv2d(num_channels, kernel_size=3, padding=1)
            self.conv3 = nn.LazyConv2d(num_channels, kernel_size=1, stride=strides) if use_1x1conv else None
            self.bn1 = nn.LazyBatchNorm2d()
            self.bn2 = nn.LazyBatchNorm2d()

        def forward(self, X):
            Y = F.relu(self.bn1(self.conv1(X)))
            Y = self.bn2(self.conv2(Y))
            if self.conv3:
                X = self.conv3(X)
            Y += X
            return F.relu(Y)

    blk = Residual(6, use_1x1conv=True, strides=2)
    print(blk)
    print(blk.bn1.running_mean, blk.bn1.weight, blk.bn1.num_batches_tracked)
    print(blk(torch.randn(4, 3, 6, 6)).shape)
    print(blk)
    print(blk.bn1.running_mean, blk.bn1.num_batches_tracked, type(blk.bn1.running_var).__name__)
    net = nn.Sequential(
        nn.Sequential(nn.LazyConv2d(8, kernel_size=7, stride=2, padding=3), nn.LazyBatchNorm2d(), nn.ReLU(),
                      nn.MaxPool2d(kernel_size=3, stride=2, padding=1)),
        nn.Sequential(Residual(8), Residual(16, use_1x1conv=True, strides=2)),
        nn.Sequential(nn.AdaptiveAvgPool2d((1, 1)), nn.Flatten(), nn.LazyLinear(10)))
    X = torch.randn(2, 1, 32, 32)
    for layer in net:
        X = layer(X)
        print(layer.__class__.__name__, 'output shape:\\t', X.shape)
    print(net[2], sum(p.numel() for p in net.parameters()))
    print(list(net[0].state_dict().keys()))
    bnnet = nn.Sequential(nn.Flatten(), nn.LazyLinear(8), nn.LazyBatchNorm1d(), nn.Sigmoid(), nn.LazyLinear(3))
    opt = torch.optim.SGD(bnnet.parameters(), lr=0.1)
    Xb, yb = torch.rand(8, 2, 3), torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])
    for step in range(3):
        l = F.cross_entropy(bnnet(Xb), yb)
        opt.zero_grad()
        l.backward()
        opt.step()
        print(step, round(l.item(), 4))
    print(bnnet[2])
    """,
)

case(
    "api_programs_lazy_layers_edges",
    """
    import copy
    import io

    torch.manual_seed(15)
    net = nn.Sequential(nn.LazyConv2d(4, 3), nn.LazyBatchNorm2d(), nn.ReLU(), nn.Flatten(), nn.LazyLinear(3))
    print(net[0].weight, net[0].bias, net[1].running_mean)
    print(list(net.state_dict().keys()), net.state_dict()['0.weight'])
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    try:
        net[0].weight.shape
    except RuntimeError as e:
        print(e)
    for f in (lambda: net[0].weight.numel(), lambda: net[1].running_var.sum(), lambda: copy.deepcopy(net)):
        try:
            f()
        except ValueError as e:
            print(e)
    print(copy.deepcopy(nn.LazyLinear(3)).weight, net[0].has_uninitialized_params())
    twin = nn.Sequential(nn.LazyConv2d(4, 3), nn.LazyBatchNorm2d(), nn.ReLU(), nn.Flatten(), nn.LazyLinear(3))
    out = net(torch.randn(2, 3, 5, 5))
    print(out.shape, type(net[0]).__name__, type(net[1]).__name__, type(net[1].running_mean).__name__)
    out.sum().backward()
    opt.step()
    print(net[4].bias)
    buf = io.BytesIO()
    torch.save(net.state_dict(), buf)
    buf.seek(0)
    print(twin.load_state_dict(torch.load(buf)))
    print(twin)
    net.eval(), twin.eval()
    x = torch.randn(1, 3, 5, 5)
    print(torch.equal(net(x), twin(x)), twin)
    for layer, x in ((nn.LazyConv2d(4, 3, groups=2), torch.randn(1, 3, 5, 5)),
                     (nn.LazyConv2d(4, 3), torch.randn(5, 5))):
        try:
            layer(x)
        except (ValueError, RuntimeError) as e:
            print(type(e).__name__, e)
    c = nn.LazyConv2d(2, 3)
    print(c(torch.randn(3, 5, 5)).shape, c)
    ct = nn.LazyConvTranspose2d(2, 2, stride=2)
    print(ct, ct(torch.randn(1, 3, 4, 4)).shape, ct.weight.shape, ct)
    c1 = nn.LazyConv1d(5, 3, padding=1)
    print(c1(torch.randn(2, 4, 7)).shape, c1)
    b1 = nn.LazyBatchNorm1d(affine=False)
    print(b1, b1(torch.randn(4, 3)).shape, b1.running_mean, b1.weight)
    inn = nn.LazyInstanceNorm2d()
    print(inn, inn(torch.randn(2, 3, 4, 4)).shape, inn, inn.running_mean)
    m = nn.Sequential(nn.LazyLinear(3))
    m[0].register_forward_hook(lambda mod, i, o: print("hook", type(mod).__name__, o.shape))
    m(torch.randn(2, 7))
    is_lazy = nn.parameter.is_lazy
    print(is_lazy(nn.parameter.UninitializedParameter()), is_lazy(nn.Parameter(torch.ones(1))))
    print(nn.UninitializedBuffer(), nn.UninitializedParameter())
    """,
)

case(
    "api_programs_swa_and_ema",
    """
    from torch.optim.swa_utils import AveragedModel, SWALR, update_bn, get_ema_multi_avg_fn, get_ema_avg_fn
    from torch.optim.lr_scheduler import CosineAnnealingLR
    from torch.utils.data import DataLoader, TensorDataset

    torch.manual_seed(22)
    X, y = torch.randn(64, 4), torch.randint(0, 2, (64,))
    loader = DataLoader(TensorDataset(X, y), batch_size=16, shuffle=True)
    model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    swa_model = AveragedModel(model)
    scheduler = CosineAnnealingLR(optimizer, T_max=10)
    swa_scheduler = SWALR(optimizer, swa_lr=0.05, anneal_strategy="linear", anneal_epochs=2)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(6):
        for xb, yb in loader:
            optimizer.zero_grad()
            loss_fn(model(xb), yb).backward()
            optimizer.step()
        if epoch > 3:
            swa_model.update_parameters(model)
            swa_scheduler.step()
        else:
            scheduler.step()
        print(epoch, round(optimizer.param_groups[0]['lr'], 6), swa_model.n_averaged.item())
    update_bn(loader, swa_model)
    print(swa_model.module[1].running_mean, swa_model.module[1].num_batches_tracked, swa_model.module[1].momentum)
    print(list(swa_model.state_dict().keys()))
    swa_model.eval()
    with torch.no_grad():
        print(swa_model(X[:3]))
    print(swa_model)
    ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.9), use_buffers=True)
    for _ in range(3):
        with torch.no_grad():
            for p in model.parameters():
                p.mul_(1.1)
        model(X)
        ema.update_parameters(model)
    print(ema.module[0].bias, ema.module[1].running_var, ema.module[1].num_batches_tracked)
    ema2 = AveragedModel(model, avg_fn=get_ema_avg_fn(0.5))
    ema2.update_parameters(model)
    with torch.no_grad():
        model[0].bias.add_(1.0)
    ema2.update_parameters(model)
    print(ema2.module[0].bias)
    opt = torch.optim.SGD(model.parameters(), lr=1.0)
    s = SWALR(opt, swa_lr=[0.1], anneal_epochs=3)
    for i in range(5):
        opt.step()
        s.step()
        print(i, [round(v, 6) for v in s.get_last_lr()])
    print(sorted(s.state_dict().keys()))
    for f in (lambda: get_ema_multi_avg_fn(1.5), lambda: SWALR(opt, swa_lr=0.1, anneal_strategy='exp'),
              lambda: SWALR(opt, swa_lr=0.1, anneal_epochs=-1),
              lambda: AveragedModel(model, avg_fn=get_ema_avg_fn(), multi_avg_fn=get_ema_multi_avg_fn())):
        try:
            f()
        except (ValueError, AssertionError) as e:
            print(type(e).__name__, e)
    """,
)

case(
    "api_programs_batchnorm_state_version",
    """
    torch.manual_seed(21)
    net = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.Flatten(), nn.Linear(8, 2))
    net(torch.randn(3, 1, 4, 4))
    sd = net.state_dict()
    print(sd._metadata)
    old = {k: v for k, v in sd.items() if 'num_batches_tracked' not in k}
    fresh = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.Flatten(), nn.Linear(8, 2))
    print(fresh.load_state_dict(old))
    print(fresh[1].num_batches_tracked, fresh[1].running_mean)
    try:
        fresh.load_state_dict(old, strict=True) if hasattr(old, '_metadata') else print('plain dict, no metadata')
    except RuntimeError as e:
        print(e)
    """,
)

case(
    "api_programs_buffers_and_old_init_names",
    """
    torch.manual_seed(25)

    class PosEnc(nn.Module):
        def __init__(self, d, n=6):
            super().__init__()
            pe = torch.zeros(n, d)
            pos = torch.arange(n).unsqueeze(1).float()
            div = torch.exp(torch.arange(0, d, 2).float() * (-4.0 / d))
            pe[:, 0::2] = torch.sin(pos * div)
            pe[:, 1::2] = torch.cos(pos * div)
            self.pe = nn.Buffer(pe)
            self.cache = nn.Buffer(torch.zeros(2), persistent=False)

        def forward(self, x):
            return x + self.pe[: x.size(1)]

    m = PosEnc(4)
    print(m, list(m.state_dict().keys()), [n for n, _ in m.named_buffers()])
    print(isinstance(m.pe, nn.Buffer), isinstance(torch.ones(1), nn.Buffer), m.pe.requires_grad)
    b = nn.Buffer(torch.ones(2, requires_grad=True))
    print(b, b.requires_grad, b.persistent, type(b).__name__, nn.Buffer())
    print(m(torch.zeros(1, 3, 4)))
    m.pe = torch.ones(6, 4)
    print(m.pe.sum(), 'pe' in m._buffers)
    m.to(torch.float64)
    print(m.pe.dtype, m.cache.dtype)

    class Bad(nn.Module):
        def __init__(self, first):
            super().__init__()
            if first:
                self.w = nn.Parameter(torch.ones(1))
            else:
                self.w = 5
            self.w = nn.Buffer(torch.ones(1))

    for first in (True, False):
        try:
            Bad(first)
        except (TypeError, KeyError) as e:
            print(type(e).__name__, e)
    lin = nn.Linear(3, 2)
    nn.init.xavier_uniform(lin.weight)
    nn.init.constant(lin.bias, 0.1)
    print(lin.weight, lin.bias)
    nn.init.normal(lin.weight, std=0.1)
    nn.init.kaiming_normal(lin.weight)
    nn.init.uniform(lin.weight, -1, 1)
    print(lin.weight, nn.init.xavier_normal.__name__)
    """,
)

case(
    "api_programs_parametrizations_tutorial",
    """
    import torch.nn.utils.parametrize as parametrize

    torch.manual_seed(28)

    class Symmetric(nn.Module):
        def forward(self, X):
            return X.triu() + X.triu(1).transpose(-1, -2)

        def right_inverse(self, A):
            return A.triu()

    class Skew(nn.Module):
        def forward(self, X):
            A = X.triu(1)
            return A - A.transpose(-1, -2)

        def right_inverse(self, A):
            return A.triu(1)

    class CayleyMap(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.register_buffer("Id", torch.eye(n))

        def forward(self, X):
            return torch.linalg.solve(self.Id - X, self.Id + X)

    class Noisy(nn.Module):
        def forward(self, X):
            print("Computing the Parametrization")
            return X

    layer = nn.Linear(3, 3)
    print(f"Unparametrized:\\n{layer}")
    parametrize.register_parametrization(layer, "weight", Symmetric())
    print(f"\\nParametrized:\\n{layer}")
    print(layer.weight, torch.allclose(layer.weight, layer.weight.T))
    print(layer.parametrizations.weight, dict(layer.named_parameters()).keys())
    X = torch.rand(3, 3)
    layer.weight = X + X.T
    print(torch.dist(layer.weight, X + X.T))
    noisy = nn.Linear(4, 4)
    parametrize.register_parametrization(noisy, "weight", Noisy())
    foo = noisy.weight + noisy.weight.T
    with parametrize.cached():
        print("cached")
        foo = noisy.weight + noisy.weight.T
    orth = nn.Linear(3, 3)
    parametrize.register_parametrization(orth, "weight", Skew())
    parametrize.register_parametrization(orth, "weight", CayleyMap(3))
    print(torch.dist(orth.weight.T @ orth.weight, torch.eye(3)) < 1e-5, orth)
    opt = torch.optim.SGD(orth.parameters(), lr=0.1)
    orth(torch.randn(4, 3)).pow(2).sum().backward()
    opt.step()
    print([n for n, _ in orth.named_parameters()], list(orth.state_dict().keys()))
    print(parametrize.is_parametrized(orth), parametrize.is_parametrized(orth, "bias"),
          parametrize.type_before_parametrizations(orth).__name__, type(orth).__name__)
    try:
        torch.save(orth, __import__('io').BytesIO())
    except RuntimeError as e:
        print(e)
    skew = nn.Linear(4, 4)
    parametrize.register_parametrization(skew, "weight", Skew())
    parametrize.remove_parametrizations(skew, "weight")
    print(skew, skew.weight)
    for args in ((skew, "weight"), (skew, "nothing", Skew())):
        try:
            (parametrize.remove_parametrizations if len(args) == 2 else parametrize.register_parametrization)(*args)
        except ValueError as e:
            print(str(e)[-70:])

    class Blocks(nn.ModuleList):
        pass

    print(Blocks([nn.ReLU(), nn.ReLU()]), Blocks())
    """,
)

case(
    "api_programs_weight_norm",
    """
    from torch.nn.utils import weight_norm, remove_weight_norm
    from torch.nn.utils import parametrizations as P

    torch.manual_seed(29)

    class Chomp1d(nn.Module):
        def __init__(self, chomp_size):
            super().__init__()
            self.chomp_size = chomp_size

        def forward(self, x):
            return x[:, :, :-self.chomp_size].contiguous()

    class TemporalBlock(nn.Module):
        def __init__(self, n_inputs, n_outputs, kernel_size, dilation, padding):
            super().__init__()
            self.conv1 = weight_norm(nn.Conv1d(n_inputs, n_outputs, kernel_size, padding=padding, dilation=dilation))
            self.net = nn.Sequential(self.conv1, Chomp1d(padding), nn.ReLU())
            self.downsample = nn.Conv1d(n_inputs, n_outputs, 1)
            self.conv1.weight.data.normal_(0, 0.01)

        def forward(self, x):
            return torch.relu(self.net(x) + self.downsample(x))

    blk = TemporalBlock(2, 3, 2, 1, 1)
    print(blk, [n for n, _ in blk.named_parameters()], blk.conv1.weight_g.view(-1))
    y = blk(torch.randn(2, 2, 5))
    print(y, blk.conv1.weight.grad_fn.name())
    y.sum().backward()
    print(blk.conv1.weight_g.grad.view(-1), blk.conv1.weight_v.grad[0])
    lin = weight_norm(nn.Linear(4, 3), dim=None)
    print(lin.weight_g, lin.weight.grad_fn.name())
    lin2 = weight_norm(nn.Linear(4, 3), dim=1)
    print(lin2.weight_g.shape, lin2.weight.grad_fn.name())
    for f in (lambda: weight_norm(lin2, dim=1), lambda: remove_weight_norm(remove_weight_norm(lin2))):
        try:
            f()
        except (RuntimeError, ValueError) as e:
            print(type(e).__name__, e)
    print(lin2, type(lin2.weight).__name__)
    m = P.weight_norm(nn.Linear(5, 3))
    print(m, m.parametrizations.weight.original0.view(-1), m.weight.grad_fn.name())
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    for i in range(3):
        loss = m(torch.ones(2, 5)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(i, f"{loss.item():.4f}")
    m3 = P.weight_norm(nn.Linear(4, 3), dim=None)
    print(m3.load_state_dict(lin.state_dict()), torch.equal(m3.weight, lin.weight))
    m4 = P.weight_norm(nn.Conv2d(2, 3, 3), dim=1)
    print(m4.weight.grad_fn.name(), m4.parametrizations.weight.original0.shape)
    """,
)

case(
    "api_programs_spectral_norm",
    """
    from torch.nn.utils import spectral_norm, remove_spectral_norm
    from torch.nn.utils import parametrizations as P

    torch.manual_seed(29)
    D = nn.Sequential(spectral_norm(nn.Linear(4, 8)), nn.LeakyReLU(0.2), spectral_norm(nn.Linear(8, 1)))
    print(D, [n for n, _ in D.named_parameters()], [n for n, _ in D.named_buffers()])
    print(D[0].weight_u, D[0].weight_v)
    out = D(torch.randn(3, 4))
    print(out, D[0].weight_u, D[0].weight.grad_fn)
    out.sum().backward()
    print(D[0].weight_orig.grad[0])
    sd = D.state_dict()
    print(list(sd.keys()), sd._metadata['0'])
    D.eval()
    print(D(torch.ones(1, 4)))
    remove_spectral_norm(D[0])
    print([n for n, _ in D[0].named_parameters()])
    c = spectral_norm(nn.ConvTranspose2d(2, 3, 2))
    print(c.weight_u.shape, c.weight_v.shape)
    try:
        spectral_norm(c)
    except RuntimeError as e:
        print(e)
    sn = P.spectral_norm(nn.Linear(6, 4))
    print(sn, sn.parametrizations.weight[0]._u, sn.parametrizations.weight[0]._v)
    print(sn(torch.ones(2, 6)), sn.weight.grad_fn.name(), list(sn.state_dict().keys()))
    sn.eval()
    # sigma is 1 up to the last bits of mv and dot, which differ from torch's MKL (docs/beginner_api.md): 4 digits
    print(torch.equal(sn.weight, sn.weight), round(torch.linalg.matrix_norm(sn.weight, ord=2).item(), 4))
    try:
        P.spectral_norm(nn.Linear(2, 2), name='nope')
    except ValueError as e:
        print(e)
    v, o = torch.randn(3), torch.empty(3)
    print(F.normalize(v, dim=0, out=o) is o, o)
    """,
)

# weight_norm's fused node differentiated again: torch holds the saved norms constant (its second derivative is not
# the true one, so the op catalogue cannot check it against central differences); minigrad gives torch's numbers
case("op_weight_norm_second_derivative", """
for dim, shapes in ((0, ((3, 2), (3, 1))), (1, ((2, 3), (1, 3)))):
    v = torch.tensor([[1.5, -0.5, 2.0], [0.25, 1.0, -1.0], [0.5, 0.75, -2.0]], dtype=torch.float64)
    v = v[:shapes[0][0], :shapes[0][1]].clone().requires_grad_()
    g = torch.tensor([0.5, 2.0, 1.5], dtype=torch.float64)[:max(shapes[1])].reshape(shapes[1]).requires_grad_()
    w = torch._weight_norm(v, g, dim)
    gv, gg = torch.autograd.grad(w.sin().sum(), (v, g), create_graph=True)
    print(w.grad_fn.name(), [[round(x, 12) for x in t.reshape(-1).tolist()] for t in (gv, gg)])
    second = torch.autograd.grad((gv * gv).sum() + gg.sum(), (v, g))
    print([[round(x, 12) for x in t.reshape(-1).tolist()] for t in second])
""")
