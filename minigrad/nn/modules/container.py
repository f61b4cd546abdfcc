"""``torch.nn.modules.container``, where torch defines its containers (``from torch.nn.modules.container import
Sequential``)."""

from .. import ModuleDict, ModuleList, ParameterDict, ParameterList, Sequential

__all__ = ["Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"]
