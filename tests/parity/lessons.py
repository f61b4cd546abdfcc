"""The lessons under PyTorch: each lesson run with its minigrad imports replaced by PyTorch's (``IMPORTS``), and
the text every code cell printed recorded into ``tests/parity/lessons_torch.json``.
``tests/test_lessons_under_torch.py`` checks, without torch, that the text each cell stores in the committed
notebook (minigrad's, which nbval reproduces) is that text: what the README and lesson 10 promise ("every text
cell prints the same after replacing the imports").

Cells that use what only minigrad has (the stepper, ``draw_graph``, minigrad's ``make_dot`` drawing and its
TensorBoard writer, whose differences lesson 10 lists) are left out, by :func:`minigrad_only`.

Record with torch 2.13 and torchviz installed (a few minutes: every lesson runs in a Jupyter kernel)::

    .venv/bin/python tests/parity/lessons.py [--check]
"""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from parity.run import write_or_check  # noqa: E402

FIXTURE = Path(__file__).with_name("lessons_torch.json")
IMPORTS = [  # minigrad's import -> PyTorch's, as lesson 10's "In PyTorch" section says
    ("import minigrad as torch", "import torch"),
    ("from minigrad import nn", "from torch import nn"),
    ("from minigrad.viz import make_dot", "from torchviz import make_dot"),
    ("from minigrad.utils.tensorboard import", "from torch.utils.tensorboard import"),
]
MINIGRAD_ONLY = re.compile(r"stepthrough|GraphStepper|draw_graph|make_dot|minigrad|SummaryWriter|EventFileLoader")
VOLATILE = [  # what changes from run to run: addresses and the kernel's file names for cells
    (re.compile(r"0x[0-9a-f]+"), "0x…"),
    (re.compile(r"/tmp/ipykernel_\d+/\d+\.py"), "<cell>"),
]


def notebooks():
    """The lessons, in order."""
    return sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def under_torch(source):
    """A cell's source with minigrad's imports replaced by PyTorch's."""
    for ours, theirs in IMPORTS:
        source = source.replace(ours, theirs)
    return source


def minigrad_only(source):
    """Whether a cell (its source, imports replaced) uses what only minigrad has, so PyTorch prints otherwise."""
    return bool(MINIGRAD_ONLY.search(under_torch(source)))


def printed(cell):
    """The text a code cell showed (streams, plain-text results, errors as ``Name: message``), run-independent."""
    parts = []
    for out in cell.get("outputs", []):
        if out["output_type"] == "stream":
            parts.append(out["text"])
        elif out["output_type"] in ("execute_result", "display_data"):
            parts.append(out.get("data", {}).get("text/plain", ""))
        elif out["output_type"] == "error":
            parts.append(f"{out['ename']}: {out['evalue']}")
    text = "".join(p if isinstance(p, str) else "".join(p) for p in parts)
    for pattern, replacement in VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def compared_cells(nb):
    """``{cell index: cell}`` of the code cells whose text is compared with PyTorch's."""
    return {i: c for i, c in enumerate(nb.cells) if c.cell_type == "code" and not minigrad_only(c.source)}


def record():
    """``{"torch_version": ..., "notebooks": {stem: {cell index: text}}}``, every lesson run under torch."""
    import nbformat
    import torch
    from nbclient import NotebookClient

    result = {}
    for path in notebooks():
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.source = under_torch(cell.source)
        client = NotebookClient(nb, timeout=300, allow_errors=True, resources={"metadata": {"path": str(path.parent)}})
        client.execute()
        result[path.stem] = {str(i): printed(c) for i, c in compared_cells(nb).items()}
        print(f"{path.stem}: {len(result[path.stem])} cells", file=sys.stderr)
    return {"torch_version": torch.__version__, "notebooks": result}


def main(argv):
    return write_or_check(FIXTURE, json.dumps(record(), indent=1, ensure_ascii=False, sort_keys=True) + "\n", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
