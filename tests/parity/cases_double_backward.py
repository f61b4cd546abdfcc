"""Parity cases for second derivatives through nn.functional:
the nodes a create_graph backward builds and their values."""

from parity.cases import attempts, case  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# F.grid_sample: the gradients of input and grid under create_graph=True come from one GridSampler2DBackwardBackward0
# (GridSampler3DBackwardBackward0 for volumes) over (grad_output, input, grid), whose backward gives the true second
# derivatives. Grids stay inside the input where the padding would clip a point (the sign of a zero there is
# torch's kernel's own).
# ---------------------------------------------------------------------------------------------------------
_GRID = """
torch.manual_seed(0)
x = torch.randn(2, 3, 5, 5, dtype=torch.float64, requires_grad=True)
g = (torch.rand(2, 4, 3, 2, dtype=torch.float64) * 1.6 - 0.8).requires_grad_()
w = torch.linspace(-1, 1, 2 * 3 * 4 * 3, dtype=torch.float64).reshape(2, 3, 4, 3)
"""
case(
    "api_double_backward_grid_sample_graph",
    [_GRID, """
    y = F.grid_sample(x, g, align_corners=False)
    gx, gg = torch.autograd.grad((y * y * w).sum(), (x, g), create_graph=True)
    node = gx.grad_fn
    print(node.name(), nf(gx), gx.output_nr, gg.output_nr, gg.grad_fn is node)
    print(node._saved_interpolation_mode, node._saved_padding_mode, node._saved_align_corners)
    print(node._saved_grid is g, node._saved_input is x, node._saved_grad_output.shape)
    show_graph(gg)
    lin, = torch.autograd.grad((F.grid_sample(x, g, mode="bicubic", align_corners=True) * w).sum(), g,
                               create_graph=True)
    print(lin.grad_fn.name(), nf(lin))
    only_x, = torch.autograd.grad((F.grid_sample(x, g.detach(), align_corners=False) ** 2).sum(), x, create_graph=True)
    print(only_x.grad_fn.name(), nf(only_x))
    v = torch.randn(1, 2, 3, 3, 3, dtype=torch.float64, requires_grad=True)
    p = (torch.rand(1, 2, 2, 1, 3, dtype=torch.float64) * 1.6 - 0.8).requires_grad_()
    gv, gp = torch.autograd.grad(F.grid_sample(v, p, align_corners=False).pow(2).sum(), (v, p), create_graph=True)
    print(gv.grad_fn.name(), nf(gv), gp.grad_fn.name())
    """],
)
case(
    "api_double_backward_grid_sample_values",
    [_GRID, """
    for mode in ("bilinear", "nearest", "bicubic"):
        for padding in ("zeros", "border", "reflection"):
            for align in (False, True):
                y = F.grid_sample(x, g, mode=mode, padding_mode=padding, align_corners=align)
                gx, gg = torch.autograd.grad((y * y * w).sum(), (x, g), create_graph=True)
                hx, hg = torch.autograd.grad(gx.pow(2).sum() + (gg * gg.detach()).sum(), (x, g))
                print(mode, padding, align, hx.sum(), hg.sum())
                print(hg[1, :2])
    """],
)
case(
    "api_double_backward_grid_sample_lin_and_3d",
    [_GRID, """
    for mode in ("bilinear", "nearest", "bicubic"):
        gg, = torch.autograd.grad((F.grid_sample(x, g, mode=mode, align_corners=False) * w).sum(), g,
                                  create_graph=True)
        attempt(lambda: torch.autograd.grad((gg * gg).sum(), (x, g)))
    v = torch.randn(1, 2, 3, 3, 3, dtype=torch.float64, requires_grad=True)
    p = (torch.rand(1, 2, 2, 1, 3, dtype=torch.float64) * 1.6 - 0.8).requires_grad_()
    for mode in ("bilinear", "nearest"):
        gv, gp = torch.autograd.grad(F.grid_sample(v, p, mode=mode, align_corners=True).pow(2).sum(), (v, p),
                                     create_graph=True)
        print(torch.autograd.grad(gv.sum() + gp.pow(2).sum(), (v, p), allow_unused=True))
    """],
)
case(
    "api_double_backward_grid_sample_penalty",
    [_GRID, """
    # WGAN-GP through a spatial transformer: the penalty on the input's gradient, then an optimiser step's grads
    conv = torch.nn.Conv2d(3, 1, 3, dtype=torch.float64)
    theta = torch.tensor([[[0.9, 0.1, 0.05], [-0.1, 0.8, 0.02]]] * 2, dtype=torch.float64, requires_grad=True)
    def critic(img):
        grid = F.affine_grid(theta, (2, 3, 4, 4), align_corners=False)
        return conv(F.grid_sample(img, grid, align_corners=False)).mean(dim=(1, 2, 3))
    inp = x.detach().requires_grad_()
    grad, = torch.autograd.grad(critic(inp).sum(), inp, create_graph=True)
    print(grad.grad_fn.name(), nf(grad))
    penalty = ((grad.flatten(1).norm(2, dim=1) - 1) ** 2).mean()
    penalty.backward()
    print(penalty, theta.grad, conv.weight.grad.sum(), inp.grad.sum())
    # a Hessian-vector product in the grid
    def energy(q):
        return F.grid_sample(x.detach(), q, mode="bicubic", align_corners=False).pow(2).sum()
    direction = w[:, :2, :, :2].permute(0, 2, 3, 1).contiguous()
    hv = torch.autograd.functional.hvp(energy, g.detach(), direction)
    print(hv[1][0])
    """],
)

# ---------------------------------------------------------------------------------------------------------
# Normalisation, mse_loss and embedding: create_graph=True records their backward as one node (torch's
# NativeBatchNormBackwardBackward0, NativeLayerNormBackwardBackward0, MseLossBackwardBackward0,
# EmbeddingDenseBackwardBackward0) over the backward's inputs, with its saved values.
# ---------------------------------------------------------------------------------------------------------
_NORM = """
torch.manual_seed(0)
x = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
w = torch.randn(3, dtype=torch.float64, requires_grad=True)
b = torch.randn(3, dtype=torch.float64, requires_grad=True)
wl = torch.randn(4, dtype=torch.float64, requires_grad=True)
bl = torch.randn(4, dtype=torch.float64, requires_grad=True)
"""
case(
    "api_double_backward_batch_norm",
    [_NORM, """
    for training in (True, False):
        rm, rv = torch.zeros(3, dtype=torch.float64), torch.ones(3, dtype=torch.float64)
        y = F.batch_norm(x, rm, rv, w, b, training=training)
        gx, gw, gb = torch.autograd.grad((y * y).sum(), (x, w, b), create_graph=True)
        node = gx.grad_fn
        print(node.name(), nf(gx), gw.grad_fn is node, gb.output_nr)
        print(node._saved_eps, node._saved_train, node._saved_save_mean, node._saved_save_invstd.shape)
        print(node._saved_input is x, node._saved_weight is w, node._saved_running_var is rv)
        print(torch.autograd.grad(gx.pow(2).sum() + (gw * gb).sum(), (x, w, b)))
    lin, = torch.autograd.grad((F.batch_norm(x, None, None, training=True) * x.detach()).sum(), x, create_graph=True)
    print(nf(lin))
    print(torch.autograd.grad(lin.pow(2).sum(), x))
    bn = torch.nn.BatchNorm1d(3, dtype=torch.float64)
    g, = torch.autograd.grad(bn(x).pow(3).sum(), x, create_graph=True)
    print(g.grad_fn.name(), torch.autograd.grad(g.norm(), bn.weight))
    """],
)
case(
    "api_double_backward_layer_norm",
    [_NORM, """
    y = F.layer_norm(x, (4,), wl, bl)
    gx, gw, gb = torch.autograd.grad((y * y).sum(), (x, wl, bl), create_graph=True)
    node = gx.grad_fn
    print(node.name(), nf(gx), gb.grad_fn is node, gw.output_nr)
    print(node._saved_normalized_shape, node._saved_mean.shape, node._saved_rstd.shape, node._saved_weight is wl)
    print(torch.autograd.grad(gx.pow(2).sum() + gw.sum() * gb.sum(), (x, wl, bl)))
    gx, gb = torch.autograd.grad((F.layer_norm(x, (3, 4), None, bl.repeat(3).view(3, 4)) * x).sum(), (x, bl),
                                 create_graph=True)
    print(gx.grad_fn.name(), nf(gx))
    ln = torch.nn.LayerNorm(4, dtype=torch.float64)
    g, = torch.autograd.grad(ln(x).pow(2).sum(), x, create_graph=True)
    print(torch.autograd.grad((g * g).sum(), (ln.weight, ln.bias), allow_unused=True))
    """],
)
case(
    "api_double_backward_mse_loss",
    [_NORM, """
    t = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
    for reduction in ("mean", "sum", "none"):
        loss = F.mse_loss(x, t, reduction=reduction)
        gx, gt = torch.autograd.grad((loss * loss).sum(), (x, t), create_graph=True)
        print(gx.grad_fn.name(), nf(gx), gt.grad_fn is gx.grad_fn, gx.grad_fn._saved_reduction)
        print(gt.grad_fn._saved_self is t, gt.grad_fn._saved_target is x)
        h = torch.autograd.grad(gx.pow(2).sum() + gt.sum(), (x, t))
        print(h[0][0, 0], h[1][1, 2])
    g, = torch.autograd.grad(F.mse_loss(x, t.detach()), x, create_graph=True)
    print(nf(g), torch.autograd.grad(g.pow(2).sum(), x)[0][0, 0])
    """],
)
case(
    "api_double_backward_embedding",
    """
    torch.manual_seed(0)
    w = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
    i = torch.tensor([[0, 2, 2], [4, 1, 0]])
    for kw in ({}, {"padding_idx": 2}, {"scale_grad_by_freq": True}, {"scale_grad_by_freq": True, "padding_idx": 0}):
        gw, = torch.autograd.grad(F.embedding(i, w, **kw).pow(2).sum(), w, create_graph=True)
        node = gw.grad_fn
        print(kw, node.name(), nf(gw), node._saved_indices, node._saved_padding_idx)
        print(torch.autograd.grad((gw * gw).sum(), w))
    table = w.detach().clone().requires_grad_()
    gw, = torch.autograd.grad(F.embedding(i, table, max_norm=1.0).pow(2).sum(), table, create_graph=True)
    print(table, torch.autograd.grad((gw * gw).sum(), table))
    emb = torch.nn.Embedding(5, 3, dtype=torch.float64)
    g, = torch.autograd.grad(emb(i).tanh().sum(), emb.weight, create_graph=True)
    print(g.grad_fn.name(), nf(g), torch.autograd.grad(g.sum(), emb.weight)[0])
    """,
)
attempts(
    "api_double_backward_embedding_bag_errors",
    ["""
    torch.manual_seed(0)
    w = torch.randn(5, 3, dtype=torch.float64, requires_grad=True)
    p = torch.rand(6, dtype=torch.float64, requires_grad=True)
    i, off = torch.tensor([0, 2, 2, 4, 1, 0]), torch.tensor([0, 2])
    gw, gp = torch.autograd.grad(F.embedding_bag(i, w, off, mode="sum", per_sample_weights=p).pow(2).sum(), (w, p),
                                 create_graph=True)
    print(gw.grad_fn.name(), gp.grad_fn.name(), nf(gp))
    """],
    "torch.autograd.grad((gw * gw).sum() + (gp * gp).sum(), (w, p), retain_graph=True)",
    "torch.autograd.grad((gp * gp).sum() + (gw * gw).sum(), (w, p), retain_graph=True)",
    "torch.autograd.grad((gw * gw).sum(), (w, p), retain_graph=True)",
    "torch.autograd.grad((gp * gp).sum(), (w, p), retain_graph=True)",
)

# ---------------------------------------------------------------------------------------------------------
# F.interpolate in every mode minigrad computes: values, nodes, and the nodes create_graph=True records for the
# gradient (Upsample*BackwardBackward0, or the adaptive pools' for 'area').
# ---------------------------------------------------------------------------------------------------------
case(
    "api_double_backward_interpolate_modes",
    """
    torch.manual_seed(0)
    inputs = {3: torch.randn(1, 2, 5, dtype=torch.float64), 4: torch.randn(1, 2, 3, 4, dtype=torch.float64),
              5: torch.randn(1, 1, 2, 3, 3, dtype=torch.float64)}
    for mode, dims in (("nearest", (3, 4, 5)), ("nearest-exact", (3, 4, 5)), ("linear", (3,)), ("bilinear", (4,)),
                       ("trilinear", (5,)), ("area", (3, 4, 5))):
        for d in dims:
            x = inputs[d].clone().requires_grad_()
            for kw in ({"scale_factor": 1.7}, {"size": [3] * (d - 2)}):
                corners = {"align_corners": True} if mode in ("linear", "bilinear", "trilinear") else {}
                y = F.interpolate(x, mode=mode, **kw, **corners)
                g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
                h, = torch.autograd.grad(g.pow(2).sum(), x)
                print(mode, d, kw, tuple(y.shape), y.grad_fn.name(), g.grad_fn.name(), nf(g))
                print(y.flatten()[:6], h.flatten()[:4])
    n = F.interpolate(inputs[5].requires_grad_(), scale_factor=(1.5, 2, 1), mode="trilinear").grad_fn
    print(n._saved_scales_d, n._saved_scales_h, n._saved_scales_w, n._saved_output_size, n._saved_align_corners)
    n = F.interpolate(inputs[3], scale_factor=1.5, mode="nearest-exact").grad_fn
    print(n, F.interpolate(inputs[3].detach(), scale_factor=2.5, mode="linear", align_corners=False))
    """,
)
attempts(
    "api_double_backward_interpolate_errors",
    ["torch.manual_seed(0)\nx = torch.randn(1, 2, 3, 4, 5, dtype=torch.float64)"],
    "F.interpolate(x, scale_factor=2, mode='bilinear')",
    "F.interpolate(x[0], scale_factor=2, mode='trilinear')",
    "F.interpolate(x[0, 0], scale_factor=2, mode='linear').shape",
    "F.interpolate(x, size=(2, 2), mode='nearest')",
    "F.interpolate(x, scale_factor=0.1, mode='nearest-exact')",
    "F.interpolate(x, scale_factor=2, mode='area', align_corners=True)",
    "F.interpolate(x, size=4, mode='linear', antialias=True)",
    "F.interpolate(x, scale_factor=0.5, mode='area').shape",
)
