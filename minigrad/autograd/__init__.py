"""``minigrad.autograd``: ``backward``, ``grad``, ``Function`` and the grad-mode switches (``inference_mode``
too), as in ``torch.autograd``."""

import collections.abc
import operator
import warnings

from ..size import Size
from ..torch_warnings import internal, warn_once
from . import forward_ad, function, functional, graph, transforms
from .anomaly_mode import detect_anomaly, set_detect_anomaly
from .engine import make_grads as _make_grads_of_tensors
from .engine import run_backward
from .engine_modes import is_multithreading_enabled, is_view_replay_enabled, set_multithreading_enabled  # noqa: F401
from .function import Function, NestedIOFunction, once_differentiable
from .grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .gradcheck import gradcheck, gradgradcheck
from .observer import observe
from .saved_hooks import SavedTensor
from .variable import Variable

__all__ = [
    "Function",
    "NestedIOFunction",
    "SavedTensor",
    "Variable",
    "forward_ad",
    "function",
    "functional",
    "graph",
    "once_differentiable",
    "backward",
    "detect_anomaly",
    "enable_grad",
    "grad",
    "gradcheck",
    "gradgradcheck",
    "inference_mode",
    "is_grad_enabled",
    "is_inference_mode_enabled",
    "no_grad",
    "observe",
    "set_detect_anomaly",
    "set_grad_enabled",
    "set_multithreading_enabled",
]


def _as_tuple(x):
    """A tensor (or GradientEdge), or any iterable of them (a list, ``model.parameters()``), as a tuple; None stays
    None."""
    if x is None:
        return None
    return (x,) if isinstance(x, (graph.Tensor, graph.GradientEdge)) else tuple(x)


_CREATE_GRAPH_WARNING = internal(
    "Using backward() with create_graph=True will create a reference cycle between the parameter and its "
    "gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid "
    "this. If you have to use this function, make sure to reset the .grad fields of your parameters to None "
    "after use to break the cycle and avoid the leak.",
    "torch/csrc/autograd/engine.cpp:1307",
)


def make_grads(outputs, grads):
    """:func:`engine.make_grads`, with torch's AssertionError for an output that is neither a tensor nor a
    GradientEdge (``torch.autograd.grad([[loss]], w)``), looked for only once that failed."""
    try:
        return _make_grads_of_tensors(outputs, grads)
    except AttributeError:
        if any(not isinstance(out, (graph.Tensor, graph.GradientEdge)) for out in outputs):
            raise AssertionError("Expected output to be a torch.Tensor") from None
        raise


def _check_outputs(outputs):
    for i, out in enumerate(outputs):
        if not out._requires_grad:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None):
    """Mirror ``torch.autograd.backward``: accumulate gradients of ``tensors`` into leaves' ``.grad``.

    ``grad_tensors`` weights each output (needed for non-scalar outputs; ``grad_variables`` is its
    deprecated name); ``inputs`` limits which tensors accumulate. The graph is freed afterwards
    unless ``retain_graph`` (default: ``create_graph``).
    """
    if grad_variables is not None:
        warnings.warn("`grad_variables` is deprecated. Use `grad_tensors` instead.", FutureWarning, stacklevel=2)
        if grad_tensors is not None:
            raise RuntimeError(
                "`grad_tensors` and `grad_variables` (deprecated) arguments both passed to `backward()`. Please "
                "only use `grad_tensors`."
            )
        grad_tensors = grad_variables
    outputs = _as_tuple(tensors)
    grads = make_grads(outputs, _as_tuple(grad_tensors))
    if retain_graph is None:
        retain_graph = create_graph
    inputs = _as_tuple(inputs)
    if inputs is not None and len(inputs) == 0:
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    _check_flags(retain_graph, create_graph)  # torch's engine parses them before its checks
    _check_outputs(outputs)
    if create_graph:
        warn_once(_CREATE_GRAPH_WARNING, stacklevel=3)
    for t in inputs or ():  # torch retains the gradient of non-leaf inputs (and runs their node); its
        if not _is_edge(t) and (t.grad_fn is not None or not t._requires_grad):
            t.retain_grad()  # error for an input that does not require grad
    if transforms.depth:
        raise RuntimeError(transforms.BACKWARD_ERROR)
    run_backward(outputs, grads, retain_graph, create_graph, inputs=inputs, accumulate=True)


def grad(
    outputs,
    inputs,
    grad_outputs=None,
    retain_graph=None,
    create_graph=False,
    only_inputs=True,
    allow_unused=None,
    is_grads_batched=False,
    materialize_grads=False,
):
    """Mirror ``torch.autograd.grad``: return d(outputs)/d(inputs) without touching any ``.grad``.

    With ``create_graph=True`` the returned gradients are part of a graph, so
    they can be differentiated again (higher-order derivatives). ``inputs`` may be a
    dict (``dict(model.named_parameters())``): the gradients come back as a dict with
    its keys. ``is_grads_batched=True`` reads the first dim of each ``grad_outputs`` as
    a batch of vectors and returns a batch of vector-Jacobian products (one backward
    pass per vector here, where torch vectorises them: with ``create_graph=True`` the
    result's ``grad_fn`` is a ``StackBackward0``, where torch's is the last op's).
    """
    if materialize_grads and allow_unused is False:
        raise ValueError(
            "Expected allow_unused to be True or not passed when materialize_grads=True, but got: "
            "allow_unused=False."
        )
    if allow_unused is None:
        allow_unused = materialize_grads
    keys = None
    if type(inputs) is dict:
        keys, inputs = tuple(inputs), tuple(inputs.values())
    elif isinstance(inputs, collections.abc.Mapping):
        raise TypeError(f"`inputs` argument to `grad()` must be a dict, not {type(inputs).__name__}. Other Mapping "
                        "types are not supported.")  # fmt: skip
    outputs = _as_tuple(outputs)
    inputs = _as_tuple(inputs)
    if not inputs:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    if not only_inputs:
        warnings.warn(
            "only_inputs argument is deprecated and is ignored now (defaults to True). To accumulate gradient for "
            "other parts of the graph, please use torch.autograd.backward.",
            FutureWarning,
            stacklevel=2,
        )
    if is_grads_batched:
        from ..functional import stack

        batches = _batched(outputs, _as_tuple(grad_outputs))
        passes = [_grad(outputs, inputs, b, True if i + 1 < len(batches) else retain_graph, create_graph,
                        allow_unused, materialize_grads) for i, b in enumerate(batches)]  # fmt: skip
        result = tuple(None if parts[0] is None else stack(parts) for parts in zip(*passes))
    else:
        result = _grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused, materialize_grads)
    return result if keys is None else dict(zip(keys, result, strict=True))


def _batched(outputs, grad_outputs):
    """The grad_outputs of each backward pass of ``is_grads_batched=True``: their first dim is the batch, the rest
    must be each output's shape (torch's error otherwise). A grad_output left out is a scalar output's ``1``, which
    has no batch dim to map over: torch's vmap refuses it."""
    grad_outputs = grad_outputs or (None,) * len(outputs)
    for out, g in zip(outputs, grad_outputs):
        if g is None:
            make_grads((out,), None)  # torch's error for an output that is not a scalar
        else:
            g[0]  # noqa: B018 - torch's IndexError for a 0-d grad_output, which has no batch dim
    if any(g is None for g in grad_outputs):
        raise ValueError("vmap(vjp, in_dims=0, ...)(<inputs>): Got in_dim=0 for some input, but that input is a "
                         "Tensor of dimensionality 0 so expected in_dim to satisfy 0 <= in_dim < 0.")  # fmt: skip
    for i, (out, g) in enumerate(zip(outputs, grad_outputs)):
        if tuple(g.shape[1:]) != tuple(out.shape):  # torch's message slices the first vector too
            shown = Size(g.shape[2:])
            raise RuntimeError(
                "If `is_grads_batched=True`, we interpret the first dimension of each grad_output as the batch "
                f"dimension. The sizes of the remaining dimensions are expected to match the shape of corresponding "
                f"output, but a mismatch was detected: grad_output[{i}] has a shape of {shown} and output[{i}] "
                f"has a shape of {out.shape}. If you only want some tensors in `grad_output` to be considered batched, "
                "consider using vmap."
            )
    sizes = {g.shape[0] for g in grad_outputs}
    return [tuple(g[b] for g in grad_outputs) for b in range(max(sizes))]


def _is_edge(t):
    """Whether the input ``t`` of a backward pass is a GradientEdge rather than a tensor; torch's error if neither."""
    from ..tensor import Tensor
    from ..typename import c_type_name

    if isinstance(t, graph.GradientEdge):
        return True
    if not isinstance(t, Tensor):
        raise RuntimeError(f"all inputs have to be Tensors or GradientEdges, but got {c_type_name(t)}")
    return False


def _check_flags(retain_graph, create_graph, allow_unused=False):
    """torch's TypeError for a ``retain_graph``, ``create_graph`` or ``allow_unused`` that is no bool or int
    (``create_graph='no'``), which its engine reads as integers: Python's own message for ``operator.index``."""
    operator.index(retain_graph)
    operator.index(create_graph)
    operator.index(allow_unused)


def _grad(outputs, inputs, grad_outputs, retain_graph, create_graph, allow_unused, materialize_grads):
    """One backward pass of :func:`grad`: the gradients of ``inputs``, as a tuple."""
    from ..creation import zeros_like

    grads = make_grads(outputs, _as_tuple(grad_outputs))
    if retain_graph is None:
        retain_graph = create_graph
    _check_flags(retain_graph, create_graph, allow_unused)  # torch's engine parses them before its checks
    _check_outputs(outputs)
    for t in inputs:
        if _is_edge(t):
            continue
        if not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    result = run_backward(outputs, grads, retain_graph, create_graph, inputs=inputs, accumulate=False)
    for i, g in enumerate(result):
        if g is None:
            if not allow_unused:
                raise RuntimeError(
                    f"The differentiated Tensor at index {i} appears to not have been used in the graph. "
                    "Set allow_unused=True if this is the desired behavior."
                )
            if materialize_grads:
                if isinstance(inputs[i], graph.GradientEdge):
                    raise RuntimeError("materialize_grads cannot be used when the given input is a GradientEdge")
                result[i] = zeros_like(inputs[i], requires_grad=create_graph)
    return tuple(result)

from ..torch_api import module_getattr  # noqa: E402

__getattr__ = module_getattr(__name__, "torch.autograd")  # a name torch has and minigrad lacks says so
