"""``ASGD``, following torch's ``_single_tensor_asgd`` operation for operation, with its rounding."""

from ..creation import tensor, zeros_like
from ..tensor import Tensor
from .kernels import add_scaled
from .optimizer import Optimizer, check_nonnegative, decay_weight, step_tensor


class ASGD(Optimizer):
    """Mirror ``torch.optim.ASGD(params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None,
    maximize=False, differentiable=False, capturable=False)``: SGD with a decaying step ``eta`` and a running average
    ``ax`` of the parameters (from step ``t0`` on)."""

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0, foreach=None, maximize=False,
                 differentiable=False, capturable=False):  # fmt: skip
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        check_nonnegative(lr=lr, weight_decay=weight_decay)
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, foreach=foreach,
                        maximize=maximize, differentiable=differentiable, capturable=capturable)  # fmt: skip
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """p = p * (1 - lambd * eta) - eta * g; ax averages p once mu < 1; then eta = lr / (1 + lambd * lr * step) **
        alpha and mu = 1 / max(1, step - t0), each a Python float stored in a 0-d tensor."""
        lr, lambd = float(group["lr"]), group["lambd"]
        if not state:
            state["step"] = step_tensor()
            scalar = state["step"].dtype
            state["eta"] = tensor(lr, dtype=scalar)
            state["mu"] = tensor(1.0, dtype=scalar)
            state["ax"] = zeros_like(p)
        if group["maximize"]:
            grad = -grad
        state["step"]._data += 1
        x, ax = p._data, state["ax"]._data
        grad = decay_weight(p, grad, group)
        eta = state["eta"].item()
        x *= x.dtype.type(1 - lambd * eta)
        add_scaled(x, -eta, grad, out=x)
        mu = state["mu"].item()
        if mu != 1:
            ax += (x - ax) * x.dtype.type(mu)
        else:
            ax[...] = x
        step = state["step"].item()
        state["eta"]._data[...] = lr / ((1 + lambd * lr * step) ** group["alpha"])
        state["mu"]._data[...] = 1 / max(1, step - group["t0"])
