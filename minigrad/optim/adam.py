"""``Adam`` and ``AdamW``, following torch's ``_single_tensor_adam`` (the path torch takes on the CPU)
operation for operation, with its rounding (:mod:`minigrad.optim.kernels`)."""

import numpy as np

from ..creation import zeros_like
from ..tensor import Tensor
from . import kernels
from .kernels import addcdiv, addcmul, lerp
from .optimizer import Optimizer, check_betas, check_fused, check_nonnegative, decay_weight, step_tensor


class Adam(Optimizer):
    """Mirror ``torch.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False,
    *, maximize=False, decoupled_weight_decay=False)``, with torch's checks of the hyperparameters."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        if isinstance(lr, Tensor) and foreach and not capturable:
            raise ValueError("lr as a Tensor is not supported for capturable=False and foreach=True")
        check_nonnegative(lr=lr, eps=eps)
        check_betas(betas)
        check_nonnegative(weight_decay=weight_decay)
        if not all(isinstance(b, float) for b in betas):
            raise ValueError("betas must be either both floats or both Tensors")
        defaults = dict(lr=lr, betas=tuple(betas), eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                        maximize=maximize, foreach=foreach, capturable=capturable, differentiable=differentiable,
                        fused=fused, decoupled_weight_decay=decoupled_weight_decay)
        super().__init__(params, defaults)
        check_fused(fused, foreach, differentiable)

    def _update(self, p, grad, state, group):
        """m = lerp(m, g, 1 - beta1); v = beta2 * v + (1 - beta2) * g * g;
        p -= lr / (1 - beta1**t) * m / (sqrt(v) / sqrt(1 - beta2**t) + eps)."""
        beta1, beta2 = group["betas"]
        lr = group["lr"]
        if not state:
            _first_state(p, state, group)
        if group["maximize"]:
            grad = -grad
        state["step"]._data += 1
        step = state["step"].item()
        x = p._data
        grad = decay_weight(p, grad, group)
        m, v = state["exp_avg"]._data, state["exp_avg_sq"]._data
        lerp(m, grad, 1 - beta1, out=m)
        v *= v.dtype.type(beta2)
        addcmul(v, 1 - beta2, grad, grad, out=v)
        step_size = lr / (1 - beta1**step)
        bias_correction2_sqrt = (1 - beta2**step) ** 0.5
        if group["amsgrad"]:
            top = state["max_exp_avg_sq"]._data
            np.maximum(top, v, out=top)
            v = top
        denom = kernels.sqrt(v)
        denom /= v.dtype.type(bias_correction2_sqrt)
        denom += v.dtype.type(group["eps"])
        addcdiv(x, -step_size, m, denom, out=x)

    def _differentiable_update(self, p, grad, state, group):
        """torch's ``_single_tensor_adam`` with ``differentiable=True``, in tensor ops, recorded: the step count a
        tensor in the bias corrections, and ``p.addcdiv_(exp_avg.clone(), denom)`` p's AddcdivBackward0."""
        beta1, beta2 = group["betas"]
        lr, wd, eps = group["lr"], group["weight_decay"], group["eps"]
        if not state:
            _first_state(p, state, group)
        if group["maximize"]:
            grad = -grad
        step, exp_avg, exp_avg_sq = state["step"], state["exp_avg"], state["exp_avg_sq"]
        step += 1
        if wd:
            if group["decoupled_weight_decay"]:
                p.mul_(1 - lr * wd)
            else:
                grad = grad.add(p, alpha=wd)
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        step_size_neg = (lr / (1 - beta1**step)).neg()
        bias_correction2_sqrt = (1 - beta2**step).sqrt()
        if group["amsgrad"]:
            top = state["max_exp_avg_sq"]
            top.copy_(top.clone().maximum(exp_avg_sq))
            exp_avg_sq = top
        denom = (exp_avg_sq.sqrt() / (bias_correction2_sqrt * step_size_neg)).add_(eps / step_size_neg)
        p.addcdiv_(exp_avg.clone(), denom)


class AdamW(Adam):
    """Mirror ``torch.optim.AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2)``: Adam with
    the weight decay applied to the parameter directly (``p *= 1 - lr * weight_decay``), not through the
    gradient."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)


def _first_state(p, state, group):
    """Adam's state before its first step, as torch makes it: the step count, both averages zero (and their maximum
    for amsgrad)."""
    state["step"] = step_tensor()
    state["exp_avg"], state["exp_avg_sq"] = zeros_like(p), zeros_like(p)
    if group["amsgrad"]:
        state["max_exp_avg_sq"] = zeros_like(p)
