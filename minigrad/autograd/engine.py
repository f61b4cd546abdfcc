"""The backward engine: runs the graph's nodes from the outputs back to the leaves.

It follows PyTorch's engine (torch/csrc/autograd/engine.cpp), minus threads:

1. count, for every node reachable from the outputs, how many edges lead into it;
2. keep the nodes whose incoming gradients have all arrived in a ready queue,
   ordered like torch's: AccumulateGrad first, then the most recently created
   node first (highest sequence number);
3. run a node once, with the gradients for each of its outputs summed; pass
   what it returns along its ``next_functions`` edges.

It is iterative, so a graph 100,000 nodes deep needs no recursion. Each step
can be reported to an observer (:mod:`minigrad.autograd.observer`), which the
step-through widget uses; with none attached, the cost is one ``is None`` test
per node.
"""

import contextlib
import heapq
import itertools

import numpy as np

from ..dtypes import summed
from ..size import shape_text
from ..tracebacks import shown_here
from ..typename import c_type_name
from . import anomaly_mode, grad_mode, graph, observer
from .accumulate_grad import AccumulateGrad
from .function import BackwardCFunction
from .graph import Node
from .observer import BEGIN, CAPTURE, END, FREE, GRADS, HOOK, INPUTS, NODE, NODE_HOOK, NODE_PREHOOK, RETAIN_GRAD

FAST = True  # the fast paths are taken where nothing needs the reference ones (see fast_paths)
whole_graph = True  # the backward running runs every node it reaches: not autograd.grad, nor backward(inputs=...)


@contextlib.contextmanager
def fast_paths(enabled=True):
    """Turn the engine's fast paths on or off inside the block (the tests check both give the same bits)."""
    global FAST
    prev, FAST = FAST, enabled
    try:
        yield
    finally:
        FAST = prev


class GraphRoot(Node):
    """The node torch puts above the outputs: it hands each output its starting gradient."""

    node_name = "GraphRoot"
    _seq_nr = float("inf")

    def __init__(self, edges, grads):
        self.next_functions = tuple(edges)
        self._grads = tuple(grads)
        self._input_meta = tuple(None for _ in edges)

    def name(self):
        """Mirror ``Node.name()`` of torch's root node."""
        return "torch::autograd::GraphRoot"

    def _backward(self, grads):
        return self._grads

    def _backward_arrays(self, grads):
        return self._grads  # arrays on the fast path


def make_grads(outputs, grads):
    """The starting gradient for each output: given, or ones for a scalar (torch's ``_make_grads``)."""
    if grads is None:
        grads = (None,) * len(outputs)
    result = []
    for i, (out, g) in enumerate(zip(outputs, grads)):
        if g is None:
            if out._requires_grad:  # otherwise _check_outputs reports it, as torch's engine does
                if out.numel() != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if not out.dtype.is_floating_point:
                    raise RuntimeError(
                        f"grad can be implicitly created only for real scalar outputs but got {out.dtype}"
                    )
            g = graph.Tensor._wrap(np.ones(out._data.shape, dtype=out._data.dtype))
        elif not isinstance(g, graph.Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got {type(g).__name__}")
        elif g.shape != out.shape:
            raise RuntimeError(
                f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape} and output[{i}] has a shape "
                f"of {out.shape}."
            )
        elif g._data.dtype != out._data.dtype and out._requires_grad:  # torch's engine casts it to the output's
            g = graph.Tensor._wrap(g._data.astype(out._data.dtype))
        result.append(g)
    if len(grads) < len(outputs):  # checked after each gradient, as torch's zip over the two sequences does (extra
        # gradients are dropped by that zip; too few reach torch's engine, which counts them)
        raise RuntimeError(f"got {len(outputs)} tensors and {len(grads)} gradients")
    return tuple(result)


Tensor = None  # minigrad.tensor sets this once it is defined (the two modules need each other)

_tasks = []  # the backward calls running, innermost last: (id, nodes reached, nodes that will run or None, accumulate)
_task_ids = itertools.count()


def current_graph_task_id():
    """torch's ``_current_graph_task_id()``: the id of the backward call running now, -1 outside one."""
    return _tasks[-1][0] if _tasks else -1


def will_engine_execute_node(node):
    """torch's ``_will_engine_execute_node(node)``: whether the backward call running now runs ``node`` (or, for
    ``autograd.grad``, captures a gradient there)."""
    if not _tasks:
        raise RuntimeError("_get_current_graph_task_execution_order should only be called during the backward pass")
    _, deps, reach, accumulate = _tasks[-1]
    if reach is not None and not accumulate and isinstance(node, AccumulateGrad):
        raise RuntimeError(
            "A leaf node was passed to _will_engine_execute_node but we are currently running autograd.grad(). This "
            "is currently not supported."
        )
    return node in deps and (reach is None or node in reach)


def _dependencies(root):
    """Count the edges into each node reachable from ``root`` (torch's ``compute_dependencies``)."""
    deps = {}
    stack = [root]
    while stack:
        for child, _ in stack.pop().next_functions:
            if child is not None:
                n = deps.get(child)
                if n is None:
                    deps[child] = 1
                    stack.append(child)
                else:
                    deps[child] = n + 1
    return deps


def _post_order(root):
    """The nodes reachable from ``root``, each after all the nodes it leads to."""
    seen = {root}
    order = []
    stack = [(root, iter(root.next_functions))]
    while stack:
        node, edges = stack[-1]
        for child, _ in edges:
            if child is not None and child not in seen:
                seen.add(child)
                stack.append((child, iter(child.next_functions)))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def _sum_to(grad, shape, node, index):
    """Reduce a broadcast gradient back to an input's shape, or raise torch's shape error."""
    gs = grad.shape
    if len(gs) >= len(shape) and (gs[len(gs) - len(shape):] == shape or all(
        s == 1 or s == g for s, g in zip(shape[::-1], gs[::-1])
    )):  # fmt: skip
        return grad.sum_to_size(shape) if type(grad) is Tensor else sum_to_array(grad, shape)
    raise RuntimeError(
        f"Function {node.name()} returned an invalid gradient at index {index} - got "
        f"{shape_text(grad.shape)} but expected shape compatible with {shape_text(shape)}"
    )


def _check_hook_result(hook, before, result):
    """torch's checks on what a tensor hook returned: same size and type as the gradient it got."""
    name = getattr(hook, "__name__", type(hook).__name__)
    if not hasattr(result, "_data"):
        raise TypeError(f"expected Variable, but hook returned '{c_type_name(result)}'")
    if before is not None and result._data.dtype != before._data.dtype:
        raise RuntimeError(
            f"hook '{name}' has changed the type of value (was {before.type()} got {result.type()})"
        )
    if before is not None and result._data.shape != before._data.shape:
        raise RuntimeError(f"hook '{name}' has changed the size of value")


def _call_tensor_hooks(node, grads, obs, replay=None):
    """Tensor hooks for each output, in registration order, then the retain_grad stores (a replay works
    out and reports the new ``.grad`` without storing it, and runs hooks only if asked)."""
    grads = list(grads)
    if node._tensor_hooks and replay in (None, "hooks"):
        for nr, hooks in node._tensor_hooks.items():
            for hook in list(hooks.values()):
                before = grads[nr]
                result = hook(before)
                if result is not None:
                    _check_hook_result(hook, before, result)
                    grads[nr] = result
                if obs is not None:
                    obs(HOOK, node=node, output_nr=nr, hook=hook, grad=before, result=result)
    if node._retained:
        for nr, tensor_ref in node._retained.items():
            tensor = tensor_ref()
            g = grads[nr]
            if tensor is None or g is None:
                continue
            before = tensor._grad
            after = g.clone() if before is None else before + g
            if replay is None:
                tensor._grad = after
            if obs is not None:
                obs(RETAIN_GRAD, node=node, output_nr=nr, tensor=tensor, before=before, after=after, grad=g)
    return grads


def run_backward(roots, grad_roots, retain_graph, create_graph, inputs=None, accumulate=True, replay=None):
    """Backpropagate from ``roots`` (tensors) seeded with ``grad_roots``.

    ``accumulate=True`` is ``Tensor.backward``: gradients go into leaves' ``.grad``
    (only those in ``inputs`` if given). ``accumulate=False`` is
    ``autograd.grad``: the gradients of ``inputs`` are returned (None where unused)
    and no ``.grad`` changes. ``replay`` (see :func:`replay`) is a backward for an
    observer to watch: no ``.grad`` is written and nothing is freed; hooks run
    only if ``replay == "hooks"``.
    """
    with np.errstate(all="ignore"):  # like torch, gradients may be inf or nan (log at 0), without warnings
        if replay is not None:
            retain_graph = True
        hooks = replay in (None, "hooks")
        obs = observer.current
        root = GraphRoot([t._edge() for t in roots], grad_roots)
        deps = _dependencies(root)

        captures = {}  # (node, output_nr) -> [input index, ...]
        needed = reach = None
        if inputs is not None:
            for i, t in enumerate(inputs):
                edge = t._edge(create=False)
                if edge[0] is not None:
                    captures.setdefault(edge, []).append(i)
            targets = {node for node, _ in captures}
            reach, needed = set(), set()  # reach: its grads are wanted; needed: it must also run
            for node in _post_order(root):  # children first
                if any(child in reach for child, _ in node.next_functions if child is not None) or (
                    accumulate and node in targets
                ):
                    needed.add(node)
                    reach.add(node)
                elif node in targets:
                    reach.add(node)
            if accumulate:  # backward(inputs=...): listed leaves accumulate, non-leaves retain_grad
                captures = {}
        captured = [None] * (len(inputs) if inputs is not None else 0)
        _tasks.append((next(_task_ids), deps, reach, accumulate))

        if obs is not None:
            obs(BEGIN, root=root, roots=roots, grads=grad_roots, accumulate=accumulate, create_graph=create_graph)
        # On the fast path the gradients travel as numpy arrays, and a node runs on arrays unless something needs
        # Tensors: a hook, retain_grad, a capture, a backward written for Tensors. Then it runs as on the
        # reference path, on Tensors made from the arrays (same numbers: tests/test_fingerprints.py).
        fast = FAST and not create_graph and obs is None and replay is None
        if fast:
            root._grads = tuple([g._data for g in grad_roots])
        special = {node for node, _ in captures} if captures else ()

        buffers = {root: [None]}
        ready = []  # the heap of ready nodes; the next node skips it when it is the only one ready
        next_node = root
        tiebreak = itertools.count()
        as_op = create_graph or obs is not None  # sums of gradients recorded or reported
        ran = []
        global whole_graph
        prev_mode, prev_whole = grad_mode._state.enabled, whole_graph
        grad_mode._state.enabled, whole_graph = create_graph, accumulate and inputs is None
        try:
            while True:
                if next_node is not None:
                    node, next_node = next_node, None
                elif ready:
                    node = heapq.heappop(ready)[2]
                else:
                    break
                grads = buffers.pop(node)
                outs = None
                if fast and not node._watched and node not in special:
                    if needed is not None and node not in needed:
                        continue
                    if grads[0] is None and node is not root and _all_none(grads):
                        if not isinstance(node, BackwardCFunction):
                            outs = (None,) * len(node.next_functions)
                    else:
                        if needed is None:
                            outs = node._backward_arrays(grads)  # None: it runs on Tensors
                        else:
                            with _only_needed(node, reach):
                                outs = node._backward_arrays(grads)
                        if outs:
                            outs = validate(node, outs)
                if outs is None:
                    if fast:
                        grads = [None if g is None else Tensor._wrap(g) for g in grads]
                    try:
                        outs = _run(node, root, grads, obs, captures, captured, needed, hooks, create_graph, replay,
                                    reach)
                        # torch makes no root node for one root (the root's own node runs first), so checks none
                        if outs is not None and anomaly_mode.on and (node is not root or len(root.next_functions) > 1):
                            anomaly_mode.check_nan(node, outs)
                    except Exception:
                        anomaly_mode.failed(node)  # under anomaly detection: the forward call that made the node
                        raise
                    if outs is None:
                        continue  # not needed by backward(inputs=...)
                    if fast:
                        outs = tuple([None if g is None else g._data for g in outs])
                if not retain_graph:
                    node._release()
                    if obs is not None:
                        ran.append(node)
                if obs is not None and node is not root and not isinstance(node, AccumulateGrad):
                    obs(GRADS, node=node, grads=tuple(outs))

                for (child, nr), g in zip(node.next_functions, outs):
                    if child is None:
                        continue
                    buf = buffers.get(child)
                    if buf is None:
                        buf = buffers[child] = [None] * child._num_outputs
                    if g is not None:
                        old = buf[nr]
                        buf[nr] = g if old is None else _sum_grads(old, g, as_op)
                    left = deps[child] - 1
                    deps[child] = left
                    if left == 0:  # ready: run next if it is the only one, else in torch's order (the heap)
                        if next_node is None and not ready:
                            next_node = child
                        else:
                            if next_node is not None:
                                heapq.heappush(ready, (-next_node._seq_nr, next(tiebreak), next_node))
                                next_node = None
                            heapq.heappush(ready, (-child._seq_nr, next(tiebreak), child))
                outs = g = grads = None  # hold no gradient a leaf could take over (AccumulateGrad counts references)
        except Exception as error:  # shown as raised here, or in the user's own hook or Function, as in torch
            raise shown_here(error)  # noqa: B904
        finally:
            _tasks.pop()
            grad_mode._state.enabled, whole_graph = prev_mode, prev_whole
            if fast:
                root._grads = grad_roots

        if obs is not None:
            if not retain_graph:
                obs(FREE, nodes=tuple(n for n in ran if n is not root))
            obs(END, captured=tuple(captured))
        return captured


def _run(node, root, grads, obs, captures, captured, needed, hooks, create_graph, replay, reach=None):
    """A node's output gradients from its input gradients, as Tensors, with everything around it: observer
    reports, tensor hooks and retain_grad, autograd.grad's captures, node pre- and post-hooks. None if
    ``backward(inputs=...)`` does not need it to run."""
    if obs is not None:
        obs(INPUTS, node=node, grads=tuple(grads))
    if needed is not None and node not in needed and not any(key[0] is node for key in captures):
        return None  # neither run nor captured: its tensors' hooks do not run either
    if node._tensor_hooks or node._retained:
        grads = _call_tensor_hooks(node, grads, obs, replay)
    if captures:
        for nr, g in enumerate(grads):
            for i in captures.get((node, nr), ()):
                captured[i] = g
                if obs is not None:
                    obs(CAPTURE, node=node, output_nr=nr, index=i, grad=g)
    if needed is not None and node not in needed:
        return None
    if node._prehooks and hooks:
        for hook in list(node._prehooks.values()):
            given = tuple(grads)
            result = hook(given)
            if result is not None:
                grads = list(_hook_result(hook, result, given))
            if obs is not None:
                obs(NODE_PREHOOK, node=node, hook=hook, grads=given, result=result)
    if obs is not None:
        obs(NODE, node=node, grads=tuple(grads))
    if node is root:
        outs = root._grads
    elif isinstance(node, AccumulateGrad):
        node._backward(grads, create_graph, obs, replay is None)
        outs = ()
    elif grads[0] is None and _all_none(grads) and not isinstance(node, BackwardCFunction):
        outs = (None,) * len(node.next_functions)
    else:
        if needed is None:
            outs = node._backward(grads)
        else:
            with _only_needed(node, reach):
                outs = node._backward(grads)
        outs = validate(node, outs)
    if node._hooks and hooks:
        for hook in list(node._hooks.values()):
            computed = tuple(outs)
            result = hook(computed, tuple(grads))
            if result is not None:  # torch's node post-hooks may replace the gradients the node computed
                outs = _hook_result(hook, result, computed)
            if obs is not None:
                obs(NODE_HOOK, node=node, hook=hook, grad_inputs=computed, grad_outputs=tuple(grads), result=result)
    return outs


@contextlib.contextmanager
def _only_needed(node, reach):
    """While ``node`` runs for ``autograd.grad`` or ``backward(inputs=...)``, the edges that lead nowhere asked for
    read as absent, so that it computes (and with ``create_graph=True`` records) only the gradients wanted, as torch's
    nodes ask ``task_should_compute_output``. A user Function's ``needs_input_grad`` is its forward's, as in torch."""
    edges = node.next_functions
    if isinstance(node, (BackwardCFunction, AccumulateGrad)) or all(c is None or c in reach for c, _ in edges):
        yield
        return
    node.next_functions = tuple([(None, 0) if c is not None and c not in reach else (c, nr) for c, nr in edges])
    try:
        yield
    finally:
        node.next_functions = edges


def _hook_result(hook, result, previous):
    """What a node hook returned in place of the gradients ``previous``, checked as torch checks it: a tuple of one
    gradient per one replaced, each None or of the size and type of the one it replaces (which must not be None)."""
    if not isinstance(result, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(result).__name__}'")
    if len(result) != len(previous):
        raise RuntimeError(
            f"hook '{getattr(hook, '__name__', type(hook).__name__)}' has returned an incorrect number of values "
            f"(got {len(result)}, but expected {len(previous)})"
        )
    for before, value in zip(previous, result):
        if value is not None:
            if before is None:
                raise RuntimeError("can't replace a None gradient with a non-None value")
            _check_hook_result(hook, before, value)
    return result


def replay(tensor, gradient=None, run_hooks=True):
    """Run ``tensor.backward(gradient)`` for an observer to watch (:mod:`minigrad.autograd.observer`),
    changing nothing: no ``.grad`` is written (each step reports what it would become), the graph is not
    freed, and hooks run only if ``run_hooks`` (what they print, they print). minigrad only."""
    grads = make_grads((tensor,), None if gradient is None else (gradient,))
    run_backward((tensor,), grads, True, False, replay="hooks" if run_hooks else "no hooks")


def _sum_grads(a, b, as_op):
    """Two gradients for one input, summed: as an op if the sum must be recorded (create_graph) or
    reported (observer), else, when their shapes and dtypes agree, by numpy directly, which is the same
    sum without an op's cost. On the fast path they are arrays (summed as Tensors if they need torch's
    broadcasting or promotion)."""
    if type(a) is not Tensor:
        if a.shape == b.shape and a.dtype == b.dtype:
            return a + b
        return (Tensor._wrap(np.asarray(a)) + Tensor._wrap(np.asarray(b)))._data
    if as_op or a._data.shape != b._data.shape or a._data.dtype != b._data.dtype:
        return a + b
    return type(a)._wrap(np.asarray(a._data + b._data))


def _all_none(grads):
    for g in grads:
        if g is not None:
            return False
    return True


def validate(node, outs):
    """Check the grads a node returned (Tensors, or arrays on the fast path): one per input, each summed to
    the input's shape and cast to its dtype."""
    if len(outs) != len(node.next_functions):
        raise RuntimeError(
            f"function {node.name()} returned an incorrect number of gradients "
            f"(expected {len(node.next_functions)}, got {len(outs)})"
        )
    for g, meta in zip(outs, node._input_meta):  # the common case, every gradient as it should be, first
        if g is not None and meta is not None:
            data = g._data if type(g) is Tensor else g
            if data.shape != meta[0] or data.dtype is not meta[1]:
                return _fitted(node, outs)
    return outs


def _fitted(node, outs):
    """The grads with each one summed to its input's shape and cast to its dtype where it is not; as in torch, one
    for an input that needs no gradient (no edge) is passed over unchecked, as the engine drops it."""
    fixed = list(outs)
    for i, (g, meta, (fn, _)) in enumerate(zip(outs, node._input_meta, node.next_functions)):
        if g is None or meta is None or fn is None:
            continue
        tensor = type(g) is Tensor
        data = g._data if tensor else g
        shape, dtype = meta
        if data.shape != shape:
            g = _sum_to(g, shape, node, i)
            data = g._data if tensor else g
        if data.dtype != dtype and np.issubdtype(dtype, np.floating):
            g = g.to(dtype) if tensor else data.astype(dtype)
        fixed[i] = g
    return tuple(fixed)


def sum_to_array(grad, shape):
    """``Tensor.sum_to_size`` on a numpy array: the same reductions as ``minigrad.ops.reduce.sum_to``, summed as torch
    sums (:func:`minigrad.dtypes.summed`)."""
    shape = tuple(shape)
    lead = grad.ndim - len(shape)
    if grad.shape[lead:] == shape:  # only leading dims to sum (a bias's gradient)
        dims = tuple(range(lead))
    else:
        dims = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape) if s == 1 and grad.shape[lead + i] != 1)
    if dims:
        grad = summed(grad, dims, True)
    if lead:
        grad = grad.reshape(shape)
    return grad
