"""Keeps together, under pytest-xdist (``./dev test`` runs the suite on every core with ``--dist loadgroup``), the
tests that must share one process or must not overlap: a notebook's cells run in order in one kernel (nbval),
nbgrader's and torchviz's tests share a module's generated course or graphs, and the browser tests (each starts a
Jupyter server and Chromium) run one after another on one worker, so that two never compete for the CPU within
their timeouts. Everything else is spread one test at a time."""

import importlib.util
import os
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("pinned_kernels", Path(__file__).parent / "tests" / "pinned_kernels.py")
_pinned = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_pinned)
os.environ.update(_pinned.KERNELS)  # before the workers and notebook kernels start (see tests/pinned_kernels.py)

_MODULE_SETUP = {"test_lessons_nbgrader.py", "test_torchviz.py"}  # module-scoped fixtures: set up once
_BROWSER = {"test_stepper_ui_browser.py", "test_widget_browser.py", "test_widget_bundled_browser.py"}


def pytest_itemcollected(item):  # as each test is collected: before xdist reads the marks to group them
    name = item.path.name
    if name in _BROWSER:
        item.add_marker(pytest.mark.xdist_group("browser"))
    elif name.endswith(".ipynb") or name in _MODULE_SETUP:
        item.add_marker(pytest.mark.xdist_group(name))
