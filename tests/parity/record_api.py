"""Record the public names of PyTorch's modules and of ``torch.Tensor`` into ``minigrad/torch_api.json``, which
:mod:`minigrad.torch_api` reads to tell a learner that a name they used is PyTorch's but not minigrad's.

Run with torch 2.13 installed (``pip install torch==2.13.0`` takes the local CPU wheel)::

    .venv/bin/python tests/parity/record_api.py [--check]

``--check`` compares with the stored file instead of writing it (``tests/test_torch_api.py`` does that too
when torch is importable).
"""

import importlib
import inspect
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from parity.run import write_or_check  # noqa: E402

FILE = Path(__file__).resolve().parents[2] / "minigrad" / "torch_api.json"
CLASSES = ("torch.Tensor", "torch.nn.Module")  # the rest are modules
OWNERS = ("torch", "torch.Tensor", "torch.nn", "torch.nn.Module", "torch.nn.functional", "torch.nn.init",
          "torch.optim", "torch.autograd", "torch.linalg", "torch.utils.data",
          "torch.nn.utils", "torch.optim.lr_scheduler")


def _own(value):
    """Not a module torch merely imports for itself (``math`` in torch.nn.functional); torch's own submodules
    (``torch.autograd.functional``, ``torch.nn.init``) are API."""
    return not inspect.ismodule(value) or value.__name__.startswith("torch.")


def record():
    """``{"torch_version": ..., "names": {owner: [public name, ...]}}`` from the torch that is installed."""
    import torch

    names = {}
    for owner in OWNERS:
        module, _, attribute = owner.rpartition(".") if owner in CLASSES else (owner, "", "")
        obj = getattr(importlib.import_module(module), attribute) if attribute else importlib.import_module(owner)
        names[owner] = sorted(n for n in dir(obj) if not n.startswith("_") and _own(getattr(obj, n)))
    return {"torch_version": torch.__version__, "names": names}


def dump(data):
    """The record as stable JSON text, one owner per line."""
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in data["names"].items()]
    return '{"torch_version": ' + json.dumps(data["torch_version"]) + ', "names": {\n' + ",\n".join(lines) + "\n}}\n"


def main(argv):
    return write_or_check(FILE, dump(record()), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
