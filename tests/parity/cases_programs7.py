"""Parity cases of whole programs a student writes on their own (round 7): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# Global module hooks, imported from where torch defines them (torch.nn.modules.module): every module's forward
# and backward, the global hooks before the module's own; the two kinds of global backward hooks refused together;
# ``always_call`` when forward raises; a loss written on ``torch.nn.modules.loss._Loss``; torch.compile's warning
# about global hooks (still given once they are removed: torch keeps a removed hook's ``with_kwargs`` flag).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_programs7_global_module_hooks",
    """
    import torch.nn.modules.module as mm
    from torch.nn.modules.module import register_module_forward_hook, register_module_full_backward_hook, \\
        register_module_forward_pre_hook
    from torch.nn.modules.loss import _Loss

    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(2, 3), nn.Sigmoid(), nn.Linear(3, 1))
    handles = [register_module_forward_hook(lambda m, i, o: print("global fwd", type(m).__name__, tuple(o.shape))),
               register_module_full_backward_hook(lambda m, gi, go: print("global bwd", type(m).__name__)),
               register_module_forward_pre_hook(lambda m, i: print("global pre", type(m).__name__))]
    try:
        out = net(torch.randn(4, 2))
        out.mean().backward()
    finally:
        for h in handles:
            h.remove()
    net(torch.randn(1, 2))
    print("removed")

    lin = nn.Linear(2, 2)
    lin.register_forward_hook(lambda m, i, o: print("own fwd"))
    lin.register_forward_pre_hook(lambda m, i: print("own pre"))
    handles = [mm.register_module_forward_hook(lambda m, i, o: print("global fwd")),
               mm.register_module_forward_pre_hook(lambda m, i: print("global pre") or (i[0] * 2,)),
               mm.register_module_full_backward_pre_hook(lambda m, go: print("global bwd pre", go[0].shape)),
               mm.register_module_full_backward_hook(
                   lambda m, gi, go: print("global bwd", [None if g is None else g.shape for g in gi]))]
    try:
        x = torch.ones(3, 2, requires_grad=True)
        out = lin(x)
        print(out.grad_fn)
        out.sum().backward()
        print(x.grad)
        try:
            mm.register_module_backward_hook(lambda m, gi, go: None)
        except Exception as e:
            print(type(e).__name__, e)
    finally:
        for h in handles:
            h.remove()

    class Boom(nn.Module):
        def forward(self, x, scale=1):
            raise ValueError("boom")

    handles = [mm.register_module_forward_hook(lambda m, a, k, o: print("kw", sorted(k)), with_kwargs=True),
               mm.register_module_forward_hook(lambda m, a, o: print("always", type(m).__name__, o), always_call=True)]
    try:
        lin(x)
        try:
            Boom()(x, scale=3)
        except Exception as e:
            print(type(e).__name__, e)
    finally:
        for h in handles:
            h.remove()
    lin(x)

    class MyLoss(_Loss):
        def forward(self, a, b):
            d = (a - b).abs()
            return d.mean() if self.reduction == "mean" else d.sum()

    crit = MyLoss(reduction="sum")
    print(crit, crit.reduction, crit(torch.ones(2), torch.zeros(2)), MyLoss(size_average=False).reduction)
    print(mm.Module is nn.Module, mm.__all__[:2])

    import warnings
    h = register_module_forward_hook(lambda m, i, o: print("hook", type(m).__name__))
    try:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            compiled = torch.compile(lin)
            compiled(x)
    finally:
        h.remove()
    print([str(m.message) for m in w if "hooks" in str(m.message)])
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        compiled(x)
    print([str(m.message) for m in w if "hooks" in str(m.message)])
    """,
    fresh_process=True,  # torch keeps the with_kwargs flag of a removed global hook (torch.compile then warns)
)

# ---------------------------------------------------------------------------------------------------------
# Custom Functions that change their input in place (``ctx.mark_dirty``: on a clone, on a leaf, on a view of a
# clone, forgotten, on a tensor that is not an input) and that get None for unused outputs
# (``set_materialize_grads(False)``) or zeros (the default).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_programs7_custom_function_dirty_and_materialize",
    """
    import torch

    class Double_(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.mul_(2)
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, g):
            return g * 2

    a = torch.tensor([1., 2., 3.], requires_grad=True)
    b = a.clone()
    print(b._version, b.grad_fn)
    c = Double_.apply(b)
    print(c is b, c._version, b._version, c.grad_fn, b.grad_fn)
    print(c.grad_fn.next_functions)
    c.sum().backward()
    print(a.grad)
    try:
        Double_.apply(a)
    except Exception as e:
        print(type(e).__name__, e)

    class Forgot(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.mul_(2)
            return x
        @staticmethod
        def backward(ctx, g):
            return g * 2

    d = torch.tensor([1., 2.], requires_grad=True).clone()
    e2 = Forgot.apply(d)
    print(e2 is d, e2.grad_fn, d._version)
    with torch.no_grad():
        w = torch.ones(2)
    print(Double_.apply(w), w._version, w.requires_grad)
    import torch

    class Split(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            return x * 2, x * 3

        @staticmethod
        def backward(ctx, ga, gb):
            print("got", ga, gb)
            g = None
            if ga is not None:
                g = ga * 2
            if gb is not None:
                g = gb * 3 if g is None else g + gb * 3
            return g

    class SplitM(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2, x * 3
        @staticmethod
        def backward(ctx, ga, gb):
            print("got", ga, gb)
            return ga * 2 + gb * 3

    x = torch.tensor([1., 2.], requires_grad=True)
    a, b = Split.apply(x)
    a.sum().backward()
    print(x.grad)
    x.grad = None
    a, b = SplitM.apply(x)
    b.sum().backward()
    print(x.grad)
    x.grad = None
    a, b = Split.apply(x)
    torch.autograd.backward([a.sum(), b.sum()])
    print(x.grad)
    print(a.grad_fn is b.grad_fn, a.output_nr, b.output_nr)
    import torch

    class AddOneInplace(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.add_(1)
            ctx.mark_dirty(x)
            return x
        @staticmethod
        def backward(ctx, g):
            return g

    a = torch.zeros(4, requires_grad=True)
    b = a.clone()
    v = b[:2]
    out = AddOneInplace.apply(v)
    print(out is v, out.grad_fn, b.grad_fn, b)
    b.sum().backward()
    print(a.grad)

    class DirtyNotReturned(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.add_(1)
            ctx.mark_dirty(x)
            return x * 2
        @staticmethod
        def backward(ctx, g):
            return g * 2
    try:
        DirtyNotReturned.apply(torch.zeros(2, requires_grad=True).clone())
    except Exception as e:
        print(type(e).__name__, e)

    class DirtyNonInput(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            t = x * 2
            ctx.mark_dirty(t)
            return t
        @staticmethod
        def backward(ctx, g):
            return g * 2
    try:
        r = DirtyNonInput.apply(torch.zeros(2, requires_grad=True))
        print(r.grad_fn)
    except Exception as e:
        print(type(e).__name__, e)
    """,
)

# ---------------------------------------------------------------------------------------------------------
# gradcheck of a backward that forgot a factor: False with ``raise_exception=False``, the full "Jacobian
# mismatch" report, fast mode's first line, and float32 inputs (the warning, then a failure or a loose pass).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_programs7_gradcheck_wrong_backward",
    """
    import torch
    from torch.autograd import gradcheck, gradgradcheck

    class BadSquare(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x
        @staticmethod
        def backward(ctx, g):
            x, = ctx.saved_tensors
            return g * x   # forgot the 2

    x = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
    print(gradcheck(BadSquare.apply, (x,), raise_exception=False))
    try:
        gradcheck(BadSquare.apply, (x,))
    except Exception as e:
        print(type(e).__name__)
        print(e)
    try:
        gradcheck(BadSquare.apply, (x,), fast_mode=True)
    except Exception as e:
        print(type(e).__name__)
        print(str(e).splitlines()[0])
    xf = torch.tensor([1., 2., 3.], requires_grad=True)
    try:
        gradcheck(torch.sin, (xf,))
    except Exception as e:
        print(type(e).__name__, str(e)[:200])
    print(gradcheck(torch.sin, (xf,), eps=1e-3, atol=1e-2, raise_exception=False))
    """,
)

# ---------------------------------------------------------------------------------------------------------
# A student's tour of ``grad_fn._saved_*``: every saved attribute of 37 common ops' nodes, tensors by shape.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_programs7_saved_attributes_tour",
    """
    import torch

    x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]], requires_grad=True)
    w = torch.tensor([[1., 2.], [0., 1.], [1., -1.]], requires_grad=True)
    F = torch.nn.functional
    outs = {
        "sigmoid": x.sigmoid(), "softmax": x.softmax(1), "logsm": x.log_softmax(-1), "max": x.max(1)[0],
        "clamp": x.clamp(min=0.), "clamp2": x.clamp(-0.5, 0.5), "mean": x.mean(1, keepdim=True),
        "expand": x[:1].expand(3, 3), "index": x[[0, 1], [2, 0]],
        "addmm": torch.addmm(torch.ones(2), x, w, beta=2, alpha=0.5),
        "cat": torch.cat([x, x], 1), "where": torch.where(x > 0, x, x * 2), "sub": torch.sub(x, x.detach(), alpha=3),
        "div": x / 3, "pow": 2 ** x, "cumsum": x.cumsum(1), "norm": x.norm(dim=1), "std": x.std(0),
        "gather": x.gather(1, torch.tensor([[0], [2]])), "mse": F.mse_loss(x, torch.zeros(2, 3)), "view": x.view(3, 2),
        "permute": x.permute(1, 0), "transpose": x.transpose(0, 1), "squeeze": x.unsqueeze(0).squeeze(0),
        "select": x[1], "slice": x[:, 1:], "tanh": x.tanh(), "relu": x.relu(), "leaky": F.leaky_relu(x, 0.2),
        "gelu": F.gelu(x), "repeat": x.repeat(2, 1), "flip": x.flip(0), "topk": x.topk(2)[0], "sort": x.sort(1)[0],
        "prod": x.prod(1), "amax": x.amax(1), "logsumexp": x.logsumexp(1), "masked_fill": x.masked_fill(x < 0, 0.),
        "lerp": x.lerp(torch.zeros(2, 3), 0.3),
    }
    for name, y in outs.items():
        node = y.grad_fn
        attrs = [a for a in dir(node) if a.startswith("_saved_")]
        vals = []
        for a in attrs:
            v = getattr(node, a)
            vals.append(f"{a[7:]}={tuple(v.shape) if isinstance(v, torch.Tensor) else v}")
        print(name, node.name(), ", ".join(vals))
    """,
)

# ---------------------------------------------------------------------------------------------------------
# Module hooks printing shapes: pre/forward/full backward/backward pre hooks on each layer, a hook that zeroes
# grad_input, a pre-hook that replaces the input, ``with_kwargs``; an in-place ReLU after a hooked Linear, the
# deprecated ``register_backward_hook`` on a Sequential (its FutureWarning), a hooked ReLU called wrongly.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_programs7_module_hooks_shapes",
    """
    import torch
    import torch.nn as nn

    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    def pre(mod, args):
        print("pre", type(mod).__name__, [a.shape for a in args])
    def fwd(mod, args, out):
        print("fwd", type(mod).__name__, out.shape)
    def bwd(mod, gin, gout):
        print("bwd", type(mod).__name__, [None if g is None else tuple(g.shape) for g in gin],
              [tuple(g.shape) for g in gout])
    def bwd_pre(mod, gout):
        print("bwd_pre", type(mod).__name__, [tuple(g.shape) for g in gout])
    hs = []
    for m in net:
        hs.append(m.register_forward_pre_hook(pre))
        hs.append(m.register_forward_hook(fwd))
        hs.append(m.register_full_backward_hook(bwd))
        hs.append(m.register_full_backward_pre_hook(bwd_pre))
    x = torch.randn(5, 3)
    out = net(x)
    print(out.grad_fn)
    out.sum().backward()
    for h in hs:
        h.remove()
    x2 = torch.randn(5, 3, requires_grad=True)
    def scale(mod, gin, gout):
        return (gin[0] * 0,)
    h = net[0].register_full_backward_hook(scale)
    net(x2).sum().backward()
    print(x2.grad.abs().sum())
    h.remove()
    def change_input(mod, args):
        return (args[0] * 0,)
    h = net.register_forward_pre_hook(change_input)
    print(net(x))
    h.remove()
    def kw_hook(mod, args, kwargs):
        print("kw", len(args), sorted(kwargs))
        return args, kwargs
    h = net[0].register_forward_pre_hook(kw_hook, with_kwargs=True)
    net[0](x[:1])
    import torch
    import torch.nn as nn
    import warnings
    warnings.simplefilter("always")

    torch.manual_seed(0)
    lin = nn.Linear(3, 3)
    lin.register_full_backward_hook(lambda m, gi, go: print("hook", [None if g is None else g.shape for g in gi]))
    x = torch.randn(2, 3)
    out = lin(x)
    print(out.grad_fn)
    try:
        nn.ReLU(inplace=True)(out)
        out.sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
    out = lin(x)
    out.relu().sum().backward()
    xr = torch.randn(2, 3, requires_grad=True)
    out = lin(xr)
    print(out.grad_fn, out.grad_fn.next_functions)
    out.sum().backward()
    seq = nn.Sequential(nn.Linear(3, 2), nn.Tanh())
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        seq.register_backward_hook(lambda m, gi, go: print("old hook", len(gi), len(go)))
        seq(xr).sum().backward()
        print([str(m.message)[:120] for m in w])
    relu = nn.ReLU()
    relu.register_full_backward_hook(lambda m, gi, go: print("relu hook", gi[0].shape))
    a = torch.randn(4, requires_grad=True)
    relu(a).sum().backward()
    try:
        relu(a, a)
    except Exception as e:
        print(type(e).__name__, e)
    """,
)

# ---------------------------------------------------------------------------------------------------------
# A student's own layer and helpers written with torch's module paths: ``_pair`` from torch.nn.modules.utils,
# ``isinstance`` checks against ``_BatchNorm``/``_ConvNd``/``_DropoutNd`` (freezing batch norms), the layers
# imported from their defining modules, hook handles checked against torch.utils.hooks.RemovableHandle.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_programs7_module_import_paths",
    """
    import torch
    import torch.nn as nn
    from torch.nn.modules.utils import _pair, _single, _triple
    from torch.nn.modules.batchnorm import _BatchNorm
    from torch.nn.modules.conv import _ConvNd
    from torch.nn.modules.linear import Linear, Identity
    from torch.nn.modules.activation import ReLU, Softmax
    from torch.nn.modules.container import Sequential, ModuleList
    from torch.nn.modules.dropout import _DropoutNd
    from torch.utils.hooks import RemovableHandle

    print(_pair(3), _pair((1, 2)), _single(4), _triple([1, 2, 3]), _pair.__name__)
    class MyPool(nn.Module):
        def __init__(self, k):
            super().__init__()
            self.k = _pair(k)
        def forward(self, x):
            return nn.functional.avg_pool2d(x, self.k)
    torch.manual_seed(0)
    net = Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), ReLU(), nn.Dropout(0.1), MyPool(2), nn.Flatten(),
                     Linear(8, 3), Softmax(-1))
    print([type(m).__name__ for m in net if isinstance(m, (_BatchNorm, _ConvNd, _DropoutNd))])
    print(Linear is nn.Linear, ModuleList is nn.ModuleList, Identity is nn.Identity)
    def freeze_bn(model):
        for m in model.modules():
            if isinstance(m, _BatchNorm):
                m.eval()
                m.weight.requires_grad_(False)
    freeze_bn(net)
    print(net[1].training, net[1].weight.requires_grad)
    handles = []
    for m in net:
        h = m.register_forward_hook(lambda mod, i, o: print(type(mod).__name__, tuple(o.shape)))
        handles.append(h)
    print(all(isinstance(h, RemovableHandle) for h in handles), type(handles[0]).__name__)
    print(torch.utils.hooks.RemovableHandle is RemovableHandle, torch.nn.modules.conv._ConvNd is _ConvNd,
          torch.nn.modules.loss._WeightedLoss.__name__, torch.nn.modules.module.Module is nn.Module)
    x = torch.randn(1, 1, 6, 6, requires_grad=True)
    out = net(x)
    out[0, 0].backward()
    print(x.grad.shape, net[1].weight.grad, net[0].weight.grad.shape)
    for h in handles:
        h.remove()
    """,
)

# ---------------------------------------------------------------------------------------------------------
# The global registration hooks of torch.nn.modules.module: what every module registers (parameters, buffers,
# sub-modules, None included), a hook that replaces the parameter, and none of them called by ``to()`` or
# ``load_state_dict``.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_programs7_module_registration_hooks",
    """
    from torch.nn.modules.module import (register_module_parameter_registration_hook,
                                         register_module_buffer_registration_hook,
                                         register_module_module_registration_hook)

    log = []
    hp = register_module_parameter_registration_hook(
        lambda m, n, p: log.append(("param", type(m).__name__, n, tuple(p.shape))))
    hb = register_module_buffer_registration_hook(
        lambda m, n, b: log.append(("buffer", type(m).__name__, n, None if b is None else tuple(b.shape))))
    hm = register_module_module_registration_hook(
        lambda m, n, s: log.append(("module", type(m).__name__, n, type(s).__name__)))
    try:
        torch.manual_seed(0)
        net = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3))
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = nn.Parameter(torch.ones(1))
                self.register_buffer("count", torch.zeros(()))
                self.body = nn.Linear(3, 1)
                self.add_module("act", nn.Tanh())
                self.register_parameter("maybe", None)
                self.register_buffer("nothing", None)
                self.act = None
        n = Net()
        for entry in log:
            print(entry)
        log.clear()
        hp2 = register_module_parameter_registration_hook(lambda m, n, p: nn.Parameter(p.detach() * 0))
        lin = nn.Linear(2, 2)
        print(lin.weight.abs().sum(), lin.bias)
        hp2.remove()
        net.to(torch.float64)
        net.load_state_dict(net.state_dict())
        print(log)
    finally:
        for h in (hp, hb, hm):
            h.remove()
    nn.Linear(1, 1)
    print(log[-1:])
    """,
)
