"""Run one parity case with ``torch`` bound to real PyTorch or to minigrad, and record what it showed.

A record is plain JSON data, so the one recorded from PyTorch 2.13 can be stored
(``fixtures.json``) and compared with minigrad's without torch installed:

* ``stdout``: everything the case printed;
* ``result``: ``repr(result)`` if the case set a variable ``result``, else None;
* ``warnings``: ``[category name, message]`` for each warning, in order;
* ``error``: ``[exception class name, message]`` if the case raised, else None.

Memory addresses (``0x7f...``) are replaced by ``0x...`` everywhere.
"""

import contextlib
import importlib
import io
import re
import warnings

from minigrad.utils import as_torch

ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def normalise(text):
    """``text`` with every memory address written as ``0x...``."""
    return ADDRESS.sub("0x...", text)


def load(module_name):
    """``(torch, nn, F)`` for ``module_name`` ("torch" or "minigrad")."""
    torch = importlib.import_module(module_name)
    return torch, importlib.import_module(module_name + ".nn"), importlib.import_module(module_name + ".nn.functional")


def require_torch_2_13():
    """Skip the calling test unless torch 2.13, the version the fixtures are recorded from, is importable."""
    import pytest

    torch = pytest.importorskip("torch")
    if not torch.__version__.startswith("2.13."):
        pytest.skip(f"fixtures recorded with torch 2.13, this is {torch.__version__}")


def _node_of(x):
    return x.grad_fn if hasattr(x, "requires_grad") else x


def _name(node):
    return None if node is None else node.name()


def nf(x):
    """The ``next_functions`` of a tensor's ``grad_fn`` (or of a node) as ``(name or None, input_nr)`` pairs."""
    return tuple((_name(node), nr) for node, nr in _node_of(x).next_functions)


def show_graph(x):
    """Print the backward graph below a tensor (or node), one node per line, depth first, as
    ``input_nr: name``; AccumulateGrad lines add the leaf's shape."""
    stack = [(0, None, _node_of(x))]
    while stack:
        depth, nr, node = stack.pop()
        label = _name(node)
        if node is not None and hasattr(node, "variable"):
            label += f" {list(node.variable.shape)}"
        print("  " * depth + ("" if nr is None else f"{nr}: ") + str(label))
        if node is not None:
            for child, child_nr in reversed(node.next_functions):
                stack.append((depth + 1, child_nr, child))


def _helpers(torch):
    def report(y, *leaves):
        """Print an op's output, grad_fn name and edges; backpropagate weights 1, 2, 3, ...; print
        each leaf's gradient."""
        print(y)
        print(y.grad_fn.name(), nf(y))
        weights = torch.arange(1, y.numel() + 1).to(y.dtype).reshape(y.shape)
        y.backward(weights)
        for leaf in leaves:
            print(leaf.grad)

    return {"nf": nf, "show_graph": show_graph, "report": report, "attempt": attempt}


def attempt(f):
    """Print ``f()``, or the class and message of the error it raises."""
    try:
        print(f())
    except Exception as e:  # noqa: BLE001 - the error is what the case observes
        print(type(e).__name__, e)


def _reset(torch):
    torch.set_printoptions(profile="default")
    torch.set_printoptions(sci_mode=None)
    torch.set_grad_enabled(True)


def run_case(case, module_name):
    """Execute ``case.code`` with ``torch``, ``nn`` and ``F`` from ``module_name``; return its record."""
    torch, nn, F = load(module_name)
    namespace = {"__name__": f"parity_{case.name}", "torch": torch, "nn": nn, "F": F, **_helpers(torch)}
    out = io.StringIO()
    error = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(out):
            try:
                source = case.code if module_name == "torch" else as_torch.parse(case.code, f"<parity {case.name}>")
                exec(compile(source, f"<parity {case.name}>", "exec"), namespace)
            except Exception as e:  # noqa: BLE001 - the error is what the case observes
                error = [type(e).__name__, normalise(str(e))]
            finally:
                _reset(torch)
    return {
        "stdout": normalise(out.getvalue()),
        "result": normalise(repr(namespace["result"])) if "result" in namespace else None,
        "warnings": [[w.category.__name__, normalise(str(w.message))] for w in caught],
        "error": error,
    }


def write_or_check(path, text, argv):
    """A recorder's last step: with ``--check`` in ``argv``, say whether ``path`` already holds ``text`` (exit
    status 0 if it does); otherwise write ``text`` there."""
    if "--check" in argv:
        same = path.read_text(encoding="utf-8") == text
        print(f"{path.name} matches torch" if same else f"{path.name} differs from torch: record it again")
        return 0 if same else 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0
