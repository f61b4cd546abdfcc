"""``torch.autograd.gradcheck`` and ``gradgradcheck``: gradients checked against central differences.

As torch's slow mode does it: the numerical Jacobian perturbs one input element at a time by ``eps``
each way (``(f(x + eps) - f(x - eps)) / (2 eps)``); the analytical one is computed row by row with
``autograd.grad`` and unit output gradients, twice (backward must give the same numbers each time); each
(output, input) pair must be ``allclose(analytical, numerical, rtol, atol)``. Then backward must give
zeros for zero output gradients, and must cope with outputs that get no gradient at all. Failures raise
:class:`GradcheckError` (a RuntimeError) with torch's messages, or return False if
``raise_exception=False``. Defaults are torch's, meant for float64 inputs. ``fast_mode``
(:mod:`.gradcheck_fast`), ``check_forward_ad`` (:mod:`.gradcheck_forward`) and the batched checks
(:mod:`.gradcheck_batched`) live in modules of their own.
"""

import warnings

import numpy as np

from .. import dtypes
from . import graph
from .engine import run_backward
from .graph import Node

FAILED_NONDET_MSG = """\n
NOTE: If your op relies on non-deterministic operations i.e., it is listed here:
https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
this failure might be expected.

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `nondet_tol=<tol>` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_nondet_tol=<tol>`.
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_nondet_tol=<tol>`
"""
_UNDEFINED_NOTE = 'Please look at "Notes about undefined output gradients" in "tools/autograd/derivatives.yaml"'


class GradcheckError(RuntimeError):
    """Mirror ``torch.autograd.gradcheck.GradcheckError``: a gradient check failed."""


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False,
              masked=None):  # fmt: skip
    """Mirror ``torch.autograd.gradcheck``: check the gradients of ``func`` at ``inputs`` (the tensors among
    them that require grad) against central differences; True if they agree. ``fast_mode`` compares one random
    projection ``v^T J u`` instead of whole Jacobians; ``check_forward_ad`` checks forward-mode AD's Jacobian too;
    ``check_batched_grad`` (``check_batched_forward_grad``) checks that ``vmap`` over backward (forward) AD gives
    what one call per vector gives."""
    if not (check_forward_ad or check_backward_ad):
        raise AssertionError("Expected at least one of check_forward_ad or check_backward_ad to be True")
    if check_batched_grad and not check_backward_ad:
        raise AssertionError("Setting check_batched_grad=True requires check_backward_ad to be True")
    if check_batched_forward_grad and not check_forward_ad:
        raise AssertionError("Setting check_batched_forward_grad=True requires check_forward_ad to be True")
    try:
        return _check(func, _as_tuple(inputs), eps, atol, rtol, nondet_tol, check_undefined_grad, check_grad_dtypes,
                      check_batched_grad, check_batched_forward_grad, check_forward_ad, check_backward_ad,
                      fast_mode)  # fmt: skip
    except GradcheckError:
        if raise_exception:
            raise
        return False


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0, check_undefined_grad=True,
                  check_grad_dtypes=False, check_batched_grad=False, check_fwd_over_rev=False,
                  check_rev_over_rev=True, fast_mode=False, masked=False):  # fmt: skip
    """Mirror ``torch.autograd.gradgradcheck``: :func:`gradcheck` of the gradients of ``func`` (taken
    with ``create_graph=True``) with respect to ``inputs`` and ``grad_outputs`` (random in [-1, 1] if
    not given), so that second derivatives are checked."""
    from ..testing import make_tensor
    from . import grad

    if not (check_fwd_over_rev or check_rev_over_rev):
        raise AssertionError("Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True")
    if check_undefined_grad and not check_rev_over_rev:
        raise AssertionError("Setting check_undefined_grad=True requires check_rev_over_rev to be True")
    if check_batched_grad and not check_rev_over_rev:
        raise AssertionError("Setting check_batched_grad=True requires check_rev_over_rev to be True")
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        grad_outputs = tuple(
            make_tensor(o.shape, dtype=o.dtype if o.dtype.is_floating_point else dtypes.float64, device=o.device,
                        low=-1, high=1, requires_grad=True, noncontiguous=gen_non_contig_grad_outputs)
            for o in _differentiable_outputs(func(*inputs))
        )  # fmt: skip
    grad_outputs = _as_tuple(grad_outputs)
    n = len(grad_outputs)
    diff_inputs = {i for i, x in enumerate(inputs) if isinstance(x, graph.Tensor) and x.requires_grad}
    diff_grads = {i for i, x in enumerate(grad_outputs) if x.requires_grad}

    def grads_of_func(*args):
        ins = tuple(x.requires_grad_() if i in diff_inputs else x for i, x in enumerate(args[:-n]))
        outs = _differentiable_outputs(func(*ins))
        seeds = tuple(x.requires_grad_() if i in diff_grads else x for i, x in enumerate(args[-n:]))
        wrt = tuple(x for i, x in enumerate(ins) if i in diff_inputs)
        grads = grad(outs, wrt, seeds, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(grads_of_func, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol, check_undefined_grad=check_undefined_grad,
                     check_grad_dtypes=check_grad_dtypes, check_batched_grad=check_batched_grad, fast_mode=fast_mode,
                     check_forward_ad=check_fwd_over_rev, check_backward_ad=check_rev_over_rev)  # fmt: skip


def _check(func, inputs, eps, atol, rtol, nondet_tol, check_undefined_grad, check_grad_dtypes, check_batched_grad,
           check_batched_forward_grad, check_forward_ad, check_backward_ad, fast_mode):  # fmt: skip
    """torch's ``_gradcheck_helper``: the checks asked for, in torch's order."""
    from . import gradcheck_batched, gradcheck_forward
    from .gradcheck_fast import fast_check

    diff_inputs = _check_inputs(inputs)
    out = _as_tuple(func(*inputs))
    outputs = _differentiable_outputs(out)
    check = fast_check if fast_mode else _slow_check
    if check_backward_ad:
        check(func, inputs, diff_inputs, out, outputs, eps, atol, rtol, nondet_tol, check_grad_dtypes)
    if check_forward_ad:
        check(func, inputs, diff_inputs, out, outputs, eps, atol, rtol, nondet_tol, check_grad_dtypes, forward=True)
        if check_undefined_grad:
            gradcheck_forward.check_undefined_forward(func, inputs, outputs)
    if check_batched_forward_grad:
        gradcheck_batched.check_batched_forward_grad(func, inputs)
    if not check_backward_ad:
        return True
    if check_batched_grad:
        for i, o in enumerate(outputs):
            gradcheck_batched.check_batched_grad(diff_inputs, o, i)
    _check_backward_multiplies_grad_output(outputs, diff_inputs)
    if check_undefined_grad:
        _check_undefined_grads(func, inputs, diff_inputs)
    return True


def _slow_check(func, inputs, diff_inputs, out, outputs, eps, atol, rtol, nondet_tol, check_grad_dtypes,
                forward=False):  # fmt: skip
    """torch's slow mode: whole Jacobians, numerical against analytical (backward or, if ``forward``, forward AD)."""
    from .gradcheck_forward import forward_jacobians

    numerical = numerical_jacobians(func, inputs, diff_inputs, out, eps)  # [output][input]
    if not outputs:
        if any(bool((j._data != 0).any()) for per_output in numerical for j in per_output):
            raise GradcheckError("Numerical gradient for function expected to be zero")
        return
    numerical = [n for o, n in zip(out, numerical) if o.requires_grad]
    analytical_forward = forward_jacobians(func, inputs, out) if forward else None
    for i, o in enumerate(outputs):
        if forward:
            analytical = [per_input[i] for per_input in analytical_forward]
        else:
            analytical = analytical_jacobians(inputs, diff_inputs, o, nondet_tol, check_grad_dtypes)
        for j, (a, n) in enumerate(zip(analytical, numerical[i])):
            if not allclose(a, n, rtol, atol):
                raise GradcheckError(mismatch_message(a, n, i, j, forward))


def allclose(a, b, rtol, atol):
    """torch's ``_allclose_with_type_promotion``: ``allclose`` in the two tensors' common dtype."""
    kind = dtypes.promote_types(a.dtype, b.dtype).np
    return bool(np.allclose(a._data.astype(kind), b._data.astype(kind), rtol=rtol, atol=atol))


def mismatch_message(analytical, numerical, output_idx, input_idx, forward=False):
    """torch's ``_get_notallclose_msg`` for real inputs and outputs."""
    mode = "computed with forward mode " if forward else ""
    return (
        f"Jacobian {mode}mismatch for output {output_idx:d} with respect to input {input_idx:d},\n"
        f"numerical:{numerical}\nanalytical:{analytical}\n"
    )


def _as_tuple(x):
    return x if isinstance(x, tuple) else tuple(x) if isinstance(x, list) else (x,)


def _differentiable_outputs(x):
    return tuple(o for o in _as_tuple(x) if o.requires_grad)


def _check_inputs(inputs):
    diff = []
    for idx, inp in enumerate(inputs):
        if isinstance(inp, graph.Tensor) and inp.requires_grad:
            if inp.dtype is not dtypes.float64:
                warnings.warn(
                    f"Input #{idx} requires gradient and is not a double precision floating point or complex. This "
                    "check will likely fail if all the inputs are not of double precision floating point or complex. ",
                    UserWarning,
                    stacklevel=4,
                )
            if any(st == 0 and sz > 1 for st, sz in zip(inp._data.strides, inp._data.shape)):
                raise RuntimeError(
                    f"The {idx}th input has a dimension with stride 0. gradcheck only supports inputs that are "
                    "non-overlapping to be able to compute the numerical gradients correctly. You should call "
                    ".contiguous on the input before passing it to gradcheck."
                )
            diff.append(inp)
    if not diff:
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, but none of them have "
            "requires_grad=True."
        )
    return diff


def numerical_jacobians(func, inputs, diff_inputs, outputs, eps):
    """``[output][input]`` Jacobians of shape (input numel, output numel), in each output's dtype."""
    floating = [o for o in outputs if o.dtype.is_floating_point]
    jacobians = [[np.zeros((x.numel(), o.numel()), dtype=o._data.dtype) for x in diff_inputs] for o in floating]
    for j, x in enumerate(diff_inputs):
        for k, idx in enumerate(np.ndindex(*x._data.shape)):
            orig = x._data[idx].copy()
            x._data[idx] = orig - eps  # written through the data, as torch does: no version bump
            before = [o._data.copy() for o in _floating(func(*inputs))]
            x._data[idx] = orig + eps
            after = [o._data.copy() for o in _floating(func(*inputs))]
            x._data[idx] = orig
            for i, (a, b) in enumerate(zip(before, after)):
                if a.shape != b.shape:
                    raise AssertionError(
                        f"Expected `func` to return outputs with the same shape when inputs are perturbed on index "
                        f"{idx} by {eps}, but got: shapes {_size(a)} and {_size(b)}."
                    )
                jacobians[i][j][k] = ((b - a) / (2 * eps)).reshape(-1)
    return [[graph.Tensor._wrap(j) for j in per_output] for per_output in jacobians]


def _floating(outputs):
    return [o for o in _as_tuple(outputs) if o.dtype.is_floating_point]


def _size(array):
    from ..size import Size

    return Size(array.shape)


def analytical_jacobians(inputs, diff_inputs, output, nondet_tol, check_grad_dtypes):
    """Rows ``e_k^T J`` by backward with unit output gradients, computed twice (reentrancy)."""

    def rows():
        jac = [np.zeros((x.numel(), output.numel()), dtype=x._data.dtype) for x in diff_inputs]
        sizes_ok, types_ok = True, True
        seed = np.zeros(output._data.shape, dtype=output._data.dtype)
        for k in range(output.numel()):
            seed.reshape(-1)[:] = 0
            seed.reshape(-1)[k] = 1
            grads = run_backward((output,), (graph.Tensor._wrap(seed.copy()),), True, False, inputs=tuple(diff_inputs),
                                 accumulate=False)  # fmt: skip
            for i, (g, x) in enumerate(zip(grads, diff_inputs)):
                if g is None:
                    continue
                if g.shape != x.shape:
                    sizes_ok = False
                    continue
                if g.dtype is not x.dtype:
                    types_ok = False
                jac[i][:, k] = g._data.reshape(-1)
        return jac, sizes_ok, types_ok

    first, sizes_ok, types_ok = rows()
    second, _, _ = rows()
    if not types_ok and check_grad_dtypes:
        raise GradcheckError("Gradient has dtype mismatch")
    if not sizes_ok:
        raise GradcheckError("Analytical gradient has incorrect size")
    if any(a.size and np.abs(a - b).max() > nondet_tol for a, b in zip(first, second)):
        raise GradcheckError(
            "Backward is not reentrant, i.e., running backward with same input and grad_output multiple times "
            "gives different values, although analytical gradient matches numerical gradient."
            f"The tolerance for nondeterminism was {nondet_tol}." + FAILED_NONDET_MSG
        )
    return [graph.Tensor._wrap(j) for j in first]


def _check_backward_multiplies_grad_output(outputs, diff_inputs):
    zeros = tuple(graph.Tensor._wrap(np.zeros(o._data.shape, dtype=o._data.dtype)) for o in outputs)
    grads = run_backward(outputs, zeros, True, False, inputs=tuple(diff_inputs), accumulate=False)
    for g, x in zip(grads, diff_inputs):
        if g is None:
            continue
        if (g._data != 0).any():
            raise GradcheckError("backward not multiplied by grad_output")
        if g.dtype is not x.dtype:
            raise GradcheckError("grad is incorrect type")
        if g.shape != x.shape:
            raise GradcheckError("grad is incorrect size")


class _UndefinedGrad(Node):
    """torch's ``UndefinedGrad``: passes its input on, and gives its input no gradient at all."""

    def __init__(self, t):
        self._link([t])

    def _backward(self, grads):
        return (None,)


def _undefined(t):
    out = graph.Tensor._wrap(t._data, grad_fn=_UndefinedGrad(t))
    out._requires_grad = True
    return out


def _check_undefined_grads(func, inputs, diff_inputs):
    """Backward must work, and give zeros or nothing, when outputs get no gradient (all, then one at a time)."""
    outputs = _differentiable_outputs(func(*inputs))
    cases = [[_undefined(o) for o in outputs]]
    if len(outputs) > 1:
        for k in range(len(outputs)):
            fresh = _differentiable_outputs(func(*inputs))
            cases.append([_undefined(o) if i == k else o for i, o in enumerate(fresh)])
    for outs in cases:
        zeros = tuple(graph.Tensor._wrap(np.zeros(o._data.shape, dtype=o._data.dtype)) for o in outs)
        try:
            grads = run_backward(tuple(outs), zeros, False, False, inputs=tuple(diff_inputs), accumulate=False)
        except RuntimeError as e:
            _warn_bc_breaking()
            raise GradcheckError(
                f"Expected backward function to handle undefined output grads. {_UNDEFINED_NOTE}"
            ) from e
        if any(g is not None and (g._data != 0).any() for g in grads):
            _warn_bc_breaking()
            raise GradcheckError(
                "Expected all input grads to be undefined or zero when all output grads are undefined or zero. "
                + _UNDEFINED_NOTE
            )


def _warn_bc_breaking():
    warnings.warn(
        "Backwards compatibility: New undefined gradient support checking feature is enabled by default, but it "
        "may break existing callers of this function. If this is true for you, you can call this function with "
        '"check_undefined_grad=False" to disable the feature',
        UserWarning,
        stacklevel=5,
    )
