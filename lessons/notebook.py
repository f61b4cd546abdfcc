"""A check cell run before its answer cell: one sentence instead of a NameError traceback.

``check(..., y_value=y_value)`` stops at ``NameError`` before ``check`` runs when the answer cell above has not
been run, so ``check`` cannot say anything about it. Importing :mod:`lessons` in IPython installs a handler for
NameError (IPython's ``set_custom_exc``) that answers "Not answered yet: ..." when the cell that failed is a
check cell, and shows the usual traceback for every other cell. The cell still counts as failed (nbgrader's
autograde and Run All stop there as before); under nbgrader the usual traceback is shown.
"""

import linecache
import os
import re

_CHECK_CELL = re.compile(r"\s*(?:#[^\n]*\n\s*)*check\s*\(")


def install():
    """Install the handler in the running IPython, if any (a no-op in plain Python)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None or getattr(shell, "custom_exceptions", ()) not in ((), (NameError,)):
        return  # someone else's handler: leave it alone
    shell.set_custom_exc((NameError,), _name_error)


def _name_error(shell, etype, value, tb, tb_offset=None):
    message = None if os.environ.get("NBGRADER_EXECUTION") else not_answered(value, tb)
    if message is None:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
    else:
        print(message)


def not_answered(error, tb):
    """The one-sentence message for ``error`` (a NameError) raised at the top level of a check cell, or None
    when it was raised anywhere else."""
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or tb.tb_frame.f_code.co_name != "<module>":
        return None
    source = "".join(linecache.getlines(tb.tb_frame.f_code.co_filename))
    if not _CHECK_CELL.match(source):
        return None
    name = getattr(error, "name", None) or _quoted_name(str(error))
    if name is None or name == "check":
        return None
    return (f"Not answered yet: {name} is not defined, because the cell that sets it has not run; run the cells "
            "above this one first (Run > Run All Above Selected Cell), then this cell again.")


def _quoted_name(text):
    m = re.search(r"name '(\w+)' is not defined", text)
    return m.group(1) if m else None
