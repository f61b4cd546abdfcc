"""Parity cases of whole programs a student writes on their own (round 5): topics the earlier program files do not
cover. Each runs end to end (fixed seeds) and prints what a learner prints."""

from parity.cases import ATTEMPT, attempts, case, errors  # noqa: F401

# torch's linear-algebra functions return what LAPACK leaves: each matrix column-major (inv, solve, lstsq, qr,
# cholesky, svd, eigh, solve_triangular, cholesky_inverse), so .view() of an inverse fails and .T is contiguous
case(
    "api_programs5_linalg_column_major_results",
    """
    import torch
    torch.manual_seed(0)
    X = torch.cat([torch.randn(6, 2), torch.ones(6, 1)], dim=1)
    y = X @ torch.tensor([[1.5], [-2.0], [0.5]])
    XtX_inv = torch.linalg.inv(X.T @ X)
    w = XtX_inv @ X.T @ y
    print(w.flatten().round(decimals=4))
    print(XtX_inv.shape, XtX_inv.stride(), XtX_inv.is_contiguous())
    try:
        print(XtX_inv.view(-1))
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(XtX_inv.reshape(-1).shape, XtX_inv.contiguous().stride(), XtX_inv.T.is_contiguous())
    sol = torch.linalg.solve(X.T @ X, X.T @ torch.cat([y, 2 * y], dim=1))
    print(sol.stride(), sol.is_contiguous(), sol[:, 0].round(decimals=4))
    ls = torch.linalg.lstsq(X, torch.cat([y, -y], dim=1))
    print(ls.solution.shape, ls.solution.stride(), ls.solution.is_contiguous())
    Q, R = torch.linalg.qr(X)
    print(Q.stride(), R.stride(), Q.T.is_contiguous(), R.is_contiguous())
    L = torch.linalg.cholesky(X.T @ X)
    print(L.stride(), L.mT.is_contiguous())
    U, S, Vh = torch.linalg.svd(X, full_matrices=False)
    print(U.stride(), Vh.stride(), S.stride())
    evals, evecs = torch.linalg.eigh(X.T @ X)
    print(evecs.stride(), evals.is_contiguous())
    try:
        evecs.view(9)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(torch.linalg.solve_triangular(L, torch.eye(3), upper=False).stride(), torch.cholesky_inverse(L).stride())
    batch = torch.stack([X.T @ X, 2 * X.T @ X])
    print(torch.linalg.inv(batch).stride(), torch.linalg.cholesky(batch).is_contiguous())
    A = (X.T @ X).requires_grad_()
    Ainv = torch.linalg.inv(A)
    g, = torch.autograd.grad((Ainv @ torch.ones(3, 1)).sum(), A, create_graph=True)
    print(g.grad_fn, g.grad_fn.next_functions)
    """,
)


# a histogram of activations after a softmax that overflowed: histc's own range check (torch's aminmax gives one nan
# as nan, more as -nan; all-inf float32 and float64 data keep the dtype's largest finite value as one edge)
case(
    "api_programs5_histc_nan_activations",
    """
    import torch
    torch.manual_seed(0)
    x = torch.randn(200, 10)
    w = torch.randn(10, 10) * 3
    h = torch.tanh(x @ w)
    print(torch.histc(h, bins=10, min=-1, max=1))
    print(f"saturated: {(h.abs() > 0.97).float().mean():.3f}")
    logits = x @ w * 10
    probs = logits.exp() / logits.exp().sum(1, keepdim=True)
    print(probs.isnan().sum(), probs.isinf().sum())
    print(torch.histc(probs, bins=4, min=0, max=1))
    nan, inf = float("nan"), float("inf")
    for data in [probs, torch.tensor([nan]), torch.tensor([1.0, inf]), torch.tensor([inf, inf]),
                 torch.tensor([-inf], dtype=torch.float64), torch.tensor([0.5, nan], dtype=torch.float16)]:
        try:
            print(torch.histc(data, bins=4))
        except RuntimeError as e:
            print("RuntimeError:", e)
    try:
        torch.histc(h, bins=4, min=float("nan"), max=1)
    except RuntimeError as e:
        print("RuntimeError:", e)
    print(torch.histc(torch.nan_to_num(probs), bins=4))
    print(torch.histc(torch.tensor([3.0, 3.0]), bins=4), torch.histc(torch.tensor([]), bins=2))
    """,
)


# a small CNN converted with .half(): torch's float16 kernels compute in float32 and round once (convolution and its
# input and bias gradients, avg_pool2d, adaptive_avg_pool2d, layer_norm, addmm/linear, lerp); avg_pool3d has no float16
# kernel, adaptive_avg_pool3d adds in float16
case(
    "api_programs5_half_cnn_memory",
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    torch.manual_seed(0)
    net = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.AvgPool2d(2), nn.Conv2d(4, 4, 3),
                        nn.AdaptiveAvgPool2d((2, 2)), nn.Flatten(), nn.LayerNorm(16), nn.Linear(16, 3))
    x = torch.randn(2, 1, 8, 8)
    y32 = net(x)
    net.half()
    xh = x.half()
    h = xh
    for layer in net:
        h = layer(h)
        print(f"{layer.__class__.__name__:>17}", h.dtype, h.flatten()[:4])
    print(h, (h.float() - y32).abs().max() < 0.05)
    print(F.avg_pool2d(xh, 3, stride=2, padding=1)[0, 0])
    print(F.adaptive_avg_pool2d(xh, 3)[1, 0], F.adaptive_avg_pool1d(xh[0, 0], 3)[0])
    print(F.layer_norm(xh[0, 0], (8,))[0], F.linear(xh[0, 0], xh[1, 0], xh[1, 0, 0]))
    print(torch.addmm(xh[0, 0, 0], xh[0, 0], xh[1, 0], beta=0.5, alpha=2)[0])
    loss = F.cross_entropy(h, torch.tensor([0, 2]))
    loss.backward()
    print(loss, net[-1].bias.grad)
    try:
        F.avg_pool3d(xh.unsqueeze(0), 2)
    except NotImplementedError as e:
        print("NotImplementedError:", e)
    print(F.adaptive_avg_pool3d(xh.unsqueeze(0), 2).flatten()[:4])
    ema = net[-1].weight.detach().clone()
    for step in range(3):
        ema = torch.lerp(ema, net[-1].weight.detach() * (step + 2), 0.3)
    print(ema[0, :4], torch.lerp(ema[0, :4], ema[1, :4], torch.full((4,), 0.7, dtype=torch.float16)))
    """,
)


# inference of a trained BatchNorm model in float16 (and GroupNorm): torch's kernels compute the per-channel scale
# and shift (alpha = weight / sqrt(var + eps), beta = bias - mean * alpha) in float32 and round the output once
case(
    "api_programs5_half_batchnorm_inference",
    """
    import torch
    import torch.nn as nn
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 4 * 4, 2))
    x = torch.randn(8, 3, 6, 6)
    for _ in range(5):
        model(x)
    model.eval()
    print(model[1].running_mean, model[1].running_var)
    with torch.no_grad():
        y32 = model(x)
        model.half()
        h = model[0](x.half())
        bn = model[1](h)
        print(bn[0, :, 0], bn.dtype)
        yh = model[2:](bn)
    print(yh, (yh.float() - y32).abs().max() < 0.05)
    print(nn.functional.batch_norm(h, model[1].running_mean, model[1].running_var)[1, :, 1])
    print(yh.argmax(1).tolist() == y32.argmax(1).tolist())
    print(nn.functional.group_norm(h, 2)[0, :, 0], nn.GroupNorm(2, 4).half()(h)[1, :, 1])
    """,
)
