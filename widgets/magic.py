"""``%%stepthrough``: run a cell as usual (its variables stay in the notebook) and show a GraphStepper."""

import sys

from .layout import LayoutError
from .stepper import GraphStepper, StepperTooLarge
from .trace import FILENAME, LOOPS

USAGE = ("%%stepthrough takes step=N (the step shown first; -1 for the last), loops=N (loop iterations stepped "
         "one by one) and errors=show (the cell's error is the last step and the cell does not fail)")  # fmt: skip


def stepthrough(line, cell):
    """Cell magic body: trace ``cell`` in the user's namespace and show the stepper.

    ``%%stepthrough step=N`` opens the stepper at step N (1-based; ``step=-1`` for the last step);
    ``loops=N`` steps N iterations of each top-level loop line by line (default 3); if the cell raises, the
    stepper shows the error as its last step and the cell then raises it, as a cell would, unless
    ``errors=show`` (a lesson showing an error on purpose).
    """
    __tracebackhide__ = True  # IPython leaves this frame out of the traceback of the cell's own error
    from IPython import get_ipython
    from IPython.display import display

    options = _options(line)
    if options is None:
        print(USAGE, file=sys.stderr)
        return None
    stepper = None
    try:
        stepper = GraphStepper.from_code(cell, get_ipython().user_ns, loops=options.get("loops", LOOPS))
        error = stepper.error
    except (StepperTooLarge, LayoutError) as exc:
        # one sentence, and the cell does not fail for it (a Run All goes on): the code itself ran
        drawing = isinstance(exc, LayoutError)
        print(f"%%stepthrough ran the cell but cannot draw its graph: {exc}" if drawing else exc, file=sys.stderr)
        error = exc.code_error  # the code's own error still fails the cell
    if stepper is not None:
        step = options.get("step")
        if step is not None:
            stepper.step = step - 1 if step > 0 else stepper.num_steps + step
    if error is None or options.get("errors") == "show":
        return stepper
    if stepper is not None:
        display(stepper)
    raise error.with_traceback(None if isinstance(error, SyntaxError) else _from_the_cell(error.__traceback__))


def _options(line):
    """``{"step": int, "loops": int, "errors": "show"}`` from the magic's line; None if it does not parse."""
    options = {}
    for arg in line.split():
        key, _, value = arg.partition("=")
        if key in ("step", "loops") and value.lstrip("-").isdigit():
            options[key] = int(value)
        elif key == "errors" and value in ("show", "raise"):
            options[key] = value
        else:
            return None
    if options.get("loops", 1) < 1:
        return None
    return options


def _from_the_cell(tb):
    """The traceback from the cell's own code on, without the tracer's frames."""
    first = tb
    while tb is not None and tb.tb_frame.f_code.co_filename != FILENAME:
        tb = tb.tb_next
    return tb or first


def register(ipython):
    """Register the magic on an IPython shell."""
    ipython.register_magic_function(stepthrough, magic_kind="cell", magic_name="stepthrough")
