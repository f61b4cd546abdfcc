"""The lazy layers' shared machinery (torch's ``LazyModuleMixin``) and ``nn.LazyLinear``: a layer whose input size is
found from its first input (d2l's concise implementations). Until then its parameters (and buffers) are
``UninitializedParameter``s (``UninitializedBuffer``s); the first forward (or a ``load_state_dict`` of an initialized
layer's state) gives them their shapes in place (an optimizer made before keeps working), and the first forward makes
the layer the ordinary one (``cls_to_become``: a LazyLinear becomes a Linear)."""

from ..autograd import grad_mode
from .modules import Linear
from .parameter import UninitializedParameter, is_lazy


class LazyModuleMixin:
    """Mirror ``torch.nn.modules.lazy.LazyModuleMixin``: a forward pre-hook that calls ``initialize_parameters`` with
    the first input, then removes itself and turns the module into ``cls_to_become``; a load_state_dict pre-hook that
    gives the uninitialized parameters the shapes of the values loaded."""

    cls_to_become = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._load_hook = self._register_load_state_dict_pre_hook(self._lazy_load_hook)
        self._initialize_hook = self.register_forward_pre_hook(self._infer_parameters, with_kwargs=True)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        """Mirror ``LazyModuleMixin._save_to_state_dict``: an uninitialized parameter or buffer is saved as itself."""
        for table in (self._parameters, self._buffers):
            for name, t in table.items():
                if t is not None and name not in self._non_persistent_buffers_set:
                    destination[prefix + name] = t if is_lazy(t) or keep_vars else t.detach()

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        """Mirror ``LazyModuleMixin._lazy_load_hook``: an uninitialized parameter or buffer takes the shape of the
        initialized value it is given (then loaded as any)."""
        for name, t in [*self._parameters.items(), *self._buffers.items()]:
            given = state_dict.get(prefix + name)
            if t is not None and is_lazy(t) and given is not None and not is_lazy(given):
                with grad_mode.no_grad():
                    t.materialize(given.shape)

    def initialize_parameters(self, *args, **kwargs):
        """Mirror ``LazyModuleMixin.initialize_parameters``: each lazy layer says how its input gives the shapes."""
        raise NotImplementedError(f"initialize_parameters is not implemented for {self.__class__.__name__}")

    def has_uninitialized_params(self):
        """Mirror ``LazyModuleMixin.has_uninitialized_params``: whether a parameter or buffer has no shape yet."""
        return any(map(is_lazy, [*self._parameters.values(), *self._buffers.values()]))

    def _infer_parameters(self, module, args, kwargs=None):
        """Mirror ``LazyModuleMixin._infer_parameters``, the forward pre-hook: initialize from the input, remove the
        hooks, become ``cls_to_become``."""
        module.initialize_parameters(*args, **(kwargs or {}))
        if module.has_uninitialized_params():
            raise RuntimeError(f"module {self._get_name()} has not been fully initialized")
        module._initialize_hook.remove()
        module._load_hook.remove()
        delattr(module, "_initialize_hook")
        delattr(module, "_load_hook")
        if module.cls_to_become is not None:
            module.__class__ = module.cls_to_become

    def _replicate_for_data_parallel(self):
        raise RuntimeError("Modules with uninitialized parameters can't be used with `DataParallel`. Run a dummy "
                           "forward pass to correctly initialize the modules")  # fmt: skip


class LazyLinear(LazyModuleMixin, Linear):
    """Mirror ``torch.nn.LazyLinear(out_features, bias=True)``: a Linear whose ``in_features`` is the last
    dim of its first input."""

    cls_to_become = Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        super().__init__(0, 0, False)  # as torch: a Linear without values (its reset_parameters does nothing yet)
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    def reset_parameters(self):
        """Mirror ``torch.nn.LazyLinear.reset_parameters``: Linear's, once the parameters have their shapes (and
        ``in_features`` is known); nothing before."""
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        """Mirror ``torch.nn.LazyLinear.initialize_parameters``: ``in_features`` from ``input``'s last dim, the
        parameters given their shapes and drawn as Linear's (``reset_parameters``); for parameters loaded by
        ``load_state_dict``, only ``in_features``, checked against the weight's."""
        if self.has_uninitialized_params():
            with grad_mode.no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()
        if self.in_features == 0:
            if input.shape[-1] != self.weight.shape[-1]:
                raise AssertionError(f"The in_features inferred from input: {input.shape[-1]} is not equal to "
                                     f"in_features from self.weight: {self.weight.shape[-1]}")  # fmt: skip
            self.in_features = input.shape[-1]
