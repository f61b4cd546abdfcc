"""Parity cases from a sweep of torch's functions and Tensor methods over integer, bool and half inputs: what
torch computes, promotes or refuses (class and message) for each dtype."""

from parity.cases import ATTEMPT, attempts, case  # noqa: F401

_MASKS = """
b = torch.tensor([True, False, True])
i = torch.tensor([3, 0, 1])
f = torch.tensor([0.5, 2., -1.])
h = f.half()
bm = torch.tensor([[True, False], [False, True]])
"""

# bool tensors where torch has no bool kernel: its NotImplementedError, not a bool result; a 0-d tensor needs no
# kernel (kthvalue, cumsum_); searchsorted refuses only when the values and boundaries promote to bool
attempts(
    "api_dtype_sweep_bool_kernels",
    [_MASKS],
    "torch.addmm(bm, bm, bm)",
    "bm.addmm_(bm, bm)",
    "torch.addmm(bm.long(), bm.long(), bm.long())",
    "torch.addcmul(b, b, b)",
    "torch.addcmul(b, b, f)",
    "b.addcmul_(b, b)",
    "torch.trace(bm)",
    "torch.trace(bm.long())",
    "b.clone().cumsum_(0)",
    "b.clone().cumprod_(0)",
    "torch.tensor(True).cumsum_(0)",
    "torch.median(b)",
    "torch.median(b, 0)",
    "torch.nanmedian(b)",
    "b.nanmedian(0)",
    "torch.mvlgamma(b, 2)",
    "b.mvlgamma(0)",
    "torch.kthvalue(b, 1)",
    "torch.kthvalue(torch.tensor(True), 1)",
    "torch.searchsorted(b, b)",
    "torch.searchsorted(b, i)",
    "torch.searchsorted(i, b)",
    "torch.searchsorted(b, True)",
    "torch.searchsorted(b, 1)",
    "torch.bucketize(b, i)",
    "torch.bucketize(i, b)",
    "torch.cross(bm[0].repeat(2)[:3], f, dim=0)",
    "torch.cross(f, bm[0].repeat(2)[:3], dim=0)",
    "torch.histc(b)",
    "torch.histc(i)",
)

# indices of int8, uint8 or int16: torch's gather, scatter, index_select, index_add, ... take int32 and int64 only
# (a uint8 subscript is a mask, an int8 one an error); repeat_interleave's counts likewise, its result in their dtype
attempts(
    "api_dtype_sweep_index_dtypes",
    [_MASKS, "x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])"],
    *[f"{call.format(dt=dt)}" for dt in ("int8", "uint8", "int16", "int32") for call in (
        "torch.gather(x, 1, torch.tensor([[0, 2], [1, 0]], dtype=torch.{dt}))",
        "x.index_select(1, torch.tensor([2, 0], dtype=torch.{dt}))",
        "x.scatter(1, torch.tensor([[0], [1]], dtype=torch.{dt}), 9.)",
        "x.scatter_add(1, torch.tensor([[0], [1]], dtype=torch.{dt}), torch.ones(2, 1))",
        "x.index_add(1, torch.tensor([2, 0], dtype=torch.{dt}), torch.ones(2, 2))",
        "torch.take_along_dim(x, torch.tensor([[2], [0]], dtype=torch.{dt}), 1)",
        "torch.take_along_dim(x, torch.tensor([5, 0], dtype=torch.{dt}))",
        "x[torch.tensor([1, 0], dtype=torch.{dt})]",
        "torch.repeat_interleave(torch.tensor([1, 0, 2], dtype=torch.{dt}))",
        "f.repeat_interleave(torch.tensor([1, 0, 2], dtype=torch.{dt}))",
    )],
)

# mixed dtypes: torch's promotion (not numpy's) for dist and ldexp, its refusals of bool subtraction and of float16
# kernels it lacks (cdist's direct one, histogram's with counted bins), count_nonzero and nanmedian of integers
attempts(
    "api_dtype_sweep_promotion",
    [_MASKS],
    "torch.dist(i, f)",
    "torch.dist(f, i)",
    "torch.dist(h, i)",
    "torch.dist(i, h)",
    "torch.dist(h, b)",
    "torch.dist(b, f)",
    "torch.dist(b, b)",
    "torch.dist(i, i)",
    "torch.ldexp(h, i)",
    "torch.ldexp(i, h)",
    "torch.ldexp(f, i.int())",
    "torch.ldexp(f, b)",
    "torch.ldexp(i, b)",
    "torch.ldexp(b, b)",
    "torch.ldexp(torch.tensor([1.], dtype=torch.float64), torch.tensor([200]))",
    "torch.cdist(h.view(3, 1), h.view(3, 1))",
    "torch.cdist(h.view(3, 1), f.view(3, 1))",
    "torch.cdist(f.view(3, 1), h.view(3, 1))",
    "torch.cdist(torch.ones(30, 2).half(), torch.zeros(2, 2).half()).shape",
    "torch.histogram(h, 2)",
    "torch.histogram(h, torch.tensor([0., 1., 2.]).half())",
    "torch.histogram(i, 2)",
    "torch.histogram(i, torch.tensor([0, 1, 2]))",
    "torch.histogram(i, torch.tensor([0., 1., 2.]))",
    "torch.count_nonzero(torch.tensor(3), -1)",
    "torch.tensor(0).count_nonzero(0)",
    "torch.nanmedian(torch.tensor([[0, 1, 2, 3], [4, -1, -2, 3], [2, 1, 0, -3]]), -1)",
    "torch.nanmedian(torch.tensor([[0, 1, 2], [4, -1, -2]], dtype=torch.int8), 1, keepdim=True)",
)

# in-place forms whose promoted dtype the tensor cannot hold: torch's cast error comes before its missing kernel;
# mvlgamma_'s own message (its dtypes swapped); lerp compares the dtypes before it looks for an integer kernel
attempts(
    "api_dtype_sweep_inplace",
    [_MASKS],
    "i.clone().mvlgamma_(1)",
    "i.byte().mvlgamma_(2)",
    "i.clone().mvlgamma_(0)",
    "b.clone().mvlgamma_(1)",
    "f.clone().mvlgamma_(1)",
    "b.clone().hypot_(i)",
    "b.clone().igamma_(i)",
    "b.clone().igammac_(i)",
    "b.clone().nextafter_(i)",
    "i.clone().gcd_(f)",
    "i.clone().gcd_(h)",
    "i.clone().bitwise_and_(f)",
    "i.clone().bitwise_or_(h)",
    "i.clone().lcm_(f)",
    "torch.lerp(i, f, 0.5)",
    "torch.lerp(i, i.int(), 0.5)",
    "torch.lerp(i, i, 0.5)",
    "torch.lerp(i, f, f)",
    "torch.lerp(i, i, f)",
    "i.clone().lerp_(h, 0.5)",
    "torch.lerp(f, i, 0.5)",
)

# clamp of a bool tensor to bool bounds: torch's clamp kernels have no bool version (clamp_min and clamp_max with a
# tensor bound do); hsplit, vsplit and dsplit as methods also take their indices one by one.
attempts("api_dtype_sweep_bool_clamp_and_split_varargs", ["b = torch.tensor([True, False])"],
         "torch.clamp(b, True, True)", "torch.clamp(b, b, b)", "torch.clamp(b, min=True)", "torch.clamp(b, max=False)",
         "torch.clamp(b, min=b)", "torch.clamp(b, max=b)", "b.clamp(0, 1)", "b.clip(min=0)",
         "torch.clamp(b, torch.tensor(True), None)", "torch.clamp(torch.tensor([1, 5]), True, 3)",
         "torch.clamp_min(b, True)", "torch.clamp_max(b, b)", "b.clamp_min_(True)", "b.clamp_max_(False)",
         "torch.tensor([1., 2.]).hsplit(1, 0)", "torch.arange(6).view(2, 3).hsplit(1, 2)",
         "torch.arange(6).view(3, 2).vsplit(1, 2)", "torch.arange(8).view(2, 2, 2).dsplit(1, 1)",
         "torch.arange(6).view(2, 3).hsplit([1, 2])", "torch.arange(6).view(2, 3).hsplit(3)",
         "torch.hsplit(torch.arange(6).view(2, 3), 1, 2)", "torch.arange(6).view(2, 3).hsplit(indices=[1])")

# torch's parser reads a 0-d integer tensor as an int (polygamma's n) and a 0-d tensor that needs no grad as a float
# (logit's eps; a bool one is 1.0, which clamps below 1 - eps first, as torch's kernel does for eps > 0.5).
attempts("api_dtype_sweep_zero_dim_tensors_as_numbers", ["x = torch.tensor([0.2, 0.7])"],
         "torch.polygamma(torch.tensor(1), x)", "torch.polygamma(torch.tensor(1.), x)",
         "torch.polygamma(torch.tensor([1]), x)", "torch.polygamma(torch.tensor(True), x)",
         "x.polygamma(torch.tensor(1))", "x.clone().polygamma_(torch.tensor(1))",
         "torch.special.polygamma(torch.tensor(2), x)", "torch.polygamma(torch.tensor(-1), x)",
         "torch.polygamma(torch.tensor(1, dtype=torch.int32), x)", "torch.logit(x, torch.tensor(0.1))",
         "torch.logit(x, torch.tensor(3))", "torch.logit(x, torch.tensor([0.1]))",
         "torch.logit(x, torch.tensor(0.1, requires_grad=True))", "x.logit(torch.tensor(0.1))",
         "x.clone().logit_(torch.tensor(0.1))", "torch.special.logit(x, torch.tensor(0.1))",
         "torch.logit(x, eps=torch.tensor(True))", "torch.logit(x, 0.8)", "torch.mvlgamma(x + 2, torch.tensor(2))")
