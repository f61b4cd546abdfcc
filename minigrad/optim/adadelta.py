"""``Adadelta``, following torch's ``_single_tensor_adadelta`` operation for operation, with its rounding."""

from ..creation import zeros_like
from . import kernels
from .kernels import add_scaled, addcmul
from .optimizer import Optimizer, check_nonnegative, decay_weight, step_tensor


class Adadelta(Optimizer):
    """Mirror ``torch.optim.Adadelta(params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
    maximize=False)``, with torch's checks of the hyperparameters: v = rho * v + (1 - rho) * g * g;
    delta = sqrt(u + eps) / sqrt(v + eps) * g; u = rho * u + (1 - rho) * delta * delta; p -= lr * delta."""

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, capturable=False,
                 maximize=False, differentiable=False):  # fmt: skip
        check_nonnegative(lr=lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        check_nonnegative(eps=eps, weight_decay=weight_decay)
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize, capturable=capturable,
                        foreach=foreach, differentiable=differentiable)  # fmt: skip
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """torch's order: square_avg, then delta from acc_delta's square root, then acc_delta, then the parameter."""
        rho, eps = group["rho"], group["eps"]
        if not state:
            state["step"] = step_tensor()
            state["square_avg"], state["acc_delta"] = zeros_like(p), zeros_like(p)
        state["step"]._data += 1
        if group["maximize"]:
            grad = -grad
        x = p._data
        dtype = x.dtype.type
        grad = decay_weight(p, grad, group)
        v, u = state["square_avg"]._data, state["acc_delta"]._data
        v *= dtype(rho)
        addcmul(v, 1 - rho, grad, grad, out=v)
        std = kernels.sqrt(v + dtype(eps))
        delta = kernels.sqrt(u + dtype(eps))
        delta /= std
        delta *= grad
        u *= dtype(rho)
        addcmul(u, 1 - rho, delta, delta, out=u)
        add_scaled(x, -group["lr"], delta, out=x)
