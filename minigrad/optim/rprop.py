"""``Rprop``, following torch's ``_single_tensor_rprop`` operation for operation, with its rounding."""

import numpy as np

from ..creation import full_like, zeros_like
from ..tensor import Tensor
from .kernels import addcmul
from .optimizer import Optimizer, step_tensor


class Rprop(Optimizer):
    """Mirror ``torch.optim.Rprop(params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False,
    foreach=None, maximize=False, differentiable=False)``: each weight moves by its own step size, against the sign
    of its gradient; the step grows by ``etas[1]`` while the sign holds, shrinks by ``etas[0]`` when it flips."""

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, capturable=False, foreach=None,
                 maximize=False, differentiable=False):  # fmt: skip
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize,
                        differentiable=differentiable, capturable=capturable)  # fmt: skip
        super().__init__(params, defaults)

    def _update(self, p, grad, state, group):
        """factor = etaplus, etaminus or 1 as sign(g * prev) is 1, -1 or 0; step_size = clamp(step_size * factor);
        where the sign flipped g = 0; p -= sign(g) * step_size; prev = g."""
        etaminus, etaplus = group["etas"]
        step_size_min, step_size_max = group["step_sizes"]
        if not state:
            state["step"] = step_tensor()
            state["prev"] = zeros_like(p)
            state["step_size"] = full_like(p, float(group["lr"]))
        if group["maximize"]:
            grad = -grad
        state["step"]._data += 1
        x, prev, step_size = p._data, state["prev"]._data, state["step_size"]._data
        f = x.dtype.type
        sign = np.sign(grad * prev)
        factor = np.array(sign)  # a copy, and an array where numpy gives a scalar for 0-d operands
        factor[sign > 0] = f(etaplus)
        factor[sign < 0] = f(etaminus)
        factor[sign == 0] = 1
        step_size *= factor
        np.clip(step_size, f(step_size_min), f(step_size_max), out=step_size)
        grad = np.where(factor == f(etaminus), f(0), grad)
        addcmul(x, -1, np.sign(grad), step_size, out=x)
        prev[...] = grad
