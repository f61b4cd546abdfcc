"""Catalogue cases for strided views: ``as_strided`` (reading each storage element once, or several times),
``as_strided_scatter``, ``fill_diagonal_`` and torch's ``*_copy`` functions; ``op_catalogue.CATALOGUE`` includes
them. Import ``op_catalogue``, which imports this module."""

from op_catalogue import Case, fixed

import minigrad as torch


def _pieces_sum(pieces):
    """The pieces of an unbind or split, weighted differently and put back together (every piece reaches the output)."""
    return torch.cat([(p * (i + 1) * p).reshape(-1) for i, p in enumerate(pieces)])


def _scatter_src(s):
    """src's gradient only: torch's as_strided_scatter gives self the gradient where src went (not the true one)."""
    return torch.as_strided_scatter(torch.zeros(2, 3, dtype=torch.float64), s, (2, 2), (1, 2), 1)


def _fill_diagonal(x):
    y = x * 1
    y.fill_diagonal_(0.5, wrap=True)
    return y * y


def _as_strided_gradient(x):
    """as_strided's gradient as a function of x (its backward, StridedTransfer, recorded with create_graph)."""
    with torch.enable_grad():  # the central differences run the case under no_grad, on leaves without grad
        leaf = x if x.requires_grad else x.detach().requires_grad_()
        y = torch.as_strided(leaf, (3, 3), (1, 1), 1)
        (g,) = torch.autograd.grad((y * y * torch.arange(1.0, 10.0, dtype=x.dtype).reshape(3, 3)).sum(), leaf,
                                   create_graph=True)
    return g


_X23 = fixed(((2, 3),))

VIEWS_CATALOGUE = [
    Case("views_as_strided", lambda x: x.as_strided((2, 2), (1, 3)) ** 2, _X23, second_order=True),
    Case("views_as_strided_overlapping", lambda x: torch.as_strided(x, (3, 3), (1, 1), 1) ** 2, _X23,
         second_order=True),
    Case("views_as_strided_of_view", lambda x: x[1].as_strided((2, 2), (1, 1)) ** 2, _X23, second_order=True),
    Case("views_as_strided_of_expanded", lambda x: x.expand(2, 3).as_strided((2, 2), (1, 1)) ** 2, fixed(((3,),)),
         second_order=True),
    Case("views_as_strided_gradient", _as_strided_gradient, _X23, second_order=True),
    Case("views_as_strided_scatter_src", lambda s: _scatter_src(s) ** 2, fixed(((2, 2),)), second_order=True),
    Case("views_as_strided_scatter_self", lambda x: torch.as_strided_scatter(x, torch.ones(2, 2, dtype=x.dtype),
                                                                      (2, 2), (1, 2), 1) ** 2,
         _X23, formula_only=True),  # torch's gradient of self (kept where src went) is not the true one
    Case("views_fill_diagonal", _fill_diagonal, fixed(((5, 2),), ((3, 3),)), second_order=True),
    Case("views_view_copy", lambda x: torch.view_copy(x, (3, 2)) ** 2, _X23, second_order=True),
    Case("views_t_copy", lambda x: torch.t_copy(x) ** 2, _X23, second_order=True),
    Case("views_transpose_copy", lambda x: torch.transpose_copy(x, 0, 1) ** 2, _X23, second_order=True),
    Case("views_permute_copy", lambda x: torch.permute_copy(x, (1, 0)) ** 2, _X23, second_order=True),
    Case("views_expand_copy", lambda x: torch.expand_copy(x, (2, 3)) ** 2, fixed(((3,),)), second_order=True),
    Case("views_squeeze_copy", lambda x: torch.squeeze_copy(x, 0) ** 2, fixed(((1, 3),)), second_order=True),
    Case("views_unsqueeze_copy", lambda x: torch.unsqueeze_copy(x, 1) ** 2, _X23, second_order=True),
    Case("views_diagonal_copy", lambda x: torch.diagonal_copy(x, 1) ** 2, _X23, second_order=True),
    Case("views_select_copy", lambda x: torch.select_copy(x, 1, 2) ** 2, _X23, second_order=True),
    Case("views_slice_copy", lambda x: torch.slice_copy(x, 1, 0, 3, 2) ** 2, _X23, second_order=True),
    Case("views_alias_copy", lambda x: torch.alias_copy(x) ** 2, _X23, second_order=True),
    Case("views_unfold_copy", lambda x: torch.unfold_copy(x, 1, 2, 1) ** 2, _X23, second_order=True),
    Case("views_as_strided_copy", lambda x: torch.as_strided_copy(x, (2,), (2,), 1) ** 2, _X23, second_order=True),
    Case("views_unbind_copy", lambda x: _pieces_sum(torch.unbind_copy(x, 1)), _X23, second_order=True),
    Case("views_split_copy", lambda x: _pieces_sum(torch.split_copy(x, 2, 1)), _X23, second_order=True),
    Case("views_split_with_sizes_copy", lambda x: _pieces_sum(torch.split_with_sizes_copy(x, [1, 2], 1)), _X23,
         second_order=True),
]
