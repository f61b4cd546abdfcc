"""``RMSprop``, following torch's ``_single_tensor_rmsprop`` operation for operation, with its rounding."""


from ..creation import zeros_like
from . import kernels
from .kernels import add_scaled, addcdiv, addcmul, lerp
from .optimizer import Optimizer, check_nonnegative, decay_weight, step_tensor


class RMSprop(Optimizer):
    """Mirror ``torch.optim.RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
    centered=False, maximize=False)``, with torch's checks of the hyperparameters."""

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        check_nonnegative(lr=lr, eps=eps, momentum=momentum, weight_decay=weight_decay, alpha=alpha)
        defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered, weight_decay=weight_decay,
                        capturable=capturable, foreach=foreach, maximize=maximize, differentiable=differentiable)
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """v = alpha * v + (1 - alpha) * g * g; avg = sqrt(v) (centered: sqrt(v - mean(g)**2)) + eps;
        p -= lr * g / avg (through a momentum buffer if momentum > 0)."""
        alpha, lr = group["alpha"], group["lr"]
        if not state:
            state["step"] = step_tensor()
            state["square_avg"] = zeros_like(p)
            if group["momentum"] > 0:
                state["momentum_buffer"] = zeros_like(p)
            if group["centered"]:
                state["grad_avg"] = zeros_like(p)
        if group["maximize"]:
            grad = -grad
        state["step"]._data += 1
        x = p._data
        grad = decay_weight(p, grad, group)
        v = state["square_avg"]._data
        v *= v.dtype.type(alpha)
        addcmul(v, 1 - alpha, grad, grad, out=v)
        if group["centered"]:
            mean = state["grad_avg"]._data
            lerp(mean, grad, 1 - alpha, out=mean)
            avg = kernels.sqrt(addcmul(v, -1, mean, mean))
        else:
            avg = kernels.sqrt(v)
        avg += avg.dtype.type(group["eps"])
        if group["momentum"] > 0:
            buf = state["momentum_buffer"]._data
            buf *= buf.dtype.type(group["momentum"])
            addcdiv(buf, 1, grad, avg, out=buf)
            add_scaled(x, -lr, buf, out=x)
        else:
            addcdiv(x, -lr, grad, avg, out=x)
