"""``SGD`` with momentum, following torch's ``_single_tensor_sgd`` step for step."""

from ..tensor import Tensor
from .kernels import add_scaled
from .optimizer import Optimizer, check_fused, check_nonnegative, decay_weight


class SGD(Optimizer):
    """Mirror ``torch.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False,
    maximize=False)``, with torch's update rule and rounding."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False,
                 foreach=None, differentiable=False, fused=None):
        check_nonnegative(lr=lr, momentum=momentum, weight_decay=weight_decay, negative_only=True)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay, nesterov=nesterov,
                        maximize=maximize, foreach=foreach, differentiable=differentiable, fused=fused)
        super().__init__(params, defaults)
        check_fused(fused, foreach, differentiable)

    def _state_of(self, p, group):
        """Without momentum SGD keeps no state: torch's ``optimizer.state`` stays empty."""
        return self.state[p] if group["momentum"] else {}

    def _update(self, p, grad, state, group):
        """g = grad + weight_decay * p; buf = momentum * buf + (1 - dampening) * g; p -= lr * buf."""
        momentum = group["momentum"]
        if group["maximize"]:
            grad = -grad
        grad = decay_weight(p, grad, group)
        if momentum:
            if "momentum_buffer" not in state:
                state["momentum_buffer"] = Tensor._wrap(grad.copy())
                buf = state["momentum_buffer"]._data
            else:
                buf = state["momentum_buffer"]._data
                buf *= buf.dtype.type(momentum)
                add_scaled(buf, 1 - group["dampening"], grad, out=buf)
            grad = add_scaled(grad, momentum, buf) if group["nesterov"] else buf
        add_scaled(p._data, -group["lr"], grad, out=p._data)

    def _differentiable_update(self, p, grad, state, group):
        """torch's ``_single_tensor_sgd`` in tensor ops, recorded: ``p.add_(grad, alpha=-lr)`` is p's AddBackward0."""
        momentum = group["momentum"]
        if group["maximize"]:
            grad = -grad
        if group["weight_decay"]:
            grad = grad.add(p, alpha=group["weight_decay"])
        if momentum:
            buf = state.get("momentum_buffer")
            if buf is None:
                buf = state["momentum_buffer"] = grad.detach().clone()
            else:
                buf.mul_(momentum).add_(grad, alpha=1 - group["dampening"])
            grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
        p.add_(grad, alpha=-group["lr"])
