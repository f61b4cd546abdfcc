"""Parity cases for fractional max pooling, 3-D padding layers and the optimizers ``Adafactor`` and ``Muon``
(and ``SparseAdam``'s checks), ``nn.CrossMapLRN2d`` and the deprecated ``F.upsample*``: values, grad_fn names,
gradients, random windows under ``torch.manual_seed``, optimizer steps and state, and torch's errors."""

from parity.cases import attempts, case

_OPT = """
def run(make, dtype=torch.float32, steps=4, shape=(3, 4)):
    torch.manual_seed(0)
    w = torch.randn(*shape, dtype=dtype, requires_grad=True)
    b = torch.randn(shape[0], dtype=dtype, requires_grad=True)
    opt = make([w, b])
    for _ in range(steps):
        opt.zero_grad()
        loss = ((w.reshape(-1, shape[-1]).sum(1)[: shape[0]] + b) ** 2).sum() + (w ** 3).sum()
        loss.backward()
        opt.step()
    print(w)
    print(b)
    return opt
"""

case("api_pooling_more_pad3d_layers", """
for m in (nn.ReflectionPad3d(1), nn.ReplicationPad3d((1, 0, 2, 1, 0, 1)), nn.CircularPad3d((1, 1, 0, 1, 1, 0))):
    x = torch.arange(2 * 2 * 3 * 3, dtype=torch.float64).reshape(1, 2, 2, 3, 3).requires_grad_()
    y = m(x)
    print(m, y.shape, y.grad_fn.name())
    print(y[0, 1, 0])
    (y * torch.arange(y.numel(), dtype=torch.float64).reshape(y.shape)).sum().backward()
    print(x.grad[0, 1])
x = torch.randn(1, 1, 2, 2, 2, dtype=torch.float64, requires_grad=True)
g, = torch.autograd.grad(F.pad(x, (1, 1, 1, 1, 1, 1), mode="reflect").pow(2).sum(), x, create_graph=True)
print(g.grad_fn.name())
m = nn.Conv3d(1, 2, 3, padding=1, padding_mode="replicate")
print(m, m(torch.randn(1, 1, 3, 4, 5)).shape)
""")

attempts("api_pooling_more_pad3d_errors", ["x = torch.randn(1, 1, 2, 4, 5)"],
         "F.pad(x, (1, 1, 1, 1, 2, 2), mode='reflect')",
         "F.pad(x, (5, 1, 1, 1, 1, 1), mode='reflect')",
         "F.pad(x, (1, 1, 1, 1, 3, 3), mode='circular')",
         "F.pad(x, (-3, -3, 1, 1, 1, 1), mode='replicate')",
         "F.pad(x, (-3, -2, -2, -2, -1, -1), mode='reflect')",
         "F.pad(x, (-6, 0, 0, 0, 0, 0), mode='circular')",
         "F.pad(torch.randn(1, 0, 2, 3, 3), (1, 1, 1, 1, 1, 1), mode='replicate')",
         "F.pad(torch.ones(1, 2, 3, 3, dtype=torch.bool), (1, 1, 1, 1, 1, 1), mode='reflect')",
         "F.pad(torch.ones(2, 3, 3), (1, 1, 1, 1, 1, 1), mode='reflect')",
         "F.pad(x, (0, 0, 0, 0, -2, 0), mode='reflect').shape")  # fmt: skip

case("api_pooling_more_fractional_max_pool2d", """
torch.manual_seed(0)
m = nn.FractionalMaxPool2d(3, output_ratio=(0.5, 0.5))
x = torch.randn(1, 2, 8, 8, requires_grad=True)
y = m(x)
print(m, y.shape, y.grad_fn.name())
print(y)
y.sum().backward()
print(x.grad[0, 0])
torch.manual_seed(1)
y, i = nn.FractionalMaxPool2d((2, 3), output_size=(4, 3), return_indices=True)(torch.randn(2, 7, 9))
print(y, i)
x = torch.arange(36.).reshape(1, 1, 6, 6)
print(F.fractional_max_pool2d_with_indices(x, 2, output_size=3, _random_samples=torch.tensor([[[0.3, 0.7]]])))
g = F.fractional_max_pool2d(x.requires_grad_(), 2, output_size=3).grad_fn
print(g._saved_kernel_size, g._saved_output_size, g._saved_result1.dtype)
""")

case("api_pooling_more_fractional_max_pool3d", """
torch.manual_seed(0)
x = torch.randn(1, 2, 6, 6, 6, dtype=torch.float64, requires_grad=True)
y, i = nn.FractionalMaxPool3d(2, output_ratio=0.5, return_indices=True)(x)
print(y.shape, y.grad_fn.name())
print(y[0, 0], i[0, 1])
g, = torch.autograd.grad(y.pow(2).sum(), x, create_graph=True)
print(g.grad_fn.name(), g.sum())
print(F.fractional_max_pool3d(torch.randn(2, 5, 6, 7), (2, 2, 3), output_size=(3, 4, 4)))
""")

attempts("api_pooling_more_fractional_errors", ["x = torch.randn(1, 2, 6, 7)"],
         "F.fractional_max_pool2d(x, 2)",
         "F.fractional_max_pool2d(x, 2, output_ratio=(0.5, 0.5, 0.5))",
         "F.fractional_max_pool2d(x, 2, output_size=(6, 2))",
         "F.fractional_max_pool2d(x, (2, 2, 2), output_size=2)",
         "F.fractional_max_pool2d(x, 2, output_size=(-1, 2))",
         "F.fractional_max_pool2d(x, 2, output_size=2, _random_samples=torch.rand(1, 2, 3))",
         "F.fractional_max_pool2d(x, 2, output_size=2, _random_samples=torch.rand(1, 1, 2))",
         "F.fractional_max_pool2d(x, 2, output_size=2, _random_samples=torch.rand(1, 2, 2).double())",
         "F.fractional_max_pool2d(x, 2, output_size=2, _random_samples=torch.rand(1, 2, 2, requires_grad=True))",
         "F.fractional_max_pool2d(torch.ones(1, 1, 4, 4, dtype=torch.int64), 2, output_size=2)",
         "F.fractional_max_pool3d(torch.randn(1, 6, 7, 8), 2, output_size=(5, 2, 2))",
         "F.fractional_max_pool3d(torch.randn(1, 6, 7, 8), 2, output_size=(2, 6, 7))",
         "nn.FractionalMaxPool2d(2, output_ratio=1.5)",
         "nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5)",
         "nn.FractionalMaxPool3d(0, output_ratio=0.5)",
         "list(nn.FractionalMaxPool2d(2, output_ratio=0.3, _random_samples=torch.rand(1, 1, 2)).state_dict())",
         )  # fmt: skip

case("api_pooling_more_adafactor", [_OPT, """
opt = run(lambda p: torch.optim.Adafactor(p))
print(opt)
sd = opt.state_dict()
print(sd["state"][0], sd["state"][1], sd["param_groups"])
run(lambda p: torch.optim.Adafactor(p, lr=0.1, weight_decay=0.1, eps=(1e-30, 1e-3), maximize=True), torch.float64)
run(lambda p: torch.optim.Adafactor(p, lr=0.05, d=2.0), shape=(2, 3, 4))
"""])

case("api_pooling_more_muon", [_OPT, """
opt = run(lambda p: torch.optim.Muon(p[:1], lr=0.02))
print(opt)
print(opt.state_dict()["state"][0]["momentum_buffer"])
run(lambda p: torch.optim.Muon(p[:1], lr=0.05, nesterov=False, adjust_lr_fn="match_rms_adamw", weight_decay=0.0),
    torch.float64, shape=(5, 3))
"""])

attempts("api_pooling_more_optimizer_errors", ["p = [torch.zeros(2, 2, requires_grad=True)]"],
         "torch.optim.Adafactor(p, lr=-1)", "torch.optim.Adafactor(p, beta2_decay=0.5)",
         "torch.optim.Adafactor(p, eps=(-1, 1e-3))", "torch.optim.Adafactor(p, d=0.5)",
         "torch.optim.Muon([torch.zeros(3, requires_grad=True)])", "torch.optim.Muon(p, momentum=-1)",
         "torch.optim.Muon(p, adjust_lr_fn='x')", "torch.optim.SparseAdam(p, lr=0)",
         "torch.optim.SparseAdam(p, betas=(1.0, 0.9))", "torch.optim.SparseAdam(p)",
         "(p[0].sum().backward(), torch.optim.SparseAdam(p).step())",
         "(setattr(p[0], 'grad', torch.ones(2, 2)), torch.optim.Muon(p, ns_steps=100).step())")  # fmt: skip

case("api_pooling_more_crossmaplrn_upsample", """
m = nn.CrossMapLRN2d(3, alpha=1e-2, beta=0.75, k=1)
x = torch.arange(2 * 4 * 2 * 2, dtype=torch.float64).reshape(2, 4, 2, 2).div(10).requires_grad_()
y = m(x)
print(m, y.grad_fn.name())
print(y)
y.sum().backward()
print(x.grad)
try:
    m(torch.randn(4, 2, 2))
except ValueError as e:
    print(e)
import warnings
x = torch.arange(4.).reshape(1, 1, 2, 2)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(F.upsample(x, scale_factor=2), F.upsample_nearest(x, size=3), F.upsample_bilinear(x, scale_factor=2))
print([str(v.message) for v in w])
""")

# An empty tensor has no element that two indices share, whatever strides it has: circular padding down to zero
# rows copies into an empty slice (an error before), and in-place ops on an expanded empty tensor run as in torch.
case("inplace_on_empty_tensors", """
x = torch.arange(12.).reshape(1, 1, 4, 3)
print(F.pad(x, (0, 0, -4, 0), "circular").shape, F.pad(x, (-3, 0, 0, 0), mode="circular").shape)
e = torch.ones(0, 3).expand(2, 0, 3)
print(e.add_(1).shape, torch.ones(4, 3)[0:0].copy_(torch.ones(0, 3)).shape)
""")
