"""Parity cases for the Spatial Transformer tutorial's ops (``F.affine_grid``, ``F.grid_sample``), channel shuffling,
the optimizers ``Rprop`` and ``ASGD`` (parameters compared bit for bit over several steps) and the ``nn.utils``
extras of the Pruning tutorial (``prune``), ``fusion`` and ``parametrizations.orthogonal``."""

from parity.cases import attempts, case

# ---------------------------------------------------------------------------------------------------------
# grid_sample and affine_grid: torch's vectorised kernel is matched bit for bit (float32 and float64), so values and
# gradients print in full.
# ---------------------------------------------------------------------------------------------------------
_SAMPLE = """
torch.manual_seed(0)
def sample(mode, padding_mode, align_corners, dtype=torch.float32):
    x = torch.randn(2, 3, 4, 5, dtype=dtype, requires_grad=True)
    grid = (torch.rand(2, 3, 6, 2, dtype=dtype) * 2.6 - 1.3).requires_grad_()
    y = F.grid_sample(x, grid, mode=mode, padding_mode=padding_mode, align_corners=align_corners)
    (y * torch.randn(y.shape, dtype=dtype)).sum().backward()
    print(mode, padding_mode, align_corners, y.grad_fn.name(), nf(y))
    print(y, x.grad, grid.grad, sep="\\n")
"""
for _mode in ("bilinear", "nearest"):
    case(f"api_vision_grid_sample_{_mode}", [_SAMPLE, "\n".join(
        f"sample({_mode!r}, {pad!r}, {ac})" for pad in ("zeros", "border", "reflection") for ac in (False, True))])
case("api_vision_grid_sample_float64", [_SAMPLE, """
sample("bilinear", "zeros", False, torch.float64)
sample("bilinear", "reflection", True, torch.float64)
"""])
case("api_vision_grid_sample_node", """
x = torch.arange(16.).view(1, 1, 4, 4).requires_grad_()
theta = torch.tensor([[[0.8, -0.3, 0.1], [0.2, 1.1, -0.05]]], requires_grad=True)
grid = F.affine_grid(theta, x.size(), align_corners=False)
y = F.grid_sample(x, grid, align_corners=False)
print(y, nf(y), nf(grid))
node = y.grad_fn
print(node._saved_align_corners, node._saved_interpolation_mode, node._saved_padding_mode)
print(node._saved_input.shape, node._saved_grid.shape, grid.grad_fn._saved_size, grid.grad_fn._saved_align_corners)
y.sum().backward()
print(x.grad, theta.grad)
z = F.grid_sample(x.detach(), grid, mode="nearest", align_corners=False)
z.sum().backward()
print(theta.grad)
""")
case("api_vision_grid_sample_default_warning", """
x = torch.arange(9.).view(1, 1, 3, 3)
grid = F.affine_grid(torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]]), (1, 1, 2, 2))
print(grid)
print(F.grid_sample(x, grid))
""")
case("api_vision_affine_grid", """
import math
a = math.pi / 6
theta = torch.tensor([[[math.cos(a), -math.sin(a), 0.1], [math.sin(a), math.cos(a), -0.2]]], requires_grad=True)
for align_corners in (False, True):
    g = F.affine_grid(theta, [1, 3, 3, 4], align_corners=align_corners)
    print(g, g.grad_fn.name(), nf(g))
    g.pow(2).sum().backward()
    print(theta.grad)
gt, = torch.autograd.grad((g * g).sum(), theta, create_graph=True)
print(gt, gt.grad_fn is not None)
print(F.affine_grid(theta.detach(), (1, 1, 1, 3), align_corners=True))
theta3 = torch.arange(24.).view(2, 3, 4) / 10
g3 = F.affine_grid(theta3.requires_grad_(), (2, 1, 2, 3, 2), align_corners=False)
print(g3.shape, g3[1, 1])
g3.sum().backward()
print(theta3.grad)
""")
attempts("api_vision_grid_sample_errors", ["""
x = torch.randn(1, 2, 3, 3)
g = torch.rand(1, 2, 2, 2) * 2 - 1
"""],
    'F.grid_sample(x, g.double(), align_corners=False)',
    'F.grid_sample(x, torch.rand(2, 2, 2, 2), align_corners=False)',
    'F.grid_sample(x, torch.rand(1, 2, 2, 3), align_corners=False)',
    'F.grid_sample(x, torch.rand(1, 2, 2), align_corners=False)',
    'F.grid_sample(x[0], torch.rand(2, 2, 2, 1), align_corners=False)',
    'F.grid_sample(torch.randn(1, 2, 0, 3), g, align_corners=False)',
    'F.grid_sample(x, g, mode="bad", align_corners=False)',
    'F.grid_sample(x, g, padding_mode="bad", align_corners=False)',
    'F.grid_sample(x.long(), g.long(), align_corners=False)',
    'F.grid_sample(torch.randn(1, 2, 2, 3, 3), torch.rand(1, 2, 2, 2, 3), mode="bicubic")',
    'F.grid_sample(x, torch.rand(1, 2, 2, 2, 3), align_corners=False)',
)
attempts("api_vision_affine_grid_errors", [""],
    'F.affine_grid(torch.zeros(1, 2, 3).long(), (1, 1, 2, 2), align_corners=False)',
    'F.affine_grid(torch.zeros(1, 3, 3), (1, 1, 2, 2), align_corners=False)',
    'F.affine_grid(torch.zeros(2, 3), (1, 1, 2, 2), align_corners=False)',
    'F.affine_grid(torch.zeros(1, 2, 3), (1, 1, 2), align_corners=False)',
    'F.affine_grid(torch.zeros(1, 2, 3), (1, 1, 0, 2), align_corners=False)',
    'F.affine_grid(torch.zeros(1, 2, 3), (1, 1, 2, 3, 4), align_corners=False)',
    'F.affine_grid(torch.zeros(2, 2, 3), (1, 1, 2, 2), align_corners=False)',
    'F.affine_grid(torch.zeros(1, 2, 3), torch.Size([1, 1, 2, 2]), align_corners=False).shape',
)

# The Spatial Transformer Networks tutorial's model on random images; its convolutions and linear layers round
# otherwise than torch's in the last place, so values print rounded.
_STN = """
from torch import optim
class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 10, kernel_size=5)
        self.conv2 = nn.Conv2d(10, 20, kernel_size=5)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, 10)
        self.localization = nn.Sequential(
            nn.Conv2d(1, 8, kernel_size=7),
            nn.MaxPool2d(2, stride=2),
            nn.ReLU(True),
            nn.Conv2d(8, 10, kernel_size=5),
            nn.MaxPool2d(2, stride=2),
            nn.ReLU(True)
        )
        self.fc_loc = nn.Sequential(
            nn.Linear(10 * 3 * 3, 32),
            nn.ReLU(True),
            nn.Linear(32, 3 * 2)
        )
        self.fc_loc[2].weight.data.zero_()
        self.fc_loc[2].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))

    def stn(self, x):
        xs = self.localization(x)
        xs = xs.view(-1, 10 * 3 * 3)
        theta = self.fc_loc(xs)
        theta = theta.view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size())
        x = F.grid_sample(x, grid)
        return x

    def forward(self, x):
        x = self.stn(x)
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, 320)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)
"""
case("program_vision_spatial_transformer", [_STN, """
torch.manual_seed(0)
model = Net()
optimizer = optim.SGD(model.parameters(), lr=0.01)
model.train()
for batch_idx in range(3):
    data, target = torch.randn(4, 1, 28, 28), torch.randint(0, 10, (4,))
    optimizer.zero_grad()
    output = model(data)
    loss = F.nll_loss(output, target)
    loss.backward()
    optimizer.step()
    print(batch_idx, round(loss.item(), 4))
print(torch.round(model.fc_loc[2].bias, decimals=4))
model.eval()
with torch.no_grad():
    transformed = model.stn(torch.randn(2, 1, 28, 28))
print(transformed.shape, round(transformed.sum().item(), 3))
"""])

case("api_vision_channel_shuffle", """
x = torch.arange(12.).view(1, 6, 2, 1).requires_grad_()
y = F.channel_shuffle(x, 3)
print(y.flatten(), y.grad_fn.name(), nf(y), y.grad_fn._saved_groups)
(y * torch.arange(6.).view(1, 6, 1, 1)).sum().backward()
print(x.grad.flatten())
gx, = torch.autograd.grad((y * y).sum(), x, create_graph=True)
print(gx.grad_fn.name())
m = nn.Sequential(nn.Conv2d(4, 4, 1, groups=2), nn.ChannelShuffle(2))
print(m, m(torch.randn(1, 4, 2, 2)).shape)
print(F.channel_shuffle(torch.arange(8).view(1, 4, 2), 2))
""")
attempts("api_vision_channel_shuffle_errors", ["x = torch.arange(8.).view(1, 4, 2)\n"],
    'F.channel_shuffle(x, 3)',
    'F.channel_shuffle(x[0], 2)',
    'F.channel_shuffle(x, 0)',
    'F.channel_shuffle(x, -2)',
    'F.channel_shuffle(x, 2.0)',
    'F.channel_shuffle(torch.zeros(1, 0, 2), 2)',
)

# ---------------------------------------------------------------------------------------------------------
# Rprop and ASGD: each parameter's bytes after several steps, from gradients computed pointwise (exact in both).
# ---------------------------------------------------------------------------------------------------------
_OPTIM = """
from torch import optim
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
shift = [torch.randn(p.shape) for p in model.parameters()]
def run(opt, steps=6):
    for i in range(steps):
        opt.zero_grad()
        with torch.no_grad():
            for p, c in zip(model.parameters(), shift):
                p.grad = p * p * 0.5 - p * c + c * 0.25
        opt.step()
    for p in model.parameters():
        print(p.detach().numpy().tobytes().hex())
def show(opt):
    print(opt)
    sd = opt.state_dict()
    print(sd["param_groups"])
    print(sorted(sd["state"]), list(sd["state"][0]))
    for k, v in sd["state"][1].items():
        print(k, v)
"""
case("api_optim_rprop", [_OPTIM, """
opt = optim.Rprop(model.parameters())
run(opt)
show(opt)
run(optim.Rprop(model.parameters(), lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.1)))
run(optim.Rprop(model.parameters(), maximize=True), 3)
opt = optim.Rprop([{"params": model[0].parameters()}, {"params": model[2].parameters(), "lr": 0.1}], etas=(0.4, 1.1))
run(opt, 3)
print(opt)
opt2 = optim.Rprop(model.parameters())
opt2.load_state_dict(optim.Rprop(model.parameters()).state_dict())
run(opt, 2)
model.double()
shift = [c.double() for c in shift]
run(optim.Rprop(model.parameters(), lr=0.02), 8)
"""])
case("api_optim_asgd", [_OPTIM, """
opt = optim.ASGD(model.parameters())
run(opt)
show(opt)
opt = optim.ASGD(model.parameters(), lr=0.1, t0=3, lambd=0.01, weight_decay=0.1)
run(opt)
print(opt.state[model[2].bias])
run(optim.ASGD(model.parameters(), lr=0.05, t0=0, alpha=0.5, maximize=True))
opt = optim.ASGD([{"params": model[0].parameters(), "t0": 1}, {"params": model[2].parameters()}], lr=0.03)
run(opt, 3)
print(opt)
opt2 = optim.ASGD(model.parameters(), t0=1)
opt2.load_state_dict(opt.state_dict())
print(opt2.state[model[2].bias])
run(opt2, 2)
model.double()
shift = [c.double() for c in shift]
opt = optim.ASGD(model.parameters(), lr=0.02, t0=2)
run(opt, 8)
print(opt.state[model[0].bias])
"""])
attempts("api_optim_rprop_asgd_errors", [_OPTIM],
    'optim.Rprop(model.parameters(), lr=-1)',
    'optim.Rprop(model.parameters(), etas=(1.5, 1.2))',
    'optim.Rprop(model.parameters(), etas=(0.5, 0.9))',
    'optim.Rprop(model.parameters(), etas=(0, 1.2))',
    'optim.Rprop(model.parameters(), lr=torch.tensor([0.1, 0.2]))',
    'optim.ASGD(model.parameters(), foo=1)',
    'optim.ASGD(model.parameters(), lr=-0.1)',
    'optim.ASGD(model.parameters(), weight_decay=-1)',
    'optim.ASGD([])',
    'optim.Rprop(torch.randn(2, requires_grad=True))',
    'optim.Rprop(model.parameters()).defaults',
    'optim.ASGD(model.parameters()).defaults',
)

# ---------------------------------------------------------------------------------------------------------
# nn.utils: the Pruning tutorial, fusion of BatchNorm into the layer before it, orthogonal parametrization.
# ---------------------------------------------------------------------------------------------------------
_LENET = """
import torch.nn.utils.prune as prune
class LeNet(nn.Module):
    def __init__(self):
        super(LeNet, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, 3)
        self.conv2 = nn.Conv2d(6, 16, 3)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.view(-1, int(x.nelement() / x.shape[0]))
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        x = self.fc3(x)
        return x
torch.manual_seed(0)
model = LeNet()
module = model.conv1
def names(m):
    print([n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])
"""
case("api_nn_utils_prune_tutorial", [_LENET, """
names(module)
prune.random_unstructured(module, name="weight", amount=0.3)
names(module)
print(module.weight_mask.sum(), (module.weight == 0).sum(), module.weight.grad_fn.name())
print([type(h).__name__ for h in module._forward_pre_hooks.values()])
prune.l1_unstructured(module, name="bias", amount=3)
names(module)
print(module.bias, module.bias_mask)
prune.ln_structured(module, name="weight", amount=0.5, n=2, dim=0)
print(module.weight_mask.sum(dim=(1, 2, 3)))
for hook in module._forward_pre_hooks.values():
    if hook._tensor_name == "weight":
        break
print([type(h).__name__ for h in hook], len(hook))
print(list(model.state_dict().keys()))
prune.remove(module, "weight")
names(module)
print(prune.is_pruned(model), (module.weight == 0).sum())
prune.remove(module, "bias")
print(prune.is_pruned(model))
new_model = LeNet()
for name, module in new_model.named_modules():
    if isinstance(module, torch.nn.Conv2d):
        prune.l1_unstructured(module, name="weight", amount=0.2)
    elif isinstance(module, torch.nn.Linear):
        prune.l1_unstructured(module, name="weight", amount=0.4)
print(dict(new_model.named_buffers()).keys())
new_model(torch.randn(2, 1, 26, 26)).sum().backward()
grad = new_model.fc3.weight_orig.grad
print((grad[new_model.fc3.weight_mask == 0] == 0).all(), (grad != 0).sum())
"""])
case("api_nn_utils_prune_global", [_LENET, """
parameters_to_prune = (
    (model.conv1, "weight"),
    (model.conv2, "weight"),
    (model.fc1, "weight"),
    (model.fc2, "weight"),
    (model.fc3, "weight"),
)
prune.global_unstructured(parameters_to_prune, pruning_method=prune.L1Unstructured, amount=0.2)
for m, _ in parameters_to_prune:
    print("Sparsity: {:.2f}%".format(100. * float(torch.sum(m.weight == 0)) / float(m.weight.nelement())))
class FooBarPruningMethod(prune.BasePruningMethod):
    PRUNING_TYPE = "unstructured"
    def compute_mask(self, t, default_mask):
        mask = default_mask.clone()
        mask.view(-1)[::2] = 0
        return mask
def foobar_unstructured(module, name):
    FooBarPruningMethod.apply(module, name)
    return module
foobar_unstructured(model.fc3, name="bias")
print(model.fc3.bias_mask)
prune.l1_unstructured(model.fc3, "bias", amount=2)
print(model.fc3.bias_mask)
prune.random_structured(model.fc2, "weight", amount=3, dim=1)
print(model.fc2.weight_mask.sum(0))
m = prune.custom_from_mask(nn.Linear(3, 2), "weight", mask=torch.tensor([[0, 1, 1], [1, 0, 1]]))
print(m.weight_mask, m.weight != 0)
"""])
attempts("api_nn_utils_prune_errors", [_LENET],
    'prune.l1_unstructured(module, "weight", amount=1.5)',
    'prune.l1_unstructured(module, "weight", amount=-1)',
    'prune.l1_unstructured(module, "weight", amount="a")',
    'prune.l1_unstructured(module, "weight", amount=1000)',
    'prune.remove(module, "weight")',
    'prune.ln_structured(module, "bias", amount=1, n=2, dim=0)',
    'prune.ln_structured(module, "weight", amount=1, n=2, dim=5)',
    'prune.global_unstructured(3, pruning_method=prune.L1Unstructured, amount=2)',
    'prune.l1_unstructured(module, "weight", amount=2, importance_scores=torch.ones(3))',
    'prune.identity(module, "weight").weight_mask.sum()',
)
case("api_nn_utils_fusion", """
import torch.nn.utils.fusion as fusion
torch.manual_seed(0)
conv, bn = nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4)
with torch.no_grad():
    bn.running_mean.copy_(torch.tensor([0.1, -0.2, 0.3, 0.0]))
    bn.running_var.copy_(torch.tensor([1.5, 0.5, 2.0, 1.0]))
    bn.weight.copy_(torch.tensor([1.0, 2.0, 0.5, -1.0]))
conv.eval(); bn.eval()
fused = fusion.fuse_conv_bn_eval(conv, bn)
print(fused, fused.bias, fused.weight[0, 0], type(fused.weight).__name__, fused.weight.requires_grad)
x = torch.randn(2, 3, 5, 5)
print(((bn(conv(x)) - fused(x)).abs().max() < 1e-5).item())
w, b = torch.nn.utils.fuse_conv_bn_weights(conv.weight, None, bn.running_mean, bn.running_var, bn.eps, None, None)
print(b, w.shape)
w, b = fusion.fuse_conv_bn_weights(conv.weight, conv.bias, bn.running_mean, bn.running_var, bn.eps, bn.weight,
                                   bn.bias, transpose=True)
print(w[0, :, 0, 0])
lin, bn1 = nn.Linear(5, 4).eval(), nn.BatchNorm1d(4).eval()
with torch.no_grad():
    bn1.running_var.copy_(torch.tensor([4.0, 1.0, 0.25, 9.0]))
f = torch.nn.utils.fuse_linear_bn_eval(lin, bn1)
print(f.weight, f.bias)
for bad in (lambda: torch.nn.utils.fuse_linear_bn_eval(nn.Linear(5, 3).eval(), bn1),
            lambda: fusion.fuse_conv_bn_eval(conv.train(), bn)):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
""")
_ORTH = """
orthogonal = torch.nn.utils.parametrizations.orthogonal
torch.manual_seed(0)
def check(W):
    k = min(W.shape[-2:])
    WW = W.mT @ W if W.shape[-2] >= W.shape[-1] else W @ W.mT
    print(tuple(W.shape), torch.allclose(WW, torch.eye(k), atol=1e-5))
def train(out_features, in_features, **kwargs):
    m = orthogonal(nn.Linear(in_features, out_features), **kwargs)
    check(m.weight)
    opt = torch.optim.SGD(m.parameters(), lr=0.1)
    x = torch.randn(6, in_features)
    for i in range(3):
        opt.zero_grad()
        loss = (m(x) ** 2).sum()
        loss.backward()
        opt.step()
        print(round(loss.item(), 2))
    check(m.weight)
    print(sorted(n for n, _ in m.named_buffers()), m.weight.grad_fn is not None)
"""
case("api_nn_utils_orthogonal", [_ORTH, """
m = orthogonal(nn.Linear(4, 4))
print(m, m.parametrizations.weight[0].orthogonal_map)
print(m.parametrizations.weight.original)
for orthogonal_map in ("matrix_exp", "cayley", "householder"):
    for shape in ((5, 3), (3, 5), (4, 4)):
        train(*shape, orthogonal_map=orthogonal_map)
        train(*shape, orthogonal_map=orthogonal_map, use_trivialization=False)
with torch.no_grad():
    m.weight = torch.eye(4)
print(torch.allclose(m.weight, torch.eye(4), atol=1e-6))
rnn = nn.RNN(4, 4)
orthogonal(rnn, "weight_hh_l0")
check(rnn.weight_hh_l0)
"""])
attempts("api_nn_utils_orthogonal_errors", [_ORTH],
    'orthogonal(nn.Linear(3, 3), orthogonal_map="bad")',
    'orthogonal(nn.Linear(3, 3), name="foo")',
    'orthogonal(nn.Linear(3, 3), name="bias")',
    'setattr(orthogonal(nn.Linear(3, 3)), "weight", torch.eye(2))',
    'setattr(orthogonal(nn.Linear(3, 3), use_trivialization=False), "weight", torch.eye(3))',
)
