"""The base of the schedulers, ``LRScheduler``: each group's ``initial_lr``, the step count, torch's warnings about
the order of ``optimizer.step()`` and ``scheduler.step()``, and ``state_dict``."""

import warnings
from functools import wraps
from weakref import ref

from ...tensor import Tensor
from ...typename import object_repr
from ..optimizer import Optimizer

EPOCH_DEPRECATION_WARNING = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where possible. Please "
    "use `scheduler.step()` to step the scheduler. During the deprecation, if epoch is different from None, the "
    "closed form is used instead of the new chainable form, where available. Please open an issue if you are "
    "unable to replicate your use case: https://github.com/pytorch/pytorch/issues/new/choose."
)
_ORDER = "See more details at https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"


def _values(optimizer, key):
    """``group[key]`` of each parameter group (a tensor cloned, so that it is no alias)."""
    return [g[key].clone() if isinstance(g[key], Tensor) else g[key] for g in optimizer.param_groups]


def _set(group, key, value):
    """torch's ``_update_param_group_val``: ``group[key] = value``, or filled in place if it is a tensor."""
    if isinstance(group[key], Tensor):
        group[key].fill_(value.squeeze() if isinstance(value, Tensor) and value.dim() != 0 else value)
    else:
        group[key] = value


def _format_param(name, optimizer, param):
    """torch's ``_format_param``: one value per parameter group (a tensor cloned) from a value or a list of them."""
    if isinstance(param, (list, tuple)):
        if len(param) != len(optimizer.param_groups):
            raise ValueError(
                f"{name} must have the same length as optimizer.param_groups. {name} has {len(param)} values, "
                f"param_groups has {len(optimizer.param_groups)}."
            )
    else:
        param = [param] * len(optimizer.param_groups)
    return [p.clone() if isinstance(p, Tensor) else p for p in param]


class LRScheduler:
    """Mirror ``torch.optim.lr_scheduler.LRScheduler(optimizer, last_epoch=-1)``: the base of the schedulers.
    It records each group's ``initial_lr`` (``base_lrs``), wraps ``optimizer.step`` to notice the order of the
    calls, and takes its first step at once (``last_epoch`` 0); subclasses define ``get_lr``."""

    __repr__ = object_repr  # torch's class name, as Python prints an object

    _get_lr_called_within_step = False
    _is_initial = False

    def __init__(self, optimizer, last_epoch=-1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                initial_lr = group["lr"]
                group.setdefault("initial_lr", initial_lr.clone() if isinstance(initial_lr, Tensor) else initial_lr)
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(
                        f"param 'initial_lr' is not specified in param_groups[{i}] when resuming scheduler with "
                        "last_epoch >= 0.\nThis typically happens when:\n1. You're trying to resume training from "
                        "a checkpoint but haven't properly loaded the optimizer state\n2. You're using last_epoch "
                        ">= 0 for a fresh training run (not recommended)"
                    )
        self.base_lrs = _values(optimizer, "initial_lr")
        self.last_epoch = last_epoch
        if not hasattr(optimizer.step, "_wrapped_by_lr_sched"):
            optimizer.step = _track_step_called(optimizer)
        self._initial_step()

    def _initial_step(self):
        """torch's ``_initial_step``: reset the step count and take the first step (``_is_initial`` set)."""
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    def state_dict(self):
        """Mirror ``LRScheduler.state_dict``: every attribute but the optimizer."""
        return {key: value for key, value in self.__dict__.items() if key != "optimizer"}

    def load_state_dict(self, state_dict):
        """Mirror ``LRScheduler.load_state_dict``: set the attributes ``state_dict`` holds."""
        self.__dict__.update(state_dict)

    def get_last_lr(self):
        """Mirror ``LRScheduler.get_last_lr``: the learning rates of the last step, one per parameter group."""
        return self._last_lr

    def get_lr(self):
        """The next learning rate of each parameter group; each scheduler defines it."""
        raise NotImplementedError

    def step(self, epoch=None):
        """Mirror ``LRScheduler.step``: advance ``last_epoch`` and set each group's ``lr``, with torch's warning
        when the first call comes before ``optimizer.step()`` (``epoch``, deprecated, uses the closed form)."""
        if self._step_count == 1:
            if not hasattr(self.optimizer.step, "_wrapped_by_lr_sched"):
                warnings.warn(
                    "Seems like `optimizer.step()` has been overridden after learning rate scheduler "
                    "initialization. Please, make sure to call `optimizer.step()` before `lr_scheduler.step()`. "
                    + _ORDER, UserWarning, stacklevel=2,
                )  # fmt: skip
            elif not getattr(self.optimizer, "_opt_called", False):
                warnings.warn(
                    "Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and later, "
                    "you should call them in the opposite order: `optimizer.step()` before `lr_scheduler.step()`.  "
                    "Failure to do this will result in PyTorch skipping the first value of the learning rate "
                    "schedule. " + _ORDER, UserWarning, stacklevel=2,
                )  # fmt: skip
        self._step_count += 1
        if epoch is not None:
            warnings.warn(EPOCH_DEPRECATION_WARNING, UserWarning, stacklevel=2)
        self._update_lr(epoch)

    def _update_lr(self, epoch=None):
        """torch's ``_update_lr``: advance ``last_epoch`` (or set it to ``epoch``, then use the closed form where
        there is one) and set each group's ``lr``."""
        self._get_lr_called_within_step = True
        try:
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:
                self.last_epoch = epoch
                values = self._get_closed_form_lr() if hasattr(self, "_get_closed_form_lr") else self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        for group, lr in zip(self.optimizer.param_groups, values, strict=True):
            _set(group, "lr", lr)
        self._last_lr = _values(self.optimizer, "lr")

    def _warn_outside_step(self):
        """torch's warning when ``get_lr()`` is called by hand."""
        if not self._get_lr_called_within_step:
            warnings.warn("To get the last learning rate computed by the scheduler, please use `get_last_lr()`.",
                          UserWarning, stacklevel=2)  # fmt: skip


def _track_step_called(optimizer):
    """``optimizer.step`` wrapped to set ``optimizer._opt_called`` (torch's ``patch_track_step_called``)."""
    opt_ref = ref(optimizer)
    func = optimizer.step.__func__

    @wraps(func)
    def wrapper(*args, **kwargs):
        opt = opt_ref()
        opt._opt_called = True
        return func.__get__(opt, opt.__class__)(*args, **kwargs)

    wrapper._wrapped_by_lr_sched = True
    return wrapper


class _LRScheduler(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler._LRScheduler``, the base's old name."""
