"""``NAdam``, following torch's ``_single_tensor_nadam`` operation for operation, with its rounding."""

from ..creation import tensor, zeros_like
from ..ops.views import bump_version
from . import kernels
from .kernels import addcdiv, addcmul, lerp
from .optimizer import Optimizer, check_betas, check_nonnegative, decay_weight, step_tensor


class NAdam(Optimizer):
    """Mirror ``torch.optim.NAdam(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
    momentum_decay=4e-3, decoupled_weight_decay=False, *, maximize=False)``, with torch's checks: Adam with
    Nesterov momentum, mu_t = beta1 * (1 - 0.5 * 0.96 ** (t * momentum_decay)) and their running product kept in the
    state (``mu_product``, a float32 tensor)."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False):  # fmt: skip
        check_nonnegative(lr=lr, eps=eps)
        check_betas(betas)
        check_nonnegative(weight_decay=weight_decay, momentum_decay=momentum_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, momentum_decay=momentum_decay,
                        decoupled_weight_decay=decoupled_weight_decay, maximize=maximize, foreach=foreach,
                        capturable=capturable, differentiable=differentiable)  # fmt: skip
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """m = lerp(m, g, 1 - beta1); v = beta2 * v + (1 - beta2) * g * g; denom = sqrt(v / (1 - beta2**t)) + eps;
        p -= lr * (1 - mu_t) / (1 - prod mu) * g / denom + lr * mu_t+1 / (1 - prod mu * mu_t+1) * m / denom."""
        beta1, beta2 = group["betas"]
        lr, momentum_decay = group["lr"], group["momentum_decay"]
        if not state:
            state["step"] = step_tensor()
            state["mu_product"] = tensor(1.0, dtype=state["step"].dtype)
            state["exp_avg"], state["exp_avg_sq"] = zeros_like(p), zeros_like(p)
        if group["maximize"]:
            grad = -grad
        state["step"]._data += 1
        step = state["step"].item()
        bias_correction2 = 1 - beta2**step
        x = p._data
        dtype = x.dtype.type
        grad = decay_weight(p, grad, group)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
        mu_product = state["mu_product"]._data
        mu_product *= mu_product.dtype.type(mu)
        m, v = state["exp_avg"]._data, state["exp_avg_sq"]._data
        lerp(m, grad, 1 - beta1, out=m)
        v *= dtype(beta2)
        addcmul(v, 1 - beta2, grad, grad, out=v)
        denom = kernels.sqrt(v / dtype(bias_correction2))
        product = mu_product.item()
        mu_product_next = product * mu_next
        denom += dtype(group["eps"])
        addcdiv(x, -lr * (1.0 - mu) / (1.0 - product), grad, denom, out=x)
        bump_version(p)  # torch updates the parameter in place twice (the step bumps the second)
        addcdiv(x, (-lr * mu_next) / (1.0 - mu_product_next), m, denom, out=x)
