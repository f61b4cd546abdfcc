"""Parity cases for the 3-D convolutions and poolings (a video's or a scan's CNN), max unpooling (an autoencoder's
decoder), power-average pooling and ``nn.EmbeddingBag`` (a text classifier's bag of words): values, grad_fn names,
edges, saved values, gradients, printouts and torch's errors. float32 convolutions are printed rounded (torch's
kernels sum in another order)."""

from parity.cases import case

_SETUP = """def attempt(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, e)

torch.manual_seed(0)
def r(t, d=4):
    return torch.round(t, decimals=d)
"""


case(
    "api_layers3d_conv3d",
    [_SETUP, """
x = torch.randn(1, 2, 4, 5, 6, requires_grad=True)
w = torch.randn(3, 2, 2, 3, 2, requires_grad=True)
b = torch.randn(3, requires_grad=True)
y = F.conv3d(x, w, b, stride=(1, 2, 1), padding=1, dilation=(1, 1, 2))
print(y.shape, y.grad_fn.name(), nf(y))
print(r(y.sum()))
y.sum().backward(); print(r(x.grad.sum()), r(w.grad[0, 0]), r(b.grad))
g = y.grad_fn
print(g._saved_stride, g._saved_padding, g._saved_dilation, g._saved_transposed)
print(g._saved_output_padding, g._saved_groups)
"""],
)

case(
    "api_layers3d_conv3d_errors",
    [_SETUP, """
x = torch.randn(1, 2, 4, 4, 4)
w = torch.randn(3, 2, 2, 2, 2)
attempt('ndim', lambda: F.conv3d(torch.randn(2, 4, 4), w))
attempt('big', lambda: F.conv3d(torch.randn(1, 2, 1, 4, 4), w))
attempt('chan', lambda: F.conv3d(torch.randn(1, 3, 4, 4, 4), w))
attempt('stride', lambda: F.conv3d(x, w, stride=(1, 2)))
attempt('w2d', lambda: F.conv3d(x, torch.randn(3, 2, 2, 2)))
attempt('bias', lambda: F.conv3d(x, w, torch.randn(4)))
attempt('int', lambda: F.conv3d(x.long(), w.long()))
"""],
)

case(
    "api_layers3d_video_cnn",
    [_SETUP, """
class C3D(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv3d(3, 8, kernel_size=3, padding=1)
        self.pool1 = nn.MaxPool3d(kernel_size=(1, 2, 2), stride=(1, 2, 2))
        self.conv2 = nn.Conv3d(8, 16, kernel_size=3, padding=1)
        self.pool2 = nn.MaxPool3d(kernel_size=2, stride=2)
        self.gap = nn.AdaptiveAvgPool3d(1)
        self.fc = nn.Linear(16, 5)
    def forward(self, x):
        x = self.pool1(F.relu(self.conv1(x)))
        x = self.pool2(F.relu(self.conv2(x)))
        x = self.gap(x).flatten(1)
        return self.fc(x)
model = C3D()
print(model)
clip = torch.randn(2, 3, 4, 16, 16)
out = model(clip)
print(out.shape, out.grad_fn.name())
loss = F.cross_entropy(out, torch.tensor([1, 3]))
loss.backward()
print(r(loss), r(model.conv1.weight.grad.abs().sum(), 2))
print(sum(p.numel() for p in model.parameters()))
"""],
)

case(
    "api_layers3d_conv_transpose3d_module",
    [_SETUP, """
m = nn.ConvTranspose3d(16, 33, 3, stride=2)
print(m)
m = nn.ConvTranspose3d(16, 33, (3, 5, 2), stride=(2, 1, 1), padding=(0, 4, 2))
print(m)
inp = torch.randn(2, 16, 4, 5, 6)
print(m(inp).shape)
up = nn.ConvTranspose3d(4, 2, 2, stride=2)
z = torch.randn(1, 4, 2, 3, 3)
print(up(z).shape, up(z, output_size=(5, 7, 6)).shape)
attempt('os', lambda: up(z, output_size=(9, 7, 6)))
attempt('mode', lambda: nn.ConvTranspose3d(2, 2, 2, padding_mode='reflect'))
"""],
)

case(
    "api_layers3d_lazy_conv3d",
    [_SETUP, """
m = nn.LazyConv3d(4, 3)
print(m)
y = m(torch.randn(1, 2, 5, 5, 5)); print(y.shape, m, m.weight.shape)
t = nn.LazyConvTranspose3d(3, 2, stride=2)
print(t(torch.randn(1, 5, 2, 2, 2)).shape, t)
attempt('bad', lambda: nn.LazyConv3d(4, 3)(torch.randn(2, 5, 5)))
"""],
)

case(
    "api_layers3d_max_pool3d_errors",
    [_SETUP, """
x = torch.randn(1, 2, 4, 4, 4)
attempt('ndim', lambda: F.max_pool3d(torch.randn(4, 4), 2))
attempt('big', lambda: F.max_pool3d(x, 5))
attempt('pad', lambda: F.max_pool3d(x, 2, padding=2))
attempt('k', lambda: F.max_pool3d(x, (2, 2)))
attempt('int', lambda: F.max_pool3d(x.long(), 2))
attempt('zero', lambda: F.max_pool3d(x, 0))
"""],
)

case(
    "api_layers3d_max_pool3d_module",
    [_SETUP, """
m = nn.MaxPool3d(3, stride=2)
print(m)
m = nn.MaxPool3d((3, 2, 2), stride=(2, 1, 2))
print(m)
inp = torch.randn(2, 4, 10, 8, 9)
print(m(inp).shape)
m3 = nn.MaxPool3d(2, return_indices=True, ceil_mode=True)
print(m3, [t.shape for t in m3(inp)])
"""],
)

case(
    "api_layers3d_avg_pool3d",
    [_SETUP, """
x = torch.randn(1, 2, 4, 5, 6, requires_grad=True)
y = F.avg_pool3d(x, 2)
print(y.shape, y.grad_fn.name(), nf(y), r(y[0, 0, 0]))
g = y.grad_fn
print(g._saved_kernel_size, g._saved_stride, g._saved_padding, g._saved_ceil_mode)
print(g._saved_count_include_pad, g._saved_divisor_override)
y.sum().backward(); print(r(x.grad[0, 0, 0]))
y2 = F.avg_pool3d(x, (3, 2, 3), stride=(1, 2, 2), padding=(1, 1, 0), ceil_mode=True, count_include_pad=False)
print(y2.shape, r(y2[0, 1, 1]))
y3 = F.avg_pool3d(x[0], 2, divisor_override=3); print(y3.shape, r(y3[0, 0]))
"""],
)

case(
    "api_layers3d_avg_pool3d_errors",
    [_SETUP, """
x = torch.randn(1, 2, 4, 4, 4)
attempt('ndim', lambda: F.avg_pool3d(torch.randn(4, 4), 2))
attempt('big', lambda: F.avg_pool3d(x, 5))
attempt('pad', lambda: F.avg_pool3d(x, 2, padding=2))
attempt('div', lambda: F.avg_pool3d(x, 2, divisor_override=0))
attempt('int', lambda: F.avg_pool3d(x.long(), 2))
"""],
)

case(
    "api_layers3d_avg_pool3d_module",
    [_SETUP, """
m = nn.AvgPool3d(3, stride=2)
print(m)
m = nn.AvgPool3d((3, 2, 2), stride=(2, 1, 2))
print(m)
inp = torch.randn(2, 4, 10, 8, 9)
print(m(inp).shape)
print(nn.AvgPool3d(2, padding=1, ceil_mode=True, count_include_pad=False, divisor_override=2))
"""],
)

case(
    "api_layers3d_adaptive_avg_pool3d",
    [_SETUP, """
x = torch.randn(1, 2, 5, 6, 7, requires_grad=True)
y = F.adaptive_avg_pool3d(x, (2, 3, 4))
print(y.shape, y.grad_fn.name(), nf(y), r(y[0, 0, 0]))
y.sum().backward(); print(r(x.grad[0, 0, 0]))
print(F.adaptive_avg_pool3d(x, 1).grad_fn.name(), F.adaptive_avg_pool3d(x, (None, 2, None)).shape)
m = nn.AdaptiveAvgPool3d((5, 7, 9)); print(m, m(torch.randn(1, 64, 8, 9, 10)).shape)
m = nn.AdaptiveAvgPool3d(7); print(m, m(torch.randn(1, 64, 10, 9, 8)).shape)
m = nn.AdaptiveAvgPool3d((7, None, None)); print(m, m(torch.randn(1, 64, 10, 9, 8)).shape)
attempt('ndim', lambda: F.adaptive_avg_pool3d(torch.randn(3, 4), 2))
attempt('len', lambda: F.adaptive_avg_pool3d(x, (2, 2)))
"""],
)

case(
    "api_layers3d_adaptive_max_pool3d",
    [_SETUP, """
x = torch.randn(1, 2, 5, 6, 7, requires_grad=True)
y, i = F.adaptive_max_pool3d(x, (2, 3, 4), return_indices=True)
print(y.shape, y.grad_fn.name(), nf(y), i[0, 0, 0], r(y[0, 0, 0]))
(y * torch.arange(y.numel()).reshape(y.shape)).sum().backward(); print(x.grad[0, 0, 0])
m = nn.AdaptiveMaxPool3d((5, 7, 9)); print(m, m(torch.randn(1, 64, 8, 9, 10)).shape)
m = nn.AdaptiveMaxPool3d(7, return_indices=True); print(m, [t.shape for t in m(torch.randn(1, 64, 10, 9, 8))])
print(F.adaptive_max_pool3d(x[0], 1).shape)
attempt('ndim', lambda: F.adaptive_max_pool3d(torch.randn(3, 4), 2))
attempt('int', lambda: F.adaptive_max_pool3d(x.long(), 2))
"""],
)

case(
    "api_layers3d_max_unpool2d_docs",
    [_SETUP, """
pool = nn.MaxPool2d(2, stride=2, return_indices=True)
unpool = nn.MaxUnpool2d(2, stride=2)
print(unpool)
input = torch.tensor([[[[ 1.,  2.,  3.,  4.],
                        [ 5.,  6.,  7.,  8.],
                        [ 9., 10., 11., 12.],
                        [13., 14., 15., 16.]]]])
output, indices = pool(input)
print(unpool(output, indices))
input = torch.tensor([[[[ 1.,  2.,  3., 4., 5.],
                        [ 6.,  7.,  8., 9., 10.],
                        [11., 12., 13., 14., 15.],
                        [16., 17., 18., 19., 20.]]]])
output, indices = pool(input)
print(unpool(output, indices, output_size=input.size()))
print(unpool(output, indices))
"""],
)

case(
    "api_layers3d_max_unpool1d_docs",
    [_SETUP, """
pool = nn.MaxPool1d(2, stride=2, return_indices=True)
unpool = nn.MaxUnpool1d(2, stride=2)
print(unpool)
input = torch.tensor([[[1., 2, 3, 4, 5, 6, 7, 8]]])
output, indices = pool(input)
print(unpool(output, indices))
input = torch.tensor([[[1., 2, 3, 4, 5, 6, 7, 8, 9]]])
output, indices = pool(input)
print(unpool(output, indices, output_size=input.size()))
print(unpool(output, indices))
"""],
)

case(
    "api_layers3d_max_unpool3d_docs",
    [_SETUP, """
pool = nn.MaxPool3d(3, stride=2, return_indices=True)
unpool = nn.MaxUnpool3d(3, stride=2)
print(unpool)
output, indices = pool(torch.randn(20, 16, 51, 33, 15))
unpooled_output = unpool(output, indices)
print(unpooled_output.size())
"""],
)

case(
    "api_layers3d_max_unpool_graph",
    [_SETUP, """
x = torch.randn(1, 2, 4, 4, requires_grad=True)
y, i = F.max_pool2d(x, 2, return_indices=True)
z = F.max_unpool2d(y, i, 2)
print(z.grad_fn.name(), nf(z), r(z[0, 0]))
g = z.grad_fn
print(g._saved_indices.shape)
(z * torch.arange(32.).reshape(z.shape)).sum().backward(); print(x.grad[0, 0])
x3 = torch.randn(1, 1, 4, 4, 4, requires_grad=True)
y3, i3 = F.max_pool3d(x3, 2, return_indices=True)
z3 = F.max_unpool3d(y3, i3, 2)
g = z3.grad_fn
print(g.name(), nf(z3), g._saved_indices.shape)
z3.sum().backward(); print(x3.grad.sum())
x1 = torch.randn(2, 3, 8, requires_grad=True)
y1, i1 = F.max_pool1d(x1, 2, return_indices=True)
z1 = F.max_unpool1d(y1, i1, 2)
print(z1.grad_fn.name()); show_graph(z1)
"""],
)

case(
    "api_layers3d_max_unpool_errors",
    [_SETUP, """
x = torch.randn(1, 2, 4, 4)
y, i = F.max_pool2d(x, 2, return_indices=True)
attempt('os', lambda: F.max_unpool2d(y, i, 2, output_size=(9, 9)))
attempt('oslen', lambda: F.max_unpool2d(y, i, 2, output_size=(4,)))
attempt('idx', lambda: F.max_unpool2d(y, i * 3, 2))
attempt('shape', lambda: F.max_unpool2d(y, i[..., :1], 2))
attempt('float_idx', lambda: F.max_unpool2d(y, i.float(), 2))
attempt('ndim', lambda: F.max_unpool2d(y[0, 0], i[0, 0], 2))
x3 = torch.randn(1, 1, 4, 5, 4)
y3, i3 = F.max_pool3d(x3, 2, return_indices=True)
attempt('3d', lambda: F.max_unpool3d(y3, i3, 2))
attempt('3dndim', lambda: F.max_unpool3d(y3[0, 0], i3[0, 0], 2))
attempt('1d', lambda: F.max_unpool1d(torch.randn(1, 4), torch.tensor([[0, 9, 4, 6]]), 2))
"""],
)

case(
    "api_layers3d_unpool_autoencoder",
    [_SETUP, """
class AE(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv2d(1, 4, 3, padding=1)
        self.pool = nn.MaxPool2d(2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2)
        self.dec = nn.ConvTranspose2d(4, 1, 3, padding=1)
    def forward(self, x):
        h = F.relu(self.enc(x))
        size = h.size()
        h, idx = self.pool(h)
        h = self.unpool(h, idx, output_size=size)
        return torch.sigmoid(self.dec(h))
model = AE()
print(model)
x = torch.rand(2, 1, 7, 7)
out = model(x)
loss = F.mse_loss(out, x)
loss.backward()
print(out.shape, r(loss), r(model.enc.weight.grad.abs().sum(), 3))
"""],
)

case(
    "api_layers3d_lp_pool",
    [_SETUP, """
x = torch.randn(1, 2, 6, 6, requires_grad=True)
y = F.lp_pool2d(x, 2, 3, stride=2)
print(r(y[0, 0]), y.grad_fn.name(), nf(y))
y.sum().backward(); print(r(x.grad[0, 0, 0]))
print(r(F.lp_pool1d(x[0], 1.5, 2)[0, 0]), F.lp_pool1d(x[0], 3, 3, ceil_mode=True).shape)
print(r(F.lp_pool2d(x, float('inf'), 2)[0, 0]), F.lp_pool2d(x, float('inf'), 2).grad_fn.name())
m = nn.LPPool2d(2, 3, stride=2); print(m, m(torch.randn(20, 16, 50, 32)).shape)
m = nn.LPPool2d(1.2, (3, 2), stride=(2, 1)); print(m, m(torch.randn(20, 16, 50, 32)).shape)
m = nn.LPPool1d(2, 3, stride=2); print(m, m(torch.randn(20, 16, 50)).shape)
m = nn.LPPool3d(2, 3, stride=2); print(m, m(torch.randn(2, 3, 5, 6, 7)).shape)
print(r(F.lp_pool3d(x.unsqueeze(0), 2, 2)[0, 0, 0]))
"""],
)

case(
    "api_layers3d_embedding_bag_docs",
    [_SETUP, """
embedding_bag = nn.EmbeddingBag(10, 3, mode='sum')
print(embedding_bag, r(embedding_bag.weight[0]))
input = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9], dtype=torch.long)
offsets = torch.tensor([0, 4], dtype=torch.long)
print(r(embedding_bag(input, offsets)))
embedding_sum = nn.EmbeddingBag(10, 3, mode='sum', padding_idx=2)
input = torch.tensor([2, 2, 2, 2, 4, 3, 2, 9], dtype=torch.long)
offsets = torch.tensor([0, 4], dtype=torch.long)
print(r(embedding_sum(input, offsets)))
embedding = nn.Embedding(10, 3, padding_idx=2)
embedding_sum = nn.EmbeddingBag.from_pretrained(embedding.weight, padding_idx=embedding.padding_idx, mode='sum')
print(embedding_sum, embedding_sum.weight.requires_grad, r(embedding_sum(input, offsets)))
"""],
)

case(
    "api_layers3d_embedding_bag_functional",
    [_SETUP, """
input = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
offsets = torch.tensor([0, 4])
weight = torch.randn(10, 3, requires_grad=True)
y = F.embedding_bag(input, weight, offsets)
print(r(y), y.grad_fn.name(), nf(y))
(y * torch.tensor([[1., 2, 3], [4, 5, 6]])).sum().backward(); print(r(weight.grad))
weight.grad = None
y = F.embedding_bag(input, weight, offsets, mode='max')
(y * torch.tensor([[1., 2, 3], [4, 5, 6]])).sum().backward(); print(r(y), r(weight.grad))
weight.grad = None
psw = torch.tensor([1., 2, 3, 4, 5, 6, 7, 8], requires_grad=True)
y = F.embedding_bag(input, weight, offsets, mode='sum', per_sample_weights=psw)
print(r(y), nf(y))
y.sum().backward(); print(r(weight.grad), r(psw.grad))
y = F.embedding_bag(input, weight, torch.tensor([0, 4, 8]), mode='sum', include_last_offset=True); print(r(y))
y = F.embedding_bag(input.reshape(2, 4), weight, mode='mean'); print(r(y))
y = F.embedding_bag(input, weight, torch.tensor([0, 4, 4]), mode='mean'); print(r(y))
y = F.embedding_bag(input, weight, torch.tensor([0, 4, 4]), mode='max'); print(r(y))
"""],
)

case(
    "api_layers3d_embedding_bag_errors",
    [_SETUP, """
input = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])
offsets = torch.tensor([0, 4])
weight = torch.randn(10, 3)
attempt('2d_off', lambda: F.embedding_bag(input.reshape(2, 4), weight, offsets))
attempt('none_off', lambda: F.embedding_bag(input, weight))
attempt('off2d', lambda: F.embedding_bag(input, weight, offsets.reshape(2, 1)))
attempt('mode', lambda: F.embedding_bag(input, weight, offsets, mode='min'))
attempt('psw_mode', lambda: F.embedding_bag(input, weight, offsets, per_sample_weights=torch.ones(8)))
attempt('psw_shape', lambda: F.embedding_bag(input, weight, offsets, mode='sum', per_sample_weights=torch.ones(7)))
attempt('w1d', lambda: F.embedding_bag(input, weight[0], offsets))
attempt('3d', lambda: F.embedding_bag(input.reshape(2, 2, 2), weight))
attempt('range', lambda: F.embedding_bag(torch.tensor([1, 12]), weight, offsets))
attempt('off_start', lambda: F.embedding_bag(input, weight, torch.tensor([1, 4])))
attempt('off_big', lambda: F.embedding_bag(input, weight, torch.tensor([0, 9])))
attempt('float_in', lambda: F.embedding_bag(input.float(), weight, offsets))
attempt('max_sparse', lambda: F.embedding_bag(input, weight, offsets, mode='max', sparse=True))
attempt('module_2d', lambda: nn.EmbeddingBag(10, 3)(input.reshape(2, 4), offsets))
attempt('pad', lambda: nn.EmbeddingBag(10, 3, padding_idx=10))
attempt('pre', lambda: nn.EmbeddingBag.from_pretrained(weight[0]))
"""],
)

case(
    "api_layers3d_text_classification",
    [_SETUP, """
class TextClassificationModel(nn.Module):
    def __init__(self, vocab_size, embed_dim, num_class):
        super(TextClassificationModel, self).__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, embed_dim, sparse=False)
        self.fc = nn.Linear(embed_dim, num_class)
        self.init_weights()
    def init_weights(self):
        initrange = 0.5
        self.embedding.weight.data.uniform_(-initrange, initrange)
        self.fc.weight.data.uniform_(-initrange, initrange)
        self.fc.bias.data.zero_()
    def forward(self, text, offsets):
        embedded = self.embedding(text, offsets)
        return self.fc(embedded)
model = TextClassificationModel(20, 64, 4)
print(model)
text = torch.tensor([3, 5, 7, 1, 2, 9, 11, 4, 4, 0, 19])
offsets = torch.tensor([0, 3, 8])
label = torch.tensor([1, 0, 3])
optimizer = torch.optim.SGD(model.parameters(), lr=5)
criterion = torch.nn.CrossEntropyLoss()
for _ in range(3):
    optimizer.zero_grad()
    predicted_label = model(text, offsets)
    loss = criterion(predicted_label, label)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.1)
    optimizer.step()
    print(r(loss), (predicted_label.argmax(1) == label).sum().item())
print(predicted_label.grad_fn.name(), nf(predicted_label))
"""],
)

case(
    "api_layers3d_embedding_bag_module",
    [_SETUP, """
m = nn.EmbeddingBag(10, 3, mode='max', max_norm=1.0, include_last_offset=True)
print(m, m.mode, m.include_last_offset)
print(nn.EmbeddingBag(10, 3, scale_grad_by_freq=True, padding_idx=-1))
m = nn.EmbeddingBag(5, 2)
print(list(m.state_dict()), m.weight.shape, m.padding_idx, m.mode)
y = m(torch.tensor([[0, 1], [2, 3]]))
print(r(y), y.grad_fn.name())
y = m(torch.tensor([0, 1, 2]), torch.tensor([0, 1]), per_sample_weights=None)
print(y.shape)
w = torch.tensor([[1., 2.], [3., 4.], [5., 6.]])
e = nn.EmbeddingBag.from_pretrained(w, freeze=False, mode='mean')
print(e, e(torch.tensor([[0, 2]])), e.weight.requires_grad)
"""],
)

case(
    "api_layers3d_conv3d_same_groups",
    [_SETUP, """
x = torch.randn(2, 4, 3, 4, 5)
w = torch.randn(6, 2, 3, 2, 3)
y = F.conv3d(x, w, padding='same', groups=2); print(y.shape, r(y[0, :, 1, 1], 2))
print(F.conv3d(x, w, padding='valid', groups=2).shape)
print(F.conv3d(x[0], w, groups=2).shape)
"""],
    fresh_process=True,  # padding='same' with an even kernel warns once per process
)

case(
    "api_layers3d_conv3d_module",
    [_SETUP, """
m = nn.Conv3d(16, 33, 3, stride=2)
print(m, m.weight.shape, m.bias.shape)
m2 = nn.Conv3d(16, 33, (3, 5, 2), stride=(2, 1, 1), padding=(4, 2, 0))
print(m2)
x = torch.randn(20, 16, 10, 50, 100)
print(m(x[:2, :, :, :10, :10]).shape, m2(x[:2, :, :, :10, :10]).shape)
print(nn.Conv3d(2, 4, 3, padding='same', padding_mode='reflect', bias=False, groups=2, dilation=2))
m3 = nn.Conv3d(1, 2, 2, padding=1, bias=False)
y = m3(torch.randn(1, 1, 3, 3, 3)); print(y.shape, y.grad_fn.name(), nf(y))
print(list(m.state_dict()), r(m.weight.std()))
attempt('bad', lambda: m(torch.randn(2, 3, 4, 4)))
"""],
)

case(
    "api_layers3d_conv_transpose3d",
    [_SETUP, """
x = torch.randn(1, 2, 3, 3, 2, requires_grad=True)
w = torch.randn(2, 3, 2, 2, 3, requires_grad=True)
y = F.conv_transpose3d(x, w, stride=2, padding=(0, 1, 1), output_padding=(1, 0, 1))
print(y.shape, y.grad_fn.name(), nf(y), y.grad_fn._saved_transposed, y.grad_fn._saved_output_padding)
y.sum().backward(); print(r(y.sum(), 3), r(x.grad.sum(), 3), r(w.grad.sum(), 3))
attempt('op', lambda: F.conv_transpose3d(x, w, stride=1, output_padding=1))
attempt('ndim', lambda: F.conv_transpose3d(x[0, 0], w))
attempt('small', lambda: F.conv_transpose3d(x, w, padding=3))
attempt('dilation', lambda: F.conv_transpose3d(x, w, dilation=(1, 0, 1)))
"""],
)

case(
    "api_layers3d_max_pool3d",
    [_SETUP, """
x = torch.randn(1, 2, 4, 5, 6, requires_grad=True)
y, i = F.max_pool3d(x, 2, return_indices=True)
print(y.shape, y.grad_fn.name(), nf(y), i.dtype, i[0, 0])
g = y.grad_fn
print(g._saved_kernel_size, g._saved_stride, g._saved_padding, g._saved_dilation, g._saved_ceil_mode)
print(g._saved_result1.shape)
(y * torch.arange(y.numel()).reshape(y.shape)).sum().backward(); print(x.grad[0, 0, :2])
y2 = F.max_pool3d(x, (3, 2, 2), stride=(1, 2, 3), padding=1, dilation=(1, 2, 1), ceil_mode=True)
print(y2.shape, r(y2[0, 1, 0]))
print(F.max_pool3d(x[0], 2).shape, F.max_pool3d(x.long(), 2)[0, 0, 0])
gg, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(gg.grad_fn.name(), nf(gg))
"""],
)
