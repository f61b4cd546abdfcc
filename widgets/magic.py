"""``%%stepthrough``: run a cell as usual (its variables stay in the notebook) and show a GraphStepper."""

from .stepper import GraphStepper


def stepthrough(line, cell):
    """Cell magic body: trace ``cell`` in the user's namespace and return the stepper (displayed by Jupyter).

    ``%%stepthrough step=N`` opens the stepper at step N (1-based; ``step=-1`` for the last step).
    """
    from IPython import get_ipython

    stepper = GraphStepper.from_code(cell, get_ipython().user_ns)
    for arg in line.split():
        key, _, value = arg.partition("=")
        if key == "step" and value.lstrip("-").isdigit():
            n = int(value)
            stepper.step = n - 1 if n > 0 else stepper.num_steps + n
    return stepper


def register(ipython):
    """Register the magic on an IPython shell."""
    ipython.register_magic_function(stepthrough, magic_kind="cell", magic_name="stepthrough")
