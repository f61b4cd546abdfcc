"""Parity cases for second derivatives through the losses, the norms and padding of ``torch.nn.functional``, and
interpolate's remaining modes."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# The losses' backward under create_graph=True: torch records nll_loss_backward, smooth_l1_loss_backward and
# huber_loss_backward as one node each (NllLossBackwardBackward0, ...), whose second derivatives a gradient
# penalty or a Hessian-vector product then reads.
# ---------------------------------------------------------------------------------------------------------
_LOSSES = """
torch.manual_seed(0)
x0 = torch.randn(4, 5, dtype=torch.float64)
t0 = torch.randn(4, 5, dtype=torch.float64)
classes = torch.tensor([0, 2, 1, 4])
w = torch.tensor([0.5, 1.5, 2.0, 0.7, 1.1], dtype=torch.float64)

def second(label, f, both=False):
    x = x0.clone().requires_grad_()
    t = t0.clone().requires_grad_(both)
    ins = (x, t) if both else (x,)
    gs = torch.autograd.grad(f(x, t), ins, create_graph=True)
    for g in gs:
        print(label, g.grad_fn.name(), nf(g))
        print(g)
    penalty = sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(gs))
    for h in torch.autograd.grad(penalty, ins, allow_unused=True):
        print(h)
"""
case(
    "double_backward2_nll_loss_graph",
    [_LOSSES, """
    for red in ("mean", "sum", "none"):
        second("nll " + red, lambda x, t: F.nll_loss(x, classes, reduction=red).sum())
        second("nll weighted " + red, lambda x, t: F.nll_loss(x, classes, w, ignore_index=2, reduction=red).sum())
    x = x0.clone().requires_grad_()
    g, = torch.autograd.grad(F.nll_loss(x, classes, w), x, create_graph=True)
    node = g.grad_fn
    print(node._saved_target, node._saved_weight, node._saved_reduction, node._saved_ignore_index)
    x4 = x0.view(1, 4, 5, 1).clone().requires_grad_()
    g, = torch.autograd.grad(F.nll_loss(x4, torch.tensor([[[0], [2], [1], [3], [0]]])), x4, create_graph=True)
    print(g.grad_fn.name(), nf(g), g.grad_fn._saved_reduction)
    print(torch.autograd.grad(g.sin().sum(), x4))
    """],
)
case(
    "double_backward2_cross_entropy_graph",
    [_LOSSES, """
    x = x0.clone().requires_grad_()
    for kwargs in ({}, {"weight": w}, {"ignore_index": 1}, {"label_smoothing": 0.2}):
        g, = torch.autograd.grad(F.cross_entropy(x, classes, **kwargs), x, create_graph=True)
        below = g.grad_fn.next_functions[0][0]
        print(kwargs, g.grad_fn.name(), nf(g), below.name(), [(n and n.name(), i) for n, i in below.next_functions])
        g2, = torch.autograd.grad(g.norm(), x)
        print(g2.shape, g2.abs().max() < 10)
    x = x0.clone().requires_grad_()
    g, = torch.autograd.grad(F.nll_loss(x, classes), x, create_graph=True)
    print(torch.autograd.grad(g.pow(2).sum(), x))
    attempt(lambda: g.sum().backward())
    print(x.grad)
    """],
)
case(
    "double_backward2_smooth_l1_huber_graph",
    [_LOSSES, """
    for red in ("mean", "sum", "none"):
        second("smooth_l1 " + red, lambda x, t: F.smooth_l1_loss(x, t, reduction=red).sum(), True)
        second("smooth_l1 beta " + red, lambda x, t: F.smooth_l1_loss(x, t, reduction=red, beta=0.3).sum(), True)
        second("huber " + red, lambda x, t: F.huber_loss(x, t, reduction=red, delta=0.7).sum(), True)
    x = x0.clone().requires_grad_()
    g, = torch.autograd.grad(F.smooth_l1_loss(x, t0, beta=0.5), x, create_graph=True)
    print(g.grad_fn._saved_beta, g.grad_fn._saved_reduction, g.grad_fn._saved_self is x)
    print(hasattr(g.grad_fn, "_saved_delta"))
    g, = torch.autograd.grad(F.huber_loss(x, t0, delta=0.5, reduction="sum"), x, create_graph=True)
    print(g.grad_fn._saved_delta, g.grad_fn._saved_reduction, hasattr(g.grad_fn, "_saved_beta"))
    g, = torch.autograd.grad(F.smooth_l1_loss(x, t0, beta=0.0), x, create_graph=True)
    print(g.grad_fn.name(), nf(g))
    """],
)
case(
    "double_backward2_binary_cross_entropy_graph",
    [_LOSSES, """
    p0 = x0.sigmoid() * 0.8 + 0.1
    q0 = t0.sigmoid()
    for red in ("mean", "sum", "none"):
        for kwargs in ({}, {"weight": w}):
            x = p0.clone().requires_grad_()
            t = q0.clone().requires_grad_()
            gx, gt = torch.autograd.grad(F.binary_cross_entropy(x, t, reduction=red, **kwargs).sum(), (x, t),
                                         create_graph=True)
            print(red, list(kwargs), gx.grad_fn.name(), nf(gx), gt.grad_fn.name(), nf(gt))
            print(gx, gt, gx.grad_fn._saved_reduction, gx.grad_fn._saved_self is x)
            print(torch.autograd.grad(gx.sin().sum() + (gt * 1.5).cos().sum(), (x, t)))
    """],
)
case(
    "double_backward2_bce_with_logits_graph",
    [_LOSSES, """
    q0 = t0.sigmoid()
    for red in ("mean", "sum", "none"):
        for kwargs in ({}, {"weight": w}, {"pos_weight": w}):
            x = x0.clone().requires_grad_()
            t = q0.clone().requires_grad_()
            gx, gt = torch.autograd.grad(F.binary_cross_entropy_with_logits(x, t, reduction=red, **kwargs).sum(),
                                         (x, t), create_graph=True)
            show_graph(gx)
            show_graph(gt)
            print(torch.autograd.grad(gx.sin().sum() + (gt * 1.5).cos().sum(), (x, t)))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# F.interpolate(mode="bicubic"): torch's kernels bit for bit (the forward's fused multiply-adds, the backward's
# plain loop), both dtypes, its nodes and its second derivative.
# ---------------------------------------------------------------------------------------------------------
_BICUBIC = """
torch.manual_seed(0)
x64 = torch.randn(2, 2, 4, 5, dtype=torch.float64)
x32 = torch.randn(2, 2, 4, 5)
"""
case(
    "api_double_backward2_interpolate_bicubic_values",
    [_BICUBIC, """
    for x in (x32, x64, x32.half()):
        for kwargs in ({"size": (7, 9)}, {"scale_factor": 2}, {"size": (3, 3)}, {"size": (7, 9), "align_corners": True},
                       {"scale_factor": (0.6, 1.7)}, {"scale_factor": 0.37, "recompute_scale_factor": True},
                       {"size": (4, 5)}):
            y = F.interpolate(x, mode="bicubic", **kwargs)
            print(kwargs, y.shape, y.dtype, y.flatten().tolist())
    """],
)
case(
    "api_double_backward2_interpolate_bicubic_grads",
    [_BICUBIC, """
    for x in (x32, x64):
        for kwargs in ({"size": (7, 9)}, {"size": (3, 2)}, {"scale_factor": 1.5, "align_corners": True}):
            leaf = x.clone().requires_grad_()
            y = F.interpolate(leaf, mode="bicubic", **kwargs)
            print(y.grad_fn.name(), nf(y), y.grad_fn._saved_output_size, y.grad_fn._saved_align_corners,
                  y.grad_fn._saved_scales_h, y.grad_fn._saved_self_sym_sizes)
            g = ((torch.arange(y.numel()) % 7 - 3).to(x.dtype) / 4).reshape(y.shape).requires_grad_()
            gx, = torch.autograd.grad(y, leaf, g, create_graph=True)
            print(gx.flatten().tolist())
            print(gx.grad_fn.name(), nf(gx))
            gg, = torch.autograd.grad(gx.pow(2).sum(), g)
            print(gg.flatten().tolist())
    m = nn.Upsample(scale_factor=2, mode="bicubic")
    print(m, m(x32[:1, :1, :2, :2]))
    """],
)
attempts(
    "api_double_backward2_interpolate_bicubic_errors",
    ["x3 = torch.randn(1, 2, 5)", "x4 = torch.randn(1, 2, 3, 3)", "x5 = torch.randn(1, 1, 2, 2, 2)"],
    "F.interpolate(x3, size=4, mode='bicubic')",
    "F.interpolate(x5, size=4, mode='bicubic')",
    "F.interpolate(x4, size=(2, 3, 4), mode='bicubic')",
    "F.interpolate(x4, size=(0, 3), mode='bicubic')",
    "F.interpolate(x4, mode='bicubic')",
    "F.interpolate(x4, size=2, scale_factor=2, mode='bicubic')",
    "F.interpolate(x4, size=5, mode='bicubic', recompute_scale_factor=True)",
    "F.interpolate(x4.long(), size=5, mode='bicubic')",
    "F.interpolate(x4, size=5, mode='bicubic').shape",
)

# ---------------------------------------------------------------------------------------------------------
# The backwards of views and joins under create_graph=True: repeat's backward is torch's repeat_backward (a
# sum(0) per added dim, one reshape and one sum over the repeats, nothing when every repeat is 1, zeros for a
# 0 repeat); cat's is one narrow (SliceBackward0) per input, stack's one select (SelectBackward0) per input;
# an alias (x[...]) passes its gradient on without a node.
# ---------------------------------------------------------------------------------------------------------
_VIEWS = """
torch.manual_seed(0)
a0 = torch.randn(2, 3, dtype=torch.float64)
b0 = torch.randn(2, 3, dtype=torch.float64)

def second(label, y, *ins):
    weights = torch.arange(1.0, y.numel() + 1, dtype=torch.float64).reshape(y.shape)
    gs = torch.autograd.grad((y * y * weights).sum(), ins, create_graph=True, allow_unused=True)
    for g in gs:
        print(label, None if g is None else (g.grad_fn and g.grad_fn.name(), g.grad_fn and nf(g), g.stride()))
        print(g)
    live = [g for g in gs if g is not None and g.requires_grad]
    if live:
        print(torch.autograd.grad(sum((g * (k + 1.5)).sin().sum() for k, g in enumerate(live)), ins,
                                  allow_unused=True))
"""
case(
    "double_backward2_repeat_graph",
    [_VIEWS, """
    for reps in ((2, 1), (1, 1), (1, 3), (3, 2, 2), (4, 1, 1, 2), (2, 0), (0, 1, 1)):
        a = a0.clone().requires_grad_()
        second(str(reps), a.repeat(*reps), a)
    a = a0[0].clone().requires_grad_()
    second("tile", a.tile((2, 2)), a)
    s = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
    second("0-d", s.repeat(3, 2), s)
    a = a0.clone().requires_grad_()
    g, = torch.autograd.grad(a.repeat(2, 2).pow(2).sum(), a, create_graph=True)
    print(g.grad_fn.next_functions[0][0].name(), g.grad_fn.next_functions[0][0]._saved_self_sym_sizes)
    g.sum().backward()
    print(a.grad)
    """],
)
case(
    "double_backward2_instance_norm_weight_graph",
    [_VIEWS, """
    x = torch.randn(2, 3, 5, dtype=torch.float64, requires_grad=True)
    w = torch.randn(3, dtype=torch.float64, requires_grad=True)
    b = torch.randn(3, dtype=torch.float64, requires_grad=True)
    gx, gw, gb = torch.autograd.grad(F.instance_norm(x, weight=w, bias=b).pow(3).sum(), (x, w, b), create_graph=True)
    for g in (gw, gb):
        print(g.grad_fn.name(), nf(g), g.grad_fn.next_functions[0][0].name(), g.grad_fn._saved_dim)
    m = nn.InstanceNorm2d(3, affine=True).double()
    y = m(torch.randn(2, 3, 2, 2, dtype=torch.float64))
    gw, gb = torch.autograd.grad(y.pow(3).sum(), (m.weight, m.bias), create_graph=True)
    print(gw.grad_fn.name(), nf(gw), gb.grad_fn.name(), nf(gb))
    """],
)
case(
    "double_backward2_cat_stack_graph",
    [_VIEWS, """
    a = a0.clone().requires_grad_()
    b = b0.clone().requires_grad_()
    e = torch.tensor([], dtype=torch.float64, requires_grad=True)
    second("cat", torch.cat([a, b], 1), a, b)
    second("cat -1", torch.cat([b, a, b], -1), a, b)
    second("cat empty", torch.cat([a, e, b]), a, b, e)
    second("hstack", torch.hstack([a, b]), a, b)
    second("stack", torch.stack([a, b], 1), a, b)
    second("stack -1", torch.stack([b, a, a], -1), a, b)
    second("split cat", torch.cat([p * (i + 1) for i, p in enumerate(a.split([1, 2], 1))], 1), a)
    second("chunk cat", torch.cat(a.t().chunk(2)[::-1], 0), a)
    g, = torch.autograd.grad(torch.cat([b, a], -1).pow(2).sum(), a, create_graph=True)
    node = g.grad_fn
    print(node.name(), node._saved_dim, node._saved_start, node._saved_end, node._saved_step)
    g, = torch.autograd.grad(torch.stack([b, a], -1).pow(2).sum(), a, create_graph=True)
    node = g.grad_fn
    print(node.name(), node._saved_dim, node._saved_index)
    """],
)
case(
    "double_backward2_alias_graph",
    [_VIEWS, """
    a = a0.clone().requires_grad_()
    second("alias", a[...], a)
    second("alias twice", a[...][...] * a, a)
    g, = torch.autograd.grad((a[...] * a[...]).sum(), a, create_graph=True)
    print(g.grad_fn.name(), nf(g))
    """],
)


# nll_loss/cross_entropy on 3-d to 5-d input: the gradient laid out C-order as torch's, so under create_graph=True its
# reshape is ViewBackward0 (not ReshapeAliasBackward0), and x.grad's strides are torch's
case(
    "double_backward2_nll_loss_nd_view_graph",
    [_LOSSES, """
    torch.manual_seed(0)
    for shape in ((2, 3, 4), (2, 3, 2, 3), (2, 3, 2, 1, 2)):
        for red in ("mean", "none"):
            x = torch.randn(*shape, dtype=torch.float64, requires_grad=True)
            t = torch.randint(0, 3, (shape[0],) + shape[2:])
            for loss in (F.nll_loss, F.cross_entropy):
                g, = torch.autograd.grad(loss(x, t, reduction=red).pow(2).sum(), x, create_graph=True)
                show_graph(g)
                print(g.stride())
                h, = torch.autograd.grad(g.pow(2).sum(), x, create_graph=True)
                print(h.grad_fn.name(), nf(h), h.stride())
            x.grad = None
            F.nll_loss(x, t, reduction=red).sum().backward()
            print(x.grad.stride())
    """],
)
