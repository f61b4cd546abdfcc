"""The catalogue of differentiable ops that the gradient and formula checks run over (minitorch style).

Each :class:`Case` is one way of calling one op, written as PyTorch code under ``import minigrad as torch``:
the function, the shapes of its differentiable inputs (fixed shape sets that must always be checked, such as
the broadcasting pairs, plus hypothesis strategies that explore), the value domain of each input (chosen so
that the function is smooth there: positive for log and sqrt, away from the kinks of abs, relu and clamp,
without ties for max), and any non-differentiable arguments (dims, masks, indices) drawn for the shapes.

``tests/test_gradcheck.py`` checks every case against central differences; ``tests/test_formulas.py`` runs
every case to find the ops it records and checks their ``formula`` against their ``backward``.
"""

import importlib
import math
import pkgutil
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import minigrad as torch
import minigrad.nn.functional as F
from minigrad.ops.indexing import index_backward, select_backward, slice_backward
from minigrad.ops.op import Op
from minigrad.ops.views import ViewScatter

# -- value domains ------------------------------------------------------------------------------------------
KINK_MARGIN = 0.05  # values are drawn at least this far from a kink: far wider than the finite-difference step


@dataclass(frozen=True)
class Domain:
    """Where an input's values are drawn from.

    ``avoid``: points where the function has a kink (values closer than ``KINK_MARGIN`` are never drawn).
    ``grid``: draw values on ``lo + k * grid``; ``distinct``: without repeats, so that max never sees a tie.
    """

    lo: float = -2.0
    hi: float = 2.0
    avoid: tuple = ()
    grid: float | None = None
    distinct: bool = False

    def elements(self):
        if self.grid is not None:
            steps = int(round((self.hi - self.lo) / self.grid))
            values = st.integers(0, steps).map(lambda k: round(self.lo + k * self.grid, 10))
        else:
            values = st.floats(self.lo, self.hi, allow_nan=False, allow_infinity=False, allow_subnormal=False)
        if self.avoid:
            values = values.filter(lambda v: all(abs(v - p) > KINK_MARGIN for p in self.avoid))
        return values

    def array(self, shape):
        return hnp.arrays(np.float64, shape, elements=self.elements(), unique=self.distinct)


REAL = Domain()
POSITIVE = Domain(0.2, 3.0)  # log, sqrt, pow bases
NONZERO = Domain(-3.0, 3.0, avoid=(0.0,))  # divisors (|x| > KINK_MARGIN)
DIVISOR = Domain(0.5, 3.0)  # keeps 1/x and its derivatives moderate
NO_KINK_AT_0 = Domain(avoid=(0.0,))
DISTINCT = Domain(-2.0, 2.0, grid=0.05, distinct=True)  # no ties: max picks one element, far from the runner-up
DISTINCT_ODD = Domain(-1.975, 1.975, grid=0.05)  # never equal to a DISTINCT value (for maximum)
TIES = Domain(0.0, 1.0, grid=0.5)  # few values, so ties are common (for formulas, not gradients)


# -- shapes -------------------------------------------------------------------------------------------------
def one_shape(min_dims=0, max_dims=3, min_side=1, max_side=3):
    """A strategy for one input's shape."""
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side)


def unary(min_dims=0, max_dims=3):
    """Shape sets of a one-input op: a 0-d tensor (unless ``min_dims``), plus explored shapes."""
    return (
        [((),), st.tuples(one_shape(min_dims, max_dims))]
        if min_dims == 0
        else [st.tuples(one_shape(min_dims, max_dims))]
    )


BROADCAST_PAIRS = [
    ((3, 1), (1, 4)),
    ((4,), (2, 3, 4)),
    ((2, 3, 4), (4,)),
    ((2, 1, 3), (4, 1)),
    ((), (2, 3)),
    ((2, 3), ()),
    ((2, 3), (2, 3)),
]


def binary():
    """Shape sets of a two-input elementwise op: the pinned broadcasting pairs, plus explored broadcasting."""
    explored = hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, max_side=3)
    return [*BROADCAST_PAIRS, explored.map(lambda r: r.input_shapes)]


INPLACE_PAIRS = [((3, 4), (1, 4)), ((2, 3, 4), (4,)), ((2, 3), ()), ((2, 3), (2, 3))]


def inplace_binary():
    """Shape sets of ``y.op_(other)``: other broadcasts to y's shape (y's shape cannot change in place)."""
    explored = one_shape().flatmap(
        lambda s: (
            hnp.broadcastable_shapes(s, min_dims=0, max_dims=len(s), max_side=3)
            .filter(lambda o: np.broadcast_shapes(s, o) == s)
            .map(lambda o: (s, o))
        )
    )
    return [*INPLACE_PAIRS, explored]


def fixed(*shape_sets):
    return list(shape_sets)


# -- non-differentiable arguments, drawn for the drawn shapes ---------------------------------------------
def a_dim(shapes, *, extra=0):
    """An int dim of the first input, negative ones included (``extra=1``: for unsqueeze/stack)."""
    n = max(len(shapes[0]) + extra, 1)
    return st.tuples(st.integers(-n, n - 1))


def dim_and_keepdim(shapes):
    n = max(len(shapes[0]), 1)
    return st.tuples(st.integers(-n, n - 1), st.booleans())


def dims_and_keepdim(shapes):
    n = len(shapes[0])
    dims = st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True).map(tuple) if n else st.just(())
    return st.tuples(dims, st.booleans())


def two_dims(shapes):
    n = max(len(shapes[0]), 1)
    return st.tuples(st.integers(-n, n - 1), st.integers(-n, n - 1))


def permutation(shapes):
    return st.tuples(st.permutations(range(len(shapes[0]))).map(tuple))


def mask_of(shapes):
    """A boolean mask of the first input's shape (any number of True values, none included)."""
    return st.tuples(hnp.arrays(np.bool_, shapes[0]))


def condition(shapes):
    """where's condition: a boolean mask that broadcasts with both inputs."""
    return st.tuples(hnp.arrays(np.bool_, np.broadcast_shapes(*shapes)))


def index_list(shapes):
    """A list of indices into dim 0, negatives and repeats allowed (the gradients of repeats add up)."""
    n = shapes[0][0]
    return st.tuples(st.lists(st.integers(-n, n - 1), min_size=1, max_size=5))


def exponent(shapes):
    return st.tuples(st.sampled_from([2, 3, 0.5, -1.5, 1, 0, 2.5]))


def base(shapes):
    return st.tuples(st.sampled_from([2.5, 0.5, math.e, 1.0]))


def split_size(shapes):
    return st.tuples(st.integers(1, shapes[0][0]))


def reshape_target(shapes):
    """A new shape with the same number of elements: flat, -1 inferred, or the dims reversed."""
    shape = shapes[0]
    return st.tuples(st.sampled_from([(-1,), tuple(reversed(shape)), (*shape, 1), (1, -1)]))


# -- the catalogue -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One way of calling one op.

    ``fn(*inputs, *args)`` computes the op with minigrad; ``inputs`` are float64 tensors (the differentiable
    inputs), ``args`` the non-differentiable arguments that ``args_for(shapes)`` draws. ``shapes`` lists the
    shape sets (one shape per input): fixed tuples that are always checked, or strategies that explore.
    """

    name: str
    fn: Callable
    shapes: list
    domains: tuple = (REAL,)
    args_for: Callable | None = None
    second_order: bool = False  # smooth: its own second derivative is checked (loss linear in the output)
    formula_only: bool = False  # not differentiable at some drawn inputs (ties): checks formulas, not gradients
    no_double_backward: str | None = None  # torch's error for a second derivative it does not implement
    untrue_double_backward: str | None = None  # why torch's second derivative (mirrored) is not the true one
    eps: float = 1e-6  # finite-difference step
    tol: float = 1e-6  # rtol = atol for the comparison

    def domain(self, i):
        return self.domains[i] if i < len(self.domains) else self.domains[-1]


def _tensor(a):
    return torch.tensor(a)


def _inplace(method, *args, **kwargs):
    """x * 1 (a non-leaf in the graph), modified in place by ``method``, then used again."""

    def fn(x, *others):
        y = x * 1
        getattr(y, method)(*others, *args, **kwargs)
        return y * 1.5

    return fn


def _setitem_slice(x, v):
    y = x * 1
    y[1, ::2] = v
    return y


def _setitem_int(x, v):
    y = x * 1
    y[-1] = v
    return y


def _setitem_mask(x, v, mask):
    y = x * 1
    y[_tensor(mask)] = v
    return y


def _setitem_mask_number(x, mask):
    y = x * 1
    y[_tensor(mask)] = 0.0
    return y * x


def _reversed_t(x):
    with warnings.catch_warnings():  # torch deprecates .T on tensors that are not 2-D, and warns once
        warnings.simplefilter("ignore", UserWarning)
        return x.T


def _mul_through_view(x, v):
    y = x * 1
    y[1:].mul_(v)  # CopySlices around MulBackward0
    return y * x


def _exp_through_transposed_view(x):
    y = x * 1
    y.t()[0].exp_()  # a view of a view
    return y


def _view_after_base_changed(x):
    y = x * 1
    row = y[0]
    y.mul_(2)  # row's grad_fn is remade as AsStridedBackward0
    return row * row


def _iadd_through_view(x, w):
    y = torch.ones(x.shape, dtype=x.dtype)  # needs no grad until w is added through a view
    y[0] += w  # getitem, add_ (CopySlices), then setitem's copy_ (CopySlices again)
    return y * x


def _view_scatter(base, src):
    chain = base.detach()[1:, ::2]._view.chain  # replace the region a view covers
    return ViewScatter.apply(base, src, chain=chain)


def _iadd(x, other):
    y = x * 1
    y += other
    return y


def _isub_imul_idiv(x, a, b, c):
    y = x * 1
    y -= a
    y *= b
    y /= c
    return y


def _setitem_list(x, v):
    y = x * 1
    y[[2, 0]] = v
    return y * x


def _zero(x):
    y = x * 1
    y.zero_()
    return y + x * x


def _fill(x):
    y = x.sin()
    y.fill_(2.0)
    return y * x


def _mse(reduction):
    return lambda a, b: F.mse_loss(a, b, reduction=reduction)


def _mse_broadcast(a, b):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # torch warns about the broadcast target, as we do
        return F.mse_loss(a, b)


MATMUL_SHAPES = [
    ((3,), (3,)),  # dot
    ((2, 3), (3,)),  # mv
    ((3,), (3, 4)),  # unsqueeze, mm, squeeze
    ((2, 3), (3, 4)),  # mm
    ((2, 2, 3), (3, 4)),  # folded into one mm
    ((2, 4, 3), (3,)),  # folded into one mv
    ((1, 2, 3), (4, 3, 2)),  # batched, broadcasting the batch dim
    ((2, 2, 3), (2, 3, 2)),  # batched
    ((3,), (2, 3, 4)),  # 1-D @ 3-D
    ((2, 3), (4, 3, 2)),  # 2-D @ 3-D
    ((2, 1, 2, 3), (3, 3, 2)),  # 4-D @ 3-D
]

CATALOGUE = [
    # arithmetic, tensor with tensor (broadcasting) and with Python numbers
    Case("add", lambda a, b: a + b, binary()),
    Case("add_alpha", lambda a, b: torch.add(a, b, alpha=2.5), binary()[:2]),
    Case("add_number", lambda a: a + 2.5, unary()),
    Case("radd_number", lambda a: 2.5 + a, unary()),
    Case("sub", lambda a, b: a - b, binary()),
    Case("sub_alpha", lambda a, b: torch.sub(a, b, alpha=-1.5), binary()[:2]),
    Case("sub_number", lambda a: a - 1.5, unary()),
    Case("rsub", lambda a: 1.5 - a, unary()),
    Case("rsub_function", lambda a, b: torch.rsub(a, b), binary()[:2]),
    Case("mul", lambda a, b: a * b, binary(), second_order=True),
    Case("mul_number", lambda a: a * -1.5, unary()),
    Case("rmul_number", lambda a: 3 * a, unary()),
    Case("div", lambda a, b: a / b, binary(), (REAL, NONZERO), second_order=True),
    Case("div_number", lambda a: a / 4, unary()),
    Case("number_div", lambda a: 2 / a, unary(), (NONZERO,), second_order=True),
    Case("reciprocal", lambda a: a.reciprocal(), unary(), (DIVISOR,), second_order=True),
    Case("neg", lambda a: -a, unary()),
    Case("pos", lambda a: +a * a, unary()),
    Case("true_divide", lambda a, b: a.true_divide(b), binary()[:2], (REAL, NONZERO)),
    Case("pow_number", lambda a, e: a**e, unary(), (POSITIVE,), exponent, second_order=True),
    Case("pow_int_negative_base", lambda a: a**3, unary(), second_order=True),
    Case("square", lambda a: torch.square(a), unary(), second_order=True),
    # torch's gradient for the base is where(exponent == 0, 0, ...): at an exponent of exactly 0 its own derivative
    # in the exponent is 0 (as in torch), not the limit central differences see
    Case("pow_tensor", lambda a, b: a**b, binary(), (POSITIVE, NO_KINK_AT_0), second_order=True),
    Case("rpow", lambda a, base: base**a, unary(), (REAL,), base, second_order=True),
    # elementwise functions
    Case("exp", torch.exp, unary(), second_order=True),
    Case("log", torch.log, unary(), (POSITIVE,), second_order=True),
    Case("sin", torch.sin, unary(), second_order=True),
    Case("cos", lambda a: a.cos(), unary(), second_order=True),
    Case("tanh", torch.tanh, unary(), second_order=True),
    Case("sigmoid", lambda a: a.sigmoid(), unary(), (Domain(-4.0, 4.0),), second_order=True),
    Case("nn_functional_sigmoid_tanh", lambda a: F.sigmoid(a) * F.tanh(a), unary(), second_order=True),
    Case("relu", lambda a: a.relu(), unary(), (NO_KINK_AT_0,)),
    Case("nn_functional_relu", F.relu, unary(), (NO_KINK_AT_0,)),
    Case("abs", torch.abs, unary(), (NO_KINK_AT_0,)),
    Case("abs_operator", lambda a: abs(a) * a, unary(), (NO_KINK_AT_0,), second_order=True),
    Case("sqrt", torch.sqrt, unary(), (POSITIVE,), second_order=True),
    Case("rsqrt", torch.rsqrt, unary(), (POSITIVE,), second_order=True),
    Case("sinh", torch.sinh, unary(), second_order=True),
    Case("cosh", torch.cosh, unary(), second_order=True),
    Case("asin", torch.asin, unary(), (Domain(-0.9, 0.9),), second_order=True),
    Case("acos", torch.acos, unary(), (Domain(-0.9, 0.9),), second_order=True),
    Case("atan", torch.atan, unary(), second_order=True),
    Case("log1p", torch.log1p, unary(), (Domain(-0.5, 3.0),), second_order=True),
    Case("log2", torch.log2, unary(), (POSITIVE,), second_order=True),
    Case("expm1", torch.expm1, unary(), second_order=True),
    Case("exp2", torch.exp2, unary(), second_order=True),
    Case("erf", torch.erf, unary(), second_order=True),
    Case("erfc", torch.erfc, unary(), second_order=True),
    Case("clamp_min", lambda a: a.clamp(min=-0.5), unary(), (Domain(avoid=(-0.5,)),)),
    Case("clamp_max", lambda a: torch.clamp(a, max=0.5), unary(), (Domain(avoid=(0.5,)),)),
    Case("clamp_both", lambda a: a.clamp(-0.5, 0.5), unary(), (Domain(avoid=(-0.5, 0.5)),)),
    Case("clip", lambda a: torch.clip(a, -1, 1), unary(), (Domain(avoid=(-1.0, 1.0)),)),
    Case("sign", lambda a: torch.sign(a) * a, unary(), (NO_KINK_AT_0,)),
    Case("clone", lambda a: a.clone(), unary()),
    Case("to_float32", lambda a: a.to(torch.float32) * 2, unary(), eps=1e-2, tol=1e-4),
    Case("float_double", lambda a: a.float().double().exp(), unary(), eps=1e-2, tol=1e-3),
    Case("where", lambda a, b, c: torch.where(_tensor(c), a, b), binary(), args_for=condition),
    Case("where_number", lambda a, c: torch.where(_tensor(c), a, 0.0), unary(), args_for=condition),
    Case("where_number_first", lambda b, c: torch.where(_tensor(c), 1.5, b), unary(), args_for=condition),
    Case("maximum", lambda a, b: torch.maximum(a, b), binary()[:2], (DISTINCT, DISTINCT_ODD)),
    Case("max_binary", lambda a, b: torch.max(a, b), binary()[:1], (DISTINCT, DISTINCT_ODD)),
    Case("minimum", lambda a, b: torch.minimum(a, b), binary()[:2], (DISTINCT, DISTINCT_ODD)),
    Case("min_binary", lambda a, b: torch.min(a, b), binary()[:1], (DISTINCT_ODD, DISTINCT)),
    Case("maximum_ties", lambda a, b: torch.maximum(a, b), binary(), (TIES,), formula_only=True),
    Case("minimum_ties", lambda a, b: torch.minimum(a, b), binary(), (TIES,), formula_only=True),
    # reductions
    Case("sum", lambda a: a.sum(), unary()),
    Case("sum_function", lambda a: torch.sum(a) * a, unary(), second_order=True),
    Case("sum_dim", lambda a, d, k: a.sum(d, keepdim=k), unary(), args_for=dim_and_keepdim),
    Case("sum_dims", lambda a, d, k: a.sum(d, keepdim=k), unary(min_dims=1), args_for=dims_and_keepdim),
    Case("sum_to_size", lambda a: a.sum_to_size(3, 1), fixed(((2, 3, 4),), ((3, 4),))),
    Case("mean", lambda a: a.mean(), unary()),
    Case("mean_dim", lambda a, d, k: torch.mean(a, d, keepdim=k), unary(), args_for=dim_and_keepdim),
    Case("mean_dims", lambda a, d, k: a.mean(dim=d, keepdim=k), unary(min_dims=1), args_for=dims_and_keepdim),
    Case("max", lambda a: a.max(), unary(), (DISTINCT,), second_order=True),
    Case("max_dim", lambda a, d, k: a.max(d, keepdim=k).values, unary(), (DISTINCT,), dim_and_keepdim,
         second_order=True),
    Case("max_dim_tuple", lambda a, d, k: torch.max(a, d, k)[0], unary(min_dims=1), (DISTINCT,), dim_and_keepdim),
    Case("min", lambda a: torch.min(a), unary(), (DISTINCT,)),
    Case("min_dim", lambda a, d, k: a.min(d, keepdim=k).values, unary(), (DISTINCT,), dim_and_keepdim),
    Case("max_ties", lambda a: a.max(), unary(), (TIES,), formula_only=True),
    Case("min_ties", lambda a: a.min(), unary(), (TIES,), formula_only=True),
    Case(
        "max_dim_ties", lambda a, d, k: a.max(d, keepdim=k).values, unary(), (TIES,), dim_and_keepdim, formula_only=True
    ),
    # products
    Case("matmul", lambda a, b: a @ b, MATMUL_SHAPES, second_order=True),
    Case("matmul_function", lambda a, b: torch.matmul(a, b), MATMUL_SHAPES[:4], second_order=True),
    Case("mm", lambda a, b: a.mm(b), fixed(((2, 3), (3, 4)), ((1, 1), (1, 1))), second_order=True),
    Case("mv", lambda a, b: torch.mv(a, b), fixed(((2, 3), (3,)), ((1, 4), (4,))), second_order=True),
    Case("dot", lambda a, b: a.dot(b), fixed(((3,), (3,)), ((1,), (1,))), second_order=True),
    Case("outer", lambda a, b: torch.outer(a, b), fixed(((3,), (2,))), second_order=True),
    Case("linear", lambda x, w, b: F.linear(x, w, b), fixed(((2, 3), (4, 3), (4,))), second_order=True),
    Case("linear_1d", lambda x, w, b: F.linear(x, w, b), fixed(((3,), (4, 3), (4,)))),
    Case("linear_3d", lambda x, w, b: F.linear(x, w, b), fixed(((2, 2, 3), (4, 3), (4,)))),
    Case("linear_no_bias", lambda x, w: F.linear(x, w), fixed(((2, 3), (4, 3)))),
    Case("nn_linear", lambda x, w, b: torch.nn.functional.linear(x, w, b), fixed(((5, 3), (2, 3), (1, 2)))),
    Case("mse_loss_mean", _mse("mean"), fixed(((2, 3), (2, 3)), ((), ())), second_order=True),
    Case("mse_loss_sum", _mse("sum"), fixed(((2, 3), (2, 3)), ((4,), (4,))), second_order=True),
    Case("mse_loss_none", _mse("none"), fixed(((2, 3), (2, 3)), ((4,), (4,))), second_order=True),
    Case("mse_loss_broadcast", _mse_broadcast, fixed(((2, 3), (3,)), ((3, 1), (1, 2)))),
    # views and reshapes
    Case("t", lambda a: a.t(), fixed(((2, 3),), ((3,),), ((),))),
    Case("t_function", lambda a: torch.t(a) * 1, fixed(((3, 1),))),
    Case("transpose", lambda a, d0, d1: a.transpose(d0, d1), unary(min_dims=1), args_for=two_dims),
    Case("mT", lambda a: a.mT, fixed(((2, 3),), ((2, 3, 4),))),
    Case("T", _reversed_t, fixed(((2, 3),), ((2, 3, 4),))),
    Case("permute", lambda a, p: a.permute(p), unary(), args_for=permutation),
    Case("permute_function", lambda a, p: torch.permute(a, p), unary(min_dims=2), args_for=permutation),
    Case("reshape", lambda a, s: a.reshape(s), unary(), args_for=reshape_target),
    Case("reshape_noncontiguous", lambda a: a.t().reshape(-1), fixed(((2, 3),), ((3, 3),))),
    Case("reshape_noncontiguous_3d", lambda a: a.transpose(0, 2).reshape(2, -1), fixed(((2, 3, 2),))),
    Case("view", lambda a, s: a.view(s), unary(), args_for=reshape_target),
    Case("view_as", lambda a: a.view_as(a.t()), fixed(((2, 3),))),
    Case("reshape_as", lambda a, b: a.t().reshape_as(b) * b, fixed(((2, 3), (6,)), ((2, 3), (3, 2)))),
    Case("flatten", lambda a: a.flatten(), unary()),
    Case("flatten_dims", lambda a: torch.flatten(a, 1, 2), fixed(((2, 3, 2, 2),), ((2, 3, 2),))),
    Case("squeeze", lambda a: a.squeeze(), fixed(((1, 3, 1),), ((1,),), ((2, 3),))),
    Case("squeeze_dim", lambda a, d: a.squeeze(d), fixed(((1, 3, 1),), ((2, 1),)), args_for=a_dim),
    Case("squeeze_dims", lambda a: a.squeeze((0, -1)), fixed(((1, 3, 1),), ((2, 1, 1),), ((1, 2),))),
    Case("unsqueeze", lambda a, d: a.unsqueeze(d), unary(), args_for=lambda s: a_dim(s, extra=1)),
    # the in-place forms change a tensor's shape, not its memory (TBackward1, ...): on a copy, as a leaf refuses them
    Case("t_", lambda a: (a * 1).t_() * a.t(), fixed(((2, 3),), ((3,),), ((),))),
    Case("transpose_", lambda a: (a * 1).transpose_(0, -1).swapdims_(0, 1).swapaxes_(1, 0),
         fixed(((2, 3, 2),), ((2, 3),))),
    Case("squeeze_", lambda a: (a * 1).squeeze_(), fixed(((1, 3, 1),), ((1,),))),
    Case("squeeze_dims_", lambda a: (a * 1).squeeze_(0).squeeze_((0, -1)), fixed(((1, 1, 3, 1),))),
    Case("unsqueeze_", lambda a, d: (a * 1).unsqueeze_(d), unary(), args_for=lambda s: a_dim(s, extra=1)),
    Case("expand", lambda a: a.expand(2, 3, 4), fixed(((3, 1),), ((4,),), ((),), ((1, 3, 4),))),
    Case("expand_minus_one", lambda a: a.expand(2, -1, 4), fixed(((3, 1),))),
    Case("expand_as", lambda a, b: a.expand_as(b) * b, fixed(((3, 1), (2, 3, 4)), ((), (2,))), second_order=True),
    # indexing
    Case("index_int", lambda a: a[1], fixed(((3, 4),), ((3,),))),
    Case("index_negative_int", lambda a: a[-1], fixed(((3, 4),), ((2, 2, 2),))),
    Case("index_slice_step", lambda a: a[::2], fixed(((5, 2),), ((4,),))),
    Case("index_slice_range", lambda a: a[1:3, ::2], fixed(((4, 5),))),
    Case("index_int_slice", lambda a: a[0, 1:], fixed(((3, 4),), ((2, 3, 2),))),
    Case("index_ellipsis", lambda a: a[..., 0], fixed(((3, 4),), ((2, 3, 2),), ((3,),))),
    Case("index_whole", lambda a: a[...] * a, fixed(((3, 4),), ((),))),
    Case("index_none", lambda a: a[None], fixed(((3,),), ((),))),
    Case("index_none_combo", lambda a: a[:, None, 1], fixed(((3, 4),))),
    Case("index_full", lambda a: a[:], fixed(((3,),))),
    Case("index_mask", lambda a, m: a[_tensor(m)], unary(min_dims=1), args_for=mask_of),
    Case("index_mask_rows", lambda a: a[_tensor([True, False, True])], fixed(((3, 2),))),
    Case("index_list", lambda a, i: a[i], unary(min_dims=1), args_for=index_list),
    Case("index_tensor_repeats", lambda a: a[_tensor([2, 0, 2, 1, 2])], fixed(((3,),), ((3, 2),))),
    Case("index_int_list_combo", lambda a: a[1, [0, 0, 2]], fixed(((2, 3),))),
    Case("index_slice_list_combo", lambda a: a[1:, [0, 0]], fixed(((3, 2),))),
    Case("index_two_lists", lambda a: a[[0, 1, 1], [2, 0, 2]], fixed(((2, 3),))),
    Case("index_2d_tensor", lambda a: a[_tensor([[0, 1], [1, 1]])], fixed(((3,),), ((2, 3),))),
    Case("index_bool_list", lambda a: a[[True, False, True]], fixed(((3,),), ((3, 2),))),
    Case("select_backward", lambda g: select_backward(g, (3, 4), 1, 2), fixed(((3,),))),
    Case("slice_backward", lambda g: slice_backward(g, (5, 2), 0, 1, 5, 2), fixed(((2, 2),))),
    Case("index_backward", lambda g: index_backward(g, (3,), (np.array([2, 0, 2]),)), fixed(((3,),))),
    # joining and splitting
    Case("cat", lambda a, b: torch.cat([a, b]), fixed(((2, 3), (1, 3)), ((2,), (3,)))),
    Case("concat", lambda a, b: torch.concat((a, b), 1), fixed(((2, 1), (2, 3)))),
    Case("cat_dim", lambda a, b, c: torch.cat((a, b, c), dim=-1), fixed(((2, 1), (2, 3), (2, 2)))),
    Case("stack", lambda a, b: torch.stack([a, b]), fixed(((2, 3), (2, 3)), ((), ()))),
    Case(
        "stack_dim",
        lambda a, b, d: torch.stack([a, b], d),
        fixed(((2, 3), (2, 3))),
        args_for=lambda s: a_dim(s, extra=1),
    ),
    Case("split", lambda a, n: a.split(n), unary(min_dims=1), args_for=split_size),
    Case("split_sizes", lambda a: torch.split(a, [1, 3], dim=1), fixed(((2, 4),))),
    Case("unbind", lambda a, d: a.unbind(d), unary(min_dims=1), args_for=a_dim),
    Case("chunk", lambda a: a.chunk(2, dim=-1), fixed(((2, 5),), ((4,),))),
    # in-place ops inside a graph
    Case("add_", _inplace("add_"), inplace_binary()),
    Case("add_alpha_", _inplace("add_", alpha=2.0), fixed(((2, 3), (3,)))),
    Case("sub_", _inplace("sub_"), inplace_binary()),
    Case("mul_", _inplace("mul_"), inplace_binary(), second_order=True),
    Case("mul_number_", _inplace("mul_", 3.0), unary()),
    Case("div_", _inplace("div_"), inplace_binary(), (REAL, NONZERO), second_order=True),
    Case("pow_", _inplace("pow_", 2), unary(), second_order=True),
    Case("clamp_", _inplace("clamp_", min=-0.5, max=0.5), unary(), (Domain(avoid=(-0.5, 0.5)),)),
    Case("iadd", _iadd, inplace_binary()),
    Case("isub_imul_itruediv", _isub_imul_idiv, fixed(((2, 3), (3,), (2, 1), ())), (REAL, REAL, REAL, DIVISOR)),
    Case("zero_", _zero, unary()),
    Case("fill_", _fill, unary()),
    Case("copy_", _inplace("copy_"), fixed(((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 3), ()))),
    Case("setitem_slice", _setitem_slice, fixed(((3, 4), (2,)), ((3, 4), ()))),
    Case("setitem_mask", _setitem_mask, fixed(((2, 3), ())), args_for=mask_of),
    Case("setitem_mask_number", _setitem_mask_number, unary(min_dims=1), args_for=mask_of),
    Case("setitem_list", _setitem_list, fixed(((3,), ()), ((3, 2), (2,)), ((3, 2), (2, 2)))),
    Case("setitem_int", _setitem_int, fixed(((3,), ()), ((2, 3), (3,)))),
    Case("mul_through_view", _mul_through_view, fixed(((3,), (2,)), ((3, 2), ()), ((3, 2), (2, 2))),
         second_order=True),
    Case("exp_through_transposed_view", _exp_through_transposed_view, fixed(((2, 3),), ((3, 3),)), second_order=True),
    Case("view_after_base_changed", _view_after_base_changed, fixed(((2, 3),), ((2,),)), second_order=True),
    Case("iadd_through_view", _iadd_through_view, fixed(((2, 3), (3,)), ((3,), ()))),
    Case("view_scatter", _view_scatter, fixed(((3, 4), (2, 2)), ((3, 4), (1,))), second_order=True),
]

# the ops of the beginner material (docs/beginner_api.md) have their cases in a module of their own
from op_catalogue_api import API_CATALOGUE  # noqa: E402
from op_catalogue_distributions import DISTRIBUTIONS_CATALOGUE  # noqa: E402
from op_catalogue_everyday import EVERYDAY_CATALOGUE  # noqa: E402
from op_catalogue_layers import LAYERS_CATALOGUE  # noqa: E402
from op_catalogue_linalg import LINALG_CATALOGUE  # noqa: E402
from op_catalogue_losses import LOSSES_CATALOGUE  # noqa: E402
from op_catalogue_tensorfns import TENSORFNS_CATALOGUE  # noqa: E402
from op_catalogue_utilities import UTILITIES_CATALOGUE  # noqa: E402

CATALOGUE += API_CATALOGUE + EVERYDAY_CATALOGUE + LAYERS_CATALOGUE + LINALG_CATALOGUE + LOSSES_CATALOGUE
CATALOGUE += TENSORFNS_CATALOGUE + UTILITIES_CATALOGUE + DISTRIBUTIONS_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_attention").ATTENTION_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_sequences").SEQUENCES_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_programs").PROGRAMS_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_layers3d").LAYERS3D_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_vision").VISION_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_special").SPECIAL_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_nn_more").NN_MORE_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_linalg_lu").LINALG_LU_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_nn_grad").NN_GRAD_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_vision_more").VISION_MORE_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_double_backward").DOUBLE_BACKWARD_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_tutorials").TUTORIALS_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_students").STUDENTS_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_double_backward2").DOUBLE_BACKWARD2_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_double_backward3").DOUBLE_BACKWARD3_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_views").VIEWS_CATALOGUE
CATALOGUE += importlib.import_module("op_catalogue_torch_functions").TORCH_FUNCTIONS_CATALOGUE
BY_NAME = {case.name: case for case in CATALOGUE}
assert len(BY_NAME) == len(CATALOGUE), "catalogue names must be unique"


def shape_sets(case):
    """(case, shape set, test id) for every shape set of every case."""
    for i, shapes in enumerate(case.shapes):
        label = "x".join(str(list(s)) for s in shapes) if isinstance(shapes, tuple) else f"explored{i}"
        yield case, shapes, f"{case.name}-{label}"


ALL_SHAPE_SETS = [p for case in CATALOGUE for p in shape_sets(case)]
SMOOTH_SHAPE_SETS = [p for p in ALL_SHAPE_SETS if not p[0].formula_only]


def draw_call(data, case, shapes):
    """Draw one call of ``case``: the float64 arrays of its differentiable inputs, and its other arguments."""
    if not isinstance(shapes, tuple):
        shapes = data.draw(shapes, label="shapes")
    arrays = tuple(data.draw(case.domain(i).array(s), label=f"input {i}") for i, s in enumerate(shapes))
    args = data.draw(case.args_for(shapes), label="args") if case.args_for else ()
    return arrays, args


def call(case, arrays, args, requires_grad=True):
    """Run ``case`` on float64 leaves made from ``arrays``; returns (leaves, outputs as a tuple)."""
    if isinstance(requires_grad, bool):
        requires_grad = (requires_grad,) * len(arrays)
    leaves = [torch.tensor(a, dtype=torch.float64, requires_grad=r) for a, r in zip(arrays, requires_grad)]
    out = case.fn(*leaves, *args)
    return leaves, out if isinstance(out, tuple) else (out,)


def all_ops():
    """Every built-in op class (each subclass of Op, however deep) in every minigrad module; not the node
    types derived from them (``MulBackward0`` for ``Mul``), nor bases that are no op (``IndexingOp``: no node name)."""
    for module in pkgutil.walk_packages(torch.__path__, "minigrad."):
        importlib.import_module(module.name)
    found, todo = set(), [Op]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found and sub is not sub._node_type:
                found.add(sub)
                todo.append(sub)
    return {op for op in found if op.node_name is not None}
