"""Names PyTorch has that minigrad lacks: a learner's ``torch.trace(a)`` under ``import minigrad as torch`` says
that ``trace`` is PyTorch's and not minigrad's, instead of reading like a typo.

The public names of torch 2.13's modules and of ``torch.Tensor`` are recorded in ``torch_api.json`` (by
``tests/parity/record_api.py``). A missing attribute still raises ``AttributeError`` with Python's own words
first (``hasattr`` and ``getattr(x, name, default)`` work as before, and Python's "Did you mean" still
suggests a close name); only a name torch has gets the sentence after them.
"""

import json
from functools import cache
from pathlib import Path

API_LIST = "docs/beginner_api.md"  # where the README lists what minigrad implements


@cache
def torch_names():
    """``{owner: frozenset of public names}``, owner being ``torch``, ``torch.Tensor``, ``torch.nn``..."""
    data = json.loads(Path(__file__).with_name("torch_api.json").read_text(encoding="utf-8"))
    return {owner: frozenset(names) for owner, names in data["names"].items()}


def missing(owner, name, obj, message):
    """The AttributeError for ``name``, not found on ``obj`` (``owner`` is the torch name of what ``obj``
    stands for, such as ``torch.nn``): Python's ``message``, and, if torch has the name, that minigrad
    does not implement it."""
    if not name.startswith("_") and name in torch_names().get(owner, ()):
        message += (f": PyTorch has {owner}.{name} but minigrad does not (minigrad's API: {API_LIST}); run this"
                    " code with `import torch` to use it")  # fmt: skip
    return AttributeError(message, name=name, obj=obj)


def module_getattr(module_name, owner):
    """A module-level ``__getattr__`` for the minigrad module ``module_name`` standing for torch's ``owner``."""
    import sys

    def __getattr__(name):
        raise missing(owner, name, sys.modules[module_name], f"module '{module_name}' has no attribute '{name}'")

    return __getattr__
