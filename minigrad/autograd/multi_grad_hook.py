"""``torch.autograd.graph.register_multi_grad_hook``: one hook over the gradients of several tensors, built, as
torch builds it, from a tensor hook on each and the engine's knowledge of which of them the running backward call
will reach."""

import collections
import functools

from .graph import RemovableHandle


class _MultiHandle(RemovableHandle):
    """Mirror torch's handle of a multi-grad hook: ``remove()`` removes the hook from every tensor."""

    __module__ = "torch.autograd.graph"  # torch's, as repr(handle) shows it

    def __init__(self, handles):
        self.handles = handles

    def remove(self):
        """Unregister the hook from each tensor."""
        for handle in self.handles:
            handle.remove()


def _grad_fn_or_accumulator(t):
    from .gradient_edge import GradientEdge

    if isinstance(t, GradientEdge):
        return t.node
    node = t._edge()[0] if t.requires_grad else t.grad_fn
    if node is None:
        raise AssertionError("Expected gradient function to be set")
    return node


def register_multi_grad_hook(tensors, fn, *, mode="all"):  # noqa: C901
    """Mirror ``torch.autograd.graph.register_multi_grad_hook(tensors, fn, mode="all")``: with ``"all"``, ``fn(grads)``
    runs once per backward call, after the gradient of every tensor that call reaches (None for the others); with
    ``"any"``, ``fn(grad)`` runs on the first of them."""
    from . import engine

    supported_modes = ("all", "any")
    if mode not in supported_modes:
        raise ValueError(f"Expects mode to be one of {supported_modes} but got {mode}")
    if mode == "all":
        count, buffer, nb_calls = {}, {}, None
        grad_fns = [_grad_fn_or_accumulator(t) for t in tensors]

        def get_inner_hook(idx):
            def inner_hook(grad):
                nonlocal nb_calls
                task = engine.current_graph_task_id()
                current = count.get(task, 0)
                buffer.setdefault(task, [None] * len(tensors))
                count[task] = current + 1
                if current == 0:
                    nb_calls = sum(map(engine.will_engine_execute_node, grad_fns))
                buffer[task][idx] = grad
                if current == nb_calls - 1:
                    fn(buffer.pop(task))
                    del count[task]

            return inner_hook

        return _MultiHandle(tuple(t.register_hook(get_inner_hook(i)) for i, t in enumerate(tensors)))

    ran_hook = collections.defaultdict(bool)

    @functools.wraps(fn)
    def wrapped_fn(grad):
        task = engine.current_graph_task_id()
        previous, ran_hook[task] = ran_hook[task], True
        if not previous:
            fn(grad)

    return _MultiHandle(tuple(t.register_hook(wrapped_fn) for t in tensors if t.requires_grad))
