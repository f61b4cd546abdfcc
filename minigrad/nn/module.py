"""``nn.Module``: a container that finds its parameters by attribute assignment, as torch's does."""

import functools
import warnings
from collections import OrderedDict, namedtuple
from collections.abc import Mapping
from types import MappingProxyType

import numpy as np

from .. import dtypes
from ..autograd import grad_mode
from ..autograd.graph import RemovableHandle
from ..device import check_device
from ..tensor import Tensor
from ..torch_api import missing as missing_in_torch
from ..tracebacks import shown_here
from ..typename import typename
from . import global_hooks, hooks
from .global_hooks import (
    GLOBAL_BACKWARD_HOOKS,
    GLOBAL_BACKWARD_PRE_HOOKS,
    GLOBAL_FORWARD_HOOKS,
    GLOBAL_FORWARD_PRE_HOOKS,
)
from .parameter import Buffer, Parameter


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What ``load_state_dict`` returns, as torch's: ``<All keys matched successfully>`` when both are empty."""

    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


_HOOK_TABLES = (  # {handle id: hook}, and the flags of some hooks ({handle id: True}), as torch names them
    "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs", "_forward_hooks", "_forward_hooks_with_kwargs",
    "_forward_hooks_always_called", "_backward_hooks", "_backward_pre_hooks", "_state_dict_hooks",
    "_state_dict_pre_hooks", "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks",
)
_EXTRA_STATE_KEY_SUFFIX = "_extra_state"


class Module:
    """Mirror ``torch.nn.Module``: assign Parameters and sub-Modules as attributes; calling the
    module runs ``forward``, with the module's hooks around it if it has any (:mod:`minigrad.nn.hooks`)."""

    # a module unpickled from before minigrad had hooks has no tables of its own: these (empty) stand in
    _forward_pre_hooks = _forward_hooks = _backward_hooks = _backward_pre_hooks = MappingProxyType({})
    _state_dict_hooks = _state_dict_pre_hooks = MappingProxyType({})
    _load_state_dict_pre_hooks = _load_state_dict_post_hooks = MappingProxyType({})
    _is_full_backward_hook = None  # torch's flag: True once a full backward hook is registered, False for an old one
    _version = 1  # torch's: the version recorded in each module's state_dict metadata
    call_super_init = False  # torch's: True makes Module.__init__ pass its arguments on to the next class's
    dump_patches = False  # torch's (for serialized source patches, which minigrad does not write)

    def __init__(self, *args, **kwargs):
        if self.call_super_init is False and kwargs:
            name = next(iter(kwargs))
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument '{name}'")
        if self.call_super_init is False and args:
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument but {len(args) + 1} were "
                            "given")  # fmt: skip
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_non_persistent_buffers_set", set())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "training", True)
        for table in _HOOK_TABLES:
            object.__setattr__(self, table, OrderedDict())
        if self.call_super_init:
            super().__init__(*args, **kwargs)

    def __setattr__(self, name, value):
        # torch's rules: a Parameter or a Module needs __init__ to have run; a name registered as one takes
        # only that kind (or None); anything else is a plain attribute
        d = self.__dict__
        for kind, table, plural, role, expected in _REGISTERED:
            registered = d.get(table)
            if isinstance(value, kind):
                if registered is None:
                    raise AttributeError(f"cannot assign {plural} before Module.__init__() call")
                for other in (d, d["_parameters"], d["_modules"], d.get("_buffers", {})):
                    if other is not registered:  # a name registered again keeps its place, as in torch
                        other.pop(name, None)
                registered[name] = global_hooks.registered(table, self, name, value)
                return
            if registered is not None and name in registered:
                if value is not None:
                    raise TypeError(
                        f"cannot assign '{typename(value)}' as {role} '{name}' ({expected} or None expected)"
                    )
                # torch's hooks see a sub-module set to None, not a parameter
                registered[name] = global_hooks.registered(table, self, name, None) if table == "_modules" else None
                return
        buffers = d.get("_buffers")
        if isinstance(value, Buffer) or (buffers is not None and name in buffers):
            if value is not None and not isinstance(value, Tensor):
                raise TypeError(
                    f"cannot assign '{typename(value)}' as buffer '{name}' (torch.nn.Buffer, torch.Tensor or None "
                    "expected)"
                )
            persistent = value.persistent if isinstance(value, Buffer) else name not in self._non_persistent_buffers_set
            self.register_buffer(name, value, persistent)
            return
        object.__setattr__(self, name, value)

    def __getattr__(self, name):
        d = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            if table in d and name in d[table]:
                return d[table][name]
        message = f"'{type(self).__name__}' object has no attribute '{name}'"
        raise missing_in_torch("torch.nn.Module", name, self, message)  # with a sentence if torch's Module has it

    def __delattr__(self, name):
        for table in (self._parameters, self.__dict__.get("_buffers", {}), self._modules):
            if name in table:
                del table[name]
                return
        object.__delattr__(self, name)

    def _check_new_name(self, kind, name, store):
        """torch's checks of the ``name`` given to ``register_parameter`` or ``register_buffer`` (``kind``), whose
        entries are in ``store``: a string, no dot, not empty, and not a name taken otherwise (a parameter, a
        sub-module or a plain attribute)."""
        if store not in self.__dict__:
            raise AttributeError(f"cannot assign {kind} before Module.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"{kind} name should be a string. Got {typename(name)}")
        if "." in name:
            raise KeyError(f'{kind} name can\'t contain "."')
        if name == "":
            raise KeyError(f'{kind} name can\'t be empty string ""')
        if hasattr(self, name) and name not in self.__dict__[store]:
            raise KeyError(f"attribute '{name}' already exists")

    def register_buffer(self, name, tensor, persistent=True):
        """Mirror ``Module.register_buffer``: a tensor that is part of the module's state (``state_dict``,
        ``to()``) but not a parameter, such as BatchNorm's running statistics; with torch's checks of the name (a
        name already taken by a parameter, a sub-module or an attribute is a KeyError)."""
        self._check_new_name("buffer", name, "_buffers")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(
                f"cannot assign '{typename(tensor)}' object to buffer '{name}' (torch Tensor or None required)"
            )
        self._buffers[name] = global_hooks.registered("_buffers", self, name, tensor)
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        """Mirror ``Module.named_buffers``: (dotted name, buffer) pairs, each buffer once (under each of its names if
        not ``remove_duplicate``)."""
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)  # a generator of its own name

    def buffers(self, recurse=True):
        """Mirror ``Module.buffers``."""
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def register_parameter(self, name, param):
        """Mirror ``Module.register_parameter``: ``param`` (a Parameter, or None) under ``name``, with torch's checks of
        both (a plain tensor is refused: wrap it in ``nn.Parameter``)."""
        self._check_new_name("parameter", name, "_parameters")
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{typename(param)}' object to parameter '{name}' (torch.nn.Parameter or "
                            "None required)")  # fmt: skip
        elif param.grad_fn is not None:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be created "
                             f"explicitly. To express '{name}' as a function of another Tensor, compute the value in "
                             "the forward() method.")  # fmt: skip
        else:
            setattr(self, name, param)

    def add_module(self, name, module):
        """Mirror ``Module.add_module``, with torch's checks of the module and its name."""
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        self._modules[name] = global_hooks.registered("_modules", self, name, module)

    def forward(self, *args, **kwargs):
        """Define the computation; called by ``module(...)``."""
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        if "_parameters" not in self.__dict__:
            raise self._not_initialised("_backward_hooks")
        try:
            if (self._forward_pre_hooks or self._forward_hooks or self._backward_hooks or self._backward_pre_hooks
                    or GLOBAL_FORWARD_PRE_HOOKS or GLOBAL_FORWARD_HOOKS or GLOBAL_BACKWARD_HOOKS
                    or GLOBAL_BACKWARD_PRE_HOOKS):  # the global tables, filled and emptied in place
                return hooks.call_with_hooks(self, args, kwargs)
            return self.forward(*args, **kwargs)
        except Exception as error:  # minigrad's layers show no frames of their own, as torch's C++ kernels
            raise shown_here(error)  # noqa: B904

    def _hook_table(self, name):
        table = self.__dict__.get(name)
        if table is None:  # unpickled from before minigrad had hooks
            table = OrderedDict()
            object.__setattr__(self, name, table)
        return table

    def _add_hook(self, table, hook, prepend, flags=()):
        """Register ``hook`` in the table named ``table`` (first if ``prepend``) and set its id in the flag tables
        named ``flags``; the handle removes it from all of them."""
        hooks, flag_tables = self._hook_table(table), [self._hook_table(name) for name in flags]
        handle = RemovableHandle(hooks, extra_dict=flag_tables)
        hooks[handle.id] = hook
        for flag_table in flag_tables:
            flag_table[handle.id] = True
        if prepend:
            hooks.move_to_end(handle.id, last=False)
        return handle

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        """Mirror ``Module.register_forward_pre_hook``: ``hook(module, args)`` runs before ``forward`` and may
        return new positional arguments (``with_kwargs=True``: ``hook(module, args, kwargs)`` returning
        ``(args, kwargs)``). Returns a handle whose ``remove()`` unregisters it."""
        return self._add_hook("_forward_pre_hooks", hook, prepend, ("_forward_pre_hooks_with_kwargs",) * with_kwargs)

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        """Mirror ``Module.register_forward_hook``: ``hook(module, args, output)`` runs after ``forward`` and may
        return a new output (``with_kwargs=True``: ``hook(module, args, kwargs, output)``; ``always_call=True``:
        it runs also when ``forward`` raised). Returns a handle."""
        flags = ("_forward_hooks_with_kwargs",) * with_kwargs + ("_forward_hooks_always_called",) * always_call
        return self._add_hook("_forward_hooks", hook, prepend, flags)

    def register_full_backward_pre_hook(self, hook, prepend=False):
        """Mirror ``Module.register_full_backward_pre_hook``: ``hook(module, grad_output)`` runs when the gradients
        of the module's outputs are known and may return new ones. Returns a handle."""
        return self._add_hook("_backward_pre_hooks", hook, prepend)

    def register_full_backward_hook(self, hook, prepend=False):
        """Mirror ``Module.register_full_backward_hook``: ``hook(module, grad_input, grad_output)`` runs when the
        gradients of the module's inputs are known and may return new ones. The module's inputs and outputs then go
        through ``BackwardHookFunctionBackward`` nodes, as in torch. Returns a handle."""
        self._set_backward_hook_kind(True)
        return self._add_hook("_backward_hooks", hook, prepend)

    def register_backward_hook(self, hook):
        """Mirror the deprecated ``Module.register_backward_hook``: ``hook(module, grad_input, grad_output)`` becomes a
        hook of the node that made the module's (first) output, so ``grad_input`` holds the gradients of *that
        node's* inputs, which are the module's only if its forward is one op; torch's FutureWarnings say when they
        are not. Returns a handle."""
        self._set_backward_hook_kind(False)
        return self._add_hook("_backward_hooks", hook, False)

    def _set_backward_hook_kind(self, full):
        if self._is_full_backward_hook is (not full):
            raise RuntimeError("Cannot use both regular backward hooks and full backward hooks on a single Module. "
                               "Please use only one of them.")
        object.__setattr__(self, "_is_full_backward_hook", full)

    def register_module(self, name, module):
        """Mirror ``Module.register_module``, an alias of ``add_module``."""
        self.add_module(name, module)

    def get_submodule(self, target):
        """Mirror ``Module.get_submodule("a.b")``: the submodule at that dotted path (``""``: this module)."""
        module = self
        for item in target.split(".") if target else ():
            module = _member(module, item, Module)
        return module

    def get_parameter(self, target):
        """Mirror ``Module.get_parameter("a.b.weight")``: the parameter at that dotted path."""
        module_path, _, name = target.rpartition(".")
        return _member(self.get_submodule(module_path), name, Parameter)

    def get_buffer(self, target):
        """Mirror ``Module.get_buffer("a.b.running_mean")``: the buffer at that dotted path."""
        module_path, _, name = target.rpartition(".")
        module = self.get_submodule(module_path)
        if not hasattr(module, name):
            raise AttributeError(f"{type(module).__name__} has no attribute `{name}`")
        buffer = getattr(module, name)
        if name not in module._buffers:
            raise AttributeError(f"`{name}` is not a buffer")
        return buffer

    def set_submodule(self, target, module, strict=False):
        """Mirror ``Module.set_submodule("a.b", module)``: put ``module`` at that dotted path, replacing the
        submodule there (with ``strict=True``, only if there is one), with torch's errors."""
        if target == "":
            raise ValueError("Cannot set the submodule without a target name!")
        atoms = target.split(".")
        if not isinstance(module, Module):
            raise ValueError(f"`module` is not an nn.Module, found {type(module)}")
        parent = self if len(atoms) == 1 else self.get_submodule(".".join(atoms[:-1]))
        if strict and not hasattr(parent, atoms[-1]):
            raise AttributeError(f"{type(parent).__name__} has no attribute `{atoms[-1]}`")
        if hasattr(parent, atoms[-1]) and not isinstance(getattr(parent, atoms[-1]), Module):
            raise AttributeError(f"`{atoms[-1]}` is not an nn.Module")
        setattr(parent, atoms[-1], module)

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        """Mirror ``Module.named_parameters``: (dotted name, parameter) pairs, each parameter once (under each of its
        names if not ``remove_duplicate``: tied weights)."""
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)  # a generator of its own name

    def _named_members(self, table, prefix, recurse, remove_duplicate=True):
        """(dotted name, tensor) for each tensor in the ``table`` of this module (and its sub-modules), once."""
        seen = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for mod_prefix, module in modules:
            for name, t in getattr(module, table).items():
                if t is None or (remove_duplicate and id(t) in seen):
                    continue
                seen.add(id(t))
                yield (f"{mod_prefix}.{name}" if mod_prefix else name), t

    def parameters(self, recurse=True):
        """Mirror ``Module.parameters``."""
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        """Mirror ``Module.named_modules``: this module and every sub-module, depth first, each once (a module used
        twice, as tied layers are, under its first name) unless not ``remove_duplicate``."""
        if memo is None:
            memo = set()
        if self in memo:
            return
        if remove_duplicate:
            memo.add(self)
        yield prefix, self
        for name, m in self._modules.items():
            if m is not None:
                yield from m.named_modules(memo, f"{prefix}.{name}" if prefix else name, remove_duplicate)

    def modules(self):
        """Mirror ``Module.modules``."""
        for _, m in self.named_modules():
            yield m

    def children(self):
        """Mirror ``Module.children``: the direct sub-modules, each once."""
        for _, m in self.named_children():
            yield m

    def named_children(self):
        """Mirror ``Module.named_children``: (name, sub-module), a module used twice under its first name only."""
        memo = set()
        for name, m in self._modules.items():
            if m is not None and m not in memo:
                memo.add(m)
                yield name, m

    def zero_grad(self, set_to_none=True):
        """Mirror ``Module.zero_grad``: clear (default) or zero every parameter's ``.grad``."""
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    p.grad.zero_()

    def train(self, mode=True):
        """Mirror ``Module.train``: set training mode here and in every sub-module."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        for m in self.modules():
            object.__setattr__(m, "training", mode)
        return self

    def eval(self):
        """Mirror ``Module.eval``: ``train(False)``."""
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        """Mirror ``Module.requires_grad_``."""
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        """Mirror ``Module.state_dict``: name -> tensor, module by module: its parameters, its persistent buffers, its
        ``get_extra_state()`` (under ``_extra_state``, if its class defines it), then each sub-module's; detached, or
        the parameters and buffers themselves with ``keep_vars=True`` (positional arguments work, with torch's
        FutureWarning). The state_dict pre- and post-hooks run around each module's part; the dict's ``_metadata``
        holds each module's version, as torch's."""
        if args:
            warnings.warn(
                "Positional args are being deprecated, use kwargs instead. Refer to "
                "https://pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn.Module.state_dict for details.",
                FutureWarning,
                stacklevel=2,
            )
            destination = args[0] if destination is None else destination
            prefix = args[1] if len(args) > 1 and prefix == "" else prefix
            keep_vars = args[2] if len(args) > 2 and keep_vars is False else keep_vars
        if "_parameters" not in self.__dict__:
            raise self._not_initialised("_state_dict_pre_hooks")
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        local_metadata = dict(version=self._version)
        if hasattr(destination, "_metadata"):
            destination._metadata[prefix[:-1]] = local_metadata
        for hook in self.__dict__.get("_state_dict_pre_hooks", {}).values():
            hook(self, prefix, keep_vars)
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
        for hook in self.__dict__.get("_state_dict_hooks", {}).values():
            result = hook(self, destination, prefix, local_metadata)
            if not getattr(hook, "_from_public_api", False):
                if result is not None:
                    destination = result
            elif result is not None:
                raise RuntimeError("state_dict post-hook must return None")
        return destination

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        """Mirror ``Module._save_to_state_dict``: this module's own entries (not its sub-modules')."""
        for name, p in self._parameters.items():
            if p is not None:
                destination[prefix + name] = p if keep_vars else p.detach()
        for name, b in self._buffers.items():
            if b is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = b if keep_vars else b.detach()
        if getattr(type(self), "get_extra_state", Module.get_extra_state) is not Module.get_extra_state:
            destination[prefix + _EXTRA_STATE_KEY_SUFFIX] = self.get_extra_state()

    def get_extra_state(self):
        """Mirror ``Module.get_extra_state``: a subclass that defines it (and ``set_extra_state``) adds what it
        returns to ``state_dict`` under ``_extra_state``; torch's RuntimeError if called on a class that does not."""
        raise RuntimeError(
            "Reached a code path in Module.get_extra_state() that should never be called. Please file an issue at "
            "https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml to report this bug."
        )

    def set_extra_state(self, state):
        """Mirror ``Module.set_extra_state``: a subclass that defines it gets the ``_extra_state`` entry back from
        ``load_state_dict``; torch's RuntimeError if called on a class that does not."""
        raise RuntimeError(
            "Reached a code path in Module.set_extra_state() that should never be called. Please file an issue at "
            "https://github.com/pytorch/pytorch/issues/new?template=bug-report.yml to report this bug."
        )

    def register_state_dict_pre_hook(self, hook):
        """Mirror ``Module.register_state_dict_pre_hook``: ``hook(module, prefix, keep_vars)`` runs before this
        module's part of ``state_dict``. Returns a handle."""
        return self._add_hook("_state_dict_pre_hooks", hook, False)

    def register_state_dict_post_hook(self, hook):
        """Mirror ``Module.register_state_dict_post_hook``: ``hook(module, state_dict, prefix, local_metadata)`` runs
        after this module's part of ``state_dict`` and may change it in place (returning anything else than None is
        torch's RuntimeError). Returns a handle."""
        hook._from_public_api = True
        return self._add_hook("_state_dict_hooks", hook, False)

    def _register_state_dict_hook(self, hook):
        """Mirror torch's private form (the older spectral norm's): ``hook(module, state_dict, prefix,
        local_metadata)`` runs after this module's part of ``state_dict``; what it returns, if not None, replaces the
        dict. Returns a handle."""
        return self._add_hook("_state_dict_hooks", hook, False)

    def register_load_state_dict_pre_hook(self, hook):
        """Mirror ``Module.register_load_state_dict_pre_hook``: ``hook(module, state_dict, prefix, local_metadata,
        strict, missing_keys, unexpected_keys, error_msgs)`` runs before this module's entries are loaded. Returns a
        handle."""
        return self._add_hook("_load_state_dict_pre_hooks", functools.partial(hook, self), False)

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        """Mirror torch's private form (the lazy layers'): ``hook(state_dict, prefix, ...)``, given the module first
        only ``with_module``. Returns a handle."""
        return self._add_hook("_load_state_dict_pre_hooks", functools.partial(hook, self) if with_module else hook,
                              False)  # fmt: skip

    def register_load_state_dict_post_hook(self, hook):
        """Mirror ``Module.register_load_state_dict_post_hook``: ``hook(module, incompatible_keys)`` runs after this
        module and its sub-modules are loaded; it may change the lists of missing and unexpected keys in place
        (returning anything else than None is torch's AssertionError). Returns a handle."""
        return self._add_hook("_load_state_dict_post_hooks", hook, False)

    def _not_initialised(self, attribute):
        """torch's error when a subclass's ``__init__`` skipped ``super().__init__()``: the first attribute of
        ``Module.__init__`` that torch's code reads (``attribute``) is missing."""
        return AttributeError(f"'{type(self).__name__}' object has no attribute '{attribute}'")

    def load_state_dict(self, state_dict, strict=True, assign=False):
        """Mirror ``Module.load_state_dict``: module by module (as torch, so entries before an error are loaded), copy
        each tensor of ``state_dict`` into its parameter or buffer (with ``assign=True``, put it in their place, as a
        Parameter where a parameter was) and give ``set_extra_state`` its ``_extra_state``, with the load_state_dict
        hooks; then raise torch's error listing the entries that are not tensors or are wrongly shaped and (if
        ``strict``) the missing and unexpected ones. Returns the lists of missing and unexpected keys, which print as
        ``<All keys matched successfully>`` when both are empty."""
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got <class '{typename(type(state_dict))}'>.")
        missing, unexpected, errors = [], [], []
        metadata = getattr(state_dict, "_metadata", None)
        state_dict = OrderedDict(state_dict)
        if metadata is not None:
            state_dict._metadata = metadata

        def load(module, local_state_dict, prefix=""):
            local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
            if assign:
                local_metadata["assign_to_params_buffers"] = assign
            module._load_from_state_dict(local_state_dict, prefix, local_metadata, True, missing, unexpected, errors)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + "."
                    load(child, {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)},
                         child_prefix)  # fmt: skip
            incompatible_keys = _IncompatibleKeys(missing, unexpected)
            for hook in module.__dict__.get("_load_state_dict_post_hooks", {}).values():
                if hook(module, incompatible_keys) is not None:
                    raise AssertionError(
                        "Hooks registered with ``register_load_state_dict_post_hook`` are not expected to return new "
                        "values, if incompatible_keys need to be modified, it should be done inplace."
                    )

        load(self, state_dict)
        if strict and unexpected:
            errors.insert(0, f"Unexpected key(s) in state_dict: {_quoted(unexpected)}. ")
        if strict and missing:
            errors.insert(0, f"Missing key(s) in state_dict: {_quoted(missing)}. ")
        if errors:
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}:\n\t" + "\n\t".join(errors))
        return _IncompatibleKeys(missing, unexpected)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):  # fmt: skip
        """Mirror ``Module._load_from_state_dict``: load this module's own entries (not its sub-modules'), adding to
        the lists of missing and unexpected keys and of errors."""
        for hook in self.__dict__.get("_load_state_dict_pre_hooks", {}).values():
            hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
        local_state = {k: v for k, v in self._parameters.items() if v is not None}
        local_state.update((k, v) for k, v in self._buffers.items()
                           if v is not None and k not in self._non_persistent_buffers_set)  # fmt: skip
        assign = local_metadata.get("assign_to_params_buffers", False)
        for name, param in local_state.items():
            key = prefix + name
            if key not in state_dict:
                if strict:
                    missing_keys.append(key)
                continue
            given = state_dict[key]
            if not isinstance(given, Tensor):
                error_msgs.append(f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like '
                                  f"object from checkpoint but received {type(given)}")  # fmt: skip
                continue
            if param.ndim == 0 and given.ndim == 1 and given.shape[0] == 1:
                given = given[0]
            if given.shape != param.shape:
                error_msgs.append(f"size mismatch for {key}: copying a param with shape {given.shape} from checkpoint, "
                                  f"the shape in current model is {param.shape}.")  # fmt: skip
                continue
            with grad_mode.no_grad():
                if not assign:
                    param.copy_(given)
                    continue
                if isinstance(param, Parameter):
                    if isinstance(given, Parameter):
                        given.requires_grad_(param.requires_grad)
                    else:
                        given = Parameter(given, requires_grad=param.requires_grad)
                setattr(self, name, given)
        extra_state_key = prefix + _EXTRA_STATE_KEY_SUFFIX
        if getattr(type(self), "set_extra_state", Module.set_extra_state) is not Module.set_extra_state:
            if extra_state_key in state_dict:
                self.set_extra_state(state_dict[extra_state_key])
            elif strict:
                missing_keys.append(extra_state_key)
        elif strict and extra_state_key in state_dict:
            unexpected_keys.append(extra_state_key)
        if strict:
            for key in state_dict:
                if key.startswith(prefix) and key != extra_state_key:
                    input_name = key[len(prefix) :].split(".", 1)
                    if len(input_name) > 1:
                        if input_name[0] not in self._modules:
                            unexpected_keys.append(key)
                    elif input_name[0] not in local_state:
                        unexpected_keys.append(key)

    def to(self, *args, **kwargs):
        """Mirror ``Module.to``: a (floating-point) dtype converts the floating-point parameters (in place, as their
        grads) and buffers (new tensors), ``memory_format`` lays out those of 4 or 5 dims; a device (minigrad has only
        the CPU) changes nothing. The arguments are ``Tensor.to``'s (a tensor gives its dtype), as torch's
        ``_parse_to`` reads them, without ``copy``. Returns the module."""
        dtype, fmt = _to_arguments(args, kwargs)
        if dtype is not None and not dtype.is_floating_point:
            raise TypeError(
                f"nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={dtype}"
            )
        if dtype is None and fmt is None:
            return self

        def convert(t):  # as torch: each parameter (and its .grad) keeps its identity, a converted buffer is new
            want = dtype if dtype is not None and t.dtype.is_floating_point else t.dtype
            return t._converted(want, "to", fmt) if fmt is not None and t.dim() in (4, 5) else t.to(want)

        return self._apply(convert)

    def cpu(self):
        """Mirror ``Module.cpu()``: the module itself."""
        return self

    def cuda(self, device=None):
        """Mirror ``Module.cuda()``: each parameter and buffer moved to the GPU, so torch's error from the first one
        (minigrad has no CUDA); a module without tensors is returned as it is."""
        for m in self.modules():
            for table in (m._parameters, m._buffers):
                for t in table.values():
                    if t is not None:
                        t.cuda(device)
        return self


    def _apply(self, fn, recurse=True):
        """Mirror ``Module._apply``: ``fn`` of every parameter (kept, its ``.data`` replaced, as its ``.grad``'s) and
        buffer (replaced), sub-modules first; under ``no_grad``."""
        if recurse:
            for module in self.children():
                module._apply(fn)
        with grad_mode.no_grad():
            for param in self._parameters.values():
                if param is None:
                    continue
                param.data = fn(param)
                if param.grad is not None:
                    param.grad.data = fn(param.grad)
            for key, buf in self._buffers.items():
                if buf is not None:
                    self._buffers[key] = fn(buf)
        return self

    def type(self, dst_type):  # noqa: A003 - torch's name
        """Mirror ``Module.type(dst_type)``: every parameter and buffer (integer ones too) cast to ``dst_type`` (a
        dtype or a legacy type name such as ``'torch.DoubleTensor'``), with torch's errors."""
        return self._apply(lambda t: t.type(dst_type))

    def to_empty(self, *, device, recurse=True):
        """Mirror ``Module.to_empty(device=...)``: every parameter and buffer replaced by an uninitialised tensor of
        its shape and dtype (minigrad has only the CPU)."""
        from ..everyday import empty_like

        check_device(device)
        return self._apply(lambda t: empty_like(t, device=device), recurse=recurse)

    def share_memory(self):
        """Mirror ``Module.share_memory()``: returns the module; minigrad runs in one process, so nothing is moved
        to shared memory."""
        return self

    def compile(self, *args, **kwargs):
        """Mirror ``Module.compile()``: returns None and the module keeps running eagerly; minigrad has no compiler
        (the arguments are checked as ``torch.compile`` checks them)."""
        from ..functional import compile as torch_compile

        torch_compile(self.__call__, *args, **kwargs)

    def apply(self, fn):
        """Mirror ``Module.apply``: ``fn(module)`` for every sub-module, then this one (weight init)."""
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def extra_repr(self):
        """Mirror ``Module.extra_repr``: the text inside this module's parentheses."""
        return ""

    def _get_name(self):
        """Mirror ``Module._get_name``: the class's name, which the printout starts with."""
        return self.__class__.__name__

    def __repr__(self):
        lines = []
        extra = self.extra_repr()
        if extra:
            lines = extra.split("\n")
        for name, m in self._modules.items():
            mod = repr(m).replace("\n", "\n  ")
            lines.append(f"({name}): {mod}")
        main = self._get_name() + "("
        if lines:
            if len(lines) == 1 and not self._modules:
                main += lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"

    def __dir__(self):
        return list(super().__dir__()) + list(self._parameters) + list(self._buffers) + list(self._modules)


def _converter(name, dtype):
    def convert(self):
        return self.to(dtype)

    convert.__name__ = convert.__qualname__ = name
    convert.__doc__ = f"Mirror ``Module.{name}()``: floating-point parameters and buffers to {dtype}."
    return convert


for _name, _dtype in (("double", dtypes.float64), ("float", dtypes.float32), ("half", dtypes.float16)):
    setattr(Module, _name, _converter(_name, _dtype))


# what Module.__setattr__ registers: (type, its table, its words in torch's errors, what torch expects)
_REGISTERED = (
    (Parameter, "_parameters", "parameters", "parameter", "torch.nn.Parameter"),
    (Module, "_modules", "module", "child module", "torch.nn.Module"),
)


def _quoted(keys):
    return ", ".join(f'"{k}"' for k in keys)


def _member(module, name, kind):
    """``module``'s attribute ``name``, which must be a ``kind`` (Module or Parameter), with torch's errors of
    ``get_submodule`` and ``get_parameter``."""
    if not hasattr(module, name):
        raise AttributeError(f"{type(module).__name__} has no attribute `{name}`")
    member = getattr(module, name)
    if not isinstance(member, kind):
        raise AttributeError(f"`{name}` is not an nn.{kind.__name__}")
    return member


class OptimizedModule(Module):
    """What ``torch.compile(module)`` returns: the module under ``_orig_mod`` (so ``state_dict`` keys start with
    ``_orig_mod.``, as torch's), its attributes read through; minigrad runs it eagerly, there is no compiler."""

    def __init__(self, mod):
        super().__init__()
        self._orig_mod = mod

    def __call__(self, *args, **kwargs):
        if global_hooks.has_any_global_hook():  # torch's: the global hooks run for this wrapper too
            warnings.warn(global_hooks.COMPILE_WITH_GLOBAL_HOOKS, stacklevel=2)
        return super().__call__(*args, **kwargs)

    def forward(self, *args, **kwargs):
        return self._orig_mod(*args, **kwargs)

    def __getattr__(self, name):
        modules = self.__dict__.get("_modules", {})
        if name in modules or "_orig_mod" not in modules:
            return super().__getattr__(name)
        return getattr(modules["_orig_mod"], name)

    @property
    def training(self):
        return self._orig_mod.training

    @training.setter
    def training(self, value):
        # torch's OptimizedModule ignores this too; Module.train sets the flag on _orig_mod itself
        pass


_TO_PROBES = []  # two empty tensors of dtypes Module.to refuses, made on first use


def _to_arguments(args, kwargs):
    """The dtype (None if none is given) and memory format of ``Module.to(*args, **kwargs)``, read by ``Tensor.to``'s
    own parser (so that arguments torch's ``_parse_to`` refuses get its TypeError) on two empty tensors of different
    dtypes: a dtype was given when either comes back in another. ``copy`` (even False), which ``Tensor.to`` takes, is
    torch's RuntimeError."""
    if not _TO_PROBES:
        _TO_PROBES.extend(Tensor._wrap(np.zeros(0, dtype=d.np)) for d in (dtypes.bool_, dtypes.uint8))
    converted = [probe.to(*args, **kwargs) for probe in _TO_PROBES]
    flags = [a for a in args if a.__class__ is bool]  # non_blocking, copy: the only bools to() takes
    if "copy" in kwargs or len(flags) == 2:  # copy=False too
        raise RuntimeError(".to() does not accept copy argument")
    changed = [t.dtype for t, probe in zip(converted, _TO_PROBES) if t.dtype is not probe.dtype]
    return (changed[0] if changed else None), kwargs.get("memory_format")
