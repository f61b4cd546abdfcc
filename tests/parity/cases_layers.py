"""Parity cases for layers: the convolutional-network layers of ``torch.nn`` after Conv2d/MaxPool2d/BatchNorm1d
(BatchNorm2d/3d, GroupNorm, InstanceNorm, the 1-d and adaptive poolings, ...): values, grad_fn names, edges, saved
values, gradients, printouts, state_dict keys and torch's errors."""

from parity.cases import attempts, case

_X = """
x = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]], requires_grad=True)
"""


def _errors(name, *snippets, **kwargs):
    attempts(name, [_X], *snippets, **kwargs)


# ---------------------------------------------------------------------------------------------------------
# Normalisation: BatchNorm2d/3d, GroupNorm, InstanceNorm. torch's group norm sums each group's moments in float
# with a vectorised cascade (minigrad in float64): float32 values may differ in the last place, so they are printed
# rounded; float64 ones in full.
# ---------------------------------------------------------------------------------------------------------
_IMAGES = """
torch.manual_seed(0)
x = torch.randn(2, 4, 3, 2, requires_grad=True)
w = torch.randn(4, requires_grad=True)
b = torch.randn(4, requires_grad=True)
weights = torch.arange(48.).reshape(2, 4, 3, 2)
def r(t, decimals=4):
    return torch.round(t, decimals=decimals)
def names(node):
    return [(n.name() if n is not None else None, i) for n, i in node.next_functions]
"""
case(
    "api_layers_batchnorm2d_3d",
    [_IMAGES, """
    bn = nn.BatchNorm2d(4)
    print(bn, list(bn.state_dict()), bn.weight, bn.bias)
    y = bn(x)
    print(r(y), y.grad_fn.name(), nf(y), r(bn.running_mean), r(bn.running_var), bn.num_batches_tracked)
    (y * weights).sum().backward()
    print(r(x.grad), r(bn.weight.grad), r(bn.bias.grad))
    bn.eval()
    print(r(bn(x)))
    b3 = nn.BatchNorm3d(2, momentum=None, affine=False)
    print(b3, list(b3.state_dict()))
    z = x.detach().reshape(2, 2, 2, 3, 2)
    print(r(b3(z)), r(b3.running_mean), r(b3.running_var), b3.num_batches_tracked, b3.weight)
    print(nn.BatchNorm2d(3, track_running_stats=False, eps=1e-3, momentum=0.5), nn.BatchNorm3d(3, bias=False))
    print(torch.batch_norm(torch.ones(1, 3), None, None, None, None, True, 0.1, 1e-5, False))
    y = torch.batch_norm(x, w, b, None, None, True, 0.1, 1e-5, False)
    print(r(y), y.grad_fn.name())
    """],
)
case(
    "api_layers_group_norm",
    [_IMAGES, """
    y = F.group_norm(x, 2, w, b)
    print(r(y))
    g = y.grad_fn
    print(g.name(), nf(y), g._saved_N, g._saved_C, g._saved_HxW, g._saved_group, g._saved_eps)
    print(g._saved_input is x, g._saved_weight is w, r(g._saved_result1), r(g._saved_result2))
    (y * weights).sum().backward()
    print(r(x.grad, 2), r(w.grad, 2), r(b.grad))
    y = F.group_norm(x, 4)
    print(r(y), nf(y), y.grad_fn._saved_weight)
    gn = nn.GroupNorm(2, 4)
    print(gn, list(gn.state_dict()), gn.weight, gn.bias, nn.GroupNorm(1, 3, affine=False, eps=0.1))
    print(nn.GroupNorm(3, 6, bias=False), list(nn.GroupNorm(3, 6, bias=False).state_dict()))
    print(r(gn(x)), gn(x).grad_fn.name(), torch.group_norm(x, 1).grad_fn.name())
    xd = x.detach().double().requires_grad_()
    wd = w.detach().double().requires_grad_()
    y = F.group_norm(xd, 2, wd)
    print(y)
    gx, gw = torch.autograd.grad((y ** 3 * weights).sum(), (xd, wd), create_graph=True)
    print(gx.detach(), gw.detach())
    (gx.sum() + (gw * gw).sum()).backward()
    print(torch.round(xd.grad, decimals=10), torch.round(wd.grad, decimals=10))
    print(F.group_norm(torch.tensor([[1., 2.], [3., 5.]], dtype=torch.float64), 1))
    """],
)
case(
    "api_layers_instance_norm",
    [_IMAGES, """
    inn = nn.InstanceNorm2d(4, affine=True, track_running_stats=True)
    print(inn, list(inn.state_dict()))
    y = inn(x)
    print(r(y), y.grad_fn.name(), nf(y), names(y.grad_fn.next_functions[0][0]))
    print(r(inn.running_mean), r(inn.running_var), inn.num_batches_tracked)
    (y * weights).sum().backward()
    print(r(x.grad, 2), r(inn.weight.grad, 2), r(inn.bias.grad))
    inn.eval()
    print(r(inn(x)))
    i1 = nn.InstanceNorm1d(3)
    print(i1, list(i1.state_dict()), i1.weight, i1.running_mean)
    v = torch.tensor([[1., 2., 4.], [0., -1., 3.], [2., 2., 5.]])
    print(i1(v), i1(v.unsqueeze(0)), F.instance_norm(v.unsqueeze(0)))
    print(nn.InstanceNorm3d(2, momentum=None), nn.InstanceNorm2d(2, eps=0.1, bias=False, affine=True))
    print(torch.instance_norm(v.unsqueeze(0), None, None, None, None, True, 0.1, 1e-5, False))
    rm, rv = torch.zeros(3), torch.ones(3)
    y = F.instance_norm(v.unsqueeze(0).double(), rm.double(), rv.double(), use_input_stats=False)
    print(y, F.instance_norm(v.unsqueeze(0), rm, rv, momentum=0.5), rm, rv)
    xd = x.detach().double().requires_grad_()
    y = F.instance_norm(xd)
    gx, = torch.autograd.grad((y ** 3 * weights).sum(), xd, create_graph=True)
    print(gx.detach())
    """],
)
_errors(
    "api_layers_norm_errors",
    "F.group_norm(torch.ones(2, 4, 3), 3)",
    "F.group_norm(torch.ones(2, 4, 3), 2, torch.ones(3))",
    "F.group_norm(torch.ones(2, 4, 3), 2, None, torch.ones(3))",
    "F.group_norm(torch.ones(2, 4, 3), 2, torch.ones(4), torch.ones(3))",
    "F.group_norm(torch.ones(4), 2)",
    "F.group_norm(torch.ones(1, 4), 4)",
    "F.group_norm(torch.ones(2, 4, dtype=torch.long), 2)",
    "F.group_norm(torch.ones(2, 4, 3), 2, torch.ones(4, dtype=torch.float64))",
    "F.group_norm(torch.ones(2, 4, 3, dtype=torch.float64), 2, torch.ones(4))",
    "nn.GroupNorm(3, 4)",
    "nn.GroupNorm(2, 4)(torch.ones(2, 3, 3))",
    "F.instance_norm(torch.ones(2, 3, 1))",
    "F.instance_norm(torch.ones(2, 3, 4), torch.zeros(4), torch.ones(3))",
    "F.instance_norm(torch.ones(2, 3, 4), use_input_stats=False)",
    "F.instance_norm(torch.ones(2, 3, 4, dtype=torch.long))",
    "nn.InstanceNorm1d(3)(torch.ones(3))",
    "nn.InstanceNorm1d(3, affine=True)(torch.ones(2, 4, 5))",
    "nn.InstanceNorm2d(3)(torch.ones(2, 3))",
    "nn.BatchNorm2d(3)(torch.ones(2, 3, 4))",
    "nn.BatchNorm3d(3)(torch.ones(2, 3, 4, 4))",
    "nn.BatchNorm2d(3)(torch.ones(1, 3, 1, 1))",
    "F.batch_norm(torch.ones(2, 3, dtype=torch.long), None, None, training=True)",
)

# ---------------------------------------------------------------------------------------------------------
# Pooling: the 1-d poolings (built from the 2-d kernels, as torch builds them) and adaptive max pooling.
# ---------------------------------------------------------------------------------------------------------
_SIGNAL = """
x = torch.tensor([[[1., 5., -2., 3., 3., 0.5, 7., -1.], [2., 2., 1., 0., -3., 4., 4., 6.]]], requires_grad=True)
def chain(y):
    out, n = [], y.grad_fn
    while n is not None:
        out.append(n.name())
        n = n.next_functions[0][0] if n.next_functions else None
    return out
"""
case(
    "api_layers_max_pool1d",
    [_SIGNAL, """
    y, i = F.max_pool1d(x, 2, return_indices=True)
    print(y, i, chain(y))
    n = y.grad_fn.next_functions[0][0]
    print(n._saved_kernel_size, n._saved_stride, n._saved_padding, n._saved_dilation, n._saved_ceil_mode)
    print(n._saved_result1, n._saved_self.shape)
    (y * torch.arange(1., 9.).reshape(1, 2, 4)).sum().backward()
    print(x.grad)
    y = F.max_pool1d(x, 3, 2, 1, 2, True)
    print(y, chain(y))
    y = F.max_pool1d(x[0], 3, 2, 1)
    print(y, chain(y))
    print(F.max_pool1d(x.detach(), [2], [1]), F.max_pool1d(x, 2, None), F.max_pool1d_with_indices(x, 3, 1))
    print(F.max_pool1d(torch.tensor([[1., float("nan"), 2., float("nan")]]), 4, return_indices=True))
    m = nn.MaxPool1d(2, return_indices=True, ceil_mode=True, dilation=2)
    print(nn.MaxPool1d(2), m, m(x), list(m.state_dict()))
    print(torch.max_pool1d(x, 2), torch.max_pool1d_with_indices(x, 2), torch.max_pool2d(x.reshape(1, 2, 2, 4), 2))
    xd = x.detach().double().requires_grad_()
    g, = torch.autograd.grad((F.max_pool1d(xd, 2) ** 2).sum(), xd, create_graph=True)
    print(g.detach(), g.grad_fn.name())
    g.sum().backward()
    print(xd.grad)
    """],
)
case(
    "api_layers_avg_pool1d",
    [_SIGNAL, """
    y = F.avg_pool1d(x, 3, 2, 1)
    print(y, chain(y))
    n = y.grad_fn.next_functions[0][0]
    print(n._saved_kernel_size, n._saved_stride, n._saved_padding, n._saved_ceil_mode, n._saved_count_include_pad)
    print(n._saved_divisor_override)
    (y * torch.arange(1., 9.).reshape(1, 2, 4)).sum().backward()
    print(x.grad)
    print(F.avg_pool1d(x, 3, 2, 1, True, False), F.avg_pool1d(x, [2]), F.avg_pool1d(x[0], 3, 1))
    print(F.avg_pool1d(torch.arange(8).reshape(1, 8), 3))
    a = nn.AvgPool1d(3, 2, 1)
    print(a, nn.AvgPool1d(2), a(x), torch.avg_pool1d(x, 2))
    xd = x.detach().double().requires_grad_()
    g, = torch.autograd.grad((F.avg_pool1d(xd, 3, 2, 1) ** 2).sum(), xd, create_graph=True)
    print(g.detach(), g.grad_fn.name())
    g.sum().backward()
    print(xd.grad)
    """],
)
case(
    "api_layers_adaptive_pool1d",
    [_SIGNAL, """
    y = F.adaptive_avg_pool1d(x, 3)
    print(y, chain(y))
    y.sum().backward()
    print(x.grad)
    x.grad = None
    print(F.adaptive_avg_pool1d(x, 1), chain(F.adaptive_avg_pool1d(x, 1)), F.adaptive_avg_pool1d(x[0], (5,)))
    y, i = F.adaptive_max_pool1d(x, 3, return_indices=True)
    print(y, i, chain(y))
    n = y.grad_fn.next_functions[0][0]
    print(n._saved_self.shape, n._saved_result1)
    (y * torch.tensor([1., 2., 3.])).sum().backward()
    print(x.grad)
    print(F.adaptive_max_pool1d(torch.tensor([[1., float("nan"), 2., float("nan"), 2.]]), 2, return_indices=True))
    print(F.adaptive_max_pool1d(torch.tensor([[1., 3., 3., 0., 3.]]), 2, return_indices=True))
    print(F.adaptive_max_pool1d_with_indices(x, 2), torch.adaptive_max_pool1d(x, 2), torch.adaptive_avg_pool1d(x, 2))
    print(nn.AdaptiveAvgPool1d(3), nn.AdaptiveMaxPool1d(3))
    print(nn.AdaptiveMaxPool1d(2, True)(x), nn.AdaptiveAvgPool1d(2)(x))
    xd = x.detach().double().requires_grad_()
    g, = torch.autograd.grad((F.adaptive_max_pool1d(xd, 3) ** 2).sum(), xd, create_graph=True)
    print(g.detach(), g.grad_fn.name())
    g.sum().backward()
    print(xd.grad)
    """],
)
case(
    "api_layers_adaptive_max_pool2d",
    [_SIGNAL, """
    z = x.reshape(1, 2, 2, 4)
    y, i = F.adaptive_max_pool2d(z, (1, 3), return_indices=True)
    print(y, i, chain(y), y.grad_fn._saved_result1, y.grad_fn._saved_self.shape)
    (y * torch.arange(1., 7.).reshape(1, 2, 1, 3)).sum().backward()
    print(x.grad)
    print(F.adaptive_max_pool2d(z, (None, 3)), F.adaptive_max_pool2d(z[0], 1), F.adaptive_max_pool2d(z, [2, 2]))
    print(F.adaptive_max_pool2d(z, 3), F.adaptive_max_pool2d_with_indices(z, (2, 1)))
    m = nn.AdaptiveMaxPool2d((2, None), return_indices=True)
    print(m, m(z), nn.AdaptiveMaxPool2d(1)(z))
    zd = z.detach().double().requires_grad_()
    g, = torch.autograd.grad((F.adaptive_max_pool2d(zd, (2, 3)) ** 2).sum(), zd, create_graph=True)
    print(g.detach(), g.grad_fn.name(), nf(g), g.grad_fn._saved_indices)
    g.sum().backward()
    print(zd.grad)
    """],
)
_errors(
    "api_layers_pool_errors",
    "F.max_pool1d(torch.ones(8), 2)",
    "F.max_pool1d(torch.ones(1, 2, 3, 8), 2)",
    "F.max_pool1d(torch.ones(2, 0, 8, requires_grad=True), 2)",
    "F.max_pool1d(torch.ones(2, 3, 8), 0)",
    "F.max_pool1d(torch.ones(2, 3, 8), 2, 0)",
    "F.max_pool1d(torch.ones(2, 3, 8), 2, padding=2)",
    "F.max_pool1d(torch.ones(2, 3, 8), 2, padding=-1)",
    "F.max_pool1d(torch.ones(2, 3, 8), 2, dilation=0)",
    "F.max_pool1d(torch.ones(2, 3, 8), 9)",
    "F.max_pool1d(torch.ones(2, 3, 8), (2, 2))",
    "F.max_pool1d(torch.ones(2, 3, 8), 2, (1, 1))",
    "F.max_pool1d(torch.ones(2, 3, 8), 2, padding=(1, 1))",
    "F.max_pool1d(torch.ones(2, 3, 8), 2, dilation=(1, 1))",
    "F.max_pool1d(torch.ones(2, 3, 8, dtype=torch.long), 2)",
    "F.max_pool1d(torch.ones(2, 3, 8), 2.5)",
    "F.avg_pool1d(torch.ones(8), 2)",
    "F.avg_pool1d(torch.ones(2, 3, 8), 0)",
    "F.avg_pool1d(torch.ones(2, 3, 8), 2, padding=2)",
    "F.avg_pool1d(torch.ones(2, 3, 8), (2, 2))",
    "F.avg_pool1d(torch.ones(2, 3, 8), 9)",
    "F.avg_pool1d(torch.ones(2, 3, 8), 2.0)",
    "F.adaptive_avg_pool1d(torch.ones(8), 2)",
    "F.adaptive_avg_pool1d(torch.ones(2, 3, 8), (2, 2))",
    "F.adaptive_avg_pool1d(torch.ones(2, 3, 8), -1)",
    "F.adaptive_avg_pool1d(torch.ones(2, 3, 8), None)",
    "F.adaptive_max_pool1d(torch.ones(8), 2)",
    "F.adaptive_max_pool1d(torch.ones(2, 3, 8), (2, 2))",
    "F.adaptive_max_pool1d(torch.ones(2, 0, 3), 2)",
    "F.adaptive_max_pool1d(torch.ones(2, 3, dtype=torch.long), 2)",
    "F.adaptive_max_pool1d(torch.ones(2, 3, 8), 0).shape",
    "F.adaptive_max_pool1d(torch.ones(2, 3, 8), 20).shape",
    "F.adaptive_max_pool2d(torch.ones(8), 2)",
    "F.adaptive_max_pool2d(torch.ones(2, 8), 2)",
    "F.adaptive_max_pool2d(torch.ones(2, 3, 8), (2, 2, 2))",
    "F.adaptive_max_pool2d(torch.ones(2, 3, 8), -1)",
    "F.adaptive_max_pool2d(torch.ones(2, 3, 8, dtype=torch.long), 2)",
    "F.adaptive_max_pool2d(torch.ones(0, 3, 8), 2).shape",
    "F.adaptive_max_pool2d(torch.ones(2, 0, 8), 2)",
)

# ---------------------------------------------------------------------------------------------------------
# Transposed convolutions (float64: torch's float32 kernels sum in another order, minigrad's agree to the last
# places only, so float32 values are printed rounded).
# ---------------------------------------------------------------------------------------------------------
_TRANSPOSED = """
torch.manual_seed(0)
x = torch.randn(1, 4, 3, 3, dtype=torch.float64, requires_grad=True)
w = torch.randn(4, 3, 2, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(6, dtype=torch.float64, requires_grad=True)
"""
case(
    "api_layers_conv_transpose2d",
    [_TRANSPOSED, """
    y = F.conv_transpose2d(x, w, b, 2, 1, 1, 2, 1)
    g = y.grad_fn
    print(y, g.name(), nf(y), g._saved_stride, g._saved_padding, g._saved_output_padding, g._saved_dilation)
    print(g._saved_transposed, g._saved_groups, g._saved_bias_sym_sizes_opt, g._saved_input is x, g._saved_weight is w)
    (y * torch.arange(float(y.numel()), dtype=torch.float64).reshape(y.shape)).sum().backward()
    print(x.grad, w.grad, b.grad)
    x.grad = w.grad = None
    y = F.conv_transpose2d(x, w[:, :2].contiguous(), None, (1, 2), (0, 1), (0, 1), 1, (2, 1))
    print(y, y.grad_fn._saved_bias_sym_sizes_opt)
    gx, gw = torch.autograd.grad((y ** 2).sum(), (x, w), create_graph=True)
    print(gx, gw, gx.grad_fn.name(), gx.grad_fn._saved_transposed, gx.grad_fn._saved_output_padding)
    (gx.sum() + (gw ** 2).sum()).backward()
    print(x.grad, w.grad)
    y = F.conv_transpose2d(x[0], w)
    print(y.shape, y.grad_fn.name(), nf(y))
    print(torch.round(torch.conv_transpose2d(x.float(), w.float(), None, 2), decimals=4))
    """],
)
case(
    "api_layers_conv_transpose1d_and_layers",
    [_TRANSPOSED, """
    y = F.conv_transpose1d(x[0, :, 0], w[:, :, 0], b[:3], 2, 0, 1)
    print(y, y.grad_fn.name(), nf(y))
    y = F.conv_transpose1d(x[:, :, 0], w[:, :, 0], None, 1, 1, 0, 1, 2)
    print(y, y.grad_fn.name(), y.grad_fn._saved_padding, y.grad_fn._saved_output_padding, y.grad_fn._saved_dilation)
    y.sum().backward()
    print(w.grad)
    print(torch.conv_transpose1d(x[0].float(), w[:3, :, 0].float()).shape)
    torch.manual_seed(0)
    m = nn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2)
    print(m, m.weight.shape, list(m.state_dict()), m.weight[0, 0], m.bias)
    m1 = nn.ConvTranspose1d(2, 3, 2)
    print(m1, m1.weight, m1.bias, nn.ConvTranspose2d(2, 3, (2, 3), bias=False, dilation=2))
    print(m1.transposed, m1.output_padding, m.output_padding, m.kernel_size, m.padding_mode)
    print(torch.round(m1(torch.ones(2, 2, 3)), decimals=4), m1(torch.ones(2, 3)).grad_fn.name())
    m = nn.ConvTranspose2d(2, 3, 2, stride=2)
    print(m(torch.ones(1, 2, 2, 2), output_size=[5, 5]).shape, m(torch.ones(2, 2, 2), output_size=[3, 5, 5]).shape)
    print(m(torch.ones(1, 2, 2, 2), output_size=(1, 3, 4, 5)).shape)
    """],
)
_errors(
    "api_layers_conv_transpose_errors",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 2, 1, 2)",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 1, 1, 0, 3)",
    "F.conv_transpose2d(torch.ones(3, 3), torch.ones(4, 3, 2, 3))",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), torch.ones(4))",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 0)",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 1, -1)",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 1, 0, -1)",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(3, 3, 2, 3))",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 1, 3)",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 1, 0, 0, 1, 0)",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 2), None, 1, 0, 0, 1, (1, 0))",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 2), None, 1, 0, 1, 1, 1)",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3, dtype=torch.float64), torch.ones(4, 3, 2, 3))",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, 1, 0, (1, 1, 1))",
    "F.conv_transpose2d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2, 3), None, (1, 1, 1))",
    "F.conv_transpose1d(torch.ones(1, 4, 3), torch.ones(4, 3, 2), None, 2, 0, 2)",
    "F.conv_transpose1d(torch.ones(1, 4, 3), torch.ones(4, 3, 2), None, 1, 3)",
    "F.conv_transpose1d(torch.ones(1, 4, 3), torch.ones(4, 3, 2), None, 1, 0, 0, 1, 0)",
    "F.conv_transpose1d(torch.ones(1, 4, 3), torch.ones(4, 3))",
    "F.conv_transpose1d(torch.ones(1, 4, 3, 3), torch.ones(4, 3, 2))",
    "F.conv_transpose1d(torch.ones(1, 4, 3), torch.ones(4, 3, 2), groups=0)",
    "F.conv_transpose1d(torch.ones(1, 4, 3), torch.ones(4, 3, 2), groups=5)",
    "F.conv_transpose1d(torch.ones(1, 4, 3), torch.ones(4, 3, 2), None, 0, -1)",
    "nn.ConvTranspose2d(2, 3, 2, padding_mode='reflect')",
    "nn.ConvTranspose2d(2, 3, 2, groups=2)",
    "nn.ConvTranspose2d(3, 4, 2, groups=2)",
    "nn.ConvTranspose2d(2, 3, 2, stride=2)(torch.ones(1, 2, 2, 2), output_size=[7, 7])",
    "nn.ConvTranspose2d(2, 3, 2, stride=2)(torch.ones(1, 2, 2, 2), output_size=[5])",
)

# ---------------------------------------------------------------------------------------------------------
# Upsampling: F.interpolate (nearest, bilinear), nn.Upsample. torch's float32 bilinear backward rounds some sums
# differently (a unit in the last place): its gradients are checked in float64.
# ---------------------------------------------------------------------------------------------------------
_IMAGE = """
torch.manual_seed(0)
x = torch.randn(1, 2, 3, 4, requires_grad=True)
xd = x.detach().double().requires_grad_()
def sv(n):
    return [(a, getattr(n, a)) for a in sorted(dir(n)) if a.startswith('_saved')]
def weights(y):
    return torch.arange(float(y.numel()), dtype=y.dtype).reshape(y.shape)
"""
case(
    "api_layers_interpolate_nearest",
    [_IMAGE, """
    for kw in [dict(scale_factor=2), dict(size=(5, 7)), dict(scale_factor=1.5), dict(scale_factor=(0.7, 2.3)),
               dict(size=(3, 4)), dict(size=(2, 9)), dict(size=4), dict(scale_factor=1.5, recompute_scale_factor=True)]:
        y = F.interpolate(x, **kw)
        print(kw, y, sv(y.grad_fn), nf(y))
        x.grad = None
        (y * weights(y)).sum().backward()
        print(x.grad)
    y = F.interpolate(x[0], scale_factor=2.5)
    print(y, sv(y.grad_fn))
    y = F.interpolate(xd, scale_factor=(2, 3))
    g, = torch.autograd.grad((y ** 2 * weights(y)).sum(), xd, create_graph=True)
    print(g.detach(), g.grad_fn.name(), sv(g.grad_fn))
    g.sum().backward()
    print(xd.grad)
    m = nn.Upsample(scale_factor=2)
    print(m, m(x).grad_fn.name(), nn.UpsamplingNearest2d(scale_factor=2), nn.UpsamplingNearest2d(size=(2, 3))(x))
    print(nn.Upsample(size=(3, 4), mode="bilinear"), nn.Upsample(scale_factor=(2, 1)), list(m.state_dict()))
    """],
)
case(
    "api_layers_interpolate_bilinear",
    [_IMAGE, """
    for ac in (False, True):
        for kw in [dict(scale_factor=2), dict(size=(5, 7)), dict(scale_factor=1.7), dict(scale_factor=(0.6, 2.3)),
                   dict(size=(3, 4)), dict(size=(1, 1)), dict(size=(7, 3))]:
            y = F.interpolate(x, mode="bilinear", align_corners=ac, **kw)
            print(ac, kw, y, sv(y.grad_fn))
            y = F.interpolate(xd, mode="bilinear", align_corners=ac, **kw)
            xd.grad = None
            (y * weights(y)).sum().backward()
            print(y, xd.grad)
    y = F.interpolate(xd, scale_factor=1.5, mode="bilinear")
    g, = torch.autograd.grad((y ** 2).sum(), xd, create_graph=True)
    print(g.detach(), g.grad_fn.name(), sv(g.grad_fn))
    xd.grad = None
    g.sum().backward()
    print(xd.grad)
    print(nn.UpsamplingBilinear2d(scale_factor=2)(x), nn.UpsamplingBilinear2d(size=4))
    print(nn.Upsample(scale_factor=1.5, mode="bilinear")(x))
    """],
)
_errors(
    "api_layers_interpolate_errors",
    "F.interpolate(torch.ones(1, 2, 3, 4), scale_factor=2, align_corners=True)",
    "F.interpolate(torch.ones(1, 2, 3, 4), size=(2, 2), scale_factor=2)",
    "F.interpolate(torch.ones(1, 2, 3, 4))",
    "F.interpolate(torch.ones(1, 2, 3, 4), size=(2, 2, 2))",
    "F.interpolate(torch.ones(1, 2, 3, 4), size=(2, 2.5))",
    "F.interpolate(torch.ones(1, 2, 3, 4), scale_factor=(2, 2, 2))",
    "F.interpolate(torch.ones(1, 2, 3, 4), size=(2, 2), recompute_scale_factor=True)",
    "F.interpolate(torch.ones(1, 2, 3), scale_factor=2, mode='bilinear')",
    "F.interpolate(torch.ones(1, 2, 3, 4), scale_factor=2, mode='linear')",
    "F.interpolate(torch.ones(2, 3), scale_factor=2)",
    "F.interpolate(torch.ones(1, 2, 3, 4), scale_factor=0.1)",
    "F.interpolate(torch.ones(1, 2, 3, 4), size=(0, 2))",
    "F.interpolate(torch.ones(1, 2, 3, 4), scale_factor=2, mode='nearest', antialias=True)",
)
case(
    "api_layers_pixel_shuffle",
    [_IMAGE, """
    z = torch.arange(32.).reshape(1, 8, 2, 2).requires_grad_()
    y = F.pixel_shuffle(z, 2)
    print(y, y.grad_fn.name(), nf(y), y.grad_fn._saved_upscale_factor)
    (y * weights(y)).sum().backward()
    print(z.grad)
    u = F.pixel_unshuffle(y, 2)
    print(u, u.grad_fn.name(), u.grad_fn._saved_downscale_factor, torch.equal(u, z))
    g, = torch.autograd.grad((y ** 2).sum(), z, create_graph=True)
    print(g.detach(), g.grad_fn.name(), nf(g))
    print(torch.pixel_shuffle(torch.arange(8.).reshape(2, 1, 4, 1, 1), 2), torch.pixel_unshuffle(x, 1).shape)
    print(nn.PixelShuffle(2), nn.PixelUnshuffle(3))
    print(nn.PixelShuffle(2)(z).shape, nn.PixelUnshuffle(2)(x[:, :, :2]).shape)
    """],
)
_errors(
    "api_layers_pixel_shuffle_errors",
    "F.pixel_shuffle(torch.ones(1, 3, 2, 2), 2)",
    "F.pixel_shuffle(torch.ones(4, 2), 2)",
    "F.pixel_shuffle(torch.ones(4, 2, 2), 0)",
    "F.pixel_shuffle(torch.ones(4, 2, 2), -1)",
    "F.pixel_shuffle(torch.ones(2, 3, 4, 2, 2), 2).shape",
    "F.pixel_unshuffle(torch.ones(1, 3, 3, 2), 2)",
    "F.pixel_unshuffle(torch.ones(1, 3, 2, 3), 2)",
    "F.pixel_unshuffle(torch.ones(4, 2), 2)",
    "F.pixel_unshuffle(torch.ones(1, 1, 2, 2), 0)",
    "F.pixel_shuffle(torch.ones(4, 2, 2, dtype=torch.long), 2)",
    "F.pixel_shuffle(torch.ones(4, 2, 2), 2.0)",
)

# ---------------------------------------------------------------------------------------------------------
# Padding modes: reflect, replicate, circular (F.pad and the layers).
# ---------------------------------------------------------------------------------------------------------
_PADDED = """
def sv(n):
    return [(a, getattr(n, a)) for a in sorted(dir(n)) if a.startswith('_saved') and a != '_saved_self']
def names(n):
    return [(m.name() if m is not None else None, i) for m, i in n.next_functions]
x = torch.arange(1., 13.).reshape(1, 3, 4).requires_grad_()
z = torch.arange(1., 25.).reshape(1, 2, 3, 4).requires_grad_()
"""
for _mode in ("reflect", "replicate", "circular"):  # circular's second order: minigrad's slice nodes differ
    case(
        f"api_layers_pad_{_mode}",
        [_PADDED, f"""
        for t, p in ((x, (2, 1)), (x, (-1, 3)), (x[0], (0, 2)), (z, (1, 2, 2, 0)), (z, (-1, 2, 1, -1)),
                     (z[0], (3, 3, 2, 2))):
            try:
                y = F.pad(t, p, mode="{_mode}")
            except Exception as e:
                print(p, type(e).__name__, e)
                continue
            print(p, y, y.grad_fn.name(), sv(y.grad_fn), names(y.grad_fn))
            x.grad = z.grad = None
            (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
            print(x.grad, z.grad)
        xd = x.detach().double().requires_grad_()
        g, = torch.autograd.grad((F.pad(xd, (2, 1), mode="{_mode}") ** 2).sum(), xd, create_graph=True)
        print(g.detach(), {"" if _mode == "circular" else "g.grad_fn.name(), sv(g.grad_fn), names(g.grad_fn)"})
        g.sum().backward()
        print(xd.grad)
        """],
    )
case(
    "api_layers_pad_layers",
    [_PADDED, """
    print(nn.ReflectionPad1d(2), nn.ReflectionPad2d((1, 0, 2, 3)), nn.ReplicationPad2d(1), nn.CircularPad1d(1))
    print(nn.ReflectionPad1d(2).padding, nn.CircularPad2d(1).padding, nn.ReplicationPad1d((1, 2)))
    print(nn.ReflectionPad2d(1)(z), nn.CircularPad2d((1, 0, 0, 1))(z), nn.ReplicationPad1d((1, 2))(x))
    print(nn.CircularPad1d(2)(x), list(nn.ReflectionPad2d(1).state_dict()))
    print(F.pad(torch.arange(6).reshape(2, 3), (2, 1), mode="reflect"), F.pad(x, (1, 1), "reflect", 0))
    """],
)
_errors(
    "api_layers_pad_errors",
    "F.pad(torch.ones(1, 2, 3), (3, 3), mode='reflect')",
    "F.pad(torch.ones(1, 2, 3), (1, 1), mode='reflect', value=1)",
    "F.pad(torch.ones(1, 2, 3), (1, 1), mode='circular', value=2)",
    "F.pad(torch.ones(3), (1, 1), mode='reflect')",
    "F.pad(torch.ones(1, 2, 3), (1, 1), mode='foo')",
    "F.pad(torch.ones(1, 2, 3), (-5, 1), mode='replicate')",
    "F.pad(torch.ones(1, 2, 3), (4, 1), mode='circular')",
    "F.pad(torch.ones(1, 2, 3, 3), (1, 1, 4, 1), mode='reflect')",
    "F.pad(torch.ones(1, 2, 3, 3), (4, 1, 1, 1), mode='reflect')",
    "F.pad(torch.ones(1, 2, 3, 3), (-4, -1, -3, -1), mode='reflect')",
    "F.pad(torch.ones(1, 2, 3, 3), (-4, -1, -3, -1), mode='replicate')",
    "F.pad(torch.ones(2, 3, 3, 3, 3), (1, 1), mode='reflect')",
    "F.pad(torch.ones(2, 0, 3), (1, 1), mode='reflect')",
    "F.pad(torch.ones(1, 0, 3, 3), (1, 1, 1, 1), mode='replicate')",
    "F.pad(torch.ones(0, 3), (1, 1), mode='replicate')",
    "F.pad(torch.ones(2, 3, dtype=torch.bool), (1, 1), mode='reflect')",
    "F.pad(torch.ones(2, 3, 3, dtype=torch.bool), (1, 1, 1, 1), mode='replicate')",
)

# ---------------------------------------------------------------------------------------------------------
# Unfold and Fold (im2col and col2im).
# ---------------------------------------------------------------------------------------------------------
case(
    "api_layers_unfold_fold",
    [_IMAGE, """
    torch.manual_seed(0)
    x = torch.randn(2, 2, 3, 4, requires_grad=True)
    for kw in [dict(kernel_size=2), dict(kernel_size=(2, 3), padding=1, stride=(1, 2)),
               dict(kernel_size=2, dilation=(2, 1), padding=(1, 0))]:
        y = F.unfold(x, **kw)
        print(y, y.grad_fn.name(), sv(y.grad_fn), nf(y))
        x.grad = None
        (y * weights(y)).sum().backward()
        print(x.grad)
    y = F.unfold(x[0], 2)
    print(y.shape, y.grad_fn.name())
    c = torch.randn(1, 8, 6, requires_grad=True)
    for kw in [dict(output_size=(3, 4), kernel_size=2), dict(output_size=(4, 5), kernel_size=2, stride=2, padding=1),
               dict(output_size=(3, 4), kernel_size=(2, 2), dilation=(1, 2), padding=(0, 1))]:
        try:
            y = F.fold(c, **kw)
        except Exception as e:
            print(type(e).__name__, e)
            continue
        print(y, y.grad_fn.name(), sv(y.grad_fn))
        c.grad = None
        (y * weights(y)).sum().backward()
        print(c.grad)
    print(F.fold(c[0], (3, 4), 2).shape)
    xd = x.detach().double().requires_grad_()
    g, = torch.autograd.grad((F.unfold(xd, 2, padding=1) ** 2).sum(), xd, create_graph=True)
    print(g.detach(), g.grad_fn.name(), sv(g.grad_fn))
    g.sum().backward()
    print(xd.grad)
    print(nn.Unfold((2, 3), padding=1), nn.Fold((3, 4), 2, stride=2), nn.Fold((3, 4), 2)(nn.Unfold(2)(x)))
    """],
)
_errors(
    "api_layers_unfold_fold_errors",
    "F.unfold(torch.ones(1, 2, 3, 4), 5)",
    "F.unfold(torch.ones(1, 2, 3, 4), 0)",
    "F.unfold(torch.ones(1, 2, 3, 4), 2, 0)",
    "F.unfold(torch.ones(1, 2, 3, 4), 2, 1, -1)",
    "F.unfold(torch.ones(1, 2, 3, 4), 2, 1, 0, 0)",
    "F.unfold(torch.ones(3, 4), 2)",
    "F.unfold(torch.ones(1, 2, 3, 4, 5), 2)",
    "F.unfold(torch.ones(1, 2, 3, 4), (2, 2, 2))",
    "F.unfold(torch.ones(1, 2, 3, 4, dtype=torch.long), 2)",
    "F.unfold(torch.ones(0, 2, 3, 4), 2).shape",
    "F.fold(torch.ones(1, 8, 5), (3, 4), 2)",
    "F.fold(torch.ones(1, 7, 6), (3, 4), 2)",
    "F.fold(torch.ones(8, 6), (3, 4), 2).shape",
    "F.fold(torch.ones(1, 8, 6, 1), (3, 4), 2)",
    "F.fold(torch.ones(1, 8, 6), (3, 4), 0)",
    "F.fold(torch.ones(1, 8, 6), (1, 1), 2)",
    "F.fold(torch.ones(1, 8, 6), 3, 2)",
    "F.fold(torch.ones(1, 8, 6), (3, 4), 2, stride=0)",
)
case(
    "api_layers_conv_padding_modes",
    """
    torch.manual_seed(0)
    for mode in ("reflect", "replicate", "circular"):
        c = nn.Conv2d(2, 3, 3, padding=1, padding_mode=mode).double()
        x = torch.arange(32., dtype=torch.float64).reshape(1, 2, 4, 4).requires_grad_()
        y = c(x)
        y.sum().backward()
        print(c, y, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), x.grad)
    c = nn.Conv1d(2, 3, 3, padding=2, padding_mode="reflect").double()
    print(c(torch.arange(10., dtype=torch.float64).reshape(1, 2, 5)))
    """,
)

# ---------------------------------------------------------------------------------------------------------
# reset_parameters: the constructors call it (a subclass's override runs there), it draws torch's numbers in torch's
# order, in place (version counters); re-initialising a model layer by layer.
# ---------------------------------------------------------------------------------------------------------
case(
    "api_layers_reset_parameters",
    """
    torch.manual_seed(0)
    layers = [nn.Linear(3, 2), nn.Linear(4, 2, bias=False), nn.Embedding(4, 3, padding_idx=1), nn.Embedding(2, 2),
              nn.LayerNorm(3), nn.LayerNorm(2, bias=False), nn.BatchNorm1d(2), nn.GroupNorm(2, 4),
              nn.InstanceNorm1d(2, affine=True, track_running_stats=True), nn.Linear(2, 2, dtype=torch.float64)]
    made = [[t.tolist() for t in m.state_dict().values()] for m in layers]
    torch.manual_seed(0)
    for m in layers:
        with torch.no_grad():
            for p in m.parameters():
                p.add_(1)
        m.reset_parameters()
    print([[t.tolist() for t in m.state_dict().values()] for m in layers] == made)
    print([[t._version for t in m.state_dict(keep_vars=True).values()] for m in layers])
    print([hasattr(m, "reset_parameters") for m in (nn.ReLU(), nn.Dropout(), nn.Sequential(), nn.LayerNorm(2))])
    print([hasattr(m, "reset_running_stats") for m in (nn.BatchNorm2d(2), nn.InstanceNorm2d(2), nn.GroupNorm(1, 2))])
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.BatchNorm1d(3), nn.Linear(3, 1))
    model(torch.randn(5, 4)).sum().backward()
    for layer in model.children():
        if hasattr(layer, "reset_parameters"):
            layer.reset_parameters()
    print([p.tolist() for p in model.parameters()], model[2].running_mean, model[2].num_batches_tracked)
    bn = nn.BatchNorm3d(2, momentum=None)
    bn(torch.randn(2, 2, 2, 2, 2))
    bn.reset_running_stats()
    print(bn.running_mean, bn.running_var, bn.num_batches_tracked, bn.running_mean._version)
    e = nn.Embedding(3, 2, padding_idx=-1)
    with torch.no_grad():
        e.weight.fill_(7.)
    e._fill_padding_idx_with_zero()
    print(e.weight, e.weight._version)
    e = nn.Embedding.from_pretrained(torch.ones(2, 3))
    e.reset_parameters()
    print(e.weight, nn.Linear(0, 2).bias)
    """,
)
case(
    "api_layers_reset_parameters_override",
    """
    class MyLinear(nn.Linear):
        def reset_parameters(self):
            print("MyLinear.reset_parameters", self.weight.shape)
            nn.init.zeros_(self.weight)
            if self.bias is not None:
                nn.init.ones_(self.bias)
    class MyEmbedding(nn.Embedding):
        def reset_parameters(self):
            nn.init.constant_(self.weight, 0.5)
            self._fill_padding_idx_with_zero()
    class MyLayerNorm(nn.LayerNorm):
        def reset_parameters(self):
            print("MyLayerNorm.reset_parameters")
            super().reset_parameters()
    class MyBatchNorm(nn.BatchNorm1d):
        def reset_running_stats(self):
            print("MyBatchNorm.reset_running_stats")
            super().reset_running_stats()
        def reset_parameters(self):
            print("MyBatchNorm.reset_parameters")
            super().reset_parameters()
    class MyGroupNorm(nn.GroupNorm):
        def reset_parameters(self):
            print("MyGroupNorm.reset_parameters", self.num_groups)
            super().reset_parameters()
    print(MyLinear(2, 3).state_dict(), MyEmbedding(3, 2, padding_idx=0).weight)
    print(MyLayerNorm(3).weight, MyBatchNorm(2).running_var, MyGroupNorm(2, 4).bias)
    """,
)
case(
    "api_layers_lazy_linear_state",
    """
    torch.manual_seed(0)
    src = nn.Sequential(nn.LazyLinear(3), nn.ReLU(), nn.LazyLinear(1))
    src(torch.randn(2, 4))
    net = nn.Sequential(nn.LazyLinear(3), nn.ReLU(), nn.LazyLinear(1))
    print(net.state_dict(), net[0].has_uninitialized_params())
    print(net.load_state_dict(src.state_dict()))
    print(net, net[0].weight.shape, net[0].has_uninitialized_params(), net[0].weight._version)
    x = torch.ones(2, 4)
    print(torch.equal(net(x), src(x)), net, net[0].weight._version)
    attempt(lambda: nn.LazyLinear(2).weight.numel())
    attempt(lambda: sum(p.numel() for p in nn.LazyLinear(2).parameters()))
    attempt(lambda: nn.LazyLinear(2).weight.tolist())
    attempt(lambda: nn.LazyLinear(2).load_state_dict({"weight": torch.ones(2, 3)}, strict=False))
    torch.manual_seed(0)
    m = nn.LazyLinear(2)
    m.reset_parameters()
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    m(torch.ones(1, 3)).sum().backward()
    opt.step()
    torch.manual_seed(0)
    print(m.weight, m.bias, m.weight._version, nn.Linear(3, 2).weight)
    """,
)
_errors(
    "api_layers_module_buffers_names",
    "(nn.Linear(1, 1)._get_name(), nn.Sequential()._get_name())",
    "nn.Linear(2, 2).register_buffer('weight', torch.zeros(1))",
    "nn.Sequential(nn.ReLU()).register_buffer('0', torch.ones(1))",
    "nn.Module().register_buffer('a.b', torch.ones(1))",
    "nn.Module().register_buffer('', torch.ones(1))",
    "nn.Module().register_buffer(3, torch.ones(1))",
    "nn.Module().register_buffer('b', [1, 2])",
    "nn.Embedding(3, 2, _weight=torch.ones(2, 2))",
    "nn.Embedding.from_pretrained(torch.ones(3))",
    "nn.Embedding(3, 2, padding_idx=3)",
    "nn.init.dirac_(torch.empty(2, 2))",
    "nn.init.dirac_(torch.empty(3, 2, 2), groups=2)",
    "nn.init.dirac_(torch.empty(2, 2, 3))",
    "nn.init.dirac_(torch.empty(4, 2, 3, 3), groups=2).sum(0)",
    "nn.init.dirac_(torch.empty(2, 3, 1, 2, 3)).nonzero()",
)
case(
    "api_layers_module_copy_and_names",
    """
    import copy
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(2, 1)
            self.register_buffer("steps", torch.tensor(3))
        def _get_name(self):
            return "Renamed"
    torch.manual_seed(0)
    net = Net()
    net.fc(torch.ones(3, 2)).sum().backward()
    twin = copy.deepcopy(net)
    print(twin, nn.Sequential(twin), twin.fc.weight.grad, twin.fc.bias.grad, twin.steps)
    print(type(twin.fc.weight).__name__, twin.fc.weight._version, torch.equal(twin.fc.weight, net.fc.weight))
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.x = nn.Parameter(torch.ones(1))
            self.register_buffer("x", torch.zeros(1))
    attempt(M)
    class B(nn.Module):
        def __init__(self):
            self.register_buffer("b", torch.ones(1))
    attempt(B)
    c = nn.Conv2d(3, 3, 3, padding=1)
    nn.init.dirac_(c.weight)
    nn.init.zeros_(c.bias)
    x = torch.arange(27.).reshape(1, 3, 3, 3)
    print(torch.equal(c(x), x), c.weight._version, c.weight.requires_grad)
    """,
)
