"""``SGD`` with momentum, following the update rule in torch's documentation."""

from ..autograd import no_grad


class Optimizer:
    """Mirror ``torch.optim.Optimizer`` (one parameter group): holds parameters and clears their grads."""

    def __init__(self, params, defaults):
        self.params = list(params)
        if not self.params:
            raise ValueError("optimizer got an empty parameter list")
        self.defaults = defaults
        self.param_groups = [dict(defaults, params=self.params)]
        self.state = {}

    def zero_grad(self, set_to_none=True):
        """Mirror ``Optimizer.zero_grad``: clear (default) or zero every parameter's ``.grad``."""
        for p in self.params:
            if p._grad is not None:
                if set_to_none:
                    p._grad = None
                else:
                    p._grad.zero_()


class SGD(Optimizer):
    """Mirror ``torch.optim.SGD(params, lr, momentum=0, weight_decay=0, dampening=0, nesterov=False)``."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening,
                                      weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self):
        """Update every parameter that has a gradient: p -= lr * (grad with momentum and weight decay)."""
        g = self.param_groups[0]
        lr, momentum, dampening = g["lr"], g["momentum"], g["dampening"]
        wd, nesterov = g["weight_decay"], g["nesterov"]
        for p in self.params:
            if p._grad is None:
                continue
            d_p = p._grad
            if wd:
                d_p = d_p + wd * p
            if momentum:
                buf = self.state.get(id(p))
                if buf is None:
                    buf = self.state[id(p)] = d_p.clone()
                else:
                    buf.mul_(momentum).add_(d_p * (1 - dampening))
                d_p = d_p + momentum * buf if nesterov else buf
            p.sub_(d_p * lr)
