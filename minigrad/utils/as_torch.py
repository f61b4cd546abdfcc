"""Running code written for PyTorch on minigrad, with ``import torch`` meaning minigrad.

* :func:`parse` reads source whose ``import torch`` / ``from torch.x import y`` statements import minigrad
  instead (the step-through widget and the parity tests run code this way);
* :func:`install` registers minigrad under the name ``torch`` in ``sys.modules``, so that tools written for
  PyTorch, unmodified (torchviz's ``make_dot``), import minigrad. It hides real torch from that process:
  use it in a process of its own.

minigrad only: these are how minigrad is used as torch, not part of torch's API.
"""

import ast
import importlib
import pkgutil
import sys

import minigrad


def _rename(module):
    if module == "torch" or (module or "").startswith("torch."):
        return "minigrad" + module[len("torch") :]
    return module


class _TorchIsMinigrad(ast.NodeTransformer):
    def visit_Import(self, node):
        names = []
        for alias in node.names:
            new = _rename(alias.name)
            names.append(alias)
            if new != alias.name:
                if alias.asname is None and "." not in alias.name:
                    alias.asname = alias.name  # ``import torch`` binds the name torch
                elif alias.asname is None:  # ``import torch.nn`` binds the name torch too, once torch.nn is loaded
                    names.append(ast.alias("minigrad", "torch"))
                alias.name = new
        node.names = names
        return node

    def visit_ImportFrom(self, node):
        if node.level == 0:
            node.module = _rename(node.module)
        return node


def parse(source, filename="<string>"):
    """The module AST of ``source``, with every ``import torch...`` turned into the same minigrad import."""
    return ast.fix_missing_locations(_TorchIsMinigrad().visit(ast.parse(source, filename)))


def install():
    """Register minigrad and each of its modules as ``torch`` and ``torch.<module>`` in ``sys.modules``."""
    for info in pkgutil.walk_packages(minigrad.__path__, "minigrad."):
        importlib.import_module(info.name)
    for name, module in list(sys.modules.items()):
        if name == "minigrad" or name.startswith("minigrad."):
            sys.modules["torch" + name[len("minigrad") :]] = module
