"""``nn.LazyLinear``: a Linear layer whose ``in_features`` is found from its first input (d2l's concise
implementations). Until then its parameters are ``UninitializedParameter``s; the first forward (or a
``load_state_dict`` of an initialized layer's state) gives them their shapes in place (an optimizer made before keeps
working), and the first forward makes the layer a Linear."""

from ..autograd import grad_mode
from .modules import Linear
from .parameter import UninitializedParameter


def _is_lazy(t):
    return isinstance(t, UninitializedParameter)


class LazyLinear(Linear):
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

    def has_uninitialized_params(self):
        """Mirror ``LazyModuleMixin.has_uninitialized_params``: whether a parameter or buffer has no shape yet."""
        return any(map(_is_lazy, [*self._parameters.values(), *self._buffers.values()]))

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

    def forward(self, input):
        # torch's forward pre-hook (LazyModuleMixin._infer_parameters), then Linear's forward
        self.initialize_parameters(input)
        if self.has_uninitialized_params():
            raise RuntimeError(f"module {self._get_name()} has not been fully initialized")
        self.__class__ = self.cls_to_become
        return Linear.forward(self, input)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        """Mirror ``LazyModuleMixin._save_to_state_dict``: an uninitialized parameter is saved as itself."""
        for table in (self._parameters, self._buffers):
            for name, t in table.items():
                if t is not None and name not in self._non_persistent_buffers_set:
                    destination[prefix + name] = t if _is_lazy(t) or keep_vars else t.detach()

    def _load_from_state_dict(self, state_dict, prefix, *args):
        """Mirror ``LazyModuleMixin._lazy_load_hook``: an uninitialized parameter takes the shape of the initialized
        value it is given (then loaded as any)."""
        for name, t in [*self._parameters.items(), *self._buffers.items()]:
            given = state_dict.get(prefix + name)
            if _is_lazy(t) and given is not None and not _is_lazy(given):
                with grad_mode.no_grad():
                    t.materialize(given.shape)
        super()._load_from_state_dict(state_dict, prefix, *args)
