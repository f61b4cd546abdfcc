"""``SequentialLR`` and ``ChainedScheduler``: schedulers one after the other, or all at once."""

from bisect import bisect_right

from .base import LRScheduler, _set, _values
from .plateau import ReduceLROnPlateau


def _check_schedulers(kind, optimizer, schedulers):
    """torch's checks of the schedulers SequentialLR and ChainedScheduler are given."""
    for idx, scheduler in enumerate(schedulers):
        if not hasattr(scheduler, "optimizer"):
            raise TypeError(f"{kind} at index {idx} should have `optimizer` as its attribute.")
        if isinstance(scheduler, ReduceLROnPlateau):
            raise ValueError(
                f"{kind} does not support `ReduceLROnPlateau` scheduler as it requires additional kwargs to be "
                f"specified when calling `step`, but got one at index {idx} in the given schedulers sequence."
            )
        if optimizer != scheduler.optimizer:
            raise ValueError(
                f"{kind} expects all schedulers to belong to the same optimizer, but got scheduler "
                f"{scheduler.__class__.__name__} at index {idx} has {scheduler.optimizer}, which is different from "
                f"{optimizer.__class__.__name__}."
            )


def _schedulers_state_dict(self):
    state = {key: value for key, value in self.__dict__.items() if key not in ("optimizer", "_schedulers")}
    state["_schedulers"] = [s.state_dict() for s in self._schedulers]
    return state


def _load_schedulers_state_dict(self, state_dict):
    schedulers = state_dict.pop("_schedulers")
    self.__dict__.update(state_dict)
    state_dict["_schedulers"] = schedulers  # given back, as torch does
    for scheduler, state in zip(self._schedulers, schedulers):
        scheduler.load_state_dict(state)


class SequentialLR(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.SequentialLR(optimizer, schedulers, milestones, last_epoch=-1)``: one
    scheduler after the other, switching at each milestone epoch (where the next one restarts from epoch 0, in its
    closed form if it has one); the schedulers' own first steps are undone."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        kind = self.__class__.__name__
        if len(schedulers) < 1:
            raise ValueError(f"{kind} expects at least one scheduler, but got no scheduler.")
        _check_schedulers(kind, optimizer, schedulers)
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                "Sequential Schedulers expects number of schedulers provided to be one more than the number of "
                f"milestone points, but got number of schedulers {len(schedulers)} and the number of milestones to "
                f"be equal to {len(milestones)}"
            )
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        for group in self.optimizer.param_groups:
            _set(group, "lr", group["initial_lr"])
        self.recursive_undo()
        idx = bisect_right(self._milestones, 0)
        self._schedulers[idx]._initial_step()
        self._last_lr = schedulers[idx].get_last_lr()

    def recursive_undo(self, sched=None):
        """Mirror ``SequentialLR.recursive_undo``: take back the first step of every (nested) scheduler."""
        scheds = self if sched is None else sched
        if hasattr(scheds, "_schedulers"):
            for s in scheds._schedulers:
                self.recursive_undo(s)
        elif hasattr(scheds, "last_epoch"):
            scheds.last_epoch -= 1

    def step(self):
        """Step the scheduler of the current epoch (at a milestone, the next one, from its epoch 0)."""
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler._update_lr(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()

    state_dict = _schedulers_state_dict  # the attributes, and each scheduler's state_dict under "_schedulers"
    load_state_dict = _load_schedulers_state_dict


class ChainedScheduler(LRScheduler):
    """Mirror ``torch.optim.lr_scheduler.ChainedScheduler(schedulers, optimizer=None)``: ``step()`` steps every
    scheduler in turn, so that their changes to the learning rates compound."""

    def __init__(self, schedulers, optimizer=None):
        kind = self.__class__.__name__
        if len(schedulers) < 1:
            raise ValueError(f"{kind} expects at least one scheduler to be chained, but got no scheduler.")
        optimizer = optimizer or schedulers[0].optimizer
        _check_schedulers(kind, optimizer, schedulers)
        self._schedulers = schedulers
        self.optimizer = optimizer
        self._last_lr = _values(self._schedulers[-1].optimizer, "lr")

    def step(self):
        """Step each scheduler."""
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = _values(self._schedulers[-1].optimizer, "lr")

    state_dict = _schedulers_state_dict
    load_state_dict = _load_schedulers_state_dict
