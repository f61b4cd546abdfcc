"""torch's ``*_copy`` functions (``t_copy``, ``select_copy`` ...): the view op followed by a copy, so the result
owns its memory; its node is the view op's under torch's name for the copying form (``TBackward0_copy``)."""

import inspect

import numpy as np

from .ops.indexing import Slice
from .ops.not_implemented import record_not_implemented
from .ops.shape import Alias
from .outputs import write_out
from .tensor import Tensor

_COPY_TYPES = {}


def _copy_type(node_type):
    """The node type torch records for the copying form of a view op: ``<name>_copy``, the same backward."""
    kind = _COPY_TYPES.get(node_type)
    if kind is None:
        name = node_type.node_name + "_copy"
        kind = _COPY_TYPES[node_type] = type(name, (node_type,), {"_is_node_type": True, "__module__": "builtins",
                                                                   "node_name": name})
    return kind


def copy_of_view(view):
    """A tensor owning a contiguous copy of ``view``'s elements, with ``view``'s history under the ``_copy`` node."""
    result = Tensor._wrap(np.ascontiguousarray(view._data).copy())
    node = view.grad_fn
    if node is not None:
        if type(node) not in _COPY_TYPES.values():  # the outputs of unbind_copy share one node
            node.__class__ = _copy_type(type(node))
        result.grad_fn, result._requires_grad, result._output_nr = node, True, view._output_nr
    return result


def _copying(name, view):
    def function(input, *args, out=None, **kwargs):
        if out is not None:
            return write_out(name, out, lambda: function(input, *args, **kwargs), input)
        result = view(input, *args, **kwargs)
        return tuple(copy_of_view(t) for t in result) if isinstance(result, (tuple, list)) else copy_of_view(result)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Mirror ``torch.{name}``: ``{name[:-5]}`` followed by a copy (its node ``<...>_copy``)."
    # the view's own parameters after the tensor, for help() and the keywords torch's parser takes
    taken = list(inspect.signature(view).parameters.values())[1:]
    function.__signature__ = inspect.Signature([inspect.Parameter("input", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                                                *taken, inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY,
                                                                          default=None)])  # fmt: skip
    return function


def detach_copy(input):
    """Mirror ``torch.detach_copy``: a copy out of the graph, except that torch gives it a NotImplemented node when
    ``input`` requires grad."""
    return record_not_implemented(Tensor._wrap(np.ascontiguousarray(input._data).copy()), [input], "detach_copy")


_VIEWS = {
    "view_copy": Tensor.view, "t_copy": Tensor.t, "transpose_copy": Tensor.transpose, "permute_copy": Tensor.permute,
    "expand_copy": Tensor.expand, "squeeze_copy": Tensor.squeeze, "unsqueeze_copy": Tensor.unsqueeze,
    "diagonal_copy": Tensor.diagonal, "select_copy": Tensor.select, "unbind_copy": Tensor.unbind,
    "split_copy": Tensor.split, "split_with_sizes_copy": Tensor.split_with_sizes, "unfold_copy": Tensor.unfold,
}


def _slice(input, dim=0, start=None, end=None, step=1):
    dim = input._wrap_dim(dim)
    begin, stop, step = slice(start, end, step).indices(input.shape[dim])
    return Slice.apply(input, dim=dim, start=begin, end=stop, step=step)


for _name, _view in _VIEWS.items():
    globals()[_name] = _copying(_name, _view)
alias_copy = _copying("alias_copy", lambda t: Alias.apply(t, shape=tuple(t.shape)))
slice_copy = _copying("slice_copy", _slice)

__all__ = [*_VIEWS, "alias_copy", "slice_copy", "detach_copy"]
