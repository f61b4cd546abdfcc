"""The global module hooks of ``torch.nn.modules.module`` (``register_module_forward_hook`` and its kin): hooks that
run for every module's call (:mod:`minigrad.nn.hooks` runs them, before the module's own), and the registration
hooks that see every parameter, buffer and sub-module a module registers. Like torch's, a debugging aid that adds
global state."""

from collections import OrderedDict

from ..autograd.graph import RemovableHandle

_BOTH_KINDS = ("Cannot use both regular backward hooks and full backward hooks as a global Module hook. Please use "
               "only one of them.")

# the global hooks, {handle id: hook} (and flags {handle id: True}), as torch.nn.modules.module keeps them
GLOBAL_FORWARD_PRE_HOOKS, GLOBAL_FORWARD_HOOKS, GLOBAL_BACKWARD_HOOKS, GLOBAL_BACKWARD_PRE_HOOKS = (
    OrderedDict(), OrderedDict(), OrderedDict(), OrderedDict())
FORWARD_ALWAYS_CALLED, FORWARD_WITH_KWARGS = OrderedDict(), OrderedDict()
is_full_backward_hook = None  # True or False once a global backward hook of that kind was registered


def register_module_forward_pre_hook(hook):
    """Mirror ``torch.nn.modules.module.register_module_forward_pre_hook``: ``hook(module, args)`` runs before every
    module's ``forward`` (before its own pre-hooks) and may return new positional arguments. Returns a handle."""
    handle = RemovableHandle(GLOBAL_FORWARD_PRE_HOOKS)
    GLOBAL_FORWARD_PRE_HOOKS[handle.id] = hook
    return handle


def register_module_forward_hook(hook, *, with_kwargs=False, always_call=False):
    """Mirror ``torch.nn.modules.module.register_module_forward_hook``: ``hook(module, args, output)`` runs after
    every module's ``forward`` (before its own forward hooks) and may return a new output. Returns a handle."""
    handle = RemovableHandle(GLOBAL_FORWARD_HOOKS, extra_dict=FORWARD_ALWAYS_CALLED)
    GLOBAL_FORWARD_HOOKS[handle.id] = hook
    if with_kwargs:
        FORWARD_WITH_KWARGS[handle.id] = True
    if always_call:
        FORWARD_ALWAYS_CALLED[handle.id] = True
    return handle


def register_module_backward_hook(hook):
    """Mirror the deprecated ``torch.nn.modules.module.register_module_backward_hook``: every module's
    ``register_backward_hook``, globally. Returns a handle."""
    return _add_global_backward_hook(hook, full=False)


def register_module_full_backward_hook(hook):
    """Mirror ``torch.nn.modules.module.register_module_full_backward_hook``: ``hook(module, grad_input,
    grad_output)`` runs for every module once the gradients of its inputs are known. Returns a handle."""
    return _add_global_backward_hook(hook, full=True)


def register_module_full_backward_pre_hook(hook):
    """Mirror ``torch.nn.modules.module.register_module_full_backward_pre_hook``: ``hook(module, grad_output)`` runs
    for every module once the gradients of its outputs are known. Returns a handle."""
    handle = RemovableHandle(GLOBAL_BACKWARD_PRE_HOOKS)
    GLOBAL_BACKWARD_PRE_HOOKS[handle.id] = hook
    return handle


COMPILE_WITH_GLOBAL_HOOKS = (
    "Using `torch.compile(module)` when there are global hooks on modules (e.g., from `register_module_forward_hook`); "
    "this will cause the hooks to fire an extra time for the `OptimizedModule` created by `torch.compile(module)`. If "
    "this causes undesired behavior, please try using `module.compile()`, or use the per-module hooks instead"
)


def has_any_global_hook():
    """Mirror ``torch.nn.modules.module._has_any_global_hook``: whether a global forward or backward hook is
    registered (or the flag of a removed ``with_kwargs`` one remains, as in torch)."""
    return bool(GLOBAL_BACKWARD_PRE_HOOKS or GLOBAL_BACKWARD_HOOKS or GLOBAL_FORWARD_PRE_HOOKS or GLOBAL_FORWARD_HOOKS
                or FORWARD_ALWAYS_CALLED or FORWARD_WITH_KWARGS)


# the global registration hooks, by the table of the module that holds what they see registered
GLOBAL_REGISTRATION_HOOKS = {"_parameters": OrderedDict(), "_buffers": OrderedDict(), "_modules": OrderedDict()}


def register_module_parameter_registration_hook(hook):
    """Mirror ``torch.nn.modules.module.register_module_parameter_registration_hook``: ``hook(module, name, param)``
    runs whenever any module registers a parameter and may return another one to register. Returns a handle."""
    return _add_registration_hook("_parameters", hook)


def register_module_buffer_registration_hook(hook):
    """Mirror ``torch.nn.modules.module.register_module_buffer_registration_hook``: ``hook(module, name, buffer)``
    runs whenever any module registers a buffer and may return another one to register. Returns a handle."""
    return _add_registration_hook("_buffers", hook)


def register_module_module_registration_hook(hook):
    """Mirror ``torch.nn.modules.module.register_module_module_registration_hook``: ``hook(module, name, submodule)``
    runs whenever any module registers a sub-module and may return another one to register. Returns a handle."""
    return _add_registration_hook("_modules", hook)


def _add_registration_hook(table, hook):
    handle = RemovableHandle(GLOBAL_REGISTRATION_HOOKS[table])
    GLOBAL_REGISTRATION_HOOKS[table][handle.id] = hook
    return handle


def registered(table, module, name, value):
    """``value`` as the global registration hooks for the table ``table`` (``"_parameters"``, ``"_buffers"`` or
    ``"_modules"``) leave it, in torch's order: each may return a replacement."""
    for hook in list(GLOBAL_REGISTRATION_HOOKS[table].values()):
        output = hook(module, name, value)
        if output is not None:
            value = output
    return value


def _add_global_backward_hook(hook, full):
    global is_full_backward_hook
    if is_full_backward_hook is (not full):
        raise RuntimeError(_BOTH_KINDS)
    is_full_backward_hook = full
    handle = RemovableHandle(GLOBAL_BACKWARD_HOOKS)
    GLOBAL_BACKWARD_HOOKS[handle.id] = hook
    return handle
