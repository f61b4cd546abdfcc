"""Module hooks, as torch runs them around ``module(...)`` (its ``Module._call_impl``).

* forward pre-hooks ``hook(module, args)`` run before ``forward`` and may replace its positional arguments
  (``with_kwargs=True``: ``hook(module, args, kwargs)``, returning ``(args, kwargs)``);
* forward hooks ``hook(module, args, output)`` run after it and may replace the output (``always_call=True``:
  also when ``forward`` raised);
* full backward hooks ``hook(module, grad_input, grad_output)`` run once the gradients of the module's inputs are
  known and may replace them; backward pre-hooks ``hook(module, grad_output)`` run once those of its outputs are,
  and may replace them.

Backward hooks change the graph, as in torch: the module's tensor inputs and outputs each pass through an identity
Function, :class:`BackwardHookFunction`, whose nodes (``BackwardHookFunctionBackward``) catch the gradients with
node hooks (:class:`BackwardHook`, torch's ``torch.utils.hooks.BackwardHook``). So its outputs are views that may
not be changed in place (an ``nn.ReLU(inplace=True)`` after such a module is torch's error).

The global hooks (:mod:`minigrad.nn.global_hooks`) run for every module, before the module's own of the same kind.
"""

import warnings

from ..autograd import grad_mode
from ..autograd.function import Function
from ..tensor import Tensor
from ..torch_warnings import user_stacklevel
from . import global_hooks

_NO_INPUT_WARNING = (
    "Full backward hook is firing when gradients are computed with respect to module outputs since no inputs require "
    "gradients. See https://docs.pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn.Module."
    "register_full_backward_hook for more details."
)

def _backward_hooks(module, full):
    """The global then the module's own backward hooks of one kind (full or not), as torch's
    ``Module._get_backward_hooks``."""
    hooks = list(global_hooks.GLOBAL_BACKWARD_HOOKS.values()) if global_hooks.is_full_backward_hook is full else []
    if module._is_full_backward_hook is full:
        hooks += module._backward_hooks.values()
    return hooks


def _forward_hooks(module):
    """``(hook id, hook, with kwargs, always called)`` for the global then the module's own forward hooks."""
    tables = [(global_hooks.GLOBAL_FORWARD_HOOKS, global_hooks.FORWARD_WITH_KWARGS, global_hooks.FORWARD_ALWAYS_CALLED),
              (module._forward_hooks, module._forward_hooks_with_kwargs, module._forward_hooks_always_called)]
    return [(hook_id, hook, hook_id in with_kwargs, hook_id in always)
            for hooks, with_kwargs, always in tables for hook_id, hook in hooks.items()]


class BackwardHookFunction(Function):
    """Mirror torch's ``BackwardHookFunction``: its inputs, returned as they are, on a node that hooks can watch."""

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[arg for arg in args if not arg.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *args):
        return args


class BackwardHook:
    """Mirror ``torch.utils.hooks.BackwardHook``: sets up one module call's backward hooks. The output node's hook
    keeps the module's output gradients (after the pre-hooks), and the input node's hook calls the user's hooks
    with the input gradients; positions of arguments that are not tensors are None for the user."""

    def __init__(self, module, user_hooks, user_pre_hooks):
        self.user_hooks, self.user_pre_hooks, self.module = user_hooks, user_pre_hooks, module
        self.grad_outputs = None
        self.n_outputs = self.n_inputs = -1
        self.output_tensors_index = self.input_tensors_index = None

    @staticmethod
    def _pack_with_none(indices, values, size):
        res = [None] * size
        for idx, val in zip(indices, values):
            res[idx] = val
        return tuple(res)

    def _set_user_hook(self, grad_fn):
        def hook(grad_input, _):
            if self.grad_outputs is None:  # the outputs' gradients never arrived: the module's outputs were unused
                return None
            res = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
            for user_hook in self.user_hooks:
                out = user_hook(self.module, res, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != len(res):
                    raise RuntimeError(
                        f"Backward hook returned an invalid number of grad_input, got {len(out)}, but expected "
                        f"{len(res)}"
                    )
                res = out
            self.grad_outputs = None
            return tuple(res[i] for i in self.input_tensors_index)

        grad_fn.register_hook(hook)

    def _apply_on_tensors(self, fn, args):
        tensors_idx = [i for i, arg in enumerate(args) if isinstance(arg, Tensor)]
        tensors = [args[i] for i in tensors_idx]
        if not (any(t.requires_grad for t in tensors) and grad_mode.is_grad_enabled()):
            return args, None
        new_tensors = BackwardHookFunction.apply(*tensors)
        fn(next(t.grad_fn for t in new_tensors if t.grad_fn is not None))
        arg_list = list(args)
        for idx, val in zip(tensors_idx, new_tensors):
            arg_list[idx] = val
        return tuple(arg_list), tensors_idx

    def setup_input_hook(self, args):
        """Pass the module's inputs through the identity Function whose node calls the user's hooks."""
        res, self.input_tensors_index = self._apply_on_tensors(self._set_user_hook, args)
        self.n_inputs = len(args)
        return res

    def setup_output_hook(self, args):
        """Pass the module's outputs through the identity Function whose node catches their gradients."""

        def fn(grad_fn):
            def hook(_, grad_output):
                self.grad_outputs = self._pack_with_none(self.output_tensors_index, grad_output, self.n_outputs)
                for user_pre_hook in self.user_pre_hooks:
                    new = user_pre_hook(self.module, self.grad_outputs)
                    if new is None:
                        continue
                    if len(new) != len(self.grad_outputs):
                        raise RuntimeError(
                            f"Backward pre hook returned an invalid number of grad_output, got {len(new)}, but "
                            f"expected {len(self.grad_outputs)}"
                        )
                    self.grad_outputs = new
                local_grad_outputs = self.grad_outputs
                if self.input_tensors_index is None:  # no input needs a gradient: the hooks run now
                    warnings.warn(_NO_INPUT_WARNING, stacklevel=user_stacklevel())
                    grad_inputs = self._pack_with_none([], [], self.n_inputs)
                    for user_hook in self.user_hooks:
                        res = user_hook(self.module, grad_inputs, self.grad_outputs)
                        if res is not None and not (isinstance(res, tuple) and all(el is None for el in res)):
                            raise RuntimeError(
                                "Backward hook for Modules where no input requires gradient should always return "
                                "None or None for all gradients."
                            )
                    self.grad_outputs = None
                return tuple(local_grad_outputs[i] for i in self.output_tensors_index)

            grad_fn.register_hook(hook)

        single = not isinstance(args, tuple)
        args = (args,) if single else args
        res, self.output_tensors_index = self._apply_on_tensors(fn, args)
        self.n_outputs = len(args)
        return res[0] if single else res


def call_with_hooks(module, args, kwargs):
    """``module(*args, **kwargs)`` with the global hooks and its own, in torch's order (see the module docstring)."""
    result = None
    called_always = set()
    try:
        for hook_id, hook in [*global_hooks.GLOBAL_FORWARD_PRE_HOOKS.items(), *module._forward_pre_hooks.items()]:
            if hook_id in module._forward_pre_hooks_with_kwargs:
                new = hook(module, args, kwargs)
                if new is not None:
                    if not (isinstance(new, tuple) and len(new) == 2):
                        raise RuntimeError(
                            f"forward pre-hook must return None or a tuple of (new_args, new_kwargs), but got {new}."
                        )
                    args, kwargs = new
            else:
                new = hook(module, args)
                if new is not None:
                    args = new if isinstance(new, tuple) else (new,)
        bw_hook = None
        full_hooks = _backward_hooks(module, True)
        pre_hooks = [*global_hooks.GLOBAL_BACKWARD_PRE_HOOKS.values(), *module._backward_pre_hooks.values()]
        if full_hooks or pre_hooks:
            bw_hook = BackwardHook(module, full_hooks, pre_hooks)
            args = bw_hook.setup_input_hook(args)
        result = module.forward(*args, **kwargs)
        for hook_id, hook, with_kwargs, always in _forward_hooks(module):
            if always:
                called_always.add(hook_id)
            new = hook(module, args, kwargs, result) if with_kwargs else hook(module, args, result)
            result = result if new is None else new
        if bw_hook:
            if not isinstance(result, (Tensor, tuple)):
                warnings.warn(
                    "For backward hooks to be called, module output should be a Tensor or a tuple of Tensors but "
                    f"received {type(result)}",
                    stacklevel=3,
                )
            result = bw_hook.setup_output_hook(result)
        node_hooks = _backward_hooks(module, False)
        if node_hooks:
            _set_node_hooks(module, node_hooks, args, result)
        return result
    except Exception:
        for hook_id, hook, with_kwargs, always in _forward_hooks(module):
            if always and hook_id not in called_always:
                try:
                    new = hook(module, args, kwargs, result) if with_kwargs else hook(module, args, result)
                    result = result if new is None else new
                except Exception as e:  # noqa: BLE001 - torch silences it with a warning, the first error wins
                    warnings.warn(
                        "module forward hook with ``always_call=True`` raised an exception that was silenced as "
                        f"another error was raised in forward: {e}",
                        stacklevel=3,
                    )
        raise


def _set_node_hooks(module, node_hooks, args, result):
    """The old (non-full) backward hooks, as torch sets them: hooks of the node that made the first tensor of
    ``result``, called ``hook(module, grad_inputs, grad_outputs)`` with that node's gradients; torch's FutureWarning
    when those are not the module's."""
    first = result
    while not isinstance(first, Tensor):
        first = next(v for v in first.values() if isinstance(v, Tensor)) if isinstance(first, dict) else first[0]
    grad_fn = first.grad_fn
    if grad_fn is None:
        return
    for hook in node_hooks:
        grad_fn.register_hook(lambda grad_inputs, grad_outputs, hook=hook: hook(module, grad_inputs, grad_outputs))
    problem = _node_hooks_problem(args, result, grad_fn)
    if problem:
        warnings.warn(problem, FutureWarning, stacklevel=4)


_DEPRECATED = "is deprecated and will be removed in future versions. This hook will be missing some"
_USE_FULL = "Please use register_full_backward_hook to get the documented behavior."


def _node_hooks_problem(inputs, result, grad_fn):
    """torch's ``_maybe_warn_non_full_backward_hook``: why the node's gradients may not be the module's, or None."""
    if isinstance(result, Tensor):
        result = (result,)
    elif not (isinstance(result, tuple) and all(isinstance(r, Tensor) for r in result)):
        return ("Using non-full backward hooks on a Module that does not return a single Tensor or a tuple of "
                f"Tensors {_DEPRECATED} of the grad_output. {_USE_FULL}")
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    elif not (isinstance(inputs, tuple) and all(isinstance(i, Tensor) for i in inputs)):
        return ("Using non-full backward hooks on a Module that does not take as input a single Tensor or a tuple "
                f"of Tensors {_DEPRECATED} of the grad_input. {_USE_FULL}")
    out_grad_fn = {r.grad_fn for r in result if r.grad_fn is not None}
    if not out_grad_fn or (len(out_grad_fn) == 1 and grad_fn not in out_grad_fn):
        return (f"Using a non-full backward hook when outputs are nested in python data structure {_DEPRECATED} "
                "grad_output.")
    if len(out_grad_fn) > 1:
        return (f"Using a non-full backward hook when outputs are generated by different autograd Nodes {_DEPRECATED} "
                f"grad_output. {_USE_FULL}")
    inputs_grad_fn = {i.grad_fn for i in inputs if i.grad_fn is not None}
    if inputs_grad_fn != {n for n, _ in grad_fn.next_functions}:
        return (f"Using a non-full backward hook when the forward contains multiple autograd Nodes {_DEPRECATED} "
                f"grad_input. {_USE_FULL}")
    return None
