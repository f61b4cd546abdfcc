"""Parity cases for losses: the margin, embedding and likelihood losses of ``torch.nn.functional`` and their
layers (values, grad_fn names, next_functions, saved attributes, gradients, second order, errors). Values print
at torch's 4 decimals: the composites' pointwise and reduction ops can differ from torch's vectorised kernels in
the last bit."""

from parity.cases import LEAVES as _X
from parity.cases import attempts, case
from parity.cases import report_cases as _report_cases

_L = """
a = torch.tensor([0.3, -1.2, 2.0, 0.7], requires_grad=True)
b = torch.tensor([0.5, 0.4, -1.0, 0.7], requires_grad=True)
y = torch.tensor([1., -1., 1., -1.])
x1 = torch.tensor([[0.2, -1.0, 0.5, 1.5], [1.2, 0.3, -0.7, 0.1], [-0.4, 0.9, 0.6, -1.1]], requires_grad=True)
x2 = torch.tensor([[0.1, -0.5, 1.5, 0.5], [1.0, -0.3, -0.2, 0.8], [0.4, 0.2, -0.6, -1.3]], requires_grad=True)
x3 = torch.tensor([[-0.3, 0.5, 0.4, 1.0], [0.2, 0.6, -1.7, 0.3], [0.5, 1.1, 0.1, -0.2]], requires_grad=True)
t3 = torch.tensor([1., -1., 1.])
labels = torch.tensor([2, 0, 3])
multi = torch.tensor([[3, 0, -1, 1], [1, 2, 3, -1], [0, -1, 2, 2]])
w4 = torch.tensor([1., 2., 0.5, 3.])
l1 = lambda s, t: (s - t).abs().sum(1)  # noqa: E731
TMDL = nn.TripletMarginWithDistanceLoss
"""


def _errors(name, *snippets, **kwargs):
    attempts(name, [_X, _L], *snippets, **kwargs)


_report_cases("api_losses_", _L, """
    margin_ranking: F.margin_ranking_loss(a, b, y) ; a, b
    margin_ranking_margin_none: F.margin_ranking_loss(a, b, y, margin=0.5, reduction="none") ; a, b
    margin_ranking_layer_sum: nn.MarginRankingLoss(margin=0.2, reduction="sum")(a, b, y) ; a, b
    margin_ranking_float64: F.margin_ranking_loss(a.double(), b.double(), y.double()) ; a, b
    hinge_embedding: F.hinge_embedding_loss(a, y) ; a
    hinge_embedding_none: F.hinge_embedding_loss(x1, torch.tensor([1., -1., -1., 1.]), 0.5, reduction="none") ; x1
    hinge_embedding_layer: nn.HingeEmbeddingLoss(margin=2.0, reduction="sum")(x1, -torch.ones(3, 4)) ; x1
    soft_margin: F.soft_margin_loss(a, y) ; a
    soft_margin_none: F.soft_margin_loss(x1, torch.tensor([1., -1., 1., 1.]), reduction="none") ; x1
    soft_margin_layer: nn.SoftMarginLoss(reduction="sum")(x1.double(), torch.ones(3, 4)) ; x1
    cosine_embedding: F.cosine_embedding_loss(x1, x2, t3) ; x1, x2
    cosine_embedding_margin_none: F.cosine_embedding_loss(x1, x2, t3, margin=-0.5, reduction="none") ; x1, x2
    cosine_embedding_1d: F.cosine_embedding_loss(x1[0], x2[1], torch.tensor(-1.), margin=0.1) ; x1, x2
    cosine_embedding_layer: nn.CosineEmbeddingLoss(0.2, reduction="sum")(x1, x2, -t3) ; x1, x2
    triplet_margin: F.triplet_margin_loss(x1, x2, x3) ; x1, x2, x3
    triplet_margin_swap_p1: F.triplet_margin_loss(x1, x2, x3, margin=2., p=1, swap=True, reduction="none") ; x1, x2, x3
    triplet_margin_layer: nn.TripletMarginLoss(margin=0.5, eps=1e-3, reduction="sum")(x1, x3, x2) ; x1, x2, x3
    triplet_margin_float64: F.triplet_margin_loss(x1.double(), x2.double(), x3.double()) ; x1, x2, x3
    triplet_distance: F.triplet_margin_with_distance_loss(x1, x2, x3) ; x1, x2, x3
    triplet_distance_function: TMDL(distance_function=l1, margin=3., swap=True, reduction="none")(x1, x2, x3) ; x1, x3
    triplet_distance_layer: TMDL(distance_function=nn.PairwiseDistance(1.), reduction="sum")(x1, x2, x3) ; x1, x2, x3
    poisson_nll: F.poisson_nll_loss(a, b.detach().abs()) ; a
    poisson_nll_target_grad: F.poisson_nll_loss(a, b.abs(), reduction="sum") ; a, b
    poisson_nll_not_log_full: F.poisson_nll_loss(a.abs(), b.abs() * 3, False, True, reduction="none") ; a, b
    poisson_nll_layer: nn.PoissonNLLLoss(log_input=False, eps=1e-3)(x1.abs(), x2.detach().abs()) ; x1
    gaussian_nll: F.gaussian_nll_loss(x1, x2, x3.abs()) ; x1, x2, x3
    gaussian_nll_homoscedastic: F.gaussian_nll_loss(x1, x2, x3[:, 0].abs(), full=True, reduction="none") ; x1, x2, x3
    gaussian_nll_float_var: F.gaussian_nll_loss(x1, x2, 0.5, reduction="sum") ; x1, x2
    gaussian_nll_layer: nn.GaussianNLLLoss(full=True, eps=0.1)(x1, x2, x3[:, :1].abs()) ; x1, x2, x3
    multilabel_soft_margin: F.multilabel_soft_margin_loss(x1, (x2 > 0).float()) ; x1
    multilabel_soft_margin_weight: F.multilabel_soft_margin_loss(x1, (x2 > 0).float(), weight=w4, reduction="none") ; x1
    multilabel_soft_margin_layer: nn.MultiLabelSoftMarginLoss(reduction="sum")(x1, x2.detach().sigmoid()) ; x1
    multi_margin: F.multi_margin_loss(x1, labels) ; x1
    multi_margin_p2_weight: F.multi_margin_loss(x1, labels, p=2, margin=0.7, weight=w4, reduction="none") ; x1
    multi_margin_1d: F.multi_margin_loss(x1[1], torch.tensor(3), margin=2., reduction="sum") ; x1
    multi_margin_layer: nn.MultiMarginLoss(margin=1.5, reduction="sum")(x1.double(), labels) ; x1
    multilabel_margin: F.multilabel_margin_loss(x1, multi) ; x1
    multilabel_margin_none: F.multilabel_margin_loss(x1, multi, reduction="none") ; x1
    multilabel_margin_1d: F.multilabel_margin_loss(x1[2], torch.tensor([1, 3, -1, 0])) ; x1
    multilabel_margin_layer: nn.MultiLabelMarginLoss(reduction="sum")(x1.double(), multi) ; x1
""")

case("api_losses_saved_attributes", [_L, """
def saved(y):
    out = {}
    for k in dir(y.grad_fn):
        if k.startswith("_saved_"):
            value = getattr(y.grad_fn, k)
            out[k] = value.shape if isinstance(value, torch.Tensor) and value.ndim else value
    return y.grad_fn.name(), out
w = torch.tensor([1., 2., 0.5, 3.])
print(saved(F.soft_margin_loss(x1, torch.ones(3, 4), reduction="sum")))
print(saved(F.multi_margin_loss(x1, labels)))
print(saved(F.multi_margin_loss(x1, labels, p=2, margin=0.5, weight=w, reduction="none")))
y = F.multilabel_margin_loss(x1, multi)
print(saved(y), y.grad_fn._saved_is_target, y.grad_fn._saved_target)
print(saved(F.cosine_embedding_loss(x1, x2, t3)))
print(saved(F.triplet_margin_loss(x1, x2, x3, swap=True)))
show_graph(F.cosine_embedding_loss(x1, x2, t3))
show_graph(F.hinge_embedding_loss(a, y))
show_graph(F.poisson_nll_loss(a.abs(), b.abs() * 3, log_input=False, full=True))
show_graph(F.gaussian_nll_loss(x1, x2, x3.abs(), full=True))
show_graph(F.triplet_margin_loss(x1, x2, x3, swap=True))
"""])

case("api_losses_second_order", [_L, """
w = torch.tensor([1., 2., 0.5, 3.])
for reduction in ("none", "mean", "sum"):
    for t in (x1, x1.double()):
        loss = F.soft_margin_loss(t, torch.tensor([1., -1., 1., 1.]), reduction=reduction)
        g, = torch.autograd.grad((loss * 2).sum(), x1, create_graph=True)
        print(g, g.grad_fn.name(), nf(g), g.grad_fn._saved_reduction, g.grad_fn._saved_grad_output)
        print(torch.autograd.grad((g * g).sum(), x1, create_graph=True))
    for f in (lambda t: F.multi_margin_loss(t, labels, p=2, weight=w, reduction=reduction),
              lambda t: F.multilabel_margin_loss(t, multi, reduction=reduction)):
        g, = torch.autograd.grad(f(x1).sum(), x1, create_graph=True)
        print(g, g.grad_fn.name(), nf(g))
        try:
            torch.autograd.grad(g.sum(), x1)
        except RuntimeError as e:
            print("RuntimeError", e)
    for f in (lambda: F.margin_ranking_loss(x1, x2, x3, reduction=reduction),
              lambda: F.cosine_embedding_loss(x1, x2, t3, reduction=reduction),
              lambda: F.triplet_margin_loss(x1, x2, x3, reduction=reduction),
              lambda: F.gaussian_nll_loss(x1, x2, x3.abs(), reduction=reduction),
              lambda: F.multilabel_soft_margin_loss(x1, x2.sigmoid(), reduction=reduction),
              lambda: F.poisson_nll_loss(x1, x2.abs(), full=True, reduction=reduction)):
        gs = torch.autograd.grad(f().sum(), [x1, x2], create_graph=True)
        print([g.grad_fn.name() for g in gs], torch.autograd.grad(sum((g * g).sum() for g in gs), [x1, x2, x3],
                                                                   allow_unused=True))
"""])

case("api_losses_layers_and_legacy_reduction", [_L, """
w = torch.tensor([1., 2., 0.5, 3.])
layers = [nn.MarginRankingLoss(0.5), nn.HingeEmbeddingLoss(), nn.SoftMarginLoss(), nn.CosineEmbeddingLoss(),
          nn.TripletMarginLoss(p=1., swap=True), nn.TripletMarginWithDistanceLoss(), nn.PoissonNLLLoss(full=True),
          nn.GaussianNLLLoss(), nn.MultiLabelSoftMarginLoss(weight=w), nn.MultiMarginLoss(p=2, weight=w),
          nn.MultiLabelMarginLoss(), nn.PairwiseDistance(p=1., keepdim=True),
          nn.TripletMarginWithDistanceLoss(distance_function=nn.PairwiseDistance(3.), margin=2., swap=True)]
for layer in layers:
    print(layer, {k: v for k, v in vars(layer).items() if not k.startswith("_")}, list(layer.named_buffers()),
          list(layer.named_children()))
print(nn.PairwiseDistance(p=1., keepdim=True)(x1, x2), nn.PairwiseDistance()(x1, x2).grad_fn.name())
for legacy in (dict(size_average=False), dict(reduce=False), dict(size_average=True, reduce=True)):
    print(F.margin_ranking_loss(a, b, y, **legacy), F.hinge_embedding_loss(a, y, **legacy),
          F.soft_margin_loss(a, y, **legacy), F.cosine_embedding_loss(x1, x2, t3, **legacy),
          F.triplet_margin_loss(x1, x2, x3, **legacy), F.poisson_nll_loss(a, b.abs(), **legacy),
          F.multilabel_soft_margin_loss(x1, x2.sigmoid(), **legacy), F.multi_margin_loss(x1, labels, **legacy),
          F.multilabel_margin_loss(x1, multi, **legacy))
    print(nn.SoftMarginLoss(**legacy).reduction, nn.MultiMarginLoss(**legacy).reduction,
          nn.PoissonNLLLoss(**legacy).reduction)
with torch.no_grad():
    print(F.multi_margin_loss(x1, labels), F.soft_margin_loss(x1, torch.ones(3, 4)).requires_grad)
print(F.multi_margin_loss(torch.tensor([0.5]), torch.tensor([0]), reduction="none"),
      F.multilabel_margin_loss(torch.tensor(0.5), torch.tensor(0), reduction="none"),
      F.multi_margin_loss(x1[0], torch.tensor([1]), reduction="none"))
"""])

_errors(
    "api_losses_errors",
    "F.soft_margin_loss(x1, torch.ones(3))",
    "F.soft_margin_loss(x1, torch.ones(2, 3, 4))",
    "F.soft_margin_loss(x1, torch.ones(3, 4, dtype=torch.long))",
    "F.soft_margin_loss(torch.tensor([1, 2]), torch.tensor([1, -1]))",
    "F.soft_margin_loss(torch.tensor([1, 2]), torch.tensor([1., -1.]))",
    "F.soft_margin_loss(x1, torch.ones(3, 4, requires_grad=True))",
    "F.soft_margin_loss(x1, torch.ones(3, 4), reduction='avg')",
    "F.multi_margin_loss(x1, torch.tensor([0, 1, 4]))",
    "F.multi_margin_loss(x1, torch.tensor([0, 1, -1]))",
    "F.multi_margin_loss(x1, torch.tensor([0, 1]))",
    "F.multi_margin_loss(x1, torch.tensor([[0, 1, 2]]))",
    "F.multi_margin_loss(x1, torch.tensor([0., 1., 2.]))",
    "F.multi_margin_loss(x1, labels, weight=torch.ones(3))",
    "F.multi_margin_loss(x1, labels, weight=torch.ones(4).double())",
    "F.multi_margin_loss(x1, labels, weight=torch.ones(1, 4))",
    "F.multi_margin_loss(x1, labels, p=3)",
    "F.multi_margin_loss(x1[0], torch.tensor([1, 2]))",
    "F.multi_margin_loss(torch.zeros(2, 3, 4), torch.tensor([1, 2]))",
    "F.multi_margin_loss(torch.tensor([[1, 2]]), torch.tensor([0]))",
    "F.multilabel_margin_loss(x1, torch.tensor([0, 1, 2]))",
    "F.multilabel_margin_loss(x1, torch.tensor([[0, 1, 4, 0]] * 3))",
    "F.multilabel_margin_loss(x1, torch.tensor([[0, 1, -2, 0]] * 3))",
    "F.multilabel_margin_loss(x1, torch.tensor([[0, 1, 2, 0]] * 2))",
    "F.multilabel_margin_loss(x1, multi.float())",
    "F.multilabel_margin_loss(x1, multi.int())",
    "F.multilabel_margin_loss(torch.zeros(2, 3, 4), multi)",
    "F.multilabel_margin_loss(x1.long(), multi)",
    "F.margin_ranking_loss(x1, x2, y)",
    "F.margin_ranking_loss(a, b, y, reduction='avg')",
    "F.hinge_embedding_loss(x1, torch.ones(5))",
    "F.cosine_embedding_loss(x1, x2, torch.ones(3, 1))",
    "F.cosine_embedding_loss(x1, x2, torch.tensor(1.))",
    "F.cosine_embedding_loss(x1[0], x2[0], t3)",
    "F.cosine_embedding_loss(x1, x2[:2], t3)",
    "F.triplet_margin_loss(x1, x2, x3[0])",
    "F.triplet_margin_loss(x1, x2, x3, margin=0)",
    "F.triplet_margin_with_distance_loss(x1, x2, x3, margin=-1.)",
    "F.triplet_margin_with_distance_loss(x1, x2, x3, reduction='avg')",
    "F.triplet_margin_with_distance_loss(x1, x2[0], x3)",
    "F.poisson_nll_loss(a, b, reduction='avg')",
    "F.poisson_nll_loss(x1, x2[:2])",
    "F.gaussian_nll_loss(x1, x2, -1.0)",
    "F.gaussian_nll_loss(x1, x2, -x3.abs())",
    "F.gaussian_nll_loss(x1, x2, x3[0].abs())",
    "F.gaussian_nll_loss(x1, x2, x3.abs(), reduction='avg')",
    "F.multilabel_soft_margin_loss(x1, x2, reduction='avg')",
    "F.multilabel_soft_margin_loss(x1, x2[:, :3])",
    "nn.MultiMarginLoss(p=3)",
    "nn.MultiMarginLoss(weight=torch.ones(2, 2))",
    "nn.TripletMarginLoss(margin=0)",
    "nn.TripletMarginWithDistanceLoss(margin=-2.)",
    "nn.SoftMarginLoss(reduction='avg')(x1, x2)",
)

case("api_losses_torch_level_int_reduction", [_L, """
for reduction in ((), (1,), (2,), (0,), (5,)):
    print(torch.margin_ranking_loss(a, b, y, 0.2, *reduction), torch.hinge_embedding_loss(a, y, 0.5, *reduction))
    print(torch.cosine_embedding_loss(x1, x2, t3, 0.1, *reduction), torch.triplet_margin_loss(x1, x2, x3, 1.0, 1.0,
                                                                                            1e-6, True, *reduction))
print(torch.margin_ranking_loss(a, b, y), torch.triplet_margin_loss(x1, x2, x3))
for reduction in (0, 1, 2, 7):
    print(torch.poisson_nll_loss(a, b.abs(), True, False, 1e-8, reduction),
          torch.poisson_nll_loss(a.abs(), b.abs(), False, True, 1e-3, reduction))
try:
    torch.triplet_margin_loss(x1, x2, x3[0])
except RuntimeError as e:
    print("RuntimeError", e)
"""])

# ---------------------------------------------------------------------------------------------------------
# Layers: RMSNorm, Bilinear, PairwiseDistance.
# ---------------------------------------------------------------------------------------------------------
_N = """
torch.manual_seed(0)
x = torch.randn(2, 3, 4, requires_grad=True)
w = torch.randn(4, requires_grad=True)
w2 = torch.randn(3, 4, requires_grad=True)
"""
_report_cases("api_losses_rms_norm_", _N, """
    default_eps: F.rms_norm(x, (4,)) ; x
    weight: F.rms_norm(x, [4], w) ; x, w
    two_dims_eps: F.rms_norm(x, (3, 4), w2, eps=1e-3) ; x, w2
    float64: F.rms_norm(x.double(), (4,), w.double()) ; x, w
    torch_level: torch.rms_norm(x, [3, 4], None, 0.5) ; x
    layer: nn.RMSNorm(4)(x) ; x
    layer_no_affine: nn.RMSNorm([3, 4], eps=1e-5, elementwise_affine=False)(x) ; x
""")
case("api_losses_rms_norm_layers_and_errors", [_N, """
for m in (nn.RMSNorm(4), nn.RMSNorm([3, 4], eps=1e-5, elementwise_affine=False), nn.RMSNorm(torch.Size([4]))):
    print(m, m.eps, m.normalized_shape, m.elementwise_affine, list(m.named_parameters()), m.state_dict())
m = nn.RMSNorm(4)
print(m.weight._version)
y = m(x)
show_graph(y)
y.sum().backward()
print(x.grad, m.weight.grad)
print(F.rms_norm(torch.zeros(2, 3), (3,)), F.rms_norm(torch.zeros(2, 3).double(), (3,)))
print(F.rms_norm(torch.zeros(0, 4), [4]))
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: F.rms_norm(x, (5,)))
attempt(lambda: F.rms_norm(x, [3, 5]))
attempt(lambda: F.rms_norm(x, ()))
attempt(lambda: F.rms_norm(x, 4))
attempt(lambda: F.rms_norm(x, (4.5,)))
attempt(lambda: F.rms_norm(x, [2, 3, 4, 5, 6]))
attempt(lambda: F.rms_norm(x, (4,), torch.ones(3)))
attempt(lambda: F.rms_norm(x.long(), (5,)))
attempt(lambda: F.rms_norm(x.detach().long(), (4,)))
"""])
_B = """
torch.manual_seed(0)
x1 = torch.randn(5, 3, requires_grad=True)
x2 = torch.randn(5, 4, requires_grad=True)
w = torch.randn(2, 3, 4, requires_grad=True)
b = torch.randn(2, requires_grad=True)
"""
_report_cases("api_losses_bilinear_", _B, """
    bias: F.bilinear(x1, x2, w, b) ; x1, x2, w, b
    no_bias: F.bilinear(x1, x2, w) ; x1, x2, w
    one_row: F.bilinear(x1[0], x2[1], w, b) ; x1, x2, w, b
    batch_dims: torch.bilinear(x1.reshape(5, 1, 3).expand(5, 2, 3), x2[:, None].expand(5, 2, 4), w, b) ; x1, x2, w, b
    float64: F.bilinear(x1.double(), x2.double(), w.double(), b.double()) ; x1, x2, w, b
    layer: nn.Bilinear(3, 4, 2)(x1, x2) ; x1, x2
    pairwise_distance_layer: nn.PairwiseDistance()(x1, x1.flip(0)) ; x1
    pairwise_distance_p1_keepdim: nn.PairwiseDistance(p=1., eps=0., keepdim=True)(x2, x2.flip(0)) ; x2
""")
case("api_losses_bilinear_layers_second_order_and_errors", [_B, """
m = nn.Bilinear(3, 4, 2)
print(m, nn.Bilinear(3, 4, 2, bias=False), m.weight, m.bias, m.weight._version, m.in1_features, m.out_features)
print(nn.Bilinear(2, 3, 1, dtype=torch.float64).weight, nn.PairwiseDistance(p=3., keepdim=True),
      vars(nn.PairwiseDistance(p=3., keepdim=True))["norm"])
y = F.bilinear(x1, x2, w, b)
print({k: getattr(y.grad_fn.next_functions[0][0].next_functions[0][0], k) for k in ("_saved_expand1", "_saved_expand2",
      "_saved_expand3", "_saved_sumdim")})
y = F.bilinear(x1.detach(), x2, w.detach())
node = y.grad_fn.next_functions[0][0]
print(node.name(), node._saved_i1, node._saved_i2, node._saved_i3)
d = [t.double().detach().requires_grad_() for t in (x1, x2, w, b)]
gs = torch.autograd.grad((F.bilinear(*d) ** 2).sum(), d, create_graph=True)
print(gs, [nf(g) for g in gs])
print(torch.autograd.grad(sum((g * g).sum() for g in gs), d))
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: F.bilinear(x1, x2, w.double(), b))
attempt(lambda: F.bilinear(x1, x2, w, b.double()))
attempt(lambda: F.bilinear(x1, x2.double(), w))
attempt(lambda: F.bilinear(x1, x2[0], w))
attempt(lambda: F.bilinear(x1, x2[:4], w))
attempt(lambda: F.bilinear(x1[:, :2], x2, w))
attempt(lambda: F.bilinear(x1, torch.ones(5, 5), w))
attempt(lambda: F.bilinear(x1, x2, w, torch.ones(3)))
attempt(lambda: F.bilinear(x1, x2, w[0], b))
attempt(lambda: F.bilinear(torch.ones(()), torch.ones(()), w, b))
attempt(lambda: F.bilinear(torch.arange(6).view(2, 3), torch.arange(8).view(2, 4), torch.arange(24).view(2, 3, 4)))
attempt(lambda: F.bilinear(torch.ones(0, 3), torch.ones(0, 4), w, b))
attempt(lambda: nn.Bilinear(0, 2, 3))
"""])

# ---------------------------------------------------------------------------------------------------------
# pdist: float32 values bit for bit for p in 0, 1, 2, inf (torch's AVX2 lanes); another p computes its powers
# with numpy, not torch's SLEEF, so it is printed rounded.
# ---------------------------------------------------------------------------------------------------------
_P = """
torch.manual_seed(0)
x = torch.randn(5, 11, requires_grad=True)
"""
_report_cases("api_losses_pdist_", _P, """
    p2: torch.pdist(x) ; x
    p1: F.pdist(x, 1) ; x
    p0: F.pdist(x, 0) ; x
    inf: torch.pdist(x, float("inf")) ; x
    float64_p3: F.pdist(x.double(), 3) ; x
    float64_p_half: torch.pdist(x.double(), p=0.5) ; x
    wide: torch.pdist(torch.cat([x, x * 2, x.flip(1)], 1)) ; x
""")
case("api_losses_pdist_saved_second_order_and_errors", [_P, """
for p in (2., 1., 3., float("inf"), 0.5):
    y = torch.pdist(x, p)
    print(torch.round(y, decimals=3), y.grad_fn._saved_p, y.grad_fn._saved_self.shape, y.grad_fn._saved_result.shape)
    g, = torch.autograd.grad((y * torch.arange(1., 11.)).sum(), x, create_graph=True)
    print(torch.round(g, decimals=2), g.grad_fn.name(), nf(g))
    try:
        torch.autograd.grad(g.sum(), x)
    except NotImplementedError as e:
        print("NotImplementedError", e)
x2 = x.detach().clone()
x2[1] = x2[0]
x2.requires_grad_()
for p in (2, 1, 0.5, 3, float("inf"), 0):
    print(torch.round(torch.autograd.grad(F.pdist(x2, p).sum(), x2)[0], decimals=3))
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: torch.pdist(x[0]))
attempt(lambda: torch.pdist(x.long()))
attempt(lambda: torch.pdist(x, -1))
attempt(lambda: torch.pdist(x[:1]))
attempt(lambda: torch.pdist(x[:0]))
attempt(lambda: torch.pdist(x[:, :0]))
attempt(lambda: torch.pdist(x.t()[:3]))
attempt(lambda: torch.pdist(torch.zeros(2, 3, 4)))
attempt(lambda: torch.pdist(x, p="a"))
attempt(lambda: torch.autograd.grad(torch.pdist(x[:1]).sum(), x))
attempt(lambda: torch.autograd.grad(torch.pdist(x[:, :0]).sum(), x))
"""])

# ---------------------------------------------------------------------------------------------------------
# Random activations: gumbel_softmax (seeded noise, bit for bit in float64; float32 printed at 4 decimals, as
# minigrad's float32 log can differ from torch's in the last bit), rrelu and RReLU, F.selu_ and F.celu_.
# ---------------------------------------------------------------------------------------------------------
_R = """
torch.manual_seed(0)
x = torch.randn(3, 5, requires_grad=True)
"""
_report_cases("api_losses_random_", _R, """
    gumbel_softmax: F.gumbel_softmax(x) ; x
    gumbel_softmax_tau_dim0: F.gumbel_softmax(x.double(), tau=0.5, dim=0) ; x
    gumbel_softmax_hard: F.gumbel_softmax(x, tau=2, hard=True) ; x
    gumbel_softmax_hard_float64: F.gumbel_softmax(x.double(), hard=True, dim=0) ; x
    rrelu_eval: F.rrelu(x) ; x
    rrelu_training: F.rrelu(x, 0.1, 0.4, training=True) ; x
    rrelu_training_float64: torch.rrelu(x.double(), training=True) ; x
    rrelu_inplace: F.rrelu(x * 1, training=True, inplace=True) ; x
    rrelu_underscore_eval: F.rrelu_(x * 2, 0.2, 0.3) ; x
    rrelu_torch_inplace: torch.rrelu_(x * 1, 0.3, 0.3, True) ; x
    rrelu_layer: nn.RReLU()(x) ; x
    rrelu_layer_eval: nn.RReLU(0.2, 0.5).eval()(x) ; x
    selu_: F.selu_(x * 1) ; x
    celu_: F.celu_(x * 1, 0.5) ; x
""")
case("api_losses_random_rrelu_gumbel_details", [_R, """
import warnings
y = F.rrelu(x, training=True)
print(y.grad_fn._saved_noise, y.grad_fn._saved_lower, y.grad_fn._saved_upper, y.grad_fn._saved_training)
for training in (True, False):
    for inplace in (False, True):
        y = torch.rrelu_(x * 1, training=training) if inplace else torch.rrelu(x, training=training)
        print(y.grad_fn.name(), nf(y), y.grad_fn._saved_training)
        g, = torch.autograd.grad((y * torch.arange(15.).view(3, 5)).sum(), x, create_graph=True)
        print(g, g.grad_fn.name(), nf(g))
        print(torch.autograd.grad(g.sum(), x, allow_unused=True))
m = nn.RReLU(0.1, 0.3)
print(m, nn.RReLU(inplace=True), m.lower, m.upper, m.inplace, nn.RReLU(0.5, 0.2))
print(m(x), m.eval()(x), m.train()(torch.tensor([-1., float("nan"), -0.0, 0.0, 2.])))
print(torch.rrelu(x, generator=torch.Generator().manual_seed(3), training=True))
print(torch.rand(3))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(F.gumbel_softmax(x.double(), eps=1e-3), [str(i.message) for i in w])
print(F.gumbel_softmax(torch.randn(2, 3, 4, dtype=torch.float64), dim=1).sum(1))
print(F.gumbel_softmax(x.t(), hard=True, dim=0))
z = x * 1
print(F.selu_(z) is z, z._version, z.grad_fn.name(), F.celu_ is torch.celu_, F.selu_ is torch.selu_)
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: torch.rrelu(x, 0.5, 0.2))
attempt(lambda: F.rrelu(x, 0.5, 0.2, training=True))
attempt(lambda: torch.rrelu(torch.tensor([1, -2]), training=True))
attempt(lambda: torch.rrelu(torch.tensor([1, -2])))
attempt(lambda: torch.rrelu(x, "a"))
attempt(lambda: torch.rrelu_(x, training=True))
attempt(lambda: F.gumbel_softmax(torch.tensor([1, 2, 3])))
attempt(lambda: F.gumbel_softmax(x, dim=2))
"""])

# ---------------------------------------------------------------------------------------------------------
# local_response_norm: AvgPool2DBackward0 (3-D input) or AvgPool3DBackward0 (more dims) over the padded squares.
# Its second-order graph is not printed: minigrad's SqueezeBackward1 differentiates through a view where torch
# records UnsqueezeBackward0 (the values agree).
# ---------------------------------------------------------------------------------------------------------
_LRN = """
torch.manual_seed(0)
x = torch.randn(2, 5, 3, requires_grad=True)
x4 = torch.randn(2, 5, 3, 2, requires_grad=True)
"""
_report_cases("api_losses_lrn_", _LRN, """
    three_dims: F.local_response_norm(x, 3) ; x
    four_dims: F.local_response_norm(x4, 2, alpha=0.1, beta=0.5, k=2.) ; x4
    wide_window: F.local_response_norm(x4, 7, alpha=1.) ; x4
    layer_five_dims: nn.LocalResponseNorm(4)(x4.double().unsqueeze(-1).expand(2, 5, 3, 2, 2)) ; x4
""")
case("api_losses_lrn_layers_second_order_and_errors", [_LRN, """
print(nn.LocalResponseNorm(2), nn.LocalResponseNorm(3, 1e-3, 0.5, 2.), vars(nn.LocalResponseNorm(3))["k"])
y = F.local_response_norm(x4, 2)
show_graph(y)
for t, size in ((x, 3), (x4, 2), (x4.double(), 4)):
    g, = torch.autograd.grad(F.local_response_norm(t, size, alpha=0.5).sum(), x if t is x else x4, create_graph=True)
    print(g, g.grad_fn.name())
    print(torch.autograd.grad((g * g).sum(), x if t is x else x4))
print(F.local_response_norm(torch.zeros(0, 4, 3), 2))
def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: F.local_response_norm(torch.ones(3, 4), 2))
attempt(lambda: F.local_response_norm(torch.tensor([[[1, 2]]]), 2))
attempt(lambda: F.local_response_norm(x, 0))
attempt(lambda: F.local_response_norm(x4, 0))
attempt(lambda: F.local_response_norm(x4, -1))
"""])
