"""``SGD`` with momentum, following torch's ``_single_tensor_sgd`` step for step."""

import warnings
from collections import defaultdict

import numpy as np

from ..ops.views import bump_version
from ..tensor import Tensor
from ..typename import typename


def _add_scaled(a, alpha, b):
    """``a + alpha * b`` rounded once, as torch's fused ``add(b, alpha=...)`` kernel does (alpha is first
    cast to the tensor's dtype); rounding twice would drift from torch's numbers within a few steps."""
    dtype = a.dtype
    # the ufuncs cast to float64 as they go: no float64 copies of a and b
    out = np.multiply(b, np.float64(dtype.type(alpha)), dtype=np.float64)
    np.add(a, out, out=out, dtype=np.float64)
    return out.astype(dtype)


class Optimizer:
    """Mirror ``torch.optim.Optimizer`` (one parameter group): holds parameters, their state
    (``optimizer.state[p]``) and clears their grads."""

    def __init__(self, params, defaults):
        if isinstance(params, Tensor):
            raise TypeError(
                f"params argument given to the optimizer should be an iterable of Tensors or dicts, but got "
                f"{typename(params)}"
            )
        self.params = list(params)
        if not self.params:
            raise ValueError("optimizer got an empty parameter list")
        for p in self.params:
            if not isinstance(p, Tensor):
                raise TypeError(f"optimizer can only optimize Tensors, but one of the params is {typename(p)}")
            if not (p.is_leaf or p.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        if len(set(self.params)) != len(self.params):
            warnings.warn(
                "optimizer contains a parameter group with duplicate parameters; in future, this will cause an "
                "error; see github.com/pytorch/pytorch/issues/40967 for more information",
                stacklevel=3,
            )
        self.defaults = defaults
        self.param_groups = [dict(defaults, params=self.params)]
        self.state = defaultdict(dict)

    def zero_grad(self, set_to_none=True):
        """Mirror ``Optimizer.zero_grad``: clear (default) or zero every parameter's ``.grad``."""
        for p in self.params:
            if p._grad is not None:
                if set_to_none:
                    p._grad = None
                else:
                    p._grad.zero_()

    def __repr__(self):
        text = f"{type(self).__name__} ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"


class SGD(Optimizer):
    """Mirror ``torch.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False,
    maximize=False)``, with torch's update rule and rounding."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay, nesterov=nesterov,
                        maximize=maximize, foreach=None, differentiable=False, fused=None)
        super().__init__(params, defaults)

    def step(self):
        """Update every parameter that has a gradient:
        g = grad + weight_decay * p; buf = momentum * buf + (1 - dampening) * g; p -= lr * buf."""
        group = self.param_groups[0]
        lr, momentum, dampening = group["lr"], group["momentum"], group["dampening"]
        for p in group["params"]:
            if p._grad is None:
                continue
            grad = -p._grad._data if group["maximize"] else p._grad._data
            if group["weight_decay"]:
                grad = _add_scaled(grad, group["weight_decay"], p._data)
            if momentum:
                state = self.state[p]
                if "momentum_buffer" not in state:
                    state["momentum_buffer"] = Tensor._wrap(grad.copy())
                    buf = state["momentum_buffer"]._data
                else:
                    buf = state["momentum_buffer"]._data
                    buf *= buf.dtype.type(momentum)
                    buf[...] = _add_scaled(buf, 1 - dampening, grad)
                grad = _add_scaled(grad, momentum, buf) if group["nesterov"] else buf
            p._data[...] = _add_scaled(p._data, -lr, grad)
            bump_version(p)
