"""Catalogue cases for everyday; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

from op_catalogue import DISTINCT, NO_KINK_AT_0, POSITIVE, Case, Domain, fixed, unary

import minigrad as torch


def _through(function, *args):
    """``torch.<function>(y, *args)`` (a torch-level in-place function) on ``y = x * 1``, then ``y`` used again."""

    def fn(x):
        y = x * 1
        getattr(torch, function)(y, *args)
        return y * 1.5

    return fn


def _compare_inplace(x, other):
    """Each in-place comparison on ``y = x * 1`` with a tensor (GtBackward1, ...) and with a number (GtBackward0,
    ...), all with zero gradients, then ``y`` used with ``x`` again (``x`` and ``other`` never tie, nor does ``y``,
    0 or 1 after the first, with either)."""
    y = x * 1
    for name in ("gt_", "ge_", "lt_", "le_", "eq_", "ne_", "greater_", "less_equal_"):
        getattr(y, name)(other)
        getattr(y, name)(0.25)
    return y * x + other * 1


def _fill_out(x, value):
    """``torch.fill(x, value)`` (FillBackward1: ``value`` gets the sum of the gradient) and ``torch.fill(x, 2.)``
    (FillBackward0), used with ``x``."""
    return torch.fill(x, value) * x + torch.fill(x, 2.0)


_UNIT = Domain(-0.9, 0.9)

EVERYDAY_CATALOGUE = [
    Case("everyday_adjoint", lambda a: torch.adjoint(a), fixed(((2, 3),), ((2, 2, 3),)), second_order=True),
    Case("everyday_H", lambda a: a.H * 1.5, fixed(((2, 3),), ((3, 3),)), second_order=True),
    Case("everyday_torch_exp_", _through("exp_"), unary(), second_order=True),
    Case("everyday_torch_tanh_", _through("tanh_"), unary(), second_order=True),
    Case("everyday_torch_arcsin_", _through("arcsin_"), unary(), (_UNIT,), second_order=True),
    Case("everyday_torch_sqrt_", _through("sqrt_"), unary(), (POSITIVE,), second_order=True),
    Case("everyday_torch_clamp_", _through("clamp_", -0.5, 0.5), unary(), (Domain(avoid=(-0.5, 0.5)),)),
    Case("everyday_torch_xlogy_", _through("xlogy_", 2.0), unary(), (POSITIVE,), second_order=True),
    Case("everyday_torch_celu_", _through("celu_", 1.5), unary(), (Domain(avoid=(0.0,)),)),
    Case("everyday_comparisons_", _compare_inplace, fixed(((2, 3), (3,)), ((3,), (3,))),
         (Domain(0.5, 2.0), Domain(-2.0, -0.5))),
    Case("everyday_channels_last", lambda a: a.contiguous(memory_format=torch.channels_last) * a,
         fixed(((2, 3, 2, 2),), ((1, 2, 1, 3),)), second_order=True),
    Case("everyday_fill_tensor", _fill_out, fixed(((2, 3), ()), ((3,), ()))),
    # second derivatives through the graphs torch records for the first (parity: cases_double_backward4.py)
    Case("everyday_var_dims_correction", lambda a: a.var(1, correction=2) + a.var((0, 1), keepdim=True) + a.var(),
         fixed(((2, 4),), ((3, 3),)), (DISTINCT,), second_order=True),
    Case("everyday_var_one_dim", lambda a: a.var(0) * a, fixed(((4,),)), (DISTINCT,), second_order=True),
    Case("everyday_std_all_and_dims", lambda a: torch.std(a) + a.std(0, keepdim=True, unbiased=False),
         fixed(((3,),), ((2, 3),)), (DISTINCT,), second_order=True),
    Case("everyday_var_mean_std_mean", lambda a: _pair(torch.var_mean(a)) + _pair(torch.std_mean(a, 1, keepdim=True)),
         fixed(((2, 3),)), (DISTINCT,), second_order=True),
    Case("everyday_norm_dims", lambda a: a.norm(dim=1) + a.norm(dim=(0, 1), keepdim=True) * a.norm(3, dim=0)[0],
         fixed(((2, 3),)), (NO_KINK_AT_0,), second_order=True),
    Case("everyday_vector_norm_orders", lambda a: torch.linalg.vector_norm(a, 1.5) + torch.linalg.vector_norm(a, 1.5, 1)
         + torch.linalg.vector_norm(a, 0.5, 1) + torch.linalg.vector_norm(a, 3), fixed(((2, 3),)), (NO_KINK_AT_0,),
         second_order=True),
    Case("everyday_logit_eps", lambda a: a.logit(0.2), unary(), (Domain(0.25, 0.75),), second_order=True),
    Case("everyday_remainder_tensor", lambda a, b: torch.remainder(a, b) * b + torch.fmod(a, b) * a,
         fixed(((2, 3), (3,))), (Domain(0.1, 0.9), Domain(1.1, 2.0)), second_order=True),
    # prod over zeros, differentiated twice through torch's prod_safe_zeros_backward (cat, cumprod, flip)
    Case("everyday_prod_zeros", lambda a: (a * torch.tensor([1.0, 0.0, 1.0], dtype=a.dtype)).prod(1).sum()
         + (a * torch.tensor([[1.0, 1.0, 1.0], [1.0, 0.0, 1.0]], dtype=a.dtype)).prod()
         + (a * torch.tensor([0.0, 1.0, 1.0], dtype=a.dtype)).prod(0, keepdim=True).sum(), fixed(((2, 3),)),
         (NO_KINK_AT_0,), second_order=True),
]


def _pair(results):
    """Both outputs of ``var_mean`` or ``std_mean``, added with weights (both gradients reach the one node)."""
    return results[0] * 1.5 + results[1]
