"""Catalogue cases for the ops of the beginner material (``docs/beginner_api.md``): softmax and the losses,
statistics, norms, layers. ``op_catalogue.CATALOGUE`` includes them, so the gradient checks (central
differences) and the formula checks run over them like over every other op. Import ``op_catalogue``, which
imports this module (importing this one first would be a circular import)."""

import types
import warnings

from hypothesis import strategies as st
from op_catalogue import (
    DISTINCT,
    NO_KINK_AT_0,
    NONZERO,
    POSITIVE,
    REAL,
    TIES,
    Case,
    Domain,
    _inplace,
    a_dim,
    binary,
    dim_and_keepdim,
    dims_and_keepdim,
    fixed,
    mask_of,
    one_shape,
    unary,
)

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.ops.activations import (
    EluBackward,
    GluBackward,
    HardshrinkBackward,
    HardswishBackward,
    HardtanhBackward,
    LeakyReluBackward,
    LogSigmoidBackward,
    SoftshrinkBackward,
    ThresholdBackward,
)
from minigrad.ops.adaptive_pooling import AdaptiveAvgPool2DBackward
from minigrad.ops.conv import ConvolutionBackward
from minigrad.ops.cumulative import ScatterAdd
from minigrad.ops.derivative import compile_formula
from minigrad.ops.determinant import BatchDiagEmbed, LinalgSolveEx
from minigrad.ops.diagonals import DiagonalBackward
from minigrad.ops.elementwise import GeluBackward, Sigmoid, SoftplusBackward, Tanh
from minigrad.ops.indexing import MaskedScatter
from minigrad.ops.pooling import AvgPool2DBackward, MaxPool2DWithIndicesBackward
from minigrad.ops.prelu import PreluKernelBackward
from minigrad.ops.selection_more import Put, UnfoldBackward
from minigrad.ops.shape import UnsafeSplit
from minigrad.ops.softmax import LogSoftmax, Softmax


def _same_padding(x, w, b):
    """``F.conv2d(..., padding="same")`` without torch's warning for an even kernel (checked by the parity cases)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return F.conv2d(x, w, b, padding="same")


_ODD = Domain(-1.975, 1.975, grid=0.05)  # never equal to a DISTINCT value
_QUARTER = Domain(-1.9875, 1.9625, grid=0.05)  # never equal to a DISTINCT or an _ODD value
WIDE = [st.tuples(one_shape(1, 3, min_side=2))]  # every dim of size 2 or more: a variance has N - 1 > 0
DISTINCT_POSITIVE = Domain(0.1, 2.0, grid=0.05, distinct=True)  # no ties in |x| (for the inf-norm)
_NO_HSIG = "derivative for aten::hardsigmoid_backward is not implemented"  # torch's, for a second derivative
AWAY_FROM_HALVES = Domain(-2.0, 2.0, avoid=(-1.5, -0.5, 0.5, 1.5))  # round jumps at the halves



_APART = (Domain(-2.0, -0.5), Domain(0.5, 2.0))  # every difference of the two away from 0: distances are smooth
_NO_TRIGAMMA_SWITCH = Domain(0.2, 3.0, avoid=(0.5,))  # special functions: see their cases


def _eye_plus(a, k):
    """``a + k * I``: for k = 5, diagonally dominant (so well inside the invertible matrices) for entries in [-2, 2]."""
    return a + k * torch.eye(a.shape[-1], dtype=a.dtype)


def _positive_definite(a):
    """``a @ a.mT + 3 * I``: a positive-definite matrix (determinant above 27 for 3x3), for log-determinants."""
    return _eye_plus(a @ a.mT, 3)


def _slogdet(a):
    sign, logabsdet = torch.linalg.slogdet(_positive_definite(a))
    return sign * logabsdet


def _dims(shapes):
    """A dim, a tuple of dims, or None (all), with keepdim: for var and std."""
    n = len(shapes[0])
    dims = st.one_of(st.none(), st.integers(-n, n - 1), st.lists(st.integers(0, n - 1), min_size=1, unique=True))
    return st.tuples(dims.map(lambda d: tuple(d) if isinstance(d, list) else d), st.booleans())


def _flip_dims(shapes):
    n = len(shapes[0])
    return st.tuples(st.lists(st.integers(-n, n - 1), min_size=1, max_size=n, unique_by=lambda d: d % n).map(tuple))


def _narrow(shapes):
    """dim, start and length of a narrow that fits the first input."""
    n = len(shapes[0])
    return st.integers(0, n - 1).flatmap(
        lambda d: st.integers(0, shapes[0][d] - 1).flatmap(
            lambda s: st.tuples(st.just(d), st.just(s), st.integers(0, shapes[0][d] - s))
        )
    )


def _topk(shapes):
    n = max(len(shapes[0]), 1)
    return st.integers(-n, n - 1).flatmap(
        lambda d: st.tuples(st.just(d), st.integers(0, shapes[0][d] if shapes[0] else 1), st.booleans())
    )


def _scatter(x, index):
    return x.scatter(1, torch.tensor(index), 2.5)


def _selection_inplace(x, method, *args):
    """x * 1 changed in place by ``method(*args)`` (index_fill_, index_copy_, index_put_), then used again."""
    y = x * 1
    getattr(y, method)(*args)
    return y * 1.5


TARGETS = [2, 0, 1, 1]
PROBABILITIES = [[0.2, 0.3, 0.5], [1.0, 0.0, 0.0], [0.25, 0.25, 0.5], [0.0, 0.5, 0.5]]
CLASS_WEIGHTS = [1.0, 2.0, 0.5]
UNIT = Domain(0.05, 0.95)  # probabilities, away from 0 and 1 where binary cross-entropy's log is clamped


def _loss(name, **options):
    def fn(z):
        kwargs = dict(options)
        target = torch.tensor(PROBABILITIES if kwargs.pop("probabilities", False) else TARGETS)
        if target.dtype.is_floating_point:
            target = target.to(z.dtype)
        if kwargs.get("weight") is True:
            kwargs["weight"] = torch.tensor(CLASS_WEIGHTS, dtype=z.dtype)
        return getattr(F, name)(z, target, **kwargs)

    return fn


def _nll_loss_4d(z):
    """nll_loss of (N, C, H, W) log-probabilities, weighted and summed, plus unweighted and unreduced."""
    weight = torch.tensor([1.0, 2.0, 0.5], dtype=z.dtype)
    summed = F.nll_loss(z, torch.tensor([[[0, 2], [1, 1]]]), weight, reduction="sum")
    return summed + F.nll_loss(z, torch.tensor([[[1, 0], [2, 2]]]), reduction="none").sum()


def _bce(with_logits, **options):
    def fn(x, t):
        kwargs = dict(options)
        for key in ("weight", "pos_weight"):
            if kwargs.get(key) is True:
                kwargs[key] = torch.tensor([1.5, 0.5], dtype=x.dtype)
        f = F.binary_cross_entropy_with_logits if with_logits else F.binary_cross_entropy
        return f(x, t, **kwargs)

    return fn


def _embedding(weight, padding_idx=None):
    return F.embedding(torch.tensor([[1, 3, 1], [0, 1, 2]]), weight, padding_idx=padding_idx)


def _batch_norm(training):
    def fn(x, w, b):
        mean, var = torch.tensor([0.5, -1.0, 0.25], dtype=x.dtype), torch.tensor([2.0, 0.5, 1.0], dtype=x.dtype)
        return F.batch_norm(x, mean, var, w, b, training=training)

    return fn


SCATTER_INDEX = [[0, 0, 2], [0, 1, 1]]  # for cummaxmin_scatter_add
ZEROS_MASK = [[1.0, 0.0, 1.0, 0.0, 1.0], [0.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0]]  # for cumprod_zeros


def _with_zeros(a):
    """``a`` with exact zeros at fixed places: a row with two, a row starting with one, a column with none."""
    return a * torch.tensor(ZEROS_MASK, dtype=a.dtype)


def _backward_op(fn, op, a, g, dim=None):
    """``op``'s backward op (TanhBackward, ...) applied to the gradient ``g`` and ``fn(a)`` (the output ``op``
    saves)."""
    formula = compile_formula(tuple(op.formula.items()), op.saved_names, tuple(op.formula), op.fused)
    values = types.SimpleNamespace(dim=None if dim is None else dim % max(a.ndim, 1), saved_dim=dim)
    return op.backward_op.apply(g, fn(a), formula=formula, values=values)


def _normal_draws(m, s):
    """``torch.normal`` of each overload (NormalBackward1/2/3), minus the same draw detached: zero in value and in
    torch's (zero) gradient, which is what the draws' nodes pass back."""
    out = m * s
    for mean, std in ((m, s.abs() + 0.5), (m, 2.0), (1.0, s.abs() + 0.5)):
        drawn = [torch.normal(mean, std, generator=torch.Generator().manual_seed(0)) for _ in range(2)]
        out = out + drawn[0] - drawn[1].detach()
    return out


API_CATALOGUE = [
    # softmax and friends
    Case("softmax", lambda a, d: torch.softmax(a, d), unary(), args_for=a_dim, second_order=True),
    Case("softmax_method", lambda a: a.softmax(-1) * a, fixed(((2, 3),)), second_order=True),
    Case("log_softmax", lambda a, d: a.log_softmax(d), unary(), args_for=a_dim, second_order=True),
    Case("logsumexp", lambda a, d, k: a.logsumexp(d, keepdim=k), unary(min_dims=1), args_for=dims_and_keepdim,
         second_order=True),
    Case("logsumexp_dim", lambda a, d, k: torch.logsumexp(a, d, k), unary(), args_for=dim_and_keepdim),
    # statistics and norms
    Case("var", lambda a, d, k: a.var(d, keepdim=k), WIDE, (DISTINCT,), _dims, second_order=True),
    Case("var_unbiased_false", lambda a: torch.var(a, 0, unbiased=False), fixed(((3, 2),), ((1,),))),
    Case("var_correction", lambda a: a.var(dim=1, correction=2), fixed(((2, 3),))),
    Case("std", lambda a, d, k: a.std(d, keepdim=k), WIDE, (DISTINCT,), _dims, second_order=True),
    Case("std_all", lambda a: torch.std(a), fixed(((4,),), ((2, 3),)), (DISTINCT,)),
    Case("norm", lambda a: torch.norm(a), unary(min_dims=1), (NO_KINK_AT_0,), second_order=True),
    Case("norm_dim", lambda a, d, k: a.norm(dim=d, keepdim=k), unary(min_dims=1), (NO_KINK_AT_0,), dim_and_keepdim),
    Case("norm_p1", lambda a: a.norm(1), unary(min_dims=1), (NO_KINK_AT_0,)),
    Case("norm_p3", lambda a: a.norm(3, dim=-1), fixed(((2, 3),)), (NO_KINK_AT_0,), second_order=True),
    Case("norm_inf", lambda a: a.norm(float("inf")), fixed(((4,),), ((2, 3),)), (DISTINCT_POSITIVE,)),
    # running sums, top-k, reordering
    Case("cumsum", lambda a, d: a.cumsum(d), unary(), args_for=a_dim, second_order=True),
    Case("topk", lambda a, d, k, big: a.topk(k, d, big).values, unary(), (DISTINCT,), _topk, second_order=True),
    Case("var_mean", lambda a, d, k: sum(t.sum() * (i + 1) for i, t in enumerate(torch.var_mean(a, d, keepdim=k))),
         WIDE, (DISTINCT,), _dims, second_order=True),
    Case("std_mean", lambda a, d, k: sum(t.sum() * (i + 1) for i, t in enumerate(torch.std_mean(a, d, keepdim=k))),
         WIDE, (DISTINCT,), _dims, second_order=True),
    Case("std_mean_one", lambda a: torch.std_mean(a, 1)[1], fixed(((2, 3),)), (DISTINCT,)),
    Case("median", lambda a: a.median(), unary(), (DISTINCT,), second_order=True),
    Case("median_ties", lambda a: torch.median(a), unary(), (TIES,), formula_only=True),
    Case("median_dim", lambda a, d, k: a.median(d, keepdim=k).values, unary(), (DISTINCT,), dim_and_keepdim,
         second_order=True),
    Case("sort", lambda a, d, big: a.sort(d, descending=big).values, unary(), (DISTINCT,),
         lambda s: st.tuples(a_dim(s), st.booleans()).map(lambda t: (t[0][0], t[1])), second_order=True),
    Case("sort_stable", lambda a, d, big: a.sort(dim=d, descending=big, stable=True).values, unary(), (DISTINCT,),
         lambda s: st.tuples(a_dim(s), st.booleans()).map(lambda t: (t[0][0], t[1])), second_order=True),
    Case("flip", lambda a, d: a.flip(d), unary(min_dims=1), args_for=_flip_dims),
    Case("narrow", lambda a, d, s, n: a.narrow(d, s, n), unary(min_dims=1), args_for=_narrow),
    Case("roll", lambda a, d, k: a.roll(k, d), unary(min_dims=1),
         args_for=lambda s: st.tuples(st.integers(-len(s[0]), len(s[0]) - 1), st.integers(-4, 4))),
    Case("roll_flat", lambda a: torch.roll(a, 2), fixed(((2, 3),), ((5,),))),
    Case("roll_dims", lambda a: a.roll((1, -2), (0, -1)), fixed(((2, 3),), ((3, 2, 4),))),
    Case("movedim", lambda a: torch.movedim(a, (0, -1), (-1, 1)), fixed(((2, 3, 4),), ((3, 2, 1, 2),))),
    Case("rot90", lambda a, k: a.rot90(k), unary(min_dims=2), args_for=lambda s: st.tuples(st.integers(-5, 5))),
    Case("rot90_dims", lambda a: torch.rot90(a, 3, (-1, 0)), fixed(((2, 3, 4),), ((3, 2),))),
    Case("pad", lambda a: F.pad(a, (1, -1, 2, 0), value=0.5), fixed(((2, 3),), ((2, 2, 4),))),
    Case("pad_last", lambda a: F.pad(a, (2, 1)), unary(min_dims=1), second_order=True),
    # diagonals
    Case("diagonal", lambda a, k: a.diagonal(k), unary(min_dims=2), args_for=lambda s: st.tuples(st.integers(-3, 3))),
    Case("diagonal_dims", lambda a: torch.diagonal(a, -1, dim1=-1, dim2=0), fixed(((2, 3, 4),), ((3, 3),))),
    Case("diag_matrix", lambda a, k: torch.diag(a, k), unary(min_dims=2, max_dims=2),
         args_for=lambda s: st.tuples(st.integers(-2, 2))),
    Case("diag_vector", lambda a, k: a.diag(k), unary(min_dims=1, max_dims=1),
         args_for=lambda s: st.tuples(st.integers(-2, 2))),
    Case("trace", torch.trace, unary(min_dims=2, max_dims=2)),
    Case("diagonal_backward", lambda g: DiagonalBackward.apply(g, sizes=(3, 2, 4), offset=1, dim1=2, dim2=0),
         fixed(((2, 2),))),
    # elementwise
    Case("log10", torch.log10, unary(), (POSITIVE,), second_order=True),
    Case("round", lambda a: torch.round(a) * a, unary(), (AWAY_FROM_HALVES,)),
    Case("round_decimals", lambda a: torch.round(a, decimals=1) + a, fixed(((3,),)), (Domain(0.01, 0.04),)),
    Case("floor", lambda a: torch.floor(a) * a, unary(), (Domain(-1.9, 1.9, avoid=(-1.0, 0.0, 1.0)),)),
    Case("ceil", lambda a: torch.ceil(a) * a, unary(), (Domain(-1.9, 1.9, avoid=(-1.0, 0.0, 1.0)),)),
    Case("trunc", lambda a: torch.trunc(a) * a, unary(), (Domain(-1.9, 1.9, avoid=(-1.0, 0.0, 1.0)),)),
    Case("frac", lambda a: torch.frac(a) * a, unary(), (Domain(-1.9, 1.9, avoid=(-1.0, 0.0, 1.0)),)),
    Case("tan", torch.tan, unary(), (Domain(-1.2, 1.2),), second_order=True),
    Case("logit", torch.logit, unary(), (Domain(0.05, 0.95),), second_order=True),
    Case("logit_eps", lambda a: a.logit(eps=0.2), unary(), (Domain(0.05, 0.95, avoid=(0.2, 0.8)),)),
    Case("asinh", torch.asinh, unary(), second_order=True),
    Case("acosh", torch.acosh, unary(), (Domain(1.2, 3.0),), second_order=True),
    Case("atanh", torch.atanh, unary(), (Domain(-0.8, 0.8),), second_order=True),
    Case("atan2", torch.atan2, binary(), (NONZERO, REAL), second_order=True),  # the jump is where self crosses 0
    Case("hypot", torch.hypot, binary(), (NONZERO, REAL), second_order=True),
    Case("logaddexp", torch.logaddexp, binary(), second_order=True),
    Case("xlogy", torch.xlogy, binary(), (REAL, POSITIVE), second_order=True),
    Case("xlogy_number_self", lambda b: torch.xlogy(2.5, b), unary(), (POSITIVE,), second_order=True),
    Case("xlogy_number_other", lambda a: torch.xlogy(a, 1.5) + torch.xlogy(a, 0.5), unary(), second_order=True),
    Case("softsign_softmin_tanhshrink", lambda a: F.softsign(a) + F.softmin(a, -1) + F.tanhshrink(a), unary(min_dims=1),
         (NO_KINK_AT_0,)),
    Case("kl_div", lambda a, b: F.kl_div(a, b, reduction="batchmean") + F.kl_div(a, b.log(), None, None, "sum", True),
         fixed(((2, 3), (2, 3))), (REAL, POSITIVE), second_order=True),
    Case("lerp", lambda a, b: torch.lerp(a, b, 0.3) + torch.lerp(a, b, 0.7), binary()),
    Case("lerp_tensor", torch.lerp, fixed(((2, 3), (3,), (2, 1)), ((3,), (3,), (3,)), ((), (2,), ())),
         (REAL, REAL, Domain(-1.0, 1.5)), second_order=True),
    Case("remainder_number", lambda a: a % 1.5, unary(), (Domain(0.1, 1.4),)),
    Case("remainder_tensor", lambda a, b: torch.remainder(a, b), fixed(((2, 3), (3,))), (Domain(0.1, 0.9),
         Domain(1.0, 2.0))),
    Case("masked_fill", lambda a, m: a.masked_fill(torch.tensor(m), 0.5), unary(min_dims=1), args_for=mask_of),
    Case("masked_fill_tensor_value", lambda a, v: a.masked_fill(torch.tensor([True, False, True]), v) * a,
         fixed(((2, 3), ()), ((3,), ())), second_order=True),
    Case("masked_select", lambda a, m: a.masked_select(torch.tensor(m)), unary(min_dims=1), args_for=mask_of,
         second_order=True),
    Case("masked_select_broadcast", lambda a: torch.masked_select(a, torch.tensor([[True], [False], [True]])),
         fixed(((3, 2),), ((2, 3, 2),))),
    Case("masked_scatter", lambda a, s: MaskedScatter.apply(a, s, mask=torch.tensor([True, False, True])),
         fixed(((2, 3), (5,)), ((3,), (2, 2)))),
    Case("normalize", lambda a, d: F.normalize(a, dim=d), unary(min_dims=1), (NONZERO,), a_dim, second_order=True),
    Case("scatter_value", _scatter, fixed(((2, 3),)), args_for=lambda s: st.just(([[2], [0]],))),
    Case("nan_to_num", lambda a: torch.nan_to_num(a, posinf=1.0) * a, unary(), second_order=True),
    Case("tril", lambda a, d: a.tril(d), unary(min_dims=2), args_for=lambda s: st.tuples(st.integers(-3, 3))),
    Case("triu", lambda a, d: torch.triu(a, diagonal=d), unary(min_dims=2),
         args_for=lambda s: st.tuples(st.integers(-3, 3))),
    # in-place variants inside a graph
    Case("exp_", _inplace("exp_"), unary(), second_order=True),
    Case("nan_to_num_", _inplace("nan_to_num_"), unary()),
    Case("tril_triu_", lambda a: _inplace("tril_", 1)(a) + _inplace("triu_")(a), fixed(((3, 3),), ((2, 3, 4),))),
    Case("log_", _inplace("log_"), unary(), (POSITIVE,)),
    Case("sigmoid_", _inplace("sigmoid_"), unary()),
    Case("tanh_", _inplace("tanh_"), unary()),
    Case("relu_", _inplace("relu_"), unary(), (NO_KINK_AT_0,)),
    Case("sqrt_", _inplace("sqrt_"), unary(), (POSITIVE,)),
    Case("neg_abs_", lambda a: _inplace("abs_")(-a), unary(), (NO_KINK_AT_0,)),
    Case("masked_fill_", _inplace("masked_fill_", torch.tensor([True, False]), 0.0), fixed(((3, 2),))),
    Case("log10_round_", lambda a: _inplace("log10_")(a) + _inplace("round_")(a), unary(), (Domain(0.6, 1.4),)),
    Case("scatter_", _inplace("scatter_", 0, torch.tensor([[1, 0]]), value=3.0), fixed(((2, 2),))),
    # losses
    Case("cross_entropy", _loss("cross_entropy"), fixed(((4, 3),)), second_order=True),
    Case("cross_entropy_sum_weight", _loss("cross_entropy", reduction="sum", weight=True), fixed(((4, 3),))),
    Case("cross_entropy_none_ignore", _loss("cross_entropy", reduction="none", ignore_index=1), fixed(((4, 3),))),
    Case("cross_entropy_smoothing", _loss("cross_entropy", label_smoothing=0.2), fixed(((4, 3),)),
         second_order=True),
    Case("cross_entropy_smoothing_weight", _loss("cross_entropy", label_smoothing=0.1, weight=True, ignore_index=0),
         fixed(((4, 3),))),
    Case("cross_entropy_smoothing_none", _loss("cross_entropy", label_smoothing=0.3, reduction="none"),
         fixed(((4, 3),))),
    Case("cross_entropy_probabilities", _loss("cross_entropy", probabilities=True), fixed(((4, 3),)),
         second_order=True),
    Case("cross_entropy_probabilities_weight_none", _loss("cross_entropy", probabilities=True, weight=True,
         reduction="none"), fixed(((4, 3),))),
    Case("cross_entropy_1d", lambda z: F.cross_entropy(z, torch.tensor(1)), fixed(((3,),))),
    Case("cross_entropy_3d", lambda z: F.cross_entropy(z, torch.tensor([[0, 2, 1], [1, 1, -100]])), fixed(((2, 3, 3),)),
         second_order=True),
    Case("nll_loss_4d", lambda z: _nll_loss_4d(z), fixed(((1, 3, 2, 2),))),
    Case("nll_loss", _loss("nll_loss", weight=True), fixed(((4, 3),))),
    Case("nll_loss_none", _loss("nll_loss", reduction="none"), fixed(((4, 3),))),
    Case("binary_cross_entropy", _bce(False), fixed(((4, 2), (4, 2)), ((2,), (2,))), (UNIT,), second_order=True),
    Case("binary_cross_entropy_weight_sum", _bce(False, weight=True, reduction="sum"), fixed(((3, 2), (3, 2))),
         (UNIT,)),
    Case("bce_with_logits", _bce(True), fixed(((4, 2), (4, 2))), (REAL, UNIT), second_order=True),
    Case("bce_with_logits_pos_weight", _bce(True, pos_weight=True, weight=True, reduction="none"),
         fixed(((3, 2), (3, 2))), (REAL, UNIT)),
    # products, reductions, repeats and indexing (probe)
    Case("prod", lambda a: a.prod(), unary(), (NO_KINK_AT_0,), second_order=True),  # zeros: prod_zeros
    Case("prod_dim", lambda a, d, k: torch.prod(a, d, keepdim=k), unary(), (NO_KINK_AT_0,), dim_and_keepdim,
         second_order=True),
    Case("prod_zeros", lambda a: (a * torch.tensor([1.0, 0.0, 1.0], dtype=a.dtype)).prod(1) + a.prod(),
         fixed(((2, 3),)), (NO_KINK_AT_0,)),
    Case("amax", lambda a, d, k: a.amax(d, keepdim=k), unary(min_dims=1), (DISTINCT,), dims_and_keepdim),
    Case("amin_all", lambda a: torch.amin(a), unary(), (DISTINCT,)),
    Case("amax_ties", lambda a: a.amax(0), unary(min_dims=1), (TIES,), formula_only=True),
    Case("repeat", lambda a: a.repeat(2, 1, 3), fixed(((2, 3),), ((3,),), ((),)), second_order=True),
    Case("tile", lambda a: torch.tile(a, (2, 1, 2)) + 0, fixed(((2, 3),), ((3,),), ((),)), second_order=True),
    Case("repeat_interleave", lambda a: a.repeat_interleave(2, dim=-1).sum(0) + a.repeat_interleave(3).sum(),
         fixed(((2, 3),), ((3,),)), second_order=True),
    Case("repeat_interleave_counts", lambda a: torch.repeat_interleave(a, torch.tensor([2, 0, 1]), dim=-1),
         fixed(((2, 3),), ((3,),)), second_order=True),
    Case("unflatten", lambda a: a.unflatten(-1, (2, -1)) * 1.5, fixed(((2, 4),), ((6,),)), second_order=True),
    Case("sgn", lambda a: torch.sgn(a) * a, unary(), (NO_KINK_AT_0,)),
    Case("gather", lambda a: a.gather(1, torch.tensor([[0, 0], [2, 1]])), fixed(((2, 3),)), second_order=True),
    Case("index_select", lambda a: torch.index_select(a, -1, torch.tensor([2, 0, 2])), fixed(((2, 3),)),
         second_order=True),
    Case("select", lambda a: a.select(1, -1), fixed(((2, 3),))),
    Case("index_add_", lambda x, s: _inplace("index_add_", alpha=2.0)(x, 0, torch.tensor([1, 1]), s),
         fixed(((3, 2), (2, 2))), second_order=True),
    Case("bmm", lambda a, b: torch.bmm(a, b), fixed(((2, 2, 3), (2, 3, 4))), second_order=True),
    Case("addmm", lambda m, a, b: m.addmm(a, b, beta=0.5, alpha=2), fixed(((2,), (2, 3), (3, 2))), second_order=True),
    # tensor bounds: three grids a quarter step apart, so that no value ties with a bound or a bound with the other
    Case("clamp_tensor", lambda a, lo, hi: torch.clamp(a, lo, hi), fixed(((2, 3), (3,), (2, 1)), ((4,), (4,), (4,))),
         (DISTINCT, _ODD, _QUARTER)),
    Case("clamp_tensor_min", lambda a, lo: torch.clamp(a, min=lo), binary()[:2], (DISTINCT, _ODD)),
    Case("clamp_tensor_max", lambda a, hi: a.clamp(max=hi), binary()[:2], (DISTINCT, _ODD)),
    Case("clamp_min_tensor", lambda a, lo: a.clamp_min(lo), binary()[:2], (DISTINCT, _ODD)),
    Case("clamp_max_tensor", lambda a, hi: torch.clamp_max(a, hi), binary()[:2], (DISTINCT, _ODD)),
    Case("clamp_min_max", lambda a: a.clamp_min(-0.5) * torch.clamp_max(a, 0.5), unary(),
         (Domain(avoid=(-0.5, 0.5)),)),
    # activations and losses (probe)
    Case("leaky_relu", lambda a: F.leaky_relu(a, 0.2), unary(), (NO_KINK_AT_0,)),
    Case("leaky_relu_inplace", lambda a: F.leaky_relu(a * 1, 0.1, inplace=True), unary(), (NO_KINK_AT_0,)),
    Case("gelu", F.gelu, unary(), second_order=True),
    Case("silu", F.silu, unary(), second_order=True),
    Case("softplus", F.softplus, unary(), second_order=True),
    Case("softplus_beta", lambda a: F.softplus(a, beta=2.0, threshold=1.5), unary(), (Domain(avoid=(0.75,)),)),
    Case("elu", F.elu, unary(), (Domain(avoid=(0.0,)),), second_order=True),
    Case("elu_alpha", lambda a: F.elu(a, alpha=0.5), unary(), (Domain(avoid=(0.0,)),), second_order=True),
    Case("elu_inplace", lambda a: F.elu(a * 1, 0.5, inplace=True) * 1.5, unary(), (Domain(avoid=(0.0,)),)),
    Case("selu", F.selu, unary(), (Domain(avoid=(0.0,)),), second_order=True),
    Case("celu_inplace", lambda a: F.celu(a * 1, 2.0, inplace=True) * 1.5, unary(), (Domain(avoid=(0.0,)),)),
    Case("celu", lambda a: F.celu(a, alpha=0.7), unary(), (Domain(avoid=(0.0,)),), second_order=True),
    Case("mish", F.mish, unary(), second_order=True),
    Case("hardtanh", lambda a: F.hardtanh(a, -1.5, 0.5), unary(), (Domain(avoid=(-1.5, 0.5)),), second_order=True),
    Case("relu6", lambda a: F.relu6(a * 4), unary(), (Domain(avoid=(0.0, 1.5)),)),
    Case("logsigmoid", F.logsigmoid, unary(), second_order=True),
    Case("relu_second_order", lambda a: F.relu(a) * a, unary(), (Domain(avoid=(0.0,)),), second_order=True),
    Case("threshold", lambda a: F.threshold(a, 0.2, -1.5), unary(), (Domain(avoid=(0.2,)),), second_order=True),
    Case("threshold_inplace", lambda a: F.threshold(a * 1, 0.2, -1.5, inplace=True) * 1.5, unary(),
         (Domain(avoid=(0.2,)),)),
    Case("hardshrink", lambda a: F.hardshrink(a, 0.3), unary(), (Domain(avoid=(-0.3, 0.3)),), second_order=True),
    Case("softshrink", F.softshrink, unary(), (Domain(avoid=(-0.5, 0.5)),), second_order=True),
    Case("hardsigmoid", F.hardsigmoid, unary(), (Domain(-4.0, 4.0, avoid=(-3.0, 3.0)),), no_double_backward=_NO_HSIG),
    Case("hardsigmoid_inplace", lambda a: F.hardsigmoid(a * 1, inplace=True) * 1.5, unary(),
         (Domain(-4.0, 4.0, avoid=(-3.0, 3.0)),), no_double_backward=_NO_HSIG),
    Case("hardswish", F.hardswish, unary(), (Domain(-4.0, 4.0, avoid=(-3.0, 3.0)),), second_order=True),
    Case("hardswish_inplace", lambda a: F.hardswish(a * 1, inplace=True) * 1.5, unary(),
         (Domain(-4.0, 4.0, avoid=(-3.0, 3.0)),)),
    Case("threshold_backward", lambda g, a: ThresholdBackward.apply(g, a, threshold=0.2), fixed(((2, 3), (2, 3))),
         (Domain(), Domain(avoid=(0.2,)))),
    Case("hardshrink_backward", lambda g, a: HardshrinkBackward.apply(g, a, lambd=0.3), fixed(((2, 3), (2, 3))),
         (Domain(), Domain(avoid=(-0.3, 0.3)))),
    Case("softshrink_backward", lambda g, a: SoftshrinkBackward.apply(g, a, lambd=0.5), fixed(((2, 3), (2, 3))),
         (Domain(), Domain(avoid=(-0.5, 0.5)))),
    Case("leaky_relu_backward", lambda g, a: LeakyReluBackward.apply(g, a, negative_slope=0.2),
         fixed(((2, 3), (2, 3))), (Domain(), Domain(avoid=(0.0,)))),
    Case("leaky_relu_second_order", lambda a: F.leaky_relu(a, 0.2) * a, unary(), (Domain(avoid=(0.0,)),),
         second_order=True),
    Case("glu", F.glu, fixed(((2, 4),), ((6,),)), second_order=True),
    Case("glu_dim0", lambda a: F.glu(a, 0), fixed(((4, 3),), ((2, 1, 2),)), second_order=True),
    Case("glu_backward", lambda g, a: GluBackward.apply(g, a, dim=-1), fixed(((2, 2), (2, 4)))),
    Case("prelu", lambda a, w: F.prelu(a, w), fixed(((2, 3), (3,)), ((2, 3, 2), (1,)), ((4,), (1,))),
         (Domain(avoid=(0.0,)), REAL), second_order=True),
    Case("prelu_backward", PreluKernelBackward.apply,
         fixed(((2, 3), (2, 3), (1, 3))), (REAL, Domain(avoid=(0.0,)), REAL)),
    Case("nansum", lambda a: torch.nansum(a.masked_fill(a < -1.5, float("nan")), -1) * 1.5, fixed(((2, 3),), ((4,),)),
         (Domain(avoid=(-1.5,)),), second_order=True),
    Case("nansum_all", lambda a: torch.nanmean(a.masked_fill(a > 1.5, float("nan"))), fixed(((2, 3),), ((),)),
         (Domain(avoid=(1.5,)),), second_order=True),
    Case("div_rounding_mode", lambda a, b: torch.div(a, b, rounding_mode="floor") + a.div(b, rounding_mode="trunc")
         + torch.div(a, b, rounding_mode=None), binary(), (Domain(0.1, 0.9), Domain(1.1, 2.0)), second_order=True),
    # a / b stays in (0, 1): no jump of the rounded quotients near a drawn point
    Case("fmod_number", lambda a: torch.fmod(a, 1.5), unary(), (Domain(-2.0, 2.0, avoid=(-1.5, 0.0, 1.5)),)),
    Case("fmod_tensor", torch.fmod, binary(), (Domain(0.1, 0.9), Domain(1.1, 2.0)), second_order=True),
    Case("deg2rad_rad2deg", lambda a: torch.deg2rad(a) * torch.rad2deg(a), unary(), second_order=True),
    Case("addcmul", lambda a, b, c: torch.addcmul(a, b, c, value=0.7),
         fixed(((2, 3), (3,), (2, 1)), ((3,), (3,), (3,))), second_order=True),
    Case("addcdiv", lambda a, b, c: torch.addcdiv(a, b, c, value=-1.5),
         fixed(((2, 3), (3,), (2, 1)), ((3,), (3,), (3,))), (REAL, REAL, Domain(0.5, 2.0)), second_order=True),
    Case("scatter_src", lambda a, b: a.scatter(1, torch.tensor([[0, 2], [3, 1]]), b), fixed(((2, 4), (2, 2)))),
    Case("adaptive_avg_pool2d", lambda a: F.adaptive_avg_pool2d(a, (2, 3)), fixed(((1, 2, 5, 7),), ((2, 4, 4),)),
         second_order=True),
    Case("adaptive_avg_pool2d_backward", AdaptiveAvgPool2DBackward.apply, fixed(((1, 2, 2, 3), (1, 2, 5, 7)))),
    Case("softplus_backward", lambda g, a: SoftplusBackward.apply(g, a, beta=2.0, threshold=1.5),
         fixed(((2, 3), (2, 3))), (Domain(), Domain(avoid=(0.75,)))),
    Case("hardswish_backward", HardswishBackward.apply, fixed(((2, 3), (2, 3))), (Domain(), Domain(-4.0, 4.0,
         avoid=(-3.0, 3.0)))),
    Case("elu_backward", lambda g, a: EluBackward.apply(g, a, alpha=0.5, scale=1.5, input_scale=2.0),
         fixed(((2, 3), (2, 3))), (Domain(), Domain(avoid=(0.0,)))),
    Case("hardtanh_backward", lambda g, a: HardtanhBackward.apply(g, a, min_val=-1.0, max_val=0.5),
         fixed(((2, 3), (2, 3))), (Domain(), Domain(avoid=(-1.0, 0.5)))),
    Case("log_sigmoid_backward", lambda g, a: LogSigmoidBackward.apply(g, a, buffer=(-a.detach().abs()).exp()),
         fixed(((2, 3), (2, 3)))),
    Case("gelu_tanh", lambda a: F.gelu(a, approximate="tanh"), unary(), second_order=True),
    Case("gelu_backward", lambda g, a: GeluBackward.apply(g, a, approximate="none"), fixed(((2, 3), (2, 3)))),
    Case("gelu_backward_tanh", lambda g, a: GeluBackward.apply(g, a, approximate="tanh"), fixed(((3,), (3,)))),
    Case("l1_loss", lambda a, b: F.l1_loss(a, b), fixed(((2, 3), (2, 3))), (Domain(-2.0, -0.2), Domain(0.2, 2.0))),
    Case("smooth_l1_loss", lambda a, b: F.smooth_l1_loss(a, b, beta=0.5), fixed(((2, 3), (2, 3))),
         (Domain(-1.0, 1.0, grid=0.1),), formula_only=True),
    Case("smooth_l1_loss_sum", lambda a, b: F.smooth_l1_loss(a, b, reduction="sum"), fixed(((4,), (4,))),
         (Domain(-0.4, 0.4), Domain(-0.4, 0.4))),
    Case("huber_loss", lambda a, b: F.huber_loss(a, b, delta=0.5, reduction="none"), fixed(((2, 3), (2, 3))),
         (Domain(1.0, 2.0), Domain(-2.0, -1.0))),
    Case("huber_loss_mean", lambda a, b: F.huber_loss(a, b), fixed(((4,), (4,))), (Domain(-0.4, 0.4),)),
    # determinants and inverses (internal: the solve and diag_embed that their second order records)
    Case("det", lambda a: torch.linalg.det(_eye_plus(a, 5)) + torch.det(_eye_plus(a, 5).mT),
         fixed(((3, 3),), ((2, 2),), ((1, 1),)), second_order=True),
    Case("det_batched", lambda a: _eye_plus(a, 5).det(), fixed(((2, 3, 3),), ((2, 1, 2, 2),)), second_order=True),
    Case("slogdet", _slogdet, fixed(((3, 3),), ((2, 3, 3),)), second_order=True),
    Case("logdet", lambda a: torch.logdet(_positive_definite(a)), fixed(((3, 3),), ((2, 2, 2),)), second_order=True),
    Case("inverse", lambda a: torch.linalg.inv(_eye_plus(a, 5)), fixed(((3, 3),), ((1, 1),)), second_order=True),
    Case("inverse_batched", lambda a: torch.inverse(_eye_plus(a, 5).mT) + _eye_plus(a, 5).inverse(),
         fixed(((2, 3, 3),)), second_order=True),
    Case("linalg_solve_ex", lambda a, b: LinalgSolveEx.apply(_eye_plus(a, 5), b), fixed(((3, 3), (3, 2))),
         second_order=True),
    Case("diag_embed_batched", lambda a: BatchDiagEmbed.apply(a), fixed(((2, 3),), ((4,),)), second_order=True),
    # running products, extremes and log-sum-exps (cumsum is above)
    Case("cumprod", lambda a, d: a.cumprod(d), unary(), (NO_KINK_AT_0,), a_dim, second_order=True),
    Case("cumprod_zeros", lambda a: _with_zeros(a).cumprod(1) + torch.cumprod(_with_zeros(a), 0), fixed(((3, 5),)),
         second_order=True),  # zeros in the input: torch's masks, and its O(n^2) loop for create_graph=True
    Case("cummax", lambda a, d: a.cummax(d).values, unary(), (DISTINCT,), a_dim, second_order=True),
    Case("cummin", lambda a, d: torch.cummin(a, d)[0], unary(), (DISTINCT,), a_dim, second_order=True),
    Case("logcumsumexp", lambda a, d: a.logcumsumexp(d), unary(), args_for=a_dim, second_order=True),
    Case("cummaxmin_scatter_add", lambda a, g: ScatterAdd.apply(a, g, dim=-1, index=torch.tensor(SCATTER_INDEX)),
         fixed(((2, 3), (2, 3))), second_order=True),  # cummax's backward as recorded with create_graph=True
    # convolutions and pooling (and their backwards, as a second derivative records them)
    Case("conv2d", lambda x, w, b: F.conv2d(x, w, b), fixed(((2, 2, 4, 5), (3, 2, 2, 3), (3,))), second_order=True),
    Case("conv2d_stride_padding_groups", lambda x, w: F.conv2d(x, w, None, (2, 1), (1, 2), (1, 2), 2),
         fixed(((1, 4, 5, 5), (4, 2, 3, 2))), second_order=True),
    Case("conv2d_unbatched", lambda x, w, b: _same_padding(x, w, b), fixed(((2, 4, 4), (3, 2, 2, 3), (3,))),
         second_order=True),
    Case("conv1d", lambda x, w, b: F.conv1d(x, w, b, stride=2, padding=1), fixed(((2, 2, 5), (3, 2, 3), (3,))),
         second_order=True),
    Case("convolution_backward", lambda g, x, w: ConvolutionBackward.apply(g, x, w, stride=(1, 2), padding=(1, 0),
         dilation=(1, 1), groups=1, output_mask=(True, True, True)), fixed(((1, 3, 5, 2), (1, 2, 4, 4), (3, 2, 2, 2))),
         second_order=True),
    Case("max_pool2d", lambda x: F.max_pool2d(x, 2), fixed(((1, 2, 4, 4),), ((2, 4, 5),)), (DISTINCT,),
         second_order=True),
    Case("max_pool2d_padding_ceil", lambda x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True), fixed(((1, 2, 5, 4),)),
         (DISTINCT,), second_order=True),
    Case("max_pool2d_backward", lambda g, x: MaxPool2DWithIndicesBackward.apply(g, x, kernel_size=(2, 2), stride=(),
         padding=(0, 0), dilation=(1, 1), ceil_mode=False, indices=F.max_pool2d(x.detach(), 2, return_indices=True)[1]),
         fixed(((1, 2, 2, 2), (1, 2, 4, 4))), (REAL, DISTINCT)),
    Case("avg_pool2d", lambda x: F.avg_pool2d(x, 2) * 1.5, fixed(((1, 2, 4, 4),), ((2, 4, 5),)), second_order=True),
    Case("avg_pool2d_padding_ceil", lambda x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False)
         + F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, divisor_override=2), fixed(((1, 2, 5, 4),)), second_order=True),
    Case("avg_pool2d_backward", lambda g, x: AvgPool2DBackward.apply(g, x, kernel_size=(2, 2), stride=(1, 2),
         padding=(1, 1), ceil_mode=False, count_include_pad=True, divisor_override=None),
         fixed(((1, 2, 5, 3), (1, 2, 4, 4)))),
    # einsum: torch's composition of unsqueeze, permute, diagonal, sum, mul, bmm and view, contracted left to right
    Case("einsum_matmul", lambda a, b: torch.einsum("ij,jk->ik", a, b), fixed(((2, 3), (3, 4))), second_order=True),
    Case("einsum_attention", lambda q, k: torch.einsum("bqd,bkd->bqk", q, k), fixed(((2, 3, 4), (2, 5, 4))),
         second_order=True),
    Case("einsum_outer_and_sums", lambda a, b: torch.einsum("i,j->ij", a, b) + torch.einsum("ij->j", a[:, None] * b)
         + torch.einsum("ij,ij->i", a[:, None] * b, a[:, None] * b)[:, None], fixed(((3,), (4,))), second_order=True),
    Case("einsum_diagonal_and_trace", lambda m: torch.einsum("ii->i", m) * torch.einsum("ii->", m * m)
         + torch.einsum("iij->j", m[:, :, None] * m[:, None, :1]), fixed(((3, 3),)), second_order=True),
    Case("einsum_three_operands", lambda l, a, r: torch.einsum("bn,anm,bm->ba", l, a, r),
         fixed(((2, 5), (3, 5, 4), (2, 4))), second_order=True),
    Case("einsum_ellipsis_broadcast", lambda a, b: torch.einsum("...ij,...jk->...ik", a, b),
         fixed(((2, 1, 2, 3), (3, 3, 4))), second_order=True),
    Case("einsum_sublist", lambda a, b: torch.einsum(a, [0, 1], b, [1, 2], [2, 0]), fixed(((2, 3), (3, 4))),
         second_order=True),
    # recurrent layers (minigrad.nn.rnn): the pieces torch's cells use, then whole layers and cells as they compose
    Case("unsafe_split", lambda a: UnsafeSplit.apply(a, dim=1, split_size=2), fixed(((2, 6),), ((3, 5),)),
         second_order=True),
    Case("rnn_tanh_layers", lambda x, h, *w: torch.nn.rnn._rnn("RNN_TANH", x, h, w, True, 2, 0.0, False, False, True),
         fixed(((3, 2, 3), (2, 3, 2), (2, 3), (2, 2), (2,), (2,), (2, 2), (2, 2), (2,), (2,))), second_order=True),
    Case("gru_bidirectional", lambda x, h, *w: torch.nn.rnn._rnn("GRU", x, h, w, True, 1, 0.0, False, True, False),
         fixed(((2, 2, 3), (2, 2, 2), (6, 3), (6, 2), (6,), (6,), (6, 3), (6, 2), (6,), (6,))), second_order=True),
    Case("lstm_projection", lambda x, h, c, *w: torch.nn.rnn._lstm(x, (h, c), w, False, 1, 0.0, False, False, True),
         fixed(((2, 3, 2), (1, 2, 1), (1, 2, 3), (12, 2), (12, 1), (1, 3))), second_order=True),
    Case("lstm_cell", lambda x, h, c, *w: torch.nn.rnn._lstm_cell_fn(x, (h, c), *w),
         fixed(((2, 3), (2, 2), (2, 2), (8, 3), (8, 2), (8,), (8,))), second_order=True),
    # selection (minigrad.selection_ops): unfold, index_fill/copy/put, take, kthvalue, the scatters, hsplit...
    Case("unfold", lambda a: a.unfold(-1, 2, 1) * 1.5, fixed(((2, 4),), ((5,),)), second_order=True),
    Case("unfold_step_and_0d", lambda a: a.unfold(0, 2, 3).sum(-1) * a.unfold(-1, 1, 1).sum(), fixed(((7,),), ((8,),)),
         second_order=True),
    Case("unfold_backward", lambda g: UnfoldBackward.apply(g, input_sizes=(2, 5), dim=1, size=2, step=1),
         fixed(((2, 4, 2),)), second_order=True),
    Case("index_fill", lambda a: a.index_fill(1, torch.tensor([2, 0]), 0.5), fixed(((2, 3),), ((1, 3, 2),)),
         second_order=True),
    Case("index_fill_value", lambda a, v: torch.index_fill(a, -1, torch.tensor([0, 2, 0]), v * 1.5),
         fixed(((2, 3), ()), ((3,), ())), second_order=True),
    Case("index_fill_", lambda a, v: _selection_inplace(a, "index_fill_", 0, torch.tensor(1), v), fixed(((3, 2), ()))),
    Case("index_copy", lambda a, s: a.index_copy(1, torch.tensor([2, 0]), s), fixed(((2, 3), (2, 2))),
         second_order=True),
    Case("index_copy_", lambda a, s: _selection_inplace(a, "index_copy_", 0, torch.tensor([2]), s),
         fixed(((3, 2), (1, 2)))),
    Case("index_put", lambda a, v: torch.index_put(a, (torch.tensor([1, 0]), torch.tensor([2, 2])), v),
         fixed(((2, 3), (2,)), ((2, 3), ())), second_order=True),
    Case("index_put_accumulate", lambda a, v: a.index_put((torch.tensor([1, 1, 0]),), v, accumulate=True),
         fixed(((2, 3), (3, 3)), ((2, 3), (3,))), second_order=True),
    Case("index_put_", lambda a, v: _selection_inplace(a, "index_put_", (torch.tensor([True, False, True]),), v),
         fixed(((3, 2), (2,)))),
    Case("take", lambda a: torch.take(a, torch.tensor([[0, 4], [-1, 0]])), fixed(((2, 3),), ((5,),)),
         second_order=True),
    Case("put", lambda a, s: Put.apply(a, s, index=torch.tensor([1, 4, 1]), accumulate=True)
         + Put.apply(a, s, index=torch.tensor([0, 2, 3])), fixed(((2, 3), (3,))), second_order=True),
    Case("kthvalue", lambda a: a.kthvalue(2, 0).values + torch.kthvalue(a, 1, -1, True).values, fixed(((3, 2),)),
         (DISTINCT,), second_order=True),
    Case("kthvalue_0d", lambda a: torch.kthvalue(a, 1).values * a, fixed(((),)), second_order=True),
    Case("select_scatter", lambda a, s: torch.select_scatter(a, s, 1, -1), fixed(((2, 3), (2,)), ((3, 2, 2), (3, 2))),
         second_order=True),
    Case("slice_scatter", lambda a, s: torch.slice_scatter(a, s, -1, 1, None, 2), fixed(((2, 4), (2, 2)), ((5,), (2,))),
         second_order=True),
    Case("diagonal_scatter", lambda a, s: torch.diagonal_scatter(a, s, 1), fixed(((2, 3), (2,)), ((3, 3, 2), (2, 2))),
         second_order=True),
    Case("hsplit_vsplit_dsplit", lambda a: torch.hsplit(a, 2)[1].sum() + torch.vsplit(a, [1])[1].sum() * 2
         + torch.dsplit(a, [1, 3])[1].sum() * 3, fixed(((2, 2, 4),))),
    # products and distances (minigrad/products.py): torch's compositions and nodes
    Case("tensordot", lambda a, b: torch.tensordot(a, b, 2), fixed(((2, 3, 4), (3, 4, 2)), ((3, 2), (3, 2)),
         ((2, 1, 3), (4, 3, 2))), second_order=True),
    Case("tensordot_lists", lambda a, b: torch.tensordot(a, b, ([0, 2], [2, 0])) + torch.tensordot(a, b, 0).sum(),
         fixed(((2, 3, 4), (4, 5, 2))), second_order=True),
    Case("inner", torch.inner, fixed(((2, 3), (4, 3)), ((3,), (3,)), ((), (2, 3)), ((2, 2, 3), (3,))),
         second_order=True),
    Case("vdot", torch.vdot, fixed(((4,), (4,))), second_order=True),
    Case("kron", torch.kron, fixed(((2, 3), (3, 2)), ((2,), (2, 3)), ((), (3,))), second_order=True),
    Case("linalg_cross", lambda a, b: torch.linalg.cross(a, b), fixed(((2, 3), (2, 3)), ((1, 3), (4, 3))),
         second_order=True),
    Case("cross_dim", lambda a, b: torch.cross(a, b, dim=0), fixed(((3, 2), (3, 1)), ((3,), (3,))), second_order=True),
    Case("dist", lambda a, b: torch.dist(a, b) + torch.dist(a, b, 3), fixed(((2, 3), (3,)), ((4,), (4,))), _APART,
         second_order=True),
    Case("dist_p1_inf", lambda a, b: torch.dist(a, b, 1) + torch.dist(a, b, float("inf")), fixed(((4,), (4,))),
         (Domain(0.6, 2.0, grid=0.05, distinct=True), Domain(-0.5, 0.5))),
    Case("cdist", lambda a, b: torch.cdist(a, b), fixed(((3, 2), (4, 2)), ((2, 3, 3), (1, 2, 3))), _APART,
         no_double_backward="the derivative for '_cdist_backward' is not implemented."),
    Case("cdist_p", lambda a, b: torch.cdist(a, b, 1) + torch.cdist(a, b, 3) + torch.cdist(a, b, 1.5),
         fixed(((3, 2), (4, 2))), _APART,
         no_double_backward="the derivative for '_cdist_backward' is not implemented."),
    Case("cdist_mm", lambda a, b: torch.cdist(a, b, compute_mode="use_mm_for_euclid_dist"),
         fixed(((3, 2), (4, 2)), ((2, 3, 3), (1, 2, 3))), _APART, second_order=True),
    Case("cdist_many_rows", lambda a, b: torch.cdist(a, b), fixed(((26, 2), (3, 2))), _APART, second_order=True),
    Case("pairwise_distance", lambda a, b: F.pairwise_distance(a, b) + F.pairwise_distance(a, b, 3, keepdim=True),
         fixed(((2, 3), (2, 3)), ((3,), (2, 3))), _APART, second_order=True),
    Case("addmv", lambda s, m, v: torch.addmv(s, m, v, beta=0.5, alpha=2) + torch.addmv(s, m, v),
         fixed(((2,), (2, 3), (3,)), ((), (2, 3), (3,))), second_order=True),
    Case("addr", lambda s, a, b: torch.addr(s, a, b, beta=2, alpha=-0.5),
         fixed(((2, 3), (2,), (3,)), ((3,), (2,), (3,))), second_order=True),
    Case("baddbmm", lambda s, a, b: torch.baddbmm(s, a, b, beta=0.5, alpha=2),
         fixed(((2, 2, 4), (2, 2, 3), (2, 3, 4)), ((4,), (2, 2, 3), (2, 3, 4))), second_order=True),
    Case("addbmm", lambda s, a, b: torch.addbmm(s, a, b, beta=0.5, alpha=2),
         fixed(((2, 4), (3, 2, 3), (3, 3, 4)), ((4,), (3, 2, 3), (3, 3, 4))), second_order=True),
    Case("block_diag", lambda a, b, c: torch.block_diag(a, b, c), fixed(((2, 3), (3,), ())), second_order=True),
    Case("addmv_addr_", lambda s, m, v, a: _inplace("addmv_", m, v, alpha=2.0)(s) + _inplace("addr_", s, v)(a).sum(),
         fixed(((2,), (2, 3), (3,), (2, 3)))),
    # statistics (minigrad/statistics_more.py): torch's nodes and compositions
    Case("quantile_linear", lambda a: torch.quantile(a, 0.3) + torch.quantile(a, torch.tensor([0.25, 0.9],
         dtype=torch.float64), dim=-1, keepdim=True).sum(), fixed(((2, 4),), ((5,),)), (DISTINCT,), second_order=True),
    Case("quantile_modes", lambda a: sum(torch.quantile(a, 0.4, 0, interpolation=m).sum() * (i + 1) for i, m in
         enumerate(["lower", "higher", "midpoint", "nearest"])), fixed(((3, 2),)), (DISTINCT,), second_order=True),
    Case("nanquantile", lambda a: torch.nanquantile(a, 0.7, dim=0), fixed(((3, 2),)), (DISTINCT,), second_order=True),
    Case("nanmedian", lambda a: torch.nanmedian(a) * 2, unary(), (DISTINCT,), second_order=True),
    Case("nanmedian_ties", lambda a: a.nanmedian(), unary(), (TIES,), formula_only=True),
    Case("nanmedian_dim", lambda a, d, k: a.nanmedian(d, keepdim=k).values, unary(), (DISTINCT,), dim_and_keepdim,
         second_order=True),
    Case("mode", lambda a: torch.mode(a, 0).values + a.mode(keepdim=True).values.sum(), fixed(((3, 2),)), (TIES,),
         formula_only=True),
    Case("mode_distinct", lambda a, d, k: a.mode(d, keepdim=k).values, unary(), (DISTINCT,), dim_and_keepdim,
         second_order=True),
    Case("aminmax", lambda a: (lambda r: r.min * 2 + r.max.sum())(torch.aminmax(a, dim=-1, keepdim=True)),
         fixed(((2, 3),), ((4,),)), (DISTINCT,), second_order=True),
    Case("aminmax_all", lambda a: torch.aminmax(a).max * torch.aminmax(a).min, unary(), (DISTINCT,),
         second_order=True),
    Case("aminmax_one_output", lambda a: a.aminmax(dim=0).min, fixed(((3, 2),)), (DISTINCT,), second_order=True),
    Case("aminmax_ties", lambda a: torch.aminmax(a, dim=0).max.sum() + torch.aminmax(a).min, unary(min_dims=1),
         (TIES,), formula_only=True),
    Case("cov", lambda a, f: torch.cov(a) + torch.cov(a, correction=0, aweights=f * f + 0.5).sum(),
         fixed(((3, 4), (4,)), ((5,), (5,))), second_order=True),
    Case("cov_fweights", lambda a: torch.cov(a, correction=2, fweights=torch.tensor([1, 2, 1, 3]),
         aweights=torch.tensor([0.5, 1., 2., 0.25], dtype=torch.float64)), fixed(((2, 4),)), second_order=True),
    # rows kept apart from constant and from each other (k * k % 7 plus a tenth of the draw); the diagonal sits on
    # clip's bound 1 (a kink that central differences straddle): only the rest is weighed
    Case("corrcoef", lambda a: torch.corrcoef(a * 0.1 + (torch.arange(a.numel(), dtype=a.dtype) ** 2 % 7).reshape(
         a.shape)) * (1 - torch.eye(a.shape[0], dtype=a.dtype)), fixed(((3, 4),), ((2, 5),)), second_order=True),
    Case("trapezoid", lambda y: torch.trapezoid(y) + torch.trapz(y, dx=0.5) * 2, fixed(((2, 4),), ((3,),)),
         second_order=True),
    Case("trapezoid_x", lambda y, x: torch.trapezoid(y, x, dim=0), fixed(((3, 2), (3,)), ((3, 2), (3, 2))),
         second_order=True),
    Case("cumulative_trapezoid", lambda y, x: torch.cumulative_trapezoid(y, dx=2.0) + torch.cumulative_trapezoid(
         y, x), fixed(((2, 4), (4,))), second_order=True),
    Case("narrow_copy", lambda a, d, s, n: torch.narrow_copy(a, d, s, n), unary(min_dims=1), args_for=_narrow,
         second_order=True),
    # random fills and draws: each call draws from a freshly seeded generator, so the values are fixed; their
    # gradients are zeros (torch's), the draws constant in the input away from a Bernoulli or Poisson threshold
    Case("random_fills", lambda a: a * sum(fill(a.clone(), torch.Generator().manual_seed(0)) for fill in (
        lambda t, g: t.random_(generator=g) / 2**53, lambda t, g: t.random_(4, generator=g),
        lambda t, g: t.random_(1, 4, generator=g), lambda t, g: t.exponential_(generator=g),
        lambda t, g: t.geometric_(0.5, generator=g), lambda t, g: t.log_normal_(0., 0.5, generator=g),
        lambda t, g: t.cauchy_(generator=g).tanh(), lambda t, g: t.bernoulli_(0.5, generator=g),
        lambda t, g: t.bernoulli_(torch.sigmoid(a), generator=g), lambda t, g: t.normal_(generator=g),
        lambda t, g: t.uniform_(generator=g))), unary(), second_order=True),
    Case("bernoulli_poisson", lambda a: a * torch.bernoulli(torch.sigmoid(a), generator=torch.Generator().manual_seed(
         1)) + a * torch.poisson(a * a + 1, generator=torch.Generator().manual_seed(2)), unary(), second_order=True),
    # special functions (minigrad/specials.py, minigrad/special.py)
    # torch's trigamma switches to its reflection formula below 0.5: a jump of 5e-10 there (avoided)
    Case("lgamma", torch.lgamma, unary(), (_NO_TRIGAMMA_SWITCH,), second_order=True),
    Case("digamma", torch.digamma, unary(), (_NO_TRIGAMMA_SWITCH,), second_order=True),
    Case("polygamma", lambda a: torch.polygamma(0, a) + torch.polygamma(1, a) + torch.polygamma(2, a), unary(),
         (_NO_TRIGAMMA_SWITCH,), second_order=True),
    Case("mvlgamma", lambda a: torch.mvlgamma(a, 3) + torch.special.multigammaln(a, 1), unary(), (Domain(1.6, 3.5),),
         second_order=True),
    Case("erfinv", torch.erfinv, unary(), (Domain(-0.9, 0.9),), second_order=True),
    Case("i0_i1", lambda a: torch.i0(a) + torch.special.i1(a), unary(), second_order=True),
    Case("sinc", torch.sinc, unary(), (NO_KINK_AT_0,), second_order=True),
    Case("special_entr", torch.special.entr, unary(), (POSITIVE,), second_order=True),
    Case("special_ndtri", torch.special.ndtri, unary(), (Domain(0.05, 0.95),), second_order=True),
    Case("special_log_ndtr_ndtr", lambda a: torch.special.log_ndtr(a) + torch.special.ndtr(a), unary(),
         second_order=True),
    Case("copysign", torch.copysign, binary(), (NONZERO, NONZERO), second_order=True),
    Case("copysign_number", lambda a: torch.copysign(a, -1.5) + torch.copysign(a, 2), unary(), (NONZERO,),
         second_order=True),
    Case("nextafter", torch.nextafter, binary(), (Domain(-2.0, -0.1), Domain(0.1, 2.0)), second_order=True),
    Case("ldexp", torch.ldexp, binary(), second_order=True),
    # an integer exponent: torch's gradient is grad * pow(2, other) in integers (0 for a negative exponent)
    Case("ldexp_int_exponent", lambda a: torch.ldexp(a, torch.tensor(3)), unary(), second_order=True),
    Case("logaddexp2", torch.logaddexp2, binary(), second_order=True),
    Case("xlog1py", torch.special.xlog1py, binary(), (REAL, POSITIVE), second_order=True),
    Case("xlog1py_number_self", lambda b: torch.special.xlog1py(2.5, b), unary(), (POSITIVE,), second_order=True),
    Case("xlog1py_number_other", lambda a: torch.special.xlog1py(a, 1.5) + torch.special.xlog1py(a, -0.5), unary(),
         second_order=True),
    Case("float_power", lambda a, b: torch.float_power(a, b) + torch.float_power(a, 2) + torch.float_power(1.5, b),
         binary(), (POSITIVE, NO_KINK_AT_0), second_order=True),  # pow's formulas are masked at exponent 0
    Case("special_inplace", lambda a: _inplace("lgamma_")(a) + _inplace("digamma_")(a) + _inplace("polygamma_", 1)(a)
         + _inplace("erfinv_")(a) + _inplace("i0_")(a) + _inplace("sinc_")(a) + _inplace("mvlgamma_", 1)(a),
         unary(), (Domain(0.6, 0.9),)),
    # the backward ops create_graph=True records (tanh_backward, ...), each applied to a gradient and its op's output
    Case("tanh_backward", lambda a, g: _backward_op(torch.tanh, Tanh, a, g), fixed(((2, 3), (2, 3)), ((3,), (3,))),
         second_order=True),
    Case("sigmoid_backward", lambda a, g: _backward_op(torch.sigmoid, Sigmoid, a, g), fixed(((2, 3), (2, 3))),
         second_order=True),
    Case("softmax_backward_data", lambda a, g: _backward_op(lambda t: t.softmax(-1), Softmax, a, g, -1),
         fixed(((2, 3), (2, 3))), second_order=True),
    Case("log_softmax_backward_data", lambda a, g: _backward_op(lambda t: t.log_softmax(0), LogSoftmax, a, g, 0),
         fixed(((2, 3), (2, 3))), second_order=True),
    # layers
    Case("embedding", _embedding, fixed(((4, 2),))),
    # padding_idx withholds a true gradient from its row (by design): formula check only
    Case("embedding_padding", lambda w: _embedding(w, padding_idx=1) * 2, fixed(((4, 3),)), formula_only=True),
    Case("batch_norm_training", _batch_norm(True), fixed(((4, 3), (3,), (3,)), ((2, 3, 2), (3,), (3,))),
         (DISTINCT, REAL), second_order=True),
    Case("batch_norm_eval", _batch_norm(False), fixed(((4, 3), (3,), (3,))), second_order=True),
    Case("layer_norm", lambda x, w, b: F.layer_norm(x, x.shape[1:], w, b),
         fixed(((4, 3), (3,), (3,)), ((2, 3, 2), (3, 2), (3, 2))), (DISTINCT, REAL), second_order=True),
    Case("layer_norm_plain", lambda x: F.layer_norm(x, x.shape[-1:]), fixed(((2, 3),), ((3,),)), (DISTINCT,)),
    Case("normal_tensors", _normal_draws, fixed(((2, 3), (2, 3)), ((2, 1), (3,))), second_order=True),
]
