"""The deprecated ``torch.nn.utils.weight_norm``: ``weight`` recomputed before each forward (a forward pre-hook) from
the parameters ``weight_g`` (the norms) and ``weight_v`` (the direction); ``remove_weight_norm`` makes it one
parameter again (TCN and WaveNet code uses it)."""

import warnings

from ..parameter import Parameter, UninitializedParameter
from ..weight_norm import _weight_norm, norm_except_dim

__all__ = ["WeightNorm", "remove_weight_norm", "weight_norm"]


class WeightNorm:
    """Mirror ``torch.nn.utils.weight_norm.WeightNorm``: the forward pre-hook that sets ``module.<name>`` to
    ``g * v / ||v||``."""

    def __init__(self, name, dim):
        if dim is None:
            dim = -1
        self.name = name
        self.dim = dim

    def compute_weight(self, module):
        """Mirror ``WeightNorm.compute_weight``: ``torch._weight_norm(v, g, dim)``."""
        g = getattr(module, self.name + "_g")
        v = getattr(module, self.name + "_v")
        return _weight_norm(v, g, self.dim)

    @staticmethod
    def apply(module, name, dim):
        """Mirror ``WeightNorm.apply`` (deprecated, with torch's FutureWarning): replace the parameter ``name`` by
        ``name_g`` and ``name_v`` and register the hook."""
        warnings.warn("`torch.nn.utils.weight_norm` is deprecated in favor of "
                      "`torch.nn.utils.parametrizations.weight_norm`.", FutureWarning, stacklevel=3)  # fmt: skip
        for hook in module._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter {name}")
        if dim is None:
            dim = -1
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        if isinstance(weight, UninitializedParameter):
            raise ValueError("The module passed to `WeightNorm` can't have uninitialized parameters. Make sure to run "
                             "the dummy forward before applying weight normalization")  # fmt: skip
        del module._parameters[name]
        module.register_parameter(name + "_g", Parameter(norm_except_dim(weight, 2, dim).data))
        module.register_parameter(name + "_v", Parameter(weight.data))
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        """Mirror ``WeightNorm.remove``: ``module.<name>`` one parameter again, of the current weight."""
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + "_g"]
        del module._parameters[self.name + "_v"]
        setattr(module, self.name, Parameter(weight.data))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name="weight", dim=0):
    """Mirror the deprecated ``torch.nn.utils.weight_norm(module, name='weight', dim=0)``: ``module.<name>``
    reparametrised as ``g * v / ||v||`` (the norm over every dim but ``dim``; of the whole tensor for None).
    Returns the module."""
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name="weight"):
    """Mirror ``torch.nn.utils.remove_weight_norm``: undo :func:`weight_norm`. Returns the module."""
    return remove_hook(module, WeightNorm, name, "weight_norm")


def remove_hook(module, kind, name, what):
    """Undo the reparametrisation of ``module.<name>`` by the forward pre-hook of class ``kind`` (weight_norm's,
    spectral_norm's), or torch's ValueError naming ``what``. Returns the module."""
    for k, hook in module._forward_pre_hooks.items():
        if isinstance(hook, kind) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[k]
            return module
    raise ValueError(f"{what} of '{name}' not found in {module}")
