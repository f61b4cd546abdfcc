"""Catalogue cases for tensorfns; ``op_catalogue.CATALOGUE`` includes them. Import ``op_catalogue``, which imports
this module."""

import warnings

from op_catalogue import DISTINCT, DISTINCT_ODD, NONZERO, POSITIVE, REAL, Case, Domain, fixed  # noqa: F401

import minigrad as torch

_INDEX = [[0, 1, 2, 0], [2, 2, 1, 0]]  # for self (3, 4), src (2, 4): position (2, 1) gets two elements
_ONCE = [[0, 1, 2, 0], [2, 0, 1, 1]]  # each position of self (3, 4) gets at most one element (no ties for amax)


def _scatter_reduce(reduce, include_self=True, index=_INDEX):
    def fn(x, s):
        return torch.scatter_reduce(x, 0, torch.tensor(index), s, reduce, include_self=include_self)

    return fn


def _index_reduce(reduce, index, include_self=True, dim=0):
    def fn(x, s):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # torch's beta warning
            return torch.index_reduce(x, dim, torch.tensor(index), s, reduce, include_self=include_self)

    return fn


def _in_place(method, *before, **kwargs):
    """x * 1 (a non-leaf in the graph), modified in place by ``method(*before, *others, **kwargs)``, then used again."""

    def fn(x, *others):
        y = x * 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            getattr(y, method)(*before, *others, **kwargs)
        return y * 1.5

    return fn


def _pieces_sum(pieces):
    """The pieces of a split, weighted differently and put back together (every piece reaches the output)."""
    return torch.cat([p * (i + 1) * p for i, p in enumerate(pieces)], -1)


_XS = fixed(((3, 4), (2, 4)))


def _put_rows(x, v):
    """rows 1 and 2 of a copy of x set to v, which broadcasts (torch's copy_to views it, then expands it)"""
    y = x * 1
    y[1:3] = v
    return y * 1.5


_MASK = [[True, False, True, False], [False, True, True, False], [True, False, False, True]]

TENSORFNS_CATALOGUE = [
    # scatter_add, scatter_reduce, index_reduce, masked_scatter, put
    Case("tensorfns_scatter_add", lambda x, s: torch.scatter_add(x, 0, torch.tensor(_INDEX), s), _XS,
         second_order=True),
    Case("tensorfns_scatter_add_", _in_place("scatter_add_", 1, torch.tensor(_INDEX)), _XS),
    Case("tensorfns_scatter_reduce_sum", _scatter_reduce("sum", False), _XS, second_order=True),
    Case("tensorfns_scatter_reduce_prod", _scatter_reduce("prod"), _XS, (NONZERO,), second_order=True),
    Case("tensorfns_scatter_reduce_prod_exclude", _scatter_reduce("prod", False), _XS, (NONZERO,), second_order=True),
    Case("tensorfns_scatter_reduce_mean", _scatter_reduce("mean"), _XS, second_order=True),
    Case("tensorfns_scatter_reduce_mean_exclude", _scatter_reduce("mean", False), _XS, second_order=True),
    Case("tensorfns_scatter_reduce_amax", _scatter_reduce("amax", index=_ONCE), _XS, (DISTINCT, DISTINCT_ODD),
         second_order=True),
    Case("tensorfns_scatter_reduce_amin_exclude", _scatter_reduce("amin", False, _INDEX), _XS, (REAL, DISTINCT),
         second_order=True),
    Case("tensorfns_scatter_reduce_", _in_place("scatter_reduce_", 0, torch.tensor(_INDEX), reduce="mean"), _XS),
    Case("tensorfns_index_reduce_prod", _index_reduce("prod", [0, 2, 0]), fixed(((3, 4), (3, 4))), (NONZERO,),
         second_order=True),
    Case("tensorfns_index_reduce_prod_exclude", _index_reduce("prod", [2, 2], False, 1), fixed(((3, 4), (3, 2))),
         (NONZERO,), second_order=True),
    Case("tensorfns_index_reduce_mean", _index_reduce("mean", [1, 1, 0], False), fixed(((3, 4), (3, 4)), ((3,), (3,))),
         second_order=True),
    Case("tensorfns_index_reduce_amax", _index_reduce("amax", [1, 0]), fixed(((3, 4), (2, 4))),
         (DISTINCT, DISTINCT_ODD), second_order=True),
    Case("tensorfns_index_reduce_amin", _index_reduce("amin", [1, 1], False), fixed(((3, 4), (2, 4))),
         (REAL, DISTINCT), second_order=True),
    Case("tensorfns_masked_scatter", lambda x, s: torch.masked_scatter(x, torch.tensor(_MASK), s),
         fixed(((3, 4), (2, 4)), ((4,), (6,))), second_order=True),
    Case("tensorfns_masked_scatter_", _in_place("masked_scatter_", torch.tensor(_MASK)), _XS),
    Case("tensorfns_put", lambda x, s: torch.put(x, torch.tensor([0, 11, -2]), s),
         fixed(((3, 4), (3,)), ((3, 4), (1, 3))), second_order=True),
    Case("tensorfns_put_accumulate", lambda x, s: x.put(torch.tensor([[1, 1], [5, 1]]), s, accumulate=True),
         fixed(((2, 3), (2, 2))), second_order=True),
    Case("tensorfns_put_", _in_place("put_", torch.tensor([1, 0])), fixed(((2, 3), (2,)))),
    # fmax, fmin, frexp, msort
    Case("tensorfns_fmax", lambda a, b: torch.fmax(a, b), fixed(((2, 3), (2, 3)), ((2, 3), (3,)), ((3,), ())),
         (DISTINCT, DISTINCT_ODD), second_order=True),
    Case("tensorfns_fmin", lambda a, b: a.fmin(b), fixed(((2, 3), (2, 3)), ((3, 1), (1, 2))), (DISTINCT, DISTINCT_ODD),
         second_order=True),
    Case("tensorfns_frexp", lambda a: torch.frexp(a)[0], fixed(((2, 3),), ((),)), (Domain(0.55, 0.95),),
         second_order=True),
    Case("tensorfns_frexp_large", lambda a: torch.frexp(a * 10).mantissa, fixed(((4,),)), (Domain(1.7, 3.1),),
         second_order=True),
    Case("tensorfns_msort", lambda a: torch.msort(a), fixed(((3, 2),), ((4,),)), (DISTINCT,), second_order=True),
    # diag_embed, diagflat, split_with_sizes and the unsafe splits
    Case("tensorfns_diag_embed", lambda a: torch.diag_embed(a, 1, 0, 2), fixed(((2, 3),), ((1, 3),)),
         second_order=True),
    Case("tensorfns_diag_embed_default", lambda a: a.diag_embed(), fixed(((2, 2, 3),)), second_order=True),
    Case("tensorfns_diagflat", lambda a: torch.diagflat(a.t(), -1), fixed(((2, 3),)), second_order=True),
    Case("tensorfns_split_with_sizes", lambda a: _pieces_sum(a.split_with_sizes([1, 2], 1)), fixed(((2, 3),))),
    Case("tensorfns_unsafe_split", lambda a: _pieces_sum(torch.unsafe_split(a, 2, -1)), fixed(((2, 3),))),
    Case("tensorfns_unsafe_chunk", lambda a: _pieces_sum(a.unsafe_chunk(2, 0)), fixed(((4, 2),))),
    Case("tensorfns_unsafe_split_with_sizes", lambda a: _pieces_sum(torch.unsafe_split_with_sizes(a, [2, 0, 1], 1)),
         fixed(((2, 3),)), second_order=True),
    # cartesian_prod, combinations, renorm (torch's vander cannot be differentiated: its backward fails in torch)
    Case("tensorfns_cartesian_prod", lambda a, b: torch.cartesian_prod(a, b), fixed(((3,), (2,)))),
    Case("tensorfns_cartesian_prod_three", lambda a, b: torch.cartesian_prod(a, b, a), fixed(((2,), (3,))),
         second_order=True),
    Case("tensorfns_combinations", lambda a: torch.combinations(a, 3), fixed(((4,),))),
    Case("tensorfns_combinations_with_replacement", lambda a: torch.combinations(a, with_replacement=True),
         fixed(((3,),)), second_order=True),
    Case("tensorfns_renorm", lambda a: torch.renorm(a, 2, 0, 0.01), fixed(((2, 3),), ((3, 2, 2),)), (POSITIVE,),
         second_order=True),
    Case("tensorfns_renorm_p3", lambda a: a.renorm(3, -1, 0.05), fixed(((2, 3),)), (POSITIVE,), second_order=True),
    Case("tensorfns_renorm_p1_kept", lambda a: torch.renorm(a, 1, 1, 100.0), fixed(((2, 3),)), (POSITIVE,)),
    Case("tensorfns_renorm_", _in_place("renorm_", 2, 1, 0.01), fixed(((2, 3),)), (POSITIVE,)),
    # indexing's backward as torch records it under create_graph=True (IndexAdd, ScatterAdd, IndexFill ops)
    Case("tensorfns_take_along_dim", lambda a: torch.take_along_dim(a, torch.tensor([[0, 2], [1, 1]]), -1),
         fixed(((2, 3),)), second_order=True),
    Case("tensorfns_gather_negative_dim", lambda a: a.gather(-2, torch.tensor([[0, 1, 1], [1, 0, 0]])),
         fixed(((2, 3),)), second_order=True),
    Case("tensorfns_index_select_negative_dim", lambda a: a.index_select(-1, torch.tensor([2, 0, 2])),
         fixed(((2, 3),), ((3,),)), second_order=True),
    Case("tensorfns_index_add_alpha", lambda x, s: x.index_add(1, torch.tensor([0, 2, 0]), s, alpha=-1.5),
         fixed(((2, 3), (2, 3))), second_order=True),
    Case("tensorfns_trace_not_square", lambda a: a.trace(), fixed(((3, 1),), ((2, 4),)), second_order=True),
    Case("tensorfns_setitem_broadcast", _put_rows, fixed(((3, 4), (4,)), ((3, 4), (1, 4)), ((3, 4), (1,))),
         second_order=True),
]

