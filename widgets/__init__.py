"""The step-through widget: ``GraphStepper`` and the ``%%stepthrough`` cell magic (``%load_ext widgets``)."""

from .stepper import GraphStepper, StepperTooLarge

__all__ = ["GraphStepper", "StepperTooLarge", "load_ipython_extension"]


def load_ipython_extension(ipython):
    """``%load_ext widgets``: register the ``%%stepthrough`` cell magic."""
    from .magic import register

    register(ipython)
