"""``torch.nn.utils.parametrizations``: weight normalisation and spectral normalisation as parametrizations
(:mod:`.parametrize`): ``module.weight`` computed from ``module.parametrizations.weight.original0``/``original1``
(the norms and the direction) or from ``original`` divided by its largest singular value; ``orthogonal`` in
:mod:`.parametrizations_orthogonal`."""

from ... import functional as torch_functions
from ...autograd import grad_mode
from ...products import vdot
from ...tensor import Tensor
from .. import functional as F
from ..module import Module
from ..weight_norm import _weight_norm, norm_except_dim
from . import parametrize
from .parametrizations_orthogonal import orthogonal  # noqa: F401 - torch has it here

__all__ = ["orthogonal", "spectral_norm", "weight_norm"]


class _WeightNorm(Module):
    """torch's parametrization of ``weight_norm``: ``forward(g, v)`` is ``torch._weight_norm(v, g, dim)``."""

    def __init__(self, dim=0):
        super().__init__()
        if dim is None:
            dim = -1
        self.dim = dim

    def forward(self, weight_g, weight_v):
        return _weight_norm(weight_v, weight_g, self.dim)

    def right_inverse(self, weight):
        """The originals from a weight: its norms (``norm_except_dim``) and the weight itself."""
        return norm_except_dim(weight, 2, self.dim), weight


def weight_norm(module, name="weight", dim=0):
    """Mirror ``torch.nn.utils.parametrizations.weight_norm(module, name='weight', dim=0)``: ``module.<name>``
    parametrised as ``g * v / ||v||`` (``original0`` is ``g``, ``original1`` is ``v``); a state saved by the older
    ``nn.utils.weight_norm`` (``weight_g``, ``weight_v``) still loads. Returns the module."""
    parametrize.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)

    def _weight_norm_compat_hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                 error_msgs):  # fmt: skip
        g_key, v_key = f"{prefix}{name}_g", f"{prefix}{name}_v"
        if g_key in state_dict and v_key in state_dict:
            state_dict[f"{prefix}parametrizations.{name}.original0"] = state_dict.pop(g_key)
            state_dict[f"{prefix}parametrizations.{name}.original1"] = state_dict.pop(v_key)

    module._register_load_state_dict_pre_hook(_weight_norm_compat_hook)
    return module


class _SpectralNorm(Module):
    """torch's parametrization of ``spectral_norm``: the buffers ``_u`` and ``_v`` (random unit vectors, refined
    by 15 power iterations at once), one more iteration per forward in training; ``weight / vdot(u, W v)``."""

    def __init__(self, weight, n_power_iterations=1, dim=0, eps=1e-12):
        super().__init__()
        ndim = weight.ndim
        if dim >= ndim or dim < -ndim:
            raise IndexError(f"Dimension out of range (expected to be in range of [-{ndim}, {ndim - 1}] but got {dim})")
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")  # fmt: skip
        self.dim = dim if dim >= 0 else dim + ndim
        self.eps = eps
        if ndim > 1:
            self.n_power_iterations = n_power_iterations
            weight_mat = self._reshape_weight_to_matrix(weight)
            h, w = weight_mat.size()
            u = weight_mat.new_empty(h).normal_(0, 1)
            v = weight_mat.new_empty(w).normal_(0, 1)
            self.register_buffer("_u", F.normalize(u, dim=0, eps=self.eps))
            self.register_buffer("_v", F.normalize(v, dim=0, eps=self.eps))
            self._power_method(weight_mat, 15)

    def _reshape_weight_to_matrix(self, weight):
        if self.dim != 0:
            weight = weight.permute(self.dim, *(d for d in range(weight.dim()) if d != self.dim))
        return weight.flatten(1)

    def _power_method(self, weight_mat, n_power_iterations):
        with grad_mode.no_grad():
            for _ in range(n_power_iterations):
                self._u = F.normalize(torch_functions.mv(weight_mat, self._v), dim=0, eps=self.eps, out=self._u)
                self._v = F.normalize(torch_functions.mv(weight_mat.H, self._u), dim=0, eps=self.eps, out=self._v)

    def forward(self, weight):
        if weight.ndim == 1:
            return F.normalize(weight, dim=0, eps=self.eps)
        weight_mat = self._reshape_weight_to_matrix(weight)
        if self.training:
            self._power_method(weight_mat, self.n_power_iterations)
        u = self._u.clone()
        v = self._v.clone()
        sigma = vdot(u, torch_functions.mv(weight_mat, v))
        return weight / sigma

    def right_inverse(self, value):
        return value


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Mirror ``torch.nn.utils.parametrizations.spectral_norm(module, name='weight', n_power_iterations=1,
    eps=1e-12, dim=None)``: ``module.<name>`` divided by its spectral norm (power iteration in training; ``dim``: 1
    for transposed convolutions, else 0). Returns the module."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if dim is None:
        from ..conv_transpose import _ConvTransposeNd

        dim = 1 if isinstance(module, _ConvTransposeNd) else 0
    parametrize.register_parametrization(module, name, _SpectralNorm(weight, n_power_iterations, dim, eps))
    return module
