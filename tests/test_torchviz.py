"""The unmodified ``torchviz`` package (a real client written for PyTorch) draws minigrad's graphs exactly as
it draws torch's: for every graph of ``tests/torchviz_graphs.py``, the DOT source ``torchviz.make_dot`` writes
with minigrad registered as ``torch`` equals the one recorded from torch 2.13 (``tests/torchviz_fixture.json``),
node ids normalised. Re-record with torch installed: ``.venv/bin/python tests/torchviz_graphs.py torch --record``.
"""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
FIXTURE = json.loads((HERE / "torchviz_fixture.json").read_text())
NAMES = sorted(FIXTURE["graphs"])


def _draw(backend):
    """The graphs drawn in a process of its own (registering minigrad as torch hides real torch)."""
    if importlib.util.find_spec("torchviz") is None:
        pytest.fail("torchviz is missing: pip install --no-deps -r tests/requirements-nodeps.txt (./dev does)")
    done = subprocess.run([sys.executable, str(HERE / "torchviz_graphs.py"), backend], capture_output=True,
                          text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def minigrad_graphs():
    return _draw("minigrad")


def test_fixture_covers_the_graphs():
    sys.path.insert(0, str(HERE))
    from torchviz_graphs import GRAPHS

    assert sorted(GRAPHS) == NAMES, "re-record: .venv/bin/python tests/torchviz_graphs.py torch --record"
    assert FIXTURE["torch_version"].startswith("2.13.") and len(NAMES) >= 10
    assert not any(g.startswith(("AttributeError", "TypeError", "RuntimeError")) for g in FIXTURE["graphs"].values())


@pytest.mark.parametrize("name", NAMES)
def test_torchviz_draws_minigrad_as_torch(minigrad_graphs, name):
    assert minigrad_graphs[name] == FIXTURE["graphs"][name]


def test_torch_reproduces_fixture():
    """Live: the fixture is what this torch draws now (skipped, not passed, without torch 2.13)."""
    torch = pytest.importorskip("torch")
    if not torch.__version__.startswith("2.13."):
        pytest.skip(f"fixture recorded with torch 2.13, this is {torch.__version__}")
    assert _draw("torch") == FIXTURE["graphs"]
