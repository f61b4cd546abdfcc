"""``Adamax``, following torch's ``_single_tensor_adamax`` operation for operation, with its rounding."""

import numpy as np

from ..creation import zeros_like
from .kernels import addcdiv, lerp
from .optimizer import Optimizer, check_betas, check_nonnegative, decay_weight, step_tensor


class Adamax(Optimizer):
    """Mirror ``torch.optim.Adamax(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
    maximize=False)``, with torch's checks of the hyperparameters."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False, differentiable=False, capturable=False):  # fmt: skip
        check_nonnegative(lr=lr, eps=eps)
        check_betas(betas)
        check_nonnegative(weight_decay=weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach, maximize=maximize,
                        differentiable=differentiable, capturable=capturable)  # fmt: skip
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """m = lerp(m, g, 1 - beta1); u = max(beta2 * u, |g| + eps); p -= lr / (1 - beta1**t) * m / u."""
        beta1, beta2 = group["betas"]
        if not state:
            state["step"] = step_tensor()
            state["exp_avg"], state["exp_inf"] = zeros_like(p), zeros_like(p)
        if group["maximize"]:
            grad = -grad
        state["step"]._data += 1
        x = p._data
        grad = decay_weight(p, grad, group)
        m, u = state["exp_avg"]._data, state["exp_inf"]._data
        lerp(m, grad, 1 - beta1, out=m)
        u *= u.dtype.type(beta2)
        bound = np.abs(grad)
        bound += bound.dtype.type(group["eps"])
        np.maximum(u, bound, out=u)
        clr = group["lr"] / (1 - beta1 ** state["step"].item())
        addcdiv(x, -clr, m, u, out=x)
