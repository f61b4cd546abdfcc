"""The schedulers that decay the learning rate by a rule of the epoch, each step scaling the optimizer's current
``group["lr"]`` by torch's recurrence (and ``step(epoch)`` by its closed form): LambdaLR, MultiplicativeLR, StepLR,
MultiStepLR, ExponentialLR, CosineAnnealingLR, ConstantLR, LinearLR and PolynomialLR."""

import math
import types
from bisect import bisect_right
from collections import Counter

from .base import LRScheduler, _values


class LambdaLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda, last_epoch=-1)``: lr = initial lr times
    ``lr_lambda(epoch)`` (one function, or a list with one per parameter group)."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.optimizer = optimizer
        if not isinstance(lr_lambda, (list, tuple)):
            self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
        else:
            if len(lr_lambda) != len(optimizer.param_groups):
                raise ValueError(f"Expected {len(optimizer.param_groups)} lr_lambdas, but got {len(lr_lambda)}")
            self.lr_lambdas = list(lr_lambda)
        super().__init__(optimizer, last_epoch)

    def state_dict(self):
        """Mirror ``LambdaLR.state_dict``: functions and lambdas are saved as None, callable objects by their
        ``__dict__``."""
        state = {key: value for key, value in self.__dict__.items() if key not in ("optimizer", "lr_lambdas")}
        state["lr_lambdas"] = [None if isinstance(fn, types.FunctionType) else fn.__dict__.copy()
                               for fn in self.lr_lambdas]  # fmt: skip
        return state

    def load_state_dict(self, state_dict):
        """Mirror ``LambdaLR.load_state_dict``."""
        lr_lambdas = state_dict.pop("lr_lambdas")
        self.__dict__.update(state_dict)
        state_dict["lr_lambdas"] = lr_lambdas
        for idx, fn in enumerate(lr_lambdas):
            if fn is not None:
                self.lr_lambdas[idx].__dict__.update(fn)

    def get_lr(self):
        """base_lr * lr_lambda(last_epoch)."""
        self._warn_outside_step()
        return [base_lr * lmbda(self.last_epoch) for lmbda, base_lr in zip(self.lr_lambdas, self.base_lrs, strict=True)]


class StepLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.StepLR(optimizer, step_size, gamma=0.1, last_epoch=-1)``: lr times
    ``gamma`` every ``step_size`` epochs."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        """The current lr, times gamma at a non-zero multiple of step_size."""
        self._warn_outside_step()
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return _values(self.optimizer, "lr")
        return [group["lr"] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs]


class MultiStepLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones, gamma=0.1, last_epoch=-1)``: lr times
    ``gamma`` at each milestone epoch."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        """The current lr, times gamma ** (times last_epoch is a milestone)."""
        self._warn_outside_step()
        if self.last_epoch not in self.milestones:
            return _values(self.optimizer, "lr")
        return [group["lr"] * self.gamma ** self.milestones[self.last_epoch] for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        milestones = sorted(self.milestones.elements())
        return [base_lr * self.gamma ** bisect_right(milestones, self.last_epoch) for base_lr in self.base_lrs]


class ExponentialLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma, last_epoch=-1)``: lr times ``gamma``
    every epoch."""

    def __init__(self, optimizer, gamma, last_epoch=-1):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        """The current lr times gamma (unchanged at the scheduler's first, initial step)."""
        self._warn_outside_step()
        if self._is_initial:
            return _values(self.optimizer, "lr")
        return [group["lr"] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma**self.last_epoch for base_lr in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max, eta_min=0.0, last_epoch=-1)``: torch's
    recurrence for ``eta_min + (base_lr - eta_min) * (1 + cos(pi * epoch / T_max)) / 2``."""

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):  # noqa: N803 - torch's name
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        """torch's recurrence: the closed form when resuming, a fixed step past each T_max, else a ratio of
        cosines times the current lr."""
        self._warn_outside_step()
        groups, pi, t = self.optimizer.param_groups, math.pi, self.last_epoch
        if self._is_initial:
            return _values(self.optimizer, "lr")
        if self._step_count == 1 and t > 0:
            return [self.eta_min + (base_lr - self.eta_min) * (1 + math.cos(t * pi / self.T_max)) / 2
                    for base_lr, group in zip(self.base_lrs, groups, strict=True)]  # fmt: skip
        if (t - 1 - self.T_max) % (2 * self.T_max) == 0:
            return [group["lr"] + (base_lr - self.eta_min) * (1 - math.cos(pi / self.T_max)) / 2
                    for base_lr, group in zip(self.base_lrs, groups, strict=True)]  # fmt: skip
        return [(1 + math.cos(pi * t / self.T_max)) / (1 + math.cos(pi * (t - 1) / self.T_max))
                * (group["lr"] - self.eta_min) + self.eta_min for group in groups]  # fmt: skip

    def _get_closed_form_lr(self):
        return [self.eta_min + (base_lr - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for base_lr in self.base_lrs]  # fmt: skip


class MultiplicativeLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.MultiplicativeLR(optimizer, lr_lambda, last_epoch=-1)``: each step
    multiplies the current lr by ``lr_lambda(epoch)`` (one function, or a list with one per parameter group)."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.optimizer = optimizer
        if not isinstance(lr_lambda, (list, tuple)):
            self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
        else:
            if len(lr_lambda) != len(optimizer.param_groups):
                raise ValueError(f"Expected {len(optimizer.param_groups)} lr_lambdas, but got {len(lr_lambda)}")
            self.lr_lambdas = list(lr_lambda)
        for fn in self.lr_lambdas:
            if not callable(fn):
                raise TypeError(f"lr_lambda should be a function, but got {type(fn).__name__}")
        super().__init__(optimizer, last_epoch)

    state_dict = LambdaLR.state_dict  # torch's are the same: functions saved as None, callable objects' __dict__
    load_state_dict = LambdaLR.load_state_dict

    def get_lr(self):
        """The current lr times lr_lambda(last_epoch) (unchanged at the scheduler's first, initial step)."""
        self._warn_outside_step()
        if self._is_initial:
            return _values(self.optimizer, "lr")
        groups = self.optimizer.param_groups
        return [group["lr"] * lmbda(self.last_epoch) for lmbda, group in zip(self.lr_lambdas, groups, strict=True)]


class ConstantLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.ConstantLR(optimizer, factor=1/3, total_iters=5, last_epoch=-1)``: lr times
    ``factor`` until epoch ``total_iters``, where it is divided by ``factor`` again (``lr * (1.0 / factor)``)."""

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        """The current lr times factor at epoch 0, times 1 / factor at total_iters, else unchanged."""
        self._warn_outside_step()
        if self.last_epoch == 0:
            return [group["lr"] * self.factor for group in self.optimizer.param_groups]
        if self.last_epoch != self.total_iters:
            return _values(self.optimizer, "lr")
        return [group["lr"] * (1.0 / self.factor) for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))
                for base_lr in self.base_lrs]  # fmt: skip


class LinearLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=1/3, end_factor=1.0, total_iters=5,
    last_epoch=-1)``: the factor of the initial lr goes linearly from ``start_factor`` to ``end_factor`` over
    ``total_iters`` epochs, by torch's recurrence ``lr *= 1 + (end - start) / (total_iters * start + (epoch - 1) *
    (end - start))``."""

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and less or equal to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        """torch's recurrence: lr times start_factor at epoch 0, then the ratio of consecutive factors."""
        self._warn_outside_step()
        if self.last_epoch == 0:
            return [group["lr"] * self.start_factor for group in self.optimizer.param_groups]
        if self._is_initial or self.last_epoch > self.total_iters:
            return _values(self.optimizer, "lr")
        change = self.end_factor - self.start_factor
        return [group["lr"] * (1.0 + change / (self.total_iters * self.start_factor + (self.last_epoch - 1) * change))
                for group in self.optimizer.param_groups]  # fmt: skip

    def _get_closed_form_lr(self):
        return [base_lr * (self.start_factor + (self.end_factor - self.start_factor)
                           * min(self.total_iters, self.last_epoch) / self.total_iters)
                for base_lr in self.base_lrs]  # fmt: skip


class PolynomialLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.PolynomialLR(optimizer, total_iters=5, power=1.0, last_epoch=-1)``: torch's
    recurrence for ``base_lr * (1 - epoch / total_iters) ** power``, unchanged after ``total_iters``."""

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        """The current lr times ((1 - t / total_iters) / (1 - (t - 1) / total_iters)) ** power."""
        self._warn_outside_step()
        if self._is_initial or self.last_epoch > self.total_iters:
            return _values(self.optimizer, "lr")
        decay_factor = ((1.0 - self.last_epoch / self.total_iters)
                        / (1.0 - (self.last_epoch - 1) / self.total_iters)) ** self.power  # fmt: skip
        return [group["lr"] * decay_factor for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * (1.0 - min(self.total_iters, self.last_epoch) / self.total_iters) ** self.power
                for base_lr in self.base_lrs]  # fmt: skip
