"""``gradcheck(fast_mode=True)``: instead of whole Jacobians, one number per (input, output) pair, ``v^T J u``, for
random unit vectors ``u`` (per input) and ``v`` (per output) drawn from a fresh default-seeded generator, as torch
draws them (so the same vectors, and torch's numbers in its messages). Numerically ``J u`` is one central difference
along ``u``; analytically ``v^T J`` is one backward pass (or ``J u`` one forward-AD pass). On a mismatch the message
adds the slow-mode Jacobians of that pair."""

from .gradcheck import (
    GradcheckError,
    _floating,
    _size,
    allclose,
    analytical_jacobians,
    mismatch_message,
    numerical_jacobians,
)

FAST_FAIL_SLOW_OK_MSG = """
Fast gradcheck failed but element-wise differences are small. This means that the
test might've passed in slow_mode!

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck:

If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `fast_mode=False` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_fast_mode=False`
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_fast_mode=False`
""".strip()


def _unit_vector(x, generator):
    from ..creation import rand

    vec = rand(x.numel(), generator=generator).to(dtype=x.dtype)
    vec /= vec.norm()
    return vec


def make_vectors(diff_inputs, outputs, forward=False):
    """torch's ``_make_vectors``: a random unit ``u`` per input, and (backward mode) a ``v`` per output, from a fresh
    generator (the user's random state is untouched)."""
    from ..random import Generator

    generator = Generator()
    all_u = [_unit_vector(x, generator) for x in diff_inputs]
    all_v = None if forward else [_unit_vector(o, generator) for o in outputs]
    return all_v, all_u


def _numerical_ju(func, inputs, x, u, eps):
    """``J u`` for each floating output by one central difference of ``func`` along ``u`` (``x`` changed through its
    data, as torch's ``.data`` does it: no version bump)."""
    orig = x._data.copy()
    step = (u * eps)._data.reshape(orig.shape)
    x._data[...] = orig - step
    before = [o.clone() for o in _floating(func(*inputs))]
    x._data[...] = orig + step
    after = [o.clone() for o in _floating(func(*inputs))]
    x._data[...] = orig
    result = []
    for a, b in zip(before, after):
        if a.shape != b.shape:
            raise AssertionError(
                f"Expected `func` to return outputs with the same shape when inputs are perturbed by {eps}, but got: "
                f"shapes {_size(a._data)} and {_size(b._data)}."
            )
        result.append(((b - a) / (2 * eps)).detach().reshape(-1))
    return result


def fast_check(func, inputs, diff_inputs, out, outputs, eps, atol, rtol, nondet_tol, check_grad_dtypes,
               forward=False):  # fmt: skip
    """torch's ``_fast_gradcheck`` for real inputs and outputs."""
    from . import grad
    from .gradcheck_forward import forward_jacobians

    all_v, all_u = make_vectors(diff_inputs, outputs, forward)
    numerical = []  # [input][output]: v^T J u, or J u in forward mode
    for x, u in zip(diff_inputs, all_u):
        jus = [ju for ju, o in zip(_numerical_ju(func, inputs, x, u, eps), _floating(out))]
        if not outputs and not forward:
            if any(ju.numel() and float((ju - 0).abs().max()) > nondet_tol for ju in jus):
                raise GradcheckError("Numerical gradient for function expected to be zero")
        numerical.append(jus if forward else [(v * ju).sum() for v, ju in zip(all_v, jus)])
    if forward:
        analytical = forward_jacobians(func, inputs, out, all_u=all_u)  # [input][output]
    else:
        analytical = []  # [output][input]
        for o, v in zip(outputs, all_v):
            rows = _vjp_rows(grad, diff_inputs, o, v, nondet_tol, check_grad_dtypes)
            analytical.append([vj.dot(u) for vj, u in zip(rows, all_u)])
    for i, per_input in enumerate(numerical):
        for j, n in enumerate(per_input):
            a = analytical[i][j] if forward else analytical[j][i]
            sum_v = 1.0 if all_v is None else float(all_v[j].sum())
            if not allclose(a, n, rtol, atol * float(all_u[i].sum()) * sum_v):
                slow = _slow_mode_error(func, inputs, diff_inputs, out, outputs, i, j, rtol, atol, eps, forward)
                raise GradcheckError(mismatch_message(a, n, j, i, forward) + slow)
    return True


def _vjp_rows(grad, diff_inputs, output, v, nondet_tol, check_grad_dtypes):
    """``v^T J`` for each input, flat, by backward (twice: it must be reentrant), checked as slow mode checks it."""
    from ..creation import zeros_like

    def once():
        grads = grad(output, diff_inputs, v.reshape(output.shape), retain_graph=True, allow_unused=True)
        return [zeros_like(x).reshape(-1) if g is None else g.clone().reshape(-1) for g, x in zip(grads, diff_inputs)]

    first, second = once(), once()
    if any(a.numel() != x.numel() for a, x in zip(first, diff_inputs)):
        raise GradcheckError("Analytical gradient has incorrect size")
    if check_grad_dtypes and any(a.dtype is not x.dtype for a, x in zip(first, diff_inputs)):
        raise GradcheckError("Gradient has dtype mismatch")
    from .gradcheck import FAILED_NONDET_MSG

    if any(a.numel() and float((a - b).abs().max()) > nondet_tol for a, b in zip(first, second)):
        raise GradcheckError(
            "Backward is not reentrant, i.e., running backward with same input and grad_output multiple times "
            "gives different values, although analytical gradient matches numerical gradient."
            f"The tolerance for nondeterminism was {nondet_tol}." + FAILED_NONDET_MSG
        )
    return [a.to(x.dtype) for a, x in zip(first, diff_inputs)]  # torch writes them into a Jacobian of x's dtype


def _slow_mode_error(func, inputs, diff_inputs, out, outputs, input_idx, output_idx, rtol, atol, eps, forward):
    """torch's ``_run_slow_mode_and_get_error``: the pair's whole Jacobians, for the message."""
    from .gradcheck_forward import forward_jacobians

    numerical = numerical_jacobians(func, inputs, diff_inputs, out, eps)[output_idx][input_idx]
    if forward:
        x = diff_inputs[input_idx]
        position = next(k for k, t in enumerate(inputs) if t is x)

        def one_output(inp):
            args = list(inputs)
            args[position] = inp
            return _floating(func(*args))[output_idx]

        analytical = forward_jacobians(one_output, (x,), (outputs[output_idx],))[0][0]
    else:
        analytical = analytical_jacobians(inputs, diff_inputs, outputs[output_idx], 0.0, False)[input_idx]
    max_diff = (numerical - analytical).abs().max()
    msg = (
        "\nThe above quantities relating the numerical and analytical jacobians are computed \n"
        "in fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for more background \n"
        "about fast mode. Below, we recompute numerical and analytical jacobians in slow mode:\n\n"
        f"Numerical:\n {numerical}\n"
        f"Analytical:\n{analytical}\n\n"
        f"The max per-element difference (slow mode) is: {max_diff}.\n"
    )
    if allclose(analytical, numerical, rtol, atol):
        msg += FAST_FAIL_SLOW_OK_MSG
    return msg
