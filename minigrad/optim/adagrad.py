"""``Adagrad``, following torch's ``_single_tensor_adagrad`` operation for operation, with its rounding."""

from ..creation import full_like
from . import kernels
from .kernels import addcdiv, addcmul
from .optimizer import Optimizer, check_fused, check_nonnegative, decay_weight, step_tensor


class Adagrad(Optimizer):
    """Mirror ``torch.optim.Adagrad(params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0,
    eps=1e-10, foreach=None, *, maximize=False)``, with torch's checks of the hyperparameters; as torch's, it
    creates every parameter's state (``step``, ``sum``) when it is made."""

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False, differentiable=False, fused=None):  # fmt: skip
        check_nonnegative(lr=lr, lr_decay=lr_decay, weight_decay=weight_decay,
                          initial_accumulator_value=initial_accumulator_value, eps=eps)  # fmt: skip
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, foreach=foreach, maximize=maximize,
                        differentiable=differentiable, fused=fused)  # fmt: skip
        super().__init__(params, defaults)
        check_fused(fused, foreach, differentiable)
        for group in self.param_groups:
            for p in group["params"]:
                self._init_state(p, self.state[p], initial_accumulator_value)

    @staticmethod
    def _init_state(p, state, initial_accumulator_value):
        state["step"] = step_tensor()
        state["sum"] = full_like(p, initial_accumulator_value)

    def _update(self, p, grad, state, group):
        """sum += g * g; p -= lr / (1 + (step - 1) * lr_decay) * g / (sqrt(sum) + eps)."""
        if not state:  # a parameter group added later: its state is made on its first step, as torch's is
            self._init_state(p, state, self.defaults["initial_accumulator_value"])
        state["step"]._data += 1
        step = state["step"].item()
        if group["maximize"]:
            grad = -grad
        x = p._data
        grad = decay_weight(p, grad, group)
        clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
        total = state["sum"]._data
        addcmul(total, 1, grad, grad, out=total)
        std = kernels.sqrt(total)
        std += std.dtype.type(group["eps"])
        addcdiv(x, -clr, grad, std, out=x)
