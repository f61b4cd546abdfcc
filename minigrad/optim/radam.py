"""``RAdam``, following torch's ``_single_tensor_radam`` operation for operation, with its rounding."""

import numpy as np

from ..creation import zeros_like
from . import kernels
from .kernels import addcmul, lerp
from .optimizer import Optimizer, check_betas, check_nonnegative, decay_weight, step_tensor


class RAdam(Optimizer):
    """Mirror ``torch.optim.RAdam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
    decoupled_weight_decay=False, *, maximize=False)``, with torch's checks: Adam whose adaptive step is used only
    once the variance is tractable (rho_t > 5), rectified by r_t; before that, p -= lr * m / (1 - beta1**t)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, decoupled_weight_decay=False,
                 *, foreach=None, maximize=False, capturable=False, differentiable=False):  # fmt: skip
        check_nonnegative(lr=lr, eps=eps)
        check_betas(betas)
        check_nonnegative(weight_decay=weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize, foreach=foreach,
                        capturable=capturable, decoupled_weight_decay=decoupled_weight_decay,
                        differentiable=differentiable)  # fmt: skip
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """rho_t = rho_inf - 2 t beta2**t / (1 - beta2**t); if rho_t > 5:
        p -= m / (1 - beta1**t) * lr * sqrt(1 - beta2**t) / (sqrt(v) + eps) * r_t, else p -= m / (1 - beta1**t) * lr."""
        beta1, beta2 = group["betas"]
        lr = group["lr"]
        if not state:
            state["step"] = step_tensor()
            state["exp_avg"], state["exp_avg_sq"] = zeros_like(p), zeros_like(p)
        if group["maximize"]:
            grad = -grad
        state["step"]._data += 1
        step = state["step"].item()
        x = p._data
        dtype = x.dtype.type
        grad = decay_weight(p, grad, group)
        m, v = state["exp_avg"]._data, state["exp_avg_sq"]._data
        lerp(m, grad, 1 - beta1, out=m)
        v *= dtype(beta2)
        addcmul(v, 1 - beta2, grad, grad, out=v)
        bias_correction1 = 1 - beta1**step
        bias_correction2 = 1 - beta2**step
        update = m / dtype(bias_correction1)
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2**step) / bias_correction2
        update *= dtype(lr)
        if rho_t > 5.0:
            adaptive_lr = np.asarray(kernels.sqrt(v))  # a 0-d parameter: an array still, for the out= below
            adaptive_lr += dtype(group["eps"])
            np.reciprocal(adaptive_lr, out=adaptive_lr)  # torch's number / tensor: tensor.reciprocal() * number
            adaptive_lr *= dtype(bias_correction2**0.5)
            update *= adaptive_lr
            rect = ((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
            update *= dtype(rect)
        x -= update
