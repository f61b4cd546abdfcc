"""Parity cases for ``F.grid_sample``'s bicubic mode and 5-D inputs, and ``EmbeddingBag``'s ``max_norm`` and
``scale_grad_by_freq``."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

# ---------------------------------------------------------------------------------------------------------
# F.grid_sample, mode="bicubic": torch's vectorised kernel bit for bit (its fused multiply-adds differ between the
# backward with and without the input's gradient), every padding mode and both align_corners.
# ---------------------------------------------------------------------------------------------------------
_BICUBIC = """
torch.manual_seed(0)
x = torch.randn(2, 3, 4, 5)
g = torch.rand(2, 3, 4, 2) * 2.6 - 1.3
w = ((torch.arange(72) % 7) - 3).reshape(2, 3, 3, 4) / 4.0
"""
case(
    "vision_more_grid_sample_bicubic",
    [_BICUBIC, """
    for dtype in (torch.float32, torch.float64):
        for padding in ("zeros", "border", "reflection"):
            for align in (False, True):
                xi = x.to(dtype).requires_grad_()
                gi = g.to(dtype).requires_grad_()
                y = F.grid_sample(xi, gi, mode="bicubic", padding_mode=padding, align_corners=align)
                print(padding, align, y, y.grad_fn.name(), nf(y))
                (y * w.to(dtype)).sum().backward()
                print(xi.grad, gi.grad)
                gj = g.to(dtype).requires_grad_()
                y = F.grid_sample(x.to(dtype), gj, mode="bicubic", padding_mode=padding, align_corners=align)
                y.backward(w.to(dtype))
                print(gj.grad)
    """],
)
case(
    "vision_more_grid_sample_bicubic_edges",
    ["""
    one, point = torch.tensor([[[[2.5]]]]), torch.tensor([[[[0.3, -0.2]]]])
    print(F.grid_sample(one, point, mode="bicubic", padding_mode="reflection", align_corners=True))
    print(F.grid_sample(one, point, mode="bicubic", padding_mode="border", align_corners=False))
    x = torch.arange(12.).reshape(1, 1, 3, 4)
    far = torch.tensor([[[[float("nan"), 0.5], [4.0, -3.0], [1.0, 1.0]]]])
    print(F.grid_sample(x, far, mode="bicubic", align_corners=False))
    print(F.grid_sample(x, far[:, :, 1:], mode="bicubic", padding_mode="reflection", align_corners=False))
    """],
)

# ---------------------------------------------------------------------------------------------------------
# F.grid_sample on volumes (GridSampler3DBackward0): torch's scalar loop, trilinear and nearest.
# ---------------------------------------------------------------------------------------------------------
_VOLUME = """
torch.manual_seed(0)
x5 = torch.randn(2, 2, 3, 4, 5)
g5 = torch.rand(2, 3, 2, 4, 3) * 2.6 - 1.3
w5 = ((torch.arange(96) % 5) - 2).reshape(2, 2, 3, 2, 4) / 2.0
"""
case(
    "vision_more_grid_sample_3d",
    [_VOLUME, """
    for dtype in (torch.float32, torch.float64):
        for mode in ("bilinear", "nearest"):
            for padding in ("zeros", "border", "reflection"):
                for align in (False, True):
                    xi = x5.to(dtype).requires_grad_()
                    gi = g5.to(dtype).requires_grad_()
                    y = F.grid_sample(xi, gi, mode=mode, padding_mode=padding, align_corners=align)
                    print(mode, padding, align, y, y.grad_fn.name(), nf(y))
                    (y * w5.to(dtype)).sum().backward()
                    print(xi.grad, gi.grad)
    th = torch.tensor([[[1., 0.1, 0, 0.2], [0, 0.9, 0.1, 0], [0.1, 0, 1, -0.1]]], requires_grad=True)
    y = F.grid_sample(x5[:1], F.affine_grid(th, (1, 2, 2, 3, 3), align_corners=False), align_corners=False)
    y.backward(torch.ones_like(y))
    print(y, th.grad)
    """],
)
attempts(
    "vision_more_grid_sample_3d_errors",
    [_VOLUME],
    "F.grid_sample(x5, g5, mode='bicubic', align_corners=False)",
    "F.grid_sample(x5, g5.double(), align_corners=False)",
    "F.grid_sample(x5.double(), g5, align_corners=False)",
    "F.grid_sample(x5.long(), g5.long(), align_corners=False)",
    "F.grid_sample(x5, g5[..., :2], align_corners=False)",
    "F.grid_sample(x5, g5[0], align_corners=False)",
    "F.grid_sample(x5[:1], g5, align_corners=False)",
    "F.grid_sample(x5[:, :, :0], g5, align_corners=False)",
)

# ---------------------------------------------------------------------------------------------------------
# EmbeddingBag / F.embedding_bag: max_norm renormalises the rows read, in place (torch.embedding_renorm_);
# scale_grad_by_freq divides each index's gradient by a count the way torch's CPU kernel picks it.
# ---------------------------------------------------------------------------------------------------------
_BAGS = """
table = torch.tensor([[3., 4., 0.], [1., 0., 0.], [0., 6., 8.], [2., 2., 1.], [0.5, 0., 0.], [6., 0., 8.]])
idx = torch.tensor([1, 2, 4, 5, 4, 3, 2, 0])
offs = torch.tensor([0, 4])
"""
case(
    "vision_more_embedding_bag_max_norm",
    [_BAGS, """
    for mode in ("sum", "mean", "max"):
        w = table.clone().requires_grad_()
        y = F.embedding_bag(idx, w, offs, max_norm=5.0, mode=mode)
        print(mode, y, y.grad_fn.name(), w._version)
        y.sum().backward()
        print(w, w.grad)
    w = table.clone()
    print(F.embedding_bag(idx.reshape(2, 4), w, max_norm=3.0, norm_type=1.0, mode="sum"), w)
    w = table.clone()
    print(F.embedding_bag(idx[:3], w, torch.tensor([0]), max_norm=2.0, norm_type=float("inf")), w)
    torch.manual_seed(0)
    bag = nn.EmbeddingBag.from_pretrained(table.clone(), max_norm=4.0, mode="sum")
    print(bag, bag(torch.tensor([[0, 2], [5, 5]])), bag.weight)
    """],
)
case(
    "vision_more_embedding_bag_scale_grad_by_freq",
    [_BAGS, """
    for mode in ("sum", "mean"):
        for padding_idx in (None, 2):
            w = table.clone().requires_grad_()
            y = F.embedding_bag(idx, w, offs, scale_grad_by_freq=True, mode=mode, padding_idx=padding_idx)
            (y * torch.arange(6.).reshape(2, 3)).sum().backward()
            print(mode, padding_idx, w.grad, y.grad_fn._saved_scale_grad_by_freq)
    w = table.clone().requires_grad_()
    p = torch.tensor([0.5, 2.0, 1.0, -1.0, 3.0, 1.0, 0.25, 1.0], requires_grad=True)
    y = F.embedding_bag(idx, w, offs, scale_grad_by_freq=True, mode="sum", per_sample_weights=p)
    y.sum().backward()
    print(w.grad, p.grad)
    torch.manual_seed(0)
    bag = nn.EmbeddingBag(6, 3, scale_grad_by_freq=True, max_norm=2.0)
    out = bag(idx.reshape(2, 4))
    (out * out).sum().backward()
    print(bag, bag.weight.grad)
    """],
)
attempts(
    "vision_more_embedding_bag_option_errors",
    [_BAGS],
    "F.embedding_bag(idx, table, offs, scale_grad_by_freq=True, mode='max')",
    "F.embedding_bag(idx, table, offs, sparse=True, mode='max')",
    "F.embedding_bag(torch.tensor([1, 12]), table.clone(), torch.tensor([0]), max_norm=1.0)",
    "F.embedding_bag(torch.tensor([1, -9]), table.clone(), torch.tensor([0]), max_norm=1.0)",
    "F.embedding_bag(torch.tensor([1., 2.]), table.clone(), torch.tensor([0]), max_norm=1.0)",
    "F.embedding_bag(torch.tensor([1, -1]), table.clone(), torch.tensor([0]), max_norm=1.0)",
)

# F.embedding / nn.Embedding with max_norm (rows renormalised in place, outside the graph) and scale_grad_by_freq
# (each row's gradient divided by its index's count, one fused multiply-add per row as torch's kernel adds them).
case("embedding_max_norm_and_scale_grad_by_freq", """
torch.manual_seed(0)
w = torch.nn.Parameter(torch.tensor([[3., 4.], [0.3, 0.4], [1., 1.], [6., 8.]]))
idx = torch.tensor([[0, 1], [3, 0]])
for kw in [dict(max_norm=1.0), dict(max_norm=2.0, norm_type=1.0), dict(max_norm=0.5, padding_idx=1)]:
    out = torch.nn.functional.embedding(idx, w, **kw)
    print(out, w.data, w._version)
    out.sum().backward()
    print(w.grad)
    w.grad = None
emb = torch.nn.Embedding(4, 2, max_norm=1.0)
print(emb(torch.tensor([0, 2])).norm(dim=1), emb.weight._version)
g = torch.randn(2, 4, 3)
for dtype in (torch.float32, torch.float64):
    for pad in (None, 3):
        v = torch.randn(7, 3, dtype=dtype, requires_grad=True)
        i = torch.randint(0, 7, (2, 4))
        out = torch.nn.functional.embedding(i, v, padding_idx=pad, scale_grad_by_freq=True)
        out.backward(g.to(dtype) / 3)
        print(out.grad_fn.name(), out.grad_fn._saved_scale_grad_by_freq, v.grad)
emb = torch.nn.Embedding(5, 3, scale_grad_by_freq=True)
x = emb(torch.tensor([[0, 0, 1], [4, 0, 1]]))
(x * x / 7).sum().backward()
print(emb, emb.weight.grad)
for bad in [lambda: torch.nn.functional.embedding([0, 1], w, max_norm=1.0),
            lambda: torch.nn.functional.embedding(torch.tensor([0., 1.]), w, max_norm=1.0),
            lambda: torch.nn.functional.embedding(torch.tensor([0, 9]), w, max_norm=1.0)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
""")

# ---------------------------------------------------------------------------------------------------------
# F.interpolate of integer and bool input: torch resizes uint8 images in the nearest modes and refuses the other
# integer types (and uint8 in linear/trilinear) with its kernel's name; area refuses all of them, under the
# channels-last kernel's name for a 4-d input laid out so. minigrad's linear modes used to truncate the weights.
# ---------------------------------------------------------------------------------------------------------
case("api_vision_interpolate_integer_input", [ATTEMPT, """
F = torch.nn.functional
y = (torch.arange(25) * 10).to(torch.uint8).view(1, 1, 5, 5)
for mode in ("nearest", "nearest-exact"):
    print(mode, F.interpolate(y, size=(7, 3), mode=mode), F.interpolate(y[0], size=4, mode=mode))
    print(F.interpolate(y.view(1, 1, 1, 5, 5), scale_factor=(1, 0.5, 1.5), mode=mode).flatten())
for shape, modes in [((2, 3, 4), ("nearest", "nearest-exact", "linear", "area")),
                     ((2, 3, 4, 4), ("nearest", "nearest-exact", "bilinear", "bicubic", "area")),
                     ((1, 2, 2, 2, 2), ("nearest", "nearest-exact", "trilinear", "area"))]:
    for dtype in (torch.int64, torch.uint8, torch.int16, torch.bool, torch.int8):
        for mode in modes:
            if dtype is torch.uint8 and mode in ("bilinear", "bicubic"):
                continue  # torch's own integer weights: refused by minigrad (see the differences list)
            attempt(f"{shape} {dtype} {mode}",
                    lambda: F.interpolate(torch.ones(shape, dtype=dtype), scale_factor=2, mode=mode).shape)
for dtype in (torch.int64, torch.uint8, torch.bool):
    x = torch.ones(2, 3, 4, 4, dtype=dtype).contiguous(memory_format=torch.channels_last)
    attempt(f"channels last {dtype}", lambda: F.interpolate(x, scale_factor=2, mode="area"))
    attempt(f"channels last {dtype} nearest", lambda: F.interpolate(x, scale_factor=2, mode="nearest").shape)
    attempt(f"adaptive {dtype}", lambda: F.adaptive_avg_pool2d(x, 3))
    attempt(f"one channel {dtype}", lambda: F.adaptive_avg_pool2d(torch.ones(1, 1, 4, 4, dtype=dtype).contiguous(
        memory_format=torch.channels_last), 3))
"""])
