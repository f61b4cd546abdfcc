"""``torch.func``: autograd as function transforms. ``grad(f)`` is a new function that returns the gradient of ``f``;
transforms compose (``grad(grad(f))``, ``vmap(grad(f))``) and mix with ``Tensor.backward``.

minigrad builds them on its one engine, where torch has a separate machinery (functorch's levels):

* ``grad``, ``grad_and_value``, ``vjp``: the inputs are replaced by fresh tensors that require grad (a view of the
  input if the input requires grad itself, so that an enclosing transform or ``backward`` sees through it); ``f``
  runs; :func:`minigrad.autograd.grad` differentiates with ``create_graph=True``. A result that depends only on this
  transform's own inputs is returned detached, as torch returns it; one that also depends on tensors outside
  (a weight that requires grad, an enclosing ``grad``'s input) keeps its graph, as torch's does.
* ``jacrev`` is one ``vjp`` per output element (the rows of the Jacobian); ``hessian`` is ``jacrev(jacrev(f))``
  (torch uses forward mode for the outer one: the same numbers).
* ``jvp`` (forward mode in torch, a dual tensor per input) is the reverse-mode product of a reverse-mode product,
  the "double vjp": ``g(u) = vjp(f, x)(u)`` is linear in ``u``, and its own vjp with the tangents ``v`` is ``J v``.
  The first pass keeps its graph (``create_graph=True``), the second one too, so that ``jvp`` nests in ``grad``,
  ``jacrev`` or another ``jvp``. An output that does not depend on the inputs gets zeros, as torch's has no tangent.
  ``jacfwd`` is one ``jvp`` per input element (the columns of the Jacobian, along torch's standard basis);
  ``linearize`` runs ``f`` once for the output and one ``jvp`` per call of its ``jvp_fn``.
* ``vmap`` runs ``f`` once per slice along ``in_dims`` and stacks the results along ``out_dims``. torch runs ``f``
  once on batched tensors instead; so, unlike torch, inside a minigrad ``vmap`` a tensor prints as one sample (torch
  prints a ``BatchedTensor``), and random ops work (torch refuses them); ``.item()``, ``float``, ``int`` and ``bool``
  of a sample raise torch's errors, but of what an op computes from it they still convert, where torch raises
  (:mod:`minigrad.autograd.batched`). A user
  ``autograd.Function`` must still have a vmap rule (its ``vmap`` staticmethod or ``generate_vmap_rule = True``;
  torch's error otherwise), but its ``vmap`` is not called: its ``forward`` runs once per slice.
* ``functional_call`` runs a module with other tensors in place of its parameters and buffers.
"""

import functools

from . import autograd
from ._pytree import broadcast_prefix, tree_leaves, tree_map, tree_spec
from .autograd import batched, forward_ad, grad_mode, transforms
from .autograd.accumulate_grad import AccumulateGrad
from .autograd.graph import next_sequence_nr
from .creation import zeros_like
from .functional import stack
from .tensor import Tensor

__all__ = [
    "functional_call", "grad", "grad_and_value", "hessian", "jacfwd", "jacrev", "jvp", "linearize",
    "replace_all_batch_norm_modules_", "stack_module_state", "vjp", "vmap",
]  # fmt: skip


def _fresh(t):
    """This transform's input standing for ``t``: a leaf that requires grad, or a view if ``t`` requires grad."""
    if not isinstance(t, Tensor):
        return t
    return t.view_as(t) if t.requires_grad else t.detach().requires_grad_()


def _fresh_tree(value):
    """``value`` with each tensor :func:`_fresh`; torch's error for anything else among its leaves."""

    def fresh(t):
        if not isinstance(t, Tensor):
            raise ValueError(f"Thing passed to transform API must be Tensor, got {type(t)}")
        return _fresh(t)

    return tree_map(fresh, value)


def _leaves(value):
    """The tensors among ``value``'s leaves."""
    return [t for t in tree_leaves(value) if isinstance(t, Tensor)]


def _rebuild(value, flat):
    """``value``'s structure with its tensors replaced, in order, by ``flat``'s (an iterator)."""
    return tree_map(lambda v: next(flat) if isinstance(v, Tensor) else v, value)


def _rebuilt(value, leaves):
    """``value``'s structure with all its leaves replaced, in order, by ``leaves``' (an iterator)."""
    return tree_map(lambda _: next(leaves), value)


def _unwrap(t, start, own):
    """``t`` as the transform returns it: detached unless its graph reaches a tensor from outside the transform
    (a node made before it started, or a leaf that is not one of its own inputs ``own``)."""
    if not isinstance(t, Tensor) or t.grad_fn is None:
        return t.detach() if isinstance(t, Tensor) else t
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, AccumulateGrad):
            if not any(node.variable is leaf for leaf in own):
                return t
        elif node._seq_nr < start:
            return t
        else:
            todo.extend(child for child, _ in node.next_functions)
    return t.detach()


def _argnums_error(argnums, n):
    if isinstance(argnums, int):
        argnums = (argnums,)
    for a in argnums:
        if not isinstance(a, int):
            raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(a)}")
        if not -n <= a < n:
            raise RuntimeError(f"Got argnum={a}, but only {n} positional inputs")


def grad_and_value(func, argnums=0, has_aux=False):
    """Mirror ``torch.func.grad_and_value(func, argnums=0, has_aux=False)``: a function returning ``(gradient,
    value)`` of the scalar ``func`` with respect to the positional argument(s) ``argnums`` (``(gradient, (value,
    aux))`` with ``has_aux``, as torch nests them)."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        _argnums_error(argnums, len(args))
        start = next_sequence_nr()
        picked = argnums if isinstance(argnums, tuple) else (argnums,)
        args = list(args)
        for a in picked:
            args[a] = _fresh_tree(args[a])
        inputs = [_leaves(args[a]) for a in picked]
        with grad_mode.enable_grad(), transforms.running():
            output = func(*args, **kwargs)
        aux = None
        if has_aux:
            if not (isinstance(output, tuple) and len(output) == 2):
                raise RuntimeError(
                    "grad_and_value(f)(*args): output of function f should be a tuple: (output, aux) if has_aux is True"
                )
            output, aux = output
        if not isinstance(output, Tensor):
            raise RuntimeError(f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got {type(output)}")
        if output.dim() != 0:
            raise RuntimeError(
                "grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor with "
                f"{output.dim()} dims. Maybe you wanted to use the vjp or jacrev APIs instead?"
            )
        flat = [t for group in inputs for t in group]
        grads = autograd.grad(output, flat, create_graph=True, allow_unused=True) if output.requires_grad else ()
        grads = [zeros_like(t) if g is None else g for t, g in zip(flat, grads or [None] * len(flat))]
        own = [t for t in flat if t.grad_fn is None]
        grads = iter([_unwrap(g, start, own) for g in grads])
        result = tuple(_rebuild(args[a], grads) for a in picked)
        result = result if isinstance(argnums, tuple) else result[0]
        value = _unwrap(output, start, own)
        if has_aux:
            return result, (value, _unwrap_aux(aux, start, own))
        return result, value

    return wrapper


def _unwrap_tree(value, start, own):
    return _rebuild(value, iter([_unwrap(t, start, own) for t in _leaves(value)]))


def _unwrap_aux(aux, start, own):
    """A transform's ``has_aux`` output, unwrapped as its result is; torch's error for anything but tensors in it."""
    if isinstance(aux, (tuple, list)):
        for v in aux:
            _unwrap_aux(v, start, own)
    elif isinstance(aux, dict):
        for v in aux.values():
            _unwrap_aux(v, start, own)
    elif not isinstance(aux, Tensor):
        raise RuntimeError(f"Expected tensors, got unsupported type {type(aux)}")
    return _unwrap_tree(aux, start, own)


def grad(func, argnums=0, has_aux=False):
    """Mirror ``torch.func.grad(func, argnums=0, has_aux=False)``: a function returning the gradient of the scalar
    ``func`` with respect to its positional argument(s) ``argnums`` (and ``func``'s aux output with ``has_aux``)."""
    both = grad_and_value(func, argnums, has_aux)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        gradient, value = both(*args, **kwargs)
        return (gradient, value[1]) if has_aux else gradient

    return wrapper


def _tensor_outputs(output, api):
    """The tensors of a transformed function's ``output`` (a tree of them), or torch's error from the transform
    ``api`` for an output that is empty or holds anything but tensors."""
    flat = tree_leaves(output)
    if not flat or (len(flat) == 1 and flat[0] is None):
        raise RuntimeError(f"{api}: Expected f to be a function that has non-empty output (got output = {flat})")
    for o in flat:
        if not isinstance(o, Tensor):
            raise RuntimeError(f"{api}: expected f(*primals) to return only tensors, got unsupported type {type(o)}")
    return flat


def vjp(func, *primals, has_aux=False):
    """Mirror ``torch.func.vjp(func, *primals, has_aux=False)``: ``(func(*primals), vjp_fn)``; ``vjp_fn(cotangents)``
    gives, for each primal, the product of the cotangents with the Jacobian (one backward pass each call)."""
    start = next_sequence_nr()
    primals = tuple(_fresh_tree(p) for p in primals)
    flat = [t for p in primals for t in _leaves(p)]
    with grad_mode.enable_grad(), transforms.running():
        output = func(*primals)
    aux = None
    if has_aux:
        if not (isinstance(output, tuple) and len(output) == 2):
            raise RuntimeError(
                "vjp(f, *primals): output of function f should be a tuple: (output, aux) if has_aux is True"
            )
        output, aux = output
    outputs = _tensor_outputs(output, "vjp(f, *primals)")
    own = [t for t in flat if t.grad_fn is None]

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        cotangent_list = _leaves(cotangents)
        pairs = [(o, c) for o, c in zip(outputs, cotangent_list) if o.requires_grad]
        grads = (
            autograd.grad([o for o, _ in pairs], flat, [c for _, c in pairs], retain_graph=True, create_graph=True,
                          allow_unused=True) if pairs else [None] * len(flat)
        )  # fmt: skip
        grads = iter([_unwrap(zeros_like(t) if g is None else g, start, own) for t, g in zip(flat, grads)])
        return tuple(_rebuild(p, grads) for p in primals)

    result = _unwrap_tree(output, start, own)
    return (result, vjp_fn, _unwrap_aux(aux, start, own)) if has_aux else (result, vjp_fn)


def jacrev(func, argnums=0, *, has_aux=False):
    """Mirror ``torch.func.jacrev(func, argnums=0)``: a function returning the Jacobian of ``func`` with respect to
    its argument(s) ``argnums``, shaped ``output.shape + input.shape``: one vector-Jacobian product per output
    element."""

    @functools.wraps(func)
    def wrapper(*args):
        _argnums_error(argnums, len(args))
        picked = argnums if isinstance(argnums, tuple) else (argnums,)

        def of_picked(*chosen):
            full = list(args)
            for a, value in zip(picked, chosen):
                full[a] = value
            return func(*full)

        output, vjp_fn, *aux = vjp(of_picked, *[args[a] for a in picked], has_aux=has_aux)
        outputs = _leaves(output)

        def jacobians_of(k, out):  # the rows of output k: one vjp per element, with a one-hot cotangent
            rows = []
            for e in range(out.numel()):
                cotangents = [zeros_like(o) for o in outputs]
                one_hot = cotangents[k].reshape(-1)
                one_hot[e] = 1.0
                cotangents[k] = one_hot.reshape(out.shape)
                rows.append(vjp_fn(_rebuild(output, iter(cotangents))))
            per_input = tuple(_rebuild(args[a], iter(_stacked_rows([tree_leaves(row[i]) for row in rows], out,
                                                                   _leaves(args[a]))))
                              for i, a in enumerate(picked))  # fmt: skip
            return per_input if isinstance(argnums, tuple) else per_input[0]

        result = _rebuild(output, iter([jacobians_of(k, o) for k, o in enumerate(outputs)]))
        return (result, aux[0]) if has_aux else result

    return wrapper


def _stacked_rows(rows, out, inputs):
    """The Jacobian of ``out`` for each tensor of ``inputs`` (an argument's leaves, a dict of parameters perhaps),
    shaped ``out.shape + input.shape``, from ``rows``: one list of gradients (one per input) per element of ``out``."""
    return [stack([row[k] for row in rows]).reshape((*out.shape, *t.shape)) if rows
            else zeros_like(t).reshape((*out.shape, *t.shape)) for k, t in enumerate(inputs)]  # fmt: skip


def hessian(func, argnums=0):
    """Mirror ``torch.func.hessian(func, argnums=0)``: the Jacobian of the Jacobian. torch takes the outer one in
    forward mode, whose entry (i, j) is computed along input j; minigrad takes it in reverse, along output i, and
    returns the transpose (the same numbers, second derivatives being symmetric), so that each entry is computed
    as torch computes it, down to the sign of its zeros."""
    reverse = jacrev(jacrev(func, argnums), argnums)

    @functools.wraps(func)
    def wrapper(*args):
        with transforms.running("vmap"), transforms.running("jvp"):  # what torch's outer jacfwd would run f under
            blocks = reverse(*args)
        picked = argnums if isinstance(argnums, tuple) else (argnums,)
        nested = blocks if isinstance(argnums, tuple) else ((blocks,),)
        out = tuple(
            tuple(_swap_groups(nested[b][a], args[picked[b]].dim(), args[picked[a]].dim()) for b in range(len(picked)))
            for a in range(len(picked))
        )
        return out if isinstance(argnums, tuple) else out[0][0]

    return wrapper


_JVP = "jvp(f, primals, tangents)"
_jvp_depth = 0  # jvps running f now: only the outermost one stands for torch's entering a dual level


def _check_pairs(flat_primals, flat_tangents):
    """torch's ``make_dual`` checks, pair by pair."""
    for p, t in zip(flat_primals, flat_tangents):
        forward_ad.check_pair(p, t)


def _tensor_list(flat, argname):
    if not flat:
        raise RuntimeError(f"{_JVP}: Expected {argname} to contain at least one Tensor.")
    for t in flat:
        if not isinstance(t, Tensor):
            raise RuntimeError(f"{_JVP}: Expected {argname} to only contain Tensors, got {type(t)}")


def _jvp(func, args, tangents, argnums, strict, has_aux):
    """``jvp`` of ``func`` at ``args`` along ``tangents`` for the arguments ``argnums`` (None: all of them), by the
    double vjp (see the module docstring); torch's checks and messages, always as ``jvp``'s."""
    global _jvp_depth
    if not isinstance(args, tuple):
        raise RuntimeError(f"{_JVP}: Expected primals to be a tuple. E.g. it should be valid to call f(*primals).")
    raw = None if argnums is None else (argnums if isinstance(argnums, tuple) else (argnums,))
    picked = None if raw is None else tuple(a % len(args) for a in raw)
    diff_args = args if picked is None else tuple(args[a] for a in picked)
    flat_primals, flat_tangents = tree_leaves(diff_args), tree_leaves(tangents)
    if tree_spec(diff_args) != tree_spec(tangents):
        raise RuntimeError(
            f"{_JVP}: Expected primals and tangents to have the same python structure. For example, if primals is a "
            f"tuple of 3 tensors, tangents also must be. Got primals with structure {tree_spec(diff_args)} and "
            f"tangents with structure {tree_spec(tangents)}"
        )
    _tensor_list(flat_primals, "primals")
    _tensor_list(flat_tangents, "tangents")
    if forward_ad._current_level >= 0 and not _jvp_depth:  # torch enters its dual level at the outermost jvp
        raise RuntimeError("Nested forward mode AD is not supported at the moment")
    _check_pairs(flat_primals, flat_tangents)
    start = next_sequence_nr()
    fresh = [_fresh(p) for p in flat_primals]
    duals = _rebuilt(diff_args, iter(fresh))
    if raw is not None:  # as torch's _replace_args: a negative argnum matches no position (its primal stays put)
        duals = tuple(duals[raw.index(i)] if i in raw else arg for i, arg in enumerate(args))
    _jvp_depth += 1
    try:
        with grad_mode.enable_grad(), transforms.running("jvp"):
            output = func(*duals)
    finally:
        _jvp_depth -= 1
    aux = None
    if has_aux:
        if not (isinstance(output, tuple) and len(output) == 2):
            raise RuntimeError(f"{_JVP}: output of function f should be a tuple: (output, aux) if has_aux is True")
        output, aux = output
    flat_out = _tensor_outputs(output, _JVP)
    own = [t for t in fresh if t.grad_fn is None]
    with grad_mode.enable_grad(), transforms.running():
        tangents_out = _double_vjp(flat_out, fresh, flat_tangents, own)
    result = []
    for o, t in zip(flat_out, tangents_out):
        if t is None:
            if strict:
                raise RuntimeError(
                    "jvp(f, primals, tangents, strict=True): The output of f is independent of the inputs. This is "
                    "not allowed with strict=True."
                )
            t = zeros_like(o)
        result.append(t)
    primals_out = _rebuild(output, iter([_aliased(_unwrap(o, start, own)) for o in flat_out]))
    tangents_out = _rebuild(output, iter([_unwrap(t, start, own) for t in result]))
    if has_aux:
        return primals_out, tangents_out, _unwrap_aux(aux, start, own)
    return primals_out, tangents_out


def _double_vjp(outputs, inputs, tangents, own):
    """``J v`` for each of ``outputs`` (None where it does not depend on ``inputs``): the vjp with cotangents ``u``
    (zeros that require grad, added to ``own``), then the vjp of that, linear in ``u``, with ``tangents``."""
    pairs = [(k, o) for k, o in enumerate(outputs) if o.requires_grad]
    if not pairs:
        return [None] * len(outputs)
    us = [zeros_like(o).requires_grad_() for _, o in pairs]
    own.extend(us)
    grads = autograd.grad([o for _, o in pairs], inputs, us, create_graph=True, allow_unused=True)
    reached = [(g, t) for g, t in zip(grads, tangents) if g is not None and g.requires_grad]
    found = [None] * len(pairs)
    if reached:
        found = autograd.grad([g for g, _ in reached], us, [t for _, t in reached], create_graph=True,
                              allow_unused=True)  # fmt: skip
    result = [None] * len(outputs)
    for (k, _), t in zip(pairs, found):
        result[k] = t
    return result


def _aliased(t):
    """A ``jvp`` output that keeps its graph, as torch returns it: an alias of it (``AliasBackward0``)."""
    from .ops.shape import Alias

    return Alias.apply(t, shape=t.shape) if t.grad_fn is not None else t


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """Mirror ``torch.func.jvp(func, primals, tangents, strict=False, has_aux=False)``: ``(func(*primals), J v)``,
    the Jacobian-vector product along ``tangents`` (shaped as ``primals``: tuples, lists and dicts of tensors), by the
    double vjp where torch uses forward-mode AD (see the module docstring)."""
    return _jvp(func, primals, tangents, None, strict, has_aux)


def _check_argnums(argnums, n):
    """torch's ``_slice_argnums`` checks of ``argnums`` against ``n`` positional arguments."""
    if not isinstance(argnums, (int, tuple)):
        raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(argnums)}")
    for a in argnums if isinstance(argnums, tuple) else (argnums,):
        if not isinstance(a, int):
            raise RuntimeError(f"argnum must be int, got: {type(a)}")
        if not -n <= a < n:
            raise RuntimeError(f"Got argnum={a}, but only {n} positional inputs")
    if isinstance(argnums, tuple):
        if not argnums:
            raise RuntimeError("argnums must be non-empty")
        wrapped = tuple(a % n for a in argnums)
        if len(set(wrapped)) != len(wrapped):
            raise RuntimeError(f"argnums elements must be unique, got {wrapped}")
        return wrapped
    return argnums % n


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """Mirror ``torch.func.jacfwd(func, argnums=0, has_aux=False, randomness="error")``: a function returning the
    Jacobian of ``func`` with respect to its argument(s) ``argnums``, shaped ``output.shape + input.shape``: one
    ``jvp`` per input element along torch's standard basis (torch batches them with vmap; ``randomness`` is checked
    and otherwise unused, each column being its own call)."""

    @functools.wraps(func)
    def wrapper(*args):
        picked = _check_argnums(argnums, len(args))
        if randomness not in ("error", "different", "same"):  # torch's vmap checks it when called
            raise RuntimeError(
                f"Only allowed values for randomness are 'error', 'different', or 'same'. Got {randomness}"
            )
        primals = tuple(args[a] for a in picked) if isinstance(picked, tuple) else (args[picked],)
        flat = tree_leaves(primals)
        numels = [p.numel() for p in flat]
        total = sum(numels)
        columns, aux = [], None
        for i in range(total):
            basis, offset = [], 0
            for p, n in zip(flat, numels):
                one_hot = zeros_like(p).reshape(-1)
                if offset <= i < offset + n:
                    one_hot[i - offset] = 1
                basis.append(one_hot.reshape(p.shape))
                offset += n
            tangents = _rebuilt(primals, iter(basis))
            with transforms.running("vmap"):  # torch maps its jvp over the basis
                out = _jvp(func, args, tangents, argnums, False, has_aux)
            if has_aux and aux is None:
                aux = out[2]
            columns.append(out[1])
        first = columns[0]
        outputs = tree_leaves(first)
        jacobians = []
        for k in range(len(outputs)):
            stacked = stack([tree_leaves(c)[k] for c in columns]).movedim(0, -1)
            per_input = [j.squeeze(-1) if p.dim() == 0 else j.unflatten(-1, p.shape)
                         for p, j in zip(flat, stacked.split(numels, dim=-1))]  # fmt: skip
            per_input = _rebuilt(primals, iter(per_input))
            jacobians.append(per_input if isinstance(picked, tuple) else per_input[0])
        result = _rebuilt(first, iter(jacobians))
        return (result, aux) if has_aux else result

    return wrapper


def linearize(func, *primals):
    """Mirror ``torch.func.linearize(func, *primals)``: ``(func(*primals), jvp_fn)``, ``jvp_fn(*tangents)`` giving
    the Jacobian-vector product at ``primals`` (torch traces ``func`` once in forward mode and replays the trace;
    minigrad runs :func:`jvp` at each call)."""
    with transforms.running("jvp"):  # torch traces func in forward mode here
        output = func(*primals)
    flat_primals = tree_leaves(primals)
    spec = tree_spec(primals)

    def jvp_fn(*tangents):
        if tree_spec(tangents) != spec:
            raise RuntimeError(
                f"Expected the tangents {tree_spec(tangents)} to have the same argspec as the primals {spec}"
            )
        for idx, (t, p) in enumerate(zip(tree_leaves(tangents), flat_primals)):
            for what in ("shape", "device", "dtype"):
                if getattr(t, what) != getattr(p, what):
                    raise RuntimeError(
                        f"tangent:{idx} with {what} {getattr(t, what)} in flattened pytree doesn't match the {what} "
                        f"{getattr(p, what)} of the corresponding primal."
                    )
        detached = _rebuilt(primals, iter([p.detach() for p in flat_primals]))
        return _jvp(func, detached, tangents, None, False, False)[1]

    return output, jvp_fn


def _swap_groups(t, first, second):
    """``t``, shaped ``O + A + B`` (``A`` and ``B`` of ``first`` and ``second`` dimensions, after the output's ``O``),
    with the two trailing groups swapped: ``O + B + A``."""
    lead = t.dim() - first - second
    return t.permute((*range(lead), *range(lead + first, lead + first + second), *range(lead, lead + first)))


def _in_dims_for(name, in_dims, args):
    """The (leaf, in_dim) pairs of ``args``, with torch's errors for ``in_dims`` that do not fit them."""
    if not isinstance(in_dims, (int, tuple)):
        raise ValueError(
            f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` to be int or a (potentially nested) "
            f"tuple matching the structure of inputs, got: {type(in_dims)}."
        )
    dims = broadcast_prefix(in_dims, args)
    if dims is None:
        raise ValueError(
            f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible with the structure of "
            f"`inputs`. in_dims has structure {tree_spec(in_dims)} but inputs has structure {tree_spec(args)}."
        )
    leaves = tree_leaves(args)
    for a, d in zip(leaves, dims):
        if d is not None and (not isinstance(d, int) or isinstance(d, bool)):
            raise ValueError(
                f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for an input but in_dim must be "
                "either an integer dimension or None."
            )
        if d is not None and not isinstance(a, Tensor):
            raise ValueError(
                f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for an input but the input is of "
                f"type {type(a)}. We cannot vmap over non-Tensor arguments, please use None as the respective in_dim"
            )
    return list(zip(leaves, dims))


def _stacked(name, results, dim):
    if dim is None:  # torch's out_dims=None: an output that is the same for every sample, given once
        return results[0]
    for r in results:
        if not isinstance(r, Tensor):
            raise ValueError(
                f"vmap({name}, ...): `{name}` must only return Tensors, got type {type(r)}. Did you mean to set "
                "out_dims= to None for output?"
            )
    return stack(results, dim=dim)


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """Mirror ``torch.func.vmap(func, in_dims=0, out_dims=0)`` (also ``torch.vmap``): ``func`` mapped over a
    dimension of its inputs, the results stacked along ``out_dims``. Inputs and outputs may be nested tuples, lists and
    dicts of tensors (a dict of parameters, as in per-sample gradients), with ``in_dims``/``out_dims`` an int or None
    for a whole part or a structure matching it. minigrad runs ``func`` once per slice (see the module docstring for
    what that changes)."""
    name = getattr(func, "__name__", repr(func))

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        pairs = _in_dims_for(name, in_dims, args)
        sizes = []
        for a, d in pairs:
            if d is None:
                continue
            if not -a.dim() <= d < a.dim():
                raise ValueError(
                    f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for some input, but that input "
                    f"is a Tensor of dimensionality {a.dim()} so expected in_dim to satisfy -{a.dim()} <= in_dim < "
                    f"{a.dim()}."
                )
            sizes.append(a.shape[d])
        if len(set(sizes)) > 1:
            raise ValueError(
                f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes {sizes} for the "
                "mapped dimension"
            )
        if not sizes:
            raise ValueError(
                f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): at least one input must be a Tensor mapped over a "
                "dimension (in_dim not None)"
            )
        results = []
        with transforms.running("vmap"):
            for i in range(sizes[0]):
                sample = iter([a if d is None else _sample(a.select(d, i)) for a, d in pairs])
                results.append(func(*_rebuilt(args, sample), **kwargs))
        first = results[0]
        dims = broadcast_prefix(out_dims, first)
        if dims is None:
            raise ValueError(
                f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not compatible with the structure of "
                f"`outputs`. out_dims has structure {tree_spec(out_dims)} but outputs has structure "
                f"{tree_spec(first)}."
            )
        per_result = [tree_leaves(r) for r in results]
        stacked = [_stacked(name, [leaves[k] for leaves in per_result], d) for k, d in enumerate(dims)]
        for t in stacked:  # a result given once (out_dims=None) may be a sample's own data
            if isinstance(t, Tensor):
                t._data = batched.plain(t._data)
        return _rebuilt(first, iter(stacked))

    return wrapper


def _sample(t):
    """The slice ``t`` as ``vmap`` gives it to ``f``: its data marked as a sample's, so that ``.item()`` of it, or of
    anything computed from it, raises torch's error (:mod:`minigrad.autograd.batched`)."""
    t._data = batched.batched(t._data)
    return t


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights=True, strict=False):
    """Mirror ``torch.func.functional_call(module, {name: tensor}, args)``: call ``module`` with the given tensors
    in place of the parameters and buffers of those (dotted) names; the module is left as it was."""
    tensors = parameter_and_buffer_dicts
    if isinstance(tensors, (list, tuple)):
        tensors = {k: v for d in tensors for k, v in d.items()}
    args = () if args is None else args if isinstance(args, tuple) else (args,)
    if strict:
        known = [n for n, _ in module.named_parameters(remove_duplicate=False)]
        known += [n for n, _ in module.named_buffers(remove_duplicate=False)]
        problems = []
        unexpected = sorted(k for k in tensors if k not in known)
        missing = sorted(k for k in known if k not in tensors)
        if unexpected:
            problems.append(f"Unexpected key(s): {', '.join(map(repr, unexpected))}.")
        if missing:
            problems.append(f"Missing key(s): {', '.join(map(repr, missing))}.")
        if problems:
            raise RuntimeError(f"Error(s) in reparametrizing for {type(module).__name__}:\n\t" + "\n\t".join(problems))
    swapped = []
    try:
        for name, value in tensors.items():
            owner_path, _, leaf = name.rpartition(".")
            owner = module.get_submodule(owner_path)
            table = owner._parameters if leaf in owner._parameters else owner._buffers
            swapped.append((table, leaf, table.get(leaf, _ABSENT)))
            table[leaf] = value
        return module(*args, **(kwargs or {}))
    finally:
        for table, leaf, old in reversed(swapped):
            if old is _ABSENT:
                del table[leaf]
            else:
                table[leaf] = old


_ABSENT = object()  # a name functional_call was given that the module did not have


def stack_module_state(models):
    """Mirror ``torch.func.stack_module_state(models)``: ``(params, buffers)``, two dicts by (dotted) name of the
    models' parameters and buffers stacked along a new first dimension, for ``vmap`` over an ensemble; stacked
    parameters are new leaves that require grad (unrelated to the models' own)."""
    if len(models) == 0:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    if not (all(m.training for m in models) or all(not m.training for m in models)):
        raise RuntimeError("stack_module_state: Expected all models to have the same training/eval mode.")
    if not all(type(m) is type(models[0]) for m in models):
        raise RuntimeError("stack_module_state: Expected all models to be of the same class.")
    all_params = [dict(m.named_parameters()) for m in models]
    all_buffers = [dict(m.named_buffers()) for m in models]
    params = {k: _stacked_leaf([p[k] for p in all_params], k) for k in all_params[0]}
    buffers = {k: _stacked_leaf([b[k] for b in all_buffers], k) for k in all_buffers[0]}
    return params, buffers


def _stacked_leaf(tensors, name):
    """torch's ``construct_stacked_leaf``: the tensors stacked, a fresh leaf requiring grad if they all do."""
    requiring = [t.requires_grad for t in tensors]
    if any(requiring) and not all(requiring):
        raise RuntimeError(f"Expected {name} from each model to have the same .requires_grad")
    result = stack(tensors)
    return result.detach().requires_grad_() if all(requiring) else result


def replace_all_batch_norm_modules_(root):
    """Mirror ``torch.func.replace_all_batch_norm_modules_(root)``: every batch norm module in ``root`` stops
    tracking running statistics (its ``running_mean``, ``running_var`` and ``num_batches_tracked`` become None), so
    that it normalises with each batch's own, as ``vmap`` needs; returns ``root``."""
    from .nn.batchnorm import _BatchNorm

    for module in root.modules():
        if isinstance(module, _BatchNorm) and module.track_running_stats:
            module.running_mean = None
            module.running_var = None
            module.num_batches_tracked = None
            module.track_running_stats = False
    return root
