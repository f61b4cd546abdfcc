"""``Adafactor``, following torch's ``_single_tensor_adafactor`` (the path torch takes on the CPU) operation for
operation: the second moment of a matrix kept as a row and a column factor, the step scaled by the parameter's RMS.
Its norms over the last dim are minigrad's (summed more exactly than torch's vectorised CPU sums), so parameters can
differ from torch's in the last bits."""

import numpy as np

from ..creation import zeros_like
from ..ops._util import rsqrt_of
from ..ops.norm import norm_values
from ..ops.views import bump_version
from ..tensor import Tensor
from .kernels import add_scaled, lerp
from .optimizer import Optimizer, step_tensor


def _norm(x, axis=None):
    """The 2-norm of ``x`` (over ``axis``, kept), in its dtype: over dim -2 summed row after row in the dtype, as
    torch's CPU kernel sums across rows; otherwise as minigrad's ``torch.norm`` computes it."""
    if axis != -2:
        return norm_values(x, 2, axis, axis is not None, x.dtype)
    total = np.zeros((*x.shape[:-2], 1, x.shape[-1]), x.dtype)
    for i in range(x.shape[-2]):
        total += x[..., i : i + 1, :] * x[..., i : i + 1, :]
    return np.sqrt(total)


class Adafactor(Optimizer):
    """Mirror ``torch.optim.Adafactor(params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0,
    weight_decay=0.0, *, foreach=None, maximize=False)``, with torch's checks of the hyperparameters."""

    def __init__(self, params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0, weight_decay=0.0, *,
                 foreach=None, maximize=False):  # fmt: skip
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 >= beta2_decay:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if eps[0] is not None and not 0.0 <= eps[0]:
            raise ValueError(f"epsilon1 should be >= 0 but is: {eps[0]}")
        if not 0.0 <= eps[1]:
            raise ValueError(f"epsilon2 should be >= 0 but is: {eps[1]}")
        if not 1.0 <= d:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight_decay should be >= 0 but is: {weight_decay}")
        defaults = dict(lr=lr, beta2_decay=beta2_decay, eps=eps, d=d, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize)  # fmt: skip
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """beta2 decay t**beta2_decay; alpha = max(eps2, RMS(p)) * min(lr, 1/sqrt(t)); the second moment (row and
        column factors for a matrix), the update g / sqrt(v) clipped to RMS d; p -= alpha * update."""
        if p.is_complex():
            raise RuntimeError("Adafactor does not support complex parameters")
        if not state:
            state["step"] = step_tensor()
            if grad.ndim > 1:
                state["row_var"] = Tensor._wrap(np.zeros((*grad.shape[:-1], 1), grad.dtype))
                state["col_var"] = Tensor._wrap(np.zeros((*grad.shape[:-2], 1, grad.shape[-1]), grad.dtype))
            else:
                state["variance"] = zeros_like(p)
        if group["maximize"]:
            grad = -grad
        lr, dtype = group["lr"], grad.dtype.type
        eps1, eps2 = group["eps"]
        if eps1 is None:
            eps1 = float(np.finfo(p._data.dtype).eps)
        state["step"]._data += 1
        step = state["step"].item()
        one_minus_beta2_t = step ** group["beta2_decay"]
        rho_t = min(lr, 1 / (step**0.5))
        x = p._data
        alpha = max(eps2, float(_norm(x)) / (x.size**0.5)) * rho_t
        if group["weight_decay"] != 0:
            x *= dtype(1 - lr * group["weight_decay"])
            bump_version(p)
        if grad.ndim > 1:
            row_var, col_var = state["row_var"]._data, state["col_var"]._data
            row_mean = np.square(_norm(grad, -1)) / dtype(grad.shape[-1])
            lerp(row_var, row_mean, one_minus_beta2_t, out=row_var)
            col_mean = np.square(_norm(grad, -2)) / dtype(grad.shape[-2])
            lerp(col_var, col_mean, one_minus_beta2_t, out=col_var)
            var_estimate = np.matmul(row_var, col_var)
            var_estimate /= np.maximum(state["row_var"].mean(dim=-2, keepdim=True)._data, dtype(eps1))
        else:
            variance = state["variance"]._data
            lerp(variance, grad * grad, one_minus_beta2_t, out=variance)
            var_estimate = variance.copy()
        update = rsqrt_of(np.maximum(var_estimate, dtype(eps1 * eps1)))
        update *= grad
        denom = max(1.0, float(_norm(update)) / ((update.size**0.5) * group["d"]))
        add_scaled(x, -alpha / denom, update, out=x)
