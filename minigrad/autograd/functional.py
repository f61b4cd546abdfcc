"""``torch.autograd.functional``: Jacobians, Hessians and their products with a vector, for a whole function.

Each function takes a Python function ``func`` and the point ``inputs`` (a tensor or a tuple of tensors) at which
to differentiate it; ``func`` is run on fresh copies of the inputs, so the caller's tensors are never touched.

* **vector-Jacobian product** (:func:`vjp`): ``v @ J``, where ``J`` is the Jacobian of ``func`` at ``inputs``.
  This is what one backward pass computes: :func:`minigrad.autograd.grad` of the outputs with ``grad_outputs=v``.
* **Jacobian-vector product** (:func:`jvp`): ``J @ v``. minigrad, like torch's ``autograd.functional``, has
  only reverse mode, so it uses the *double-backward trick*: the backward pass ``g(u) = u @ J`` is linear in the
  output gradient ``u``, and its own vector-Jacobian product with ``v`` is ``v @ J.T``, i.e. ``J @ v``. So take
  ``g(u)`` with ``create_graph=True`` for a dummy ``u`` (zeros that require grad: ``g`` is linear, so ``u``'s
  value does not matter), then differentiate ``g(u)`` with respect to ``u`` with ``grad_outputs=v``.
* **Jacobian** (:func:`jacobian`): one vector-Jacobian product per output element, with ``v`` the one-hot vector
  of that element, gives one row of ``J``; the rows are stacked and shaped ``output.shape + input.shape``.
* **Hessian** (:func:`hessian`) of a scalar function: the Jacobian of its gradient, the gradient being taken with
  ``create_graph=True`` so that it can be differentiated again. :func:`vhp` is ``v @ H``, the vector-Jacobian
  product of the gradient; :func:`hvp` is ``H @ v``, the double-backward trick applied to the gradient.

Several inputs or outputs give nested tuples (``jacobian(...)[i][j]`` is output ``i`` by input ``j``). An output
independent of an input gets zeros for it, or, with ``strict=True``, an error. Results are detached unless
``create_graph=True``, with which they can be differentiated again. torch's ``vectorize=True`` batches the rows of
a Jacobian with vmap, which minigrad lacks: minigrad computes the same rows one at a time (one backward pass per
row over all outputs, as the batched pass does), so results are the same. torch's ``strategy="forward-mode"``
(forward-mode AD) is the Jacobian column by column, each column a Jacobian-vector product taken as
:func:`minigrad.func.jvp` takes it (the double-backward trick).
"""

import minigrad

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


def _as_tuple(inp, arg_name, fn_name):
    """``(was it a tuple, inp as a tuple)``; every element must be a tensor."""
    is_inp_tuple = isinstance(inp, tuple)
    inp = inp if is_inp_tuple else (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, minigrad.Tensor):
            where = f"the value at index {i}" if is_inp_tuple else f"the given {arg_name}"
            raise TypeError(
                f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but {where} has "
                f"type {type(el)}."
            )
    return is_inp_tuple, inp


def _tuple_postprocess(res, to_unpack):
    """Undo :func:`_as_tuple`: unwrap the (outer, inner) levels of ``res`` that were not tuples to begin with."""
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_preprocess(inputs, create_graph, need_graph):
    """New tensor objects for ``inputs``: a differentiable view if the caller wants the graph to reach them,
    else detached copies that require grad if ``need_graph``. Always new, so that the function's inputs can be
    told from the same tensors captured by the function (torch's issue 32576)."""
    return tuple(
        inp.view_as(inp) if create_graph and inp.requires_grad else inp.detach().requires_grad_(need_graph)
        for inp in inputs
    )


def _grad_postprocess(inputs, create_graph):
    """Detach the results (tensors or tuples of them) unless the caller asked for their graph."""
    if isinstance(inputs[0], minigrad.Tensor):
        return inputs if create_graph else tuple(inp.detach() for inp in inputs)
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but got {len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prepend = f"Entry {idx} in " if is_other_tuple else ""
            raise RuntimeError(f"{prepend}v has invalid size: should be {el_other.size()} but got {el_v.size()}.")


def _check_requires_grad(inputs, input_type, strict):
    """In strict mode, each of ``inputs`` (outputs, gradients, Jacobians) must require grad; torch's messages."""
    if not strict:
        return
    for i, inp in enumerate(inputs):
        if inp is None:  # only gradients can be None
            raise RuntimeError(
                f"The output of the user-provided function is independent of input {i}. This is not allowed in "
                "strict mode."
            )
        if inp.requires_grad:
            continue
        if input_type == "hessian":
            raise RuntimeError(
                f"The hessian of the user-provided function with respect to input {i} is independent of the input. "
                "This is not allowed in strict mode. You should ensure that your function is thrice differentiable "
                "and that the hessian depends on the inputs."
            )
        if input_type == "jacobian":
            raise RuntimeError(
                "While computing the hessian, found that the jacobian of the user-provided function with respect to "
                f"input {i} is independent of the input. This is not allowed in strict mode. You should ensure that "
                "your function is twice differentiable and that the jacobian depends on the inputs (this would be "
                "violated by a linear function for example)."
            )
        if input_type == "grad_inputs":
            raise RuntimeError(
                f"The gradient with respect to input {i} is independent of the inputs of the user-provided "
                "function. This is not allowed in strict mode."
            )
        raise RuntimeError(
            f"Output {i} of the user-provided function does not require gradients. The outputs must be computed "
            "in a differentiable manner from the input when running in strict mode."
        )


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    """:func:`minigrad.autograd.grad` over the ``outputs`` that require grad (None for every input if none
    does); an input they do not depend on gets None."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    pairs = [(out, g) for out, g in zip(outputs, grad_outputs) if out is not None and out.requires_grad]
    if not pairs:
        return (None,) * len(inputs)
    new_outputs, new_grad_outputs = zip(*pairs)
    return minigrad.autograd.grad(
        new_outputs, inputs, new_grad_outputs, allow_unused=True, create_graph=create_graph, retain_graph=retain_graph
    )


_STAGE_ERRORS = {  # what a missing gradient means, by the backward pass that found it
    "back": "The output of the user-provided function is independent of input {i}. This is not allowed in strict "
    "mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the grad_outputs when "
    "using the double backward trick to compute forward mode gradients. This is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. This is not allowed in "
    "strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry {i} in the "
    "grad_jacobian. This is not allowed in strict mode as it prevents from using the double backward trick to "
    "replace forward mode AD.",
}


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    """Zeros shaped like ``refs[i]`` for each missing gradient, or, in strict mode, torch's error."""
    res = ()
    for i, grads_i in enumerate(grads):
        if grads_i is None:
            if strict:
                raise RuntimeError(_STAGE_ERRORS[stage].format(i=i))
            grads_i = minigrad.zeros_like(refs[i])
        elif strict and create_graph and not grads_i.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(
                f"The {what} of the user-provided function is independent of input {i}. This is not allowed in "
                "strict mode when create_graph=True."
            )
        res += (grads_i,)
    return res


def _check_v(v, other, is_other_tuple, create_graph, fn_name, v_none_message):
    """``v`` as a tuple of tensors shaped like ``other``; None only if ``other`` is one tensor of one element."""
    if v is None:
        if len(other) != 1 or other[0].nelement() != 1:
            raise RuntimeError(v_none_message)
        return None
    _, v = _as_tuple(v, "v", fn_name)
    v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
    _validate_v(v, other, is_other_tuple)
    return v


_V_FOR_INPUT = (
    "The vector v can only be None if the input to the user-provided function is a single Tensor with a single "
    "element."
)
_V_FOR_OUTPUT = (
    "The vector v can only be None if the user-provided function returns a single Tensor with a single element."
)


def _last_pass(outputs, of, wrt, v, like, stage, strict, create_graph, outputs_tuple, result_tuple):
    """The last backward pass of vjp, jvp, vhp and hvp: the gradients of ``of`` with respect to ``wrt`` weighted
    by ``v`` (zeros shaped like ``like`` where independent; ``stage`` names the pass in strict mode's errors), and
    the function's ``outputs``; both detached unless ``create_graph``, and unwrapped as they were given."""
    with minigrad.set_grad_enabled(create_graph or minigrad.is_grad_enabled()):
        res = _fill_in_zeros(_autograd_grad(of, wrt, v, create_graph=create_graph), like, strict, create_graph, stage)
    outputs = _grad_postprocess(outputs, create_graph)
    res = _grad_postprocess(res, create_graph)
    return _tuple_postprocess(outputs, outputs_tuple), _tuple_postprocess(res, result_tuple)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """Mirror ``torch.autograd.functional.vjp``: ``(func(inputs), v @ J)``, the vector-Jacobian product shaped
    like the inputs. ``v`` is shaped like the outputs (optional for a single one-element output)."""
    with minigrad.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        is_outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", "vjp")
        _check_requires_grad(outputs, "outputs", strict=strict)
        v = _check_v(v, outputs, is_outputs_tuple, create_graph, "vjp", _V_FOR_OUTPUT)

    return _last_pass(
        outputs, outputs, inputs, v, inputs, "back", strict, create_graph, is_outputs_tuple, is_inputs_tuple
    )


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """Mirror ``torch.autograd.functional.jvp``: ``(func(inputs), J @ v)``, the Jacobian-vector product shaped
    like the outputs, by the double-backward trick. ``v`` is shaped like the inputs (optional for a single
    one-element input)."""
    with minigrad.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        v = _check_v(v, inputs, is_inputs_tuple, create_graph, "jvp", _V_FOR_INPUT)
        is_outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", "jvp")
        _check_requires_grad(outputs, "outputs", strict=strict)
        # the backward pass is linear in grad_outputs: their value (zeros) does not reach the result
        grad_outputs = tuple(minigrad.zeros_like(out, requires_grad=True) for out in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict=strict)

    return _last_pass(
        outputs, grad_inputs, grad_outputs, v, outputs, "back_trick", strict, create_graph, is_outputs_tuple,
        is_outputs_tuple,
    )


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """Mirror ``torch.autograd.functional.jacobian``: the Jacobian of ``func`` at ``inputs``, shaped
    ``output.shape + input.shape`` (nested tuples ``[output][input]`` for several). ``vectorize=True`` gives the
    same numbers, row by row (minigrad has no vmap); ``strategy="forward-mode"`` (with ``vectorize=True``, as in
    torch) takes it column by column, one Jacobian-vector product per input element."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError(
            'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your function has more '
            'outputs than inputs, "forward-mode" tends to be more performant. Otherwise, prefer to use '
            '"reverse-mode".'
        )
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError(
                "torch.autograd.functional.jacobian: `create_graph=True` and `strategy=\"forward-mode\"` are not "
                "supported together (yet). Please either set `create_graph=False` or `strategy=\"reverse-mode\"`."
            )
        return _jacfwd(func, inputs, strict, vectorize)

    with minigrad.enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        is_outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, "outputs", strict=strict)

        if vectorize:
            if strict:
                raise RuntimeError(
                    "torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are not supported "
                    "together. Please either set `strict=False` or `vectorize=False`."
                )
            jacobian = _jacobian_by_basis(outputs, inputs, create_graph)
        else:
            jacobian = tuple(_jacobian_rows(i, out, inputs, create_graph, strict) for i, out in enumerate(outputs))
        jacobian = _grad_postprocess(jacobian, create_graph)
        return _tuple_postprocess(jacobian, (is_outputs_tuple, is_inputs_tuple))


def _jacobian_rows(i, out, inputs, create_graph, strict):
    """The Jacobians of output ``out`` (number ``i``) with respect to each input: one backward pass per element
    of ``out`` gives one row of each."""
    rows = tuple([] for _ in inputs)
    for j in range(out.nelement()):
        vj = _autograd_grad((out.reshape(-1)[j],), inputs, retain_graph=True, create_graph=create_graph)
        for el_idx, (rows_el, vj_el, inp_el) in enumerate(zip(rows, vj, inputs)):
            if vj_el is not None:
                if strict and create_graph and not vj_el.requires_grad:
                    raise RuntimeError(
                        f"The jacobian of the user-provided function is independent of input {i}. This is not "
                        "allowed in strict mode when create_graph=True."
                    )
                rows_el.append(vj_el)
            else:
                if strict:
                    raise RuntimeError(
                        f"Output {i} of the user-provided function is independent of input {el_idx}. This is not "
                        "allowed in strict mode."
                    )
                rows_el.append(minigrad.zeros_like(inp_el))
    return tuple(minigrad.stack(r, dim=0).view(out.size() + inp.size()) for r, inp in zip(rows, inputs))


def _jacobian_by_basis(outputs, inputs, create_graph):
    """What torch's ``vectorize=True`` computes, without vmap: the outputs flattened and put end to end, one
    backward pass over all of them per row of the identity matrix (rows of the Jacobian of every output at once),
    each input's rows stacked, then split by output."""
    numels = [out.nelement() for out in outputs]
    total = sum(numels)
    starts = [sum(numels[:k]) for k in range(len(numels))]
    basis = tuple(minigrad.eye(total, dtype=out.dtype)[:, s : s + n] for out, s, n in zip(outputs, starts, numels))
    flat_outputs = tuple(out.reshape(-1) for out in outputs)
    rows = tuple([] for _ in inputs)
    for k in range(total):
        vj = _autograd_grad(flat_outputs, inputs, tuple(b[k] for b in basis), create_graph, retain_graph=True)
        for rows_el, vj_el, inp in zip(rows, vj, inputs):
            rows_el.append(minigrad.zeros_like(inp) if vj_el is None else vj_el)
    by_input = [minigrad.stack(r, dim=0).split(numels, dim=0) for r in rows]
    return tuple(
        tuple(jac[k].view(out.shape + inp.shape) for jac, inp in zip(by_input, inputs))
        for k, out in enumerate(outputs)
    )


def _jacfwd(func, inputs, strict, vectorize):
    """torch's forward-mode Jacobian (``vectorize=True`` only, as torch): one Jacobian-vector product per input
    element, along torch's standard basis (all inputs flattened end to end), by :func:`minigrad.func.jvp`'s double
    vjp; each output's columns are stacked, split by input and moved behind the output's dimensions."""
    if strict:
        raise RuntimeError(
            "torch.autograd.functional.jacobian: `strict=True` and `strategy=\"forward-mode\"` are not supported "
            "together (yet). Please either set `strict=False` or `strategy=\"reverse-mode\"`."
        )
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
    if not vectorize:
        raise NotImplementedError(  # torch's words, its missing space included
            "Computing Jacobian using forward-AD or forward-over-reverse Hessian isonly implemented for "
            "`vectorize=True`."
        )
    from ..func import _jvp

    numels = [inp.nelement() for inp in inputs]
    total = sum(numels)
    starts = [sum(numels[:k]) for k in range(len(numels))]
    basis = tuple(minigrad.eye(total, dtype=inp.dtype)[:, s : s + n] for inp, s, n in zip(inputs, starts, numels))
    columns, outputs, is_outputs_tuple = [], None, False
    for k in range(total):
        tangents = tuple(b[k].view_as(inp) for b, inp in zip(basis, inputs))
        primals_out, tangents_out = _jvp(func, inputs, tangents, None, False, False)
        is_outputs_tuple, outputs = _as_tuple(primals_out, "outputs", "jacobian")
        columns.append(_as_tuple(tangents_out, "outputs", "jacobian")[1])
    jacobian = [  # lists, as torch's: _tuple_postprocess keeps them
        [
            jac.permute((*range(1, jac.dim()), 0)).reshape((*out.shape, *inp.shape))
            for jac, inp in zip(minigrad.stack([c[i] for c in columns]).split(numels, dim=0), inputs)
        ]
        for i, out in enumerate(outputs)
    ]
    return _tuple_postprocess(jacobian, (is_outputs_tuple, is_inputs_tuple))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """Mirror ``torch.autograd.functional.hessian``: the Hessian of the one-element function ``func`` at
    ``inputs``, the Jacobian of its gradient, shaped ``input.shape + input.shape`` (``[i][j]`` for several
    inputs). ``outer_jacobian_strategy="forward-mode"`` (with ``vectorize=True``, as torch) takes the outer
    Jacobian column by column, as torch's forward-over-reverse."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict=strict)
        if is_out_tuple or not isinstance(out, minigrad.Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single element")
        return out.squeeze()

    def jac_func(*inp):
        if outer_jacobian_strategy == "forward-mode":  # as torch: so that the inner jacobian keeps its graph
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize,
                   strategy=outer_jacobian_strategy)  # fmt: skip
    if outer_jacobian_strategy == "forward-mode" and not any(inp.requires_grad for inp in inputs):
        res = _as_torch_forward_hessian(res)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))


def _as_torch_forward_hessian(res):
    """torch's forward-over-reverse Hessian keeps the graph of its inner Jacobian, whose inputs ``jac_func`` made
    require grad (torch's own leaves, out of the caller's reach): each block requires grad, its grad_fn a
    ``ReshapeAliasBackward0``. minigrad's blocks come detached; each gets that node over a leaf of its own."""
    if isinstance(res, (tuple, list)):
        return type(res)(_as_torch_forward_hessian(r) for r in res)
    from ..ops.shape import ReshapeAlias

    return ReshapeAlias.apply(res.detach().requires_grad_(), shape=res.shape)


def _scalar_output(func, inputs, strict, fn_name):
    """``func(*inputs)`` as a 1-tuple, checked to be one tensor of one element."""
    is_outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", fn_name)
    _check_requires_grad(outputs, "outputs", strict=strict)
    if is_outputs_tuple or not isinstance(outputs[0], minigrad.Tensor):
        raise RuntimeError(f"The function given to {fn_name} should return a single Tensor")
    if outputs[0].nelement() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {fn_name} should contain a single element")
    return is_outputs_tuple, outputs


def _gradient(func, inputs, v, create_graph, strict, fn_name):
    """What vhp and hvp start with (under enable_grad): the checked inputs and ``v``, the one-element output of
    ``func`` and its gradient, taken with ``create_graph=True`` so that it can be differentiated again."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", fn_name)
    inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
    v = _check_v(v, inputs, is_inputs_tuple, create_graph, fn_name, _V_FOR_INPUT)
    is_outputs_tuple, outputs = _scalar_output(func, inputs, strict, fn_name)
    jac = _autograd_grad(outputs, inputs, create_graph=True)
    _check_requires_grad(jac, "jacobian", strict=strict)
    return is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """Mirror ``torch.autograd.functional.vhp``: ``(func(inputs), v @ H)`` for a one-element function, the
    vector-Jacobian product of its gradient. ``v`` is shaped like the inputs."""
    with minigrad.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _gradient(
            func, inputs, v, create_graph, strict, "vhp"
        )

    return _last_pass(
        outputs, jac, inputs, v, inputs, "double_back", strict, create_graph, is_outputs_tuple, is_inputs_tuple
    )


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """Mirror ``torch.autograd.functional.hvp``: ``(func(inputs), H @ v)`` for a one-element function, by the
    double-backward trick on its gradient. ``v`` is shaped like the inputs."""
    with minigrad.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _gradient(
            func, inputs, v, create_graph, strict, "hvp"
        )
        grad_jac = tuple(minigrad.zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _autograd_grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, "hessian", strict=strict)  # jac, not double_back: as torch does

    return _last_pass(
        outputs, double_back, grad_jac, v, inputs, "double_back_trick", strict, create_graph, is_outputs_tuple,
        is_inputs_tuple,
    )
